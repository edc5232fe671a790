/* The specification's lock example (shmem_set_lock): every PE increments a counter on PE 0
 * under the lock, many times; plus test_lock and wait_until. */
#include <shmem.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define ITERS 200

long lock = 0;
static int count = 0;
static long flag;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    for (int i = 0; i < ITERS; i++) {
        shmem_set_lock(&lock);
        int val = shmem_int_g(&count, 0);   /* non-atomic read-modify-write under the lock */
        shmem_int_p(&count, val + 1, 0);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0) CHECK(count == npes * ITERS, "count %d, expected %d", count, npes * ITERS);
    /* test_lock: PE 0 holds it, everybody else must see it held */
    if (me == 0) shmem_set_lock(&lock);
    shmem_barrier_all();
    if (me != 0) CHECK(shmem_test_lock(&lock) == 1, "test_lock on a held lock");
    shmem_barrier_all();
    if (me == 0) shmem_clear_lock(&lock);
    shmem_barrier_all();
    if (me == npes - 1) {
        CHECK(shmem_test_lock(&lock) == 0, "test_lock on a free lock");
        shmem_clear_lock(&lock);
    }
    /* wait_until: a ring of flags */
    shmem_barrier_all();
    if (me == 0) shmem_long_p(&flag, 1, (me + 1) % npes);
    shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 1);
    if (me != 0) shmem_long_p(&flag, 1, (me + 1) % npes);
    CHECK(shmem_long_test(&flag, SHMEM_CMP_GE, 1) == 1, "test");
    shmem_wait_until(&flag, SHMEM_CMP_NE, 0L);
    shmem_finalize();
    if (me == 0) printf("lock ok on %d PEs\n", npes);
    return 0;
}
