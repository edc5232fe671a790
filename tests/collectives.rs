//! Collectives over active sets on real processes (1 to 8 PEs, oversubscribed): reductions of
//! every type with discriminating inputs, every valid active set, back-to-back reuse of one
//! SyncBuf and of two alternating ones without barriers, edge cases (size-1 sets, nreduce 0,
//! 1M elements, in place), sum and product of complex numbers, broadcast, collect, fcollect,
//! alltoall(s), barrier on a set, and the typed errors. Every expected value is computed
//! independently, by folding over PE ids.
#![forbid(unsafe_code)]

mod support;

use std::fmt::Debug;

use shmem::{
    ActiveSet, AlltoallSync, ArithmeticReduce, BarrierSync, BcastSync, BitwiseReduce, CollectSync,
    Complex32, Complex64, Error, Member, ReduceSync, Shmem, SumProdReduce, SymVec, Team,
};
use support::Case;

const ALL_NPES: &[usize] = &[1, 2, 3, 4, 5, 7, 8];
const SOME_NPES: &[usize] = &[1, 2, 3, 4, 8];

// ------------------------------------------------------------------------------------------
// element types and independent folds

trait Num: ArithmeticReduce + PartialEq + Debug {
    fn from_i64(v: i64) -> Self;
    fn add(a: Self, b: Self) -> Self;
    fn mul(a: Self, b: Self) -> Self;
    fn min_of(a: Self, b: Self) -> Self {
        if b < a { b } else { a }
    }
    fn max_of(a: Self, b: Self) -> Self {
        if b > a { b } else { a }
    }
    /// A value whose sum over a few PEs wraps (integers) or is inexact (floats).
    fn big(pe: usize, k: usize) -> Self;
}

trait Bits: Num + BitwiseReduce {
    const BITS: u32;
    fn from_u64(v: u64) -> Self;
    fn and(a: Self, b: Self) -> Self;
    fn or(a: Self, b: Self) -> Self;
    fn xor(a: Self, b: Self) -> Self;
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl Num for $t {
            fn from_i64(v: i64) -> $t { v as $t }
            fn add(a: $t, b: $t) -> $t { a.wrapping_add(b) }
            fn mul(a: $t, b: $t) -> $t { a.wrapping_mul(b) }
            fn big(pe: usize, k: usize) -> $t { <$t>::MAX.wrapping_sub((pe * 3 + k) as $t) }
        }
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            fn from_u64(v: u64) -> $t { v as $t }
            fn and(a: $t, b: $t) -> $t { a & b }
            fn or(a: $t, b: $t) -> $t { a | b }
            fn xor(a: $t, b: $t) -> $t { a ^ b }
        }
    )*};
}
ints!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize);

macro_rules! floats {
    ($($t:ty),*) => {$(
        impl Num for $t {
            fn from_i64(v: i64) -> $t { v as $t }
            fn add(a: $t, b: $t) -> $t { a + b }
            fn mul(a: $t, b: $t) -> $t { a * b }
            fn big(pe: usize, k: usize) -> $t { pe as $t * 0.1 + k as $t * 1.37e7 + 1.0 / 3.0 }
        }
    )*};
}
floats!(f32, f64);

/// Per-PE bits (two adjacent ones that move with the PE and the index), a bit common to all
/// PEs, and the index's parity in the second-highest bit: AND, OR and XOR all differ.
fn bits_src<T: Bits>(pe: usize, k: usize) -> T {
    let low = u64::from(T::BITS - 2);
    let r = (pe as u64 + k as u64) % low;
    let pair = (1u64 << r) | (1u64 << ((r + 1) % low));
    let common = 1u64 << (T::BITS - 1);
    let index = ((k as u64) & 1) << (T::BITS - 2);
    T::from_u64(pair | common | index)
}

fn small_src<T: Num>(pe: usize, k: usize) -> T {
    T::from_i64(((pe * 7 + k * 3) % 11) as i64 - 5)
}

fn prod_src<T: Num>(pe: usize, k: usize) -> T {
    T::from_i64((pe + k % 5 + 2) as i64)
}

fn fold<T: Copy>(
    pes: &[usize],
    n: usize,
    f: impl Fn(usize, usize) -> T,
    op: impl Fn(T, T) -> T,
) -> Vec<T> {
    (0..n)
        .map(|k| {
            let mut acc = f(pes[0], k);
            for &p in &pes[1..] {
                acc = op(acc, f(p, k));
            }
            acc
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// reductions: discriminating inputs, every type, set form and team form

fn check_bitwise<T: Bits>(shmem: &Shmem, n: usize) {
    let set = ActiveSet::world(shmem);
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let me = set.member(shmem).unwrap();
    let pe = shmem.my_pe().index();
    let pes: Vec<usize> = set.members().collect();
    let src = SymVec::from_fn(shmem, n, |k| bits_src::<T>(pe, k)).unwrap();
    let mut dst = SymVec::new(shmem, n, T::from_i64(0)).unwrap();
    let before = src.to_vec();
    me.and_to_all(&mut dst, &src, &mut ps).unwrap();
    let and = dst.to_vec();
    me.or_to_all(&mut dst, &src, &mut ps).unwrap();
    let or = dst.to_vec();
    me.xor_to_all(&mut dst, &src, &mut ps).unwrap();
    let xor = dst.to_vec();
    assert_eq!(and, fold(&pes, n, bits_src::<T>, T::and), "and");
    assert_eq!(or, fold(&pes, n, bits_src::<T>, T::or), "or");
    assert_eq!(xor, fold(&pes, n, bits_src::<T>, T::xor), "xor");
    if pes.len() > 1 {
        for k in 0..n {
            assert!(
                and[k] != or[k] && or[k] != xor[k] && and[k] != xor[k],
                "inputs must discriminate"
            );
        }
    }
    assert_eq!(src.to_vec(), before, "source unchanged");
    // the team form is the same implementation, reached through the world team
    let world = shmem::Team::world(shmem);
    dst.fill(T::from_i64(0));
    world.xor_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), xor, "team xor");
    let mut data = SymVec::from_fn(shmem, n, |k| bits_src::<T>(pe, k)).unwrap();
    world.or_reduce_in_place(&mut data).unwrap();
    assert_eq!(data.to_vec(), or, "team or in place");
    me.and_to_all_in_place(&mut data, &mut ps).unwrap();
    assert_eq!(data.to_vec(), or, "and of equal values");
}

fn check_arith<T: Num>(shmem: &Shmem, n: usize) {
    let set = ActiveSet::world(shmem);
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let me = set.member(shmem).unwrap();
    let pe = shmem.my_pe().index();
    let pes: Vec<usize> = set.members().collect();
    let big = SymVec::from_fn(shmem, n, |k| T::big(pe, k)).unwrap();
    let small = SymVec::from_fn(shmem, n, |k| small_src::<T>(pe, k)).unwrap();
    let prod = SymVec::from_fn(shmem, n, |k| prod_src::<T>(pe, k)).unwrap();
    let mut dst = SymVec::new(shmem, n, T::from_i64(0)).unwrap();
    me.sum_to_all(&mut dst, &big, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), fold(&pes, n, T::big, T::add), "sum");
    me.prod_to_all(&mut dst, &prod, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), fold(&pes, n, prod_src::<T>, T::mul), "prod");
    me.min_to_all(&mut dst, &small, &mut ps).unwrap();
    assert_eq!(
        dst.to_vec(),
        fold(&pes, n, small_src::<T>, T::min_of),
        "min"
    );
    me.max_to_all(&mut dst, &small, &mut ps).unwrap();
    assert_eq!(
        dst.to_vec(),
        fold(&pes, n, small_src::<T>, T::max_of),
        "max"
    );
    let world = shmem::Team::world(shmem);
    world.sum_reduce(&mut dst, &big).unwrap();
    assert_eq!(dst.to_vec(), fold(&pes, n, T::big, T::add), "team sum");
    world.min_reduce(&mut dst, &small).unwrap();
    assert_eq!(
        dst.to_vec(),
        fold(&pes, n, small_src::<T>, T::min_of),
        "team min"
    );
    let mut data = SymVec::from_fn(shmem, n, |k| prod_src::<T>(pe, k)).unwrap();
    me.prod_to_all_in_place(&mut data, &mut ps).unwrap();
    assert_eq!(
        data.to_vec(),
        fold(&pes, n, prod_src::<T>, T::mul),
        "prod in place"
    );
    world.max_reduce_in_place(&mut data).unwrap();
    assert_eq!(
        data.to_vec(),
        fold(&pes, n, prod_src::<T>, T::mul),
        "max of equal"
    );
}

