//! A request whose buffer is dropped while the request scope still runs: the buffer must
//! outlive the scope (the scope's end is what finishes a leaked request).
use shmem::window::Window;

fn main() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let mut win = Window::<u64>::new(&shmem, 4).unwrap();
    let all = win.lock_all();
    all.requests(|rq| {
        let req;
        {
            let buf = vec![1u64; 4];
            req = rq.rput(me, 0, &buf).unwrap();
        }
        req.wait();
    });
}
