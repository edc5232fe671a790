/* A PE outside a split receives SHMEM_TEAM_INVALID, and portable programs destroy whatever
 * they got: shmem_team_destroy(SHMEM_TEAM_INVALID) does nothing. The split team works
 * before, and a second split of the same shape after (its slot was released). */
#include <shmem.h>
#include <stdio.h>

static long v, sum;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int members = (npes + 1) / 2; /* the even PEs */
    for (int round = 0; round < 2; round++) {
        shmem_team_t even;
        if (shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, members, NULL, 0, &even) != 0)
            printf("FAIL %d: split failed\n", me);
        int in = me % 2 == 0;
        if (in != (even != SHMEM_TEAM_INVALID))
            printf("FAIL %d: member %d but team %p\n", me, in, (void *)even);
        if (in) {
            v = me;
            shmem_team_sync(even);
            shmem_long_sum_reduce(even, &sum, &v, 1);
            long want = 0;
            for (int p = 0; p < npes; p += 2) want += p;
            if (sum != want) printf("FAIL %d: sum %ld, want %ld\n", me, sum, want);
        }
        shmem_team_destroy(even); /* SHMEM_TEAM_INVALID on the odd PEs */
        shmem_barrier_all();
    }
    shmem_team_destroy(SHMEM_TEAM_INVALID);
    if (me == 0) printf("team_invalid ok on %d PEs\n", npes);
    shmem_finalize();
    return 0;
}