fn every_type(shmem: &Shmem) {
    // 5 elements: staged path; 2100 elements of 8 bytes: the direct (chunked) path
    for n in [5, 2100] {
        check_bitwise::<i8>(shmem, n);
        check_bitwise::<u8>(shmem, n);
        check_bitwise::<i16>(shmem, n);
        check_bitwise::<u16>(shmem, n);
        check_bitwise::<i32>(shmem, n);
        check_bitwise::<u32>(shmem, n);
        check_bitwise::<i64>(shmem, n);
        check_bitwise::<u64>(shmem, n);
        check_bitwise::<isize>(shmem, n);
        check_bitwise::<usize>(shmem, n);
        check_arith::<i8>(shmem, n);
        check_arith::<u8>(shmem, n);
        check_arith::<i16>(shmem, n);
        check_arith::<u16>(shmem, n);
        check_arith::<i32>(shmem, n);
        check_arith::<u32>(shmem, n);
        check_arith::<i64>(shmem, n);
        check_arith::<u64>(shmem, n);
        check_arith::<isize>(shmem, n);
        check_arith::<usize>(shmem, n);
        check_arith::<f32>(shmem, n);
        check_arith::<f64>(shmem, n);
    }
    shmem.barrier_all();
}

// ------------------------------------------------------------------------------------------
// complex numbers: sum and product (OpenSHMEM's complexf and complexd)

trait Cplx: SumProdReduce + PartialEq + Debug {
    /// `re + im·i`; every value used here is exact in both precisions.
    fn from_parts(re: f64, im: f64) -> Self;
}
impl Cplx for Complex32 {
    fn from_parts(re: f64, im: f64) -> Self {
        Complex32::new(re as f32, im as f32)
    }
}
impl Cplx for Complex64 {
    fn from_parts(re: f64, im: f64) -> Self {
        Complex64::new(re, im)
    }
}

/// A Gaussian integer `(re, im)` (exact complex arithmetic for the expectations).
type Gauss = (i128, i128);

fn g_add(a: Gauss, b: Gauss) -> Gauss {
    (a.0 + b.0, a.1 + b.1)
}

fn g_mul(a: Gauss, b: Gauss) -> Gauss {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

/// PE `pe`'s element `k`, doubled: a small Gaussian integer (none is zero, none is real
/// only for every PE) times `2^s`, `s` in -1..=1; the value itself is half of this. Products
/// over 8 PEs stay far inside `f32`'s 24 bits, so every partial result is exact.
fn gauss2(pe: usize, k: usize) -> Gauss {
    const G: [Gauss; 5] = [(1, 1), (2, -1), (0, 1), (1, -2), (-1, 0)];
    let (re, im) = G[(pe + 2 * k) % G.len()];
    let shift = (pe + k) % 3; // 2^(s + 1)
    (re << shift, im << shift)
}

fn cplx_src<T: Cplx>(pe: usize, k: usize) -> T {
    let (re, im) = gauss2(pe, k);
    T::from_parts(re as f64 / 2.0, im as f64 / 2.0)
}

/// Folds `op` over the doubled values of `pes` for each of `n` elements; the result is
/// `2^halvings` times the wanted value (1 for a sum, one per PE for a product).
fn cplx_expect<T: Cplx>(
    pes: &[usize],
    n: usize,
    op: fn(Gauss, Gauss) -> Gauss,
    halvings: i32,
) -> Vec<T> {
    let scale = 2f64.powi(halvings);
    fold(pes, n, gauss2, op)
        .into_iter()
        .map(|(re, im)| T::from_parts(re as f64 / scale, im as f64 / scale))
        .collect()
}

fn check_complex<T: Cplx>(shmem: &Shmem, n: usize) {
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let pes: Vec<usize> = set.members().collect();
    let np = pes.len() as i32;
    let sum = cplx_expect::<T>(&pes, n, g_add, 1);
    let prod = cplx_expect::<T>(&pes, n, g_mul, np);
    let src = SymVec::from_fn(shmem, n, |k| cplx_src::<T>(pe, k)).unwrap();
    let zero = T::from_parts(0.0, 0.0);
    let mut dst = SymVec::new(shmem, n, zero).unwrap();
    let mut data = SymVec::new(shmem, n, zero).unwrap();
    let fill = |d: &mut SymVec<'_, T>| {
        for k in 0..n {
            d.write(k, cplx_src::<T>(pe, k)).unwrap();
        }
    };
    if pes.len() > 1 {
        assert_ne!(sum, prod, "inputs must discriminate");
    }

    // active-set form, out of place and in place
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let me = set.member(shmem).unwrap();
    me.sum_to_all(&mut dst, &src, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), sum, "sum_to_all");
    me.prod_to_all(&mut dst, &src, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), prod, "prod_to_all");
    fill(&mut data);
    me.sum_to_all_in_place(&mut data, &mut ps).unwrap();
    assert_eq!(data.to_vec(), sum, "sum_to_all_in_place");
    fill(&mut data);
    me.prod_to_all_in_place(&mut data, &mut ps).unwrap();
    assert_eq!(data.to_vec(), prod, "prod_to_all_in_place");

    // team form, out of place and in place
    let world = Team::world(shmem);
    world.sum_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), sum, "sum_reduce");
    world.prod_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), prod, "prod_reduce");
    fill(&mut data);
    world.sum_reduce_in_place(&mut data).unwrap();
    assert_eq!(data.to_vec(), sum, "sum_reduce_in_place");
    fill(&mut data);
    world.prod_reduce_in_place(&mut data).unwrap();
    assert_eq!(data.to_vec(), prod, "prod_reduce_in_place");

    // the scans take complex numbers too: member k gets the sum over members 0..=k
    world.sum_inscan(&mut dst, &src).unwrap();
    assert_eq!(
        dst.to_vec(),
        cplx_expect::<T>(&pes[..=pe], n, g_add, 1),
        "sum_inscan"
    );

    // a strided active set (the even PEs); the others' targets are untouched
    let evens = ActiveSet::new(shmem, 0, 1, pes.len().div_ceil(2)).unwrap();
    let even_pes: Vec<usize> = evens.members().collect();
    let mut eps = ReduceSync::new(shmem, &evens).unwrap();
    dst.fill(zero);
    if let Ok(me) = evens.member(shmem) {
        me.prod_to_all(&mut dst, &src, &mut eps).unwrap();
        assert_eq!(
            dst.to_vec(),
            cplx_expect::<T>(&even_pes, n, g_mul, even_pes.len() as i32),
            "prod_to_all over the even PEs"
        );
    } else {
        assert_eq!(dst.to_vec(), vec![zero; n], "non-member written");
    }
    shmem.barrier_all();
}

