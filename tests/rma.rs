//! RMA on real processes: put/get/p/g/iput/iget round trips for every type, zero-length
//! transfers, ordering (put, fence, flag), completion at barrier, non-blocking scopes, and the
//! typed errors for bad PEs and out-of-bounds transfers; put-with-signal from 8 B to 1 MiB and
//! the signal operations; `iter` over a PE's own copy.
#![forbid(unsafe_code)]

mod support;

use shmem::bytemuck::{Pod, Zeroable};
use shmem::{Cmp, Error, Shmem, SignalOp, SymBox, SymVec};
use support::{Case, NPES};

/// Deterministic, PE- and index-dependent values of each type.
trait Gen: Pod + PartialEq + std::fmt::Debug {
    fn make(pe: usize, i: usize) -> Self;
}
macro_rules! gen_num {
    ($($t:ty),*) => {$(
        impl Gen for $t {
            fn make(pe: usize, i: usize) -> $t { ((pe * 1000 + i * 7 + 3) % 113) as $t + (pe as $t) }
        }
    )*};
}
gen_num!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize);
impl Gen for f32 {
    fn make(pe: usize, i: usize) -> f32 {
        pe as f32 * 0.5 + i as f32 * 0.25 - 3.0
    }
}
impl Gen for f64 {
    fn make(pe: usize, i: usize) -> f64 {
        pe as f64 * 1.5e10 - i as f64 / 7.0
    }
}
/// A user-defined Pod with mixed fields (through `shmem`'s re-export: this test depends on
/// `shmem` only).
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[bytemuck(crate = "shmem::bytemuck")]
#[repr(C)]
struct Particle {
    pos: [f32; 3],
    id: u32,
    mass: f64,
}
impl Gen for Particle {
    fn make(pe: usize, i: usize) -> Particle {
        Particle {
            pos: [pe as f32, i as f32, (pe * i) as f32],
            id: (pe * 100 + i) as u32,
            mass: (pe + i) as f64 * 0.125,
        }
    }
}
impl Gen for [u8; 3] {
    fn make(pe: usize, i: usize) -> [u8; 3] {
        [pe as u8, i as u8, (pe ^ i) as u8]
    }
}

/// Every PE puts a pattern into its right neighbour's array and p's a scalar; after a barrier
/// each checks what its left neighbour wrote; then gets and g's from the right neighbour.
fn roundtrip<T: Gen>(shmem: &Shmem) {
    const N: usize = 37;
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let arr = SymVec::<T>::zeroed(shmem, N).unwrap();
    let one = SymBox::new(shmem, T::zeroed()).unwrap();
    let src: Vec<T> = (0..N).map(|i| T::make(me, i)).collect();
    arr.put(right, &src).unwrap();
    one.p(right, T::make(me, 999));
    shmem.barrier_all();
    let expect: Vec<T> = (0..N).map(|i| T::make(left, i)).collect();
    assert_eq!(arr.to_vec(), expect, "put from PE {left}");
    assert_eq!(one.read(), T::make(left, 999), "p from PE {left}");
    // get and g read the right neighbour's copy, which its left neighbour (me) wrote
    let mut back = vec![T::zeroed(); N];
    arr.get(right, &mut back).unwrap();
    assert_eq!(back, src, "get from {right}");
    assert_eq!(one.g(right), T::make(me, 999));
    // partial get of a sub-slice
    let mut part = vec![T::zeroed(); 5];
    arr.slice(10..15).unwrap().get(right, &mut part).unwrap();
    assert_eq!(part, src[10..15]);

    // strided: every 3rd element of src to every 2nd element of the target
    shmem.barrier_all();
    arr.fill(T::zeroed());
    shmem.barrier_all();
    let count = 9;
    arr.iput(right, 2, &src, 3, count).unwrap();
    shmem.barrier_all();
    let local = arr.to_vec();
    for (k, got) in local.iter().enumerate() {
        let want = if k % 2 == 0 && k / 2 < count {
            T::make(left, (k / 2) * 3)
        } else {
            T::zeroed()
        };
        assert_eq!(*got, want, "iput element {k}");
    }
    let mut gathered = vec![T::zeroed(); 2 * count];
    arr.iget(right, &mut gathered, 2, 2, count).unwrap();
    for (k, got) in gathered.iter().enumerate() {
        let want = if k % 2 == 0 {
            T::make(me, k / 2 * 3)
        } else {
            T::zeroed()
        };
        assert_eq!(*got, want, "iget element {k}");
    }
    shmem.barrier_all();
}

