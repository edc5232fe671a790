//! Each PE puts its number into its right neighbour's inbox, waits for its left neighbour's,
//! and checks it: `shmemrun -n 4 target/release/examples/ring`.
#![forbid(unsafe_code)]

use std::process::ExitCode;

use shmem::{Cmp, SymBox};

/// Errors are reported with their `Display` text, one line naming what went wrong.
fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ring: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let inbox = SymBox::new(&shmem, -1i64)?;
    let right = shmem.pe_wrapping(me + 1);
    inbox.p(right, me as i64);
    let left = (me + n - 1) % n;
    let got = inbox.wait_until(Cmp::Ne, -1);
    assert_eq!(
        got, left as i64,
        "PE {me} expected {left} from its left neighbour"
    );
    println!("PE {me} of {n}: received {got} from PE {left}");
    Ok(())
}
