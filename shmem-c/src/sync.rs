//! Ordering, barriers, point-to-point synchronization and locks (OpenSHMEM 1.5 §9.8, §9.9,
//! §9.10).

use std::ffi::{c_int, c_long, c_void};
use std::sync::PoisonError;

use bytemuck::Pod;
use shmem_core::transport::{AmoOp, Transport, Word};
use shmem_core::wait::{AnyCursor, AnyRoutine, WaitKind, WaitSite};

use crate::state::{Local, State, fail, st, st_unlocked};
use crate::threads;

/// `SHMEM_CMP_EQ` ... `SHMEM_CMP_LE` (the values of `shmem.h`).
const CMP_EQ: c_int = 1;
const CMP_NE: c_int = 2;
const CMP_GT: c_int = 3;
const CMP_GE: c_int = 4;
const CMP_LT: c_int = 5;
const CMP_LE: c_int = 6;

/// `a cmp b`, for a comparison operator checked by [`check_cmp`].
#[inline(always)]
pub(crate) fn compare<T: PartialOrd>(cmp: c_int, a: T, b: T) -> bool {
    match cmp {
        CMP_EQ => a == b,
        CMP_NE => a != b,
        CMP_GT => a > b,
        CMP_GE => a >= b,
        CMP_LT => a < b,
        _ => a <= b,
    }
}

pub(crate) fn check_cmp(call: &str, cmp: c_int) {
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
    let s = st_unlocked(call);
    let off = s.sym_word(call, "ivar", ivar, size_of::<T>());
    check_cmp(call, cmp);
    if let Some(path) = s.path {
        // SAFETY: the word is this PE's, inside the partition and aligned (`State::sym_word`).
        unsafe {
            threads::wait_until::<W>(path, off, |x| {
                compare(cmp, bytemuck::cast::<W, T>(x), value)
            })
        };
        return;
    }
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
    let s = st_unlocked(call);
    let off = s.sym_word(call, "ivar", ivar, size_of::<T>());
    check_cmp(call, cmp);
    let x: T = bytemuck::cast(word::<W>(s, s.me(), off));
    let holds = compare(cmp, x, value);
    if !holds {
        s.poll();
    }
    c_int::from(holds)
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

/// The word `W` at `off` on `pe` (inside the partition and aligned: `State::sym_word` or
/// the same checks), read with one single-copy-atomic load: the transport's, or at
/// `MULTIPLE` the thread path's.
#[inline(always)]
pub(crate) fn word<W: Word>(s: &State, pe: usize, off: usize) -> W {
    match s.path {
        // SAFETY: in bounds and aligned (caller).
        Some(path) => unsafe { threads::get_word::<W>(path, pe, off) },
        None => s.t().get_word::<W>(pe, off),
    }
}

/// An AMO on the word `W` at `off` on `pe` (checked as for [`word`]): the transport's, or at
/// `MULTIPLE` the thread path's.
#[inline(always)]
pub(crate) fn amo<W: shmem_core::transport::AmoWord>(
    s: &State,
    pe: usize,
    off: usize,
    op: AmoOp<W>,
) -> W {
    match s.path {
        // SAFETY: in bounds and aligned (caller).
        Some(path) => unsafe { threads::amo::<W>(path, pe, off, op) },
        None => s.t().amo::<W>(pe, off, op),
    }
}

/// `fence`: the transport's, or at `MULTIPLE` the thread path's.
#[inline(always)]
pub(crate) fn fence(s: &State) {
    match s.path {
        Some(path) => path.fence(),
        None => s.t().fence(),
    }
}

/// `quiet`: the transport's, or at `MULTIPLE` the thread path's. Without the `mpi` feature
/// both are the same SeqCst fence, and the compiler drops the test.
#[inline(always)]
pub(crate) fn quiet(s: &State) {
    match s.path {
        Some(path) => path.quiet(),
        None => s.t().quiet(),
    }
}

/// `shmem_fence` (§9.9.1): orders this PE's puts and AMOs to each PE (at `MULTIPLE`, the
/// calling thread's).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_fence() {
    fence(st_unlocked("shmem_fence"));
}

