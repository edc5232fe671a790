//! RMA windows on real processes: exclusive epochs exclude (an exact total of non-atomic
//! read-modify-writes), shared epochs overlap, a writer is not starved by shared epochs,
//! accumulates from every PE to every PE for every operator and type give exact totals,
//! `get_accumulate` / `fetch_and_op` return the previous values, `compare_and_swap` lets
//! exactly one PE win and writes nothing otherwise, the whole family mixed on the same
//! elements loses no update, fence and post/start/complete/wait epochs
//! make an epoch's data visible when it closes (rotating groups), refused calls write
//! nothing, sum and product accumulate complex numbers, and active-target windows
//! (`ActiveWindow`, MPI's `no_locks`) do the active-target epochs without lock words.
#![deny(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

mod support;

use shmem::window::{self, ActiveWindow, Layout, LockKind, Window, op};
use shmem::{Complex64, Error, Shmem, SymBox, SymVec};
use support::Case;

/// The global allocator, counting this thread's allocations (`requests_allocate_nothing`).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

#[allow(unsafe_code)]
// SAFETY: every call is forwarded to `System` unchanged; the count is a plain thread-local
// cell with a const initializer (touching it allocates nothing and registers no destructor).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

const NPES: &[usize] = &[2, 4, 8];
const NPES_AND_1: &[usize] = &[1, 2, 4, 8];

/// Every PE 2,000 times, under an exclusive epoch on PE 0: get element 0, put it back + 1
/// (non-atomic). The total is exact.
fn exclusive_epochs_exclude(shmem: &Shmem) {
    const K: u64 = 2000;
    let zero = shmem.pe(0).unwrap();
    let win = Window::<u64>::new(shmem, 4).unwrap();
    shmem.barrier_all();
    for i in 0..K {
        let e = win.lock(zero, LockKind::Exclusive).unwrap();
        let mut c = [0u64];
        e.get(0, &mut c).unwrap();
        if i % 16 == 0 {
            std::thread::yield_now();
        }
        e.put(0, &[c[0] + 1]).unwrap();
    }
    shmem.barrier_all();
    let mut total = [0u64];
    win.lock(zero, LockKind::Shared)
        .unwrap()
        .get(0, &mut total)
        .unwrap();
    assert_eq!(total[0], K * shmem.n_pes() as u64);
    shmem.barrier_all();
}

/// Issue 30 item 4, for windows: forgotten shared epochs stayed counted as readers of the
/// target's lock; the 32,768th overflowed the count, and an exclusive epoch was then granted
/// during an open shared one. Now a PE's shared epochs on one target share one hold of the
/// lock (issue 29 item 1): PE 0 forgets more shared epochs on itself than the count holds,
/// and the lock still has one reader. PE 0 still gets shared epochs there and is refused an
/// exclusive one (`EpochHeld`: it would wait for itself); every other PE gets shared epochs
/// and no exclusive one (`try_lock`: the forgotten reader holds the lock for good).
fn leaked_shared_epochs(shmem: &Shmem) {
    let zero = shmem.pe(0).unwrap();
    let win = Window::<u64>::new(shmem, 1).unwrap();
    shmem.barrier_all();
    if shmem.my_pe() == zero {
        for _ in 0..=shmem::MAX_READERS {
            std::mem::forget(win.lock(zero, LockKind::Shared).unwrap());
        }
    }
    shmem.barrier_all();
    let mut v = [1u64];
    win.lock(zero, LockKind::Shared)
        .unwrap()
        .get(0, &mut v)
        .unwrap();
    assert_eq!(v, [0]);
    if shmem.my_pe() == zero {
        let r = win.lock(zero, LockKind::Exclusive);
        assert!(
            matches!(
                r,
                Err(Error::EpochHeld {
                    pe: 0,
                    held: LockKind::Shared,
                    asked: LockKind::Exclusive
                })
            ),
            "{r:?}"
        );
    } else {
        let r = win.try_lock(zero, LockKind::Exclusive);
        assert!(
            matches!(r, Ok(None)),
            "an exclusive epoch during a shared one: {r:?}"
        );
    }
    shmem.barrier_all();
}

/// An epoch's lock starts from the state this PE left the target's lock in at its last
/// release (one round trip fewer to another node); that guess goes stale when another PE
/// takes the lock meanwhile, and must then cost only the failed compare-and-swap: PE 0 leaves
/// the lock free, PE 1 takes it and holds it, PE 0's `try_lock` (both kinds) is refused, then
/// PE 1 writes and releases, and PE 0's next exclusive epoch (its guess two tickets behind)
/// sees PE 1's write; then the same after shared epochs.
fn stale_lock_guesses(shmem: &Shmem) {
    let zero = shmem.pe(0).unwrap();
    let me = shmem.my_pe().index();
    let win = Window::<u64>::new(shmem, 1).unwrap();
    for kind in [LockKind::Exclusive, LockKind::Shared] {
        shmem.barrier_all();
        if me == 0 {
            drop(win.lock(zero, kind).unwrap());
        }
        shmem.barrier_all();
        let held = (me == 1).then(|| win.lock(zero, LockKind::Exclusive).unwrap());
        shmem.barrier_all();
        if me == 0 {
            for asked in [LockKind::Exclusive, LockKind::Shared] {
                let r = win.try_lock(zero, asked).map(|e| e.is_some());
                assert!(
                    matches!(r, Ok(false)),
                    "{asked:?} while PE 1 holds it: {r:?}"
                );
            }
        }
        shmem.barrier_all();
        let written = if kind == LockKind::Exclusive { 7 } else { 8 };
        if let Some(epoch) = held {
            epoch.put(0, &[written]).unwrap();
            drop(epoch);
        }
        shmem.barrier_all();
        if me == 0 {
            let epoch = win.lock(zero, LockKind::Exclusive).unwrap();
            let mut v = [0u64];
            epoch.get(0, &mut v).unwrap();
            assert_eq!(v, [written], "PE 1's write, after its release");
            epoch.put(0, &[written + 100]).unwrap();
        }
        shmem.barrier_all();
        let mut v = [0u64];
        win.lock(zero, LockKind::Shared)
            .unwrap()
            .get(0, &mut v)
            .unwrap();
        assert_eq!(v, [written + 100]);
    }
    shmem.barrier_all();
}

/// Every PE opens a shared epoch on the last PE and, inside it, meets every other PE in a
/// barrier: only possible if shared epochs overlap.
fn shared_epochs_overlap(shmem: &Shmem) {
    let last = shmem.pe_wrapping(shmem.n_pes() - 1);
    let win = Window::<u32>::new(shmem, 1).unwrap();
    shmem.barrier_all();
    let e = win.lock(last, LockKind::Shared).unwrap();
    shmem.barrier_all();
    let mut v = [9u32];
    e.get(0, &mut v).unwrap();
    assert_eq!(v, [0]);
    shmem.barrier_all();
    drop(e);
    shmem.barrier_all();
}

/// PE 0 takes 100 exclusive epochs on PE 1 while every other PE takes shared epochs on PE 1
/// in a loop until PE 0 is done; every shared epoch sees a consistent pair.
fn writer_not_starved(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let one = shmem.pe(1).unwrap();
    let win = Window::<u64>::new(shmem, 2).unwrap();
    let done = SymBox::new(shmem, 0u64).unwrap();
    shmem.barrier_all();
    if me == zero {
        for k in 1..=100u64 {
            win.lock(one, LockKind::Exclusive)
                .unwrap()
                .put(0, &[k, 3 * k])
                .unwrap();
        }
        done.p(zero, 1);
    } else {
        loop {
            let mut v = [0u64; 2];
            win.lock(one, LockKind::Shared)
                .unwrap()
                .get(0, &mut v)
                .unwrap();
            assert_eq!(v[1], 3 * v[0], "a torn pair under a shared epoch");
            if done.g(zero) != 0 {
                break;
            }
        }
    }
    shmem.barrier_all();
}

/// PE `p`'s contribution to element `i` for operator number `k` (small integers, so that
/// float sums and products are exact in any order).
fn contrib(k: usize, p: usize, i: usize) -> i64 {
    match k {
        // Prod: powers of two
        1 => 1 << ((p + i) % 3),
        // Band / Bor / Bxor: one distinct bit pattern per PE
        4..=6 => (0b1011_0110i64 << (p % 5)) ^ (i as i64 * 0x55),
        _ => (p as i64 * 7 + i as i64 * 3) % 11 - 4,
    }
}

/// The initial value of element `i` for operator `k`.
fn initial(k: usize, i: usize) -> i64 {
    match k {
        1 => 3,
        4 => -1,
        _ => i as i64 + 2,
    }
}

/// The expected element after every PE's accumulate (`None` for `Replace`, checked apart).
fn expected(k: usize, n: usize, i: usize) -> Option<i64> {
    let init = initial(k, i);
    let all = (0..n).map(|p| contrib(k, p, i));
    Some(match k {
        0 => all.fold(init, |a, b| a + b),
        1 => all.fold(init, |a, b| a * b),
        2 => all.fold(init, i64::min),
        3 => all.fold(init, i64::max),
        4 => all.fold(init, |a, b| a & b),
        5 => all.fold(init, |a, b| a | b),
        6 => all.fold(init, |a, b| a ^ b),
        _ => return None,
    })
}

