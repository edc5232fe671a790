/* Zero-element collectives with NULL objects (a 0-byte object needs no symmetric address):
 * every form succeeds on every PE, and the collectives after them still pair up (a broadcast
 * and a reduction with data, checked against values computed here). */
#include <shmem.h>
#include <stdio.h>

static long pSync[SHMEM_BCAST_SYNC_SIZE > SHMEM_REDUCE_SYNC_SIZE ? SHMEM_BCAST_SYNC_SIZE
                                                                 : SHMEM_REDUCE_SYNC_SIZE];
static long src[4], dst[4];

/* pSync is reused after a barrier, as the specification allows. */
static void fresh(void) { shmem_barrier_all(); }

int main(void) {
    for (int i = 0; i < (int)(sizeof pSync / sizeof pSync[0]); i++) pSync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    shmem_team_t w = SHMEM_TEAM_WORLD;
    int rc = 0;
    /* The team forms. */
    rc |= shmem_long_broadcast(w, NULL, NULL, 0, 0);
    rc |= shmem_broadcastmem(w, NULL, NULL, 0, 0);
    rc |= shmem_long_collect(w, NULL, NULL, 0);
    rc |= shmem_long_fcollect(w, NULL, NULL, 0);
    rc |= shmem_long_alltoall(w, NULL, NULL, 0);
    rc |= shmem_long_alltoalls(w, NULL, NULL, 1, 1, 0);
    rc |= shmem_long_sum_reduce(w, NULL, NULL, 0);
    rc |= shmem_long_max_reduce(w, NULL, NULL, 0);
    rc |= shmem_long_sum_inscan(w, NULL, NULL, 0);
    if (rc != 0) printf("FAIL %d: a zero-element team collective returned %d\n", me, rc);
    /* The active-set forms (pSync must still be symmetric). */
    fresh();
    shmem_broadcast32(NULL, NULL, 0, 0, 0, 0, npes, pSync);
    fresh();
    shmem_broadcast64(NULL, NULL, 0, 0, 0, 0, npes, pSync);
    fresh();
    shmem_collect64(NULL, NULL, 0, 0, 0, npes, pSync);
    fresh();
    shmem_fcollect32(NULL, NULL, 0, 0, 0, npes, pSync);
    fresh();
    shmem_alltoall64(NULL, NULL, 0, 0, 0, npes, pSync);
    fresh();
    shmem_alltoalls32(NULL, NULL, 1, 1, 0, 0, 0, npes, pSync);
    fresh();
    shmem_long_sum_to_all(NULL, NULL, 0, 0, 0, npes, NULL, pSync);
    /* The collectives after them still pair up. */
    for (int i = 0; i < 4; i++) src[i] = (me + 1) * 10 + i;
    shmem_barrier_all();
    shmem_long_broadcast(w, dst, src, 4, npes - 1);
    for (int i = 0; i < 4; i++)
        if (dst[i] != npes * 10 + i) printf("FAIL %d: broadcast dst[%d] %ld\n", me, i, dst[i]);
    shmem_long_sum_reduce(w, dst, src, 4);
    for (int i = 0; i < 4; i++) {
        long want = 10L * npes * (npes + 1) / 2 + (long)i * npes;
        if (dst[i] != want) printf("FAIL %d: sum dst[%d] %ld, want %ld\n", me, i, dst[i], want);
    }
    shmem_barrier_all();
    if (me == 0) printf("zero ok on %d PEs\n", npes);
    shmem_finalize();
    return 0;
}
