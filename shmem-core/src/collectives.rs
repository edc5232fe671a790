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
//! # The sync area
//!
//! ```text
//! +0    head line:   done word (offset 0), this PE's call counter (offset 64, private)
//! +128  region 0:    epoch | nelems | param | param2 | tag | staged | data (capacity bytes)
//! +128+R region 1:   the same, used by calls with odd epochs
//! ```
//!
//! Every PE keeps a *call counter* in its own copy of the area; a call takes the next value
//! `e` as its epoch and uses region `e % 2`. Synchronization words only ever grow: a member
//! *arrives* by storing `e` into its region's epoch word, and waits until every member's word
//! at the same offset is `>= e`. Nothing is reset to a `SYNC_VALUE`, so nothing has to be
//! restored before the next call.
//!
//! # Why back-to-back reuse is correct without a barrier
//!
//! The protocol keeps one invariant: **no member returns from call `e` before it has seen
//! every member arrive at `e`.** Hence when any member starts call `e + 2`, it has returned
//! from `e + 1`, so every member had arrived at `e + 1`, so every member had returned from
//! `e`. Region `e % 2` (its epoch word, arguments and staged data) is therefore free for reuse
//! at `e + 2`, and a waiter of call `e` can never see the word move past `e` before it has
//! stopped looking. Two areas alternated (the seed page's pattern) are two independent
//! sequences with the same property. A member may be at most one call ahead of another, so a
//! waiter for `>= e` cannot be fooled by a stale value (`e - 2`) either.
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
//! Arguments that the spec requires to be equal on every member (element counts, roots,
//! strides, the collective and element type) travel with the arrival and are compared by
//! every member: a mismatch is the same `Error::ArgumentMismatch` on every member, before any
//! data moved.
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

use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering, fence};

use bytemuck::{Pod, Zeroable};

use crate::error::{Error, Result};
use crate::segment::LINE;
use crate::shm::ShmTransport;
use crate::transport::Transport;
use crate::wait;

// ------------------------------------------------------------------------------------------
// sets of PEs

/// A set of PEs in arithmetic progression, in world PE numbers: `start, start + stride, ...`,
/// `size` of them. Both active sets and teams are `PeSet`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PeSet {
    start: usize,
    stride: usize,
    size: usize,
}

impl PeSet {
    /// The set `start + i * stride` for `i < size`, if `size > 0`, `stride > 0` (any stride is
    /// accepted for a one-PE set) and the last PE is below `n_pes`.
    pub fn new(start: usize, stride: usize, size: usize, n_pes: usize) -> Option<PeSet> {
        if size == 0 {
            return None;
        }
        let stride = if size == 1 { 1 } else { stride };
        if stride == 0 {
            return None;
        }
        let last = (size - 1).checked_mul(stride)?.checked_add(start)?;
        (last < n_pes).then_some(PeSet {
            start,
            stride,
            size,
        })
    }

    /// Every PE of a job of `n_pes`.
    pub fn world(n_pes: usize) -> PeSet {
        PeSet {
            start: 0,
            stride: 1,
            size: n_pes,
        }
    }

    /// First PE.
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// Distance between consecutive members (1 for a one-PE set).
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Number of members.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// World PE number of member `i`.
    #[inline]
    pub fn pe(&self, i: usize) -> usize {
        debug_assert!(i < self.size);
        self.start + i * self.stride
    }

    /// Index of world PE `pe` in the set, if it is a member.
    #[inline]
    pub fn index_of(&self, pe: usize) -> Option<usize> {
        let d = pe.checked_sub(self.start)?;
        if self.stride == 1 {
            return (d < self.size).then_some(d);
        }
        (d % self.stride == 0 && d / self.stride < self.size).then_some(d / self.stride)
    }

    /// The members with indices `start, start + stride, ...` (`size` of them) of this set, if
    /// they exist.
    pub fn subset(&self, start: usize, stride: usize, size: usize) -> Option<PeSet> {
        let inner = PeSet::new(start, stride, size, self.size)?;
        Some(PeSet {
            start: self.pe(inner.start),
            stride: inner.stride.checked_mul(self.stride)?,
            size,
        })
    }
}

// ------------------------------------------------------------------------------------------
// layout

const DONE: usize = 0;
const COUNTER: usize = 64;
const HEAD: usize = LINE;
const EPOCH: usize = 0;
const AUX: usize = 8;
const STAGED: usize = 40;
/// Bytes of a region before its data: epoch, four argument words, the staged flag.
pub const REGION_HEAD: usize = 48;

