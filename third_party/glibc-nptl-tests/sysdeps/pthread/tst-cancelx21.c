#include "tst-cancel21.c"