fn all_types(shmem: &Shmem) {
    roundtrip::<i8>(shmem);
    roundtrip::<u8>(shmem);
    roundtrip::<i16>(shmem);
    roundtrip::<u16>(shmem);
    roundtrip::<i32>(shmem);
    roundtrip::<u32>(shmem);
    roundtrip::<i64>(shmem);
    roundtrip::<u64>(shmem);
    roundtrip::<isize>(shmem);
    roundtrip::<usize>(shmem);
    roundtrip::<f32>(shmem);
    roundtrip::<f64>(shmem);
    roundtrip::<Particle>(shmem);
    roundtrip::<[u8; 3]>(shmem);
}

/// `iter` reads this PE's own copy, by value, in chunks: the left neighbour's puts are what
/// it yields, for lengths around the chunk's (256 elements), for a sub-slice, and with an exact
/// `size_hint` as it goes.
fn local_iter<T: Gen>(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    for len in [0, 1, 255, 256, 257, 1000] {
        let arr = SymVec::<T>::zeroed(shmem, len).unwrap();
        let src: Vec<T> = (0..len).map(|i| T::make(me, i + len)).collect();
        arr.put(right, &src).unwrap();
        shmem.barrier_all();
        let expect: Vec<T> = (0..len).map(|i| T::make(left, i + len)).collect();
        assert_eq!(arr.iter().collect::<Vec<T>>(), expect, "len {len}");
        let mut by_ref = Vec::new();
        for x in &arr {
            by_ref.push(x);
        }
        assert_eq!(by_ref, expect, "len {len}, for over &SymVec");
        let mut it = arr.iter();
        for (taken, &want) in expect.iter().enumerate().take(300) {
            assert_eq!(it.len(), len - taken, "len {len}");
            assert_eq!(it.next(), Some(want));
        }
        if len > 2 {
            let (a, b) = (1, len - 1);
            let part = arr.slice(a..b).unwrap();
            assert_eq!(part.iter().collect::<Vec<T>>(), expect[a..b], "len {len}");
            assert_eq!((&part).into_iter().count(), b - a);
        }
        let mut done = arr.iter().skip(len);
        assert_eq!((done.next(), done.next()), (None, None), "len {len}: fused");
        shmem.barrier_all();
    }
}

fn local_iter_types(shmem: &Shmem) {
    local_iter::<u8>(shmem);
    local_iter::<u64>(shmem);
    local_iter::<f64>(shmem);
    local_iter::<Particle>(shmem);
    local_iter::<[u8; 3]>(shmem);
}

fn zero_length(shmem: &Shmem) {
    let v = SymVec::<u64>::new(shmem, 4, 9).unwrap();
    let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
    v.put(right, &[]).unwrap();
    v.get(right, &mut []).unwrap();
    v.iput(right, 1, &[], 1, 0).unwrap();
    v.iget(right, &mut [], 1, 1, 0).unwrap();
    let empty = SymVec::<u64>::zeroed(shmem, 0).unwrap();
    assert!(empty.is_empty());
    empty.put(right, &[]).unwrap();
    assert!(matches!(
        empty.put(right, &[1]),
        Err(Error::OutOfBounds {
            start: 0,
            len: 1,
            object_len: 0
        })
    ));
    v.slice(4..4).unwrap().put(right, &[]).unwrap();
    shmem.barrier_all();
    assert_eq!(v.to_vec(), [9; 4]);
}

