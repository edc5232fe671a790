//! Every PE agrees, or every PE gets the same error: collective arguments that must match are
//! compared (set, objects, counts, root, operation, element type, pSync), a local check that
//! fails on some members joins the agreement round, and the symmetric heap never diverges.
//! Each case checks the error value on every PE, that nothing was written, and that the next
//! collective call still pairs correctly.
#![forbid(unsafe_code)]

mod support;

use shmem::{ActiveSet, BcastSync, CollectSync, Error, ReduceSync, Shmem, SymBox, SymVec, Team};
use support::Case;

/// Where every PE leaves a value for [`gather`].
#[shmem::symmetric]
static GATHER: [u64; 8] = [0; 8];

/// Every PE's `x`, in PE order, on every PE (through a static, so the heap is not touched).
fn gather(shmem: &Shmem, x: u64) -> Vec<u64> {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let g = GATHER.slice(shmem);
    shmem.barrier_all();
    for p in shmem.pes() {
        g.slice(me..me + 1).unwrap().put(p, &[x]).unwrap();
    }
    shmem.barrier_all();
    let v = g.slice(..n).unwrap().to_vec();
    shmem.barrier_all();
    v
}

/// Asserts that every PE saw the same error text, and returns it.
fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn same_everywhere(shmem: &Shmem, e: &Error) -> String {
    let text = e.to_string();
    let h = text_hash(&text);
    let all = gather(shmem, h);
    assert!(
        all.iter().all(|&x| x == h),
        "PEs report different errors: {text}"
    );
    text
}

// ------------------------------------------------------------------------------------------
// arguments that must match are compared

/// PE 0 reduces into `a`, the others into `b` (1024 elements: the direct path, which used to
/// write half of an object PE 0 never passed).
fn mismatched_targets(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let w = set.member(shmem).unwrap();
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let src = SymVec::from_fn(shmem, 1024, |k| (me * 1000 + k) as u64).unwrap();
    let mut a = SymVec::new(shmem, 1024, 7u64).unwrap();
    let mut b = SymVec::new(shmem, 1024, 9u64).unwrap();
    let r = if me == 0 {
        w.sum_to_all(&mut a, &src, &mut ps)
    } else {
        w.sum_to_all(&mut b, &src, &mut ps)
    };
    match &r {
        Err(
            e @ Error::ArgumentMismatch {
                what, pe, other_pe, ..
            },
        ) => {
            assert_eq!((*what, *pe, *other_pe), ("target object", 0, 1));
            same_everywhere(shmem, e);
        }
        other => panic!("PE {me}: expected ArgumentMismatch, got {other:?}"),
    }
    shmem.barrier_all();
    assert_eq!(a.to_vec(), vec![7; 1024], "a was written");
    assert_eq!(b.to_vec(), vec![9; 1024], "b was written");
    // the next call pairs correctly
    w.sum_to_all(&mut a, &src, &mut ps).unwrap();
    let want: Vec<u64> = (0..1024)
        .map(|k| (0..n).map(|p| (p * 1000 + k) as u64).sum())
        .collect();
    assert_eq!(a.to_vec(), want);
}

/// Members pass different active sets (each with a pSync made for its set).
fn mismatched_sets(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let set = if me == 1 {
        ActiveSet::new(shmem, 0, 0, 2).unwrap()
    } else {
        ActiveSet::world(shmem)
    };
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let src = SymVec::new(shmem, 4, 1u32).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0u32).unwrap();
    let r = set
        .member(shmem)
        .unwrap()
        .or_to_all(&mut dst, &src, &mut ps);
    let e = r.unwrap_err();
    let text = same_everywhere(shmem, &e);
    assert_eq!(
        text,
        format!(
            "collective argument mismatch: active set or team is (start 0, stride 1, size {n}) \
             on PE 0 but (start 0, stride 1, size 2) on PE 1"
        )
    );
    assert_eq!(dst.to_vec(), [0; 4]);
}

