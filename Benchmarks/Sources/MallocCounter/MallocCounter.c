// Counts heap allocations by interposing the allocator entry points and forwarding to glibc.
#define _GNU_SOURCE
#include "MallocCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__linux__)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static uint64_t counter;

uint64_t malloc_counter_total(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }

void *malloc(size_t size) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); return __libc_realloc(p, size); }
void *aligned_alloc(size_t alignment, size_t size) { __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
#else
uint64_t malloc_counter_total(void) { return 0; }
#endif
