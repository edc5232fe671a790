//! Compile-fail tests: the misuses the type system rules out. Each `tests/ui/*.rs` must fail
//! to compile with the committed `.stderr` (regenerate with `TRYBUILD=overwrite cargo test
//! -p shmem --test ui` after checking that the new message is still the intended one).
#![forbid(unsafe_code)]

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("../tests/ui/*.rs");
}
