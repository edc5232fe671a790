//! [`SymSlice`] and [`SymSliceMut`]: views of a symmetric array.

use std::marker::PhantomData;
use std::mem::size_of;
use std::ops::{Deref, RangeBounds};

use bytemuck::Pod;
use shmem_core::Transport;

use super::{Sym, put_value, range_of};
use crate::handle::{Pe, Shmem};
use shmem_core::Error;

/// A borrowed view of a symmetric `[T]`: bulk and strided put/get, element views, waiting on
/// many flags.
pub struct SymSlice<'a, T> {
    pub(super) shmem: &'a Shmem,
    pub(super) offset: usize,
    pub(super) len: usize,
    _t: PhantomData<T>,
}

impl<T> std::fmt::Debug for SymSlice<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SymSlice")
            .field("offset", &self.offset)
            .field("len", &self.len)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'a, T: Pod> SymSlice<'a, T> {
    pub(crate) fn new(shmem: &'a Shmem, offset: usize, len: usize) -> Self {
        SymSlice {
            shmem,
            offset,
            len,
            _t: PhantomData,
        }
    }

    /// Number of elements.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the slice has no elements.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Symmetric offset of element 0.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The runtime handle.
    pub fn shmem(&self) -> &'a Shmem {
        self.shmem
    }

    #[inline]
    pub(super) fn check(&self, start: usize, len: usize) -> Result<usize, Error> {
        match start.checked_add(len) {
            Some(end) if end <= self.len => Ok(self.offset + start * size_of::<T>()),
            _ => Err(Error::OutOfBounds {
                start,
                len,
                object_len: self.len,
            }),
        }
    }

    /// A view of elements `range`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when the range is not inside the slice.
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Result<SymSlice<'_, T>, Error> {
        let (start, len) = range_of(range, self.len)?;
        Ok(SymSlice::new(
            self.shmem,
            self.offset + start * size_of::<T>(),
            len,
        ))
    }

    /// A view of element `i`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `i >= len`.
    pub fn at(&self, i: usize) -> Result<Sym<'_, T>, Error> {
        let off = self.check(i, 1)?;
        Ok(Sym::new(self.shmem, off))
    }

    /// Copies `src` into `pe`'s copy, starting at element 0 (`shmem_put`). One-sided; the data
    /// is complete at the next `quiet`/`barrier_all` (on shared memory, already on return).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than the slice. Nothing is written.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u32>::zeroed(&shmem, 4)?;
    /// let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
    /// v.put(right, &[1, 2, 3])?;
    /// shmem.barrier_all();
    /// assert_eq!(v.to_vec(), [1, 2, 3, 0]);
    /// assert!(v.put(right, &[0; 5]).is_err());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline(always)]
    pub fn put(&self, pe: Pe, src: &[T]) -> Result<(), Error> {
        let off = self.check(0, src.len())?;
        self.shmem
            .rt()
            .transport()
            .put(pe.index(), off, bytemuck::cast_slice(src));
        Ok(())
    }

    /// Copies `pe`'s first `dst.len()` elements into `dst` (`shmem_get`). One-sided, blocking.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `dst` is longer than the slice. Nothing is read.
    #[inline(always)]
    pub fn get(&self, pe: Pe, dst: &mut [T]) -> Result<(), Error> {
        let off = self.check(0, dst.len())?;
        self.shmem
            .rt()
            .transport()
            .get(pe.index(), off, bytemuck::cast_slice_mut(dst));
        Ok(())
    }

    /// Copies this PE's copy of the symmetric `source` into `pe`'s copy of this slice, starting
    /// at element 0 (`shmem_put` with a symmetric source). One-sided.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `source` is longer than this slice. Nothing is written.
    #[inline(always)]
    pub fn put_from(&self, pe: Pe, source: &SymSlice<'_, T>) -> Result<(), Error> {
        let off = self.check(0, source.len)?;
        let me = self.shmem.my_pe().index();
        self.shmem.rt().transport().copy(
            pe.index(),
            off,
            me,
            source.offset,
            source.len * size_of::<T>(),
        );
        Ok(())
    }

    /// Copies `pe`'s copy of the symmetric `source` into this PE's copy of this slice, starting
    /// at element 0 (`shmem_get` into a symmetric destination). One-sided, blocking.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `source` is longer than this slice. Nothing is read.
    #[inline(always)]
    pub fn get_from(&self, pe: Pe, source: &SymSlice<'_, T>) -> Result<(), Error> {
        let off = self.check(0, source.len)?;
        let me = self.shmem.my_pe().index();
        self.shmem.rt().transport().copy(
            me,
            off,
            pe.index(),
            source.offset,
            source.len * size_of::<T>(),
        );
        Ok(())
    }

    /// Strided put (`shmem_iput`): `src[i * sst]` goes to element `i * tst` of `pe`'s copy,
    /// for `i < count`.
    ///
    /// # Errors
    /// [`Error::InvalidStride`] for a zero stride; [`Error::OutOfBounds`] when the last element
    /// falls outside either side. Nothing is written.
    pub fn iput(
        &self,
        pe: Pe,
        tst: usize,
        src: &[T],
        sst: usize,
        count: usize,
    ) -> Result<(), Error> {
        let (off, _) = self.check_strided(tst, src.len(), sst, count)?;
        self.shmem.rt().transport().iput(
            pe.index(),
            off,
            tst,
            bytemuck::cast_slice(src),
            sst,
            size_of::<T>(),
            count,
        );
        Ok(())
    }

    /// Strided get (`shmem_iget`): element `i * sst` of `pe`'s copy goes to `dst[i * tst]`,
    /// for `i < count`.
    ///
    /// # Errors
    /// As [`SymSlice::iput`]. Nothing is read.
    pub fn iget(
        &self,
        pe: Pe,
        dst: &mut [T],
        tst: usize,
        sst: usize,
        count: usize,
    ) -> Result<(), Error> {
        let (off, _) = self.check_strided(sst, dst.len(), tst, count)?;
        self.shmem.rt().transport().iget(
            pe.index(),
            off,
            sst,
            bytemuck::cast_slice_mut(dst),
            tst,
            size_of::<T>(),
            count,
        );
        Ok(())
    }

    /// Checks a strided transfer: `count` elements every `sym_stride` in this slice, every
    /// `local_stride` in a local slice of `local_len`.
    fn check_strided(
        &self,
        sym_stride: usize,
        local_len: usize,
        local_stride: usize,
        count: usize,
    ) -> Result<(usize, usize), Error> {
        if count == 0 {
            return Ok((self.offset, 0));
        }
        if sym_stride == 0 || local_stride == 0 {
            return Err(Error::InvalidStride {
                what: "strides must be at least 1",
            });
        }
        let last = |stride: usize| (count - 1).checked_mul(stride);
        let sym_last = last(sym_stride).ok_or(Error::InvalidStride {
            what: "stride * count overflows",
        })?;
        let local_last = last(local_stride).ok_or(Error::InvalidStride {
            what: "stride * count overflows",
        })?;
        if local_last >= local_len {
            return Err(Error::OutOfBounds {
                start: local_last,
                len: 1,
                object_len: local_len,
            });
        }
        let off = self.check(sym_last, 1).map(|_| self.offset)?;
        Ok((off, sym_last))
    }

    /// Reads element `i` of this PE's own copy.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `i >= len`.
    #[inline]
    pub fn read(&self, i: usize) -> Result<T, Error> {
        Ok(self.at(i)?.read())
    }

    /// Writes element `i` of this PE's own copy.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `i >= len`.
    #[inline]
    pub fn write(&self, i: usize, value: T) -> Result<(), Error> {
        self.at(i)?.write(value);
        Ok(())
    }

    /// Copies this PE's own copy into a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        let mut v = vec![T::zeroed(); self.len];
        self.copy_to(&mut v)
            .expect("a vector of the slice's length fits");
        v
    }

    /// The elements of this PE's own copy, in order, by value: a copy of each, read a few
    /// hundred at a time into the iterator, so a scan of a large symmetric array (a histogram
    /// of what arrived, a filter) needs no `Vec` of its size as [`to_vec`](Self::to_vec) does.
    /// Like the other local reads it copies: an element another PE writes during the scan is
    /// read before or after that write, never as a reference.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u32>::from_fn(&shmem, 1000, |i| i as u32 % 7)?;
    /// let sevens = v.iter().filter(|&x| x == 6).count();
    /// assert_eq!(sevens, (0..1000).filter(|i| i % 7 == 6).count());
    /// assert_eq!(v.slice(990..)?.iter().collect::<Vec<_>>(), v.slice(990..)?.to_vec());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline]
    pub fn iter(&self) -> SymIter<'_, T> {
        SymIter {
            view: SymSlice::new(self.shmem, self.offset, self.len),
            next: 0,
            buf: vec![T::zeroed(); self.len.min(ITER_CHUNK)].into_boxed_slice(),
            at: 0,
            end: 0,
        }
    }

    /// Copies this PE's own first `dst.len()` elements into `dst`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `dst` is longer than the slice.
    pub fn copy_to(&self, dst: &mut [T]) -> Result<(), Error> {
        self.get(self.shmem.my_pe(), dst)
    }

    /// Overwrites this PE's own first `src.len()` elements with `src`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than the slice.
    pub fn copy_from(&self, src: &[T]) -> Result<(), Error> {
        self.put(self.shmem.my_pe(), src)
    }

    /// Sets every element of this PE's own copy to `value`.
    pub fn fill(&self, value: T) {
        for i in 0..self.len {
            put_value(
                self.shmem,
                self.shmem.my_pe(),
                self.offset + i * size_of::<T>(),
                value,
            );
        }
    }
}