/// Producer puts a block then a flag with fence between; the consumer waits on the flag and
/// must see the whole block. Repeated with new contents each round.
fn ordering(shmem: &Shmem) {
    const N: usize = 4096;
    const ROUNDS: u64 = 200;
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let data = SymVec::<u64>::zeroed(shmem, N).unwrap();
    let flag = SymBox::new(shmem, 0u64).unwrap();
    let ack = SymBox::new(shmem, 0u64).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let left = shmem.pe_wrapping(me + n - 1);
    let mut block = vec![0u64; N];
    for round in 1..=ROUNDS {
        // wait until the right neighbour consumed the previous round (its ack to me)
        ack.wait_until(Cmp::Ge, round - 1);
        for (i, b) in block.iter_mut().enumerate() {
            *b = round * 1_000_000 + (me * N + i) as u64;
        }
        data.put(right, &block).unwrap();
        shmem.fence();
        flag.p(right, round);
        // consume what the left neighbour sent
        flag.wait_until(Cmp::Eq, round);
        let got = data.to_vec();
        for (i, &g) in got.iter().enumerate() {
            assert_eq!(
                g,
                round * 1_000_000 + (left.index() * N + i) as u64,
                "round {round}, element {i}"
            );
        }
        ack.p(left, round);
    }
    shmem.barrier_all();
}

/// Puts issued before barrier_all are visible to every PE after it (no fence or flag).
fn completion_at_barrier(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let v = SymVec::<u32>::zeroed(shmem, n * 16).unwrap();
    for round in 0..50u32 {
        for pe in shmem.pes() {
            let vals: Vec<u32> = (0..16)
                .map(|i| round * 100_000 + (me * 16 + i) as u32)
                .collect();
            v.slice(me * 16..me * 16 + 16)
                .unwrap()
                .put(pe, &vals)
                .unwrap();
        }
        shmem.barrier_all();
        let local = v.to_vec();
        for p in 0..n {
            for i in 0..16 {
                assert_eq!(local[p * 16 + i], round * 100_000 + (p * 16 + i) as u32);
            }
        }
        shmem.barrier_all();
    }
}

fn nbi_scope(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let v = SymVec::<i32>::zeroed(shmem, 1024).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let src: Vec<i32> = (0..1024).map(|i| i * (me as i32 + 1)).collect();
    shmem
        .nbi(|nbi| -> Result<(), Error> {
            nbi.put(&v, right, &src[..512])?;
            nbi.put(&v.slice(512..).unwrap(), right, &src[512..])?;
            Ok(())
        })
        .unwrap();
    shmem.barrier_all();
    let left = (me + n - 1) % n;
    assert_eq!(
        v.to_vec(),
        (0..1024).map(|i| i * (left as i32 + 1)).collect::<Vec<_>>()
    );
    let mut back = vec![0; 1024];
    shmem.nbi(|nbi| nbi.get(&v, right, &mut back)).unwrap();
    assert_eq!(back, src);
    shmem.barrier_all();
}

/// Symmetric-to-symmetric transfers: put_from / get_from and their non-blocking forms.
fn symmetric_source_and_destination(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let a = SymVec::from_fn(shmem, 300, |i| (me * 1000 + i) as u32).unwrap();
    let b = SymVec::<u32>::zeroed(shmem, 301).unwrap();
    b.put_from(right, &a).unwrap();
    shmem.barrier_all();
    let got = b.to_vec();
    assert_eq!(
        got[..300],
        (0..300)
            .map(|i| (left * 1000 + i) as u32)
            .collect::<Vec<_>>()[..]
    );
    assert_eq!(got[300], 0);
    shmem.barrier_all();
    b.get_from(right, &a).unwrap();
    assert_eq!(
        b.to_vec()[..300],
        (0..300)
            .map(|i| (right.index() * 1000 + i) as u32)
            .collect::<Vec<_>>()[..]
    );
    // non-blocking forms, into sub-slices
    shmem.barrier_all();
    shmem
        .nbi(|nbi| -> Result<(), Error> {
            nbi.get_from(&b.slice(1..).unwrap(), right, &a)?;
            nbi.put_from(&b, me_pe(shmem), &a.slice(..1).unwrap())
        })
        .unwrap();
    let got = b.to_vec();
    assert_eq!(got[0], (me * 1000) as u32);
    assert_eq!(
        got[1..],
        (0..300)
            .map(|i| (right.index() * 1000 + i) as u32)
            .collect::<Vec<_>>()[..]
    );
    // a source longer than the target is an error, and nothing moves
    assert!(matches!(
        a.put_from(right, &b),
        Err(Error::OutOfBounds {
            start: 0,
            len: 301,
            object_len: 300
        })
    ));
    assert!(matches!(
        a.get_from(right, &b),
        Err(Error::OutOfBounds { .. })
    ));
    shmem.barrier_all();
    assert_eq!(
        a.to_vec(),
        (0..300).map(|i| (me * 1000 + i) as u32).collect::<Vec<_>>()
    );
}

