#include "tst-cancel6.c"
