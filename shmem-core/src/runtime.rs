//! The per-PE runtime: bootstrap, symmetric statics, the collective heap, lifecycle.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::collectives::{self, Coll, Kind, Refusal, SYNC_ONLY_CAPACITY, Sig, SyncArea};
use crate::config::{self, Settings};
use crate::error::{Error, Result};
use crate::heap::{Direction, GRAIN, Heap};
use crate::life::LIVE;
use crate::pe_set::PeSet;
use crate::report::Watchdog;
use crate::segment::{Expect, GLOBAL_EXIT_SET, PeState, Segment};
use crate::serialized::{Local, Serialized};
use crate::sys;
use crate::transport::shm::ShmTransport;
use crate::transport::{DefaultTransport, Transport};
use crate::wait::{AnyCursor, WaitPolicy};

use collectives::agree;

/// Library version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// OpenSHMEM specification version whose semantics this library follows.
pub const SPEC_VERSION: (u32, u32) = (1, 6);
/// Name reported by `info_get_name`.
pub const VENDOR_NAME: &str = "shmem (Rust)";

/// Description of one `#[symmetric] static`, as the `shmem` crate collects them.
#[derive(Clone, Copy, Debug)]
pub struct StaticDesc<'a> {
    /// Stable identifier (module path and name).
    pub id: &'a str,
    /// `size_of` the value.
    pub size: usize,
    /// `align_of` the value.
    pub align: usize,
    /// Initial bytes (length `size`).
    pub init: &'a [u8],
}

/// Set by [`statics_beside_heap`].
static STATICS_BESIDE_HEAP: AtomicBool = AtomicBool::new(false);

/// Makes `SHMEM_SYMMETRIC_SIZE` the symmetric heap's size alone for the runtimes this process
/// starts: a partition this process makes (a singleton, a job under MPI) is that size plus
/// the statics ([`crate::segment::heap_and_data`]), as `shmemrun` sizes a C program's
/// (`shmem_launch::partition_size`). The C API calls it before its first initialization: its
/// statics are the program's global data, however large. Without it the statics come out of
/// `SHMEM_SYMMETRIC_SIZE` (the Rust API's few `#[symmetric]` statics).
pub fn statics_beside_heap() {
    STATICS_BESIDE_HEAP.store(true, Ordering::Relaxed);
}

/// Where each static went: offsets in the order of the input slice, and the area's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticsLayout {
    /// Offset of each static, in input order.
    pub offsets: Vec<usize>,
    /// Bytes before the heap: the runtime's sync area and the statics (a multiple of
    /// [`GRAIN`]).
    pub size: usize,
    /// FNV-1a hash of (id, size, align) in layout order, compared between PEs at init.
    pub hash: u64,
}

/// The runtime's own sync area, at the start of every partition: the agreement rounds of
/// collective allocations run there (over every PE).
/// An allocation with at least this many bytes that no block covered before has those pages
/// of this PE's copy populated in one call before its initial values are written
/// ([`Segment::prefault`]; a fault per page costs about a third more): 16 pages.
const PREFAULT_BYTES: usize = 64 << 10;

const RUNTIME_AREA: SyncArea = SyncArea::new(0, SYNC_ONLY_CAPACITY);
/// Where the statics start: after the runtime's area.
const STATICS_START: usize = collectives::area_bytes(SYNC_ONLY_CAPACITY).next_multiple_of(GRAIN);

/// What a collective allocation asks for: compared between the PEs before anything changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocRequest {
    /// Bytes (`None`: the element count overflowed; every PE then reports
    /// [`Error::HeapExhausted`] with `requested: usize::MAX`).
    pub bytes: Option<usize>,
    /// Alignment (at least the heap's granule is used).
    pub align: usize,
    /// Which kind of object (an index into [`collectives::OBJECT_NAMES`]).
    pub object: u8,
    /// The object's parameter that every PE must pass alike (a SyncBuf's set, a lock's home).
    pub param: u64,
    /// Identity of the element type.
    pub elem: u64,
    /// A refusal of this PE's request (e.g. an invalid alignment): goes through the
    /// allocation's agreement like an exhausted heap, so every PE gets the error.
    pub refusal: Option<Refusal>,
}

impl AllocRequest {
    /// `len` elements of `T` (a `SymVec`/`SymBox`).
    pub fn array<T>(len: usize) -> AllocRequest {
        AllocRequest {
            bytes: len.checked_mul(std::mem::size_of::<T>()),
            align: std::mem::align_of::<T>(),
            object: 1,
            param: 0,
            elem: collectives::type_hash::<T>(),
            refusal: None,
        }
    }

    /// `bytes` bytes for an object of kind `object` (typed by `K`, e.g. the kind of a
    /// `SyncBuf` or the data type of a mutex) with parameter `param`.
    pub fn object<K>(bytes: usize, align: usize, object: u8, param: u64) -> AllocRequest {
        AllocRequest {
            bytes: Some(bytes),
            align,
            object,
            param,
            elem: collectives::type_hash::<K>(),
            refusal: None,
        }
    }
}

/// A block of the symmetric heap ([`Runtime::alloc`]): the same offset on every PE. Dropping
/// it frees it ([`Runtime`]'s deferred, local free), so a block is freed exactly once, by its
/// owner: no safe code can free a block another handle still uses.
#[derive(Debug)]
#[must_use = "dropping the allocation frees it"]
pub struct Allocation<'r> {
    rt: &'r Runtime,
    offset: usize,
    /// A zero-byte allocation: no block, nothing to free ([`Runtime::alloc`]).
    empty: bool,
}

impl Allocation<'_> {
    /// The block's symmetric offset.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl Drop for Allocation<'_> {
    fn drop(&mut self) {
        if !self.empty {
            self.rt.free(self.offset);
        }
    }
}

/// A block of the symmetric heap allocated over a team ([`Runtime::alloc_on`]): the same
/// offset on every member. Dropping it is *collective over the team* (one agreement round,
/// after which every member releases the block); dropped during a panic, or when the
/// members disagree on the free, it stays allocated on this PE (never reused).
#[must_use = "dropping the allocation frees it (collectively over the team)"]
pub struct TeamAllocation<'r> {
    rt: &'r Runtime,
    team: Coll<'r>,
    offset: usize,
    bytes: usize,
    object: u8,
    elem: u64,
}

impl std::fmt::Debug for TeamAllocation<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamAllocation")
            .field("offset", &self.offset)
            .field("bytes", &self.bytes)
            .field("team", &self.team.set())
            .finish_non_exhaustive()
    }
}

