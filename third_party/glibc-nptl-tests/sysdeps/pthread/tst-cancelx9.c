#include "tst-cancel9.c"
