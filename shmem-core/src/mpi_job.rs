//! The MPI transport (feature `mpi`): start-up under `mpirun`/`mpiexec`/`srun`, and every
//! MPI call of the crate.
//!
//! Every rank is one PE (PE number = rank in `MPI_COMM_WORLD`). A *node* is the set of ranks
//! that share memory: `MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)`, or, with
//! `SHMEM_MPI_NODE_SIZE=k`, every `k` consecutive ranks of it (a pretend node, so the network
//! path runs on one machine).
//!
//! # Memory
//!
//! The symmetric memory is laid out exactly as `shmemrun`'s memfd (`segment.rs`): header,
//! control slots, one partition per PE. Where it comes from:
//!
//! * **All ranks on one host** (with or without pretend nodes): one
//!   `MPI_Win_allocate_shared` window over `MPI_COMM_WORLD`, to which every rank contributes
//!   its own partition and rank 0 also the header and control area, so that the window's
//!   memory *is* the segment (checked with `MPI_Win_shared_query`). Open MPI serves it with
//!   its `osc sm` component. PEs of one (pretend) node reach each other with loads, stores and
//!   CPU atomics, exactly as under `shmemrun`; with pretend nodes, the others go through
//!   `MPI_Put`/`MPI_Get`/`MPI_Fetch_and_op`/`MPI_Compare_and_swap` on the same window.
//! * **Ranks on several hosts**: each node's leader allocates the segment in an
//!   `MPI_Win_allocate_shared` window over the node (the others attach to it), and every rank
//!   exposes its own partition in an `MPI_Win_create` window over `MPI_COMM_WORLD` for the
//!   other nodes. Under Open MPI, shmem chooses the one-sided components that can make both
//!   where nobody did ([`choose_open_mpi_osc`]); a window that cannot be made fails `init`
//!   with the remedy ([`returning_errors`]).
//!
//! Why the one-host case has its own window: Open MPI 4.1's default one-sided component,
//! `osc rdma`, crashes the target in `MPI_Compare_and_swap` on 8-byte values when the peer is
//! on the same host (its shared-memory path, `btl vader`), and `MPI_Win_create` windows can
//! only use `rdma` there (Debian disables `pt2pt` and `ucx`). A shared window is served by
//! `osc sm`, which has no such bug, and which is also the fastest one-sided component on one
//! host (`shared/anchors/mpi-rma-bench`). Across hosts the network component carries the
//! traffic.
//!
//! # Ordering, completion, atomicity
//!
//! One passive-target epoch (`MPI_Win_lock_all`) lasts the whole job. A put returns once its
//! source may be reused: a small put or word store puts from a private copy of its source
//! ([`Stage`]), a larger one waits for `MPI_Win_flush_local`; `quiet` and `fence` complete everything
//! (`MPI_Win_flush_all`); a get, an atomic and a word load return
//! complete (`MPI_Win_flush`). `barrier_all` is `quiet` plus `MPI_Barrier`.
//!
//! Atomics: in a job of more than one node, *every* remote atomic, whatever its target (this
//! node, this PE), goes through MPI on the window, so that all atomics on a location are MPI
//! accumulate operations of one predefined datatype (the typed API gives a location one word
//! type): that is MPI's condition for them to be atomic with respect to each other. Mixing
//! operations on a location (a lock word takes a swap, then a compare-and-swap) is outside
//! the default `accumulate_ops = same_op_no_op` promise that MPI lets an implementation
//! assume, so the windows are created with `accumulate_ops = same_op_no_op` *not* set to
//! `same_op`, and the test suite checks mixed operations under the component in use (Open
//! MPI's `sm` and `rdma` components serialize every accumulate on a target, so mixed
//! operations stay atomic there). Word stores (`shmem_p`) to another node are
//! `MPI_Accumulate(MPI_REPLACE)`, word loads `MPI_Fetch_and_op(MPI_NO_OP)` (of 1- and 2-byte
//! words `MPI_Get_accumulate(MPI_NO_OP)`: [`Net::get_word`]): single-copy atomic, as a word
//! store and load are on one node.
//!
//! Waiting: a write that arrives through MPI cannot ring the waiter's futex, so in a job of
//! more than one node a waiter sleeps at most [`NET_MAX_SLEEP`] at a time and calls
//! `MPI_Win_sync` (and, every so often, `MPI_Iprobe`, so that components that need the target
//! to progress get it) while it waits.
//!
//! Collectives of a multi-node job (`collectives/net.rs`): the agreement round is the
//! shared-memory round's protocol, one-sided, with the words of members on other nodes read
//! through MPI (members that disagree about the set would never meet in an MPI collective);
//! small reductions, broadcasts and fcollects ride with it (staged in each member's area, read
//! with `MPI_Get`); other data moves with `MPI_Allgather(v)`, `MPI_Bcast` or `MPI_Alltoall` on
//! a communicator per active set or team (`MPI_Comm_create_group`, made once per set and
//! cached).
//!
//! Threads: MPI runs at `MPI_THREAD_SINGLE` unless `SHMEM_MPI_THREADS=serialized` asks for
//! `MPI_THREAD_SERIALIZED` (Open MPI 4.1 takes locks in every call above `SINGLE`); at `SINGLE`
//! every MPI call after start-up first checks that it runs on the thread that initialized MPI
//! ([`on_mpi_thread`]), so a handle moved to another thread panics instead of calling MPI.
//!
//! The windows and communicators are freed, and MPI finalized, when the segment drops: after
//! the runtime's finalize barrier, with the last reference to the segment ([`MpiOwner`]). A
//! program may initialize MPI itself before `shmem::init` (OpenSHMEM's MPI interoperability):
//! then shmem uses it at the program's thread level and leaves `MPI_Finalize` to the program.

use std::cell::{Cell, RefCell};
use std::ffi::{c_int, c_void};
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::time::Duration;

use mpi::ffi;
use mpi::topology::{Color, SimpleCommunicator};
use mpi::traits::{AsRaw, Communicator, CommunicatorCollectives, Root};

use crate::collectives::PeSet;
use crate::config::{MpiThreads, Settings};
use crate::error::{Error, Result};
use crate::segment::{self, Expect, ForeignMemory, Segment};
use crate::sys;
use crate::transport::{AmoOp, AmoWord, Pending, PendingOp, Word};

const PAGE: usize = 4096;

/// Longest single futex sleep of a waiter in a multi-node job (writes from other nodes cannot
/// wake it).
pub(crate) const NET_MAX_SLEEP: Duration = Duration::from_micros(50);

/// Whether shmem initialized MPI (and so finalizes it), rather than the program.
static SHMEM_OWNS_MPI: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a finalized runtime of this process may be kept until exit ([`KeptRuntime`]): MPI
/// is shmem's (a program that initialized MPI itself may finalize it right after shmem, so
/// shmem's windows must be freed at finalize), and this is the process's main thread (the one
/// that runs `atexit` handlers, which then calls MPI).
///
/// [`KeptRuntime`]: crate::KeptRuntime
pub(crate) fn may_keep_until_exit() -> bool {
    SHMEM_OWNS_MPI.load(std::sync::atomic::Ordering::Acquire)
        && rustix::thread::gettid() == rustix::process::getpid()
}

/// Whether MPI runs below `MPI_THREAD_SERIALIZED` (only its initializing thread may call it).
static MPI_SINGLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether MPI runs below `MPI_THREAD_SERIALIZED` ([`MPI_SINGLE`]).
pub(crate) fn below_serialized() -> bool {
    MPI_SINGLE.load(std::sync::atomic::Ordering::Acquire)
}

/// Finalizes MPI when the process exits, for a runtime that is never dropped (the C API
/// leaks its runtime so that the program's globals, which live in the segment, stay mapped
/// until exit). Does nothing when the program initialized MPI itself (it finalizes it).
pub(crate) fn finalize_at_exit() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `finalize_now` is an `extern "C" fn()` that does not unwind.
        unsafe { libc::atexit(finalize_now) };
    });
}

/// `MPI_Finalize` at exit when shmem was finalized, shmem initialized MPI, this thread may
/// call MPI, and MPI is not finalized yet. The windows and communicators are left to `MPI_Finalize` (the
/// segment's pages stay mapped: the globals were remapped onto them, and the process is
/// ending); `MPI_Finalize` is what the MPI launcher waits for from every rank.
extern "C" fn finalize_now() {
    use std::sync::atomic::Ordering::Acquire;
    // A PE that exits without finalizing shmem (a failure) leaves without `MPI_Finalize`:
    // the MPI launcher then ends the whole job, as `shmemrun` does, instead of waiting for
    // the others, who may be waiting for this one.
    if crate::runtime::initialized()
        || !SHMEM_OWNS_MPI.load(Acquire)
        || (MPI_SINGLE.load(Acquire) && !MPI_THREAD.get())
        || mpi::environment::is_finalized()
    {
        return;
    }
    // SAFETY: MPI is initialized by shmem and not finalized (checked), and this thread may
    // call it (checked); nothing uses MPI after the process's exit handlers.
    unsafe { ffi::MPI_Finalize() };
}

thread_local! {
    /// Whether this thread initialized MPI.
    static MPI_THREAD: Cell<bool> = const { Cell::new(false) };
}

/// Panics unless this thread may call MPI: with `single` (`MPI_THREAD_SINGLE`, the default of
/// `SHMEM_MPI_THREADS`) only the thread that initialized MPI may. Every MPI call after
/// start-up is preceded by this check (in `Net`'s methods and `MpiOwner::drop`), so a safe
/// program that moves its handle to another thread gets this panic, never a call that MPI
/// forbids.
#[inline]
fn on_mpi_thread(single: bool) {
    if single && !MPI_THREAD.get() {
        wrong_thread();
    }
}

