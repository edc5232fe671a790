//! Remote memory access (OpenSHMEM 1.5 §9.5): `putmem`/`getmem`, the typed and sized
//! `put`/`get`/`iput`/`iget`, their `_nbi` forms, and `p`/`g`.
//!
//! On this transport every operation is performed when it is issued, so the `_nbi` forms
//! are complete on return; `shmem_quiet` still orders and completes them as the
//! specification says (it is a full fence).
//!
//! None of these calls takes a lock. At `SHMEM_THREAD_MULTIPLE` the hot paths are never
//! taken (`State::sym_fast` finds nothing then) and the out-of-line paths, after the same
//! checks, move the bytes with `crate::threads` in words of the element's size `E`.

use std::ffi::c_void;

use bytemuck::Pod;
use shmem_core::transport::{Transport, Word};

use crate::state::{Local, State, fail, st_unlocked};
use crate::threads::{self, Strided};

/// Copies `bytes` bytes (elements of `E` bytes) from the local `src` to the symmetric `dest`
/// on `pe`.
///
/// The hot path (both buffers in this PE's own partition or its first span of globals, as
/// a `shmem_malloc`'d source and target) is checked by `State::sym_fast` and copied here,
/// with no call; everything else (a source in ordinary memory, a `shmem_ptr` address, an
/// error) is `put_slow`'s, out of line, with the same checks in the same order.
///
/// # Safety
/// `src` is valid for reading `bytes` bytes (crate contract).
#[inline(always)]
pub(crate) unsafe fn put_bytes<const E: usize>(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    bytes: usize,
    pe: i32,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    if bytes == 0 {
        return;
    }
    match (s.sym_fast(dest, bytes), s.sym_fast(src, bytes)) {
        // SAFETY: `pe` and this PE are PEs of the job (`State::pe`), and both ranges of
        // `bytes` bytes end inside their partitions (`State::sym_fast`), so `State::at_fast`
        // and `State::at_own` give the pointers `copy_located` needs.
        (Some(off), Some(so)) => unsafe {
            let (dst, src) = (s.at_fast(pe, off), s.at_own(so));
            copy(s, pe, off, dst, s.me(), so, src, bytes)
        },
        // SAFETY: forwarded contract.
        _ => unsafe { put_slow::<E>(s, call, pe, dest, src, bytes) },
    }
}

/// The transport's located copy for the hot paths: an aligned short element inline, any
/// other copy in `copy_long`, out of line in this crate (a direct call; a call from this
/// library into `shmem-core`'s code goes through the GOT).
///
/// # Safety
/// `ShmTransport::copy_located`'s contract.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn copy(
    s: &State,
    dst_pe: usize,
    dst_off: usize,
    dst: *mut u8,
    src_pe: usize,
    src_off: usize,
    src: *const u8,
    bytes: usize,
) {
    // SAFETY: forwarded contract.
    if !unsafe { s.t().copy_located_short(dst_pe, dst, src_pe, src, bytes) } {
        // SAFETY: forwarded contract.
        unsafe { copy_long(s, dst_pe, dst_off, dst, src_pe, src_off, src, bytes) }
    }
}

/// [`copy`]'s out-of-line part.
///
/// # Safety
/// As [`copy`].
#[allow(clippy::too_many_arguments)]
#[inline(never)]
unsafe fn copy_long(
    s: &State,
    dst_pe: usize,
    dst_off: usize,
    dst: *mut u8,
    src_pe: usize,
    src_off: usize,
    src: *const u8,
    bytes: usize,
) {
    // SAFETY: forwarded contract.
    unsafe {
        s.t()
            .copy_located(dst_pe, dst_off, dst, src_pe, src_off, src, bytes)
    }
}