fn me_pe(shmem: &Shmem) -> shmem::Pe {
    shmem.my_pe()
}

fn typed_errors(shmem: &Shmem) {
    let n = shmem.n_pes();
    assert!(matches!(shmem.pe(n), Err(Error::InvalidPe { pe, n_pes }) if pe == n && n_pes == n));
    assert!(matches!(shmem.pe(usize::MAX), Err(Error::InvalidPe { .. })));
    assert!(shmem.pe_accessible(n - 1) && !shmem.pe_accessible(n));
    let v = SymVec::<u16>::new(shmem, 8, 5).unwrap();
    let me = shmem.my_pe();
    assert!(matches!(
        v.put(me, &[0; 9]),
        Err(Error::OutOfBounds {
            start: 0,
            len: 9,
            object_len: 8
        })
    ));
    assert!(matches!(
        v.get(me, &mut [0; 9]),
        Err(Error::OutOfBounds { .. })
    ));
    assert!(matches!(v.slice(3..9), Err(Error::OutOfBounds { .. })));
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = v.slice(5..3);
    assert!(matches!(reversed, Err(Error::OutOfBounds { .. })));
    assert!(matches!(
        v.at(8),
        Err(Error::OutOfBounds {
            start: 8,
            len: 1,
            object_len: 8
        })
    ));
    assert!(matches!(
        v.slice(6..).unwrap().put(me, &[1, 2, 3]),
        Err(Error::OutOfBounds { .. })
    ));
    // strided: last element past the end on either side, zero stride
    assert!(matches!(
        v.iput(me, 2, &[1, 2, 3, 4, 5], 1, 5),
        Err(Error::OutOfBounds { .. })
    ));
    assert!(matches!(
        v.iput(me, 1, &[1, 2, 3], 2, 3),
        Err(Error::OutOfBounds { .. })
    ));
    assert!(matches!(
        v.iput(me, 0, &[1, 2], 1, 2),
        Err(Error::InvalidStride { .. })
    ));
    assert!(matches!(
        v.iget(me, &mut [0; 4], 1, 3, 4),
        Err(Error::OutOfBounds { .. })
    ));
    // nothing was written by the failed calls
    shmem.barrier_all();
    assert_eq!(v.to_vec(), [5; 8]);
    let s = format!("{}", shmem.pe(n + 3).unwrap_err());
    assert!(
        s.contains(&format!("PE {}", n + 3)) && s.contains(&format!("{n} PEs")),
        "{s}"
    );
}

/// Word `i` of the message of `from` in round `round`.
fn sig_word(from: usize, round: u64, i: usize) -> u64 {
    (from as u64 + 1) << 48 | round << 32 | i as u64
}

