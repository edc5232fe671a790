//! bale's random permutation kernel, by dart throwing: the job makes a random permutation of
//! `0..N` (`N` = `items` × `n_pes`). Every PE throws its `items` values (value `v` is thrown
//! by PE `v % n_pes`) as darts at random slots of a target array of `2N` slots spread over all
//! PEs (slot `s` lives at index `s / n_pes` on PE `s % n_pes`): one remote compare-and-swap
//! claims an empty slot, and a dart that hits a taken slot is thrown again. Each PE then packs
//! the values that landed on its slots, in slot order; an exclusive scan of the packed counts
//! gives each PE where its run starts in the permutation, and a put per run moves it into the
//! result (position `p` at index `p % items` on PE `p / items`).
//!
//! Check: every PE adds one (a remote atomic add) to the tally of each value it holds, at the
//! value's home; the result is a permutation when every tally is exactly 1 and every PE holds
//! `items` values. PE 0 prints the rate (darts that landed, all PEs, per second).
//!
//! `shmemrun -n 4 target/release/examples/randperm [items per PE]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Cyclic, Shmem, SymVec, Team};

/// Makes the permutation: this PE's `items` entries of it, and the seconds it took.
fn randperm(shmem: &Shmem, items: usize) -> Result<(Vec<u64>, f64), shmem::Error> {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let world = Team::world(shmem);
    let slots = 2 * items * n;
    // A slot holds the value plus one; 0 is empty.
    let darts = SymVec::<u64>::zeroed(shmem, 2 * items)?;
    let perm = SymVec::<u64>::zeroed(shmem, items)?;
    let mut start = SymVec::<u64>::zeroed(shmem, 1)?;
    let mut rng = Rng::new(me as u64 + 11);
    let cyclic = Cyclic::new(shmem);
    shmem.barrier_all();
    let clock = Instant::now();
    for k in 0..items {
        let value = (k * n + me) as u64;
        loop {
            let (pe, i) = cyclic.place(rng.below(slots));
            if darts.at(i)?.atomic_compare_swap(pe, 0, value + 1) == 0 {
                break;
            }
        }
    }
    shmem.barrier_all();
    let landed: Vec<u64> = darts.iter().filter(|&d| d != 0).map(|d| d - 1).collect();
    // Where this PE's run starts: the number of values packed on the PEs before it.
    start.write(0, landed.len() as u64)?;
    world.sum_exscan_in_place(&mut start)?;
    let mut at = start.read(0)? as usize;
    let mut rest = &landed[..];
    while !rest.is_empty() {
        let (pe, i) = (at / items, at % items);
        let run = rest.len().min(items - i);
        perm.slice(i..i + run)?.put(shmem.pe(pe)?, &rest[..run])?;
        (at, rest) = (at + run, &rest[run..]);
    }
    shmem.barrier_all();
    Ok((perm.to_vec(), clock.elapsed().as_secs_f64()))
}

/// Whether the entries of every PE together are a permutation of `0..items × n_pes`
/// (collective: every PE gets the same answer).
fn is_permutation(shmem: &Shmem, mine: &[u64], items: usize) -> Result<bool, shmem::Error> {
    let n = shmem.n_pes();
    let tally = SymVec::<u64>::zeroed(shmem, items)?;
    let mut in_range = true;
    for &v in mine {
        let v = v as usize;
        if v >= items * n {
            in_range = false;
            continue;
        }
        tally.at(v / n)?.atomic_inc(shmem.pe(v % n)?);
    }
    shmem.barrier_all();
    let right = in_range && mine.len() == items && tally.iter().all(|t| t == 1);
    let mut wrong = SymVec::new(shmem, 1, u64::from(!right))?;
    Team::world(shmem).sum_reduce_in_place(&mut wrong)?;
    Ok(wrong.read(0)? == 0)
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("randperm", run())
}

fn run() -> Result<bool, shmem::Error> {
    let items = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000usize)
        .max(1);
    let shmem = shmem::init()?;
    let n = shmem.n_pes();
    let (perm, seconds) = randperm(&shmem, items)?;
    let mut slowest = SymVec::new(&shmem, 1, seconds)?;
    Team::world(&shmem).max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;
    let ok = is_permutation(&shmem, &perm, items)?;
    if shmem.my_pe().index() == 0 {
        let total = items * n;
        if ok {
            println!(
                "randperm: {n} PEs, {total} darts in {seconds:.3} s: {:.2} M darts/s (validated)",
                total as f64 / seconds / 1e6
            );
        } else {
            eprintln!("randperm: the result is not a permutation of 0..{total}");
        }
    }
    Ok(ok)
}
