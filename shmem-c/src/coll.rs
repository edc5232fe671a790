//! Collectives (OpenSHMEM 1.5 §9.8, §9.9): the team forms over `SHMEM_TEAM_WORLD` and the
//! deprecated active-set forms with a user `pSync`; the scans of OpenSHMEM 1.6
//! (`shmem_TYPENAME_sum_inscan`/`_exscan`, team forms only).
//!
//! Both run `shmem-core`'s collectives (`Coll`): one agreement round per call, so PEs that
//! pass different sizes, roots or objects all stop with the same message instead of
//! corrupting memory. The world team's sync area is a heap block allocated by `shmem_init`.
//!
//! **pSync.** Every `SHMEM_*_SYNC_SIZE` is [`SYNC_SIZE`] longs: a sync area of
//! `shmem-core` (`area_bytes(DATA_CAPACITY)`) plus one cache line, so that its line-aligned
//! start fits in any 8-byte-aligned array. Its words are epochs that only grow, so the
//! specification's rule (initialize every element to `SHMEM_SYNC_VALUE`, 0, before first use)
//! is exactly the area's "fresh" state, and it never needs resetting; alternating two arrays
//! without a barrier between calls is correct. A pSync may also move between active sets
//! (after its earlier calls completed everywhere, as the specification asks), whatever calls
//! the members made with it before: each set keeps its own sequence of calls on the pSync
//! ([`switch_sequence`]). pWrk is not needed (reductions combine in place), but it is
//! checked to be symmetric.

use std::ffi::{c_int, c_long, c_void};

use bytemuck::Pod;
use shmem_core::collectives::{
    And, Coll, Complex32, Complex64, DATA_CAPACITY, Max, Min, Or, Prod, ReduceOp, ScanOp, Sum,
    SyncArea, Xor, area_bytes,
};
use shmem_core::pe_set::PeSet;
use shmem_core::segment::LINE;

use crate::state::{State, fail, st};

/// `SHMEM_BARRIER_SYNC_SIZE`, `SHMEM_BCAST_SYNC_SIZE`, ... (longs): see the module docs.
pub const SYNC_SIZE: usize = (area_bytes(DATA_CAPACITY) + LINE) / 8;
// `shmem.h` spells the number out; keep them equal.
const _: () = assert!(SYNC_SIZE == 2176);
/// `SHMEM_REDUCE_MIN_WRKDATA_SIZE`.
pub const REDUCE_MIN_WRKDATA_SIZE: usize = 16;

/// The collective handle of the team `handle` (module `team`).
fn team(s: &State, call: &str, handle: *const c_void) -> Coll<'static> {
    crate::team::coll(s, call, handle)
}

/// The active set's collective handle with `pSync`, checked: a valid set that holds this PE,
/// a symmetric pSync of [`SYNC_SIZE`] longs.
fn active_set(
    s: &State,
    call: &str,
    start: c_int,
    log_stride: c_int,
    size: c_int,
    psync: *const c_long,
) -> Coll<'static> {
    let set = (|| {
        let start = usize::try_from(start).ok()?;
        let log = u32::try_from(log_stride).ok().filter(|&l| l < 31)?;
        let size = usize::try_from(size).ok().filter(|&n| n > 0)?;
        PeSet::new(start, 1isize << log, size, s.n_pes())
    })()
    .unwrap_or_else(|| {
        fail(
            call,
            format_args!(
                "invalid active set (PE_start {start}, logPE_stride {log_stride}, PE_size \
                 {size}) for {} PEs",
                s.n_pes()
            ),
        )
    });
    let off = s.sym(call, "pSync", psync.cast(), SYNC_SIZE * 8);
    if !(psync as usize).is_multiple_of(8) {
        fail(
            call,
            format_args!("pSync {psync:p} is not aligned to a long"),
        );
    }
    let area = SyncArea::new(off.next_multiple_of(LINE), DATA_CAPACITY);
    let c = Coll::new(s.t(), set, area).unwrap_or_else(|| {
        fail(
            call,
            format_args!(
                "PE {} is not in the active set (PE_start {start}, logPE_stride {log_stride}, \
                 PE_size {size})",
                s.me()
            ),
        )
    });
    if let Some(tag) = set_tag(&set) {
        let now = c.call_count();
        if now >> COUNT_BITS != tag {
            switch_sequence(&c, area.offset(), now, tag);
        }
    }
    c
}

/// Bits of a pSync call counter that count calls; the bits above hold the active set's tag.
const COUNT_BITS: u32 = 34;

/// The active set, encoded exactly in 30 bits (never 0): the tag of its sequence of calls on
/// a pSync. `None` in jobs of more than 4096 PEs (no exact encoding): there a pSync keeps one
/// sequence, as before tags.
fn set_tag(set: &PeSet) -> Option<u64> {
    let (start, stride, size) = (
        set.pe(0) as u64,
        set.stride().unsigned_abs() as u64,
        set.size() as u64,
    );
    let log = u64::from(stride.trailing_zeros());
    (start < 1 << 12 && size - 1 < 1 << 12 && stride == 1 << log)
        .then(|| 1 + (start << 17 | log << 12 | (size - 1)))
}

/// Every (pSync offset, set tag) whose sequence is not the pSync's current one, with its call
/// counter: the sequences a pSync's words do not show now. Touched only when a pSync moves to
/// another active set on this PE.
static SEQUENCES: std::sync::Mutex<Vec<(usize, u64, u64)>> = std::sync::Mutex::new(Vec::new());

