//! The distributed lock: a first-come-first-served queue lock (MCS) over the transport
//! (`shmem_set_lock`, `shmem_test_lock`, `shmem_clear_lock`; OpenSHMEM 1.5, distributed
//! locking routines).
//!
//! # The lock object
//!
//! A lock is one symmetric object of [`LOCK_SIZE`] bytes (aligned to [`LOCK_ALIGN`]): every
//! PE has a copy at the same symmetric offset. One PE, the lock's *home*, keeps the queue's
//! tail in its copy; every PE keeps its own queue node in its copy. Two cache-line pairs, so
//! the tail that every PE swaps never shares a line with the home PE's own node:
//!
//! ```text
//! offset   0  TAIL   u32  (home PE's copy only)  the last PE in the queue
//! offset   4  HOME   u32  (every copy)           home PE + 1, written at creation
//! offset 128  NEXT   u32  (PE p's copy)          p's successor in the queue
//! offset 132  STATE  u32  (PE p's copy)          where p stands
//! ```
//!
//! The words, as state tables (`p + 1` encodes PE `p`, so that all-zero is "cleared"):
//!
//! | `TAIL` (home)  | meaning                                                         |
//! |----------------|-----------------------------------------------------------------|
//! | `0`            | free: nobody holds the lock, nobody waits                       |
//! | `POISONED`     | free, but poisoned: the last holder panicked while holding it   |
//! | `p + 1`        | PE `p` entered the queue last (it holds the lock if alone)      |
//!
//! `POISONED` is `1 << 31`, far above any `p + 1` (PE counts are at most
//! `segment::MAX_PES`).
//!
//! | `STATE` (PE p)          | meaning                                | set by                    |
//! |-------------------------|----------------------------------------|---------------------------|
//! | `IDLE` (0)              | `p` is not in the queue                | `p`                       |
//! | `WAITING` (1)           | `p` is entering the queue or waits     | `p`, before its tail swap |
//! | `HOLDING` (2)           | `p` holds the lock                     | `p`, or its predecessor   |
//! | `HOLDING_POISONED` (3)  | `p` holds the lock, which is poisoned  | `p`, or its predecessor   |
//!
//! | `NEXT` (PE p)  | meaning                                                         |
//! |----------------|-----------------------------------------------------------------|
//! | `0`            | no successor known (yet); always 0 while `p` is `IDLE`          |
//! | `s + 1`        | PE `s` queued right behind `p`; written once, by `s`            |
//!
//! # The algorithm (Mellor-Crummey and Scott, with one node per PE per lock)
//!
//! * **lock** (PE `p`): `STATE(p) = WAITING`; `prev = swap(TAIL, p + 1)`. If `prev == 0` the
//!   lock was free: `STATE(p) = HOLDING`, done; if `prev == POISONED` it was free but
//!   poisoned: `STATE(p) = HOLDING_POISONED`, done. Otherwise link in, `NEXT(prev) = p + 1`,
//!   and wait until `STATE(p)` is `HOLDING` or `HOLDING_POISONED`.
//! * **try_lock**: read `TAIL` (`t`); if it is neither 0 nor `POISONED`, *held*, and nothing
//!   was written anywhere. Otherwise `compare_swap(TAIL, t, p + 1)`; on failure, *held* (a
//!   failed compare-swap writes nothing; the transport may still ring the home PE's
//!   doorbell, which at most makes a sleeper there re-check its condition); on success
//!   `STATE(p) = HOLDING`, or `HOLDING_POISONED` if `t` was `POISONED`. `try_lock` succeeds
//!   only on an empty queue, so it never overtakes a waiting PE.
//! * **unlock** (with `poisoned`: the lock was poisoned and the holder did not clear it, or
//!   the holder is panicking): `quiet` (every store of the critical section is complete before
//!   anyone else can see the lock move on), then: if `NEXT(p) == 0`, try
//!   `compare_swap(TAIL, p + 1, poisoned ? POISONED : 0)`; success means nobody is queued:
//!   `STATE(p) = IDLE`, done. Otherwise a successor `s` has swapped the tail but not yet
//!   linked in: wait until `NEXT(p) != 0`. Then hand over: `STATE(s) = poisoned ?
//!   HOLDING_POISONED : HOLDING`, and reset `NEXT(p) = 0`, `STATE(p) = IDLE`.
//!
//! The tail swap is the one point where the queue's order is decided, so PEs acquire the lock
//! in the order of their swaps: first come, first served. Each PE waits only on its own node
//! (in its own partition), and each hand-off writes one word in the successor's partition,
//! which rings the successor's doorbell; waiting is the runtime's spin, yield, then futex
//! sleep ([`crate::wait`]), so nothing here spins on its own.
//!
//! # Poisoning
//!
//! As with `std::sync::Mutex`: a holder that panics (and whose process goes on, the panic
//! caught) may have left the protected data half updated, so the lock becomes *poisoned* and
//! every later holder is told, until one of them declares the data consistent again
//! ([`RawLock::clear_poison`]). The poison bit travels with ownership, in the words that
//! already carry it: the hand-off value (`HOLDING_POISONED`) or the freed tail (`POISONED`),
//! so it costs nothing on the fast path: the same swap, compare-swap or store as before, only
//! with another value.
//!
//! # Memory ordering
//!
//! Every write that another PE acts on (tail swap, link, hand-off) is a SeqCst atomic
//! operation through [`Transport::amo`], and every wait reads with Acquire. The holder's
//! critical-section stores are followed by `quiet` (a SeqCst fence) before the hand-off
//! (a SeqCst swap into the successor's `STATE`, or the compare-swap that frees `TAIL`), and
//! the next holder reads that word with Acquire (or swaps `TAIL` with SeqCst): the previous
//! critical section happens-before the next one.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::transport::{AmoOp, DefaultTransport, Transport};
use crate::wait::{WaitKind, WaitSite};

