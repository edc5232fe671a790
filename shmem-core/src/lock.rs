//! The distributed lock: a first-come-first-served queue lock over the transport
//! (`shmem_set_lock`, `shmem_test_lock`, `shmem_clear_lock`; OpenSHMEM 1.5, distributed
//! locking routines), after Craig, Landin and Hagersten (CLH): a PE that queues learns from the
//! tail whom it follows and waits for that PE's release, so a release is one store that the
//! next PE reads: the hand-off costs one cache-line transfer, and nobody's node has to be
//! read back by the releaser.
//!
//! # The lock object
//!
//! A lock is one symmetric object of [`LOCK_SIZE`] bytes (aligned to [`LOCK_ALIGN`]): every
//! PE has a copy at the same symmetric offset. One PE, the lock's *home*, keeps the queue's
//! tail in its copy; every PE keeps its own node in its copy. Each line has one writer (but
//! `WAKE` and `GRANT`, which only the sleeping path writes), and lines of different writers
//! lie a cache-line pair apart:
//!
//! ```text
//! offset   0  TAIL      u64  (home PE's copy only)  the acquisition that queued last
//! offset   8  HOME      u32  (every copy)           home PE + 1, written at creation
//! offset 128  RELEASED  u64  (PE p's copy)          p's last released acquisition (+ poison)
//! offset 256  STATE     u32  (PE p's copy)          where p stands (p's alone)
//! offset 264  ACQ       u64  (PE p's copy)          p's last acquisition number (p's alone)
//! offset 272  PREV      u64  (PE p's copy)          the acquisition p waits for (p's alone)
//! offset 384  WAKE      u64  (PE p's copy)          who waits for p and asks to be granted
//! offset 448  GRANT     u64  (PE p's copy)          p's predecessor released (on request)
//! ```
//!
//! An *acquisition* is a PE and the number of its acquisition of this lock (1, 2, ... in
//! the low [`CTR_BITS`] bits, wrapping), encoded `(p + 1) << CTR_BITS | k` (0: nobody).
//! `TAIL` holds the acquisition that entered the queue last, or 0 before the first; it is
//! never reset: an acquisition that its PE has released (`RELEASED(p)` has reached `k`)
//! leaves the lock free. `RELEASED` keeps the poison bit (bit 63) of that release.
//!
//! | `STATE` (PE p)          | meaning                                             |
//! |-------------------------|-----------------------------------------------------|
//! | `IDLE` (0)              | `p` is not in the queue                             |
//! | `WAITING` (1)           | `p` is entering the queue or waits (`PREV` says for whom, once set) |
//! | `HOLDING` (2)           | `p` holds the lock                                  |
//! | `HOLDING_POISONED` (3)  | `p` holds the lock, which is poisoned               |
//!
//! # The algorithm
//!
//! * **lock** (PE `p`, acquisition `k = ACQ(p) + 1`): `ACQ(p) = k`, `STATE(p) = WAITING`;
//!   `prev = swap(TAIL, (p, k))`. If `prev` is 0, or names an acquisition `(q, j)` that `q`
//!   has released (`RELEASED(q) >= j`), the lock was free: `STATE(p) = HOLDING` (or
//!   `HOLDING_POISONED` when that release carried the poison bit). Otherwise wait until
//!   `RELEASED(q) >= j`, then the same. `q` may be `p` itself (it released its last
//!   acquisition and nobody queued since): then the answer is in its own line.
//! * **unlock**: `swap(RELEASED(p), k | poison)`: a `SeqCst` read-modify-write, which orders
//!   the critical section's stores before it (on another node's transport, after `quiet`).
//!   Then `STATE(p) = IDLE`, and if `WAKE(p)` names `(s, k)`, write `GRANT(s) = (p, k)`,
//!   which rings `s`'s doorbell. The release never waits: a successor finds it whenever it
//!   looks.
//! * **try_lock**: read `TAIL`; if it names an unreleased acquisition, *held*, and nothing
//!   was written anywhere. Otherwise `compare_swap(TAIL, seen, (p, k))`: success takes the
//!   lock (it never overtakes: the queue was empty), failure is *held*.
//!
//! The tail swap is the one point where the queue's order is decided, so PEs acquire the lock
//! in the order of their swaps: first come, first served.
//!
//! # Waiting, and why no wake-up is lost
//!
//! A successor on a machine that maps its predecessor's node (shared memory) polls
//! `RELEASED(q)` there: a line only `q` writes, so it stays in the poller's cache until the
//! release, and the release's store is the one transfer of the hand-off. Before it sleeps
//! (the runtime's spin, yield, then futex, [`crate::wait`]), it writes `WAKE(q) = (p, j)`
//! with a `SeqCst` swap, then (after the sleep protocol's `SeqCst` fence) checks `RELEASED(q)`
//! again; the releaser swaps `RELEASED` (`SeqCst`) before its `SeqCst` load of `WAKE`. Of two
//! `SeqCst` orders, one comes first: either the releaser sees the request and grants (ringing
//! the doorbell of the sleeper, who registered on it before its check), or the sleeper's check
//! sees the release. A stale request (for an acquisition already released) names another
//! acquisition number, so it grants nobody.
//!
//! In a multi-node MPI job a predecessor on another node is not polled over the network: the
//! successor writes `WAKE(q)` at once and waits on its own `GRANT`, which the release writes
//! (an MPI atomic, completed), and reads `RELEASED(q)` once in 64 polls besides, in case the
//! releaser's load of `WAKE` missed the request (MPI orders a remote atomic and a local load
//! only loosely).
//!
//! # Poisoning
//!
//! As with `std::sync::Mutex`: a holder that panics (and whose process goes on, the panic
//! caught) may have left the protected data half updated, so the lock becomes *poisoned* and
//! every later holder is told, until one of them declares the data consistent again
//! ([`RawLock::clear_poison`]). The poison bit travels in the release (`RELEASED`, and
//! `GRANT`), so it costs nothing on the fast path.
//!
//! # Memory ordering
//!
//! Every word another PE reads is written with a `SeqCst` read-modify-write (the tail swap,
//! the release, the wake request and the grant), and read with Acquire: the previous holder's
//! critical section happens-before its release, which happens-before the next holder's read
//! that sees it, which comes before the next critical section.
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::transport::{AmoOp, DefaultTransport, Transport};
use crate::wait::{self, WaitKind, WaitSite};

