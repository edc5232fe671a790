//! [`Layout`]: non-contiguous element layouts (seed page 001's derived datatypes).

use shmem_core::Error;

/// Most blocks a layout built by [`Layout::nested`] or [`Layout::vector`] may need before its
/// abutting blocks merge (64 GiB of block list): beyond it, or beyond what memory holds, the
/// layout is an error rather than an allocation that takes the machine's memory or aborts
/// (where the kernel overcommits, asking is not proof that the memory is there).
const MAX_BLOCKS: usize = 1 << 32;

/// A non-contiguous layout of elements (seed page 001's derived datatypes): which elements,
/// relative to a starting index, a transfer reads or writes, and in which order. Built and
/// checked once (blocks flattened, checked not to overlap), then reused for the origin or the
/// target side of any number of transfers to any PE: describing a layout costs nothing per
/// transfer.
///
/// The order is MPI's typemap order: the blocks in the order they were given
/// ([`Layout::indexed`]), copies of a nested layout one after another. A transfer pairs the
/// `i`-th element of the origin layout with the `i`-th of the target layout in that order,
/// so `indexed(&[(5, 1), (0, 1)])` as the target of `[10, 20]` puts 10 at element 5 and 20 at
/// element 0, as `MPI_Type_indexed` does; a layout whose blocks go backwards permutes
/// (a transpose, for one).
///
/// # Examples
/// ```
/// use shmem::window::Layout;
///
/// let column = Layout::vector(4, 1, 8)?;            // 4 elements, 8 apart: a column of 4x8
/// assert_eq!((column.len(), column.extent()), (4, 25));
/// let pair = Layout::indexed(&[(0, 2), (5, 1)])?;   // elements 0, 1 and 5
/// let two_pairs = Layout::nested(&pair, 2, 10)?;    // ... and 10, 11, 15
/// assert_eq!(two_pairs.len(), 6);
/// let backwards = Layout::indexed(&[(5, 1), (0, 1)])?;  // element 5 first, then 0
/// assert_eq!(backwards.blocks(), &[(5, 1), (0, 1)]);
/// assert!(Layout::vector(3, 4, 2).is_err());        // blocks would overlap
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// `(first element, length)` of each contiguous block, in the layout's order, disjoint,
    /// non-empty; a block that starts where the one before it ends is merged into it.
    blocks: Box<[(usize, usize)]>,
    len: usize,
    /// One past the highest element selected (0 when none).
    extent: usize,
}

impl Layout {
    /// `n` consecutive elements.
    pub fn contiguous(n: usize) -> Layout {
        Layout::from_blocks(vec![(0, n)]).expect("one block is a valid layout")
    }

    /// `count` blocks of `blocklen` elements, block `i` starting at element `i * stride`
    /// (`MPI_Type_vector`).
    ///
    /// # Errors
    /// [`Error::InvalidStride`] when `stride < blocklen` (blocks would overlap), when the
    /// layout does not fit in `usize`, or when its blocks (`count` of them, unless they abut:
    /// `stride == blocklen` is one block) are more than 2^32 or than memory holds.
    pub fn vector(count: usize, blocklen: usize, stride: usize) -> Result<Layout, Error> {
        if count > 1 && stride < blocklen {
            return Err(Error::InvalidStride {
                what: "a vector layout's stride is smaller than its block length",
            });
        }
        Layout::nested(&Layout::contiguous(blocklen), count, stride)
    }

    /// Blocks given as `(first element, length)` (`MPI_Type_indexed`), in the order given,
    /// which is the order of the layout's elements (the typemap order: a transfer pairs them
    /// with the other side's elements in that order). Empty blocks are dropped.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] when two blocks overlap or a block does not fit in `usize`.
    pub fn indexed(blocks: &[(usize, usize)]) -> Result<Layout, Error> {
        Layout::from_blocks(blocks.to_vec())
    }

