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

/// A PE that loops on a test (not a wait) still serves the atomics other PEs make on its
/// memory: each PE adds to its right neighbour's counter, then raises the neighbour's flag,
/// and loops on a test of its own flag, in turn with each test routine. Under a transport
/// whose atomics need the target's progress (Open MPI's `osc pt2pt` across hosts), a test
/// that makes none leaves the left neighbour in its atomic and this PE looping for ever.
fn test_loops_serve_atomics(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let counter = SymBox::new(shmem, 0u64).unwrap();
    let flag = SymBox::new(shmem, 0u32).unwrap();
    let flags = SymVec::<u32>::zeroed(shmem, 4).unwrap();
    let rounds: [(&str, &dyn Fn(u32) -> bool); 7] = [
        ("test", &|r| flag.test(Cmp::Eq, r)),
        ("test_all", &|r| flags.test_all(Cmp::Eq, r)),
        ("test_any", &|r| flags.test_any(Cmp::Eq, r) == Some(2)),
        ("test_some", &|r| flags.test_some(Cmp::Eq, r) == vec![2]),
        ("test_all_vector", &|r| {
            flags.test_all_vector(Cmp::Eq, &[r; 4]).unwrap()
        }),
        ("test_any_vector", &|r| {
            flags
                .test_any_vector(Cmp::Eq, &[u32::MAX, u32::MAX, r, u32::MAX])
                .unwrap()
                == Some(2)
        }),
        ("test_some_vector", &|r| {
            flags
                .test_some_vector(Cmp::Eq, &[u32::MAX, u32::MAX, r, u32::MAX])
                .unwrap()
                == vec![2]
        }),
    ];
    for (k, (name, ready)) in rounds.iter().enumerate() {
        let r = k as u32 + 1;
        // Nobody writes before the barrier below.
        assert!(!ready(r), "{name}: ready before the neighbour wrote");
        shmem.barrier_all();
        let old = counter.atomic_fetch_add(right, 1);
        assert_eq!(old, u64::from(r) - 1, "{name}: the neighbour's counter");
        flag.p(right, r);
        // `_all` waits for every element; the others for element 2 alone.
        if name.starts_with("test_all") {
            for i in 0..4 {
                flags.at(i).unwrap().p(right, r);
            }
        } else {
            flags.at(2).unwrap().p(right, r);
        }
        while !ready(r) {
            std::thread::yield_now();
        }
        shmem.barrier_all();
        assert_eq!(counter.read(), u64::from(r), "{name}: this PE's counter");
        // Back to a state no round's test accepts before its neighbour writes.
        for i in 0..4 {
            flags.at(i).unwrap().p(shmem.my_pe(), 0);
        }
    }
}

/// What PE `writer` stores into element `writer` of PE `target`'s array: distinct per pair.
fn key(target: usize, writer: usize) -> i64 {
    1000 * target as i64 + writer as i64 + 1
}