/// `shmem_quiet` (§9.9.2): completes this PE's puts, AMOs and non-blocking operations (at
/// `MULTIPLE`, the calling thread's; every operation is complete on return there).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_quiet() {
    quiet(st_unlocked("shmem_quiet"));
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

/// The PE that `field` (a TAIL or NEXT value read from the lock at `lock`, not 0: PE + 1)
/// names, or the end of the job with a message naming `call`: a lock word that was never set
/// to 0, or was overwritten, would otherwise send the queue to a PE that does not exist. One
/// compare of a value in a register, beside the remote atomic that read it; only where the
/// value is about to be used as a PE.
#[inline(always)]
fn lock_pe(s: &State, call: &str, lock: *const c_long, field: u64) -> usize {
    if field > s.n_pes() as u64 {
        bad_lock(call, lock, field);
    }
    field as usize - 1
}

#[cold]
#[inline(never)]
fn bad_lock(call: &str, lock: *const c_long, field: u64) -> ! {
    fail(
        call,
        format_args!(
            "lock {lock:p} names PE {} in its queue, which is not a PE of the job: a lock is a \
             symmetric long set to 0 before its first use (never initialized, or overwritten)",
            field - 1
        ),
    )
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
    let s = &st("shmem_set_lock");
    let off = lock_word(s, "shmem_set_lock", lock);
    let (t, me) = (s.t(), s.me());
    t.amo(me, off, AmoOp::FetchAnd(!(NEXT | GRANTED)));
    let prev = swing_tail(s, off, None, me as u64 + 1);
    if prev != 0 {
        t.amo(
            lock_pe(s, "shmem_set_lock", lock, prev),
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
    let s = &st("shmem_clear_lock");
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
    let next = lock_pe(s, "shmem_clear_lock", lock, next);
    t.amo(next, off, AmoOp::FetchOr(GRANTED));
}

/// `shmem_test_lock` (§9.10.3): takes the lock if it is free and returns 0; returns 1,
/// having written nothing, if it is held.
///
/// # Safety
/// None beyond the crate's contract: `lock` is checked and accessed atomically.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_test_lock(lock: *mut c_long) -> c_int {
    let s = &st("shmem_test_lock");
    let off = lock_word(s, "shmem_test_lock", lock);
    let (t, me) = (s.t(), s.me());
    loop {
        let old: u64 = t.amo(HOME, off, AmoOp::Fetch);
        if old & TAIL != 0 {
            lock_pe(s, "shmem_test_lock", lock, old & TAIL);
            s.poll();
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

// ------------------------------------------------------------------------------------------
// Waits and tests on arrays (§9.10.2 - §9.10.4): `_all`, `_any`, `_some` and `_vector` forms.

/// Copies `n` elements of a local C array (which may itself be symmetric memory).
///
/// # Safety
/// `ptr` is valid for reading `n` elements (crate contract).
unsafe fn read_local<T: Pod>(s: &State, call: &str, what: &str, ptr: *const T, n: usize) -> Vec<T> {
    let bytes = n
        .checked_mul(size_of::<T>())
        .unwrap_or_else(|| fail(call, format_args!("{n} elements overflow")));
    if ptr.is_null() || !ptr.is_aligned() {
        fail(call, format_args!("{what} {ptr:p} is NULL or misaligned"));
    }
    let mut out = vec![T::zeroed(); n];
    let local = s.local(call, what, ptr.cast(), bytes);
    if let (Some(path), &Local::Sym(p, o)) = (s.path, &local) {
        let at = out.as_mut_ptr().cast();
        // SAFETY: `out` is ours, writable for `bytes` bytes; the symmetric source is inside
        // `p`'s partition (`State::local`).
        unsafe { threads::get(path, call, p, o, Local::Plain, at, bytes, size_of::<T>()) };
        return out;
    }
    match local {
        Local::Sym(p, o) => s.t().get(p, o, bytemuck::cast_slice_mut(&mut out)),
        // SAFETY: ordinary process memory readable for `n` elements (caller), aligned and
        // non-null (checked).
        Local::Plain => out.copy_from_slice(unsafe { std::slice::from_raw_parts(ptr, n) }),
    }
    out
}

/// Writes `vals` to a local C array.
///
/// # Safety
/// `ptr` is valid for writing `vals.len()` elements (crate contract).
unsafe fn write_local<T: Pod>(s: &State, call: &str, what: &str, ptr: *mut T, vals: &[T]) {
    if vals.is_empty() {
        return;
    }
    if ptr.is_null() || !ptr.is_aligned() {
        fail(call, format_args!("{what} {ptr:p} is NULL or misaligned"));
    }
    let local = s.local(call, what, ptr.cast(), size_of_val(vals));
    if let (Some(path), &Local::Sym(p, o)) = (s.path, &local) {
        let (at, n) = (vals.as_ptr().cast(), size_of_val(vals));
        // SAFETY: `vals` is ours, readable for `n` bytes; the symmetric target is inside
        // `p`'s partition (`State::local`).
        unsafe { threads::put(path, call, p, o, Local::Plain, at, n, size_of::<T>()) };
        return;
    }
    match local {
        Local::Sym(p, o) => s.t().put(p, o, bytemuck::cast_slice(vals)),
        // SAFETY: ordinary process memory writable for `vals.len()` elements (caller),
        // aligned and non-null (checked); `vals` is ours.
        Local::Plain => unsafe { std::ptr::copy_nonoverlapping(vals.as_ptr(), ptr, vals.len()) },
    }
}

/// One array wait or test: the symmetric words, which are excluded, what each compares with.
struct Many<T> {
    off: usize,
    n: usize,
    excluded: Vec<bool>,
    values: Vec<T>,
    cmp: c_int,
}

impl<T: Pod + PartialOrd> Many<T> {
    /// Reads the arguments; `values` has one element (`cmp_value`) or `nelems`.
    ///
    /// # Safety
    /// `status` is NULL or readable for `nelems` ints (crate contract).
    unsafe fn new(
        call: &str,
        ivars: *const c_void,
        nelems: usize,
        status: *const c_int,
        cmp: c_int,
        values: Vec<T>,
    ) -> (Many<T>, &'static State) {
        let s = st_unlocked(call);
        check_cmp(call, cmp);
        let bytes = nelems
            .checked_mul(size_of::<T>())
            .unwrap_or_else(|| fail(call, format_args!("nelems {nelems} overflows")));
        let off = if nelems == 0 {
            0
        } else {
            s.sym(call, "ivars", ivars, bytes)
        };
        if !(ivars as usize).is_multiple_of(size_of::<T>()) {
            fail(call, format_args!("ivars {ivars:p} is misaligned"));
        }
        let excluded = if status.is_null() || nelems == 0 {
            vec![false; nelems]
        } else {
            // SAFETY: forwarded contract.
            unsafe { read_local::<c_int>(s, call, "status", status, nelems) }
                .into_iter()
                .map(|v| v != 0)
                .collect()
        };
        let many = Many {
            off,
            n: nelems,
            excluded,
            values,
            cmp,
        };
        (many, s)
    }

    #[inline]
    fn holds<W: Word>(&self, s: &State, i: usize) -> bool {
        if self.excluded[i] {
            return false;
        }
        let v: T = bytemuck::cast(word::<W>(s, s.me(), self.off + i * size_of::<T>()));
        let want = self.values[if self.values.len() == 1 { 0 } else { i }];
        compare(self.cmp, v, want)
    }

    fn all<W: Word>(&self, s: &State) -> bool {
        (0..self.n).all(|i| self.excluded[i] || self.holds::<W>(s, i))
    }

    /// `_any`: an element that holds, the scan starting where the rotation of this routine
    /// on this array says (`AnyCursor`), which it then moves on; waiting for one if `wait`.
    /// The routine is a `_vector` one when there is a value per element (for one element,
    /// whose rotation stays at 0, the two are the same).
    fn any<W: Word>(&self, s: &State, wait: bool) -> Option<usize> {
        let routine = match (wait, self.values.len() == 1) {
            (false, true) => AnyRoutine::Test,
            (true, true) => AnyRoutine::Wait,
            (false, false) => AnyRoutine::TestVector,
            (true, false) => AnyRoutine::WaitVector,
        };
        let start = with_any_cursor(s, |c| c.start(routine, self.off, self.n));
        let find = || {
            (0..self.n)
                .map(|k| (start + k) % self.n)
                .find(|&i| self.holds::<W>(s, i))
        };
        let found = if wait {
            let mut found = None;
            self.wait(s, || {
                found = find();
                found.is_some()
            });
            found
        } else {
            find()
        }?;
        with_any_cursor(s, |c| c.reported(routine, self.off, self.n, found));
        Some(found)
    }

    fn some<W: Word>(&self, s: &State) -> Vec<usize> {
        (0..self.n).filter(|&i| self.holds::<W>(s, i)).collect()
    }

    fn live(&self) -> bool {
        self.excluded.iter().any(|&e| !e)
    }

    fn wait(&self, s: &State, cond: impl FnMut() -> bool) {
        let site = WaitSite::new(
            WaitKind::WaitUntilMany,
            [self.off as u64, self.n as u64, 0, 0],
        );
        match s.path {
            Some(path) => threads::wait_for(path, site, cond),
            None => s.t().wait_for(site, cond),
        }
    }
}

/// `f` on this PE's `_any` rotations: the runtime's below `MULTIPLE`, the state's (a mutex)
/// at `MULTIPLE`, where the calls do not hold `SERIAL` (`State::any_cursor`).
fn with_any_cursor<R>(s: &State, f: impl FnOnce(&AnyCursor) -> R) -> R {
    if s.path.is_some() {
        f(&s.any_cursor.lock().unwrap_or_else(PoisonError::into_inner))
    } else {
        f(s.rt.any_cursor())
    }
}

macro_rules! p2p_many {
    ($t:ty, $w:ty, $c:literal, $all:ident, $any:ident, $some:ident, $t_all:ident, $t_any:ident, $t_some:ident, $vals:ident) => {
        #[doc = concat!("`", stringify!($all), "`: waits until every `", $c, "` of `ivars` not excluded by `status` compares true.")]
        ///
        /// # Safety
        /// `status` is NULL or readable for `nelems` ints, the comparison values readable (crate
        /// contract); `ivars` is checked.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $all(ivars: *mut $t, nelems: usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) {
            let call = stringify!($all);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            m.wait(s, || m.all::<$w>(s));
        }
        #[doc = concat!("`", stringify!($any), "`: waits until some non-excluded `", $c, "` of `ivars` compares true; returns its index (`SIZE_MAX` when every element is excluded).")]
        ///
        /// # Safety
        /// As the `_all` form.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $any(ivars: *mut $t, nelems: usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) -> usize {
            let call = stringify!($any);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            if !m.live() {
                return usize::MAX;
            }
            m.any::<$w>(s, true).expect("the wait ends when one holds")
        }
        #[doc = concat!("`", stringify!($some), "`: waits until at least one non-excluded `", $c, "` of `ivars` compares true; writes the indices of all that do to `indices`, returns their count (0 when every element is excluded).")]
        ///
        /// # Safety
        /// As the `_all` form; `indices` is writable for `nelems` elements.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $some(ivars: *mut $t, nelems: usize, indices: *mut usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) -> usize {
            let call = stringify!($some);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            if !m.live() {
                return 0;
            }
            let mut found = Vec::new();
            m.wait(s, || { found = m.some::<$w>(s); !found.is_empty() });
            // SAFETY: forwarded contract.
            unsafe { write_local(s, call, "indices", indices, &found) };
            found.len()
        }
        #[doc = concat!("`", stringify!($t_all), "`: 1 if every non-excluded `", $c, "` of `ivars` compares true now, else 0.")]
        ///
        /// # Safety
        /// As the `_all` wait.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $t_all(ivars: *mut $t, nelems: usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) -> c_int {
            let call = stringify!($t_all);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            let all = m.all::<$w>(s);
            if !all {
                s.poll();
            }
            c_int::from(all)
        }
        #[doc = concat!("`", stringify!($t_any), "`: the index of a non-excluded `", $c, "` of `ivars` that compares true now, or `SIZE_MAX`.")]
        ///
        /// # Safety
        /// As the `_all` wait.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $t_any(ivars: *mut $t, nelems: usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) -> usize {
            let call = stringify!($t_any);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            m.any::<$w>(s, false).unwrap_or_else(|| {
                s.poll();
                usize::MAX
            })
        }
        #[doc = concat!("`", stringify!($t_some), "`: writes the indices of the non-excluded `", $c, "` of `ivars` that compare true now to `indices`; returns their count.")]
        ///
        /// # Safety
        /// As the `_all` wait; `indices` is writable for `nelems` elements.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $t_some(ivars: *mut $t, nelems: usize, indices: *mut usize, status: *const c_int, cmp: c_int, cmp_value: p2p_many!(@arg $vals $t)) -> usize {
            let call = stringify!($t_some);
            let values = p2p_many!(@vals $vals call, cmp_value, nelems);
            // SAFETY: forwarded contract.
            let (m, s) = unsafe { Many::new(call, ivars.cast(), nelems, status, cmp, values) };
            let found = m.some::<$w>(s);
            if found.is_empty() {
                s.poll();
            }
            // SAFETY: forwarded contract.
            unsafe { write_local(s, call, "indices", indices, &found) };
            found.len()
        }
    };
    (@arg one $t:ty) => { $t };
    (@arg vector $t:ty) => { *const $t };
    (@vals one $call:ident, $v:ident, $n:ident) => { vec![$v] };
    (@vals vector $call:ident, $v:ident, $n:ident) => {
        // SAFETY: the comparison values are readable for `nelems` elements (caller).
        unsafe { read_local(st_unlocked($call), $call, "cmp_values", $v, $n) }
    };
}
p2p_many!(
    i16,
    u16,
    "short",
    shmem_short_wait_until_all,
    shmem_short_wait_until_any,
    shmem_short_wait_until_some,
    shmem_short_test_all,
    shmem_short_test_any,
    shmem_short_test_some,
    one
);
p2p_many!(
    i16,
    u16,
    "short",
    shmem_short_wait_until_all_vector,
    shmem_short_wait_until_any_vector,
    shmem_short_wait_until_some_vector,
    shmem_short_test_all_vector,
    shmem_short_test_any_vector,
    shmem_short_test_some_vector,
    vector
);
p2p_many!(
    i32,
    u32,
    "int",
    shmem_int_wait_until_all,
    shmem_int_wait_until_any,
    shmem_int_wait_until_some,
    shmem_int_test_all,
    shmem_int_test_any,
    shmem_int_test_some,
    one
);
p2p_many!(
    i32,
    u32,
    "int",
    shmem_int_wait_until_all_vector,
    shmem_int_wait_until_any_vector,
    shmem_int_wait_until_some_vector,
    shmem_int_test_all_vector,
    shmem_int_test_any_vector,
    shmem_int_test_some_vector,
    vector
);
p2p_many!(
    i64,
    u64,
    "long",
    shmem_long_wait_until_all,
    shmem_long_wait_until_any,
    shmem_long_wait_until_some,
    shmem_long_test_all,
    shmem_long_test_any,
    shmem_long_test_some,
    one
);
p2p_many!(
    i64,
    u64,
    "long",
    shmem_long_wait_until_all_vector,
    shmem_long_wait_until_any_vector,
    shmem_long_wait_until_some_vector,
    shmem_long_test_all_vector,
    shmem_long_test_any_vector,
    shmem_long_test_some_vector,
    vector
);
p2p_many!(
    i64,
    u64,
    "longlong",
    shmem_longlong_wait_until_all,
    shmem_longlong_wait_until_any,
    shmem_longlong_wait_until_some,
    shmem_longlong_test_all,
    shmem_longlong_test_any,
    shmem_longlong_test_some,
    one
);
p2p_many!(
    i64,
    u64,
    "longlong",
    shmem_longlong_wait_until_all_vector,
    shmem_longlong_wait_until_any_vector,
    shmem_longlong_wait_until_some_vector,
    shmem_longlong_test_all_vector,
    shmem_longlong_test_any_vector,
    shmem_longlong_test_some_vector,
    vector
);
p2p_many!(
    u16,
    u16,
    "ushort",
    shmem_ushort_wait_until_all,
    shmem_ushort_wait_until_any,
    shmem_ushort_wait_until_some,
    shmem_ushort_test_all,
    shmem_ushort_test_any,
    shmem_ushort_test_some,
    one
);
p2p_many!(
    u16,
    u16,
    "ushort",
    shmem_ushort_wait_until_all_vector,
    shmem_ushort_wait_until_any_vector,
    shmem_ushort_wait_until_some_vector,
    shmem_ushort_test_all_vector,
    shmem_ushort_test_any_vector,
    shmem_ushort_test_some_vector,
    vector
);
p2p_many!(
    u32,
    u32,
    "uint",
    shmem_uint_wait_until_all,
    shmem_uint_wait_until_any,
    shmem_uint_wait_until_some,
    shmem_uint_test_all,
    shmem_uint_test_any,
    shmem_uint_test_some,
    one
);
p2p_many!(
    u32,
    u32,
    "uint",
    shmem_uint_wait_until_all_vector,
    shmem_uint_wait_until_any_vector,
    shmem_uint_wait_until_some_vector,
    shmem_uint_test_all_vector,
    shmem_uint_test_any_vector,
    shmem_uint_test_some_vector,
    vector
);
p2p_many!(
    u64,
    u64,
    "ulong",
    shmem_ulong_wait_until_all,
    shmem_ulong_wait_until_any,
    shmem_ulong_wait_until_some,
    shmem_ulong_test_all,
    shmem_ulong_test_any,
    shmem_ulong_test_some,
    one
);
p2p_many!(
    u64,
    u64,
    "ulong",
    shmem_ulong_wait_until_all_vector,
    shmem_ulong_wait_until_any_vector,
    shmem_ulong_wait_until_some_vector,
    shmem_ulong_test_all_vector,
    shmem_ulong_test_any_vector,
    shmem_ulong_test_some_vector,
    vector
);
p2p_many!(
    u64,
    u64,
    "ulonglong",
    shmem_ulonglong_wait_until_all,
    shmem_ulonglong_wait_until_any,
    shmem_ulonglong_wait_until_some,
    shmem_ulonglong_test_all,
    shmem_ulonglong_test_any,
    shmem_ulonglong_test_some,
    one
);
p2p_many!(
    u64,
    u64,
    "ulonglong",
    shmem_ulonglong_wait_until_all_vector,
    shmem_ulonglong_wait_until_any_vector,
    shmem_ulonglong_wait_until_some_vector,
    shmem_ulonglong_test_all_vector,
    shmem_ulonglong_test_any_vector,
    shmem_ulonglong_test_some_vector,
    vector
);
p2p_many!(
    i32,
    u32,
    "int32",
    shmem_int32_wait_until_all,
    shmem_int32_wait_until_any,
    shmem_int32_wait_until_some,
    shmem_int32_test_all,
    shmem_int32_test_any,
    shmem_int32_test_some,
    one
);
p2p_many!(
    i32,
    u32,
    "int32",
    shmem_int32_wait_until_all_vector,
    shmem_int32_wait_until_any_vector,
    shmem_int32_wait_until_some_vector,
    shmem_int32_test_all_vector,
    shmem_int32_test_any_vector,
    shmem_int32_test_some_vector,
    vector
);
p2p_many!(
    i64,
    u64,
    "int64",
    shmem_int64_wait_until_all,
    shmem_int64_wait_until_any,
    shmem_int64_wait_until_some,
    shmem_int64_test_all,
    shmem_int64_test_any,
    shmem_int64_test_some,
    one
);
p2p_many!(
    i64,
    u64,
    "int64",
    shmem_int64_wait_until_all_vector,
    shmem_int64_wait_until_any_vector,
    shmem_int64_wait_until_some_vector,
    shmem_int64_test_all_vector,
    shmem_int64_test_any_vector,
    shmem_int64_test_some_vector,
    vector
);
p2p_many!(
    u32,
    u32,
    "uint32",
    shmem_uint32_wait_until_all,
    shmem_uint32_wait_until_any,
    shmem_uint32_wait_until_some,
    shmem_uint32_test_all,
    shmem_uint32_test_any,
    shmem_uint32_test_some,
    one
);
p2p_many!(
    u32,
    u32,
    "uint32",
    shmem_uint32_wait_until_all_vector,
    shmem_uint32_wait_until_any_vector,
    shmem_uint32_wait_until_some_vector,
    shmem_uint32_test_all_vector,
    shmem_uint32_test_any_vector,
    shmem_uint32_test_some_vector,
    vector
);
p2p_many!(
    u64,
    u64,
    "uint64",
    shmem_uint64_wait_until_all,
    shmem_uint64_wait_until_any,
    shmem_uint64_wait_until_some,
    shmem_uint64_test_all,
    shmem_uint64_test_any,
    shmem_uint64_test_some,
    one
);
p2p_many!(
    u64,
    u64,
    "uint64",
    shmem_uint64_wait_until_all_vector,
    shmem_uint64_wait_until_any_vector,
    shmem_uint64_wait_until_some_vector,
    shmem_uint64_test_all_vector,
    shmem_uint64_test_any_vector,
    shmem_uint64_test_some_vector,
    vector
);
p2p_many!(
    usize,
    u64,
    "size",
    shmem_size_wait_until_all,
    shmem_size_wait_until_any,
    shmem_size_wait_until_some,
    shmem_size_test_all,
    shmem_size_test_any,
    shmem_size_test_some,
    one
);
p2p_many!(
    usize,
    u64,
    "size",
    shmem_size_wait_until_all_vector,
    shmem_size_wait_until_any_vector,
    shmem_size_wait_until_some_vector,
    shmem_size_test_all_vector,
    shmem_size_test_any_vector,
    shmem_size_test_some_vector,
    vector
);
p2p_many!(
    isize,
    u64,
    "ptrdiff",
    shmem_ptrdiff_wait_until_all,
    shmem_ptrdiff_wait_until_any,
    shmem_ptrdiff_wait_until_some,
    shmem_ptrdiff_test_all,
    shmem_ptrdiff_test_any,
    shmem_ptrdiff_test_some,
    one
);
p2p_many!(
    isize,
    u64,
    "ptrdiff",
    shmem_ptrdiff_wait_until_all_vector,
    shmem_ptrdiff_wait_until_any_vector,
    shmem_ptrdiff_wait_until_some_vector,
    shmem_ptrdiff_test_all_vector,
    shmem_ptrdiff_test_any_vector,
    shmem_ptrdiff_test_some_vector,
    vector
);

/// `shmem_pe_quiet` (OpenSHMEM 1.6): completes this PE's puts, AMOs and non-blocking
/// operations to the `npes` PEs of `target_pes` (duplicates allowed; operations to other PEs
/// may complete too). Every PE of the list is checked before any is quieted.
///
/// # Safety
/// `target_pes` is valid for reading `npes` ints (crate contract); it may be NULL when `npes`
/// is 0.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_pe_quiet(target_pes: *const c_int, npes: usize) {
    let call = "shmem_pe_quiet";
    let s = st_unlocked(call);
    if npes == 0 {
        return;
    }
    // SAFETY: forwarded contract.
    let pes = unsafe { read_local(s, call, "target_pes", target_pes, npes) };
    let pes: Vec<usize> = pes.into_iter().map(|pe| s.pe(call, pe)).collect();
    match s.path {
        // Completes every PE's operations of this thread (a superset).
        Some(path) => path.quiet(),
        None => {
            for pe in pes {
                s.t().quiet_pe(pe);
            }
        }
    }
}