    /// `count` copies of `inner`, copy `i` shifted by `i * stride` elements (a vector of a
    /// derived type).
    ///
    /// Sizes are checked before anything is built, and copies of a one-block `inner` that
    /// abut (`stride` equal to its length) make one block, whatever `count`: describing
    /// 2^40 consecutive elements costs one block, not 2^40.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] when the copies overlap, when the layout (its element count
    /// or its extent) does not fit in `usize`, or when its blocks (`inner`'s times `count`,
    /// before they merge) are more than 2^32 or than memory holds.
    pub fn nested(inner: &Layout, count: usize, stride: usize) -> Result<Layout, Error> {
        const TOO_LARGE: Error = Error::InvalidStride {
            what: "a nested layout larger than the address space",
        };
        const OVERLAP: Error = Error::InvalidStride {
            what: "the copies of a nested layout overlap",
        };
        if count == 0 || inner.is_empty() {
            return Ok(Layout::empty());
        }
        let len = inner.len.checked_mul(count).ok_or(TOO_LARGE)?;
        (count - 1)
            .checked_mul(stride)
            .and_then(|last| last.checked_add(inner.extent()))
            .ok_or(TOO_LARGE)?;
        if count > 1 {
            if stride == 0 {
                return Err(OVERLAP);
            }
            if let [(at, n)] = *inner.blocks {
                if stride < n {
                    return Err(OVERLAP);
                }
                if stride == n {
                    return Ok(Layout {
                        blocks: Box::new([(at, len)]),
                        len,
                        // In range: the extent of the last copy was checked above.
                        extent: at + len,
                    });
                }
            }
        }
        let mut blocks = Vec::new();
        inner
            .blocks
            .len()
            .checked_mul(count)
            .filter(|&n| n <= MAX_BLOCKS)
            .and_then(|n| blocks.try_reserve_exact(n).ok())
            .ok_or(Error::InvalidStride {
                what: "a nested layout of more blocks than memory holds",
            })?;
        for i in 0..count {
            // In range: the last copy's extent was checked above.
            let shift = i * stride;
            blocks.extend(inner.blocks.iter().map(|&(at, n)| (at + shift, n)));
        }
        Layout::from_blocks(blocks)
    }

    /// The layout that selects nothing.
    fn empty() -> Layout {
        Layout {
            blocks: Box::new([]),
            len: 0,
            extent: 0,
        }
    }

    /// The layout of `blocks` in their order: checked (each block inside `usize`, no two
    /// sharing an element), empty blocks dropped, a block that starts where the one before
    /// it ends merged into it.
    fn from_blocks(mut blocks: Vec<(usize, usize)>) -> Result<Layout, Error> {
        const OVERLAP: Error = Error::InvalidStride {
            what: "layout blocks overlap",
        };
        blocks.retain(|&(_, n)| n > 0);
        let mut extent = 0;
        for &(at, n) in &blocks {
            let end = at.checked_add(n).ok_or(Error::InvalidStride {
                what: "a layout block past the end of the address space",
            })?;
            extent = extent.max(end);
        }
        // Overlaps are found in start order: in place when the blocks come in that order (a
        // vector, a nested layout whose copies follow one another), else on a sorted copy.
        let disjoint =
            |sorted: &[(usize, usize)]| sorted.windows(2).all(|w| w[0].0 + w[0].1 <= w[1].0);
        if blocks.is_sorted() {
            if !disjoint(&blocks) {
                return Err(OVERLAP);
            }
        } else {
            let mut sorted = Vec::new();
            sorted
                .try_reserve_exact(blocks.len())
                .map_err(|_| Error::InvalidStride {
                    what: "a layout of more blocks than memory holds",
                })?;
            sorted.extend_from_slice(&blocks);
            sorted.sort_unstable();
            if !disjoint(&sorted) {
                return Err(OVERLAP);
            }
        }
        // Disjoint blocks, each ending inside `usize`: their lengths add up inside it.
        let len = blocks.iter().map(|&(_, n)| n).sum();
        blocks.dedup_by(|next, prev| {
            let abut = prev.0 + prev.1 == next.0;
            if abut {
                prev.1 += next.1;
            }
            abut
        });
        Ok(Layout {
            blocks: blocks.into_boxed_slice(),
            len,
            extent,
        })
    }

    /// Elements the layout selects.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it selects none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Elements from the start to one past the last selected element.
    pub fn extent(&self) -> usize {
        self.extent
    }

    /// Contiguous blocks as `(first element, length)`, in the layout's order (a block that
    /// starts where the one before it ends is merged into it).
    pub fn blocks(&self) -> &[(usize, usize)] {
        &self.blocks
    }
}

/// Walks two layouts with the same number of elements in step, calling `f(origin element,
/// target element, run length)` for every maximal run contiguous on both sides.
pub(super) fn zip_layouts(
    origin: &Layout,
    target: &Layout,
    mut f: impl FnMut(usize, usize, usize),
) {
    let (mut i, mut j) = (0, 0);
    let (mut oi, mut tj) = (0, 0); // elements used of the current blocks
    while i < origin.blocks.len() && j < target.blocks.len() {
        let (oa, on) = origin.blocks[i];
        let (ta, tn) = target.blocks[j];
        let run = (on - oi).min(tn - tj);
        f(oa + oi, ta + tj, run);
        oi += run;
        tj += run;
        if oi == on {
            i += 1;
            oi = 0;
        }
        if tj == tn {
            j += 1;
            tj = 0;
        }
    }
}
