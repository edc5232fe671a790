/* SHMEM_THREAD_MULTIPLE: NT pthreads per PE doing atomics and puts to every PE at once, a
 * thread blocked in shmem_long_wait_until while another thread of its PE is in
 * shmem_barrier_all, and a put that a PE waits for before its barrier made by a thread of a
 * PE whose other thread is in that barrier already (a library with one lock for every call
 * deadlocks there). Expectations are folded over PE and thread ids.
 * Then every thread goes once through the other one-sided forms (strided, block-strided,
 * put-with-signal, p/g, putmem from symmetric memory, a fetching AMO's _nbi result into
 * symmetric memory) while the main thread waits on an array (wait_until_any/all).
 * `threads serialized` asks for SHMEM_THREAD_SERIALIZED instead: it must get exactly that,
 * and the same atomics and puts then run with the threads taking turns on a mutex. */
#include <shmem.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)
#define TCHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d thread %d: ", me, t); printf(__VA_ARGS__); printf("\n"); fflush(stdout); bad[t] = 1; return NULL; } } while (0)
#define NT 4
#define ITERS 100
#define SLICE 24
#define MAXPES 16

static int me, npes, serialized;
static pthread_mutex_t turn = PTHREAD_MUTEX_INITIALIZER;
static int bad[NT + 2];

long added;                          /* (1) every thread of every PE adds q * NT + t + 1 */
long ticket;                         /* (1) every thread of every PE fetch-adds 1 */
static long fetched_sum[MAXPES];     /* this PE's threads: the sum of the tickets they got */
static long fetched_all[MAXPES];     /* reduced over the PEs */
static long data[MAXPES * NT * SLICE]; /* (2) slice q * NT + t written by thread t of PE q */
long gate;                           /* (3) opened by thread B of PE 0 */
static long seen[NT];                /* (3) what each waiting thread saw */
static shmem_ctx_t ctx;
static int ints[MAXPES * NT * 16];   /* (5) iput: every other int of 16, from PE me - 1 */
static long sdata[MAXPES * NT * 8];  /* (5) put_signal, putmem from symmetric, ibput */
static long ssrc[NT * 4];            /* (5) a symmetric source */
static long fetched_sym[NT];         /* (5) _nbi fetch results, in symmetric memory */
long hits;                           /* (5) fetch_add_nbi target */
uint64_t sig;                        /* (5) NT signals from PE me - 1 */
long flags[NT];                      /* (5) set by each thread of this PE when it is done */
#define BIG 100
static long bigsrc[NT * BIG];        /* (5) a larger symmetric source (putmem of 800 bytes) */
static long big[MAXPES * NT * BIG];  /* (5) its target, slice me * NT + t from PE me - 1 */
static long bigback[NT * BIG];       /* (5) getmem of it back, into symmetric memory */

static void lock(void) { if (serialized) pthread_mutex_lock(&turn); }
static void unlock(void) { if (serialized) pthread_mutex_unlock(&turn); }

static long value(int p, int q, int t, int k) { return ((long)p << 40) | ((long)q << 24) | ((long)t << 16) | k; }

static void *rma_thread(void *arg) {
    int t = (int)(long)arg;
    long mine[MAXPES] = {0};
    for (int i = 0; i < ITERS; i++) {
        for (int p = 0; p < npes; p++) {
            lock();
            shmem_long_atomic_add(&added, me * NT + t + 1, p);
            mine[p] += shmem_long_atomic_fetch_add(&ticket, 1, p);
            unlock();
        }
    }
    lock();
    for (int p = 0; p < npes; p++) shmem_long_atomic_add(&fetched_sum[p], mine[p], me);
    unlock();
    /* (2): this thread's slice, to every PE, by put, put_nbi, putmem and p in turn. */
    long buf[SLICE], back[SLICE];
    long *slice = &data[(me * NT + t) * SLICE];
    for (int p = 0; p < npes; p++) {
        for (int k = 0; k < SLICE; k++) buf[k] = value(p, me, t, k);
        lock();
        switch ((p + t) % 4) {
        case 0: shmem_long_put(slice, buf, SLICE, p); break;
        case 1: shmem_long_put_nbi(slice, buf, SLICE, p); break;
        case 2: shmem_putmem(slice, buf, sizeof buf, p); break;
        default: for (int k = 0; k < SLICE; k++) shmem_long_p(&slice[k], buf[k], p);
        }
        shmem_quiet();
        memset(back, 0, sizeof back);
        shmem_long_get(back, slice, SLICE, p);
        unlock();
        for (int k = 0; k < SLICE; k++)
            TCHECK(back[k] == buf[k], "slice read back from PE %d: [%d] = %lx, expected %lx", p, k, back[k], buf[k]);
    }
    return NULL;
}

