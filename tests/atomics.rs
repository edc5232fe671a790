//! Atomics under contention and point-to-point waiting, on real processes.
#![forbid(unsafe_code)]

mod support;

use std::time::{Duration, Instant};

use shmem::{AmoStandard, Cmp, Shmem, SymBox, SymVec, WaitType};
use support::{Case, NPES};

const K: usize = 200;

trait AsI128 {
    fn to_i128(self) -> i128;
}
macro_rules! to_i128 {
    ($($t:ty),*) => {$( impl AsI128 for $t { fn to_i128(self) -> i128 { self as i128 } } )*};
}
to_i128!(i32, u32, i64, u64, isize, usize);

/// Every PE adds to every PE's counter K times with each of add, fetch_add, inc, fetch_inc;
/// totals are exact and fetch results are monotonic per target.
fn contention<T: AmoStandard + WaitType + TryFrom<usize> + AsI128 + std::fmt::Debug>(shmem: &Shmem)
where
    <T as TryFrom<usize>>::Error: std::fmt::Debug,
{
    let n = shmem.n_pes();
    let c = SymBox::new(shmem, T::zeroed()).unwrap();
    let two = T::try_from(2).unwrap();
    for _ in 0..K {
        for pe in shmem.pes() {
            c.atomic_add(pe, two);
            let before = c.atomic_fetch_add(pe, two);
            assert!(before.to_i128() >= 0);
            c.atomic_inc(pe);
            c.atomic_fetch_inc(pe);
        }
    }
    shmem.barrier_all();
    assert_eq!(
        c.read().to_i128(),
        (n * K * 6) as i128,
        "total on {}",
        shmem.my_pe()
    );
    assert_eq!(c.atomic_fetch(shmem.my_pe()).to_i128(), (n * K * 6) as i128);
    shmem.barrier_all();
}

fn contention_all_types(shmem: &Shmem) {
    contention::<i32>(shmem);
    contention::<u32>(shmem);
    contention::<i64>(shmem);
    contention::<u64>(shmem);
    contention::<isize>(shmem);
    contention::<usize>(shmem);
}

/// fetch_inc on PE 0's ticket from every PE returns each value in 0..n*K exactly once.
fn gapless_fetch_inc(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let ticket = SymBox::new(shmem, 0u64).unwrap();
    let all = SymVec::<u64>::zeroed(shmem, n * K).unwrap();
    let zero = shmem.pe(0).unwrap();
    let mine: Vec<u64> = (0..K).map(|_| ticket.atomic_fetch_inc(zero)).collect();
    assert!(
        mine.windows(2).all(|w| w[0] < w[1]),
        "tickets of one PE increase"
    );
    all.slice(me * K..(me + 1) * K)
        .unwrap()
        .put(zero, &mine)
        .unwrap();
    shmem.barrier_all();
    if me == 0 {
        let mut v = all.to_vec();
        v.sort_unstable();
        assert_eq!(v, (0..(n * K) as u64).collect::<Vec<_>>());
        assert_eq!(ticket.read(), (n * K) as u64);
    }
    shmem.barrier_all();
}

/// and/or/xor with per-PE bits, common bits and index bits give three different answers.
fn bitwise(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let or = SymBox::new(shmem, 0u64).unwrap();
    let and = SymBox::new(shmem, u64::MAX).unwrap();
    let xor = SymBox::new(shmem, 0u64).unwrap();
    let or32 = SymBox::new(shmem, 0i32).unwrap();
    let mine = (1u64 << me) | (1 << 40) | ((me as u64 * 0x0101) << 8);
    or.atomic_or(zero, mine);
    and.atomic_and(zero, mine);
    xor.atomic_fetch_xor(zero, mine);
    or32.atomic_fetch_or(zero, 1 << (me + 1));
    shmem.barrier_all();
    if me == 0 {
        let vals: Vec<u64> = (0..n)
            .map(|p| (1u64 << p) | (1 << 40) | ((p as u64 * 0x0101) << 8))
            .collect();
        let e_or = vals.iter().fold(0, |a, v| a | v);
        let e_and = vals.iter().fold(u64::MAX, |a, v| a & v);
        let e_xor = vals.iter().fold(0, |a, v| a ^ v);
        assert_eq!(or.read(), e_or);
        assert_eq!(and.read(), e_and);
        assert_eq!(xor.read(), e_xor);
        if n > 1 {
            assert!(e_or != e_and && e_and != e_xor && e_or != e_xor);
        }
        assert_eq!(or32.read(), (0..n).fold(0i32, |a, p| a | (1 << (p + 1))));
    }
    shmem.barrier_all();
}

/// compare_swap: exactly one PE wins each round; swap: values are permuted, none lost.
fn cswap_and_swap(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let word = SymBox::new(shmem, 0i64).unwrap();
    let wins = SymBox::new(shmem, 0i64).unwrap();
    for round in 0..50i64 {
        let old = word.atomic_compare_swap(zero, round * 100, round * 100 + 1 + me as i64);
        if old == round * 100 {
            wins.atomic_inc(zero);
        }
        shmem.barrier_all();
        if me == 0 {
            let v = word.read();
            assert!(
                v > round * 100 && v <= round * 100 + n as i64,
                "round {round}: {v}"
            );
            assert_eq!(wins.read(), round + 1, "exactly one winner per round");
            word.write((round + 1) * 100);
        }
        shmem.barrier_all();
    }
    // swap chain
    let slot = SymBox::new(shmem, -1i64).unwrap();
    let got = SymVec::<i64>::zeroed(shmem, n).unwrap();
    let prev = slot.atomic_swap(zero, me as i64);
    got.at(me).unwrap().p(zero, prev);
    shmem.barrier_all();
    if me == 0 {
        let mut all = got.to_vec();
        all.push(slot.read());
        all.sort_unstable();
        let mut want: Vec<i64> = (0..n as i64).collect();
        want.push(-1);
        want.sort_unstable();
        assert_eq!(all, want);
    }
    // extended types: floats through set/fetch/swap
    let f = SymBox::new(shmem, 0.0f64).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    f.atomic_set(right, me as f64 + 0.5);
    shmem.barrier_all();
    let left = (me + n - 1) % n;
    assert_eq!(f.atomic_fetch(shmem.my_pe()), left as f64 + 0.5);
    shmem.barrier_all();
    assert_eq!(f.atomic_swap(right, -2.25), me as f64 + 0.5);
    shmem.barrier_all();
    assert_eq!(f.read(), -2.25);
    shmem.barrier_all();
}

