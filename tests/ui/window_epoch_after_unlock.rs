//! An epoch guard used after the epoch ended: `unlock` consumes the guard.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let win = Window::<u64>::new(&shmem, 4).unwrap();
    let epoch = win.lock(shmem.pe(0).unwrap(), LockKind::Exclusive).unwrap();
    epoch.unlock();
    epoch.put(0, &[1]).unwrap();
}
