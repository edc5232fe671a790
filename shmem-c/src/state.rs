//! The process's one runtime, as the C API sees it: set up by `shmem_init`, reached by every
//! call, and the translation of C addresses into symmetric offsets.
//!
//! # Threads
//! The library provides `SHMEM_THREAD_SERIALIZED`: any thread may call, one at a time (the
//! C caller orders its calls, e.g. with a mutex). The state below is therefore a plain cell
//! with no lock on the fast path: a lock per `shmem_long_p` would cost more than the store.

use std::cell::{RefCell, UnsafeCell};
use std::collections::HashMap;
use std::ffi::c_void;

use shmem_core::collectives::{DATA_CAPACITY, SyncArea, TEAM_POOL_BYTES, area_bytes};
use shmem_core::transport::Transport;
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
    pub(crate) ctxs: RefCell<HashMap<usize, usize>>,
    pub(crate) finalized: std::cell::Cell<bool>,
    /// Initialization calls not yet matched by `shmem_finalize` (OpenSHMEM 1.6: init may be
    /// called several times; the last matching finalize finalizes).
    pub(crate) inits: std::cell::Cell<u32>,
}

/// The cell holding the state.
struct StateCell(UnsafeCell<Option<State>>);

// SAFETY: the C API's contract (`SHMEM_THREAD_SERIALIZED`, stated on every exported function
// through the crate docs) is that no two calls run at the same time, and that the caller orders
// calls made from different threads (the happens-before edge of its own synchronization). So
// the state is never accessed from two threads at once: sharing the cell is like moving the
// runtime (which is `Send`) from one thread to the next.
unsafe impl Sync for StateCell {}

static STATE: StateCell = StateCell(UnsafeCell::new(None));

/// Prints `shmem: CALL: MESSAGE` on stderr and ends the job: through the runtime's
/// `global_exit(1)` when there is one (the launcher stops every PE and names this one), else
/// by exiting with status 1.
#[cold]
pub(crate) fn fail(call: &str, msg: std::fmt::Arguments<'_>) -> ! {
    // One write, so the lines of PEs that fail together do not interleave.
    let line = format!("shmem: {call}: {msg}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    match current() {
        Some(st) => st.rt.global_exit(1),
        None => std::process::exit(1),
    }
}

/// The state, if `shmem_init` ran.
fn current() -> Option<&'static State> {
    // SAFETY: the cell is written only by `init` (before any other call can reach it: the C
    // caller starts with `shmem_init`) and never again; calls are serialized (see
    // `StateCell`), so no `&mut` exists while this `&` is used.
    unsafe { (*STATE.0.get()).as_ref() }
}

/// Whether the library is initialized now: `shmem_init` ran and the last matching
/// `shmem_finalize` did not.
pub(crate) fn initialized() -> bool {
    current().is_some_and(|s| !s.finalized.get())
}

/// The state, for `call`; ends the process with a message when `shmem_init` has not run.
#[inline(always)]
pub(crate) fn st(call: &str) -> &'static State {
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
fn misaligned(call: &str, what: &str, addr: *const c_void, len: usize) -> ! {
    fail(
        call,
        format_args!("{what} {addr:p} is not aligned to {len} bytes"),
    )
}

/// Where a local buffer of the C caller lives.
pub(crate) enum Local {
    /// In a partition of the segment (symmetric memory, this PE's or, through `shmem_ptr`,
    /// another's): reached through the transport, never as a Rust slice.
    Sym(usize, usize),
    /// Ordinary process memory.
    Plain,
}

/// `shmem_init`/`shmem_init_thread`. A call while initialized only counts one more
/// initialization, which one more `shmem_finalize` must match (OpenSHMEM 1.6).
pub(crate) fn init(call: &str) {
    if let Some(s) = current() {
        if s.finalized.get() {
            // Initialized again after the last finalize (OpenSHMEM 1.6): the same job, heap
            // and globals, after a barrier.
            s.rt.revive()
                .unwrap_or_else(|e| fail(call, format_args!("{e}")));
            s.finalized.set(false);
            s.inits.set(1);
            return;
        }
        s.inits.set(s.inits.get().saturating_add(1));
        return;
    }
    if shmem_core::runtime::initialized() {
        fail(
            call,
            format_args!("another shmem runtime is already running in this process"),
        );
    }
    let spans = globals::find().unwrap_or_else(|e| fail(call, format_args!("{e}")));
    let snapshot = globals::snapshot(&spans);
    let descs = globals::descs(&spans, &snapshot);
    let (rt, layout) = match Runtime::init(&descs) {
        Ok(r) => r,
        Err(Error::StaticsTooLarge { needed, available }) => fail(
            call,
            format_args!(
                "the program's global and static data need {needed} bytes of symmetric \
                 memory per PE, but the partition has {available}: raise \
                 SHMEM_SYMMETRIC_SIZE (shmemrun --heap-size)"
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
        ctxs: RefCell::new(HashMap::new()),
        finalized: std::cell::Cell::new(false),
        inits: std::cell::Cell::new(1),
    };
    // SAFETY: no state exists yet (checked above), so no reference into the cell exists;
    // calls are serialized, so nothing reads it while it is written.
    unsafe { *STATE.0.get() = Some(state) };
}

impl State {
    /// The transport.
    #[inline(always)]
    pub(crate) fn t(&self) -> &'static DefaultTransport {
        self.rt.transport()
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
    #[inline(always)]
    pub(crate) fn sym_fast(&self, addr: *const c_void, len: usize) -> Option<usize> {
        match self.own(addr as usize, len) {
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
    #[inline(always)]
    pub(crate) fn sym(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> usize {
        match self.try_sym(addr, len) {
            Some(o) => o,
            None => self.not_symmetric(call, what, addr, len),
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
