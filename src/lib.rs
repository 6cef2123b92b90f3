//! `codec-tests`: the workspace's integration tests, examples and benchmarks live in
//! `tests/`, `examples/` and `benches/`; this library only holds what they share, and
//! runs the README's examples as doctests.
#![doc = include_str!("../README.md")]

use std::path::PathBuf;

/// The benches' summary: medians from criterion's output as MB/s per contender, the
/// markdown table and the machine-readable results file (`benches/json.rs`,
/// `benches/msgpack.rs`).
#[doc(hidden)]
pub mod bench_report;

/// The SVG chart of codec's ratio to the fastest peer, from results files
/// (`examples/bench_chart.rs`).
#[doc(hidden)]
pub mod bench_chart;

pub mod models;

/// Where the shared datasets live: `../shared/data` beside the repository.
pub fn shared_data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join("shared").join("data")
}

/// Reads `../shared/data/<relative>`. When the folder is absent, prints a notice and
/// returns `None` so the caller can skip; when the `CI` variable is set, a missing file
/// is a failure instead, so CI can never pass by skipping.
pub fn shared_data(relative: &str) -> Option<Vec<u8>> {
    let path = shared_data_dir().join(relative);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) => {
            if std::env::var_os("CI").is_some() {
                panic!("CI is set but the shared dataset {} cannot be read: {e}", path.display());
            }
            eprintln!("notice: skipping, shared dataset {} not available ({e})", path.display());
            None
        }
    }
}
