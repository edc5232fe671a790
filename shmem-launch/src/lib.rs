//! The launcher library behind `shmemrun`: creates the job's segment, starts and supervises
//! the PEs, and turns the first failure into one clear line and an exit status.
//!
//! * The segment is a memfd (never a file in /dev/shm), inherited by the PEs; it disappears
//!   when the last process holding it exits, whatever the way.
//! * Every PE runs in its own process group (pgid = its pid, recorded by the PE itself in its
//!   slot's launch record between fork and exec) with `PR_SET_PDEATHSIG = SIGKILL`.
//! * No process survives the job: exits are observed without reaping (`waitid` with
//!   `WNOWAIT`, so no group id can be reused), and every job, success included, ends by
//!   SIGKILLing every PE's whole process group; then the PEs are reaped. A guardian
//!   process does the same if the launcher itself dies, even by SIGKILL.
//! * The launcher blocks SIGCHLD/SIGINT/SIGTERM/SIGHUP/SIGALRM and takes them with `sigwait`,
//!   so it sleeps until something happens and never polls.
//! * [`exit_status`] maps a `global_exit` status to the job's exit status (never 0 for a
//!   non-zero status).
//! * With [`LaunchConfig::tag_output`], the PEs' stdout and stderr go through pipes to one
//!   forwarding thread, which writes every line whole, prefixed with `[pe] `.

#![forbid(unsafe_code)]

mod procfs;
mod watch;

use std::ffi::OsString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use nix::errno::Errno;
use nix::sys::signal::{SigSet, Signal, kill};
use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid, waitpid};
use nix::unistd::Pid;

use shmem_core::config;
use shmem_core::report;
use shmem_core::segment::{GLOBAL_EXIT_SET, MAX_PES, PeState, Segment, planned_size};
use shmem_core::supervise::{self, Guardian};
use shmem_core::{Error, Result};

pub use shmem_core::config::{ENV_SYMMETRIC_SIZE, parse_size, symmetric_size_from_env};
pub use shmem_core::segment::{DEADLOCK_STATUS, exit_status};
pub use watch::DEADLOCK_AFTER;
use watch::{DeadlockWatch, PeLife};

/// [`Error::Io`] for `map_err`: `what` was being done.
fn io_error(what: &'static str) -> impl FnOnce(std::io::Error) -> Error {
    move |source| Error::Io { what, source }
}

/// Whether to pin PEs to CPUs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bind {
    /// One PE a CPU when there are enough (PE `i` on usable CPU `i`, what `oshrun`/`mpirun`
    /// do); no pinning when PEs outnumber the usable CPUs (as `oshrun`/`mpirun`, which leave an
    /// oversubscribed job unbound). Pinned round robin ([`Bind::Core`]), an oversubscribed job
    /// is faster on a machine it has to itself (4 PEs on 2 CPUs: collectives 1.9–5× faster),
    /// but a PE pinned to a CPU that other work keeps busy cannot move to another, and every
    /// collective waits for it (beside two busy processes: 4–8× slower pinned).
    #[default]
    Auto,
    /// Pin PE `i` to usable CPU `i mod c` (`c` usable CPUs) whatever the PE count: round robin
    /// when PEs outnumber CPUs, which keeps neighbours (PE 0 and PE 1) on different CPUs and
    /// every CPU equally loaded, and lets waiters know which PEs share their CPU. For a
    /// machine the job has to itself (`shmemrun --bind core`).
    Core,
    /// Never pin.
    None,
}

impl Bind {
    /// Whether a job of `n_pes` PEs on `cpus` usable CPUs is pinned (PE `i` to CPU `i mod
    /// cpus`).
    pub fn pins(self, n_pes: usize, cpus: usize) -> bool {
        match self {
            Bind::Auto => cpus > 0 && n_pes <= cpus,
            Bind::Core => cpus > 0,
            Bind::None => false,
        }
    }
}