/// Under `lock_all`, every PE accumulates into every PE's window with every operator, for
/// `i64`, `u32` (bitwise too) and `f64` (arithmetic only); then every PE checks its own part
/// against the fold computed here. AND, OR and XOR results differ for these inputs.
fn accumulate_everything(shmem: &Shmem) {
    const LEN: usize = 5;
    const OPS: usize = 8;
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let mut wi = Window::<i64>::new(shmem, OPS * LEN).unwrap();
    let mut wu = Window::<u32>::new(shmem, OPS * LEN).unwrap();
    let mut wf = Window::<f64>::new(shmem, OPS * LEN).unwrap();
    let init: Vec<i64> = (0..OPS * LEN).map(|j| initial(j / LEN, j % LEN)).collect();
    wi.lock(me, LockKind::Exclusive)
        .unwrap()
        .put(0, &init)
        .unwrap();
    let init_u: Vec<u32> = init.iter().map(|&v| v as u32).collect();
    wu.lock(me, LockKind::Exclusive)
        .unwrap()
        .put(0, &init_u)
        .unwrap();
    let init_f: Vec<f64> = init.iter().map(|&v| v as f64).collect();
    wf.lock(me, LockKind::Exclusive)
        .unwrap()
        .put(0, &init_f)
        .unwrap();
    shmem.barrier_all();
    {
        let (ei, eu, ef) = (wi.lock_all(), wu.lock_all(), wf.lock_all());
        for t in shmem.pes() {
            for k in 0..OPS {
                let c: Vec<i64> = (0..LEN).map(|i| contrib(k, me.index(), i)).collect();
                let cu: Vec<u32> = c.iter().map(|&v| v as u32).collect();
                let cf: Vec<f64> = c.iter().map(|&v| v as f64).collect();
                let at = k * LEN;
                match k {
                    0 => {
                        ei.accumulate(t, at, &c, op::Sum).unwrap();
                        eu.accumulate(t, at, &cu, op::Sum).unwrap();
                        ef.accumulate(t, at, &cf, op::Sum).unwrap();
                    }
                    1 => {
                        ei.accumulate(t, at, &c, op::Prod).unwrap();
                        eu.accumulate(t, at, &cu, op::Prod).unwrap();
                        ef.accumulate(t, at, &cf, op::Prod).unwrap();
                    }
                    2 => {
                        ei.accumulate(t, at, &c, op::Min).unwrap();
                        ef.accumulate(t, at, &cf, op::Min).unwrap();
                    }
                    3 => {
                        ei.accumulate(t, at, &c, op::Max).unwrap();
                        ef.accumulate(t, at, &cf, op::Max).unwrap();
                    }
                    4 => {
                        ei.accumulate(t, at, &c, op::Band).unwrap();
                        eu.accumulate(t, at, &cu, op::Band).unwrap();
                    }
                    5 => {
                        ei.accumulate(t, at, &c, op::Bor).unwrap();
                        eu.accumulate(t, at, &cu, op::Bor).unwrap();
                    }
                    6 => {
                        ei.accumulate(t, at, &c, op::Bxor).unwrap();
                        eu.accumulate(t, at, &cu, op::Bxor).unwrap();
                    }
                    _ => ei.accumulate(t, at, &c, op::Replace).unwrap(),
                }
            }
        }
    }
    shmem.barrier_all();
    let mut gi = vec![0i64; OPS * LEN];
    wi.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut gi)
        .unwrap();
    let mut gu = vec![0u32; OPS * LEN];
    wu.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut gu)
        .unwrap();
    let mut gf = vec![0f64; OPS * LEN];
    wf.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut gf)
        .unwrap();
    for k in 0..OPS {
        for i in 0..LEN {
            let j = k * LEN + i;
            match expected(k, n, i) {
                Some(want) => {
                    assert_eq!(gi[j], want, "i64 op {k} element {i}");
                    // u32: the same fold in wrapping u32 arithmetic (min/max not run on u32)
                    if !(2..=3).contains(&k) {
                        let init = initial(k, i) as u32;
                        let all = (0..n).map(|p| contrib(k, p, i) as u32);
                        let want_u = match k {
                            0 => all.fold(init, u32::wrapping_add),
                            1 => all.fold(init, u32::wrapping_mul),
                            4 => all.fold(init, |a, b| a & b),
                            5 => all.fold(init, |a, b| a | b),
                            _ => all.fold(init, |a, b| a ^ b),
                        };
                        assert_eq!(gu[j], want_u, "u32 op {k} element {i}");
                    }
                    if k <= 3 {
                        assert_eq!(gf[j], want as f64, "f64 op {k} element {i}");
                    }
                }
                None => {
                    let any = (0..n).any(|p| contrib(k, p, i) == gi[j]);
                    assert!(any, "replace: {} is no PE's contribution", gi[j]);
                }
            }
        }
    }
    shmem.barrier_all();
}

/// Long accumulates (the in-place path's heads, vector groups and tails, or the bounced path
/// off-node): every PE adds `p * 1000 + i` (`i64`, from element 3), xors `(p * 37 + i) as u8`
/// (`u8`, from element 1) and takes the max of `(p * i) % 97` (`f32`) into every PE, then
/// `get_accumulate`s zeros to read the result atomically. Exact totals, by folds over PE ids.
fn accumulate_long(shmem: &Shmem) {
    const LEN: usize = 1000;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut wi = Window::<i64>::new(shmem, LEN + 3).unwrap();
    let mut wb = Window::<u8>::new(shmem, LEN + 1).unwrap();
    let mut wf = Window::<f32>::new(shmem, LEN).unwrap();
    let ci: Vec<i64> = (0..LEN).map(|i| (me * 1000 + i) as i64).collect();
    let cb: Vec<u8> = (0..LEN).map(|i| (me * 37 + i) as u8).collect();
    let cf: Vec<f32> = (0..LEN).map(|i| ((me * i) % 97) as f32).collect();
    shmem.barrier_all();
    {
        let (ei, eb, ef) = (wi.lock_all(), wb.lock_all(), wf.lock_all());
        for t in shmem.pes() {
            ei.accumulate(t, 3, &ci, op::Sum).unwrap();
            eb.accumulate(t, 1, &cb, op::Bxor).unwrap();
            ef.accumulate(t, 0, &cf, op::Max).unwrap();
        }
    }
    shmem.barrier_all();
    let right = shmem.pe_wrapping(me + 1);
    let mut gi = vec![0i64; LEN + 3];
    let mut gb = vec![0u8; LEN + 1];
    let mut gf = vec![0f32; LEN];
    wi.lock(right, LockKind::Shared)
        .unwrap()
        .get_accumulate(0, &vec![0; LEN + 3], &mut gi, op::Sum)
        .unwrap();
    wb.lock(right, LockKind::Shared)
        .unwrap()
        .get_accumulate(0, &vec![0; LEN + 1], &mut gb, op::Bor)
        .unwrap();
    wf.lock(right, LockKind::Shared)
        .unwrap()
        .get_accumulate(0, &vec![0.0; LEN], &mut gf, op::NoOp)
        .unwrap();
    assert_eq!(gi[..3], [0, 0, 0]);
    assert_eq!(gb[0], 0);
    for i in 0..LEN {
        let want_i: i64 = (0..n).map(|p| (p * 1000 + i) as i64).sum();
        let want_b = (0..n).fold(0u8, |a, p| a ^ (p * 37 + i) as u8);
        let want_f = (0..n).map(|p| ((p * i) % 97) as f32).fold(0.0, f32::max);
        assert_eq!(gi[3 + i], want_i, "i64 element {i}");
        assert_eq!(gb[1 + i], want_b, "u8 element {i}");
        assert_eq!(gf[i], want_f, "f32 element {i}");
    }
    shmem.barrier_all();
}

/// A window over an existing array: its values are the window's (not zeroed), epochs
/// accumulate into them, and the array has the result once the window is dropped; with
/// counts too. PEs passing different arrays get `ArgumentMismatch`, every one of them.
fn window_over_vec(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let mut v = SymVec::from_fn(shmem, 6, |i| (me * 100 + i) as u32).unwrap();
    let mut other = SymVec::<u32>::zeroed(shmem, 6).unwrap();
    {
        let win = Window::over_with_counts(&mut v).unwrap();
        assert_eq!(win.len(), 6);
        let mut got = [0u32; 6];
        win.lock(right, LockKind::Shared)
            .unwrap()
            .get(0, &mut got)
            .unwrap();
        assert_eq!(
            got,
            std::array::from_fn(|i| (right.index() * 100 + i) as u32)
        );
        win.lock(right, LockKind::Exclusive)
            .unwrap()
            .accumulate(1, &[1000 + me as u32; 4], op::Sum)
            .unwrap();
        assert_eq!(win.wait_received(shmem.pe_wrapping(left), 1), Some(1));
        shmem.barrier_all();
    }
    let want: Vec<u32> = (0..6)
        .map(|i| {
            (me * 100 + i) as u32
                + if (1..5).contains(&i) {
                    1000 + left as u32
                } else {
                    0
                }
        })
        .collect();
    assert_eq!(v.to_vec(), want, "the array keeps what the epochs left");
    let pick = if me.is_multiple_of(2) {
        &mut v
    } else {
        &mut other
    };
    match Window::over(pick) {
        Err(Error::ArgumentMismatch { .. }) if n > 1 => {}
        Ok(_) if n == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    shmem.barrier_all();
}

/// The window's sum and product take complex numbers: every PE multiplies PE 0's element 0
/// by `i` and adds `1 + pe·i` to its element 1 (exact in any order).
fn accumulate_complex(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let win = Window::<Complex64>::new(shmem, 2).unwrap();
    if me == 0 {
        win.lock(zero, LockKind::Exclusive)
            .unwrap()
            .put(0, &[Complex64::new(1.0, 0.0)])
            .unwrap();
    }
    shmem.barrier_all();
    {
        let e = win.lock(zero, LockKind::Shared).unwrap();
        e.accumulate(0, &[Complex64::new(0.0, 1.0)], op::Prod)
            .unwrap();
        e.accumulate(1, &[Complex64::new(1.0, me as f64)], op::Sum)
            .unwrap();
    }
    shmem.barrier_all();
    let mut got = [Complex64::default(); 2];
    win.lock(zero, LockKind::Shared)
        .unwrap()
        .get(0, &mut got)
        .unwrap();
    let (re, im) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][n % 4]; // i^n
    let sum = Complex64::new(n as f64, (n * (n - 1) / 2) as f64);
    assert_eq!(got, [Complex64::new(re, im), sum]);
    shmem.barrier_all();
}

