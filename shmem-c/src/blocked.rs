//! Block-strided RMA (OpenSHMEM 1.6 §9.5): `shmem_ibput` and `shmem_ibget`, typed and sized
//! (their `shmem_ctx_*` forms are in `ctx`).
//!
//! `nblocks` blocks of `bsize` elements: block `i` starts at element `i * sst` of `source`
//! and at element `i * dst` of `dest`. The checks are those of the Rust API's
//! `SymSlice::ibput`/`ibget`: both strides at least 1, and the blocks of the written side,
//! `dest`, apart by at least a block (`dst >= bsize`), so that no block overwrites another.
//! The symmetric side must hold its whole span (the bytes from the first block's start to the
//! last block's end). As for every RMA call here, the transfer is complete on return, and no
//! lock is taken: at `SHMEM_THREAD_MULTIPLE` each block moves through `crate::threads`.

use std::ffi::{c_int, c_void};

use shmem_core::transport::Transport;

use crate::rma::LongDouble;
use crate::state::{Local, fail, st_unlocked};
use crate::threads;

/// The checked strides `(dst, sst)` of a block-strided call with blocks of `bsize` elements.
fn strides(call: &str, dst: isize, sst: isize, bsize: usize) -> (usize, usize) {
    let positive = |what: &str, v: isize| match usize::try_from(v) {
        Ok(s) if s > 0 => s,
        _ => fail(call, format_args!("{what} {v} is not a positive stride")),
    };
    let (dst, sst) = (positive("dst", dst), positive("sst", sst));
    if dst < bsize {
        fail(
            call,
            format_args!("dst {dst} is less than bsize {bsize}: the blocks of dest would overlap"),
        );
    }
    (dst, sst)
}

/// Bytes from the start of the first of `nblocks` (at least one) blocks of `bsize` elements of
/// `elem` bytes, `stride` elements apart, to the end of the last.
fn span(call: &str, nblocks: usize, stride: usize, bsize: usize, elem: usize) -> usize {
    (nblocks - 1)
        .checked_mul(stride)
        .and_then(|x| x.checked_add(bsize))
        .and_then(|x| x.checked_mul(elem))
        .unwrap_or_else(|| {
            fail(
                call,
                format_args!("{nblocks} blocks of {bsize} elements every {stride} overflow"),
            )
        })
}

/// Block-strided put: block `i` of the local `src` (element `i * sst`) to element `i * dst`
/// of the symmetric `dest` on `pe`; elements of `elem` bytes.
///
/// # Safety
/// `src` is valid for reading its strided span (crate contract).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn ibput_bytes(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    dst: isize,
    sst: isize,
    elem: usize,
    bsize: usize,
    nblocks: usize,
    pe: c_int,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    let (dst, sst) = strides(call, dst, sst, bsize);
    if bsize == 0 || nblocks == 0 {
        return;
    }
    let dspan = span(call, nblocks, dst, bsize, elem);
    let sspan = span(call, nblocks, sst, bsize, elem);
    // At most either span: no overflow. So are the block offsets below, `i < nblocks`.
    let block = bsize * elem;
    let off = s.sym(call, "dest", dest, dspan);
    let local = s.local(call, "source", src, sspan);
    if let Some(path) = s.path {
        for i in 0..nblocks {
            let (to, at) = (off + i * dst * elem, i * sst * elem);
            let part = match local {
                Local::Sym(sp, so) => Local::Sym(sp, so + at),
                Local::Plain => Local::Plain,
            };
            let from = src.wrapping_byte_add(at);
            // SAFETY: block `i` of the source is readable (caller) and, if symmetric, inside
            // its partition, as the target block is in `pe`'s (`State::local`, `State::sym`
            // checked the spans).
            unsafe { threads::put(path, call, pe, to, part, from, block, elem) }
        }
        return;
    }
    match local {
        Local::Sym(sp, so) => {
            for i in 0..nblocks {
                s.t()
                    .copy(pe, off + i * dst * elem, sp, so + i * sst * elem, block);
            }
        }
        Local::Plain => {
            // SAFETY: `src` is ordinary process memory valid for its strided span, `sspan`
            // bytes, and not written during the call (caller); it is not symmetric memory
            // (checked), so a slice of it aliases nothing another process writes.
            let src = unsafe { std::slice::from_raw_parts(src.cast::<u8>(), sspan) };
            for i in 0..nblocks {
                let at = i * sst * elem;
                s.t().put(pe, off + i * dst * elem, &src[at..at + block]);
            }
        }
    }
}

