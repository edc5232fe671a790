//! Sets of PEs: active sets and teams are both arithmetic progressions of world PE numbers.

/// A set of PEs in arithmetic progression, in world PE numbers: `start, start + stride, ...`,
/// `size` of them, numbered in that order. Both active sets and teams are `PeSet`s. The
/// stride may be negative (OpenSHMEM 1.6 lets a team split take a negative `PE_stride`): the
/// set `(7, -2, 3)` is PEs 7, 5, 3, and member 0 is PE 7. Active sets always have a positive
/// stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PeSet {
    start: usize,
    stride: isize,
    size: usize,
}

impl PeSet {
    /// The set `start + i * stride` for `i < size`, if `size > 0`, `stride != 0` (any stride
    /// is accepted for a one-PE set, and stored as 1) and every member is in `0..n_pes`.
    pub fn new(start: usize, stride: isize, size: usize, n_pes: usize) -> Option<PeSet> {
        if size == 0 || start >= n_pes {
            return None;
        }
        let stride = if size == 1 { 1 } else { stride };
        if stride == 0 {
            return None;
        }
        let span = isize::try_from(size - 1).ok()?.checked_mul(stride)?;
        let last = isize::try_from(start).ok()?.checked_add(span)?;
        (last >= 0 && (last as usize) < n_pes).then_some(PeSet {
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

    /// The set of exactly the PEs below `n_pes` for which `member` holds, if they are an
    /// arithmetic progression (numbered upwards); `None` when there are none or when they are
    /// not evenly spaced.
    pub fn from_members(n_pes: usize, member: impl Fn(usize) -> bool) -> Option<PeSet> {
        let mut pes = (0..n_pes).filter(|&p| member(p));
        let first = pes.next()?;
        let Some(second) = pes.next() else {
            return PeSet::new(first, 1, 1, n_pes);
        };
        let stride = isize::try_from(second - first).ok()?;
        let mut size = 2;
        let mut last = second;
        for p in pes {
            if p - last != second - first {
                return None;
            }
            last = p;
            size += 1;
        }
        PeSet::new(first, stride, size, n_pes)
    }

    /// First PE (member 0).
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// Distance between consecutive members, negative for a set numbered downwards (1 for a
    /// one-PE set).
    #[inline]
    pub fn stride(&self) -> isize {
        self.stride
    }

    /// Number of members.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The lowest and the highest world PE of the set.
    #[inline]
    pub fn bounds(&self) -> (usize, usize) {
        let last = self.pe(self.size - 1);
        (self.start.min(last), self.start.max(last))
    }

    /// World PE number of member `i`.
    #[inline]
    pub fn pe(&self, i: usize) -> usize {
        debug_assert!(i < self.size);
        // In range by construction: every member is a PE below `n_pes` (`new`).
        self.start
            .wrapping_add_signed((i as isize).wrapping_mul(self.stride))
    }

    /// Index of world PE `pe` in the set, if it is a member.
    #[inline]
    pub fn index_of(&self, pe: usize) -> Option<usize> {
        if self.stride == 1 {
            let d = pe.checked_sub(self.start)?;
            return (d < self.size).then_some(d);
        }
        // Distance from the start in the stride's direction.
        let d = if self.stride > 0 {
            pe.checked_sub(self.start)?
        } else {
            self.start.checked_sub(pe)?
        };
        let step = self.stride.unsigned_abs();
        (d % step == 0 && d / step < self.size).then_some(d / step)
    }

    /// The members with indices `start, start + stride, ...` (`size` of them, in that order;
    /// `stride` may be negative) of this set, if they exist.
    pub fn subset(&self, start: usize, stride: isize, size: usize) -> Option<PeSet> {
        let inner = PeSet::new(start, stride, size, self.size)?;
        Some(PeSet {
            start: self.pe(inner.start),
            stride: if size == 1 {
                1
            } else {
                inner.stride.checked_mul(self.stride)?
            },
            size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::PeSet;

    fn members(s: PeSet) -> Vec<usize> {
        (0..s.size()).map(|i| s.pe(i)).collect()
    }

    #[test]
    fn negative_strides() {
        let r = PeSet::new(7, -2, 3, 8).unwrap();
        assert_eq!(members(r), [7, 5, 3]);
        assert_eq!(r.bounds(), (3, 7));
        for (i, p) in [7, 5, 3].into_iter().enumerate() {
            assert_eq!(r.index_of(p), Some(i));
        }
        for p in [0, 1, 2, 4, 6, 8, 9] {
            assert_eq!(r.index_of(p), None, "PE {p}");
        }
        assert!(PeSet::new(4, -2, 3, 8).is_some());
        assert!(PeSet::new(3, -2, 3, 8).is_none(), "PE -1");
        assert!(PeSet::new(3, -2, 3, 3).is_none(), "start beyond n_pes");
        assert!(PeSet::new(3, -2, 4, 8).is_none(), "below PE 0");
        assert!(PeSet::new(0, isize::MIN, 2, 8).is_none());
        assert_eq!(PeSet::new(5, -3, 1, 8), PeSet::new(5, 1, 1, 8));
        let rev = PeSet::world(4).subset(3, -1, 4).unwrap();
        assert_eq!(members(rev), [3, 2, 1, 0]);
        // reversing a reversed set goes forward again
        let fwd = rev.subset(3, -1, 4).unwrap();
        assert_eq!(fwd, PeSet::world(4));
        let odd_rev = PeSet::new(1, 2, 4, 8).unwrap().subset(3, -2, 2).unwrap();
        assert_eq!(members(odd_rev), [7, 3]);
        assert_eq!(odd_rev.stride(), -4);
        assert_eq!(
            rev.subset(2, 5, 1).unwrap(),
            PeSet::new(1, 1, 1, 4).unwrap()
        );
    }

    #[test]
    fn from_members() {
        assert_eq!(PeSet::from_members(6, |_| true), Some(PeSet::world(6)));
        assert_eq!(
            PeSet::from_members(8, |p| (2..4).contains(&p)),
            PeSet::new(2, 1, 2, 8)
        );
        assert_eq!(
            PeSet::from_members(8, |p| p % 3 == 1),
            PeSet::new(1, 3, 3, 8)
        );
        assert_eq!(PeSet::from_members(8, |p| p == 5), PeSet::new(5, 1, 1, 8));
        assert_eq!(PeSet::from_members(8, |p| [0, 1, 3].contains(&p)), None);
        assert_eq!(PeSet::from_members(8, |_| false), None);
    }
}