/// Every PE `fetch_and_op`s +1 on PE 0's element K times: the fetched values over all PEs are
/// exactly 0 .. n*K; `get_accumulate` with `NoOp` reads without writing.
fn fetch_and_op_returns_previous(shmem: &Shmem) {
    const K: usize = 50;
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let win = Window::<u64>::new(shmem, 1).unwrap();
    let seen = SymVec::<u64>::zeroed(shmem, n * K).unwrap();
    shmem.barrier_all();
    let mut mine = Vec::with_capacity(K);
    {
        let e = win.lock(zero, LockKind::Shared).unwrap();
        for _ in 0..K {
            mine.push(e.fetch_and_op(0, 1, op::Sum).unwrap());
        }
    }
    seen.slice(me.index() * K..(me.index() + 1) * K)
        .unwrap()
        .put(zero, &mine)
        .unwrap();
    shmem.barrier_all();
    let mut now = [0u64];
    win.lock(zero, LockKind::Shared)
        .unwrap()
        .get_accumulate(0, &[12345], &mut now, op::NoOp)
        .unwrap();
    assert_eq!(now[0], (n * K) as u64, "NoOp reads and writes nothing");
    if me == zero {
        let mut all = seen.to_vec();
        all.sort_unstable();
        assert_eq!(all, (0..(n * K) as u64).collect::<Vec<_>>());
    }
    shmem.barrier_all();
}

/// Every PE tries to swap 0 for its id + 1 on PE 0: exactly one wins (gets 0 back), every
/// other gets the winner's value, and the element holds the winner's value.
fn compare_and_swap_one_winner(shmem: &Shmem) {
    let me = shmem.my_pe().index() as i32;
    let zero = shmem.pe(0).unwrap();
    let win = Window::<i32>::new(shmem, 2).unwrap();
    let wins = SymBox::new(shmem, 0u64).unwrap();
    shmem.barrier_all();
    let old = win
        .lock(zero, LockKind::Shared)
        .unwrap()
        .compare_and_swap(1, 0, me + 1)
        .unwrap();
    if old == 0 {
        wins.atomic_fetch_inc(zero);
    }
    shmem.barrier_all();
    let mut v = [0i32; 2];
    win.lock(zero, LockKind::Shared)
        .unwrap()
        .get(0, &mut v)
        .unwrap();
    assert_eq!(wins.g(zero), 1, "exactly one winner");
    assert!(v[1] >= 1 && v[1] <= shmem.n_pes() as i32);
    assert!(old == 0 || old == v[1], "a loser sees the winner's value");
    assert_eq!(v[0], 0, "the neighbouring element untouched");
    shmem.barrier_all();
}

/// The accumulate family is atomic per element across operations and lengths: every PE, in
/// rounds, adds 1 to every element of every PE's window with a long `accumulate` and a long
/// `get_accumulate` (the vector path on this node), and 1 to one element with `fetch_and_op`
/// and to another with a `compare_and_swap` retried until it wins. A lost update anywhere
/// makes a total wrong.
fn accumulate_family_mixed(shmem: &Shmem) {
    const LEN: usize = 300;
    const ROUNDS: usize = 20;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut win = Window::<u64>::new(shmem, LEN).unwrap();
    let ones = vec![1u64; LEN];
    let mut old = vec![0u64; LEN];
    shmem.barrier_all();
    {
        let e = win.lock_all();
        for r in 0..ROUNDS {
            for t in shmem.pes() {
                e.accumulate(t, 0, &ones, op::Sum).unwrap();
                e.fetch_and_op(t, (r + me) % LEN, 1, op::Sum).unwrap();
                e.get_accumulate(t, 0, &ones, &mut old, op::Sum).unwrap();
                let j = (7 * r + 3 * me) % LEN;
                let mut cur = e.fetch_and_op(t, j, 0, op::NoOp).unwrap();
                loop {
                    let was = e.compare_and_swap(t, j, cur, cur + 1).unwrap();
                    if was == cur {
                        break;
                    }
                    cur = was;
                }
            }
        }
    }
    shmem.barrier_all();
    let mut got = vec![0u64; LEN];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut got)
        .unwrap();
    let mut want = vec![(2 * n * ROUNDS) as u64; LEN];
    for p in 0..n {
        for r in 0..ROUNDS {
            want[(r + p) % LEN] += 1;
            want[(7 * r + 3 * p) % LEN] += 1;
        }
    }
    assert_eq!(got, want);
    shmem.barrier_all();
}

/// Out-of-bounds ranges and a result of the wrong length are errors, and write nothing.
fn refused_calls_write_nothing(shmem: &Shmem) {
    let me = shmem.my_pe();
    let win = Window::<u16>::new(shmem, 8).unwrap();
    {
        let e = win.lock(me, LockKind::Exclusive).unwrap();
        e.put(0, &[7; 8]).unwrap();
        for r in [
            e.put(5, &[1; 4]),
            e.get(8, &mut [0; 1]),
            e.accumulate(usize::MAX, &[1], op::Sum),
        ] {
            assert!(matches!(r, Err(Error::OutOfBounds { .. })), "{r:?}");
        }
        assert!(matches!(
            e.fetch_and_op(8, 1, op::Sum),
            Err(Error::OutOfBounds { .. })
        ));
        let r = e.get_accumulate(0, &[1, 1], &mut [0; 3], op::Sum);
        assert!(matches!(r, Err(Error::LengthMismatch { .. })), "{r:?}");
        let mut v = [0u16; 8];
        e.get(0, &mut v).unwrap();
        assert_eq!(v, [7; 8], "nothing written");
    }
    match Window::<u8>::new(shmem, 4 + me.index() % 2) {
        Err(Error::ArgumentMismatch { .. }) if shmem.n_pes() > 1 => {}
        Ok(_) if shmem.n_pes() == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    // A length whose size overflows on one PE only: that PE must not leave the others
    // waiting in the allocation; every PE gets an error.
    let len = if me.index() == 0 { usize::MAX / 2 } else { 4 };
    match Window::<u64>::new(shmem, len) {
        Err(
            Error::ArgumentMismatch { .. } | Error::HeapExhausted { .. } | Error::Refused { .. },
        ) => {}
        other => panic!("expected an error on every PE: {other:?}"),
    }
    // And the heap is still in step on every PE.
    let again = Window::<u64>::new(shmem, 4).unwrap();
    assert_eq!(again.len(), 4);
    shmem.barrier_all();
}

/// Fence epochs: in round `r` every PE puts `f(me, r)` into its right neighbour's element
/// `r % 4` and accumulates `me + 1` into PE 0's counter; after the closing fence every PE
/// reads what its left neighbour wrote and PE 0's counter, without any other synchronization.
fn fence_epochs(shmem: &Shmem) {
    let mut win = Window::<i64>::new(shmem, 5).unwrap();
    fence_rounds(shmem, 20, &mut win);
}

/// The windows whose fence epochs [`fence_rounds`] runs.
trait Fenced {
    fn fence(&mut self) -> window::FenceEpoch<'_, i64>;
}

impl Fenced for Window<'_, i64> {
    fn fence(&mut self) -> window::FenceEpoch<'_, i64> {
        self.fence_epoch()
    }
}

impl Fenced for ActiveWindow<'_, i64> {
    fn fence(&mut self) -> window::FenceEpoch<'_, i64> {
        self.fence_epoch()
    }
}

/// `rounds` rounds of [`fence_epochs`] on `win` (at least 5 elements, elements 0..5 zero at
/// the start), a [`Window`] or an [`ActiveWindow`].
fn fence_rounds(shmem: &Shmem, rounds: usize, win: &mut impl Fenced) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let f = |p: usize, r: usize| (p * 1000 + r) as i64;
    for r in 0..rounds {
        {
            let e = win.fence();
            e.put(right, r % 4, &[f(me, r)]).unwrap();
            e.accumulate(zero, 4, &[me as i64 + 1], op::Sum).unwrap();
        }
        let e = win.fence();
        let mut got = [0i64];
        e.get(shmem.my_pe(), r % 4, &mut got).unwrap();
        assert_eq!(got[0], f(left, r), "round {r}: the left neighbour's put");
        let mut count = [0i64];
        e.get(zero, 4, &mut count).unwrap();
        let per_round = (n * (n + 1) / 2) as i64;
        assert_eq!(
            count[0],
            per_round * (r as i64 + 1),
            "round {r}: PE 0's counter"
        );
        e.fence();
    }
}

/// Post/start/complete/wait with rotating groups: in round `r`, PE `p` exposes itself to
/// `p - s` and accesses `p + s` (`s = 1 + r % (n - 1)`; itself on one PE), puts a value and
/// accumulates into the target; after `wait` the target sees both. A put to a PE outside the
/// access group is refused.
fn pscw_epochs(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut win = Window::<u64>::new(shmem, 2).unwrap();
    let g = |p: usize, r: usize| (p * 7919 + r * 13) as u64;
    for r in 0..24 {
        let s = if n == 1 { 0 } else { 1 + r % (n - 1) };
        let origin = shmem.pe_wrapping(me + n - s);
        let target = shmem.pe_wrapping(me + s);
        {
            let (exposure, access) = win.post_start(&[origin], &[target]);
            access.put(target, 0, &[g(me, r)]).unwrap();
            access.accumulate(target, 1, &[1], op::Sum).unwrap();
            if n > 2 {
                let outsider = shmem.pe_wrapping(me + s + 1);
                if outsider != target {
                    assert!(matches!(
                        access.put(outsider, 0, &[0]),
                        Err(Error::NotInEpochGroup { .. })
                    ));
                }
            }
            access.complete();
            exposure.wait();
        }
        // Exposure closed: the origin's operations are here. Read them under a passive epoch
        // on this PE (nobody else writes this PE now).
        let mut v = [0u64; 2];
        win.lock(shmem.my_pe(), LockKind::Shared)
            .unwrap()
            .get(0, &mut v)
            .unwrap();
        assert_eq!(v, [g(origin.index(), r), r as u64 + 1], "round {r}");
        shmem.barrier_all();
    }
}

