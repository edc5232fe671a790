//! bale's sparse matrix transpose: a random `N × N` sparse matrix (`N` = `rows` × `n_pes`) is
//! distributed by rows, cyclically (row `r` is local row `r / n_pes` of PE `r % n_pes`), each
//! PE holding its rows in compressed sparse row form (CSR). The transpose is distributed the
//! same way: every PE sends each of its nonzeros `(r, c)` through a [`Conveyor`] to the owner
//! of row `c` of the transpose, which gathers them and builds its rows in CSR, columns sorted.
//!
//! Check: every PE builds the rows of the transpose it owns serially, from the same seeded
//! matrix (every row of it), and compares. PE 0 prints the rate (nonzeros moved per second).
//!
//! `shmemrun -n 4 target/release/examples/transpose_matrix [rows per PE] [nonzeros per row]`
#![forbid(unsafe_code)]

#[path = "common/mod.rs"]
mod common;

use std::process::ExitCode;
use std::time::Instant;

use common::Rng;
use shmem::{Conveyor, Shmem, SymVec, Team};

/// Rows in compressed sparse row form: row `i`'s columns are `cols[offsets[i]..offsets[i + 1]]`.
#[derive(Debug, PartialEq)]
struct Csr {
    offsets: Vec<usize>,
    cols: Vec<u32>,
}

impl Csr {
    fn row(&self, i: usize) -> &[u32] {
        &self.cols[self.offsets[i]..self.offsets[i + 1]]
    }

    fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Rows from `(row, column)` entries: a counting sort by row, each row's columns sorted.
    fn from_entries(rows: usize, entries: &[[u32; 2]]) -> Csr {
        let mut offsets = vec![0usize; rows + 1];
        for &[r, _] in entries {
            offsets[r as usize + 1] += 1;
        }
        for i in 0..rows {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut cols = vec![0u32; entries.len()];
        for &[r, c] in entries {
            cols[fill[r as usize]] = c;
            fill[r as usize] += 1;
        }
        for i in 0..rows {
            cols[offsets[i]..offsets[i + 1]].sort_unstable();
        }
        Csr { offsets, cols }
    }
}

/// Row `r` of the matrix: up to `nonzeros` random columns below `n`, sorted, without repeats.
fn matrix_row(r: usize, nonzeros: usize, n: usize) -> Vec<u32> {
    let mut rng = Rng::new(r as u64 + 13);
    let mut cols: Vec<u32> = (0..nonzeros).map(|_| rng.below(n) as u32).collect();
    cols.sort_unstable();
    cols.dedup();
    cols
}

/// This PE's rows of the matrix.
fn my_rows(shmem: &Shmem, rows: usize, nonzeros: usize) -> Csr {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let mut entries = Vec::new();
    for i in 0..rows {
        entries.extend(
            matrix_row(i * n + me, nonzeros, rows * n)
                .into_iter()
                .map(|c| [i as u32, c]),
        );
    }
    Csr::from_entries(rows, &entries)
}

/// The transpose's rows this PE owns, from the matrix's rows this PE owns.
fn transpose(shmem: &Shmem, a: &Csr) -> Result<Csr, shmem::Error> {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let mut conveyor = Conveyor::<[u32; 2]>::new(shmem)?;
    // Every nonzero (local row i, column c) goes to the owner of column c as (the
    // transpose's local row c / n, row i × n + me).
    let mut outgoing = (0..a.rows())
        .flat_map(|i| a.row(i).iter().map(move |&c| (i, c)))
        .map(|(i, c)| {
            let entry = [c / n as u32, (i * n + me) as u32];
            (shmem.pe_wrapping(c as usize), entry)
        })
        .peekable();
    let mut entries = Vec::new();
    while conveyor.advance(outgoing.peek().is_none()) {
        conveyor.push_from(&mut outgoing);
        conveyor.pull_while(|_, entry| {
            entries.push(entry);
            true
        });
    }
    Ok(Csr::from_entries(a.rows(), &entries))
}

/// The program (`tests/apps.rs` includes this file and runs it as well).
pub(crate) fn main() -> ExitCode {
    common::exit("transpose_matrix", run())
}

fn run() -> Result<bool, shmem::Error> {
    let args = common::Args::new();
    let arg = |i, default| args.number(i, default);
    let (rows, nonzeros) = (arg(0, 20_000).max(1), arg(1, 8));
    let shmem = shmem::init()?;
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    if rows * n > u32::MAX as usize {
        eprintln!("transpose_matrix: rows × PEs must stay below 2^32");
        return Ok(false);
    }
    let world = Team::world(&shmem);
    let a = my_rows(&shmem, rows, nonzeros);
    shmem.barrier_all();
    let start = Instant::now();
    let at = transpose(&shmem, &a)?;
    shmem.barrier_all();
    let mut slowest = SymVec::new(&shmem, 1, start.elapsed().as_secs_f64())?;
    world.max_reduce_in_place(&mut slowest)?;
    let seconds = slowest.read(0)?;

    // The serial transpose of this PE's rows: every row of the matrix, in order.
    let mut want = Vec::new();
    for r in 0..rows * n {
        for c in matrix_row(r, nonzeros, rows * n) {
            if c as usize % n == me {
                want.push([c / n as u32, r as u32]);
            }
        }
    }
    let right = at == Csr::from_entries(rows, &want);
    let mut counts = SymVec::new(&shmem, 2, 0u64)?;
    counts.copy_from(&[u64::from(!right), a.cols.len() as u64])?;
    world.sum_reduce_in_place(&mut counts)?;
    let [wrong, total] = [counts.read(0)?, counts.read(1)?];
    if me == 0 {
        if wrong == 0 {
            println!(
                "transpose_matrix: {n} PEs, {total} nonzeros in {seconds:.3} s: {:.2} M nonzeros/s (validated)",
                total as f64 / seconds / 1e6
            );
        } else {
            eprintln!("transpose_matrix: {wrong} PEs hold wrong rows of the transpose");
        }
    }
    Ok(wrong == 0)
}