/// Bytes of one lock object (per PE).
pub const LOCK_SIZE: usize = 256;
/// Alignment of a lock object: a cache-line pair (see `segment::LINE`).
pub const LOCK_ALIGN: usize = 128;

/// Offset of `TAIL` in the lock object (meaningful on the home PE).
const TAIL: usize = 0;
/// Offset of `HOME` (home PE + 1), written into every copy at creation.
const HOME: usize = 4;
/// Offset of `NEXT` in the PE's own node.
const NEXT: usize = 128;
/// Offset of `STATE` in the PE's own node.
const STATE: usize = 132;

const IDLE: u32 = 0;
const WAITING: u32 = 1;
const HOLDING: u32 = 2;
const HOLDING_POISONED: u32 = 3;

/// `TAIL` of a free lock whose last holder panicked while holding it.
const POISONED: u32 = 1 << 31;
const _: () = assert!(crate::segment::MAX_PES < POISONED as usize);

const _: () = assert!(NEXT >= TAIL + LOCK_ALIGN && STATE + 4 <= LOCK_SIZE);
const _: () = assert!(LOCK_SIZE.is_multiple_of(LOCK_ALIGN) && HOME + 4 <= NEXT);

#[inline(always)]
fn encode(pe: usize) -> u32 {
    // PE counts are capped at `segment::MAX_PES`, far below u32::MAX.
    pe as u32 + 1
}

#[inline(always)]
fn decode(word: u32) -> Option<usize> {
    word.checked_sub(1).map(|p| p as usize)
}

/// The PE a `TAIL` word names (`None` for a free lock, poisoned or not).
#[inline(always)]
fn tail_pe(word: u32) -> Option<usize> {
    if word == POISONED { None } else { decode(word) }
}

/// What a `STATE` word says.
#[inline(always)]
fn state_of(word: u32) -> LocalState {
    match word {
        IDLE => LocalState::Idle,
        HOLDING => LocalState::Holding,
        HOLDING_POISONED => LocalState::HoldingPoisoned,
        _ => LocalState::Waiting,
    }
}

/// The `STATE` that hands the lock over, poisoned or not.
#[inline(always)]
fn holding(poisoned: bool) -> u32 {
    if poisoned { HOLDING_POISONED } else { HOLDING }
}

/// A snapshot of a lock's queue, for tests and debugging ([`RawLock::snapshot`]); `P` is how a
/// PE is named (a number here, the typed `Pe` in the `shmem` crate, [`LockSnapshot::map`]).
///
/// Each word is read atomically but not all at once: the snapshot is exact when the queue
/// does not change while it is taken (the situation a deterministic test arranges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockSnapshot<P = usize> {
    /// The PE that holds the lock, if any.
    pub holder: Option<P>,
    /// The PE that entered the queue last (`TAIL`), if any; the holder when nobody waits. PEs
    /// are served in the order in which they became the tail.
    pub tail: Option<P>,
    /// How many PEs wait for the lock (entered or entering the queue, not holding it).
    pub waiting: usize,
    /// Whether the lock is poisoned: free but poisoned, or held by a PE that got it poisoned
    /// and has not cleared it.
    pub poisoned: bool,
}

impl LockSnapshot {
    /// The same snapshot with every PE named by `f`.
    pub fn map<Q>(self, f: impl Fn(usize) -> Q) -> LockSnapshot<Q> {
        LockSnapshot {
            holder: self.holder.map(&f),
            tail: self.tail.map(&f),
            waiting: self.waiting,
            poisoned: self.poisoned,
        }
    }
}

/// What this PE's own node says about the lock ([`RawLock::local_state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalState {
    /// This PE is not in the lock's queue.
    Idle,
    /// This PE holds the lock.
    Holding,
    /// This PE holds the lock, which is poisoned (see the module docs).
    HoldingPoisoned,
    /// This PE is in the queue, waiting (only seen by another thread of the PE, or after a
    /// panic in `lock`).
    Waiting,
}

/// A distributed queue lock at symmetric offset `offset`, with its tail on PE `home`.
///
/// A plain value (offset and home): it says where the lock lives, it does not own it. The
/// typed layer (`shmem::SymLock`) owns the allocation and makes sure that only the holder
/// unlocks and that a PE never locks twice; the methods here assume it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawLock {
    offset: usize,
    home: usize,
}

