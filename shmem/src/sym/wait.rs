//! Waiting on many elements of a symmetric array (OpenSHMEM 1.5 §9.10): `wait_until_all`,
//! `_any`, `_some` and their `test_*` and `_vector` forms on [`SymSlice`], the spec's `status`
//! masks as a view ([`MaskedSlice`]); `any` starts where the runtime's fairness rotation for
//! the routine and array (`shmem_core::wait::AnyCursor`) says.
//!
//! Every form is one [`Scan`]: the array, the elements it leaves out, the comparison and the
//! value(s) to compare with. Waits go through the transport's `wait_for` (spin, yield, then
//! sleep on the data doorbell) and publish the same [`WaitSite`] as ever.

use std::mem::size_of;

use shmem_core::Transport;
use shmem_core::wait::{AnyRoutine, WaitKind, WaitSite};

use super::SymSlice;
use crate::handle::Shmem;
use crate::types::{Cmp, WaitType};
use shmem_core::Error;

/// What the elements are compared with: one value for all, or one each (`_vector`).
#[derive(Clone, Copy)]
enum Values<'a, T> {
    One(T),
    Each(&'a [T]),
}

/// One wait or test on this PE's copy of an array.
struct Scan<'a, T> {
    shmem: &'a Shmem,
    offset: usize,
    len: usize,
    /// `exclude[i]`: element `i` takes no part (the spec's nonzero `status[i]`).
    exclude: Option<&'a [bool]>,
    cmp: Cmp,
    values: Values<'a, T>,
}

impl<'a, T: WaitType> Scan<'a, T> {
    /// A scan of `slice`, its lengths checked: [`Error::LengthMismatch`] for `values` or
    /// `exclude` of another length than the array.
    fn new(
        slice: &SymSlice<'a, T>,
        exclude: Option<&'a [bool]>,
        cmp: Cmp,
        values: Values<'a, T>,
    ) -> Result<Scan<'a, T>, Error> {
        if let Values::Each(v) = values {
            check_len("comparison values and array", v.len(), slice.len)?;
        }
        if let Some(e) = exclude {
            check_len("status mask and array", e.len(), slice.len)?;
        }
        Ok(Scan {
            shmem: slice.shmem,
            offset: slice.offset,
            len: slice.len,
            exclude,
            cmp,
            values,
        })
    }

    fn load(&self, i: usize) -> T {
        let w: T::Word = self
            .shmem
            .rt()
            .transport()
            .get_word(self.shmem.my_pe().index(), self.offset + i * size_of::<T>());
        T::from_word(w)
    }

    fn included(&self, i: usize) -> bool {
        self.exclude.is_none_or(|e| !e[i])
    }

    fn holds(&self, i: usize) -> bool {
        let value = match self.values {
            Values::One(v) => v,
            Values::Each(v) => v[i],
        };
        self.cmp.holds(self.load(i), value)
    }

    fn ready(&self, i: usize) -> bool {
        self.included(i) && self.holds(i)
    }

    /// Whether no element takes part (an empty array, or every element excluded): `any` and
    /// `some` then return at once instead of waiting forever.
    fn none_included(&self) -> bool {
        !(0..self.len).any(|i| self.included(i))
    }

    fn site(&self) -> WaitSite {
        WaitSite::new(
            WaitKind::WaitUntilMany,
            [self.offset as u64, self.len as u64, 0, 0],
        )
    }

    fn test_all(&self) -> bool {
        (0..self.len).all(|i| !self.included(i) || self.holds(i))
    }

    /// A public test's answer, after letting the transport progress when it is a failure
    /// (`Transport::poll`: callers loop on tests).
    fn polled<R: Found>(&self, answer: R) -> R {
        if !answer.found() {
            self.shmem.rt().transport().poll();
        }
        answer
    }

    fn wait_all(&self) {
        self.shmem
            .rt()
            .transport()
            .wait_for(self.site(), || self.test_all());
    }

    /// The first ready element from `start` on, wrapping around.
    fn find_from(&self, start: usize) -> Option<usize> {
        (start..self.len).chain(0..start).find(|&i| self.ready(i))
    }

    /// The routine whose rotation an `any` scan follows: `test` or `wait`, one value or each.
    fn routine(&self, test: bool) -> AnyRoutine {
        match (test, self.values) {
            (true, Values::One(_)) => AnyRoutine::Test,
            (false, Values::One(_)) => AnyRoutine::Wait,
            (true, Values::Each(_)) => AnyRoutine::TestVector,
            (false, Values::Each(_)) => AnyRoutine::WaitVector,
        }
    }

    fn test_any(&self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let cursor = self.shmem.rt().any_cursor();
        cursor.scan(self.routine(true), self.offset, self.len, |start| {
            self.find_from(start)
        })
    }

    fn wait_any(&self) -> Option<usize> {
        if self.none_included() {
            return None;
        }
        let cursor = self.shmem.rt().any_cursor();
        cursor.scan(self.routine(false), self.offset, self.len, |start| {
            let mut found = None;
            self.shmem.rt().transport().wait_for(self.site(), || {
                found = self.find_from(start);
                found.is_some()
            });
            found
        })
    }

    fn test_some(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend((0..self.len).filter(|&i| self.ready(i)));
    }

    fn wait_some(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.none_included() {
            return;
        }
        self.shmem.rt().transport().wait_for(self.site(), || {
            self.test_some(out);
            !out.is_empty()
        });
    }
}

