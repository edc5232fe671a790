/* icount.c: instructions (counted exactly) and time per call of the C API's small
 * operations, the loops of OSHMEM's bench.c (put_lat_8, get_lat_8, the AMO rows) plus p and
 * quiet. Its Rust twin is bench/icount.rs; docs/ARCHITECTURE.md ("Per-call cost") quotes
 * both. valgrind cannot run a C PE (shmem_init's mremap with old size 0), so the count is
 * made by single-stepping: the x86-64 trap flag raises SIGTRAP after every user-mode
 * instruction, and the handler counts them; a loop of 2N iterations minus one of N is the
 * count of N iterations.
 *
 *   target/release/shmemcc -O2 -o /tmp/icount bench/icount.c
 *   target/release/shmemrun -n 2 /tmp/icount          (PE 0 prints; x86-64 only)
 */
#include <shmem.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long amo_target;         /* on PE 1, as in bench.c: a global */
static char *msg_src, *msg_dst; /* shmem_malloc'd, as in bench.c */
static volatile long steps;
static long k0;

static void on_trap(int sig) { (void)sig; steps++; }
#define NOINL __attribute__((noinline))
NOINL static void tf_on(void) { __asm__ volatile("pushfq; orq $0x100, (%%rsp); popfq" ::: "memory", "cc"); }
NOINL static void tf_off(void) { __asm__ volatile("pushfq; andq $~0x100, (%%rsp); popfq" ::: "memory", "cc"); }

NOINL static void put_loop(long n) {
    for (long i = 0; i < n; i++) { shmem_putmem(msg_dst, msg_src, 8, 1); shmem_quiet(); }
}
NOINL static void get_loop(long n) {
    for (long i = 0; i < n; i++) shmem_getmem(msg_dst, msg_src, 8, 1);
}
NOINL static void fadd_loop(long n) {
    long bad = 0;
    for (long k = k0; k < k0 + n; k++) bad |= shmem_long_atomic_fetch_add(&amo_target, 1, 1) != k;
    k0 += n;
    if (bad) printf("FAIL fetch_add\n");
}
NOINL static void cswap_loop(long n) {
    long bad = 0;
    for (long k = k0; k < k0 + n; k++)
        bad |= shmem_long_atomic_compare_swap(&amo_target, k, k + 1, 1) != k;
    k0 += n;
    if (bad) printf("FAIL compare_swap\n");
}
NOINL static void add_loop(long n) {
    for (long i = 0; i < n; i++) { shmem_long_atomic_add(&amo_target, 1, 1); shmem_quiet(); }
    k0 += n;
}
NOINL static void p_loop(long n) { for (long i = 0; i < n; i++) shmem_long_p(&amo_target, k0, 1); }
NOINL static void quiet_loop(long n) { for (long i = 0; i < n; i++) shmem_quiet(); }

typedef void (*loop_fn)(long);
static long count(loop_fn f, long n) { steps = 0; tf_on(); f(n); tf_off(); return steps; }
static double ns(loop_fn f, long n) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    f(n);
    clock_gettime(CLOCK_MONOTONIC, &b);
    return ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / (double)n;
}

int main(void) {
    static const struct { const char *name; loop_fn f; } rows[] = {
        {"put_lat_8 (putmem+quiet)", put_loop}, {"get_lat_8 (getmem)", get_loop},
        {"amo_fadd (fetch_add)", fadd_loop},    {"amo_cswap (compare_swap)", cswap_loop},
        {"amo_add (add+quiet)", add_loop},      {"p (long_p)", p_loop},
        {"quiet", quiet_loop}};
    const long n = 1000, timed = 200000;
    signal(SIGTRAP, on_trap);
    shmem_init();
    msg_src = shmem_malloc(1 << 20);
    msg_dst = shmem_malloc(1 << 20);
    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            rows[i].f(100); /* warm: the PLT entries are bound */
            long a = count(rows[i].f, n), b = count(rows[i].f, 2 * n);
            double t = 1e30;
            for (int r = 0; r < 5; r++) {
                double x = ns(rows[i].f, timed);
                if (x < t) t = x;
            }
            printf("%-26s %7.2f instructions/iteration %7.2f ns/iteration (min of 5 x %ld)\n",
                   rows[i].name, (double)(b - a) / (double)n, t, timed);
        }
    shmem_barrier_all();
    shmem_finalize();
    return 0;
}
