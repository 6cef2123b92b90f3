//! `codec-tests`: the workspace's integration tests, examples and benchmarks live in
//! `tests/`, `examples/` and `benches/`; this library only holds what they share, and
//! runs the Rust examples of the README and of `docs/` as doctests.
#![doc = include_str!("../README.md")]

use std::path::PathBuf;

/// The Rust blocks of the pages in `docs/`, compiled and run as doctests of this package
/// (`cargo test -p codec-tests --doc`), as the README's are through the crate docs above.
#[cfg(doctest)]
pub mod docs {
    /// `docs/migrating-from-serde.md`.
    #[doc = include_str!("../docs/migrating-from-serde.md")]
    pub struct MigratingFromSerde;

    /// `docs/reference.md`.
    #[doc = include_str!("../docs/reference.md")]
    pub struct Reference;

    /// `docs/integrations.md`.
    #[doc = include_str!("../docs/integrations.md")]
    pub struct Integrations;

    /// `docs/performance.md`.
    #[doc = include_str!("../docs/performance.md")]
    pub struct Performance;
}

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

pub mod rng;

/// A counting global allocator for peak live heap (`benches/peak_heap.rs`,
/// `benches/stream.rs`, `tests/peak_heap.rs`).
#[doc(hidden)]
pub mod peak_heap;

/// The vendored test and benchmark data: `data/` at the repository's root (see
/// `data/README.md` for what is there, where it came from and its licences).
///
/// ```
/// assert!(codec_tests::data_dir().join("README.md").is_file());
/// ```
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// Reads `data/<relative>` whole, as raw bytes (some files are deliberately not UTF-8).
///
/// # Panics
///
/// When the file cannot be read, naming its path: the data is part of the repository, so a
/// missing file is a broken checkout and every test that needs it must fail, never skip.
///
/// ```
/// let twitter = codec_tests::data("json-benchmark/twitter.json");
/// assert_eq!(twitter.len(), 631_514);
/// ```
pub fn data(relative: &str) -> Vec<u8> {
    let path = data_dir().join(relative);
    std::fs::read(&path)
        .unwrap_or_else(|e| panic!("cannot read the vendored data file {}: {e} (see data/README.md)", path.display()))
}
