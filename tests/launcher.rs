//! `shmemrun` end to end: failures of every kind end the job promptly with one line naming the
//! PE and the cause, no PE survives, nothing is left in /dev/shm; configuration and the
//! singleton rule.
#![forbid(unsafe_code)]

mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use support::{Custom, Failed, describe, dev_shm, ensure, run_job, shmemrun};

const DIR_ENV: &str = "SHMEM_TEST_DIR";
/// The status `launcher_global_exit` passes to `global_exit`.
const STATUS_ENV: &str = "SHMEM_TEST_STATUS";

fn now_ms() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis()
}

/// A fresh directory for one trial's PE pid files.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "shmem-test-{}-{}-{}",
        name,
        std::process::id(),
        now_ms()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// PE side: record this process's pid.
fn record_pid(me: usize) {
    record(&format!("pe{me}"), std::process::id());
}

/// PE side: record `pid` in `<name>.pid` in the scratch directory.
fn record(name: &str, pid: u32) {
    if let Ok(d) = std::env::var(DIR_ENV) {
        // write then rename, so that the driver never reads a half-written file
        let tmp = PathBuf::from(&d).join(format!("{name}.tmp"));
        std::fs::write(&tmp, pid.to_string()).unwrap();
        std::fs::rename(&tmp, PathBuf::from(d).join(format!("{name}.pid"))).unwrap();
    }
}

/// PE side: record when the failure is about to happen.
fn record_failure_time() {
    if let Ok(d) = std::env::var(DIR_ENV) {
        std::fs::write(PathBuf::from(d).join("fail.ms"), now_ms().to_string()).unwrap();
    }
}

fn pids(dir: &PathBuf) -> Vec<u32> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".pid"))
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap()
                .trim()
                .parse()
                .unwrap()
        })
        .collect()
}

/// Whether process `pid` exists and is not a zombie (state Z, or X: dead). The state is the
/// field after the parenthesized command name in /proc/<pid>/stat.
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat[stat.rfind(')').map_or(0, |i| i + 1)..]
                .split_whitespace()
                .next()
                .unwrap_or("?");
            !matches!(state, "Z" | "X" | "x")
        }
        Err(_) => false,
    }
}

/// Waits up to 2 s for every process recorded in `dir` to be gone; names the survivors.
fn all_gone(dir: &PathBuf, what: &str) -> Result<(), Failed> {
    let t0 = Instant::now();
    loop {
        let left: Vec<u32> = pids(dir).into_iter().filter(|&p| alive(p)).collect();
        if left.is_empty() {
            return Ok(());
        }
        if t0.elapsed() > Duration::from_secs(2) {
            for &p in &left {
                // do not leave them running after a failed check
                let _ = Command::new("kill").args(["-9", &p.to_string()]).status();
            }
            return Err(
                format!("{what}: processes still alive 2 s after the job: {left:?}").into(),
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs a failing job and checks status, message, promptness, no survivors, no /dev/shm files.
fn failing_job(
    case: &str,
    npes: usize,
    extra: &[&str],
    status: i32,
    message: &str,
) -> Result<(), Failed> {
    failing_job_env(case, npes, extra, &[], status, message)
}

/// [`failing_job`] with extra environment variables for the PEs.
fn failing_job_env(
    case: &str,
    npes: usize,
    extra: &[&str],
    env: &[(&str, &str)],
    status: i32,
    message: &str,
) -> Result<(), Failed> {
    let dir = scratch(case);
    let shm_before: Vec<String> = dev_shm()
        .into_iter()
        .filter(|n| n.contains("shmem"))
        .collect();
    let mut env = env.to_vec();
    env.push((DIR_ENV, dir.to_str().unwrap()));
    let (out, elapsed) = run_job(npes, case, extra, &env);
    let ended = now_ms();
    let stderr = String::from_utf8_lossy(&out.stderr);
    ensure(out.status.code() == Some(status), || {
        format!("expected status {status}\n{}", describe(&out))
    })?;
    let line = format!("shmemrun: {message}");
    ensure(stderr.lines().any(|l| l.starts_with(&line)), || {
        format!("expected a line starting {line:?}\n{}", describe(&out))
    })?;
    if let Ok(t) = std::fs::read_to_string(dir.join("fail.ms")) {
        let failed_at: u128 = t.trim().parse().unwrap();
        let took = ended.saturating_sub(failed_at);
        // Seconds, not the few milliseconds it takes: a launcher that waited for the other PEs
        // (asleep in a barrier for ever) would reach only --timeout's 120 s, while a machine
        // loaded with 4x its CPUs of other work took 2.2 s here.
        ensure(took < 15_000, || {
            format!("job took {took} ms to end after the failure")
        })?;
    }
    let recorded = pids(&dir);
    for pid in &recorded {
        ensure(!alive(*pid), || {
            format!("PE process {pid} survived the job")
        })?;
    }
    let shm_after: Vec<String> = dev_shm()
        .into_iter()
        .filter(|n| n.contains("shmem"))
        .collect();
    ensure(shm_before == shm_after, || {
        format!("/dev/shm changed: {shm_before:?} -> {shm_after:?}")
    })?;
    let _ = std::fs::remove_dir_all(&dir);
    let _ = elapsed;
    Ok(())
}

// ---------------------------------------------------------------- PE bodies

fn body_panic() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    record_pid(me);
    shmem.barrier_all();
    if me == 2 {
        record_failure_time();
        panic!("deliberate panic on PE 2");
    }
    shmem.barrier_all();
    unreachable!("the barrier cannot complete without PE 2");
}

fn body_exit3() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    record_pid(me);
    shmem.barrier_all();
    if me == 1 {
        record_failure_time();
        std::process::exit(3);
    }
    shmem.barrier_all();
}

fn body_sigkill() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    record_pid(me);
    shmem.barrier_all();
    if me == 1 {
        record_failure_time();
        let _ = Command::new("kill")
            .args(["-9", &std::process::id().to_string()])
            .status();
        std::thread::sleep(Duration::from_secs(30));
    }
    shmem.barrier_all();
}

fn body_no_finalize() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    record_pid(me);
    shmem.barrier_all();
    if me == 0 {
        record_failure_time();
        std::mem::forget(shmem);
        return; // exit status 0, never finalized
    }
    drop(shmem); // waits in finalize for PE 0, which never comes
}

/// The last PE calls `global_exit(SHMEM_TEST_STATUS)` (default 7).
fn body_global_exit() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    record_pid(me);
    shmem.barrier_all();
    if me == shmem.n_pes() - 1 {
        let status: i32 = std::env::var(STATUS_ENV)
            .map(|s| s.parse().unwrap())
            .unwrap_or(7);
        record_failure_time();
        shmem.global_exit(status);
    }
    shmem.barrier_all();
}

/// Set in the environment of the copy of itself a `launcher_impostor` PE starts.
const CHILD_ENV: &str = "SHMEM_TEST_CHILD";

/// A symmetric static that an impostor's init would re-initialize (to 0) in its PE's
/// partition.
#[shmem::symmetric]
static MARK: u64 = 0;

