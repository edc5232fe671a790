//! The distributed reader/writer lock on real processes: writers exclude everyone (an exact
//! total of non-atomic read-modify-writes), readers hold it together, a writer is not starved
//! by a stream of readers, requests are served in the order they were made (made
//! deterministic with the snapshot), try semantics, poisoning, and the typed errors.
#![forbid(unsafe_code)]

mod support;

use std::time::{Duration, Instant};

use shmem::{Error, Pe, RwKind, Shmem, SymBox, SymRwLock, SymVec, TryLockError};
use support::{Case, Custom};

const NPES: &[usize] = &[2, 4, 8];
const NPES_AND_1: &[usize] = &[1, 2, 4, 8];

fn poll(mut f: impl FnMut() -> bool) {
    while !f() {
        std::thread::yield_now();
    }
}

/// Every PE `K` times (4,000 passes in all, at least 500 a PE): a write-locked, non-atomic
/// read-modify-write of a counter on PE 0 (with a marker word checked inside), or, every
/// third time, a read lock under which the marker must say that no writer is inside. The total
/// is exact. (The same number of hand-offs at every PE count: with 8 PEs on 2 busy CPUs each
/// fair hand-off can wait for a scheduler time slice.)
fn writers_exclude(shmem: &Shmem) {
    let k_per_pe = (4000 / shmem.n_pes() as u64).max(500);
    let me = shmem.my_pe().index() as u64;
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::new(shmem, ()).unwrap();
    let counter = SymBox::new(shmem, 0u64).unwrap();
    let writer_in = SymBox::new(shmem, u64::MAX).unwrap();
    shmem.barrier_all();
    let mut writes = 0;
    for i in 0..k_per_pe {
        if (i + me).is_multiple_of(3) {
            let _g = lock.read().unwrap();
            assert_eq!(writer_in.g(zero), u64::MAX, "a writer inside with a reader");
            if i % 8 == 0 {
                std::thread::yield_now();
            }
            assert_eq!(writer_in.g(zero), u64::MAX, "a writer inside with a reader");
        } else {
            let _g = lock.write().unwrap();
            assert_eq!(writer_in.g(zero), u64::MAX, "two writers inside");
            writer_in.p(zero, me);
            let c = counter.g(zero);
            if i % 8 == 0 {
                std::thread::yield_now();
            }
            counter.p(zero, c + 1);
            assert_eq!(writer_in.g(zero), me, "another PE inside");
            writer_in.p(zero, u64::MAX);
            writes += 1;
        }
    }
    shmem.barrier_all();
    let n = shmem.n_pes() as u64;
    let expected: u64 = (0..n)
        .map(|p| (0..k_per_pe).filter(|i| (i + p) % 3 != 0).count() as u64)
        .sum();
    assert_eq!(counter.g(zero), expected);
    assert!(writes > 0);
    let s = lock.snapshot();
    assert!(s.writer.is_none() && s.readers.is_empty() && s.queue.is_empty() && !s.poisoned);
    shmem.barrier_all();
}

/// Every PE takes the lock shared and, while holding it, meets all others in a barrier:
/// possible only if readers hold it together. The snapshot lists every PE as a reader.
fn readers_share(shmem: &Shmem) {
    let mut lock = SymRwLock::with_home(shmem, shmem.pe_wrapping(shmem.n_pes() - 1), 7u32).unwrap();
    shmem.barrier_all();
    for _ in 0..3 {
        let g = lock.read().unwrap();
        assert_eq!(g.get(), 7);
        shmem.barrier_all();
        let s = g.snapshot();
        let all: Vec<Pe> = shmem.pes().collect();
        let mut readers = s.readers.clone();
        readers.sort_by_key(|p| p.index());
        assert_eq!(readers, all);
        assert!(s.writer.is_none());
        shmem.barrier_all();
        drop(g);
        shmem.barrier_all();
    }
}

