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
//! `MPI_Win_sync` (and, every so often, or at every look under MPICH, `MPI_Iprobe`, so that
//! components that need the target to progress get it) while it waits.
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

mod path;
mod rma;
mod start;

pub(crate) use path::*;
pub(crate) use rma::*;
pub(crate) use start::*;

use std::ffi::c_int;

use mpi::ffi;

// Constants that rsmpi's bindings lack, from `csrc/mpi_consts.c` (built by `build.rs`).
unsafe extern "C" {
    static shmem_mpi_replace: ffi::MPI_Op;
    static shmem_mpi_no_op: ffi::MPI_Op;
    static shmem_mpi_mode_nocheck: c_int;
    static shmem_mpi_win_unified: c_int;
}
