// LD_PRELOAD counter of heap allocations, for scripts/bench: counts malloc,
// calloc, realloc and posix_memalign calls and the bytes asked for, and writes
// "allocations=N bytes=B" to stderr at exit. Two runs that differ only in the
// work done give allocations per unit of work by difference.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_ulong calls, bytes;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_memalign)(void **, size_t, size_t);

// dlsym may call calloc before real_calloc is known: serve it from a static pool.
static char pool[4096];
static size_t pool_used;

void *malloc(size_t size) {
    if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
    atomic_fetch_add(&calls, 1); atomic_fetch_add(&bytes, size);
    return real_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (!real_calloc) {
        static int resolving;
        if (resolving) { void *p = pool + pool_used; pool_used += (count * size + 15) & ~15UL; return p; }
        resolving = 1; real_calloc = dlsym(RTLD_NEXT, "calloc"); resolving = 0;
    }
    atomic_fetch_add(&calls, 1); atomic_fetch_add(&bytes, count * size);
    return real_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
    atomic_fetch_add(&calls, 1); atomic_fetch_add(&bytes, size);
    return real_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!real_memalign) real_memalign = dlsym(RTLD_NEXT, "posix_memalign");
    atomic_fetch_add(&calls, 1); atomic_fetch_add(&bytes, size);
    return real_memalign(out, alignment, size);
}

void free(void *pointer) {
    static void (*real_free)(void *);
    if ((char *)pointer >= pool && (char *)pointer < pool + sizeof pool) return;
    if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
    real_free(pointer);
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "allocations=%lu bytes=%lu\n", atomic_load(&calls), atomic_load(&bytes));
}
