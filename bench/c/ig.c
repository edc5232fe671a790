/* bale's index-gather kernel in plain OpenSHMEM 1.4 C, the direct method of examples/ig.rs:
 * a table is spread over all PEs (entry g lives at index g / npes on PE g % npes and holds
 * value(g)); every PE reads `requests` random entries with one remote get each, with the same
 * index sequences as the Rust program, and checks every value; PE 0 prints the rate in the
 * Rust program's format.
 *
 *   oshcc -O2 -o ig bench/c/ig.c && oshrun -np 4 ./ig [requests per PE] [entries per PE]
 *   shmemcc -O2 -o ig bench/c/ig.c && shmemrun -n 4 ./ig ...
 */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cyclic.h"

static long psync_a[SHMEM_REDUCE_SYNC_SIZE], psync_b[SHMEM_REDUCE_SYNC_SIZE];
static double dwork[SHMEM_REDUCE_MIN_WRKDATA_SIZE], seconds, slowest;
static long lwork[SHMEM_REDUCE_MIN_WRKDATA_SIZE], wrong, wrong_sum;

/* The table's entry g, as `value` in examples/ig.rs. */
static long value(uint64_t g) {
    return (long)((g * 0x2545f4914f6cdd1dULL) ^ 0x5555);
}

/* PE pe's generator: a splitmix64 sequence, as `indices` in examples/ig.rs. */
static uint64_t next_index(uint64_t *x, uint64_t entries) {
    uint64_t z;
    *x += 0x9e3779b97f4a7c15ULL;
    z = *x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return (z ^ (z >> 31)) % entries;
}

/* The first state of stream s: the first splitmix64 output from s * GAMMA, as Rng::new in
 * examples/common/mod.rs (started at s * GAMMA itself, stream s + 1 would be stream s one
 * draw later). */
static uint64_t stream(uint64_t s) {
    uint64_t z = (s + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    long requests = argc > 1 ? atol(argv[1]) : 500000;
    long per_pe = argc > 2 ? atol(argv[2]) : 10000;
    int i, me, n;
    long k;
    uint64_t x, entries;
    long *table, *got;
    size_t *wanted;
    double t0;
    struct cyclic cyc;

    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    for (i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync_a[i] = psync_b[i] = SHMEM_SYNC_VALUE;
    entries = (uint64_t)per_pe * n;
    table = shmem_malloc(per_pe * sizeof(long));
    for (k = 0; k < per_pe; k++)
        table[k] = value((uint64_t)k * n + me);
    got = malloc(requests * sizeof(long));
    wanted = malloc(requests * sizeof(size_t));
    x = stream((uint64_t)(me + 7));
    for (k = 0; k < requests; k++)
        wanted[k] = next_index(&x, entries);
    cyc = cyclic_new((uint64_t)n);
    shmem_barrier_all();
    t0 = now();
    for (k = 0; k < requests; k++) {
        uint64_t at;
        int pe;
        place(&cyc, wanted[k], &at, &pe);
        got[k] = shmem_long_g(&table[at], pe);
    }
    shmem_barrier_all();
    seconds = now() - t0;

    wrong = 0;
    for (k = 0; k < requests; k++)
        wrong |= got[k] != value(wanted[k]);
    shmem_double_max_to_all(&slowest, &seconds, 1, 0, 0, n, dwork, psync_a);
    shmem_long_sum_to_all(&wrong_sum, &wrong, 1, 0, 0, n, lwork, psync_b);
    if (me == 0) {
        if (wrong_sum == 0)
            printf("ig get: %d PEs, %ld reads in %.3f s: %.1f M reads/s (validated)\n", n,
                   requests * n, slowest, requests * n / slowest / 1e6);
        else
            fprintf(stderr, "ig get: %ld PEs read wrong values\n", wrong_sum);
    }
    shmem_barrier_all();
    shmem_free(table);
    free(got);
    free(wanted);
    shmem_finalize();
    return wrong_sum != 0;
}
