//! Symmetric arrays lent to threads: [`ThreadSlice`], the view a context's operations take
//! (`SymVec::lend`, `SymBox::lend`, `ThreadStatic::lend`), and its element types. On the
//! floor of the views (`sym`), so that the owners can lend without knowing contexts; the
//! operations on it are the context's ([`crate::ctx`]).

use std::marker::PhantomData;
use std::ops::RangeBounds;

use bytemuck::Pod;
use shmem_core::threads::Lent;
use shmem_core::{Allocation, Error, Word};

use crate::handle::Shmem;
use crate::types::Sealed;

/// Element types a [`ThreadSlice`] holds: the integers of 1 to 8 bytes and `f32`, `f64`,
/// which one atomic instruction moves whole.
pub trait ThreadElem: Pod + Sealed + Send + Sync {
    /// The word the element travels as.
    #[doc(hidden)]
    type Word: Word;
}

macro_rules! thread_elem {
    ($($t:ty => $w:ty),*) => {$( impl ThreadElem for $t { type Word = $w; } )*};
}
impl Sealed for i8 {}
impl Sealed for u8 {}
thread_elem!(i8 => u8, u8 => u8, i16 => u16, u16 => u16, i32 => u32, u32 => u32,
             i64 => u64, u64 => u64, f32 => u32, f64 => u64);
#[cfg(target_pointer_width = "64")]
thread_elem!(isize => u64, usize => u64);

/// A symmetric array lent to threads ([`SymVec::lend`](crate::SymVec::lend),
/// [`SymBox::lend`](crate::SymBox::lend)): `Copy`, `Send + Sync`, used through a [`Ctx`](crate::ctx::Ctx).
/// It borrows the array exclusively for its whole life, so no other view of this process
/// touches those bytes meanwhile; other PEs keep using their own views of the array as usual.
pub struct ThreadSlice<'a, T: ThreadElem> {
    pub(crate) lent: Lent<'a, T::Word>,
    pub(crate) _t: PhantomData<&'a mut [T]>,
}

impl<T: ThreadElem> Clone for ThreadSlice<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: ThreadElem> Copy for ThreadSlice<'_, T> {}

impl<T: ThreadElem> std::fmt::Debug for ThreadSlice<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadSlice")
            .field("len", &self.lent.len())
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'a, T: ThreadElem> ThreadSlice<'a, T> {
    /// Lends the `len` elements at symmetric `offset`, the start of `owner`'s block. `owner` is
    /// the block of the `SymVec` or `SymBox` whose `&'a mut` borrow the caller holds (its
    /// `lend`), so nothing else of this process reaches those bytes for `'a`: no view (they
    /// borrow the owner), no window (`Window::over` borrows it too), no collective (they take
    /// views), and no `SymStatic` (never lent: it stays reachable by name; a `ThreadStatic`
    /// has [`ThreadSlice::of_thread_static`] instead).
    #[allow(unsafe_code)]
    pub(crate) fn lent(
        owner: &'a mut Allocation<'_>,
        shmem: &'a Shmem,
        offset: usize,
        len: usize,
    ) -> Result<Self, Error> {
        assert_eq!(
            offset,
            owner.offset(),
            "a lent array starts its owner's block"
        );
        let path = shmem.rt().thread_path().ok_or(UNAVAILABLE)?;
        Ok(ThreadSlice {
            // SAFETY: the range is `owner`'s array (its block, asserted), which the caller's `&'a
            // mut` borrow of its only owner keeps from every other access of this process for
            // `'a` (above); within `'a` this `Lent` and its copies are the only way to it, all
            // `T::Word`-sized.
            lent: unsafe { Lent::new(path, offset, len) },
            _t: PhantomData,
        })
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.lent.len()
    }

    /// Whether the slice has no elements.
    pub fn is_empty(&self) -> bool {
        self.lent.is_empty()
    }

    /// Elements `range` of this slice.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `range` is not inside the slice.
    pub fn slice(&self, range: impl RangeBounds<usize>) -> Result<ThreadSlice<'a, T>, Error> {
        let (start, len) = super::range_of(range, self.len())?;
        Ok(ThreadSlice {
            lent: self.lent.sub(start, len).expect("checked by range_of"),
            _t: PhantomData,
        })
    }

    /// Checks that elements `start..start + len` are inside.
    #[inline]
    pub(crate) fn check(&self, start: usize, len: usize) -> Result<(), Error> {
        match start.checked_add(len) {
            Some(end) if end <= self.len() => Ok(()),
            _ => Err(Error::OutOfBounds {
                start,
                len,
                object_len: self.len(),
            }),
        }
    }
}

pub(crate) const UNAVAILABLE: Error = Error::ContextsUnavailable {
    why: "a multi-node MPI job reaches its other nodes only through MPI, which runs below \
          MPI_THREAD_MULTIPLE",
};
