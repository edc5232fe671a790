/* mpi_rma_extra.c: the raw MPI one-sided rows that the MPI anchor (shared/anchors/mpi-rma-bench)
 * does not measure but our benchmark's rows need for a comparison, in that anchor's methodology
 * (bench/compare.sh's two-host mode builds it with mpicc -O2 and runs it right after the anchor,
 * with the same mpirun flags and osc component):
 *
 *   put_flush_lat_<s>, s = 64, 4096, 1048576   rank 0 in one MPI_Win_lock_all epoch: MPI_Put of s
 *                                              bytes to rank 1 + MPI_Win_flush(1); ns (ours:
 *                                              put_lat_<s>, putmem + quiet)
 *   get_flush_lat_<s>, s = 64, 4096, 65536, 1048576  the same with MPI_Get (ours: get_lat_<s>)
 *   put_flush_bw_1048576, get_flush_bw_1048576 16 x MPI_Put (MPI_Get) of 1 MiB to rank 1, then one
 *                                              flush; MB/s (ours: put_bw_1048576, get_bw_1048576)
 *   accumulate_sum_1_lat                       MPI_Accumulate of one int64 (MPI_SUM) + flush; ns
 *                                              (ours: amo_add_lat, atomic add + quiet)
 *   put_flush_all_lat_<s>, s = 8, 4096         the put with MPI_Win_flush_all instead of
 *                                              MPI_Win_flush(1): what shmem_quiet must do (it
 *                                              completes puts to every PE)
 *   put_flush_local_all_lat_4096               MPI_Put, MPI_Win_flush_local(1), then
 *                                              MPI_Win_flush_all: the MPI calls of our
 *                                              putmem (over 512 bytes) + quiet
 *   accumulate_sum_1_flush_all_lat             MPI_Accumulate of one int64 + MPI_Win_flush_all
 *                                              (our atomic add + quiet)
 *   sendrecv_lat_8                             MPI_Send/MPI_Recv ping-pong of 8 bytes between
 *                                              ranks 0 and 1; ns one way (round trip / 2): the
 *                                              floor under any software one-sided operation that
 *                                              needs an answer from the target (a round trip)
 *
 * Statistic as the anchor's: warm-up a tenth of the timed iterations, 5 repetitions, value = median;
 * iteration counts of oshmem-bench (s <= 4096: 10000, 65536: 1000, 1 MiB: 100; bandwidth 20
 * windows of 16), scaled by MPI_RMA_BENCH_SCALE; other ranks wait in MPI_Barrier. Output: rank 0,
 * `metric nranks value unit ok|FAIL`, every moved byte checked.
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NREPS 5
#define MAXMSG (1L << 20)
#define WINDOW 16

static int me, np;
static double scale = 1.0;
static char *base; /* window: MAXMSG data + one int64 counter */
static char *buf;  /* origin: WINDOW x MAXMSG */
static MPI_Win win;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static long its(long n)
{
    long k = (long)((double)n * scale);
    if (np > 2)
        k = k * 2 / np;
    return k < 1 ? 1 : k;
}

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v)
{
    qsort(v, NREPS, sizeof *v, cmpd);
    return v[NREPS / 2];
}

static void report(const char *name, double v, const char *unit, int bad)
{
    int all = 0;
    MPI_Reduce(&bad, &all, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0) {
        printf("%s\t%d\t%.1f\t%s\t%s\n", name, np, v, unit, all ? "FAIL" : "ok");
        fflush(stdout);
    }
}

static unsigned char pat(long i, long salt) { return (unsigned char)((i * 7 + salt) & 0xff); }

/* Fills this rank's window data with the pattern of salt (under an exclusive self-lock). */
static void fill_own(long size, long salt)
{
    long i;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, me, 0, win);
    for (i = 0; i < size; i++)
        base[i] = (char)(me == 1 ? pat(i, salt) : 0);
    MPI_Win_unlock(me, win);
    MPI_Barrier(MPI_COMM_WORLD);
}

enum { FLUSH, FLUSH_ALL, FLUSH_LOCAL_ALL };

/* put (get) latency of size bytes, or bandwidth of WINDOW x size when bw; completed by
 * MPI_Win_flush(1), or as `how` says. */
static void bench_rma_how(int get, long size, int bw, int how)
{
    double v[NREPS] = {0};
    long i, k, n = bw ? 20 : size <= 4096 ? 10000 : size <= 65536 ? 1000 : 100;
    long iters = its(n), warm = its(n / 10);
    long burst = bw ? WINDOW : 1;
    int r, bad = 0;
    char name[64];

    fill_own(size, size + get);
    for (k = 0; k < burst; k++)
        for (i = 0; i < size; i++)
            buf[k * size + i] = get ? 0 : (char)pat(i, size + 3);
    if (me == 0) {
        MPI_Win_lock_all(0, win);
        for (r = -1; r < NREPS; r++) {
            long m = r < 0 ? warm : iters;
            double t0 = now_ns();
            for (i = 0; i < m; i++) {
                for (k = 0; k < burst; k++) {
                    if (get)
                        MPI_Get(buf + k * size, (int)size, MPI_BYTE, 1, 0, (int)size, MPI_BYTE, win);
                    else
                        MPI_Put(buf + k * size, (int)size, MPI_BYTE, 1, 0, (int)size, MPI_BYTE, win);
                }
                if (how == FLUSH_LOCAL_ALL)
                    MPI_Win_flush_local(1, win);
                if (how == FLUSH)
                    MPI_Win_flush(1, win);
                else
                    MPI_Win_flush_all(win);
            }
            if (r >= 0)
                v[r] = bw ? (double)(size * burst) * (double)m / ((now_ns() - t0) / 1e9) / 1e6
                          : (now_ns() - t0) / (double)m;
        }
        MPI_Win_unlock_all(win);
        if (get)
            for (k = 0; k < burst; k++)
                for (i = 0; i < size; i++)
                    bad |= (unsigned char)buf[k * size + i] != pat(i, size + get);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 1 && !get) {
        MPI_Win_lock(MPI_LOCK_SHARED, me, 0, win);
        for (i = 0; i < size; i++)
            bad |= (unsigned char)base[i] != pat(i, size + 3);
        MPI_Win_unlock(me, win);
    }
    snprintf(name, sizeof name, "%s_flush%s_%s_%ld", get ? "get" : "put",
             how == FLUSH ? "" : how == FLUSH_ALL ? "_all" : "_local_all", bw ? "bw" : "lat", size);
    report(name, me == 0 ? median(v) : 0.0, bw ? "MB/s" : "ns", bad);
}

