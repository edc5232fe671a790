/* C11's shmem_sync(team) (OpenSHMEM 1.5's generic shmem_team_sync) beside the deprecated
 * four-argument shmem_sync(PE_start, logPE_stride, PE_size, pSync), in one program: each
 * synchronizes, checked by a value every PE puts to its right-hand neighbour before it. */
#include <shmem.h>
#include <stdio.h>

static long pSync[SHMEM_BARRIER_SYNC_SIZE];
static long got[2];

int main(void) {
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++) pSync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes(), right = (me + 1) % npes;
    shmem_barrier_all();
    /* The puts complete (quiet), then the sync orders them before the reads. */
    shmem_long_p(&got[0], 100 + me, right);
    shmem_quiet();
    int rc = shmem_sync(SHMEM_TEAM_WORLD);
    shmem_long_p(&got[1], 200 + me, right);
    shmem_quiet();
    shmem_sync(0, 0, npes, pSync);
    int left = (me + npes - 1) % npes;
    if (rc != 0) printf("FAIL %d: shmem_sync(team) returned %d\n", me, rc);
    if (got[0] != 100 + left || got[1] != 200 + left)
        printf("FAIL %d: got %ld %ld, want %d %d\n", me, got[0], got[1], 100 + left, 200 + left);
    shmem_barrier_all();
    if (me == 0) printf("sync_generic ok on %d PEs\n", npes);
    shmem_finalize();
    return 0;
}
