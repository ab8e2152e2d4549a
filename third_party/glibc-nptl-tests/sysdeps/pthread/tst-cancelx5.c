#include "tst-cancel5.c"
