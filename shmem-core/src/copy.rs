//! Copies to, from and within the symmetric segment.
//!
//! # The rule
//!
//! Every access to segment memory is an atomic operation or a *volatile* access through a raw
//! pointer; none is a plain load or store, and no Rust reference ever points at segment bytes
//! that another PE may write. Synchronization words, `p`/`g`, atomics and waits use atomics of
//! the element's own size ([`crate::transport::Word`]); bulk data (put, get, strided and
//! collective transfers) goes through the functions of this module, which move it with
//! volatile vector loads and stores.
//!
//! Why: the segment is a `MAP_SHARED` mapping written by other processes at any time. Within
//! one PE at most one thread uses the runtime at a time (`Shmem` is `!Sync`), so no two
//! accesses of one Rust program ever race; what happens concurrently is done by *other
//! processes*, which Rust's memory model does not describe. What the compiler must not do is
//! assume that segment bytes only change when this program writes them: with plain accesses it
//! may re-read a value from the segment instead of the local copy it made (load forwarding
//! after a `memcpy`), read or write it twice, split it, or elide it, and a value checked once
//! could then be used with another value. Atomics and volatile accesses forbid all of that:
//! each is performed exactly once, as written, and its result is whatever the memory held.
//!
//! Why not per-word relaxed atomics for the bulk data, which the memory model also defines: they
//! cannot be vectorized, and measured on this project's machines (2-vCPU AMD EPYC guest, AVX2)
//! an 8-byte relaxed-atomic loop costs 133 ns for 4 KiB against 57 ns for glibc's `memcpy`,
//! 2.3 µs against 1.4 µs for 64 KiB (1-byte atomics, needed to match byte-sized `p`, 1.0 µs and
//! 17.6 µs). The volatile vector copies here cost 41–49 ns for 4 KiB and 1.3 µs for 64 KiB:
//! as fast as `memcpy` or faster.
//!
//! # What a racing program observes
//!
//! A copy moves the segment side in naturally aligned units (1, 2, 4, 8, 16 or 32 bytes: the
//! segment address is aligned first, then 32-byte AVX2 vectors, 16-byte SSE2 vectors without
//! AVX2), so every naturally aligned element of 1, 2, 4 or 8 bytes is read or written by one
//! instruction that does not cross a cache line. On x86-64 (and AArch64) such an access is
//! single-copy atomic for every aligned 8-byte part, so a get that races with a put or an atomic
//! on the same bytes returns, for each such element, either its old or its new value, never a
//! mix; elements of other sizes, and different elements, may come from different moments. A
//! racing program never observes a value that no PE wrote, and never invokes undefined
//! behaviour; ordering between PEs is what `fence`, `quiet`, barriers and waits provide.

use std::ptr;

/// Copies `len` bytes from local memory `src` to segment memory `dst` (no overlap: `src` is
/// not in the segment).
///
/// # Safety
/// `dst` must be valid for writes of `len` bytes of the segment and `src` valid for reads of
/// `len` bytes of local memory that nothing writes during the call.
#[inline]
pub(crate) unsafe fn to_segment(dst: *mut u8, src: *const u8, len: usize) {
    // SAFETY: forwarded contract.
    unsafe { imp::copy::<DST>(dst, src, len) }
}

/// Copies `len` bytes from segment memory `src` to local memory `dst` (no overlap).
///
/// # Safety
/// `src` must be valid for reads of `len` bytes of the segment and `dst` valid for writes of
/// `len` bytes of local memory that nothing else accesses during the call.
#[inline]
pub(crate) unsafe fn from_segment(dst: *mut u8, src: *const u8, len: usize) {
    // SAFETY: forwarded contract.
    unsafe { imp::copy::<SRC>(dst, src, len) }
}

/// Copies `len` bytes from segment memory `src` to segment memory `dst`; the ranges may
/// overlap (`memmove`).
///
/// # Safety
/// Both ranges must be valid segment memory of `len` bytes.
#[inline(always)]
pub(crate) unsafe fn within_segment(dst: *mut u8, src: *const u8, len: usize) {
    let (d, s) = (dst as usize, src as usize);
    if d < s.wrapping_add(len) && s < d.wrapping_add(len) {
        // SAFETY: forwarded contract.
        unsafe { overlapping(dst, src, len) };
    } else {
        // SAFETY: forwarded contract; the ranges are disjoint.
        unsafe { imp::copy::<BOTH>(dst, src, len) }
    }
}

/// Copies `len` bytes between two segment ranges that cannot overlap (they are in different
/// partitions).
///
/// # Safety
/// Both ranges must be valid segment memory of `len` bytes, disjoint.
#[inline(always)]
pub(crate) unsafe fn between_partitions(dst: *mut u8, src: *const u8, len: usize) {
    // SAFETY: forwarded contract.
    unsafe { imp::copy::<BOTH>(dst, src, len) }
}

