//! Waiting: spin, then yield, then sleep on the PE's doorbell (a cross-process futex).
//!
//! # The protocol (why no wake-up is lost)
//!
//! A PE waits for a *condition* on shared memory (a flag reaching a value, every PE having
//! arrived at a barrier, a lock being handed over). Every PE has a doorbell in its control
//! slot: `ring` (the futex word) and `sleepers` (how many of its threads are going to sleep).
//!
//! Sleeper (PE `t`), after spinning and yielding without success:
//! 1. `seen = ring.load()`
//! 2. `sleepers += 1` (SeqCst read-modify-write)
//! 3. re-check the condition (after a SeqCst fence); if it holds, `sleepers -= 1`, done
//! 4. `futex_wait(ring, seen, timeout)`; then `sleepers -= 1` and start over at the re-check.
//!
//! Writer (anyone who changes memory `t` may be waiting on, e.g. a put or atomic into `t`'s
//! partition, a barrier arrival):
//! 1. store the data
//! 2. SeqCst fence, then load `t.sleepers`
//! 3. if non-zero: `ring += 1`, `futex_wake(ring)`.
//!
//! Steps 2–3 of the sleeper and 1–2 of the writer are the store-buffering pattern: with SeqCst
//! fences between each side's store and load, at least one side sees the other's store. Either
//! the sleeper's re-check sees the data (no sleep), or the writer sees `sleepers > 0` and rings.
//! If the ring happens after step 1 of the sleeper, the ring word differs from `seen` and
//! `futex_wait` returns at once (the kernel compares the word under its hash-bucket lock); if it
//! happens after the sleeper entered the kernel, the wake finds it. The futex is *shared* (no
//! `FUTEX_PRIVATE_FLAG`): it is keyed on the page of the mapping, which all PEs share.
//!
//! A finite timeout on `futex_wait` is a second line of defence, not part of the argument: it
//! bounds the cost of a bug and lets a waiter notice a job that is being torn down.
//!
//! # Where a PE waits (deadlock diagnosis)
//!
//! A waiter that reaches its sleep phase publishes *where* it waits in its slot's
//! [`WaitRecord`] ([`WaitSite`]: a barrier epoch, a collective's set, area word and epoch, a
//! lock, a `wait_until` address) and clears it when its condition holds. While it sleeps it
//! re-checks its condition at least every `max_sleep` (100 ms), so a PE whose record stays the
//! same for a second is blocked: nothing it waits for has happened. When every live PE of a
//! job is blocked like that, nothing can ever happen, and the launcher reports each PE's
//! record and ends the job (`shmem-launch`).
//!
//! # The policy
//!
//! A futex wake-up costs ~25 µs on the machines we measure on (measured with a futex ping-pong
//! between two processes), while a cache-line hand-over costs 30–60 ns, so a PE that has a CPU to
//! itself spins for a while first. When PEs outnumber CPUs, spinning steals the CPU from the PE
//! being waited for, so the waiter yields at once: `sched_yield` hands the CPU to a runnable PE in
//! well under a microsecond. After the yield budget the waiter sleeps, so a PE waiting for seconds
//! costs (almost) no CPU time.

use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{Ordering, fence};
use std::time::{Duration, Instant};

use crate::config::Settings;
use crate::segment::{Doorbell, WaitRecord};
use crate::sys;

/// What a sleeping PE waits for: the `what` byte of a [`WaitRecord`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum WaitKind {
    /// `barrier_all`/`sync_all`: `args[0]` is the barrier's epoch.
    Barrier = 1,
    /// A collective's round: `args` = the signature's kind word, the set (packed), the
    /// absolute symmetric offset of the awaited word, the epoch.
    Collective = 2,
    /// A lock acquisition: `args` = the lock's symmetric offset, its home PE.
    Lock = 3,
    // 4 was a lock release waiting for its successor to link in (the MCS lock before
    // 2026-12-05; the queue lock's release never waits now).
    /// `wait_until` on a symmetric word: `args` = its offset, its size in bytes.
    WaitUntil = 5,
    /// A wait on several words (`wait_until_all/any/some`): `args` = first offset, count.
    WaitUntilMany = 6,
    /// `finalize`'s barrier: `args[0]` is the barrier's epoch.
    Finalize = 7,
    /// A reader/writer lock acquisition: `args` = the lock's symmetric offset, its home PE,
    /// the ticket, and 0 while waiting for admission, 1 for the readers to leave.
    RwLock = 8,
}

