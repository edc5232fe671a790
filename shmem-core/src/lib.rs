//! `shmem-core`: the runtime under the `shmem` crate.
//!
//! One shared segment per job, mapped by every PE, so that a put, get or atomic on another PE
//! is a load or store; a collective symmetric heap; waiting (spin, yield, then a
//! cross-process futex); the MPI transport across nodes. All of the workspace's `unsafe` code lives
//! in this crate, each block with its `// SAFETY:` proof.
//!
//! The crate is built in floors; a module imports only from floors below its own (checked by
//! the workspace's `tests/layers.rs`; the picture is in `docs/ARCHITECTURE.md`, "Layers"):
//!
//! 1. The system and its words: `sys` (every system call), [`Error`], `life` (whether a runtime
//!    is alive), [`Serialized`]; then [`config`] (environment variables and sizes); then `log`
//!    and `copy` (how bulk data moves in and out of the segment: volatile vector copies).
//! 2. Memory: [`segment`] (the shared segment's layout, creation and validated attach, and what
//!    a PE and the launcher agree on: PE states, exit statuses), [`heap`] (the deterministic
//!    symmetric-heap allocator), [`pe_set`] (sets of PEs in arithmetic progression).
//! 3. [`wait`] (the waiting protocol: why no wake-up is lost) and [`supervise`] (the launcher's
//!    `unsafe` primitives, as safe functions).
//! 4. [`transport`]: the boundary trait and its words; [`transport::shm`], the shared-memory
//!    transport; `transport::net` (feature `mpi`): start-up under `mpirun` and every MPI call.
//! 5. Protocols over the boundary: [`collectives`] (barrier, reductions, broadcast, collect,
//!    alltoall, and the team pool), [`lock`] (the first-come-first-served queue lock),
//!    [`rwlock`] (the task-fair reader/writer lock), [`request`] (request-based puts and gets
//!    whose buffers stay borrowed), [`threads`] (contexts' threads).
//! 6. The top: [`runtime`] (per-PE bootstrap, statics, collective allocation, lifecycle) and
//!    [`report`] (a PE's wait in words, for the launcher's deadlock report).
//!
//! The launcher itself (starting, supervising and ending a job) is the `shmem-launch` crate,
//! which a PE does not link.

pub mod collectives;
pub mod config;
mod copy;
mod error;
pub mod heap;
mod life;
pub mod lock;
mod log;
pub mod pe_set;
pub mod report;
pub mod request;
pub mod runtime;
pub mod rwlock;
pub mod segment;
mod serialized;
pub mod supervise;
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
