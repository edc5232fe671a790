//! The symmetric heap allocator: pure, deterministic bookkeeping of one PE's heap range.
//!
//! Every PE runs the same allocator over the same sequence of collective requests, so every PE
//! computes the same offsets without exchanging them. Whether the requests really were the
//! same is checked at the allocation's barrier (`Runtime::alloc`); a mismatch is reported on
//! every PE and rolled back, so the allocators never diverge.
//!
//! First fit over an address-ordered free list, with coalescing on free. Blocks are multiples
//! of [`GRAIN`] and start on a [`GRAIN`] boundary (a cache line pair, so two objects never
//! share a line).

use std::collections::BTreeMap;

use crate::error::{Error, Result};

/// Allocation granule and minimum alignment.
pub const GRAIN: usize = 128;

/// One PE's heap bookkeeping (offsets are relative to the partition start).
#[derive(Debug, Clone)]
pub struct Heap {
    /// Free blocks: offset -> length.
    free: BTreeMap<usize, usize>,
    /// Live blocks: offset -> length.
    live: BTreeMap<usize, usize>,
    start: usize,
    end: usize,
}

impl Heap {
    /// A heap managing `[start, end)`; `start` is rounded up to [`GRAIN`].
    pub fn new(start: usize, end: usize) -> Heap {
        let start = start.next_multiple_of(GRAIN);
        let mut free = BTreeMap::new();
        if end > start {
            free.insert(start, end - start);
        }
        Heap {
            free,
            live: BTreeMap::new(),
            start,
            end: end.max(start),
        }
    }

    /// Reserves `size` bytes aligned to `align` (at least [`GRAIN`]); zero-size requests get a
    /// block of one grain so every allocation has a distinct offset.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] when no free block fits; the heap is unchanged.
    pub fn alloc(&mut self, size: usize, align: usize) -> Result<usize> {
        let align = align.max(GRAIN);
        let need = size
            .max(1)
            .checked_next_multiple_of(GRAIN)
            .ok_or_else(|| self.exhausted(size))?;
        let found = self.free.iter().find_map(|(&off, &len)| {
            let aligned = off.checked_next_multiple_of(align)?;
            let pad = aligned - off;
            (len >= pad.checked_add(need)?).then_some((off, len, aligned))
        });
        let (off, len, aligned) = found.ok_or_else(|| self.exhausted(size))?;
        self.free.remove(&off);
        if aligned > off {
            self.free.insert(off, aligned - off);
        }
        let tail = off + len - (aligned + need);
        if tail > 0 {
            self.free.insert(aligned + need, tail);
        }
        self.live.insert(aligned, need);
        Ok(aligned)
    }

    /// Returns the block at `offset` to the free list, merging with its neighbours.
    ///
    /// # Panics
    /// If `offset` is not a live block (the typed layer frees each allocation exactly once).
    pub fn free(&mut self, offset: usize) {
        let len = self
            .live
            .remove(&offset)
            .unwrap_or_else(|| panic!("symmetric heap: free of unknown offset {offset}"));
        let mut start = offset;
        let mut end = offset + len;
        if let Some((&prev, &plen)) = self.free.range(..offset).next_back()
            && prev + plen == start
        {
            self.free.remove(&prev);
            start = prev;
        }
        if let Some(&nlen) = self.free.get(&end) {
            self.free.remove(&end);
            end += nlen;
        }
        self.free.insert(start, end - start);
    }

    /// Size of the largest free block.
    pub fn largest_free(&self) -> usize {
        self.free.values().copied().max().unwrap_or(0)
    }

    /// Total bytes managed.
    pub fn capacity(&self) -> usize {
        self.end - self.start
    }

    /// Number of live allocations.
    pub fn live_count(&self) -> usize {
        self.live.len()
    }

    fn exhausted(&self, requested: usize) -> Error {
        Error::HeapExhausted {
            requested,
            available: self.largest_free(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_fit_is_deterministic_and_aligned() {
        let mut a = Heap::new(100, 1 << 20);
        let mut b = Heap::new(100, 1 << 20);
        let reqs = [(8, 8), (1000, 8), (0, 1), (4096, 4096), (24, 16)];
        let offs_a: Vec<_> = reqs
            .iter()
            .map(|&(s, al)| a.alloc(s, al).unwrap())
            .collect();
        let offs_b: Vec<_> = reqs
            .iter()
            .map(|&(s, al)| b.alloc(s, al).unwrap())
            .collect();
        assert_eq!(offs_a, offs_b);
        assert_eq!(offs_a[0], 128);
        for (&(s, al), &o) in reqs.iter().zip(&offs_a) {
            assert_eq!(o % al.max(GRAIN), 0);
            assert!(o + s <= 1 << 20);
        }
        // distinct, non-overlapping
        let mut v: Vec<_> = offs_a
            .iter()
            .zip(&reqs)
            .map(|(&o, &(s, _))| (o, s.max(1)))
            .collect();
        v.sort();
        for w in v.windows(2) {
            assert!(w[0].0 + w[0].1 <= w[1].0);
        }
    }

    #[test]
    fn free_coalesces_and_exhaustion_leaves_heap_usable() {
        let mut h = Heap::new(0, 4 * GRAIN);
        let x = h.alloc(GRAIN, 1).unwrap();
        let y = h.alloc(GRAIN, 1).unwrap();
        let z = h.alloc(2 * GRAIN, 1).unwrap();
        assert_eq!((x, y, z), (0, GRAIN, 2 * GRAIN));
        match h.alloc(1, 1) {
            Err(Error::HeapExhausted {
                requested: 1,
                available: 0,
            }) => {}
            other => panic!("{other:?}"),
        }
        h.free(y);
        h.free(x);
        assert_eq!(h.largest_free(), 2 * GRAIN);
        match h.alloc(3 * GRAIN, 1) {
            Err(Error::HeapExhausted {
                requested,
                available,
            }) => assert_eq!((requested, available), (3 * GRAIN, 2 * GRAIN)),
            other => panic!("{other:?}"),
        }
        h.free(z);
        assert_eq!(h.largest_free(), 4 * GRAIN);
        assert_eq!(h.alloc(4 * GRAIN, 1).unwrap(), 0);
    }

    #[test]
    fn huge_requests_are_errors_not_overflows() {
        let mut h = Heap::new(0, 1 << 20);
        assert!(matches!(
            h.alloc(usize::MAX, 8),
            Err(Error::HeapExhausted { .. })
        ));
        assert!(matches!(
            h.alloc(usize::MAX - 10, 1 << 40),
            Err(Error::HeapExhausted { .. })
        ));
        assert_eq!(h.alloc(8, 8).unwrap(), 0);
    }
}
