//! The process's one runtime, as the C API sees it: set up by `shmem_init`, reached by every
//! call, and the translation of C addresses into symmetric offsets.
//!
//! # Threads
//! The level is chosen once, by the first initialization (`shmem_init_thread`):
//!
//! * **`SHMEM_THREAD_SERIALIZED`** (and below; `shmem_init`'s level): any thread may call, one
//!   at a time, the C caller ordering its calls (e.g. with a mutex). No lock anywhere: a lock
//!   per `shmem_long_p` would cost more than the store.
//! * **`SHMEM_THREAD_MULTIPLE`**: calls come from any number of threads at once, and the
//!   runtime (`Runtime`, its transport, this state's `RefCell`s) is `!Sync`. Two ways in:
//!   - the one-sided calls (RMA, AMOs, signals, waits and tests, fence and quiet, the `ctx`
//!     forms; [`st_unlocked`]) take no lock. They touch no part of the runtime: only this
//!     state's address translation (immutable after init), the context table (atomics) and
//!     [`State::path`], a `ThreadPath` (`Sync`, every segment access an atomic of the
//!     element's size; `crate::threads`). So a thread's put never waits for another
//!     thread's collective, which may be waiting for that very put on another PE;
//!   - every other call ([`st`]: collectives, barriers, allocation, teams, context creation,
//!     locks, init and finalize, queries) holds [`SERIAL`], one process-wide mutex, for its
//!     whole duration, so the runtime is used by one thread at a time, as at `SERIALIZED`.
//!
//!   The hot paths of the one-sided calls stay the `SERIALIZED` code with no test of the
//!   level: at `MULTIPLE` their address windows (`State::fast_own`,
//!   `Globals::no_fast_path`) are empty, so every call goes to its out-of-line path, which
//!   branches to the thread path.

use std::cell::{Cell, RefCell, UnsafeCell};
use std::collections::HashMap;
use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use shmem_core::collectives::{DATA_CAPACITY, SyncArea, TEAM_POOL_BYTES, area_bytes};
use shmem_core::config::MpiThreads;
use shmem_core::threads::ThreadPath;
use shmem_core::transport::Transport;
use shmem_core::wait::AnyCursor;
use shmem_core::{AllocRequest, Allocation, DefaultTransport, Error, Runtime};

use crate::globals::{self, Globals};
use crate::team::Team;

