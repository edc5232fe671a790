//! `shmemrun`: starts an shmem job (the binary of the `shmemrun` crate; the launcher itself is
//! the library `shmem-launch`).
//!
//! ```text
//! shmemrun -n N [--heap-size SIZE] [--timeout SECS] [--bind auto|core|none] [--tag-output]
//!          [-x VAR[=VALUE]]... PROGRAM [ARGS...]
//! ```
//!
//! It speaks `mpirun`/`oshrun`: `-n N`, `-nN`, `-n=N`, `--np N`, `--np=N` and `-np N` all set
//! the PE count; `--bind-to none|core` is `--bind none|core`; `-x VAR=VALUE` sets a variable in
//! every PE (`-x VAR` passes the launcher's own, which the PEs inherit anyway);
//! `--oversubscribe` is accepted (oversubscription is always allowed); `--tag-output` prefixes
//! every line a PE writes with `[pe] `. Options go before the program; everything after the
//! program name is the program's. An unknown option, a bad value or a missing program is a
//! one-line error and exit status 2.
#![forbid(unsafe_code)]

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::time::Duration;

use clap::{ArgAction, Parser};
use shmem_launch::{
    Bind, ENV_SYMMETRIC_SIZE, LaunchConfig, launch, parse_size, symmetric_size_from_env,
};

/// `--help`'s first line.
const ABOUT: &str = "Start N processing elements (PEs) of PROGRAM as one shmem job.";

/// `--help`'s closing paragraphs: what the job is, how it ends, what the environment does.
const AFTER_HELP: &str = "\
shmemrun starts N processes of PROGRAM, the PEs of one job, which share one memory segment;
each learns its PE number and the job's size at shmem::init. Options go before PROGRAM;
everything after it is the program's.

The exit status is 0 only if every PE finalized (dropped its Shmem handle) and exited with
status 0. At the first failure every PE is killed, one line names the PE and the cause, and
the exit status is the failing PE's exit status (1 for an exit 0 without finalizing), or the
status it passed to global_exit; 128+N when it was killed by signal N; 124 for --timeout or a
deadlock (every running PE waits for something no other PE can do any more); 127 when a PE
cannot be started; 2 for a usage error (nothing is started). At the end of every job each
PE's whole process group is killed.

Oversubscription is always allowed: more PEs than CPUs share the CPUs (--oversubscribe is
accepted, as mpirun's, and changes nothing).

Environment: the PEs inherit shmemrun's environment, plus every -x VAR=VALUE.
  SHMEM_SYMMETRIC_SIZE  symmetric memory per PE (k/m/g suffixes; default 128m) when --heap-size
                        is not given (-x SHMEM_SYMMETRIC_SIZE=SIZE works too): the heap, and a
                        Rust program's statics; a C program's globals (a program that needs
                        libshmem.so) come beside it; every PE sees the job's size
  SHMEM_DEBUG           runtime log lines on stderr
  SHMEM_INFO            PE 0 prints the configuration at init
  SHMEM_VERSION         PE 0 prints the library version at init
  SHMEM_WAIT_SPIN, SHMEM_WAIT_YIELD_US, SHMEM_WAIT_RECHECK_MS
                        waiting policy: spin iterations, yield phase in microseconds,
                        longest single sleep in milliseconds
  SHMEM_RUN_*           set by shmemrun in every PE (the job's bootstrap); -x cannot set them";

/// What `--version` prints: the version, and whose launcher this is. Open MPI ships a
/// `shmemrun` too (its `mpirun` under OSHMEM's name; Debian's `openmpi-bin` installs it as
/// `/usr/bin/shmemrun`), which prints `mpirun (Open MPI) ...` here instead.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (the launcher of shmem, OpenSHMEM-style PGAS for Rust; not Open MPI's shmemrun)"
);

/// Start N processing elements (PEs) of PROGRAM as one shmem job.
#[derive(Debug, Parser)]
#[command(
    name = "shmemrun",
    version = VERSION,
    about = ABOUT,
    long_about = None,
    after_help = AFTER_HELP
)]
struct Cli {
    /// Number of PEs (also -np N, as with oshrun/mpirun).
    #[arg(
        short = 'n',
        long = "np",
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(1..=4096)
    )]
    n: u32,
    /// Symmetric heap per PE (with a Rust program's statics; a C program's globals come
    /// beside it), with k/m/g suffixes; default SHMEM_SYMMETRIC_SIZE or 128m.
    #[arg(long, value_name = "SIZE")]
    heap_size: Option<String>,
    /// End the job (status 124) if it has not finished after SECS seconds (at least 1).
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout: Option<u64>,
    /// Pin PEs to CPUs: auto (the default) pins one PE a CPU when there are enough, as oshrun,
    /// and leaves PEs that outnumber the CPUs unbound; core pins PE i to CPU i mod (usable
    /// CPUs) whatever the count (round robin: for a machine the job has to itself); none
    /// never pins.
    #[arg(long, value_name = "auto|core|none", value_parser = ["auto", "core", "none"])]
    bind: Option<String>,
    /// mpirun's spelling of --bind: core = core, none = none.
    #[arg(
        long = "bind-to",
        value_name = "core|none",
        value_parser = ["core", "none"],
        conflicts_with = "bind"
    )]
    bind_to: Option<String>,
    /// Accepted for mpirun compatibility; oversubscription (more PEs than CPUs) is always
    /// allowed.
    #[arg(long)]
    oversubscribe: bool,
    /// Set VAR to VALUE in every PE's environment; -x VAR passes shmemrun's own VAR (which
    /// the PEs inherit anyway). Repeatable.
    #[arg(
        short = 'x',
        value_name = "VAR[=VALUE]",
        action = ArgAction::Append,
        value_parser = clap::value_parser!(OsString)
    )]
    export: Vec<OsString>,
    /// Prefix every line a PE writes to stdout or stderr with its PE number, `[pe] `; lines
    /// of different PEs never interleave.
    #[arg(long)]
    tag_output: bool,
    /// The program and its arguments (everything from the program name on is the program's).
    #[arg(required = true, trailing_var_arg = true, value_name = "PROGRAM")]
    command: Vec<OsString>,
}

