//! Both examples of the OpenSHMEM manual page SHMEM_LONG_OR_TO_ALL(3), in Rust:
//! `shmemrun -n 4 target/release/examples/or_to_all` (or `-n 8`).
//!
//! Example 1: the logical OR of each PE's value across the even PEs (active set `PE_start 0,
//! logPE_stride 1, PE_size n_pes/2 rounded up`); every member prints its result.
//!
//! Example 2: one reduction with `nreduce = 3` over all PEs equals three reductions of one
//! element each, made back to back with two alternating pSync buffers and no synchronization
//! in between.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use shmem::{ActiveSet, ReduceSync, SymBox, SymVec};

/// FOO of the Fortran example: each PE's value, in symmetric memory like a COMMON block.
#[shmem::symmetric]
static FOO: i64 = 0;

/// Errors are reported with their `Display` text, one line naming what went wrong.
fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("or_to_all: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();

    // Example 1. The pSync is initialized when it is made (the Fortran DATA statement); the
    // pWrk array does not exist here.
    let evens = ActiveSet::new(&shmem, 0, 1, n.div_ceil(2))?;
    let mut psync = ReduceSync::new(&shmem, &evens)?;
    let value = FOO.sym(&shmem);
    value.write(1 << me);
    let mut foo_or = SymBox::new(&shmem, 0i64)?;
    if let Ok(member) = evens.member(&shmem) {
        member.or_to_all(&mut foo_or, &value.as_slice(), &mut psync)?;
        println!("Result on PE {me} is {}", foo_or.read());
        let want = evens.members().fold(0i64, |acc, pe| acc | 1 << pe);
        assert_eq!(foo_or.read(), want);
    }

    // Example 2.
    let all = ActiveSet::world(&shmem);
    let member = all.member(&shmem)?;
    let mut psync = [
        ReduceSync::new(&shmem, &all)?,
        ReduceSync::new(&shmem, &all)?,
    ];
    let source = SymVec::from_fn(&shmem, 3, |i| (me as i32 + 1) << (4 * i))?;
    let mut once = SymVec::new(&shmem, 3, 0i32)?;
    let mut thrice = SymVec::new(&shmem, 3, 0i32)?;
    member.or_to_all(&mut once, &source, &mut psync[0])?;
    for i in 0..3 {
        let mut target = thrice.slice_mut(i..i + 1)?;
        member.or_to_all(&mut target, &source.slice(i..i + 1)?, &mut psync[i % 2])?;
    }
    assert_eq!(once.to_vec(), thrice.to_vec());
    if me == 0 {
        println!(
            "nreduce = 3 in one call: {:x?}; three calls with alternating pSyncs: {:x?}",
            once.to_vec(),
            thrice.to_vec()
        );
    }
    Ok(())
}
