//! The distributed reader/writer lock: a task-fair (first come, first served) ticket lock with
//! shared and exclusive modes, over the transport. `shmem::SymRwLock` and the window epochs
//! are built on it.
//!
//! # Fairness
//!
//! Every request, shared or exclusive, takes a ticket, and requests are *admitted* in ticket
//! order: a shared request that arrives after a waiting exclusive one is admitted after it,
//! so a stream of readers never starves a writer (the behaviour of MPICH's older window lock
//! that this avoids), and a writer never overtakes anyone either. An admitted reader admits
//! the next ticket at once, so readers that queue one after another hold the lock together;
//! an admitted writer first waits until the readers admitted before it have left (*drained*).
//!
//! # The lock object
//!
//! One symmetric object of [`rwlock_size`]`(n_pes)` bytes (aligned to [`RWLOCK_ALIGN`]). The
//! *home* PE's copy holds the lock's state word and the ticket ring; every PE's copy holds its
//! own request and its two doorbell words (all `u64`):
//!
//! ```text
//! offset   0  STATE  (home)   readers | poisoned << 15 | serving << 16 | next << 40
//! offset   8  HOME   (every)  home PE + 1, written at creation
//! offset 128  ADMIT  (own)    hint: ticket + 1 of an admission (someone admitted this PE)
//! offset 136  DRAIN  (own)    hint: ticket + 1 of a drain (the last earlier reader left)
//! offset 144  MINE   (own)    this PE's request: kind | poisoned << 7 | ticket << 8 (0: none)
//! offset 256  RING   (home)   n_pes entries: who holds ticket t is at RING[t % n_pes]
//! ```
//!
//! `STATE` fields: `next` (24 bits) is the next ticket to hand out; `serving` (24 bits) the
//! ticket admitted last (or to be admitted next: a reader advances it right after its own
//! admission, a writer when it leaves); `readers` (15 bits) the readers admitted and not yet
//! gone, at most [`MAX_READERS`]; `poisoned` (1 bit) a writer panicked while holding the lock.
//! Without leaks a PE holds at most one request on a lock, so at most `n_pes` readers count; a
//! forgotten read guard (`mem::forget`, safe) leaves its reader counted for good, and such
//! readers would carry the count into `poisoned`. So, as `std`'s lock does, a reader is admitted
//! only while `readers < MAX_READERS`: the fast path does not take it (`try_lock` says no), and
//! a queued reader admitted at the cap passes its ticket on without counting itself and panics
//! (`lock`). Only the holder of ticket `serving` increments `readers` (in the fast path's
//! compare-and-swap or at its admission), so between its look at the count and its increment
//! the count can only fall: the check is exact.
//!
//! Tickets count modulo 2^24; at most `n_pes` (at most [`crate::segment::MAX_PES`]) are
//! outstanding at a time, so the comparisons below are exact. `next == serving` means nobody queues and no writer holds
//! the lock.
//!
//! # The algorithm
//!
//! `STATE` alone decides who holds the lock; `RING`, `ADMIT` and `DRAIN` only serve to wake
//! waiters without polling another PE's memory (each PE waits on its own words, which the
//! waker's atomic store rings, as for [`crate::lock`]).
//!
//! * **fast paths** (a compare-and-swap of `STATE`, retried while it fails only because a
//!   reader came or went): a reader, when `next == serving`, takes ticket `next` and is
//!   admitted at once (`next`, `serving` and `readers` + 1); a writer, when also
//!   `readers == 0`, takes ticket `next` (`next` + 1), and holds the lock. `try_read` and
//!   `try_write` are the fast path alone.
//! * **queueing**: `t = fetch_add(next)`; `MINE = kind | t`; `RING[t % n] = entry(t, kind, me)`;
//!   then, until admitted: `ADMIT = 0`, read `STATE`; `serving == t` means admitted; else wait
//!   until `ADMIT != 0` and look again. An admitted reader then does
//!   `fetch_add(readers + 1, serving + 1)` and *notifies* ticket `t + 1`; an admitted writer
//!   waits, the same way with `DRAIN`, until `readers == 0`.
//! * **notify(s)**: read `RING[s % n]`; if it names ticket `s`, store `s + 1` into that PE's
//!   `ADMIT` if that word is 0 (a compare-and-swap). (An entry still naming an older ticket
//!   means the requester has not written its entry yet; it will see `serving == s` itself.)
//! * **read unlock**: `quiet`; `fetch_add(readers - 1)`; if that was the last reader and
//!   `next != serving`, the holder of ticket `serving` may be a writer waiting for the drain:
//!   if `RING[serving % n]` names a writer with ticket `serving`, store into its `DRAIN`.
//! * **write unlock**: `quiet`; `fetch_add(serving + 1)` (setting or clearing `poisoned` in the
//!   same addition); notify `serving + 1` if someone queues.
//!
//! No wake-up is lost: a waiter stores its ring entry, clears its hint word and then reads
//! `STATE`; a waker changes `STATE` and then reads the entry and stores the hint. All four are
//! SeqCst atomics, so either the waiter's read sees the new `STATE`, or the waker's read sees
//! the entry (and its store comes after the clearing). Any non-zero hint wakes the waiter,
//! which clears the word and reads `STATE` again: hints are never trusted, so one that
//! arrives late or belongs to an old ticket costs at most one more look. A hint is stored only
//! into a cleared word: a late one can then not replace the one the waiter needs, and when
//! the needed store finds a late one there instead, the waiter has not cleared the word since,
//! so its next look at `STATE` (after clearing it) comes after the waker's change. (Hints used
//! to be plain stores, and a waiter waited for its own ticket's value: a waker delayed
//! between its `STATE` change and its store could overwrite a newer hint of the same PE with
//! an older ticket's and leave that PE asleep for good. A trial variant that put waiters to
//! sleep earlier hit it in 3 of 3 runs of `tests/window.rs`' `exclusive_epochs_exclude` at
//! 4 PEs; the protocol above passed the same runs.)
//!
//! # The first in line watches
//!
//! A waiter whose ticket is the next to be admitted when it queues (`ticket == serving + 1`),
//! in a job whose partitions this process all maps, writes its ring entry with the
//! `WATCHING` flag and, while it spins and yields, polls `STATE` itself as well as its hint
//! word: the release that admits it is then seen in one cache-line transfer, where a hint
//! costs the waker a read of the ring and a remote compare-and-swap, and the waiter a read, a
//! clearing store and a read of `STATE` in turn. A waker that finds the flag in the entry
//! sends no hint. Before the waiter sleeps it stores its entry without the flag and then (as
//! every sleeper, after the doorbell's fence) looks at `STATE` again: a waker whose read of
//! the entry came before that store changed `STATE` before it, so the waiter's look sees the
//! change; one whose read came after it finds no flag and sends the hint, which rings. Only
//! the first in line watches, so a release does not pull the word from every waiter, and a
//! waiter on a later ticket that moves up waits for its hint as before. When PEs outnumber
//! CPUs every waiter watches (at most one per CPU runs at a time, and each yields between its
//! looks, so the herd stays small), and the waiter that is first in line spins instead of
//! yielding, for at most `MAX_SPINS` rounds per wait, while every other PE on its CPU queues
//! for the lock too: those cannot move before it does, and a yield would only hand the CPU
//! to one that looks and yields back (~0.5 µs a hand-off) while the release it waits for
//! happens on another CPU. Any other waiter, and the first in line while a PE on its CPU holds
//! the lock or does anything else, yields. The bound keeps a job that shares its CPUs with
//! other jobs from losing more than ~50 µs per wait to it. In a multi-node job
//! `STATE` may be an MPI operation away, and nobody watches it. Measured
//! (`win_lock_contended_ops_per_s`, `bench/ab.sh`, ABBA): polling alone 3.49 → 4.26 M/s at
//! 2 PEs and 1.14 → 1.26 M/s at 4; the flag (no hint to send) then 4.70 → 5.86 M/s at 2 PEs
//! and 1.10 → 1.19 M/s at 4; the same at 8 both times; every waiter watching and the first
//! in line spinning when oversubscribed, 1.28 → 1.90 M/s at 4 PEs and 0.71 → 1.54 M/s at 8
//! (each alone changed little: 0.88 and 1.05 with watching and no spinning). `tests/rwlock.rs`
//! (`sleeping_first_in_line_is_woken`) fails when the flag is not cleared before a sleep.
//!
//! Ring slots are never overwritten while needed: when ticket `t` is taken, ticket `t - n` has
//! been admitted, since among the `n + 1` tickets `t - n ..= t` some PE holds two, and it took
//! the later one after the earlier one was admitted, and admission is in ticket order.
//!
//! # Memory ordering
//!
//! Every word another PE acts on is written with a SeqCst atomic operation of the transport;
//! the critical section's stores are completed (`quiet`) before the unlocking `fetch_add`, and
//! the next holder's admission reads `STATE` with a SeqCst atomic: one holder's section
//! happens-before the next conflicting one's.

