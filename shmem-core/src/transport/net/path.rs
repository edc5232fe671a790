//! [`NetPath`]: the MPI way for contexts' threads (feature `mpi` at `MPI_THREAD_MULTIPLE`).

use std::ffi::{c_int, c_void};

use mpi::ffi;

use crate::transport::{AmoOp, AmoWord, Word};

use super::*;

/// The way of a PE's other threads to its job's other nodes ([`Net::thread_path`], only when
/// MPI runs at `MPI_THREAD_MULTIPLE`): the window and where each partition starts in it,
/// copied out of the [`Net`], no `Cell`, so any thread may use it at once.
///
/// Every access is an MPI operation of the accumulate family with the element's own
/// predefined datatype (`MPI_Accumulate` with `MPI_REPLACE` for a store, `MPI_Get_accumulate`
/// with `MPI_NO_OP` for a load, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`), which MPI makes
/// atomic per element with respect to each other, from any thread; each is complete at the
/// target when it returns (`MPI_Win_flush`). The threads of this process reach the bytes of an
/// array lent to them only this way in a multi-node job (`threads.rs`), on this node too.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NetPath<'a> {
    pub(super) win: ffi::MPI_Win,
    pub(super) disp: &'a [ffi::MPI_Aint],
    pub(super) local: &'a [bool],
}

// SAFETY: the window handle is used only through MPI calls, which MPI at
// `MPI_THREAD_MULTIPLE` (the only level at which a `NetPath` is made) lets any number of
// threads make at once; `disp` and `local` are immutable slices of the `Net`, which lives (in
// the runtime) for `'a`.
unsafe impl Send for NetPath<'_> {}
// SAFETY: as for `Send`: shared use is concurrent MPI calls, allowed at `MPI_THREAD_MULTIPLE`.
unsafe impl Sync for NetPath<'_> {}

