//! The table that `shmem.h`'s inline paths read: with it, the usual small one-sided calls of
//! a C program (an aligned word or up to 16 bytes between symmetric buffers, an AMO on a
//! symmetric word, `p`/`g`, `fence`, `quiet`) are done in the program's own code, with no
//! call, as the Rust API's are; everything else (an error, a local buffer outside symmetric
//! memory, a longer transfer, `SHMEM_THREAD_MULTIPLE`, a job over several nodes) calls the
//! library's function of the same name, whose checks and messages are those of every call.
//!
//! The C side (`shmem.h`, "Inline fast paths") finds an address in the same two windows as
//! the library's hot paths (`State::sym_fast`: this PE's partition, then the first span of
//! the program's globals) and does what the library's hot path does there: the same atomic
//! or copy, then the same doorbell check (`ShmTransport::put_word_at`, `amo_at`). The
//! windows it publishes start and end at multiples of 16 bytes ([`units`]), so the header
//! checks a word with one compare. The table's name carries the version of its layout and of
//! that promise (`shmemi_fast_v2`): a program compiled against another does not link against
//! this library.

use std::ffi::c_int;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use shmem_core::segment::SLOT_SIZE;

use crate::state::{State, st_unlocked};

/// `struct shmemi_fast_v2_` of `shmem.h`, field for field (`usize` is `uintptr_t`/`size_t`
/// there, `u32` `unsigned int`; the atomics have their value's layout).
///
/// All zero until the first initialization (no window: every inline path calls the
/// library, which says that `shmem_init` has not run). Written once by it, before any
/// other call of the process, and never again; the windows stay empty when no call may
/// take an inline path (`SHMEM_THREAD_MULTIPLE`, several nodes).
#[derive(Debug)]
#[repr(C)]
pub struct Fast {
    /// This PE's partition (`State::fast_own`): start and size, in whole 16-byte units
    /// ([`units`]), as the globals' span below.
    own_lo: AtomicUsize,
    own_size: AtomicUsize,
    /// Partition 0's copy of an address `a` of this PE's partition: `a + own_base`
    /// (wrapping; partition `p`'s copy is `p * psize` further).
    own_base: AtomicUsize,
    /// The first span of the program's globals (`Globals::first`): live start and length.
    glob_lo: AtomicUsize,
    glob_size: AtomicUsize,
    /// Partition 0's copy of an address `a` of that span: `a + glob_base` (wrapping).
    glob_base: AtomicUsize,
    psize: AtomicUsize,
    /// PE `p`'s data doorbell sleeper count is the `u32` at `bell0 + p * BELL_STRIDE`.
    bell0: AtomicUsize,
    /// The job's PE count (0 before the first initialization) and this PE.
    npes: AtomicU32,
    me: AtomicU32,
}

// The header states the same size and stride (`shmem.h`: a static assertion and
// `SHMEMI_BELL_STRIDE_`); a change of either is a new version of the table's name.
const _: () = assert!(size_of::<Fast>() == 72);
const BELL_STRIDE: usize = 1024;
const _: () = assert!(SLOT_SIZE == BELL_STRIDE);

/// The table (`extern struct shmemi_fast_v2_ shmemi_fast_v2;` in `shmem.h`).
#[allow(non_upper_case_globals)]
#[unsafe(no_mangle)]
pub static shmemi_fast_v2: Fast = Fast {
    own_lo: AtomicUsize::new(0),
    own_size: AtomicUsize::new(0),
    own_base: AtomicUsize::new(0),
    glob_lo: AtomicUsize::new(0),
    glob_size: AtomicUsize::new(0),
    glob_base: AtomicUsize::new(0),
    psize: AtomicUsize::new(0),
    bell0: AtomicUsize::new(0),
    npes: AtomicU32::new(0),
    me: AtomicU32::new(0),
};

