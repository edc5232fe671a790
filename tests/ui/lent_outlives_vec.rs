//! A slice lent to threads cannot outlive the array: its block could be freed and reused.
use shmem::SymVec;

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let lent = {
        let mut v = SymVec::<u32>::zeroed(&shmem, 4)?;
        v.lend()?
    };
    let _ = lent.len();
    Ok(())
}
