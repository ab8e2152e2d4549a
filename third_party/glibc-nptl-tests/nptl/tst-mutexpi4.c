#define ENABLE_PI 1
#include "tst-mutex4.c"
