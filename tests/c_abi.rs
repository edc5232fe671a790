//! The C API (`shmem-c`): the C programs of `tests/c/`, built with `shmemcc` and run through
//! `shmemrun` at 2 and 4 PEs (and as a singleton). Each program computes its expectations
//! itself (folds over PE ids), prints `FAIL ...` and exits non-zero on a mismatch; the
//! `errors` program breaks one rule per mode, and the job must end with the one-line message
//! naming the call and the argument.
//!
//! `cargo test` builds `libshmem.so` only when something depends on it, and nothing Rust
//! does: so the driver runs `cargo build -p shmem-c` itself (same target directory and
//! profile as this test; Cargo does not hold its lock while tests run), which is a no-op when
//! the library is current.
//!
//! With `SHMEM_TEST_LAUNCHER=mpirun` (a build with the `mpi` feature, which the library is
//! then built with too) the same programs run under `mpirun` on the MPI transport.
#![forbid(unsafe_code)]

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use libtest_mimic::{Arguments, Failed, Trial};

/// The C programs that must pass at 2 and 4 PEs.
const PROGRAMS: &[&str] = &[
    "rma", "amo", "lock", "coll", "team", "p2p", "ctx", "v16", "threads", "inline",
];

/// The programs of [`PROGRAMS`] that call `shmem_init`: they also run at
/// `SHMEM_THREAD_MULTIPLE` (`tests/c/multiple.h`).
const SINGLE_THREADED: &[&str] = &[
    "rma", "amo", "lock", "coll", "team", "p2p", "ctx", "v16", "inline",
];

/// The programs of [`PROGRAMS`] that also run built with `-DSHMEM_NO_INLINE`
/// (`<name>-library`): `shmem.h`'s inline paths off, so that the library's own hot paths,
/// which those paths take over in the usual programs, stay tested.
const LIBRARY_PATHS: &[&str] = &["rma", "amo", "p2p", "inline"];

/// `errors` modes and the message each must produce.
const ERRORS: &[(&str, &str)] = &[
    (
        "pe",
        "shmem: shmem_long_p: invalid PE 2 (the job has 2 PEs)",
    ),
    ("addr", "shmem: shmem_long_p: dest 0x"),
    ("free", "shmem: shmem_free: 0x"),
    ("cmp", "shmem: shmem_long_wait_until: cmp 42 is not one of"),
    ("range", "shmem: shmem_getmem: source 0x"),
    ("null", "shmem: shmem_putmem: source is NULL"),
    (
        "negpe",
        "shmem: shmem_putmem: invalid PE -1 (the job has 2 PEs)",
    ),
    ("past", "shmem: shmem_putmem: dest 0x"),
    ("pastglobal", "shmem: shmem_putmem: dest 0x"),
    (
        "wrap",
        "shmem: shmem_putmem: source 0xfffffffffffffffc + 8 bytes wraps around",
    ),
    ("align", "shmem: shmem_long_atomic_fetch_add: dest 0x"),
    (
        "ctx",
        "shmem: shmem_ctx_long_p: context 0x2 is not a context of this PE",
    ),
    (
        "team",
        "shmem: shmem_team_my_pe: team 0x4d is not a team of this PE",
    ),
    (
        "set",
        "shmem: shmem_barrier: invalid active set (PE_start 0, logPE_stride 0, PE_size 3)",
    ),
    ("psync", "shmem: shmem_barrier: pSync 0x"),
    (
        "mismatch",
        "shmem: shmem_malloc: collective argument mismatch",
    ),
    (
        "zeromismatch",
        "shmem: shmem_malloc: collective argument mismatch: allocation size in bytes is 0 on \
         PE 0 but 64 on PE 1",
    ),
    (
        "pequiet",
        "shmem: shmem_pe_quiet: invalid PE 2 (the job has 2 PEs)",
    ),
];

/// Where the built programs are.
struct Built {
    dir: PathBuf,
}

fn shmemrun() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_shmemrun"))
}

