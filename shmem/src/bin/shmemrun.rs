//! `shmemrun`: starts an shmem job.
//!
//! ```text
//! shmemrun -n N [--heap-size SIZE] [--timeout SECS] [--bind auto|none] PROGRAM [ARGS...]
//! ```
#![forbid(unsafe_code)]

use std::ffi::OsString;
use std::time::Duration;

use clap::Parser;
use shmem::launcher::{Bind, LaunchConfig, launch, parse_size, symmetric_size_from_env};

/// Start N processing elements (PEs) of PROGRAM as one shmem job.
#[derive(Debug, Parser)]
#[command(name = "shmemrun", version, about, long_about = None)]
struct Cli {
    /// Number of PEs (also -np N, as with oshrun/mpirun).
    #[arg(short = 'n', long = "np", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    n: u32,
    /// Symmetric memory per PE (statics + heap), with k/m/g suffixes; default
    /// SHMEM_SYMMETRIC_SIZE or 128m.
    #[arg(long, value_name = "SIZE")]
    heap_size: Option<String>,
    /// End the job (status 124) if it has not finished after SECS seconds.
    #[arg(long, value_name = "SECS")]
    timeout: Option<u64>,
    /// Pin PE i to CPU i mod (usable CPUs) (auto; one PE a CPU when there are enough, as oshrun)
    /// or never (none).
    #[arg(long, value_name = "auto|none", default_value = "auto")]
    bind: String,
    /// The program and its arguments.
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "PROGRAM [ARGS]..."
    )]
    command: Vec<OsString>,
}

fn main() {
    // `-np N` is the oshrun/mpirun spelling: accept it as `--np N`.
    let args = std::env::args_os().map(|a| {
        if a == "-np" {
            OsString::from("--np")
        } else {
            a
        }
    });
    let cli = Cli::parse_from(args);
    let fail = |msg: String| -> ! {
        eprintln!("shmemrun: {msg}");
        std::process::exit(2)
    };
    let size = match cli.heap_size.as_deref() {
        Some(s) => parse_size("--heap-size", s).unwrap_or_else(|e| fail(e.to_string())),
        None => symmetric_size_from_env().unwrap_or_else(|e| fail(e.to_string())),
    };
    let bind = match cli.bind.as_str() {
        "auto" => Bind::Auto,
        "none" => Bind::None,
        other => fail(format!("--bind {other}: expected auto or none")),
    };
    let mut command = cli.command.into_iter();
    let program = command
        .next()
        .unwrap_or_else(|| fail("no program given".into()));
    let cfg = LaunchConfig {
        n_pes: cli.n as usize,
        symmetric_size: size,
        timeout: cli.timeout.map(Duration::from_secs),
        bind,
        program,
        args: command.collect(),
    };
    match launch(&cfg) {
        Ok(outcome) => {
            if let Some(m) = outcome.message {
                eprintln!("shmemrun: {m}");
            }
            std::process::exit(outcome.status)
        }
        Err(e) => fail(e.to_string()),
    }
}