/// What to launch.
#[derive(Clone, Debug)]
pub struct LaunchConfig {
    /// Number of PEs.
    pub n_pes: usize,
    /// Symmetric bytes per PE.
    pub symmetric_size: usize,
    /// End the job after this long.
    pub timeout: Option<Duration>,
    /// CPU binding.
    pub bind: Bind,
    /// Program to run.
    pub program: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Variables set in every PE's environment (`shmemrun -x VAR=VALUE`), on top of the
    /// launcher's own environment, which the PEs inherit. The launcher's bootstrap variables
    /// (`SHMEM_RUN_*`, refused here by [`check_config`]) and `SHMEM_SYMMETRIC_SIZE` (always
    /// the job's symmetric size) are set after these.
    pub env: Vec<(OsString, OsString)>,
    /// Prefix every line a PE writes to stdout or stderr with `[pe] ` (`shmemrun
    /// --tag-output`): the PEs write into pipes, and the launcher forwards each complete line
    /// with one write to its own stdout or stderr, so lines never interleave mid-line. A line
    /// still unterminated when the PE's pipe closes is forwarded with a newline; one longer than
    /// 64 KiB may be forwarded in several tagged pieces. Without it the PEs share the
    /// launcher's stdout and stderr and nothing is in between (no pipe, no thread).
    pub tag_output: bool,
}

/// Prefix of the variables that tell a PE about its job (`config::ENV_RUN_*`): set by the
/// launcher only.
const RUN_ENV_PREFIX: &str = "SHMEM_RUN_";

/// How a job ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Exit status for the launcher itself.
    pub status: i32,
    /// One line naming the PE and the cause, when the job did not simply succeed.
    pub message: Option<String>,
}

struct Pe {
    pid: Pid,
    running: bool,
}

/// Checks what can be checked before anything is created: a PE count in range, a non-zero
/// symmetric size and timeout, and a segment that fits in the machine's memory (it is sparse,
/// but a job that touched all of it could not run).
///
/// # Errors
/// [`Error::Config`] naming the setting; [`Error::JobTooLarge`] with the figures.
pub fn check_config(cfg: &LaunchConfig) -> Result<()> {
    if cfg.n_pes == 0 || cfg.n_pes > MAX_PES {
        return Err(Error::Config {
            name: "-n",
            value: cfg.n_pes.to_string(),
            why: "the PE count must be between 1 and 4096",
        });
    }
    if cfg.symmetric_size == 0 {
        return Err(Error::Config {
            name: "--heap-size / SHMEM_SYMMETRIC_SIZE",
            value: "0".into(),
            why: "the symmetric size per PE must be at least 1 byte (rounded up to a page)",
        });
    }
    if cfg.timeout == Some(Duration::ZERO) {
        return Err(Error::Config {
            name: "--timeout",
            value: "0".into(),
            why: "the timeout must be at least 1 second",
        });
    }
    for (name, _) in &cfg.env {
        let text = name.to_string_lossy();
        let why = if text.is_empty() || text.contains(['=', '\0']) {
            "a variable name must be non-empty, without '=' or NUL"
        } else if text.starts_with(RUN_ENV_PREFIX) {
            "the launcher sets SHMEM_RUN_* itself (the job's bootstrap)"
        } else {
            continue;
        };
        return Err(Error::Config {
            name: "-x",
            value: text.into_owned(),
            why,
        });
    }
    let mem_total = supervise::memory_total();
    let partition = partition_size(cfg);
    let total = planned_size(cfg.n_pes, partition).unwrap_or(u64::MAX);
    if total > mem_total {
        return Err(Error::JobTooLarge {
            n_pes: cfg.n_pes,
            symmetric_size: partition,
            total,
            mem_total,
        });
    }
    Ok(())
}

/// Bytes of symmetric memory per PE for `cfg`'s job: `symmetric_size`, the symmetric heap
/// (`SHMEM_SYMMETRIC_SIZE`, `--heap-size`), plus the writable data of a program built
/// against the C API ([`c_api_globals`]), which `shmem_init` makes symmetric in the same
/// partition, as the specification and other implementations size it: the variable is the
/// heap's size however large the program's globals are ([`shmem_core::segment::heap_and_data`]).
/// A Rust program's `#[symmetric]` statics are few and small: they come out of the
/// partition, as before.
pub fn partition_size(cfg: &LaunchConfig) -> usize {
    shmem_core::segment::heap_and_data(cfg.symmetric_size, c_api_globals(&cfg.program))
}

/// The bytes of writable data (`.data`, `.bss`, page-rounded spans of its writable `PT_LOAD`
/// segments) of `program` (a path, or a name looked up in `PATH`) when it is an ELF64
/// little-endian executable that needs `libshmem.so`, the C API's library, which makes
/// exactly those spans symmetric; else 0 (a Rust program, a script, a program linked with
/// `libshmem.a`, an unreadable file).
pub fn c_api_globals(program: &std::ffi::OsStr) -> usize {
    elf_c_globals(program).unwrap_or(0)
}

