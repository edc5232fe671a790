//! Contexts and `SHMEM_THREAD_MULTIPLE`: [`Ctx`], [`CtxOptions`], [`ThreadSlice`],
//! [`ThreadElem`], [`CtxPe`].
//!
//! A context (`shmem_ctx_t`) is a stream of one-sided operations with its own `fence` and
//! `quiet`. Here a context is also how *other threads* of a PE communicate: [`Ctx`] is
//! `Send + Sync`, while the runtime handle [`Shmem`] stays `!Sync` (collectives, allocation and
//! teams belong to one thread at a time, as the specification asks of collectives on a team).
//!
//! Threads reach symmetric memory through a [`ThreadSlice`]: a symmetric array lent to
//! threads with [`SymVec::lend`](crate::SymVec::lend), which borrows the array exclusively,
//! so nothing else in this process can touch its bytes while it is lent, or a static declared
//! with `#[shmem::symmetric(threads)]` ([`ThreadStatic`](crate::ThreadStatic)), which nothing
//! but contexts can touch at all. Every access through
//! a context is an atomic access of the element's own size, so threads that put, get and
//! update the same elements concurrently race only in ways Rust's memory model defines (no
//! undefined behaviour, and a racing read returns some element that was written whole).
//!
//! On shared memory every context operation is complete when it returns; `quiet` orders it
//! before what follows (a fence). Contexts are available in every job on one node, under
//! `shmemrun` or `mpirun`, and in a multi-node MPI job (pretend nodes included,
//! `SHMEM_MPI_NODE_SIZE`) whose MPI runs at `MPI_THREAD_MULTIPLE` (`SHMEM_MPI_THREADS=multiple`,
//! or [`init_thread`](crate::init_thread) with [`ThreadLevel::Multiple`](crate::ThreadLevel::Multiple)):
//! operations on another node's PEs then go through MPI from the calling thread. Only a
//! multi-node MPI job whose MPI runs below `MPI_THREAD_MULTIPLE` has none
//! ([`Error::ContextsUnavailable`]): MPI, the one way to the other nodes, then takes one thread
//! at a time.
//!
//! # Examples
//! Two threads per PE, each with its own context, add into every PE's counter and write
//! their own slots of the right neighbour's array:
//! ```
//! use shmem::{CtxOptions, SymBox, SymVec};
//! let shmem = shmem::init_thread(shmem::ThreadLevel::Multiple)?;
//! assert_eq!(shmem.thread_level(), shmem::ThreadLevel::Multiple);
//! let mut slots = SymVec::<u64>::zeroed(&shmem, 2)?;
//! let mut counter = SymBox::new(&shmem, 0u64)?;
//! let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
//! {
//!     let (slots, counter) = (slots.lend()?, counter.lend()?);
//!     std::thread::scope(|s| -> Result<(), shmem::Error> {
//!         for t in 0..2u64 {
//!             let ctx = shmem.ctx_create(CtxOptions::PRIVATE)?;
//!             s.spawn(move || {
//!                 ctx.p(&slots, t as usize, right, 10 + t).unwrap();
//!                 for pe in ctx.pes() {
//!                     ctx.atomic_add(&counter, 0, pe, 1).unwrap();
//!                 }
//!                 ctx.quiet();
//!             });
//!         }
//!         Ok(())
//!     })?;
//! }
//! shmem.barrier_all();
//! assert_eq!(slots.to_vec(), [10, 11]);
//! assert_eq!(counter.read(), 2 * shmem.n_pes() as u64);
//! # Ok::<(), shmem::Error>(())
//! ```

use std::marker::PhantomData;

use shmem_core::AmoOp;
use shmem_core::pe_set::PeSet;
use shmem_core::threads::{Lent, ThreadPath};

use crate::handle::{Pe, Shmem};
use crate::sym::{Blocked, SignalOp, UNAVAILABLE, check_blocked};
pub use crate::sym::{ThreadElem, ThreadSlice};
use crate::team::{Team, TeamPe};
use crate::types::{AmoBitwise, AmoExtended, AmoStandard, Cmp, Sealed, WaitType};
use shmem_core::{Error, NotAMember};

/// Options of a context (`SHMEM_CTX_PRIVATE`, `SHMEM_CTX_SERIALIZED`, `SHMEM_CTX_NOSTORE`),
/// combined with `|`.
///
/// `PRIVATE` and `SERIALIZED` are promises about which threads use the context; this library
/// does not need them (every context may be used by any threads at once) and keeps them for
/// [`Ctx::options`]. `NOSTORE` is enforced: puts and atomics that write are refused with
/// [`Error::ContextNoStore`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CtxOptions(u8);

