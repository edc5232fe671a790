//! The accumulate operators (`MPI_Op`), as types bound to the element types they are defined
//! on: [`Sum`] and [`Prod`] on integers, floats and complex numbers ([`SumProdReduce`]);
//! [`Min`] and [`Max`] on integers and floats; [`Band`], [`Bor`] and [`Bxor`] on
//! integers only; [`Replace`] and [`NoOp`] on every element type.

use shmem_core::collectives::{And, Max as MaxOp, Min as MinOp, Or, Prod as ProdOp};
use shmem_core::collectives::{ReduceOp, Sum as SumOp, Xor};

use crate::collectives::{ArithmeticReduce, BitwiseReduce, SumProdReduce};

/// An accumulate operator on `T`: the target's new value from its old one and the
/// origin's. Sealed.
pub trait AccumulateOp<T>: Copy + sealed::Sealed {
    /// `target op origin`.
    fn apply(self, target: T, origin: T) -> T;
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! ops {
    ($($name:ident, $core:ty, $bound:ident, $what:literal;)*) => {$(
        #[doc = concat!("`", $what, "`.")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name;
        impl sealed::Sealed for $name {}
        impl<T: $bound> AccumulateOp<T> for $name {
            #[inline]
            fn apply(self, target: T, origin: T) -> T {
                <$core as ReduceOp<T>>::apply(target, origin)
            }
        }
    )*};
}
ops! {
    Sum, SumOp, SumProdReduce, "MPI_SUM (wrapping for integers)";
    Prod, ProdOp, SumProdReduce, "MPI_PROD (wrapping for integers)";
    Min, MinOp, ArithmeticReduce, "MPI_MIN";
    Max, MaxOp, ArithmeticReduce, "MPI_MAX";
    Band, And, BitwiseReduce, "MPI_BAND";
    Bor, Or, BitwiseReduce, "MPI_BOR";
    Bxor, Xor, BitwiseReduce, "MPI_BXOR";
}

/// `MPI_REPLACE`: the target takes the origin's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replace;
impl sealed::Sealed for Replace {}
impl<T: bytemuck::Pod> AccumulateOp<T> for Replace {
    #[inline]
    fn apply(self, _target: T, origin: T) -> T {
        origin
    }
}

/// `MPI_NO_OP`: the target keeps its value (with `get_accumulate`: an atomic read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoOp;
impl sealed::Sealed for NoOp {}
impl<T: bytemuck::Pod> AccumulateOp<T> for NoOp {
    #[inline]
    fn apply(self, target: T, _origin: T) -> T {
        target
    }
}