/// [`put_bytes`] off its hot path, and at `MULTIPLE` the thread path.
///
/// # Safety
/// As [`put_bytes`]; `pe` is checked (`State::pe`).
#[inline(never)]
unsafe fn put_slow<const E: usize>(
    s: &State,
    call: &str,
    pe: usize,
    dest: *mut c_void,
    src: *const c_void,
    bytes: usize,
) {
    let off = s.sym(call, "dest", dest, bytes);
    let local = s.local(call, "source", src, bytes);
    if let Some(path) = s.path {
        // SAFETY: forwarded contract; `pe` and the target range are checked above.
        return unsafe { threads::put(path, call, pe, off, local, src, bytes, E) };
    }
    match local {
        // SAFETY: `pe` and `sp` are PEs of the job (`State::pe`, `State::local`) and both
        // ranges of `bytes` bytes end inside their partitions (`State::sym`, `State::local`),
        // so `State::at` gives the pointers `copy_located` needs.
        Local::Sym(sp, so) => unsafe {
            s.t()
                .copy_located(pe, off, s.at(pe, off), sp, so, s.at(sp, so), bytes)
        },
        // SAFETY: `src` is ordinary process memory valid for `bytes` bytes and not written
        // during the call (caller), and not symmetric memory (checked), so a slice of it
        // aliases nothing another process writes.
        Local::Plain => s.t().put(pe, off, unsafe {
            std::slice::from_raw_parts(src.cast::<u8>(), bytes)
        }),
    }
}

/// Copies `bytes` bytes (elements of `E` bytes) from the symmetric `src` on `pe` to the local
/// `dest` (hot path and slow path as in [`put_bytes`]).
///
/// # Safety
/// `dest` is valid for writing `bytes` bytes (crate contract).
#[inline(always)]
pub(crate) unsafe fn get_bytes<const E: usize>(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    bytes: usize,
    pe: i32,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    if bytes == 0 {
        return;
    }
    match (s.sym_fast(src, bytes), s.sym_fast(dest, bytes)) {
        // SAFETY: as in `put_bytes`, with the roles swapped.
        (Some(off), Some(doff)) => unsafe {
            let (dst, src) = (s.at_own(doff), s.at_fast(pe, off));
            copy(s, s.me(), doff, dst, pe, off, src, bytes)
        },
        // SAFETY: forwarded contract.
        _ => unsafe { get_slow::<E>(s, call, pe, dest, src, bytes) },
    }
}

/// [`get_bytes`] off its hot path, and at `MULTIPLE` the thread path.
///
/// # Safety
/// As [`get_bytes`]; `pe` is checked (`State::pe`).
#[inline(never)]
unsafe fn get_slow<const E: usize>(
    s: &State,
    call: &str,
    pe: usize,
    dest: *mut c_void,
    src: *const c_void,
    bytes: usize,
) {
    let off = s.sym(call, "source", src, bytes);
    let local = s.local(call, "dest", dest, bytes);
    if let Some(path) = s.path {
        // SAFETY: forwarded contract; `pe` and the source range are checked above.
        return unsafe { threads::get(path, call, pe, off, local, dest, bytes, E) };
    }
    match local {
        // SAFETY: as in `put_slow`, with the roles swapped.
        Local::Sym(dp, doff) => unsafe {
            s.t()
                .copy_located(dp, doff, s.at(dp, doff), pe, off, s.at(pe, off), bytes)
        },
        // SAFETY: `dest` is ordinary process memory valid for `bytes` bytes and accessed by
        // nothing else during the call (caller), not symmetric memory (checked).
        Local::Plain => s.t().get(pe, off, unsafe {
            std::slice::from_raw_parts_mut(dest.cast::<u8>(), bytes)
        }),
    }
}

/// A stride of a strided call: at least 1.
fn stride(call: &str, what: &str, v: isize) -> usize {
    match usize::try_from(v) {
        Ok(s) if s > 0 => s,
        _ => fail(call, format_args!("{what} {v} is not a positive stride")),
    }
}

/// Bytes spanned by `n` elements of `elem` bytes taken every `stride` elements.
fn span(call: &str, n: usize, stride: usize, elem: usize) -> usize {
    (n - 1)
        .checked_mul(stride)
        .and_then(|x| x.checked_add(1))
        .and_then(|x| x.checked_mul(elem))
        .unwrap_or_else(|| {
            fail(
                call,
                format_args!("{n} elements with stride {stride} overflow"),
            )
        })
}

