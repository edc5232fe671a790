//! Symmetric objects: owned heap allocations ([`SymBox`], [`SymVec`]) and borrowed views
//! ([`Sym`], [`SymSlice`], [`SymSliceMut`]) with the one-sided operations on them.
//!
//! A symmetric object exists on every PE at the same symmetric offset; its handle names it on
//! all of them, and each operation says which PE's copy it touches. The handles never give out
//! `&T` or `&[T]` into symmetric memory (another PE may write it at any time): local reads and
//! writes copy values in and out.

use std::marker::PhantomData;
use std::mem::{align_of, size_of};
use std::ops::{Bound, Deref, RangeBounds};

use bytemuck::Pod;
use shmem_core::wait::{WaitKind, WaitSite};
use shmem_core::{AllocRequest, Allocation, AmoOp, Transport};

use crate::Error;
use crate::handle::{Pe, Shmem};
use crate::types::{AmoBitwise, AmoExtended, AmoStandard, Cmp, WaitType};

// ------------------------------------------------------------------------------------------
// typed access helpers

/// Whether `T` travels as one machine word (single-copy atomic `p`/`g`).
#[inline(always)]
const fn is_word<T>() -> bool {
    let s = size_of::<T>();
    (s == 1 || s == 2 || s == 4 || s == 8) && align_of::<T>() >= s
}

#[inline(always)]
fn put_value<T: Pod>(shmem: &Shmem, pe: Pe, offset: usize, v: T) {
    let t = shmem.rt().transport();
    if is_word::<T>() {
        let b = bytemuck::bytes_of(&v);
        match size_of::<T>() {
            1 => t.put_word::<u8>(pe.index(), offset, b[0]),
            2 => t.put_word::<u16>(pe.index(), offset, bytemuck::pod_read_unaligned(b)),
            4 => t.put_word::<u32>(pe.index(), offset, bytemuck::pod_read_unaligned(b)),
            _ => t.put_word::<u64>(pe.index(), offset, bytemuck::pod_read_unaligned(b)),
        }
    } else {
        t.put(pe.index(), offset, bytemuck::bytes_of(&v));
    }
}

#[inline(always)]
fn get_value<T: Pod>(shmem: &Shmem, pe: Pe, offset: usize) -> T {
    let t = shmem.rt().transport();
    if is_word::<T>() {
        let mut v = T::zeroed();
        let b = bytemuck::bytes_of_mut(&mut v);
        match size_of::<T>() {
            1 => b[0] = t.get_word::<u8>(pe.index(), offset),
            2 => b.copy_from_slice(&t.get_word::<u16>(pe.index(), offset).to_ne_bytes()),
            4 => b.copy_from_slice(&t.get_word::<u32>(pe.index(), offset).to_ne_bytes()),
            _ => b.copy_from_slice(&t.get_word::<u64>(pe.index(), offset).to_ne_bytes()),
        }
        v
    } else {
        let mut v = T::zeroed();
        t.get(pe.index(), offset, bytemuck::bytes_of_mut(&mut v));
        v
    }
}

fn range_of(r: impl RangeBounds<usize>, len: usize) -> Result<(usize, usize), Error> {
    let start = match r.start_bound() {
        Bound::Included(&s) => s,
        Bound::Excluded(&s) => s.saturating_add(1),
        Bound::Unbounded => 0,
    };
    let end = match r.end_bound() {
        Bound::Included(&e) => e.saturating_add(1),
        Bound::Excluded(&e) => e,
        Bound::Unbounded => len,
    };
    if start > end || end > len {
        return Err(Error::OutOfBounds {
            start,
            len: end.saturating_sub(start),
            object_len: len,
        });
    }
    Ok((start, end - start))
}

// ------------------------------------------------------------------------------------------
// Sym: one symmetric value

/// A borrowed view of one symmetric `T`: `p`/`g`, atomics and point-to-point waiting.
///
/// Obtain it from a [`SymBox`] (by deref), from [`SymSlice::at`], or from a `#[symmetric]`
/// static with `STATIC.sym(&shmem)`.
pub struct Sym<'a, T> {
    shmem: &'a Shmem,
    offset: usize,
    _t: PhantomData<T>,
}

