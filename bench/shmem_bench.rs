//! shmem-bench: the Rust mirror of the OSHMEM reference benchmark (`oshmem-bench/bench.c`),
//! row for row.
//!
//! Same metric names, same operations, same warm-up and iteration counts (including the
//! `2/npes` rule), same statistic (median of 5 repetitions; collective latencies averaged over
//! the PEs), same correctness checks and the same output, printed by PE 0 only:
//!
//! ```text
//! metric<TAB>npes<TAB>value<TAB>unit<TAB>ok|FAIL      (value with one decimal, like %.1f)
//! ```
//!
//! plus `#` comment lines. Run it with `bench/run.sh`, or by hand:
//!
//! ```text
//! cargo build --release --example shmem_bench --bin shmemrun
//! target/release/shmemrun -n 2 target/release/examples/shmem_bench
//! ```
//!
//! `SHMEM_BENCH_SCALE` (default 1) multiplies every iteration count, like
//! `OSHMEM_BENCH_SCALE` in the reference (for smoke tests only). `SHMEM_BENCH_ONLY` (not in the
//! reference; for profiling one row, e.g. `SHMEM_BENCH_ONLY=barrier_lat`) is a space- or
//! comma-separated list of the rows to measure; the others are skipped.
//!
//! Where the safe API makes the mirror differ from the C code (none of it changes what is
//! timed on a shared-memory transport):
//! * Puts and gets move symmetric memory to symmetric memory, as bench.c's `shmem_putmem` /
//!   `shmem_getmem` on `shmem_malloc`ed buffers do: [`SymSlice::put_from`] /
//!   [`SymSlice::get_from`] and their `nbi` forms.
//! * pSync: two [`ReduceSync`] / [`BcastSync`] / [`CollectSync`] buffers per kind alternate
//!   from call to call, as bench.c's `pSync*[i % 2]`; they are initialised when made (before
//!   a barrier), not filled with `SHMEM_SYNC_VALUE` by hand. There is no pWrk: no collective
//!   takes one.
//! * The collectives' targets must be exclusively borrowed symmetric heap objects
//!   ([`SymVec`]), so bench.c's static `bcast_src`/`bcast_dst`/`fc_src` are `SymVec`s here
//!   (same memory, same per-call work); the lock is a [`SymLock`] (heap) where bench.c has a
//!   static `long`. The lock-protected counter is a symmetric static, as in bench.c.
//! * `broadcast` of an active set leaves the root's target unwritten (OpenSHMEM 1.4, as
//!   `shmem_broadcast64`), so the root's `bcast_dst` is not checked, as in bench.c.
//!
//! The `# rows:` comment line names the rows this build measures (all of bench.c's), and
//! `run.sh` checks that each of them is present and ok.
#![forbid(unsafe_code)]

use std::time::Instant;

#[path = "common.rs"]
mod common;
use common::{PeMean, barrier_times, median, osu_times};

use shmem::window::{Layout, LockKind, Window, op};
use shmem::{
    ActiveSet, BcastSync, Cmp, CollectSync, CtxOptions, Member, Pe, ReduceSync, Shmem, SignalOp,
    SymBox, SymLock, SymSlice, SymSliceMut, SymVec, Team,
};

/// Repetitions per metric; the value is their median.
const NREPS: usize = 5;
/// Largest put/get size: 1 MiB.
const MAX_MSG: usize = 1 << 20;
/// Non-blocking operations per window in the bandwidth rows.
const BW_WINDOW: usize = 16;
/// Message sizes of the put/get latency rows.
const SIZES: [usize; 5] = [8, 64, 4096, 65536, 1_048_576];
/// Largest reduction length (longs).
const RED_MAX: usize = 65536;
/// Broadcast length: 512 longs = 4096 bytes.
const BCAST_NLONG: usize = 512;

/// Every row this build measures, in the order it prints them (announced as `# rows:` so that
/// `run.sh` can check that each one is present). Add a row here when you add its call in
/// `main`.
const ROWS: &[&str] = &[
    "put_lat_8",
    "put_lat_64",
    "put_lat_4096",
    "put_lat_65536",
    "put_lat_1048576",
    "get_lat_8",
    "get_lat_64",
    "get_lat_4096",
    "get_lat_65536",
    "get_lat_1048576",
    "put_bw_1048576",
    "get_bw_1048576",
    "amo_fadd_lat",
    "amo_cswap_lat",
    "amo_add_lat",
    "pingpong_lat",
    "barrier_lat",
    "or_to_all_lat_1",
    "or_to_all_lat_1024",
    "or_to_all_lat_65536",
    "sum_to_all_lat_1024",
    "bcast_lat_4096",
    "fcollect_lat_8",
    "lock_ops_per_s",
    "win_lock_excl_lat",
    "win_lock_shared_lat",
    "win_lock_contended_ops_per_s",
    "accumulate_sum_1024_lat",
    "fence_epoch_lat",
    "pscw_epoch_lat",
    "layout_put_first_lat",
    "layout_put_reuse_lat",
    "put_signal_lat_8",
    "amo_fadd_nbi_ops_per_s",
    "sum_inscan_lat_1024",
    "team_or_reduce_lat_1",
    "ctx_amo_threads_ops_per_s",
];

/// The layout rows' target side: a column of 64 elements, 16 apart (`MPI_Type_vector`).
const COLUMN: (usize, usize, usize) = (64, 1, 16);

/// Elements of the accumulate row (mpi-rma-bench's `ACC_N`).
const ACC_N: usize = 1024;

// Symmetric statics, as in bench.c.
#[shmem::symmetric]
static FAIL_COUNT: i32 = 0; // accumulated on PE 0
#[shmem::symmetric]
static AMO_TARGET: i64 = 0; // AMO target on PE 1
#[shmem::symmetric]
static FLAG: i64 = 0; // ping-pong flag
#[shmem::symmetric]
static AMO_EXPECT: i64 = 0; // expected final AMO value, sent to PE 1
#[shmem::symmetric]
static LOCK_COUNTER: i64 = 0; // lock-protected counter on PE 0

/// What every benchmark needs: the handle, the PE numbers, the iteration scale and the
/// symmetric buffers that bench.c allocates with `shmem_malloc`.
struct Cx<'s> {
    shmem: &'s Shmem,
    me: usize,
    npes: usize,
    scale: f64,
    /// `SHMEM_BENCH_ONLY`: the rows to measure (all when `None`).
    only: Option<Vec<String>>,
    pe0: Pe,
    pe1: Pe,
    /// `MAX_MSG` bytes each.
    msg_src: SymVec<'s, u8>,
    msg_dst: SymVec<'s, u8>,
    /// bench.c's `avg_over_pes`.
    mean: PeMean<'s>,
}

