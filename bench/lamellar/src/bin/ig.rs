//! bale's index-gather kernel with Lamellar, the workload of `examples/ig.rs`: a table is
//! spread cyclically over all PEs (entry `g` at index `g / n_pes` on PE `g % n_pes`, Lamellar's
//! `Distribution::Cyclic`, holding `value(g)`); every PE reads `requests` random entries (the
//! same as ours: splitmix64 stream `pe + 7`) into a local array. Two methods:
//!
//! - `batch_load`: the table is a `ReadOnlyArray<u64>` (filled as a `LocalLockArray`, then
//!   converted); one `batch_load(indices)` call answers the values in request order (Lamellar's
//!   documented batched read, its benchmark suite's array version);
//! - `am`: the PE buffers the local indices per owner and sends each full buffer (10 000
//!   requests) as an active message that returns the values (Lamellar's "buffered AM" idiom);
//!   the requester puts each reply's values into their slots.
//!
//! Each PE checks every entry it read against `value`; PE 0 prints the rate (reads of all PEs
//! per second) as ours does.
//!
//! `run.sh 4 target/release/ig [batch_load|am|both] [requests per PE] [entries per PE]`

use std::process::ExitCode;
use std::time::Instant;

use lamellar::active_messaging::prelude::*;
use lamellar::array::prelude::*;
use shmem_bench_lamellar::{Args, Outcome, Rng};

/// Requests per active message.
const BATCH: usize = 10_000;

/// The table's entry `g` (as in `examples/ig.rs`).
fn value(g: usize) -> u64 {
    (g as u64).wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5555
}

/// PE `pe`'s global table indices: a splitmix64 sequence (as in `examples/ig.rs`).
fn indices(pe: usize, requests: usize, entries: usize) -> Vec<usize> {
    let mut rng = Rng::new(pe as u64 + 7);
    (0..requests).map(|_| rng.below(entries)).collect()
}

fn batch_load(_world: &LamellarWorld, table: &ReadOnlyArray<u64>, wanted: &[usize]) -> Vec<u64> {
    table.batch_load(wanted).block()
}

/// Answers the receiving PE's entries `entries`, in order.
#[AmData(Debug, Clone)]
struct Gather {
    entries: Vec<u32>,
    table: ReadOnlyArray<u64>,
}

#[lamellar::am]
impl LamellarAM for Gather {
    async fn exec(self) -> Vec<u64> {
        let local = self.table.local_data();
        self.entries.iter().map(|&i| local[i as usize]).collect()
    }
}

fn am(world: &LamellarWorld, table: &ReadOnlyArray<u64>, wanted: &[usize]) -> Vec<u64> {
    let n = world.num_pes();
    let mut got = vec![0u64; wanted.len()];
    // Per owner: the local indices asked for and the slots their answers go to.
    let mut buffers: Vec<(Vec<u32>, Vec<usize>)> =
        vec![(Vec::with_capacity(BATCH), Vec::with_capacity(BATCH)); n];
    let mut pending = Vec::new();
    let mut send = |pe: usize, (entries, slots): (Vec<u32>, Vec<usize>)| {
        let table = table.clone();
        pending.push((world.spawn_am_pe(pe, Gather { entries, table }), slots));
    };
    for (slot, &g) in wanted.iter().enumerate() {
        let pe = g % n;
        let buffer = &mut buffers[pe];
        buffer.0.push((g / n) as u32);
        buffer.1.push(slot);
        if buffer.0.len() == BATCH {
            let full = std::mem::replace(
                buffer,
                (Vec::with_capacity(BATCH), Vec::with_capacity(BATCH)),
            );
            send(pe, full);
        }
    }
    for (pe, buffer) in buffers.into_iter().enumerate() {
        if !buffer.0.is_empty() {
            send(pe, buffer);
        }
    }
    let (handles, slots): (Vec<_>, Vec<_>) = pending.into_iter().unzip();
    for (values, slots) in world.block_on_all(handles).into_iter().zip(slots) {
        for (v, slot) in values.into_iter().zip(slots) {
            got[slot] = v;
        }
    }
    got
}

type Method = fn(&LamellarWorld, &ReadOnlyArray<u64>, &[usize]) -> Vec<u64>;

fn main() -> ExitCode {
    let args = Args::new();
    let mode = args.word(0, "both").to_owned();
    let (requests, per_pe) = (args.number(1, 500_000), args.number(2, 10_000).max(1));
    let world = shmem_bench_lamellar::world();
    let (n, me) = (world.num_pes(), world.my_pe());
    let table = LocalLockArray::<u64>::new(&world, per_pe * n, Distribution::Cyclic).block();
    for (i, v) in table.write_local_data().block().iter_mut().enumerate() {
        *v = value(i * n + me);
    }
    let table = table.into_read_only().block();
    let wanted = indices(me, requests, per_pe * n);
    let outcome = Outcome::new(&world);
    let mut ok = true;
    let methods: &[(&str, Method)] = &[("batch_load", batch_load), ("am", am)];
    for &(name, method) in methods {
        if mode != "both" && mode != name {
            continue;
        }
        world.barrier();
        let start = Instant::now();
        let got = method(&world, &table, &wanted);
        world.barrier();
        let seconds = start.elapsed().as_secs_f64();
        let right =
            got.len() == wanted.len() && got.iter().zip(&wanted).all(|(&v, &g)| v == value(g));
        let label = format!("ig {name}");
        ok &= outcome.report(&world, seconds, right, &label, requests * n, "reads", 1);
    }
    ExitCode::from(u8::from(!ok))
}