use std::cell::Cell;
use std::marker::PhantomData;

use crate::transport::{AmoOp, DefaultTransport, Transport};
use crate::wait::{WaitKind, WaitSite};

/// Alignment of a reader/writer lock object: a cache-line pair.
pub const RWLOCK_ALIGN: usize = 128;

/// Bytes of one reader/writer lock object (per PE) in a job of `n_pes` PEs.
pub const fn rwlock_size(n_pes: usize) -> usize {
    (RING + 8 * n_pes).next_multiple_of(RWLOCK_ALIGN)
}

const STATE: usize = 0;
const HOME: usize = 8;
/// Where the standalone object keeps each PE's own words.
const OWN: usize = 128;
/// Offsets of the own words from where they start (`RawRwLock::own`).
const ADMIT: usize = 0;
const DRAIN: usize = 8;
const MINE: usize = 16;
/// Bytes of one PE's own words.
pub const RWLOCK_OWN_BYTES: usize = 24;

const RING: usize = 256;

const READERS_MASK: u64 = (1 << 15) - 1;
/// Most readers that hold a reader/writer lock at once: the reader count's capacity (module
/// docs). Reached only by readers that never unlock (forgotten guards); a reader beyond it is
/// refused, never admitted.
pub const MAX_READERS: usize = READERS_MASK as usize;
const POISON: u64 = 1 << 15;
const SERVING_SHIFT: u32 = 16;
const NEXT_SHIFT: u32 = 40;
const TICKET_MASK: u64 = (1 << 24) - 1;
const _: () = assert!(crate::segment::MAX_PES < READERS_MASK as usize);
const _: () = assert!(crate::segment::MAX_PES < (TICKET_MASK / 2) as usize);

pub use crate::error::RwKind;

/// `MINE` kinds (low byte).
const WAIT_SHARED: u64 = 1;
const WAIT_EXCLUSIVE: u64 = 2;
const SHARED: u64 = 3;
const EXCLUSIVE: u64 = 4;
const KIND_MASK: u64 = 0x7f;
/// In a holder's `MINE`: the lock was poisoned when it got it.
const MINE_POISONED: u64 = 0x80;

#[inline]
fn poisoned_bit(p: bool) -> u64 {
    if p { MINE_POISONED } else { 0 }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    readers: u64,
    poisoned: bool,
    serving: u64,
    next: u64,
}

impl State {
    #[inline]
    fn of(w: u64) -> State {
        State {
            readers: w & READERS_MASK,
            poisoned: w & POISON != 0,
            serving: (w >> SERVING_SHIFT) & TICKET_MASK,
            next: w >> NEXT_SHIFT,
        }
    }

    /// Whether the fast path may admit a request of `kind` at once: nobody queues, and for a
    /// writer nobody reads, for a reader fewer than [`MAX_READERS`] do.
    #[inline]
    fn free_for(self, kind: RwKind) -> bool {
        self.next == self.serving
            && match kind {
                RwKind::Shared => self.readers < READERS_MASK,
                RwKind::Exclusive => self.readers == 0,
            }
    }

    #[inline]
    fn word(self) -> u64 {
        self.readers
            | if self.poisoned { POISON } else { 0 }
            | (self.serving & TICKET_MASK) << SERVING_SHIFT
            | (self.next & TICKET_MASK) << NEXT_SHIFT
    }
}

/// The wrapping addition that moves `serving` from `s` to `s + 1` (modulo 2^24) without
/// carrying into `next`.
#[inline]
fn advance(s: u64) -> u64 {
    if s == TICKET_MASK {
        (1u64 << SERVING_SHIFT).wrapping_sub(1 << NEXT_SHIFT)
    } else {
        1 << SERVING_SHIFT
    }
}

#[inline]
fn ticket_after(t: u64) -> u64 {
    (t + 1) & TICKET_MASK
}