fn complex_reductions(shmem: &Shmem) {
    // 1 element: staged; 600 elements (4.8 KB, 9.6 KB): the direct, chunked path
    for n in [1, 600] {
        check_complex::<Complex32>(shmem, n);
        check_complex::<Complex64>(shmem, n);
    }
}

/// The element type is part of the signature: a member reducing complex numbers while the
/// others reduce floats of the same byte length is an `ArgumentMismatch` on every member, and
/// nothing is written.
fn complex_type_mismatch(shmem: &Shmem) {
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let me = set.member(shmem).unwrap();
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let world = Team::world(shmem);
    // allocated on every PE (an allocation agrees on the element type too)
    let c32_src = SymVec::new(shmem, 4, Complex32::new(1.0, 1.0)).unwrap();
    let mut c32_dst = SymVec::new(shmem, 4, Complex32::default()).unwrap();
    let c64_src = SymVec::new(shmem, 4, Complex64::new(1.0, 1.0)).unwrap();
    let mut c64_dst = SymVec::new(shmem, 4, Complex64::default()).unwrap();
    let f64_src = SymVec::new(shmem, 8, 1.0f64).unwrap();
    let mut f64_dst = SymVec::new(shmem, 8, 0.0f64).unwrap();
    let untouched =
        |c32: &SymVec<'_, Complex32>, c64: &SymVec<'_, Complex64>, f: &SymVec<'_, f64>| {
            assert_eq!(
                c32.to_vec(),
                [Complex32::default(); 4],
                "Complex32 target written"
            );
            assert_eq!(
                c64.to_vec(),
                [Complex64::default(); 4],
                "Complex64 target written"
            );
            assert_eq!(f.to_vec(), [0.0; 8], "f64 target written");
        };
    if shmem.n_pes() > 1 {
        let odd = pe == shmem.n_pes() - 1;
        // Complex32 against f64: same element size and count, different type
        let f64_4 = f64_src.slice(..4).unwrap();
        for team in [false, true] {
            let r = match (odd, team) {
                (true, false) => me.sum_to_all(&mut c32_dst, &c32_src, &mut ps),
                (true, true) => world.prod_reduce(&mut c32_dst, &c32_src),
                (false, false) => {
                    me.sum_to_all(&mut f64_dst.slice_mut(..4).unwrap(), &f64_4, &mut ps)
                }
                (false, true) => world.prod_reduce(&mut f64_dst.slice_mut(..4).unwrap(), &f64_4),
            };
            match r {
                Err(Error::ArgumentMismatch {
                    what,
                    pe: 0,
                    other_pe,
                    ..
                }) => {
                    assert_eq!(what, "element type (same size, different type)");
                    assert_eq!(other_pe, shmem.n_pes() - 1);
                }
                r => panic!("Complex32 against f64 (team {team}): {r:?}"),
            }
            untouched(&c32_dst, &c64_dst, &f64_dst);
        }
        // 4 Complex64 against 8 f64: the same bytes, different element sizes
        for team in [false, true] {
            let r = match (odd, team) {
                (true, false) => me.sum_to_all(&mut c64_dst, &c64_src, &mut ps),
                (true, true) => world.sum_reduce(&mut c64_dst, &c64_src),
                (false, false) => me.sum_to_all(&mut f64_dst, &f64_src, &mut ps),
                (false, true) => world.sum_reduce(&mut f64_dst, &f64_src),
            };
            match r {
                Err(Error::ArgumentMismatch {
                    what, value, other, ..
                }) => {
                    assert_eq!(what, "collective operation");
                    assert_eq!(value, "sum-reduction of 8-byte elements");
                    assert_eq!(other, "sum-reduction of 16-byte elements");
                }
                r => panic!("Complex64 against f64 (team {team}): {r:?}"),
            }
            untouched(&c32_dst, &c64_dst, &f64_dst);
        }
        // the same type everywhere still works afterwards, on both sync areas
        me.sum_to_all(&mut c64_dst, &c64_src, &mut ps).unwrap();
        let n = shmem.n_pes() as f64;
        assert_eq!(c64_dst.to_vec(), [Complex64::new(n, n); 4]);
        world.sum_reduce(&mut c32_dst, &c32_src).unwrap();
        assert_eq!(c32_dst.to_vec(), [Complex32::new(n as f32, n as f32); 4]);
    } else {
        me.sum_to_all(&mut c64_dst, &c64_src, &mut ps).unwrap();
        assert_eq!(c64_dst.to_vec(), [Complex64::new(1.0, 1.0); 4]);
    }
    shmem.barrier_all();
}

// ------------------------------------------------------------------------------------------
// every valid active set; non-members untouched

fn valid_sets(n_pes: usize) -> Vec<(usize, u32, usize)> {
    let mut v = Vec::new();
    for log in 0..=3u32 {
        for start in 0..n_pes {
            let mut size = 1;
            while start + (size - 1) * (1 << log) < n_pes {
                v.push((start, log, size));
                size += 1;
            }
        }
    }
    v
}

fn val(pe: usize, k: usize, round: usize) -> u64 {
    (1u64 << ((pe + k) % 61)) | ((round as u64) << 61) | 0x10_0000_0000
}

