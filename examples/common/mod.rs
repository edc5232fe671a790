//! What the application examples share; each includes this file (`#[path = "common/mod.rs"]`),
//! as `tests/apps.rs` includes the examples: the seeded generator their inputs come from, their
//! positional arguments and their exit status.
#![allow(dead_code, reason = "each example uses a part")]

use std::process::ExitCode;

#[path = "inputs.rs"]
#[allow(
    unreachable_pub,
    reason = "public for the Lamellar crate, which includes it too"
)]
mod inputs;
#[allow(unused_imports, reason = "each example uses a part")]
pub(crate) use inputs::{Args, Rng};
#[path = "sort.rs"]
#[allow(
    unreachable_pub,
    reason = "public for the Lamellar crate, which includes it too"
)]
mod sort;
#[allow(unused_imports, reason = "only isx uses it")]
pub(crate) use sort::keys_in_order;

/// The exit status of an example `name` whose `run` answered `outcome` (whether its check
/// passed); an error is printed first.
pub(crate) fn exit(name: &str, outcome: Result<bool, shmem::Error>) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}
