//! The runtime handle: [`init`], [`Shmem`], [`Pe`].

use std::fmt;

use shmem_core::{KeptRuntime, Runtime, Serialized, Transport};

use crate::registry;
use shmem_core::Error;

/// A validated PE number: `0 <= pe < n_pes`, checked once when it is made.
///
/// Obtain one from [`Shmem::pe`] (checked), [`Shmem::my_pe`], [`Shmem::pe_wrapping`] or
/// [`Shmem::pes`]. Every one-sided operation takes a `Pe`, so none of them can address a PE that
/// does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pe(u32);

impl Pe {
    /// PE `pe` of a set or team: the caller knows `pe < n_pes` (a member of a set of this
    /// job's PEs).
    #[inline]
    pub(crate) fn member(pe: usize) -> Pe {
        Pe(pe as u32)
    }

    /// The PE's number.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Pe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PE {}", self.0)
    }
}

impl From<Pe> for usize {
    fn from(pe: Pe) -> usize {
        pe.index()
    }
}

/// An OpenSHMEM thread level (`SHMEM_THREAD_*`), asked of [`init_thread`] and reported by
/// [`Shmem::thread_level`].
///
/// [`Shmem`] is `Send` but not `Sync`: any thread may use it, one at a time (the borrow checker
/// enforces "one at a time"), which is exactly `SHMEM_THREAD_SERIALIZED`, what [`init`]
/// provides. `SHMEM_THREAD_MULTIPLE` adds one-sided operations from any number of threads at
/// once, through contexts ([`Ctx`](crate::Ctx) is `Send + Sync`) on arrays lent to threads
/// ([`crate::ctx`]); collectives, allocation and teams stay with the handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ThreadLevel {
    /// `SHMEM_THREAD_SINGLE`
    Single,
    /// `SHMEM_THREAD_FUNNELED`
    Funneled,
    /// `SHMEM_THREAD_SERIALIZED`
    Serialized,
    /// `SHMEM_THREAD_MULTIPLE`
    Multiple,
}

/// One PE's handle on the job: what `shmem_init` gives a C program.
///
/// Dropping it finalizes (`shmem_finalize`): outstanding operations complete and all PEs
/// synchronize. Everything symmetric borrows it, so nothing outlives finalize. A later
/// [`init`] rejoins the same job ([`init`]'s "Initializing again").
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;            // without shmemrun: a 1-PE job
/// assert_eq!(shmem.n_pes(), 1);
/// assert_eq!(shmem.my_pe().index(), 0);
/// shmem.barrier_all();
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct Shmem {
    /// Kept at drop for a later [`init`] (re-initialization).
    rt: KeptRuntime,
    /// The thread level provided ([`init_thread`]).
    level: ThreadLevel,
    /// `SHMEM_THREAD_SERIALIZED`: any thread may use the handle, one at a time (`Send`, not
    /// `Sync`; `tests/ui/shmem_not_sync.rs`).
    _serialized: Serialized,
}

impl fmt::Debug for Shmem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Shmem")
            .field("my_pe", &self.rt.my_pe())
            .field("n_pes", &self.rt.n_pes())
            .finish_non_exhaustive()
    }
}

/// Initializes this PE (`shmem_init`, OpenSHMEM §9.1). *Collective* over all PEs.
///
/// Under `shmemrun` the PE attaches to the job's shared segment; without it the program is a
/// 1-PE job. `#[symmetric]` statics are laid out and initialized on every PE before this
/// returns.
///
/// # Initializing again (OpenSHMEM 1.6)
/// After the handle is finalized (dropped), `init` may be called again: it rejoins the same
/// job, *collectively* again. PE numbers, the settings of the first `init`, the transport and
/// the statics (with the values they had) are the same; the heap is as finalize left it, i.e.
/// empty, since everything allocated borrowed the old handle. Only one handle lives at a
/// time: `init` while one lives is [`Error::AlreadyInitialized`] (code that needs the runtime
/// takes `&Shmem`; a second owner of the `!Sync` runtime could move to another thread).
///
/// ```
/// #[shmem::symmetric]
/// static COUNT: u64 = 0;
///
/// for round in 0..3 {
///     let shmem = shmem::init()?;
///     let count = COUNT.sym(&shmem);
///     assert_eq!(count.read(), round); // kept from the previous round
///     count.write(round + 1);
///     shmem.finalize();
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
///
/// # Errors
/// [`Error::AlreadyInitialized`] if a handle is alive in this process; [`Error::Finalized`]
/// when a PE of an MPI job whose MPI the program initialized itself calls it again after
/// finalize, or whose handle was dropped on a thread other than the main one (shmem freed its
/// MPI windows then); [`Error::Segment`] / [`Error::Bootstrap`] when
/// the launcher's segment is refused; [`Error::Start`] when the job cannot start as launched
/// (an MPI launcher and a program built without the `mpi` feature, or an MPI library that
/// cannot make the transport's windows); [`Error::StaticsMismatch`] when PEs run different
/// programs; [`Error::Config`] for a malformed `SHMEM_SYMMETRIC_SIZE`.
pub fn init() -> Result<Shmem, Error> {
    init_thread(ThreadLevel::Serialized)
}