#[cold]
#[inline(never)]
fn wrong_thread() -> ! {
    panic!(
        "shmem: this thread is not the one that called shmem::init, and the MPI transport runs \
         MPI at MPI_THREAD_SINGLE (the default of SHMEM_MPI_THREADS); set \
         SHMEM_MPI_THREADS=serialized to use shmem from other threads, one at a time"
    );
}

// Constants that rsmpi's bindings lack, from `csrc/mpi_consts.c` (built by `build.rs`).
unsafe extern "C" {
    static shmem_mpi_replace: ffi::MPI_Op;
    static shmem_mpi_no_op: ffi::MPI_Op;
    static shmem_mpi_mode_nocheck: c_int;
    static shmem_mpi_win_unified: c_int;
}

/// What the start-up learned about the job's placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    /// PEs that share this PE's node.
    pub(crate) node_pes: usize,
    /// Nodes in the job.
    pub(crate) nodes: usize,
    /// `SHMEM_MPI_NODE_SIZE` made the nodes.
    pub(crate) simulated: bool,
    /// Every rank runs on this host (the window is one shared window).
    pub(crate) one_host: bool,
}

/// Owns the MPI side of a segment: its windows, the node communicator and MPI itself.
/// Dropping it ends the windows' epochs, frees them (collective: every PE's segment drops
/// after the same finalize barrier), frees the communicator and finalizes MPI.
pub(crate) struct MpiOwner {
    /// MPI runs at `MPI_THREAD_SINGLE`: only the thread that initialized it may call it.
    single: bool,
    /// The shared window holding the segment (when `has_shared`).
    shared: ffi::MPI_Win,
    has_shared: bool,
    /// The `MPI_Win_create` window of a multi-host job (when `has_created`).
    created: ffi::MPI_Win,
    has_created: bool,
    /// Whether `shared` is in a `lock_all` epoch (it is the RMA window of a one-host job).
    shared_locked: bool,
    /// The segment of a node of one PE in a multi-host job, mapped by shmem instead of an
    /// MPI shared window (`start`). Unmapped by `drop` after the windows over it are freed;
    /// left mapped when a panic ends the PE (as the windows are left).
    own_map: ManuallyDrop<Option<memmap2::MmapRaw>>,
    // Dropped by `drop`: the communicator (`MPI_Comm_free`), then MPI (`MPI_Finalize`).
    node: ManuallyDrop<SimpleCommunicator>,
    /// `None` when the program initialized MPI itself: it also finalizes it.
    universe: ManuallyDrop<Option<mpi::environment::Universe>>,
}

impl std::fmt::Debug for MpiOwner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MpiOwner")
            .field("node_size", &self.node.size())
            .finish_non_exhaustive()
    }
}

// SAFETY: the handles are used only by `Drop`, which runs once, on whichever thread drops the
// segment's last reference; MPI was initialized with at least `MPI_THREAD_SERIALIZED` (checked
// in `start`), so any one thread at a time may call it, or at `MPI_THREAD_SINGLE`, and then
// `Drop` calls nothing unless it runs on the thread that initialized MPI (`on_mpi_thread`).
unsafe impl Send for MpiOwner {}
// SAFETY: `&MpiOwner` gives access to nothing but `Debug` (the node communicator's size, a
// local query); see `Send`.
unsafe impl Sync for MpiOwner {}

impl Drop for MpiOwner {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // A PE that panics leaves without the collective frees and `MPI_Finalize` (the
            // other PEs are not coming to them): its exit status, 101, makes the MPI launcher
            // end the job. Nothing is freed, so nothing dangles. Not so MPICH's Hydra across
            // hosts: a rank that exits non-zero ends only its own host's ranks, and the other
            // hosts' wait for ever (a C program that calls `exit(3)` after `MPI_Init` does the
            // same). `MPI_Abort` ends every host's ranks, with the status, under any launcher;
            // Open MPI's `mpirun` needs none, and keeps the exit status it reports today.
            if !is_open_mpi()
                && (!self.single || MPI_THREAD.get())
                && !mpi::environment::is_finalized()
            {
                abort(101);
            }
            return;
        }
        on_mpi_thread(self.single);
        // SAFETY: the windows are the ones `start` made, each freed once, here, by every PE
        // (collective), after their epochs end; nothing points into them any more: this runs
        // when the segment, the only holder of pointers into them, goes away, and after the
        // transport (and its `Net`, which names them) is gone.
        unsafe {
            if self.has_created {
                ffi::MPI_Win_unlock_all(self.created);
                ffi::MPI_Win_free(&mut self.created);
            }
            if self.shared_locked {
                ffi::MPI_Win_unlock_all(self.shared);
            }
            if self.has_shared {
                ffi::MPI_Win_free(&mut self.shared);
            }
        }
        // SAFETY: dropped once, here, and never used again; the map after the windows over it
        // were freed (above), the communicator before MPI.
        unsafe {
            ManuallyDrop::drop(&mut self.own_map);
            ManuallyDrop::drop(&mut self.node);
            ManuallyDrop::drop(&mut self.universe);
        }
    }
}

fn check(what: &str, rc: c_int) -> Result<()> {
    if rc == 0 {
        Ok(())
    } else {
        Err(Error::Start(format!(
            "{what} failed with MPI error code {rc}"
        )))
    }
}

/// An info object with `key = value` pairs, freed on drop.
struct Info(ffi::MPI_Info);

impl Info {
    fn new(pairs: &[(&std::ffi::CStr, &std::ffi::CStr)]) -> Info {
        // SAFETY: `MPI_INFO_NULL` is a predefined handle value.
        let mut info = unsafe { ffi::RSMPI_INFO_NULL };
        // SAFETY: `info` is an out-pointer for one handle; the keys and values are
        // NUL-terminated strings that outlive the calls.
        unsafe {
            ffi::MPI_Info_create(&mut info);
            for (k, v) in pairs {
                ffi::MPI_Info_set(info, k.as_ptr(), v.as_ptr());
            }
        }
        Info(info)
    }
}

impl Drop for Info {
    fn drop(&mut self) {
        // SAFETY: made by `MPI_Info_create`, freed once.
        unsafe { ffi::MPI_Info_free(&mut self.0) };
    }
}

/// `MPI_Win_shared_query` of `rank`'s part of `win`: its base and size.
fn shared_query(win: ffi::MPI_Win, rank: c_int) -> Result<(*mut u8, usize)> {
    let mut size: ffi::MPI_Aint = 0;
    let mut disp: c_int = 0;
    let mut base: *mut u8 = std::ptr::null_mut();
    // SAFETY: `win` is a live shared window; the out-pointers are valid for one value each.
    let rc = unsafe {
        ffi::MPI_Win_shared_query(
            win,
            rank,
            &mut size,
            &mut disp,
            (&raw mut base).cast::<c_void>(),
        )
    };
    check("MPI_Win_shared_query", rc)?;
    Ok((base, size as usize))
}

/// Refuses, before any window is made, a job whose `host_pes` PEs of some host need more
/// shared memory (`partition` bytes each, plus control) than that machine has: the check
/// `shmemrun` makes before it starts a job. Open MPI's `osc sm` only warns that its backing
/// file does not fit in `/dev/shm`, and the job then hung in start-up. Every PE hears every
/// host's figures (one `MPI_Allgather` over `world`) and reports the first host that does not
/// fit, so every PE fails alike, also where hosts differ in memory. Collective over `world`.
fn check_fits(world: &SimpleCommunicator, host_pes: usize, partition: usize) -> Result<()> {
    let total = segment::planned_size(host_pes, partition).unwrap_or(u64::MAX);
    let mine = [host_pes as u64, total, sys::memory_total()];
    let mut all = vec![0u64; 3 * world.size() as usize];
    world.all_gather_into(&mine[..], &mut all[..]);
    match all.chunks_exact(3).find(|h| h[1] > h[2]) {
        Some(h) => Err(Error::JobTooLarge {
            n_pes: h[0] as usize,
            symmetric_size: partition,
            total: h[1],
            mem_total: h[2],
        }),
        None => Ok(()),
    }
}

/// `MPI_Win_allocate_shared` of `bytes` from this rank over `comm`, with `info`.
fn allocate_shared(bytes: usize, info: &Info, comm: ffi::MPI_Comm) -> Result<ffi::MPI_Win> {
    let mut base: *mut u8 = std::ptr::null_mut();
    // SAFETY: `MPI_WIN_NULL` is a handle value, read once.
    let mut win = unsafe { ffi::RSMPI_WIN_NULL };
    // SAFETY: a size, a displacement unit, a live info object and communicator, and
    // out-pointers to a pointer and a window handle, as `MPI_Win_allocate_shared` expects
    // (its `baseptr` is a `void *` that receives a pointer). Collective over `comm`: every
    // rank of it calls this at the same point of `start`.
    let rc = returning_errors(comm, || unsafe {
        ffi::MPI_Win_allocate_shared(
            bytes as ffi::MPI_Aint,
            1,
            info.0,
            comm,
            (&raw mut base).cast::<c_void>(),
            &mut win,
        )
    });
    if rc != 0 {
        return Err(Error::Start(format!(
            "MPI_Win_allocate_shared of {bytes} bytes failed (MPI error code {rc}): the node's \
             shared memory is too small for it, or the MPI library's one-sided component \
             cannot make shared windows; {}",
            window_remedy("`--mca osc sm,ucx`")
        )));
    }
    Ok(win)
}

