//! Collectives over active sets (OpenSHMEM 1.4 §9.9, the `*_to_all` family of
//! SHMEM_LONG_OR_TO_ALL(3)): [`ActiveSet`], the membership proof [`Member`], the typed pSync
//! [`SyncBuf`], and the element-type rules of reductions.
//!
//! What the types enforce, rule by rule of the manual page:
//! * *"only the PEs in the active set call it"*: collectives are methods of [`Member`], which
//!   only [`ActiveSet::member`] makes, and only on a member.
//! * *"source and target may be the same array, but not overlapping"*: the target is a
//!   [`SymTarget`] (an exclusive borrow), the source a shared [`SymSlice`] borrow, so they
//!   cannot overlap; `*_in_place` takes one array for both.
//! * *pSync of size `SHMEM_REDUCE_SYNC_SIZE`, initialized before use*: a [`SyncBuf`] of the
//!   right kind and size ([`ReduceSync`], ...) is the only thing a collective accepts; it is
//!   initialized when it is made and borrowed `&mut` for the whole call.
//! * *pSync reuse and the alternating two-buffer pattern*: a `SyncBuf` belongs to one active set
//!   and carries sequence numbers instead of `SYNC_VALUE`s, so reusing one buffer back to back,
//!   or alternating two, is correct without any barrier (`shmem_core::collectives` has the
//!   proof).
//! * *pWrk*: there is none; no call allocates.
//! * *equal arguments on every member*: the set, the `SyncBuf`, the target and source
//!   objects, element counts, roots, strides, the operation and the element type travel with
//!   each call and are compared; a mismatch is the same [`Error::ArgumentMismatch`] on every
//!   member, and a local check that fails on some members (a short target, a root out of
//!   range, a `SyncBuf` of another set) is the same error on every member too
//!   ([`Error::Refused`]); nothing is written then.

use std::marker::PhantomData;

use bytemuck::Pod;
use shmem_core::collectives::{
    self as core, And, ArithElem, Coll, Complex32, Complex64, DATA_CAPACITY, IntegerElem, Max, Min,
    Or, Prod, ReduceOp, Refusal, SYNC_ONLY_CAPACITY, ScanOp, Sum, SumProdElem, SyncArea, Xor,
};
use shmem_core::pe_set::PeSet;
use shmem_core::{AllocRequest, Allocation, NotAMember, Transport};

use crate::handle::{Pe, Shmem};
use crate::sym::{SymSlice, SymTarget};
use shmem_core::Error;

// ------------------------------------------------------------------------------------------
// element types

mod sealed {
    pub trait Sealed {}
}

/// Element types of the sum and product reductions, the sum scans and the window's
/// [`op::Sum`](crate::window::op::Sum)/[`op::Prod`](crate::window::op::Prod): every integer
/// type, `f32`/`f64` and the complex types [`Complex32`]/[`Complex64`] (C `float _Complex`
/// and `double _Complex`; OpenSHMEM 1.5 Table 10, `complexf`/`complexd`). Sealed.
pub trait SumProdReduce: SumProdElem + sealed::Sealed {}

/// Element types of every arithmetic reduction (sum, prod, min, max): every integer type and
/// `f32`/`f64` (OpenSHMEM 1.5 Table 10), the ordered ones: min and max on [`Complex64`] do not
/// compile. Sealed.
pub trait ArithmeticReduce: SumProdReduce + ArithElem {}

/// Element types of the bitwise reductions (and, or, xor): the integer types only, so
/// `or_to_all` on `f64` does not compile. Sealed.
pub trait BitwiseReduce: ArithmeticReduce + IntegerElem {}

macro_rules! reduce_types {
    (bitwise: $($i:ty),*; arithmetic: $($f:ty),*; sum_prod: $($c:ty),*) => {
        $(
            impl sealed::Sealed for $i {}
            impl SumProdReduce for $i {}
            impl ArithmeticReduce for $i {}
            impl BitwiseReduce for $i {}
        )*
        $( impl sealed::Sealed for $f {} impl SumProdReduce for $f {} impl ArithmeticReduce for $f {} )*
        $( impl sealed::Sealed for $c {} impl SumProdReduce for $c {} )*
    };
}
reduce_types!(
    bitwise: i8, u8, i16, u16, i32, u32, i64, u64, isize, usize;
    arithmetic: f32, f64;
    sum_prod: Complex32, Complex64
);

