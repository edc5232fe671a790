//! A get's buffer read while its request is in flight: only `wait` hands it back.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let win = Window::<u64>::new(&shmem, 4).unwrap();
    let mut dst = [0u64; 4];
    let epoch = win.lock(me, LockKind::Shared).unwrap();
    epoch.requests(|rq| {
        let req = rq.rget(0, &mut dst).unwrap();
        println!("{}", dst[0]);
        req.wait();
    });
}