/// [`c_api_globals`]; `None` for anything it does not recognize.
fn elf_c_globals(program: &std::ffi::OsStr) -> Option<usize> {
    use std::io::{Read, Seek, SeekFrom};
    const PAGE: u64 = 4096;
    let path = if program.as_encoded_bytes().contains(&b'/') {
        std::path::PathBuf::from(program)
    } else {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|d| d.join(program))
            .find(|p| p.is_file())?
    };
    let mut f = std::fs::File::open(path).ok()?;
    let mut read = |at: u64, len: usize| -> Option<Vec<u8>> {
        let mut b = vec![0; len];
        f.seek(SeekFrom::Start(at)).ok()?;
        f.read_exact(&mut b).ok()?;
        Some(b)
    };
    let u16_at = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap_or([0; 4]));
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap_or([0; 8]));
    let eh = read(0, 64)?;
    if eh[..4] != *b"\x7fELF" || eh[4] != 2 || eh[5] != 1 {
        return None;
    }
    let (phoff, phentsize, phnum) = (u64_at(&eh, 32), u16_at(&eh, 54), u16_at(&eh, 56));
    if phentsize < 56 || phnum > 512 {
        return None;
    }
    let ph = read(phoff, usize::from(phentsize) * usize::from(phnum))?;
    // (type, flags, offset, vaddr, filesz, memsz) of each program header.
    let phdrs: Vec<(u32, u32, u64, u64, u64, u64)> = (0..usize::from(phnum))
        .map(|i| {
            let b = &ph[i * usize::from(phentsize)..];
            (
                u32_at(b, 0),
                u32_at(b, 4),
                u64_at(b, 8),
                u64_at(b, 16),
                u64_at(b, 32),
                u64_at(b, 40),
            )
        })
        .collect();
    let (pt_load, pt_dynamic, pf_w) = (1, 2, 2);
    let &(_, _, dyn_off, _, dyn_size, _) = phdrs.iter().find(|p| p.0 == pt_dynamic)?;
    let dynamic = read(dyn_off, usize::try_from(dyn_size.min(1 << 20)).ok()?)?;
    let (mut needed, mut strtab, mut strsz) = (Vec::new(), None, None);
    for e in dynamic.chunks_exact(16) {
        match u64_at(e, 0) {
            0 => break,
            1 => needed.push(u64_at(e, 8)),
            5 => strtab = Some(u64_at(e, 8)),
            10 => strsz = Some(u64_at(e, 8)),
            _ => {}
        }
    }
    let (strtab, strsz) = (strtab?, strsz?.min(1 << 20));
    // The string table's file offset: through the loadable segment that holds its address.
    let &(_, _, off, vaddr, _, _) = phdrs
        .iter()
        .find(|p| p.0 == pt_load && p.3 <= strtab && strtab < p.3.saturating_add(p.4))?;
    let strings = read(
        off.checked_add(strtab - vaddr)?,
        usize::try_from(strsz).ok()?,
    )?;
    let names_libshmem = |at: u64| {
        let rest = usize::try_from(at).ok().and_then(|a| strings.get(a..));
        rest.is_some_and(|r| r.starts_with(b"libshmem.so"))
    };
    if !needed.into_iter().any(names_libshmem) {
        return None;
    }
    let mut data = 0u64;
    for p in phdrs
        .iter()
        .filter(|p| p.0 == pt_load && p.1 & pf_w != 0 && p.5 != 0)
    {
        let end = p.3.checked_add(p.5)?.checked_next_multiple_of(PAGE)?;
        data = data.checked_add(end - p.3 / PAGE * PAGE)?;
    }
    usize::try_from(data).ok()
}

