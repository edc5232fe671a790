//! Ordering, barriers, point-to-point synchronization and locks (OpenSHMEM 1.5 §9.8, §9.9,
//! §9.10).

use std::ffi::{c_int, c_long, c_void};

use bytemuck::Pod;
use shmem_core::transport::{AmoOp, Transport, Word};
use shmem_core::wait::{WaitKind, WaitSite};

use crate::state::{State, fail, st};

/// `SHMEM_CMP_EQ` ... `SHMEM_CMP_LE` (the values of `shmem.h`).
const CMP_EQ: c_int = 1;
const CMP_NE: c_int = 2;
const CMP_GT: c_int = 3;
const CMP_GE: c_int = 4;
const CMP_LT: c_int = 5;
const CMP_LE: c_int = 6;

/// `a cmp b`, for a comparison operator checked by [`check_cmp`].
#[inline(always)]
fn compare<T: PartialOrd>(cmp: c_int, a: T, b: T) -> bool {
    match cmp {
        CMP_EQ => a == b,
        CMP_NE => a != b,
        CMP_GT => a > b,
        CMP_GE => a >= b,
        CMP_LT => a < b,
        _ => a <= b,
    }
}

fn check_cmp(call: &str, cmp: c_int) {
    if !(CMP_EQ..=CMP_LE).contains(&cmp) {
        fail(
            call,
            format_args!("cmp {cmp} is not one of SHMEM_CMP_EQ, _NE, _GT, _GE, _LT, _LE"),
        );
    }
}

/// Waits until the symmetric word `ivar` of this PE satisfies `cmp value`.
#[inline(always)]
fn wait_until<T: Pod + PartialOrd, W: Word>(call: &str, ivar: *const c_void, cmp: c_int, value: T) {
    let s = st(call);
    let off = s.sym_word(call, "ivar", ivar, size_of::<T>());
    check_cmp(call, cmp);
    let site = WaitSite::new(
        WaitKind::WaitUntil,
        [off as u64, size_of::<T>() as u64, 0, 0],
    );
    s.t().wait_local::<W>(off, site, |x| {
        compare(cmp, bytemuck::cast::<W, T>(x), value)
    });
}

/// Whether the symmetric word `ivar` of this PE satisfies `cmp value` now.
#[inline(always)]
fn test<T: Pod + PartialOrd, W: Word>(
    call: &str,
    ivar: *const c_void,
    cmp: c_int,
    value: T,
) -> c_int {
    let s = st(call);
    let off = s.sym_word(call, "ivar", ivar, size_of::<T>());
    check_cmp(call, cmp);
    let x: T = bytemuck::cast(s.t().get_word::<W>(s.me(), off));
    c_int::from(compare(cmp, x, value))
}

macro_rules! p2p {
    ($t:ty, $w:ty, $c:literal, $wait_until:ident, $test:ident, $wait:ident) => {
        #[doc = concat!("`", stringify!($wait_until), "`: waits until this PE's symmetric `", $c, "` `ivar` compares true with `cmp_value`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `ivar` is checked and read atomically.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $wait_until(ivar: *mut $t, cmp: c_int, cmp_value: $t) {
            wait_until::<$t, $w>(stringify!($wait_until), ivar.cast(), cmp, cmp_value)
        }
        #[doc = concat!("`", stringify!($test), "`: 1 if this PE's symmetric `", $c, "` `ivar` compares true with `cmp_value`, else 0.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `ivar` is checked and read atomically.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $test(ivar: *mut $t, cmp: c_int, cmp_value: $t) -> c_int {
            test::<$t, $w>(stringify!($test), ivar.cast(), cmp, cmp_value)
        }
        #[doc = concat!("`", stringify!($wait), "` (deprecated): waits until `ivar` differs from `cmp_value`.")]
        ///
        /// # Safety
        /// None beyond the crate's contract: `ivar` is checked and read atomically.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $wait(ivar: *mut $t, cmp_value: $t) {
            wait_until::<$t, $w>(stringify!($wait), ivar.cast(), CMP_NE, cmp_value)
        }
    };
}