/// The store of a hint for ticket `t` (`t + 1`, for the reader of a snapshot): only into a
/// cleared word, so that a hint for an older ticket of the same PE, stored late, cannot
/// replace a newer one (module docs, "No wake-up is lost").
#[inline]
fn hint(t: u64) -> AmoOp<u64> {
    AmoOp::CompareSwap {
        cond: 0,
        new: t + 1,
    }
}

/// The refusal of a reader admitted while [`MAX_READERS`] hold the lock (module docs).
#[cold]
#[inline(never)]
#[track_caller]
fn too_many_readers() -> ! {
    panic!(
        "too many readers hold this reader/writer lock ({MAX_READERS}: read guards that were \
         never dropped?)"
    )
}

/// A ring entry: ticket, kind, PE.
#[inline]
fn entry(t: u64, kind: RwKind, pe: usize) -> u64 {
    t << 40 | u64::from(kind == RwKind::Exclusive) << 32 | (pe as u64 + 1)
}

/// How many spin rounds (instead of yields) a watching waiter may take per wait when PEs
/// outnumber CPUs (module docs).
const MAX_SPINS: u32 = 1000;

/// In a ring entry: its PE watches `STATE` (module docs, "The first in line watches"), so a
/// waker sends it no hint.
const WATCHING: u64 = 1 << 33;

#[inline]
fn entry_of(e: u64) -> Option<(u64, RwKind, usize)> {
    let pe = (e & 0xffff_ffff).checked_sub(1)? as usize;
    let kind = if e >> 32 & 1 == 1 {
        RwKind::Exclusive
    } else {
        RwKind::Shared
    };
    Some((e >> 40, kind, pe))
}

/// A snapshot of a reader/writer lock ([`RawRwLock::snapshot`]), for tests and debugging; `P`
/// is how a PE is named. Each word is read atomically but not all at once: exact while the
/// lock does not change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RwSnapshot<P = usize> {
    /// The PE that holds the lock exclusively, if any.
    pub writer: Option<P>,
    /// The PEs that hold it shared.
    pub readers: Vec<P>,
    /// The PEs that wait, in the order in which they will be admitted, with what they asked
    /// for.
    pub queue: Vec<(P, RwKind)>,
    /// Whether the lock is poisoned.
    pub poisoned: bool,
}

impl RwSnapshot {
    /// The same snapshot with every PE named by `f`.
    pub fn map<Q>(self, f: impl Fn(usize) -> Q) -> RwSnapshot<Q> {
        RwSnapshot {
            writer: self.writer.map(&f),
            readers: self.readers.into_iter().map(&f).collect(),
            queue: self.queue.into_iter().map(|(p, k)| (f(p), k)).collect(),
            poisoned: self.poisoned,
        }
    }
}

/// What this PE's own request word says ([`RawRwLock::local_state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RwLocal {
    /// No request.
    Idle,
    /// Waiting for the lock in this mode.
    Waiting(RwKind),
    /// Holding the lock in this mode.
    Holding(RwKind),
}

/// A distributed reader/writer lock at symmetric offset `offset`, with its state on PE `home`.
///
/// A plain value: it says where the lock lives. The typed layer owns the allocation and makes
/// sure that a PE has at most one request on a lock at a time and that only a holder unlocks;
/// the methods here assume it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawRwLock {
    offset: usize,
    /// Offset of this PE's own words (`ADMIT`, `DRAIN`, `MINE`) for this lock.
    own: usize,
    home: usize,
}

/// The two words of a lock that an acquisition and its release touch, located (pointers
/// into the mapping, found by `ShmTransport::ptr`).
#[derive(Clone, Copy, Debug)]
struct Located {
    state: *mut u64,
    mine: *mut u64,
}

/// One acquisition of a [`RawRwLock`] ([`RawRwLock::lock`]), to be released with
/// [`RwHold::unlock`]: the mode, the ticket, the poison flag as found, and the lock's words
/// located, so that the release checks no bounds. It borrows the transport whose mapping its
/// pointers are into.
#[derive(Clone, Copy, Debug)]
pub struct RwHold<'t> {
    /// The lock it is an acquisition of (its release notifies that lock's queue).
    lock: RawRwLock,
    at: Located,
    ticket: u64,
    kind: RwKind,
    poisoned: bool,
    _mapping: PhantomData<&'t DefaultTransport>,
}

impl RwHold<'_> {
    /// Releases this acquisition (after `quiet`), as [`RawRwLock::release`] does, `poison`
    /// as there. Does nothing unless it is still this PE's present acquisition of its lock
    /// (the request word names this mode and ticket): a copy released twice, or one of an
    /// earlier acquisition, leaves the lock alone.
    #[inline]
    pub fn unlock(self, t: &DefaultTransport, poison: bool) {
        let holding = if self.kind == RwKind::Shared {
            SHARED
        } else {
            EXCLUSIVE
        };
        let mine = holding | poisoned_bit(self.poisoned) | self.ticket << 8;
        if self.lock.mine_at(t, self.at) == mine {
            self.lock.release_located(t, self.at, mine, poison);
        }
    }

    /// The acquisition as a plain word, for [`RwTable::unlock_word`] (where the hold is kept
    /// by something that cannot carry its lifetime).
    #[inline]
    pub fn word(&self) -> u64 {
        let holding = if self.kind == RwKind::Shared {
            SHARED
        } else {
            EXCLUSIVE
        };
        holding | poisoned_bit(self.poisoned) | self.ticket << 8
    }

    /// Whether the lock was poisoned when it was acquired.
    #[inline]
    pub fn poisoned(&self) -> bool {
        self.poisoned
    }

    /// The mode it was acquired in.
    #[inline]
    pub fn kind(&self) -> RwKind {
        self.kind
    }
}

/// Several locks with their words located once ([`RwTable::new`]): a window keeps one lock
/// per member, and an epoch on a member then acquires and releases it without finding or
/// checking a word (a window epoch is about 200 instructions; locating the two words costs
/// 30 of them each time).
#[derive(Debug)]
pub struct RwTable<'t> {
    t: &'t DefaultTransport,
    locks: Box<[(RawRwLock, Located)]>,
    /// Per lock, the `STATE` this PE left it in at its last release ([`RawRwLock::lock_from`]).
    guesses: Box<[Cell<Option<u64>>]>,
}