impl RawLock {
    /// The lock whose object is at symmetric `offset`, homed on PE `home`.
    #[inline]
    pub fn new(offset: usize, home: usize) -> RawLock {
        RawLock { offset, home }
    }

    /// Symmetric offset of the lock object.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The PE that keeps the tail.
    #[inline]
    pub fn home(&self) -> usize {
        self.home
    }

    /// Writes the cleared state (every word 0, `HOME` = home + 1) into this PE's copy. Call it
    /// on every PE before the barrier that publishes the object (the collective allocation's
    /// initializer), so the lock is cleared everywhere before anyone can use it.
    pub fn init_local<T: Transport>(&self, t: &T) {
        t.put(t.my_pe(), self.offset, &[0u8; LOCK_SIZE]);
        t.put_word::<u32>(t.my_pe(), self.offset + HOME, encode(self.home));
    }

    /// The home PE that PE `pe`'s copy was created with (`None` if the copy is not a lock
    /// object). Comparing every PE's answer after creation catches PEs that disagree.
    pub fn home_of_copy<T: Transport>(&self, t: &T, pe: usize) -> Option<usize> {
        decode(t.get_word::<u32>(pe, self.offset + HOME))
    }

    /// The first PE whose copy names another home PE than this PE's, with the home it names
    /// (`usize::MAX` for a copy that names none). Run after the barrier that published every
    /// copy: every PE reads the same words, so either every PE finds a mismatch or none does.
    pub fn home_mismatch<T: Transport>(&self, t: &T) -> Option<(usize, usize)> {
        (0..t.n_pes()).find_map(|pe| match self.home_of_copy(t, pe) {
            Some(h) if h == self.home => None,
            other => Some((pe, other.unwrap_or(usize::MAX))),
        })
    }

    /// What this PE's own node says: whether this PE holds the lock or is queued.
    #[inline]
    pub fn local_state<T: Transport>(&self, t: &T) -> LocalState {
        state_of(t.get_word::<u32>(t.my_pe(), self.offset + STATE))
    }

    /// Acquires the lock (`shmem_set_lock`): enters the queue and waits for the hand-off.
    /// Returns whether the lock is poisoned (see the module docs).
    ///
    /// If this PE already holds the lock (a leaked guard), it returns at once; if it is
    /// already queued (a panic unwound out of an earlier `lock`), it waits for its turn
    /// without queueing again.
    #[inline]
    pub fn lock<T: Transport>(&self, t: &T) -> bool {
        match self.local_state(t) {
            LocalState::Idle => {}
            LocalState::Holding => return false,
            LocalState::HoldingPoisoned => return true,
            LocalState::Waiting => return self.wait_for_hand_off(t),
        }
        let me = t.my_pe();
        // WAITING before the swap: once `TAIL` names us, the predecessor may hand over at any
        // moment, and its HOLDING must not be overwritten.
        t.put_word::<u32>(me, self.offset + STATE, WAITING);
        let prev = t.amo::<u32>(self.home, self.offset + TAIL, AmoOp::Swap(encode(me)));
        match prev {
            0 => {
                t.put_word::<u32>(me, self.offset + STATE, HOLDING);
                false
            }
            POISONED => {
                t.put_word::<u32>(me, self.offset + STATE, HOLDING_POISONED);
                true
            }
            prev => self.wait_turn(t, prev),
        }
    }

    /// The contended half of [`RawLock::lock`]: link in behind `prev` (a `TAIL` word naming a
    /// PE), wait for the hand-off; returns whether it came poisoned.
    #[cold]
    fn wait_turn<T: Transport>(&self, t: &T, prev: u32) -> bool {
        let me = t.my_pe();
        let prev = decode(prev).expect("a tail naming a PE");
        // `NEXT(prev)` is 0: `prev` resets it before it leaves the queue, and only the PE
        // whose swap returned `prev` (this one) writes it.
        t.amo::<u32>(prev, self.offset + NEXT, AmoOp::Set(encode(me)));
        self.wait_for_hand_off(t)
    }

    /// Waits until this PE's node says it holds the lock; returns whether it came poisoned.
    fn wait_for_hand_off<T: Transport>(&self, t: &T) -> bool {
        let site = WaitSite::new(WaitKind::Lock, [self.offset as u64, self.home as u64, 0, 0]);
        let state = t.wait_local::<u32>(self.offset + STATE, site, |s| {
            s == HOLDING || s == HOLDING_POISONED
        });
        state == HOLDING_POISONED
    }

    /// Takes the lock if it is free (`shmem_test_lock`); never waits. Returns `None` when it
    /// is not, and then nothing was written: not the tail, not this PE's node; otherwise
    /// whether the lock is poisoned. (If this PE already holds it, that is the answer; if it
    /// is queued for it, the answer is `None`.)
    /// A `None` lets the transport progress first ([`Transport::poll`]): callers loop on it.
    #[inline]
    pub fn try_lock<T: Transport>(&self, t: &T) -> Option<bool> {
        let taken = self.try_take(t);
        if taken.is_none() {
            t.poll();
        }
        taken
    }