/// Per-origin completion counts: each PE puts `k = me + 1` values, one at a time, into its
/// right neighbour and accumulates once, in two epochs; the neighbour waits (no barrier, no
/// flag) until its left neighbour's count reaches `k + 1` and then sees the last put and the
/// accumulate. A window without counts has none.
fn completion_counts(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = shmem.pe_wrapping(me.index() + n - 1);
    let plain = Window::<u64>::new(shmem, 1).unwrap();
    assert_eq!(plain.received_from(left), None);
    assert_eq!(plain.wait_received(left, 1), None);
    let mut win = Window::<u64>::with_counts(shmem, 2).unwrap();
    let k = me.index() as u64 + 1;
    for round in 0..2u64 {
        {
            let all = win.lock_all();
            for i in 1..=k {
                all.put(right, 0, &[round * 100 + i]).unwrap();
            }
            all.accumulate(right, 1, &[10], op::Sum).unwrap();
        } // completes, then counts
        let k_left = left.index() as u64 + 1;
        let want = (round + 1) * (k_left + 1);
        assert!(win.wait_received(left, want).unwrap() >= want);
        let mut v = [0u64; 2];
        win.lock(me, LockKind::Shared)
            .unwrap()
            .get(0, &mut v)
            .unwrap();
        assert_eq!(
            v,
            [round * 100 + k_left, 10 * (round + 1)],
            "round {round}: data visible when the count is"
        );
        assert_eq!(win.received_from(left), Some(want));
        shmem.barrier_all();
    }
    drop(plain);
}

/// The value element `i` of PE `p`'s contribution has in `requests` (distinct everywhere).
fn req_value(p: usize, i: usize) -> u64 {
    (p as u64 + 1) << 32 | i as u64
}

/// Request-based RMA: every PE starts puts of three sizes (one staged, two not on MPI) into
/// its right neighbour's part and one leaked get, tests and waits in reverse order; after a
/// barrier, gets of its left neighbour's part that are waited on inside the scope (the data
/// is usable at once) and one whose request is leaked (the scope's end finishes it);
/// accumulates as requests give exact totals; refused calls write nothing.
fn requests(shmem: &Shmem) {
    const SIZES: [usize; 3] = [3, 200, 1500];
    const LEN: usize = 3 + 200 + 1500;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = shmem.pe_wrapping(me + n - 1);
    let mut win = Window::<u64>::new(shmem, LEN + 1).unwrap();
    let src: Vec<u64> = (0..LEN).map(|i| req_value(me, i)).collect();
    let (a, rest) = src.split_at(SIZES[0]);
    let (b, c) = rest.split_at(SIZES[1]);
    shmem.barrier_all();
    {
        let all = win.lock_all();
        all.requests(|rq| {
            let mut reqs = vec![
                rq.rput(right, 0, a).unwrap(),
                rq.rput(right, SIZES[0], b).unwrap(),
                rq.rput(right, SIZES[0] + SIZES[1], c).unwrap(),
            ];
            // Refused: out of bounds, nothing written (checked after the barrier).
            assert!(matches!(
                rq.rput(right, LEN, a),
                Err(Error::OutOfBounds { start, len: 3, object_len }) if start == LEN && object_len == LEN + 1
            ));
            while let Some(mut r) = reqs.pop() {
                while !r.test() {
                    std::hint::spin_loop();
                }
                assert!(r.test(), "a finished request stays finished");
                let back = r.wait();
                assert!(back.len() == SIZES[reqs.len()]);
            }
        });
    }
    shmem.barrier_all();
    let want: Vec<u64> = (0..LEN).map(|i| req_value(left.index(), i)).collect();
    let mut leaked = vec![0u64; LEN];
    let mut early = [0u64; 8];
    let mut tail = [7u64; 1];
    {
        let e = win.lock(shmem.my_pe(), LockKind::Shared).unwrap();
        e.requests(|rq| {
            std::mem::forget(rq.rget(0, &mut leaked).unwrap());
            let r = rq.rget(LEN - 8, &mut early).unwrap();
            let t = rq.rget(LEN, &mut tail).unwrap();
            let got = r.wait();
            assert_eq!(
                got[..],
                want[LEN - 8..],
                "a waited get's data is usable in the scope"
            );
            assert_eq!(t.wait(), &[0], "the out-of-bounds put wrote nothing");
        });
    }
    assert_eq!(leaked, want, "the scope's end finished the leaked get");
    // Accumulates as requests: every PE adds (p + 1) * (i + 1) into every PE's first 64
    // elements and reads the previous values of the last one with rget_accumulate.
    let mut win = Window::<u64>::new(shmem, 65).unwrap();
    shmem.barrier_all();
    let adds: Vec<u64> = (0..64).map(|i| (me as u64 + 1) * (i + 1)).collect();
    let one = [1u64];
    let mut prev = [0u64];
    {
        let all = win.lock_all();
        all.requests(|rq| {
            for q in 0..n {
                let q = shmem.pe_wrapping(q);
                rq.raccumulate(q, 0, &adds, op::Sum).unwrap().wait();
            }
            let r = rq
                .rget_accumulate(right, 64, &one, &mut prev, op::Sum)
                .unwrap();
            assert!(r.wait()[0] < n as u64);
            assert!(matches!(
                rq.raccumulate(right, 60, &adds, op::Sum),
                Err(Error::OutOfBounds { .. })
            ));
        });
    }
    shmem.barrier_all();
    let tri = (n * (n + 1) / 2) as u64;
    let mut mine = vec![0u64; 65];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut mine)
        .unwrap();
    let want: Vec<u64> = (0..64).map(|i| tri * (i + 1)).chain([1]).collect();
    assert_eq!(mine, want);
    shmem.barrier_all();
}

/// 10,000 request-based operations (puts, gets, accumulates, tested and waited) allocate
/// nothing once the epoch is open: a request is a value, not an object from a heap.
fn requests_allocate_nothing(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let mut win = Window::<u64>::new(shmem, 1024).unwrap();
    let src: Vec<u64> = (0..1024).map(|i| req_value(me, i)).collect();
    let mut dst = vec![0u64; 1024];
    shmem.barrier_all();
    let rounds = 2500;
    let ops;
    let before;
    {
        let all = win.lock_all();
        before = allocations();
        let mut count = 0u64;
        for round in 0..rounds {
            let len = [1, 8, 100, 1024][round % 4];
            all.requests(|rq| {
                let mut put = rq.rput(right, 0, &src[..len]).unwrap();
                let _ = put.test();
                put.wait();
                all.flush(right); // a finished put is complete at the origin only
                let get = rq.rget(right, 0, &mut dst[..len]).unwrap();
                assert_eq!(get.wait()[len - 1], req_value(me, len - 1));
                rq.raccumulate(right, 1023, &src[..1], op::Bxor)
                    .unwrap()
                    .wait();
                drop(rq.rput(right, 0, &src[..len]).unwrap()); // dropping waits
            });
            count += 4;
        }
        ops = count;
    }
    let allocated = allocations() - before;
    assert_eq!(ops, 10_000);
    assert_eq!(allocated, 0, "{ops} requests allocated {allocated} times");
    shmem.barrier_all();
}

/// 10,000 non-blocking puts and gets with handles that own their buffer, each returned buffer
/// passed to the next call, allocate nothing (OpenSHMEM issue: per-operation handles).
fn nbi_handles_allocate_nothing(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let v = SymVec::<u64>::zeroed(shmem, 1024).unwrap();
    let mut buf: Vec<u64> = (0..1024).map(|i| req_value(me, i)).collect();
    shmem.barrier_all();
    let before = allocations();
    for round in 0..5000 {
        let len = [1, 8, 100, 1024][round % 4];
        buf.truncate(len);
        let h = v.put_nbi(right, std::mem::take(&mut buf)).unwrap();
        buf = h.wait();
        let h = v.get_nbi(right, std::mem::take(&mut buf)).unwrap();
        buf = h.wait();
        assert_eq!(buf.len(), len);
        // Back to the full length without reallocating (capacity is kept).
        buf.resize(1024, 0);
    }
    let allocated = allocations() - before;
    assert_eq!(allocated, 0, "10,000 handles allocated {allocated} times");
    shmem.barrier_all();
}

/// `accumulate_layout` / `get_accumulate_layout`: every PE adds its contributions, taken from
/// an indexed origin layout, into a column (vector target layout) of every PE's window; the
/// totals match a plain-loop fold over PE ids; `get_accumulate_layout` with `NoOp` reads them
/// back into a strided origin layout; mismatched and out-of-bounds layouts write nothing.
fn accumulate_layouts(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut win = Window::<i64>::new(shmem, 64).unwrap();
    let column = Layout::vector(6, 1, 10).unwrap(); // elements 0, 10, .., 50 (from `at`)
    let picks = [(1usize, 2usize), (5, 1), (9, 3)]; // src elements 1, 2, 5, 9, 10, 11
    let origin = Layout::indexed(&picks).unwrap();
    let src: Vec<i64> = (0..12).map(|i| (me as i64 + 1) * 100 + i as i64).collect();
    let picked: Vec<usize> = selected(&picks);
    shmem.barrier_all();
    {
        let all = win.lock_all();
        for t in shmem.pes() {
            all.accumulate_layout(t, 3, &src, &origin, &column, op::Sum)
                .unwrap();
        }
        // Refused: 6 elements against 5, a column past the end.
        let five = Layout::contiguous(5);
        assert!(matches!(
            all.accumulate_layout(shmem.my_pe(), 3, &src, &five, &column, op::Sum),
            Err(Error::LengthMismatch { .. })
        ));
        assert!(matches!(
            all.accumulate_layout(shmem.my_pe(), 20, &src, &origin, &column, op::Sum),
            Err(Error::OutOfBounds { .. })
        ));
    }
    shmem.barrier_all();
    let mut got = vec![0i64; 64];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut got)
        .unwrap();
    let mut want = vec![0i64; 64];
    for (k, &i) in picked.iter().enumerate() {
        want[3 + 10 * k] = (0..n).map(|p| (p as i64 + 1) * 100 + i as i64).sum();
    }
    assert_eq!(got, want);
    let strided = Layout::vector(6, 1, 2).unwrap();
    let mut back = vec![-1i64; 12];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get_accumulate_layout(3, &[0; 12], &mut back, &strided, &column, op::NoOp)
        .unwrap();
    for k in 0..6 {
        assert_eq!(back[2 * k], want[3 + 10 * k]);
        assert_eq!(back[2 * k + 1], -1, "outside the origin layout: untouched");
    }
    shmem.barrier_all();
}

/// The elements a layout selects, in its order (MPI's typemap order: the blocks in the order
/// given), by a plain loop over its description (not its blocks).
fn selected(desc: &[(usize, usize)]) -> Vec<usize> {
    desc.iter().flat_map(|&(a, n)| a..a + n).collect()
}

