//! The `shmem_set_lock` example of the OpenSHMEM specification, in Rust: every PE takes the
//! lock, reads the count on PE 0, prints it, increments it, writes it back and releases the
//! lock; at the end the count is the number of PEs (checked).
//!
//! `shmemrun -n 4 target/release/examples/lock_counter`
#![forbid(unsafe_code)]

use std::process::ExitCode;

use shmem::{SymBox, SymLock};

/// Errors are reported with their `Display` text, one line naming what went wrong.
fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lock_counter: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0)?;
    // `static long lock = 0; static int count = 0;`: both symmetric, both cleared on every PE
    // before anyone can use them.
    let mut lock = SymLock::new(&shmem)?;
    let count = SymBox::new(&shmem, 0i32)?;
    {
        // shmem_set_lock(&lock); an Err would mean a PE panicked while holding the lock
        let _guard = lock.lock().expect("the lock is poisoned");
        let val = count.g(zero); // get count value on PE 0
        println!("{me}: count is {val}");
        count.p(zero, val + 1); // increment and update count on PE 0
        shmem.quiet();
    } // shmem_clear_lock(&lock): the guard drops
    shmem.barrier_all();
    let total = count.g(zero);
    assert_eq!(
        total,
        shmem.n_pes() as i32,
        "every PE must have incremented the count exactly once"
    );
    if me == 0 {
        println!("final count is {total} (= number of PEs)");
    }
    Ok(())
}