/// Members call different operations, or the same operation on different element types.
fn mismatched_operation_and_type(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let w = set.member(shmem).unwrap();
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let src = SymVec::new(shmem, 4, 6u32).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0u32).unwrap();
    let r = if me == 0 {
        w.or_to_all(&mut dst, &src, &mut ps)
    } else {
        w.and_to_all(&mut dst, &src, &mut ps)
    };
    let text = same_everywhere(shmem, &r.unwrap_err());
    assert!(
        text.contains("or-reduction of 4-byte elements on PE 0 but and-reduction"),
        "{text}"
    );
    let isrc = SymVec::new(shmem, 4, 6i32).unwrap();
    let mut idst = SymVec::new(shmem, 4, 0i32).unwrap();
    let r = if me == 0 {
        w.sum_to_all(&mut dst, &src, &mut ps)
    } else {
        w.sum_to_all(&mut idst, &isrc, &mut ps)
    };
    let text = same_everywhere(shmem, &r.unwrap_err());
    assert!(text.contains("element type"), "{text}");
    assert_eq!(dst.to_vec(), [0; 4]);
    assert_eq!(idst.to_vec(), [0; 4]);
}

/// Members split a team with different triplets.
fn mismatched_split(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let r = if me == 0 {
        world.split_strided(0, 1, n / 2)
    } else {
        world.split_strided(0, 2, n / 2)
    };
    let text = same_everywhere(shmem, &r.unwrap_err());
    assert!(
        text.contains("stride of the new team is 1 on PE 0 but 2 on PE 1"),
        "{text}"
    );
    // the same split everywhere still works
    let evens = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    assert_eq!(evens.is_some(), me.is_multiple_of(2));
}

/// One PE's pSync was made for another set: every member gets the same `Refused`.
fn syncbuf_of_another_set(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = ActiveSet::world(shmem);
    let alone = ActiveSet::new(shmem, me, 0, 1).unwrap();
    let mut ps = ReduceSync::new(shmem, if me == n - 1 { &alone } else { &world }).unwrap();
    let src = SymVec::new(shmem, 2, 1u64).unwrap();
    let mut dst = SymVec::new(shmem, 2, 0u64).unwrap();
    let w = world.member(shmem).unwrap();
    match w.sum_to_all(&mut dst, &src, &mut ps) {
        Err(e @ Error::Refused { pe, .. }) => {
            assert_eq!(pe, n - 1);
            let text = same_everywhere(shmem, &e);
            assert!(text.contains("SyncBuf"), "{text}");
        }
        other => panic!("PE {me}: expected Refused, got {other:?}"),
    }
    assert_eq!(dst.to_vec(), [0, 0]);
}

// ------------------------------------------------------------------------------------------
// a local check that fails on some members: the same error on every member

fn one_short_target(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let set = ActiveSet::world(shmem);
    let w = set.member(shmem).unwrap();
    let mut ps = CollectSync::new(shmem, &set).unwrap();
    let src = SymVec::new(shmem, 2, me as u32 + 1).unwrap();
    let mut dst = SymVec::new(shmem, 2 * n, 0u32).unwrap();
    let last = n - 1;
    let r = if me == last {
        w.fcollect(&mut dst.slice_mut(..2 * n - 1).unwrap(), &src, &mut ps)
    } else {
        w.fcollect(&mut dst, &src, &mut ps)
    };
    match &r {
        Err(e @ Error::Refused { pe, source }) => {
            assert_eq!(*pe, last);
            assert!(
                matches!(
                    **source,
                    Error::OutOfBounds {
                        start: 0,
                        len,
                        object_len,
                    } if len == 2 * n && object_len == 2 * n - 1
                ),
                "{source:?}"
            );
            same_everywhere(shmem, e);
        }
        other => panic!("PE {me}: expected Refused, got {other:?}"),
    }
    shmem.barrier_all();
    assert_eq!(dst.to_vec(), vec![0; 2 * n], "nothing written");
    // the next fcollect pairs with the next fcollect, not with the refused one
    w.fcollect(&mut dst, &src, &mut ps).unwrap();
    let want: Vec<u32> = (0..2 * n).map(|k| (k / 2) as u32 + 1).collect();
    assert_eq!(dst.to_vec(), want);
}