const fn region_bytes(capacity: usize) -> usize {
    (REGION_HEAD + capacity).next_multiple_of(LINE)
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

/// Environment variable that overrides the staging choice: `auto` (default), `always`
/// (stage whatever fits), `never`, or `mixed` (odd PEs never stage, the others choose as in
/// `auto`). Every setting gives the same results; the variable exists to measure and test
/// each path.
pub const ENV_STAGING: &str = "SHMEM_COLLECTIVE_STAGING";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Staging {
    Auto,
    Always,
    Never,
    Mixed,
}

fn staging() -> Staging {
    static S: std::sync::OnceLock<Staging> = std::sync::OnceLock::new();
    *S.get_or_init(|| match std::env::var(ENV_STAGING).as_deref() {
        Ok("always") => Staging::Always,
        Ok("never") => Staging::Never,
        Ok("mixed") => Staging::Mixed,
        _ => Staging::Auto,
    })
}

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
        && match staging() {
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
    /// spans [`area_bytes`]`(capacity)` bytes.
    pub const fn new(offset: usize, capacity: usize) -> SyncArea {
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
        self.region - REGION_HEAD
    }

    /// Zeroes this PE's copy of the area. Only for a fresh area, before the synchronization
    /// that publishes it (e.g. inside a collective allocation): no PE may be using it.
    pub fn clear_local(&self, t: &ShmTransport) {
        let p = t.ptr(t.my_pe(), self.offset, self.bytes());
        // SAFETY: `p` is valid for `bytes()` bytes (checked by `ptr`); the caller guarantees
        // that no PE accesses the area until a later synchronization orders this write.
        unsafe { std::ptr::write_bytes(p, 0, self.bytes()) };
    }
}

// ------------------------------------------------------------------------------------------
// reduction operators

/// Integer element types: the bitwise operators are defined on them.
pub trait IntegerElem: Pod {
    /// `a & b`
    fn bit_and(a: Self, b: Self) -> Self;
    /// `a | b`
    fn bit_or(a: Self, b: Self) -> Self;
    /// `a ^ b`
    fn bit_xor(a: Self, b: Self) -> Self;
}

/// Arithmetic element types (integers and floats): sum, product, min, max.
pub trait ArithElem: Pod + PartialOrd {
    /// `a + b`, wrapping for integers.
    fn sum(a: Self, b: Self) -> Self;
    /// `a * b`, wrapping for integers.
    fn prod(a: Self, b: Self) -> Self;
}

/// An associative reduction operator on `T`. Members combine contributions in member order,
/// `((x0 op x1) op x2) ...`, so every member gets bit-identical results (floats included).
pub trait ReduceOp<T>: 'static {
    /// Identifies the operator in argument checks.
    const ID: u8;
    /// `a op b`.
    fn apply(a: T, b: T) -> T;
}

/// Bitwise and.
#[derive(Debug)]
pub enum And {}
/// Bitwise or.
#[derive(Debug)]
pub enum Or {}
/// Bitwise exclusive or.
#[derive(Debug)]
pub enum Xor {}
/// Sum (wrapping for integers).
#[derive(Debug)]
pub enum Sum {}
/// Product (wrapping for integers).
#[derive(Debug)]
pub enum Prod {}
/// Minimum (`b < a ? b : a`).
#[derive(Debug)]
pub enum Min {}
/// Maximum (`b > a ? b : a`).
#[derive(Debug)]
pub enum Max {}

impl<T: IntegerElem> ReduceOp<T> for And {
    const ID: u8 = 1;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_and(a, b)
    }
}
impl<T: IntegerElem> ReduceOp<T> for Or {
    const ID: u8 = 2;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_or(a, b)
    }
}
impl<T: IntegerElem> ReduceOp<T> for Xor {
    const ID: u8 = 3;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_xor(a, b)
    }
}
impl<T: ArithElem> ReduceOp<T> for Sum {
    const ID: u8 = 4;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::sum(a, b)
    }
}
impl<T: ArithElem> ReduceOp<T> for Prod {
    const ID: u8 = 5;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::prod(a, b)
    }
}
impl<T: ArithElem> ReduceOp<T> for Min {
    const ID: u8 = 6;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        if b < a { b } else { a }
    }
}
impl<T: ArithElem> ReduceOp<T> for Max {
    const ID: u8 = 7;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        if b > a { b } else { a }
    }
}

