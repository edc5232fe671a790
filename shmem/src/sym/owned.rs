//! [`SymVec`] and [`SymBox`]: symmetric heap allocations, the owners every view borrows.

use std::mem::size_of;
use std::ops::{Deref, RangeBounds};

use bytemuck::Pod;
use shmem_core::collectives::Refusal;
use shmem_core::{AllocRequest, Allocation, Transport};

use super::{Sym, SymIter, SymSlice, SymSliceMut, put_value, range_of};
use crate::handle::Shmem;
use crate::sym::{ThreadElem, ThreadSlice};
use shmem_core::Error;

/// Usage hints for [`SymVec::zeroed_with_hints`] (`SHMEM_MALLOC_ATOMICS_REMOTE`,
/// `SHMEM_MALLOC_SIGNAL_REMOTE`); combine with `|`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AllocHints(u8);

impl AllocHints {
    /// No hint.
    pub const NONE: AllocHints = AllocHints(0);
    /// The memory will mostly be the target of remote atomics.
    pub const ATOMICS_REMOTE: AllocHints = AllocHints(1);
    /// The memory will mostly hold signals of put-with-signal.
    pub const SIGNAL_REMOTE: AllocHints = AllocHints(2);

    /// Whether every hint of `other` is in `self`.
    pub fn contains(self, other: AllocHints) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for AllocHints {
    type Output = AllocHints;
    fn bitor(self, rhs: AllocHints) -> AllocHints {
        AllocHints(self.0 | rhs.0)
    }
}

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
    /// A zero-size array (`len` 0, or a zero-sized `T`) takes no heap space (OpenSHMEM 1.5)
    /// but is collective too: a PE that asks for 0 bytes while another asks for more gets
    /// the same [`Error::ArgumentMismatch`] as every PE.
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

