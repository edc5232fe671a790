//! Configuration: every environment variable the runtime reads, in one place, with one error
//! policy.
//!
//! | variable | values | default | what it sets |
//! |---|---|---|---|
//! | `SHMEM_SYMMETRIC_SIZE` | a size: `65536`, `64k`, `128m`, `1g` (powers of 1024; `b`/`ib` suffixes allowed) | `128m` | bytes of symmetric memory per PE: the heap and a Rust program's `#[symmetric]` statics; a C program's global data comes beside it (`launcher::partition_size`, `runtime::statics_beside_heap`); `shmemrun --heap-size` sets it |
//! | `SHMEM_INFO` | a flag | off | PE 0 prints the library version and this configuration at init |
//! | `SHMEM_VERSION` | a flag | off | PE 0 prints the library version at init |
//! | `SHMEM_DEBUG` | `0`, `1`, `2` (or a flag: on = `1`) | `0` | runtime log records on stderr: `1` init, allocations, team splits, finalize; `2` also every collective call |
//! | `SHMEM_WAIT_SPIN` | a non-negative integer | 20000, 0 when PEs outnumber CPUs | condition checks with `spin_loop` hints before a waiter yields |
//! | `SHMEM_WAIT_YIELD_US` | a non-negative integer | 2000, 5000 when PEs outnumber CPUs | microseconds a waiter yields before it sleeps on its futex |
//! | `SHMEM_WAIT_RECHECK_MS` | a positive integer | 100 | longest single futex sleep, in milliseconds: a sleeper re-checks its condition at least this often even if nobody wakes it (a safety net; the tests raise it to seconds so that a missed wake-up shows as a hang, whatever the machine's load) |
//! | `SHMEM_COLLECTIVE_STAGING` | `auto`, `always`, `never`, `mixed` | `auto` | how collectives move data (for tests and measurements; every setting gives the same results) |
//! | `SHMEM_TRANSPORT` | `auto`, `shm`, `mpi` | `auto` | `auto`: MPI when `mpirun`/`mpiexec`/`srun` started the PE and the build has the `mpi` feature, else shared memory; `mpi`: MPI or an error; `shm`: never MPI |
//! | `SHMEM_DEADLOCK_TIMEOUT` | a positive integer | unset (off) | seconds: a PE that sleeps in one and the same wait that long says where it waits and ends the job with status 124 (the deadlock check of PEs that no `shmemrun` watches, e.g. under `mpirun`; a wait may legitimately last longer, so it is off by default) |
//! | `SHMEM_MPI_NODE_SIZE` | a positive integer | unset (real nodes) | under MPI, every `k` consecutive ranks form a pretend node: PEs share memory only within it (tests the network path on one machine) |
//!
//! A flag is `1`, `yes`, `true` or `on` (case-insensitive) for on and `0`, `no`, `false` or
//! `off` for off. **The error policy:** a variable that is unset or empty takes its default;
//! one that is set to anything else it does not accept is [`Error::Config`] at init, naming
//! the variable, the value and what was expected, on the PE that reads it (and so the job
//! fails with that line), never silently ignored. [`Settings::from_env`] reads them all at
//! once, at init.
//!
//! The launcher also passes bootstrap variables to the PEs it starts (`SHMEM_RUN_*`, below);
//! they are not for users to set.

use std::time::Duration;

use crate::error::{Error, Result};

/// Default symmetric area per PE (heap, with a Rust program's statics; a C program's globals
/// come beside it) when `SHMEM_SYMMETRIC_SIZE` is not set.
/// The memory is a sparse memfd: pages cost only when touched.
pub const DEFAULT_SYMMETRIC_SIZE: usize = 128 << 20;

