//! Setup, queries and memory management (OpenSHMEM 1.5 §9.1, §9.3).

use std::ffi::{c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};

use shmem_core::runtime::VENDOR_NAME;
use shmem_core::transport::Transport;
use shmem_core::{AllocRequest, Error};

use crate::state::{self, fail, st, st_finalized, st_unlocked};

/// `SHMEM_MAX_NAME_LEN`.
const MAX_NAME_LEN: usize = 256;
/// The version of the specification this C API implements: `shmem.h`'s `SHMEM_MAJOR_VERSION`
/// and `SHMEM_MINOR_VERSION`, which `shmem_info_get_version` reports (`tests/c/v16.c` checks
/// that the two agree). Its own constant rather than `shmem_core`'s `SPEC_VERSION`, the Rust
/// API's: the two APIs move to a new version of the specification independently (the C API
/// declared 1.6 once it had the 1.6 routines the Rust side has).
const C_API_VERSION: (c_int, c_int) = (1, 6);

/// `shmem_init` (§9.1.1): collective over every PE; places the program's globals in
/// symmetric memory. A second call while initialized does nothing.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_init() {
    state::init("shmem_init", None);
}

/// `shmem_init_thread` (§9.1.2): [`shmem_init`]; `*provided` receives the level given:
/// `SHMEM_THREAD_MULTIPLE` when asked for (on one node always; across nodes under MPI when
/// MPI provides `MPI_THREAD_MULTIPLE`, else `SHMEM_THREAD_SERIALIZED`), otherwise the level
/// asked for, at most `SHMEM_THREAD_SERIALIZED` (across nodes, `SHMEM_THREAD_FUNNELED` when
/// MPI runs below `MPI_THREAD_SERIALIZED`: a program that initialized MPI itself). The first
/// initialization of the process chooses the level; a later one provides the same. Returns 0.
///
/// # Safety
/// `provided` is null or valid for writing an `int`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_init_thread(requested: c_int, provided: *mut c_int) -> c_int {
    let level = state::init("shmem_init_thread", Some(requested));
    if !provided.is_null() {
        // SAFETY: non-null and writable (caller).
        unsafe { provided.write(level) };
    }
    0
}

/// `shmem_query_thread` (§9.1.4): the level the first initialization provided
/// (`SHMEM_THREAD_SERIALIZED` after `shmem_init`, except across nodes under an MPI at
/// `MPI_THREAD_SINGLE`: `SHMEM_THREAD_FUNNELED`).
///
/// # Safety
/// `provided` is valid for writing an `int`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_query_thread(provided: *mut c_int) {
    let _ = st_unlocked("shmem_query_thread");
    if provided.is_null() {
        fail("shmem_query_thread", format_args!("provided is NULL"));
    }
    // SAFETY: non-null and writable (caller).
    unsafe { provided.write(state::provided()) };
}

/// `shmem_finalize` (§9.1.6): collective; completes this PE's operations, synchronizes every
/// PE and marks the PE finished. Symmetric memory stays mapped (the globals live there).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_finalize() {
    let s = &st_finalized("shmem_finalize");
    if s.finalized.load(Ordering::Relaxed) {
        return;
    }
    let left = s.inits.get().saturating_sub(1);
    s.inits.set(left);
    if left == 0 {
        finalize_now(s);
    }
}

/// The last `shmem_finalize` of this PE: later calls end the job with a message
/// (`State::hot_paths`).
fn finalize_now(s: &state::State) {
    s.finalized.store(true, Ordering::Release);
    s.rt.finalize();
    s.hot_paths(false);
}

/// Set by `shmem_global_exit` and `state::fail`: the process is ending the job, and must
/// not wait for the other PEs at exit.
pub(crate) static ENDING_JOB: AtomicBool = AtomicBool::new(false);

