//! shmem-bench: the Rust mirror of `../shared/anchors/oshmem-bench/bench.c`, row for row.
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
//! `OSHMEM_BENCH_SCALE` in the anchor (for smoke tests only). `SHMEM_BENCH_ONLY` (not in the
//! anchor; for profiling one row, e.g. `SHMEM_BENCH_ONLY=barrier_lat`) is a space- or
//! comma-separated list of the rows to measure; the others are skipped.
//!
//! Where the safe API makes the mirror differ from the C code (none of it changes what is
//! timed on a shared-memory transport):
//! * A put's source and a get's destination are private buffers (`&[u8]` / `&mut [u8]`): the
//!   API never hands out a Rust slice of symmetric memory. In C both are `shmem_malloc`ed; on
//!   shared memory either way it is one `memcpy` from/into this process's memory.
//! * `get_bw_1048576`: the 16 `get`s of one non-blocking scope need 16 distinct destination
//!   buffers (each stays mutably borrowed until the scope completes it), where the C code
//!   lets all 16 `shmem_getmem_nbi` overwrite the same 1 MiB. 16 MiB of destination do not
//!   stay in a 1 MiB L2 the way 1 MiB does, so a `#` comment line next to the row gives the
//!   same transfer volume with the C code's footprint (16 scopes of one get into one buffer).
//! * No pSync/pWrk arrays: the collectives that need them in C take none here.
//!
//! Only the rows whose operation exists in `shmem` are measured; the others are simply not
//! printed (the `# rows:` comment line names the rows this build measures, and `run.sh` checks
//! that each of them is present and ok). See `main` for where the collective and lock rows go.
#![forbid(unsafe_code)]

use std::time::Instant;

use shmem::{Cmp, Pe, Shmem, SymVec};

/// Repetitions per metric; the value is their median.
const NREPS: usize = 5;
/// Largest put/get size: 1 MiB.
const MAX_MSG: usize = 1 << 20;
/// Non-blocking operations per window in the bandwidth rows.
const BW_WINDOW: usize = 16;
/// Message sizes of the put/get latency rows.
const SIZES: [usize; 5] = [8, 64, 4096, 65536, 1_048_576];

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
];

// Symmetric statics, as in bench.c.
#[shmem::symmetric]
static FAIL_COUNT: i32 = 0; // accumulated on PE 0
#[shmem::symmetric]
static AMO_TARGET: i64 = 0; // AMO target on PE 1
#[shmem::symmetric]
static FLAG: i64 = 0; // ping-pong flag
#[shmem::symmetric]
static AMO_EXPECT: i64 = 0; // expected final AMO value, sent to PE 1

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
    /// One slot per PE, gathered on PE 0 by [`Cx::avg_over_pes`].
    tslot: SymVec<'s, f64>,
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

    /// Collective: average over all PEs of a per-PE value, result on PE 0.
    fn avg_over_pes(&self, v: f64) -> f64 {
        self.tslot
            .slice(self.me..self.me + 1)
            .and_then(|s| s.put(self.pe0, &[v]))
            .expect("tslot has one slot per PE");
        self.shmem.barrier_all();
        let mut s = 0.0;
        if self.me == 0 {
            s = self.tslot.to_vec().iter().sum();
        }
        self.shmem.barrier_all();
        s / self.npes as f64
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

/// Median of the repetition values (bench.c: qsort, middle element).
fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
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
        for _ in 0..warm {
            dst.put(cx.pe1, &src).expect("put in bounds");
            cx.shmem.quiet();
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                dst.put(cx.pe1, &src).expect("put in bounds");
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
        let mut dst = vec![0u8; size];
        let src = &cx.msg_src;
        for _ in 0..warm {
            src.get(cx.pe1, &mut dst).expect("get in bounds");
        }
        for _ in 0..NREPS {
            let t0 = Instant::now();
            for _ in 0..iters {
                src.get(cx.pe1, &mut dst).expect("get in bounds");
            }
            v.push(ns_since(t0) / iters as f64);
        }
        bad = dst != expect;
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
        // get: one destination per operation of the window (see the module docs); written
        // once here so that no page fault is timed.
        let mut dsts = if is_put {
            Vec::new()
        } else {
            vec![0xffu8; size * BW_WINDOW]
        };
        for r in 0..=NREPS {
            // r == 0: warm-up
            let n = if r == 0 { warm } else { iters };
            let t0 = Instant::now();
            for _ in 0..n {
                if is_put {
                    cx.shmem
                        .nbi(|nbi| -> Result<(), shmem::Error> {
                            for _ in 0..BW_WINDOW {
                                nbi.put(&cx.msg_dst, cx.pe1, &expect)?;
                            }
                            Ok(())
                        })
                        .expect("put_nbi in bounds");
                } else {
                    let window = &mut dsts[..];
                    cx.shmem
                        .nbi(|nbi| -> Result<(), shmem::Error> {
                            for d in window.chunks_mut(size) {
                                nbi.get(&cx.msg_src, cx.pe1, d)?;
                            }
                            Ok(())
                        })
                        .expect("get_nbi in bounds");
                }
            }
            if r > 0 {
                v.push((size * BW_WINDOW) as f64 * n as f64 / (ns_since(t0) * 1e-9) / 1e6);
            }
        }
        if !is_put {
            bad = dsts.chunks(size).any(|d| d != expect);
            same_dst_note(cx, &mut dsts[..size], iters);
            bad |= dsts[..size] != expect;
        }
    }
    cx.shmem.barrier_all();
    if is_put && cx.me == 1 {
        bad = cx.msg_dst.to_vec() != expect;
    }
    let nfail = cx.global_fails(bad);
    cx.report(name, median(v), "MB/s", nfail);
}

