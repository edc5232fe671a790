//! [`Net`]: RMA and atomics to other nodes' partitions through the job's window, with
//! staging for buffers outside the segment, and the byte moves of the MPI collectives.

use std::cell::{Cell, RefCell};
use std::ffi::{c_int, c_void};

use mpi::ffi;

use crate::pe_set::PeSet;
use crate::transport::{AmoOp, AmoWord, Pending, PendingOp, Word};

use super::*;

/// The most bytes one MPI call moves (counts are `int`).
pub(super) const CHUNK: usize = 1 << 30;

/// The predefined datatype of a word of `size` bytes.
/// `MPI_Iprobe` on `comm` for any message, received nothing: what a waiter calls now and
/// then so that MPI's progress engine serves operations that need this process.
///
/// # Safety
/// `comm` is a live communicator that the calling thread may use.
pub(super) unsafe fn probe(comm: ffi::MPI_Comm) {
    let mut flag: c_int = 0;
    // SAFETY: `comm` as the caller says; `flag` is an out-pointer; `MPI_STATUS_IGNORE` is
    // predefined.
    unsafe {
        ffi::MPI_Iprobe(
            ffi::RSMPI_ANY_SOURCE,
            ffi::RSMPI_ANY_TAG,
            comm,
            &mut flag,
            ffi::RSMPI_STATUS_IGNORE,
        )
    };
}

/// Reads to other nodes in flight together, each with its caller's tag: started with
/// [`Net::read_word_start`] and [`Net::read_start`], finished one at a time with
/// [`Net::read_next`], so that reads of several PEs cost about one round trip, not one each.
///
/// Dropping it waits for those still in flight (`MPI_Waitall`): their destinations, which the
/// caller keeps valid until then, are written no later. Declare the destinations before it.
#[derive(Default)]
pub(crate) struct Reads {
    reqs: Vec<ffi::MPI_Request>,
    tags: Vec<usize>,
}

impl Reads {
    fn push(&mut self, req: ffi::MPI_Request, tag: usize) {
        self.reqs.push(req);
        self.tags.push(tag);
    }
}

impl Drop for Reads {
    fn drop(&mut self) {
        if self.reqs.is_empty() {
            return;
        }
        // SAFETY: `reqs` holds active requests of this process (started by this `Net`, on the
        // MPI thread, which alone holds a `Reads`), as many as the count says.
        unsafe {
            ffi::MPI_Waitall(
                count(self.reqs.len()),
                self.reqs.as_mut_ptr(),
                ffi::RSMPI_STATUSES_IGNORE,
            )
        };
    }
}

/// The origin of an `MPI_NO_OP` accumulate, which MPI never reads ([`Net::rget_accumulate`]):
/// a word that lives for ever, not null, which a library might check.
const NO_ORIGIN: *const u64 = &0;

/// Most PEs a completion drains ([`Net::drain`]); one that wrote to more flushes at once.
const DRAIN_MAX: usize = 16;

/// The PEs written since the last completion, under `own_waits` ([`Net::drain`]): up to
/// [`DRAIN_MAX`] of them, in place (operations allocate nothing).
#[derive(Clone, Copy, Default)]
struct Written {
    pes: [usize; DRAIN_MAX],
    /// PEs in `pes`; `DRAIN_MAX + 1` once more were written.
    len: usize,
}

impl Written {
    /// Notes `pe`.
    fn add(&mut self, pe: usize) {
        if self.len > DRAIN_MAX || self.pes[..self.len].contains(&pe) {
            return;
        }
        if self.len == DRAIN_MAX {
            self.len = DRAIN_MAX + 1;
        } else {
            self.pes[self.len] = pe;
            self.len += 1;
        }
    }

    /// The PEs noted, unless there were too many.
    fn pes(&self) -> Option<&[usize]> {
        self.pes.get(..self.len)
    }

    /// Whether `pe` may have been written (always, once there were too many to note).
    fn covers(&self, pe: usize) -> bool {
        self.pes().is_none_or(|pes| pes.contains(&pe))
    }
}
/// Tests that [`Net::complete`] spins through before it yields.
const OWN_SPIN: u32 = 16;
/// How long [`Net::complete`] yields between tests before it sleeps between them.
const OWN_YIELD_FOR: std::time::Duration = std::time::Duration::from_millis(5);
/// [`Net::complete`]'s sleep between tests after [`OWN_YIELD_FOR`].
const OWN_SLEEP: std::time::Duration = std::time::Duration::from_micros(50);

/// `$net`'s collective call: the blocking `MPI_$blocking(args)`, or under
/// [`Net::own_waits`](Net) the nonblocking `MPI_$started(args, &mut request)` finished in
/// [`Net::complete`]. The caller's `// SAFETY:` covers the arguments, which both forms take
/// alike (MPI-3 defines each nonblocking collective as its blocking one with a request).
macro_rules! collective {
    ($net:expr, $blocking:ident, $started:ident, $($arg:expr),+ $(,)?) => {{
        let net: &Net = $net;
        if net.own_waits {
            // SAFETY: reading a predefined handle value.
            let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
            // SAFETY: the caller's arguments; `req` is a local request variable, finished
            // before this returns (so the buffers outlive the operation).
            unsafe { ffi::$started($($arg),+, &mut req) };
            net.wait_request(req);
        } else {
            // SAFETY: the caller's arguments.
            unsafe { ffi::$blocking($($arg),+) };
        }
    }};
}

/// Where this path's operations since the last completion went ([`Net::quiet`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dirty {
    /// Nowhere: nothing to complete.
    Clean,
    /// To one PE only.
    One(usize),
    /// To several PEs.
    Many,
}

pub(super) fn word_type(size: usize) -> ffi::MPI_Datatype {
    // SAFETY: predefined handle values, read once.
    unsafe {
        match size {
            1 => ffi::RSMPI_UINT8_T,
            2 => ffi::RSMPI_UINT16_T,
            4 => ffi::RSMPI_UINT32_T,
            8 => ffi::RSMPI_UINT64_T,
            _ => unreachable!("words are 1, 2, 4 or 8 bytes"),
        }
    }
}

pub(super) fn bytes_type() -> ffi::MPI_Datatype {
    word_type(1)
}

/// An MPI count for `bytes` (callers refuse sizes over [`MAX_COLLECTIVE_BYTES`] first).
pub(super) fn count(bytes: usize) -> c_int {
    c_int::try_from(bytes).expect("collective sizes are checked against MAX_COLLECTIVE_BYTES")
}

