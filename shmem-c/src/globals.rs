//! Symmetric C globals: the program's writable data and bss live in its PE's partition.
//!
//! OpenSHMEM makes every global and static variable of the program symmetric (`static long
//! pSync[...]`, `long lock = 0;`). At `shmem_init`:
//!
//! 1. [`find`]: `dl_iterate_phdr` gives the executable's writable `PT_LOAD` segments (its
//!    `.data`, `.bss` and whatever the linker put with them); the pages that `PT_GNU_RELRO`
//!    makes read-only after relocation are left out. Each span is page aligned.
//! 2. Each span becomes one symmetric static of the runtime (`StaticDesc`, page aligned, with
//!    the span's current bytes as its initial value and the span's link-time address and size
//!    in its id): `Runtime::init` places it in every partition at the same offset and compares
//!    the layout hash across PEs, so PEs running programs with different data layouts get
//!    `StaticsMismatch`, never silent corruption.
//! 3. [`adopt`]: the partition's copy of the span is mapped over the program's own pages with
//!    `mremap(old, 0, len, MREMAP_MAYMOVE | MREMAP_FIXED, span)` (a second mapping of the same
//!    shared pages: the segment is a `MAP_SHARED` memfd mapping). From then on the variables
//!    physically live in the segment: a local access is a plain load or store, and a remote
//!    PE reaches them at `(span offset + (address - span start), PE)`. Bytes that changed in
//!    the program's pages while the runtime initialized (nothing of the program runs then;
//!    the C library may) are carried over before the mapping is replaced.
//!
//! Limits: only the executable's own data (not that of shared libraries it loads); threads of
//! the program must not write globals while `shmem_init` runs; the span must fit in the
//! partition (`SHMEM_SYMMETRIC_SIZE`); the pages are shared, so a child forked without exec
//! shares the parent's globals instead of getting a copy.

use std::cell::Cell;
use std::ffi::c_void;

use shmem_core::transport::Transport;
use shmem_core::{Runtime, StaticDesc};

use crate::state::within;

/// One writable span of the executable: live addresses `lo..hi` (page aligned) and the
/// link-time address of `lo` (the same in every PE of one program).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    lo: usize,
    hi: usize,
    link: usize,
}

/// The spans once adopted: where each lives in the partition.
#[derive(Debug)]
pub(crate) struct Globals {
    /// (live start, live end, symmetric offset).
    spans: Vec<(usize, usize, usize)>,
    /// The first span, as (live start, length, symmetric offset; the length at most half the
    /// address space, as `within` needs: it is in a partition), kept by value so that the
    /// usual program (one writable segment) finds its globals without a loop (an atomic on a
    /// global `long` is the common case). Without spans, `NO_SPAN`. A `Cell`: emptied and
    /// restored below `SHMEM_THREAD_MULTIPLE` by finalize and a later init
    /// ([`Globals::no_fast_path`], [`Globals::fast_path`]), when no other call runs.
    first: Cell<(usize, usize, usize)>,
}

/// `Globals::first` when there are no spans: no range of at least one byte is inside it.
const NO_SPAN: (usize, usize, usize) = (usize::MAX, 0, 0);

impl Default for Globals {
    fn default() -> Globals {
        Globals {
            spans: Vec::new(),
            first: Cell::new(NO_SPAN),
        }
    }
}

impl Globals {
    /// Symmetric offset of the `len` bytes at live address `a`, if they lie inside one span
    /// (`a >= lo && a + len <= hi`, computed by `within`).
    #[inline(always)]
    pub(crate) fn offset(&self, a: usize, len: usize) -> Option<usize> {
        match self.spans.first() {
            Some(&(lo, hi, off)) => match within(a, len, lo, hi - lo) {
                Some(o) => Some(off + o),
                None => self.offset_rest(a, len),
            },
            None => None,
        }
    }

    /// [`Globals::offset`] in the first span only, for `len` of at least 1 (`State::sym_fast`:
    /// its callers return earlier for 0 bytes): no test whether there is a span, since
    /// `NO_SPAN` holds no such range. Finds nothing after [`Globals::no_fast_path`].
    #[inline(always)]
    pub(crate) fn first_offset(&self, a: usize, len: usize) -> Option<usize> {
        debug_assert!(len > 0);
        let (lo, size, off) = self.first.get();
        within(a, len, lo, size).map(|o| off + o)
    }

