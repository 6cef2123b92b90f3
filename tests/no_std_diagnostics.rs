//! The compile errors of a build of codec without its `std` feature, for a field whose type
//! codec supports only with `std` (`HashMap`, `SystemTime`, `PathBuf` keys): each names the
//! feature that provides the impl, once per field and trait.
//!
//! trybuild cannot show this: cargo unifies features over a build, and this workspace's
//! tests build codec with `std`. So the test writes a tiny `#![no_std]` crate into
//! `CARGO_TARGET_TMPDIR`, depending on this workspace's `codec` with
//! `default-features = false`, runs `cargo check` on it (offline, with this workspace's
//! `Cargo.lock`, in a target directory kept between runs: a few seconds once built), and
//! reads the errors. Without cargo the test fails; it never skips.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The user's crate: two std-only field types and a std-only key.
const LIB: &str = r#"#![no_std]
extern crate alloc;
extern crate std;

use alloc::collections::BTreeMap;
use codec::Codec;

#[derive(Codec)]
pub struct Event {
    pub id: u64,
    pub tags: std::collections::HashMap<u32, u8>,
    pub at: std::time::SystemTime,
    pub by_path: BTreeMap<std::path::PathBuf, u8>,
}
"#;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Writes the crate (unchanged files are left alone, so cargo's fingerprints hold) and
/// returns its directory.
fn write_crate() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no_std_diagnostics");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let codec = workspace().join("codec");
    let manifest = format!(
        "[package]\nname = \"no_std_diagnostics\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [workspace]\n\n\
         [dependencies]\ncodec = {{ path = {:?}, default-features = false }}\n",
        codec.display().to_string()
    );
    let lock = std::fs::read_to_string(workspace().join("Cargo.lock")).unwrap();
    for (path, text) in [("Cargo.toml", manifest.as_str()), ("Cargo.lock", lock.as_str()), ("src/lib.rs", LIB)] {
        let path = dir.join(path);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
            std::fs::write(&path, text).unwrap();
        }
    }
    dir
}

/// The rendered errors of `cargo check` on the crate (`error[...]: ...` with their notes),
/// one string each.
fn errors() -> Vec<String> {
    let dir = write_crate();
    // The `cargo` that runs this test, else the one on `PATH`.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["check", "--offline", "--quiet", "--color", "never"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        // Not the flags of the build running this test (coverage, say).
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .expect("cargo must be runnable for this test");
    assert!(!out.status.success(), "the crate must not compile without codec's `std`");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let mut errors = Vec::new();
    for block in stderr.split("\n\n") {
        if block.starts_with("error[") {
            errors.push(block.to_owned());
        } else if let Some(last) = errors.last_mut().filter(|_| block.starts_with(' ')) {
            // A block of the same error after an empty line (its source snippets).
            last.push_str("\n\n");
            last.push_str(block);
        }
    }
    assert!(!errors.is_empty(), "no error parsed from:\n{stderr}");
    errors
}

#[test]
fn std_only_types_name_the_std_feature_once_per_field_and_trait() {
    let errors = errors();
    let headline = |e: &String| e.lines().next().unwrap_or_default().to_owned();
    let mut headlines: Vec<String> = errors.iter().map(headline).collect();
    headlines.sort();
    assert_eq!(
        headlines,
        [
            "error[E0277]: `HashMap<u32, u8>` is not a codec type: it does not implement `Decode`",
            "error[E0277]: `HashMap<u32, u8>` is not a codec type: it does not implement `Encode`",
            "error[E0277]: `PathBuf` cannot be a map key: it does not implement `DecodeKey`",
            "error[E0277]: `PathBuf` cannot be a map key: it does not implement `EncodeKey`",
            "error[E0277]: `SystemTime` is not a codec type: it does not implement `Decode`",
            "error[E0277]: `SystemTime` is not a codec type: it does not implement `Encode`",
        ],
        "one error per field and trait; all of them:\n{}",
        errors.join("\n\n")
    );
    for e in &errors {
        let note = if e.contains("map key") {
            "this build of codec has no `std` feature: `Path` and `PathBuf` are map keys only with it"
        } else {
            "this build of codec has no `std` feature, and std's types are"
        };
        assert!(e.contains(note), "no note on the `std` feature in:\n{e}");
        assert!(e.contains("features = [\"std\"]"), "the fix is not named in:\n{e}");
        assert!(!e.contains("__private"), "a private path in:\n{e}");
    }
    // The value types' errors also name the no_std alternatives.
    let hash_map = errors.iter().find(|e| e.contains("`HashMap<u32, u8>` is not a codec type")).unwrap();
    assert!(hash_map.contains("use `BTreeMap` and `BTreeSet`"), "{hash_map}");
}