impl<T> std::fmt::Debug for Sym<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sym")
            .field("offset", &self.offset)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'a, T: Pod> Sym<'a, T> {
    pub(crate) fn new(shmem: &'a Shmem, offset: usize) -> Self {
        Sym {
            shmem,
            offset,
            _t: PhantomData,
        }
    }

    /// Symmetric offset (the same on every PE).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The runtime handle.
    pub fn shmem(&self) -> &'a Shmem {
        self.shmem
    }

    /// This value as a one-element [`SymSlice`] (e.g. the source of a collective). The view
    /// borrows this one, and so the object it belongs to.
    pub fn as_slice(&self) -> SymSlice<'_, T> {
        SymSlice::new(self.shmem, self.offset, 1)
    }

    /// Writes `value` into `pe`'s copy (`shmem_p`). One-sided. Words (1, 2, 4, 8 bytes) are
    /// written with one atomic store, never torn.
    #[inline]
    pub fn p(&self, pe: Pe, value: T) {
        put_value(self.shmem, pe, self.offset, value);
    }

    /// Reads `pe`'s copy (`shmem_g`). One-sided, blocking.
    #[inline]
    pub fn g(&self, pe: Pe) -> T {
        get_value(self.shmem, pe, self.offset)
    }

    /// Reads this PE's own copy.
    #[inline]
    pub fn read(&self) -> T {
        self.g(self.shmem.my_pe())
    }

    /// Writes this PE's own copy.
    #[inline]
    pub fn write(&self, value: T) {
        self.p(self.shmem.my_pe(), value)
    }
}

impl<T: AmoExtended> Sym<'_, T> {
    #[inline(always)]
    fn amo(&self, pe: Pe, op: AmoOp<T::Word>) -> T {
        T::from_word(self.shmem.rt().transport().amo(pe.index(), self.offset, op))
    }

    /// Atomic read of `pe`'s copy (`shmem_atomic_fetch`).
    #[inline]
    pub fn atomic_fetch(&self, pe: Pe) -> T {
        self.amo(pe, AmoOp::Fetch)
    }

    /// Atomic write of `pe`'s copy (`shmem_atomic_set`).
    #[inline]
    pub fn atomic_set(&self, pe: Pe, value: T) {
        self.amo(pe, AmoOp::Set(value.to_word()));
    }

    /// Atomic swap on `pe`'s copy; returns the old value (`shmem_atomic_swap`).
    #[inline]
    pub fn atomic_swap(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::Swap(value.to_word()))
    }
}

impl<T: AmoStandard> Sym<'_, T> {
    /// Stores `value` on `pe` if the copy equals `cond`; returns the old value
    /// (`shmem_atomic_compare_swap`).
    #[inline]
    pub fn atomic_compare_swap(&self, pe: Pe, cond: T, value: T) -> T {
        self.amo(
            pe,
            AmoOp::CompareSwap {
                cond: cond.to_word(),
                new: value.to_word(),
            },
        )
    }

    /// Adds `value` to `pe`'s copy (wrapping); returns the old value
    /// (`shmem_atomic_fetch_add`).
    #[inline]
    pub fn atomic_fetch_add(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchAdd(value.to_word()))
    }

    /// Adds `value` to `pe`'s copy (`shmem_atomic_add`).
    #[inline]
    pub fn atomic_add(&self, pe: Pe, value: T) {
        self.atomic_fetch_add(pe, value);
    }

    /// Increments `pe`'s copy; returns the old value (`shmem_atomic_fetch_inc`).
    #[inline]
    pub fn atomic_fetch_inc(&self, pe: Pe) -> T {
        self.atomic_fetch_add(pe, T::ONE)
    }

    /// Increments `pe`'s copy (`shmem_atomic_inc`).
    #[inline]
    pub fn atomic_inc(&self, pe: Pe) {
        self.atomic_fetch_add(pe, T::ONE);
    }
}