impl<'t> RwTable<'t> {
    /// The table of `locks`, in order, on transport `t`.
    ///
    /// # Panics
    /// If a lock's words lie outside their partitions (`ShmTransport::ptr`).
    pub fn new(t: &'t DefaultTransport, locks: impl IntoIterator<Item = RawRwLock>) -> Self {
        let locks: Box<[_]> = locks.into_iter().map(|l| (l, l.locate(t))).collect();
        RwTable {
            t,
            guesses: locks.iter().map(|_| Cell::new(None)).collect(),
            locks,
        }
    }

    /// [`RawRwLock::lock`] of lock `i`.
    ///
    /// # Panics
    /// If `i` is not below the number of locks; as [`RawRwLock::acquire`].
    #[inline]
    pub fn lock(&self, i: usize, kind: RwKind) -> RwHold<'t> {
        let (l, at) = self.locks[i];
        l.lock_from(self.t, at, kind, self.guesses[i].take())
    }

    /// [`RawRwLock::try_lock`] of lock `i`: the fast path alone, never waits.
    ///
    /// # Panics
    /// If `i` is not below the number of locks.
    pub fn try_lock(&self, i: usize, kind: RwKind) -> Option<RwHold<'t>> {
        let (l, at) = self.locks[i];
        l.try_lock_from(self.t, at, kind, self.guesses[i].take())
    }

    /// [`RawRwLock::release`] of lock `i`.
    ///
    /// # Panics
    /// If `i` is not below the number of locks.
    #[inline]
    pub fn release(&self, i: usize, kind: RwKind, poison: bool) {
        let (l, at) = self.locks[i];
        l.release_at(self.t, at, kind, poison);
    }

    /// [`RwHold::unlock`] of the acquisition of lock `i` whose [`RwHold::word`] is `word`:
    /// does nothing unless that is still this PE's present acquisition of the lock.
    ///
    /// # Panics
    /// If `i` is not below the number of locks.
    #[inline]
    pub fn unlock_word(&self, i: usize, word: u64, poison: bool) {
        let (l, at) = self.locks[i];
        if l.mine_at(self.t, at) == word {
            self.guesses[i].set(Some(l.release_located(self.t, at, word, poison)));
        }
    }

    /// [`RwHold::unlock`] on this table's transport.
    #[inline]
    pub fn unlock(&self, hold: RwHold<'_>, poison: bool) {
        hold.unlock(self.t, poison);
    }
}

impl RawRwLock {
    /// The lock whose object is at symmetric `offset`, homed on PE `home`.
    #[inline]
    pub fn new(offset: usize, home: usize) -> RawRwLock {
        RawRwLock {
            offset,
            own: offset + OWN,
            home,
        }
    }

    /// A lock whose home part (state, home word, ring: [`rwlock_size`] bytes) is at
    /// symmetric `offset` and whose per-PE words ([`RWLOCK_OWN_BYTES`]) are at `own`, for
    /// objects that keep many locks (one per target PE of a window) and the requester words
    /// of all of them together. Every PE must use the same `own` for a given lock, and no two
    /// locks the same.
    #[inline]
    pub fn with_own(offset: usize, own: usize, home: usize) -> RawRwLock {
        RawRwLock { offset, own, home }
    }

    /// Symmetric offset of the lock object.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The PE that keeps the state.
    #[inline]
    pub fn home(&self) -> usize {
        self.home
    }

    /// Writes the cleared state into this PE's copy (call on every PE before the barrier that
    /// publishes the object).
    pub fn init_local(&self, t: &DefaultTransport) {
        let me = t.my_pe();
        t.put(me, self.offset, &vec![0u8; rwlock_size(t.n_pes())]);
        t.put_word::<u64>(me, self.offset + HOME, self.home as u64 + 1);
    }

    /// The first PE whose copy names another home PE than this PE's, with the home it names
    /// (`usize::MAX` for none); run after the publishing barrier.
    pub fn home_mismatch(&self, t: &DefaultTransport) -> Option<(usize, usize)> {
        (0..t.n_pes()).find_map(|pe| {
            let h = t.get_word::<u64>(pe, self.offset + HOME);
            match h.checked_sub(1) {
                Some(h) if h as usize == self.home => None,
                other => Some((pe, other.map_or(usize::MAX, |h| h as usize))),
            }
        })
    }

    /// This PE's request.
    pub fn local_state(&self, t: &DefaultTransport) -> RwLocal {
        match t.get_word::<u64>(t.my_pe(), self.own + MINE) & KIND_MASK {
            WAIT_SHARED => RwLocal::Waiting(RwKind::Shared),
            WAIT_EXCLUSIVE => RwLocal::Waiting(RwKind::Exclusive),
            SHARED => RwLocal::Holding(RwKind::Shared),
            EXCLUSIVE => RwLocal::Holding(RwKind::Exclusive),
            _ => RwLocal::Idle,
        }
    }

    #[inline]
    fn state(&self, t: &DefaultTransport) -> State {
        State::of(t.amo::<u64>(self.home, self.offset + STATE, AmoOp::Fetch))
    }

    #[inline]
    fn set_mine(&self, t: &DefaultTransport, kind: u64, ticket: u64) {
        t.put_word::<u64>(t.my_pe(), self.own + MINE, kind | ticket << 8);
    }

    /// This lock's `STATE` (on the home PE) and this PE's `MINE`, located: the fast paths
    /// and the release access them through these pointers, checked once here.
    #[inline]
    fn locate(&self, t: &DefaultTransport) -> Located {
        Located {
            state: t.ptr(self.home, self.offset + STATE, 8).cast(),
            mine: t.ptr(t.my_pe(), self.own + MINE, 8).cast(),
        }
    }

    /// An atomic operation on the located `STATE`, ringing no doorbell: nobody sleeps on
    /// `STATE` (a waiter sleeps on its own `ADMIT` or `DRAIN` word, which the waker's
    /// compare-and-swap rings, and a watching waiter takes its flag back before it sleeps, so
    /// it gets that hint too: module docs).
    #[inline(always)]
    fn state_amo(&self, t: &DefaultTransport, at: Located, op: AmoOp<u64>) -> u64 {
        // SAFETY: `at.state` is `STATE` of this lock's object on the home PE, found by
        // `ShmTransport::ptr` (`locate`, which checked its bounds and alignment) on a
        // transport that still lives (`RwHold` borrows it, the other callers located it
        // themselves).
        unsafe { t.amo_silent_at::<u64>(self.home, self.offset + STATE, at.state, op) }
    }

