// Bitwise atomics exist only for the spec's bitwise AMO types, never for floats.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let x = shmem::SymBox::new(&shmem, 1.0f64)?;
    x.atomic_fetch_or(shmem.my_pe(), 2.0);
    Ok(())
}
