/* RMA: putmem/getmem, typed put/get/p/g/iput/iget, nbi, sized puts, into heap and globals. */
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
static long gdst[N];          /* a symmetric global (bss) */
int gval = 7;                 /* a symmetric global (data) */
static double gd[N];
static long double gld[4];

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

int main(void) {
    int init_state = -1;
    shmem_query_initialized(&init_state);
    if (init_state != 0) { printf("FAIL: initialized before shmem_init\n"); return 1; }
    shmem_init();
    shmem_init();                 /* OpenSHMEM 1.6: init/finalize pairs may nest */
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long *hdst = shmem_malloc(N * sizeof(long));
    long src[N];
    CHECK(hdst != NULL, "malloc");
    CHECK(gval == 7, "initial global %d", gval);
    for (int i = 0; i < N; i++) src[i] = me * 1000 + i;
    shmem_barrier_all();
    shmem_long_put(hdst, src, N, right);
    shmem_putmem(gdst, src, N * sizeof(long), right);
    shmem_int_p(&gval, 100 + me, right);
    shmem_barrier_all();
    for (int i = 0; i < N; i++) {
        CHECK(hdst[i] == left * 1000 + i, "heap put [%d] = %ld", i, hdst[i]);
        CHECK(gdst[i] == left * 1000 + i, "global put [%d] = %ld", i, gdst[i]);
    }
    CHECK(gval == 100 + left, "global p = %d", gval);
    /* get from the right neighbour's global and heap */
    long got[N];
    shmem_getmem(got, gdst, N * sizeof(long), right);
    for (int i = 0; i < N; i++) CHECK(got[i] == me * 1000 + i, "getmem [%d] = %ld", i, got[i]);
    shmem_long_get(got, hdst, N, left);
    int ll = (left + npes - 1) % npes;
    for (int i = 0; i < N; i++) CHECK(got[i] == ll * 1000 + i, "long_get [%d] = %ld", i, got[i]);
    CHECK(shmem_int_g(&gval, right) == 100 + me, "int_g");
    /* generic names, doubles, strided */
    for (int i = 0; i < N; i++) gd[i] = -1.0;
    shmem_barrier_all();
    double ds[N / 2];
    for (int i = 0; i < N / 2; i++) ds[i] = me + i * 0.5;
    shmem_iput(gd, ds, 2, 1, N / 2, right);       /* every other element */
    shmem_p(&gd[1], 3.25, right);
    shmem_barrier_all();
    for (int i = 0; i < N / 2; i++) CHECK(gd[2 * i] == left + i * 0.5, "iput [%d] = %g", 2 * i, gd[2 * i]);
    CHECK(gd[1] == 3.25, "generic p %g", gd[1]);
    CHECK(gd[3] == -1.0, "iput wrote a gap");
    double dg[N / 2];
    shmem_double_iget(dg, gd, 1, 2, N / 2, left);
    int l2 = (left + npes - 1) % npes;
    for (int i = 0; i < N / 2; i++) CHECK(dg[i] == l2 + i * 0.5, "iget [%d] = %g", i, dg[i]);
    /* nbi + quiet, sized, symmetric source */
    shmem_barrier_all();
    shmem_put64_nbi(hdst, gdst, N, right);      /* source is itself symmetric */
    shmem_quiet();
    shmem_barrier_all();
    for (int i = 0; i < N; i++) CHECK(hdst[i] == ll * 1000 + i, "put64_nbi [%d] = %ld", i, hdst[i]);
    /* long double: p/g (header inline) and put */
    long double lds[2] = {me + 0.25L, me + 0.75L};
    shmem_p(&gld[0], (long double)me + 0.5L, right);
    shmem_longdouble_put(&gld[1], lds, 2, right);
    shmem_barrier_all();
    CHECK(gld[0] == left + 0.5L && gld[1] == left + 0.25L && gld[2] == left + 0.75L, "long double");
    CHECK(shmem_g(&gld[0], right) == me + 0.5L, "long double g");
    /* shmem_ptr */
    long *peer = shmem_ptr(hdst, right);
    /* mapped exactly when the PE shares this node's memory (pretend nodes under mpirun) */
    int near = shmem_team_translate_pe(SHMEM_TEAM_WORLD, right, SHMEM_TEAM_SHARED) >= 0;
    CHECK((peer != NULL) == near, "shmem_ptr %p, on this node %d", (void *)peer, near);
    if (peer) CHECK(peer[0] == left * 1000, "shmem_ptr read %ld", peer[0]);
    CHECK(shmem_ptr(gdst, me) == (void *)gdst, "shmem_ptr to self");
    CHECK(shmem_addr_accessible(gdst, right) && shmem_addr_accessible(hdst, right), "accessible");
    CHECK(!shmem_addr_accessible(src, right), "stack is not symmetric");
    /* realloc keeps the contents; align aligns */
    shmem_barrier_all();
    long *grown = shmem_realloc(hdst, 4 * N * sizeof(long));
    CHECK(grown != NULL, "realloc");
    for (int i = 0; i < N; i++) CHECK(grown[i] == ll * 1000 + i, "realloc kept [%d] = %ld", i, grown[i]);
    grown[4 * N - 1] = me;
    shmem_sync_all();
    CHECK(shmem_long_g(&grown[4 * N - 1], right) == right, "realloc tail");
    void *al = shmem_align(4096, 100);
    CHECK(al != NULL && ((unsigned long)al & 4095) == 0, "align %p", al);
    shmem_free(al);
    /* the names before OpenSHMEM 1.2: shmalloc, shrealloc, shmemalign, shfree */
    long *old = shmalloc(8 * sizeof(long));
    CHECK(old != NULL, "shmalloc");
    for (int i = 0; i < 8; i++) old[i] = me * 10 + i;
    long *older = shrealloc(old, 16 * sizeof(long));
    CHECK(older != NULL, "shrealloc");
    older[15] = me;
    shmem_barrier_all();
    for (int i = 0; i < 8; i++) CHECK(shmem_long_g(&older[i], right) == right * 10 + i, "shrealloc kept [%d]", i);
    CHECK(shmem_long_g(&older[15], left) == left, "shrealloc tail");
    void *al2 = shmemalign(256, 24);
    CHECK(al2 != NULL && ((unsigned long)al2 & 255) == 0, "shmemalign %p", al2);
    shmem_barrier_all();
    shfree(al2);
    shfree(older);
    shmem_barrier_all();
    shmem_free(grown);
    shmem_finalize();             /* matches the second shmem_init: still initialized */
    shmem_query_initialized(&init_state);
    CHECK(init_state == 1, "initialized after the first of two finalizes: %d", init_state);
    shmem_barrier_all();
    shmem_finalize();
    shmem_query_initialized(&init_state);
    if (init_state != 0) { printf("FAIL PE %d: initialized after the last finalize\n", me); return 1; }
    /* OpenSHMEM 1.6: initialized again after the last finalize, twice over: the same job, the
     * globals keep their values, the heap and collectives work. */
    for (int round = 1; round <= 2; round++) {
        shmem_init();
        shmem_query_initialized(&init_state);
        CHECK(init_state == 1, "round %d: not initialized again", round);
        CHECK(shmem_my_pe() == me && shmem_n_pes() == npes, "round %d: PE %d of %d", round,
              shmem_my_pe(), shmem_n_pes());
        CHECK(gval == 100 * round + left, "round %d: global kept %d", round, gval);
        shmem_barrier_all();
        shmem_int_p(&gval, 100 * (round + 1) + me, right);
        long *again = shmem_malloc(sizeof(long));
        CHECK(again != NULL, "round %d: malloc", round);
        static long rsrc, rdst;
        rsrc = me + round;
        shmem_long_p(again, 10 * round + me, right);
        shmem_barrier_all();
        CHECK(*again == 10 * round + left, "round %d: p = %ld", round, *again);
        shmem_long_sum_reduce(SHMEM_TEAM_WORLD, &rdst, &rsrc, 1);
        CHECK(rdst == (long)npes * (npes - 1) / 2 + (long)npes * round, "round %d: sum %ld",
              round, rdst);
        shmem_free(again);
        shmem_finalize();
        shmem_query_initialized(&init_state);
        CHECK(init_state == 0, "round %d: initialized after finalize", round);
    }
    if (me == 0) printf("rma ok on %d PEs\n", npes);
    return 0;
}