// ------------------------------------------------------------------------------------------
// active sets

/// An active set: `size` PEs starting at `start`, `2^log_stride` apart (the spec's
/// `(PE_start, logPE_stride, PE_size)` triplet), validated against the job.
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let all = shmem::ActiveSet::new(&shmem, 0, 0, shmem.n_pes())?;
/// assert!(all.contains(shmem.my_pe()));
/// assert!(shmem::ActiveSet::new(&shmem, 0, 0, shmem.n_pes() + 1).is_err());
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActiveSet {
    log_stride: u32,
    set: PeSet,
}

impl ActiveSet {
    /// The set `start + i * 2^log_stride`, `i < size`.
    ///
    /// # Errors
    /// [`Error::InvalidActiveSet`] unless `size > 0` and
    /// `start + (size - 1) * 2^log_stride < n_pes` (so a last member equal to `n_pes` is an
    /// error).
    pub fn new(
        shmem: &Shmem,
        start: usize,
        log_stride: u32,
        size: usize,
    ) -> Result<ActiveSet, Error> {
        let n_pes = shmem.n_pes();
        1usize
            .checked_shl(log_stride)
            .filter(|&stride| stride.trailing_zeros() == log_stride)
            .and_then(|stride| isize::try_from(stride).ok())
            .and_then(|stride| PeSet::new(start, stride, size, n_pes))
            .map(|set| ActiveSet { log_stride, set })
            .ok_or(Error::InvalidActiveSet {
                start,
                log_stride,
                size,
                n_pes,
            })
    }

    /// Every PE of the job: `(0, 0, n_pes)`.
    pub fn world(shmem: &Shmem) -> ActiveSet {
        ActiveSet {
            log_stride: 0,
            set: PeSet::world(shmem.n_pes()),
        }
    }

    /// `PE_start`.
    pub fn start(&self) -> usize {
        self.set.start()
    }

    /// `logPE_stride`.
    pub fn log_stride(&self) -> u32 {
        self.log_stride
    }

    /// `PE_size`.
    pub fn size(&self) -> usize {
        self.set.size()
    }

    /// Whether `pe` belongs to the set.
    pub fn contains(&self, pe: Pe) -> bool {
        self.set.index_of(pe.index()).is_some()
    }

    /// The index of `pe` in the set (its ordinal, as broadcast roots are given), if a member.
    pub fn index_of(&self, pe: Pe) -> Option<usize> {
        self.set.index_of(pe.index())
    }

    /// The members' PE numbers, in order.
    pub fn members(&self) -> impl ExactSizeIterator<Item = usize> + use<> {
        let set = self.set;
        (0..set.size()).map(move |i| set.pe(i))
    }

    /// The membership proof that every collective over this set requires; only a member gets
    /// one.
    ///
    /// # Errors
    /// [`NotAMember`] on a PE outside the set.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let set = shmem::ActiveSet::world(&shmem);
    /// let me = set.member(&shmem)?;
    /// assert_eq!(me.index(), shmem.my_pe().index());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn member<'s>(&self, shmem: &'s Shmem) -> Result<Member<'s>, NotAMember> {
        let pe = shmem.my_pe().index();
        match self.set.index_of(pe) {
            Some(index) => Ok(Member {
                shmem,
                set: *self,
                index,
            }),
            None => Err(NotAMember {
                pe,
                start: self.set.start(),
                stride: self.set.stride().unsigned_abs(),
                size: self.set.size(),
            }),
        }
    }

    pub(crate) fn pe_set(&self) -> PeSet {
        self.set
    }
}

/// An active set's `(start, stride, size)` (its stride is positive).
fn triplet(s: PeSet) -> (usize, usize, usize) {
    (s.start(), s.stride().unsigned_abs(), s.size())
}

// ------------------------------------------------------------------------------------------
// SyncBuf