/// Layout transfers: vector, indexed and nested layouts on both sides against the expected
/// placement computed by a plain loop; `get_layout` brings the same elements back; a count
/// mismatch and out-of-bounds layouts are errors that move nothing.
fn layouts(shmem: &Shmem) {
    const LEN: usize = 64;
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = shmem.pe_wrapping(me.index() + shmem.n_pes() - 1);
    let win = Window::<u32>::new(shmem, LEN).unwrap();
    let src: Vec<u32> = (0..40).map(|i| me.index() as u32 * 1000 + i).collect();
    // origin: 4 blocks of 2, stride 5; target: two blocks (3, 3) and (20, 5)
    let origin = Layout::vector(4, 2, 5).unwrap();
    let origin_desc: Vec<(usize, usize)> = (0..4).map(|i| (i * 5, 2)).collect();
    let target = Layout::indexed(&[(20, 5), (3, 3)]).unwrap();
    let target_desc = [(20, 5), (3, 3)];
    // nested: two copies, 10 apart, of {0, 1, 5} -> {0, 1, 5, 10, 11, 15}, on both sides
    let pair = Layout::indexed(&[(0, 2), (5, 1)]).unwrap();
    let nested = Layout::nested(&pair, 2, 10).unwrap();
    let nested_desc = [(0, 2), (5, 1), (10, 2), (15, 1)];
    assert_eq!(nested.len(), 6);
    let at = 7;
    {
        let e = win.lock(right, LockKind::Exclusive).unwrap();
        e.put_layout(at, &src, &origin, &target).unwrap();
        e.put_layout(40, &src, &nested, &nested).unwrap();
        // refused: counts differ, target past the end, origin past the buffer
        let before = {
            let mut v = vec![0u32; LEN];
            e.get(0, &mut v).unwrap();
            v
        };
        let r = e.put_layout(0, &src, &origin, &nested);
        assert!(matches!(r, Err(Error::LengthMismatch { .. })), "{r:?}");
        let r = e.put_layout(LEN - 10, &src, &origin, &target);
        assert!(matches!(r, Err(Error::OutOfBounds { .. })), "{r:?}");
        let r = e.put_layout(0, &src[..10], &origin, &target);
        assert!(matches!(r, Err(Error::OutOfBounds { .. })), "{r:?}");
        let mut after = vec![0u32; LEN];
        e.get(0, &mut after).unwrap();
        assert_eq!(after, before, "refused layout transfers wrote something");
    }
    shmem.barrier_all();
    // What the left neighbour's transfers must have left here, by plain loops.
    let lsrc: Vec<u32> = (0..40).map(|i| left.index() as u32 * 1000 + i).collect();
    let mut want = vec![0u32; LEN];
    for (o, t) in selected(&origin_desc)
        .into_iter()
        .zip(selected(&target_desc))
    {
        want[at + t] = lsrc[o];
    }
    for (o, t) in selected(&nested_desc)
        .into_iter()
        .zip(selected(&nested_desc))
    {
        want[40 + t] = lsrc[o];
    }
    let mut have = vec![0u32; LEN];
    win.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut have)
        .unwrap();
    assert_eq!(have, want);
    // And back: the right neighbour's selected elements into the origin positions.
    let mut back = vec![0u32; 40];
    win.lock(right, LockKind::Shared)
        .unwrap()
        .get_layout(at, &mut back, &origin, &target)
        .unwrap();
    for (i, &b) in back.iter().enumerate() {
        let expect = if selected(&origin_desc).contains(&i) {
            src[i]
        } else {
            0
        };
        assert_eq!(b, expect, "element {i} brought back");
    }
    assert!(Layout::vector(3, 4, 2).is_err());
    assert!(Layout::indexed(&[(0, 4), (3, 1)]).is_err());
    assert!(Layout::nested(&pair, 2, 4).is_err()); // {0, 1, 5} and {4, 5, 9} share 5
    assert_eq!(Layout::nested(&pair, 2, 3).unwrap().len(), 6); // {0, 1, 5} and {3, 4, 8}
    shmem.barrier_all();
}

/// Issue 29 item 2: a layout keeps the order it was given (MPI's typemap order). The issue's
/// example (`indexed(&[(5, 1), (0, 1)])` as the target of `[10, 20]` puts 10 at 5, 20 at 0;
/// it put 10 at 0 when blocks were sorted), and a transpose by layout: each PE puts its
/// `R x C` row-major matrix into its right neighbour's window through a target layout that
/// visits the transposed positions (origin element `i C + j` to target `j R + i`), built
/// both as a nested vector and as an indexed list, and gets it back transposed again with
/// `get_layout`; the results are checked against a transpose by plain loops.
fn layout_order(shmem: &Shmem) {
    const R: usize = 3;
    const C: usize = 5;
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = shmem.pe_wrapping(me.index() + shmem.n_pes() - 1);
    let win = Window::<u32>::new(shmem, 3 * R * C).unwrap();
    let matrix = |p: usize| -> Vec<u32> { (0..R * C).map(|k| (p * 100 + k) as u32).collect() };
    let transpose = |a: &[u32]| -> Vec<u32> {
        let mut t = vec![0; R * C];
        for i in 0..R {
            for j in 0..C {
                t[j * R + i] = a[i * C + j];
            }
        }
        t
    };
    let a = matrix(me.index());
    let whole = Layout::contiguous(R * C);
    // Row i of A goes to column i of the transpose: elements i, i + R, i + 2R, ...
    let by_vector = Layout::nested(&Layout::vector(C, 1, R).unwrap(), R, 1).unwrap();
    let list: Vec<(usize, usize)> = (0..R)
        .flat_map(|i| (0..C).map(move |j| (j * R + i, 1)))
        .collect();
    let by_list = Layout::indexed(&list).unwrap();
    assert_eq!(by_vector, by_list);
    let swap = Layout::indexed(&[(5, 1), (0, 1)]).unwrap();
    {
        let e = win.lock(right, LockKind::Exclusive).unwrap();
        e.put_layout(0, &a, &whole, &by_vector).unwrap();
        e.put_layout(R * C, &a, &whole, &by_list).unwrap();
        e.put_layout(2 * R * C, &[10, 20], &Layout::contiguous(2), &swap)
            .unwrap();
    }
    shmem.barrier_all();
    let mut have = vec![0u32; 3 * R * C];
    win.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut have)
        .unwrap();
    let want = transpose(&matrix(left.index()));
    assert_eq!(have[..R * C], want[..], "transposed by a nested layout");
    assert_eq!(
        have[R * C..2 * R * C],
        want[..],
        "transposed by an indexed layout"
    );
    assert_eq!(
        have[2 * R * C..2 * R * C + 6],
        [20, 0, 0, 0, 0, 10],
        "indexed(&[(5, 1), (0, 1)]) puts the first element at 5"
    );
    shmem.barrier_all();
    // Back: the right neighbour holds A transposed; reading it through the same layout
    // into a contiguous buffer transposes it again, giving A.
    let mut back = vec![0u32; R * C];
    win.lock(right, LockKind::Shared)
        .unwrap()
        .get_layout(0, &mut back, &whole, &by_list)
        .unwrap();
    assert_eq!(
        back, a,
        "a transposed matrix read back through the transpose layout"
    );
    shmem.barrier_all();
}

/// Issue 29 item 1: epochs on several targets of one window at once (MPICH's `lock_nested`,
/// `lockall_dt`, written the MPI way). Every PE, 50 times, takes an exclusive epoch on every
/// PE (in PE order, so no two PEs wait for each other in a cycle) and holds them all, adds
/// its contribution to element 0 of each by a non-atomic get and put, flushes each and
/// unlocks them all: each total is exact only if the epochs excluded each other. Then shared
/// epochs on every PE at once: a put to element `1 + me` of each, flushed, unlocked; each PE
/// finds every origin's value in its part. Values are computed by plain formulas.
fn several_targets(shmem: &Shmem) {
    const ROUNDS: u64 = 50;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let win = Window::<u64>::new(shmem, 1 + n).unwrap();
    let gift = |p: usize, t: usize| (p * 7 + t * 3 + 1) as u64;
    shmem.barrier_all();
    for _ in 0..ROUNDS {
        let epochs: Vec<_> = shmem
            .pes()
            .map(|t| win.lock(t, LockKind::Exclusive).unwrap())
            .collect();
        for e in &epochs {
            let mut v = [0u64];
            e.get(0, &mut v).unwrap();
            e.put(0, &[v[0] + gift(me, e.target().index())]).unwrap();
        }
        for e in &epochs {
            e.flush();
        }
        drop(epochs);
    }
    {
        let epochs = shmem
            .pes()
            .map(|t| win.lock(t, LockKind::Shared))
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        for e in &epochs {
            e.put(1 + me, &[gift(me, e.target().index()) * 1000])
                .unwrap();
            e.flush();
        }
    }
    shmem.barrier_all();
    let mut have = vec![0u64; 1 + n];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut have)
        .unwrap();
    let total: u64 = (0..n).map(|p| ROUNDS * gift(p, me)).sum();
    assert_eq!(
        have[0], total,
        "exclusive epochs on several targets excluded"
    );
    for p in 0..n {
        assert_eq!(have[1 + p], gift(p, me) * 1000, "shared put from PE {p}");
    }
    shmem.barrier_all();
}

