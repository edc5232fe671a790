//! Whether a runtime is alive in this process: one flag, kept at the bottom of the crate so
//! that the layers under [`crate::runtime`] (the MPI transport's exit handler) can read what
//! the runtime at the top sets, without importing upward.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`crate::runtime::Runtime`]'s start (a swap: one runtime at a time) and cleared by
/// its drop.
pub(crate) static LIVE: AtomicBool = AtomicBool::new(false);

/// Whether a runtime is alive in this process: between a successful `Runtime::init` and the
/// runtime's drop (`shmem_query_initialized`).
pub fn initialized() -> bool {
    LIVE.load(Ordering::Acquire)
}