fn every_active_set(shmem: &Shmem) {
    const SENTINEL: u64 = 0xdead_beef;
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    for (round, &(start, log, size)) in valid_sets(n_pes).iter().enumerate() {
        let set = ActiveSet::new(shmem, start, log, size).unwrap();
        let pes: Vec<usize> = set.members().collect();
        assert_eq!(pes.len(), size);
        let mut ps = ReduceSync::new(shmem, &set).unwrap();
        // 3 elements: staged; 1100 u64 (8800 bytes): direct
        for n in [3usize, 1100] {
            let f = |p: usize, k: usize| val(p, k, round);
            let src = SymVec::from_fn(shmem, n, |k| f(pe, k)).unwrap();
            let mut dst = SymVec::new(shmem, n, SENTINEL).unwrap();
            let mut inplace = SymVec::from_fn(shmem, n, |k| f(pe, k)).unwrap();
            match set.member(shmem) {
                Ok(me) => {
                    assert_eq!(pes[me.index()], pe);
                    me.or_to_all(&mut dst, &src, &mut ps).unwrap();
                    assert_eq!(
                        dst.to_vec(),
                        fold(&pes, n, f, |a, b| a | b),
                        "{start},{log},{size}"
                    );
                    me.sum_to_all_in_place(&mut inplace, &mut ps).unwrap();
                    assert_eq!(inplace.to_vec(), fold(&pes, n, f, u64::wrapping_add));
                    me.xor_to_all(&mut dst, &src, &mut ps).unwrap();
                    assert_eq!(dst.to_vec(), fold(&pes, n, f, |a, b| a ^ b));
                }
                Err(e) => {
                    assert!(!pes.contains(&pe));
                    assert_eq!(e.pe, pe);
                }
            }
            shmem.barrier_all();
            // nobody touched a non-member, and no member's source changed
            assert_eq!(src.to_vec(), (0..n).map(|k| f(pe, k)).collect::<Vec<_>>());
            if !pes.contains(&pe) {
                assert_eq!(dst.to_vec(), vec![SENTINEL; n], "non-member target");
                assert_eq!(
                    inplace.to_vec(),
                    (0..n).map(|k| f(pe, k)).collect::<Vec<_>>()
                );
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// back-to-back reuse without barriers

fn b2b(pe: usize, i: usize, k: usize) -> u64 {
    ((pe as u64 + 1) << 40)
        ^ ((i as u64) << 20)
        ^ (k as u64 * 0x9e37)
        ^ (1u64 << ((pe + i + k) % 63))
}

/// `calls` sum reductions on the even PEs, sizes from `size(i)`, alternating over `bufs`
/// SyncBufs, no barrier; every member rewrites its source the moment a call returns.
fn back_to_back(shmem: &Shmem, calls: usize, bufs: usize, size: impl Fn(usize) -> usize) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let evens = ActiveSet::new(shmem, 0, 1, n_pes.div_ceil(2)).unwrap();
    let mut ps: Vec<ReduceSync<'_>> = (0..bufs)
        .map(|_| ReduceSync::new(shmem, &evens).unwrap())
        .collect();
    let max = (0..calls).map(&size).max().unwrap_or(0);
    let src = SymVec::new(shmem, max, 7u64).unwrap();
    let mut dst = SymVec::new(shmem, max, 9u64).unwrap();
    let pes: Vec<usize> = evens.members().collect();
    if let Ok(me) = evens.member(shmem) {
        let mut local = vec![0u64; max];
        let write_src = |i: usize, local: &mut Vec<u64>| {
            let n = size(i);
            for (k, v) in local[..n].iter_mut().enumerate() {
                *v = b2b(pe, i, k);
            }
            src.copy_from(&local[..n]).unwrap();
        };
        write_src(0, &mut local);
        for i in 0..calls {
            let n = size(i);
            let mut t = dst.slice_mut(..n).unwrap();
            me.sum_to_all(&mut t, &src.slice(..n).unwrap(), &mut ps[i % bufs])
                .unwrap();
            // change the source at once: a slower member may still be in call i
            if i + 1 < calls {
                write_src(i + 1, &mut local);
            }
            let got = dst.slice(..n).unwrap().to_vec();
            let want = fold(&pes, n, |p, k| b2b(p, i, k), u64::wrapping_add);
            assert_eq!(got, want, "call {i} (nreduce {n})");
        }
    }
    shmem.barrier_all();
    if pe % 2 == 1 {
        assert_eq!(src.to_vec(), vec![7; max], "odd PEs never called");
        assert_eq!(dst.to_vec(), vec![9; max]);
    }
}

fn back_to_back_two_bufs(shmem: &Shmem) {
    back_to_back(shmem, 100, 2, |i| 1 + (i * 977) % 8096);
}

fn back_to_back_one_buf(shmem: &Shmem) {
    back_to_back(shmem, 100, 1, |i| 1 + (i * 977) % 8096);
}

fn one_buf_1000_calls(shmem: &Shmem) {
    back_to_back(
        shmem,
        1000,
        1,
        |i| if i % 100 == 99 { 1500 } else { 1 + i % 9 },
    );
}

/// Example 2 of the SHMEM_LONG_OR_TO_ALL(3) manual page: one call with nreduce = 3 equals
/// three calls with nreduce = 1 and alternating pSyncs, with no synchronization between them.
fn manual_example_2(shmem: &Shmem) {
    let set = ActiveSet::world(shmem);
    let me = set.member(shmem).unwrap();
    let pe = shmem.my_pe().index();
    let mut ps = [
        ReduceSync::new(shmem, &set).unwrap(),
        ReduceSync::new(shmem, &set).unwrap(),
    ];
    let src = SymVec::from_fn(shmem, 3, |k| bits_src::<i32>(pe, k)).unwrap();
    let mut one = SymVec::new(shmem, 3, 0i32).unwrap();
    let mut three = SymVec::new(shmem, 3, 0i32).unwrap();
    me.or_to_all(&mut one, &src, &mut ps[0]).unwrap();
    for k in 0..3 {
        me.or_to_all(
            &mut three.slice_mut(k..k + 1).unwrap(),
            &src.slice(k..k + 1).unwrap(),
            &mut ps[k % 2],
        )
        .unwrap();
    }
    assert_eq!(one.to_vec(), three.to_vec());
    let pes: Vec<usize> = set.members().collect();
    assert_eq!(one.to_vec(), fold(&pes, 3, bits_src::<i32>, |a, b| a | b));
}

// ------------------------------------------------------------------------------------------
// edge cases

fn edge_cases(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    // a size-1 set per PE: the reduction is a copy
    let mine = ActiveSet::new(shmem, pe, 0, 1).unwrap();
    let mut ps = ReduceSync::new(shmem, &mine).unwrap();
    let me = mine.member(shmem).unwrap();
    let src = SymVec::from_fn(shmem, 4, |k| (pe * 10 + k) as i16).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0i16).unwrap();
    me.min_to_all(&mut dst, &src, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), src.to_vec());
    // a size-1 set with a huge stride is valid, the same set
    assert_eq!(
        ActiveSet::new(shmem, pe, 40, 1)
            .unwrap()
            .members()
            .collect::<Vec<_>>(),
        [pe]
    );
    // nreduce = 0
    let world = ActiveSet::world(shmem);
    let mut wps = ReduceSync::new(shmem, &world).unwrap();
    let w = world.member(shmem).unwrap();
    let empty = SymVec::<u32>::zeroed(shmem, 0).unwrap();
    let mut empty_t = SymVec::<u32>::zeroed(shmem, 0).unwrap();
    w.or_to_all(&mut empty_t, &empty, &mut wps).unwrap();
    w.sum_to_all(
        &mut dst.slice_mut(0..0).unwrap(),
        &src.slice(0..0).unwrap(),
        &mut wps,
    )
    .unwrap();
    // 1M elements, out of place and in place
    const BIG: usize = 1 << 20;
    let big = SymVec::from_fn(shmem, BIG, |k| (k as i64) * (pe as i64 + 1)).unwrap();
    let mut big_t = SymVec::new(shmem, BIG, -1i64).unwrap();
    w.sum_to_all(&mut big_t, &big, &mut wps).unwrap();
    let s = (n_pes * (n_pes + 1) / 2) as i64;
    let got = big_t.to_vec();
    for (k, &g) in got.iter().enumerate() {
        assert_eq!(g, k as i64 * s, "element {k}");
    }
    let mut big_in = SymVec::from_fn(shmem, BIG, |k| (k as u32) ^ (1 << (pe % 32))).unwrap();
    w.xor_to_all_in_place(&mut big_in, &mut wps).unwrap();
    let got = big_in.to_vec();
    let pes: Vec<usize> = world.members().collect();
    for (k, &g) in got.iter().enumerate().step_by(997) {
        let want = pes
            .iter()
            .fold(0u32, |a, &p| a ^ ((k as u32) ^ (1 << (p % 32))));
        assert_eq!(g, want, "element {k}");
    }
    // in place, staged, on a sub-slice: the rest of the array is untouched
    let mut part = SymVec::new(shmem, 6, pe as u8 + 1).unwrap();
    w.max_to_all_in_place(&mut part.slice_mut(2..4).unwrap(), &mut wps)
        .unwrap();
    let p = pe as u8 + 1;
    assert_eq!(part.to_vec(), [p, p, n_pes as u8, n_pes as u8, p, p]);
    shmem.barrier_all();
}

// ------------------------------------------------------------------------------------------
// errors

fn errors(shmem: &Shmem) {
    let n = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let bad = |start, log, size| {
        matches!(
            ActiveSet::new(shmem, start, log, size),
            Err(Error::InvalidActiveSet { .. })
        )
    };
    assert!(bad(0, 0, 0), "size 0");
    assert!(bad(0, 0, n + 1), "last member = n_pes");
    assert!(bad(n, 0, 1), "start = n_pes");
    assert!(bad(1, 1, n.div_ceil(2) + 1));
    assert!(bad(0, 64, 2), "stride overflows");
    assert!(bad(usize::MAX, 0, 2), "start + size overflows");
    if n > 1 {
        assert!(bad(0, 1, n / 2 + 1 + n % 2), "last member past the end");
        assert!(!bad(0, 1, n.div_ceil(2)));
    }
    let msg = ActiveSet::new(shmem, 0, 0, n + 1).unwrap_err().to_string();
    assert!(msg.contains(&format!("for {n} PEs")), "{msg}");
    // NotAMember on PEs outside a set; the error converts into shmem::Error
    let first = ActiveSet::new(shmem, 0, 0, 1).unwrap();
    let r: Result<Member<'_>, Error> = first.member(shmem).map_err(Error::from);
    assert_eq!(r.is_ok(), pe == 0);
    // a SyncBuf belongs to its set
    let world = ActiveSet::world(shmem);
    let mut ps_first = ReduceSync::new(shmem, &first).unwrap();
    let mut ps = ReduceSync::new(shmem, &world).unwrap();
    let w = world.member(shmem).unwrap();
    let src = SymVec::new(shmem, 4, 1u64).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0u64).unwrap();
    if n > 1 {
        assert!(matches!(
            w.or_to_all(&mut dst, &src, &mut ps_first),
            Err(Error::SyncBufSetMismatch { .. })
        ));
    }
    // lengths: local check
    assert!(matches!(
        w.or_to_all(&mut dst, &src.slice(..3).unwrap(), &mut ps),
        Err(Error::LengthMismatch { .. })
    ));
    // members disagreeing on nreduce: the same error on every member, nothing written
    if n > 1 {
        let len = if pe == 0 { 3 } else { 4 };
        let r = w.or_to_all(
            &mut dst.slice_mut(..len).unwrap(),
            &src.slice(..len).unwrap(),
            &mut ps,
        );
        assert!(
            matches!(
                r,
                Err(Error::ArgumentMismatch {
                    what: "nreduce (element count)",
                    ..
                })
            ),
            "{r:?}"
        );
        assert_eq!(dst.to_vec(), [0; 4]);
        // members calling different operations
        let r = if pe == 0 {
            w.or_to_all(&mut dst, &src, &mut ps)
        } else {
            w.and_to_all(&mut dst, &src, &mut ps)
        };
        assert!(matches!(r, Err(Error::ArgumentMismatch { .. })), "{r:?}");
        assert_eq!(dst.to_vec(), [0; 4]);
    }
    // the buffer is still good after errors
    w.sum_to_all(&mut dst, &src, &mut ps).unwrap();
    assert_eq!(dst.to_vec(), [n as u64; 4]);
    // alltoall: short arrays, zero strides
    let mut aps = AlltoallSync::new(shmem, &world).unwrap();
    assert!(matches!(
        w.alltoall(&mut dst, &src, 5, &mut aps),
        Err(Error::OutOfBounds { .. })
    ));
    assert!(matches!(
        w.alltoalls(&mut dst, 0, &src, 1, 1, &mut aps),
        Err(Error::InvalidStride { .. })
    ));
    let mut cps = CollectSync::new(shmem, &world).unwrap();
    assert!(
        matches!(
            w.fcollect(&mut dst, &src, &mut cps),
            Err(Error::OutOfBounds { .. })
        ) == (n > 1)
    );
    shmem.barrier_all();
}

