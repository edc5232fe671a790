/* bale's histogram kernel in plain OpenSHMEM 1.4 C, the direct method of examples/histo.rs:
 * every PE adds 1 to `updates` random entries of a table spread over all PEs (entry g lives
 * at index g / npes on PE g % npes), one remote atomic add per update, with the same index
 * sequences as the Rust program. Each PE checks its entries against the counts it computes
 * from every PE's sequence; PE 0 prints the rate in the Rust program's format.
 *
 *   oshcc -O2 -o histo bench/c/histo.c && oshrun -np 4 ./histo [updates per PE] [entries per PE]
 *   shmemcc -O2 -o histo bench/c/histo.c && shmemrun -n 4 ./histo ...
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

/* PE pe's generator: a splitmix64 sequence, as `indices` in examples/histo.rs. */
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
    long updates = argc > 1 ? atol(argv[1]) : 1000000;
    long per_pe = argc > 2 ? atol(argv[2]) : 1000;
    int i, me, n;
    long k;
    uint64_t x, entries;
    long *table, *want;
    double t0;
    struct cyclic cyc;

    shmem_init();
    me = shmem_my_pe();
    n = shmem_n_pes();
    for (i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync_a[i] = psync_b[i] = SHMEM_SYNC_VALUE;
    entries = (uint64_t)per_pe * n;
    table = shmem_calloc(per_pe, sizeof(long));
    want = calloc(per_pe, sizeof(long));
    size_t *targets = malloc(updates * sizeof(size_t));
    x = stream((uint64_t)(me + 1));
    for (k = 0; k < updates; k++)
        targets[k] = next_index(&x, entries);
    cyc = cyclic_new((uint64_t)n);
    shmem_barrier_all();
    t0 = now();
    for (k = 0; k < updates; k++) {
        uint64_t at;
        int pe;
        place(&cyc, targets[k], &at, &pe);
        shmem_long_atomic_add(&table[at], 1, pe);
    }
    shmem_barrier_all();
    seconds = now() - t0;

    for (i = 0; i < n; i++) {
        x = stream((uint64_t)(i + 1));
        for (k = 0; k < updates; k++) {
            uint64_t g = next_index(&x, entries);
            if ((int)(g % n) == me)
                want[g / n]++;
        }
    }
    wrong = 0;
    for (k = 0; k < per_pe; k++)
        wrong |= table[k] != want[k];
    shmem_double_max_to_all(&slowest, &seconds, 1, 0, 0, n, dwork, psync_a);
    shmem_long_sum_to_all(&wrong_sum, &wrong, 1, 0, 0, n, lwork, psync_b);
    if (me == 0) {
        if (wrong_sum == 0)
            printf("histo amo: %d PEs, %ld updates in %.3f s: %.1f M updates/s (validated)\n", n,
                   updates * n, slowest, updates * n / slowest / 1e6);
        else
            fprintf(stderr, "histo amo: %ld PEs hold wrong counts\n", wrong_sum);
    }
    shmem_barrier_all();
    shmem_free(table);
    free(want);
    free(targets);
    shmem_finalize();
    return wrong_sum != 0;
}
