//! Distributed locks on real processes: mutual exclusion of a remote read-modify-write,
//! many locks at once, `try_lock` without side effects, completion at release, the
//! first-come-first-served order (made deterministic with the queue snapshot), `SymMutex`,
//! poisoning, and the typed errors.
#![forbid(unsafe_code)]

mod support;

use shmem::{Cmp, Error, LockSnapshot, Pe, Shmem, SymBox, SymLock, SymMutex, SymVec, TryLockError};
use support::Case;

const NPES: &[usize] = &[2, 4, 8];
const NPES_AND_1: &[usize] = &[1, 2, 4, 8];

/// Inside critical sections, every few iterations: give the CPU away, so that with more PEs
/// than CPUs another PE runs while this one is in the section (a broken lock would let it in).
fn maybe_yield(i: u64) {
    if i.is_multiple_of(4) {
        std::thread::yield_now();
    }
}

/// Waits (yielding the CPU) until `f` holds. For conditions on another PE's memory that no
/// put into this PE announces, such as the lock's queue as a snapshot shows it.
fn poll(mut f: impl FnMut() -> bool) {
    while !f() {
        std::thread::yield_now();
    }
}

/// Every PE K times: lock, get the counter on PE 0, write its id into a word on PE 0 and
/// re-read it twice, put the counter + 1, unlock. Final count == n_pes * K exactly.
fn mutual_exclusion(shmem: &Shmem) {
    const K: u64 = 400;
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymLock::new(shmem).unwrap();
    let counter = SymBox::new(shmem, 0u64).unwrap();
    let owner = SymBox::new(shmem, u64::MAX).unwrap();
    shmem.barrier_all();
    for i in 0..K {
        let guard = lock.lock().unwrap();
        let c = counter.g(zero);
        owner.p(zero, me.index() as u64);
        maybe_yield(i);
        assert_eq!(
            owner.g(zero),
            me.index() as u64,
            "another PE inside the section"
        );
        counter.p(zero, c + 1);
        assert_eq!(
            owner.g(zero),
            me.index() as u64,
            "another PE inside the section"
        );
        drop(guard);
    }
    shmem.barrier_all();
    assert_eq!(counter.g(zero), shmem.n_pes() as u64 * K);
    assert_eq!(
        lock.snapshot(),
        LockSnapshot {
            holder: None,
            tail: None,
            waiting: 0,
            poisoned: false,
        }
    );
    shmem.barrier_all();
}

/// One lock per PE (homed on that PE), each protecting a counter on its home PE; every PE
/// walks the locks in a rotating order and every fourth round holds two locks at once (in
/// index order, so no deadlock). Every counter ends exact.
fn lock_array(shmem: &Shmem) {
    const ROUNDS: usize = 200;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut locks: Vec<SymLock<'_>> = shmem
        .pes()
        .map(|pe| SymLock::with_home(shmem, pe).unwrap())
        .collect();
    for (j, l) in locks.iter().enumerate() {
        assert_eq!(l.home().index(), j);
    }
    let counter = SymBox::new(shmem, 0u64).unwrap();
    let bump = |j: usize, r: usize| {
        let pe = shmem.pe(j).unwrap();
        let c = counter.g(pe);
        maybe_yield(r as u64);
        counter.p(pe, c + 1);
    };
    let plan = |pe: usize, r: usize| -> (usize, Option<usize>) {
        let a = (pe + r) % n;
        let b = (pe + 3 * r + 1) % n;
        if r.is_multiple_of(4) && a != b {
            (a.min(b), Some(a.max(b)))
        } else {
            (a, None)
        }
    };
    shmem.barrier_all();
    for r in 0..ROUNDS {
        match plan(me, r) {
            (a, None) => {
                let _g = locks[a].lock().unwrap();
                bump(a, r);
            }
            (a, Some(b)) => {
                let (lo, hi) = locks.split_at_mut(b);
                let _ga = lo[a].lock().unwrap();
                let _gb = hi[0].lock().unwrap();
                bump(a, r);
                bump(b, r);
            }
        }
    }
    shmem.barrier_all();
    let mut expect = vec![0u64; n];
    for pe in 0..n {
        for r in 0..ROUNDS {
            let (a, b) = plan(pe, r);
            expect[a] += 1;
            if let Some(b) = b {
                expect[b] += 1;
            }
        }
    }
    assert_eq!(counter.read(), expect[me], "counter of lock {me}");
    shmem.barrier_all();
}

