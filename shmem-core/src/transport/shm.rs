//! The shared-memory transport: every PE maps the whole segment, so a put is a `memcpy` into
//! the peer's partition and an atomic is a locked instruction on it.
//!
//! # Memory ordering (put / fence / quiet)
//!
//! * A put is a copy into the target partition; it is *complete* when the call returns (the
//!   stores are in this CPU's store buffer or cache, and cache coherence delivers them).
//! * `fence` is `atomic::fence(Release)` plus a compiler barrier: stores before it become
//!   visible to any PE before stores after it. A receiver that observes a later store (a flag,
//!   read with an Acquire load in `wait_until`) therefore observes the earlier data: the
//!   release fence / acquire load pair makes them happen-before.
//! * `quiet` is `atomic::fence(SeqCst)`: it also orders this PE's later *loads* after its
//!   earlier stores (store-load order, which TSO does not give without `mfence`), which is what
//!   "complete" means for a following get, atomic or barrier.
//! * Scalar puts (`p`) and gets (`g`) are single atomic stores/loads (Relaxed), so a flag
//!   written with `p` is never torn and forms a proper synchronizes-with edge with an Acquire
//!   wait; bulk puts and gets are volatile vector copies (module `copy`: why, and what a
//!   racing program can observe).
//! * Every put and atomic ends by *notifying* the target (SeqCst fence, then a check of its
//!   doorbell's sleeper count; see `wait.rs`). This is what lets a sleeping `wait_until` wake.

use std::sync::Arc;

use bytemuck::Pod;
use std::sync::atomic::{AtomicU64, Ordering, fence};

use crate::config::Settings;
use crate::copy;
use crate::pe_set::PeSet;
use crate::segment::{SHARED_BARRIER_PES, Segment};
use crate::serialized::{Local, Serialized};
use crate::transport::{AmoOp, AmoWord, Pending, PendingOp, Transport, Word};
use crate::wait::{self, WaitKind, WaitPolicy, WaitSite, Waiter};

/// Shared-memory transport over one mapped [`Segment`].
#[derive(Debug)]
pub struct ShmTransport {
    /// The way to other nodes in a multi-node MPI job (`transport/net`). Boxed: a pointer's
    /// width beside the fields every call reads. First, so that it drops (freeing its
    /// communicators) before this transport's reference to the segment, whose owner
    /// finalizes MPI.
    #[cfg(feature = "mpi")]
    net: Option<Box<crate::transport::net::Net>>,
    seg: Arc<Segment>,
    me: usize,
    n_pes: usize,
    policy: WaitPolicy,
    /// The job's configuration, read at init (collective staging, log level).
    settings: Settings,
    /// Local count of `barrier_all`/`sync_all` calls (the epoch this PE publishes).
    epoch: Local<std::cell::Cell<u64>>,
    /// One thread at a time (`SHMEM_THREAD_SERIALIZED`; see `new`).
    _serialized: Serialized,
}

impl ShmTransport {
    /// A transport for PE `me` of `seg`.
    ///
    /// # Safety
    /// Within this process, no segment byte may be accessed through two transports (or
    /// through a transport and anything else) concurrently unless every such access is
    /// atomic: the runtime makes exactly one transport per process (`Runtime::init`), used by
    /// one thread at a time; tests that run PEs as threads touch shared bytes with atomics
    /// only.
    pub(crate) unsafe fn new(
        seg: Arc<Segment>,
        me: usize,
        policy: WaitPolicy,
        settings: Settings,
    ) -> ShmTransport {
        let n_pes = seg.n_pes();
        assert!(me < n_pes);
        ShmTransport {
            seg,
            me,
            n_pes,
            policy,
            settings,
            epoch: Local::new(std::cell::Cell::new(0)),
            #[cfg(feature = "mpi")]
            net: None,
            _serialized: Serialized::default(),
        }
    }

    /// Gives a transport of a multi-node MPI job its way to the other nodes; waits then
    /// sleep at most [`crate::transport::net::NET_MAX_SLEEP`] at a time (writes from other nodes
    /// cannot wake a sleeper).
    #[cfg(feature = "mpi")]
    pub(crate) fn set_net(&mut self, net: crate::transport::net::Net) {
        self.policy.max_sleep = self
            .policy
            .max_sleep
            .min(crate::transport::net::NET_MAX_SLEEP);
        self.net = Some(Box::new(net));
    }

    /// The way to other nodes, in a multi-node MPI job.
    #[cfg(feature = "mpi")]
    #[inline(always)]
    pub(crate) fn net(&self) -> Option<&crate::transport::net::Net> {
        self.net.as_deref()
    }

    /// `Some(net)` when `pe` is on another node of a multi-node MPI job.
    #[cfg(feature = "mpi")]
    #[inline(always)]
    fn remote(&self, pe: usize) -> Option<&crate::transport::net::Net> {
        self.net.as_deref().filter(|n| !n.is_local(pe))
    }

    /// Whether `pe`'s partition is mapped into this process (`shmem_ptr` can reach it): every
    /// PE of the job, except those on other nodes of a multi-node MPI job.
    #[inline]
    pub fn maps(&self, pe: usize) -> bool {
        #[cfg(feature = "mpi")]
        if self.remote(pe).is_some() {
            return false;
        }
        pe < self.n_pes
    }

    /// Whether this process maps every PE's partition ([`ShmTransport::maps`] for all): every
    /// job but a multi-node MPI one.
    #[inline]
    pub fn maps_all(&self) -> bool {
        #[cfg(feature = "mpi")]
        if self.net.is_some() {
            return false;
        }
        true
    }

