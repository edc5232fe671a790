//! # shmem: OpenSHMEM-style PGAS for Rust
//!
//! Several processes (*PEs*) run the same program; each owns a *symmetric* heap and statics
//! that every other PE can read, write and update atomically, one-sidedly. Start a job with
//! `shmemrun -n 4 ./program`; a program started without it is a 1-PE job.
//!
//! ```
//! use shmem::{Cmp, SymBox};
//!
//! let shmem = shmem::init()?;
//! let me = shmem.my_pe();
//! let right = shmem.pe_wrapping(me.index() + 1);
//! let inbox = SymBox::new(&shmem, -1i64)?;
//! inbox.p(right, me.index() as i64);          // one-sided write into the neighbour
//! let left = (me.index() + shmem.n_pes() - 1) % shmem.n_pes();
//! inbox.wait_until(Cmp::Eq, left as i64);      // point-to-point synchronization
//! # Ok::<(), shmem::Error>(())
//! ```
//!
//! What the types guarantee:
//! * only `bytemuck::Pod` data lives in symmetric memory;
//! * every one-sided operation names a validated [`Pe`] and is bounds-checked ([`Error`]);
//! * atomics exist only for the types the spec allows ([`AmoStandard`], [`AmoBitwise`], ...);
//! * the runtime handle [`Shmem`] is `Send + !Sync` (`SHMEM_THREAD_SERIALIZED`) and every
//!   symmetric object borrows it, so nothing outlives finalize;
//! * non-blocking operations live in a scope that completes them ([`Shmem::nbi`]).
#![deny(unsafe_code)]

mod collectives;
mod convey;
pub mod ctx;
mod handle;
mod layout;
mod lock;
mod nbi;
mod registry;
mod rwlock;
mod statics;
mod sym;
mod team;
mod types;
pub mod window;

