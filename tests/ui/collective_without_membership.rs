// A collective needs the membership proof: an ActiveSet has no collective methods, so a PE
// cannot call one without first proving (set.member(&shmem)) that it belongs to the set.
use shmem::{ActiveSet, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let src = SymVec::new(&shmem, 4, 1u64)?;
    let mut dst = SymVec::new(&shmem, 4, 0u64)?;
    set.or_to_all(&mut dst, &src, &mut psync)?;
    Ok(())
}
