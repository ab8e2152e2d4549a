#include "tst-cancel12.c"
