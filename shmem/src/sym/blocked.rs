//! Block-strided transfers (OpenSHMEM 1.6 `shmem_ibput`, `shmem_ibget`): blocks of `bsize`
//! contiguous elements, a stride apart on each side.

use std::mem::size_of;

use bytemuck::Pod;
use shmem_core::Transport;

use super::SymSlice;
use crate::Error;
use crate::handle::Pe;

/// The elements from the start of the first block to the end of the last: `(nblocks - 1) *
/// stride + bsize`, or the error for a zero stride, a stride that would make a side's blocks
/// overlap (`no_overlap`) or an overflow.
fn span(stride: usize, bsize: usize, nblocks: usize, no_overlap: bool) -> Result<usize, Error> {
    if stride == 0 {
        return Err(Error::InvalidStride {
            what: "strides must be at least 1",
        });
    }
    if no_overlap && nblocks > 1 && stride < bsize {
        return Err(Error::InvalidStride {
            what: "the written side's stride is smaller than the block size (blocks would overlap)",
        });
    }
    (nblocks - 1)
        .checked_mul(stride)
        .and_then(|s| s.checked_add(bsize))
        .ok_or(Error::InvalidStride {
            what: "stride * blocks overflows",
        })
}

impl<T: Pod> SymSlice<'_, T> {
    /// Block-strided put (`shmem_ibput`): for `i < nblocks`, the `bsize` elements
    /// `src[i * sst ..]` go to elements `i * tst ..` of `pe`'s copy. `tst >= bsize` (target
    /// blocks never overlap); `sst >= 1`.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] for a zero stride or `tst < bsize`; [`Error::OutOfBounds`]
    /// when the last block falls outside either side. Nothing is written.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u32>::zeroed(&shmem, 8)?;
    /// let me = shmem.my_pe();
    /// // blocks of 2, every 3 in the source, every 4 in the target
    /// v.ibput(me, 4, &[1, 2, 9, 3, 4], 3, 2, 2)?;
    /// assert_eq!(v.to_vec(), [1, 2, 0, 0, 3, 4, 0, 0]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn ibput(
        &self,
        pe: Pe,
        tst: usize,
        src: &[T],
        sst: usize,
        bsize: usize,
        nblocks: usize,
    ) -> Result<(), Error> {
        let Some(off) = self.blocked(tst, src.len(), sst, bsize, nblocks, true)? else {
            return Ok(());
        };
        let t = self.shmem().rt().transport();
        for i in 0..nblocks {
            let block = &src[i * sst..i * sst + bsize];
            t.put(
                pe.index(),
                off + i * tst * size_of::<T>(),
                bytemuck::cast_slice(block),
            );
        }
        Ok(())
    }

    /// Block-strided get (`shmem_ibget`): for `i < nblocks`, the `bsize` elements `i * sst ..`
    /// of `pe`'s copy go to `dst[i * tst ..]`. `tst >= bsize` (destination blocks never
    /// overlap); `sst >= 1`.
    ///
    /// # Errors
    /// As [`SymSlice::ibput`], with the roles swapped. Nothing is read.
    pub fn ibget(
        &self,
        pe: Pe,
        dst: &mut [T],
        tst: usize,
        sst: usize,
        bsize: usize,
        nblocks: usize,
    ) -> Result<(), Error> {
        let Some(off) = self.blocked(sst, dst.len(), tst, bsize, nblocks, false)? else {
            return Ok(());
        };
        let t = self.shmem().rt().transport();
        for i in 0..nblocks {
            let block = &mut dst[i * tst..i * tst + bsize];
            t.get(
                pe.index(),
                off + i * sst * size_of::<T>(),
                bytemuck::cast_slice_mut(block),
            );
        }
        Ok(())
    }

    /// Checks a block-strided transfer: blocks `sym_stride` apart in this slice, `local_stride`
    /// apart in a local buffer of `local_len`; the written side (`sym_written`: this slice,
    /// else the local buffer) may not have overlapping blocks. The offset of this slice, or
    /// `None` when nothing moves.
    #[allow(clippy::too_many_arguments)]
    fn blocked(
        &self,
        sym_stride: usize,
        local_len: usize,
        local_stride: usize,
        bsize: usize,
        nblocks: usize,
        sym_written: bool,
    ) -> Result<Option<usize>, Error> {
        if nblocks == 0 || bsize == 0 {
            return Ok(None);
        }
        let sym_span = span(sym_stride, bsize, nblocks, sym_written)?;
        let local_span = span(local_stride, bsize, nblocks, !sym_written)?;
        let last = |stride: usize| (nblocks - 1) * stride;
        if local_span > local_len {
            return Err(Error::OutOfBounds {
                start: last(local_stride),
                len: bsize,
                object_len: local_len,
            });
        }
        self.check(0, sym_span)
            .map(Some)
            .map_err(|_| Error::OutOfBounds {
                start: last(sym_stride),
                len: bsize,
                object_len: self.len(),
            })
    }
}
