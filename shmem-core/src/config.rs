//! Configuration: the spec's environment variables and the launcher's bootstrap variables.

use crate::error::{Error, Result};

/// Default symmetric area per PE (statics + heap) when `SHMEM_SYMMETRIC_SIZE` is not set.
/// The memory is a sparse memfd: pages cost only when touched.
pub const DEFAULT_SYMMETRIC_SIZE: usize = 128 << 20;

/// `SHMEM_SYMMETRIC_SIZE`: bytes of symmetric memory per PE (OpenSHMEM §9.4).
pub const ENV_SYMMETRIC_SIZE: &str = "SHMEM_SYMMETRIC_SIZE";
/// `SHMEM_INFO`: PE 0 prints the library version and configuration at init.
pub const ENV_INFO: &str = "SHMEM_INFO";
/// `SHMEM_VERSION`: PE 0 prints the library version at init.
pub const ENV_VERSION: &str = "SHMEM_VERSION";
/// `SHMEM_DEBUG`: runtime log lines on stderr.
pub const ENV_DEBUG: &str = "SHMEM_DEBUG";

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
    match std::env::var(ENV_SYMMETRIC_SIZE) {
        Ok(v) => parse_size(ENV_SYMMETRIC_SIZE, &v),
        Err(_) => Ok(DEFAULT_SYMMETRIC_SIZE),
    }
}

/// Whether an on/off variable is set to something other than `0`, `no`, `false`, `off` or empty.
pub fn env_flag(name: &str) -> bool {
    match std::env::var(name) {
        Ok(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "" | "0" | "no" | "false" | "off"
        ),
        Err(_) => false,
    }
}