/// Arranges, at the first initialization, that the process's normal exit (a return from
/// `main`, or `exit(0)`) finalizes an initialized PE, as the specification has it (§9.1.6:
/// a program that does not call `shmem_finalize` is finalized implicitly at exit) and other
/// implementations do (OSHMEM, SOS): [`at_exit`]. Registered after
/// `Runtime::end_mpi_at_exit`, so it runs before MPI is finalized (exit handlers run in
/// reverse order).
pub(crate) fn finalize_at_exit() {
    // SAFETY: `at_exit` is an `extern "C"` function that never unwinds (a panic in it
    // aborts), and its argument is unused.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    unsafe {
        on_exit(at_exit, std::ptr::null_mut())
    };
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        extern "C" fn at_exit_any() {
            at_exit(0, std::ptr::null_mut());
        }
        // SAFETY: as above.
        unsafe { libc::atexit(at_exit_any) };
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
unsafe extern "C" {
    /// glibc's `on_exit(3)`: `atexit` with the exit status.
    fn on_exit(f: extern "C" fn(c_int, *mut c_void), arg: *mut c_void) -> c_int;
}

/// The exit handler of [`finalize_at_exit`]: finalizes a PE that is initialized (however
/// many initializations remain unmatched) when the process exits with status 0 and is not
/// ending the job ([`ENDING_JOB`]). A non-zero status (glibc, which passes it) leaves
/// without the finalize barrier: the launcher then reports the PE's status at once, where
/// waiting for the others could hang.
extern "C" fn at_exit(status: c_int, _arg: *mut c_void) {
    if status != 0 || ENDING_JOB.load(Ordering::Relaxed) || !state::initialized() {
        return;
    }
    let s = &st_finalized("shmem_finalize");
    s.inits.set(0);
    finalize_now(s);
}

/// `shmem_query_initialized` (OpenSHMEM 1.6, §9.1.5): `*initialized` is 1 between the first
/// initialization and the `shmem_finalize` that matches the last one, else 0. Returns 0.
///
/// # Safety
/// `initialized` is valid for writing an `int`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_query_initialized(initialized: *mut c_int) -> c_int {
    if initialized.is_null() {
        fail(
            "shmem_query_initialized",
            format_args!("initialized is NULL"),
        );
    }
    let on = state::initialized();
    // SAFETY: non-null and writable (caller).
    unsafe { initialized.write(c_int::from(on)) };
    0
}

/// `shmem_global_exit` (§9.1.7): ends every PE of the job; the launcher exits with `status`.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_global_exit(status: c_int) -> ! {
    ENDING_JOB.store(true, Ordering::Relaxed);
    // No lock: `global_exit` reads fields set at init and stores atomics (`StateCell`), and
    // must not wait for another thread's collective.
    st_unlocked("shmem_global_exit").rt.global_exit(status)
}

/// `shmem_my_pe` (§9.1.8).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_my_pe() -> c_int {
    st_unlocked("shmem_my_pe").me() as c_int
}

/// `shmem_n_pes` (§9.1.9).
#[unsafe(no_mangle)]
pub extern "C" fn shmem_n_pes() -> c_int {
    st_unlocked("shmem_n_pes").n_pes() as c_int
}

/// `_my_pe` (deprecated name of [`shmem_my_pe`]).
#[unsafe(no_mangle)]
pub extern "C" fn _my_pe() -> c_int {
    shmem_my_pe()
}

/// `_num_pes` (deprecated name of [`shmem_n_pes`]).
#[unsafe(no_mangle)]
pub extern "C" fn _num_pes() -> c_int {
    shmem_n_pes()
}

/// `start_pes` (deprecated): [`shmem_init`]; the argument is ignored, as the specification
/// says.
#[unsafe(no_mangle)]
pub extern "C" fn start_pes(npes: c_int) {
    let _ = npes;
    state::init("start_pes", None);
}

