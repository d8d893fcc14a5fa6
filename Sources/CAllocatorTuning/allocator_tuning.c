#include "allocator_tuning.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int
c_allocator_keep_freed_memory(size_t bytes)
{
#if defined(__GLIBC__)
    return mallopt(M_TRIM_THRESHOLD, (int) (bytes > (size_t) 0x7fffffff ? 0x7fffffff : bytes));
#else
    (void) bytes;
    return 0;
#endif
}
