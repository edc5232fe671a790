//! An epoch that outlives its window: the guard borrows the window.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let win = Window::<u64>::new(&shmem, 4).unwrap();
    let epoch = win.lock(shmem.pe(0).unwrap(), LockKind::Shared).unwrap();
    drop(win);
    epoch.put(0, &[1]).unwrap();
}
