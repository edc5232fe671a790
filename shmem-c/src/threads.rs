//! The one-sided calls at `SHMEM_THREAD_MULTIPLE`: RMA, AMOs, signals, waits and tests,
//! fence and quiet, from any number of threads at once, with no lock.
//!
//! They move bytes through [`State::path`], a `ThreadPath`, never through the runtime's
//! transport (which is `!Sync`; `crate::state` has the whole design). A `ThreadPath` touches
//! segment bytes only with atomic accesses of one word size, so that threads racing on the
//! same bytes race only in the way Rust's memory model defines; which size is the call's
//! element size:
//!
//! * `shmem_putmem`/`getmem` and the other byte forms: 1 byte;
//! * a typed or sized call: its element's size (2, 4, 8 bytes); 16-byte elements (`long
//!   double`, `put128`) as two 8-byte words;
//! * AMOs, signals, `p`/`g`, waits and tests: the word's own size.
//!
//! That is the C caller's part at `MULTIPLE` (crate docs): while a call runs, the threads of
//! this PE reach the bytes it names only through one-sided calls of the same element size
//! (what OpenSHMEM leaves undefined otherwise: a collective, or the program's own loads and
//! stores, on bytes that another thread's put is writing). Bulk transfers then move word by
//! word (a byte at a time for `putmem`), which is the price of threads; the `SERIALIZED`
//! library keeps its vector copies.
//!
//! Every operation is complete when it returns (the `_nbi` forms too): `fence` and `quiet`
//! are the `ThreadPath`'s (a release or SeqCst fence; under MPI across nodes, a flush).

use std::borrow::Cow;
use std::ffi::c_void;

use bytemuck::Zeroable;

use shmem_core::threads::ThreadPath;
use shmem_core::transport::{AmoOp, AmoWord, Word};
use shmem_core::wait::WaitSite;

use crate::state::{Local, fail};

/// Runs `$body` with `$w` the word type of `$elem`-byte elements (16-byte elements as 8-byte
/// words).
macro_rules! with_word {
    ($elem:expr, $w:ident => $body:expr) => {
        match $elem {
            1 => {
                type $w = u8;
                $body
            }
            2 => {
                type $w = u16;
                $body
            }
            4 => {
                type $w = u32;
                $body
            }
            _ => {
                type $w = u64;
                $body
            }
        }
    };
}

/// Ends the job unless symmetric offset `off` is aligned to `width` (partitions and the
/// globals' spans start on pages, so this is the alignment of the address in every
/// partition, which `ThreadPath` asserts).
fn aligned(call: &str, what: &str, off: usize, width: usize) {
    if !off.is_multiple_of(width) {
        misaligned(call, what, width);
    }
}

#[cold]
#[inline(never)]
fn misaligned(call: &str, what: &str, width: usize) -> ! {
    fail(
        call,
        format_args!(
            "{what} is not aligned to {width} bytes (its elements' size), which \
             SHMEM_THREAD_MULTIPLE requires"
        ),
    )
}

/// The width of the words that move `elem`-byte elements.
fn width(elem: usize) -> usize {
    elem.min(8)
}

/// `bytes` as words `W`: borrowed when aligned, else copied.
fn words_of<W: Word>(bytes: &[u8]) -> Cow<'_, [W]> {
    match bytemuck::try_cast_slice::<u8, W>(bytes) {
        Ok(w) => Cow::Borrowed(w),
        Err(_) => {
            let mut v = vec![W::zeroed(); bytes.len() / size_of::<W>()];
            bytemuck::cast_slice_mut::<W, u8>(&mut v).copy_from_slice(bytes);
            Cow::Owned(v)
        }
    }
}

/// Words [`copy_w`] moves per step, through a buffer on the stack (512 bytes of `u64`).
const COPY_STEP: usize = 64;

