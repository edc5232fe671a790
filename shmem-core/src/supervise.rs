//! What the launcher does that needs `unsafe`: the hook that runs in a PE's process between
//! fork and exec, and the guardian process. They live here, under this crate's audit (every
//! `unsafe` of the workspace is in `shmem-core`), as safe functions; the launcher itself is the
//! `shmem-launch` crate (`#![forbid(unsafe_code)]`), which a PE does not link.
//!
//! Also the few facts about processes and the machine that the launcher reads
//! and that the runtime's own system layer already knows ([`memory_total`], [`usable_cpus`]).

use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use nix::errno::Errno;
use nix::sys::signal::{SigSet, Signal, kill};
use nix::sys::wait::waitpid;
use nix::unistd::{ForkResult, Pid};

use crate::error::{Error, Result};
use crate::segment::Segment;
use crate::sys;

/// Makes `cmd` (the command that starts PE `pe` of the job whose segment is `seg`) record its
/// pid in the PE's launch record, unblock every signal, die with the launcher
/// (`PR_SET_PDEATHSIG`), refuse to start as an orphan, and run on `cpu` when one is given.
/// All of it happens in the child between fork and exec.
///
/// # Panics
/// If `pe` is not a PE of the job.
pub fn prepare_pe(cmd: &mut Command, seg: &Arc<Segment>, pe: usize, cpu: Option<usize>) {
    assert!(pe < seg.n_pes(), "PE {pe} is not a PE of this job");
    let parent = nix::unistd::getpid();
    let record = Arc::clone(seg);
    // SAFETY: the closure runs in the child between fork and exec, where only
    // async-signal-safe calls are allowed. It makes only raw system calls (getpid,
    // sigprocmask, prctl, getppid, sched_setaffinity) and one atomic store into the
    // segment, which is mapped (MAP_SHARED, inherited by fork) before the fork and stays
    // mapped: `record` keeps it alive, and `slot(pe)` is pointer arithmetic on it
    // (`pe < n_pes`, so its bounds assertion cannot fire). It allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            // First, so that the guardian can find this process's group as soon as it
            // exists; exec keeps the pid, so this is the PE's pid (or its wrapper's).
            let me = nix::unistd::getpid().as_raw() as u32;
            record.slot(pe).launch.0.pid.store(me, Ordering::Release);
            SigSet::all().thread_unblock().ok();
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).ok();
            if nix::unistd::getppid() != parent {
                // the launcher died before prctl took effect: do not start an orphan
                return Err(std::io::Error::from_raw_os_error(
                    nix::errno::Errno::ESRCH as i32,
                ));
            }
            if let Some(c) = cpu {
                let mut cs = nix::sched::CpuSet::new();
                if cs.set(c).is_ok() {
                    nix::sched::sched_setaffinity(Pid::from_raw(0), &cs).ok();
                }
            }
            Ok(())
        })
    };
}

/// The guardian: a small child of the launcher that kills every PE's process group if the
/// launcher dies, however it dies (SIGKILL included).
///
/// `PR_SET_PDEATHSIG` takes the PEs down with the launcher, but not the processes *they*
/// started; the guardian does. It blocks in `read()` on a pipe whose only write end the
/// launcher holds (close-on-exec, so no PE inherits it). When the launcher ends a job
/// normally it writes one byte ("stand down") and closes it: the guardian exits without
/// killing. If the launcher dies, the kernel closes the write end and the `read` returns
/// end-of-file: the guardian SIGKILLs the process group of every PE whose pid it finds in the
/// segment (each launched process records it there, see [`LaunchRecord`]), then exits.
///
/// [`LaunchRecord`]: crate::segment::LaunchRecord
#[derive(Debug)]
pub struct Guardian {
    pid: Pid,
    /// The pipe's write end; `None` once the guardian was told to stand down.
    pipe: Option<OwnedFd>,
}

impl Guardian {
    /// Forks the guardian. Call it before starting any PE.
    pub fn start(seg: &Arc<Segment>) -> Result<Guardian> {
        let (read_end, write_end) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
            .map_err(|e| Error::io("creating the guardian's pipe")(e.into()))?;
        // SAFETY: after fork the child may only call async-signal-safe functions (the
        // launcher may be a thread of a larger program). The child runs `guardian_main`,
        // which calls only close_range (or close), setpgid, read, kill and _exit (thin
        // wrappers over the system calls, no allocation, no locks) and does atomic loads
        // from the segment, which was mapped (MAP_SHARED) before the fork and is inherited;
        // it never returns, unwinds or drops anything (it ends with `_exit`).
        match unsafe { nix::unistd::fork() } {
            Ok(ForkResult::Child) => guardian_main(seg, &read_end),
            Ok(ForkResult::Parent { child }) => {
                drop(read_end);
                Ok(Guardian {
                    pid: child,
                    pipe: Some(write_end),
                })
            }
            Err(e) => Err(Error::io("starting the guardian (fork)")(e.into())),
        }
    }

    /// Tells the guardian the job ended normally (one byte, then close) and reaps it. Call it
    /// after the launcher has killed every PE's process group and before it reaps them.
    pub fn stand_down(&mut self) {
        if let Some(pipe) = self.pipe.take() {
            let _ = nix::unistd::write(&pipe, b"x");
            drop(pipe);
            while let Err(Errno::EINTR) = waitpid(self.pid, None) {}
        }
    }
}

impl Drop for Guardian {
    /// An early return from the launcher (after the guardian started, before any PE did) still
    /// stands it down and reaps it.
    fn drop(&mut self) {
        self.stand_down();
    }
}

/// The guardian's whole life (see [`Guardian`]). Runs in a forked child: async-signal-safe
/// calls only, and it never returns.
fn guardian_main(seg: &Segment, pipe: &OwnedFd) -> ! {
    // SAFETY: this is the forked child, which ends with `exit_now` below and never uses or
    // drops any descriptor owner (the segment's memfd `OwnedFd`, the pipe's write end, ...)
    // other than `pipe`, which stays open.
    unsafe { sys::close_all_except(pipe.as_fd()) };
    // Out of the launcher's process group: a signal meant for the launcher's group (Ctrl-C
    // at a terminal) is not meant for the guardian. (It also keeps the launcher's blocked
    // signals blocked: only SIGKILL ends it early.)
    let _ = nix::unistd::setpgid(Pid::from_raw(0), Pid::from_raw(0));
    let mut byte = [0u8; 1];
    let launcher_died = loop {
        match nix::unistd::read(pipe, &mut byte) {
            Ok(0) => break true,
            Ok(_) => break false,
            Err(Errno::EINTR) => {}
            Err(_) => break true,
        }
    };
    if launcher_died {
        for pe in 0..seg.n_pes() {
            let pid = seg.slot(pe).launch.0.pid.load(Ordering::Acquire);
            if pid != 0 && pid <= i32::MAX as u32 {
                let _ = kill(Pid::from_raw(-(pid as i32)), Signal::SIGKILL);
            }
        }
    }
    sys::exit_now(0)
}

/// This machine's memory in bytes.
pub fn memory_total() -> u64 {
    sys::memory_total()
}

/// How many CPUs this process may run on.
pub fn usable_cpus() -> usize {
    sys::usable_cpus()
}