/// Strided put (`iput`): element `i` of `src` (every `sst`) to element `i * tst` of `dest`.
///
/// # Safety
/// `src` is valid for reading its strided span (crate contract).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn iput_bytes(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    tst: isize,
    sst: isize,
    elem: usize,
    n: usize,
    pe: i32,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    let (tst, sst) = (stride(call, "tst", tst), stride(call, "sst", sst));
    if n == 0 {
        return;
    }
    let (dspan, sspan) = (span(call, n, tst, elem), span(call, n, sst, elem));
    let off = s.sym(call, "dest", dest, dspan);
    let local = s.local(call, "source", src, sspan);
    if let Some(path) = s.path {
        let st = Strided { tst, sst, elem, n };
        // SAFETY: forwarded contract; `pe` and the target span are checked above.
        return unsafe { threads::iput(path, call, pe, off, local, src, sspan, st) };
    }
    match local {
        Local::Sym(sp, so) => {
            for i in 0..n {
                s.t()
                    .copy(pe, off + i * tst * elem, sp, so + i * sst * elem, elem);
            }
        }
        // SAFETY: as in `put_bytes`, for the strided span.
        Local::Plain => s.t().iput(
            pe,
            off,
            tst,
            unsafe { std::slice::from_raw_parts(src.cast::<u8>(), sspan) },
            sst,
            elem,
            n,
        ),
    }
}

/// Strided get (`iget`): element `i * sst` of the symmetric `src` on `pe` to element `i *
/// tst` of `dest`.
///
/// # Safety
/// `dest` is valid for writing its strided span (crate contract).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn iget_bytes(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    tst: isize,
    sst: isize,
    elem: usize,
    n: usize,
    pe: i32,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    let (tst, sst) = (stride(call, "tst", tst), stride(call, "sst", sst));
    if n == 0 {
        return;
    }
    let (dspan, sspan) = (span(call, n, tst, elem), span(call, n, sst, elem));
    let off = s.sym(call, "source", src, sspan);
    let local = s.local(call, "dest", dest, dspan);
    if let Some(path) = s.path {
        let st = Strided { tst, sst, elem, n };
        // SAFETY: forwarded contract; `pe` and the source span are checked above.
        return unsafe { threads::iget(path, call, pe, off, local, dest, dspan, st) };
    }
    match local {
        Local::Sym(dp, doff) => {
            for i in 0..n {
                s.t()
                    .copy(dp, doff + i * tst * elem, pe, off + i * sst * elem, elem);
            }
        }
        // SAFETY: as in `get_bytes`, for the strided span.
        Local::Plain => s.t().iget(
            pe,
            off,
            sst,
            unsafe { std::slice::from_raw_parts_mut(dest.cast::<u8>(), dspan) },
            tst,
            elem,
            n,
        ),
    }
}

/// `p`: one single-copy-atomic store of `v` into the symmetric `dest` on `pe` (hot path as
/// in [`put_bytes`]: a naturally aligned word found by `State::sym_fast`).
#[inline(always)]
pub(crate) fn p<T: Pod, W: Word>(call: &str, dest: *mut c_void, v: T, pe: i32) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    match s.sym_fast(dest, size_of::<T>()) {
        // SAFETY: `pe` is a PE of the job (`State::pe`) and the word ends inside the
        // partition (`State::sym_fast`), so `State::at_fast` gives the pointer `put_word_at`
        // needs.
        Some(off) if (dest as usize).is_multiple_of(size_of::<T>()) => unsafe {
            s.t()
                .put_word_at::<W>(pe, off, s.at_fast(pe, off).cast(), bytemuck::cast(v))
        },
        _ => p_slow::<T, W>(s, call, dest, v, pe),
    }
}