/// The kinds of [`SyncBuf`]: which collective a buffer is for. A buffer of one kind cannot
/// be passed to another kind's collective.
pub mod sync_kind {
    /// What a [`SyncBuf`](crate::SyncBuf) kind fixes: its staging capacity. Sealed.
    pub trait SyncKind: super::sealed::Sealed + 'static {
        /// Data bytes a call can stage in the buffer (bigger calls synchronize twice).
        const CAPACITY: usize;
    }
    /// For reductions (`SHMEM_REDUCE_SYNC_SIZE`).
    #[derive(Debug)]
    pub enum Reduce {}
    /// For broadcast (`SHMEM_BCAST_SYNC_SIZE`).
    #[derive(Debug)]
    pub enum Broadcast {}
    /// For collect and fcollect (`SHMEM_COLLECT_SYNC_SIZE`).
    #[derive(Debug)]
    pub enum Collect {}
    /// For alltoall and alltoalls (`SHMEM_ALLTOALL_SYNC_SIZE`).
    #[derive(Debug)]
    pub enum Alltoall {}
    /// For barrier and sync on a set (`SHMEM_BARRIER_SYNC_SIZE`).
    #[derive(Debug)]
    pub enum Barrier {}
}
use sync_kind::SyncKind;

/// The spec's `pSync` array: symmetric synchronization memory for collectives of kind `K`
/// over one [`ActiveSet`], `N` 64-bit words long (`N` is one of [`REDUCE_SYNC_SIZE`],
/// [`BCAST_SYNC_SIZE`], [`COLLECT_SYNC_SIZE`], [`ALLTOALL_SYNC_SIZE`],
/// [`BARRIER_SYNC_SIZE`]; only the matching `(K, N)` pairs can be made, see the aliases
/// [`ReduceSync`], [`BcastSync`], [`CollectSync`], [`AlltoallSync`], [`BarrierSync`]).
///
/// Made collectively (on every PE, like any symmetric allocation) for one active set, it is
/// initialized when `new` returns, borrowed `&mut` by each call, and may be reused at once:
/// back-to-back calls with one buffer, or alternating two, need no barrier in between. It is
/// freed (collectively) when dropped.
///
/// # Examples
/// ```
/// use shmem::{ActiveSet, ReduceSync, SymVec};
/// let shmem = shmem::init()?;
/// let set = ActiveSet::world(&shmem);
/// let me = set.member(&shmem)?;
/// let mut psync = ReduceSync::new(&shmem, &set)?; // initialized here, once
/// let src = SymVec::new(&shmem, 1, 0u64)?;
/// let mut sum = SymVec::new(&shmem, 1, 0u64)?;
/// for round in 1..=100 {
///     src.write(0, round)?; // this PE's source may change as soon as the last call returned
///     me.sum_to_all(&mut sum, &src, &mut psync)?; // no barrier between calls
///     assert_eq!(sum.read(0)?, round * shmem.n_pes() as u64);
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SyncBuf<'s, K: SyncKind, const N: usize> {
    shmem: &'s Shmem,
    /// The heap block; dropping it frees it.
    _block: Allocation<'s>,
    area: SyncArea,
    set: PeSet,
    /// This PE's handle on the set's collectives with this buffer (`None` off the set).
    coll: Option<Coll<'s>>,
    _kind: PhantomData<K>,
}

impl<K: SyncKind, const N: usize> std::fmt::Debug for SyncBuf<'_, K, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SyncBuf")
            .field("kind", &std::any::type_name::<K>())
            .field("words", &N)
            .field("set", &triplet(self.set))
            .field("offset", &self.area.offset())
            .finish()
    }
}

impl<'s, K: SyncKind, const N: usize> SyncBuf<'s, K, N> {
    fn alloc(shmem: &'s Shmem, set: &ActiveSet) -> Result<Self, Error> {
        let t = shmem.rt().transport();
        let bytes = core::area_bytes(K::CAPACITY);
        debug_assert_eq!(bytes, N * 8);
        // The set is not part of the allocation's signature: disjoint sets may share one
        // pSync (each PE makes it for its own set); the set travels with every call instead,
        // so the members of one call are checked against each other.
        let req = AllocRequest::object::<K>(bytes, 128, 2, 0);
        let me = shmem.my_pe().index();
        let block = shmem
            .rt()
            .alloc(req, |offset| t.fill(me, offset, bytes, 0))?;
        let area = SyncArea::new(block.offset(), K::CAPACITY);
        Ok(SyncBuf {
            shmem,
            _block: block,
            area,
            set: set.pe_set(),
            coll: Coll::new(t, set.pe_set(), area),
            _kind: PhantomData,
        })
    }

    /// The set this buffer synchronizes: `(start, stride, size)`.
    pub fn set(&self) -> (usize, usize, usize) {
        triplet(self.set)
    }
}