impl CtxOptions {
    /// No option (`0`).
    pub const NONE: CtxOptions = CtxOptions(0);
    /// `SHMEM_CTX_SERIALIZED`: used by one thread at a time.
    pub const SERIALIZED: CtxOptions = CtxOptions(1);
    /// `SHMEM_CTX_PRIVATE`: used only by the thread that made it.
    pub const PRIVATE: CtxOptions = CtxOptions(2);
    /// `SHMEM_CTX_NOSTORE`: used for no store (put, or atomic that writes).
    pub const NOSTORE: CtxOptions = CtxOptions(4);

    /// Whether every option of `other` is set here.
    pub fn contains(self, other: CtxOptions) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for CtxOptions {
    type Output = CtxOptions;
    fn bitor(self, rhs: CtxOptions) -> CtxOptions {
        CtxOptions(self.0 | rhs.0)
    }
}

/// A PE as a context names it: a world [`Pe`], or a [`TeamPe`] (the team-relative numbering
/// of a context made from a team, `shmem_team_create_ctx`). Either way the PE must belong to
/// the context's team.
pub trait CtxPe: Copy + Sealed {
    #[doc(hidden)]
    fn world_index(self) -> usize;
}

impl Sealed for Pe {}
impl CtxPe for Pe {
    #[inline]
    fn world_index(self) -> usize {
        self.index()
    }
}

impl Sealed for TeamPe {}
impl CtxPe for TeamPe {
    #[inline]
    fn world_index(self) -> usize {
        self.world().index()
    }
}

/// A context: one-sided operations with their own `fence`/`quiet`, usable from any thread
/// (`Send + Sync`), on arrays lent to threads ([`ThreadSlice`]). Made by
/// [`Shmem::ctx_create`] (PEs in world numbering) or [`Team::create_ctx`] (the team's PEs);
/// it cannot outlive the runtime or its team. Dropping it is `shmem_ctx_destroy`: its
/// operations complete first.
///
/// See [the module](crate::ctx) for an example with threads.
pub struct Ctx<'s> {
    path: ThreadPath<'s>,
    team: PeSet,
    options: CtxOptions,
}

impl std::fmt::Debug for Ctx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx")
            .field("team_start", &self.team.start())
            .field("team_stride", &self.team.stride())
            .field("team_size", &self.team.size())
            .field("options", &self.options)
            .finish()
    }
}

impl Shmem {
    /// A new context over the world (`shmem_ctx_create`): PEs are world [`Pe`]s.
    ///
    /// # Errors
    /// [`Error::ContextsUnavailable`] in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (see [the module](crate::ctx)).
    ///
    /// # Examples
    /// ```
    /// use shmem::{CtxOptions, SymVec};
    /// let shmem = shmem::init()?;
    /// let mut v = SymVec::<i32>::zeroed(&shmem, 4)?;
    /// let me = shmem.my_pe();
    /// {
    ///     let lent = v.lend()?;
    ///     let ctx = shmem.ctx_create(CtxOptions::NONE)?;
    ///     ctx.put(&lent, me, &[1, 2, 3])?;
    ///     ctx.quiet();
    ///     let mut back = [0; 4];
    ///     ctx.get(&lent, me, &mut back)?;
    ///     assert_eq!(back, [1, 2, 3, 0]);
    ///     let ro = shmem.ctx_create(CtxOptions::NOSTORE)?;
    ///     assert!(matches!(ro.put(&lent, me, &[9]), Err(shmem::Error::ContextNoStore)));
    /// }
    /// assert_eq!(v.to_vec(), [1, 2, 3, 0]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn ctx_create(&self, options: CtxOptions) -> Result<Ctx<'_>, Error> {
        Ctx::new(self, PeSet::world(self.n_pes()), options)
    }
}

impl<'s> Team<'s> {
    /// A new context over this team (`shmem_team_create_ctx`): its operations may only name
    /// the team's PEs, as [`TeamPe`]s or world [`Pe`]s. It borrows the team, so it cannot
    /// outlive it.
    ///
    /// # Errors
    /// [`Error::ContextsUnavailable`] in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (see [the module](crate::ctx)).
    pub fn create_ctx(&self, options: CtxOptions) -> Result<Ctx<'_>, Error> {
        Ctx::new(self.shmem(), self.set(), options)
    }
}