/// PE 0 takes the lock exclusively 100 times while every other PE takes it shared in a
/// loop, until PE 0 is done: the writer is not starved (the test's watchdog bounds it), and
/// every shared section sees a consistent pair written under the exclusive one.
fn writer_not_starved(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::new(shmem, [0u64; 2]).unwrap();
    let done = SymBox::new(shmem, 0u64).unwrap();
    shmem.barrier_all();
    if me == zero {
        for k in 1..=100u64 {
            let mut g = lock.write().unwrap();
            g.set([k, k * 3]);
        }
        done.p(zero, 1);
    } else {
        // At least one read each, then until the writer is done.
        loop {
            let g = lock.read().unwrap();
            let [a, b] = g.get();
            assert_eq!(b, a * 3, "a torn value under a shared lock");
            drop(g);
            if done.g(zero) != 0 {
                break;
            }
        }
    }
    shmem.barrier_all();
    assert_eq!(lock.read().unwrap().get(), [100, 300]);
    shmem.barrier_all();
}

/// Runs `f` holding `lock` in mode `kind`.
fn holding(lock: &mut SymRwLock<'_, u64>, kind: RwKind, f: impl FnOnce()) {
    match kind {
        RwKind::Exclusive => {
            let _g = lock.write().unwrap();
            f();
        }
        RwKind::Shared => {
            let _g = lock.read().unwrap();
            f();
        }
    }
}

/// The first PE in line watches the lock's state instead of waiting for a hint, and takes
/// that back before it sleeps: PE 0 holds the lock (exclusively, then shared) for 40 ms while
/// PE 1 asks for it (shared, then exclusively), long enough for PE 1 to spin, yield and fall
/// asleep first. The job runs with [`RECHECK`]: a sleeper re-checks by itself only every 30 s,
/// so a waker that skipped the hint for a sleeper leaves PE 1 asleep while PE 0 waits in the
/// next barrier, which the launcher reports as a deadlock (and the wait would take 30 s).
/// PE 1 must get the lock within [`WOKEN_WITHIN`] of asking: seconds, not the 100 ms
/// safety net that a busy machine's scheduling delays can reach.
const RECHECK: (&str, &str) = ("SHMEM_WAIT_RECHECK_MS", "30000");
/// How long a woken first-in-line may take to get the lock on a busy machine.
const WOKEN_WITHIN: Duration = Duration::from_secs(10);

fn sleeping_first_in_line_body() {
    let shmem = shmem::init().expect("shmem::init");
    sleeping_first_in_line_is_woken(&shmem);
}

fn sleeping_first_in_line_check() -> Result<(), support::Failed> {
    for &n in NPES {
        let (out, _) = support::run_job(n, "sleeping_first_in_line_is_woken", &[], &[RECHECK]);
        support::ensure(out.status.success(), || {
            format!("{n} PEs:\n{}", support::describe(&out))
        })?;
    }
    Ok(())
}

fn sleeping_first_in_line_is_woken(shmem: &Shmem) {
    const HOLD: Duration = Duration::from_millis(40);
    let me = shmem.my_pe().index();
    let mut lock = SymRwLock::new(shmem, 0u64).unwrap();
    for (held, asked) in [
        (RwKind::Exclusive, RwKind::Shared),
        (RwKind::Exclusive, RwKind::Exclusive),
        (RwKind::Shared, RwKind::Exclusive),
    ] {
        let mut waited = Vec::new();
        for _try in 0..2 {
            shmem.barrier_all();
            if me == 0 {
                holding(&mut lock, held, || {
                    shmem.barrier_all();
                    std::thread::sleep(HOLD);
                });
            } else {
                shmem.barrier_all();
                if me == 1 {
                    let t0 = Instant::now();
                    holding(&mut lock, asked, || {});
                    waited.push(t0.elapsed());
                }
            }
        }
        if me == 1 {
            assert!(
                waited.iter().all(|w| *w < WOKEN_WITHIN),
                "held {held:?}, asked {asked:?}: waited {waited:?} for a {HOLD:?} hold"
            );
        }
    }
    shmem.barrier_all();
}