/// Elements a [`SymIter`] copies out at a time.
const ITER_CHUNK: usize = 256;

/// The elements of this PE's own copy of a [`SymSlice`], by value ([`SymSlice::iter`]). It
/// borrows the view, so the array outlives it.
pub struct SymIter<'a, T> {
    view: SymSlice<'a, T>,
    /// The first element not yet copied into `buf`.
    next: usize,
    /// On the heap, apart from the positions: the copy writes through a pointer to it, and
    /// a pointer into the iterator itself would keep the positions in memory, reloaded after
    /// every store of the caller's loop (an isx histogram pass took twice as long).
    buf: Box<[T]>,
    /// `buf[at..end]` are the copied elements not yet returned.
    at: usize,
    end: usize,
}

impl<T: Pod> Iterator for SymIter<'_, T> {
    type Item = T;

    #[inline(always)]
    fn next(&mut self) -> Option<T> {
        if self.at == self.end {
            // The view by value and the buffer: nothing of the iterator's own memory.
            let view = SymSlice::new(self.view.shmem, self.view.offset, self.view.len);
            let n = copy_chunk(view, self.next, &mut self.buf);
            if n == 0 {
                return None;
            }
            (self.next, self.at, self.end) = (self.next + n, 0, n);
        }
        let value = self.buf[self.at];
        self.at += 1;
        Some(value)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.at + (self.view.len - self.next);
        (left, Some(left))
    }
}

