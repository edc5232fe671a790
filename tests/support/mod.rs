//! Multi-process test harness shared by the integration tests.
//!
//! Each test file is one binary with `harness = false`. Run normally (by `cargo test`), it is
//! the *driver*: every [`Case`] becomes one libtest-mimic trial per PE count, which runs
//! `shmemrun -n N <this binary>` with `SHMEM_TEST_CASE` naming the case. Run by `shmemrun`, the
//! same binary is a *PE*: it initializes shmem, runs the case's body and exits; an assertion
//! failure panics, the PE exits 101 and shmemrun fails the job, which fails the trial with the
//! PEs' output attached.
//!
//! With `SHMEM_TEST_LAUNCHER=mpirun` (a build with the `mpi` feature) the driver starts the
//! same jobs with Open MPI's `mpirun -np N --oversubscribe` instead: one test source, both
//! transports. With `SHMEM_TEST_LAUNCHER=mpiexec.mpich` (a build against MPICH, see
//! `docs/clusters.md`) it starts them with MPICH's Hydra, `mpiexec.mpich -n N`. Launcher
//! options translate: `--heap-size S` becomes `SHMEM_SYMMETRIC_SIZE=S`, `--timeout` the MPI
//! launcher's own (`mpirun --timeout`, Hydra's `MPIEXEC_TIMEOUT`). The driver refuses a
//! launcher of another MPI than the one the tests were built against ([`mpi`]).
//! `SHMEM_TEST_LAUNCHER=srun` starts them with Slurm's `srun -n N --overcommit` on the cluster
//! that `SLURM_CONF` names (`tests/slurm/start.sh` makes one on this machine), `--timeout`
//! becoming the job's time limit in whole minutes.
//!
//! With `SHMEM_TEST_HOSTS=2` as well, every MPI job runs across two hosts on this one
//! machine: the launcher starts the second host's daemon (Open MPI's `orted`, Hydra's proxy)
//! through `tests/hosts/fake-rsh` (Open MPI's `plm_rsh_agent`, Hydra's `-launcher-exec`), in a
//! UTS namespace under another hostname, so that its ranks are another node to MPI
//! (`MPI_COMM_TYPE_SHARED`), and the nodes talk TCP over loopback, through the library's real
//! multi-node code. A job of N PEs puts ceil(N/2) on this host and the rest on the other
//! (1+1, 2+1, 2+2); the driver runs the cases' counts from 2 to 4 PEs there and marks the
//! others ignored. Needs root (`unshare --uts`), as CI has.
#![allow(dead_code)]

use std::process::{Command, Output};
use std::time::{Duration, Instant};

pub(crate) use libtest_mimic::Failed;
use libtest_mimic::{Arguments, Trial};

/// Environment variable that selects the case a PE runs.
pub(crate) const CASE_ENV: &str = "SHMEM_TEST_CASE";

/// A multi-PE test: `body` runs on every PE of a job of each size in `npes`.
pub(crate) struct Case {
    pub(crate) name: &'static str,
    pub(crate) npes: &'static [usize],
    pub(crate) body: fn(&shmem::Shmem),
}

/// A PE program that is *not* run through the standard driver (launcher tests): `body` runs
/// on every PE; `check` runs in the driver and decides.
pub(crate) struct Custom {
    pub(crate) name: &'static str,
    pub(crate) body: fn(),
    pub(crate) check: fn() -> Result<(), Failed>,
}

/// Path of the launcher built for this test run.
pub(crate) fn shmemrun() -> &'static str {
    env!("CARGO_BIN_EXE_shmemrun")
}

/// Environment variable that makes the driver launch jobs with an MPI launcher: `mpirun`
/// (Open MPI's) or `mpiexec.mpich` (MPICH's Hydra; `mpiexec.hydra` is the same program).
pub(crate) const LAUNCHER_ENV: &str = "SHMEM_TEST_LAUNCHER";

/// The MPI library whose launcher starts this test run's jobs.
#[allow(
    clippy::enum_variant_names,
    reason = "the libraries' own names: Open MPI, MPICH"
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mpi {
    /// Open MPI's `mpirun`.
    OpenMpi,
    /// MPICH's Hydra, `mpiexec.mpich` (or `mpiexec.hydra`).
    Mpich,
    /// Slurm's `srun` (`tests/slurm/start.sh` makes a one-machine cluster), starting PEs of
    /// whichever MPI the tests are linked with.
    Srun,
}

