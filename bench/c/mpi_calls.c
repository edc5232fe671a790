/* mpi_calls.c: counts the MPI calls of a program (PMPI interposition), for reading what one
 * operation of the MPI transport costs in MPI calls and round trips. Each rank prints its
 * counts on stderr at MPI_Finalize, one line per call that it made:
 *
 *     mpi_calls: rank R: MPI_Fetch_and_op N
 *
 * Build and use (bench/README.md, docs/performance.md "Across two hosts"):
 *     mpicc -O2 -shared -fPIC -o /tmp/libmpi_calls.so bench/c/mpi_calls.c
 *     mpirun ... -np 2 /bin/sh -c 'LD_PRELOAD=/tmp/libmpi_calls.so exec "$0"' PROGRAM
 * (preloaded into the ranks only, not into mpirun's daemons). Run a benchmark row at two
 * iteration scales (SHMEM_BENCH_ONLY=ROW, SHMEM_BENCH_SCALE=0.1 and 0.2) and divide the
 * difference of the counts by the difference of the iteration counts: the calls of one
 * operation, without start-up and checks.
 */
#include <mpi.h>
#include <stdio.h>

enum {
    C_PUT, C_GET, C_ACC, C_GACC, C_FOP, C_CAS, C_FLUSH, C_FLUSH_ALL, C_FLUSH_LOCAL,
    C_FLUSH_LOCAL_ALL, C_SYNC, C_IPROBE, C_BARRIER, C_ALLREDUCE, C_RPUT, C_RGET, C_TEST,
    C_WAIT, C_RGET_ACC, C_WAITANY, C_N
};
static const char *names[C_N] = {
    "MPI_Put", "MPI_Get", "MPI_Accumulate", "MPI_Get_accumulate", "MPI_Fetch_and_op",
    "MPI_Compare_and_swap", "MPI_Win_flush", "MPI_Win_flush_all", "MPI_Win_flush_local",
    "MPI_Win_flush_local_all", "MPI_Win_sync", "MPI_Iprobe", "MPI_Barrier", "MPI_Allreduce",
    "MPI_Rput", "MPI_Rget", "MPI_Test", "MPI_Wait", "MPI_Rget_accumulate", "MPI_Waitany",
};
static unsigned long long counts[C_N];

int MPI_Put(const void *o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int tc, MPI_Datatype tt,
            MPI_Win w)
{
    counts[C_PUT]++;
    return PMPI_Put(o, oc, ot, t, d, tc, tt, w);
}

int MPI_Get(void *o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int tc, MPI_Datatype tt,
            MPI_Win w)
{
    counts[C_GET]++;
    return PMPI_Get(o, oc, ot, t, d, tc, tt, w);
}

int MPI_Rput(const void *o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int tc, MPI_Datatype tt,
             MPI_Win w, MPI_Request *r)
{
    counts[C_RPUT]++;
    return PMPI_Rput(o, oc, ot, t, d, tc, tt, w, r);
}

int MPI_Rget(void *o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int tc, MPI_Datatype tt,
             MPI_Win w, MPI_Request *r)
{
    counts[C_RGET]++;
    return PMPI_Rget(o, oc, ot, t, d, tc, tt, w, r);
}

int MPI_Accumulate(const void *o, int oc, MPI_Datatype ot, int t, MPI_Aint d, int tc,
                   MPI_Datatype tt, MPI_Op op, MPI_Win w)
{
    counts[C_ACC]++;
    return PMPI_Accumulate(o, oc, ot, t, d, tc, tt, op, w);
}

int MPI_Get_accumulate(const void *o, int oc, MPI_Datatype ot, void *r, int rc, MPI_Datatype rt,
                       int t, MPI_Aint d, int tc, MPI_Datatype tt, MPI_Op op, MPI_Win w)
{
    counts[C_GACC]++;
    return PMPI_Get_accumulate(o, oc, ot, r, rc, rt, t, d, tc, tt, op, w);
}

int MPI_Fetch_and_op(const void *o, void *r, MPI_Datatype dt, int t, MPI_Aint d, MPI_Op op,
                     MPI_Win w)
{
    counts[C_FOP]++;
    return PMPI_Fetch_and_op(o, r, dt, t, d, op, w);
}

int MPI_Compare_and_swap(const void *o, const void *c, void *r, MPI_Datatype dt, int t,
                         MPI_Aint d, MPI_Win w)
{
    counts[C_CAS]++;
    return PMPI_Compare_and_swap(o, c, r, dt, t, d, w);
}

int MPI_Win_flush(int r, MPI_Win w) { counts[C_FLUSH]++; return PMPI_Win_flush(r, w); }
int MPI_Win_flush_all(MPI_Win w) { counts[C_FLUSH_ALL]++; return PMPI_Win_flush_all(w); }
int MPI_Win_flush_local(int r, MPI_Win w)
{
    counts[C_FLUSH_LOCAL]++;
    return PMPI_Win_flush_local(r, w);
}
int MPI_Win_flush_local_all(MPI_Win w)
{
    counts[C_FLUSH_LOCAL_ALL]++;
    return PMPI_Win_flush_local_all(w);
}
int MPI_Win_sync(MPI_Win w) { counts[C_SYNC]++; return PMPI_Win_sync(w); }
int MPI_Iprobe(int s, int t, MPI_Comm c, int *f, MPI_Status *st)
{
    counts[C_IPROBE]++;
    return PMPI_Iprobe(s, t, c, f, st);
}
int MPI_Barrier(MPI_Comm c) { counts[C_BARRIER]++; return PMPI_Barrier(c); }
int MPI_Allreduce(const void *s, void *r, int n, MPI_Datatype dt, MPI_Op op, MPI_Comm c)
{
    counts[C_ALLREDUCE]++;
    return PMPI_Allreduce(s, r, n, dt, op, c);
}
int MPI_Test(MPI_Request *r, int *f, MPI_Status *s) { counts[C_TEST]++; return PMPI_Test(r, f, s); }
int MPI_Wait(MPI_Request *r, MPI_Status *s) { counts[C_WAIT]++; return PMPI_Wait(r, s); }

int MPI_Rget_accumulate(const void *o, int oc, MPI_Datatype ot, void *r, int rc,
                        MPI_Datatype rt, int t, MPI_Aint d, int tc, MPI_Datatype tt, MPI_Op op,
                        MPI_Win w, MPI_Request *q)
{
    counts[C_RGET_ACC]++;
    return PMPI_Rget_accumulate(o, oc, ot, r, rc, rt, t, d, tc, tt, op, w, q);
}

int MPI_Waitany(int n, MPI_Request r[], int *i, MPI_Status *s)
{
    counts[C_WAITANY]++;
    return PMPI_Waitany(n, r, i, s);
}

int MPI_Finalize(void)
{
    int rank = -1, i;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < C_N; i++)
        if (counts[i])
            fprintf(stderr, "mpi_calls: rank %d: %s %llu\n", rank, names[i], counts[i]);
    fflush(stderr);
    return PMPI_Finalize();
}
