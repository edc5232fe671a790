//! Start-up over MPI (feature `mpi`): a job that `mpirun`, `mpiexec` or `srun` started.
//!
//! Every rank is one PE (PE number = rank in `MPI_COMM_WORLD`). The ranks that share a node
//! (`MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)`, or `SHMEM_MPI_NODE_SIZE` consecutive ranks
//! of it) allocate one `MPI_Win_allocate_shared` window: the node's leader (node rank 0)
//! contributes the whole segment, laid out exactly as `shmemrun`'s memfd (`segment.rs`), the
//! others contribute nothing and find it with `MPI_Win_shared_query`. From then on the node's
//! PEs reach each other with loads, stores and CPU atomics, exactly as under `shmemrun`, so
//! on-node traffic runs at the shared-memory transport's speed: the window is used as MPI's
//! way of sharing memory between the processes it started, in the unified memory model
//! (`MPI_WIN_MODEL` is `MPI_WIN_UNIFIED` for shared windows), and every access is ordered by
//! the runtime's own atomics and fences (`shm.rs`, memory ordering), as for the memfd.
//!
//! The window is freed, and MPI finalized, when the segment drops: after the runtime's
//! finalize barrier, when the last reference to the segment goes ([`MpiOwner`]).
//!
//! All of the crate's MPI calls are in this module.

use std::ffi::c_void;
use std::mem::ManuallyDrop;
use std::ptr::NonNull;

use mpi::ffi;
use mpi::topology::{Color, SimpleCommunicator};
use mpi::traits::{AsRaw, Communicator, CommunicatorCollectives, Root};

use crate::config::Settings;
use crate::error::{Error, Result};
use crate::segment::{self, Expect, ForeignMemory, Segment};
use crate::sys;

const PAGE: usize = 4096;

/// What the start-up learned about the job's placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    /// PEs that share this PE's segment (its node, real or pretend).
    pub(crate) node_pes: usize,
    /// Nodes in the job.
    pub(crate) nodes: usize,
    /// `SHMEM_MPI_NODE_SIZE` made the nodes.
    pub(crate) simulated: bool,
}