    /// Stores this PE's request into the located `MINE`.
    #[inline(always)]
    fn set_mine_at(&self, t: &DefaultTransport, at: Located, kind: u64, ticket: u64) {
        // SAFETY: `at.mine` is this PE's `MINE` word of this lock, found by `ptr` (`locate`)
        // on a transport that still lives.
        unsafe { t.put_word_at::<u64>(t.my_pe(), self.own + MINE, at.mine, kind | ticket << 8) };
    }

    /// The fast path: admits this PE at once if nobody queues (and, for a writer, nobody
    /// reads), with a compare-and-swap of `STATE`, retried while it fails only because
    /// another PE changed `STATE` without making the lock unavailable (a reader came or went).
    /// Returns the ticket and the poison flag on success, the last `STATE` seen otherwise.
    #[inline(always)]
    fn try_fast(
        &self,
        t: &DefaultTransport,
        at: Located,
        kind: RwKind,
        mut seen: u64,
    ) -> Result<(u64, bool), u64> {
        loop {
            let s = State::of(seen);
            if !s.free_for(kind) {
                return Err(seen);
            }
            let new = match kind {
                RwKind::Shared => State {
                    readers: s.readers + 1,
                    serving: ticket_after(s.serving),
                    next: ticket_after(s.next),
                    ..s
                },
                RwKind::Exclusive => State {
                    next: ticket_after(s.next),
                    ..s
                },
            };
            let was = self.state_amo(
                t,
                at,
                AmoOp::CompareSwap {
                    cond: seen,
                    new: new.word(),
                },
            );
            if was == seen {
                let mine = if kind == RwKind::Shared {
                    SHARED
                } else {
                    EXCLUSIVE
                };
                self.set_mine_at(t, at, mine | poisoned_bit(s.poisoned), s.next);
                return Ok((s.next, s.poisoned));
            }
            seen = was;
        }
    }

    /// Takes the lock in mode `kind` if that is possible at once without overtaking anyone
    /// (nobody queues; for a writer, nobody reads either; for a reader, fewer than
    /// [`MAX_READERS`] read); never waits. `None`: not taken, and nothing was written.
    /// Otherwise whether the lock is poisoned.
    pub fn try_acquire(&self, t: &DefaultTransport, kind: RwKind) -> Option<bool> {
        self.try_lock(t, kind).map(|h| h.poisoned)
    }

