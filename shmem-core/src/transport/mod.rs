//! The transport boundary: how bytes, atomics and synchronization reach another PE.
//!
//! The public API (`shmem`) and the runtime's own algorithms (heap checks, collectives, locks)
//! speak only to [`Transport`], in terms of *(PE, symmetric offset)*. [`crate::transport::shm::ShmTransport`]
//! implements it with loads and stores into the shared segment. A second transport (MPI-3 RMA,
//! see `docs/ARCHITECTURE.md`) implements the same trait with windows, `MPI_Put`/`MPI_Get`,
//! `MPI_Fetch_and_op` and `MPI_Win_flush_all`; nothing above this trait changes.
//!
//! The trait is used statically (`Runtime` is generic over nothing: it names
//! [`DefaultTransport`]), so every call is inlined and costs nothing over a direct store.

use bytemuck::Pod;

use crate::wait::WaitSite;

#[cfg(feature = "mpi")]
pub(crate) mod net;
pub mod shm;

mod sealed {
    pub trait Sealed {}
}

/// A naturally aligned machine word that can be stored and loaded in one instruction
/// (single-copy atomic): `u8`, `u16`, `u32`, `u64`.
pub trait Word: Pod + Eq + sealed::Sealed + Send + Sync + 'static {
    #[doc(hidden)]
    /// # Safety
    /// `ptr` must be valid for reads of `Self`, aligned, and only accessed atomically.
    unsafe fn atomic_load(ptr: *mut Self, order: std::sync::atomic::Ordering) -> Self;
    #[doc(hidden)]
    /// # Safety
    /// `ptr` must be valid for writes of `Self`, aligned, and only accessed atomically.
    unsafe fn atomic_store(ptr: *mut Self, v: Self, order: std::sync::atomic::Ordering);
}

/// A word on which remote atomic read-modify-write operations are provided: `u32`, `u64`.
/// Signed and floating-point types of the same size travel as their bits.
pub trait AmoWord: Word {
    #[doc(hidden)]
    /// # Safety
    /// `ptr` must be valid for reads and writes of `Self`, aligned, and only accessed
    /// atomically.
    unsafe fn amo(ptr: *mut Self, op: AmoOp<Self>) -> Self;
}

/// One atomic memory operation; every variant returns the previous value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmoOp<W> {
    /// Atomic load.
    Fetch,
    /// Atomic store (returns the previous value, which callers may ignore).
    Set(W),
    /// Swap.
    Swap(W),
    /// Store `new` if the value equals `cond`.
    CompareSwap {
        /// Expected value.
        cond: W,
        /// Value to store.
        new: W,
    },
    /// Wrapping add.
    FetchAdd(W),
    /// Bitwise and.
    FetchAnd(W),
    /// Bitwise or.
    FetchOr(W),
    /// Bitwise xor.
    FetchXor(W),
}

macro_rules! words {
    ($($t:ty => $a:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Word for $t {
            #[inline(always)]
            unsafe fn atomic_load(ptr: *mut Self, order: std::sync::atomic::Ordering) -> Self {
                // SAFETY: the caller guarantees validity, alignment and atomic-only access,
                // which is what `from_ptr` requires.
                unsafe { <$a>::from_ptr(ptr) }.load(order)
            }
            #[inline(always)]
            unsafe fn atomic_store(ptr: *mut Self, v: Self, order: std::sync::atomic::Ordering) {
                // SAFETY: as in `atomic_load`.
                unsafe { <$a>::from_ptr(ptr) }.store(v, order)
            }
        }
    )*};
}
words!(u8 => std::sync::atomic::AtomicU8, u16 => std::sync::atomic::AtomicU16,
       u32 => std::sync::atomic::AtomicU32, u64 => std::sync::atomic::AtomicU64);