/// A pSync moves to the active set `tag` on this PE (OpenSHMEM lets a pSync serve another set
/// once its earlier calls completed everywhere): keep the current set's counter, and resume
/// the new set's own (or start it). Every member of the new set made the same calls with it,
/// so they all resume the same count, and since the waits compare for equality, no word left
/// by another set's calls can pass for an arrival (`Coll::set_call_count`).
#[cold]
fn switch_sequence(c: &Coll<'static>, offset: usize, now: u64, tag: u64) {
    let mut seqs = SEQUENCES.lock().unwrap_or_else(|e| e.into_inner());
    if now != 0 {
        let old = now >> COUNT_BITS;
        match seqs.iter_mut().find(|s| s.0 == offset && s.1 == old) {
            Some(s) => s.2 = now,
            None => seqs.push((offset, old, now)),
        }
    }
    let resume = seqs
        .iter()
        .find(|s| s.0 == offset && s.1 == tag)
        .map_or(tag << COUNT_BITS, |s| s.2);
    c.set_call_count(resume);
}

/// Ends the job on a collective's error (every member gets the same one).
fn check<T>(call: &str, r: shmem_core::Result<T>) -> T {
    r.unwrap_or_else(|e| fail(call, format_args!("{e}")))
}

/// Ends an fcollect whose `source` (`slen` bytes) lies inside its `dest` (`dlen`
/// bytes), naming the rule, which leaves no such use (the "collect into place" idiom, with
/// `source` at this PE's own block of `dest`): every PE passes the same `source` and `dest`
/// arrays, and `source` must be ready to be read by every PE while `dest` receives every
/// PE's block (OpenSHMEM 1.5 §9.9.7), so a common `source` inside `dest` is overwritten by
/// some PE's block while others still read it. OSHMEM and SOS do not check, and give the
/// idiom's result only when each PE's `source` is its own block, which the first rule
/// excludes.
fn apart(call: &str, dest: *const c_void, dlen: usize, source: *const c_void, slen: usize) {
    let (d, o) = (dest as usize, source as usize);
    if slen != 0 && dlen != 0 && o < d.saturating_add(dlen) && d < o.saturating_add(slen) {
        fail(
            call,
            format_args!(
                "source {source:p} ({slen} bytes) lies inside dest {dest:p} ({dlen} bytes): \
                 every PE passes the same source and dest, and source must stay readable \
                 while dest receives every PE's block (OpenSHMEM 1.5 §9.9.7), so source must \
                 lie outside dest"
            ),
        );
    }
}

/// The symmetric offset of a collective's object of `len` bytes at `addr`. A 0-byte object
/// needs no symmetric address (a program passes NULL with `nelems` 0): any address is
/// accepted, at its offset when it is symmetric, else 0; no byte is reached there.
fn object(s: &State, call: &str, what: &str, addr: *const c_void, len: usize) -> usize {
    if len == 0 {
        return s.try_sym(addr, 0).unwrap_or(0);
    }
    s.sym(call, what, addr, len)
}

/// Offsets of a collective's target and source: symmetric (unless empty, [`object`]), and
/// the same or disjoint.
fn objects(
    s: &State,
    call: &str,
    dest: *const c_void,
    dlen: usize,
    source: *const c_void,
    slen: usize,
) -> (usize, usize) {
    let d = object(s, call, "dest", dest, dlen);
    let o = object(s, call, "source", source, slen);
    if d != o && d < o + slen && o < d + dlen {
        fail(
            call,
            format_args!("dest {dest:p} and source {source:p} overlap without being the same"),
        );
    }
    (d, o)
}

fn bytes(call: &str, n: usize, size: usize) -> usize {
    n.checked_mul(size)
        .unwrap_or_else(|| fail(call, format_args!("{n} elements overflow")))
}

fn count(call: &str, n: c_int) -> usize {
    usize::try_from(n).unwrap_or_else(|_| fail(call, format_args!("nreduce {n} is negative")))
}

/// A reduction of `n` elements of `T` with `O` over `c`.
fn reduce<T: Pod, O: ReduceOp<T>>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
) {
    let len = bytes(call, n, size_of::<T>());
    let (d, o) = objects(s, call, dest, len, source, len);
    check(call, c.reduce::<T, O>(d, o, n, None));
}

/// Broadcast of `n` elements of `T` from world PE `root` over `c`.
#[allow(clippy::too_many_arguments)]
fn broadcast<T: Pod>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
    root: usize,
    write_root: bool,
) {
    let len = bytes(call, n, size_of::<T>());
    let (d, o) = objects(s, call, dest, len, source, len);
    check(call, c.broadcast::<T>(d, o, n, root, write_root, None));
}

/// The world PE of member `root` of `c`'s set.
fn root_of(call: &str, c: &Coll<'static>, root: c_int) -> usize {
    match usize::try_from(root) {
        Ok(r) if r < c.set().size() => c.set().pe(r),
        _ => fail(
            call,
            format_args!(
                "PE_root {root} is not a member index (the set has {} PEs)",
                c.set().size()
            ),
        ),
    }
}

fn fcollect<T: Pod>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
) {
    let len = bytes(call, n, size_of::<T>());
    let all = bytes(call, len, c.set().size());
    apart(call, dest, all, source, len);
    let (d, o) = objects(s, call, dest, all, source, len);
    check(call, c.fcollect::<T>(d, o, n, None));
}

fn collect<T: Pod>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
) {
    let len = bytes(call, n, size_of::<T>());
    let o = object(s, call, "source", source, len);
    // The destination's room: up to the end of the symmetric region that holds it (none for
    // an address that is not symmetric: enough when every member contributes nothing).
    let (d, room) = match s.try_sym(dest, 0) {
        Some(d) => (d, s.room(d) / size_of::<T>()),
        None => (0, 0),
    };
    check(call, c.collect::<T>(d, room, o, n, None));
}

fn alltoall<T: Pod>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
) {
    let all = bytes(call, bytes(call, n, size_of::<T>()), c.set().size());
    let (d, o) = objects(s, call, dest, all, source, all);
    check(call, c.alltoall::<T>(d, o, n, None));
}