    /// Allocates `len` zeroed elements on every PE with element 0 at a multiple of `align`
    /// bytes (`shmem_align`). *Collective*: every PE passes the same `len` and `align`.
    ///
    /// # Errors
    /// As [`SymVec::new`] (different alignments are an [`Error::ArgumentMismatch`]), and
    /// [`Error::InvalidStride`] on every PE when `align` is not a power of two
    /// ([`Error::Refused`] around it where only some PEs passed one).
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u8>::zeroed_aligned(&shmem, 10, 4096)?;
    /// assert_eq!(v.offset() % 4096, 0);
    /// assert!(shmem::SymVec::<u8>::zeroed_aligned(&shmem, 10, 3).is_err());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn zeroed_aligned(shmem: &'s Shmem, len: usize, align: usize) -> Result<Self, Error> {
        let mut req = AllocRequest::array::<T>(len);
        if align.is_power_of_two() {
            req.align = req.align.max(align);
        } else {
            req.refusal = Some(Refusal::InvalidStride {
                what: "an alignment must be a power of two",
            });
        }
        // Compared across PEs even when below the element's own alignment.
        req.param = align as u64;
        SymVec::alloc_zeroed(shmem, len, req)
    }

    /// Allocates `len` zeroed elements on every PE, with usage hints
    /// (`shmem_malloc_with_hints`). Hints are advice: on one node every symmetric word
    /// already takes remote atomics and signals at memory speed, so they change nothing there
    /// (a network transport could place such memory where the NIC's atomics reach it).
    /// *Collective*: every PE passes the same `len` and hints.
    ///
    /// # Errors
    /// As [`SymVec::new`] (different hints are an [`Error::ArgumentMismatch`]).
    pub fn zeroed_with_hints(
        shmem: &'s Shmem,
        len: usize,
        hints: AllocHints,
    ) -> Result<Self, Error> {
        let mut req = AllocRequest::array::<T>(len);
        req.param = u64::from(hints.0) << 48;
        SymVec::alloc_zeroed(shmem, len, req)
    }

    fn alloc_zeroed(shmem: &'s Shmem, len: usize, req: AllocRequest) -> Result<Self, Error> {
        let t = shmem.rt().transport();
        let me = shmem.my_pe().index();
        let bytes = len.saturating_mul(size_of::<T>());
        let block = shmem.rt().alloc(req, |offset| {
            let zeros = [0u8; 4096];
            let mut at = 0;
            while at < bytes {
                let k = (bytes - at).min(zeros.len());
                t.put(me, offset + at, &zeros[..k]);
                at += k;
            }
        })?;
        Ok(SymVec {
            view: SymSlice::new(shmem, block.offset(), len),
            _block: block,
        })
    }

    /// Changes the length to `new_len` on every PE (`shmem_realloc`): the first
    /// `min(len, new_len)` elements of each PE's copy are kept, new ones are `fill`. The array
    /// moves to a new block (its offset changes); views cannot outlive the call (it takes
    /// `&mut self`). *Collective*: every PE passes the same `new_len`. Each PE copies its own
    /// elements before the allocation's closing round, so no PE can write into the new block
    /// before the copy is done.
    ///
    /// # Errors
    /// As [`SymVec::new`]; the array is unchanged on every PE then.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let mut v = shmem::SymVec::from_fn(&shmem, 3, |i| i as u32 + 1)?;
    /// v.resize(5, 9)?;
    /// assert_eq!(v.to_vec(), [1, 2, 3, 9, 9]);
    /// v.resize(2, 0)?;
    /// assert_eq!(v.to_vec(), [1, 2]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn resize(&mut self, new_len: usize, fill: T) -> Result<(), Error> {
        let shmem = self.view.shmem;
        let t = shmem.rt().transport();
        let me = shmem.my_pe().index();
        let (old, keep) = (self.view.offset, self.view.len.min(new_len));
        let size = size_of::<T>();
        let mut req = AllocRequest::array::<T>(new_len);
        // A resize, compared with the other PEs' calls (not an allocation of the same size).
        req.param = 1 << 63;
        let block = shmem.rt().alloc(req, |offset| {
            t.copy(me, offset, me, old, keep * size);
            for i in keep..new_len {
                put_value(shmem, shmem.my_pe(), offset + i * size, fill);
            }
        })?;
        self.view = SymSlice::new(shmem, block.offset(), new_len);
        self._block = block; // the old block is freed (deferred, as a drop)
        Ok(())
    }

    /// Lends the array to threads ([`ThreadSlice`], used through a [`Ctx`](crate::Ctx)):
    /// borrowed exclusively until the lent slice and its copies are gone.
    ///
    /// # Errors
    /// [`Error::ContextsUnavailable`] in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (see [`crate::ctx`]).
    pub fn lend(&mut self) -> Result<ThreadSlice<'_, T>, Error>
    where
        T: ThreadElem,
    {
        ThreadSlice::lent(
            &mut self._block,
            self.view.shmem,
            self.view.offset,
            self.view.len,
        )
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

impl<'v, T: Pod> IntoIterator for &'v SymVec<'_, T> {
    type Item = T;
    type IntoIter = SymIter<'v, T>;
    /// [`SymSlice::iter`]: this PE's own elements, by value.
    fn into_iter(self) -> SymIter<'v, T> {
        self.view.iter()
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

impl<T: Pod> SymBox<'_, T> {
    /// Lends the value to threads as a one-element [`ThreadSlice`] (element 0), borrowed
    /// exclusively like [`SymVec::lend`].
    ///
    /// # Errors
    /// [`Error::ContextsUnavailable`] in a multi-node MPI job whose MPI runs below
    /// `MPI_THREAD_MULTIPLE` (see [`crate::ctx`]).
    pub fn lend(&mut self) -> Result<ThreadSlice<'_, T>, Error>
    where
        T: ThreadElem,
    {
        ThreadSlice::lent(&mut self._block, self.view.shmem, self.view.offset, 1)
    }
}

impl<'s, T: Pod> Deref for SymBox<'s, T> {
    type Target = Sym<'s, T>;
    fn deref(&self) -> &Sym<'s, T> {
        &self.view
    }
}
