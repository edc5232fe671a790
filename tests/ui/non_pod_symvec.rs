// String is not Pod: it cannot be allocated on the symmetric heap.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let _v = shmem::SymVec::new(&shmem, 4, String::new())?;
    Ok(())
}