/// [`p`] off its hot path.
#[cold]
#[inline(never)]
fn p_slow<T: Pod, W: Word>(s: &State, call: &str, dest: *mut c_void, v: T, pe: usize) {
    let off = s.sym_word(call, "dest", dest, size_of::<T>());
    if let Some(path) = s.path {
        // SAFETY: `pe` is a PE of the job (`State::pe`); the word is inside the partition
        // and aligned (`State::sym_word`).
        return unsafe { threads::put_word::<W>(path, pe, off, bytemuck::cast(v)) };
    }
    // SAFETY: `pe` is a PE of the job (`State::pe`) and the word ends inside the partition
    // (`State::sym`), so `State::at` gives the pointer `put_word_at` needs.
    unsafe {
        s.t()
            .put_word_at::<W>(pe, off, s.at(pe, off).cast(), bytemuck::cast(v))
    };
}

/// `g`: one single-copy-atomic load of the symmetric `src` on `pe` (hot path as in [`p`]).
#[inline(always)]
pub(crate) fn g<T: Pod, W: Word>(call: &str, src: *const c_void, pe: i32) -> T {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    match s.sym_fast(src, size_of::<T>()) {
        Some(off) if (src as usize).is_multiple_of(size_of::<T>()) => {
            // SAFETY: as in `p`.
            let v = unsafe { s.t().get_word_at::<W>(pe, off, s.at_fast(pe, off).cast()) };
            bytemuck::cast(v)
        }
        _ => g_slow::<T, W>(s, call, src, pe),
    }
}

/// [`g`] off its hot path.
#[cold]
#[inline(never)]
fn g_slow<T: Pod, W: Word>(s: &State, call: &str, src: *const c_void, pe: usize) -> T {
    let off = s.sym_word(call, "source", src, size_of::<T>());
    if let Some(path) = s.path {
        // SAFETY: as in `p_slow`.
        return bytemuck::cast(unsafe { threads::get_word::<W>(path, pe, off) });
    }
    // SAFETY: as in `p_slow`.
    bytemuck::cast(unsafe { s.t().get_word_at::<W>(pe, off, s.at(pe, off).cast()) })
}

/// The bulk calls of one element type: put, get, iput, iget, put_nbi, get_nbi.
macro_rules! bulk {
    ($t:ty, $c:literal, $put:ident, $get:ident, $iput:ident, $iget:ident, $put_nbi:ident, $get_nbi:ident) => {
        bulk!(@one $put, put_bytes, $t, $c, "put", "*const");
        bulk!(@one $put_nbi, put_bytes, $t, $c, "put_nbi", "*const");
        bulk!(@one $get, get_bytes, $t, $c, "get", "*mut");
        bulk!(@one $get_nbi, get_bytes, $t, $c, "get_nbi", "*mut");
        bulk!(@strided $iput, iput_bytes, $t, $c, "iput");
        bulk!(@strided $iget, iget_bytes, $t, $c, "iget");
    };
    (@one $name:ident, $f:ident, $t:ty, $c:literal, $what:literal, $local:literal) => {
        #[doc = concat!("`", stringify!($name), "` (", $what, " of `", $c, "` elements): `nelems` elements between the local and the symmetric array on `pe`.")]
        ///
        /// # Safety
        /// The local array is valid for `nelems` elements (crate contract); the symmetric one
        /// is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, source: *const $t, nelems: usize, pe: i32) {
            let bytes = nelems.checked_mul(size_of::<$t>()).unwrap_or_else(|| {
                fail(stringify!($name), format_args!("nelems {nelems} overflows"))
            });
            // SAFETY: forwarded contract.
            unsafe { $f::<{ size_of::<$t>() }>(stringify!($name), dest.cast(), source.cast(), bytes, pe) }
        }
    };
    (@strided $name:ident, $f:ident, $t:ty, $c:literal, $what:literal) => {
        #[doc = concat!("`", stringify!($name), "` (strided ", $what, " of `", $c, "` elements).")]
        ///
        /// # Safety
        /// The local array is valid for its strided span (crate contract); the symmetric one
        /// is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            dest: *mut $t,
            source: *const $t,
            tst: isize,
            sst: isize,
            nelems: usize,
            pe: i32,
        ) {
            // SAFETY: forwarded contract.
            unsafe {
                $f(stringify!($name), dest.cast(), source.cast(), tst, sst, size_of::<$t>(), nelems, pe)
            }
        }
    };
}