/// Initializes this PE asking for a thread level (`shmem_init_thread`); the level provided is
/// [`Shmem::thread_level`]. *Collective* over all PEs, like [`init`].
///
/// * [`ThreadLevel::Multiple`] is provided where contexts are available ([`crate::ctx`]):
///   every job on one node, under `shmemrun` or `mpirun`, and a multi-node MPI job whose MPI
///   runs at `MPI_THREAD_MULTIPLE` (asked for here when shmem initializes MPI; a program that
///   initialized MPI itself chose its level). Otherwise the level provided is
///   [`ThreadLevel::Serialized`].
/// * The lower levels are provided as [`ThreadLevel::Serialized`], which the handle's type
///   already guarantees (it is `Send + !Sync`).
///
/// Contexts work at every level; the level says whether other threads may use them at the
/// same time as the handle's thread.
///
/// # Errors
/// As [`init`].
///
/// # Examples
/// ```
/// use shmem::ThreadLevel;
/// let shmem = shmem::init_thread(ThreadLevel::Funneled)?;
/// assert_eq!(shmem.thread_level(), ThreadLevel::Serialized);
/// # Ok::<(), shmem::Error>(())
/// ```
pub fn init_thread(requested: ThreadLevel) -> Result<Shmem, Error> {
    let descs = registry::descriptors();
    let (rt, layout) = Runtime::init_thread(&descs, requested == ThreadLevel::Multiple)?;
    registry::record_offsets(&layout);
    let level = if requested == ThreadLevel::Multiple && rt.thread_path().is_some() {
        ThreadLevel::Multiple
    } else {
        ThreadLevel::Serialized
    };
    Ok(Shmem {
        rt: KeptRuntime::new(rt),
        level,
        _serialized: Serialized::default(),
    })
}

/// Whether shmem is initialized in this process (`shmem_query_initialized`): a [`Shmem`]
/// handle is alive (made by [`init`], not yet finalized or dropped).
///
/// # Examples
/// ```
/// assert!(!shmem::query_initialized());
/// let shmem = shmem::init()?;
/// assert!(shmem::query_initialized());
/// shmem.finalize();
/// assert!(!shmem::query_initialized());
/// # Ok::<(), shmem::Error>(())
/// ```
pub fn query_initialized() -> bool {
    shmem_core::runtime::initialized()
}

/// The library version (`CARGO_PKG_VERSION` of `shmem-core`).
pub fn version() -> &'static str {
    shmem_core::runtime::VERSION
}

/// The OpenSHMEM specification version whose semantics this library follows
/// (`shmem_info_get_version`).
pub fn spec_version() -> (u32, u32) {
    shmem_core::runtime::SPEC_VERSION
}

/// The vendor string (`shmem_info_get_name`).
pub fn info_name() -> &'static str {
    shmem_core::runtime::VENDOR_NAME
}

impl Shmem {
    #[inline]
    pub(crate) fn rt(&self) -> &Runtime {
        &self.rt
    }

    /// This PE (`shmem_my_pe`).
    #[inline]
    pub fn my_pe(&self) -> Pe {
        Pe(self.rt.my_pe() as u32)
    }

    /// Number of PEs in the job (`shmem_n_pes`).
    #[inline]
    pub fn n_pes(&self) -> usize {
        self.rt.n_pes()
    }

    /// A checked PE number.
    ///
    /// # Errors
    /// [`Error::InvalidPe`] when `pe >= n_pes`.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// assert!(shmem.pe(0).is_ok());
    /// assert!(matches!(shmem.pe(7), Err(shmem::Error::InvalidPe { pe: 7, n_pes: 1 })));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline]
    pub fn pe(&self, pe: usize) -> Result<Pe, Error> {
        if pe < self.n_pes() {
            Ok(Pe(pe as u32))
        } else {
            Err(Error::InvalidPe {
                pe,
                n_pes: self.n_pes(),
            })
        }
    }

