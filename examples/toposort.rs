//! bale's toposort kernel: a random unit upper-triangular `N × N` sparse matrix (`N` = `rows` ×
//! `n_pes`) has its rows and columns randomly permuted; the task is to find row and column
//! permutations that make it upper triangular again. Rows are distributed cyclically (row `r`
//! is local row `r / n_pes` of PE `r % n_pes`), and so are the columns, whose row lists (the
//! transpose) are built first with a [`Conveyor`].
//!
//! The algorithm peels: a row with one nonzero left is a pivot, its column `c` goes to the
//! last free position `p` (a remote fetch-and-increment on PE 0 counts down from `N - 1`), and
//! the owner of `c` is told (`pivot` message); it sets column `c`'s position and tells every
//! other row with a nonzero in `c` to drop it (`drop` messages), each of which keeps a count
//! of its nonzeros left and the sum of their columns, so that a row with one left knows it.
//! One conveyor carries both kinds of message; a PE is done when all its rows are pivots and
//! all its columns have positions (then it has nothing more to send).
//!
//! Check: both permutations are permutations of `0..N` and every nonzero `(r, c)` has
//! `row position(r) <= column position(c)` (upper triangular), with equality on exactly `N`
//! nonzeros (the diagonal); the positions of all PEs are gathered (`fcollect`) and each PE
//! checks its rows. PE 0 prints the rate (rows placed per second, the peeling only).
//!
//! `shmemrun -n 4 target/release/examples/toposort [rows per PE] [nonzeros per row]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Conveyor, Shmem, SymVec, Team};

/// A random permutation of `0..n` (Fisher-Yates), the same on every PE for the same seed.
fn shuffle(n: usize, seed: u64) -> Vec<usize> {
    let mut rng = Rng::new(seed + 17);
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, rng.below(i + 1));
    }
    p
}

/// The permuted matrix: `row(r)` is the columns of its row `r`. Row `rows[i]` and column
/// `cols[j]` of it are row `i` and column `j` of the upper-triangular matrix, whose row `i`
/// holds `i` and up to `nonzeros - 1` random columns above it.
struct Matrix {
    n: usize,
    nonzeros: usize,
    row_of: Vec<usize>,
    cols: Vec<usize>,
}

impl Matrix {
    fn new(n: usize, nonzeros: usize) -> Matrix {
        let rows = shuffle(n, 1);
        let mut row_of = vec![0; n];
        for (i, &r) in rows.iter().enumerate() {
            row_of[r] = i;
        }
        Matrix {
            n,
            nonzeros,
            row_of,
            cols: shuffle(n, 2),
        }
    }

    fn row(&self, r: usize) -> Vec<u32> {
        let i = self.row_of[r];
        let mut rng = Rng::new(i as u64 + 1017);
        let mut cols: Vec<u32> = std::iter::once(i)
            .chain((1..self.nonzeros).map(|_| i + rng.below(self.n - i)))
            .map(|j| self.cols[j] as u32)
            .collect();
        cols.sort_unstable();
        cols.dedup();
        cols
    }
}

/// A message: `[PIVOT | local column, position]` to a column's owner, or `[local row, column]`
/// (drop that column) to a row's owner.
const PIVOT: u64 = 1 << 63;

/// Peels the matrix: this PE's row positions and column positions (local indices).
fn toposort(
    shmem: &Shmem,
    my_rows: &[Vec<u32>],
    my_cols: &[Vec<u32>],
) -> Result<(Vec<u64>, Vec<u64>), shmem::Error> {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let total = (my_rows.len() * n) as u64;
    let next = SymVec::<u64>::zeroed(shmem, 1)?;
    let counter = next.at(0)?;
    let zero = shmem.pe(0)?;
    let mut left: Vec<usize> = my_rows.iter().map(Vec::len).collect();
    let mut sum: Vec<u64> = my_rows
        .iter()
        .map(|r| r.iter().map(|&c| u64::from(c)).sum())
        .collect();
    let mut ready: Vec<usize> = (0..my_rows.len()).filter(|&i| left[i] == 1).collect();
    let mut row_pos = vec![u64::MAX; my_rows.len()];
    let mut col_pos = vec![u64::MAX; my_cols.len()];
    let (mut rows_done, mut cols_done) = (0, 0);
    let mut outbox: Vec<(usize, [u64; 2])> = Vec::new();
    let mut conveyor = Conveyor::<[u64; 2]>::new(shmem)?;
    shmem.barrier_all();
    // Done: every row placed, every column positioned, and every message sent.
    while conveyor
        .advance(rows_done == my_rows.len() && cols_done == my_cols.len() && outbox.is_empty())
    {
        while let Some(i) = ready.pop() {
            let c = sum[i] as usize;
            let p = total - 1 - counter.atomic_fetch_inc(zero);
            row_pos[i] = p;
            rows_done += 1;
            outbox.push((c % n, [PIVOT | (c / n) as u64, p]));
        }
        while let Some(&(to, message)) = outbox.last() {
            if !conveyor.push(shmem.pe(to)?, message) {
                break;
            }
            outbox.pop();
        }
        while let Some((_, [what, value])) = conveyor.pull() {
            if what & PIVOT != 0 {
                let j = (what & !PIVOT) as usize;
                col_pos[j] = value;
                cols_done += 1;
                let c = (j * n + me) as u64;
                outbox.extend(
                    my_cols[j]
                        .iter()
                        .map(|&r| (r as usize % n, [r as u64 / n as u64, c])),
                );
            } else {
                let i = what as usize;
                if row_pos[i] == u64::MAX {
                    left[i] -= 1;
                    sum[i] -= value;
                    if left[i] == 1 {
                        ready.push(i);
                    }
                }
            }
        }
    }
    Ok((row_pos, col_pos))
}

