//! The symmetric heap and symmetric statics on real processes: deterministic offsets, size
//! mismatch and exhaustion reported on every PE with recovery, statics usable like heap objects.
#![forbid(unsafe_code)]

mod support;

use shmem::{AllocHints, Cmp, Error, Shmem, SymBox, SymVec};
use support::{Case, NPES};

#[shmem::symmetric]
static COUNTER: u64 = 0;

#[shmem::symmetric]
static TABLE: [i32; 16] = [-1; 16];

#[shmem::symmetric]
static PI_ISH: f64 = 3.25;

/// Every PE sends the offsets it got to PE 0, which checks that all rows are equal.
fn deterministic_offsets(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let a = SymVec::<u8>::zeroed(shmem, 3).unwrap();
    let b = SymBox::new(shmem, 0u64).unwrap();
    let c = SymVec::<f64>::zeroed(shmem, 1000).unwrap();
    let offs = [
        a.offset() as u64,
        b.offset() as u64,
        c.offset() as u64,
        TABLE.slice(shmem).offset() as u64,
    ];
    let table = SymVec::<u64>::zeroed(shmem, n * 4).unwrap();
    table
        .slice(me * 4..me * 4 + 4)
        .unwrap()
        .put(shmem.pe(0).unwrap(), &offs)
        .unwrap();
    shmem.barrier_all();
    if me == 0 {
        let t = table.to_vec();
        for p in 0..n {
            assert_eq!(t[p * 4..p * 4 + 4], offs, "offsets on PE {p}");
        }
        // distinct and cache-line separated
        assert!(offs[0] + 128 <= offs[1] && offs[1] + 128 <= offs[2]);
    }
    // freeing and allocating again gives the same offsets on every PE
    drop(c);
    let d = SymVec::<f64>::zeroed(shmem, 1000).unwrap();
    assert_eq!(d.offset() as u64, offs[2]);
    shmem.barrier_all();
}

fn size_mismatch_then_recovery(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let before = shmem.heap_available();
    let r = SymVec::<u32>::zeroed(shmem, 10 + (me % 2));
    if n == 1 {
        assert!(r.is_ok());
        return;
    }
    match r {
        Err(Error::ArgumentMismatch {
            what,
            pe,
            value,
            other_pe,
            other,
        }) => {
            // the same error on every PE: PE 0's size against the first PE that differs
            assert_eq!(what, "allocation size in bytes");
            assert_eq!((pe, other_pe), (0, 1));
            assert_eq!((value.as_str(), other.as_str()), ("40", "44"));
        }
        other => panic!("PE {me}: expected SizeMismatch, got {other:?}"),
    }
    assert_eq!(
        shmem.heap_available(),
        before,
        "the failed allocation left the heap unchanged"
    );
    let ok = SymVec::<u32>::new(shmem, 10, me as u32).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    ok.at(0).unwrap().p(right, 100 + me as u32);
    shmem.barrier_all();
    assert_eq!(ok.read(0).unwrap(), 100 + ((me + n - 1) % n) as u32);
    assert_eq!(ok.read(1).unwrap(), me as u32);
}

fn exhaustion_then_recovery(shmem: &Shmem) {
    let total = shmem.symmetric_size();
    let avail = shmem.heap_available();
    assert!(avail < total);
    match SymVec::<u8>::zeroed(shmem, avail + 1) {
        Err(Error::HeapExhausted {
            requested,
            available,
        }) => {
            assert_eq!(requested, avail + 1);
            assert_eq!(available, avail);
        }
        other => panic!("expected HeapExhausted, got {other:?}"),
    }
    // element count overflowing usize bytes is the same error, not an overflow
    assert!(matches!(
        SymVec::<u64>::zeroed(shmem, usize::MAX / 4),
        Err(Error::HeapExhausted { .. })
    ));
    // the whole heap still works: take nearly all of it, use it, give it back
    let big = SymVec::<u8>::new(shmem, avail - 4096, 0xAB).unwrap();
    let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
    big.slice(avail - 4096 - 3..)
        .unwrap()
        .put(right, &[1, 2, 3])
        .unwrap();
    shmem.barrier_all();
    assert_eq!(
        big.slice(avail - 4096 - 4..).unwrap().to_vec(),
        [0xAB, 1, 2, 3]
    );
    drop(big);
    assert_eq!(shmem.heap_available(), avail);
    let msg = SymVec::<u8>::zeroed(shmem, avail * 2)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("exhausted") && msg.contains("SHMEM_SYMMETRIC_SIZE"),
        "{msg}"
    );
}

/// Many allocate/free cycles do not leak.
fn churn(shmem: &Shmem) {
    let avail = shmem.heap_available();
    for i in 0..300usize {
        let v = SymVec::<u64>::new(shmem, 1 + i % 97, i as u64).unwrap();
        let b = SymBox::new(shmem, [i as u8; 5]).unwrap();
        assert_eq!(v.read(i % 97).unwrap(), i as u64);
        assert_eq!(b.read(), [i as u8; 5]);
    }
    assert_eq!(shmem.heap_available(), avail);
}