/// Bytes of one lock object (per PE).
pub const LOCK_SIZE: usize = 512;
/// Alignment of a lock object: a cache-line pair (see `segment::LINE`).
pub const LOCK_ALIGN: usize = 128;

/// Offset of `TAIL` in the lock object (meaningful on the home PE).
const TAIL: usize = 0;
/// Offset of `HOME` (home PE + 1), written into every copy at creation.
const HOME: usize = 8;
/// Offset of `RELEASED` in the PE's own node.
const RELEASED: usize = 128;
/// Offset of `STATE` in the PE's own node.
const STATE: usize = 256;
/// Offset of `ACQ` in the PE's own node.
const ACQ: usize = 264;
/// Offset of `PREV` in the PE's own node.
const PREV: usize = 272;
/// Offset of `WAKE` in the PE's own node.
const WAKE: usize = 384;
/// Offset of `GRANT` in the PE's own node.
const GRANT: usize = 448;

const IDLE: u32 = 0;
const WAITING: u32 = 1;
const HOLDING: u32 = 2;
const HOLDING_POISONED: u32 = 3;

/// Bits of an acquisition number.
pub const CTR_BITS: u32 = 40;
const CTR_MASK: u64 = (1 << CTR_BITS) - 1;
/// The poison bit of `RELEASED` and `GRANT`.
const POISON: u64 = 1 << 63;

