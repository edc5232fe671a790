//! Complex element types: the reductions table's `complexf` and `complexd` (C `float _Complex`
//! and `double _Complex`), on which OpenSHMEM defines sum and product only.

use std::mem::{align_of, offset_of, size_of};

use bytemuck::{Pod, Zeroable};

use super::ops::SumProdElem;

macro_rules! complex {
    ($($name:ident, $f:ty, $c:literal;)*) => {$(
        #[doc = concat!("A complex number of two `", stringify!($f), "`s, laid out as C `", $c, "`")]
        /// (the real part, then the imaginary part; C11 §6.2.5p13), so that it can live in
        /// symmetric memory next to C code and travel as the spec's element type. Sum and
        /// product reductions are defined on it (`(a+bi)(c+di) = (ac-bd) + (ad+bc)i`); min,
        /// max and the bitwise reductions are not, as in the OpenSHMEM reductions table.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
        #[repr(C)]
        pub struct $name {
            /// The real part.
            pub re: $f,
            /// The imaginary part.
            pub im: $f,
        }

        impl $name {
            /// `re + im·i`.
            #[inline]
            pub const fn new(re: $f, im: $f) -> Self {
                $name { re, im }
            }
        }

        // C `_Complex T` "has the same representation and alignment requirements as an array
        // type containing exactly two elements of the corresponding real type".
        const _: () = assert!(size_of::<$name>() == size_of::<[$f; 2]>());
        const _: () = assert!(align_of::<$name>() == align_of::<[$f; 2]>());
        const _: () = assert!(offset_of!($name, re) == 0 && offset_of!($name, im) == size_of::<$f>());

        impl SumProdElem for $name {
            /// Component-wise sum.
            #[inline(always)]
            fn sum(a: Self, b: Self) -> Self {
                $name::new(a.re + b.re, a.im + b.im)
            }
            /// `(ac - bd) + (ad + bc)i`, evaluated as written (Rust never fuses multiply-adds
            /// on its own), so every member gets the same bits.
            #[inline(always)]
            fn prod(a: Self, b: Self) -> Self {
                $name::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
            }
        }
    )*};
}

complex! {
    Complex32, f32, "float _Complex";
    Complex64, f64, "double _Complex";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_c_complex() {
        let z = Complex64::new(1.5, -2.0);
        assert_eq!(bytemuck::cast::<Complex64, [f64; 2]>(z), [1.5, -2.0]);
        let z = Complex32::new(0.25, 3.0);
        assert_eq!(bytemuck::cast::<Complex32, [f32; 2]>(z), [0.25, 3.0]);
        assert_eq!(Complex32::zeroed(), Complex32::default());
    }

    #[test]
    fn sum_and_product() {
        let (a, b) = (Complex64::new(1.0, 1.0), Complex64::new(2.0, -1.0));
        assert_eq!(Complex64::sum(a, b), Complex64::new(3.0, 0.0));
        // (1 + i)(2 - i) = 2 - i + 2i + 1 = 3 + i
        assert_eq!(Complex64::prod(a, b), Complex64::new(3.0, 1.0));
        let i = Complex32::new(0.0, 1.0);
        assert_eq!(Complex32::prod(i, i), Complex32::new(-1.0, 0.0));
    }
}