/// Strided all-to-all: element `k` of block `j` of member `i`'s source (element index `(j *
/// n + k) * sst`) to element `(i * n + k) * dst` of member `j`'s target.
#[allow(clippy::too_many_arguments)]
fn alltoalls<T: Pod>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    dst: isize,
    source: *const c_void,
    sst: isize,
    n: usize,
) {
    let stride = |what: &str, v: isize| match usize::try_from(v) {
        Ok(v) if v > 0 => v,
        _ => fail(call, format_args!("{what} {v} is not a positive stride")),
    };
    let (dst, sst) = (stride("dst", dst), stride("sst", sst));
    let elems = bytes(call, n, c.set().size());
    let span = |st: usize| {
        if elems == 0 {
            0
        } else {
            bytes(call, bytes(call, elems - 1, st) + 1, size_of::<T>())
        }
    };
    let (d, o) = objects(s, call, dest, span(dst), source, span(sst));
    check(call, c.alltoalls::<T>(d, dst, o, sst, n, None));
}

/// Checks that `pWrk` is symmetric for `n` reduced elements of `size` bytes.
fn pwrk(s: &State, call: &str, pwrk: *const c_void, n: usize, size: usize) {
    if n == 0 {
        return;
    }
    let elems = (n / 2 + 1).max(REDUCE_MIN_WRKDATA_SIZE);
    let _ = s.sym(call, "pWrk", pwrk, bytes(call, elems, size));
}

/// `shmem_team_sync` (§9.8.3): every member of `team` arrives. Returns 0.
///
/// # Safety
/// None beyond the crate's contract: `team` is compared, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_sync(team_: *const c_void) -> c_int {
    let s = &st("shmem_team_sync");
    let c = team(s, "shmem_team_sync", team_);
    check("shmem_team_sync", c.sync(None));
    0
}

/// `shmem_barrier` (§9.8.1, deprecated): quiet, then every member of the active set arrives.
///
/// # Safety
/// `pSync` is a symmetric array of `SHMEM_BARRIER_SYNC_SIZE` longs (checked as far as can be).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_barrier(
    start: c_int,
    log_stride: c_int,
    size: c_int,
    psync: *mut c_long,
) {
    let s = &st("shmem_barrier");
    let c = active_set(s, "shmem_barrier", start, log_stride, size, psync);
    shmem_core::transport::Transport::quiet(s.t());
    check("shmem_barrier", c.sync(None));
}

/// `shmem_sync` (§9.8.3, active-set form, deprecated): every member of the set arrives.
///
/// # Safety
/// As [`shmem_barrier`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_sync(
    start: c_int,
    log_stride: c_int,
    size: c_int,
    psync: *mut c_long,
) {
    let s = &st("shmem_sync");
    let c = active_set(s, "shmem_sync", start, log_stride, size, psync);
    check("shmem_sync", c.sync(None));
}

macro_rules! team_movers {
    ($t:ty, $c:literal, $bc:ident, $col:ident, $fcol:ident, $a2a:ident) => {
        #[doc = concat!("`", stringify!($bc), "` (§9.9.6): `nelems` ", $c, " elements from member `PE_root` of `team` to every member's `dest` (the root's too). Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $bc(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize, root: c_int) -> c_int {
            let call = stringify!($bc);
            let s = &st(call);
            let c = team(s, call, team_);
            let root = root_of(call, &c, root);
            broadcast::<$t>(s, call, &c, dest.cast(), source.cast(), nelems, root, true);
            0
        }
        #[doc = concat!("`", stringify!($col), "` (§9.9.7): every member's `nelems` ", $c, " elements (counts may differ), concatenated in member order into every `dest`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $col(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize) -> c_int {
            let call = stringify!($col);
            let s = &st(call);
            let c = team(s, call, team_);
            collect::<$t>(s, call, &c, dest.cast(), source.cast(), nelems);
            0
        }
        #[doc = concat!("`", stringify!($fcol), "` (§9.9.7): every member's `nelems` ", $c, " elements, in member order, into every `dest`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fcol(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize) -> c_int {
            let call = stringify!($fcol);
            let s = &st(call);
            let c = team(s, call, team_);
            fcollect::<$t>(s, call, &c, dest.cast(), source.cast(), nelems);
            0
        }
        #[doc = concat!("`", stringify!($a2a), "` (§9.9.8): block `j` of member `i`'s `source` (`nelems` ", $c, " elements) to block `i` of member `j`'s `dest`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $a2a(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize) -> c_int {
            let call = stringify!($a2a);
            let s = &st(call);
            let c = team(s, call, team_);
            alltoall::<$t>(s, call, &c, dest.cast(), source.cast(), nelems);
            0
        }
    };
}

macro_rules! alltoalls_fns {
    (@set $t:ty, $c:literal, $set_name:ident) => {
        #[doc = concat!("`", stringify!($set_name), "` (§9.9.9, deprecated): strided all-to-all of ", $c, " elements over the active set.")]
        ///
        /// # Safety
        /// `dest`, `source` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $set_name(
            dest: *mut c_void, source: *const c_void, dst: isize, sst: isize, nelems: usize,
            start: c_int, log_stride: c_int, size: c_int, psync: *mut c_long,
        ) {
            let call = stringify!($set_name);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            alltoalls::<$t>(s, call, &c, dest, dst, source, sst, nelems);
        }
    };
    (@team $t:ty, $c:literal, $team_name:ident) => {
        #[doc = concat!("`", stringify!($team_name), "` (§9.9.9): strided all-to-all of ", $c, " elements over `team`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $team_name(
            team_: *const c_void, dest: *mut $t, source: *const $t, dst: isize, sst: isize,
            nelems: usize,
        ) -> c_int {
            let call = stringify!($team_name);
            let s = &st(call);
            let c = team(s, call, team_);
            alltoalls::<$t>(s, call, &c, dest.cast(), dst, source.cast(), sst, nelems);
            0
        }
    };
}

