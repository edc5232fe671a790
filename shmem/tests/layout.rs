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
