#include "tst-cancel13.c"
