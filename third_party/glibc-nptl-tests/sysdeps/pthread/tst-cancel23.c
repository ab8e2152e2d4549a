#include "tst-cancel22.c"