    /// [`RawLock::try_lock`] without the poll.
    #[inline]
    fn try_take<T: Transport>(&self, t: &T) -> Option<bool> {
        match self.local_state(t) {
            LocalState::Idle => {}
            LocalState::Holding => return Some(false),
            LocalState::HoldingPoisoned => return Some(true),
            LocalState::Waiting => return None,
        }
        let me = t.my_pe();
        // Read first: a held lock costs a shared read of the tail's line, no write.
        let free = t.get_word::<u32>(self.home, self.offset + TAIL);
        if free != 0 && free != POISONED {
            return None;
        }
        // This PE's node is IDLE with NEXT == 0 (reset at every unlock), exactly what the
        // last PE of the queue needs, so it is not written before the compare-swap.
        let prev = t.amo::<u32>(
            self.home,
            self.offset + TAIL,
            AmoOp::CompareSwap {
                cond: free,
                new: encode(me),
            },
        );
        if prev != free {
            return None;
        }
        let poisoned = free == POISONED;
        t.put_word::<u32>(me, self.offset + STATE, holding(poisoned));
        Some(poisoned)
    }

    /// Declares the lock's data consistent again: the lock this PE holds is no longer
    /// poisoned, and will not be handed on poisoned (unless this PE panics while holding it).
    /// Does nothing unless this PE holds the lock.
    pub fn clear_poison<T: Transport>(&self, t: &T) {
        if self.local_state(t) == LocalState::HoldingPoisoned {
            t.put_word::<u32>(t.my_pe(), self.offset + STATE, HOLDING);
        }
    }

    /// Releases the lock (`shmem_clear_lock`): completes this PE's outstanding stores
    /// (`quiet`), then frees the lock or hands it to the next PE in the queue; `poisoned`
    /// (the caller's lock is poisoned and was not cleared, or the caller is panicking) travels
    /// with it. Does nothing (and returns `false`) unless this PE holds the lock.
    #[inline]
    pub fn unlock<T: Transport>(&self, t: &T, poisoned: bool) -> bool {
        let me = t.my_pe();
        if !matches!(
            self.local_state(t),
            LocalState::Holding | LocalState::HoldingPoisoned
        ) {
            return false;
        }
        t.quiet();
        let next = t.get_word::<u32>(me, self.offset + NEXT);
        if next == 0 {
            let was = t.amo::<u32>(
                self.home,
                self.offset + TAIL,
                AmoOp::CompareSwap {
                    cond: encode(me),
                    new: if poisoned { POISONED } else { 0 },
                },
            );
            if was == encode(me) {
                t.put_word::<u32>(me, self.offset + STATE, IDLE);
                return true;
            }
        }
        self.hand_off(t, next, poisoned);
        true
    }

    /// The contended half of [`RawLock::unlock`]: a successor exists (or is linking in).
    #[cold]
    fn hand_off<T: Transport>(&self, t: &T, mut next: u32, poisoned: bool) {
        let me = t.my_pe();
        if next == 0 {
            // The successor swapped the tail but has not linked in yet: it is about to.
            let site = WaitSite::new(WaitKind::LockRelease, [self.offset as u64, 0, 0, 0]);
            next = t.wait_local::<u32>(self.offset + NEXT, site, |n| n != 0);
        }
        let succ = decode(next).expect("NEXT is non-zero here");
        t.put_word::<u32>(me, self.offset + NEXT, 0);
        t.put_word::<u32>(me, self.offset + STATE, IDLE);
        t.amo::<u32>(succ, self.offset + STATE, AmoOp::Set(holding(poisoned)));
    }

    /// A snapshot of the queue: holder, tail and number of waiters. Reads the tail and every
    /// PE's node (O(n_pes) reads); a debugging and testing aid, not a synchronization tool.
    pub fn snapshot<T: Transport>(&self, t: &T) -> LockSnapshot {
        let tail_word = t.get_word::<u32>(self.home, self.offset + TAIL);
        let mut holder = None;
        let mut waiting = 0;
        let mut poisoned = tail_word == POISONED;
        for pe in 0..t.n_pes() {
            match t.get_word::<u32>(pe, self.offset + STATE) {
                HOLDING => holder = Some(pe),
                HOLDING_POISONED => {
                    holder = Some(pe);
                    poisoned = true;
                }
                WAITING => waiting += 1,
                _ => {}
            }
        }
        LockSnapshot {
            holder,
            tail: tail_pe(tail_word),
            waiting,
            poisoned,
        }
    }
}

/// The three words of a lock that an acquisition and its release touch, located (pointers
/// into the mapping, found by `ShmTransport::ptr`): `TAIL` on the home PE, this PE's `NEXT`
/// and `STATE`.
#[derive(Clone, Copy, Debug)]
struct Located {
    tail: *mut u32,
    next: *mut u32,
    state: *mut u32,
}

