#define ENABLE_PP 1
#include "tst-mutex5.c"
