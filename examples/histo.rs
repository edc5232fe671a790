//! bale's histogram kernel: every PE adds 1 to `updates` random entries of a table spread
//! over all PEs (entry `g` lives at index `g / n_pes` on PE `g % n_pes`), once with one
//! remote atomic add per update (`amo`), once through a [`Conveyor`] that carries each update
//! to the entry's owner, which adds it locally (`conveyor`). Each PE then checks its entries
//! against the counts it computes itself from every PE's index sequence, and PE 0 prints the
//! rate of each method (updates of all PEs per second).
//!
//! `shmemrun -n 4 target/release/examples/histo [amo|conveyor|both] [updates per PE] [entries per PE]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Conveyor, Cyclic, Shmem, SymVec, Team};

/// PE `pe`'s global table indices: a splitmix64 sequence.
fn indices(pe: usize, updates: usize, entries: usize) -> impl Iterator<Item = usize> {
    let mut rng = Rng::new(pe as u64 + 1);
    (0..updates).map(move |_| rng.below(entries))
}

/// This PE's entries as every PE's updates make them.
fn expected(shmem: &Shmem, updates: usize, per_pe: usize) -> Vec<u64> {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let mut counts = vec![0u64; per_pe];
    for g in (0..n).flat_map(|pe| indices(pe, updates, per_pe * n)) {
        if g % n == me {
            counts[g / n] += 1;
        }
    }
    counts
}

fn amo(shmem: &Shmem, updates: usize, per_pe: usize) -> Result<(Vec<u64>, f64), shmem::Error> {
    let n = shmem.n_pes();
    let table = SymVec::<u64>::zeroed(shmem, per_pe)?;
    let targets: Vec<usize> = indices(shmem.my_pe().index(), updates, per_pe * n).collect();
    shmem.barrier_all();
    let cyclic = Cyclic::new(shmem);
    let start = Instant::now();
    for g in targets {
        let (pe, i) = cyclic.place(g);
        table.at(i)?.atomic_add(pe, 1);
    }
    shmem.barrier_all();
    Ok((table.to_vec(), start.elapsed().as_secs_f64()))
}

fn conveyor(shmem: &Shmem, updates: usize, per_pe: usize) -> Result<(Vec<u64>, f64), shmem::Error> {
    let n = shmem.n_pes();
    let mut conveyor = Conveyor::<u32>::new(shmem)?;
    let mut counts = vec![0u64; per_pe];
    let targets: Vec<usize> = indices(shmem.my_pe().index(), updates, per_pe * n).collect();
    shmem.barrier_all();
    let start = Instant::now();
    let cyclic = Cyclic::new(shmem);
    let mut next = 0;
    while conveyor.advance(next == targets.len()) {
        while let Some(&g) = targets.get(next) {
            let (pe, i) = cyclic.place(g);
            if !conveyor.push(pe, i as u32) {
                break;
            }
            next += 1;
        }
        conveyor.pull_while(|_, i| {
            counts[i as usize] += 1;
            true
        });
    }
    shmem.barrier_all();
    Ok((counts, start.elapsed().as_secs_f64()))
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("histo", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let mode = args.word(0, "both");
    let arg = |i, default| args.number(i, default);
    let (updates, per_pe) = (arg(1, 1_000_000), arg(2, 1000).max(1));
    if per_pe * 16 > u32::MAX as usize {
        eprintln!("histo: at most {} entries per PE", u32::MAX / 16);
        return Ok(false);
    }
    let shmem = shmem::init()?;
    let want = expected(&shmem, updates, per_pe);
    let mut ok = true;
    let methods: &[(&str, Method)] = &[("amo", amo), ("conveyor", conveyor)];
    for &(name, method) in methods {
        if mode != "both" && mode != name {
            continue;
        }
        let (got, seconds) = method(&shmem, updates, per_pe)?;
        // The slowest PE's time, and the PEs whose counts differ.
        let mut slowest = SymVec::new(&shmem, 1, seconds)?;
        Team::world(&shmem).max_reduce_in_place(&mut slowest)?;
        let seconds = slowest.read(0)?;
        let mut wrong = SymVec::new(&shmem, 1, u64::from(got != want))?;
        Team::world(&shmem).sum_reduce_in_place(&mut wrong)?;
        let wrong = wrong.read(0)?;
        if shmem.my_pe().index() == 0 {
            let total = updates * shmem.n_pes();
            if wrong == 0 {
                println!(
                    "histo {name}: {} PEs, {total} updates in {seconds:.3} s: {:.1} M updates/s (validated)",
                    shmem.n_pes(),
                    total as f64 / seconds / 1e6
                );
            } else {
                eprintln!("histo {name}: {wrong} PEs hold wrong counts");
            }
        }
        ok &= wrong == 0;
    }
    Ok(ok)
}

type Method = fn(&Shmem, usize, usize) -> Result<(Vec<u64>, f64), shmem::Error>;