/// Block-strided get: block `i` of the symmetric `src` on `pe` (element `i * sst`) to
/// element `i * dst` of the local `dest`; elements of `elem` bytes.
///
/// # Safety
/// `dest` is valid for writing its strided span (crate contract).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn ibget_bytes(
    call: &str,
    dest: *mut c_void,
    src: *const c_void,
    dst: isize,
    sst: isize,
    elem: usize,
    bsize: usize,
    nblocks: usize,
    pe: c_int,
) {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    let (dst, sst) = strides(call, dst, sst, bsize);
    if bsize == 0 || nblocks == 0 {
        return;
    }
    let dspan = span(call, nblocks, dst, bsize, elem);
    let sspan = span(call, nblocks, sst, bsize, elem);
    let block = bsize * elem;
    let off = s.sym(call, "source", src, sspan);
    let local = s.local(call, "dest", dest, dspan);
    if let Some(path) = s.path {
        for i in 0..nblocks {
            let (from, at) = (off + i * sst * elem, i * dst * elem);
            let part = match local {
                Local::Sym(dp, doff) => Local::Sym(dp, doff + at),
                Local::Plain => Local::Plain,
            };
            let to = dest.wrapping_byte_add(at);
            // SAFETY: as in `ibput_bytes`, with the roles swapped.
            unsafe { threads::get(path, call, pe, from, part, to, block, elem) }
        }
        return;
    }
    match local {
        Local::Sym(dp, doff) => {
            for i in 0..nblocks {
                s.t()
                    .copy(dp, doff + i * dst * elem, pe, off + i * sst * elem, block);
            }
        }
        Local::Plain => {
            // SAFETY: `dest` is ordinary process memory valid for writing its strided span,
            // `dspan` bytes, and accessed by nothing else during the call (caller); it is not
            // symmetric memory (checked).
            let dest = unsafe { std::slice::from_raw_parts_mut(dest.cast::<u8>(), dspan) };
            for i in 0..nblocks {
                let at = i * dst * elem;
                s.t()
                    .get(pe, off + i * sst * elem, &mut dest[at..at + block]);
            }
        }
    }
}

/// `ibput` and `ibget` of one element type.
macro_rules! blocked {
    ($t:ty, $c:literal, $ibput:ident, $ibget:ident) => {
        #[doc = concat!("`", stringify!($ibput), "` (block-strided put of `", $c, "` elements): `nblocks` blocks of `bsize` elements, every `sst` elements of the local `source`, to every `dst` elements of the symmetric `dest` on `pe`.")]
        ///
        /// # Safety
        /// The local array is valid for its strided span (crate contract); the symmetric one
        /// is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $ibput(
            dest: *mut $t,
            source: *const $t,
            dst: isize,
            sst: isize,
            bsize: usize,
            nblocks: usize,
            pe: c_int,
        ) {
            let (call, elem) = (stringify!($ibput), size_of::<$t>());
            // SAFETY: forwarded contract.
            unsafe { ibput_bytes(call, dest.cast(), source.cast(), dst, sst, elem, bsize, nblocks, pe) }
        }
        #[doc = concat!("`", stringify!($ibget), "` (block-strided get of `", $c, "` elements): `nblocks` blocks of `bsize` elements, every `sst` elements of the symmetric `source` on `pe`, to every `dst` elements of the local `dest`.")]
        ///
        /// # Safety
        /// The local array is valid for its strided span (crate contract); the symmetric one
        /// is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $ibget(
            dest: *mut $t,
            source: *const $t,
            dst: isize,
            sst: isize,
            bsize: usize,
            nblocks: usize,
            pe: c_int,
        ) {
            let (call, elem) = (stringify!($ibget), size_of::<$t>());
            // SAFETY: forwarded contract.
            unsafe { ibget_bytes(call, dest.cast(), source.cast(), dst, sst, elem, bsize, nblocks, pe) }
        }
    };
}

// The standard RMA types (OpenSHMEM 1.6 Table 5), then the sized forms.
blocked!(f32, "float", shmem_float_ibput, shmem_float_ibget);
blocked!(f64, "double", shmem_double_ibput, shmem_double_ibget);
blocked!(
    LongDouble,
    "longdouble",
    shmem_longdouble_ibput,
    shmem_longdouble_ibget
);
blocked!(i8, "char", shmem_char_ibput, shmem_char_ibget);
blocked!(i8, "schar", shmem_schar_ibput, shmem_schar_ibget);
blocked!(i16, "short", shmem_short_ibput, shmem_short_ibget);
blocked!(i32, "int", shmem_int_ibput, shmem_int_ibget);
blocked!(i64, "long", shmem_long_ibput, shmem_long_ibget);
blocked!(i64, "longlong", shmem_longlong_ibput, shmem_longlong_ibget);
blocked!(u8, "uchar", shmem_uchar_ibput, shmem_uchar_ibget);
blocked!(u16, "ushort", shmem_ushort_ibput, shmem_ushort_ibget);
blocked!(u32, "uint", shmem_uint_ibput, shmem_uint_ibget);
blocked!(u64, "ulong", shmem_ulong_ibput, shmem_ulong_ibget);
blocked!(
    u64,
    "ulonglong",
    shmem_ulonglong_ibput,
    shmem_ulonglong_ibget
);
blocked!(i8, "int8", shmem_int8_ibput, shmem_int8_ibget);
blocked!(i16, "int16", shmem_int16_ibput, shmem_int16_ibget);
blocked!(i32, "int32", shmem_int32_ibput, shmem_int32_ibget);
blocked!(i64, "int64", shmem_int64_ibput, shmem_int64_ibget);
blocked!(u8, "uint8", shmem_uint8_ibput, shmem_uint8_ibget);
blocked!(u16, "uint16", shmem_uint16_ibput, shmem_uint16_ibget);
blocked!(u32, "uint32", shmem_uint32_ibput, shmem_uint32_ibget);
blocked!(u64, "uint64", shmem_uint64_ibput, shmem_uint64_ibget);
blocked!(usize, "size", shmem_size_ibput, shmem_size_ibget);
blocked!(isize, "ptrdiff", shmem_ptrdiff_ibput, shmem_ptrdiff_ibget);
blocked!(u8, "8-bit", shmem_ibput8, shmem_ibget8);
blocked!(u16, "16-bit", shmem_ibput16, shmem_ibget16);
blocked!(u32, "32-bit", shmem_ibput32, shmem_ibget32);
blocked!(u64, "64-bit", shmem_ibput64, shmem_ibget64);
blocked!(u128, "128-bit", shmem_ibput128, shmem_ibget128);
