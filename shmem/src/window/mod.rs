//! MPI-style RMA windows with access epochs (seed page 001, MPICH's one-sided device):
//! [`Window`]; passive target: [`Epoch`] (`MPI_Win_lock` on one target, shared or
//! exclusive) and [`EpochAll`] (`MPI_Win_lock_all`); active target: [`FenceEpoch`]
//! (`MPI_Win_fence`) and [`Exposure`] / [`Access`] (`MPI_Win_post`/`wait`,
//! `MPI_Win_start`/`complete`); and the accumulate family ([`op`]).
//!
//! What the types rule out:
//! * *RMA outside an access epoch*: puts, gets and accumulates are methods of the epoch
//!   guards only; a [`Window`] has none.
//! * *Using an epoch after it ended*: the guard's drop is the unlock (or the closing fence,
//!   `MPI_Win_complete`, `MPI_Win_wait`), and `unlock`/`fence`/`complete`/`wait` consume the
//!   guard.
//! * *RMA in an access epoch to a PE outside its group*: [`Error::NotInEpochGroup`].
//! * *Two epochs of one PE on one window at once* (MPI forbids nested locks of one target):
//!   [`Window::lock`] and [`Window::lock_all`] borrow the window mutably for the epoch's life.
//! * *`bor` on a float*: the accumulate operators are types bound to element types, as the
//!   reductions are ([`op`]).
//!
//! Semantics:
//! * Displacements are element indices into the target's part of the window, bounds-checked
//!   ([`Error::OutOfBounds`]); a refused call writes nothing.
//! * An exclusive epoch excludes every other epoch on that target; shared epochs overlap. The
//!   lock is `shmem_core::rwlock`'s task-fair reader/writer lock, one per target PE: requests
//!   are served in the order they were made, so a stream of shared epochs never starves an
//!   exclusive one (MPICH's older device let it).
//! * Ending an epoch (dropping its guard) completes every operation of the epoch at the
//!   target (`quiet`) before the lock moves on; `flush`/`flush_local` complete them earlier.
//! * Every operation of the accumulate family (`accumulate`, `get_accumulate`,
//!   `fetch_and_op`, `compare_and_swap`) is atomic per element with respect to every other
//!   one on the same location from any PE, whatever the operator and the length (MPI leaves
//!   mixing operators undefined; this defines it): they run under a per-target accumulate
//!   lock. A failing `compare_and_swap` writes nothing. Puts and gets are not atomic with
//!   respect to accumulates (as in MPI), but never unsafe: a racing put and accumulate give
//!   one of the interleavings element by element, never undefined behaviour.
//! * With [`Window::with_counts`], each target counts the operations every origin completed
//!   into it ([`Window::received_from`], [`Window::wait_received`]): a notification without
//!   flags (seed page 001's per-origin receive counts).
//! * [`Layout`]s (seed page 001's datatype cache) describe non-contiguous origin and target
//!   sides (vector, indexed, nested), checked once when built and reused for any number of
//!   transfers (`put_layout`, `get_layout`); the transfer moves each run that is contiguous on
//!   both sides with one copy.
//! * Request-based operations (`MPI_Rput`, `MPI_Rget`, `MPI_Raccumulate`,
//!   `MPI_Rget_accumulate`) live in a scope opened on an epoch guard ([`Requests`]); a
//!   [`Request`] can outlive neither the scope, nor the epoch, nor its buffers, hands a get's
//!   buffer back when finished, and allocates nothing.
//! * Dropping a window frees it on this PE; its memory is reused only after every PE dropped
//!   its window (the heap's deferred free), so no PE's epoch can reach reused memory.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use bytemuck::Pod;
use shmem_core::lock::{LOCK_SIZE, RawLock};
use shmem_core::rwlock::{RWLOCK_OWN_BYTES, RawRwLock, RwKind, rwlock_size};
use shmem_core::transport::{AmoOp, Transport};
use shmem_core::wait::{WaitKind, WaitSite};
use shmem_core::{AllocRequest, Allocation, DefaultTransport};

use crate::Error;
use crate::handle::{Pe, Shmem};
use crate::sym::SymVec;

/// The mode of a passive-target epoch: `LockKind::Shared` (`MPI_LOCK_SHARED`) or
/// `LockKind::Exclusive` (`MPI_LOCK_EXCLUSIVE`).
pub type LockKind = RwKind;

const LINE: usize = 128;

mod layout;
pub mod op;
mod request;

pub use layout::Layout;
use layout::zip_layouts;
use op::AccumulateOp;
pub use request::{Request, Requests};

