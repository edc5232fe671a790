//! `shmemrun`: starts an shmem job (the binary of the `shmemrun` crate; the launcher itself is
//! the library `shmem::launcher`).
//!
//! ```text
//! shmemrun -n N [--heap-size SIZE] [--timeout SECS] [--bind auto|none] PROGRAM [ARGS...]
//! ```
//!
//! `-n N`, `-nN`, `-n=N`, `--np N`, `--np=N` and `-np N` (the oshrun/mpirun spelling) all set
//! the PE count. Options go before the program; everything after the program name is the
//! program's. An unknown option, a bad value or a missing program is a one-line error and
//! exit status 2.
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
    /// End the job (status 124) if it has not finished after SECS seconds (at least 1).
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout: Option<u64>,
    /// Pin PE i to CPU i mod (usable CPUs) (auto; one PE a CPU when there are enough, as oshrun)
    /// or never (none).
    #[arg(long, value_name = "auto|none", default_value = "auto")]
    bind: String,
    /// The program and its arguments (everything from the program name on is the program's).
    #[arg(required = true, trailing_var_arg = true, value_name = "PROGRAM")]
    command: Vec<OsString>,
}

/// Options that take a value in the next argument when not written `--opt=value` / `-nV`.
const TAKES_VALUE: &[&str] = &["-n", "--np", "--heap-size", "--timeout", "--bind"];

/// Rewrites `-np N` / `-np=N` (the oshrun/mpirun spelling, which clap would read as `-n p`)
/// to `--np`, among shmemrun's own options only: the scan stops at the program name (the
/// first argument that is neither an option nor an option's value) or at `--`, so the
/// program's own arguments pass unchanged.
fn normalize(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut args = args.into_iter();
    out.extend(args.next()); // argv[0]
    let mut value_next = false;
    for a in args.by_ref() {
        if value_next {
            value_next = false;
            out.push(a);
            continue;
        }
        let text = a.to_string_lossy();
        let a = if text == "-np" {
            OsString::from("--np")
        } else if let Some(v) = text.strip_prefix("-np=") {
            OsString::from(format!("--np={v}"))
        } else {
            a
        };
        let text = a.to_string_lossy();
        let is_program = !text.starts_with('-') || text == "-" || text == "--";
        value_next = TAKES_VALUE.contains(&text.as_ref());
        out.push(a);
        if is_program {
            break;
        }
    }
    out.extend(args);
    out
}

fn fail(msg: impl std::fmt::Display) -> ! {
    eprintln!("shmemrun: {msg}");
    std::process::exit(2)
}

fn main() {
    let cli = match Cli::try_parse_from(normalize(std::env::args_os())) {
        Ok(cli) => cli,
        Err(e)
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) =>
        {
            e.exit()
        }
        Err(e) => {
            // clap's first paragraph names the argument ("error: unexpected argument '--x'
            // found"; "error: the following required arguments were not provided:" and the
            // list); the usage and tips that follow are what `--help` is for.
            let text = e.to_string();
            let first: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            let first = first.join(" ");
            fail(format_args!(
                "{} (shmemrun --help for usage)",
                first.strip_prefix("error: ").unwrap_or(&first)
            ))
        }
    };
    let size = match cli.heap_size.as_deref() {
        Some(s) => parse_size("--heap-size", s).unwrap_or_else(|e| fail(e)),
        None => symmetric_size_from_env().unwrap_or_else(|e| fail(e)),
    };
    let bind = match cli.bind.as_str() {
        "auto" => Bind::Auto,
        "none" => Bind::None,
        other => fail(format!("--bind {other}: expected auto or none")),
    };
    let mut command = cli.command.into_iter();
    let program = command.next().unwrap_or_else(|| fail("no program given"));
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
        Err(e) => fail(e),
    }
}
