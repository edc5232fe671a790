//! A lock-all epoch while a passive-target epoch of the same PE is open on the window (MPI
//! forbids a second lock of a target while the first is held): `lock` borrows the window
//! shared for the epoch's life, `lock_all` mutably.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let mut win = Window::<u64>::new(&shmem, 4).unwrap();
    let a = win.lock(shmem.pe(0).unwrap(), LockKind::Shared).unwrap();
    let b = win.lock_all();
    a.put(0, &[1]).unwrap();
    drop(b);
}