static void *more_forms(void *arg) {
    int t = (int)(long)arg;
    int p = (me + 1) % npes, at = me * NT + t;
    int isrc[8], iback[8];
    long buf[4], back[4];
    for (int k = 0; k < 8; k++) isrc[k] = at * 100 + k;
    for (int k = 0; k < 4; k++) { buf[k] = value(p, me, t, k); ssrc[t * 4 + k] = ~buf[k]; }
    for (int k = 0; k < BIG; k++) bigsrc[t * BIG + k] = value(p, me, t, k) + 7;
    lock();
    shmem_int_iput(&ints[at * 16], isrc, 2, 1, 8, p);
    shmem_int_iget(iback, &ints[at * 16], 1, 2, 8, p);
    shmem_long_put_signal(&sdata[at * 8], buf, 4, &sig, 1, SHMEM_SIGNAL_ADD, p);
    for (int k = 0; k < 4; k++) back[k] = shmem_long_g(&sdata[at * 8 + k], p);
    shmem_putmem(&sdata[at * 8 + 4], &ssrc[t * 4], 2 * sizeof(long), p);
    shmem_long_ibput(&sdata[at * 8 + 6], &ssrc[t * 4 + 2], 1, 1, 1, 2, p);
    shmem_long_atomic_fetch_add_nbi(&fetched_sym[t], &hits, 1, p);
    shmem_putmem(&big[at * BIG], &bigsrc[t * BIG], sizeof(long) * BIG, p);
    shmem_getmem(&bigback[t * BIG], &big[at * BIG], sizeof(long) * BIG, p);
    shmem_quiet();
    long f = fetched_sym[t];
    shmem_long_atomic_set(&flags[t], 1, me);
    unlock();
    for (int k = 0; k < 8; k++) TCHECK(iback[k] == isrc[k], "iget [%d] = %d, expected %d", k, iback[k], isrc[k]);
    for (int k = 0; k < 4; k++) TCHECK(back[k] == buf[k], "g [%d] = %lx, expected %lx", k, back[k], buf[k]);
    TCHECK(f >= 0 && f < NT * npes, "fetch_add_nbi fetched %ld", f);
    for (int k = 0; k < BIG; k++)
        TCHECK(bigback[t * BIG + k] == bigsrc[t * BIG + k], "getmem back [%d] = %lx, expected %lx", k, bigback[t * BIG + k], bigsrc[t * BIG + k]);
    return NULL;
}

static void *waiter(void *arg) {
    int t = (int)(long)arg;
    shmem_long_wait_until(&gate, SHMEM_CMP_EQ, 1);
    seen[t] = shmem_long_atomic_fetch(&gate, me);
    return NULL;
}

static void *opener(void *arg) {
    int t = (int)(long)arg;
    /* Let the main thread of PE 0 get into shmem_barrier_all first. */
    struct timespec d = {0, 50 * 1000 * 1000};
    nanosleep(&d, NULL);
    for (int p = 1; p < npes; p++) { shmem_ctx_long_p(ctx, &gate, 1, p); }
    shmem_ctx_quiet(ctx);
    shmem_long_atomic_set(&gate, 1, 0);
    TCHECK(shmem_long_atomic_fetch(&gate, 0) == 1, "gate of PE 0 not open");
    return NULL;
}

