// Remote PEs write symmetric statics; `static mut` would hand out unsynchronized access.
#[shmem::symmetric]
static mut COUNTER: u64 = 0;

fn main() {}