/// Waits (sleeping) up to 30 s for `path` to exist.
fn wait_for_file(path: &std::path::Path) {
    let t0 = Instant::now();
    while !path.exists() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{path:?} never appeared"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Every PE starts a copy of its own program, with the same environment (and so the segment
/// descriptor and the SHMEM_RUN_* variables), before calling init; the copy calls init once
/// its parent has initialized and marked its static, and must be refused; the parent's data
/// stays as it was and the job succeeds.
fn body_impostor() {
    let dir = PathBuf::from(std::env::var(DIR_ENV).unwrap());
    let me_env = std::env::var("SHMEM_RUN_PE").unwrap();
    if std::env::var(CHILD_ENV).is_ok() {
        wait_for_file(&dir.join(format!("ready{me_env}")));
        let got = match shmem::init() {
            Ok(shmem) => {
                // Joined as the PE (the old behaviour): say so, and leave without finalizing.
                let report = format!("joined as PE {}", shmem.my_pe().index());
                std::fs::write(dir.join(format!("child{me_env}.tmp")), report).unwrap();
                std::fs::rename(
                    dir.join(format!("child{me_env}.tmp")),
                    dir.join(format!("child{me_env}.result")),
                )
                .unwrap();
                std::process::exit(0);
            }
            Err(e @ shmem::Error::NotLaunchedPe { .. }) => format!("NotLaunchedPe\n{e}"),
            Err(e) => format!("another error\n{e}"),
        };
        std::fs::write(dir.join(format!("child{me_env}.tmp")), got).unwrap();
        std::fs::rename(
            dir.join(format!("child{me_env}.tmp")),
            dir.join(format!("child{me_env}.result")),
        )
        .unwrap();
        return;
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .env(CHILD_ENV, "1")
        .spawn()
        .unwrap();
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe();
    let mark = 1000 + me.index() as u64;
    MARK.sym(&shmem).write(mark);
    shmem.barrier_all();
    std::fs::write(dir.join(format!("ready{}", me.index())), "").unwrap();
    let result = dir.join(format!("child{}.result", me.index()));
    wait_for_file(&result);
    let got = std::fs::read_to_string(&result).unwrap();
    assert!(child.wait().unwrap().success());
    shmem.barrier_all();
    let marks: Vec<u64> = shmem.pes().map(|pe| MARK.sym(&shmem).g(pe)).collect();
    let want: Vec<u64> = shmem.pes().map(|pe| 1000 + pe.index() as u64).collect();
    assert!(
        got.starts_with("NotLaunchedPe") && got.contains("own program") && marks == want,
        "the PE's child got: {got}; the PEs' data: {marks:?}, expected {want:?}"
    );
}

/// Run under a wrapper that starts the program twice, one after the other: the first run is
/// the PE; the second is refused with `PeClaimed` and says so.
fn body_claimed() {
    match shmem::init() {
        Ok(shmem) => {
            shmem.barrier_all();
        }
        Err(shmem::Error::PeClaimed { pe, by_pid }) => {
            assert_ne!(by_pid, std::process::id());
            println!("PE {pe} claimed");
        }
        Err(e) => panic!("unexpected {e:?}"),
    }
}

/// More than one page of statics: with `--heap-size 4k` (one page per PE) init fails with
/// `StaticsTooLarge` after it took the launcher's descriptor.
#[shmem::symmetric]
static BIG: [u64; 1024] = [0; 1024];

/// Run as a 1-PE job with `--heap-size 4k`: init fails (statics too large), a file opened next
/// gets the freed descriptor number, a second init is refused without touching it.
fn body_reinit() {
    let first = shmem::init();
    assert!(
        matches!(first, Err(shmem::Error::StaticsTooLarge { .. })),
        "{first:?}"
    );
    let fd: i32 = std::env::var("SHMEM_RUN_FD").unwrap().parse().unwrap();
    let dir = PathBuf::from(std::env::var(DIR_ENV).unwrap());
    let path = dir.join("precious.txt");
    std::fs::write(&path, "still here").unwrap();
    let mut file = std::fs::File::open(&path).unwrap();
    assert_eq!(
        std::fs::read_link(format!("/proc/self/fd/{fd}")).unwrap(),
        path,
        "the file did not get the freed descriptor number {fd}"
    );
    let second = shmem::init();
    let open_after = std::fs::read_link(format!("/proc/self/fd/{fd}")).ok();
    let mut text = String::new();
    let read = std::io::Read::read_to_string(&mut file, &mut text).map_err(|e| e.to_string());
    println!(
        "second init: {:?}; descriptor {fd}: {open_after:?}; read: {read:?} {text:?}",
        second.as_ref().map(|_| ()).map_err(|e| format!("{e:?}"))
    );
    std::mem::forget(file); // if it was closed behind our back, dropping it would abort
    let ok = matches!(second, Err(shmem::Error::SegmentTaken))
        && open_after.as_deref() == Some(path.as_path())
        && text == "still here";
    std::process::exit(if ok { 0 } else { 42 });
}

/// What `launcher_orphans` PEs do after starting their `sleep 30`: `ok` (finish), `fail`
/// (PE 1 exits 3), `hang` (sleep until killed).
const MODE_ENV: &str = "SHMEM_TEST_MODE";

/// Every PE starts a `sleep 30` child (in its process group), records both pids, then does
/// what SHMEM_TEST_MODE says.
#[expect(
    clippy::zombie_processes,
    reason = "the child is left running on purpose: the launcher must end it"
)]
fn body_orphans() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    let child = Command::new("sleep")
        .arg("30")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    record(&format!("sleep{me}"), child.id());
    record_pid(me);
    shmem.barrier_all();
    match std::env::var(MODE_ENV).as_deref() {
        Ok("fail") if me == 1 => std::process::exit(3),
        Ok("fail") => shmem.barrier_all(), // never completes: PE 1 is gone
        Ok("hang") => std::thread::sleep(Duration::from_secs(60)),
        _ => {}
    }
}

fn body_sleep() {
    let shmem = shmem::init().unwrap();
    record_pid(shmem.my_pe().index());
    shmem.barrier_all();
    std::thread::sleep(Duration::from_secs(60));
}

fn body_hello() {
    let shmem = shmem::init().unwrap();
    println!(
        "Hello from PE {} of {}",
        shmem.my_pe().index(),
        shmem.n_pes()
    );
}

/// `;`-separated `NAME=VALUE` pairs that every `launcher_env` PE must find in its environment.
const WANT_ENV: &str = "SHMEM_TEST_WANT_ENV";
/// The variable the `-x` checks set; never set in the driver's environment unless a check
/// sets it for one job.
const X_VAR: &str = "SHMEM_TEST_X";

/// Every PE checks its environment against [`WANT_ENV`] and exits 3, naming the variable, on
/// the first difference.
fn body_env() {
    let shmem = shmem::init().unwrap();
    let want = std::env::var(WANT_ENV).unwrap_or_default();
    for pair in want.split(';').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap();
        let got = std::env::var(name).ok();
        if got.as_deref() != Some(value) {
            eprintln!(
                "PE {}: {name} is {got:?}, expected {value:?}",
                shmem.my_pe().index()
            );
            std::process::exit(3);
        }
    }
}

/// What a `main` returning `Result<(), shmem::Error>` does with an error (through the same
/// `Termination` impl): PE 1 asks for PE `n_pes`, which does not exist.
fn body_main_error() {
    use std::process::Termination;
    let shmem = shmem::init().unwrap();
    let n = shmem.n_pes();
    let result: Result<(), shmem::Error> = shmem.pe(n).map(drop);
    if shmem.my_pe().index() == 1 {
        let _ = result.report();
        std::process::exit(1);
    }
}

