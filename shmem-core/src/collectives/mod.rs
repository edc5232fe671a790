//! Collectives over sets of PEs: sync (barrier), reductions, broadcast, collect, fcollect,
//! alltoall and alltoalls, plus the pool of sync areas that teams draw from.
//!
//! A collective runs over a [`PeSet`] (an arithmetic progression of world PE numbers: the
//! spec's active set `(PE_start, 2^logPE_stride, PE_size)`, or a team) and a [`SyncArea`]
//! (symmetric memory that holds the call's synchronization words and a small staging buffer:
//! the spec's `pSync`, or a team's private area). [`Coll`] ties the two together for one
//! member; its methods are the collectives. The `shmem` crate's active-set form and team form
//! both end here, so they share every line of the algorithms.
//!
//! This is the on-node fast path: a [`Coll`] holds the [`ShmTransport`] itself, not only the
//! [`Transport`] boundary, because its words are segment memory that the members load and store
//! directly; a member on another node is reached through the transport's MPI route
//! (`net.rs`).
//!
//! # The sync area
//!
//! ```text
//! +0     head line:  done word (offset 0), this PE's call counter (offset 64, private)
//! +128   region 0:   epoch | status | signature hash | value | data (capacity bytes) ...
//!                    ... detail block (full signature, refusal; read only on errors)
//! +128+R region 1:   the same, used by calls with odd epochs
//! ```
//!
//! Every PE keeps a *call counter* in its own copy of the area; a call takes the next value
//! `e` as its epoch and uses region `e % 2`. Synchronization words only ever grow: a member
//! *arrives* by storing `e` into its region's epoch word, and waits until every member's word
//! at the same offset is `e` (it cannot be past `e` then, below, so this is `>= e`; equality
//! also refuses stale words of another sequence, [`Coll::set_call_count`]). Nothing is reset to a `SYNC_VALUE`, so nothing has to be
//! restored before the next call.
//!
//! # Why back-to-back reuse is correct without a barrier
//!
//! The protocol keeps one invariant: **no member returns from call `e` before it has seen every
//! member arrive at `e`.** Hence when any member starts call `e + 2`, it has returned from `e + 1`,
//! so every member had arrived at `e + 1`, so every member had returned from `e`. Region `e % 2`
//! (its epoch word, arguments and staged data) is therefore free for reuse at `e + 2`, and a waiter
//! of call `e` can never see the word move past `e` before it has stopped looking. Two areas
//! alternated (the pattern of the SHMEM_LONG_OR_TO_ALL(3) manual page) are two independent
//! sequences with the same property. A member may be at most one call ahead of another, so a waiter
//! for `>= e` cannot be fooled by a stale value (`e - 2`) either.
//!
//! Data is exchanged in one of two ways, chosen per member and per call:
//! * **Staged**: a member copies its contribution into its own region *before* arriving;
//!   after the arrival wait the others read it from there and each member writes only its
//!   own target. One synchronization round, and a member's source and target are free the
//!   moment it returns (nobody reads the source, nobody else writes the target). The first
//!   bytes share the cache line of the epoch word, so a one-element reduction moves one line
//!   per peer.
//! * **Direct**: after the arrival wait (which also says that every member's source is ready
//!   and its target no longer in use), members read each other's sources (and, for
//!   reductions, write each other's targets) in place, then publish the epoch in their *done*
//!   word; whoever had its source read or its target written waits until every member is done
//!   before returning. Reductions split the vector into one chunk of whole cache lines per
//!   member, so each element is combined once and written once into each target.
//!
//! Whether a member stages is its own choice (it fits the region, and it is small: a limit
//! that is higher when the job has more PEs than CPUs, where a second round costs context
//! switches instead of a few line transfers; `SHMEM_COLLECTIVE_STAGING` overrides it). The choice travels with the arrival,
//! so the members never have to agree in advance: readers take each contribution from where
//! its owner left it, and a reduction uses the staged algorithm only if every member staged.
//!
//! Arguments that the spec requires to be equal on every member (the set, the sync area, the
//! target and source objects, element counts, roots, strides, the operation and element type)
//! travel with the arrival as a signature, and a member whose local checks failed arrives with
//! a refusal: every member reads the same words and returns the same error before any data
//! moved (`agree`).
//!
//! # Waking sleepers
//!
//! Waiting is `Transport::wait_for`: spin, then yield, then sleep on this PE's doorbell
//! (`wait.rs`: a sleeper registers, fences, re-checks). A member that waits for a condition
//! (every member's word reached the epoch) publishes with a release store, waits until it sees
//! the condition, then fences (SeqCst) and rings every other member that has a sleeper; a
//! member that does not wait (a broadcast reader's done word) stores, fences, and rings every
//! other member that has a sleeper. A sleeper that missed some member's word fenced before
//! that member did (else its re-check would have seen the word), so that member's fence
//! follows the sleeper's registration, and its read of the sleeper count sees it
//! (`Coll::publish`); and not every member can sleep, because the one whose fence is last in
//! the SeqCst order sees every word. Putting a
//! waiter's fence after its wait lets the transfer of its own line and its reads of the
//! others' lines overlap: one cache-line latency per round instead of two.

pub(crate) mod agree;
mod complex;
#[cfg(feature = "mpi")]
mod net;
mod ops;
mod pool;

use std::mem::{MaybeUninit, size_of};
use std::sync::atomic::{AtomicU64, Ordering, fence};

use bytemuck::Pod;

pub(crate) use agree::{CollectiveWait, Kind, Sig, type_hash};
pub use agree::{OBJECT_NAMES, Refusal, WHATS};
pub use complex::{Complex32, Complex64};
pub use ops::{
    And, ArithElem, IntegerElem, Max, Min, Or, Prod, ReduceOp, ScanOp, Sum, SumProdElem, Xor,
};
pub use pool::{
    ClaimedSlot, Reservation, SHARED_SLOT, SplitArgs, TEAM_CAPACITY, TEAM_POOL_BYTES, TEAM_SLOTS,
    TeamPool, team_area, team_claim, team_reserve,
};

use crate::config::Staging;
use crate::copy;
use crate::error::{Error, Result};
use crate::pe_set::PeSet;
use crate::segment::LINE;
use crate::transport::Transport;
use crate::transport::shm::ShmTransport;
use crate::wait::{self, WaitSite};

// ------------------------------------------------------------------------------------------
// layout

const DONE: usize = 0;
const COUNTER: usize = 64;
const HEAD: usize = LINE;
const EPOCH: usize = 0;
const STATUS: usize = 8;
const SIGHASH: usize = 16;
const VALUE: usize = 24;
/// Bytes of a region before its data: epoch, status, signature hash, value.
pub const REGION_HEAD: usize = 32;
const STAGED_BIT: u64 = 1;
const REFUSED_BIT: u64 = 2;
/// The member asks for an exact round (`agree`, module docs).
const EXACT_BIT: u64 = 4;
const DETAIL_SPAN: usize = agree::DETAIL_BYTES.next_multiple_of(LINE);

const fn region_bytes(capacity: usize) -> usize {
    (REGION_HEAD + capacity).next_multiple_of(LINE) + DETAIL_SPAN
}

/// Bytes of a sync area whose regions stage at least `capacity` data bytes.
pub const fn area_bytes(capacity: usize) -> usize {
    HEAD + 2 * region_bytes(capacity)
}