/// An RMA window: `len` elements of `T` on every PE, exposed to every PE's access epochs.
/// Created collectively, zero-filled.
///
/// # Examples
/// ```
/// use shmem::window::{LockKind, Window, op};
///
/// let shmem = shmem::init()?;
/// let mut win = Window::<u64>::new(&shmem, 16)?;
/// let zero = shmem.pe(0)?;
/// {
///     let epoch = win.lock(zero, LockKind::Shared);  // MPI_Win_lock(SHARED, 0)
///     epoch.accumulate(3, &[1, 2], op::Sum)?;         // atomic per element
/// }                                                   // MPI_Win_unlock: complete at PE 0
/// shmem.barrier_all();
/// let mut got = [0u64; 2];
/// win.lock(zero, LockKind::Exclusive).get(3, &mut got)?;
/// assert_eq!(got, [shmem.n_pes() as u64, 2 * shmem.n_pes() as u64]);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct Window<'s, T: Pod> {
    shmem: &'s Shmem,
    len: usize,
    /// Symmetric offset of element 0.
    data: usize,
    /// The home part of the reader/writer lock homed on each PE.
    lock_home: usize,
    /// This PE's requester words, one triple per target's lock.
    own: usize,
    /// The accumulate locks (an MCS lock object per target, homed on it).
    acc: usize,
    /// Active-target counters: `POSTED[q]` (`n` words: how many exposure epochs PE `q`
    /// opened to this PE), then `COMPLETED[q]` (`n` words: how many access epochs of `q` to
    /// this PE completed), then `RECEIVED[q]` (`n` words: operations of `q` completed into
    /// this PE's part, with counts).
    sync: usize,
    /// How many exposure epochs this PE opened to each origin (what `COMPLETED` must reach).
    posts_to: RefCell<Vec<u64>>,
    /// How many access epochs this PE started to each target (what `POSTED` must reach).
    starts_to: RefCell<Vec<u64>>,
    /// With counts ([`Window::with_counts`]): operations issued to each target and not yet
    /// counted there (the third array of `sync`, `RECEIVED[q]`, is what `q` completed here).
    pending: Option<RefCell<Vec<u64>>>,
    _block: Allocation<'s>,
    _t: PhantomData<T>,
}

