//! The job's shared segment: header, control slots and one symmetric partition per PE.
//!
//! ```text
//! offset 0            Header (plain numbers, written once by the creator, then read-only)
//! offset 2048         JobControl (atomics: global_exit request, small jobs' barrier line)
//! offset 4096         Slot[0] .. Slot[n_pes-1]   (SLOT_SIZE bytes each, cache-line padded)
//! partition_offset    partition 0 | partition 1 | ... (partition_size bytes each, page aligned;
//!                     in memory, each starts on a multiple of `partition_align`)
//!                     each partition = [ #[symmetric] statics | symmetric heap ]
//! ```
//!
//! The address of symmetric offset `o` on PE `p` is `base + partition_offset + p *
//! partition_size + o`. Every PE maps the whole segment, so a remote access is a load or store.
//! The segment hands out raw pointers to partitions; the only references it creates are to
//! [`Header`] (never written after creation) and to [`Slot`] / [`JobControl`], whose fields are
//! all atomics.

use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::error::{Error, Result, SegmentError};
use crate::sys::{self, FileFacts};

/// First eight bytes of every segment.
pub const MAGIC: u64 = u64::from_le_bytes(*b"SHMEMRS\x01");
/// Version of this layout; bumped whenever [`Header`] or [`Slot`] change.
pub const LAYOUT_VERSION: u32 = 5;
/// Size of one control slot.
pub const SLOT_SIZE: usize = 1024;
/// Cache-line padding unit (two 64-byte lines: adjacent-line prefetch makes 128 the safe unit).
pub const LINE: usize = 128;
const PAGE: usize = 4096;
const JOB_CONTROL_OFFSET: usize = 2048;
const CONTROL_OFFSET: usize = 4096;
/// Most PEs one segment supports.
pub const MAX_PES: usize = 4096;

/// The segment header. `#[repr(C)]`, plain numbers; written once by the creator before any PE
/// exists, read-only afterwards.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: u64,
    /// [`LAYOUT_VERSION`].
    pub layout_version: u32,
    /// Number of PEs.
    pub n_pes: u32,
    /// Random per-job token; every PE is told it by the launcher and checks it.
    pub job_token: u64,
    /// Offset of slot 0.
    pub control_offset: u64,
    /// Size of one slot.
    pub slot_size: u64,
    /// Offset of partition 0.
    pub partition_offset: u64,
    /// Size of one partition (statics + heap).
    pub partition_size: u64,
    /// Size of the whole segment.
    pub total_size: u64,
}
const _: () = assert!(std::mem::size_of::<Header>() <= JOB_CONTROL_OFFSET);

/// Job-wide atomics.
#[repr(C, align(128))]
#[derive(Debug)]
pub struct JobControl {
    /// 0, or `GLOBAL_EXIT_SET | pe << 32 | status as u32` once a PE called `global_exit`.
    pub global_exit: AtomicU64,
    /// `barrier_all` epochs of PEs `0..8` when the job has at most [`SHARED_BARRIER_PES`] PEs
    /// (PE `p` writes word `p`, everybody reads the line); larger jobs use [`Slot::barrier`].
    pub barrier: Line<[AtomicU64; SHARED_BARRIER_PES]>,
}
/// Jobs with at most this many PEs keep their barrier epochs in one shared cache line
/// ([`JobControl::barrier`]); see `shm.rs` for why.
pub const SHARED_BARRIER_PES: usize = 8;
/// Flag bit of [`JobControl::global_exit`].
pub const GLOBAL_EXIT_SET: u64 = 1 << 63;
const _: () = assert!(JOB_CONTROL_OFFSET + std::mem::size_of::<JobControl>() <= CONTROL_OFFSET);

/// Lifecycle of a PE, in [`Identity::state`] (line 0 of its [`Slot`]).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeState {
    /// Not attached yet.
    Starting = 0,
    /// Attached and running.
    Running = 1,
    /// Finalize completed: an exit with status 0 after this is a success.
    Finalized = 2,
    /// The PE panicked.
    Panicked = 3,
    /// The PE called `global_exit`.
    GlobalExit = 4,
}

impl PeState {
    /// Decodes a raw state word.
    pub fn from_raw(v: u32) -> PeState {
        match v {
            1 => PeState::Running,
            2 => PeState::Finalized,
            3 => PeState::Panicked,
            4 => PeState::GlobalExit,
            _ => PeState::Starting,
        }
    }
}

/// One cache-line-padded group of atomics.
#[repr(C, align(128))]
#[derive(Debug)]
pub struct Line<T>(pub T);

/// Written by the owning PE only; read by everyone (and the launcher).
#[repr(C)]
#[derive(Debug)]
pub struct Identity {
    /// [`PeState`] as `u32`.
    pub state: AtomicU32,
    /// The PE's process id.
    pub pid: AtomicU32,
    /// Hash of the symmetric statics layout.
    pub layout_hash: AtomicU64,
}

/// Doorbell of a PE: see `wait.rs` for the protocol.
#[repr(C)]
#[derive(Debug)]
pub struct Doorbell {
    /// Futex word: incremented (then woken) by whoever changes something a sleeper of this PE
    /// may wait for.
    pub ring: AtomicU32,
    /// Number of this PE's threads that are (about to be) asleep on `ring`.
    pub sleepers: AtomicU32,
}

