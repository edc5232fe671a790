//! Atomic memory operations (OpenSHMEM 1.5 §9.7): the standard, extended and bitwise AMOs
//! of Tables 6 and 7, their non-blocking fetching forms, and the deprecated names.
//!
//! Every AMO is one `lock`-prefixed read-modify-write (SeqCst) on the target word; signed and
//! floating-point types travel as their bits. None takes a lock: at `SHMEM_THREAD_MULTIPLE`
//! the out-of-line path does the AMO through `crate::threads` (the hot path is never taken
//! then, `State::sym_fast`).

use std::ffi::c_void;

use bytemuck::Pod;
use shmem_core::transport::{AmoOp, AmoWord, Transport};

use crate::state::{Local, State, fail, st_unlocked};
use crate::threads;

/// One AMO on the symmetric `dest` on `pe`; returns the previous value. The hot path (a
/// naturally aligned word found by `State::sym_fast`) makes no call; the rest is
/// `amo_slow`'s, with the checks and messages of `State::sym_word`.
#[inline(always)]
fn amo<T: Pod, W: AmoWord>(call: &str, dest: *const c_void, pe: i32, op: AmoOp<W>) -> T {
    let s = st_unlocked(call);
    let pe = s.pe(call, pe);
    match s.sym_fast(dest, size_of::<T>()) {
        Some(off) if (dest as usize).is_multiple_of(size_of::<T>()) => {
            // SAFETY: `pe` is a PE of the job (`State::pe`) and the word ends inside the
            // partition (`State::sym_fast`), so `State::at_fast` gives the pointer `amo_at`
            // needs.
            let old = unsafe { s.t().amo_at::<W>(pe, off, s.at_fast(pe, off).cast(), op) };
            bytemuck::cast(old)
        }
        _ => amo_slow::<T, W>(s, call, dest, pe, op),
    }
}

/// [`amo`] off its hot path.
#[cold]
#[inline(never)]
fn amo_slow<T: Pod, W: AmoWord>(
    s: &State,
    call: &str,
    dest: *const c_void,
    pe: usize,
    op: AmoOp<W>,
) -> T {
    let off = s.sym_word(call, "dest", dest, size_of::<T>());
    if let Some(path) = s.path {
        // SAFETY: `pe` is a PE of the job (`State::pe`); the word is inside the partition and
        // aligned (`State::sym_word`).
        return bytemuck::cast(unsafe { threads::amo::<W>(path, pe, off, op) });
    }
    // SAFETY: `pe` is a PE of the job (`State::pe`) and the word ends inside the partition
    // (`State::sym`), so `State::at` gives the pointer `amo_at` needs.
    bytemuck::cast(unsafe { s.t().amo_at::<W>(pe, off, s.at(pe, off).cast(), op) })
}

/// `v` as its word.
#[inline(always)]
fn w<T: Pod, W: Pod>(v: T) -> W {
    bytemuck::cast(v)
}

/// Writes a fetched value to the caller's `fetch` (a `_nbi` AMO's result).
///
/// # Safety
/// `fetch` is valid for writing a `T` (crate contract).
#[inline(always)]
unsafe fn deliver<T: Pod>(call: &str, fetch: *mut T, v: T) {
    let s = st_unlocked(call);
    if fetch.is_null() || !fetch.is_aligned() {
        fail(call, format_args!("fetch {fetch:p} is NULL or misaligned"));
    }
    let local = s.local(call, "fetch", fetch.cast(), size_of::<T>());
    if let (Some(path), Local::Sym(p, o)) = (s.path, &local) {
        let src = (&raw const v).cast();
        let n = size_of::<T>();
        // SAFETY: `v` is ours, readable for a `T`; the symmetric fetch word is inside `p`'s
        // partition (`State::local`).
        return unsafe { threads::put(path, call, *p, *o, Local::Plain, src, n, n) };
    }
    match local {
        Local::Sym(p, o) => s.t().put(p, o, bytemuck::bytes_of(&v)),
        // SAFETY: non-null, aligned, ordinary process memory writable for a `T` (caller).
        Local::Plain => unsafe { fetch.write(v) },
    }
}

