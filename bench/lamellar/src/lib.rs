//! What the Lamellar versions of the application kernels share: the seeded generator their
//! inputs come from (the same splitmix64 streams as `examples/common/mod.rs`, so each program
//! draws exactly the inputs of our example of the same name), their positional arguments, and
//! how PE 0 learns the slowest PE's time and how many PEs got a wrong result.

use lamellar::array::prelude::*;

// The generator and the arguments of `examples/common`: the same streams as our examples.
#[path = "../../../examples/common/inputs.rs"]
mod inputs;
pub use inputs::{Args, Rng};

// ISx's write-out, the same code as `examples/isx.rs`'s.
#[path = "../../../examples/common/sort.rs"]
mod sort;
pub use sort::keys_in_order;

/// The world, on the backend `LAMELLAR_BACKEND` names (`run.sh` sets `shmem`).
pub fn world() -> LamellarWorld {
    LamellarWorldBuilder::new().build()
}

/// One entry per PE for the slowest time (nanoseconds) and whether the PE's result is wrong;
/// PE 0 reduces them with the arrays' one-sided `max` and `sum`.
pub struct Outcome {
    nanos: AtomicArray<usize>,
    wrong: AtomicArray<usize>,
}

impl Outcome {
    /// The arrays (collective).
    pub fn new(world: &LamellarWorld) -> Outcome {
        let n = world.num_pes();
        Outcome {
            nanos: AtomicArray::new(world, n, Distribution::Block).block(),
            wrong: AtomicArray::new(world, n, Distribution::Block).block(),
        }
    }

    /// Records this PE's time and verdict; on PE 0, answers the slowest PE's seconds and the
    /// number of PEs whose result is wrong (collective: every PE calls it).
    pub fn gather(&self, world: &LamellarWorld, seconds: f64, right: bool) -> Option<(f64, usize)> {
        self.nanos
            .local_data()
            .at(0)
            .store((seconds * 1e9) as usize);
        self.wrong.local_data().at(0).store(usize::from(!right));
        world.barrier();
        let reduced = (world.my_pe() == 0).then(|| {
            let nanos = self.nanos.max().block().unwrap_or(0);
            let wrong = self.wrong.sum().block().unwrap_or(0);
            (nanos as f64 / 1e9, wrong)
        });
        // Nobody overwrites the entries before PE 0 has read them.
        world.barrier();
        reduced
    }

    /// [`Outcome::gather`], then PE 0 prints the run's line: `label`, the `total` items of
    /// all PEs (in `unit`s), the slowest PE's time and the rate with `decimals` decimals,
    /// ending `(validated)` when every PE's result is right (the line `bench/apps.sh` reads,
    /// as our examples print it), else how many PEs got a wrong one. Whether nothing wrong
    /// was seen here: this PE's result, and on PE 0 everyone's (collective, as `gather`).
    #[allow(clippy::too_many_arguments, reason = "one line's fields")]
    pub fn report(
        &self,
        world: &LamellarWorld,
        seconds: f64,
        right: bool,
        label: &str,
        total: usize,
        unit: &str,
        decimals: usize,
    ) -> bool {
        let Some((seconds, wrong)) = self.gather(world, seconds, right) else {
            return right;
        };
        if wrong == 0 {
            let n = world.num_pes();
            let rate = total as f64 / seconds / 1e6;
            println!(
                "{label}: {n} PEs, {total} {unit} in {seconds:.3} s: {rate:.decimals$} M {unit}/s (validated)"
            );
        } else {
            eprintln!("{label}: {wrong} PEs got a wrong result");
        }
        right && wrong == 0
    }
}