/// `SHMEM_TRANSPORT`: which transport a PE uses.
pub const ENV_TRANSPORT: &str = "SHMEM_TRANSPORT";
/// `SHMEM_DEADLOCK_TIMEOUT`: seconds a PE may sleep in one wait before it ends the job.
pub const ENV_DEADLOCK_TIMEOUT: &str = "SHMEM_DEADLOCK_TIMEOUT";
/// `SHMEM_MPI_NODE_SIZE`: ranks per simulated node under MPI.
pub const ENV_MPI_NODE_SIZE: &str = "SHMEM_MPI_NODE_SIZE";
/// `SHMEM_MPI_THREADS`: the MPI thread level the MPI transport asks for.
pub const ENV_MPI_THREADS: &str = "SHMEM_MPI_THREADS";
/// `SHMEM_SYMMETRIC_SIZE`: bytes of symmetric memory per PE (OpenSHMEM §9.4).
pub const ENV_SYMMETRIC_SIZE: &str = "SHMEM_SYMMETRIC_SIZE";
/// `SHMEM_INFO`: PE 0 prints the library version and configuration at init.
pub const ENV_INFO: &str = "SHMEM_INFO";
/// `SHMEM_VERSION`: PE 0 prints the library version at init.
pub const ENV_VERSION: &str = "SHMEM_VERSION";
/// `SHMEM_DEBUG`: runtime log records on stderr (level 0, 1 or 2).
pub const ENV_DEBUG: &str = "SHMEM_DEBUG";
/// `SHMEM_WAIT_SPIN`: condition checks with `spin_loop` hints before a waiter yields.
pub const ENV_WAIT_SPIN: &str = "SHMEM_WAIT_SPIN";
/// `SHMEM_WAIT_YIELD_US`: microseconds of yielding before a waiter sleeps on its futex.
pub const ENV_WAIT_YIELD_US: &str = "SHMEM_WAIT_YIELD_US";
/// `SHMEM_WAIT_RECHECK_MS`: the longest single futex sleep of a waiter, in milliseconds.
pub const ENV_WAIT_RECHECK_MS: &str = "SHMEM_WAIT_RECHECK_MS";
/// `SHMEM_COLLECTIVE_STAGING`: `auto`, `always`, `never` or `mixed` (see [`Staging`]).
pub const ENV_STAGING: &str = "SHMEM_COLLECTIVE_STAGING";

/// Bootstrap: inherited descriptor of the job's segment (set by `shmemrun`).
pub const ENV_RUN_FD: &str = "SHMEM_RUN_FD";
/// Bootstrap: this process's PE number.
pub const ENV_RUN_PE: &str = "SHMEM_RUN_PE";
/// Bootstrap: the job's PE count.
pub const ENV_RUN_NPES: &str = "SHMEM_RUN_NPES";
/// Bootstrap: the job token (hex) the segment header must carry.
pub const ENV_RUN_TOKEN: &str = "SHMEM_RUN_TOKEN";
/// Bootstrap: CPUs the launcher may use (a pinned PE sees only its own, so the waiting policy
/// asks the launcher how many CPUs the job really has).
pub const ENV_RUN_CPUS: &str = "SHMEM_RUN_CPUS";
/// Bootstrap: `rr` when the launcher pinned PE `i` to its CPU `i mod SHMEM_RUN_CPUS` (so PEs
/// know which of them share a CPU), `none` otherwise.
pub const ENV_RUN_BIND: &str = "SHMEM_RUN_BIND";