    /// [`RawRwLock::try_acquire`], returning the acquisition for [`RwHold::unlock`].
    pub fn try_lock<'t>(&self, t: &'t DefaultTransport, kind: RwKind) -> Option<RwHold<'t>> {
        self.try_lock_at(t, self.locate(t), kind)
    }

    /// [`RawRwLock::try_lock`] with the words located (`at`, by `locate` on `t`).
    fn try_lock_at<'t>(
        &self,
        t: &'t DefaultTransport,
        at: Located,
        kind: RwKind,
    ) -> Option<RwHold<'t>> {
        self.try_lock_from(t, at, kind, None)
    }

    /// [`RawRwLock::try_lock_at`] from `guess`, as [`RawRwLock::lock_from`].
    fn try_lock_from<'t>(
        &self,
        t: &'t DefaultTransport,
        at: Located,
        kind: RwKind,
        guess: Option<u64>,
    ) -> Option<RwHold<'t>> {
        let seen = self.first_seen(t, at, kind, guess);
        let Ok((ticket, poisoned)) = self.try_fast(t, at, kind, seen) else {
            t.poll();
            return None;
        };
        Some(RwHold {
            lock: *self,
            at,
            ticket,
            kind,
            poisoned,
            _mapping: PhantomData,
        })
    }

    /// Acquires the lock in mode `kind`, first come, first served (module docs); returns
    /// whether it is poisoned.
    ///
    /// # Panics
    /// A reader, when [`MAX_READERS`] readers hold the lock at its turn (only readers that
    /// never unlock reach that many): it is refused, as `std`'s lock refuses a reader whose
    /// count would overflow, and leaves the lock as it found it.
    #[inline]
    pub fn acquire(&self, t: &DefaultTransport, kind: RwKind) -> bool {
        self.lock(t, kind).poisoned
    }

    /// [`RawRwLock::acquire`], returning the acquisition with its words located, for
    /// [`RwHold::unlock`]: an epoch that keeps the hold saves its release a bounds check
    /// per word (about a dozen instructions each).
    ///
    /// # Panics
    /// As [`RawRwLock::acquire`].
    #[inline]
    pub fn lock<'t>(&self, t: &'t DefaultTransport, kind: RwKind) -> RwHold<'t> {
        self.lock_at(t, self.locate(t), kind)
    }

    /// [`RawRwLock::lock`] with the words located (`at`, by `locate` on `t`).
    #[inline(always)]
    fn lock_at<'t>(&self, t: &'t DefaultTransport, at: Located, kind: RwKind) -> RwHold<'t> {
        self.lock_from(t, at, kind, None)
    }

    /// [`RawRwLock::lock_at`] whose fast path starts from `guess`, the `STATE` this PE left
    /// the lock in at its last release, when that says the lock is free for `kind`: the
    /// compare-and-swap then needs no read of `STATE` first, one round trip instead of two
    /// to another node (`win_lock_excl_lat` across two hosts). A wrong guess costs nothing
    /// more: the failed compare-and-swap returns `STATE`, and the fast path goes on from it as
    /// it would from a read. A guess that says the lock is taken is not trusted: `STATE` is
    /// read.
    #[inline(always)]
    fn lock_from<'t>(
        &self,
        t: &'t DefaultTransport,
        at: Located,
        kind: RwKind,
        guess: Option<u64>,
    ) -> RwHold<'t> {
        let seen = self.first_seen(t, at, kind, guess);
        let (ticket, poisoned) = match self.try_fast(t, at, kind, seen) {
            Ok(got) => got,
            Err(_) => self.queue(t, kind),
        };
        RwHold {
            lock: *self,
            at,
            ticket,
            kind,
            poisoned,
            _mapping: PhantomData,
        }
    }

    /// The queueing half of [`RawRwLock::lock`]: the ticket and the poison flag.
    #[cold]
    #[inline(never)]
    fn queue(&self, t: &DefaultTransport, kind: RwKind) -> (u64, bool) {
        let me = t.my_pe();
        let n = t.n_pes();
        // What a refused reader puts back (a forgotten guard's acquisition, or nothing).
        let before = t.get_word::<u64>(me, self.own + MINE);
        let old = t.amo::<u64>(
            self.home,
            self.offset + STATE,
            AmoOp::FetchAdd(1 << NEXT_SHIFT),
        );
        let ticket = State::of(old).next;
        let waiting = if kind == RwKind::Shared {
            WAIT_SHARED
        } else {
            WAIT_EXCLUSIVE
        };
        self.set_mine(t, waiting, ticket);
        // The first in line watches `STATE` where it can read it with a load; when PEs
        // outnumber CPUs, every waiter does (module docs).
        let watch = (ticket == ticket_after(State::of(old).serving) || t.policy().oversubscribed)
            && t.maps_all();
        let slot = self.offset + RING + 8 * (ticket as usize % n);
        let plain = entry(ticket, kind, me);
        t.amo::<u64>(
            self.home,
            slot,
            AmoOp::Set(if watch { plain | WATCHING } else { plain }),
        );
        let watch = watch.then_some((slot, plain));
        let site = WaitSite::new(
            WaitKind::RwLock,
            [self.offset as u64, self.home as u64, ticket, 0],
        );
        let mut s = self.wait_hint(
            t,
            ADMIT,
            site,
            |s| s.serving == ticket,
            |s| ticket_after(s.serving) == ticket,
            watch,
        );
        match kind {
            RwKind::Shared => {
                // `readers` can only have fallen since `s` (module docs): below the cap there,
                // it stays below it with this reader.
                let full = s.readers >= READERS_MASK;
                let was = State::of(t.amo::<u64>(
                    self.home,
                    self.offset + STATE,
                    AmoOp::FetchAdd(advance(ticket) + u64::from(!full)),
                ));
                if full {
                    t.put_word::<u64>(me, self.own + MINE, before);
                } else {
                    self.set_mine(t, SHARED, ticket);
                }
                let after = ticket_after(ticket);
                if was.next != after {
                    self.notify(t, after);
                }
                if full {
                    too_many_readers();
                }
                (ticket, was.poisoned)
            }
            RwKind::Exclusive => {
                if s.readers != 0 {
                    let site = WaitSite::new(
                        WaitKind::RwLock,
                        [self.offset as u64, self.home as u64, ticket, 1],
                    );
                    s = self.wait_hint(t, DRAIN, site, |s| s.readers == 0, |_| true, watch);
                }
                self.set_mine(t, EXCLUSIVE | poisoned_bit(s.poisoned), ticket);
                (ticket, s.poisoned)
            }
        }
    }

    /// Until `done(STATE)`: clear the hint word at `hint`, read `STATE`, and if not done wait
    /// until a hint arrives (module docs: no wake-up is lost). Returns the state that
    /// satisfied `done`. `watch`: this PE's ring entry says it watches `STATE` (the slot's
    /// offset and the entry without the flag): it then polls `STATE` as well as the hint, and
    /// clears the flag before it sleeps (module docs, "The first in line watches"); `next`:
    /// whether a state makes this PE the next to move (first in line).
    fn wait_hint(
        &self,
        t: &DefaultTransport,
        hint: usize,
        site: WaitSite,
        done: impl Fn(State) -> bool,
        next: impl Fn(State) -> bool,
        mut watch: Option<(usize, u64)>,
    ) -> State {
        let me = t.my_pe();
        loop {
            t.amo::<u64>(me, self.own + hint, AmoOp::Set(0));
            let s = self.state(t);
            if done(s) {
                return s;
            }
            let Some((slot, plain)) = watch else {
                t.wait_local::<u64>(self.own + hint, site, |v| v != 0);
                continue;
            };
            let at = self.locate(t);
            let own = t.ptr(me, self.own + hint, 8).cast::<u64>();
            let mut admitted = None;
            let first = std::cell::Cell::new(false);
            let spins = std::cell::Cell::new(0u32);
            crate::wait::wait_until_then_sleep(
                t.policy(),
                t.waiter(site),
                || {
                    // SAFETY: this PE's hint word and the home's `STATE`, found by `ptr` on
                    // `t` just now (bounds and alignment checked there); atomic loads.
                    let (h, s) = unsafe {
                        (
                            t.get_word_at::<u64>(me, self.own + hint, own),
                            t.get_word_at::<u64>(self.home, self.offset + STATE, at.state),
                        )
                    };
                    let s = State::of(s);
                    if done(s) {
                        admitted = Some(s);
                    }
                    first.set(next(s));
                    h != 0 || admitted.is_some()
                },
                || {
                    // When PEs outnumber CPUs: the first in line spins rather than yields while
                    // every other PE on its CPU queues for this lock too (behind it: none of
                    // them can move before it does); it yields while one holds the lock or
                    // does anything else, and every later waiter yields.
                    let c = t.policy().colocation.unwrap_or(1);
                    let spin = spins.get() < MAX_SPINS
                        && first.get()
                        && (me % c..t.n_pes())
                            .step_by(c)
                            .filter(|&q| q != me)
                            .all(|q| {
                                let mine = t.get_word::<u64>(q, self.own + MINE) & KIND_MASK;
                                mine == WAIT_SHARED || mine == WAIT_EXCLUSIVE
                            });
                    spins.set(spins.get() + u32::from(spin));
                    spin
                },
                || {
                    // Wakers must send hints again before this PE sleeps; once is enough.
                    t.amo::<u64>(self.home, slot, AmoOp::Set(plain));
                    watch = None;
                },
            );
            if let Some(s) = admitted {
                return s;
            }
        }
    }

    /// Wakes the holder of ticket `s`, if it has written its ring entry (module docs).
    #[cold]
    #[inline(never)]
    fn notify(&self, t: &DefaultTransport, s: u64) {
        let at = self.offset + RING + 8 * (s as usize % t.n_pes());
        let e = t.amo::<u64>(self.home, at, AmoOp::Fetch);
        if let Some((ticket, _, pe)) = entry_of(e)
            && ticket == s
            && e & WATCHING == 0
        {
            t.amo::<u64>(pe, self.own + ADMIT, hint(s));
        }
    }

    /// Releases the lock this PE holds in mode `kind` (after `quiet`). A writer passes
    /// whether the lock is to be poisoned from now on (it panicked, or it holds a poisoned
    /// lock and did not clear it); readers never change the poison flag. Does nothing unless
    /// this PE holds the lock in that mode.
    #[inline]
    pub fn release(&self, t: &DefaultTransport, kind: RwKind, poison: bool) {
        self.release_at(t, self.locate(t), kind, poison);
    }

    /// [`RawRwLock::release`] with the words located (`at`, by `locate` on `t`).
    #[inline(always)]
    fn release_at(&self, t: &DefaultTransport, at: Located, kind: RwKind, poison: bool) {
        let mine = self.mine_at(t, at);
        let holding = if kind == RwKind::Shared {
            SHARED
        } else {
            EXCLUSIVE
        };
        if mine & KIND_MASK == holding {
            self.release_located(t, at, mine, poison);
        }
    }

    /// This PE's request word, located.
    #[inline(always)]
    fn mine_at(&self, t: &DefaultTransport, at: Located) -> u64 {
        // SAFETY: `at.mine` is this PE's `MINE` word of this lock, found by `ptr` (`locate`)
        // on a transport that still lives (`RwHold` borrows it).
        unsafe { t.get_word_at::<u64>(t.my_pe(), self.own + MINE, at.mine) }
    }

    /// The `STATE` the fast path starts from: `guess` if it says the lock is free for `kind`
    /// ([`RawRwLock::lock_from`]), else read.
    #[inline(always)]
    fn first_seen(
        &self,
        t: &DefaultTransport,
        at: Located,
        kind: RwKind,
        guess: Option<u64>,
    ) -> u64 {
        match guess {
            Some(g) if State::of(g).free_for(kind) => g,
            _ => self.state_amo(t, at, AmoOp::Fetch),
        }
    }

    /// The release of the acquisition that `mine` (this PE's request word, a holder's)
    /// describes. Returns the `STATE` it left (what its fetch-add made of the word).
    #[inline(always)]
    fn release_located(&self, t: &DefaultTransport, at: Located, mine: u64, poison: bool) -> u64 {
        // The release below is a fetch-add: what completes the epoch's operations before the
        // next holder can see the lock free (`quiet_before_amo`).
        t.quiet_before_amo();
        self.set_mine_at(t, at, 0, 0);
        if mine & KIND_MASK == SHARED {
            let word = self.state_amo(t, at, AmoOp::FetchAdd(u64::MAX));
            let was = State::of(word);
            if was.readers == 1 && was.next != was.serving {
                self.wake_drained(t, was.serving);
            }
            word.wrapping_add(u64::MAX)
        } else {
            let ticket = mine >> 8;
            // The flag as this writer found it: only a writer changes it.
            let flip = match (mine & MINE_POISONED != 0, poison) {
                (false, true) => POISON,
                (true, false) => POISON.wrapping_neg(),
                _ => 0,
            };
            let add = advance(ticket).wrapping_add(flip);
            let word = self.state_amo(t, at, AmoOp::FetchAdd(add));
            let after = ticket_after(ticket);
            if State::of(word).next != after {
                self.notify(t, after);
            }
            word.wrapping_add(add)
        }
    }

    /// The last reader left while someone queues: if the holder of ticket `serving` is a
    /// writer waiting for the readers to drain, wake it.
    #[cold]
    #[inline(never)]
    fn wake_drained(&self, t: &DefaultTransport, serving: u64) {
        let at = self.offset + RING + 8 * (serving as usize % t.n_pes());
        let e = t.amo::<u64>(self.home, at, AmoOp::Fetch);
        if let Some((tk, RwKind::Exclusive, pe)) = entry_of(e)
            && tk == serving
            && e & WATCHING == 0
        {
            t.amo::<u64>(pe, self.own + DRAIN, hint(tk));
        }
    }

    /// A snapshot: the holders and the queue in admission order (reads every PE's request
    /// word; a testing and debugging aid).
    pub fn snapshot(&self, t: &DefaultTransport) -> RwSnapshot {
        let s = self.state(t);
        let mut writer = None;
        let mut readers = Vec::new();
        let mut queue = Vec::new();
        for pe in 0..t.n_pes() {
            let mine = t.get_word::<u64>(pe, self.own + MINE);
            let ticket = mine >> 8;
            match mine & KIND_MASK {
                SHARED => readers.push(pe),
                EXCLUSIVE => writer = Some(pe),
                WAIT_SHARED => queue.push((ticket, pe, RwKind::Shared)),
                WAIT_EXCLUSIVE => queue.push((ticket, pe, RwKind::Exclusive)),
                _ => {}
            }
        }
        // Admission order: tickets counted from `serving`, modulo 2^24.
        queue.sort_by_key(|&(tk, _, _)| tk.wrapping_sub(s.serving) & TICKET_MASK);
        RwSnapshot {
            writer,
            readers,
            queue: queue.into_iter().map(|(_, p, k)| (p, k)).collect(),
            poisoned: s.poisoned,
        }
    }
}