/// Runs `create`, a window creation collective over `comm`, with `MPI_ERRORS_RETURN` on
/// `comm` (errors of a window creation go to its communicator's handler, by default
/// `MPI_ERRORS_ARE_FATAL`): a component that cannot make the window returns an error code,
/// which `start` turns into an error that names the remedy, instead of aborting the job with
/// MPI's own text. The communicator's handler is restored afterwards.
fn returning_errors(comm: ffi::MPI_Comm, create: impl FnOnce() -> c_int) -> c_int {
    // SAFETY: a predefined handle value, overwritten below.
    let mut before = unsafe { ffi::RSMPI_ERRORS_ARE_FATAL };
    // SAFETY: `comm` is a live communicator; `before` receives one handle, which is put back
    // and then freed once (`MPI_Comm_get_errhandler` gives a reference of its own).
    unsafe {
        ffi::MPI_Comm_get_errhandler(comm, &mut before);
        ffi::MPI_Comm_set_errhandler(comm, ffi::RSMPI_ERRORS_RETURN);
    }
    let rc = create();
    // SAFETY: as above.
    unsafe {
        ffi::MPI_Comm_set_errhandler(comm, before);
        ffi::MPI_Errhandler_free(&mut before);
    }
    rc
}

/// Whether the MPI library is Open MPI (`MPI_Get_library_version`, which MPI lets a program
/// call before `MPI_Init`): its one-sided components are chosen by shmem
/// ([`choose_open_mpi_osc`]) and named in the remedies of [`window_remedy`]; other libraries
/// (MPICH and its derivatives) have none of these.
fn is_open_mpi() -> bool {
    mpi::environment::library_version().is_ok_and(|v| v.starts_with("Open MPI"))
}

/// The remedy that a failed window creation names, for the MPI library in use: under Open
/// MPI, the `mpirun` option `open_mpi` (its one-sided components); under another library
/// (MPICH's RMA has no components to choose), the library's name and version, and where its
/// network between hosts is chosen (MPICH's `ch4:ucx`: `UCX_TLS`; `ch4:ofi`: `FI_PROVIDER`).
fn window_remedy(open_mpi: &str) -> String {
    if is_open_mpi() {
        return format!("under Open MPI, run with {open_mpi}");
    }
    let name = library_name();
    format!(
        "the library is {name}: check that its network reaches every host (under MPICH, \
         `UCX_TLS` for ch4:ucx, `FI_PROVIDER` for ch4:ofi; `mpichversion` names the device)"
    )
}

/// The MPI library's name and version in one line, from `MPI_Get_library_version` (MPICH's
/// text spans lines: `MPICH Version:\t4.0.2\nMPICH Release date: ...`).
fn library_name() -> String {
    let version = mpi::environment::library_version().unwrap_or_default();
    let first = version.lines().next().unwrap_or("");
    match first.split_whitespace().collect::<Vec<_>>().join(" ") {
        name if name.is_empty() => "an MPI library that does not say its name".into(),
        name => name,
    }
}

/// Refuses a job whose MPI launcher says it started `launched` ranks when `MPI_COMM_WORLD` has
/// `n_pes`: the program is linked with another MPI library than the launcher's (Open MPI's
/// `mpirun` starting a program built against MPICH, or MPICH's `mpiexec` one built against Open
/// MPI), and each process initialized MPI as a singleton, a job of 1 PE of its own, which ran
/// N copies of the program with status 0.
fn check_launcher_size(launched: Option<(&str, Option<usize>)>, n_pes: usize) -> Result<()> {
    match launched {
        Some((who, Some(size))) if size != n_pes => Err(Error::Start(format!(
            "{who} started {size} processes, but MPI_COMM_WORLD has {n_pes}: this program is \
             linked with another MPI library ({}) than the launcher's; start it with that \
             library's launcher (MPICH's mpiexec.mpich, Open MPI's mpirun), or build it against \
             the launcher's MPI (docs/clusters.md)",
            library_name()
        ))),
        _ => Ok(()),
    }
}

/// The variable through which Open MPI takes its choice of one-sided components (what
/// `mpirun --mca osc ...` sets in every rank's environment).
const OPEN_MPI_OSC_ENV: &str = "OMPI_MCA_osc";

/// Open MPI's one-sided components that shmem chooses where nobody did ([`choose_open_mpi_osc`]):
/// `sm` makes the node's shared window, `ucx` the per-partition windows over any network UCX
/// drives (TCP included), and `pt2pt` them where Open MPI was built without UCX. Not `rdma`:
/// over TCP it cannot make the per-partition windows, and on them it crashes the target of an
/// 8-byte compare-and-swap from the same host (module docs).
pub(crate) const OPEN_MPI_OSC: &str = "sm,ucx,pt2pt";

/// Before `MPI_Init`, under Open MPI, sets [`OPEN_MPI_OSC_ENV`] to [`OPEN_MPI_OSC`] when the
/// job may span hosts and nobody chose the one-sided components ([`wants_osc_choice`]). Open
/// MPI 4.1 as Debian ships it leaves only `osc rdma` (`osc = ^ucx,pt2pt` in
/// `/etc/openmpi/openmpi-mca-params.conf`), which cannot make a window across hosts over TCP:
/// every job across hosts would abort in `MPI_Win_create`. The variable is set only while this
/// process has a single thread (setting the environment is sound only then); otherwise, as
/// where the choice still cannot make the windows, `start` fails with a line naming the remedy.
fn choose_open_mpi_osc() {
    if !is_open_mpi() {
        return;
    }
    let user_file = std::env::var_os("HOME")
        .map(|h| std::path::Path::new(&h).join(".openmpi/mca-params.conf"))
        .and_then(|f| std::fs::read_to_string(f).ok());
    if !wants_osc_choice(|k| std::env::var(k).ok(), user_file.as_deref()) {
        return;
    }
    if sys::thread_count() == Some(1) {
        // SAFETY: this process has one thread, this one (only it could start another), so
        // nothing reads or writes the environment meanwhile: `set_var`'s condition.
        unsafe { std::env::set_var(OPEN_MPI_OSC_ENV, OPEN_MPI_OSC) };
    }
}

/// Whether shmem chooses Open MPI's one-sided components: not when the user did (the variable
/// `var` reads, from the environment or `mpirun --mca osc`, or an `osc` line in the user's
/// `~/.openmpi/mca-params.conf`, given as `user_file`), and not when Open MPI's launcher says
/// that every rank is on this host (`OMPI_COMM_WORLD_LOCAL_SIZE` equal to
/// `OMPI_COMM_WORLD_SIZE`), where the one shared window needs only the default `sm`.
fn wants_osc_choice(var: impl Fn(&str) -> Option<String>, user_file: Option<&str>) -> bool {
    if var(OPEN_MPI_OSC_ENV).is_some() {
        return false;
    }
    let in_file = user_file.is_some_and(|text| {
        text.lines()
            .filter_map(|l| l.split_once('='))
            .any(|(k, _)| k.trim() == "osc")
    });
    if in_file {
        return false;
    }
    let num = |k: &str| var(k).and_then(|v| v.trim().parse::<usize>().ok());
    match (
        num("OMPI_COMM_WORLD_LOCAL_SIZE"),
        num("OMPI_COMM_WORLD_SIZE"),
    ) {
        (Some(local), Some(all)) => local != all,
        _ => true,
    }
}