int main(int argc, char **argv) {
    serialized = argc > 1 && strcmp(argv[1], "serialized") == 0;
    int want = serialized ? SHMEM_THREAD_SERIALIZED : SHMEM_THREAD_MULTIPLE, got = -1, q = -1;
    shmem_init_thread(want, &got);
    me = shmem_my_pe();
    npes = shmem_n_pes();
    shmem_query_thread(&q);
    /* (4) */
    CHECK(got == want, "provided %d, asked for %d", got, want);
    CHECK(q == want, "shmem_query_thread says %d, provided %d", q, want);
    CHECK(npes <= MAXPES, "at most %d PEs", MAXPES);
    /* A second initialization provides the level the first chose, whatever it asks for. */
    int again = -1;
    shmem_init_thread(SHMEM_THREAD_SINGLE, &again);
    CHECK(again == want, "a second shmem_init_thread provided %d, the first %d", again, want);
    CHECK(shmem_ctx_create(0, &ctx) == 0, "shmem_ctx_create");

    /* (1) and (2) */
    pthread_t th[NT + 2];
    for (int t = 0; t < NT; t++) pthread_create(&th[t], NULL, rma_thread, (void *)(long)t);
    for (int t = 0; t < NT; t++) pthread_join(th[t], NULL);
    for (int t = 0; t < NT; t++) CHECK(!bad[t], "thread %d failed", t);
    shmem_barrier_all();
    long want_added = 0;
    for (int p = 0; p < npes; p++)
        for (int t = 0; t < NT; t++) want_added += (long)(p * NT + t + 1) * ITERS;
    CHECK(added == want_added, "added %ld, expected %ld", added, want_added);
    long n = (long)npes * NT * ITERS;
    CHECK(ticket == n, "ticket %ld, expected %ld", ticket, n);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, fetched_all, fetched_sum, npes);
    /* Every ticket 0 .. n - 1 of PE p was fetched exactly once if the sum is right and
     * every fetch_add returned a distinct value (it is an atomic): n (n - 1) / 2. */
    for (int p = 0; p < npes; p++)
        CHECK(fetched_all[p] == n * (n - 1) / 2, "tickets of PE %d sum to %ld, expected %ld", p, fetched_all[p], n * (n - 1) / 2);
    for (int q2 = 0; q2 < npes; q2++)
        for (int t = 0; t < NT; t++)
            for (int k = 0; k < SLICE; k++) {
                long v = data[(q2 * NT + t) * SLICE + k];
                CHECK(v == value(me, q2, t, k), "data from PE %d thread %d [%d] = %lx, expected %lx", q2, t, k, v, value(me, q2, t, k));
            }

    /* (5) */
    shmem_barrier_all();
    for (int t = 0; t < NT; t++) pthread_create(&th[t], NULL, more_forms, (void *)(long)t);
    if (!serialized) {
        size_t i = shmem_long_wait_until_any(flags, NT, NULL, SHMEM_CMP_EQ, 1);
        CHECK(i < NT && flags[i] == 1, "wait_until_any returned %zu", i);
        shmem_long_wait_until_all(flags, NT, NULL, SHMEM_CMP_EQ, 1);
    }
    for (int t = 0; t < NT; t++) pthread_join(th[t], NULL);
    for (int t = 0; t < NT; t++) CHECK(!bad[t], "thread %d failed", t);
    CHECK(shmem_long_test_all(flags, NT, NULL, SHMEM_CMP_EQ, 1) == 1, "test_all");
    CHECK(shmem_signal_wait_until(&sig, SHMEM_CMP_EQ, NT) == NT, "signal");
    shmem_barrier_all();
    {
        int from = (me + npes - 1) % npes;
        CHECK(hits == NT, "hits %ld, expected %d", hits, NT);
        for (int t = 0; t < NT; t++) {
            int at = from * NT + t;
            for (int k = 0; k < 16; k++) {
                int want_i = k % 2 ? 0 : at * 100 + k / 2;
                CHECK(ints[at * 16 + k] == want_i, "ints from PE %d thread %d [%d] = %d, expected %d", from, t, k, ints[at * 16 + k], want_i);
            }
            for (int k = 0; k < BIG; k++)
                CHECK(big[at * BIG + k] == value(me, from, t, k) + 7, "big from PE %d thread %d [%d] = %lx", from, t, k, big[at * BIG + k]);
            for (int k = 0; k < 8; k++) {
                long want_l = k < 4 ? value(me, from, t, k) : ~value(me, from, t, k - 4);
                CHECK(sdata[at * 8 + k] == want_l, "sdata from PE %d thread %d [%d] = %lx, expected %lx", from, t, k, sdata[at * 8 + k], want_l);
            }
        }
    }

    if (!serialized) {
        /* (3): on every PE NT threads wait on the gate; PE 0's main thread enters the barrier
         * while its thread B opens every gate; the other PEs' main threads wait for their gate
         * before they enter the barrier. */
        shmem_barrier_all();
        for (int t = 0; t < NT; t++) pthread_create(&th[t], NULL, waiter, (void *)(long)t);
        if (me == 0) {
            pthread_create(&th[NT], NULL, opener, (void *)(long)NT);
        } else {
            shmem_long_wait_until(&gate, SHMEM_CMP_EQ, 1);
        }
        shmem_barrier_all();
        if (me == 0) pthread_join(th[NT], NULL);
        for (int t = 0; t < NT; t++) pthread_join(th[t], NULL);
        CHECK(!bad[NT], "the opener failed");
        for (int t = 0; t < NT; t++) CHECK(seen[t] == 1, "waiter %d saw %ld", t, seen[t]);
        CHECK(gate == 1, "gate %ld", gate);
    }
    shmem_ctx_destroy(ctx);
    shmem_barrier_all();
    shmem_finalize();
    int on = 0;
    shmem_query_initialized(&on);
    CHECK(on == 1, "initialized twice, finalized once: shmem_query_initialized says %d", on);
    if (me == 0) printf("threads ok on %d PEs\n", npes);
    shmem_finalize();
    return 0;
}
