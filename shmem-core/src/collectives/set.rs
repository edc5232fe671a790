//! Sets of PEs: active sets and teams are both arithmetic progressions of world PE numbers.

/// A set of PEs in arithmetic progression, in world PE numbers: `start, start + stride, ...`,
/// `size` of them. Both active sets and teams are `PeSet`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PeSet {
    start: usize,
    stride: usize,
    size: usize,
}

impl PeSet {
    /// The set `start + i * stride` for `i < size`, if `size > 0`, `stride > 0` (any stride is
    /// accepted for a one-PE set) and the last PE is below `n_pes`.
    pub fn new(start: usize, stride: usize, size: usize, n_pes: usize) -> Option<PeSet> {
        if size == 0 {
            return None;
        }
        let stride = if size == 1 { 1 } else { stride };
        if stride == 0 {
            return None;
        }
        let last = (size - 1).checked_mul(stride)?.checked_add(start)?;
        (last < n_pes).then_some(PeSet {
            start,
            stride,
            size,
        })
    }

    /// Every PE of a job of `n_pes`.
    pub fn world(n_pes: usize) -> PeSet {
        PeSet {
            start: 0,
            stride: 1,
            size: n_pes,
        }
    }

    /// First PE.
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// Distance between consecutive members (1 for a one-PE set).
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Number of members.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// World PE number of member `i`.
    #[inline]
    pub fn pe(&self, i: usize) -> usize {
        debug_assert!(i < self.size);
        self.start + i * self.stride
    }

    /// Index of world PE `pe` in the set, if it is a member.
    #[inline]
    pub fn index_of(&self, pe: usize) -> Option<usize> {
        let d = pe.checked_sub(self.start)?;
        if self.stride == 1 {
            return (d < self.size).then_some(d);
        }
        (d % self.stride == 0 && d / self.stride < self.size).then_some(d / self.stride)
    }

    /// The members with indices `start, start + stride, ...` (`size` of them) of this set, if
    /// they exist.
    pub fn subset(&self, start: usize, stride: usize, size: usize) -> Option<PeSet> {
        let inner = PeSet::new(start, stride, size, self.size)?;
        Some(PeSet {
            start: self.pe(inner.start),
            stride: inner.stride.checked_mul(self.stride)?,
            size,
        })
    }
}
