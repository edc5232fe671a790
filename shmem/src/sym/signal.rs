//! Put-with-signal (OpenSHMEM 1.5/1.6): [`SymSlice::put_signal`], [`SignalOp`], and the
//! signal operations of a `Sym<u64>` (`signal_fetch`, `signal_add`, `signal_set`,
//! `signal_wait_until`).
//!
//! A put-with-signal copies data into a PE and then updates a 64-bit signal word there, so
//! that a PE that sees the signal (with `signal_wait_until` or `signal_fetch`) sees the data:
//! one call instead of put, fence, atomic. On shared memory the data is copied, a release
//! fence orders it before the signal's atomic update; through MPI the data is completed at
//! the target (`MPI_Win_flush`) before the atomic. The signal may not overlap the data it
//! announces ([`Error::SignalOverlap`]).

use std::mem::size_of;

use bytemuck::Pod;
use shmem_core::{AmoOp, Transport};

use super::{Sym, SymSlice};
use crate::handle::Pe;
use crate::types::Cmp;
use shmem_core::Error;

/// How a put-with-signal updates its signal (`SHMEM_SIGNAL_SET`, `SHMEM_SIGNAL_ADD`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignalOp {
    /// The signal becomes the value (`SHMEM_SIGNAL_SET`).
    Set,
    /// The value is added to the signal, atomically, wrapping (`SHMEM_SIGNAL_ADD`).
    Add,
}

impl<T: Pod> SymSlice<'_, T> {
    /// Copies `src` into `pe`'s copy of this slice (from element 0), then updates `pe`'s copy
    /// of `signal` with `value` by `op` (`shmem_put_signal`): a PE that observes the signal's
    /// new value also observes the data. One-sided; the signal update is atomic with respect
    /// to every other signal operation and atomic on that word.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than the slice; [`Error::SignalOverlap`]
    /// when the signal lies inside the data's target range. Nothing is written then.
    ///
    /// # Examples
    /// ```
    /// use shmem::{Cmp, SignalOp, SymBox, SymVec};
    ///
    /// let shmem = shmem::init()?;
    /// let data = SymVec::<u32>::zeroed(&shmem, 4)?;
    /// let flag = SymBox::<u64>::new(&shmem, 0)?;
    /// let me = shmem.my_pe();
    /// let right = shmem.pe_wrapping(me.index() + 1);
    /// data.put_signal(right, &[1, 2, 3, 4], &flag, 1, SignalOp::Add)?;
    /// flag.signal_wait_until(Cmp::Ge, 1);   // the left neighbour's data is here
    /// assert_eq!(data.to_vec(), [1, 2, 3, 4]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn put_signal(
        &self,
        pe: Pe,
        src: &[T],
        signal: &Sym<'_, u64>,
        value: u64,
        op: SignalOp,
    ) -> Result<(), Error> {
        let off = self.check(0, src.len())?;
        let bytes = size_of_val(src);
        let sig = signal.offset();
        if sig < off + bytes && off < sig + size_of::<u64>() {
            return Err(Error::SignalOverlap {
                signal: sig,
                start: off,
                len: bytes,
            });
        }
        let t = self.shmem().rt().transport();
        t.put(pe.index(), off, bytemuck::cast_slice(src));
        // Orders the data before the signal (and completes it first through MPI).
        t.fence();
        signal.update(pe, value, op);
        Ok(())
    }
}

impl Sym<'_, u64> {
    /// `op` with `value` on `pe`'s copy of this signal.
    #[inline]
    fn update(&self, pe: Pe, value: u64, op: SignalOp) {
        let op = match op {
            SignalOp::Set => AmoOp::Set(value),
            SignalOp::Add => AmoOp::FetchAdd(value),
        };
        self.shmem()
            .rt()
            .transport()
            .amo::<u64>(pe.index(), self.offset(), op);
    }

    /// This PE's copy of the signal, read atomically (`shmem_signal_fetch`).
    #[inline]
    pub fn signal_fetch(&self) -> u64 {
        let t = self.shmem().rt().transport();
        t.amo::<u64>(t.my_pe(), self.offset(), AmoOp::Fetch)
    }

    /// Adds `value` to `pe`'s copy of the signal, atomically (`shmem_signal_add`).
    #[inline]
    pub fn signal_add(&self, pe: Pe, value: u64) {
        self.update(pe, value, SignalOp::Add);
    }

    /// Sets `pe`'s copy of the signal to `value`, atomically (`shmem_signal_set`).
    #[inline]
    pub fn signal_set(&self, pe: Pe, value: u64) {
        self.update(pe, value, SignalOp::Set);
    }

    /// [`signal_set`](Sym::signal_set) that the next fence or quiet of this PE completes,
    /// as a put: off the node an `MPI_Accumulate`, where `signal_set` is a fetching atomic
    /// that waits for the target. For the conveyor, which completes its signals itself.
    #[inline]
    pub(crate) fn signal_set_nbi(&self, pe: Pe, value: u64) {
        self.shmem().rt().transport().amo_nofetch::<u64>(
            pe.index(),
            self.offset(),
            AmoOp::Set(value),
        );
    }

    /// Waits until this PE's copy of the signal satisfies `cmp value`, and returns the value
    /// that did (`shmem_signal_wait_until`): spins briefly, yields, then sleeps until a signal
    /// update wakes it. The data of every put-with-signal whose update was seen is visible.
    #[inline]
    pub fn signal_wait_until(&self, cmp: Cmp, value: u64) -> u64 {
        self.wait_until(cmp, value)
    }
}
