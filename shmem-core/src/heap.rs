//! The symmetric heap allocator: pure, deterministic bookkeeping of one PE's heap range.
//!
//! Every PE runs the same allocator over its own heap; an allocation is collective over a set
//! of PEs (every PE, or the members of a team), and its agreement round (`Runtime::alloc`)
//! checks that the members asked for the same thing and agrees on an offset free on every
//! member; a mismatch is reported on every member and nothing changes. A heap changes only
//! after such a round, so a block is always at the same offset on every PE that holds it.
//!
//! Freeing is local and deferred: dropping a symmetric object moves its block to the
//! *pending* set, and the next collective allocation releases every pending block once all
//! PEs agree on that set, exactly (the count and the sorted offsets travel with the
//! allocation's signature, `Runtime::alloc`). So frees need no synchronization, may happen in any order, even
//! during a panic, and a PE that freed something the others did not (or the reverse) is
//! reported on every PE at the next allocation instead of letting the heaps drift apart.
//!
//! Team allocations (made by the members of a split team only) make the members' heaps differ
//! from the other PEs'. So no allocation trusts that the heaps are equal: the agreement round
//! compares the offsets the members' allocators propose and, when they differ, asks again from
//! the extreme proposal ([`Heap::fit`] with a bound) until every member proposes the same
//! offset, which is then free on every member (`Runtime::alloc`). World allocations search
//! upwards from the bottom, team allocations downwards from the top ([`Direction`]), so the
//! two kinds meet only when the heap is nearly full, and a world allocation among heaps that
//! differ only by team blocks agrees at the first round. Team blocks are freed collectively
//! over their team ([`Heap::free`], after the team's agreement), never through the pending set.
//!
//! First fit over an address-ordered free list, with coalescing on free. Blocks are multiples
//! of [`GRAIN`] and start on a [`GRAIN`] boundary (a cache line pair, so two objects never
//! share a line).

use std::collections::BTreeMap;
use std::ops::Range;

use crate::error::{Error, Result};

/// Allocation granule and minimum alignment.
pub const GRAIN: usize = 128;

/// Which end of the heap an allocation comes from ([`Heap::fit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// The lowest offset that fits (world allocations).
    Up,
    /// The highest offset that fits (team allocations).
    Down,
}

/// Blocks [`Heap::release_pending`] released, for [`Heap::restore_pending`] (dropped: the
/// release stands).
#[derive(Debug)]
pub struct Released(BTreeMap<usize, usize>);

impl Released {
    /// The released blocks' offsets, in increasing order.
    pub fn offsets(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.0.keys().copied()
    }
}

