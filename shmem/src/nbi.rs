//! Non-blocking RMA with real completion: [`Shmem::nbi`] and [`Nbi`]: puts, gets,
//! put-with-signal and the fetching atomics (`shmem_atomic_fetch_*_nbi`, whose fetched values
//! land in buffers borrowed until the scope ends).

use std::marker::PhantomData;

use bytemuck::Pod;

use crate::handle::{Pe, Shmem};
use crate::sym::{SignalOp, Sym, SymSlice};
use crate::types::{AmoBitwise, AmoExtended, AmoStandard};
use shmem_core::Error;

/// A scope of non-blocking operations (`shmem_put_nbi` / `shmem_get_nbi`).
///
/// The local buffers of the operations stay borrowed until the scope ends, and the scope ends
/// with `quiet`, so a buffer can be neither reused nor read before its operation is complete.
/// The same program is correct on a transport where operations really complete later.
#[derive(Debug)]
pub struct Nbi<'scope, 'env: 'scope> {
    shmem: &'env Shmem,
    _scope: PhantomData<&'scope mut &'scope ()>,
    _env: PhantomData<&'env mut &'env ()>,
}

impl Shmem {
    /// Runs `f` with a scope for non-blocking operations, then completes them all (`quiet`).
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let v = shmem::SymVec::<u8>::zeroed(&shmem, 8)?;
    /// let me = shmem.my_pe();
    /// let src = [7u8; 8];
    /// let mut back = [0u8; 8];
    /// shmem.nbi(|nbi| -> Result<(), shmem::Error> {
    ///     nbi.put(&v, me, &src)?;
    ///     Ok(())
    /// })?;
    /// shmem.nbi(|nbi| nbi.get(&v, me, &mut back))?;
    /// assert_eq!(back, [7; 8]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn nbi<'env, R>(
        &'env self,
        f: impl for<'scope> FnOnce(&'scope Nbi<'scope, 'env>) -> R,
    ) -> R {
        let scope = Nbi {
            shmem: self,
            _scope: PhantomData,
            _env: PhantomData,
        };
        let r = f(&scope);
        self.quiet();
        r
    }
}

impl<'env> Nbi<'_, 'env> {
    /// Starts copying `src` into `pe`'s copy of `target` (`shmem_put_nbi`); `src` stays
    /// borrowed until the scope has completed it.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `src` is longer than `target`.
    #[inline]
    pub fn put<T: Pod>(
        &self,
        target: &SymSlice<'_, T>,
        pe: Pe,
        src: &'env [T],
    ) -> Result<(), Error> {
        target.put(pe, src)
    }

    /// Starts copying `pe`'s copy of `source` into `dst` (`shmem_get_nbi`); `dst` can be read
    /// only after the scope.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `dst` is longer than `source`.
    #[inline]
    pub fn get<T: Pod>(
        &self,
        source: &SymSlice<'_, T>,
        pe: Pe,
        dst: &'env mut [T],
    ) -> Result<(), Error> {
        source.get(pe, dst)
    }

    /// Starts copying this PE's copy of the symmetric `source` into `pe`'s copy of `target`
    /// (`shmem_put_nbi` with a symmetric source).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `source` is longer than `target`.
    #[inline]
    pub fn put_from<T: Pod>(
        &self,
        target: &SymSlice<'_, T>,
        pe: Pe,
        source: &SymSlice<'_, T>,
    ) -> Result<(), Error> {
        target.put_from(pe, source)
    }

    /// Starts copying `pe`'s copy of the symmetric `source` into this PE's copy of `target`
    /// (`shmem_get_nbi` into a symmetric destination).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] when `source` is longer than `target`.
    #[inline]
    pub fn get_from<T: Pod>(
        &self,
        target: &SymSlice<'_, T>,
        pe: Pe,
        source: &SymSlice<'_, T>,
    ) -> Result<(), Error> {
        target.get_from(pe, source)
    }

    /// Starts a put-with-signal (`shmem_put_signal_nbi`): copies `src` into `pe`'s copy of
    /// `target`, then updates `pe`'s copy of `signal` ([`SymSlice::put_signal`]); `src` stays
    /// borrowed until the scope has completed it.
    ///
    /// # Errors
    /// As for [`SymSlice::put_signal`]; nothing is written then.
    #[inline]
    pub fn put_signal<T: Pod>(
        &self,
        target: &SymSlice<'_, T>,
        pe: Pe,
        src: &'env [T],
        signal: &Sym<'_, u64>,
        value: u64,
        op: SignalOp,
    ) -> Result<(), Error> {
        target.put_signal(pe, src, signal, value, op)
    }

    /// Starts an atomic fetch of `pe`'s copy of `target` (`shmem_atomic_fetch_nbi`); the value
    /// lands in `out`, which can be read after the scope.
    #[inline]
    pub fn atomic_fetch<T: AmoExtended>(&self, target: &Sym<'_, T>, pe: Pe, out: &'env mut T) {
        *out = target.atomic_fetch(pe);
    }

    /// Starts an atomic swap (`shmem_atomic_swap_nbi`); the previous value lands in `out`.
    #[inline]
    pub fn atomic_swap<T: AmoExtended>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_swap(pe, value);
    }

    /// Starts an atomic compare-and-swap (`shmem_atomic_compare_swap_nbi`): `value` is
    /// written if the target equals `cond`; the previous value lands in `out`.
    #[inline]
    pub fn atomic_compare_swap<T: AmoStandard>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        cond: T,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_compare_swap(pe, cond, value);
    }

    /// Starts an atomic increment (`shmem_atomic_fetch_inc_nbi`); the previous value lands in
    /// `out`.
    #[inline]
    pub fn atomic_fetch_inc<T: AmoStandard>(&self, target: &Sym<'_, T>, pe: Pe, out: &'env mut T) {
        *out = target.atomic_fetch_inc(pe);
    }

    /// Starts an atomic add (`shmem_atomic_fetch_add_nbi`); the previous value lands in `out`.
    #[inline]
    pub fn atomic_fetch_add<T: AmoStandard>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_fetch_add(pe, value);
    }

    /// Starts an atomic bitwise and (`shmem_atomic_fetch_and_nbi`); the previous value lands
    /// in `out`.
    #[inline]
    pub fn atomic_fetch_and<T: AmoBitwise>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_fetch_and(pe, value);
    }

    /// Starts an atomic bitwise or (`shmem_atomic_fetch_or_nbi`); the previous value lands in
    /// `out`.
    #[inline]
    pub fn atomic_fetch_or<T: AmoBitwise>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_fetch_or(pe, value);
    }

    /// Starts an atomic bitwise xor (`shmem_atomic_fetch_xor_nbi`); the previous value lands
    /// in `out`.
    #[inline]
    pub fn atomic_fetch_xor<T: AmoBitwise>(
        &self,
        target: &Sym<'_, T>,
        pe: Pe,
        value: T,
        out: &'env mut T,
    ) {
        *out = target.atomic_fetch_xor(pe, value);
    }

    /// Completes every operation started so far (`shmem_quiet`) without ending the scope.
    pub fn quiet(&self) {
        self.shmem.quiet();
    }
}