macro_rules! sync_kinds {
    ($($kind:ident, $size:ident, $cap:expr, $alias:ident, $spec:literal, $what:literal;)*) => {$(
        #[doc = concat!("`", $spec, "`: 64-bit words in a [`", stringify!($alias), "`] (the value is this implementation's).")]
        pub const $size: usize = core::area_bytes($cap) / 8;

        impl sealed::Sealed for sync_kind::$kind {}
        impl SyncKind for sync_kind::$kind {
            const CAPACITY: usize = $cap;
        }

        #[doc = concat!("A [`SyncBuf`] for ", $what, " (`pSync` of `", $spec, "` words).")]
        pub type $alias<'s> = SyncBuf<'s, sync_kind::$kind, $size>;

        impl<'s> SyncBuf<'s, sync_kind::$kind, $size> {
            #[doc = concat!("Makes a `pSync` for ", $what, " over `set`. *Collective* over")]
            /// **all** PEs (it is a symmetric allocation), including those outside `set`.
            ///
            /// Disjoint sets may share one buffer: each PE passes the set it will use it
            /// with; every call compares the members' sets.
            ///
            /// # Errors
            /// On every PE: [`Error::ArgumentMismatch`] when the PEs allocate something else
            /// at this point; [`Error::HeapExhausted`] when the symmetric heap is full.
            pub fn new(shmem: &'s Shmem, set: &ActiveSet) -> Result<Self, Error> {
                Self::alloc(shmem, set)
            }
        }
    )*};
}

sync_kinds! {
    Reduce, REDUCE_SYNC_SIZE, DATA_CAPACITY, ReduceSync, "SHMEM_REDUCE_SYNC_SIZE", "reductions";
    Broadcast, BCAST_SYNC_SIZE, DATA_CAPACITY, BcastSync, "SHMEM_BCAST_SYNC_SIZE", "broadcast";
    Collect, COLLECT_SYNC_SIZE, DATA_CAPACITY, CollectSync, "SHMEM_COLLECT_SYNC_SIZE", "collect and fcollect";
    Alltoall, ALLTOALL_SYNC_SIZE, DATA_CAPACITY, AlltoallSync, "SHMEM_ALLTOALL_SYNC_SIZE", "alltoall and alltoalls";
    Barrier, BARRIER_SYNC_SIZE, SYNC_ONLY_CAPACITY, BarrierSync, "SHMEM_BARRIER_SYNC_SIZE", "barrier and sync";
}

// ------------------------------------------------------------------------------------------
// the typed calls shared by the active-set form (Member) and the team form (Team)
//
// Every local check becomes a refusal that joins the call's agreement round instead of an
// early return: a member that returned early would leave the others waiting for it (or
// pairing with its next call); this way every member returns the same error.

/// A collective's handle and this member's refusal so far (e.g. a `SyncBuf` of another set).
pub(crate) type Prepared<'p> = (Coll<'p>, Option<Refusal>);

pub(crate) fn reduce<T: Pod, O: ReduceOp<T>>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: Option<&SymSlice<'_, T>>,
) -> Result<(), Error> {
    let target = target.sym_target();
    let (src, n, check) = match source {
        Some(s) if s.len() != target.len() => (
            s.offset(),
            s.len(),
            Some(Refusal::LengthMismatch {
                what: "reduction target and source",
                left: target.len(),
                right: s.len(),
            }),
        ),
        Some(s) => (s.offset(), s.len(), overlap(&target, s)),
        None => (target.offset(), target.len(), None),
    };
    coll.reduce::<T, O>(target.offset(), src, n, refusal.or(check))
}

/// A scan (`exclusive`: `shmem_<op>_exscan`, else `shmem_<op>_inscan`), out of place with a
/// `source`, in place without; the same checks as [`reduce`].
pub(crate) fn scan<T: Pod, O: ScanOp<T>>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: Option<&SymSlice<'_, T>>,
    exclusive: bool,
) -> Result<(), Error> {
    let target = target.sym_target();
    let (src, n, check) = match source {
        Some(s) if s.len() != target.len() => (
            s.offset(),
            s.len(),
            Some(Refusal::LengthMismatch {
                what: "scan target and source",
                left: target.len(),
                right: s.len(),
            }),
        ),
        Some(s) => (s.offset(), s.len(), overlap(&target, s)),
        None => (target.offset(), target.len(), None),
    };
    coll.scan::<T, O>(target.offset(), src, n, exclusive, refusal.or(check))
}

