//! The MPI transport end to end (feature `mpi`): jobs started by `mpirun` say which transport
//! they use, end with `global_exit`'s status, and end promptly, naming the cause, when a PE
//! panics; nothing is left in /dev/shm. (The other integration tests run under `mpirun` too,
//! with `SHMEM_TEST_LAUNCHER=mpirun`: `tests/support`.)
#![forbid(unsafe_code)]

mod support;

use std::process::Output;
use std::time::{Duration, Instant};

use support::{Custom, Failed, describe, dev_shm, ensure};

/// What the PE program does: `exit` (PE 1 calls `global_exit(7)`), `exit256` (PE 1 calls
/// `global_exit(256)`, whose low byte is 0: the job's status is 1), `panic` (PE 1 panics),
/// `panic_last` (the last PE panics), `failing_exit` (the last PE calls
/// `std::process::exit(3)`), `sigkill` (the last PE is killed), `hang` (PE 1 waits for ever),
/// `thread` (every PE moves its handle to a new thread, which finishes), `preinit` (the
/// program initializes MPI itself first, and uses it after shmem ends), anything else: report
/// and finish.
const WHAT_ENV: &str = "SHMEM_TEST_WHAT";

/// Where the PE that `sigkill` kills writes its pid first (MPICH's Hydra names a killed rank
/// by its pid).
const PID_FILE_ENV: &str = "SHMEM_TEST_PID_FILE";

fn body() {
    if std::env::var(WHAT_ENV).as_deref() == Ok("preinit") {
        return preinit_body();
    }
    if std::env::var(WHAT_ENV).as_deref() == Ok("multiple") {
        return multiple_body();
    }
    if std::env::var(WHAT_ENV).as_deref() == Ok("reinit") {
        return reinit_body();
    }
    let shmem = shmem::init().expect("shmem::init");
    let me = shmem.my_pe().index();
    let what = std::env::var(WHAT_ENV).unwrap_or_default();
    if what == "hang" {
        // PE 1 waits for a flag nobody sets; the others wait for PE 1 in a barrier.
        let flag = shmem::SymBox::new(&shmem, 0u32).expect("a flag");
        shmem.barrier_all();
        if me == 1 {
            flag.wait_until(shmem::Cmp::Eq, 1);
        }
        shmem.barrier_all();
        return;
    }
    if what == "failing_exit" || what == "failing_exit_thread" {
        // The last PE (on the second host when there are two) exits with status 3, without
        // finalizing (from another thread than the one that initialized MPI with
        // `failing_exit_thread`); the others wait for it in a barrier.
        shmem.barrier_all();
        if me == shmem.n_pes() - 1 {
            if what == "failing_exit_thread" {
                let _ = std::thread::spawn(|| std::process::exit(3)).join();
            }
            std::process::exit(3);
        }
        shmem.barrier_all();
        return;
    }
    if what == "sigkill" {
        // The last PE (on the second host when there are two) is killed outright; the others
        // wait for it in a barrier.
        shmem.barrier_all();
        if me == shmem.n_pes() - 1 {
            let pid = std::process::id().to_string();
            // Hydra names a failed rank by its pid and host: the driver learns it from here.
            if let Ok(file) = std::env::var(PID_FILE_ENV) {
                std::fs::write(file, &pid).expect("the pid file is writable");
            }
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &pid])
                .status();
            std::thread::sleep(Duration::from_secs(60));
        }
        shmem.barrier_all();
        return;
    }
    if what == "thread" {
        std::thread::spawn(move || {
            shmem.barrier_all();
            println!("PE {me} of {} finished on another thread", shmem.n_pes());
        })
        .join()
        .expect("the other thread finished");
        return;
    }
    if what == "panic_last" && me == shmem.n_pes() - 1 {
        // On the second host when there are two.
        panic!("PE {me} fails on purpose");
    }
    if me == 1 {
        match what.as_str() {
            "exit" => shmem.global_exit(7),
            "exit256" => shmem.global_exit(256),
            "panic" => panic!("PE 1 fails on purpose"),
            _ => {}
        }
    }
    // The others wait for PE 1, which never comes in the failure cases.
    shmem.barrier_all();
    println!("PE {me} of {} finished", shmem.n_pes());
}