/// Who may be this PE: written by the launcher's side, checked by `init` (line 4 of a slot).
#[repr(C)]
#[derive(Debug)]
pub struct LaunchRecord {
    /// Pid of the process the launcher started for this PE, which is also its process group
    /// id (each PE starts in a group of its own). Stored by that process itself between fork
    /// and exec (an atomic store into the already-mapped segment is async-signal-safe); 0
    /// before. The launcher's guardian kills this process group if the launcher dies.
    pub pid: AtomicU32,
    /// 0, or the pid of the process that claimed the PE at `init` (compare-exchange from 0):
    /// a PE is claimed once.
    pub claimed_by: AtomicU32,
}

/// Per-PE control slot. Every field is an atomic, so `&Slot` may be shared across processes.
#[repr(C)]
#[derive(Debug)]
pub struct Slot {
    /// Line 0: identity (owner writes).
    pub id: Line<Identity>,
    /// Line 1: `barrier_all` epoch (owner writes, everybody reads) in jobs of more than
    /// [`SHARED_BARRIER_PES`] PEs.
    pub barrier: Line<AtomicU64>,
    /// Line 2: doorbell for data (puts, atomics, collectives, locks ring it; owner sleeps).
    pub doorbell: Line<Doorbell>,
    /// Line 3: doorbell for `barrier_all`/`sync_all` only, so that puts into a PE that sleeps in
    /// a barrier do not wake it for nothing.
    pub barrier_bell: Line<Doorbell>,
    /// Line 4: who was launched as this PE, and who claimed it.
    pub launch: Line<LaunchRecord>,
    /// Line 5: where this PE waits while it sleeps (deadlock diagnosis; see `wait.rs`).
    pub wait: Line<WaitRecord>,
    /// Lines 6..8: reserved, zero.
    pub reserved: [Line<[AtomicU64; 16]>; 2],
}

/// Where a PE sleeps in a wait, published while it sleeps and cleared when it wakes with its
/// condition true (written by the owner, read by the launcher's deadlock check).
#[repr(C)]
#[derive(Debug)]
pub struct WaitRecord {
    /// 0 when the PE is not asleep in a wait; else `sequence << 8 | what`, where `what` is a
    /// `wait::WaitKind` and `sequence` grows with every wait that reaches its sleep phase.
    pub state: AtomicU64,
    /// Source of `sequence`.
    pub sequence: AtomicU64,
    /// What the wait is for (meaning depends on `what`, see `wait::WaitSite`).
    pub args: [AtomicU64; 4],
    /// Live contexts of this PE (`threads::ThreadPath::enter`): while not zero, threads other
    /// than the one that publishes `state` may be working, and the deadlock check looks at
    /// all of the PE's threads (`shmem-launch`'s watch).
    pub threads: AtomicU64,
}
const _: () = assert!(std::mem::size_of::<Slot>() == SLOT_SIZE);
const _: () = assert!(std::mem::align_of::<Slot>() == LINE);
const _: () = assert!(std::mem::offset_of!(Slot, launch) == 4 * LINE);

/// The layout the creator computes for `n_pes` PEs (at most [`MAX_PES`]) and `partition_size`
/// bytes each; `None` when the total does not fit a mapping (`isize::MAX` bytes). Checked
/// arithmetic: the attach check recomputes a layout from a header's numbers, and a total that
/// wrapped would match a short file and leave slots and partitions past the mapping's end.
fn layout(n_pes: usize, partition_size: usize) -> Option<Header> {
    let control_bytes = n_pes.checked_mul(SLOT_SIZE)?;
    let partition_offset = CONTROL_OFFSET
        .checked_add(control_bytes)?
        .checked_next_multiple_of(PAGE)?;
    let total_size = n_pes
        .checked_mul(partition_size)?
        .checked_add(partition_offset)
        .filter(|&t| isize::try_from(t).is_ok())?;
    Some(Header {
        magic: MAGIC,
        layout_version: LAYOUT_VERSION,
        n_pes: n_pes as u32,
        job_token: 0,
        control_offset: CONTROL_OFFSET as u64,
        slot_size: SLOT_SIZE as u64,
        partition_offset: partition_offset as u64,
        partition_size: partition_size as u64,
        total_size: total_size as u64,
    })
}

/// Bytes of the segment [`Segment::create`] would make for `n_pes` PEs of `partition_size`
/// symmetric bytes each (rounded up to a page, as `create` does): the control area plus the
/// partitions. `None` when that overflows.
pub fn planned_size(n_pes: usize, partition_size: usize) -> Option<u64> {
    let partition_size = partition_size.max(PAGE).checked_next_multiple_of(PAGE)?;
    let control = (CONTROL_OFFSET + n_pes.checked_mul(SLOT_SIZE)?).next_multiple_of(PAGE);
    (n_pes as u64)
        .checked_mul(partition_size as u64)?
        .checked_add(control as u64)
}

/// The `F_SEAL_*` bits a segment file must carry to be attached (`F_SEAL_SHRINK |
/// F_SEAL_GROW | F_SEAL_SEAL`, what [`Segment::create`] seals its memfd with): its size is
/// final, so no holder of the descriptor can truncate it under a mapping (a load through a
/// [`Segment::slot`] reference would then be a bus error), and no further seal can be added.
pub const REQUIRED_SEALS: u32 = sys::SEGMENT_SEALS.bits();

/// What a PE expects of the segment it was handed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expect {
    /// Job token from the launcher.
    pub job_token: u64,
    /// PE count from the launcher.
    pub n_pes: u32,
}