/// Largest contribution (bytes per member, or per pair of members for an all-to-all) that one
/// MPI collective call moves: MPI counts are `int`.
pub(crate) const MAX_COLLECTIVE_BYTES: usize = i32::MAX as usize;

/// A PE's way to the other nodes of a multi-node job: the window that exposes every PE's
/// partition to every rank, where each partition starts in it, and the communicators of the
/// active sets and teams (module docs).
pub(crate) struct Net {
    win: ffi::MPI_Win,
    /// Offset of each rank's partition in its part of `win`.
    disp: Vec<ffi::MPI_Aint>,
    /// Whether each PE shares this PE's node.
    local: Vec<bool>,
    world: ffi::MPI_Comm,
    /// Communicators made for sets other than the world (no area), and for teams (the
    /// team's sync area), freed on drop.
    comms: RefCell<Vec<(CommKey, ffi::MPI_Comm)>>,
    /// Which PEs this path's puts, word stores and request-based operations since the last
    /// completion went to.
    dirty: Cell<Dirty>,
    /// Under `own_waits`: the PEs that `dirty` covers, which a completion drains first
    /// ([`Net::drain`]).
    written: RefCell<Written>,
    /// Calls of [`Net::progress`].
    polls: Cell<u32>,
    /// Where small puts and word stores copy their source, so that they return without an
    /// `MPI_Win_flush_local` ([`Stage`]).
    stage: Stage,
    /// MPI runs at `MPI_THREAD_SINGLE` ([`on_mpi_thread`]).
    single: bool,
    /// MPI runs at `MPI_THREAD_MULTIPLE`: other threads may reach other nodes ([`NetPath`]).
    multiple: bool,
    /// This PE waits for its gets, fetching atomics, requests and barriers itself
    /// ([`Net::complete`]), testing them between yields, instead of in MPI's blocking calls:
    /// under every library but Open MPI (see [`Net::complete`]).
    own_waits: bool,
}

/// Bytes of a PE's staging buffer.
pub(super) const STAGE_BYTES: usize = 64 * 1024;
/// Largest put that is staged: a larger one waits for `MPI_Win_flush_local` instead (its copy
/// would cost more than the flush). A 4 KiB copy costs about 0.1 µs; the `flush_local` it
/// saves, a round trip of `osc pt2pt` across hosts (`put_flush_local_all_lat_4096` 16.6–19.4
/// µs against `put_flush_lat_4096` 13.0–16.0 µs, `bench/results/hosts`; 512 until
/// 2026-12-05).
pub(super) const STAGED_PUT: usize = 4096;

/// The staging buffer of small puts and word stores. OpenSHMEM lets the caller reuse a put's
/// source on return, and MPI lets an origin buffer be reused only after local completion
/// (`MPI_Win_flush_local`, one more MPI call per put). A small put instead copies its source
/// into the next free bytes here and puts from there, and returns at once.
///
/// Invariant: bytes `used..` hold no origin buffer of an operation that is not locally
/// complete. Bytes are handed out in order and become free again only all together, when
/// every operation is locally complete: after `MPI_Win_flush_all` (`Net::quiet`) or, when the
/// buffer is full, `MPI_Win_flush_local_all`.
pub(super) struct Stage {
    buf: Box<[std::cell::UnsafeCell<u64>]>,
    used: Cell<usize>,
}

impl Stage {
    pub(super) fn new() -> Stage {
        Stage {
            buf: (0..STAGE_BYTES / 8)
                .map(|_| std::cell::UnsafeCell::new(0))
                .collect(),
            used: Cell::new(0),
        }
    }

    /// Copies `len` (at most [`STAGED_PUT`]) bytes from `src` into free bytes of the buffer
    /// (8-aligned), first completing every pending operation locally if it is full; returns
    /// the copy, which stays untouched until the next [`Stage::reset`] or flush here.
    ///
    /// # Safety
    /// `src` is valid for reads of `len` bytes.
    unsafe fn copy(&self, win: ffi::MPI_Win, src: *const u8, len: usize) -> *const u8 {
        debug_assert!(len <= STAGED_PUT);
        let need = len.next_multiple_of(8);
        if self.used.get() + need > STAGE_BYTES {
            // SAFETY: a live window in an epoch. Afterwards no operation reads the buffer.
            unsafe { ffi::MPI_Win_flush_local_all(win) };
            self.used.set(0);
        }
        let at = self.used.get();
        self.used.set(at + need);
        let dst = self.buf[at / 8].get().cast::<u8>();
        // SAFETY: `dst..dst + len` lies in `buf` (`at + need <= STAGE_BYTES`), is free by the
        // invariant (nothing reads or writes it now) and does not overlap `src` (a caller's
        // buffer, never this private one); `src` is readable (caller).
        unsafe { std::ptr::copy_nonoverlapping(src, dst, len) };
        dst
    }

    /// Every operation is locally complete: the whole buffer is free again.
    fn reset(&self) {
        self.used.set(0);
    }
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Net")
            .field("node_pes", &self.local.iter().filter(|&&l| l).count())
            .field("n_pes", &self.local.len())
            .finish_non_exhaustive()
    }
}

// SAFETY: `Net` lives in the runtime's transport, which one thread at a time uses (the runtime
// is not `Sync`); MPI runs at `MPI_THREAD_SERIALIZED` or above, so that thread may change, or
// at `MPI_THREAD_SINGLE`, and then every method checks the thread before it calls MPI
// (`on_mpi_thread`).
unsafe impl Send for Net {}

/// What a kept communicator was made for: a set, and a team's sync area (`None` for a set's
/// own).
type CommKey = (PeSet, Option<usize>);

impl Drop for Net {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return; // as in `MpiOwner::drop`
        }
        for (_, mut c) in self.comms.take() {
            // SAFETY: made by `comm`, freed once; every member of its set frees it here, at
            // finalize (each made it in its first collective on the set).
            unsafe { ffi::MPI_Comm_free(&mut c) };
        }
    }
}

impl Net {
    pub(super) fn new(
        win: ffi::MPI_Win,
        disp: Vec<ffi::MPI_Aint>,
        node_of: &[c_int],
        me: usize,
        world: ffi::MPI_Comm,
        single: bool,
        multiple: bool,
    ) -> Net {
        Net {
            win,
            disp,
            local: node_of.iter().map(|&n| n == node_of[me]).collect(),
            world,
            comms: RefCell::new(Vec::new()),
            dirty: Cell::new(Dirty::Clean),
            written: RefCell::new(Written::default()),
            polls: Cell::new(0),
            stage: Stage::new(),
            single,
            multiple,
            own_waits: !super::start::is_open_mpi(),
        }
    }