impl<T: Pod> fmt::Debug for Window<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Window")
            .field("len", &self.len)
            .field("offset", &self.data)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'s, T: Pod> Window<'s, T> {
    /// Allocates a window of `len` zeroed elements on every PE. *Collective*: every PE passes
    /// the same `len`.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different lengths;
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap cannot hold it.
    pub fn new(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Window::create(shmem, len, false, None)
    }

    /// Like [`Window::new`], and the window counts, on each target, the operations each
    /// origin completed into it (seed page 001's per-origin receive counts): read them with
    /// [`Window::received_from`], wait for them with [`Window::wait_received`]. A
    /// notification without flags: an origin's puts and accumulates are counted when they
    /// complete (at a flush or when the epoch ends), so a target that sees the count reach
    /// `k` sees the data of those `k` operations. Costs one remote atomic per target at each
    /// flush or epoch end that had operations. *Collective*, like `new` (every PE must ask
    /// for counts alike).
    ///
    /// # Errors
    /// As for [`Window::new`].
    pub fn with_counts(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Window::create(shmem, len, true, None)
    }

    /// A window over an existing symmetric array (`MPI_Win_create` over memory the program
    /// already has): the array's elements, as they are (not zeroed), are the window's. The
    /// array stays borrowed while the window lives, so nothing but the window's epochs reaches
    /// it; dropping the window gives it back with what the epochs left in it. *Collective*:
    /// every PE passes the same array (its copy of one `SymVec`).
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different arrays;
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap cannot hold the window's
    /// locks and counters.
    ///
    /// # Examples
    /// ```
    /// use shmem::window::{LockKind, Window, op};
    ///
    /// let shmem = shmem::init()?;
    /// let mut v = shmem::SymVec::from_fn(&shmem, 4, |i| i as u64)?;
    /// {
    ///     let mut win = Window::over(&mut v)?;
    ///     let me = shmem.my_pe();
    ///     win.lock(me, LockKind::Exclusive).accumulate(0, &[10, 10], op::Sum)?;
    /// }
    /// assert_eq!(v.read(1)?, 11);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn over(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Window::create(vec.shmem(), vec.len(), false, Some(vec.offset()))
    }

    /// [`Window::over`], with per-origin completion counts ([`Window::with_counts`]).
    ///
    /// # Errors
    /// As for [`Window::over`].
    pub fn over_with_counts(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Window::create(vec.shmem(), vec.len(), true, Some(vec.offset()))
    }

    /// `over`: the symmetric offset of an existing array whose `len` elements are the data;
    /// `None`: the data is allocated (zeroed) with the rest.
    fn create(
        shmem: &'s Shmem,
        len: usize,
        counted: bool,
        over: Option<usize>,
    ) -> Result<Self, Error> {
        let n = shmem.n_pes();
        let data_bytes = if over.is_some() {
            Some(0)
        } else {
            len.checked_mul(size_of::<T>())
        };
        // Offsets in the block: the elements (unless over an array), the home part of this
        // PE's lock, the requester words, the accumulate locks, the counters. `None` when the
        // size overflows: that goes through the allocation's agreement like any size (every
        // PE then gets the same error), rather than returning here while the other PEs wait in
        // the allocation.
        let layout = data_bytes
            .and_then(|b| b.checked_next_multiple_of(LINE))
            .and_then(|lock_home| {
                let own = lock_home.checked_add(rwlock_size(n))?;
                let acc = own.checked_add((RWLOCK_OWN_BYTES * n).next_multiple_of(LINE))?;
                let sync = acc.checked_add(LOCK_SIZE * n)?;
                let size = sync.checked_add(24 * n)?;
                Some((lock_home, own, acc, sync, size))
            });
        let (lock_home, own, acc, sync, size) = layout.unwrap_or_default();
        // The parameter every PE must pass alike: the length and whether it counts, or, over
        // an array, which array (its offset; the same offset is the same array) and whether it
        // counts (a different object kind, so the two kinds never compare equal).
        let (object, param) = match over {
            None => (5, (len as u64).wrapping_mul(2) | u64::from(counted)),
            Some(offset) => (6, (offset as u64).wrapping_mul(2) | u64::from(counted)),
        };
        let mut req = AllocRequest::object::<T>(size, LINE.max(align_of::<T>()), object, param);
        req.bytes = layout.map(|l| l.4);
        let rt = shmem.rt();
        let block = rt.alloc(req, |offset| {
            let t = rt.transport();
            let me = t.my_pe();
            let zeros = [0u8; 4096];
            let mut at = 0;
            while at < size {
                let k = (size - at).min(zeros.len());
                t.put(me, offset + at, &zeros[..k]);
                at += k;
            }
            RawRwLock::with_own(offset + lock_home, offset + own, me).init_local(t);
            for p in 0..n {
                RawLock::new(offset + acc + LOCK_SIZE * p, p).init_local(t);
            }
        })?;
        let base = block.offset();
        Ok(Window {
            shmem,
            len,
            data: over.unwrap_or(base),
            lock_home: base + lock_home,
            own: base + own,
            acc: base + acc,
            sync: base + sync,
            posts_to: RefCell::new(vec![0; n]),
            starts_to: RefCell::new(vec![0; n]),
            pending: counted.then(|| RefCell::new(vec![0; n])),
            _block: block,
            _t: PhantomData,
        })
    }

    /// Elements of the window on each PE.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the window has no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Starts a passive-target access epoch on PE `pe` (`MPI_Win_lock`): waits for the lock
    /// of `pe`'s part of the window in mode `kind` (requests are served in the order they were
    /// made). The epoch's operations are methods of the returned guard; dropping it ends the
    /// epoch (`MPI_Win_unlock`) after completing them.
    pub fn lock(&mut self, pe: Pe, kind: LockKind) -> Epoch<'_, T> {
        let win = &*self;
        win.rw(pe.index()).acquire(win.t(), kind);
        Epoch {
            win,
            pe: pe.index(),
            kind,
        }
    }

    /// Starts a shared access epoch on every PE (`MPI_Win_lock_all`): takes every PE's lock
    /// shared, in PE order. Dropping the guard ends it after completing every operation.
    pub fn lock_all(&mut self) -> EpochAll<'_, T> {
        let win = &*self;
        for p in 0..win.shmem.n_pes() {
            win.rw(p).acquire(win.t(), RwKind::Shared);
        }
        EpochAll { win }
    }

    /// Opens a fence epoch (`MPI_Win_fence`): *collective*, every PE opens one. A barrier
    /// (with quiet) first, so every PE's earlier accesses to the window are complete; the
    /// guard's RMA methods name their target; dropping the guard is the closing fence, after
    /// which every operation of the epoch is complete and visible everywhere.
    pub fn fence_epoch(&mut self) -> FenceEpoch<'_, T> {
        self.shmem.barrier_all();
        FenceEpoch { win: &*self }
    }

    /// Opens an exposure epoch for the origins in `origins` (`MPI_Win_post`): each of them may
    /// then start an access epoch to this PE. Dropping the guard (or [`Exposure::wait`])
    /// waits until every one of them completed it (`MPI_Win_wait`).
    pub fn post(&mut self, origins: &[Pe]) -> Exposure<'_, T> {
        self.post_impl(origins)
    }

    /// Starts an access epoch to the targets in `targets` (`MPI_Win_start`): waits until each
    /// of them posted an exposure epoch that includes this PE. RMA to any other PE is
    /// refused ([`Error::NotInEpochGroup`]). Dropping the guard (or [`Access::complete`])
    /// completes every operation and tells the targets (`MPI_Win_complete`).
    pub fn start(&mut self, targets: &[Pe]) -> Access<'_, T> {
        self.start_impl(targets)
    }

    /// Both: an exposure epoch for `origins` and an access epoch to `targets` at once (a PE
    /// that is a target and an origin in the same phase, the usual halo pattern). The
    /// exposure is posted before the access starts, so PEs that do this together never wait
    /// for each other in a cycle.
    pub fn post_start(
        &mut self,
        origins: &[Pe],
        targets: &[Pe],
    ) -> (Exposure<'_, T>, Access<'_, T>) {
        let exposure = self.post_impl(origins);
        let access = self.start_impl(targets);
        (exposure, access)
    }

    fn post_impl(&self, origins: &[Pe]) -> Exposure<'_, T> {
        let t = self.t();
        let me = t.my_pe();
        // This PE's own accesses to its part are complete before any origin can write.
        t.quiet();
        let mut posts = self.posts_to.borrow_mut();
        for q in origins {
            posts[q.index()] += 1;
            t.amo::<u64>(q.index(), self.sync + 8 * me, AmoOp::FetchAdd(1));
        }
        Exposure {
            win: self,
            group: origins.iter().map(|p| p.index()).collect(),
        }
    }

    fn start_impl(&self, targets: &[Pe]) -> Access<'_, T> {
        let t = self.t();
        let n = t.n_pes();
        let mut starts = self.starts_to.borrow_mut();
        for q in targets {
            starts[q.index()] += 1;
        }
        let need: Vec<(usize, u64)> = targets
            .iter()
            .map(|q| (q.index(), starts[q.index()]))
            .collect();
        drop(starts);
        let site = WaitSite::new(WaitKind::WaitUntilMany, [self.sync as u64, n as u64, 0, 0]);
        t.wait_for(site, || {
            need.iter()
                .all(|&(q, k)| t.get_word::<u64>(t.my_pe(), self.sync + 8 * q) >= k)
        });
        Access {
            win: self,
            group: need.into_iter().map(|(q, _)| q).collect(),
        }
    }

    #[inline]
    fn t(&self) -> &DefaultTransport {
        self.shmem.rt().transport()
    }

    #[inline]
    fn rw(&self, pe: usize) -> RawRwLock {
        RawRwLock::with_own(self.lock_home, self.own + RWLOCK_OWN_BYTES * pe, pe)
    }

    /// Byte offset of elements `at .. at + n` on every PE, or the bounds error.
    #[inline]
    fn range(&self, at: usize, n: usize) -> Result<usize, Error> {
        match at.checked_add(n) {
            Some(end) if end <= self.len => Ok(self.data + at * size_of::<T>()),
            _ => Err(Error::OutOfBounds {
                start: at,
                len: n,
                object_len: self.len,
            }),
        }
    }

    fn put_at(&self, pe: usize, at: usize, src: &[T]) -> Result<(), Error> {
        let off = self.range(at, src.len())?;
        self.t().put(pe, off, bytemuck::cast_slice(src));
        self.count(pe);
        Ok(())
    }

    /// One more operation to `pe` to count when it completes (with counts).
    #[inline]
    fn count(&self, pe: usize) {
        if let Some(p) = &self.pending {
            p.borrow_mut()[pe] += 1;
        }
    }

    /// With counts: completes every operation (`quiet`), then adds the operations issued to
    /// `only` (or to every PE) since the last time to their `RECEIVED` counts there. Without
    /// counts, or with nothing to count, it does nothing: the callers complete the epoch's
    /// operations themselves.
    #[inline]
    fn settle(&self, only: Option<usize>) {
        if self.pending.is_some() {
            self.settle_counted(only);
        }
    }

    #[inline(never)]
    fn settle_counted(&self, only: Option<usize>) {
        let Some(p) = &self.pending else {
            return;
        };
        let t = self.t();
        let mut p = p.borrow_mut();
        let me = t.my_pe();
        let n = t.n_pes();
        let targets = match only {
            Some(q) => q..q + 1,
            None => 0..n,
        };
        let mut quiet = false;
        for q in targets {
            let k = std::mem::take(&mut p[q]);
            if k > 0 {
                if !std::mem::replace(&mut quiet, true) {
                    t.quiet();
                }
                t.amo::<u64>(q, self.sync + 8 * (2 * n + me), AmoOp::FetchAdd(k));
            }
        }
    }

    /// With counts: how many operations (puts and accumulate-family calls) PE `origin`
    /// completed into this PE's part of the window so far. `None` for a window made without
    /// counts ([`Window::new`]).
    pub fn received_from(&self, origin: Pe) -> Option<u64> {
        self.pending.as_ref()?;
        let t = self.t();
        Some(t.get_word::<u64>(t.my_pe(), self.received(origin.index())))
    }

    /// With counts: waits until PE `origin` completed at least `count` operations into this
    /// PE's part (spin, yield, then sleep until a count arrives), and returns the count; its
    /// data is visible then. `None` at once for a window without counts.
    pub fn wait_received(&self, origin: Pe, count: u64) -> Option<u64> {
        self.pending.as_ref()?;
        let t = self.t();
        let site = WaitSite::new(
            WaitKind::WaitUntil,
            [self.received(origin.index()) as u64, 8, 0, 0],
        );
        Some(t.wait_local::<u64>(self.received(origin.index()), site, |v| v >= count))
    }

    #[inline]
    fn received(&self, origin: usize) -> usize {
        self.sync + 8 * (2 * self.shmem.n_pes() + origin)
    }

    /// Checks a layout transfer: equal element counts, the origin layout inside `buf_len`
    /// elements, the target layout inside the window from `at`; returns nothing else, so a
    /// refused transfer moves nothing.
    fn check_layouts(
        &self,
        at: usize,
        origin: &Layout,
        buf_len: usize,
        target: &Layout,
    ) -> Result<(), Error> {
        if origin.len() != target.len() {
            return Err(Error::LengthMismatch {
                what: "origin and target layouts (elements)",
                left: origin.len(),
                right: target.len(),
            });
        }
        if origin.extent() > buf_len {
            return Err(Error::OutOfBounds {
                start: 0,
                len: origin.extent(),
                object_len: buf_len,
            });
        }
        self.range(at, target.extent()).map(drop)
    }

    fn put_layout_at(
        &self,
        pe: usize,
        at: usize,
        src: &[T],
        origin: &Layout,
        target: &Layout,
    ) -> Result<(), Error> {
        self.check_layouts(at, origin, src.len(), target)?;
        let t = self.t();
        zip_layouts(origin, target, |o, d, n| {
            let off = self.data + (at + d) * size_of::<T>();
            t.put(pe, off, bytemuck::cast_slice(&src[o..o + n]));
        });
        self.count(pe);
        Ok(())
    }

    fn get_layout_at(
        &self,
        pe: usize,
        at: usize,
        dst: &mut [T],
        origin: &Layout,
        target: &Layout,
    ) -> Result<(), Error> {
        self.check_layouts(at, origin, dst.len(), target)?;
        let t = self.t();
        zip_layouts(origin, target, |o, d, n| {
            let off = self.data + (at + d) * size_of::<T>();
            t.get(pe, off, bytemuck::cast_slice_mut(&mut dst[o..o + n]));
        });
        Ok(())
    }

    fn get_at(&self, pe: usize, at: usize, dst: &mut [T]) -> Result<(), Error> {
        let off = self.range(at, dst.len())?;
        self.t().get(pe, off, bytemuck::cast_slice_mut(dst));
        Ok(())
    }

    /// The accumulate family's one implementation: under `pe`'s accumulate lock, for each
    /// element `i`: `result[i] = target[i]` (if asked), `target[i] = op(target[i], src[i])`.
    /// `cas` = `Some(compare)`: `src` is one element, written only if the target equals
    /// `compare` bit for bit.
    /// The accumulate family with layouts: under `pe`'s accumulate lock, for each run that
    /// is contiguous on both sides, `result` (if asked, laid out like `src` by `origin`)
    /// receives the target's values and the target is combined with `src`'s, in place.
    #[allow(clippy::too_many_arguments)]
    fn combine_layout(
        &self,
        pe: usize,
        at: usize,
        src: &[T],
        mut result: Option<&mut [T]>,
        origin: &Layout,
        target: &Layout,
        op: impl Fn(T, T) -> T,
    ) -> Result<(), Error> {
        self.check_layouts(at, origin, src.len(), target)?;
        if let Some(r) = &result
            && r.len() != src.len()
        {
            return Err(Error::LengthMismatch {
                what: "get_accumulate origin and result",
                left: src.len(),
                right: r.len(),
            });
        }
        if origin.is_empty() {
            return Ok(());
        }
        let t = self.t();
        let lock = RawLock::new(self.acc + LOCK_SIZE * pe, pe);
        lock.lock(t);
        zip_layouts(origin, target, |o, d, n| {
            let off = self.data + (at + d) * size_of::<T>();
            let old = result.as_deref_mut().map(|r| &mut r[o..o + n]);
            t.combine(pe, off, &src[o..o + n], old, &op);
        });
        lock.unlock(t, false);
        self.count(pe);
        Ok(())
    }

    fn combine(
        &self,
        pe: usize,
        at: usize,
        src: &[T],
        result: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
        cas: Option<T>,
    ) -> Result<(), Error> {
        let off = self.range(at, src.len())?;
        if let Some(r) = &result
            && r.len() != src.len()
        {
            return Err(Error::LengthMismatch {
                what: "get_accumulate origin and result",
                left: src.len(),
                right: r.len(),
            });
        }
        if src.is_empty() {
            return Ok(());
        }
        let t = self.t();
        let lock = RawLock::new(self.acc + LOCK_SIZE * pe, pe);
        lock.lock(t);
        match cas {
            // In place: on this node one pass over the elements, in registers.
            None => t.combine(pe, off, src, result, op),
            Some(compare) => {
                let mut cur = [T::zeroed()];
                t.get(pe, off, bytemuck::cast_slice_mut(&mut cur));
                if let Some(r) = result {
                    r[0] = cur[0];
                }
                if bytemuck::bytes_of(&cur[0]) == bytemuck::bytes_of(&compare) {
                    t.put(pe, off, bytemuck::cast_slice(&[op(cur[0], src[0])]));
                }
            }
        }
        lock.unlock(t, false);
        self.count(pe);
        Ok(())
    }
}