/// Every PE sets element `me` of every other PE's arrays to `key(target, me)`, alternating
/// `p` and atomics, first a decoy; each PE waits on its own copies with per-element values
/// and with its own element (never written) excluded. Checks the returned indices against
/// the array's contents, read independently.
fn wait_vector_masked(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let expected: Vec<i64> = (0..n).map(|i| key(me, i)).collect();
    let mut own = vec![false; n];
    own[me] = true;
    let arrays: Vec<SymVec<'_, i64>> = (0..4).map(|_| SymVec::zeroed(shmem, n).unwrap()).collect();
    shmem.barrier_all();
    for (k, a) in arrays.iter().enumerate() {
        let elem = a.at(me).unwrap();
        for target in shmem.pes().filter(|t| t.index() != me) {
            let v = key(target.index(), me);
            if (me + k).is_multiple_of(2) {
                elem.p(target, -v);
                std::thread::sleep(Duration::from_millis(1));
                elem.p(target, v);
            } else {
                elem.atomic_set(target, -v);
                std::thread::sleep(Duration::from_millis(1));
                elem.atomic_swap(target, v);
            }
        }
    }
    let included = |i: usize| i != me;
    let check = |a: &SymVec<'_, i64>, i: usize| {
        assert!(included(i), "PE {me}: excluded element {i} reported");
        assert_eq!(a.read(i).unwrap(), expected[i], "PE {me}: element {i}");
    };

    // all: vector values and a mask; the unmasked form would wait forever (element `me` is 0)
    let a = &arrays[0];
    a.masked(&own)
        .unwrap()
        .wait_until_all_vector(Cmp::Eq, &expected)
        .unwrap();
    assert!(!a.test_all_vector(Cmp::Eq, &expected).unwrap());
    let mut with_own = expected.clone();
    with_own[me] = 0;
    a.wait_until_all_vector(Cmp::Eq, &with_own).unwrap();
    assert!(a.masked(&own).unwrap().test_all(Cmp::Ne, 0));
    assert!(!a.test_all(Cmp::Ne, 0));
    for i in (0..n).filter(|&i| included(i)) {
        check(a, i);
    }

    // any: handle each element once, excluding what is done; `None` once all are
    let b = &arrays[1];
    let mut done = own.clone();
    let mut order = Vec::new();
    while let Some(i) = b
        .masked(&done)
        .unwrap()
        .wait_until_any_vector(Cmp::Eq, &expected)
        .unwrap()
    {
        check(b, i);
        assert!(!done[i], "PE {me}: element {i} reported twice");
        done[i] = true;
        order.push(i);
    }
    order.sort_unstable();
    assert_eq!(order, (0..n).filter(|&i| included(i)).collect::<Vec<_>>());
    assert_eq!(b.masked(&done).unwrap().test_any(Cmp::Ne, 0), None);

    // some (scalar and vector, into one reused buffer): at least one, all satisfied, in order
    let c = &arrays[2];
    let mut done = own.clone();
    let mut found = Vec::with_capacity(n);
    while done.iter().any(|&d| !d) {
        c.masked(&done)
            .unwrap()
            .wait_until_some_vector_into(Cmp::Eq, &expected, &mut found)
            .unwrap();
        assert!(!found.is_empty());
        assert!(found.windows(2).all(|w| w[0] < w[1]), "{found:?}");
        for &i in &found {
            check(c, i);
            assert!(!done[i]);
            done[i] = true;
        }
    }
    let d = &arrays[3];
    let mut seen = own.clone();
    while seen.iter().any(|&d| !d) {
        let some = d.masked(&seen).unwrap().wait_until_some(Cmp::Gt, 0);
        assert!(!some.is_empty());
        for i in some {
            assert!(!seen[i]);
            seen[i] = true;
        }
    }
    d.masked(&own)
        .unwrap()
        .test_some_vector_into(Cmp::Eq, &expected, &mut found)
        .unwrap();
    assert_eq!(found, (0..n).filter(|&i| included(i)).collect::<Vec<_>>());
    assert_eq!(
        d.test_some_vector(Cmp::Ne, &expected).unwrap(),
        vec![me],
        "only the own element differs"
    );
    assert_eq!(d.test_any_vector(Cmp::Ne, &expected).unwrap(), Some(me));
    shmem.barrier_all();
}