/// `init_thread(Multiple)` under mpirun with every PE a pretend node: MPI runs at
/// `MPI_THREAD_MULTIPLE`, the level provided is `Multiple`, and two threads per PE, each with a
/// context, add into every PE's counter and write their slot of every PE's array through MPI.
fn multiple_body() {
    use shmem::{CtxOptions, SymVec, ThreadLevel};
    let shmem = shmem::init_thread(ThreadLevel::Multiple).expect("shmem::init_thread");
    assert_eq!(shmem.thread_level(), ThreadLevel::Multiple);
    let (me, n) = (shmem.my_pe().index(), shmem.n_pes());
    let mut counter = SymVec::<u64>::zeroed(&shmem, 1).expect("alloc");
    let mut slots = SymVec::<u32>::zeroed(&shmem, 2 * n).expect("alloc");
    {
        let (counter, slots) = (counter.lend().expect("lend"), slots.lend().expect("lend"));
        std::thread::scope(|s| {
            for t in 0..2 {
                let ctx = shmem.ctx_create(CtxOptions::NONE).expect("a context");
                s.spawn(move || {
                    for pe in ctx.pes() {
                        ctx.atomic_fetch_add(&counter, 0, pe, (me * 2 + t + 1) as u64)
                            .expect("in bounds");
                        ctx.p(&slots, 2 * me + t, pe, (100 * me + t) as u32)
                            .expect("in bounds");
                    }
                    ctx.quiet();
                });
            }
        });
    }
    shmem.barrier_all();
    let total: u64 = (0..2 * n as u64).map(|k| k + 1).sum();
    let want: Vec<u32> = (0..2 * n).map(|k| (100 * (k / 2) + k % 2) as u32).collect();
    assert_eq!(counter.read(0).expect("in bounds"), total);
    assert_eq!(slots.to_vec(), want);
    println!("PE {me} of {n} multiple ok");
}

/// A static that must keep its value from one initialization to the next.
#[shmem::symmetric]
static KEPT: u64 = 5;

/// OpenSHMEM 1.6's re-initialization under MPI: three init/finalize rounds in one process
/// (MPI is initialized once and finalized at exit), each with a put to the right
/// neighbour, an atomic on PE 0, a reduction, and a static written by the right neighbour in
/// the previous round.
fn reinit_body() {
    for round in 0..3u64 {
        let shmem = shmem::init().expect("shmem::init");
        let (me, n) = (shmem.my_pe().index() as u64, shmem.n_pes() as u64);
        let kept = KEPT.sym(&shmem);
        let want = if round == 0 {
            5
        } else {
            100 * round + (me + 1) % n
        };
        assert_eq!(kept.read(), want, "round {round}");
        shmem.barrier_all();
        kept.p(
            shmem.pe_wrapping((me + n - 1) as usize),
            100 * (round + 1) + me,
        );
        let slots = shmem::SymVec::<u64>::zeroed(&shmem, 1).expect("alloc");
        slots
            .put(shmem.pe_wrapping(me as usize + 1), &[round * 10 + me])
            .expect("put");
        let count = shmem::SymBox::new(&shmem, 0u64).expect("alloc");
        let pe0 = shmem.pe(0).expect("PE 0");
        count.atomic_fetch_add(pe0, 1u64 << me);
        let src = shmem::SymVec::new(&shmem, 2, me * 3 + round).expect("alloc");
        let mut sum = shmem::SymVec::new(&shmem, 2, 0u64).expect("alloc");
        shmem::Team::world(&shmem)
            .sum_reduce(&mut sum, &src)
            .expect("reduce");
        shmem.barrier_all();
        assert_eq!(
            slots.to_vec(),
            [round * 10 + (me + n - 1) % n],
            "round {round}"
        );
        assert_eq!(count.atomic_fetch(pe0), (1u64 << n) - 1, "round {round}");
        let total: u64 = (0..n).map(|p| p * 3 + round).sum();
        assert_eq!(sum.to_vec(), [total; 2], "round {round}");
        drop((slots, count, src, sum));
        shmem.finalize();
    }
    println!("PE reinit ok");
}

