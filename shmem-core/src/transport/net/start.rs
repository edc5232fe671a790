//! Start-up under an MPI launcher: MPI's initialization and ownership, the node's shared
//! window and the job's windows, the one-sided component choice, the size check, `abort`.

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::time::Duration;

use mpi::ffi;
use mpi::topology::{Color, SimpleCommunicator};
use mpi::traits::{AsRaw, Communicator, CommunicatorCollectives, Root};

use crate::config::{MpiThreads, Settings};
use crate::error::{Error, Result};
use crate::segment::{self, Expect, ForeignMemory, Segment};
use crate::sys;

use super::*;

pub(super) const PAGE: usize = 4096;

/// Bytes that one rank of every shared window asks for beyond its part, so that the window's
/// size is not whole pages. MPICH's ch4 device puts a shared window whose ranks all ask for
/// whole pages at the same address in every process (its "symmetric heap"), and to find a
/// free range its leading rank probes every page of it with `msync`, one call per page:
/// 262,144 calls for 8 PEs of 128 MiB: a job of 8 PEs took 1.45 s to start on 2 CPUs, 0.84 s
/// without it. A rank whose size is not whole pages turns that search off. shmem does not need
/// the window at one address in every process, and these bytes lie past every part of the
/// segment, unused.
const NOT_WHOLE_PAGES: usize = 64;

/// Longest single futex sleep of a waiter in a multi-node job (writes from other nodes cannot
/// wake it).
pub(crate) const NET_MAX_SLEEP: Duration = Duration::from_micros(50);

/// Whether shmem initialized MPI (and so finalizes it), rather than the program.
pub(super) static SHMEM_OWNS_MPI: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

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
pub(super) static MPI_SINGLE: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

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
pub(super) extern "C" fn finalize_now() {
    use std::sync::atomic::Ordering::Acquire;
    // A PE that exits without finalizing shmem (a failure) leaves without `MPI_Finalize`:
    // the MPI launcher then ends the whole job, as `shmemrun` does, instead of waiting for
    // the others, who may be waiting for this one.
    if crate::life::initialized()
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
pub(super) fn on_mpi_thread(single: bool) {
    if single && !MPI_THREAD.get() {
        wrong_thread();
    }
}

#[cold]
#[inline(never)]
pub(super) fn wrong_thread() -> ! {
    panic!(
        "shmem: this thread is not the one that called shmem::init, and the MPI transport runs \
         MPI at MPI_THREAD_SINGLE (the default of SHMEM_MPI_THREADS); set \
         SHMEM_MPI_THREADS=serialized to use shmem from other threads, one at a time"
    );
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

pub(super) fn check(what: &str, rc: c_int) -> Result<()> {
    if rc == 0 {
        Ok(())
    } else {
        Err(Error::Start(format!(
            "{what} failed with MPI error code {rc}"
        )))
    }
}

/// An info object with `key = value` pairs, freed on drop.
pub(super) struct Info(ffi::MPI_Info);

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
pub(super) fn shared_query(win: ffi::MPI_Win, rank: c_int) -> Result<(*mut u8, usize)> {
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

/// What each PE tells every other at start-up, in one `MPI_Allgather` over `world` (each
/// collective costs a job on an oversubscribed machine tens of milliseconds under MPICH, whose
/// waits do not yield): the world rank of its node's first rank, rank 0's job token (0 from
/// the others), its symmetric size, which must be the same on every PE ([`check_partition`]),
/// and its host's figures for [`check_fits`].
#[derive(Clone, Copy)]
struct Hello {
    node_first: u64,
    token: u64,
    partition: u64,
    host_pes: u64,
    host_total: u64,
    mem_total: u64,
}

impl Hello {
    const WORDS: usize = 6;

    fn words(self) -> [u64; Self::WORDS] {
        [
            self.node_first,
            self.token,
            self.partition,
            self.host_pes,
            self.host_total,
            self.mem_total,
        ]
    }

    fn from_words(w: &[u64]) -> Hello {
        Hello {
            node_first: w[0],
            token: w[1],
            partition: w[2],
            host_pes: w[3],
            host_total: w[4],
            mem_total: w[5],
        }
    }

    /// Every PE's `Hello`, in rank order. Collective over `world`.
    fn gather(self, world: &SimpleCommunicator) -> Vec<Hello> {
        let mut all = vec![0u64; Self::WORDS * world.size() as usize];
        world.all_gather_into(&self.words()[..], &mut all[..]);
        all.chunks_exact(Self::WORDS)
            .map(Hello::from_words)
            .collect()
    }
}

/// Refuses a job whose PEs were started with different symmetric sizes (each sizes the windows
/// from its own): every PE has every PE's size ([`Hello::gather`]) and reports PE 0's and the
/// first that differs, so every PE fails alike. Without it such a job hung in start-up.
fn check_partition(all: &[Hello]) -> Result<()> {
    let first = all[0].partition;
    match all.iter().position(|h| h.partition != first) {
        Some(p) => Err(Error::ArgumentMismatch {
            what: "SHMEM_SYMMETRIC_SIZE (bytes per PE, in whole pages)",
            pe: 0,
            value: first.to_string(),
            other_pe: p,
            other: all[p].partition.to_string(),
        }),
        None => Ok(()),
    }
}

/// Refuses, before any window is made, a job of which some host needs more shared memory
/// (`host_pes` partitions of `partition` bytes, plus control: `host_total`) than that machine
/// has: the check `shmemrun` makes before it starts a job. Open MPI's `osc sm` only warns
/// that its backing file does not fit in `/dev/shm`, and the job then hung in start-up. Every
/// PE has every host's figures ([`Hello::gather`]) and reports the first host that does not
/// fit, so every PE fails alike, also where hosts differ in memory.
fn check_fits(all: &[Hello], partition: usize) -> Result<()> {
    match all.iter().find(|h| h.host_total > h.mem_total) {
        Some(h) => Err(Error::JobTooLarge {
            n_pes: h.host_pes as usize,
            symmetric_size: partition,
            total: h.host_total,
            mem_total: h.mem_total,
        }),
        None => Ok(()),
    }
}

/// `MPI_Win_allocate_shared` of `bytes` from this rank over `comm`, with `info`.
pub(super) fn allocate_shared(
    bytes: usize,
    info: &Info,
    comm: ffi::MPI_Comm,
) -> Result<ffi::MPI_Win> {
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
            window_remedy(OSC_REMEDY)
        )));
    }
    Ok(win)
}