/// The MPI launcher of this test run ([`LAUNCHER_ENV`]); `None`: `shmemrun`.
pub(crate) fn mpi() -> Option<Mpi> {
    match std::env::var(LAUNCHER_ENV).as_deref() {
        Ok("mpirun") => Some(Mpi::OpenMpi),
        Ok("mpiexec.mpich") | Ok("mpiexec.hydra") => Some(Mpi::Mpich),
        Ok("srun") => Some(Mpi::Srun),
        Ok("shmemrun") | Ok("") | Err(_) => None,
        Ok(other) => panic!(
            "{LAUNCHER_ENV}={other:?}: expected shmemrun, mpirun (Open MPI), mpiexec.mpich \
             (MPICH) or srun (Slurm)"
        ),
    }
}

/// Whether this test run launches its jobs with an MPI launcher ([`LAUNCHER_ENV`]).
pub(crate) fn under_mpirun() -> bool {
    mpi().is_some()
}

/// Panics unless the MPI library these tests were built against is `want`'s: Open MPI's
/// `mpirun` starting PEs linked with MPICH (or the other way round) starts N singletons, whose
/// failures would say nothing about the cause.
#[cfg(feature = "mpi")]
fn check_library(want: Mpi) {
    if want == Mpi::Srun {
        return; // srun starts either library's PEs
    }
    let version = shmem::mpi::environment::library_version().unwrap_or_default();
    let built = if version.starts_with("Open MPI") {
        Mpi::OpenMpi
    } else if version.starts_with("MPICH") {
        Mpi::Mpich
    } else {
        return; // another MPI: the user's business
    };
    assert_eq!(
        built, want,
        "{LAUNCHER_ENV} names {want:?}'s launcher, but these tests are linked with {version:?}: \
         build them against that MPI (docs/clusters.md), in a target directory of its own"
    );
}

#[cfg(not(feature = "mpi"))]
fn check_library(_: Mpi) {}

/// Environment variable that spreads the `mpirun` jobs over two hosts (see the module docs).
pub(crate) const HOSTS_ENV: &str = "SHMEM_TEST_HOSTS";

/// Name of the second, pretend host of [`HOSTS_ENV`].
pub(crate) const OTHER_HOST: &str = "shmem-host2";

/// How many hosts the `mpirun` jobs of this test run span: 1, or 2 with [`HOSTS_ENV`].
pub(crate) fn hosts() -> usize {
    match std::env::var(HOSTS_ENV).as_deref() {
        Ok("2") => 2,
        Ok("1") | Ok("") | Err(_) => 1,
        Ok(other) => panic!("{HOSTS_ENV}={other:?}: expected 1 or 2"),
    }
}

/// This machine's hostname, the first host of [`HOSTS_ENV`].
fn this_host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .expect("this machine's hostname")
}

/// A directory of its own for one `mpirun`'s session files, removed on drop. Open MPI's
/// default, `/tmp/ompi.<host>.<uid>/`, is shared by every job of the user, and one mpirun that
/// ends removes it while another is creating its own entry in it (`orte_session_dir failed`):
/// the trials run concurrently.
pub(crate) struct SessionDir(std::path::PathBuf);

