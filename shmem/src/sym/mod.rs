//! Symmetric objects: owned heap allocations ([`SymBox`], [`SymVec`]) and borrowed views
//! ([`Sym`], [`SymSlice`], [`SymSliceMut`], [`MaskedSlice`]) with the one-sided operations on
//! them.
//!
//! A symmetric object exists on every PE at the same symmetric offset; its handle names it on
//! all of them, and each operation says which PE's copy it touches. The handles never give out
//! `&T` or `&[T]` into symmetric memory (another PE may write it at any time): local reads and
//! writes copy values in and out (`read`, `to_vec`, `copy_to`, and `iter`, which copies a chunk
//! at a time). Every view borrows the object it views.
//!
//! One concept per file: `value.rs` ([`Sym`]: one value: p/g, atomics, waits), `slice.rs`
//! ([`SymSlice`], [`SymSliceMut`]: arrays: bulk, strided, element views), `wait.rs` (waits and
//! tests on many elements of a [`SymSlice`]: all/any/some, vector forms, status masks as
//! [`MaskedSlice`]), `target.rs` ([`SymTarget`]: what a collective may write), `owned.rs`
//! ([`SymVec`], [`SymBox`]: the heap allocations that own the memory), `signal.rs`
//! (put-with-signal and the signal operations), `blocked.rs` (block-strided `ibput`/`ibget`),
//! `peer.rs` ([`PeerSlice`]: another PE's mapped copy, `shmem_ptr`), `handles.rs`
//! (non-blocking operations with handles that own their buffers).

mod blocked;
mod handles;
mod lent;
mod owned;
mod peer;
mod signal;
mod slice;
mod target;
mod value;
mod wait;

use std::mem::{align_of, size_of};
use std::ops::{Bound, RangeBounds};

use bytemuck::Pod;
use shmem_core::Transport;

pub(crate) use blocked::{Blocked, check_blocked};
pub use handles::{AmoHandle, NbiHandle, NbiRefused};
pub(crate) use lent::UNAVAILABLE;
pub use lent::{ThreadElem, ThreadSlice};
pub use owned::{AllocHints, SymBox, SymVec};
pub use peer::PeerSlice;
pub use signal::SignalOp;
pub use slice::{SymIter, SymSlice, SymSliceMut};
pub use target::SymTarget;
pub use value::Sym;
pub use wait::MaskedSlice;

use crate::handle::{Pe, Shmem};
use shmem_core::Error;

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

pub(crate) fn range_of(r: impl RangeBounds<usize>, len: usize) -> Result<(usize, usize), Error> {
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
