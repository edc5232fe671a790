// Complex numbers have sum and product reductions only (OpenSHMEM's reductions table lists
// complexf and complexd for sum and prod): no min, max or bitwise reduction.
use shmem::{ActiveSet, Complex64, ReduceSync, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let src = SymVec::new(&shmem, 4, Complex64::new(1.0, 2.0))?;
    let mut dst = SymVec::new(&shmem, 4, Complex64::default())?;
    me.sum_to_all(&mut dst, &src, &mut psync)?;
    me.max_to_all(&mut dst, &src, &mut psync)?;
    me.or_to_all(&mut dst, &src, &mut psync)?;
    Ok(())
}