/// Runs a job to completion.
///
/// # Errors
/// [`Error::Config`] or [`Error::JobTooLarge`] for a bad configuration ([`check_config`]),
/// before anything is started; [`Error::Io`] when the segment cannot be made or signals cannot
/// be set up. A PE that cannot be started is an [`Outcome`] (status 127), not an error: the PEs
/// already started are stopped first.
pub fn launch(cfg: &LaunchConfig) -> Result<Outcome> {
    check_config(cfg)?;
    let mut set = SigSet::empty();
    for s in [
        Signal::SIGCHLD,
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGALRM,
        Signal::SIGQUIT,
    ] {
        set.add(s);
    }
    set.thread_block()
        .map_err(|e| io_error("blocking signals")(e.into()))?;

    let (seg, fd, token) = Segment::create(cfg.n_pes, partition_size(cfg))?;
    let seg = Arc::new(seg);
    let mut guardian = Guardian::start(&seg)?;
    // Started before any PE, so that failing to start it starts nothing; it waits for the
    // PEs' pipes. It inherits the blocked signals: only `supervise` takes them.
    let mut forwarder = match cfg.tag_output {
        true => Some(tag::Forwarder::start().map_err(io_error("starting the output forwarder"))?),
        false => None,
    };
    let mut streams: Vec<tag::Stream> = Vec::new();
    let cpus: Vec<usize> = usable_cpu_list();
    let bind = cfg.bind.pins(cfg.n_pes, cpus.len());
    let started = Instant::now();

    let mut pes: Vec<Pe> = Vec::with_capacity(cfg.n_pes);
    for pe in 0..cfg.n_pes {
        let mut cmd = Command::new(&cfg.program);
        cmd.args(&cfg.args)
            .envs(cfg.env.iter().map(|(k, v)| (k, v)))
            .env(config::ENV_RUN_FD, fd.as_raw_fd().to_string())
            .env(config::ENV_RUN_PE, pe.to_string())
            .env(config::ENV_RUN_NPES, cfg.n_pes.to_string())
            .env(config::ENV_RUN_TOKEN, format!("{token:x}"))
            .env(config::ENV_RUN_CPUS, cpus.len().to_string())
            .env(config::ENV_RUN_BIND, if bind { "rr" } else { "none" })
            .env(config::ENV_SYMMETRIC_SIZE, seg.partition_size().to_string())
            .process_group(0);
        if pe != 0 {
            cmd.stdin(Stdio::null());
        }
        if forwarder.is_some() {
            // close-on-exec on the launcher's ends, so no other PE inherits them
            cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        }
        let cpu = if bind {
            Some(cpus[pe % cpus.len()])
        } else {
            None
        };
        supervise::prepare_pe(&mut cmd, &seg, pe, cpu);
        match cmd.spawn() {
            Ok(mut child) => {
                let out = child.stdout.take().map(OwnedFd::from);
                let err = child.stderr.take().map(OwnedFd::from);
                streams.extend(out.map(|fd| tag::Stream::new(pe, fd, tag::Sink::Stdout)));
                streams.extend(err.map(|fd| tag::Stream::new(pe, fd, tag::Sink::Stderr)));
                pes.push(Pe {
                    pid: Pid::from_raw(child.id() as i32),
                    running: true,
                })
            }
            Err(e) => {
                stop_all(&pes);
                guardian.stand_down();
                reap_all(&mut pes);
                if let Some(f) = forwarder.as_mut() {
                    f.forward(streams);
                    f.finish();
                }
                return Ok(Outcome {
                    status: 127,
                    message: Some(format!(
                        "cannot start PE {pe} ({}): {e}",
                        cfg.program.to_string_lossy()
                    )),
                });
            }
        }
    }
    // The PEs have their copies; the launcher's own descriptor is no longer needed, but the
    // mapping stays so that it can read the PEs' states.
    drop(fd);
    if let Some(f) = forwarder.as_mut() {
        f.forward(streams);
    }
    // A tick every second: the timeout's deadline and the deadlock check (`shmem-launch`'s watch).
    nix::unistd::alarm::set(1);

    let outcome = supervise(&seg, &mut pes, &set, cfg, started);
    // Every job ends here, success or not: nothing a PE started may outlive it. The guardian
    // stands down only after the group kill, and the PEs are reaped only after that, so
    // neither the launcher nor the guardian can ever signal a reused process group id.
    stop_all(&pes);
    guardian.stand_down();
    reap_all(&mut pes);
    nix::unistd::alarm::cancel();
    // Every PE is dead: what they wrote is in the pipes; forward it, then return (bounded,
    // even if a process that escaped the group kill still holds a pipe).
    if let Some(f) = forwarder.as_mut() {
        f.finish();
    }
    Ok(outcome)
}

fn usable_cpu_list() -> Vec<usize> {
    match nix::sched::sched_getaffinity(Pid::from_raw(0)) {
        Ok(cs) => (0..nix::sched::CpuSet::count())
            .filter(|&c| cs.is_set(c).unwrap_or(false))
            .collect(),
        Err(_) => (0..supervise::usable_cpus()).collect(),
    }
}

