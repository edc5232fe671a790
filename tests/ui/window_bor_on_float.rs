//! A bitwise accumulate on floats: `op::Bor` is an accumulate operator on integer elements
//! only.
use shmem::window::{LockKind, Window, op};

fn main() {
    let shmem = shmem::init().unwrap();
    let mut win = Window::<f64>::new(&shmem, 4).unwrap();
    let epoch = win.lock(shmem.pe(0).unwrap(), LockKind::Shared).unwrap();
    epoch.accumulate(0, &[1.0], op::Bor).unwrap();
}
