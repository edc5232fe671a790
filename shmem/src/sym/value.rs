//! [`Sym`]: a view of one symmetric value.

use std::marker::PhantomData;
use std::mem::size_of;

use bytemuck::Pod;
use shmem_core::wait::{WaitKind, WaitSite};
use shmem_core::{AmoOp, Transport};

use super::{SymSlice, get_value, put_value};
use crate::handle::{Pe, Shmem};
use crate::types::{AmoBitwise, AmoExtended, AmoStandard, Cmp, WaitType};

/// A borrowed view of one symmetric `T`: `p`/`g`, atomics and point-to-point waiting.
///
/// Obtain it from a [`SymBox`](super::SymBox) (by deref), from [`SymSlice::at`], or from a `#[symmetric]`
/// static with `STATIC.sym(&shmem)`.
pub struct Sym<'a, T> {
    pub(super) shmem: &'a Shmem,
    pub(super) offset: usize,
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

    /// An atomic whose old value is not needed (completed by the next fence or quiet).
    #[inline(always)]
    fn amo_nofetch(&self, pe: Pe, op: AmoOp<T::Word>) {
        self.shmem
            .rt()
            .transport()
            .amo_nofetch(pe.index(), self.offset, op);
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
    // Out of line, and the fetching instruction (`lock xadd`, its result kept by
    // `black_box`): inlined, or as `lock inc`, the add sat a few instructions before the
    // `quiet` fence that usually follows it, and `amo_add_lat` (add, then quiet) read 0.4-1.3
    // ns slower than at the session's start in 5 of 6 sittings; this form read 0.87-1.01 of
    // it (`bench/ab.sh 24 "2 4"`). A hint for the code's shape only: no result is used.
    #[inline(never)]
    pub fn atomic_add(&self, pe: Pe, value: T) {
        self.amo_nofetch(pe, AmoOp::FetchAdd(value.to_word()));
    }

    /// Increments `pe`'s copy; returns the old value (`shmem_atomic_fetch_inc`).
    #[inline]
    pub fn atomic_fetch_inc(&self, pe: Pe) -> T {
        self.atomic_fetch_add(pe, T::ONE)
    }

    /// Increments `pe`'s copy (`shmem_atomic_inc`).
    #[inline]
    pub fn atomic_inc(&self, pe: Pe) {
        self.amo_nofetch(pe, AmoOp::FetchAdd(T::ONE.to_word()));
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
        self.amo_nofetch(pe, AmoOp::FetchAnd(value.to_word()));
    }
    /// Bitwise or into `pe`'s copy; returns the old value (`shmem_atomic_fetch_or`).
    #[inline]
    pub fn atomic_fetch_or(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchOr(value.to_word()))
    }
    /// Bitwise or into `pe`'s copy (`shmem_atomic_or`).
    #[inline]
    pub fn atomic_or(&self, pe: Pe, value: T) {
        self.amo_nofetch(pe, AmoOp::FetchOr(value.to_word()));
    }
    /// Bitwise xor into `pe`'s copy; returns the old value (`shmem_atomic_fetch_xor`).
    #[inline]
    pub fn atomic_fetch_xor(&self, pe: Pe, value: T) -> T {
        self.amo(pe, AmoOp::FetchXor(value.to_word()))
    }
    /// Bitwise xor into `pe`'s copy (`shmem_atomic_xor`).
    #[inline]
    pub fn atomic_xor(&self, pe: Pe, value: T) {
        self.amo_nofetch(pe, AmoOp::FetchXor(value.to_word()));
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

    /// Whether this PE's copy satisfies `cmp value` now (`shmem_test`). A `false` lets the
    /// transport progress before it returns, so a loop over `test` serves other PEs' atomics
    /// as a wait does.
    #[inline]
    pub fn test(&self, cmp: Cmp, value: T) -> bool {
        let t = self.shmem.rt().transport();
        let w: T::Word = t.get_word(self.shmem.my_pe().index(), self.offset);
        let holds = cmp.holds(T::from_word(w), value);
        if !holds {
            t.poll();
        }
        holds
    }
}