/// PE 0 holds the lock exclusively while the others queue one after another (each waits
/// until the snapshot shows its predecessor queued), odd PEs as writers, even ones as
/// readers. The snapshot's queue is the request order; then each PE stamps when it gets and
/// when it leaves the lock, and whenever a writer is involved, the earlier request left
/// before the later one got in (a reader queued behind a waiting writer waits for it).
fn request_order(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::new(shmem, ()).unwrap();
    let clock = SymBox::new(shmem, 0u64).unwrap();
    let stamps = SymVec::<u64>::zeroed(shmem, 2 * n).unwrap();
    let kind = |p: usize| {
        if p % 2 == 1 {
            RwKind::Exclusive
        } else {
            RwKind::Shared
        }
    };
    let queue: Vec<(Pe, RwKind)> = (1..n).map(|p| (shmem.pe(p).unwrap(), kind(p))).collect();
    shmem.barrier_all();
    let stamp = |slot: usize| {
        let t = clock.atomic_fetch_inc(zero);
        stamps.at(slot).unwrap().p(zero, t);
    };
    if me == zero {
        let g = lock.write().unwrap();
        shmem.barrier_all();
        poll(|| g.snapshot().queue == queue);
        stamp(1);
        drop(g);
    } else {
        shmem.barrier_all();
        let i = me.index();
        poll(|| {
            let q = lock.snapshot().queue;
            q.len() == i - 1 && q.last().is_none_or(|&(p, _)| p.index() == i - 1)
        });
        if kind(i) == RwKind::Exclusive {
            let g = lock.write().unwrap();
            stamp(2 * i);
            std::thread::yield_now();
            stamp(2 * i + 1);
            drop(g);
        } else {
            let g = lock.read().unwrap();
            stamp(2 * i);
            std::thread::yield_now();
            stamp(2 * i + 1);
            drop(g);
        }
    }
    shmem.barrier_all();
    if me == zero {
        let s = stamps.to_vec();
        for a in 0..n {
            for b in a + 1..n {
                if kind(a) == RwKind::Exclusive || kind(b) == RwKind::Exclusive || a == 0 {
                    assert!(
                        s[2 * a + 1] < s[2 * b],
                        "PE {a} asked before PE {b} but PE {b} got in at {} before PE {a} left \
                         at {}",
                        s[2 * b],
                        s[2 * a + 1]
                    );
                }
            }
        }
    }
    shmem.barrier_all();
}

/// `try_read` succeeds next to readers, `try_write` does not; next to a writer both fail;
/// a failed try leaves no trace (next to the writer, the snapshot is unchanged).
fn try_semantics(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::new(shmem, ()).unwrap();
    shmem.barrier_all();
    if me == zero {
        let g = lock.read().unwrap();
        shmem.barrier_all();
        shmem.barrier_all();
        drop(g);
    } else {
        shmem.barrier_all();
        assert!(matches!(lock.try_write(), Err(TryLockError::WouldBlock)));
        // Other PEs may be reading meanwhile; this one left no trace.
        let s = lock.snapshot();
        assert!(s.writer.is_none() && s.queue.is_empty() && !s.readers.contains(&me));
        drop(lock.try_read().expect("readers share"));
        shmem.barrier_all();
    }
    shmem.barrier_all();
    if me == zero {
        let g = lock.write().unwrap();
        shmem.barrier_all();
        shmem.barrier_all();
        drop(g);
    } else {
        shmem.barrier_all();
        let before = lock.snapshot();
        assert!(matches!(lock.try_read(), Err(TryLockError::WouldBlock)));
        assert!(matches!(lock.try_write(), Err(TryLockError::WouldBlock)));
        assert_eq!(lock.snapshot(), before);
        shmem.barrier_all();
    }
    shmem.barrier_all();
    // Free again: a try from PE 0 alone succeeds.
    if me == zero {
        drop(lock.try_write().expect("free"));
        drop(lock.try_read().expect("free"));
    }
    shmem.barrier_all();
}