#[cfg(test)]
mod tests {
    //! The algorithm on the real shared-memory transport, one thread per PE on one segment.

    use std::sync::atomic::{AtomicU64, Ordering};

    use super::*;
    use crate::transport::shm::on_pes;

    const COUNTER: usize = 4096;
    const INSIDE: usize = 4104;

    /// The snapshot of a lock nobody holds or waits for.
    fn free() -> RwSnapshot {
        RwSnapshot {
            writer: None,
            readers: vec![],
            queue: vec![],
            poisoned: false,
        }
    }

    #[test]
    fn ticket_arithmetic_wraps_without_carry() {
        let s = State {
            readers: 3,
            poisoned: true,
            serving: TICKET_MASK,
            next: 5,
        };
        let w = s.word().wrapping_add(advance(TICKET_MASK));
        assert_eq!(State::of(w), State { serving: 0, ..s });
        let top = State {
            next: TICKET_MASK,
            ..s
        }
        .word()
        .wrapping_add(1 << NEXT_SHIFT);
        assert_eq!(State::of(top).next, 0);
        assert_eq!(State::of(top).serving, TICKET_MASK);
        assert_eq!(
            entry_of(entry(77, RwKind::Exclusive, 9)),
            Some((77, RwKind::Exclusive, 9))
        );
        assert_eq!(entry_of(0), None);
    }