/// Checks a segment's file facts and header against what this PE expects.
///
/// Pure function of its inputs, so every refusal can be tested without a crafted file.
///
/// # Errors
/// The first [`SegmentError`] found, in this order: owner, mode, seals, magic, version,
/// token, PE count, the header's own layout (each field against what `n_pes` and
/// `partition_size` imply), the file's size against the header's total.
pub fn validate(
    facts: FileFacts,
    my_uid: u32,
    header: &Header,
    expect: Expect,
) -> Result<(), SegmentError> {
    validate_file(facts, my_uid)?;
    validate_header(header, expect)?;
    if facts.size != header.total_size {
        return Err(SegmentError::SizeMismatch {
            file: facts.size,
            header: header.total_size,
        });
    }
    Ok(())
}

/// The file checks of [`validate`] (owner, mode, seals): what [`Segment::attach`] checks
/// before it maps even the header, whose read would fault on a file shrunk meanwhile.
fn validate_file(facts: FileFacts, my_uid: u32) -> Result<(), SegmentError> {
    if facts.uid != my_uid {
        return Err(SegmentError::NotOwner {
            owner: facts.uid,
            me: my_uid,
        });
    }
    if facts.mode & 0o077 != 0 {
        return Err(SegmentError::BadMode { mode: facts.mode });
    }
    if facts.seals & REQUIRED_SEALS != REQUIRED_SEALS {
        return Err(SegmentError::NotSealed {
            seals: facts.seals,
            required: REQUIRED_SEALS,
        });
    }
    Ok(())
}

/// The header checks of [`validate`] (magic, version, token, PE count, layout), for memory
/// that is not a file (an MPI shared window).
fn validate_header(header: &Header, expect: Expect) -> Result<(), SegmentError> {
    if header.magic != MAGIC {
        return Err(SegmentError::BadMagic {
            found: header.magic,
            expected: MAGIC,
        });
    }
    if header.layout_version != LAYOUT_VERSION {
        return Err(SegmentError::VersionMismatch {
            found: header.layout_version,
            expected: LAYOUT_VERSION,
        });
    }
    if header.job_token != expect.job_token {
        return Err(SegmentError::TokenMismatch {
            found: header.job_token,
            expected: expect.job_token,
        });
    }
    if header.n_pes != expect.n_pes || header.n_pes == 0 || header.n_pes as usize > MAX_PES {
        return Err(SegmentError::PeCountMismatch {
            found: header.n_pes,
            expected: expect.n_pes,
        });
    }
    if header.partition_size == 0 || !header.partition_size.is_multiple_of(PAGE as u64) {
        return Err(SegmentError::HeaderInconsistent {
            field: "partition_size",
            found: header.partition_size,
            expected: header.partition_size.max(1).next_multiple_of(PAGE as u64),
        });
    }
    let Some(want) = usize::try_from(header.partition_size)
        .ok()
        .and_then(|size| layout(header.n_pes as usize, size))
    else {
        // Partitions that do not fit the address space: no file is that long.
        return Err(SegmentError::HeaderInconsistent {
            field: "partition_size",
            found: header.partition_size,
            expected: (isize::MAX as u64 / u64::from(header.n_pes)) & !(PAGE as u64 - 1),
        });
    };
    for (field, found, expected) in [
        ("control_offset", header.control_offset, want.control_offset),
        ("slot_size", header.slot_size, want.slot_size),
        (
            "partition_offset",
            header.partition_offset,
            want.partition_offset,
        ),
        ("total_size", header.total_size, want.total_size),
    ] {
        if found != expected {
            return Err(SegmentError::HeaderInconsistent {
                field,
                found,
                expected,
            });
        }
    }
    Ok(())
}

#[cfg(feature = "mpi")]
/// Memory for a segment that something else allocated and shares between the PEs of a node
/// (an MPI shared window, `mpi.rs`): where it is, how long, and the owner that frees it when
/// the segment drops.
pub(crate) struct ForeignMemory {
    /// Start: page aligned.
    pub(crate) base: NonNull<u8>,
    /// Length in bytes.
    pub(crate) len: usize,
    /// Frees the memory when dropped (after the segment's last use).
    pub(crate) owner: Box<dyn std::fmt::Debug + Send + Sync + std::panic::RefUnwindSafe>,
}

#[cfg(feature = "mpi")]
impl std::fmt::Debug for ForeignMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ForeignMemory")
            .field("base", &self.base)
            .field("len", &self.len)
            .field("owner", &self.owner)
            .finish()
    }
}

/// What keeps a segment's memory mapped.
#[derive(Debug)]
enum Backing {
    /// A shared mapping of the job's memfd (`shmemrun`, singleton), placed so that the
    /// partitions are aligned to [`partition_align`].
    Map(sys::SharedMap),
    /// Memory shared by an MPI window (held for its `Drop`).
    #[cfg(feature = "mpi")]
    Foreign(ForeignMemory),
}

/// [`Segment::slot`]'s panic.
#[cold]
#[inline(never)]
#[track_caller]
fn slot_out_of_range(pe: usize) -> ! {
    panic!("PE {pe} out of range")
}

/// The most a memfd segment aligns its partitions to (virtual address space reserved, never
/// memory).
const MAX_PARTITION_ALIGN: usize = 1 << 30;