impl TeamAllocation<'_> {
    /// The block's symmetric offset.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl Drop for TeamAllocation<'_> {
    fn drop(&mut self) {
        // A panicking member does not enter the collective (the others are not coming
        // either); the block stays taken on this PE.
        if !std::thread::panicking() {
            self.rt.free_on(self);
        }
    }
}

/// Lays out statics deterministically after the runtime's sync area: sorted by id (then size,
/// align), each aligned.
pub fn layout_statics(statics: &[StaticDesc<'_>]) -> StaticsLayout {
    let mut order: Vec<usize> = (0..statics.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&statics[a], &statics[b]);
        (x.id, x.size, x.align).cmp(&(y.id, y.size, y.align))
    });
    let mut offsets = vec![0; statics.len()];
    let mut at = STATICS_START;
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for &i in &order {
        let s = &statics[i];
        // Saturating: statics that do not fit `usize` make a size no partition holds
        // (`Error::StaticsTooLarge` at init), never a total that wrapped to a small one.
        at = at
            .checked_next_multiple_of(s.align.max(1))
            .unwrap_or(usize::MAX);
        offsets[i] = at;
        at = at.saturating_add(s.size);
        feed(s.id.as_bytes());
        feed(&(s.size as u64).to_le_bytes());
        feed(&(s.align as u64).to_le_bytes());
    }
    StaticsLayout {
        offsets,
        size: at.checked_next_multiple_of(GRAIN).unwrap_or(usize::MAX),
        hash,
    }
}

/// A finalized runtime kept for this process's next `init` ([`KeptRuntime`], OpenSHMEM 1.6's
/// re-initialization): at most one, and only while no runtime is live.
static DORMANT: Mutex<Option<Runtime>> = Mutex::new(None);
static FINALIZED_LAUNCHED: AtomicBool = AtomicBool::new(false);
/// Set by the first launched `init` of this process, before it adopts the inherited segment
/// descriptor: the bootstrap is one-shot. After that attempt (failed or not) the number in
/// `SHMEM_RUN_FD` may name another file (the adopted descriptor is closed once mapped, or on
/// failure), so no later `init` may adopt it again.
static LAUNCHER_FD_TAKEN: AtomicBool = AtomicBool::new(false);
/// What the panic hook needs to mark this PE as panicked.
static PANIC_MARK: Mutex<Option<(Arc<Segment>, usize)>> = Mutex::new(None);
static HOOK: std::sync::Once = std::sync::Once::new();

fn install_panic_hook() {
    HOOK.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Ok(guard) = PANIC_MARK.lock()
                && let Some((seg, pe)) = guard.as_ref()
            {
                seg.slot(*pe)
                    .id
                    .0
                    .state
                    .store(PeState::Panicked as u32, Ordering::Release);
            }
            prev(info);
        }));
    });
}

/// How this PE came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Launch {
    /// Started by `shmemrun`.
    Launcher,
    /// Started without a launcher: a 1-PE job.
    Singleton,
    /// Started by an MPI launcher (`mpirun`, `mpiexec`, `srun`): the MPI transport
    /// (feature `mpi`).
    Mpi,
}

/// How `init` starts this PE, decided from the environment before anything is touched.
enum Start {
    /// `shmemrun` started it: adopt the segment descriptor it names.
    Launcher(String),
    /// An MPI launcher started it, and the build has the MPI transport.
    Mpi,
    /// A 1-PE job of its own.
    Singleton,
}

/// Decides [`Start`]: `shmemrun`'s variables first (with `SHMEM_TRANSPORT=mpi`, an error); then
/// `SHMEM_TRANSPORT`; under `auto`, MPI
/// when an MPI launcher started the process. A multi-PE MPI job in a build without the `mpi`
/// feature is an error, not N unrelated 1-PE jobs.
fn how_started(startup: &config::Startup) -> Result<Start> {
    use config::TransportChoice;
    if let Ok(fd_text) = std::env::var(config::ENV_RUN_FD) {
        // `mpi` means "MPI or an error": shmemrun's jobs are shared memory only.
        if startup.transport == TransportChoice::Mpi {
            return Err(Error::Start(format!(
                "{}=mpi, but shmem's shmemrun started this PE, and its jobs run over shared                  memory only: start the program with mpirun, mpiexec or srun (built with                  shmem's `mpi` feature), or unset {}",
                config::ENV_TRANSPORT,
                config::ENV_TRANSPORT
            )));
        }
        return Ok(Start::Launcher(fd_text));
    }
    let with_mpi = cfg!(feature = "mpi");
    match (startup.transport, config::mpi_launcher()) {
        (TransportChoice::Shm, _) => Ok(Start::Singleton),
        (TransportChoice::Mpi, _) if with_mpi => Ok(Start::Mpi),
        (TransportChoice::Mpi, _) => Err(Error::Start(format!(
            "{}=mpi, but this program was built without shmem's `mpi` feature",
            config::ENV_TRANSPORT
        ))),
        (TransportChoice::Auto, Some(_)) if with_mpi => Ok(Start::Mpi),
        (TransportChoice::Auto, Some((who, size))) if size != Some(1) => {
            Err(Error::Start(format!(
                "{who} started this PE, but the program was built without shmem's `mpi` \
                 feature: rebuild it with `--features mpi`, or launch it with shmem's \
                 shmemrun ({}=shm runs each process as a 1-PE job); if you did run \
                 `shmemrun`, it was Open MPI's (Debian's openmpi-bin installs \
                 /usr/bin/shmemrun): `shmemrun --version` tells, and \
                 target/release/shmemrun or ~/.cargo/bin/shmemrun is ours",
                config::ENV_TRANSPORT
            )))
        }
        (TransportChoice::Auto, _) => Ok(Start::Singleton),
    }
}

/// One PE's runtime. Not `Sync`: the handle provides `SHMEM_THREAD_SERIALIZED` (any thread may
/// use it, one at a time).
#[derive(Debug)]
pub struct Runtime {
    /// `SHMEM_DEADLOCK_TIMEOUT`'s watch over this PE's waits. First: it is dropped (its
    /// thread joined) before the segment and the transport, which its thread holds too.
    _watchdog: Option<Watchdog>,
    transport: DefaultTransport,
    seg: Arc<Segment>,
    me: usize,
    n_pes: usize,
    heap: Local<RefCell<Heap>>,
    statics_size: usize,
    launch: Launch,
    /// Start-up settings and the transport in words, for `SHMEM_INFO`.
    startup: config::Startup,
    transport_name: String,
    finalized: Local<Cell<bool>>,
    /// Where this PE's next `wait_until_any`/`test_any` scan of an array starts (fairness).
    any_cursor: Local<AnyCursor>,
    /// One thread at a time (`SHMEM_THREAD_SERIALIZED`).
    _serialized: Serialized,
}

