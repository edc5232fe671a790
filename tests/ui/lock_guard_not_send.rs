// A guard borrows this PE's handle, which one thread at a time may use: it cannot be sent to
// another thread while this one goes on using the handle.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut lock = shmem::SymLock::new(&shmem)?;
    let guard = lock.lock().unwrap();
    std::thread::scope(|s| {
        s.spawn(move || drop(guard));
        shmem.quiet();
    });
    Ok(())
}
