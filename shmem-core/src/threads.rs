//! One-sided operations from several threads of one PE (`SHMEM_THREAD_MULTIPLE`): the
//! [`ThreadPath`] that contexts use.
//!
//! The runtime and its transport are `!Sync` (one thread at a time), because almost every byte
//! they touch is accessed with *volatile* copies, and a volatile access racing with another
//! access of the same program is a data race, undefined behaviour in Rust's memory model
//! (what other *processes* do is outside that model; `docs/ARCHITECTURE.md`, "Memory model").
//! A `ThreadPath` is `Sync`: it touches segment bytes only with atomic accesses of the
//! element's own size (relaxed loads and stores for data, SeqCst read-modify-writes for
//! atomics), so two threads that use it on the same bytes race only in the way the model
//! defines. The safe layer keeps everything else away from those bytes: what a thread can
//! name through a `ThreadPath` is an object lent to threads by an exclusive borrow, so no
//! volatile access of this process can reach it while it is lent (`shmem::ThreadSlice`).
//! The C API at `SHMEM_THREAD_MULTIPLE` (`shmem-c`) uses the same methods, their `unsafe`
//! contract then being its C caller's: racing calls of one PE on the same bytes are one-sided
//! calls of one element size.
//!
//! The price of atomics: a bulk transfer moves element by element instead of with vector
//! copies (a 4 KiB put of `u64`: about 130 ns instead of 45 ns on the 2-vCPU guest; `u8`
//! elements cost more). Single-element puts, gets and atomics cost what the main path costs.

use std::marker::PhantomData;
use std::sync::atomic::{Ordering, fence};

use crate::segment::Segment;
use crate::transport::{AmoOp, AmoWord, Word};
use crate::wait::{self, WaitKind, WaitPolicy, WaitSite, Waiter};

/// The way of one PE's threads into the segment: copyable, `Send + Sync`, borrowed from the
/// runtime (`Runtime::thread_path`), so it cannot outlive the mapping.
#[derive(Clone, Copy, Debug)]
pub struct ThreadPath<'a> {
    seg: &'a Segment,
    me: usize,
    policy: WaitPolicy,
    /// In a multi-node MPI job at `MPI_THREAD_MULTIPLE`: every access goes through MPI's
    /// accumulate family (`NetPath`), to this node's PEs too, so that all of them are atomic
    /// with respect to each other.
    #[cfg(feature = "mpi")]
    net: Option<crate::transport::net::NetPath<'a>>,
}

