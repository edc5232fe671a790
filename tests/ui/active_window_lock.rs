// An active-target window (MPI's `no_locks=true`) keeps no lock words: a passive-target
// epoch on it does not compile.
use shmem::window::{ActiveWindow, LockKind};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let win = ActiveWindow::<u64>::new(&shmem, 4)?;
    let epoch = win.lock(shmem.my_pe(), LockKind::Exclusive)?;
    epoch.put(0, &[1])?;
    Ok(())
}