impl WaitKind {
    /// Decodes the `what` byte of a record.
    pub fn from_u8(v: u8) -> Option<WaitKind> {
        Some(match v {
            1 => WaitKind::Barrier,
            2 => WaitKind::Collective,
            3 => WaitKind::Lock,
            5 => WaitKind::WaitUntil,
            6 => WaitKind::WaitUntilMany,
            7 => WaitKind::Finalize,
            8 => WaitKind::RwLock,
            _ => return None,
        })
    }
}

/// Where a PE waits, as it publishes it in its [`WaitRecord`] when it goes to sleep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaitSite {
    /// What kind of wait.
    pub kind: WaitKind,
    /// Its arguments (see [`WaitKind`]).
    pub args: [u64; 4],
}

impl WaitSite {
    /// A wait of `kind` with arguments `args` (unused ones 0).
    pub fn new(kind: WaitKind, args: [u64; 4]) -> WaitSite {
        WaitSite { kind, args }
    }

    /// A collective's round (see [`WaitKind::Collective`]).
    pub fn collective(what: u64, set: u64, word: u64, epoch: u64) -> WaitSite {
        WaitSite::new(WaitKind::Collective, [what, set, word, epoch])
    }
}

/// A PE's own doorbell and wait record, and where it is about to wait.
#[derive(Clone, Copy, Debug)]
pub struct Waiter<'a> {
    bell: &'a Doorbell,
    record: &'a WaitRecord,
    site: WaitSite,
}

impl<'a> Waiter<'a> {
    /// A waiter that sleeps on `bell` and publishes `site` in `record` while it sleeps (both
    /// of the waiting PE's own slot).
    pub fn new(bell: &'a Doorbell, record: &'a WaitRecord, site: WaitSite) -> Waiter<'a> {
        Waiter { bell, record, site }
    }
}

impl WaitRecord {
    fn publish(&self, site: &WaitSite) {
        for (a, &v) in self.args.iter().zip(&site.args) {
            a.store(v, Ordering::Relaxed);
        }
        let seq = self.sequence.fetch_add(1, Ordering::Relaxed) + 1;
        self.state
            .store(seq << 8 | site.kind as u64, Ordering::Release);
    }

    fn clear(&self) {
        self.state.store(0, Ordering::Release);
    }

    /// The published site and its state word, if the PE sleeps in a wait (launcher side).
    pub fn read(&self) -> Option<(u64, WaitSite)> {
        let state = self.state.load(Ordering::Acquire);
        let kind = WaitKind::from_u8(state as u8)?;
        let args = [0, 1, 2, 3].map(|i| self.args[i].load(Ordering::Relaxed));
        Some((state, WaitSite { kind, args }))
    }
}

/// How a PE waits. Chosen at init from the PE count and the usable CPUs; overridable with
/// `SHMEM_WAIT_SPIN` (spin iterations), `SHMEM_WAIT_YIELD_US` (yield phase, µs) and
/// `SHMEM_WAIT_RECHECK_MS` (longest single sleep, ms).
#[derive(Clone, Copy, Debug)]
pub struct WaitPolicy {
    /// Condition checks with `spin_loop` hints before yielding.
    pub spin: u32,
    /// How long to keep yielding before sleeping.
    pub yield_for: Duration,
    /// Longest single sleep (safety net, see module docs).
    pub max_sleep: Duration,
    /// Whether the job has more PEs than the launcher's CPUs (not the CPU a pinned PE sees).
    pub oversubscribed: bool,
    /// `Some(c)` when the job is oversubscribed and the launcher pinned PE `i` to its CPU
    /// `i mod c`: PEs `p` and `q` then share a CPU exactly when `p % c == q % c`, which
    /// [`wait_until_with_mates`] uses.
    pub colocation: Option<usize>,
}