macro_rules! integer_elems {
    ($($t:ty),*) => {$(
        impl IntegerElem for $t {
            #[inline(always)]
            fn bit_and(a: $t, b: $t) -> $t { a & b }
            #[inline(always)]
            fn bit_or(a: $t, b: $t) -> $t { a | b }
            #[inline(always)]
            fn bit_xor(a: $t, b: $t) -> $t { a ^ b }
        }
        impl ArithElem for $t {
            #[inline(always)]
            fn sum(a: $t, b: $t) -> $t { a.wrapping_add(b) }
            #[inline(always)]
            fn prod(a: $t, b: $t) -> $t { a.wrapping_mul(b) }
        }
    )*};
}
integer_elems!(
    i8, u8, i16, u16, i32, u32, i64, u64, i128, u128, isize, usize
);

macro_rules! float_elems {
    ($($t:ty),*) => {$(
        impl ArithElem for $t {
            #[inline(always)]
            fn sum(a: $t, b: $t) -> $t { a + b }
            #[inline(always)]
            fn prod(a: $t, b: $t) -> $t { a * b }
        }
    )*};
}
float_elems!(f32, f64);

// ------------------------------------------------------------------------------------------
// one member's view of a collective

/// What a call is, published with its arrival (`tag` word).
#[derive(Clone, Copy)]
#[repr(u8)]
enum Kind {
    Sync = 1,
    Reduce = 2,
    Broadcast = 3,
    Collect = 4,
    Fcollect = 5,
    Alltoall = 6,
    Alltoalls = 7,
}

fn tag(kind: Kind, op: u8, elem: usize) -> u64 {
    kind as u64 | u64::from(op) << 8 | (elem as u64) << 16
}

/// Name of the tag word in argument-mismatch errors.
const TAG_WHAT: &str = "collective (operation and element size)";

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
/// rule); non-members never touch it, and no call reads or writes the memory of a PE outside
/// the set.
#[derive(Clone, Copy, Debug)]
pub struct Coll<'a> {
    t: &'a ShmTransport,
    set: PeSet,
    me: usize,
    area: SyncArea,
    /// Member 0's copy of the area; member `i`'s is `step * i` bytes further.
    base: *mut u8,
    step: usize,
}

