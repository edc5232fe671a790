// A collective writes its target on every member, so the target must be symmetric: a local
// Vec (or array) is not a SymTarget.
use shmem::{ActiveSet, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let src = SymVec::new(&shmem, 4, 1u64)?;
    let mut local = vec![0u64; 4];
    me.or_to_all(&mut local, &src, &mut psync)?;
    Ok(())
}