macro_rules! amo_words {
    ($($t:ty => $a:ty),*) => {$(
        impl AmoWord for $t {
            #[inline(always)]
            unsafe fn amo(ptr: *mut Self, op: AmoOp<Self>) -> Self {
                use std::sync::atomic::Ordering::SeqCst;
                // SAFETY: the caller guarantees validity, alignment and atomic-only access.
                let a = unsafe { <$a>::from_ptr(ptr) };
                match op {
                    AmoOp::Fetch => a.load(SeqCst),
                    AmoOp::Set(v) => a.swap(v, SeqCst),
                    AmoOp::Swap(v) => a.swap(v, SeqCst),
                    AmoOp::CompareSwap { cond, new } => {
                        match a.compare_exchange(cond, new, SeqCst, SeqCst) {
                            Ok(v) | Err(v) => v,
                        }
                    }
                    AmoOp::FetchAdd(v) => a.fetch_add(v, SeqCst),
                    AmoOp::FetchAnd(v) => a.fetch_and(v, SeqCst),
                    AmoOp::FetchOr(v) => a.fetch_or(v, SeqCst),
                    AmoOp::FetchXor(v) => a.fetch_xor(v, SeqCst),
                }
            }
        }
    )*};
}
amo_words!(u32 => std::sync::atomic::AtomicU32, u64 => std::sync::atomic::AtomicU64);

/// A request-based put or get that may still be in flight ([`Transport::put_start`],
/// [`Transport::get_start`]): finished by [`Transport::test`] returning `true`, by
/// [`Transport::finish`], or by the next [`Transport::quiet`]. On shared memory every
/// operation is finished when it starts; on another node it is an MPI request (`MPI_Rput`,
/// `MPI_Rget`). Dropping an unfinished one leaks the request (never its buffer: the caller
/// keeps that until `quiet`).
#[derive(Debug)]
#[must_use = "an operation in flight is finished by `test`, `finish` or `quiet`"]
pub struct Pending(pub(crate) PendingOp);

#[derive(Debug)]
pub(crate) enum PendingOp {
    Done,
    #[cfg(feature = "mpi")]
    Mpi(mpi::ffi::MPI_Request),
}

impl Pending {
    /// An operation that finished when it started.
    pub const DONE: Pending = Pending(PendingOp::Done);

    /// Whether the operation is known to be finished (without asking the transport).
    #[inline]
    pub fn is_done(&self) -> bool {
        matches!(self.0, PendingOp::Done)
    }
}

