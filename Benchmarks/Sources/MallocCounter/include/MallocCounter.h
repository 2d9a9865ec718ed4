#include <stdint.h>
/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) so far.
uint64_t malloc_counter_total(void);