/// The error a `main` returns is printed as its one-line message, `Error: ` and the
/// `Display` text, not a struct dump.
fn check_main_error() -> Result<(), Failed> {
    let (out, _) = run_job(2, "launcher_main_error", &[], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        out.status.code() == Some(1)
            && err
                .lines()
                .any(|l| l == "Error: PE 2 does not exist (the job has 2 PEs)"),
        || describe(&out),
    )
}

/// How the `launcher_bind` job was started: `auto`, `core` or `none` (`--bind`).
const BIND_MODE_ENV: &str = "SHMEM_TEST_BIND_MODE";

/// Every PE checks `SHMEM_RUN_BIND` against what its `--bind` mode ([`BIND_MODE_ENV`]) means
/// for the job's PE count and the launcher's CPUs (`SHMEM_RUN_NPES`, `SHMEM_RUN_CPUS`): `auto`
/// pins (`rr`) exactly when the PEs do not outnumber the CPUs, `core` always, `none` never.
/// Exits 3, naming what it found, on a difference.
fn body_bind() {
    let shmem = shmem::init().unwrap();
    let read = |name: &str| std::env::var(name).unwrap_or_default();
    let n_pes: usize = read("SHMEM_RUN_NPES").parse().unwrap();
    let cpus: usize = read("SHMEM_RUN_CPUS").parse().unwrap();
    let mode = read(BIND_MODE_ENV);
    let pinned = match mode.as_str() {
        "auto" => n_pes <= cpus,
        "core" => true,
        "none" => false,
        other => panic!("unknown {BIND_MODE_ENV} {other:?}"),
    };
    let want = if pinned { "rr" } else { "none" };
    let got = read("SHMEM_RUN_BIND");
    if got != want {
        eprintln!(
            "PE {}: --bind {mode} with {n_pes} PEs on {cpus} CPUs: SHMEM_RUN_BIND is {got:?}, \
             expected {want:?}",
            shmem.my_pe().index()
        );
        std::process::exit(3);
    }
}

/// The default binding pins one PE a CPU, and leaves a job whose PEs outnumber the CPUs
/// unbound (a PE pinned to a CPU that other work keeps busy stalls every collective);
/// `--bind core` / `--bind-to core` pins round robin whatever the count; `none` never pins.
fn check_bind() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    // More PEs than the CPUs this process may use (the launcher's count is the same or
    // smaller), so that every machine sees both cases.
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let over = (cpus + 1).min(64).to_string();
    let one = "1".to_string();
    for (args, mode) in [
        (&[][..], "auto"),
        (&["--bind", "auto"], "auto"),
        (&["--bind", "core"], "core"),
        (&["--bind-to", "core"], "core"),
        (&["--bind-to=core"], "core"),
        (&["--bind", "none"], "none"),
        (&["--bind-to", "none"], "none"),
    ] {
        for n in [&one, &over] {
            let mut all = vec!["-n", n.as_str(), "--timeout", "60"];
            all.extend(args);
            all.push(exe);
            let out = shmemrun_with(
                &all,
                &[(support::CASE_ENV, "launcher_bind"), (BIND_MODE_ENV, mode)],
            );
            ensure(out.status.success(), || {
                format!("shmemrun {all:?}\n{}", describe(&out))
            })?;
        }
    }
    Ok(())
}

/// Lines each `launcher_tag_output` PE writes to stdout and to stderr, and their length.
const TAG_LINES: usize = 200;
const TAG_WIDTH: usize = 300;

/// Line `i` of PE `pe` on `stream` ("out" or "err"): names both, padded to [`TAG_WIDTH`]
/// with letters that depend on all three, so that a line spliced from pieces of two shows.
fn tag_line(pe: usize, stream: &str, i: usize) -> String {
    let head = format!("PE {pe} {stream} line {i}: ");
    let fill: String = (0..TAG_WIDTH - head.len())
        .map(|k| char::from(b'a' + ((pe * 7 + i * 3 + k + stream.len()) % 26) as u8))
        .collect();
    head + &fill
}

/// The unterminated last thing a `launcher_tag_output` PE writes to stdout.
fn tag_tail(pe: usize) -> String {
    format!("PE {pe} ends without a newline")
}

/// Every PE writes [`TAG_LINES`] long lines to stdout and to stderr, each in two writes (to
/// provoke interleaving), then an unterminated line to stdout.
fn body_tag_output() {
    use std::io::Write;
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    shmem.barrier_all();
    for i in 0..TAG_LINES {
        let line = tag_line(me, "out", i);
        let (a, b) = line.split_at(TAG_WIDTH / 2);
        print!("{a}");
        std::io::stdout().flush().unwrap();
        println!("{b}");
        let line = tag_line(me, "err", i);
        let (a, b) = line.split_at(TAG_WIDTH / 3);
        eprint!("{a}");
        eprintln!("{b}");
    }
    print!("{}", tag_tail(me));
    std::io::stdout().flush().unwrap();
}

