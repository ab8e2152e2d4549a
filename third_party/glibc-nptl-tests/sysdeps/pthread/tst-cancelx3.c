#include "tst-cancel3.c"