const _: () = assert!(((crate::segment::MAX_PES as u64 + 1) << CTR_BITS) < POISON);
const _: () = assert!(RELEASED >= TAIL + LOCK_ALIGN && STATE >= RELEASED + LOCK_ALIGN);
const _: () = assert!(WAKE >= PREV + 8 && WAKE >= STATE + LOCK_ALIGN && GRANT >= WAKE + 64);
const _: () = assert!(LOCK_SIZE.is_multiple_of(LOCK_ALIGN) && GRANT + 8 <= LOCK_SIZE);

/// Acquisition `k` of PE `pe`.
#[inline(always)]
fn encode(pe: usize, k: u64) -> u64 {
    // PE counts are capped at `segment::MAX_PES` (asserted above to fit).
    ((pe as u64 + 1) << CTR_BITS) | (k & CTR_MASK)
}

/// The PE and number of an acquisition word (`None` for 0, nobody).
#[inline(always)]
fn decode(word: u64) -> Option<(usize, u64)> {
    let pe = (word & !POISON) >> CTR_BITS;
    pe.checked_sub(1).map(|p| (p as usize, word & CTR_MASK))
}

/// Whether a `RELEASED` word says acquisition number `k` is released: its number has reached
/// `k`, on the circle of [`CTR_BITS`]-bit numbers (a PE's acquisitions are sequential, so the
/// two are never half a circle apart).
#[inline(always)]
fn released(word: u64, k: u64) -> bool {
    (word & CTR_MASK).wrapping_sub(k) & CTR_MASK < 1 << (CTR_BITS - 1)
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

/// The `STATE` of a holder, poisoned or not.
#[inline(always)]
fn holding(poisoned: bool) -> u32 {
    if poisoned { HOLDING_POISONED } else { HOLDING }
}

/// The poison bit of a release, or of none.
#[inline(always)]
fn poison_bit(poisoned: bool) -> u64 {
    if poisoned { POISON } else { 0 }
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
        t.put_word::<u32>(t.my_pe(), self.offset + HOME, self.home as u32 + 1);
    }

    /// The home PE that PE `pe`'s copy was created with (`None` if the copy is not a lock
    /// object). Comparing every PE's answer after creation catches PEs that disagree.
    pub fn home_of_copy<T: Transport>(&self, t: &T, pe: usize) -> Option<usize> {
        let word = t.get_word::<u32>(pe, self.offset + HOME);
        word.checked_sub(1).map(|h| h as usize)
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
    pub fn local_state(&self, t: &DefaultTransport) -> LocalState {
        state_of(t.get_word::<u32>(t.my_pe(), self.offset + STATE))
    }

    /// Acquires the lock (`shmem_set_lock`): enters the queue and waits for its turn.
    /// Returns whether the lock is poisoned (see the module docs).
    ///
    /// If this PE already holds the lock (a leaked guard), it returns at once; if it is
    /// already queued (a panic unwound out of an earlier `lock`), it waits for its turn
    /// without queueing again.
    #[inline]
    pub fn lock(&self, t: &DefaultTransport) -> bool {
        self.lock_at(t, self.locate(t))
    }

    /// Takes the lock if it is free (`shmem_test_lock`); never waits. Returns `None` when it
    /// is not, and then nothing was written anywhere; otherwise whether the lock is poisoned.
    /// (If this PE already holds it, that is the answer; if it is queued for it, the answer
    /// is `None`.) A `None` lets the transport progress first ([`Transport::poll`]): callers
    /// loop on it.
    #[inline]
    pub fn try_lock(&self, t: &DefaultTransport) -> Option<bool> {
        let taken = self.try_take(t, self.locate(t));
        if taken.is_none() {
            t.poll();
        }
        taken
    }

    /// Declares the lock's data consistent again: the lock this PE holds is no longer
    /// poisoned, and will not be handed on poisoned (unless this PE panics while holding it).
    /// Does nothing unless this PE holds the lock.
    pub fn clear_poison(&self, t: &DefaultTransport) {
        if self.local_state(t) == LocalState::HoldingPoisoned {
            t.put_word::<u32>(t.my_pe(), self.offset + STATE, HOLDING);
        }
    }

    /// Releases the lock (`shmem_clear_lock`): completes this PE's outstanding stores, then
    /// publishes the release (module docs); `poisoned` (the caller's lock is poisoned and was
    /// not cleared, or the caller is panicking) travels with it. Does nothing (and returns
    /// `false`) unless this PE holds the lock.
    #[inline]
    pub fn unlock(&self, t: &DefaultTransport, poisoned: bool) -> bool {
        self.unlock_at(t, self.locate(t), poisoned)
    }

    /// A snapshot of the queue: holder, tail and number of waiters. Reads the tail, its
    /// release and every PE's node (O(n_pes) reads); a debugging and testing aid, not a
    /// synchronization tool.
    pub fn snapshot(&self, t: &DefaultTransport) -> LockSnapshot {
        let (tail, free_poisoned) = self.tail_of(|pe, off| t.get_word::<u64>(pe, off));
        let mut holder = None;
        let mut waiting = 0;
        let mut poisoned = free_poisoned;
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
            tail,
            waiting,
            poisoned,
        }
    }

    /// The PE whose acquisition is the queue's last and not released (`None`: the lock is
    /// free), and whether a free lock's last release was poisoned; `read(pe, offset)` reads a
    /// `u64` of this lock's object.
    fn tail_of(&self, mut read: impl FnMut(usize, usize) -> u64) -> (Option<usize>, bool) {
        match decode(read(self.home, self.offset + TAIL)) {
            None => (None, false),
            Some((q, j)) => {
                let r = read(q, self.offset + RELEASED);
                if released(r, j) {
                    (None, r & POISON != 0)
                } else {
                    (Some(q), false)
                }
            }
        }
    }
}

