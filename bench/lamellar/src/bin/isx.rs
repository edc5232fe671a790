//! ISx, the scalable integer sort (weak scaling), with Lamellar, the workload of
//! `examples/isx.rs`: every PE draws `keys` random keys below `keys × n_pes` (the same keys as
//! ours: splitmix64 stream `pe + 3`); PE `p` owns the keys of the `p`-th of `n_pes` equal
//! ranges. Each PE buckets its keys by owner and sends each owner its bucket in one active
//! message, which appends it to the owner's inbox (a `LocalRwDarc<Vec<u32>>`): Lamellar's
//! idiom for moving data to where it is used (its Darc + active message examples), where ours
//! exchanges counts and offsets with two `alltoall`s and puts. After `wait_all` and a barrier
//! each owner sorts what it received with a counting sort, as ours.
//!
//! Each PE then checks its keys as ours does: inside its range, sorted, as many as and with
//! the same sum as the keys in its range that it draws itself from every PE's generator; PE 0
//! prints the rate (keys of all PEs per second, exchange and local sort).
//!
//! `run.sh 4 target/release/isx [keys per PE]`

#![allow(
    clippy::let_underscore_future,
    reason = "a spawned active message runs whether or not its handle is kept (Lamellar's documented `let _ = world.spawn_am_pe(..)`); `wait_all` waits for it"
)]

use std::process::ExitCode;
use std::time::Instant;

use lamellar::active_messaging::prelude::*;
use lamellar::darc::prelude::*;
use shmem_bench_lamellar::{Args, Outcome, Rng, keys_in_order};

/// PE `pe`'s keys, below `max_key`: a splitmix64 sequence (as in `examples/isx.rs`).
fn keys_of(pe: usize, keys: usize, max_key: u64) -> impl Iterator<Item = u32> {
    let mut rng = Rng::new(pe as u64 + 3);
    (0..keys).map(move |_| (rng.next_u64() % max_key) as u32)
}

/// Appends `keys` to the receiving PE's inbox.
#[AmData(Debug, Clone)]
struct Deliver {
    keys: Vec<u32>,
    inbox: LocalRwDarc<Vec<u32>>,
}

#[lamellar::am]
impl LamellarAM for Deliver {
    async fn exec(self) {
        self.inbox.write().await.extend_from_slice(&self.keys);
    }
}

fn main() -> ExitCode {
    let keys = Args::new().number(0, 1 << 20).max(1);
    let world = shmem_bench_lamellar::world();
    let (n, me) = (world.num_pes(), world.my_pe());
    let max_key = (keys * n) as u64;
    if max_key > u64::from(u32::MAX) {
        if me == 0 {
            eprintln!("isx: keys × PEs must stay below 2^32");
        }
        return ExitCode::FAILURE;
    }
    let owner = |key: u32| (u64::from(key) * n as u64 / max_key) as usize;
    let range = |p: usize| {
        let first = (p as u64 * max_key).div_ceil(n as u64);
        first..((p as u64 + 1) * max_key).div_ceil(n as u64)
    };
    let mine: Vec<u32> = keys_of(me, keys, max_key).collect();
    let inbox = LocalRwDarc::new(&world, Vec::<u32>::new())
        .block()
        .expect("this PE is in the world");
    let outcome = Outcome::new(&world);
    world.barrier();
    let start = Instant::now();

    // Bucket the keys by owner, and send each owner its bucket.
    let mut buckets = vec![Vec::with_capacity(keys / n + keys / 64 + 16); n];
    for &k in &mine {
        buckets[owner(k)].push(k);
    }
    for (p, bucket) in buckets.into_iter().enumerate() {
        let inbox = inbox.clone();
        let _ = world.spawn_am_pe(
            p,
            Deliver {
                keys: bucket,
                inbox,
            },
        );
    }
    world.wait_all();
    world.barrier();

    // Sort what arrived: count each key of this PE's range, then write them out in order.
    let here = range(me);
    let got = std::mem::take(&mut *inbox.write().block());
    let mut histogram = vec![0u32; (here.end - here.start) as usize];
    let mut outside = 0usize;
    for &k in &got {
        match u64::from(k).checked_sub(here.start) {
            Some(i) if i < here.end - here.start => histogram[i as usize] += 1,
            _ => outside += 1,
        }
    }
    let sorted = keys_in_order(&histogram, here.start as u32, got.len() - outside);
    let seconds = start.elapsed().as_secs_f64();

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
        && got.iter().map(|&k| u64::from(k)).sum::<u64>() == want_sum;
    let ok = outcome.report(&world, seconds, right, "isx", keys * n, "keys", 1);
    ExitCode::from(u8::from(!ok))
}
