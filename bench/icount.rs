//! icount: instructions (counted exactly) and time per iteration of the Rust harness's loops
//! for the rows of `bench/icount.c` (put_lat_8, get_lat_8, the AMO rows, `p`, `quiet`), the
//! same calls as `shmem_bench.rs`, for comparing the C API's per-call cost with the Rust
//! API's (`docs/ARCHITECTURE.md`, "Per-call cost"); then the window rows (a passive epoch in
//! each mode, a 1024-element accumulate with flush), whose instructions are the other half
//! of an epoch's cost next to its two atomics, and a one-element `fetch_and_op` and
//! `compare_and_swap` with flush (the accumulate family's cost outside the combine). Counted by single-stepping: the x86-64
//! trap flag raises `SIGTRAP` after every user-mode instruction and the handler counts them;
//! a loop of 2N iterations minus one of N is the count of N iterations.
//!
//! ```text
//! cargo build --release --example icount --bin shmemrun
//! target/release/shmemrun -n 2 target/release/examples/icount      (PE 0 prints; x86-64)
//! ```

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use shmem::window::{LockKind, Window, op};
use shmem::{Pe, Shmem, SymLock, SymSlice, SymVec};

#[shmem::symmetric]
static AMO_TARGET: i64 = 0; // on PE 1

/// A row: its name and its loop of `n` iterations.
type Row<'a> = (&'static str, Box<dyn Fn(u64) + 'a>);

/// Instructions executed since the count started (one `SIGTRAP` each).
static STEPS: AtomicU64 = AtomicU64::new(0);

extern "C" fn on_trap(_: i32) {
    // An atomic add: async-signal-safe.
    STEPS.fetch_add(1, Ordering::Relaxed);
}

unsafe extern "C" {
    /// glibc's `signal` (BSD semantics: the handler stays installed).
    fn signal(sig: i32, handler: extern "C" fn(i32)) -> usize;
}

const SIGTRAP: i32 = 5;

/// Sets the trap flag: from the next instruction on, each one raises `SIGTRAP`.
#[inline(never)]
fn tf_on() {
    // SAFETY: pushes RFLAGS, sets bit 8 (TF) in the pushed copy and pops it back: the stack is
    // left as found, no register but the flags changes, and the only effect of TF is a
    // SIGTRAP per instruction, which `main` handles (installed before the first call).
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!("pushfq", "or qword ptr [rsp], 0x100", "popfq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    panic!("icount counts with the x86-64 trap flag");
}

/// Clears the trap flag.
#[inline(never)]
fn tf_off() {
    // SAFETY: as in `tf_on`, clearing the bit.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::asm!("pushfq", "and qword ptr [rsp], ~0x100", "popfq")
    }
}

/// Instructions of `f(n)`.
fn count(f: &dyn Fn(u64), n: u64) -> u64 {
    STEPS.store(0, Ordering::Relaxed);
    tf_on();
    f(n);
    tf_off();
    STEPS.load(Ordering::Relaxed)
}

#[inline(never)]
fn put_loop(shmem: &Shmem, dst: &SymVec<'_, u8>, src: &SymSlice<'_, u8>, pe1: Pe, n: u64) {
    for _ in 0..n {
        dst.put_from(pe1, src).expect("put in bounds");
        shmem.quiet();
    }
}

#[inline(never)]
fn get_loop(dst: &SymVec<'_, u8>, src: &SymSlice<'_, u8>, pe1: Pe, n: u64) {
    for _ in 0..n {
        dst.get_from(pe1, src).expect("get in bounds");
    }
}