impl Drop for SessionDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The MPI launcher's command for a job of `npes` PEs ([`mpi`]) that ends after `timeout` (in
/// seconds), with `env` set for every PE; the program and its arguments follow. Open MPI's
/// `mpirun -np <npes> --oversubscribe --timeout <timeout>`, with the variables it needs to run
/// as root (CI does), a session directory of its own (keep the guard until the job ends), and
/// the variables passed on with `-x`; MPICH's `mpiexec.mpich -n <npes>` with
/// `MPIEXEC_TIMEOUT` (Hydra passes every variable of its environment on). Across two hosts
/// with [`HOSTS_ENV`].
pub(crate) fn mpirun_command(
    npes: usize,
    env: &[(&str, &str)],
    timeout: &str,
) -> (Command, SessionDir) {
    let which = mpi().expect("an MPI launcher (SHMEM_TEST_LAUNCHER)");
    check_library(which);
    static JOBS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = JOBS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("shmem-mpirun-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a session directory for mpirun");
    let agent = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/hosts/fake-rsh");
    let here = npes.div_ceil(2);
    let host_list = format!("{}:{here},{OTHER_HOST}:{here}", this_host());
    let mut cmd;
    match which {
        Mpi::OpenMpi => {
            cmd = Command::new("mpirun");
            cmd.env("OMPI_MCA_orte_tmpdir_base", &dir);
            cmd.arg("-np").arg(npes.to_string()).arg("--oversubscribe");
            cmd.arg("--timeout").arg(timeout);
            cmd.env("OMPI_ALLOW_RUN_AS_ROOT", "1")
                .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
            for (k, v) in env {
                cmd.env(k, v).arg("-x").arg(k);
            }
            // The simulated nodes of the suite run with SHMEM_MPI_NODE_SIZE, and one pass
            // with SHMEM_MPI_THREADS (`.ci/run`); SHMEM_DEADLOCK_TIMEOUT to see where a hung
            // case waits. (Hydra passes the whole environment on.)
            for k in [
                "SHMEM_MPI_NODE_SIZE",
                "SHMEM_MPI_THREADS",
                "SHMEM_DEADLOCK_TIMEOUT",
            ] {
                if std::env::var_os(k).is_some() {
                    cmd.arg("-x").arg(k);
                }
            }
            if hosts() == 2 {
                // Each host gets slots for its PEs, so Open MPI does not see the machine's
                // CPUs oversubscribed and would let idle ranks spin in MPI calls without
                // yielding, as on hosts of their own: a target that must run to answer a
                // software atomic over TCP then waits for a scheduler slice (a collectives
                // case took 50-80 s instead of 2-4 s on 2 CPUs). `mpi_yield_when_idle` is what
                // `--oversubscribe` turns on on one host.
                cmd.env("OMPI_MCA_mpi_yield_when_idle", "1")
                    .env("OMPI_MCA_plm_rsh_agent", agent)
                    .env("OMPI_MCA_btl", "self,vader,tcp")
                    .env("OMPI_MCA_btl_tcp_if_include", "lo")
                    .env("OMPI_MCA_oob_tcp_if_include", "lo")
                    .arg("--host")
                    .arg(&host_list);
            }
        }
        Mpi::Srun => {
            let secs = timeout.parse().expect("a timeout in seconds");
            cmd = srun_command(npes, env, secs, &dir);
        }
        Mpi::Mpich => {
            cmd = Command::new(std::env::var(LAUNCHER_ENV).expect("checked by mpi()"));
            cmd.arg("-n").arg(npes.to_string());
            cmd.env("MPIEXEC_TIMEOUT", timeout);
            for (k, v) in env {
                cmd.env(k, v);
            }
            if hosts() == 2 {
                // Hydra starts its proxy on each host with `ssh HOST CMD`; fake-rsh instead.
                cmd.args([
                    "-launcher",
                    "ssh",
                    "-launcher-exec",
                    agent,
                    "-hosts",
                    &host_list,
                ]);
            }
        }
    }
    (cmd, SessionDir(dir))
}

