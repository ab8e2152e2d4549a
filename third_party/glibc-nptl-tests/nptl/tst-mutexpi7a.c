#define ENABLE_PI 1
#include "tst-mutex7a.c"
