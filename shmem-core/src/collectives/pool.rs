//! The pool of sync areas that teams draw from.

use std::sync::atomic::{AtomicU64, Ordering};

use bytemuck::{Pod, Zeroable};

use super::{COUNTER, Coll, Max, Or, REGION_HEAD, Refusal, SyncArea, area_bytes};
use crate::error::{Error, Result};
use crate::segment::LINE;
use crate::transport::Transport;
use crate::transport::shm::ShmTransport;

/// Team sync areas in the pool; slot 0 is the world team's, slot [`SHARED_SLOT`] the shared
/// team's, the others are for split teams.
pub const TEAM_SLOTS: usize = 32;
/// The slot of the shared team (`SHMEM_TEAM_SHARED`): the same on every PE, which is right
/// because the shared teams of two nodes are disjoint, and no split team ever takes it.
pub const SHARED_SLOT: usize = 1;
/// Slots that splits never reserve: the world team's and the shared team's.
const PREDEFINED: u64 = 1 | 1 << SHARED_SLOT;
/// Staging capacity of a team's sync area (contributions above it take the direct path).
pub const TEAM_CAPACITY: usize = 512 - REGION_HEAD;
const POOL_BITMAP: usize = 0;
const POOL_OR: usize = 8;
const POOL_STAGE: usize = LINE;
const POOL_MAX: usize = 3 * LINE;
const POOL_HEAD: usize = 5 * LINE;
const SLOT_BYTES: usize = area_bytes(TEAM_CAPACITY);
/// Bytes of the [`TeamPool`].
pub const TEAM_POOL_BYTES: usize = POOL_HEAD + TEAM_SLOTS * SLOT_BYTES;
const _: () = assert!(TEAM_POOL_BYTES.is_multiple_of(LINE) && TEAM_SLOTS <= 64);
const _: () =
    assert!(POOL_MAX + 8 * TEAM_SLOTS <= POOL_HEAD && POOL_STAGE + 8 * TEAM_SLOTS <= POOL_MAX);

/// The symmetric memory teams take their sync areas from: a header (this PE's bitmap of slots
/// in use, staging for the slot agreement) and [`TEAM_SLOTS`] sync areas. The `shmem` crate
/// places one in the symmetric statics of every PE, zeroed.
#[repr(C, align(128))]
#[derive(Clone, Copy, Pod, Zeroable)]
pub struct TeamPool([u64; TEAM_POOL_BYTES / 8]);

impl TeamPool {
    /// The initial (all zero) pool.
    pub const ZERO: TeamPool = TeamPool([0; TEAM_POOL_BYTES / 8]);
}

impl std::fmt::Debug for TeamPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamPool").finish_non_exhaustive()
    }
}

/// The sync area of team slot `slot` of the pool at symmetric offset `pool`.
pub fn team_area(pool: usize, slot: usize) -> SyncArea {
    assert!(slot < TEAM_SLOTS);
    SyncArea::new(pool + POOL_HEAD + slot * SLOT_BYTES, TEAM_CAPACITY)
}

/// What a team split asks for, compared between the members of the parent (module `agree`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitArgs {
    /// First member of the new team (an index in the parent).
    pub start: usize,
    /// Stride in the parent (negative: the new team is numbered downwards).
    pub stride: isize,
    /// Members of the new team.
    pub size: usize,
    /// Row length of a 2-d split (0 for a strided split).
    pub xrange: usize,
}

