//! Direct access to another PE's copy (OpenSHMEM `shmem_ptr`, `shmem_team_ptr`,
//! `shmem_addr_accessible`): [`SymSlice::peer`] and [`PeerSlice`].
//!
//! `shmem_ptr` returns a plain pointer to a peer's copy when the peer's memory is mapped into
//! this process, so that the program can load and store it directly. A raw pointer into
//! memory that other processes write at any time cannot be handed to safe Rust as `&[T]`;
//! what the program wants from it, loads and stores without a library call in between, is
//! what a [`PeerSlice`] gives: its `read`/`write`/`copy_*` are single-copy-atomic loads and
//! stores (volatile vector copies for bulk) into the mapped memory, under the same rules as
//! this PE's own copy (`SymSlice::read`/`write`). `peer` is `None` where the memory is not
//! mapped (a PE on another node of a multi-node MPI job), as `shmem_ptr` returns `NULL`.

use bytemuck::Pod;

use super::SymSlice;
use crate::handle::Pe;
use shmem_core::Error;

/// Another PE's copy of a symmetric array, mapped into this process ([`SymSlice::peer`]):
/// loads and stores of its elements. Borrows the array.
#[derive(Debug)]
pub struct PeerSlice<'a, T> {
    slice: SymSlice<'a, T>,
    pe: Pe,
}

impl<T: Pod> SymSlice<'_, T> {
    /// `pe`'s copy of this array as directly addressable memory (`shmem_ptr`;
    /// `shmem_team_ptr` with `team_pe.world()`), or `None` when `pe`'s memory is not mapped
    /// here (another node of an MPI job; every PE of a `shmemrun` job is mapped).
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u32>::zeroed(&shmem, 4)?;
    /// let right = shmem.pe_wrapping(shmem.my_pe().index() + 1);
    /// if let Some(p) = v.peer(right) {
    ///     p.write(2, 7)?;                      // a store into the neighbour's copy
    ///     assert_eq!(p.read(2)?, 7);
    /// }
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn peer(&self, pe: Pe) -> Option<PeerSlice<'_, T>> {
        self.shmem()
            .rt()
            .transport()
            .maps(pe.index())
            .then(|| PeerSlice {
                slice: SymSlice::new(self.shmem(), self.offset(), self.len()),
                pe,
            })
    }

    /// Whether this array can be accessed on `pe` (`shmem_addr_accessible`): `pe` is a PE of
    /// the job (a `SymSlice` is symmetric by construction).
    pub fn addr_accessible(&self, pe: usize) -> bool {
        self.shmem().pe_accessible(pe)
    }
}

impl<T: Pod> PeerSlice<'_, T> {
    /// The PE whose copy this is.
    pub fn pe(&self) -> Pe {
        self.pe
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.slice.len()
    }

    /// Whether the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.slice.is_empty()
    }

    /// Loads element `i` (one atomic load for words).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `i >= len`.
    #[inline]
    pub fn read(&self, i: usize) -> Result<T, Error> {
        Ok(self.slice.at(i)?.g(self.pe))
    }

    /// Stores `value` into element `i` (one atomic store for words).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `i >= len`.
    #[inline]
    pub fn write(&self, i: usize, value: T) -> Result<(), Error> {
        self.slice.at(i)?.p(self.pe, value);
        Ok(())
    }

    /// Copies the first `dst.len()` elements into `dst`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `dst` is longer than the array.
    #[inline]
    pub fn copy_to(&self, dst: &mut [T]) -> Result<(), Error> {
        self.slice.get(self.pe, dst)
    }

    /// Overwrites the first `src.len()` elements with `src`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than the array.
    #[inline]
    pub fn copy_from(&self, src: &[T]) -> Result<(), Error> {
        self.slice.put(self.pe, src)
    }
}
