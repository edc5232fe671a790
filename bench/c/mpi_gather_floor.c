/* The floor of a team's small collective across nodes (issue 27; collectives/net.rs,
 * `Coll::team_round`): raw MPI doing what the runtime does, against MPI_Allreduce.
 *
 * Rows (ns per call, averaged over the ranks, back to back as the MPI anchor's
 * allreduce_bor_1_lat):
 *   allreduce_8          MPI_Allreduce of one int64 (MPI_BOR) on MPI_COMM_WORLD
 *   allgather_416        MPI_Allgather of 416 bytes per rank (52 words: the team round's block)
 *   iallgather_416_test  MPI_Iallgather of the same block on a communicator made with
 *                        MPI_Comm_create_group, completed by polling MPI_Test (the runtime's way)
 *
 * mpicc -O2 -o mpi_gather_floor bench/c/mpi_gather_floor.c
 * mpirun -np 2 [the two-host settings of docs/performance.md] ./mpi_gather_floor */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define WORDS 52
#define ITERS 2000
#define WARM 200

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
    int me, n, k, i, r[1][3];
    MPI_Group world_group, group;
    MPI_Comm team;
    uint64_t mine[WORDS] = {0}, all[WORDS * 64];
    int64_t in, out;
    const char *names[] = {"allreduce_8", "allgather_416", "iallgather_416_test"};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n > 64)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    r[0][0] = 0;
    r[0][1] = n - 1;
    r[0][2] = 1;
    MPI_Group_range_incl(world_group, 1, r, &group);
    MPI_Comm_create_group(MPI_COMM_WORLD, group, 7, &team);
    in = (int64_t)1 << (me % 63);
    mine[0] = (uint64_t)me;
    for (k = 0; k < 3; k++) {
        double t0 = 0, per, sum;
        MPI_Barrier(MPI_COMM_WORLD);
        for (i = -WARM; i < ITERS; i++) {
            if (i == 0)
                t0 = now_ns();
            if (k == 0) {
                MPI_Allreduce(&in, &out, 1, MPI_INT64_T, MPI_BOR, MPI_COMM_WORLD);
            } else if (k == 1) {
                MPI_Allgather(mine, WORDS, MPI_UINT64_T, all, WORDS, MPI_UINT64_T, MPI_COMM_WORLD);
            } else {
                MPI_Request q;
                int done = 0;
                MPI_Iallgather(mine, WORDS, MPI_UINT64_T, all, WORDS, MPI_UINT64_T, team, &q);
                while (!done)
                    MPI_Test(&q, &done, MPI_STATUS_IGNORE);
            }
        }
        per = (now_ns() - t0) / ITERS;
        MPI_Reduce(&per, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (me == 0)
            printf("%s\t%d\t%.1f\tns\n", names[k], n, sum / n);
    }
    MPI_Comm_free(&team);
    MPI_Group_free(&group);
    MPI_Group_free(&world_group);
    MPI_Finalize();
    return 0;
}
