/* A PE that ends normally without shmem_finalize is finalized at exit (the specification's
 * implicit finalize), however many initializations remain open; one that exits with a non-zero
 * status is not, and fails the job with that status. Modes: `return` (return from main),
 * `exit` (exit(0) from a function), `nested` (shmem_init twice, shmem_finalize once), `fail`
 * (PE 0 calls exit(3) without finalizing), `leave` (PE 0 returns while the others wait for
 * its put, which never comes: the job fails, it does not hang). The driver checks the job's
 * status. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long x;

static void leave(void) { exit(0); }

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    if (!strcmp(mode, "nested")) shmem_init();
    if (!strcmp(mode, "leave")) {
        static long never;
        if (me == 0) return 0;
        shmem_long_wait_until(&never, SHMEM_CMP_EQ, 1);
    }
    /* Some work that needs every PE: each puts its number + 1 into the next PE's x. */
    shmem_long_p(&x, me + 1, (me + 1) % npes);
    shmem_barrier_all();
    long want = (me + npes - 1) % npes + 1;
    if (x != want) {
        printf("FAIL %d: x %ld, want %ld\n", me, x, want);
        return 1;
    }
    if (!strcmp(mode, "nested")) {
        shmem_finalize(); /* one of two: still initialized */
        int on = 0;
        shmem_query_initialized(&on);
        if (!on) {
            printf("FAIL %d: not initialized after 1 of 2 finalizes\n", me);
            return 1;
        }
    }
    if (me == 0) printf("atexit ok on %d PEs\n", npes);
    fflush(stdout);
    if (!strcmp(mode, "fail") && me == 0) exit(3);
    if (!strcmp(mode, "exit")) leave();
    return 0;
}