/// A writer that panics poisons the lock; readers and writers then get `PoisonError` with
/// the guard (and the half-written value), until a writer clears it.
fn poisoning(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::new(shmem, [1u32, 1]).unwrap();
    shmem.barrier_all();
    if me == zero {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut g = lock.write().unwrap();
            g.set([2, 1]);
            panic!("deliberate panic while writing");
        }));
        assert!(caught.is_err());
        assert!(lock.snapshot().poisoned);
    }
    shmem.barrier_all();
    let e = lock.read().expect_err("poisoned");
    assert_eq!(e.into_inner().get(), [2, 1]);
    shmem.barrier_all();
    if me == zero {
        let mut g = lock.write().expect_err("poisoned").into_inner();
        assert!(g.is_poisoned());
        g.set([2, 2]);
        g.clear_poison();
    }
    shmem.barrier_all();
    assert_eq!(lock.read().expect("cleared").get(), [2, 2]);
    assert!(!lock.snapshot().poisoned);
    shmem.barrier_all();
}

/// Issue 30 item 4: read guards that are forgotten (`mem::forget`, safe) stay counted; the
/// 32,768th carried the 15-bit count into the poison bit, and a writer was then admitted
/// beside live readers and found the lock poisoned. Now the count saturates: a further
/// reader is refused (a panic, as `std`'s lock's), no writer gets in, no poison appears. PE 0
/// leaks; every PE then sees the same lock.
fn leaked_read_guards(shmem: &Shmem) {
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymRwLock::with_home(shmem, zero, 5u32).unwrap();
    shmem.barrier_all();
    if shmem.my_pe() == zero {
        for _ in 0..shmem::MAX_READERS {
            std::mem::forget(lock.read().expect("not poisoned"));
        }
    }
    shmem.barrier_all();
    assert!(matches!(lock.try_write(), Err(TryLockError::WouldBlock)));
    assert!(matches!(lock.try_read(), Err(TryLockError::WouldBlock)));
    let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        drop(lock.read());
    }));
    assert!(refused.is_err(), "a reader beyond the count's capacity");
    let s = lock.snapshot();
    assert!(!s.poisoned, "no writer panicked");
    assert!(s.writer.is_none() && s.queue.is_empty());
    assert_eq!(s.readers, vec![zero]);
    shmem.barrier_all();
}

/// PEs that pass different homes get the same error, and nothing is allocated.
fn mismatched_home(shmem: &Shmem) {
    let home = shmem.pe_wrapping(shmem.my_pe().index() % 2);
    match SymRwLock::with_home(shmem, home, 0u8) {
        Err(Error::ArgumentMismatch { .. }) => {}
        other => panic!("expected ArgumentMismatch, got {other:?}"),
    }
    // The heap is still usable, and in step on every PE.
    let v = SymVec::<u64>::zeroed(shmem, 4).unwrap();
    assert_eq!(v.len(), 4);
    shmem.barrier_all();
}

fn main() {
    support::main(
        &[
            Case {
                name: "writers_exclude",
                npes: NPES_AND_1,
                body: writers_exclude,
            },
            Case {
                name: "readers_share",
                npes: NPES_AND_1,
                body: readers_share,
            },
            Case {
                name: "writer_not_starved",
                npes: NPES,
                body: writer_not_starved,
            },
            Case {
                name: "request_order",
                npes: NPES,
                body: request_order,
            },
            Case {
                name: "try_semantics",
                npes: NPES,
                body: try_semantics,
            },
            Case {
                name: "poisoning",
                npes: NPES_AND_1,
                body: poisoning,
            },
            Case {
                name: "leaked_read_guards",
                npes: &[1, 2],
                body: leaked_read_guards,
            },
            Case {
                name: "mismatched_home",
                npes: NPES,
                body: mismatched_home,
            },
        ],
        &[Custom {
            name: "sleeping_first_in_line_is_woken",
            body: sleeping_first_in_line_body,
            check: sleeping_first_in_line_check,
        }],
    );
}