p2p!(
    i16,
    u16,
    "short",
    shmem_short_wait_until,
    shmem_short_test,
    shmem_short_wait
);
p2p!(
    i32,
    u32,
    "int",
    shmem_int_wait_until,
    shmem_int_test,
    shmem_int_wait
);
p2p!(
    i64,
    u64,
    "long",
    shmem_long_wait_until,
    shmem_long_test,
    shmem_long_wait
);
p2p!(
    i64,
    u64,
    "long long",
    shmem_longlong_wait_until,
    shmem_longlong_test,
    shmem_longlong_wait
);
p2p!(
    u16,
    u16,
    "unsigned short",
    shmem_ushort_wait_until,
    shmem_ushort_test,
    shmem_ushort_wait
);
p2p!(
    u32,
    u32,
    "unsigned int",
    shmem_uint_wait_until,
    shmem_uint_test,
    shmem_uint_wait
);
p2p!(
    u64,
    u64,
    "unsigned long",
    shmem_ulong_wait_until,
    shmem_ulong_test,
    shmem_ulong_wait
);
p2p!(
    u64,
    u64,
    "unsigned long long",
    shmem_ulonglong_wait_until,
    shmem_ulonglong_test,
    shmem_ulonglong_wait
);
p2p!(
    i32,
    u32,
    "int32_t",
    shmem_int32_wait_until,
    shmem_int32_test,
    shmem_int32_wait
);
p2p!(
    i64,
    u64,
    "int64_t",
    shmem_int64_wait_until,
    shmem_int64_test,
    shmem_int64_wait
);
p2p!(
    u32,
    u32,
    "uint32_t",
    shmem_uint32_wait_until,
    shmem_uint32_test,
    shmem_uint32_wait
);
p2p!(
    u64,
    u64,
    "uint64_t",
    shmem_uint64_wait_until,
    shmem_uint64_test,
    shmem_uint64_wait
);
p2p!(
    usize,
    u64,
    "size_t",
    shmem_size_wait_until,
    shmem_size_test,
    shmem_size_wait
);
p2p!(
    isize,
    u64,
    "ptrdiff_t",
    shmem_ptrdiff_wait_until,
    shmem_ptrdiff_test,
    shmem_ptrdiff_wait
);

/// `shmem_fence` (§9.9.1): orders this PE's puts and AMOs to each PE.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_fence() {
    st("shmem_fence").t().fence();
}

/// `shmem_quiet` (§9.9.2): completes this PE's puts, AMOs and non-blocking operations.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_quiet() {
    st("shmem_quiet").t().quiet();
}

/// `shmem_barrier_all` (§9.8.2): every PE arrives; this PE's operations are complete.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_barrier_all() {
    st("shmem_barrier_all").t().barrier_all();
}

/// `shmem_sync_all` (§9.8.4): every PE arrives (no completion guarantee).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_sync_all() {
    st("shmem_sync_all").t().sync_all();
}

// ------------------------------------------------------------------------------------------
// Locks on a user `long` (§9.10).
//
// An MCS queue lock (first come, first served) that fits the specification's lock object,
// one symmetric `long` initialized to 0. Every PE's copy of the word is that PE's queue node;
// PE 0's copy also holds the queue's tail:
//
//   bits  0..24  TAIL     (PE 0's copy) 0: free; p + 1: PE p is the last in the queue
//   bits 24..48  NEXT     (each PE's copy) 0, or q + 1: PE q queued behind this PE
//   bit  48      GRANTED  (each PE's copy) the predecessor handed the lock to this PE
//
// Acquire: clear NEXT and GRANTED in the own copy; swap TAIL to me + 1 (compare-and-swap
// loop, the other bits kept); if there was a predecessor p, set NEXT of p's copy to me + 1 and
// wait on the own copy for GRANTED. Release: quiet; if NEXT is 0, try to swing TAIL from
// me + 1 back to 0 (done if nobody queued), else wait for NEXT; then set GRANTED in the
// successor's copy. `test_lock` takes the lock only when TAIL is 0 and writes nothing
// otherwise. All accesses are the transport's SeqCst atomics, which wake a waiter's doorbell.

const TAIL: u64 = (1 << 24) - 1;
const NEXT_SHIFT: u32 = 24;
const NEXT: u64 = TAIL << NEXT_SHIFT;
const GRANTED: u64 = 1 << 48;
const HOME: usize = 0;