alltoalls_fns!(@set u32, "32-bit", shmem_alltoalls32);
alltoalls_fns!(@set u64, "64-bit", shmem_alltoalls64);
alltoalls_fns!(@team u8, "byte", shmem_alltoallsmem);

macro_rules! set_movers {
    ($t:ty, $bc:ident, $col:ident, $fcol:ident, $a2a:ident) => {
        #[doc = concat!("`", stringify!($bc), "` (§9.9.6, deprecated): from member `PE_root` of the active set to every other member's `dest` (not the root's).")]
        ///
        /// # Safety
        /// `dest`, `source` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $bc(
            dest: *mut c_void, source: *const c_void, nelems: usize, root: c_int,
            start: c_int, log_stride: c_int, size: c_int, psync: *mut c_long,
        ) {
            let call = stringify!($bc);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            let root = root_of(call, &c, root);
            broadcast::<$t>(s, call, &c, dest, source, nelems, root, false);
        }
        #[doc = concat!("`", stringify!($col), "` (§9.9.7, deprecated): concatenation of every member's `source` in every `dest`.")]
        ///
        /// # Safety
        /// `dest`, `source` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $col(
            dest: *mut c_void, source: *const c_void, nelems: usize,
            start: c_int, log_stride: c_int, size: c_int, psync: *mut c_long,
        ) {
            let call = stringify!($col);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            collect::<$t>(s, call, &c, dest, source, nelems);
        }
        #[doc = concat!("`", stringify!($fcol), "` (§9.9.7, deprecated): every member's `nelems` elements in every `dest`.")]
        ///
        /// # Safety
        /// `dest`, `source` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fcol(
            dest: *mut c_void, source: *const c_void, nelems: usize,
            start: c_int, log_stride: c_int, size: c_int, psync: *mut c_long,
        ) {
            let call = stringify!($fcol);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            fcollect::<$t>(s, call, &c, dest, source, nelems);
        }
        #[doc = concat!("`", stringify!($a2a), "` (§9.9.8, deprecated): all-to-all exchange of `nelems`-element blocks.")]
        ///
        /// # Safety
        /// `dest`, `source` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $a2a(
            dest: *mut c_void, source: *const c_void, nelems: usize,
            start: c_int, log_stride: c_int, size: c_int, psync: *mut c_long,
        ) {
            let call = stringify!($a2a);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            alltoall::<$t>(s, call, &c, dest, source, nelems);
        }
    };
}

set_movers!(
    u32,
    shmem_broadcast32,
    shmem_collect32,
    shmem_fcollect32,
    shmem_alltoall32
);
set_movers!(
    u64,
    shmem_broadcast64,
    shmem_collect64,
    shmem_fcollect64,
    shmem_alltoall64
);
team_movers!(
    u8,
    "byte",
    shmem_broadcastmem,
    shmem_collectmem,
    shmem_fcollectmem,
    shmem_alltoallmem
);

macro_rules! team_reduce {
    ($t:ty, $op:ty, $name:ident) => {
        #[doc = concat!("`", stringify!($name), "` (§9.9.10): element-wise reduction of `nreduce` elements over `team` into every member's `dest`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked); they are the same array or disjoint.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(team_: *const c_void, dest: *mut $t, source: *const $t, nreduce: usize) -> c_int {
            let call = stringify!($name);
            let s = &st(call);
            let c = team(s, call, team_);
            reduce::<$t, $op>(s, call, &c, dest.cast(), source.cast(), nreduce);
            0
        }
    };
}

macro_rules! to_all {
    ($t:ty, $op:ty, $name:ident) => {
        #[doc = concat!("`", stringify!($name), "` (§9.9.10, deprecated): element-wise reduction of `nreduce` elements over the active set.")]
        ///
        /// # Safety
        /// `dest`, `source`, `pWrk` and `pSync` are symmetric (checked).
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            dest: *mut $t, source: *const $t, nreduce: c_int,
            start: c_int, log_stride: c_int, size: c_int, pwrk_: *mut $t, psync: *mut c_long,
        ) {
            let call = stringify!($name);
            let s = &st(call);
            let c = active_set(s, call, start, log_stride, size, psync);
            let n = count(call, nreduce);
            pwrk(s, call, pwrk_.cast(), n, size_of::<$t>());
            reduce::<$t, $op>(s, call, &c, dest.cast(), source.cast(), n);
        }
    };
}

