// The bitwise reductions (and, or, xor) are defined on integer types only.
use shmem::{ActiveSet, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let src = SymVec::new(&shmem, 4, 1.0f64)?;
    let mut dst = SymVec::new(&shmem, 4, 0.0f64)?;
    me.or_to_all(&mut dst, &src, &mut psync)?;
    Ok(())
}
