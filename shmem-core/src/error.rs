//! The one error type of the runtime, re-exported by `shmem`.

use std::io;

/// Why the shared segment handed to a PE was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SegmentError {
    /// The first eight bytes are not the shmem magic: this is not a shmem segment.
    #[error("not a shmem segment (magic {found:#018x}, expected {expected:#018x})")]
    BadMagic {
        /// What the header holds.
        found: u64,
        /// [`crate::segment::MAGIC`].
        expected: u64,
    },
    /// Made by another version of the runtime (launcher and program disagree).
    #[error(
        "segment layout version {found}, this runtime speaks {expected}: rebuild the program \
         and shmemrun from the same shmem version"
    )]
    VersionMismatch {
        /// What the header holds.
        found: u32,
        /// [`crate::segment::LAYOUT_VERSION`].
        expected: u32,
    },
    /// The header belongs to another job.
    #[error(
        "segment belongs to another job (token {found:#x}, this PE was started for {expected:#x})"
    )]
    TokenMismatch {
        /// What the header holds.
        found: u64,
        /// What the launcher told this PE.
        expected: u64,
    },
    /// The file is owned by another user.
    #[error("segment file is owned by uid {owner}, not by this process's uid {me}")]
    NotOwner {
        /// `st_uid` of the file.
        owner: u32,
        /// `geteuid()`.
        me: u32,
    },
    /// Group or others may access the file.
    #[error("segment file has mode {mode:#o}; only 0600 is accepted")]
    BadMode {
        /// `st_mode & 0o7777`.
        mode: u32,
    },
    /// The file's size disagrees with the header's (self-consistent) total.
    #[error("segment size mismatch: file has {file} bytes, header describes {header}")]
    SizeMismatch {
        /// `st_size`.
        file: u64,
        /// The header's `total_size`.
        header: u64,
    },
    /// The header's own numbers disagree: a field differs from what the header's PE count and
    /// partition size imply.
    #[error("segment header is inconsistent: {field} is {found}, the layout needs {expected}")]
    HeaderInconsistent {
        /// The header field.
        field: &'static str,
        /// Its value.
        found: u64,
        /// The value the layout implies.
        expected: u64,
    },
    /// The file is too short to hold a header.
    #[error("segment file has {file} bytes, too small for a shmem header ({header} bytes)")]
    TooSmall {
        /// `st_size`.
        file: u64,
        /// Size of the header.
        header: u64,
    },
    /// The header's PE count disagrees with what the launcher told this PE.
    #[error("segment is for {found} PEs, this PE was started as one of {expected}")]
    PeCountMismatch {
        /// What the header holds.
        found: u32,
        /// What the launcher told this PE.
        expected: u32,
    },
    /// The file's size is not sealed: whoever holds it could shrink it under the mapping (a
    /// segment is a memfd sealed at creation, `Segment::create`).
    #[error(
        "segment file has seals {seals:#x}, not {required:#x}: its size could change under the \
         mapping (not a memfd made by Segment::create; a shmemrun older than this runtime \
         makes unsealed ones: rebuild both from the same shmem version)"
    )]
    NotSealed {
        /// The file's `F_GET_SEALS` (0 for a file that takes no seals).
        seals: u32,
        /// [`crate::segment::REQUIRED_SEALS`].
        required: u32,
    },
}

/// A PE asked for the membership proof of an active set it does not belong to. A small `Copy`
/// value, so callers can branch on it (`if let Ok(member) = set.member(&shmem)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("PE {pe} is not a member of the active set (start {start}, stride {stride}, size {size})")]
pub struct NotAMember {
    /// The PE that asked.
    pub pe: usize,
    /// First PE of the set.
    pub start: usize,
    /// Distance between members.
    pub stride: usize,
    /// Number of members.
    pub size: usize,
}

