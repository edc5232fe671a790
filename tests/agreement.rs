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

/// A team's calls disagree in every way the agreement checks, each error the same on every
/// member, and the team's collectives work again right after each (in a multi-node MPI job a
/// team's calls meet in MPI collectives on its communicator from their first step: a
/// disagreement must leave every member's MPI calls in step). Data sizes on both sides of
/// what rides with the agreement (256 bytes), on the world team and on a split one.
fn team_calls_disagree(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let evens = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    // Each member's input: a bit of its own and a pattern of the element.
    let input = |i: usize, j: usize| (1u64 << (i % 32)) | ((j as u64 * 0x9e37) << 32);
    let hash = SymVec::new(shmem, 1, 0u64).unwrap();
    let mut hashes = SymVec::new(shmem, n, 0u64).unwrap();
    // `same_everywhere` over the members of `team`.
    let mut same_in = |team: &Team<'_>, e: &Error| {
        let text = e.to_string();
        let h = text_hash(&text);
        hash.copy_from(&[h]).unwrap();
        let mut got = hashes.slice_mut(..team.n_pes()).unwrap();
        team.fcollect(&mut got, &hash).unwrap();
        assert!(
            got.to_vec().iter().all(|&x| x == h),
            "members report different errors: {text}"
        );
        text
    };
    for len in [1, 32, 33, 1024] {
        // Allocations are the world's collectives: made by every PE, used by the members.
        let src = SymVec::new(shmem, len, 0u64).unwrap();
        let mut dst = SymVec::new(shmem, len, 0u64).unwrap();
        for team in [Some(&world), evens.as_ref()].into_iter().flatten() {
            let tn = team.n_pes();
            let ti = team.my_pe().index();
            let mine: Vec<u64> = (0..len).map(|j| input(ti, j)).collect();
            src.copy_from(&mine).unwrap();
            dst.fill(0);
            if tn > 1 {
                // another operation on the first member
                let r = if ti == 0 {
                    team.or_reduce(&mut dst, &src)
                } else {
                    team.and_reduce(&mut dst, &src)
                };
                let text = same_in(team, &r.unwrap_err());
                assert!(text.contains("or-reduction"), "{text}");
                assert!(dst.to_vec().iter().all(|&x| x == 0));
                // another collective on the last member: a broadcast where the others reduce
                let r = if ti == tn - 1 {
                    team.broadcast(&mut dst, &src, team.pe(0).unwrap())
                } else {
                    team.xor_reduce(&mut dst, &src)
                };
                let text = same_in(team, &r.unwrap_err());
                assert!(text.contains("broadcast"), "{text}");
                // one member's refusal: a target shorter than the source
                let r = if ti == 1 {
                    team.sum_reduce(&mut dst.slice_mut(..len - 1).unwrap(), &src)
                } else {
                    team.sum_reduce(&mut dst, &src)
                };
                match r {
                    Err(e @ Error::Refused { .. }) => {
                        same_in(team, &e);
                    }
                    other => panic!("PE {me}: expected Refused, got {other:?}"),
                }
            }
            // and then the same call everywhere: the right values
            team.xor_reduce(&mut dst, &src).unwrap();
            let want: Vec<u64> = (0..len)
                .map(|j| (0..tn).fold(0, |a, i| a ^ input(i, j)))
                .collect();
            assert_eq!(dst.to_vec(), want, "PE {me}, {tn} members, {len} elements");
            team.broadcast(&mut dst, &src, team.pe(tn - 1).unwrap())
                .unwrap();
            if ti != tn - 1 {
                let want: Vec<u64> = (0..len).map(|j| input(tn - 1, j)).collect();
                assert_eq!(dst.to_vec(), want);
            }
            team.sync().unwrap();
        }
    }
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

/// The per-block hash of the freed-blocks digest that allocations used to compare (a wrapping
/// sum of one hash per block, with the count): written out here so that the test can search
/// for a collision of it.
fn summed_block_hash(offset: usize, len: usize) -> u64 {
    let mut x = (offset as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (len as u64);
    x ^= x >> 29;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 32)
}

