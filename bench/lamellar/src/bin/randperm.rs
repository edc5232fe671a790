//! bale's random permutation kernel with Lamellar, the workload of `examples/randperm.rs`: the
//! job makes a random permutation of `0..N` (`N` = `items` × `n_pes`) by dart throwing. Every
//! PE throws its `items` values (value `v` is thrown by PE `v % n_pes`) at random slots of a
//! target `AtomicArray<usize>` of `2N` slots spread cyclically over all PEs (slot `s` at index
//! `s / n_pes` on PE `s % n_pes`, `Distribution::Cyclic`); a slot holds the value plus one, 0
//! is empty. The darts go in rounds: one `batch_compare_exchange(slots, 0, values)` throws all
//! the darts not yet landed, each at a fresh random slot. Then the landed values are packed
//! into the result in slot order with a distributed iterator's
//! `filter_map(...).collect::<ReadOnlyArray<usize>>(Distribution::Block)` (position `p` at
//! index `p % items` on PE `p / items`, as ours). This is the array version in Lamellar's
//! benchmark suite (lamellar-benchmarks, `randperm`).
//!
//! The slots: each PE draws them from splitmix64 stream `pe + 11`, as ours. (Until
//! 2026-12-05 the streams of `examples/common` were one sequence shifted, stream `s + 1`
//! stream `s` one draw later; thrown in rounds, the PEs' batches then hit each other's slots
//! round after round and a 4-PE run took from 0.5 s to minutes.) The values thrown and the
//! target are ours; the slots a dart lands in depend on the timing in both.
//!
//! Check (as ours): every PE adds one to the tally of each value it holds (`batch_add` on a
//! cyclic `AtomicArray`); the result is a permutation when every tally is exactly 1 and every PE
//! holds `items` values. PE 0 prints the rate (darts that landed, all PEs, per second).
//!
//! `run.sh 4 target/release/randperm [items per PE]`

use std::process::ExitCode;
use std::time::Instant;

use lamellar::array::prelude::*;
use shmem_bench_lamellar::{Args, Outcome, Rng};

/// Makes the permutation: this PE's `items` entries of it, and the seconds it took.
fn randperm(world: &LamellarWorld, items: usize) -> (Vec<usize>, f64) {
    let (n, me) = (world.num_pes(), world.my_pe());
    let slots = 2 * items * n;
    let darts = AtomicArray::<usize>::new(world, slots, Distribution::Cyclic).block();
    let mut rng = Rng::new(me as u64 + 11);
    // The values still to land, plus one.
    let mut flying: Vec<usize> = (0..items).map(|k| k * n + me + 1).collect();
    world.barrier();
    let clock = Instant::now();
    while !flying.is_empty() {
        let at: Vec<usize> = flying.iter().map(|_| rng.below(slots)).collect();
        let thrown = darts
            .batch_compare_exchange(at.as_slice(), 0, flying.as_slice())
            .block();
        flying = thrown
            .iter()
            .zip(&flying)
            .filter_map(|(landed, &v)| landed.is_err().then_some(v))
            .collect();
    }
    world.barrier();
    let perm = darts
        .dist_iter()
        .filter_map(|d| {
            let d = d.load();
            (d != 0).then(|| d - 1)
        })
        .collect::<ReadOnlyArray<usize>>(Distribution::Block)
        .block();
    world.barrier();
    let seconds = clock.elapsed().as_secs_f64();
    (perm.local_data().to_vec(), seconds)
}

/// Whether this PE's entries are its share of a permutation of `0..items × n_pes`
/// (collective; each PE answers for its own entries and tallies).
fn is_permutation(world: &LamellarWorld, mine: &[usize], items: usize) -> bool {
    let n = world.num_pes();
    let tally = AtomicArray::<usize>::new(world, items * n, Distribution::Cyclic).block();
    let in_range: Vec<usize> = mine.iter().copied().filter(|&v| v < items * n).collect();
    tally.batch_add(in_range.as_slice(), 1).block();
    world.barrier();
    in_range.len() == mine.len()
        && mine.len() == items
        && tally.local_data().iter().all(|t| t.load() == 1)
}

fn main() -> ExitCode {
    let args = Args::new();
    let items = args.number(0, 50_000).max(1);
    let world = shmem_bench_lamellar::world();
    let n = world.num_pes();
    let outcome = Outcome::new(&world);
    let (perm, seconds) = randperm(&world, items);
    let right = is_permutation(&world, &perm, items);
    let ok = outcome.report(&world, seconds, right, "randperm", items * n, "darts", 2);
    ExitCode::from(u8::from(!ok))
}
