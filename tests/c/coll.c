/* Collectives: team reductions, broadcast, fcollect, collect, alltoall, team_sync; the
 * deprecated active-set forms (the specification's OR-to-all example: two pSync arrays used
 * alternately), barrier and broadcast64 on a strided set. */
#include <shmem.h>
#include <complex.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define N 100

static long pSync0[SHMEM_REDUCE_SYNC_SIZE], pSync1[SHMEM_REDUCE_SYNC_SIZE];
static long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + N];
static long src[N], dst[N];
static double dsrc[N], ddst[N];
static long bsync[SHMEM_BARRIER_SYNC_SIZE];

int main(void) {
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) pSync0[i] = pSync1[i] = SHMEM_SYNC_VALUE;
    for (int i = 0; i < SHMEM_BARRIER_SYNC_SIZE; i++) bsync[i] = SHMEM_SYNC_VALUE;
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me && shmem_team_n_pes(SHMEM_TEAM_WORLD) == npes, "team");
    /* team sum and max of N longs, in place for max */
    for (int i = 0; i < N; i++) { src[i] = me * N + i; dst[i] = -1; dsrc[i] = me + i * 0.25; }
    shmem_barrier_all();
    CHECK(shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, N) == 0, "sum rc");
    for (int i = 0; i < N; i++) {
        long e = 0;
        for (int p = 0; p < npes; p++) e += p * N + i;
        CHECK(dst[i] == e, "sum [%d] = %ld, expected %ld", i, dst[i], e);
    }
    shmem_max_reduce(SHMEM_TEAM_WORLD, dsrc, dsrc, N);
    for (int i = 0; i < N; i++) CHECK(ddst[i] == 0.0 && dsrc[i] == (npes - 1) + i * 0.25, "max [%d] = %g", i, dsrc[i]);
    /* broadcast from the last PE, fcollect, collect with different counts, alltoall */
    long *h = shmem_malloc(sizeof(long) * N * npes);
    long *g = shmem_malloc(sizeof(long) * N * npes);
    for (int i = 0; i < N; i++) src[i] = me * 7 + i;
    shmem_long_broadcast(SHMEM_TEAM_WORLD, dst, src, N, npes - 1);
    for (int i = 0; i < N; i++) CHECK(dst[i] == (npes - 1) * 7 + i, "broadcast [%d] = %ld", i, dst[i]);
    shmem_long_fcollect(SHMEM_TEAM_WORLD, h, src, 3);
    for (int p = 0; p < npes; p++) for (int i = 0; i < 3; i++) CHECK(h[p * 3 + i] == p * 7 + i, "fcollect");
    shmem_long_collect(SHMEM_TEAM_WORLD, h, src, me + 1);
    int at = 0;
    for (int p = 0; p < npes; p++) for (int i = 0; i <= p; i++, at++) CHECK(h[at] == p * 7 + i, "collect [%d] = %ld", at, h[at]);
    for (int j = 0; j < npes; j++) for (int i = 0; i < 2; i++) g[j * 2 + i] = me * 100 + j * 10 + i;
    shmem_long_alltoall(SHMEM_TEAM_WORLD, h, g, 2);
    for (int j = 0; j < npes; j++) for (int i = 0; i < 2; i++) CHECK(h[j * 2 + i] == j * 100 + me * 10 + i, "alltoall");
    CHECK(shmem_team_sync(SHMEM_TEAM_WORLD) == 0, "team_sync");
    /* OR-to-all, alternating pSync arrays, no barrier in between */
    for (int k = 0; k < 50; k++) {
        src[0] = 1L << ((me + k) % 60);
        shmem_long_or_to_all(dst, src, 1, 0, 0, npes, pWrk, (k & 1) ? pSync1 : pSync0);
        long e = 0;
        for (int p = 0; p < npes; p++) e |= 1L << ((p + k) % 60);
        CHECK(dst[0] == e, "or_to_all %d: %lx, expected %lx", k, dst[0], e);
    }
    shmem_long_sum_to_all(dst, src, N, 0, 0, npes, pWrk, pSync0);
    /* complex sums, 32-bit collect and alltoall on the whole set */
    static double _Complex csrc[3], cdst[3];
    static double _Complex cwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
    for (int i = 0; i < 3; i++) csrc[i] = me + i * 1.0 * _Complex_I;
    shmem_complexd_sum_to_all(cdst, csrc, 3, 0, 0, npes, cwrk, pSync1);
    for (int i = 0; i < 3; i++) {
        double re = 0;
        for (int p = 0; p < npes; p++) re += p;
        CHECK(creal(cdst[i]) == re && cimag(cdst[i]) == i * npes, "complex sum [%d]", i);
    }
    static int isrc[4], idst[64];
    for (int i = 0; i <= me && i < 4; i++) isrc[i] = me * 10 + i;
    int mine = me < 4 ? me + 1 : 4;
    shmem_collect32(idst, isrc, mine, 0, 0, npes, pSync0);
    at = 0;
    for (int p = 0; p < npes; p++) for (int i = 0; i < (p < 4 ? p + 1 : 4); i++, at++) CHECK(idst[at] == p * 10 + i, "collect32 [%d] = %d", at, idst[at]);
    long *a2 = shmem_malloc(sizeof(long) * npes), *b2 = shmem_malloc(sizeof(long) * npes);
    for (int j = 0; j < npes; j++) a2[j] = me * 100 + j;
    shmem_alltoall64(b2, a2, 1, 0, 0, npes, pSync1);
    for (int j = 0; j < npes; j++) CHECK(b2[j] == j * 100 + me, "alltoall64 [%d] = %ld", j, b2[j]);
    shmem_barrier_all();
    shmem_free(b2);
    shmem_free(a2);
    shmem_barrier(0, 0, npes, bsync);
    /* long double (x87 extended, 64-bit mantissa): a sum whose 2^-60 parts a double would
     * drop, a product whose 2^-60 cross terms it would drop, min and max, team and
     * active-set forms, broadcast and fcollect; expectations folded in member order. */
    static long double lsrc[4], ldst[4], lwrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 4], lall[64];
    for (int i = 0; i < 4; i++) lsrc[i] = 1.0L + (me + i) * 0x1p-60L;
    shmem_longdouble_sum_reduce(SHMEM_TEAM_WORLD, ldst, lsrc, 4);
    for (int i = 0; i < 4; i++) {
        long double e = 1.0L + i * 0x1p-60L;
        long tiny = i;
        for (int p = 1; p < npes; p++) { e += 1.0L + (p + i) * 0x1p-60L; tiny += p + i; }
        CHECK(ldst[i] == e && ldst[i] - npes == tiny * 0x1p-60L, "long double sum [%d]", i);
    }
    for (int i = 0; i < 4; i++) lsrc[i] = 1.0L + (me + 1 + i) * 0x1p-30L;
    shmem_longdouble_prod_to_all(ldst, lsrc, 4, 0, 0, npes, lwrk, pSync0);
    for (int i = 0; i < 4; i++) {
        long double e = 1.0L + (1 + i) * 0x1p-30L;
        for (int p = 1; p < npes; p++) e *= 1.0L + (p + 1 + i) * 0x1p-30L;
        CHECK(ldst[i] == e, "long double prod [%d]", i);
        CHECK(npes == 1 || (double)ldst[i] != ldst[i], "long double prod [%d] is a double", i);
    }
    for (int i = 0; i < 4; i++) lsrc[i] = ((me * 5 + i) % npes) - 1.5L + me * 0x1p-62L;
    shmem_longdouble_max_to_all(ldst, lsrc, 4, 0, 0, npes, lwrk, pSync1);
    shmem_longdouble_min_reduce(SHMEM_TEAM_WORLD, &ldst[2], lsrc, 2);
    for (int i = 0; i < 4; i++) {
        long double mx = -1e30L, mn = 1e30L;
        for (int p = 0; p < npes; p++) {
            long double v = ((p * 5 + i) % npes) - 1.5L + p * 0x1p-62L;
            if (v > mx) mx = v;
            if (v < mn) mn = v;
        }
        if (i < 2) CHECK(ldst[i] == mx, "long double max [%d]", i);
        else {
            long double mn0 = 1e30L;
            for (int p = 0; p < npes; p++) {
                long double v = ((p * 5 + i - 2) % npes) - 1.5L + p * 0x1p-62L;
                if (v < mn0) mn0 = v;
            }
            CHECK(ldst[i] == mn0, "long double min [%d]", i);
        }
    }
    for (int i = 0; i < 4; i++) lsrc[i] = 1.0L + (me + i) * 0x1p-60L;
    shmem_sum_inscan(SHMEM_TEAM_WORLD, ldst, lsrc, 2);
    shmem_longdouble_sum_exscan(SHMEM_TEAM_WORLD, &ldst[2], lsrc, 2);
    for (int i = 0; i < 2; i++) {
        long double in = 0.0L, ex = 0.0L;
        for (int p = 0; p <= me; p++) {
            long double v = 1.0L + (p + i) * 0x1p-60L;
            if (p < me) ex = p == 0 ? v : ex + v;
            in = p == 0 ? v : in + v;
        }
        CHECK(ldst[i] == in && ldst[2 + i] == ex, "long double scans [%d]", i);
    }
    for (int i = 0; i < 4; i++) lsrc[i] = ((me * 5 + i) % npes) - 1.5L + me * 0x1p-62L;
    shmem_longdouble_broadcast(SHMEM_TEAM_WORLD, ldst, lsrc, 4, npes - 1);
    for (int i = 0; i < 4; i++)
        CHECK(ldst[i] == ((npes - 1) * 5 + i) % npes - 1.5L + (npes - 1) * 0x1p-62L,
              "long double broadcast [%d]", i);
    shmem_longdouble_fcollect(SHMEM_TEAM_WORLD, lall, lsrc, 1);
    for (int p = 0; p < npes; p++)
        CHECK(lall[p] == (p * 5) % npes - 1.5L + p * 0x1p-62L, "long double fcollect [%d]", p);
    /* even PEs only: stride 2 */
    int evens = (npes + 1) / 2;
    if (me % 2 == 0) {
        for (int i = 0; i < N; i++) { src[i] = 1000 + i; dst[i] = -5; }
        shmem_broadcast64(dst, src, N, 0, 0, 1, evens, pSync1);
        for (int i = 0; i < N; i++) CHECK(dst[i] == (me == 0 ? -5 : 1000 + i), "broadcast64 [%d] = %ld", i, dst[i]);
        shmem_fcollect64(h, src, 1, 0, 1, evens, pSync0);
        for (int p = 0; p < evens; p++) CHECK(h[p] == 1000, "fcollect64");
        shmem_barrier(0, 1, evens, bsync);
    }
    shmem_barrier_all();
    /* One pSync moved between active sets whose members used it unequally (the evens used
     * pSync1 and bsync above, the odds did not): the whole set, the PEs from 1 up, the evens
     * again, the whole set again, each after a barrier, as the specification asks. */
    for (int round = 0; round < 3; round++) {
        const int starts[4] = {0, 1, 0, 0}, logs[4] = {0, 0, 1, 0};
        const int sizes[4] = {npes, npes - 1, evens, npes};
        for (int k = 0; k < 4; k++) {
            int st = starts[k], lg = logs[k], sz = sizes[k];
            int member = me >= st && (me - st) % (1 << lg) == 0 && (me - st) / (1 << lg) < sz;
            if (sz > 0 && member) {
                src[0] = me + 100 * round + 10 * k;
                shmem_long_sum_to_all(dst, src, 1, st, lg, sz, pWrk, pSync1);
                long e = 0;
                for (int i = 0; i < sz; i++) e += st + (i << lg) + 100 * round + 10 * k;
                CHECK(dst[0] == e, "sum over set %d (round %d): %ld, expected %ld", k, round, dst[0], e);
                shmem_barrier(st, lg, sz, bsync);
            }
            shmem_barrier_all();
        }
    }
    shmem_free(g);
    shmem_free(h);
    shmem_finalize();
    if (me == 0) printf("coll ok on %d PEs\n", npes);
    return 0;
}