/// Copies `bytes` bytes from `src_pe`'s `src_off` to `dst_pe`'s `dst_off` in words `W`,
/// [`COPY_STEP`] words at a time through the stack (no allocation: a symmetric source is the
/// usual case of a small put, `bench.c`'s included).
///
/// # Safety
/// The C caller's contract at `MULTIPLE` (module docs) for both ranges; both are inside
/// their partitions (`State::sym`/`State::local`) and aligned to `W`.
unsafe fn copy_w<W: Word>(
    path: ThreadPath<'_>,
    dst_pe: usize,
    dst_off: usize,
    src_pe: usize,
    src_off: usize,
    bytes: usize,
) {
    let mut buf = [W::zeroed(); COPY_STEP];
    let n = bytes / size_of::<W>();
    // Within one partition with the target above the source, the chunks go from the last
    // to the first (each is read whole before it is written), so that an overlapping copy
    // is `memmove`'s, as on the main path (`copy::within_segment`).
    let backward = dst_pe == src_pe && dst_off > src_off;
    let chunks = n.div_ceil(COPY_STEP);
    for c in 0..chunks {
        let i = if backward { chunks - 1 - c } else { c };
        let done = i * COPY_STEP;
        let k = (n - done).min(COPY_STEP);
        let at = done * size_of::<W>();
        // SAFETY: forwarded contract, for words `done..done + k` of both ranges.
        unsafe {
            path.get(src_pe, src_off + at, &mut buf[..k]);
            path.put(dst_pe, dst_off + at, &buf[..k]);
        }
    }
}

/// `put`: `bytes` bytes of `elem`-byte elements from the local buffer at `src` (`local`,
/// what `State::local` found) to `off` on `pe`.
///
/// # Safety
/// `src` is valid for reading `bytes` bytes (crate contract); `pe` is a PE of the job and
/// `off..off + bytes` lies in its partition (`State::pe`, `State::sym`).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn put(
    path: ThreadPath<'_>,
    call: &str,
    pe: usize,
    off: usize,
    local: Local,
    src: *const c_void,
    bytes: usize,
    elem: usize,
) {
    aligned(call, "dest", off, width(elem));
    with_word!(width(elem), W => match local {
        Local::Sym(sp, so) => {
            aligned(call, "source", so, width(elem));
            // SAFETY: the C caller's contract at `MULTIPLE` (module docs); both ranges are
            // inside their partitions (`State::sym`, `State::local`) and aligned to `W`
            // (checked).
            unsafe { copy_w::<W>(path, pe, off, sp, so, bytes) }
        }
        Local::Plain => {
            // SAFETY: `src` is ordinary process memory valid for `bytes` bytes and not
            // written during the call (caller), not symmetric memory (checked).
            let src = unsafe { std::slice::from_raw_parts(src.cast::<u8>(), bytes) };
            // SAFETY: the C caller's contract at `MULTIPLE` (module docs) for the target,
            // inside `pe`'s partition (`State::sym`) and aligned to `W` (checked).
            unsafe { path.put(pe, off, &words_of::<W>(src)) }
        }
    })
}

/// `get`: `bytes` bytes of `elem`-byte elements from `off` on `pe` to the local buffer at
/// `dest` (`local`, what `State::local` found).
///
/// # Safety
/// `dest` is valid for writing `bytes` bytes (crate contract); `pe` is a PE of the job and
/// `off..off + bytes` lies in its partition (`State::pe`, `State::sym`).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn get(
    path: ThreadPath<'_>,
    call: &str,
    pe: usize,
    off: usize,
    local: Local,
    dest: *mut c_void,
    bytes: usize,
    elem: usize,
) {
    aligned(call, "source", off, width(elem));
    with_word!(width(elem), W => match local {
        Local::Sym(dp, doff) => {
            aligned(call, "dest", doff, width(elem));
            // SAFETY: as in `put`, with the roles swapped.
            unsafe { copy_w::<W>(path, dp, doff, pe, off, bytes) }
        }
        Local::Plain => {
            // SAFETY: `dest` is ordinary process memory valid for writing `bytes` bytes and
            // accessed by nothing else during the call (caller), not symmetric memory
            // (checked).
            let dest = unsafe { std::slice::from_raw_parts_mut(dest.cast::<u8>(), bytes) };
            match bytemuck::try_cast_slice_mut::<u8, W>(dest) {
                // SAFETY: the C caller's contract at `MULTIPLE` (module docs) for the source,
                // inside `pe`'s partition (`State::sym`) and aligned to `W` (checked).
                Ok(w) => unsafe { path.get(pe, off, w) },
                Err(_) => {
                    let mut v = vec![W::zeroed(); bytes / size_of::<W>()];
                    // SAFETY: as above.
                    unsafe { path.get(pe, off, &mut v) };
                    dest.copy_from_slice(bytemuck::cast_slice(&v));
                }
            }
        }
    })
}

