//! A request taken out of its scope (and so out of its epoch): it cannot escape the closure.
use shmem::window::{LockKind, Window};

fn main() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let win = Window::<u64>::new(&shmem, 4).unwrap();
    let mut dst = [0u64; 4];
    let req = {
        let epoch = win.lock(me, LockKind::Shared).unwrap();
        epoch.requests(|rq| rq.rget(0, &mut dst).unwrap())
    };
    req.wait();
}