impl<'s> Ctx<'s> {
    fn new(shmem: &'s Shmem, team: PeSet, options: CtxOptions) -> Result<Ctx<'s>, Error> {
        let path = shmem.rt().thread_path().ok_or(UNAVAILABLE)?;
        path.enter();
        Ok(Ctx {
            path,
            team,
            options,
        })
    }

    /// The options it was made with.
    pub fn options(&self) -> CtxOptions {
        self.options
    }

    /// Number of PEs of its team (`shmem_ctx_get_team`, then `shmem_team_n_pes`).
    pub fn n_pes(&self) -> usize {
        self.team.size()
    }

    /// This PE's number in its team.
    pub fn my_index(&self) -> usize {
        self.team
            .index_of(self.path.my_pe())
            .expect("a context is made by a member of its team")
    }

    /// The team's PEs, in team order, as world [`Pe`]s.
    pub fn pes(&self) -> impl ExactSizeIterator<Item = Pe> + use<> {
        let team = self.team;
        (0..team.size()).map(move |i| Pe::member(team.pe(i)))
    }

    /// Whether its team is the world's PEs in world order (`ctx_get_team` is
    /// `SHMEM_TEAM_WORLD`).
    pub fn is_world(&self) -> bool {
        self.team == PeSet::world(self.path.n_pes())
    }

    /// The world PE behind `pe`, checked to be in the team.
    #[inline]
    fn target(&self, pe: impl CtxPe) -> Result<usize, Error> {
        let w = pe.world_index();
        if self.team.index_of(w).is_some() {
            Ok(w)
        } else {
            Err(Error::NotAMember(NotAMember {
                pe: w,
                start: self.team.start(),
                stride: self.team.stride().unsigned_abs(),
                size: self.team.size(),
            }))
        }
    }

    #[inline]
    fn store_allowed(&self) -> Result<(), Error> {
        if self.options.contains(CtxOptions::NOSTORE) {
            Err(Error::ContextNoStore)
        } else {
            Ok(())
        }
    }

    /// Copies `src` into `pe`'s copy of `target` from element 0 (`shmem_ctx_put`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than `target`; [`Error::NotAMember`] for
    /// a PE outside the team; [`Error::ContextNoStore`]. Nothing is written then.
    pub fn put<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        src: &[T],
    ) -> Result<(), Error> {
        self.store_allowed()?;
        let pe = self.target(pe)?;
        target.check(0, src.len())?;
        target.lent.put(pe, 0, bytemuck::cast_slice(src));
        Ok(())
    }

    /// Copies `pe`'s copy of `source` from element 0 into `dst` (`shmem_ctx_get`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `dst` is longer than `source`; [`Error::NotAMember`].
    pub fn get<T: ThreadElem>(
        &self,
        source: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        dst: &mut [T],
    ) -> Result<(), Error> {
        let pe = self.target(pe)?;
        source.check(0, dst.len())?;
        source.lent.get(pe, 0, bytemuck::cast_slice_mut(dst));
        Ok(())
    }