/// The collective and lock objects of bench.c (borrowed mutably by the calls, so kept apart
/// from [`Cx`]): every PE is a member of the one active set, `(0, 0, npes)`.
struct Colls<'s> {
    /// This PE in the active set `(PE_start 0, logPE_stride 0, PE_size npes)`.
    member: Member<'s>,
    /// `RED_MAX` longs each.
    red_src: SymVec<'s, i64>,
    red_dst: SymVec<'s, i64>,
    /// `pSyncRed[2]`.
    red_sync: [ReduceSync<'s>; 2],
    /// `BCAST_NLONG` longs each.
    bcast_src: SymVec<'s, i64>,
    bcast_dst: SymVec<'s, i64>,
    /// `pSyncBc[2]`.
    bcast_sync: [BcastSync<'s>; 2],
    /// One long.
    fc_src: SymVec<'s, i64>,
    /// `npes` longs.
    fc_dst: SymVec<'s, i64>,
    /// `pSyncCol[2]`.
    col_sync: [CollectSync<'s>; 2],
    /// `lock_var`.
    lock: SymLock<'s>,
}

/// The report/check helpers of bench.c.
impl Cx<'_> {
    /// Whether row `metric` is measured in this run (`SHMEM_BENCH_ONLY`; the same answer on
    /// every PE, since every PE has the same environment).
    fn wants(&self, metric: &str) -> bool {
        self.only
            .as_ref()
            .is_none_or(|o| o.iter().any(|m| m == metric))
    }

    /// Iteration counts: `base` is for npes <= 2; for npes > 2 it is multiplied by 2/npes
    /// (min 1). The rule depends only on npes, exactly as `its()` in bench.c.
    fn its(&self, base: u64) -> u64 {
        let mut v = base as f64 * self.scale;
        if self.npes > 2 {
            v = v * 2.0 / self.npes as f64;
        }
        if v < 1.0 {
            v = 1.0;
        }
        v as u64
    }

    /// Collective: every PE contributes whether its checks failed; returns the global count
    /// on PE 0 (0 elsewhere). Contains barriers.
    fn global_fails(&self, local_bad: bool) -> i32 {
        let fc = FAIL_COUNT.sym(self.shmem);
        self.shmem.barrier_all();
        if local_bad {
            fc.atomic_add(self.pe0, 1);
        }
        self.shmem.barrier_all();
        let mut total = 0;
        if self.me == 0 {
            total = fc.read();
            fc.write(0);
        }
        self.shmem.barrier_all();
        total
    }

    /// Prints one row (PE 0 only); stdout is line-buffered, so every row is flushed.
    fn report(&self, metric: &str, value: f64, unit: &str, nfail: i32) {
        if self.me == 0 {
            println!(
                "{metric}\t{}\t{value:.1}\t{unit}\t{}",
                self.npes,
                if nfail != 0 { "FAIL" } else { "ok" }
            );
        }
    }
}

/// Nanoseconds since `t0` (`CLOCK_MONOTONIC`, as `now_ns()` in bench.c).
#[inline]
fn ns_since(t0: Instant) -> f64 {
    t0.elapsed().as_nanos() as f64
}

/// The byte pattern of bench.c's `pat()`.
fn pat(i: usize, salt: usize) -> u8 {
    ((i as u64)
        .wrapping_mul(131)
        .wrapping_add(salt as u64 * 7)
        .wrapping_add(1)
        & 0xff) as u8
}

fn pattern(len: usize, salt: usize) -> Vec<u8> {
    (0..len).map(|i| pat(i, salt)).collect()
}

/// (warm-up, timed) iterations of the put/get latency rows for `size`.
fn lat_counts(cx: &Cx<'_>, size: usize) -> (u64, u64) {
    let (w, t) = if size <= 4096 {
        (1000, 10000)
    } else if size <= 65536 {
        (100, 1000)
    } else {
        (10, 100)
    };
    (cx.its(w), cx.its(t))
}

// ------------------------------------------------------------------------------- put/get

/// `put_lat_<size>`: PE 0 puts `size` bytes to PE 1, then quiet; ns per put+quiet.
fn bench_put_lat(cx: &Cx<'_>, size: usize) {
    let name = format!("put_lat_{size}");
    if !cx.wants(&name) {
        return;
    }
    let (warm, iters) = lat_counts(cx, size);
    let src = pattern(size, size);
    cx.msg_src.copy_from(&src).expect("size <= MAX_MSG");
    cx.msg_dst
        .copy_from(&vec![0u8; size])
        .expect("size <= MAX_MSG");
    let mut v = Vec::with_capacity(NREPS);
    cx.shmem.barrier_all();
    if cx.me == 0 {
        let dst = &cx.msg_dst;
        let src = cx.msg_src.slice(..size).expect("size <= MAX_MSG");
        for _ in 0..warm {
            dst.put_from(cx.pe1, &src).expect("put in bounds");
            cx.shmem.quiet();
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                dst.put_from(cx.pe1, &src).expect("put in bounds");
                cx.shmem.quiet();
            }
            v.push(ns_since(t0) / iters as f64);
        }
    }
    cx.shmem.barrier_all();
    let mut bad = false;
    if cx.me == 1 {
        let mut got = vec![0u8; size];
        cx.msg_dst.copy_to(&mut got).expect("size <= MAX_MSG");
        bad = got != src;
    }
    let nfail = cx.global_fails(bad);
    cx.report(&name, median(v), "ns", nfail);
}

/// `get_lat_<size>`: PE 0 gets `size` bytes from PE 1 (blocking); ns per get.
fn bench_get_lat(cx: &Cx<'_>, size: usize) {
    let name = format!("get_lat_{size}");
    if !cx.wants(&name) {
        return;
    }
    let (warm, iters) = lat_counts(cx, size);
    let expect = pattern(size, size + 1);
    cx.msg_src.copy_from(&expect).expect("size <= MAX_MSG");
    cx.msg_dst
        .copy_from(&vec![0u8; size])
        .expect("size <= MAX_MSG");
    let mut v = Vec::with_capacity(NREPS);
    let mut bad = false;
    cx.shmem.barrier_all();
    if cx.me == 0 {
        let dst = &cx.msg_dst;
        let src = cx.msg_src.slice(..size).expect("size <= MAX_MSG");
        for _ in 0..warm {
            dst.get_from(cx.pe1, &src).expect("get in bounds");
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                dst.get_from(cx.pe1, &src).expect("get in bounds");
            }
            v.push(ns_since(t0) / iters as f64);
        }
        let mut got = vec![0u8; size];
        dst.copy_to(&mut got).expect("size <= MAX_MSG");
        bad = got != expect;
    }
    let nfail = cx.global_fails(bad);
    cx.report(&name, median(v), "ns", nfail);
}

