//! Reduction operators and the element types they are defined on.

use bytemuck::Pod;

/// Integer element types: the bitwise operators are defined on them.
pub trait IntegerElem: Pod {
    /// `a & b`
    fn bit_and(a: Self, b: Self) -> Self;
    /// `a | b`
    fn bit_or(a: Self, b: Self) -> Self;
    /// `a ^ b`
    fn bit_xor(a: Self, b: Self) -> Self;
}

/// Element types of sum and product: the integers, the floats and the complex types
/// ([`Complex32`](super::Complex32), [`Complex64`](super::Complex64)).
pub trait SumProdElem: Pod {
    /// `a + b`, wrapping for integers.
    fn sum(a: Self, b: Self) -> Self;
    /// `a * b`, wrapping for integers.
    fn prod(a: Self, b: Self) -> Self;
}

/// Ordered arithmetic element types (integers and floats): sum and product, and min and max.
pub trait ArithElem: SumProdElem + PartialOrd {}

/// An associative reduction operator on `T`. Members combine contributions in member order,
/// `((x0 op x1) op x2) ...`, so every member gets bit-identical results (floats included).
pub trait ReduceOp<T>: 'static {
    /// Identifies the operator in argument checks.
    const ID: u8;
    /// `a op b`.
    fn apply(a: T, b: T) -> T;
}

/// A reduction operator that scans (`shmem_<op>_inscan`, `shmem_<op>_exscan`) are defined
/// for: it has an identity, which an exclusive scan gives its first member (the sum of no
/// contributions).
pub trait ScanOp<T>: ReduceOp<T> {
    /// `e` such that `e op x == x` for every `x`.
    fn identity() -> T;
}

/// Bitwise and.
#[derive(Debug)]
pub enum And {}
/// Bitwise or.
#[derive(Debug)]
pub enum Or {}
/// Bitwise exclusive or.
#[derive(Debug)]
pub enum Xor {}
/// Sum (wrapping for integers).
#[derive(Debug)]
pub enum Sum {}
/// Product (wrapping for integers).
#[derive(Debug)]
pub enum Prod {}
/// Minimum (`b < a ? b : a`).
#[derive(Debug)]
pub enum Min {}
/// Maximum (`b > a ? b : a`).
#[derive(Debug)]
pub enum Max {}

impl<T: IntegerElem> ReduceOp<T> for And {
    const ID: u8 = 1;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_and(a, b)
    }
}
impl<T: IntegerElem> ReduceOp<T> for Or {
    const ID: u8 = 2;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_or(a, b)
    }
}
impl<T: IntegerElem> ReduceOp<T> for Xor {
    const ID: u8 = 3;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::bit_xor(a, b)
    }
}
impl<T: SumProdElem> ReduceOp<T> for Sum {
    const ID: u8 = 4;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::sum(a, b)
    }
}
impl<T: SumProdElem> ScanOp<T> for Sum {
    /// Zero (all bits clear: `0` for integers, `+0.0` for floats, `+0.0 + 0.0i` for complex
    /// numbers).
    #[inline(always)]
    fn identity() -> T {
        T::zeroed()
    }
}
impl<T: SumProdElem> ReduceOp<T> for Prod {
    const ID: u8 = 5;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        T::prod(a, b)
    }
}
impl<T: ArithElem> ReduceOp<T> for Min {
    const ID: u8 = 6;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        if b < a { b } else { a }
    }
}
impl<T: ArithElem> ReduceOp<T> for Max {
    const ID: u8 = 7;
    #[inline(always)]
    fn apply(a: T, b: T) -> T {
        if b > a { b } else { a }
    }
}

macro_rules! integer_elems {
    ($($t:ty),*) => {$(
        impl IntegerElem for $t {
            #[inline(always)]
            fn bit_and(a: $t, b: $t) -> $t { a & b }
            #[inline(always)]
            fn bit_or(a: $t, b: $t) -> $t { a | b }
            #[inline(always)]
            fn bit_xor(a: $t, b: $t) -> $t { a ^ b }
        }
        impl SumProdElem for $t {
            #[inline(always)]
            fn sum(a: $t, b: $t) -> $t { a.wrapping_add(b) }
            #[inline(always)]
            fn prod(a: $t, b: $t) -> $t { a.wrapping_mul(b) }
        }
        impl ArithElem for $t {}
    )*};
}
integer_elems!(
    i8, u8, i16, u16, i32, u32, i64, u64, i128, u128, isize, usize
);

macro_rules! float_elems {
    ($($t:ty),*) => {$(
        impl SumProdElem for $t {
            #[inline(always)]
            fn sum(a: $t, b: $t) -> $t { a + b }
            #[inline(always)]
            fn prod(a: $t, b: $t) -> $t { a * b }
        }
        impl ArithElem for $t {}
    )*};
}
float_elems!(f32, f64);

/// The name of the operator with [`ReduceOp::ID`] `id` (argument-mismatch messages).
pub(crate) fn op_name(id: u8) -> &'static str {
    match id {
        1 => "and",
        2 => "or",
        3 => "xor",
        4 => "sum",
        5 => "prod",
        6 => "min",
        7 => "max",
        _ => "unknown",
    }
}
