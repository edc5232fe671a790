//! Put-with-signal (OpenSHMEM 1.5 §9.6): `shmem_putmem_signal`, the typed and sized
//! `put_signal` forms and their `_nbi` forms, `shmem_signal_fetch`,
//! `shmem_signal_wait_until`; from OpenSHMEM 1.6, `shmem_signal_add` and `shmem_signal_set`.
//!
//! A put with signal is the put, a fence, then the signal's atomic update (`SET`: a swap,
//! `ADD`: a fetch-add): a PE that sees the signal sees the data. A signal word inside the
//! data's range is refused (the copy would race with the update).

use std::ffi::{c_int, c_void};

use shmem_core::transport::{AmoOp, Transport};
use shmem_core::wait::{WaitKind, WaitSite};

use crate::rma::put_bytes;
use crate::state::{fail, st_unlocked};

/// `SHMEM_SIGNAL_SET`, `SHMEM_SIGNAL_ADD` (the values of `shmem.h`).
const SIGNAL_SET: c_int = 0;
const SIGNAL_ADD: c_int = 1;

/// Puts `bytes` bytes, then updates the signal on `pe`.
///
/// # Safety
/// `src` is valid for reading `bytes` bytes (crate contract).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn put_signal<const E: usize>(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    bytes: usize,
    sig_addr: *mut u64,
    signal: u64,
    sig_op: c_int,
    pe: i32,
) {
    let s = st_unlocked(call);
    let p = s.pe(call, pe);
    let sig = s.sym_word(call, "sig_addr", sig_addr.cast(), 8);
    let op = match sig_op {
        SIGNAL_SET => AmoOp::Set(signal),
        SIGNAL_ADD => AmoOp::FetchAdd(signal),
        _ => fail(
            call,
            format_args!("sig_op {sig_op} is neither SHMEM_SIGNAL_SET nor SHMEM_SIGNAL_ADD"),
        ),
    };
    if bytes > 0 {
        let off = s.sym(call, "dest", dest, bytes);
        if sig < off + bytes && off < sig + 8 {
            fail(
                call,
                format_args!("sig_addr {sig_addr:p} lies inside the destination range"),
            );
        }
    }
    // SAFETY: forwarded contract.
    unsafe { put_bytes::<E>(call, dest, src, bytes, pe) };
    crate::sync::fence(s);
    crate::sync::amo::<u64>(s, p, sig, op);
}

macro_rules! put_signal_fns {
    ($t:ty, $c:literal, $name:ident, $nbi:ident) => {
        put_signal_fns!(@one $t, $c, $name);
        put_signal_fns!(@one $t, $c, $nbi);
    };
    (@one $t:ty, $c:literal, $name:ident) => {
        #[doc = concat!("`", stringify!($name), "`: puts `nelems` ", $c, " elements to `dest` on `pe`, then updates `sig_addr` there with `signal` (`sig_op`).")]
        ///
        /// # Safety
        /// `source` is valid for `nelems` elements (crate contract); `dest` and `sig_addr`
        /// are checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            dest: *mut $t,
            source: *const $t,
            nelems: usize,
            sig_addr: *mut u64,
            signal: u64,
            sig_op: c_int,
            pe: c_int,
        ) {
            let call = stringify!($name);
            let bytes = nelems
                .checked_mul(size_of::<$t>())
                .unwrap_or_else(|| fail(call, format_args!("nelems {nelems} overflows")));
            // SAFETY: forwarded contract.
            unsafe {
                put_signal::<{ size_of::<$t>() }>(call, dest.cast(), source.cast(), bytes, sig_addr, signal, sig_op, pe)
            }
        }
    };
}

