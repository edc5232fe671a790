//! Each PE says hello: `shmemrun -n 4 target/release/examples/hello`.
#![forbid(unsafe_code)]

use std::process::ExitCode;

/// Errors are reported with their `Display` text, one line naming what went wrong.
fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hello: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    println!(
        "Hello from PE {} of {}",
        shmem.my_pe().index(),
        shmem.n_pes()
    );
    Ok(())
}
