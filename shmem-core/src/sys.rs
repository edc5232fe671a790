//! Every system call the runtime makes, behind typed wrappers.
//!
//! Nothing outside this module talks to libc, rustix or nix directly (the launcher's `unsafe`
//! primitives in `supervise.rs` excepted, which are all about processes and signals). Each
//! wrapper's first doc line names the C call it wraps.

use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::sync::atomic::AtomicU32;
use std::time::Duration;

use rustix::fs::{self as rfs, MemfdFlags, Mode};
use rustix::thread::futex;

/// `memfd_create(name, MFD_ALLOW_SEALING)`, `ftruncate`, then `fcntl(F_ADD_SEALS,
/// F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)`: an anonymous shared-memory file that never
/// appears in /dev/shm, `len` bytes long for good.
///
/// The descriptor is created *without* `MFD_CLOEXEC` so that the PEs the launcher starts
/// inherit it; its mode is then narrowed to 0600 with `fchmod`. The seals make the size
/// final (no holder of the descriptor can shrink the file under a mapping, which would turn
/// loads through references into it into bus errors) and admit no further seal; seals are
/// never removed.
pub(crate) fn memfd_create(name: &str, len: u64) -> io::Result<OwnedFd> {
    let fd = rfs::memfd_create(name, MemfdFlags::ALLOW_SEALING)?;
    rfs::fchmod(&fd, Mode::from_raw_mode(0o600))?;
    rfs::ftruncate(&fd, len)?;
    rfs::fcntl_add_seals(&fd, SEGMENT_SEALS)?;
    Ok(fd)
}

/// The seals of a segment's memfd ([`memfd_create`]).
pub(crate) const SEGMENT_SEALS: rfs::SealFlags = rfs::SealFlags::SHRINK
    .union(rfs::SealFlags::GROW)
    .union(rfs::SealFlags::SEAL);

/// What `fstat` says about a segment file: the facts the attach check needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileFacts {
    /// `st_uid`.
    pub uid: u32,
    /// `st_mode & 0o7777`.
    pub mode: u32,
    /// `st_size`.
    pub size: u64,
    /// `fcntl(F_GET_SEALS)`: the file's `F_SEAL_*` bits (0 for a file that takes none).
    pub seals: u32,
}

/// `fstat(fd)` and `fcntl(fd, F_GET_SEALS)`: owner, permission bits, size and seals of the
/// segment file.
pub(crate) fn file_facts(fd: BorrowedFd<'_>) -> io::Result<FileFacts> {
    let st = rfs::fstat(fd)?;
    let seals = match rfs::fcntl_get_seals(fd) {
        Ok(s) => s.bits(),
        // A file of a file system without seals.
        Err(rustix::io::Errno::INVAL) => 0,
        Err(e) => return Err(e.into()),
    };
    Ok(FileFacts {
        uid: st.st_uid,
        mode: st.st_mode & 0o7777,
        size: st.st_size as u64,
        seals,
    })
}

/// `geteuid()`.
pub(crate) fn effective_uid() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// `getpid()`.
pub(crate) fn process_id() -> u32 {
    rustix::process::getpid().as_raw_nonzero().get() as u32
}

/// `getpgid(0)`: this process's process group id.
pub(crate) fn process_group() -> io::Result<u32> {
    Ok(rustix::process::getpgid(None)?.as_raw_nonzero().get() as u32)
}

/// `stat("/proc/<pid>/exe")` and `stat("/proc/self/exe")`: whether process `pid` runs the
/// same executable file as this process (same device and inode; the `exe` link resolves to
/// the file even if it was renamed or deleted since).
///
/// # Errors
/// When `/proc/<pid>/exe` cannot be resolved: the process does not exist, has exited (a
/// zombie has no executable), or belongs to another user.
pub(crate) fn same_executable(pid: u32) -> io::Result<bool> {
    let theirs = rfs::stat(format!("/proc/{pid}/exe"))?;
    let mine = rfs::stat("/proc/self/exe")?;
    Ok((theirs.st_dev, theirs.st_ino) == (mine.st_dev, mine.st_ino))
}

