/* AMOs: fetch_add/add/inc/compare_swap/swap/set/fetch and the bitwise ones, on a global and
 * a heap word, every PE hammering PE 0; expectations folded over the PE ids. */
#include <shmem.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define ITERS 500

long counter = 0;
static unsigned long bits;
static int ticket;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long *hc = shmem_calloc(4, sizeof(long));
    long sum_fetched = 0;
    for (int i = 0; i < ITERS; i++) {
        sum_fetched += shmem_long_atomic_fetch_add(&counter, me + 1, 0);
        shmem_atomic_inc(&hc[0], 0);
        shmem_long_atomic_add(&hc[1], 2, 0);
    }
    shmem_ulong_atomic_or(&bits, 1UL << me, 0);
    int t = shmem_int_atomic_fetch_inc(&ticket, 0);
    shmem_barrier_all();
    long total = 0;
    for (int p = 0; p < npes; p++) total += (long)(p + 1) * ITERS;
    if (me == 0) {
        CHECK(counter == total, "counter %ld, expected %ld", counter, total);
        CHECK(hc[0] == (long)npes * ITERS, "inc %ld", hc[0]);
        CHECK(hc[1] == 2L * npes * ITERS, "add %ld", hc[1]);
        CHECK(bits == (1UL << npes) - 1, "or %lx", bits);
        CHECK(ticket == npes, "tickets %d", ticket);
    }
    CHECK(t >= 0 && t < npes, "ticket %d", t);
    CHECK(sum_fetched >= 0, "fetched");
    CHECK(shmem_long_atomic_fetch(&counter, 0) == total, "atomic_fetch");
    shmem_barrier_all();
    /* compare_swap: exactly one PE wins */
    int won = shmem_long_atomic_compare_swap(&hc[2], 0, me + 1, 0) == 0;
    shmem_barrier_all();
    long winners = 0;
    for (int p = 0; p < npes; p++) winners += shmem_long_g(&hc[2], 0) == p + 1;
    CHECK(winners == 1, "compare_swap winners %ld", winners);
    (void)won;
    /* swap chain on the right neighbour, set, xor, and, nbi */
    int right = (me + 1) % npes;
    shmem_barrier_all();
    shmem_long_atomic_set(&hc[3], 10 + me, right);
    shmem_barrier_all();
    long old = shmem_atomic_swap(&hc[3], 100L, me);
    CHECK(old == 10 + (me + npes - 1) % npes, "set/swap %ld", old);
    double dv = 0.0;
    static double dglob = 1.5;
    shmem_barrier_all();
    dv = shmem_double_atomic_swap(&dglob, 2.5, right);
    CHECK(dv == 1.5, "double swap %g", dv);
    shmem_barrier_all();
    CHECK(dglob == 2.5, "double after swap %g", dglob);
    unsigned long f;
    shmem_ulong_atomic_fetch_xor_nbi(&f, &bits, 1UL, 0);
    shmem_quiet();
    shmem_barrier_all();
    if (me == 0) CHECK(bits == (((1UL << npes) - 1) ^ (npes % 2 ? 1UL : 0UL)), "xor %lx", bits);
    /* the deprecated C11 names */
    static long dep;
    shmem_barrier_all();
    shmem_add(&dep, 3L, 0);
    shmem_inc(&dep, 0);
    long before_fadd = shmem_fadd(&dep, 10L, right);
    CHECK(before_fadd >= 0, "fadd %ld", before_fadd);
    shmem_barrier_all();
    CHECK(shmem_fetch(&dep, 0) == 4L * npes + 10, "fetch %ld", shmem_fetch(&dep, 0));
    shmem_barrier_all();
    long want = (me == 0 ? 4L * npes : 0) + 10;
    CHECK(dep == want, "deprecated add/inc/fadd: %ld, expected %ld", dep, want);
    shmem_barrier_all();
    shmem_set(&dep, (long)me, right);
    shmem_barrier_all();
    CHECK(shmem_finc(&dep, me) == (me + npes - 1) % npes, "set/finc");
    CHECK(shmem_swap(&dep, 7L, me) == (me + npes - 1) % npes + 1, "swap");
    CHECK(shmem_cswap(&dep, 7L, 8L, me) == 7 && dep == 8, "cswap");
    static long flag;
    shmem_barrier_all();
    shmem_long_atomic_set(&flag, 1L, right);
    shmem_wait(&flag, 0L);
    CHECK(flag == 1, "wait");
    shmem_finalize();
    if (me == 0) printf("amo ok on %d PEs\n", npes);
    return 0;
}