/// One PE's heap bookkeeping (offsets are relative to the partition start).
#[derive(Debug, Clone)]
pub struct Heap {
    /// Free blocks: offset -> length.
    free: BTreeMap<usize, usize>,
    /// Live blocks: offset -> length.
    live: BTreeMap<usize, usize>,
    /// Blocks freed on this PE, released at the next agreed allocation: offset -> length.
    pending: BTreeMap<usize, usize>,
    start: usize,
    end: usize,
    /// Bytes no block has covered since the segment was made lie in this range (an
    /// underestimate: a block strictly inside it gives up the smaller side too). Their pages are
    /// untouched, so a block taken there has its pages populated in one call
    /// ([`Heap::take`], `Segment::prefault`); elsewhere that call would be wasted.
    fresh: (usize, usize),
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
            pending: BTreeMap::new(),
            start,
            end: end.max(start),
            fresh: (start, end.max(start)),
        }
    }

    /// Reserves `size` bytes aligned to `align` (at least [`GRAIN`]) at the lowest offset that
    /// fits; zero-size requests get a block of one grain so every allocation has a distinct
    /// offset.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] when no free block fits; the heap is unchanged.
    pub fn alloc(&mut self, size: usize, align: usize) -> Result<usize> {
        let off = self.fit(size, align, Direction::Up, 0)?;
        self.take(off, size);
        Ok(off)
    }

    /// Bytes a block of `size` occupies (`None` when that overflows).
    fn need(size: usize) -> Option<usize> {
        size.max(1).checked_next_multiple_of(GRAIN)
    }

    /// Where a block of `size` bytes aligned to `align` (at least [`GRAIN`]) fits, without
    /// taking it: [`Direction::Up`], the lowest such offset at or above `bound`;
    /// [`Direction::Down`], the highest at or below `bound`.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] when it fits nowhere on that side of `bound`.
    pub fn fit(&self, size: usize, align: usize, dir: Direction, bound: usize) -> Result<usize> {
        let align = align.max(GRAIN);
        let need = Heap::need(size).ok_or_else(|| self.exhausted(size))?;
        let found = match dir {
            Direction::Up => self.free.iter().find_map(|(&off, &len)| {
                let from = off.max(bound).checked_next_multiple_of(align)?;
                (from.checked_add(need)? <= off + len).then_some(from)
            }),
            Direction::Down => self.free.iter().rev().find_map(|(&off, &len)| {
                let last = (off + len).checked_sub(need)?.min(bound);
                let at = last - last % align;
                (at >= off).then_some(at)
            }),
        };
        found.ok_or_else(|| self.exhausted(size))
    }

    /// Takes the block of `size` bytes at `offset`, which [`Heap::fit`] found free, and
    /// returns the part of `[offset, offset + size)` that no block covered before (empty
    /// when none; an underestimate).
    ///
    /// # Panics
    /// If `[offset, offset + size)` is not inside one free block (the runtime takes only
    /// offsets its own heap proposed).
    pub fn take(&mut self, offset: usize, size: usize) -> Range<usize> {
        let need = Heap::need(size).expect("a size that fit");
        self.carve(offset, need);
        self.live.insert(offset, need);
        let (lo, hi) = self.fresh;
        let end = offset + need;
        let new = offset.max(lo)..end.min(hi);
        if new.is_empty() {
            return offset..offset;
        }
        // The world's blocks come from the bottom, the teams' from the top; a block strictly
        // inside keeps the larger side as untouched (`new` is not empty: lo < end, offset < hi).
        self.fresh = if offset <= lo {
            (end, hi)
        } else if end >= hi || offset - lo >= hi - end {
            (lo, offset)
        } else {
            (end, hi)
        };
        new.start..new.end.min(offset + size)
    }

    /// Removes `[offset, offset + need)` from the free list.
    ///
    /// # Panics
    /// If that range is not inside one free block.
    fn carve(&mut self, offset: usize, need: usize) {
        let (&off, &len) = self
            .free
            .range(..=offset)
            .next_back()
            .filter(|&(&o, &l)| offset + need <= o + l)
            .unwrap_or_else(|| panic!("symmetric heap: offset {offset} is not free"));
        self.free.remove(&off);
        if offset > off {
            self.free.insert(off, offset - off);
        }
        let tail = off + len - (offset + need);
        if tail > 0 {
            self.free.insert(offset + need, tail);
        }
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
        self.release(offset, len);
    }

    /// Puts `[offset, offset + len)` on the free list, merging with its neighbours.
    fn release(&mut self, offset: usize, len: usize) {
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

    /// Marks the live block at `offset` freed on this PE; it returns to the free list when
    /// [`Heap::release_pending`] runs (after the next agreed allocation).
    ///
    /// # Panics
    /// If `offset` is not a live block.
    pub fn defer_free(&mut self, offset: usize) {
        let len = self
            .live
            .remove(&offset)
            .unwrap_or_else(|| panic!("symmetric heap: free of unknown offset {offset}"));
        self.pending.insert(offset, len);
    }

    /// The offsets of the pending blocks, in increasing order: what every PE must agree on,
    /// exactly, before they are released (a block is known by its offset: a world block has
    /// the same offset and length on every PE that holds it).
    pub fn pending_offsets(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.pending.keys().copied()
    }

    /// Returns every pending block to the free list; what it returns undoes that
    /// ([`Heap::restore_pending`]).
    pub fn release_pending(&mut self) -> Released {
        let blocks = std::mem::take(&mut self.pending);
        for (&offset, &len) in &blocks {
            self.release(offset, len);
        }
        Released(blocks)
    }

    /// Takes the blocks [`Heap::release_pending`] released back off the free list and makes
    /// them pending again: the heap is as it was before the release, provided nothing was
    /// taken in between (an allocation whose agreement failed).
    pub fn restore_pending(&mut self, released: Released) {
        for (&offset, &len) in &released.0 {
            self.carve(offset, len);
        }
        self.pending = released.0;
    }

    /// Blocks pending release.
    pub fn pending_count(&self) -> usize {
        self.pending.len()
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

    /// `take` reports the part of a block that no block covered before: all of the first
    /// blocks from either end, none of a block reused after a free, and never more than the
    /// block.
    #[test]
    fn fresh_parts() {
        let mut h = Heap::new(0, 1 << 20);
        let a = h.fit(1000, 8, Direction::Up, 0).unwrap();
        assert_eq!(h.take(a, 1000), a..a + 1000);
        let b = h.fit(5000, 8, Direction::Up, 0).unwrap();
        assert_eq!(h.take(b, 5000), b..b + 5000, "the next block up");
        let top = h.fit(3000, 8, Direction::Down, 1 << 20).unwrap();
        assert_eq!(h.take(top, 3000), top..top + 3000, "the first from the top");
        h.free(a);
        let c = h.fit(512, 8, Direction::Up, 0).unwrap();
        assert_eq!(c, a, "first fit reuses the freed block");
        assert!(h.take(c, 512).is_empty(), "covered before");
        let d = h.fit(1 << 12, 8, Direction::Up, 0).unwrap();
        let fresh = h.take(d, 1 << 12);
        assert_eq!(fresh, d..d + (1 << 12));
        assert!(fresh.start >= b + 5000 && fresh.end <= top);
        // A block straddling what was covered (the grain above the previous block's end).
        h.free(d);
        let e = h.fit(1 << 13, 8, Direction::Up, 0).unwrap();
        let fresh = h.take(e, 1 << 13);
        assert!(
            fresh.start > e && fresh.end == e + (1 << 13),
            "{e} {fresh:?}"
        );
        // A block strictly inside the untouched range (placed by hand, as a team block below
        // the others could be) keeps the larger side fresh for the next blocks.
        let (lo, hi) = h.fresh;
        let inside = (lo + (hi - lo) / 4).next_multiple_of(GRAIN);
        assert_eq!(h.take(inside, 4096), inside..inside + 4096);
        assert_eq!(h.fresh, (inside + 4096, hi), "the larger side, above");
        let (lo, hi) = h.fresh;
        let high = (hi - (hi - lo) / 4).next_multiple_of(GRAIN);
        assert_eq!(h.take(high, 4096), high..high + 4096);
        assert_eq!(h.fresh, (lo, high), "the larger side, below");
    }

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
    fn deferred_frees_release_in_any_order_to_the_same_heap() {
        let mut a = Heap::new(0, 64 * GRAIN);
        let blocks: Vec<_> = (1..6).map(|k| a.alloc(k * GRAIN, 1).unwrap()).collect();
        let mut b = a.clone();
        // two PEs drop the same objects in different orders
        for &o in &[blocks[3], blocks[0], blocks[2]] {
            a.defer_free(o);
        }
        for &o in &[blocks[0], blocks[2], blocks[3]] {
            b.defer_free(o);
        }
        assert!(a.pending_offsets().eq(b.pending_offsets()));
        assert_eq!(a.largest_free(), b.largest_free());
        a.release_pending();
        b.release_pending();
        assert_eq!(a.free, b.free);
        assert_eq!(a.pending_count(), 0);
        // a PE that freed one object fewer has another list
        let mut c = b.clone();
        let mut d = b.clone();
        c.defer_free(blocks[1]);
        d.defer_free(blocks[1]);
        d.defer_free(blocks[4]);
        assert!(!c.pending_offsets().eq(d.pending_offsets()));
        // and one that freed a different object of the same size too
        let mut e = Heap::new(0, 64 * GRAIN);
        let x = e.alloc(GRAIN, 1).unwrap();
        let y = e.alloc(GRAIN, 1).unwrap();
        let mut f = e.clone();
        e.defer_free(x);
        f.defer_free(y);
        assert!(!e.pending_offsets().eq(f.pending_offsets()));
    }

    /// An allocation whose agreement fails puts the released blocks back: the heap is as it
    /// was, bit for bit, whatever the release merged.
    #[test]
    fn restore_undoes_a_release() {
        let mut h = Heap::new(0, 64 * GRAIN);
        let blocks: Vec<_> = (1..8).map(|k| h.alloc(k * GRAIN, 1).unwrap()).collect();
        h.free(blocks[6]);
        for &o in &[blocks[1], blocks[2], blocks[4], blocks[5]] {
            h.defer_free(o);
        }
        let before = (h.free.clone(), h.live.clone(), h.pending.clone());
        let released = h.release_pending();
        assert!(
            released
                .offsets()
                .eq([blocks[1], blocks[2], blocks[4], blocks[5]])
        );
        assert_eq!(h.pending_count(), 0);
        assert!(h.largest_free() > before.0.values().copied().max().unwrap());
        h.restore_pending(released);
        assert_eq!((h.free.clone(), h.live.clone(), h.pending.clone()), before);
    }

    #[test]
    fn fits_from_either_end_and_above_or_below_a_bound() {
        let mut h = Heap::new(0, 16 * GRAIN);
        // team blocks from the top, world blocks from the bottom
        let t = h.fit(GRAIN, 1, Direction::Down, usize::MAX).unwrap();
        assert_eq!(t, 15 * GRAIN);
        h.take(t, GRAIN);
        let w = h.fit(2 * GRAIN, 1, Direction::Up, 0).unwrap();
        assert_eq!(w, 0);
        h.take(w, 2 * GRAIN);
        // aligned from the top: the highest 4-grain boundary whose block fits below the team
        // block
        assert_eq!(
            h.fit(GRAIN, 4 * GRAIN, Direction::Down, usize::MAX).ok(),
            Some(12 * GRAIN)
        );
        // bounds
        assert_eq!(
            h.fit(GRAIN, 1, Direction::Up, 5 * GRAIN + 1).ok(),
            Some(6 * GRAIN)
        );
        assert_eq!(
            h.fit(GRAIN, 1, Direction::Down, 7 * GRAIN + 5).ok(),
            Some(7 * GRAIN)
        );
        assert!(h.fit(GRAIN, 1, Direction::Down, GRAIN).is_err());
        assert!(h.fit(GRAIN, 1, Direction::Up, 15 * GRAIN).is_err());
        // 13 free grains in one block: 14 do not fit from either end, 13 do
        assert!(h.fit(14 * GRAIN, 1, Direction::Up, 0).is_err());
        assert_eq!(h.fit(14 * GRAIN, 1, Direction::Down, usize::MAX).ok(), None);
        assert_eq!(
            h.fit(13 * GRAIN, 1, Direction::Down, usize::MAX).ok(),
            Some(2 * GRAIN)
        );
        h.take(2 * GRAIN, 13 * GRAIN);
        assert_eq!(h.largest_free(), 0);
        h.free(t);
        h.free(2 * GRAIN);
        h.free(w);
        assert_eq!(h.largest_free(), 16 * GRAIN);
    }

    /// Two heaps that differ by team blocks: iterating "propose the first fit at or above the
    /// largest proposal" ends at an offset free on both, the lowest such.
    #[test]
    fn proposals_converge_on_a_common_free_offset() {
        let mut a = Heap::new(0, 64 * GRAIN);
        let mut b = a.clone();
        for (h, blocks) in [(&mut a, [(0, 3), (10, 2)]), (&mut b, [(3, 4), (12, 1)])] {
            for (at, len) in blocks {
                h.take(at * GRAIN, len * GRAIN);
            }
        }
        let mut bound = 0;
        let mut rounds = 0;
        let at = loop {
            rounds += 1;
            let pa = a.fit(3 * GRAIN, 1, Direction::Up, bound).unwrap();
            let pb = b.fit(3 * GRAIN, 1, Direction::Up, bound).unwrap();
            if pa == pb {
                break pa;
            }
            bound = pa.max(pb);
        };
        assert_eq!((at, rounds), (7 * GRAIN, 3));
        a.take(at, 3 * GRAIN);
        b.take(at, 3 * GRAIN);
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