    /// The first span as `(live start, length, symmetric offset)` (`NO_SPAN` when none, or
    /// after [`Globals::no_fast_path`]).
    pub(crate) fn first_span(&self) -> (usize, usize, usize) {
        self.first.get()
    }

    /// Makes [`Globals::first_offset`] find nothing (`SHMEM_THREAD_MULTIPLE`: no call takes a
    /// hot path; after `shmem_finalize`: every call takes the path that says so);
    /// [`Globals::offset`] still finds every span.
    pub(crate) fn no_fast_path(&self) {
        self.first.set(NO_SPAN);
    }

    /// Undoes [`Globals::no_fast_path`] (an initialization after the last finalize, below
    /// `SHMEM_THREAD_MULTIPLE`).
    pub(crate) fn fast_path(&self) {
        if let Some(&(lo, hi, off)) = self.spans.first() {
            self.first.set((lo, hi - lo, off));
        }
    }

    /// [`Globals::offset`] in the spans after the first.
    #[inline(never)]
    fn offset_rest(&self, a: usize, len: usize) -> Option<usize> {
        self.spans
            .iter()
            .skip(1)
            .find_map(|&(lo, hi, off)| within(a, len, lo, hi - lo).map(|o| off + o))
    }

    /// `None` if `a..end` touches no span; `Some(Some(off))` inside one; `Some(None)` when it
    /// straddles a span's edge.
    pub(crate) fn overlap(&self, a: usize, end: usize) -> Option<Option<usize>> {
        let hit = self.spans.iter().find(|&&(lo, hi, _)| a < hi && end > lo)?;
        Some(if a >= hit.0 && end <= hit.1 {
            Some(hit.2 + (a - hit.0))
        } else {
            None
        })
    }

    /// End (symmetric offset) of the span that holds offset `off`.
    pub(crate) fn span_end(&self, off: usize) -> Option<usize> {
        self.spans
            .iter()
            .find(|&&(lo, hi, o)| off >= o && off < o + (hi - lo))
            .map(|&(lo, hi, o)| o + (hi - lo))
    }

    /// Live address of symmetric offset `off`, if it is in a span.
    pub(crate) fn address(&self, off: usize) -> Option<usize> {
        self.spans
            .iter()
            .find(|&&(lo, hi, o)| off >= o && off < o + (hi - lo))
            .map(|&(lo, _, o)| lo + (off - o))
    }
}

fn page() -> usize {
    // SAFETY: `sysconf` reads a constant of the system; no memory is involved.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(p).ok().filter(|&p| p > 0).unwrap_or(4096)
}

/// The executable's writable spans (`dl_iterate_phdr`, first object: the program itself).
pub(crate) fn find() -> Result<Vec<Span>, String> {
    struct Found {
        spans: Vec<Span>,
        seen: bool,
    }
    unsafe extern "C" fn each(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut c_void,
    ) -> libc::c_int {
        // SAFETY: `data` is the `&mut Found` passed to `dl_iterate_phdr` below, used by this
        // callback only, while that call runs.
        let found = unsafe { &mut *data.cast::<Found>() };
        if found.seen {
            return 1;
        }
        found.seen = true;
        // SAFETY: the loader passes a valid `dl_phdr_info` for the duration of the callback;
        // `dlpi_phdr` points to `dlpi_phnum` program headers of a loaded object.
        let (bias, phdrs) = unsafe {
            let info = &*info;
            (
                info.dlpi_addr as usize,
                std::slice::from_raw_parts(info.dlpi_phdr, usize::from(info.dlpi_phnum)),
            )
        };
        let page = page();
        let relro_end = phdrs
            .iter()
            .filter(|p| p.p_type == libc::PT_GNU_RELRO)
            .map(|p| (p.p_vaddr + p.p_memsz) as usize & !(page - 1))
            .max()
            .unwrap_or(0);
        for p in phdrs {
            if p.p_type != libc::PT_LOAD || p.p_flags & libc::PF_W == 0 || p.p_memsz == 0 {
                continue;
            }
            let start = (p.p_vaddr as usize & !(page - 1)).max(relro_end);
            let end = (p.p_vaddr + p.p_memsz) as usize;
            let end = end.next_multiple_of(page);
            if start < end {
                found.spans.push(Span {
                    lo: bias + start,
                    hi: bias + end,
                    link: start,
                });
            }
        }
        1
    }
    let mut found = Found {
        spans: Vec::new(),
        seen: false,
    };
    // SAFETY: `each` matches the callback type and only uses `data` as `&mut Found`, which
    // outlives the call.
    unsafe { libc::dl_iterate_phdr(Some(each), (&raw mut found).cast()) };
    if !found.seen {
        return Err("dl_iterate_phdr found no program headers".into());
    }
    Ok(found.spans)
}

