#define ENABLE_PP 1
#include "tst-mutex9.c"