/// The short cases of [`between_partitions`] alone: `len` of 1, 2, 4, 8 or 16 bytes with the
/// destination aligned to `len`, in one instruction each way, and (x86-64) whole 16-byte
/// units below 256 bytes. Returns whether it copied (else nothing was touched), for a caller
/// that keeps the rest of the copy out of line.
///
/// # Safety
/// As [`between_partitions`].
#[inline(always)]
pub(crate) unsafe fn small_between_partitions(dst: *mut u8, src: *const u8, len: usize) -> bool {
    // An aligned 8-byte element first, in two compares (a `long`, a `double`, a pointer: the
    // usual short transfer), before `small`'s jump table over the sizes. The caller has no
    // constant length for the compiler to fold `small` with.
    if len == 8 && (dst as usize).is_multiple_of(8) {
        // SAFETY: 8 bytes are valid on both sides (caller) and the destination is aligned to
        // 8, all that `unit::<_, BOTH>` needs (it reads the source unaligned), as in `small`.
        unsafe { unit::<u64, BOTH>(dst, src) };
        return true;
    }
    // SAFETY: forwarded contract.
    #[cfg(target_arch = "x86_64")]
    return unsafe { small::<BOTH>(dst, src, len) || imp::units16::<BOTH>(dst, src, len) };
    // SAFETY: forwarded contract.
    #[cfg(not(target_arch = "x86_64"))]
    return unsafe { small::<BOTH>(dst, src, len) };
}

/// [`within_segment`] for overlapping ranges (rare: a transfer between two views of one
/// object on one PE): bounce through the stack, chunk by chunk, in the order that reads every
/// source byte before it is overwritten.
///
/// # Safety
/// As [`within_segment`].
#[cold]
#[inline(never)]
unsafe fn overlapping(dst: *mut u8, src: *const u8, len: usize) {
    if ptr::eq(dst.cast_const(), src) {
        return;
    }
    let mut buf = [0u8; BOUNCE];
    let chunks = len.div_ceil(BOUNCE);
    for c in 0..chunks {
        let k = if (dst as usize) > (src as usize) {
            chunks - 1 - c
        } else {
            c
        };
        let at = k * BOUNCE;
        let n = (len - at).min(BOUNCE);
        // SAFETY: `at + n <= len`: inside both ranges; `buf` is local and `n <= BOUNCE`.
        unsafe {
            from_segment(buf.as_mut_ptr(), src.add(at), n);
            to_segment(dst.add(at), buf.as_ptr(), n);
        }
    }
}

/// Sets `len` bytes of segment memory at `dst` to `byte`.
///
/// # Safety
/// `dst` must be valid for writes of `len` bytes of the segment.
pub(crate) unsafe fn fill_segment(dst: *mut u8, byte: u8, len: usize) {
    let buf = [byte; BOUNCE];
    let mut at = 0;
    while at < len {
        let n = (len - at).min(BOUNCE);
        // SAFETY: `at + n <= len`, inside the caller's range; `buf` is local.
        unsafe { to_segment(dst.add(at), buf.as_ptr(), n) };
        at += n;
    }
}

const BOUNCE: usize = 512;

/// `acc[k] = op(acc[k], src[k])` for every element of `acc`, reading `src` (segment memory)
/// 64 bytes at a time with volatile 16-byte loads into registers: a reduction folds another
/// member's contribution in without copying it to local memory first. Returns `false` (and
/// does nothing) when this path does not apply: `src` not 16-byte aligned, or elements that
/// do not divide 16 bytes.
///
/// # Safety
/// `src` must be valid for reads of `acc.len()` elements of the segment.
#[inline]
pub(crate) unsafe fn fold_from_segment<T: bytemuck::Pod>(
    acc: &mut [T],
    src: *const u8,
    op: impl Fn(T, T) -> T,
) -> bool {
    /// One 16-byte unit of a group: an SSE2 register on x86-64 (a `u128` would travel
    /// through two general-purpose registers), a `u128` elsewhere.
    #[cfg(target_arch = "x86_64")]
    type Lane = std::arch::x86_64::__m128i;
    #[cfg(not(target_arch = "x86_64"))]
    type Lane = u128;
    /// 64 bytes, aligned like the lanes, to be read as elements.
    #[repr(C, align(16))]
    struct Group([u8; 64]);
    let size = std::mem::size_of::<T>();
    if size == 0 || 16 % size != 0 || !(src as usize).is_multiple_of(16) {
        return false;
    }
    let per = 64 / size;
    let whole = acc.len() / per;
    for (c, chunk) in acc[..whole * per].chunks_exact_mut(per).enumerate() {
        // SAFETY: group `c` (64 bytes) lies inside the caller's range and is 16-aligned;
        // volatile loads of the segment (the module's rule).
        let lanes: [Lane; 4] = unsafe {
            let p = src.add(64 * c).cast::<Lane>();
            [
                ptr::read_volatile(p),
                ptr::read_volatile(p.add(1)),
                ptr::read_volatile(p.add(2)),
                ptr::read_volatile(p.add(3)),
            ]
        };
        // SAFETY: four 16-byte lanes are 64 initialized bytes, any bytes are a `u8`, and both
        // types are 16-aligned and 64 bytes long.
        let group: Group = unsafe { std::mem::transmute::<[Lane; 4], Group>(lanes) };
        let theirs: &[T] = bytemuck::cast_slice(&group.0);
        for (a, &b) in chunk.iter_mut().zip(theirs) {
            *a = op(*a, b);
        }
    }
    for (k, a) in acc.iter_mut().enumerate().skip(whole * per) {
        let mut b = T::zeroed();
        // SAFETY: element `k` lies inside the caller's range; `b` is local.
        unsafe {
            from_segment(
                bytemuck::bytes_of_mut(&mut b).as_mut_ptr(),
                src.add(k * size),
                size,
            )
        };
        *a = op(*a, b);
    }
    true
}