/// The RMA methods of an epoch guard, whose `target_of(..)` names the target PE (`$pe`: the
/// extra parameters that name it) or refuses it.
macro_rules! rma_methods {
    ($($pe:ident: $pe_ty:ty),*) => {
        /// Copies `src` into the target's elements `at ..` (`MPI_Put`); complete at the
        /// target by the next flush or the end of the epoch.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is written.
        pub fn put(&self, $($pe: $pe_ty,)* at: usize, src: &[T]) -> Result<(), Error> {
            self.win.put_at(self.target_of($($pe),*)?, at, src)
        }

        /// Copies the elements of `src` that `origin` selects into the target's elements that
        /// `target` selects, starting at element `at` (`MPI_Put` with derived datatypes on
        /// both sides); element `i` of one goes to element `i` of the other.
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when the layouts select different numbers of elements;
        /// [`Error::OutOfBounds`] when `origin` reaches past `src` or `target` past the
        /// window. Nothing is written then.
        pub fn put_layout(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            origin: &Layout,
            target: &Layout,
        ) -> Result<(), Error> {
            self.win
                .put_layout_at(self.target_of($($pe),*)?, at, src, origin, target)
        }

        /// The mirror of `put_layout` (`MPI_Get` with derived datatypes): the target's
        /// elements that `target` selects (from element `at`) into the elements of `dst` that
        /// `origin` selects.
        ///
        /// # Errors
        /// As for `put_layout`; nothing is read then.
        pub fn get_layout(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            dst: &mut [T],
            origin: &Layout,
            target: &Layout,
        ) -> Result<(), Error> {
            self.win
                .get_layout_at(self.target_of($($pe),*)?, at, dst, origin, target)
        }

        /// `accumulate` through layouts (`MPI_Accumulate` with derived datatypes on both
        /// sides): for every `i`, element `i` that `target` selects (from `at`) becomes
        /// `op(it, element i that origin selects in src)`, atomically per element like
        /// `accumulate`.
        ///
        /// # Errors
        /// As for `put_layout`; nothing is written then.
        pub fn accumulate_layout<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            origin: &Layout,
            target: &Layout,
            op: O,
        ) -> Result<(), Error> {
            self.win.combine_layout(
                self.target_of($($pe),*)?,
                at,
                src,
                None,
                origin,
                target,
                |a, b| op.apply(a, b),
            )
        }

        /// `get_accumulate` through layouts (`MPI_Get_accumulate` with derived datatypes):
        /// `result` (laid out like `src`, by `origin`) receives the target's previous values.
        ///
        /// # Errors
        /// As for `accumulate_layout`, and [`Error::LengthMismatch`] when `result` and `src`
        /// differ in length; nothing is written or read then.
        #[allow(clippy::too_many_arguments)]
        pub fn get_accumulate_layout<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            result: &mut [T],
            origin: &Layout,
            target: &Layout,
            op: O,
        ) -> Result<(), Error> {
            self.win.combine_layout(
                self.target_of($($pe),*)?,
                at,
                src,
                Some(result),
                origin,
                target,
                |a, b| op.apply(a, b),
            )
        }

        /// Copies the target's elements `at ..` into `dst` (`MPI_Get`; complete on return).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is read.
        pub fn get(&self, $($pe: $pe_ty,)* at: usize, dst: &mut [T]) -> Result<(), Error> {
            self.win.get_at(self.target_of($($pe),*)?, at, dst)
        }

        /// `target[at + i] = op(target[at + i], src[i])` for every `i` (`MPI_Accumulate`),
        /// atomically per element with respect to every accumulate-family operation on the
        /// same elements.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is written.
        pub fn accumulate<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            op: O,
        ) -> Result<(), Error> {
            self.win.combine(self.target_of($($pe),*)?, at, src, None, |a, b| op.apply(a, b), None)
        }

        /// Like `accumulate`, and `result` receives the target's previous values
        /// (`MPI_Get_accumulate`; with [`op::NoOp`]: an atomic read).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`]; [`Error::LengthMismatch`] when `result` and `src` differ in
        /// length. Nothing is written or read then.
        pub fn get_accumulate<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            result: &mut [T],
            op: O,
        ) -> Result<(), Error> {
            self.win
                .combine(self.target_of($($pe),*)?, at, src, Some(result), |a, b| op.apply(a, b), None)
        }

        /// One element: applies `op` with `value` and returns the previous value
        /// (`MPI_Fetch_and_op`).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when `at` is outside the window.
        pub fn fetch_and_op<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            value: T,
            op: O,
        ) -> Result<T, Error> {
            let mut old = [T::zeroed()];
            self.win.combine(
                self.target_of($($pe),*)?,
                at,
                &[value],
                Some(&mut old),
                |a, b| op.apply(a, b),
                None,
            )?;
            Ok(old[0])
        }

        /// One element: writes `new` if the target equals `compare` bit for bit, and returns
        /// the previous value either way (`MPI_Compare_and_swap`); a failing compare writes
        /// nothing.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when `at` is outside the window.
        pub fn compare_and_swap(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            compare: T,
            new: T,
        ) -> Result<T, Error> {
            let mut old = [T::zeroed()];
            self.win
                .combine(self.target_of($($pe),*)?, at, &[new], Some(&mut old), |_, b| b, Some(compare))?;
            Ok(old[0])
        }
    };
}