/// Two disjoint sets of 8 positions out of `16 * per` (`A` from the first 8 groups of `per`,
/// `B` from the last 8) whose `hash` values have the same wrapping sum: Wagner's k-tree
/// search (16 lists; each merge keeps the sums whose low `bits * level` bits are zero), a few
/// hundred milliseconds for `per = 4096`.
fn equal_sums(
    hash: impl Fn(usize) -> u64,
    per: usize,
    bits: u32,
) -> Option<([usize; 8], [usize; 8])> {
    // level 0: (value, index in the list); B's values negated, so A - B = 0 is a zero sum
    let mut levels: Vec<Vec<Vec<(u64, u32, u32)>>> = vec![
        (0..16)
            .map(|l| {
                (0..per)
                    .map(|i| {
                        let h = hash(l * per + i);
                        (if l < 8 { h } else { h.wrapping_neg() }, i as u32, 0)
                    })
                    .collect()
            })
            .collect(),
    ];
    for level in 1..=4u32 {
        let mask = if level == 4 {
            u64::MAX
        } else {
            (1u64 << (bits * level)) - 1
        };
        let below = levels.last().unwrap();
        let merged = below
            .chunks(2)
            .map(|pair| {
                let mut right: Vec<(u64, u32)> = pair[1]
                    .iter()
                    .enumerate()
                    .map(|(j, e)| (e.0 & mask, j as u32))
                    .collect();
                right.sort_unstable();
                let mut out = Vec::new();
                for (i, e) in pair[0].iter().enumerate() {
                    let want = e.0.wrapping_neg() & mask;
                    let from = right.partition_point(|r| r.0 < want);
                    for r in right[from..].iter().take_while(|r| r.0 == want) {
                        let sum = e.0.wrapping_add(pair[1][r.1 as usize].0);
                        out.push((sum, i as u32, r.1));
                    }
                }
                out
            })
            .collect();
        levels.push(merged);
    }
    // walk one solution back down the tree
    let mut picks = vec![(0usize, 0usize)]; // (list, index) at the current level
    if levels[4][0].is_empty() {
        return None;
    }
    for level in (1..=4).rev() {
        picks = picks
            .iter()
            .flat_map(|&(list, idx)| {
                let (_, l, r) = levels[level][list][idx];
                [(2 * list, l as usize), (2 * list + 1, r as usize)]
            })
            .collect();
    }
    let pos: Vec<usize> = picks.iter().map(|&(list, i)| list * per + i).collect();
    Some((pos[..8].try_into().unwrap(), pos[8..].try_into().unwrap()))
}

/// PE 0 frees 8 one-grain blocks, every other PE 8 others, chosen (by the search above) so
/// that the two sets have the same count and the same summed digest: the next allocation
/// must still see that the PEs freed different objects, on every PE, and change nothing.
fn freed_sets_that_collide_in_a_digest(shmem: &Shmem) {
    const GRAIN: usize = 128;
    let me = shmem.my_pe().index();
    let first = SymVec::<u8>::zeroed(shmem, 1).unwrap();
    let base = first.offset() + GRAIN;
    let per = 4096;
    let (a, b) = equal_sums(|p| summed_block_hash(base + p * GRAIN, GRAIN), per, 11)
        .expect("a collision (about 128 are expected)");
    let sum = |set: &[usize; 8]| {
        set.iter().fold(0u64, |s, &p| {
            s.wrapping_add(summed_block_hash(base + p * GRAIN, GRAIN))
        })
    };
    assert_eq!(sum(&a), sum(&b), "the search found equal sums");
    // one-grain blocks at exactly those positions, the gaps filled
    let mut targets: Vec<usize> = a.iter().chain(&b).copied().collect();
    targets.sort_unstable();
    let mut held = Vec::new();
    let mut blocks = std::collections::HashMap::new();
    let mut at = 0;
    for &p in &targets {
        if p > at {
            held.push(SymVec::<u8>::zeroed(shmem, (p - at) * GRAIN).unwrap());
        }
        let v = SymVec::<u8>::zeroed(shmem, 1).unwrap();
        assert_eq!(v.offset(), base + p * GRAIN);
        blocks.insert(p, v);
        at = p + 1;
    }
    for p in if me == 0 { a } else { b } {
        drop(blocks.remove(&p));
    }
    let before = shmem.heap_available();
    match SymVec::<u8>::zeroed(shmem, 1) {
        Err(e @ Error::ArgumentMismatch { .. }) => {
            let text = same_everywhere(shmem, &e);
            let first = |set: [usize; 8]| base + set.iter().min().unwrap() * GRAIN;
            let want = format!(
                "object freed since the previous allocation is the object at symmetric offset \
                 {} (1st in offset order) on PE 0 but the object at symmetric offset {} (1st \
                 in offset order) on PE 1",
                first(a),
                first(b)
            );
            assert!(text.contains(&want), "{text}\nwanted: {want}");
        }
        other => panic!("PE {me}: expected ArgumentMismatch, got {other:?}"),
    }
    assert_eq!(shmem.heap_available(), before, "nothing changed");
    drop(first);
}

