#include "tst-cancel20.c"