/// A passive-target access epoch on one PE ([`Window::lock`]): the RMA operations on that
/// PE's part of the window. Dropping it ends the epoch (`MPI_Win_unlock`): every operation
/// is complete at the target before another epoch can see the data.
#[must_use = "the epoch ends as soon as the guard is dropped"]
pub struct Epoch<'w, T: Pod> {
    win: &'w Window<'w, T>,
    pe: usize,
    kind: LockKind,
}

impl<T: Pod> fmt::Debug for Epoch<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Epoch")
            .field("pe", &self.pe)
            .field("kind", &self.kind)
            .finish()
    }
}

impl<T: Pod> Epoch<'_, T> {
    rma_methods!();

    #[inline]
    fn target_of(&self) -> Result<usize, Error> {
        Ok(self.pe)
    }

    /// The target PE.
    pub fn target(&self) -> Pe {
        self.win.shmem.pe_wrapping(self.pe)
    }

    /// The epoch's mode.
    pub fn kind(&self) -> LockKind {
        self.kind
    }

    /// Completes every operation of the epoch so far at the target (`MPI_Win_flush`).
    pub fn flush(&self) {
        self.win.t().quiet();
        self.win.settle(Some(self.pe));
    }

    /// Completes every operation of the epoch so far at the origin: its buffers may be
    /// reused (`MPI_Win_flush_local`; every call here already returns so).
    pub fn flush_local(&self) {
        self.win.t().quiet();
    }

    /// Ends the epoch now (the same as dropping the guard).
    pub fn unlock(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Epoch<'_, T> {
    fn drop(&mut self) {
        self.win.settle(Some(self.pe));
        self.win.rw(self.pe).release(self.win.t(), self.kind, false);
    }
}

