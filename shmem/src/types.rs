//! Which types may do what: sealed traits that encode the spec's type tables.
//!
//! * Anything in symmetric memory is [`bytemuck::Pod`] (every bit pattern valid, no padding, no
//!   pointers), so a remote write can never create an invalid value.
//! * [`AmoExtended`] (fetch, set, swap): the spec's extended AMO types (OpenSHMEM 1.5 §9.8,
//!   Table 6): 32- and 64-bit integers and floating point.
//! * [`AmoStandard`] (+ compare-swap, fetch-add, add, fetch-inc, inc): integers only.
//! * [`AmoBitwise`] (and, or, xor): the fixed-width and unsigned integers (`i32`, `i64`, `u32`,
//!   `u64`), never floats: `x.fetch_or(pe, 1.0)` does not compile.
//! * [`WaitType`] (`wait_until`, `test`): the point-to-point synchronization types (Table 10).

use bytemuck::Pod;
use shmem_core::{AmoWord, Word};

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// Types with remote fetch, set and swap (OpenSHMEM's *extended* AMO types).
pub trait AmoExtended: Pod + Sealed {
    /// The word the value travels as.
    #[doc(hidden)]
    type Word: AmoWord;
    #[doc(hidden)]
    fn to_word(self) -> Self::Word;
    #[doc(hidden)]
    fn from_word(w: Self::Word) -> Self;
}

/// Integer types with remote compare-swap, add and increment (*standard* AMO types).
pub trait AmoStandard: AmoExtended {
    #[doc(hidden)]
    const ONE: Self;
}

/// Integer types with remote and, or, xor (*bitwise* AMO types).
pub trait AmoBitwise: AmoStandard {}

/// Types that `wait_until` and `test` accept (point-to-point synchronization types).
pub trait WaitType: Pod + PartialOrd + Sealed {
    #[doc(hidden)]
    type Word: Word;
    #[doc(hidden)]
    fn from_word(w: Self::Word) -> Self;
}

macro_rules! amo {
    ($($t:ty => $w:ty),*) => {$(
        impl Sealed for $t {}
        impl AmoExtended for $t {
            type Word = $w;
            #[inline(always)]
            fn to_word(self) -> $w { bytemuck::cast(self) }
            #[inline(always)]
            fn from_word(w: $w) -> $t { bytemuck::cast(w) }
        }
    )*};
}
amo!(i32 => u32, u32 => u32, i64 => u64, u64 => u64, f32 => u32, f64 => u64);
#[cfg(target_pointer_width = "64")]
amo!(isize => u64, usize => u64);

macro_rules! standard {
    ($($t:ty),*) => {$( impl AmoStandard for $t { const ONE: $t = 1; } )*};
}
standard!(i32, u32, i64, u64, isize, usize);
impl AmoBitwise for i32 {}
impl AmoBitwise for u32 {}
impl AmoBitwise for i64 {}
impl AmoBitwise for u64 {}

macro_rules! wait_type {
    ($($t:ty => $w:ty),*) => {$(
        impl WaitType for $t {
            type Word = $w;
            #[inline(always)]
            fn from_word(w: $w) -> $t { bytemuck::cast(w) }
        }
    )*};
}
impl Sealed for i16 {}
impl Sealed for u16 {}
wait_type!(i16 => u16, u16 => u16, i32 => u32, u32 => u32, i64 => u64, u64 => u64);
#[cfg(target_pointer_width = "64")]
wait_type!(isize => u64, usize => u64);

/// Comparison for `wait_until` and `test` (`SHMEM_CMP_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `SHMEM_CMP_EQ`
    Eq,
    /// `SHMEM_CMP_NE`
    Ne,
    /// `SHMEM_CMP_GT`
    Gt,
    /// `SHMEM_CMP_GE`
    Ge,
    /// `SHMEM_CMP_LT`
    Lt,
    /// `SHMEM_CMP_LE`
    Le,
}

impl Cmp {
    /// Whether `ivar cmp value` holds.
    #[inline]
    pub fn holds<T: PartialOrd>(self, ivar: T, value: T) -> bool {
        match self {
            Cmp::Eq => ivar == value,
            Cmp::Ne => ivar != value,
            Cmp::Gt => ivar > value,
            Cmp::Ge => ivar >= value,
            Cmp::Lt => ivar < value,
            Cmp::Le => ivar <= value,
        }
    }
}