/// Staging capacity of the smallest area (barrier/sync only).
pub const SYNC_ONLY_CAPACITY: usize = LINE - REGION_HEAD;
/// Staging capacity of the data collectives' `pSync` areas: contributions up to this many
/// bytes may take the one-round staged path.
pub const DATA_CAPACITY: usize = 8192;
/// Contributions up to this many bytes are staged even when every PE has a CPU to itself
/// (measured crossover with the direct path on 2 PEs: 0.5 to 2 KiB).
const STAGE_SMALL: usize = 1024;
/// When PEs outnumber CPUs, contributions up to this many bytes are staged (if they fit):
/// a second round costs context switches there, but the staged path makes every member read
/// every staged vector, which grows with the PE count. Measured with `bench/scaling.sh`
/// (reductions of `n` 8-byte elements, budget `8 n npes`), staged against direct: 4 PEs on
/// 2 CPUs, 64 elements 1.6 against 2.5 µs, 256 elements 2.8 against 2.5 µs, 1024 elements
/// 5.4 against 3.0 µs; 8 PEs, 64 elements 3.8 against 6.1 µs, 1024 elements 10.8 against
/// 7.5 µs. Broadcasts and fcollects count their bytes times the members too (everyone reads
/// the staged copies): a 4 KiB broadcast on 3 PEs takes 1.1 µs direct, 1.6 µs staged.
const STAGE_OVERSUBSCRIBED: usize = 4096;

/// Whether this member stages a contribution of `bytes` whose cost-relevant size is
/// `budget` bytes, in an area with `capacity` bytes of staging room.
fn stage(t: &ShmTransport, bytes: usize, budget: usize, capacity: usize) -> bool {
    // `oversubscribed` compares with the launcher's CPUs: a PE pinned to one CPU sees one.
    let limit = if t.policy().oversubscribed {
        STAGE_OVERSUBSCRIBED
    } else {
        STAGE_SMALL
    };
    let auto = || budget <= limit;
    bytes <= capacity
        && match t.settings().staging {
            Staging::Auto => auto(),
            Staging::Always => true,
            Staging::Never => false,
            Staging::Mixed => t.my_pe().is_multiple_of(2) && auto(),
        }
}

/// Where a collective's synchronization words live: a symmetric offset, and the size of each
/// of its two regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncArea {
    offset: usize,
    region: usize,
}

impl SyncArea {
    /// The area at symmetric `offset`, laid out for `capacity` staged bytes per region; it
    /// spans [`area_bytes`]`(capacity)` bytes. A fresh area must be zero on every member
    /// before its first call (symmetric allocations made for one are cleared by their maker).
    ///
    /// # Panics
    /// If `capacity` exceeds `isize::MAX / 4` (an area that large would wrap its size:
    /// every caller passes a constant, so this is checked when it compiles).
    pub const fn new(offset: usize, capacity: usize) -> SyncArea {
        assert!(
            capacity <= isize::MAX as usize / 4,
            "sync area capacity too large"
        );
        SyncArea {
            offset,
            region: region_bytes(capacity),
        }
    }

    /// Symmetric offset of the area.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Bytes the area spans.
    pub const fn bytes(&self) -> usize {
        HEAD + 2 * self.region
    }

    /// Data bytes a region can stage.
    pub const fn capacity(&self) -> usize {
        self.region - DETAIL_SPAN - REGION_HEAD
    }

    /// Offset of the detail block in a region.
    const fn detail(&self) -> usize {
        self.region - DETAIL_SPAN
    }
}

// ------------------------------------------------------------------------------------------
// one member's view of a collective

/// What this member publishes with its arrival besides the signature (see [`Coll::round`]).
#[derive(Clone, Copy, Debug, Default)]
struct Arrival {
    /// This member's refusal, if a local check failed.
    refusal: Option<Refusal>,
    /// Whether it stages its contribution (ignored with a refusal).
    staged: bool,
    /// A per-member value the others read on the success path (collect's count).
    value: u64,
    /// A per-member word the others may read from the detail block (collect's target length).
    info: u64,
    /// Whether every member must compare the full signatures (module `agree`).
    exact: bool,
}

impl Arrival {
    /// The arrival of a data collective: a refusal, or whether this member stages.
    #[inline]
    fn data(refusal: Option<Refusal>, staged: bool) -> Arrival {
        Arrival {
            refusal,
            staged,
            ..Arrival::default()
        }
    }
}

/// One call in progress: its epoch and the offset of its region in the area.
#[derive(Clone, Copy, Debug)]
struct Call {
    e: u64,
    region: usize,
}

/// Stack buffer of the reduction kernels (no allocation on any path).
#[repr(C, align(64))]
struct Block([u64; 512]);

/// One member's handle on collectives over `set` with the sync area `area`.
///
/// Every member of the set must make the same sequence of calls on the same area (the spec's
/// rule; a member that does not is told so by the agreement round, or, when it never
/// arrives, by the launcher's deadlock report); non-members never write the area, and no
/// call reads or writes the memory of a PE outside the set.
#[derive(Clone, Copy, Debug)]
pub struct Coll<'a> {
    t: &'a ShmTransport,
    set: PeSet,
    me: usize,
    area: SyncArea,
    /// Member 0's copy of the area; member `i`'s is `step * i` bytes further (before it, for
    /// a set numbered downwards).
    base: *mut u8,
    step: isize,
    /// Whether the set is a team's: fixed when the team was made, so that every member names
    /// the same set with the same area ([`Coll::for_team`]). Read by the MPI transport only
    /// (and only there a field: the shared-memory paths keep their layout).
    #[cfg(feature = "mpi")]
    team: bool,
}

/// What the members published for one call, as [`agree::decide`] reads it.
struct View<'c, 'a> {
    coll: &'c Coll<'a>,
    call: Call,
}

impl agree::Published for View<'_, '_> {
    fn members(&self) -> usize {
        self.coll.n()
    }
    fn pe_of(&self, i: usize) -> usize {
        self.coll.pe(i)
    }
    fn status(&self, i: usize) -> agree::Status {
        let s = self.coll.status(&self.call, i);
        agree::Status {
            refused: s & REFUSED_BIT != 0,
            exact: s & EXACT_BIT != 0,
        }
    }
    fn hash(&self, i: usize) -> u64 {
        self.coll
            .word(i, self.call.region + SIGHASH)
            .load(Ordering::Relaxed)
    }
    fn detail(&self, i: usize, w: usize) -> u64 {
        self.coll
            .word(i, self.coll.detail(&self.call) + 8 * w)
            .load(Ordering::Relaxed)
    }
}

/// The outcome of a collect from every member's count and target length (member `i` is world
/// PE `pe(i)`): the total, or, when it exceeds some member's target, that member's
/// [`Error::OutOfBounds`] (wrapped in [`Error::Refused`] unless it holds for every member).
/// Every member computes it from the same words, so all decide alike.
fn collect_total(
    members: usize,
    count: impl Fn(usize) -> usize,
    lens: impl Fn(usize) -> usize,
    pe: impl Fn(usize) -> usize,
) -> Result<usize> {
    let total = (0..members).fold(0usize, |t, i| t.saturating_add(count(i)));
    let mut short = (0..members).filter(|&i| lens(i) < total);
    let Some(first) = short.next() else {
        return Ok(total);
    };
    let error = Error::OutOfBounds {
        start: 0,
        len: total,
        object_len: lens(first),
    };
    let same = short.count() + 1 == members && (0..members).all(|i| lens(i) == lens(0));
    Err(if same {
        error
    } else {
        Error::Refused {
            pe: pe(first),
            source: Box::new(error),
        }
    })
}

