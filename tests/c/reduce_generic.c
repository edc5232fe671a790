/* The C11 generic team reductions accept every type of the specification's reduction tables
 * (and, or, xor: the unsigned types, int8_t .. uint64_t, size_t; max, min: the integer and
 * real types; sum, prod: those and the complex ones), each checked against a fold computed
 * here over the values every PE contributes. */
#include <complex.h>
#include <shmem.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define N 3
/* What PE p contributes at index i: 1, 2 or 3 (small enough for every product). */
#define VAL(p, i) (1 + ((p) + (i)) % 3)
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define XOR(a, b) ((a) ^ (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define SUM(a, b) ((a) + (b))
#define PROD(a, b) ((a) * (b))

static int failures;

#define TEST(T, OP, FOLD) \
    do { \
        static T src_[N], dst_[N]; \
        for (int i = 0; i < N; i++) src_[i] = (T)VAL(me, i); \
        if (shmem_##OP##_reduce(SHMEM_TEAM_WORLD, dst_, src_, N) != 0) failures++; \
        for (int i = 0; i < N; i++) { \
            T want_ = (T)VAL(0, i); \
            for (int p = 1; p < npes; p++) want_ = (T)FOLD(want_, (T)VAL(p, i)); \
            if (dst_[i] != want_) { \
                printf("FAIL %d: %s %s [%d]\n", me, #OP, #T, i); \
                failures++; \
            } \
        } \
    } while (0)

#define BITWISE(T) TEST(T, and, AND); TEST(T, or, OR); TEST(T, xor, XOR)
#define ORDERED(T) TEST(T, max, MAX); TEST(T, min, MIN)
#define ARITH(T) TEST(T, sum, SUM); TEST(T, prod, PROD)
#define REAL(T) ORDERED(T); ARITH(T)

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), npes = shmem_n_pes();
    BITWISE(unsigned char); BITWISE(unsigned short); BITWISE(unsigned int);
    BITWISE(unsigned long); BITWISE(unsigned long long);
    BITWISE(int8_t); BITWISE(int16_t); BITWISE(int32_t); BITWISE(int64_t);
    BITWISE(uint8_t); BITWISE(uint16_t); BITWISE(uint32_t); BITWISE(uint64_t);
    BITWISE(size_t);
    REAL(char); REAL(signed char); REAL(short); REAL(int); REAL(long); REAL(long long);
    REAL(ptrdiff_t);
    REAL(unsigned char); REAL(unsigned short); REAL(unsigned int); REAL(unsigned long);
    REAL(unsigned long long);
    REAL(int8_t); REAL(int16_t); REAL(int32_t); REAL(int64_t);
    REAL(uint8_t); REAL(uint16_t); REAL(uint32_t); REAL(uint64_t); REAL(size_t);
    REAL(float); REAL(double); REAL(long double);
    ARITH(float _Complex); ARITH(double _Complex);
    shmem_barrier_all();
    if (me == 0 && failures == 0) printf("reduce_generic ok on %d PEs\n", npes);
    shmem_finalize();
    return failures != 0;
}
