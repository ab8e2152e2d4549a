#include "tst-cancel16.c"
