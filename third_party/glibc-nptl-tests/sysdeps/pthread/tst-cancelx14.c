#include "tst-cancel14.c"
