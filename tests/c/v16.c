/* OpenSHMEM 1.6: the version the library and the header report; sum scans (typed, generic,
 * in place, over a split team); block-strided put/get (typed, sized, generic, ctx; local and
 * symmetric local sides); shmem_pe_quiet / shmem_ctx_pe_quiet; shmem_signal_add / _set
 * (plain, ctx, generic); shmem_team_ptr; sessions around a loop of AMOs. Every expectation is
 * computed here from PE ids with plain loops. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

#define N 5
#define ROUNDS 16
static long ssrc[N], sdst[N];
static int iscan[N];
static double dsrc[N], ddst[N];
static double _Complex csrc[2], cdst[2];
static long bdst[16], bsrc[16];
static int ib[16];
static uint32_t b32[16];
static long pdata[8];
static long pflag;
static int plist[4];
static uint64_t counter;
static uint64_t sigw;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    int major = 0, minor = 0;
    shmem_info_get_version(&major, &minor);
    CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION, "version %d.%d, header %d.%d", major, minor, SHMEM_MAJOR_VERSION, SHMEM_MINOR_VERSION);
    CHECK(major == 1 && minor == 6, "version %d.%d, expected 1.6", major, minor);

    /* ---- scans over the even PEs: member k contributes (2k) * 10 + i ---- */
    shmem_team_t evens;
    int evn = (npes + 1) / 2;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, evn, NULL, 0, &evens) == 0, "split evens");
    if (me % 2 == 0) {
        int k = shmem_team_my_pe(evens);
        for (int i = 0; i < N; i++) ssrc[i] = me * 10 + i;
        CHECK(shmem_long_sum_inscan(evens, sdst, ssrc, N) == 0, "inscan return");
        for (int i = 0; i < N; i++) {
            long e = 0;
            for (int m = 0; m <= k; m++) e += (2 * m) * 10 + i;
            CHECK(sdst[i] == e, "long inscan [%d] = %ld, expected %ld", i, sdst[i], e);
        }
        CHECK(shmem_long_sum_exscan(evens, sdst, ssrc, N) == 0, "exscan return");
        for (int i = 0; i < N; i++) {
            long e = 0;
            for (int m = 0; m < k; m++) e += (2 * m) * 10 + i;
            CHECK(sdst[i] == e, "long exscan [%d] = %ld, expected %ld", i, sdst[i], e);
        }
        shmem_team_destroy(evens);
    } else {
        CHECK(evens == SHMEM_TEAM_INVALID, "odd PE in evens");
    }
    /* world team: generic, in place */
    for (int i = 0; i < N; i++) iscan[i] = me + i;
    shmem_sum_inscan(SHMEM_TEAM_WORLD, iscan, iscan, N);
    for (int i = 0; i < N; i++) {
        int e = 0;
        for (int p = 0; p <= me; p++) e += p + i;
        CHECK(iscan[i] == e, "generic in-place inscan [%d] = %d, expected %d", i, iscan[i], e);
    }
    for (int i = 0; i < N; i++) dsrc[i] = me + 0.5 * i;
    shmem_sum_exscan(SHMEM_TEAM_WORLD, ddst, dsrc, N);
    for (int i = 0; i < N; i++) {
        double e = 0;
        for (int p = 0; p < me; p++) e += p + 0.5 * i;
        CHECK(ddst[i] == e, "double exscan [%d] = %g, expected %g", i, ddst[i], e);
    }
    csrc[0] = me + 1.0 * I;
    csrc[1] = 2.0 * me - 1.0 * I;
    shmem_complexd_sum_inscan(SHMEM_TEAM_WORLD, cdst, csrc, 2);
    {
        double r0 = 0, r1 = 0;
        for (int p = 0; p <= me; p++) { r0 += p; r1 += 2.0 * p; }
        CHECK(creal(cdst[0]) == r0 && cimag(cdst[0]) == me + 1, "complexd inscan [0]");
        CHECK(creal(cdst[1]) == r1 && cimag(cdst[1]) == -(me + 1), "complexd inscan [1]");
    }
    shmem_sum_exscan(SHMEM_TEAM_WORLD, cdst, csrc, 2);
    if (me == 0) CHECK(cdst[0] == 0 && cdst[1] == 0, "complexd exscan on member 0");

    /* ---- block-strided put: bsize 2, nblocks 3, dst 5, sst 3 ---- */
    long lsrc[16];
    for (int i = 0; i < 16; i++) { lsrc[i] = me * 100 + i; bdst[i] = -1; bsrc[i] = me * 100 + i; ib[i] = -1; b32[i] = 0; }
    shmem_barrier_all();
    shmem_long_ibput(bdst, lsrc, 5, 3, 2, 3, right);
    shmem_barrier_all();
    {
        long e[16];
        for (int j = 0; j < 16; j++) e[j] = -1;
        for (int b = 0; b < 3; b++)
            for (int x = 0; x < 2; x++) e[b * 5 + x] = left * 100 + b * 3 + x;
        for (int j = 0; j < 16; j++) CHECK(bdst[j] == e[j], "long_ibput [%d] = %ld, expected %ld", j, bdst[j], e[j]);
    }
    /* generic with a context, from a symmetric source; sized; then the ctx ibget */
    shmem_ctx_t ctx;
    CHECK(shmem_ctx_create(0, &ctx) == 0, "ctx_create");
    int isrc[16];
    for (int i = 0; i < 16; i++) isrc[i] = 1000 * me + i;
    uint32_t usrc[16];
    for (int i = 0; i < 16; i++) usrc[i] = 7u * me + i;
    shmem_barrier_all();
    shmem_ibput(ctx, ib, isrc, 4, 2, 3, 4, right);           /* blocks of 3, every 2 / every 4 */
    shmem_ibput32(b32, usrc, 2, 5, 1, 3, left);              /* single elements */
    shmem_long_ibput(&bdst[10], bsrc, 3, 4, 2, 2, me);       /* symmetric source, to myself */
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    {
        int e[16];
        for (int j = 0; j < 16; j++) e[j] = -1;
        for (int b = 0; b < 4; b++)
            for (int x = 0; x < 3; x++) e[b * 4 + x] = 1000 * left + b * 2 + x;
        for (int j = 0; j < 16; j++) CHECK(ib[j] == e[j], "generic ctx ibput [%d] = %d, expected %d", j, ib[j], e[j]);
        uint32_t u[16];
        for (int j = 0; j < 16; j++) u[j] = 0;
        for (int b = 0; b < 3; b++) u[b * 2] = 7u * right + b * 5;
        for (int j = 0; j < 16; j++) CHECK(b32[j] == u[j], "ibput32 [%d] = %u, expected %u", j, b32[j], u[j]);
        CHECK(bdst[10] == me * 100 + 0 && bdst[11] == me * 100 + 1, "symmetric-source ibput block 0");
        CHECK(bdst[13] == me * 100 + 4 && bdst[14] == me * 100 + 5, "symmetric-source ibput block 1");
        CHECK(bdst[12] == -1 && bdst[15] == -1, "symmetric-source ibput wrote a gap");
    }
    /* ibget from the right neighbour's bsrc: blocks of 2 every 3 there, every 4 here */
    long got[16];
    for (int j = 0; j < 16; j++) got[j] = -7;
    shmem_long_ibget(got, bsrc, 4, 3, 2, 3, right);
    {
        long e[16];
        for (int j = 0; j < 16; j++) e[j] = -7;
        for (int b = 0; b < 3; b++)
            for (int x = 0; x < 2; x++) e[b * 4 + x] = right * 100 + b * 3 + x;
        for (int j = 0; j < 16; j++) CHECK(got[j] == e[j], "long_ibget [%d] = %ld, expected %ld", j, got[j], e[j]);
    }
    /* generic ctx ibget into symmetric memory (bdst, refilled after a barrier) */
    shmem_barrier_all();
    for (int j = 0; j < 16; j++) bdst[j] = -3;
    shmem_ibget(ctx, bdst, bsrc, 3, 5, 1, 4, left);           /* element 5b there to 3b here */
    for (int j = 0; j < 16; j++) {
        long e = (j % 3 == 0 && j / 3 < 4) ? left * 100 + (j / 3) * 5 : -3;
        CHECK(bdst[j] == e, "generic ctx ibget [%d] = %ld, expected %ld", j, bdst[j], e);
    }
    shmem_ctx_ibget64(ctx, got, bsrc, 1, 2, 1, 8, right);     /* even elements, contiguous here */
    for (int j = 0; j < 8; j++) CHECK(got[j] == right * 100 + 2 * j, "ctx_ibget64 [%d] = %ld", j, got[j]);
    shmem_long_ibput(bdst, lsrc, 5, 3, 0, 3, right);          /* bsize 0: nothing */
    shmem_long_ibput(bdst, lsrc, 5, 3, 2, 0, right);          /* nblocks 0: nothing */
    shmem_barrier_all();

    /* ---- pe_quiet: data to the right, completed there, then the flag ---- */
    for (int i = 0; i < 8; i++) lsrc[i] = me * 31 + i;
    shmem_long_put_nbi(pdata, lsrc, 8, right);
    shmem_pe_quiet(&right, 1);
    shmem_long_atomic_set(&pflag, 1 + me, right);
    shmem_long_wait_until(&pflag, SHMEM_CMP_EQ, 1 + left);
    for (int i = 0; i < 8; i++) CHECK(pdata[i] == left * 31 + i, "pe_quiet data [%d] = %ld", i, pdata[i]);
    shmem_pe_quiet(NULL, 0);
    int all[8];
    for (int p = 0; p < npes && p < 8; p++) all[p] = npes - 1 - p;
    all[0] = right;                                           /* a duplicate is fine */
    shmem_pe_quiet(all, npes < 8 ? npes : 8);
    plist[0] = left;                                          /* a symmetric list */
    plist[1] = me;
    shmem_barrier_all();
    shmem_ctx_long_put_nbi(ctx, pdata, lsrc, 8, left);
    shmem_ctx_pe_quiet(ctx, plist, 2);
    shmem_barrier_all();
    for (int i = 0; i < 8; i++) CHECK(pdata[i] == right * 31 + i, "ctx_pe_quiet data [%d] = %ld", i, pdata[i]);

    /* ---- signal_set / signal_add ---- */
    shmem_signal_set(&sigw, 10, right);
    CHECK(shmem_signal_wait_until(&sigw, SHMEM_CMP_EQ, 10) == 10, "signal_set");
    shmem_barrier_all();
    shmem_signal_add(&sigw, (uint64_t)me + 1, right);               /* from the left: left + 1 */
    shmem_ctx_signal_add(ctx, &sigw, 100, left);                     /* from the right: 100 */
    shmem_signal_add(ctx, &sigw, 1000, right);                       /* generic with a ctx */
    shmem_barrier_all();
    CHECK(shmem_signal_fetch(&sigw) == 10 + (uint64_t)left + 1 + 100 + 1000, "signal_add total %llu", (unsigned long long)sigw);
    shmem_barrier_all();
    shmem_ctx_signal_set(ctx, &sigw, 7 + me, right);
    shmem_ctx_quiet(ctx);
    CHECK(shmem_signal_wait_until(&sigw, SHMEM_CMP_EQ, 7 + (uint64_t)left) == 7 + (uint64_t)left, "ctx_signal_set");
    shmem_barrier_all();

    /* ---- team_ptr: mapped exactly for the PEs of this node (SHMEM_TEAM_SHARED; all of them
     * under shmemrun, a pretend node's under mpirun) ---- */
    long *heap = shmem_malloc(4 * sizeof(long));
    CHECK(heap != NULL, "malloc");
    heap[0] = 500 + me;
    shmem_barrier_all();
    for (int p = 0; p < npes; p++) {
        void *tp = shmem_team_ptr(SHMEM_TEAM_WORLD, heap, p);
        int near = shmem_team_translate_pe(SHMEM_TEAM_WORLD, p, SHMEM_TEAM_SHARED) >= 0;
        CHECK((tp != NULL) == near, "team_ptr(world, %d) %p, on this node %d", p, tp, near);
        CHECK(tp == shmem_ptr(heap, p), "team_ptr(world, %d) != shmem_ptr", p);
        if (tp) CHECK(((long *)tp)[0] == 500 + p, "read through team_ptr(world, %d): %ld", p, ((long *)tp)[0]);
        CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, &pflag, p) == shmem_ptr(&pflag, p), "team_ptr of a global on %d", p);
    }
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, heap, me) == (void *)heap, "team_ptr to myself");
    CHECK(shmem_team_ptr(SHMEM_TEAM_INVALID, heap, 0) == NULL, "team_ptr(SHMEM_TEAM_INVALID) not NULL");
    shmem_team_t back;
    CHECK(shmem_team_split_strided(SHMEM_TEAM_WORLD, npes - 1, -1, npes, NULL, 0, &back) == 0, "split backwards");
    for (int k = 0; k < npes; k++) {
        long *tp = shmem_team_ptr(back, heap, k);
        CHECK(tp == shmem_ptr(heap, npes - 1 - k), "team_ptr(back, %d)", k);
        if (tp) CHECK(tp[0] == 500 + npes - 1 - k, "read through team_ptr(back, %d): %ld", k, tp[0]);
    }
    shmem_barrier_all();
    shmem_team_destroy(back);
    shmem_free(heap);

    /* ---- sessions around a loop of AMOs: exact totals ---- */
    shmem_ctx_session_config_t cfg = {.total_ops = (size_t)ROUNDS * npes};
    shmem_ctx_session_start(ctx, SHMEM_CTX_SESSION_BATCH, &cfg, SHMEM_CTX_SESSION_TOTAL_OPS);
    for (int r = 0; r < ROUNDS; r++)
        for (int p = 0; p < npes; p++) shmem_ctx_uint64_atomic_add(ctx, &counter, (uint64_t)(me + 1) * (r + 1), p);
    shmem_ctx_session_stop(ctx);
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, NULL, 0);
    shmem_uint64_atomic_add(&counter, 1, right);
    shmem_ctx_session_stop(SHMEM_CTX_DEFAULT);
    shmem_ctx_session_start(SHMEM_CTX_INVALID, SHMEM_CTX_SESSION_BATCH, NULL, 0);   /* no action */
    shmem_ctx_session_stop(SHMEM_CTX_INVALID);
    shmem_barrier_all();
    {
        uint64_t e = 1;
        for (int p = 0; p < npes; p++) e += (uint64_t)(p + 1) * (ROUNDS * (ROUNDS + 1) / 2);
        CHECK(counter == e, "session AMO total %llu, expected %llu", (unsigned long long)counter, (unsigned long long)e);
    }
    shmem_ctx_destroy(ctx);

    shmem_barrier_all();
    shmem_finalize();
    if (me == 0) printf("v16 ok on %d PEs\n", npes);
    return 0;
}
