//! Only element types that one atomic instruction moves whole can be lent to threads: a
//! 12-byte struct would be copied in pieces that race.
use shmem::SymVec;

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut v = SymVec::<[u32; 3]>::zeroed(&shmem, 4)?;
    let _lent = v.lend()?;
    Ok(())
}