// ------------------------------------------------------------------------------------------
// broadcast, collect, fcollect, alltoall(s), barrier

fn bval(pe: usize, k: usize) -> u64 {
    ((pe as u64) << 32) | k as u64
}

fn broadcast(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    for (start, log, size) in [(0, 0, n_pes), (n_pes - 1, 0, 1), (0, 1, n_pes.div_ceil(2))] {
        let set = ActiveSet::new(shmem, start, log, size).unwrap();
        let mut ps = BcastSync::new(shmem, &set).unwrap();
        let pes: Vec<usize> = set.members().collect();
        // 100 u64: staged; 3000 u64: direct from the root's source
        for n in [100usize, 3000] {
            let src = SymVec::from_fn(shmem, n, |k| bval(pe, k)).unwrap();
            let mut dst = SymVec::new(shmem, n, 5u64).unwrap();
            if let Ok(me) = set.member(shmem) {
                for (root, &root_pe) in pes.iter().enumerate() {
                    let root_at = me.pe(root).unwrap();
                    assert_eq!(root_at.index(), root_pe);
                    me.broadcast(&mut dst, &src, root_at, &mut ps).unwrap();
                    let want: Vec<u64> = if me.index() == root {
                        vec![5; n] // the active-set form leaves the root's target alone
                    } else {
                        (0..n).map(|k| bval(root_pe, k)).collect()
                    };
                    assert_eq!(dst.to_vec(), want, "root {root}, n {n}");
                    dst.fill(5);
                }
            }
            shmem.barrier_all();
            if !pes.contains(&pe) {
                assert_eq!(dst.to_vec(), vec![5; n]);
            }
        }
        // a root that is not a member: the same error on every member, nothing written
        // (the allocations are collective over the world, members or not)
        let src = SymVec::new(shmem, 4, 1u64).unwrap();
        let mut dst = SymVec::new(shmem, 4, 5u64).unwrap();
        if let (Ok(me), Some(outsider)) =
            (set.member(shmem), shmem.pes().find(|p| !set.contains(*p)))
        {
            let r = me.broadcast(&mut dst, &src, outsider, &mut ps);
            assert!(
                matches!(
                    r,
                    Err(Error::InvalidRoot { root, set: (s, _, z) })
                        if root == outsider.index() && (s, z) == (start, size)
                ),
                "{r:?}"
            );
            assert_eq!(dst.to_vec(), [5; 4]);
        }
    }
    // team form: the root's target is written too (OpenSHMEM 1.5)
    let world = shmem::Team::world(shmem);
    let src = SymVec::from_fn(shmem, 10, |k| bval(pe, k)).unwrap();
    let mut dst = SymVec::new(shmem, 10, 5u64).unwrap();
    let root = n_pes - 1;
    world
        .broadcast(&mut dst, &src, world.pe(root).unwrap())
        .unwrap();
    assert_eq!(
        dst.to_vec(),
        (0..10).map(|k| bval(root, k)).collect::<Vec<_>>()
    );
    shmem.barrier_all();
}