/// What `shmem_init` built. Lives until the process exits (the runtime is leaked on purpose:
/// the program's globals live in its segment, and C code may touch them after finalize).
pub(crate) struct State {
    pub(crate) rt: &'static Runtime,
    /// Address of this PE's partition and its size (the segment's `partition_size`).
    base: usize,
    psize: usize,
    /// Address of partition 0: partition `p` starts at `seg_lo + p * psize`.
    seg_lo: usize,
    /// The segment's PE count (the job's).
    n_pes: usize,
    /// `seg_lo` and `base` as pointers into the segment's mapping (`State::at`).
    seg0: *mut u8,
    base_ptr: *mut u8,
    /// This PE (the runtime's, kept here so the hot paths read it without a pointer chase).
    me: usize,
    /// The program's data and bss, living in this PE's partition.
    globals: Globals,
    /// `shmem_malloc`'d blocks by offset, with their sizes.
    allocs: RefCell<HashMap<usize, (Allocation<'static>, usize)>>,
    /// `SHMEM_TEAM_WORLD`'s sync area and the team pool (one heap block allocated at init).
    world_area: SyncArea,
    pub(crate) pool: usize,
    _world_block: Allocation<'static>,
    /// The teams, by handle (`crate::team`).
    pub(crate) teams: RefCell<HashMap<usize, Team>>,
    /// The created contexts, by handle, with the team each was made on (`crate::ctx`).
    pub(crate) ctxs: Contexts,
    /// The hot paths' window on this PE's partition, `(start, size)`: `base` and `psize`
    /// below `MULTIPLE`; empty (size 0) at `MULTIPLE`, as is the globals' first span for the
    /// hot paths then (`Globals::no_fast_path`), so that no call takes a hot path, which
    /// uses the runtime's transport (`State::sym_fast`). Empty, too, after the last
    /// `shmem_finalize`, so that every call goes to the path that says so
    /// ([`State::hot_paths`]).
    fast_own: Cell<(usize, usize)>,
    /// At `SHMEM_THREAD_MULTIPLE`, the way of every thread into the segment: the one-sided
    /// calls use it instead of the transport (`crate::threads`). `None` below `MULTIPLE`.
    pub(crate) path: Option<ThreadPath<'static>>,
    /// At `MULTIPLE`, the `_any` waits' and tests' rotations (the runtime's own `AnyCursor`
    /// is not `Sync`, and the calls do not hold `SERIAL`): one per array and routine, as below
    /// `MULTIPLE`, shared by the threads.
    pub(crate) any_cursor: Mutex<AnyCursor>,
    /// Written under [`SERIAL`] (init, finalize); an atomic so that
    /// `shmem_query_initialized` reads it without the lock.
    pub(crate) finalized: AtomicBool,
    /// Initialization calls not yet matched by `shmem_finalize` (OpenSHMEM 1.6: init may be
    /// called several times; the last matching finalize finalizes).
    pub(crate) inits: std::cell::Cell<u32>,
}

/// The cell holding the state.
struct StateCell(UnsafeCell<Option<State>>);

// SAFETY: the cell is written once, by the first `init`, before any other call of the
// process can reach it (the C caller starts with `shmem_init`, and starts the threads that
// call at `MULTIPLE` afterwards: `pthread_create` orders the write before them), and never
// again; after that only shared references exist. What those references reach from several
// threads at once is sound:
// * below `MULTIPLE`, nothing is reached from two threads at once: the C caller's contract
//   (`SHMEM_THREAD_SERIALIZED`, crate docs) is that calls do not overlap and that calls
//   from different threads are ordered by its own synchronization, which is then like
//   moving the runtime (`Send`) from one thread to the next;
// * at `MULTIPLE`, every call that uses the `!Sync` parts (the runtime and its transport,
//   the `RefCell`s and `Cell`s below) holds `SERIAL` for its whole duration ([`st`]), so they
//   are used by one thread at a time, each lock ordered after the previous unlock. The calls
//   that do not hold it ([`st_unlocked`]) read only fields written once at init (addresses,
//   sizes, the globals' spans, `path`; the hot windows, `Cell`s that `State::hot_paths`
//   writes again at finalize and re-init only below `MULTIPLE`) and atomics (`ctxs`,
//   `finalized`) and `any_cursor` (a mutex), and
//   reach the segment only through `path`, a `ThreadPath`, which is `Sync`. Of the runtime
//   they use only what init set and nothing changes: `shmem_ptr`'s `ShmTransport::maps`
//   (the job's node map) and `Segment::partition_ptr`, and `fail`'s `global_exit`, which
//   reads such fields and stores atomics before it ends the process.
unsafe impl Sync for StateCell {}

static STATE: StateCell = StateCell(UnsafeCell::new(None));

/// `SHMEM_THREAD_FUNNELED`, `SHMEM_THREAD_SERIALIZED` and `SHMEM_THREAD_MULTIPLE` (`shmem.h`).
const THREAD_FUNNELED: c_int = 1;
const THREAD_SERIALIZED: c_int = 2;
pub(crate) const THREAD_MULTIPLE: c_int = 3;

/// Whether the level provided is `SHMEM_THREAD_MULTIPLE`: set once, by the first `init`,
/// before the program's other threads call (so a relaxed load sees it).
static MULTIPLE: AtomicBool = AtomicBool::new(false);

/// The level `shmem_init_thread` provided (`shmem_query_thread`): set by the first `init`.
static PROVIDED: AtomicI32 = AtomicI32::new(THREAD_SERIALIZED);

/// The level provided: what `shmem_query_thread` reports.
pub(crate) fn provided() -> c_int {
    PROVIDED.load(Ordering::Relaxed)
}

/// At `SHMEM_THREAD_MULTIPLE`, held by every call that uses the runtime (the crate docs'
/// "every other call"), for the whole call. Re-entrant per thread through [`HOLDS`] (some
/// calls are made of others: `shmem_realloc` of `shmem_malloc`).
static SERIAL: Mutex<()> = Mutex::new(());

thread_local! {
    /// Whether this thread holds [`SERIAL`] (an outer call of this thread took it).
    static HOLDS: Cell<bool> = const { Cell::new(false) };
}

/// The state for a call that may use the runtime: holds [`SERIAL`] while it lives, at
/// `MULTIPLE` (nothing below it).
pub(crate) struct Held {
    s: &'static State,
    guard: Option<MutexGuard<'static, ()>>,
}

impl std::ops::Deref for Held {
    type Target = State;
    #[inline(always)]
    fn deref(&self) -> &State {
        self.s
    }
}

impl Drop for Held {
    #[inline(always)]
    fn drop(&mut self) {
        if self.guard.is_some() {
            HOLDS.with(|h| h.set(false));
        }
    }
}

/// Takes [`SERIAL`] at `MULTIPLE` unless this thread holds it already.
#[inline(always)]
fn serial() -> Option<MutexGuard<'static, ()>> {
    if !MULTIPLE.load(Ordering::Relaxed) {
        return None;
    }
    take_serial()
}

