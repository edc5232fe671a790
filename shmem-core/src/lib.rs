//! `shmem-core`: the runtime under the `shmem` crate.
//!
//! One shared segment per job, mapped by every PE, so that a put, get or atomic on another PE
//! is a load or store; a collective symmetric heap; the launcher library behind `shmemrun`; and
//! waiting (spin, yield, then a cross-process futex). All of the workspace's `unsafe` code lives
//! in this crate, each block with its `// SAFETY:` proof.
//!
//! Table of contents:
//! * [`segment`]: layout of the shared segment, creation and validated attach; `copy`: how
//!   bulk data moves in and out of it (volatile vector copies: the memory-model rule).
//! * [`heap`]: the deterministic symmetric-heap allocator.
//! * [`transport`]: the transport boundary; [`shm`]: the shared-memory transport.
//! * [`wait`]: the waiting protocol (why no wake-up is lost).
//! * [`collectives`]: barrier, reductions, broadcast, collect, alltoall over sets of PEs, and
//!   the team pool.
//! * [`lock`]: the distributed first-come-first-served queue lock; [`rwlock`]: the task-fair
//!   reader/writer lock.
//! * [`request`]: request-based puts and gets whose buffers stay borrowed until finished.
//! * [`runtime`]: per-PE bootstrap, statics, collective allocation, lifecycle.
//! * [`launcher`]: starting and supervising a job; [`diagnose`]: its deadlock check.
//! * [`config`]: environment variables and sizes.
//! * `mpi_job` (feature `mpi`): start-up under `mpirun`; every MPI call of the crate.

pub mod collectives;
pub mod config;
mod copy;
pub mod diagnose;
mod error;
pub mod heap;
pub mod launcher;
pub mod lock;
mod log;
#[cfg(feature = "mpi")]
mod mpi_job;
pub mod request;
pub mod runtime;
pub mod rwlock;
pub mod segment;
mod serialized;
pub mod shm;
mod sys;
pub mod threads;
pub mod transport;
pub mod wait;

pub use error::{Error, NotAMember, Result, SegmentError};
pub use runtime::{
    AllocRequest, Allocation, KeptRuntime, Launch, Runtime, StaticDesc, StaticsLayout,
    TeamAllocation,
};
pub use serialized::Serialized;
pub use sys::FileFacts;
pub use transport::{AmoOp, AmoWord, DefaultTransport, Pending, Transport, Word};