/// Owns the MPI side of a segment: the shared window, the node communicator and MPI itself.
/// Dropping it frees the window (collective over the node: every PE's segment drops after
/// the same finalize barrier) and then finalizes MPI.
pub(crate) struct MpiOwner {
    win: ffi::MPI_Win,
    // Dropped by `drop` after it freed the window: the communicator (`MPI_Comm_free`), then
    // MPI (`MPI_Finalize`).
    node: ManuallyDrop<SimpleCommunicator>,
    universe: ManuallyDrop<mpi::environment::Universe>,
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
// in `start`), so any one thread at a time may call it.
unsafe impl Send for MpiOwner {}
// SAFETY: `&MpiOwner` gives access to nothing but `Debug` (the node communicator's size, a
// local query); see `Send`.
unsafe impl Sync for MpiOwner {}

impl Drop for MpiOwner {
    fn drop(&mut self) {
        if std::thread::panicking() {
            // A PE that panics leaves without the collective `MPI_Win_free`, `MPI_Comm_free`
            // and `MPI_Finalize` (the other PEs are not coming to them): its exit status, 101,
            // makes the MPI launcher end the job. Nothing is freed, so nothing dangles.
            return;
        }
        // SAFETY: `win` is the window `start` allocated, not freed before; every PE of the node
        // frees it here (collective), after which nothing points into it: this drop runs when
        // the segment, the only holder of pointers into the window, goes away.
        unsafe { ffi::MPI_Win_free(&mut self.win) };
        // SAFETY: dropped once, here, and never used again; the communicator before MPI.
        unsafe {
            ManuallyDrop::drop(&mut self.node);
            ManuallyDrop::drop(&mut self.universe);
        }
    }
}

fn mpi_error(what: &str, code: i32) -> Error {
    Error::Bootstrap(format!("{what} failed with MPI error code {code}"))
}

/// Initializes MPI and makes (node leader) or attaches to (the others) this node's segment,
/// with `settings.symmetric_size` bytes for every PE of the job.
///
/// # Errors
/// [`Error::Bootstrap`] when MPI is already initialized, offers less than
/// `MPI_THREAD_SERIALIZED`, or a window call fails, or when the job spans more than one node
/// (real or pretend); [`Error::Segment`] when the shared header is refused; [`Error::Config`]
/// when the segment would be too large.
pub(crate) fn start(settings: &Settings) -> Result<(Segment, usize, Placement)> {
    use mpi::Threading;
    let (universe, level) =
        mpi::initialize_with_threading(Threading::Serialized).ok_or_else(|| {
            Error::Bootstrap("MPI was initialized before shmem::init (or finalized)".into())
        })?;
    if matches!(level, Threading::Single | Threading::Funneled) {
        return Err(Error::Bootstrap(format!(
            "the MPI library offers only {level:?} threading; shmem needs MPI_THREAD_SERIALIZED"
        )));
    }
    let world = universe.world();
    let rank = world.rank();
    let me = rank as usize;
    let n_pes = world.size() as usize;
    let shared = world.split_shared(rank);
    let node = match settings.mpi_node_size {
        Some(k) => {
            let color = Color::with_value((me / k).min(i32::MAX as usize) as i32);
            shared
                .split_by_color(color)
                .expect("every rank has a color")
        }
        None => shared,
    };
    let node_pes = node.size() as usize;
    let leader = node.rank() == 0;
    let mut nodes = 0u64;
    world.all_reduce_into(
        &u64::from(leader),
        &mut nodes,
        mpi::collective::SystemOperation::sum(),
    );
    let placement = Placement {
        node_pes,
        nodes: nodes as usize,
        simulated: settings.mpi_node_size.is_some(),
    };
    if placement.nodes > 1 {
        return Err(Error::Bootstrap(format!(
            "the job spans {} nodes ({} PEs on this one{}), and this version of the MPI \
             transport runs a job on one node only",
            placement.nodes,
            node_pes,
            if placement.simulated {
                ", from SHMEM_MPI_NODE_SIZE"
            } else {
                ""
            }
        )));
    }
    let mut token = if me == 0 { sys::random_u64() } else { 0 };
    world.process_at_rank(0).broadcast_into(&mut token);

    let planned = segment::planned_size(n_pes, settings.symmetric_size)
        .filter(|&b| b <= (isize::MAX as u64) / 2)
        .ok_or_else(|| Error::Config {
            name: crate::config::ENV_SYMMETRIC_SIZE,
            value: settings.symmetric_size.to_string(),
            why: "too large for this address space with this many PEs",
        })? as usize;
    // The leader allocates a page more than the segment, so that the segment can start on a
    // page boundary wherever MPI puts the window.
    let mine = if leader { planned + PAGE } else { 0 };
    let mut base: *mut u8 = std::ptr::null_mut();
    // SAFETY: `MPI_WIN_NULL` is a handle value, read once.
    let mut win = unsafe { ffi::RSMPI_WIN_NULL };
    // SAFETY: the arguments are a size, a displacement unit, the null info handle, a live
    // communicator, and out-pointers to a pointer and a window handle, as
    // `MPI_Win_allocate_shared` expects (its `baseptr` argument is a `void *` that receives a
    // pointer). Collective over `node`: every PE of the node calls it here.
    let rc = unsafe {
        ffi::MPI_Win_allocate_shared(
            mine as ffi::MPI_Aint,
            1,
            ffi::RSMPI_INFO_NULL,
            node.as_raw(),
            (&raw mut base).cast::<c_void>(),
            &mut win,
        )
    };
    if rc != 0 {
        return Err(mpi_error("MPI_Win_allocate_shared", rc));
    }
    let node_comm = node.as_raw();
    let owner = MpiOwner {
        win,
        node: ManuallyDrop::new(node),
        universe: ManuallyDrop::new(universe),
    };
    let mut size: ffi::MPI_Aint = 0;
    let mut disp: i32 = 0;
    let mut leader_base: *mut u8 = std::ptr::null_mut();
    // SAFETY: `win` is a live shared window; the out-pointers are valid for one value each.
    let rc = unsafe {
        ffi::MPI_Win_shared_query(
            owner.win,
            0,
            &mut size,
            &mut disp,
            (&raw mut leader_base).cast::<c_void>(),
        )
    };
    if rc != 0 {
        return Err(mpi_error("MPI_Win_shared_query", rc));
    }
    let size = size as usize;
    if leader_base.is_null() || size < planned + PAGE {
        return Err(Error::Bootstrap(format!(
            "the node's shared window has {size} bytes, the segment needs {}",
            planned + PAGE
        )));
    }
    let skip = leader_base.align_offset(PAGE);
    let mem = ForeignMemory {
        // SAFETY: `skip < PAGE` and the window has `planned + PAGE` bytes, so the result is
        // inside the window (and not null: the window's base is not).
        base: unsafe { NonNull::new_unchecked(leader_base.add(skip)) },
        len: size - skip,
        owner: Box::new(owner),
    };
    let expect = Expect {
        job_token: token,
        n_pes: n_pes as u32,
    };
    let seg = if leader {
        // SAFETY: the window lies in memory MPI shares between the node's processes and keeps
        // until `MPI_Win_free` (in the owner's drop); it is page aligned and `len` long; no
        // other PE touches it before the barrier below.
        let seg = unsafe { Segment::create_foreign(mem, n_pes, settings.symmetric_size, token) };
        node_barrier(node_comm);
        seg?
    } else {
        node_barrier(node_comm);
        // SAFETY: as above; the leader's `create_foreign` returned before its barrier.
        unsafe { Segment::attach_foreign(mem, expect) }?
    };
    Ok((seg, me, placement))
}

/// `MPI_Barrier` on the node communicator, by handle (the communicator itself belongs to the
/// segment's [`MpiOwner`], which is alive while `start` runs).
fn node_barrier(comm: ffi::MPI_Comm) {
    // SAFETY: `comm` is the live node communicator; every PE of the node calls this once, at
    // the same point of `start`.
    unsafe { ffi::MPI_Barrier(comm) };
}

/// `MPI_Abort` on the world: ends every rank of the job with `code`.
pub(crate) fn abort(code: i32) -> ! {
    // SAFETY: MPI is initialized (a segment made by `start` is alive while a runtime exists,
    // and only a runtime calls this); `MPI_COMM_WORLD` is a predefined handle.
    unsafe { ffi::MPI_Abort(ffi::RSMPI_COMM_WORLD, code) };
    // `MPI_Abort` does not return in any implementation; should one, leave anyway.
    sys::exit_now(code)
}
