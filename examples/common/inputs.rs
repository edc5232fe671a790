//! The inputs' generator and the positional arguments, shared by the application examples
//! (through `common/mod.rs`) and their Lamellar versions (`bench/lamellar/src/lib.rs` includes
//! this file), so that both draw exactly the same inputs. No dependency beyond `std`.

/// The golden-ratio increment of splitmix64.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A splitmix64 generator. Stream `s` starts at the first output of the sequence from
/// `s × GAMMA`, so a PE or a row draws its own sequence from its number alone, and every PE can draw any other's (the examples check
/// their results by recomputing every PE's input).
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