/// `try_lock` while another PE holds the lock (and, with 3 PEs or more, while another PE
/// waits in the queue): `WouldBlock`, and the queue snapshot is the same before and after. Then
/// mixed lock / try_lock loops keep the exact count.
fn try_lock_semantics(shmem: &Shmem) {
    const TRIES: usize = 50;
    const K: u64 = 200;
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymLock::new(shmem).unwrap();
    let done = SymBox::new(shmem, 0u64).unwrap();
    let go = SymBox::new(shmem, 0u64).unwrap();
    let counter = SymBox::new(shmem, 0u64).unwrap();

    // 1. PE 0 holds the lock; every other PE tries.
    let held = LockSnapshot {
        holder: Some(zero),
        tail: Some(zero),
        waiting: 0,
        poisoned: false,
    };
    if me == zero {
        let guard = lock.lock().unwrap();
        shmem.barrier_all(); // the others try now
        shmem.barrier_all();
        assert_eq!(guard.snapshot(), held);
        drop(guard);
    } else {
        shmem.barrier_all();
        for _ in 0..TRIES {
            assert_eq!(lock.snapshot(), held);
            assert!(matches!(lock.try_lock(), Err(TryLockError::WouldBlock)));
            assert_eq!(lock.snapshot(), held);
        }
        shmem.barrier_all();
    }
    shmem.barrier_all();
    let free = LockSnapshot {
        holder: None,
        tail: None,
        waiting: 0,
        poisoned: false,
    };
    assert_eq!(lock.snapshot(), free);

    // 2. PE 0 holds it, PE 1 waits in the queue, the others try.
    if n >= 3 {
        let one = shmem.pe(1).unwrap();
        let queued = LockSnapshot {
            holder: Some(zero),
            tail: Some(one),
            waiting: 1,
            poisoned: false,
        };
        shmem.barrier_all();
        if me == zero {
            let g = lock.lock().unwrap();
            done.p(one, 1); // PE 1 may queue now
            poll(|| g.snapshot() == queued);
            for pe in shmem.pes().skip(2) {
                go.p(pe, 1); // the others try now
            }
            done.wait_until(Cmp::Eq, (n - 2) as u64);
            assert_eq!(g.snapshot(), queued);
            drop(g);
        } else if me == one {
            done.wait_until(Cmp::Eq, 1);
            let g = lock.lock().unwrap(); // waits behind PE 0
            drop(g);
        } else {
            go.wait_until(Cmp::Eq, 1);
            for _ in 0..TRIES {
                assert_eq!(lock.snapshot(), queued);
                assert!(lock.try_lock().is_err());
                assert_eq!(lock.snapshot(), queued);
            }
            done.atomic_inc(zero);
        }
        shmem.barrier_all();
        assert_eq!(lock.snapshot(), free);
    }

    // 3. Mixed loops: even iterations lock, odd ones try until they get it.
    shmem.barrier_all();
    let mut misses = 0u64;
    for i in 0..K {
        let guard = if (i + me.index() as u64).is_multiple_of(2) {
            lock.lock().unwrap()
        } else {
            loop {
                match lock.try_lock() {
                    Ok(g) => break g,
                    Err(TryLockError::WouldBlock) => {
                        misses += 1;
                        std::thread::yield_now();
                    }
                    Err(TryLockError::Poisoned(e)) => panic!("{e}"),
                }
            }
        };
        let c = counter.g(zero);
        maybe_yield(i);
        counter.p(zero, c + 1);
        drop(guard);
    }
    shmem.barrier_all();
    assert_eq!(counter.g(zero), n as u64 * K, "({misses} missed tries)");
    assert_eq!(lock.snapshot(), free);
    shmem.barrier_all();
}