static void bench_rma(int get, long size, int bw) { bench_rma_how(get, size, bw, FLUSH); }

static void bench_acc1(int all)
{
    double v[NREPS] = {0};
    long i, iters = its(10000), warm = its(1000), total = 0;
    int64_t one = 1, *ctr = (int64_t *)(base + MAXMSG);
    int r, bad = 0;

    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, me, 0, win);
    *ctr = 0;
    MPI_Win_unlock(me, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == 0) {
        MPI_Win_lock_all(0, win);
        for (r = -1; r < NREPS; r++) {
            long m = r < 0 ? warm : iters;
            double t0 = now_ns();
            for (i = 0; i < m; i++) {
                MPI_Accumulate(&one, 1, MPI_INT64_T, 1, MAXMSG, 1, MPI_INT64_T, MPI_SUM, win);
                if (all)
                    MPI_Win_flush_all(win);
                else
                    MPI_Win_flush(1, win);
            }
            total += m;
            if (r >= 0)
                v[r] = (now_ns() - t0) / (double)m;
        }
        MPI_Win_unlock_all(win);
    }
    MPI_Bcast(&total, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (me == 1) {
        MPI_Win_lock(MPI_LOCK_SHARED, me, 0, win);
        bad = *ctr != total;
        MPI_Win_unlock(me, win);
    }
    report(all ? "accumulate_sum_1_flush_all_lat" : "accumulate_sum_1_lat", me == 0 ? median(v) : 0.0,
           "ns", bad);
}

static void bench_sendrecv(void)
{
    double v[NREPS] = {0};
    long i, iters = its(10000), warm = its(1000);
    int64_t x = 0, y = 0;
    int r, bad = 0;

    MPI_Barrier(MPI_COMM_WORLD);
    for (r = -1; r < NREPS && me <= 1; r++) {
        long m = r < 0 ? warm : iters;
        double t0 = now_ns();
        for (i = 0; i < m; i++) {
            if (me == 0) {
                x = i;
                MPI_Send(&x, 1, MPI_INT64_T, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(&y, 1, MPI_INT64_T, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                bad |= y != i + 1;
            } else {
                MPI_Recv(&y, 1, MPI_INT64_T, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                y += 1;
                MPI_Send(&y, 1, MPI_INT64_T, 0, 0, MPI_COMM_WORLD);
            }
        }
        if (r >= 0)
            v[r] = (now_ns() - t0) / (double)m / 2;
    }
    report("sendrecv_lat_8", me == 0 ? median(v) : 0.0, "ns", bad);
}

int main(int argc, char **argv)
{
    const char *s = getenv("MPI_RMA_BENCH_SCALE");
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;
    static const long sizes[] = {64, 4096, 65536, 1048576};
    size_t j;

    (void)argc;
    (void)argv;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (s && atof(s) > 0)
        scale = atof(s);
    if (np < 2) {
        if (me == 0)
            fprintf(stderr, "mpi_rma_extra: needs 2 ranks or more\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Win_allocate(MAXMSG + 64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    buf = malloc((size_t)WINDOW * MAXMSG);
    if (!buf)
        MPI_Abort(MPI_COMM_WORLD, 2);
    memset(buf, 0, (size_t)WINDOW * MAXMSG);
    MPI_Get_library_version(lib, &len);
    if (me == 0) {
        char *nl = strchr(lib, '\n');
        if (nl)
            *nl = 0;
        printf("# mpi_rma_extra: nranks=%d reps=%d scale=%g; %s; OMPI_MCA_osc=%s\n", np, NREPS, scale,
               lib, getenv("OMPI_MCA_osc") ? getenv("OMPI_MCA_osc") : "(unset)");
        fflush(stdout);
    }
    for (j = 0; j < sizeof sizes / sizeof *sizes; j++)
        if (sizes[j] != 65536)
            bench_rma(0, sizes[j], 0);
    for (j = 0; j < sizeof sizes / sizeof *sizes; j++)
        bench_rma(1, sizes[j], 0);
    bench_rma(0, MAXMSG, 1);
    bench_rma(1, MAXMSG, 1);
    bench_acc1(0);
    bench_rma_how(0, 8, 0, FLUSH_ALL);
    bench_rma_how(0, 4096, 0, FLUSH_ALL);
    bench_rma_how(0, 4096, 0, FLUSH_LOCAL_ALL);
    bench_acc1(1);
    bench_sendrecv();
    MPI_Win_free(&win);
    free(buf);
    if (me == 0)
        printf("# done\n");
    MPI_Finalize();
    return 0;
}