pub(crate) fn broadcast<T: Pod>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: &SymSlice<'_, T>,
    root: Pe,
    write_root: bool,
) -> Result<(), Error> {
    let target = target.sym_target();
    let check = (target.len() != source.len())
        .then_some(Refusal::LengthMismatch {
            what: "broadcast target and source",
            left: target.len(),
            right: source.len(),
        })
        .or_else(|| overlap(&target, source));
    coll.broadcast::<T>(
        target.offset(),
        source.offset(),
        source.len(),
        root.index(),
        write_root,
        refusal.or(check),
    )
}

/// A refusal when `target` and `source` share bytes. Heap objects cannot (a target is an
/// exclusive borrow of its owner, a source a shared one); a `#[symmetric]` static's target
/// ([`crate::SymStatic::target`]) and a view of the same static can, and the offsets are the
/// same on every PE, so this goes through the agreement like any refusal.
fn overlap<T: Pod>(target: &SymSlice<'_, T>, source: &SymSlice<'_, T>) -> Option<Refusal> {
    let size = size_of::<T>();
    let (t0, s0) = (target.offset(), source.offset());
    let (t1, s1) = (t0 + target.len() * size, s0 + source.len() * size);
    (t0 < t1 && s0 < s1 && t0 < s1 && s0 < t1).then_some(Refusal::Overlap {
        target: t0,
        source: s0,
    })
}

fn need(len: usize, object_len: usize) -> Option<Refusal> {
    (len > object_len).then_some(Refusal::OutOfBounds {
        start: 0,
        len,
        object_len,
    })
}

pub(crate) fn fcollect<T: Pod>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: &SymSlice<'_, T>,
) -> Result<(), Error> {
    let target = target.sym_target();
    let check = need(source.len().saturating_mul(coll.set().size()), target.len())
        .or_else(|| overlap(&target, source));
    coll.fcollect::<T>(
        target.offset(),
        source.offset(),
        source.len(),
        refusal.or(check),
    )
}

pub(crate) fn collect<T: Pod>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: &SymSlice<'_, T>,
) -> Result<usize, Error> {
    let target = target.sym_target();
    let check = overlap(&target, source);
    coll.collect::<T>(
        target.offset(),
        target.len(),
        source.offset(),
        source.len(),
        refusal.or(check),
    )
}

pub(crate) fn alltoall<T: Pod>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    source: &SymSlice<'_, T>,
    nelems: usize,
) -> Result<(), Error> {
    let target = target.sym_target();
    let total = nelems.saturating_mul(coll.set().size());
    let check = need(total, source.len())
        .or(need(total, target.len()))
        .or_else(|| overlap(&target, source));
    coll.alltoall::<T>(target.offset(), source.offset(), nelems, refusal.or(check))
}

pub(crate) fn alltoalls<T: Pod>(
    (coll, refusal): Prepared<'_>,
    target: &mut impl SymTarget<T>,
    dst: usize,
    source: &SymSlice<'_, T>,
    sst: usize,
    nelems: usize,
) -> Result<(), Error> {
    let target = target.sym_target();
    let total = nelems.saturating_mul(coll.set().size());
    let span = |stride: usize| (total - 1).saturating_mul(stride).saturating_add(1);
    let check = if dst == 0 || sst == 0 {
        Some(Refusal::InvalidStride {
            what: "alltoalls strides must be at least 1",
        })
    } else if total > 0 {
        need(span(sst), source.len())
            .or(need(span(dst), target.len()))
            .or_else(|| overlap(&target, source))
    } else {
        None
    };
    // A refused call publishes the strides as given, so the members still compare them.
    coll.alltoalls::<T>(
        target.offset(),
        dst,
        source.offset(),
        sst,
        nelems,
        refusal.or(check),
    )
}

// ------------------------------------------------------------------------------------------
// Member

/// Proof that this PE belongs to an [`ActiveSet`], made by [`ActiveSet::member`]; the
/// collectives over the set are its methods, so a non-member call cannot be written.
///
/// Every collective is *collective over the set*: each member calls it with the same
/// arguments (element counts, root, strides, the same symmetric arrays and `SyncBuf`), in the
/// same order relative to the set's other collectives on that `SyncBuf`. PEs outside the set
/// are not involved, and their memory is never touched.
///
/// # Examples
/// ```
/// use shmem::{ActiveSet, ReduceSync, SymVec};
/// let shmem = shmem::init()?;
/// let set = ActiveSet::world(&shmem);
/// let mut psync = ReduceSync::new(&shmem, &set)?;
/// let src = SymVec::new(&shmem, 2, 1u32 << shmem.my_pe().index())?;
/// let mut dst = SymVec::new(&shmem, 2, 0u32)?;
/// let me = set.member(&shmem)?;
/// me.or_to_all(&mut dst, &src, &mut psync)?;
/// assert_eq!(dst.to_vec(), [(1 << shmem.n_pes()) - 1; 2]);
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Member<'s> {
    shmem: &'s Shmem,
    set: ActiveSet,
    index: usize,
}