/// Put-with-signal from 8 B to 1 MiB: every PE sends its right neighbour one message per size
/// with `SignalOp::Add` (blocking) or in an nbi scope (odd rounds); the neighbour waits for the
/// signal to reach the round count and then checks every word of the message: the data is
/// complete when the signal is seen.
fn put_signal_sizes(shmem: &Shmem) {
    const WORDS: [usize; 7] = [1, 8, 64, 512, 4096, 32768, 131072]; // 8 B .. 1 MiB
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let data = SymVec::<u64>::zeroed(shmem, WORDS[6]).unwrap();
    let signal = SymBox::<u64>::new(shmem, 0).unwrap();
    for (round, &len) in WORDS.iter().enumerate() {
        let round = round as u64;
        let msg: Vec<u64> = (0..len).map(|i| sig_word(me, round, i)).collect();
        if round.is_multiple_of(2) {
            data.put_signal(right, &msg, &signal, 1, SignalOp::Add)
                .unwrap();
        } else {
            shmem
                .nbi(|nbi| nbi.put_signal(&data, right, &msg, &signal, 1, SignalOp::Add))
                .unwrap();
        }
        let seen = signal.signal_wait_until(Cmp::Ge, round + 1);
        assert_eq!(seen, round + 1, "one signal per round");
        let mut got = vec![0u64; len];
        data.copy_to(&mut got).unwrap();
        for (i, &w) in got.iter().enumerate() {
            assert_eq!(w, sig_word(left, round, i), "{len} words: word {i}");
        }
        shmem.barrier_all(); // nobody overwrites a message that is being read
    }
    assert_eq!(signal.signal_fetch(), WORDS.len() as u64);
    shmem.barrier_all();
}

/// The signal operations: `signal_set` to the right neighbour (waited for with `Eq`),
/// `signal_add` from every PE to PE 0 (an exact total), `SignalOp::Set` with a put, and the
/// refusals: a signal inside the data's range, data out of bounds; nothing written then.
fn signal_ops(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let zero = shmem.pe(0).unwrap();
    let signal = SymBox::<u64>::new(shmem, 0).unwrap();
    let total = SymBox::<u64>::new(shmem, 0).unwrap();
    let data = SymVec::<u64>::new(shmem, 4, 7).unwrap();
    shmem.barrier_all();
    signal.signal_set(right, 1000 + me as u64);
    assert_eq!(
        signal.signal_wait_until(Cmp::Eq, 1000 + left as u64),
        1000 + left as u64
    );
    total.signal_add(zero, me as u64 + 1);
    shmem.barrier_all();
    if me == 0 {
        assert_eq!(total.signal_fetch(), (n * (n + 1) / 2) as u64);
    }
    shmem.barrier_all();
    data.put_signal(right, &[5, 6], &signal, 77, SignalOp::Set)
        .unwrap();
    signal.signal_wait_until(Cmp::Eq, 77);
    assert_eq!(data.to_vec(), [5, 6, 7, 7]);
    shmem.barrier_all();
    // Refusals.
    let inside = data.at(3).unwrap();
    match data.put_signal(right, &[1, 2, 3, 4], &inside, 9, SignalOp::Set) {
        Err(Error::SignalOverlap { .. }) => {}
        other => panic!("expected SignalOverlap: {other:?}"),
    }
    // Adjacent, not overlapping: element 3 as the signal of a put of elements 0..3.
    data.put_signal(right, &[8, 8, 8], &inside, 9, SignalOp::Set)
        .unwrap();
    assert!(matches!(
        data.put_signal(right, &[1; 5], &signal, 1, SignalOp::Add),
        Err(Error::OutOfBounds { .. })
    ));
    shmem.barrier_all();
    assert_eq!(data.to_vec(), [8, 8, 8, 9], "refused calls wrote nothing");
    assert_eq!(signal.signal_fetch(), 77, "refused calls signalled nothing");
    shmem.barrier_all();
}