impl WaitPolicy {
    /// The default for `n_pes` PEs on `cpus` CPUs (the launcher's CPUs, not the one a pinned PE
    /// sees), with the `SHMEM_WAIT_SPIN`, `SHMEM_WAIT_YIELD_US` and `SHMEM_WAIT_RECHECK_MS`
    /// overrides of `settings`.
    /// `round_robin`: the launcher pinned PE `i` to its CPU `i mod cpus`.
    pub fn for_job(
        n_pes: usize,
        cpus: usize,
        round_robin: bool,
        settings: &Settings,
    ) -> WaitPolicy {
        let oversubscribed = n_pes > cpus;
        let mut p = WaitPolicy {
            // Oversubscribed: the PE being waited for needs this CPU, so yield at once after
            // the first check. Measured with `shmemrun` pinning round robin, 8 PEs on 2 CPUs:
            // barrier 2.75 µs with no spinning, 3.2 µs with 8 checks, 6.1 µs with 64 (4 PEs:
            // 1.1, 1.1 and 2.1 µs).
            spin: if oversubscribed { 0 } else { 20_000 },
            yield_for: Duration::from_millis(if oversubscribed { 5 } else { 2 }),
            max_sleep: Duration::from_millis(100),
            oversubscribed,
            colocation: (oversubscribed && round_robin && cpus > 0).then_some(cpus),
        };
        if let Some(v) = settings.wait_spin {
            p.spin = v;
        }
        if let Some(v) = settings.wait_yield {
            p.yield_for = v;
        }
        if let Some(ms) = settings.wait_recheck_ms {
            p.max_sleep = Duration::from_millis(u64::from(ms));
        }
        p
    }
}

/// Waits until `cond()` is true, sleeping on the waiter's doorbell (this PE's own) when it
/// takes long, with the waiter's site published while it sleeps.
#[inline]
pub fn wait_until(policy: &WaitPolicy, waiter: Waiter<'_>, mut cond: impl FnMut() -> bool) {
    if cond() {
        return;
    }
    wait_slow(policy, &waiter, &mut cond, &mut || false, &mut || ());
}

/// Like [`wait_until_with_mates`], calling `before_sleep()` once, before the first sleep
/// (then `cond` is checked again, after the doorbell's fence, as always): for a waiter that
/// has told its wakers they need not ring it while it polls (the reader/writer lock's
/// watching waiter, `rwlock.rs`) and must take that back before it sleeps.
/// `mates_waiting()` says whether every PE that shares this PE's CPU waits for something only
/// this PE can bring about (then a yield would only hand the CPU to a mate that checks and
/// yields back).
#[inline]
pub fn wait_until_then_sleep(
    policy: &WaitPolicy,
    waiter: Waiter<'_>,
    mut cond: impl FnMut() -> bool,
    mut mates_waiting: impl FnMut() -> bool,
    mut before_sleep: impl FnMut(),
) {
    if cond() {
        return;
    }
    if policy.colocation.is_some() {
        wait_slow(
            policy,
            &waiter,
            &mut cond,
            &mut mates_waiting,
            &mut before_sleep,
        );
    } else {
        wait_slow(policy, &waiter, &mut cond, &mut || false, &mut before_sleep);
    }
}

/// Like [`wait_until`], for a condition that says some PEs arrived somewhere (a barrier, a
/// collective's round), with `mates_waiting()`: whether every PE that shares this PE's CPU
/// ([`WaitPolicy::colocation`]) has arrived too.
///
/// When PEs outnumber CPUs, a waiter yields so that the PEs it waits for can run. But once
/// every PE on its CPU has arrived, the ones it still waits for are on other CPUs: a yield
/// would only hand the CPU to a mate that checks and yields back (a yield hand-off costs
/// ~580 ns here). So during the yield phase the waiter spins (with `spin_loop` hints) while its
/// mates wait, and yields while one of them still has to arrive; then it sleeps as usual, so it
/// never spins for long. Measured with 4 PEs on 2 CPUs: `barrier_all` 0.87 µs against 1.1 µs
/// yielding throughout (8 PEs: 2.5 against 2.9 µs).
#[inline]
pub fn wait_until_with_mates(
    policy: &WaitPolicy,
    waiter: Waiter<'_>,
    cond: impl FnMut() -> bool,
    mates_waiting: impl FnMut() -> bool,
) {
    wait_until_then_sleep(policy, waiter, cond, mates_waiting, || ());
}

