#include "tst-cancel10.c"