/// A shared access epoch on every PE ([`Window::lock_all`]): the RMA operations name their
/// target. Dropping it ends the epoch (`MPI_Win_unlock_all`) after completing every operation.
#[must_use = "the epoch ends as soon as the guard is dropped"]
pub struct EpochAll<'w, T: Pod> {
    win: &'w Window<'w, T>,
}

impl<T: Pod> fmt::Debug for EpochAll<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EpochAll").finish_non_exhaustive()
    }
}

impl<T: Pod> EpochAll<'_, T> {
    rma_methods!(pe: Pe);

    #[inline]
    fn target_of(&self, pe: Pe) -> Result<usize, Error> {
        Ok(pe.index())
    }

    /// Completes every operation to `pe` so far at `pe` (`MPI_Win_flush`).
    pub fn flush(&self, pe: Pe) {
        self.win.t().quiet();
        self.win.settle(Some(pe.index()));
    }

    /// Completes every operation so far at every target (`MPI_Win_flush_all`).
    pub fn flush_all(&self) {
        self.win.t().quiet();
        self.win.settle(None);
    }

    /// Completes every operation so far at the origin (`MPI_Win_flush_local_all`).
    pub fn flush_local_all(&self) {
        self.win.t().quiet();
    }

    /// Ends the epoch now (the same as dropping the guard).
    pub fn unlock_all(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for EpochAll<'_, T> {
    fn drop(&mut self) {
        let t = self.win.t();
        t.quiet();
        self.win.settle(None);
        for p in 0..self.win.shmem.n_pes() {
            self.win.rw(p).release(t, RwKind::Shared, false);
        }
    }
}

