/* Globals larger than a small partition: with enough symmetric memory they are symmetric
 * like any other (a put into the last byte); with too little, shmem_init says how much. */
#include <shmem.h>
#include <stdio.h>

static char big[48 << 20];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_char_p(&big[sizeof big - 1], (char)(me + 1), (me + 1) % npes);
    shmem_barrier_all();
    if (big[sizeof big - 1] != (char)((me + npes - 1) % npes + 1)) {
        printf("FAIL PE %d: last byte %d\n", me, big[sizeof big - 1]);
        return 1;
    }
    shmem_finalize();
    if (me == 0) printf("big ok on %d PEs\n", npes);
    return 0;
}