    /// Writes element `i` of `pe`'s copy (`shmem_ctx_p`).
    ///
    /// # Errors
    /// As for [`Ctx::put`].
    pub fn p<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.store_allowed()?;
        let pe = self.target(pe)?;
        target.check(i, 1)?;
        target.lent.put(pe, i, &[bytemuck::cast(value)]);
        Ok(())
    }

    /// Reads element `i` of `pe`'s copy (`shmem_ctx_g`).
    ///
    /// # Errors
    /// As for [`Ctx::get`].
    pub fn g<T: ThreadElem>(
        &self,
        source: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
    ) -> Result<T, Error> {
        let pe = self.target(pe)?;
        source.check(i, 1)?;
        let mut v = [T::zeroed()];
        source.lent.get(pe, i, bytemuck::cast_slice_mut(&mut v));
        Ok(v[0])
    }

    /// Strided put (`shmem_ctx_iput`): `count` elements `src[k * src_stride]` to elements
    /// `k * dst_stride` of `pe`'s copy of `target`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when either side's span does not fit (strides must be at least
    /// 1); [`Error::NotAMember`]; [`Error::ContextNoStore`]. Nothing is written then.
    pub fn iput<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        dst_stride: usize,
        pe: impl CtxPe,
        src: &[T],
        src_stride: usize,
        count: usize,
    ) -> Result<(), Error> {
        self.store_allowed()?;
        let pe = self.target(pe)?;
        target.check(0, strided_span(count, dst_stride)?)?;
        check_local(src.len(), strided_span(count, src_stride)?)?;
        target
            .lent
            .iput(pe, dst_stride, bytemuck::cast_slice(src), src_stride, count);
        Ok(())
    }

    /// Strided get (`shmem_ctx_iget`), the mirror of [`Ctx::iput`].
    ///
    /// # Errors
    /// As for [`Ctx::iput`], without the store check.
    pub fn iget<T: ThreadElem>(
        &self,
        source: &ThreadSlice<'_, T>,
        src_stride: usize,
        pe: impl CtxPe,
        dst: &mut [T],
        dst_stride: usize,
        count: usize,
    ) -> Result<(), Error> {
        let pe = self.target(pe)?;
        source.check(0, strided_span(count, src_stride)?)?;
        check_local(dst.len(), strided_span(count, dst_stride)?)?;
        source.lent.iget(
            pe,
            src_stride,
            bytemuck::cast_slice_mut(dst),
            dst_stride,
            count,
        );
        Ok(())
    }

    /// One atomic operation on element `i` of `pe`'s copy; the previous value.
    #[inline]
    fn amo<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        op: AmoOp<<T as AmoExtended>::Word>,
    ) -> Result<T, Error> {
        if !matches!(op, AmoOp::Fetch) {
            self.store_allowed()?;
        }
        let pe = self.target(pe)?;
        target.check(i, 1)?;
        Ok(T::from_word(target.lent.amo(pe, i, op)))
    }

    /// Atomic read of element `i` of `pe`'s copy (`shmem_ctx_atomic_fetch`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`], [`Error::NotAMember`].
    pub fn atomic_fetch<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::Fetch)
    }

    /// Atomic write (`shmem_ctx_atomic_set`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`], [`Error::NotAMember`], [`Error::ContextNoStore`].
    pub fn atomic_set<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.amo(target, i, pe, AmoOp::Set(value.to_word()))
            .map(drop)
    }

    /// Atomic swap; the previous value (`shmem_ctx_atomic_swap`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_swap<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::Swap(value.to_word()))
    }

    /// Writes `value` if the element equals `cond`; the previous value either way
    /// (`shmem_ctx_atomic_compare_swap`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_compare_swap<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        cond: T,
        value: T,
    ) -> Result<T, Error> {
        self.amo(
            target,
            i,
            pe,
            AmoOp::CompareSwap {
                cond: cond.to_word(),
                new: value.to_word(),
            },
        )
    }

    /// Atomic add; the previous value (`shmem_ctx_atomic_fetch_add`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_fetch_add<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::FetchAdd(value.to_word()))
    }

    /// Atomic add (`shmem_ctx_atomic_add`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_add<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.atomic_fetch_add(target, i, pe, value).map(drop)
    }

    /// Atomic increment; the previous value (`shmem_ctx_atomic_fetch_inc`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_fetch_inc<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
    ) -> Result<T, Error> {
        self.atomic_fetch_add(target, i, pe, T::ONE)
    }

    /// Atomic increment (`shmem_ctx_atomic_inc`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_inc<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
    ) -> Result<(), Error> {
        self.atomic_fetch_add(target, i, pe, T::ONE).map(drop)
    }

    /// Atomic and; the previous value (`shmem_ctx_atomic_fetch_and`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_fetch_and<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::FetchAnd(value.to_word()))
    }

    /// Atomic or; the previous value (`shmem_ctx_atomic_fetch_or`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_fetch_or<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::FetchOr(value.to_word()))
    }

    /// Atomic xor; the previous value (`shmem_ctx_atomic_fetch_xor`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_fetch_xor<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<T, Error> {
        self.amo(target, i, pe, AmoOp::FetchXor(value.to_word()))
    }

    /// Atomic and (`shmem_ctx_atomic_and`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_and<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.atomic_fetch_and(target, i, pe, value).map(drop)
    }

    /// Atomic or (`shmem_ctx_atomic_or`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_or<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.atomic_fetch_or(target, i, pe, value).map(drop)
    }

    /// Atomic xor (`shmem_ctx_atomic_xor`).
    ///
    /// # Errors
    /// As for [`Ctx::atomic_set`].
    pub fn atomic_xor<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
    ) -> Result<(), Error> {
        self.atomic_fetch_xor(target, i, pe, value).map(drop)
    }

    /// Waits until element `i` of this PE's own copy satisfies `cmp value`; returns the value
    /// seen (`shmem_wait_until` from a thread).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn wait_until<T: WaitType + ThreadElem>(
        &self,
        ivar: &ThreadSlice<'_, T>,
        i: usize,
        cmp: Cmp,
        value: T,
    ) -> Result<T, Error> {
        ivar.check(i, 1)?;
        let w = ivar
            .lent
            .wait_until::<<T as WaitType>::Word>(i, |w| cmp.holds(T::from_word(w), value));
        Ok(T::from_word(w))
    }

    /// Whether element `i` of this PE's own copy satisfies `cmp value` now (`shmem_test`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`].
    pub fn test<T: WaitType + ThreadElem>(
        &self,
        ivar: &ThreadSlice<'_, T>,
        i: usize,
        cmp: Cmp,
        value: T,
    ) -> Result<bool, Error> {
        ivar.check(i, 1)?;
        let mut v = [T::zeroed()];
        ivar.lent
            .get(self.path.my_pe(), i, bytemuck::cast_slice_mut(&mut v));
        let holds = cmp.holds(v[0], value);
        if !holds {
            self.path.poll();
        }
        Ok(holds)
    }

    /// Orders this context's earlier puts and atomics before its later ones, to each PE
    /// (`shmem_ctx_fence`).
    pub fn fence(&self) {
        self.path.fence();
    }

    /// Completes this context's earlier puts and atomics (`shmem_ctx_quiet`).
    pub fn quiet(&self) {
        self.path.quiet();
    }
}