    /// The PEs whose partitions this process maps ([`ShmTransport::maps`]), as a set
    /// numbered upwards: every PE of the job, or this node's PEs in a multi-node MPI job.
    /// When a node's PEs are not evenly spaced in the world numbering (an irregular rank
    /// placement), they are no [`PeSet`], and the set is this PE alone: every PE of the node
    /// sees the same placement, so all of them decide alike.
    pub fn shared_set(&self) -> PeSet {
        PeSet::from_members(self.n_pes, |pe| self.maps(pe))
            .filter(|s| s.index_of(self.me).is_some())
            .unwrap_or_else(|| PeSet::new(self.me, 1, 1, self.n_pes).expect("this PE"))
    }

    /// The segment.
    pub fn segment(&self) -> &Arc<Segment> {
        &self.seg
    }

    /// The waiting policy.
    pub fn policy(&self) -> &WaitPolicy {
        &self.policy
    }

    /// The job's configuration, as read at init.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Rings `pe`'s doorbell if a thread of it sleeps (after a SeqCst fence).
    #[inline]
    pub fn notify(&self, pe: usize) {
        wait::notify(&self.seg.slot(pe).doorbell.0);
    }

    /// [`ShmTransport::notify`] after a write into `pe`'s partition, unless `pe` is this PE:
    /// the only thread of this PE that could sleep on its doorbell is the one using the
    /// runtime (`SHMEM_THREAD_SERIALIZED`), and it is busy writing, so a write into this PE's
    /// own memory has nobody to wake (and saves the fence: a `get` into a symmetric
    /// destination, a local `write`). To revisit with `SHMEM_THREAD_MULTIPLE`.
    #[inline(always)]
    fn wrote(&self, pe: usize) {
        if pe != self.me {
            self.notify(pe);
        }
    }

    /// Sets `len` bytes at `offset` in `pe`'s partition to `byte` (a put of one repeated
    /// byte; used to clear fresh symmetric objects before they are published).
    pub fn fill(&self, pe: usize, offset: usize, len: usize, byte: u8) {
        let dst = self.ptr(pe, offset, len);
        // SAFETY: `dst` is valid for `len` bytes of the segment (checked by `ptr`), written
        // with volatile stores (module `copy`).
        unsafe { copy::fill_segment(dst, byte, len) };
        self.wrote(pe);
    }

    /// `finalize`'s barrier: `barrier_all`, published as [`WaitKind::Finalize`] if this PE
    /// sleeps in it.
    pub fn finalize_barrier(&self) {
        self.barrier_impl(WaitKind::Finalize);
    }

    /// This PE's epoch of `barrier_all`/`sync_all` (calls so far).
    pub fn barrier_epoch(&self) -> u64 {
        self.epoch.get()
    }

