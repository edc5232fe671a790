//! bale's index-gather kernel: a table is spread over all PEs (entry `g` lives at index
//! `g / n_pes` on PE `g % n_pes`, and holds `value(g)`); every PE reads `requests` random
//! entries into a local array, once with one remote get per entry (`get`), once through two
//! [`Conveyor`]s: requests to the owners, and the owners' replies back (`conveyor`). Each PE
//! checks every entry it read against `value`, and PE 0 prints the rate of each method (reads
//! of all PEs per second).
//!
//! `shmemrun -n 4 target/release/examples/ig [get|conveyor|both] [requests per PE] [entries per PE]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Conveyor, Cyclic, Shmem, SymVec, Team};

/// The table's entry `g`.
fn value(g: usize) -> u64 {
    (g as u64).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5555
}

/// PE `pe`'s global table indices: a splitmix64 sequence.
fn indices(pe: usize, requests: usize, entries: usize) -> Vec<usize> {
    let mut rng = Rng::new(pe as u64 + 7);
    (0..requests).map(|_| rng.below(entries)).collect()
}

fn get(shmem: &Shmem, table: &SymVec<'_, u64>, wanted: &[usize]) -> Result<Vec<u64>, shmem::Error> {
    let cyclic = Cyclic::new(shmem);
    let mut got = vec![0u64; wanted.len()];
    for (slot, &g) in got.iter_mut().zip(wanted) {
        let (pe, i) = cyclic.place(g);
        *slot = table.at(i)?.g(pe);
    }
    Ok(got)
}

fn conveyor(
    shmem: &Shmem,
    table: &SymVec<'_, u64>,
    wanted: &[usize],
) -> Result<Vec<u64>, shmem::Error> {
    let cyclic = Cyclic::new(shmem);
    let local = table.to_vec();
    // A request names the entry's local index and the slot of the answer; a reply the slot
    // and the value.
    let mut requests = Conveyor::<[u64; 2]>::new(shmem)?;
    let mut replies = Conveyor::<[u64; 2]>::new(shmem)?;
    let mut got = vec![0u64; wanted.len()];
    let (mut next, mut asking) = (0, true);
    loop {
        asking = asking && requests.advance(next == wanted.len());
        // A request is taken only with its reply (below): once `requests` is over, no reply
        // is left to push.
        let replying = replies.advance(!asking);
        if !asking && !replying {
            break;
        }
        while let Some(&g) = wanted.get(next) {
            let (pe, i) = cyclic.place(g);
            if !requests.push(pe, [i as u64, next as u64]) {
                break;
            }
            next += 1;
        }
        requests.pull_while(|from, [i, slot]| replies.push(from, [slot, local[i as usize]]));
        replies.pull_while(|_, [slot, v]| {
            got[slot as usize] = v;
            true
        });
    }
    Ok(got)
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("ig", run())
}

type Method = fn(&Shmem, &SymVec<'_, u64>, &[usize]) -> Result<Vec<u64>, shmem::Error>;

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let mode = args.word(0, "both");
    let arg = |i, default| args.number(i, default);
    let (requests, per_pe) = (arg(1, 500_000), arg(2, 10_000).max(1));
    let shmem = shmem::init()?;
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let table = SymVec::from_fn(&shmem, per_pe, |i| value(i * n + me))?;
    let wanted = indices(me, requests, per_pe * n);
    let mut ok = true;
    let methods: &[(&str, Method)] = &[("get", get), ("conveyor", conveyor)];
    for &(name, method) in methods {
        if mode != "both" && mode != name {
            continue;
        }
        shmem.barrier_all();
        let start = Instant::now();
        let got = method(&shmem, &table, &wanted)?;
        shmem.barrier_all();
        // The slowest PE's time, and the PEs that read a wrong value.
        let mut slowest = SymVec::new(&shmem, 1, start.elapsed().as_secs_f64())?;
        Team::world(&shmem).max_reduce_in_place(&mut slowest)?;
        let seconds = slowest.read(0)?;
        let right = got.iter().zip(&wanted).all(|(&v, &g)| v == value(g));
        let mut wrong = SymVec::new(&shmem, 1, u64::from(!right))?;
        Team::world(&shmem).sum_reduce_in_place(&mut wrong)?;
        let wrong = wrong.read(0)?;
        if me == 0 {
            let total = requests * n;
            if wrong == 0 {
                println!(
                    "ig {name}: {n} PEs, {total} reads in {seconds:.3} s: {:.1} M reads/s (validated)",
                    total as f64 / seconds / 1e6
                );
            } else {
                eprintln!("ig {name}: {wrong} PEs read wrong values");
            }
        }
        ok &= wrong == 0;
    }
    Ok(ok)
}
