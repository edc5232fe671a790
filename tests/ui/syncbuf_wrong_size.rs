// A pSync whose length is not REDUCE_SYNC_SIZE cannot be passed to a reduction.
use shmem::sync_kind::Reduce;
use shmem::{Member, SyncBuf, SymVec};

fn reduce(me: Member<'_>, psync: &mut SyncBuf<'_, Reduce, 16>) -> Result<(), shmem::Error> {
    let src = SymVec::new(me.shmem(), 4, 1u64)?;
    let mut dst = SymVec::new(me.shmem(), 4, 0u64)?;
    me.or_to_all(&mut dst, &src, psync)
}

fn main() {}
