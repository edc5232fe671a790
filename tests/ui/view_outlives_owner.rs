// A view borrows the object it views: a `SymSlice` taken from a `SymBox` (through `Deref` to
// `Sym` and `as_slice`) cannot outlive the box, so it can never write into whatever the heap
// hands out next at the same offset.
fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let b = shmem::SymBox::new(&shmem, 0u64)?;
    let view = b.as_slice();
    drop(b);
    let _next = shmem::SymBox::new(&shmem, 0u64)?;
    view.put(shmem.my_pe(), &[1])?;
    Ok(())
}