macro_rules! debug_log {
    ($rt:expr, $($arg:tt)*) => {
        if crate::log::level() >= 1 {
            crate::log::record($rt.me, format_args!($($arg)*));
        }
    };
}

pub use crate::life::initialized;

impl Runtime {
    /// Initializes this PE (`shmem_init`): attaches to the launcher's segment or creates a
    /// 1-PE job, lays out and initializes `statics`, and synchronizes with every PE.
    ///
    /// # Errors
    /// [`Error::AlreadyInitialized`], [`Error::Finalized`], [`Error::SegmentTaken`] (an
    /// earlier launched `init` of this process failed: it cannot be retried),
    /// [`Error::Bootstrap`], [`Error::Start`], [`Error::Segment`], [`Error::NotLaunchedPe`] and [`Error::PeClaimed`] (this process is
    /// not the one the launcher started as its PE, see `claim`), [`Error::StaticsMismatch`],
    /// [`Error::StaticsTooLarge`], [`Error::Config`], [`Error::Io`].
    pub fn init(statics: &[StaticDesc<'_>]) -> Result<(Runtime, StaticsLayout)> {
        Runtime::init_thread(statics, false)
    }

    /// [`Runtime::init`] for `shmem_init_thread`: with `multiple`, a job under MPI that this
    /// call initializes asks MPI for `MPI_THREAD_MULTIPLE` (as `SHMEM_MPI_THREADS=multiple`
    /// does), so that contexts can reach other nodes ([`Runtime::thread_path`]).
    ///
    /// # Errors
    /// As [`Runtime::init`].
    pub fn init_thread(
        statics: &[StaticDesc<'_>],
        multiple: bool,
    ) -> Result<(Runtime, StaticsLayout)> {
        let threads = if multiple {
            config::MpiThreads::Multiple
        } else {
            config::MpiThreads::Single
        };
        Runtime::init_threads(statics, threads)
    }

    /// [`Runtime::init`] asking a job under MPI that this call initializes for at least the
    /// thread level `threads` (`SHMEM_MPI_THREADS` may ask for more): the C API's
    /// `shmem_init_thread`, which asks for `Serialized` when the program asks for
    /// `SHMEM_THREAD_SERIALIZED`. What MPI provided: [`Runtime::any_thread`],
    /// [`Runtime::thread_path`].
    ///
    /// # Errors
    /// As [`Runtime::init`].
    pub fn init_threads(
        statics: &[StaticDesc<'_>],
        threads: config::MpiThreads,
    ) -> Result<(Runtime, StaticsLayout)> {
        if LIVE.swap(true, Ordering::AcqRel) {
            return Err(Error::AlreadyInitialized);
        }
        let kept = DORMANT.lock().unwrap_or_else(|e| e.into_inner()).take();
        let r = match kept {
            Some(rt) => rt.wake(statics),
            None => Runtime::init_inner(statics, threads),
        };
        if r.is_err() {
            LIVE.store(false, Ordering::Release);
        }
        r
    }

    /// `init` of a process whose runtime was finalized and kept ([`KeptRuntime`]): the same
    /// job, segment, heap and transport, live again after a barrier. `statics` must lay out
    /// as they did at the first init (the same program); they keep their values.
    fn wake(self, statics: &[StaticDesc<'_>]) -> Result<(Runtime, StaticsLayout)> {
        let layout = layout_statics(statics);
        let first = self
            .seg
            .slot(self.me)
            .id
            .0
            .layout_hash
            .load(Ordering::Acquire);
        if layout.hash != first || layout.size != self.statics_size {
            let me = self.me;
            *DORMANT.lock().unwrap_or_else(|e| e.into_inner()) = Some(self);
            return Err(Error::StaticsMismatch {
                mine: layout.hash,
                other_pe: me,
                theirs: first,
            });
        }
        self.rejoin();
        Ok((self, layout))
    }

    /// Initializes a finalized runtime again (OpenSHMEM 1.6: "may be re-initialized with a
    /// subsequent call to an initialization routine"), for an owner that keeps its runtime
    /// itself (the C API). *Collective* over all PEs, like `init`: the same job, heap,
    /// statics (with their values) and settings as before. Nothing to do when this runtime
    /// is not finalized.
    ///
    /// # Errors
    /// [`Error::AlreadyInitialized`] when another runtime is live in this process.
    pub fn revive(&self) -> Result<()> {
        if !self.finalized.get() {
            return Ok(());
        }
        if LIVE.swap(true, Ordering::AcqRel) {
            return Err(Error::AlreadyInitialized);
        }
        self.rejoin();
        Ok(())
    }

    /// For an owner that never drops its runtime (the C API leaks it, so that the program's
    /// globals, which live in the segment, stay mapped until exit): under an MPI that shmem
    /// initialized, `MPI_Finalize` runs when the process exits, which the MPI launcher
    /// expects of every rank. Nothing to do under `shmemrun` or as a singleton.
    pub fn end_mpi_at_exit(&self) {
        #[cfg(feature = "mpi")]
        if self.launch == Launch::Mpi {
            crate::transport::net::finalize_at_exit();
        }
    }

    /// Marks this finalized PE running again and synchronizes with the others. Each PE writes
    /// only its own slot, so a PE that rejoins early cannot disturb one still finishing its
    /// finalize; the barrier continues the epochs of the finalize barrier.
    fn rejoin(&self) {
        self.seg
            .slot(self.me)
            .id
            .0
            .state
            .store(PeState::Running as u32, Ordering::Release);
        *PANIC_MARK.lock().unwrap_or_else(|e| e.into_inner()) = Some((self.seg.clone(), self.me));
        self.finalized.set(false);
        self.transport.barrier_all();
        debug_log!(self, "initialized again");
    }

    fn init_inner(
        statics: &[StaticDesc<'_>],
        threads: config::MpiThreads,
    ) -> Result<(Runtime, StaticsLayout)> {
        let mut settings = Settings::from_env()?;
        if STATICS_BESIDE_HEAP.load(Ordering::Relaxed) {
            // A segment this process makes (singleton, MPI) holds the heap and the statics.
            let data = layout_statics(statics).size;
            settings.symmetric_size = crate::segment::heap_and_data(settings.symmetric_size, data);
        }
        crate::log::set_level(settings.debug);
        let mut startup = config::Startup::from_env()?;
        startup.mpi_threads = startup.mpi_threads.max(threads);
        if FINALIZED_LAUNCHED.load(Ordering::Acquire) {
            return Err(Error::Finalized);
        }
        // Besides the segment: the PEs that share it under MPI (`None`: all of them), and the
        // transport in words (`SHMEM_INFO`).
        let shm = || "shared memory".to_owned();
        #[cfg(feature = "mpi")]
        let mut net = None;
        let (seg, me, launch, node_pes, transport_name) = match how_started(&startup)? {
            Start::Launcher(fd_text) => {
                if LAUNCHER_FD_TAKEN.swap(true, Ordering::AcqRel) {
                    return Err(Error::SegmentTaken);
                }
                let (seg, me) = attach_from_env(&fd_text)?;
                (seg, me, Launch::Launcher, None, shm())
            }
            Start::Mpi => {
                #[cfg(feature = "mpi")]
                {
                    // MPI can be initialized once per process: like a launched PE, this one
                    // cannot init again after it ends.
                    FINALIZED_LAUNCHED.store(true, Ordering::Release);
                    let (seg, me, placement, node_net) =
                        crate::transport::net::start(&settings, &startup)?;
                    net = node_net;
                    let name = format!(
                        "MPI ({} node{}, {} PEs on this one{}; PEs of a node share memory{})",
                        placement.nodes,
                        if placement.nodes == 1 { "" } else { "s" },
                        placement.node_pes,
                        if placement.simulated {
                            ", from SHMEM_MPI_NODE_SIZE"
                        } else {
                            ""
                        },
                        match (placement.nodes > 1, placement.one_host) {
                            (false, _) => "",
                            (true, true) => ", other nodes go through MPI RMA on one shared window",
                            (true, false) => ", other nodes go through MPI RMA",
                        }
                    );
                    (seg, me, Launch::Mpi, Some(placement.node_pes), name)
                }
                #[cfg(not(feature = "mpi"))]
                unreachable!("how_started chooses MPI only in builds with the `mpi` feature")
            }
            Start::Singleton => {
                let (seg, _fd, _token) = Segment::create(1, settings.symmetric_size)?;
                (seg, 0, Launch::Singleton, None, shm())
            }
        };
        let seg = Arc::new(seg);
        let n_pes = seg.n_pes();
        let (cpus, round_robin) = match node_pes {
            // Under MPI: the node's PEs over the node's CPUs. A launcher that binds each rank
            // to one core (`mpirun --bind-to core[:overload-allowed]`) maps ranks to cores
            // round robin, as `shmemrun` does.
            Some(_) => (sys::online_cpus(), sys::usable_cpus() == 1),
            None => {
                let cpus = std::env::var(config::ENV_RUN_CPUS)
                    .ok()
                    .and_then(|v| v.trim().parse().ok())
                    .filter(|&c: &usize| c > 0)
                    .unwrap_or_else(sys::usable_cpus);
                // Round-robin pinned by the launcher (and the pinning took: this PE sees one
                // CPU): PEs `p` and `q` share a CPU exactly when `p % cpus == q % cpus`.
                let rr = std::env::var(config::ENV_RUN_BIND).is_ok_and(|v| v == "rr")
                    && sys::usable_cpus() == 1;
                (cpus, rr)
            }
        };
        let policy = WaitPolicy::for_job(node_pes.unwrap_or(n_pes), cpus, round_robin, &settings);
        let layout = layout_statics(statics);
        if layout.size > seg.partition_size() {
            return Err(Error::StaticsTooLarge {
                needed: layout.size,
                available: seg.partition_size(),
            });
        }
        #[allow(unused_mut)] // changed only with the `mpi` feature
        // SAFETY: the one transport of this process (`LIVE` admits one runtime at a time, and
        // a runtime's transport dies with it); the runtime is `!Sync`, so one thread uses it
        // at a time.
        let mut transport = unsafe { ShmTransport::new(seg.clone(), me, policy, settings) };
        #[cfg(feature = "mpi")]
        if let Some(net) = net {
            transport.set_net(net);
        }
        // Initial values of the statics, in this PE's own partition, before the barrier.
        for (s, &off) in statics.iter().zip(&layout.offsets) {
            let dst = seg.partition_ptr(me, off, s.size);
            assert_eq!(
                s.init.len(),
                s.size,
                "StaticDesc::init must be size bytes long"
            );
            // SAFETY: `dst` is in bounds for `s.size` bytes of the segment (checked by
            // `partition_ptr`); `s.init` is local memory of that length.
            unsafe { crate::copy::to_segment(dst, s.init.as_ptr(), s.size) };
        }
        let id = &seg.slot(me).id.0;
        id.pid.store(std::process::id(), Ordering::Relaxed);
        id.layout_hash.store(layout.hash, Ordering::Relaxed);
        id.state.store(PeState::Running as u32, Ordering::Release);
        *PANIC_MARK.lock().unwrap_or_else(|e| e.into_inner()) = Some((seg.clone(), me));
        install_panic_hook();
        // `SHMEM_DEADLOCK_TIMEOUT`: this PE watches its own waits; the words of the other
        // nodes' PEs are not in this node's segment, so it judges only the ones it maps.
        let watchdog = startup.deadlock_timeout.and_then(|after| {
            let seen = (0..n_pes).map(|p| transport.maps(p)).collect();
            Watchdog::start(seg.clone(), me, after, seen)
        });
        let rt = Runtime {
            heap: Local::new(RefCell::new(Heap::new(layout.size, seg.partition_size()))),
            transport,
            seg,
            me,
            n_pes,
            statics_size: layout.size,
            launch,
            startup,
            transport_name,
            finalized: Local::new(Cell::new(false)),
            any_cursor: Local::new(AnyCursor::default()),
            _serialized: Serialized::default(),
            _watchdog: watchdog,
        };
        rt.transport.barrier_all();
        // Every PE's statics layout hash: from the slots, or over MPI when other nodes' slots
        // are not in this node's memory.
        #[allow(unused_mut)]
        let mut hashes: Vec<u64> = (0..n_pes)
            .map(|p| rt.seg.slot(p).id.0.layout_hash.load(Ordering::Acquire))
            .collect();
        #[cfg(feature = "mpi")]
        if let Some(net) = rt.transport.net() {
            net.allgather_u64(net.comm(PeSet::world(n_pes)), &[layout.hash], &mut hashes);
        }
        for (p, &theirs) in hashes.iter().enumerate() {
            if theirs != layout.hash {
                rt.finalized.set(true);
                return Err(Error::StaticsMismatch {
                    mine: layout.hash,
                    other_pe: p,
                    theirs,
                });
            }
        }
        debug_log!(
            rt,
            "attached ({:?}), {} PEs, {} bytes symmetric per PE ({} statics), wait policy {:?}",
            launch,
            n_pes,
            rt.seg.partition_size(),
            layout.size,
            policy
        );
        if me == 0 {
            rt.print_info();
        }
        Ok((rt, layout))
    }

    fn print_info(&self) {
        let s = self.transport.settings();
        if s.info || s.version {
            println!(
                "{VENDOR_NAME} {VERSION}, OpenSHMEM {}.{} semantics, transport: {}",
                SPEC_VERSION.0, SPEC_VERSION.1, self.transport_name
            );
        }
        if !s.info {
            return;
        }
        let p = self.transport.policy();
        let heap = self.seg.partition_size() - self.statics_size;
        let rows: [(&str, String, String); 11] = [
            (
                config::ENV_SYMMETRIC_SIZE,
                self.seg.partition_size().to_string(),
                format!(
                    "symmetric bytes per PE: statics {}, heap {heap} (k/m/g suffixes)",
                    self.statics_size
                ),
            ),
            (
                config::ENV_INFO,
                "1".into(),
                "print this configuration at init".into(),
            ),
            (
                config::ENV_VERSION,
                u8::from(s.version).to_string(),
                "print the library version at init".into(),
            ),
            (
                config::ENV_DEBUG,
                s.debug.to_string(),
                "log records on stderr: 1 lifecycle, 2 also every collective".into(),
            ),
            (
                config::ENV_WAIT_SPIN,
                p.spin.to_string(),
                "condition checks before a waiter yields".into(),
            ),
            (
                config::ENV_WAIT_YIELD_US,
                p.yield_for.as_micros().to_string(),
                "microseconds of yielding before sleeping on the futex".into(),
            ),
            (
                config::ENV_WAIT_RECHECK_MS,
                p.max_sleep.as_millis().to_string(),
                "longest single futex sleep (milliseconds)".into(),
            ),
            (
                config::ENV_STAGING,
                format!("{:?}", s.staging).to_ascii_lowercase(),
                "how collectives move data".into(),
            ),
            (
                config::ENV_TRANSPORT,
                format!("{:?}", self.startup.transport).to_ascii_lowercase(),
                "auto: MPI when an MPI launcher started the job".into(),
            ),
            (
                config::ENV_MPI_NODE_SIZE,
                self.startup
                    .mpi_node_size
                    .map_or_else(|| "unset".to_owned(), |k| k.to_string()),
                "ranks per pretend node under MPI".into(),
            ),
            (
                config::ENV_MPI_THREADS,
                format!("{:?}", self.startup.mpi_threads).to_ascii_lowercase(),
                "MPI thread level (single: only the init thread calls)".into(),
            ),
        ];
        println!("Configuration (environment variables, effective values):");
        for (name, value, what) in rows {
            println!("  {name:<26} {value:>12}  {what}");
        }
        println!(
            "  thread level: SHMEM_THREAD_SERIALIZED; PEs: {}; launched by: {:?}",
            self.n_pes, self.launch
        );
    }

    /// The transport.
    #[inline]
    pub fn transport(&self) -> &DefaultTransport {
        &self.transport
    }

    /// `shmem_pcontrol(level)`: this PE's log records from now on. 0 stops them; 1 returns to
    /// the level `SHMEM_DEBUG` set at init (none when unset); 2 or more records every barrier
    /// and collective call with its arguments, besides allocations, team splits and
    /// finalize. Negative levels change nothing.
    pub fn pcontrol(&self, level: i32) {
        match level {
            ..0 => {}
            0 => crate::log::set_level(0),
            1 => crate::log::set_level(self.transport.settings().debug),
            _ => crate::log::set_level(2),
        }
    }

    /// The way of this PE's other threads into the segment (contexts,
    /// `SHMEM_THREAD_MULTIPLE`): `None` in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (only MPI reaches the other nodes, and only from one thread at a
    /// time then).
    pub fn thread_path(&self) -> Option<crate::threads::ThreadPath<'_>> {
        #[cfg(feature = "mpi")]
        if let Some(net) = self.transport.net() {
            return net.thread_path().map(|np| {
                crate::threads::ThreadPath::new(
                    &self.seg,
                    self.me,
                    *self.transport.policy(),
                    Some(np),
                )
            });
        }
        Some(crate::threads::ThreadPath::new(
            &self.seg,
            self.me,
            *self.transport.policy(),
            #[cfg(feature = "mpi")]
            None,
        ))
    }

    /// Whether any thread of the process may make this runtime's calls, one at a time
    /// (`SHMEM_THREAD_SERIALIZED`): false only in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_SERIALIZED`, where only the thread that initialized it may (another
    /// thread's call that reaches MPI panics).
    pub fn any_thread(&self) -> bool {
        #[cfg(feature = "mpi")]
        if self.transport.net().is_some() && crate::transport::net::below_serialized() {
            return false;
        }
        true
    }

    /// This PE's fairness rotations for `any` waits and tests on arrays.
    #[inline]
    pub fn any_cursor(&self) -> &AnyCursor {
        &self.any_cursor
    }

    /// The segment.
    pub fn segment(&self) -> &Arc<Segment> {
        &self.seg
    }

    /// This PE's number.
    #[inline]
    pub fn my_pe(&self) -> usize {
        self.me
    }

    /// Number of PEs.
    #[inline]
    pub fn n_pes(&self) -> usize {
        self.n_pes
    }

    /// How the job was started.
    pub fn launch(&self) -> Launch {
        self.launch
    }

    /// Bytes of symmetric memory per PE (statics and heap).
    pub fn symmetric_size(&self) -> usize {
        self.seg.partition_size()
    }

    /// Bytes of heap (what is left after the statics).
    pub fn heap_capacity(&self) -> usize {
        self.heap.borrow().capacity()
    }

    /// Largest block the next collective allocation could get (after it releases the blocks
    /// this PE has freed since the previous one, which it will if every PE freed the same).
    pub fn heap_largest_free(&self) -> usize {
        let mut heap = self.heap.borrow_mut();
        if heap.pending_count() == 0 {
            return heap.largest_free();
        }
        let released = heap.release_pending();
        let largest = heap.largest_free();
        heap.restore_pending(released);
        largest
    }

    /// The world's handle on the runtime's own sync area (allocation rounds): a team's (the
    /// world, which every PE names with the same area), so that in a multi-node MPI job an
    /// allocation's round is one gather (`collectives/net.rs`).
    fn world(&self) -> Coll<'_> {
        Coll::for_team(&self.transport, PeSet::world(self.n_pes), RUNTIME_AREA)
            .expect("every PE is in the world")
    }

    /// Collective allocation (`shmem_malloc`). *Collective over all PEs*: every PE calls it
    /// with the same request, in the same order relative to other allocations. A request of
    /// zero bytes takes no heap space (OpenSHMEM 1.5) but is still collective: it takes part
    /// in the agreement round, so a PE that asks for 0 bytes while another asks for more
    /// gets the same size mismatch as every other PE (no PE can know that the others asked
    /// for nothing without that round).
    ///
    /// One agreement round (module `collectives::agree`) over every PE compares the request
    /// (size, alignment, element type, object kind and its parameter) and the set of blocks
    /// each PE freed since the previous allocation (they are released now, `heap.rs`), and
    /// gathers the offset each PE's allocator proposes (the lowest that fits). The round is
    /// exact: every PE compares every PE's whole signature word by word, not by hash, so no
    /// choice of arguments can make two different requests or freed sets pass. The freed set
    /// travels as its count and its first three offsets (in increasing order) in the round's
    /// signature, the rest in further exact rounds of six: each freed block costs at most a
    /// sixth of a round, against the two rounds that allocated it.
    /// The heaps may differ by team blocks ([`Runtime::alloc_on`]), so the proposals may too:
    /// then every PE proposes again, the lowest offset at or above the largest proposal, until
    /// all propose the same one, which is free on every PE (the lowest such; one round when
    /// the heaps agree). Only then does any heap change; `init(offset)` writes this PE's
    /// initial values, and a last round makes sure every PE's copy is initialized before any
    /// PE returns.
    ///
    /// # Errors
    /// On every PE, with every heap unchanged: [`Error::ArgumentMismatch`] when the PEs'
    /// requests or freed sets differ; [`Error::HeapExhausted`] when no offset is free on every
    /// PE ([`Error::Refused`] around it when some PEs have room).
    pub fn alloc(&self, req: AllocRequest, init: impl FnOnce(usize)) -> Result<Allocation<'_>> {
        let offset = self.alloc_over(&self.world(), Direction::Up, req, init)?;
        Ok(Allocation {
            rt: self,
            offset,
            empty: offset == self.seg.partition_size(),
        })
    }

    /// Collective allocation over the members of a team (`team`: this member's handle on
    /// the team's collectives, whose sync area carries the rounds). *Collective over the
    /// team*: every member calls it with the same request, in the same order relative to the
    /// team's other collectives; PEs outside the team take no part and their heaps do not
    /// change. The block comes from the top of the heap (the highest offset free on every
    /// member, agreed as [`Runtime::alloc`] agrees, from above), so the world's allocations,
    /// which come from the bottom, rarely meet it. World blocks this PE freed stay pending:
    /// only a world allocation releases them.
    ///
    /// Dropping the [`TeamAllocation`] is collective over the team too. The team must live
    /// as long as the allocation (the `shmem` crate's `TeamWindow` borrows its `Team`).
    ///
    /// # Errors
    /// As [`Runtime::alloc`], on every member of the team.
    pub fn alloc_on<'r>(
        &'r self,
        team: Coll<'r>,
        req: AllocRequest,
        init: impl FnOnce(usize),
    ) -> Result<TeamAllocation<'r>> {
        let offset = self.alloc_over(&team, Direction::Down, req, init)?;
        Ok(TeamAllocation {
            rt: self,
            team,
            offset,
            bytes: req.bytes.unwrap_or(0),
            object: req.object,
            elem: req.elem,
        })
    }

