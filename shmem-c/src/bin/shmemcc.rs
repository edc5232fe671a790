//! `shmemcc`: the C compiler wrapper of shmem's C API (like `oshcc`).
//!
//! `shmemcc [cc options] files...` runs the C compiler (the first of `$SHMEMCC_CC`,
//! `$SHMEM_CC`, `$CC` and `cc` that is set and is not `shmemcc` itself: [`compiler`]) with `-I<include dir>` in front of the arguments and, when it links (no `-c`, `-S`, `-E`,
//! `-M`, `-MM`), `-L<lib dir> -Wl,-rpath,<lib dir> -lshmem` after them, so the program finds
//! `libshmem.so` at run time without `LD_LIBRARY_PATH`.
//!
//! Where it looks, first hit wins:
//! * the library: the directory of the `shmemcc` executable itself (Cargo puts
//!   `libshmem.so` next to it and to `shmemrun`, in `target/<profile>/`), then `../lib` from
//!   it (an installed tree: `<prefix>/bin`, `<prefix>/lib`, `<prefix>/include`);
//! * the header: `../include` from the executable's directory (installed tree), then
//!   `include/` of the `shmem-c` source directory this binary was built from.
//!
//! Options of its own (before the compiler's), answered by `shmemcc` itself as `oshcc` and
//! `mpicc` answer theirs: `--help` (`-h`) describes them; `--showme` (also `-showme`, MPICH's
//! `-show`) prints the command instead of running it; `--showme:compile`, `--showme:link` and
//! `--showme:command` print only the compile flags, the link flags or the compiler;
//! `--static-lib` links `libshmem.a` (next to `libshmem.so`) into the program
//! instead of `libshmem.so`: each call is then a direct call, not one through the PLT (the
//! per-call cost of the small operations, measured in `docs/ARCHITECTURE.md`), and the
//! library's own data joins the program's, which `shmem_init` makes symmetric with it;
//! `--write-pc DIR` (alone) writes `DIR/shmem.pc` for `pkg-config` with the shared library's
//! paths, creating `DIR` if needed.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// What `libshmem.a` needs besides itself (`rustc --print native-static-libs`, glibc).
const STATIC_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

/// The MPI library's link flags, for a `libshmem.a` built with the MPI transport (the shared
/// library records its MPI dependency itself): those of the MPI library the transport was
/// built against, recorded by the build script (`SHMEMCC_MPI_LINK`); else what
/// `mpicc --showme:link` (Open MPI) or `mpicc -link_info` (MPICH, minus the compiler's name)
/// prints, else `-lmpi`.
fn mpi_link_flags() -> Vec<String> {
    if let Some(flags) = option_env!("SHMEMCC_MPI_LINK").filter(|f| !f.is_empty()) {
        return flags.split_whitespace().map(str::to_owned).collect();
    }
    let run = |args: &[&str]| {
        Command::new("mpicc")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    if let Some(flags) = run(&["--showme:link"]) {
        return flags.split_whitespace().map(str::to_owned).collect();
    }
    if let Some(line) = run(&["-link_info"]) {
        return line.split_whitespace().skip(1).map(str::to_owned).collect();
    }
    vec!["-lmpi".to_owned()]
}

/// Set in the compiler's environment: a `shmemcc` that finds it was started by a compiler
/// that `shmemcc` started (a wrapper script around `shmemcc`, say), and stops there rather
/// than start another.
const GUARD: &str = "SHMEMCC_RUNNING";

/// The C compiler to run and its own leading arguments: the first of `$SHMEMCC_CC` (this
/// wrapper's own variable, as `OMPI_CC` is `mpicc`'s), `$SHMEM_CC` (what the OpenSHMEM
/// examples' Makefile sets), `$CC` and `cc` that is set, not empty, and does not name this
/// executable (`make CC=shmemcc`, `./configure CC=shmemcc` and a Makefile that exports
/// `SHMEM_CC=shmemcc` set exactly that: running it would run this wrapper again, forever).
/// A variable may hold a command with arguments (`ccache gcc`).
fn compiler(me: &Path) -> (String, Vec<String>) {
    ["SHMEMCC_CC", "SHMEM_CC", "CC"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .chain(["cc".to_owned()])
        .filter_map(|c| {
            let mut words = c.split_whitespace().map(str::to_owned);
            let prog = words.next()?;
            (!is_self(&prog, me)).then(|| (prog, words.collect()))
        })
        .next()
        .unwrap_or_else(|| ("cc".to_owned(), Vec::new()))
}

/// Whether the program `prog` (a path, or a name looked up in `$PATH` as the shell would) is
/// the executable `me` (canonical).
fn is_self(prog: &str, me: &Path) -> bool {
    let found = if prog.contains('/') {
        Some(PathBuf::from(prog))
    } else {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join(prog))
                .find(|p| p.is_file())
        })
    };
    found.and_then(|p| p.canonicalize().ok()).as_deref() == Some(me)
}

/// The header directory of the source tree this binary was built from.
const SOURCE_INCLUDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/include");

fn lib_dir(exe_dir: &Path) -> Option<PathBuf> {
    [exe_dir.to_path_buf(), exe_dir.join("../lib")]
        .into_iter()
        .find(|d| d.join("libshmem.so").is_file())
}

fn include_dir(exe_dir: &Path) -> Option<PathBuf> {
    [exe_dir.join("../include"), PathBuf::from(SOURCE_INCLUDE)]
        .into_iter()
        .find(|d| d.join("shmem.h").is_file())
}

/// What `shmemcc --help` prints.
const HELP: &str = "\
shmemcc: the C compiler wrapper of shmem's OpenSHMEM 1.6 C API (like oshcc)

Usage: shmemcc [OPTIONS] [COMPILER OPTIONS] FILES...

