#include "tst-cancel11.c"