fn check_len(what: &'static str, left: usize, right: usize) -> Result<(), Error> {
    if left == right {
        Ok(())
    } else {
        Err(Error::LengthMismatch { what, left, right })
    }
}

/// The wait and test forms, one set for [`SymSlice`] and one for [`MaskedSlice`]: each is one
/// [`Scan`] made by the type's `scan_one` (a value for every element) or `scan` (one value per
/// element, length-checked). "The elements" are those taking part: every element of an
/// array, the included ones of a masked array (a masked `all` returns at once and `any` /
/// `some` give `None` / nothing when every element is excluded).
macro_rules! wait_forms {
    () => {
        /// Waits until every element satisfies `cmp value` (`shmem_wait_until_all`); returns
        /// at once when there is none.
        pub fn wait_until_all(&self, cmp: Cmp, value: T) {
            self.scan_one(cmp, value).wait_all();
        }

        /// Waits until some element satisfies `cmp value` and returns its index
        /// (`shmem_wait_until_any`); `None` when there is none (the spec's `SIZE_MAX`).
        ///
        /// **Fairness.** When several elements satisfy the condition, the scan starts one past
        /// the index this routine last returned on this array (wrapping around), so repeated
        /// calls report every satisfied element in turn: with `k` of them satisfied and
        /// unchanged, `k` successive calls return each of them once. The PE keeps one such
        /// rotation per array (offset and length) and routine (`wait_until_any`, `test_any`
        /// and their `_vector` forms; a masked call shares its array's), for any number of
        /// arrays, and calls on other arrays or of other routines leave it alone.
        pub fn wait_until_any(&self, cmp: Cmp, value: T) -> Option<usize> {
            self.scan_one(cmp, value).wait_any()
        }

        /// Waits until at least one element satisfies `cmp value` and returns the indices of
        /// all that do, in increasing order (`shmem_wait_until_some`); empty when there is
        /// none.
        pub fn wait_until_some(&self, cmp: Cmp, value: T) -> Vec<usize> {
            let mut out = Vec::new();
            self.wait_until_some_into(cmp, value, &mut out);
            out
        }

        /// [`wait_until_some`](Self::wait_until_some) into `out` (cleared first), which keeps
        /// its capacity from call to call: no allocation once it is large enough.
        pub fn wait_until_some_into(&self, cmp: Cmp, value: T, out: &mut Vec<usize>) {
            self.scan_one(cmp, value).wait_some(out);
        }

        /// Whether every element satisfies `cmp value` now (`shmem_test_all`).
        pub fn test_all(&self, cmp: Cmp, value: T) -> bool {
            let scan = self.scan_one(cmp, value);
            scan.polled(scan.test_all())
        }

        /// An element satisfying `cmp value` now, if any (`shmem_test_any`), chosen fairly as
        /// in [`wait_until_any`](Self::wait_until_any).
        pub fn test_any(&self, cmp: Cmp, value: T) -> Option<usize> {
            let scan = self.scan_one(cmp, value);
            scan.polled(scan.test_any())
        }

        /// Every element satisfying `cmp value` now, in increasing order (`shmem_test_some`).
        pub fn test_some(&self, cmp: Cmp, value: T) -> Vec<usize> {
            let mut out = Vec::new();
            self.test_some_into(cmp, value, &mut out);
            out
        }

        /// [`test_some`](Self::test_some) into `out` (cleared first).
        pub fn test_some_into(&self, cmp: Cmp, value: T, out: &mut Vec<usize>) {
            let scan = self.scan_one(cmp, value);
            scan.test_some(out);
            scan.polled(!out.is_empty());
        }

        /// Waits until every element `i` satisfies `cmp values[i]`
        /// (`shmem_wait_until_all_vector`).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array; nothing
        /// is waited for.
        pub fn wait_until_all_vector(&self, cmp: Cmp, values: &[T]) -> Result<(), Error> {
            self.scan(cmp, Values::Each(values))?.wait_all();
            Ok(())
        }

        /// Waits until some element `i` satisfies `cmp values[i]` and returns its index
        /// (`shmem_wait_until_any_vector`), chosen fairly as in
        /// [`wait_until_any`](Self::wait_until_any); `None` when there is none.
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array; nothing
        /// is waited for.
        pub fn wait_until_any_vector(
            &self,
            cmp: Cmp,
            values: &[T],
        ) -> Result<Option<usize>, Error> {
            Ok(self.scan(cmp, Values::Each(values))?.wait_any())
        }

        /// Waits until at least one element `i` satisfies `cmp values[i]` and returns the
        /// indices of all that do, in increasing order (`shmem_wait_until_some_vector`).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array; nothing
        /// is waited for.
        pub fn wait_until_some_vector(&self, cmp: Cmp, values: &[T]) -> Result<Vec<usize>, Error> {
            let mut out = Vec::new();
            self.wait_until_some_vector_into(cmp, values, &mut out)?;
            Ok(out)
        }

        /// [`wait_until_some_vector`](Self::wait_until_some_vector) into `out` (cleared
        /// first).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] as there; `out` is then left as it was.
        pub fn wait_until_some_vector_into(
            &self,
            cmp: Cmp,
            values: &[T],
            out: &mut Vec<usize>,
        ) -> Result<(), Error> {
            self.scan(cmp, Values::Each(values))?.wait_some(out);
            Ok(())
        }

        /// Whether every element `i` satisfies `cmp values[i]` now (`shmem_test_all_vector`).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array.
        pub fn test_all_vector(&self, cmp: Cmp, values: &[T]) -> Result<bool, Error> {
            let scan = self.scan(cmp, Values::Each(values))?;
            Ok(scan.polled(scan.test_all()))
        }

        /// An element `i` satisfying `cmp values[i]` now, if any (`shmem_test_any_vector`),
        /// chosen fairly as in [`wait_until_any`](Self::wait_until_any).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array.
        pub fn test_any_vector(&self, cmp: Cmp, values: &[T]) -> Result<Option<usize>, Error> {
            let scan = self.scan(cmp, Values::Each(values))?;
            Ok(scan.polled(scan.test_any()))
        }

        /// Every element `i` satisfying `cmp values[i]` now, in increasing order
        /// (`shmem_test_some_vector`).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when `values` has another length than the array.
        pub fn test_some_vector(&self, cmp: Cmp, values: &[T]) -> Result<Vec<usize>, Error> {
            let mut out = Vec::new();
            self.test_some_vector_into(cmp, values, &mut out)?;
            Ok(out)
        }

        /// [`test_some_vector`](Self::test_some_vector) into `out` (cleared first).
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] as there; `out` is then left as it was.
        pub fn test_some_vector_into(
            &self,
            cmp: Cmp,
            values: &[T],
            out: &mut Vec<usize>,
        ) -> Result<(), Error> {
            let scan = self.scan(cmp, Values::Each(values))?;
            scan.test_some(out);
            scan.polled(!out.is_empty());
            Ok(())
        }
    };
}

