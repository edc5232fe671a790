//! What the Lamellar versions of the application kernels share: the seeded generator their
//! inputs come from (the same splitmix64 streams as `examples/common/mod.rs`, so each program
//! draws exactly the inputs of our example of the same name), their positional arguments, and
//! how PE 0 learns the slowest PE's time and how many PEs got a wrong result.

use lamellar::array::prelude::*;

/// The golden-ratio increment of splitmix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A splitmix64 generator; stream `s` starts at the first output of the sequence from
/// `s × GAMMA` (as in `examples/common/mod.rs`).
pub struct Rng(u64);

impl Rng {
    /// The generator of stream `stream`.
    pub fn new(stream: u64) -> Rng {
        // The state starts at the first output of `stream × GAMMA`: started there itself,
        // stream `s + 1` would be stream `s` one draw later (every PE's indices its
        // neighbour's, shifted by one).
        let mut seed = Rng(GAMMA.wrapping_mul(stream));
        Rng(seed.next_u64())
    }

    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next value below `bound` (not 0), by remainder.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}

/// The program's arguments after its name.
pub struct Args(Vec<String>);

impl Args {
    /// This process's arguments.
    pub fn new() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// Argument `i` as a number, or `default` when it is missing or not one.
    pub fn number(&self, i: usize, default: usize) -> usize {
        self.0
            .get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    }

    /// Argument `i`, or `default` when it is missing.
    pub fn word<'a>(&'a self, i: usize, default: &'a str) -> &'a str {
        self.0.get(i).map_or(default, String::as_str)
    }
}

impl Default for Args {
    fn default() -> Self {
        Args::new()
    }
}

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
}