/// With several elements ready at once, `k` successive `any` calls report each of the `k`
/// ready indices, for every form, also when the calls alternate between two arrays.
fn any_is_fair(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    const L: usize = 12;
    // element i of PE t's arrays is set when 3 does not divide i + t, by t's left neighbour
    let ready_of = |t: usize| (0..L).filter(move |i| !(i + t).is_multiple_of(3));
    let ready: Vec<usize> = ready_of(me).collect();
    let x = SymVec::<u32>::zeroed(shmem, L).unwrap();
    let y = SymVec::<u32>::zeroed(shmem, L).unwrap();
    assert_eq!(x.test_any(Cmp::Ne, 0), None);
    shmem.barrier_all();
    let target = (me + 1) % n;
    for i in ready_of(target) {
        x.at(i).unwrap().p(right, 7);
        y.at(i).unwrap().atomic_set(right, i as u32 + 1);
    }
    shmem.barrier_all();
    let k = ready.len();
    let sorted = |mut v: Vec<usize>| {
        v.sort_unstable();
        v
    };
    let values: Vec<u32> = (0..L as u32).map(|i| i + 1).collect();
    for round in 0..3 {
        let got: Vec<usize> = (0..k).map(|_| x.test_any(Cmp::Eq, 7).unwrap()).collect();
        assert_eq!(sorted(got), ready, "test_any, round {round}");
        let got: Vec<usize> = (0..k)
            .map(|_| x.wait_until_any(Cmp::Ne, 0).unwrap())
            .collect();
        assert_eq!(sorted(got), ready, "wait_until_any, round {round}");
        // two arrays alternating: each keeps its own rotation
        let (mut gx, mut gy) = (Vec::new(), Vec::new());
        for _ in 0..k {
            gx.push(x.test_any(Cmp::Eq, 7).unwrap());
            gy.push(y.wait_until_any_vector(Cmp::Eq, &values).unwrap().unwrap());
        }
        assert_eq!(sorted(gx), ready, "alternating, x, round {round}");
        assert_eq!(sorted(gy), ready, "alternating, y, round {round}");
        let got: Vec<usize> = (0..k)
            .map(|_| y.test_any_vector(Cmp::Eq, &values).unwrap().unwrap())
            .collect();
        assert_eq!(sorted(got), ready, "test_any_vector, round {round}");
    }
    // masked: only the included ready elements, each within as many calls
    let exclude: Vec<bool> = (0..L).map(|i| i % 2 == 0).collect();
    let included: Vec<usize> = ready.iter().copied().filter(|i| i % 2 == 1).collect();
    let m = y.masked(&exclude).unwrap();
    let got: Vec<usize> = (0..included.len())
        .map(|_| m.test_any(Cmp::Gt, 0).unwrap())
        .collect();
    assert_eq!(sorted(got), included, "masked test_any");
    let got: Vec<usize> = (0..included.len())
        .map(|_| m.wait_until_any_vector(Cmp::Eq, &values).unwrap().unwrap())
        .collect();
    assert_eq!(sorted(got), included, "masked wait_until_any_vector");
    assert_eq!(m.test_some(Cmp::Gt, 0), included);
    shmem.barrier_all();
}

/// An event loop polling 64 arrays in turn (more than any cache of cursors would hold):
/// every `any` routine reports each ready element of each array within as many calls as the
/// array has ready elements, and again in the next as many.
fn any_is_fair_over_64_arrays(shmem: &Shmem) {
    const ARRAYS: usize = 64;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let len_of = |a: usize| 3 + a % 5;
    let starts: Vec<usize> = (0..=ARRAYS).map(|a| (0..a).map(len_of).sum()).collect();
    // element i of array a of PE t is set when 3 does not divide i + a + t
    let ready_of =
        |a: usize, t: usize| (0..len_of(a)).filter(move |i| !(i + a + t).is_multiple_of(3));
    let all = SymVec::<u32>::zeroed(shmem, starts[ARRAYS]).unwrap();
    let arrays: Vec<_> = (0..ARRAYS)
        .map(|a| all.slice(starts[a]..starts[a + 1]).unwrap())
        .collect();
    shmem.barrier_all();
    let (right, target) = (shmem.pe_wrapping(me + 1), (me + 1) % n);
    for (a, array) in arrays.iter().enumerate() {
        for i in ready_of(a, target) {
            array.at(i).unwrap().p(right, i as u32 + 1);
        }
    }
    shmem.barrier_all();
    let rounds = 2 * len_of(4);
    let mut got = vec![[const { Vec::new() }; 4]; ARRAYS];
    for _ in 0..rounds {
        for (a, array) in arrays.iter().enumerate() {
            let values: Vec<u32> = (1..=len_of(a) as u32).collect();
            let g = &mut got[a];
            g[0].push(array.test_any(Cmp::Ne, 0).unwrap());
            g[1].push(array.wait_until_any(Cmp::Gt, 0).unwrap());
            g[2].push(array.test_any_vector(Cmp::Eq, &values).unwrap().unwrap());
            g[3].push(
                array
                    .wait_until_any_vector(Cmp::Eq, &values)
                    .unwrap()
                    .unwrap(),
            );
        }
    }
    for (a, g) in got.iter().enumerate() {
        let ready: Vec<usize> = ready_of(a, me).collect();
        let k = ready.len();
        for (routine, calls) in [
            "test_any",
            "wait_until_any",
            "test_any_vector",
            "wait_until_any_vector",
        ]
        .iter()
        .zip(g)
        {
            for window in [&calls[..k], &calls[k..2 * k]] {
                let mut w = window.to_vec();
                w.sort_unstable();
                assert_eq!(w, ready, "array {a}, {routine}: {calls:?}");
            }
        }
    }
    shmem.barrier_all();
}

