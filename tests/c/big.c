/* Globals larger than the symmetric heap: SHMEM_SYMMETRIC_SIZE (shmemrun --heap-size) is the
 * heap's size, and the globals come beside it; they are symmetric like any other (a put into
 * the last byte), and the heap still holds an allocation of the MiB given as the argument. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

static char big[48 << 20];

int main(int argc, char **argv) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_char_p(&big[sizeof big - 1], (char)(me + 1), (me + 1) % npes);
    shmem_barrier_all();
    if (big[sizeof big - 1] != (char)((me + npes - 1) % npes + 1)) {
        printf("FAIL PE %d: last byte %d\n", me, big[sizeof big - 1]);
        return 1;
    }
    size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 0;
    char *heap = shmem_malloc(mib << 20);
    if (mib > 0 && heap == NULL) {
        printf("FAIL PE %d: the heap does not hold %zu MiB\n", me, mib);
        return 1;
    }
    shmem_free(heap);
    shmem_finalize();
    if (me == 0) printf("big ok on %d PEs\n", npes);
    return 0;
}