    /// The sizes of an object whose size each member chooses (a window with per-PE lengths):
    /// one exact agreement round over `team`'s members (`None`: every PE) on `req`'s kind,
    /// element type and parameter, in which every member publishes its `size`; returns every
    /// member's size, in member order (the same on every member). The object is then
    /// allocated as usual ([`Runtime::alloc`], [`Runtime::alloc_on`]), at a size every member
    /// derives from these. *Collective*, as the allocation that follows.
    ///
    /// The round's signature is an allocation's without an alignment (no allocation has
    /// alignment 0), so it never agrees with an allocation, and a member that calls
    /// something else gets the same [`Error::ArgumentMismatch`] as every other member.
    ///
    /// # Errors
    /// On every member alike: [`Error::ArgumentMismatch`] when the members' calls differ;
    /// the refusal's error when `req` carries one ([`AllocRequest::refusal`]).
    pub fn agree_sizes(
        &self,
        team: Option<Coll<'_>>,
        req: &AllocRequest,
        size: u64,
    ) -> Result<Vec<u64>> {
        let world = self.world();
        let coll = team.as_ref().unwrap_or(&world);
        let sig = Sig::new(
            Kind::Alloc,
            req.object,
            0,
            req.elem,
            coll.set(),
            coll.area().offset(),
        )
        .with(agree::P1, 0)
        .with(agree::P2, req.param as usize);
        let mut sizes = vec![0; coll.set().size()];
        coll.agree_values(sig, req.refusal, size, true, |i, v| sizes[i] = v)?;
        Ok(sizes)
    }

