//! While an array is lent to threads, no other view of it exists: reading it on the handle's
//! thread at the same time as a thread writes it through a context would be a data race.
use shmem::{CtxOptions, SymVec};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let mut v = SymVec::<u64>::zeroed(&shmem, 4)?;
    let lent = v.lend()?;
    let ctx = shmem.ctx_create(CtxOptions::NONE)?;
    std::thread::scope(|s| {
        s.spawn(|| ctx.p(&lent, 0, ctx.pes().next().unwrap(), 1u64));
        let _ = v.to_vec(); // the owner is lent
    });
    Ok(())
}