/// `fcntl(fd, F_GETFD)` then `fcntl(fd, F_SETFD, FD_CLOEXEC)`: takes ownership of the segment
/// descriptor the launcher left open in this process, so that programs this PE starts do not
/// inherit it.
pub(crate) fn adopt_inherited_fd(raw: i32) -> io::Result<OwnedFd> {
    if raw < 0 {
        return Err(io::Error::from_raw_os_error(libc_ebadf()));
    }
    // SAFETY: `raw` is non-negative and the borrow lives only for the F_GETFD probe below,
    // which fails with EBADF (and we return) if the descriptor is not open.
    let probe = unsafe { BorrowedFd::borrow_raw(raw) };
    rustix::io::fcntl_getfd(probe)?;
    // SAFETY: the descriptor is open (probe above) and was created by the launcher for this
    // process alone; nothing else in this process knows the number (it only travels in the
    // SHMEM_RUN_FD variable, read once at init), so taking ownership cannot double-close.
    let fd = unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(raw) };
    rustix::io::fcntl_setfd(&fd, rustix::io::FdFlags::CLOEXEC)?;
    Ok(fd)
}

fn libc_ebadf() -> i32 {
    rustix::io::Errno::BADF.raw_os_error()
}

/// `getrandom(buf, 0)`: a random 64-bit job token.
pub(crate) fn random_u64() -> u64 {
    let mut buf = [0u8; 8];
    let mut filled = 0;
    while filled < buf.len() {
        match rustix::rand::getrandom(&mut buf[filled..], rustix::rand::GetRandomFlags::empty()) {
            Ok(n) => filled += n,
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => {
                // Fall back on time and pid: the token guards against attaching to another
                // job's segment by mistake, not against an adversary.
                let t = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0);
                return t ^ (u64::from(std::process::id()) << 32);
            }
        }
    }
    u64::from_ne_bytes(buf)
}

/// `futex(uaddr, FUTEX_WAIT, expected, timeout)` **without** `FUTEX_PRIVATE_FLAG`.
///
/// The word lives in a `MAP_SHARED` mapping that other processes map too, so the futex must
/// be keyed on the page, not on this process's address space: a private futex would never
/// see the other processes' wake-ups. Returns when woken, when the word no longer holds
/// `expected`, on a signal, or after `timeout`; the caller re-checks its condition anyway.
pub(crate) fn futex_wait_shared(word: &AtomicU32, expected: u32, timeout: Duration) {
    let ts = futex::Timespec {
        tv_sec: timeout.as_secs() as _,
        tv_nsec: timeout.subsec_nanos() as _,
    };
    // Errors are EAGAIN (value changed), ETIMEDOUT and EINTR: all mean "look again".
    let _ = futex::wait(word, futex::Flags::empty(), expected, Some(&ts));
}

/// `futex(uaddr, FUTEX_WAKE, INT_MAX)` **without** `FUTEX_PRIVATE_FLAG`: wakes every
/// process sleeping on `word`.
pub(crate) fn futex_wake_shared(word: &AtomicU32) {
    let _ = futex::wake(word, futex::Flags::empty(), i32::MAX as u32);
}

/// `sched_yield()`.
#[inline]
pub(crate) fn yield_now() {
    rustix::thread::sched_yield();
}

/// How many threads this process has (the entries of `/proc/self/task`); `None` where that
/// cannot be read.
#[cfg(feature = "mpi")]
pub(crate) fn thread_count() -> Option<usize> {
    std::fs::read_dir("/proc/self/task").ok().map(|d| d.count())
}

/// `sched_getaffinity(0)`: how many CPUs this process may run on.
pub(crate) fn usable_cpus() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// `sysconf(_SC_NPROCESSORS_ONLN)`: how many CPUs the machine has online.
pub(crate) fn online_cpus() -> usize {
    // SAFETY: `sysconf` has no preconditions.
    let n = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    usize::try_from(n).ok().filter(|&n| n > 0).unwrap_or(1)
}

/// `sysinfo()`: the machine's total usable main memory in bytes (`totalram * mem_unit`, the
/// figure /proc/meminfo shows as MemTotal).
pub(crate) fn memory_total() -> u64 {
    let info = rustix::system::sysinfo();
    (info.totalram as u64).saturating_mul(u64::from(info.mem_unit).max(1))
}

/// `syscall(SYS_close_range, ...)` twice: closes every descriptor of this process except
/// `keep`. Async-signal-safe (raw system calls only), for a freshly forked child; falls back
/// on `close` of each number below 65536 where the kernel has no `close_range` (before 5.9).
///
/// # Safety
/// Every other descriptor is closed behind the back of whatever owns it (`OwnedFd`, `File`,
/// a mapping's file...). Call it only in a forked child that afterwards never uses or drops
/// any of those owners: one that ends with [`exit_now`], without returning or unwinding.
pub(crate) unsafe fn close_all_except(keep: BorrowedFd<'_>) {
    let keep = std::os::fd::AsRawFd::as_raw_fd(&keep) as libc::c_uint;
    let ranges = [
        (0, keep.checked_sub(1)),
        (keep + 1, Some(libc::c_uint::MAX)),
    ];
    for (first, last) in ranges {
        let Some(last) = last else { continue };
        // SAFETY: close_range takes plain integers and touches no memory of ours; the caller
        // guarantees that nothing uses the descriptors it closes.
        let r = unsafe { libc::syscall(libc::SYS_close_range, first, last, 0 as libc::c_uint) };
        if r != 0 {
            for fd in first..last.min(65_535) + 1 {
                // SAFETY: as above; `close` of a number that is not open fails with EBADF.
                unsafe { libc::close(fd as libc::c_int) };
            }
        }
    }
}

