#include "tst-cancel17.c"