impl<'a> ThreadPath<'a> {
    pub(crate) fn new(
        seg: &'a Segment,
        me: usize,
        policy: WaitPolicy,
        #[cfg(feature = "mpi")] net: Option<crate::transport::net::NetPath<'a>>,
    ) -> ThreadPath<'a> {
        ThreadPath {
            seg,
            me,
            policy,
            #[cfg(feature = "mpi")]
            net,
        }
    }

    /// This PE.
    #[inline]
    pub fn my_pe(&self) -> usize {
        self.me
    }

    /// PEs in the job.
    #[inline]
    pub fn n_pes(&self) -> usize {
        self.seg.n_pes()
    }

    /// Pointer to `count` elements `W` at `offset` of `pe`'s partition: bounds-checked by the
    /// segment (a panic, never an access outside it), alignment asserted.
    #[inline]
    fn words<W: Word>(&self, pe: usize, offset: usize, count: usize) -> *mut W {
        let len = count
            .checked_mul(std::mem::size_of::<W>())
            .expect("transfer size overflows");
        let p = self.seg.partition_ptr(pe, offset, len).cast::<W>();
        assert!(p.is_aligned(), "misaligned symmetric word");
        p
    }

    /// Rings `pe`'s doorbell if a thread of it sleeps. Unlike the main path, a write into
    /// this PE's own memory rings too: another thread of this PE may sleep on it.
    #[inline]
    fn wrote(&self, pe: usize) {
        wait::notify(&self.seg.slot(pe).doorbell.0);
    }

    /// Stores `src` into `pe`'s copy at `offset`, element by element (relaxed atomic stores).
    ///
    /// # Safety
    /// While this runs, no thread of this process accesses the target bytes other than
    /// atomically with `W`-sized accesses (the safe layer: the bytes belong to an object lent
    /// to threads, which every thread reaches only through a `ThreadPath` with one element
    /// type; the C API at `SHMEM_THREAD_MULTIPLE`: its caller's contract).
    ///
    /// # Panics
    /// When the span leaves `pe`'s partition or is not aligned to `W`.
    #[inline]
    pub unsafe fn put<W: Word>(&self, pe: usize, offset: usize, src: &[W]) {
        // SAFETY: forwarded contract; `src` holds the whole span.
        unsafe { self.iput(pe, offset, 1, src, 1, src.len()) }
    }

    /// Loads `dst.len()` elements of `pe`'s copy at `offset` (relaxed atomic loads).
    ///
    /// # Safety
    /// As for [`ThreadPath::put`], for the source bytes.
    #[inline]
    pub unsafe fn get<W: Word>(&self, pe: usize, offset: usize, dst: &mut [W]) {
        let n = dst.len();
        // SAFETY: forwarded contract; `dst` holds the whole span.
        unsafe { self.iget(pe, offset, 1, dst, 1, n) }
    }

    /// Strided store: element `k` of `src[k * src_stride]` to element `k * dst_stride` at
    /// `offset` of `pe`'s copy, for `count` elements (`shmem_iput`).
    ///
    /// # Safety
    /// As for [`ThreadPath::put`]. `src` holds `(count - 1) * src_stride + 1` elements or
    /// more, and the target span is bounds-checked here.
    #[inline]
    pub unsafe fn iput<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        dst_stride: usize,
        src: &[W],
        src_stride: usize,
        count: usize,
    ) {
        let Some(p) = self.strided::<W>(pe, offset, dst_stride, src.len(), src_stride, count)
        else {
            return;
        };
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            // SAFETY: `src` holds the strided span (asserted); the target span is inside
            // `pe`'s partition (`words`).
            unsafe { net.put(pe, offset, dst_stride, src.as_ptr(), src_stride, count) };
            if net.is_local(pe) {
                self.wrote(pe);
            }
            return;
        }
        for k in 0..count {
            // SAFETY: `k * dst_stride < span` (in bounds, aligned: `words`); atomic-only
            // access (caller).
            unsafe {
                W::atomic_store(
                    p.add(k * dst_stride),
                    src[k * src_stride],
                    Ordering::Relaxed,
                )
            };
        }
        self.wrote(pe);
    }

    /// The checks both strided transfers start with: `None` for `count` 0; else the local
    /// slice (`local_len` elements) must hold `count` elements `local_stride` apart
    /// (asserted), and the remote words, `remote_stride` apart from `offset` on `pe`, are
    /// bounds-checked and returned (`words`).
    #[inline]
    fn strided<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        remote_stride: usize,
        local_len: usize,
        local_stride: usize,
        count: usize,
    ) -> Option<*mut W> {
        if count == 0 {
            return None;
        }
        let span = (count - 1)
            .checked_mul(remote_stride)
            .and_then(|s| s.checked_add(1))
            .expect("strided span overflows");
        let p = self.words::<W>(pe, offset, span);
        assert!(
            (count - 1).saturating_mul(local_stride) < local_len,
            "local strided span"
        );
        Some(p)
    }

    /// Strided load, the mirror of [`ThreadPath::iput`] (`shmem_iget`).
    ///
    /// # Safety
    /// As for [`ThreadPath::iput`], for the source bytes.
    #[inline]
    pub unsafe fn iget<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        src_stride: usize,
        dst: &mut [W],
        dst_stride: usize,
        count: usize,
    ) {
        let Some(p) = self.strided::<W>(pe, offset, src_stride, dst.len(), dst_stride, count)
        else {
            return;
        };
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            // SAFETY: `dst` is exclusively borrowed and holds the strided span (asserted); the
            // source span is inside `pe`'s partition (`words`).
            unsafe { net.get(pe, offset, src_stride, dst.as_mut_ptr(), dst_stride, count) };
            return;
        }
        for k in 0..count {
            // SAFETY: as in `iput`.
            dst[k * dst_stride] =
                unsafe { W::atomic_load(p.add(k * src_stride), Ordering::Relaxed) };
        }
    }

    /// An atomic operation on the word at `offset` of `pe`'s copy; returns the previous value.
    ///
    /// # Safety
    /// As for [`ThreadPath::put`], for the word.
    #[inline(always)]
    pub unsafe fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        let p = self.words::<W>(pe, offset, 1);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            let old = net.amo(pe, offset, op);
            if net.is_local(pe) && !matches!(op, AmoOp::Fetch) {
                self.wrote(pe);
            }
            return old;
        }
        // SAFETY: in bounds and aligned (`words`); atomic-only access (caller).
        let old = unsafe { W::amo(p, op) };
        if !matches!(op, AmoOp::Fetch) {
            // The SeqCst read-modify-write is the fence the doorbell protocol needs.
            wait::ring_after_fence(&self.seg.slot(pe).doorbell.0);
        }
        old
    }

    /// Waits until `cond` holds for the word at `offset` of this PE's own copy (spin, yield,
    /// then sleep on the PE's doorbell, like the main path's `wait_until`); returns the value
    /// that satisfied it.
    ///
    /// # Safety
    /// As for [`ThreadPath::put`], for the word.
    pub unsafe fn wait_until<W: Word>(&self, offset: usize, mut cond: impl FnMut(W) -> bool) -> W {
        let p = self.words::<W>(self.me, offset, 1);
        let slot = self.seg.slot(self.me);
        let site = WaitSite::new(WaitKind::WaitUntil, [offset as u64, 0, 0, 0]);
        let mut last = W::zeroed();
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            // Read through MPI too (every access of a multi-node job's threads is), after
            // `MPI_Win_sync` (and MPI's progress, now and then); the policy's sleeps are short
            // there (writes from other nodes cannot ring the doorbell).
            wait::wait_until(
                &self.policy,
                Waiter::new(&slot.doorbell.0, &slot.wait.0, site),
                || {
                    net.progress();
                    // SAFETY: `last` is one local word; the word is inside this PE's
                    // partition (`words`).
                    unsafe { net.get(self.me, offset, 1, &raw mut last, 1, 1) };
                    cond(last)
                },
            );
            return last;
        }
        wait::wait_until(
            &self.policy,
            Waiter::new(&slot.doorbell.0, &slot.wait.0, site),
            || {
                // SAFETY: in bounds and aligned (`words`); atomic-only access (caller).
                last = unsafe { W::atomic_load(p, Ordering::Acquire) };
                cond(last)
            },
        );
        last
    }

    /// Waits until `cond` holds, polling it as [`ThreadPath::wait_until`] polls its word (spin,
    /// yield, then sleep on this PE's doorbell, which every store and atomic of a
    /// `ThreadPath` rings); `cond` reads the words it tests through this path
    /// ([`ThreadPath::get`]). `site` is what the wait record shows while it sleeps. For waits
    /// on several words (`shmem_wait_until_any` and its family, from threads of the C API).
    pub fn wait_for(&self, site: WaitSite, mut cond: impl FnMut() -> bool) {
        let slot = self.seg.slot(self.me);
        wait::wait_until(
            &self.policy,
            Waiter::new(&slot.doorbell.0, &slot.wait.0, site),
            || {
                // Other nodes' writes become visible to this node's loads after
                // `MPI_Win_sync`, and MPI progresses now and then (as in `wait_until`).
                #[cfg(feature = "mpi")]
                if let Some(net) = self.net {
                    net.progress();
                }
                cond()
            },
        );
    }

    /// What a failed poll (a `shmem_ctx_test` that is false) calls before it returns, as
    /// [`Transport::poll`](crate::transport::Transport::poll): one check of a wait.
    #[inline]
    pub fn poll(&self) {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            net.progress();
        }
    }

    /// Orders this thread's earlier stores and atomics before its later ones (`shmem_ctx_fence`).
    #[inline]
    pub fn fence(&self) {
        fence(Ordering::Release);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            net.quiet();
        }
    }

    /// Completes this thread's earlier stores and atomics (`shmem_ctx_quiet`): on shared
    /// memory every one is complete once it is ordered.
    #[inline]
    pub fn quiet(&self) {
        fence(Ordering::SeqCst);
        #[cfg(feature = "mpi")]
        if let Some(net) = self.net {
            net.quiet();
        }
    }

    /// Marks that threads other than the runtime's may use this PE (one more live context).
    /// While the count is not zero, the launcher's deadlock check looks at every thread of
    /// the PE and does not judge it while one of them runs (`shmem-launch`'s watch); a count that
    /// never returns to zero (a leaked context) costs that look, nothing more.
    pub fn enter(&self) {
        self.seg
            .slot(self.me)
            .wait
            .0
            .threads
            .fetch_add(1, Ordering::AcqRel);
    }

    /// One context fewer ([`ThreadPath::enter`]).
    pub fn leave(&self) {
        self.seg
            .slot(self.me)
            .wait
            .0
            .threads
            .fetch_sub(1, Ordering::AcqRel);
    }
}