/// `_exit(code)`: ends the process at once, without running destructors, `atexit` handlers
/// or flushing stdio. Async-signal-safe: what a forked child ends with.
pub(crate) fn exit_now(code: i32) -> ! {
    // SAFETY: `_exit` has no preconditions; it does not return.
    unsafe { libc::_exit(code) }
}

/// The segment file as a `memmap2::MmapRaw` (`mmap(NULL, len, PROT_READ|PROT_WRITE,
/// MAP_SHARED, fd, 0)`). `MmapRaw` hands out a pointer, never a reference, which is the
/// discipline every access to the segment follows.
pub(crate) fn map_shared(fd: &impl AsFd, len: usize) -> io::Result<memmap2::MmapRaw> {
    let file = std::fs::File::from(fd.as_fd().try_clone_to_owned()?);
    memmap2::MmapOptions::new().len(len).map_raw(&file)
}

/// A shared mapping of a whole file, placed by [`map_shared_aligned`]; unmapped on drop.
/// Hands out a pointer, never a reference, as `memmap2::MmapRaw` does.
#[derive(Debug)]
pub(crate) struct SharedMap {
    ptr: std::ptr::NonNull<u8>,
    len: usize,
}

impl SharedMap {
    /// The first byte of the mapping.
    pub(crate) fn as_mut_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    /// Its length in bytes.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

impl Drop for SharedMap {
    fn drop(&mut self) {
        // SAFETY: the `len` bytes from `ptr` are this mapping, made by `map_shared_aligned`
        // and unmapped only here; the segment that owns it hands out no reference into it.
        unsafe { libc::munmap(self.ptr.as_ptr().cast(), self.len) };
    }
}

/// `mmap(addr, len, PROT_READ|PROT_WRITE, MAP_SHARED|MAP_FIXED, fd, 0)` at an `addr` chosen so
/// that `addr + at` is a multiple of `align` (a power of two, at least a page; `at` a multiple
/// of a page): `len + align` bytes of address space are reserved first (`PROT_NONE`,
/// `MAP_NORESERVE`: nothing committed), the file is mapped over the chosen part, and the rest
/// is returned. The segment places its partitions this way, so that an address aligned within
/// a partition is aligned in memory too (`shmem_align`).
pub(crate) fn map_shared_aligned(
    fd: &impl AsFd,
    len: usize,
    at: usize,
    align: usize,
) -> io::Result<SharedMap> {
    let invalid = || io::Error::from(io::ErrorKind::InvalidInput);
    let reserve = len.checked_add(align).ok_or_else(invalid)?;
    if len == 0 || !align.is_power_of_two() {
        return Err(invalid());
    }
    // SAFETY: a new anonymous mapping at an address of the kernel's choosing: it touches no
    // existing memory.
    let r = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            reserve,
            libc::PROT_NONE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if r == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    let start = r as usize;
    // In `start..start + align`, so `addr + len` stays inside the reservation.
    let addr = (start + at).next_multiple_of(align) - at;
    // SAFETY: `addr..addr + len` lies inside the reservation just made, which nothing else
    // uses: `MAP_FIXED` replaces only that.
    let m = unsafe {
        libc::mmap(
            addr as *mut libc::c_void,
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_FIXED,
            fd.as_fd().as_raw_fd(),
            0,
        )
    };
    if m == libc::MAP_FAILED {
        let e = io::Error::last_os_error();
        // SAFETY: the reservation made above, used by nothing.
        unsafe { libc::munmap(r, reserve) };
        return Err(e);
    }
    let end = start + reserve;
    // SAFETY: the parts of the reservation before and after the file's mapping, used by
    // nothing (`munmap` of an empty range is skipped).
    unsafe {
        if addr > start {
            libc::munmap(r, addr - start);
        }
        if end > addr + len {
            libc::munmap((addr + len) as *mut libc::c_void, end - (addr + len));
        }
    }
    Ok(SharedMap {
        ptr: std::ptr::NonNull::new(addr as *mut u8).ok_or_else(invalid)?,
        len,
    })
}
