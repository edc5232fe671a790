//! Deadlock diagnosis, on the launcher's side: when every live PE sleeps in a wait that has not
//! changed for a while, nothing can ever happen; say where each PE waits, and for whom.
//!
//! Each PE publishes its wait site while it sleeps (`wait.rs`, [`crate::segment::WaitRecord`]);
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
//! it. The rule is exact and cheap: while a PE has a live context ([`threads_may_call`]), the
//! launcher looks at *every* thread of it, and a PE one of whose threads is running or
//! runnable is not judged (`PeLife::Runnable`); a PE whose threads all sleep is judged like
//! any other, whether it holds contexts or has leaked them. What this cannot see is a thread
//! that sleeps outside the library (`thread::sleep`, I/O) for longer than
//! [`DEADLOCK_AFTER`] and would then wake a PE's wait through its context: if every PE waits
//! meanwhile, the job is reported as deadlocked (the price of reporting the jobs that a live
//! or leaked context used to hide until `--timeout`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::collectives::agree;
use crate::segment::{PeState, SHARED_BARRIER_PES, Segment};
use crate::wait::{WaitKind, WaitSite};

/// How long every live PE must sleep in the same wait before the job counts as deadlocked.
pub const DEADLOCK_AFTER: Duration = Duration::from_millis(1500);

/// The launcher's view of one PE at a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeLife {
    /// The process runs and may be judged.
    Alive,
    /// The process is running or runnable right now (a waiter that was woken but has not
    /// been scheduled yet looks asleep in its record), or, while it has live contexts
    /// ([`threads_may_call`]), one of its threads is: no judgement while any PE is.
    Runnable,
    /// The process runs but is stopped or traced: no judgement while any PE is.
    Stopped,
    /// The process has exited (successfully: a failure ends the job before this matters).
    Exited,
}

/// Watches a job for deadlock across scans.
#[derive(Debug)]
pub struct DeadlockWatch {
    last: Vec<u64>,
    since: Option<Instant>,
}

impl DeadlockWatch {
    /// A watch over `n_pes` PEs.
    pub fn new(n_pes: usize) -> DeadlockWatch {
        DeadlockWatch {
            last: vec![0; n_pes],
            since: None,
        }
    }

    /// One scan at `now`: returns the report (one line per PE) once every PE that is alive has
    /// slept in one unchanged wait for [`DEADLOCK_AFTER`]; `None` otherwise.
    pub fn scan(&mut self, seg: &Segment, life: &[PeLife], now: Instant) -> Option<Vec<String>> {
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
                        Some((_, site)) => format!("PE {pe}: {}", describe(seg, pe, &site)),
                        None => format!("PE {pe}: no longer waiting"),
                    },
                })
                .collect(),
        )
    }
}

/// Whether threads of `pe` other than the one in its wait record may make calls (it has a
/// live context, `threads::ThreadPath::enter`): then the launcher must look at all of its
/// threads, not only at the main one, for one that runs.
pub fn threads_may_call(seg: &Segment, pe: usize) -> bool {
    seg.slot(pe).wait.0.threads.load(Ordering::Acquire) != 0
}

/// The word at symmetric `offset` of `pe`'s partition, read atomically (`None` when out of
/// range or misaligned: a record the launcher cannot trust is only described, never followed).
fn word(seg: &Segment, pe: usize, offset: u64) -> Option<u64> {
    let off = usize::try_from(offset).ok()?;
    if pe >= seg.n_pes() || off.checked_add(8)? > seg.partition_size() || off % 8 != 0 {
        return None;
    }
    let p = seg.partition_ptr(pe, off, 8).cast::<u64>();
    // SAFETY: in bounds (checked above and by `partition_ptr`) and 8-aligned (partitions are
    // page-aligned, `off` is a multiple of 8); the launcher only ever reads the segment with
    // atomic loads, and the mapping lives as long as `seg`.
    Some(unsafe { AtomicU64::from_ptr(p) }.load(Ordering::Acquire))
}

/// `PE a, PE b (at #k)` for the members whose word has not reached `epoch`.
fn missing(members: impl Iterator<Item = usize>, epoch: u64, at: impl Fn(usize) -> u64) -> String {
    let late: Vec<String> = members
        .filter_map(|p| {
            let e = at(p);
            (e < epoch).then(|| format!("PE {p} (at call #{e})"))
        })
        .collect();
    if late.is_empty() {
        "every member has arrived (a wake-up is pending)".to_owned()
    } else {
        format!("not arrived: {}", late.join(", "))
    }
}

/// One line saying where PE `pe` waits and for whom.
fn describe(seg: &Segment, pe: usize, site: &WaitSite) -> String {
    let [a, b, c, d] = site.args;
    let n = seg.n_pes();
    let barrier_word = |p: usize| {
        if n <= SHARED_BARRIER_PES {
            seg.job().barrier.0[p].load(Ordering::Acquire)
        } else {
            seg.slot(p).barrier.0.load(Ordering::Acquire)
        }
    };
    match site.kind {
        WaitKind::Barrier | WaitKind::Finalize => format!(
            "waits in {} (barrier_all call #{a}); {}",
            if site.kind == WaitKind::Finalize {
                "finalize"
            } else {
                "barrier_all/sync_all"
            },
            missing(0..n, a, barrier_word)
        ),
        WaitKind::Collective => {
            let (start, stride, size) = agree::unpack3(b);
            let members = (0..size)
                .filter_map(|i| start.checked_add_signed(i as isize * stride))
                .filter(|&p| p < n);
            format!(
                "waits in a collective: {} over (start {start}, stride {stride}, size {size}), \
                 call #{d} on the sync area word at symmetric offset {c}; {}",
                agree::describe_kind(a),
                missing(members, d, |p| word(seg, p, c).unwrap_or(0))
            )
        }
        WaitKind::Lock => format!(
            "waits for the lock at symmetric offset {a} (home PE {b}){}",
            crate::lock::describe_holder(seg, a, b)
        ),
        WaitKind::RwLock => format!(
            "waits for the reader/writer lock at symmetric offset {a} (home PE {b}) with ticket \
             {c}, {}",
            if d == 0 {
                "for its turn"
            } else {
                "for the readers before it to leave"
            }
        ),
        WaitKind::LockRelease => format!(
            "releases the lock at symmetric offset {a} and waits for its successor to link in"
        ),
        WaitKind::WaitUntil => {
            let bits = (b * 8).min(64);
            let now = word(seg, pe, a - a % 8).map(|w| {
                let v = w >> ((a % 8) * 8);
                if bits == 64 { v } else { v & ((1 << bits) - 1) }
            });
            format!(
                "waits in wait_until on its {b}-byte symmetric word at offset {a} (now {})",
                now.map_or("unreadable".to_owned(), |v| v.to_string())
            )
        }
        WaitKind::WaitUntilMany => {
            format!("waits in wait_until_all/any/some on {b} symmetric words at offset {a}")
        }
    }
}