/// Initializes MPI (unless the program did) and builds this PE's view of the job: the segment
/// (made by the node's leader, attached to by the others) and, when the job spans more than
/// one node, the [`Net`] that reaches the other nodes.
///
/// # Errors
/// [`Error::Start`] when MPI was finalized, offers less than `MPI_THREAD_SERIALIZED` where
/// `SHMEM_MPI_THREADS=serialized` asks for it, was initialized by the program below
/// `MPI_THREAD_SERIALIZED` on another thread, or a window call fails or gives memory of another shape than the
/// segment's; [`Error::Segment`] when the shared header is refused; [`Error::Config`] when
/// the segment would be too large.
pub(crate) fn start(
    settings: &Settings,
    startup: &crate::config::Startup,
) -> Result<(Segment, usize, Placement, Option<Net>)> {
    use mpi::Threading;
    let single = startup.mpi_threads == MpiThreads::Single;
    let want = match startup.mpi_threads {
        MpiThreads::Single => Threading::Single,
        MpiThreads::Serialized => Threading::Serialized,
        MpiThreads::Multiple => Threading::Multiple,
    };
    if mpi::environment::is_finalized() {
        return Err(Error::Start(
            "MPI was finalized before shmem::init; it cannot start again".into(),
        ));
    }
    let (universe, level) = if mpi::environment::is_initialized() {
        // The program initialized MPI itself (OpenSHMEM's MPI interoperability): shmem uses it,
        // at the thread level the program chose, and leaves `MPI_Finalize` to the program.
        (None, mpi::environment::threading_support())
    } else {
        choose_open_mpi_osc();
        let (u, level) = mpi::initialize_with_threading(want)
            .ok_or_else(|| Error::Start("MPI could not be initialized".into()))?;
        SHMEM_OWNS_MPI.store(true, std::sync::atomic::Ordering::Release);
        (Some(u), level)
    };
    let below_serialized = matches!(level, Threading::Single | Threading::Funneled);
    if !single && below_serialized {
        return Err(Error::Start(format!(
            "the MPI library offers only {level:?} threading; SHMEM_MPI_THREADS=serialized \
             needs MPI_THREAD_SERIALIZED"
        )));
    }
    // Below `SERIALIZED` only MPI's main thread (the one that initialized it) may call it.
    let single = below_serialized;
    MPI_SINGLE.store(single, std::sync::atomic::Ordering::Release);
    // At `MULTIPLE`, contexts may call MPI from other threads (`NetPath`).
    let multiple = level == Threading::Multiple;
    if single && universe.is_none() && !is_thread_main() {
        return Err(Error::Start(format!(
            "the program initialized MPI at {level:?} on another thread; call shmem::init on \
             the thread that initialized MPI"
        )));
    }
    MPI_THREAD.set(true);
    let world = match &universe {
        Some(u) => u.world(),
        None => SimpleCommunicator::world(),
    };
    let rank = world.rank();
    let me = rank as usize;
    let n_pes = world.size() as usize;
    check_launcher_size(crate::config::mpi_launcher(), n_pes)?;
    let host = world.split_shared(rank);
    let host_pes = host.size() as usize;
    let one_host = host_pes == n_pes;
    let node = match startup.mpi_node_size {
        Some(k) => {
            // `host` is freed at the end of this arm, while MPI is surely initialized.
            let host = host;
            host.split_by_color(Color::with_value((me / k).min(i32::MAX as usize) as i32))
                .expect("every rank has a color")
        }
        None => host,
    };
    let node_pes = node.size() as usize;
    // Node of every PE: the world rank of its node's first rank.
    let mut first: c_int = rank;
    node.process_at_rank(0).broadcast_into(&mut first);
    let mut node_of = vec![0 as c_int; n_pes];
    world.all_gather_into(&first, &mut node_of[..]);
    let nodes = node_of
        .iter()
        .enumerate()
        .filter(|&(p, &f)| p == f as usize)
        .count();
    let placement = Placement {
        node_pes,
        nodes,
        simulated: startup.mpi_node_size.is_some(),
        one_host,
    };
    let mut token = if me == 0 { sys::random_u64() } else { 0 };
    world.process_at_rank(0).broadcast_into(&mut token);
    let expect = Expect {
        job_token: token,
        n_pes: n_pes as u32,
    };
    let partition = settings.symmetric_size.max(PAGE).next_multiple_of(PAGE);
    let planned = segment::planned_size(n_pes, partition)
        .filter(|&b| b <= (isize::MAX as u64) / 2)
        .ok_or_else(|| Error::Config {
            name: crate::config::ENV_SYMMETRIC_SIZE,
            value: settings.symmetric_size.to_string(),
            why: "too large for this address space with this many PEs",
        })? as usize;
    let control = planned - n_pes * partition;
    check_fits(&world, host_pes, partition)?;
    let node_comm = node.as_raw();
    let world_comm = world.as_raw();
    let mut owner = MpiOwner {
        single,
        // SAFETY: `MPI_WIN_NULL` is a handle value.
        shared: unsafe { ffi::RSMPI_WIN_NULL },
        has_shared: false,
        // SAFETY: as above.
        created: unsafe { ffi::RSMPI_WIN_NULL },
        has_created: false,
        shared_locked: false,
        own_map: ManuallyDrop::new(None),
        node: ManuallyDrop::new(node),
        universe: ManuallyDrop::new(universe),
    };
    let seg;
    let mut net = None;
    if one_host {
        // Every rank contributes its partition, rank 0 also the control area: the parts of a
        // (default, contiguous) shared window follow each other, which is the segment's
        // layout (checked below) once it starts on a page. Open MPI puts the window
        // a few hundred bytes past a page boundary, the same on every rank; then rank 0 adds
        // that much padding in front, in a second window.
        let info = Info::new(&[(c"same_disp_unit", c"true")]);
        let mut pad = 0;
        let base = loop {
            let mine = if me == 0 {
                pad + control + partition
            } else {
                partition
            };
            owner.shared = allocate_shared(mine, &info, world_comm)?;
            owner.has_shared = true;
            let (base0, _) = shared_query(owner.shared, 0)?;
            let off = (base0 as usize).wrapping_add(pad) % PAGE;
            if off == 0 {
                break base0.wrapping_add(pad);
            }
            if pad != 0 {
                return Err(Error::Start(format!(
                    "the shared window does not start at the same place in a page twice \
                     ({off} bytes off after padding)"
                )));
            }
            // SAFETY: the window just made, in no epoch, freed by every rank (each saw the
            // same offset: the mapping is the same file, at the same page offset).
            unsafe { ffi::MPI_Win_free(&mut owner.shared) };
            owner.has_shared = false;
            pad = PAGE - off;
        };
        let mut disp = vec![0 as ffi::MPI_Aint; n_pes];
        disp[0] = (pad + control) as ffi::MPI_Aint;
        for (p, d) in disp.iter().enumerate() {
            let (b, len) = shared_query(owner.shared, p as c_int)?;
            let want = base.wrapping_add(control + p * partition);
            if b.wrapping_add(*d as usize) != want || len < partition + *d as usize {
                return Err(Error::Start(format!(
                    "the shared window's parts are not laid out as the segment: rank {p} \
                     has {len} bytes at {b:?}, expected {} bytes at {want:?}",
                    partition + *d as usize
                )));
            }
        }
        let win = owner.shared;
        if nodes > 1 {
            lock_all(win)?;
            owner.shared_locked = true;
        }
        let mem = ForeignMemory {
            // SAFETY: inside the window, whose base is not null (queried above).
            base: unsafe { NonNull::new_unchecked(base) },
            len: planned,
            owner: Box::new(owner),
        };
        seg = attach_or_create(mem, me == 0, world_comm, n_pes, partition, expect)?;
        if nodes > 1 {
            net = Some(Net::new(
                win, disp, &node_of, me, world_comm, single, multiple,
            ));
        }
    } else {
        // The node's leader allocates the whole segment (a page more, so that it can start on
        // a page boundary wherever MPI puts the window); the others contribute nothing.
        let info = Info::new(&[]);
        let leader = owner.node.rank() == 0;
        let (base, size) = if owner.node.size() == 1 {
            // A node of one PE: Open MPI's `osc sm` backs a one-rank shared window with
            // private memory (`calloc`), not a `MAP_SHARED` mapping, and the C API's globals
            // (`shmem-c/src/globals.rs`) map the segment's pages a second time, which
            // `mremap` does only for shared pages. So this node's segment is a memfd mapping
            // of shmem's own, as under `shmemrun`.
            let failed = |e: std::io::Error| {
                Error::Start(format!("mapping this node's segment failed: {e}"))
            };
            let fd =
                sys::memfd_create("shmem-mpi-node", (planned + PAGE) as u64).map_err(failed)?;
            let map = sys::map_shared(&fd, planned + PAGE).map_err(failed)?;
            let base = map.as_mut_ptr();
            *owner.own_map = Some(map);
            (base, planned + PAGE)
        } else {
            owner.shared =
                allocate_shared(if leader { planned + PAGE } else { 0 }, &info, node_comm)?;
            owner.has_shared = true;
            shared_query(owner.shared, 0)?
        };
        if base.is_null() || size < planned + PAGE {
            return Err(Error::Start(format!(
                "the node's shared window has {size} bytes, the segment needs {}",
                planned + PAGE
            )));
        }
        let skip = base.align_offset(PAGE);
        // SAFETY: `skip < PAGE` and the node's memory (window or map) has `planned + PAGE`
        // bytes, so the segment and this PE's partition in it are inside it.
        let (seg_base, mine) = unsafe {
            let seg_base = base.add(skip);
            (seg_base, seg_base.add(control + me * partition))
        };
        // This PE's partition, exposed to every rank.
        let info = Info::new(&[]);
        // SAFETY: `mine` is `partition` bytes of the node's memory (window or map), which the
        // owner frees after this window; collective over the world.
        let rc = returning_errors(world_comm, || unsafe {
            ffi::MPI_Win_create(
                mine.cast::<c_void>(),
                partition as ffi::MPI_Aint,
                1,
                info.0,
                world_comm,
                &mut owner.created,
            )
        });
        if rc != 0 {
            return Err(Error::Start(format!(
                "MPI_Win_create failed (MPI error code {rc}): the MPI library's one-sided \
                 component cannot expose this PE's memory to the other nodes; {}",
                window_remedy("`--mca osc sm,ucx` (or `sm,pt2pt`)")
            )));
        }
        owner.has_created = true;
        let win = owner.created;
        lock_all(win)?;
        let mem = ForeignMemory {
            // SAFETY: inside the window, whose base is not null.
            base: unsafe { NonNull::new_unchecked(seg_base) },
            len: size - skip,
            owner: Box::new(owner),
        };
        seg = attach_or_create(mem, leader, node_comm, n_pes, partition, expect)?;
        net = Some(Net::new(
            win,
            vec![0; n_pes],
            &node_of,
            me,
            world_comm,
            single,
            multiple,
        ));
    }
    Ok((seg, me, placement, net))
}

/// The node leader makes the segment in `mem`, the others attach after a barrier over `comm`.
fn attach_or_create(
    mem: ForeignMemory,
    leader: bool,
    comm: ffi::MPI_Comm,
    n_pes: usize,
    partition: usize,
    expect: Expect,
) -> Result<Segment> {
    let barrier = || {
        // SAFETY: `comm` is live (owned by `mem.owner` or predefined); every rank of it calls
        // this once, here.
        unsafe { ffi::MPI_Barrier(comm) };
    };
    if leader {
        // SAFETY: the memory is shared by MPI between the node's processes and kept until the
        // owner frees the window; it is page aligned and `len` long; no other PE touches it
        // before the barrier.
        let seg = unsafe { Segment::create_foreign(mem, n_pes, partition, expect.job_token) };
        barrier();
        seg
    } else {
        barrier();
        // SAFETY: as above; the leader's `create_foreign` returned before its barrier.
        unsafe { Segment::attach_foreign(mem, expect) }
    }
}

