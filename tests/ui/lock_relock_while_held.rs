// Locking a lock this PE already holds is a self-deadlock in C; here the guard borrows the
// lock mutably, so the second `lock` does not compile.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut lock = shmem::SymLock::new(&shmem)?;
    let first = lock.lock().unwrap();
    let second = lock.lock().unwrap();
    drop((first, second));
    Ok(())
}
