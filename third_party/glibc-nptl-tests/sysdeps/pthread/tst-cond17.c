#define UNLOCK_AFTER_BROADCAST 1
#include "tst-cond16.c"
