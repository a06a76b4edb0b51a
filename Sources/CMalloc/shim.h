#include <malloc.h>
#include <stddef.h>

#ifdef __linux__
/* mremap(2) is declared by <sys/mman.h> only under _GNU_SOURCE, which the C library module is
   not built with; it is variadic, which Swift cannot call, hence the wrapper. */
extern void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);

/* Resizes a mapping; may move it when `may_move` is not 0. MAP_FAILED when it cannot. */
static inline void *hammock_mremap(void *old_address, size_t old_size, size_t new_size, int may_move) {
    return mremap(old_address, old_size, new_size, may_move ? 1 /* MREMAP_MAYMOVE */ : 0);
}
#endif