fn supervise(
    seg: &Segment,
    pes: &mut [Pe],
    set: &SigSet,
    cfg: &LaunchConfig,
    started: Instant,
) -> Outcome {
    let mut finished = 0usize;
    let mut watch = DeadlockWatch::new(pes.len());
    let deadline = cfg.timeout.map(|t| started + t);
    loop {
        // Look at every PE that has exited so far, without reaping it (WNOWAIT): an unreaped
        // PE keeps its pid, and so its process group id, from being reused until the final
        // group kill in `stop_all`.
        for (pe, p) in pes.iter_mut().enumerate() {
            if !p.running {
                continue;
            }
            let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
            match waitid(Id::Pid(p.pid), flags) {
                Ok(WaitStatus::StillAlive) | Err(Errno::EINTR) => {}
                Ok(status) => {
                    p.running = false;
                    if let Some(outcome) = judge(seg, pe, status) {
                        return outcome;
                    }
                    finished += 1;
                }
                Err(e) => {
                    p.running = false;
                    return Outcome {
                        status: 1,
                        message: Some(format!("lost track of PE {pe} (waitid: {e})")),
                    };
                }
            }
        }
        if finished == pes.len() {
            return Outcome {
                status: 0,
                message: None,
            };
        }
        match set.wait() {
            Ok(Signal::SIGCHLD) | Err(_) => {}
            Ok(Signal::SIGALRM) => {
                let now = Instant::now();
                if deadline.is_some_and(|d| now >= d) {
                    let left: Vec<String> = pes
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.running)
                        .map(|(i, _)| i.to_string())
                        .collect();
                    return Outcome {
                        status: 124,
                        message: Some(format!(
                            "timeout after {} s (--timeout {}); PEs not finished: {} (of {})",
                            started.elapsed().as_secs(),
                            cfg.timeout.map_or(0, |t| t.as_secs()),
                            left.join(", "),
                            pes.len()
                        )),
                    };
                }
                let life: Vec<PeLife> = pes
                    .iter()
                    .enumerate()
                    .map(|(i, p)| match p.running {
                        false => PeLife::Exited,
                        true => match procfs::process_state(p.pid.as_raw()) {
                            Some('T' | 't') => PeLife::Stopped,
                            Some('R') => PeLife::Runnable,
                            // other threads of a PE with contexts may be working
                            _ if report::threads_may_call(seg, i)
                                && procfs::any_thread_runnable(p.pid.as_raw()) =>
                            {
                                PeLife::Runnable
                            }
                            _ => PeLife::Alive,
                        },
                    })
                    .collect();
                if let Some(lines) = watch.scan(seg, &life, now) {
                    return Outcome {
                        status: DEADLOCK_STATUS,
                        message: Some(format!(
                            "deadlock: every PE that is still running has waited for {:.1} s \
                             for something no other PE can do any more; where each waits:\n  {}",
                            DEADLOCK_AFTER.as_secs_f64(),
                            lines.join("\n  ")
                        )),
                    };
                }
                nix::unistd::alarm::set(1);
            }
            Ok(sig) => {
                return Outcome {
                    status: 128 + sig as i32,
                    message: Some(format!("received {}, stopping the job", sig.as_str())),
                };
            }
        }
    }
}

/// `None` when PE `pe` ended well; otherwise the job's outcome.
fn judge(seg: &Segment, pe: usize, status: WaitStatus) -> Option<Outcome> {
    let ge = seg.job().global_exit.load(Ordering::Acquire);
    if ge & GLOBAL_EXIT_SET != 0 {
        let who = (ge >> 32) & 0x7fff_ffff;
        let code = ge as u32 as i32;
        let status = exit_status(code);
        return Some(Outcome {
            status,
            message: Some(format!(
                "PE {who} called global_exit({code}); the job exits with status {status}"
            )),
        });
    }
    let state = seg.pe_state(pe);
    match status {
        WaitStatus::Exited(_, 0) if state == PeState::Finalized => None,
        WaitStatus::Exited(_, 0) if state == PeState::Starting => Some(Outcome {
            status: 1,
            message: Some(format!(
                "PE {pe} exited with status 0 without initializing shmem (shmem::init, shmem_init)"
            )),
        }),
        WaitStatus::Exited(_, 0) => Some(Outcome {
            status: 1,
            message: Some(format!(
                "PE {pe} exited with status 0 without finalizing (the Rust handle was never dropped, or shmem_finalize never called)"
            )),
        }),
        WaitStatus::Exited(_, code) if state == PeState::Panicked => Some(Outcome {
            status: code,
            message: Some(format!("PE {pe} panicked (exit status {code})")),
        }),
        WaitStatus::Exited(_, code) => Some(Outcome {
            status: code,
            message: Some(format!(
                "PE {pe} exited with status {code}{}",
                if state == PeState::Starting {
                    " before initializing shmem"
                } else {
                    ""
                }
            )),
        }),
        WaitStatus::Signaled(_, sig, core) => Some(Outcome {
            status: 128 + sig as i32,
            message: Some(format!(
                "PE {pe} killed by signal {} ({}){}",
                sig as i32,
                sig.as_str(),
                if core { ", core dumped" } else { "" }
            )),
        }),
        _ => None,
    }
}

