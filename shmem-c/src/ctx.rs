//! Communication contexts (OpenSHMEM 1.5 §9.5): `shmem_ctx_create`, `shmem_team_create_ctx`,
//! `shmem_ctx_destroy`, `shmem_ctx_get_team`, `shmem_ctx_fence`, `shmem_ctx_quiet`, and the
//! `shmem_ctx_*` form of every RMA, AMO and put-with-signal call; from OpenSHMEM 1.6,
//! `shmem_ctx_pe_quiet`, the block-strided `shmem_ctx_*_ibput`/`_ibget`,
//! `shmem_ctx_signal_add`/`_set`, and sessions (`shmem_ctx_session_start`/`_stop`).
//!
//! A context is an ordering and completion domain. On this transport every operation is
//! performed when it is issued, so one context's `fence`/`quiet` are the PE's (a superset:
//! they also order and complete other contexts' operations, which the specification allows).
//! A `shmem_ctx_t` is a handle number, never dereferenced: 0 is `SHMEM_CTX_INVALID`, 1
//! `SHMEM_CTX_DEFAULT`, created contexts count up from 2; an operation on a handle that is not
//! a live context ends the job with a message. At most `MAX_CTXS` (1024) contexts live at
//! once; `shmem_ctx_create` returns nonzero beyond.
//!
//! The `shmem_ctx_*` forms of the one-sided calls, `shmem_ctx_fence`/`quiet` and the session
//! calls take no lock at `SHMEM_THREAD_MULTIPLE`: the handle is checked in the context table
//! (atomics), then the call is the one-sided call itself (`crate::state`). Creating and
//! destroying contexts hold the state's lock.

use std::ffi::{c_int, c_long, c_void};

use crate::amo::*;
use crate::blocked::*;
use crate::rma::*;
use crate::signal::*;
use crate::state::{State, fail, st, st_unlocked};
use crate::sync::shmem_pe_quiet;

/// `SHMEM_CTX_DEFAULT`.
const DEFAULT: usize = 1;

/// Checks that `ctx` is a live context of this PE; the team it was made on.
#[inline(always)]
fn check_ctx(s: &State, call: &str, ctx: *const c_void) -> usize {
    match ctx as usize {
        DEFAULT => 1,
        c => match s.ctxs.team(c) {
            Some(team) => team,
            None => fail(
                call,
                format_args!(
                    "context {ctx:p} is not a context of this PE (destroyed, or never made)"
                ),
            ),
        },
    }
}

/// Makes a context on `team` and writes its handle to `*out`.
///
/// # Safety
/// `out` is valid for writing a `shmem_ctx_t`.
unsafe fn create(call: &str, team: *const c_void, out: *mut *mut c_void) -> c_int {
    let s = &st(call);
    if out.is_null() {
        fail(call, format_args!("ctx is NULL"));
    }
    let _ = crate::team::resolve(s, call, team);
    // Under the state's lock (`st`): no other thread claims at the same time.
    let handle = s.ctxs.claim(team as usize);
    // SAFETY: non-null and writable (caller).
    unsafe { out.write(handle.unwrap_or(0) as *mut c_void) };
    c_int::from(handle.is_none())
}

/// `shmem_ctx_create` (§9.5.1): a context on `SHMEM_TEAM_WORLD`; `options`
/// (`SHMEM_CTX_SERIALIZED`, `_PRIVATE`, `_NOSTORE`) are hints. Returns 0, or nonzero (and
/// `SHMEM_CTX_INVALID`) when this PE has `MAX_CTXS` contexts already.
///
/// # Safety
/// `ctx` is valid for writing a `shmem_ctx_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_create(options: c_long, ctx: *mut *mut c_void) -> c_int {
    let _ = options;
    // SAFETY: forwarded contract.
    unsafe { create("shmem_ctx_create", std::ptr::without_provenance(1), ctx) }
}

/// `shmem_team_create_ctx` (§9.4.11): a context on `team`. Returns 0, or nonzero (and
/// `SHMEM_CTX_INVALID`) for `SHMEM_TEAM_INVALID`.
///
/// # Safety
/// `ctx` is valid for writing a `shmem_ctx_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_create_ctx(
    team: *const c_void,
    options: c_long,
    ctx: *mut *mut c_void,
) -> c_int {
    let _ = options;
    if team.is_null() {
        let _ = st("shmem_team_create_ctx");
        if !ctx.is_null() {
            // SAFETY: non-null and writable (caller).
            unsafe { ctx.write(std::ptr::null_mut()) };
        }
        return 1;
    }
    // SAFETY: forwarded contract.
    unsafe { create("shmem_team_create_ctx", team, ctx) }
}

/// `shmem_ctx_destroy` (§9.5.2): completes the context's operations (quiet) and ends it.
/// `SHMEM_CTX_DEFAULT` cannot be destroyed.
///
/// # Safety
/// None beyond the crate's contract: `ctx` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_destroy(ctx: *mut c_void) {
    let call = "shmem_ctx_destroy";
    let s = &st(call);
    if ctx as usize == DEFAULT {
        fail(call, format_args!("SHMEM_CTX_DEFAULT cannot be destroyed"));
    }
    check_ctx(s, call, ctx);
    crate::sync::quiet(s);
    s.ctxs.release(ctx as usize);
}

/// `shmem_ctx_get_team` (§9.5.3): the team the context was made on. Returns 0, or nonzero
/// (and `SHMEM_TEAM_INVALID`) for `SHMEM_CTX_INVALID`.
///
/// # Safety
/// `team` is valid for writing a `shmem_team_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_get_team(ctx: *const c_void, team: *mut *mut c_void) -> c_int {
    let call = "shmem_ctx_get_team";
    let s = st_unlocked(call);
    if team.is_null() {
        fail(call, format_args!("team is NULL"));
    }
    let t = if ctx.is_null() {
        0
    } else {
        check_ctx(s, call, ctx)
    };
    // SAFETY: non-null and writable (caller).
    unsafe { team.write(t as *mut c_void) };
    c_int::from(t == 0)
}

/// `shmem_ctx_fence` (§9.9.1): orders the context's puts and AMOs to each PE.
///
/// # Safety
/// None beyond the crate's contract: `ctx` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_fence(ctx: *const c_void) {
    let s = st_unlocked("shmem_ctx_fence");
    check_ctx(s, "shmem_ctx_fence", ctx);
    crate::sync::fence(s);
}

