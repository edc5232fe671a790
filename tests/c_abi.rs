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
    "rma",
    "amo",
    "lock",
    "coll",
    "team",
    "p2p",
    "ctx",
    "v16",
    "threads",
    "inline",
    "anyfair",
    "strided",
    "zero",
    "team_invalid",
    "sync_generic",
    "reduce_generic",
    "profile",
];

/// Programs that pass at 2 and 4 PEs under `shmemrun`: `align` needs the segment's aligned
/// partitions, which memory MPI lends does not have (`shmem_align` of more than a page ends
/// an MPI job with a message instead).
const SHMEMRUN_ONLY: &[&str] = &["align"];

/// The programs of [`PROGRAMS`] that call `shmem_init`: they also run at
/// `SHMEM_THREAD_MULTIPLE` (`tests/c/multiple.h`).
const SINGLE_THREADED: &[&str] = &[
    "rma", "amo", "lock", "coll", "team", "p2p", "ctx", "v16", "inline", "anyfair", "strided",
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
    ("fcollectinto", "shmem: shmem_long_fcollect: source 0x"),
    (
        "collectinto",
        "shmem: shmem_long_collect: a collective's target (symmetric offset",
    ),
    (
        "alignbig",
        "shmem: shmem_align: alignment 2147483648 is more than",
    ),
    ("lockword", "shmem: shmem_set_lock: lock 0x"),
    ("lockbits", "shmem: shmem_set_lock: lock 0x"),
    ("afterp", "shmem: shmem_long_p: called after shmem_finalize"),
    (
        "afterbarrier",
        "shmem: shmem_barrier_all: called after shmem_finalize",
    ),
    (
        "aftermalloc",
        "shmem: shmem_malloc: called after shmem_finalize",
    ),
];

/// `atexit` modes that end normally without (all of) their `shmem_finalize`: the job
/// succeeds (the implicit finalize at exit).
const AT_EXIT: &[&str] = &["return", "exit", "nested"];

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
    for name in PROGRAMS
        .iter()
        .chain(SHMEMRUN_ONLY)
        .chain(&["errors", "big", "atexit"])
    {
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
        let (mut c, session) = support::mpirun_command(npes, &vars, "120");
        _session = Some(session);
        c.arg(&exe);
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
    // Every line of the library's is the refusal, but for the job-ending line that a PE writes
    // under an MPI launcher before `MPI_Abort` (the refusal ends the job with global_exit(1)).
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("shmem: ") && !l.contains(" called global_exit("))
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

/// `pshmem.h` as `shmem.h` makes it: every prototype of a `shmem_*` function (a statement
/// from a line that starts with its return type to the `;`; not the header's `static inline`
/// functions) with the name shifted to `pshmem_*`, between the fixed head and tail below.
fn pshmem_h(shmem_h: &str) -> String {
    let mut protos = Vec::new();
    let mut lines = shmem_h.lines();
    while let Some(first) = lines.next() {
        if !first.starts_with(|c: char| c.is_ascii_lowercase())
            || ["typedef", "static", "extern", "struct"]
                .iter()
                .any(|k| first.starts_with(k))
        {
            continue;
        }
        let mut stmt = first.to_owned();
        while !stmt.trim_end().ends_with(';') {
            match lines.next() {
                Some(l) => {
                    stmt.push('\n');
                    stmt.push_str(l);
                }
                None => break,
            }
        }
        let head = stmt.split('(').next().unwrap_or("");
        let name = head.rsplit([' ', '*']).next().unwrap_or("");
        if name.starts_with("shmem_") {
            protos.push(stmt.replacen(&format!("{name}("), &format!("p{name}("), 1));
        }
    }
    format!(
        "/* pshmem.h: the name-shifted entry points of the profiling interface (OpenSHMEM 1.5 §11):\n \
         * pshmem_X for every function shmem.h declares as shmem_X, with the same arguments. A\n \
         * profiler defines the shmem_X it measures and calls pshmem_X for the work. Generated from\n \
         * shmem.h (tests/c_abi.rs checks that the two agree; SHMEM_BLESS_PSHMEM=1 rewrites this file\n \
         * from shmem.h). */\n#ifndef PSHMEM_H\n#define PSHMEM_H\n\n#include <shmem.h>\n\n\
         #ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n{}\n\n#ifdef __cplusplus\n}}\n#endif\n\n\
         #endif /* PSHMEM_H */\n",
        protos.join("\n")
    )
}