/// Loads this PE's own `NEXT` or `STATE` through its located pointer `p` (`at.next`,
/// `at.state`), as `Transport::get_word` does (an Acquire atomic load: a PE's own partition
/// is mapped here in every transport), without its checks.
///
/// # Safety
/// `p` is `at.next` or `at.state` of a `Located` of this PE made by `RawLock::locate` on a
/// transport that still lives.
#[inline(always)]
unsafe fn load_own(p: *mut u32) -> u32 {
    // SAFETY: `p` is in this PE's partition of the mapping (found by `ptr`), which lives as
    // long as the transport (caller), and aligned (`locate` asserted it); the lock's words
    // are only ever accessed atomically (after `init_local`'s copy, which comes before the
    // barrier that publishes the lock).
    unsafe { AtomicU32::from_ptr(p) }.load(Ordering::Acquire)
}

/// Stores this PE's own `NEXT` or `STATE` through its located pointer, as
/// `Transport::put_word` does (a Relaxed atomic store), without its checks and without
/// ringing this PE's own doorbell (which `put_word` skips too: the PE's one thread is the
/// one storing).
///
/// # Safety
/// As [`load_own`].
#[inline(always)]
unsafe fn store_own(p: *mut u32, v: u32) {
    // SAFETY: as in `load_own`.
    unsafe { AtomicU32::from_ptr(p) }.store(v, Ordering::Relaxed);
}

/// One acquisition of a [`LocatedLock`] ([`LocatedLock::lock`]), released by
/// [`LockHold::unlock`]: the lock, its words located and the transport they are located on
/// (which it borrows), so the release finds and checks no word. Neither `Copy` nor `Clone`:
/// an acquisition is released once.
#[derive(Debug)]
#[must_use = "the lock stays held until the hold is unlocked"]
pub struct LockHold<'t> {
    t: &'t DefaultTransport,
    lock: RawLock,
    at: Located,
    poisoned: bool,
}

impl LockHold<'_> {
    /// Whether the lock was poisoned when it was acquired.
    #[inline]
    pub fn poisoned(&self) -> bool {
        self.poisoned
    }

    /// Releases the lock, as [`RawLock::unlock`] does (`poisoned` as there), on the located
    /// words: completes this PE's outstanding operations before the atomic that frees the
    /// lock or hands it on is visible (`Transport::quiet_before_amo`), then frees it or hands
    /// it to the next PE in the queue. Does nothing (and returns `false`) unless this PE
    /// holds the lock.
    #[inline]
    pub fn unlock(self, poisoned: bool) -> bool {
        self.lock.unlock_at(self.t, self.at, poisoned)
    }
}

/// A lock with its words located once ([`RawLock::located`]): a window keeps its members'
/// accumulate locks so, and every accumulate-family call then acquires and releases its
/// target's lock without finding or checking a word (each of the seven word accesses of an
/// uncontended lock and unlock costs a bounds check of about a dozen instructions
/// otherwise). It borrows the transport its words are located on.
#[derive(Debug)]
pub struct LocatedLock<'t> {
    t: &'t DefaultTransport,
    lock: RawLock,
    at: Located,
}

impl<'t> LocatedLock<'t> {
    /// [`RawLock::lock`] on the located words (returning at once if this PE holds the lock
    /// already, waiting for its turn if it is queued already); the hold says whether the
    /// lock is poisoned.
    #[inline]
    pub fn lock(&self) -> LockHold<'t> {
        let poisoned = self.lock.lock_at(self.t, self.at);
        LockHold {
            t: self.t,
            lock: self.lock,
            at: self.at,
            poisoned,
        }
    }
}

