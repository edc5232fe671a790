//! [`Cyclic`]: the cyclic distribution of a global index space over the PEs.

use std::fmt;

use crate::handle::{Pe, Shmem};

/// The cyclic distribution of global indices over a job's PEs: index `g` lives at local index
/// `g / n_pes` on PE `g % n_pes` (bale's layout, and UPC's default). [`place`](Cyclic::place)
/// maps an index to its PE and local index, [`global`](Cyclic::global) back.
///
/// Fine-grained PGAS programs split an index per remote operation, and a hardware divide
/// costs more than the one-sided operation it addresses on one node (a load or an atomic in
/// the same loop). `place` instead multiplies by a reciprocal computed once. For indices
/// below 2^32, the usual case, the quotient is `⌊m × g / 2^(32 + l)⌋` with `l = ⌈log₂ n⌉`
/// and `m = ⌊2^(32 + l) / n⌋ + 1`, exact for every such `g` (Granlund and Montgomery,
/// *Division by invariant integers using multiplication*, 1994, theorem 4.2: `m × n` lies in
/// `[2^(32 + l), 2^(32 + l) + 2^l]`). Kept as `M = m × 2^(32 - l)`, which fits 64 bits for
/// `n ≥ 2`, it is the high half of one 64 × 64-bit product, `⌊M × g / 2^64⌋`; for one PE
/// the quotient is `g` itself. Larger indices take the divide.
///
/// ```
/// use shmem::Cyclic;
///
/// let shmem = shmem::init()?;
/// let n = shmem.n_pes();
/// let cyclic = Cyclic::new(&shmem);
/// for g in [0, 1, 7, 1000, usize::MAX] {
///     let (pe, i) = cyclic.place(g);
///     assert_eq!((pe.index(), i), (g % n, g / n));
///     assert_eq!(cyclic.global(pe, i), g);
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Cyclic {
    n: usize,
    /// `m × 2^(32 - l)` (above); 0 for one PE.
    m: u64,
}

impl fmt::Debug for Cyclic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cyclic").field("n_pes", &self.n).finish()
    }
}

impl Cyclic {
    /// The cyclic distribution over all of `shmem`'s PEs. Local.
    pub fn new(shmem: &Shmem) -> Cyclic {
        Cyclic::over(shmem.n_pes())
    }

    /// Over `n` PEs (`1 <= n < 2^32`: a job's PE count).
    fn over(n: usize) -> Cyclic {
        debug_assert!(n >= 1 && (n as u64) < 1 << 32);
        let l = n.next_power_of_two().trailing_zeros();
        // For `n >= 2`, `n > 2^(l - 1)`: `M < (2^(32 + l) / n + 1) × 2^(32 - l) <= 2^63 + 2^31`.
        let m = if n == 1 {
            0
        } else {
            (((1u128 << (32 + l)) / n as u128 + 1) << (32 - l)) as u64
        };
        Cyclic { n, m }
    }

    /// The number of PEs.
    pub fn n_pes(&self) -> usize {
        self.n
    }

    /// Where global index `g` lives: its PE (`g % n_pes`) and its index there
    /// (`g / n_pes`).
    #[inline]
    pub fn place(&self, g: usize) -> (Pe, usize) {
        let q = if (g as u64) >> 32 == 0 {
            // The high half of `M × g`, plus `g` itself for one PE (whose `M` is 0).
            let one = 0u64.wrapping_sub(u64::from(self.n == 1));
            ((((self.m as u128) * (g as u128)) >> 64) as u64 + (g as u64 & one)) as usize
        } else {
            g / self.n
        };
        // `g - q * n` is `g % n`, below `n`: a PE of this job.
        (Pe::member(g - q * self.n), q)
    }

    /// The global index of local index `i` on `pe`: `i * n_pes + pe`.
    ///
    /// # Panics
    /// When it does not fit a `usize`.
    #[inline]
    pub fn global(&self, pe: Pe, i: usize) -> usize {
        i.checked_mul(self.n)
            .and_then(|g| g.checked_add(pe.index()))
            .expect("global index overflows usize")
    }
}

#[cfg(test)]
mod tests {
    use super::Cyclic;

    fn check(n: usize, g: usize) {
        let (pe, i) = Cyclic::over(n).place(g);
        assert_eq!((pe.index(), i), (g % n, g / n), "n {n}, g {g}");
    }

    #[test]
    fn place_is_remainder_and_quotient() {
        let edges = [
            0,
            1,
            2,
            3,
            (1 << 31) - 1,
            1 << 31,
            (1 << 32) - 2,
            (1 << 32) - 1,
        ];
        let beyond = [1 << 32, (1 << 32) + 1, usize::MAX - 1, usize::MAX];
        // Every PE count up to 4096 at the edges of the fast path and beyond it, and every
        // index below 600 and a stride through the 32-bit range.
        for n in 1..=4096 {
            for &g in edges.iter().chain(&beyond) {
                check(n, g);
            }
            for g in (0..600).chain((0..u32::MAX as usize).step_by(2_147_489 + n)) {
                check(n, g);
            }
        }
        // The largest PE counts the type takes.
        for n in [(1 << 31) - 1, 1 << 31, (1 << 31) + 1, (1 << 32) - 1] {
            for &g in edges.iter().chain(&beyond) {
                check(n, g);
            }
        }
    }

    #[test]
    fn global_inverts_place() {
        for n in [1, 2, 3, 5, 8, 13, 4096] {
            let c = Cyclic::over(n);
            for g in (0..10_000).chain([u32::MAX as usize, usize::MAX]) {
                let (pe, i) = c.place(g);
                assert_eq!(c.global(pe, i), g);
            }
        }
    }
}