/// The alignment a memfd segment gives each partition of `partition_size` bytes (a multiple
/// of a page): the largest power of two that divides it, at most 1 GiB.
/// Partition 0 is placed on a multiple of it, and so is every other, `partition_size` apart.
pub fn partition_align(partition_size: usize) -> usize {
    let size = partition_size.max(PAGE);
    (1usize << size.trailing_zeros()).min(MAX_PARTITION_ALIGN)
}

/// The partition size for a heap of `heap` bytes (`SHMEM_SYMMETRIC_SIZE`) beside `data` bytes
/// of symmetric globals (a C program's, which `shmem_init` places in the partition): `heap`
/// rounded to a page, plus `data` rounded up to a multiple of that size's own alignment (at
/// most 2 MiB), so that the partition keeps the alignment [`partition_align`] gives it.
/// Saturates (a size that large is refused where the segment is made).
pub fn heap_and_data(heap: usize, data: usize) -> usize {
    let heap = heap
        .max(PAGE)
        .checked_next_multiple_of(PAGE)
        .unwrap_or(usize::MAX);
    if data == 0 {
        return heap;
    }
    let unit = partition_align(heap).min(2 << 20);
    heap.saturating_add(data.checked_next_multiple_of(unit).unwrap_or(usize::MAX))
}

/// A mapped segment.
#[derive(Debug)]
pub struct Segment {
    backing: Backing,
    base: NonNull<u8>,
    n_pes: usize,
    partition_offset: usize,
    partition_size: usize,
}

// SAFETY: `Segment` owns a shared mapping and hands out raw pointers and references to
// atomics only; nothing in it is tied to the creating thread.
unsafe impl Send for Segment {}
// SAFETY: all shared state reachable through `&Segment` is atomics (`Slot`, `JobControl`),
// immutable data (`Header`) or raw pointers whose use is `unsafe` and documented at the caller.
unsafe impl Sync for Segment {}

impl Segment {
    /// Creates a segment for `n_pes` PEs with `partition_size` bytes each (rounded up to a
    /// page) in a new memfd, and maps it. Used by the launcher and by singleton init. The
    /// memfd comes back for handing to the PEs ([`Segment::attach`]); it is sealed
    /// ([`REQUIRED_SEALS`]), so that its holder cannot change its size under the mapping.
    ///
    /// # Errors
    /// `Config` for a zero or too large PE count or size; `Io` when the memfd or mapping fails.
    pub fn create(n_pes: usize, partition_size: usize) -> Result<(Segment, OwnedFd, u64)> {
        if n_pes == 0 || n_pes > MAX_PES {
            return Err(Error::Config {
                name: "n_pes",
                value: n_pes.to_string(),
                why: "must be between 1 and 4096",
            });
        }
        let partition_size = partition_size.max(PAGE).next_multiple_of(PAGE);
        let total = (partition_size as u128) * (n_pes as u128) + (1 << 24);
        if total > (isize::MAX as u128) / 2 {
            return Err(Error::Config {
                name: "heap size",
                value: partition_size.to_string(),
                why: "too large for this address space",
            });
        }
        let mut header = layout(n_pes, partition_size).expect("checked above");
        header.job_token = sys::random_u64();
        let fd = sys::memfd_create("shmem-segment", header.total_size)
            .map_err(Error::io("creating the shared segment (memfd_create)"))?;
        let seg = Segment::map(&fd, &header)?;
        // SAFETY: the mapping is at least `total_size >= 4096` bytes long, page aligned (so
        // aligned for `Header`), and nobody else has it yet: this is the only writer.
        unsafe { seg.base.cast::<Header>().as_ptr().write(header) };
        Ok((seg, fd, header.job_token))
    }

    /// Attaches to the segment in `fd` after checking owner, mode, seals, size and header
    /// ([`validate`]). Only a file whose size is sealed ([`REQUIRED_SEALS`]: a memfd made by
    /// [`Segment::create`]) is mapped, so no holder of a descriptor of it can truncate it
    /// under the references [`Segment::slot`] and [`Segment::job`] hand out.
    ///
    /// # Errors
    /// [`SegmentError`] (wrapped in `Error::Segment`) when the segment is refused; `Io` when
    /// `fstat`, `fcntl(F_GET_SEALS)` or `mmap` fail.
    pub fn attach(fd: BorrowedFd<'_>, expect: Expect) -> Result<Segment> {
        let facts = sys::file_facts(fd).map_err(Error::io("fstat of the shared segment"))?;
        // Sealed before anything is mapped: from here on the size `fstat` gave is final.
        validate_file(facts, sys::effective_uid())?;
        if facts.size < std::mem::size_of::<Header>() as u64 {
            return Err(SegmentError::TooSmall {
                file: facts.size,
                header: std::mem::size_of::<Header>() as u64,
            }
            .into());
        }
        let head_map = sys::map_shared(&fd, std::mem::size_of::<Header>())
            .map_err(Error::io("mapping the segment header"))?;
        // SAFETY: the mapping is `size_of::<Header>()` bytes, page aligned; `Header` is Pod,
        // so any bytes are a valid value, and it is read by value (no reference is kept).
        let header = unsafe { head_map.as_ptr().cast::<Header>().read() };
        drop(head_map);
        validate(facts, sys::effective_uid(), &header, expect)?;
        Segment::map(&fd, &header)
    }

