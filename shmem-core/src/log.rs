//! `SHMEM_DEBUG` log records: one line per record on stderr, `[shmem PE n] ...`, written with
//! one `write` so that the records of concurrent PEs never interleave mid-line.
//!
//! Level 1 records init (attach, heap layout, waiting policy), symmetric allocations, team
//! splits and finalize; level 2 adds every collective call as it arrives. The level is read
//! once, at init ([`crate::config::Settings`]).

use std::fmt;
use std::io::Write;

/// Writes one record for PE `pe`. Errors writing to stderr are ignored: logging never fails
/// the program.
pub(crate) fn record(pe: usize, args: fmt::Arguments<'_>) {
    let line = format!("[shmem PE {pe}] {args}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
