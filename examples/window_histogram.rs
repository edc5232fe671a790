//! A distributed histogram in an RMA window: bin `b` lives on PE `b % n_pes`. Every PE draws
//! its samples (a fixed pseudo-random sequence per PE), counts them per bin, and adds its
//! counts into the owners' bins with `accumulate` under shared access epochs, one on every
//! owner held at once (several PEs add into one PE's bins at the same time; each element's
//! addition is atomic). PE 0 then reads
//! every bin under `lock_all`, prints the histogram, and checks it against the counts it
//! computes itself from every PE's sequence.
//!
//! `shmemrun -n 4 target/release/examples/window_histogram`
#![forbid(unsafe_code)]

use std::process::ExitCode;

use shmem::window::{LockKind, Window, op};

const BINS: usize = 15;
const SAMPLES: usize = 10_000;

/// PE `pe`'s samples: a linear congruential sequence folded into a bell-ish shape (the sum
/// of two draws), so the bins differ.
fn samples(pe: usize) -> impl Iterator<Item = usize> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ (pe as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let mut draw = move || {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) as usize % BINS.div_ceil(2)
    };
    (0..SAMPLES).map(move |_| draw() + draw())
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("window_histogram: the histogram differs from the expected counts");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("window_histogram: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<bool, shmem::Error> {
    let shmem = shmem::init()?;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let per_pe = BINS.div_ceil(n);
    let mut win = Window::<u64>::new(&shmem, per_pe)?;
    // Count locally, then one accumulate per owner PE.
    let mut counts = [0u64; BINS];
    for s in samples(me) {
        counts[s] += 1;
    }
    // Shared epochs on every owner at once (MPI's lock-several-targets pattern): one
    // accumulate into each, a flush per owner, then every epoch ends together.
    let epochs = shmem
        .pes()
        .map(|owner| win.lock(owner, LockKind::Shared))
        .collect::<Result<Vec<_>, _>>()?;
    for epoch in &epochs {
        let owner = epoch.target().index();
        let mine: Vec<u64> = (0..per_pe)
            .map(|i| counts.get(i * n + owner).copied().unwrap_or(0))
            .collect();
        epoch.accumulate(0, &mine, op::Sum)?;
        epoch.flush(); // complete at the owner
    }
    drop(epochs); // MPI_Win_unlock on every owner
    shmem.barrier_all();
    let mut ok = true;
    if me == 0 {
        let mut hist = [0u64; BINS];
        {
            let all = win.lock_all();
            let mut part = vec![0u64; per_pe];
            for owner in shmem.pes() {
                all.get(owner, 0, &mut part)?;
                for (i, &c) in part.iter().enumerate() {
                    if let Some(h) = hist.get_mut(i * n + owner.index()) {
                        *h = c;
                    }
                }
            }
        }
        let mut want = [0u64; BINS];
        for p in 0..n {
            for s in samples(p) {
                want[s] += 1;
            }
        }
        let top = *hist.iter().max().unwrap_or(&1);
        for (b, &c) in hist.iter().enumerate() {
            let bar = "#".repeat((c * 50 / top.max(1)) as usize);
            println!("bin {b:2} {c:7} {bar}");
        }
        let total: u64 = hist.iter().sum();
        println!("{total} samples from {n} PEs");
        ok = hist == want && total == (n * SAMPLES) as u64;
    }
    shmem.barrier_all();
    Ok(ok)
}