/// A scope of non-blocking operations on a context ([`Ctx::nbi`]): `shmem_ctx_put_nbi`,
/// `shmem_ctx_get_nbi` and the fetching atomics' `_nbi` forms.
/// Local buffers stay borrowed until the scope ends with the context's `quiet`, so the same
/// program is correct where operations complete later; here each completes when issued.
#[derive(Debug)]
pub struct CtxNbi<'scope, 'env: 'scope, 's> {
    ctx: &'env Ctx<'s>,
    _scope: PhantomData<&'scope mut &'scope ()>,
    _env: PhantomData<&'env mut &'env ()>,
}

impl<'s> Ctx<'s> {
    /// Runs `f` with a scope for this context's non-blocking operations, then completes them
    /// (the context's `quiet`).
    ///
    /// # Examples
    /// ```
    /// use shmem::{CtxOptions, SymVec};
    /// let shmem = shmem::init()?;
    /// let mut v = SymVec::<u32>::zeroed(&shmem, 4)?;
    /// let me = shmem.my_pe();
    /// {
    ///     let lent = v.lend()?;
    ///     let ctx = shmem.ctx_create(CtxOptions::NONE)?;
    ///     let src = [1, 2, 3, 4];
    ///     let mut old = 0u32;
    ///     ctx.nbi(|nbi| -> Result<(), shmem::Error> {
    ///         nbi.put(&lent, me, &src)?;
    ///         nbi.atomic_fetch_add(&lent, 0, me, 10, &mut old)?;
    ///         Ok(())
    ///     })?;
    ///     assert_eq!(old, 1);                  // readable after the scope
    ///     let mut back = [0u32; 4];
    ///     ctx.nbi(|nbi| nbi.get(&lent, me, &mut back))?;
    ///     assert_eq!(back, [11, 2, 3, 4]);
    /// }
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn nbi<'env, R>(
        &'env self,
        f: impl for<'scope> FnOnce(&'scope CtxNbi<'scope, 'env, 's>) -> R,
    ) -> R {
        let scope = CtxNbi {
            ctx: self,
            _scope: PhantomData,
            _env: PhantomData,
        };
        let r = f(&scope);
        self.quiet();
        r
    }
}

impl<'env> CtxNbi<'_, 'env, '_> {
    /// Starts copying `src` into `pe`'s copy of `target` (`shmem_ctx_put_nbi`).
    ///
    /// # Errors
    /// As for [`Ctx::put`].
    pub fn put<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        src: &'env [T],
    ) -> Result<(), Error> {
        self.ctx.put(target, pe, src)
    }

    /// Starts copying `pe`'s copy of `source` into `dst` (`shmem_ctx_get_nbi`); `dst` can be
    /// read after the scope.
    ///
    /// # Errors
    /// As for [`Ctx::get`].
    pub fn get<T: ThreadElem>(
        &self,
        source: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        dst: &'env mut [T],
    ) -> Result<(), Error> {
        self.ctx.get(source, pe, dst)
    }

    /// Starts an atomic fetch (`shmem_ctx_atomic_fetch_nbi`); the value lands in `out`.
    ///
    /// # Errors
    /// As for [`Ctx::atomic_fetch`].
    pub fn atomic_fetch<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        out: &'env mut T,
    ) -> Result<(), Error> {
        *out = self.ctx.atomic_fetch(target, i, pe)?;
        Ok(())
    }

    /// Starts an atomic swap (`shmem_ctx_atomic_swap_nbi`); the old value lands in `out`.
    ///
    /// # Errors
    /// As for [`Ctx::atomic_swap`].
    pub fn atomic_swap<T: AmoExtended + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
        out: &'env mut T,
    ) -> Result<(), Error> {
        *out = self.ctx.atomic_swap(target, i, pe, value)?;
        Ok(())
    }

    /// Starts a compare-and-swap (`shmem_ctx_atomic_compare_swap_nbi`); the old value lands
    /// in `out`.
    ///
    /// # Errors
    /// As for [`Ctx::atomic_compare_swap`].
    pub fn atomic_compare_swap<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        cond: T,
        value: T,
        out: &'env mut T,
    ) -> Result<(), Error> {
        *out = self.ctx.atomic_compare_swap(target, i, pe, cond, value)?;
        Ok(())
    }

    /// Starts a fetch-and-add (`shmem_ctx_atomic_fetch_add_nbi`; `fetch_inc_nbi` is a
    /// fetch-add of 1); the old value lands in `out`.
    ///
    /// # Errors
    /// As for [`Ctx::atomic_fetch_add`].
    pub fn atomic_fetch_add<T: AmoStandard + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        value: T,
        out: &'env mut T,
    ) -> Result<(), Error> {
        *out = self.ctx.atomic_fetch_add(target, i, pe, value)?;
        Ok(())
    }

    /// Starts a fetch-and-and, -or or -xor (`shmem_ctx_atomic_fetch_{and,or,xor}_nbi`,
    /// `op` choosing which); the old value lands in `out`.
    ///
    /// # Errors
    /// As for [`Ctx::atomic_fetch_and`].
    pub fn atomic_fetch_bitwise<T: AmoBitwise + ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        i: usize,
        pe: impl CtxPe,
        op: BitOp,
        value: T,
        out: &'env mut T,
    ) -> Result<(), Error> {
        *out = match op {
            BitOp::And => self.ctx.atomic_fetch_and(target, i, pe, value)?,
            BitOp::Or => self.ctx.atomic_fetch_or(target, i, pe, value)?,
            BitOp::Xor => self.ctx.atomic_fetch_xor(target, i, pe, value)?,
        };
        Ok(())
    }
}

