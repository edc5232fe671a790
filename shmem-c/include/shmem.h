/*
 * shmem.h: the OpenSHMEM 1.6 C API of shmem (Rust), libshmem.so / libshmem.a.
 *
 * Build with `shmemcc` (it adds the include and link flags), run with `shmemrun -n N prog`.
 * shmem_init_thread(SHMEM_THREAD_MULTIPLE, ...) provides SHMEM_THREAD_MULTIPLE (one-sided
 * calls from any threads at once; collectives on one team from one thread at a time);
 * shmem_init provides SHMEM_THREAD_SERIALIZED. Every check it can make (PE numbers,
 * symmetric addresses, active sets, pSync) ends the whole job with a one-line message naming
 * the call and the argument. Global and static variables of the program are symmetric:
 * shmem_init places the program's data and bss in symmetric memory. The usual small
 * one-sided calls run inline, in the program's own code (see "Inline fast paths" below;
 * -DSHMEM_NO_INLINE makes every call the library's).
 */
#ifndef SHMEM_H
#define SHMEM_H

#include <stddef.h>
#include <stdint.h>
#include <complex.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 6
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION
#define SHMEM_MAX_NAME_LEN 256
#define _SHMEM_MAX_NAME_LEN SHMEM_MAX_NAME_LEN
#define SHMEM_VENDOR_STRING "shmem (Rust)"
#define _SHMEM_VENDOR_STRING SHMEM_VENDOR_STRING

#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

#define SHMEM_CMP_EQ 1
#define SHMEM_CMP_NE 2
#define SHMEM_CMP_GT 3
#define SHMEM_CMP_GE 4
#define SHMEM_CMP_LT 5
#define SHMEM_CMP_LE 6
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* pSync arrays: one size for every collective (a sync area of the runtime plus one cache
 * line); initialize every element to SHMEM_SYNC_VALUE before first use. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_SYNC_SIZE 2176
#define SHMEM_BARRIER_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_BCAST_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_COLLECT_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALL_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_SYNC_SIZE
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 16
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Teams: handles, never dereferenced by the library. */
typedef struct shmem_team_opaque *shmem_team_t;
#define SHMEM_TEAM_INVALID ((shmem_team_t)0)
#define SHMEM_TEAM_WORLD ((shmem_team_t)1)
#define SHMEM_TEAM_SHARED ((shmem_team_t)2)
typedef struct {
    int num_contexts;
} shmem_team_config_t;
#define SHMEM_TEAM_NUM_CONTEXTS (1L << 0)

/* Contexts (section 9.5): handles, never dereferenced by the library. */
typedef struct shmem_ctx_opaque *shmem_ctx_t;
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_CTX_DEFAULT ((shmem_ctx_t)1)
#define SHMEM_CTX_SERIALIZED (1L << 0)
#define SHMEM_CTX_PRIVATE (1L << 1)
#define SHMEM_CTX_NOSTORE (1L << 2)
/* Sessions on a context (OpenSHMEM 1.6): hints, which change nothing here. */
#define SHMEM_CTX_SESSION_BATCH (1L << 0)
typedef struct {
    size_t total_ops;
} shmem_ctx_session_config_t;
#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)

/* Setup, query (section 9.1). */
void shmem_init(void);
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);
void shmem_finalize(void);
int shmem_query_initialized(int *initialized);
void shmem_global_exit(int status);
/* Deprecated cache routines (OpenSHMEM 1.5, Annex): no operation, as the specification says. */
void shmem_clear_cache_inv(void);
void shmem_set_cache_inv(void);
void shmem_clear_cache_line_inv(void *dest);
void shmem_set_cache_line_inv(void *dest);
void shmem_udcflush(void);
void shmem_udcflush_line(void *dest);
int shmem_my_pe(void);
int shmem_n_pes(void);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *shmem_ptr(const void *dest, int pe);
void *shmem_team_ptr(shmem_team_t team, const void *dest, int pe);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);

/* Profiling (OpenSHMEM 1.5 §11): a profiler may define shmem_pcontrol; this library's does
 * nothing. Every function declared here as shmem_X also has the entry point pshmem_X
 * (<pshmem.h>), which a profiler that defines shmem_X calls. */
void shmem_pcontrol(const int level, ...);
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);

/* Memory management (section 9.3). Hints are advice. */
#define SHMEM_MALLOC_ATOMICS_REMOTE (1L << 0)
#define SHMEM_MALLOC_SIGNAL_REMOTE (1L << 1)
void *shmem_malloc(size_t size);
void *shmem_malloc_with_hints(size_t size, long hints);
void *shmem_calloc(size_t count, size_t size);
/* The names before OpenSHMEM 1.2 (deprecated, Annex). */
void *shmalloc(size_t size);
void *shmemalign(size_t alignment, size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);

/* RMA, bytes. */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);

