// Target and source of a reduction cannot be the same array borrowed twice; the in-place
// form (`or_to_all_in_place`) is the way to reduce an array onto itself.
use shmem::{ActiveSet, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let mut v = SymVec::new(&shmem, 4, 1u64)?;
    me.or_to_all(&mut v, &v, &mut psync)?;
    Ok(())
}