/// Issue 29 item 1: two epochs of one PE on one target. Shared ones share the hold (both
/// read), and the lock is released only when the last ends; an exclusive epoch where this PE
/// holds any, or any epoch where it holds an exclusive one, is `EpochHeld` (it would wait for
/// itself), from `lock` and `try_lock` alike, and nothing is locked then. A second shared
/// epoch joins the first even while another PE's exclusive epoch queues behind it (a request
/// of its own would queue behind that writer, which waits for this PE).
fn same_target_twice(shmem: &Shmem) {
    let me = shmem.my_pe();
    let zero = shmem.pe(0).unwrap();
    let win = Window::<u64>::new(shmem, 2).unwrap();
    let queued = SymBox::new(shmem, 0u64).unwrap();
    win.lock(me, LockKind::Exclusive)
        .unwrap()
        .put(0, &[me.index() as u64 + 5])
        .unwrap();
    let held = |r: Result<_, Error>, h: LockKind, a: LockKind| {
        assert!(
            matches!(r, Err(Error::EpochHeld { pe, held, asked }) if pe == me.index() && held == h && asked == a),
            "{r:?}"
        );
    };
    let a = win.lock(me, LockKind::Shared).unwrap();
    let b = win.lock(me, LockKind::Shared).unwrap();
    let (mut x, mut y) = ([0u64], [0u64]);
    a.get(0, &mut x).unwrap();
    b.get(0, &mut y).unwrap();
    assert_eq!((x[0], y[0]), (me.index() as u64 + 5, me.index() as u64 + 5));
    held(
        win.lock(me, LockKind::Exclusive).map(drop),
        LockKind::Shared,
        LockKind::Exclusive,
    );
    drop(a);
    held(
        win.try_lock(me, LockKind::Exclusive).map(drop),
        LockKind::Shared,
        LockKind::Exclusive,
    );
    b.put(1, &[9]).unwrap();
    drop(b);
    let e = win.lock(me, LockKind::Exclusive).unwrap();
    held(
        win.lock(me, LockKind::Shared).map(drop),
        LockKind::Exclusive,
        LockKind::Shared,
    );
    held(
        win.try_lock(me, LockKind::Exclusive).map(drop),
        LockKind::Exclusive,
        LockKind::Exclusive,
    );
    let mut z = [0u64; 2];
    e.get(0, &mut z).unwrap();
    assert_eq!(z, [me.index() as u64 + 5, 9]);
    drop(e);
    // The lock is free again: a try succeeds in either mode.
    assert!(win.try_lock(me, LockKind::Exclusive).unwrap().is_some());
    shmem.barrier_all();
    // PE 0 holds a shared epoch on itself; PE 1 asks for an exclusive one there (it waits for
    // PE 0's epochs to end); PE 0, told that PE 1 is about to queue, opens a second shared
    // epoch on itself, then ends both, which lets PE 1 in.
    if shmem.n_pes() > 1 {
        if me == zero {
            let first = win.lock(zero, LockKind::Shared).unwrap();
            shmem.barrier_all();
            queued.wait_until(shmem::Cmp::Ne, 0);
            for _ in 0..100 {
                std::thread::yield_now();
            }
            let second = win.lock(zero, LockKind::Shared).unwrap();
            second.get(0, &mut x).unwrap();
            assert_eq!(x[0], 5);
            drop(first);
            drop(second);
        } else {
            shmem.barrier_all();
            if me.index() == 1 {
                queued.p(zero, 1);
                win.lock(zero, LockKind::Exclusive)
                    .unwrap()
                    .put(0, &[77])
                    .unwrap();
            }
        }
        shmem.barrier_all();
        win.lock(zero, LockKind::Shared)
            .unwrap()
            .get(0, &mut x)
            .unwrap();
        assert_eq!(x[0], 77);
    }
    shmem.barrier_all();
}

/// Issue 29 item 4: `compare_and_swap` on a float window compares bit patterns (MPI allows
/// it on integers only; here any element type, by its bits, as a `u64` of the same bits
/// would): `0.0` does not match `-0.0` although they are equal as numbers, a NaN matches
/// the same NaN although it equals nothing as a number, and a NaN with another payload does
/// not match. A failing compare writes nothing; the previous value comes back either way.
fn compare_and_swap_float_bits(shmem: &Shmem) {
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let nan = f64::from_bits(0x7ff8_0000_0000_0001);
    let other_nan = f64::from_bits(0x7ff8_0000_0000_0002);
    let win = Window::<f64>::new(shmem, 2).unwrap();
    win.lock(me, LockKind::Exclusive)
        .unwrap()
        .put(0, &[-0.0, nan])
        .unwrap();
    shmem.barrier_all();
    {
        let e = win.lock(right, LockKind::Exclusive).unwrap();
        let bits = |v: f64| v.to_bits();
        // 0.0 == -0.0 as numbers, not as bits: no swap.
        assert_eq!(bits(e.compare_and_swap(0, 0.0, 1.0).unwrap()), bits(-0.0));
        // NaN != NaN as numbers, the same bits: a swap.
        assert_eq!(bits(e.compare_and_swap(1, nan, 3.0).unwrap()), bits(nan));
        // -0.0 by its bits: a swap.
        assert_eq!(bits(e.compare_and_swap(0, -0.0, 2.0).unwrap()), bits(-0.0));
        // Another NaN's bits do not match 3.0, nor does a NaN of another payload match a NaN.
        assert_eq!(e.compare_and_swap(1, other_nan, 4.0).unwrap(), 3.0);
        e.put(1, &[nan]).unwrap();
        assert_eq!(
            bits(e.compare_and_swap(1, other_nan, 5.0).unwrap()),
            bits(nan)
        );
    }
    shmem.barrier_all();
    let mut have = [0.0f64; 2];
    win.lock(me, LockKind::Shared)
        .unwrap()
        .get(0, &mut have)
        .unwrap();
    assert_eq!(have[0].to_bits(), 2.0f64.to_bits());
    assert_eq!(
        have[1].to_bits(),
        nan.to_bits(),
        "a NaN of another payload swapped"
    );
    shmem.barrier_all();
}

/// Issue 29 item 3: completion over sets of requests. Every PE starts four puts of
/// different sizes into its right neighbour's part, tests them as a set (`test_all`) until
/// all are finished, waits for them all (`wait_all`: the buffers come back in order), flushes,
/// then starts four gets of the same ranges and takes them as they finish (`wait_any`: each
/// index, mapped back to the get it was, brings that range's data). `wait_any` of no requests
/// is `None`. Then `rput_layout` and `rget_layout`: a matrix put transposed by a layout, read
/// back plainly (transposed, by loops) and through the layout (the matrix again).
fn request_sets(shmem: &Shmem) {
    const SIZES: [usize; 4] = [1, 7, 64, 300];
    let total: usize = SIZES.iter().sum();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let win = Window::<u64>::new(shmem, total).unwrap();
    let src: Vec<u64> = (0..total).map(|i| req_value(me, i)).collect();
    let starts: Vec<usize> = SIZES
        .iter()
        .scan(0, |at, &n| {
            let s = *at;
            *at += n;
            Some(s)
        })
        .collect();
    let mut dst = vec![0u64; total];
    let e = win.lock(right, LockKind::Exclusive).unwrap();
    e.requests(|rq| {
        let mut puts: Vec<_> = starts
            .iter()
            .zip(SIZES)
            .map(|(&at, n)| rq.rput(at, &src[at..at + n]).unwrap())
            .collect();
        while !window::test_all(&mut puts) {
            std::thread::yield_now();
        }
        assert!(window::test_all(&mut puts), "finished stays finished");
        let back = window::wait_all(puts);
        for (k, b) in back.iter().enumerate() {
            assert_eq!(*b, &src[starts[k]..starts[k] + SIZES[k]]);
        }
        e.flush();
        let mut chunks = Vec::new();
        let mut rest = &mut dst[..];
        for n in SIZES {
            let (c, r) = rest.split_at_mut(n);
            chunks.push(c);
            rest = r;
        }
        let mut gets: Vec<_> = starts
            .iter()
            .zip(chunks)
            .map(|(&at, c)| rq.rget(at, c).unwrap())
            .collect();
        let mut which: Vec<usize> = (0..SIZES.len()).collect();
        let mut seen = Vec::new();
        while let Some((i, buf)) = window::wait_any(&mut gets) {
            let k = which.remove(i);
            assert_eq!(buf, &src[starts[k]..starts[k] + SIZES[k]], "get {k}");
            seen.push(k);
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..SIZES.len()).collect::<Vec<_>>());
        let mut none: Vec<shmem::window::Request<'_, &mut [u64]>> = Vec::new();
        assert!(window::wait_any(&mut none).is_none());
    });
    drop(e);
    assert_eq!(dst, src);
    shmem.barrier_all();
    // Requests with layouts: the first 12 elements, as a 3 x 4 matrix, put transposed into
    // the right neighbour (past the chunks), and read back through the same layout.
    let transpose = Layout::nested(&Layout::vector(4, 1, 3).unwrap(), 3, 1).unwrap();
    let whole = Layout::contiguous(12);
    let e = win.lock(right, LockKind::Exclusive).unwrap();
    let mut back = [0u64; 12];
    e.requests(|rq| {
        let put = rq
            .rput_layout(total - 12, &src[..12], &whole, &transpose)
            .unwrap();
        assert_eq!(put.wait(), &src[..12]);
        e.flush();
        let mut plain = [0u64; 12];
        e.get(total - 12, &mut plain).unwrap();
        for i in 0..3 {
            for j in 0..4 {
                assert_eq!(plain[j * 3 + i], src[i * 4 + j], "transposed ({i}, {j})");
            }
        }
        let got = rq
            .rget_layout(total - 12, &mut back, &whole, &transpose)
            .unwrap()
            .wait();
        assert_eq!(got, &src[..12]);
    });
    drop(e);
    shmem.barrier_all();
}

/// The value origin `p` writes at element `j` of target `k`'s part of a sized window.
fn sized_value(p: usize, k: usize, j: usize) -> u64 {
    ((p as u64 + 1) << 40) | ((k as u64) << 20) | j as u64
}

/// Asserts that `r` is the bounds error of a range from `start` of `len` elements on a
/// target exposing `object_len`.
fn assert_oob<V: std::fmt::Debug>(
    r: Result<V, Error>,
    start: usize,
    len: usize,
    object_len: usize,
) {
    match r {
        Err(Error::OutOfBounds {
            start: s,
            len: l,
            object_len: o,
        }) if (s, l, o) == (start, len, object_len) => {}
        other => panic!("expected OutOfBounds {{ {start}, {len}, {object_len} }}: {other:?}"),
    }
}

