#include <la64rt.h>