/// `p` and `g` of one element type.
macro_rules! word {
    ($t:ty, $w:ty, $c:literal, $p:ident, $g:ident) => {
        #[doc = concat!("`", stringify!($p), "`: stores one `", $c, "` into the symmetric `dest` on `pe`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $p(dest: *mut $t, value: $t, pe: i32) {
            p::<$t, $w>(stringify!($p), dest.cast(), value, pe)
        }
        #[doc = concat!("`", stringify!($g), "`: loads one `", $c, "` from the symmetric `source` on `pe`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `source` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $g(source: *const $t, pe: i32) -> $t {
            g::<$t, $w>(stringify!($g), source.cast(), pe)
        }
    };
}

/// `long double` as the bytes it occupies (x86-64: 16): moved, never interpreted.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub struct LongDouble([u8; 16]);

// The typed and sized RMA calls (OpenSHMEM 1.5 Table 5 types), one line each.
bulk!(
    f32,
    "float",
    shmem_float_put,
    shmem_float_get,
    shmem_float_iput,
    shmem_float_iget,
    shmem_float_put_nbi,
    shmem_float_get_nbi
);
word!(f32, u32, "float", shmem_float_p, shmem_float_g);
bulk!(
    f64,
    "double",
    shmem_double_put,
    shmem_double_get,
    shmem_double_iput,
    shmem_double_iget,
    shmem_double_put_nbi,
    shmem_double_get_nbi
);
word!(f64, u64, "double", shmem_double_p, shmem_double_g);
bulk!(
    i8,
    "char",
    shmem_char_put,
    shmem_char_get,
    shmem_char_iput,
    shmem_char_iget,
    shmem_char_put_nbi,
    shmem_char_get_nbi
);
word!(i8, u8, "char", shmem_char_p, shmem_char_g);
bulk!(
    i8,
    "schar",
    shmem_schar_put,
    shmem_schar_get,
    shmem_schar_iput,
    shmem_schar_iget,
    shmem_schar_put_nbi,
    shmem_schar_get_nbi
);
word!(i8, u8, "schar", shmem_schar_p, shmem_schar_g);
bulk!(
    i16,
    "short",
    shmem_short_put,
    shmem_short_get,
    shmem_short_iput,
    shmem_short_iget,
    shmem_short_put_nbi,
    shmem_short_get_nbi
);
word!(i16, u16, "short", shmem_short_p, shmem_short_g);
bulk!(
    i32,
    "int",
    shmem_int_put,
    shmem_int_get,
    shmem_int_iput,
    shmem_int_iget,
    shmem_int_put_nbi,
    shmem_int_get_nbi
);
word!(i32, u32, "int", shmem_int_p, shmem_int_g);
bulk!(
    i64,
    "long",
    shmem_long_put,
    shmem_long_get,
    shmem_long_iput,
    shmem_long_iget,
    shmem_long_put_nbi,
    shmem_long_get_nbi
);
word!(i64, u64, "long", shmem_long_p, shmem_long_g);
bulk!(
    i64,
    "longlong",
    shmem_longlong_put,
    shmem_longlong_get,
    shmem_longlong_iput,
    shmem_longlong_iget,
    shmem_longlong_put_nbi,
    shmem_longlong_get_nbi
);
word!(i64, u64, "longlong", shmem_longlong_p, shmem_longlong_g);
bulk!(
    u8,
    "uchar",
    shmem_uchar_put,
    shmem_uchar_get,
    shmem_uchar_iput,
    shmem_uchar_iget,
    shmem_uchar_put_nbi,
    shmem_uchar_get_nbi
);
word!(u8, u8, "uchar", shmem_uchar_p, shmem_uchar_g);
bulk!(
    u16,
    "ushort",
    shmem_ushort_put,
    shmem_ushort_get,
    shmem_ushort_iput,
    shmem_ushort_iget,
    shmem_ushort_put_nbi,
    shmem_ushort_get_nbi
);
word!(u16, u16, "ushort", shmem_ushort_p, shmem_ushort_g);
bulk!(
    u32,
    "uint",
    shmem_uint_put,
    shmem_uint_get,
    shmem_uint_iput,
    shmem_uint_iget,
    shmem_uint_put_nbi,
    shmem_uint_get_nbi
);
word!(u32, u32, "uint", shmem_uint_p, shmem_uint_g);
bulk!(
    u64,
    "ulong",
    shmem_ulong_put,
    shmem_ulong_get,
    shmem_ulong_iput,
    shmem_ulong_iget,
    shmem_ulong_put_nbi,
    shmem_ulong_get_nbi
);
word!(u64, u64, "ulong", shmem_ulong_p, shmem_ulong_g);
bulk!(
    u64,
    "ulonglong",
    shmem_ulonglong_put,
    shmem_ulonglong_get,
    shmem_ulonglong_iput,
    shmem_ulonglong_iget,
    shmem_ulonglong_put_nbi,
    shmem_ulonglong_get_nbi
);
word!(u64, u64, "ulonglong", shmem_ulonglong_p, shmem_ulonglong_g);
bulk!(
    i8,
    "int8",
    shmem_int8_put,
    shmem_int8_get,
    shmem_int8_iput,
    shmem_int8_iget,
    shmem_int8_put_nbi,
    shmem_int8_get_nbi
);
word!(i8, u8, "int8", shmem_int8_p, shmem_int8_g);
bulk!(
    i16,
    "int16",
    shmem_int16_put,
    shmem_int16_get,
    shmem_int16_iput,
    shmem_int16_iget,
    shmem_int16_put_nbi,
    shmem_int16_get_nbi
);
word!(i16, u16, "int16", shmem_int16_p, shmem_int16_g);
bulk!(
    i32,
    "int32",
    shmem_int32_put,
    shmem_int32_get,
    shmem_int32_iput,
    shmem_int32_iget,
    shmem_int32_put_nbi,
    shmem_int32_get_nbi
);
word!(i32, u32, "int32", shmem_int32_p, shmem_int32_g);
bulk!(
    i64,
    "int64",
    shmem_int64_put,
    shmem_int64_get,
    shmem_int64_iput,
    shmem_int64_iget,
    shmem_int64_put_nbi,
    shmem_int64_get_nbi
);
word!(i64, u64, "int64", shmem_int64_p, shmem_int64_g);
bulk!(
    u8,
    "uint8",
    shmem_uint8_put,
    shmem_uint8_get,
    shmem_uint8_iput,
    shmem_uint8_iget,
    shmem_uint8_put_nbi,
    shmem_uint8_get_nbi
);
word!(u8, u8, "uint8", shmem_uint8_p, shmem_uint8_g);
bulk!(
    u16,
    "uint16",
    shmem_uint16_put,
    shmem_uint16_get,
    shmem_uint16_iput,
    shmem_uint16_iget,
    shmem_uint16_put_nbi,
    shmem_uint16_get_nbi
);
word!(u16, u16, "uint16", shmem_uint16_p, shmem_uint16_g);
bulk!(
    u32,
    "uint32",
    shmem_uint32_put,
    shmem_uint32_get,
    shmem_uint32_iput,
    shmem_uint32_iget,
    shmem_uint32_put_nbi,
    shmem_uint32_get_nbi
);
word!(u32, u32, "uint32", shmem_uint32_p, shmem_uint32_g);
bulk!(
    u64,
    "uint64",
    shmem_uint64_put,
    shmem_uint64_get,
    shmem_uint64_iput,
    shmem_uint64_iget,
    shmem_uint64_put_nbi,
    shmem_uint64_get_nbi
);
word!(u64, u64, "uint64", shmem_uint64_p, shmem_uint64_g);
bulk!(
    usize,
    "size",
    shmem_size_put,
    shmem_size_get,
    shmem_size_iput,
    shmem_size_iget,
    shmem_size_put_nbi,
    shmem_size_get_nbi
);
word!(usize, u64, "size", shmem_size_p, shmem_size_g);
bulk!(
    isize,
    "ptrdiff",
    shmem_ptrdiff_put,
    shmem_ptrdiff_get,
    shmem_ptrdiff_iput,
    shmem_ptrdiff_iget,
    shmem_ptrdiff_put_nbi,
    shmem_ptrdiff_get_nbi
);
word!(isize, u64, "ptrdiff", shmem_ptrdiff_p, shmem_ptrdiff_g);
bulk!(
    LongDouble,
    "longdouble",
    shmem_longdouble_put,
    shmem_longdouble_get,
    shmem_longdouble_iput,
    shmem_longdouble_iget,
    shmem_longdouble_put_nbi,
    shmem_longdouble_get_nbi
);
bulk!(
    u8,
    "8-bit",
    shmem_put8,
    shmem_get8,
    shmem_iput8,
    shmem_iget8,
    shmem_put8_nbi,
    shmem_get8_nbi
);
bulk!(
    u16,
    "16-bit",
    shmem_put16,
    shmem_get16,
    shmem_iput16,
    shmem_iget16,
    shmem_put16_nbi,
    shmem_get16_nbi
);
bulk!(
    u32,
    "32-bit",
    shmem_put32,
    shmem_get32,
    shmem_iput32,
    shmem_iget32,
    shmem_put32_nbi,
    shmem_get32_nbi
);
bulk!(
    u64,
    "64-bit",
    shmem_put64,
    shmem_get64,
    shmem_iput64,
    shmem_iget64,
    shmem_put64_nbi,
    shmem_get64_nbi
);
bulk!(
    u128,
    "128-bit",
    shmem_put128,
    shmem_get128,
    shmem_iput128,
    shmem_iget128,
    shmem_put128_nbi,
    shmem_get128_nbi
);