    /// A waiter on this PE's data doorbell that publishes `site` while it sleeps.
    #[inline]
    pub fn waiter(&self, site: WaitSite) -> Waiter<'_> {
        let slot = self.seg.slot(self.me);
        Waiter::new(&slot.doorbell.0, &slot.wait.0, site)
    }

    /// Pointer to `len` bytes at `offset` in `pe`'s partition (bounds-checked).
    #[inline]
    pub fn ptr(&self, pe: usize, offset: usize, len: usize) -> *mut u8 {
        self.seg.partition_ptr(pe, offset, len)
    }

    /// `len` bytes at `offset` in `pe`'s partition, located: found and bounds-checked once
    /// here, accessed later with a check against the range only ([`LocatedRange`]).
    ///
    /// # Panics
    /// If the range lies outside `pe`'s partition (as [`ShmTransport::ptr`]).
    pub fn locate(&self, pe: usize, offset: usize, len: usize) -> LocatedRange<'_> {
        LocatedRange {
            t: self,
            pe,
            offset,
            ptr: self.ptr(pe, offset, len),
            len,
            mapped: self.maps(pe),
        }
    }

    /// [`Transport::copy`] for a caller that has located both ranges itself: the C API, whose
    /// address translation (`shmem-c`'s `State`) proves them and finds the pointers before it
    /// calls. The same copy and notification, without [`ShmTransport::ptr`]'s second check of
    /// each range.
    ///
    /// # Safety
    /// `dst` is `dst_offset` bytes into `dst_pe`'s partition of this transport's segment and
    /// `src` is `src_offset` bytes into `src_pe`'s (`segment().partition_ptr(pe, offset, len)`
    /// would return them), and both PEs and ranges pass that function's check: `dst_pe` and
    /// `src_pe` are below [`Transport::n_pes`], `dst_offset + len` and `src_offset + len` do
    /// not exceed [`Segment::partition_size`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub unsafe fn copy_located(
        &self,
        dst_pe: usize,
        dst_offset: usize,
        dst: *mut u8,
        src_pe: usize,
        src_offset: usize,
        src: *const u8,
        len: usize,
    ) {
        #[cfg(not(feature = "mpi"))]
        let _ = (dst_offset, src_offset);
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net
            && !(net.is_local(src_pe) && net.is_local(dst_pe))
        {
            // SAFETY: `src` and `dst` are the checked ranges of the two partitions; a local
            // one is memory of this node's segment, which MPI reads or writes like any buffer.
            unsafe {
                match (net.is_local(src_pe), net.is_local(dst_pe)) {
                    (true, _) => net.put(dst_pe, dst_offset, src, len),
                    (false, true) => {
                        net.get(src_pe, src_offset, dst, len);
                        self.wrote(dst_pe);
                    }
                    (false, false) => {
                        let mut tmp = vec![0u8; len];
                        net.get(src_pe, src_offset, tmp.as_mut_ptr(), len);
                        net.put(dst_pe, dst_offset, tmp.as_ptr(), len);
                    }
                }
            }
            return;
        }
        if dst_pe == src_pe {
            // SAFETY: both ranges are inside the mapping (caller); `within_segment` allows
            // them to overlap; no Rust reference points into the segment.
            unsafe { copy::within_segment(dst, src, len) };
        } else {
            // SAFETY: both ranges are inside the mapping (caller), in different partitions,
            // so disjoint; no Rust reference points into the segment.
            unsafe { copy::between_partitions(dst, src, len) };
        }
        self.wrote(dst_pe);
    }

    /// The short case of [`ShmTransport::copy_located`] alone (an aligned element of 1 to 16
    /// bytes between two PEs' partitions, and the notification), for a caller that keeps the
    /// rest out of line; returns whether it copied (otherwise nothing happened). A C call
    /// cannot hoist anything out of its caller's loop: with the long copies out of its body,
    /// it saves no registers.
    ///
    /// # Safety
    /// As [`ShmTransport::copy_located`].
    #[inline(always)]
    pub unsafe fn copy_located_short(
        &self,
        dst_pe: usize,
        dst: *mut u8,
        src_pe: usize,
        src: *const u8,
        len: usize,
    ) -> bool {
        #[cfg(feature = "mpi")]
        let shared = self.net.is_none();
        #[cfg(not(feature = "mpi"))]
        let shared = true;
        // SAFETY: both ranges are `len` bytes inside their partitions (caller), different
        // ones, so disjoint.
        if shared && dst_pe != src_pe && unsafe { copy::small_between_partitions(dst, src, len) } {
            self.wrote(dst_pe);
            return true;
        }
        false
    }

    /// [`Transport::put_word`] for a caller that has located the word itself (as
    /// [`ShmTransport::copy_located`]); its alignment is still asserted.
    ///
    /// # Safety
    /// `p` is `offset` bytes into `pe`'s partition, and `pe` and the word pass
    /// `partition_ptr`'s check, as for [`ShmTransport::copy_located`] with `len` of
    /// `size_of::<W>()`.
    #[inline(always)]
    pub unsafe fn put_word_at<W: Word>(&self, pe: usize, offset: usize, p: *mut W, v: W) {
        assert!(p.is_aligned(), "misaligned symmetric word");
        #[cfg(not(feature = "mpi"))]
        let _ = offset;
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            net.put_word(pe, offset, v);
            return;
        }
        // SAFETY: in bounds (caller) and aligned (asserted); words in the segment that are
        // used as flags are only accessed through these atomic accessors or whole copies,
        // which the API documents as a race the program must order with fence/quiet.
        unsafe { W::atomic_store(p, v, Ordering::Relaxed) };
        self.wrote(pe);
    }

    /// [`Transport::get_word`] for a caller that has located the word itself (as
    /// [`ShmTransport::put_word_at`]).
    ///
    /// # Safety
    /// As [`ShmTransport::put_word_at`].
    #[inline(always)]
    pub unsafe fn get_word_at<W: Word>(&self, pe: usize, offset: usize, p: *mut W) -> W {
        assert!(p.is_aligned(), "misaligned symmetric word");
        #[cfg(not(feature = "mpi"))]
        let _ = (pe, offset);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            return net.get_word(pe, offset);
        }
        // SAFETY: in bounds (caller) and aligned (asserted), as in `put_word_at`.
        unsafe { W::atomic_load(p, Ordering::Acquire) }
    }

    /// [`Transport::amo`] for a caller that has located the word itself (as
    /// [`ShmTransport::put_word_at`]).
    ///
    /// # Safety
    /// As [`ShmTransport::put_word_at`].
    #[inline(always)]
    pub unsafe fn amo_at<W: AmoWord>(
        &self,
        pe: usize,
        offset: usize,
        p: *mut W,
        op: AmoOp<W>,
    ) -> W {
        assert!(p.is_aligned(), "misaligned symmetric word");
        #[cfg(not(feature = "mpi"))]
        let _ = offset;
        // In a multi-node job every atomic goes through MPI, this node's too (`transport/net`:
        // all atomics on a location must be MPI operations to be atomic together).
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            let old = net.amo(pe, offset, op);
            if net.is_local(pe) && !matches!(op, AmoOp::Fetch) {
                self.notify(pe);
            }
            return old;
        }
        // The doorbell is found before the atomic: loads after a locked instruction wait for
        // it, and finding a slot is a chain of three loads (transport, segment, slots), which
        // a C call reloads every time; found first, only the sleeper count is read after it.
        // A fetch rings nothing. The atomic is a SeqCst read-modify-write: the fence the
        // wake-up protocol needs (`wait.rs`).
        let bell = (!matches!(op, AmoOp::Fetch)).then(|| &self.seg.slot(pe).doorbell.0);
        // SAFETY: in bounds (caller) and aligned (asserted); atomics are applied to symmetric
        // objects that the typed API exposes for atomic use.
        let old = unsafe { W::amo(p, op) };
        if let Some(b) = bell {
            wait::ring_after_fence(b);
        }
        old
    }

    /// [`ShmTransport::amo_at`] that rings no doorbell: for a word that nobody waits on (a
    /// queue lock's tail, which only the lockers' own atomics read; they wait on their own
    /// nodes, which the link and the hand-off write with atomics that ring). The caller
    /// located the word once and checked its alignment then, so it is not asserted here.
    ///
    /// # Safety
    /// As [`ShmTransport::put_word_at`], and `p` is aligned for `W`.
    #[inline(always)]
    pub unsafe fn amo_silent_at<W: AmoWord>(
        &self,
        pe: usize,
        offset: usize,
        p: *mut W,
        op: AmoOp<W>,
    ) -> W {
        #[cfg(not(feature = "mpi"))]
        let _ = (pe, offset);
        // In a multi-node job every atomic goes through MPI, as in `amo_at`.
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            return net.amo(pe, offset, op);
        }
        // SAFETY: in bounds and aligned (caller), as in `amo_at`.
        unsafe { W::amo(p, op) }
    }

    /// [`Transport::combine`] through a local copy: get a chunk, combine it, put it back (a
    /// PE on another node, or elements that the in-place path does not take).
    #[inline(never)]
    fn combine_bounced<T: Pod>(
        &self,
        pe: usize,
        offset: usize,
        src: &[T],
        mut old: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
    ) {
        #[repr(C, align(128))]
        struct Bounce([u8; 2048]);
        let size = size_of::<T>();
        if size == 0 {
            return;
        }
        if size > 2048 || align_of::<T>() > 128 {
            for (k, &s) in src.iter().enumerate() {
                let mut cur = T::zeroed();
                self.get(pe, offset + k * size, bytemuck::bytes_of_mut(&mut cur));
                if let Some(o) = old.as_deref_mut() {
                    o[k] = cur;
                }
                self.put(pe, offset + k * size, bytemuck::bytes_of(&op(cur, s)));
            }
            return;
        }
        let per = 2048 / size;
        let mut bounce = Bounce([0; 2048]);
        for (c, part) in src.chunks(per).enumerate() {
            let bytes = &mut bounce.0[..size_of_val(part)];
            let at = offset + c * per * size;
            self.get(pe, at, bytes);
            let cur: &mut [T] = bytemuck::cast_slice_mut(bytes);
            if let Some(o) = old.as_deref_mut() {
                o[c * per..c * per + part.len()].copy_from_slice(cur);
            }
            for (a, &b) in cur.iter_mut().zip(part) {
                *a = op(*a, b);
            }
            self.put(pe, at, bytemuck::cast_slice(cur));
        }
    }

    /// PE `p`'s barrier epoch word (see [`ShmTransport::barrier_impl`]).
    #[inline]
    fn barrier_word(&self, p: usize) -> &AtomicU64 {
        if self.n_pes <= SHARED_BARRIER_PES {
            &self.seg.job().barrier.0[p]
        } else {
            &self.seg.slot(p).barrier.0
        }
    }

    fn all_arrived(&self, epoch: u64) -> bool {
        (0..self.n_pes).all(|p| self.barrier_word(p).load(Ordering::Acquire) >= epoch)
    }

    /// Writes the `SHMEM_DEBUG` record of a `barrier_all`/`sync_all` (or the finalize
    /// barrier) as it arrives.
    #[cold]
    fn log_barrier(&self, kind: WaitKind, epoch: u64) {
        let what = match kind {
            WaitKind::Finalize => "finalize barrier",
            _ => "barrier_all/sync_all",
        };
        crate::log::record(self.me, format_args!("{what} #{epoch} over all PEs"));
    }

    /// Every PE stores its epoch (release), waits until it sees every PE's epoch, and only
    /// then fences (SeqCst) and rings every PE that sleeps. No fence sits between the store
    /// and the polling loads, so the transfer of this PE's word to the others and its reads of
    /// theirs overlap.
    ///
    /// Where the epochs live: in a job of at most [`SHARED_BARRIER_PES`] PEs, all in one
    /// cache line (`JobControl::barrier`); otherwise one line per PE (`Slot::barrier`). With
    /// one line, each transfer of the line carries every PE's news: measured on the 2-vCPU
    /// VM, 63 ns per barrier against 135 ns with a line per PE (a C loop of just the stores
    /// and polls). With many PEs the writers to one line would queue, so large jobs keep a
    /// line each.
    ///
    /// No wake-up is lost (`wait.rs`): a sleeper `S` registered, fenced (`F_S`) and then missed
    /// some PE `W`'s epoch. Every PE that leaves fences after its wait (`F_W`); the epoch store
    /// precedes `F_W`, so `F_S` precedes `F_W` in the SeqCst order (otherwise `S`'s re-check
    /// would have seen the store), and `W`'s load of `S`'s sleeper count after `F_W` sees the
    /// registration. And not all PEs can sleep: the sleeper whose fence is last in that order
    /// sees every epoch (each was stored before its owner's fence).
    fn barrier_impl(&self, kind: WaitKind) {
        let epoch = self.epoch.get() + 1;
        self.epoch.set(epoch);
        if crate::log::level() >= 2 {
            self.log_barrier(kind, epoch);
        }
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            net.barrier();
            return;
        }
        self.barrier_word(self.me).store(epoch, Ordering::Release);
        if !self.all_arrived(epoch) {
            let c = self.policy.colocation.unwrap_or(1);
            let slot = self.seg.slot(self.me);
            wait::wait_until_with_mates(
                &self.policy,
                Waiter::new(
                    &slot.barrier_bell.0,
                    &slot.wait.0,
                    WaitSite::new(kind, [epoch, 0, 0, 0]),
                ),
                || self.all_arrived(epoch),
                || {
                    (self.me % c..self.n_pes)
                        .step_by(c)
                        .all(|p| self.barrier_word(p).load(Ordering::Relaxed) >= epoch)
                },
            );
        }
        fence(Ordering::SeqCst);
        for p in 0..self.n_pes {
            if p != self.me {
                wait::ring_after_fence(&self.seg.slot(p).barrier_bell.0);
            }
        }
    }
}