/// A collect's target (`target_bytes` at symmetric offset `target`, once every member's count
/// is known) must not overlap its source (`source_bytes` at `source`): members read each
/// other's source while their targets fill, so an overlap gives a silent wrong result. Both
/// offsets are part of the call's signature and the total is computed alike everywhere, so
/// every member decides alike. (The Rust API cannot pass overlapping objects but a static's
/// target; the C API can.)
fn collect_apart(
    target: usize,
    target_bytes: usize,
    source: usize,
    source_bytes: usize,
) -> Result<()> {
    let overlaps = target_bytes != 0
        && source_bytes != 0
        && source < target.saturating_add(target_bytes)
        && target < source.saturating_add(source_bytes);
    if overlaps {
        return Err(Error::TargetSourceOverlap {
            target_offset: target,
            source_offset: source,
        });
    }
    Ok(())
}

/// `n * size`, or the refusal of a count whose bytes overflow.
fn byte_len(n: usize, size: usize) -> (usize, Option<Refusal>) {
    match n.checked_mul(size) {
        Some(b) => (b, None),
        None => (
            0,
            Some(Refusal::OutOfBounds {
                start: 0,
                len: n,
                object_len: 0,
            }),
        ),
    }
}

impl<'a> Coll<'a> {
    /// This PE's handle on `set` with `area`; `None` if this PE is not a member.
    ///
    /// # Panics
    /// If `area` does not fit in the partition (the typed layer allocates it).
    pub fn new(t: &'a ShmTransport, set: PeSet, area: SyncArea) -> Option<Coll<'a>> {
        let me = set.index_of(t.my_pe())?;
        assert!(area.offset.is_multiple_of(LINE), "misaligned sync area");
        assert!(set.bounds().1 < t.n_pes());
        // The first and the last member's copies are inside the mapping (checked here);
        // partitions are contiguous and equally sized, so every member's copy in between is.
        let base = t.ptr(set.pe(0), area.offset, area.bytes());
        let _ = t.ptr(set.pe(set.size() - 1), area.offset, area.bytes());
        let partition = isize::try_from(t.segment().partition_size()).expect("a mapping");
        let step = set.stride() * partition;
        Some(Coll {
            t,
            set,
            me,
            area,
            base,
            step,
            #[cfg(feature = "mpi")]
            team: false,
        })
    }

    /// [`Coll::new`] for a team: `set` is the team's members and `area` its own sync area,
    /// which every member of the team names alike (the team split agreed on both), unlike an
    /// active set, which each call names anew. In a multi-node MPI job a team's collectives
    /// may then meet in MPI collectives from their first step (`collectives/net.rs`).
    pub fn for_team(t: &'a ShmTransport, set: PeSet, area: SyncArea) -> Option<Coll<'a>> {
        #[cfg(feature = "mpi")]
        return Coll::new(t, set, area).map(|c| Coll { team: true, ..c });
        #[cfg(not(feature = "mpi"))]
        Coll::new(t, set, area)
    }

    /// The set.
    pub fn set(&self) -> PeSet {
        self.set
    }

    /// This PE's index in the set.
    pub fn index(&self) -> usize {
        self.me
    }

    /// The sync area.
    pub fn area(&self) -> SyncArea {
        self.area
    }

    #[inline]
    fn n(&self) -> usize {
        self.set.size()
    }

    #[inline]
    fn pe(&self, i: usize) -> usize {
        self.set.pe(i)
    }

    #[inline]
    fn my_pe(&self) -> usize {
        self.set.pe(self.me)
    }

    /// The synchronization word at offset `rel` of member `i`'s copy of the area.
    #[inline]
    fn word(&self, i: usize, rel: usize) -> &'a AtomicU64 {
        assert!(i < self.set.size() && rel + 8 <= self.area.bytes() && rel.is_multiple_of(8));
        let p = self
            .base
            .wrapping_offset(i as isize * self.step + rel as isize)
            .cast::<u64>();
        // SAFETY: member `i`'s copy of the area lies inside the mapping (see `new`), and `rel
        // + 8` is inside the area (asserted); `p` is 8-aligned (the area is 128-aligned in a
        // page-aligned partition); sync words are accessed only atomically while the area is
        // in use (it is cleared before it is published), and the mapping outlives the
        // transport borrowed for `'a`.
        unsafe { AtomicU64::from_ptr(p) }
    }

    /// Pointer to `len` bytes at `off` on `pe` (bounds-checked).
    #[inline]
    fn at(&self, pe: usize, off: usize, len: usize) -> *mut u8 {
        self.t.ptr(pe, off, len)
    }

    /// Copies `len` bytes from `off_src` on `pe_src` to `off_dst` on `pe_dst`. The calling
    /// algorithm guarantees that nobody writes either range meanwhile.
    #[inline]
    fn copy(
        &self,
        (pe_src, off_src): (usize, usize),
        (pe_dst, off_dst): (usize, usize),
        len: usize,
    ) {
        if len == 0 {
            return;
        }
        let s = self.at(pe_src, off_src, len);
        let d = self.at(pe_dst, off_dst, len);
        // SAFETY: both ranges are inside the segment (checked by `at`); `within_segment` is a
        // memmove with volatile accesses (module `copy`).
        unsafe { copy::within_segment(d, s, len) };
    }

    /// Symmetric offset of the staged data of `call` (in every member's copy).
    #[inline]
    fn staged(&self, call: &Call) -> usize {
        self.area.offset + call.region + REGION_HEAD
    }

    /// Area-relative offset of the detail block of `call`'s region.
    #[inline]
    fn detail(&self, call: &Call) -> usize {
        call.region + self.area.detail()
    }

    /// This member's call counter on the area: the epoch of its last call here (0 when
    /// fresh).
    pub fn call_count(&self) -> u64 {
        self.word(self.me, COUNTER).load(Ordering::Relaxed)
    }

    /// Sets this member's call counter on the area (its private word), so that one area can
    /// carry several sequences of calls: the C API moves a user `pSync` between active sets
    /// by keeping each set's count, with the set encoded in the high bits, and restoring it
    /// when the set comes back. Every member of the next call must set the same value, and it
    /// must differ from every word the members' copies hold from other sequences (the
    /// encoding does that): the waits compare for equality, so a stale word of another
    /// sequence is never taken for an arrival. A wrong value makes members wait for each
    /// other in different calls (the launcher's deadlock report), never undefined behaviour.
    pub fn set_call_count(&self, count: u64) {
        self.word(self.me, COUNTER).store(count, Ordering::Relaxed);
    }

    /// Takes the next epoch of this area.
    #[inline]
    fn begin(&self) -> Call {
        let c = self.word(self.me, COUNTER);
        let e = c.load(Ordering::Relaxed) + 1;
        c.store(e, Ordering::Relaxed);
        Call {
            e,
            region: HEAD + (e as usize & 1) * self.area.region,
        }
    }

    /// A signature for this set and area.
    #[inline]
    fn sig<T>(&self, kind: Kind, op: u8) -> Sig {
        Sig::new(
            kind,
            op,
            size_of::<T>(),
            type_hash::<T>(),
            self.set,
            self.area.offset,
        )
    }

    /// The signature of a data collective of `kind` (operator `op`) moving `n` elements of
    /// `T` from `source` to `target`.
    #[inline]
    fn data_sig<T>(&self, kind: Kind, op: u8, target: usize, source: usize, n: usize) -> Sig {
        self.sig::<T>(kind, op)
            .with(agree::TARGET, target)
            .with(agree::SOURCE, source)
            .with(agree::N, n)
    }

    /// Writes the `SHMEM_DEBUG` record of a call as it arrives.
    #[cold]
    fn log_call(&self, call: &Call, sig: &Sig) {
        crate::log::record(
            self.t.my_pe(),
            format_args!(
                "{} (call #{} on its sync area)",
                sig.describe(self.set),
                call.e
            ),
        );
    }

    /// The agreement round (module `agree`): publishes `sig`, the [`Arrival`] (this member's
    /// refusal if any, its value and info words, whether it staged: `stage` runs only then,
    /// and only without a refusal) and its arrival; waits until every member has arrived;
    /// returns what every member decides from the same words.
    ///
    /// The detail block (signature, refusal) is written first, in a line of its own that the
    /// others read only on the error path; the stores to the arrival line come in one burst,
    /// right after the staging copy: a peer polling that line takes it away between two
    /// bursts, and each burst then costs a round trip to win it back.
    ///
    /// The data collectives each pass their own staging closure: a shared helper around this
    /// call (even `#[inline(always)]`) measured 5–14 % slower on 2-PE one-element reductions,
    /// fcollects and broadcasts (`bench/ab.sh 16 "2"`).
    #[inline]
    fn round(&self, call: &Call, sig: Sig, arrival: Arrival, stage: impl FnOnce()) -> Result<()> {
        let Arrival {
            refusal,
            staged,
            value,
            info,
            exact,
        } = arrival;
        let debug = crate::log::level();
        if debug >= 2 || (debug == 1 && sig.kind() == Some(Kind::Split)) {
            self.log_call(call, &sig);
        }
        let detail = self.detail(call);
        for (k, &w) in sig.0.iter().enumerate() {
            self.word(self.me, detail + 8 * k)
                .store(w, Ordering::Relaxed);
        }
        self.word(self.me, detail + 8 * agree::INFO)
            .store(info, Ordering::Relaxed);
        let code = refusal.map_or([0; 5], |r| r.encode());
        for (k, &w) in code.iter().enumerate() {
            if k == 0 || refusal.is_some() {
                self.word(self.me, detail + 8 * (agree::REFUSAL + k))
                    .store(w, Ordering::Relaxed);
            }
        }
        let staged = staged && refusal.is_none();
        if staged {
            stage();
        }
        let status = if refusal.is_some() {
            REFUSED_BIT
        } else if staged {
            STAGED_BIT
        } else {
            0
        } | if exact { EXACT_BIT } else { 0 };
        self.word(self.me, call.region + VALUE)
            .store(value, Ordering::Relaxed);
        self.word(self.me, call.region + SIGHASH)
            .store(sig.hash(), Ordering::Relaxed);
        self.word(self.me, call.region + STATUS)
            .store(status, Ordering::Relaxed);
        self.publish(call.region + EPOCH, call.e, true, sig.0[agree::KIND]);
        agree::decide(&View {
            coll: self,
            call: *call,
        })
    }

    #[inline]
    fn status(&self, call: &Call, i: usize) -> u64 {
        self.word(i, call.region + STATUS).load(Ordering::Relaxed)
    }

    /// Whether member `i` staged its contribution to `call` (after the arrival wait).
    #[inline]
    fn staged_by(&self, call: &Call, i: usize) -> bool {
        self.status(call, i) & STAGED_BIT != 0
    }

    /// Member `i`'s value word for `call` (after the arrival wait).
    #[inline]
    fn value_of(&self, call: &Call, i: usize) -> u64 {
        self.word(i, call.region + VALUE).load(Ordering::Relaxed)
    }

    /// Whether this member should stage `bytes` (a local choice: the members learn each
    /// other's choices from the arrival, so they never need to agree beforehand). Staging
    /// saves the second synchronization round of the direct path, but costs a copy and moves
    /// more cache lines; a round is cheap (a few line transfers) when every PE has a CPU, and
    /// costs context switches when PEs outnumber CPUs. `readers`: how many members read the
    /// staged copy (the cost grows with them: `budget = bytes * readers`).
    #[inline]
    fn want_staged(&self, bytes: usize, readers: usize) -> bool {
        stage(
            self.t,
            bytes,
            bytes.saturating_mul(readers),
            self.area.capacity(),
        )
    }

    /// Stores `e` into this member's word at `off`; with `wait`, returns once every member's
    /// word has reached `e`. A waiting member wakes the others' sleepers once it has seen
    /// every word at `e`, one that does not wait right after its store (module docs).
    ///
    /// A waiting member polls *before* its SeqCst fence, so that the transfer of its own line
    /// to the others and its reads of theirs overlap; it fences (and rings) once it has seen
    /// the condition hold. That is enough: a sleeper X registered itself, fenced and still
    /// missed some member Z's word; Z waits too, so Z eventually sees the condition, and its
    /// fence must follow X's in the SeqCst order (else X would have seen Z's word), so Z sees
    /// X's registration and rings. A member that does not wait fences right after its store
    /// and rings, as the writer side of `wait.rs` does (the same argument, with Z's fence
    /// right after its store).
    ///
    /// `what`: the signature's kind word, published with the wait site if this member sleeps
    /// (deadlock diagnosis).
    #[inline]
    fn publish(&self, off: usize, e: u64, wait: bool, what: u64) {
        self.word(self.me, off).store(e, Ordering::Release);
        if wait {
            if !self.reached(off, e) {
                self.wait_reached(off, e, what);
            }
            fence(Ordering::SeqCst);
            self.ring_others();
        } else {
            // Ring whoever sleeps, without first checking that every member's word is there:
            // that check would read the other members' lines (a cache miss each) on this
            // member's way out, and a sleeper woken early re-checks and sleeps again.
            fence(Ordering::SeqCst);
            self.ring_others();
        }
    }

    /// Waits until every member's word at `off` has reached `e`. When the set is every PE of
    /// the job, the waiter knows which members share its CPU and spins instead of yielding
    /// while all of them have arrived ([`wait::wait_until_with_mates`]); a smaller set waits
    /// with the plain policy, because a PE outside the set on this CPU may need it.
    #[cold]
    fn wait_reached(&self, off: usize, e: u64, what: u64) {
        let policy = self.t.policy();
        let slot = self.t.segment().slot(self.my_pe());
        let site = WaitSite::collective(
            what,
            agree::pack_set(self.set),
            (self.area.offset + off) as u64,
            e,
        );
        let waiter = wait::Waiter::new(&slot.doorbell.0, &slot.wait.0, site);
        match policy.colocation {
            Some(c) if self.n() == self.t.n_pes() => {
                let cpu = self.my_pe() % c;
                wait::wait_until_with_mates(
                    policy,
                    waiter,
                    || self.reached(off, e),
                    || {
                        (0..self.n())
                            .filter(|&i| self.pe(i) % c == cpu)
                            .all(|i| self.word(i, off).load(Ordering::Relaxed) == e)
                    },
                );
            }
            _ => wait::wait_until(policy, waiter, || self.reached(off, e)),
        }
    }

    /// Rings the doorbell of every other member that has a sleeper (after a SeqCst fence).
    #[inline]
    fn ring_others(&self) {
        let seg = self.t.segment();
        for i in 0..self.n() {
            if i != self.me {
                wait::ring_after_fence(&seg.slot(self.pe(i)).doorbell.0);
            }
        }
    }

    /// Whether every member's word at `off` is `e`. Equality, not `>= e`: while a member
    /// waits at `e`, no other member's word can be past `e` (module docs: it would have to
    /// return from `e + 1`, which needs this member's arrival there), so the two agree within
    /// one sequence of calls, and equality also refuses a stale word of another sequence on
    /// the same area ([`Coll::set_call_count`]).
    #[inline]
    fn reached(&self, off: usize, e: u64) -> bool {
        (0..self.n()).all(|i| self.word(i, off).load(Ordering::Acquire) == e)
    }

    /// Publishes the end of this member's direct accesses; `wait`: until every member is done.
    fn done(&self, call: &Call, wait: bool, what: u64) {
        self.publish(DONE, call.e, wait, what);
    }

    // --------------------------------------------------------------------------------------
    // the collectives

    /// `shmem_sync` / `shmem_team_sync`: returns once every member has called it. Use
    /// [`Transport::quiet`] first for `shmem_barrier`.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] when the members' calls differ (another collective, set or
    /// area); the refusal's error when `refusal` is given here or elsewhere (module `agree`).
    pub fn sync(&self, refusal: Option<Refusal>) -> Result<()> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_agree(net, self.sig::<()>(Kind::Sync, 0), refusal);
        }
        let call = self.begin();
        let sig = self.sig::<()>(Kind::Sync, 0);
        self.round(&call, sig, Arrival::data(refusal, false), || {})
    }

    /// An agreement round for a team split of this set (`start`, `stride`, `size` of the new
    /// team, `xrange` of a 2-d split, 0 otherwise).
    ///
    /// # Errors
    /// As [`Coll::sync`].
    pub(crate) fn agree_split(
        &self,
        start: usize,
        stride: isize,
        size: usize,
        xrange: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let sig = self
            .sig::<()>(Kind::Split, 0)
            .with(agree::N, size)
            .with(agree::P1, start)
            .with(agree::P2, stride.cast_unsigned())
            .with(agree::P3, xrange);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_agree(net, sig, refusal);
        }
        let call = self.begin();
        self.round(&call, sig, Arrival::data(refusal, false), || {})
    }

    /// An exact agreement round with a caller-made signature (allocations and frees of team
    /// blocks: `runtime.rs`): every member compares every member's whole signature.
    ///
    /// # Errors
    /// As [`Coll::sync`].
    pub(crate) fn agree(&self, sig: Sig) -> Result<()> {
        self.agree_value(sig, None, 0, true).map(drop)
    }

    /// An agreement round in which every member also publishes `value`; on agreement, the
    /// smallest and the largest of the members' values (allocations: the offsets their heaps
    /// propose, `runtime.rs`). The values are not compared: they may differ. With `exact`,
    /// every member compares every member's full signature, not only the hashes (module
    /// `agree`): the round is exact when any member asks for it.
    ///
    /// # Errors
    /// As [`Coll::sync`].
    pub(crate) fn agree_value(
        &self,
        sig: Sig,
        refusal: Option<Refusal>,
        value: u64,
        exact: bool,
    ) -> Result<(u64, u64)> {
        let mut range = (u64::MAX, 0);
        self.agree_values(sig, refusal, value, exact, |_, v| {
            range = (range.0.min(v), range.1.max(v));
        })?;
        Ok(range)
    }

    /// [`Coll::agree_value`], handing every member's value to `each` (member number, value)
    /// in member order, on agreement: the values an allocation whose size each member
    /// chooses needs (`Runtime::agree_sizes`).
    ///
    /// # Errors
    /// As [`Coll::sync`]; `each` is not called then.
    pub(crate) fn agree_values(
        &self,
        sig: Sig,
        refusal: Option<Refusal>,
        value: u64,
        exact: bool,
        mut each: impl FnMut(usize, u64),
    ) -> Result<()> {
        let arrival = Arrival {
            refusal,
            staged: false,
            value,
            info: 0,
            exact,
        };
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_agree_values(net, sig, arrival, each);
        }
        let call = self.begin();
        self.round(&call, sig, arrival, || {})?;
        for i in 0..self.n() {
            each(i, self.value_of(&call, i));
        }
        Ok(())
    }

    /// Reduction of `n` elements with `O`: `target[k] = source_0[k] op source_1[k] op ...` on
    /// every member (`shmem_<op>_to_all`, `shmem_<op>_reduce`). `target` may equal `source`
    /// (in place); other overlaps are excluded by the typed layer.
    ///
    /// Staged when every member staged its vector (each member then combines all of them
    /// into its own target); otherwise direct: member `m` combines chunk `m` of every
    /// member's source and writes it into every member's target.
    ///
    /// # Errors
    /// On every member, with nothing written: [`Error::ArgumentMismatch`] when the members do
    /// not agree on the set, area, objects, `n`, the operator or the element type; the
    /// refusal's error when a member refused (module `agree`).
    pub fn reduce<T: Pod, O: ReduceOp<T>>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_reduce::<T, O>(net, target, source, n, refusal);
        }
        let size = size_of::<T>();
        let (bytes, overflow) = byte_len(n, size);
        let refusal = refusal.or(overflow);
        let call = self.begin();
        let me = self.my_pe();
        // every member reads every staged vector: the small budget is for all of them
        let staged = self.want_staged(bytes, self.n());
        let sig = self.data_sig::<T>(Kind::Reduce, O::ID, target, source, n);
        self.round(&call, sig, Arrival::data(refusal, staged), || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        })?;
        let what = sig.0[agree::KIND];
        if (0..self.n()).all(|i| self.staged_by(&call, i)) {
            // combine the staged vectors, in member order, into this member's own target
            let off = self.staged(&call);
            self.combine::<T, O>(|i| (self.pe(i), off), 0, n, 1, |_| (me, target));
            return Ok(());
        }
        // Direct: member `me` owns elements lo..hi (whole lines, so no two members write the
        // same line of a target) and writes them into every member's target.
        let per_line = (LINE / size).max(1);
        let chunk = n.div_ceil(per_line).div_ceil(self.n()) * per_line;
        let lo = (self.me * chunk).min(n);
        let hi = (lo + chunk).min(n);
        let s = self.n();
        self.combine::<T, O>(
            |i| (self.pe(i), source),
            lo,
            hi,
            s,
            |j| (self.pe((self.me + 1 + j) % s), target),
        );
        self.done(&call, true, what);
        Ok(())
    }

    /// Combines elements `lo..hi` of member `i`'s array at `src(i)` (in member order) and
    /// writes the result to the `ndst` arrays `dst(j)`. Works in chunks of one stack block:
    /// each member's chunk is copied in (volatile, module `copy`), folded in local memory,
    /// and the result copied out.
    #[inline]
    fn combine<T: Pod, O: ReduceOp<T>>(
        &self,
        src: impl Fn(usize) -> (usize, usize),
        lo: usize,
        hi: usize,
        ndst: usize,
        dst: impl Fn(usize) -> (usize, usize),
    ) {
        let size = size_of::<T>();
        assert!(std::mem::align_of::<T>() <= std::mem::align_of::<Block>() && size > 0);
        let mut acc_block = MaybeUninit::<Block>::uninit();
        let mut tmp_block = MaybeUninit::<Block>::uninit();
        let acc_base = acc_block.as_mut_ptr().cast::<T>();
        let tmp_base = tmp_block.as_mut_ptr().cast::<T>();
        let room = size_of::<Block>() / size;
        let mut at = lo;
        while at < hi {
            let len = (hi - at).min(room);
            let bytes = len * size;
            let (p0, o0) = src(0);
            let s0 = self.at(p0, o0 + at * size, bytes);
            // SAFETY: `s0` is `bytes` bytes of the segment (checked), `acc_base` has room for
            // `room * size >= bytes` bytes of this frame; nobody writes the source during the
            // call (protocol).
            unsafe { copy::from_segment(acc_base.cast::<u8>(), s0, bytes) };
            // SAFETY: the first `len` elements were just written (any bytes are a valid
            // `T: Pod`); `acc_base` is aligned for `T` (asserted above) and the block is ours.
            let acc = unsafe { std::slice::from_raw_parts_mut(acc_base, len) };
            for i in 1..self.n() {
                let (p, o) = src(i);
                let s = self.at(p, o + at * size, bytes);
                // SAFETY: `s` is `len` elements of the segment (checked), not written during
                // the call (protocol).
                if unsafe { copy::fold_from_segment(acc, s, O::apply) } {
                    continue;
                }
                // SAFETY: as for `s0`, into the second block.
                unsafe { copy::from_segment(tmp_base.cast::<u8>(), s, bytes) };
                // SAFETY: as for `acc`; the two blocks are distinct.
                let tmp = unsafe { std::slice::from_raw_parts(tmp_base, len) };
                for (a, &b) in acc.iter_mut().zip(tmp) {
                    *a = O::apply(*a, b);
                }
            }
            for j in 0..ndst {
                let (p, o) = dst(j);
                let d = self.at(p, o + at * size, bytes);
                // SAFETY: `d` is `bytes` bytes of the segment (checked); no other PE accesses
                // this range of the target during the call (each element has one writer);
                // `acc` is local memory.
                unsafe { copy::to_segment(d, acc.as_ptr().cast::<u8>(), bytes) };
            }
            at += len;
        }
    }

    /// Scan (prefix reduction) of `n` elements with `O` (`shmem_<op>_inscan`,
    /// `shmem_<op>_exscan`): on member `k`, `target[i] = source_0[i] op ... op source_k[i]`,
    /// or, when `exclusive`, the same over members `0..k` (the identity of `O` on member 0).
    /// `target` may equal `source` (in place); other overlaps are excluded by the typed
    /// layer. Contributions are combined in member order, as [`Coll::reduce`] combines them,
    /// so the last member's inclusive scan is bit for bit the reduction.
    ///
    /// The reduction's two paths and its agreement round: staged when every member staged
    /// its vector (member `k` then folds the staged vectors of members `0..=k` into its own
    /// target); otherwise direct: member `m` owns chunk `m` (whole lines), runs the prefix
    /// over every member's source chunk in member order and writes each member's target
    /// chunk as it goes (each member's source chunk is read before its target chunk is
    /// written, so in place is fine), then the "done" round.
    ///
    /// # Errors
    /// As [`Coll::reduce`] (a scan and a reduction, or an inclusive and an exclusive scan, are
    /// different calls: [`Error::ArgumentMismatch`]).
    pub fn scan<T: Pod, O: ScanOp<T>>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        exclusive: bool,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let kind = if exclusive {
            Kind::Exscan
        } else {
            Kind::Inscan
        };
        let sig = self.data_sig::<T>(kind, O::ID, target, source, n);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_scan::<T, O>(net, sig, target, source, n, exclusive, refusal);
        }
        let size = size_of::<T>();
        let (bytes, overflow) = byte_len(n, size);
        let refusal = refusal.or(overflow);
        let call = self.begin();
        let me = self.my_pe();
        // as for a reduction: the members read up to every staged vector
        let staged = self.want_staged(bytes, self.n());
        self.round(&call, sig, Arrival::data(refusal, staged), || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        })?;
        if (0..self.n()).all(|i| self.staged_by(&call, i)) {
            let off = self.staged(&call);
            self.prefix::<T, O>(
                |i| (self.pe(i), off),
                (0, n),
                self.me,
                exclusive,
                |k| (k == self.me).then_some((me, target)),
            );
            return Ok(());
        }
        let per_line = (LINE / size).max(1);
        let chunk = n.div_ceil(per_line).div_ceil(self.n()) * per_line;
        let lo = (self.me * chunk).min(n);
        let hi = (lo + chunk).min(n);
        self.prefix::<T, O>(
            |i| (self.pe(i), source),
            (lo, hi),
            self.n() - 1,
            exclusive,
            |k| Some((self.pe(k), target)),
        );
        self.done(&call, true, sig.0[agree::KIND]);
        Ok(())
    }

    /// The prefix kernel of [`Coll::scan`]: for elements `lo..hi`, folds member `i`'s array
    /// at `src(i)` for `i = 0..=last`, in member order, and writes into `dst(k)` (where it is
    /// `Some`) the fold of members `0..=k`, or of `0..k` when `exclusive` (the identity for
    /// `k = 0`). Member `k`'s array is read before `dst(k)` is written. Works in chunks of one
    /// stack block, as [`Coll::combine`].
    #[inline]
    fn prefix<T: Pod, O: ScanOp<T>>(
        &self,
        src: impl Fn(usize) -> (usize, usize),
        (lo, hi): (usize, usize),
        last: usize,
        exclusive: bool,
        dst: impl Fn(usize) -> Option<(usize, usize)>,
    ) {
        let size = size_of::<T>();
        assert!(std::mem::align_of::<T>() <= std::mem::align_of::<Block>() && size > 0);
        let mut acc_block = MaybeUninit::<Block>::uninit();
        let mut tmp_block = MaybeUninit::<Block>::uninit();
        let acc_base = acc_block.as_mut_ptr().cast::<T>();
        let tmp_base = tmp_block.as_mut_ptr().cast::<T>();
        let room = size_of::<Block>() / size;
        let mut at = lo;
        while at < hi {
            let len = (hi - at).min(room);
            let bytes = len * size;
            let put = |k: usize, from: *const T| {
                if let Some((p, o)) = dst(k) {
                    let d = self.at(p, o + at * size, bytes);
                    // SAFETY: `d` is `bytes` bytes of the segment (checked); no other PE
                    // accesses this range of member `k`'s target during the call (one writer
                    // per element); `from` is `len` elements of one of this frame's blocks.
                    unsafe { copy::to_segment(d, from.cast::<u8>(), bytes) };
                }
            };
            let identity = |buf: *mut T| {
                for j in 0..len {
                    // SAFETY: `j < len <= room`: inside one of this frame's blocks, aligned for
                    // `T` (asserted above).
                    unsafe { buf.add(j).write(O::identity()) };
                }
            };
            for k in 0..=last {
                // Member `k`'s contribution is read before its target is written (in place,
                // they are the same elements); the exclusive scan never needs the last one.
                let read = !(exclusive && k == last);
                if read {
                    let (p, o) = src(k);
                    let s = self.at(p, o + at * size, bytes);
                    if k == 0 || exclusive {
                        let into = if k == 0 { acc_base } else { tmp_base };
                        // SAFETY: `s` is `bytes` bytes of the segment (checked), not written
                        // during the call before this read (protocol, and the order above);
                        // each block has room for `room * size >= bytes` bytes.
                        unsafe { copy::from_segment(into.cast::<u8>(), s, bytes) };
                    } else {
                        // SAFETY: the first `len` elements of the acc block were written at
                        // `k = 0` (any bytes are a valid `T: Pod`); aligned (asserted above).
                        let acc = unsafe { std::slice::from_raw_parts_mut(acc_base, len) };
                        // SAFETY: `s` is `len` elements of the segment (checked), not written
                        // while it is read.
                        if !unsafe { copy::fold_from_segment(acc, s, O::apply) } {
                            // SAFETY: as above, into the tmp block.
                            unsafe { copy::from_segment(tmp_base.cast::<u8>(), s, bytes) };
                            // SAFETY: just written; the two blocks are distinct.
                            let tmp = unsafe { std::slice::from_raw_parts(tmp_base, len) };
                            for (a, &b) in acc.iter_mut().zip(tmp) {
                                *a = O::apply(*a, b);
                            }
                        }
                    }
                }
                if !exclusive {
                    put(k, acc_base);
                } else if k == 0 {
                    identity(tmp_base);
                    put(0, tmp_base);
                } else {
                    put(k, acc_base);
                    if read {
                        // SAFETY: both blocks hold `len` elements (the acc block since
                        // `k = 0`, the tmp block from this member's read); distinct blocks.
                        let (acc, tmp) = unsafe {
                            (
                                std::slice::from_raw_parts_mut(acc_base, len),
                                std::slice::from_raw_parts(tmp_base, len),
                            )
                        };
                        for (a, &b) in acc.iter_mut().zip(tmp) {
                            *a = O::apply(*a, b);
                        }
                    }
                }
            }
            at += len;
        }
    }

    /// `shmem_broadcast`: the `n` elements at `source` of the member that is world PE
    /// `root_pe` go to `target` on every other member; the root's own target is written too
    /// when `write_root` (the team form, OpenSHMEM 1.5) and left alone otherwise (the
    /// active-set form).
    ///
    /// # Errors
    /// As [`Coll::reduce`]; a `root_pe` that is not a member is refused
    /// ([`Error::InvalidRoot`]).
    pub fn broadcast<T: Pod>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        root_pe: usize,
        write_root: bool,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let set = self.set;
        let (root, bad_root) = match set.index_of(root_pe) {
            Some(i) => (i, None),
            None => (
                usize::MAX,
                Some(Refusal::InvalidRoot {
                    root: root_pe,
                    set: (set.start(), set.stride(), set.size()),
                }),
            ),
        };
        let size = size_of::<T>();
        let (bytes, overflow) = byte_len(n, size);
        let refusal = refusal.or(bad_root).or(overflow);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            let sig = self
                .data_sig::<T>(Kind::Broadcast, u8::from(write_root), target, source, n)
                .with(agree::P1, root);
            return self.net_broadcast(net, sig, target, source, bytes, root, write_root, refusal);
        }
        let call = self.begin();
        let me = self.my_pe();
        let is_root = self.me == root;
        let stage = is_root && self.want_staged(bytes, self.n());
        let sig = self
            .data_sig::<T>(Kind::Broadcast, u8::from(write_root), target, source, n)
            .with(agree::P1, root);
        self.round(&call, sig, Arrival::data(refusal, stage), || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        })?;
        let what = sig.0[agree::KIND];
        if is_root && write_root {
            self.copy((me, source), (me, target), bytes);
        }
        let root_pe = self.pe(root);
        if self.staged_by(&call, root) {
            if !is_root {
                self.copy((root_pe, self.staged(&call)), (me, target), bytes);
            }
        } else if is_root {
            self.done(&call, true, what);
        } else {
            self.copy((root_pe, source), (me, target), bytes);
            self.done(&call, false, what);
        }
        Ok(())
    }

    /// Where member `i`'s contribution to `call` is: its staged copy or, if it did not stage,
    /// its `source` (this member's own is always read from its source).
    #[inline]
    fn from(&self, call: &Call, i: usize, source: usize) -> (usize, usize) {
        if i != self.me && self.staged_by(call, i) {
            (self.pe(i), self.staged(call))
        } else {
            (self.pe(i), source)
        }
    }

    /// Ends a call in which every member read every other's contribution: if any member did
    /// not stage, readers publish that they are done, and that member waits for all of them.
    fn finish_reads(&self, call: &Call, staged: bool, what: u64) {
        if (0..self.n()).any(|i| !self.staged_by(call, i)) {
            self.done(call, !staged, what);
        }
    }

    /// `shmem_fcollect`: every member's `n` elements at `source` are concatenated in member
    /// order into `target` (`n * size` elements) on every member.
    ///
    /// # Errors
    /// As [`Coll::reduce`].
    pub fn fcollect<T: Pod>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_fcollect::<T>(net, target, source, n, refusal);
        }
        let (bytes, overflow) = byte_len(n, size_of::<T>());
        let refusal = refusal.or(overflow);
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(bytes, self.n());
        let sig = self.data_sig::<T>(Kind::Fcollect, 0, target, source, n);
        self.round(&call, sig, Arrival::data(refusal, stage), || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        })?;
        for k in 0..self.n() {
            let i = (self.me + k) % self.n();
            self.copy(self.from(&call, i, source), (me, target + i * bytes), bytes);
        }
        self.finish_reads(&call, stage, sig.0[agree::KIND]);
        Ok(())
    }

    /// `shmem_collect`: every member contributes its own number of elements (`n` here); they
    /// are concatenated in member order into `target` (of `target_len` elements on this
    /// member) on every member. Returns the total.
    ///
    /// # Errors
    /// As [`Coll::reduce`]; when the total exceeds some member's target, every member gets
    /// that member's [`Error::OutOfBounds`] (wrapped in [`Error::Refused`] unless it holds for
    /// every member) and no target is written.
    pub fn collect<T: Pod>(
        &self,
        target: usize,
        target_len: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<usize> {
        let sig = self
            .sig::<T>(Kind::Collect, 0)
            .with(agree::TARGET, target)
            .with(agree::SOURCE, source);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_collect::<T>(net, sig, target, target_len, source, n, refusal);
        }
        let size = size_of::<T>();
        let (bytes, overflow) = byte_len(n, size);
        let refusal = refusal.or(overflow);
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(bytes, self.n());
        let arrival = Arrival {
            refusal,
            staged: stage,
            value: n as u64,
            info: target_len as u64,
            exact: false,
        };
        self.round(&call, sig, arrival, || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        })?;
        let count = |i: usize| self.value_of(&call, i) as usize;
        // Every member checks every member's target, so all decide alike (a collect is rare
        // enough that reading each member's detail line costs nothing that matters).
        let detail = self.detail(&call) + 8 * agree::INFO;
        let lens = |i: usize| self.word(i, detail).load(Ordering::Relaxed) as usize;
        let result = collect_total(self.n(), count, lens, |i| self.pe(i)).and_then(|total| {
            collect_apart(target, total.saturating_mul(size), source, bytes).map(|()| total)
        });
        if let Ok(total) = result {
            let mut at = 0;
            for i in 0..self.n() {
                let c = count(i);
                self.copy(
                    self.from(&call, i, source),
                    (me, target + at * size),
                    c * size,
                );
                at += c;
            }
            debug_assert_eq!(at, total);
        }
        if result.is_ok() {
            self.finish_reads(&call, stage, sig.0[agree::KIND]);
        }
        result
    }

    /// `shmem_alltoall`: block `j` (`n` elements) of member `i`'s source goes to block `i` of
    /// member `j`'s target.
    ///
    /// # Errors
    /// As [`Coll::reduce`].
    pub fn alltoall<T: Pod>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_alltoall::<T>(net, target, source, n, refusal);
        }
        let (block, overflow) = byte_len(n, size_of::<T>());
        let (all, overflow2) = byte_len(block, self.n());
        let refusal = refusal.or(overflow).or(overflow2);
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(all, 1);
        let sig = self.data_sig::<T>(Kind::Alltoall, 0, target, source, n);
        self.round(&call, sig, Arrival::data(refusal, stage), || {
            self.copy((me, source), (me, self.staged(&call)), all)
        })?;
        for k in 0..self.n() {
            let i = (self.me + k) % self.n();
            let (pe, off) = self.from(&call, i, source);
            self.copy((pe, off + self.me * block), (me, target + i * block), block);
        }
        self.finish_reads(&call, stage, sig.0[agree::KIND]);
        Ok(())
    }

    /// `shmem_alltoalls`: element `k` of block `j` of member `i`'s source, at element index
    /// `(j * n + k) * sst`, goes to element `(i * n + k) * dst` of member `j`'s target.
    /// (A staged source is packed, stride 1.)
    ///
    /// # Errors
    /// As [`Coll::reduce`].
    pub fn alltoalls<T: Pod>(
        &self,
        target: usize,
        dst: usize,
        source: usize,
        sst: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.t.net() {
            return self.net_alltoalls::<T>(net, target, dst, source, sst, n, refusal);
        }
        let size = size_of::<T>();
        let s = self.n();
        let (total, overflow) = byte_len(n, s);
        let (all, overflow2) = byte_len(total, size);
        let refusal = refusal.or(overflow).or(overflow2);
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(all, 1);
        let staged_at = self.staged(&call);
        let sig = self
            .data_sig::<T>(Kind::Alltoalls, 0, target, source, n)
            .with(agree::P1, sst)
            .with(agree::P2, dst);
        self.round(&call, sig, Arrival::data(refusal, stage), || {
            for x in 0..total {
                self.copy(
                    (me, source + x * sst * size),
                    (me, staged_at + x * size),
                    size,
                );
            }
        })?;
        for k in 0..s {
            let i = (self.me + k) % s;
            let packed = i != self.me && self.staged_by(&call, i);
            for x in 0..n {
                let from = if packed {
                    (self.pe(i), staged_at + (self.me * n + x) * size)
                } else {
                    (self.pe(i), source + (self.me * n + x) * sst * size)
                };
                self.copy(from, (me, target + (i * n + x) * dst * size), size);
            }
        }
        self.finish_reads(&call, stage, sig.0[agree::KIND]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets() {
        let s = PeSet::new(1, 2, 3, 6).unwrap();
        assert_eq!((0..3).map(|i| s.pe(i)).collect::<Vec<_>>(), [1, 3, 5]);
        assert_eq!(s.index_of(3), Some(1));
        assert_eq!(s.index_of(4), None);
        assert_eq!(s.index_of(0), None);
        assert_eq!(s.index_of(7), None);
        assert!(PeSet::new(1, 2, 3, 5).is_none());
        assert!(PeSet::new(0, 1, 0, 5).is_none());
        assert!(PeSet::new(0, 0, 2, 5).is_none());
        assert_eq!(PeSet::new(4, 0, 1, 5), PeSet::new(4, 8, 1, 5));
        assert!(PeSet::new(usize::MAX, 2, 2, 5).is_none());
        assert!(PeSet::new(0, isize::MAX, 3, 5).is_none());
        let w = PeSet::world(8);
        let odd = w.subset(1, 2, 4).unwrap();
        assert_eq!(odd, PeSet::new(1, 2, 4, 8).unwrap());
        let sub = odd.subset(1, 2, 2).unwrap();
        assert_eq!((0..2).map(|i| sub.pe(i)).collect::<Vec<_>>(), [3, 7]);
        assert!(odd.subset(1, 2, 3).is_none());
    }

    #[test]
    fn layout() {
        assert_eq!(area_bytes(SYNC_ONLY_CAPACITY), 3 * LINE + 2 * DETAIL_SPAN);
        let a = SyncArea::new(0, DATA_CAPACITY);
        assert!(a.capacity() >= DATA_CAPACITY);
        assert_eq!(a.bytes(), area_bytes(DATA_CAPACITY));
        assert!(a.detail() >= REGION_HEAD + a.capacity());
        assert_eq!(
            team_area(0, 1).offset - team_area(0, 0).offset,
            area_bytes(TEAM_CAPACITY)
        );
        assert_eq!(std::mem::size_of::<TeamPool>(), TEAM_POOL_BYTES);
    }

    #[test]
    fn operators_fold_like_the_spec() {
        assert_eq!(<And as ReduceOp<u8>>::apply(0b1100, 0b1010), 0b1000);
        assert_eq!(<Or as ReduceOp<i16>>::apply(0b1100, 0b1010), 0b1110);
        assert_eq!(<Xor as ReduceOp<u64>>::apply(0b1100, 0b1010), 0b0110);
        assert_eq!(<Sum as ReduceOp<i8>>::apply(120, 10), -126);
        assert_eq!(<Prod as ReduceOp<u8>>::apply(16, 17), 16);
        assert_eq!(<Min as ReduceOp<f64>>::apply(1.5, -2.0), -2.0);
        assert_eq!(<Max as ReduceOp<i32>>::apply(-1, -7), -1);
        assert_eq!(<Sum as ScanOp<i64>>::identity(), 0);
        assert_eq!(<Sum as ScanOp<f64>>::identity().to_bits(), 0.0f64.to_bits());
        let (a, b) = (Complex32::new(1.0, 1.0), Complex32::new(2.0, -1.0));
        assert_eq!(<Prod as ReduceOp<_>>::apply(a, b), Complex32::new(3.0, 1.0));
        assert_eq!(<Sum as ReduceOp<_>>::apply(a, b), Complex32::new(3.0, 0.0));
        assert_eq!(
            <Sum as ScanOp<Complex64>>::identity(),
            Complex64::new(0.0, 0.0)
        );
    }
}
