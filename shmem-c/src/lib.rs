//! `shmem-c`: the OpenSHMEM 1.6 C API over `shmem-core`, built as `libshmem.so` and
//! `libshmem.a`, with `include/shmem.h` and the `shmemcc` compiler wrapper.
//!
//! Every exported function is `extern "C"` with the name and signature of the specification;
//! `shmem.h` declares them. They translate C addresses into symmetric offsets (this PE's
//! symmetric heap, or the program's globals, which `shmem_init` places in the PE's partition:
//! `globals`) and call the runtime, the same transport, collectives and waiting that the Rust
//! API uses.
//!
//! # The C caller's contract
//! Stated once for every `unsafe extern "C"` function of this crate:
//! * pointers to local buffers are valid for the bytes the call reads or writes, and are not
//!   accessed by another thread during the call;
//! * calls are made after `shmem_init`; below `SHMEM_THREAD_MULTIPLE` (`shmem_init`, or
//!   `shmem_init_thread` asking for less) from one thread at a time, ordered by the
//!   program's own synchronization;
//! * at `SHMEM_THREAD_MULTIPLE` (`shmem_init_thread`, `state` has the design), from any
//!   threads at once, started after the initialization, with two rules: collectives on one
//!   team (allocation and `shmem_barrier_all` are on the world team) are not called
//!   concurrently from several threads (the specification's rule), and while a call runs,
//!   the threads of this PE reach the symmetric bytes it names only through one-sided calls
//!   (RMA, AMOs, signals, waits) of the same element size (`putmem` and the other byte forms
//!   count as 1-byte elements), never through a collective or their own loads and stores
//!   (`threads`: what OpenSHMEM leaves undefined anyway);
//! * everything the specification leaves to the program (pairing collective calls on every PE,
//!   ordering puts with fence/quiet/barriers) is the program's.
//!
//! What can be checked is checked, and a violation is a one-line message on stderr naming the
//! call and the argument, followed by the end of the whole job (`global_exit(1)`): a PE number
//! outside the job, an address that is not symmetric (or a range that leaves its object), a
//! misaligned atomic, an invalid comparison operator, an invalid active set, a `pSync` too
//! small or not symmetric, a pointer `shmem_free` did not hand out.
//!
//! Modules: `state` (the runtime, address translation, errors), `globals` (symmetric C
//! globals), `setup` (init, queries, memory management), `rma`, `blocked` (block-strided
//! RMA), `amo`, `sync` (waits, locks, barriers, ordering), `coll` (collectives), `threads`
//! (the one-sided calls at `SHMEM_THREAD_MULTIPLE`).

pub mod amo;
pub mod blocked;
pub mod coll;
pub mod ctx;
mod globals;
pub mod inline;
#[cfg(target_arch = "x86_64")]
pub mod longdouble;
pub mod pshmem;
pub mod rma;
pub mod setup;
pub mod signal;
mod state;
pub mod sync;
pub mod team;
mod threads;
