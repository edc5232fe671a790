//! The application examples (bale's kernels, ISx, the Parallel Research Kernels) on real jobs
//! of 1, 2, 4 and 8 PEs, at small sizes: each program checks its own result against an
//! independent computation and prints one line per method that ends in `(validated)` only when
//! that check passed on every PE; a trial passes when the job exits with status 0 and prints
//! every line it should.
//!
//! `cargo test --test apps` does not build the example binaries, so this binary includes each
//! example's source as a module and, run as a PE (`SHMEM_TEST_CASE` names the program), calls
//! its `main` with the program's arguments on its command line: the same code as
//! `target/*/examples/NAME`, under `shmemrun` or, with `SHMEM_TEST_LAUNCHER=mpirun`, `mpirun`.
#![forbid(unsafe_code)]
#![allow(
    clippy::duplicate_mod,
    reason = "each example includes examples/common, as it does when built alone"
)]

mod support;

#[path = "../examples/histo.rs"]
mod histo;
#[path = "../examples/ig.rs"]
mod ig;
#[path = "../examples/isx.rs"]
mod isx;
#[path = "../examples/randperm.rs"]
mod randperm;
#[path = "../examples/stencil.rs"]
mod stencil;
#[path = "../examples/synch_p2p.rs"]
mod synch_p2p;
#[path = "../examples/toposort.rs"]
mod toposort;
#[path = "../examples/transpose_matrix.rs"]
mod transpose_matrix;
#[path = "../examples/triangle.rs"]
mod triangle;

use std::process::ExitCode;

use libtest_mimic::{Arguments, Trial};
use support::{CASE_ENV, NPES, describe, ensure, hosts, run_job_with_args, under_mpirun};

/// A program, the arguments of its small run, and the lines it prints when it validates, each
/// a prefix of one line of its output.
struct App {
    name: &'static str,
    main: fn() -> ExitCode,
    args: &'static [&'static str],
    lines: &'static [&'static str],
}

/// Sizes for unoptimized builds on 2 CPUs, 8 PEs oversubscribed: about a second a job.
const APPS: &[App] = &[
    App {
        name: "histo",
        main: histo::main,
        args: &["both", "20000", "100"],
        lines: &["histo amo:", "histo conveyor:"],
    },
    App {
        name: "ig",
        main: ig::main,
        args: &["both", "20000", "1000"],
        lines: &["ig get:", "ig conveyor:"],
    },
    App {
        name: "isx",
        main: isx::main,
        args: &["20000"],
        lines: &["isx:"],
    },
    App {
        name: "randperm",
        main: randperm::main,
        args: &["2000"],
        lines: &["randperm:"],
    },
    App {
        name: "transpose_matrix",
        main: transpose_matrix::main,
        args: &["500", "8"],
        lines: &["transpose_matrix:"],
    },
    App {
        name: "toposort",
        main: toposort::main,
        args: &["500", "6"],
        lines: &["toposort:"],
    },
    App {
        name: "triangle",
        main: triangle::main,
        args: &["300", "8"],
        lines: &["triangle:"],
    },
    App {
        name: "stencil",
        main: stencil::main,
        args: &["100", "4"],
        lines: &["stencil:"],
    },
    App {
        name: "synch_p2p",
        main: synch_p2p::main,
        args: &["100", "100", "4"],
        lines: &["synch_p2p:"],
    },
];

fn main() -> ExitCode {
    if let Ok(name) = std::env::var(CASE_ENV) {
        let app = APPS.iter().find(|a| a.name == name);
        return (app.unwrap_or_else(|| panic!("unknown program {name}")).main)();
    }
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for app in APPS {
        for &n in NPES {
            let trial = Trial::test(format!("{}::np{n}", app.name), move || {
                let (out, _) = run_job_with_args(n, app.name, &[], &[], app.args);
                ensure(out.status.success(), || describe(&out))?;
                let stdout = String::from_utf8_lossy(&out.stdout);
                for prefix in app.lines {
                    let line = stdout.lines().find(|l| l.starts_with(prefix));
                    let pes = format!(" {n} PEs,");
                    ensure(
                        line.is_some_and(|l| l.contains(&pes) && l.ends_with("(validated)")),
                        || {
                            format!(
                                "no validated line {prefix:?} of {n} PEs\n{}",
                                describe(&out)
                            )
                        },
                    )?;
                }
                Ok(())
            });
            // Across two hosts, the counts that span both (as the other suites).
            let across = hosts() == 2 && under_mpirun();
            trials.push(trial.with_ignored_flag(across && !(2..=4).contains(&n)));
        }
    }
    libtest_mimic::run(&args, trials).exit()
}
