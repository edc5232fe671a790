//! Block-strided transfers (OpenSHMEM 1.6 `shmem_ibput`, `shmem_ibget`): blocks of `bsize`
//! contiguous elements, a stride apart on each side.

use std::mem::size_of;

use bytemuck::Pod;
use shmem_core::Transport;

use super::SymSlice;
use crate::handle::Pe;
use shmem_core::Error;

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
        let Some(off) = self.blocked(Blocked {
            sym_stride: tst,
            local_len: src.len(),
            local_stride: sst,
            bsize,
            nblocks,
            sym_written: true,
        })?
        else {
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
        let Some(off) = self.blocked(Blocked {
            sym_stride: sst,
            local_len: dst.len(),
            local_stride: tst,
            bsize,
            nblocks,
            sym_written: false,
        })?
        else {
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

    /// Checks a block-strided transfer on this slice ([`check_blocked`]): the slice's
    /// offset, or `None` when nothing moves.
    fn blocked(&self, b: Blocked) -> Result<Option<usize>, Error> {
        Ok(check_blocked(self.len(), b)?.then_some(self.offset))
    }
}

/// A block-strided transfer's shape: blocks of `bsize` elements, `sym_stride` apart in the
/// symmetric object, `local_stride` apart in a local buffer of `local_len`; the written side
/// (`sym_written`: the symmetric object, else the local buffer) may not have overlapping
/// blocks.
#[derive(Clone, Copy)]
pub(crate) struct Blocked {
    pub(crate) sym_stride: usize,
    pub(crate) local_len: usize,
    pub(crate) local_stride: usize,
    pub(crate) bsize: usize,
    pub(crate) nblocks: usize,
    pub(crate) sym_written: bool,
}

/// Checks a block-strided transfer `b` on a symmetric object of `object_len` elements (a
/// [`SymSlice`], or a context's `ThreadSlice`): whether anything moves (`false` for no block
/// or empty blocks), or the error, before anything is written.
pub(crate) fn check_blocked(object_len: usize, b: Blocked) -> Result<bool, Error> {
    if b.nblocks == 0 || b.bsize == 0 {
        return Ok(false);
    }
    let sym_span = span(b.sym_stride, b.bsize, b.nblocks, b.sym_written)?;
    let local_span = span(b.local_stride, b.bsize, b.nblocks, !b.sym_written)?;
    let last = |stride: usize| (b.nblocks - 1) * stride;
    if local_span > b.local_len {
        return Err(Error::OutOfBounds {
            start: last(b.local_stride),
            len: b.bsize,
            object_len: b.local_len,
        });
    }
    if sym_span > object_len {
        return Err(Error::OutOfBounds {
            start: last(b.sym_stride),
            len: b.bsize,
            object_len,
        });
    }
    Ok(true)
}
