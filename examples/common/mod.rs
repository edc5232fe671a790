//! What the application examples share; each includes this file (`#[path = "common/mod.rs"]`),
//! as `tests/apps.rs` includes the examples: the seeded generator their inputs come from, their
//! positional arguments and their exit status.
#![allow(dead_code, reason = "each example uses a part")]

use std::process::ExitCode;

/// The golden-ratio increment of splitmix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A splitmix64 generator. Stream `s` starts at the first output of the sequence from
/// `s × GAMMA`, so a PE or a row draws its own sequence from its number alone, and every PE can draw any other's (the examples check
/// their results by recomputing every PE's input).
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of stream `stream`.
    pub(crate) fn new(stream: u64) -> Rng {
        // The state starts at the first output of `stream × GAMMA`: started there itself,
        // stream `s + 1` would be stream `s` one draw later (every PE's indices its
        // neighbour's, shifted by one).
        let mut seed = Rng(GAMMA.wrapping_mul(stream));
        Rng(seed.next_u64())
    }

    /// The next value.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next value below `bound` (not 0), by remainder.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// The program's arguments after its name.
pub(crate) struct Args(Vec<String>);

impl Args {
    /// This process's arguments.
    pub(crate) fn new() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// Argument `i` as a number, or `default` when it is missing or not one.
    pub(crate) fn number(&self, i: usize, default: usize) -> usize {
        self.0
            .get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    }

    /// Argument `i`, or `default` when it is missing.
    pub(crate) fn word<'a>(&'a self, i: usize, default: &'a str) -> &'a str {
        self.0.get(i).map_or(default, String::as_str)
    }
}

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
