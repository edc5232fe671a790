/* The header's inline paths (shmem.h, "Inline fast paths") against the library's: every
 * transfer size from 1 to 300 bytes at every destination alignment 0..7, into the heap and a
 * global, on every PE including this one; overlapping transfers on one PE (memmove); p/g and
 * every AMO of every type, through the specification's names and the C11 generic names, on a
 * global and a heap word; and waiters asleep on their futex, woken by each kind of inline
 * store. Built twice (tests/c_abi.rs): as is, where these calls run inline, and with
 * -DSHMEM_NO_INLINE, where every call goes to the library; the expectations are the same. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200112L
#endif
#include <shmem.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXB 300
#define AREA (MAXB + 16)
static unsigned char garea[AREA];  /* a symmetric global (bss) */
static long gflag;

static int me, npes;

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

/* The byte a transfer of n bytes from PE src at offset k carries (n, src and k all matter). */
static unsigned char pat(int src, int n, int k) { return (unsigned char)(src * 37 + n * 11 + k * 3 + 1); }

static void nap_ms(long ms) {
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Every size and alignment, put and get, heap and global, to every PE (each PE writes its
 * own slice of the target, so all PEs run at once). */
static int sweep(unsigned char *heap_src, unsigned char *harea) {
    unsigned char got[AREA];
    for (int n = 1; n <= MAXB; n += (n < 40 ? 1 : 13)) {
        for (int a = 0; a < 8; a++) {
            for (int k = 0; k < n; k++) heap_src[k] = pat(me, n, k);
            for (int t = 0; t < 2; t++) {
                unsigned char *area = t ? garea : harea;
                memset(area, 0xEE, AREA);
                shmem_barrier_all();
                /* PE p's put lands on PE (p + 1) % npes */
                shmem_putmem(area + a, heap_src, (size_t)n, (me + 1) % npes);
                shmem_barrier_all();
                int from = (me + npes - 1) % npes;
                for (int k = 0; k < AREA; k++) {
                    unsigned char want = (k >= a && k < a + n) ? pat(from, n, k - a) : 0xEE;
                    CHECK(area[k] == want, "put n=%d align=%d %s byte %d = %#x, want %#x", n, a,
                          t ? "global" : "heap", k, area[k], want);
                }
                /* get it back from that PE, into a symmetric buffer and into the stack */
                int to = (me + 1) % npes;
                shmem_getmem(harea == area ? heap_src : harea, area + a, (size_t)n, to);
                const unsigned char *g = harea == area ? heap_src : harea;
                for (int k = 0; k < n; k++)
                    CHECK(g[k] == pat(me, n, k), "get n=%d align=%d %s byte %d", n, a,
                          t ? "global" : "heap", k);
                shmem_getmem(got, area + a, (size_t)n, to);
                for (int k = 0; k < n; k++) CHECK(got[k] == pat(me, n, k), "get to stack n=%d", n);
                for (int k = 0; k < n; k++) heap_src[k] = pat(me, n, k);
                shmem_barrier_all();
            }
        }
    }
    return 0;
}

/* Overlapping transfers within this PE's own heap: memmove's result. */
static int overlap(unsigned char *harea) {
    static const int sizes[] = {1, 2, 4, 8, 16, 24, 64, 200};
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (int shift = -3; shift <= 3; shift++) {
            int n = sizes[s];
            unsigned char want[AREA];
            for (int k = 0; k < AREA; k++) harea[k] = want[k] = (unsigned char)(k * 7 + n);
            int from = 8, to = 8 + shift;
            memmove(want + to, want + from, (size_t)n);
            shmem_putmem(harea + to, harea + from, (size_t)n, me);
            for (int k = 0; k < AREA; k++)
                CHECK(harea[k] == want[k], "overlapping put n=%d shift=%d byte %d", n, shift, k);
            for (int k = 0; k < AREA; k++) harea[k] = want[k] = (unsigned char)(k * 5 + n);
            memmove(want + to, want + from, (size_t)n);
            shmem_getmem(harea + to, harea + from, (size_t)n, me);
            for (int k = 0; k < AREA; k++)
                CHECK(harea[k] == want[k], "overlapping get n=%d shift=%d byte %d", n, shift, k);
        }
    }
    return 0;
}

