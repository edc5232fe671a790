//! `window::Layout`'s size arithmetic, in safe code: a layout too large to describe is a
//! typed error, one that is large but simple is built without materializing its copies, and
//! no input aborts the process (issue 30 item 6).
#![forbid(unsafe_code)]

use shmem::Error;
use shmem::window::Layout;

/// `Layout::nested(&Layout::contiguous(1), 1 << 40, 1)` reserved room for 2^40 blocks (16 TiB)
/// before any check and aborted. Its copies abut: it is one block of 2^40 elements.
#[test]
fn abutting_copies_of_one_block_are_one_block() {
    let big = 1usize << 40;
    let l = Layout::nested(&Layout::contiguous(1), big, 1).expect("a valid layout");
    assert_eq!(
        (l.len(), l.extent(), l.blocks()),
        (big, big, &[(0, big)][..])
    );
    let v = Layout::vector(big, 3, 3).expect("abutting blocks");
    assert_eq!(v.blocks(), &[(0, 3 * big)][..]);
    // Shifted: the block starts at element 5, copies 4 apart, 4 long.
    let inner = Layout::indexed(&[(5, 4)]).unwrap();
    let l = Layout::nested(&inner, big, 4).unwrap();
    assert_eq!(l.blocks(), &[(5, 4 * big)][..]);
}

/// Copies that do not merge need a block each: 2^41 of them is more than memory holds, a
/// typed error rather than an abort.
#[test]
fn a_layout_of_more_blocks_than_memory_holds_is_an_error() {
    let pair = Layout::vector(2, 1, 2).unwrap(); // elements 0 and 2
    for (count, stride) in [(1usize << 40, 4usize), (1 << 60, 4), (usize::MAX, 1 << 2)] {
        assert!(
            matches!(
                Layout::nested(&pair, count, stride),
                Err(Error::InvalidStride { .. })
            ),
            "{count} copies, stride {stride}"
        );
    }
    assert!(matches!(
        Layout::vector(1 << 40, 1, 2),
        Err(Error::InvalidStride { .. })
    ));
}

/// Sizes that overflow `usize` are errors, whatever the order of the checks.
#[test]
fn overflowing_layouts_are_errors() {
    let cases = [
        // Overlapping blocks whose lengths alone overflow the element count.
        Layout::indexed(&[(0, usize::MAX), (0, usize::MAX)]),
        Layout::indexed(&[(1, usize::MAX)]),
        // The last copy's shift overflows.
        Layout::nested(&Layout::contiguous(1), usize::MAX / 2 + 2, 2),
        // Element count `inner.len() * count` overflows.
        Layout::nested(&Layout::contiguous(1 << 33), 1 << 33, 1 << 33),
        Layout::vector(2, usize::MAX, usize::MAX),
        // Copies overlap.
        Layout::nested(&Layout::contiguous(2), usize::MAX, 1),
        Layout::nested(&Layout::contiguous(1), 1 << 50, 0),
    ];
    for (k, c) in cases.into_iter().enumerate() {
        assert!(
            matches!(c, Err(Error::InvalidStride { .. })),
            "case {k}: {c:?}"
        );
    }
}

mod model {
    //! Property tests: layouts built from small parameters against a model that lists the
    //! elements in the layout's order, and layouts from any parameters against a model of their
    //! sizes in `u128`. A bounded number of cases, so this runs in well under a second.

    use std::collections::BTreeSet;

    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    use super::{Error, Layout};

    fn runner() -> TestRunner {
        TestRunner::new(Config {
            cases: 1024,
            failure_persistence: None,
            ..Config::default()
        })
    }

    /// The elements of blocks in their order (the typemap order), or `None` when two blocks
    /// share one.
    fn elements(blocks: &[(usize, usize)]) -> Option<Vec<usize>> {
        let mut set = BTreeSet::new();
        let mut order = Vec::new();
        for &(at, n) in blocks {
            for e in at..at + n {
                if !set.insert(e) {
                    return None;
                }
                order.push(e);
            }
        }
        Some(order)
    }

    /// What a layout must look like for the elements `order`: its maximal runs in that order
    /// (an element that follows the one before it in memory continues a run), its length and
    /// extent.
    fn check(l: &Layout, order: &[usize]) -> Result<(), TestCaseError> {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &e in order {
            match runs.last_mut() {
                Some((at, n)) if *at + *n == e => *n += 1,
                _ => runs.push((e, 1)),
            }
        }
        prop_assert_eq!(l.blocks(), &runs[..]);
        prop_assert_eq!(l.len(), order.len());
        prop_assert_eq!(l.extent(), order.iter().max().map_or(0, |&e| e + 1));
        Ok(())
    }