macro_rules! amo_fn {
    (fetch_inc $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: adds 1 to the symmetric `dest` on `pe`, returns the old value.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, pe: i32) -> $t {
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, AmoOp::FetchAdd(1))
        }
    };
    (inc $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: adds 1 to the symmetric `dest` on `pe`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, pe: i32) {
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, AmoOp::FetchAdd(1));
        }
    };
    (fetch_op $name:ident, $op:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: combines `value` into the symmetric `dest` on `pe` (", stringify!($op), "), returns the old value.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, value: $t, pe: i32) -> $t {
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, AmoOp::$op(w(value)))
        }
    };
    (op $name:ident, $op:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: combines `value` into the symmetric `dest` on `pe` (", stringify!($op), ").")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, value: $t, pe: i32) {
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, AmoOp::$op(w(value)));
        }
    };
    (cswap $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: stores `value` into the symmetric `dest` on `pe` if it equals `cond`; returns the old value.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, cond: $t, value: $t, pe: i32) -> $t {
            let op = AmoOp::CompareSwap { cond: w(cond), new: w(value) };
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, op)
        }
    };
    (fetch $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: atomically loads the symmetric `source` on `pe`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `source` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(source: *const $t, pe: i32) -> $t {
            amo::<$t, $w>(stringify!($name), source.cast(), pe, AmoOp::Fetch)
        }
    };
    (set $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: atomically stores `value` into the symmetric `dest` on `pe`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `dest` is checked, never dereferenced locally.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(dest: *mut $t, value: $t, pe: i32) {
            amo::<$t, $w>(stringify!($name), dest.cast(), pe, AmoOp::Set(w(value)));
        }
    };
    (nbi $name:ident, $op:expr, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: the fetching AMO, its old value written to `*fetch` (complete on return here).")]
        ///
        /// # Safety
        /// `fetch` is valid for writing one element (crate contract); `dest` is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(fetch: *mut $t, dest: *mut $t, value: $t, pe: i32) {
            let op: fn($t) -> AmoOp<$w> = $op;
            let old = amo::<$t, $w>(stringify!($name), dest.cast(), pe, op(value));
            // SAFETY: forwarded contract.
            unsafe { deliver(stringify!($name), fetch, old) }
        }
    };
    (nbi0 $name:ident, $op:expr, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: the fetching AMO, its old value written to `*fetch` (complete on return here).")]
        ///
        /// # Safety
        /// `fetch` is valid for writing one element (crate contract); `dest` is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(fetch: *mut $t, dest: *const $t, pe: i32) {
            let old = amo::<$t, $w>(stringify!($name), dest.cast(), pe, $op);
            // SAFETY: forwarded contract.
            unsafe { deliver(stringify!($name), fetch, old) }
        }
    };
    (cswap_nbi $name:ident, $t:ty, $w:ty) => {
        #[doc = concat!("`", stringify!($name), "`: compare-and-swap, its old value written to `*fetch` (complete on return here).")]
        ///
        /// # Safety
        /// `fetch` is valid for writing one element (crate contract); `dest` is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(fetch: *mut $t, dest: *mut $t, cond: $t, value: $t, pe: i32) {
            let op = AmoOp::CompareSwap { cond: w(cond), new: w(value) };
            let old = amo::<$t, $w>(stringify!($name), dest.cast(), pe, op);
            // SAFETY: forwarded contract.
            unsafe { deliver(stringify!($name), fetch, old) }
        }
    };
}