/// The lock word's offset, checked (symmetric, aligned) for `call`.
fn lock_word(s: &State, call: &str, lock: *const c_long) -> usize {
    if s.n_pes() >= TAIL as usize {
        fail(call, format_args!("locks support at most {} PEs", TAIL - 1));
    }
    s.sym_word(call, "lock", lock.cast(), 8)
}

/// Swings TAIL from `from` to `to` in the home copy if it holds `from` (`None` = any);
/// returns the TAIL seen.
fn swing_tail(s: &State, off: usize, from: Option<u64>, to: u64) -> u64 {
    let t = s.t();
    loop {
        let old: u64 = t.amo(HOME, off, AmoOp::Fetch);
        let tail = old & TAIL;
        if from.is_some_and(|f| f != tail) {
            return tail;
        }
        let new = (old & !TAIL) | to;
        if t.amo(HOME, off, AmoOp::CompareSwap { cond: old, new }) == old {
            return tail;
        }
    }
}

fn lock_site(off: usize) -> WaitSite {
    WaitSite::new(WaitKind::WaitUntil, [off as u64, 8, 0, 0])
}

/// `shmem_set_lock` (§9.10.1): acquires the lock (first come, first served).
///
/// # Safety
/// None beyond the crate's contract: `lock` is checked and accessed atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_set_lock(lock: *mut c_long) {
    let s = st("shmem_set_lock");
    let off = lock_word(s, "shmem_set_lock", lock);
    let (t, me) = (s.t(), s.me());
    t.amo(me, off, AmoOp::FetchAnd(!(NEXT | GRANTED)));
    let prev = swing_tail(s, off, None, me as u64 + 1);
    if prev != 0 {
        t.amo(
            prev as usize - 1,
            off,
            AmoOp::FetchOr((me as u64 + 1) << NEXT_SHIFT),
        );
        t.wait_local::<u64>(off, lock_site(off), |w| w & GRANTED != 0);
    }
}

/// `shmem_clear_lock` (§9.10.2): completes this PE's operations (quiet), then releases the
/// lock to the next PE in the queue.
///
/// # Safety
/// None beyond the crate's contract: `lock` is checked and accessed atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_clear_lock(lock: *mut c_long) {
    let s = st("shmem_clear_lock");
    let off = lock_word(s, "shmem_clear_lock", lock);
    let (t, me) = (s.t(), s.me());
    t.quiet();
    let mine: u64 = t.amo(me, off, AmoOp::Fetch);
    let mut next = (mine & NEXT) >> NEXT_SHIFT;
    if next == 0 {
        let tail = swing_tail(s, off, Some(me as u64 + 1), 0);
        if tail == 0 {
            fail(
                "shmem_clear_lock",
                format_args!("lock {lock:p} is not held (its queue is empty)"),
            );
        }
        if tail == me as u64 + 1 {
            return;
        }
        let w = t.wait_local::<u64>(off, lock_site(off), |w| w & NEXT != 0);
        next = (w & NEXT) >> NEXT_SHIFT;
    }
    t.amo(next as usize - 1, off, AmoOp::FetchOr(GRANTED));
}

/// `shmem_test_lock` (§9.10.3): takes the lock if it is free and returns 0; returns 1,
/// having written nothing, if it is held.
///
/// # Safety
/// None beyond the crate's contract: `lock` is checked and accessed atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_test_lock(lock: *mut c_long) -> c_int {
    let s = st("shmem_test_lock");
    let off = lock_word(s, "shmem_test_lock", lock);
    let (t, me) = (s.t(), s.me());
    loop {
        let old: u64 = t.amo(HOME, off, AmoOp::Fetch);
        if old & TAIL != 0 {
            return 1;
        }
        // Not queued on this lock, so clearing the own node changes nothing anyone reads.
        if me != HOME {
            t.amo(me, off, AmoOp::FetchAnd(!(NEXT | GRANTED)));
        }
        let new = (old & !(TAIL | if me == HOME { NEXT | GRANTED } else { 0 })) | (me as u64 + 1);
        if t.amo(HOME, off, AmoOp::CompareSwap { cond: old, new }) == old {
            return 0;
        }
    }
}
