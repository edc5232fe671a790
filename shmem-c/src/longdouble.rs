//! C's `long double` (x86-64: the x87 80-bit extended format in 16 bytes) for the collectives:
//! moved as bytes, combined with x87 instructions, since Rust has no type for it.
//!
//! The reductions' combine runs `fld`/`fadd`/`fmul`/`fucomip` on the two operands' first 10
//! bytes, so sums, products and comparisons round and order exactly as C's `long double`
//! arithmetic does (the x87 precision control is the ABI's 64-bit mantissa), and a result
//! is bit-identical on every member (the core combines in member order). The 6 padding bytes
//! of a result are zero.

use std::arch::asm;
use std::cmp::Ordering;

use bytemuck::{Pod, Zeroable};
use shmem_core::collectives::{ArithElem, SumProdElem};

/// One C `long double`: 16 bytes, 16-aligned (the System V x86-64 ABI), of which the first 10
/// are the x87 extended value.
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
#[repr(C, align(16))]
pub struct LongDouble([u8; 16]);

/// `a OP b` through the x87 stack: `fld a`, `fld b`, `OP`, `fstp out`.
macro_rules! x87_binary {
    ($name:ident, $op:literal) => {
        #[inline]
        fn $name(a: &LongDouble, b: &LongDouble) -> LongDouble {
            let mut out = LongDouble::default();
            // SAFETY: `a` and `b` are valid for reading 16 bytes and `out` for writing 16
            // (10 are read or written); the two values pushed are popped again (the x87
            // stack is empty before and after, as the ABI requires around calls), and the
            // registers used are declared clobbered. Any 80-bit pattern loads (unsupported
            // encodings load as NaN).
            unsafe {
                asm!(
                    "fld tbyte ptr [{a}]",
                    "fld tbyte ptr [{b}]",
                    $op,
                    "fstp tbyte ptr [{o}]",
                    a = in(reg) a.0.as_ptr(),
                    b = in(reg) b.0.as_ptr(),
                    o = in(reg) out.0.as_mut_ptr(),
                    out("st(0)") _,
                    out("st(1)") _,
                    options(nostack),
                );
            }
            out
        }
    };
}

x87_binary!(add, "faddp st(1), st");
x87_binary!(mul, "fmulp st(1), st");

/// `a` against `b` as C compares `long double`s: `None` when either is a NaN.
fn compare(a: &LongDouble, b: &LongDouble) -> Option<Ordering> {
    let (below, equal, unordered): (u8, u8, u8);
    // SAFETY: as in `x87_binary!`: 10 bytes read from each operand, both values popped
    // (`fucomip` pops one, `fstp st(0)` the other), registers declared clobbered; the flags
    // are read by `setcc` into byte registers.
    unsafe {
        asm!(
            "fld tbyte ptr [{b}]",
            "fld tbyte ptr [{a}]",
            "fucomip st, st(1)",
            "fstp st(0)",
            "setb {below}",
            "sete {equal}",
            "setp {unordered}",
            a = in(reg) a.0.as_ptr(),
            b = in(reg) b.0.as_ptr(),
            below = out(reg_byte) below,
            equal = out(reg_byte) equal,
            unordered = out(reg_byte) unordered,
            out("st(0)") _,
            out("st(1)") _,
            options(nostack),
        );
    }
    match (unordered, below, equal) {
        (1, _, _) => None,
        (_, 1, _) => Some(Ordering::Less),
        (_, _, 1) => Some(Ordering::Equal),
        _ => Some(Ordering::Greater),
    }
}

impl PartialEq for LongDouble {
    /// C's `==`: by value (`-0.0 == 0.0`, a NaN equals nothing), not by bytes.
    fn eq(&self, other: &Self) -> bool {
        compare(self, other) == Some(Ordering::Equal)
    }
}

impl PartialOrd for LongDouble {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        compare(self, other)
    }
}

impl SumProdElem for LongDouble {
    #[inline]
    fn sum(a: Self, b: Self) -> Self {
        add(&a, &b)
    }
    #[inline]
    fn prod(a: Self, b: Self) -> Self {
        mul(&a, &b)
    }
}

impl ArithElem for LongDouble {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The x87 extended encoding of `m * 2^(e - 63)` for a 64-bit mantissa `m` with its top
    /// bit set (the format's explicit integer bit), positive.
    fn ld(m: u64, e: i32) -> LongDouble {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&m.to_le_bytes());
        b[8..10].copy_from_slice(&((16383 + e) as u16).to_le_bytes());
        LongDouble(b)
    }

    #[test]
    fn arithmetic_keeps_64_bits_of_mantissa() {
        let one = ld(1 << 63, 0);
        let tiny = ld(1 << 63, -60); // 2^-60: lost in a double's 53 bits, kept here
        let sum = LongDouble::sum(one, tiny);
        assert_eq!(sum.0, ld((1 << 63) | (1 << 3), 0).0);
        assert!(sum > one);
        assert!(one < sum);
        assert!(sum != one);
        let two = ld(1 << 63, 1);
        assert_eq!(LongDouble::prod(sum, two).0, ld((1 << 63) | (1 << 3), 1).0);
        assert_eq!(LongDouble::sum(one, one).0, two.0);
    }

    #[test]
    fn comparisons_follow_c() {
        let (one, two) = (ld(1 << 63, 0), ld(1 << 63, 1));
        let mut neg = two;
        neg.0[9] |= 0x80;
        let mut nan = LongDouble::default();
        nan.0[7] = 0xc0;
        nan.0[8] = 0xff;
        nan.0[9] = 0x7f;
        assert_eq!(one.partial_cmp(&two), Some(Ordering::Less));
        assert_eq!(two.partial_cmp(&one), Some(Ordering::Greater));
        assert_eq!(neg.partial_cmp(&one), Some(Ordering::Less));
        assert_eq!(one.partial_cmp(&nan), None);
        assert!(nan != nan);
        let mut neg_zero = LongDouble::default();
        neg_zero.0[9] = 0x80;
        assert!(neg_zero == LongDouble::default());
    }
}