/// Parses a size with an optional `k`/`m`/`g`/`t` suffix (powers of 1024, case-insensitive,
/// an optional trailing `b`/`ib`), as `SHMEM_SYMMETRIC_SIZE` and `--heap-size` accept.
///
/// # Errors
/// `Error::Config` naming `name` when the text is not a size or overflows.
///
/// # Examples
/// ```
/// use shmem_core::config::parse_size;
/// assert_eq!(parse_size("X", "64k").unwrap(), 65536);
/// assert_eq!(parse_size("X", "2M").unwrap(), 2 << 20);
/// assert_eq!(parse_size("X", "1GiB").unwrap(), 1 << 30);
/// assert_eq!(parse_size("X", "4096").unwrap(), 4096);
/// assert!(parse_size("X", "lots").is_err());
/// ```
pub fn parse_size(name: &'static str, text: &str) -> Result<usize> {
    let bad = |why| Error::Config {
        name,
        value: text.to_owned(),
        why,
    };
    let t = text.trim().to_ascii_lowercase();
    let t = t
        .strip_suffix("ib")
        .or_else(|| t.strip_suffix('b'))
        .unwrap_or(&t);
    let (digits, shift) = match t.chars().last() {
        Some('k') => (&t[..t.len() - 1], 10),
        Some('m') => (&t[..t.len() - 1], 20),
        Some('g') => (&t[..t.len() - 1], 30),
        Some('t') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: usize = digits
        .trim()
        .parse()
        .map_err(|_| bad("expected a number with an optional k, m, g or t suffix"))?;
    n.checked_mul(1usize << shift)
        .ok_or_else(|| bad("too large"))
}

/// `SHMEM_SYMMETRIC_SIZE` from the environment, or the default.
///
/// # Errors
/// When the variable is set but is not a size.
pub fn symmetric_size_from_env() -> Result<usize> {
    match value(ENV_SYMMETRIC_SIZE) {
        Some(v) => parse_size(ENV_SYMMETRIC_SIZE, &v),
        None => Ok(DEFAULT_SYMMETRIC_SIZE),
    }
}

/// How collectives move data (`SHMEM_COLLECTIVE_STAGING`; `collectives` module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Staging {
    /// Stage small contributions, read large ones in place (measured crossovers).
    #[default]
    Auto,
    /// Stage whatever fits the sync area.
    Always,
    /// Never stage.
    Never,
    /// Odd PEs never stage, the others as in `Auto`: members that chose differently.
    Mixed,
}

/// Which transport a PE uses (`SHMEM_TRANSPORT`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TransportChoice {
    /// MPI when an MPI launcher started this process and the build has the `mpi` feature;
    /// shared memory otherwise.
    #[default]
    Auto,
    /// Shared memory (`shmemrun`, or a 1-PE job).
    Shm,
    /// MPI; an error when the build lacks the `mpi` feature.
    Mpi,
}

/// Every setting the runtime reads from the environment (module docs: the table and the error
/// policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `SHMEM_SYMMETRIC_SIZE`.
    pub symmetric_size: usize,
    /// `SHMEM_INFO`.
    pub info: bool,
    /// `SHMEM_VERSION`.
    pub version: bool,
    /// `SHMEM_DEBUG`: 0, 1 or 2.
    pub debug: u8,
    /// `SHMEM_WAIT_SPIN`, if set.
    pub wait_spin: Option<u32>,
    /// `SHMEM_WAIT_YIELD_US`, if set.
    pub wait_yield: Option<Duration>,
    /// `SHMEM_WAIT_RECHECK_MS`, if set (never 0).
    pub wait_recheck_ms: Option<u32>,
    /// `SHMEM_COLLECTIVE_STAGING`.
    pub staging: Staging,
}

/// The settings only start-up reads (which transport, pretend nodes): kept apart from
/// [`Settings`], which the transport carries (a copy that every collective reads from, kept
/// within two cache lines of the transport: measured, one more line costs a 2-PE broadcast
/// about 10 %).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Startup {
    /// `SHMEM_TRANSPORT`.
    pub transport: TransportChoice,
    /// `SHMEM_MPI_NODE_SIZE`, if set (never 0).
    pub mpi_node_size: Option<usize>,
    /// `SHMEM_MPI_THREADS`.
    pub mpi_threads: MpiThreads,
    /// `SHMEM_DEADLOCK_TIMEOUT`, if set (never 0).
    pub deadlock_timeout: Option<Duration>,
}

