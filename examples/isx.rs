//! ISx, the scalable integer sort (weak scaling): every PE draws `keys` random keys below
//! `keys × n_pes`; PE `p` owns the keys of the `p`-th of `n_pes` equal ranges. Each PE
//! buckets its keys by owner (as the Lamellar version in `bench/lamellar` does), the PEs exchange the bucket sizes (`alltoall`) and the offsets
//! at which each sender writes into each owner's receive array (a second `alltoall`), put
//! their buckets there, and each owner sorts what it received with a counting sort. Each PE
//! then checks its keys: inside its range, sorted, as many as and with the same sum as the
//! keys in its range that it draws itself from every PE's generator; PE 0 prints the rate
//! (keys of all PEs per second, exchange and local sort).
//!
//! `shmemrun -n 4 target/release/examples/isx [keys per PE]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::{Rng, keys_in_order};
use shmem::{SymVec, Team};

/// PE `pe`'s keys, below `max_key`: a splitmix64 sequence.
fn keys_of(pe: usize, keys: usize, max_key: u64) -> impl Iterator<Item = u32> {
    let mut rng = Rng::new(pe as u64 + 3);
    (0..keys).map(move |_| (rng.next_u64() % max_key) as u32)
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("isx", run())
}

fn run() -> Result<bool, shmem::Error> {
    let keys = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 20usize)
        .max(1);
    let shmem = shmem::init()?;
    let world = Team::world(&shmem);
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let max_key = (keys * n) as u64;
    if max_key > u64::from(u32::MAX) {
        if me == 0 {
            eprintln!("isx: keys × PEs must stay below 2^32");
        }
        return Ok(false);
    }
    let owner = |key: u32| (u64::from(key) * n as u64 / max_key) as usize;
    let range = |p: usize| {
        let first = (p as u64 * max_key).div_ceil(n as u64);
        first..((p as u64 + 1) * max_key).div_ceil(n as u64)
    };
    let mine: Vec<u32> = keys_of(me, keys, max_key).collect();
    let send_counts = SymVec::<u64>::zeroed(&shmem, n)?;
    let mut recv_counts = SymVec::<u64>::zeroed(&shmem, n)?;
    let mut offsets = SymVec::<u64>::zeroed(&shmem, n)?;
    let mut slowest = SymVec::<f64>::zeroed(&shmem, 1)?;
    shmem.barrier_all();
    let start = Instant::now();

    // Bucket the keys by owner, in one pass (one division per key).
    let mut buckets = vec![Vec::with_capacity(keys / n + keys / 64 + 16); n];
    for &k in &mine {
        buckets[owner(k)].push(k);
    }
    let counts: Vec<u64> = buckets.iter().map(|b| b.len() as u64).collect();

    // Who sends how many to whom, and where each sender writes at each owner.
    send_counts.copy_from(&counts)?;
    world.alltoall(&mut recv_counts, &send_counts, 1)?;
    let incoming = recv_counts.to_vec();
    let mut first = 0u64;
    let where_: Vec<u64> = incoming
        .iter()
        .map(|&c| {
            let f = first;
            first += c;
            f
        })
        .collect();
    let total_in = first;
    send_counts.copy_from(&where_)?;
    world.alltoall(&mut offsets, &send_counts, 1)?;
    // The receive array is symmetric: as long as the most keys a PE gets.
    let mut largest = SymVec::new(&shmem, 1, total_in)?;
    world.max_reduce_in_place(&mut largest)?;
    let received = SymVec::<u32>::zeroed(&shmem, largest.read(0)? as usize)?;
    let offsets = offsets.to_vec();
    for (p, bucket) in shmem.pes().zip(&buckets) {
        let o = offsets[p.index()] as usize;
        received.slice(o..o + bucket.len())?.put(p, bucket)?;
    }
    shmem.barrier_all();

    // Sort what arrived: count each key of this PE's range, then write them out in order.
    let here = range(me);
    let got = received.slice(..total_in as usize)?;
    let mut histogram = vec![0u32; (here.end - here.start) as usize];
    let mut outside = 0usize;
    for k in &got {
        match u64::from(k).checked_sub(here.start) {
            Some(i) if i < here.end - here.start => histogram[i as usize] += 1,
            _ => outside += 1,
        }
    }
    let sorted = keys_in_order(&histogram, here.start as u32, got.len() - outside);
    slowest.write(0, start.elapsed().as_secs_f64())?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;

    // Check against the keys of this range that every PE draws.
    let (mut want_count, mut want_sum) = (0u64, 0u64);
    for k in (0..n).flat_map(|p| keys_of(p, keys, max_key)) {
        if here.contains(&u64::from(k)) {
            want_count += 1;
            want_sum += u64::from(k);
        }
    }
    let sum: u64 = sorted.iter().map(|&k| u64::from(k)).sum();
    let right = outside == 0
        && sorted.is_sorted()
        && sorted.len() as u64 == want_count
        && sum == want_sum
        && got.iter().map(u64::from).sum::<u64>() == want_sum;
    let mut wrong = SymVec::new(&shmem, 1, u64::from(!right))?;
    world.sum_reduce_in_place(&mut wrong)?;
    let wrong = wrong.read(0)?;
    if me == 0 {
        if wrong == 0 {
            let total = keys * n;
            println!(
                "isx: {n} PEs, {total} keys in {seconds:.3} s: {:.1} M keys/s (validated)",
                total as f64 / seconds / 1e6
            );
        } else {
            eprintln!("isx: {wrong} PEs hold wrong keys");
        }
    }
    Ok(wrong == 0)
}