/// The columns' row lists this PE owns (local column `j` is column `j × n_pes + me`), built by
/// sending every nonzero to its column's owner.
fn columns(shmem: &Shmem, my_rows: &[Vec<u32>]) -> Result<Vec<Vec<u32>>, shmem::Error> {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let mut conveyor = Conveyor::<[u32; 2]>::new(shmem)?;
    let mut cols = vec![Vec::new(); my_rows.len()];
    let mut outgoing = my_rows
        .iter()
        .enumerate()
        .flat_map(|(i, row)| row.iter().map(move |&c| (i, c)))
        .map(|(i, c)| {
            let entry = [c / n as u32, (i * n + me) as u32];
            (shmem.pe_wrapping(c as usize), entry)
        })
        .peekable();
    while conveyor.advance(outgoing.peek().is_none()) {
        conveyor.push_from(&mut outgoing);
        conveyor.pull_while(|_, [j, r]| {
            cols[j as usize].push(r);
            true
        });
    }
    Ok(cols)
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("toposort", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let arg = |i, default| args.number(i, default);
    let (rows, nonzeros) = (arg(0, 10_000).max(1), arg(1, 6).max(1));
    let shmem = shmem::init()?;
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    if rows * n > u32::MAX as usize {
        eprintln!("toposort: rows × PEs must stay below 2^32");
        return Ok(false);
    }
    let world = Team::world(&shmem);
    let matrix = Matrix::new(rows * n, nonzeros);
    let my_rows: Vec<Vec<u32>> = (0..rows).map(|i| matrix.row(i * n + me)).collect();
    let my_cols = columns(&shmem, &my_rows)?;
    shmem.barrier_all();
    let start = Instant::now();
    let (row_pos, col_pos) = toposort(&shmem, &my_rows, &my_cols)?;
    shmem.barrier_all();
    let mut slowest = SymVec::new(&shmem, 1, start.elapsed().as_secs_f64())?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;

    // Every PE's positions: PE p's local index i at p × rows + i.
    let mine = SymVec::<u64>::zeroed(&shmem, 2 * rows)?;
    mine.slice(..rows)?.copy_from(&row_pos)?;
    mine.slice(rows..)?.copy_from(&col_pos)?;
    let mut all = SymVec::<u64>::zeroed(&shmem, 2 * rows * n)?;
    world.fcollect(&mut all, &mine)?;
    let all = all.to_vec();
    let position = |k: usize, col: bool| all[(k % n) * 2 * rows + usize::from(col) * rows + k / n];
    let is_permutation = |col: bool| {
        let mut seen = vec![false; rows * n];
        (0..rows * n).all(|k| {
            let p = position(k, col) as usize;
            p < seen.len() && !std::mem::replace(&mut seen[p], true)
        })
    };
    let mut diagonal = 0u64;
    let mut upper = is_permutation(false) && is_permutation(true);
    for (i, row) in my_rows.iter().enumerate() {
        let rp = position(i * n + me, false);
        for &c in row {
            let cp = position(c as usize, true);
            upper &= rp <= cp;
            diagonal += u64::from(rp == cp);
        }
    }
    let mut counts = SymVec::new(&shmem, 2, 0u64)?;
    counts.copy_from(&[u64::from(!upper), diagonal])?;
    world.sum_reduce_in_place(&mut counts)?;
    let [wrong, diagonal] = [counts.read(0)?, counts.read(1)?];
    let ok = wrong == 0 && diagonal == (rows * n) as u64;
    if me == 0 {
        let total = rows * n;
        if ok {
            println!(
                "toposort: {n} PEs, {total} rows in {seconds:.3} s: {:.2} M rows/s (validated)",
                total as f64 / seconds / 1e6
            );
        } else {
            eprintln!(
                "toposort: {wrong} PEs hold rows that are not upper triangular, {diagonal} of {total} nonzeros on the diagonal"
            );
        }
    }
    Ok(ok)
}