/// `SHMEM_MPI_THREADS`: the thread level the MPI transport initializes MPI with.
///
/// Open MPI 4.1 takes a lock in every call above `MPI_THREAD_SINGLE` (measured on the 2-vCPU
/// VM: a 2-rank `MPI_Barrier` costs about 290 ns at `SINGLE` and 450-800 ns at `FUNNELED` or
/// `SERIALIZED`), so the default is `SINGLE`, and the thread that called `shmem::init` must
/// make every call that reaches MPI: another thread's call panics, naming this variable, before
/// it reaches MPI.
/// Ordered from the lowest level up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum MpiThreads {
    /// `single` (default): `MPI_THREAD_SINGLE`; only the initializing thread may use shmem.
    #[default]
    Single,
    /// `serialized`: `MPI_THREAD_SERIALIZED`; any thread may use the handle, one at a time
    /// (as under `shmemrun`).
    Serialized,
    /// `multiple`: `MPI_THREAD_MULTIPLE`; contexts may also reach other nodes, from any
    /// number of threads at once (`shmem::init_thread(ThreadLevel::Multiple)` asks for it too).
    Multiple,
}

impl Startup {
    /// Reads `SHMEM_TRANSPORT` and `SHMEM_MPI_NODE_SIZE` (the module's error policy).
    ///
    /// # Errors
    /// [`Error::Config`] for a variable set to a value it does not accept.
    pub fn from_env() -> Result<Startup> {
        Ok(Startup {
            transport: transport()?,
            mpi_node_size: node_size()?,
            mpi_threads: mpi_threads()?,
            deadlock_timeout: deadlock_timeout()?,
        })
    }
}

impl Default for Settings {
    /// Every variable unset.
    fn default() -> Settings {
        Settings {
            symmetric_size: DEFAULT_SYMMETRIC_SIZE,
            info: false,
            version: false,
            debug: 0,
            wait_spin: None,
            wait_yield: None,
            wait_recheck_ms: None,
            staging: Staging::Auto,
        }
    }
}

impl Settings {
    /// Reads every variable of the module's table.
    ///
    /// # Errors
    /// [`Error::Config`] for the first variable that is set to a value it does not accept.
    pub fn from_env() -> Result<Settings> {
        Ok(Settings {
            symmetric_size: symmetric_size_from_env()?,
            info: flag(ENV_INFO)?,
            version: flag(ENV_VERSION)?,
            debug: debug_level()?,
            wait_spin: number(ENV_WAIT_SPIN)?.map(|v| v.min(u64::from(u32::MAX)) as u32),
            wait_yield: number(ENV_WAIT_YIELD_US)?.map(Duration::from_micros),
            wait_recheck_ms: recheck_ms()?,
            staging: staging()?,
        })
    }
}

/// The variable's value, trimmed; `None` when it is unset or empty.
fn value(name: &str) -> Option<String> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    (!v.is_empty()).then(|| v.to_owned())
}

fn bad(name: &'static str, value: String, why: &'static str) -> Error {
    Error::Config { name, value, why }
}

/// A flag: `1`/`yes`/`true`/`on` or `0`/`no`/`false`/`off`; unset or empty is off.
fn flag(name: &'static str) -> Result<bool> {
    let Some(v) = value(name) else {
        return Ok(false);
    };
    match v.to_ascii_lowercase().as_str() {
        "1" | "yes" | "true" | "on" => Ok(true),
        "0" | "no" | "false" | "off" => Ok(false),
        _ => Err(bad(
            name,
            v,
            "expected 1, yes, true or on, or 0, no, false or off",
        )),
    }
}

/// A non-negative integer; unset or empty is `None`.
fn number(name: &'static str) -> Result<Option<u64>> {
    let Some(v) = value(name) else {
        return Ok(None);
    };
    v.parse()
        .map(Some)
        .map_err(|_| bad(name, v, "expected a non-negative integer"))
}

fn recheck_ms() -> Result<Option<u32>> {
    let Some(v) = value(ENV_WAIT_RECHECK_MS) else {
        return Ok(None);
    };
    match v.parse::<u32>() {
        Ok(ms) if ms > 0 => Ok(Some(ms)),
        _ => Err(bad(
            ENV_WAIT_RECHECK_MS,
            v,
            "expected a positive integer (milliseconds, at most 4294967295)",
        )),
    }
}