/// In place in segment memory, for every element `k` of `src`: `old[k] = dst[k]` (when
/// `old` is given, of `src`'s length), then `dst[k] = op(dst[k], src[k])`. One pass over
/// `dst` with volatile, aligned vector loads into registers, the combine there, and volatile
/// vector stores back: groups of four of the widest vectors the CPU runs well (AVX-512, AVX2
/// or SSE2), then single ones, then 16-byte ones; elements before the first aligned 16 bytes
/// and after the last are read and written one volatile element at a time. So every naturally
/// aligned element is read and written by one instruction (a racing `get` sees its old or its
/// new value). Not atomic as a whole: the caller excludes every other read-modify-write of
/// these elements (the window's accumulate lock). Returns `false` (and does nothing) when the
/// elements do not divide 16 bytes or `dst` is not aligned for them.
///
/// # Safety
/// `dst` must be valid for reads and writes of `src.len()` elements of the segment.
#[inline]
pub(crate) unsafe fn combine_in_segment<T: bytemuck::Pod>(
    dst: *mut u8,
    src: &[T],
    old: Option<&mut [T]>,
    op: impl Fn(T, T) -> T,
) -> bool {
    let size = std::mem::size_of::<T>();
    if size == 0 || 16 % size != 0 || !(dst as usize).is_multiple_of(size) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if size_of_val(src) >= 256 {
            match wide_combine() {
                // SAFETY: the CPU runs AVX-512 F and BW (checked); forwarded contract.
                Wide::Avx512 => unsafe { combine_avx512(dst, src, old, op) },
                // SAFETY: the CPU runs AVX2 (checked); forwarded contract.
                Wide::Avx2 => unsafe { combine_avx2(dst, src, old, op) },
                // SAFETY: SSE2 is part of the x86-64 baseline; forwarded contract.
                Wide::Sse2 => unsafe { combine_sse2(dst, src, old, op) },
            }
        } else {
            // SAFETY: as above.
            unsafe { combine_sse2(dst, src, old, op) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: forwarded contract.
    unsafe {
        combine_groups::<u128, T>(dst, src, old, &op)
    };
    true
}

/// The widest vectors [`combine_in_segment`] uses for long ranges on this CPU.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wide {
    Sse2,
    Avx2,
    Avx512,
}

/// [`Wide`] for this CPU. AVX-512 only where 512-bit vectors cost no clock speed: the CPUs
/// with VBMI2 (Intel from Ice Lake, AMD from Zen 4); on Skylake-SP and Cascade Lake, which
/// lack it, 512-bit instructions lower the core's frequency for everything that follows, so
/// those take AVX2 (glibc's string functions make the same choice). Measured here (a Xeon with
/// AVX-512, 1024 `i64` sums in L1): 46 ns with AVX-512 against 69 ns with AVX2.
#[cfg(target_arch = "x86_64")]
#[inline]
fn wide_combine() -> Wide {
    if std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi2")
    {
        Wide::Avx512
    } else if std::arch::is_x86_feature_detected!("avx2") {
        Wide::Avx2
    } else {
        Wide::Sse2
    }
}

/// One 16-byte vector of [`combine_groups`]' narrow steps: an SSE2 register on x86-64, a
/// `u128` elsewhere.
#[cfg(target_arch = "x86_64")]
type Lane16 = std::arch::x86_64::__m128i;
#[cfg(not(target_arch = "x86_64"))]
type Lane16 = u128;

/// [`combine_in_segment`]'s body with `W` the widest vector (16, 32 or 64 bytes): elements
/// one at a time up to 16-byte alignment, 16-byte vectors up to `W`'s alignment, groups of
/// four `W`, single `W`s, 16-byte vectors, then elements one at a time.
///
/// # Safety
/// As [`combine_in_segment`], whose checks the caller made; the CPU runs `W`'s instructions.
#[inline(always)]
unsafe fn combine_groups<W: bytemuck::Pod, T: bytemuck::Pod>(
    dst: *mut u8,
    src: &[T],
    mut old: Option<&mut [T]>,
    op: &impl Fn(T, T) -> T,
) {
    let size = std::mem::size_of::<T>();
    let n = src.len();
    let addr = dst as usize;
    // One element, volatile (the head and the tail).
    let one = |k: usize, old: &mut Option<&mut [T]>| {
        // SAFETY: element `k` is inside the caller's range and aligned for `T` (checked by
        // the caller: `dst` is, and elements follow one another); volatile accesses to the
        // segment (the module's rule).
        unsafe {
            let p = dst.add(k * size).cast::<T>();
            let cur = ptr::read_volatile(p);
            if let Some(o) = old.as_deref_mut() {
                o[k] = cur;
            }
            ptr::write_volatile(p, op(cur, src[k]));
        }
    };
    let (per16, per_w) = (16 / size, size_of::<W>() / size);
    let mut at = ((addr.next_multiple_of(16) - addr) / size).min(n);
    for k in 0..at {
        one(k, &mut old);
    }
    // `at` is 16-aligned here (or `n`); 16-byte steps up to `W`'s alignment, if the range
    // reaches it.
    let here = addr + at * size;
    let to_w = (here.next_multiple_of(size_of::<W>()) - here) / 16;
    for _ in 0..to_w.min((n - at) / per16) {
        // SAFETY: 16 bytes inside the range, 16-aligned (above).
        unsafe { combine_step::<Lane16, 1, T>(dst, src, &mut old, op, at) };
        at += per16;
    }
    // If any `W` fits now, `at` is aligned for it (the loop above reached `W`'s alignment).
    while n - at >= 4 * per_w {
        // SAFETY: four `W` inside the range, aligned for `W` (above).
        unsafe { combine_step::<W, 4, T>(dst, src, &mut old, op, at) };
        at += 4 * per_w;
    }
    while n - at >= per_w {
        // SAFETY: one `W` inside the range, aligned for `W`.
        unsafe { combine_step::<W, 1, T>(dst, src, &mut old, op, at) };
        at += per_w;
    }
    while n - at >= per16 {
        // SAFETY: 16 bytes inside the range, 16-aligned (a multiple of 16 past an aligned
        // `W`, or past the 16-byte head).
        unsafe { combine_step::<Lane16, 1, T>(dst, src, &mut old, op, at) };
        at += per16;
    }
    for k in at..n {
        one(k, &mut old);
    }
}

/// Elements `at ..` of [`combine_groups`] in `K` vectors `V`: read with volatile loads, old
/// values copied out, combined in registers, written back with volatile stores.
///
/// # Safety
/// The `K` vectors at element `at` lie inside the caller's range and are aligned for `V`;
/// the CPU runs `V`'s instructions.
#[inline(always)]
unsafe fn combine_step<V: bytemuck::Pod, const K: usize, T: bytemuck::Pod>(
    dst: *mut u8,
    src: &[T],
    old: &mut Option<&mut [T]>,
    op: &impl Fn(T, T) -> T,
    at: usize,
) {
    let per = K * size_of::<V>() / size_of::<T>();
    // SAFETY: the caller's contract; volatile loads and stores of the segment (the module's
    // rule).
    unsafe {
        let p = dst.add(at * size_of::<T>()).cast::<V>();
        let mut lanes: [V; K] = std::array::from_fn(|k| ptr::read_volatile(p.add(k)));
        let cur: &mut [T] = bytemuck::cast_slice_mut(&mut lanes);
        if let Some(o) = old.as_deref_mut() {
            o[at..at + per].copy_from_slice(cur);
        }
        for (a, &b) in cur.iter_mut().zip(&src[at..at + per]) {
            *a = op(*a, b);
        }
        for (k, v) in lanes.into_iter().enumerate() {
            ptr::write_volatile(p.add(k), v);
        }
    }
}

#[cfg(target_arch = "x86_64")]
macro_rules! vector_combine {
    ($name:ident, $feature:literal, $v:ty) => {
        /// [`combine_in_segment`] with this vector width.
        ///
        /// # Safety
        /// As [`combine_in_segment`], whose checks the caller made; the CPU has the target
        /// feature.
        #[target_feature(enable = $feature)]
        unsafe fn $name<T: bytemuck::Pod>(
            dst: *mut u8,
            src: &[T],
            old: Option<&mut [T]>,
            op: impl Fn(T, T) -> T,
        ) {
            // SAFETY: forwarded contract.
            unsafe { combine_groups::<$v, T>(dst, src, old, &op) }
        }
    };
}
#[cfg(target_arch = "x86_64")]
vector_combine!(
    combine_avx512,
    "avx512f,avx512bw",
    std::arch::x86_64::__m512i
);
#[cfg(target_arch = "x86_64")]
vector_combine!(combine_avx2, "avx2", std::arch::x86_64::__m256i);
#[cfg(target_arch = "x86_64")]
vector_combine!(combine_sse2, "sse2", std::arch::x86_64::__m128i);

/// Which side of a copy is segment memory (accessed volatile, and aligned first): a const
/// parameter of the copy functions, so each kind of copy is compiled on its own.
type Side = u8;
/// The destination only (a put from local memory).
const DST: Side = 0;
/// The source only (a get into local memory).
const SRC: Side = 1;
/// Both (a transfer between symmetric objects); the destination is aligned.
const BOTH: Side = 2;

/// Reads one `W` for a copy whose segment side is `SIDE`: volatile (and aligned) from the
/// segment, plain and unaligned from local memory.
///
/// # Safety
/// `src` valid for `size_of::<W>()` bytes, aligned for `W` if it is segment memory.
#[inline(always)]
unsafe fn load<W: Copy, const SIDE: Side>(src: *const u8) -> W {
    #[derive(Clone, Copy)]
    #[repr(C, packed)]
    struct Unaligned<W>(W);
    // SAFETY: (every arm) the caller guarantees validity and, for the segment side, alignment;
    // a transfer within the segment aligns its destination, so its source is read through a
    // packed wrapper (alignment 1). Volatile accesses to the segment are the module's rule;
    // local memory may be accessed plainly.
    unsafe {
        match SIDE {
            DST => ptr::read_unaligned(src.cast::<W>()),
            SRC => ptr::read_volatile(src.cast::<W>()),
            _ => ptr::read_volatile(src.cast::<Unaligned<W>>()).0,
        }
    }
}

/// Writes one `W` for a copy whose segment side is `SIDE` (see [`load`]).
///
/// # Safety
/// `dst` valid for `size_of::<W>()` bytes, aligned for `W` if it is segment memory.
#[inline(always)]
unsafe fn store<W: Copy, const SIDE: Side>(dst: *mut u8, v: W) {
    // SAFETY: as in `load`: volatile and aligned into the segment (`DST`, `BOTH`), plain and
    // unaligned into local memory (`SRC`).
    unsafe {
        match SIDE {
            SRC => ptr::write_unaligned(dst.cast::<W>(), v),
            _ => ptr::write_volatile(dst.cast::<W>(), v),
        }
    }
}

/// One naturally aligned unit on the segment side, any alignment on the other.
///
/// # Safety
/// Both ranges valid for `size_of::<W>()` bytes; the segment side aligned for `W`.
#[inline(always)]
unsafe fn unit<W: Copy, const SIDE: Side>(dst: *mut u8, src: *const u8) {
    // SAFETY: forwarded contract.
    unsafe { store::<W, SIDE>(dst, load::<W, SIDE>(src)) }
}

/// Moves the head or tail: units of at most `max` bytes, each the largest power of two that
/// the segment side's alignment and the remaining length allow. Returns the bytes moved
/// (stops once the segment side is aligned to `max` and at least `max` bytes remain).
///
/// # Safety
/// Both ranges valid for `len` bytes.
#[inline(always)]
unsafe fn edges<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize, max: usize) -> usize {
    let mut at = 0;
    while at < len {
        let seg = if SIDE == SRC {
            src as usize + at
        } else {
            dst as usize + at
        };
        let left = len - at;
        if seg.is_multiple_of(max) && left >= max {
            break;
        }
        let align = 1usize << seg.trailing_zeros().min(4);
        let fit = 1usize << (usize::BITS - 1 - left.leading_zeros()).min(4);
        let u = align.min(fit).min(max);
        // SAFETY: `at + u <= len` (u <= left); the segment side at `seg` is aligned to `u`.
        unsafe {
            let (d, s) = (dst.add(at), src.add(at));
            match u {
                1 => unit::<u8, SIDE>(d, s),
                2 => unit::<u16, SIDE>(d, s),
                4 => unit::<u32, SIDE>(d, s),
                8 => unit::<u64, SIDE>(d, s),
                _ => unit::<u128, SIDE>(d, s),
            }
        }
        at += u;
    }
    at
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use std::arch::x86_64::{__m128i, __m256i};

    use super::{SRC, Side, edges, load, store, unit};

    /// # Safety
    /// As the public functions: both ranges valid for `len` bytes, disjoint.
    #[inline(always)]
    pub(super) unsafe fn copy<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize) {
        // SAFETY: forwarded contract.
        if unsafe { super::small::<SIDE>(dst, src, len) || units16::<SIDE>(dst, src, len) } {
            return;
        }
        // SAFETY: forwarded contract.
        unsafe { general::<SIDE>(dst, src, len) }
    }

    /// The short copy in whole 16-byte units, when it applies (below `AVX2_FROM`, a multiple
    /// of 16, the segment side 16-aligned); returns whether it copied.
    ///
    /// # Safety
    /// As [`copy`].
    #[inline(always)]
    pub(super) unsafe fn units16<const SIDE: Side>(
        dst: *mut u8,
        src: *const u8,
        len: usize,
    ) -> bool {
        let seg = if SIDE == SRC {
            src as usize
        } else {
            dst as usize
        };
        if len < AVX2_FROM && len.is_multiple_of(16) && seg.is_multiple_of(16) {
            // The common case of a short transfer into or out of a symmetric object (which
            // is 128-byte aligned) in whole 16-byte units: no edges to handle, no call. Four
            // loads, then four stores, as `memcpy` does: a load issued after a store that
            // only looks related (the same address modulo 4 KiB, as two objects of a size
            // that is a multiple of 4 KiB have) waits for that store.
            let mut at = 0;
            while len - at >= 64 {
                // SAFETY: `at + 64 <= len`; the segment side is 16-aligned.
                unsafe {
                    let v = [0, 16, 32, 48].map(|k| load::<__m128i, SIDE>(src.add(at + k)));
                    for (k, v) in [0, 16, 32, 48].into_iter().zip(v) {
                        store::<__m128i, SIDE>(dst.add(at + k), v);
                    }
                }
                at += 64;
            }
            while at < len {
                // SAFETY: `at + 16 <= len`; the segment side is 16-aligned.
                unsafe { unit::<__m128i, SIDE>(dst.add(at), src.add(at)) };
                at += 16;
            }
            return true;
        }
        false
    }

    /// Copies below this size use SSE2 (baseline) vectors; above, AVX2 when the CPU has it
    /// (the feature check and the wider loop's set-up pay off from here).
    const AVX2_FROM: usize = 256;

    /// # Safety
    /// As [`copy`].
    #[inline(never)]
    unsafe fn general<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize) {
        if len >= AVX2_FROM && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 is available (checked); forwarded contract.
            unsafe { avx2::<SIDE>(dst, src, len) };
        } else {
            // SAFETY: SSE2 is part of the x86-64 baseline; forwarded contract.
            unsafe { sse2::<SIDE>(dst, src, len) };
        }
    }

    macro_rules! vector_copy {
        ($name:ident, $feature:literal, $v:ty, $width:literal) => {
            /// # Safety
            /// Both ranges valid for `len` bytes, disjoint; the CPU has the target feature.
            #[target_feature(enable = $feature)]
            unsafe fn $name<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize) {
                // SAFETY: forwarded contract.
                let mut at = unsafe { edges::<SIDE>(dst, src, len, $width) };
                // Four vectors at a time: the loads of one group overlap in the pipeline.
                while len - at >= 4 * $width {
                    // SAFETY: `at + 4 * width <= len`; the segment side is `width`-aligned at
                    // `at` (after `edges`) and stays so; see `unit`.
                    unsafe {
                        let (d, s) = (dst.add(at), src.add(at));
                        unit::<$v, SIDE>(d, s);
                        unit::<$v, SIDE>(d.add($width), s.add($width));
                        unit::<$v, SIDE>(d.add(2 * $width), s.add(2 * $width));
                        unit::<$v, SIDE>(d.add(3 * $width), s.add(3 * $width));
                    }
                    at += 4 * $width;
                }
                while len - at >= $width {
                    // SAFETY: as above, one vector.
                    unsafe { unit::<$v, SIDE>(dst.add(at), src.add(at)) };
                    at += $width;
                }
                // SAFETY: the rest is below `width` bytes, inside both ranges.
                unsafe { edges::<SIDE>(dst.add(at), src.add(at), len - at, $width) };
            }
        };
    }
    vector_copy!(avx2, "avx2", __m256i, 32);
    vector_copy!(sse2, "sse2", __m128i, 16);
}

