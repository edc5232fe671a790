//! The crates' layers (issue 26, `docs/ARCHITECTURE.md`, "Layers"): every module of
//! `shmem-core` and of `shmem` imports only from modules on lower floors, so there is no
//! circle, and inside `shmem` a module names the module that defines an item, never the crate
//! root's re-export of it (`lib.rs` re-exports for users only).
//!
//! The check reads the sources: comments, strings and `#[cfg(test)]` modules are skipped
//! (tests may reach anywhere), then every `crate::NAME` path, braces expanded, is an import of
//! the top-level module `NAME`. A module missing from the floor list fails the check too, so
//! that a new file must be placed on a floor when it is added.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// `shmem-core`'s floors, bottom first.
const CORE: &[&[&str]] = &[
    // the system, errors, settings and logging
    &["sys", "error", "life", "serialized"],
    &["config"],
    &["log", "copy"],
    // the memory every PE maps, the allocator over it, the sets of PEs
    &["segment", "heap", "pe_set"],
    // waiting, and the launcher's unsafe primitives
    &["wait", "supervise"],
    // the transport boundary and its implementations: shared memory, MPI
    &["transport"],
    // protocols over the boundary
    &["collectives", "lock", "rwlock", "request", "threads"],
    // the words of the launcher's deadlock report, and a PE's watch over its own waits
    &["report"],
    // the top: the runtime
    &["runtime"],
];

/// `shmem`'s floors, bottom first.
const SHMEM: &[&[&str]] = &[
    // the sealed element traits; the registry of `#[symmetric]` statics
    &["types"],
    &["registry"],
    // the runtime handle and PE numbers
    &["handle"],
    // the views of symmetric memory and their owners; the layouts of an index space over PEs
    &["sym", "layout"],
    // what is built over views alone
    &["collectives", "lock", "nbi", "convey", "statics"],
    &["team", "rwlock"],
    // contexts (world or team) and windows (world or team)
    &["ctx"],
    &["window"],
];

/// Removes comments, string and character literals and `#[cfg(test)]` modules from Rust
/// source, keeping the rest as it is.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        if rest.starts_with("//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with("/*") {
            let mut depth = 0;
            while i < b.len() {
                if src[i..].starts_with("/*") {
                    depth += 1;
                    i += 2;
                } else if src[i..].starts_with("*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(n) = raw_string_len(rest) {
            i += n;
            out.push_str("\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if b[i] == b'\'' && char_literal_len(rest).is_some() {
            i += char_literal_len(rest).unwrap_or(1);
            out.push_str("' '");
        } else {
            let c = rest.chars().next().expect("not at the end");
            out.push(c);
            i += c.len_utf8();
        }
    }
    without_test_modules(&out)
}

/// `code` (already without comments and literals) without its `#[cfg(test)]` modules.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let item = after.trim_start();
        if !(item.starts_with("mod ") || item.starts_with("pub(crate) mod ")) {
            rest = after;
            continue;
        }
        let Some(open) = after.find('{') else {
            return out;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (k, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`, `br"..."`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let start = s.strip_prefix('b').unwrap_or(s);
    let skipped = s.len() - start.len();
    let body = start.strip_prefix('r')?;
    let hashes = body.len() - body.trim_start_matches('#').len();
    let body = &body[hashes..];
    if !body.starts_with('"') {
        return None;
    }
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body[1..].find(&close)?;
    Some(skipped + 1 + hashes + 1 + end + close.len())
}

/// The length of a character literal at the start of `s` (`'a'`, `'\n'`, `'\''`,
/// `'\u{1F600}'`), or `None` for a lifetime or label (`'a`, `'static`).
fn char_literal_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() >= 3 && b[1] == b'\\' {
        let close = s[2..].find('\'')?;
        return Some(2 + close + 1 + usize::from(b[2] == b'\'' && close == 0));
    }
    let c = s[1..].chars().next()?;
    let n = 1 + c.len_utf8();
    (s[n..].starts_with('\'')).then_some(n + 1)
}

/// The top-level names that `code` reaches through `crate::` paths (braces expanded).
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `shmem_core::...` and the like
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 || (c == ',' && depth == 1) {
                    names.insert(first_ident(&item));
                    item.clear();
                    if depth == 0 {
                        break;
                    }
                } else {
                    item.push(c);
                }
            }
        } else {
            names.insert(first_ident(rest));
        }
    }
    names.remove("");
    names
}

fn first_ident(s: &str) -> String {
    s.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src` belongs to (`None` for `lib.rs`).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    match first.strip_suffix(".rs") {
        Some("lib") => None,
        Some(m) => Some(m.to_owned()),
        None => Some(first),
    }
}

/// The violations of `floors` in the crate at `src`: upward or sideways imports, modules on no
/// floor, and (with `no_root_items`) paths through the crate root's re-exports.
fn check(src: &Path, floors: &[&[&str]], no_root_items: bool) -> Vec<String> {
    let floor_of = |m: &str| floors.iter().position(|f| f.contains(&m));
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let modules: BTreeSet<String> = code_only(&lib)
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l
                .strip_prefix("pub ")
                .or_else(|| l.strip_prefix("pub(crate) "))
                .unwrap_or(l);
            l.strip_prefix("mod ").map(first_ident)
        })
        .filter(|m| m != "__private")
        .collect();
    let mut problems = Vec::new();
    for m in &modules {
        if floor_of(m).is_none() {
            problems.push(format!("module `{m}` is on no floor (tests/layers.rs)"));
        }
    }
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    for file in files {
        let Some(me) = module_of(src, &file) else {
            continue;
        };
        let Some(my_floor) = floor_of(&me) else {
            continue;
        };
        let code = code_only(&fs::read_to_string(&file).expect("a source file"));
        for name in crate_paths(&code) {
            if name == me {
                continue;
            }
            let shown = file
                .strip_prefix(src)
                .unwrap_or(&file)
                .display()
                .to_string();
            match floor_of(&name) {
                Some(f) if f < my_floor => {}
                Some(f) => problems.push(format!(
                    "{shown}: `{me}` (floor {my_floor}) imports `{name}` (floor {f}): only lower \
                     floors may be imported"
                )),
                None if modules.contains(&name) => {}
                None if no_root_items => problems.push(format!(
                    "{shown}: `crate::{name}` is the crate root's re-export; import it from the \
                     module that defines it"
                )),
                None => {}
            }
        }
    }
    problems
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_owned()
}

#[test]
fn shmem_core_imports_only_downward() {
    let problems = check(&workspace().join("shmem-core/src"), CORE, false);
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn shmem_imports_only_downward_and_never_through_the_root() {
    let problems = check(&workspace().join("shmem/src"), SHMEM, true);
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_check_sees_upward_imports_through_braces_comments_and_strings() {
    let code = code_only(
        "// use crate::runtime;\nlet s = \"crate::lock\";\nlet r = r#\"crate::rwlock\"#;\n\
         let c = '\"';\nuse crate::{wait::{self, Waiter}, segment::Segment};\nfn f<'a>() \
         { crate::transport::x() }\n#[cfg(test)]\nmod tests { use crate::runtime; }\n",
    );
    let found: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(found, ["segment", "transport", "wait"]);
}