/// `len` bytes at symmetric offset `offset` in `pe`'s partition, located once
/// ([`ShmTransport::locate`]): the pointer found and its bounds checked there, so that each
/// access afterwards checks only that it stays inside the range (a window keeps one per
/// member for its data, and an accumulate on it no longer goes through
/// [`ShmTransport::ptr`]). On a PE of another node of a multi-node MPI job the accesses go
/// through MPI, as [`Transport`]'s do. They ring no doorbell: for bytes that nothing waits
/// on directly, as [`Transport::put_silent`] (only a combine that bounces through a local
/// copy on this node, for elements that do not divide 16 bytes, puts with
/// [`Transport::put`]).
#[derive(Clone, Copy, Debug)]
pub struct LocatedRange<'t> {
    t: &'t ShmTransport,
    pe: usize,
    offset: usize,
    ptr: *mut u8,
    len: usize,
    /// Whether `pe`'s partition is mapped here ([`ShmTransport::maps`]): the bytes are then
    /// reached through `ptr`.
    mapped: bool,
}

impl<'t> LocatedRange<'t> {
    /// The PE whose bytes these are.
    #[inline]
    pub fn pe(&self) -> usize {
        self.pe
    }

    /// Bytes in the range.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the range is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Asserts that `n` bytes from `at` lie inside the range (the caller checked them
    /// against its object already: a memory-safety backstop, as the transport's own).
    #[inline(always)]
    fn check(&self, at: usize, n: usize) {
        if !(at <= self.len && n <= self.len - at) {
            range_out_of_bounds(at, n, self.len);
        }
    }