fn statics_like_heap_objects(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let counter = COUNTER.sym(shmem);
    let table = TABLE.slice(shmem);
    assert_eq!(table.to_vec(), [-1; 16], "initial value");
    assert_eq!(PI_ISH.sym(shmem).read(), 3.25);
    shmem.barrier_all();
    for pe in shmem.pes() {
        counter.atomic_add(pe, me as u64 + 1);
    }
    table
        .at(me % 16)
        .unwrap()
        .p(shmem.pe(0).unwrap(), me as i32);
    shmem.barrier_all();
    assert_eq!(counter.read(), (1..=n as u64).sum::<u64>());
    if me == 0 {
        let t = table.to_vec();
        for (i, &v) in t.iter().enumerate() {
            // the highest PE with p % 16 == i wrote last... any writer with that residue is fine
            if i < n {
                assert_eq!(v as usize % 16, i);
            } else {
                assert_eq!(v, -1);
            }
        }
    }
    // waiting on a static
    let right = shmem.pe_wrapping(me + 1);
    shmem.barrier_all();
    PI_ISH.sym(shmem).p(right, 1.0 + me as f64);
    shmem.barrier_all();
    assert_eq!(PI_ISH.sym(shmem).read(), 1.0 + ((me + n - 1) % n) as f64);
    counter.p(right, 1_000_000 + me as u64);
    assert_eq!(
        counter.wait_until(Cmp::Ge, 1_000_000),
        1_000_000 + ((me + n - 1) % n) as u64
    );
    shmem.barrier_all();
}