/// `ibput`/`ibget` against plain loops: every PE puts blocks of its pattern into its right
/// neighbour and gets them back from its left one, for several block sizes and strides;
/// refused calls (zero stride, overlapping target blocks, last block out of bounds) write
/// nothing.
fn block_strided(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let v = SymVec::<i32>::zeroed(shmem, 64).unwrap();
    let src: Vec<i32> = (0..64).map(|i| (me * 1000 + i) as i32).collect();
    for (bsize, nblocks, tst, sst) in [(1, 5, 3, 2), (3, 4, 5, 3), (4, 3, 4, 7), (2, 1, 9, 9)] {
        v.fill(-1);
        shmem.barrier_all();
        v.ibput(right, tst, &src, sst, bsize, nblocks).unwrap();
        shmem.barrier_all();
        let mut want = vec![-1; 64];
        for b in 0..nblocks {
            for k in 0..bsize {
                want[b * tst + k] = (left * 1000 + b * sst + k) as i32;
            }
        }
        assert_eq!(
            v.to_vec(),
            want,
            "ibput bsize {bsize} nblocks {nblocks} tst {tst} sst {sst}"
        );
        // Back: the target's blocks (stride tst there) into a local buffer (stride sst + bsize).
        let dst_stride = bsize + 1;
        let mut dst = vec![-7; 64];
        v.ibget(right, &mut dst, dst_stride, tst, bsize, nblocks)
            .unwrap();
        let mut want_back = vec![-7; 64];
        for b in 0..nblocks {
            for k in 0..bsize {
                want_back[b * dst_stride + k] = (me * 1000 + b * sst + k) as i32;
            }
        }
        assert_eq!(dst, want_back, "ibget");
        shmem.barrier_all();
    }
    v.fill(5);
    shmem.barrier_all();
    assert!(matches!(
        v.ibput(right, 0, &src, 1, 2, 2),
        Err(Error::InvalidStride { .. })
    ));
    assert!(matches!(
        v.ibput(right, 1, &src, 1, 2, 2),
        Err(Error::InvalidStride { .. })
    ));
    assert!(matches!(
        v.ibput(right, 30, &src, 1, 5, 3),
        Err(Error::OutOfBounds { .. })
    ));
    assert!(matches!(
        v.ibput(right, 2, &src[..4], 3, 2, 2),
        Err(Error::OutOfBounds { .. })
    ));
    let mut small = [0i32; 3];
    assert!(matches!(
        v.ibget(right, &mut small, 2, 2, 2, 2),
        Err(Error::OutOfBounds { .. })
    ));
    assert_eq!(small, [0; 3], "refused ibget read nothing");
    shmem.barrier_all();
    assert_eq!(v.to_vec(), vec![5; 64], "refused ibputs wrote nothing");
    shmem.barrier_all();
}

/// The non-blocking fetching atomics: every PE, in one nbi scope, fetch-adds `p + 1` and
/// fetch-xors `1 << p` into PE 0's counters, swaps into its right neighbour, and
/// compare-swaps (once failing, once on its own fresh word succeeding); the fetched values
/// (read after the scope) and the final counters match folds over PE ids.
fn nbi_atomics(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let sum = SymBox::<u64>::new(shmem, 0).unwrap();
    let bits = SymBox::<u32>::new(shmem, 0).unwrap();
    let slot = SymBox::<i64>::new(shmem, -1).unwrap();
    let own = SymBox::<i32>::new(shmem, 10).unwrap();
    shmem.barrier_all();
    let (mut a, mut b, mut c, mut d, mut e, mut f, mut g) =
        (0u64, 0u32, 0i64, 0i32, 0i32, 0i64, 0u32);
    let me_pe = shmem.my_pe();
    shmem.nbi(|nbi| {
        nbi.atomic_fetch_add(&sum, zero, me as u64 + 1, &mut a);
        nbi.atomic_fetch_xor(&bits, zero, 1 << me, &mut b);
        nbi.atomic_swap(&slot, right, me as i64, &mut c);
        nbi.atomic_compare_swap(&own, me_pe, 99, 5, &mut d); // fails: 10 != 99
        nbi.atomic_fetch_inc(&own, me_pe, &mut e);
    });
    assert!(a < (n * (n + 1) / 2) as u64, "a previous partial sum");
    assert_eq!(b & (1 << me), 0, "nobody else xors this PE's bit");
    assert_eq!(c, -1, "only this PE swaps into its right neighbour");
    assert_eq!((d, e), (10, 10));
    shmem.barrier_all();
    shmem.nbi(|nbi| {
        nbi.atomic_fetch(&slot, me_pe, &mut f);
        nbi.atomic_fetch_or(&bits, zero, 0, &mut g);
    });
    assert_eq!(f, left as i64, "the left neighbour's swap");
    assert_eq!(g, ((1u64 << n) - 1) as u32);
    assert_eq!(own.read(), 11);
    if me == 0 {
        assert_eq!(sum.read(), (n * (n + 1) / 2) as u64);
    }
    shmem.barrier_all();
}

