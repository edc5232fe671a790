// Overlapping target and source (two views of one array) cannot be written: the target view
// borrows the whole array exclusively.
use shmem::{ActiveSet, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let mut v = SymVec::new(&shmem, 8, 1u64)?;
    let mut target = v.slice_mut(0..4)?;
    me.or_to_all(&mut target, &v.slice(2..6)?, &mut psync)?;
    Ok(())
}
