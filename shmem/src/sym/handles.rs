//! Non-blocking operations with per-operation handles that can be stored and waited on later
//! (OpenSHMEM's `_nbi` calls, which C completes only collectively with `shmem_quiet`):
//! [`SymSlice::put_nbi`] / [`SymSlice::get_nbi`] return an [`NbiHandle`] that *owns* its
//! buffer, and the fetching atomics' `_nbi` forms return an [`AmoHandle`].
//!
//! A handle that borrowed its buffer would have to be finished before the borrow ends, and
//! `mem::forget` can end a borrow without running any code: the transport could then write
//! into memory the program reuses. Owning the buffer removes the problem: the buffer comes
//! back from `wait`, dropping the handle waits, and leaking it leaks the buffer too. Passing
//! the returned `Vec` to the next call allocates nothing. (Closure scopes, [`crate::Shmem::nbi`],
//! remain the way to use borrowed buffers.)

use std::fmt;

use bytemuck::Pod;
pub use shmem_core::request::Owned as NbiHandle;
use shmem_core::request::{get_owned, put_owned};

use super::{Sym, SymSlice};
use crate::handle::Pe;
use crate::types::{AmoBitwise, AmoExtended, AmoStandard};
use shmem_core::Error;

/// A refused [`SymSlice::put_nbi`] / [`SymSlice::get_nbi`]: the error and the buffer, handed
/// back untouched.
pub struct NbiRefused<T> {
    /// Why it was refused.
    pub error: Error,
    /// The caller's buffer.
    pub buf: Vec<T>,
}

impl<T> fmt::Debug for NbiRefused<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NbiRefused")
            .field("error", &self.error)
            .field("buf_len", &self.buf.len())
            .finish()
    }
}

impl<T> fmt::Display for NbiRefused<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl<T> std::error::Error for NbiRefused<T> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl<'s, T: Pod> SymSlice<'s, T> {
    /// Starts copying `buf` into `pe`'s copy, from element 0 (`shmem_put_nbi` with a handle):
    /// the handle can be kept and waited on later ([`NbiHandle::wait`] returns `buf`); it is
    /// finished by then, or by any `quiet`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `buf` is longer than the slice, with `buf` handed back
    /// ([`NbiRefused`]); nothing is written.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u64>::zeroed(&shmem, 4)?;
    /// let me = shmem.my_pe();
    /// let mut pending = Vec::new();
    /// pending.push(v.put_nbi(me, vec![1, 2, 3, 4]).map_err(|r| r.error)?);
    /// let buf = pending.pop().unwrap().wait();               // the buffer comes back
    /// let got = v.get_nbi(me, buf).map_err(|r| r.error)?.wait(); // reused: no allocation
    /// assert_eq!(got, [1, 2, 3, 4]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn put_nbi(&self, pe: Pe, buf: Vec<T>) -> Result<NbiHandle<'s, T>, NbiRefused<T>> {
        match self.check(0, buf.len()) {
            Ok(off) => Ok(put_owned(
                self.shmem().rt().transport(),
                pe.index(),
                off,
                buf,
            )),
            Err(error) => Err(NbiRefused { error, buf }),
        }
    }

    /// Starts copying `pe`'s first `buf.len()` elements into `buf` (`shmem_get_nbi` with a
    /// handle); [`NbiHandle::wait`] returns `buf` with the data.
    ///
    /// # Errors
    /// As [`SymSlice::put_nbi`]; nothing is read.
    pub fn get_nbi(&self, pe: Pe, buf: Vec<T>) -> Result<NbiHandle<'s, T>, NbiRefused<T>> {
        match self.check(0, buf.len()) {
            Ok(off) => Ok(get_owned(
                self.shmem().rt().transport(),
                pe.index(),
                off,
                buf,
            )),
            Err(error) => Err(NbiRefused { error, buf }),
        }
    }
}

/// The handle of a non-blocking fetching atomic (`shmem_atomic_fetch_*_nbi`): the fetched
/// value, from [`AmoHandle::wait`]. The atomic is performed when issued on both transports
/// (through MPI: `MPI_Fetch_and_op` and a flush), so the handle holds its result.
#[derive(Clone, Copy, Debug)]
#[must_use = "the fetched value is in the handle"]
pub struct AmoHandle<T>(T);

impl<T> AmoHandle<T> {
    /// Whether the atomic is finished (always, once issued).
    pub fn test(&self) -> bool {
        true
    }

    /// The value the atomic fetched.
    pub fn wait(self) -> T {
        self.0
    }
}

impl<T: AmoExtended> Sym<'_, T> {
    /// `atomic_fetch` with a handle (`shmem_atomic_fetch_nbi`).
    pub fn atomic_fetch_nbi(&self, pe: Pe) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch(pe))
    }

    /// `atomic_swap` with a handle (`shmem_atomic_swap_nbi`).
    pub fn atomic_swap_nbi(&self, pe: Pe, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_swap(pe, value))
    }
}

impl<T: AmoStandard> Sym<'_, T> {
    /// `atomic_compare_swap` with a handle (`shmem_atomic_compare_swap_nbi`).
    pub fn atomic_compare_swap_nbi(&self, pe: Pe, cond: T, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_compare_swap(pe, cond, value))
    }

    /// `atomic_fetch_inc` with a handle (`shmem_atomic_fetch_inc_nbi`).
    pub fn atomic_fetch_inc_nbi(&self, pe: Pe) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch_inc(pe))
    }

    /// `atomic_fetch_add` with a handle (`shmem_atomic_fetch_add_nbi`).
    pub fn atomic_fetch_add_nbi(&self, pe: Pe, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch_add(pe, value))
    }
}

impl<T: AmoBitwise> Sym<'_, T> {
    /// `atomic_fetch_and` with a handle (`shmem_atomic_fetch_and_nbi`).
    pub fn atomic_fetch_and_nbi(&self, pe: Pe, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch_and(pe, value))
    }

    /// `atomic_fetch_or` with a handle (`shmem_atomic_fetch_or_nbi`).
    pub fn atomic_fetch_or_nbi(&self, pe: Pe, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch_or(pe, value))
    }

    /// `atomic_fetch_xor` with a handle (`shmem_atomic_fetch_xor_nbi`).
    pub fn atomic_fetch_xor_nbi(&self, pe: Pe, value: T) -> AmoHandle<T> {
        AmoHandle(self.atomic_fetch_xor(pe, value))
    }
}