fn deadlock_timeout() -> Result<Option<Duration>> {
    let Some(v) = value(ENV_DEADLOCK_TIMEOUT) else {
        return Ok(None);
    };
    match v.parse::<u32>() {
        Ok(secs) if secs > 0 => Ok(Some(Duration::from_secs(u64::from(secs)))),
        _ => Err(bad(
            ENV_DEADLOCK_TIMEOUT,
            v,
            "expected a positive integer (seconds, at most 4294967295)",
        )),
    }
}

fn debug_level() -> Result<u8> {
    let Some(v) = value(ENV_DEBUG) else {
        return Ok(0);
    };
    match v.to_ascii_lowercase().as_str() {
        "0" | "no" | "false" | "off" => Ok(0),
        "1" | "yes" | "true" | "on" => Ok(1),
        "2" => Ok(2),
        _ => Err(bad(ENV_DEBUG, v, "expected 0, 1 or 2 (or a flag: on is 1)")),
    }
}

fn staging() -> Result<Staging> {
    let Some(v) = value(ENV_STAGING) else {
        return Ok(Staging::Auto);
    };
    match v.to_ascii_lowercase().as_str() {
        "auto" => Ok(Staging::Auto),
        "always" => Ok(Staging::Always),
        "never" => Ok(Staging::Never),
        "mixed" => Ok(Staging::Mixed),
        _ => Err(bad(ENV_STAGING, v, "expected auto, always, never or mixed")),
    }
}

fn transport() -> Result<TransportChoice> {
    let Some(v) = value(ENV_TRANSPORT) else {
        return Ok(TransportChoice::Auto);
    };
    match v.to_ascii_lowercase().as_str() {
        "auto" => Ok(TransportChoice::Auto),
        "shm" => Ok(TransportChoice::Shm),
        "mpi" => Ok(TransportChoice::Mpi),
        _ => Err(bad(ENV_TRANSPORT, v, "expected auto, shm or mpi")),
    }
}

fn node_size() -> Result<Option<usize>> {
    let Some(v) = value(ENV_MPI_NODE_SIZE) else {
        return Ok(None);
    };
    match v.parse::<usize>() {
        Ok(k) if k > 0 => Ok(Some(k)),
        _ => Err(bad(ENV_MPI_NODE_SIZE, v, "expected a positive integer")),
    }
}

fn mpi_threads() -> Result<MpiThreads> {
    let Some(v) = value(ENV_MPI_THREADS) else {
        return Ok(MpiThreads::Single);
    };
    match v.to_ascii_lowercase().as_str() {
        "single" => Ok(MpiThreads::Single),
        "serialized" => Ok(MpiThreads::Serialized),
        "multiple" => Ok(MpiThreads::Multiple),
        _ => Err(bad(
            ENV_MPI_THREADS,
            v,
            "expected single, serialized or multiple",
        )),
    }
}

