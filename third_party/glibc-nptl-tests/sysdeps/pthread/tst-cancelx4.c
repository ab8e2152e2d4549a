#include "tst-cancel4.c"
