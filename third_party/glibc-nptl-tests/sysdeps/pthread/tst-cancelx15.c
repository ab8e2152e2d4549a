#include "tst-cancel15.c"