    fn small_blocks() -> impl Strategy<Value = Vec<(usize, usize)>> {
        prop::collection::vec((0usize..40, 0usize..6), 0..6)
    }

    #[test]
    fn small_layouts_select_the_model_s_elements() {
        runner()
            .run(
                &(small_blocks(), 0usize..6, 0usize..12),
                |(blocks, count, stride)| {
                    let set = elements(&blocks);
                    let inner = Layout::indexed(&blocks);
                    prop_assert_eq!(inner.is_ok(), set.is_some());
                    let (Ok(inner), Some(set)) = (inner, set) else {
                        return Ok(());
                    };
                    check(&inner, &set)?;
                    let copies: Vec<(usize, usize)> = (0..count)
                        .flat_map(|i| {
                            inner
                                .blocks()
                                .iter()
                                .map(move |&(a, n)| (a + i * stride, n))
                        })
                        .collect();
                    let want = elements(&copies);
                    match Layout::nested(&inner, count, stride) {
                        Ok(l) => check(
                            &l,
                            want.as_ref().expect("accepted: the copies are disjoint"),
                        )?,
                        Err(Error::InvalidStride { .. }) => prop_assert!(want.is_none()),
                        Err(e) => prop_assert!(false, "unexpected {e:?}"),
                    }
                    Ok(())
                },
            )
            .unwrap();
        runner()
            .run(
                &(0usize..8, 0usize..6, 0usize..10),
                |(count, len, stride)| {
                    let blocks: Vec<(usize, usize)> =
                        (0..count).map(|i| (i * stride, len)).collect();
                    match (Layout::vector(count, len, stride), elements(&blocks)) {
                        (Ok(l), Some(set)) => check(&l, &set),
                        (Err(Error::InvalidStride { .. }), None) => Ok(()),
                        (got, want) => {
                            prop_assert!(
                                false,
                                "vector({count}, {len}, {stride}): {got:?}, model {want:?}"
                            );
                            Ok(())
                        }
                    }
                },
            )
            .unwrap();
    }

    /// Any parameters: never an abort, and an accepted layout has the model's length and
    /// extent (computed in `u128`, where nothing wraps).
    #[test]
    fn any_nested_layout_is_its_model_or_an_error() {
        let big = prop_oneof![
            0usize..8,
            (0u32..64).prop_map(|k| 1usize << k),
            any::<usize>()
        ];
        runner()
            .run(
                &(small_blocks(), big.clone(), big),
                |(blocks, count, stride)| {
                    let Ok(inner) = Layout::indexed(&blocks) else {
                        return Ok(());
                    };
                    let len = inner.len() as u128 * count as u128;
                    let extent =
                        (count as u128).saturating_sub(1) * stride as u128 + inner.extent() as u128;
                    // Valid layouts of many separate blocks are built block by block (up to
                    // 2^32 of them): not what this test is for, and slow.
                    let merges = matches!(inner.blocks(), [(_, n)] if *n == stride);
                    let blocks = inner.blocks().len() as u128 * count as u128;
                    prop_assume!(
                        merges
                            || blocks <= 1 << 16
                            || blocks > 1 << 32
                            || len > usize::MAX as u128
                            || extent > usize::MAX as u128
                    );
                    let Ok(l) = Layout::nested(&inner, count, stride) else {
                        return Ok(());
                    };
                    prop_assert_eq!(l.len() as u128, len);
                    if len > 0 {
                        prop_assert_eq!(l.extent() as u128, extent);
                    }
                    let total: u128 = l.blocks().iter().map(|&(_, n)| n as u128).sum();
                    prop_assert_eq!(total, len);
                    // Merged where one block ends where the next begins, and disjoint.
                    prop_assert!(l.blocks().windows(2).all(|w| w[0].0 + w[0].1 != w[1].0));
                    let mut sorted = l.blocks().to_vec();
                    sorted.sort_unstable();
                    prop_assert!(sorted.windows(2).all(|w| w[0].0 + w[0].1 <= w[1].0));
                    Ok(())
                },
            )
            .unwrap();
    }
}
