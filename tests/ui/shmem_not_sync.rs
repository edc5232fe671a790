// The handle is SHMEM_THREAD_SERIALIZED: it can move between threads, but two threads cannot
// use it at the same time.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    std::thread::scope(|s| {
        s.spawn(|| shmem.barrier_all());
        shmem.barrier_all();
    });
    Ok(())
}