team_movers!(
    f32,
    "float",
    shmem_float_broadcast,
    shmem_float_collect,
    shmem_float_fcollect,
    shmem_float_alltoall
);
team_movers!(
    f64,
    "double",
    shmem_double_broadcast,
    shmem_double_collect,
    shmem_double_fcollect,
    shmem_double_alltoall
);
team_movers!(
    i8,
    "char",
    shmem_char_broadcast,
    shmem_char_collect,
    shmem_char_fcollect,
    shmem_char_alltoall
);
team_movers!(
    i8,
    "schar",
    shmem_schar_broadcast,
    shmem_schar_collect,
    shmem_schar_fcollect,
    shmem_schar_alltoall
);
team_movers!(
    i16,
    "short",
    shmem_short_broadcast,
    shmem_short_collect,
    shmem_short_fcollect,
    shmem_short_alltoall
);
team_movers!(
    i32,
    "int",
    shmem_int_broadcast,
    shmem_int_collect,
    shmem_int_fcollect,
    shmem_int_alltoall
);
team_movers!(
    i64,
    "long",
    shmem_long_broadcast,
    shmem_long_collect,
    shmem_long_fcollect,
    shmem_long_alltoall
);
team_movers!(
    i64,
    "longlong",
    shmem_longlong_broadcast,
    shmem_longlong_collect,
    shmem_longlong_fcollect,
    shmem_longlong_alltoall
);
team_movers!(
    u8,
    "uchar",
    shmem_uchar_broadcast,
    shmem_uchar_collect,
    shmem_uchar_fcollect,
    shmem_uchar_alltoall
);
team_movers!(
    u16,
    "ushort",
    shmem_ushort_broadcast,
    shmem_ushort_collect,
    shmem_ushort_fcollect,
    shmem_ushort_alltoall
);
team_movers!(
    u32,
    "uint",
    shmem_uint_broadcast,
    shmem_uint_collect,
    shmem_uint_fcollect,
    shmem_uint_alltoall
);
team_movers!(
    u64,
    "ulong",
    shmem_ulong_broadcast,
    shmem_ulong_collect,
    shmem_ulong_fcollect,
    shmem_ulong_alltoall
);
team_movers!(
    u64,
    "ulonglong",
    shmem_ulonglong_broadcast,
    shmem_ulonglong_collect,
    shmem_ulonglong_fcollect,
    shmem_ulonglong_alltoall
);
team_movers!(
    i8,
    "int8",
    shmem_int8_broadcast,
    shmem_int8_collect,
    shmem_int8_fcollect,
    shmem_int8_alltoall
);
team_movers!(
    i16,
    "int16",
    shmem_int16_broadcast,
    shmem_int16_collect,
    shmem_int16_fcollect,
    shmem_int16_alltoall
);
team_movers!(
    i32,
    "int32",
    shmem_int32_broadcast,
    shmem_int32_collect,
    shmem_int32_fcollect,
    shmem_int32_alltoall
);
team_movers!(
    i64,
    "int64",
    shmem_int64_broadcast,
    shmem_int64_collect,
    shmem_int64_fcollect,
    shmem_int64_alltoall
);
team_movers!(
    u8,
    "uint8",
    shmem_uint8_broadcast,
    shmem_uint8_collect,
    shmem_uint8_fcollect,
    shmem_uint8_alltoall
);
team_movers!(
    u16,
    "uint16",
    shmem_uint16_broadcast,
    shmem_uint16_collect,
    shmem_uint16_fcollect,
    shmem_uint16_alltoall
);
team_movers!(
    u32,
    "uint32",
    shmem_uint32_broadcast,
    shmem_uint32_collect,
    shmem_uint32_fcollect,
    shmem_uint32_alltoall
);
team_movers!(
    u64,
    "uint64",
    shmem_uint64_broadcast,
    shmem_uint64_collect,
    shmem_uint64_fcollect,
    shmem_uint64_alltoall
);
team_movers!(
    usize,
    "size",
    shmem_size_broadcast,
    shmem_size_collect,
    shmem_size_fcollect,
    shmem_size_alltoall
);
team_movers!(
    isize,
    "ptrdiff",
    shmem_ptrdiff_broadcast,
    shmem_ptrdiff_collect,
    shmem_ptrdiff_fcollect,
    shmem_ptrdiff_alltoall
);
team_reduce!(u8, And, shmem_uchar_and_reduce);
team_reduce!(u8, Or, shmem_uchar_or_reduce);
team_reduce!(u8, Xor, shmem_uchar_xor_reduce);
team_reduce!(u16, And, shmem_ushort_and_reduce);
team_reduce!(u16, Or, shmem_ushort_or_reduce);
team_reduce!(u16, Xor, shmem_ushort_xor_reduce);
team_reduce!(u32, And, shmem_uint_and_reduce);
team_reduce!(u32, Or, shmem_uint_or_reduce);
team_reduce!(u32, Xor, shmem_uint_xor_reduce);
team_reduce!(u64, And, shmem_ulong_and_reduce);
team_reduce!(u64, Or, shmem_ulong_or_reduce);
team_reduce!(u64, Xor, shmem_ulong_xor_reduce);
team_reduce!(u64, And, shmem_ulonglong_and_reduce);
team_reduce!(u64, Or, shmem_ulonglong_or_reduce);
team_reduce!(u64, Xor, shmem_ulonglong_xor_reduce);
team_reduce!(i8, And, shmem_int8_and_reduce);
team_reduce!(i8, Or, shmem_int8_or_reduce);
team_reduce!(i8, Xor, shmem_int8_xor_reduce);
team_reduce!(i16, And, shmem_int16_and_reduce);
team_reduce!(i16, Or, shmem_int16_or_reduce);
team_reduce!(i16, Xor, shmem_int16_xor_reduce);
team_reduce!(i32, And, shmem_int32_and_reduce);
team_reduce!(i32, Or, shmem_int32_or_reduce);
team_reduce!(i32, Xor, shmem_int32_xor_reduce);
team_reduce!(i64, And, shmem_int64_and_reduce);
team_reduce!(i64, Or, shmem_int64_or_reduce);
team_reduce!(i64, Xor, shmem_int64_xor_reduce);
team_reduce!(u8, And, shmem_uint8_and_reduce);
team_reduce!(u8, Or, shmem_uint8_or_reduce);
team_reduce!(u8, Xor, shmem_uint8_xor_reduce);
team_reduce!(u16, And, shmem_uint16_and_reduce);
team_reduce!(u16, Or, shmem_uint16_or_reduce);
team_reduce!(u16, Xor, shmem_uint16_xor_reduce);
team_reduce!(u32, And, shmem_uint32_and_reduce);
team_reduce!(u32, Or, shmem_uint32_or_reduce);
team_reduce!(u32, Xor, shmem_uint32_xor_reduce);
team_reduce!(u64, And, shmem_uint64_and_reduce);
team_reduce!(u64, Or, shmem_uint64_or_reduce);
team_reduce!(u64, Xor, shmem_uint64_xor_reduce);
team_reduce!(usize, And, shmem_size_and_reduce);
team_reduce!(usize, Or, shmem_size_or_reduce);
team_reduce!(usize, Xor, shmem_size_xor_reduce);
team_reduce!(i8, Max, shmem_char_max_reduce);
team_reduce!(i8, Min, shmem_char_min_reduce);
team_reduce!(i8, Max, shmem_schar_max_reduce);
team_reduce!(i8, Min, shmem_schar_min_reduce);
team_reduce!(i16, Max, shmem_short_max_reduce);
team_reduce!(i16, Min, shmem_short_min_reduce);
team_reduce!(i32, Max, shmem_int_max_reduce);
team_reduce!(i32, Min, shmem_int_min_reduce);
team_reduce!(i64, Max, shmem_long_max_reduce);
team_reduce!(i64, Min, shmem_long_min_reduce);
team_reduce!(i64, Max, shmem_longlong_max_reduce);
team_reduce!(i64, Min, shmem_longlong_min_reduce);
team_reduce!(isize, Max, shmem_ptrdiff_max_reduce);
team_reduce!(isize, Min, shmem_ptrdiff_min_reduce);
team_reduce!(u8, Max, shmem_uchar_max_reduce);
team_reduce!(u8, Min, shmem_uchar_min_reduce);
team_reduce!(u16, Max, shmem_ushort_max_reduce);
team_reduce!(u16, Min, shmem_ushort_min_reduce);
team_reduce!(u32, Max, shmem_uint_max_reduce);
team_reduce!(u32, Min, shmem_uint_min_reduce);
team_reduce!(u64, Max, shmem_ulong_max_reduce);
team_reduce!(u64, Min, shmem_ulong_min_reduce);
team_reduce!(u64, Max, shmem_ulonglong_max_reduce);
team_reduce!(u64, Min, shmem_ulonglong_min_reduce);
team_reduce!(i8, Max, shmem_int8_max_reduce);
team_reduce!(i8, Min, shmem_int8_min_reduce);
team_reduce!(i16, Max, shmem_int16_max_reduce);
team_reduce!(i16, Min, shmem_int16_min_reduce);
team_reduce!(i32, Max, shmem_int32_max_reduce);
team_reduce!(i32, Min, shmem_int32_min_reduce);
team_reduce!(i64, Max, shmem_int64_max_reduce);
team_reduce!(i64, Min, shmem_int64_min_reduce);
team_reduce!(u8, Max, shmem_uint8_max_reduce);
team_reduce!(u8, Min, shmem_uint8_min_reduce);
team_reduce!(u16, Max, shmem_uint16_max_reduce);
team_reduce!(u16, Min, shmem_uint16_min_reduce);
team_reduce!(u32, Max, shmem_uint32_max_reduce);
team_reduce!(u32, Min, shmem_uint32_min_reduce);
team_reduce!(u64, Max, shmem_uint64_max_reduce);
team_reduce!(u64, Min, shmem_uint64_min_reduce);
team_reduce!(usize, Max, shmem_size_max_reduce);
team_reduce!(usize, Min, shmem_size_min_reduce);
team_reduce!(f32, Max, shmem_float_max_reduce);
team_reduce!(f32, Min, shmem_float_min_reduce);
team_reduce!(f64, Max, shmem_double_max_reduce);
team_reduce!(f64, Min, shmem_double_min_reduce);
team_reduce!(i8, Sum, shmem_char_sum_reduce);
team_reduce!(i8, Prod, shmem_char_prod_reduce);
team_reduce!(i8, Sum, shmem_schar_sum_reduce);
team_reduce!(i8, Prod, shmem_schar_prod_reduce);
team_reduce!(i16, Sum, shmem_short_sum_reduce);
team_reduce!(i16, Prod, shmem_short_prod_reduce);
team_reduce!(i32, Sum, shmem_int_sum_reduce);
team_reduce!(i32, Prod, shmem_int_prod_reduce);
team_reduce!(i64, Sum, shmem_long_sum_reduce);
team_reduce!(i64, Prod, shmem_long_prod_reduce);
team_reduce!(i64, Sum, shmem_longlong_sum_reduce);
team_reduce!(i64, Prod, shmem_longlong_prod_reduce);
team_reduce!(isize, Sum, shmem_ptrdiff_sum_reduce);
team_reduce!(isize, Prod, shmem_ptrdiff_prod_reduce);
team_reduce!(u8, Sum, shmem_uchar_sum_reduce);
team_reduce!(u8, Prod, shmem_uchar_prod_reduce);
team_reduce!(u16, Sum, shmem_ushort_sum_reduce);
team_reduce!(u16, Prod, shmem_ushort_prod_reduce);
team_reduce!(u32, Sum, shmem_uint_sum_reduce);
team_reduce!(u32, Prod, shmem_uint_prod_reduce);
team_reduce!(u64, Sum, shmem_ulong_sum_reduce);
team_reduce!(u64, Prod, shmem_ulong_prod_reduce);
team_reduce!(u64, Sum, shmem_ulonglong_sum_reduce);
team_reduce!(u64, Prod, shmem_ulonglong_prod_reduce);
team_reduce!(i8, Sum, shmem_int8_sum_reduce);
team_reduce!(i8, Prod, shmem_int8_prod_reduce);
team_reduce!(i16, Sum, shmem_int16_sum_reduce);
team_reduce!(i16, Prod, shmem_int16_prod_reduce);
team_reduce!(i32, Sum, shmem_int32_sum_reduce);
team_reduce!(i32, Prod, shmem_int32_prod_reduce);
team_reduce!(i64, Sum, shmem_int64_sum_reduce);
team_reduce!(i64, Prod, shmem_int64_prod_reduce);
team_reduce!(u8, Sum, shmem_uint8_sum_reduce);
team_reduce!(u8, Prod, shmem_uint8_prod_reduce);
team_reduce!(u16, Sum, shmem_uint16_sum_reduce);
team_reduce!(u16, Prod, shmem_uint16_prod_reduce);
team_reduce!(u32, Sum, shmem_uint32_sum_reduce);
team_reduce!(u32, Prod, shmem_uint32_prod_reduce);
team_reduce!(u64, Sum, shmem_uint64_sum_reduce);
team_reduce!(u64, Prod, shmem_uint64_prod_reduce);
team_reduce!(usize, Sum, shmem_size_sum_reduce);
team_reduce!(usize, Prod, shmem_size_prod_reduce);
team_reduce!(f32, Sum, shmem_float_sum_reduce);
team_reduce!(f32, Prod, shmem_float_prod_reduce);
team_reduce!(f64, Sum, shmem_double_sum_reduce);
team_reduce!(f64, Prod, shmem_double_prod_reduce);
team_reduce!(Complex64, Sum, shmem_complexd_sum_reduce);
team_reduce!(Complex64, Prod, shmem_complexd_prod_reduce);
team_reduce!(Complex32, Sum, shmem_complexf_sum_reduce);
team_reduce!(Complex32, Prod, shmem_complexf_prod_reduce);
to_all!(i16, And, shmem_short_and_to_all);
to_all!(i16, Or, shmem_short_or_to_all);
to_all!(i16, Xor, shmem_short_xor_to_all);
to_all!(i32, And, shmem_int_and_to_all);
to_all!(i32, Or, shmem_int_or_to_all);
to_all!(i32, Xor, shmem_int_xor_to_all);
to_all!(i64, And, shmem_long_and_to_all);
to_all!(i64, Or, shmem_long_or_to_all);
to_all!(i64, Xor, shmem_long_xor_to_all);
to_all!(i64, And, shmem_longlong_and_to_all);
to_all!(i64, Or, shmem_longlong_or_to_all);
to_all!(i64, Xor, shmem_longlong_xor_to_all);
to_all!(i16, Max, shmem_short_max_to_all);
to_all!(i16, Min, shmem_short_min_to_all);
to_all!(i32, Max, shmem_int_max_to_all);
to_all!(i32, Min, shmem_int_min_to_all);
to_all!(i64, Max, shmem_long_max_to_all);
to_all!(i64, Min, shmem_long_min_to_all);
to_all!(i64, Max, shmem_longlong_max_to_all);
to_all!(i64, Min, shmem_longlong_min_to_all);
to_all!(f32, Max, shmem_float_max_to_all);
to_all!(f32, Min, shmem_float_min_to_all);
to_all!(f64, Max, shmem_double_max_to_all);
to_all!(f64, Min, shmem_double_min_to_all);
to_all!(i16, Sum, shmem_short_sum_to_all);
to_all!(i16, Prod, shmem_short_prod_to_all);
to_all!(i32, Sum, shmem_int_sum_to_all);
to_all!(i32, Prod, shmem_int_prod_to_all);
to_all!(i64, Sum, shmem_long_sum_to_all);
to_all!(i64, Prod, shmem_long_prod_to_all);
to_all!(i64, Sum, shmem_longlong_sum_to_all);
to_all!(i64, Prod, shmem_longlong_prod_to_all);
to_all!(f32, Sum, shmem_float_sum_to_all);
to_all!(f32, Prod, shmem_float_prod_to_all);
to_all!(f64, Sum, shmem_double_sum_to_all);
to_all!(f64, Prod, shmem_double_prod_to_all);
to_all!(Complex32, Sum, shmem_complexf_sum_to_all);
to_all!(Complex32, Prod, shmem_complexf_prod_to_all);
to_all!(Complex64, Sum, shmem_complexd_sum_to_all);
to_all!(Complex64, Prod, shmem_complexd_prod_to_all);
alltoalls_fns!(@team f32, "float", shmem_float_alltoalls);
alltoalls_fns!(@team f64, "double", shmem_double_alltoalls);
alltoalls_fns!(@team i8, "char", shmem_char_alltoalls);
alltoalls_fns!(@team i8, "schar", shmem_schar_alltoalls);
alltoalls_fns!(@team i16, "short", shmem_short_alltoalls);
alltoalls_fns!(@team i32, "int", shmem_int_alltoalls);
alltoalls_fns!(@team i64, "long", shmem_long_alltoalls);
alltoalls_fns!(@team i64, "longlong", shmem_longlong_alltoalls);
alltoalls_fns!(@team u8, "uchar", shmem_uchar_alltoalls);
alltoalls_fns!(@team u16, "ushort", shmem_ushort_alltoalls);
alltoalls_fns!(@team u32, "uint", shmem_uint_alltoalls);
alltoalls_fns!(@team u64, "ulong", shmem_ulong_alltoalls);
alltoalls_fns!(@team u64, "ulonglong", shmem_ulonglong_alltoalls);
alltoalls_fns!(@team i8, "int8", shmem_int8_alltoalls);
alltoalls_fns!(@team i16, "int16", shmem_int16_alltoalls);
alltoalls_fns!(@team i32, "int32", shmem_int32_alltoalls);
alltoalls_fns!(@team i64, "int64", shmem_int64_alltoalls);
alltoalls_fns!(@team u8, "uint8", shmem_uint8_alltoalls);
alltoalls_fns!(@team u16, "uint16", shmem_uint16_alltoalls);
alltoalls_fns!(@team u32, "uint32", shmem_uint32_alltoalls);
alltoalls_fns!(@team u64, "uint64", shmem_uint64_alltoalls);
alltoalls_fns!(@team usize, "size", shmem_size_alltoalls);
alltoalls_fns!(@team isize, "ptrdiff", shmem_ptrdiff_alltoalls);