/// A fence epoch ([`Window::fence_epoch`]): RMA to any PE; dropping the guard is the
/// closing fence (*collective*: a barrier with quiet), after which every PE sees every
/// operation of the epoch.
#[must_use = "the epoch ends (with a barrier) as soon as the guard is dropped"]
pub struct FenceEpoch<'w, T: Pod> {
    win: &'w Window<'w, T>,
}

impl<T: Pod> fmt::Debug for FenceEpoch<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FenceEpoch").finish_non_exhaustive()
    }
}

impl<T: Pod> FenceEpoch<'_, T> {
    rma_methods!(pe: Pe);

    #[inline]
    fn target_of(&self, pe: Pe) -> Result<usize, Error> {
        Ok(pe.index())
    }

    /// Ends the epoch now (the closing fence; the same as dropping the guard).
    pub fn fence(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for FenceEpoch<'_, T> {
    fn drop(&mut self) {
        // A PE that panics does not enter the collective (the others are not coming either:
        // the launcher ends the job).
        if !std::thread::panicking() {
            self.win.settle(None);
            self.win.shmem.barrier_all();
        }
    }
}

/// An exposure epoch ([`Window::post`]): the origins of its group may access this PE's part
/// of the window. Dropping it (or [`Exposure::wait`]) waits until each of them completed its
/// access epoch (`MPI_Win_wait`).
#[must_use = "the exposure ends (waiting for the origins) as soon as the guard is dropped"]
pub struct Exposure<'w, T: Pod> {
    win: &'w Window<'w, T>,
    group: Vec<usize>,
}

