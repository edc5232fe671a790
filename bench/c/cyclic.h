/* cyclic.h: the cyclic layout's index split of bench/c's programs (histo.c, ig.c). */
#ifndef BENCH_C_CYCLIC_H
#define BENCH_C_CYCLIC_H

#include <stdint.h>

/* Entry g's owner and index there, g % n and g / n, as the Rust programs' shmem::Cyclic
 * computes them: for g below 2^32 the high half of g times a reciprocal computed once
 * (Granlund and Montgomery 1994, exact for every such g; g itself for one PE), larger g
 * divided. A divide per element costs more than the one-sided operation it addresses. */
struct cyclic {
    uint64_t n, m;
};

static struct cyclic cyclic_new(uint64_t n) {
    struct cyclic c = {n, 0};
    unsigned l = 0;
    while (((uint64_t)1 << l) < n)
        l++;
    if (n > 1)
        c.m = (uint64_t)((((unsigned __int128)1 << (32 + l)) / n + 1) << (32 - l));
    return c;
}

static void place(const struct cyclic *c, uint64_t g, uint64_t *index, int *pe) {
    uint64_t q;
    if ((g >> 32) == 0)
        q = (uint64_t)(((unsigned __int128)c->m * g) >> 64) + (c->n == 1 ? g : 0);
    else
        q = g / c->n;
    *index = q;
    *pe = (int)(g - q * c->n);
}

#endif