#[inline(never)]
fn take_serial() -> Option<MutexGuard<'static, ()>> {
    if HOLDS.with(Cell::get) {
        return None;
    }
    // A panic cannot happen while it is held (it would abort at the C boundary), so a
    // poisoned lock is only a formality.
    let g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    HOLDS.with(|h| h.set(true));
    Some(g)
}

/// Prints `shmem: CALL: MESSAGE` on stderr and ends the job: through the runtime's
/// `global_exit(1)` when there is one (the launcher stops every PE and names this one), else
/// by exiting with status 1.
#[cold]
pub(crate) fn fail(call: &str, msg: std::fmt::Arguments<'_>) -> ! {
    // One write, so the lines of PEs that fail together do not interleave.
    let line = format!("shmem: {call}: {msg}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    crate::setup::ENDING_JOB.store(true, Ordering::Relaxed);
    match current() {
        Some(st) => st.rt.global_exit(1),
        None => std::process::exit(1),
    }
}

/// The state, if `shmem_init` ran.
pub(crate) fn current() -> Option<&'static State> {
    // SAFETY: the cell is written once, by the first `init`, which no other call of the
    // process overlaps (the C caller starts with `shmem_init` and starts its other threads
    // afterwards; see `StateCell`), and never again: no `&mut` exists while this `&` is used.
    unsafe { (*STATE.0.get()).as_ref() }
}

/// Whether the library is initialized now: `shmem_init` ran and the last matching
/// `shmem_finalize` did not.
pub(crate) fn initialized() -> bool {
    current().is_some_and(|s| !s.finalized.load(Ordering::Acquire))
}

/// The state, for `call`, which may use the runtime: at `MULTIPLE` the returned guard holds
/// [`SERIAL`]. Ends the process with a message when `shmem_init` has not run, or when the
/// last `shmem_finalize` has (one relaxed load and a branch that is never taken: nothing
/// beside a collective's or an allocation's own work).
#[inline(always)]
pub(crate) fn st(call: &str) -> Held {
    let held = st_finalized(call);
    if held.finalized.load(Ordering::Relaxed) {
        after_finalize(call);
    }
    held
}

/// [`st`], also after the last `shmem_finalize` (`shmem_finalize` itself).
#[inline(always)]
pub(crate) fn st_finalized(call: &str) -> Held {
    let guard = serial();
    Held {
        s: st_unlocked(call),
        guard,
    }
}

/// The state, for a one-sided `call` that holds no lock at any level: at `MULTIPLE` it must
/// not use the runtime (`State::rt`, `State::t`, the `RefCell`s) but [`State::path`]
/// (`crate::threads`); below, it is the hot path of the `SERIALIZED` library, unchanged.
/// Ends the process with a message when `shmem_init` has not run.
#[inline(always)]
pub(crate) fn st_unlocked(call: &str) -> &'static State {
    match current() {
        Some(s) => s,
        None => not_initialized(call),
    }
}

/// The offset of the `len` bytes at `a` in the `size` bytes at `lo`, if they lie there
/// (`a >= lo && a + len <= lo + size`, for a range `lo..lo + size` that does not wrap the
/// address space, with `size <= usize::MAX / 2`), in two compares and no overflow: an `a`
/// below `lo` wraps to an offset above `usize::MAX - lo`, which is above `size`; once both
/// the offset and `len` are at most `size` (the first compare: `x | y` is at least the larger
/// of the two and at most their sum), their sum cannot overflow.
#[inline(always)]
pub(crate) fn within(a: usize, len: usize, lo: usize, size: usize) -> Option<usize> {
    let off = a.wrapping_sub(lo);
    if (off | len) <= size && off + len <= size {
        Some(off)
    } else {
        // Keeps the two compares as branches on the hot path (not flags combined first).
        std::hint::cold_path();
        None
    }
}