fn lock_all(win: ffi::MPI_Win) -> Result<()> {
    unified(win)?;
    // SAFETY: `win` is a live window not yet in an epoch; `MPI_MODE_NOCHECK`: no rank locks it
    // exclusively.
    check("MPI_Win_lock_all", unsafe {
        ffi::MPI_Win_lock_all(shmem_mpi_mode_nocheck, win)
    })
}

/// Refuses a window of MPI's separate memory model: quiet, waits and the shared-memory paths
/// assume the unified one (a load sees what a completed RMA operation stored, given a memory
/// barrier).
fn unified(win: ffi::MPI_Win) -> Result<()> {
    let mut model: *mut c_int = std::ptr::null_mut();
    let mut flag: c_int = 0;
    // SAFETY: `win` is a live window; for `MPI_WIN_MODEL` MPI stores a pointer to an `int`
    // into `model` (when `flag` is set).
    check("MPI_Win_get_attr(MPI_WIN_MODEL)", unsafe {
        ffi::MPI_Win_get_attr(
            win,
            ffi::MPI_WIN_MODEL as c_int,
            (&raw mut model).cast::<c_void>(),
            &mut flag,
        )
    })?;
    // SAFETY: with `flag` set, `model` points to MPI's `int`, valid while the window lives.
    let value = (flag != 0 && !model.is_null()).then(|| unsafe { *model });
    match value {
        // SAFETY: a constant of the C shim (`MPI_WIN_UNIFIED`: 0 in Open MPI, 2 in MPICH).
        Some(v) if v != unsafe { shmem_mpi_win_unified } => Err(Error::Start(
            "the MPI window uses the separate memory model; shmem needs MPI_WIN_UNIFIED".into(),
        )),
        _ => Ok(()),
    }
}

/// Whether this thread is MPI's main thread (`MPI_Is_thread_main`).
fn is_thread_main() -> bool {
    let mut flag: c_int = 0;
    // SAFETY: MPI is initialized; `flag` is an out-pointer.
    unsafe { ffi::MPI_Is_thread_main(&mut flag) };
    flag != 0
}

/// `MPI_Abort` on the world: ends every rank of the job with `code`.
pub(crate) fn abort(code: i32) -> ! {
    // SAFETY: MPI is initialized (a segment made by `start` is alive while a runtime exists,
    // and only a runtime calls this); `MPI_COMM_WORLD` is a predefined handle.
    unsafe { ffi::MPI_Abort(ffi::RSMPI_COMM_WORLD, code) };
    // `MPI_Abort` does not return in any implementation; should one, leave anyway.
    sys::exit_now(code)
}

/// The most bytes one MPI call moves (counts are `int`).
const CHUNK: usize = 1 << 30;

/// The predefined datatype of a word of `size` bytes.
fn word_type(size: usize) -> ffi::MPI_Datatype {
    // SAFETY: predefined handle values, read once.
    unsafe {
        match size {
            1 => ffi::RSMPI_UINT8_T,
            2 => ffi::RSMPI_UINT16_T,
            4 => ffi::RSMPI_UINT32_T,
            8 => ffi::RSMPI_UINT64_T,
            _ => unreachable!("words are 1, 2, 4 or 8 bytes"),
        }
    }
}

fn bytes_type() -> ffi::MPI_Datatype {
    word_type(1)
}

/// An MPI count for `bytes` (callers refuse sizes over [`MAX_COLLECTIVE_BYTES`] first).
fn count(bytes: usize) -> c_int {
    c_int::try_from(bytes).expect("collective sizes are checked against MAX_COLLECTIVE_BYTES")
}

/// Largest contribution (bytes per member, or per pair of members for an all-to-all) that one
/// MPI collective call moves: MPI counts are `int`.
pub(crate) const MAX_COLLECTIVE_BYTES: usize = i32::MAX as usize;

/// A PE's way to the other nodes of a multi-node job: the window that exposes every PE's
/// partition to every rank, where each partition starts in it, and the communicators of the
/// active sets and teams (module docs).
pub(crate) struct Net {
    win: ffi::MPI_Win,
    /// Offset of each rank's partition in its part of `win`.
    disp: Vec<ffi::MPI_Aint>,
    /// Whether each PE shares this PE's node.
    local: Vec<bool>,
    world: ffi::MPI_Comm,
    /// Communicators made for sets other than the world, freed on drop.
    comms: RefCell<Vec<(PeSet, ffi::MPI_Comm)>>,
    /// Puts or word stores issued since the last `MPI_Win_flush_all`.
    dirty: Cell<bool>,
    /// Calls of [`Net::progress`].
    polls: Cell<u32>,
    /// Where small puts and word stores copy their source, so that they return without an
    /// `MPI_Win_flush_local` ([`Stage`]).
    stage: Stage,
    /// MPI runs at `MPI_THREAD_SINGLE` ([`on_mpi_thread`]).
    single: bool,
    /// MPI runs at `MPI_THREAD_MULTIPLE`: other threads may reach other nodes ([`NetPath`]).
    multiple: bool,
}

/// Bytes of a PE's staging buffer.
const STAGE_BYTES: usize = 16 * 1024;
/// Largest put that is staged: a larger one waits for `MPI_Win_flush_local` instead (its copy
/// would cost more than the flush).
const STAGED_PUT: usize = 512;

/// The staging buffer of small puts and word stores. OpenSHMEM lets the caller reuse a put's
/// source on return, and MPI lets an origin buffer be reused only after local completion
/// (`MPI_Win_flush_local`, one more MPI call per put). A small put instead copies its source
/// into the next free bytes here and puts from there, and returns at once.
///
/// Invariant: bytes `used..` hold no origin buffer of an operation that is not locally
/// complete. Bytes are handed out in order and become free again only all together, when
/// every operation is locally complete: after `MPI_Win_flush_all` (`Net::quiet`) or, when the
/// buffer is full, `MPI_Win_flush_local_all`.
struct Stage {
    buf: Box<[std::cell::UnsafeCell<u64>]>,
    used: Cell<usize>,
}

impl Stage {
    fn new() -> Stage {
        Stage {
            buf: (0..STAGE_BYTES / 8)
                .map(|_| std::cell::UnsafeCell::new(0))
                .collect(),
            used: Cell::new(0),
        }
    }

    /// Copies `len` (at most [`STAGED_PUT`]) bytes from `src` into free bytes of the buffer
    /// (8-aligned), first completing every pending operation locally if it is full; returns
    /// the copy, which stays untouched until the next [`Stage::reset`] or flush here.
    ///
    /// # Safety
    /// `src` is valid for reads of `len` bytes.
    unsafe fn copy(&self, win: ffi::MPI_Win, src: *const u8, len: usize) -> *const u8 {
        debug_assert!(len <= STAGED_PUT);
        let need = len.next_multiple_of(8);
        if self.used.get() + need > STAGE_BYTES {
            // SAFETY: a live window in an epoch. Afterwards no operation reads the buffer.
            unsafe { ffi::MPI_Win_flush_local_all(win) };
            self.used.set(0);
        }
        let at = self.used.get();
        self.used.set(at + need);
        let dst = self.buf[at / 8].get().cast::<u8>();
        // SAFETY: `dst..dst + len` lies in `buf` (`at + need <= STAGE_BYTES`), is free by the
        // invariant (nothing reads or writes it now) and does not overlap `src` (a caller's
        // buffer, never this private one); `src` is readable (caller).
        unsafe { std::ptr::copy_nonoverlapping(src, dst, len) };
        dst
    }

    /// Every operation is locally complete: the whole buffer is free again.
    fn reset(&self) {
        self.used.set(0);
    }
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Net")
            .field("node_pes", &self.local.iter().filter(|&&l| l).count())
            .field("n_pes", &self.local.len())
            .finish_non_exhaustive()
    }
}

// SAFETY: `Net` lives in the runtime's transport, which one thread at a time uses (the runtime
// is not `Sync`); MPI runs at `MPI_THREAD_SERIALIZED` or above, so that thread may change, or
// at `MPI_THREAD_SINGLE`, and then every method checks the thread before it calls MPI
// (`on_mpi_thread`).
unsafe impl Send for Net {}

impl Drop for Net {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return; // as in `MpiOwner::drop`
        }
        for (_, mut c) in self.comms.take() {
            // SAFETY: made by `comm`, freed once; every member of its set frees it here, at
            // finalize (each made it in its first collective on the set).
            unsafe { ffi::MPI_Comm_free(&mut c) };
        }
    }
}

impl Net {
    fn new(
        win: ffi::MPI_Win,
        disp: Vec<ffi::MPI_Aint>,
        node_of: &[c_int],
        me: usize,
        world: ffi::MPI_Comm,
        single: bool,
        multiple: bool,
    ) -> Net {
        Net {
            win,
            disp,
            local: node_of.iter().map(|&n| n == node_of[me]).collect(),
            world,
            comms: RefCell::new(Vec::new()),
            dirty: Cell::new(false),
            polls: Cell::new(0),
            stage: Stage::new(),
            single,
            multiple,
        }
    }

