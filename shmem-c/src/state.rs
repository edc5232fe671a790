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
    /// Address of this PE's partition and its size.
    base: usize,
    psize: usize,
    /// Address of partition 0: partition `p` starts at `seg_lo + p * psize`.
    seg_lo: usize,
    n_pes: usize,
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

#[cold]
fn not_initialized(call: &str) -> ! {
    fail(call, format_args!("called before shmem_init"))
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
    let base = seg.partition_ptr(rt.my_pe(), 0, 0) as usize;
    let seg_lo = seg.partition_ptr(0, 0, 0) as usize;
    let state = State {
        rt,
        base,
        psize: seg.partition_size(),
        seg_lo,
        n_pes: rt.n_pes(),
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
        self.rt.my_pe()
    }

    /// Number of PEs.
    #[inline(always)]
    pub(crate) fn n_pes(&self) -> usize {
        self.n_pes
    }

    /// `pe` as an index, or the end of the job with a message naming `call`.
    #[inline(always)]
    pub(crate) fn pe(&self, call: &str, pe: i32) -> usize {
        match usize::try_from(pe) {
            Ok(p) if p < self.n_pes => p,
            _ => fail(
                call,
                format_args!("invalid PE {pe} (the job has {} PEs)", self.n_pes),
            ),
        }
    }

    /// The symmetric offset of `len` bytes at `addr` (this PE's address of a symmetric
    /// object: the symmetric heap or the program's globals), or `None`.
    #[inline(always)]
    pub(crate) fn try_sym(&self, addr: *const c_void, len: usize) -> Option<usize> {
        let a = addr as usize;
        let end = a.checked_add(len)?;
        if a >= self.base && end <= self.base + self.psize {
            return Some(a - self.base);
        }
        self.globals.offset(a, end)
    }

    /// [`State::try_sym`], or the end of the job with a message naming `call` and `what`.
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
            fail(
                call,
                format_args!("{what} {addr:p} is not aligned to {len} bytes"),
            );
        }
        off
    }

    #[cold]
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
    /// in the segment (or the globals) and partly not ends the job.
    #[inline(always)]
    pub(crate) fn local(&self, call: &str, what: &str, addr: *const c_void, len: usize) -> Local {
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
        // This PE's own partition first: the usual place of a symmetric source or target,
        // found without the division below.
        if a >= self.base && end <= self.base + self.psize {
            return Local::Sym(self.me(), a - self.base);
        }
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
            Some(Some(off)) => Local::Sym(self.me(), off),
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
