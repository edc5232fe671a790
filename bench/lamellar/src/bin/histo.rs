//! bale's histogram kernel with Lamellar, the workload of `examples/histo.rs`: every PE adds 1
//! to `updates` random entries of a table spread cyclically over all PEs (entry `g` at index
//! `g / n_pes` on PE `g % n_pes`, Lamellar's `Distribution::Cyclic`), the same entries as
//! ours (splitmix64 stream `pe + 1`). Two methods:
//!
//! - `batch_add`: the table is an `AtomicArray<usize>`; one `batch_add(indices, 1)` call
//!   (Lamellar's own histogram example and its benchmark suite's array version);
//! - `am`: the table is a `Darc<Vec<AtomicUsize>>`; the PE buffers the local indices per owner
//!   and sends each full buffer (10 000 updates) as an active message that adds them at the
//!   owner (Lamellar's "buffered AM" idiom, its benchmark suite's fastest safe version).
//!
//! Each PE checks its entries against the counts it computes from every PE's index sequence;
//! PE 0 prints the rate (updates of all PEs per second) as ours does.
//!
//! `run.sh 4 target/release/histo [batch_add|am|both] [updates per PE] [entries per PE]`

#![allow(
    clippy::let_underscore_future,
    reason = "a spawned active message runs whether or not its handle is kept (Lamellar's documented `let _ = world.spawn_am_pe(..)`); `wait_all` waits for it"
)]

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use lamellar::active_messaging::prelude::*;
use lamellar::array::prelude::*;
use lamellar::darc::prelude::*;
use shmem_bench_lamellar::{Args, Outcome, Rng};

/// Updates per active message.
const BATCH: usize = 10_000;

/// PE `pe`'s global table indices: a splitmix64 sequence (as in `examples/histo.rs`).
fn indices(pe: usize, updates: usize, entries: usize) -> impl Iterator<Item = usize> {
    let mut rng = Rng::new(pe as u64 + 1);
    (0..updates).map(move |_| rng.below(entries))
}

/// This PE's entries as every PE's updates make them.
fn expected(n: usize, me: usize, updates: usize, per_pe: usize) -> Vec<usize> {
    let mut counts = vec![0; per_pe];
    for g in (0..n).flat_map(|pe| indices(pe, updates, per_pe * n)) {
        if g % n == me {
            counts[g / n] += 1;
        }
    }
    counts
}

fn batch_add(world: &LamellarWorld, updates: usize, per_pe: usize) -> (Vec<usize>, f64) {
    let n = world.num_pes();
    let table = AtomicArray::<usize>::new(world, per_pe * n, Distribution::Cyclic).block();
    let targets: Vec<usize> = indices(world.my_pe(), updates, per_pe * n).collect();
    world.barrier();
    let start = Instant::now();
    table.batch_add(targets.as_slice(), 1).block();
    world.barrier();
    let seconds = start.elapsed().as_secs_f64();
    let got = table.local_data().iter().map(|e| e.load()).collect();
    (got, seconds)
}

/// Adds 1 to the receiving PE's entries `entries`.
#[AmData(Debug, Clone)]
struct Add {
    entries: Vec<u32>,
    counts: Darc<Vec<AtomicUsize>>,
}

#[lamellar::am]
impl LamellarAM for Add {
    async fn exec(self) {
        for &i in &self.entries {
            self.counts[i as usize].fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn am(world: &LamellarWorld, updates: usize, per_pe: usize) -> (Vec<usize>, f64) {
    let n = world.num_pes();
    let counts: Darc<Vec<AtomicUsize>> =
        Darc::new(world, (0..per_pe).map(|_| AtomicUsize::new(0)).collect())
            .block()
            .expect("this PE is in the world");
    let targets: Vec<usize> = indices(world.my_pe(), updates, per_pe * n).collect();
    world.barrier();
    let start = Instant::now();
    let mut buffers = vec![Vec::with_capacity(BATCH); n];
    for g in targets {
        let pe = g % n;
        buffers[pe].push((g / n) as u32);
        if buffers[pe].len() == BATCH {
            let entries = std::mem::replace(&mut buffers[pe], Vec::with_capacity(BATCH));
            let counts = counts.clone();
            let _ = world.spawn_am_pe(pe, Add { entries, counts });
        }
    }
    for (pe, entries) in buffers.into_iter().enumerate() {
        if !entries.is_empty() {
            let counts = counts.clone();
            let _ = world.spawn_am_pe(pe, Add { entries, counts });
        }
    }
    world.wait_all();
    world.barrier();
    let seconds = start.elapsed().as_secs_f64();
    let got = counts.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    (got, seconds)
}

type Method = fn(&LamellarWorld, usize, usize) -> (Vec<usize>, f64);

fn main() -> ExitCode {
    let args = Args::new();
    let mode = args.word(0, "both").to_owned();
    let (updates, per_pe) = (args.number(1, 1_000_000), args.number(2, 1000).max(1));
    if per_pe * 16 > u32::MAX as usize {
        eprintln!("histo: at most {} entries per PE", u32::MAX / 16);
        return ExitCode::FAILURE;
    }
    let world = shmem_bench_lamellar::world();
    let (n, me) = (world.num_pes(), world.my_pe());
    let want = expected(n, me, updates, per_pe);
    let outcome = Outcome::new(&world);
    let mut ok = true;
    let methods: &[(&str, Method)] = &[("batch_add", batch_add), ("am", am)];
    for &(name, method) in methods {
        if mode != "both" && mode != name {
            continue;
        }
        let (got, seconds) = method(&world, updates, per_pe);
        let right = got == want;
        let label = format!("histo {name}");
        ok &= outcome.report(&world, seconds, right, &label, updates * n, "updates", 1);
    }
    ExitCode::from(u8::from(!ok))
}