/// `shmem_pe_accessible` (§9.1.10): 1 for a PE of the job (every one is reachable by the
/// one-sided routines, through memory or, on another node, through MPI), else 0. Whether a
/// PE's memory is mapped here is `shmem_ptr`'s question.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_pe_accessible(pe: c_int) -> c_int {
    let s = st_unlocked("shmem_pe_accessible");
    c_int::from(usize::try_from(pe).is_ok_and(|p| p < s.n_pes()))
}

/// `shmem_addr_accessible` (§9.1.11): 1 when `addr` is symmetric and `pe` is accessible.
///
/// # Safety
/// None beyond the crate's contract: `addr` is only compared, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_addr_accessible(addr: *const c_void, pe: c_int) -> c_int {
    let s = st_unlocked("shmem_addr_accessible");
    c_int::from(shmem_pe_accessible(pe) == 1 && s.try_sym(addr, 1).is_some())
}

/// `shmem_ptr` (§9.1.12): this PE's address of `dest` on `pe`, or NULL when `pe` is not
/// mapped here. For this PE, `dest` itself.
///
/// # Safety
/// `dest` is a symmetric address; it is checked, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_ptr(dest: *const c_void, pe: c_int) -> *mut c_void {
    let s = st_unlocked("shmem_ptr");
    let pe = s.pe("shmem_ptr", pe);
    ptr_on(s, "shmem_ptr", dest, pe)
}

/// This PE's address of the symmetric `dest` on world PE `pe`, or NULL when `pe` is not mapped
/// here ([`shmem_ptr`], [`shmem_team_ptr`]).
fn ptr_on(s: &state::State, call: &str, dest: *const c_void, pe: usize) -> *mut c_void {
    let off = s.sym(call, "dest", dest, 0);
    if !s.t().maps(pe) {
        return std::ptr::null_mut();
    }
    if pe == s.me() {
        return dest.cast_mut();
    }
    s.addr_of(pe, off)
}

/// `shmem_team_ptr` (OpenSHMEM 1.6): [`shmem_ptr`] with `pe` a member index of `team`; NULL
/// for `SHMEM_TEAM_INVALID`. An index outside the team ends the job, as an invalid PE does
/// for `shmem_ptr`.
///
/// # Safety
/// `dest` is a symmetric address; it is checked, never dereferenced. `team` is a handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_ptr(
    team: *const c_void,
    dest: *const c_void,
    pe: c_int,
) -> *mut c_void {
    let call = "shmem_team_ptr";
    let s = &st(call);
    if team.is_null() {
        return std::ptr::null_mut();
    }
    let (set, _) = crate::team::resolve(s, call, team);
    let world = match usize::try_from(pe) {
        Ok(i) if i < set.size() => set.pe(i),
        _ => fail(
            call,
            format_args!(
                "pe {pe} is not a member index of the team (it has {} PEs)",
                set.size()
            ),
        ),
    };
    ptr_on(s, call, dest, world)
}

/// `shmem_info_get_version` (§9.1.13): [`C_API_VERSION`], 1.6.
///
/// # Safety
/// `major` and `minor` are valid for writing an `int`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_info_get_version(major: *mut c_int, minor: *mut c_int) {
    if major.is_null() || minor.is_null() {
        fail(
            "shmem_info_get_version",
            format_args!("major or minor is NULL"),
        );
    }
    // SAFETY: non-null and writable (caller).
    unsafe {
        major.write(C_API_VERSION.0);
        minor.write(C_API_VERSION.1);
    }
}

/// `shmem_info_get_name` (§9.1.14): the vendor string, at most `SHMEM_MAX_NAME_LEN` bytes
/// with its terminating NUL.
///
/// # Safety
/// `name` is valid for writing `SHMEM_MAX_NAME_LEN` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_info_get_name(name: *mut c_char) {
    if name.is_null() {
        fail("shmem_info_get_name", format_args!("name is NULL"));
    }
    let text = VENDOR_NAME.as_bytes();
    let n = text.len().min(MAX_NAME_LEN - 1);
    // SAFETY: `name` holds `MAX_NAME_LEN > n` bytes (caller); `text` is ours.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), name.cast::<u8>(), n);
        name.add(n).write(0);
    }
}