/// Spin, yield (or spin while `spin_instead()` says yielding is pointless), then
/// `before_sleep()` and sleep.
#[cold]
fn wait_slow(
    policy: &WaitPolicy,
    waiter: &Waiter<'_>,
    cond: &mut dyn FnMut() -> bool,
    spin_instead: &mut dyn FnMut() -> bool,
    before_sleep: &mut dyn FnMut(),
) {
    let bell = waiter.bell;
    for _ in 0..policy.spin {
        std::hint::spin_loop();
        if cond() {
            return;
        }
    }
    let start = Instant::now();
    let mut n = 0u32;
    loop {
        if spin_instead() {
            std::hint::spin_loop();
        } else {
            sys::yield_now();
        }
        if cond() {
            return;
        }
        n = n.wrapping_add(1);
        // reading the clock costs ~20 ns; a yield or a spin round costs more: every 8th only
        if n.is_multiple_of(8) && start.elapsed() >= policy.yield_for {
            break;
        }
    }
    before_sleep();
    waiter.record.publish(&waiter.site);
    loop {
        let seen = bell.ring.load(Ordering::Acquire);
        bell.sleepers.fetch_add(1, Ordering::SeqCst);
        fence(Ordering::SeqCst);
        if cond() {
            bell.sleepers.fetch_sub(1, Ordering::Release);
            break;
        }
        sys::futex_wait_shared(&bell.ring, seen, policy.max_sleep);
        bell.sleepers.fetch_sub(1, Ordering::Release);
        if cond() {
            break;
        }
    }
    waiter.record.clear();
}

/// Rings `bell` if somebody sleeps on it. Call after the store that may satisfy a sleeper,
/// with a SeqCst fence between that store and this call (see [`ring_after_fence`]).
#[inline]
pub fn ring_after_fence(bell: &Doorbell) {
    if bell.sleepers.load(Ordering::Relaxed) != 0 {
        ring_slow(bell);
    }
}

#[cold]
fn ring_slow(bell: &Doorbell) {
    bell.ring.fetch_add(1, Ordering::Release);
    sys::futex_wake_shared(&bell.ring);
}

/// Fences (SeqCst) then rings `bell` if needed: the writer side of the protocol in one call.
#[inline]
pub fn notify(bell: &Doorbell) {
    fence(Ordering::SeqCst);
    ring_after_fence(bell);
}

/// The `any` routines: each keeps a rotation of its own per array ([`AnyCursor`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyRoutine {
    /// `test_any` (one comparison value, with or without a mask).
    Test,
    /// `wait_until_any`.
    Wait,
    /// `test_any_vector`.
    TestVector,
    /// `wait_until_any_vector`.
    WaitVector,
}

/// Where `any` starts its next scan of an array: one past the index the same routine reported
/// last time on that array, so that repeated calls report every ready element in turn instead
/// of always the lowest (OpenSHMEM 1.5 §9.10.3: a series of calls returns, eventually, every
/// element that satisfies the condition).
///
/// One per PE, held by its [`Runtime`](crate::runtime::Runtime) (`!Sync`: one thread at a
/// time, hence a `RefCell`) and touched only by the PE itself: `shmem`'s `wait_until_any` and
/// `test_any` forms (with their `_vector` and masked variants) start where it says and tell it
/// what they found. There is one rotation per [`AnyRoutine`] and array (symmetric offset and
/// length), kept for as long as it is away from index 0 and never evicted, so fairness holds
/// for any number of arrays and any order of calls: a call on another array, or of another
/// routine on this one, leaves the rotation alone. An array whose rotation is at 0 takes no
/// memory; one that is not takes one map entry (about 40 bytes).
#[derive(Debug, Default)]
pub struct AnyCursor {
    next: RefCell<Rotations>,
}

/// Where the next scan starts, by routine, offset and length; only entries away from 0.
type Rotations = HashMap<(AnyRoutine, usize, usize), usize, BuildHasherDefault<KeyHasher>>;

/// The rotations' hasher: a multiply-rotate over the key's words (FxHash's). The keys are
/// this PE's own call arguments, so there is nothing to defend against, and `std`'s SipHash
/// made a `test_any` on a 4-element array cost 64 ns instead of 10 (13 ns with this one).
#[derive(Default)]
struct KeyHasher(u64);

impl KeyHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

impl AnyCursor {
    /// The index at which the next scan by `routine` of the array at symmetric `offset` with
    /// `len` elements starts (below `len`; 0 for an empty array).
    pub fn start(&self, routine: AnyRoutine, offset: usize, len: usize) -> usize {
        self.next
            .borrow()
            .get(&(routine, offset, len))
            .copied()
            .unwrap_or(0)
    }

    /// Records that a scan by `routine` of that array reported element `found`, below `len`
    /// (nothing for an empty array).
    pub fn reported(&self, routine: AnyRoutine, offset: usize, len: usize, found: usize) {
        if len == 0 {
            return;
        }
        debug_assert!(found < len, "element {found} of {len}");
        let next = (found + 1) % len;
        let mut map = self.next.borrow_mut();
        if next == 0 {
            map.remove(&(routine, offset, len));
        } else {
            map.insert((routine, offset, len), next);
        }
    }