/// The holder puts a whole block on PE 0 with plain (not yet completed) puts and releases;
/// the next holder must see every element of it.
fn release_completes_puts(shmem: &Shmem) {
    const N: usize = 2048;
    const K: u64 = 100;
    let me = shmem.my_pe().index() as u64;
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymLock::new(shmem).unwrap();
    let block = SymVec::<u64>::zeroed(shmem, N).unwrap();
    let stamp = SymBox::new(shmem, 0u64).unwrap();
    let mut got = vec![0u64; N];
    shmem.barrier_all();
    for i in 0..K {
        let _g = lock.lock().unwrap();
        let last = stamp.g(zero);
        block.get(zero, &mut got).unwrap();
        assert!(
            got.iter().all(|&x| x == last),
            "block incomplete after release: stamp {last}, block {:?}",
            got.iter().find(|&&x| x != last)
        );
        let next = (me + 1) * 1_000_000 + i + 1;
        got.fill(next);
        block.put(zero, &got[..N / 2]).unwrap();
        maybe_yield(i);
        block
            .slice(N / 2..)
            .unwrap()
            .put(zero, &got[N / 2..])
            .unwrap();
        stamp.p(zero, next);
    }
    shmem.barrier_all();
}

/// The first-come-first-served promise: PEs enter the queue in a forced order (each one waits
/// until the snapshot shows its predecessor as the tail), and acquire in exactly that order.
/// Three orders: ascending, descending, rotated, each with another initial holder.
fn fcfs_order(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymLock::new(shmem).unwrap();
    let order = SymVec::<u64>::new(shmem, n, u64::MAX).unwrap();
    let pos = SymBox::new(shmem, 0u64).unwrap();
    let orders: [Vec<usize>; 3] = [
        (0..n).collect(),
        (0..n).rev().collect(),
        (0..n).map(|i| (i + n / 2) % n).collect(),
    ];
    for req in &orders {
        let pes: Vec<Pe> = req.iter().map(|&p| shmem.pe(p).unwrap()).collect();
        let my_turn = req.iter().position(|&p| p == me.index()).unwrap();
        pos.write(0);
        order.fill(u64::MAX);
        shmem.barrier_all();
        let guard = if my_turn == 0 {
            let g = lock.lock().unwrap();
            shmem.barrier_all();
            // every other PE queues behind this one, in the order `req`
            let all_queued = LockSnapshot {
                holder: Some(me),
                tail: Some(pes[n - 1]),
                waiting: n - 1,
                poisoned: false,
            };
            poll(|| g.snapshot() == all_queued);
            g
        } else {
            shmem.barrier_all();
            poll(|| lock.snapshot().tail == Some(pes[my_turn - 1]));
            lock.lock().unwrap()
        };
        let i = pos.atomic_fetch_inc(zero);
        order.at(i as usize).unwrap().p(zero, me.index() as u64);
        assert_eq!(
            i as usize, my_turn,
            "PE {me} requested the lock as number {my_turn} but got it as number {i}"
        );
        drop(guard);
        shmem.barrier_all();
        if me == zero {
            let want: Vec<u64> = req.iter().map(|&p| p as u64).collect();
            assert_eq!(order.to_vec(), want, "acquisition order");
        }
        shmem.barrier_all();
    }
}

/// `SymMutex`: data on a home PE reached only through the guard; exact totals with lock and
/// try_lock, a struct-sized value, and the home PE's copy is the one that counts.
fn sym_mutex(shmem: &Shmem) {
    const K: u64 = 200;
    let n = shmem.n_pes() as u64;
    let me = shmem.my_pe().index() as u64;
    let home = shmem.pe_wrapping(shmem.n_pes() - 1);
    let mut m = SymMutex::with_home(shmem, home, [0u64; 3]).unwrap();
    assert_eq!(m.home(), home);
    shmem.barrier_all();
    for i in 0..K {
        let mut g = if i % 3 == 0 {
            loop {
                if let Ok(g) = m.try_lock() {
                    break g;
                }
                std::thread::yield_now();
            }
        } else {
            m.lock().unwrap()
        };
        assert_eq!(g.home(), home);
        g.update(|v| {
            maybe_yield(i);
            v[0] += 1;
            v[1] += me;
            v[2] = me;
        });
        let v = g.get();
        assert_eq!(v[2], me);
        g.set([v[0], v[1], u64::MAX - me]);
        assert_eq!(g.get()[2], u64::MAX - me);
    }
    shmem.barrier_all();
    let v = m.lock().unwrap().get();
    assert_eq!(v[0], n * K);
    assert_eq!(v[1], K * n * (n - 1) / 2);
    shmem.barrier_all();
}