/// A scan (prefix reduction) of `n` elements of `T` with `O` over `c` (`exclusive`: member
/// `k` combines members `0..k`, and member 0 gets the identity of `O`).
#[allow(clippy::too_many_arguments)]
fn scan<T: Pod, O: ScanOp<T>>(
    s: &State,
    call: &str,
    c: &Coll<'static>,
    dest: *const c_void,
    source: *const c_void,
    n: usize,
    exclusive: bool,
) {
    let len = bytes(call, n, size_of::<T>());
    let (d, o) = objects(s, call, dest, len, source, len);
    check(call, c.scan::<T, O>(d, o, n, exclusive, None));
}

macro_rules! team_scan {
    ($t:ty, $inscan:ident, $exscan:ident) => {
        #[doc = concat!("`", stringify!($inscan), "` (OpenSHMEM 1.6): inclusive prefix sum of `nelems` elements over `team`: element `i` of member `k`'s `dest` is the sum of element `i` of the `source` of members `0..=k`. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked); they are the same array or disjoint.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $inscan(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize) -> c_int {
            let call = stringify!($inscan);
            let s = &st(call);
            let c = team(s, call, team_);
            scan::<$t, Sum>(s, call, &c, dest.cast(), source.cast(), nelems, false);
            0
        }
        #[doc = concat!("`", stringify!($exscan), "` (OpenSHMEM 1.6): exclusive prefix sum of `nelems` elements over `team`: element `i` of member `k`'s `dest` is the sum of element `i` of the `source` of members `0..k`, zero on member 0. Returns 0.")]
        ///
        /// # Safety
        /// `dest` and `source` are symmetric (checked); they are the same array or disjoint.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $exscan(team_: *const c_void, dest: *mut $t, source: *const $t, nelems: usize) -> c_int {
            let call = stringify!($exscan);
            let s = &st(call);
            let c = team(s, call, team_);
            scan::<$t, Sum>(s, call, &c, dest.cast(), source.cast(), nelems, true);
            0
        }
    };
}

