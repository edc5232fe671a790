// Reductions exist only for the spec's numeric types: a Pod struct can live in symmetric
// memory and be broadcast, but not summed.
use shmem::bytemuck::{Pod, Zeroable};
use shmem::{ActiveSet, ReduceSync, SymVec};

#[derive(Clone, Copy, Pod, Zeroable, PartialEq, PartialOrd)]
#[repr(C)]
struct Point {
    x: f64,
    y: f64,
}

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let set = ActiveSet::world(&shmem);
    let mut psync = ReduceSync::new(&shmem, &set)?;
    let me = set.member(&shmem)?;
    let p = Point { x: 1.0, y: 2.0 };
    let src = SymVec::new(&shmem, 4, p)?;
    let mut dst = SymVec::new(&shmem, 4, p)?;
    me.sum_to_all(&mut dst, &src, &mut psync)?;
    Ok(())
}
