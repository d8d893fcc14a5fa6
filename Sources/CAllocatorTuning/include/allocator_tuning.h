#ifndef UNDERSTUDY_ALLOCATOR_TUNING_H
#define UNDERSTUDY_ALLOCATOR_TUNING_H

#include <stddef.h>

/// Asks the C allocator to keep up to `bytes` of freed memory at the top of a
/// heap instead of returning it to the system (glibc's M_TRIM_THRESHOLD).
/// Returns 1 when the allocator accepted it, 0 when it has no such setting.
int c_allocator_keep_freed_memory(size_t bytes);

#endif