/// A copy of each span's current bytes.
pub(crate) fn snapshot(spans: &[Span]) -> Vec<Vec<u8>> {
    spans
        .iter()
        // SAFETY: a span is a page-rounded part of a writable `PT_LOAD` segment of the
        // program, mapped readable and writable for the life of the process; the program's
        // threads do not write it while `shmem_init` runs (the C caller's contract), so it is
        // not modified during the read.
        .map(|s| unsafe { std::slice::from_raw_parts(s.lo as *const u8, s.hi - s.lo) }.to_vec())
        .collect()
}

/// The runtime's description of the spans (ids carry the link-time address and size).
pub(crate) fn descs<'a>(spans: &[Span], snapshot: &'a [Vec<u8>]) -> Vec<StaticDesc<'a>> {
    let page = page();
    spans
        .iter()
        .zip(snapshot)
        .map(|(s, bytes)| StaticDesc {
            id: Box::leak(
                format!(
                    "shmem-c: program data at link address {:#x}, {} bytes",
                    s.link,
                    s.hi - s.lo
                )
                .into_boxed_str(),
            ),
            size: bytes.len(),
            align: page,
            init: bytes,
        })
        .collect()
}

/// Maps each span's partition copy over the program's pages (module docs).
pub(crate) fn adopt(
    rt: &Runtime,
    spans: &[Span],
    snapshot: &[Vec<u8>],
    offsets: &[usize],
) -> Result<Globals, String> {
    let t = rt.transport();
    let me = rt.my_pe();
    let mut globals = Globals::default();
    for ((s, before), &off) in spans.iter().zip(snapshot).zip(offsets) {
        let len = s.hi - s.lo;
        let copy = rt.segment().partition_ptr(me, off, len);
        if !(copy as usize).is_multiple_of(page()) {
            return Err(format!(
                "the program's data copy at {copy:p} is not page aligned"
            ));
        }
        // Carry over bytes the process changed since the snapshot.
        // SAFETY: as in `snapshot`: the span is mapped and not written while we read it.
        let now = unsafe { std::slice::from_raw_parts(s.lo as *const u8, len) };
        let mut i = 0;
        while i < len {
            if now[i] == before[i] {
                i += 1;
                continue;
            }
            let j = (i..len).find(|&j| now[j] == before[j]).unwrap_or(len);
            t.put(me, off + i, &now[i..j]);
            i = j;
        }
        // SAFETY: `copy` is `len` bytes of this PE's partition, page aligned, in the
        // segment's `MAP_SHARED` mapping, which stays mapped (the runtime is never dropped);
        // `s.lo..s.hi` are page-aligned pages of the program's data, which no Rust reference
        // points into (the slices above are dead). With `old_size` 0, `mremap` makes a second
        // mapping of the same shared pages and puts it at `s.lo` in place of the program's
        // pages, holding the same bytes (the copy was made from them), so the program sees
        // its variables unchanged. The system call itself, not libc's `mremap`: UCX's memory
        // hooks (MPICH's `ch4:ucx`, Open MPI's `pml ucx`) take over `mremap` in the process and
        // fail one with `old_size` 0 (`ENOMEM`), so every C program died in `shmem_init`
        // under Debian's MPICH (`UCX_MEM_EVENTS=no` made it pass); they leave `syscall` alone.
        let r = unsafe {
            libc::syscall(
                libc::SYS_mremap,
                copy.cast::<c_void>(),
                0usize,
                len,
                libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                s.lo as *mut c_void,
            )
        };
        if r == -1 || r as usize != s.lo {
            return Err(format!(
                "placing the program's global data ({len} bytes at {:#x}) in symmetric memory \
                 failed (mremap: {})",
                s.lo,
                std::io::Error::last_os_error()
            ));
        }
        globals.spans.push((s.lo, s.hi, off));
    }
    globals.fast_path();
    Ok(globals)
}