/// One strided transfer's layout: `n` elements of `elem` bytes, every `tst` elements on the
/// target side and every `sst` on the source side.
#[derive(Clone, Copy)]
pub(crate) struct Strided {
    pub(crate) tst: usize,
    pub(crate) sst: usize,
    pub(crate) elem: usize,
    pub(crate) n: usize,
}

/// `iput`: element `i * sst` of the local buffer at `src` (`local`, spanning `sspan` bytes)
/// to element `i * tst` from `off` on `pe`.
///
/// # Safety
/// `src` is valid for reading `sspan` bytes (crate contract); `pe` is a PE of the job and the
/// target span lies in its partition (`State::pe`, `State::sym`).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn iput(
    path: ThreadPath<'_>,
    call: &str,
    pe: usize,
    off: usize,
    local: Local,
    src: *const c_void,
    sspan: usize,
    st: Strided,
) {
    let Strided { tst, sst, elem, n } = st;
    aligned(call, "dest", off, width(elem));
    with_word!(width(elem), W => {
        let k = elem / size_of::<W>();
        match local {
            Local::Sym(sp, so) => {
                aligned(call, "source", so, width(elem));
                for i in 0..n {
                    // SAFETY: the C caller's contract at `MULTIPLE` (module docs); element
                    // `i` of each strided span is inside its partition (`State::sym`,
                    // `State::local` checked the spans) and aligned to `W` (checked).
                    unsafe {
                        copy_w::<W>(path, pe, off + i * tst * elem, sp, so + i * sst * elem, elem)
                    }
                }
            }
            Local::Plain => {
                // SAFETY: `src` is ordinary process memory valid for its strided span,
                // `sspan` bytes, not written during the call (caller), not symmetric memory
                // (checked).
                let src = unsafe { std::slice::from_raw_parts(src.cast::<u8>(), sspan) };
                // Only the elements are read: the span between them may be any length.
                match bytemuck::try_cast_slice::<u8, W>(src) {
                    // SAFETY: the C caller's contract at `MULTIPLE` (module docs) for the
                    // target span, inside `pe`'s partition (`State::sym`) and aligned to `W`
                    // (checked); `words` holds the source span.
                    Ok(words) if k == 1 => unsafe { path.iput(pe, off, tst, words, sst, n) },
                    _ => {
                        let mut buf = vec![W::zeroed(); k];
                        for i in 0..n {
                            let at = i * sst * elem;
                            bytemuck::cast_slice_mut::<W, u8>(&mut buf)
                                .copy_from_slice(&src[at..at + elem]);
                            // SAFETY: as above, for element `i`.
                            unsafe { path.put(pe, off + i * tst * elem, &buf) }
                        }
                    }
                }
            }
        }
    })
}