/// PE 0 starts a `sleep 30` in a process group of its own (so that the job's end does not
/// kill it) which keeps the PE's stdout and stderr, and records its pid.
#[expect(
    clippy::zombie_processes,
    reason = "the child is left running on purpose: it must not hold the launcher up"
)]
fn body_tag_escape() {
    use std::os::unix::process::CommandExt;
    let shmem = shmem::init().unwrap();
    if shmem.my_pe().index() == 0 {
        let child = Command::new("sleep")
            .arg("30")
            .stdin(std::process::Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
        record("escaped", child.id());
        println!("started {}", child.id());
    }
    shmem.barrier_all();
}

/// PE 0 prints the job size and the arguments the program got.
fn body_args() {
    let shmem = shmem::init().unwrap();
    if shmem.my_pe().index() == 0 {
        let args: Vec<String> = std::env::args().skip(1).collect();
        println!("{} PEs, args {args:?}", shmem.n_pes());
    }
}

fn body_config() {
    let shmem = shmem::init().unwrap();
    let want: usize = std::env::var("SHMEM_TEST_EXPECT_SIZE")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(shmem.symmetric_size(), want);
    assert_eq!(shmem.thread_level(), shmem::ThreadLevel::Serialized);
}

/// A little of everything `SHMEM_DEBUG` records: an allocation, a team split, a reduction
/// over the new team, a barrier.
fn body_debug_log() {
    let shmem = shmem::init().unwrap();
    let me = shmem.my_pe().index();
    let world = shmem::Team::world(&shmem);
    let evens = world
        .split_strided(0, 2, shmem.n_pes().div_ceil(2))
        .unwrap();
    let src = shmem::SymVec::new(&shmem, 3, me as u64 + 1).unwrap();
    let mut dst = shmem::SymVec::new(&shmem, 3, 0u64).unwrap();
    if let Some(team) = &evens {
        team.sum_reduce(&mut dst, &src).unwrap();
        let want: u64 = (0..shmem.n_pes()).step_by(2).map(|p| p as u64 + 1).sum();
        assert_eq!(dst.to_vec(), [want; 3]);
    }
    shmem.barrier_all();
    // shmem_pcontrol: level 2 records barrier #3, level 0 silences #4, level 1 returns to
    // SHMEM_DEBUG's level for #5 and finalize; the records above follow SHMEM_DEBUG.
    shmem.pcontrol(2);
    shmem.barrier_all();
    shmem.pcontrol(0);
    shmem.barrier_all();
    shmem.pcontrol(1);
    shmem.barrier_all();
}

/// A static whose value must survive finalize and a later init (OpenSHMEM 1.6).
#[shmem::symmetric]
static KEPT: u64 = 7;

/// OpenSHMEM 1.6's repeated initialization: a second handle while one is alive is refused
/// (the handle is shared by reference instead); after finalize, `init` rejoins the same job,
/// three times over: same PE numbers, statics keep their values, the heap starts empty again
/// (the first allocation gets the same offset), and puts and collectives give results
/// folded over the PE ids.
fn body_init_twice() {
    let mut first_offset = None;
    for round in 0..3u64 {
        let shmem = shmem::init().unwrap();
        assert!(shmem::query_initialized());
        assert!(matches!(
            shmem::init(),
            Err(shmem::Error::AlreadyInitialized)
        ));
        let (me, n) = (shmem.my_pe().index() as u64, shmem.n_pes() as u64);
        let kept = KEPT.sym(&shmem);
        // What the previous round left: this PE's mark from the right neighbour.
        let want = match round {
            0 => 7,
            _ => 1000 * round + (me + 1) % n,
        };
        assert_eq!(
            kept.read(),
            want,
            "round {round}: the static kept its value"
        );
        shmem.barrier_all();
        let right = shmem.pe_wrapping(me as usize + 1);
        let left = shmem.pe_wrapping((me + n - 1) as usize);
        // Each PE writes its left neighbour's static: 1000 * (round + 1) + the writer.
        kept.p(left, 1000 * (round + 1) + me);
        let v = shmem::SymVec::new(&shmem, 4, 0u64).unwrap();
        let offset = v.offset();
        assert_eq!(*first_offset.get_or_insert(offset), offset, "round {round}");
        v.put(right, &[round, me, 3, 4]).unwrap();
        shmem.barrier_all();
        let from = (me + n - 1) % n;
        assert_eq!(v.to_vec(), [round, from, 3, 4], "round {round}");
        let src = shmem::SymVec::new(&shmem, 2, me + round).unwrap();
        let mut sum = shmem::SymVec::new(&shmem, 2, 0u64).unwrap();
        shmem::Team::world(&shmem)
            .sum_reduce(&mut sum, &src)
            .unwrap();
        let want: u64 = (0..n).map(|p| p + round).sum();
        assert_eq!(sum.to_vec(), [want; 2], "round {round}");
        drop((v, src, sum));
        shmem.finalize();
        assert!(!shmem::query_initialized());
    }
}

// ---------------------------------------------------------------- checks

fn check_panic() -> Result<(), Failed> {
    failing_job(
        "launcher_panic",
        4,
        &[],
        101,
        "PE 2 panicked (exit status 101)",
    )
}
fn check_exit3() -> Result<(), Failed> {
    failing_job("launcher_exit3", 4, &[], 3, "PE 1 exited with status 3")
}
fn check_sigkill() -> Result<(), Failed> {
    failing_job(
        "launcher_sigkill",
        2,
        &[],
        137,
        "PE 1 killed by signal 9 (SIGKILL)",
    )
}
fn check_no_finalize() -> Result<(), Failed> {
    failing_job(
        "launcher_no_finalize",
        3,
        &[],
        1,
        "PE 0 exited with status 0 without finalizing",
    )
}
fn check_global_exit() -> Result<(), Failed> {
    failing_job(
        "launcher_global_exit",
        4,
        &[],
        7,
        "PE 3 called global_exit(7); the job exits with status 7",
    )?;
    // A non-zero status never becomes success: exit statuses are one byte, and a status whose
    // low byte is 0 becomes 1 (launched, and a singleton's own exit).
    for (status, exits) in [(256, 1), (i32::MIN, 1), (-1, 255), (512 + 3, 3)] {
        let text = status.to_string();
        failing_job_env(
            "launcher_global_exit",
            2,
            &[],
            &[(STATUS_ENV, &text)],
            exits,
            &format!("PE 1 called global_exit({status}); the job exits with status {exits}"),
        )?;
        let out = Command::new(std::env::current_exe().unwrap())
            .env(support::CASE_ENV, "launcher_global_exit")
            .env(STATUS_ENV, &text)
            .output()
            .unwrap();
        ensure(out.status.code() == Some(exits), || {
            format!("singleton global_exit({status}): {}", describe(&out))
        })?;
    }
    Ok(())
}
fn check_timeout() -> Result<(), Failed> {
    let t0 = Instant::now();
    failing_job(
        "launcher_timeout",
        2,
        &["--timeout", "1"],
        124,
        "timeout after",
    )?;
    ensure(t0.elapsed() < Duration::from_secs(10), || {
        format!("took {:?}", t0.elapsed())
    })?;
    let (out, _) = run_job(2, "launcher_timeout", &["--timeout", "1"], &[]);
    let e = String::from_utf8_lossy(&out.stderr);
    ensure(e.contains("PEs not finished: 0, 1 (of 2)"), || {
        describe(&out)
    })
}

fn check_sigterm() -> Result<(), Failed> {
    for (sig, status, name) in [("-TERM", 143, "SIGTERM"), ("-INT", 130, "SIGINT")] {
        let dir = scratch("sigterm");
        let child = Command::new(shmemrun())
            .args([
                "-n",
                "3",
                std::env::current_exe().unwrap().to_str().unwrap(),
            ])
            .env(support::CASE_ENV, "launcher_sleep")
            .env(DIR_ENV, &dir)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let t0 = Instant::now();
        while pids(&dir).len() < 3 && t0.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(10));
        }
        Command::new("kill")
            .args([sig, &child.id().to_string()])
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        ensure(out.status.code() == Some(status), || describe(&out))?;
        ensure(
            String::from_utf8_lossy(&out.stderr).contains(&format!("received {name}")),
            || describe(&out),
        )?;
        for pid in pids(&dir) {
            ensure(!alive(pid), || format!("PE {pid} survived {name}"))?;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(())
}

/// No process survives a job: not the PEs, not the children they started, whether the job
/// (a) succeeds or (b) fails.
fn check_orphans() -> Result<(), Failed> {
    // (a) success, (b) failure
    for (mode, npes, status) in [("ok", 2, 0), ("fail", 3, 3)] {
        let dir = scratch(&format!("orphans-{mode}"));
        let (out, _) = run_job(
            npes,
            "launcher_orphans",
            &[],
            &[(DIR_ENV, dir.to_str().unwrap()), (MODE_ENV, mode)],
        );
        ensure(out.status.code() == Some(status), || {
            format!("mode {mode}: {}", describe(&out))
        })?;
        ensure(pids(&dir).len() == 2 * npes, || {
            format!("mode {mode}: not every pid recorded: {:?}", pids(&dir))
        })?;
        all_gone(&dir, &format!("job {mode}"))?;
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(())
}

/// (c) shmemrun SIGKILLed while its PEs run: the guardian kills every PE's process group.
fn check_orphans_launcher_killed() -> Result<(), Failed> {
    let npes = 3;
    let dir = scratch("orphans-kill");
    let mut child = Command::new(shmemrun())
        .args([
            "-n",
            &npes.to_string(),
            std::env::current_exe().unwrap().to_str().unwrap(),
        ])
        .env(support::CASE_ENV, "launcher_orphans_kill")
        .env(DIR_ENV, &dir)
        .env(MODE_ENV, "hang")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while pids(&dir).len() < 2 * npes && t0.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    Command::new("kill")
        .args(["-9", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    ensure(status.code().is_none(), || format!("shmemrun: {status:?}"))?;
    ensure(pids(&dir).len() == 2 * npes, || {
        format!("not every pid recorded: {:?}", pids(&dir))
    })?;
    all_gone(&dir, "shmemrun SIGKILLed")?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// A failed init cannot be retried, and the retry leaves the descriptor number (now another
/// file's) alone. The PE never initializes, so the job reports just that.
fn check_reinit() -> Result<(), Failed> {
    let dir = scratch("reinit");
    let (out, _) = run_job(
        1,
        "launcher_reinit",
        &["--heap-size", "4k"],
        &[(DIR_ENV, dir.to_str().unwrap())],
    );
    ensure(
        out.status.code() == Some(1)
            && String::from_utf8_lossy(&out.stderr).contains(
                "PE 0 exited with status 0 without initializing shmem (shmem::init, shmem_init)",
            ),
        || describe(&out),
    )?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn check_impostor() -> Result<(), Failed> {
    let dir = scratch("impostor");
    let (out, _) = run_job(
        2,
        "launcher_impostor",
        &["--timeout", "60"],
        &[(DIR_ENV, dir.to_str().unwrap())],
    );
    ensure(out.status.success(), || describe(&out))?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Wrappers are admitted: the launched process is a shell that runs the PE's program as its
/// child (in its process group, another executable); a wrapper that runs the program twice
/// gets `PeClaimed` the second time.
fn check_wrappers() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    let out = shmemrun_with(
        &["-n", "2", "/bin/sh", "-c", "\"$0\"; true", exe],
        &[(support::CASE_ENV, "launcher_hello")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && stdout.lines().filter(|l| l.starts_with("Hello")).count() == 2,
        || describe(&out),
    )?;
    let out = shmemrun_with(
        &[
            "--timeout",
            "60",
            "-n",
            "2",
            "/bin/sh",
            "-c",
            "\"$0\" && \"$0\"",
            exe,
        ],
        &[(support::CASE_ENV, "launcher_claimed")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && stdout.contains("PE 0 claimed") && stdout.contains("PE 1 claimed"),
        || describe(&out),
    )
}

fn check_not_found() -> Result<(), Failed> {
    let out = Command::new(shmemrun())
        .args(["-n", "2", "/nonexistent/program"])
        .output()
        .unwrap();
    ensure(out.status.code() == Some(127), || describe(&out))?;
    ensure(
        String::from_utf8_lossy(&out.stderr).contains("shmemrun: cannot start PE 0"),
        || describe(&out),
    )?;
    for bad in [
        &["-n", "0", "true"][..],
        &["-n", "2", "--heap-size", "lots", "true"][..],
        &["true"][..],
    ] {
        let out = Command::new(shmemrun()).args(bad).output().unwrap();
        ensure(out.status.code() == Some(2), || {
            format!("{bad:?}: {}", describe(&out))
        })?;
    }
    Ok(())
}

fn check_hello() -> Result<(), Failed> {
    for n in [1usize, 2, 4, 8] {
        for np_flag in ["-n", "-np"] {
            let out = Command::new(shmemrun())
                .args([
                    np_flag,
                    &n.to_string(),
                    std::env::current_exe().unwrap().to_str().unwrap(),
                ])
                .env(support::CASE_ENV, "launcher_hello")
                .output()
                .unwrap();
            ensure(out.status.success(), || describe(&out))?;
            let stdout = String::from_utf8_lossy(&out.stdout);
            let mut lines: Vec<&str> = stdout.lines().collect();
            lines.sort();
            let mut want: Vec<String> = (0..n)
                .map(|i| format!("Hello from PE {i} of {n}"))
                .collect();
            want.sort();
            ensure(lines == want, || describe(&out))?;
        }
    }
    // without the launcher: a 1-PE job
    let out = Command::new(std::env::current_exe().unwrap())
        .env(support::CASE_ENV, "launcher_hello")
        .output()
        .unwrap();
    ensure(out.status.success(), || describe(&out))?;
    ensure(
        String::from_utf8_lossy(&out.stdout).trim() == "Hello from PE 0 of 1",
        || describe(&out),
    )
}

fn check_config() -> Result<(), Failed> {
    let (out, _) = run_job(
        2,
        "launcher_config",
        &["--heap-size", "3m"],
        &[("SHMEM_TEST_EXPECT_SIZE", "3145728")],
    );
    ensure(out.status.success(), || describe(&out))?;
    let (out, _) = run_job(
        2,
        "launcher_config",
        &[],
        &[
            ("SHMEM_TEST_EXPECT_SIZE", "5242880"),
            ("SHMEM_SYMMETRIC_SIZE", "5M"),
        ],
    );
    ensure(out.status.success(), || describe(&out))?;
    // singleton reads SHMEM_SYMMETRIC_SIZE too
    let out = Command::new(std::env::current_exe().unwrap())
        .env(support::CASE_ENV, "launcher_config")
        .env("SHMEM_SYMMETRIC_SIZE", "2m")
        .env("SHMEM_TEST_EXPECT_SIZE", "2097152")
        .output()
        .unwrap();
    ensure(out.status.success(), || describe(&out))?;
    // SHMEM_INFO and SHMEM_VERSION: PE 0 prints, once
    let (out, _) = run_job(
        4,
        "launcher_config",
        &["--heap-size", "1m"],
        &[("SHMEM_TEST_EXPECT_SIZE", "1048576"), ("SHMEM_INFO", "1")],
    );
    ensure(out.status.success(), || describe(&out))?;
    let s = String::from_utf8_lossy(&out.stdout);
    ensure(
        s.matches(shmem::version()).count() == 1
            && s.contains("SHMEM_SYMMETRIC_SIZE")
            && s.contains("1048576")
            && s.contains("SHMEM_THREAD_SERIALIZED"),
        || describe(&out),
    )?;
    let (out, _) = run_job(
        2,
        "launcher_config",
        &["--heap-size", "1m"],
        &[
            ("SHMEM_TEST_EXPECT_SIZE", "1048576"),
            ("SHMEM_VERSION", "1"),
        ],
    );
    let s = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success() && s.contains("OpenSHMEM 1.6") && !s.contains("SHMEM_SYMMETRIC_SIZE"),
        || describe(&out),
    )?;
    // a malformed size is a clear error
    let out = Command::new(std::env::current_exe().unwrap())
        .env(support::CASE_ENV, "launcher_config")
        .env("SHMEM_SYMMETRIC_SIZE", "huge")
        .output()
        .unwrap();
    ensure(
        !out.status.success()
            && String::from_utf8_lossy(&out.stderr).contains("SHMEM_SYMMETRIC_SIZE"),
        || describe(&out),
    )
}

/// Runs `shmemrun args...` and returns the output.
fn shmemrun_with(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = Command::new(shmemrun());
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// Exit status 2, nothing started (no stdout), one line on stderr containing every `words`.
fn refused(args: &[&str], words: &[&str]) -> Result<(), Failed> {
    let out = shmemrun_with(args, &[(support::CASE_ENV, "launcher_args")]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        out.status.code() == Some(2)
            && out.stdout.is_empty()
            && err.lines().count() == 1
            && err.starts_with("shmemrun: ")
            && words.iter().all(|w| err.contains(w)),
        || {
            format!(
                "{args:?}: expected one line naming {words:?}\n{}",
                describe(&out)
            )
        },
    )
}

fn check_args() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    // Every spelling of the PE count; everything after the program name is the program's,
    // `-np` and unknown options included.
    let program_args = ["--frobnicate", "-np", "5", "--", "-n", "x", "-x", "A=1"];
    let want = format!("2 PEs, args {program_args:?}");
    for np in [
        &["-n2"][..],
        &["-n=2"],
        &["-n", "2"],
        &["-np", "2"],
        &["-np=2"],
        &["--np", "2"],
        &["--np=2"],
    ] {
        let mut args = np.to_vec();
        args.extend(["--timeout", "60", exe]);
        args.extend(program_args);
        let out = shmemrun_with(&args, &[(support::CASE_ENV, "launcher_args")]);
        ensure(
            out.status.success() && String::from_utf8_lossy(&out.stdout).trim() == want,
            || format!("{args:?}: expected {want:?}\n{}", describe(&out)),
        )?;
    }
    // Unknown options before the program are refused, not started as the program.
    refused(&["--frobnicate", "-n", "2", exe], &["--frobnicate"])?;
    refused(&["-n", "2", "--frobnicate", exe], &["--frobnicate"])?;
    refused(&["-n", "2", "-y", exe], &["-y"])?;
    refused(&["-n", "2"], &["PROGRAM"])?;
    // `-x` takes a value (mpirun's): here the program's path, so no program is left.
    refused(&["-n", "2", "-x", exe], &["PROGRAM"])?;
    // --timeout 0 is not "1 s".
    refused(&["-n", "2", "--timeout", "0", exe], &["--timeout", "0"])
}

/// Runs `shmemrun args...` on `launcher_env` PEs that expect `want` (see [`body_env`]), with
/// `x` set to `x_value` in the driver's environment (or removed from it).
fn env_job(args: &[&str], want: &str, x_value: Option<&str>) -> std::process::Output {
    let mut cmd = Command::new(shmemrun());
    cmd.args(args)
        .env(support::CASE_ENV, "launcher_env")
        .env(WANT_ENV, want);
    match x_value {
        Some(v) => cmd.env(X_VAR, v),
        None => cmd.env_remove(X_VAR),
    };
    cmd.output().unwrap()
}

/// mpirun's options: `--oversubscribe`, `--bind-to none|core`.
fn check_mpirun_options() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    // More PEs than this machine's CPUs (on any machine with fewer than 9), with the flag.
    let out = shmemrun_with(
        &["--oversubscribe", "-n", "9", "--timeout", "60", exe],
        &[(support::CASE_ENV, "launcher_hello")],
    );
    ensure(
        out.status.success() && String::from_utf8_lossy(&out.stdout).lines().count() == 9,
        || describe(&out),
    )?;
    // --bind-to core is --bind core (pinned: SHMEM_RUN_BIND=rr), none is none; 2 PEs
    // (pinned by default on a machine with 2 CPUs or more).
    let two_fit = std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
    for (args, bind) in [
        (&["--bind-to", "core"][..], "rr"),
        (&["--bind-to=core"], "rr"),
        (&["--bind-to", "none"], "none"),
        (&["--bind", "none"], "none"),
        (&[], if two_fit { "rr" } else { "none" }),
    ] {
        let mut all = vec!["-n", "2", "--timeout", "60"];
        all.extend(args);
        all.push(exe);
        let out = env_job(&all, &format!("SHMEM_RUN_BIND={bind}"), None);
        ensure(out.status.success(), || {
            format!(
                "{args:?}: expected SHMEM_RUN_BIND={bind}\n{}",
                describe(&out)
            )
        })?;
    }
    refused(
        &["-n", "2", "--bind-to", "socket", exe],
        &["--bind-to", "socket"],
    )?;
    refused(&["-n", "2", "--bind", "socket", exe], &["--bind", "socket"])?;
    refused(
        &["-n", "2", "--bind", "none", "--bind-to", "core", exe],
        &["--bind", "--bind-to"],
    )
}

/// `-x VAR=VALUE` sets VAR in every PE, `-x VAR` passes the launcher's VAR; `SHMEM_RUN_*`
/// cannot be set; `-x SHMEM_SYMMETRIC_SIZE=SIZE` sizes the job.
fn check_export() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    let x_bar = format!("{X_VAR}=bar");
    let x_attached = format!("-x{X_VAR}=attached");
    let x_eq = format!("{X_VAR}=a=b");
    for (args, want, x_value) in [
        // set, with the driver's environment lacking it
        (vec!["-x", &x_bar], format!("{X_VAR}=bar"), None),
        // set, overriding the driver's value
        (vec!["-x", &x_bar], format!("{X_VAR}=bar"), Some("baz")),
        // passed from the driver's environment
        (vec!["-x", X_VAR], format!("{X_VAR}=baz"), Some("baz")),
        // not set anywhere: nothing to pass, the job runs
        (vec!["-x", X_VAR], String::new(), None),
        // attached form; a value containing '='; repeated
        (vec![&x_attached], format!("{X_VAR}=attached"), None),
        (vec!["-x", &x_eq], format!("{X_VAR}=a=b"), None),
        (
            vec!["-x", &x_bar, "-x", "SHMEM_TEST_Y=2"],
            format!("{X_VAR}=bar;SHMEM_TEST_Y=2"),
            None,
        ),
    ] {
        let mut all = vec!["-n", "2", "--timeout", "60"];
        all.extend(&args);
        all.push(exe);
        let out = env_job(&all, &want, x_value);
        ensure(out.status.success(), || {
            format!(
                "{args:?} (driver {X_VAR}={x_value:?}): expected {want:?}\n{}",
                describe(&out)
            )
        })?;
    }
    // -x VAR, VAR unset: the PEs must not see it either.
    let out = env_job(
        &["-n", "2", "--timeout", "60", "-x", X_VAR, exe],
        &format!("{X_VAR}=anything"),
        None,
    );
    ensure(out.status.code() == Some(3), || describe(&out))?;
    // The launcher's own variables are not the user's to set.
    refused(
        &["-n", "2", "-x", "SHMEM_RUN_PE=1", exe],
        &["-x", "SHMEM_RUN_PE"],
    )?;
    refused(&["-n", "2", "-x", "=1", exe], &["-x", "=1"])?;
    // -x SHMEM_SYMMETRIC_SIZE=SIZE sizes the job (oshrun's way); --heap-size wins over it.
    let (out, _) = run_job(
        2,
        "launcher_config",
        &["-x", "SHMEM_SYMMETRIC_SIZE=3m"],
        &[("SHMEM_TEST_EXPECT_SIZE", "3145728")],
    );
    ensure(out.status.success(), || describe(&out))?;
    let (out, _) = run_job(
        2,
        "launcher_config",
        &["-x", "SHMEM_SYMMETRIC_SIZE=3m", "--heap-size", "2m"],
        &[("SHMEM_TEST_EXPECT_SIZE", "2097152")],
    );
    ensure(out.status.success(), || describe(&out))?;
    refused(
        &["-n", "2", "-x", "SHMEM_SYMMETRIC_SIZE=lots", exe],
        &["SHMEM_SYMMETRIC_SIZE", "lots"],
    )
}

/// `--tag-output`: every line of every PE, on stdout and stderr, arrives whole, in order,
/// prefixed with its PE; the unterminated last line too, with a newline.
fn check_tag_output() -> Result<(), Failed> {
    let npes = 4;
    let (out, _) = run_job(npes, "launcher_tag_output", &["--tag-output"], &[]);
    ensure(out.status.success(), || describe(&out))?;
    for (stream, bytes) in [("out", &out.stdout), ("err", &out.stderr)] {
        let text = String::from_utf8_lossy(bytes);
        ensure(text.ends_with('\n'), || {
            format!("std{stream} does not end with a newline")
        })?;
        let mut next = vec![0usize; npes];
        let mut tails = vec![0usize; npes];
        for line in text.lines() {
            let tagged = line
                .strip_prefix('[')
                .and_then(|l| l.split_once("] "))
                .and_then(|(pe, rest)| Some((pe.parse::<usize>().ok()?, rest)))
                .filter(|&(pe, _)| pe < npes);
            let Some((pe, content)) = tagged else {
                return Err(format!("std{stream}: untagged line {line:?}").into());
            };
            if stream == "out" && content == tag_tail(pe) && next[pe] == TAG_LINES {
                tails[pe] += 1;
                continue;
            }
            ensure(
                next[pe] < TAG_LINES && content == tag_line(pe, stream, next[pe]),
                || {
                    format!(
                        "std{stream}: {line:?} is not PE {pe}'s line {} intact",
                        next[pe]
                    )
                },
            )?;
            next[pe] += 1;
        }
        ensure(next.iter().all(|&n| n == TAG_LINES), || {
            format!("std{stream}: lines per PE {next:?}, expected {TAG_LINES} each")
        })?;
        let want_tails = if stream == "out" { 1 } else { 0 };
        ensure(tails.iter().all(|&t| t == want_tails), || {
            format!("std{stream}: unterminated last lines per PE {tails:?}")
        })?;
    }
    Ok(())
}

/// `--tag-output` with a process that escaped the job's group kill and holds the PE's pipes:
/// the launcher still ends promptly (it stops reading a bounded time after the job ended).
fn check_tag_escape() -> Result<(), Failed> {
    let dir = scratch("tag-escape");
    let t0 = Instant::now();
    let (out, _) = run_job(
        2,
        "launcher_tag_escape",
        &["--tag-output"],
        &[(DIR_ENV, dir.to_str().unwrap())],
    );
    let took = t0.elapsed();
    for pid in pids(&dir) {
        let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    let _ = std::fs::remove_dir_all(&dir);
    ensure(
        out.status.success() && String::from_utf8_lossy(&out.stdout).starts_with("[0] started "),
        || describe(&out),
    )?;
    ensure(took < Duration::from_secs(10), || {
        format!("the job took {took:?} with an escaped process holding its pipes")
    })
}

/// `--help` describes the launcher (not the library), `--version` names it.
fn check_help() -> Result<(), Failed> {
    let out = shmemrun_with(&["--help"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    let words = [
        "PEs",
        "exit status",
        "124",
        "127",
        "--oversubscribe",
        "--tag-output",
        "--bind-to",
        "-x <VAR[=VALUE]>",
        "SHMEM_SYMMETRIC_SIZE",
        "SHMEM_DEBUG",
        "SHMEM_INFO",
        "SHMEM_VERSION",
        "SHMEM_WAIT_SPIN",
        "SHMEM_WAIT_YIELD_US",
    ];
    let missing: Vec<&str> = words.into_iter().filter(|w| !text.contains(w)).collect();
    ensure(
        out.status.success()
            && missing.is_empty()
            && !text.contains("a safe, typed API over a shared-memory runtime"),
        || format!("missing {missing:?}\n{}", describe(&out)),
    )?;
    // Names the project, so that Open MPI's `shmemrun` (which prints `mpirun (Open MPI)`)
    // cannot be mistaken for it.
    let out = shmemrun_with(&["--version"], &[]);
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(
        out.status.success()
            && text.starts_with(concat!("shmemrun ", env!("CARGO_PKG_VERSION"), " "))
            && text.contains("OpenSHMEM-style PGAS for Rust")
            && text.contains("not Open MPI"),
        || describe(&out),
    )
}

fn check_heap_size() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    // --heap-size 0 is not "one page".
    refused(&["-n", "2", "--heap-size", "0", exe], &["--heap-size"])?;
    // More symmetric memory than the machine has: refused with the figures.
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap();
    let mem_kb: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let mem = mem_kb * 1024;
    let per_pe = (mem / 2 + (1 << 30)).next_multiple_of(4096);
    let size = per_pe.to_string();
    refused(
        &["-n", "2", "--heap-size", &size, exe],
        &["2 PEs", &size, &mem.to_string(), "MemTotal"],
    )
}

fn check_not_init() -> Result<(), Failed> {
    // The program never called shmem::init: said so (the slot is still `Starting`).
    let out = shmemrun_with(&["-n", "2", "/bin/true"], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        out.status.code() == Some(1)
            && err.lines().any(|l| {
                ["PE 0", "PE 1"].iter().any(|pe| {
                    l == format!(
                        "shmemrun: {pe} exited with status 0 without initializing shmem \
                         (shmem::init, shmem_init)"
                    )
                })
            }),
        || describe(&out),
    )
}

fn check_env_errors() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let exe = exe.to_str().unwrap();
    // A variable set to a value it does not accept is an init error naming the variable and
    // the value, launched or not (config module: one error policy).
    for (var, value) in [
        ("SHMEM_WAIT_SPIN", "lots"),
        ("SHMEM_WAIT_YIELD_US", "1.5"),
        ("SHMEM_INFO", "maybe"),
        ("SHMEM_DEBUG", "3"),
        ("SHMEM_COLLECTIVE_STAGING", "sometimes"),
        ("SHMEM_TRANSPORT", "tcp"),
        ("SHMEM_MPI_NODE_SIZE", "0"),
    ] {
        let named = |out: &std::process::Output| {
            let err = String::from_utf8_lossy(&out.stderr);
            !out.status.success() && err.contains(var) && err.contains(value)
        };
        let out = shmemrun_with(
            &["-n", "2", exe],
            &[(support::CASE_ENV, "launcher_env_errors"), (var, value)],
        );
        ensure(named(&out), || format!("{var}={value}: {}", describe(&out)))?;
        let out = Command::new(exe)
            .env(support::CASE_ENV, "launcher_env_errors")
            .env(var, value)
            .output()
            .unwrap();
        ensure(named(&out), || {
            format!("singleton {var}={value}: {}", describe(&out))
        })?;
    }
    Ok(())
}

/// `SHMEM_TRANSPORT=mpi` means "MPI or an error": under shmemrun, whose jobs are shared memory
/// only, every PE refuses to start with a line naming the variable and what to do (it was
/// ignored, and the job ran over shared memory with status 0).
fn check_transport_mpi_under_shmemrun() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let out = shmemrun_with(
        &["-n", "2", exe.to_str().unwrap()],
        &[
            (support::CASE_ENV, "launcher_transport_mpi"),
            ("SHMEM_TRANSPORT", "mpi"),
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        !out.status.success()
            && err.contains("cannot start the job: SHMEM_TRANSPORT=mpi, but shmem's shmemrun")
            && err.contains("mpirun"),
        || describe(&out),
    )
}

/// A process that an MPI launcher started (faked here by the variable Open MPI's `mpirun`
/// sets) in a build without the `mpi` feature refuses to run as a 1-PE job of its own, which
/// would silently give N unrelated jobs, with a line that says the job cannot start (not that
/// shmemrun's environment is bad); `SHMEM_TRANSPORT=shm` says that is what is wanted.
#[cfg(not(feature = "mpi"))]
fn check_mpi_without_feature() -> Result<(), Failed> {
    let exe = std::env::current_exe().unwrap();
    let run = |transport: &str| {
        Command::new(&exe)
            .env(support::CASE_ENV, "launcher_mpi_without_feature")
            .env("OMPI_COMM_WORLD_SIZE", "2")
            .env("SHMEM_TRANSPORT", transport)
            .output()
            .unwrap()
    };
    let out = run("auto");
    let err = String::from_utf8_lossy(&out.stderr);
    ensure(
        !out.status.success()
            && err.contains("cannot start the job: Open MPI's mpirun started this PE")
            && err.contains("--features mpi")
            && !err.contains("launcher environment"),
        || describe(&out),
    )?;
    let out = run("shm");
    let text = String::from_utf8_lossy(&out.stdout);
    ensure(out.status.success() && text.contains("1 PEs"), || {
        describe(&out)
    })
}

/// The records of PE `pe` in `stderr`.
fn records(stderr: &str, pe: usize) -> Vec<&str> {
    let prefix = format!("[shmem PE {pe}] ");
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix(prefix.as_str()))
        .collect()
}

fn check_debug_log() -> Result<(), Failed> {
    let n = 3;
    // Level 1: lifecycle, allocations, team splits; no other collective.
    let (out, _) = run_job(n, "launcher_debug_log", &[], &[("SHMEM_DEBUG", "1")]);
    ensure(out.status.success(), || describe(&out))?;
    let err = String::from_utf8_lossy(&out.stderr);
    // Every line is a whole record: one write per record, never interleaved.
    ensure(err.lines().all(|l| l.starts_with("[shmem PE ")), || {
        describe(&out)
    })?;
    for pe in 0..n {
        let r = records(&err, pe);
        let has = |what: &str| r.iter().filter(|l| l.contains(what)).count();
        ensure(
            has("attached") == 1
                && has("allocated") == 2
                && has("team split over PEs 0+1*i, i < 3") == 1
                && has("reduction") == 0
                && has("barrier_all/sync_all #3") == 1
                && has("barrier") == 1
                && r.last().is_some_and(|l| *l == "finalized"),
            || format!("PE {pe} at level 1: {r:#?}"),
        )?;
    }
    // Level 2: also every collective call, with its arguments.
    let (out, _) = run_job(n, "launcher_debug_log", &[], &[("SHMEM_DEBUG", "2")]);
    ensure(out.status.success(), || describe(&out))?;
    let err = String::from_utf8_lossy(&out.stderr);
    for pe in 0..n {
        let r = records(&err, pe);
        let reductions = r
            .iter()
            .filter(|l| l.contains("reduction over PEs 0+2*i, i < 2, 8-byte elements"))
            .count();
        let barriers = r
            .iter()
            .filter(|l| l.starts_with("barrier_all/sync_all #"))
            .count();
        let finalize = r
            .iter()
            .filter(|l| l.starts_with("finalize barrier #"))
            .count();
        // init's barrier and the body's, #3 after pcontrol(2), not #4 (pcontrol(0)), #5 and
        // finalize's after pcontrol(1)
        ensure(
            reductions == usize::from(pe % 2 == 0)
                && barriers == 4
                && !r.iter().any(|l| l.starts_with("barrier_all/sync_all #4"))
                && finalize == 1,
            || format!("PE {pe} at level 2: {r:#?}"),
        )?;
    }
    // Level 0 (unset): only the barrier after pcontrol(2); pcontrol(1) is back to none.
    let (out, _) = run_job(n, "launcher_debug_log", &[], &[]);
    ensure(out.status.success(), || describe(&out))?;
    let err = String::from_utf8_lossy(&out.stderr);
    for pe in 0..n {
        let r = records(&err, pe);
        ensure(
            r.len() == 1 && r[0].starts_with("barrier_all/sync_all #3"),
            || format!("PE {pe} unset, pcontrol(2) for one barrier: {r:#?}"),
        )?;
    }
    Ok(())
}

fn check_init_twice() -> Result<(), Failed> {
    for n in [2, 4] {
        let (out, _) = run_job(n, "launcher_init_twice", &[], &[]);
        ensure(out.status.success(), || describe(&out))?;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .env(support::CASE_ENV, "launcher_init_twice")
        .output()
        .unwrap();
    ensure(out.status.success(), || describe(&out))
}

fn main() {
    support::main(
        &[],
        &[
            Custom {
                name: "launcher_panic",
                body: body_panic,
                check: check_panic,
            },
            Custom {
                name: "launcher_exit3",
                body: body_exit3,
                check: check_exit3,
            },
            Custom {
                name: "launcher_sigkill",
                body: body_sigkill,
                check: check_sigkill,
            },
            Custom {
                name: "launcher_no_finalize",
                body: body_no_finalize,
                check: check_no_finalize,
            },
            Custom {
                name: "launcher_global_exit",
                body: body_global_exit,
                check: check_global_exit,
            },
            Custom {
                name: "launcher_timeout",
                body: body_sleep,
                check: check_timeout,
            },
            Custom {
                name: "launcher_sleep",
                body: body_sleep,
                check: check_sigterm,
            },
            Custom {
                name: "launcher_orphans",
                body: body_orphans,
                check: check_orphans,
            },
            Custom {
                name: "launcher_orphans_kill",
                body: body_orphans,
                check: check_orphans_launcher_killed,
            },
            Custom {
                name: "launcher_reinit",
                body: body_reinit,
                check: check_reinit,
            },
            Custom {
                name: "launcher_impostor",
                body: body_impostor,
                check: check_impostor,
            },
            Custom {
                name: "launcher_claimed",
                body: body_claimed,
                check: check_wrappers,
            },
            Custom {
                name: "launcher_not_found",
                body: body_hello,
                check: check_not_found,
            },
            Custom {
                name: "launcher_hello",
                body: body_hello,
                check: check_hello,
            },
            Custom {
                name: "launcher_config",
                body: body_config,
                check: check_config,
            },
            Custom {
                name: "launcher_args",
                body: body_args,
                check: check_args,
            },
            Custom {
                name: "launcher_heap_size",
                body: body_args,
                check: check_heap_size,
            },
            Custom {
                name: "launcher_not_init",
                body: body_args,
                check: check_not_init,
            },
            Custom {
                name: "launcher_env_errors",
                body: body_args,
                check: check_env_errors,
            },
            Custom {
                name: "launcher_transport_mpi",
                body: body_args,
                check: check_transport_mpi_under_shmemrun,
            },
            #[cfg(not(feature = "mpi"))]
            Custom {
                name: "launcher_mpi_without_feature",
                body: body_args,
                check: check_mpi_without_feature,
            },
            Custom {
                name: "launcher_debug_log",
                body: body_debug_log,
                check: check_debug_log,
            },
            Custom {
                name: "launcher_env",
                body: body_env,
                check: check_export,
            },
            Custom {
                name: "launcher_mpirun_options",
                body: body_args,
                check: check_mpirun_options,
            },
            Custom {
                name: "launcher_main_error",
                body: body_main_error,
                check: check_main_error,
            },
            Custom {
                name: "launcher_bind",
                body: body_bind,
                check: check_bind,
            },
            Custom {
                name: "launcher_tag_output",
                body: body_tag_output,
                check: check_tag_output,
            },
            Custom {
                name: "launcher_tag_escape",
                body: body_tag_escape,
                check: check_tag_escape,
            },
            Custom {
                name: "launcher_help",
                body: body_args,
                check: check_help,
            },
            Custom {
                name: "launcher_init_twice",
                body: body_init_twice,
                check: check_init_twice,
            },
        ],
    );
}