fn one_bad_root_and_one_bad_length(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    // A root outside the set: PE 1 names the last PE, which is not in the set of the others.
    let firsts = ActiveSet::new(shmem, 0, 0, n - 1).unwrap();
    let outsider = shmem.pe(n - 1).unwrap();
    let mut bps = BcastSync::new(shmem, &firsts).unwrap();
    let src = SymVec::new(shmem, 3, 5u64).unwrap();
    let mut dst = SymVec::new(shmem, 3, 0u64).unwrap();
    let h = match firsts.member(shmem) {
        Ok(w) => {
            let root = if me == 1 { outsider } else { w.pe(0).unwrap() };
            match w.broadcast(&mut dst, &src, root, &mut bps) {
                Err(e @ Error::Refused { pe: 1, .. }) => {
                    let text = e.to_string();
                    assert!(text.contains("root PE"), "{text}");
                    text_hash(&text)
                }
                other => panic!("PE {me}: expected Refused by PE 1, got {other:?}"),
            }
        }
        Err(_) => 0,
    };
    let all = gather(shmem, h);
    assert!(
        me == n - 1 || all[..n - 1].iter().all(|&x| x == h),
        "members report different errors"
    );
    assert_eq!(dst.to_vec(), [0; 3]);
    let set = ActiveSet::world(shmem);
    let w = set.member(shmem).unwrap();
    let mut bps = BcastSync::new(shmem, &set).unwrap();
    let mut ps = ReduceSync::new(shmem, &set).unwrap();
    let r = if me == 0 {
        w.sum_to_all(&mut dst, &src.slice(..2).unwrap(), &mut ps)
    } else {
        w.sum_to_all(&mut dst, &src, &mut ps)
    };
    match r {
        Err(e @ Error::Refused { pe: 0, .. }) => {
            let text = same_everywhere(shmem, &e);
            assert!(text.contains("length mismatch"), "{text}");
        }
        other => panic!("PE {me}: expected Refused by PE 0, got {other:?}"),
    }
    assert_eq!(dst.to_vec(), [0; 3]);
    w.broadcast(&mut dst, &src, w.pe(0).unwrap(), &mut bps)
        .unwrap();
    assert_eq!(dst.to_vec(), if me == 0 { [0; 3] } else { [5; 3] });
}

fn one_bad_split(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    // PE 1 asks for one member too many
    let size = if me == 1 { n + 1 } else { n };
    match world.split_strided(0, 1, size) {
        Err(e @ Error::Refused { pe: 1, .. }) => {
            let text = same_everywhere(shmem, &e);
            assert!(text.contains("invalid team split"), "{text}");
        }
        other => panic!("PE {me}: expected Refused by PE 1, got {other:?}"),
    }
    let all = world.split_strided(0, 1, n).unwrap().unwrap();
    assert_eq!(all.n_pes(), n);
}

fn one_pe_cannot_allocate(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let before = shmem.heap_available();
    // an element count whose bytes overflow, on PE 1 only
    let len = if me == 1 { usize::MAX / 4 } else { 16 };
    match SymVec::<u64>::zeroed(shmem, len) {
        Err(e @ Error::Refused { pe: 1, .. }) => {
            same_everywhere(shmem, &e);
        }
        other => panic!("PE {me}: expected Refused by PE 1, got {other:?}"),
    }
    // more than the heap has, on PE 1 only
    let len = if me == 1 { before + 1 } else { 16 };
    match SymVec::<u8>::zeroed(shmem, len) {
        Err(Error::Refused { pe: 1, source }) => {
            assert!(matches!(*source, Error::HeapExhausted { .. }), "{source:?}");
        }
        other => panic!("PE {me}: expected Refused by PE 1, got {other:?}"),
    }
    assert_eq!(shmem.heap_available(), before);
    let v = SymVec::new(shmem, 16, 3u8).unwrap();
    assert_eq!(v.to_vec(), [3; 16]);
}

// ------------------------------------------------------------------------------------------
// the symmetric heap never diverges

/// Offsets of a fresh allocation on every PE.
fn offsets_agree(shmem: &Shmem, off: usize) {
    let all = gather(shmem, off as u64);
    assert!(
        all.iter().all(|&o| o == off as u64),
        "offsets differ: {all:?}"
    );
}