/// The program owns MPI: it initializes it, runs shmem on it (a put, an atomic and a
/// reduction, so that pretend nodes go through MPI), and still uses MPI after shmem ended.
fn preinit_body() {
    use shmem::mpi::traits::CommunicatorCollectives;
    let universe = shmem::mpi::initialize().expect("MPI starts");
    let world = universe.world();
    let shmem = shmem::init().expect("shmem::init on the program's MPI");
    let (me, n) = (shmem.my_pe().index(), shmem.n_pes());
    let slots = shmem::SymVec::<u64>::zeroed(&shmem, n).expect("alloc");
    let right = shmem.pe_wrapping(me + 1);
    slots
        .slice(me..me + 1)
        .expect("in bounds")
        .put(right, &[me as u64 * 10 + 1])
        .expect("put");
    let count = shmem::SymBox::new(&shmem, 0u64).expect("alloc");
    let pe0 = shmem.pe(0).expect("PE 0");
    count.atomic_fetch_add(pe0, 1u64 << me);
    shmem.barrier_all();
    let left = (me + n - 1) % n;
    let got = slots.to_vec()[left];
    let total = count.atomic_fetch(pe0);
    assert_eq!(
        (got, total),
        (left as u64 * 10 + 1, (1u64 << n) - 1),
        "PE {me}: the put from PE {left} and the atomics"
    );
    drop((slots, count));
    drop(shmem);
    // shmem freed its windows at finalize (the program may finalize MPI next), so it cannot
    // initialize again.
    assert!(matches!(shmem::init(), Err(shmem::Error::Finalized)));
    // MPI is still the program's: shmem did not finalize it.
    let mut sum = 0u64;
    world.all_reduce_into(
        &(me as u64),
        &mut sum,
        shmem::mpi::collective::SystemOperation::sum(),
    );
    assert_eq!(sum, (0..n as u64).sum::<u64>());
    println!("PE {me} of {n} finished, MPI still up");
}

/// Runs this binary as `case` under `mpirun -np n`, with `env`.
fn mpirun(n: usize, case: &str, env: &[(&str, &str)]) -> (Output, Duration) {
    mpirun_osc(n, case, env, Osc::AsThisRun)
}

/// Who chooses Open MPI's one-sided components for a job ([`OSC_ENV`]).
#[derive(Clone, Copy)]
enum Osc<'a> {
    /// Whatever this test run's environment says.
    AsThisRun,
    /// Nobody: the variable is removed from the job's environment.
    Nobody,
    /// The user, as `mpirun --mca osc` does.
    User(&'a str),
}

/// [`mpirun`] with Open MPI's one-sided components chosen by `osc`.
fn mpirun_osc(n: usize, case: &str, env: &[(&str, &str)], osc: Osc<'_>) -> (Output, Duration) {
    let exe = std::env::current_exe().unwrap();
    let mut vars = env.to_vec();
    vars.push((support::CASE_ENV, case));
    let (mut cmd, _session) = support::mpirun_command(n, &vars, "120");
    match osc {
        Osc::AsThisRun => {}
        Osc::Nobody => {
            cmd.env_remove(OSC_ENV);
        }
        Osc::User(o) => {
            cmd.env(OSC_ENV, o);
            if support::mpi() == Some(support::Mpi::OpenMpi) {
                cmd.arg("-x").arg(OSC_ENV);
            }
        }
    }
    cmd.arg(exe);
    let t0 = Instant::now();
    let out = cmd
        .output()
        .expect("the MPI launcher (Open MPI's mpirun or MPICH's mpiexec.mpich) is installed");
    let took = t0.elapsed();
    support::report_job(case, n, &out, took);
    (out, took)
}