/// Options that take a value in the next argument when not written `--opt=value` / `-nV`.
const TAKES_VALUE: &[&str] = &[
    "-n",
    "--np",
    "--heap-size",
    "--timeout",
    "--bind",
    "--bind-to",
    "-x",
];

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

/// `-x VAR=VALUE` is `(VAR, VALUE)`; `-x VAR` is `(VAR, shmemrun's VAR)`, or nothing when
/// shmemrun's environment has no VAR.
fn exported(arg: &OsStr) -> Option<(OsString, OsString)> {
    let bytes = arg.as_bytes();
    let (name, value) = match bytes.iter().position(|&b| b == b'=') {
        Some(i) => (
            OsStr::from_bytes(&bytes[..i]),
            Some(OsStr::from_bytes(&bytes[i + 1..]).to_owned()),
        ),
        None => (arg, None),
    };
    if name.is_empty() {
        fail(format_args!(
            "-x {}: expected VAR or VAR=VALUE",
            arg.to_string_lossy()
        ));
    }
    let value = value.or_else(|| std::env::var_os(name))?;
    Some((name.to_owned(), value))
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
    let env: Vec<(OsString, OsString)> = cli.export.iter().filter_map(|a| exported(a)).collect();
    // The symmetric size: --heap-size, else -x SHMEM_SYMMETRIC_SIZE=SIZE (oshrun's way of
    // setting it), else shmemrun's own SHMEM_SYMMETRIC_SIZE, else the default.
    let exported_size = env
        .iter()
        .rev()
        .find(|(k, _)| k == ENV_SYMMETRIC_SIZE)
        .map(|(_, v)| v.to_string_lossy().into_owned());
    let size = match (cli.heap_size.as_deref(), exported_size) {
        (Some(s), _) => parse_size("--heap-size", s),
        (None, Some(s)) => parse_size("-x SHMEM_SYMMETRIC_SIZE", &s),
        (None, None) => symmetric_size_from_env(),
    }
    .unwrap_or_else(|e| fail(e));
    let bind = match (cli.bind.as_deref(), cli.bind_to.as_deref()) {
        (Some("none"), _) | (_, Some("none")) => Bind::None,
        (Some("core"), _) | (_, Some("core")) => Bind::Core,
        _ => Bind::Auto,
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
        env,
        tag_output: cli.tag_output,
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