impl<T: Pod> fmt::Debug for Exposure<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exposure")
            .field("origins", &self.group)
            .finish()
    }
}

impl<T: Pod> Exposure<'_, T> {
    /// Whether every origin has completed (`MPI_Win_test`); the epoch stays open either way.
    pub fn test(&self) -> bool {
        let t = self.win.t();
        let posts = self.win.posts_to.borrow();
        self.group
            .iter()
            .all(|&q| t.get_word::<u64>(t.my_pe(), self.win.sync + 8 * (t.n_pes() + q)) >= posts[q])
    }

    /// Waits until every origin completed, and ends the epoch (`MPI_Win_wait`; the same as
    /// dropping the guard).
    pub fn wait(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Exposure<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let t = self.win.t();
        let n = t.n_pes();
        let site = WaitSite::new(
            WaitKind::WaitUntilMany,
            [(self.win.sync + 8 * n) as u64, n as u64, 0, 0],
        );
        t.wait_for(site, || self.test());
    }
}

/// An access epoch ([`Window::start`]) to the targets of its group; RMA to any other PE is
/// refused. Dropping it (or [`Access::complete`]) completes every operation at the targets
/// and tells them (`MPI_Win_complete`).
#[must_use = "the access epoch completes as soon as the guard is dropped"]
pub struct Access<'w, T: Pod> {
    win: &'w Window<'w, T>,
    group: Vec<usize>,
}

impl<T: Pod> fmt::Debug for Access<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Access")
            .field("targets", &self.group)
            .finish()
    }
}

impl<T: Pod> Access<'_, T> {
    rma_methods!(pe: Pe);

    #[inline]
    fn target_of(&self, pe: Pe) -> Result<usize, Error> {
        if self.group.contains(&pe.index()) {
            Ok(pe.index())
        } else {
            Err(Error::NotInEpochGroup { pe: pe.index() })
        }
    }

    /// Ends the epoch now (`MPI_Win_complete`; the same as dropping the guard).
    pub fn complete(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Access<'_, T> {
    fn drop(&mut self) {
        let t = self.win.t();
        t.quiet();
        self.win.settle(None);
        let me = t.my_pe();
        let n = t.n_pes();
        for &q in &self.group {
            t.amo::<u64>(q, self.win.sync + 8 * (n + me), AmoOp::FetchAdd(1));
        }
    }
}
