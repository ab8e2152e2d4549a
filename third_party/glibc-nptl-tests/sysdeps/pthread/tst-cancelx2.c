#include "tst-cancel2.c"
