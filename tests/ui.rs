//! Compile-time diagnostics of `#[derive(Codec)]`: every `*_error.rs` must fail with
//! exactly the committed `.stderr` (one clear message per mistake, spanned at the
//! offending token, and no follow-up errors), and every `*_ok.rs` must compile.
//!
//! After a deliberate change to a message, regenerate with
//! `TRYBUILD=overwrite cargo test -p codec-tests --test ui` and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*_error.rs");
    t.pass("tests/ui/*_ok.rs");
}
