// A pSync made for broadcast cannot be passed to a reduction.
use shmem::{ActiveSet, BcastSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = BcastSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let src = SymVec::new(&shmem, 4, 1u64)?;
    let mut dst = SymVec::new(&shmem, 4, 0u64)?;
    me.or_to_all(&mut dst, &src, &mut psync)?;
    Ok(())
}
