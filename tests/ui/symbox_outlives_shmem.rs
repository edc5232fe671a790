// Symmetric objects borrow the runtime handle: none can outlive finalize.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let b = shmem::SymBox::new(&shmem, 0u64)?;
    drop(shmem);
    b.p(shmem::init()?.my_pe(), 1);
    Ok(())
}
