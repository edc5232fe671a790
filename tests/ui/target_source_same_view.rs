// The target of a reduction is borrowed exclusively, so no view of the same object (here
// the one-element slice view of a `SymBox`) can be passed as its source at the same time.
use shmem::{ActiveSet, ReduceSync, SymBox};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let mut b = SymBox::new(&shmem, 1u64)?;
    me.or_to_all(&mut b, &b.as_slice(), &mut psync)?;
    Ok(())
}
