/* Errors C cannot type: each mode makes PE 0 (or every PE) break one rule; the job must end
 * with a one-line message naming the call and the argument (checked by the driver). */
#include <shmem.h>
#include <stdio.h>
#include <string.h>

static long pSync[SHMEM_BARRIER_SYNC_SIZE];
static long x, lock;

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "";
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    long local = 0;
    if (me == 0) {
        if (!strcmp(mode, "pe")) shmem_long_p(&x, 1, npes);
        if (!strcmp(mode, "addr")) shmem_long_p(&local, 1, 0);
        if (!strcmp(mode, "free")) shmem_free(&x);
        if (!strcmp(mode, "cmp")) shmem_long_wait_until(&x, 42, 0);
        if (!strcmp(mode, "ctx")) {
            shmem_ctx_t c;
            shmem_ctx_create(0, &c);
            shmem_ctx_destroy(c);
            shmem_ctx_long_p(c, &x, 1, 0);
        }
        if (!strcmp(mode, "team")) shmem_team_my_pe((shmem_team_t)77);
        if (!strcmp(mode, "null")) shmem_putmem(&x, NULL, 8, 0);
        if (!strcmp(mode, "range")) shmem_getmem(&local, (char *)&x - (1 << 30), 8, 0);
        if (!strcmp(mode, "pequiet")) {
            int pes[2] = {0, npes};
            shmem_pe_quiet(pes, 2);
        }
        /* The hot paths' checks (one compare for the PE, two for a range): a negative PE, a
         * range that starts in a global (or, below, in the symmetric heap) and runs past its
         * span (the partition), a source that wraps around the address space, a misaligned
         * atomic on a global. */
        if (!strcmp(mode, "negpe")) shmem_putmem(&x, &x, 8, -1);
        if (!strcmp(mode, "pastglobal")) shmem_putmem(&x, &local, (size_t)1 << 40, 0);
        if (!strcmp(mode, "wrap")) shmem_putmem(&x, (void *)(~(unsigned long)0 - 3), 8, 0);
        if (!strcmp(mode, "align")) shmem_long_atomic_fetch_add((long *)((char *)&x + 4), 1, 0);
    }
    if (!strcmp(mode, "past")) { /* shmem_malloc is collective */
        char *b = shmem_malloc(64);
        if (me == 0) shmem_putmem(b, &local, (size_t)1 << 40, 0);
    }
    if (!strcmp(mode, "set")) shmem_barrier(0, 0, npes + 1, pSync);
    if (!strcmp(mode, "psync")) shmem_barrier(0, 0, npes, &local);
    if (!strcmp(mode, "mismatch")) shmem_malloc(64 + me);
    if (!strcmp(mode, "alignbig")) shmem_align((size_t)1 << 31, 8);
    if (!strcmp(mode, "collectinto")) { /* the same source on every PE, inside dest */
        long *all = shmem_calloc((size_t)npes * 2, sizeof(long));
        shmem_long_collect(SHMEM_TEAM_WORLD, all, all + 1, 2);
    }
    if (!strcmp(mode, "fcollectinto")) { /* source at this PE's own block of dest */
        long *all = shmem_calloc((size_t)npes * 2, sizeof(long));
        shmem_long_fcollect(SHMEM_TEAM_WORLD, all, all + 2 * me, 2);
    }
    /* A lock word that is not 0 before its first use (never initialized, or overwritten):
     * a TAIL past the PEs, or bits no lock state has. */
    if (!strcmp(mode, "lockword") || !strcmp(mode, "lockbits")) {
        lock = !strcmp(mode, "lockword") ? 1000 : -1;
        shmem_barrier_all();
        if (me == 0) shmem_set_lock(&lock);
    }
    if (!strcmp(mode, "zeromismatch")) shmem_malloc(me == 0 ? 0 : 64); /* 0 bytes is collective too */
    shmem_barrier_all();
    shmem_finalize();
    /* After the last finalize: a one-sided call (an inline path in the header), a barrier,
     * an allocation. */
    if (!strcmp(mode, "afterp")) shmem_long_p(&x, 1, 0);
    if (!strcmp(mode, "afterbarrier")) shmem_barrier_all();
    if (!strcmp(mode, "aftermalloc")) shmem_malloc(64);
    return 0;
}