#[cfg(not(target_arch = "x86_64"))]
mod imp {
    use super::{Side, edges, unit};

    /// # Safety
    /// As the public functions: both ranges valid for `len` bytes, disjoint.
    #[inline(always)]
    pub(super) unsafe fn copy<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize) {
        // SAFETY: forwarded contract.
        if unsafe { super::small::<SIDE>(dst, src, len) } {
            return;
        }
        // SAFETY: forwarded contract.
        unsafe { general::<SIDE>(dst, src, len) }
    }

    /// # Safety
    /// As [`copy`].
    #[inline(never)]
    unsafe fn general(dst: *mut u8, src: *const u8, len: usize, side: Side) {
        // SAFETY: forwarded contract.
        let mut at = unsafe { edges(dst, src, len, side, 16) };
        while len - at >= 16 {
            // SAFETY: `at + 16 <= len`, segment side 16-aligned.
            unsafe { unit::<u128>(dst.add(at), src.add(at), side) };
            at += 16;
        }
        // SAFETY: the rest, inside both ranges.
        unsafe { edges(dst.add(at), src.add(at), len - at, side, 16) };
    }
}

/// The common small case in one instruction each way: `len` of 1, 2, 4, 8 or 16 bytes with
/// the segment side aligned to `len` (a `p`-sized put or get of a symmetric element). Returns
/// whether it handled the copy.
///
/// # Safety
/// Both ranges valid for `len` bytes.
#[inline(always)]
unsafe fn small<const SIDE: Side>(dst: *mut u8, src: *const u8, len: usize) -> bool {
    let seg = if SIDE == SRC {
        src as usize
    } else {
        dst as usize
    };
    if len > 16 || !len.is_power_of_two() || !seg.is_multiple_of(len) {
        return false;
    }
    // SAFETY: `len` bytes are valid on both sides (caller) and the segment side is aligned to
    // `len`, which is the unit's size.
    unsafe {
        match len {
            1 => unit::<u8, SIDE>(dst, src),
            2 => unit::<u16, SIDE>(dst, src),
            4 => unit::<u32, SIDE>(dst, src),
            8 => unit::<u64, SIDE>(dst, src),
            _ => unit::<u128, SIDE>(dst, src),
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(n: usize, seed: u8) -> Vec<u8> {
        (0..n)
            .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
            .collect()
    }

    #[test]
    fn every_length_and_alignment_copies_exactly() {
        let src = pattern(600, 7);
        for len in (0..300).chain([511, 512, 513, 600 - 40]) {
            for so in [0usize, 1, 3, 8, 13, 32] {
                for dofs in [0usize, 1, 4, 7, 16, 33] {
                    if so + len > 560 || dofs + len > 560 {
                        continue;
                    }
                    for side in [DST, SRC, BOTH] {
                        let mut dst = vec![0xEEu8; 600];
                        let (d, s) = (dst.as_mut_ptr(), src.as_ptr());
                        // SAFETY: both ranges are inside their vectors.
                        unsafe {
                            let (d, s) = (d.add(dofs), s.add(so));
                            match side {
                                DST => imp::copy::<DST>(d, s, len),
                                SRC => imp::copy::<SRC>(d, s, len),
                                _ => imp::copy::<BOTH>(d, s, len),
                            }
                        };
                        assert_eq!(&dst[dofs..dofs + len], &src[so..so + len], "len {len}");
                        assert!(dst[..dofs].iter().all(|&b| b == 0xEE));
                        assert!(dst[dofs + len..].iter().all(|&b| b == 0xEE));
                    }
                }
            }
        }
    }

    /// The combines this CPU runs: `combine_in_segment` (which picks one) and each vector
    /// width on its own, so that every width is tested on a CPU that has it.
    #[allow(clippy::type_complexity)]
    fn combines<T: bytemuck::Pod>() -> Vec<(
        &'static str,
        unsafe fn(*mut u8, &[T], Option<&mut [T]>, fn(T, T) -> T) -> bool,
    )> {
        let mut v: Vec<(
            &'static str,
            unsafe fn(*mut u8, &[T], Option<&mut [T]>, fn(T, T) -> T) -> bool,
        )> = vec![("dispatch", |d, s, o, op| {
            // SAFETY: the caller's contract.
            unsafe { combine_in_segment(d, s, o, op) }
        })];
        #[cfg(target_arch = "x86_64")]
        {
            v.push(("sse2", |d, s, o, op| {
                // SAFETY: the caller's contract; SSE2 is baseline.
                unsafe { combine_sse2(d, s, o, op) };
                true
            }));
            if std::arch::is_x86_feature_detected!("avx2") {
                v.push(("avx2", |d, s, o, op| {
                    // SAFETY: the caller's contract; AVX2 detected.
                    unsafe { combine_avx2(d, s, o, op) };
                    true
                }));
            }
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                v.push(("avx512", |d, s, o, op| {
                    // SAFETY: the caller's contract; AVX-512 F and BW detected.
                    unsafe { combine_avx512(d, s, o, op) };
                    true
                }));
            }
        }
        v
    }

    /// `combine_in_segment` and each vector width against a plain loop, for every element
    /// size it takes, lengths and starting elements that put heads, 16-byte steps, groups,
    /// single vectors and tails at every position, with and without `old`; nothing outside
    /// the range changes.
    #[test]
    fn combine_in_place_matches_a_plain_loop() {
        fn check<T: bytemuck::Pod + PartialEq + std::fmt::Debug>(
            make: impl Fn(usize) -> T,
            op: fn(T, T) -> T,
        ) {
            let size = std::mem::size_of::<T>();
            #[repr(C, align(64))]
            struct Mem([u8; 8192]);
            let lens = (0..80).chain([127, 128, 129, 255, 256, 257, 300, 383, 511, 512, 513, 1000]);
            for ((name, combine), len) in combines::<T>()
                .into_iter()
                .flat_map(|c| lens.clone().map(move |l| (c, l)))
            {
                // Destination offsets with an aligned source, then sources at several skews
                // from a 64-byte boundary.
                let firsts = [0usize, 1, 2, 3, 5, 8, 13].map(|f| (f, 0));
                let skews = [1usize, 3, 7, 13].into_iter().filter(|&k| k * size < 64);
                for (first, skew) in firsts
                    .into_iter()
                    .chain(skews.flat_map(|k| [(0, k), (3, k)]))
                {
                    if (first + len) * size > 8192 - 64 {
                        continue;
                    }
                    let mut mem = Mem([0; 8192]);
                    let target: &mut [T] = bytemuck::cast_slice_mut(&mut mem.0);
                    for (k, t) in target.iter_mut().enumerate() {
                        *t = make(k);
                    }
                    let before = target.to_vec();
                    let mut src_mem = Mem([0; 8192]);
                    let src_all: &mut [T] = bytemuck::cast_slice_mut(&mut src_mem.0);
                    for (k, t) in src_all.iter_mut().enumerate() {
                        *t = make(1000 + 7 * k);
                    }
                    let src = &src_all[skew..skew + len];
                    let mut old = vec![make(5); len];
                    for with_old in [false, true] {
                        let target: &mut [T] = bytemuck::cast_slice_mut(&mut mem.0);
                        target.copy_from_slice(&before);
                        let dst = target[first..].as_mut_ptr().cast::<u8>();
                        let o = with_old.then_some(&mut old[..]);
                        // SAFETY: the range is inside `mem`, which nothing else accesses.
                        assert!(unsafe { combine(dst, src, o, op) });
                        let target: &[T] = bytemuck::cast_slice(&mem.0);
                        for (k, (&got, &was)) in target.iter().zip(&before).enumerate() {
                            let want = if (first..first + len).contains(&k) {
                                op(was, src[k - first])
                            } else {
                                was
                            };
                            assert_eq!(
                                got, want,
                                "{name}: size {size} len {len} first {first} skew {skew} k {k}"
                            );
                        }
                        if with_old {
                            assert_eq!(old[..], before[first..first + len]);
                        }
                    }
                }
            }
        }
        check(|k| k as u8 ^ 0x5A, u8::wrapping_add);
        check(|k| (k as u16).wrapping_mul(77), |a: u16, b| a ^ b);
        check(|k| (k as i32).wrapping_mul(-3), i32::min);
        check(
            |k| (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            u64::wrapping_mul,
        );
        check(|k| k as f32 * 0.5, |a: f32, b| a + b);
        check(|k| k as f64 - 100.0, f64::max);
        check(|k| k as u128 * 3, |_: u128, b| b);
        // Elements that do not divide 16 bytes are not taken.
        let mut three = [[0u8; 3]; 4];
        let dst = three.as_mut_ptr().cast::<u8>();
        // SAFETY: inside `three`.
        assert!(!unsafe { combine_in_segment(dst, &[[1u8; 3]; 4], None, |a, _| a) });
    }

    #[test]
    fn overlapping_moves_are_memmove() {
        for (d, s, len) in [(0, 5, 1200), (5, 0, 1200), (100, 101, 900), (101, 100, 900)] {
            let mut buf = pattern(1400, 3);
            let mut want = buf.clone();
            want.copy_within(s..s + len, d);
            let p = buf.as_mut_ptr();
            // SAFETY: both ranges are inside `buf`.
            unsafe { within_segment(p.add(d), p.add(s), len) };
            assert_eq!(buf, want, "d {d} s {s}");
        }
    }

    #[test]
    fn folds_read_whole_groups_and_the_tail() {
        #[repr(C, align(64))]
        struct Src([u64; 40]);
        let src = Src(std::array::from_fn(|i| 1u64 << (i % 64)));
        for n in [0usize, 1, 7, 8, 9, 33, 40] {
            let mut acc = vec![3u64; n];
            // SAFETY: `n <= 40` elements of `src`, 64-aligned.
            let done = unsafe { fold_from_segment(&mut acc, src.0.as_ptr().cast(), |a, b| a | b) };
            assert!(done);
            let want: Vec<u64> = (0..n).map(|i| 3 | (1u64 << (i % 64))).collect();
            assert_eq!(acc, want, "n {n}");
        }
        let mut acc = vec![0u32; 4];
        // SAFETY: inside `src`; misaligned on purpose: the path refuses.
        let done = unsafe {
            fold_from_segment(&mut acc, src.0.as_ptr().cast::<u8>().add(4), |a, b| a + b)
        };
        assert!(!done);
        assert_eq!(acc, [0; 4]);
    }

    #[test]
    fn fill() {
        let mut buf = vec![1u8; 2000];
        // SAFETY: inside `buf`.
        unsafe { fill_segment(buf.as_mut_ptr().add(3), 0, 1990) };
        assert_eq!(buf[..3], [1, 1, 1]);
        assert!(buf[3..1993].iter().all(|&b| b == 0));
        assert_eq!(buf[1993..], [1; 7]);
    }
}