fn collect_fcollect(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let me = set.member(shmem).unwrap();
    let mut ps = CollectSync::new(shmem, &set).unwrap();
    for n in [3usize, 1500] {
        let src = SymVec::from_fn(shmem, n, |k| bval(pe, k)).unwrap();
        let mut dst = SymVec::new(shmem, n * n_pes + 2, 1u64).unwrap();
        for _ in 0..3 {
            me.fcollect(&mut dst, &src, &mut ps).unwrap();
        }
        let mut want: Vec<u64> = (0..n_pes)
            .flat_map(|p| (0..n).map(move |k| bval(p, k)))
            .collect();
        want.extend([1, 1]);
        assert_eq!(dst.to_vec(), want, "fcollect {n}");
    }
    // collect: each PE its own count, mixing staged and direct contributions
    let count = |p: usize, round: usize| match (p + round) % 4 {
        0 => 0,
        1 => 1,
        2 => 7,
        _ => 1100 + p,
    };
    let max_total: usize = (0..4)
        .map(|r| (0..n_pes).map(|p| count(p, r)).sum::<usize>())
        .max()
        .unwrap();
    let src = SymVec::from_fn(shmem, 1100 + n_pes, |k| bval(pe, k)).unwrap();
    let mut dst = SymVec::new(shmem, max_total, 0u64).unwrap();
    for round in 0..4 {
        let mine = count(pe, round);
        let total = me
            .collect(&mut dst, &src.slice(..mine).unwrap(), &mut ps)
            .unwrap();
        let want: Vec<u64> = (0..n_pes)
            .flat_map(|p| (0..count(p, round)).map(move |k| bval(p, k)))
            .collect();
        assert_eq!(total, want.len());
        assert_eq!(
            dst.slice(..total).unwrap().to_vec(),
            want,
            "collect round {round}"
        );
    }
    // a target too small for the total: OutOfBounds on every PE when all totals are the same
    if n_pes > 1 {
        let mut small = SymVec::new(shmem, 1, 0u64).unwrap();
        let r = me.collect(&mut small, &src.slice(..1).unwrap(), &mut ps);
        assert!(matches!(r, Err(Error::OutOfBounds { .. })), "{r:?}");
    }
    // the team form
    let world = shmem::Team::world(shmem);
    let src = SymVec::new(shmem, 2, pe as u32).unwrap();
    let mut dst = SymVec::new(shmem, 2 * n_pes, 0u32).unwrap();
    world.fcollect(&mut dst, &src).unwrap();
    assert_eq!(
        dst.to_vec(),
        (0..2 * n_pes).map(|x| (x / 2) as u32).collect::<Vec<_>>()
    );
    let total = world
        .collect(&mut dst, &src.slice(..pe % 2).unwrap())
        .unwrap();
    assert_eq!(total, n_pes / 2);
    assert_eq!(
        dst.slice(..total).unwrap().to_vec(),
        (0..n_pes)
            .filter(|p| p % 2 == 1)
            .map(|p| p as u32)
            .collect::<Vec<_>>()
    );
    shmem.barrier_all();
}

fn alltoall(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let me = set.member(shmem).unwrap();
    let mut ps = AlltoallSync::new(shmem, &set).unwrap();
    // element k of block j from PE i
    let a = |i: usize, j: usize, k: usize| (i * 1_000_000 + j * 1000 + k) as u32;
    for n in [2usize, 700] {
        let src = SymVec::from_fn(shmem, n * n_pes, |x| a(pe, x / n, x % n)).unwrap();
        let mut dst = SymVec::new(shmem, n * n_pes, 0u32).unwrap();
        for _ in 0..2 {
            me.alltoall(&mut dst, &src, n, &mut ps).unwrap();
            let want: Vec<u32> = (0..n * n_pes).map(|x| a(x / n, pe, x % n)).collect();
            assert_eq!(dst.to_vec(), want, "alltoall {n}");
        }
        // strided: source stride 3, target stride 2
        let (sst, dstr) = (3usize, 2usize);
        let src = SymVec::from_fn(shmem, n * n_pes * sst, |x| {
            if x % sst == 0 {
                a(pe, (x / sst) / n, (x / sst) % n)
            } else {
                u32::MAX
            }
        })
        .unwrap();
        let mut dst = SymVec::new(shmem, n * n_pes * dstr, 7u32).unwrap();
        me.alltoalls(&mut dst, dstr, &src, sst, n, &mut ps).unwrap();
        let want: Vec<u32> = (0..n * n_pes * dstr)
            .map(|x| {
                if x % dstr == 0 {
                    a((x / dstr) / n, pe, (x / dstr) % n)
                } else {
                    7
                }
            })
            .collect();
        assert_eq!(dst.to_vec(), want, "alltoalls {n}");
    }
    // team form
    let world = shmem::Team::world(shmem);
    let src = SymVec::from_fn(shmem, n_pes, |j| a(pe, j, 0)).unwrap();
    let mut dst = SymVec::new(shmem, n_pes, 0u32).unwrap();
    world.alltoall(&mut dst, &src, 1).unwrap();
    assert_eq!(
        dst.to_vec(),
        (0..n_pes).map(|i| a(i, pe, 0)).collect::<Vec<_>>()
    );
    shmem.barrier_all();
}

