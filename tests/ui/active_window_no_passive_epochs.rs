// An active-target window (MPI's `no_locks=true`) has no passive-target epoch of any kind:
// neither try_lock nor lock_all compiles (lock: active_window_lock.rs).
use shmem::window::{ActiveWindow, LockKind};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut win = ActiveWindow::<u64>::new(&shmem, 4)?;
    let _maybe = win.try_lock(shmem.my_pe(), LockKind::Shared)?;
    let _all = win.lock_all();
    Ok(())
}