put_signal_fns!(u8, "byte", shmem_putmem_signal, shmem_putmem_signal_nbi);
put_signal_fns!(u8, "8-bit", shmem_put8_signal, shmem_put8_signal_nbi);
put_signal_fns!(u16, "16-bit", shmem_put16_signal, shmem_put16_signal_nbi);
put_signal_fns!(u32, "32-bit", shmem_put32_signal, shmem_put32_signal_nbi);
put_signal_fns!(u64, "64-bit", shmem_put64_signal, shmem_put64_signal_nbi);
put_signal_fns!(
    u128,
    "128-bit",
    shmem_put128_signal,
    shmem_put128_signal_nbi
);
put_signal_fns!(
    f32,
    "float",
    shmem_float_put_signal,
    shmem_float_put_signal_nbi
);
put_signal_fns!(
    f64,
    "double",
    shmem_double_put_signal,
    shmem_double_put_signal_nbi
);
put_signal_fns!(
    crate::rma::LongDouble,
    "longdouble",
    shmem_longdouble_put_signal,
    shmem_longdouble_put_signal_nbi
);
put_signal_fns!(i8, "char", shmem_char_put_signal, shmem_char_put_signal_nbi);
put_signal_fns!(
    i8,
    "schar",
    shmem_schar_put_signal,
    shmem_schar_put_signal_nbi
);
put_signal_fns!(
    i16,
    "short",
    shmem_short_put_signal,
    shmem_short_put_signal_nbi
);
put_signal_fns!(i32, "int", shmem_int_put_signal, shmem_int_put_signal_nbi);
put_signal_fns!(
    i64,
    "long",
    shmem_long_put_signal,
    shmem_long_put_signal_nbi
);
put_signal_fns!(
    i64,
    "longlong",
    shmem_longlong_put_signal,
    shmem_longlong_put_signal_nbi
);
put_signal_fns!(
    u8,
    "uchar",
    shmem_uchar_put_signal,
    shmem_uchar_put_signal_nbi
);
put_signal_fns!(
    u16,
    "ushort",
    shmem_ushort_put_signal,
    shmem_ushort_put_signal_nbi
);
put_signal_fns!(
    u32,
    "uint",
    shmem_uint_put_signal,
    shmem_uint_put_signal_nbi
);
put_signal_fns!(
    u64,
    "ulong",
    shmem_ulong_put_signal,
    shmem_ulong_put_signal_nbi
);
put_signal_fns!(
    u64,
    "ulonglong",
    shmem_ulonglong_put_signal,
    shmem_ulonglong_put_signal_nbi
);
put_signal_fns!(i8, "int8", shmem_int8_put_signal, shmem_int8_put_signal_nbi);
put_signal_fns!(
    i16,
    "int16",
    shmem_int16_put_signal,
    shmem_int16_put_signal_nbi
);
put_signal_fns!(
    i32,
    "int32",
    shmem_int32_put_signal,
    shmem_int32_put_signal_nbi
);
put_signal_fns!(
    i64,
    "int64",
    shmem_int64_put_signal,
    shmem_int64_put_signal_nbi
);
put_signal_fns!(
    u8,
    "uint8",
    shmem_uint8_put_signal,
    shmem_uint8_put_signal_nbi
);
put_signal_fns!(
    u16,
    "uint16",
    shmem_uint16_put_signal,
    shmem_uint16_put_signal_nbi
);
put_signal_fns!(
    u32,
    "uint32",
    shmem_uint32_put_signal,
    shmem_uint32_put_signal_nbi
);
put_signal_fns!(
    u64,
    "uint64",
    shmem_uint64_put_signal,
    shmem_uint64_put_signal_nbi
);
put_signal_fns!(
    usize,
    "size",
    shmem_size_put_signal,
    shmem_size_put_signal_nbi
);
put_signal_fns!(
    isize,
    "ptrdiff",
    shmem_ptrdiff_put_signal,
    shmem_ptrdiff_put_signal_nbi
);

/// `shmem_signal_fetch` (§9.6.3): the current value of this PE's signal word.
///
/// # Safety
/// None beyond the crate's contract: `sig_addr` is checked and read atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_signal_fetch(sig_addr: *const u64) -> u64 {
    let call = "shmem_signal_fetch";
    let s = st_unlocked(call);
    let off = s.sym_word(call, "sig_addr", sig_addr.cast(), 8);
    crate::sync::amo::<u64>(s, s.me(), off, AmoOp::Fetch)
}

/// `shmem_signal_wait_until` (§9.10.5): waits until this PE's signal word compares true with
/// `cmp_value`; returns the value that satisfied it.
///
/// # Safety
/// None beyond the crate's contract: `sig_addr` is checked and read atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_signal_wait_until(
    sig_addr: *mut u64,
    cmp: c_int,
    cmp_value: u64,
) -> u64 {
    let call = "shmem_signal_wait_until";
    let s = st_unlocked(call);
    let off = s.sym_word(call, "sig_addr", sig_addr.cast(), 8);
    crate::sync::check_cmp(call, cmp);
    if let Some(path) = s.path {
        // SAFETY: the word is this PE's, inside the partition and aligned (`State::sym_word`).
        return unsafe {
            crate::threads::wait_until::<u64>(path, off, |v| {
                crate::sync::compare(cmp, v, cmp_value)
            })
        };
    }
    let site = WaitSite::new(WaitKind::WaitUntil, [off as u64, 8, 0, 0]);
    s.t()
        .wait_local::<u64>(off, site, |v| crate::sync::compare(cmp, v, cmp_value))
}

/// Updates the signal word `sig_addr` on `pe` with one atomic (`add`: a fetch-add, else a
/// swap), as `SymSignal::signal_add`/`signal_set` of the Rust API.
fn signal_update(call: &str, sig_addr: *mut u64, signal: u64, pe: c_int, add: bool) {
    let s = st_unlocked(call);
    let p = s.pe(call, pe);
    let off = s.sym_word(call, "sig_addr", sig_addr.cast(), 8);
    let op = if add {
        AmoOp::FetchAdd(signal)
    } else {
        AmoOp::Set(signal)
    };
    crate::sync::amo::<u64>(s, p, off, op);
}

/// `shmem_signal_add` (OpenSHMEM 1.6): adds `signal` to the signal word `sig_addr` on `pe`,
/// atomically.
///
/// # Safety
/// None beyond the crate's contract: `sig_addr` is checked, never dereferenced locally.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_signal_add(sig_addr: *mut u64, signal: u64, pe: c_int) {
    signal_update("shmem_signal_add", sig_addr, signal, pe, true);
}

/// `shmem_signal_set` (OpenSHMEM 1.6): sets the signal word `sig_addr` on `pe` to `signal`,
/// atomically.
///
/// # Safety
/// None beyond the crate's contract: `sig_addr` is checked, never dereferenced locally.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_signal_set(sig_addr: *mut u64, signal: u64, pe: c_int) {
    signal_update("shmem_signal_set", sig_addr, signal, pe, false);
}