/// The reduction operators of the OpenSHMEM tables, listed once: each line gives the
/// active-set method names (`*_to_all`), the team method names (`*_reduce`), the operator,
/// the element-type bound and what it computes. `reductions!(m)` hands the list to the macro
/// `m`, which writes one family of methods; a new operator is one line here.
macro_rules! reductions {
    ($m:ident) => {
        $m! {
            and_to_all, and_to_all_in_place, and_reduce, and_reduce_in_place, And, BitwiseReduce, "bitwise and";
            or_to_all, or_to_all_in_place, or_reduce, or_reduce_in_place, Or, BitwiseReduce, "bitwise or";
            xor_to_all, xor_to_all_in_place, xor_reduce, xor_reduce_in_place, Xor, BitwiseReduce, "bitwise exclusive or";
            sum_to_all, sum_to_all_in_place, sum_reduce, sum_reduce_in_place, Sum, SumProdReduce, "sum";
            prod_to_all, prod_to_all_in_place, prod_reduce, prod_reduce_in_place, Prod, SumProdReduce, "product";
            min_to_all, min_to_all_in_place, min_reduce, min_reduce_in_place, Min, ArithmeticReduce, "minimum";
            max_to_all, max_to_all_in_place, max_reduce, max_reduce_in_place, Max, ArithmeticReduce, "maximum";
        }
    };
}
pub(crate) use reductions;

/// The active-set reductions (`shmem_<op>_to_all`), from [`reductions`].
macro_rules! member_reductions {
    ($($name:ident, $in_place:ident, $_team:ident, $_team_in_place:ident, $op:ty, $bound:ident, $what:literal;)*) => {$(
        #[doc = concat!("`shmem_", stringify!($name), "`: ", $what, " of `source` over the members,")]
        /// element by element, into `target` on every member (`nreduce` is the common length).
        /// *Collective over the set*. Integer arithmetic wraps; floats are combined in member
        /// order, so every member gets the same bits.
        ///
        /// # Errors
        /// On every member, nothing written: [`Error::ArgumentMismatch`] when the members'
        /// sets, objects, lengths, operations or element types differ; the error of a member
        /// whose `target` and `source` differ in length ([`Error::LengthMismatch`]) or whose
        /// `psync` was made for another set ([`Error::SyncBufSetMismatch`]), in
        /// [`Error::Refused`] unless every member has it.
        pub fn $name<T: $bound>(
            &self,
            target: &mut impl SymTarget<T>,
            source: &SymSlice<'_, T>,
            psync: &mut ReduceSync<'_>,
        ) -> Result<(), Error> {
            reduce::<T, $op>(self.coll(psync), target, Some(source))
        }

        #[doc = concat!("[`Member::", stringify!($name), "`] with the same array as source and")]
        /// target (the spec's "source and target may be the same array").
        ///
        /// # Errors
        /// As the out-of-place form.
        pub fn $in_place<T: $bound>(
            &self,
            data: &mut impl SymTarget<T>,
            psync: &mut ReduceSync<'_>,
        ) -> Result<(), Error> {
            reduce::<T, $op>(self.coll(psync), data, None)
        }
    )*};
}

impl<'s> Member<'s> {
    /// The set.
    pub fn set(&self) -> ActiveSet {
        self.set
    }

