//! The array under a window read while the window lives: only the window's epochs reach it.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let mut v = shmem::SymVec::<u64>::zeroed(&shmem, 4).unwrap();
    let win = Window::over(&mut v).unwrap();
    let first = v.read(0).unwrap();
    win.lock(me, LockKind::Exclusive).unwrap().put(0, &[first]).unwrap();
}