/// Runs `create`, a window creation collective over `comm`, with `MPI_ERRORS_RETURN` on
/// `comm` (errors of a window creation go to its communicator's handler, by default
/// `MPI_ERRORS_ARE_FATAL`): a component that cannot make the window returns an error code,
/// which `start` turns into an error that names the remedy, instead of aborting the job with
/// MPI's own text. The communicator's handler is restored afterwards.
pub(super) fn returning_errors(comm: ffi::MPI_Comm, create: impl FnOnce() -> c_int) -> c_int {
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

/// The `mpirun` option that [`window_remedy`] names under Open MPI: the components shmem
/// would choose ([`open_mpi_osc`]).
const OSC_REMEDY: &str = "`--mca osc sm,pt2pt` (`--mca osc sm,ucx` at MPI_THREAD_MULTIPLE)";

/// Whether the MPI library is Open MPI (`MPI_Get_library_version`, which MPI lets a program
/// call before `MPI_Init`): its one-sided components are chosen by shmem
/// ([`choose_open_mpi_osc`]) and named in the remedies of [`window_remedy`]; other libraries
/// (MPICH and its derivatives) have none of these.
pub(super) fn is_open_mpi() -> bool {
    mpi::environment::library_version().is_ok_and(|v| v.starts_with("Open MPI"))
}

/// The remedy that a failed window creation names, for the MPI library in use: under Open
/// MPI, the `mpirun` option `open_mpi` (its one-sided components); under another library
/// (MPICH's RMA has no components to choose), the library's name and version, and where its
/// network between hosts is chosen (MPICH's `ch4:ucx`: `UCX_TLS`; `ch4:ofi`: `FI_PROVIDER`).
pub(super) fn window_remedy(open_mpi: &str) -> String {
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
pub(super) fn library_name() -> String {
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
pub(super) fn check_launcher_size(
    launched: Option<(&str, Option<usize>)>,
    n_pes: usize,
) -> Result<()> {
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
pub(super) const OPEN_MPI_OSC_ENV: &str = "OMPI_MCA_osc";

/// Open MPI's one-sided components that shmem chooses where nobody did ([`choose_open_mpi_osc`])
/// under Open MPI 4 below `MPI_THREAD_MULTIPLE`: `sm` makes the node's shared window, `pt2pt`
/// the per-partition windows over any network (active messages over the point-to-point
/// layer). Not `ucx`, although Open MPI ranks it higher: over TCP its emulated atomics
/// livelock (two PEs each spinning in `ompi_osc_ucx_compare_and_swap` and
/// `ompi_osc_ucx_fetch_and_op` toward the other, for the whole 120 s of `tests/window`'s
/// `writer_not_starved`, which passes in 1.3 s over `pt2pt`; the whole window suite across two
/// hosts takes 46 s). Not `rdma`: over TCP it cannot make the per-partition windows, and on
/// them it crashes the target of an 8-byte compare-and-swap from the same host (module docs).
pub(crate) const OPEN_MPI_OSC: &str = "sm,pt2pt";

/// The choice at `MPI_THREAD_MULTIPLE`, where Open MPI 4's `pt2pt` refuses to run, and under
/// Open MPI 5, which has no `pt2pt`: `ucx` for the per-partition windows.
pub(crate) const OPEN_MPI_OSC_UCX: &str = "sm,ucx,pt2pt";

/// The components to choose for Open MPI whose `MPI_Get_library_version` is `version`, at
/// `MPI_THREAD_MULTIPLE` or not.
pub(super) fn open_mpi_osc(version: &str, multiple: bool) -> &'static str {
    if multiple || !version.starts_with("Open MPI v4.") {
        OPEN_MPI_OSC_UCX
    } else {
        OPEN_MPI_OSC
    }
}

/// Before `MPI_Init`, under Open MPI, sets [`OPEN_MPI_OSC_ENV`] to [`open_mpi_osc`]'s choice for
/// `multiple` (whether MPI is asked for `MPI_THREAD_MULTIPLE`) when the
/// job may span hosts and nobody chose the one-sided components ([`wants_osc_choice`]). Open
/// MPI 4.1 as Debian ships it leaves only `osc rdma` (`osc = ^ucx,pt2pt` in
/// `/etc/openmpi/openmpi-mca-params.conf`), which cannot make a window across hosts over TCP:
/// every job across hosts would abort in `MPI_Win_create`. The variable is set only while this
/// process has a single thread (setting the environment is sound only then); otherwise, as
/// where the choice still cannot make the windows, `start` fails with a line naming the remedy.
pub(super) fn choose_open_mpi_osc(multiple: bool) {
    let Ok(version) = mpi::environment::library_version() else {
        return;
    };
    if !version.starts_with("Open MPI") {
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
        unsafe { std::env::set_var(OPEN_MPI_OSC_ENV, open_mpi_osc(&version, multiple)) };
    }
}

/// Before `MPI_Init`, under Open MPI started by Slurm's `srun`: fails, naming the remedy, when
/// the job step has no PMIx server and this Open MPI can learn its rank only through PMIx.
/// Open MPI 4.1 as Debian builds it has no PMI-1/PMI-2 client (no `pmix s1`/`s2` component),
/// so under `srun --mpi=pmi2` or `--mpi=none` its `MPI_Init` aborts every rank with a page
/// about rebuilding Slurm and Open MPI; the remedy is `srun --mpi=pmix`. Whether the library
/// has such a client is asked of Open MPI itself: its MPI_T control variables (readable before
/// `MPI_Init`) name every component it has, `pmix_s1_*`/`pmix_s2_*` among them where it was
/// built with Slurm's PMI.
pub(super) fn check_srun_pmi() -> Result<()> {
    let has = |k: &str| std::env::var_os(k).is_some();
    // srun started this process directly (not mpirun inside an allocation), without PMIx.
    if !(has("SLURM_STEP_ID") && has("SLURM_PROCID"))
        || has("OMPI_COMM_WORLD_SIZE")
        || has("PMIX_RANK")
    {
        return Ok(());
    }
    let open_mpi = mpi::environment::library_version().is_ok_and(|v| v.starts_with("Open MPI"));
    if !open_mpi || open_mpi_has_slurm_pmi() {
        return Ok(());
    }
    let asked = std::env::var("SLURM_MPI_TYPE").unwrap_or_else(|_| "none".into());
    Err(Error::Start(format!(
        "Slurm's srun started this PE without PMIx (--mpi={asked}), and this Open MPI learns its \
         rank only through PMIx: run srun --mpi=pmix (or set MpiDefault=pmix in slurm.conf, or \
         SLURM_MPI_TYPE=pmix)"
    )))
}

/// Whether Open MPI has a client of Slurm's PMI-1 or PMI-2 (its `pmix s1` or `s2` component),
/// from the names of its MPI_T control variables. `true` when MPI_T cannot tell (a check that
/// cannot decide refuses nothing).
fn open_mpi_has_slurm_pmi() -> bool {
    let mut provided: c_int = 0;
    // SAFETY: MPI_T may be initialized before `MPI_Init` and any number of times, each paired
    // with `MPI_T_finalize` (below); `provided` is a valid out-pointer; the thread level is a
    // constant of the library.
    let rc = unsafe { ffi::MPI_T_init_thread(ffi::RSMPI_THREAD_SINGLE, &mut provided) };
    if rc != 0 {
        return true;
    }
    let mut num: c_int = 0;
    let mut found = false;
    // SAFETY: MPI_T is initialized; `num` is a valid out-pointer.
    if unsafe { ffi::MPI_T_cvar_get_num(&mut num) } != 0 {
        found = true;
    }
    for i in 0..if found { 0 } else { num } {
        let mut name = [0 as std::ffi::c_char; 256];
        let mut name_len = name.len() as c_int;
        let (mut verbosity, mut bind, mut scope, mut desc_len): (c_int, c_int, c_int, c_int) =
            (0, 0, 0, 0);
        let mut datatype = std::mem::MaybeUninit::<ffi::MPI_Datatype>::uninit();
        let mut enumtype = std::mem::MaybeUninit::<ffi::MPI_T_enum>::uninit();
        // SAFETY: MPI_T is initialized and `i` below the count it gave; `name` holds
        // `name_len` characters; a description of length 0 is not written (null is allowed
        // then); every other argument is a valid out-pointer.
        let rc = unsafe {
            ffi::MPI_T_cvar_get_info(
                i,
                name.as_mut_ptr(),
                &mut name_len,
                &mut verbosity,
                datatype.as_mut_ptr(),
                enumtype.as_mut_ptr(),
                std::ptr::null_mut(),
                &mut desc_len,
                &mut bind,
                &mut scope,
            )
        };
        if rc != 0 {
            continue;
        }
        // SAFETY: MPI wrote a NUL-terminated name into `name` (truncated to its length).
        let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) };
        let name = name.to_bytes();
        if name.starts_with(b"pmix_s1_") || name.starts_with(b"pmix_s2_") {
            found = true;
            break;
        }
    }
    // SAFETY: paired with the successful `MPI_T_init_thread` above.
    unsafe { ffi::MPI_T_finalize() };
    found
}

/// Whether shmem chooses Open MPI's one-sided components: not when the user did (the variable
/// `var` reads, from the environment or `mpirun --mca osc`, or an `osc` line in the user's
/// `~/.openmpi/mca-params.conf`, given as `user_file`), and not when Open MPI's launcher says
/// that every rank is on this host (`OMPI_COMM_WORLD_LOCAL_SIZE` equal to
/// `OMPI_COMM_WORLD_SIZE`), where the one shared window needs only the default `sm`.
pub(super) fn wants_osc_choice(
    var: impl Fn(&str) -> Option<String>,
    user_file: Option<&str>,
) -> bool {
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
        check_srun_pmi()?;
        choose_open_mpi_osc(matches!(want, Threading::Multiple));
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
    end_job_at_failing_exit(rank);
    let me = rank as usize;
    let n_pes = world.size() as usize;
    check_launcher_size(crate::config::mpi_launcher(), n_pes)?;
    let host = world.split_shared(rank);
    let host_pes = host.size() as usize;
    let one_host = host_pes == n_pes;
    ENDS_BY_SIGNAL.store(
        !one_host && !is_open_mpi(),
        std::sync::atomic::Ordering::Release,
    );
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
    let partition = settings.symmetric_size.max(PAGE).next_multiple_of(PAGE);
    // The world rank of this node's first rank.
    let mut first: c_int = rank;
    node.process_at_rank(0).broadcast_into(&mut first);
    let all = Hello {
        node_first: first as u64,
        token: if me == 0 { sys::random_u64() } else { 0 },
        partition: partition as u64,
        host_pes: host_pes as u64,
        host_total: segment::planned_size(host_pes, partition).unwrap_or(u64::MAX),
        mem_total: sys::memory_total(),
    }
    .gather(&world);
    // Every check below decides alike on every PE: they read only what the gather gave all.
    check_partition(&all)?;
    let planned = segment::planned_size(n_pes, partition)
        .filter(|&b| b <= (isize::MAX as u64) / 2)
        .ok_or_else(|| Error::Config {
            name: crate::config::ENV_SYMMETRIC_SIZE,
            value: settings.symmetric_size.to_string(),
            why: "too large for this address space with this many PEs",
        })? as usize;
    let control = planned - n_pes * partition;
    // Node of every PE: the world rank of its node's first rank.
    let node_of: Vec<c_int> = all.iter().map(|h| h.node_first as c_int).collect();
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
    let expect = Expect {
        job_token: all[0].token,
        n_pes: n_pes as u32,
    };
    check_fits(&all, partition)?;
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
        let base = if n_pes == 1 {
            // One PE: as for a node of one PE below (Open MPI backs a one-rank shared window
            // with private memory, and a C program's globals need shared pages: every C
            // program died in `shmem_init` under `mpirun -np 1`). A job on one host makes no
            // MPI window access (`net` stays `None`), so the segment is a memfd mapping of
            // shmem's own.
            let failed =
                |e: std::io::Error| Error::Start(format!("mapping the segment failed: {e}"));
            let fd = sys::memfd_create("shmem-mpi-node", planned as u64).map_err(failed)?;
            let map = sys::map_shared(&fd, planned).map_err(failed)?;
            let base = map.as_mut_ptr();
            *owner.own_map = Some(map);
            base
        } else {
            loop {
                // The last rank's part ends the window: its extra bytes move no other part.
                let tail = if me == n_pes - 1 { NOT_WHOLE_PAGES } else { 0 };
                let mine = if me == 0 {
                    pad + control + partition
                } else {
                    partition
                } + tail;
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
            }
        };
        let mut disp = vec![0 as ffi::MPI_Aint; n_pes];
        disp[0] = (pad + control) as ffi::MPI_Aint;
        for (p, d) in disp.iter().enumerate().filter(|_| owner.has_shared) {
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
            let bytes = if leader {
                planned + PAGE + NOT_WHOLE_PAGES
            } else {
                0
            };
            owner.shared = allocate_shared(bytes, &info, node_comm)?;
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
                window_remedy(OSC_REMEDY)
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
pub(super) fn attach_or_create(
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

pub(super) fn lock_all(win: ffi::MPI_Win) -> Result<()> {
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
pub(super) fn unified(win: ffi::MPI_Win) -> Result<()> {
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
pub(super) fn is_thread_main() -> bool {
    let mut flag: c_int = 0;
    // SAFETY: MPI is initialized; `flag` is an out-pointer.
    unsafe { ffi::MPI_Is_thread_main(&mut flag) };
    flag != 0
}

/// Set by [`abort`] before `MPI_Abort`, which leaves through `exit` and so runs the exit
/// handlers: [`end_job_at_failing_exit`]'s handler must not abort a second time.
static ABORTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// This PE's rank in `MPI_COMM_WORLD`, for the exit handler's line (-1 before `start`).
static WORLD_RANK: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);

/// The process that initialized MPI: a child forked from it (which may not call MPI) inherits
/// the exit handler, which must then do nothing.
static MPI_PID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Under an MPI library other than Open MPI, a PE that exits with a failing status while MPI
/// is running (`std::process::exit(3)`, a C program's `exit(3)` or `return 3` from `main`)
/// calls `MPI_Abort` with that status. MPICH's Hydra ends the other hosts' ranks only when a
/// host reports a rank killed by a signal: a rank that exits non-zero without `MPI_Finalize`
/// makes its own host's proxy kill that host's ranks (reported as exited), and the ranks on
/// the other hosts wait for ever (`docs/clusters.md`). Open MPI's `mpirun` ends the job
/// itself, with the rank's status, and is left as it is. Registered once, with glibc's
/// `on_exit`, which hands the handler the status (`atexit` does not); elsewhere nothing.
pub(super) fn end_job_at_failing_exit(rank: c_int) {
    WORLD_RANK.store(rank, std::sync::atomic::Ordering::Release);
    MPI_PID.store(std::process::id(), std::sync::atomic::Ordering::Release);
    #[cfg(target_env = "gnu")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        if is_open_mpi() {
            return;
        }
        ONCE.call_once(|| {
            unsafe extern "C" {
                /// glibc: `int on_exit(void (*function)(int, void *), void *arg)`.
                fn on_exit(function: extern "C" fn(c_int, *mut c_void), arg: *mut c_void) -> c_int;
            }
            // SAFETY: glibc's `on_exit` with a handler of its signature that does not unwind
            // and uses no argument (null).
            unsafe { on_exit(failing_exit, std::ptr::null_mut()) };
        });
    }
}

/// The exit handler of [`end_job_at_failing_exit`]: `MPI_Abort(status)` when the status's low
/// byte (what the process's parent sees) is not 0, no abort is under way, this is the process
/// that initialized MPI (not a forked child), MPI is initialized
/// and not finalized, shmem is still initialized or the program owns MPI (a PE that finalized
/// shmem's own MPI cleanly, then exits non-zero, ends as it would without shmem: MPI is
/// finalized at exit), and this thread may call MPI (any thread at `MPI_THREAD_SERIALIZED`
/// and above, as `MpiOwner`'s drop during a panic; below it, only the thread that
/// initialized MPI: another thread's exit leaves with its status, or across hosts under Hydra
/// ([`ENDS_BY_SIGNAL`]) by `SIGKILL`, so that every host's ranks end).
#[cfg(target_env = "gnu")]
extern "C" fn failing_exit(status: c_int, _: *mut c_void) {
    use std::sync::atomic::Ordering::Acquire;
    let code = status & 0xff;
    if code == 0
        || ABORTING.load(Acquire)
        || MPI_PID.load(Acquire) != std::process::id()
        || !mpi::environment::is_initialized()
        || mpi::environment::is_finalized()
        || (!crate::life::initialized() && SHMEM_OWNS_MPI.load(Acquire))
    {
        return;
    }
    use std::io::Write;
    if MPI_SINGLE.load(Acquire) && !MPI_THREAD.try_with(Cell::get).unwrap_or(false) {
        // This thread may not call MPI. Across hosts under Hydra, a rank killed by a signal
        // ends every host (as the deadlock watch does, `ENDS_BY_SIGNAL`); elsewhere the exit
        // status ends the job.
        if ends_by_signal() {
            let line = format!(
                "shmem: PE {} exited with status {code} on a thread that may not call MPI \
                 (MPI_THREAD_SINGLE); it ends with SIGKILL, which ends the job\n",
                WORLD_RANK.load(Acquire)
            );
            let _ = std::io::stderr().write_all(line.as_bytes());
            let _ = rustix::process::kill_process(
                rustix::process::getpid(),
                rustix::process::Signal::KILL,
            );
        }
        return;
    }
    // One write, so that the line is never interleaved with other PEs' output.
    let line = format!(
        "shmem: PE {} exited with status {code} while MPI was running; MPI_Abort ends the job \
         with that status\n",
        WORLD_RANK.load(Acquire)
    );
    let _ = std::io::stderr().write_all(line.as_bytes());
    // `MPI_Abort` leaves through `exit` (MPICH's `MPL_exit`), inside this exit handler: glibc
    // runs the remaining handlers and exits with the abort's status (a re-entered `exit`,
    // which glibc supports: its exit lock is recursive since 2.41, and before it the nested
    // call continues the same handler list).
    abort(code)
}

/// Whether a PE that must end the job from a thread that may not call MPI (the deadlock
/// watch of `SHMEM_DEADLOCK_TIMEOUT`) ends its process with `SIGKILL` rather than an exit
/// status: set by `start` when the library is not Open MPI and the ranks span hosts. MPICH's
/// Hydra ends the other hosts' ranks only for a rank killed by a signal (a rank that exits
/// non-zero ends its own host's ranks only); on one host, and under Open MPI's `mpirun`, the
/// exit status ends the job and is kept.
static ENDS_BY_SIGNAL: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// [`ENDS_BY_SIGNAL`].
pub(crate) fn ends_by_signal() -> bool {
    ENDS_BY_SIGNAL.load(std::sync::atomic::Ordering::Acquire)
}

/// `MPI_Abort` on the world: ends every rank of the job with `code`.
pub(crate) fn abort(code: i32) -> ! {
    ABORTING.store(true, std::sync::atomic::Ordering::Release);
    // SAFETY: MPI is initialized and not finalized (a segment made by `start` is alive while a
    // runtime exists, and a runtime calls this, or `failing_exit` after checking both);
    // `MPI_COMM_WORLD` is a predefined handle.
    unsafe { ffi::MPI_Abort(ffi::RSMPI_COMM_WORLD, code) };
    // `MPI_Abort` does not return in any implementation; should one, leave anyway.
    sys::exit_now(code)
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
    fn pt2pt_below_multiple_under_open_mpi_4_else_ucx() {
        let v4 = "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4";
        assert_eq!(open_mpi_osc(v4, false), "sm,pt2pt");
        assert_eq!(open_mpi_osc(v4, true), "sm,ucx,pt2pt");
        let v5 = "Open MPI v5.0.3, package: Open MPI Distribution, ident: 5.0.3";
        assert_eq!(open_mpi_osc(v5, false), "sm,ucx,pt2pt");
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