/// Ends the job's processes: SIGKILLs every PE's whole process group, running or not (a PE
/// that has exited may have left children in it), and every PE still running itself (in case
/// it left its group). No PE has been reaped yet, so no group id can have been reused.
fn stop_all(pes: &[Pe]) {
    for p in pes {
        let _ = kill(Pid::from_raw(-p.pid.as_raw()), Signal::SIGKILL);
        if p.running {
            let _ = kill(p.pid, Signal::SIGKILL);
        }
    }
}

/// Reaps every PE (after [`stop_all`]: they are all dead or dying).
fn reap_all(pes: &mut [Pe]) {
    for p in pes.iter_mut() {
        while let Err(Errno::EINTR) = waitpid(p.pid, None) {}
        p.running = false;
    }
}

mod tag {
    //! `--tag-output`: one thread forwards the PEs' output line by line, each line prefixed with
    //! `[pe] ` and written with one write, so that lines of different PEs never interleave.
    //!
    //! The thread is started before the PEs, gets their pipes' read ends once they all started
    //! ([`Forwarder::forward`]) and sleeps in `poll` until one is readable. At the end of the job
    //! ([`Forwarder::finish`], after every PE was killed and reaped) the launcher closes the
    //! wake-up pipe; the thread then forwards what is left, until every PE pipe has reached end
    //! of file or [`DRAIN_GRACE`] has passed (a process that left its PE's process group may hold
    //! a write end for ever), and the launcher joins it.

    use std::io::{PipeReader, PipeWriter, Write};
    use std::os::fd::{AsFd, OwnedFd};
    use std::sync::mpsc;
    use std::thread::JoinHandle;
    use std::time::{Duration, Instant};

    use nix::errno::Errno;
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

    /// How long the forwarder keeps reading after the job ended. The PEs are dead by then and
    /// their output is already in the pipes, so this bounds only the wait for an escaped
    /// process that keeps a pipe open.
    pub(super) const DRAIN_GRACE: Duration = Duration::from_secs(1);
    /// A line is forwarded in tagged pieces once this much of it has arrived without a
    /// newline (so a PE that never writes one cannot make the launcher buffer without end).
    const MAX_LINE: usize = 64 << 10;
    /// Bytes read from a pipe at a time.
    const CHUNK: usize = 64 << 10;