    /// `pe` modulo `n_pes`: the neighbour arithmetic of ring programs, never an error.
    #[inline]
    pub fn pe_wrapping(&self, pe: usize) -> Pe {
        Pe((pe % self.n_pes()) as u32)
    }

    /// Every PE, in order.
    pub fn pes(&self) -> impl ExactSizeIterator<Item = Pe> + use<> {
        (0..self.n_pes() as u32).map(Pe)
    }

    /// Whether `pe` can be reached with one-sided operations (`shmem_pe_accessible`): every PE
    /// of the job can.
    pub fn pe_accessible(&self, pe: usize) -> bool {
        pe < self.n_pes()
    }

    /// Thread level provided to this handle (`shmem_query_thread`): [`init_thread`].
    pub fn thread_level(&self) -> ThreadLevel {
        self.level
    }

    /// Bytes of symmetric memory per PE (statics + heap): `SHMEM_SYMMETRIC_SIZE` or
    /// `shmemrun --heap-size`.
    pub fn symmetric_size(&self) -> usize {
        self.rt.symmetric_size()
    }

    /// Largest block this PE's heap could give the next collective allocation (after it
    /// releases the blocks this PE freed). Team windows (`TeamWindow`) take blocks on their
    /// members only, so another PE's figure may differ; an allocation gets what fits on every
    /// PE it is made over.
    pub fn heap_available(&self) -> usize {
        self.rt.heap_largest_free()
    }

    /// Barrier of all PEs with completion of every earlier put and atomic
    /// (`shmem_barrier_all`). *Collective*.
    #[inline]
    pub fn barrier_all(&self) {
        self.rt.transport().barrier_all();
    }

    /// Barrier of all PEs without the completion guarantee (`shmem_sync_all`). *Collective*.
    #[inline]
    pub fn sync_all(&self) {
        self.rt.transport().sync_all();
    }

    /// Orders earlier puts and atomics to each PE before later ones (`shmem_fence`).
    #[inline]
    pub fn fence(&self) {
        self.rt.transport().fence();
    }

    /// Completes every earlier put, atomic and non-blocking operation (`shmem_quiet`).
    #[inline]
    pub fn quiet(&self) {
        self.rt.transport().quiet();
    }

    /// Completes every earlier put, atomic and non-blocking operation *to the PEs in `pes`*
    /// (`shmem_pe_quiet`); operations to other PEs may stay in flight. On shared memory every
    /// operation is complete once a fence orders it, so this is `quiet`; through MPI it flushes
    /// only those targets (`MPI_Win_flush`).
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u8>::zeroed(&shmem, 4)?;
    /// let me = shmem.my_pe();
    /// v.put(me, &[1, 2])?;
    /// shmem.pe_quiet(&[me]);          // complete at `me`
    /// assert_eq!(v.to_vec(), [1, 2, 0, 0]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn pe_quiet(&self, pes: &[Pe]) {
        let t = self.rt.transport();
        for pe in pes {
            t.quiet_pe(pe.index());
        }
    }

    /// Profiling control (`shmem_pcontrol`): what this PE records on stderr from now on, as
    /// `[shmem PE n] ...` lines (the `SHMEM_DEBUG` log). `0`: nothing; `1`: the default, the
    /// level `SHMEM_DEBUG` set (nothing when unset); `2` or more: every `barrier_all` and
    /// every collective call with its arguments (set, objects, sizes, call number), besides
    /// allocations, team splits and finalize. Negative levels change nothing. Local: other
    /// PEs keep their level.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// shmem.pcontrol(2);      // observe: "[shmem PE 0] barrier_all/sync_all #2 ..."
    /// shmem.barrier_all();
    /// shmem.pcontrol(0);      // quiet again
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn pcontrol(&self, level: i32) {
        self.rt.pcontrol(level);
    }

    /// Ends the whole job with `status` (`shmem_global_exit`): `shmemrun` stops every other PE
    /// and exits with `status`'s low byte, or 1 when that byte is 0 but `status` is not (256,
    /// `i32::MIN`): a non-zero status never reads as success. Never returns.
    pub fn global_exit(&self, status: i32) -> ! {
        self.rt.global_exit(status)
    }

    /// Finalizes explicitly (`shmem_finalize`); the same as dropping the handle. *Collective*.
    pub fn finalize(self) {
        drop(self);
    }
}