    /// Waits until `done()` says this PE's requests are finished (`done` tests them: `MPI_Test`
    /// and its kin drive MPI's progress), handing the CPU to other processes between tests.
    ///
    /// Why not MPI's own blocking calls everywhere: a process that waits in them spins in
    /// MPI's progress loop. Open MPI's yields there when the node is oversubscribed
    /// (`mpi_yield_when_idle`), but MPICH 4's never does, and its `ch4:ucx` serves another
    /// node's get or atomic on this process's memory with an active message that only this
    /// process's progress answers. With more ranks than CPUs, a waiter that spun kept the CPU
    /// from the target it waited for until the scheduler preempted it: under MPICH at pretend
    /// nodes of one PE, 3 PEs on 2 CPUs, each remote `MPI_Get` took about 1 ms (`examples/ig`,
    /// 4,000 reads in 4.3 s) and the collectives suite 309 s against 52 s on one node.
    ///
    /// The first few tests spin (a get between processes that each have a CPU takes about
    /// 0.4 µs there); then each test follows a `sched_yield`, which returns at once when no
    /// other process wants this CPU; after [`OWN_YIELD_FOR`] each follows a short sleep, so
    /// that a PE waiting for a long while (a barrier behind a slow PE) costs no CPU.
    fn complete(&self, mut done: impl FnMut() -> bool) {
        let mut n = 0u32;
        let mut start = None;
        let mut sleep = false;
        while !done() {
            n = n.wrapping_add(1);
            if n <= OWN_SPIN {
                std::hint::spin_loop();
            } else if sleep {
                std::thread::sleep(OWN_SLEEP);
            } else {
                crate::sys::yield_now();
                let t0 = *start.get_or_insert_with(std::time::Instant::now);
                // reading the clock every 8th yield only, as the shared-memory waits do
                sleep = n.is_multiple_of(8) && t0.elapsed() >= OWN_YIELD_FOR;
            }
        }
    }

    /// Waits for one request: [`Net::complete`] with `MPI_Test`, or `MPI_Wait` where MPI's
    /// own wait serves (under Open MPI).
    fn wait_request(&self, mut req: ffi::MPI_Request) {
        if !self.own_waits {
            // SAFETY: `req` is an active (or null) request of this process.
            unsafe { ffi::MPI_Wait(&mut req, ffi::RSMPI_STATUS_IGNORE) };
            return;
        }
        self.complete(|| {
            let mut flag: c_int = 0;
            // SAFETY: `req` is an active request of this process until it tests complete
            // (then MPI sets it to `MPI_REQUEST_NULL`, and it is not tested again).
            unsafe { ffi::MPI_Test(&mut req, &mut flag, ffi::RSMPI_STATUS_IGNORE) };
            flag != 0
        });
    }