    fn map(fd: &impl AsFd, header: &Header) -> Result<Segment> {
        let map = sys::map_shared_aligned(
            fd,
            header.total_size as usize,
            header.partition_offset as usize,
            partition_align(header.partition_size as usize),
        )
        .map_err(Error::io("mapping the shared segment (mmap)"))?;
        let base = NonNull::new(map.as_mut_ptr()).expect("mmap never returns null");
        Ok(Segment {
            backing: Backing::Map(map),
            base,
            n_pes: header.n_pes as usize,
            partition_offset: header.partition_offset as usize,
            partition_size: header.partition_size as usize,
        })
    }

    /// Makes a segment for `n_pes` PEs with `partition_size` bytes each (rounded up to a
    /// page) in `mem`, writing its header with `job_token`: the node leader's half of an MPI
    /// start-up, which then tells the node's other PEs to [`Segment::attach_foreign`].
    ///
    /// # Errors
    /// `Config` when the layout does not fit `mem`.
    ///
    /// # Safety
    /// `mem.base` must be valid for reads and writes of `mem.len` bytes, page aligned, and
    /// stay so until `mem.owner` drops; nothing else may access the memory until this returns;
    /// afterwards other processes may access it only through a [`Segment`].
    #[cfg(feature = "mpi")]
    pub(crate) unsafe fn create_foreign(
        mem: ForeignMemory,
        n_pes: usize,
        partition_size: usize,
        job_token: u64,
    ) -> Result<Segment> {
        let partition_size = partition_size.max(PAGE).next_multiple_of(PAGE);
        let layout = layout(n_pes, partition_size).filter(|h| h.total_size <= mem.len as u64);
        let Some(mut header) = layout.filter(|_| n_pes != 0 && n_pes <= MAX_PES) else {
            return Err(Error::Config {
                name: "n_pes",
                value: n_pes.to_string(),
                why: "the segment does not fit the shared window",
            });
        };
        header.job_token = job_token;
        // SAFETY: the control area (`partition_offset` bytes, inside `mem` by the check above)
        // is ours alone until this returns (the caller's promise); zeroed, every slot and the
        // job control are in their initial state (all their fields are atomics whose zero is
        // the start value), as in a fresh memfd.
        unsafe { std::ptr::write_bytes(mem.base.as_ptr(), 0, header.partition_offset as usize) };
        // SAFETY: as above; the base is page aligned, so aligned for `Header`.
        unsafe { mem.base.cast::<Header>().as_ptr().write(header) };
        Ok(Segment {
            base: mem.base,
            n_pes,
            partition_offset: header.partition_offset as usize,
            partition_size,
            backing: Backing::Foreign(mem),
        })
    }

    /// Attaches to a segment that the node leader made in `mem` with
    /// [`Segment::create_foreign`], after checking its header against `expect`.
    ///
    /// # Errors
    /// [`SegmentError`] when the header is refused or longer than `mem`.
    ///
    /// # Safety
    /// As for [`Segment::create_foreign`], except that the leader's call has returned before
    /// this one starts (the header is written and never changes).
    #[cfg(feature = "mpi")]
    pub(crate) unsafe fn attach_foreign(mem: ForeignMemory, expect: Expect) -> Result<Segment> {
        if mem.len < std::mem::size_of::<Header>() {
            return Err(SegmentError::TooSmall {
                file: mem.len as u64,
                header: std::mem::size_of::<Header>() as u64,
            }
            .into());
        }
        // SAFETY: `mem` holds at least a header, page aligned, written before this call and
        // never again; `Header` is Pod and is read by value.
        let header = unsafe { mem.base.cast::<Header>().as_ptr().read() };
        validate_header(&header, expect)?;
        if header.total_size > mem.len as u64 {
            return Err(SegmentError::SizeMismatch {
                file: mem.len as u64,
                header: header.total_size,
            }
            .into());
        }
        Ok(Segment {
            base: mem.base,
            n_pes: header.n_pes as usize,
            partition_offset: header.partition_offset as usize,
            partition_size: header.partition_size as usize,
            backing: Backing::Foreign(mem),
        })
    }

    /// The header (a copy).
    pub fn header(&self) -> Header {
        // SAFETY: the header is at offset 0 of a mapping longer than it, page aligned, and is
        // never written after creation; `Header` is Pod.
        unsafe { self.base.cast::<Header>().as_ptr().read() }
    }

    /// Number of PEs.
    #[inline]
    pub fn n_pes(&self) -> usize {
        self.n_pes
    }

    /// Size of one partition.
    #[inline]
    pub fn partition_size(&self) -> usize {
        self.partition_size
    }

    /// Job-wide atomics.
    pub fn job(&self) -> &JobControl {
        // SAFETY: offset 2048 is inside the first page of the mapping, 128-aligned;
        // `JobControl` is all atomics (valid for any bits, zero included), so a shared
        // reference is sound even while other processes update it.
        unsafe {
            &*self
                .base
                .as_ptr()
                .add(JOB_CONTROL_OFFSET)
                .cast::<JobControl>()
        }
    }

    /// The control slot of `pe`.
    ///
    /// # Panics
    /// If `pe >= n_pes` (callers validate PEs first; this is the memory-safety backstop).
    #[inline]
    pub fn slot(&self, pe: usize) -> &Slot {
        if pe >= self.n_pes {
            // Out of line: an inline `assert!` with the PE in its message made every caller
            // (each put and atomic notifies a slot) store the PE on the stack first.
            slot_out_of_range(pe);
        }
        // SAFETY: `pe < n_pes`, so the slot lies within the control area of the mapping,
        // which is 128-aligned (4096 + pe * 1024); `Slot` is all atomics, valid for any bits,
        // so a shared reference is sound while other processes update it.
        unsafe {
            &*self
                .base
                .as_ptr()
                .add(CONTROL_OFFSET + pe * SLOT_SIZE)
                .cast::<Slot>()
        }
    }

