//! `#[symmetric]` statics: a `static` whose value lives in the symmetric segment of every PE.
//!
//! The attribute macro turns `static NAME: T = init;` into a [`SymStatic<T>`] and registers it
//! in a link-time list ([`linkme`]). At [`crate::init`] the runtime lays every registered
//! static out at the start of each PE's partition, sorted by its path, so all PEs agree on the
//! offsets (a hash of the layout is compared across PEs), and copies the initial value in.

use std::sync::atomic::{AtomicUsize, Ordering};

use bytemuck::Pod;
use shmem_core::StaticDesc;

use crate::handle::Shmem;
use crate::registry::{StaticEntry, Token};
use crate::sym::{Sym, SymSlice, SymSliceMut, SymTarget};
use crate::sym::{ThreadElem, ThreadSlice};
use shmem_core::Error;

const UNSET: usize = usize::MAX;

/// A `static` in symmetric memory; declare it with `#[shmem::symmetric]`.
///
/// Used exactly like a heap object: `X.sym(&shmem)` gives the [`Sym`] view (p/g, atomics,
/// waiting), and for arrays `X.slice(&shmem)` gives the [`SymSlice`] view (put/get/iput/...).
///
/// # Examples
/// ```
/// #[shmem::symmetric]
/// static COUNTER: u64 = 7;
///
/// let shmem = shmem::init()?;
/// let c = COUNTER.sym(&shmem);
/// assert_eq!(c.read(), 7);
/// c.atomic_inc(shmem.my_pe());
/// assert_eq!(c.read(), 8);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymStatic<T> {
    id: &'static str,
    init: T,
    offset: AtomicUsize,
}

impl<T> std::fmt::Debug for SymStatic<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SymStatic").field("id", &self.id).finish()
    }
}

impl<T: Pod> SymStatic<T> {
    #[doc(hidden)]
    /// Used by `#[symmetric]`; a `SymStatic` made by hand is not registered and panics on use.
    pub const fn __new(id: &'static str, init: T) -> Self {
        SymStatic {
            id,
            init,
            offset: AtomicUsize::new(UNSET),
        }
    }

    fn offset(&self) -> usize {
        let off = self.offset.load(Ordering::Acquire);
        assert!(
            off != UNSET,
            "symmetric static {} is not registered: declare it with #[shmem::symmetric]",
            self.id
        );
        off
    }

    /// The view of this static on the job `shmem`.
    pub fn sym<'s>(&self, shmem: &'s Shmem) -> Sym<'s, T> {
        Sym::new(shmem, self.offset())
    }
}

impl<E: Pod, const N: usize> SymStatic<[E; N]> {
    /// The array view of this static on the job `shmem`.
    pub fn slice<'s>(&self, shmem: &'s Shmem) -> SymSlice<'s, E> {
        SymSlice::new(shmem, self.offset(), N)
    }

    /// This static as the *target* of a collective (a reduction, broadcast, collect, scan or
    /// alltoall writes it on this PE). A static cannot be borrowed exclusively the way a heap
    /// object is (anyone may take a view of it at any time), so the collectives compare the
    /// target's bytes with the source's at run time: a source that overlaps it, such as a view
    /// of the same static, is [`crate::Error::TargetSourceOverlap`] on every member.
    ///
    /// # Examples
    /// ```
    /// use shmem::{SymVec, Team};
    ///
    /// #[shmem::symmetric]
    /// static TOTALS: [u64; 2] = [0; 2];
    ///
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let mine = SymVec::new(&shmem, 2, 3u64)?;
    /// world.sum_reduce(&mut TOTALS.target(&shmem), &mine)?;
    /// assert_eq!(TOTALS.slice(&shmem).to_vec(), [3 * shmem.n_pes() as u64; 2]);
    /// assert!(world.sum_reduce(&mut TOTALS.target(&shmem), &TOTALS.slice(&shmem)).is_err());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn target<'s>(&self, shmem: &'s Shmem) -> StaticTarget<'s, E> {
        StaticTarget(SymSlice::new(shmem, self.offset(), N))
    }
}

/// A `#[symmetric]` array static as a collective's target ([`SymStatic::target`]).
#[derive(Debug)]
pub struct StaticTarget<'s, E>(SymSlice<'s, E>);