/// The waits and tests on many elements. All of them look at this PE's copy only and are
/// *local* (no other PE takes part); a put, `p` or atomic from another PE into the array wakes
/// a waiter. `any` forms are fair: see [`wait_until_any`](SymSlice::wait_until_any).
impl<'a, T: WaitType> SymSlice<'a, T> {
    /// This array with the elements whose `exclude` entry is `true` left out of every wait and
    /// test (OpenSHMEM's `status` array, where a nonzero entry excludes the element). Indices
    /// the masked forms return are the array's own.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `exclude` has another length than the array.
    ///
    /// # Examples
    /// Handle each flag once, in whatever order they are set:
    /// ```
    /// use shmem::{Cmp, SymVec};
    ///
    /// let shmem = shmem::init()?;
    /// let flags = SymVec::<i32>::zeroed(&shmem, 3)?;
    /// for i in [2, 0, 1] {
    ///     flags.at(i)?.p(shmem.my_pe(), 1); // other PEs would do this
    /// }
    /// let mut done = [false; 3];
    /// let mut handled = 0;
    /// // `None` once every element is excluded
    /// while let Some(i) = flags.masked(&done)?.wait_until_any(Cmp::Eq, 1) {
    ///     assert!(!done[i]);
    ///     done[i] = true;
    ///     handled += 1;
    /// }
    /// assert_eq!(handled, 3);
    /// assert!(matches!(flags.masked(&[true]), Err(shmem::Error::LengthMismatch { .. })));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn masked<'m>(&'m self, exclude: &'m [bool]) -> Result<MaskedSlice<'m, T>, Error> {
        check_len("status mask and array", exclude.len(), self.len)?;
        Ok(MaskedSlice {
            slice: SymSlice::new(self.shmem, self.offset, self.len),
            exclude,
        })
    }

    fn scan<'s>(&'s self, cmp: Cmp, values: Values<'s, T>) -> Result<Scan<'s, T>, Error> {
        Scan::new(self, None, cmp, values)
    }

    fn scan_one(&self, cmp: Cmp, value: T) -> Scan<'_, T> {
        Scan {
            shmem: self.shmem,
            offset: self.offset,
            len: self.len,
            exclude: None,
            cmp,
            values: Values::One(value),
        }
    }

    wait_forms!();
}