    /// [`Transport::put_silent`] of `src` to byte `at` of the range.
    ///
    /// # Panics
    /// If the bytes leave the range.
    // Always inlined, as `Transport::put_silent` and `get`: the copy's length is often a
    // constant the caller knows (an element), which picks the copy's one-move case.
    #[inline(always)]
    pub fn put_silent(&self, at: usize, src: &[u8]) {
        self.check(at, src.len());
        if !self.mapped {
            self.t.put_silent(self.pe, self.offset + at, src);
            return;
        }
        // SAFETY: `ptr + at` is valid for `src.len()` bytes of the segment (the range was
        // checked by `ptr` when located, the bytes against the range above; the transport,
        // and so the mapping, lives for `'t`); `src` is local memory. Volatile stores
        // (module `copy`).
        unsafe { copy::to_segment(self.ptr.add(at), src.as_ptr(), src.len()) };
    }

    /// [`Transport::get`] of `dst.len()` bytes from byte `at` of the range.
    ///
    /// # Panics
    /// If the bytes leave the range.
    // Always inlined, as `Transport::put_silent` and `get`: the copy's length is often a
    // constant the caller knows (an element), which picks the copy's one-move case.
    #[inline(always)]
    pub fn get(&self, at: usize, dst: &mut [u8]) {
        self.check(at, dst.len());
        if !self.mapped {
            self.t.get(self.pe, self.offset + at, dst);
            return;
        }
        // SAFETY: as in `put_silent`, with the roles swapped; `dst` is exclusively borrowed
        // local memory.
        unsafe { copy::from_segment(dst.as_mut_ptr(), self.ptr.add(at), dst.len()) };
    }

    /// [`Transport::combine`] of `src` into the elements from byte `at` of the range (in
    /// place on this node, ringing no doorbell; get, combine, put on another node, or for
    /// elements that the in-place path does not take).
    ///
    /// # Panics
    /// If the elements leave the range, or `old` is given and differs from `src` in length.
    #[inline]
    pub fn combine<T: Pod>(
        &self,
        at: usize,
        src: &[T],
        mut old: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
    ) {
        if let Some(o) = &old {
            assert_eq!(
                o.len(),
                src.len(),
                "combine: `old` and `src` differ in length"
            );
        }
        self.check(at, size_of_val(src));
        if self.mapped {
            // SAFETY: `ptr + at` is valid for `src`'s bytes of the segment, on this node
            // (checked as in `put_silent`).
            let p = unsafe { self.ptr.add(at) };
            // SAFETY: as above: `p` is valid for reads and writes of `src`'s bytes.
            if unsafe { copy::combine_in_segment(p, src, old.as_deref_mut(), &op) } {
                return;
            }
        }
        self.t
            .combine_bounced(self.pe, self.offset + at, src, old, op);
    }
}

/// [`LocatedRange`]'s panic, out of line.
#[cold]
#[inline(never)]
#[track_caller]
fn range_out_of_bounds(at: usize, n: usize, len: usize) -> ! {
    panic!("located access out of range: {n} bytes at {at} of {len}")
}

/// Bytes spanned by `count` elements of `elem` bytes taken every `stride` elements:
/// `((count - 1) * stride + 1) * elem`, computed with checked arithmetic (a span that wrapped
/// would pass the bounds checks it feeds, and element `i`'s offset `i * stride * elem` would
/// wrap with it). Every element's offset is below the span, so once the span is known to fit
/// none of them overflows.
///
/// # Panics
/// When the span overflows `usize` (the memory-safety backstop, as a range outside the
/// partition: the typed layers refuse such a call first).
#[inline]
fn strided_span(count: usize, stride: usize, elem: usize) -> usize {
    if count == 0 {
        return 0;
    }
    (count - 1)
        .checked_mul(stride)
        .and_then(|s| s.checked_add(1))
        .and_then(|s| s.checked_mul(elem))
        .unwrap_or_else(|| strided_span_overflows(count, stride, elem))
}

