//! bale's triangle counting kernel: a random graph of `N` vertices (`N` = `rows` × `n_pes`) is
//! given by the lower-triangular part `L` of its adjacency matrix (row `i` holds the
//! neighbours `j < i` of vertex `i`), distributed by rows cyclically (row `i` is local row
//! `i / n_pes` of PE `i % n_pes`). A triangle `k < j < i` is the nonzeros `L(i, j)`, `L(i, k)`
//! and `L(j, k)`: for every nonzero `L(i, j)` and every `k < j` in row `i`, the owner of row
//! `i` sends `(j, k)` through a [`Conveyor`] to the owner of row `j`, which counts one
//! triangle when row `j` holds `k`. The PEs' counts are summed.
//!
//! Check: every PE counts the triangles serially, from the same seeded graph, and compares
//! with the sum. PE 0 prints the rate (queries, that is `(j, k)` messages, per second).
//!
//! `shmemrun -n 4 target/release/examples/triangle [rows per PE] [edges per row]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Conveyor, Shmem, SymVec, Team};

/// Row `i` of `L`: up to `edges` random neighbours among the `4 × edges` vertices below `i`
/// (a graph with many triangles), sorted, without repeats.
fn row(i: usize, edges: usize) -> Vec<u32> {
    let window = i.min(4 * edges);
    if window == 0 {
        return Vec::new();
    }
    let mut rng = Rng::new(i as u64 + 19);
    let mut cols: Vec<u32> = (0..edges)
        .map(|_| (i - 1 - rng.below(window)) as u32)
        .collect();
    cols.sort_unstable();
    cols.dedup();
    cols
}

/// Triangles counted with this PE's rows (`mine[l]` is row `l × n_pes + me`), and the number
/// of queries it sent.
fn count(shmem: &Shmem, mine: &[Vec<u32>]) -> Result<(u64, u64), shmem::Error> {
    let n = shmem.n_pes();
    let mut conveyor = Conveyor::<[u32; 2]>::new(shmem)?;
    // For each nonzero L(i, j) and each k < j of row i: (j, k) to the owner of row j.
    let mut queries = mine
        .iter()
        .flat_map(|r| {
            r.iter()
                .enumerate()
                .flat_map(move |(at, &j)| r[..at].iter().map(move |&k| [j, k]))
        })
        .map(|[j, k]| (shmem.pe_wrapping(j as usize), [j / n as u32, k]))
        .peekable();
    let (mut sent, mut triangles) = (0u64, 0u64);
    while conveyor.advance(queries.peek().is_none()) {
        sent += conveyor.push_from(&mut queries) as u64;
        conveyor.pull_while(|_, [l, k]| {
            triangles += u64::from(mine[l as usize].binary_search(&k).is_ok());
            true
        });
    }
    Ok((triangles, sent))
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("triangle", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let arg = |i, default| args.number(i, default);
    let (rows, edges) = (arg(0, 5_000).max(1), arg(1, 12));
    let shmem = shmem::init()?;
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    if rows * n > u32::MAX as usize {
        eprintln!("triangle: rows × PEs must stay below 2^32");
        return Ok(false);
    }
    let world = Team::world(&shmem);
    let mine: Vec<Vec<u32>> = (0..rows).map(|l| row(l * n + me, edges)).collect();
    shmem.barrier_all();
    let start = Instant::now();
    let (triangles, sent) = count(&shmem, &mine)?;
    shmem.barrier_all();
    let mut slowest = SymVec::new(&shmem, 1, start.elapsed().as_secs_f64())?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;
    let mut sums = SymVec::new(&shmem, 2, 0u64)?;
    sums.copy_from(&[triangles, sent])?;
    world.sum_reduce_in_place(&mut sums)?;
    let [triangles, queries] = [sums.read(0)?, sums.read(1)?];

    // The serial count over the whole graph.
    let graph: Vec<Vec<u32>> = (0..rows * n).map(|i| row(i, edges)).collect();
    let mut want = 0u64;
    for r in &graph {
        for (at, &j) in r.iter().enumerate() {
            let below = &graph[j as usize];
            want += r[..at]
                .iter()
                .filter(|k| below.binary_search(k).is_ok())
                .count() as u64;
        }
    }
    let ok = triangles == want;
    let mut wrong = SymVec::new(&shmem, 1, u64::from(!ok))?;
    world.sum_reduce_in_place(&mut wrong)?;
    let ok = wrong.read(0)? == 0;
    if me == 0 {
        if ok {
            println!(
                "triangle: {n} PEs, {triangles} triangles, {queries} queries in {seconds:.3} s: {:.2} M queries/s (validated)",
                queries as f64 / seconds / 1e6
            );
        } else {
            eprintln!("triangle: counted {triangles} triangles, the serial count is {want}");
        }
    }
    Ok(ok)
}