/// `srun -n <npes> --overcommit --time <minutes>`: one job step on the Slurm cluster that
/// `SLURM_CONF` (or the system's configuration) names, with the MPI plugin that cluster
/// defaults to (`MpiDefault`; Debian's Open MPI 4.1 needs `pmix`, which `tests/slurm/start.sh`
/// sets) unless `SLURM_MPI_TYPE` says another. srun passes the whole environment on, so `env`
/// is set on it. `--overcommit`: more PEs than the node's CPUs, as `mpirun --oversubscribe` (a
/// partition with `OverSubscribe=FORCE` lets the concurrent trials' jobs share the CPUs). Not
/// `--kill-on-bad-exit`: a PE that fails ends the job without it (Open MPI tells Slurm's PMIx
/// plugin, which ends the step), as users run srun. Slurm's time limits are whole minutes,
/// checked every half minute or so: a job that hangs ends about a minute after its
/// `timeout_s` at worst. Open MPI's session files go to `dir`, as under mpirun. Not across
/// hosts: [`HOSTS_ENV`] is for mpirun and Hydra only.
fn srun_command(
    npes: usize,
    env: &[(&str, &str)],
    timeout_s: u64,
    dir: &std::path::Path,
) -> Command {
    assert!(
        hosts() == 1,
        "{HOSTS_ENV}=2 fakes hosts through mpirun or Hydra; under srun the cluster decides"
    );
    let mut cmd = Command::new("srun");
    cmd.env("OMPI_MCA_orte_tmpdir_base", dir)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    cmd.arg("-n").arg(npes.to_string());
    cmd.args(["--overcommit", "--quiet"]);
    cmd.arg(format!("--time={}", timeout_s.div_ceil(60).max(1)));
    cmd.arg(format!("--job-name=shmem-test-{}", std::process::id()));
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Runs `shmemrun <args> <this binary>` (or `mpirun`, see the module docs) as a PE program
/// for `case`, with a 120 s timeout.
pub(crate) fn run_job(
    npes: usize,
    case: &str,
    extra_args: &[&str],
    env: &[(&str, &str)],
) -> (Output, Duration) {
    run_job_with_args(npes, case, extra_args, env, &[])
}

/// [`run_job`] with `program_args` after the binary (the PEs' command line).
pub(crate) fn run_job_with_args(
    npes: usize,
    case: &str,
    extra_args: &[&str],
    env: &[(&str, &str)],
    program_args: &[&str],
) -> (Output, Duration) {
    let exe = std::env::current_exe().expect("current_exe");
    let mut cmd;
    let mut _session = None;
    if under_mpirun() {
        let mut vars: Vec<(&str, &str)> = env.to_vec();
        vars.push((CASE_ENV, case));
        let mut timeout = "120";
        let mut args = extra_args.iter();
        while let Some(&a) = args.next() {
            match (a, args.next()) {
                ("--heap-size", Some(&v)) => vars.push(("SHMEM_SYMMETRIC_SIZE", v)),
                ("--timeout", Some(&v)) => timeout = v,
                _ => panic!("no mpirun equivalent for shmemrun options {extra_args:?}"),
            }
        }
        let (c, dir) = mpirun_command(npes, &vars, timeout);
        cmd = c;
        _session = Some(dir);
        cmd.arg(exe).args(program_args);
    } else {
        cmd = Command::new(shmemrun());
        cmd.arg("-n").arg(npes.to_string());
        if !extra_args.contains(&"--timeout") {
            cmd.arg("--timeout").arg("120");
        }
        cmd.args(extra_args)
            .arg(exe)
            .args(program_args)
            .env(CASE_ENV, case);
        for (k, v) in env {
            cmd.env(k, v);
        }
    }
    let t0 = Instant::now();
    let out = cmd.output().expect("spawn shmemrun");
    let took = t0.elapsed();
    report_job(case, npes, &out, took);
    (out, took)
}

/// Environment variable: when set, the driver prints a line for every job it ran (case, PEs,
/// wall time, status and the first line of its standard error), for timings such as the
/// failure runs across hosts (`SHMEM_TEST_JOBS=1 ... cargo test --test mpi -- --nocapture`).
pub(crate) const JOBS_ENV: &str = "SHMEM_TEST_JOBS";

/// The [`JOBS_ENV`] line of one job.
pub(crate) fn report_job(case: &str, npes: usize, out: &Output, took: Duration) {
    if std::env::var_os(JOBS_ENV).is_none() {
        return;
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The first line that names a PE: shmem's, or the launcher's words for one.
    let names = ["PE ", "rank ", "Process name", "task "];
    let first = stderr
        .lines()
        .find(|l| names.iter().any(|n| l.contains(n)))
        .unwrap_or_else(|| stderr.lines().next().unwrap_or(""))
        .trim();
    eprintln!(
        "job {case} np{npes} hosts={}: {:.2} s, {}, {first}",
        hosts(),
        took.as_secs_f64(),
        out.status
    );
}

/// Formats a job's output for a failure message.
pub(crate) fn describe(out: &Output) -> String {
    format!(
        "status: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Entry point of a test binary.
pub(crate) fn main(cases: &[Case], customs: &[Custom]) {
    main_with(cases, customs, &[]);
}

/// Entry point of a test binary whose jobs all get `launch_args` (e.g. `--heap-size 8m`).
pub(crate) fn main_with(cases: &[Case], customs: &[Custom], launch_args: &'static [&'static str]) {
    if let Ok(name) = std::env::var(CASE_ENV) {
        if let Some(c) = cases.iter().find(|c| c.name == name) {
            let shmem = shmem::init().expect("shmem::init");
            (c.body)(&shmem);
            drop(shmem);
            return;
        }
        if let Some(c) = customs.iter().find(|c| c.name == name) {
            (c.body)();
            return;
        }
        panic!("unknown test case {name}");
    }
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for c in cases {
        for &n in c.npes {
            let name = c.name;
            let trial = Trial::test(format!("{name}::np{n}"), move || {
                let (out, _) = run_job(n, name, launch_args, &[]);
                if out.status.success() {
                    Ok(())
                } else {
                    Err(describe(&out).into())
                }
            });
            // Across two hosts, the counts that span both and stay small: on 2 CPUs, 8 PEs
            // whose every off-node access is TCP on loopback outlast the job's time limit.
            let across = hosts() == 2 && under_mpirun();
            trials.push(trial.with_ignored_flag(across && !(2..=4).contains(&n)));
        }
    }
    for c in customs {
        trials.push(Trial::test(c.name, c.check));
    }
    libtest_mimic::run(&args, trials).exit();
}

/// Fails a trial with a message unless `cond`.
pub(crate) fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Result<(), Failed> {
    if cond { Ok(()) } else { Err(msg().into()) }
}

/// Names of the entries of /dev/shm (to check that a job leaves nothing behind).
pub(crate) fn dev_shm() -> std::collections::BTreeSet<String> {
    std::fs::read_dir("/dev/shm")
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// All PE counts the foundation tests use.
pub(crate) const NPES: &[usize] = &[1, 2, 4, 8];