/// `zeroed_aligned` (`shmem_align`): aligned, symmetric and zeroed for several alignments;
/// an alignment that is not a power of two is an error on every PE (and when only some PEs
/// pass one); different alignments are an error on every PE; the heap works afterwards.
fn aligned_allocations(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    for align in [1usize, 256, 4096, 65536] {
        let v = SymVec::<u16>::zeroed_aligned(shmem, 100, align).unwrap();
        assert_eq!(v.offset() % align, 0, "align {align}");
        assert_eq!(v.to_vec(), vec![0; 100]);
        shmem.barrier_all(); // nobody writes into a copy before its owner checked it
        v.put(right, &[me as u16; 100]).unwrap();
        shmem.barrier_all();
        assert_eq!(v.to_vec(), vec![left as u16; 100]);
        shmem.barrier_all();
    }
    match SymVec::<u8>::zeroed_aligned(shmem, 8, 96) {
        Err(Error::InvalidStride { what }) => assert!(what.contains("power of two")),
        other => panic!("expected InvalidStride: {other:?}"),
    }
    let r = SymVec::<u8>::zeroed_aligned(shmem, 8, if me == 0 { 3 } else { 1024 });
    assert!(n == 1 || r.is_err(), "a mixed call fails everywhere: {r:?}");
    let r = SymVec::<u8>::zeroed_aligned(shmem, 8, 512 << (me % 2));
    match r {
        Err(Error::ArgumentMismatch { .. }) if n > 1 => {}
        Ok(_) if n == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    let ok = SymVec::<u64>::zeroed_aligned(shmem, 4, 2048).unwrap();
    assert_eq!(ok.offset() % 2048, 0, "the heap works after refusals");
    shmem.barrier_all();
}

/// `resize` (`shmem_realloc`): grows and shrinks keep each PE's own elements and fill the
/// new ones; right after the call every PE writes into its right neighbour's resized array,
/// and that write survives (each PE copied its elements before the call's closing round);
/// PEs resizing to different lengths get `ArgumentMismatch` and keep their arrays.
fn resize_keeps_contents(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let mut v = SymVec::from_fn(shmem, 5, |i| (me * 100 + i) as u64).unwrap();
    let old = v.offset();
    v.resize(1000, 7).unwrap();
    assert_ne!(v.offset(), old);
    v.put(right, &[42 + me as u64]).unwrap(); // element 0 of the neighbour's new array
    shmem.barrier_all();
    let got = v.to_vec();
    assert_eq!(
        got[0],
        42 + left as u64,
        "the neighbour's write survived the copy"
    );
    assert_eq!(got[1..5], [1, 2, 3, 4].map(|i| (me * 100 + i) as u64));
    assert!(got[5..].iter().all(|&x| x == 7));
    shmem.barrier_all();
    v.resize(3, 0).unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(
        v.to_vec()[1..],
        [(me * 100 + 1) as u64, (me * 100 + 2) as u64]
    );
    match v.resize(4 + me % 2, 0) {
        Err(Error::ArgumentMismatch { .. }) if n > 1 => {}
        Ok(()) if n == 1 => {}
        other => panic!("expected ArgumentMismatch: {other:?}"),
    }
    assert_eq!(v.len(), if n == 1 { 4 } else { 3 }, "unchanged on error");
    assert_eq!(v.read(1).unwrap(), (me * 100 + 1) as u64);
    // A resize and a plain allocation of the same size are different calls.
    let r = if me == 0 {
        v.resize(8, 0)
    } else {
        SymVec::<u64>::zeroed(shmem, 8).map(drop)
    };
    assert!(
        n == 1 || matches!(r, Err(Error::ArgumentMismatch { .. })),
        "{r:?}"
    );
    shmem.barrier_all();
}

/// `zeroed_with_hints` (`shmem_malloc_with_hints`): usable like any array; PEs passing
/// different hints get `ArgumentMismatch`.
fn hinted_allocations(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let hints = AllocHints::ATOMICS_REMOTE | AllocHints::SIGNAL_REMOTE;
    assert!(hints.contains(AllocHints::SIGNAL_REMOTE));
    let v = SymVec::<u64>::zeroed_with_hints(shmem, 2, hints).unwrap();
    v.at(1).unwrap().atomic_add(zero, me as u64 + 1);
    shmem.barrier_all();
    if me == 0 {
        assert_eq!(v.read(1).unwrap(), (n * (n + 1) / 2) as u64);
    }
    let mixed = if me == 0 {
        AllocHints::ATOMICS_REMOTE
    } else {
        AllocHints::NONE
    };
    let r = SymVec::<u64>::zeroed_with_hints(shmem, 2, mixed);
    assert!(
        n == 1 || matches!(r, Err(Error::ArgumentMismatch { .. })),
        "{r:?}"
    );
    shmem.barrier_all();
}

/// Zero-size allocations (OpenSHMEM 1.5: no heap space, a null pointer in C) are still
/// collective: a PE that asks for 0 bytes while the others ask for more gets the same size
/// mismatch as they do (it used to return at once, leaving the others waiting forever), and
/// nothing changes; made alike on every PE they take no heap space, views of them are empty,
/// and a collective on them moves nothing.
fn zero_size_allocations(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let before = shmem.heap_available();
    let len = if me == 0 { 0 } else { 3 };
    match SymVec::<u64>::zeroed(shmem, len) {
        Err(Error::ArgumentMismatch {
            what,
            pe,
            value,
            other_pe,
            other,
        }) => {
            assert_eq!(what, "allocation size in bytes");
            assert_eq!((pe, other_pe), (0, 1));
            assert_eq!((value.as_str(), other.as_str()), ("0", "24"));
        }
        Ok(v) if n == 1 => assert!(v.is_empty()),
        other => panic!("PE {me}: expected ArgumentMismatch, got {other:?}"),
    }
    assert_eq!(shmem.heap_available(), before, "nothing changed");
    let v = SymVec::<u64>::zeroed(shmem, 0).unwrap();
    let w = SymVec::new(shmem, 0, 7u32).unwrap();
    let x = SymVec::<u8>::zeroed_aligned(shmem, 0, 4096).unwrap();
    assert!(v.is_empty() && w.is_empty() && x.is_empty());
    assert_eq!(v.to_vec(), Vec::<u64>::new());
    assert_eq!(shmem.heap_available(), before, "no heap space taken");
    // All PEs alike: an empty reduction into an empty target.
    let src = SymVec::<i64>::zeroed(shmem, 0).unwrap();
    let mut dst = SymVec::<i64>::zeroed(shmem, 0).unwrap();
    shmem::Team::world(shmem)
        .sum_reduce(&mut dst, &src)
        .unwrap();
    assert!(dst.to_vec().is_empty());
    // A real allocation afterwards still agrees on every PE.
    let after = SymVec::new(shmem, 4, me as u64).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    after.put(right, &[me as u64; 4]).unwrap();
    shmem.barrier_all();
    assert_eq!(after.to_vec(), [((me + n - 1) % n) as u64; 4]);
    shmem.barrier_all();
}

fn main() {
    // A small heap keeps the exhaustion tests (which fill the whole heap) fast.
    support::main_with(
        &[
            Case {
                name: "zero_size_allocations",
                npes: NPES,
                body: zero_size_allocations,
            },
            Case {
                name: "aligned_allocations",
                npes: NPES,
                body: aligned_allocations,
            },
            Case {
                name: "resize_keeps_contents",
                npes: NPES,
                body: resize_keeps_contents,
            },
            Case {
                name: "hinted_allocations",
                npes: NPES,
                body: hinted_allocations,
            },
            Case {
                name: "deterministic_offsets",
                npes: NPES,
                body: deterministic_offsets,
            },
            Case {
                name: "size_mismatch_then_recovery",
                npes: NPES,
                body: size_mismatch_then_recovery,
            },
            Case {
                name: "exhaustion_then_recovery",
                npes: NPES,
                body: exhaustion_then_recovery,
            },
            Case {
                name: "alloc_free_churn",
                npes: &[1, 4],
                body: churn,
            },
            Case {
                name: "statics_like_heap_objects",
                npes: NPES,
                body: statics_like_heap_objects,
            },
        ],
        &[],
        &["--heap-size", "4m"],
    );
}