/// PEs that name different homes get `ArgumentMismatch` on every PE and nothing stays
/// allocated; a leaked guard does not deadlock the next `lock` of the same PE.
fn errors_and_leaks(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let before = shmem.heap_available();
    if n > 1 {
        match SymLock::with_home(shmem, me) {
            Err(Error::ArgumentMismatch {
                what,
                pe,
                value,
                other_pe,
                other,
            }) => {
                // the same error on every PE: PE 0's home against PE 1's
                assert_eq!(what, "lock home PE");
                assert_eq!((pe, other_pe), (0, 1));
                assert_eq!((value.as_str(), other.as_str()), ("0", "1"));
            }
            other => panic!("expected ArgumentMismatch, got {other:?}"),
        }
        assert!(matches!(
            SymMutex::with_home(shmem, me, 7u32),
            Err(Error::ArgumentMismatch { .. })
        ));
        assert_eq!(shmem.heap_available(), before);
    }
    let mut lock = SymLock::new(shmem).unwrap();
    let counter = SymBox::new(shmem, 0u64).unwrap();
    let zero = shmem.pe(0).unwrap();
    shmem.barrier_all();
    // Leak a guard: this PE keeps the lock. `lock` and `try_lock` hand out the held lock
    // again instead of waiting for this PE itself.
    std::mem::forget(lock.lock().unwrap());
    std::mem::forget(lock.try_lock().expect("this PE holds the lock"));
    let g = lock.lock().unwrap();
    assert_eq!(g.snapshot().holder, Some(me));
    let c = counter.g(zero);
    counter.p(zero, c + 1);
    drop(g);
    shmem.barrier_all();
    assert_eq!(counter.g(zero), n as u64);
    assert_eq!(lock.snapshot().holder, None);
    shmem.barrier_all();
}

/// Poisoning, as with `std::sync::Mutex`: PE 0 panics while holding the lock, inside
/// `catch_unwind` (the runtime's panic hook marks the PE panicked, but the PE goes on,
/// finalizes and exits 0: the job must still succeed). Then every other PE's `lock` gets
/// `Err(PoisonError)` whose guard is usable, `try_lock` on the free poisoned lock gets
/// `Poisoned`, and after one holder's `clear_poison` every later `lock`/`try_lock` is `Ok`.
fn poisoning(shmem: &Shmem) {
    let n = shmem.n_pes() as u64;
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut lock = SymLock::new(shmem).unwrap();
    let counter = SymBox::new(shmem, 0u64).unwrap();
    shmem.barrier_all();
    if me == zero {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _guard = lock.lock().unwrap();
            counter.p(zero, 1);
            panic!("deliberate panic while holding the lock");
        }));
        assert!(caught.is_err());
        let s = lock.snapshot();
        assert!(s.poisoned && s.holder.is_none(), "{s:?}");
    }
    shmem.barrier_all();
    // Every other PE, all at once: each gets the lock poisoned (nobody clears it).
    if me != zero {
        let e = lock.lock().expect_err("the lock must be poisoned");
        assert!(e.to_string().contains("poisoned"), "{e}");
        let g = e.into_inner();
        assert!(g.is_poisoned());
        assert_eq!(g.snapshot().holder, Some(me));
        let c = counter.g(zero);
        counter.p(zero, c + 1);
    }
    shmem.barrier_all();
    assert!(lock.snapshot().poisoned);
    shmem.barrier_all();
    if me == zero {
        // try_lock on the free, poisoned lock: held now, poisoned.
        match lock.try_lock() {
            Err(TryLockError::Poisoned(e)) => assert!(e.get_ref().is_poisoned()),
            other => panic!("expected Poisoned, got {:?}", other.map(|_| ())),
        }
        // The holder repairs the data and clears the poison.
        let mut g = lock.lock().unwrap_err().into_inner();
        assert_eq!(counter.g(zero), n, "1 from PE 0, then one per other PE");
        g.clear_poison();
        assert!(!g.is_poisoned());
        assert!(!g.snapshot().poisoned);
    }
    shmem.barrier_all();
    for _ in 0..20 {
        let g = lock.lock().expect("cleared: no PoisonError");
        let c = counter.g(zero);
        counter.p(zero, c + 1);
        drop(g);
        match lock.try_lock() {
            Ok(_) | Err(TryLockError::WouldBlock) => {}
            Err(e) => panic!("{e}"),
        }
    }
    shmem.barrier_all();
    assert_eq!(counter.g(zero), n + 20 * n);
    assert!(!lock.snapshot().poisoned);
    shmem.barrier_all();
}

