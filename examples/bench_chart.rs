//! Renders codec's throughput over the fastest peer's, from the benches' results files, as
//! an SVG bar chart (`codec_tests::bench_chart`): one group of bars per (direction,
//! dataset), one bar per labelled results file.
//!
//! ```sh
//! cargo bench --bench json                     # writes target/bench-results.tsv
//! RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native cargo bench --bench json
//! cargo bench --bench msgpack                  # writes target/msgpack-bench-results.tsv
//! cargo run --example bench_chart -- --out docs/bench-ratios.svg \
//!     default=target/bench-results.tsv native=target/native/bench-results.tsv \
//!     msgpack=target/msgpack-bench-results.tsv
//! ```
//!
//! Each input is `label=path` (a bare path is labelled with its file name's stem); the
//! label names the build in the legend. Without `--out` the SVG goes to standard output.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codec_tests::bench_chart::render_svg;
use codec_tests::bench_report::Results;

const USAGE: &str = "usage: bench_chart [--out <file.svg>] <label>=<results.tsv>...";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench_chart: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut out: Option<PathBuf> = None;
    let mut builds: Vec<(String, Results)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            println!("{USAGE}");
            return Ok(());
        } else if arg == "--out" || arg == "-o" {
            out = Some(args.next().ok_or("--out needs a file")?.into());
        } else if let Some(path) = arg.strip_prefix("--out=") {
            out = Some(path.into());
        } else if arg.starts_with('-') {
            return Err(format!("unknown option {arg}"));
        } else {
            let (label, path) = match arg.split_once('=') {
                Some((label, path)) => (label.to_string(), Path::new(path)),
                None => {
                    let path = Path::new(&arg);
                    (path.file_stem().unwrap_or_default().to_string_lossy().into_owned(), path)
                }
            };
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let results = Results::parse_tsv(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            builds.push((label, results));
        }
    }
    if builds.is_empty() {
        return Err("no results files given".to_string());
    }
    let svg = render_svg(&builds);
    match out {
        Some(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
            eprintln!("written to {}", path.display());
        }
        None => print!("{svg}"),
    }
    Ok(())
}
