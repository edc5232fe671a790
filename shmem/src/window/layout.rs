//! [`Layout`]: non-contiguous element layouts (seed page 001's derived datatypes).

use crate::Error;

/// Most blocks a layout built by [`Layout::nested`] or [`Layout::vector`] may need before its
/// abutting blocks merge (64 GiB of block list): beyond it, or beyond what memory holds, the
/// layout is an error rather than an allocation that takes the machine's memory or aborts
/// (where the kernel overcommits, asking is not proof that the memory is there).
const MAX_BLOCKS: usize = 1 << 32;

/// A non-contiguous layout of elements (seed page 001's derived datatypes): which elements,
/// relative to a starting index, a transfer reads or writes. Built and checked once (blocks
/// flattened, sorted, non-overlapping), then reused for the origin or the target side of any
/// number of transfers to any PE: describing a layout costs nothing per transfer.
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
/// assert!(Layout::vector(3, 4, 2).is_err());        // blocks would overlap
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// `(first element, length)` of each contiguous block, sorted, disjoint, non-empty,
    /// adjacent blocks merged.
    blocks: Box<[(usize, usize)]>,
    len: usize,
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

    /// Blocks given as `(first element, length)` (`MPI_Type_indexed`), in any order.
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
        }
    }

    fn from_blocks(mut blocks: Vec<(usize, usize)>) -> Result<Layout, Error> {
        blocks.retain(|&(_, n)| n > 0);
        blocks.sort_unstable();
        let mut merged: Vec<(usize, usize)> = Vec::with_capacity(blocks.len());
        let mut len = 0usize;
        for (at, n) in blocks {
            let end = at.checked_add(n).ok_or(Error::InvalidStride {
                what: "a layout block past the end of the address space",
            })?;
            match merged.last_mut() {
                Some(last) if last.0 + last.1 > at => {
                    return Err(Error::InvalidStride {
                        what: "layout blocks overlap",
                    });
                }
                Some(last) if last.0 + last.1 == at => last.1 = end - last.0,
                _ => merged.push((at, n)),
            }
            // Disjoint blocks, each ending inside `usize`: their lengths add up inside it.
            len += n;
        }
        Ok(Layout {
            blocks: merged.into_boxed_slice(),
            len,
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
        self.blocks.last().map_or(0, |&(at, n)| at + n)
    }

    /// Contiguous blocks as `(first element, length)`.
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