/// `iget`: element `i * sst` from `off` on `pe` to element `i * tst` of the local buffer at
/// `dest` (`local`, spanning `dspan` bytes).
///
/// # Safety
/// `dest` is valid for writing `dspan` bytes (crate contract); `pe` is a PE of the job and
/// the source span lies in its partition (`State::pe`, `State::sym`).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn iget(
    path: ThreadPath<'_>,
    call: &str,
    pe: usize,
    off: usize,
    local: Local,
    dest: *mut c_void,
    dspan: usize,
    st: Strided,
) {
    let Strided { tst, sst, elem, n } = st;
    aligned(call, "source", off, width(elem));
    with_word!(width(elem), W => {
        let k = elem / size_of::<W>();
        match local {
            Local::Sym(dp, doff) => {
                aligned(call, "dest", doff, width(elem));
                for i in 0..n {
                    // SAFETY: as in `iput`, with the roles swapped.
                    unsafe {
                        copy_w::<W>(path, dp, doff + i * tst * elem, pe, off + i * sst * elem, elem)
                    }
                }
            }
            Local::Plain => {
                // SAFETY: `dest` is ordinary process memory valid for writing `dspan` bytes,
                // accessed by nothing else during the call (caller), not symmetric memory
                // (checked). Only the elements are written (and nothing is read): the span
                // between them may be any length.
                let dest = unsafe { std::slice::from_raw_parts_mut(dest.cast::<u8>(), dspan) };
                match bytemuck::try_cast_slice_mut::<u8, W>(dest) {
                    // SAFETY: the C caller's contract at `MULTIPLE` (module docs) for the
                    // source span, inside `pe`'s partition (`State::sym`) and aligned to `W`
                    // (checked); `words` holds the destination span.
                    Ok(words) if k == 1 => unsafe { path.iget(pe, off, sst, words, tst, n) },
                    _ => {
                        let mut buf = vec![W::zeroed(); k];
                        for i in 0..n {
                            // SAFETY: the C caller's contract at `MULTIPLE` (module docs) for
                            // element `i` of the source span, inside `pe`'s partition
                            // (`State::sym`) and aligned to `W` (checked).
                            unsafe { path.get(pe, off + i * sst * elem, &mut buf) }
                            let at = i * tst * elem;
                            dest[at..at + elem].copy_from_slice(bytemuck::cast_slice(&buf));
                        }
                    }
                }
            }
        }
    })
}

/// `p`: stores the word `v` at `off` on `pe`.
///
/// # Safety
/// `pe` is a PE of the job, the word lies in its partition and is aligned
/// (`State::sym_word`).
#[inline]
pub(crate) unsafe fn put_word<W: Word>(path: ThreadPath<'_>, pe: usize, off: usize, v: W) {
    // SAFETY: the C caller's contract at `MULTIPLE` (module docs); in bounds and aligned
    // (caller).
    unsafe { path.put(pe, off, &[v]) }
}

/// `g`: loads the word at `off` on `pe`.
///
/// # Safety
/// As [`put_word`].
#[inline]
pub(crate) unsafe fn get_word<W: Word>(path: ThreadPath<'_>, pe: usize, off: usize) -> W {
    let mut v = [W::zeroed()];
    // SAFETY: the C caller's contract at `MULTIPLE` (module docs); in bounds and aligned
    // (caller).
    unsafe { path.get(pe, off, &mut v) };
    v[0]
}

/// An AMO on the word at `off` on `pe`; the previous value.
///
/// # Safety
/// As [`put_word`].
#[inline]
pub(crate) unsafe fn amo<W: AmoWord>(
    path: ThreadPath<'_>,
    pe: usize,
    off: usize,
    op: AmoOp<W>,
) -> W {
    // SAFETY: the C caller's contract at `MULTIPLE` (module docs); in bounds and aligned
    // (caller).
    unsafe { path.amo(pe, off, op) }
}

/// Waits until `cond` holds for this PE's word at `off`; the value that satisfied it.
///
/// # Safety
/// As [`put_word`], for this PE's word.
pub(crate) unsafe fn wait_until<W: Word>(
    path: ThreadPath<'_>,
    off: usize,
    cond: impl FnMut(W) -> bool,
) -> W {
    // SAFETY: the C caller's contract at `MULTIPLE` (module docs); in bounds and aligned
    // (caller).
    unsafe { path.wait_until(off, cond) }
}

/// Waits until `cond` holds; `cond` reads its words with [`get_word`].
pub(crate) fn wait_for(path: ThreadPath<'_>, site: WaitSite, cond: impl FnMut() -> bool) {
    path.wait_for(site, cond);
}