impl RawLock {
    /// This lock with its words located on `t` ([`LocatedLock`]).
    ///
    /// # Panics
    /// If a word lies outside its partition (`ShmTransport::ptr`) or is misaligned.
    pub fn located<'t>(&self, t: &'t DefaultTransport) -> LocatedLock<'t> {
        LocatedLock {
            t,
            lock: *self,
            at: self.locate(t),
        }
    }

    /// This lock's `TAIL` (on the home PE) and this PE's `NEXT` and `STATE`, located and
    /// checked aligned, so that the accesses through them check nothing.
    ///
    /// # Panics
    /// If a word lies outside its partition (`ShmTransport::ptr`) or is misaligned.
    fn locate(&self, t: &DefaultTransport) -> Located {
        let me = t.my_pe();
        let at = Located {
            tail: t.ptr(self.home, self.offset + TAIL, 4).cast(),
            next: t.ptr(me, self.offset + NEXT, 4).cast(),
            state: t.ptr(me, self.offset + STATE, 4).cast(),
        };
        assert!(
            at.tail.is_aligned() && at.next.is_aligned() && at.state.is_aligned(),
            "misaligned lock object"
        );
        at
    }

    /// This PE's `STATE`, through the located pointer.
    #[inline(always)]
    fn state_at(&self, at: Located) -> u32 {
        // SAFETY: `at.state`, located on a transport that still lives (`LocatedLock` and
        // `LockHold` borrow it).
        unsafe { load_own(at.state) }
    }

    /// Stores this PE's `STATE`, through the located pointer.
    #[inline(always)]
    fn set_state_at(&self, at: Located, v: u32) {
        // SAFETY: as in `state_at`.
        unsafe { store_own(at.state, v) };
    }

    /// An atomic operation on `TAIL`, through the located pointer. It rings no doorbell:
    /// nobody waits on `TAIL` (waiters wait on their own `STATE` and `NEXT`, which the
    /// link and the hand-off write with atomics that ring).
    #[inline(always)]
    fn tail_amo(&self, t: &DefaultTransport, at: Located, op: AmoOp<u32>) -> u32 {
        // SAFETY: `at.tail` is `TAIL` of this lock on the home PE, found by `ptr` and
        // checked aligned (`locate`) on `t`, which still lives.
        unsafe { t.amo_silent_at::<u32>(self.home, self.offset + TAIL, at.tail, op) }
    }

    /// [`RawLock::lock`] on the located words (`at`, by `locate` on `t`).
    #[inline(always)]
    fn lock_at(&self, t: &DefaultTransport, at: Located) -> bool {
        match state_of(self.state_at(at)) {
            LocalState::Idle => {}
            LocalState::Holding => return false,
            LocalState::HoldingPoisoned => return true,
            LocalState::Waiting => return self.wait_for_hand_off(t),
        }
        let me = t.my_pe();
        // WAITING before the swap, as in `lock`.
        self.set_state_at(at, WAITING);
        match self.tail_amo(t, at, AmoOp::Swap(encode(me))) {
            0 => {
                self.set_state_at(at, HOLDING);
                false
            }
            POISONED => {
                self.set_state_at(at, HOLDING_POISONED);
                true
            }
            prev => self.wait_turn(t, prev),
        }
    }

    /// [`RawLock::unlock`] on the located words, with `quiet_before_amo` instead of `quiet`:
    /// whichever way the lock moves on, the step that publishes it is a `SeqCst`
    /// read-modify-write (the compare-swap that frees `TAIL`, or the hand-off's swap into
    /// the successor's `STATE`), which orders the critical section's stores before it; the
    /// read of this PE's own `NEXT` in between needs no order (a successor that links in
    /// after it makes the compare-swap fail).
    #[inline(always)]
    fn unlock_at(&self, t: &DefaultTransport, at: Located, poisoned: bool) -> bool {
        if !matches!(
            state_of(self.state_at(at)),
            LocalState::Holding | LocalState::HoldingPoisoned
        ) {
            return false;
        }
        t.quiet_before_amo();
        let me = t.my_pe();
        // SAFETY: `at.next`, located on `t`, which still lives (`LockHold` borrows it).
        let next = unsafe { load_own(at.next) };
        if next == 0 {
            let was = self.tail_amo(
                t,
                at,
                AmoOp::CompareSwap {
                    cond: encode(me),
                    new: if poisoned { POISONED } else { 0 },
                },
            );
            if was == encode(me) {
                self.set_state_at(at, IDLE);
                return true;
            }
        }
        self.hand_off(t, next, poisoned);
        true
    }
}

/// For the launcher's deadlock report: who holds the lock at symmetric `offset` homed on
/// `home`, and who queued last, read from the segment with atomic loads (`", held by PE 2,
/// last in the queue PE 5"`); empty when the words cannot be read.
pub(crate) fn describe_holder(seg: &crate::segment::Segment, offset: u64, home: u64) -> String {
    let n = seg.n_pes();
    let (Ok(offset), Ok(home)) = (usize::try_from(offset), usize::try_from(home)) else {
        return String::new();
    };
    let read = |pe: usize, off: usize| -> Option<u32> {
        let at = offset.checked_add(off)?;
        if pe >= n || at.checked_add(4)? > seg.partition_size() || at % 4 != 0 {
            return None;
        }
        let p = seg.partition_ptr(pe, at, 4).cast::<u32>();
        // SAFETY: in bounds (checked above and by `partition_ptr`) and 4-aligned (partitions
        // are page-aligned, `at` is a multiple of 4); the lock words are only ever accessed
        // atomically, and the mapping lives as long as `seg`.
        Some(unsafe { std::sync::atomic::AtomicU32::from_ptr(p) }.load(Ordering::Acquire))
    };
    let Some(tail) = read(home, TAIL) else {
        return String::new();
    };
    let holder = (0..n).find(|&pe| matches!(read(pe, STATE), Some(HOLDING | HOLDING_POISONED)));
    let mut s = match holder {
        Some(h) => format!(", held by PE {h}"),
        None => ", held by nobody".to_owned(),
    };
    if let Some(t) = tail_pe(tail).filter(|&t| Some(t) != holder) {
        s.push_str(&format!(", last in the queue PE {t}"));
    }
    s
}

#[cfg(test)]
mod tests {
    //! The algorithm on the real shared-memory transport, with threads of one process as PEs
    //! (each thread has its own [`ShmTransport`] on one segment): many more lock hand-offs
    //! than the multi-process tests can afford, the unlock race (tail already swapped, link
    //! not yet written) included.

    use super::*;
    use crate::transport::shm::on_pes;

    const COUNTER: usize = 1024;
    const OWNER: usize = 1032;