    /// This PE's index (ordinal) in the set.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The runtime handle.
    pub fn shmem(&self) -> &'s Shmem {
        self.shmem
    }

    /// The PE of member `i`, if `i < size`.
    pub fn pe(&self, i: usize) -> Option<Pe> {
        (i < self.set.size()).then(|| self.shmem.pe_wrapping(self.set.set.pe(i)))
    }

    /// The handle on the set's collectives with `psync`. A buffer made for another set is
    /// refused, but the call still takes part in the agreement round of this set on the
    /// buffer's area (it writes only this PE's copy of it), so that every member returns the
    /// same error instead of waiting for this one.
    fn coll<'p, K: SyncKind, const N: usize>(&self, psync: &mut SyncBuf<'p, K, N>) -> Prepared<'p> {
        match psync.coll {
            Some(coll) if psync.set == self.set.set => (coll, None),
            _ => (
                Coll::new(psync.shmem.rt().transport(), self.set.set, psync.area)
                    .expect("a Member is in its set"),
                Some(Refusal::SyncBufSetMismatch {
                    made_for: triplet(psync.set),
                    used_with: triplet(self.set.set),
                }),
            ),
        }
    }

    /// `shmem_barrier`: completes this PE's outstanding puts and atomics (`quiet`), then
    /// waits until every member has called it. *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::SyncBufSetMismatch`] when `psync` was made for another set.
    pub fn barrier(&self, psync: &mut BarrierSync<'_>) -> Result<(), Error> {
        let (coll, refusal) = self.coll(psync);
        self.shmem.rt().transport().quiet();
        coll.sync(refusal)
    }

    /// `shmem_sync` on the set: waits until every member has called it, without the
    /// completion guarantee of [`Member::barrier`]. *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::SyncBufSetMismatch`] when `psync` was made for another set.
    pub fn sync(&self, psync: &mut BarrierSync<'_>) -> Result<(), Error> {
        let (coll, refusal) = self.coll(psync);
        coll.sync(refusal)
    }

    /// `shmem_broadcast`: copies `source` of the member `root` into `target` on every
    /// *other* member; the root's target is not written (OpenSHMEM 1.4). The root is a PE,
    /// not its index in the set (the C `PE_root`): [`Member::pe`] gives the PE of an index.
    /// *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `target` and `source` differ in length;
    /// [`Error::InvalidRoot`] when `root` is not a member; [`Error::SyncBufSetMismatch`];
    /// [`Error::ArgumentMismatch`] when members disagree on the length or the root.
    pub fn broadcast<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        root: Pe,
        psync: &mut BcastSync<'_>,
    ) -> Result<(), Error> {
        broadcast(self.coll(psync), target, source, root, false)
    }

    /// `shmem_fcollect`: concatenates every member's `source` (all of the same length), in
    /// member order, into `target` on every member. *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `target` is shorter than `size * source.len()`;
    /// [`Error::SyncBufSetMismatch`]; [`Error::ArgumentMismatch`] when lengths differ.
    pub fn fcollect<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        psync: &mut CollectSync<'_>,
    ) -> Result<(), Error> {
        fcollect(self.coll(psync), target, source)
    }

    /// `shmem_collect`: concatenates every member's `source` (each of its own length), in
    /// member order, into `target` on every member; returns the number of elements written.
    /// *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when the total exceeds `target` (that PE's target is left
    /// alone); [`Error::SyncBufSetMismatch`]; [`Error::ArgumentMismatch`].
    pub fn collect<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        psync: &mut CollectSync<'_>,
    ) -> Result<usize, Error> {
        collect(self.coll(psync), target, source)
    }

    /// `shmem_alltoall`: block `j` (`nelems` elements) of member `i`'s `source` goes to block
    /// `i` of member `j`'s `target`. *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `source` or `target` is shorter than `size * nelems`;
    /// [`Error::SyncBufSetMismatch`]; [`Error::ArgumentMismatch`].
    pub fn alltoall<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        nelems: usize,
        psync: &mut AlltoallSync<'_>,
    ) -> Result<(), Error> {
        alltoall(self.coll(psync), target, source, nelems)
    }

    /// `shmem_alltoalls`: strided alltoall. Element `k` of block `j` of member `i`'s source,
    /// at index `(j * nelems + k) * sst`, goes to index `(i * nelems + k) * dst` of member
    /// `j`'s target. *Collective over the set*.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] for a zero stride; [`Error::OutOfBounds`] when the last
    /// strided element falls outside `source` or `target`; [`Error::SyncBufSetMismatch`];
    /// [`Error::ArgumentMismatch`].
    pub fn alltoalls<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        dst: usize,
        source: &SymSlice<'_, T>,
        sst: usize,
        nelems: usize,
        psync: &mut AlltoallSync<'_>,
    ) -> Result<(), Error> {
        alltoalls(self.coll(psync), target, dst, source, sst, nelems)
    }

    reductions!(member_reductions);
}