    /// The allocation protocol over `coll`'s members ([`Runtime::alloc`]): world allocations
    /// (`Direction::Up`) release the pending world blocks, team allocations
    /// (`Direction::Down`) leave them pending. A world allocation of zero bytes takes part in
    /// the rounds but takes no block: its offset is the end of the partition, where a
    /// zero-length range touches no byte (`init` is not called).
    fn alloc_over(
        &self,
        coll: &Coll<'_>,
        dir: Direction,
        req: AllocRequest,
        init: impl FnOnce(usize),
    ) -> Result<usize> {
        let empty = dir == Direction::Up && req.bytes == Some(0) && req.refusal.is_none();
        // Complete this PE's operations before any block it freed can be handed out again.
        self.transport.quiet();
        // The heap changes in place (a copy costs time in the number of blocks): the pending
        // blocks are released now and restored if the agreement fails.
        let released = (dir == Direction::Up).then(|| self.heap.borrow_mut().release_pending());
        let freed: Vec<usize> = released
            .as_ref()
            .map_or_else(Vec::new, |r| r.offsets().collect());
        let area = coll.area().offset();
        let mut sig = Sig::new(Kind::Alloc, req.object, 0, req.elem, coll.set(), area)
            .with(agree::N, req.bytes.unwrap_or(usize::MAX))
            .with(agree::P1, req.align)
            .with(agree::P2, req.param as usize)
            .with(agree::P3, freed.len());
        for (&w, &off) in agree::ALLOC_FREED.iter().zip(&freed) {
            sig = sig.with(w, off);
        }
        let (offset, rounds) = match self.agree_offset(coll, dir, &req, sig, &freed, empty) {
            Ok(agreed) => agreed,
            Err(e) => {
                if let Some(r) = released {
                    self.heap.borrow_mut().restore_pending(r);
                }
                return Err(e);
            }
        };
        if !empty {
            let fresh = self.heap.borrow_mut().take(offset, req.bytes.unwrap_or(0));
            if fresh.len() >= PREFAULT_BYTES {
                // `init` writes all of this PE's copy: the pages no block had yet, in one call.
                self.seg.prefault(self.me, fresh.start, fresh.len());
            }
            init(offset);
            let done = Sig::new(Kind::AllocDone, req.object, 0, req.elem, coll.set(), area)
                .with(agree::TARGET, offset);
            coll.agree(done)?;
        }
        debug_log!(
            self,
            "allocated {} bytes at offset {offset} over {:?} after {rounds} round(s) ({} freed blocks released)",
            req.bytes.unwrap_or(0),
            coll.set(),
            freed.len()
        );
        Ok(offset)
    }