Runs the C compiler with shmem.h's directory on the include path and, when it links,
libshmem (with an rpath, so the program needs no LD_LIBRARY_PATH). Run the program with
shmemrun (shmem's; `shmemrun --version` tells it from Open MPI's).

Options (before the compiler's):
  --showme, -showme, -show   print the compiler command instead of running it
  --showme:compile           print only the compile flags
  --showme:link              print only the link flags
  --showme:command           print only the compiler
  --static-lib               link libshmem.a instead of libshmem.so
  --write-pc DIR             write DIR/shmem.pc for pkg-config (creating DIR), then exit
  -h, --help                 print this help (the compiler's own: `$(shmemcc
                             --showme:command) --help`)

The compiler: the first of $SHMEMCC_CC, $SHMEM_CC, $CC and `cc` that is set and is not
shmemcc itself (a variable may hold a command with arguments, e.g. `ccache gcc`).
";

/// Which part of the command `--showme` prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Showme {
    All,
    Compile,
    Link,
    Command,
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if std::env::var_os(GUARD).is_some() {
        eprintln!(
            "shmemcc: started by the C compiler that shmemcc ran (a compiler that runs \
             shmemcc again); set SHMEMCC_CC to a C compiler"
        );
        return ExitCode::from(2);
    }
    let Ok(exe) = std::env::current_exe().and_then(|p| p.canonicalize()) else {
        eprintln!("shmemcc: cannot locate its own executable");
        return ExitCode::from(2);
    };
    let Some(exe_dir) = exe.parent().map(Path::to_path_buf) else {
        eprintln!("shmemcc: cannot locate its own executable");
        return ExitCode::from(2);
    };
    let (Some(lib), Some(inc)) = (lib_dir(&exe_dir), include_dir(&exe_dir)) else {
        eprintln!(
            "shmemcc: libshmem.so or shmem.h not found (looked for the library in {} and its \
             ../lib, for the header in its ../include and {SOURCE_INCLUDE}); build them with \
             `cargo build -p shmem-c`",
            exe_dir.display()
        );
        return ExitCode::from(2);
    };
    let (lib, inc) = (lib.display().to_string(), inc.display().to_string());
    if matches!(args.first().map(String::as_str), Some("--help" | "-h")) {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    if args.first().map(String::as_str) == Some("--write-pc") {
        let Some(dir) = args.get(1) else {
            eprintln!("shmemcc: --write-pc needs a directory");
            return ExitCode::from(2);
        };
        let pc = format!(
            "Name: shmem\nDescription: OpenSHMEM 1.6 C API of shmem (Rust)\nVersion: {}\n\
             Cflags: -I{inc}\nLibs: -L{lib} -Wl,-rpath,{lib} -lshmem\n",
            env!("CARGO_PKG_VERSION")
        );
        return match std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(Path::new(dir).join("shmem.pc"), pc))
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("shmemcc: writing {dir}/shmem.pc: {e}");
                ExitCode::from(2)
            }
        };
    }
    // Own options, in any order, before the compiler's.
    let (mut showme, mut static_lib) = (None, false);
    while let Some(a) = args.first() {
        match a.as_str() {
            "--showme" | "-showme" | "-show" => showme = Some(Showme::All),
            "--showme:compile" => showme = Some(Showme::Compile),
            "--showme:link" => showme = Some(Showme::Link),
            "--showme:command" => showme = Some(Showme::Command),
            "--static-lib" => static_lib = true,
            _ => break,
        }
        args.remove(0);
    }
    let archive = Path::new(&lib).join("libshmem.a");
    if static_lib && !archive.is_file() {
        eprintln!(
            "shmemcc: --static-lib: {} not found (build it with `cargo build -p shmem-c`)",
            archive.display()
        );
        return ExitCode::from(2);
    }
    let (cc, cc_args) = compiler(&exe);
    let links = !args
        .iter()
        .any(|a| matches!(a.as_str(), "-c" | "-S" | "-E" | "-M" | "-MM"));
    let compile_flags = vec![format!("-I{inc}")];
    let mut link_flags = Vec::new();
    if static_lib {
        // The archive and the system libraries Rust's standard library needs (`rustc
        // --print native-static-libs` for this crate).
        link_flags.push(archive.display().to_string());
        if cfg!(feature = "mpi") {
            link_flags.extend(mpi_link_flags());
        }
        link_flags.extend(STATIC_LIBS.iter().map(|l| (*l).to_owned()));
    } else {
        link_flags.extend([
            format!("-L{lib}"),
            format!("-Wl,-rpath,{lib}"),
            "-lshmem".to_owned(),
        ]);
    }
    match showme {
        Some(Showme::Compile) => {
            println!("{}", compile_flags.join(" "));
            return ExitCode::SUCCESS;
        }
        Some(Showme::Link) => {
            println!("{}", link_flags.join(" "));
            return ExitCode::SUCCESS;
        }
        Some(Showme::Command) => {
            println!(
                "{}",
                std::iter::once(&cc)
                    .chain(&cc_args)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            return ExitCode::SUCCESS;
        }
        Some(Showme::All) | None => {}
    }
    let mut full = cc_args;
    full.extend(compile_flags);
    full.extend(args);
    if links {
        full.extend(link_flags);
    }
    if showme == Some(Showme::All) {
        println!("{cc} {}", full.join(" "));
        return ExitCode::SUCCESS;
    }
    match Command::new(&cc).args(&full).env(GUARD, "1").status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => ExitCode::from(u8::try_from(s.code().unwrap_or(1)).unwrap_or(1)),
        Err(e) => {
            eprintln!("shmemcc: running {cc}: {e}");
            ExitCode::from(127)
        }
    }
}