#[cold]
#[inline(never)]
fn not_initialized(call: &str) -> ! {
    fail(call, format_args!("called before shmem_init"))
}

#[cold]
#[inline(never)]
fn after_finalize(call: &str) -> ! {
    fail(
        call,
        format_args!("called after shmem_finalize (and before another shmem_init)"),
    )
}

#[cold]
#[inline(never)]
fn misaligned(call: &str, what: &str, addr: *const c_void, len: usize) -> ! {
    fail(
        call,
        format_args!("{what} {addr:p} is not aligned to {len} bytes"),
    )
}

/// Where a local buffer of the C caller lives.
#[derive(Clone, Copy)]
pub(crate) enum Local {
    /// In a partition of the segment (symmetric memory, this PE's or, through `shmem_ptr`,
    /// another's): reached through the transport, never as a Rust slice.
    Sym(usize, usize),
    /// Ordinary process memory.
    Plain,
}

/// `shmem_init_thread` asking for `requested` (`None`: `shmem_init`); returns the level
/// provided. The first call chooses the level:
/// * `SHMEM_THREAD_MULTIPLE` when asked for and the runtime has a `ThreadPath` (every job on
///   one node; under MPI with several nodes, when MPI runs at `MPI_THREAD_MULTIPLE`, which is
///   asked for here);
/// * else the request, at most `SHMEM_THREAD_SERIALIZED` (`shmem_init`: that level), which
///   under MPI with several nodes needs MPI at `MPI_THREAD_SERIALIZED` (asked for when the
///   request is `SERIALIZED` or more; `shmem_init` keeps MPI's faster `MPI_THREAD_SINGLE`
///   unless `SHMEM_MPI_THREADS` says otherwise);
/// * where MPI runs lower than that needs (a program that initialized MPI itself, or
///   `shmem_init` there), at most `SHMEM_THREAD_FUNNELED`: only the thread that initialized
///   may call.
///
/// A call while initialized only counts one more initialization, which one more
/// `shmem_finalize` must match (OpenSHMEM 1.6), and provides the level chosen first.
pub(crate) fn init(call: &str, requested: Option<c_int>) -> c_int {
    let _serial = serial();
    if current().is_some() {
        init_again(call);
        return provided();
    }
    let asked = requested.unwrap_or(THREAD_SERIALIZED);
    let mpi = match requested {
        Some(THREAD_MULTIPLE) => MpiThreads::Multiple,
        Some(l) if l >= THREAD_SERIALIZED => MpiThreads::Serialized,
        _ => MpiThreads::Single,
    };
    let rt = init_first(call, mpi);
    let level = if MULTIPLE.load(Ordering::Relaxed) {
        THREAD_MULTIPLE
    } else if rt.any_thread() {
        asked.clamp(0, THREAD_SERIALIZED)
    } else {
        asked.clamp(0, THREAD_FUNNELED)
    };
    PROVIDED.store(level, Ordering::Relaxed);
    level
}

/// [`init`] of an initialized process.
fn init_again(call: &str) {
    if let Some(s) = current() {
        if s.finalized.load(Ordering::Relaxed) {
            // Initialized again after the last finalize (OpenSHMEM 1.6): the same job, heap
            // and globals, after a barrier.
            s.rt.revive()
                .unwrap_or_else(|e| fail(call, format_args!("{e}")));
            s.finalized.store(false, Ordering::Release);
            s.inits.set(1);
            s.hot_paths(true);
            return;
        }
        s.inits.set(s.inits.get().saturating_add(1));
    }
}