/// `pshmem.h` declares the `pshmem_*` twin of every function `shmem.h` declares
/// ([`pshmem_h`]); `SHMEM_BLESS_PSHMEM=1` rewrites it from `shmem.h`.
fn pshmem_agrees() -> Result<(), Failed> {
    let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shmem-c/include");
    let shmem_h = std::fs::read_to_string(include.join("shmem.h")).map_err(|e| format!("{e}"))?;
    let want = pshmem_h(&shmem_h);
    let path = include.join("pshmem.h");
    if std::env::var_os("SHMEM_BLESS_PSHMEM").is_some() {
        std::fs::write(&path, &want).map_err(|e| format!("{e}"))?;
    }
    let have = std::fs::read_to_string(&path).map_err(|e| format!("{e}"))?;
    if have == want {
        Ok(())
    } else {
        Err("pshmem.h does not match shmem.h: rerun with SHMEM_BLESS_PSHMEM=1".into())
    }
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
    let pshmem =
        std::fs::read_to_string(include.with_file_name("pshmem.h")).map_err(|e| format!("{e}"))?;
    let shifted: Vec<String> = pshmem
        .lines()
        .filter_map(|l| l.split('(').next())
        .filter_map(|head| head.rsplit([' ', '*']).next())
        .filter(|n| n.starts_with("pshmem_"))
        .map(str::to_owned)
        .collect();
    let mut c = String::from(
        "#include <pshmem.h>\n#include <stdio.h>\nstatic void (*const fns[])(void) = {\n",
    );
    for n in names.iter().chain(&shifted) {
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
    let want = format!("{} functions", names.len() + shifted.len());
    if out.status.success() && String::from_utf8_lossy(&out.stdout).contains(&want) {
        Ok(())
    } else {
        Err(describe(&out).into())
    }
}

/// `shmemcc` with `CC` and `SHMEM_CC` naming itself (`make CC=shmemcc`, the OpenSHMEM
/// examples' `SHMEM_CC=shmemcc`), by path and through `PATH`: it runs `cc`, never itself
/// (`--showme` says what it would run; then a real build).
fn shmemcc_never_runs_itself() -> Result<(), Failed> {
    let built = built()?;
    let shmemcc = built.dir.join("../shmemcc");
    let bin = built.dir.join("..");
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .map_err(|e| format!("{e}"))?;
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/c/rma.c");
    let exe = built.dir.join("rma-cc-shmemcc");
    let cmd = |showme: bool| {
        let mut c = Command::new(&shmemcc);
        c.env_remove("SHMEMCC_CC")
            .env("PATH", &path)
            .env("SHMEM_CC", "shmemcc")
            .env("CC", &shmemcc);
        if showme {
            c.arg("--showme");
        }
        c.args(["-std=c11", "-o"]).arg(&exe).arg(&src);
        c
    };
    let out = cmd(true).output().map_err(|e| format!("{e}"))?;
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() || line.split_whitespace().next() != Some("cc") {
        return Err(format!("expected `cc ...`\n{}", describe(&out)).into());
    }
    let out = cmd(false).output().map_err(|e| format!("{e}"))?;
    if out.status.success() && exe.is_file() {
        Ok(())
    } else {
        Err(describe(&out).into())
    }
}

/// `shmemcc`'s own options answer themselves, as `oshcc`'s and `mpicc`'s do, instead of
/// reaching the compiler (whose `--help` is gcc's and which refuses `-showme`): `--help`,
/// every `--showme` form, and `--write-pc` into a directory that does not exist yet.
fn shmemcc_own_options() -> Result<(), Failed> {
    let built = built()?;
    let shmemcc = built.dir.join("../shmemcc");
    let run = |args: &[&str]| -> Result<String, Failed> {
        let out = Command::new(&shmemcc)
            .env_remove("SHMEMCC_CC")
            .env_remove("SHMEM_CC")
            .env("CC", "cc")
            .args(args)
            .output()
            .map_err(|e| format!("{e}"))?;
        if !out.status.success() {
            return Err(format!("shmemcc {args:?}\n{}", describe(&out)).into());
        }
        Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_owned())
    };
    let help = run(&["--help"])?;
    let compile = run(&["--showme:compile"])?;
    let link = run(&["--showme:link"])?;
    let command = run(&["--showme:command"])?;
    let whole: Vec<String> = ["--showme", "-showme", "-show"]
        .iter()
        .map(|o| run(&[o, "-O2", "-o", "x", "x.c"]))
        .collect::<Result<_, _>>()?;
    let want = format!("{command} {compile} -O2 -o x x.c {link}");
    let pc_dir = built.dir.join("pc/not/yet");
    let _ = std::fs::remove_dir_all(built.dir.join("pc"));
    run(&["--write-pc", pc_dir.to_str().unwrap()])?;
    let pc = std::fs::read_to_string(pc_dir.join("shmem.pc")).map_err(|e| format!("{e}"))?;
    if help.contains("--showme:link")
        && help.contains("SHMEMCC_CC")
        && compile.starts_with("-I")
        && link.ends_with("-lshmem")
        && command == "cc"
        && whole.iter().all(|w| *w == want)
        && pc.contains(&format!("Cflags: {compile}"))
    {
        Ok(())
    } else {
        Err(format!(
            "help: {help}\ncompile: {compile}\nlink: {link}\ncommand: {command}\n\
             showme: {whole:?} (expected {want:?})\npc: {pc}"
        )
        .into())
    }
}