    #[test]
    fn mutual_exclusion_of_a_remote_read_modify_write() {
        const K: u64 = 3000;
        let n = 6;
        let results = on_pes(n, |t| {
            let lock = RawLock::new(0, n - 1);
            lock.init_local(t);
            t.barrier_all();
            let mut violations = 0;
            for i in 0..K {
                if i % 3 == 0 {
                    while lock.try_lock(t).is_none() {
                        std::thread::yield_now();
                    }
                } else {
                    assert!(!lock.lock(t), "never poisoned here");
                }
                violations += u64::from(lock.local_state(t) != LocalState::Holding);
                let c = t.get_word::<u64>(0, COUNTER);
                t.put_word::<u64>(0, OWNER, t.my_pe() as u64);
                if i % 16 == 0 {
                    std::thread::yield_now();
                }
                violations += u64::from(t.get_word::<u64>(0, OWNER) != t.my_pe() as u64);
                t.put_word::<u64>(0, COUNTER, c + 1);
                lock.unlock(t, false);
                violations += u64::from(lock.local_state(t) != LocalState::Idle);
            }
            t.barrier_all();
            let total = t.get_word::<u64>(0, COUNTER);
            (violations, total, lock.snapshot(t), lock.home_mismatch(t))
        });
        let free = LockSnapshot {
            holder: None,
            tail: None,
            waiting: 0,
            poisoned: false,
        };
        for r in results {
            assert_eq!(r, (0, n as u64 * K, free, None));
        }
    }

    /// Through located locks (a window's accumulate locks), mixed with the plain
    /// lock on the same objects: one lock homed on each PE, and every PE's read-modify-writes
    /// of each home's counter are exact, also when they queue; taking a held lock again
    /// returns at once, and only the first release frees it; poison travels through holds.
    #[test]
    fn located_locks_exclude_and_are_the_plain_locks() {
        const K: u64 = 1500;
        const COUNTERS: usize = 4096;
        let n = 4;
        let results = on_pes(n, |t| {
            let lock = |home: usize| RawLock::new(LOCK_SIZE * home, home);
            for home in 0..n {
                lock(home).init_local(t);
            }
            t.barrier_all();
            let located: Vec<LocatedLock<'_>> = (0..n).map(|home| lock(home).located(t)).collect();
            let mut violations = 0u64;
            for i in 0..K {
                let home = (i as usize + t.my_pe()) % n;
                let counter = COUNTERS + 8 * home;
                let hold = if i % 3 == 0 {
                    assert!(!lock(home).lock(t), "never poisoned here");
                    None
                } else {
                    let hold = located[home].lock();
                    assert!(!hold.poisoned());
                    Some(hold)
                };
                violations += u64::from(lock(home).local_state(t) != LocalState::Holding);
                let c = t.get_word::<u64>(home, counter);
                if i % 7 == 0 {
                    std::thread::yield_now();
                }
                t.put_word::<u64>(home, counter, c + 1);
                let released = match hold {
                    Some(hold) => hold.unlock(false),
                    None => lock(home).unlock(t, false),
                };
                violations += u64::from(!released);
                violations += u64::from(lock(home).local_state(t) != LocalState::Idle);
            }
            t.barrier_all();
            let mut seen = Vec::new();
            if t.my_pe() == 0 {
                let first = located[1].lock();
                let again = located[1].lock();
                seen.push(lock(1).snapshot(t).tail == Some(0));
                seen.push(again.unlock(false));
                seen.push(!first.unlock(false));
                seen.push(lock(1).snapshot(t).tail.is_none());
                // Released poisoned, nobody queued: the next hold finds it poisoned.
                assert!(located[2].lock().unlock(true));
                let next = located[2].lock();
                seen.push(next.poisoned());
                seen.push(next.unlock(false));
                seen.push(!lock(2).snapshot(t).poisoned);
            }
            t.barrier_all();
            let totals: Vec<u64> = (0..n)
                .map(|home| t.get_word::<u64>(home, COUNTERS + 8 * home))
                .collect();
            let free = (0..n).all(|home| lock(home).snapshot(t).holder.is_none());
            (violations, totals, free, seen)
        });
        for (pe, (violations, totals, free, seen)) in results.into_iter().enumerate() {
            assert_eq!(violations, 0, "PE {pe}");
            // Every PE locked each home K / n times (K is a multiple of n).
            assert_eq!(totals, vec![K; n], "PE {pe}");
            assert!(free, "PE {pe}");
            let want: &[bool] = if pe == 0 { &[true; 7] } else { &[] };
            assert_eq!(seen, want, "PE {pe}");
        }
    }

    #[test]
    fn try_lock_on_a_held_lock_writes_nothing() {
        let n = 3;
        let results = on_pes(n, |t| {
            let lock = RawLock::new(0, 0);
            lock.init_local(t);
            t.barrier_all();
            let copy = |pe: usize| {
                let mut b = [0u8; LOCK_SIZE];
                t.get(pe, 0, &mut b);
                b
            };
            if t.my_pe() == 0 {
                lock.lock(t);
            }
            t.barrier_all();
            let before: Vec<_> = (0..n).map(copy).collect();
            t.barrier_all();
            let mut taken = 0;
            if t.my_pe() != 0 {
                for _ in 0..100 {
                    taken += u32::from(lock.try_lock(t).is_some());
                }
            }
            t.barrier_all();
            let after: Vec<_> = (0..n).map(copy).collect();
            t.barrier_all();
            if t.my_pe() == 0 {
                lock.unlock(t, false);
            }
            (taken, before == after)
        });
        for r in results {
            assert_eq!(r, (0, true), "(try_lock successes, lock words unchanged)");
        }
    }

