#include "tst-cancel7.c"