/// Every PE sets its own element of every PE's flags; `test_any`, `wait_until_any` and their
/// `_vector` forms, called in turn on that one array, each report every PE within `n` calls
/// (one routine's calls do not move another's rotation on).
fn any_is_fair_per_routine(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let flags = SymVec::<u64>::zeroed(shmem, n).unwrap();
    shmem.barrier_all();
    for pe in shmem.pes() {
        flags.at(me).unwrap().p(pe, 1);
    }
    shmem.barrier_all();
    let ones = vec![1u64; n];
    let mut got = [const { Vec::new() }; 4];
    for _ in 0..2 * n {
        got[0].push(flags.test_any(Cmp::Eq, 1).unwrap());
        got[1].push(flags.wait_until_any(Cmp::Eq, 1).unwrap());
        got[2].push(flags.test_any_vector(Cmp::Eq, &ones).unwrap().unwrap());
        got[3].push(
            flags
                .wait_until_any_vector(Cmp::Eq, &ones)
                .unwrap()
                .unwrap(),
        );
    }
    let everyone: Vec<usize> = (0..n).collect();
    for (routine, calls) in [
        "test_any",
        "wait_until_any",
        "test_any_vector",
        "wait_until_any_vector",
    ]
    .iter()
    .zip(&got)
    {
        for window in calls.chunks(n) {
            let mut w = window.to_vec();
            w.sort_unstable();
            assert_eq!(w, everyone, "{routine}: {calls:?}");
        }
    }
    shmem.barrier_all();
}

