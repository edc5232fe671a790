/* Included before a test program (`shmemcc -include multiple.h`) to run it at
 * SHMEM_THREAD_MULTIPLE: its shmem_init becomes shmem_init_thread(SHMEM_THREAD_MULTIPLE), so
 * every call takes the library's thread paths (tests/c_abi.rs, the `*_multiple` trials).
 * Included first, so it asks for the POSIX clocks the programs use and setenv (inline.c). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200112L
#endif
#include <shmem.h>
#include <stdlib.h>
static inline void shmem_init_multiple_(void) {
    int l = -1;
    shmem_init_thread(SHMEM_THREAD_MULTIPLE, &l);
    if (l != SHMEM_THREAD_MULTIPLE) abort();
}
#define shmem_init() shmem_init_multiple_()