/// `shmem_putmem` (§9.5.1): `nelems` bytes to the symmetric `dest` on `pe`.
///
/// # Safety
/// `source` is valid for reading `nelems` bytes (crate contract).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_putmem(
    dest: *mut c_void,
    source: *const c_void,
    nelems: usize,
    pe: i32,
) {
    // SAFETY: forwarded contract.
    unsafe { put_bytes::<1>("shmem_putmem", dest, source, nelems, pe) }
}

/// `shmem_putmem_nbi` (§9.5.6): as [`shmem_putmem`] (complete on return here).
///
/// # Safety
/// As [`shmem_putmem`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_putmem_nbi(
    dest: *mut c_void,
    source: *const c_void,
    nelems: usize,
    pe: i32,
) {
    // SAFETY: forwarded contract.
    unsafe { put_bytes::<1>("shmem_putmem_nbi", dest, source, nelems, pe) }
}

/// `shmem_getmem` (§9.5.3): `nelems` bytes from the symmetric `source` on `pe`.
///
/// # Safety
/// `dest` is valid for writing `nelems` bytes (crate contract).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_getmem(
    dest: *mut c_void,
    source: *const c_void,
    nelems: usize,
    pe: i32,
) {
    // SAFETY: forwarded contract.
    unsafe { get_bytes::<1>("shmem_getmem", dest, source, nelems, pe) }
}

/// `shmem_getmem_nbi` (§9.5.7): as [`shmem_getmem`] (complete on return here).
///
/// # Safety
/// As [`shmem_getmem`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_getmem_nbi(
    dest: *mut c_void,
    source: *const c_void,
    nelems: usize,
    pe: i32,
) {
    // SAFETY: forwarded contract.
    unsafe { get_bytes::<1>("shmem_getmem_nbi", dest, source, nelems, pe) }
}