fn main() {
    // SAFETY: installs a handler that only adds to an atomic; SIGTRAP is raised only by
    // `tf_on`'s trap flag in this program.
    unsafe { signal(SIGTRAP, on_trap) };
    let shmem = shmem::init().expect("init");
    let src: SymVec<'_, u8> = SymVec::zeroed(&shmem, 1 << 20).expect("heap");
    let dst: SymVec<'_, u8> = SymVec::zeroed(&shmem, 1 << 20).expect("heap");
    let pe1 = shmem.pe(1).expect("2 PEs or more");
    let x = AMO_TARGET.sym(&shmem);
    // `lock_ops_per_s`'s lock, uncontended: homed on PE 1, taken and released by PE 0.
    let lock = std::cell::RefCell::new(SymLock::with_home(&shmem, pe1).expect("lock"));
    shmem.barrier_all();
    if shmem.my_pe().index() == 0 {
        let s = src.slice(..8).expect("8 bytes");
        let k = std::cell::Cell::new(0i64);
        let rows: Vec<Row<'_>> = vec![
            (
                "put_lat_8 (put_from+quiet)",
                Box::new(|n| put_loop(&shmem, &dst, &s, pe1, n)),
            ),
            (
                "get_lat_8 (get_from)",
                Box::new(|n| get_loop(&dst, &s, pe1, n)),
            ),
            (
                "amo_fadd (fetch_add)",
                Box::new(|n| {
                    let mut bad = false;
                    for _ in 0..n {
                        bad |= x.atomic_fetch_add(pe1, 1) != k.get();
                        k.set(k.get() + 1);
                    }
                    assert!(!bad, "fetch_add");
                }),
            ),
            (
                "amo_cswap (compare_swap)",
                Box::new(|n| {
                    let mut bad = false;
                    for _ in 0..n {
                        let c = k.get();
                        bad |= x.atomic_compare_swap(pe1, c, c + 1) != c;
                        k.set(c + 1);
                    }
                    assert!(!bad, "compare_swap");
                }),
            ),
            (
                "amo_add (add+quiet)",
                Box::new(|n| {
                    for _ in 0..n {
                        x.atomic_add(pe1, 1);
                        shmem.quiet();
                        k.set(k.get() + 1);
                    }
                }),
            ),
            (
                "lock+unlock (SymLock)",
                Box::new(|n| {
                    let mut lock = lock.borrow_mut();
                    for _ in 0..n {
                        drop(lock.lock().expect("never poisoned"));
                    }
                }),
            ),
            (
                "p",
                Box::new(|n| {
                    for _ in 0..n {
                        x.p(pe1, black_box(k.get()));
                    }
                }),
            ),
        ];
        let (n, timed) = (1000, 200_000);
        report(&rows, n, timed);
    }
    shmem.barrier_all();
    // The window rows (`shmem_bench.rs`'s `win_lock_*_lat` and `accumulate_sum_1024_lat`).
    let win = std::cell::RefCell::new(Window::<i64>::new(&shmem, 2 + 1024).expect("window"));
    if shmem.my_pe().index() == 0 {
        let ones = vec![1i64; 1024];
        let k = std::cell::Cell::new(0i64);
        // Element 1's value on PE 1 (the fetch-and-op and compare-and-swap rows).
        let v = std::cell::Cell::new(0i64);
        let epoch = |kind: LockKind, n: u64| {
            let w = win.borrow_mut();
            for _ in 0..n {
                k.set(k.get() + 1);
                w.lock(pe1, kind)
                    .expect("no epoch held")
                    .put(0, &[k.get()])
                    .expect("in bounds");
            }
        };
        let rows: Vec<Row<'_>> = vec![
            (
                "win_lock_excl (lock,put,unlock)",
                Box::new(|n| epoch(LockKind::Exclusive, n)),
            ),
            ("win_lock_shared", Box::new(|n| epoch(LockKind::Shared, n))),
            (
                "accumulate_sum_1024 (+flush)",
                Box::new(|n| {
                    let mut w = win.borrow_mut();
                    let all = w.lock_all();
                    for _ in 0..n {
                        all.accumulate(pe1, 2, &ones, op::Sum).expect("in bounds");
                        all.flush(pe1);
                    }
                }),
            ),
            (
                "fetch_and_op_sum (+flush)",
                Box::new(|n| {
                    let mut w = win.borrow_mut();
                    let all = w.lock_all();
                    let mut bad = false;
                    for _ in 0..n {
                        let old = all.fetch_and_op(pe1, 1, 1, op::Sum).expect("in bounds");
                        all.flush(pe1);
                        bad |= old != v.get();
                        v.set(v.get() + 1);
                    }
                    assert!(!bad, "fetch_and_op");
                }),
            ),
            (
                "compare_and_swap (+flush)",
                Box::new(|n| {
                    let mut w = win.borrow_mut();
                    let all = w.lock_all();
                    let mut bad = false;
                    for _ in 0..n {
                        let c = v.get();
                        bad |= all.compare_and_swap(pe1, 1, c, c + 1).expect("in bounds") != c;
                        all.flush(pe1);
                        v.set(c + 1);
                    }
                    assert!(!bad, "compare_and_swap");
                }),
            ),
        ];
        report(&rows, 200, 20_000);
    }
    shmem.barrier_all();
}

/// Counts and times each row: instructions per iteration (a run of `2n` minus one of `n`) and
/// the fastest of 5 timed runs of `timed` iterations.
fn report(rows: &[Row<'_>], n: u64, timed: u64) {
    for (name, f) in rows {
        f(100);
        let a = count(&**f, n);
        let b = count(&**f, 2 * n);
        let mut t = f64::MAX;
        for _ in 0..5 {
            let t0 = Instant::now();
            f(timed);
            t = t.min(t0.elapsed().as_nanos() as f64 / timed as f64);
        }
        println!(
            "{name:<32} {:7.2} instructions/iteration {t:7.2} ns/iteration (min of 5 x {timed})",
            (b - a) as f64 / n as f64
        );
    }
}