    /// Where a stream's lines go: the launcher's own stdout or stderr.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(super) enum Sink {
        Stdout,
        Stderr,
    }

    /// One PE's stdout or stderr: the pipe's read end and the line being assembled.
    #[derive(Debug)]
    pub(super) struct Stream {
        fd: OwnedFd,
        sink: Sink,
        /// `[pe] ` followed by the bytes of the current line read so far.
        line: Vec<u8>,
        prefix: usize,
    }

    impl Stream {
        pub(super) fn new(pe: usize, fd: OwnedFd, sink: Sink) -> Stream {
            let line = format!("[{pe}] ").into_bytes();
            let prefix = line.len();
            Stream {
                fd,
                sink,
                line,
                prefix,
            }
        }

        /// Hands every tagged line `data` completes to `emit`; keeps the rest for later.
        fn feed(&mut self, mut data: &[u8], emit: &mut impl FnMut(Sink, &[u8])) {
            while let Some(i) = data.iter().position(|&b| b == b'\n') {
                self.line.extend_from_slice(&data[..=i]);
                emit(self.sink, &self.line);
                self.line.truncate(self.prefix);
                data = &data[i + 1..];
            }
            self.line.extend_from_slice(data);
            if self.line.len() - self.prefix >= MAX_LINE {
                self.end_line(emit);
            }
        }

        /// Hands the unterminated rest of a line, if any, to `emit`, with a newline.
        fn end_line(&mut self, emit: &mut impl FnMut(Sink, &[u8])) {
            if self.line.len() > self.prefix {
                self.line.push(b'\n');
                emit(self.sink, &self.line);
                self.line.truncate(self.prefix);
            }
        }
    }

    /// The launcher's stdout and stderr; one that failed (a closed pipe) is given up, and what
    /// was meant for it is read and dropped, so that no PE blocks on a full pipe.
    struct Sinks {
        stdout_ok: bool,
        stderr_ok: bool,
    }

    impl Sinks {
        /// Writes one whole line (one `write` unless the kernel takes part of it) under the
        /// standard handle's lock, so that it does not interleave with the program's own
        /// output either.
        fn write(&mut self, sink: Sink, line: &[u8]) {
            let ok = match sink {
                Sink::Stdout => &mut self.stdout_ok,
                Sink::Stderr => &mut self.stderr_ok,
            };
            if *ok {
                let written = match sink {
                    Sink::Stdout => {
                        let mut out = std::io::stdout().lock();
                        out.write_all(line).and_then(|()| out.flush())
                    }
                    Sink::Stderr => std::io::stderr().lock().write_all(line),
                };
                *ok = written.is_ok();
            }
        }
    }

    /// The forwarding thread, seen from the launcher.
    #[derive(Debug)]
    pub(super) struct Forwarder {
        streams: Option<mpsc::Sender<Vec<Stream>>>,
        /// Closed by [`Forwarder::finish`]: end of file tells the thread the job ended.
        wake: Option<PipeWriter>,
        thread: Option<JoinHandle<()>>,
    }

    impl Forwarder {
        /// Starts the thread (which waits for [`Forwarder::forward`]).
        pub(super) fn start() -> std::io::Result<Forwarder> {
            let (wake_rx, wake) = std::io::pipe()?;
            let (tx, rx) = mpsc::channel();
            let thread = std::thread::Builder::new()
                .name("shmemrun-output".into())
                .spawn(move || run(&rx, &wake_rx))?;
            Ok(Forwarder {
                streams: Some(tx),
                wake: Some(wake),
                thread: Some(thread),
            })
        }

        /// Hands the PEs' pipes to the thread (once).
        pub(super) fn forward(&mut self, streams: Vec<Stream>) {
            if let Some(tx) = self.streams.take() {
                // the thread only ends after this or after `finish`
                let _ = tx.send(streams);
            }
        }

        /// Tells the thread that the job ended and waits for it: at most [`DRAIN_GRACE`]
        /// plus the time its last writes take.
        pub(super) fn finish(&mut self) {
            self.streams = None;
            self.wake = None;
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }

    impl Drop for Forwarder {
        fn drop(&mut self) {
            self.finish();
        }
    }

    /// The thread's whole life.
    fn run(streams: &mpsc::Receiver<Vec<Stream>>, wake: &PipeReader) {
        let Ok(mut streams) = streams.recv() else {
            return; // the launcher gave up before starting a PE
        };
        let mut sinks = Sinks {
            stdout_ok: true,
            stderr_ok: true,
        };
        let mut emit = |sink: Sink, line: &[u8]| sinks.write(sink, line);
        let mut buf = vec![0u8; CHUNK];
        let mut deadline: Option<Instant> = None;
        while !streams.is_empty() {
            let timeout = match deadline {
                None => PollTimeout::NONE,
                Some(d) => match d.checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => {
                        PollTimeout::try_from(left).unwrap_or(PollTimeout::MAX)
                    }
                    _ => break,
                },
            };
            // Slot 0 is the wake-up pipe until the job ended; then only the PEs' pipes.
            let mut fds: Vec<PollFd<'_>> = Vec::with_capacity(streams.len() + 1);
            let watch_wake = deadline.is_none();
            if watch_wake {
                fds.push(PollFd::new(wake.as_fd(), PollFlags::POLLIN));
            }
            fds.extend(
                streams
                    .iter()
                    .map(|s| PollFd::new(s.fd.as_fd(), PollFlags::POLLIN)),
            );
            match poll(&mut fds, timeout) {
                Ok(0) if deadline.is_some() => break,
                Ok(_) | Err(Errno::EINTR) => {}
                Err(_) => break,
            }
            let ready: Vec<bool> = fds
                .iter()
                .map(|f| f.revents().is_some_and(|r| !r.is_empty()))
                .collect();
            drop(fds);
            let ready = if watch_wake {
                if ready[0] {
                    deadline = Some(Instant::now() + DRAIN_GRACE);
                }
                &ready[1..]
            } else {
                &ready[..]
            };
            let mut closed = vec![false; streams.len()];
            for ((s, _), closed) in streams
                .iter_mut()
                .zip(ready)
                .zip(closed.iter_mut())
                .filter(|((_, ready), _)| **ready)
            {
                match nix::unistd::read(&s.fd, &mut buf) {
                    Ok(0) => *closed = true,
                    Ok(n) => s.feed(&buf[..n], &mut emit),
                    Err(Errno::EINTR | Errno::EAGAIN) => {}
                    Err(_) => *closed = true,
                }
            }
            let mut closed = closed.into_iter();
            streams.retain_mut(|s| {
                let done = closed.next().unwrap_or(false);
                if done {
                    s.end_line(&mut emit);
                }
                !done
            });
        }
        // Time is up: what is left of a line still goes out, whole.
        for s in &mut streams {
            s.end_line(&mut emit);
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// Feeds `chunks` to a PE 12 stdout stream, then ends it; returns what was emitted,
        /// one entry per write.
        fn lines_of(chunks: &[&[u8]]) -> Vec<Vec<u8>> {
            let (_read, write) = std::io::pipe().unwrap();
            let mut s = Stream::new(12, OwnedFd::from(write), Sink::Stdout);
            let mut out = Vec::new();
            let mut emit = |sink: Sink, line: &[u8]| {
                assert_eq!(sink, Sink::Stdout);
                out.push(line.to_vec());
            };
            for c in chunks {
                s.feed(c, &mut emit);
            }
            s.end_line(&mut emit);
            out
        }

        #[test]
        fn lines_are_whole_and_tagged() {
            let got = lines_of(&[b"hel", b"lo\nwor", b"ld\n\nlast"]);
            let want: [&[u8]; 4] = [b"[12] hello\n", b"[12] world\n", b"[12] \n", b"[12] last\n"];
            assert_eq!(got, want);
            assert!(lines_of(&[]).is_empty());
            assert_eq!(lines_of(&[b"a\n"]), [b"[12] a\n"]);
        }

        #[test]
        fn an_endless_line_goes_in_pieces() {
            let chunk = vec![b'x'; 40 << 10];
            let got = lines_of(&[&chunk, &chunk, &chunk, b"\n"]);
            assert_eq!(got.len(), 2);
            assert!(
                got.iter()
                    .all(|l| l.starts_with(b"[12] x") && l.ends_with(b"x\n"))
            );
            let total: usize = got.iter().map(|l| l.len() - b"[12] \n".len()).sum();
            assert_eq!(total, 3 * chunk.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_env(env: &[(&str, &str)]) -> LaunchConfig {
        LaunchConfig {
            n_pes: 2,
            symmetric_size: 1 << 20,
            timeout: None,
            bind: Bind::None,
            program: "true".into(),
            args: Vec::new(),
            env: env.iter().map(|&(k, v)| (k.into(), v.into())).collect(),
            tag_output: false,
        }
    }

    #[test]
    fn bootstrap_variables_carry_the_reserved_prefix() {
        for name in [
            config::ENV_RUN_FD,
            config::ENV_RUN_PE,
            config::ENV_RUN_NPES,
            config::ENV_RUN_TOKEN,
            config::ENV_RUN_CPUS,
            config::ENV_RUN_BIND,
        ] {
            assert!(name.starts_with(RUN_ENV_PREFIX), "{name}");
        }
    }

    #[test]
    fn extra_environment_is_checked() {
        assert!(check_config(&with_env(&[("FOO", "bar"), ("SHMEM_DEBUG", "1")])).is_ok());
        for bad in ["", "A=B", "A\0B", "SHMEM_RUN_PE", "SHMEM_RUN_ANYTHING"] {
            match check_config(&with_env(&[("FOO", "bar"), (bad, "1")])) {
                Err(Error::Config {
                    name: "-x", value, ..
                }) => assert_eq!(value, bad),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }
}