impl NetPath<'_> {
    /// Whether `pe` shares this PE's node.
    #[inline]
    pub(crate) fn is_local(&self, pe: usize) -> bool {
        self.local[pe]
    }

    fn disp(&self, pe: usize, offset: usize) -> ffi::MPI_Aint {
        self.disp[pe] + offset as ffi::MPI_Aint
    }

    /// Stores `n` words `W` from `src` (elements `src[k * src_stride]`) to words
    /// `k * dst_stride` at `offset` on `pe`, each an `MPI_Accumulate` with
    /// `MPI_REPLACE` (one call per run of contiguous words); complete at the target on return.
    ///
    /// # Safety
    /// `src` is readable at `k * src_stride` for `k < n`; the target words are inside `pe`'s
    /// partition (checked by the caller).
    pub(crate) unsafe fn put<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        dst_stride: usize,
        src: *const W,
        src_stride: usize,
        n: usize,
    ) {
        let t = word_type(size_of::<W>());
        self.runs(n, dst_stride, src_stride, |k, len| {
            // SAFETY: `src + k * src_stride` holds `len` readable words when the run is
            // contiguous on both sides (`runs`), 1 otherwise (caller); the target words are in
            // `pe`'s partition (caller); the window is in its `lock_all` epoch;
            // `shmem_mpi_replace` is a predefined handle. The flush below completes the
            // operation before `src` is released.
            unsafe {
                ffi::MPI_Accumulate(
                    src.add(k * src_stride).cast::<c_void>(),
                    len,
                    t,
                    pe as c_int,
                    self.disp(pe, offset + k * dst_stride * size_of::<W>()),
                    len,
                    t,
                    shmem_mpi_replace,
                    self.win,
                )
            };
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// Loads `n` words at `offset` (words `k * src_stride`) on `pe` into `dst[k * dst_stride]`,
    /// each run an `MPI_Get_accumulate` with `MPI_NO_OP`; complete on return.
    ///
    /// # Safety
    /// `dst` is writable at `k * dst_stride` for `k < n` and not accessed otherwise meanwhile;
    /// the source words are inside `pe`'s partition (checked by the caller).
    pub(crate) unsafe fn get<W: Word>(
        &self,
        pe: usize,
        offset: usize,
        src_stride: usize,
        dst: *mut W,
        dst_stride: usize,
        n: usize,
    ) {
        let t = word_type(size_of::<W>());
        self.runs(n, src_stride, dst_stride, |k, len| {
            // SAFETY: `dst + k * dst_stride` holds `len` writable words (as in `put`); with
            // `MPI_NO_OP` the origin buffer is not read (it is given `dst` for its shape); the
            // flush below completes the operation before `dst` is read.
            unsafe {
                ffi::MPI_Get_accumulate(
                    dst.add(k * dst_stride).cast::<c_void>(),
                    len,
                    t,
                    dst.add(k * dst_stride).cast::<c_void>(),
                    len,
                    t,
                    pe as c_int,
                    self.disp(pe, offset + k * src_stride * size_of::<W>()),
                    len,
                    t,
                    shmem_mpi_no_op,
                    self.win,
                )
            };
        });
        // SAFETY: a live window in an epoch; `pe` is a rank of it.
        unsafe { ffi::MPI_Win_flush(pe as c_int, self.win) };
    }

    /// Calls `op(k, len)` for runs of `len` elements starting at element `k` of `n`: all of
    /// them at once (in `int`-sized pieces) when both strides are 1, one by one otherwise.
    fn runs(&self, n: usize, a_stride: usize, b_stride: usize, mut op: impl FnMut(usize, c_int)) {
        if a_stride == 1 && b_stride == 1 {
            let mut k = 0;
            while k < n {
                let len = (n - k).min(i32::MAX as usize);
                op(k, len as c_int);
                k += len;
            }
        } else {
            for k in 0..n {
                op(k, 1);
            }
        }
    }

    /// An atomic operation on the word at `offset` on `pe` (as [`Net::amo`]); complete on
    /// return.
    pub(crate) fn amo<W: AmoWord>(&self, pe: usize, offset: usize, op: AmoOp<W>) -> W {
        // SAFETY: the target word is inside `pe`'s partition (caller).
        unsafe { amo(self.win, pe, self.disp(pe, offset), op) }
    }

    /// Completes every operation of this process to every rank (`MPI_Win_flush_all`): each
    /// of this path's operations already is, so this completes the handle thread's too, which
    /// `quiet` may.
    pub(crate) fn quiet(&self) {
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_flush_all(self.win) };
    }

    /// `MPI_Win_sync`: what a waiter calls between checks.
    pub(crate) fn sync(&self) {
        // SAFETY: a live window in an epoch.
        unsafe { ffi::MPI_Win_sync(self.win) };
    }

    /// What a waiter (or a failed test) calls between checks: `MPI_Win_sync`, and every 64th
    /// time on this thread an `MPI_Iprobe`, which lets MPI progress operations that need this PE
    /// (as `Net::progress`): Open MPI's `osc ucx` over TCP emulates another node's atomic on
    /// this PE's memory with messages that only this PE's progress answers, and a waiter that
    /// only synchronized left that atomic spinning for ever (`tests/c_abi`'s `p2p` at
    /// `SHMEM_THREAD_MULTIPLE` across two hosts: PE 0 in `shmem_int_wait_until_all`, PE 1 in
    /// the `MPI_Fetch_and_op` of its `shmem_int_atomic_set` to PE 0).
    pub(crate) fn progress(&self) {
        thread_local! {
            /// This thread's checks.
            static POLLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
        }
        self.sync();
        let n = POLLS.get().wrapping_add(1);
        POLLS.set(n);
        if n.is_multiple_of(64) {
            // SAFETY: the world communicator, which any thread may use at
            // `MPI_THREAD_MULTIPLE` (the only level of a `NetPath`).
            unsafe { super::rma::probe(ffi::RSMPI_COMM_WORLD) };
        }
    }
}

/// `MPI_Fetch_and_op` of one word `v` with `op` at `disp` on rank `pe`, flushed: the old
/// value. What [`Net`] and [`NetPath`] both do for atomics and single-word loads.
///
/// # Safety
/// `win` is a live window in its `lock_all` epoch and `disp` addresses a whole word `W`
/// inside `pe`'s exposed memory.
pub(super) unsafe fn fetch_and_op<W: Word>(
    win: ffi::MPI_Win,
    pe: usize,
    disp: ffi::MPI_Aint,
    v: W,
    op: ffi::MPI_Op,
) -> W {
    let mut old = W::zeroed();
    // SAFETY: `v` and `old` are one local word each; the target word is valid (caller); the
    // flush completes the operation before `old` is read.
    unsafe {
        ffi::MPI_Fetch_and_op(
            (&raw const v).cast::<c_void>(),
            (&raw mut old).cast::<c_void>(),
            word_type(size_of::<W>()),
            pe as c_int,
            disp,
            op,
            win,
        );
        ffi::MPI_Win_flush(pe as c_int, win);
    }
    old
}

/// One [`AmoOp`] through MPI (`MPI_Fetch_and_op` with the matching operation, or
/// `MPI_Compare_and_swap`), flushed: the old value.
///
/// # Safety
/// As for [`fetch_and_op`].
pub(super) unsafe fn amo<W: AmoWord>(
    win: ffi::MPI_Win,
    pe: usize,
    disp: ffi::MPI_Aint,
    op: AmoOp<W>,
) -> W {
    if let Some((v, handle)) = fetch_op(op) {
        // SAFETY: as this function's contract.
        return unsafe { fetch_and_op(win, pe, disp, v, handle) };
    }
    let AmoOp::CompareSwap { cond, new } = op else {
        unreachable!("fetch_op maps every other operation");
    };
    let mut old = W::zeroed();
    // SAFETY: `new`, `cond` and `old` are local words, untouched until the flush completes the
    // swap before `old` is read; the target word is valid (caller).
    unsafe {
        compare_and_swap(win, pe, disp, &raw const new, &raw const cond, &raw mut old);
        ffi::MPI_Win_flush(pe as c_int, win);
    }
    old
}

/// Starts `MPI_Compare_and_swap` of one word (`new` where the word equals `cond`); the old
/// value is in `old` once a flush of `pe` has completed it.
///
/// # Safety
/// `new` and `cond` must be readable and `old` writable for one `W`, all three untouched
/// until that flush; the target word is valid (as for [`fetch_and_op`]).
pub(super) unsafe fn compare_and_swap<W: Word>(
    win: ffi::MPI_Win,
    pe: usize,
    disp: ffi::MPI_Aint,
    new: *const W,
    cond: *const W,
    old: *mut W,
) {
    // SAFETY: as this function's contract.
    unsafe {
        ffi::MPI_Compare_and_swap(
            new.cast::<c_void>(),
            cond.cast::<c_void>(),
            old.cast::<c_void>(),
            word_type(size_of::<W>()),
            pe as c_int,
            disp,
            win,
        );
    }
}

/// The operand and MPI operation of `MPI_Fetch_and_op` that does `op`; `None` for a
/// compare-and-swap (`MPI_Compare_and_swap`).
pub(super) fn fetch_op<W: AmoWord>(op: AmoOp<W>) -> Option<(W, ffi::MPI_Op)> {
    // SAFETY: predefined operation handles (constants from `MPI_Init` on), read once.
    unsafe {
        Some(match op {
            AmoOp::Fetch => (W::zeroed(), shmem_mpi_no_op),
            AmoOp::Set(v) | AmoOp::Swap(v) => (v, shmem_mpi_replace),
            AmoOp::FetchAdd(v) => (v, ffi::RSMPI_SUM),
            AmoOp::FetchAnd(v) => (v, ffi::RSMPI_BAND),
            AmoOp::FetchOr(v) => (v, ffi::RSMPI_BOR),
            AmoOp::FetchXor(v) => (v, ffi::RSMPI_BXOR),
            AmoOp::CompareSwap { .. } => return None,
        })
    }
}