    /// The rounds of [`Runtime::alloc_over`] that agree on the offset (this PE's heap with
    /// its pending blocks released, for a world allocation): the offset and the number of
    /// proposal rounds. Nothing changes here.
    fn agree_offset(
        &self,
        coll: &Coll<'_>,
        dir: Direction,
        req: &AllocRequest,
        sig: Sig,
        freed: &[usize],
        empty: bool,
    ) -> Result<(usize, u32)> {
        let heap = self.heap.borrow();
        let mut bound = match dir {
            Direction::Up => 0,
            Direction::Down => usize::MAX,
        };
        let mut rounds = 0;
        loop {
            rounds += 1;
            let (offset, refusal) = match req.bytes {
                _ if req.refusal.is_some() => (usize::MAX, req.refusal),
                _ if empty => (self.seg.partition_size(), None),
                None => (
                    usize::MAX,
                    Some(Refusal::HeapExhausted {
                        requested: usize::MAX,
                        available: heap.largest_free(),
                    }),
                ),
                Some(bytes) => match heap.fit(bytes, req.align, dir, bound) {
                    Ok(off) => (off, None),
                    Err(_) => (
                        usize::MAX,
                        Some(Refusal::HeapExhausted {
                            requested: bytes,
                            available: heap.largest_free(),
                        }),
                    ),
                },
            };
            // Every member reads the same proposals, so all take the same branch here.
            // Exact: the request and the freed set are compared word by word, never by hash
            // (a caller choosing several words could make a 64-bit hash collide).
            let (lo, hi) = coll.agree_value(sig, refusal, offset as u64, true)?;
            if rounds == 1 {
                // Every member agreed on the count: the same number of rounds for the rest.
                Self::agree_freed(coll, req, freed)?;
            }
            if lo == hi {
                return Ok((offset, rounds));
            }
            bound = match dir {
                Direction::Up => hi as usize,
                Direction::Down => lo as usize,
            };
        }
    }