/* p/g of a type on a global and a heap copy, through the typed and the generic names. */
#define PG(NAME, T, V)                                                                  \
    do {                                                                                \
        static T g_##NAME;                                                              \
        T *h = (T *)shmem_malloc(sizeof(T));                                            \
        CHECK(h != NULL, "malloc");                                                     \
        shmem_barrier_all();                                                            \
        int to = (me + 1) % npes, from = (me + npes - 1) % npes;                        \
        shmem_##NAME##_p(&g_##NAME, (T)((V) + me), to);                                 \
        shmem_p(h, (T)((V) + 2 * me), to);                                              \
        shmem_barrier_all();                                                            \
        CHECK(g_##NAME == (T)((V) + from), #NAME "_p global");                          \
        CHECK(*h == (T)((V) + 2 * from), #NAME " generic p heap");                      \
        CHECK(shmem_##NAME##_g(&g_##NAME, to) == (T)((V) + me), #NAME "_g global");     \
        CHECK(shmem_g(h, to) == (T)((V) + 2 * me), #NAME " generic g heap");            \
        T arr[3] = {(T)(V), (T)((V) + 1), (T)((V) + 2)}, back[3] = {0, 0, 0};           \
        T *ha = (T *)shmem_malloc(3 * sizeof(T));                                       \
        shmem_barrier_all();                                                            \
        shmem_##NAME##_put(ha, arr, 3, to);                                             \
        shmem_barrier_all();                                                            \
        shmem_##NAME##_get(back, ha, 3, from);                                          \
        for (int k = 0; k < 3; k++) CHECK(back[k] == arr[k], #NAME " put/get [%d]", k); \
        shmem_barrier_all();                                                            \
        shmem_free(ha);                                                                 \
        shmem_free(h);                                                                  \
    } while (0)

static int pg(void) {
    PG(float, float, 1.5f);
    PG(double, double, -2.25);
    PG(char, char, 'a');
    PG(schar, signed char, -5);
    PG(short, short, -300);
    PG(int, int, -70000);
    PG(long, long, -5000000000L);
    PG(longlong, long long, 7000000000LL);
    PG(uchar, unsigned char, 200);
    PG(ushort, unsigned short, 60000);
    PG(uint, unsigned int, 4000000000U);
    PG(ulong, unsigned long, 0x8000000000000001UL);
    PG(ulonglong, unsigned long long, 0x7000000000000003ULL);
    PG(int8, int8_t, -100);
    PG(int16, int16_t, -30000);
    PG(int32, int32_t, -2000000000);
    PG(int64, int64_t, -9000000000000LL);
    PG(uint8, uint8_t, 250);
    PG(uint16, uint16_t, 65000);
    PG(uint32, uint32_t, 3000000000U);
    PG(uint64, uint64_t, 0xF000000000000000ULL);
    PG(size, size_t, 123456789);
    PG(ptrdiff, ptrdiff_t, -123456789);
    return 0;
}

/* The AMOs of a standard AMO type on a global and a heap word, from every PE to every PE:
 * totals folded over the PE ids. */
#define AMO(NAME, T)                                                                         \
    do {                                                                                     \
        static T g_##NAME;                                                                   \
        T *h = (T *)shmem_malloc(sizeof(T));                                                 \
        CHECK(h != NULL, "malloc");                                                          \
        g_##NAME = 0;                                                                        \
        *h = 0;                                                                              \
        shmem_barrier_all();                                                                 \
        for (int p = 0; p < npes; p++) {                                                     \
            (void)shmem_##NAME##_atomic_fetch_add(&g_##NAME, (T)(me + 1), p);                \
            shmem_##NAME##_atomic_add(h, (T)(2 * me + 1), p);                                \
            shmem_##NAME##_atomic_inc(&g_##NAME, p);                                         \
            (void)shmem_atomic_fetch_inc(h, p);                                              \
        }                                                                                    \
        shmem_barrier_all();                                                                 \
        T want_g = 0, want_h = 0;                                                            \
        for (int p = 0; p < npes; p++) {                                                     \
            want_g = (T)(want_g + (T)(p + 1) + 1);                                           \
            want_h = (T)(want_h + (T)(2 * p + 1) + 1);                                       \
        }                                                                                    \
        CHECK(g_##NAME == want_g, #NAME " add global");                                      \
        CHECK(*h == want_h, #NAME " add heap");                                              \
        CHECK(shmem_##NAME##_atomic_fetch(&g_##NAME, (me + 1) % npes) == want_g, #NAME " fetch"); \
        shmem_barrier_all();                                                                 \
        /* compare_swap: only PE 0's swap from want_g succeeds; the others see its value */  \
        if (me == 0) {                                                                       \
            T old = shmem_##NAME##_atomic_compare_swap(&g_##NAME, want_g, (T)77, 1 % npes);  \
            CHECK(old == want_g, #NAME " compare_swap old");                                 \
            old = shmem_##NAME##_atomic_compare_swap(&g_##NAME, want_g, (T)99, 1 % npes);    \
            CHECK(old == (T)77, #NAME " failing compare_swap old");                          \
        }                                                                                    \
        shmem_barrier_all();                                                                 \
        if (me == 1 % npes) CHECK(g_##NAME == (T)77, #NAME " compare_swap result");          \
        T prev = shmem_##NAME##_atomic_swap(h, (T)(me + 5), me);                             \
        CHECK(prev == want_h, #NAME " swap old");                                            \
        shmem_##NAME##_atomic_set(h, (T)(me + 6), me);                                       \
        CHECK(shmem_atomic_fetch(h, me) == (T)(me + 6), #NAME " set");                       \
        shmem_barrier_all();                                                                 \
        shmem_free(h);                                                                       \
    } while (0)

/* The bitwise AMOs: every PE sets, clears and flips its own bits (AND != OR != XOR). */
#define BITS(NAME, T)                                                                        \
    do {                                                                                     \
        static T g_##NAME;                                                                   \
        g_##NAME = (T)0x0F0F;                                                                \
        shmem_barrier_all();                                                                 \
        T bit = (T)((T)1 << (me + 16));                                                      \
        for (int p = 0; p < npes; p++) {                                                     \
            shmem_##NAME##_atomic_or(&g_##NAME, bit, p);                                     \
            (void)shmem_##NAME##_atomic_fetch_xor(&g_##NAME, (T)((T)1 << me), p);            \
            shmem_atomic_and(&g_##NAME, (T)~(T)((T)0x100 << me), p);                         \
        }                                                                                    \
        shmem_barrier_all();                                                                 \
        T want = (T)0x0F0F;                                                                  \
        for (int p = 0; p < npes; p++) {                                                     \
            want = (T)(want | (T)((T)1 << (p + 16)));                                        \
            want = (T)(want ^ (T)((T)1 << p));                                               \
            want = (T)(want & (T)~(T)((T)0x100 << p));                                       \
        }                                                                                    \
        CHECK(g_##NAME == want, #NAME " bitwise: %llx, want %llx",                           \
              (unsigned long long)g_##NAME, (unsigned long long)want);                       \
        shmem_barrier_all();                                                                 \
    } while (0)

static int amos(void) {
    AMO(int, int);
    AMO(long, long);
    AMO(longlong, long long);
    AMO(uint, unsigned int);
    AMO(ulong, unsigned long);
    AMO(ulonglong, unsigned long long);
    AMO(int32, int32_t);
    AMO(int64, int64_t);
    AMO(uint32, uint32_t);
    AMO(uint64, uint64_t);
    AMO(size, size_t);
    AMO(ptrdiff, ptrdiff_t);
    BITS(uint, unsigned int);
    BITS(ulong, unsigned long);
    BITS(ulonglong, unsigned long long);
    BITS(int32, int32_t);
    BITS(int64, int64_t);
    BITS(uint32, uint32_t);
    BITS(uint64, uint64_t);
    /* the extended AMOs of float and double */
    static double gdbl;
    static float gflt;
    gdbl = 0.0;
    gflt = 0.0f;
    shmem_barrier_all();
    if (me == 0) {
        shmem_double_atomic_set(&gdbl, 2.5, npes - 1);
        CHECK(shmem_double_atomic_swap(&gdbl, -1.25, npes - 1) == 2.5, "double swap");
        CHECK(shmem_double_atomic_fetch(&gdbl, npes - 1) == -1.25, "double fetch");
        shmem_atomic_set(&gflt, 0.5f, npes - 1);
        CHECK(shmem_atomic_swap(&gflt, 4.0f, npes - 1) == 0.5f, "float swap");
        CHECK(shmem_atomic_fetch(&gflt, npes - 1) == 4.0f, "float fetch");
    }
    shmem_barrier_all();
    if (me == npes - 1) CHECK(gdbl == -1.25 && gflt == 4.0f, "extended results");
    return 0;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int gslow;

/* Each kind of inline store wakes a waiter asleep on its futex: PE 0 naps 30 ms (past the
 * spin and yield phases, at most 20,000 checks and 5 ms) before it stores into PE 1's flag.
 * main() sets SHMEM_WAIT_RECHECK_MS=30000, so a sleeper re-checks its condition by itself only
 * every 30 s: a missed wake-up leaves PE 1 asleep while PE 0 waits in the barrier (the
 * launcher reports a deadlock), and could not be seen within the 10 s allowed here, a bound
 * that a busy machine's scheduling delays do not reach (the default 100 ms re-check would hide
 * a missed wake-up behind them). */
static int wakeups(unsigned char *harea) {
    long *hflag = (long *)harea;
    for (int kind = 0; kind < 8; kind++) {
        int tries = 0;
        do {
            gflag = 0;
            *hflag = 0;
            gslow = 0;
            shmem_barrier_all();
            long want = kind + 1;
            if (me == 0) {
                nap_ms(30);
                long v = want, big[8] = {want, 0, 0, 0, 0, 0, 0, 0};
                long *src = (long *)(harea + 64);
                memcpy(src, big, sizeof big);
                switch (kind) {
                case 0: shmem_long_p(&gflag, v, 1); break;
                case 1: shmem_long_atomic_add(&gflag, v, 1); break;
                case 2: shmem_long_atomic_set(&gflag, v, 1); break;
                case 3: (void)shmem_long_atomic_fetch_add(&gflag, v, 1); break;
                case 4: (void)shmem_long_atomic_compare_swap(&gflag, 0, v, 1); break;
                case 5: shmem_putmem(hflag, src, 8, 1); break;
                case 6: shmem_putmem(hflag, src, 64, 1); break;
                case 7: shmem_long_put(hflag, src, 2, 1); break;
                }
                shmem_quiet();
            } else if (me == 1) {
                double t0 = now_ms();
                if (kind < 5)
                    shmem_long_wait_until(&gflag, SHMEM_CMP_EQ, want);
                else
                    shmem_long_wait_until(hflag, SHMEM_CMP_EQ, want);
                double waited = now_ms() - t0;
                if (waited > 10000.0) {
                    printf("PE 1: kind %d woke after %.1f ms (try %d)\n", kind, waited, tries + 1);
                    for (int p = 0; p < npes; p++) shmem_int_p(&gslow, 1, p);
                }
            }
            shmem_barrier_all();
        } while (gslow && ++tries < 3);
        CHECK(!gslow, "a waiter missed the wake-up of store kind %d (3 tries)", kind);
    }
    return 0;
}

int main(void) {
    /* Before init, which reads it; a value the test's launcher set wins. */
    setenv("SHMEM_WAIT_RECHECK_MS", "30000", 0);
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    unsigned char *harea = shmem_malloc(AREA);
    unsigned char *heap_src = shmem_malloc(AREA);
    CHECK(harea != NULL && heap_src != NULL, "malloc");
    if (sweep(heap_src, harea) || overlap(harea) || pg() || amos()) return 1;
    if (npes > 1 && wakeups(harea)) return 1;
    shmem_barrier_all();
    shmem_free(heap_src);
    shmem_free(harea);
#ifdef SHMEM_INLINE_PATHS
    const char *how = "inline";
#else
    const char *how = "library";
#endif
    if (me == 0) printf("inline ok on %d PEs (%s)\n", npes, how);
    shmem_finalize();
    return 0;
}