// Standard AMOs (Table 6).
amo_fn!(fetch_inc shmem_int_atomic_fetch_inc, i32, u32);
amo_fn!(inc shmem_int_atomic_inc, i32, u32);
amo_fn!(fetch_op shmem_int_atomic_fetch_add, FetchAdd, i32, u32);
amo_fn!(op shmem_int_atomic_add, FetchAdd, i32, u32);
amo_fn!(cswap shmem_int_atomic_compare_swap, i32, u32);
amo_fn!(nbi0 shmem_int_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), i32, u32);
amo_fn!(nbi shmem_int_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), i32, u32);
amo_fn!(cswap_nbi shmem_int_atomic_compare_swap_nbi, i32, u32);
amo_fn!(fetch_inc shmem_long_atomic_fetch_inc, i64, u64);
amo_fn!(inc shmem_long_atomic_inc, i64, u64);
amo_fn!(fetch_op shmem_long_atomic_fetch_add, FetchAdd, i64, u64);
amo_fn!(op shmem_long_atomic_add, FetchAdd, i64, u64);
amo_fn!(cswap shmem_long_atomic_compare_swap, i64, u64);
amo_fn!(nbi0 shmem_long_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), i64, u64);
amo_fn!(nbi shmem_long_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), i64, u64);
amo_fn!(cswap_nbi shmem_long_atomic_compare_swap_nbi, i64, u64);
amo_fn!(fetch_inc shmem_longlong_atomic_fetch_inc, i64, u64);
amo_fn!(inc shmem_longlong_atomic_inc, i64, u64);
amo_fn!(fetch_op shmem_longlong_atomic_fetch_add, FetchAdd, i64, u64);
amo_fn!(op shmem_longlong_atomic_add, FetchAdd, i64, u64);
amo_fn!(cswap shmem_longlong_atomic_compare_swap, i64, u64);
amo_fn!(nbi0 shmem_longlong_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), i64, u64);
amo_fn!(nbi shmem_longlong_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), i64, u64);
amo_fn!(cswap_nbi shmem_longlong_atomic_compare_swap_nbi, i64, u64);
amo_fn!(fetch_inc shmem_uint_atomic_fetch_inc, u32, u32);
amo_fn!(inc shmem_uint_atomic_inc, u32, u32);
amo_fn!(fetch_op shmem_uint_atomic_fetch_add, FetchAdd, u32, u32);
amo_fn!(op shmem_uint_atomic_add, FetchAdd, u32, u32);
amo_fn!(cswap shmem_uint_atomic_compare_swap, u32, u32);
amo_fn!(nbi0 shmem_uint_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), u32, u32);
amo_fn!(nbi shmem_uint_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), u32, u32);
amo_fn!(cswap_nbi shmem_uint_atomic_compare_swap_nbi, u32, u32);
amo_fn!(fetch_inc shmem_ulong_atomic_fetch_inc, u64, u64);
amo_fn!(inc shmem_ulong_atomic_inc, u64, u64);
amo_fn!(fetch_op shmem_ulong_atomic_fetch_add, FetchAdd, u64, u64);
amo_fn!(op shmem_ulong_atomic_add, FetchAdd, u64, u64);
amo_fn!(cswap shmem_ulong_atomic_compare_swap, u64, u64);
amo_fn!(nbi0 shmem_ulong_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), u64, u64);
amo_fn!(nbi shmem_ulong_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), u64, u64);
amo_fn!(cswap_nbi shmem_ulong_atomic_compare_swap_nbi, u64, u64);
amo_fn!(fetch_inc shmem_ulonglong_atomic_fetch_inc, u64, u64);
amo_fn!(inc shmem_ulonglong_atomic_inc, u64, u64);
amo_fn!(fetch_op shmem_ulonglong_atomic_fetch_add, FetchAdd, u64, u64);
amo_fn!(op shmem_ulonglong_atomic_add, FetchAdd, u64, u64);
amo_fn!(cswap shmem_ulonglong_atomic_compare_swap, u64, u64);
amo_fn!(nbi0 shmem_ulonglong_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), u64, u64);
amo_fn!(nbi shmem_ulonglong_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), u64, u64);
amo_fn!(cswap_nbi shmem_ulonglong_atomic_compare_swap_nbi, u64, u64);
amo_fn!(fetch_inc shmem_int32_atomic_fetch_inc, i32, u32);
amo_fn!(inc shmem_int32_atomic_inc, i32, u32);
amo_fn!(fetch_op shmem_int32_atomic_fetch_add, FetchAdd, i32, u32);
amo_fn!(op shmem_int32_atomic_add, FetchAdd, i32, u32);
amo_fn!(cswap shmem_int32_atomic_compare_swap, i32, u32);
amo_fn!(nbi0 shmem_int32_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), i32, u32);
amo_fn!(nbi shmem_int32_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), i32, u32);
amo_fn!(cswap_nbi shmem_int32_atomic_compare_swap_nbi, i32, u32);
amo_fn!(fetch_inc shmem_int64_atomic_fetch_inc, i64, u64);
amo_fn!(inc shmem_int64_atomic_inc, i64, u64);
amo_fn!(fetch_op shmem_int64_atomic_fetch_add, FetchAdd, i64, u64);
amo_fn!(op shmem_int64_atomic_add, FetchAdd, i64, u64);
amo_fn!(cswap shmem_int64_atomic_compare_swap, i64, u64);
amo_fn!(nbi0 shmem_int64_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), i64, u64);
amo_fn!(nbi shmem_int64_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), i64, u64);
amo_fn!(cswap_nbi shmem_int64_atomic_compare_swap_nbi, i64, u64);
amo_fn!(fetch_inc shmem_uint32_atomic_fetch_inc, u32, u32);
amo_fn!(inc shmem_uint32_atomic_inc, u32, u32);
amo_fn!(fetch_op shmem_uint32_atomic_fetch_add, FetchAdd, u32, u32);
amo_fn!(op shmem_uint32_atomic_add, FetchAdd, u32, u32);
amo_fn!(cswap shmem_uint32_atomic_compare_swap, u32, u32);
amo_fn!(nbi0 shmem_uint32_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), u32, u32);
amo_fn!(nbi shmem_uint32_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), u32, u32);
amo_fn!(cswap_nbi shmem_uint32_atomic_compare_swap_nbi, u32, u32);
amo_fn!(fetch_inc shmem_uint64_atomic_fetch_inc, u64, u64);
amo_fn!(inc shmem_uint64_atomic_inc, u64, u64);
amo_fn!(fetch_op shmem_uint64_atomic_fetch_add, FetchAdd, u64, u64);
amo_fn!(op shmem_uint64_atomic_add, FetchAdd, u64, u64);
amo_fn!(cswap shmem_uint64_atomic_compare_swap, u64, u64);
amo_fn!(nbi0 shmem_uint64_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), u64, u64);
amo_fn!(nbi shmem_uint64_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), u64, u64);
amo_fn!(cswap_nbi shmem_uint64_atomic_compare_swap_nbi, u64, u64);
amo_fn!(fetch_inc shmem_size_atomic_fetch_inc, usize, u64);
amo_fn!(inc shmem_size_atomic_inc, usize, u64);
amo_fn!(fetch_op shmem_size_atomic_fetch_add, FetchAdd, usize, u64);
amo_fn!(op shmem_size_atomic_add, FetchAdd, usize, u64);
amo_fn!(cswap shmem_size_atomic_compare_swap, usize, u64);
amo_fn!(nbi0 shmem_size_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), usize, u64);
amo_fn!(nbi shmem_size_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), usize, u64);
amo_fn!(cswap_nbi shmem_size_atomic_compare_swap_nbi, usize, u64);
amo_fn!(fetch_inc shmem_ptrdiff_atomic_fetch_inc, isize, u64);
amo_fn!(inc shmem_ptrdiff_atomic_inc, isize, u64);
amo_fn!(fetch_op shmem_ptrdiff_atomic_fetch_add, FetchAdd, isize, u64);
amo_fn!(op shmem_ptrdiff_atomic_add, FetchAdd, isize, u64);
amo_fn!(cswap shmem_ptrdiff_atomic_compare_swap, isize, u64);
amo_fn!(nbi0 shmem_ptrdiff_atomic_fetch_inc_nbi, AmoOp::FetchAdd(1), isize, u64);
amo_fn!(nbi shmem_ptrdiff_atomic_fetch_add_nbi, |v| AmoOp::FetchAdd(w(v)), isize, u64);
amo_fn!(cswap_nbi shmem_ptrdiff_atomic_compare_swap_nbi, isize, u64);
// Extended AMOs (Table 6).
amo_fn!(fetch shmem_int_atomic_fetch, i32, u32);
amo_fn!(set shmem_int_atomic_set, i32, u32);
amo_fn!(fetch_op shmem_int_atomic_swap, Swap, i32, u32);
amo_fn!(nbi0 shmem_int_atomic_fetch_nbi, AmoOp::Fetch, i32, u32);
amo_fn!(nbi shmem_int_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), i32, u32);
amo_fn!(fetch shmem_long_atomic_fetch, i64, u64);
amo_fn!(set shmem_long_atomic_set, i64, u64);
amo_fn!(fetch_op shmem_long_atomic_swap, Swap, i64, u64);
amo_fn!(nbi0 shmem_long_atomic_fetch_nbi, AmoOp::Fetch, i64, u64);
amo_fn!(nbi shmem_long_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), i64, u64);
amo_fn!(fetch shmem_longlong_atomic_fetch, i64, u64);
amo_fn!(set shmem_longlong_atomic_set, i64, u64);
amo_fn!(fetch_op shmem_longlong_atomic_swap, Swap, i64, u64);
amo_fn!(nbi0 shmem_longlong_atomic_fetch_nbi, AmoOp::Fetch, i64, u64);
amo_fn!(nbi shmem_longlong_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), i64, u64);
amo_fn!(fetch shmem_uint_atomic_fetch, u32, u32);
amo_fn!(set shmem_uint_atomic_set, u32, u32);
amo_fn!(fetch_op shmem_uint_atomic_swap, Swap, u32, u32);
amo_fn!(nbi0 shmem_uint_atomic_fetch_nbi, AmoOp::Fetch, u32, u32);
amo_fn!(nbi shmem_uint_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), u32, u32);
amo_fn!(fetch shmem_ulong_atomic_fetch, u64, u64);
amo_fn!(set shmem_ulong_atomic_set, u64, u64);
amo_fn!(fetch_op shmem_ulong_atomic_swap, Swap, u64, u64);
amo_fn!(nbi0 shmem_ulong_atomic_fetch_nbi, AmoOp::Fetch, u64, u64);
amo_fn!(nbi shmem_ulong_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), u64, u64);
amo_fn!(fetch shmem_ulonglong_atomic_fetch, u64, u64);
amo_fn!(set shmem_ulonglong_atomic_set, u64, u64);
amo_fn!(fetch_op shmem_ulonglong_atomic_swap, Swap, u64, u64);
amo_fn!(nbi0 shmem_ulonglong_atomic_fetch_nbi, AmoOp::Fetch, u64, u64);
amo_fn!(nbi shmem_ulonglong_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), u64, u64);
amo_fn!(fetch shmem_int32_atomic_fetch, i32, u32);
amo_fn!(set shmem_int32_atomic_set, i32, u32);
amo_fn!(fetch_op shmem_int32_atomic_swap, Swap, i32, u32);
amo_fn!(nbi0 shmem_int32_atomic_fetch_nbi, AmoOp::Fetch, i32, u32);
amo_fn!(nbi shmem_int32_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), i32, u32);
amo_fn!(fetch shmem_int64_atomic_fetch, i64, u64);
amo_fn!(set shmem_int64_atomic_set, i64, u64);
amo_fn!(fetch_op shmem_int64_atomic_swap, Swap, i64, u64);
amo_fn!(nbi0 shmem_int64_atomic_fetch_nbi, AmoOp::Fetch, i64, u64);
amo_fn!(nbi shmem_int64_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), i64, u64);
amo_fn!(fetch shmem_uint32_atomic_fetch, u32, u32);
amo_fn!(set shmem_uint32_atomic_set, u32, u32);
amo_fn!(fetch_op shmem_uint32_atomic_swap, Swap, u32, u32);
amo_fn!(nbi0 shmem_uint32_atomic_fetch_nbi, AmoOp::Fetch, u32, u32);
amo_fn!(nbi shmem_uint32_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), u32, u32);
amo_fn!(fetch shmem_uint64_atomic_fetch, u64, u64);
amo_fn!(set shmem_uint64_atomic_set, u64, u64);
amo_fn!(fetch_op shmem_uint64_atomic_swap, Swap, u64, u64);
amo_fn!(nbi0 shmem_uint64_atomic_fetch_nbi, AmoOp::Fetch, u64, u64);
amo_fn!(nbi shmem_uint64_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), u64, u64);
amo_fn!(fetch shmem_size_atomic_fetch, usize, u64);
amo_fn!(set shmem_size_atomic_set, usize, u64);
amo_fn!(fetch_op shmem_size_atomic_swap, Swap, usize, u64);
amo_fn!(nbi0 shmem_size_atomic_fetch_nbi, AmoOp::Fetch, usize, u64);
amo_fn!(nbi shmem_size_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), usize, u64);
amo_fn!(fetch shmem_ptrdiff_atomic_fetch, isize, u64);
amo_fn!(set shmem_ptrdiff_atomic_set, isize, u64);
amo_fn!(fetch_op shmem_ptrdiff_atomic_swap, Swap, isize, u64);
amo_fn!(nbi0 shmem_ptrdiff_atomic_fetch_nbi, AmoOp::Fetch, isize, u64);
amo_fn!(nbi shmem_ptrdiff_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), isize, u64);
amo_fn!(fetch shmem_float_atomic_fetch, f32, u32);
amo_fn!(set shmem_float_atomic_set, f32, u32);
amo_fn!(fetch_op shmem_float_atomic_swap, Swap, f32, u32);
amo_fn!(nbi0 shmem_float_atomic_fetch_nbi, AmoOp::Fetch, f32, u32);
amo_fn!(nbi shmem_float_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), f32, u32);
amo_fn!(fetch shmem_double_atomic_fetch, f64, u64);
amo_fn!(set shmem_double_atomic_set, f64, u64);
amo_fn!(fetch_op shmem_double_atomic_swap, Swap, f64, u64);
amo_fn!(nbi0 shmem_double_atomic_fetch_nbi, AmoOp::Fetch, f64, u64);
amo_fn!(nbi shmem_double_atomic_swap_nbi, |v| AmoOp::Swap(w(v)), f64, u64);
// Bitwise AMOs (Table 7).
amo_fn!(fetch_op shmem_uint_atomic_fetch_and, FetchAnd, u32, u32);
amo_fn!(op shmem_uint_atomic_and, FetchAnd, u32, u32);
amo_fn!(nbi shmem_uint_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), u32, u32);
amo_fn!(fetch_op shmem_uint_atomic_fetch_or, FetchOr, u32, u32);
amo_fn!(op shmem_uint_atomic_or, FetchOr, u32, u32);
amo_fn!(nbi shmem_uint_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), u32, u32);
amo_fn!(fetch_op shmem_uint_atomic_fetch_xor, FetchXor, u32, u32);
amo_fn!(op shmem_uint_atomic_xor, FetchXor, u32, u32);
amo_fn!(nbi shmem_uint_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), u32, u32);
amo_fn!(fetch_op shmem_ulong_atomic_fetch_and, FetchAnd, u64, u64);
amo_fn!(op shmem_ulong_atomic_and, FetchAnd, u64, u64);
amo_fn!(nbi shmem_ulong_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), u64, u64);
amo_fn!(fetch_op shmem_ulong_atomic_fetch_or, FetchOr, u64, u64);
amo_fn!(op shmem_ulong_atomic_or, FetchOr, u64, u64);
amo_fn!(nbi shmem_ulong_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), u64, u64);
amo_fn!(fetch_op shmem_ulong_atomic_fetch_xor, FetchXor, u64, u64);
amo_fn!(op shmem_ulong_atomic_xor, FetchXor, u64, u64);
amo_fn!(nbi shmem_ulong_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), u64, u64);
amo_fn!(fetch_op shmem_ulonglong_atomic_fetch_and, FetchAnd, u64, u64);
amo_fn!(op shmem_ulonglong_atomic_and, FetchAnd, u64, u64);
amo_fn!(nbi shmem_ulonglong_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), u64, u64);
amo_fn!(fetch_op shmem_ulonglong_atomic_fetch_or, FetchOr, u64, u64);
amo_fn!(op shmem_ulonglong_atomic_or, FetchOr, u64, u64);
amo_fn!(nbi shmem_ulonglong_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), u64, u64);
amo_fn!(fetch_op shmem_ulonglong_atomic_fetch_xor, FetchXor, u64, u64);
amo_fn!(op shmem_ulonglong_atomic_xor, FetchXor, u64, u64);
amo_fn!(nbi shmem_ulonglong_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), u64, u64);
amo_fn!(fetch_op shmem_int32_atomic_fetch_and, FetchAnd, i32, u32);
amo_fn!(op shmem_int32_atomic_and, FetchAnd, i32, u32);
amo_fn!(nbi shmem_int32_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), i32, u32);
amo_fn!(fetch_op shmem_int32_atomic_fetch_or, FetchOr, i32, u32);
amo_fn!(op shmem_int32_atomic_or, FetchOr, i32, u32);
amo_fn!(nbi shmem_int32_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), i32, u32);
amo_fn!(fetch_op shmem_int32_atomic_fetch_xor, FetchXor, i32, u32);
amo_fn!(op shmem_int32_atomic_xor, FetchXor, i32, u32);
amo_fn!(nbi shmem_int32_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), i32, u32);
amo_fn!(fetch_op shmem_int64_atomic_fetch_and, FetchAnd, i64, u64);
amo_fn!(op shmem_int64_atomic_and, FetchAnd, i64, u64);
amo_fn!(nbi shmem_int64_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), i64, u64);
amo_fn!(fetch_op shmem_int64_atomic_fetch_or, FetchOr, i64, u64);
amo_fn!(op shmem_int64_atomic_or, FetchOr, i64, u64);
amo_fn!(nbi shmem_int64_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), i64, u64);
amo_fn!(fetch_op shmem_int64_atomic_fetch_xor, FetchXor, i64, u64);
amo_fn!(op shmem_int64_atomic_xor, FetchXor, i64, u64);
amo_fn!(nbi shmem_int64_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), i64, u64);
amo_fn!(fetch_op shmem_uint32_atomic_fetch_and, FetchAnd, u32, u32);
amo_fn!(op shmem_uint32_atomic_and, FetchAnd, u32, u32);
amo_fn!(nbi shmem_uint32_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), u32, u32);
amo_fn!(fetch_op shmem_uint32_atomic_fetch_or, FetchOr, u32, u32);
amo_fn!(op shmem_uint32_atomic_or, FetchOr, u32, u32);
amo_fn!(nbi shmem_uint32_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), u32, u32);
amo_fn!(fetch_op shmem_uint32_atomic_fetch_xor, FetchXor, u32, u32);
amo_fn!(op shmem_uint32_atomic_xor, FetchXor, u32, u32);
amo_fn!(nbi shmem_uint32_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), u32, u32);
amo_fn!(fetch_op shmem_uint64_atomic_fetch_and, FetchAnd, u64, u64);
amo_fn!(op shmem_uint64_atomic_and, FetchAnd, u64, u64);
amo_fn!(nbi shmem_uint64_atomic_fetch_and_nbi, |v| AmoOp::FetchAnd(w(v)), u64, u64);
amo_fn!(fetch_op shmem_uint64_atomic_fetch_or, FetchOr, u64, u64);
amo_fn!(op shmem_uint64_atomic_or, FetchOr, u64, u64);
amo_fn!(nbi shmem_uint64_atomic_fetch_or_nbi, |v| AmoOp::FetchOr(w(v)), u64, u64);
amo_fn!(fetch_op shmem_uint64_atomic_fetch_xor, FetchXor, u64, u64);
amo_fn!(op shmem_uint64_atomic_xor, FetchXor, u64, u64);
amo_fn!(nbi shmem_uint64_atomic_fetch_xor_nbi, |v| AmoOp::FetchXor(w(v)), u64, u64);
// Deprecated names (OpenSHMEM 1.3): int, long, longlong; float and double for swap.
amo_fn!(fetch_inc shmem_int_finc, i32, u32);
amo_fn!(inc shmem_int_inc, i32, u32);
amo_fn!(fetch_op shmem_int_fadd, FetchAdd, i32, u32);
amo_fn!(op shmem_int_add, FetchAdd, i32, u32);
amo_fn!(cswap shmem_int_cswap, i32, u32);
amo_fn!(fetch_inc shmem_long_finc, i64, u64);
amo_fn!(inc shmem_long_inc, i64, u64);
amo_fn!(fetch_op shmem_long_fadd, FetchAdd, i64, u64);
amo_fn!(op shmem_long_add, FetchAdd, i64, u64);
amo_fn!(cswap shmem_long_cswap, i64, u64);
amo_fn!(fetch_inc shmem_longlong_finc, i64, u64);
amo_fn!(inc shmem_longlong_inc, i64, u64);
amo_fn!(fetch_op shmem_longlong_fadd, FetchAdd, i64, u64);
amo_fn!(op shmem_longlong_add, FetchAdd, i64, u64);
amo_fn!(cswap shmem_longlong_cswap, i64, u64);
amo_fn!(fetch shmem_int_fetch, i32, u32);
amo_fn!(set shmem_int_set, i32, u32);
amo_fn!(fetch_op shmem_int_swap, Swap, i32, u32);
amo_fn!(fetch shmem_long_fetch, i64, u64);
amo_fn!(set shmem_long_set, i64, u64);
amo_fn!(fetch_op shmem_long_swap, Swap, i64, u64);
amo_fn!(fetch shmem_longlong_fetch, i64, u64);
amo_fn!(set shmem_longlong_set, i64, u64);
amo_fn!(fetch_op shmem_longlong_swap, Swap, i64, u64);
amo_fn!(fetch shmem_float_fetch, f32, u32);
amo_fn!(set shmem_float_set, f32, u32);
amo_fn!(fetch_op shmem_float_swap, Swap, f32, u32);
amo_fn!(fetch shmem_double_fetch, f64, u64);
amo_fn!(set shmem_double_set, f64, u64);
amo_fn!(fetch_op shmem_double_swap, Swap, f64, u64);
