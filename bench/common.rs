//! Helpers shared by the benchmark programs (`shmem_bench.rs`, `scaling.rs`), included by both
//! with `#[path]`.

use shmem::{Shmem, SymVec};

/// Median of the repetition values (bench.c: qsort, middle element; the mean of the two middle
/// ones for an even count). 0 for no values.
pub(crate) fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// bench.c's `avg_over_pes`: the mean over all PEs of a per-PE value, gathered on PE 0 through
/// one symmetric slot per PE.
pub(crate) struct PeMean<'s> {
    shmem: &'s Shmem,
    slots: SymVec<'s, f64>,
}

impl<'s> PeMean<'s> {
    /// Collective (allocates the slots).
    pub(crate) fn new(shmem: &'s Shmem) -> Result<PeMean<'s>, shmem::Error> {
        Ok(PeMean {
            shmem,
            slots: SymVec::zeroed(shmem, shmem.n_pes())?,
        })
    }

    /// Collective: the mean of every PE's `v`, on PE 0 (0 elsewhere).
    pub(crate) fn mean(&self, v: f64) -> f64 {
        let me = self.shmem.my_pe().index();
        let pe0 = self.shmem.pe(0).expect("PE 0 exists");
        self.slots
            .slice(me..me + 1)
            .and_then(|s| s.put(pe0, &[v]))
            .expect("one slot per PE");
        self.shmem.barrier_all();
        let s = if me == 0 {
            self.slots.to_vec().iter().sum()
        } else {
            0.0
        };
        self.shmem.barrier_all();
        s / self.shmem.n_pes() as f64
    }
}

/// The timing of bench.c's collective rows (OSU style): `warm` untimed calls, then `reps`
/// repetitions of `iters` calls, each call timed alone with an untimed `barrier_all` after it.
/// `call(k)` makes call number `k` (0, 1, ...; the rows alternate two `SyncBuf`s with it).
/// Returns each repetition's mean ns per call, averaged over the PEs (meaningful on PE 0).
pub(crate) fn osu_times(
    mean: &PeMean<'_>,
    warm: u64,
    iters: u64,
    reps: usize,
    mut call: impl FnMut(u64),
) -> Vec<f64> {
    let mut k = 0;
    for _ in 0..warm {
        call(k);
        k += 1;
        mean.shmem.barrier_all();
    }
    let mut v = Vec::with_capacity(reps);
    for _ in 0..reps {
        let mut acc = 0.0;
        for _ in 0..iters {
            let t0 = std::time::Instant::now();
            call(k);
            acc += t0.elapsed().as_nanos() as f64;
            k += 1;
            mean.shmem.barrier_all();
        }
        v.push(mean.mean(acc / iters as f64));
    }
    v
}

/// bench.c's `barrier_lat` timing: `warm` untimed `barrier_all` calls, then `reps` loops of
/// `iters` back-to-back calls; returns each loop's ns per call, averaged over the PEs.
pub(crate) fn barrier_times(mean: &PeMean<'_>, warm: u64, iters: u64, reps: usize) -> Vec<f64> {
    for _ in 0..warm {
        mean.shmem.barrier_all();
    }
    (0..reps)
        .map(|_| {
            let t0 = std::time::Instant::now();
            for _ in 0..iters {
                mean.shmem.barrier_all();
            }
            mean.mean(t0.elapsed().as_nanos() as f64 / iters as f64)
        })
        .collect()
}