    /// The exact comparison of the freed offsets that did not fit the allocation's own round:
    /// rounds of [`agree::MORE_FREED`]`.len()` offsets each, every one exact.
    fn agree_freed(coll: &Coll<'_>, req: &AllocRequest, freed: &[usize]) -> Result<()> {
        let rest = freed.get(agree::ALLOC_FREED.len()..).unwrap_or_default();
        for (k, chunk) in rest.chunks(agree::MORE_FREED.len()).enumerate() {
            let first = agree::ALLOC_FREED.len() + k * agree::MORE_FREED.len();
            let mut sig = Sig::new(
                Kind::Freed,
                req.object,
                0,
                0,
                coll.set(),
                coll.area().offset(),
            )
            .with(agree::N, first);
            for (&w, &off) in agree::MORE_FREED.iter().zip(chunk) {
                sig = sig.with(w, off);
            }
            coll.agree_value(sig, None, 0, true)?;
        }
        Ok(())
    }

    /// Frees a team block ([`TeamAllocation`]'s drop): *collective over the team*. After
    /// `quiet`, one exact agreement round over the team compares the block (offset, size, kind);
    /// once every member has arrived, no member uses the block any more, so each releases
    /// it at once. If the members disagree (they drop different objects at this point, or
    /// one makes another collective call), the block stays taken on this PE for good: a leak,
    /// never a reuse while a member may still reach it.
    fn free_on(&self, a: &TeamAllocation<'_>) {
        self.transport.quiet();
        let sig = Sig::new(
            Kind::Free,
            a.object,
            0,
            a.elem,
            a.team.set(),
            a.team.area().offset(),
        )
        .with(agree::TARGET, a.offset)
        .with(agree::N, a.bytes);
        match a.team.agree(sig) {
            Ok(()) => {
                self.heap.borrow_mut().free(a.offset);
                debug_log!(self, "freed the team block at offset {}", a.offset);
            }
            Err(e) => debug_log!(
                self,
                "the team block at offset {} stays allocated (its members disagree on the free): {e}",
                a.offset
            ),
        }
    }

    /// Frees the block at `offset` on this PE (`shmem_free`): local, never waits. The block
    /// returns to the heap at the next collective allocation, once every PE has freed it
    /// (see [`Runtime::alloc`]); until then nobody can be handed it, so other PEs that still
    /// use their copies, or still write into this PE's copy, are unaffected. Only an
    /// [`Allocation`] calls it, once, when it drops.
    fn free(&self, offset: usize) {
        self.heap.borrow_mut().defer_free(offset);
    }

    /// `shmem_global_exit`: ends the whole job with `status`. The launcher sees the request,
    /// stops every other PE and exits with [`crate::segment::exit_status`]`(status)` (the low
    /// byte, never 0 for a non-zero status); a singleton PE exits with that status itself.
    pub fn global_exit(&self, status: i32) -> ! {
        let v = GLOBAL_EXIT_SET | ((self.me as u64) << 32) | u64::from(status as u32);
        let _ =
            self.seg
                .job()
                .global_exit
                .compare_exchange(0, v, Ordering::AcqRel, Ordering::Acquire);
        self.seg
            .slot(self.me)
            .id
            .0
            .state
            .store(PeState::GlobalExit as u32, Ordering::Release);
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        #[cfg(feature = "mpi")]
        if self.launch == Launch::Mpi {
            // The MPI launcher's own words name a rank and an error code, but not always (an
            // Open MPI internal error may come first) and never the status asked for: say it
            // here, on this PE's stderr, before `MPI_Abort` takes the job down.
            let code = crate::segment::exit_status(status);
            // One write, so that the line is never interleaved with other PEs' output.
            let line = format!(
                "shmem: PE {} called global_exit({status}); the job ends with exit status {code}\n",
                self.me
            );
            let _ = std::io::stderr().write_all(line.as_bytes());
            crate::transport::net::abort(code);
        }
        std::process::exit(crate::segment::exit_status(status))
    }

    /// `shmem_finalize`: completes outstanding operations, synchronizes all PEs and marks this
    /// PE finalized. Also run by `Drop`. During a panic it only marks the PE (no barrier: the
    /// others would wait for a PE that is going away).
    pub fn finalize(&self) {
        if self.finalized.replace(true) {
            return;
        }
        let state = if std::thread::panicking() {
            PeState::Panicked
        } else {
            self.transport.quiet();
            self.transport.finalize_barrier();
            PeState::Finalized
        };
        self.seg
            .slot(self.me)
            .id
            .0
            .state
            .store(state as u32, Ordering::Release);
        debug_log!(self, "finalized");
        LIVE.store(false, Ordering::Release);
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        self.finalize();
        *PANIC_MARK.lock().unwrap_or_else(|e| e.into_inner()) = None;
        if matches!(self.launch, Launch::Launcher | Launch::Mpi) {
            FINALIZED_LAUNCHED.store(true, Ordering::Release);
        }
    }
}