    /// Pointer to byte `offset` of `pe`'s partition, checked so that `len` bytes from it lie
    /// inside that partition.
    ///
    /// # Panics
    /// If `pe >= n_pes` or `offset + len > partition_size`: the typed layers check bounds and
    /// return errors before getting here; this assertion is what makes the raw pointer sound.
    #[inline]
    pub fn partition_ptr(&self, pe: usize, offset: usize, len: usize) -> *mut u8 {
        if !(pe < self.n_pes
            && offset
                .checked_add(len)
                .is_some_and(|end| end <= self.partition_size))
        {
            // Out of line, so that a hot caller does not spill the message's arguments to
            // the stack before the check on every call.
            out_of_range(pe, offset, len);
        }
        // SAFETY: the assertion keeps the result within the mapping (partition `pe` spans
        // `partition_size` bytes from `partition_offset + pe * partition_size`).
        unsafe {
            self.base
                .as_ptr()
                .add(self.partition_offset + pe * self.partition_size + offset)
        }
    }

    /// Asks the kernel to make the pages under `len` bytes at `offset` of `pe`'s partition
    /// present and writable in this process's mapping now, in one call
    /// (`MADV_POPULATE_WRITE`), rather than with a page fault per page as they are first
    /// written: for a fresh allocation that its PE is about to initialize. Only whole pages
    /// inside the range are touched, and no byte changes. Advice: where the kernel refuses
    /// (before Linux 5.14) nothing happens, and the writes fault the pages in as before.
    pub fn prefault(&self, pe: usize, offset: usize, len: usize) {
        let start = self.partition_ptr(pe, offset, len) as usize;
        let (first, end) = (start.next_multiple_of(PAGE), (start + len) & !(PAGE - 1));
        if end > first {
            // SAFETY: `[first, end)` lies inside `pe`'s partition (`partition_ptr` checked
            // `[start, start + len)`, and the range only shrank to whole pages), which is
            // mapped shared and writable for the segment's life. `MADV_POPULATE_WRITE`
            // changes no byte: it populates page tables as a write fault would.
            let refused = unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    end - first,
                    libc::MADV_POPULATE_WRITE,
                )
            };
            // Advice only: a refusal leaves the pages to fault in when written.
            let _ = refused;
        }
    }

    /// The alignment of every partition's first byte in this process's mapping: a memfd
    /// segment is placed so ([`partition_align`]); one in memory MPI lent
    /// (`create_foreign`/`attach_foreign`) has the page's.
    pub fn partition_align(&self) -> usize {
        match &self.backing {
            Backing::Map(_) => partition_align(self.partition_size),
            #[cfg(feature = "mpi")]
            Backing::Foreign(_) => PAGE,
        }
    }

    /// Length of the whole mapping.
    pub fn len(&self) -> usize {
        match &self.backing {
            Backing::Map(map) => map.len(),
            #[cfg(feature = "mpi")]
            Backing::Foreign(mem) => mem.len,
        }
    }

    /// Always false: a segment has at least a header.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Reads `pe`'s lifecycle state.
    pub fn pe_state(&self, pe: usize) -> PeState {
        PeState::from_raw(self.slot(pe).id.0.state.load(Ordering::Acquire))
    }
}

/// [`Segment::partition_ptr`]'s panic.
#[cold]
#[inline(never)]
#[track_caller]
fn out_of_range(pe: usize, offset: usize, len: usize) -> ! {
    panic!("symmetric access out of range: PE {pe}, offset {offset}, len {len}")
}

// What a PE and the launcher agree on besides the layout above: the exit status.

/// The job's exit status when the launcher finds it deadlocked (the deadlock check, `shmem-launch`): the same as
/// for `--timeout`, since both end a job that could not finish; the message tells which.
pub const DEADLOCK_STATUS: i32 = 124;