/// Broadcast, fcollect, collect and alltoall back to back with one SyncBuf each and no
/// barrier; every PE rewrites its source the moment a call returns.
fn data_movers_back_to_back(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let me = set.member(shmem).unwrap();
    let mut bps = BcastSync::new(shmem, &set).unwrap();
    let mut cps = CollectSync::new(shmem, &set).unwrap();
    let mut aps = AlltoallSync::new(shmem, &set).unwrap();
    let v = |p: usize, i: usize, k: usize| ((p as u64) << 48) | ((i as u64) << 24) | k as u64;
    let size = |i: usize| {
        if i.is_multiple_of(3) {
            1500
        } else {
            1 + i % 17
        }
    };
    let max = 1500 * n_pes;
    let src = SymVec::new(shmem, max, 0u64).unwrap();
    let mut dst = SymVec::new(shmem, max, 0u64).unwrap();
    let fill = |i: usize, len: usize| {
        let vals: Vec<u64> = (0..len).map(|k| v(pe, i, k)).collect();
        src.copy_from(&vals).unwrap();
    };
    for i in 0..120 {
        let n = size(i);
        match i % 4 {
            0 => {
                fill(i, n);
                let root = i % n_pes;
                me.broadcast(
                    &mut dst.slice_mut(..n).unwrap(),
                    &src.slice(..n).unwrap(),
                    shmem.pe(root).unwrap(),
                    &mut bps,
                )
                .unwrap();
                fill(i + 1, n);
                if pe != root {
                    let want: Vec<u64> = (0..n).map(|k| v(root, i, k)).collect();
                    assert_eq!(dst.slice(..n).unwrap().to_vec(), want, "broadcast {i}");
                }
            }
            1 => {
                fill(i, n);
                me.fcollect(
                    &mut dst.slice_mut(..n * n_pes).unwrap(),
                    &src.slice(..n).unwrap(),
                    &mut cps,
                )
                .unwrap();
                fill(i + 1, n);
                let want: Vec<u64> = (0..n_pes)
                    .flat_map(|p| (0..n).map(move |k| v(p, i, k)))
                    .collect();
                assert_eq!(
                    dst.slice(..n * n_pes).unwrap().to_vec(),
                    want,
                    "fcollect {i}"
                );
            }
            2 => {
                let mine = if pe.is_multiple_of(2) { n } else { 3 };
                fill(i, mine);
                let total = me
                    .collect(&mut dst, &src.slice(..mine).unwrap(), &mut cps)
                    .unwrap();
                fill(i + 1, mine);
                let want: Vec<u64> = (0..n_pes)
                    .flat_map(|p| (0..if p % 2 == 0 { n } else { 3 }).map(move |k| v(p, i, k)))
                    .collect();
                assert_eq!(total, want.len());
                assert_eq!(dst.slice(..total).unwrap().to_vec(), want, "collect {i}");
            }
            _ => {
                let b = n.clamp(1, 1500 / 2);
                fill(i, b * n_pes);
                me.alltoall(
                    &mut dst.slice_mut(..b * n_pes).unwrap(),
                    &src.slice(..b * n_pes).unwrap(),
                    b,
                    &mut aps,
                )
                .unwrap();
                fill(i + 1, b * n_pes);
                let want: Vec<u64> = (0..n_pes)
                    .flat_map(|p| (0..b).map(move |k| v(p, i, pe * b + k)))
                    .collect();
                assert_eq!(
                    dst.slice(..b * n_pes).unwrap().to_vec(),
                    want,
                    "alltoall {i}"
                );
            }
        }
    }
    shmem.barrier_all();
}

/// Barrier on the even set: puts issued before it are complete after it, on every member.
fn barrier_on_set(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let evens = ActiveSet::new(shmem, 0, 1, n_pes.div_ceil(2)).unwrap();
    let mut ps = BarrierSync::new(shmem, &evens).unwrap();
    let inbox = SymVec::new(shmem, 1, u64::MAX).unwrap();
    if let Ok(me) = evens.member(shmem) {
        let size = evens.size();
        let right = me.pe((me.index() + 1) % size).unwrap();
        for round in 0..200u64 {
            inbox.put(right, &[round]).unwrap();
            me.barrier(&mut ps).unwrap();
            assert_eq!(inbox.read(0).unwrap(), round);
            me.sync(&mut ps).unwrap();
        }
    }
    shmem.barrier_all();
    if pe % 2 == 1 {
        assert_eq!(inbox.read(0).unwrap(), u64::MAX);
    }
}

/// Disjoint sets run collectives at the same time, each with its own SyncBuf.
fn disjoint_sets_concurrently(shmem: &Shmem) {
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let evens = ActiveSet::new(shmem, 0, 1, n_pes.div_ceil(2)).unwrap();
    let odds = ActiveSet::new(shmem, 1, 1, (n_pes / 2).max(1)).ok();
    let mut pe_even = ReduceSync::new(shmem, &evens).unwrap();
    let mut pe_odd = odds.map(|o| ReduceSync::new(shmem, &o).unwrap());
    let src = SymVec::new(shmem, 8, pe as u64).unwrap();
    let mut dst = SymVec::new(shmem, 8, 0u64).unwrap();
    let (set, ps) = if pe.is_multiple_of(2) {
        (evens, &mut pe_even)
    } else {
        (odds.unwrap(), pe_odd.as_mut().unwrap())
    };
    let me = set.member(shmem).unwrap();
    let want: u64 = set.members().map(|p| p as u64).sum();
    for _ in 0..300 {
        me.sum_to_all(&mut dst, &src, ps).unwrap();
        assert_eq!(dst.to_vec(), [want; 8]);
    }
    shmem.barrier_all();
}

/// Every data path (`SHMEM_COLLECTIVE_STAGING` = always / never / mixed, where in `mixed` the
/// odd PEs never stage and the even ones do) gives the same exact results.
fn staging_paths_body() {
    let shmem = shmem::init().expect("shmem::init");
    back_to_back(&shmem, 60, 1, |i| 1 + (i * 37) % 300);
    back_to_back(&shmem, 30, 2, |i| 1 + (i * 977) % 1100);
    manual_example_2(&shmem);
    for n in [5, 200] {
        check_bitwise::<u16>(&shmem, n);
        check_arith::<f64>(&shmem, n);
    }
    broadcast(&shmem);
    collect_fcollect(&shmem);
    alltoall(&shmem);
    data_movers_back_to_back(&shmem);
}

fn staging_paths_check() -> Result<(), support::Failed> {
    for mode in ["always", "never", "mixed"] {
        for n in [2, 3, 4] {
            let (out, _) = support::run_job(
                n,
                "staging_paths",
                &[],
                &[("SHMEM_COLLECTIVE_STAGING", mode)],
            );
            support::ensure(out.status.success(), || {
                format!("mode {mode}, {n} PEs:\n{}", support::describe(&out))
            })?;
        }
    }
    Ok(())
}

