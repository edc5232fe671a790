//! RMA on a window outside an access epoch: only the epoch guards of `lock`/`lock_all`/
//! `fence_epoch`/`start` have put, get and accumulate, and the error says to open one.
use shmem::window::Window;

fn main() {
    let shmem = shmem::init().unwrap();
    let win = Window::<u64>::new(&shmem, 4).unwrap();
    let pe = shmem.pe(0).unwrap();
    win.put(pe, 0, &[1]).unwrap();
}