impl<'a> Coll<'a> {
    /// This PE's handle on `set` with `area`; `None` if this PE is not a member.
    ///
    /// # Panics
    /// If `area` does not fit in the partition (the typed layer allocates it).
    pub fn new(t: &'a ShmTransport, set: PeSet, area: SyncArea) -> Option<Coll<'a>> {
        let me = set.index_of(t.my_pe())?;
        assert!(area.offset.is_multiple_of(LINE), "misaligned sync area");
        // The first and the last member's copies are inside the mapping (checked here);
        // partitions are contiguous and equally sized, so every member's copy in between is.
        let base = t.ptr(set.pe(0), area.offset, area.bytes());
        let _ = t.ptr(set.pe(set.size - 1), area.offset, area.bytes());
        let step = set.stride * t.segment().partition_size();
        Some(Coll {
            t,
            set,
            me,
            area,
            base,
            step,
        })
    }

    /// The set.
    pub fn set(&self) -> PeSet {
        self.set
    }

    /// This PE's index in the set.
    pub fn index(&self) -> usize {
        self.me
    }

    #[inline]
    fn n(&self) -> usize {
        self.set.size
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
        assert!(i < self.set.size && rel + 8 <= self.area.bytes() && rel.is_multiple_of(8));
        let p = self.base.wrapping_add(i * self.step + rel).cast::<u64>();
        // SAFETY: member `i`'s copy of the area lies inside the mapping (see `new`), and `rel
        // + 8` is inside the area (asserted); `p` is 8-aligned (the area is 128-aligned in a
        // page-aligned partition); sync words are only ever accessed atomically once the
        // area is in use, and the mapping outlives the transport borrowed for `'a`.
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
        // SAFETY: both ranges are inside the segment (checked by `at`); they are distinct
        // symmetric objects or identical (`copy` is memmove, so either is fine); the
        // algorithm's synchronization guarantees no PE writes them during the copy.
        unsafe { std::ptr::copy(s, d, len) };
    }

    /// Symmetric offset of the staged data of `call` (in every member's copy).
    #[inline]
    fn staged(&self, call: &Call) -> usize {
        self.area.offset + call.region + REGION_HEAD
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

    /// Stages this member's contribution (`stage`, run only if `staged`), publishes the
    /// call's arguments, whether it staged, and its arrival; then waits until every member
    /// has arrived. The stores to the header line come in one burst, right after the staging
    /// copy: a peer polling that line takes it away between two bursts, and each burst then
    /// costs a round trip to win it back.
    #[inline]
    fn arrive(&self, call: &Call, aux: [u64; 4], staged: bool, stage: impl FnOnce()) {
        if staged {
            stage();
        }
        for (k, &v) in aux.iter().enumerate() {
            self.word(self.me, call.region + AUX + 8 * k)
                .store(v, Ordering::Relaxed);
        }
        self.word(self.me, call.region + STAGED)
            .store(u64::from(staged), Ordering::Relaxed);
        self.publish(call.region + EPOCH, call.e, true);
    }

    /// Whether member `i` staged its contribution to `call` (after the arrival wait).
    #[inline]
    fn staged_by(&self, call: &Call, i: usize) -> bool {
        self.word(i, call.region + STAGED).load(Ordering::Relaxed) != 0
    }

    /// Whether this member should stage `bytes` (a local choice: the members learn each
    /// other's choices from the arrival, so they never need to agree beforehand). Staging
    /// saves the second synchronization round of the direct path, but costs a copy and moves
    /// more cache lines; a round is cheap (a few line transfers) when every PE has a CPU, and
    /// costs context switches when PEs outnumber CPUs. `readers`: how many members read the
    /// staged copy (the cost grows with them: `budget = bytes * readers`).
    #[inline]
    fn want_staged(&self, bytes: usize, readers: usize) -> bool {
        stage(self.t, bytes, bytes * readers, self.area.capacity())
    }

    /// Compares the published arguments of every member; `what[k]` names argument `k`
    /// (`None`: not compared). The tag (argument 3) is reported first.
    fn check(&self, call: &Call, aux: [u64; 4], what: [Option<&'static str>; 4]) -> Result<()> {
        for i in 0..self.n() {
            let theirs = [0, 1, 2, 3].map(|k| {
                self.word(i, call.region + AUX + 8 * k)
                    .load(Ordering::Relaxed)
            });
            if theirs == aux {
                continue;
            }
            for k in [3, 0, 1, 2] {
                if let Some(what) = what[k]
                    && theirs[k] != aux[k]
                {
                    return Err(Error::ArgumentMismatch {
                        what,
                        mine: aux[k] as usize,
                        other_pe: self.pe(i),
                        theirs: theirs[k] as usize,
                    });
                }
            }
        }
        Ok(())
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
    #[inline]
    fn publish(&self, off: usize, e: u64, wait: bool) {
        self.word(self.me, off).store(e, Ordering::Release);
        if wait {
            if !self.reached(off, e) {
                self.wait_reached(off, e);
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
    fn wait_reached(&self, off: usize, e: u64) {
        let policy = self.t.policy();
        let bell = &self.t.segment().slot(self.my_pe()).doorbell.0;
        match policy.colocation {
            Some(c) if self.n() == self.t.n_pes() => {
                let cpu = self.my_pe() % c;
                wait::wait_until_with_mates(
                    policy,
                    bell,
                    || self.reached(off, e),
                    || {
                        (0..self.n())
                            .filter(|&i| self.pe(i) % c == cpu)
                            .all(|i| self.word(i, off).load(Ordering::Relaxed) >= e)
                    },
                );
            }
            _ => self.t.wait_for(|| self.reached(off, e)),
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

    #[inline]
    fn reached(&self, off: usize, e: u64) -> bool {
        (0..self.n()).all(|i| self.word(i, off).load(Ordering::Acquire) >= e)
    }

    /// Publishes the end of this member's direct accesses; `wait`: until every member is done.
    fn done(&self, call: &Call, wait: bool) {
        self.publish(DONE, call.e, wait);
    }

    // --------------------------------------------------------------------------------------
    // the collectives

    /// `shmem_sync` / `shmem_team_sync`: returns once every member has called it. Use
    /// [`Transport::quiet`] first for `shmem_barrier`.
    pub fn sync(&self) {
        let call = self.begin();
        self.arrive(&call, [0, 0, 0, tag(Kind::Sync, 0, 0)], false, || {});
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
    /// [`Error::ArgumentMismatch`] (on every member, nothing written) when the members do not
    /// agree on `n`, the operator or the element size.
    pub fn reduce<T: Pod, O: ReduceOp<T>>(
        &self,
        target: usize,
        source: usize,
        n: usize,
    ) -> Result<()> {
        let size = size_of::<T>();
        let bytes = n * size;
        let call = self.begin();
        let me = self.my_pe();
        // every member reads every staged vector: the small budget is for all of them
        let staged = stage(self.t, bytes, bytes * self.n(), self.area.capacity());
        let aux = [n as u64, 0, 0, tag(Kind::Reduce, O::ID, size)];
        self.arrive(&call, aux, staged, || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        });
        self.check(&call, aux, [Some("nreduce"), None, None, Some(TAG_WHAT)])?;
        if (0..self.n()).all(|i| self.staged_by(&call, i)) {
            // combine the staged vectors, in member order, into this member's own target
            let off = self.staged(&call);
            self.copy((self.pe(0), off), (me, target), bytes);
            if n > 0 {
                let dst = self.at(me, target, bytes).cast::<T>();
                for i in 1..self.n() {
                    let src = self.at(self.pe(i), off, bytes).cast::<T>();
                    // SAFETY: both ranges are `n` elements inside the segment (checked by
                    // `at`); the target is this member's own, written by nobody else during
                    // the call, and it is distinct from the staged copies, which nobody writes
                    // before every member has arrived at the next call (module docs).
                    unsafe { fold_raw::<T, O>(dst, src, n) };
                }
            }
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
        self.done(&call, true);
        Ok(())
    }

    /// Combines elements `lo..hi` of member `i`'s array at `src(i)` (in member order) and
    /// writes the result to the `ndst` arrays `dst(j)`.
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
        let mut block = std::mem::MaybeUninit::<Block>::uninit();
        let base = block.as_mut_ptr().cast::<T>();
        let room = size_of::<Block>() / size;
        let mut at = lo;
        while at < hi {
            let len = (hi - at).min(room);
            let bytes = len * size;
            let (p0, o0) = src(0);
            let s0 = self.at(p0, o0 + at * size, bytes);
            // SAFETY: `s0` is valid for `bytes` bytes (checked), `base` for `room * size >=
            // bytes` bytes of this stack frame; the source is not written during the call
            // (protocol).
            unsafe { std::ptr::copy_nonoverlapping(s0, base.cast::<u8>(), bytes) };
            // SAFETY: the first `len` elements were just initialized (any bytes are a valid
            // `T: Pod`), `base` is aligned for `T` (asserted above) and the buffer is ours.
            let acc = unsafe { std::slice::from_raw_parts_mut(base, len) };
            for i in 1..self.n() {
                let (p, o) = src(i);
                let s = self.at(p, o + at * size, bytes).cast::<T>();
                // SAFETY: `s` is valid for `len` elements (checked by `at`) and not written
                // during the call (protocol).
                unsafe { fold_into::<T, O>(acc, s) };
            }
            for j in 0..ndst {
                let (p, o) = dst(j);
                let d = self.at(p, o + at * size, bytes);
                // SAFETY: `d` is valid for `bytes` bytes (checked); no other PE accesses this
                // range of the target during the call (each element has one writer); `acc`
                // is local memory.
                unsafe { std::ptr::copy_nonoverlapping(acc.as_ptr().cast::<u8>(), d, bytes) };
            }
            at += len;
        }
    }

    /// `shmem_broadcast`: member `root`'s `n` elements at `source` go to `target` on every
    /// other member; the root's own target is written too when `write_root` (the team form,
    /// OpenSHMEM 1.5) and left alone otherwise (the active-set form).
    ///
    /// # Errors
    /// [`Error::InvalidRoot`] when `root` is not a member index (before anything happens);
    /// [`Error::ArgumentMismatch`] when the members disagree on `n`, `root` or the element size.
    pub fn broadcast<T: Pod>(
        &self,
        target: usize,
        source: usize,
        n: usize,
        root: usize,
        write_root: bool,
    ) -> Result<()> {
        if root >= self.n() {
            return Err(Error::InvalidRoot {
                root,
                size: self.n(),
            });
        }
        let size = size_of::<T>();
        let bytes = n * size;
        let call = self.begin();
        let me = self.my_pe();
        let is_root = self.me == root;
        let stage = is_root && self.want_staged(bytes, self.n());
        let aux = [n as u64, root as u64, 0, tag(Kind::Broadcast, 0, size)];
        self.arrive(&call, aux, stage, || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        });
        self.check(
            &call,
            aux,
            [Some("nelems"), Some("root"), None, Some(TAG_WHAT)],
        )?;
        if is_root && write_root {
            self.copy((me, source), (me, target), bytes);
        }
        let root_pe = self.pe(root);
        if self.staged_by(&call, root) {
            if !is_root {
                self.copy((root_pe, self.staged(&call)), (me, target), bytes);
            }
        } else if is_root {
            self.done(&call, true);
        } else {
            self.copy((root_pe, source), (me, target), bytes);
            self.done(&call, false);
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
    fn finish_reads(&self, call: &Call, staged: bool) {
        if (0..self.n()).any(|i| !self.staged_by(call, i)) {
            self.done(call, !staged);
        }
    }

    /// `shmem_fcollect`: every member's `n` elements at `source` are concatenated in member
    /// order into `target` (`n * size` elements) on every member.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] when the members disagree on `n` or the element size.
    pub fn fcollect<T: Pod>(&self, target: usize, source: usize, n: usize) -> Result<()> {
        let size = size_of::<T>();
        let bytes = n * size;
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(bytes, self.n());
        let aux = [n as u64, 0, 0, tag(Kind::Fcollect, 0, size)];
        self.arrive(&call, aux, stage, || {
            self.copy((me, source), (me, self.staged(&call)), bytes)
        });
        self.check(&call, aux, [Some("nelems"), None, None, Some(TAG_WHAT)])?;
        for k in 0..self.n() {
            let i = (self.me + k) % self.n();
            self.copy(self.from(&call, i, source), (me, target + i * bytes), bytes);
        }
        self.finish_reads(&call, stage);
        Ok(())
    }

    /// `shmem_collect`: every member contributes its own number of elements (`n` here); they
    /// are concatenated in member order into `target` on every member. Returns the total.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when the total exceeds `target_len` (this member's target is
    /// left alone; the call still completes its part of the protocol);
    /// [`Error::ArgumentMismatch`] when the members disagree on the element size.
    pub fn collect<T: Pod>(
        &self,
        target: usize,
        target_len: usize,
        source: usize,
        n: usize,
    ) -> Result<usize> {
        let size = size_of::<T>();
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(n * size, self.n());
        let aux = [n as u64, 0, 0, tag(Kind::Collect, 0, size)];
        self.arrive(&call, aux, stage, || {
            self.copy((me, source), (me, self.staged(&call)), n * size)
        });
        self.check(&call, aux, [None, None, None, Some(TAG_WHAT)])?;
        let count = |i: usize| self.word(i, call.region + AUX).load(Ordering::Relaxed) as usize;
        let total = (0..self.n()).fold(0usize, |t, i| t.saturating_add(count(i)));
        let result = if total > target_len {
            Err(Error::OutOfBounds {
                start: 0,
                len: total,
                object_len: target_len,
            })
        } else {
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
            Ok(total)
        };
        self.finish_reads(&call, stage);
        result
    }

    /// `shmem_alltoall`: block `j` (`n` elements) of member `i`'s source goes to block `i` of
    /// member `j`'s target.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] when the members disagree on `n` or the element size.
    pub fn alltoall<T: Pod>(&self, target: usize, source: usize, n: usize) -> Result<()> {
        let size = size_of::<T>();
        let block = n * size;
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(block * self.n(), 1);
        let aux = [n as u64, 0, 0, tag(Kind::Alltoall, 0, size)];
        self.arrive(&call, aux, stage, || {
            self.copy((me, source), (me, self.staged(&call)), block * self.n())
        });
        self.check(&call, aux, [Some("nelems"), None, None, Some(TAG_WHAT)])?;
        for k in 0..self.n() {
            let i = (self.me + k) % self.n();
            let (pe, off) = self.from(&call, i, source);
            self.copy((pe, off + self.me * block), (me, target + i * block), block);
        }
        self.finish_reads(&call, stage);
        Ok(())
    }

    /// `shmem_alltoalls`: element `k` of block `j` of member `i`'s source, at element index
    /// `(j * n + k) * sst`, goes to element `(i * n + k) * dst` of member `j`'s target.
    /// (A staged source is packed, stride 1.)
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] when the members disagree on `n`, the strides or the element
    /// size.
    pub fn alltoalls<T: Pod>(
        &self,
        target: usize,
        dst: usize,
        source: usize,
        sst: usize,
        n: usize,
    ) -> Result<()> {
        let size = size_of::<T>();
        let s = self.n();
        let call = self.begin();
        let me = self.my_pe();
        let stage = self.want_staged(n * s * size, 1);
        let staged_at = self.staged(&call);
        let aux = [
            n as u64,
            sst as u64,
            dst as u64,
            tag(Kind::Alltoalls, 0, size),
        ];
        self.arrive(&call, aux, stage, || {
            for x in 0..n * s {
                self.copy(
                    (me, source + x * sst * size),
                    (me, staged_at + x * size),
                    size,
                );
            }
        });
        self.check(
            &call,
            aux,
            [Some("nelems"), Some("sst"), Some("dst"), Some(TAG_WHAT)],
        )?;
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
        self.finish_reads(&call, stage);
        Ok(())
    }
}

/// `acc[k] = O(acc[k], src[k])`.
///
/// # Safety
/// `src` must be valid for reads of `acc.len()` elements, and nobody may write them during the
/// call.
#[inline]
unsafe fn fold_into<T: Pod, O: ReduceOp<T>>(acc: &mut [T], src: *const T) {
    for (k, a) in acc.iter_mut().enumerate() {
        // SAFETY: `k < acc.len()`, inside the caller's readable range; unaligned reads make
        // no assumption about the staging offset.
        let b = unsafe { src.wrapping_add(k).read_unaligned() };
        *a = O::apply(*a, b);
    }
}

/// `dst[k] = O(dst[k], src[k])` for `k < n`.
///
/// # Safety
/// `dst` must be valid for reads and writes and `src` for reads of `n` elements, the ranges
/// must not overlap, and nobody else may write them during the call.
#[inline]
unsafe fn fold_raw<T: Pod, O: ReduceOp<T>>(dst: *mut T, src: *const T, n: usize) {
    for k in 0..n {
        let d = dst.wrapping_add(k);
        // SAFETY: `k < n`: inside the caller's ranges (unaligned access: no assumption about
        // the staging offset).
        let a = unsafe { d.read_unaligned() };
        // SAFETY: as above.
        let b = unsafe { src.wrapping_add(k).read_unaligned() };
        // SAFETY: as above.
        unsafe { d.write_unaligned(O::apply(a, b)) };
    }
}

/// The 8-byte synchronization word at symmetric `off` on `pe` (team pool bookkeeping).
#[inline]
fn word(t: &ShmTransport, pe: usize, off: usize) -> &AtomicU64 {
    let p = t.ptr(pe, off, 8).cast::<u64>();
    assert!(p.is_aligned(), "misaligned sync word");
    // SAFETY: in bounds (checked by `ptr`) and aligned (asserted); sync words are accessed
    // only atomically once an area is in use (`clear_local` runs before), and the mapping
    // lives as long as the transport borrowed here.
    unsafe { AtomicU64::from_ptr(p) }
}

// ------------------------------------------------------------------------------------------
// the team pool

/// Team sync areas in the pool; slot 0 is the world team's.
pub const TEAM_SLOTS: usize = 32;
/// Staging capacity of a team's sync area (contributions above it take the direct path).
pub const TEAM_CAPACITY: usize = 512 - REGION_HEAD;
const POOL_BITMAP: usize = 0;
const POOL_OR: usize = 8;
const POOL_STAGE: usize = LINE;
const POOL_MAX: usize = 3 * LINE;
const POOL_HEAD: usize = 5 * LINE;
const SLOT_BYTES: usize = area_bytes(TEAM_CAPACITY);
/// Bytes of the [`TeamPool`].
pub const TEAM_POOL_BYTES: usize = POOL_HEAD + TEAM_SLOTS * SLOT_BYTES;
const _: () = assert!(TEAM_POOL_BYTES.is_multiple_of(LINE) && TEAM_SLOTS <= 64);
const _: () =
    assert!(POOL_MAX + 8 * TEAM_SLOTS <= POOL_HEAD && POOL_STAGE + 8 * TEAM_SLOTS <= POOL_MAX);

/// The symmetric memory teams take their sync areas from: a header (this PE's bitmap of slots
/// in use, staging for the slot agreement) and [`TEAM_SLOTS`] sync areas. The `shmem` crate
/// places one in the symmetric statics of every PE, zeroed.
#[repr(C, align(128))]
#[derive(Clone, Copy, Pod, Zeroable)]
pub struct TeamPool([u64; TEAM_POOL_BYTES / 8]);

impl TeamPool {
    /// The initial (all zero) pool.
    pub const ZERO: TeamPool = TeamPool([0; TEAM_POOL_BYTES / 8]);
}

impl std::fmt::Debug for TeamPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamPool").finish_non_exhaustive()
    }
}

/// The sync area of team slot `slot` of the pool at symmetric offset `pool`.
pub fn team_area(pool: usize, slot: usize) -> SyncArea {
    assert!(slot < TEAM_SLOTS);
    SyncArea::new(pool + POOL_HEAD + slot * SLOT_BYTES, TEAM_CAPACITY)
}

/// Collective over the members of `parent`: agrees on `K` team slots that no member of
/// `parent` is using, and for each the epoch its new team starts after (the largest call
/// counter any member has for that slot, so stale words of an earlier team never satisfy a
/// wait of the new one). Every member gets the same answer.
///
/// # Errors
/// [`Error::TeamsExhausted`] on every member when fewer than `K` slots are free;
/// [`Error::ArgumentMismatch`] if the members' calls do not match.
pub fn team_reserve<const K: usize>(parent: &Coll<'_>, pool: usize) -> Result<[(usize, u64); K]> {
    let t = parent.t;
    let me = t.my_pe();
    for s in 0..TEAM_SLOTS {
        let c = word(t, me, team_area(pool, s).offset + COUNTER).load(Ordering::Relaxed);
        word(t, me, pool + POOL_STAGE + 8 * s).store(c, Ordering::Relaxed);
    }
    parent.reduce::<u64, Or>(pool + POOL_OR, pool + POOL_BITMAP, 1)?;
    parent.reduce::<u64, Max>(pool + POOL_MAX, pool + POOL_STAGE, TEAM_SLOTS)?;
    let used = word(t, me, pool + POOL_OR).load(Ordering::Relaxed) | 1;
    let mut out = [(0, 0); K];
    let mut found = 0;
    for s in 1..TEAM_SLOTS {
        if found < K && used & (1 << s) == 0 {
            let base = word(t, me, pool + POOL_MAX + 8 * s).load(Ordering::Relaxed);
            out[found] = (s, base);
            found += 1;
        }
    }
    if found < K {
        return Err(Error::TeamsExhausted {
            max: TEAM_SLOTS - 1,
        });
    }
    Ok(out)
}

/// Marks `slot` as used by this PE and starts its call counter at `base` (from
/// [`team_reserve`]).
pub fn team_claim(t: &ShmTransport, pool: usize, slot: usize, base: u64) {
    let me = t.my_pe();
    word(t, me, pool + POOL_BITMAP).fetch_or(1 << slot, Ordering::Relaxed);
    word(t, me, team_area(pool, slot).offset + COUNTER).store(base, Ordering::Relaxed);
}

/// Marks `slot` as free on this PE. Call after a sync of the team that used it.
pub fn team_release(t: &ShmTransport, pool: usize, slot: usize) {
    word(t, t.my_pe(), pool + POOL_BITMAP).fetch_and(!(1 << slot), Ordering::Relaxed);
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
        assert!(PeSet::new(0, usize::MAX, 3, 5).is_none());
        let w = PeSet::world(8);
        let odd = w.subset(1, 2, 4).unwrap();
        assert_eq!(odd, PeSet::new(1, 2, 4, 8).unwrap());
        let sub = odd.subset(1, 2, 2).unwrap();
        assert_eq!((0..2).map(|i| sub.pe(i)).collect::<Vec<_>>(), [3, 7]);
        assert!(odd.subset(1, 2, 3).is_none());
    }

    #[test]
    fn layout() {
        assert_eq!(area_bytes(SYNC_ONLY_CAPACITY), 3 * LINE);
        let a = SyncArea::new(0, DATA_CAPACITY);
        assert!(a.capacity() >= DATA_CAPACITY);
        assert_eq!(a.bytes(), area_bytes(DATA_CAPACITY));
        assert_eq!(team_area(0, 1).offset - team_area(0, 0).offset, SLOT_BYTES);
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
    }
}