/// A runtime that, when dropped, is finalized and *kept* for this process's next
/// [`Runtime::init`], which then rejoins the same job instead of starting one (OpenSHMEM
/// 1.6's re-initialization; a launched PE's bootstrap is one-shot, and MPI can be initialized
/// only once per process). What the `shmem` crate's handle holds.
///
/// Dropped during a panic, the runtime is dropped as usual (the PE is marked panicked).
/// A kept MPI runtime is dropped at process exit (`atexit`), which frees its windows and
/// finalizes MPI, as dropping it at finalize did. It is not kept (it is dropped at once, and a
/// later `init` is [`Error::Finalized`]) when the program initialized MPI itself (it may
/// finalize MPI right after shmem) or when it is dropped on a thread other than the main one
/// (which runs `atexit`).
#[derive(Debug)]
pub struct KeptRuntime(std::mem::ManuallyDrop<Runtime>);

impl KeptRuntime {
    /// Keeps `rt`.
    pub fn new(rt: Runtime) -> KeptRuntime {
        KeptRuntime(std::mem::ManuallyDrop::new(rt))
    }
}

impl std::ops::Deref for KeptRuntime {
    type Target = Runtime;
    #[inline(always)]
    fn deref(&self) -> &Runtime {
        &self.0
    }
}

impl Drop for KeptRuntime {
    fn drop(&mut self) {
        // SAFETY: the runtime is taken once, here, and `self.0` is never used again (this is
        // the drop of its only owner).
        let rt = unsafe { std::mem::ManuallyDrop::take(&mut self.0) };
        if std::thread::panicking() {
            drop(rt);
            return;
        }
        rt.finalize();
        #[cfg(feature = "mpi")]
        if rt.launch == Launch::Mpi {
            if !crate::transport::net::may_keep_until_exit() {
                // Freed now, as before re-initialization existed: a later `init` is
                // `Error::Finalized`.
                drop(rt);
                return;
            }
            static AT_EXIT: std::sync::Once = std::sync::Once::new();
            AT_EXIT.call_once(|| {
                // SAFETY: `drop_kept` is an `extern "C" fn()` that never unwinds (a panic in
                // it aborts).
                unsafe { libc::atexit(drop_kept) };
            });
        }
        let old = DORMANT
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .replace(rt);
        drop(old);
    }
}

/// Drops the kept runtime at process exit (the MPI transport: frees its windows and
/// finalizes MPI, collectively, as every PE exits).
#[cfg(feature = "mpi")]
extern "C" fn drop_kept() {
    let kept = DORMANT.lock().unwrap_or_else(|e| e.into_inner()).take();
    drop(kept);
}

fn attach_from_env(fd_text: &str) -> Result<(Segment, usize)> {
    let get = |name: &'static str| {
        std::env::var(name).map_err(|_| Error::Bootstrap(format!("{name} is not set")))
    };
    let fd: i32 = fd_text
        .trim()
        .parse()
        .map_err(|_| Error::Bootstrap(format!("{}={fd_text:?}", config::ENV_RUN_FD)))?;
    let pe: usize = get(config::ENV_RUN_PE)?
        .trim()
        .parse()
        .map_err(|_| Error::Bootstrap(format!("{} is not a number", config::ENV_RUN_PE)))?;
    let n_pes: u32 = get(config::ENV_RUN_NPES)?
        .trim()
        .parse()
        .map_err(|_| Error::Bootstrap(format!("{} is not a number", config::ENV_RUN_NPES)))?;
    let token = u64::from_str_radix(get(config::ENV_RUN_TOKEN)?.trim(), 16)
        .map_err(|_| Error::Bootstrap(format!("{} is not hex", config::ENV_RUN_TOKEN)))?;
    if pe >= n_pes as usize {
        return Err(Error::Bootstrap(format!("PE {pe} of {n_pes}")));
    }
    let owned = sys::adopt_inherited_fd(fd)
        .map_err(|e| Error::Bootstrap(format!("inherited segment descriptor {fd}: {e}")))?;
    let seg = Segment::attach(
        std::os::fd::AsFd::as_fd(&owned),
        Expect {
            job_token: token,
            n_pes,
        },
    )?;
    claim(&seg, pe)?;
    Ok((seg, pe))
}

/// Claims PE `pe`'s slot for this process, before anything is written into the segment.
///
/// The process must be the one the launcher started as that PE, or that process's program
/// under a wrapper (`perf record prog`, `strace prog`, `sh -c 'prog; echo'`):
/// 1. it is in the process group the launcher made for the PE (whose id is the launched
///    process's pid, recorded in the slot between fork and exec): this refuses unrelated
///    processes that got hold of the environment;
/// 2. if it is not the launched process itself, the launched process runs another program (a
///    wrapper): a child running the PE's own program is an impostor;
/// 3. no process claimed the slot before (compare-exchange of `claimed_by` from 0).
///
/// # Errors
/// [`Error::NotLaunchedPe`] for 1 and 2, [`Error::PeClaimed`] for 3; the segment is
/// untouched then (a failed compare-exchange writes nothing).
fn claim(seg: &Segment, pe: usize) -> Result<()> {
    let record = &seg.slot(pe).launch.0;
    let launched = record.pid.load(Ordering::Acquire);
    let pid = sys::process_id();
    let refuse = |why| Error::NotLaunchedPe {
        pe,
        pid,
        launched,
        why,
    };
    if launched == 0 {
        return Err(refuse("the launcher recorded no process for this PE"));
    }
    let group = sys::process_group().map_err(Error::io("getpgid"))?;
    if group != launched {
        return Err(refuse(
            "it is not in the process group shmemrun made for this PE",
        ));
    }
    if pid != launched {
        match sys::same_executable(launched) {
            Ok(false) => {} // a wrapper started this program
            Ok(true) => {
                return Err(refuse(
                    "it is a child running the PE's own program, not the PE",
                ));
            }
            Err(_) => {
                return Err(refuse(
                    "the process shmemrun started for this PE has exited",
                ));
            }
        }
    }
    record
        .claimed_by
        .compare_exchange(0, pid, Ordering::AcqRel, Ordering::Acquire)
        .map(|_| ())
        .map_err(|by_pid| Error::PeClaimed { pe, by_pid })
}