/// A comment line (not a row) next to `get_bw_1048576`: the same 16 MiB per window, as one
/// scope of one get per 1 MiB, all into the same destination buffer, which is the memory
/// footprint of bench.c's window (16 gets into one target). It shows how much of the row's
/// value is the 16-buffer footprint rather than the transport. PE 0 only.
fn same_dst_note(cx: &Cx<'_>, dst: &mut [u8], iters: u64) {
    let mut v = Vec::with_capacity(NREPS);
    for _ in 0..NREPS {
        let t0 = Instant::now();
        for _ in 0..iters {
            for _ in 0..BW_WINDOW {
                cx.shmem
                    .nbi(|nbi| nbi.get(&cx.msg_src, cx.pe1, &mut *dst))
                    .expect("get_nbi in bounds");
            }
        }
        v.push((dst.len() * BW_WINDOW) as f64 * iters as f64 / (ns_since(t0) * 1e-9) / 1e6);
    }
    println!(
        "# get_bw_1048576 with one destination buffer (16 scopes of one get_nbi per window; \
         not a row): {:.1} MB/s",
        median(v)
    );
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

// ------------------------------------------------------------------------------- barrier

/// `barrier_lat`: all PEs loop over `barrier_all`; ns per barrier, averaged over the PEs.
fn bench_barrier(cx: &Cx<'_>) {
    if !cx.wants("barrier_lat") {
        return;
    }
    let (warm, iters) = (cx.its(100), cx.its(1000));
    for _ in 0..warm {
        cx.shmem.barrier_all();
    }
    let mut v = Vec::with_capacity(NREPS);
    for _ in 0..NREPS {
        let t0 = Instant::now();
        for _ in 0..iters {
            cx.shmem.barrier_all();
        }
        let t = ns_since(t0) / iters as f64;
        v.push(cx.avg_over_pes(t));
    }
    let nfail = cx.global_fails(false);
    cx.report("barrier_lat", median(v), "ns", nfail);
}

// ------------------------------------------------------------------------------- main

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
    let alloc = |what: &str, r| match r {
        Ok(v) => v,
        Err(e) => {
            eprintln!("PE {me}: allocating {what} failed: {e}");
            shmem.global_exit(1)
        }
    };
    let cx = Cx {
        shmem: &shmem,
        me,
        npes,
        scale,
        only,
        pe0: shmem.pe(0).expect("npes >= 2"),
        pe1: shmem.pe(1).expect("npes >= 2"),
        msg_src: alloc("msg_src", SymVec::zeroed(&shmem, MAX_MSG)),
        msg_dst: alloc("msg_dst", SymVec::zeroed(&shmem, MAX_MSG)),
        tslot: SymVec::zeroed(&shmem, npes).unwrap_or_else(|e| {
            eprintln!("PE {me}: allocating tslot failed: {e}");
            shmem.global_exit(1)
        }),
    };
    shmem.barrier_all();

    if me == 0 {
        let (major, minor) = shmem::spec_version();
        println!(
            "# shmem-bench v1; lib \"{}\" {} (OpenSHMEM {major}.{minor}); npes={npes}; \
             reps={NREPS} (value=median); scale={scale}",
            shmem::info_name(),
            shmem::version(),
        );
        let rows: Vec<&str> = ROWS.iter().copied().filter(|r| cx.wants(r)).collect();
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
    bench_barrier(&cx);

    // Rows still to come, in bench.c's order, once their API exists (add each name to ROWS):
    //
    // * or_to_all_lat_{1,1024,65536}, sum_to_all_lat_1024, bcast_lat_4096, fcollect_lat_8:
    //   bench.c's bench_reduce/bench_bcast/bench_fcollect. Each call is timed alone and
    //   followed by an untimed barrier_all; the repetition value is
    //   `cx.avg_over_pes(sum_of_call_times / iters)`; warm-up/timed = its(100)/its(1000)
    //   (its(10)/its(100) for 65536 elements). Correctness: three untimed calls with data
    //   t = 1, 2, 3 (barrier around each) plus the timed calls' result (t = 0), compared with
    //   the OR/sum over all PEs of `1 << ((p + j + t) % 63)` / `p * 1000 + j + t`
    //   (bcast: `dst[j] == 3j + 1` on non-root PEs; fcollect: `dst[p] == 7p + 5`).
    // * lock_ops_per_s: bench.c's bench_lock. Every PE, K = its(1000) times: take the lock,
    //   `c = counter.g(pe0)`, `counter.p(pe0, c + 1)`, quiet, release; value = npes * K /
    //   (time from a barrier to the next barrier, on PE 0); warm-up its(100) per PE; check:
    //   counter on PE 0 == npes * K after every repetition.

    shmem.barrier_all();
    if me == 0 {
        println!("# done");
    }
    drop(cx);
    shmem.finalize();
}