    /// The way of other threads to the other nodes, when MPI runs at `MPI_THREAD_MULTIPLE`.
    pub(crate) fn thread_path(&self) -> Option<NetPath<'_>> {
        self.multiple.then_some(NetPath {
            win: self.win,
            disp: &self.disp,
            local: &self.local,
        })
    }

    /// Whether `pe` shares this PE's node (and so its memory).
    #[inline]
    pub(crate) fn is_local(&self, pe: usize) -> bool {
        self.local[pe]
    }

    #[inline]
    fn disp(&self, pe: usize, offset: usize) -> ffi::MPI_Aint {
        self.disp[pe] + offset as ffi::MPI_Aint
    }

    /// `MPI_Put` of `len` bytes from `src` to `offset` on `pe`; returns once `src` may be
    /// reused: a small put puts from a copy ([`Stage`]), a larger one waits for
    /// `MPI_Win_flush_local`.
    ///
    /// # Safety
    /// `src` must be valid for reads of `len` bytes; the target range is inside `pe`'s
    /// partition (the caller checked it).
    pub(crate) unsafe fn put(&self, pe: usize, offset: usize, src: *const u8, len: usize) {
        on_mpi_thread(self.single);
        self.wrote(pe);
        if len <= STAGED_PUT {
            // SAFETY: `src` is readable for `len` bytes (caller).
            let copy = unsafe { self.stage.copy(self.win, src, len) };
            // SAFETY: `copy` holds `len` bytes that stay untouched until the put is locally
            // complete (`Stage`); the window is in its `lock_all` epoch; the target is inside
            // `pe`'s exposed partition (caller).
            unsafe {
                ffi::MPI_Put(
                    copy.cast::<c_void>(),
                    count(len),
                    bytes_type(),
                    pe as c_int,
                    self.disp(pe, offset),
                    count(len),
                    bytes_type(),
                    self.win,
                )
            };
            return;
        }
        // SAFETY: `src + at` is valid for `n` bytes (caller); the window is in its `lock_all`
        // epoch; the target is inside `pe`'s exposed partition (caller).
        self.in_chunks(pe, offset, len, |at, n, disp, t| unsafe {
            ffi::MPI_Put(
                src.add(at).cast::<c_void>(),
                n,
                t,
                pe as c_int,
                disp,
                n,
                t,
                self.win,
            )
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush_local(pe as c_int, self.win) };
    }

    /// `MPI_Get` of `len` bytes at `offset` on `pe` into `dst`, complete on return.
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and not accessed otherwise meanwhile.
    pub(crate) unsafe fn get(&self, pe: usize, offset: usize, dst: *mut u8, len: usize) {
        on_mpi_thread(self.single);
        if self.own_waits && len <= CHUNK {
            // SAFETY: as this function's contract; the request is finished before return.
            let req = unsafe { self.rget(pe, offset, dst, len) };
            self.wait_request(req);
            return;
        }
        // SAFETY: `dst + at` is valid for `n` bytes (caller); as in `put`.
        self.in_chunks(pe, offset, len, |at, n, disp, t| unsafe {
            ffi::MPI_Get(
                dst.add(at).cast::<c_void>(),
                n,
                t,
                pe as c_int,
                disp,
                n,
                t,
                self.win,
            )
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// `MPI_Rput` of `len` bytes from `src` to `offset` on `pe`. A staged size (or one over
    /// [`CHUNK`]) is put at once by [`Net::put`] and finished on return.
    ///
    /// # Safety
    /// `src` must be valid for reads of `len` bytes and unmodified until the operation is
    /// finished; the target range is inside `pe`'s partition (the caller checked it).
    pub(crate) unsafe fn put_start(
        &self,
        pe: usize,
        offset: usize,
        src: *const u8,
        len: usize,
    ) -> Pending {
        if len <= STAGED_PUT || len > CHUNK {
            // SAFETY: as this function's contract.
            unsafe { self.put(pe, offset, src, len) };
            return Pending::DONE;
        }
        on_mpi_thread(self.single);
        self.wrote(pe);
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `src` stays readable until the request is finished (caller); the window is
        // in its `lock_all` epoch; the target is inside `pe`'s partition (caller); `req` is a
        // local request variable.
        unsafe {
            ffi::MPI_Rput(
                src.cast::<c_void>(),
                count(len),
                bytes_type(),
                pe as c_int,
                self.disp(pe, offset),
                count(len),
                bytes_type(),
                self.win,
                &mut req,
            )
        };
        Pending(PendingOp::Mpi(req))
    }

    /// `MPI_Rget` of `len` bytes at `offset` on `pe` into `dst` (one over [`CHUNK`]: got at
    /// once by [`Net::get`], finished on return).
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and untouched until the operation is
    /// finished; the source range is inside `pe`'s partition (the caller checked it).
    pub(crate) unsafe fn get_start(
        &self,
        pe: usize,
        offset: usize,
        dst: *mut u8,
        len: usize,
    ) -> Pending {
        if len > CHUNK {
            // SAFETY: as this function's contract.
            unsafe { self.get(pe, offset, dst, len) };
            return Pending::DONE;
        }
        on_mpi_thread(self.single);
        // A flush (`quiet`) finishes it too.
        self.wrote(pe);
        // SAFETY: as this function's contract.
        Pending(PendingOp::Mpi(unsafe { self.rget(pe, offset, dst, len) }))
    }

    /// `MPI_Rget` of `len` (at most [`CHUNK`]) bytes at `offset` on `pe` into `dst`: the
    /// request.
    ///
    /// # Safety
    /// `dst` must be valid for writes of `len` bytes and untouched until the request is
    /// finished; the source range is inside `pe`'s partition (the caller checked it).
    unsafe fn rget(&self, pe: usize, offset: usize, dst: *mut u8, len: usize) -> ffi::MPI_Request {
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `dst` stays writable and untouched until the request is finished (caller);
        // the window is in its `lock_all` epoch; the source is inside `pe`'s partition
        // (caller); `req` is a local request variable.
        unsafe {
            ffi::MPI_Rget(
                dst.cast::<c_void>(),
                count(len),
                bytes_type(),
                pe as c_int,
                self.disp(pe, offset),
                count(len),
                bytes_type(),
                self.win,
                &mut req,
            )
        };
        req
    }

    /// `MPI_Test` of a request-based operation; a finished one becomes [`Pending::DONE`].
    pub(crate) fn test(&self, op: &mut Pending) -> bool {
        let PendingOp::Mpi(req) = &mut op.0 else {
            return true;
        };
        on_mpi_thread(self.single);
        let mut flag: c_int = 0;
        // SAFETY: `req` is an active request of this process (MPI_Test sets it to
        // `MPI_REQUEST_NULL` when it completes, and a null request tests complete).
        unsafe { ffi::MPI_Test(req, &mut flag, ffi::RSMPI_STATUS_IGNORE) };
        if flag != 0 {
            op.0 = PendingOp::Done;
        }
        flag != 0
    }

    /// Waits for a request-based operation to finish ([`Net::wait_request`]).
    pub(crate) fn finish(&self, op: Pending) {
        if let PendingOp::Mpi(req) = op.0 {
            on_mpi_thread(self.single);
            self.wait_request(req);
        }
    }

    /// Starts an atomic read of the 8-byte word at `offset` on `pe` into `*dst`
    /// (`MPI_Rget_accumulate` with `MPI_NO_OP`: atomic with the word stores' `MPI_Accumulate`,
    /// as [`Net::get_word`]), finished by [`Net::read_next`] with `tag`.
    ///
    /// # Safety
    /// `dst` must be valid for writes of one word and untouched until `reads` has returned
    /// `tag` or been dropped; the word is inside `pe`'s partition (the caller checked it).
    pub(crate) unsafe fn read_word_start(
        &self,
        reads: &mut Reads,
        tag: usize,
        pe: usize,
        offset: usize,
        dst: *mut u64,
    ) {
        on_mpi_thread(self.single);
        // SAFETY: `dst` stays writable until the request is finished (caller); the word is
        // inside `pe`'s partition (caller).
        let req = unsafe { self.rget_accumulate(pe, offset, NO_ORIGIN, dst, shmem_mpi_no_op) };
        reads.push(req, tag);
    }

    /// Starts an `MPI_Rget` of `len` (at most [`CHUNK`]) bytes at `offset` on `pe` into `dst`,
    /// finished by [`Net::read_next`] with `tag`.
    ///
    /// # Safety
    /// As [`Net::read_word_start`], for `len` bytes at `dst` and at `offset`.
    pub(crate) unsafe fn read_start(
        &self,
        reads: &mut Reads,
        tag: usize,
        pe: usize,
        offset: usize,
        dst: *mut u8,
        len: usize,
    ) {
        assert!(len <= CHUNK, "one request reads at most CHUNK bytes");
        on_mpi_thread(self.single);
        // SAFETY: `dst` stays writable and untouched until `reads` has finished the request
        // (caller), the range is inside `pe`'s partition (caller).
        reads.push(unsafe { self.rget(pe, offset, dst, len) }, tag);
    }

    /// Waits for one of `reads` to finish (`MPI_Waitany`, which drives MPI's progress
    /// meanwhile, or `MPI_Testany` in [`Net::complete`]) and returns its tag; `None` once none
    /// is left.
    pub(crate) fn read_next(&self, reads: &mut Reads) -> Option<usize> {
        if reads.reqs.is_empty() {
            return None;
        }
        on_mpi_thread(self.single);
        let mut index: c_int = 0;
        let n = count(reads.reqs.len());
        if self.own_waits {
            self.complete(|| {
                let mut flag: c_int = 0;
                // SAFETY: `reqs` holds active requests of this process, as many as the count
                // says, until one tests complete (then the loop ends); `index` and `flag` are
                // out-pointers.
                unsafe {
                    ffi::MPI_Testany(
                        n,
                        reads.reqs.as_mut_ptr(),
                        &mut index,
                        &mut flag,
                        ffi::RSMPI_STATUS_IGNORE,
                    )
                };
                flag != 0
            });
        } else {
            // SAFETY: as above.
            unsafe {
                ffi::MPI_Waitany(
                    n,
                    reads.reqs.as_mut_ptr(),
                    &mut index,
                    ffi::RSMPI_STATUS_IGNORE,
                )
            };
        }
        let i = usize::try_from(index).expect("MPI_Waitany: one request of several active");
        reads.reqs.swap_remove(i);
        Some(reads.tags.swap_remove(i))
    }

    /// Calls `op(at, count, target displacement, byte type)` for each piece of at most
    /// [`CHUNK`] bytes of `len` bytes at `offset` on `pe` (MPI counts are `int`).
    fn in_chunks(
        &self,
        pe: usize,
        offset: usize,
        len: usize,
        mut op: impl FnMut(usize, c_int, ffi::MPI_Aint, ffi::MPI_Datatype) -> c_int,
    ) {
        let mut at = 0;
        while at < len {
            let n = (len - at).min(CHUNK);
            op(at, count(n), self.disp(pe, offset + at), bytes_type());
            at += n;
        }
    }

    /// Single-copy-atomic word store (`MPI_Accumulate` with `MPI_REPLACE`), from a staged copy
    /// of `v` ([`Stage`]).
    pub(crate) fn put_word<W: Word>(&self, pe: usize, offset: usize, v: W) {
        // SAFETY: a predefined operation handle (a constant from `MPI_Init` on), read once.
        let replace = unsafe { shmem_mpi_replace };
        self.accumulate_word(pe, offset, v, replace);
    }

    /// An atomic operation whose old value nobody reads: `MPI_Accumulate` of a staged copy of
    /// the operand with the matching operation, completed by the next `quiet` (an accumulate
    /// is atomic with the `MPI_Fetch_and_op` and `MPI_Compare_and_swap` of the same datatype,
    /// and MPI orders accumulates from one origin to one location). A fetch or a
    /// compare-and-swap, which have no such form, go through [`Net::amo`].
    pub(crate) fn amo_nofetch<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) {
        // SAFETY: predefined operation handles (constants from `MPI_Init` on), read once.
        let (v, handle) = unsafe {
            match op {
                AmoOp::Set(v) | AmoOp::Swap(v) => (v, shmem_mpi_replace),
                AmoOp::FetchAdd(v) => (v, ffi::RSMPI_SUM),
                AmoOp::FetchAnd(v) => (v, ffi::RSMPI_BAND),
                AmoOp::FetchOr(v) => (v, ffi::RSMPI_BOR),
                AmoOp::FetchXor(v) => (v, ffi::RSMPI_BXOR),
                AmoOp::Fetch | AmoOp::CompareSwap { .. } => {
                    self.amo(pe, offset, op);
                    return;
                }
            }
        };
        self.accumulate_word(pe, offset, v, handle);
    }

    /// `MPI_Accumulate` of one word `v` with the predefined operation `handle` into `offset`
    /// on `pe`, from a staged copy of `v` ([`Stage`]); completed by the next `quiet`.
    fn accumulate_word<W: Word>(&self, pe: usize, offset: usize, v: W, handle: ffi::MPI_Op) {
        on_mpi_thread(self.single);
        let t = word_type(size_of::<W>());
        self.wrote(pe);
        // SAFETY: `v` is one readable local word.
        let copy = unsafe {
            self.stage
                .copy(self.win, (&raw const v).cast::<u8>(), size_of::<W>())
        };
        // SAFETY: `copy` holds the word until the operation is locally complete (`Stage`); the
        // target word is inside `pe`'s partition (checked by the transport); `handle` is a
        // predefined operation (caller).
        unsafe {
            ffi::MPI_Accumulate(
                copy.cast::<c_void>(),
                1,
                t,
                pe as c_int,
                self.disp(pe, offset),
                1,
                t,
                handle,
                self.win,
            );
        }
    }

    /// Single-copy-atomic word load: `MPI_Fetch_and_op` with `MPI_NO_OP` for a 4- or 8-byte
    /// word, `MPI_Get_accumulate` with `MPI_NO_OP` for a 1- or 2-byte one. Both are accumulate
    /// operations, atomic with the word stores' `MPI_Accumulate` of the same datatype. Why
    /// not `MPI_Fetch_and_op` for all: Open MPI 4.1's `osc ucx` hands every `MPI_NO_OP` fetch
    /// to UCX's network atomics, which take 4 and 8 bytes only; on a 1- or 2-byte word UCX
    /// prints `invalid atomic operation datatype`, the call returns success and the result is
    /// never written (a silent wrong value). Its `MPI_Get_accumulate` takes any datatype.
    pub(crate) fn get_word<W: Word>(&self, pe: usize, offset: usize) -> W {
        if self.own_waits {
            // SAFETY: a predefined handle value.
            return self.fetch_op_own(pe, offset, W::zeroed(), unsafe { shmem_mpi_no_op });
        }
        if size_of::<W>() >= 4 {
            return self.fetch_and_op(pe, offset, W::zeroed(), {
                // SAFETY: a predefined handle value.
                unsafe { shmem_mpi_no_op }
            });
        }
        on_mpi_thread(self.single);
        let t = word_type(size_of::<W>());
        let none = W::zeroed();
        let mut old = W::zeroed();
        // SAFETY: `none` (the origin, unread with `MPI_NO_OP`) and `old` (the result) are one
        // local word each; the target word is inside `pe`'s partition (checked by the
        // transport); the flush completes the operation before `old` is read.
        unsafe {
            ffi::MPI_Get_accumulate(
                (&raw const none).cast::<c_void>(),
                1,
                t,
                (&raw mut old).cast::<c_void>(),
                1,
                t,
                pe as c_int,
                self.disp(pe, offset),
                1,
                t,
                shmem_mpi_no_op,
                self.win,
            );
            ffi::MPI_Win_flush(pe as c_int, self.win);
        }
        old
    }

    fn fetch_and_op<W: Word>(&self, pe: usize, offset: usize, v: W, op: ffi::MPI_Op) -> W {
        if self.own_waits {
            return self.fetch_op_own(pe, offset, v, op);
        }
        on_mpi_thread(self.single);
        // SAFETY: the target word is inside `pe`'s partition (checked by the transport).
        unsafe { fetch_and_op(self.win, pe, self.disp(pe, offset), v, op) }
    }

    /// Starts `MPI_Rget_accumulate` of the one word at `v` with `op` at `offset` on `pe`, the
    /// old value into `*old`: the request. With `op` `MPI_NO_OP`, which never reads its
    /// origin, `v` is [`NO_ORIGIN`].
    ///
    /// # Safety
    /// `v` (unless `MPI_NO_OP`'s) must be readable and `old` writable for one `W`,
    /// both untouched until the request is finished; the word at `offset` is inside `pe`'s
    /// partition and aligned.
    unsafe fn rget_accumulate<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        v: *const W,
        old: *mut W,
        op: ffi::MPI_Op,
    ) -> ffi::MPI_Request {
        let t = word_type(size_of::<W>());
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `v` and `old` as the caller promises; the window is in its `lock_all`
        // epoch; `req` is a local request variable.
        unsafe {
            ffi::MPI_Rget_accumulate(
                v.cast::<c_void>(),
                1,
                t,
                old.cast::<c_void>(),
                1,
                t,
                pe as c_int,
                self.disp(pe, offset),
                1,
                t,
                op,
                self.win,
                &mut req,
            )
        };
        req
    }

    /// What `MPI_Fetch_and_op` does, as `MPI_Rget_accumulate` waited for in
    /// [`Net::complete`] (`own_waits`): both are accumulate operations, atomic with each
    /// other and with `MPI_Accumulate` and `MPI_Compare_and_swap` on the same datatype. The
    /// request's completion gives the old value; the target is noted for the next
    /// completion's flush, which finishes the update there as MPI defines it.
    fn fetch_op_own<W: Word>(&self, pe: usize, offset: usize, v: W, op: ffi::MPI_Op) -> W {
        on_mpi_thread(self.single);
        let mut old = W::zeroed();
        // SAFETY: `v` and `old` are local words, alive and untouched until the request is
        // finished below; the target word is inside `pe`'s partition (checked by the
        // transport).
        let req = unsafe { self.rget_accumulate(pe, offset, &raw const v, &raw mut old, op) };
        self.wait_request(req);
        // SAFETY: a predefined handle value.
        if op != unsafe { shmem_mpi_no_op } {
            self.wrote(pe);
        }
        old
    }

    /// What [`super::path::amo`] does for a compare-and-swap, waited for in [`Net::complete`]
    /// (`own_waits`): MPI has no request-based compare-and-swap, so after
    /// `MPI_Compare_and_swap` an atomic read of the same word (`MPI_Rget_accumulate` with
    /// `MPI_NO_OP`; MPI orders accumulate operations from one origin to one location, so it
    /// runs after the swap at the target) is waited for there, and only then the blocking
    /// `MPI_Win_flush` that completes the swap as MPI defines it, which finds it done. Before
    /// this, a compare-and-swap waited in MPICH's flush, which spins: `window`'s
    /// `exclusive_epochs_exclude` at 8 PEs on 2 CPUs, pretend nodes of 2, ran past its 120 s.
    fn compare_swap_own<W: AmoWord>(&self, pe: usize, offset: usize, cond: W, new: W) -> W {
        on_mpi_thread(self.single);
        let (mut old, mut seen, zero) = (W::zeroed(), W::zeroed(), W::zeroed());
        // SAFETY: `new`, `cond` and `old` are local words, untouched until the flush below
        // completes the swap; the target word is inside `pe`'s partition (checked by the
        // transport).
        unsafe {
            super::path::compare_and_swap(
                self.win,
                pe,
                self.disp(pe, offset),
                &raw const new,
                &raw const cond,
                &raw mut old,
            );
        }
        // SAFETY: `zero` and `seen` are local words, untouched until the request is finished
        // by `wait_request`; the word is the swap's, inside `pe`'s partition.
        let req = unsafe {
            self.rget_accumulate(pe, offset, &raw const zero, &raw mut seen, shmem_mpi_no_op)
        };
        self.wait_request(req);
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
        old
    }

    /// A remote atomic through MPI (module docs: why every atomic of a multi-node job is one).
    pub(crate) fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        if self.own_waits {
            if let Some((v, handle)) = super::path::fetch_op(op) {
                return self.fetch_op_own(pe, offset, v, handle);
            }
            if let AmoOp::CompareSwap { cond, new } = op {
                return self.compare_swap_own(pe, offset, cond, new);
            }
        }
        on_mpi_thread(self.single);
        // SAFETY: the target word is inside `pe`'s partition (checked by the transport).
        unsafe { amo(self.win, pe, self.disp(pe, offset), op) }
    }

    /// Completes every operation this PE issued (`MPI_Win_flush_all`, if any is pending).
    ///
    /// No `MPI_Win_sync`: quiet completes this PE's own operations, which the flush does, and
    /// the caller's `fence(SeqCst)` orders its loads and stores (the windows use MPI's
    /// unified memory model, where the public and private copies are one memory). Seeing
    /// what *others* wrote is the business of the barrier and of waits, which sync.
    pub(crate) fn quiet(&self) {
        on_mpi_thread(self.single);
        let dirty = self.dirty.replace(Dirty::Clean);
        if self.own_waits {
            let written = self.written.take();
            if let Some(pes) = written.pes() {
                self.drain(pes);
            }
        }
        match dirty {
            Dirty::Clean => return,
            // One PE written since the last completion: flushing it completes everything,
            // and costs what the one-target flush costs (`osc pt2pt` across two hosts at 4
            // PEs: 21–23 µs against 28–36 µs for `MPI_Win_flush_all`, bench/results/hosts).
            // SAFETY: a live window in an epoch; `pe` is a rank of it.
            Dirty::One(pe) => unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) },
            // SAFETY: a live window in an epoch.
            Dirty::Many => unsafe { ffi::MPI_Win_flush_all(self.win) },
        };
        self.stage.reset();
    }

    /// Completes every operation to `pe` (`MPI_Win_flush`), if any may be pending; the others
    /// stay pending (and the staging buffer in use, until the next `quiet`).
    pub(crate) fn flush(&self, pe: usize) {
        on_mpi_thread(self.single);
        match self.dirty.get() {
            Dirty::Clean => {}
            Dirty::One(p) if p != pe => {}
            dirty => {
                if self.own_waits && self.written.borrow().covers(pe) {
                    self.drain(&[pe]);
                }
                // SAFETY: a live window in an epoch; `pe` is a rank of it.
                unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
                if dirty == Dirty::One(pe) {
                    self.dirty.set(Dirty::Clean);
                    self.written.take();
                    self.stage.reset();
                }
            }
        }
    }

    /// Before a completion's blocking `MPI_Win_flush` under `own_waits`: an atomic read
    /// (`MPI_Rget_accumulate` with `MPI_NO_OP`) of the first word of each of `pes`'
    /// partitions, all in flight together, waited for in [`Net::complete`], which yields.
    /// MPICH's `ch4:ucx` carries this PE's puts and atomics to another process as messages
    /// that the target applies and acknowledges in order, so once the read's reply is here
    /// the earlier operations' acknowledgements are too, and the flush that follows finds
    /// nothing left to wait for. The flush still completes the operations, as MPI defines
    /// completion: the read only moves the waiting out of MPI's progress loop, which spins
    /// without yielding (`examples`' conveyors, whose every put-with-signal is a put, a
    /// fence and a signal: 5.8 ms per `MPI_Win_flush_all` with 8 PEs on 2 CPUs).
    /// Allocates nothing (`tests/window`'s `requests_allocate_nothing`): at most [`DRAIN_MAX`]
    /// PEs, on the stack.
    fn drain(&self, pes: &[usize]) {
        if pes.is_empty() {
            return;
        }
        let pes = &pes[..pes.len().min(DRAIN_MAX)];
        let mut seen = [0u64; DRAIN_MAX];
        // SAFETY: reading a predefined handle value.
        let mut reqs = [unsafe { ffi::RSMPI_REQUEST_NULL }; DRAIN_MAX];
        for (k, &pe) in pes.iter().enumerate() {
            // SAFETY: `seen[k]` is a local word, untouched until every request is finished
            // below; the first word of `pe`'s partition is inside the window and aligned.
            reqs[k] = unsafe {
                self.rget_accumulate(pe, 0, NO_ORIGIN, &raw mut seen[k], shmem_mpi_no_op)
            };
        }
        let n = count(pes.len());
        self.complete(|| {
            let mut flag: c_int = 0;
            // SAFETY: `reqs` holds requests of this process (active, or null once finished),
            // as many as the count says.
            unsafe {
                ffi::MPI_Testall(n, reqs.as_mut_ptr(), &mut flag, ffi::RSMPI_STATUSES_IGNORE)
            };
            flag != 0
        });
    }

    /// Notes an operation of this path to `pe` that a completion must flush.
    #[inline]
    fn wrote(&self, pe: usize) {
        if self.own_waits {
            self.written.borrow_mut().add(pe);
        }
        self.dirty.set(match self.dirty.get() {
            Dirty::Clean => Dirty::One(pe),
            Dirty::One(p) if p == pe => Dirty::One(p),
            _ => Dirty::Many,
        });
    }

    /// `quiet`, `MPI_Win_sync`, `MPI_Barrier` over every PE, `MPI_Win_sync`: the unified
    /// model's pattern that makes every PE's writes before the barrier visible to every PE's
    /// loads after it.
    pub(crate) fn barrier(&self) {
        on_mpi_thread(self.single);
        self.quiet();
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
        // The world communicator; every PE calls this in its `barrier_all`.
        collective!(self, MPI_Barrier, MPI_Ibarrier, self.world);
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
    }

    /// What a waiter calls between checks: first completes this PE's own pending operations
    /// (`quiet`, once: a component may hold a put at its origin until a flush, as Open MPI's
    /// `osc pt2pt` does, and a PE that puts and then waits for the answer would wait for
    /// ever: `tests/atomics`' `wait_each_cmp` across two hosts); then `MPI_Win_sync`, and
    /// every 64th time (under own waits every time) an `MPI_Iprobe`, which lets MPI progress
    /// operations that need this PE.
    pub(crate) fn progress(&self) {
        self.quiet();
        let n = self.polls.get().wrapping_add(1);
        self.polls.set(n);
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
        // Under own waits every time: MPICH's `ch4:ucx` applies another process's atomic on
        // this PE's memory (the hint that wakes a lock's waiter) only in this PE's progress,
        // and a waiter that probed every 64th look, sleeping up to 50 µs between looks, held
        // up each hand-off of a window lock for milliseconds (`window`'s
        // `exclusive_epochs_exclude` at 8 PEs, pretend nodes of 2: 7.5 ms an epoch).
        if self.own_waits || n.is_multiple_of(64) {
            // SAFETY: the world communicator, on the MPI thread (this `Net`'s calls).
            unsafe { probe(self.world) };
        }
    }

    /// The communicator of `set` (members in set order), made on the set's first collective
    /// (collective over its members only: `MPI_Comm_create_group`) and kept.
    pub(crate) fn comm(&self, set: PeSet) -> ffi::MPI_Comm {
        on_mpi_thread(self.single);
        if set.start() == 0 && set.stride() == 1 && set.size() == self.local.len() {
            return self.world;
        }
        // Every member computes the same tag from the set.
        let tag = (set.start() as i64 * 31 + set.stride() as i64) * 31 + set.size() as i64;
        self.comm_for((set, None), tag)
    }

    /// The communicator of the team over `set` whose sync area is at `area` (members in set
    /// order), made on the team's first collective and kept: a communicator of the team's
    /// own, even for the world, so that the team's collectives, which begin with an
    /// `MPI_Iallgather` on it (`collectives/net.rs`), never meet another collective's MPI
    /// calls, not even in a program whose PEs call collectives in different orders.
    pub(crate) fn team_comm(&self, set: PeSet, area: usize) -> ffi::MPI_Comm {
        on_mpi_thread(self.single);
        // The area is symmetric: every member computes the same tag.
        self.comm_for((set, Some(area)), (area / 64) as i64 + 7)
    }

    /// The communicator kept for `key`, or a new one over its set (`MPI_Comm_create_group`
    /// with a tag from `tag`, which every member computes alike).
    fn comm_for(&self, key: CommKey, tag: i64) -> ffi::MPI_Comm {
        if let Some(&(_, c)) = self.comms.borrow().iter().find(|(k, _)| *k == key) {
            return c;
        }
        let set = key.0;
        // A range from the first to the last member: MPI takes a negative stride too (a
        // downward range), and ranks the group's members in the range's order, which is
        // the set's.
        let last = set.pe(set.size() - 1) as c_int;
        let mut range = [[set.start() as c_int, last, set.stride() as c_int]];
        let tag = tag.rem_euclid(32_000) as c_int;
        // SAFETY: handle values, out-pointers for one handle each; the group range lies in
        // the world (a `PeSet` is within the job) and its stride is not zero.
        let comm = unsafe {
            let mut world_group = ffi::RSMPI_GROUP_NULL;
            let mut group = ffi::RSMPI_GROUP_NULL;
            let mut comm = ffi::RSMPI_COMM_NULL;
            ffi::MPI_Comm_group(self.world, &mut world_group);
            ffi::MPI_Group_range_incl(world_group, 1, range.as_mut_ptr(), &mut group);
            ffi::MPI_Comm_create_group(self.world, group, tag, &mut comm);
            ffi::MPI_Group_free(&mut group);
            ffi::MPI_Group_free(&mut world_group);
            comm
        };
        self.comms.borrow_mut().push((key, comm));
        comm
    }

    /// `MPI_Iallgather` of `mine` (the same length on every member of `comm`) into `all`,
    /// finished by [`Net::test`] or [`Net::finish`].
    ///
    /// # Safety
    /// `mine` and `all` must stay untouched (and alive) until the operation is finished;
    /// `all` holds `members * mine.len()` words.
    pub(crate) unsafe fn iallgather_u64(
        &self,
        comm: ffi::MPI_Comm,
        mine: &[u64],
        all: &mut [u64],
    ) -> Pending {
        on_mpi_thread(self.single);
        let t = word_type(8);
        // SAFETY: reading a predefined handle value.
        let mut req = unsafe { ffi::RSMPI_REQUEST_NULL };
        // SAFETY: `mine` is readable, `all` writable for `members * mine.len()` words (the
        // caller's promise), both until the request is finished (the caller's promise);
        // every member calls this with the same length; `req` is a local request variable.
        unsafe {
            ffi::MPI_Iallgather(
                mine.as_ptr().cast::<c_void>(),
                count(mine.len()),
                t,
                all.as_mut_ptr().cast::<c_void>(),
                count(mine.len()),
                t,
                comm,
                &mut req,
            )
        };
        Pending(PendingOp::Mpi(req))
    }

    /// `MPI_Allgather` of `mine` (the same length on every member of `comm`) into `all`.
    pub(crate) fn allgather_u64(&self, comm: ffi::MPI_Comm, mine: &[u64], all: &mut [u64]) {
        on_mpi_thread(self.single);
        let t = word_type(8);
        // `mine` is readable, `all` writable for `members * mine.len()` words (the caller
        // sizes it); every member calls this with the same length.
        collective!(
            self,
            MPI_Allgather,
            MPI_Iallgather,
            mine.as_ptr().cast::<c_void>(),
            count(mine.len()),
            t,
            all.as_mut_ptr().cast::<c_void>(),
            count(mine.len()),
            t,
            comm,
        );
    }

    /// `MPI_Allgather` of `bytes` bytes per member from `src` into `dst`.
    ///
    /// # Safety
    /// `src` readable for `bytes`, `dst` writable for `members * bytes`; `bytes` at most
    /// [`MAX_COLLECTIVE_BYTES`] and equal on every member.
    pub(crate) unsafe fn allgather(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        dst: *mut u8,
        bytes: usize,
    ) {
        on_mpi_thread(self.single);
        // The caller's promises.
        collective!(
            self,
            MPI_Allgather,
            MPI_Iallgather,
            src.cast::<c_void>(),
            count(bytes),
            bytes_type(),
            dst.cast::<c_void>(),
            count(bytes),
            bytes_type(),
            comm,
        );
    }

    /// `MPI_Allgatherv`: member `i`'s `counts[i]` bytes land at `displs[i]` of `dst`.
    ///
    /// # Safety
    /// `src` readable for `counts[me]`, `dst` writable up to the largest `displs[i] +
    /// counts[i]`; every member passes the same `counts` and `displs`.
    pub(crate) unsafe fn allgatherv(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        mine: usize,
        dst: *mut u8,
        counts: &[c_int],
        displs: &[c_int],
    ) {
        on_mpi_thread(self.single);
        // The caller's promises.
        collective!(
            self,
            MPI_Allgatherv,
            MPI_Iallgatherv,
            src.cast::<c_void>(),
            count(mine),
            bytes_type(),
            dst.cast::<c_void>(),
            counts.as_ptr(),
            displs.as_ptr(),
            bytes_type(),
            comm,
        );
    }

    /// `MPI_Bcast` of `bytes` bytes from member `root`'s `buf` into every other member's.
    ///
    /// # Safety
    /// `buf` readable (root) or writable (others) for `bytes`, at most
    /// [`MAX_COLLECTIVE_BYTES`], equal on every member.
    pub(crate) unsafe fn bcast(
        &self,
        comm: ffi::MPI_Comm,
        buf: *mut u8,
        bytes: usize,
        root: usize,
    ) {
        on_mpi_thread(self.single);
        // The caller's promises.
        collective!(
            self,
            MPI_Bcast,
            MPI_Ibcast,
            buf.cast::<c_void>(),
            count(bytes),
            bytes_type(),
            root as c_int,
            comm,
        );
    }

    /// `MPI_Alltoall` of `block` bytes between every pair of members.
    ///
    /// # Safety
    /// `src` readable and `dst` writable for `members * block` bytes; `block` at most
    /// [`MAX_COLLECTIVE_BYTES`], equal on every member.
    pub(crate) unsafe fn alltoall(
        &self,
        comm: ffi::MPI_Comm,
        src: *const u8,
        dst: *mut u8,
        block: usize,
    ) {
        on_mpi_thread(self.single);
        // The caller's promises.
        collective!(
            self,
            MPI_Alltoall,
            MPI_Ialltoall,
            src.cast::<c_void>(),
            count(block),
            bytes_type(),
            dst.cast::<c_void>(),
            count(block),
            bytes_type(),
            comm,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{DRAIN_MAX, Written};

    /// A completion drains each PE written once, and none once more than [`DRAIN_MAX`] were
    /// written (then it flushes them all at once).
    #[test]
    fn written_notes_each_pe_once_up_to_the_cap() {
        let mut w = Written::default();
        assert_eq!(w.pes(), Some(&[][..]));
        for pe in [5, 3, 5, 3, 9] {
            w.add(pe);
        }
        assert_eq!(w.pes(), Some(&[5, 3, 9][..]));
        assert!(w.covers(3) && !w.covers(4));
        let mut w = Written::default();
        for pe in 0..DRAIN_MAX {
            w.add(pe);
        }
        w.add(0);
        assert_eq!(w.pes().map(<[usize]>::len), Some(DRAIN_MAX));
        w.add(DRAIN_MAX);
        assert_eq!(w.pes(), None);
        assert!(w.covers(DRAIN_MAX + 7), "too many covers every PE");
        w.add(1);
        assert_eq!(
            w.pes(),
            None,
            "too many stays too many until the completion"
        );
    }
}