/// Every error the runtime reports. `#[non_exhaustive]`: match with a wildcard arm.
///
/// Its `Debug` form is its one-line message (the `Display` form), as `anyhow`'s is: a `main`
/// that returns `Result<(), shmem::Error>` prints `Error: ` and that line, and so do
/// `unwrap` and `expect`. Match on the variant (or read its fields) to tell errors apart.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A PE number outside `0..n_pes`.
    #[error("PE {pe} does not exist (the job has {n_pes} PEs)")]
    InvalidPe {
        /// The number given.
        pe: usize,
        /// The job's PE count.
        n_pes: usize,
    },
    /// Contexts (one-sided operations from other threads) cannot be made in this job.
    #[error("contexts are not available: {why}")]
    ContextsUnavailable {
        /// Why.
        why: &'static str,
    },
    /// A store (a put or an atomic that writes) through a context made with
    /// `CtxOptions::NOSTORE`.
    #[error("this context was made with SHMEM_CTX_NOSTORE and performs no stores")]
    ContextNoStore,
    /// An RMA call in an access epoch to a PE outside the epoch's group (`Window::start`).
    #[error("PE {pe} is not in this access epoch's group")]
    NotInEpochGroup {
        /// The PE named.
        pe: usize,
    },
    /// A window operation or epoch naming a PE that is not a member of the window's team
    /// (`TeamWindow`).
    #[error("PE {pe} is not a member of this window's team")]
    NotInWindow {
        /// The PE named (world number).
        pe: usize,
    },
    /// A passive-target epoch asked for on a window target where this PE already holds an
    /// epoch it conflicts with (`Window::lock`): an exclusive one, or a shared one when the
    /// new epoch is exclusive. Waiting would wait for this PE itself; end the held epoch
    /// first. (Shared epochs on one target share this PE's hold of its lock.)
    #[error(
        "this PE already holds a {held:?} epoch on PE {pe} of this window: a {asked:?} epoch there would wait for itself"
    )]
    EpochHeld {
        /// The target (world number).
        pe: usize,
        /// The mode of the epoch this PE holds there.
        held: RwKind,
        /// The mode asked for.
        asked: RwKind,
    },
    /// A transfer or element index past the end of a symmetric object.
    #[error(
        "out of bounds: {len} element(s) at index {start} of a symmetric object of {object_len}"
    )]
    OutOfBounds {
        /// First element touched.
        start: usize,
        /// Number of elements touched.
        len: usize,
        /// Length of the symmetric object.
        object_len: usize,
    },
    /// A strided transfer whose stride is zero or whose last element is out of range.
    #[error("invalid stride: {what}")]
    InvalidStride {
        /// What is wrong.
        what: &'static str,
    },
    /// The symmetric heap cannot satisfy a collective allocation; reported on every PE, and the
    /// heap is unchanged.
    #[error(
        "symmetric heap exhausted: {requested} bytes requested, largest free block is {available} bytes (set SHMEM_SYMMETRIC_SIZE or shmemrun --heap-size)"
    )]
    HeapExhausted {
        /// Bytes asked for.
        requested: usize,
        /// Largest free block.
        available: usize,
    },
    /// The members of a collective call (or of a collective allocation) passed different
    /// values for an argument that must be equal on all of them: the set, the pSync or team,
    /// the target or source object, a count, the root, the operation, the element type, a
    /// size, alignment or lock home, or the objects freed since the previous allocation.
    /// Every member gets this same error (naming the set's first member and the first member
    /// that differs from it), and the call had no effect.
    #[error(
        "collective argument mismatch: {what} is {value} on PE {pe} but {other} on PE {other_pe}"
    )]
    ArgumentMismatch {
        /// Which argument.
        what: &'static str,
        /// The first member of the set (or PE 0 for allocations).
        pe: usize,
        /// Its value, as text.
        value: String,
        /// The first member whose value differs.
        other_pe: usize,
        /// That member's value, as text.
        other: String,
    },
    /// A local check of a collective call failed on some members only (a target too short, a
    /// root out of range, a `SyncBuf` of another set, a heap that is full on one PE, ...):
    /// every member gets this same error, naming the first member (in set order) whose check
    /// failed and its error, and the call had no effect. (When the check fails on every
    /// member with the same error, that error is returned as it is.)
    #[error("collective call refused by PE {pe}: {source}")]
    Refused {
        /// The first member whose check failed.
        pe: usize,
        /// Its error.
        source: Box<Error>,
    },
    /// An active set `(PE_start, logPE_stride, PE_size)` that does not fit the job: the size
    /// is zero, or the last member `start + (size - 1) * 2^log_stride` is not below `n_pes`.
    #[error(
        "invalid active set (PE_start {start}, logPE_stride {log_stride}, PE_size {size}) for {n_pes} PEs: it needs PE_size > 0 and PE_start + (PE_size - 1) * 2^logPE_stride < {n_pes}"
    )]
    InvalidActiveSet {
        /// `PE_start`.
        start: usize,
        /// `logPE_stride`.
        log_stride: u32,
        /// `PE_size`.
        size: usize,
        /// The job's PE count.
        n_pes: usize,
    },
    /// A collective was asked of a PE outside its active set.
    #[error(transparent)]
    NotAMember(#[from] NotAMember),
    /// A `SyncBuf` made for one active set was passed to a collective over another.
    #[error(
        "this SyncBuf belongs to the active set (start {made_for:?}) and cannot synchronize the set {used_with:?}; make one SyncBuf per active set"
    )]
    SyncBufSetMismatch {
        /// `(start, stride, size)` of the set the buffer was made for.
        made_for: (usize, usize, usize),
        /// `(start, stride, size)` of the set it was used with.
        used_with: (usize, usize, usize),
    },
    /// A broadcast root that is not a member of the set or team.
    #[error(
        "broadcast root PE {root} is not a member of the set or team \
         (start {}, stride {}, size {})",
        set.0,
        set.1,
        set.2
    )]
    InvalidRoot {
        /// World PE number of the root given.
        root: usize,
        /// `(start, stride, size)` of the set or team, in world PE numbers (a team's stride
        /// is negative when it is numbered downwards).
        set: (usize, isize, usize),
    },
    /// `split_strided` / `split_2d` parameters that select PEs outside the parent team.
    #[error(
        "invalid team split (start {start}, stride {stride}, size {size}) of a team of {parent_size} PEs"
    )]
    InvalidTeamSplit {
        /// First member, as an index in the parent team.
        start: usize,
        /// Stride in the parent team (negative: the new team is numbered downwards).
        stride: isize,
        /// Number of members.
        size: usize,
        /// Members of the parent team.
        parent_size: usize,
    },
    /// Every team slot is in use (reported on every PE of the parent team).
    #[error(
        "no team slot is free: at most {max} split teams can exist at once besides the world \
         and the shared team"
    )]
    TeamsExhausted {
        /// Split teams that can exist at once (besides the world and the shared team).
        max: usize,
    },
    /// A collective whose target and source share bytes (possible only with a `#[symmetric]`
    /// static as the target: heap objects are kept apart by borrows).
    #[error(
        "a collective's target (symmetric offset {target_offset}) and source (symmetric offset {source_offset}) overlap"
    )]
    TargetSourceOverlap {
        /// Symmetric offset of the target.
        target_offset: usize,
        /// Symmetric offset of the source.
        source_offset: usize,
    },
    /// A put-with-signal whose signal word lies inside the data's target range.
    #[error(
        "the signal at symmetric offset {signal} overlaps the put's target ({len} bytes at offset {start})"
    )]
    SignalOverlap {
        /// Symmetric offset of the signal word.
        signal: usize,
        /// Symmetric offset of the target range.
        start: usize,
        /// Bytes of the target range.
        len: usize,
    },
    /// Source and target lengths differ where they must match.
    #[error("length mismatch: {what}: {left} vs {right}")]
    LengthMismatch {
        /// Which lengths.
        what: &'static str,
        /// First length.
        left: usize,
        /// Second length.
        right: usize,
    },
    /// The PEs do not all run the same set of `#[symmetric]` statics (different binaries).
    #[error(
        "symmetric statics differ between PEs (layout hash {mine:#x} here, {theirs:#x} on PE {other_pe}): every PE must run the same program"
    )]
    StaticsMismatch {
        /// This PE's hash.
        mine: u64,
        /// The other PE.
        other_pe: usize,
        /// Its hash.
        theirs: u64,
    },
    /// The symmetric statics do not fit in the symmetric area.
    #[error("symmetric statics need {needed} bytes, the symmetric area has {available}")]
    StaticsTooLarge {
        /// Bytes the statics need.
        needed: usize,
        /// Size of one PE's symmetric area.
        available: usize,
    },
    /// `init` was called while a runtime handle is alive in this process.
    #[error("shmem is already initialized in this process")]
    AlreadyInitialized,
    /// `init` was called again after a launched PE's runtime was finalized and dropped rather
    /// than kept ([`KeptRuntime`](crate::KeptRuntime): what the `shmem` handle does, except
    /// under an MPI that the program initialized itself).
    #[error(
        "shmem was finalized and its runtime freed; this PE cannot initialize again (under an \
         MPI that the program initialized itself, shmem frees its windows at finalize)"
    )]
    Finalized,
    /// This process is not the one `shmemrun` started as PE `pe` (nor that process's program
    /// under a wrapper such as `perf record` or `sh -c`): for instance a child that a PE
    /// started, which inherited the launcher's environment and segment descriptor. Nothing was
    /// written into the job's segment.
    #[error(
        "process {pid} may not initialize as PE {pe}: {why} (shmemrun started process \
         {launched} as PE {pe})"
    )]
    NotLaunchedPe {
        /// The PE number in the environment.
        pe: usize,
        /// This process.
        pid: u32,
        /// The process the launcher started as that PE (0: none recorded).
        launched: u32,
        /// Which check failed.
        why: &'static str,
    },
    /// Another process already initialized as PE `pe`: a PE is claimed once, by one process.
    /// Nothing was written into the job's segment.
    #[error(
        "PE {pe} was already claimed by process {by_pid}; a PE initializes once, in one process"
    )]
    PeClaimed {
        /// The PE number in the environment.
        pe: usize,
        /// The process that claimed it.
        by_pid: u32,
    },
    /// `init` was called again in a launched process whose earlier `init` failed. The first
    /// launched `init` takes the segment descriptor the launcher left open (and closes it once
    /// mapped, or on failure), so its number may now belong to another file: it is never
    /// adopted twice.
    #[error(
        "the launcher's segment was already taken by an earlier init in this process; a PE \
         started by shmemrun initializes once (a failed init cannot be retried)"
    )]
    SegmentTaken,
    /// The environment set by `shmemrun` is malformed.
    #[error("bad launcher environment: {0}")]
    Bootstrap(String),
    /// The job cannot start the way it was launched: the MPI library refused something the
    /// transport needs (a window, a thread level), or an MPI launcher started a program built
    /// without the `mpi` feature. The message names the cause and the remedy.
    #[error("cannot start the job: {0}")]
    Start(String),
    /// A configuration value (environment variable or flag) could not be parsed.
    #[error("bad configuration {name}={value:?}: {why}")]
    Config {
        /// Variable or flag.
        name: &'static str,
        /// Its value.
        value: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// The job's shared memory cannot fit in this machine's memory: refused before any PE
    /// starts.
    #[error(
        "the job needs {total} bytes of shared memory ({n_pes} PEs x {symmetric_size} symmetric \
         bytes, plus control), more than this machine's {mem_total} bytes of memory (MemTotal): \
         lower --heap-size / SHMEM_SYMMETRIC_SIZE or -n"
    )]
    JobTooLarge {
        /// PEs asked for.
        n_pes: usize,
        /// Symmetric bytes per PE asked for (statics and heap).
        symmetric_size: usize,
        /// Bytes of the whole segment.
        total: u64,
        /// The machine's memory.
        mem_total: u64,
    },
    /// The shared segment was refused.
    #[error("shared segment refused: {0}")]
    Segment(#[from] SegmentError),
    /// A system call failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: &'static str,
        /// The OS error.
        source: io::Error,
    },
}

impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl Error {
    pub(crate) fn io(what: &'static str) -> impl FnOnce(io::Error) -> Error {
        move |source| Error::Io { what, source }
    }
}

/// The two modes of the reader/writer lock ([`crate::rwlock`]; here, below it, because
/// [`Error`] names them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RwKind {
    /// Shared: readers hold the lock together.
    Shared,
    /// Exclusive: one writer holds it alone.
    Exclusive,
}

/// `Result` with the runtime's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
