//! How the collectives' cost grows with the vector size, at the PE count it is launched with
//! (`bench/scaling.sh` runs it for several PE counts).
//!
//! Every row is measured as `shmem_bench` (and the OSHMEM reference benchmark's bench.c) measures
//! its collective rows, OSU style: each call timed alone, an untimed `barrier_all` after it, two
//! `SyncBuf`s alternating from call to call; the value is the median over 5 repetitions of the mean
//! time per call, averaged over the PEs. Rows (TSV, the format of `bench/run.sh`):
//!
//! * `barrier_lat`: back-to-back `barrier_all` calls (as bench.c's row);
//! * `or_to_all_lat_<n>`, `sum_to_all_lat_<n>`: `i64` reductions of `n` elements;
//! * `bcast_lat_<bytes>`: broadcast of `bytes` from member 0;
//! * `fcollect_lat_<bytes>`: fcollect of `bytes` per PE.
//!
//! Every row checks its result after the timed calls (value independent of the algorithm:
//! a fold over PE ids) and reports `FAIL` on a wrong one. `SHMEM_BENCH_SCALE` scales the
//! iteration counts (smoke tests only).
#![forbid(unsafe_code)]

#[path = "common.rs"]
mod common;
use common::{PeMean, barrier_times, median, osu_times};

use shmem::{ActiveSet, BcastSync, CollectSync, Member, ReduceSync, Shmem, SymVec};

/// Repetitions per row; the value is their median.
const NREPS: usize = 5;
/// Reduction lengths (elements of 8 bytes).
const RED_SIZES: [usize; 7] = [1, 8, 64, 256, 1024, 8192, 65536];
/// Broadcast sizes (bytes).
const BCAST_SIZES: [usize; 5] = [8, 512, 4096, 32768, 262_144];
/// fcollect sizes (bytes per PE).
const FCOLLECT_SIZES: [usize; 4] = [8, 512, 4096, 32768];

struct Cx<'s> {
    shmem: &'s Shmem,
    me: usize,
    npes: usize,
    scale: f64,
    /// The average over PEs.
    mean: PeMean<'s>,
}

impl Cx<'_> {
    /// Calls per repetition for a row that moves about `bytes` bytes per PE: 1000 for small
    /// rows, fewer for large ones (at least 20), scaled by `SHMEM_BENCH_SCALE`.
    fn iters(&self, bytes: usize) -> u64 {
        let base = (4_000_000 / bytes.max(1)).clamp(20, 1000) as f64;
        ((base * self.scale) as u64).max(1)
    }

    fn avg_over_pes(&self, v: f64) -> f64 {
        self.mean.mean(v)
    }

    /// Times `call(k)` OSU style (see the module docs): the median over the repetitions of
    /// the mean ns per call, averaged over the PEs.
    fn time(&self, bytes: usize, call: impl FnMut(u64)) -> f64 {
        let iters = self.iters(bytes);
        median(osu_times(
            &self.mean,
            iters.div_ceil(10),
            iters,
            NREPS,
            call,
        ))
    }

    /// Prints the row on PE 0, `FAIL` if any PE's check failed. Collective (its barriers also
    /// keep the next row's source writes after every PE's check).
    fn report(&self, metric: &str, value: f64, ok: bool) {
        // every PE's verdict reaches PE 0 through the same slots as the times
        let bad = self.avg_over_pes(if ok { 0.0 } else { 1.0 }) > 0.0;
        if self.me == 0 {
            let status = if bad { "FAIL" } else { "ok" };
            println!("{metric}\t{}\t{value:.1}\tns\t{status}", self.npes);
        }
    }
}

/// `barrier_lat`: back-to-back `barrier_all` calls, as bench.c's row.
fn barrier(cx: &Cx<'_>) {
    let iters = cx.iters(8);
    let v = barrier_times(&cx.mean, iters / 10, iters, NREPS);
    cx.report("barrier_lat", median(v), true);
}

fn reductions(cx: &Cx<'_>, member: &Member<'_>, world: &ActiveSet) {
    let max = RED_SIZES[RED_SIZES.len() - 1];
    let src = SymVec::<i64>::zeroed(cx.shmem, max).expect("heap for the reductions");
    let mut dst = SymVec::<i64>::zeroed(cx.shmem, max).expect("heap for the reductions");
    let mut ps = [
        ReduceSync::new(cx.shmem, world).expect("pSync"),
        ReduceSync::new(cx.shmem, world).expect("pSync"),
    ];
    // distinct bits per PE and element (OR), distinct values (SUM)
    let val = |p: usize, j: usize| (1i64 << ((p + j) % 63)) + (p * 1000 + j) as i64 * (1 << 20);
    let local: Vec<i64> = (0..max).map(|j| val(cx.me, j)).collect();
    src.copy_from(&local).expect("fits");
    cx.shmem.barrier_all();
    for sum in [false, true] {
        for n in RED_SIZES {
            let s = src.slice(0..n).expect("n <= max");
            let mut d = dst.slice_mut(0..n).expect("n <= max");
            let call = |k: u64| {
                let r = if sum {
                    member.sum_to_all(&mut d, &s, &mut ps[k as usize % 2])
                } else {
                    member.or_to_all(&mut d, &s, &mut ps[k as usize % 2])
                };
                r.expect("the members agree on the arguments");
            };
            let metric = format!("{}_to_all_lat_{n}", if sum { "sum" } else { "or" });
            let mut ok = true;
            let value = cx.time(n * 8 * cx.npes, call);
            let got = dst.slice(0..n).expect("n <= max").to_vec();
            for (j, &g) in got.iter().enumerate() {
                let want = (0..cx.npes).fold(0i64, |acc, p| {
                    if sum {
                        acc.wrapping_add(val(p, j))
                    } else {
                        acc | val(p, j)
                    }
                });
                ok &= g == want;
            }
            cx.report(&metric, value, ok);
        }
    }
}