/// Masks that exclude everything and empty arrays return at once; lengths that differ from
/// the array's are `LengthMismatch` and wait for nothing (a wait would never end: the array
/// stays 0 and is compared with 1).
fn wait_edge_cases(shmem: &Shmem) {
    let n = shmem.n_pes();
    let a = SymVec::<i64>::zeroed(shmem, n + 2).unwrap();
    let len = a.len();
    let ones = vec![1i64; len];
    let all = vec![true; len];
    let none = vec![false; len];
    let m = a.masked(&all).unwrap();
    m.wait_until_all(Cmp::Eq, 1);
    assert!(m.test_all(Cmp::Eq, 1));
    assert_eq!(m.wait_until_any(Cmp::Eq, 1), None);
    assert_eq!(
        m.test_any(Cmp::Eq, 0),
        None,
        "excluded even though it holds"
    );
    assert!(m.wait_until_some(Cmp::Eq, 1).is_empty());
    assert!(m.test_some(Cmp::Eq, 0).is_empty());
    m.wait_until_all_vector(Cmp::Eq, &ones).unwrap();
    assert!(m.test_all_vector(Cmp::Eq, &ones).unwrap());
    assert_eq!(m.wait_until_any_vector(Cmp::Eq, &ones).unwrap(), None);
    assert_eq!(m.test_any_vector(Cmp::Eq, &ones).unwrap(), None);
    assert!(m.wait_until_some_vector(Cmp::Eq, &ones).unwrap().is_empty());
    assert!(m.test_some_vector(Cmp::Eq, &ones).unwrap().is_empty());
    // an empty mask excludes nothing
    let m0 = a.masked(&none).unwrap();
    assert_eq!(m0.test_some(Cmp::Eq, 0), (0..len).collect::<Vec<_>>());
    assert!(!m0.test_all(Cmp::Eq, 1));
    // empty arrays
    let e = a.slice(0..0).unwrap();
    e.wait_until_all_vector(Cmp::Eq, &[]).unwrap();
    assert_eq!(e.wait_until_any_vector(Cmp::Eq, &[]).unwrap(), None);
    assert!(e.wait_until_some_vector(Cmp::Eq, &[]).unwrap().is_empty());
    assert_eq!(e.masked(&[]).unwrap().wait_until_any(Cmp::Eq, 0), None);
    // lengths
    let short = &ones[1..];
    let mismatch = |r: Result<(), shmem::Error>, what: &str| match r {
        Err(shmem::Error::LengthMismatch { left, right, .. }) => {
            assert_eq!((left, right), (len - 1, len), "{what}")
        }
        other => panic!("{what}: {other:?}"),
    };
    mismatch(
        a.wait_until_all_vector(Cmp::Eq, short),
        "wait_until_all_vector",
    );
    mismatch(
        a.wait_until_any_vector(Cmp::Eq, short).map(drop),
        "wait_until_any_vector",
    );
    mismatch(
        a.wait_until_some_vector(Cmp::Eq, short).map(drop),
        "wait_until_some_vector",
    );
    let mut out = vec![99];
    mismatch(
        a.wait_until_some_vector_into(Cmp::Eq, short, &mut out),
        "wait_until_some_vector_into",
    );
    assert_eq!(out, [99], "left as it was");
    mismatch(
        a.test_all_vector(Cmp::Eq, short).map(drop),
        "test_all_vector",
    );
    mismatch(
        a.test_any_vector(Cmp::Eq, short).map(drop),
        "test_any_vector",
    );
    mismatch(
        a.test_some_vector(Cmp::Eq, short).map(drop),
        "test_some_vector",
    );
    mismatch(
        a.test_some_vector_into(Cmp::Eq, short, &mut out),
        "test_some_vector_into",
    );
    mismatch(a.masked(&all[1..]).map(drop), "masked");
    let m = a.masked(&none).unwrap();
    mismatch(
        m.wait_until_all_vector(Cmp::Eq, short),
        "masked wait_until_all_vector",
    );
    mismatch(
        m.wait_until_any_vector(Cmp::Eq, short).map(drop),
        "masked wait_until_any_vector",
    );
    mismatch(
        m.wait_until_some_vector(Cmp::Eq, short).map(drop),
        "masked wait_until_some_vector",
    );
    mismatch(
        m.test_all_vector(Cmp::Eq, short).map(drop),
        "masked test_all_vector",
    );
    mismatch(
        m.test_any_vector(Cmp::Eq, short).map(drop),
        "masked test_any_vector",
    );
    mismatch(
        m.test_some_vector(Cmp::Eq, short).map(drop),
        "masked test_some_vector",
    );
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
                name: "test_loops_serve_atomics",
                npes: NPES,
                body: test_loops_serve_atomics,
            },
            Case {
                name: "wait_vector_masked",
                npes: NPES,
                body: wait_vector_masked,
            },
            Case {
                name: "any_is_fair",
                npes: NPES,
                body: any_is_fair,
            },
            Case {
                name: "any_is_fair_over_64_arrays",
                npes: &[1, 2, 4],
                body: any_is_fair_over_64_arrays,
            },
            Case {
                name: "any_is_fair_per_routine",
                npes: &[2, 4],
                body: any_is_fair_per_routine,
            },
            Case {
                name: "wait_edge_cases",
                npes: NPES,
                body: wait_edge_cases,
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