/// Issue 29 item 3: a window whose length differs per PE (`MPI_Win_allocate` with a size per
/// process, MPICH's `win_zero`): PE `k` exposes `k` elements (PE 0 none). Every PE fills
/// every other PE's whole part under an exclusive epoch and reads it back; one element past
/// a target's length is refused for every kind of operation, naming that target's length,
/// and writes nothing (not even into the padding up to the longest part); accumulates and
/// `fetch_and_op` on each PE's last element give exact totals; `lock_all` gets read every
/// part in full.
fn sized_windows(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let win = Window::<u64>::new_sized(shmem, me).unwrap();
    assert_eq!((win.len(), win.is_empty()), (me, me == 0));
    for pe in shmem.pes() {
        assert_eq!(win.len_of(pe), pe.index());
    }
    shmem.barrier_all();
    for pe in shmem.pes() {
        let k = pe.index();
        let e = win.lock(pe, LockKind::Exclusive).unwrap();
        let src: Vec<u64> = (0..k).map(|j| sized_value(me, k, j)).collect();
        e.put(0, &src).unwrap();
        e.flush();
        let mut back = vec![0u64; k];
        e.get(0, &mut back).unwrap();
        assert_eq!(back, src, "PE {me} read back PE {k}'s part");
        // One past the target's own length, whatever the longest part is.
        assert_oob(e.put(k, &[1]), k, 1, k);
        assert_oob(e.put(0, &vec![1; k + 1]), 0, k + 1, k);
        assert_oob(e.get(0, &mut vec![0; k + 1]), 0, k + 1, k);
        assert_oob(e.accumulate(k, &[1], op::Sum), k, 1, k);
        assert_oob(e.get_accumulate(k, &[1], &mut [0], op::Sum), k, 1, k);
        assert_oob(e.fetch_and_op(k, 1, op::Sum), k, 1, k);
        assert_oob(e.compare_and_swap(k, 0, 1), k, 1, k);
        let one = Layout::contiguous(1);
        assert_oob(e.put_layout(k, &[1], &one, &one), k, 1, k);
        assert_oob(e.get_layout(k, &mut [0], &one, &one), k, 1, k);
        let mut one = [0u64];
        e.requests(|rq| {
            assert_oob(rq.rput(k, &[1]).map(drop), k, 1, k);
            assert_oob(rq.rget(k, &mut one).map(drop), k, 1, k);
        });
        e.get(0, &mut back).unwrap();
        assert_eq!(back, src, "a refused call wrote into PE {k}'s part");
    }
    shmem.barrier_all();
    // Each PE writes its own part; then every PE reads every part under one lock_all.
    {
        let own: Vec<u64> = (0..me).map(|j| sized_value(me, me, j)).collect();
        win.lock(shmem.my_pe(), LockKind::Exclusive)
            .unwrap()
            .put(0, &own)
            .unwrap();
    }
    shmem.barrier_all();
    let mut win = win;
    {
        let all = win.lock_all();
        for pe in shmem.pes() {
            let k = pe.index();
            let mut got = vec![0u64; k];
            all.get(pe, 0, &mut got).unwrap();
            let want: Vec<u64> = (0..k).map(|j| sized_value(k, k, j)).collect();
            assert_eq!(got, want, "PE {me} read PE {k}'s part under lock_all");
            assert_oob(all.get(pe, k, &mut [0]), k, 1, k);
        }
    }
    shmem.barrier_all();
    // Accumulates: every PE adds `me + 1` (accumulate) and 1 (fetch_and_op) to the last
    // element of every PE that has one.
    let acc = Window::<i64>::new_sized(shmem, me).unwrap();
    shmem.barrier_all();
    let total = (n * (n + 1) / 2 + n) as i64;
    for pe in shmem.pes().filter(|pe| pe.index() > 0) {
        let last = pe.index() - 1;
        let e = acc.lock(pe, LockKind::Shared).unwrap();
        e.accumulate(last, &[me as i64 + 1], op::Sum).unwrap();
        let old = e.fetch_and_op(last, 1, op::Sum).unwrap();
        assert!(
            (me as i64 + 1..total).contains(&old),
            "fetch_and_op on PE {}: previous value {old}",
            pe.index()
        );
    }
    shmem.barrier_all();
    if me > 0 {
        let mut mine = vec![-1i64; me];
        acc.lock(shmem.my_pe(), LockKind::Shared)
            .unwrap()
            .get(0, &mut mine)
            .unwrap();
        let mut want = vec![0i64; me];
        want[me - 1] = total;
        assert_eq!(mine, want, "PE {me}'s part after the accumulates");
    }
    shmem.barrier_all();
}

/// Sized windows with counts and over every kind of epoch: a PE's operations into a part are
/// counted there; fence and post/start epochs check each target's own length.
fn sized_windows_epochs(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    // PE k exposes 2k + 1 elements.
    let len = |k: usize| 2 * k + 1;
    let mut win = Window::<u32>::with_counts_sized(shmem, len(me)).unwrap();
    // Origin p writes p + 1 at element len(k) - 1 - p of every PE k long enough for it.
    {
        let f = win.fence_epoch();
        for pe in shmem.pes() {
            let k = pe.index();
            if me < len(k) {
                f.put(pe, len(k) - 1 - me, &[me as u32 + 1]).unwrap();
            }
            assert_oob(f.put(pe, len(k), &[0]), len(k), 1, len(k));
        }
    }
    let mut mine = vec![0u32; len(me)];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut mine)
        .unwrap();
    let want: Vec<u32> = (0..len(me))
        .map(|j| len(me) - 1 - j)
        .map(|p| if p < n { p as u32 + 1 } else { 0 })
        .collect();
    assert_eq!(mine, want, "PE {me}'s part after the fence");
    for pe in shmem.pes() {
        let wrote = u64::from(pe.index() < len(me));
        assert_eq!(win.received_from(pe), Some(wrote), "puts from {pe:?}");
    }
    shmem.barrier_all();
    // Post/start to the right neighbour: its whole part, then one past it.
    let right = shmem.pe_wrapping(me + 1);
    let left = shmem.pe_wrapping(me + n - 1);
    {
        let (exposure, access) = win.post_start(&[left], &[right]);
        let k = right.index();
        let src = vec![7u32; len(k)];
        access.put(right, 0, &src).unwrap();
        assert_oob(access.put(right, 1, &src), 1, len(k), len(k));
        access.complete();
        exposure.wait();
    }
    let mut mine = vec![0u32; len(me)];
    win.lock(shmem.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut mine)
        .unwrap();
    assert_eq!(mine, vec![7; len(me)]);
    shmem.barrier_all();
}