impl<T: AmoBitwise> Sym<'_, T> {
    /// Bitwise and into `pe`'s copy; returns the old value (`shmem_atomic_fetch_and`).
    #[inline]
    pub fn atomic_fetch_and(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchAnd(value.to_word()))
    }
    /// Bitwise and into `pe`'s copy (`shmem_atomic_and`).
    #[inline]
    pub fn atomic_and(&self, pe: Pe, value: T) {
        self.atomic_fetch_and(pe, value);
    }
    /// Bitwise or into `pe`'s copy; returns the old value (`shmem_atomic_fetch_or`).
    #[inline]
    pub fn atomic_fetch_or(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchOr(value.to_word()))
    }
    /// Bitwise or into `pe`'s copy (`shmem_atomic_or`).
    #[inline]
    pub fn atomic_or(&self, pe: Pe, value: T) {
        self.atomic_fetch_or(pe, value);
    }
    /// Bitwise xor into `pe`'s copy; returns the old value (`shmem_atomic_fetch_xor`).
    #[inline]
    pub fn atomic_fetch_xor(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchXor(value.to_word()))
    }
    /// Bitwise xor into `pe`'s copy (`shmem_atomic_xor`).
    #[inline]
    pub fn atomic_xor(&self, pe: Pe, value: T) {
        self.atomic_fetch_xor(pe, value);
    }
}

impl<T: WaitType> Sym<'_, T> {
    /// Waits until this PE's copy satisfies `cmp value` (`shmem_wait_until`); returns the value
    /// seen. Spins briefly, then yields, then sleeps until a put or atomic into this PE wakes
    /// it.
    #[inline]
    pub fn wait_until(&self, cmp: Cmp, value: T) -> T {
        let site = WaitSite::new(
            WaitKind::WaitUntil,
            [self.offset as u64, size_of::<T>() as u64, 0, 0],
        );
        T::from_word(
            self.shmem
                .rt()
                .transport()
                .wait_local::<T::Word>(self.offset, site, |w| cmp.holds(T::from_word(w), value)),
        )
    }

    /// Whether this PE's copy satisfies `cmp value` now (`shmem_test`).
    #[inline]
    pub fn test(&self, cmp: Cmp, value: T) -> bool {
        let w: T::Word = self
            .shmem
            .rt()
            .transport()
            .get_word(self.shmem.my_pe().index(), self.offset);
        cmp.holds(T::from_word(w), value)
    }
}

// ------------------------------------------------------------------------------------------
// SymSlice: a symmetric array

/// A borrowed view of a symmetric `[T]`: bulk and strided put/get, element views, waiting on
/// many flags.
pub struct SymSlice<'a, T> {
    shmem: &'a Shmem,
    offset: usize,
    len: usize,
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
    fn check(&self, start: usize, len: usize) -> Result<usize, Error> {
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

impl<T: WaitType> SymSlice<'_, T> {
    fn site(&self) -> WaitSite {
        WaitSite::new(
            WaitKind::WaitUntilMany,
            [self.offset as u64, self.len as u64, 0, 0],
        )
    }

    fn load(&self, i: usize) -> T {
        let w: T::Word = self
            .shmem
            .rt()
            .transport()
            .get_word(self.shmem.my_pe().index(), self.offset + i * size_of::<T>());
        T::from_word(w)
    }

    /// Waits until every element of this PE's copy satisfies `cmp value`
    /// (`shmem_wait_until_all`).
    pub fn wait_until_all(&self, cmp: Cmp, value: T) {
        self.shmem.rt().transport().wait_for(self.site(), || {
            (0..self.len).all(|i| cmp.holds(self.load(i), value))
        });
    }

    /// Waits until some element satisfies `cmp value` and returns the index of the first one
    /// found (`shmem_wait_until_any`); `None` for an empty slice (the spec's `SIZE_MAX`).
    pub fn wait_until_any(&self, cmp: Cmp, value: T) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mut found = None;
        self.shmem.rt().transport().wait_for(self.site(), || {
            found = (0..self.len).find(|&i| cmp.holds(self.load(i), value));
            found.is_some()
        });
        found
    }

    /// Waits until at least one element satisfies `cmp value` and returns the indices of all
    /// that do (`shmem_wait_until_some`); empty for an empty slice.
    pub fn wait_until_some(&self, cmp: Cmp, value: T) -> Vec<usize> {
        let mut found = Vec::new();
        if self.len == 0 {
            return found;
        }
        self.shmem.rt().transport().wait_for(self.site(), || {
            found.clear();
            found.extend((0..self.len).filter(|&i| cmp.holds(self.load(i), value)));
            !found.is_empty()
        });
        found
    }

    /// Whether every element satisfies `cmp value` now (`shmem_test_all`).
    pub fn test_all(&self, cmp: Cmp, value: T) -> bool {
        (0..self.len).all(|i| cmp.holds(self.load(i), value))
    }

    /// The first element satisfying `cmp value` now, if any (`shmem_test_any`).
    pub fn test_any(&self, cmp: Cmp, value: T) -> Option<usize> {
        (0..self.len).find(|&i| cmp.holds(self.load(i), value))
    }

    /// Every element satisfying `cmp value` now (`shmem_test_some`).
    pub fn test_some(&self, cmp: Cmp, value: T) -> Vec<usize> {
        (0..self.len)
            .filter(|&i| cmp.holds(self.load(i), value))
            .collect()
    }
}