    /// One scan by `routine` of the array at symmetric `offset` with `len` elements:
    /// `find(start)` with the start [`AnyCursor::start`] gives, then, if it found an element,
    /// the rotation moved past it as [`AnyCursor::reported`] does; one map lookup for both.
    /// `find` must not use this cursor (it is borrowed meanwhile), so a scan that may wait
    /// long for a thread of the same process does not use this form (`shmem-c` at
    /// `MULTIPLE`, where other threads would wait for the cursor).
    pub fn scan(
        &self,
        routine: AnyRoutine,
        offset: usize,
        len: usize,
        find: impl FnOnce(usize) -> Option<usize>,
    ) -> Option<usize> {
        if len == 0 {
            return find(0);
        }
        let next_of = |found: usize| {
            debug_assert!(found < len, "element {found} of {len}");
            (found + 1) % len
        };
        let mut map = self.next.borrow_mut();
        match map.entry((routine, offset, len)) {
            Entry::Occupied(mut e) => {
                let found = find(*e.get())?;
                match next_of(found) {
                    0 => drop(e.remove()),
                    next => *e.get_mut() = next,
                }
                Some(found)
            }
            Entry::Vacant(e) => {
                let found = find(0)?;
                match next_of(found) {
                    0 => {}
                    next => drop(e.insert(next)),
                }
                Some(found)
            }
        }
    }

    /// How many rotations are away from index 0 (the map's entries).
    #[cfg(test)]
    fn held(&self) -> usize {
        self.next.borrow().len()
    }
}

#[cfg(test)]
mod any_cursor_tests {
    use super::{AnyCursor, AnyRoutine};

    const T: AnyRoutine = AnyRoutine::Test;

    #[test]
    fn cursor_rotates_per_array() {
        let c = AnyCursor::default();
        assert_eq!(c.start(T, 64, 4), 0);
        c.reported(T, 64, 4, 1);
        assert_eq!(c.start(T, 64, 4), 2);
        c.reported(T, 64, 4, 3);
        assert_eq!(c.start(T, 64, 4), 0, "wraps around");
        assert_eq!(c.held(), 0, "a rotation at 0 takes no entry");
        // another array (or another length at the same offset) has a rotation of its own
        c.reported(T, 128, 4, 0);
        c.reported(T, 64, 2, 0);
        assert_eq!(c.start(T, 64, 4), 0);
        assert_eq!(c.start(T, 128, 4), 1);
        assert_eq!(c.start(T, 64, 2), 1);
        // empty arrays have no rotation
        c.reported(T, 0, 0, 0);
        assert_eq!(c.start(T, 0, 0), 0);
    }

    #[test]
    fn cursor_forgets_no_array() {
        let c = AnyCursor::default();
        for a in 0..1000 {
            c.reported(T, a * 64, 4, a % 3);
        }
        assert_eq!(c.held(), 1000);
        assert!((0..1000).all(|a| c.start(T, a * 64, 4) == a % 3 + 1));
    }

    #[test]
    fn scan_is_start_then_reported() {
        let (a, b) = (AnyCursor::default(), AnyCursor::default());
        let ready = [false, true, true, false, true];
        let find = |start: usize| (start..5).chain(0..start).find(|&i| ready[i]);
        for _ in 0..7 {
            let s = a.start(T, 64, 5);
            let found = find(s).unwrap();
            a.reported(T, 64, 5, found);
            assert_eq!(b.scan(T, 64, 5, find), Some(found));
            assert_eq!(a.held(), b.held());
        }
        assert_eq!(b.scan(T, 64, 5, |_| None), None, "nothing found: no change");
        assert_eq!(b.start(T, 64, 5), a.start(T, 64, 5));
        assert_eq!(b.scan(T, 0, 0, Some), Some(0));
    }

    #[test]
    fn cursor_per_routine() {
        let c = AnyCursor::default();
        let all = [
            AnyRoutine::Test,
            AnyRoutine::Wait,
            AnyRoutine::TestVector,
            AnyRoutine::WaitVector,
        ];
        for (k, &r) in all.iter().enumerate() {
            c.reported(r, 64, 8, k);
        }
        for (k, &r) in all.iter().enumerate() {
            assert_eq!(c.start(r, 64, 8), k + 1);
        }
    }
}