    #[test]
    fn acquisition_follows_the_order_of_the_tail_swaps() {
        let n = 5;
        let served = on_pes(n, |t| {
            let lock = RawLock::new(0, 2);
            lock.init_local(t);
            t.barrier_all();
            let me = t.my_pe();
            // request order: 4, 3, 2, 1, 0
            let turn = n - 1 - me;
            if turn == 0 {
                lock.lock(t);
            }
            t.barrier_all();
            let mut queue_seen = None;
            if turn > 0 {
                let before = me + 1; // the PE that requests just before this one
                while lock.snapshot(t).tail != Some(before) {
                    std::thread::yield_now();
                }
                lock.lock(t);
            } else {
                while lock.snapshot(t).tail != Some(0) {
                    std::thread::yield_now();
                }
                queue_seen = Some(lock.snapshot(t));
            }
            let i = t.amo::<u64>(0, COUNTER, AmoOp::FetchAdd(1));
            lock.unlock(t, false);
            (turn, i as usize, queue_seen)
        });
        for (turn, i, queue_seen) in served {
            assert_eq!(turn, i, "served out of order");
            if turn == 0 {
                let want = LockSnapshot {
                    holder: Some(n - 1),
                    tail: Some(0),
                    waiting: n - 1,
                    poisoned: false,
                };
                assert_eq!(queue_seen, Some(want));
            }
        }
    }

    #[test]
    fn misuse_of_the_raw_lock_is_checked_not_trusted() {
        let results = on_pes(2, |t| {
            let lock = RawLock::new(0, 0);
            lock.init_local(t);
            t.barrier_all();
            let mut seen = Vec::new();
            if t.my_pe() == 0 {
                // unlock without holding: nothing happens
                seen.push(lock.unlock(t, false));
                seen.push(lock.snapshot(t).tail.is_none());
                // lock twice: the second returns at once, still held once
                lock.lock(t);
                lock.lock(t);
                seen.push(lock.try_lock(t) == Some(false));
                seen.push(lock.snapshot(t).tail == Some(0));
                seen.push(lock.unlock(t, false));
                seen.push(!lock.unlock(t, false));
                seen.push(lock.snapshot(t).holder.is_none());
            }
            t.barrier_all();
            seen
        });
        assert_eq!(results[0], [false, true, true, true, true, true, true]);
    }

    #[test]
    fn poison_travels_with_ownership_until_cleared() {
        let n = 4;
        let results = on_pes(n, |t| {
            let lock = RawLock::new(0, 3);
            lock.init_local(t);
            t.barrier_all();
            let me = t.my_pe();
            let mut seen = Vec::new();
            // 1. PE 0 takes the free lock (clean) and releases it poisoned, nobody queued:
            //    the tail becomes POISONED.
            if me == 0 {
                seen.push(lock.lock(t));
                lock.unlock(t, true);
            }
            t.barrier_all();
            let free_poisoned = lock.snapshot(t);
            t.barrier_all();
            // 2. PE 1 try_locks the free poisoned lock; PE 2 queues behind it; PE 1 hands
            //    over without clearing: PE 2 gets it poisoned, clears, releases clean.
            match me {
                1 => {
                    seen.push(lock.try_lock(t) == Some(true));
                    seen.push(lock.local_state(t) == LocalState::HoldingPoisoned);
                    while lock.snapshot(t).waiting != 1 {
                        std::thread::yield_now();
                    }
                    lock.unlock(t, lock.local_state(t) == LocalState::HoldingPoisoned);
                }
                2 => {
                    while lock.snapshot(t).tail != Some(1) {
                        std::thread::yield_now();
                    }
                    seen.push(lock.lock(t));
                    seen.push(lock.snapshot(t).poisoned);
                    lock.clear_poison(t);
                    seen.push(lock.local_state(t) == LocalState::Holding);
                    lock.unlock(t, false);
                }
                _ => {}
            }
            t.barrier_all();
            let cleared = lock.snapshot(t);
            t.barrier_all();
            // 3. Everybody, many times: clean.
            let mut poisoned_later = 0;
            for _ in 0..200 {
                poisoned_later += u32::from(lock.lock(t));
                lock.unlock(t, false);
            }
            t.barrier_all();
            (me, seen, free_poisoned, cleared, poisoned_later)
        });
        for (me, seen, free_poisoned, cleared, poisoned_later) in results {
            let want: &[bool] = match me {
                0 => &[false],
                1 => &[true, true],
                2 => &[true, true, true],
                _ => &[],
            };
            assert_eq!(seen, want, "PE {me}");
            let free = LockSnapshot {
                holder: None,
                tail: None,
                waiting: 0,
                poisoned: false,
            };
            assert_eq!(
                free_poisoned,
                LockSnapshot {
                    poisoned: true,
                    ..free
                }
            );
            assert_eq!(cleared, free);
            assert_eq!(poisoned_later, 0);
        }
    }
}