    /// The way of other threads to the other nodes, when MPI runs at `MPI_THREAD_MULTIPLE`.
    pub(crate) fn thread_path(&self) -> Option<NetPath<'_>> {
        self.multiple.then_some(NetPath {
            win: self.win,
            disp: &self.disp,
            local: &self.local,
        })
    }

    /// Whether `pe` shares this PE's node (and so its memory).
    #[inline]
    pub(crate) fn is_local(&self, pe: usize) -> bool {
        self.local[pe]
    }

    #[inline]
    fn disp(&self, pe: usize, offset: usize) -> ffi::MPI_Aint {
        self.disp[pe] + offset as ffi::MPI_Aint
    }

    /// `MPI_Put` of `len` bytes from `src` to `offset` on `pe`; returns once `src` may be
    /// reused: a small put puts from a copy ([`Stage`]), a larger one waits for
    /// `MPI_Win_flush_local`.
    ///
    /// # Safety
    /// `src` must be valid for reads of `len` bytes; the target range is inside `pe`'s
    /// partition (the caller checked it).
    pub(crate) unsafe fn put(&self, pe: usize, offset: usize, src: *const u8, len: usize) {
        on_mpi_thread(self.single);
        self.dirty.set(true);
        if len <= STAGED_PUT {
            // SAFETY: `src` is readable for `len` bytes (caller).
            let copy = unsafe { self.stage.copy(self.win, src, len) };
            // SAFETY: `copy` holds `len` bytes that stay untouched until the put is locally
            // complete (`Stage`); the window is in its `lock_all` epoch; the target is inside
            // `pe`'s exposed partition (caller).
            unsafe {
                ffi::MPI_Put(
                    copy.cast::<c_void>(),
                    count(len),
                    bytes_type(),
                    pe as c_int,
                    self.disp(pe, offset),
                    count(len),
                    bytes_type(),
                    self.win,
                )
            };
            return;
        }
        // SAFETY: `src + at` is valid for `n` bytes (caller); the window is in its `lock_all`
        // epoch; the target is inside `pe`'s exposed partition (caller).
        self.in_chunks(pe, offset, len, |at, n, disp, t| unsafe {
            ffi::MPI_Put(
                src.add(at).cast::<c_void>(),
                n,
                t,
                pe as c_int,
                disp,
                n,
                t,
                self.win,
            )
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush_local(pe as c_int, self.win) };
    }

    /// `MPI_Get` of `len` bytes at `offset` on `pe` into `dst`, complete on return.
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and not accessed otherwise meanwhile.
    pub(crate) unsafe fn get(&self, pe: usize, offset: usize, dst: *mut u8, len: usize) {
        on_mpi_thread(self.single);
        // SAFETY: `dst + at` is valid for `n` bytes (caller); as in `put`.
        self.in_chunks(pe, offset, len, |at, n, disp, t| unsafe {
            ffi::MPI_Get(
                dst.add(at).cast::<c_void>(),
                n,
                t,
                pe as c_int,
                disp,
                n,
                t,
                self.win,
            )
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// `MPI_Rput` of `len` bytes from `src` to `offset` on `pe`. A staged size (or one over
    /// [`CHUNK`]) is put at once by [`Net::put`] and finished on return.
    ///
    /// # Safety
    /// `src` must be valid for reads of `len` bytes and unmodified until the operation is
    /// finished; the target range is inside `pe`'s partition (the caller checked it).
    pub(crate) unsafe fn put_start(
        &self,
        pe: usize,
        offset: usize,
        src: *const u8,
        len: usize,
    ) -> Pending {
        if len <= STAGED_PUT || len > CHUNK {
            // SAFETY: as this function's contract.
            unsafe { self.put(pe, offset, src, len) };
            return Pending::DONE;
        }
        on_mpi_thread(self.single);
        self.dirty.set(true);
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `src` stays readable until the request is finished (caller); the window is
        // in its `lock_all` epoch; the target is inside `pe`'s partition (caller); `req` is a
        // local request variable.
        unsafe {
            ffi::MPI_Rput(
                src.cast::<c_void>(),
                count(len),
                bytes_type(),
                pe as c_int,
                self.disp(pe, offset),
                count(len),
                bytes_type(),
                self.win,
                &mut req,
            )
        };
        Pending(PendingOp::Mpi(req))
    }

    /// `MPI_Rget` of `len` bytes at `offset` on `pe` into `dst` (one over [`CHUNK`]: got at
    /// once by [`Net::get`], finished on return).
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and untouched until the operation is
    /// finished; the source range is inside `pe`'s partition (the caller checked it).
    pub(crate) unsafe fn get_start(
        &self,
        pe: usize,
        offset: usize,
        dst: *mut u8,
        len: usize,
    ) -> Pending {
        if len > CHUNK {
            // SAFETY: as this function's contract.
            unsafe { self.get(pe, offset, dst, len) };
            return Pending::DONE;
        }
        on_mpi_thread(self.single);
        // A flush (`quiet`) finishes it too.
        self.dirty.set(true);
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `dst` stays writable and untouched until the request is finished (caller);
        // otherwise as in `put_start`.
        unsafe {
            ffi::MPI_Rget(
                dst.cast::<c_void>(),
                count(len),
                bytes_type(),
                pe as c_int,
                self.disp(pe, offset),
                count(len),
                bytes_type(),
                self.win,
                &mut req,
            )
        };
        Pending(PendingOp::Mpi(req))
    }

    /// `MPI_Test` of a request-based operation; a finished one becomes [`Pending::DONE`].
    pub(crate) fn test(&self, op: &mut Pending) -> bool {
        let PendingOp::Mpi(req) = &mut op.0 else {
            return true;
        };
        on_mpi_thread(self.single);
        let mut flag: c_int = 0;
        // SAFETY: `req` is an active request of this process (MPI_Test sets it to
        // `MPI_REQUEST_NULL` when it completes, and a null request tests complete).
        unsafe { ffi::MPI_Test(req, &mut flag, ffi::RSMPI_STATUS_IGNORE) };
        if flag != 0 {
            op.0 = PendingOp::Done;
        }
        flag != 0
    }

    /// `MPI_Wait` of a request-based operation.
    pub(crate) fn finish(&self, op: Pending) {
        if let PendingOp::Mpi(mut req) = op.0 {
            on_mpi_thread(self.single);
            // SAFETY: `req` is an active (or null) request of this process.
            unsafe { ffi::MPI_Wait(&mut req, ffi::RSMPI_STATUS_IGNORE) };
        }
    }

    /// Calls `op(at, count, target displacement, byte type)` for each piece of at most
    /// [`CHUNK`] bytes of `len` bytes at `offset` on `pe` (MPI counts are `int`).
    fn in_chunks(
        &self,
        pe: usize,
        offset: usize,
        len: usize,
        mut op: impl FnMut(usize, c_int, ffi::MPI_Aint, ffi::MPI_Datatype) -> c_int,
    ) {
        let mut at = 0;
        while at < len {
            let n = (len - at).min(CHUNK);
            op(at, count(n), self.disp(pe, offset + at), bytes_type());
            at += n;
        }
    }

    /// Single-copy-atomic word store (`MPI_Accumulate` with `MPI_REPLACE`), from a staged copy
    /// of `v` ([`Stage`]).
    pub(crate) fn put_word<W: Word>(&self, pe: usize, offset: usize, v: W) {
        on_mpi_thread(self.single);
        let t = word_type(size_of::<W>());
        self.dirty.set(true);
        // SAFETY: `v` is one readable local word.
        let copy = unsafe {
            self.stage
                .copy(self.win, (&raw const v).cast::<u8>(), size_of::<W>())
        };
        // SAFETY: `copy` holds the word until the operation is locally complete (`Stage`); the
        // target word is inside `pe`'s partition (checked by the transport);
        // `shmem_mpi_replace` is a predefined handle.
        unsafe {
            ffi::MPI_Accumulate(
                copy.cast::<c_void>(),
                1,
                t,
                pe as c_int,
                self.disp(pe, offset),
                1,
                t,
                shmem_mpi_replace,
                self.win,
            );
        }
    }

    /// Single-copy-atomic word load: `MPI_Fetch_and_op` with `MPI_NO_OP` for a 4- or 8-byte
    /// word, `MPI_Get_accumulate` with `MPI_NO_OP` for a 1- or 2-byte one. Both are accumulate
    /// operations, atomic with the word stores' `MPI_Accumulate` of the same datatype. Why
    /// not `MPI_Fetch_and_op` for all: Open MPI 4.1's `osc ucx` hands every `MPI_NO_OP` fetch
    /// to UCX's network atomics, which take 4 and 8 bytes only; on a 1- or 2-byte word UCX
    /// prints `invalid atomic operation datatype`, the call returns success and the result is
    /// never written (a silent wrong value). Its `MPI_Get_accumulate` takes any datatype.
    pub(crate) fn get_word<W: Word>(&self, pe: usize, offset: usize) -> W {
        if size_of::<W>() >= 4 {
            return self.fetch_and_op(pe, offset, W::zeroed(), {
                // SAFETY: a predefined handle value.
                unsafe { shmem_mpi_no_op }
            });
        }
        on_mpi_thread(self.single);
        let t = word_type(size_of::<W>());
        let none = W::zeroed();
        let mut old = W::zeroed();
        // SAFETY: `none` (the origin, unread with `MPI_NO_OP`) and `old` (the result) are one
        // local word each; the target word is inside `pe`'s partition (checked by the
        // transport); the flush completes the operation before `old` is read.
        unsafe {
            ffi::MPI_Get_accumulate(
                (&raw const none).cast::<c_void>(),
                1,
                t,
                (&raw mut old).cast::<c_void>(),
                1,
                t,
                pe as c_int,
                self.disp(pe, offset),
                1,
                t,
                shmem_mpi_no_op,
                self.win,
            );
            ffi::MPI_Win_flush(pe as c_int, self.win);
        }
        old
    }

    fn fetch_and_op<W: Word>(&self, pe: usize, offset: usize, v: W, op: ffi::MPI_Op) -> W {
        on_mpi_thread(self.single);
        // SAFETY: the target word is inside `pe`'s partition (checked by the transport).
        unsafe { fetch_and_op(self.win, pe, self.disp(pe, offset), v, op) }
    }

    /// A remote atomic through MPI (module docs: why every atomic of a multi-node job is one).
    pub(crate) fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        on_mpi_thread(self.single);
        // SAFETY: the target word is inside `pe`'s partition (checked by the transport).
        unsafe { amo(self.win, pe, self.disp(pe, offset), op) }
    }

    /// Completes every operation this PE issued (`MPI_Win_flush_all`, if any is pending).
    ///
    /// No `MPI_Win_sync`: quiet completes this PE's own operations, which the flush does, and
    /// the caller's `fence(SeqCst)` orders its loads and stores (the windows use MPI's
    /// unified memory model, where the public and private copies are one memory). Seeing
    /// what *others* wrote is the business of the barrier and of waits, which sync.
    pub(crate) fn quiet(&self) {
        on_mpi_thread(self.single);
        if self.dirty.replace(false) {
            // SAFETY: a live window in an epoch.
            unsafe { ffi::MPI_Win_flush_all(self.win) };
            self.stage.reset();
        }
    }

    /// Completes every operation to `pe` (`MPI_Win_flush`), if any is pending; the others stay
    /// pending (and the staging buffer in use, until the next `quiet`).
    pub(crate) fn flush(&self, pe: usize) {
        on_mpi_thread(self.single);
        if self.dirty.get() {
            // SAFETY: a live window in an epoch; `pe` is a rank of it.
            unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
        }
    }

    /// `quiet`, `MPI_Win_sync`, `MPI_Barrier` over every PE, `MPI_Win_sync`: the unified
    /// model's pattern that makes every PE's writes before the barrier visible to every PE's
    /// loads after it.
    pub(crate) fn barrier(&self) {
        on_mpi_thread(self.single);
        self.quiet();
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
        // SAFETY: the world communicator; every PE calls this in its `barrier_all`.
        unsafe { ffi::MPI_Barrier(self.world) };
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
    }

    /// What a waiter calls between checks: `MPI_Win_sync`, and every 64th time an
    /// `MPI_Iprobe`, which lets MPI progress operations that need this PE.
    pub(crate) fn progress(&self) {
        on_mpi_thread(self.single);
        let n = self.polls.get().wrapping_add(1);
        self.polls.set(n);
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
        if n.is_multiple_of(64) {
            let mut flag: c_int = 0;
            // SAFETY: the world communicator; `flag` is an out-pointer; `MPI_STATUS_IGNORE`
            // is predefined. Nothing is received: only the progress engine runs.
            unsafe {
                ffi::MPI_Iprobe(
                    ffi::RSMPI_ANY_SOURCE,
                    ffi::RSMPI_ANY_TAG,
                    self.world,
                    &mut flag,
                    ffi::RSMPI_STATUS_IGNORE,
                )
            };
        }
    }

    /// The communicator of `set` (members in set order), made on the set's first collective
    /// (collective over its members only: `MPI_Comm_create_group`) and kept.
    pub(crate) fn comm(&self, set: PeSet) -> ffi::MPI_Comm {
        on_mpi_thread(self.single);
        if set.start() == 0 && set.stride() == 1 && set.size() == self.local.len() {
            return self.world;
        }
        if let Some(&(_, c)) = self.comms.borrow().iter().find(|(s, _)| *s == set) {
            return c;
        }
        // A range from the first to the last member: MPI takes a negative stride too (a
        // downward range), and ranks the group's members in the range's order, which is
        // the set's.
        let last = set.pe(set.size() - 1) as c_int;
        let mut range = [[set.start() as c_int, last, set.stride() as c_int]];
        // Every member computes the same tag from the set.
        let tag = ((set.start() as i64 * 31 + set.stride() as i64) * 31 + set.size() as i64)
            .rem_euclid(32_000);
        // SAFETY: handle values, out-pointers for one handle each; the group range lies in
        // the world (a `PeSet` is within the job) and its stride is not zero.
        let comm = unsafe {
            let mut world_group = ffi::RSMPI_GROUP_NULL;
            let mut group = ffi::RSMPI_GROUP_NULL;
            let mut comm = ffi::RSMPI_COMM_NULL;
            ffi::MPI_Comm_group(self.world, &mut world_group);
            ffi::MPI_Group_range_incl(world_group, 1, range.as_mut_ptr(), &mut group);
            ffi::MPI_Comm_create_group(self.world, group, tag as c_int, &mut comm);
            ffi::MPI_Group_free(&mut group);
            ffi::MPI_Group_free(&mut world_group);
            comm
        };
        self.comms.borrow_mut().push((set, comm));
        comm
    }

    /// `MPI_Allgather` of `mine` (the same length on every member of `comm`) into `all`.
    pub(crate) fn allgather_u64(&self, comm: ffi::MPI_Comm, mine: &[u64], all: &mut [u64]) {
        on_mpi_thread(self.single);
        let t = word_type(8);
        // SAFETY: `mine` is readable, `all` writable for `members * mine.len()` words (the
        // caller sizes it); every member calls this with the same length.
        unsafe {
            ffi::MPI_Allgather(
                mine.as_ptr().cast::<c_void>(),
                count(mine.len()),
                t,
                all.as_mut_ptr().cast::<c_void>(),
                count(mine.len()),
                t,
                comm,
            )
        };
    }

    /// `MPI_Allgather` of `bytes` bytes per member from `src` into `dst`.
    ///
    /// # Safety
    /// `src` readable for `bytes`, `dst` writable for `members * bytes`; `bytes` at most
    /// [`MAX_COLLECTIVE_BYTES`] and equal on every member.
    pub(crate) unsafe fn allgather(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        dst: *mut u8,
        bytes: usize,
    ) {
        on_mpi_thread(self.single);
        // SAFETY: the caller's promises.
        unsafe {
            ffi::MPI_Allgather(
                src.cast::<c_void>(),
                count(bytes),
                bytes_type(),
                dst.cast::<c_void>(),
                count(bytes),
                bytes_type(),
                comm,
            )
        };
    }

    /// `MPI_Allgatherv`: member `i`'s `counts[i]` bytes land at `displs[i]` of `dst`.
    ///
    /// # Safety
    /// `src` readable for `counts[me]`, `dst` writable up to the largest `displs[i] +
    /// counts[i]`; every member passes the same `counts` and `displs`.
    pub(crate) unsafe fn allgatherv(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        mine: usize,
        dst: *mut u8,
        counts: &[c_int],
        displs: &[c_int],
    ) {
        on_mpi_thread(self.single);
        // SAFETY: the caller's promises.
        unsafe {
            ffi::MPI_Allgatherv(
                src.cast::<c_void>(),
                count(mine),
                bytes_type(),
                dst.cast::<c_void>(),
                counts.as_ptr(),
                displs.as_ptr(),
                bytes_type(),
                comm,
            )
        };
    }

    /// `MPI_Bcast` of `bytes` bytes from member `root`'s `buf` into every other member's.
    ///
    /// # Safety
    /// `buf` readable (root) or writable (others) for `bytes`, at most
    /// [`MAX_COLLECTIVE_BYTES`], equal on every member.
    pub(crate) unsafe fn bcast(
        &self,
        comm: ffi::MPI_Comm,
        buf: *mut u8,
        bytes: usize,
        root: usize,
    ) {
        on_mpi_thread(self.single);
        // SAFETY: the caller's promises.
        unsafe {
            ffi::MPI_Bcast(
                buf.cast::<c_void>(),
                count(bytes),
                bytes_type(),
                root as c_int,
                comm,
            )
        };
    }

    /// `MPI_Alltoall` of `block` bytes between every pair of members.
    ///
    /// # Safety
    /// `src` readable and `dst` writable for `members * block` bytes; `block` at most
    /// [`MAX_COLLECTIVE_BYTES`], equal on every member.
    pub(crate) unsafe fn alltoall(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        dst: *mut u8,
        block: usize,
    ) {
        on_mpi_thread(self.single);
        // SAFETY: the caller's promises.
        unsafe {
            ffi::MPI_Alltoall(
                src.cast::<c_void>(),
                count(block),
                bytes_type(),
                dst.cast::<c_void>(),
                count(block),
                bytes_type(),
                comm,
            )
        };
    }
}

/// The way of a PE's other threads to its job's other nodes ([`Net::thread_path`], only when
/// MPI runs at `MPI_THREAD_MULTIPLE`): the window and where each partition starts in it,
/// copied out of the [`Net`], no `Cell`, so any thread may use it at once.
///
/// Every access is an MPI operation of the accumulate family with the element's own
/// predefined datatype (`MPI_Accumulate` with `MPI_REPLACE` for a store, `MPI_Get_accumulate`
/// with `MPI_NO_OP` for a load, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`), which MPI makes
/// atomic per element with respect to each other, from any thread; each is complete at the
/// target when it returns (`MPI_Win_flush`). The threads of this process reach the bytes of an
/// array lent to them only this way in a multi-node job (`threads.rs`), on this node too.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NetPath<'a> {
    win: ffi::MPI_Win,
    disp: &'a [ffi::MPI_Aint],
    local: &'a [bool],
}

// SAFETY: the window handle is used only through MPI calls, which MPI at
// `MPI_THREAD_MULTIPLE` (the only level at which a `NetPath` is made) lets any number of
// threads make at once; `disp` and `local` are immutable slices of the `Net`, which lives (in
// the runtime) for `'a`.
unsafe impl Send for NetPath<'_> {}
// SAFETY: as for `Send`: shared use is concurrent MPI calls, allowed at `MPI_THREAD_MULTIPLE`.
unsafe impl Sync for NetPath<'_> {}

impl NetPath<'_> {
    /// Whether `pe` shares this PE's node.
    #[inline]
    pub(crate) fn is_local(&self, pe: usize) -> bool {
        self.local[pe]
    }

    fn disp(&self, pe: usize, offset: usize) -> ffi::MPI_Aint {
        self.disp[pe] + offset as ffi::MPI_Aint
    }

    /// Stores `n` words `W` from `src` (elements `src[k * src_stride]`) to words
    /// `k * dst_stride` at `offset` on `pe`, each an `MPI_Accumulate` with
    /// `MPI_REPLACE` (one call per run of contiguous words); complete at the target on return.
    ///
    /// # Safety
    /// `src` is readable at `k * src_stride` for `k < n`; the target words are inside `pe`'s
    /// partition (checked by the caller).
    pub(crate) unsafe fn put<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        dst_stride: usize,
        src: *const W,
        src_stride: usize,
        n: usize,
    ) {
        let t = word_type(size_of::<W>());
        self.runs(n, dst_stride, src_stride, |k, len| {
            // SAFETY: `src + k * src_stride` holds `len` readable words when the run is
            // contiguous on both sides (`runs`), 1 otherwise (caller); the target words are in
            // `pe`'s partition (caller); the window is in its `lock_all` epoch;
            // `shmem_mpi_replace` is a predefined handle. The flush below completes the
            // operation before `src` is released.
            unsafe {
                ffi::MPI_Accumulate(
                    src.add(k * src_stride).cast::<c_void>(),
                    len,
                    t,
                    pe as c_int,
                    self.disp(pe, offset + k * dst_stride * size_of::<W>()),
                    len,
                    t,
                    shmem_mpi_replace,
                    self.win,
                )
            };
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// Loads `n` words at `offset` (words `k * src_stride`) on `pe` into `dst[k * dst_stride]`,
    /// each run an `MPI_Get_accumulate` with `MPI_NO_OP`; complete on return.
    ///
    /// # Safety
    /// `dst` is writable at `k * dst_stride` for `k < n` and not accessed otherwise meanwhile;
    /// the source words are inside `pe`'s partition (checked by the caller).
    pub(crate) unsafe fn get<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        src_stride: usize,
        dst: *mut W,
        dst_stride: usize,
        n: usize,
    ) {
        let t = word_type(size_of::<W>());
        self.runs(n, src_stride, dst_stride, |k, len| {
            // SAFETY: `dst + k * dst_stride` holds `len` writable words (as in `put`); with
            // `MPI_NO_OP` the origin buffer is not read (it is given `dst` for its shape); the
            // flush below completes the operation before `dst` is read.
            unsafe {
                ffi::MPI_Get_accumulate(
                    dst.add(k * dst_stride).cast::<c_void>(),
                    len,
                    t,
                    dst.add(k * dst_stride).cast::<c_void>(),
                    len,
                    t,
                    pe as c_int,
                    self.disp(pe, offset + k * src_stride * size_of::<W>()),
                    len,
                    t,
                    shmem_mpi_no_op,
                    self.win,
                )
            };
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// Calls `op(k, len)` for runs of `len` elements starting at element `k` of `n`: all of
    /// them at once (in `int`-sized pieces) when both strides are 1, one by one otherwise.
    fn runs(&self, n: usize, a_stride: usize, b_stride: usize, mut op: impl FnMut(usize, c_int)) {
        if a_stride == 1 && b_stride == 1 {
            let mut k = 0;
            while k < n {
                let len = (n - k).min(i32::MAX as usize);
                op(k, len as c_int);
                k += len;
            }
        } else {
            for k in 0..n {
                op(k, 1);
            }
        }
    }

    /// An atomic operation on the word at `offset` on `pe` (as [`Net::amo`]); complete on
    /// return.
    pub(crate) fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        // SAFETY: the target word is inside `pe`'s partition (caller).
        unsafe { amo(self.win, pe, self.disp(pe, offset), op) }
    }

    /// Completes every operation of this process to every rank (`MPI_Win_flush_all`): each
    /// of this path's operations already is, so this completes the handle thread's too, which
    /// `quiet` may.
    pub(crate) fn quiet(&self) {
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_flush_all(self.win) };
    }

    /// `MPI_Win_sync`: what a waiter calls between checks.
    pub(crate) fn sync(&self) {
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
    }
}

/// `MPI_Fetch_and_op` of one word `v` with `op` at `disp` on rank `pe`, flushed: the old
/// value. What [`Net`] and [`NetPath`] both do for atomics and single-word loads.
///
/// # Safety
/// `win` is a live window in its `lock_all` epoch and `disp` addresses a whole word `W`
/// inside `pe`'s exposed memory.
unsafe fn fetch_and_op<W: Word>(
    win: ffi::MPI_Win,
    pe: usize,
    disp: ffi::MPI_Aint,
    v: W,
    op: ffi::MPI_Op,
) -> W {
    let mut old = W::zeroed();
    // SAFETY: `v` and `old` are one local word each; the target word is valid (caller); the
    // flush completes the operation before `old` is read.
    unsafe {
        ffi::MPI_Fetch_and_op(
            (&raw const v).cast::<c_void>(),
            (&raw mut old).cast::<c_void>(),
            word_type(size_of::<W>()),
            pe as c_int,
            disp,
            op,
            win,
        );
        ffi::MPI_Win_flush(pe as c_int, win);
    }
    old
}

/// One [`AmoOp`] through MPI (`MPI_Fetch_and_op` with the matching operation, or
/// `MPI_Compare_and_swap`), flushed: the old value.
///
/// # Safety
/// As for [`fetch_and_op`].
unsafe fn amo<W: AmoWord>(win: ffi::MPI_Win, pe: usize, disp: ffi::MPI_Aint, op: AmoOp<W>) -> W {
    // SAFETY: predefined operation handles (constants from `MPI_Init` on), read once.
    let (v, handle) = unsafe {
        match op {
            AmoOp::Fetch => (W::zeroed(), shmem_mpi_no_op),
            AmoOp::Set(v) | AmoOp::Swap(v) => (v, shmem_mpi_replace),
            AmoOp::FetchAdd(v) => (v, ffi::RSMPI_SUM),
            AmoOp::FetchAnd(v) => (v, ffi::RSMPI_BAND),
            AmoOp::FetchOr(v) => (v, ffi::RSMPI_BOR),
            AmoOp::FetchXor(v) => (v, ffi::RSMPI_BXOR),
            AmoOp::CompareSwap { cond, new } => {
                let mut old = W::zeroed();
                // SAFETY: `new`, `cond` and `old` are local words; the target word is valid
                // (caller); the flush completes the operation before `old` is read.
                ffi::MPI_Compare_and_swap(
                    (&raw const new).cast::<c_void>(),
                    (&raw const cond).cast::<c_void>(),
                    (&raw mut old).cast::<c_void>(),
                    word_type(size_of::<W>()),
                    pe as c_int,
                    disp,
                    win,
                );
                ffi::MPI_Win_flush(pe as c_int, win);
                return old;
            }
        }
    };
    // SAFETY: as this function's contract.
    unsafe { fetch_and_op(win, pe, disp, v, handle) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`wants_osc_choice`] over a made-up environment of `pairs`.
    fn wants(pairs: &[(&str, &str)], user_file: Option<&str>) -> bool {
        let var = |k: &str| {
            pairs
                .iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.to_string())
        };
        wants_osc_choice(var, user_file)
    }

    #[test]
    fn a_launcher_of_another_size_is_refused() {
        assert!(check_launcher_size(None, 1).is_ok());
        assert!(check_launcher_size(Some(("srun", None)), 1).is_ok());
        assert!(check_launcher_size(Some(("mpirun", Some(4))), 4).is_ok());
        let e = check_launcher_size(Some(("Open MPI's mpirun", Some(4))), 1).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("Open MPI's mpirun started 4 processes, but MPI_COMM_WORLD has 1"),
            "{text}"
        );
    }

    #[test]
    fn osc_chosen_only_where_nobody_did_and_hosts_may_differ() {
        let two_hosts = [
            ("OMPI_COMM_WORLD_SIZE", "4"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "2"),
        ];
        let one_host = [
            ("OMPI_COMM_WORLD_SIZE", "4"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "4"),
        ];
        assert!(wants(&two_hosts, None));
        assert!(!wants(&one_host, None), "one host needs only sm");
        // srun and others do not say where the ranks are: choose.
        assert!(wants(&[], None));
        // The user's variable (or `mpirun --mca osc`) wins, whatever it says.
        let mut chosen = two_hosts.to_vec();
        chosen.push((OPEN_MPI_OSC_ENV, "rdma"));
        assert!(!wants(&chosen, None));
        chosen.pop();
        chosen.push((OPEN_MPI_OSC_ENV, ""));
        assert!(!wants(&chosen, None));
        // So does an `osc` line of the user's own parameter file; other lines do not count.
        assert!(!wants(
            &two_hosts,
            Some("# mine\n btl = self,tcp\nosc = sm,pt2pt\n")
        ));
        assert!(wants(
            &two_hosts,
            Some("btl = self,tcp\n# osc = rdma\nosc_ucx_priority = 1\n")
        ));
    }
}