/// `SHMEM_INFO` names the transport and the placement: one node, or pretend nodes.
fn check_info() -> Result<(), Failed> {
    let before = dev_shm();
    // Across two hosts (`SHMEM_TEST_HOSTS=2`) the 3 PEs are 2 on PE 0's host and 1 on the
    // other: two real nodes, whatever SHMEM_MPI_NODE_SIZE says, reached through the
    // per-partition windows.
    let expected = if support::hosts() == 2 {
        [
            "transport: MPI (2 nodes, 2 PEs on this one; PEs of a node share memory, other \
             nodes go through MPI RMA)",
            "transport: MPI (2 nodes, 2 PEs on this one, from SHMEM_MPI_NODE_SIZE; PEs of a \
             node share memory, other nodes go through MPI RMA)",
        ]
    } else {
        [
            "transport: MPI (1 node, 3 PEs on this one; PEs of a node share memory)",
            "transport: MPI (2 nodes, 2 PEs on this one, from SHMEM_MPI_NODE_SIZE; PEs of a \
             node share memory, other nodes go through MPI RMA on one shared window)",
        ]
    };
    for (k, want) in ["", "2"].into_iter().zip(expected) {
        let (out, _) = mpirun(
            3,
            "mpi_info",
            &[("SHMEM_INFO", "1"), ("SHMEM_MPI_NODE_SIZE", k)],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        ensure(
            out.status.success()
                && text.contains(want)
                && text.contains("launched by: Mpi")
                && (0..3).all(|p| text.contains(&format!("PE {p} of 3 finished"))),
            || format!("SHMEM_MPI_NODE_SIZE={k:?}\n{}", describe(&out)),
        )?;
    }
    nothing_left(&before)
}

/// Open MPI's choice of one-sided components, as `mpirun --mca osc` passes it to the ranks.
const OSC_ENV: &str = "OMPI_MCA_osc";

/// With no one-sided component of the user's, a job runs: on one node, and across two hosts
/// (`SHMEM_TEST_HOSTS=2`), where Debian's Open MPI default (`osc = ^ucx,pt2pt`, leaving only
/// `rdma`, which needs an RDMA network) fails in `MPI_Win_create` unless shmem chooses.
fn check_osc_default() -> Result<(), Failed> {
    let (out, _) = mpirun_osc(
        4,
        "mpi_info",
        &[("SHMEM_INFO", "1"), ("SHMEM_MPI_NODE_SIZE", "")],
        Osc::Nobody,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let nodes = if support::hosts() == 2 {
        "transport: MPI (2 nodes"
    } else {
        "transport: MPI (1 node"
    };
    ensure(
        out.status.success()
            && text.contains(nodes)
            && (0..4).all(|p| text.contains(&format!("PE {p} of 4 finished"))),
        || describe(&out),
    )
}

/// The user's own choice wins, and where it cannot make the windows every PE fails at init
/// with a line naming the problem and the remedy, not MPI's abort text. `sm,rdma` makes the
/// one-node window, but not the per-partition windows across hosts over TCP. Under MPICH,
/// Open MPI's variable means nothing, and the job runs, on one host and across two.
fn check_osc_refused() -> Result<(), Failed> {
    let (out, took) = mpirun_osc(4, "mpi_info", &[], Osc::User("sm,rdma"));
    if support::hosts() != 2 || support::mpi() == Some(support::Mpi::Mpich) {
        return ensure(out.status.success(), || describe(&out));
    }
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        !out.status.success()
            && err.contains("MPI_Win_create")
            && err.contains("--mca osc sm,pt2pt")
            && !err.contains("MPI_ERRORS_ARE_FATAL")
            && took < Duration::from_secs(60),
        || format!("took {took:?}\n{}", describe(&out)),
    )
}

/// Fails when /dev/shm holds files that were not there `before`, other than the MPI library's
/// own, which belong to jobs of the other trials running meanwhile: Open MPI's
/// `vader_segment.*` (mpirun removes them when its job ends) and MPICH's `mpich_shar_tmp*`
/// (removed once every rank of a node has mapped it); Open MPI's `osc_sm.*`, the backing
/// files of those jobs' `osc sm` windows, unlinked once every rank has attached (seen under
/// srun, whose jobs start more slowly); and UCX's `ucx_shm_posix_*`, the segments of its
/// shared-memory transport in a running job (seen once under MPICH across two hosts, in a CI
/// run whose /dev/shm was empty afterwards).
fn nothing_left(before: &std::collections::BTreeSet<String>) -> Result<(), Failed> {
    let left: Vec<_> = dev_shm()
        .difference(before)
        .filter(|f| {
            !f.starts_with("vader_segment.")
                && !f.starts_with("mpich_shar_tmp")
                && !f.starts_with("osc_sm.")
                && !f.starts_with("ucx_shm_posix_")
        })
        .cloned()
        .collect();
    ensure(left.is_empty(), || format!("left in /dev/shm: {left:?}"))
}

/// `SHMEM_DEADLOCK_TIMEOUT`: a job in which every PE waits for something no PE can do any more
/// is not silent under `mpirun` (which has no deadlock check): the PE that has slept in one
/// wait for the timeout says where it waits and ends the job with status 124.
///
/// Under MPICH's Hydra the first PE to give up ends the job before the others say where they
/// wait (any PE's line will do), and the job's status is not 124: on one host Hydra's status
/// comes from the ranks its proxy killed (9) or from those that gave up (124), whichever it
/// sees, and across hosts the PE ends its process with SIGKILL (Hydra ends the other hosts
/// only for a rank killed by a signal) and `mpiexec` exits with 255.
fn check_deadlock_timeout() -> Result<(), Failed> {
    let mpich = support::mpi() == Some(support::Mpi::Mpich);
    // A job that finishes is not disturbed by the watch, and ends it cleanly (its thread holds
    // the segment, whose release under MPI must happen on the MPI thread).
    let (out, _) = mpirun(
        3,
        "mpi_deadlock_timeout",
        &[("SHMEM_DEADLOCK_TIMEOUT", "60")],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && (0..3).all(|p| text.contains(&format!("PE {p} of 3 finished"))),
        || describe(&out),
    )?;
    let (out, took) = mpirun(
        3,
        "mpi_deadlock_timeout",
        &[(WHAT_ENV, "hang"), ("SHMEM_DEADLOCK_TIMEOUT", "2")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    let status = if mpich {
        !out.status.success()
    } else {
        out.status.code() == Some(124)
    };
    ensure(
        status
            && err.contains("has slept in one wait for 2 s (SHMEM_DEADLOCK_TIMEOUT)")
            && (mpich
                || (err.contains("PE 1 has slept in one wait")
                    && err.contains("waits in wait_until on its 4-byte symmetric word")))
            && took < Duration::from_secs(60),
        || format!("took {took:?}\n{}", describe(&out)),
    )
}

/// `global_exit` ends the job with its status (the low byte, never 0 for a non-zero status),
/// and the PE names itself and the status it asked for, whatever the MPI launcher prints.
fn check_global_exit() -> Result<(), Failed> {
    // Under MPICH's Hydra the status of `global_exit(7)` only (as before the line existed).
    let mpich = support::mpi() == Some(support::Mpi::Mpich);
    for (what, asked, code) in [("exit", 7, 7), ("exit256", 256, 1)] {
        if mpich && asked != 7 {
            continue;
        }
        let (out, took) = mpirun(4, "mpi_global_exit", &[(WHAT_ENV, what)]);
        let err = String::from_utf8_lossy(&out.stderr);
        let line = format!(
            "shmem: PE 1 called global_exit({asked}); the job ends with exit status {code}"
        );
        ensure(
            out.status.code() == Some(code)
                && (mpich || err.contains(&line))
                && took < Duration::from_secs(60),
            || format!("{what}: took {took:?}\n{}", describe(&out)),
        )?;
    }
    Ok(())
}

/// A PE killed by SIGKILL (on the second host, across two) ends the whole job promptly, the
/// launcher naming it, and leaves nothing in /dev/shm. Under MPICH's Hydra too: its `mpiexec`
/// ends every host's ranks when a host reports a rank killed by a signal, and names the first
/// such rank of that host by its pid and host; on one host its proxy has killed the other
/// ranks before it reports, and the rank named may be another (so only across two hosts is
/// the pid checked).
fn check_sigkill() -> Result<(), Failed> {
    let before = dev_shm();
    let pid_file = std::env::temp_dir().join(format!("shmem-test-pid-{}", std::process::id()));
    let _ = std::fs::remove_file(&pid_file);
    let path = pid_file.to_str().expect("a UTF-8 temporary directory");
    let (out, took) = mpirun(
        4,
        "mpi_sigkill",
        &[(WHAT_ENV, "sigkill"), (PID_FILE_ENV, path)],
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap_or_default();
    let _ = std::fs::remove_file(&pid_file);
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    // mpirun: "process rank 3 ... exited on signal 9"; srun: "task 3: Killed"; Hydra (on its
    // stdout): "BAD TERMINATION ... PID <pid> RUNNING AT shmem-host2 ... EXIT CODE: 9".
    let named = match support::mpi() {
        Some(support::Mpi::Srun) => err.contains("task 3: Killed"),
        Some(support::Mpi::Mpich) => {
            text.contains("BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES")
                && text.contains("EXIT CODE: 9")
                && (support::hosts() == 1
                    || (!pid.is_empty()
                        && text.contains(&format!("PID {pid} RUNNING AT {}", support::OTHER_HOST))))
        }
        _ => err.contains("rank 3") && err.contains("signal 9"),
    };
    ensure(
        !out.status.success() && named && took < Duration::from_secs(20),
        || format!("took {took:?}, PE 3 was pid {pid:?}\n{}", describe(&out)),
    )?;
    nothing_left(&before)
}

/// A PE that exits with a failing status without finalizing (the last, on the second host
/// across two) ends the whole job promptly with that status, the PE named, and leaves nothing
/// in /dev/shm. Under MPICH's Hydra a rank that exits non-zero ends only its own host's ranks
/// (the other hosts' would wait for ever), so there the PE calls `MPI_Abort` with its status
/// on its way out; Hydra then names it (`MPI_Abort(MPI_COMM_WORLD, 3) - process 3`), but may
/// end the job before the PE's last lines reach its stderr: the status is what shows the
/// abort (a plain exit gives 9 on one host, SIGKILL's, and hangs across two).
fn check_failing_exit() -> Result<(), Failed> {
    let before = dev_shm();
    let (out, took) = mpirun(4, "mpi_failing_exit", &[(WHAT_ENV, "failing_exit")]);
    let err = String::from_utf8_lossy(&out.stderr);
    let words = err.split_whitespace().collect::<Vec<_>>().join(" ");
    let ok = match support::mpi() {
        // srun: the highest of its tasks' statuses (137 or 143 for the PEs it ended).
        Some(support::Mpi::Srun) => {
            !out.status.success() && err.contains("task 3: Exited with exit code 3")
        }
        Some(support::Mpi::Mpich) => {
            out.status.code() == Some(3)
                && (!err.contains("shmem: PE 3")
                    || err.contains(
                        "shmem: PE 3 exited with status 3 while MPI was running; MPI_Abort \
                         ends the job with that status",
                    ))
        }
        _ => {
            out.status.code() == Some(3)
                && words.contains(",1],3] Exit code: 3")
                && !err.contains("MPI_Abort")
        }
    };
    ensure(ok && took < Duration::from_secs(20), || {
        format!("took {took:?}\n{}", describe(&out))
    })?;
    // From a thread that may not call MPI (shmem's default, MPI_THREAD_SINGLE): under Hydra
    // across hosts the PE kills itself with SIGKILL, which ends every host (the status is
    // Hydra's, 255); on one host, and under the other launchers, its exit status ends the job.
    let (out, took) = mpirun(4, "mpi_failing_exit", &[(WHAT_ENV, "failing_exit_thread")]);
    let err = String::from_utf8_lossy(&out.stderr);
    let ok = match (support::mpi(), support::hosts()) {
        (Some(support::Mpi::Mpich), 2) => {
            !out.status.success()
                && (!err.contains("shmem: PE 3")
                    || err.contains(
                        "shmem: PE 3 exited with status 3 on a thread that may not call MPI",
                    ))
        }
        (Some(support::Mpi::OpenMpi), _) => out.status.code() == Some(3),
        _ => !out.status.success(),
    };
    ensure(ok && took < Duration::from_secs(20), || {
        format!("failing_exit_thread: took {took:?}\n{}", describe(&out))
    })?;
    nothing_left(&before)
}

/// A panicking PE fails the job at once, with its message and status 101 (srun: below), under every
/// launcher: MPICH's Hydra, across hosts, ends only the failing rank's host on a non-zero exit
/// (its other hosts' ranks wait for ever), so there a panicking PE calls `MPI_Abort(101)`.
fn check_panic() -> Result<(), Failed> {
    let (out, took) = mpirun(4, "mpi_panic", &[(WHAT_ENV, "panic")]);
    let err = String::from_utf8_lossy(&out.stderr);
    // srun's status is the highest of every task's, counting a task killed by signal S as
    // 128+S, so 137 or 143 for the PEs it ended (Slurm's PMIx plugin ends the step when Open
    // MPI reports the lost rank); srun names the PE and its status on stderr.
    let status = if support::mpi() == Some(support::Mpi::Srun) {
        !out.status.success() && err.contains("task 1: Exited with exit code 101")
    } else {
        out.status.code() == Some(101)
    };
    ensure(
        status && err.contains("PE 1 fails on purpose") && took < Duration::from_secs(60),
        || format!("took {took:?}\n{}", describe(&out)),
    )?;
    if support::mpi() == Some(support::Mpi::Srun) {
        return Ok(());
    }
    // The last PE, on the second host across two: MPICH's Hydra ends the first host's PEs too
    // (the PE calls `MPI_Abort(101)`), and names it.
    let (out, took) = mpirun(4, "mpi_panic", &[(WHAT_ENV, "panic_last")]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        out.status.code() == Some(101)
            && err.contains("PE 3 fails on purpose")
            && took < Duration::from_secs(20),
        || format!("panic_last: took {took:?}\n{}", describe(&out)),
    )
}

/// Under srun, a step without PMIx (`--mpi=pmi2` here), which Debian's Open MPI cannot start
/// in, fails at init on every PE, at once, with one line naming the remedy: not Open MPI's page
/// about rebuilding Slurm and its abort text. (Nothing to check under the other launchers.)
fn check_srun_without_pmix() -> Result<(), Failed> {
    if support::mpi() != Some(support::Mpi::Srun) {
        return Ok(());
    }
    let (out, took) = mpirun(2, "mpi_srun_without_pmix", &[("SLURM_MPI_TYPE", "pmi2")]);
    let err = String::from_utf8_lossy(&out.stderr);
    let line = "Slurm's srun started this PE without PMIx (--mpi=pmi2), and this Open MPI learns \
                its rank only through PMIx: run srun --mpi=pmix";
    ensure(
        !out.status.success()
            && err.matches(line).count() == 2
            && !err.contains("MPI_ERRORS_ARE_FATAL")
            && took < Duration::from_secs(30),
        || format!("took {took:?}\n{}", describe(&out)),
    )
}

/// `SHMEM_MPI_THREADS`: at the default, `single`, a call from a thread other than the one that
/// initialized MPI panics before it reaches MPI, naming the variable; at `serialized`, the handle
/// works from another thread. (Every PE a pretend node, so that the barrier is an MPI call.)
fn check_threads() -> Result<(), Failed> {
    let (out, took) = mpirun(
        2,
        "mpi_threads",
        &[
            (WHAT_ENV, "thread"),
            ("SHMEM_MPI_NODE_SIZE", "1"),
            ("SHMEM_MPI_THREADS", "single"),
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    // Both PEs panic (status 101). Under MPICH's Hydra the job's status is that of the rank it
    // sees end first, which may be the one that the other's `MPI_Abort(101)` ended (status 1,
    // "Hangup": 1 run in 8 beside .ci/busy at pretend nodes of 2); the panic's line is there.
    let status_ok = match support::mpi() {
        Some(support::Mpi::Mpich) => matches!(out.status.code(), Some(c) if c != 0),
        _ => out.status.code() == Some(101),
    };
    ensure(
        status_ok
            && err.contains("set SHMEM_MPI_THREADS=serialized")
            && took < Duration::from_secs(60),
        || format!("single: took {took:?}\n{}", describe(&out)),
    )?;
    let (out, _) = mpirun(
        2,
        "mpi_threads",
        &[
            (WHAT_ENV, "thread"),
            ("SHMEM_MPI_NODE_SIZE", "1"),
            ("SHMEM_MPI_THREADS", "serialized"),
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && text.matches("finished on another thread").count() == 2,
        || format!("serialized:\n{}", describe(&out)),
    )
}

/// A program that initialized MPI itself (at `MPI_THREAD_SINGLE`, so `SHMEM_MPI_THREADS` is
/// pinned to `single`: `serialized` would be refused): shmem runs on it (with and without
/// pretend nodes) and leaves it initialized.
fn check_preinit() -> Result<(), Failed> {
    // A program that initializes MPI itself chooses the one-sided components too: across
    // hosts shmem cannot choose them for it (`MPI_Init` has read them), and says so.
    let osc = if support::hosts() == 2 {
        Osc::User("sm,ucx")
    } else {
        Osc::AsThisRun
    };
    for k in ["", "1"] {
        let (out, _) = mpirun_osc(
            3,
            "mpi_preinit",
            &[
                (WHAT_ENV, "preinit"),
                ("SHMEM_MPI_NODE_SIZE", k),
                ("SHMEM_MPI_THREADS", "single"),
            ],
            osc,
        );
        let text = String::from_utf8_lossy(&out.stdout);
        ensure(
            out.status.success() && text.matches("finished, MPI still up").count() == 3,
            || format!("SHMEM_MPI_NODE_SIZE={k:?}\n{}", describe(&out)),
        )?;
    }
    Ok(())
}

/// `shmem::init_thread(ThreadLevel::Multiple)` in a multi-node MPI job (pretend nodes of one
/// PE): MPI is asked for `MPI_THREAD_MULTIPLE` although `SHMEM_MPI_THREADS` says `single`, and
/// contexts reach the other nodes from two threads per PE.
fn check_multiple() -> Result<(), Failed> {
    let (out, _) = mpirun(
        3,
        "mpi_multiple",
        &[
            (WHAT_ENV, "multiple"),
            ("SHMEM_MPI_NODE_SIZE", "1"),
            ("SHMEM_MPI_THREADS", "single"),
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && text.matches("multiple ok").count() == 3,
        || describe(&out),
    )
}

/// Re-initialization under mpirun, on one node and with every PE a pretend node (through
/// MPI RMA), at both thread levels.
fn check_reinit() -> Result<(), Failed> {
    let before = dev_shm();
    for (k, threads) in [("", "single"), ("1", "single"), ("2", "serialized")] {
        let (out, _) = mpirun(
            3,
            "mpi_reinit",
            &[
                (WHAT_ENV, "reinit"),
                ("SHMEM_MPI_NODE_SIZE", k),
                ("SHMEM_MPI_THREADS", threads),
            ],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        ensure(
            out.status.success() && text.matches("PE reinit ok").count() == 3,
            || format!("SHMEM_MPI_NODE_SIZE={k:?} {threads}\n{}", describe(&out)),
        )?;
    }
    nothing_left(&before)
}

/// A symmetric size that cannot fit in this host's memory for its PEs fails `init` on every
/// PE with the figures, as `shmemrun` refuses it: Open MPI's `osc sm` only warned that its
/// backing file did not fit in /dev/shm, and the job hung in start-up until a timeout.
fn check_too_large() -> Result<(), Failed> {
    let before = dev_shm();
    let (out, _) = mpirun(2, "mpi_too_large", &[("SHMEM_SYMMETRIC_SIZE", "1t")]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        !out.status.success()
            && err.contains("bytes of shared memory")
            && err.contains("more than this machine's"),
        || describe(&out),
    )?;
    nothing_left(&before)
}

/// PEs started with different symmetric sizes (here PE 1 with 3 MiB, the others with 2) fail
/// `init` alike: every PE reports the same mismatch, naming PE 0's size and PE 1's, where the
/// PEs that saw a wrong layout failed with other errors and the others went on.
fn check_size_differs() -> Result<(), Failed> {
    let before = dev_shm();
    let (mut cmd, _session) = support::mpirun_command(
        2,
        &[
            (support::CASE_ENV, "mpi_size_differs"),
            ("SHMEM_SYMMETRIC_SIZE", "2m"),
        ],
        "120",
    );
    // The rank as each launcher tells it (Open MPI, MPICH's Hydra, Slurm).
    let script = r#"r=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${SLURM_PROCID:-0}}}
if [ "$r" = 1 ]; then export SHMEM_SYMMETRIC_SIZE=3m; fi
exec "$0""#;
    cmd.args(["sh", "-c", script])
        .arg(std::env::current_exe().unwrap());
    let out = cmd.output().expect("the MPI launcher runs");
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let line = "collective argument mismatch: SHMEM_SYMMETRIC_SIZE (bytes per PE, in whole \
                pages) is 2097152 on PE 0 but 3145728 on PE 1";
    ensure(
        !out.status.success() && all.matches(line).count() == 2,
        || describe(&out),
    )?;
    nothing_left(&before)
}

/// A program linked with one MPI that another MPI's launcher starts (Open MPI's `mpirun` and
/// a build against MPICH, or MPICH's `mpiexec` and one against Open MPI) fails at init naming
/// the cause: each process would otherwise initialize MPI as a singleton and the job run as N
/// 1-PE jobs with status 0. The other launcher is faked by its variable (its real launcher does
/// the same: `MPI_COMM_WORLD` has 1 rank).
fn check_wrong_launcher() -> Result<(), Failed> {
    let (var, who) = match support::mpi() {
        Some(support::Mpi::Mpich) => ("OMPI_COMM_WORLD_SIZE", "Open MPI's mpirun"),
        _ => ("PMI_SIZE", "MPICH's mpiexec"),
    };
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .env(support::CASE_ENV, "mpi_wrong_launcher")
        .env(var, "2")
        .output()
        .expect("the test binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        !out.status.success()
            && err.contains("started 2 processes, but MPI_COMM_WORLD has 1")
            && err.contains("linked with another MPI library"),
        || format!("{var}=2 ({who}):\n{}", describe(&out)),
    )
}

/// `SHMEM_TRANSPORT=shm` under mpirun: every process is a 1-PE job of its own.
fn check_transport_shm() -> Result<(), Failed> {
    let (out, _) = mpirun(2, "mpi_transport_shm", &[("SHMEM_TRANSPORT", "shm")]);
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && text.matches("PE 0 of 1 finished").count() == 2,
        || describe(&out),
    )
}

fn main() {
    support::main(
        &[],
        &[
            Custom {
                name: "mpi_info",
                body,
                check: check_info,
            },
            Custom {
                name: "mpi_global_exit",
                body,
                check: check_global_exit,
            },
            Custom {
                name: "mpi_deadlock_timeout",
                body,
                check: check_deadlock_timeout,
            },
            Custom {
                name: "mpi_sigkill",
                body,
                check: check_sigkill,
            },
            Custom {
                name: "mpi_failing_exit",
                body,
                check: check_failing_exit,
            },
            Custom {
                name: "mpi_panic",
                body,
                check: check_panic,
            },
            Custom {
                name: "mpi_threads",
                body,
                check: check_threads,
            },
            Custom {
                name: "mpi_multiple",
                body,
                check: check_multiple,
            },
            Custom {
                name: "mpi_preinit",
                body,
                check: check_preinit,
            },
            Custom {
                name: "mpi_reinit",
                body,
                check: check_reinit,
            },
            Custom {
                name: "mpi_osc_default",
                body,
                check: check_osc_default,
            },
            Custom {
                name: "mpi_osc_refused",
                body,
                check: check_osc_refused,
            },
            Custom {
                name: "mpi_too_large",
                body,
                check: check_too_large,
            },
            Custom {
                name: "mpi_size_differs",
                body,
                check: check_size_differs,
            },
            Custom {
                name: "mpi_wrong_launcher",
                body,
                check: check_wrong_launcher,
            },
            Custom {
                name: "mpi_srun_without_pmix",
                body,
                check: check_srun_without_pmix,
            },
            Custom {
                name: "mpi_transport_shm",
                body,
                check: check_transport_shm,
            },
        ],
    );
}
