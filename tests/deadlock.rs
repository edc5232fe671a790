//! What cannot be compared is diagnosed: when every PE that still runs sleeps in a wait that no
//! other PE can satisfy any more, `shmemrun` prints one line per PE saying where it waits and
//! for whom, and ends the job (status 124) within seconds, without `--timeout`. And a job
//! whose PEs merely wait a long time for a PE that is busy is left alone.
#![forbid(unsafe_code)]

mod support;

use std::time::{Duration, Instant};

use shmem::{ActiveSet, ReduceSync, SymBox, SymLock, SymVec};
use support::{Custom, Failed, describe, ensure, run_job};

/// Runs `case` on `npes` PEs; expects the deadlock report within `limit`, with a line per
/// PE containing each of `lines[pe]`.
fn deadlocked(case: &str, npes: usize, lines: &[&[&str]]) -> Result<(), Failed> {
    let t0 = Instant::now();
    let (out, took) = run_job(npes, case, &[], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(out.status.code() == Some(124), || {
        format!("expected status 124\n{}", describe(&out))
    })?;
    ensure(err.contains("shmemrun: deadlock: every PE"), || {
        describe(&out)
    })?;
    for (pe, words) in lines.iter().enumerate() {
        let prefix = format!("  PE {pe}: ");
        let line = err
            .lines()
            .find(|l| l.starts_with(&prefix))
            .ok_or_else(|| format!("no line for PE {pe}\n{}", describe(&out)))?;
        for w in *words {
            ensure(line.contains(w), || {
                format!("PE {pe}'s line lacks {w:?}: {line}\n{}", describe(&out))
            })?;
        }
    }
    ensure(took < Duration::from_secs(15), || {
        format!("took {took:?} ({:?} in all)", t0.elapsed())
    })
}

/// A collective called by a subset: PE 0 reduces while the others finish.
fn body_subset() {
    let shmem = shmem::init().unwrap();
    let set = ActiveSet::world(&shmem);
    let mut ps = ReduceSync::new(&shmem, &set).unwrap();
    let src = SymVec::new(&shmem, 4, 1u64).unwrap();
    let mut dst = SymVec::new(&shmem, 4, 0u64).unwrap();
    if shmem.my_pe().index() == 0 {
        let _ = set
            .member(&shmem)
            .unwrap()
            .sum_to_all(&mut dst, &src, &mut ps);
    }
}

fn check_subset() -> Result<(), Failed> {
    deadlocked(
        "deadlock_subset",
        3,
        &[
            &[
                "waits in a collective",
                "sum-reduction",
                "not arrived: PE 1 (at call #0), PE 2 (at call #0)",
            ],
            &["waits in finalize", "not arrived: PE 0"],
            &["waits in finalize"],
        ],
    )
}

/// Two pSyncs used in opposite orders.
fn body_opposite_syncbufs() {
    let shmem = shmem::init().unwrap();
    let set = ActiveSet::world(&shmem);
    let w = set.member(&shmem).unwrap();
    let mut a = ReduceSync::new(&shmem, &set).unwrap();
    let mut b = ReduceSync::new(&shmem, &set).unwrap();
    let src = SymVec::new(&shmem, 1, 1u64).unwrap();
    let mut dst = SymVec::new(&shmem, 1, 0u64).unwrap();
    let (first, second) = if shmem.my_pe().index() == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let _ = w.sum_to_all(&mut dst, &src, first);
    let _ = w.sum_to_all(&mut dst, &src, second);
}

fn check_opposite_syncbufs() -> Result<(), Failed> {
    deadlocked(
        "deadlock_opposite_syncbufs",
        2,
        &[
            &["waits in a collective", "not arrived: PE 1 (at call #0)"],
            &["waits in a collective", "not arrived: PE 0 (at call #0)"],
        ],
    )
}

/// A lock guard forgotten on PE 0, which then waits in a barrier for PE 1, which waits for
/// the lock.
fn body_forgotten_guard() {
    let shmem = shmem::init().unwrap();
    let mut lock = SymLock::new(&shmem).unwrap();
    if shmem.my_pe().index() == 0 {
        std::mem::forget(lock.lock().unwrap());
        shmem.barrier_all();
    } else {
        shmem.barrier_all();
        let _g = lock.lock();
    }
    shmem.barrier_all();
}

fn check_forgotten_guard() -> Result<(), Failed> {
    deadlocked(
        "deadlock_forgotten_guard",
        2,
        &[
            &["waits in barrier_all", "not arrived: PE 1"],
            &["waits for the lock", "held by PE 0"],
        ],
    )
}

/// Every PE waits for a flag that nobody sets.
fn body_flag_never_set() {
    let shmem = shmem::init().unwrap();
    let flag = SymBox::new(&shmem, 0i64).unwrap();
    flag.wait_until(shmem::Cmp::Eq, 1);
}

fn check_flag_never_set() -> Result<(), Failed> {
    deadlocked(
        "deadlock_flag_never_set",
        2,
        &[
            &["waits in wait_until", "(now 0)"],
            &["waits in wait_until"],
        ],
    )
}

/// An allocation made by one PE only.
fn body_lonely_allocation() {
    let shmem = shmem::init().unwrap();
    if shmem.my_pe().index() == 1 {
        let _ = SymVec::<u8>::zeroed(&shmem, 64);
    }
    shmem.barrier_all();
}

fn check_lonely_allocation() -> Result<(), Failed> {
    deadlocked(
        "deadlock_lonely_allocation",
        2,
        &[
            &["waits in barrier_all"],
            &["waits in a collective", "allocation"],
        ],
    )
}

/// No false alarm: every PE but one waits for 4 s (longer than the deadlock threshold) while
/// the last one computes (sleeps), then joins the barrier.
fn body_slow_pe() {
    let shmem = shmem::init().unwrap();
    let flag = SymBox::new(&shmem, 0u64).unwrap();
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    if me == n - 1 {
        std::thread::sleep(Duration::from_secs(4));
        for p in shmem.pes() {
            flag.p(p, 1);
        }
    } else {
        flag.wait_until(shmem::Cmp::Eq, 1);
    }
    shmem.barrier_all();
}

fn check_slow_pe() -> Result<(), Failed> {
    let (out, took) = run_job(3, "deadlock_slow_pe", &[], &[]);
    ensure(out.status.success(), || describe(&out))?;
    ensure(took >= Duration::from_secs(4), || format!("took {took:?}"))
}

/// A context says nothing about progress: PE 0 leaks one (`mem::forget`), the others hold
/// theirs, and every PE waits for a flag that nobody sets. No thread of any PE runs, so the
/// job is reported like any other (contexts used to exempt their PE for as long as they
/// lived).
fn body_context_hides_nothing() {
    let shmem = shmem::init_thread(shmem::ThreadLevel::Multiple).unwrap();
    let flag = SymBox::new(&shmem, 0i64).unwrap();
    let ctx = shmem.ctx_create(shmem::CtxOptions::PRIVATE).unwrap();
    if shmem.my_pe().index() == 0 {
        std::mem::forget(ctx);
        flag.wait_until(shmem::Cmp::Eq, 1);
    } else {
        flag.wait_until(shmem::Cmp::Eq, 1);
        drop(ctx);
    }
}

fn check_context_hides_nothing() -> Result<(), Failed> {
    deadlocked(
        "deadlock_context_hides_nothing",
        2,
        &[
            &["waits in wait_until", "(now 0)"],
            &["waits in wait_until"],
        ],
    )
}

/// No false alarm with threads: on the last PE a thread computes for 4 s (longer than the
/// deadlock threshold) and then sets every PE's flag through its context, while every PE's
/// main thread sleeps in a wait; a PE with a running thread is never judged.
fn body_busy_thread() {
    let shmem = shmem::init_thread(shmem::ThreadLevel::Multiple).unwrap();
    let mut flag = SymBox::new(&shmem, 0u64).unwrap();
    let last = shmem.my_pe().index() == shmem.n_pes() - 1;
    {
        let lent = flag.lend().unwrap();
        let ctx = shmem.ctx_create(shmem::CtxOptions::PRIVATE).unwrap();
        let waiter = shmem.ctx_create(shmem::CtxOptions::PRIVATE).unwrap();
        std::thread::scope(|s| {
            if last {
                s.spawn(|| {
                    let t0 = Instant::now();
                    let mut x = 1u64;
                    while t0.elapsed() < Duration::from_secs(4) {
                        x = std::hint::black_box(x.wrapping_mul(6364136223846793005) ^ 1);
                    }
                    for pe in ctx.pes() {
                        ctx.p(&lent, 0, pe, 1).unwrap();
                    }
                });
            }
            waiter.wait_until(&lent, 0, shmem::Cmp::Eq, 1).unwrap();
        });
    }
    shmem.barrier_all();
    assert_eq!(flag.read(), 1);
}

fn check_busy_thread() -> Result<(), Failed> {
    let (out, took) = run_job(3, "deadlock_busy_thread", &[], &[]);
    ensure(out.status.success(), || describe(&out))?;
    ensure(took >= Duration::from_secs(4), || format!("took {took:?}"))
}

fn main() {
    support::main(
        &[],
        &[
            Custom {
                name: "deadlock_subset",
                body: body_subset,
                check: check_subset,
            },
            Custom {
                name: "deadlock_opposite_syncbufs",
                body: body_opposite_syncbufs,
                check: check_opposite_syncbufs,
            },
            Custom {
                name: "deadlock_forgotten_guard",
                body: body_forgotten_guard,
                check: check_forgotten_guard,
            },
            Custom {
                name: "deadlock_flag_never_set",
                body: body_flag_never_set,
                check: check_flag_never_set,
            },
            Custom {
                name: "deadlock_lonely_allocation",
                body: body_lonely_allocation,
                check: check_lonely_allocation,
            },
            Custom {
                name: "deadlock_context_hides_nothing",
                body: body_context_hides_nothing,
                check: check_context_hides_nothing,
            },
            Custom {
                name: "deadlock_busy_thread",
                body: body_busy_thread,
                check: check_busy_thread,
            },
            Custom {
                name: "deadlock_slow_pe",
                body: body_slow_pe,
                check: check_slow_pe,
            },
        ],
    );
}
