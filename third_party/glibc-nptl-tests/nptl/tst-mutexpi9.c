#define ENABLE_PI 1
#include "tst-mutex9.c"
