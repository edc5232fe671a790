//! [`Layout`]: non-contiguous element layouts (seed page 001's derived datatypes).

use crate::Error;

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
    /// [`Error::InvalidStride`] when `stride < blocklen` (blocks would overlap) or the layout
    /// does not fit in `usize`.
    pub fn vector(count: usize, blocklen: usize, stride: usize) -> Result<Layout, Error> {
        if count > 1 && stride < blocklen {
            return Err(Error::InvalidStride {
                what: "a vector layout's stride is smaller than its block length",
            });
        }
        let blocks = (0..count)
            .map(|i| i.checked_mul(stride).map(|at| (at, blocklen)))
            .collect::<Option<Vec<_>>>()
            .ok_or(Error::InvalidStride {
                what: "a vector layout larger than the address space",
            })?;
        Layout::from_blocks(blocks)
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
    /// # Errors
    /// [`Error::InvalidStride`] when the copies overlap or do not fit in `usize`.
    pub fn nested(inner: &Layout, count: usize, stride: usize) -> Result<Layout, Error> {
        let mut blocks = Vec::with_capacity(inner.blocks.len() * count);
        for i in 0..count {
            let shift = i.checked_mul(stride).ok_or(Error::InvalidStride {
                what: "a nested layout larger than the address space",
            })?;
            for &(at, n) in inner.blocks.iter() {
                blocks.push((
                    at.checked_add(shift).ok_or(Error::InvalidStride {
                        what: "a nested layout larger than the address space",
                    })?,
                    n,
                ));
            }
        }
        Layout::from_blocks(blocks)
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
            len += n;
            match merged.last_mut() {
                Some(last) if last.0 + last.1 > at => {
                    return Err(Error::InvalidStride {
                        what: "layout blocks overlap",
                    });
                }
                Some(last) if last.0 + last.1 == at => last.1 = end - last.0,
                _ => merged.push((at, n)),
            }
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
