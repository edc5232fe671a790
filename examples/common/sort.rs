//! The last step of ISx's counting sort, shared by `examples/isx.rs` and its Lamellar version
//! (`bench/lamellar/src/lib.rs` includes this file), so that both run the same local code and
//! differ only in how the keys travel. No dependency beyond `std`.

/// The keys `first`, `first + 1`, ... in order, `counts[i]` copies of `first + i`; `total` is
/// the sum of `counts`.
///
/// Most counts are 0, 1 or 2: each key goes out as four copies, of which the next key
/// overwrites those past its count, so that only a count above four (one in fifty) branches
/// (a loop per count mispredicts its exit about once per key).
///
/// # Panics
/// If `total` is less than the sum of `counts`.
pub fn keys_in_order(counts: &[u32], first: u32, total: usize) -> Vec<u32> {
    let mut sorted = vec![0u32; total + 4];
    let mut at = 0;
    for (i, &c) in counts.iter().enumerate() {
        let (key, c) = (first.wrapping_add(i as u32), c as usize);
        sorted[at..at + 4].fill(key);
        if c > 4 {
            sorted[at + 4..at + c].fill(key);
        }
        at += c;
    }
    sorted.truncate(at);
    sorted
}
