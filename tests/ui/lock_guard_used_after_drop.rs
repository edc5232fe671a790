// Dropping the guard releases the lock: the data behind it cannot be touched afterwards.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut total = shmem::SymMutex::new(&shmem, 0u64)?;
    let mut guard = total.lock().unwrap();
    drop(guard);
    guard.set(1);
    Ok(())
}