/// An exclusive view of a symmetric `[T]`, obtainable only from an exclusive borrow of its
/// owner: collectives take their *target* as a `SymSliceMut`, so a target that overlaps the
/// source cannot be written.
pub struct SymSliceMut<'a, T>(SymSlice<'a, T>);

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

// ------------------------------------------------------------------------------------------
// collective targets

/// A symmetric array that a collective may write on this PE: only exclusively borrowed
/// symmetric objects ([`SymVec`], [`SymSliceMut`], [`SymBox`]) implement it, so a local
/// buffer (`Vec`, array) cannot be passed as a remote target, and a target cannot overlap a
/// source borrowed at the same time.
pub trait SymTarget<T: Pod> {
    /// The exclusive view of the whole target.
    fn sym_target(&mut self) -> SymSliceMut<'_, T>;
}

impl<T: Pod> SymTarget<T> for SymSliceMut<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        SymSliceMut(SymSlice::new(self.0.shmem, self.0.offset, self.0.len))
    }
}

impl<T: Pod> SymTarget<T> for SymVec<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        self.as_mut_slice()
    }
}

impl<T: Pod> SymTarget<T> for SymBox<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        SymSliceMut(SymSlice::new(self.view.shmem, self.view.offset, 1))
    }
}

// ------------------------------------------------------------------------------------------
// owners

/// A symmetric array on the symmetric heap, allocated collectively (`shmem_malloc` /
/// `shmem_calloc`) and freed when dropped (`shmem_free`).
///
/// Dropping is local and never waits: the block returns to the heap at the next collective
/// allocation, once every PE has dropped its handle (the allocation checks that they all
/// did, see [`SymVec::new`]), so a PE that is done with the array never stalls the others,
/// and the order in which PEs drop their arrays does not matter.
///
/// Dereferences to [`SymSlice`] for every operation.
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let v = shmem::SymVec::from_fn(&shmem, 3, |i| i as u64 * 10)?;
/// assert_eq!(v.len(), 3);
/// assert_eq!(v.read(2)?, 20);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymVec<'s, T: Pod> {
    view: SymSlice<'s, T>,
    /// The heap block; dropping it frees it.
    _block: Allocation<'s>,
}

impl<T: Pod> std::fmt::Debug for SymVec<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.view.fmt(f)
    }
}

impl<'s, T: Pod> SymVec<'s, T> {
    /// Allocates `len` elements on every PE, each set to `fill`. *Collective*: every PE calls
    /// it with the same `len` and element type, in the same order relative to other
    /// allocations, having dropped the same symmetric objects since the previous allocation.
    ///
    /// # Errors
    /// On every PE, with every heap unchanged: [`Error::ArgumentMismatch`] if the PEs asked
    /// for different lengths or types, or dropped different objects since the previous
    /// allocation; [`Error::HeapExhausted`] if it does not fit (also when `len` elements
    /// overflow the address space).
    pub fn new(shmem: &'s Shmem, len: usize, fill: T) -> Result<Self, Error> {
        SymVec::from_fn(shmem, len, |_| fill)
    }

