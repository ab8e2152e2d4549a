#include "tst-cancel8.c"