/// Which MPI launcher started this process, and the job's size when the launcher says it,
/// from the variables launchers set: Open MPI (`OMPI_COMM_WORLD_SIZE`), MPICH's Hydra and
/// other PMI launchers (`PMI_SIZE`), PMIx launchers (`PMIX_RANK`) and Slurm's `srun`
/// (`SLURM_STEP_ID` with `SLURM_NTASKS`). `None`: not started by an MPI launcher.
pub(crate) fn mpi_launcher() -> Option<(&'static str, Option<usize>)> {
    let num = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse().ok());
    let has = |name: &str| std::env::var_os(name).is_some();
    if has("OMPI_COMM_WORLD_SIZE") {
        Some(("Open MPI's mpirun", num("OMPI_COMM_WORLD_SIZE")))
    } else if has("PMI_SIZE") || has("PMI_RANK") {
        Some(("a PMI launcher (MPICH's mpiexec)", num("PMI_SIZE")))
    } else if has("PMIX_RANK") {
        Some(("a PMIx launcher", None))
    } else if has("SLURM_STEP_ID") && has("SLURM_PROCID") {
        Some(("Slurm's srun", num("SLURM_NTASKS")))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test reads and writes the process environment; nothing else in these unit tests
    // does (the multi-process tests set variables per job instead).
    #[test]
    fn every_variable_has_one_error_policy() {
        // SAFETY: no other thread of this test binary reads or writes these variables.
        let set = |k: &str, v: &str| unsafe { std::env::set_var(k, v) };
        // SAFETY: as above.
        let unset = |k: &str| unsafe { std::env::remove_var(k) };
        for k in [
            ENV_SYMMETRIC_SIZE,
            ENV_INFO,
            ENV_VERSION,
            ENV_DEBUG,
            ENV_WAIT_SPIN,
            ENV_WAIT_YIELD_US,
            ENV_WAIT_RECHECK_MS,
            ENV_STAGING,
            ENV_TRANSPORT,
            ENV_MPI_NODE_SIZE,
            ENV_MPI_THREADS,
            ENV_DEADLOCK_TIMEOUT,
        ] {
            unset(k);
        }
        let d = Settings::from_env().unwrap();
        assert_eq!(d.symmetric_size, DEFAULT_SYMMETRIC_SIZE);
        assert_eq!(
            (d.info, d.debug, d.wait_spin, d.staging),
            (false, 0, None, Staging::Auto)
        );
        set(ENV_INFO, "Yes");
        set(ENV_DEBUG, "2");
        set(ENV_WAIT_SPIN, " 12 ");
        set(ENV_STAGING, "never");
        set(ENV_WAIT_YIELD_US, "");
        set(ENV_WAIT_RECHECK_MS, "30000");
        let s = Settings::from_env().unwrap();
        assert_eq!(
            (s.info, s.debug, s.wait_spin, s.staging),
            (true, 2, Some(12), Staging::Never)
        );
        assert_eq!((s.wait_yield, s.wait_recheck_ms), (None, Some(30_000)));
        unset(ENV_WAIT_RECHECK_MS);
        assert_eq!(Startup::from_env().unwrap(), Startup::default());
        set(ENV_TRANSPORT, "MPI");
        set(ENV_MPI_NODE_SIZE, "2");
        set(ENV_MPI_THREADS, "Serialized");
        let s = Startup::from_env().unwrap();
        assert_eq!(
            (s.transport, s.mpi_node_size, s.mpi_threads),
            (TransportChoice::Mpi, Some(2), MpiThreads::Serialized)
        );
        set(ENV_DEADLOCK_TIMEOUT, " 30 ");
        assert_eq!(
            Startup::from_env().unwrap().deadlock_timeout,
            Some(Duration::from_secs(30))
        );
        unset(ENV_DEADLOCK_TIMEOUT);
        set(ENV_MPI_THREADS, "multiple");
        assert_eq!(
            Startup::from_env().unwrap().mpi_threads,
            MpiThreads::Multiple
        );
        unset(ENV_TRANSPORT);
        unset(ENV_MPI_NODE_SIZE);
        unset(ENV_MPI_THREADS);
        for (k, v) in [
            (ENV_INFO, "maybe"),
            (ENV_DEBUG, "3"),
            (ENV_WAIT_SPIN, "-1"),
            (ENV_WAIT_RECHECK_MS, "0"),
            (ENV_STAGING, "sometimes"),
            (ENV_SYMMETRIC_SIZE, "lots"),
            (ENV_TRANSPORT, "tcp"),
            (ENV_MPI_NODE_SIZE, "0"),
            (ENV_MPI_THREADS, "funneled"),
            (ENV_DEADLOCK_TIMEOUT, "0"),
        ] {
            let keep = std::env::var(k).ok();
            set(k, v);
            match Settings::from_env().and(Startup::from_env().map(drop)) {
                Err(Error::Config { name, value, .. }) => {
                    assert_eq!((name, value.as_str()), (k, v))
                }
                other => panic!("{k}={v}: {other:?}"),
            }
            match keep {
                Some(old) => set(k, &old),
                None => unset(k),
            }
        }
        for k in [ENV_INFO, ENV_DEBUG, ENV_WAIT_SPIN, ENV_STAGING] {
            unset(k);
        }
    }
}