fn broadcasts(cx: &Cx<'_>, member: &Member<'_>, world: &ActiveSet) {
    let max = BCAST_SIZES[BCAST_SIZES.len() - 1] / 8;
    let src = SymVec::<i64>::zeroed(cx.shmem, max).expect("heap for the broadcasts");
    let mut dst = SymVec::<i64>::zeroed(cx.shmem, max).expect("heap for the broadcasts");
    let mut ps = [
        BcastSync::new(cx.shmem, world).expect("pSync"),
        BcastSync::new(cx.shmem, world).expect("pSync"),
    ];
    let val = |j: usize| (j * 3 + 1) as i64;
    if cx.me == 0 {
        let local: Vec<i64> = (0..max).map(val).collect();
        src.copy_from(&local).expect("fits");
    }
    cx.shmem.barrier_all();
    let root = member.pe(0).expect("every set has a member 0");
    for bytes in BCAST_SIZES {
        let n = bytes / 8;
        let s = src.slice(0..n).expect("n <= max");
        let mut d = dst.slice_mut(0..n).expect("n <= max");
        let call = |k: u64| {
            member
                .broadcast(&mut d, &s, root, &mut ps[k as usize % 2])
                .expect("the members agree on the arguments");
        };
        let metric = format!("bcast_lat_{bytes}");
        let value = cx.time(bytes, call);
        let ok = cx.me == 0
            || dst
                .slice(0..n)
                .expect("n <= max")
                .to_vec()
                .iter()
                .enumerate()
                .all(|(j, &g)| g == val(j));
        cx.report(&metric, value, ok);
    }
}

fn fcollects(cx: &Cx<'_>, member: &Member<'_>, world: &ActiveSet) {
    let max = FCOLLECT_SIZES[FCOLLECT_SIZES.len() - 1] / 8;
    let src = SymVec::<i64>::zeroed(cx.shmem, max).expect("heap for fcollect");
    let mut dst = SymVec::<i64>::zeroed(cx.shmem, max * cx.npes).expect("heap for fcollect");
    let mut ps = [
        CollectSync::new(cx.shmem, world).expect("pSync"),
        CollectSync::new(cx.shmem, world).expect("pSync"),
    ];
    let val = |p: usize, j: usize| (p * 1_000_000 + j) as i64;
    let local: Vec<i64> = (0..max).map(|j| val(cx.me, j)).collect();
    src.copy_from(&local).expect("fits");
    cx.shmem.barrier_all();
    for bytes in FCOLLECT_SIZES {
        let n = bytes / 8;
        let s = src.slice(0..n).expect("n <= max");
        let mut d = dst.slice_mut(0..n * cx.npes).expect("n * npes <= len");
        let call = |k: u64| {
            member
                .fcollect(&mut d, &s, &mut ps[k as usize % 2])
                .expect("the members agree on the arguments");
        };
        let metric = format!("fcollect_lat_{bytes}");
        let value = cx.time(bytes * cx.npes, call);
        let got = dst.slice(0..n * cx.npes).expect("in bounds").to_vec();
        let ok = got.iter().enumerate().all(|(i, &g)| g == val(i / n, i % n));
        cx.report(&metric, value, ok);
    }
}

fn main() {
    let scale = std::env::var("SHMEM_BENCH_SCALE")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|&s| s > 0.0)
        .unwrap_or(1.0);
    let shmem = shmem::init().unwrap_or_else(|e| {
        eprintln!("shmem-scaling: init failed: {e}");
        std::process::exit(1)
    });
    let me = shmem.my_pe().index();
    let npes = shmem.n_pes();
    let cx = Cx {
        shmem: &shmem,
        me,
        npes,
        scale,
        mean: PeMean::new(&shmem).expect("heap for the time slots"),
    };
    let world = ActiveSet::world(&shmem);
    let member = world.member(&shmem).expect("every PE is in the world set");
    if me == 0 {
        println!("# shmem-scaling; npes={npes}; reps={NREPS} (value=median); scale={scale}");
        println!("# metric\tnpes\tvalue\tunit\tstatus");
    }
    barrier(&cx);
    reductions(&cx, &member, &world);
    broadcasts(&cx, &member, &world);
    fcollects(&cx, &member, &world);
    shmem.barrier_all();
    drop(cx);
    shmem.finalize();
}
