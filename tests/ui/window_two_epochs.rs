//! Two access epochs of one PE on one window at once (MPI forbids a second lock while the
//! first is held): `lock` borrows the window mutably for the epoch's life.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let mut win = Window::<u64>::new(&shmem, 4).unwrap();
    let a = win.lock(shmem.pe(0).unwrap(), LockKind::Shared);
    let b = win.lock_all();
    a.put(0, &[1]).unwrap();
    drop(b);
}
