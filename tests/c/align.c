/* shmem_align returns an address aligned as an address, on every PE, for alignments from
 * 16 bytes to 2 MiB (the heap's base is less aligned than the larger ones in general); each
 * block is symmetric (a put to the next PE's copy lands in the last byte). */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), fails = 0;
    /* A small block first, so that the heap's next free offset is not itself aligned. */
    char *pad = shmem_malloc(24);
    for (size_t a = 16; a <= ((size_t)2 << 20); a *= 4) {
        char *p = shmem_align(a, 100);
        if (p == NULL || (uintptr_t)p % a != 0) {
            printf("FAIL %d: shmem_align(%zu) gave %p\n", me, a, (void *)p);
            fails++;
            continue;
        }
        p[99] = 0;
        shmem_barrier_all();
        shmem_char_p(&p[99], (char)(me + 1), (me + 1) % npes);
        shmem_barrier_all();
        if (p[99] != (char)((me + npes - 1) % npes + 1)) {
            printf("FAIL %d: alignment %zu, last byte %d\n", me, a, p[99]);
            fails++;
        }
        shmem_free(p);
    }
    shmem_free(pad);
    if (me == 0 && fails == 0) printf("align ok on %d PEs\n", npes);
    shmem_finalize();
    return fails != 0;
}