// The types of the sum reductions, as `*_sum_reduce` above (the specification's list).
team_scan!(i8, shmem_char_sum_inscan, shmem_char_sum_exscan);
team_scan!(i8, shmem_schar_sum_inscan, shmem_schar_sum_exscan);
team_scan!(i16, shmem_short_sum_inscan, shmem_short_sum_exscan);
team_scan!(i32, shmem_int_sum_inscan, shmem_int_sum_exscan);
team_scan!(i64, shmem_long_sum_inscan, shmem_long_sum_exscan);
team_scan!(i64, shmem_longlong_sum_inscan, shmem_longlong_sum_exscan);
team_scan!(isize, shmem_ptrdiff_sum_inscan, shmem_ptrdiff_sum_exscan);
team_scan!(u8, shmem_uchar_sum_inscan, shmem_uchar_sum_exscan);
team_scan!(u16, shmem_ushort_sum_inscan, shmem_ushort_sum_exscan);
team_scan!(u32, shmem_uint_sum_inscan, shmem_uint_sum_exscan);
team_scan!(u64, shmem_ulong_sum_inscan, shmem_ulong_sum_exscan);
team_scan!(u64, shmem_ulonglong_sum_inscan, shmem_ulonglong_sum_exscan);
team_scan!(i8, shmem_int8_sum_inscan, shmem_int8_sum_exscan);
team_scan!(i16, shmem_int16_sum_inscan, shmem_int16_sum_exscan);
team_scan!(i32, shmem_int32_sum_inscan, shmem_int32_sum_exscan);
team_scan!(i64, shmem_int64_sum_inscan, shmem_int64_sum_exscan);
team_scan!(u8, shmem_uint8_sum_inscan, shmem_uint8_sum_exscan);
team_scan!(u16, shmem_uint16_sum_inscan, shmem_uint16_sum_exscan);
team_scan!(u32, shmem_uint32_sum_inscan, shmem_uint32_sum_exscan);
team_scan!(u64, shmem_uint64_sum_inscan, shmem_uint64_sum_exscan);
team_scan!(usize, shmem_size_sum_inscan, shmem_size_sum_exscan);
team_scan!(f32, shmem_float_sum_inscan, shmem_float_sum_exscan);
team_scan!(f64, shmem_double_sum_inscan, shmem_double_sum_exscan);
team_scan!(
    Complex64,
    shmem_complexd_sum_inscan,
    shmem_complexd_sum_exscan
);
team_scan!(
    Complex32,
    shmem_complexf_sum_inscan,
    shmem_complexf_sum_exscan
);

