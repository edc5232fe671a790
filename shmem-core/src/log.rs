//! `SHMEM_DEBUG` log records: one line per record on stderr, `[shmem PE n] ...`, written with
//! one `write` so that the records of concurrent PEs never interleave mid-line.
//!
//! Level 1 records init (attach, heap layout, waiting policy), symmetric allocations, team
//! splits and finalize; level 2 adds every collective call as it arrives. The level is read at
//! init ([`crate::config::Settings`]) and changed by `shmem_pcontrol` ([`set_level`]).

use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicU8, Ordering};

/// This process's log level (one runtime per process): a global, so that checking it costs
/// one load, as reading it from the transport's settings did.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The current log level: 0 (none), 1 or 2.
#[inline(always)]
pub(crate) fn level() -> u8 {
    LEVEL.load(Ordering::Relaxed)
}

/// Sets the log level (init: `SHMEM_DEBUG`; later `Runtime::pcontrol`).
pub(crate) fn set_level(level: u8) {
    LEVEL.store(level.min(2), Ordering::Relaxed);
}

/// Writes one record for PE `pe`. Errors writing to stderr are ignored: logging never fails
/// the program.
pub(crate) fn record(pe: usize, args: fmt::Arguments<'_>) {
    let line = format!("[shmem PE {pe}] {args}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