/// Builds `libshmem` and `shmemcc` (cargo), then every C program with `shmemcc`; once.
fn built() -> Result<&'static Built, Failed> {
    static BUILT: OnceLock<Result<Built, String>> = OnceLock::new();
    BUILT
        .get_or_init(build)
        .as_ref()
        .map_err(|e| Failed::from(e.as_str()))
}

fn build() -> Result<Built, String> {
    // `<target>/<profile>/shmemrun`.
    let profile_dir = shmemrun().parent().ok_or("shmemrun has no directory")?;
    let target_dir = profile_dir.parent().ok_or("no target directory")?;
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(p) => p,
        None => return Err("unnamed profile directory".into()),
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "build",
            "-p",
            "shmem-c",
            "--profile",
            profile,
            "--target-dir",
        ])
        .arg(target_dir)
        .args(if cfg!(feature = "mpi") {
            &["--features", "mpi"][..]
        } else {
            &[]
        })
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo build -p shmem-c failed\n{}", describe(&out)));
    }
    let shmemcc = profile_dir.join("shmemcc");
    let dir = profile_dir.join("c-tests");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/c");
    for name in PROGRAMS.iter().chain(&["errors", "big"]) {
        let out = Command::new(&shmemcc)
            .args([
                "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-pthread", "-o",
            ])
            .arg(dir.join(name))
            .arg(src.join(format!("{name}.c")))
            .output()
            .map_err(|e| format!("running {}: {e}", shmemcc.display()))?;
        if !out.status.success() {
            return Err(format!("shmemcc {name}.c failed\n{}", describe(&out)));
        }
    }
    // The same programs at SHMEM_THREAD_MULTIPLE (`multiple.h` turns their `shmem_init` into
    // `shmem_init_thread`): one thread, but every call on the library's thread paths.
    for name in SINGLE_THREADED.iter().chain(&["errors"]) {
        let out = Command::new(&shmemcc)
            .args(["-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-include"])
            .arg(src.join("multiple.h"))
            .arg("-o")
            .arg(dir.join(format!("{name}-multiple")))
            .arg(src.join(format!("{name}.c")))
            .output()
            .map_err(|e| format!("running {}: {e}", shmemcc.display()))?;
        if !out.status.success() {
            let what = format!("shmemcc -include multiple.h {name}.c");
            return Err(format!("{what} failed\n{}", describe(&out)));
        }
    }
    // Without the header's inline paths: every call is the library's.
    for name in LIBRARY_PATHS {
        let out = Command::new(&shmemcc)
            .args([
                "-std=c11",
                "-O1",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-DSHMEM_NO_INLINE",
                "-o",
            ])
            .arg(dir.join(format!("{name}-library")))
            .arg(src.join(format!("{name}.c")))
            .output()
            .map_err(|e| format!("running {}: {e}", shmemcc.display()))?;
        if !out.status.success() {
            let what = format!("shmemcc -DSHMEM_NO_INLINE {name}.c");
            return Err(format!("{what} failed\n{}", describe(&out)));
        }
    }
    // One program with `libshmem.a` linked in (`shmemcc --static-lib`): the library's own
    // data is then part of the program's, which `shmem_init` makes symmetric.
    let out = Command::new(&shmemcc)
        .args([
            "--static-lib",
            "-std=c11",
            "-O1",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-o",
        ])
        .arg(dir.join("rma-static"))
        .arg(src.join("rma.c"))
        .output()
        .map_err(|e| format!("running {}: {e}", shmemcc.display()))?;
    if !out.status.success() {
        return Err(format!(
            "shmemcc --static-lib rma.c failed\n{}",
            describe(&out)
        ));
    }
    Ok(Built { dir })
}