/// Each comparator: PE p waits on its flag; its left neighbour first writes a value that does
/// not satisfy the condition, then one that does.
fn wait_each_cmp(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    // (cmp, value to wait for, decoy that does not satisfy it, value that does)
    let table: [(Cmp, i32, i32, i32); 6] = [
        (Cmp::Eq, 10, 9, 10),
        (Cmp::Ne, 0, 0, 3),
        (Cmp::Gt, 10, 10, 11),
        (Cmp::Ge, 10, 9, 10),
        (Cmp::Lt, -5, -5, -6),
        (Cmp::Le, -5, -4, -5),
    ];
    for (round, &(cmp, value, decoy, good)) in table.iter().enumerate() {
        let flag = SymBox::new(shmem, if cmp == Cmp::Ne { 0 } else { decoy }).unwrap();
        assert!(
            !flag.test(cmp, value),
            "{cmp:?} must not hold for the initial value"
        );
        shmem.barrier_all();
        flag.p(right, decoy);
        std::thread::sleep(Duration::from_millis(2));
        flag.p(right, good);
        let seen = flag.wait_until(cmp, value);
        assert_eq!(seen, good, "round {round} {cmp:?}");
        assert!(flag.test(cmp, value));
        shmem.barrier_all();
    }
    // _all / _any / _some on an array: the left neighbour sets elements one by one
    let flags = SymVec::<u64>::zeroed(shmem, 8).unwrap();
    assert!(flags.test_any(Cmp::Ne, 0).is_none());
    shmem.barrier_all();
    flags.at(5).unwrap().p(right, 1);
    assert_eq!(flags.wait_until_any(Cmp::Ne, 0), Some(5));
    shmem.barrier_all();
    flags.at(2).unwrap().p(right, 7);
    let some = flags.wait_until_some(Cmp::Gt, 1);
    assert_eq!(some, vec![2]);
    assert_eq!(flags.test_some(Cmp::Ge, 1), vec![2, 5]);
    shmem.barrier_all();
    for i in 0..8 {
        flags.at(i).unwrap().p(right, 9);
    }
    flags.wait_until_all(Cmp::Eq, 9);
    assert!(flags.test_all(Cmp::Eq, 9));
    let _ = n;
    shmem.barrier_all();
}

/// CPU seconds (user + system) used by this process so far, from /proc/self/stat.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = after.split_whitespace().collect();
    // fields 14 and 15 of the full line are 12 and 13 after "pid (comm) "
    let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// PE 0 sleeps one second before releasing everyone; the waiters must sleep, not spin.
fn sleeping_waiters(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let flag = SymBox::new(shmem, 0u32).unwrap();
    shmem.barrier_all();
    if me == 0 {
        std::thread::sleep(Duration::from_millis(1000));
        for pe in shmem.pes() {
            flag.p(pe, 1);
        }
    } else {
        let cpu0 = cpu_seconds();
        let t0 = Instant::now();
        flag.wait_until(Cmp::Eq, 1);
        let waited = t0.elapsed();
        let cpu = cpu_seconds() - cpu0;
        assert!(
            waited >= Duration::from_millis(500),
            "woke early: {waited:?}"
        );
        assert!(waited < Duration::from_secs(5), "woke late: {waited:?}");
        assert!(
            cpu < 0.25,
            "PE {me} used {cpu:.3} s of CPU while waiting {waited:?}"
        );
    }
    shmem.barrier_all();
}

/// Barriers back to back stay in lock step (no PE runs ahead by more than one barrier).
fn barrier_lockstep(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let count = SymVec::<u64>::zeroed(shmem, n).unwrap();
    for round in 1..=300u64 {
        count.at(me).unwrap().p(shmem.pe(0).unwrap(), round);
        shmem.barrier_all();
        if me == 0 {
            assert!(
                count.test_all(Cmp::Eq, round),
                "round {round}: {:?}",
                count.to_vec()
            );
        }
        shmem.sync_all();
    }
}

fn main() {
    support::main(
        &[
            Case {
                name: "contention_all_types",
                npes: NPES,
                body: contention_all_types,
            },
            Case {
                name: "gapless_fetch_inc",
                npes: NPES,
                body: gapless_fetch_inc,
            },
            Case {
                name: "bitwise_discriminating",
                npes: NPES,
                body: bitwise,
            },
            Case {
                name: "cswap_and_swap",
                npes: NPES,
                body: cswap_and_swap,
            },
            Case {
                name: "wait_each_cmp",
                npes: NPES,
                body: wait_each_cmp,
            },
            Case {
                name: "sleeping_waiters",
                npes: &[2, 8],
                body: sleeping_waiters,
            },
            Case {
                name: "barrier_lockstep",
                npes: NPES,
                body: barrier_lockstep,
            },
        ],
        &[],
    );
}