/// Which bitwise atomic a [`CtxNbi::atomic_fetch_bitwise`] performs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitOp {
    /// `fetch_and`
    And,
    /// `fetch_or`
    Or,
    /// `fetch_xor`
    Xor,
}

/// Options of a session (`SHMEM_CTX_SESSION_*`), combined with `|`: hints about the operations a
/// [`Session`] will issue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SessionOptions(u8);

impl SessionOptions {
    /// No option.
    pub const NONE: SessionOptions = SessionOptions(0);
    /// `SHMEM_CTX_SESSION_BATCH`: the session's operations may be batched (OpenSHMEM 1.6).
    pub const BATCH: SessionOptions = SessionOptions(1);

    /// Whether every option of `other` is set here.
    pub fn contains(self, other: SessionOptions) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for SessionOptions {
    type Output = SessionOptions;
    fn bitor(self, rhs: SessionOptions) -> SessionOptions {
        SessionOptions(self.0 | rhs.0)
    }
}

/// `shmem_ctx_session_config_t`: what a session expects; `None` fields are unset (not in
/// `config_mask`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SessionConfig {
    /// `total_ops` (`SHMEM_CTX_SESSION_TOTAL_OPS`): how many operations the session will issue.
    pub total_ops: Option<u64>,
}

/// A session on a context (`shmem_ctx_session_start` ... `shmem_ctx_session_stop`): a stretch of
/// operations that the program describes in advance, so that an implementation could batch
/// them. Here the hints are recorded and change nothing (every context operation already
/// completes on return, so there is nothing to batch). Issue operations through the session
/// (it dereferences to its [`Ctx`]); dropping it stops the session, after a `quiet`.
///
/// # Examples
/// ```
/// use shmem::{CtxOptions, SessionConfig, SessionOptions, SymVec};
/// let shmem = shmem::init()?;
/// let mut table = SymVec::<u64>::zeroed(&shmem, 16)?;
/// let me = shmem.my_pe();
/// {
///     let lent = table.lend()?;
///     let ctx = shmem.ctx_create(CtxOptions::NONE)?;
///     let config = SessionConfig { total_ops: Some(16) };
///     let session = ctx.session(SessionOptions::BATCH, config);
///     for i in 0..16 {
///         session.atomic_xor(&lent, i, me, 1u64 << i)?;
///     }
/// }                                       // session stopped, context destroyed
/// assert_eq!(table.read(3)?, 8);
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Debug)]
pub struct Session<'c, 's> {
    ctx: &'c Ctx<'s>,
    options: SessionOptions,
    config: SessionConfig,
}

impl<'s> Ctx<'s> {
    /// Starts a session on this context (`shmem_ctx_session_start`).
    pub fn session(&self, options: SessionOptions, config: SessionConfig) -> Session<'_, 's> {
        Session {
            ctx: self,
            options,
            config,
        }
    }
}

impl Session<'_, '_> {
    /// The options it was started with.
    pub fn options(&self) -> SessionOptions {
        self.options
    }