/// Fills the table from the state made by the first initialization (`state::init_first`,
/// before it returns to the program). `inline` is whether the inline paths may be taken:
/// below `SHMEM_THREAD_MULTIPLE` and with every PE's partition mapped here; otherwise the
/// windows stay empty.
///
/// Relaxed stores suffice: the C caller makes no other call until `shmem_init` returns,
/// and starts the threads that call afterwards (`pthread_create` orders these stores
/// before them), as for the state itself (`StateCell`).
///
/// What the header computes from it is `State::sym_fast` and `State::at_fast`: an address
/// `a` at offset `o` of a window has the symmetric offset `o` (own partition) or
/// `glob_off + o` (globals), and PE `p`'s copy is at `seg0 + p * psize` plus that offset,
/// which is `a + base + p * psize` with the bases below.
pub(crate) fn publish(s: &State, inline: bool) {
    let f = &shmemi_fast_v2;
    let seg = s.rt.segment();
    let (own_lo, own_size) = s.fast_window();
    let (glob_lo, glob_size, glob_off) = s.fast_globals();
    let (own_size, glob_size) = if inline {
        (own_size, glob_size)
    } else {
        (0, 0)
    };
    let seg0 = s.seg0_addr();
    // The bases map an address of a window, whatever part of it the header is told of.
    f.own_base
        .store(seg0.wrapping_sub(own_lo), Ordering::Relaxed);
    f.glob_base.store(
        seg0.wrapping_add(glob_off).wrapping_sub(glob_lo),
        Ordering::Relaxed,
    );
    let (own_lo, own_size) = units(own_lo, own_size);
    let (glob_lo, glob_size) = units(glob_lo, glob_size);
    f.own_lo.store(own_lo, Ordering::Relaxed);
    f.own_size.store(own_size, Ordering::Relaxed);
    f.glob_lo.store(glob_lo, Ordering::Relaxed);
    f.glob_size.store(glob_size, Ordering::Relaxed);
    f.psize.store(seg.partition_size(), Ordering::Relaxed);
    let bell0 = &raw const seg.slot(0).doorbell.0.sleepers as usize;
    f.bell0.store(bell0, Ordering::Relaxed);
    // At most 4096 PEs (`Segment::create`), so both fit.
    f.npes.store(s.n_pes() as u32, Ordering::Relaxed);
    f.me.store(s.me() as u32, Ordering::Relaxed);
}

/// The whole [`UNIT`]s of the window of `size` bytes at `lo`: its start rounded up and its
/// end rounded down to multiples of `UNIT` (empty if none). The header's word paths rely on
/// it: a naturally aligned word of at most `UNIT` bytes whose address is inside such a
/// window lies wholly inside it, so one compare checks it. A word in the cut edges (only a
/// span of globals has them) takes the library's path, with the same result. An empty
/// window stays empty wherever it starts (the globals' has no place: `usize::MAX`).
fn units(lo: usize, size: usize) -> (usize, usize) {
    match (lo.checked_next_multiple_of(UNIT), lo.checked_add(size)) {
        (Some(start), Some(end)) => (start, (end & !(UNIT - 1)).saturating_sub(start)),
        _ => (lo, 0),
    }
}

/// The windows' unit (`SHMEMI_UNIT_` in `shmem.h`): the largest word the header checks with
/// one compare.
const UNIT: usize = 16;

/// `shmemi_ring_v1` (`shmem.h`'s inline paths, after a store or an AMO into `pe`'s
/// partition saw a sleeper on its doorbell): wakes it. Out of line and rare: the inline
/// path calls it only when the sleeper count it read was not zero.
#[unsafe(no_mangle)]
pub extern "C" fn shmemi_ring_v1(pe: c_int) {
    let s = st_unlocked("shmemi_ring_v1");
    let pe = s.pe("shmemi_ring_v1", pe);
    // The segment, not the transport: what an unlocked call may use at any level
    // (`StateCell`), although no inline path runs at `SHMEM_THREAD_MULTIPLE`.
    shmem_core::wait::notify(&s.rt.segment().slot(pe).doorbell.0);
}

#[cfg(test)]
mod tests {
    use super::units;

    #[test]
    fn units_are_whole_and_inside() {
        // Already whole: unchanged.
        assert_eq!(units(0x1000, 0x2000), (0x1000, 0x2000));
        // Both edges cut: the start rounded up, the end down.
        assert_eq!(units(0x1003, 0x40), (0x1010, 0x30));
        // Less than a unit once cut: empty.
        assert_eq!(units(0x1001, 0x1e), (0x1010, 0));
        assert_eq!(units(0x1001, 5), (0x1010, 0));
        // Empty anywhere, and the globals' "no span" at the top of the address space.
        assert_eq!(units(0x1008, 0), (0x1010, 0));
        assert_eq!(units(usize::MAX, 0), (usize::MAX, 0));
        assert_eq!(units(usize::MAX - 3, 2), (usize::MAX - 3, 0));
    }
}
