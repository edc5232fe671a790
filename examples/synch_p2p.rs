//! The Parallel Research Kernels' `synch_p2p`: a pipeline over an `m × n` grid whose columns
//! are split into blocks, one per PE. `A(i, 0) = i` and `A(0, j) = j` at the start; a sweep
//! computes `A(i, j) = A(i - 1, j) + A(i, j - 1) - A(i - 1, j - 1)` row by row, each PE
//! waiting for its left neighbour's last column of a row (a put-with-signal of one value into
//! a ghost column) before it computes the row; at the end of a sweep the last PE sends
//! `-A(m - 1, n - 1)` to PE 0 as the next sweep's `A(0, 0)`. `iterations + 1` sweeps run, the
//! first a warm-up, not timed.
//!
//! Check (PRK's): `A(m - 1, n - 1) = (iterations + 1) × (m + n - 2)` within a relative `1e-8`.
//! PE 0 prints PRK's rate (MFlop/s: 2 flops per point and sweep, timed sweeps only).
//!
//! `shmemrun -n 4 target/release/examples/synch_p2p [m] [n] [iterations]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use shmem::{Cmp, SignalOp, SymVec, Team};

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("synch_p2p", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let arg = |i, default| args.number(i, default);
    let (m, n, iterations) = (arg(0, 1000).max(2), arg(1, 1000), arg(2, 10).max(1));
    let shmem = shmem::init()?;
    let (np, me) = (shmem.n_pes(), shmem.my_pe().index());
    if n < np.max(2) {
        if me == 0 {
            eprintln!("synch_p2p: at least one column per PE and two columns");
        }
        return Ok(false);
    }
    let world = Team::world(&shmem);
    // This PE's columns: first..first + w, local column c being column first + c.
    let first = me * n / np;
    let w = (me + 1) * n / np - first;
    let left = me.checked_sub(1).map(|p| shmem.pe(p)).transpose()?;
    let right = (me + 1 < np).then(|| shmem.pe(me + 1)).transpose()?;
    let zero = shmem.pe(0)?;
    let mut a = vec![0.0f64; m * w];
    for (c, v) in a[..w].iter_mut().enumerate() {
        *v = (first + c) as f64;
    }
    if me == 0 {
        for i in 0..m {
            a[i * w] = i as f64;
        }
    }
    // The left neighbour's last column, and its signal: sweep × m + row + 1 of the newest.
    let ghost = SymVec::<f64>::zeroed(&shmem, m)?;
    let ghost_signal = SymVec::<u64>::zeroed(&shmem, 1)?;
    let ghost_signal = ghost_signal.at(0)?;
    // The next sweep's A(0, 0) at PE 0, and its signal: the sweep that sent it plus one.
    let corner = SymVec::<f64>::zeroed(&shmem, 1)?;
    let corner_signal = SymVec::<u64>::zeroed(&shmem, 1)?;
    let corner_signal = corner_signal.at(0)?;
    shmem.barrier_all();
    let mut start = Instant::now();
    for sweep in 0..=iterations {
        if sweep == 1 {
            shmem.barrier_all();
            start = Instant::now();
        }
        if me == 0 && sweep > 0 {
            corner_signal.signal_wait_until(Cmp::Ge, sweep as u64);
            a[0] = corner.read(0)?;
        }
        let mut diagonal = 0.0;
        for i in 0..m {
            let mark = (sweep * m + i) as u64 + 1;
            let west = if left.is_some() {
                ghost_signal.signal_wait_until(Cmp::Ge, mark);
                ghost.read(i)?
            } else {
                0.0
            };
            if i > 0 {
                let (above, row) = a[(i - 1) * w..(i + 1) * w].split_at_mut(w);
                // PE 0's column 0 is the fixed boundary.
                let from = usize::from(left.is_none());
                for c in from..w {
                    let (west, north_west) = if c == 0 {
                        (west, diagonal)
                    } else {
                        (row[c - 1], above[c - 1])
                    };
                    row[c] = above[c] + west - north_west;
                }
            }
            diagonal = west;
            if let Some(right) = right {
                let last = a[i * w + w - 1];
                ghost.at(i)?.as_slice().put_signal(
                    right,
                    &[last],
                    &ghost_signal,
                    mark,
                    SignalOp::Set,
                )?;
            }
        }
        if right.is_none() {
            let value = -a[m * w - 1];
            corner.put_signal(
                zero,
                &[value],
                &corner_signal,
                sweep as u64 + 1,
                SignalOp::Set,
            )?;
        }
    }
    shmem.barrier_all();
    let mut slowest = SymVec::new(&shmem, 1, start.elapsed().as_secs_f64())?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;
    let reference = ((iterations + 1) * (m + n - 2)) as f64;
    let right_corner = right.is_some() || ((a[m * w - 1] - reference) / reference).abs() < 1e-8;
    let mut wrong = SymVec::new(&shmem, 1, u64::from(!right_corner))?;
    world.sum_reduce_in_place(&mut wrong)?;
    let ok = wrong.read(0)? == 0;
    if me == 0 {
        if ok {
            let flops = 2.0 * ((m - 1) * (n - 1)) as f64 * iterations as f64;
            println!(
                "synch_p2p: {np} PEs, {m}x{n} grid, {iterations} sweeps in {seconds:.3} s: {:.1} MFlop/s (validated)",
                flops / seconds / 1e6
            );
        } else {
            eprintln!("synch_p2p: the corner is not {reference}");
        }
    }
    Ok(ok)
}