/// [`init`]'s first call: the runtime (MPI asked for at least `mpi`) and the state, at
/// `MULTIPLE` when `mpi` asks for it and it is available.
fn init_first(call: &str, mpi: MpiThreads) -> &'static Runtime {
    let multiple = mpi == MpiThreads::Multiple;
    if shmem_core::runtime::initialized() {
        fail(
            call,
            format_args!("another shmem runtime is already running in this process"),
        );
    }
    let spans = globals::find().unwrap_or_else(|e| fail(call, format_args!("{e}")));
    let snapshot = globals::snapshot(&spans);
    let descs = globals::descs(&spans, &snapshot);
    // SHMEM_SYMMETRIC_SIZE is the heap's size, beside the globals (`shmemrun` sizes the
    // partition so too).
    shmem_core::runtime::statics_beside_heap();
    let (rt, layout) = match Runtime::init_threads(&descs, mpi) {
        Ok(r) => r,
        Err(Error::StaticsTooLarge { needed, available }) => fail(
            call,
            format_args!(
                "the program's global and static data need {needed} bytes of symmetric \
                 memory per PE, but the partition has {available} (shmemrun adds them to \
                 SHMEM_SYMMETRIC_SIZE for a program that needs libshmem.so, not for one \
                 linked with libshmem.a): raise SHMEM_SYMMETRIC_SIZE (shmemrun --heap-size)"
            ),
        ),
        Err(e) => fail(call, format_args!("{e}")),
    };
    let rt: &'static Runtime = Box::leak(Box::new(rt));
    rt.end_mpi_at_exit();
    let globals = globals::adopt(rt, &spans, &snapshot, &layout.offsets)
        .unwrap_or_else(|e| fail(call, format_args!("{e}")));
    let t = rt.transport();
    let world_area = area_bytes(DATA_CAPACITY);
    let bytes = world_area + TEAM_POOL_BYTES;
    let block = rt
        .alloc(AllocRequest::object::<State>(bytes, 128, 1, 0), |off| {
            t.fill(t.my_pe(), off, bytes, 0)
        })
        .unwrap_or_else(|e| fail(call, format_args!("{e}")));
    let seg = rt.segment();
    let base_ptr = seg.partition_ptr(rt.my_pe(), 0, 0);
    let seg0 = seg.partition_ptr(0, 0, 0);
    let (base, seg_lo) = (base_ptr as usize, seg0 as usize);
    // `State::own`'s single compare needs it; a segment is far smaller (`Segment::create`).
    assert!(seg.partition_size() <= usize::MAX / 2);
    let path = if multiple { rt.thread_path() } else { None };
    if let Some(p) = path {
        // Other threads of this PE may be working while the thread that made the last
        // call waits: the launcher's deadlock check looks at all of its threads (as for a
        // live Rust context).
        p.enter();
    }
    let fast_own = match path {
        None => (base, seg.partition_size()),
        Some(_) => {
            globals.no_fast_path();
            (base, 0)
        }
    };
    let state = State {
        rt,
        base,
        psize: seg.partition_size(),
        seg_lo,
        n_pes: seg.n_pes(),
        seg0,
        base_ptr,
        me: rt.my_pe(),
        globals,
        allocs: RefCell::new(HashMap::new()),
        world_area: SyncArea::new(block.offset(), DATA_CAPACITY),
        pool: block.offset() + world_area,
        _world_block: block,
        teams: RefCell::new(HashMap::new()),
        ctxs: Contexts::default(),
        fast_own: Cell::new(fast_own),
        path,
        any_cursor: Mutex::new(AnyCursor::default()),
        finalized: AtomicBool::new(false),
        inits: std::cell::Cell::new(1),
    };
    // SAFETY: no state exists yet (checked above), so no reference into the cell exists;
    // this is the process's first call (the program's other threads start after it, see
    // `StateCell`), so nothing reads the cell while it is written.
    unsafe { *STATE.0.get() = Some(state) };
    MULTIPLE.store(path.is_some(), Ordering::Relaxed);
    if let Some(s) = current() {
        crate::inline::publish(s, path.is_none() && t.maps_all());
    }
    crate::setup::finalize_at_exit();
    rt
}