/// A rotating latecomer arrives 2 ms after the others, so they fall asleep on their doorbells
/// (the job runs with `SHMEM_WAIT_SPIN=0 SHMEM_WAIT_YIELD_US=0`); whoever completes the round
/// must wake them. With `SHMEM_WAIT_RECHECK_MS=30000` a sleeper nobody wakes sleeps 30 s while
/// the latecomer waits for it in the next collective: the launcher reports a deadlock, and the
/// rounds could not finish in the seconds allowed (a bound that only a lost wake-up reaches,
/// however busy the machine).
fn sleepers_woken_body() {
    let shmem = shmem::init().expect("shmem::init");
    let n_pes = shmem.n_pes();
    let pe = shmem.my_pe().index();
    let set = ActiveSet::world(&shmem);
    let me = set.member(&shmem).unwrap();
    let mut bar = BarrierSync::new(&shmem, &set).unwrap();
    let mut red = ReduceSync::new(&shmem, &set).unwrap();
    let mut bc = BcastSync::new(&shmem, &set).unwrap();
    let src = SymVec::new(&shmem, 2000, pe as u64).unwrap();
    let mut dst = SymVec::new(&shmem, 2000, 0u64).unwrap();
    let rounds = 30;
    let t0 = std::time::Instant::now();
    for i in 0..rounds {
        if pe == i % n_pes {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        me.sync(&mut bar).unwrap();
        if pe == (i + 1) % n_pes {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        me.sum_to_all(&mut dst, &src, &mut red).unwrap();
        assert_eq!(dst.read(1999).unwrap(), (n_pes * (n_pes - 1) / 2) as u64);
        // the root is early and waits for the readers of its source
        if pe != i % n_pes {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        me.broadcast(&mut dst, &src, shmem.pe_wrapping(i), &mut bc)
            .unwrap();
    }
    let took = t0.elapsed();
    assert!(
        took < std::time::Duration::from_secs(25),
        "{rounds} rounds took {took:?}: sleepers were left to time out"
    );
}

fn sleepers_woken_check() -> Result<(), support::Failed> {
    for mode in ["auto", "never"] {
        for n in [2, 4] {
            let (out, _) = support::run_job(
                n,
                "sleepers_woken",
                &[],
                &[
                    ("SHMEM_WAIT_SPIN", "0"),
                    ("SHMEM_WAIT_YIELD_US", "0"),
                    ("SHMEM_WAIT_RECHECK_MS", "30000"),
                    ("SHMEM_COLLECTIVE_STAGING", mode),
                ],
            );
            support::ensure(out.status.success(), || {
                format!("mode {mode}, {n} PEs:\n{}", support::describe(&out))
            })?;
        }
    }
    Ok(())
}

#[shmem::symmetric]
static STATIC_TOTALS: [u64; 4] = [0; 4];
#[shmem::symmetric]
static STATIC_GATHER: [u32; 8] = [0; 8];

/// `#[symmetric]` statics as collective targets: a team sum, a broadcast and an fcollect into
/// statics give the folded values; a source overlapping the static target (the same static,
/// or part of it) is `TargetSourceOverlap` on every member and writes nothing; the statics
/// work again afterwards.
fn statics_as_targets(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = shmem::Team::world(shmem);
    let src = SymVec::from_fn(shmem, 4, |i| (me * 10 + i) as u64).unwrap();
    world
        .sum_reduce(&mut STATIC_TOTALS.target(shmem), &src)
        .unwrap();
    let want: Vec<u64> = (0..4)
        .map(|i| (0..n).map(|p| (p * 10 + i) as u64).sum())
        .collect();
    assert_eq!(STATIC_TOTALS.slice(shmem).to_vec(), want);
    let last = world.pe(n - 1).unwrap();
    world
        .broadcast(&mut STATIC_TOTALS.target(shmem), &src, last)
        .unwrap();
    let want_b: Vec<u64> = (0..4).map(|i| ((n - 1) * 10 + i) as u64).collect();
    assert_eq!(STATIC_TOTALS.slice(shmem).to_vec(), want_b);
    if n <= 8 {
        let one = SymVec::new(shmem, 1, 100 + me as u32).unwrap();
        world
            .fcollect(&mut STATIC_GATHER.target(shmem), &one)
            .unwrap();
        let got = STATIC_GATHER.slice(shmem).to_vec();
        let want_g: Vec<u32> = (0..n).map(|p| 100 + p as u32).collect();
        assert_eq!(got[..n], want_g);
    }
    shmem.barrier_all();
    // Overlaps: the whole static, and a part of it, as the source.
    let whole = STATIC_TOTALS.slice(shmem);
    match world.sum_reduce(&mut STATIC_TOTALS.target(shmem), &whole) {
        Err(Error::TargetSourceOverlap { .. }) => {}
        other => panic!("expected TargetSourceOverlap: {other:?}"),
    }
    let part = whole.slice(1..3).unwrap();
    let mut two = SymVec::<u64>::zeroed(shmem, 2).unwrap();
    world.sum_reduce(&mut two, &part).unwrap(); // a static as a source is fine
    match world.broadcast(&mut STATIC_TOTALS.target(shmem), &part, last) {
        Err(Error::LengthMismatch { .. }) => {} // lengths are checked first
        other => panic!("expected LengthMismatch: {other:?}"),
    }
    let four = STATIC_TOTALS.slice(shmem);
    match world.fcollect(
        &mut STATIC_GATHER.target(shmem),
        &STATIC_GATHER.slice(shmem).slice(0..1).unwrap(),
    ) {
        Err(Error::TargetSourceOverlap { .. }) if n <= 8 => {}
        Err(Error::OutOfBounds { .. }) if n > 8 => {}
        other => panic!("expected TargetSourceOverlap: {other:?}"),
    }
    assert_eq!(four.to_vec(), want_b, "refused calls wrote nothing");
    world
        .sum_reduce(&mut STATIC_TOTALS.target(shmem), &src)
        .unwrap();
    assert_eq!(STATIC_TOTALS.slice(shmem).to_vec(), want);
    shmem.barrier_all();
}

fn main() {
    support::main(
        &[
            Case {
                name: "statics_as_targets",
                npes: &[1, 2, 4, 8],
                body: statics_as_targets,
            },
            Case {
                name: "every_type_discriminating",
                npes: SOME_NPES,
                body: every_type,
            },
            Case {
                name: "complex_reductions",
                npes: support::NPES,
                body: complex_reductions,
            },
            Case {
                name: "complex_type_mismatch",
                npes: support::NPES,
                body: complex_type_mismatch,
            },
            Case {
                name: "every_active_set",
                npes: ALL_NPES,
                body: every_active_set,
            },
            Case {
                name: "back_to_back_two_syncbufs",
                npes: &[2, 3, 4, 8],
                body: back_to_back_two_bufs,
            },
            Case {
                name: "back_to_back_one_syncbuf",
                npes: &[2, 3, 4, 8],
                body: back_to_back_one_buf,
            },
            Case {
                name: "one_syncbuf_1000_calls",
                npes: &[1, 2, 4, 8],
                body: one_buf_1000_calls,
            },
            Case {
                name: "manual_example_2",
                npes: &[1, 2, 8],
                body: manual_example_2,
            },
            Case {
                name: "edge_cases",
                npes: SOME_NPES,
                body: edge_cases,
            },
            Case {
                name: "errors",
                npes: SOME_NPES,
                body: errors,
            },
            Case {
                name: "broadcast",
                npes: SOME_NPES,
                body: broadcast,
            },
            Case {
                name: "collect_fcollect",
                npes: SOME_NPES,
                body: collect_fcollect,
            },
            Case {
                name: "alltoall",
                npes: SOME_NPES,
                body: alltoall,
            },
            Case {
                name: "data_movers_back_to_back",
                npes: &[1, 2, 3, 4, 8],
                body: data_movers_back_to_back,
            },
            Case {
                name: "barrier_on_set",
                npes: &[1, 3, 4, 8],
                body: barrier_on_set,
            },
            Case {
                name: "disjoint_sets_concurrently",
                npes: &[2, 5, 8],
                body: disjoint_sets_concurrently,
            },
        ],
        &[
            support::Custom {
                name: "staging_paths",
                body: staging_paths_body,
                check: staging_paths_check,
            },
            support::Custom {
                name: "sleepers_woken",
                body: sleepers_woken_body,
                check: sleepers_woken_check,
            },
        ],
    );
}
