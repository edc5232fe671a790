//! Where a PE waits and for whom, in words: the launcher's deadlock report
//! (`shmem-launch`'s watch) decodes each sleeping PE's published wait site here, since only
//! this crate knows what the words of each kind of wait mean (the collectives' agreement
//! signature, the lock's queue, the barrier words).
//!
//! A layer at the top of the crate, beside [`crate::runtime`]: it reads the collectives' and
//! the lock's records through their description functions.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::collectives::CollectiveWait;
use crate::segment::{DEADLOCK_STATUS, SHARED_BARRIER_PES, Segment};
use crate::sys;
use crate::wait::{WaitKind, WaitSite};

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

/// `PE a, PE b (at #k)` for the members whose word has not reached `epoch`; members this
/// process cannot see (`seen` false: on another node of an MPI job, where this node's segment
/// does not hold their words) are counted, not judged.
fn missing(
    members: impl Iterator<Item = usize>,
    epoch: u64,
    at: impl Fn(usize) -> u64,
    seen: &dyn Fn(usize) -> bool,
) -> String {
    let mut unseen = 0;
    let late: Vec<String> = members
        .filter_map(|p| {
            if !seen(p) {
                unseen += 1;
                return None;
            }
            let e = at(p);
            (e < epoch).then(|| format!("PE {p} (at call #{e})"))
        })
        .collect();
    let others = match unseen {
        0 => String::new(),
        k => format!(
            " ({k} member{} on other nodes not seen from here)",
            if k == 1 { "" } else { "s" }
        ),
    };
    if late.is_empty() && unseen == 0 {
        "every member has arrived (a wake-up is pending)".to_owned()
    } else if late.is_empty() {
        format!("every member on this node has arrived{others}")
    } else {
        format!("not arrived: {}{others}", late.join(", "))
    }
}

/// One line saying where PE `pe` waits (its published `site`) and for whom.
pub fn describe_wait(seg: &Segment, pe: usize, site: &WaitSite) -> String {
    describe_wait_seen(seg, pe, site, &|_| true)
}

/// [`describe_wait`] where only the PEs for which `seen` holds have their words in `seg` (the
/// node's PEs in a multi-node MPI job).
fn describe_wait_seen(
    seg: &Segment,
    pe: usize,
    site: &WaitSite,
    seen: &dyn Fn(usize) -> bool,
) -> String {
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
            missing(0..n, a, barrier_word, seen)
        ),
        WaitKind::Collective => {
            let CollectiveWait {
                what,
                start,
                stride,
                size,
            } = CollectiveWait::decode(a, b);
            let members = (0..size)
                .filter_map(|i| start.checked_add_signed(i as isize * stride))
                .filter(|&p| p < n);
            format!(
                "waits in a collective: {} over (start {start}, stride {stride}, size {size}), \
                 call #{d} on the sync area word at symmetric offset {c}; {}",
                what,
                missing(members, d, |p| word(seg, p, c).unwrap_or(0), seen)
            )
        }
        WaitKind::Lock => format!(
            "waits for the lock at symmetric offset {a} (home PE {b}){}",
            match usize::try_from(b) {
                Ok(home) if seen(home) => crate::lock::describe_holder(seg, a, b),
                _ => String::new(),
            }
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

/// A PE's watch over its own waits (`SHMEM_DEADLOCK_TIMEOUT`): a thread that looks at the
/// PE's wait record every quarter of the timeout (at most every second) and, when the PE has
/// slept in one and the same wait for the whole timeout, says where it waits, in the words of
/// [`describe_wait`], and ends the process with [`DEADLOCK_STATUS`] without finalizing, so
/// that the launcher (an MPI launcher has no deadlock check of its own) ends the job. Off by
/// default: a wait may legitimately outlast any timeout (a PE waiting for another's long
/// computation). It stops when dropped (with the runtime).
///
/// The thread holds the segment; dropping the watch wakes and joins it, so that the segment
/// is never released on that thread (under MPI its release frees MPI windows, which only the
/// thread that initialized MPI may do): the runtime drops its watch before its segment.
#[derive(Debug)]
pub(crate) struct Watchdog {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    /// Starts the watch of PE `me`'s waits; `seen(p)`: whether `seg` holds PE `p`'s words
    /// (the node's PEs). `None` when no thread can be started (then there is no watch; the
    /// job runs as without the variable).
    pub(crate) fn start(
        seg: Arc<Segment>,
        me: usize,
        after: Duration,
        seen: Vec<bool>,
    ) -> Option<Watchdog> {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let tick = (after / 4).clamp(Duration::from_millis(10), Duration::from_secs(1));
        let thread = std::thread::Builder::new()
            .name("shmem-watchdog".to_owned())
            .spawn(move || {
                let mut same: Option<(u64, Instant)> = None;
                while !stopped.load(Ordering::Acquire) {
                    std::thread::park_timeout(tick);
                    if stopped.load(Ordering::Acquire) {
                        break;
                    }
                    let Some((state, site)) = seg.slot(me).wait.0.read() else {
                        same = None;
                        continue;
                    };
                    let now = Instant::now();
                    match same {
                        Some((s, since)) if s == state => {
                            if now.duration_since(since) >= after
                                && !stopped.load(Ordering::Acquire)
                            {
                                let what = describe_wait_seen(&seg, me, &site, &|p| {
                                    seen.get(p).copied().unwrap_or(false)
                                });
                                // One write: the PEs' lines reach the launcher's
                                // output whole, never interleaved.
                                let line = format!(
                                    "shmem: PE {me} has slept in one wait for {} s \
                                     (SHMEM_DEADLOCK_TIMEOUT) and ends the job: it {what}\n",
                                    after.as_secs()
                                );
                                let _ = std::io::stderr().write_all(line.as_bytes());
                                #[cfg(feature = "mpi")]
                                if crate::transport::net::ends_by_signal() {
                                    // MPICH's Hydra across hosts: see `ends_by_signal`.
                                    let _ = rustix::process::kill_process(
                                        rustix::process::getpid(),
                                        rustix::process::Signal::KILL,
                                    );
                                }
                                sys::exit_now(DEADLOCK_STATUS);
                            }
                        }
                        _ => same = Some((state, now)),
                    }
                }
            })
            .ok()?;
        Some(Watchdog {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}