/// `pe_quiet`: each PE puts 4 KiB into its right neighbour, completes it there with
/// `pe_quiet(&[right])` only, then raises the neighbour's flag; the neighbour waits for the
/// flag and sees the whole message (an empty `pe_quiet` is a no-op).
fn pe_quiet_completes(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let data = SymVec::<u64>::zeroed(shmem, 512).unwrap();
    let flag = SymBox::<u64>::new(shmem, 0).unwrap();
    shmem.barrier_all();
    for round in 1..=3u64 {
        let msg: Vec<u64> = (0..512).map(|i| sig_word(me, round, i)).collect();
        data.put(right, &msg).unwrap();
        shmem.pe_quiet(&[]);
        shmem.pe_quiet(&[right]);
        flag.p(right, round);
        flag.wait_until(Cmp::Eq, round);
        let want: Vec<u64> = (0..512).map(|i| sig_word(left, round, i)).collect();
        assert_eq!(data.to_vec(), want, "round {round}");
        shmem.barrier_all();
    }
}

/// `peer` (`shmem_ptr`): this PE's own copy is always mapped; where the right neighbour's is
/// (every PE under shmemrun; the same node under MPI), stores through the view land in its
/// copy and loads read them back; elsewhere the put fallback does. `addr_accessible` is true
/// for every PE of the job and false past it.
fn peer_views(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let v = SymVec::<u64>::zeroed(shmem, 16).unwrap();
    assert!(
        v.peer(shmem.my_pe()).is_some(),
        "this PE's own copy is mapped"
    );
    assert!(v.addr_accessible(n - 1) && !v.addr_accessible(n));
    let msg: Vec<u64> = (0..16).map(|i| sig_word(me, 9, i)).collect();
    match v.peer(right) {
        Some(p) => {
            assert_eq!((p.pe(), p.len()), (right, 16));
            p.copy_from(&msg[..8]).unwrap();
            for (i, &w) in msg.iter().enumerate().skip(8) {
                p.write(i, w).unwrap();
            }
            assert_eq!(p.read(15).unwrap(), msg[15]);
            assert!(matches!(p.write(16, 0), Err(Error::OutOfBounds { .. })));
        }
        None => {
            assert!(support::under_mpirun(), "every PE is mapped under shmemrun");
            v.put(right, &msg).unwrap();
        }
    }
    shmem.barrier_all();
    let want: Vec<u64> = (0..16).map(|i| sig_word(left, 9, i)).collect();
    assert_eq!(v.to_vec(), want);
    let mut back = vec![0u64; 16];
    v.peer(shmem.my_pe()).unwrap().copy_to(&mut back).unwrap();
    assert_eq!(back, want);
    shmem.barrier_all();
}

