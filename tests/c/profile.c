/* The profiling interface: this program is its own profiler. It defines shmem_barrier_all,
 * counting the calls and doing the work through pshmem_barrier_all (<pshmem.h>); the
 * program's calls reach its definition, with no clash at link time, and the barriers still
 * order the puts around them. shmem_pcontrol takes a level and anything after it. */
#include <pshmem.h>
#include <stdio.h>

static int barriers;
static long x;

void shmem_barrier_all(void) {
    barriers++;
    pshmem_barrier_all();
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    shmem_pcontrol(0);
    shmem_pcontrol(2, "a phase", 3);
    pshmem_pcontrol(1);
    for (int r = 0; r < 3; r++) {
        shmem_long_p(&x, me * 10 + r, right);
        shmem_barrier_all();
        if (x != left * 10 + r) printf("FAIL %d: round %d x %ld\n", me, r, x);
        shmem_barrier_all();
    }
    if (barriers != 6) printf("FAIL %d: %d calls reached the profiler, want 6\n", me, barriers);
    if (pshmem_my_pe() != me || pshmem_n_pes() != npes)
        printf("FAIL %d: pshmem_my_pe %d pshmem_n_pes %d\n", me, pshmem_my_pe(), pshmem_n_pes());
    if (me == 0) printf("profile ok on %d PEs\n", npes);
    shmem_finalize();
    return 0;
}