pub use collectives::{
    ALLTOALL_SYNC_SIZE, ActiveSet, AlltoallSync, ArithmeticReduce, BARRIER_SYNC_SIZE,
    BCAST_SYNC_SIZE, BarrierSync, BcastSync, BitwiseReduce, COLLECT_SYNC_SIZE, CollectSync, Member,
    REDUCE_SYNC_SIZE, ReduceSync, SumProdReduce, SyncBuf, sync_kind,
};
pub use convey::Conveyor;
pub use ctx::{
    BitOp, Ctx, CtxNbi, CtxOptions, CtxPe, Session, SessionConfig, SessionOptions, ThreadElem,
    ThreadSlice,
};
pub use handle::{
    Pe, Shmem, ThreadLevel, info_name, init, init_thread, query_initialized, spec_version, version,
};
pub use layout::Cyclic;
pub use lock::{
    LockGuard, LockResult, LockSnapshot, MutexGuard, PoisonError, SymLock, SymMutex, TryLockError,
    TryLockResult,
};
/// The MPI bindings (rsmpi) that the MPI transport is built on (feature `mpi`), for programs
/// that use MPI themselves (OpenSHMEM's MPI interoperability): such a program initializes MPI
/// before [`init`] (`mpi::initialize()`, or `initialize_with_threading(Threading::Serialized)`
/// to use shmem from several threads), shmem then uses it at that thread level, and MPI is
/// finalized when the program drops its `Universe`, after the [`Shmem`] handle.
#[cfg(feature = "mpi")]
pub use mpi;
pub use nbi::Nbi;
pub use rwlock::{ReadGuard, RwSnapshot, SymRwLock, WriteGuard};
/// `float _Complex`: an element type of the sum and product reductions ([`SumProdReduce`]);
/// min, max and the bitwise reductions are not defined on it.
///
/// # Examples
/// An active-set sum (*collective over the set*):
/// ```
/// use shmem::{ActiveSet, Complex32, ReduceSync, SymVec};
/// let shmem = shmem::init()?;
/// let set = ActiveSet::world(&shmem);
/// let mut psync = ReduceSync::new(&shmem, &set)?;
/// let me = set.member(&shmem)?;
/// let src = SymVec::new(&shmem, 3, Complex32::new(1.0, -0.5))?;
/// let mut sum = SymVec::new(&shmem, 3, Complex32::default())?;
/// me.sum_to_all(&mut sum, &src, &mut psync)?;
/// let n = shmem.n_pes() as f32;
/// assert_eq!(sum.to_vec(), [Complex32::new(n, -0.5 * n); 3]);
/// # Ok::<(), shmem::Error>(())
/// ```
pub use shmem_core::collectives::Complex32;
/// `double _Complex`: an element type of the sum and product reductions ([`SumProdReduce`]);
/// min, max and the bitwise reductions are not defined on it.
///
/// # Examples
/// A team sum and product (*collective over the team*):
/// ```
/// use shmem::{Complex64, SymVec, Team};
/// let shmem = shmem::init()?;
/// let world = Team::world(&shmem);
/// let k = world.my_pe().index() as f64;
/// let src = SymVec::new(&shmem, 2, Complex64::new(1.0, k))?;
/// let mut sum = SymVec::new(&shmem, 2, Complex64::default())?;
/// world.sum_reduce(&mut sum, &src)?;
/// let n = world.n_pes() as f64;
/// assert_eq!(sum.to_vec(), [Complex64::new(n, n * (n - 1.0) / 2.0); 2]);
///
/// let mut z = SymVec::new(&shmem, 1, Complex64::new(0.0, 1.0))?; // i on every PE
/// world.prod_reduce_in_place(&mut z)?;
/// let (re, im) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][world.n_pes() % 4];
/// assert_eq!(z.read(0)?, Complex64::new(re, im)); // i^n
/// # Ok::<(), shmem::Error>(())
/// ```
pub use shmem_core::collectives::Complex64;
pub use shmem_core::rwlock::{MAX_READERS, RwKind};
pub use shmem_core::{Error, NotAMember, SegmentError};
/// Places a `static` in symmetric memory: one copy on every PE, at the same offset in each
/// PE's partition, that every other PE can read, write and update atomically (the C
/// programmer's global or static variable, OpenSHMEM §3.2).
///
/// `#[shmem::symmetric] static NAME: T = EXPR;` declares `NAME` as a [`SymStatic<T>`]. At
/// [`init`] every PE lays out all the symmetric statics of the program (of every crate linked
/// in) at the start of its partition, in the same order on every PE (sorted by path; a hash
/// of the layout is compared across PEs), and writes `EXPR` into its own copy. Use it as a
/// heap object: `NAME.sym(&shmem)` gives a [`Sym`] (`p`/`g`, atomics, `wait_until`) and, for
/// an array, `NAME.slice(&shmem)` a [`SymSlice`] (`put`/`get`/strided/collectives).
///
/// Rules, each checked at compile time:
/// * `T` is plain old data (`bytemuck::Pod`): integers, floats, arrays of them, and your own
///   `#[repr(C)]` structs that derive `Pod` through the re-exported `shmem::bytemuck`: no
///   references, pointers, `bool`, `char`, padding or interior mutability (another process
///   writes those bytes, and they mean the same in every PE);
/// * `EXPR` is a constant expression (as for any `static`);
/// * not `static mut` (remote PEs write it: use the `Sym` methods), not generic, no arguments
///   to the attribute;
/// * any visibility and any module: the path only orders the layout.
///
/// # Examples
/// ```
/// #[shmem::symmetric]
/// static COUNTS: [u64; 4] = [0; 4];
/// #[shmem::symmetric]
/// static TOTAL: u64 = 0;
///
/// let shmem = shmem::init()?;
/// let zero = shmem.pe(0)?;
/// TOTAL.sym(&shmem).atomic_add(zero, 1); // every PE adds 1 into PE 0's copy
/// COUNTS.slice(&shmem).put(zero, &[1, 2])?; // a put into PE 0's array
/// shmem.barrier_all();
/// if shmem.my_pe() == zero {
///     assert_eq!(TOTAL.sym(&shmem).read(), shmem.n_pes() as u64);
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
pub use shmem_macros::symmetric;
pub use statics::{StaticTarget, SymStatic, ThreadStatic};
pub use sym::{
    AllocHints, AmoHandle, MaskedSlice, NbiHandle, NbiRefused, PeerSlice, SignalOp, Sym, SymBox,
    SymIter, SymSlice, SymSliceMut, SymTarget, SymVec,
};
pub use team::{Team, TeamConfig, TeamPe};
pub use types::{AmoBitwise, AmoExtended, AmoStandard, Cmp, WaitType};

/// Re-export of `bytemuck`, whose `Pod` trait says what may live in symmetric memory. Derive it
/// for your own types without depending on `bytemuck` yourself by naming this path:
///
/// ```
/// use shmem::bytemuck::{Pod, Zeroable};
///
/// #[derive(Clone, Copy, Pod, Zeroable)]
/// #[bytemuck(crate = "shmem::bytemuck")]
/// #[repr(C)]
/// struct Point {
///     x: i64,
///     y: i64,
/// }
/// ```
pub use bytemuck;

/// The README's code, compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The guide's code (`docs/guide.md`), compiled and run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../../docs/guide.md")]
pub struct GuideDoctests;

/// The other pages of `docs/`, so that a Rust example added to one of them is run too.
#[cfg(doctest)]
#[doc = include_str!("../../docs/launcher.md")]
#[doc = include_str!("../../docs/c.md")]
#[doc = include_str!("../../docs/clusters.md")]
#[doc = include_str!("../../docs/coverage.md")]
#[doc = include_str!("../../docs/performance.md")]
pub struct DocsDoctests;

#[doc(hidden)]
/// What `#[symmetric]` expands to. Not public API.
pub mod __private {
    pub use crate::registry::{SYMMETRIC_STATICS, StaticEntry};
    pub use linkme;
}
