//! Deadlock diagnosis, on the launcher's side (the words of the report come from
//! `shmem_core::report`): when every live PE sleeps in a wait that has not
//! changed for a while, nothing can ever happen; say where each PE waits, and for whom.
//!
//! Each PE publishes its wait site while it sleeps (`wait.rs`, `shmem_core::segment::WaitRecord`);
//! a sleeping PE re-checks its condition at least every `max_sleep` (100 ms) and clears its
//! record as soon as the condition holds, and every new sleep takes a new sequence number. So
//! if, over [`DEADLOCK_AFTER`], every PE that is still alive keeps the very same record, none of
//! them has made progress or can: each waits for something only another PE could do, and the
//! others are waiting too (or have exited). The kernel's view must agree: no PE may be running
//! or runnable at the scan (one that was woken but not yet scheduled still shows its record),
//! and PEs that are stopped or traced (a debugger, `kill -STOP`) are never judged: they may
//! resume.
//!
//! Threads: the record is the wait of the thread that sleeps in it, but other threads of a PE
//! with contexts (or of a C program at `SHMEM_THREAD_MULTIPLE`) may still be about to wake
//! it. The rule is exact and cheap: while a PE has a live context (`report::threads_may_call`), the
//! launcher looks at *every* thread of it, and a PE one of whose threads is running or
//! runnable is not judged (`PeLife::Runnable`); a PE whose threads all sleep is judged like
//! any other, whether it holds contexts or has leaked them. What this cannot see is a thread
//! that sleeps outside the library (`thread::sleep`, I/O) for longer than
//! [`DEADLOCK_AFTER`] and would then wake a PE's wait through its context: if every PE waits
//! meanwhile, the job is reported as deadlocked (the price of reporting the jobs that a live
//! or leaked context used to hide until `--timeout`).

use std::time::{Duration, Instant};

use shmem_core::report;
use shmem_core::segment::{PeState, Segment};

/// How long every live PE must sleep in the same wait before the job counts as deadlocked.
pub const DEADLOCK_AFTER: Duration = Duration::from_millis(1500);

/// The launcher's view of one PE at a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PeLife {
    /// The process runs and may be judged.
    Alive,
    /// The process is running or runnable right now (a waiter that was woken but has not
    /// been scheduled yet looks asleep in its record), or, while it has live contexts
    /// ([`report::threads_may_call`]), one of its threads is: no judgement while any PE is.
    Runnable,
    /// The process runs but is stopped or traced: no judgement while any PE is.
    Stopped,
    /// The process has exited (successfully: a failure ends the job before this matters).
    Exited,
}

/// Watches a job for deadlock across scans.
#[derive(Debug)]
pub(crate) struct DeadlockWatch {
    last: Vec<u64>,
    since: Option<Instant>,
}

impl DeadlockWatch {
    /// A watch over `n_pes` PEs.
    pub(crate) fn new(n_pes: usize) -> DeadlockWatch {
        DeadlockWatch {
            last: vec![0; n_pes],
            since: None,
        }
    }

    /// One scan at `now`: returns the report (one line per PE) once every PE that is alive has
    /// slept in one unchanged wait for [`DEADLOCK_AFTER`]; `None` otherwise.
    pub(crate) fn scan(
        &mut self,
        seg: &Segment,
        life: &[PeLife],
        now: Instant,
    ) -> Option<Vec<String>> {
        let n = seg.n_pes();
        let mut states = vec![0u64; n];
        let mut any_alive = false;
        for pe in 0..n {
            match life[pe] {
                PeLife::Exited => continue,
                PeLife::Stopped | PeLife::Runnable => {
                    self.since = None;
                    return None;
                }
                PeLife::Alive => any_alive = true,
            }
            let running = seg.pe_state(pe) == PeState::Running;
            match seg.slot(pe).wait.0.read() {
                Some((state, _)) if running => states[pe] = state,
                _ => {
                    self.since = None;
                    return None;
                }
            }
        }
        if !any_alive {
            self.since = None;
            return None;
        }
        if states != self.last || self.since.is_none() {
            self.last = states;
            self.since = Some(now);
            return None;
        }
        let since = self.since?;
        if now.duration_since(since) < DEADLOCK_AFTER {
            return None;
        }
        Some(
            (0..n)
                .map(|pe| match life[pe] {
                    PeLife::Exited => format!("PE {pe}: has exited"),
                    _ => match seg.slot(pe).wait.0.read() {
                        Some((_, site)) => {
                            format!("PE {pe}: {}", report::describe_wait(seg, pe, &site))
                        }
                        None => format!("PE {pe}: no longer waiting"),
                    },
                })
                .collect(),
        )
    }
}