/// Freed lists longer than the allocation's own round carries (they go on in further rounds):
/// the same 20 objects dropped in different orders release alike; lists that differ only in
/// their 11th object are told apart, by that object.
fn long_freed_lists(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let n = shmem.n_pes();
    let mut objs: Vec<Option<SymVec<'_, u64>>> = (0..20)
        .map(|k| Some(SymVec::<u64>::zeroed(shmem, 1 + k).unwrap()))
        .collect();
    let offsets: Vec<usize> = objs.iter().map(|o| o.as_ref().unwrap().offset()).collect();
    for k in 0..20 {
        drop(objs[(k + 7 * me) % 20].take());
    }
    let d = SymVec::<u64>::zeroed(shmem, 3).unwrap();
    offsets_agree(shmem, d.offset());
    assert_eq!(d.offset(), offsets[0]);
    let avail = gather(shmem, shmem.heap_available() as u64);
    assert!(avail.iter().all(|&x| x == avail[0]), "{avail:?}");
    // 12 objects; every PE drops the first 10, then PE 0 the 11th, the others the 12th
    let mut objs: Vec<Option<SymVec<'_, u8>>> = (0..12)
        .map(|_| Some(SymVec::<u8>::zeroed(shmem, 1).unwrap()))
        .collect();
    let offsets: Vec<usize> = objs.iter().map(|o| o.as_ref().unwrap().offset()).collect();
    for o in &mut objs[..10] {
        drop(o.take());
    }
    drop(objs[if me == 0 { 10 } else { 11 }].take());
    let before = shmem.heap_available();
    match SymBox::new(shmem, 1u32) {
        Err(e @ Error::ArgumentMismatch { .. }) => {
            let text = same_everywhere(shmem, &e);
            let want = format!(
                "object freed since the previous allocation is the object at symmetric offset \
                 {} (11th in offset order) on PE 0 but the object at symmetric offset {} (11th \
                 in offset order) on PE 1",
                offsets[10], offsets[11]
            );
            assert!(n == 1 || text.contains(&want), "{text}\nwanted: {want}");
        }
        Ok(_) if n == 1 => {}
        other => panic!("PE {me}: expected ArgumentMismatch, got {other:?}"),
    }
    if n > 1 {
        assert_eq!(shmem.heap_available(), before, "nothing changed");
    }
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
                name: "team_calls_disagree",
                npes: &[2, 3, 4],
                body: team_calls_disagree,
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
                name: "freed_sets_that_collide_in_a_digest",
                npes: &[2, 3],
                body: freed_sets_that_collide_in_a_digest,
            },
            Case {
                name: "long_freed_lists",
                npes: &[2, 4],
                body: long_freed_lists,
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