/// `len` words `W` at symmetric `offset`, on every PE, lent to this PE's threads: the only
/// way this process touches those bytes while it lives (the contract of [`Lent::new`]), so
/// its methods, all atomic and `W`-sized, are safe from any thread. `Copy`, `Send + Sync`.
pub struct Lent<'a, W> {
    path: ThreadPath<'a>,
    offset: usize,
    len: usize,
    _w: PhantomData<&'a [W]>,
}

impl<W> Clone for Lent<'_, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<W> Copy for Lent<'_, W> {}

impl<W> std::fmt::Debug for Lent<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lent")
            .field("offset", &self.offset)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

impl<'a, W: Word> Lent<'a, W> {
    /// Lends `len` words at `offset` (bounds-checked against the partition here).
    ///
    /// # Safety
    /// For `'a`, every access of this process to those bytes, in any PE's partition, is made
    /// through a `Lent` of the same `W` (copies, [`Lent::sub`]) and nothing else: the caller
    /// holds the exclusive borrow of the only object that owns them (`shmem`'s `SymVec::lend`).
    pub unsafe fn new(path: ThreadPath<'a>, offset: usize, len: usize) -> Lent<'a, W> {
        path.words::<W>(path.my_pe(), offset, len);
        Lent {
            path,
            offset,
            len,
            _w: PhantomData,
        }
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no words.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Words `start..start + len` (`None` when not inside).
    pub fn sub(&self, start: usize, len: usize) -> Option<Lent<'a, W>> {
        (start.checked_add(len)? <= self.len).then_some(Lent {
            offset: self.offset + start * std::mem::size_of::<W>(),
            len,
            ..*self
        })
    }

    /// Symmetric offset of word 0.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The path it was lent on.
    pub fn path(&self) -> ThreadPath<'a> {
        self.path
    }