/// [`strided_span`]'s panic, out of line.
#[cold]
#[inline(never)]
#[track_caller]
fn strided_span_overflows(count: usize, stride: usize, elem: usize) -> ! {
    panic!("strided span overflows: {count} elements of {elem} bytes with stride {stride}")
}

impl Transport for ShmTransport {
    #[inline]
    fn my_pe(&self) -> usize {
        self.me
    }

    #[inline]
    fn n_pes(&self) -> usize {
        self.n_pes
    }

    #[inline(always)]
    fn put(&self, pe: usize, offset: usize, src: &[u8]) {
        let dst = self.ptr(pe, offset, src.len());
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            // SAFETY: `src` is a borrowed slice; the target range is inside `pe`'s partition
            // (checked by `ptr` above, with the layout every node shares).
            unsafe { net.put(pe, offset, src.as_ptr(), src.len()) };
            return;
        }
        // SAFETY: `dst` is valid for `src.len()` bytes of the segment (checked by `ptr`);
        // `src` is a borrowed slice of this process's memory (the segment is never handed out
        // as a Rust slice, so the two do not overlap). Other PEs may access the destination
        // concurrently: `copy` accesses it only with volatile stores (module `copy`).
        unsafe { copy::to_segment(dst, src.as_ptr(), src.len()) };
        self.wrote(pe);
    }

    #[inline(always)]
    fn put_silent(&self, pe: usize, offset: usize, src: &[u8]) {
        let dst = self.ptr(pe, offset, src.len());
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            // SAFETY: as in `put`.
            unsafe { net.put(pe, offset, src.as_ptr(), src.len()) };
            return;
        }
        // SAFETY: as in `put`.
        unsafe { copy::to_segment(dst, src.as_ptr(), src.len()) };
    }

    #[inline(always)]
    fn get(&self, pe: usize, offset: usize, dst: &mut [u8]) {
        let src = self.ptr(pe, offset, dst.len());
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            // SAFETY: `dst` is an exclusively borrowed slice; the source range is inside
            // `pe`'s partition (checked by `ptr`).
            unsafe { net.get(pe, offset, dst.as_mut_ptr(), dst.len()) };
            return;
        }
        // SAFETY: as in `put`, with the roles swapped: `src` is valid for `dst.len()` bytes of
        // the segment, `dst` is exclusively borrowed local memory.
        unsafe { copy::from_segment(dst.as_mut_ptr(), src, dst.len()) };
    }

    #[inline]
    unsafe fn put_start(&self, pe: usize, offset: usize, src: *const u8, len: usize) -> Pending {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            self.ptr(pe, offset, len);
            // SAFETY: `src` is readable and unmodified until the operation is finished
            // (caller); the target range is inside `pe`'s partition (checked by `ptr`).
            return unsafe { net.put_start(pe, offset, src, len) };
        }
        // SAFETY: `src` is valid for reads of `len` bytes (caller).
        self.put(pe, offset, unsafe { std::slice::from_raw_parts(src, len) });
        Pending::DONE
    }

    #[inline]
    unsafe fn get_start(&self, pe: usize, offset: usize, dst: *mut u8, len: usize) -> Pending {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            self.ptr(pe, offset, len);
            // SAFETY: `dst` is writable and untouched until the operation is finished
            // (caller); the source range is inside `pe`'s partition (checked by `ptr`).
            return unsafe { net.get_start(pe, offset, dst, len) };
        }
        // SAFETY: `dst` is valid for writes of `len` bytes and accessed by nothing else
        // (caller).
        self.get(pe, offset, unsafe {
            std::slice::from_raw_parts_mut(dst, len)
        });
        Pending::DONE
    }

    #[inline]
    fn combine<T: Pod>(
        &self,
        pe: usize,
        offset: usize,
        src: &[T],
        mut old: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
    ) {
        if let Some(o) = &old {
            assert_eq!(
                o.len(),
                src.len(),
                "combine: `old` and `src` differ in length"
            );
        }
        let dst = self.ptr(pe, offset, size_of_val(src));
        #[cfg(feature = "mpi")]
        let local = self.remote(pe).is_none();
        #[cfg(not(feature = "mpi"))]
        let local = true;
        // SAFETY: `dst` is valid for `src`'s bytes of the segment (checked by `ptr`), on this
        // node.
        if local && unsafe { copy::combine_in_segment(dst, src, old.as_deref_mut(), &op) } {
            self.wrote(pe);
            return;
        }
        self.combine_bounced(pe, offset, src, old, op);
    }

    #[inline]
    fn test(&self, op: &mut Pending) -> bool {
        match &mut op.0 {
            PendingOp::Done => true,
            #[cfg(feature = "mpi")]
            PendingOp::Mpi(_) => self.net().is_some_and(|net| net.test(op)),
        }
    }

    #[inline]
    fn finish(&self, op: Pending) {
        match op.0 {
            PendingOp::Done => {}
            #[cfg(feature = "mpi")]
            PendingOp::Mpi(_) => {
                if let Some(net) = self.net() {
                    net.finish(op);
                }
            }
        }
    }

    #[inline(always)]
    fn copy(&self, dst_pe: usize, dst_offset: usize, src_pe: usize, src_offset: usize, len: usize) {
        let src = self.ptr(src_pe, src_offset, len);
        let dst = self.ptr(dst_pe, dst_offset, len);
        // SAFETY: both ranges are `len` bytes inside their partitions (checked by `ptr`).
        unsafe { self.copy_located(dst_pe, dst_offset, dst, src_pe, src_offset, src, len) }
    }

    #[allow(clippy::too_many_arguments)]
    fn iput(
        &self,
        pe: usize,
        offset: usize,
        dst_stride: usize,
        src: &[u8],
        src_stride: usize,
        elem: usize,
        count: usize,
    ) {
        assert!(
            strided_span(count, src_stride, elem) <= src.len(),
            "strided put: the source slice is shorter than its strided span"
        );
        let base = self.ptr(pe, offset, strided_span(count, dst_stride, elem));
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            for i in 0..count {
                // SAFETY: the source element is inside `src` (assert above), the target
                // element inside the checked range of `pe`'s partition.
                unsafe {
                    net.put(
                        pe,
                        offset + i * dst_stride * elem,
                        src.as_ptr().add(i * src_stride * elem),
                        elem,
                    )
                };
            }
            return;
        }
        for i in 0..count {
            // SAFETY: element `i` ends at `(i * dst_stride + 1) * elem <= span`, inside the
            // checked range; the source element is inside `src` (assert above).
            unsafe {
                copy::to_segment(
                    base.add(i * dst_stride * elem),
                    src.as_ptr().add(i * src_stride * elem),
                    elem,
                )
            };
        }
        self.wrote(pe);
    }

    #[allow(clippy::too_many_arguments)]
    fn iget(
        &self,
        pe: usize,
        offset: usize,
        src_stride: usize,
        dst: &mut [u8],
        dst_stride: usize,
        elem: usize,
        count: usize,
    ) {
        assert!(
            strided_span(count, dst_stride, elem) <= dst.len(),
            "strided get: the destination slice is shorter than its strided span"
        );
        let base = self.ptr(pe, offset, strided_span(count, src_stride, elem));
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            for i in 0..count {
                // SAFETY: mirror of `iput`.
                unsafe {
                    net.get(
                        pe,
                        offset + i * src_stride * elem,
                        dst.as_mut_ptr().add(i * dst_stride * elem),
                        elem,
                    )
                };
            }
            return;
        }
        for i in 0..count {
            // SAFETY: mirror of `iput`: the source element is inside the checked segment
            // range, the destination element inside `dst`.
            unsafe {
                copy::from_segment(
                    dst.as_mut_ptr().add(i * dst_stride * elem),
                    base.add(i * src_stride * elem),
                    elem,
                )
            };
        }
    }

    #[inline]
    fn put_word<W: Word>(&self, pe: usize, offset: usize, v: W) {
        let p = self.ptr(pe, offset, std::mem::size_of::<W>()).cast::<W>();
        // SAFETY: the word is inside `pe`'s partition (checked by `ptr`).
        unsafe { self.put_word_at(pe, offset, p, v) }
    }

    #[inline]
    fn get_word<W: Word>(&self, pe: usize, offset: usize) -> W {
        let p = self.ptr(pe, offset, std::mem::size_of::<W>()).cast::<W>();
        // SAFETY: the word is inside `pe`'s partition (checked by `ptr`).
        unsafe { self.get_word_at(pe, offset, p) }
    }

    // Always inlined: callers pass a constant operation, and only inlined does the match on
    // it fold to the one instruction (measured: an out-of-line `amo` cost a window epoch
    // 15 ns, 40 → 55 ns, when unrelated code tipped the inliner's budget).
    #[inline(always)]
    fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        let p = self.ptr(pe, offset, std::mem::size_of::<W>()).cast::<W>();
        // SAFETY: the word is inside `pe`'s partition (checked by `ptr`).
        unsafe { self.amo_at(pe, offset, p, op) }
    }

    /// On this node the atomic itself (complete on return; the fetching instruction, whose
    /// result `black_box` keeps, is the form `amo_add_lat` measured steadiest); to a PE of
    /// another node an `MPI_Accumulate` that the next `quiet` completes (`Net::amo_nofetch`).
    #[inline(always)]
    fn amo_nofetch<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            let _ = self.ptr(pe, offset, std::mem::size_of::<W>());
            net.amo_nofetch(pe, offset, op);
            return;
        }
        std::hint::black_box(self.amo(pe, offset, op));
    }

    #[inline]
    fn fence(&self) {
        fence(Ordering::Release);
        // MPI orders nothing between two puts short of completing the first.
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            net.quiet();
        }
    }

    #[inline]
    fn quiet(&self) {
        fence(Ordering::SeqCst);
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            net.quiet();
        }
    }

    #[inline]
    fn quiet_pe(&self, pe: usize) {
        fence(Ordering::SeqCst);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.remote(pe) {
            net.flush(pe);
        }
        #[cfg(not(feature = "mpi"))]
        let _ = pe;
    }

    #[inline]
    fn quiet_before_amo(&self) {
        // The caller's next `amo` is the fence (see the trait); off-node operations still
        // need MPI to complete them.
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            fence(Ordering::SeqCst);
            net.quiet();
        }
    }

    fn barrier_all(&self) {
        // No `quiet` (a SeqCst fence) first: every put and atomic of this PE is a store or
        // read-modify-write of this thread, which the epoch's release store orders before it,
        // and every PE that leaves the barrier has acquired that epoch (glibc's memcpy ends its
        // non-temporal stores with `sfence`). Measured: the extra fence made a 2-PE barrier
        // 105 ns instead of 78 ns.
        self.barrier_impl(WaitKind::Barrier);
    }

    fn sync_all(&self) {
        self.barrier_impl(WaitKind::Barrier);
    }

    #[inline]
    fn wait_local<W: Word>(
        &self,
        offset: usize,
        site: WaitSite,
        mut cond: impl FnMut(W) -> bool,
    ) -> W {
        let p = self
            .ptr(self.me, offset, std::mem::size_of::<W>())
            .cast::<W>();
        assert!(p.is_aligned(), "misaligned symmetric word");
        let mut last = W::zeroed();
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            wait::wait_until(&self.policy, self.waiter(site), || {
                net.progress();
                // SAFETY: in bounds and aligned (checked above); atomic load.
                last = unsafe { W::atomic_load(p, Ordering::Acquire) };
                cond(last)
            });
            return last;
        }
        wait::wait_until(&self.policy, self.waiter(site), || {
            // SAFETY: in bounds and aligned (checked above); atomic load.
            last = unsafe { W::atomic_load(p, Ordering::Acquire) };
            cond(last)
        });
        last
    }

    #[inline]
    fn wait_for(&self, site: WaitSite, cond: impl FnMut() -> bool) {
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            let mut cond = cond;
            wait::wait_until(&self.policy, self.waiter(site), || {
                net.progress();
                cond()
            });
            return;
        }
        wait::wait_until(&self.policy, self.waiter(site), cond);
    }

    #[inline]
    fn poll(&self) {
        #[cfg(feature = "mpi")]
        if let Some(net) = &self.net {
            net.progress();
        }
    }
}

