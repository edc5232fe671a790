//! A passive-target epoch while a fence epoch is open on the same window (MPI forbids mixing
//! them): `fence_epoch` borrows the window mutably for the epoch's life, `lock` shares it.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let mut win = Window::<u64>::new(&shmem, 4).unwrap();
    let fence = win.fence_epoch();
    let epoch = win.lock(shmem.pe(0).unwrap(), LockKind::Shared).unwrap();
    fence.put(shmem.pe(0).unwrap(), 0, &[1]).unwrap();
    drop(epoch);
}
