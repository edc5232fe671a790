/* Put-with-signal, signal_fetch/wait_until, and the array waits and tests (_all, _any,
 * _some, _vector, with a status mask); strided alltoalls. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define N 32

static long data[N];
static uint64_t sig;
static int flags[8];
static long lflags[8];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    long src[N];
    for (int i = 0; i < N; i++) src[i] = me * 100 + i;
    shmem_barrier_all();
    /* ring: data then signal; the receiver waits on the signal only */
    shmem_long_put_signal(data, src, N, &sig, 1, SHMEM_SIGNAL_ADD, right);
    CHECK(shmem_signal_wait_until(&sig, SHMEM_CMP_GE, 1) == 1, "signal value");
    for (int i = 0; i < N; i++) CHECK(data[i] == left * 100 + i, "signalled data [%d] = %ld", i, data[i]);
    CHECK(shmem_signal_fetch(&sig) == 1, "signal_fetch");
    shmem_barrier_all();
    shmem_putmem_signal(data, src, 8, &sig, 7, SHMEM_SIGNAL_SET, right);
    shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, 7);
    /* every PE sets flag[me] on PE 0 (wait_until_all); PE 0 answers each in lflags */
    shmem_barrier_all();
    if (npes <= 8) {
        shmem_int_atomic_set(&flags[me], 1, 0);
        if (me == 0) {
            int status[8] = {0};
            shmem_int_wait_until_all(flags, npes, status, SHMEM_CMP_EQ, 1);
            CHECK(shmem_int_test_all(flags, npes, NULL, SHMEM_CMP_EQ, 1) == 1, "test_all");
            size_t idx[8];
            CHECK(shmem_int_test_some(flags, npes, idx, NULL, SHMEM_CMP_EQ, 1) == (size_t)npes, "test_some count");
            for (int i = 0; i < npes; i++) CHECK(idx[i] == (size_t)i, "test_some index");
            status[0] = 1; /* exclude element 0 */
            size_t any = shmem_int_test_any(flags, npes, status, SHMEM_CMP_EQ, 1);
            CHECK(npes == 1 ? any == SIZE_MAX : (any >= 1 && any < (size_t)npes), "test_any %zu", any);
            int want[8];
            for (int i = 0; i < npes; i++) want[i] = 1;
            shmem_int_wait_until_all_vector(flags, npes, NULL, SHMEM_CMP_EQ, want);
            for (int p = 0; p < npes; p++) shmem_long_p(&lflags[0], 5, p);
        }
        size_t i = shmem_long_wait_until_any(lflags, 8, NULL, SHMEM_CMP_EQ, 5);
        CHECK(i == 0, "wait_until_any index %zu", i);
        size_t idx[8];
        CHECK(shmem_long_wait_until_some(lflags, 8, idx, NULL, SHMEM_CMP_NE, 0) == 1 && idx[0] == 0, "wait_until_some");
        CHECK(shmem_long_test_any(lflags, 8, NULL, SHMEM_CMP_EQ, 6) == SIZE_MAX, "test_any none");
    }
    /* strided alltoalls: dst stride 2, src stride 1 */
    long *s2 = shmem_malloc(sizeof(long) * 2 * npes);
    long *d2 = shmem_calloc(4 * npes, sizeof(long));
    for (int j = 0; j < npes; j++) for (int k = 0; k < 2; k++) s2[j * 2 + k] = me * 1000 + j * 10 + k;
    shmem_long_alltoalls(SHMEM_TEAM_WORLD, d2, s2, 2, 1, 2);
    for (int i = 0; i < npes; i++) for (int k = 0; k < 2; k++) {
        long got = d2[(i * 2 + k) * 2];
        CHECK(got == i * 1000 + me * 10 + k, "alltoalls [%d,%d] = %ld", i, k, got);
        CHECK(d2[(i * 2 + k) * 2 + 1] == 0, "alltoalls wrote a gap");
    }
    shmem_free(d2);
    shmem_free(s2);
    shmem_finalize();
    if (me == 0) printf("p2p ok on %d PEs\n", npes);
    return 0;
}