fn frees_in_any_order(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let a = SymVec::<u64>::zeroed(shmem, 100).unwrap();
    let b = SymVec::<u64>::zeroed(shmem, 30).unwrap();
    let c = SymBox::new(shmem, 0u64).unwrap();
    if me.is_multiple_of(2) {
        drop(a);
        drop(c);
        drop(b);
    } else {
        drop(b);
        drop(a);
        drop(c);
    }
    let d = SymVec::<u64>::zeroed(shmem, 120).unwrap();
    offsets_agree(shmem, d.offset());
    let avail = gather(shmem, shmem.heap_available() as u64);
    assert!(avail.iter().all(|&x| x == avail[0]), "{avail:?}");
}

fn forgotten_on_one_pe(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let keep = SymVec::<u64>::zeroed(shmem, 4).unwrap();
    let v = SymVec::<u64>::zeroed(shmem, 10).unwrap();
    if me == 0 {
        std::mem::forget(v);
    } else {
        drop(v);
    }
    let before = shmem.heap_available();
    match SymBox::new(shmem, 1u32) {
        Err(e @ Error::ArgumentMismatch { .. }) => {
            let text = same_everywhere(shmem, &e);
            assert!(
                text.contains(
                    "objects freed since the previous allocation is 0 on PE 0 but 1 on PE 1"
                ),
                "{text}"
            );
        }
        other => panic!("PE {me}: expected ArgumentMismatch, got {other:?}"),
    }
    assert_eq!(shmem.heap_available(), before, "nothing changed");
    keep.write(0, 5).unwrap();
    assert_eq!(keep.read(0).unwrap(), 5);
}

fn different_types_of_one_size(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let e = if me == 0 {
        SymVec::<u64>::zeroed(shmem, 2).map(drop).unwrap_err()
    } else {
        SymVec::<[u32; 4]>::zeroed(shmem, 1).map(drop).unwrap_err()
    };
    let text = same_everywhere(shmem, &e);
    assert!(text.contains("element type"), "{text}");
}

fn dropped_during_a_caught_panic(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let v = SymVec::<u64>::zeroed(shmem, 64).unwrap();
    if me == 0 {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
            let _v = v;
            panic!("deliberate panic while holding a symmetric array");
        }));
        assert!(r.is_err());
    } else {
        drop(v);
    }
    let w = SymVec::<u64>::zeroed(shmem, 64).unwrap();
    offsets_agree(shmem, w.offset());
}

fn main() {
    support::main(
        &[
            Case {
                name: "mismatched_targets",
                npes: &[2, 4],
                body: mismatched_targets,
            },
            Case {
                name: "mismatched_sets",
                npes: &[3, 4],
                body: mismatched_sets,
            },
            Case {
                name: "mismatched_operation_and_type",
                npes: &[2, 4],
                body: mismatched_operation_and_type,
            },
            Case {
                name: "mismatched_split",
                npes: &[2, 4],
                body: mismatched_split,
            },
            Case {
                name: "syncbuf_of_another_set",
                npes: &[2, 4],
                body: syncbuf_of_another_set,
            },
            Case {
                name: "one_short_target",
                npes: &[2, 4, 8],
                body: one_short_target,
            },
            Case {
                name: "one_bad_root_and_one_bad_length",
                npes: &[3, 4],
                body: one_bad_root_and_one_bad_length,
            },
            Case {
                name: "one_bad_split",
                npes: &[2, 4],
                body: one_bad_split,
            },
            Case {
                name: "one_pe_cannot_allocate",
                npes: &[2, 4],
                body: one_pe_cannot_allocate,
            },
            Case {
                name: "frees_in_any_order",
                npes: &[2, 4],
                body: frees_in_any_order,
            },
            Case {
                name: "forgotten_on_one_pe",
                npes: &[2, 4],
                body: forgotten_on_one_pe,
            },
            Case {
                name: "different_types_of_one_size",
                npes: &[2],
                body: different_types_of_one_size,
            },
            Case {
                name: "dropped_during_a_caught_panic",
                npes: &[2, 4],
                body: dropped_during_a_caught_panic,
            },
        ],
        &[],
    );
}