/// The exit status a job (or a singleton PE) ends with when a PE calls `global_exit(status)`.
///
/// A process exit status is one byte, so `status` is taken modulo 256; but a non-zero status
/// must never read as success: one whose low byte is 0 (256, `i32::MIN`) becomes 1.
///
/// # Examples
/// ```
/// use shmem_core::segment::exit_status;
/// assert_eq!(exit_status(0), 0);
/// assert_eq!(exit_status(7), 7);
/// assert_eq!(exit_status(-1), 255);
/// assert_eq!(exit_status(256), 1);
/// assert_eq!(exit_status(i32::MIN), 1);
/// ```
pub fn exit_status(status: i32) -> i32 {
    match status & 0xff {
        0 if status != 0 => 1,
        low => low,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsFd;

    /// Every partition starts on a multiple of `partition_align` in the creator's mapping and
    /// in an attached one (`shmem_align`'s addresses rest on it).
    #[test]
    fn partitions_are_aligned() {
        assert_eq!(partition_align(3 << 20), 1 << 20);
        assert_eq!(partition_align(4096), 4096);
        assert_eq!(partition_align(1), 4096);
        assert_eq!(partition_align(8 << 30), 1 << 30);
        // The heap beside the data, the data rounded to keep the heap size's alignment (at
        // most 2 MiB).
        assert_eq!(heap_and_data(128 << 20, 0), 128 << 20);
        assert_eq!(heap_and_data(128 << 20, 1), (128 << 20) + (2 << 20));
        assert_eq!(heap_and_data(4096, 5000), 3 * 4096);
        assert_eq!(heap_and_data(1, 0), 4096);
        assert_eq!(heap_and_data(usize::MAX - 4095, 1 << 20), usize::MAX);
        assert!(partition_align(heap_and_data(48 << 20, (200 << 20) + 1)) >= 2 << 20);
        let (seg, fd, _) = Segment::create(3, 2 << 20).unwrap();
        let other = Segment::attach(fd.as_fd(), expect_of(&seg)).unwrap();
        for s in [&seg, &other] {
            assert_eq!(s.partition_align(), 2 << 20);
            for pe in 0..3 {
                assert_eq!(s.partition_ptr(pe, 0, 0) as usize % (2 << 20), 0, "PE {pe}");
            }
        }
    }

    fn expect_of(seg: &Segment) -> Expect {
        let h = seg.header();
        Expect {
            job_token: h.job_token,
            n_pes: h.n_pes,
        }
    }

    #[test]
    fn created_segment_is_0600_memfd_and_attaches() {
        let (seg, fd, token) = Segment::create(3, 1 << 20).unwrap();
        let facts = sys::file_facts(fd.as_fd()).unwrap();
        assert_eq!(facts.mode, 0o600);
        assert_eq!(facts.uid, sys::effective_uid());
        assert_eq!(facts.size as usize, seg.len());
        let link = std::fs::read_link(format!(
            "/proc/self/fd/{}",
            std::os::fd::AsRawFd::as_raw_fd(&fd)
        ))
        .unwrap();
        assert!(link.to_string_lossy().starts_with("/memfd:"), "{link:?}");
        let other = Segment::attach(fd.as_fd(), expect_of(&seg)).unwrap();
        assert_eq!(other.header(), seg.header());
        assert_eq!(seg.header().job_token, token);
        // both mappings see the same memory
        seg.slot(2).barrier.0.store(77, Ordering::Relaxed);
        assert_eq!(other.slot(2).barrier.0.load(Ordering::Relaxed), 77);
    }

    #[test]
    fn wrong_token_and_pe_count_are_refused() {
        let (seg, fd, _) = Segment::create(2, 1 << 16).unwrap();
        let mut e = expect_of(&seg);
        e.job_token ^= 1;
        assert!(matches!(
            Segment::attach(fd.as_fd(), e),
            Err(Error::Segment(SegmentError::TokenMismatch { .. }))
        ));
        let mut e = expect_of(&seg);
        e.n_pes = 4;
        assert!(matches!(
            Segment::attach(fd.as_fd(), e),
            Err(Error::Segment(SegmentError::PeCountMismatch {
                found: 2,
                expected: 4
            }))
        ));
    }

    #[test]
    fn wrong_magic_version_mode_and_size_are_refused() {
        // magic
        let (seg, fd, _) = Segment::create(2, 1 << 16).unwrap();
        let e = expect_of(&seg);
        rustix::io::pwrite(&fd, b"NOTSHMEM", 0).unwrap();
        let err = Segment::attach(fd.as_fd(), e).unwrap_err();
        assert!(
            matches!(err, Error::Segment(SegmentError::BadMagic { .. })),
            "{err}"
        );
        assert!(err.to_string().contains("not a shmem segment"));
        // version (bytes 8..12)
        let (seg, fd, _) = Segment::create(2, 1 << 16).unwrap();
        let e = expect_of(&seg);
        rustix::io::pwrite(&fd, &99u32.to_ne_bytes(), 8).unwrap();
        assert!(matches!(
            Segment::attach(fd.as_fd(), e),
            Err(Error::Segment(SegmentError::VersionMismatch {
                found: 99,
                ..
            }))
        ));
        // mode
        let (seg, fd, _) = Segment::create(2, 1 << 16).unwrap();
        let e = expect_of(&seg);
        rustix::fs::fchmod(&fd, rustix::fs::Mode::from_raw_mode(0o644)).unwrap();
        assert!(matches!(
            Segment::attach(fd.as_fd(), e),
            Err(Error::Segment(SegmentError::BadMode { mode: 0o644 }))
        ));
        // size: the (sealed) file is shorter than the header says
        let (seg, fd, _) = Segment::create(2, 1 << 16).unwrap();
        let e = expect_of(&seg);
        let short = sealed_copy(&fd, seg.len() as u64 - 4096, sys::SEGMENT_SEALS);
        assert!(matches!(
            Segment::attach(short.as_fd(), e),
            Err(Error::Segment(SegmentError::SizeMismatch { .. }))
        ));
    }

    /// A memfd of `len` bytes holding `fd`'s first bytes, sealed with `seals`.
    fn sealed_copy(fd: &OwnedFd, len: u64, seals: rustix::fs::SealFlags) -> OwnedFd {
        let copy = rustix::fs::memfd_create("copy", rustix::fs::MemfdFlags::ALLOW_SEALING).unwrap();
        rustix::fs::fchmod(&copy, rustix::fs::Mode::from_raw_mode(0o600)).unwrap();
        rustix::fs::ftruncate(&copy, len).unwrap();
        let mut head = vec![0u8; 4096];
        rustix::io::pread(fd, &mut head, 0).unwrap();
        rustix::io::pwrite(&copy, &head, 0).unwrap();
        rustix::fs::fcntl_add_seals(&copy, seals).unwrap();
        copy
    }

    /// A segment file whose size is not sealed is refused before anything is mapped: every
    /// seal of [`REQUIRED_SEALS`] is needed, and the error names what the file has.
    #[test]
    fn files_without_the_size_seals_are_refused() {
        use rustix::fs::SealFlags;
        let (seg, fd, _) = Segment::create(1, 1 << 16).unwrap();
        let e = expect_of(&seg);
        let len = seg.len() as u64;
        assert_eq!(
            sys::file_facts(fd.as_fd()).unwrap().seals,
            REQUIRED_SEALS,
            "create seals its memfd"
        );
        for seals in [
            SealFlags::empty(),
            SealFlags::GROW | SealFlags::SEAL,
            SealFlags::SHRINK | SealFlags::SEAL,
            SealFlags::SHRINK | SealFlags::GROW,
        ] {
            let copy = sealed_copy(&fd, len, seals);
            let have = sys::file_facts(copy.as_fd()).unwrap().seals;
            match Segment::attach(copy.as_fd(), e) {
                Err(Error::Segment(SegmentError::NotSealed { seals, required })) => {
                    assert_eq!((seals, required), (have, REQUIRED_SEALS))
                }
                other => panic!("seals {have:#x} not refused: {other:?}"),
            }
        }
        let full = sealed_copy(&fd, len, sys::SEGMENT_SEALS);
        assert!(Segment::attach(full.as_fd(), e).is_ok());
        let facts = FileFacts {
            uid: 7,
            mode: 0o600,
            size: len,
            seals: REQUIRED_SEALS & !(SealFlags::SHRINK.bits()),
        };
        assert_eq!(
            validate(facts, 7, &seg.header(), e),
            Err(SegmentError::NotSealed {
                seals: facts.seals,
                required: REQUIRED_SEALS
            })
        );
    }

    #[test]
    fn validate_refuses_foreign_owner_and_inconsistent_header() {
        let mut h = layout(4, 1 << 16).unwrap();
        h.job_token = 5;
        let facts = FileFacts {
            uid: 1000,
            mode: 0o600,
            size: h.total_size,
            seals: REQUIRED_SEALS,
        };
        let e = Expect {
            job_token: 5,
            n_pes: 4,
        };
        assert_eq!(validate(facts, 1000, &h, e), Ok(()));
        assert_eq!(
            validate(facts, 0, &h, e),
            Err(SegmentError::NotOwner { owner: 1000, me: 0 })
        );
        // The header's own numbers disagree: the error names the field and both values, never
        // "file has N bytes, header describes N".
        let mut bad = h;
        bad.partition_offset += 8;
        let err = validate(facts, 1000, &bad, e).unwrap_err();
        assert_eq!(
            err,
            SegmentError::HeaderInconsistent {
                field: "partition_offset",
                found: h.partition_offset + 8,
                expected: h.partition_offset,
            }
        );
        assert!(
            err.to_string().contains("partition_offset"),
            "{err}: names the field"
        );
        let mut bad = h;
        bad.total_size += 4096;
        let file_matches = FileFacts {
            size: bad.total_size,
            ..facts
        };
        let err = validate(file_matches, 1000, &bad, e).unwrap_err();
        assert_eq!(
            err,
            SegmentError::HeaderInconsistent {
                field: "total_size",
                found: h.total_size + 4096,
                expected: h.total_size,
            }
        );
        let text = err.to_string();
        assert!(
            text.contains("total_size")
                && text.contains(&(h.total_size + 4096).to_string())
                && text.contains(&h.total_size.to_string()),
            "{text}"
        );
        for (field, value) in [("slot_size", 512u64), ("control_offset", 0)] {
            let mut bad = h;
            match field {
                "slot_size" => bad.slot_size = value,
                _ => bad.control_offset = value,
            }
            assert!(matches!(
                validate(facts, 1000, &bad, e),
                Err(SegmentError::HeaderInconsistent { field: f, found, .. }) if f == field && found == value
            ));
        }
        let mut bad = h;
        bad.partition_size = 1000;
        assert!(matches!(
            validate(facts, 1000, &bad, e),
            Err(SegmentError::HeaderInconsistent {
                field: "partition_size",
                found: 1000,
                expected: 4096
            })
        ));
        // A consistent header on a file of another size: SizeMismatch, two different numbers.
        let short = FileFacts {
            size: h.total_size - 4096,
            ..facts
        };
        assert_eq!(
            validate(short, 1000, &h, e),
            Err(SegmentError::SizeMismatch {
                file: h.total_size - 4096,
                header: h.total_size
            })
        );
    }

    #[test]
    fn partition_pointers_are_bounds_checked() {
        let (seg, _fd, _) = Segment::create(2, 1 << 16).unwrap();
        let a = seg.partition_ptr(0, 0, 8) as usize;
        let b = seg.partition_ptr(1, 0, 8) as usize;
        assert_eq!(b - a, seg.partition_size());
        assert!(std::panic::catch_unwind(|| seg.partition_ptr(1, (1 << 16) - 4, 8)).is_err());
        assert!(std::panic::catch_unwind(|| seg.partition_ptr(2, 0, 1)).is_err());
        assert!(std::panic::catch_unwind(|| seg.partition_ptr(0, usize::MAX, 2)).is_err());
    }
}