/// `put_bw_1048576` / `get_bw_1048576`: PE 0 issues a window of 16 non-blocking 1 MiB
/// operations to PE 1 in one scope, which completes them (quiet) at its end; MB/s (10^6
/// bytes/s) = 16 MiB x windows / time.
fn bench_bw(cx: &Cx<'_>, is_put: bool) {
    let name = if is_put {
        "put_bw_1048576"
    } else {
        "get_bw_1048576"
    };
    if !cx.wants(name) {
        return;
    }
    let size = MAX_MSG;
    let (warm, iters) = (cx.its(2), cx.its(20));
    let salt = 3 + usize::from(is_put);
    let expect = pattern(size, salt);
    cx.msg_src.copy_from(&expect).expect("size <= MAX_MSG");
    cx.msg_dst
        .copy_from(&vec![0u8; size])
        .expect("size <= MAX_MSG");
    let mut v = Vec::with_capacity(NREPS);
    let mut bad = false;
    cx.shmem.barrier_all();
    if cx.me == 0 {
        for r in 0..=NREPS {
            // r == 0: warm-up
            let n = if r == 0 { warm } else { iters };
            let t0 = Instant::now();
            for _ in 0..n {
                cx.shmem
                    .nbi(|nbi| -> Result<(), shmem::Error> {
                        for _ in 0..BW_WINDOW {
                            if is_put {
                                nbi.put_from(&cx.msg_dst, cx.pe1, &cx.msg_src)?;
                            } else {
                                nbi.get_from(&cx.msg_dst, cx.pe1, &cx.msg_src)?;
                            }
                        }
                        Ok(())
                    })
                    .expect("nbi in bounds");
            }
            if r > 0 {
                v.push((size * BW_WINDOW) as f64 * n as f64 / (ns_since(t0) * 1e-9) / 1e6);
            }
        }
        if !is_put {
            bad = cx.msg_dst.to_vec() != expect;
        }
    }
    cx.shmem.barrier_all();
    if is_put && cx.me == 1 {
        bad = cx.msg_dst.to_vec() != expect;
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "MB/s", nfail);
}

// ------------------------------------------------------------------------------- atomics

#[derive(Clone, Copy, PartialEq, Eq)]
enum Amo {
    FetchAdd,
    CompareSwap,
    Add,
}

/// `amo_fadd_lat`, `amo_cswap_lat`, `amo_add_lat`: PE 0 applies an atomic to a 64-bit
/// integer on PE 1 (the add followed by quiet); ns per operation. Every fetched value and the
/// final value are checked.
fn bench_amo(cx: &Cx<'_>, kind: Amo) {
    let name = match kind {
        Amo::FetchAdd => "amo_fadd_lat",
        Amo::CompareSwap => "amo_cswap_lat",
        Amo::Add => "amo_add_lat",
    };
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(1000), cx.its(10000));
    let x = AMO_TARGET.sym(cx.shmem);
    x.write(0);
    let mut v = Vec::with_capacity(NREPS);
    let mut bad = false;
    let mut k: i64 = 0;
    cx.shmem.barrier_all();
    if cx.me == 0 {
        for r in 0..=NREPS {
            // r == 0: warm-up
            let n = if r == 0 { warm } else { iters };
            let t0 = Instant::now();
            match kind {
                Amo::FetchAdd => {
                    for _ in 0..n {
                        bad |= x.atomic_fetch_add(cx.pe1, 1) != k;
                        k += 1;
                    }
                }
                Amo::CompareSwap => {
                    // every swap succeeds: cond k -> k+1
                    for _ in 0..n {
                        bad |= x.atomic_compare_swap(cx.pe1, k, k + 1) != k;
                        k += 1;
                    }
                }
                Amo::Add => {
                    for _ in 0..n {
                        x.atomic_add(cx.pe1, 1);
                        cx.shmem.quiet();
                        k += 1;
                    }
                }
            }
            if r > 0 {
                v.push(ns_since(t0) / n as f64);
            }
        }
        AMO_EXPECT.sym(cx.shmem).p(cx.pe1, k); // expected final value
    }
    cx.shmem.barrier_all();
    if cx.me == 1 {
        bad |= x.read() != AMO_EXPECT.sym(cx.shmem).read();
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- ping-pong

/// `pingpong_lat`: PE 0 writes round number k into PE 1's flag and waits for PE 1 to write it
/// back; no quiet; ns = round trip / 2.
fn bench_pingpong(cx: &Cx<'_>) {
    if !cx.wants("pingpong_lat") {
        return;
    }
    let (warm, iters) = (cx.its(1000), cx.its(10000));
    let flag = FLAG.sym(cx.shmem);
    flag.write(0);
    let mut v = Vec::with_capacity(NREPS);
    let mut k: i64 = 0;
    cx.shmem.barrier_all();
    for r in 0..=NREPS {
        // r == 0: warm-up
        let n = if r == 0 { warm } else { iters };
        let t0 = Instant::now();
        if cx.me == 0 {
            for _ in 0..n {
                k += 1;
                flag.p(cx.pe1, k);
                flag.wait_until(Cmp::Eq, k);
            }
        } else if cx.me == 1 {
            for _ in 0..n {
                k += 1;
                flag.wait_until(Cmp::Eq, k);
                flag.p(cx.pe0, k);
            }
        }
        if r > 0 {
            v.push(ns_since(t0) / n as f64 / 2.0); // half round trip
        }
    }
    cx.shmem.barrier_all();
    let bad = cx.me <= 1 && flag.read() != k;
    flag.write(0);
    let nfail = cx.global_fails(bad);
    cx.report("pingpong_lat", median(v), "ns", nfail);
}

/// `amo_fadd_nbi_ops_per_s` (ours; OSHMEM 4.1 has no non-blocking atomics): PE 0 issues
/// `atomic_fetch_add` nbi to PE 1, 64 per nbi scope (then the scope's quiet), and checks the
/// fetched values after each scope; operations per second.
fn bench_amo_nbi(cx: &Cx<'_>) {
    const BATCH: usize = 64;
    let name = "amo_fadd_nbi_ops_per_s";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(20), cx.its(200));
    let x = AMO_TARGET.sym(cx.shmem);
    x.write(0);
    let mut v = Vec::with_capacity(NREPS);
    let mut bad = false;
    let mut k: i64 = 0;
    let mut out = [0i64; BATCH];
    cx.shmem.barrier_all();
    if cx.me == 0 {
        for r in 0..=NREPS {
            let n = if r == 0 { warm } else { iters };
            let t0 = Instant::now();
            for _ in 0..n {
                cx.shmem.nbi(|nbi| {
                    for o in out.iter_mut() {
                        nbi.atomic_fetch_add(&x, cx.pe1, 1, o);
                    }
                });
                // every value once, in some order
                let (lo, hi) = (out.iter().min(), out.iter().max());
                bad |= lo != Some(&k) || hi != Some(&(k + BATCH as i64 - 1));
                k += BATCH as i64;
            }
            if r > 0 {
                v.push(n as f64 * BATCH as f64 / (ns_since(t0) * 1e-9));
            }
        }
    }
    if cx.me == 0 {
        AMO_EXPECT.sym(cx.shmem).p(cx.pe1, k);
    }
    cx.shmem.barrier_all();
    if cx.me == 1 {
        bad = x.read() != AMO_EXPECT.sym(cx.shmem).read();
    }
    x.write(0);
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ops/s", nfail);
}