    /// The configuration it was started with.
    pub fn config(&self) -> SessionConfig {
        self.config
    }
}

impl<'s> std::ops::Deref for Session<'_, 's> {
    type Target = Ctx<'s>;
    fn deref(&self) -> &Ctx<'s> {
        self.ctx
    }
}

impl Drop for Session<'_, '_> {
    /// `shmem_session_stop`.
    fn drop(&mut self) {
        self.ctx.quiet();
    }
}

impl Drop for Ctx<'_> {
    /// `shmem_ctx_destroy`: completes the context's operations.
    fn drop(&mut self) {
        self.path.quiet();
        self.path.leave();
    }
}

/// Elements a strided transfer of `count` elements spans at `stride` (`0` for none).
fn strided_span(count: usize, stride: usize) -> Result<usize, Error> {
    if count == 0 {
        return Ok(0);
    }
    let bad = || Error::OutOfBounds {
        start: 0,
        len: count,
        object_len: 0,
    };
    if stride == 0 {
        return Err(bad());
    }
    (count - 1)
        .checked_mul(stride)
        .and_then(|s| s.checked_add(1))
        .ok_or_else(bad)
}

/// A local buffer of `have` elements holds a span of `need`.
fn check_local(have: usize, need: usize) -> Result<(), Error> {
    if need <= have {
        Ok(())
    } else {
        Err(Error::OutOfBounds {
            start: 0,
            len: need,
            object_len: have,
        })
    }
}

/// Put-with-signal, block-strided transfers and `pe_quiet` on a context: the forms
/// `shmem_ctx_put_signal`, `shmem_ctx_ibput`/`ibget` and `shmem_ctx_pe_quiet` of the
/// handle's [`SymSlice::put_signal`](crate::SymSlice::put_signal),
/// [`SymSlice::ibput`](crate::SymSlice::ibput) and [`Shmem::pe_quiet`].
impl<'s> Ctx<'s> {
    /// Copies `src` into `pe`'s copy of `target` from element 0, then updates element 0 of
    /// `pe`'s copy of `signal` with `value` by `op` (`shmem_ctx_put_signal`): a PE or thread
    /// that observes the signal's new value also observes the data. The signal is a `u64`
    /// lent to threads; pass one element of a longer array as `flags.slice(k..=k)?`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than `target` or `signal` is empty;
    /// [`Error::SignalOverlap`] when the signal lies inside the data's target range;
    /// [`Error::NotAMember`]; [`Error::ContextNoStore`]. Nothing is written then.
    ///
    /// # Examples
    /// ```
    /// use shmem::{Cmp, CtxOptions, SignalOp, SymBox, SymVec};
    /// let shmem = shmem::init()?;
    /// let mut data = SymVec::<u32>::zeroed(&shmem, 4)?;
    /// let mut flag = SymBox::new(&shmem, 0u64)?;
    /// let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
    /// {
    ///     let (data, flag) = (data.lend()?, flag.lend()?);
    ///     let ctx = shmem.ctx_create(CtxOptions::NONE)?;
    ///     ctx.put_signal(&data, right, &[1, 2, 3, 4], &flag, 1, SignalOp::Add)?;
    ///     ctx.wait_until(&flag, 0, Cmp::Ge, 1)?;    // the left neighbour's data is here
    ///     let mut got = [0; 4];
    ///     ctx.get(&data, shmem.my_pe(), &mut got)?;
    ///     assert_eq!(got, [1, 2, 3, 4]);
    /// }
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn put_signal<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        src: &[T],
        signal: &ThreadSlice<'_, u64>,
        value: u64,
        op: SignalOp,
    ) -> Result<(), Error> {
        self.store_allowed()?;
        let pe = self.target(pe)?;
        target.check(0, src.len())?;
        signal.check(0, 1)?;
        let (start, len) = (target.lent.offset(), size_of_val(src));
        let sig = signal.lent.offset();
        if sig < start + len && start < sig + size_of::<u64>() {
            return Err(Error::SignalOverlap {
                signal: sig,
                start,
                len,
            });
        }
        target.lent.put(pe, 0, bytemuck::cast_slice(src));
        // Orders the data before the signal (and completes it first through MPI).
        self.path.fence();
        let op = match op {
            SignalOp::Set => AmoOp::Set(value),
            SignalOp::Add => AmoOp::FetchAdd(value),
        };
        signal.lent.amo(pe, 0, op);
        Ok(())
    }

    /// Block-strided put (`shmem_ctx_ibput`): for `i < nblocks`, the `bsize` elements
    /// `src[i * sst ..]` go to elements `i * tst ..` of `pe`'s copy of `target`. `tst >=
    /// bsize` (target blocks never overlap); `sst >= 1`.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] for a zero stride or `tst < bsize`; [`Error::OutOfBounds`]
    /// when the last block falls outside either side; [`Error::NotAMember`];
    /// [`Error::ContextNoStore`]. Nothing is written then.
    #[allow(clippy::too_many_arguments)]
    pub fn ibput<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        tst: usize,
        pe: impl CtxPe,
        src: &[T],
        sst: usize,
        bsize: usize,
        nblocks: usize,
    ) -> Result<(), Error> {
        self.store_allowed()?;
        let pe = self.target(pe)?;
        let shape = Blocked {
            sym_stride: tst,
            local_len: src.len(),
            local_stride: sst,
            bsize,
            nblocks,
            sym_written: true,
        };
        if check_blocked(target.len(), shape)? {
            for i in 0..nblocks {
                let block = &src[i * sst..i * sst + bsize];
                target.lent.put(pe, i * tst, bytemuck::cast_slice(block));
            }
        }
        Ok(())
    }

    /// Block-strided get (`shmem_ctx_ibget`): for `i < nblocks`, the `bsize` elements
    /// `i * sst ..` of `pe`'s copy of `source` go to `dst[i * tst ..]`. `tst >= bsize`
    /// (destination blocks never overlap); `sst >= 1`.
    ///
    /// # Errors
    /// As [`Ctx::ibput`], with the roles swapped and without the store check. Nothing is
    /// read then.
    #[allow(clippy::too_many_arguments)]
    pub fn ibget<T: ThreadElem>(
        &self,
        source: &ThreadSlice<'_, T>,
        sst: usize,
        pe: impl CtxPe,
        dst: &mut [T],
        tst: usize,
        bsize: usize,
        nblocks: usize,
    ) -> Result<(), Error> {
        let pe = self.target(pe)?;
        let shape = Blocked {
            sym_stride: sst,
            local_len: dst.len(),
            local_stride: tst,
            bsize,
            nblocks,
            sym_written: false,
        };
        if check_blocked(source.len(), shape)? {
            for i in 0..nblocks {
                let block = &mut dst[i * tst..i * tst + bsize];
                source
                    .lent
                    .get(pe, i * sst, bytemuck::cast_slice_mut(block));
            }
        }
        Ok(())
    }

    /// Completes this context's earlier puts and atomics to `pes` (`shmem_ctx_pe_quiet`); here
    /// that completes them to every PE, as [`Ctx::quiet`] does.
    ///
    /// # Errors
    /// [`Error::NotAMember`] for a PE outside the context's team; nothing is completed then.
    pub fn pe_quiet<P: CtxPe>(&self, pes: &[P]) -> Result<(), Error> {
        for &pe in pes {
            self.target(pe)?;
        }
        self.quiet();
        Ok(())
    }
}