/// The lock's words that an acquisition and its release touch, located (pointers into the
/// mapping, found by `ShmTransport::ptr`): `TAIL` on the home PE, this PE's node.
#[derive(Clone, Copy, Debug)]
struct Located {
    tail: *mut u64,
    released: *mut u64,
    state: *mut u32,
    acq: *mut u64,
    prev: *mut u64,
    wake: *mut u64,
}

/// Loads a `u64` of this PE's own node through its located pointer (an Acquire atomic load:
/// a PE's own partition is mapped here in every transport), without checks.
///
/// # Safety
/// `p` is a word of this PE's node in a `Located` made by `RawLock::locate` on a transport
/// that still lives.
#[inline(always)]
unsafe fn load_own(p: *mut u64, order: Ordering) -> u64 {
    // SAFETY: `p` is in this PE's partition of the mapping (found by `ptr`), which lives as
    // long as the transport (caller), and aligned (`locate` asserted it); the lock's words
    // are only ever accessed atomically (after `init_local`'s copy, which comes before the
    // barrier that publishes the lock).
    unsafe { AtomicU64::from_ptr(p) }.load(order)
}

/// Stores a `u64` of this PE's own node that only this PE reads (`ACQ`, `PREV`), without
/// checks and without ringing a doorbell.
///
/// # Safety
/// As [`load_own`].
#[inline(always)]
unsafe fn store_own(p: *mut u64, v: u64) {
    // SAFETY: as in `load_own`.
    unsafe { AtomicU64::from_ptr(p) }.store(v, Ordering::Relaxed);
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
    /// words. Does nothing (and returns `false`) unless this PE holds the lock.
    #[inline]
    pub fn unlock(self, poisoned: bool) -> bool {
        self.lock.unlock_at(self.t, self.at, poisoned)
    }
}