fn describe(out: &Output) -> String {
    format!(
        "status: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Runs `program args` on `npes` PEs (0: without the launcher, a singleton).
fn run(npes: usize, program: &str, args: &[&str]) -> Result<Output, Failed> {
    run_with(npes, &[], program, args)
}

/// [`run`] with launcher options.
fn run_with(npes: usize, opts: &[&str], program: &str, args: &[&str]) -> Result<Output, Failed> {
    let exe = built()?.dir.join(program);
    let mut _session = None;
    let mut cmd = if npes == 0 {
        Command::new(&exe)
    } else if support::under_mpirun() {
        // `--heap-size S` is `SHMEM_SYMMETRIC_SIZE=S` there.
        let vars: Vec<(&str, &str)> = opts
            .chunks(2)
            .map(|o| match o {
                ["--heap-size", s] => ("SHMEM_SYMMETRIC_SIZE", *s),
                _ => panic!("no mpirun form for {o:?}"),
            })
            .collect();
        let (mut c, session) = support::mpirun_command(npes, &vars);
        _session = Some(session);
        c.args(["--timeout", "120"]).arg(&exe);
        c
    } else {
        let mut c = Command::new(shmemrun());
        c.args(["-n", &npes.to_string(), "--timeout", "120"])
            .args(opts)
            .arg(&exe);
        c
    };
    cmd.args(args)
        .output()
        .map_err(|e| format!("starting {program}: {e}").into())
}

fn passes(npes: usize, program: &str) -> Result<(), Failed> {
    passes_as(npes, program, program)
}

/// [`passes`] for the build `exe` of the program `program`.
fn passes_as(npes: usize, exe: &str, program: &str) -> Result<(), Failed> {
    passes_with(npes, exe, program, &[])
}

/// [`passes_as`] with the program's arguments.
fn passes_with(npes: usize, exe: &str, program: &str, args: &[&str]) -> Result<(), Failed> {
    let out = run(npes, exe, args)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let pes = npes.max(1);
    if out.status.success()
        && !stdout.contains("FAIL")
        && stdout.contains(&format!("{program} ok on {pes} PEs"))
    {
        Ok(())
    } else {
        Err(describe(&out).into())
    }
}

fn refuses(exe: &str, mode: &str, message: &str) -> Result<(), Failed> {
    let out = run(2, exe, &[mode])?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("shmem: "))
        .collect();
    if out.status.code() == Some(1)
        && !lines.is_empty()
        && lines.iter().all(|l| l.starts_with(message))
    {
        Ok(())
    } else {
        Err(format!("expected exit 1 and `{message}...`\n{}", describe(&out)).into())
    }
}

/// The functions `shmem.h` declares (a declaration starts a line with its return type).
fn declared(header: &str) -> Vec<String> {
    let mut names: Vec<String> = header
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()) && !l.starts_with("typedef"))
        .filter_map(|l| l.split('(').next())
        .filter_map(|head| head.rsplit([' ', '*']).next())
        .filter(|n| {
            n.starts_with("shmem_")
                || matches!(
                    *n,
                    "_my_pe"
                        | "_num_pes"
                        | "start_pes"
                        | "shmalloc"
                        | "shmemalign"
                        | "shfree"
                        | "shrealloc"
                )
        })
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Every function `shmem.h` declares links against `libshmem` (a program takes the address
/// of each, built with `-Werror`), and the header declares the whole API. Built twice: with
/// `-DSHMEM_NO_INLINE`, where every name is the library's exported function, and as is, where
/// the names with an inline path are that path (which calls the library's function).
fn header_links() -> Result<(), Failed> {
    header_links_as(true)?;
    header_links_as(false)
}

/// [`header_links`], with or without the header's inline paths.
fn header_links_as(library: bool) -> Result<(), Failed> {
    let built = built()?;
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shmem-c/include/shmem.h");
    let header = std::fs::read_to_string(&include).map_err(|e| format!("{e}"))?;
    let names = declared(&header);
    if names.len() < 1000 {
        return Err(format!("only {} declarations found in shmem.h", names.len()).into());
    }
    let mut c = String::from(
        "#include <shmem.h>\n#include <stdio.h>\nstatic void (*const fns[])(void) = {\n",
    );
    for n in &names {
        c.push_str(&format!("    (void (*)(void)){n},\n"));
    }
    c.push_str("};\nint main(void) {\n    printf(\"%zu functions\\n\", sizeof fns / sizeof fns[0]);\n    return 0;\n}\n");
    let tag = if library { "library" } else { "inline" };
    let src = built.dir.join(format!("every_declaration_{tag}.c"));
    std::fs::write(&src, c).map_err(|e| format!("{e}"))?;
    let exe = built.dir.join(format!("every_declaration_{tag}"));
    let out = Command::new(built.dir.join("../shmemcc"))
        .args(["-std=c11", "-Wall", "-Werror"])
        .args(library.then_some("-DSHMEM_NO_INLINE"))
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .map_err(|e| format!("{e}"))?;
    if !out.status.success() {
        return Err(format!("a declared function does not link\n{}", describe(&out)).into());
    }
    let out = Command::new(&exe).output().map_err(|e| format!("{e}"))?;
    let want = format!("{} functions", names.len());
    if out.status.success() && String::from_utf8_lossy(&out.stdout).contains(&want) {
        Ok(())
    } else {
        Err(describe(&out).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for &p in PROGRAMS {
        for n in [2, 4] {
            trials.push(Trial::test(format!("{p}::np{n}"), move || passes(n, p)));
        }
    }
    for &p in SINGLE_THREADED {
        for n in [2, 4] {
            trials.push(Trial::test(format!("{p}::multiple_np{n}"), move || {
                passes_as(n, &format!("{p}-multiple"), p)
            }));
        }
    }
    for &p in LIBRARY_PATHS {
        for n in [2, 4] {
            trials.push(Trial::test(format!("{p}::library_np{n}"), move || {
                passes_as(n, &format!("{p}-library"), p)
            }));
        }
    }
    trials.push(Trial::test("rma::singleton", || passes(0, "rma")));
    trials.push(Trial::test("inline::singleton", || passes(0, "inline")));
    // `threads` asking for SHMEM_THREAD_SERIALIZED gets exactly that.
    for n in [2, 4] {
        trials.push(Trial::test(
            format!("threads::serialized_np{n}"),
            move || passes_with(n, "threads", "threads", &["serialized"]),
        ));
    }
    trials.push(Trial::test("rma::static_lib_np2", || {
        passes_as(2, "rma-static", "rma")
    }));
    trials.push(Trial::test("header::every_declaration_links", header_links));
    trials.push(Trial::test("globals::larger_than_the_default_heap", || {
        let out = run_with(2, &["--heap-size", "64m"], "big", &[])?;
        let ok = String::from_utf8_lossy(&out.stdout).contains("big ok on 2 PEs");
        if out.status.success() && ok {
            Ok(())
        } else {
            Err(describe(&out).into())
        }
    }));
    trials.push(Trial::test("globals::too_large_for_the_partition", || {
        let out = run_with(2, &["--heap-size", "16m"], "big", &[])?;
        let want = "shmem: shmem_init: the program's global and static data need";
        if !out.status.success() && String::from_utf8_lossy(&out.stderr).contains(want) {
            Ok(())
        } else {
            Err(format!("expected `{want}`\n{}", describe(&out)).into())
        }
    }));
    trials.push(Trial::test("launcher::exit_without_finalize", || {
        if support::under_mpirun() {
            return Ok(()); // shmemrun's message; mpirun has its own
        }
        let out = run(2, "errors", &["nofinalize"])?;
        let want = "exited with status 0 without finalizing (the Rust handle was never dropped, \
                    or shmem_finalize never called)";
        if out.status.code() == Some(1) && String::from_utf8_lossy(&out.stderr).contains(want) {
            Ok(())
        } else {
            Err(format!("expected exit 1 and `{want}`\n{}", describe(&out)).into())
        }
    }));
    for &(mode, message) in ERRORS {
        trials.push(Trial::test(format!("errors::{mode}"), move || {
            refuses("errors", mode, message)
        }));
        trials.push(Trial::test(format!("errors::{mode}_multiple"), move || {
            refuses("errors-multiple", mode, message)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
