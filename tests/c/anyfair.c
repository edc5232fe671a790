/* Fairness of the _any waits and tests (OpenSHMEM 1.5 §9.10.3: a series of calls returns,
 * eventually, every element that satisfies the condition): an event loop over 64 arrays, and
 * the four _any routines called in turn on one array. */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define ARRAYS 64
#define L 5
#define ROUNDS (2 * L)
#define MAXPES 64

static long arrays[ARRAYS][L];
static int flags[MAXPES];

static size_t len_of(int a) { return 3 + a % 3; }

/* element i of array a of PE t is set when 3 does not divide i + a + t */
static int is_ready(int a, size_t i, int t) { return (i + a + t) % 3 != 0; }

/* Whether calls[from..from+k] are exactly the k indices `want` says (want[i] != 0), once each. */
static int covers(const size_t *calls, size_t from, size_t k, const int *want, size_t len) {
    int seen[L > MAXPES ? L : MAXPES] = {0};
    for (size_t c = from; c < from + k; c++) {
        if (calls[c] >= len || !want[calls[c]] || seen[calls[c]]) return 0;
        seen[calls[c]] = 1;
    }
    return 1;
}

static size_t got[ARRAYS][4][ROUNDS];
static size_t got1[4][2 * MAXPES];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes;
    static const char *routine[4] = {"test_any", "wait_until_any", "test_any_vector", "wait_until_any_vector"};

    /* 64 arrays polled in turn */
    for (int a = 0; a < ARRAYS; a++)
        for (size_t i = 0; i < len_of(a); i++)
            if (is_ready(a, i, right)) shmem_long_p(&arrays[a][i], (long)i + 1, right);
    shmem_barrier_all();
    long values[L];
    for (int i = 0; i < L; i++) values[i] = i + 1;
    for (int r = 0; r < ROUNDS; r++) {
        for (int a = 0; a < ARRAYS; a++) {
            size_t n = len_of(a);
            got[a][0][r] = shmem_long_test_any(arrays[a], n, NULL, SHMEM_CMP_NE, 0);
            got[a][1][r] = shmem_long_wait_until_any(arrays[a], n, NULL, SHMEM_CMP_GT, 0);
            got[a][2][r] = shmem_long_test_any_vector(arrays[a], n, NULL, SHMEM_CMP_EQ, values);
            got[a][3][r] = shmem_long_wait_until_any_vector(arrays[a], n, NULL, SHMEM_CMP_EQ, values);
        }
    }
    for (int a = 0; a < ARRAYS; a++) {
        size_t n = len_of(a), k = 0;
        int want[L] = {0};
        for (size_t i = 0; i < n; i++) k += (size_t)(want[i] = is_ready(a, i, me));
        for (int f = 0; f < 4; f++)
            for (size_t from = 0; from + k <= ROUNDS; from += k)
                CHECK(covers(got[a][f], from, k, want, n),
                      "array %d, %s, calls %zu..%zu: %zu %zu %zu %zu %zu", a, routine[f], from, from + k,
                      got[a][f][0], got[a][f][1], got[a][f][2], got[a][f][3], got[a][f][4]);
    }

    /* every PE sets its own flag on every PE; the four routines in turn on that one array */
    shmem_barrier_all();
    if (npes <= MAXPES) {
        for (int pe = 0; pe < npes; pe++) shmem_int_p(&flags[me], 1, pe);
        shmem_barrier_all();
        int ones[MAXPES], everyone[MAXPES];
        for (int i = 0; i < MAXPES; i++) ones[i] = everyone[i] = 1;
        size_t n = (size_t)npes;
        for (size_t r = 0; r < 2 * n; r++) {
            got1[0][r] = shmem_int_test_any(flags, n, NULL, SHMEM_CMP_EQ, 1);
            got1[1][r] = shmem_int_wait_until_any(flags, n, NULL, SHMEM_CMP_EQ, 1);
            got1[2][r] = shmem_int_test_any_vector(flags, n, NULL, SHMEM_CMP_EQ, ones);
            got1[3][r] = shmem_int_wait_until_any_vector(flags, n, NULL, SHMEM_CMP_EQ, ones);
        }
        for (int f = 0; f < 4; f++)
            for (size_t from = 0; from < 2 * n; from += n)
                CHECK(covers(got1[f], from, n, everyone, n), "one array, %s, calls %zu..%zu: %zu %zu",
                      routine[f], from, from + n, got1[f][from], got1[f][from + 1]);
    }
    shmem_finalize();
    if (me == 0) printf("anyfair ok on %d PEs\n", npes);
    return 0;
}