    /// Offset of word `i`, asserting `i + n <= len`.
    #[inline]
    fn at(&self, i: usize, n: usize) -> usize {
        assert!(
            i.checked_add(n).is_some_and(|e| e <= self.len),
            "lent range out of bounds"
        );
        self.offset + i * std::mem::size_of::<W>()
    }

    /// Stores `src` at words `start..` of `pe`'s copy (panics when out of bounds).
    #[inline]
    pub fn put(&self, pe: usize, start: usize, src: &[W]) {
        let off = self.at(start, src.len());
        // SAFETY: inside the lent range (`at`), which this process accesses only through
        // `Lent`s of `W`: atomic, `W`-sized (contract of `new`).
        unsafe { self.path.put(pe, off, src) }
    }

    /// Loads words `start..start + dst.len()` of `pe`'s copy.
    #[inline]
    pub fn get(&self, pe: usize, start: usize, dst: &mut [W]) {
        let off = self.at(start, dst.len());
        // SAFETY: as in `put`.
        unsafe { self.path.get(pe, off, dst) }
    }

    /// Strided store of `count` words (`iput`): `src[k * src_stride]` to word
    /// `k * dst_stride`.
    pub fn iput(&self, pe: usize, dst_stride: usize, src: &[W], src_stride: usize, count: usize) {
        if count == 0 {
            return;
        }
        let span = (count - 1).saturating_mul(dst_stride).saturating_add(1);
        let off = self.at(0, span);
        assert!(
            (count - 1).saturating_mul(src_stride) < src.len(),
            "source span"
        );
        // SAFETY: the target span is inside the lent range (`at`); as in `put`.
        unsafe { self.path.iput(pe, off, dst_stride, src, src_stride, count) }
    }

    /// Strided load of `count` words (`iget`), the mirror of [`Lent::iput`].
    pub fn iget(
        &self,
        pe: usize,
        src_stride: usize,
        dst: &mut [W],
        dst_stride: usize,
        count: usize,
    ) {
        if count == 0 {
            return;
        }
        let span = (count - 1).saturating_mul(src_stride).saturating_add(1);
        let off = self.at(0, span);
        assert!(
            (count - 1).saturating_mul(dst_stride) < dst.len(),
            "destination span"
        );
        // SAFETY: as in `iput`.
        unsafe { self.path.iget(pe, off, src_stride, dst, dst_stride, count) }
    }

    /// An atomic operation on word `i` of `pe`'s copy, as the word `A` of `W`'s size (a
    /// signed or float element's bits); the previous value.
    #[inline]
    pub fn amo<A: AmoWord>(&self, pe: usize, i: usize, op: AmoOp<A>) -> A {
        const { assert!(std::mem::size_of::<A>() == std::mem::size_of::<W>()) };
        let off = self.at(i, 1);
        // SAFETY: as in `put`; `A` has `W`'s size, so the access is `W`-sized.
        unsafe { self.path.amo(pe, off, op) }
    }

    /// Waits until `cond` holds for word `i` of this PE's own copy, read as the word `A` of
    /// `W`'s size; returns the value that satisfied it.
    pub fn wait_until<A: Word>(&self, i: usize, cond: impl FnMut(A) -> bool) -> A {
        const { assert!(std::mem::size_of::<A>() == std::mem::size_of::<W>()) };
        let off = self.at(i, 1);
        // SAFETY: as in `amo`.
        unsafe { self.path.wait_until(off, cond) }
    }
}