/// `put_signal_lat_8` (ours; OSHMEM 4.1 has no put-with-signal): `pingpong_lat` with the
/// message and its flag in one call: PE 0 `put_signal`s 8 bytes with `SignalOp::Set k` into
/// PE 1 and waits for PE 1's answer the same way; ns per half round trip. Each side checks
/// the last message it got.
fn bench_put_signal(cx: &Cx<'_>) {
    if !cx.wants("put_signal_lat_8") {
        return;
    }
    let (warm, iters) = (cx.its(1000), cx.its(10000));
    let data = or_exit(
        cx.shmem,
        "put_signal data",
        SymVec::<u64>::zeroed(cx.shmem, 1),
    );
    let signal = or_exit(
        cx.shmem,
        "put_signal signal",
        SymBox::<u64>::new(cx.shmem, 0),
    );
    let mut v = Vec::with_capacity(NREPS);
    let mut k: u64 = 0;
    cx.shmem.barrier_all();
    let other = if cx.me == 0 { cx.pe1 } else { cx.pe0 };
    for r in 0..=NREPS {
        let n = if r == 0 { warm } else { iters };
        let t0 = Instant::now();
        if cx.me <= 1 {
            for _ in 0..n {
                k += 1;
                if cx.me == 0 {
                    data.put_signal(other, &[k * 3], &signal, k, SignalOp::Set)
                        .expect("in bounds");
                    signal.signal_wait_until(Cmp::Eq, k);
                } else {
                    signal.signal_wait_until(Cmp::Eq, k);
                    data.put_signal(other, &[k * 3], &signal, k, SignalOp::Set)
                        .expect("in bounds");
                }
            }
        }
        if r > 0 {
            v.push(ns_since(t0) / n as f64 / 2.0); // half round trip
        }
    }
    cx.shmem.barrier_all();
    let bad = cx.me <= 1 && (signal.signal_fetch() != k || data.read(0).ok() != Some(k * 3));
    let nfail = cx.global_fails(bad);
    cx.report("put_signal_lat_8", median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- barrier

/// `barrier_lat`: all PEs loop over `barrier_all`; ns per barrier, averaged over the PEs.
fn bench_barrier(cx: &Cx<'_>) {
    if !cx.wants("barrier_lat") {
        return;
    }
    let v = barrier_times(&cx.mean, cx.its(100), cx.its(1000), NREPS);
    let nfail = cx.global_fails(false);
    cx.report("barrier_lat", median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- reductions

#[derive(Clone, Copy, PartialEq, Eq)]
enum Red {
    Or,
    Sum,
}

/// Element `j` of PE `p`'s source for data set `t` (bench.c's `red_val`).
fn red_val(kind: Red, p: usize, j: usize, t: u64) -> i64 {
    match kind {
        Red::Or => 1i64 << ((p as u64 + j as u64 + t) % 63),
        Red::Sum => p as i64 * 1000 + j as i64 + t as i64,
    }
}

/// This PE's source for data set `t`; the target set to -12345.
fn red_fill(cx: &Cx<'_>, kind: Red, src: &SymSlice<'_, i64>, dst: &SymSlice<'_, i64>, t: u64) {
    let v: Vec<i64> = (0..src.len()).map(|j| red_val(kind, cx.me, j, t)).collect();
    src.copy_from(&v).expect("same length");
    dst.fill(-12345);
}

/// Whether the target differs anywhere from the OR / sum over all PEs of data set `t`.
fn red_check(cx: &Cx<'_>, kind: Red, dst: &SymSlice<'_, i64>, t: u64) -> bool {
    let got = dst.to_vec();
    got.iter().enumerate().any(|(j, &g)| {
        let e = (0..cx.npes).fold(0i64, |e, p| match kind {
            Red::Or => e | red_val(kind, p, j, t),
            Red::Sum => e.wrapping_add(red_val(kind, p, j, t)),
        });
        g != e
    })
}

/// One reduction over all PEs (`shmem_long_{or,sum}_to_all(dst, src, n, 0, 0, npes, ...)`).
#[inline]
fn red_call(
    member: &Member<'_>,
    kind: Red,
    dst: &mut SymSliceMut<'_, i64>,
    src: &SymSlice<'_, i64>,
    psync: &mut ReduceSync<'_>,
) {
    match kind {
        Red::Or => member.or_to_all(dst, src, psync),
        Red::Sum => member.sum_to_all(dst, src, psync),
    }
    .expect("reduction arguments agree on every PE");
}

/// `or_to_all_lat_<n>` / `sum_to_all_lat_<n>`: three untimed correctness calls with changing
/// data (barrier around each), then OSU style: each call timed alone, an untimed barrier after
/// it, the two SyncBufs alternating from call to call; ns per call, averaged over the PEs.
fn bench_reduce(cx: &Cx<'_>, co: &mut Colls<'_>, kind: Red, nreduce: usize) {
    let name = format!(
        "{}_to_all_lat_{nreduce}",
        if kind == Red::Or { "or" } else { "sum" }
    );
    if !cx.wants(&name) {
        return;
    }
    let warm = cx.its(if nreduce >= 65536 { 10 } else { 100 });
    let iters = cx.its(if nreduce >= 65536 { 100 } else { 1000 });
    let member = co.member;
    let src = co.red_src.slice(0..nreduce).expect("nreduce <= RED_MAX");
    let mut dst = co
        .red_dst
        .slice_mut(0..nreduce)
        .expect("nreduce <= RED_MAX");
    let ps = &mut co.red_sync;
    let mut s = 0;
    let mut bad = false;

    // correctness: changing data, barrier around every call
    for t in 1..=3 {
        red_fill(cx, kind, &src, &dst, t);
        cx.shmem.barrier_all();
        red_call(&member, kind, &mut dst, &src, &mut ps[s]);
        s ^= 1;
        bad |= red_check(cx, kind, &dst, t);
        cx.shmem.barrier_all();
    }
    // timed
    red_fill(cx, kind, &src, &dst, 0);
    cx.shmem.barrier_all();
    let v = osu_times(&cx.mean, warm, iters, NREPS, |k| {
        red_call(&member, kind, &mut dst, &src, &mut ps[(s + k as usize) % 2]);
    });
    bad |= red_check(cx, kind, &dst, 0);
    let nfail = cx.global_fails(bad);
    cx.report(&name, median(v), "ns", nfail);
}

/// `sum_inscan_lat_1024` (ours; OSHMEM 4.1 has no scans): a world-team inclusive prefix sum
/// of 1024 longs, timed like the reductions; checked against the prefix of the members'
/// inputs.
fn bench_inscan(cx: &Cx<'_>) {
    const N: usize = 1024;
    let name = "sum_inscan_lat_1024";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    let world = Team::world(cx.shmem);
    let input = |pe: usize, j: usize| (pe * 7 + j % 13) as i64 - 5;
    let src = or_exit(
        cx.shmem,
        "scan_src",
        SymVec::from_fn(cx.shmem, N, |j| input(cx.me, j)),
    );
    let mut dst = or_exit(cx.shmem, "scan_dst", SymVec::zeroed(cx.shmem, N));
    cx.shmem.barrier_all();
    let mut failed = false;
    let v = osu_times(&cx.mean, warm, iters, NREPS, |_| {
        failed |= world.sum_inscan(&mut dst, &src).is_err();
    });
    let got = dst.to_vec();
    let bad = failed || (0..N).any(|j| got[j] != (0..=cx.me).map(|p| input(p, j)).sum::<i64>());
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ns", nfail);
}

/// `team_or_reduce_lat_1` (ours): `or_to_all_lat_1` in OpenSHMEM 1.5's form, a world-team
/// `or_reduce` of one long (`shmem_long_or_reduce(SHMEM_TEAM_WORLD, ...)`), timed as the MPI
/// anchor times its `allreduce_bor_1_lat` (`MPI_Allreduce` of one int64 with `MPI_BOR`, the
/// row it is compared with): back-to-back calls, ns per call averaged over the PEs. Each PE
/// contributes a bit of its own and one that changes with the data set, and the result is
/// checked against the OR of every PE's input.
fn bench_team_reduce(cx: &Cx<'_>) {
    let name = "team_or_reduce_lat_1";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    let world = Team::world(cx.shmem);
    let input = |pe: usize, t: u32| (1i64 << (pe % 32)) | (1i64 << (32 + t % 31));
    let src = or_exit(cx.shmem, "team_src", SymVec::<i64>::zeroed(cx.shmem, 1));
    let mut dst = or_exit(cx.shmem, "team_dst", SymVec::<i64>::zeroed(cx.shmem, 1));
    let mut bad = false;
    // correctness: changing data, a sync around every call
    for t in 1..=3 {
        src.copy_from(&[input(cx.me, t)]).expect("one element");
        dst.fill(0);
        bad |= world.sync().is_err();
        bad |= world.or_reduce(&mut dst, &src).is_err();
        bad |= dst.to_vec()[0] != (0..cx.npes).fold(0, |a, p| a | input(p, t));
        bad |= world.sync().is_err();
    }
    src.copy_from(&[input(cx.me, 0)]).expect("one element");
    cx.shmem.barrier_all();
    let mut v = Vec::with_capacity(NREPS);
    for r in 0..=NREPS {
        let n = if r == 0 { warm } else { iters };
        cx.shmem.barrier_all();
        let t0 = Instant::now();
        for _ in 0..n {
            bad |= world.or_reduce(&mut dst, &src).is_err();
        }
        let per_call = cx.mean.mean(t0.elapsed().as_nanos() as f64 / n as f64);
        if r > 0 {
            v.push(per_call);
        }
    }
    bad |= dst.to_vec()[0] != (0..cx.npes).fold(0, |a, p| a | input(p, 0));
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ns", nfail);
}

/// `ctx_amo_threads_ops_per_s` (ours; the threaded contexts path): on every PE two threads,
/// each with its own context, issue blocking `atomic_fetch_add`s to the right neighbour's
/// counter (an array lent to threads); PE 0 reports its two threads' operations per second
/// (from a start both threads pass to the moment both are done). Every counter's final
/// value is checked.
fn bench_ctx_threads(cx: &Cx<'_>) {
    const THREADS: usize = 2;
    let name = "ctx_amo_threads_ops_per_s";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(2000), cx.its(20000));
    let right = cx.shmem.pe_wrapping(cx.me + 1);
    let mut counter = or_exit(cx.shmem, "ctx_counter", SymVec::<u64>::zeroed(cx.shmem, 1));
    let mut v = Vec::with_capacity(NREPS);
    cx.shmem.barrier_all();
    match counter.lend() {
        Ok(lent) => {
            let start = std::sync::Barrier::new(THREADS);
            std::thread::scope(|s| {
                let mut handles = Vec::new();
                for t in 0..THREADS {
                    let ctx = cx
                        .shmem
                        .ctx_create(CtxOptions::PRIVATE)
                        .expect("contexts where lend succeeded");
                    let start = &start;
                    handles.push(s.spawn(move || {
                        let mut times = Vec::new();
                        for r in 0..=NREPS {
                            let n = if r == 0 { warm } else { iters };
                            start.wait();
                            let t0 = Instant::now();
                            for _ in 0..n {
                                std::hint::black_box(ctx.atomic_fetch_add(&lent, 0, right, 1u64))
                                    .expect("in bounds");
                            }
                            start.wait();
                            if r > 0 && t == 0 {
                                times.push(ns_since(t0));
                            }
                        }
                        times
                    }));
                }
                let times = handles.remove(0).join().expect("thread 0");
                v = times
                    .iter()
                    .map(|&ns| (THREADS as u64 * iters) as f64 / (ns * 1e-9))
                    .collect();
            });
        }
        Err(e) => {
            if cx.me == 0 {
                println!("# {name}: skipped ({e})");
            }
            return;
        }
    }
    cx.shmem.barrier_all();
    let bad = counter.read(0).ok() != Some(THREADS as u64 * (warm + NREPS as u64 * iters));
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ops/s", nfail);
}

// ------------------------------------------------------------------------------- bcast

/// `bcast_lat_4096`: broadcast of 512 longs from root 0 over all PEs, timed like the
/// reductions; the root's target is not written, so only the other PEs' targets are checked.
fn bench_bcast(cx: &Cx<'_>, co: &mut Colls<'_>) {
    if !cx.wants("bcast_lat_4096") {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    let expect: Vec<i64> = (0..BCAST_NLONG as i64).map(|j| j * 3 + 1).collect();
    if cx.me == 0 {
        co.bcast_src.copy_from(&expect).expect("BCAST_NLONG longs");
    } else {
        co.bcast_src.fill(-1);
    }
    co.bcast_dst.fill(-7);
    let member = co.member;
    let root = member.pe(0).expect("every set has a member 0");
    let (dst, src, ps) = (&mut co.bcast_dst, &co.bcast_src, &mut co.bcast_sync);
    cx.shmem.barrier_all();
    let v = osu_times(&cx.mean, warm, iters, NREPS, |k| {
        member
            .broadcast(dst, src, root, &mut ps[k as usize % 2])
            .expect("broadcast arguments agree on every PE");
    });
    // the root's target is not written by broadcast
    let bad = cx.me != 0 && dst.to_vec() != expect;
    let nfail = cx.global_fails(bad);
    cx.report("bcast_lat_4096", median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- fcollect

/// `fcollect_lat_8`: fcollect of one long per PE over all PEs, timed like the reductions;
/// check: `dst[p] == 7p + 5`.
fn bench_fcollect(cx: &Cx<'_>, co: &mut Colls<'_>) {
    if !cx.wants("fcollect_lat_8") {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    co.fc_src.fill(cx.me as i64 * 7 + 5);
    co.fc_dst.fill(-1);
    let member = co.member;
    let (dst, src, ps) = (&mut co.fc_dst, &co.fc_src, &mut co.col_sync);
    cx.shmem.barrier_all();
    let v = osu_times(&cx.mean, warm, iters, NREPS, |k| {
        member
            .fcollect(dst, src, &mut ps[k as usize % 2])
            .expect("fcollect arguments agree on every PE");
    });
    let bad = dst
        .to_vec()
        .iter()
        .enumerate()
        .any(|(p, &x)| x != p as i64 * 7 + 5);
    let nfail = cx.global_fails(bad);
    cx.report("fcollect_lat_8", median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- lock

/// `k` times: take the lock, read the counter on PE 0, write it back + 1, quiet, release.
fn lock_round(cx: &Cx<'_>, lock: &mut SymLock<'_>, k: u64) {
    let counter = LOCK_COUNTER.sym(cx.shmem);
    for _ in 0..k {
        let guard = lock.lock().expect("poisoned"); // shmem_set_lock
        let c = counter.g(cx.pe0);
        counter.p(cx.pe0, c + 1);
        cx.shmem.quiet();
        drop(guard); // shmem_clear_lock
    }
}

/// `lock_ops_per_s`: every PE K times [`lock_round`]; ops/s = npes * K / (time from a
/// barrier to the next barrier, on PE 0); the counter on PE 0 is checked after every
/// repetition (and after the warm-up).
fn bench_lock(cx: &Cx<'_>, co: &mut Colls<'_>) {
    if !cx.wants("lock_ops_per_s") {
        return;
    }
    let (warm, k) = (cx.its(100), cx.its(1000));
    let counter = LOCK_COUNTER.sym(cx.shmem);
    let total = |n: u64| (n * cx.npes as u64) as i64;
    let mut bad = false;
    counter.write(0);
    cx.shmem.barrier_all();
    lock_round(cx, &mut co.lock, warm);
    cx.shmem.barrier_all();
    if cx.me == 0 {
        bad |= counter.read() != total(warm);
    }
    let mut v = Vec::with_capacity(NREPS);
    for _ in 0..NREPS {
        counter.write(0);
        cx.shmem.barrier_all();
        let t0 = Instant::now();
        lock_round(cx, &mut co.lock, k);
        cx.shmem.barrier_all();
        v.push((k * cx.npes as u64) as f64 / (ns_since(t0) * 1e-9));
        if cx.me == 0 {
            bad |= counter.read() != total(k);
        }
        cx.shmem.barrier_all();
    }
    let nfail = cx.global_fails(bad);
    cx.report("lock_ops_per_s", median(v), "ops/s", nfail);
}

// ------------------------------------------------------------------------------- windows

/// The check of the rows where PE 0 writes numbers into PE 1's window element 0: PE 0 sends
/// its last number `k` (ignored elsewhere), and PE 1 compares its element with it; returns the
/// number of failing PEs (collective).
fn pe1_holds(cx: &Cx<'_>, win: &mut Window<'_, i64>, k: i64) -> i32 {
    if cx.me == 0 {
        AMO_EXPECT.sym(cx.shmem).p(cx.pe1, k);
    }
    cx.shmem.barrier_all();
    let mut bad = false;
    if cx.me == 1 {
        let mut got = [0i64];
        win.lock(cx.pe1, LockKind::Shared)
            .expect("no epoch held")
            .get(0, &mut got)
            .expect("in bounds");
        bad = got[0] != AMO_EXPECT.sym(cx.shmem).read();
    }
    cx.global_fails(bad)
}

/// `win_lock_{excl,shared}_lat` (mpi-rma-bench's `bench_lock_lat`): PE 0 opens an epoch on
/// PE 1 in the given mode, puts one `i64` (the iteration's number), ends the epoch; ns per
/// epoch. PE 1 then holds the last number.
fn bench_win_lock(cx: &Cx<'_>, win: &mut Window<'_, i64>, kind: LockKind) {
    let name = match kind {
        LockKind::Exclusive => "win_lock_excl_lat",
        LockKind::Shared => "win_lock_shared_lat",
    };
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(1000), cx.its(10000));
    let mut k = 0i64;
    let mut v = Vec::with_capacity(NREPS);
    cx.shmem.barrier_all();
    if cx.me == 0 {
        // The epoch is written out in each loop (no closure): whether the compiler inlines a
        // closure into the timed loop changed this row by 20 % without any change in the
        // epoch's own code.
        for _ in 0..warm {
            k += 1;
            win.lock(cx.pe1, kind)
                .expect("no epoch held")
                .put(0, &[k])
                .expect("in bounds");
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                k += 1;
                win.lock(cx.pe1, kind)
                    .expect("no epoch held")
                    .put(0, &[k])
                    .expect("in bounds");
            }
            v.push(ns_since(t0) / iters as f64);
        }
    }
    let nfail = pe1_holds(cx, win, k);
    cx.report(name, median(v), "ns", nfail);
}

/// `win_lock_contended_ops_per_s` (mpi-rma-bench's `bench_lock_contended`): every PE K times
/// opens an exclusive epoch on PE 0, gets the counter, puts it + 1, ends the epoch; ops/s =
/// npes * K / (barrier to barrier on PE 0); the counter is checked after every repetition.
fn bench_win_contended(cx: &Cx<'_>, win: &mut Window<'_, i64>) {
    let name = "win_lock_contended_ops_per_s";
    if !cx.wants(name) {
        return;
    }
    let (warm, k) = (cx.its(200), cx.its(2000));
    let round = |n: u64| {
        for _ in 0..n {
            let e = win
                .lock(cx.pe0, LockKind::Exclusive)
                .expect("no epoch held");
            let mut c = [0i64];
            e.get(1, &mut c).expect("in bounds");
            e.put(1, &[c[0] + 1]).expect("in bounds");
        }
    };
    let mut bad = false;
    let mut v = Vec::with_capacity(NREPS);
    let mut total = 0;
    round(warm);
    total += warm * cx.npes as u64;
    for _ in 0..NREPS {
        cx.shmem.barrier_all();
        let t0 = Instant::now();
        round(k);
        cx.shmem.barrier_all();
        v.push((k * cx.npes as u64) as f64 / (ns_since(t0) * 1e-9));
        total += k * cx.npes as u64;
    }
    if cx.me == 0 {
        let mut c = [0i64];
        win.lock(cx.pe0, LockKind::Shared)
            .expect("no epoch held")
            .get(1, &mut c)
            .expect("in bounds");
        bad = c[0] != total as i64;
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ops/s", nfail);
}

/// `accumulate_sum_1024_lat` (mpi-rma-bench's): inside one `lock_all` epoch, PE 0
/// accumulates 1024 `i64` ones into PE 1 with `Sum` and flushes; ns per accumulate + flush.
/// PE 1 then holds the count in every element.
fn bench_win_accumulate(cx: &Cx<'_>, win: &mut Window<'_, i64>) {
    let name = "accumulate_sum_1024_lat";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    let ones = vec![1i64; ACC_N];
    let mut k = 0i64;
    let mut v = Vec::with_capacity(NREPS);
    cx.shmem.barrier_all();
    if cx.me == 0 {
        let all = win.lock_all();
        for _ in 0..warm {
            all.accumulate(cx.pe1, 2, &ones, op::Sum)
                .expect("in bounds");
            all.flush(cx.pe1);
            k += 1;
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                all.accumulate(cx.pe1, 2, &ones, op::Sum)
                    .expect("in bounds");
                all.flush(cx.pe1);
            }
            v.push(ns_since(t0) / iters as f64);
            k += iters as i64;
        }
        drop(all);
        AMO_EXPECT.sym(cx.shmem).p(cx.pe1, k);
    }
    cx.shmem.barrier_all();
    let mut bad = false;
    if cx.me == 1 {
        let mut got = vec![0i64; ACC_N];
        win.lock(cx.pe1, LockKind::Shared)
            .expect("no epoch held")
            .get(2, &mut got)
            .expect("in bounds");
        let want = AMO_EXPECT.sym(cx.shmem).read();
        bad = got.iter().any(|&g| g != want);
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ns", nfail);
}

/// `layout_put_first_lat` / `layout_put_reuse_lat` (ours: the cost of describing a derived
/// datatype against reusing it): inside one `lock_all` epoch, PE 0 puts 64 contiguous `i64`
/// into a column of PE 1's window (stride 16) and flushes; "first" builds both layouts for
/// every transfer (what a first use pays), "reuse" builds them once. ns per put + flush. PE 1
/// then holds the values in the column.
fn bench_win_layout(cx: &Cx<'_>, win: &mut Window<'_, i64>, reuse: bool) {
    let name = if reuse {
        "layout_put_reuse_lat"
    } else {
        "layout_put_first_lat"
    };
    if !cx.wants(name) {
        return;
    }
    let (count, blocklen, stride) = COLUMN;
    let layouts = || {
        (
            Layout::contiguous(count),
            Layout::vector(count, blocklen, stride).expect("a valid column"),
        )
    };
    let (warm, iters) = (cx.its(200), cx.its(2000));
    let src: Vec<i64> = (0..count as i64).map(|i| 3 * i + 1).collect();
    let mut v = Vec::with_capacity(NREPS);
    cx.shmem.barrier_all();
    if cx.me == 0 {
        let all = win.lock_all();
        let kept = layouts();
        let once = |reuse: bool| {
            if reuse {
                all.put_layout(cx.pe1, 2, &src, &kept.0, &kept.1)
            } else {
                let (origin, target) = layouts();
                all.put_layout(cx.pe1, 2, &src, &origin, &target)
            }
            .expect("in bounds");
            all.flush(cx.pe1);
        };
        for _ in 0..warm {
            once(reuse);
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                once(reuse);
            }
            v.push(ns_since(t0) / iters as f64);
        }
    }
    cx.shmem.barrier_all();
    let mut bad = false;
    if cx.me == 1 {
        let mut got = vec![0i64; count];
        let column = Layout::vector(count, blocklen, stride).expect("a valid column");
        win.lock(cx.pe1, LockKind::Shared)
            .expect("no epoch held")
            .get_layout(2, &mut got, &Layout::contiguous(count), &column)
            .expect("in bounds");
        bad = got != src;
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "ns", nfail);
}

/// `fence_epoch_lat` (mpi-rma-bench's `bench_fence`): every PE: open a fence epoch, put
/// one `i64` (its number and the iteration's) to its right neighbour, close the epoch; ns per
/// epoch, averaged over the PEs. Each PE then holds its left neighbour's last value.
fn bench_win_fence(cx: &Cx<'_>, win: &mut Window<'_, i64>) {
    let name = "fence_epoch_lat";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(200), cx.its(2000));
    let right = cx.shmem.pe_wrapping(cx.me + 1);
    let left = (cx.me + cx.npes - 1) % cx.npes;
    let mut k = 0i64;
    let mut epoch = |k: i64| {
        let e = win.fence_epoch();
        e.put(right, 0, &[cx.me as i64 * 1_000_000_000 + k])
            .expect("in bounds");
    };
    for _ in 0..warm {
        k += 1;
        epoch(k);
    }
    let mut v = Vec::with_capacity(NREPS);
    for _ in 0..NREPS {
        cx.shmem.barrier_all();
        let t0 = Instant::now();
        for _ in 0..iters {
            k += 1;
            epoch(k);
        }
        v.push(cx.mean.mean(ns_since(t0) / iters as f64));
    }
    let mut got = [0i64];
    win.lock(cx.shmem.my_pe(), LockKind::Shared)
        .expect("no epoch held")
        .get(0, &mut got)
        .expect("in bounds");
    let nfail = cx.global_fails(got[0] != left as i64 * 1_000_000_000 + k);
    cx.report(name, median(v), "ns", nfail);
}

/// `pscw_epoch_lat` (mpi-rma-bench's `bench_pscw`): PE 1 posts an exposure epoch for PE 0
/// and waits; PE 0 starts an access epoch to PE 1, puts one `i64`, completes; ns per epoch on
/// PE 0. The other PEs idle. PE 1 then holds the last value.
fn bench_win_pscw(cx: &Cx<'_>, win: &mut Window<'_, i64>) {
    let name = "pscw_epoch_lat";
    if !cx.wants(name) {
        return;
    }
    let (warm, iters) = (cx.its(500), cx.its(5000));
    let mut k = 0i64;
    let mut v = Vec::with_capacity(NREPS);
    let mut round = |n: u64, k: &mut i64| {
        for _ in 0..n {
            if cx.me == 0 {
                *k += 1;
                let a = win.start(&[cx.pe1]);
                a.put(cx.pe1, 0, &[*k]).expect("in bounds");
                a.complete();
            } else if cx.me == 1 {
                win.post(&[cx.pe0]).wait();
            }
        }
    };
    cx.shmem.barrier_all();
    round(warm, &mut k);
    for _ in 0..NREPS {
        let t0 = Instant::now();
        round(iters, &mut k);
        v.push(ns_since(t0) / iters as f64);
    }
    let nfail = pe1_holds(cx, win, k);
    cx.report(name, median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- main

/// The value of a symmetric allocation, or (after a message) `global_exit(1)` when it failed.
fn or_exit<T>(shmem: &Shmem, what: &str, r: Result<T, shmem::Error>) -> T {
    r.unwrap_or_else(|e| {
        eprintln!(
            "PE {}: allocating {what} failed: {e}",
            shmem.my_pe().index()
        );
        shmem.global_exit(1)
    })
}

fn main() {
    let scale = match std::env::var("SHMEM_BENCH_SCALE")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
    {
        Some(s) if s > 0.0 => s,
        _ => 1.0,
    };
    let only = std::env::var("SHMEM_BENCH_ONLY").ok().map(|s| {
        s.split([' ', ','])
            .filter(|m| !m.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    });
    let shmem = shmem::init().unwrap_or_else(|e| {
        eprintln!("shmem-bench: init failed: {e}");
        std::process::exit(1)
    });
    let me = shmem.my_pe().index();
    let npes = shmem.n_pes();
    if npes < 2 {
        if me == 0 {
            eprintln!("shmem-bench needs at least 2 PEs");
        }
        drop(shmem);
        std::process::exit(1);
    }
    let cx = Cx {
        shmem: &shmem,
        me,
        npes,
        scale,
        only,
        pe0: shmem.pe(0).expect("npes >= 2"),
        pe1: shmem.pe(1).expect("npes >= 2"),
        msg_src: or_exit(&shmem, "msg_src", SymVec::zeroed(&shmem, MAX_MSG)),
        msg_dst: or_exit(&shmem, "msg_dst", SymVec::zeroed(&shmem, MAX_MSG)),
        mean: or_exit(&shmem, "tslot", PeMean::new(&shmem)),
    };
    let world = ActiveSet::world(&shmem);
    let mut co = Colls {
        member: world.member(&shmem).expect("every PE is in the world set"),
        red_src: or_exit(&shmem, "red_src", SymVec::zeroed(&shmem, RED_MAX)),
        red_dst: or_exit(&shmem, "red_dst", SymVec::zeroed(&shmem, RED_MAX)),
        red_sync: [
            or_exit(&shmem, "pSyncRed[0]", ReduceSync::new(&shmem, &world)),
            or_exit(&shmem, "pSyncRed[1]", ReduceSync::new(&shmem, &world)),
        ],
        bcast_src: or_exit(&shmem, "bcast_src", SymVec::zeroed(&shmem, BCAST_NLONG)),
        bcast_dst: or_exit(&shmem, "bcast_dst", SymVec::zeroed(&shmem, BCAST_NLONG)),
        bcast_sync: [
            or_exit(&shmem, "pSyncBc[0]", BcastSync::new(&shmem, &world)),
            or_exit(&shmem, "pSyncBc[1]", BcastSync::new(&shmem, &world)),
        ],
        fc_src: or_exit(&shmem, "fc_src", SymVec::zeroed(&shmem, 1)),
        fc_dst: or_exit(&shmem, "fc_dst", SymVec::zeroed(&shmem, npes)),
        col_sync: [
            or_exit(&shmem, "pSyncCol[0]", CollectSync::new(&shmem, &world)),
            or_exit(&shmem, "pSyncCol[1]", CollectSync::new(&shmem, &world)),
        ],
        lock: or_exit(&shmem, "lock_var", SymLock::new(&shmem)),
    };
    shmem.barrier_all(); // as bench.c: every symmetric object initialised before use

    if me == 0 {
        let (major, minor) = shmem::spec_version();
        println!(
            "# shmem-bench v1; lib \"{}\" {} (OpenSHMEM {major}.{minor}); npes={npes}; \
             reps={NREPS} (value=median); scale={scale}",
            shmem::info_name(),
            shmem::version(),
        );
        // The threaded row needs contexts, which a multi-node MPI job does not offer.
        let threads = shmem.ctx_create(CtxOptions::NONE).is_ok();
        let rows: Vec<&str> = ROWS
            .iter()
            .copied()
            .filter(|r| cx.wants(r) && (threads || *r != "ctx_amo_threads_ops_per_s"))
            .collect();
        println!("# rows: {}", rows.join(" "));
        println!("# metric\tnpes\tvalue\tunit\tstatus");
    }

    for size in SIZES {
        bench_put_lat(&cx, size);
    }
    for size in SIZES {
        bench_get_lat(&cx, size);
    }
    bench_bw(&cx, true);
    bench_bw(&cx, false);
    bench_amo(&cx, Amo::FetchAdd);
    bench_amo(&cx, Amo::CompareSwap);
    bench_amo(&cx, Amo::Add);
    bench_pingpong(&cx);
    bench_put_signal(&cx);
    bench_amo_nbi(&cx);
    bench_barrier(&cx);

    bench_reduce(&cx, &mut co, Red::Or, 1);
    bench_reduce(&cx, &mut co, Red::Or, 1024);
    bench_reduce(&cx, &mut co, Red::Or, RED_MAX);
    bench_reduce(&cx, &mut co, Red::Sum, 1024);
    bench_bcast(&cx, &mut co);
    bench_fcollect(&cx, &mut co);
    bench_lock(&cx, &mut co);
    let mut win = or_exit(&shmem, "window", Window::<i64>::new(&shmem, 2 + ACC_N));
    bench_win_lock(&cx, &mut win, LockKind::Exclusive);
    bench_win_lock(&cx, &mut win, LockKind::Shared);
    bench_win_contended(&cx, &mut win);
    bench_win_accumulate(&cx, &mut win);
    bench_win_layout(&cx, &mut win, false);
    bench_win_layout(&cx, &mut win, true);
    bench_win_fence(&cx, &mut win);
    bench_win_pscw(&cx, &mut win);
    drop(win);
    bench_inscan(&cx);
    bench_team_reduce(&cx);
    bench_ctx_threads(&cx);

    shmem.barrier_all();
    if me == 0 {
        println!("# done");
    }
    drop(co);
    drop(cx);
    shmem.finalize();
}
