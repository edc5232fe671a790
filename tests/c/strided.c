/* Strided puts and gets (iput/iget of every size) whose local side has a long stride: the
 * library must touch only the elements it moves, whatever the span between them. The local
 * buffers are a few GiB of address space (never touched but for the elements), and the
 * process's address space is then limited to what it maps plus 1 GiB: a library that copied
 * or allocated the whole span (issue 30 item 13: the `SHMEM_THREAD_MULTIPLE` paths did, and a
 * long-stride iput128 ran for minutes) fails here, instead of taking time in proportion to
 * the span. */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define N 8                          /* elements per call */
#define SS 3                         /* symmetric-side stride, in elements */
#define LS ((ptrdiff_t)1 << 25)      /* local-side stride, in elements: 512 MiB of 16 bytes */

#define CHECK(cond, ...) do { if (!(cond)) { printf("FAIL PE %d: ", me); printf(__VA_ARGS__); printf("\n"); fflush(stdout); return 1; } } while (0)

/* Bytes of address space this process maps (VmSize), from /proc/self/status. */
static unsigned long long mapped_bytes(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    unsigned long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %llu kB", &kb) == 1) break;
    if (f) fclose(f);
    return kb * 1024;
}

/* Element i of PE `pe`'s pattern, `size` bytes of it at `out`. */
static void pattern(int pe, int i, size_t size, unsigned char *out) {
    for (size_t b = 0; b < size; b++) out[b] = (unsigned char)(pe * 64 + i * 7 + b + 1);
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    int right = (me + 1) % npes, left = (me + npes - 1) % npes;
    size_t span = (size_t)(N - 1) * LS * 16 + 16 + 8;
    /* A block this large is a fresh mapping, whose pages cost only once touched. */
    unsigned char *local = malloc(span);
    CHECK(local != NULL, "malloc of %zu bytes", span);
    unsigned char *sym = shmem_calloc(N * SS, 16);
    CHECK(sym != NULL, "shmem_calloc");
    /* Everything is mapped: from now on the library may allocate 1 GiB, not a span. */
    struct rlimit lim = {mapped_bytes() + (1ull << 30), RLIM_INFINITY};
    CHECK(setrlimit(RLIMIT_AS, &lim) == 0, "setrlimit");
    static const size_t sizes[] = {1, 2, 4, 8, 16};
    for (int s = 0; s < 5; s++) {
        size_t size = sizes[s];
        /* 16-byte elements come from an address that is 4 mod 8: the void* of iput128 need
         * not be aligned to a word. */
        unsigned char *src = size == 16 ? local + 4 : local;
        for (int i = 0; i < N; i++) pattern(me, i, size, src + (size_t)i * LS * size);
        shmem_barrier_all();
        switch (size) {
        case 1: shmem_iput8(sym, src, SS, LS, N, right); break;
        case 2: shmem_iput16(sym, src, SS, LS, N, right); break;
        case 4: shmem_iput32(sym, src, SS, LS, N, right); break;
        case 8: shmem_iput64(sym, src, SS, LS, N, right); break;
        default: shmem_iput128(sym, src, SS, LS, N, right); break;
        }
        shmem_barrier_all();
        unsigned char want[16];
        for (int i = 0; i < N; i++) {
            pattern(left, i, size, want);
            CHECK(memcmp(sym + (size_t)i * SS * size, want, size) == 0,
                  "iput of %zu-byte elements: element %d", size, i);
        }
        /* Get the right neighbour's elements back into the long-stride buffer. */
        unsigned char *dst = local + 8;
        for (int i = 0; i < N; i++) memset(dst + (size_t)i * LS * size, 0, size + 1);
        switch (size) {
        case 1: shmem_iget8(dst, sym, LS, SS, N, right); break;
        case 2: shmem_iget16(dst, sym, LS, SS, N, right); break;
        case 4: shmem_iget32(dst, sym, LS, SS, N, right); break;
        case 8: shmem_iget64(dst, sym, LS, SS, N, right); break;
        default: shmem_iget128(dst, sym, LS, SS, N, right); break;
        }
        for (int i = 0; i < N; i++) {
            pattern(me, i, size, want);
            CHECK(memcmp(dst + (size_t)i * LS * size, want, size) == 0,
                  "iget of %zu-byte elements: element %d", size, i);
            CHECK(dst[(size_t)i * LS * size + size] == 0,
                  "iget of %zu-byte elements wrote past element %d", size, i);
        }
        shmem_barrier_all();
    }
    if (me == 0) printf("strided ok on %d PEs\n", npes);
    shmem_free(sym);
    free(local);
    shmem_finalize();
    return 0;
}
