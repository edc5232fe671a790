/* Teams: strided split (even PEs; all PEs numbered backwards), 2-d split, translate_pe,
 * get_config, team reductions and broadcast over split teams, destroy and re-split. */
#include <shmem.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

static long src[8], dst[8];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    /* SHMEM_TEAM_SHARED: the PEs whose memory this PE maps (every PE under shmemrun; a
     * pretend node's under mpirun), in world order */
    int mapped = 0;
    for (int p = 0; p < npes; p++) {
        if (shmem_ptr(src, p) != NULL) {
            CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, p, SHMEM_TEAM_SHARED) == mapped,
                  "PE %d is member %d of the shared team", p, mapped);
            mapped++;
        }
    }
    CHECK(mapped >= 1 && shmem_team_n_pes(SHMEM_TEAM_SHARED) == mapped, "shared team size");
    shmem_team_t evens, back;
    shmem_team_config_t conf = {.num_contexts = 3}, got = {0};
    int evn = (npes + 1) / 2;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, evn, &conf, SHMEM_TEAM_NUM_CONTEXTS, &evens) == 0, "split evens");
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &back) == 0, "split backwards");
    if (me % 2 == 0) {
        CHECK(evens != SHMEM_TEAM_INVALID, "even PE not in evens");
        CHECK(shmem_team_my_pe(evens) == me / 2 && shmem_team_n_pes(evens) == evn, "evens numbering");
        CHECK(shmem_team_get_config(evens, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 3, "config");
        CHECK(shmem_team_translate_pe(evens, shmem_team_my_pe(evens), SHMEM_TEAM_WORLD) == me, "translate");
        src[0] = me;
        shmem_long_sum_reduce(evens, dst, src, 1);
        long e = 0;
        for (int p = 0; p < npes; p += 2) e += p;
        CHECK(dst[0] == e, "sum over evens %ld, expected %ld", dst[0], e);
        src[1] = 100 + me;
        shmem_long_broadcast(evens, &dst[1], &src[1], 1, evn - 1);
        CHECK(dst[1] == 100 + 2 * (evn - 1), "broadcast over evens %ld", dst[1]);
        shmem_team_sync(evens);
        shmem_team_destroy(evens);
    } else {
        CHECK(evens == SHMEM_TEAM_INVALID, "odd PE in evens");
        CHECK(shmem_team_my_pe(evens) == -1, "my_pe of invalid");
    }
    CHECK(shmem_team_my_pe(back) == npes - 1 - me, "backwards numbering");
    CHECK(shmem_team_translate_pe(SHMEM_TEAM_WORLD, me, back) == npes - 1 - me, "translate backwards");
    /* fcollect in team order: backwards */
    long *all = shmem_malloc(npes * sizeof(long));
    src[0] = me;
    shmem_long_fcollect(back, all, src, 1);
    for (int i = 0; i < npes; i++) CHECK(all[i] == npes - 1 - i, "fcollect backwards [%d] = %ld", i, all[i]);
    shmem_team_destroy(back);
    /* 2-d: rows of 2 */
    shmem_team_t row, col;
    CHECK(shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col) == 0, "split_2d");
    CHECK(shmem_team_my_pe(row) == me % 2 && shmem_team_my_pe(col) == me / 2, "2d numbering");
    src[0] = 1;
    shmem_long_sum_reduce(col, dst, src, 1);
    CHECK(dst[0] == (npes - me % 2 + 1) / 2, "column size by sum %ld", dst[0]);
    shmem_team_destroy(row);
    shmem_team_destroy(col);
    shmem_team_t none;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &none) != 0 && none == SHMEM_TEAM_INVALID, "split of an invalid parent");
    /* many splits and destroys: slots come back */
    for (int k = 0; k < 40; k++) {
        shmem_team_t t;
        CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, npes, NULL, 0, &t) == 0, "split %d", k);
        shmem_team_sync(t);
        shmem_team_destroy(t);
    }
    shmem_free(all);
    shmem_finalize();
    if (me == 0) printf("team ok on %d PEs\n", npes);
    return 0;
}