impl<T: Pod> ExactSizeIterator for SymIter<'_, T> {}

impl<T: Pod> std::iter::FusedIterator for SymIter<'_, T> {}

/// Copies the elements of `view` from `next` on into `buf`, as many as fit; how many (0 at
/// the end).
#[cold]
#[inline(never)]
fn copy_chunk<T: Pod>(view: SymSlice<'_, T>, next: usize, buf: &mut [T]) -> usize {
    let n = view.len.saturating_sub(next).min(buf.len());
    if n > 0 {
        // `next + n <= len`: the chunk lies inside the view, so neither call can fail.
        let from = view.slice(next..next + n);
        from.and_then(|from| from.copy_to(&mut buf[..n]))
            .expect("a chunk inside the view");
    }
    n
}

impl<T> std::fmt::Debug for SymIter<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SymIter")
            .field("view", &self.view)
            .field("left", &(self.end - self.at + (self.view.len - self.next)))
            .finish()
    }
}

impl<'v, 'a, T: Pod> IntoIterator for &'v SymSlice<'a, T> {
    type Item = T;
    type IntoIter = SymIter<'v, T>;
    fn into_iter(self) -> SymIter<'v, T> {
        self.iter()
    }
}

/// An exclusive view of a symmetric `[T]`, obtainable only from an exclusive borrow of its
/// owner: collectives take their *target* as a `SymSliceMut`, so a target that overlaps the
/// source cannot be written.
pub struct SymSliceMut<'a, T>(pub(super) SymSlice<'a, T>);

impl<'a, T> SymSliceMut<'a, T> {
    /// The target view of a `#[symmetric]` static, which no borrow keeps apart from the
    /// sources: the collectives check overlap at run time instead (`StaticTarget`).
    pub(crate) fn of_static(view: SymSlice<'a, T>) -> Self {
        SymSliceMut(view)
    }
}

impl<T> std::fmt::Debug for SymSliceMut<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'a, T> Deref for SymSliceMut<'a, T> {
    type Target = SymSlice<'a, T>;
    fn deref(&self) -> &SymSlice<'a, T> {
        &self.0
    }
}

impl<'a, T: Pod> SymSliceMut<'a, T> {
    /// An exclusive view of elements `range`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when the range is not inside the slice.
    pub fn slice_mut(
        &mut self,
        range: impl RangeBounds<usize>,
    ) -> Result<SymSliceMut<'_, T>, Error> {
        let (start, len) = range_of(range, self.0.len)?;
        Ok(SymSliceMut(SymSlice::new(
            self.0.shmem,
            self.0.offset + start * size_of::<T>(),
            len,
        )))
    }
}