impl<E: Pod> SymTarget<E> for StaticTarget<'_, E> {
    fn sym_target(&mut self) -> SymSliceMut<'_, E> {
        SymSliceMut::of_static(SymSlice::new(self.0.shmem(), self.0.offset(), self.0.len()))
    }
}

/// A `static` in symmetric memory that only contexts reach: declare it with
/// `#[shmem::symmetric(threads)]` (`T` a [`ThreadElem`], or an array of them).
///
/// It is laid out and initialized like a [`SymStatic`], but has no [`Sym`]/[`SymSlice`] view:
/// its one accessor, [`ThreadStatic::lend`], gives the [`ThreadSlice`] that any number of
/// threads use at once through their [`Ctx`](crate::Ctx)s (every access atomic, as for a heap
/// array lent with [`SymVec::lend`](crate::SymVec::lend)). That is what makes a static shared
/// by threads sound: a `SymStatic` stays reachable by name from any thread, through views
/// whose copies are not atomic, so it cannot be lent.
///
/// # Examples
/// Every thread of every PE adds into PE 0's counter (C's `static long` updated from many
/// contexts):
/// ```
/// use shmem::CtxOptions;
///
/// #[shmem::symmetric(threads)]
/// static HITS: u64 = 0;
///
/// let shmem = shmem::init_thread(shmem::ThreadLevel::Multiple)?;
/// let hits = HITS.lend(&shmem)?;
/// let zero = shmem.pe(0)?;
/// std::thread::scope(|s| -> Result<(), shmem::Error> {
///     for _ in 0..4 {
///         let ctx = shmem.ctx_create(CtxOptions::PRIVATE)?;
///         s.spawn(move || ctx.atomic_add(&hits, 0, zero, 1).unwrap());
///     }
///     Ok(())
/// })?;
/// shmem.barrier_all();
/// if shmem.my_pe() == zero {
///     let ctx = shmem.ctx_create(CtxOptions::NONE)?;
///     assert_eq!(ctx.atomic_fetch(&hits, 0, zero)?, 4 * shmem.n_pes() as u64);
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct ThreadStatic<T> {
    inner: SymStatic<T>,
}

impl<T> std::fmt::Debug for ThreadStatic<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadStatic")
            .field("id", &self.inner.id)
            .finish()
    }
}

impl<T: Pod> ThreadStatic<T> {
    #[doc(hidden)]
    /// Used by `#[symmetric(threads)]`; one made by hand is not registered and panics on use.
    pub const fn __new(id: &'static str, init: T) -> Self {
        ThreadStatic {
            inner: SymStatic::__new(id, init),
        }
    }
}

impl<T: ThreadElem> ThreadStatic<T> {
    /// This static lent to threads on the job `shmem`, as a one-element [`ThreadSlice`]
    /// (element 0). Copies and repeated calls are the same slice; any thread may use it
    /// through its context.
    ///
    /// # Errors
    /// [`Error::ContextsUnavailable`] in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (see [`crate::ctx`]).
    pub fn lend<'s>(&self, shmem: &'s Shmem) -> Result<ThreadSlice<'s, T>, Error> {
        ThreadSlice::of_thread_static(shmem, self.inner.offset(), 1)
    }
}

impl<E: ThreadElem, const N: usize> ThreadStatic<[E; N]> {
    /// This array static lent to threads on the job `shmem`, as a [`ThreadSlice`] of its `N`
    /// elements.
    ///
    /// # Errors
    /// As [`ThreadStatic::lend`] for a single value.
    pub fn lend<'s>(&self, shmem: &'s Shmem) -> Result<ThreadSlice<'s, E>, Error> {
        ThreadSlice::of_thread_static(shmem, self.inner.offset(), N)
    }
}

impl<T: Pod + Sync> StaticEntry for ThreadStatic<T> {
    fn desc(&self) -> StaticDesc<'_> {
        self.inner.desc()
    }
    fn set_offset(&self, offset: usize, token: Token) {
        self.inner.set_offset(offset, token);
    }
}

impl<T: Pod + Sync> StaticEntry for SymStatic<T> {
    fn desc(&self) -> StaticDesc<'_> {
        StaticDesc {
            id: self.id,
            size: std::mem::size_of::<T>(),
            align: std::mem::align_of::<T>(),
            init: bytemuck::bytes_of(&self.init),
        }
    }
    fn set_offset(&self, offset: usize, _: Token) {
        self.offset.store(offset, Ordering::Release);
    }
}