/// `shmem_ctx_quiet` (§9.9.2): completes the context's operations.
///
/// # Safety
/// None beyond the crate's contract: `ctx` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_quiet(ctx: *const c_void) {
    let s = st_unlocked("shmem_ctx_quiet");
    check_ctx(s, "shmem_ctx_quiet", ctx);
    crate::sync::quiet(s);
}

/// The `shmem_ctx_*` form of a call: checks the context, then the call itself.
macro_rules! ctx_fn {
    ($name:ident, $base:ident, ($($arg:ident: $t:ty),*) $(-> $r:ty)?) => {
        #[doc = concat!("`", stringify!($name), "`: [`", stringify!($base), "`] on the context `ctx`.")]
        ///
        /// # Safety
        #[doc = concat!("As [`", stringify!($base), "`]; `ctx` is a handle, never dereferenced.")]
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(ctx: *const c_void, $($arg: $t),*) $(-> $r)? {
            check_ctx(st_unlocked(stringify!($name)), stringify!($name), ctx);
            // SAFETY: forwarded contract.
            unsafe { $base($($arg),*) }
        }
    };
}

ctx_fn!(shmem_ctx_putmem, shmem_putmem, (dest: *mut c_void, source: *const c_void, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_getmem, shmem_getmem, (dest: *mut c_void, source: *const c_void, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_putmem_nbi, shmem_putmem_nbi, (dest: *mut c_void, source: *const c_void, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_getmem_nbi, shmem_getmem_nbi, (dest: *mut c_void, source: *const c_void, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_put, shmem_float_put, (dest: *mut f32, source: *const f32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_get, shmem_float_get, (dest: *mut f32, source: *const f32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_put_nbi, shmem_float_put_nbi, (dest: *mut f32, source: *const f32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_get_nbi, shmem_float_get_nbi, (dest: *mut f32, source: *const f32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_iput, shmem_float_iput, (dest: *mut f32, source: *const f32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_iget, shmem_float_iget, (dest: *mut f32, source: *const f32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_p, shmem_float_p, (dest: *mut f32, value: f32, pe: c_int));
ctx_fn!(shmem_ctx_float_g, shmem_float_g, (source: *const f32, pe: c_int) -> f32);
ctx_fn!(shmem_ctx_double_put, shmem_double_put, (dest: *mut f64, source: *const f64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_get, shmem_double_get, (dest: *mut f64, source: *const f64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_put_nbi, shmem_double_put_nbi, (dest: *mut f64, source: *const f64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_get_nbi, shmem_double_get_nbi, (dest: *mut f64, source: *const f64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_iput, shmem_double_iput, (dest: *mut f64, source: *const f64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_iget, shmem_double_iget, (dest: *mut f64, source: *const f64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_p, shmem_double_p, (dest: *mut f64, value: f64, pe: c_int));
ctx_fn!(shmem_ctx_double_g, shmem_double_g, (source: *const f64, pe: c_int) -> f64);
ctx_fn!(shmem_ctx_longdouble_put, shmem_longdouble_put, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_get, shmem_longdouble_get, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_put_nbi, shmem_longdouble_put_nbi, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_get_nbi, shmem_longdouble_get_nbi, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_iput, shmem_longdouble_iput, (dest: *mut LongDouble, source: *const LongDouble, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_iget, shmem_longdouble_iget, (dest: *mut LongDouble, source: *const LongDouble, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_put, shmem_char_put, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_get, shmem_char_get, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_put_nbi, shmem_char_put_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_get_nbi, shmem_char_get_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_iput, shmem_char_iput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_iget, shmem_char_iget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_p, shmem_char_p, (dest: *mut i8, value: i8, pe: c_int));
ctx_fn!(shmem_ctx_char_g, shmem_char_g, (source: *const i8, pe: c_int) -> i8);
ctx_fn!(shmem_ctx_schar_put, shmem_schar_put, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_get, shmem_schar_get, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_put_nbi, shmem_schar_put_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_get_nbi, shmem_schar_get_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_iput, shmem_schar_iput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_iget, shmem_schar_iget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_p, shmem_schar_p, (dest: *mut i8, value: i8, pe: c_int));
ctx_fn!(shmem_ctx_schar_g, shmem_schar_g, (source: *const i8, pe: c_int) -> i8);
ctx_fn!(shmem_ctx_short_put, shmem_short_put, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_get, shmem_short_get, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_put_nbi, shmem_short_put_nbi, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_get_nbi, shmem_short_get_nbi, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_iput, shmem_short_iput, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_iget, shmem_short_iget, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_p, shmem_short_p, (dest: *mut i16, value: i16, pe: c_int));
ctx_fn!(shmem_ctx_short_g, shmem_short_g, (source: *const i16, pe: c_int) -> i16);
ctx_fn!(shmem_ctx_int_put, shmem_int_put, (dest: *mut c_int, source: *const c_int, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_get, shmem_int_get, (dest: *mut c_int, source: *const c_int, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_put_nbi, shmem_int_put_nbi, (dest: *mut c_int, source: *const c_int, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_get_nbi, shmem_int_get_nbi, (dest: *mut c_int, source: *const c_int, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_iput, shmem_int_iput, (dest: *mut c_int, source: *const c_int, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_iget, shmem_int_iget, (dest: *mut c_int, source: *const c_int, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_p, shmem_int_p, (dest: *mut c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_g, shmem_int_g, (source: *const c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_long_put, shmem_long_put, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_get, shmem_long_get, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_put_nbi, shmem_long_put_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_get_nbi, shmem_long_get_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_iput, shmem_long_iput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_iget, shmem_long_iget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_p, shmem_long_p, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_long_g, shmem_long_g, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_put, shmem_longlong_put, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_get, shmem_longlong_get, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_put_nbi, shmem_longlong_put_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_get_nbi, shmem_longlong_get_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_iput, shmem_longlong_iput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_iget, shmem_longlong_iget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_p, shmem_longlong_p, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_g, shmem_longlong_g, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_uchar_put, shmem_uchar_put, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_get, shmem_uchar_get, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_put_nbi, shmem_uchar_put_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_get_nbi, shmem_uchar_get_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_iput, shmem_uchar_iput, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_iget, shmem_uchar_iget, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_p, shmem_uchar_p, (dest: *mut u8, value: u8, pe: c_int));
ctx_fn!(shmem_ctx_uchar_g, shmem_uchar_g, (source: *const u8, pe: c_int) -> u8);
ctx_fn!(shmem_ctx_ushort_put, shmem_ushort_put, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_get, shmem_ushort_get, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_put_nbi, shmem_ushort_put_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_get_nbi, shmem_ushort_get_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_iput, shmem_ushort_iput, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_iget, shmem_ushort_iget, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_p, shmem_ushort_p, (dest: *mut u16, value: u16, pe: c_int));
ctx_fn!(shmem_ctx_ushort_g, shmem_ushort_g, (source: *const u16, pe: c_int) -> u16);
ctx_fn!(shmem_ctx_uint_put, shmem_uint_put, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_get, shmem_uint_get, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_put_nbi, shmem_uint_put_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_get_nbi, shmem_uint_get_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_iput, shmem_uint_iput, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_iget, shmem_uint_iget, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_p, shmem_uint_p, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_g, shmem_uint_g, (source: *const u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_ulong_put, shmem_ulong_put, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_get, shmem_ulong_get, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_put_nbi, shmem_ulong_put_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_get_nbi, shmem_ulong_get_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_iput, shmem_ulong_iput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_iget, shmem_ulong_iget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_p, shmem_ulong_p, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_g, shmem_ulong_g, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_put, shmem_ulonglong_put, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_get, shmem_ulonglong_get, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_put_nbi, shmem_ulonglong_put_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_get_nbi, shmem_ulonglong_get_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_iput, shmem_ulonglong_iput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_iget, shmem_ulonglong_iget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_p, shmem_ulonglong_p, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_g, shmem_ulonglong_g, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_int8_put, shmem_int8_put, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_get, shmem_int8_get, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_put_nbi, shmem_int8_put_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_get_nbi, shmem_int8_get_nbi, (dest: *mut i8, source: *const i8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_iput, shmem_int8_iput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_iget, shmem_int8_iget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_p, shmem_int8_p, (dest: *mut i8, value: i8, pe: c_int));
ctx_fn!(shmem_ctx_int8_g, shmem_int8_g, (source: *const i8, pe: c_int) -> i8);
ctx_fn!(shmem_ctx_int16_put, shmem_int16_put, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_get, shmem_int16_get, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_put_nbi, shmem_int16_put_nbi, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_get_nbi, shmem_int16_get_nbi, (dest: *mut i16, source: *const i16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_iput, shmem_int16_iput, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_iget, shmem_int16_iget, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_p, shmem_int16_p, (dest: *mut i16, value: i16, pe: c_int));
ctx_fn!(shmem_ctx_int16_g, shmem_int16_g, (source: *const i16, pe: c_int) -> i16);
ctx_fn!(shmem_ctx_int32_put, shmem_int32_put, (dest: *mut i32, source: *const i32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_get, shmem_int32_get, (dest: *mut i32, source: *const i32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_put_nbi, shmem_int32_put_nbi, (dest: *mut i32, source: *const i32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_get_nbi, shmem_int32_get_nbi, (dest: *mut i32, source: *const i32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_iput, shmem_int32_iput, (dest: *mut i32, source: *const i32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_iget, shmem_int32_iget, (dest: *mut i32, source: *const i32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_p, shmem_int32_p, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_g, shmem_int32_g, (source: *const i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int64_put, shmem_int64_put, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_get, shmem_int64_get, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_put_nbi, shmem_int64_put_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_get_nbi, shmem_int64_get_nbi, (dest: *mut i64, source: *const i64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_iput, shmem_int64_iput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_iget, shmem_int64_iget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_p, shmem_int64_p, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_g, shmem_int64_g, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_uint8_put, shmem_uint8_put, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_get, shmem_uint8_get, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_put_nbi, shmem_uint8_put_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_get_nbi, shmem_uint8_get_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_iput, shmem_uint8_iput, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_iget, shmem_uint8_iget, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_p, shmem_uint8_p, (dest: *mut u8, value: u8, pe: c_int));
ctx_fn!(shmem_ctx_uint8_g, shmem_uint8_g, (source: *const u8, pe: c_int) -> u8);
ctx_fn!(shmem_ctx_uint16_put, shmem_uint16_put, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_get, shmem_uint16_get, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_put_nbi, shmem_uint16_put_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_get_nbi, shmem_uint16_get_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_iput, shmem_uint16_iput, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_iget, shmem_uint16_iget, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_p, shmem_uint16_p, (dest: *mut u16, value: u16, pe: c_int));
ctx_fn!(shmem_ctx_uint16_g, shmem_uint16_g, (source: *const u16, pe: c_int) -> u16);
ctx_fn!(shmem_ctx_uint32_put, shmem_uint32_put, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_get, shmem_uint32_get, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_put_nbi, shmem_uint32_put_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_get_nbi, shmem_uint32_get_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_iput, shmem_uint32_iput, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_iget, shmem_uint32_iget, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_p, shmem_uint32_p, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_g, shmem_uint32_g, (source: *const u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint64_put, shmem_uint64_put, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_get, shmem_uint64_get, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_put_nbi, shmem_uint64_put_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_get_nbi, shmem_uint64_get_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_iput, shmem_uint64_iput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_iget, shmem_uint64_iget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_p, shmem_uint64_p, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_g, shmem_uint64_g, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_size_put, shmem_size_put, (dest: *mut usize, source: *const usize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_get, shmem_size_get, (dest: *mut usize, source: *const usize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_put_nbi, shmem_size_put_nbi, (dest: *mut usize, source: *const usize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_get_nbi, shmem_size_get_nbi, (dest: *mut usize, source: *const usize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_iput, shmem_size_iput, (dest: *mut usize, source: *const usize, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_iget, shmem_size_iget, (dest: *mut usize, source: *const usize, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_p, shmem_size_p, (dest: *mut usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_g, shmem_size_g, (source: *const usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_ptrdiff_put, shmem_ptrdiff_put, (dest: *mut isize, source: *const isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_get, shmem_ptrdiff_get, (dest: *mut isize, source: *const isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_put_nbi, shmem_ptrdiff_put_nbi, (dest: *mut isize, source: *const isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_get_nbi, shmem_ptrdiff_get_nbi, (dest: *mut isize, source: *const isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_iput, shmem_ptrdiff_iput, (dest: *mut isize, source: *const isize, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_iget, shmem_ptrdiff_iget, (dest: *mut isize, source: *const isize, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_p, shmem_ptrdiff_p, (dest: *mut isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_g, shmem_ptrdiff_g, (source: *const isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_put8, shmem_put8, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get8, shmem_get8, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put8_nbi, shmem_put8_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get8_nbi, shmem_get8_nbi, (dest: *mut u8, source: *const u8, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iput8, shmem_iput8, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iget8, shmem_iget8, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put16, shmem_put16, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get16, shmem_get16, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put16_nbi, shmem_put16_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get16_nbi, shmem_get16_nbi, (dest: *mut u16, source: *const u16, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iput16, shmem_iput16, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iget16, shmem_iget16, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put32, shmem_put32, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get32, shmem_get32, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put32_nbi, shmem_put32_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get32_nbi, shmem_get32_nbi, (dest: *mut u32, source: *const u32, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iput32, shmem_iput32, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iget32, shmem_iget32, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put64, shmem_put64, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get64, shmem_get64, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put64_nbi, shmem_put64_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get64_nbi, shmem_get64_nbi, (dest: *mut u64, source: *const u64, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iput64, shmem_iput64, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iget64, shmem_iget64, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put128, shmem_put128, (dest: *mut u128, source: *const u128, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get128, shmem_get128, (dest: *mut u128, source: *const u128, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_put128_nbi, shmem_put128_nbi, (dest: *mut u128, source: *const u128, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_get128_nbi, shmem_get128_nbi, (dest: *mut u128, source: *const u128, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iput128, shmem_iput128, (dest: *mut u128, source: *const u128, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_iget128, shmem_iget128, (dest: *mut u128, source: *const u128, dst: isize, sst: isize, nelems: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_fetch_inc, shmem_int_atomic_fetch_inc, (dest: *mut c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_int_atomic_inc, shmem_int_atomic_inc, (dest: *mut c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_fetch_add, shmem_int_atomic_fetch_add, (dest: *mut c_int, value: c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_int_atomic_add, shmem_int_atomic_add, (dest: *mut c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_compare_swap, shmem_int_atomic_compare_swap, (dest: *mut c_int, cond: c_int, value: c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_int_atomic_fetch_inc_nbi, shmem_int_atomic_fetch_inc_nbi, (fetch: *mut c_int, dest: *mut c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_fetch_add_nbi, shmem_int_atomic_fetch_add_nbi, (fetch: *mut c_int, dest: *mut c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_compare_swap_nbi, shmem_int_atomic_compare_swap_nbi, (fetch: *mut c_int, dest: *mut c_int, cond: c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_fetch_inc, shmem_long_atomic_fetch_inc, (dest: *mut i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_long_atomic_inc, shmem_long_atomic_inc, (dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_fetch_add, shmem_long_atomic_fetch_add, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_long_atomic_add, shmem_long_atomic_add, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_compare_swap, shmem_long_atomic_compare_swap, (dest: *mut i64, cond: i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_long_atomic_fetch_inc_nbi, shmem_long_atomic_fetch_inc_nbi, (fetch: *mut i64, dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_fetch_add_nbi, shmem_long_atomic_fetch_add_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_compare_swap_nbi, shmem_long_atomic_compare_swap_nbi, (fetch: *mut i64, dest: *mut i64, cond: i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_fetch_inc, shmem_longlong_atomic_fetch_inc, (dest: *mut i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_atomic_inc, shmem_longlong_atomic_inc, (dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_fetch_add, shmem_longlong_atomic_fetch_add, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_atomic_add, shmem_longlong_atomic_add, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_compare_swap, shmem_longlong_atomic_compare_swap, (dest: *mut i64, cond: i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_atomic_fetch_inc_nbi, shmem_longlong_atomic_fetch_inc_nbi, (fetch: *mut i64, dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_fetch_add_nbi, shmem_longlong_atomic_fetch_add_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_compare_swap_nbi, shmem_longlong_atomic_compare_swap_nbi, (fetch: *mut i64, dest: *mut i64, cond: i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_inc, shmem_uint_atomic_fetch_inc, (dest: *mut u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_inc, shmem_uint_atomic_inc, (dest: *mut u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_add, shmem_uint_atomic_fetch_add, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_add, shmem_uint_atomic_add, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_compare_swap, shmem_uint_atomic_compare_swap, (dest: *mut u32, cond: u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_fetch_inc_nbi, shmem_uint_atomic_fetch_inc_nbi, (fetch: *mut u32, dest: *mut u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_add_nbi, shmem_uint_atomic_fetch_add_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_compare_swap_nbi, shmem_uint_atomic_compare_swap_nbi, (fetch: *mut u32, dest: *mut u32, cond: u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_inc, shmem_ulong_atomic_fetch_inc, (dest: *mut u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_inc, shmem_ulong_atomic_inc, (dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_add, shmem_ulong_atomic_fetch_add, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_add, shmem_ulong_atomic_add, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_compare_swap, shmem_ulong_atomic_compare_swap, (dest: *mut u64, cond: u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_fetch_inc_nbi, shmem_ulong_atomic_fetch_inc_nbi, (fetch: *mut u64, dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_add_nbi, shmem_ulong_atomic_fetch_add_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_compare_swap_nbi, shmem_ulong_atomic_compare_swap_nbi, (fetch: *mut u64, dest: *mut u64, cond: u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_inc, shmem_ulonglong_atomic_fetch_inc, (dest: *mut u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_inc, shmem_ulonglong_atomic_inc, (dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_add, shmem_ulonglong_atomic_fetch_add, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_add, shmem_ulonglong_atomic_add, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_compare_swap, shmem_ulonglong_atomic_compare_swap, (dest: *mut u64, cond: u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_inc_nbi, shmem_ulonglong_atomic_fetch_inc_nbi, (fetch: *mut u64, dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_add_nbi, shmem_ulonglong_atomic_fetch_add_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_compare_swap_nbi, shmem_ulonglong_atomic_compare_swap_nbi, (fetch: *mut u64, dest: *mut u64, cond: u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_inc, shmem_int32_atomic_fetch_inc, (dest: *mut i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_inc, shmem_int32_atomic_inc, (dest: *mut i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_add, shmem_int32_atomic_fetch_add, (dest: *mut i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_add, shmem_int32_atomic_add, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_compare_swap, shmem_int32_atomic_compare_swap, (dest: *mut i32, cond: i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_fetch_inc_nbi, shmem_int32_atomic_fetch_inc_nbi, (fetch: *mut i32, dest: *mut i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_add_nbi, shmem_int32_atomic_fetch_add_nbi, (fetch: *mut i32, dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_compare_swap_nbi, shmem_int32_atomic_compare_swap_nbi, (fetch: *mut i32, dest: *mut i32, cond: i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_inc, shmem_int64_atomic_fetch_inc, (dest: *mut i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_inc, shmem_int64_atomic_inc, (dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_add, shmem_int64_atomic_fetch_add, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_add, shmem_int64_atomic_add, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_compare_swap, shmem_int64_atomic_compare_swap, (dest: *mut i64, cond: i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_fetch_inc_nbi, shmem_int64_atomic_fetch_inc_nbi, (fetch: *mut i64, dest: *mut i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_add_nbi, shmem_int64_atomic_fetch_add_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_compare_swap_nbi, shmem_int64_atomic_compare_swap_nbi, (fetch: *mut i64, dest: *mut i64, cond: i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_inc, shmem_uint32_atomic_fetch_inc, (dest: *mut u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_inc, shmem_uint32_atomic_inc, (dest: *mut u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_add, shmem_uint32_atomic_fetch_add, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_add, shmem_uint32_atomic_add, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_compare_swap, shmem_uint32_atomic_compare_swap, (dest: *mut u32, cond: u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_fetch_inc_nbi, shmem_uint32_atomic_fetch_inc_nbi, (fetch: *mut u32, dest: *mut u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_add_nbi, shmem_uint32_atomic_fetch_add_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_compare_swap_nbi, shmem_uint32_atomic_compare_swap_nbi, (fetch: *mut u32, dest: *mut u32, cond: u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_inc, shmem_uint64_atomic_fetch_inc, (dest: *mut u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_inc, shmem_uint64_atomic_inc, (dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_add, shmem_uint64_atomic_fetch_add, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_add, shmem_uint64_atomic_add, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_compare_swap, shmem_uint64_atomic_compare_swap, (dest: *mut u64, cond: u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_fetch_inc_nbi, shmem_uint64_atomic_fetch_inc_nbi, (fetch: *mut u64, dest: *mut u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_add_nbi, shmem_uint64_atomic_fetch_add_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_compare_swap_nbi, shmem_uint64_atomic_compare_swap_nbi, (fetch: *mut u64, dest: *mut u64, cond: u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_fetch_inc, shmem_size_atomic_fetch_inc, (dest: *mut usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_size_atomic_inc, shmem_size_atomic_inc, (dest: *mut usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_fetch_add, shmem_size_atomic_fetch_add, (dest: *mut usize, value: usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_size_atomic_add, shmem_size_atomic_add, (dest: *mut usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_compare_swap, shmem_size_atomic_compare_swap, (dest: *mut usize, cond: usize, value: usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_size_atomic_fetch_inc_nbi, shmem_size_atomic_fetch_inc_nbi, (fetch: *mut usize, dest: *mut usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_fetch_add_nbi, shmem_size_atomic_fetch_add_nbi, (fetch: *mut usize, dest: *mut usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_compare_swap_nbi, shmem_size_atomic_compare_swap_nbi, (fetch: *mut usize, dest: *mut usize, cond: usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch_inc, shmem_ptrdiff_atomic_fetch_inc, (dest: *mut isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_ptrdiff_atomic_inc, shmem_ptrdiff_atomic_inc, (dest: *mut isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch_add, shmem_ptrdiff_atomic_fetch_add, (dest: *mut isize, value: isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_ptrdiff_atomic_add, shmem_ptrdiff_atomic_add, (dest: *mut isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_compare_swap, shmem_ptrdiff_atomic_compare_swap, (dest: *mut isize, cond: isize, value: isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch_inc_nbi, shmem_ptrdiff_atomic_fetch_inc_nbi, (fetch: *mut isize, dest: *mut isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch_add_nbi, shmem_ptrdiff_atomic_fetch_add_nbi, (fetch: *mut isize, dest: *mut isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_compare_swap_nbi, shmem_ptrdiff_atomic_compare_swap_nbi, (fetch: *mut isize, dest: *mut isize, cond: isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_fetch, shmem_int_atomic_fetch, (source: *const c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_int_atomic_set, shmem_int_atomic_set, (dest: *mut c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_swap, shmem_int_atomic_swap, (dest: *mut c_int, value: c_int, pe: c_int) -> c_int);
ctx_fn!(shmem_ctx_int_atomic_fetch_nbi, shmem_int_atomic_fetch_nbi, (fetch: *mut c_int, source: *const c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_atomic_swap_nbi, shmem_int_atomic_swap_nbi, (fetch: *mut c_int, dest: *mut c_int, value: c_int, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_fetch, shmem_long_atomic_fetch, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_long_atomic_set, shmem_long_atomic_set, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_swap, shmem_long_atomic_swap, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_long_atomic_fetch_nbi, shmem_long_atomic_fetch_nbi, (fetch: *mut i64, source: *const i64, pe: c_int));
ctx_fn!(shmem_ctx_long_atomic_swap_nbi, shmem_long_atomic_swap_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_fetch, shmem_longlong_atomic_fetch, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_atomic_set, shmem_longlong_atomic_set, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_swap, shmem_longlong_atomic_swap, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_longlong_atomic_fetch_nbi, shmem_longlong_atomic_fetch_nbi, (fetch: *mut i64, source: *const i64, pe: c_int));
ctx_fn!(shmem_ctx_longlong_atomic_swap_nbi, shmem_longlong_atomic_swap_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch, shmem_uint_atomic_fetch, (source: *const u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_set, shmem_uint_atomic_set, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_swap, shmem_uint_atomic_swap, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_fetch_nbi, shmem_uint_atomic_fetch_nbi, (fetch: *mut u32, source: *const u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_swap_nbi, shmem_uint_atomic_swap_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch, shmem_ulong_atomic_fetch, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_set, shmem_ulong_atomic_set, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_swap, shmem_ulong_atomic_swap, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_fetch_nbi, shmem_ulong_atomic_fetch_nbi, (fetch: *mut u64, source: *const u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_swap_nbi, shmem_ulong_atomic_swap_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch, shmem_ulonglong_atomic_fetch, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_set, shmem_ulonglong_atomic_set, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_swap, shmem_ulonglong_atomic_swap, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_nbi, shmem_ulonglong_atomic_fetch_nbi, (fetch: *mut u64, source: *const u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_swap_nbi, shmem_ulonglong_atomic_swap_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch, shmem_int32_atomic_fetch, (source: *const i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_set, shmem_int32_atomic_set, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_swap, shmem_int32_atomic_swap, (dest: *mut i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_fetch_nbi, shmem_int32_atomic_fetch_nbi, (fetch: *mut i32, source: *const i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_swap_nbi, shmem_int32_atomic_swap_nbi, (fetch: *mut i32, dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch, shmem_int64_atomic_fetch, (source: *const i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_set, shmem_int64_atomic_set, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_swap, shmem_int64_atomic_swap, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_fetch_nbi, shmem_int64_atomic_fetch_nbi, (fetch: *mut i64, source: *const i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_swap_nbi, shmem_int64_atomic_swap_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch, shmem_uint32_atomic_fetch, (source: *const u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_set, shmem_uint32_atomic_set, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_swap, shmem_uint32_atomic_swap, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_fetch_nbi, shmem_uint32_atomic_fetch_nbi, (fetch: *mut u32, source: *const u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_swap_nbi, shmem_uint32_atomic_swap_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch, shmem_uint64_atomic_fetch, (source: *const u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_set, shmem_uint64_atomic_set, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_swap, shmem_uint64_atomic_swap, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_fetch_nbi, shmem_uint64_atomic_fetch_nbi, (fetch: *mut u64, source: *const u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_swap_nbi, shmem_uint64_atomic_swap_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_fetch, shmem_size_atomic_fetch, (source: *const usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_size_atomic_set, shmem_size_atomic_set, (dest: *mut usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_swap, shmem_size_atomic_swap, (dest: *mut usize, value: usize, pe: c_int) -> usize);
ctx_fn!(shmem_ctx_size_atomic_fetch_nbi, shmem_size_atomic_fetch_nbi, (fetch: *mut usize, source: *const usize, pe: c_int));
ctx_fn!(shmem_ctx_size_atomic_swap_nbi, shmem_size_atomic_swap_nbi, (fetch: *mut usize, dest: *mut usize, value: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch, shmem_ptrdiff_atomic_fetch, (source: *const isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_ptrdiff_atomic_set, shmem_ptrdiff_atomic_set, (dest: *mut isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_swap, shmem_ptrdiff_atomic_swap, (dest: *mut isize, value: isize, pe: c_int) -> isize);
ctx_fn!(shmem_ctx_ptrdiff_atomic_fetch_nbi, shmem_ptrdiff_atomic_fetch_nbi, (fetch: *mut isize, source: *const isize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_atomic_swap_nbi, shmem_ptrdiff_atomic_swap_nbi, (fetch: *mut isize, dest: *mut isize, value: isize, pe: c_int));
ctx_fn!(shmem_ctx_float_atomic_fetch, shmem_float_atomic_fetch, (source: *const f32, pe: c_int) -> f32);
ctx_fn!(shmem_ctx_float_atomic_set, shmem_float_atomic_set, (dest: *mut f32, value: f32, pe: c_int));
ctx_fn!(shmem_ctx_float_atomic_swap, shmem_float_atomic_swap, (dest: *mut f32, value: f32, pe: c_int) -> f32);
ctx_fn!(shmem_ctx_float_atomic_fetch_nbi, shmem_float_atomic_fetch_nbi, (fetch: *mut f32, source: *const f32, pe: c_int));
ctx_fn!(shmem_ctx_float_atomic_swap_nbi, shmem_float_atomic_swap_nbi, (fetch: *mut f32, dest: *mut f32, value: f32, pe: c_int));
ctx_fn!(shmem_ctx_double_atomic_fetch, shmem_double_atomic_fetch, (source: *const f64, pe: c_int) -> f64);
ctx_fn!(shmem_ctx_double_atomic_set, shmem_double_atomic_set, (dest: *mut f64, value: f64, pe: c_int));
ctx_fn!(shmem_ctx_double_atomic_swap, shmem_double_atomic_swap, (dest: *mut f64, value: f64, pe: c_int) -> f64);
ctx_fn!(shmem_ctx_double_atomic_fetch_nbi, shmem_double_atomic_fetch_nbi, (fetch: *mut f64, source: *const f64, pe: c_int));
ctx_fn!(shmem_ctx_double_atomic_swap_nbi, shmem_double_atomic_swap_nbi, (fetch: *mut f64, dest: *mut f64, value: f64, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_and, shmem_uint_atomic_fetch_and, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_and, shmem_uint_atomic_and, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_and_nbi, shmem_uint_atomic_fetch_and_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_or, shmem_uint_atomic_fetch_or, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_or, shmem_uint_atomic_or, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_or_nbi, shmem_uint_atomic_fetch_or_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_xor, shmem_uint_atomic_fetch_xor, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint_atomic_xor, shmem_uint_atomic_xor, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint_atomic_fetch_xor_nbi, shmem_uint_atomic_fetch_xor_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_and, shmem_ulong_atomic_fetch_and, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_and, shmem_ulong_atomic_and, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_and_nbi, shmem_ulong_atomic_fetch_and_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_or, shmem_ulong_atomic_fetch_or, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_or, shmem_ulong_atomic_or, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_or_nbi, shmem_ulong_atomic_fetch_or_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_xor, shmem_ulong_atomic_fetch_xor, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulong_atomic_xor, shmem_ulong_atomic_xor, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulong_atomic_fetch_xor_nbi, shmem_ulong_atomic_fetch_xor_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_and, shmem_ulonglong_atomic_fetch_and, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_and, shmem_ulonglong_atomic_and, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_and_nbi, shmem_ulonglong_atomic_fetch_and_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_or, shmem_ulonglong_atomic_fetch_or, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_or, shmem_ulonglong_atomic_or, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_or_nbi, shmem_ulonglong_atomic_fetch_or_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_xor, shmem_ulonglong_atomic_fetch_xor, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_ulonglong_atomic_xor, shmem_ulonglong_atomic_xor, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_atomic_fetch_xor_nbi, shmem_ulonglong_atomic_fetch_xor_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_and, shmem_int32_atomic_fetch_and, (dest: *mut i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_and, shmem_int32_atomic_and, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_and_nbi, shmem_int32_atomic_fetch_and_nbi, (fetch: *mut i32, dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_or, shmem_int32_atomic_fetch_or, (dest: *mut i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_or, shmem_int32_atomic_or, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_or_nbi, shmem_int32_atomic_fetch_or_nbi, (fetch: *mut i32, dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_xor, shmem_int32_atomic_fetch_xor, (dest: *mut i32, value: i32, pe: c_int) -> i32);
ctx_fn!(shmem_ctx_int32_atomic_xor, shmem_int32_atomic_xor, (dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int32_atomic_fetch_xor_nbi, shmem_int32_atomic_fetch_xor_nbi, (fetch: *mut i32, dest: *mut i32, value: i32, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_and, shmem_int64_atomic_fetch_and, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_and, shmem_int64_atomic_and, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_and_nbi, shmem_int64_atomic_fetch_and_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_or, shmem_int64_atomic_fetch_or, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_or, shmem_int64_atomic_or, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_or_nbi, shmem_int64_atomic_fetch_or_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_xor, shmem_int64_atomic_fetch_xor, (dest: *mut i64, value: i64, pe: c_int) -> i64);
ctx_fn!(shmem_ctx_int64_atomic_xor, shmem_int64_atomic_xor, (dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_int64_atomic_fetch_xor_nbi, shmem_int64_atomic_fetch_xor_nbi, (fetch: *mut i64, dest: *mut i64, value: i64, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_and, shmem_uint32_atomic_fetch_and, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_and, shmem_uint32_atomic_and, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_and_nbi, shmem_uint32_atomic_fetch_and_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_or, shmem_uint32_atomic_fetch_or, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_or, shmem_uint32_atomic_or, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_or_nbi, shmem_uint32_atomic_fetch_or_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_xor, shmem_uint32_atomic_fetch_xor, (dest: *mut u32, value: u32, pe: c_int) -> u32);
ctx_fn!(shmem_ctx_uint32_atomic_xor, shmem_uint32_atomic_xor, (dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint32_atomic_fetch_xor_nbi, shmem_uint32_atomic_fetch_xor_nbi, (fetch: *mut u32, dest: *mut u32, value: u32, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_and, shmem_uint64_atomic_fetch_and, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_and, shmem_uint64_atomic_and, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_and_nbi, shmem_uint64_atomic_fetch_and_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_or, shmem_uint64_atomic_fetch_or, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_or, shmem_uint64_atomic_or, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_or_nbi, shmem_uint64_atomic_fetch_or_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_xor, shmem_uint64_atomic_fetch_xor, (dest: *mut u64, value: u64, pe: c_int) -> u64);
ctx_fn!(shmem_ctx_uint64_atomic_xor, shmem_uint64_atomic_xor, (dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_uint64_atomic_fetch_xor_nbi, shmem_uint64_atomic_fetch_xor_nbi, (fetch: *mut u64, dest: *mut u64, value: u64, pe: c_int));
ctx_fn!(shmem_ctx_putmem_signal, shmem_putmem_signal, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_putmem_signal_nbi, shmem_putmem_signal_nbi, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put8_signal, shmem_put8_signal, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put8_signal_nbi, shmem_put8_signal_nbi, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put16_signal, shmem_put16_signal, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put16_signal_nbi, shmem_put16_signal_nbi, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put32_signal, shmem_put32_signal, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put32_signal_nbi, shmem_put32_signal_nbi, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put64_signal, shmem_put64_signal, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put64_signal_nbi, shmem_put64_signal_nbi, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put128_signal, shmem_put128_signal, (dest: *mut u128, source: *const u128, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_put128_signal_nbi, shmem_put128_signal_nbi, (dest: *mut u128, source: *const u128, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_float_put_signal, shmem_float_put_signal, (dest: *mut f32, source: *const f32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_float_put_signal_nbi, shmem_float_put_signal_nbi, (dest: *mut f32, source: *const f32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_double_put_signal, shmem_double_put_signal, (dest: *mut f64, source: *const f64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_double_put_signal_nbi, shmem_double_put_signal_nbi, (dest: *mut f64, source: *const f64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_put_signal, shmem_longdouble_put_signal, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_put_signal_nbi, shmem_longdouble_put_signal_nbi, (dest: *mut LongDouble, source: *const LongDouble, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_char_put_signal, shmem_char_put_signal, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_char_put_signal_nbi, shmem_char_put_signal_nbi, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_schar_put_signal, shmem_schar_put_signal, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_schar_put_signal_nbi, shmem_schar_put_signal_nbi, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_short_put_signal, shmem_short_put_signal, (dest: *mut i16, source: *const i16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_short_put_signal_nbi, shmem_short_put_signal_nbi, (dest: *mut i16, source: *const i16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_put_signal, shmem_int_put_signal, (dest: *mut c_int, source: *const c_int, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int_put_signal_nbi, shmem_int_put_signal_nbi, (dest: *mut c_int, source: *const c_int, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_long_put_signal, shmem_long_put_signal, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_long_put_signal_nbi, shmem_long_put_signal_nbi, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_longlong_put_signal, shmem_longlong_put_signal, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_longlong_put_signal_nbi, shmem_longlong_put_signal_nbi, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uchar_put_signal, shmem_uchar_put_signal, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uchar_put_signal_nbi, shmem_uchar_put_signal_nbi, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ushort_put_signal, shmem_ushort_put_signal, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ushort_put_signal_nbi, shmem_ushort_put_signal_nbi, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint_put_signal, shmem_uint_put_signal, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint_put_signal_nbi, shmem_uint_put_signal_nbi, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ulong_put_signal, shmem_ulong_put_signal, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ulong_put_signal_nbi, shmem_ulong_put_signal_nbi, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_put_signal, shmem_ulonglong_put_signal, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_put_signal_nbi, shmem_ulonglong_put_signal_nbi, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int8_put_signal, shmem_int8_put_signal, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int8_put_signal_nbi, shmem_int8_put_signal_nbi, (dest: *mut i8, source: *const i8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int16_put_signal, shmem_int16_put_signal, (dest: *mut i16, source: *const i16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int16_put_signal_nbi, shmem_int16_put_signal_nbi, (dest: *mut i16, source: *const i16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int32_put_signal, shmem_int32_put_signal, (dest: *mut i32, source: *const i32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int32_put_signal_nbi, shmem_int32_put_signal_nbi, (dest: *mut i32, source: *const i32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int64_put_signal, shmem_int64_put_signal, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_int64_put_signal_nbi, shmem_int64_put_signal_nbi, (dest: *mut i64, source: *const i64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint8_put_signal, shmem_uint8_put_signal, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint8_put_signal_nbi, shmem_uint8_put_signal_nbi, (dest: *mut u8, source: *const u8, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint16_put_signal, shmem_uint16_put_signal, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint16_put_signal_nbi, shmem_uint16_put_signal_nbi, (dest: *mut u16, source: *const u16, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint32_put_signal, shmem_uint32_put_signal, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint32_put_signal_nbi, shmem_uint32_put_signal_nbi, (dest: *mut u32, source: *const u32, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint64_put_signal, shmem_uint64_put_signal, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_uint64_put_signal_nbi, shmem_uint64_put_signal_nbi, (dest: *mut u64, source: *const u64, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_size_put_signal, shmem_size_put_signal, (dest: *mut usize, source: *const usize, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_size_put_signal_nbi, shmem_size_put_signal_nbi, (dest: *mut usize, source: *const usize, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_put_signal, shmem_ptrdiff_put_signal, (dest: *mut isize, source: *const isize, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_put_signal_nbi, shmem_ptrdiff_put_signal_nbi, (dest: *mut isize, source: *const isize, nelems: usize, sig_addr: *mut u64, signal: u64, sig_op: c_int, pe: c_int));

// OpenSHMEM 1.6: block-strided RMA, per-PE quiet, signal updates.
ctx_fn!(shmem_ctx_float_ibput, shmem_float_ibput, (dest: *mut f32, source: *const f32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_float_ibget, shmem_float_ibget, (dest: *mut f32, source: *const f32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_ibput, shmem_double_ibput, (dest: *mut f64, source: *const f64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_double_ibget, shmem_double_ibget, (dest: *mut f64, source: *const f64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_ibput, shmem_longdouble_ibput, (dest: *mut LongDouble, source: *const LongDouble, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_longdouble_ibget, shmem_longdouble_ibget, (dest: *mut LongDouble, source: *const LongDouble, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_ibput, shmem_char_ibput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_char_ibget, shmem_char_ibget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_ibput, shmem_schar_ibput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_schar_ibget, shmem_schar_ibget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_ibput, shmem_short_ibput, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_short_ibget, shmem_short_ibget, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_ibput, shmem_int_ibput, (dest: *mut c_int, source: *const c_int, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int_ibget, shmem_int_ibget, (dest: *mut c_int, source: *const c_int, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_ibput, shmem_long_ibput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_long_ibget, shmem_long_ibget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_ibput, shmem_longlong_ibput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_longlong_ibget, shmem_longlong_ibget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_ibput, shmem_uchar_ibput, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uchar_ibget, shmem_uchar_ibget, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_ibput, shmem_ushort_ibput, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ushort_ibget, shmem_ushort_ibget, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_ibput, shmem_uint_ibput, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint_ibget, shmem_uint_ibget, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_ibput, shmem_ulong_ibput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulong_ibget, shmem_ulong_ibget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_ibput, shmem_ulonglong_ibput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ulonglong_ibget, shmem_ulonglong_ibget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_ibput, shmem_int8_ibput, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int8_ibget, shmem_int8_ibget, (dest: *mut i8, source: *const i8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_ibput, shmem_int16_ibput, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int16_ibget, shmem_int16_ibget, (dest: *mut i16, source: *const i16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_ibput, shmem_int32_ibput, (dest: *mut i32, source: *const i32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int32_ibget, shmem_int32_ibget, (dest: *mut i32, source: *const i32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_ibput, shmem_int64_ibput, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_int64_ibget, shmem_int64_ibget, (dest: *mut i64, source: *const i64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_ibput, shmem_uint8_ibput, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint8_ibget, shmem_uint8_ibget, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_ibput, shmem_uint16_ibput, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint16_ibget, shmem_uint16_ibget, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_ibput, shmem_uint32_ibput, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint32_ibget, shmem_uint32_ibget, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_ibput, shmem_uint64_ibput, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_uint64_ibget, shmem_uint64_ibget, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_ibput, shmem_size_ibput, (dest: *mut usize, source: *const usize, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_size_ibget, shmem_size_ibget, (dest: *mut usize, source: *const usize, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_ibput, shmem_ptrdiff_ibput, (dest: *mut isize, source: *const isize, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ptrdiff_ibget, shmem_ptrdiff_ibget, (dest: *mut isize, source: *const isize, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibput8, shmem_ibput8, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibget8, shmem_ibget8, (dest: *mut u8, source: *const u8, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibput16, shmem_ibput16, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibget16, shmem_ibget16, (dest: *mut u16, source: *const u16, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibput32, shmem_ibput32, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibget32, shmem_ibget32, (dest: *mut u32, source: *const u32, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibput64, shmem_ibput64, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibget64, shmem_ibget64, (dest: *mut u64, source: *const u64, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibput128, shmem_ibput128, (dest: *mut u128, source: *const u128, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_ibget128, shmem_ibget128, (dest: *mut u128, source: *const u128, dst: isize, sst: isize, bsize: usize, nblocks: usize, pe: c_int));
ctx_fn!(shmem_ctx_pe_quiet, shmem_pe_quiet, (target_pes: *const c_int, npes: usize));
ctx_fn!(shmem_ctx_signal_add, shmem_signal_add, (sig_addr: *mut u64, signal: u64, pe: c_int));
ctx_fn!(shmem_ctx_signal_set, shmem_signal_set, (sig_addr: *mut u64, signal: u64, pe: c_int));

/// `shmem_ctx_session_config_t` (OpenSHMEM 1.6): what a session expects.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct SessionConfig {
    /// `total_ops`: the most RMA calls the session will issue (`SHMEM_CTX_SESSION_TOTAL_OPS`;
    /// `SIZE_MAX` when unset).
    pub total_ops: usize,
}

/// `SHMEM_CTX_SESSION_TOTAL_OPS`: the config mask bit of `total_ops`.
const SESSION_TOTAL_OPS: c_long = 1;

/// `shmem_ctx_session_start` (OpenSHMEM 1.6): starts a session on `ctx`, a stretch of
/// operations the program describes in advance (`options`: `SHMEM_CTX_SESSION_BATCH`; the
/// `config` fields `config_mask` selects) so that an implementation could batch them. They
/// are hints, and here they change nothing, as in the Rust API's `Ctx::session`: every
/// operation of a context is complete on return, so there is nothing to batch. The context is
/// checked like any context argument, and `config` must not be NULL when `config_mask`
/// selects one of its fields; `SHMEM_CTX_INVALID` does nothing (the specification's rule).
///
/// # Safety
/// None beyond the crate's contract: `ctx` is a handle, and `config` is never read (the
/// hints are not used).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_session_start(
    ctx: *const c_void,
    options: c_long,
    config: *const SessionConfig,
    config_mask: c_long,
) {
    let call = "shmem_ctx_session_start";
    let s = st_unlocked(call);
    let _ = options;
    if ctx.is_null() {
        return;
    }
    check_ctx(s, call, ctx);
    if config_mask & SESSION_TOTAL_OPS != 0 && config.is_null() {
        fail(
            call,
            format_args!("config is NULL, but config_mask selects total_ops"),
        );
    }
}

/// `shmem_ctx_session_stop` (OpenSHMEM 1.6): ends the session on `ctx`, completing its
/// operations (a quiet, as the Rust API's `Session` does when dropped).
/// `SHMEM_CTX_INVALID` does nothing.
///
/// # Safety
/// None beyond the crate's contract: `ctx` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ctx_session_stop(ctx: *const c_void) {
    let call = "shmem_ctx_session_stop";
    let s = st_unlocked(call);
    if ctx.is_null() {
        return;
    }
    check_ctx(s, call, ctx);
    crate::sync::quiet(s);
}