/// The same through a `SymMutex`: PE 0 panics halfway through an update of a pair that must
/// stay equal; the others see `PoisonError` and the half update through the guard; PE 0
/// repairs the pair and clears the poison; then every `lock` is `Ok`.
fn mutex_poisoning(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let mut m = SymMutex::new(shmem, [0u64; 2]).unwrap();
    shmem.barrier_all();
    if me == zero {
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut g = m.lock().unwrap();
            g.set([1, 0]); // half of [1, 1]
            panic!("deliberate panic in the middle of an update");
        }));
        assert!(caught.is_err());
    }
    shmem.barrier_all();
    if me != zero {
        let mut e = m.lock().expect_err("the mutex must be poisoned");
        assert!(e.get_mut().is_poisoned());
        let g = e.into_inner();
        assert_eq!(g.get(), [1, 0], "the half update is visible, and flagged");
    }
    shmem.barrier_all();
    if me == zero {
        let mut g = match m.try_lock() {
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            other => panic!("expected Poisoned, got {:?}", other.map(|_| ())),
        };
        let [a, _] = g.get();
        g.set([a, a]);
        g.clear_poison();
    }
    shmem.barrier_all();
    for _ in 0..10 {
        m.lock().expect("cleared").update(|v| {
            v[0] += 1;
            v[1] += 1;
        });
    }
    shmem.barrier_all();
    let v = m.lock().unwrap().get();
    assert_eq!(v, [1 + 10 * shmem.n_pes() as u64; 2]);
    assert!(!m.snapshot().poisoned);
    shmem.barrier_all();
}

/// One PE: the lock is free, taken, held, released.
fn single_pe(shmem: &Shmem) {
    let me = shmem.my_pe();
    let mut lock = SymLock::new(shmem).unwrap();
    assert_eq!(lock.home().index(), 0);
    assert_eq!(
        lock.snapshot(),
        LockSnapshot {
            holder: None,
            tail: None,
            waiting: 0,
            poisoned: false,
        }
    );
    {
        let _g = lock.try_lock().unwrap();
    }
    let g = lock.lock().unwrap();
    assert_eq!(
        g.snapshot(),
        LockSnapshot {
            holder: Some(me),
            tail: Some(me),
            waiting: 0,
            poisoned: false,
        }
    );
    drop(g);
    let g = lock.try_lock().unwrap();
    g.unlock();
    assert_eq!(lock.snapshot().holder, None);
    let mut m = SymMutex::new(shmem, 5i32).unwrap();
    m.lock().unwrap().set(6);
    let mut g = m.try_lock().unwrap();
    assert_eq!(g.update(|v| std::mem::replace(v, 9)), 6);
    assert_eq!(g.get(), 9);
}

fn main() {
    support::main(
        &[
            Case {
                name: "mutual_exclusion",
                npes: NPES_AND_1,
                body: mutual_exclusion,
            },
            Case {
                name: "lock_array",
                npes: NPES,
                body: lock_array,
            },
            Case {
                name: "try_lock_semantics",
                npes: NPES,
                body: try_lock_semantics,
            },
            Case {
                name: "release_completes_puts",
                npes: NPES,
                body: release_completes_puts,
            },
            Case {
                name: "fcfs_order",
                npes: NPES,
                body: fcfs_order,
            },
            Case {
                name: "sym_mutex",
                npes: NPES_AND_1,
                body: sym_mutex,
            },
            Case {
                name: "errors_and_leaks",
                npes: NPES_AND_1,
                body: errors_and_leaks,
            },
            Case {
                name: "poisoning",
                npes: NPES_AND_1,
                body: poisoning,
            },
            Case {
                name: "mutex_poisoning",
                npes: NPES_AND_1,
                body: mutex_poisoning,
            },
            Case {
                name: "single_pe",
                npes: &[1],
                body: single_pe,
            },
        ],
        &[],
    );
}