/// What moves data between PEs. Offsets are symmetric offsets (the same on every PE); the
/// caller has checked them against the object's bounds, the transport checks them against the
/// partition again (memory-safety backstop, never a user-facing error).
pub trait Transport {
    /// This PE.
    fn my_pe(&self) -> usize;
    /// Number of PEs.
    fn n_pes(&self) -> usize;
    /// Copies `src` to `offset` on `pe` (`shmem_putmem`). Complete on return on shared memory;
    /// ordered by [`Transport::fence`], completed by [`Transport::quiet`].
    fn put(&self, pe: usize, offset: usize, src: &[u8]);
    /// [`Transport::put`] without waking `pe`'s sleeping waiters: for bytes that nothing waits
    /// on directly, because every primitive that reaches them rings the doorbell itself at
    /// the point its waiters care about (a window's data: its epochs end with a remote atomic
    /// on the target, which rings). Used elsewhere, a waiter on those bytes sees the data at
    /// its next check (within `max_sleep`), late but never wrong.
    fn put_silent(&self, pe: usize, offset: usize, src: &[u8]) {
        self.put(pe, offset, src);
    }
    /// Copies from `offset` on `pe` into `dst` (`shmem_getmem`, blocking).
    fn get(&self, pe: usize, offset: usize, dst: &mut [u8]);
    /// Copies `len` bytes from `src_offset` on `src_pe` to `dst_offset` on `dst_pe`
    /// (`shmem_put`/`shmem_get` whose local side is itself symmetric). The ranges may overlap.
    fn copy(&self, dst_pe: usize, dst_offset: usize, src_pe: usize, src_offset: usize, len: usize);
    /// Strided put of `count` elements of `elem` bytes: element `i` of `src` (taken every
    /// `src_stride` elements) goes to `offset + i * dst_stride * elem` on `pe` (`shmem_iput`).
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
    );
    /// Strided get, the mirror of [`Transport::iput`] (`shmem_iget`).
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
    );
    /// Starts copying `len` bytes from `src` to `offset` on `pe` (`MPI_Rput`); the returned
    /// operation is finished once `src` may be reused (local completion), and complete at the
    /// target by the next [`Transport::quiet`], like [`Transport::put`].
    ///
    /// # Safety
    /// `src` must be valid for reads of `len` bytes and left unmodified until the operation is
    /// finished ([`Pending`]).
    unsafe fn put_start(&self, pe: usize, offset: usize, src: *const u8, len: usize) -> Pending;
    /// Starts copying `len` bytes from `offset` on `pe` into `dst` (`MPI_Rget`); the data is
    /// there once the returned operation is finished.
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and neither read nor written by anything
    /// else until the operation is finished ([`Pending`]).
    unsafe fn get_start(&self, pe: usize, offset: usize, dst: *mut u8, len: usize) -> Pending;
    /// Whether `op` is finished (`MPI_Test`); a finished one stays finished.
    fn test(&self, op: &mut Pending) -> bool;
    /// Waits until `op` is finished (`MPI_Wait`).
    fn finish(&self, op: Pending);
    /// In place on `pe`, for every element `k` of `src` at `offset`: `old[k]` receives the
    /// element (when `old` is given; it has `src`'s length), then the element becomes
    /// `op(element, src[k])` (`MPI_Accumulate`'s combine). Every element is read and written
    /// single-copy atomically where a get or put would be; the whole is not atomic: the caller
    /// excludes every other read-modify-write of these elements (the window's accumulate
    /// lock).
    fn combine<T: Pod>(
        &self,
        pe: usize,
        offset: usize,
        src: &[T],
        old: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
    );
    /// Single-copy-atomic store of one word (`shmem_p`).
    fn put_word<W: Word>(&self, pe: usize, offset: usize, v: W);
    /// Single-copy-atomic load of one word (`shmem_g`).
    fn get_word<W: Word>(&self, pe: usize, offset: usize) -> W;
    /// Remote atomic operation; returns the previous value.
    fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W;
    /// A remote atomic operation whose previous value nobody needs (`shmem_atomic_add`,
    /// `_inc`, `_and`, `_or`, `_xor`): it may complete later, at the next [`Transport::fence`]
    /// or [`Transport::quiet`], as a put does.
    #[inline]
    fn amo_nofetch<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) {
        self.amo(pe, offset, op);
    }
    /// Orders earlier puts and atomics to each PE before later ones (`shmem_fence`).
    fn fence(&self);
    /// Completes every earlier put, atomic and non-blocking operation (`shmem_quiet`).
    fn quiet(&self);
    /// Completes every earlier operation to `pe` (`shmem_pe_quiet`); it may complete others.
    #[inline]
    fn quiet_pe(&self, pe: usize) {
        let _ = pe;
        self.quiet();
    }
    /// [`Transport::quiet`] for a caller whose next call is an [`Transport::amo`] that
    /// publishes the completion (a lock's release): every earlier operation must be complete
    /// before that atomic is visible. On shared memory the atomic (a `SeqCst`
    /// read-modify-write: a release, and a full fence on x86-64) already orders every earlier
    /// store before it, so nothing needs to happen here; a transport whose operations
    /// complete later completes them.
    #[inline]
    fn quiet_before_amo(&self) {
        self.quiet();
    }
    /// Barrier of all PEs with quiet (`shmem_barrier_all`).
    fn barrier_all(&self);
    /// Barrier of all PEs without the completion guarantee (`shmem_sync_all`).
    fn sync_all(&self);
    /// Waits until `cond` holds for the word at `offset` in this PE's own partition
    /// (`shmem_wait_until`); returns the value that satisfied it. `site` says what the wait
    /// is for, published while the PE sleeps (deadlock diagnosis, `wait.rs`).
    fn wait_local<W: Word>(&self, offset: usize, site: WaitSite, cond: impl FnMut(W) -> bool) -> W;
    /// Waits until `cond()` holds, where `cond` reads this PE's memory or the control area;
    /// writers wake this PE through the same doorbell as puts and atomics do. `site` as in
    /// [`Transport::wait_local`].
    fn wait_for(&self, site: WaitSite, cond: impl FnMut() -> bool);
    /// What a poll that did not succeed calls before it returns (a failed `shmem_test`,
    /// `test_lock`, `test_any`...): a caller that loops on such a poll instead of waiting
    /// must still let the transport make progress for others. On shared memory nothing is
    /// needed; over MPI a component without asynchronous progress (Open MPI's `osc pt2pt`
    /// across hosts) serves another PE's atomic on this PE's memory only inside an MPI call
    /// of this PE, so a PE polling `test_lock` while another waits for its atomic on the
    /// lock's home would wait for ever (`tests/locks`' `try_lock_semantics` across two hosts).
    #[inline]
    fn poll(&self) {}
}

/// The transport this build uses.
pub type DefaultTransport = shm::ShmTransport;
