//! A post/start/complete/wait access guard used after `complete`: `complete` consumes it.
use shmem::window::Window;

fn main() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let mut win = Window::<u64>::new(&shmem, 4).unwrap();
    let (exposure, access) = win.post_start(&[me], &[me]);
    access.complete();
    access.put(me, 0, &[1]).unwrap();
    exposure.wait();
}