/// Test support for the algorithms built on the transport (`lock.rs`, `rwlock.rs`): runs
/// `f(transport)` on `n` threads, one per PE of a fresh `n`-PE segment, and returns what each
/// returned. A PE that panics before a barrier would leave the others waiting there, so the
/// bodies count violations and the caller asserts.
#[cfg(test)]
pub(crate) fn on_pes<R: Send>(n: usize, f: impl Fn(&ShmTransport) -> R + Sync) -> Vec<R> {
    on_pes_with(n, crate::config::Settings::default(), f)
}

/// [`on_pes`] with the waits' settings of `settings` (`SHMEM_WAIT_*`).
#[cfg(test)]
pub(crate) fn on_pes_with<R: Send>(
    n: usize,
    settings: crate::config::Settings,
    f: impl Fn(&ShmTransport) -> R + Sync,
) -> Vec<R> {
    let (seg, _fd, _token) = crate::segment::Segment::create(n, 1 << 16).unwrap();
    let seg = std::sync::Arc::new(seg);
    let policy = crate::wait::WaitPolicy::for_job(n, crate::sys::usable_cpus(), false, &settings);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|me| {
                // SAFETY: every body that the tests pass touches the bytes that several threads
                // share (lock words, counters) only with atomics (`amo`, `put_word`,
                // `get_word`), and writes or copies shared bytes with `put`/`get` only where
                // no other thread accesses them (before the first barrier, between barriers).
                let t = unsafe { ShmTransport::new(seg.clone(), me, policy, settings) };
                let f = &f;
                s.spawn(move || f(&t))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A located range reaches the same bytes as the transport's own calls, combines in
    /// place (whole groups, head and tail), and refuses to leave its bytes.
    #[test]
    fn located_range_is_the_transport_s_bytes_and_stays_inside() {
        const AT: usize = 4096;
        const N: usize = 100;
        let results = on_pes(2, |t| {
            let me = t.my_pe();
            let other = 1 - me;
            // Each PE's range: N u64 at AT + 8 on the other PE (not aligned to a vector
            // group, so the combine has a head and a tail), which only this PE touches.
            let r = t.locate(other, AT + 8, 8 * N);
            t.barrier_all();
            let mut ok = r.pe() == other && r.len() == 8 * N && !r.is_empty();
            for k in 0..N {
                r.put_silent(8 * k, &(k as u64).to_ne_bytes());
            }
            t.barrier_all();
            let mut seen = [0u8; 8 * N];
            t.get(other, AT + 8, &mut seen);
            let words: Vec<u64> = bytemuck::cast_slice::<u8, u64>(&seen).to_vec();
            ok &= words.iter().enumerate().all(|(k, &w)| w == k as u64);
            let src: Vec<u64> = (0..N as u64).map(|k| 1000 * k).collect();
            let mut old = vec![0u64; N];
            r.combine(0, &src, Some(&mut old), |a, b| a + b);
            ok &= old.iter().enumerate().all(|(k, &w)| w == k as u64);
            let mut back = [0u8; 8];
            for k in [0, 1, N / 2, N - 1] {
                r.get(8 * k, &mut back);
                ok &= u64::from_ne_bytes(back) == 1001 * k as u64;
            }
            let refused =
                |f: &dyn Fn()| std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_err();
            let outside = [
                refused(&|| r.get(8 * N - 4, &mut [0u8; 8])),
                refused(&|| r.put_silent(usize::MAX, &[0u8; 1])),
                refused(&|| r.combine(8, &[0u64; N], None, |a, b| a + b)),
            ];
            t.barrier_all();
            (ok, outside)
        });
        for r in results {
            assert_eq!(r, (true, [true; 3]));
        }
    }
}