    /// Writers exclude everyone; readers exclude writers; the counter's total is exact.
    #[test]
    fn writers_exclude_readers_and_each_other() {
        const K: u64 = 2000;
        let n = 6;
        let results = on_pes(n, |t| {
            let lock = RawRwLock::new(0, n - 1);
            lock.init_local(t);
            t.barrier_all();
            let mut violations = 0u64;
            for i in 0..K {
                let me = t.my_pe() as u64;
                if (i + me).is_multiple_of(3) {
                    assert!(!lock.acquire(t, RwKind::Exclusive));
                    // INSIDE counts holders: a writer must be alone.
                    let inside = t.amo::<u64>(0, INSIDE, AmoOp::FetchAdd(1 << 32));
                    violations += u64::from(inside != 0);
                    let c = t.get_word::<u64>(0, COUNTER);
                    if i % 7 == 0 {
                        std::thread::yield_now();
                    }
                    t.put_word::<u64>(0, COUNTER, c + 1);
                    t.amo::<u64>(0, INSIDE, AmoOp::FetchAdd((1u64 << 32).wrapping_neg()));
                    lock.release(t, RwKind::Exclusive, false);
                } else {
                    assert!(!lock.acquire(t, RwKind::Shared));
                    let inside = t.amo::<u64>(0, INSIDE, AmoOp::FetchAdd(1));
                    violations += u64::from(inside >> 32 != 0);
                    if i % 5 == 0 {
                        std::thread::yield_now();
                    }
                    t.amo::<u64>(0, INSIDE, AmoOp::FetchAdd(u64::MAX));
                    lock.release(t, RwKind::Shared, false);
                }
                violations += u64::from(lock.local_state(t) != RwLocal::Idle);
            }
            t.barrier_all();
            let writes: u64 = (0..n as u64)
                .map(|p| (0..K).filter(|i| (i + p) % 3 == 0).count() as u64)
                .sum();
            (
                violations,
                t.get_word::<u64>(0, COUNTER) == writes,
                lock.snapshot(t),
                lock.home_mismatch(t),
            )
        });
        let free = free();
        for r in results {
            assert_eq!(r, (0, true, free.clone(), None));
        }
    }

    /// Through a table of located locks (what a window uses): writers of every lock exclude
    /// each other on exact counters, also when they queue; a hold released twice, and a hold
    /// of an earlier acquisition, leave the lock alone.
    #[test]
    fn table_holds_exclude_and_stale_holds_do_nothing() {
        const K: u64 = 1000;
        let n = 4;
        let size = rwlock_size(n);
        let counter = |home: usize| COUNTER + 8 * home;
        let results = on_pes(n, |t| {
            // One lock homed on each PE, the requester words of all of them after the homes.
            let own = 8192;
            let lock =
                |home: usize| RawRwLock::with_own(2 * size, own + RWLOCK_OWN_BYTES * home, home);
            lock(0).init_local(t);
            for home in 0..n {
                t.put(
                    t.my_pe(),
                    own + RWLOCK_OWN_BYTES * home,
                    &[0u8; RWLOCK_OWN_BYTES],
                );
            }
            t.barrier_all();
            let table = RwTable::new(t, (0..n).map(lock));
            for i in 0..K {
                let home = (i as usize + t.my_pe()) % n;
                let hold = table.lock(home, RwKind::Exclusive);
                assert!(!hold.poisoned());
                let c = t.get_word::<u64>(home, counter(home));
                if i % 7 == 0 {
                    std::thread::yield_now();
                }
                t.put_word::<u64>(home, counter(home), c + 1);
                table.unlock(hold, false);
                // Released already: nothing happens (no second fetch-add on `STATE`).
                table.unlock(hold, false);
                // A newer acquisition is not released by the old hold.
                let again = table.lock(home, RwKind::Shared);
                table.unlock(hold, false);
                assert_eq!(lock(home).local_state(t), RwLocal::Holding(RwKind::Shared));
                table.unlock(again, false);
                assert_eq!(lock(home).local_state(t), RwLocal::Idle);
            }
            t.barrier_all();
            (0..n)
                .map(|home| {
                    (
                        t.get_word::<u64>(home, counter(home)),
                        lock(home).snapshot(t),
                    )
                })
                .collect::<Vec<_>>()
        });
        let free = free();
        for r in results {
            // Every PE locked each home K / n times (K is a multiple of n).
            assert_eq!(r, vec![(K, free.clone()); n]);
        }
    }

    /// Readers that find the lock free hold it together; a writer that queues behind them
    /// waits, and a reader that comes after the writer waits behind it, not with the readers.
    #[test]
    fn a_late_reader_waits_behind_a_waiting_writer() {
        let n = 4;
        let clock = AtomicU64::new(0);
        let looked = AtomicU64::new(0);
        let results = on_pes(n, |t| {
            let lock = RawRwLock::new(0, 0);
            lock.init_local(t);
            t.barrier_all();
            let me = t.my_pe();
            let stamp = || clock.fetch_add(1, Ordering::SeqCst);
            let wait_for = |want: &[(usize, RwKind)]| loop {
                let snap = lock.snapshot(t);
                if snap.queue == want {
                    return snap;
                }
                std::thread::yield_now();
            };
            let mut out = (None, [0u64; 2]);
            if me < 2 {
                lock.acquire(t, RwKind::Shared);
            }
            t.barrier_all();
            match me {
                0 | 1 => {
                    let snap = wait_for(&[(2, RwKind::Exclusive), (3, RwKind::Shared)]);
                    out.0 = Some(snap);
                    // Both readers look before either leaves.
                    looked.fetch_add(1, Ordering::SeqCst);
                    while looked.load(Ordering::SeqCst) < 2 {
                        std::thread::yield_now();
                    }
                    lock.release(t, RwKind::Shared, false);
                }
                2 => {
                    lock.acquire(t, RwKind::Exclusive);
                    out.1[0] = stamp();
                    std::thread::yield_now();
                    out.1[1] = stamp();
                    lock.release(t, RwKind::Exclusive, false);
                }
                _ => {
                    wait_for(&[(2, RwKind::Exclusive)]);
                    lock.acquire(t, RwKind::Shared);
                    out.1[0] = stamp();
                    lock.release(t, RwKind::Shared, false);
                }
            }
            t.barrier_all();
            out
        });
        for snap in [&results[0].0, &results[1].0] {
            let snap = snap.as_ref().expect("readers took a snapshot");
            assert_eq!(snap.writer, None);
            let mut readers = snap.readers.clone();
            readers.sort_unstable();
            assert_eq!(readers, vec![0, 1]);
        }
        let (w, r) = (results[2].1, results[3].1);
        assert!(
            w[0] < w[1] && w[1] < r[0],
            "writer {w:?}, late reader {r:?}"
        );
    }
}