/// A C program starts with the symmetric sizes the README uses as examples (`64k`, the
/// default), set with the variable and with `--heap-size`, and as a singleton.
fn small_symmetric_sizes() -> Result<(), Failed> {
    let built = built()?;
    let src = built.dir.join("small_heap.c");
    std::fs::write(
        &src,
        "#include <shmem.h>\n#include <stdio.h>\nint main(void) {\n    shmem_init();\n    \
         long *p = shmem_malloc(4096);\n    if (p == NULL) return 1;\n    shmem_free(p);\n    \
         if (shmem_my_pe() == 0) printf(\"small ok on %d PEs\\n\", shmem_n_pes());\n    \
         shmem_finalize();\n    return 0;\n}\n",
    )
    .map_err(|e| format!("{e}"))?;
    let exe = built.dir.join("small_heap");
    let out = Command::new(built.dir.join("../shmemcc"))
        .args(["-std=c11", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .map_err(|e| format!("{e}"))?;
    if !out.status.success() {
        return Err(describe(&out).into());
    }
    let jobs: [(Vec<&str>, Option<&str>, &str); 4] = [
        (vec!["-n", "2"], Some("64k"), "2"),
        (vec!["-n", "2", "--heap-size", "64k"], None, "2"),
        (vec!["-n", "2"], None, "2"),
        (vec![], Some("64k"), "1"),
    ];
    for (opts, size, pes) in jobs {
        let mut cmd = if opts.is_empty() {
            Command::new(&exe)
        } else {
            let mut c = Command::new(shmemrun());
            c.args(&opts).args(["--timeout", "120"]).arg(&exe);
            c
        };
        match size {
            Some(s) => cmd.env("SHMEM_SYMMETRIC_SIZE", s),
            None => cmd.env_remove("SHMEM_SYMMETRIC_SIZE"),
        };
        let out = cmd.output().map_err(|e| format!("{e}"))?;
        let ok = format!("small ok on {pes} PEs");
        if !out.status.success() || !String::from_utf8_lossy(&out.stdout).contains(&ok) {
            return Err(
                format!("{opts:?} SHMEM_SYMMETRIC_SIZE={size:?}\n{}", describe(&out)).into(),
            );
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for &p in PROGRAMS {
        for n in [2, 4] {
            trials.push(Trial::test(format!("{p}::np{n}"), move || passes(n, p)));
        }
    }
    for &p in SHMEMRUN_ONLY {
        for n in [2, 4] {
            trials.push(Trial::test(format!("{p}::np{n}"), move || {
                if support::under_mpirun() {
                    return Ok(());
                }
                passes(n, p)
            }));
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
    trials.push(Trial::test("header::pshmem_agrees", pshmem_agrees));
    trials.push(Trial::test(
        "shmemcc::never_runs_itself",
        shmemcc_never_runs_itself,
    ));
    trials.push(Trial::test("shmemcc::own_options", shmemcc_own_options));
    if !support::under_mpirun() {
        trials.push(Trial::test(
            "globals::small_symmetric_sizes",
            small_symmetric_sizes,
        ));
    }
    // SHMEM_SYMMETRIC_SIZE is the heap's size: 48 MiB of globals beside a 16 MiB heap that
    // still holds 12 MiB, and beside the default heap.
    for (name, opts) in [
        (
            "globals::beside_a_smaller_heap",
            &["--heap-size", "16m"][..],
        ),
        ("globals::beside_the_default_heap", &[][..]),
    ] {
        trials.push(Trial::test(name, move || {
            let out = run_with(2, opts, "big", &["12"])?;
            let ok = String::from_utf8_lossy(&out.stdout).contains("big ok on 2 PEs");
            if out.status.success() && ok {
                Ok(())
            } else {
                Err(describe(&out).into())
            }
        }));
    }
    // As a singleton too (the process makes its own segment).
    trials.push(Trial::test("globals::beside_the_heap_singleton", || {
        let exe = built()?.dir.join("big");
        let out = Command::new(exe)
            .arg("12")
            .env("SHMEM_SYMMETRIC_SIZE", "16m")
            .output()
            .map_err(|e| format!("{e}"))?;
        let ok = String::from_utf8_lossy(&out.stdout).contains("big ok on 1 PEs");
        if out.status.success() && ok {
            Ok(())
        } else {
            Err(describe(&out).into())
        }
    }));
    for &mode in AT_EXIT {
        for n in [2, 4] {
            trials.push(Trial::test(format!("atexit::{mode}_np{n}"), move || {
                passes_with(n, "atexit", "atexit", &[mode])
            }));
        }
    }
    trials.push(Trial::test("atexit::leaving_others_waiting_fails", || {
        if support::under_mpirun() {
            return Ok(()); // shmemrun's deadlock report; mpirun has none
        }
        // PE 0 returns (finalized at exit) while PE 1 waits for its put: a deadlock report.
        let out = run(2, "atexit", &["leave"])?;
        let said = String::from_utf8_lossy(&out.stderr).contains("deadlock");
        if out.status.code() == Some(124) && said {
            Ok(())
        } else {
            Err(format!(
                "expected exit 124 and a deadlock report\n{}",
                describe(&out)
            )
            .into())
        }
    }));
    trials.push(Trial::test("atexit::failure_is_not_finalized", || {
        // PE 0 exits with status 3 (no finalize): the job fails with it, at once.
        let out = run(2, "atexit", &["fail"])?;
        let failed = if support::under_mpirun() {
            !out.status.success()
        } else {
            out.status.code() == Some(3)
        };
        if failed {
            Ok(())
        } else {
            Err(format!("expected exit 3\n{}", describe(&out)).into())
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