/// Collective allocation of `size` bytes aligned to `align` (power of two), with the bytes
/// zeroed when `zero`; NULL when the heap cannot hold it (on every PE), and for `size` 0,
/// which takes no heap space but still takes part in the agreement (a PE that asks for 0
/// bytes while another asks for more fails with the size mismatch, as every PE does).
fn alloc(call: &str, size: usize, align: usize, zero: bool) -> *mut c_void {
    let s = &st(call);
    let t = s.t();
    let mut req = AllocRequest::array::<u8>(size);
    req.align = align;
    match s.rt.alloc(req, |off| {
        if zero {
            t.fill(t.my_pe(), off, size, 0);
        }
    }) {
        Ok(a) if size == 0 => {
            drop(a);
            std::ptr::null_mut()
        }
        Ok(a) => s.keep(a, size),
        Err(Error::HeapExhausted { .. }) => std::ptr::null_mut(),
        Err(Error::Refused { source, .. }) if matches!(*source, Error::HeapExhausted { .. }) => {
            std::ptr::null_mut()
        }
        Err(e) => fail(call, format_args!("{e}")),
    }
}

/// `shmem_malloc` (§9.3.1): collective; NULL for `size` 0 or when the heap is exhausted.
/// Every PE must pass the same size: a mismatch ends the job with a message.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_malloc(size: usize) -> *mut c_void {
    malloc_as("shmem_malloc", size)
}

/// [`shmem_malloc`] as `call`.
fn malloc_as(call: &str, size: usize) -> *mut c_void {
    alloc(call, size, 16, false)
}

/// `shmem_malloc_with_hints` (§9.3.2): [`shmem_malloc`]; hints are advice, and on one node
/// there is nothing to choose between.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_malloc_with_hints(size: usize, hints: libc::c_long) -> *mut c_void {
    let _ = hints;
    shmem_malloc(size)
}

/// `shmem_calloc` (§9.3.4): collective; `count * size` zeroed bytes.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_calloc(count: usize, size: usize) -> *mut c_void {
    match count.checked_mul(size) {
        Some(n) => alloc("shmem_calloc", n, 16, true),
        None => fail(
            "shmem_calloc",
            format_args!("count {count} times size {size} overflows"),
        ),
    }
}

/// `shmem_align` (§9.3.3): collective; `alignment` must be a power of two. The address is
/// aligned, on every PE: the segment places each partition on a multiple of its
/// `partition_align` (the largest power of two dividing the partition size, at most 1 GiB),
/// so an offset aligned within the partition is an aligned address. A larger alignment
/// (a partition size such as `--heap-size 4k`, or a job under MPI, whose memory MPI places
/// at a page) ends the job with a message.
#[unsafe(no_mangle)]
pub extern "C" fn shmem_align(alignment: usize, size: usize) -> *mut c_void {
    align_as("shmem_align", alignment, size)
}

/// [`shmem_align`] as `call`.
fn align_as(call: &str, alignment: usize, size: usize) -> *mut c_void {
    if !alignment.is_power_of_two() {
        fail(
            call,
            format_args!("alignment {alignment} is not a power of two"),
        );
    }
    let placed = st(call).rt.segment().partition_align();
    if alignment > placed {
        fail(
            call,
            format_args!(
                "alignment {alignment} is more than the symmetric heap's addresses can have \
                 on every PE ({placed}: the largest power of two that divides the partition \
                 size, SHMEM_SYMMETRIC_SIZE, at most 1 GiB; a page under MPI)"
            ),
        );
    }
    alloc(call, size, alignment.max(16), false)
}

/// `shmem_free` (§9.3.5): collective (a barrier of all PEs, then the block returns to the
/// heap at the next allocation, once every PE freed it); NULL does nothing.
///
/// # Safety
/// `ptr` is NULL or was returned by this library's allocation routines (checked).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_free(ptr: *mut c_void) {
    free_as("shmem_free", ptr);
}

