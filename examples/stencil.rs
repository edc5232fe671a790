//! The Parallel Research Kernels' `stencil`: a 2-D star stencil of radius 2 applied to an
//! `n × n` grid, `iterations + 1` times (the first is a warm-up, not timed). The grid's rows
//! are split into blocks, one per PE; before each sweep every PE sends its first and last two
//! rows into its neighbours' halo buffers with one put-with-signal each, and waits for its
//! neighbours' signals before it reads the halos. Halo buffers alternate between two sets, so
//! a neighbour a sweep ahead never overwrites a halo still to be read.
//!
//! Sweep: `out(i, j) += Σ w(k) × in(i, j + k) + Σ w(k) × in(i + k, j)` over the interior
//! (`2 <= i, j < n - 2`), with `w(±k) = ±1 / (2 k R)`, then `in += 1` everywhere; `in(i, j) =
//! i + j` at the start. Check (PRK's): the mean of `|out|` over the interior is
//! `(iterations + 1) × 2` within `1e-8`. PE 0 prints PRK's rate (MFlop/s: 19 flops per
//! interior point per sweep, timed sweeps only).
//!
//! `shmemrun -n 4 target/release/examples/stencil [n] [iterations]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use shmem::{Cmp, SignalOp, SymVec, Team};

/// The stencil's radius.
const R: usize = 2;

/// The weight of the point `k` away from the centre along an axis (`k != 0`).
fn weight(k: isize) -> f64 {
    1.0 / (2.0 * k as f64 * R as f64)
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("stencil", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let arg = |i, default| args.number(i, default);
    let (n, iterations) = (arg(0, 1000), arg(1, 10).max(1));
    let shmem = shmem::init()?;
    let (np, me) = (shmem.n_pes(), shmem.my_pe().index());
    if n < 2 * R + 1 || n / np < R {
        if me == 0 {
            eprintln!("stencil: the grid needs at least {} rows per PE", R);
        }
        return Ok(false);
    }
    let world = Team::world(&shmem);
    // This PE's rows: first..first + h. Local row l holds grid row first + l - R; rows 0..R
    // and R + h..R + h + R are the halos.
    let first = me * n / np;
    let h = (me + 1) * n / np - first;
    let up = me.checked_sub(1).map(|p| shmem.pe(p)).transpose()?;
    let down = (me + 1 < np).then(|| shmem.pe(me + 1)).transpose()?;
    let mut input: Vec<f64> = (0..(h + 2 * R) * n)
        .map(|k| (first + k / n) as f64 - R as f64 + (k % n) as f64)
        .collect();
    let mut out = vec![0.0f64; h * n];
    // Halos from above and from below, two sets: [set][from above, from below][R × n].
    let halos = SymVec::<f64>::zeroed(&shmem, 2 * 2 * R * n)?;
    // The sweep number plus one of the newest halo from above, and from below.
    let signals = SymVec::<u64>::zeroed(&shmem, 2)?;
    let (from_above, from_below) = (signals.at(0)?, signals.at(1)?);
    let halo = |set: usize, side: usize| {
        let at = (set * 2 + side) * R * n;
        halos.slice(at..at + R * n)
    };
    let rows = |from: usize, to: usize| from * n..to * n;
    shmem.barrier_all();
    let mut start = Instant::now();
    for sweep in 0..=iterations {
        if sweep == 1 {
            shmem.barrier_all();
            start = Instant::now();
        }
        let set = sweep % 2;
        let mark = sweep as u64 + 1;
        // My first rows go below the upper neighbour's rows, my last rows above the lower's.
        if let Some(up) = up {
            let mine = &input[rows(R, 2 * R)];
            halo(set, 1)?.put_signal(up, mine, &from_below, mark, SignalOp::Set)?;
        }
        if let Some(down) = down {
            let mine = &input[rows(h, h + R)];
            halo(set, 0)?.put_signal(down, mine, &from_above, mark, SignalOp::Set)?;
        }
        if up.is_some() {
            from_above.signal_wait_until(Cmp::Ge, mark);
            halo(set, 0)?.copy_to(&mut input[rows(0, R)])?;
        }
        if down.is_some() {
            from_below.signal_wait_until(Cmp::Ge, mark);
            halo(set, 1)?.copy_to(&mut input[rows(h + R, h + 2 * R)])?;
        }
        for l in 0..h {
            let i = first + l;
            if i < R || i >= n - R {
                continue;
            }
            let centre = (l + R) * n;
            for j in R..n - R {
                let mut sum = 0.0;
                for k in 1..=R {
                    let w = weight(k as isize);
                    sum += w * (input[centre + j + k] - input[centre + j - k]);
                    sum += w * (input[centre + k * n + j] - input[centre - k * n + j]);
                }
                out[l * n + j] += sum;
            }
        }
        for v in &mut input[rows(R, R + h)] {
            *v += 1.0;
        }
    }
    shmem.barrier_all();
    let seconds = start.elapsed().as_secs_f64();

    let mut sums = SymVec::<f64>::zeroed(&shmem, 1)?;
    sums.write(0, out.iter().map(|v| v.abs()).sum())?;
    world.sum_reduce_in_place(&mut sums)?;
    let mut slowest = SymVec::new(&shmem, 1, seconds)?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;
    let active = ((n - 2 * R) * (n - 2 * R)) as f64;
    let norm = sums.read(0)? / active;
    let reference = (iterations + 1) as f64 * 2.0;
    let ok = (norm - reference).abs() < 1e-8;
    if me == 0 {
        if ok {
            let flops = (2 * (4 * R + 1) + 1) as f64 * active * iterations as f64;
            println!(
                "stencil: {np} PEs, {n}x{n} grid, {iterations} sweeps in {seconds:.3} s: {:.1} MFlop/s (validated)",
                flops / seconds / 1e6
            );
        } else {
            eprintln!("stencil: norm {norm}, expected {reference}");
        }
    }
    Ok(ok)
}