impl<'env> CtxNbi<'_, 'env, '_> {
    /// Starts a put-with-signal (`shmem_ctx_put_signal_nbi`): `src` stays borrowed until the
    /// scope ends.
    ///
    /// # Errors
    /// As for [`Ctx::put_signal`].
    pub fn put_signal<T: ThreadElem>(
        &self,
        target: &ThreadSlice<'_, T>,
        pe: impl CtxPe,
        src: &'env [T],
        signal: &ThreadSlice<'_, u64>,
        value: u64,
        op: SignalOp,
    ) -> Result<(), Error> {
        self.ctx.put_signal(target, pe, src, signal, value, op)
    }
}

impl<'a, T: ThreadElem> ThreadSlice<'a, T> {
    /// The `len` elements of a thread static ([`ThreadStatic`](crate::ThreadStatic)) at
    /// symmetric `offset`, which has no view and no other way into this process: every access
    /// of this process to its bytes is through a `ThreadSlice` of `T`, made here.
    #[allow(unsafe_code)]
    pub(crate) fn of_thread_static(
        shmem: &'a Shmem,
        offset: usize,
        len: usize,
    ) -> Result<Self, Error> {
        let path = shmem.rt().thread_path().ok_or(UNAVAILABLE)?;
        Ok(ThreadSlice {
            // SAFETY: the range is a `ThreadStatic<T>` or `ThreadStatic<[T; N]>`'s (its
            // layout's offset and length), whose only accessor is this function: it has no
            // `Sym`/`SymSlice` view, is no collective's target, and no heap object or other
            // static shares its bytes (the layout), so every access of this process to them,
            // for as long as the runtime lives, goes through `Lent`s of `T::Word`.
            lent: unsafe { Lent::new(path, offset, len) },
            _t: PhantomData,
        })
    }
}
