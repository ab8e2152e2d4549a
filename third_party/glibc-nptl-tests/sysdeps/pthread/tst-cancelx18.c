#include "tst-cancel18.c"