/* RMA (OpenSHMEM 1.5 section 9.5), typed. */
void shmem_float_put(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_get(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_put_nbi(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_get_nbi(float *dest, const float *source, size_t nelems, int pe);
void shmem_float_iput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_float_iget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_float_p(float *dest, float value, int pe);
float shmem_float_g(const float *source, int pe);
void shmem_double_put(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_get(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_put_nbi(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_get_nbi(double *dest, const double *source, size_t nelems, int pe);
void shmem_double_iput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_double_iget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_double_p(double *dest, double value, int pe);
double shmem_double_g(const double *source, int pe);
void shmem_longdouble_put(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_get(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_put_nbi(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_get_nbi(long double *dest, const long double *source, size_t nelems, int pe);
void shmem_longdouble_iput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_longdouble_iget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_char_put(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_get(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_put_nbi(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_get_nbi(char *dest, const char *source, size_t nelems, int pe);
void shmem_char_iput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_char_iget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_char_p(char *dest, char value, int pe);
char shmem_char_g(const char *source, int pe);
void shmem_schar_put(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_get(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_put_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_get_nbi(signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_schar_iput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_schar_iget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_schar_p(signed char *dest, signed char value, int pe);
signed char shmem_schar_g(const signed char *source, int pe);
void shmem_short_put(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_get(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_put_nbi(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_get_nbi(short *dest, const short *source, size_t nelems, int pe);
void shmem_short_iput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_short_iget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_short_p(short *dest, short value, int pe);
short shmem_short_g(const short *source, int pe);
void shmem_int_put(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_get(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_put_nbi(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_get_nbi(int *dest, const int *source, size_t nelems, int pe);
void shmem_int_iput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int_iget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int_p(int *dest, int value, int pe);
int shmem_int_g(const int *source, int pe);
void shmem_long_put(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_get(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_put_nbi(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_get_nbi(long *dest, const long *source, size_t nelems, int pe);
void shmem_long_iput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_long_iget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_long_p(long *dest, long value, int pe);
long shmem_long_g(const long *source, int pe);
void shmem_longlong_put(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_get(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_put_nbi(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_get_nbi(long long *dest, const long long *source, size_t nelems, int pe);
void shmem_longlong_iput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_longlong_iget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_longlong_p(long long *dest, long long value, int pe);
long long shmem_longlong_g(const long long *source, int pe);
void shmem_uchar_put(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_get(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_put_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_get_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_uchar_iput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uchar_iget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uchar_p(unsigned char *dest, unsigned char value, int pe);
unsigned char shmem_uchar_g(const unsigned char *source, int pe);
void shmem_ushort_put(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_get(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_put_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_get_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ushort_iput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ushort_iget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ushort_p(unsigned short *dest, unsigned short value, int pe);
unsigned short shmem_ushort_g(const unsigned short *source, int pe);
void shmem_uint_put(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_get(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_put_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_get_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_uint_iput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint_iget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint_p(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_g(const unsigned int *source, int pe);
void shmem_ulong_put(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_get(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_put_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_get_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ulong_iput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ulong_iget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ulong_p(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_g(const unsigned long *source, int pe);
void shmem_ulonglong_put(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_get(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_put_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_get_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ulonglong_iput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ulonglong_iget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ulonglong_p(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_g(const unsigned long long *source, int pe);
void shmem_int8_put(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_get(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_put_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_get_nbi(int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_int8_iput(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int8_iget(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int8_p(int8_t *dest, int8_t value, int pe);
int8_t shmem_int8_g(const int8_t *source, int pe);
void shmem_int16_put(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_get(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_put_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_get_nbi(int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_int16_iput(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int16_iget(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int16_p(int16_t *dest, int16_t value, int pe);
int16_t shmem_int16_g(const int16_t *source, int pe);
void shmem_int32_put(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_get(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_put_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_get_nbi(int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_int32_iput(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int32_iget(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int32_p(int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_g(const int32_t *source, int pe);
void shmem_int64_put(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_get(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_put_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_get_nbi(int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_int64_iput(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int64_iget(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_int64_p(int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_g(const int64_t *source, int pe);
void shmem_uint8_put(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_get(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_put_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_get_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_uint8_iput(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint8_iget(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint8_p(uint8_t *dest, uint8_t value, int pe);
uint8_t shmem_uint8_g(const uint8_t *source, int pe);
void shmem_uint16_put(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_get(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_put_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_get_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_uint16_iput(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint16_iget(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint16_p(uint16_t *dest, uint16_t value, int pe);
uint16_t shmem_uint16_g(const uint16_t *source, int pe);
void shmem_uint32_put(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_get(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_put_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_get_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_uint32_iput(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint32_iget(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint32_p(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_g(const uint32_t *source, int pe);
void shmem_uint64_put(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_get(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_put_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_get_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_uint64_iput(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint64_iget(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_uint64_p(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_g(const uint64_t *source, int pe);
void shmem_size_put(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_get(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_put_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_get_nbi(size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_size_iput(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_size_iget(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_size_p(size_t *dest, size_t value, int pe);
size_t shmem_size_g(const size_t *source, int pe);
void shmem_ptrdiff_put(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_get(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_put_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_get_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ptrdiff_iput(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ptrdiff_iget(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ptrdiff_p(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ptrdiff_g(const ptrdiff_t *source, int pe);

/* RMA, sized. */
void shmem_put8(void *dest, const void *source, size_t nelems, int pe);
void shmem_get8(void *dest, const void *source, size_t nelems, int pe);
void shmem_put8_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get8_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_iput8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_iget8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_put16(void *dest, const void *source, size_t nelems, int pe);
void shmem_get16(void *dest, const void *source, size_t nelems, int pe);
void shmem_put16_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get16_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_iput16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_iget16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_put32(void *dest, const void *source, size_t nelems, int pe);
void shmem_get32(void *dest, const void *source, size_t nelems, int pe);
void shmem_put32_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get32_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_iput32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_iget32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_put64(void *dest, const void *source, size_t nelems, int pe);
void shmem_get64(void *dest, const void *source, size_t nelems, int pe);
void shmem_put64_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get64_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_iput64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_iget64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_put128(void *dest, const void *source, size_t nelems, int pe);
void shmem_get128(void *dest, const void *source, size_t nelems, int pe);
void shmem_put128_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_get128_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_iput128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_iget128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);

/* RMA, block-strided (OpenSHMEM 1.6): nblocks blocks of bsize elements, block i at element
 * i * sst of source and at element i * dst of dest; dst >= bsize (the blocks of dest do not
 * overlap). */
void shmem_float_ibput(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_float_ibget(float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_double_ibput(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_double_ibget(double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longdouble_ibput(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longdouble_ibget(long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_char_ibput(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_char_ibget(char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_schar_ibput(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_schar_ibget(signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_short_ibput(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_short_ibget(short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int_ibput(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int_ibget(int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_long_ibput(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_long_ibget(long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longlong_ibput(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_longlong_ibget(long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uchar_ibput(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uchar_ibget(unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ushort_ibput(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ushort_ibget(unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint_ibput(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint_ibget(unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulong_ibput(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulong_ibget(unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulonglong_ibput(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ulonglong_ibget(unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int8_ibput(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int8_ibget(int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int16_ibput(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int16_ibget(int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int32_ibput(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int32_ibget(int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int64_ibput(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_int64_ibget(int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint8_ibput(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint8_ibget(uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint16_ibput(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint16_ibget(uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint32_ibput(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint32_ibget(uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint64_ibput(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_uint64_ibget(uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_size_ibput(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_size_ibget(size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ptrdiff_ibput(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ptrdiff_ibget(ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibget8(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibget16(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibget32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibget64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibput128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ibget128(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);

/* AMOs (section 9.7). */
int shmem_int_atomic_fetch_inc(int *dest, int pe);
void shmem_int_atomic_inc(int *dest, int pe);
int shmem_int_atomic_fetch_add(int *dest, int value, int pe);
void shmem_int_atomic_add(int *dest, int value, int pe);
int shmem_int_atomic_compare_swap(int *dest, int cond, int value, int pe);
void shmem_int_atomic_fetch_inc_nbi(int *fetch, int *dest, int pe);
void shmem_int_atomic_fetch_add_nbi(int *fetch, int *dest, int value, int pe);
void shmem_int_atomic_compare_swap_nbi(int *fetch, int *dest, int cond, int value, int pe);
long shmem_long_atomic_fetch_inc(long *dest, int pe);
void shmem_long_atomic_inc(long *dest, int pe);
long shmem_long_atomic_fetch_add(long *dest, long value, int pe);
void shmem_long_atomic_add(long *dest, long value, int pe);
long shmem_long_atomic_compare_swap(long *dest, long cond, long value, int pe);
void shmem_long_atomic_fetch_inc_nbi(long *fetch, long *dest, int pe);
void shmem_long_atomic_fetch_add_nbi(long *fetch, long *dest, long value, int pe);
void shmem_long_atomic_compare_swap_nbi(long *fetch, long *dest, long cond, long value, int pe);
long long shmem_longlong_atomic_fetch_inc(long long *dest, int pe);
void shmem_longlong_atomic_inc(long long *dest, int pe);
long long shmem_longlong_atomic_fetch_add(long long *dest, long long value, int pe);
void shmem_longlong_atomic_add(long long *dest, long long value, int pe);
long long shmem_longlong_atomic_compare_swap(long long *dest, long long cond, long long value, int pe);
void shmem_longlong_atomic_fetch_inc_nbi(long long *fetch, long long *dest, int pe);
void shmem_longlong_atomic_fetch_add_nbi(long long *fetch, long long *dest, long long value, int pe);
void shmem_longlong_atomic_compare_swap_nbi(long long *fetch, long long *dest, long long cond, long long value, int pe);
unsigned int shmem_uint_atomic_fetch_inc(unsigned int *dest, int pe);
void shmem_uint_atomic_inc(unsigned int *dest, int pe);
unsigned int shmem_uint_atomic_fetch_add(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_add(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_compare_swap(unsigned int *dest, unsigned int cond, unsigned int value, int pe);
void shmem_uint_atomic_fetch_inc_nbi(unsigned int *fetch, unsigned int *dest, int pe);
void shmem_uint_atomic_fetch_add_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_compare_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_fetch_inc(unsigned long *dest, int pe);
void shmem_ulong_atomic_inc(unsigned long *dest, int pe);
unsigned long shmem_ulong_atomic_fetch_add(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_add(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_compare_swap(unsigned long *dest, unsigned long cond, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_inc_nbi(unsigned long *fetch, unsigned long *dest, int pe);
void shmem_ulong_atomic_fetch_add_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_compare_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_inc(unsigned long long *dest, int pe);
void shmem_ulonglong_atomic_inc(unsigned long long *dest, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_add(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_add(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_compare_swap(unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_inc_nbi(unsigned long long *fetch, unsigned long long *dest, int pe);
void shmem_ulonglong_atomic_fetch_add_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_compare_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
int32_t shmem_int32_atomic_fetch_inc(int32_t *dest, int pe);
void shmem_int32_atomic_inc(int32_t *dest, int pe);
int32_t shmem_int32_atomic_fetch_add(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_add(int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_compare_swap(int32_t *dest, int32_t cond, int32_t value, int pe);
void shmem_int32_atomic_fetch_inc_nbi(int32_t *fetch, int32_t *dest, int pe);
void shmem_int32_atomic_fetch_add_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_compare_swap_nbi(int32_t *fetch, int32_t *dest, int32_t cond, int32_t value, int pe);
int64_t shmem_int64_atomic_fetch_inc(int64_t *dest, int pe);
void shmem_int64_atomic_inc(int64_t *dest, int pe);
int64_t shmem_int64_atomic_fetch_add(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_add(int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_compare_swap(int64_t *dest, int64_t cond, int64_t value, int pe);
void shmem_int64_atomic_fetch_inc_nbi(int64_t *fetch, int64_t *dest, int pe);
void shmem_int64_atomic_fetch_add_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_compare_swap_nbi(int64_t *fetch, int64_t *dest, int64_t cond, int64_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_inc(uint32_t *dest, int pe);
void shmem_uint32_atomic_inc(uint32_t *dest, int pe);
uint32_t shmem_uint32_atomic_fetch_add(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_add(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_compare_swap(uint32_t *dest, uint32_t cond, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_inc_nbi(uint32_t *fetch, uint32_t *dest, int pe);
void shmem_uint32_atomic_fetch_add_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_compare_swap_nbi(uint32_t *fetch, uint32_t *dest, uint32_t cond, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_inc(uint64_t *dest, int pe);
void shmem_uint64_atomic_inc(uint64_t *dest, int pe);
uint64_t shmem_uint64_atomic_fetch_add(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_add(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_compare_swap(uint64_t *dest, uint64_t cond, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_inc_nbi(uint64_t *fetch, uint64_t *dest, int pe);
void shmem_uint64_atomic_fetch_add_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_compare_swap_nbi(uint64_t *fetch, uint64_t *dest, uint64_t cond, uint64_t value, int pe);
size_t shmem_size_atomic_fetch_inc(size_t *dest, int pe);
void shmem_size_atomic_inc(size_t *dest, int pe);
size_t shmem_size_atomic_fetch_add(size_t *dest, size_t value, int pe);
void shmem_size_atomic_add(size_t *dest, size_t value, int pe);
size_t shmem_size_atomic_compare_swap(size_t *dest, size_t cond, size_t value, int pe);
void shmem_size_atomic_fetch_inc_nbi(size_t *fetch, size_t *dest, int pe);
void shmem_size_atomic_fetch_add_nbi(size_t *fetch, size_t *dest, size_t value, int pe);
void shmem_size_atomic_compare_swap_nbi(size_t *fetch, size_t *dest, size_t cond, size_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch_inc(ptrdiff_t *dest, int pe);
void shmem_ptrdiff_atomic_inc(ptrdiff_t *dest, int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch_add(ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_add(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_compare_swap(ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_fetch_inc_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, int pe);
void shmem_ptrdiff_atomic_fetch_add_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_compare_swap_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
int shmem_int_atomic_fetch(const int *source, int pe);
void shmem_int_atomic_set(int *dest, int value, int pe);
int shmem_int_atomic_swap(int *dest, int value, int pe);
void shmem_int_atomic_fetch_nbi(int *fetch, const int *source, int pe);
void shmem_int_atomic_swap_nbi(int *fetch, int *dest, int value, int pe);
long shmem_long_atomic_fetch(const long *source, int pe);
void shmem_long_atomic_set(long *dest, long value, int pe);
long shmem_long_atomic_swap(long *dest, long value, int pe);
void shmem_long_atomic_fetch_nbi(long *fetch, const long *source, int pe);
void shmem_long_atomic_swap_nbi(long *fetch, long *dest, long value, int pe);
long long shmem_longlong_atomic_fetch(const long long *source, int pe);
void shmem_longlong_atomic_set(long long *dest, long long value, int pe);
long long shmem_longlong_atomic_swap(long long *dest, long long value, int pe);
void shmem_longlong_atomic_fetch_nbi(long long *fetch, const long long *source, int pe);
void shmem_longlong_atomic_swap_nbi(long long *fetch, long long *dest, long long value, int pe);
unsigned int shmem_uint_atomic_fetch(const unsigned int *source, int pe);
void shmem_uint_atomic_set(unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_swap(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_nbi(unsigned int *fetch, const unsigned int *source, int pe);
void shmem_uint_atomic_swap_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_fetch(const unsigned long *source, int pe);
void shmem_ulong_atomic_set(unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_swap(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_nbi(unsigned long *fetch, const unsigned long *source, int pe);
void shmem_ulong_atomic_swap_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch(const unsigned long long *source, int pe);
void shmem_ulonglong_atomic_set(unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_swap(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_nbi(unsigned long long *fetch, const unsigned long long *source, int pe);
void shmem_ulonglong_atomic_swap_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_int32_atomic_fetch(const int32_t *source, int pe);
void shmem_int32_atomic_set(int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_swap(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_nbi(int32_t *fetch, const int32_t *source, int pe);
void shmem_int32_atomic_swap_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
int64_t shmem_int64_atomic_fetch(const int64_t *source, int pe);
void shmem_int64_atomic_set(int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_swap(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_nbi(int64_t *fetch, const int64_t *source, int pe);
void shmem_int64_atomic_swap_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
uint32_t shmem_uint32_atomic_fetch(const uint32_t *source, int pe);
void shmem_uint32_atomic_set(uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_swap(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_nbi(uint32_t *fetch, const uint32_t *source, int pe);
void shmem_uint32_atomic_swap_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_fetch(const uint64_t *source, int pe);
void shmem_uint64_atomic_set(uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_swap(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_nbi(uint64_t *fetch, const uint64_t *source, int pe);
void shmem_uint64_atomic_swap_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
size_t shmem_size_atomic_fetch(const size_t *source, int pe);
void shmem_size_atomic_set(size_t *dest, size_t value, int pe);
size_t shmem_size_atomic_swap(size_t *dest, size_t value, int pe);
void shmem_size_atomic_fetch_nbi(size_t *fetch, const size_t *source, int pe);
void shmem_size_atomic_swap_nbi(size_t *fetch, size_t *dest, size_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_fetch(const ptrdiff_t *source, int pe);
void shmem_ptrdiff_atomic_set(ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ptrdiff_atomic_swap(ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ptrdiff_atomic_fetch_nbi(ptrdiff_t *fetch, const ptrdiff_t *source, int pe);
void shmem_ptrdiff_atomic_swap_nbi(ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
float shmem_float_atomic_fetch(const float *source, int pe);
void shmem_float_atomic_set(float *dest, float value, int pe);
float shmem_float_atomic_swap(float *dest, float value, int pe);
void shmem_float_atomic_fetch_nbi(float *fetch, const float *source, int pe);
void shmem_float_atomic_swap_nbi(float *fetch, float *dest, float value, int pe);
double shmem_double_atomic_fetch(const double *source, int pe);
void shmem_double_atomic_set(double *dest, double value, int pe);
double shmem_double_atomic_swap(double *dest, double value, int pe);
void shmem_double_atomic_fetch_nbi(double *fetch, const double *source, int pe);
void shmem_double_atomic_swap_nbi(double *fetch, double *dest, double value, int pe);
unsigned int shmem_uint_atomic_fetch_and(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_and(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_and_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_fetch_or(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_or(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_or_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_uint_atomic_fetch_xor(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_xor(unsigned int *dest, unsigned int value, int pe);
void shmem_uint_atomic_fetch_xor_nbi(unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ulong_atomic_fetch_and(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_and(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_and_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_fetch_or(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_or(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_or_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ulong_atomic_fetch_xor(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_xor(unsigned long *dest, unsigned long value, int pe);
void shmem_ulong_atomic_fetch_xor_nbi(unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_and(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_and(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_and_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_or(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_or(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_or_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ulonglong_atomic_fetch_xor(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_xor(unsigned long long *dest, unsigned long long value, int pe);
void shmem_ulonglong_atomic_fetch_xor_nbi(unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_int32_atomic_fetch_and(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_and(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_and_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_fetch_or(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_or(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_or_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
int32_t shmem_int32_atomic_fetch_xor(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_xor(int32_t *dest, int32_t value, int pe);
void shmem_int32_atomic_fetch_xor_nbi(int32_t *fetch, int32_t *dest, int32_t value, int pe);
int64_t shmem_int64_atomic_fetch_and(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_and(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_and_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_fetch_or(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_or(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_or_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
int64_t shmem_int64_atomic_fetch_xor(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_xor(int64_t *dest, int64_t value, int pe);
void shmem_int64_atomic_fetch_xor_nbi(int64_t *fetch, int64_t *dest, int64_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_and(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_and(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_and_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_or(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_or(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_or_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_uint32_atomic_fetch_xor(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_xor(uint32_t *dest, uint32_t value, int pe);
void shmem_uint32_atomic_fetch_xor_nbi(uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_and(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_and(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_and_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_or(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_or(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_or_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_uint64_atomic_fetch_xor(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_xor(uint64_t *dest, uint64_t value, int pe);
void shmem_uint64_atomic_fetch_xor_nbi(uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);

/* Deprecated AMO names (OpenSHMEM 1.3). */
int shmem_int_finc(int *dest, int pe);
void shmem_int_inc(int *dest, int pe);
int shmem_int_fadd(int *dest, int value, int pe);
void shmem_int_add(int *dest, int value, int pe);
int shmem_int_cswap(int *dest, int cond, int value, int pe);
long shmem_long_finc(long *dest, int pe);
void shmem_long_inc(long *dest, int pe);
long shmem_long_fadd(long *dest, long value, int pe);
void shmem_long_add(long *dest, long value, int pe);
long shmem_long_cswap(long *dest, long cond, long value, int pe);
long long shmem_longlong_finc(long long *dest, int pe);
void shmem_longlong_inc(long long *dest, int pe);
long long shmem_longlong_fadd(long long *dest, long long value, int pe);
void shmem_longlong_add(long long *dest, long long value, int pe);
long long shmem_longlong_cswap(long long *dest, long long cond, long long value, int pe);
int shmem_int_fetch(const int *source, int pe);
void shmem_int_set(int *dest, int value, int pe);
int shmem_int_swap(int *dest, int value, int pe);
long shmem_long_fetch(const long *source, int pe);
void shmem_long_set(long *dest, long value, int pe);
long shmem_long_swap(long *dest, long value, int pe);
long long shmem_longlong_fetch(const long long *source, int pe);
void shmem_longlong_set(long long *dest, long long value, int pe);
long long shmem_longlong_swap(long long *dest, long long value, int pe);
float shmem_float_fetch(const float *source, int pe);
void shmem_float_set(float *dest, float value, int pe);
float shmem_float_swap(float *dest, float value, int pe);
double shmem_double_fetch(const double *source, int pe);
void shmem_double_set(double *dest, double value, int pe);
double shmem_double_swap(double *dest, double value, int pe);

/* Point-to-point synchronization (section 9.10). */
void shmem_short_wait_until(short *ivar, int cmp, short cmp_value);
int shmem_short_test(short *ivar, int cmp, short cmp_value);
void shmem_short_wait(short *ivar, short cmp_value);
void shmem_int_wait_until(int *ivar, int cmp, int cmp_value);
int shmem_int_test(int *ivar, int cmp, int cmp_value);
void shmem_int_wait(int *ivar, int cmp_value);
void shmem_long_wait_until(long *ivar, int cmp, long cmp_value);
int shmem_long_test(long *ivar, int cmp, long cmp_value);
void shmem_long_wait(long *ivar, long cmp_value);
void shmem_longlong_wait_until(long long *ivar, int cmp, long long cmp_value);
int shmem_longlong_test(long long *ivar, int cmp, long long cmp_value);
void shmem_longlong_wait(long long *ivar, long long cmp_value);
void shmem_ushort_wait_until(unsigned short *ivar, int cmp, unsigned short cmp_value);
int shmem_ushort_test(unsigned short *ivar, int cmp, unsigned short cmp_value);
void shmem_ushort_wait(unsigned short *ivar, unsigned short cmp_value);
void shmem_uint_wait_until(unsigned int *ivar, int cmp, unsigned int cmp_value);
int shmem_uint_test(unsigned int *ivar, int cmp, unsigned int cmp_value);
void shmem_uint_wait(unsigned int *ivar, unsigned int cmp_value);
void shmem_ulong_wait_until(unsigned long *ivar, int cmp, unsigned long cmp_value);
int shmem_ulong_test(unsigned long *ivar, int cmp, unsigned long cmp_value);
void shmem_ulong_wait(unsigned long *ivar, unsigned long cmp_value);
void shmem_ulonglong_wait_until(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
int shmem_ulonglong_test(unsigned long long *ivar, int cmp, unsigned long long cmp_value);
void shmem_ulonglong_wait(unsigned long long *ivar, unsigned long long cmp_value);
void shmem_int32_wait_until(int32_t *ivar, int cmp, int32_t cmp_value);
int shmem_int32_test(int32_t *ivar, int cmp, int32_t cmp_value);
void shmem_int32_wait(int32_t *ivar, int32_t cmp_value);
void shmem_int64_wait_until(int64_t *ivar, int cmp, int64_t cmp_value);
int shmem_int64_test(int64_t *ivar, int cmp, int64_t cmp_value);
void shmem_int64_wait(int64_t *ivar, int64_t cmp_value);
void shmem_uint32_wait_until(uint32_t *ivar, int cmp, uint32_t cmp_value);
int shmem_uint32_test(uint32_t *ivar, int cmp, uint32_t cmp_value);
void shmem_uint32_wait(uint32_t *ivar, uint32_t cmp_value);
void shmem_uint64_wait_until(uint64_t *ivar, int cmp, uint64_t cmp_value);
int shmem_uint64_test(uint64_t *ivar, int cmp, uint64_t cmp_value);
void shmem_uint64_wait(uint64_t *ivar, uint64_t cmp_value);
void shmem_size_wait_until(size_t *ivar, int cmp, size_t cmp_value);
int shmem_size_test(size_t *ivar, int cmp, size_t cmp_value);
void shmem_size_wait(size_t *ivar, size_t cmp_value);
void shmem_ptrdiff_wait_until(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
int shmem_ptrdiff_test(ptrdiff_t *ivar, int cmp, ptrdiff_t cmp_value);
void shmem_ptrdiff_wait(ptrdiff_t *ivar, ptrdiff_t cmp_value);

/* Ordering, barriers, locks (sections 9.8 - 9.10). */
void shmem_fence(void);
void shmem_quiet(void);
void shmem_pe_quiet(const int *target_pes, size_t npes);
void shmem_barrier_all(void);
void shmem_sync_all(void);
void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

/* Collectives: teams (section 9.9). */
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask,
                             shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t *xaxis_config, long xaxis_mask,
                        shmem_team_t *xaxis_team,
                        const shmem_team_config_t *yaxis_config, long yaxis_mask,
                        shmem_team_t *yaxis_team);
void shmem_team_destroy(shmem_team_t team);
int shmem_team_sync(shmem_team_t team);
int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_float_broadcast(shmem_team_t team, float *dest, const float *source, size_t nelems, int PE_root);
int shmem_float_collect(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_fcollect(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_alltoall(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_double_broadcast(shmem_team_t team, double *dest, const double *source, size_t nelems, int PE_root);
int shmem_longdouble_broadcast(shmem_team_t team, long double *dest, const long double *source, size_t nelems, int PE_root);
int shmem_double_collect(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_longdouble_collect(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_double_fcollect(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_longdouble_fcollect(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_double_alltoall(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_longdouble_alltoall(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_char_broadcast(shmem_team_t team, char *dest, const char *source, size_t nelems, int PE_root);
int shmem_char_collect(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_fcollect(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_alltoall(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_schar_broadcast(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems, int PE_root);
int shmem_schar_collect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_fcollect(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_alltoall(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_short_broadcast(shmem_team_t team, short *dest, const short *source, size_t nelems, int PE_root);
int shmem_short_collect(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_fcollect(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_alltoall(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_int_broadcast(shmem_team_t team, int *dest, const int *source, size_t nelems, int PE_root);
int shmem_int_collect(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_fcollect(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_alltoall(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_long_broadcast(shmem_team_t team, long *dest, const long *source, size_t nelems, int PE_root);
int shmem_long_collect(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_fcollect(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_alltoall(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_longlong_broadcast(shmem_team_t team, long long *dest, const long long *source, size_t nelems, int PE_root);
int shmem_longlong_collect(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_fcollect(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_alltoall(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_uchar_broadcast(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems, int PE_root);
int shmem_uchar_collect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_fcollect(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_alltoall(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_ushort_broadcast(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems, int PE_root);
int shmem_ushort_collect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_fcollect(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_alltoall(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_uint_broadcast(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems, int PE_root);
int shmem_uint_collect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_fcollect(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_alltoall(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_ulong_broadcast(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems, int PE_root);
int shmem_ulong_collect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_fcollect(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_alltoall(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulonglong_broadcast(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems, int PE_root);
int shmem_ulonglong_collect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_fcollect(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_alltoall(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_int8_broadcast(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems, int PE_root);
int shmem_int8_collect(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_fcollect(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_alltoall(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int16_broadcast(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems, int PE_root);
int shmem_int16_collect(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_fcollect(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_alltoall(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int32_broadcast(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems, int PE_root);
int shmem_int32_collect(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_fcollect(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_alltoall(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int64_broadcast(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems, int PE_root);
int shmem_int64_collect(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_fcollect(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_alltoall(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_uint8_broadcast(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems, int PE_root);
int shmem_uint8_collect(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_fcollect(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_alltoall(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint16_broadcast(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems, int PE_root);
int shmem_uint16_collect(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_fcollect(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_alltoall(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint32_broadcast(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems, int PE_root);
int shmem_uint32_collect(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_fcollect(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_alltoall(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint64_broadcast(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems, int PE_root);
int shmem_uint64_collect(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_fcollect(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_alltoall(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_size_broadcast(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems, int PE_root);
int shmem_size_collect(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_fcollect(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_alltoall(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_ptrdiff_broadcast(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int PE_root);
int shmem_ptrdiff_collect(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_fcollect(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_alltoall(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_uchar_and_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_uchar_or_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_uchar_xor_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_and_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_ushort_or_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_ushort_xor_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_and_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_uint_or_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_uint_xor_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_and_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulong_or_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulong_xor_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_and_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_ulonglong_or_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_ulonglong_xor_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_and_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int8_or_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int8_xor_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_and_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int16_or_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int16_xor_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_and_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int32_or_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int32_xor_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_and_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_int64_or_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_int64_xor_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_and_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint8_or_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint8_xor_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_and_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint16_or_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint16_xor_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_and_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint32_or_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint32_xor_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_and_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_uint64_or_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_uint64_xor_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_and_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_size_or_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_size_xor_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_char_max_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_char_min_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_max_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_schar_min_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_max_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_short_min_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_max_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_int_min_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_max_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_long_min_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_max_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_longlong_min_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_max_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_ptrdiff_min_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_max_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_uchar_min_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_max_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_ushort_min_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_max_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_uint_min_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_max_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulong_min_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_max_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_ulonglong_min_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_max_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int8_min_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_max_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int16_min_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_max_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int32_min_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_max_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_int64_min_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_max_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint8_min_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_max_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint16_min_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_max_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint32_min_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_max_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_uint64_min_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_max_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_size_min_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_max_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_float_min_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_max_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_max_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_double_min_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_min_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_char_sum_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_char_prod_reduce(shmem_team_t team, char *dest, const char *source, size_t nreduce);
int shmem_schar_sum_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_schar_prod_reduce(shmem_team_t team, signed char *dest, const signed char *source, size_t nreduce);
int shmem_short_sum_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_short_prod_reduce(shmem_team_t team, short *dest, const short *source, size_t nreduce);
int shmem_int_sum_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_int_prod_reduce(shmem_team_t team, int *dest, const int *source, size_t nreduce);
int shmem_long_sum_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_long_prod_reduce(shmem_team_t team, long *dest, const long *source, size_t nreduce);
int shmem_longlong_sum_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_longlong_prod_reduce(shmem_team_t team, long long *dest, const long long *source, size_t nreduce);
int shmem_ptrdiff_sum_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_ptrdiff_prod_reduce(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nreduce);
int shmem_uchar_sum_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_uchar_prod_reduce(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nreduce);
int shmem_ushort_sum_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_ushort_prod_reduce(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nreduce);
int shmem_uint_sum_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_uint_prod_reduce(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nreduce);
int shmem_ulong_sum_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulong_prod_reduce(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nreduce);
int shmem_ulonglong_sum_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_ulonglong_prod_reduce(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nreduce);
int shmem_int8_sum_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int8_prod_reduce(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nreduce);
int shmem_int16_sum_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int16_prod_reduce(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nreduce);
int shmem_int32_sum_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int32_prod_reduce(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nreduce);
int shmem_int64_sum_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_int64_prod_reduce(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nreduce);
int shmem_uint8_sum_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint8_prod_reduce(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nreduce);
int shmem_uint16_sum_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint16_prod_reduce(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nreduce);
int shmem_uint32_sum_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint32_prod_reduce(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nreduce);
int shmem_uint64_sum_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_uint64_prod_reduce(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nreduce);
int shmem_size_sum_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_size_prod_reduce(shmem_team_t team, size_t *dest, const size_t *source, size_t nreduce);
int shmem_float_sum_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_float_prod_reduce(shmem_team_t team, float *dest, const float *source, size_t nreduce);
int shmem_double_sum_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_sum_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_double_prod_reduce(shmem_team_t team, double *dest, const double *source, size_t nreduce);
int shmem_longdouble_prod_reduce(shmem_team_t team, long double *dest, const long double *source, size_t nreduce);
int shmem_complexd_sum_reduce(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nreduce);
int shmem_complexd_prod_reduce(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nreduce);
int shmem_complexf_sum_reduce(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nreduce);
int shmem_complexf_prod_reduce(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nreduce);
/* Scans (OpenSHMEM 1.6): prefix sums over a team; exscan gives 0 on member 0. */
int shmem_char_sum_inscan(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_char_sum_exscan(shmem_team_t team, char *dest, const char *source, size_t nelems);
int shmem_schar_sum_inscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_schar_sum_exscan(shmem_team_t team, signed char *dest, const signed char *source, size_t nelems);
int shmem_short_sum_inscan(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_short_sum_exscan(shmem_team_t team, short *dest, const short *source, size_t nelems);
int shmem_int_sum_inscan(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_int_sum_exscan(shmem_team_t team, int *dest, const int *source, size_t nelems);
int shmem_long_sum_inscan(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_long_sum_exscan(shmem_team_t team, long *dest, const long *source, size_t nelems);
int shmem_longlong_sum_inscan(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_longlong_sum_exscan(shmem_team_t team, long long *dest, const long long *source, size_t nelems);
int shmem_ptrdiff_sum_inscan(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_ptrdiff_sum_exscan(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems);
int shmem_uchar_sum_inscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_uchar_sum_exscan(shmem_team_t team, unsigned char *dest, const unsigned char *source, size_t nelems);
int shmem_ushort_sum_inscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_ushort_sum_exscan(shmem_team_t team, unsigned short *dest, const unsigned short *source, size_t nelems);
int shmem_uint_sum_inscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_uint_sum_exscan(shmem_team_t team, unsigned int *dest, const unsigned int *source, size_t nelems);
int shmem_ulong_sum_inscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulong_sum_exscan(shmem_team_t team, unsigned long *dest, const unsigned long *source, size_t nelems);
int shmem_ulonglong_sum_inscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_ulonglong_sum_exscan(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, size_t nelems);
int shmem_int8_sum_inscan(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int8_sum_exscan(shmem_team_t team, int8_t *dest, const int8_t *source, size_t nelems);
int shmem_int16_sum_inscan(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int16_sum_exscan(shmem_team_t team, int16_t *dest, const int16_t *source, size_t nelems);
int shmem_int32_sum_inscan(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int32_sum_exscan(shmem_team_t team, int32_t *dest, const int32_t *source, size_t nelems);
int shmem_int64_sum_inscan(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_int64_sum_exscan(shmem_team_t team, int64_t *dest, const int64_t *source, size_t nelems);
int shmem_uint8_sum_inscan(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint8_sum_exscan(shmem_team_t team, uint8_t *dest, const uint8_t *source, size_t nelems);
int shmem_uint16_sum_inscan(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint16_sum_exscan(shmem_team_t team, uint16_t *dest, const uint16_t *source, size_t nelems);
int shmem_uint32_sum_inscan(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint32_sum_exscan(shmem_team_t team, uint32_t *dest, const uint32_t *source, size_t nelems);
int shmem_uint64_sum_inscan(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_uint64_sum_exscan(shmem_team_t team, uint64_t *dest, const uint64_t *source, size_t nelems);
int shmem_size_sum_inscan(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_size_sum_exscan(shmem_team_t team, size_t *dest, const size_t *source, size_t nelems);
int shmem_float_sum_inscan(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_float_sum_exscan(shmem_team_t team, float *dest, const float *source, size_t nelems);
int shmem_double_sum_inscan(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_double_sum_exscan(shmem_team_t team, double *dest, const double *source, size_t nelems);
int shmem_longdouble_sum_inscan(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_longdouble_sum_exscan(shmem_team_t team, long double *dest, const long double *source, size_t nelems);
int shmem_complexd_sum_inscan(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nelems);
int shmem_complexd_sum_exscan(shmem_team_t team, double _Complex *dest, const double _Complex *source, size_t nelems);
int shmem_complexf_sum_inscan(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nelems);
int shmem_complexf_sum_exscan(shmem_team_t team, float _Complex *dest, const float _Complex *source, size_t nelems);
void shmem_short_and_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_short_or_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_short_xor_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_int_and_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_int_or_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_int_xor_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_long_and_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_long_or_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_long_xor_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_longlong_and_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_longlong_or_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_longlong_xor_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_short_max_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_short_min_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_int_max_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_int_min_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_long_max_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_long_min_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_longlong_max_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_longlong_min_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_float_max_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float *pWrk, long *pSync);
void shmem_float_min_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float *pWrk, long *pSync);
void shmem_double_max_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_max_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long double *pWrk, long *pSync);
void shmem_double_min_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_min_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long double *pWrk, long *pSync);
void shmem_short_sum_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_short_prod_to_all(short *dest, const short *source, int nreduce, int PE_start, int logPE_stride, int PE_size, short *pWrk, long *pSync);
void shmem_int_sum_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_int_prod_to_all(int *dest, const int *source, int nreduce, int PE_start, int logPE_stride, int PE_size, int *pWrk, long *pSync);
void shmem_long_sum_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_long_prod_to_all(long *dest, const long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long *pWrk, long *pSync);
void shmem_longlong_sum_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_longlong_prod_to_all(long long *dest, const long long *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long long *pWrk, long *pSync);
void shmem_float_sum_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float *pWrk, long *pSync);
void shmem_float_prod_to_all(float *dest, const float *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float *pWrk, long *pSync);
void shmem_double_sum_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_sum_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long double *pWrk, long *pSync);
void shmem_double_prod_to_all(double *dest, const double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double *pWrk, long *pSync);
void shmem_longdouble_prod_to_all(long double *dest, const long double *source, int nreduce, int PE_start, int logPE_stride, int PE_size, long double *pWrk, long *pSync);
void shmem_complexf_sum_to_all(float _Complex *dest, const float _Complex *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float _Complex *pWrk, long *pSync);
void shmem_complexf_prod_to_all(float _Complex *dest, const float _Complex *source, int nreduce, int PE_start, int logPE_stride, int PE_size, float _Complex *pWrk, long *pSync);
void shmem_complexd_sum_to_all(double _Complex *dest, const double _Complex *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double _Complex *pWrk, long *pSync);
void shmem_complexd_prod_to_all(double _Complex *dest, const double _Complex *source, int nreduce, int PE_start, int logPE_stride, int PE_size, double _Complex *pWrk, long *pSync);

/* Strided all-to-all. */
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
void shmem_alltoalls32(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoalls64(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
int shmem_float_alltoalls(shmem_team_t team, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_double_alltoalls(shmem_team_t team, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_longdouble_alltoalls(shmem_team_t team, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_char_alltoalls(shmem_team_t team, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_schar_alltoalls(shmem_team_t team, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_short_alltoalls(shmem_team_t team, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_int_alltoalls(shmem_team_t team, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_long_alltoalls(shmem_team_t team, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_longlong_alltoalls(shmem_team_t team, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uchar_alltoalls(shmem_team_t team, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_ushort_alltoalls(shmem_team_t team, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uint_alltoalls(shmem_team_t team, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_ulong_alltoalls(shmem_team_t team, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_ulonglong_alltoalls(shmem_team_t team, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_int8_alltoalls(shmem_team_t team, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_int16_alltoalls(shmem_team_t team, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_int32_alltoalls(shmem_team_t team, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_int64_alltoalls(shmem_team_t team, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uint8_alltoalls(shmem_team_t team, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uint16_alltoalls(shmem_team_t team, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uint32_alltoalls(shmem_team_t team, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_uint64_alltoalls(shmem_team_t team, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_size_alltoalls(shmem_team_t team, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);
int shmem_ptrdiff_alltoalls(shmem_team_t team, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems);

/* Put with signal (section 9.6). */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1
void shmem_putmem_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put8_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put8_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put16_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put16_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put32_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put32_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put64_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put64_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put128_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_put128_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_float_put_signal(float *dest, const float *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_float_put_signal_nbi(float *dest, const float *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_double_put_signal(double *dest, const double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_double_put_signal_nbi(double *dest, const double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_longdouble_put_signal(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_longdouble_put_signal_nbi(long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_char_put_signal(char *dest, const char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_char_put_signal_nbi(char *dest, const char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_schar_put_signal(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_schar_put_signal_nbi(signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_short_put_signal(short *dest, const short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_short_put_signal_nbi(short *dest, const short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int_put_signal(int *dest, const int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int_put_signal_nbi(int *dest, const int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_long_put_signal(long *dest, const long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_long_put_signal_nbi(long *dest, const long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_longlong_put_signal(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_longlong_put_signal_nbi(long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uchar_put_signal(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uchar_put_signal_nbi(unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ushort_put_signal(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ushort_put_signal_nbi(unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint_put_signal(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint_put_signal_nbi(unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ulong_put_signal(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ulong_put_signal_nbi(unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ulonglong_put_signal(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ulonglong_put_signal_nbi(unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int8_put_signal(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int8_put_signal_nbi(int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int16_put_signal(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int16_put_signal_nbi(int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int32_put_signal(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int32_put_signal_nbi(int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int64_put_signal(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_int64_put_signal_nbi(int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint8_put_signal(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint8_put_signal_nbi(uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint16_put_signal(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint16_put_signal_nbi(uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint32_put_signal(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint32_put_signal_nbi(uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint64_put_signal(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_uint64_put_signal_nbi(uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_size_put_signal(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_size_put_signal_nbi(size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ptrdiff_put_signal(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ptrdiff_put_signal_nbi(ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);
void shmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);

/* Waits and tests on arrays (section 9.10). */
void shmem_short_wait_until_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_wait_until_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_wait_until_some(short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, short cmp_value);
int shmem_short_test_all(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_test_any(short *ivars, size_t nelems, const int *status, int cmp, short cmp_value);
size_t shmem_short_test_some(short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, short cmp_value);
void shmem_short_wait_until_all_vector(short *ivars, size_t nelems, const int *status, int cmp, const short *cmp_values);
size_t shmem_short_wait_until_any_vector(short *ivars, size_t nelems, const int *status, int cmp, const short *cmp_values);
size_t shmem_short_wait_until_some_vector(short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const short *cmp_values);
int shmem_short_test_all_vector(short *ivars, size_t nelems, const int *status, int cmp, const short *cmp_values);
size_t shmem_short_test_any_vector(short *ivars, size_t nelems, const int *status, int cmp, const short *cmp_values);
size_t shmem_short_test_some_vector(short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const short *cmp_values);
void shmem_int_wait_until_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_wait_until_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_wait_until_some(int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int cmp_value);
int shmem_int_test_all(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_test_any(int *ivars, size_t nelems, const int *status, int cmp, int cmp_value);
size_t shmem_int_test_some(int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int cmp_value);
void shmem_int_wait_until_all_vector(int *ivars, size_t nelems, const int *status, int cmp, const int *cmp_values);
size_t shmem_int_wait_until_any_vector(int *ivars, size_t nelems, const int *status, int cmp, const int *cmp_values);
size_t shmem_int_wait_until_some_vector(int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int *cmp_values);
int shmem_int_test_all_vector(int *ivars, size_t nelems, const int *status, int cmp, const int *cmp_values);
size_t shmem_int_test_any_vector(int *ivars, size_t nelems, const int *status, int cmp, const int *cmp_values);
size_t shmem_int_test_some_vector(int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int *cmp_values);
void shmem_long_wait_until_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_wait_until_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_wait_until_some(long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, long cmp_value);
int shmem_long_test_all(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_test_any(long *ivars, size_t nelems, const int *status, int cmp, long cmp_value);
size_t shmem_long_test_some(long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, long cmp_value);
void shmem_long_wait_until_all_vector(long *ivars, size_t nelems, const int *status, int cmp, const long *cmp_values);
size_t shmem_long_wait_until_any_vector(long *ivars, size_t nelems, const int *status, int cmp, const long *cmp_values);
size_t shmem_long_wait_until_some_vector(long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const long *cmp_values);
int shmem_long_test_all_vector(long *ivars, size_t nelems, const int *status, int cmp, const long *cmp_values);
size_t shmem_long_test_any_vector(long *ivars, size_t nelems, const int *status, int cmp, const long *cmp_values);
size_t shmem_long_test_some_vector(long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const long *cmp_values);
void shmem_longlong_wait_until_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_wait_until_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_wait_until_some(long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, long long cmp_value);
int shmem_longlong_test_all(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_test_any(long long *ivars, size_t nelems, const int *status, int cmp, long long cmp_value);
size_t shmem_longlong_test_some(long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, long long cmp_value);
void shmem_longlong_wait_until_all_vector(long long *ivars, size_t nelems, const int *status, int cmp, const long long *cmp_values);
size_t shmem_longlong_wait_until_any_vector(long long *ivars, size_t nelems, const int *status, int cmp, const long long *cmp_values);
size_t shmem_longlong_wait_until_some_vector(long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const long long *cmp_values);
int shmem_longlong_test_all_vector(long long *ivars, size_t nelems, const int *status, int cmp, const long long *cmp_values);
size_t shmem_longlong_test_any_vector(long long *ivars, size_t nelems, const int *status, int cmp, const long long *cmp_values);
size_t shmem_longlong_test_some_vector(long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const long long *cmp_values);
void shmem_ushort_wait_until_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_wait_until_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_wait_until_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned short cmp_value);
int shmem_ushort_test_all(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_test_any(unsigned short *ivars, size_t nelems, const int *status, int cmp, unsigned short cmp_value);
size_t shmem_ushort_test_some(unsigned short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned short cmp_value);
void shmem_ushort_wait_until_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp, const unsigned short *cmp_values);
size_t shmem_ushort_wait_until_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp, const unsigned short *cmp_values);
size_t shmem_ushort_wait_until_some_vector(unsigned short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned short *cmp_values);
int shmem_ushort_test_all_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp, const unsigned short *cmp_values);
size_t shmem_ushort_test_any_vector(unsigned short *ivars, size_t nelems, const int *status, int cmp, const unsigned short *cmp_values);
size_t shmem_ushort_test_some_vector(unsigned short *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned short *cmp_values);
void shmem_uint_wait_until_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_wait_until_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_wait_until_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned int cmp_value);
int shmem_uint_test_all(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_test_any(unsigned int *ivars, size_t nelems, const int *status, int cmp, unsigned int cmp_value);
size_t shmem_uint_test_some(unsigned int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned int cmp_value);
void shmem_uint_wait_until_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp, const unsigned int *cmp_values);
size_t shmem_uint_wait_until_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp, const unsigned int *cmp_values);
size_t shmem_uint_wait_until_some_vector(unsigned int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned int *cmp_values);
int shmem_uint_test_all_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp, const unsigned int *cmp_values);
size_t shmem_uint_test_any_vector(unsigned int *ivars, size_t nelems, const int *status, int cmp, const unsigned int *cmp_values);
size_t shmem_uint_test_some_vector(unsigned int *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned int *cmp_values);
void shmem_ulong_wait_until_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_wait_until_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_wait_until_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned long cmp_value);
int shmem_ulong_test_all(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_test_any(unsigned long *ivars, size_t nelems, const int *status, int cmp, unsigned long cmp_value);
size_t shmem_ulong_test_some(unsigned long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned long cmp_value);
void shmem_ulong_wait_until_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp, const unsigned long *cmp_values);
size_t shmem_ulong_wait_until_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp, const unsigned long *cmp_values);
size_t shmem_ulong_wait_until_some_vector(unsigned long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned long *cmp_values);
int shmem_ulong_test_all_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp, const unsigned long *cmp_values);
size_t shmem_ulong_test_any_vector(unsigned long *ivars, size_t nelems, const int *status, int cmp, const unsigned long *cmp_values);
size_t shmem_ulong_test_some_vector(unsigned long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned long *cmp_values);
void shmem_ulonglong_wait_until_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_wait_until_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_wait_until_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned long long cmp_value);
int shmem_ulonglong_test_all(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_test_any(unsigned long long *ivars, size_t nelems, const int *status, int cmp, unsigned long long cmp_value);
size_t shmem_ulonglong_test_some(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, unsigned long long cmp_value);
void shmem_ulonglong_wait_until_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp, const unsigned long long *cmp_values);
size_t shmem_ulonglong_wait_until_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp, const unsigned long long *cmp_values);
size_t shmem_ulonglong_wait_until_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned long long *cmp_values);
int shmem_ulonglong_test_all_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp, const unsigned long long *cmp_values);
size_t shmem_ulonglong_test_any_vector(unsigned long long *ivars, size_t nelems, const int *status, int cmp, const unsigned long long *cmp_values);
size_t shmem_ulonglong_test_some_vector(unsigned long long *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const unsigned long long *cmp_values);
void shmem_int32_wait_until_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_wait_until_any(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_wait_until_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int32_t cmp_value);
int shmem_int32_test_all(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_test_any(int32_t *ivars, size_t nelems, const int *status, int cmp, int32_t cmp_value);
size_t shmem_int32_test_some(int32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int32_t cmp_value);
void shmem_int32_wait_until_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp, const int32_t *cmp_values);
size_t shmem_int32_wait_until_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp, const int32_t *cmp_values);
size_t shmem_int32_wait_until_some_vector(int32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int32_t *cmp_values);
int shmem_int32_test_all_vector(int32_t *ivars, size_t nelems, const int *status, int cmp, const int32_t *cmp_values);
size_t shmem_int32_test_any_vector(int32_t *ivars, size_t nelems, const int *status, int cmp, const int32_t *cmp_values);
size_t shmem_int32_test_some_vector(int32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int32_t *cmp_values);
void shmem_int64_wait_until_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_wait_until_any(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_wait_until_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int64_t cmp_value);
int shmem_int64_test_all(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_test_any(int64_t *ivars, size_t nelems, const int *status, int cmp, int64_t cmp_value);
size_t shmem_int64_test_some(int64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, int64_t cmp_value);
void shmem_int64_wait_until_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp, const int64_t *cmp_values);
size_t shmem_int64_wait_until_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp, const int64_t *cmp_values);
size_t shmem_int64_wait_until_some_vector(int64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int64_t *cmp_values);
int shmem_int64_test_all_vector(int64_t *ivars, size_t nelems, const int *status, int cmp, const int64_t *cmp_values);
size_t shmem_int64_test_any_vector(int64_t *ivars, size_t nelems, const int *status, int cmp, const int64_t *cmp_values);
size_t shmem_int64_test_some_vector(int64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const int64_t *cmp_values);
void shmem_uint32_wait_until_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_wait_until_any(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_wait_until_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, uint32_t cmp_value);
int shmem_uint32_test_all(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_test_any(uint32_t *ivars, size_t nelems, const int *status, int cmp, uint32_t cmp_value);
size_t shmem_uint32_test_some(uint32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, uint32_t cmp_value);
void shmem_uint32_wait_until_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp, const uint32_t *cmp_values);
size_t shmem_uint32_wait_until_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp, const uint32_t *cmp_values);
size_t shmem_uint32_wait_until_some_vector(uint32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const uint32_t *cmp_values);
int shmem_uint32_test_all_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp, const uint32_t *cmp_values);
size_t shmem_uint32_test_any_vector(uint32_t *ivars, size_t nelems, const int *status, int cmp, const uint32_t *cmp_values);
size_t shmem_uint32_test_some_vector(uint32_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const uint32_t *cmp_values);
void shmem_uint64_wait_until_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_wait_until_any(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_wait_until_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, uint64_t cmp_value);
int shmem_uint64_test_all(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_test_any(uint64_t *ivars, size_t nelems, const int *status, int cmp, uint64_t cmp_value);
size_t shmem_uint64_test_some(uint64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, uint64_t cmp_value);
void shmem_uint64_wait_until_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp, const uint64_t *cmp_values);
size_t shmem_uint64_wait_until_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp, const uint64_t *cmp_values);
size_t shmem_uint64_wait_until_some_vector(uint64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const uint64_t *cmp_values);
int shmem_uint64_test_all_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp, const uint64_t *cmp_values);
size_t shmem_uint64_test_any_vector(uint64_t *ivars, size_t nelems, const int *status, int cmp, const uint64_t *cmp_values);
size_t shmem_uint64_test_some_vector(uint64_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const uint64_t *cmp_values);
void shmem_size_wait_until_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_wait_until_any(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_wait_until_some(size_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, size_t cmp_value);
int shmem_size_test_all(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_test_any(size_t *ivars, size_t nelems, const int *status, int cmp, size_t cmp_value);
size_t shmem_size_test_some(size_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, size_t cmp_value);
void shmem_size_wait_until_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp, const size_t *cmp_values);
size_t shmem_size_wait_until_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp, const size_t *cmp_values);
size_t shmem_size_wait_until_some_vector(size_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const size_t *cmp_values);
int shmem_size_test_all_vector(size_t *ivars, size_t nelems, const int *status, int cmp, const size_t *cmp_values);
size_t shmem_size_test_any_vector(size_t *ivars, size_t nelems, const int *status, int cmp, const size_t *cmp_values);
size_t shmem_size_test_some_vector(size_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const size_t *cmp_values);
void shmem_ptrdiff_wait_until_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_wait_until_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_wait_until_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, ptrdiff_t cmp_value);
int shmem_ptrdiff_test_all(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_test_any(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, ptrdiff_t cmp_value);
size_t shmem_ptrdiff_test_some(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, ptrdiff_t cmp_value);
void shmem_ptrdiff_wait_until_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, const ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_wait_until_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, const ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_wait_until_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const ptrdiff_t *cmp_values);
int shmem_ptrdiff_test_all_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, const ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_test_any_vector(ptrdiff_t *ivars, size_t nelems, const int *status, int cmp, const ptrdiff_t *cmp_values);
size_t shmem_ptrdiff_test_some_vector(ptrdiff_t *ivars, size_t nelems, size_t *indices, const int *status, int cmp, const ptrdiff_t *cmp_values);

/* Contexts. */
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);
void shmem_ctx_fence(shmem_ctx_t ctx);
void shmem_ctx_quiet(shmem_ctx_t ctx);
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes);
void shmem_ctx_signal_add(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_signal_set(shmem_ctx_t ctx, uint64_t *sig_addr, uint64_t signal, int pe);
void shmem_ctx_session_start(shmem_ctx_t ctx, long options, const shmem_ctx_session_config_t *config, long config_mask);
void shmem_ctx_session_stop(shmem_ctx_t ctx);
void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_float_put(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_get(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_put_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_get_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, int pe);
void shmem_ctx_float_iput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_float_iget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_float_p(shmem_ctx_t ctx, float *dest, float value, int pe);
float shmem_ctx_float_g(shmem_ctx_t ctx, const float *source, int pe);
void shmem_ctx_double_put(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_get(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_put_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_get_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, int pe);
void shmem_ctx_double_iput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_double_iget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_double_p(shmem_ctx_t ctx, double *dest, double value, int pe);
double shmem_ctx_double_g(shmem_ctx_t ctx, const double *source, int pe);
void shmem_ctx_longdouble_put(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_get(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_put_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_get_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, int pe);
void shmem_ctx_longdouble_iput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longdouble_iget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_char_put(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_get(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_put_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_get_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, int pe);
void shmem_ctx_char_iput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_char_iget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_char_p(shmem_ctx_t ctx, char *dest, char value, int pe);
char shmem_ctx_char_g(shmem_ctx_t ctx, const char *source, int pe);
void shmem_ctx_schar_put(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_get(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_put_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_get_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, int pe);
void shmem_ctx_schar_iput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_schar_iget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_schar_p(shmem_ctx_t ctx, signed char *dest, signed char value, int pe);
signed char shmem_ctx_schar_g(shmem_ctx_t ctx, const signed char *source, int pe);
void shmem_ctx_short_put(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_get(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_put_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_get_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, int pe);
void shmem_ctx_short_iput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_short_iget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_short_p(shmem_ctx_t ctx, short *dest, short value, int pe);
short shmem_ctx_short_g(shmem_ctx_t ctx, const short *source, int pe);
void shmem_ctx_int_put(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_get(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_put_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_get_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, int pe);
void shmem_ctx_int_iput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int_iget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int_p(shmem_ctx_t ctx, int *dest, int value, int pe);
int shmem_ctx_int_g(shmem_ctx_t ctx, const int *source, int pe);
void shmem_ctx_long_put(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_get(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_put_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_get_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, int pe);
void shmem_ctx_long_iput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_long_iget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_long_p(shmem_ctx_t ctx, long *dest, long value, int pe);
long shmem_ctx_long_g(shmem_ctx_t ctx, const long *source, int pe);
void shmem_ctx_longlong_put(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_get(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_put_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_get_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, int pe);
void shmem_ctx_longlong_iput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longlong_iget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_longlong_p(shmem_ctx_t ctx, long long *dest, long long value, int pe);
long long shmem_ctx_longlong_g(shmem_ctx_t ctx, const long long *source, int pe);
void shmem_ctx_uchar_put(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_get(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_put_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_get_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, int pe);
void shmem_ctx_uchar_iput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uchar_iget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uchar_p(shmem_ctx_t ctx, unsigned char *dest, unsigned char value, int pe);
unsigned char shmem_ctx_uchar_g(shmem_ctx_t ctx, const unsigned char *source, int pe);
void shmem_ctx_ushort_put(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_get(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_put_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_get_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, int pe);
void shmem_ctx_ushort_iput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ushort_iget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ushort_p(shmem_ctx_t ctx, unsigned short *dest, unsigned short value, int pe);
unsigned short shmem_ctx_ushort_g(shmem_ctx_t ctx, const unsigned short *source, int pe);
void shmem_ctx_uint_put(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_get(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_put_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_get_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, int pe);
void shmem_ctx_uint_iput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint_iget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint_p(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_g(shmem_ctx_t ctx, const unsigned int *source, int pe);
void shmem_ctx_ulong_put(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_get(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_put_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_get_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, int pe);
void shmem_ctx_ulong_iput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulong_iget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulong_p(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_g(shmem_ctx_t ctx, const unsigned long *source, int pe);
void shmem_ctx_ulonglong_put(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_get(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_put_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_get_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, int pe);
void shmem_ctx_ulonglong_iput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulonglong_iget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ulonglong_p(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_g(shmem_ctx_t ctx, const unsigned long long *source, int pe);
void shmem_ctx_int8_put(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_get(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_put_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_get_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, int pe);
void shmem_ctx_int8_iput(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int8_iget(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int8_p(shmem_ctx_t ctx, int8_t *dest, int8_t value, int pe);
int8_t shmem_ctx_int8_g(shmem_ctx_t ctx, const int8_t *source, int pe);
void shmem_ctx_int16_put(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_get(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_put_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_get_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, int pe);
void shmem_ctx_int16_iput(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int16_iget(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int16_p(shmem_ctx_t ctx, int16_t *dest, int16_t value, int pe);
int16_t shmem_ctx_int16_g(shmem_ctx_t ctx, const int16_t *source, int pe);
void shmem_ctx_int32_put(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_get(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_put_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_get_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, int pe);
void shmem_ctx_int32_iput(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int32_iget(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int32_p(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_g(shmem_ctx_t ctx, const int32_t *source, int pe);
void shmem_ctx_int64_put(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_get(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_put_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_get_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, int pe);
void shmem_ctx_int64_iput(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int64_iget(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_int64_p(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_g(shmem_ctx_t ctx, const int64_t *source, int pe);
void shmem_ctx_uint8_put(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_get(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_put_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_get_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, int pe);
void shmem_ctx_uint8_iput(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint8_iget(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint8_p(shmem_ctx_t ctx, uint8_t *dest, uint8_t value, int pe);
uint8_t shmem_ctx_uint8_g(shmem_ctx_t ctx, const uint8_t *source, int pe);
void shmem_ctx_uint16_put(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_get(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_put_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_get_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, int pe);
void shmem_ctx_uint16_iput(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint16_iget(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint16_p(shmem_ctx_t ctx, uint16_t *dest, uint16_t value, int pe);
uint16_t shmem_ctx_uint16_g(shmem_ctx_t ctx, const uint16_t *source, int pe);
void shmem_ctx_uint32_put(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_get(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_put_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_get_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, int pe);
void shmem_ctx_uint32_iput(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint32_iget(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint32_p(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_g(shmem_ctx_t ctx, const uint32_t *source, int pe);
void shmem_ctx_uint64_put(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_get(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_put_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_get_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, int pe);
void shmem_ctx_uint64_iput(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint64_iget(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_uint64_p(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_g(shmem_ctx_t ctx, const uint64_t *source, int pe);
void shmem_ctx_size_put(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_get(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_put_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_get_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, int pe);
void shmem_ctx_size_iput(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_size_iget(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_size_p(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_g(shmem_ctx_t ctx, const size_t *source, int pe);
void shmem_ctx_ptrdiff_put(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_get(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_put_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_get_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, int pe);
void shmem_ctx_ptrdiff_iput(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ptrdiff_iget(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_ptrdiff_p(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_g(shmem_ctx_t ctx, const ptrdiff_t *source, int pe);
void shmem_ctx_put8(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get8(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put8_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get8_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_iput8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put16(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get16(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put16_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get16_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_iput16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put32(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get32(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put32_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get32_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_iput32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put64(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get64(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put64_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get64_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_iput64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_put128(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get128(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_put128_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_get128_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_iput128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
void shmem_ctx_iget128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe);
int shmem_ctx_int_atomic_fetch_inc(shmem_ctx_t ctx, int *dest, int pe);
void shmem_ctx_int_atomic_inc(shmem_ctx_t ctx, int *dest, int pe);
int shmem_ctx_int_atomic_fetch_add(shmem_ctx_t ctx, int *dest, int value, int pe);
void shmem_ctx_int_atomic_add(shmem_ctx_t ctx, int *dest, int value, int pe);
int shmem_ctx_int_atomic_compare_swap(shmem_ctx_t ctx, int *dest, int cond, int value, int pe);
void shmem_ctx_int_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int pe);
void shmem_ctx_int_atomic_fetch_add_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe);
void shmem_ctx_int_atomic_compare_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int cond, int value, int pe);
long shmem_ctx_long_atomic_fetch_inc(shmem_ctx_t ctx, long *dest, int pe);
void shmem_ctx_long_atomic_inc(shmem_ctx_t ctx, long *dest, int pe);
long shmem_ctx_long_atomic_fetch_add(shmem_ctx_t ctx, long *dest, long value, int pe);
void shmem_ctx_long_atomic_add(shmem_ctx_t ctx, long *dest, long value, int pe);
long shmem_ctx_long_atomic_compare_swap(shmem_ctx_t ctx, long *dest, long cond, long value, int pe);
void shmem_ctx_long_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long *fetch, long *dest, int pe);
void shmem_ctx_long_atomic_fetch_add_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe);
void shmem_ctx_long_atomic_compare_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long cond, long value, int pe);
long long shmem_ctx_longlong_atomic_fetch_inc(shmem_ctx_t ctx, long long *dest, int pe);
void shmem_ctx_longlong_atomic_inc(shmem_ctx_t ctx, long long *dest, int pe);
long long shmem_ctx_longlong_atomic_fetch_add(shmem_ctx_t ctx, long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_add(shmem_ctx_t ctx, long long *dest, long long value, int pe);
long long shmem_ctx_longlong_atomic_compare_swap(shmem_ctx_t ctx, long long *dest, long long cond, long long value, int pe);
void shmem_ctx_longlong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, int pe);
void shmem_ctx_longlong_atomic_fetch_add_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_compare_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long cond, long long value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_inc(shmem_ctx_t ctx, unsigned int *dest, int pe);
void shmem_ctx_uint_atomic_inc(shmem_ctx_t ctx, unsigned int *dest, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_add(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_compare_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int cond, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, int pe);
void shmem_ctx_uint_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int cond, unsigned int value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long *dest, int pe);
void shmem_ctx_ulong_atomic_inc(shmem_ctx_t ctx, unsigned long *dest, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_add(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_compare_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long cond, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, int pe);
void shmem_ctx_ulong_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long cond, unsigned long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe);
void shmem_ctx_ulonglong_atomic_inc(shmem_ctx_t ctx, unsigned long long *dest, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_add(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_compare_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_inc_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, int pe);
void shmem_ctx_ulonglong_atomic_fetch_add_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_compare_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long cond, unsigned long long value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_inc(shmem_ctx_t ctx, int32_t *dest, int pe);
void shmem_ctx_int32_atomic_inc(shmem_ctx_t ctx, int32_t *dest, int pe);
int32_t shmem_ctx_int32_atomic_fetch_add(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_add(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_compare_swap(shmem_ctx_t ctx, int32_t *dest, int32_t cond, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int pe);
void shmem_ctx_int32_atomic_fetch_add_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_compare_swap_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t cond, int32_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_inc(shmem_ctx_t ctx, int64_t *dest, int pe);
void shmem_ctx_int64_atomic_inc(shmem_ctx_t ctx, int64_t *dest, int pe);
int64_t shmem_ctx_int64_atomic_fetch_add(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_add(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_compare_swap(shmem_ctx_t ctx, int64_t *dest, int64_t cond, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_inc_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int pe);
void shmem_ctx_int64_atomic_fetch_add_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_compare_swap_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t cond, int64_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_inc(shmem_ctx_t ctx, uint32_t *dest, int pe);
void shmem_ctx_uint32_atomic_inc(shmem_ctx_t ctx, uint32_t *dest, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_add(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_add(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_compare_swap(shmem_ctx_t ctx, uint32_t *dest, uint32_t cond, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_inc_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, int pe);
void shmem_ctx_uint32_atomic_fetch_add_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_compare_swap_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t cond, uint32_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_inc(shmem_ctx_t ctx, uint64_t *dest, int pe);
void shmem_ctx_uint64_atomic_inc(shmem_ctx_t ctx, uint64_t *dest, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_add(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_add(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_compare_swap(shmem_ctx_t ctx, uint64_t *dest, uint64_t cond, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_inc_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, int pe);
void shmem_ctx_uint64_atomic_fetch_add_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_compare_swap_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t cond, uint64_t value, int pe);
size_t shmem_ctx_size_atomic_fetch_inc(shmem_ctx_t ctx, size_t *dest, int pe);
void shmem_ctx_size_atomic_inc(shmem_ctx_t ctx, size_t *dest, int pe);
size_t shmem_ctx_size_atomic_fetch_add(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_add(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_atomic_compare_swap(shmem_ctx_t ctx, size_t *dest, size_t cond, size_t value, int pe);
void shmem_ctx_size_atomic_fetch_inc_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, int pe);
void shmem_ctx_size_atomic_fetch_add_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_compare_swap_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t cond, size_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch_inc(shmem_ctx_t ctx, ptrdiff_t *dest, int pe);
void shmem_ctx_ptrdiff_atomic_inc(shmem_ctx_t ctx, ptrdiff_t *dest, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch_add(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_add(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_compare_swap(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_inc_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_add_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_compare_swap_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t cond, ptrdiff_t value, int pe);
int shmem_ctx_int_atomic_fetch(shmem_ctx_t ctx, const int *source, int pe);
void shmem_ctx_int_atomic_set(shmem_ctx_t ctx, int *dest, int value, int pe);
int shmem_ctx_int_atomic_swap(shmem_ctx_t ctx, int *dest, int value, int pe);
void shmem_ctx_int_atomic_fetch_nbi(shmem_ctx_t ctx, int *fetch, const int *source, int pe);
void shmem_ctx_int_atomic_swap_nbi(shmem_ctx_t ctx, int *fetch, int *dest, int value, int pe);
long shmem_ctx_long_atomic_fetch(shmem_ctx_t ctx, const long *source, int pe);
void shmem_ctx_long_atomic_set(shmem_ctx_t ctx, long *dest, long value, int pe);
long shmem_ctx_long_atomic_swap(shmem_ctx_t ctx, long *dest, long value, int pe);
void shmem_ctx_long_atomic_fetch_nbi(shmem_ctx_t ctx, long *fetch, const long *source, int pe);
void shmem_ctx_long_atomic_swap_nbi(shmem_ctx_t ctx, long *fetch, long *dest, long value, int pe);
long long shmem_ctx_longlong_atomic_fetch(shmem_ctx_t ctx, const long long *source, int pe);
void shmem_ctx_longlong_atomic_set(shmem_ctx_t ctx, long long *dest, long long value, int pe);
long long shmem_ctx_longlong_atomic_swap(shmem_ctx_t ctx, long long *dest, long long value, int pe);
void shmem_ctx_longlong_atomic_fetch_nbi(shmem_ctx_t ctx, long long *fetch, const long long *source, int pe);
void shmem_ctx_longlong_atomic_swap_nbi(shmem_ctx_t ctx, long long *fetch, long long *dest, long long value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch(shmem_ctx_t ctx, const unsigned int *source, int pe);
void shmem_ctx_uint_atomic_set(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_swap(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned int *fetch, const unsigned int *source, int pe);
void shmem_ctx_uint_atomic_swap_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch(shmem_ctx_t ctx, const unsigned long *source, int pe);
void shmem_ctx_ulong_atomic_set(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_swap(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long *fetch, const unsigned long *source, int pe);
void shmem_ctx_ulong_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch(shmem_ctx_t ctx, const unsigned long long *source, int pe);
void shmem_ctx_ulonglong_atomic_set(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_swap(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_nbi(shmem_ctx_t ctx, unsigned long long *fetch, const unsigned long long *source, int pe);
void shmem_ctx_ulonglong_atomic_swap_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_ctx_int32_atomic_fetch(shmem_ctx_t ctx, const int32_t *source, int pe);
void shmem_ctx_int32_atomic_set(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_swap(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_nbi(shmem_ctx_t ctx, int32_t *fetch, const int32_t *source, int pe);
void shmem_ctx_int32_atomic_swap_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch(shmem_ctx_t ctx, const int64_t *source, int pe);
void shmem_ctx_int64_atomic_set(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_swap(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_nbi(shmem_ctx_t ctx, int64_t *fetch, const int64_t *source, int pe);
void shmem_ctx_int64_atomic_swap_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch(shmem_ctx_t ctx, const uint32_t *source, int pe);
void shmem_ctx_uint32_atomic_set(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_swap(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_nbi(shmem_ctx_t ctx, uint32_t *fetch, const uint32_t *source, int pe);
void shmem_ctx_uint32_atomic_swap_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch(shmem_ctx_t ctx, const uint64_t *source, int pe);
void shmem_ctx_uint64_atomic_set(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_swap(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_nbi(shmem_ctx_t ctx, uint64_t *fetch, const uint64_t *source, int pe);
void shmem_ctx_uint64_atomic_swap_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
size_t shmem_ctx_size_atomic_fetch(shmem_ctx_t ctx, const size_t *source, int pe);
void shmem_ctx_size_atomic_set(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
size_t shmem_ctx_size_atomic_swap(shmem_ctx_t ctx, size_t *dest, size_t value, int pe);
void shmem_ctx_size_atomic_fetch_nbi(shmem_ctx_t ctx, size_t *fetch, const size_t *source, int pe);
void shmem_ctx_size_atomic_swap_nbi(shmem_ctx_t ctx, size_t *fetch, size_t *dest, size_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_fetch(shmem_ctx_t ctx, const ptrdiff_t *source, int pe);
void shmem_ctx_ptrdiff_atomic_set(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
ptrdiff_t shmem_ctx_ptrdiff_atomic_swap(shmem_ctx_t ctx, ptrdiff_t *dest, ptrdiff_t value, int pe);
void shmem_ctx_ptrdiff_atomic_fetch_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, const ptrdiff_t *source, int pe);
void shmem_ctx_ptrdiff_atomic_swap_nbi(shmem_ctx_t ctx, ptrdiff_t *fetch, ptrdiff_t *dest, ptrdiff_t value, int pe);
float shmem_ctx_float_atomic_fetch(shmem_ctx_t ctx, const float *source, int pe);
void shmem_ctx_float_atomic_set(shmem_ctx_t ctx, float *dest, float value, int pe);
float shmem_ctx_float_atomic_swap(shmem_ctx_t ctx, float *dest, float value, int pe);
void shmem_ctx_float_atomic_fetch_nbi(shmem_ctx_t ctx, float *fetch, const float *source, int pe);
void shmem_ctx_float_atomic_swap_nbi(shmem_ctx_t ctx, float *fetch, float *dest, float value, int pe);
double shmem_ctx_double_atomic_fetch(shmem_ctx_t ctx, const double *source, int pe);
void shmem_ctx_double_atomic_set(shmem_ctx_t ctx, double *dest, double value, int pe);
double shmem_ctx_double_atomic_swap(shmem_ctx_t ctx, double *dest, double value, int pe);
void shmem_ctx_double_atomic_fetch_nbi(shmem_ctx_t ctx, double *fetch, const double *source, int pe);
void shmem_ctx_double_atomic_swap_nbi(shmem_ctx_t ctx, double *fetch, double *dest, double value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_and(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_or(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned int shmem_ctx_uint_atomic_fetch_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_xor(shmem_ctx_t ctx, unsigned int *dest, unsigned int value, int pe);
void shmem_ctx_uint_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned int *fetch, unsigned int *dest, unsigned int value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_and(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_or(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long shmem_ctx_ulong_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_xor(shmem_ctx_t ctx, unsigned long *dest, unsigned long value, int pe);
void shmem_ctx_ulong_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long *fetch, unsigned long *dest, unsigned long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_and(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_and_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_or(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_or_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
unsigned long long shmem_ctx_ulonglong_atomic_fetch_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_xor(shmem_ctx_t ctx, unsigned long long *dest, unsigned long long value, int pe);
void shmem_ctx_ulonglong_atomic_fetch_xor_nbi(shmem_ctx_t ctx, unsigned long long *fetch, unsigned long long *dest, unsigned long long value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_and(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_and_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_or(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_or_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
int32_t shmem_ctx_int32_atomic_fetch_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_xor(shmem_ctx_t ctx, int32_t *dest, int32_t value, int pe);
void shmem_ctx_int32_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int32_t *fetch, int32_t *dest, int32_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_and(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_and_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_or(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_or_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
int64_t shmem_ctx_int64_atomic_fetch_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_xor(shmem_ctx_t ctx, int64_t *dest, int64_t value, int pe);
void shmem_ctx_int64_atomic_fetch_xor_nbi(shmem_ctx_t ctx, int64_t *fetch, int64_t *dest, int64_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_and(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_and(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_and_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_or(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_or(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_or_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint32_t shmem_ctx_uint32_atomic_fetch_xor(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_xor(shmem_ctx_t ctx, uint32_t *dest, uint32_t value, int pe);
void shmem_ctx_uint32_atomic_fetch_xor_nbi(shmem_ctx_t ctx, uint32_t *fetch, uint32_t *dest, uint32_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_and(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_and(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_and_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_or(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_or(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_or_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
uint64_t shmem_ctx_uint64_atomic_fetch_xor(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_xor(shmem_ctx_t ctx, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_uint64_atomic_fetch_xor_nbi(shmem_ctx_t ctx, uint64_t *fetch, uint64_t *dest, uint64_t value, int pe);
void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put8_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put8_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put16_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put16_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put32_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put32_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put64_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put64_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put128_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_put128_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_float_put_signal(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_float_put_signal_nbi(shmem_ctx_t ctx, float *dest, const float *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_double_put_signal(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_double_put_signal_nbi(shmem_ctx_t ctx, double *dest, const double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longdouble_put_signal(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longdouble_put_signal_nbi(shmem_ctx_t ctx, long double *dest, const long double *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_char_put_signal(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_char_put_signal_nbi(shmem_ctx_t ctx, char *dest, const char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_schar_put_signal(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_schar_put_signal_nbi(shmem_ctx_t ctx, signed char *dest, const signed char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_short_put_signal(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_short_put_signal_nbi(shmem_ctx_t ctx, short *dest, const short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int_put_signal(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int_put_signal_nbi(shmem_ctx_t ctx, int *dest, const int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_long_put_signal(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_long_put_signal_nbi(shmem_ctx_t ctx, long *dest, const long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longlong_put_signal(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_longlong_put_signal_nbi(shmem_ctx_t ctx, long long *dest, const long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uchar_put_signal(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uchar_put_signal_nbi(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ushort_put_signal(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ushort_put_signal_nbi(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint_put_signal(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint_put_signal_nbi(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulong_put_signal(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulong_put_signal_nbi(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulonglong_put_signal(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ulonglong_put_signal_nbi(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int8_put_signal(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int8_put_signal_nbi(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int16_put_signal(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int16_put_signal_nbi(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int32_put_signal(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int32_put_signal_nbi(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int64_put_signal(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_int64_put_signal_nbi(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint8_put_signal(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint8_put_signal_nbi(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint16_put_signal(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint16_put_signal_nbi(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint32_put_signal(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint32_put_signal_nbi(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint64_put_signal(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_uint64_put_signal_nbi(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_size_put_signal(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_size_put_signal_nbi(shmem_ctx_t ctx, size_t *dest, const size_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ptrdiff_put_signal(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_ptrdiff_put_signal_nbi(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_float_ibput(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_float_ibget(shmem_ctx_t ctx, float *dest, const float *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_double_ibput(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_double_ibget(shmem_ctx_t ctx, double *dest, const double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longdouble_ibput(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longdouble_ibget(shmem_ctx_t ctx, long double *dest, const long double *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_char_ibput(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_char_ibget(shmem_ctx_t ctx, char *dest, const char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_schar_ibput(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_schar_ibget(shmem_ctx_t ctx, signed char *dest, const signed char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_short_ibput(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_short_ibget(shmem_ctx_t ctx, short *dest, const short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int_ibput(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int_ibget(shmem_ctx_t ctx, int *dest, const int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_long_ibput(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_long_ibget(shmem_ctx_t ctx, long *dest, const long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longlong_ibput(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_longlong_ibget(shmem_ctx_t ctx, long long *dest, const long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uchar_ibput(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uchar_ibget(shmem_ctx_t ctx, unsigned char *dest, const unsigned char *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ushort_ibput(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ushort_ibget(shmem_ctx_t ctx, unsigned short *dest, const unsigned short *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint_ibput(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint_ibget(shmem_ctx_t ctx, unsigned int *dest, const unsigned int *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulong_ibput(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulong_ibget(shmem_ctx_t ctx, unsigned long *dest, const unsigned long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulonglong_ibput(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ulonglong_ibget(shmem_ctx_t ctx, unsigned long long *dest, const unsigned long long *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int8_ibput(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int8_ibget(shmem_ctx_t ctx, int8_t *dest, const int8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int16_ibput(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int16_ibget(shmem_ctx_t ctx, int16_t *dest, const int16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int32_ibput(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int32_ibget(shmem_ctx_t ctx, int32_t *dest, const int32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int64_ibput(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_int64_ibget(shmem_ctx_t ctx, int64_t *dest, const int64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint8_ibput(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint8_ibget(shmem_ctx_t ctx, uint8_t *dest, const uint8_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint16_ibput(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint16_ibget(shmem_ctx_t ctx, uint16_t *dest, const uint16_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint32_ibput(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint32_ibget(shmem_ctx_t ctx, uint32_t *dest, const uint32_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint64_ibput(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_uint64_ibget(shmem_ctx_t ctx, uint64_t *dest, const uint64_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_size_ibput(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_size_ibget(shmem_ctx_t ctx, size_t *dest, const size_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ptrdiff_ibput(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ptrdiff_ibget(shmem_ctx_t ctx, ptrdiff_t *dest, const ptrdiff_t *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibput8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget8(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibput16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget16(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibput32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget32(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibput64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget64(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibput128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);
void shmem_ctx_ibget128(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);

/* long double p/g: the C ABI passes long double in x87 registers, which the library (written
 * in Rust) cannot, so these are a getmem/putmem of the value's bytes, here. */
static inline void shmem_longdouble_p(long double *dest, long double value, int pe) {
    shmem_putmem(dest, &value, sizeof value, pe);
}
static inline long double shmem_longdouble_g(const long double *source, int pe) {
    long double v;
    shmem_getmem(&v, source, sizeof v, pe);
    return v;
}
static inline void shmem_ctx_longdouble_p(shmem_ctx_t ctx, long double *dest, long double value, int pe) {
    shmem_ctx_putmem(ctx, dest, &value, sizeof value, pe);
}
static inline long double shmem_ctx_longdouble_g(shmem_ctx_t ctx, const long double *source, int pe) {
    long double v;
    shmem_ctx_getmem(ctx, &v, source, sizeof v, pe);
    return v;
}

/* Collectives: active sets (deprecated). */
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast32(void *dest, const void *source, size_t nelems, int PE_root, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_broadcast64(void *dest, const void *source, size_t nelems, int PE_root, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_collect32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_collect64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_fcollect32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_fcollect64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoall32(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);
void shmem_alltoall64(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, int PE_size, long *pSync);

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__cplusplus)
/* C11 generic names. The RMA, AMO and signal names take an optional leading context
 * (shmem_put(dest, ...) or shmem_put(ctx, dest, ...)): SHMEM_PICK_ counts the arguments. */

#define SHMEM_PICK_(_1, _2, _3, _4, _5, _6, _7, _8, NAME, ...) NAME

/* shmem_sync(team) (1.5's generic shmem_team_sync) beside the deprecated
 * shmem_sync(PE_start, logPE_stride, PE_size, pSync), told apart by their argument count;
 * inside its own expansion the name is the library's four-argument function. */
#define shmem_sync(...) \
    SHMEM_PICK_(__VA_ARGS__, ~, ~, ~, ~, shmem_sync, ~, ~, shmem_team_sync, ~)(__VA_ARGS__)

#define shmem_put_g_(dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_put, \
        double: shmem_double_put, \
        long double: shmem_longdouble_put, \
        char: shmem_char_put, \
        signed char: shmem_schar_put, \
        short: shmem_short_put, \
        int: shmem_int_put, \
        long: shmem_long_put, \
        long long: shmem_longlong_put, \
        unsigned char: shmem_uchar_put, \
        unsigned short: shmem_ushort_put, \
        unsigned int: shmem_uint_put, \
        unsigned long: shmem_ulong_put, \
        unsigned long long: shmem_ulonglong_put)(dest, source, nelems, pe)

#define shmem_ctx_put_g_(ctx, dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_put, \
        double: shmem_ctx_double_put, \
        long double: shmem_ctx_longdouble_put, \
        char: shmem_ctx_char_put, \
        signed char: shmem_ctx_schar_put, \
        short: shmem_ctx_short_put, \
        int: shmem_ctx_int_put, \
        long: shmem_ctx_long_put, \
        long long: shmem_ctx_longlong_put, \
        unsigned char: shmem_ctx_uchar_put, \
        unsigned short: shmem_ctx_ushort_put, \
        unsigned int: shmem_ctx_uint_put, \
        unsigned long: shmem_ctx_ulong_put, \
        unsigned long long: shmem_ctx_ulonglong_put)(ctx, dest, source, nelems, pe)

#define shmem_put(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_put_g_, shmem_put_g_, _)(__VA_ARGS__)

#define shmem_get_g_(dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_get, \
        double: shmem_double_get, \
        long double: shmem_longdouble_get, \
        char: shmem_char_get, \
        signed char: shmem_schar_get, \
        short: shmem_short_get, \
        int: shmem_int_get, \
        long: shmem_long_get, \
        long long: shmem_longlong_get, \
        unsigned char: shmem_uchar_get, \
        unsigned short: shmem_ushort_get, \
        unsigned int: shmem_uint_get, \
        unsigned long: shmem_ulong_get, \
        unsigned long long: shmem_ulonglong_get)(dest, source, nelems, pe)

#define shmem_ctx_get_g_(ctx, dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_get, \
        double: shmem_ctx_double_get, \
        long double: shmem_ctx_longdouble_get, \
        char: shmem_ctx_char_get, \
        signed char: shmem_ctx_schar_get, \
        short: shmem_ctx_short_get, \
        int: shmem_ctx_int_get, \
        long: shmem_ctx_long_get, \
        long long: shmem_ctx_longlong_get, \
        unsigned char: shmem_ctx_uchar_get, \
        unsigned short: shmem_ctx_ushort_get, \
        unsigned int: shmem_ctx_uint_get, \
        unsigned long: shmem_ctx_ulong_get, \
        unsigned long long: shmem_ctx_ulonglong_get)(ctx, dest, source, nelems, pe)

#define shmem_get(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_get_g_, shmem_get_g_, _)(__VA_ARGS__)

#define shmem_put_nbi_g_(dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_put_nbi, \
        double: shmem_double_put_nbi, \
        long double: shmem_longdouble_put_nbi, \
        char: shmem_char_put_nbi, \
        signed char: shmem_schar_put_nbi, \
        short: shmem_short_put_nbi, \
        int: shmem_int_put_nbi, \
        long: shmem_long_put_nbi, \
        long long: shmem_longlong_put_nbi, \
        unsigned char: shmem_uchar_put_nbi, \
        unsigned short: shmem_ushort_put_nbi, \
        unsigned int: shmem_uint_put_nbi, \
        unsigned long: shmem_ulong_put_nbi, \
        unsigned long long: shmem_ulonglong_put_nbi)(dest, source, nelems, pe)

#define shmem_ctx_put_nbi_g_(ctx, dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_put_nbi, \
        double: shmem_ctx_double_put_nbi, \
        long double: shmem_ctx_longdouble_put_nbi, \
        char: shmem_ctx_char_put_nbi, \
        signed char: shmem_ctx_schar_put_nbi, \
        short: shmem_ctx_short_put_nbi, \
        int: shmem_ctx_int_put_nbi, \
        long: shmem_ctx_long_put_nbi, \
        long long: shmem_ctx_longlong_put_nbi, \
        unsigned char: shmem_ctx_uchar_put_nbi, \
        unsigned short: shmem_ctx_ushort_put_nbi, \
        unsigned int: shmem_ctx_uint_put_nbi, \
        unsigned long: shmem_ctx_ulong_put_nbi, \
        unsigned long long: shmem_ctx_ulonglong_put_nbi)(ctx, dest, source, nelems, pe)

#define shmem_put_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_put_nbi_g_, shmem_put_nbi_g_, _)(__VA_ARGS__)

#define shmem_get_nbi_g_(dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_get_nbi, \
        double: shmem_double_get_nbi, \
        long double: shmem_longdouble_get_nbi, \
        char: shmem_char_get_nbi, \
        signed char: shmem_schar_get_nbi, \
        short: shmem_short_get_nbi, \
        int: shmem_int_get_nbi, \
        long: shmem_long_get_nbi, \
        long long: shmem_longlong_get_nbi, \
        unsigned char: shmem_uchar_get_nbi, \
        unsigned short: shmem_ushort_get_nbi, \
        unsigned int: shmem_uint_get_nbi, \
        unsigned long: shmem_ulong_get_nbi, \
        unsigned long long: shmem_ulonglong_get_nbi)(dest, source, nelems, pe)

#define shmem_ctx_get_nbi_g_(ctx, dest, source, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_get_nbi, \
        double: shmem_ctx_double_get_nbi, \
        long double: shmem_ctx_longdouble_get_nbi, \
        char: shmem_ctx_char_get_nbi, \
        signed char: shmem_ctx_schar_get_nbi, \
        short: shmem_ctx_short_get_nbi, \
        int: shmem_ctx_int_get_nbi, \
        long: shmem_ctx_long_get_nbi, \
        long long: shmem_ctx_longlong_get_nbi, \
        unsigned char: shmem_ctx_uchar_get_nbi, \
        unsigned short: shmem_ctx_ushort_get_nbi, \
        unsigned int: shmem_ctx_uint_get_nbi, \
        unsigned long: shmem_ctx_ulong_get_nbi, \
        unsigned long long: shmem_ctx_ulonglong_get_nbi)(ctx, dest, source, nelems, pe)

#define shmem_get_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_get_nbi_g_, shmem_get_nbi_g_, _)(__VA_ARGS__)

#define shmem_iput_g_(dest, source, dst, sst, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_iput, \
        double: shmem_double_iput, \
        long double: shmem_longdouble_iput, \
        char: shmem_char_iput, \
        signed char: shmem_schar_iput, \
        short: shmem_short_iput, \
        int: shmem_int_iput, \
        long: shmem_long_iput, \
        long long: shmem_longlong_iput, \
        unsigned char: shmem_uchar_iput, \
        unsigned short: shmem_ushort_iput, \
        unsigned int: shmem_uint_iput, \
        unsigned long: shmem_ulong_iput, \
        unsigned long long: shmem_ulonglong_iput)(dest, source, dst, sst, nelems, pe)

#define shmem_ctx_iput_g_(ctx, dest, source, dst, sst, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_iput, \
        double: shmem_ctx_double_iput, \
        long double: shmem_ctx_longdouble_iput, \
        char: shmem_ctx_char_iput, \
        signed char: shmem_ctx_schar_iput, \
        short: shmem_ctx_short_iput, \
        int: shmem_ctx_int_iput, \
        long: shmem_ctx_long_iput, \
        long long: shmem_ctx_longlong_iput, \
        unsigned char: shmem_ctx_uchar_iput, \
        unsigned short: shmem_ctx_ushort_iput, \
        unsigned int: shmem_ctx_uint_iput, \
        unsigned long: shmem_ctx_ulong_iput, \
        unsigned long long: shmem_ctx_ulonglong_iput)(ctx, dest, source, dst, sst, nelems, pe)

#define shmem_iput(...) SHMEM_PICK_(__VA_ARGS__, _, shmem_ctx_iput_g_, shmem_iput_g_, _)(__VA_ARGS__)

#define shmem_iget_g_(dest, source, dst, sst, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_float_iget, \
        double: shmem_double_iget, \
        long double: shmem_longdouble_iget, \
        char: shmem_char_iget, \
        signed char: shmem_schar_iget, \
        short: shmem_short_iget, \
        int: shmem_int_iget, \
        long: shmem_long_iget, \
        long long: shmem_longlong_iget, \
        unsigned char: shmem_uchar_iget, \
        unsigned short: shmem_ushort_iget, \
        unsigned int: shmem_uint_iget, \
        unsigned long: shmem_ulong_iget, \
        unsigned long long: shmem_ulonglong_iget)(dest, source, dst, sst, nelems, pe)

#define shmem_ctx_iget_g_(ctx, dest, source, dst, sst, nelems, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_iget, \
        double: shmem_ctx_double_iget, \
        long double: shmem_ctx_longdouble_iget, \
        char: shmem_ctx_char_iget, \
        signed char: shmem_ctx_schar_iget, \
        short: shmem_ctx_short_iget, \
        int: shmem_ctx_int_iget, \
        long: shmem_ctx_long_iget, \
        long long: shmem_ctx_longlong_iget, \
        unsigned char: shmem_ctx_uchar_iget, \
        unsigned short: shmem_ctx_ushort_iget, \
        unsigned int: shmem_ctx_uint_iget, \
        unsigned long: shmem_ctx_ulong_iget, \
        unsigned long long: shmem_ctx_ulonglong_iget)(ctx, dest, source, dst, sst, nelems, pe)

#define shmem_iget(...) SHMEM_PICK_(__VA_ARGS__, _, shmem_ctx_iget_g_, shmem_iget_g_, _)(__VA_ARGS__)

#define shmem_ibput_g_(dest, source, dst, sst, bsize, nblocks, pe) \
    _Generic(*(dest), \
        float: shmem_float_ibput, \
        double: shmem_double_ibput, \
        long double: shmem_longdouble_ibput, \
        char: shmem_char_ibput, \
        signed char: shmem_schar_ibput, \
        short: shmem_short_ibput, \
        int: shmem_int_ibput, \
        long: shmem_long_ibput, \
        long long: shmem_longlong_ibput, \
        unsigned char: shmem_uchar_ibput, \
        unsigned short: shmem_ushort_ibput, \
        unsigned int: shmem_uint_ibput, \
        unsigned long: shmem_ulong_ibput, \
        unsigned long long: shmem_ulonglong_ibput)(dest, source, dst, sst, bsize, nblocks, pe)

#define shmem_ctx_ibput_g_(ctx, dest, source, dst, sst, bsize, nblocks, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_ibput, \
        double: shmem_ctx_double_ibput, \
        long double: shmem_ctx_longdouble_ibput, \
        char: shmem_ctx_char_ibput, \
        signed char: shmem_ctx_schar_ibput, \
        short: shmem_ctx_short_ibput, \
        int: shmem_ctx_int_ibput, \
        long: shmem_ctx_long_ibput, \
        long long: shmem_ctx_longlong_ibput, \
        unsigned char: shmem_ctx_uchar_ibput, \
        unsigned short: shmem_ctx_ushort_ibput, \
        unsigned int: shmem_ctx_uint_ibput, \
        unsigned long: shmem_ctx_ulong_ibput, \
        unsigned long long: shmem_ctx_ulonglong_ibput)(ctx, dest, source, dst, sst, bsize, nblocks, pe)

#define shmem_ibput(...) SHMEM_PICK_(__VA_ARGS__, shmem_ctx_ibput_g_, shmem_ibput_g_, _)(__VA_ARGS__)

#define shmem_ibget_g_(dest, source, dst, sst, bsize, nblocks, pe) \
    _Generic(*(dest), \
        float: shmem_float_ibget, \
        double: shmem_double_ibget, \
        long double: shmem_longdouble_ibget, \
        char: shmem_char_ibget, \
        signed char: shmem_schar_ibget, \
        short: shmem_short_ibget, \
        int: shmem_int_ibget, \
        long: shmem_long_ibget, \
        long long: shmem_longlong_ibget, \
        unsigned char: shmem_uchar_ibget, \
        unsigned short: shmem_ushort_ibget, \
        unsigned int: shmem_uint_ibget, \
        unsigned long: shmem_ulong_ibget, \
        unsigned long long: shmem_ulonglong_ibget)(dest, source, dst, sst, bsize, nblocks, pe)

#define shmem_ctx_ibget_g_(ctx, dest, source, dst, sst, bsize, nblocks, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_ibget, \
        double: shmem_ctx_double_ibget, \
        long double: shmem_ctx_longdouble_ibget, \
        char: shmem_ctx_char_ibget, \
        signed char: shmem_ctx_schar_ibget, \
        short: shmem_ctx_short_ibget, \
        int: shmem_ctx_int_ibget, \
        long: shmem_ctx_long_ibget, \
        long long: shmem_ctx_longlong_ibget, \
        unsigned char: shmem_ctx_uchar_ibget, \
        unsigned short: shmem_ctx_ushort_ibget, \
        unsigned int: shmem_ctx_uint_ibget, \
        unsigned long: shmem_ctx_ulong_ibget, \
        unsigned long long: shmem_ctx_ulonglong_ibget)(ctx, dest, source, dst, sst, bsize, nblocks, pe)

#define shmem_ibget(...) SHMEM_PICK_(__VA_ARGS__, shmem_ctx_ibget_g_, shmem_ibget_g_, _)(__VA_ARGS__)

/* shmem_signal_add/_set (OpenSHMEM 1.6): the C11 form takes a leading context; without one,
 * the name stays the plain function (a macro does not expand its own name again). */
#define shmem_signal_add(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_signal_add, shmem_signal_add, _)(__VA_ARGS__)
#define shmem_signal_set(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_signal_set, shmem_signal_set, _)(__VA_ARGS__)

#define shmem_p_g_(dest, value, pe) \
    _Generic(*(dest), \
        float: shmem_float_p, \
        long double: shmem_longdouble_p, \
        double: shmem_double_p, \
        char: shmem_char_p, \
        signed char: shmem_schar_p, \
        short: shmem_short_p, \
        int: shmem_int_p, \
        long: shmem_long_p, \
        long long: shmem_longlong_p, \
        unsigned char: shmem_uchar_p, \
        unsigned short: shmem_ushort_p, \
        unsigned int: shmem_uint_p, \
        unsigned long: shmem_ulong_p, \
        unsigned long long: shmem_ulonglong_p)(dest, value, pe)

#define shmem_ctx_p_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_p, \
        long double: shmem_ctx_longdouble_p, \
        double: shmem_ctx_double_p, \
        char: shmem_ctx_char_p, \
        signed char: shmem_ctx_schar_p, \
        short: shmem_ctx_short_p, \
        int: shmem_ctx_int_p, \
        long: shmem_ctx_long_p, \
        long long: shmem_ctx_longlong_p, \
        unsigned char: shmem_ctx_uchar_p, \
        unsigned short: shmem_ctx_ushort_p, \
        unsigned int: shmem_ctx_uint_p, \
        unsigned long: shmem_ctx_ulong_p, \
        unsigned long long: shmem_ctx_ulonglong_p)(ctx, dest, value, pe)

#define shmem_p(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_p_g_, shmem_p_g_, _)(__VA_ARGS__)

#define shmem_g_g_(source, pe) \
    _Generic(*(source), \
        float: shmem_float_g, \
        long double: shmem_longdouble_g, \
        double: shmem_double_g, \
        char: shmem_char_g, \
        signed char: shmem_schar_g, \
        short: shmem_short_g, \
        int: shmem_int_g, \
        long: shmem_long_g, \
        long long: shmem_longlong_g, \
        unsigned char: shmem_uchar_g, \
        unsigned short: shmem_ushort_g, \
        unsigned int: shmem_uint_g, \
        unsigned long: shmem_ulong_g, \
        unsigned long long: shmem_ulonglong_g)(source, pe)

#define shmem_ctx_g_g_(ctx, source, pe) \
    _Generic(*(source), \
        float: shmem_ctx_float_g, \
        long double: shmem_ctx_longdouble_g, \
        double: shmem_ctx_double_g, \
        char: shmem_ctx_char_g, \
        signed char: shmem_ctx_schar_g, \
        short: shmem_ctx_short_g, \
        int: shmem_ctx_int_g, \
        long: shmem_ctx_long_g, \
        long long: shmem_ctx_longlong_g, \
        unsigned char: shmem_ctx_uchar_g, \
        unsigned short: shmem_ctx_ushort_g, \
        unsigned int: shmem_ctx_uint_g, \
        unsigned long: shmem_ctx_ulong_g, \
        unsigned long long: shmem_ctx_ulonglong_g)(ctx, source, pe)

#define shmem_g(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, _, shmem_ctx_g_g_, shmem_g_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_inc_g_(dest, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_fetch_inc, \
        long: shmem_long_atomic_fetch_inc, \
        long long: shmem_longlong_atomic_fetch_inc, \
        unsigned int: shmem_uint_atomic_fetch_inc, \
        unsigned long: shmem_ulong_atomic_fetch_inc, \
        unsigned long long: shmem_ulonglong_atomic_fetch_inc)(dest, pe)

#define shmem_ctx_atomic_fetch_inc_g_(ctx, dest, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_fetch_inc, \
        long: shmem_ctx_long_atomic_fetch_inc, \
        long long: shmem_ctx_longlong_atomic_fetch_inc, \
        unsigned int: shmem_ctx_uint_atomic_fetch_inc, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_inc, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_inc)(ctx, dest, pe)

#define shmem_atomic_fetch_inc(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, _, shmem_ctx_atomic_fetch_inc_g_, shmem_atomic_fetch_inc_g_, _)(__VA_ARGS__)

#define shmem_atomic_inc_g_(dest, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_inc, \
        long: shmem_long_atomic_inc, \
        long long: shmem_longlong_atomic_inc, \
        unsigned int: shmem_uint_atomic_inc, \
        unsigned long: shmem_ulong_atomic_inc, \
        unsigned long long: shmem_ulonglong_atomic_inc)(dest, pe)

#define shmem_ctx_atomic_inc_g_(ctx, dest, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_inc, \
        long: shmem_ctx_long_atomic_inc, \
        long long: shmem_ctx_longlong_atomic_inc, \
        unsigned int: shmem_ctx_uint_atomic_inc, \
        unsigned long: shmem_ctx_ulong_atomic_inc, \
        unsigned long long: shmem_ctx_ulonglong_atomic_inc)(ctx, dest, pe)

#define shmem_atomic_inc(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, _, shmem_ctx_atomic_inc_g_, shmem_atomic_inc_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_add_g_(dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_fetch_add, \
        long: shmem_long_atomic_fetch_add, \
        long long: shmem_longlong_atomic_fetch_add, \
        unsigned int: shmem_uint_atomic_fetch_add, \
        unsigned long: shmem_ulong_atomic_fetch_add, \
        unsigned long long: shmem_ulonglong_atomic_fetch_add)(dest, value, pe)

#define shmem_ctx_atomic_fetch_add_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_fetch_add, \
        long: shmem_ctx_long_atomic_fetch_add, \
        long long: shmem_ctx_longlong_atomic_fetch_add, \
        unsigned int: shmem_ctx_uint_atomic_fetch_add, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_add, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_add)(ctx, dest, value, pe)

#define shmem_atomic_fetch_add(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_add_g_, shmem_atomic_fetch_add_g_, _)(__VA_ARGS__)

#define shmem_atomic_add_g_(dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_add, \
        long: shmem_long_atomic_add, \
        long long: shmem_longlong_atomic_add, \
        unsigned int: shmem_uint_atomic_add, \
        unsigned long: shmem_ulong_atomic_add, \
        unsigned long long: shmem_ulonglong_atomic_add)(dest, value, pe)

#define shmem_ctx_atomic_add_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_add, \
        long: shmem_ctx_long_atomic_add, \
        long long: shmem_ctx_longlong_atomic_add, \
        unsigned int: shmem_ctx_uint_atomic_add, \
        unsigned long: shmem_ctx_ulong_atomic_add, \
        unsigned long long: shmem_ctx_ulonglong_atomic_add)(ctx, dest, value, pe)

#define shmem_atomic_add(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_add_g_, shmem_atomic_add_g_, _)(__VA_ARGS__)

#define shmem_atomic_compare_swap_g_(dest, cond, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_compare_swap, \
        long: shmem_long_atomic_compare_swap, \
        long long: shmem_longlong_atomic_compare_swap, \
        unsigned int: shmem_uint_atomic_compare_swap, \
        unsigned long: shmem_ulong_atomic_compare_swap, \
        unsigned long long: shmem_ulonglong_atomic_compare_swap)(dest, cond, value, pe)

#define shmem_ctx_atomic_compare_swap_g_(ctx, dest, cond, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_compare_swap, \
        long: shmem_ctx_long_atomic_compare_swap, \
        long long: shmem_ctx_longlong_atomic_compare_swap, \
        unsigned int: shmem_ctx_uint_atomic_compare_swap, \
        unsigned long: shmem_ctx_ulong_atomic_compare_swap, \
        unsigned long long: shmem_ctx_ulonglong_atomic_compare_swap)(ctx, dest, cond, value, pe)

#define shmem_atomic_compare_swap(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_compare_swap_g_, shmem_atomic_compare_swap_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_g_(source, pe) \
    _Generic(*(source), \
        int: shmem_int_atomic_fetch, \
        long: shmem_long_atomic_fetch, \
        long long: shmem_longlong_atomic_fetch, \
        unsigned int: shmem_uint_atomic_fetch, \
        unsigned long: shmem_ulong_atomic_fetch, \
        unsigned long long: shmem_ulonglong_atomic_fetch, \
        float: shmem_float_atomic_fetch, \
        double: shmem_double_atomic_fetch)(source, pe)

#define shmem_ctx_atomic_fetch_g_(ctx, source, pe) \
    _Generic(*(source), \
        int: shmem_ctx_int_atomic_fetch, \
        long: shmem_ctx_long_atomic_fetch, \
        long long: shmem_ctx_longlong_atomic_fetch, \
        unsigned int: shmem_ctx_uint_atomic_fetch, \
        unsigned long: shmem_ctx_ulong_atomic_fetch, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch, \
        float: shmem_ctx_float_atomic_fetch, \
        double: shmem_ctx_double_atomic_fetch)(ctx, source, pe)

#define shmem_atomic_fetch(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, _, shmem_ctx_atomic_fetch_g_, shmem_atomic_fetch_g_, _)(__VA_ARGS__)

#define shmem_atomic_set_g_(dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_set, \
        long: shmem_long_atomic_set, \
        long long: shmem_longlong_atomic_set, \
        unsigned int: shmem_uint_atomic_set, \
        unsigned long: shmem_ulong_atomic_set, \
        unsigned long long: shmem_ulonglong_atomic_set, \
        float: shmem_float_atomic_set, \
        double: shmem_double_atomic_set)(dest, value, pe)

#define shmem_ctx_atomic_set_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_set, \
        long: shmem_ctx_long_atomic_set, \
        long long: shmem_ctx_longlong_atomic_set, \
        unsigned int: shmem_ctx_uint_atomic_set, \
        unsigned long: shmem_ctx_ulong_atomic_set, \
        unsigned long long: shmem_ctx_ulonglong_atomic_set, \
        float: shmem_ctx_float_atomic_set, \
        double: shmem_ctx_double_atomic_set)(ctx, dest, value, pe)

#define shmem_atomic_set(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_set_g_, shmem_atomic_set_g_, _)(__VA_ARGS__)

#define shmem_atomic_swap_g_(dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_swap, \
        long: shmem_long_atomic_swap, \
        long long: shmem_longlong_atomic_swap, \
        unsigned int: shmem_uint_atomic_swap, \
        unsigned long: shmem_ulong_atomic_swap, \
        unsigned long long: shmem_ulonglong_atomic_swap, \
        float: shmem_float_atomic_swap, \
        double: shmem_double_atomic_swap)(dest, value, pe)

#define shmem_ctx_atomic_swap_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_swap, \
        long: shmem_ctx_long_atomic_swap, \
        long long: shmem_ctx_longlong_atomic_swap, \
        unsigned int: shmem_ctx_uint_atomic_swap, \
        unsigned long: shmem_ctx_ulong_atomic_swap, \
        unsigned long long: shmem_ctx_ulonglong_atomic_swap, \
        float: shmem_ctx_float_atomic_swap, \
        double: shmem_ctx_double_atomic_swap)(ctx, dest, value, pe)

#define shmem_atomic_swap(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_swap_g_, shmem_atomic_swap_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_and_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_and, \
        int64_t: shmem_int64_atomic_fetch_and, \
        unsigned int: shmem_uint_atomic_fetch_and, \
        unsigned long: shmem_ulong_atomic_fetch_and, \
        unsigned long long: shmem_ulonglong_atomic_fetch_and)(dest, value, pe)

#define shmem_ctx_atomic_fetch_and_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_and, \
        int64_t: shmem_ctx_int64_atomic_fetch_and, \
        unsigned int: shmem_ctx_uint_atomic_fetch_and, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_and, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_and)(ctx, dest, value, pe)

#define shmem_atomic_fetch_and(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_and_g_, shmem_atomic_fetch_and_g_, _)(__VA_ARGS__)

#define shmem_atomic_and_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_and, \
        int64_t: shmem_int64_atomic_and, \
        unsigned int: shmem_uint_atomic_and, \
        unsigned long: shmem_ulong_atomic_and, \
        unsigned long long: shmem_ulonglong_atomic_and)(dest, value, pe)

#define shmem_ctx_atomic_and_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_and, \
        int64_t: shmem_ctx_int64_atomic_and, \
        unsigned int: shmem_ctx_uint_atomic_and, \
        unsigned long: shmem_ctx_ulong_atomic_and, \
        unsigned long long: shmem_ctx_ulonglong_atomic_and)(ctx, dest, value, pe)

#define shmem_atomic_and(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_and_g_, shmem_atomic_and_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_and_nbi_g_(fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_and_nbi, \
        int64_t: shmem_int64_atomic_fetch_and_nbi, \
        unsigned int: shmem_uint_atomic_fetch_and_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_and_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_and_nbi)(fetch, dest, value, pe)

#define shmem_ctx_atomic_fetch_and_nbi_g_(ctx, fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_and_nbi, \
        int64_t: shmem_ctx_int64_atomic_fetch_and_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_and_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_and_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_and_nbi)(ctx, fetch, dest, value, pe)

#define shmem_atomic_fetch_and_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_fetch_and_nbi_g_, shmem_atomic_fetch_and_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_or_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_or, \
        int64_t: shmem_int64_atomic_fetch_or, \
        unsigned int: shmem_uint_atomic_fetch_or, \
        unsigned long: shmem_ulong_atomic_fetch_or, \
        unsigned long long: shmem_ulonglong_atomic_fetch_or)(dest, value, pe)

#define shmem_ctx_atomic_fetch_or_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_or, \
        int64_t: shmem_ctx_int64_atomic_fetch_or, \
        unsigned int: shmem_ctx_uint_atomic_fetch_or, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_or, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_or)(ctx, dest, value, pe)

#define shmem_atomic_fetch_or(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_or_g_, shmem_atomic_fetch_or_g_, _)(__VA_ARGS__)

#define shmem_atomic_or_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_or, \
        int64_t: shmem_int64_atomic_or, \
        unsigned int: shmem_uint_atomic_or, \
        unsigned long: shmem_ulong_atomic_or, \
        unsigned long long: shmem_ulonglong_atomic_or)(dest, value, pe)

#define shmem_ctx_atomic_or_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_or, \
        int64_t: shmem_ctx_int64_atomic_or, \
        unsigned int: shmem_ctx_uint_atomic_or, \
        unsigned long: shmem_ctx_ulong_atomic_or, \
        unsigned long long: shmem_ctx_ulonglong_atomic_or)(ctx, dest, value, pe)

#define shmem_atomic_or(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_or_g_, shmem_atomic_or_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_or_nbi_g_(fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_or_nbi, \
        int64_t: shmem_int64_atomic_fetch_or_nbi, \
        unsigned int: shmem_uint_atomic_fetch_or_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_or_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_or_nbi)(fetch, dest, value, pe)

#define shmem_ctx_atomic_fetch_or_nbi_g_(ctx, fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_or_nbi, \
        int64_t: shmem_ctx_int64_atomic_fetch_or_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_or_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_or_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_or_nbi)(ctx, fetch, dest, value, pe)

#define shmem_atomic_fetch_or_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_fetch_or_nbi_g_, shmem_atomic_fetch_or_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_xor_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_xor, \
        int64_t: shmem_int64_atomic_fetch_xor, \
        unsigned int: shmem_uint_atomic_fetch_xor, \
        unsigned long: shmem_ulong_atomic_fetch_xor, \
        unsigned long long: shmem_ulonglong_atomic_fetch_xor)(dest, value, pe)

#define shmem_ctx_atomic_fetch_xor_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_xor, \
        int64_t: shmem_ctx_int64_atomic_fetch_xor, \
        unsigned int: shmem_ctx_uint_atomic_fetch_xor, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_xor, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_xor)(ctx, dest, value, pe)

#define shmem_atomic_fetch_xor(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_xor_g_, shmem_atomic_fetch_xor_g_, _)(__VA_ARGS__)

#define shmem_atomic_xor_g_(dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_xor, \
        int64_t: shmem_int64_atomic_xor, \
        unsigned int: shmem_uint_atomic_xor, \
        unsigned long: shmem_ulong_atomic_xor, \
        unsigned long long: shmem_ulonglong_atomic_xor)(dest, value, pe)

#define shmem_ctx_atomic_xor_g_(ctx, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_xor, \
        int64_t: shmem_ctx_int64_atomic_xor, \
        unsigned int: shmem_ctx_uint_atomic_xor, \
        unsigned long: shmem_ctx_ulong_atomic_xor, \
        unsigned long long: shmem_ctx_ulonglong_atomic_xor)(ctx, dest, value, pe)

#define shmem_atomic_xor(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_xor_g_, shmem_atomic_xor_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_xor_nbi_g_(fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_int32_atomic_fetch_xor_nbi, \
        int64_t: shmem_int64_atomic_fetch_xor_nbi, \
        unsigned int: shmem_uint_atomic_fetch_xor_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_xor_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_xor_nbi)(fetch, dest, value, pe)

#define shmem_ctx_atomic_fetch_xor_nbi_g_(ctx, fetch, dest, value, pe) \
    _Generic(*(dest), \
        int32_t: shmem_ctx_int32_atomic_fetch_xor_nbi, \
        int64_t: shmem_ctx_int64_atomic_fetch_xor_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_xor_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_xor_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_xor_nbi)(ctx, fetch, dest, value, pe)

#define shmem_atomic_fetch_xor_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_fetch_xor_nbi_g_, shmem_atomic_fetch_xor_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_inc_nbi_g_(fetch, dest, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_fetch_inc_nbi, \
        long: shmem_long_atomic_fetch_inc_nbi, \
        long long: shmem_longlong_atomic_fetch_inc_nbi, \
        unsigned int: shmem_uint_atomic_fetch_inc_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_inc_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_inc_nbi)(fetch, dest, pe)

#define shmem_ctx_atomic_fetch_inc_nbi_g_(ctx, fetch, dest, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_fetch_inc_nbi, \
        long: shmem_ctx_long_atomic_fetch_inc_nbi, \
        long long: shmem_ctx_longlong_atomic_fetch_inc_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_inc_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_inc_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_inc_nbi)(ctx, fetch, dest, pe)

#define shmem_atomic_fetch_inc_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_inc_nbi_g_, shmem_atomic_fetch_inc_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_add_nbi_g_(fetch, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_fetch_add_nbi, \
        long: shmem_long_atomic_fetch_add_nbi, \
        long long: shmem_longlong_atomic_fetch_add_nbi, \
        unsigned int: shmem_uint_atomic_fetch_add_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_add_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_add_nbi)(fetch, dest, value, pe)

#define shmem_ctx_atomic_fetch_add_nbi_g_(ctx, fetch, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_fetch_add_nbi, \
        long: shmem_ctx_long_atomic_fetch_add_nbi, \
        long long: shmem_ctx_longlong_atomic_fetch_add_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_add_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_add_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_add_nbi)(ctx, fetch, dest, value, pe)

#define shmem_atomic_fetch_add_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_fetch_add_nbi_g_, shmem_atomic_fetch_add_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_compare_swap_nbi_g_(fetch, dest, cond, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_compare_swap_nbi, \
        long: shmem_long_atomic_compare_swap_nbi, \
        long long: shmem_longlong_atomic_compare_swap_nbi, \
        unsigned int: shmem_uint_atomic_compare_swap_nbi, \
        unsigned long: shmem_ulong_atomic_compare_swap_nbi, \
        unsigned long long: shmem_ulonglong_atomic_compare_swap_nbi)(fetch, dest, cond, value, pe)

#define shmem_ctx_atomic_compare_swap_nbi_g_(ctx, fetch, dest, cond, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_compare_swap_nbi, \
        long: shmem_ctx_long_atomic_compare_swap_nbi, \
        long long: shmem_ctx_longlong_atomic_compare_swap_nbi, \
        unsigned int: shmem_ctx_uint_atomic_compare_swap_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_compare_swap_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_compare_swap_nbi)(ctx, fetch, dest, cond, value, pe)

#define shmem_atomic_compare_swap_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, shmem_ctx_atomic_compare_swap_nbi_g_, shmem_atomic_compare_swap_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_fetch_nbi_g_(fetch, source, pe) \
    _Generic(*(source), \
        int: shmem_int_atomic_fetch_nbi, \
        long: shmem_long_atomic_fetch_nbi, \
        long long: shmem_longlong_atomic_fetch_nbi, \
        unsigned int: shmem_uint_atomic_fetch_nbi, \
        unsigned long: shmem_ulong_atomic_fetch_nbi, \
        unsigned long long: shmem_ulonglong_atomic_fetch_nbi, \
        float: shmem_float_atomic_fetch_nbi, \
        double: shmem_double_atomic_fetch_nbi)(fetch, source, pe)

#define shmem_ctx_atomic_fetch_nbi_g_(ctx, fetch, source, pe) \
    _Generic(*(source), \
        int: shmem_ctx_int_atomic_fetch_nbi, \
        long: shmem_ctx_long_atomic_fetch_nbi, \
        long long: shmem_ctx_longlong_atomic_fetch_nbi, \
        unsigned int: shmem_ctx_uint_atomic_fetch_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_fetch_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_fetch_nbi, \
        float: shmem_ctx_float_atomic_fetch_nbi, \
        double: shmem_ctx_double_atomic_fetch_nbi)(ctx, fetch, source, pe)

#define shmem_atomic_fetch_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, _, shmem_ctx_atomic_fetch_nbi_g_, shmem_atomic_fetch_nbi_g_, _)(__VA_ARGS__)

#define shmem_atomic_swap_nbi_g_(fetch, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_int_atomic_swap_nbi, \
        long: shmem_long_atomic_swap_nbi, \
        long long: shmem_longlong_atomic_swap_nbi, \
        unsigned int: shmem_uint_atomic_swap_nbi, \
        unsigned long: shmem_ulong_atomic_swap_nbi, \
        unsigned long long: shmem_ulonglong_atomic_swap_nbi, \
        float: shmem_float_atomic_swap_nbi, \
        double: shmem_double_atomic_swap_nbi)(fetch, dest, value, pe)

#define shmem_ctx_atomic_swap_nbi_g_(ctx, fetch, dest, value, pe) \
    _Generic(*(dest), \
        int: shmem_ctx_int_atomic_swap_nbi, \
        long: shmem_ctx_long_atomic_swap_nbi, \
        long long: shmem_ctx_longlong_atomic_swap_nbi, \
        unsigned int: shmem_ctx_uint_atomic_swap_nbi, \
        unsigned long: shmem_ctx_ulong_atomic_swap_nbi, \
        unsigned long long: shmem_ctx_ulonglong_atomic_swap_nbi, \
        float: shmem_ctx_float_atomic_swap_nbi, \
        double: shmem_ctx_double_atomic_swap_nbi)(ctx, fetch, dest, value, pe)

#define shmem_atomic_swap_nbi(...) SHMEM_PICK_(__VA_ARGS__, _, _, _, shmem_ctx_atomic_swap_nbi_g_, shmem_atomic_swap_nbi_g_, _)(__VA_ARGS__)

#define shmem_put_signal_g_(dest, source, nelems, sig_addr, signal, sig_op, pe) \
    _Generic(*(dest), \
        float: shmem_float_put_signal, \
        double: shmem_double_put_signal, \
        long double: shmem_longdouble_put_signal, \
        char: shmem_char_put_signal, \
        signed char: shmem_schar_put_signal, \
        short: shmem_short_put_signal, \
        int: shmem_int_put_signal, \
        long: shmem_long_put_signal, \
        long long: shmem_longlong_put_signal, \
        unsigned char: shmem_uchar_put_signal, \
        unsigned short: shmem_ushort_put_signal, \
        unsigned int: shmem_uint_put_signal, \
        unsigned long: shmem_ulong_put_signal, \
        unsigned long long: shmem_ulonglong_put_signal)(dest, source, nelems, sig_addr, signal, sig_op, pe)

#define shmem_ctx_put_signal_g_(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_put_signal, \
        double: shmem_ctx_double_put_signal, \
        long double: shmem_ctx_longdouble_put_signal, \
        char: shmem_ctx_char_put_signal, \
        signed char: shmem_ctx_schar_put_signal, \
        short: shmem_ctx_short_put_signal, \
        int: shmem_ctx_int_put_signal, \
        long: shmem_ctx_long_put_signal, \
        long long: shmem_ctx_longlong_put_signal, \
        unsigned char: shmem_ctx_uchar_put_signal, \
        unsigned short: shmem_ctx_ushort_put_signal, \
        unsigned int: shmem_ctx_uint_put_signal, \
        unsigned long: shmem_ctx_ulong_put_signal, \
        unsigned long long: shmem_ctx_ulonglong_put_signal)(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe)

#define shmem_put_signal(...) SHMEM_PICK_(__VA_ARGS__, shmem_ctx_put_signal_g_, shmem_put_signal_g_, _)(__VA_ARGS__)

#define shmem_put_signal_nbi_g_(dest, source, nelems, sig_addr, signal, sig_op, pe) \
    _Generic(*(dest), \
        float: shmem_float_put_signal_nbi, \
        double: shmem_double_put_signal_nbi, \
        long double: shmem_longdouble_put_signal_nbi, \
        char: shmem_char_put_signal_nbi, \
        signed char: shmem_schar_put_signal_nbi, \
        short: shmem_short_put_signal_nbi, \
        int: shmem_int_put_signal_nbi, \
        long: shmem_long_put_signal_nbi, \
        long long: shmem_longlong_put_signal_nbi, \
        unsigned char: shmem_uchar_put_signal_nbi, \
        unsigned short: shmem_ushort_put_signal_nbi, \
        unsigned int: shmem_uint_put_signal_nbi, \
        unsigned long: shmem_ulong_put_signal_nbi, \
        unsigned long long: shmem_ulonglong_put_signal_nbi)(dest, source, nelems, sig_addr, signal, sig_op, pe)

#define shmem_ctx_put_signal_nbi_g_(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe) \
    _Generic(*(dest), \
        float: shmem_ctx_float_put_signal_nbi, \
        double: shmem_ctx_double_put_signal_nbi, \
        long double: shmem_ctx_longdouble_put_signal_nbi, \
        char: shmem_ctx_char_put_signal_nbi, \
        signed char: shmem_ctx_schar_put_signal_nbi, \
        short: shmem_ctx_short_put_signal_nbi, \
        int: shmem_ctx_int_put_signal_nbi, \
        long: shmem_ctx_long_put_signal_nbi, \
        long long: shmem_ctx_longlong_put_signal_nbi, \
        unsigned char: shmem_ctx_uchar_put_signal_nbi, \
        unsigned short: shmem_ctx_ushort_put_signal_nbi, \
        unsigned int: shmem_ctx_uint_put_signal_nbi, \
        unsigned long: shmem_ctx_ulong_put_signal_nbi, \
        unsigned long long: shmem_ctx_ulonglong_put_signal_nbi)(ctx, dest, source, nelems, sig_addr, signal, sig_op, pe)

#define shmem_put_signal_nbi(...) SHMEM_PICK_(__VA_ARGS__, shmem_ctx_put_signal_nbi_g_, shmem_put_signal_nbi_g_, _)(__VA_ARGS__)

#define shmem_wait_until(ivar, cmp, cmp_value) \
    _Generic(*(ivar), \
        short: shmem_short_wait_until, \
        int: shmem_int_wait_until, \
        long: shmem_long_wait_until, \
        long long: shmem_longlong_wait_until, \
        unsigned short: shmem_ushort_wait_until, \
        unsigned int: shmem_uint_wait_until, \
        unsigned long: shmem_ulong_wait_until, \
        unsigned long long: shmem_ulonglong_wait_until)(ivar, cmp, cmp_value)

#define shmem_test(ivar, cmp, cmp_value) \
    _Generic(*(ivar), \
        short: shmem_short_test, \
        int: shmem_int_test, \
        long: shmem_long_test, \
        long long: shmem_longlong_test, \
        unsigned short: shmem_ushort_test, \
        unsigned int: shmem_uint_test, \
        unsigned long: shmem_ulong_test, \
        unsigned long long: shmem_ulonglong_test)(ivar, cmp, cmp_value)

#define shmem_wait_until_all(ivars, nelems, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_all, \
        int: shmem_int_wait_until_all, \
        long: shmem_long_wait_until_all, \
        long long: shmem_longlong_wait_until_all, \
        unsigned short: shmem_ushort_wait_until_all, \
        unsigned int: shmem_uint_wait_until_all, \
        unsigned long: shmem_ulong_wait_until_all, \
        unsigned long long: shmem_ulonglong_wait_until_all)(ivars, nelems, status, cmp, cmp_value)

#define shmem_test_all(ivars, nelems, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_test_all, \
        int: shmem_int_test_all, \
        long: shmem_long_test_all, \
        long long: shmem_longlong_test_all, \
        unsigned short: shmem_ushort_test_all, \
        unsigned int: shmem_uint_test_all, \
        unsigned long: shmem_ulong_test_all, \
        unsigned long long: shmem_ulonglong_test_all)(ivars, nelems, status, cmp, cmp_value)

#define shmem_wait_until_all_vector(ivars, nelems, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_all_vector, \
        int: shmem_int_wait_until_all_vector, \
        long: shmem_long_wait_until_all_vector, \
        long long: shmem_longlong_wait_until_all_vector, \
        unsigned short: shmem_ushort_wait_until_all_vector, \
        unsigned int: shmem_uint_wait_until_all_vector, \
        unsigned long: shmem_ulong_wait_until_all_vector, \
        unsigned long long: shmem_ulonglong_wait_until_all_vector)(ivars, nelems, status, cmp, cmp_values)

#define shmem_test_all_vector(ivars, nelems, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_test_all_vector, \
        int: shmem_int_test_all_vector, \
        long: shmem_long_test_all_vector, \
        long long: shmem_longlong_test_all_vector, \
        unsigned short: shmem_ushort_test_all_vector, \
        unsigned int: shmem_uint_test_all_vector, \
        unsigned long: shmem_ulong_test_all_vector, \
        unsigned long long: shmem_ulonglong_test_all_vector)(ivars, nelems, status, cmp, cmp_values)

#define shmem_wait_until_any(ivars, nelems, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_any, \
        int: shmem_int_wait_until_any, \
        long: shmem_long_wait_until_any, \
        long long: shmem_longlong_wait_until_any, \
        unsigned short: shmem_ushort_wait_until_any, \
        unsigned int: shmem_uint_wait_until_any, \
        unsigned long: shmem_ulong_wait_until_any, \
        unsigned long long: shmem_ulonglong_wait_until_any)(ivars, nelems, status, cmp, cmp_value)

#define shmem_test_any(ivars, nelems, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_test_any, \
        int: shmem_int_test_any, \
        long: shmem_long_test_any, \
        long long: shmem_longlong_test_any, \
        unsigned short: shmem_ushort_test_any, \
        unsigned int: shmem_uint_test_any, \
        unsigned long: shmem_ulong_test_any, \
        unsigned long long: shmem_ulonglong_test_any)(ivars, nelems, status, cmp, cmp_value)

#define shmem_wait_until_any_vector(ivars, nelems, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_any_vector, \
        int: shmem_int_wait_until_any_vector, \
        long: shmem_long_wait_until_any_vector, \
        long long: shmem_longlong_wait_until_any_vector, \
        unsigned short: shmem_ushort_wait_until_any_vector, \
        unsigned int: shmem_uint_wait_until_any_vector, \
        unsigned long: shmem_ulong_wait_until_any_vector, \
        unsigned long long: shmem_ulonglong_wait_until_any_vector)(ivars, nelems, status, cmp, cmp_values)

#define shmem_test_any_vector(ivars, nelems, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_test_any_vector, \
        int: shmem_int_test_any_vector, \
        long: shmem_long_test_any_vector, \
        long long: shmem_longlong_test_any_vector, \
        unsigned short: shmem_ushort_test_any_vector, \
        unsigned int: shmem_uint_test_any_vector, \
        unsigned long: shmem_ulong_test_any_vector, \
        unsigned long long: shmem_ulonglong_test_any_vector)(ivars, nelems, status, cmp, cmp_values)

#define shmem_wait_until_some(ivars, nelems, indices, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_some, \
        int: shmem_int_wait_until_some, \
        long: shmem_long_wait_until_some, \
        long long: shmem_longlong_wait_until_some, \
        unsigned short: shmem_ushort_wait_until_some, \
        unsigned int: shmem_uint_wait_until_some, \
        unsigned long: shmem_ulong_wait_until_some, \
        unsigned long long: shmem_ulonglong_wait_until_some)(ivars, nelems, indices, status, cmp, cmp_value)

#define shmem_test_some(ivars, nelems, indices, status, cmp, cmp_value) \
    _Generic(*(ivars), \
        short: shmem_short_test_some, \
        int: shmem_int_test_some, \
        long: shmem_long_test_some, \
        long long: shmem_longlong_test_some, \
        unsigned short: shmem_ushort_test_some, \
        unsigned int: shmem_uint_test_some, \
        unsigned long: shmem_ulong_test_some, \
        unsigned long long: shmem_ulonglong_test_some)(ivars, nelems, indices, status, cmp, cmp_value)

#define shmem_wait_until_some_vector(ivars, nelems, indices, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_wait_until_some_vector, \
        int: shmem_int_wait_until_some_vector, \
        long: shmem_long_wait_until_some_vector, \
        long long: shmem_longlong_wait_until_some_vector, \
        unsigned short: shmem_ushort_wait_until_some_vector, \
        unsigned int: shmem_uint_wait_until_some_vector, \
        unsigned long: shmem_ulong_wait_until_some_vector, \
        unsigned long long: shmem_ulonglong_wait_until_some_vector)(ivars, nelems, indices, status, cmp, cmp_values)

#define shmem_test_some_vector(ivars, nelems, indices, status, cmp, cmp_values) \
    _Generic(*(ivars), \
        short: shmem_short_test_some_vector, \
        int: shmem_int_test_some_vector, \
        long: shmem_long_test_some_vector, \
        long long: shmem_longlong_test_some_vector, \
        unsigned short: shmem_ushort_test_some_vector, \
        unsigned int: shmem_uint_test_some_vector, \
        unsigned long: shmem_ulong_test_some_vector, \
        unsigned long long: shmem_ulonglong_test_some_vector)(ivars, nelems, indices, status, cmp, cmp_values)

/* The bitwise reductions' table lists the unsigned types and int8_t .. int64_t (uint8_t ..
 * uint64_t and size_t are unsigned types above): the signed ones by their typedef names,
 * which are signed char, short, int and long (or long long) here. */
#define shmem_and_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        unsigned char: shmem_uchar_and_reduce, \
        unsigned short: shmem_ushort_and_reduce, \
        unsigned int: shmem_uint_and_reduce, \
        unsigned long: shmem_ulong_and_reduce, \
        unsigned long long: shmem_ulonglong_and_reduce, \
        int8_t: shmem_int8_and_reduce, \
        int16_t: shmem_int16_and_reduce, \
        int32_t: shmem_int32_and_reduce, \
        int64_t: shmem_int64_and_reduce)(team, dest, source, nreduce)

#define shmem_or_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        unsigned char: shmem_uchar_or_reduce, \
        unsigned short: shmem_ushort_or_reduce, \
        unsigned int: shmem_uint_or_reduce, \
        unsigned long: shmem_ulong_or_reduce, \
        unsigned long long: shmem_ulonglong_or_reduce, \
        int8_t: shmem_int8_or_reduce, \
        int16_t: shmem_int16_or_reduce, \
        int32_t: shmem_int32_or_reduce, \
        int64_t: shmem_int64_or_reduce)(team, dest, source, nreduce)

#define shmem_xor_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        unsigned char: shmem_uchar_xor_reduce, \
        unsigned short: shmem_ushort_xor_reduce, \
        unsigned int: shmem_uint_xor_reduce, \
        unsigned long: shmem_ulong_xor_reduce, \
        unsigned long long: shmem_ulonglong_xor_reduce, \
        int8_t: shmem_int8_xor_reduce, \
        int16_t: shmem_int16_xor_reduce, \
        int32_t: shmem_int32_xor_reduce, \
        int64_t: shmem_int64_xor_reduce)(team, dest, source, nreduce)

#define shmem_max_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        char: shmem_char_max_reduce, \
        signed char: shmem_schar_max_reduce, \
        short: shmem_short_max_reduce, \
        int: shmem_int_max_reduce, \
        long: shmem_long_max_reduce, \
        long long: shmem_longlong_max_reduce, \
        unsigned char: shmem_uchar_max_reduce, \
        unsigned short: shmem_ushort_max_reduce, \
        unsigned int: shmem_uint_max_reduce, \
        unsigned long: shmem_ulong_max_reduce, \
        unsigned long long: shmem_ulonglong_max_reduce, \
        float: shmem_float_max_reduce, \
        long double: shmem_longdouble_max_reduce, \
        double: shmem_double_max_reduce)(team, dest, source, nreduce)

#define shmem_min_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        char: shmem_char_min_reduce, \
        signed char: shmem_schar_min_reduce, \
        short: shmem_short_min_reduce, \
        int: shmem_int_min_reduce, \
        long: shmem_long_min_reduce, \
        long long: shmem_longlong_min_reduce, \
        unsigned char: shmem_uchar_min_reduce, \
        unsigned short: shmem_ushort_min_reduce, \
        unsigned int: shmem_uint_min_reduce, \
        unsigned long: shmem_ulong_min_reduce, \
        unsigned long long: shmem_ulonglong_min_reduce, \
        float: shmem_float_min_reduce, \
        long double: shmem_longdouble_min_reduce, \
        double: shmem_double_min_reduce)(team, dest, source, nreduce)

#define shmem_sum_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        char: shmem_char_sum_reduce, \
        signed char: shmem_schar_sum_reduce, \
        short: shmem_short_sum_reduce, \
        int: shmem_int_sum_reduce, \
        long: shmem_long_sum_reduce, \
        long long: shmem_longlong_sum_reduce, \
        unsigned char: shmem_uchar_sum_reduce, \
        unsigned short: shmem_ushort_sum_reduce, \
        unsigned int: shmem_uint_sum_reduce, \
        unsigned long: shmem_ulong_sum_reduce, \
        unsigned long long: shmem_ulonglong_sum_reduce, \
        float: shmem_float_sum_reduce, \
        double: shmem_double_sum_reduce, \
        long double: shmem_longdouble_sum_reduce, \
        float _Complex: shmem_complexf_sum_reduce, \
        double _Complex: shmem_complexd_sum_reduce)(team, dest, source, nreduce)

#define shmem_sum_inscan(team, dest, source, nelems) \
    _Generic(*(dest), \
        char: shmem_char_sum_inscan, \
        signed char: shmem_schar_sum_inscan, \
        short: shmem_short_sum_inscan, \
        int: shmem_int_sum_inscan, \
        long: shmem_long_sum_inscan, \
        long long: shmem_longlong_sum_inscan, \
        unsigned char: shmem_uchar_sum_inscan, \
        unsigned short: shmem_ushort_sum_inscan, \
        unsigned int: shmem_uint_sum_inscan, \
        unsigned long: shmem_ulong_sum_inscan, \
        unsigned long long: shmem_ulonglong_sum_inscan, \
        float: shmem_float_sum_inscan, \
        double: shmem_double_sum_inscan, \
        long double: shmem_longdouble_sum_inscan, \
        double _Complex: shmem_complexd_sum_inscan, \
        float _Complex: shmem_complexf_sum_inscan)(team, dest, source, nelems)

#define shmem_sum_exscan(team, dest, source, nelems) \
    _Generic(*(dest), \
        char: shmem_char_sum_exscan, \
        signed char: shmem_schar_sum_exscan, \
        short: shmem_short_sum_exscan, \
        int: shmem_int_sum_exscan, \
        long: shmem_long_sum_exscan, \
        long long: shmem_longlong_sum_exscan, \
        unsigned char: shmem_uchar_sum_exscan, \
        unsigned short: shmem_ushort_sum_exscan, \
        unsigned int: shmem_uint_sum_exscan, \
        unsigned long: shmem_ulong_sum_exscan, \
        unsigned long long: shmem_ulonglong_sum_exscan, \
        float: shmem_float_sum_exscan, \
        double: shmem_double_sum_exscan, \
        long double: shmem_longdouble_sum_exscan, \
        double _Complex: shmem_complexd_sum_exscan, \
        float _Complex: shmem_complexf_sum_exscan)(team, dest, source, nelems)

#define shmem_prod_reduce(team, dest, source, nreduce) \
    _Generic(*(dest), \
        char: shmem_char_prod_reduce, \
        signed char: shmem_schar_prod_reduce, \
        short: shmem_short_prod_reduce, \
        int: shmem_int_prod_reduce, \
        long: shmem_long_prod_reduce, \
        long long: shmem_longlong_prod_reduce, \
        unsigned char: shmem_uchar_prod_reduce, \
        unsigned short: shmem_ushort_prod_reduce, \
        unsigned int: shmem_uint_prod_reduce, \
        unsigned long: shmem_ulong_prod_reduce, \
        unsigned long long: shmem_ulonglong_prod_reduce, \
        float: shmem_float_prod_reduce, \
        double: shmem_double_prod_reduce, \
        long double: shmem_longdouble_prod_reduce, \
        float _Complex: shmem_complexf_prod_reduce, \
        double _Complex: shmem_complexd_prod_reduce)(team, dest, source, nreduce)

#define shmem_broadcast(team, dest, source, nelems, PE_root) \
    _Generic(*(dest), \
        char: shmem_char_broadcast, \
        signed char: shmem_schar_broadcast, \
        short: shmem_short_broadcast, \
        int: shmem_int_broadcast, \
        long: shmem_long_broadcast, \
        long long: shmem_longlong_broadcast, \
        unsigned char: shmem_uchar_broadcast, \
        unsigned short: shmem_ushort_broadcast, \
        unsigned int: shmem_uint_broadcast, \
        unsigned long: shmem_ulong_broadcast, \
        unsigned long long: shmem_ulonglong_broadcast, \
        float: shmem_float_broadcast, \
        long double: shmem_longdouble_broadcast, \
        double: shmem_double_broadcast)(team, dest, source, nelems, PE_root)

#define shmem_collect(team, dest, source, nelems) \
    _Generic(*(dest), \
        char: shmem_char_collect, \
        signed char: shmem_schar_collect, \
        short: shmem_short_collect, \
        int: shmem_int_collect, \
        long: shmem_long_collect, \
        long long: shmem_longlong_collect, \
        unsigned char: shmem_uchar_collect, \
        unsigned short: shmem_ushort_collect, \
        unsigned int: shmem_uint_collect, \
        unsigned long: shmem_ulong_collect, \
        unsigned long long: shmem_ulonglong_collect, \
        float: shmem_float_collect, \
        long double: shmem_longdouble_collect, \
        double: shmem_double_collect)(team, dest, source, nelems)

#define shmem_fcollect(team, dest, source, nelems) \
    _Generic(*(dest), \
        char: shmem_char_fcollect, \
        signed char: shmem_schar_fcollect, \
        short: shmem_short_fcollect, \
        int: shmem_int_fcollect, \
        long: shmem_long_fcollect, \
        long long: shmem_longlong_fcollect, \
        unsigned char: shmem_uchar_fcollect, \
        unsigned short: shmem_ushort_fcollect, \
        unsigned int: shmem_uint_fcollect, \
        unsigned long: shmem_ulong_fcollect, \
        unsigned long long: shmem_ulonglong_fcollect, \
        float: shmem_float_fcollect, \
        long double: shmem_longdouble_fcollect, \
        double: shmem_double_fcollect)(team, dest, source, nelems)

#define shmem_alltoall(team, dest, source, nelems) \
    _Generic(*(dest), \
        char: shmem_char_alltoall, \
        signed char: shmem_schar_alltoall, \
        short: shmem_short_alltoall, \
        int: shmem_int_alltoall, \
        long: shmem_long_alltoall, \
        long long: shmem_longlong_alltoall, \
        unsigned char: shmem_uchar_alltoall, \
        unsigned short: shmem_ushort_alltoall, \
        unsigned int: shmem_uint_alltoall, \
        unsigned long: shmem_ulong_alltoall, \
        unsigned long long: shmem_ulonglong_alltoall, \
        float: shmem_float_alltoall, \
        long double: shmem_longdouble_alltoall, \
        double: shmem_double_alltoall)(team, dest, source, nelems)

#define shmem_alltoalls(team, dest, source, dst, sst, nelems) \
    _Generic(*(dest), \
        char: shmem_char_alltoalls, \
        signed char: shmem_schar_alltoalls, \
        short: shmem_short_alltoalls, \
        int: shmem_int_alltoalls, \
        long: shmem_long_alltoalls, \
        long long: shmem_longlong_alltoalls, \
        unsigned char: shmem_uchar_alltoalls, \
        unsigned short: shmem_ushort_alltoalls, \
        unsigned int: shmem_uint_alltoalls, \
        unsigned long: shmem_ulong_alltoalls, \
        unsigned long long: shmem_ulonglong_alltoalls, \
        float: shmem_float_alltoalls, \
        long double: shmem_longdouble_alltoalls, \
        double: shmem_double_alltoalls)(team, dest, source, dst, sst, nelems)

/* Deprecated C11 names (OpenSHMEM 1.5, Annex): the atomics before their `atomic_` names, and
 * `shmem_wait` (until *ivar != cmp_value). */
#define shmem_fetch(source, pe) shmem_atomic_fetch(source, pe)
#define shmem_set(dest, value, pe) shmem_atomic_set(dest, value, pe)
#define shmem_swap(dest, value, pe) shmem_atomic_swap(dest, value, pe)
#define shmem_cswap(dest, cond, value, pe) shmem_atomic_compare_swap(dest, cond, value, pe)
#define shmem_finc(dest, pe) shmem_atomic_fetch_inc(dest, pe)
#define shmem_inc(dest, pe) shmem_atomic_inc(dest, pe)
#define shmem_fadd(dest, value, pe) shmem_atomic_fetch_add(dest, value, pe)
#define shmem_add(dest, value, pe) shmem_atomic_add(dest, value, pe)
#define shmem_wait(ivar, cmp_value) shmem_wait_until(ivar, SHMEM_CMP_NE, cmp_value)

#endif

/* ------------------------------------------------------------------------------------------
 * Inline fast paths.
 *
 * The usual small one-sided calls run in the program's own code, with no call into the
 * library, as the Rust API's do: an AMO, p or g on a naturally aligned symmetric word; a put
 * or get of 1, 2, 4, 8 or 16 bytes (8-byte aligned at 16) between two symmetric buffers;
 * fence and quiet. "Symmetric" here is what the library's own hot paths look at first: this
 * PE's partition (shmem_malloc'd memory) and the first span of the program's globals. Every
 * other case (a local buffer on the stack, a longer transfer, a PE or address that is wrong,
 * SHMEM_THREAD_MULTIPLE, a job over several nodes, a call before shmem_init) calls the
 * library's function of the same name, which checks it and, on an error, ends the job with
 * its one-line message. Each path does what the library does there: the same atomic or copy,
 * then the same check whether the target PE sleeps on its doorbell (shmemi_ring_v1 wakes it).
 *
 * The names stay the specification's (an object-like macro per name), so that the C11
 * generic names and pointers to these functions take the inline paths too. Define
 * SHMEM_NO_INLINE before including shmem.h to call the library for everything. The table's
 * name carries the version of its layout and of its windows' alignment: a program built
 * against another does not link.
 * x86-64 only (where they are tested); elsewhere every call is the library's.
 */
#if !defined(SHMEM_NO_INLINE) && defined(__GNUC__) && defined(__x86_64__)
#define SHMEM_INLINE_PATHS 1

/* Both windows start and end at multiples of SHMEMI_UNIT_ bytes (the library publishes the
 * whole units of each), so a naturally aligned word of at most that size whose address is
 * inside one lies wholly inside it. */
#define SHMEMI_UNIT_ 16
struct shmemi_fast_v2_ {
    uintptr_t own_lo;      /* this PE's partition (its heap) */
    size_t own_size;       /* its size; 0: no inline path (not initialized, MULTIPLE, nodes) */
    uintptr_t own_base;    /* partition 0's copy of an address a of it: a + own_base */
    uintptr_t glob_lo;     /* the first span of the program's globals (live address) */
    size_t glob_size;      /* its length; 0: none, or no inline path */
    uintptr_t glob_base;   /* partition 0's copy of an address a of it: a + glob_base */
    size_t psize;          /* partition p's copy: partition 0's + p * psize */
    uintptr_t bell0;       /* PE p's doorbell sleeper count: the unsigned int at */
                           /* bell0 + p * SHMEMI_BELL_STRIDE_ */
    unsigned int npes;     /* 0 before shmem_init */
    unsigned int me;
};
#define SHMEMI_BELL_STRIDE_ 1024
#if defined(__cplusplus)
static_assert(sizeof(struct shmemi_fast_v2_) == 72, "shmemi_fast_v2_ layout");
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(struct shmemi_fast_v2_) == 72, "shmemi_fast_v2_ layout");
#else
typedef char shmemi_fast_v2_layout_[sizeof(struct shmemi_fast_v2_) == 72 ? 1 : -1];
#endif
extern struct shmemi_fast_v2_ shmemi_fast_v2;
void shmemi_ring_v1(int pe);

/* A full fence: a locked no-op below the stack pointer, as LLVM emits it (GCC's lock or on
 * 0(%rsp) waits for the stores into the caller's frame). */
static inline void shmemi_full_fence_(void) {
    __asm__ __volatile__("lock orl $0, -64(%%rsp)" ::: "memory", "cc");
}

typedef uint16_t __attribute__((may_alias)) shmemi_u16_;
typedef uint32_t __attribute__((may_alias)) shmemi_u32_;
typedef uint64_t __attribute__((may_alias)) shmemi_u64_;

/* Whether the n (>= 1) bytes at a lie in [lo, lo + size) (a window of at most half the
 * address space, so (x | n) <= size keeps x + n from wrapping). */
static inline int shmemi_in_(const void *a, size_t n, uintptr_t lo, size_t size) {
    size_t x = (uintptr_t)a - lo;
    /* & rather than &&: one branch, which the callers' __builtin_expect can place */
    return ((x | n) <= size) & (x + n <= size);
}

/* Whether the n bytes at a are symmetric memory of this PE that the inline paths know (its
 * heap, or the first span of its globals). */
static inline int shmemi_sym_(const void *a, size_t n) {
    return shmemi_in_(a, n, shmemi_fast_v2.own_lo, shmemi_fast_v2.own_size) ||
           shmemi_in_(a, n, shmemi_fast_v2.glob_lo, shmemi_fast_v2.glob_size);
}

/* pe's copy of the symmetric a, given the base of a's window. */
static inline char *shmemi_copy_of_(const void *a, uintptr_t base, int pe) {
    return (char *)((uintptr_t)a + base + (size_t)(unsigned)pe * shmemi_fast_v2.psize);
}

/* *p: pe's copy of the n bytes at the symmetric a of a transfer; 0 if the library's path
 * must take it. The heap first: a transfer's buffers usually come from shmem_malloc. */
static inline int shmemi_at_(const void *a, size_t n, int pe, char **p) {
    uintptr_t base;
    if (__builtin_expect((unsigned)pe >= shmemi_fast_v2.npes, 0)) return 0;
    if (__builtin_expect(shmemi_in_(a, n, shmemi_fast_v2.own_lo, shmemi_fast_v2.own_size), 1))
        base = shmemi_fast_v2.own_base;
    else if (shmemi_in_(a, n, shmemi_fast_v2.glob_lo, shmemi_fast_v2.glob_size))
        base = shmemi_fast_v2.glob_base;
    else
        return 0;
    *p = shmemi_copy_of_(a, base, pe);
    return 1;
}

/* shmemi_at_ for a naturally aligned word of n (a power of two, at most SHMEMI_UNIT_) bytes
 * (p, g, AMOs): one compare per window, as the windows are whole units. The globals first
 * (flags, counters and locks are usually global variables): with one compare, a word of the
 * heap costs one more compare and a predicted branch. */
static inline int shmemi_word_(const void *a, size_t n, int pe, char **p) {
    uintptr_t base;
    if (n > SHMEMI_UNIT_ || ((uintptr_t)a & (n - 1)) != 0) return 0;
    if (__builtin_expect((unsigned)pe >= shmemi_fast_v2.npes, 0)) return 0;
    if (__builtin_expect((uintptr_t)a - shmemi_fast_v2.glob_lo < shmemi_fast_v2.glob_size, 1))
        base = shmemi_fast_v2.glob_base;
    else if ((uintptr_t)a - shmemi_fast_v2.own_lo < shmemi_fast_v2.own_size)
        base = shmemi_fast_v2.own_base;
    else
        return 0;
    *p = shmemi_copy_of_(a, base, pe);
    return 1;
}

static inline const unsigned int *shmemi_bell_(int pe) {
    return (const unsigned int *)(shmemi_fast_v2.bell0 + (size_t)(unsigned)pe * SHMEMI_BELL_STRIDE_);
}

/* After an AMO (a SeqCst read-modify-write: the fence of the doorbell protocol). */
static inline void shmemi_rang_(const unsigned int *bell, int pe) {
    if (__builtin_expect(__atomic_load_n(bell, __ATOMIC_RELAXED) != 0, 0))
        shmemi_ring_v1(pe);
}

/* After a store into pe's partition: wake a sleeper there (not on this PE: its only thread
 * that could sleep is this one, below SHMEM_THREAD_MULTIPLE). */
static inline void shmemi_wrote_(int pe) {
    if ((unsigned)pe != shmemi_fast_v2.me) {
        shmemi_full_fence_();
        shmemi_rang_(shmemi_bell_(pe), pe);
    }
}

typedef long long __attribute__((vector_size(16), may_alias, aligned(8))) shmemi_v16_;

/* The n-byte copy of a put or get between located buffers, done here; 0 for other sizes
 * and alignments (the library's path). Up to 16 bytes: whole words loaded before they are
 * stored, right for overlapping buffers on one PE too. Multiples of 8 up to 256 bytes
 * between two PEs (distinct partitions: no overlap), 8-byte aligned: 16-byte units, stored
 * volatile (so the compiler neither elides them nor turns the loop into a memcpy call). */
static inline int shmemi_copy_(char *d, const char *s, size_t n, int distinct) {
    if (n == 8 && ((uintptr_t)d & 7) == 0) {
        shmemi_u64_ v;
        __builtin_memcpy(&v, s, 8);
        __atomic_store_n((shmemi_u64_ *)d, v, __ATOMIC_RELAXED);
    } else if (n == 4 && ((uintptr_t)d & 3) == 0) {
        shmemi_u32_ v;
        __builtin_memcpy(&v, s, 4);
        __atomic_store_n((shmemi_u32_ *)d, v, __ATOMIC_RELAXED);
    } else if (n == 16 && ((uintptr_t)d & 7) == 0) {
        shmemi_u64_ v[2];
        __builtin_memcpy(v, s, 16);
        __atomic_store_n((shmemi_u64_ *)d, v[0], __ATOMIC_RELAXED);
        __atomic_store_n((shmemi_u64_ *)d + 1, v[1], __ATOMIC_RELAXED);
    } else if (n == 2 && ((uintptr_t)d & 1) == 0) {
        shmemi_u16_ v;
        __builtin_memcpy(&v, s, 2);
        __atomic_store_n((shmemi_u16_ *)d, v, __ATOMIC_RELAXED);
    } else if (n == 1) {
        __atomic_store_n((unsigned char *)d, *(const unsigned char *)s, __ATOMIC_RELAXED);
    } else if (distinct && n <= 256 && ((n | (uintptr_t)d) & 7) == 0) {
        size_t i = 0;
        for (; i + 16 <= n; i += 16) {
            shmemi_v16_ v;
            __builtin_memcpy(&v, s + i, 16);
            *(volatile shmemi_v16_ *)(d + i) = v;
        }
        if (i < n) {
            shmemi_u64_ v;
            __builtin_memcpy(&v, s + i, 8);
            __atomic_store_n((shmemi_u64_ *)(d + i), v, __ATOMIC_RELAXED);
        }
    } else {
        return 0;
    }
    return 1;
}

/* n bytes from the symmetric source to pe's dest; 0 if the library must do it. */
static inline int shmemi_put_(void *dest, const void *source, size_t n, int pe) {
    char *d;
    if (shmemi_at_(dest, n, pe, &d) && shmemi_sym_(source, n) && shmemi_copy_(d, (const char *)source, n, (unsigned)pe != shmemi_fast_v2.me)) {
        shmemi_wrote_(pe);
        return 1;
    }
    return 0;
}

/* n bytes from pe's source to the symmetric dest (this PE's own memory: nobody to wake). */
static inline int shmemi_get_(void *dest, const void *source, size_t n, int pe) {
    char *s;
    return shmemi_at_(source, n, pe, &s) && shmemi_sym_(dest, n) && shmemi_copy_((char *)dest, s, n, (unsigned)pe != shmemi_fast_v2.me);
}

static inline void shmemi_putmem(void *dest, const void *source, size_t nelems, int pe) {
    if (!shmemi_put_(dest, source, nelems, pe)) shmem_putmem(dest, source, nelems, pe);
}
static inline void shmemi_putmem_nbi(void *dest, const void *source, size_t nelems, int pe) {
    if (!shmemi_put_(dest, source, nelems, pe)) shmem_putmem_nbi(dest, source, nelems, pe);
}
static inline void shmemi_getmem(void *dest, const void *source, size_t nelems, int pe) {
    if (!shmemi_get_(dest, source, nelems, pe)) shmem_getmem(dest, source, nelems, pe);
}
static inline void shmemi_getmem_nbi(void *dest, const void *source, size_t nelems, int pe) {
    if (!shmemi_get_(dest, source, nelems, pe)) shmem_getmem_nbi(dest, source, nelems, pe);
}

static inline void shmemi_fence(void) {
    if (__builtin_expect(shmemi_fast_v2.own_size != 0, 1))
        __atomic_thread_fence(__ATOMIC_RELEASE);
    else
        shmem_fence();
}
static inline void shmemi_quiet(void) {
    if (__builtin_expect(shmemi_fast_v2.own_size != 0, 1))
        shmemi_full_fence_();
    else
        shmem_quiet();
}

/* Bulk RMA of elements of size S (at most 16 / S of them here). */
#define SHMEMI_BULK_(NAME, T, S) \
    static inline void shmemi_##NAME##_put(T *dest, const T *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_put_(dest, source, nelems * (S), pe))) \
            shmem_##NAME##_put(dest, source, nelems, pe); \
    } \
    static inline void shmemi_##NAME##_put_nbi(T *dest, const T *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_put_(dest, source, nelems * (S), pe))) \
            shmem_##NAME##_put_nbi(dest, source, nelems, pe); \
    } \
    static inline void shmemi_##NAME##_get(T *dest, const T *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_get_(dest, source, nelems * (S), pe))) \
            shmem_##NAME##_get(dest, source, nelems, pe); \
    } \
    static inline void shmemi_##NAME##_get_nbi(T *dest, const T *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_get_(dest, source, nelems * (S), pe))) \
            shmem_##NAME##_get_nbi(dest, source, nelems, pe); \
    }

/* Sized RMA (shmem_putBITS and the rest), elements of S bytes. */
#define SHMEMI_SIZED_(BITS, S) \
    static inline void shmemi_put##BITS(void *dest, const void *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_put_(dest, source, nelems * (S), pe))) \
            shmem_put##BITS(dest, source, nelems, pe); \
    } \
    static inline void shmemi_put##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_put_(dest, source, nelems * (S), pe))) \
            shmem_put##BITS##_nbi(dest, source, nelems, pe); \
    } \
    static inline void shmemi_get##BITS(void *dest, const void *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_get_(dest, source, nelems * (S), pe))) \
            shmem_get##BITS(dest, source, nelems, pe); \
    } \
    static inline void shmemi_get##BITS##_nbi(void *dest, const void *source, size_t nelems, int pe) { \
        if (!(nelems <= 16 / (S) && shmemi_get_(dest, source, nelems * (S), pe))) \
            shmem_get##BITS##_nbi(dest, source, nelems, pe); \
    }

/* Typed RMA: the bulk calls, and p and g (one single-copy-atomic store or load). */
#define SHMEMI_RMA_(NAME, T) \
    SHMEMI_BULK_(NAME, T, sizeof(T)) \
    static inline void shmemi_##NAME##_p(T *dest, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            __atomic_store((T *)p, &value, __ATOMIC_RELAXED); \
            shmemi_wrote_(pe); \
        } else { \
            shmem_##NAME##_p(dest, value, pe); \
        } \
    } \
    static inline T shmemi_##NAME##_g(const T *source, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(source, sizeof(T), pe, &p), 1)) { \
            T v; \
            __atomic_load((T *)p, &v, __ATOMIC_ACQUIRE); \
            return v; \
        } \
        return shmem_##NAME##_g(source, pe); \
    }

/* The extended AMOs (every AMO type, float and double too): fetch, set, swap. */
#define SHMEMI_AMO_EXT_(NAME, T) \
    static inline T shmemi_##NAME##_atomic_fetch(const T *source, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(source, sizeof(T), pe, &p), 1)) { \
            T v; \
            __atomic_load((T *)p, &v, __ATOMIC_SEQ_CST); \
            return v; \
        } \
        return shmem_##NAME##_atomic_fetch(source, pe); \
    } \
    static inline void shmemi_##NAME##_atomic_set(T *dest, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            T old; \
            __atomic_exchange((T *)p, &value, &old, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
        } else { \
            shmem_##NAME##_atomic_set(dest, value, pe); \
        } \
    } \
    static inline T shmemi_##NAME##_atomic_swap(T *dest, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            T old; \
            __atomic_exchange((T *)p, &value, &old, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
            return old; \
        } \
        return shmem_##NAME##_atomic_swap(dest, value, pe); \
    }

/* One fetching and one non-fetching form of a read-modify-write (__atomic_##BUILTIN). */
#define SHMEMI_AMO_RMW_(NAME, T, OP, BUILTIN) \
    static inline T shmemi_##NAME##_atomic_fetch_##OP(T *dest, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            T old = __atomic_##BUILTIN((T *)p, value, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
            return old; \
        } \
        return shmem_##NAME##_atomic_fetch_##OP(dest, value, pe); \
    } \
    static inline void shmemi_##NAME##_atomic_##OP(T *dest, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            (void)__atomic_##BUILTIN((T *)p, value, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
        } else { \
            shmem_##NAME##_atomic_##OP(dest, value, pe); \
        } \
    }

/* The standard AMOs: the extended ones, compare_swap, fetch_inc, inc, fetch_add, add. */
#define SHMEMI_AMO_STD_(NAME, T) \
    SHMEMI_AMO_EXT_(NAME, T) \
    SHMEMI_AMO_RMW_(NAME, T, add, fetch_add) \
    static inline T shmemi_##NAME##_atomic_compare_swap(T *dest, T cond, T value, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            __atomic_compare_exchange_n((T *)p, &cond, value, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
            return cond; \
        } \
        return shmem_##NAME##_atomic_compare_swap(dest, cond, value, pe); \
    } \
    static inline T shmemi_##NAME##_atomic_fetch_inc(T *dest, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            T old = __atomic_fetch_add((T *)p, (T)1, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
            return old; \
        } \
        return shmem_##NAME##_atomic_fetch_inc(dest, pe); \
    } \
    static inline void shmemi_##NAME##_atomic_inc(T *dest, int pe) { \
        char *p; \
        if (__builtin_expect(shmemi_word_(dest, sizeof(T), pe, &p), 1)) { \
            const unsigned int *b = shmemi_bell_(pe); \
            (void)__atomic_fetch_add((T *)p, (T)1, __ATOMIC_SEQ_CST); \
            shmemi_rang_(b, pe); \
        } else { \
            shmem_##NAME##_atomic_inc(dest, pe); \
        } \
    }

/* The bitwise AMOs. */
#define SHMEMI_AMO_BIT_(NAME, T) \
    SHMEMI_AMO_RMW_(NAME, T, and, fetch_and) \
    SHMEMI_AMO_RMW_(NAME, T, or, fetch_or) \
    SHMEMI_AMO_RMW_(NAME, T, xor, fetch_xor)

SHMEMI_RMA_(float, float)
SHMEMI_RMA_(double, double)
SHMEMI_RMA_(char, char)
SHMEMI_RMA_(schar, signed char)
SHMEMI_RMA_(short, short)
SHMEMI_RMA_(int, int)
SHMEMI_RMA_(long, long)
SHMEMI_RMA_(longlong, long long)
SHMEMI_RMA_(uchar, unsigned char)
SHMEMI_RMA_(ushort, unsigned short)
SHMEMI_RMA_(uint, unsigned int)
SHMEMI_RMA_(ulong, unsigned long)
SHMEMI_RMA_(ulonglong, unsigned long long)
SHMEMI_RMA_(int8, int8_t)
SHMEMI_RMA_(int16, int16_t)
SHMEMI_RMA_(int32, int32_t)
SHMEMI_RMA_(int64, int64_t)
SHMEMI_RMA_(uint8, uint8_t)
SHMEMI_RMA_(uint16, uint16_t)
SHMEMI_RMA_(uint32, uint32_t)
SHMEMI_RMA_(uint64, uint64_t)
SHMEMI_RMA_(size, size_t)
SHMEMI_RMA_(ptrdiff, ptrdiff_t)
SHMEMI_SIZED_(8, 1)
SHMEMI_SIZED_(16, 2)
SHMEMI_SIZED_(32, 4)
SHMEMI_SIZED_(64, 8)
SHMEMI_SIZED_(128, 16)

SHMEMI_AMO_STD_(int, int)
SHMEMI_AMO_STD_(long, long)
SHMEMI_AMO_STD_(longlong, long long)
SHMEMI_AMO_STD_(uint, unsigned int)
SHMEMI_AMO_STD_(ulong, unsigned long)
SHMEMI_AMO_STD_(ulonglong, unsigned long long)
SHMEMI_AMO_STD_(int32, int32_t)
SHMEMI_AMO_STD_(int64, int64_t)
SHMEMI_AMO_STD_(uint32, uint32_t)
SHMEMI_AMO_STD_(uint64, uint64_t)
SHMEMI_AMO_STD_(size, size_t)
SHMEMI_AMO_STD_(ptrdiff, ptrdiff_t)
SHMEMI_AMO_EXT_(float, float)
SHMEMI_AMO_EXT_(double, double)
SHMEMI_AMO_BIT_(uint, unsigned int)
SHMEMI_AMO_BIT_(ulong, unsigned long)
SHMEMI_AMO_BIT_(ulonglong, unsigned long long)
SHMEMI_AMO_BIT_(int32, int32_t)
SHMEMI_AMO_BIT_(int64, int64_t)
SHMEMI_AMO_BIT_(uint32, uint32_t)
SHMEMI_AMO_BIT_(uint64, uint64_t)

/* From here on the specification's names are the inline paths. */
#define shmem_putmem shmemi_putmem
#define shmem_putmem_nbi shmemi_putmem_nbi
#define shmem_getmem shmemi_getmem
#define shmem_getmem_nbi shmemi_getmem_nbi
#define shmem_fence shmemi_fence
#define shmem_quiet shmemi_quiet
#define shmem_put8 shmemi_put8
#define shmem_put8_nbi shmemi_put8_nbi
#define shmem_get8 shmemi_get8
#define shmem_get8_nbi shmemi_get8_nbi
#define shmem_put16 shmemi_put16
#define shmem_put16_nbi shmemi_put16_nbi
#define shmem_get16 shmemi_get16
#define shmem_get16_nbi shmemi_get16_nbi
#define shmem_put32 shmemi_put32
#define shmem_put32_nbi shmemi_put32_nbi
#define shmem_get32 shmemi_get32
#define shmem_get32_nbi shmemi_get32_nbi
#define shmem_put64 shmemi_put64
#define shmem_put64_nbi shmemi_put64_nbi
#define shmem_get64 shmemi_get64
#define shmem_get64_nbi shmemi_get64_nbi
#define shmem_put128 shmemi_put128
#define shmem_put128_nbi shmemi_put128_nbi
#define shmem_get128 shmemi_get128
#define shmem_get128_nbi shmemi_get128_nbi
#define shmem_float_put shmemi_float_put
#define shmem_float_put_nbi shmemi_float_put_nbi
#define shmem_float_get shmemi_float_get
#define shmem_float_get_nbi shmemi_float_get_nbi
#define shmem_float_p shmemi_float_p
#define shmem_float_g shmemi_float_g
#define shmem_double_put shmemi_double_put
#define shmem_double_put_nbi shmemi_double_put_nbi
#define shmem_double_get shmemi_double_get
#define shmem_double_get_nbi shmemi_double_get_nbi
#define shmem_double_p shmemi_double_p
#define shmem_double_g shmemi_double_g
#define shmem_char_put shmemi_char_put
#define shmem_char_put_nbi shmemi_char_put_nbi
#define shmem_char_get shmemi_char_get
#define shmem_char_get_nbi shmemi_char_get_nbi
#define shmem_char_p shmemi_char_p
#define shmem_char_g shmemi_char_g
#define shmem_schar_put shmemi_schar_put
#define shmem_schar_put_nbi shmemi_schar_put_nbi
#define shmem_schar_get shmemi_schar_get
#define shmem_schar_get_nbi shmemi_schar_get_nbi
#define shmem_schar_p shmemi_schar_p
#define shmem_schar_g shmemi_schar_g
#define shmem_short_put shmemi_short_put
#define shmem_short_put_nbi shmemi_short_put_nbi
#define shmem_short_get shmemi_short_get
#define shmem_short_get_nbi shmemi_short_get_nbi
#define shmem_short_p shmemi_short_p
#define shmem_short_g shmemi_short_g
#define shmem_int_put shmemi_int_put
#define shmem_int_put_nbi shmemi_int_put_nbi
#define shmem_int_get shmemi_int_get
#define shmem_int_get_nbi shmemi_int_get_nbi
#define shmem_int_p shmemi_int_p
#define shmem_int_g shmemi_int_g
#define shmem_long_put shmemi_long_put
#define shmem_long_put_nbi shmemi_long_put_nbi
#define shmem_long_get shmemi_long_get
#define shmem_long_get_nbi shmemi_long_get_nbi
#define shmem_long_p shmemi_long_p
#define shmem_long_g shmemi_long_g
#define shmem_longlong_put shmemi_longlong_put
#define shmem_longlong_put_nbi shmemi_longlong_put_nbi
#define shmem_longlong_get shmemi_longlong_get
#define shmem_longlong_get_nbi shmemi_longlong_get_nbi
#define shmem_longlong_p shmemi_longlong_p
#define shmem_longlong_g shmemi_longlong_g
#define shmem_uchar_put shmemi_uchar_put
#define shmem_uchar_put_nbi shmemi_uchar_put_nbi
#define shmem_uchar_get shmemi_uchar_get
#define shmem_uchar_get_nbi shmemi_uchar_get_nbi
#define shmem_uchar_p shmemi_uchar_p
#define shmem_uchar_g shmemi_uchar_g
#define shmem_ushort_put shmemi_ushort_put
#define shmem_ushort_put_nbi shmemi_ushort_put_nbi
#define shmem_ushort_get shmemi_ushort_get
#define shmem_ushort_get_nbi shmemi_ushort_get_nbi
#define shmem_ushort_p shmemi_ushort_p
#define shmem_ushort_g shmemi_ushort_g
#define shmem_uint_put shmemi_uint_put
#define shmem_uint_put_nbi shmemi_uint_put_nbi
#define shmem_uint_get shmemi_uint_get
#define shmem_uint_get_nbi shmemi_uint_get_nbi
#define shmem_uint_p shmemi_uint_p
#define shmem_uint_g shmemi_uint_g
#define shmem_ulong_put shmemi_ulong_put
#define shmem_ulong_put_nbi shmemi_ulong_put_nbi
#define shmem_ulong_get shmemi_ulong_get
#define shmem_ulong_get_nbi shmemi_ulong_get_nbi
#define shmem_ulong_p shmemi_ulong_p
#define shmem_ulong_g shmemi_ulong_g
#define shmem_ulonglong_put shmemi_ulonglong_put
#define shmem_ulonglong_put_nbi shmemi_ulonglong_put_nbi
#define shmem_ulonglong_get shmemi_ulonglong_get
#define shmem_ulonglong_get_nbi shmemi_ulonglong_get_nbi
#define shmem_ulonglong_p shmemi_ulonglong_p
#define shmem_ulonglong_g shmemi_ulonglong_g
#define shmem_int8_put shmemi_int8_put
#define shmem_int8_put_nbi shmemi_int8_put_nbi
#define shmem_int8_get shmemi_int8_get
#define shmem_int8_get_nbi shmemi_int8_get_nbi
#define shmem_int8_p shmemi_int8_p
#define shmem_int8_g shmemi_int8_g
#define shmem_int16_put shmemi_int16_put
#define shmem_int16_put_nbi shmemi_int16_put_nbi
#define shmem_int16_get shmemi_int16_get
#define shmem_int16_get_nbi shmemi_int16_get_nbi
#define shmem_int16_p shmemi_int16_p
#define shmem_int16_g shmemi_int16_g
#define shmem_int32_put shmemi_int32_put
#define shmem_int32_put_nbi shmemi_int32_put_nbi
#define shmem_int32_get shmemi_int32_get
#define shmem_int32_get_nbi shmemi_int32_get_nbi
#define shmem_int32_p shmemi_int32_p
#define shmem_int32_g shmemi_int32_g
#define shmem_int64_put shmemi_int64_put
#define shmem_int64_put_nbi shmemi_int64_put_nbi
#define shmem_int64_get shmemi_int64_get
#define shmem_int64_get_nbi shmemi_int64_get_nbi
#define shmem_int64_p shmemi_int64_p
#define shmem_int64_g shmemi_int64_g
#define shmem_uint8_put shmemi_uint8_put
#define shmem_uint8_put_nbi shmemi_uint8_put_nbi
#define shmem_uint8_get shmemi_uint8_get
#define shmem_uint8_get_nbi shmemi_uint8_get_nbi
#define shmem_uint8_p shmemi_uint8_p
#define shmem_uint8_g shmemi_uint8_g
#define shmem_uint16_put shmemi_uint16_put
#define shmem_uint16_put_nbi shmemi_uint16_put_nbi
#define shmem_uint16_get shmemi_uint16_get
#define shmem_uint16_get_nbi shmemi_uint16_get_nbi
#define shmem_uint16_p shmemi_uint16_p
#define shmem_uint16_g shmemi_uint16_g
#define shmem_uint32_put shmemi_uint32_put
#define shmem_uint32_put_nbi shmemi_uint32_put_nbi
#define shmem_uint32_get shmemi_uint32_get
#define shmem_uint32_get_nbi shmemi_uint32_get_nbi
#define shmem_uint32_p shmemi_uint32_p
#define shmem_uint32_g shmemi_uint32_g
#define shmem_uint64_put shmemi_uint64_put
#define shmem_uint64_put_nbi shmemi_uint64_put_nbi
#define shmem_uint64_get shmemi_uint64_get
#define shmem_uint64_get_nbi shmemi_uint64_get_nbi
#define shmem_uint64_p shmemi_uint64_p
#define shmem_uint64_g shmemi_uint64_g
#define shmem_size_put shmemi_size_put
#define shmem_size_put_nbi shmemi_size_put_nbi
#define shmem_size_get shmemi_size_get
#define shmem_size_get_nbi shmemi_size_get_nbi
#define shmem_size_p shmemi_size_p
#define shmem_size_g shmemi_size_g
#define shmem_ptrdiff_put shmemi_ptrdiff_put
#define shmem_ptrdiff_put_nbi shmemi_ptrdiff_put_nbi
#define shmem_ptrdiff_get shmemi_ptrdiff_get
#define shmem_ptrdiff_get_nbi shmemi_ptrdiff_get_nbi
#define shmem_ptrdiff_p shmemi_ptrdiff_p
#define shmem_ptrdiff_g shmemi_ptrdiff_g
#define shmem_int_atomic_fetch shmemi_int_atomic_fetch
#define shmem_int_atomic_set shmemi_int_atomic_set
#define shmem_int_atomic_swap shmemi_int_atomic_swap
#define shmem_int_atomic_compare_swap shmemi_int_atomic_compare_swap
#define shmem_int_atomic_fetch_inc shmemi_int_atomic_fetch_inc
#define shmem_int_atomic_inc shmemi_int_atomic_inc
#define shmem_int_atomic_fetch_add shmemi_int_atomic_fetch_add
#define shmem_int_atomic_add shmemi_int_atomic_add
#define shmem_long_atomic_fetch shmemi_long_atomic_fetch
#define shmem_long_atomic_set shmemi_long_atomic_set
#define shmem_long_atomic_swap shmemi_long_atomic_swap
#define shmem_long_atomic_compare_swap shmemi_long_atomic_compare_swap
#define shmem_long_atomic_fetch_inc shmemi_long_atomic_fetch_inc
#define shmem_long_atomic_inc shmemi_long_atomic_inc
#define shmem_long_atomic_fetch_add shmemi_long_atomic_fetch_add
#define shmem_long_atomic_add shmemi_long_atomic_add
#define shmem_longlong_atomic_fetch shmemi_longlong_atomic_fetch
#define shmem_longlong_atomic_set shmemi_longlong_atomic_set
#define shmem_longlong_atomic_swap shmemi_longlong_atomic_swap
#define shmem_longlong_atomic_compare_swap shmemi_longlong_atomic_compare_swap
#define shmem_longlong_atomic_fetch_inc shmemi_longlong_atomic_fetch_inc
#define shmem_longlong_atomic_inc shmemi_longlong_atomic_inc
#define shmem_longlong_atomic_fetch_add shmemi_longlong_atomic_fetch_add
#define shmem_longlong_atomic_add shmemi_longlong_atomic_add
#define shmem_uint_atomic_fetch shmemi_uint_atomic_fetch
#define shmem_uint_atomic_set shmemi_uint_atomic_set
#define shmem_uint_atomic_swap shmemi_uint_atomic_swap
#define shmem_uint_atomic_compare_swap shmemi_uint_atomic_compare_swap
#define shmem_uint_atomic_fetch_inc shmemi_uint_atomic_fetch_inc
#define shmem_uint_atomic_inc shmemi_uint_atomic_inc
#define shmem_uint_atomic_fetch_add shmemi_uint_atomic_fetch_add
#define shmem_uint_atomic_add shmemi_uint_atomic_add
#define shmem_ulong_atomic_fetch shmemi_ulong_atomic_fetch
#define shmem_ulong_atomic_set shmemi_ulong_atomic_set
#define shmem_ulong_atomic_swap shmemi_ulong_atomic_swap
#define shmem_ulong_atomic_compare_swap shmemi_ulong_atomic_compare_swap
#define shmem_ulong_atomic_fetch_inc shmemi_ulong_atomic_fetch_inc
#define shmem_ulong_atomic_inc shmemi_ulong_atomic_inc
#define shmem_ulong_atomic_fetch_add shmemi_ulong_atomic_fetch_add
#define shmem_ulong_atomic_add shmemi_ulong_atomic_add
#define shmem_ulonglong_atomic_fetch shmemi_ulonglong_atomic_fetch
#define shmem_ulonglong_atomic_set shmemi_ulonglong_atomic_set
#define shmem_ulonglong_atomic_swap shmemi_ulonglong_atomic_swap
#define shmem_ulonglong_atomic_compare_swap shmemi_ulonglong_atomic_compare_swap
#define shmem_ulonglong_atomic_fetch_inc shmemi_ulonglong_atomic_fetch_inc
#define shmem_ulonglong_atomic_inc shmemi_ulonglong_atomic_inc
#define shmem_ulonglong_atomic_fetch_add shmemi_ulonglong_atomic_fetch_add
#define shmem_ulonglong_atomic_add shmemi_ulonglong_atomic_add
#define shmem_int32_atomic_fetch shmemi_int32_atomic_fetch
#define shmem_int32_atomic_set shmemi_int32_atomic_set
#define shmem_int32_atomic_swap shmemi_int32_atomic_swap
#define shmem_int32_atomic_compare_swap shmemi_int32_atomic_compare_swap
#define shmem_int32_atomic_fetch_inc shmemi_int32_atomic_fetch_inc
#define shmem_int32_atomic_inc shmemi_int32_atomic_inc
#define shmem_int32_atomic_fetch_add shmemi_int32_atomic_fetch_add
#define shmem_int32_atomic_add shmemi_int32_atomic_add
#define shmem_int64_atomic_fetch shmemi_int64_atomic_fetch
#define shmem_int64_atomic_set shmemi_int64_atomic_set
#define shmem_int64_atomic_swap shmemi_int64_atomic_swap
#define shmem_int64_atomic_compare_swap shmemi_int64_atomic_compare_swap
#define shmem_int64_atomic_fetch_inc shmemi_int64_atomic_fetch_inc
#define shmem_int64_atomic_inc shmemi_int64_atomic_inc
#define shmem_int64_atomic_fetch_add shmemi_int64_atomic_fetch_add
#define shmem_int64_atomic_add shmemi_int64_atomic_add
#define shmem_uint32_atomic_fetch shmemi_uint32_atomic_fetch
#define shmem_uint32_atomic_set shmemi_uint32_atomic_set
#define shmem_uint32_atomic_swap shmemi_uint32_atomic_swap
#define shmem_uint32_atomic_compare_swap shmemi_uint32_atomic_compare_swap
#define shmem_uint32_atomic_fetch_inc shmemi_uint32_atomic_fetch_inc
#define shmem_uint32_atomic_inc shmemi_uint32_atomic_inc
#define shmem_uint32_atomic_fetch_add shmemi_uint32_atomic_fetch_add
#define shmem_uint32_atomic_add shmemi_uint32_atomic_add
#define shmem_uint64_atomic_fetch shmemi_uint64_atomic_fetch
#define shmem_uint64_atomic_set shmemi_uint64_atomic_set
#define shmem_uint64_atomic_swap shmemi_uint64_atomic_swap
#define shmem_uint64_atomic_compare_swap shmemi_uint64_atomic_compare_swap
#define shmem_uint64_atomic_fetch_inc shmemi_uint64_atomic_fetch_inc
#define shmem_uint64_atomic_inc shmemi_uint64_atomic_inc
#define shmem_uint64_atomic_fetch_add shmemi_uint64_atomic_fetch_add
#define shmem_uint64_atomic_add shmemi_uint64_atomic_add
#define shmem_size_atomic_fetch shmemi_size_atomic_fetch
#define shmem_size_atomic_set shmemi_size_atomic_set
#define shmem_size_atomic_swap shmemi_size_atomic_swap
#define shmem_size_atomic_compare_swap shmemi_size_atomic_compare_swap
#define shmem_size_atomic_fetch_inc shmemi_size_atomic_fetch_inc
#define shmem_size_atomic_inc shmemi_size_atomic_inc
#define shmem_size_atomic_fetch_add shmemi_size_atomic_fetch_add
#define shmem_size_atomic_add shmemi_size_atomic_add
#define shmem_ptrdiff_atomic_fetch shmemi_ptrdiff_atomic_fetch
#define shmem_ptrdiff_atomic_set shmemi_ptrdiff_atomic_set
#define shmem_ptrdiff_atomic_swap shmemi_ptrdiff_atomic_swap
#define shmem_ptrdiff_atomic_compare_swap shmemi_ptrdiff_atomic_compare_swap
#define shmem_ptrdiff_atomic_fetch_inc shmemi_ptrdiff_atomic_fetch_inc
#define shmem_ptrdiff_atomic_inc shmemi_ptrdiff_atomic_inc
#define shmem_ptrdiff_atomic_fetch_add shmemi_ptrdiff_atomic_fetch_add
#define shmem_ptrdiff_atomic_add shmemi_ptrdiff_atomic_add
#define shmem_float_atomic_fetch shmemi_float_atomic_fetch
#define shmem_float_atomic_set shmemi_float_atomic_set
#define shmem_float_atomic_swap shmemi_float_atomic_swap
#define shmem_double_atomic_fetch shmemi_double_atomic_fetch
#define shmem_double_atomic_set shmemi_double_atomic_set
#define shmem_double_atomic_swap shmemi_double_atomic_swap
#define shmem_uint_atomic_fetch_and shmemi_uint_atomic_fetch_and
#define shmem_uint_atomic_and shmemi_uint_atomic_and
#define shmem_uint_atomic_fetch_or shmemi_uint_atomic_fetch_or
#define shmem_uint_atomic_or shmemi_uint_atomic_or
#define shmem_uint_atomic_fetch_xor shmemi_uint_atomic_fetch_xor
#define shmem_uint_atomic_xor shmemi_uint_atomic_xor
#define shmem_ulong_atomic_fetch_and shmemi_ulong_atomic_fetch_and
#define shmem_ulong_atomic_and shmemi_ulong_atomic_and
#define shmem_ulong_atomic_fetch_or shmemi_ulong_atomic_fetch_or
#define shmem_ulong_atomic_or shmemi_ulong_atomic_or
#define shmem_ulong_atomic_fetch_xor shmemi_ulong_atomic_fetch_xor
#define shmem_ulong_atomic_xor shmemi_ulong_atomic_xor
#define shmem_ulonglong_atomic_fetch_and shmemi_ulonglong_atomic_fetch_and
#define shmem_ulonglong_atomic_and shmemi_ulonglong_atomic_and
#define shmem_ulonglong_atomic_fetch_or shmemi_ulonglong_atomic_fetch_or
#define shmem_ulonglong_atomic_or shmemi_ulonglong_atomic_or
#define shmem_ulonglong_atomic_fetch_xor shmemi_ulonglong_atomic_fetch_xor
#define shmem_ulonglong_atomic_xor shmemi_ulonglong_atomic_xor
#define shmem_int32_atomic_fetch_and shmemi_int32_atomic_fetch_and
#define shmem_int32_atomic_and shmemi_int32_atomic_and
#define shmem_int32_atomic_fetch_or shmemi_int32_atomic_fetch_or
#define shmem_int32_atomic_or shmemi_int32_atomic_or
#define shmem_int32_atomic_fetch_xor shmemi_int32_atomic_fetch_xor
#define shmem_int32_atomic_xor shmemi_int32_atomic_xor
#define shmem_int64_atomic_fetch_and shmemi_int64_atomic_fetch_and
#define shmem_int64_atomic_and shmemi_int64_atomic_and
#define shmem_int64_atomic_fetch_or shmemi_int64_atomic_fetch_or
#define shmem_int64_atomic_or shmemi_int64_atomic_or
#define shmem_int64_atomic_fetch_xor shmemi_int64_atomic_fetch_xor
#define shmem_int64_atomic_xor shmemi_int64_atomic_xor
#define shmem_uint32_atomic_fetch_and shmemi_uint32_atomic_fetch_and
#define shmem_uint32_atomic_and shmemi_uint32_atomic_and
#define shmem_uint32_atomic_fetch_or shmemi_uint32_atomic_fetch_or
#define shmem_uint32_atomic_or shmemi_uint32_atomic_or
#define shmem_uint32_atomic_fetch_xor shmemi_uint32_atomic_fetch_xor
#define shmem_uint32_atomic_xor shmemi_uint32_atomic_xor
#define shmem_uint64_atomic_fetch_and shmemi_uint64_atomic_fetch_and
#define shmem_uint64_atomic_and shmemi_uint64_atomic_and
#define shmem_uint64_atomic_fetch_or shmemi_uint64_atomic_fetch_or
#define shmem_uint64_atomic_or shmemi_uint64_atomic_or
#define shmem_uint64_atomic_fetch_xor shmemi_uint64_atomic_fetch_xor
#define shmem_uint64_atomic_xor shmemi_uint64_atomic_xor

#endif /* inline fast paths */

#ifdef __cplusplus
}
#endif

#endif /* SHMEM_H */