/// Handles that own their buffers: puts of three sizes (one staged, two not, through MPI) to
/// the right neighbour kept in a `Vec` and waited on in reverse order; gets from the left
/// neighbour likewise, one of them leaked (its buffer goes with it); a refused put hands its
/// buffer back; fetching atomics with handles waited on later give every value once.
fn nbi_handles(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let v = SymVec::<u64>::zeroed(shmem, 2000).unwrap();
    let sizes = [(0usize, 3usize), (3, 200), (203, 1797)];
    let mut puts = Vec::new();
    for &(at, len) in &sizes {
        let msg: Vec<u64> = (at..at + len).map(|i| sig_word(me, 5, i)).collect();
        puts.push(v.slice(at..at + len).unwrap().put_nbi(right, msg).unwrap());
    }
    while let Some(h) = puts.pop() {
        let (at, len) = sizes[puts.len()];
        let back = h.wait();
        assert_eq!(back.len(), len);
        assert_eq!(back[0], sig_word(me, 5, at), "the buffer comes back intact");
    }
    shmem.barrier_all();
    let mut gets = Vec::new();
    for &(at, len) in &sizes {
        gets.push((
            at,
            v.slice(at..at + len)
                .unwrap()
                .get_nbi(shmem.my_pe(), vec![0; len])
                .unwrap(),
        ));
    }
    std::mem::forget(v.get_nbi(shmem.my_pe(), vec![0; 16]).unwrap());
    let mut h = gets.remove(1).1;
    while !h.test() {
        std::hint::spin_loop();
    }
    let mid = h.wait();
    assert!(
        mid.iter()
            .enumerate()
            .all(|(k, &w)| w == sig_word(left, 5, 3 + k))
    );
    for (at, h) in gets.into_iter().rev() {
        let got = h.wait();
        for (k, &w) in got.iter().enumerate() {
            assert_eq!(w, sig_word(left, 5, at + k));
        }
    }
    let too_long = vec![7u64; 2001];
    match v.put_nbi(right, too_long) {
        Err(r) => {
            assert!(matches!(r.error, Error::OutOfBounds { .. }));
            assert_eq!(r.buf, vec![7u64; 2001], "the buffer is handed back");
        }
        Ok(_) => panic!("a put past the end was accepted"),
    }
    shmem.barrier_all();
    // Fetching atomics with handles, waited on after all were issued.
    let counter = SymBox::<u64>::new(shmem, 0).unwrap();
    let zero = shmem.pe(0).unwrap();
    let handles: Vec<_> = (0..10)
        .map(|_| counter.atomic_fetch_add_nbi(zero, 1))
        .collect();
    let mut mine: Vec<u64> = handles.into_iter().map(|h| h.wait()).collect();
    mine.sort_unstable();
    assert!(
        mine.windows(2).all(|w| w[0] < w[1]),
        "each fetched value once"
    );
    shmem.barrier_all();
    if me == 0 {
        assert_eq!(counter.read(), 10 * n as u64);
        assert_eq!(counter.atomic_fetch_nbi(zero).wait(), 10 * n as u64);
        assert_eq!(counter.atomic_swap_nbi(zero, 1).wait(), 10 * n as u64);
        assert_eq!(counter.atomic_compare_swap_nbi(zero, 1, 5).wait(), 1);
        assert_eq!(counter.atomic_fetch_inc_nbi(zero).wait(), 5);
        assert_eq!(counter.atomic_fetch_or_nbi(zero, 8).wait(), 6);
        assert_eq!(counter.atomic_fetch_and_nbi(zero, 12).wait(), 14);
        assert_eq!(counter.atomic_fetch_xor_nbi(zero, 1).wait(), 12);
        assert_eq!(counter.read(), 13);
    }
    shmem.barrier_all();
}

fn main() {
    support::main(
        &[
            Case {
                name: "nbi_handles",
                npes: NPES,
                body: nbi_handles,
            },
            Case {
                name: "peer_views",
                npes: NPES,
                body: peer_views,
            },
            Case {
                name: "pe_quiet_completes",
                npes: NPES,
                body: pe_quiet_completes,
            },
            Case {
                name: "nbi_atomics",
                npes: NPES,
                body: nbi_atomics,
            },
            Case {
                name: "block_strided",
                npes: NPES,
                body: block_strided,
            },
            Case {
                name: "put_signal_sizes",
                npes: NPES,
                body: put_signal_sizes,
            },
            Case {
                name: "signal_ops",
                npes: NPES,
                body: signal_ops,
            },
            Case {
                name: "all_types_roundtrip",
                npes: NPES,
                body: all_types,
            },
            Case {
                name: "local_iter",
                npes: NPES,
                body: local_iter_types,
            },
            Case {
                name: "zero_length",
                npes: NPES,
                body: zero_length,
            },
            Case {
                name: "put_fence_flag_ordering",
                npes: NPES,
                body: ordering,
            },
            Case {
                name: "completion_at_barrier",
                npes: NPES,
                body: completion_at_barrier,
            },
            Case {
                // more PEs than share one barrier line (`SHARED_BARRIER_PES`): a line per PE
                name: "completion_at_barrier_9_pes",
                npes: &[9],
                body: completion_at_barrier,
            },
            Case {
                name: "nbi_scope",
                npes: NPES,
                body: nbi_scope,
            },
            Case {
                name: "symmetric_source_and_destination",
                npes: NPES,
                body: symmetric_source_and_destination,
            },
            Case {
                name: "typed_errors",
                npes: NPES,
                body: typed_errors,
            },
        ],
        &[],
    );
}