impl State {
    /// The transport.
    #[inline(always)]
    pub(crate) fn t(&self) -> &'static DefaultTransport {
        self.rt.transport()
    }

    /// What a failed test calls before it returns (`Transport::poll`, `ThreadPath::poll` at
    /// `MULTIPLE`): a C program loops on `shmem_test`, `shmem_test_lock`...
    #[cold]
    pub(crate) fn poll(&self) {
        match self.path {
            Some(path) => path.poll(),
            None => self.t().poll(),
        }
    }

    /// The hot paths' window on this PE's partition, `(start, size)` (empty at `MULTIPLE`).
    pub(crate) fn fast_window(&self) -> (usize, usize) {
        self.fast_own.get()
    }

    /// Opens (`on`: an initialization after the last finalize) or closes (`shmem_finalize`)
    /// the hot paths' windows and `shmem.h`'s inline table, so that a call after the last
    /// finalize reaches its out-of-line path, where [`State::sym`] ends the job with
    /// "called after shmem_finalize". Nothing to do at `MULTIPLE`, where they stay empty.
    ///
    /// The windows are `Cell`s written here with no lock: below `MULTIPLE` calls do not
    /// overlap (the C caller's contract), and finalize and init are calls.
    pub(crate) fn hot_paths(&self, on: bool) {
        if self.path.is_some() {
            return;
        }
        if on {
            self.fast_own.set((self.base, self.psize));
            self.globals.fast_path();
        } else {
            self.fast_own.set((self.base, 0));
            self.globals.no_fast_path();
        }
        crate::inline::publish(self, on && self.t().maps_all());
    }

    /// The first span of the globals as the hot paths see it: (live start, length,
    /// symmetric offset); no range of a byte or more lies in it at `MULTIPLE`.
    pub(crate) fn fast_globals(&self) -> (usize, usize, usize) {
        self.globals.first_span()
    }

    /// Where partition 0 starts in this process.
    pub(crate) fn seg0_addr(&self) -> usize {
        self.seg_lo
    }

    /// This PE.
    #[inline(always)]
    pub(crate) fn me(&self) -> usize {
        self.me
    }

    /// Number of PEs.
    #[inline(always)]
    pub(crate) fn n_pes(&self) -> usize {
        self.n_pes
    }

    /// `pe` as an index, or the end of the job with a message naming `call`. The index is
    /// below the segment's PE count (what `State::at` needs).
    #[inline(always)]
    pub(crate) fn pe(&self, call: &str, pe: i32) -> usize {
        // One compare: a negative `pe` becomes 2^31 or more as a `u32`, never below `n_pes`
        // (at most 4096).
        let p = pe as u32 as usize;
        if p < self.n_pes {
            p
        } else {
            self.bad_pe(call, pe)
        }
    }

    #[cold]
    #[inline(never)]
    fn bad_pe(&self, call: &str, pe: i32) -> ! {
        fail(
            call,
            format_args!("invalid PE {pe} (the job has {} PEs)", self.n_pes),
        )
    }

    /// The offset of `len` bytes at `a` in this PE's own partition, if they lie in it: the
    /// usual place of a symmetric object (the heap), tested first on every path, in two
    /// compares. The same bytes as `a >= base && a + len <= base + psize` (`within`).
    #[inline(always)]
    pub(crate) fn own(&self, a: usize, len: usize) -> Option<usize> {
        within(a, len, self.base, self.psize)
    }

    /// This PE's pointer to offset `off` of `pe`'s partition: what the segment's
    /// `partition_ptr(pe, off, len)` returns, without its check (partition `p` starts at
    /// `seg0 + p * psize`), for the transport's `_at`/`_located` calls.
    ///
    /// # Safety
    /// `pe < n_pes` and `off + len <= psize` for the `len` bytes the caller reaches: what
    /// `State::pe` and `State::sym`/`State::sym_fast`/`State::local` establish.
    #[inline(always)]
    pub(crate) unsafe fn at(&self, pe: usize, off: usize) -> *mut u8 {
        // SAFETY: `pe * psize + off <= n_pes * psize`, inside the mapping that holds all the
        // partitions from `seg0` on (caller).
        unsafe { self.seg0.add(pe * self.psize + off) }
    }

    /// [`State::at`] for the hot paths: the partition size read from the window
    /// `State::sym_fast` just compared with (the same value, since a hot path runs only when
    /// that window is not empty, below `MULTIPLE`), so the compiler reuses the load.
    ///
    /// # Safety
    /// As [`State::at`], with `off` from a `Some` of [`State::sym_fast`].
    #[inline(always)]
    pub(crate) unsafe fn at_fast(&self, pe: usize, off: usize) -> *mut u8 {
        // SAFETY: `sym_fast` found something, so the level is below `MULTIPLE` and
        // `fast_own.1` is `psize` (`init`): this is `State::at` (caller).
        unsafe { self.seg0.add(pe * self.fast_own.get().1 + off) }
    }

    /// [`State::at`] for this PE (one add).
    ///
    /// # Safety
    /// `off + len <= psize` for the `len` bytes the caller reaches.
    #[inline(always)]
    pub(crate) unsafe fn at_own(&self, off: usize) -> *mut u8 {
        // SAFETY: this PE's partition is the `psize` bytes from `base_ptr` (caller).
        unsafe { self.base_ptr.add(off) }
    }

    /// [`State::try_sym`]'s usual cases alone, with no call: the own partition, or the first
    /// span of the globals. `None` sends the caller to its out-of-line path, which calls
    /// `sym`/`local` (same checks, same messages): the hot path then holds nothing across a
    /// call and saves no registers. A `Some` offset satisfies what [`State::sym`] promises.
    /// For `len` of at least 1 (`Globals::first_offset`).
    ///
    /// At `MULTIPLE` the windows it looks in are empty (`State::fast_own`,
    /// `Globals::no_fast_path`), so it returns
    /// `None` for every address: the hot paths, which use the transport, are never taken.
    #[inline(always)]
    pub(crate) fn sym_fast(&self, addr: *const c_void, len: usize) -> Option<usize> {
        let (lo, size) = self.fast_own.get();
        match within(addr as usize, len, lo, size) {
            Some(off) => Some(off),
            None => self.globals.first_offset(addr as usize, len),
        }
    }

    /// The symmetric offset of `len` bytes at `addr` (this PE's address of a symmetric
    /// object: the symmetric heap or the program's globals), or `None`.
    #[inline(always)]
    pub(crate) fn try_sym(&self, addr: *const c_void, len: usize) -> Option<usize> {
        match self.own(addr as usize, len) {
            Some(off) => Some(off),
            None => self.globals.offset(addr as usize, len),
        }
    }

    /// [`State::try_sym`], or the end of the job with a message naming `call` and `what`.
    ///
    /// The offset and the `len` bytes from it lie in the partition (`off + len <= psize`: the
    /// what `State::at` needs): the own partition's by `State::own`;
    /// a span of the globals by `Globals::offset`, and every span's copy lies in the
    /// partition (`globals::adopt` located it with the segment's checked `partition_ptr`).
    ///
    /// After the last `shmem_finalize` it ends the job with "called after shmem_finalize":
    /// every one-sided call reaches it then ([`State::hot_paths`]).
    #[inline(always)]
    pub(crate) fn sym(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> usize {
        match self.try_sym(addr, len) {
            Some(o) if !self.finalized.load(Ordering::Relaxed) => o,
            _ => self.not_symmetric(call, what, addr, len),
        }
    }

    /// [`State::sym`] for an object of `align` bytes alignment (atomics, `p`/`g`, waits).
    #[inline(always)]
    pub(crate) fn sym_word(
        &self,
        call: &str,
        what: &str,
        addr: *const c_void,
        len: usize,
    ) -> usize {
        let off = self.sym(call, what, addr, len);
        if !(addr as usize).is_multiple_of(len) {
            misaligned(call, what, addr, len);
        }
        off
    }

    #[cold]
    #[inline(never)]
    fn not_symmetric(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> ! {
        if self.finalized.load(Ordering::Relaxed) {
            after_finalize(call);
        }
        fail(
            call,
            format_args!(
                "{what} {addr:p} ({len} bytes) is not symmetric: not in the symmetric heap \
                 (shmem_malloc) nor in the program's global or static data"
            ),
        )
    }

    /// Where the caller's local buffer of `len` bytes at `addr` lives; a buffer that is partly
    /// in the segment (or the globals) and partly not ends the job. A `Local::Sym(p, off)`
    /// has `p` below the PE count and `off + len <= psize`, as [`State::sym`]: its own
    /// partition by `State::own`, another by the division below (`p < n_pes` as `a <
    /// seg_hi`, and the range is inside partition `p` or the job ends), the globals as in
    /// `sym`.
    #[inline(always)]
    pub(crate) fn local(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> Local {
        // This PE's own partition first: the usual place of a symmetric source or target,
        // found without the checks below (an address in it is neither NULL nor wrapping).
        match self.own(addr as usize, len) {
            Some(off) => Local::Sym(self.me, off),
            None => self.local_elsewhere(call, what, addr, len),
        }
    }

    /// [`State::local`] outside the own partition: another PE's partition (an address from
    /// `shmem_ptr`), the program's globals, or ordinary memory.
    #[inline(never)]
    fn local_elsewhere(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> Local {
        let a = addr as usize;
        if a == 0 && len > 0 {
            fail(call, format_args!("{what} is NULL"));
        }
        let Some(end) = a.checked_add(len) else {
            fail(
                call,
                format_args!("{what} {addr:p} + {len} bytes wraps around"),
            )
        };
        let seg_hi = self.seg_lo + self.n_pes * self.psize;
        if end > self.seg_lo && a < seg_hi {
            let p = (a.max(self.seg_lo) - self.seg_lo) / self.psize;
            let lo = self.seg_lo + p * self.psize;
            if a < lo || end > lo + self.psize {
                fail(
                    call,
                    format_args!("{what} {addr:p} ({len} bytes) straddles symmetric memory"),
                );
            }
            return Local::Sym(p, a - lo);
        }
        match self.globals.overlap(a, end) {
            None => Local::Plain,
            Some(Some(off)) => Local::Sym(self.me, off),
            Some(None) => fail(
                call,
                format_args!("{what} {addr:p} ({len} bytes) straddles the program's globals"),
            ),
        }
    }

    /// This PE's address of symmetric offset `off` on `pe` (`shmem_ptr`): the live global for
    /// this PE's globals, else the partition's bytes.
    pub(crate) fn addr_of(&self, pe: usize, off: usize) -> *mut c_void {
        if pe == self.me()
            && let Some(a) = self.globals.address(off)
        {
            return a as *mut c_void;
        }
        self.rt.segment().partition_ptr(pe, off, 0).cast()
    }

    /// Records a `shmem_malloc`'d block.
    pub(crate) fn keep(&self, a: Allocation<'static>, len: usize) -> *mut c_void {
        let off = a.offset();
        self.allocs.borrow_mut().insert(off, (a, len));
        self.addr_of(self.me(), off)
    }

    /// Takes back the block `ptr` points to (`shmem_free`, `shmem_realloc`).
    pub(crate) fn take(&self, call: &str, ptr: *const c_void) -> (Allocation<'static>, usize) {
        let off = self.try_sym(ptr, 0);
        match off.and_then(|o| self.allocs.borrow_mut().remove(&o)) {
            Some(a) => a,
            None => fail(
                call,
                format_args!("{ptr:p} is not a block returned by shmem_malloc (or it was freed)"),
            ),
        }
    }

    /// Bytes from symmetric offset `off` to the end of the region that holds it (a span of
    /// the program's globals, or the partition).
    pub(crate) fn room(&self, off: usize) -> usize {
        self.globals
            .span_end(off)
            .unwrap_or(self.psize)
            .saturating_sub(off)
    }

    /// `SHMEM_TEAM_WORLD`'s sync area.
    pub(crate) fn world_area(&self) -> SyncArea {
        self.world_area
    }
}

/// How many contexts a PE may have at once (`shmem_ctx_create` returns nonzero beyond).
pub(crate) const MAX_CTXS: usize = 1024;

/// The created contexts: handle `h` (2 and up) is entry `h - 2`, holding the handle of the
/// team it was made on (nonzero), or 0 when free. Atomics, so that the one-sided `ctx` forms
/// check their handle from any thread without a lock; entries are claimed and freed only
/// under [`SERIAL`] (`shmem_ctx_create`, `shmem_ctx_destroy`).
pub(crate) struct Contexts(Box<[AtomicUsize]>);

impl Default for Contexts {
    fn default() -> Contexts {
        Contexts((0..MAX_CTXS).map(|_| AtomicUsize::new(0)).collect())
    }
}

impl Contexts {
    /// The team of the live context `handle`, if it is one.
    #[inline(always)]
    pub(crate) fn team(&self, handle: usize) -> Option<usize> {
        let t = self.0.get(handle.wrapping_sub(2))?.load(Ordering::Acquire);
        (t != 0).then_some(t)
    }

    /// A new context on `team` (nonzero), its handle; `None` when every entry is taken. Only
    /// under [`SERIAL`] (or below `MULTIPLE`), so no two callers claim one entry.
    pub(crate) fn claim(&self, team: usize) -> Option<usize> {
        let i = self.0.iter().position(|e| e.load(Ordering::Relaxed) == 0)?;
        self.0[i].store(team, Ordering::Release);
        Some(i + 2)
    }

    /// Frees the live context `handle` (as [`Contexts::claim`], under [`SERIAL`]).
    pub(crate) fn release(&self, handle: usize) {
        if let Some(e) = self.0.get(handle.wrapping_sub(2)) {
            e.store(0, Ordering::Release);
        }
    }
}
