#define ENABLE_PI 1
#include "tst-mutex5.c"