/// Collective over the members of `parent`: first agrees on the split (`split`, and this
/// member's `refusal` if its local check of the split failed), then on `K` team slots that no
/// member of `parent` is using, and for each the epoch its new team starts after (the largest
/// call counter any member has for that slot, so stale words of an earlier team never satisfy
/// a wait of the new one). Every member gets the same answer.
///
/// # Errors
/// On every member: [`Error::ArgumentMismatch`] if the members' splits differ, the refusal's
/// error if a member refused (module `agree`), [`Error::TeamsExhausted`] when fewer than `K`
/// slots are free.
pub fn team_reserve<const K: usize>(
    parent: &Coll<'_>,
    pool: usize,
    split: SplitArgs,
    refusal: Option<Refusal>,
) -> Result<[Reservation; K]> {
    parent.agree_split(split.start, split.stride, split.size, split.xrange, refusal)?;
    let t = parent.t;
    let me = t.my_pe();
    for s in 0..TEAM_SLOTS {
        let c = word(t, me, team_area(pool, s).offset + COUNTER).load(Ordering::Relaxed);
        word(t, me, pool + POOL_STAGE + 8 * s).store(c, Ordering::Relaxed);
    }
    parent.reduce::<u64, Or>(pool + POOL_OR, pool + POOL_BITMAP, 1, None)?;
    parent.reduce::<u64, Max>(pool + POOL_MAX, pool + POOL_STAGE, TEAM_SLOTS, None)?;
    let used = word(t, me, pool + POOL_OR).load(Ordering::Relaxed) | PREDEFINED;
    let mut out = [Reservation {
        pool,
        slot: 0,
        base: 0,
    }; K];
    let mut found = 0;
    for s in 1..TEAM_SLOTS {
        if found < K && used & (1 << s) == 0 {
            let base = word(t, me, pool + POOL_MAX + 8 * s).load(Ordering::Relaxed);
            out[found] = Reservation {
                pool,
                slot: s,
                base,
            };
            found += 1;
        }
    }
    if found < K {
        return Err(Error::TeamsExhausted {
            max: TEAM_SLOTS - PREDEFINED.count_ones() as usize,
        });
    }
    Ok(out)
}

/// A team slot that every member of a parent team agreed on ([`team_reserve`]): only that
/// agreement makes one, so a slot can only be claimed with the epoch it must start after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reservation {
    pool: usize,
    slot: usize,
    base: u64,
}

impl Reservation {
    /// The slot (2 ..= [`TEAM_SLOTS`] - 1; slots 0 and [`SHARED_SLOT`] are the world and
    /// the shared team's).
    pub fn slot(&self) -> usize {
        self.slot
    }
}

/// A team slot this PE has claimed: its sync area, until [`ClaimedSlot::release`].
#[derive(Debug)]
#[must_use = "a claimed slot stays in use until it is released"]
pub struct ClaimedSlot {
    pool: usize,
    slot: usize,
}

impl ClaimedSlot {
    /// The slot's sync area.
    pub fn area(&self) -> SyncArea {
        team_area(self.pool, self.slot)
    }

    /// Releases the slot (`shmem_team_destroy`): a sync of the team that used it (`coll`,
    /// which must be the team on this slot's area), so every member is past its last use,
    /// then the slot is free on this PE again.
    ///
    /// # Errors
    /// As [`Coll::sync`]; the slot then stays in use (a member may still be in it).
    pub fn release(self, coll: &Coll<'_>) -> Result<()> {
        assert_eq!(coll.area(), self.area(), "a team releases its own slot");
        coll.sync(None)?;
        word(coll.t, coll.t.my_pe(), self.pool + POOL_BITMAP)
            .fetch_and(!(1 << self.slot), Ordering::Relaxed);
        Ok(())
    }
}

/// Marks the reserved slot as used by this PE and starts its call counter after the epoch
/// every member agreed on (a member of the new team calls it once per reservation).
pub fn team_claim(t: &ShmTransport, r: Reservation) -> ClaimedSlot {
    let me = t.my_pe();
    word(t, me, r.pool + POOL_BITMAP).fetch_or(1 << r.slot, Ordering::Relaxed);
    word(t, me, team_area(r.pool, r.slot).offset + COUNTER).store(r.base, Ordering::Relaxed);
    ClaimedSlot {
        pool: r.pool,
        slot: r.slot,
    }
}

/// The 8-byte word at symmetric `off` on `pe` (pool bookkeeping).
#[inline]
fn word(t: &ShmTransport, pe: usize, off: usize) -> &AtomicU64 {
    let p = t.ptr(pe, off, 8).cast::<u64>();
    assert!(p.is_aligned(), "misaligned pool word");
    // SAFETY: in bounds (checked by `ptr`) and aligned (asserted); the pool's words are only
    // accessed atomically (the pool is a zeroed static laid out at init), and the mapping
    // lives as long as the transport borrowed here.
    unsafe { AtomicU64::from_ptr(p) }
}