/// A window of no elements on every PE (`new_sized(0)`, as MPICH's `win_zero`): every kind of
/// epoch opens and closes, and any element is out of bounds with length 0.
fn zero_sized_windows(shmem: &Shmem) {
    let me = shmem.my_pe();
    let mut win = Window::<u64>::new_sized(shmem, 0).unwrap();
    assert!(win.is_empty());
    for pe in shmem.pes() {
        assert_eq!(win.len_of(pe), 0);
        let e = win.lock(pe, LockKind::Exclusive).unwrap();
        e.put(0, &[]).unwrap();
        assert_oob(e.put(0, &[1]), 0, 1, 0);
        assert_oob(e.fetch_and_op(0, 1, op::Sum), 0, 1, 0);
        e.flush();
    }
    {
        let all = win.lock_all();
        all.flush_all();
        assert_oob(all.get(me, 0, &mut [0]), 0, 1, 0);
    }
    win.fence_epoch().fence();
    {
        let (exposure, access) = win.post_start(&[me], &[me]);
        access.complete();
        exposure.wait();
    }
    shmem.barrier_all();
    // The lengths went through an agreement round: a PE that makes another collective call
    // instead gets the same error as every other PE, and nothing hangs.
    let r = if me.index() == 0 {
        Window::<u64>::new_sized(shmem, 3).map(drop)
    } else {
        Window::<u64>::new(shmem, 3).map(drop)
    };
    match r {
        Err(Error::ArgumentMismatch { .. }) if shmem.n_pes() > 1 => {}
        Ok(()) if shmem.n_pes() == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    let r = if me.index() == 0 {
        Window::<u64>::new_sized(shmem, 3).map(drop)
    } else {
        Window::<u64>::with_counts_sized(shmem, 3).map(drop)
    };
    match r {
        Err(Error::ArgumentMismatch { .. }) if shmem.n_pes() > 1 => {}
        Ok(()) if shmem.n_pes() == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    // The longest length decides the size: too long on one PE is an error on every PE.
    let len = if me.index() == 0 { usize::MAX / 2 } else { 4 };
    match Window::<u64>::new_sized(shmem, len) {
        Err(Error::HeapExhausted { .. }) => {}
        other => panic!("expected HeapExhausted on every PE: {other:?}"),
    }
    // And the heap is still in step on every PE.
    let again = Window::<u64>::new_sized(shmem, me.index()).unwrap();
    assert_eq!(again.len(), me.index());
    shmem.barrier_all();
}

/// An active-target window (`no_locks`): fence epochs (a put into the right neighbour and an
/// accumulate into PE 0, values from PE numbers), then post/start/complete/wait rounds with
/// rotating groups (a put and an accumulate into the target, a put outside the group
/// refused); each epoch's data is checked after it closes, in the next fence epoch. Over an
/// existing array and with counts as well.
fn active_windows(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let mut win = ActiveWindow::<i64>::new(shmem, 6).unwrap();
    assert_eq!(win.len(), 6);
    assert!(!win.is_empty());
    assert_eq!(win.len_of(zero), 6);
    assert_eq!(win.received_from(zero), None);
    fence_rounds(shmem, 12, &mut win);
    let g = |p: usize, r: usize| (p * 7919 + r * 13) as i64;
    for r in 0..12 {
        let s = if n == 1 { 0 } else { 1 + r % (n - 1) };
        let origin = shmem.pe_wrapping(me + n - s);
        let target = shmem.pe_wrapping(me + s);
        {
            let (exposure, access) = win.post_start(&[origin], &[target]);
            access.put(target, 0, &[g(me, r)]).unwrap();
            access
                .accumulate(target, 5, &[me as i64 + 1], op::Sum)
                .unwrap();
            let outsider = shmem.pe_wrapping(me + s + 1);
            if outsider != target {
                assert!(matches!(
                    access.put(outsider, 0, &[0]),
                    Err(Error::NotInEpochGroup { .. })
                ));
            }
            access.complete();
            exposure.wait();
        }
        let e = win.fence_epoch();
        let mut v = [0i64; 6];
        e.get(shmem.my_pe(), 0, &mut v).unwrap();
        let sum: i64 = (0..=r)
            .map(|q| {
                let s = if n == 1 { 0 } else { 1 + q % (n - 1) };
                ((me + n - s) % n) as i64 + 1
            })
            .sum();
        assert_eq!((v[0], v[5]), (g(origin.index(), r), sum), "pscw round {r}");
        e.fence();
    }
    // Separate post and start, with counts: PE 0 exposes itself to PE 1 only, PE 1 puts
    // twice into it, and PE 0 sees PE 1's count (and nobody else's) when its exposure ends.
    let mut counted = ActiveWindow::<u64>::with_counts(shmem, 2).unwrap();
    assert_eq!(counted.received_from(zero), Some(0));
    if n > 1 {
        let one = shmem.pe(1).unwrap();
        if me == 0 {
            counted.post(&[one]).wait();
            assert_eq!(counted.wait_received(one, 2), Some(2));
            assert_eq!(counted.received_from(one), Some(2));
            assert_eq!(counted.received_from(zero), Some(0));
        } else if me == 1 {
            let access = counted.start(&[zero]);
            access.put(zero, 0, &[41]).unwrap();
            access.put(zero, 1, &[42]).unwrap();
            access.complete();
        }
        let e = counted.fence_epoch();
        let mut got = [0u64; 2];
        e.get(zero, 0, &mut got).unwrap();
        assert_eq!(got, [41, 42]);
    }
    shmem.barrier_all();
    // Over an existing array: the elements are the array's, as they are.
    let mut v = SymVec::from_fn(shmem, 3, |i| (me * 10 + i) as u64).unwrap();
    {
        let mut over = ActiveWindow::over(&mut v).unwrap();
        over.fence_epoch()
            .accumulate(right, 0, &[100], op::Sum)
            .unwrap();
        over.fence_epoch().fence();
    }
    assert_eq!(v.read(0).unwrap(), (me * 10) as u64 + 100);
    assert_eq!(v.read(1).unwrap(), (me * 10) as u64 + 1);
    shmem.barrier_all();
}

/// An active-target window with a length per PE: PE `p` exposes `p` elements; each PE fills
/// its right neighbour's part in a fence epoch; past a target's own length is out of bounds.
fn active_windows_sized(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let mut win = ActiveWindow::<u64>::new_sized(shmem, me.index()).unwrap();
    assert_eq!(win.len(), me.index());
    assert_eq!(win.is_empty(), me.index() == 0);
    for pe in shmem.pes() {
        assert_eq!(win.len_of(pe), pe.index());
    }
    {
        let e = win.fence_epoch();
        let fill: Vec<u64> = (0..right.index())
            .map(|j| sized_value(me.index(), 0, j))
            .collect();
        e.put(right, 0, &fill).unwrap();
        assert_oob(
            e.put(right, right.index(), &[1]),
            right.index(),
            1,
            right.index(),
        );
    }
    let e = win.fence_epoch();
    let mut mine = vec![0u64; me.index()];
    e.get(me, 0, &mut mine).unwrap();
    let left = (me.index() + n - 1) % n;
    let want: Vec<u64> = (0..me.index()).map(|j| sized_value(left, 0, j)).collect();
    assert_eq!(mine, want);
    e.fence();
    let counted = ActiveWindow::<u64>::with_counts_sized(shmem, 1 + me.index()).unwrap();
    assert_eq!(counted.received_from(me), Some(0));
    assert_eq!(counted.len(), 1 + me.index());
    shmem.barrier_all();
}

/// Creating an active-target window while another PE creates a `Window` (or a sized one, or
/// one over an array) with the same length is `ArgumentMismatch` on every PE, never a hang,
/// and the next allocation still works. The active-target window's block is smaller than a
/// `Window`'s of the same length (no lock words): the heap's largest free block shrinks by
/// less.
fn active_window_agreement(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let expect_mismatch = |r: Result<(), Error>, what: &str| match r {
        Err(Error::ArgumentMismatch { .. }) if n > 1 => {}
        Ok(()) if n == 1 => {}
        other => panic!("{what}: expected ArgumentMismatch on every PE: {other:?}"),
    };
    // The block sizes first, on a heap that nothing else has touched yet.
    let before = shmem.heap_available();
    let win = Window::<u64>::new(shmem, 64).unwrap();
    let with_locks = before - shmem.heap_available();
    drop(win);
    shmem.barrier_all();
    let before = shmem.heap_available();
    let active = ActiveWindow::<u64>::new(shmem, 64).unwrap();
    let without = before - shmem.heap_available();
    drop(active);
    shmem.barrier_all();
    assert!(
        without >= 64 * 8,
        "the elements are in the block: {without}"
    );
    assert!(
        without < with_locks,
        "an ActiveWindow's block ({without} bytes) is smaller than a Window's ({with_locks})"
    );
    let r = if me == 0 {
        ActiveWindow::<u64>::new(shmem, 8).map(drop)
    } else {
        Window::<u64>::new(shmem, 8).map(drop)
    };
    expect_mismatch(r, "ActiveWindow::new against Window::new");
    let r = if me == n - 1 {
        ActiveWindow::<u64>::new_sized(shmem, 8).map(drop)
    } else {
        Window::<u64>::new_sized(shmem, 8).map(drop)
    };
    expect_mismatch(r, "ActiveWindow::new_sized against Window::new_sized");
    let r = if me == 0 {
        ActiveWindow::<u64>::new(shmem, 8).map(drop)
    } else {
        ActiveWindow::<u64>::with_counts(shmem, 8).map(drop)
    };
    expect_mismatch(r, "ActiveWindow::new against ActiveWindow::with_counts");
    let mut v = SymVec::<u64>::zeroed(shmem, 8).unwrap();
    let r = if me == 0 {
        ActiveWindow::over(&mut v).map(drop)
    } else {
        Window::over(&mut v).map(drop)
    };
    expect_mismatch(r, "ActiveWindow::over against Window::over");
    // Every PE is still in step: the next allocations work.
    let mut again = ActiveWindow::<u64>::new(shmem, 8).unwrap();
    again
        .fence_epoch()
        .put(shmem.my_pe(), 0, &[me as u64])
        .unwrap();
    let w = Window::<u64>::new(shmem, 8).unwrap();
    assert_eq!(w.len(), 8);
    shmem.barrier_all();
}

fn main() {
    support::main(
        &[
            Case {
                name: "exclusive_epochs_exclude",
                npes: NPES_AND_1,
                body: exclusive_epochs_exclude,
            },
            Case {
                name: "leaked_shared_epochs",
                npes: &[1, 2],
                body: leaked_shared_epochs,
            },
            Case {
                name: "stale_lock_guesses",
                npes: NPES,
                body: stale_lock_guesses,
            },
            Case {
                name: "shared_epochs_overlap",
                npes: NPES_AND_1,
                body: shared_epochs_overlap,
            },
            Case {
                name: "writer_not_starved",
                npes: NPES,
                body: writer_not_starved,
            },
            Case {
                name: "accumulate_everything",
                npes: NPES_AND_1,
                body: accumulate_everything,
            },
            Case {
                name: "accumulate_long",
                npes: NPES_AND_1,
                body: accumulate_long,
            },
            Case {
                name: "accumulate_complex",
                npes: NPES_AND_1,
                body: accumulate_complex,
            },
            Case {
                name: "fetch_and_op_returns_previous",
                npes: NPES_AND_1,
                body: fetch_and_op_returns_previous,
            },
            Case {
                name: "compare_and_swap_one_winner",
                npes: NPES_AND_1,
                body: compare_and_swap_one_winner,
            },
            Case {
                name: "accumulate_family_mixed",
                npes: NPES_AND_1,
                body: accumulate_family_mixed,
            },
            Case {
                name: "active_windows",
                npes: NPES_AND_1,
                body: active_windows,
            },
            Case {
                name: "active_windows_sized",
                npes: NPES_AND_1,
                body: active_windows_sized,
            },
            Case {
                name: "active_window_agreement",
                npes: NPES_AND_1,
                body: active_window_agreement,
            },
            Case {
                name: "fence_epochs",
                npes: NPES_AND_1,
                body: fence_epochs,
            },
            Case {
                name: "pscw_epochs",
                npes: NPES_AND_1,
                body: pscw_epochs,
            },
            Case {
                name: "completion_counts",
                npes: NPES_AND_1,
                body: completion_counts,
            },
            Case {
                name: "layouts",
                npes: NPES_AND_1,
                body: layouts,
            },
            Case {
                name: "several_targets",
                npes: NPES_AND_1,
                body: several_targets,
            },
            Case {
                name: "same_target_twice",
                npes: NPES_AND_1,
                body: same_target_twice,
            },
            Case {
                name: "compare_and_swap_float_bits",
                npes: NPES_AND_1,
                body: compare_and_swap_float_bits,
            },
            Case {
                name: "request_sets",
                npes: NPES_AND_1,
                body: request_sets,
            },
            Case {
                name: "layout_order",
                npes: NPES_AND_1,
                body: layout_order,
            },
            Case {
                name: "window_over_vec",
                npes: NPES_AND_1,
                body: window_over_vec,
            },
            Case {
                name: "requests",
                npes: NPES_AND_1,
                body: requests,
            },
            Case {
                name: "requests_allocate_nothing",
                npes: NPES_AND_1,
                body: requests_allocate_nothing,
            },
            Case {
                name: "nbi_handles_allocate_nothing",
                npes: NPES_AND_1,
                body: nbi_handles_allocate_nothing,
            },
            Case {
                name: "accumulate_layouts",
                npes: NPES_AND_1,
                body: accumulate_layouts,
            },
            Case {
                name: "refused_calls_write_nothing",
                npes: NPES_AND_1,
                body: refused_calls_write_nothing,
            },
            Case {
                name: "sized_windows",
                npes: NPES_AND_1,
                body: sized_windows,
            },
            Case {
                name: "sized_windows_epochs",
                npes: NPES_AND_1,
                body: sized_windows_epochs,
            },
            Case {
                name: "zero_sized_windows",
                npes: NPES_AND_1,
                body: zero_sized_windows,
            },
        ],
        &[],
    );
}