/// `long double` (x86-64's x87 extended format; [`crate::longdouble`]): the movers, and the
/// reductions that the specification defines on it (min, max, sum, prod) and the sum scans.
#[cfg(target_arch = "x86_64")]
pub mod long_double {
    use super::*;
    use crate::longdouble::LongDouble;

    team_movers!(
        LongDouble,
        "long double",
        shmem_longdouble_broadcast,
        shmem_longdouble_collect,
        shmem_longdouble_fcollect,
        shmem_longdouble_alltoall
    );
    alltoalls_fns!(@team LongDouble, "long double", shmem_longdouble_alltoalls);
    team_reduce!(LongDouble, Max, shmem_longdouble_max_reduce);
    team_reduce!(LongDouble, Min, shmem_longdouble_min_reduce);
    team_reduce!(LongDouble, Sum, shmem_longdouble_sum_reduce);
    team_reduce!(LongDouble, Prod, shmem_longdouble_prod_reduce);
    to_all!(LongDouble, Max, shmem_longdouble_max_to_all);
    to_all!(LongDouble, Min, shmem_longdouble_min_to_all);
    to_all!(LongDouble, Sum, shmem_longdouble_sum_to_all);
    to_all!(LongDouble, Prod, shmem_longdouble_prod_to_all);
    team_scan!(
        LongDouble,
        shmem_longdouble_sum_inscan,
        shmem_longdouble_sum_exscan
    );
}
