// The data of a SymMutex is reachable only through the guard of its lock.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let total = shmem::SymMutex::new(&shmem, 0u64)?;
    let _unguarded = total.get();
    let _field = total.data;
    Ok(())
}