/// [`shmem_free`] as `call` (only compares `ptr` with the blocks handed out).
fn free_as(call: &str, ptr: *mut c_void) {
    let s = &st(call);
    if ptr.is_null() {
        return;
    }
    let block = s.take(call, ptr);
    s.t().barrier_all();
    drop(block);
}

/// `shmem_realloc` (§9.3.6): collective; keeps the first `min(old, size)` bytes. NULL `ptr`
/// is [`shmem_malloc`]; `size` 0 is [`shmem_free`] and returns NULL. On exhaustion the old
/// block stays and NULL is returned.
///
/// # Safety
/// As [`shmem_free`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    realloc_as("shmem_realloc", ptr, size)
}

/// [`shmem_realloc`] as `call` (only compares `ptr` with the blocks handed out).
fn realloc_as(call: &str, ptr: *mut c_void, size: usize) -> *mut c_void {
    if ptr.is_null() {
        return malloc_as(call, size);
    }
    if size == 0 {
        free_as(call, ptr);
        return std::ptr::null_mut();
    }
    let s = &st(call);
    let (old, old_len) = s.take(call, ptr);
    let t = s.t();
    let keep = old_len.min(size);
    let old_off = old.offset();
    let r = s.rt.alloc(AllocRequest::array::<u8>(size), |off| {
        t.copy(t.my_pe(), off, t.my_pe(), old_off, keep)
    });
    match r {
        Ok(a) => {
            drop(old);
            s.keep(a, size)
        }
        Err(Error::HeapExhausted { .. }) => {
            s.keep(old, old_len);
            std::ptr::null_mut()
        }
        Err(Error::Refused { source, .. }) if matches!(*source, Error::HeapExhausted { .. }) => {
            s.keep(old, old_len);
            std::ptr::null_mut()
        }
        Err(e) => fail(call, format_args!("{e}")),
    }
}

/// `shmalloc` (deprecated since OpenSHMEM 1.2, Annex): [`shmem_malloc`].
#[unsafe(no_mangle)]
pub extern "C" fn shmalloc(size: usize) -> *mut c_void {
    malloc_as("shmalloc", size)
}

/// `shmemalign` (deprecated since OpenSHMEM 1.2, Annex): [`shmem_align`].
#[unsafe(no_mangle)]
pub extern "C" fn shmemalign(alignment: usize, size: usize) -> *mut c_void {
    align_as("shmemalign", alignment, size)
}

/// `shfree` (deprecated since OpenSHMEM 1.2, Annex): [`shmem_free`].
///
/// # Safety
/// As [`shmem_free`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shfree(ptr: *mut c_void) {
    free_as("shfree", ptr);
}

/// `shrealloc` (deprecated since OpenSHMEM 1.2, Annex): [`shmem_realloc`].
///
/// # Safety
/// As [`shmem_free`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shrealloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    realloc_as("shrealloc", ptr, size)
}

/// The deprecated cache routines (OpenSHMEM 1.5, Annex: `shmem_clear_cache_inv`,
/// `shmem_set_cache_inv`, `shmem_udcflush` and their `_line` forms): the specification makes
/// them no-ops on cache-coherent machines, which are the only ones this library runs on.
macro_rules! no_op {
    ($($name:ident($($arg:ident: $t:ty),*)),* $(,)?) => {$(
        #[doc = concat!("`", stringify!($name), "` (deprecated): does nothing.")]
        #[unsafe(no_mangle)]
        pub extern "C" fn $name($($arg: $t),*) {
            $(let _ = $arg;)*
        }
    )*};
}

no_op!(
    shmem_clear_cache_inv(),
    shmem_set_cache_inv(),
    shmem_clear_cache_line_inv(dest: *mut c_void),
    shmem_set_cache_line_inv(dest: *mut c_void),
    shmem_udcflush(),
    shmem_udcflush_line(dest: *mut c_void),
);