/// A symmetric array with some elements left out of its waits and tests: OpenSHMEM's `status`
/// argument (a nonzero `status[i]` excludes element `i`), made by [`SymSlice::masked`], whose
/// `exclude` length it has been checked against.
///
/// Its methods are those of [`SymSlice`] with the excluded elements taking no part:
/// * `all` waits for every included element, and returns at once when every element is
///   excluded;
/// * `any` returns one satisfied included element, fairly (the same rotation as the unmasked array's);
///   `None` when every element is excluded (the spec's `SIZE_MAX`);
/// * `some` returns every satisfied included element (at least one), empty when every element
///   is excluded.
///
/// Returned indices are the array's own.
///
/// # Examples
///
/// A vector wait on an array (element `i` is ready when it holds `expected[i]`), then on the
/// same array with elements left out:
/// ```
/// use shmem::{Cmp, SymVec};
///
/// let shmem = shmem::init()?;
/// let slots = SymVec::<u64>::zeroed(&shmem, 3)?;
/// for (i, v) in [(0, 5), (1, 6)] {
///     slots.at(i)?.p(shmem.my_pe(), v); // other PEs would do this
/// }
/// let expected = [5, 6, 7];
/// assert_eq!(slots.test_some_vector(Cmp::Eq, &expected)?, [0, 1]);
/// assert!(matches!(
///     slots.wait_until_any_vector(Cmp::Eq, &[5, 6]),
///     Err(shmem::Error::LengthMismatch { left: 2, right: 3, .. })
/// ));
/// // element 0 is excluded: only element 1 is both ready and included
/// let masked = slots.masked(&[true, false, false])?;
/// assert_eq!(masked.wait_until_any_vector(Cmp::Eq, &expected)?, Some(1));
/// // everything excluded: nothing to wait for
/// let none = slots.masked(&[true; 3])?;
/// assert_eq!(none.wait_until_any_vector(Cmp::Eq, &expected)?, None);
/// none.wait_until_all_vector(Cmp::Eq, &expected)?; // returns at once
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct MaskedSlice<'a, T> {
    slice: SymSlice<'a, T>,
    exclude: &'a [bool],
}

impl<T> std::fmt::Debug for MaskedSlice<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaskedSlice")
            .field("slice", &self.slice)
            .field("excluded", &self.exclude.iter().filter(|&&x| x).count())
            .finish()
    }
}

impl<'a, T: WaitType> MaskedSlice<'a, T> {
    /// The array, without its mask.
    pub fn slice(&self) -> &SymSlice<'a, T> {
        &self.slice
    }

    /// The mask: `true` for an excluded element.
    pub fn exclude(&self) -> &'a [bool] {
        self.exclude
    }

    fn scan<'s>(&'s self, cmp: Cmp, values: Values<'s, T>) -> Result<Scan<'s, T>, Error> {
        Scan::new(&self.slice, Some(self.exclude), cmp, values)
    }

    fn scan_one(&self, cmp: Cmp, value: T) -> Scan<'_, T> {
        Scan {
            shmem: self.slice.shmem,
            offset: self.slice.offset,
            len: self.slice.len,
            exclude: Some(self.exclude),
            cmp,
            values: Values::One(value),
        }
    }

    wait_forms!();
}

/// Whether a test's answer is a success ([`Scan::polled`]).
trait Found {
    fn found(&self) -> bool;
}

impl Found for bool {
    fn found(&self) -> bool {
        *self
    }
}

impl Found for Option<usize> {
    fn found(&self) -> bool {
        self.is_some()
    }
}