/// A lock with its words located once ([`RawLock::located`]): a window keeps its members'
/// accumulate locks so, and every accumulate-family call then acquires and releases its
/// target's lock without finding or checking a word (each word access costs a bounds check
/// of about a dozen instructions otherwise). It borrows the transport its words are located
/// on.
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
        self.hold(poisoned)
    }

    /// [`RawLock::try_lock`] on the located words: `None` when the lock is not free (and then
    /// nothing was written, and the transport progressed), else the hold.
    #[inline]
    pub fn try_lock(&self) -> Option<LockHold<'t>> {
        self.try_acquire().map(|poisoned| self.hold(poisoned))
    }

    /// [`LocatedLock::lock`] without the hold: whether the lock is poisoned. The caller
    /// releases it with [`LocatedLock::unlock`] (a guard that keeps a reference to this lock
    /// rather than the hold's copy of its words).
    #[inline]
    pub fn acquire(&self) -> bool {
        self.lock.lock_at(self.t, self.at)
    }

    /// [`LocatedLock::try_lock`] without the hold: `None` when the lock is not free, else
    /// whether it is poisoned.
    #[inline]
    pub fn try_acquire(&self) -> Option<bool> {
        let taken = self.lock.try_take(self.t, self.at);
        if taken.is_none() {
            self.t.poll();
        }
        taken
    }

    /// [`RawLock::unlock`] on the located words (`poisoned` as there). Does nothing (and
    /// returns `false`) unless this PE holds the lock.
    #[inline]
    pub fn unlock(&self, poisoned: bool) -> bool {
        self.lock.unlock_at(self.t, self.at, poisoned)
    }

    /// The lock, as [`RawLock`].
    #[inline]
    pub fn raw(&self) -> RawLock {
        self.lock
    }

    #[inline(always)]
    fn hold(&self, poisoned: bool) -> LockHold<'t> {
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

    /// This lock's `TAIL` (on the home PE) and this PE's node, located and checked aligned,
    /// so that the accesses through them check nothing.
    ///
    /// # Panics
    /// If a word lies outside its partition (`ShmTransport::ptr`) or is misaligned.
    #[inline]
    fn locate(&self, t: &DefaultTransport) -> Located {
        let me = t.my_pe();
        let at = Located {
            tail: t.ptr(self.home, self.offset + TAIL, 8).cast(),
            released: t.ptr(me, self.offset + RELEASED, 8).cast(),
            state: t.ptr(me, self.offset + STATE, 4).cast(),
            acq: t.ptr(me, self.offset + ACQ, 8).cast(),
            prev: t.ptr(me, self.offset + PREV, 8).cast(),
            wake: t.ptr(me, self.offset + WAKE, 8).cast(),
        };
        assert!(
            at.tail.is_aligned()
                && at.released.is_aligned()
                && at.state.is_aligned()
                && at.acq.is_aligned()
                && at.prev.is_aligned()
                && at.wake.is_aligned(),
            "misaligned lock object"
        );
        at
    }

    /// This PE's `STATE`, through the located pointer.
    #[inline(always)]
    fn state_at(&self, at: Located) -> u32 {
        // SAFETY: `at.state` is this PE's `STATE`, located on a transport that still lives
        // (`LocatedLock` and `LockHold` borrow it, the other callers hold it); the word is
        // only ever accessed atomically.
        unsafe { AtomicU32::from_ptr(at.state) }.load(Ordering::Acquire)
    }

    /// Stores this PE's `STATE`, through the located pointer (only this PE writes it; others
    /// read it for snapshots and the deadlock report).
    #[inline(always)]
    fn set_state_at(&self, at: Located, v: u32) {
        // SAFETY: as in `state_at`.
        unsafe { AtomicU32::from_ptr(at.state) }.store(v, Ordering::Relaxed);
    }

    /// An atomic operation on `TAIL`, through the located pointer. It rings no doorbell:
    /// nobody waits on `TAIL`.
    #[inline(always)]
    fn tail_amo(&self, t: &DefaultTransport, at: Located, op: AmoOp<u64>) -> u64 {
        // SAFETY: `at.tail` is `TAIL` of this lock on the home PE, found by `ptr` and
        // checked aligned (`locate`) on `t`, which still lives.
        unsafe { t.amo_silent_at::<u64>(self.home, self.offset + TAIL, at.tail, op) }
    }

    /// `RELEASED` of PE `q`: this PE's own through its located pointer.
    #[inline(always)]
    fn released_of(&self, t: &DefaultTransport, at: Located, q: usize) -> u64 {
        if q == t.my_pe() {
            // SAFETY: `at.released`, located on `t`, which still lives.
            unsafe { load_own(at.released, Ordering::Acquire) }
        } else {
            t.get_word::<u64>(q, self.offset + RELEASED)
        }
    }

    /// [`RawLock::lock`] on the located words (`at`, by `locate` on `t`).
    #[inline(always)]
    fn lock_at(&self, t: &DefaultTransport, at: Located) -> bool {
        match state_of(self.state_at(at)) {
            LocalState::Idle => {}
            LocalState::Holding => return false,
            LocalState::HoldingPoisoned => return true,
            LocalState::Waiting => {
                // SAFETY: `at.prev`, located on `t`, which still lives.
                let prev = unsafe { load_own(at.prev, Ordering::Relaxed) };
                return self.follow(t, at, prev);
            }
        }
        let me = t.my_pe();
        // SAFETY: `at.acq`, located on `t`, which still lives; only this PE writes it.
        let k = unsafe { load_own(at.acq, Ordering::Relaxed) }.wrapping_add(1) & CTR_MASK;
        // SAFETY: as above.
        unsafe { store_own(at.acq, k) };
        // `STATE` stays `IDLE` until the answer: only this PE writes it, and nothing between
        // the swap and the answer can unwind (`follow` writes `WAITING` before it waits).
        let prev = self.tail_amo(t, at, AmoOp::Swap(encode(me, k)));
        self.follow(t, at, prev)
    }

    /// The rest of an acquisition that swapped `prev` out of `TAIL`: holds at once if `prev`
    /// is nobody or released, else waits for it; returns whether the lock is poisoned.
    #[inline(always)]
    fn follow(&self, t: &DefaultTransport, at: Located, prev: u64) -> bool {
        let poisoned = match decode(prev) {
            None => false,
            Some((q, j)) => {
                let r = self.released_of(t, at, q);
                if released(r, j) {
                    r & POISON != 0
                } else {
                    // SAFETY: `at.prev`, located on `t`, which still lives; only this PE
                    // writes it. A `lock` resumed after a panic in the wait finds it.
                    unsafe { store_own(at.prev, prev) };
                    self.set_state_at(at, WAITING);
                    self.wait_for_release(t, q, j)
                }
            }
        };
        self.set_state_at(at, holding(poisoned));
        poisoned
    }

    /// Waits until PE `q` releases its acquisition `j` (module docs: "Waiting"); returns
    /// whether that release was poisoned.
    #[cold]
    fn wait_for_release(&self, t: &DefaultTransport, q: usize, j: u64) -> bool {
        let me = t.my_pe();
        let site = WaitSite::new(WaitKind::Lock, [self.offset as u64, self.home as u64, 0, 0]);
        let wake_at = t.ptr(q, self.offset + WAKE, 8).cast::<u64>();
        assert!(wake_at.is_aligned(), "misaligned lock object");
        // A SeqCst swap (module docs), ringing nobody: `q` does not wait for it.
        // SAFETY: `wake_at` is `WAKE` of `q`'s node, found by `ptr` and aligned (asserted).
        let request = || unsafe {
            t.amo_silent_at::<u64>(q, self.offset + WAKE, wake_at, AmoOp::Set(encode(me, j)))
        };
        let mut word = 0;
        if t.maps_all() {
            // Poll `q`'s line, which only its release writes; ask to be woken before sleeping.
            let at = t.ptr(q, self.offset + RELEASED, 8).cast::<u64>();
            assert!(at.is_aligned(), "misaligned lock object");
            wait::wait_until_then_sleep(
                t.policy(),
                t.waiter(site),
                || {
                    // SAFETY: `RELEASED` of `q`'s node, found by `ptr` and aligned (asserted);
                    // accessed only atomically.
                    word = unsafe { AtomicU64::from_ptr(at) }.load(Ordering::Acquire);
                    released(word, j)
                },
                || false,
                || {
                    request();
                },
            );
        } else {
            // `q` may be on another node: ask at once, wait on this PE's own `GRANT`, and
            // read `q`'s release now and then besides.
            request();
            let grant = encode(q, j);
            let mut polls = 0u32;
            t.wait_for(site, || {
                let g = t.get_word::<u64>(me, self.offset + GRANT);
                if g & !POISON == grant {
                    word = g;
                    return true;
                }
                polls = polls.wrapping_add(1);
                if polls.is_multiple_of(64) {
                    let r = t.get_word::<u64>(q, self.offset + RELEASED);
                    if released(r, j) {
                        word = r;
                        return true;
                    }
                }
                false
            });
        }
        word & POISON != 0
    }

    /// [`RawLock::try_lock`] on the located words, without the poll.
    #[inline(always)]
    fn try_take(&self, t: &DefaultTransport, at: Located) -> Option<bool> {
        match state_of(self.state_at(at)) {
            LocalState::Idle => {}
            LocalState::Holding => return Some(false),
            LocalState::HoldingPoisoned => return Some(true),
            LocalState::Waiting => return None,
        }
        let me = t.my_pe();
        // Read first: a held lock costs shared reads, no write.
        // SAFETY: `at.tail`, located on `t`, which still lives.
        let seen = unsafe { t.get_word_at::<u64>(self.home, self.offset + TAIL, at.tail) };
        let poisoned = match decode(seen) {
            None => false,
            Some((q, j)) => {
                let r = self.released_of(t, at, q);
                if !released(r, j) {
                    return None;
                }
                r & POISON != 0
            }
        };
        // SAFETY: `at.acq`, located on `t`, which still lives; only this PE writes it.
        let k = unsafe { load_own(at.acq, Ordering::Relaxed) }.wrapping_add(1) & CTR_MASK;
        let was = self.tail_amo(
            t,
            at,
            AmoOp::CompareSwap {
                cond: seen,
                new: encode(me, k),
            },
        );
        if was != seen {
            return None;
        }
        // SAFETY: as above. A PE that queues behind this acquisition meanwhile reads
        // `RELEASED` of this PE, which says `k - 1`: not released.
        unsafe { store_own(at.acq, k) };
        self.set_state_at(at, holding(poisoned));
        Some(poisoned)
    }

    /// [`RawLock::unlock`] on the located words. The release is a `SeqCst` read-modify-write
    /// (after `quiet_before_amo`, which completes another node's operations first), so the
    /// critical section's stores are ordered before it; then the `SeqCst` load of `WAKE`
    /// (module docs: why no wake-up is lost).
    #[inline(always)]
    fn unlock_at(&self, t: &DefaultTransport, at: Located, poisoned: bool) -> bool {
        if !matches!(
            state_of(self.state_at(at)),
            LocalState::Holding | LocalState::HoldingPoisoned
        ) {
            return false;
        }
        let me = t.my_pe();
        // SAFETY: `at.acq`, located on `t`, which still lives.
        let k = unsafe { load_own(at.acq, Ordering::Relaxed) };
        t.quiet_before_amo();
        let release = k | poison_bit(poisoned);
        // SAFETY: `at.released`, this PE's `RELEASED`, located and aligned on `t`.
        unsafe {
            t.amo_silent_at::<u64>(me, self.offset + RELEASED, at.released, AmoOp::Set(release))
        };
        self.set_state_at(at, IDLE);
        // SAFETY: `at.wake`, located on `t`, which still lives.
        let wake = unsafe { load_own(at.wake, Ordering::SeqCst) };
        if let Some((s, j)) = decode(wake)
            && j == k
        {
            t.amo::<u64>(
                s,
                self.offset + GRANT,
                AmoOp::Set(encode(me, k) | (release & POISON)),
            );
        }
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
    // A word of `size` bytes at `off` in `pe`'s copy, if it lies inside the partition.
    let at = |pe: usize, off: usize, size: usize| -> Option<*mut u8> {
        let at = offset.checked_add(off)?;
        if pe >= n || at.checked_add(size)? > seg.partition_size() || at % size != 0 {
            return None;
        }
        Some(seg.partition_ptr(pe, at, size))
    };
    let read64 = |pe: usize, off: usize| -> u64 {
        at(pe, off, 8).map_or(0, |p| {
            // SAFETY: in bounds (checked by `at` and `partition_ptr`) and aligned (partitions
            // are page-aligned, the offset a multiple of 8); the lock words are only ever
            // accessed atomically, and the mapping lives as long as `seg`.
            unsafe { AtomicU64::from_ptr(p.cast()) }.load(Ordering::Acquire)
        })
    };
    if at(home, TAIL, 8).is_none() {
        return String::new();
    }
    let lock = RawLock::new(offset, home);
    let (tail, _) = lock.tail_of(|pe, off| read64(pe, off - offset));
    let holder = (0..n).find(|&pe| {
        let state = at(pe, STATE, 4).map(|p| {
            // SAFETY: as for `read64`, a 4-byte word.
            unsafe { AtomicU32::from_ptr(p.cast()) }.load(Ordering::Acquire)
        });
        matches!(state, Some(HOLDING | HOLDING_POISONED))
    });
    let mut s = match holder {
        Some(h) => format!(", held by PE {h}"),
        None => ", held by nobody".to_owned(),
    };
    if let Some(t) = tail.filter(|&t| Some(t) != holder) {
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
    use crate::transport::shm::{on_pes, on_pes_with};
    use std::time::{Duration, Instant};

    #[test]
    fn acquisition_words_round_trip_and_releases_compare_across_the_wrap() {
        let max_pe = crate::segment::MAX_PES - 1;
        for (pe, k) in [(0, 1), (max_pe, CTR_MASK), (7, 0), (3, 12345)] {
            assert_eq!(decode(encode(pe, k)), Some((pe, k)));
            assert_eq!(decode(encode(pe, k) | POISON), Some((pe, k)));
        }
        assert_eq!(decode(0), None);
        // A PE's releases, read by a successor of acquisition `k`: `k - 1` (not yet), `k`
        // and later ones (released), also where the numbers wrap.
        for k in [1, 2, 1 << 20, CTR_MASK - 1, CTR_MASK, 0] {
            let before = k.wrapping_sub(1) & CTR_MASK;
            assert!(!released(before, k), "k {k}");
            assert!(!released(before | POISON, k), "k {k}");
            assert!(released(k, k) && released(k | POISON, k), "k {k}");
            assert!(released((k + 1) & CTR_MASK, k), "k {k}");
        }
        // A fresh node (RELEASED 0) has released nothing of its first acquisition.
        assert!(!released(0, 1));
    }

    /// A successor that sleeps (the holder keeps the lock far longer than the yield phase) is
    /// woken by the release, not by the sleep's safety-net re-check, which is set to 20 s here:
    /// the request it writes before sleeping reaches the releaser, or its check after
    /// registering sees the release. Each round starts the wait at another moment.
    #[test]
    fn a_sleeping_successor_is_woken_by_the_release() {
        let settings = crate::config::Settings {
            wait_spin: Some(0),
            wait_yield: Some(Duration::from_micros(200)),
            wait_recheck_ms: Some(20_000),
            ..Default::default()
        };
        let results = on_pes_with(2, settings, |t| {
            let lock = RawLock::new(0, 1);
            lock.init_local(t);
            t.barrier_all();
            let mut latencies = Vec::new();
            for round in 0..6u64 {
                if t.my_pe() == 0 {
                    lock.lock(t);
                }
                t.barrier_all();
                if t.my_pe() == 0 {
                    std::thread::sleep(Duration::from_millis(20 + 5 * round));
                    let released_at = Instant::now();
                    lock.unlock(t, false);
                    latencies.push(released_at);
                } else {
                    lock.lock(t);
                    latencies.push(Instant::now());
                    lock.unlock(t, false);
                }
                t.barrier_all();
            }
            latencies
        });
        for (round, (released, acquired)) in results[0].iter().zip(&results[1]).enumerate() {
            let woken = acquired.saturating_duration_since(*released);
            assert!(
                woken < Duration::from_secs(5),
                "round {round}: woken after {woken:?}"
            );
        }
    }

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