    /// Allocates `len` zeroed elements on every PE (`shmem_calloc`). *Collective*.
    ///
    /// # Errors
    /// As [`SymVec::new`].
    pub fn zeroed(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        SymVec::from_fn(shmem, len, |_| T::zeroed())
    }

    /// Allocates `len` elements on every PE, element `i` being `f(i)` (computed on each PE for
    /// its own copy). *Collective*.
    ///
    /// # Errors
    /// As [`SymVec::new`].
    pub fn from_fn(
        shmem: &'s Shmem,
        len: usize,
        mut f: impl FnMut(usize) -> T,
    ) -> Result<Self, Error> {
        let t = shmem.rt().transport();
        let me = shmem.my_pe().index();
        let block = shmem.rt().alloc(AllocRequest::array::<T>(len), |offset| {
            // Initial values go into this PE's copy before the allocation's barrier, so every
            // copy is initialized when the call returns on any PE.
            let mut chunk = [T::zeroed(); 64];
            let mut i = 0;
            while i < len {
                let n = (len - i).min(chunk.len());
                for (k, c) in chunk[..n].iter_mut().enumerate() {
                    *c = f(i + k);
                }
                t.put(
                    me,
                    offset + i * size_of::<T>(),
                    bytemuck::cast_slice(&chunk[..n]),
                );
                i += n;
            }
        })?;
        Ok(SymVec {
            view: SymSlice::new(shmem, block.offset(), len),
            _block: block,
        })
    }

    /// An exclusive view of the whole array (for collective targets).
    pub fn as_mut_slice(&mut self) -> SymSliceMut<'_, T> {
        SymSliceMut(SymSlice::new(
            self.view.shmem,
            self.view.offset,
            self.view.len,
        ))
    }

    /// An exclusive view of elements `range`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when the range is not inside the array.
    pub fn slice_mut(
        &mut self,
        range: impl RangeBounds<usize>,
    ) -> Result<SymSliceMut<'_, T>, Error> {
        let (start, len) = range_of(range, self.view.len)?;
        Ok(SymSliceMut(SymSlice::new(
            self.view.shmem,
            self.view.offset + start * size_of::<T>(),
            len,
        )))
    }
}

impl<'s, T: Pod> Deref for SymVec<'s, T> {
    type Target = SymSlice<'s, T>;
    fn deref(&self) -> &SymSlice<'s, T> {
        &self.view
    }
}

/// One symmetric value on the symmetric heap, allocated collectively and freed when dropped
/// (as [`SymVec`]).
///
/// Dereferences to [`Sym`] for `p`/`g`, atomics and waiting.
///
/// # Examples
/// ```
/// use shmem::{Cmp, SymBox};
/// let shmem = shmem::init()?;
/// let counter = SymBox::new(&shmem, 0i64)?;
/// let zero = shmem.pe(0)?;
/// assert_eq!(counter.atomic_fetch_add(zero, 5), 0);
/// assert_eq!(counter.g(zero), 5);
/// assert!(counter.test(Cmp::Eq, 5));
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymBox<'s, T: Pod> {
    view: Sym<'s, T>,
    /// The heap block; dropping it frees it.
    _block: Allocation<'s>,
}

impl<T: Pod> std::fmt::Debug for SymBox<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.view.fmt(f)
    }
}

impl<'s, T: Pod> SymBox<'s, T> {
    /// Allocates one `T` on every PE, set to `value` on each. *Collective*, like
    /// [`SymVec::new`].
    ///
    /// # Errors
    /// As [`SymVec::new`].
    pub fn new(shmem: &'s Shmem, value: T) -> Result<Self, Error> {
        let block = shmem.rt().alloc(AllocRequest::array::<T>(1), |offset| {
            put_value(shmem, shmem.my_pe(), offset, value)
        })?;
        Ok(SymBox {
            view: Sym::new(shmem, block.offset()),
            _block: block,
        })
    }
}

impl<'s, T: Pod> Deref for SymBox<'s, T> {
    type Target = Sym<'s, T>;
    fn deref(&self) -> &Sym<'s, T> {
        &self.view
    }
}
