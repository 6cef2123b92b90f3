//! The reporting shared by `benches/json.rs` and `benches/msgpack.rs`: after criterion has
//! run, read the medians this run wrote to `<criterion>/<group>/<contender>/new/estimates.json`,
//! turn them into one [`Row`](crate::bench_report::Row) per (dataset, direction) with the MB/s of every contender,
//! print them as a markdown table and write it to `<target>/<Bench::table_file>`, and write
//! the same rows, machine-readable, to `<target>/<Bench::results_file>` (see [`Results`](crate::bench_report::Results)),
//! the input of `examples/bench_chart.rs`.
//!
//! The first contender of a [`Bench`](crate::bench_report::Bench) is codec; the others are its peers, and a row's ratio
//! is codec's MB/s over the fastest peer's.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use codec::json::Value;

/// One contender of a bench: its criterion function id, and the name its table column shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The criterion function id (`bench_function(id, ..)`), also the results file's column.
    pub id: &'static str,
    /// The markdown table's column header.
    pub label: &'static str,
}

/// What a bench reports and where.
#[derive(Clone, Copy, Debug)]
pub struct Bench {
    /// `json` or `msgpack`: the `bench=` of the results file.
    pub name: &'static str,
    /// The command that runs it, for the results file and the chart.
    pub command: &'static str,
    /// codec first, then its peers.
    pub contenders: &'static [Contender],
    /// Stripped from a group's direction in the table and the results
    /// (`msgpack_decode_owned` shows as `decode_owned`).
    pub direction_prefix: &'static str,
    /// The markdown table's file name in the target directory.
    pub table_file: &'static str,
    /// The results file's name in the target directory.
    pub results_file: &'static str,
}

impl Bench {
    /// The contenders' ids, codec first.
    pub fn ids(&self) -> Vec<String> {
        self.contenders.iter().map(|c| c.id.to_string()).collect()
    }
}

/// One group that a run measured: criterion's `<direction>/<dataset>`, over `bytes` of input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The dataset, as the table shows it.
    pub dataset: &'static str,
    /// The direction, as criterion's group name has it (`decode_owned`, `msgpack_encode`).
    pub direction: &'static str,
    /// The throughput's byte count of one call.
    pub bytes: usize,
}

impl Group {
    /// criterion's group name.
    pub fn name(&self) -> String {
        format!("{}/{}", self.direction, self.dataset)
    }
}

/// MB/s of every contender on one (dataset, direction); `None` where a contender has no
/// result (filtered out, or not run).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The dataset.
    pub dataset: String,
    /// The direction, without the bench's [`Bench::direction_prefix`].
    pub direction: String,
    /// One entry per contender, in the bench's order: codec first.
    pub mbps: Vec<Option<f64>>,
}

impl Row {
    /// codec's MB/s.
    pub fn codec(&self) -> Option<f64> {
        self.mbps.first().copied().flatten()
    }

    /// The index (into the contenders) and MB/s of the fastest peer that has a result.
    pub fn fastest_peer(&self) -> Option<(usize, f64)> {
        self.mbps.iter().enumerate().skip(1).filter_map(|(i, v)| v.map(|v| (i, v))).max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// codec's MB/s over the fastest peer's, if both are there.
    pub fn ratio(&self) -> Option<f64> {
        Some(self.codec()? / self.fastest_peer()?.1)
    }
}

/// The rows of `groups`, in their order: `median_ns(group name, contender id)` is the median
/// time per call, in ns, or `None` where this run has none. Groups where no contender has
/// a median are left out.
pub fn rows(bench: &Bench, groups: &[Group], mut median_ns: impl FnMut(&str, &str) -> Option<f64>) -> Vec<Row> {
    let mut rows = Vec::new();
    for group in groups {
        let name = group.name();
        let mbps: Vec<Option<f64>> =
            bench.contenders.iter().map(|c| median_ns(&name, c.id).map(|ns| group.bytes as f64 / ns * 1e3)).collect();
        if mbps.iter().all(Option::is_none) {
            continue;
        }
        let direction = group.direction.strip_prefix(bench.direction_prefix).unwrap_or(group.direction);
        rows.push(Row { dataset: group.dataset.to_string(), direction: direction.to_string(), mbps });
    }
    rows
}

/// `header` (lines of text, each ended by a newline), a blank line, then the markdown table:
/// `| dataset | direction | codec | <peers...> | codec / fastest peer |`, MB/s rounded to
/// units and the ratio followed by the fastest peer's name. With a single peer the last
/// column is `codec / <peer>` and the name is left out.
pub fn render_markdown(bench: &Bench, header: &str, rows: &[Row]) -> String {
    let (codec, peers) = bench.contenders.split_first().expect("a bench has at least codec");
    let single_peer = peers.len() == 1;
    let mut table = String::from(header);
    table.push('\n');
    let labels: Vec<&str> = bench.contenders.iter().map(|c| c.label).collect();
    let ratio_header = match peers {
        [peer] => format!("{} / {}", codec.label, peer.label),
        _ => format!("{} / fastest peer", codec.label),
    };
    let _ = writeln!(table, "| dataset | direction | {} | {ratio_header} |", labels.join(" | "));
    let _ = writeln!(table, "|---|---|{}--:|", "--:|".repeat(labels.len()));
    for row in rows {
        let cells: Vec<String> = row.mbps.iter().map(|v| v.map_or("-".to_string(), |v| format!("{v:.0}"))).collect();
        let ratio = match (row.codec(), row.fastest_peer()) {
            (Some(ours), Some((_, best))) if single_peer => format!("{:.2}", ours / best),
            (Some(ours), Some((i, best))) => format!("{:.2} ({})", ours / best, bench.contenders[i].label),
            _ => "-".to_string(),
        };
        let _ = writeln!(table, "| {} | {} | {} | {ratio} |", row.dataset, row.direction, cells.join(" | "));
    }
    table
}

// ---------------------------------------------------------------------------------------
// The results file.

/// The first line of a results file starts with this; `key=value` fields follow, tab-separated.
const MAGIC: &str = "# codec-bench-results/1";

/// What a results file says about its run.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    /// `json` or `msgpack`.
    pub bench: String,
    /// The command that ran it.
    pub command: String,
    /// CPU and cores (see [`environment`]).
    pub environment: String,
    /// Whether the build had AVX2 enabled (`-C target-cpu=native` on a machine with it).
    pub avx2: bool,
    /// Further `key=value` fields, in order (the clock, the allocator).
    pub extra: Vec<(String, String)>,
}

impl Meta {
    /// The value of an extra field.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.extra.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// The contents of a results file: tab-separated, one row per (dataset, direction).
///
/// ```text
/// # codec-bench-results/1<TAB>bench=json<TAB>command=cargo bench --bench json<TAB>avx2=no<TAB>environment=...
/// dataset<TAB>direction<TAB>codec<TAB>serde_json<TAB>...<TAB>ratio<TAB>fastest_peer
/// twitter<TAB>decode_owned<TAB>769.2<TAB>581.0<TAB>...<TAB>0.8351<TAB>simd_json
/// ```
///
/// MB/s are written exactly (shortest round-trip form), `-` where missing; `ratio` and
/// `fastest_peer` are derived from them (and ignored when reading).
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// About the run.
    pub meta: Meta,
    /// The contenders' ids, codec first: the MB/s columns.
    pub contenders: Vec<String>,
    /// The rows; each has one MB/s per contender.
    pub rows: Vec<Row>,
}

/// Tabs and line breaks would break the format: they become spaces.
fn field(text: &str) -> String {
    text.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c }).collect()
}

impl Results {
    /// The fastest peer's id of `row`.
    pub fn fastest_peer_name(&self, row: &Row) -> Option<&str> {
        row.fastest_peer().and_then(|(i, _)| self.contenders.get(i)).map(String::as_str)
    }

    /// The file's text.
    pub fn to_tsv(&self) -> String {
        let meta = &self.meta;
        let mut out = String::from(MAGIC);
        let mut fields = vec![
            ("bench".to_string(), meta.bench.clone()),
            ("command".to_string(), meta.command.clone()),
            ("avx2".to_string(), if meta.avx2 { "yes" } else { "no" }.to_string()),
            ("environment".to_string(), meta.environment.clone()),
        ];
        fields.extend(meta.extra.iter().cloned());
        for (key, value) in &fields {
            let _ = write!(out, "\t{}={}", field(key).replace('=', "_"), field(value));
        }
        out.push('\n');
        let contenders: Vec<String> = self.contenders.iter().map(|c| field(c)).collect();
        let _ = writeln!(out, "dataset\tdirection\t{}\tratio\tfastest_peer", contenders.join("\t"));
        for row in &self.rows {
            let _ = write!(out, "{}\t{}", field(&row.dataset), field(&row.direction));
            for v in &row.mbps {
                match v {
                    Some(v) => write!(out, "\t{v}"),
                    None => write!(out, "\t-"),
                }
                .unwrap();
            }
            match row.ratio() {
                Some(r) => write!(out, "\t{r:.4}"),
                None => write!(out, "\t-"),
            }
            .unwrap();
            let _ = writeln!(out, "\t{}", self.fastest_peer_name(row).map_or("-".to_string(), field));
        }
        out
    }

    /// Reads a results file's text; the error names the line.
    pub fn parse_tsv(text: &str) -> Result<Results, String> {
        let mut meta: Option<Meta> = None;
        let mut contenders: Option<Vec<String>> = None;
        let mut rows = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() {
                continue;
            }
            if let Some(rest) = line.strip_prefix(MAGIC) {
                meta = Some(parse_meta(rest).map_err(|e| format!("line {n}: {e}"))?);
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            let cells: Vec<&str> = line.split('\t').collect();
            let Some(contenders) = &contenders else {
                let [first, second, names @ .., ratio, fastest] = cells.as_slice() else {
                    return Err(format!("line {n}: expected the column header, found {line:?}"));
                };
                if (*first, *second, *ratio, *fastest) != ("dataset", "direction", "ratio", "fastest_peer")
                    || names.is_empty()
                {
                    return Err(format!(
                        "line {n}: expected `dataset, direction, <contenders>, ratio, fastest_peer`, found {line:?}"
                    ));
                }
                contenders = Some(names.iter().map(|s| s.to_string()).collect());
                continue;
            };
            if cells.len() != contenders.len() + 4 {
                return Err(format!("line {n}: {} fields, expected {}", cells.len(), contenders.len() + 4));
            }
            let mbps = cells[2..2 + contenders.len()]
                .iter()
                .map(|cell| match *cell {
                    "-" => Ok(None),
                    cell => cell.parse::<f64>().map(Some).map_err(|e| format!("line {n}: {cell:?}: {e}")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.push(Row { dataset: cells[0].to_string(), direction: cells[1].to_string(), mbps });
        }
        let meta = meta.ok_or_else(|| format!("no `{MAGIC}` line: not a results file"))?;
        let contenders = contenders.ok_or("no column header line")?;
        Ok(Results { meta, contenders, rows })
    }
}

fn parse_meta(fields: &str) -> Result<Meta, String> {
    let mut meta =
        Meta { bench: String::new(), command: String::new(), environment: String::new(), avx2: false, extra: vec![] };
    let (mut bench, mut avx2) = (false, false);
    for part in fields.split('\t').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').ok_or_else(|| format!("{part:?} is not key=value"))?;
        match key {
            "bench" => (meta.bench, bench) = (value.to_string(), true),
            "command" => meta.command = value.to_string(),
            "environment" => meta.environment = value.to_string(),
            "avx2" => {
                meta.avx2 = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(format!("avx2={value:?}: expected yes or no")),
                };
                avx2 = true;
            }
            _ => meta.extra.push((key.to_string(), value.to_string())),
        }
    }
    match (bench, avx2) {
        (true, true) => Ok(meta),
        _ => Err("the header needs bench= and avx2=".to_string()),
    }
}

// ---------------------------------------------------------------------------------------
// Reading criterion's results and writing the reports.

/// The cargo target directory, found as criterion finds it: `$CARGO_TARGET_DIR`, or
/// `cargo metadata`'s `target_directory` (cargo sets `$CARGO` for the benches it runs), or
/// `target/` beside this package's manifest.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return dir.into();
    }
    let from_metadata = || -> Option<PathBuf> {
        let cargo = std::env::var_os("CARGO")?;
        let out = std::process::Command::new(cargo).args(["metadata", "--format-version", "1", "--no-deps"]).output();
        let meta: Value = codec::json::from_slice(&out.ok()?.stdout).ok()?;
        Some(meta.get("target_directory")?.as_str()?.into())
    };
    from_metadata().unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// Where criterion puts its results: `$CRITERION_HOME`, or `criterion/` in `target`.
pub fn criterion_dir(target: &Path) -> PathBuf {
    std::env::var_os("CRITERION_HOME").map(PathBuf::from).unwrap_or_else(|| target.join("criterion"))
}

/// criterion's directory name for a benchmark id part.
pub fn dir_name(id: &str) -> String {
    id.chars().map(|c| if "?\"/\\*<>:|^".contains(c) { '_' } else { c }).collect()
}

/// The median's point estimate in criterion's `estimates.json`.
pub fn parse_median(estimates: &[u8]) -> Option<f64> {
    let estimates: Value = codec::json::from_slice(estimates).ok()?;
    estimates.get("median")?.get("point_estimate")?.as_f64()
}

/// The median time per iteration, in ns, of `group/function` in criterion's directory
/// `dir`, if a run since `since` (not an earlier one, nor a filtered-out benchmark) wrote it.
pub fn median_ns(dir: &Path, group: &str, function: &str, since: SystemTime) -> Option<f64> {
    let path = dir.join(dir_name(group)).join(dir_name(function)).join("new").join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    parse_median(&std::fs::read(&path).ok()?)
}

/// Whether this build had AVX2 enabled (the benches and this library share the flags).
pub fn built_with_avx2() -> bool {
    cfg!(target_feature = "avx2")
}

/// CPU model and core count, best effort.
pub fn environment() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{cpu}, {cores} cores")
}

/// The end of a bench's `main`: reads the medians of `groups` that this run (started at
/// `since`) wrote, prints the markdown table (`header` first) and writes it and the results
/// file to the target directory. `extra` goes into the results file's header line. Does
/// nothing when no group has a result.
pub fn summarize(bench: &Bench, groups: &[Group], since: SystemTime, header: &str, extra: &[(&str, &str)]) {
    let target = target_dir();
    let dir = criterion_dir(&target);
    let rows = rows(bench, groups, |group, function| median_ns(&dir, group, function, since));
    if rows.is_empty() {
        return;
    }
    let table = render_markdown(bench, header, &rows);
    println!("\n{table}");
    write(&target.join(bench.table_file), &table);
    let results = Results {
        meta: Meta {
            bench: bench.name.to_string(),
            command: bench.command.to_string(),
            environment: environment(),
            avx2: built_with_avx2(),
            extra: extra.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        },
        contenders: bench.ids(),
        rows,
    };
    write(&target.join(bench.results_file), &results.to_tsv());
}

fn write(path: &Path, text: &str) {
    match std::fs::write(path, text) {
        Ok(()) => println!("written to {}", path.display()),
        Err(e) => eprintln!("could not write {}: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const JSON: Bench = Bench {
        name: "json",
        command: "cargo bench --bench json",
        contenders: &[
            Contender { id: "codec", label: "codec" },
            Contender { id: "serde_json", label: "serde_json" },
            Contender { id: "sonic_rs", label: "sonic_rs" },
            Contender { id: "simd_json", label: "simd_json" },
        ],
        direction_prefix: "",
        table_file: "bench-table.md",
        results_file: "bench-results.tsv",
    };

    const MSGPACK: Bench = Bench {
        name: "msgpack",
        command: "cargo bench --bench msgpack",
        contenders: &[Contender { id: "codec", label: "codec" }, Contender { id: "rmp_serde", label: "rmp-serde" }],
        direction_prefix: "msgpack_",
        table_file: "msgpack-bench-table.md",
        results_file: "msgpack-bench-results.tsv",
    };

    fn row(dataset: &str, direction: &str, mbps: &[Option<f64>]) -> Row {
        Row { dataset: dataset.into(), direction: direction.into(), mbps: mbps.to_vec() }
    }

    fn sample() -> Results {
        Results {
            meta: Meta {
                bench: "json".into(),
                command: "cargo bench --bench json".into(),
                environment: "AMD EPYC 7B13, 2 cores".into(),
                avx2: true,
                extra: vec![("clock".into(), "thread CPU time".into())],
            },
            contenders: JSON.ids(),
            rows: vec![
                row("twitter", "decode_owned", &[Some(769.123456789), Some(581.0), Some(556.5), Some(921.25)]),
                row("twitter", "encode", &[Some(5197.0), None, Some(2496.0), Some(2070.0)]),
                row("gmaps", "encode", &[None, Some(2583.0), Some(2027.0), Some(1827.0)]),
                row("canada", "decode_owned", &[Some(1e-3), None, None, None]),
                row("synthetic", "encode", &[Some(0.1 + 0.2), Some(1.0 / 3.0), Some(f64::MAX), Some(5e-324)]),
            ],
        }
    }

    #[test]
    fn tsv_round_trips() {
        let results = sample();
        let text = results.to_tsv();
        assert!(text.starts_with("# codec-bench-results/1\tbench=json\t"), "{text}");
        assert!(text.contains("\tavx2=yes\t"), "{text}");
        assert_eq!(Results::parse_tsv(&text).unwrap(), results);

        let mut no_avx2 = sample();
        no_avx2.meta.avx2 = false;
        no_avx2.meta.extra.clear();
        no_avx2.rows.clear();
        assert_eq!(Results::parse_tsv(&no_avx2.to_tsv()).unwrap(), no_avx2);
    }

    #[test]
    fn tsv_rows_carry_the_ratio_and_fastest_peer() {
        let text = sample().to_tsv();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "dataset\tdirection\tcodec\tserde_json\tsonic_rs\tsimd_json\tratio\tfastest_peer");
        assert_eq!(lines[2], "twitter\tdecode_owned\t769.123456789\t581\t556.5\t921.25\t0.8349\tsimd_json");
        assert_eq!(lines[3], "twitter\tencode\t5197\t-\t2496\t2070\t2.0821\tsonic_rs");
        assert_eq!(lines[4], "gmaps\tencode\t-\t2583\t2027\t1827\t-\tserde_json");
        assert_eq!(lines[5], "canada\tdecode_owned\t0.001\t-\t-\t-\t-\t-");
    }

    #[test]
    fn tsv_values_lose_tabs_and_line_breaks() {
        let mut results = sample();
        results.meta.environment = "a\tb\nc".into();
        let parsed = Results::parse_tsv(&results.to_tsv()).unwrap();
        assert_eq!(parsed.meta.environment, "a b c");
        assert_eq!(parsed.rows, results.rows);
    }

    #[test]
    fn tsv_rejects_malformed_files() {
        let good = sample().to_tsv();
        assert!(Results::parse_tsv("").unwrap_err().contains("not a results file"));
        let no_header = good.lines().filter(|l| !l.starts_with("dataset")).collect::<Vec<_>>().join("\n");
        assert!(Results::parse_tsv(&no_header).is_err());
        let short_row = good.replace("\t0.001\t", "\t");
        assert!(Results::parse_tsv(&short_row).unwrap_err().starts_with("line 6: "), "{short_row}");
        let bad_number = good.replace("\t5197\t", "\tfast\t");
        assert!(Results::parse_tsv(&bad_number).unwrap_err().starts_with("line 4: \"fast\""));
        let no_avx2 = good.replace("\tavx2=yes", "");
        assert!(Results::parse_tsv(&no_avx2).unwrap_err().contains("avx2="));
    }

    #[test]
    fn fastest_peer_is_the_max_peer() {
        let r = row("d", "decode_owned", &[Some(100.0), Some(50.0), Some(80.0), Some(70.0)]);
        assert_eq!(r.fastest_peer(), Some((2, 80.0)));
        assert_eq!(r.ratio(), Some(1.25));
        // codec itself is never a peer, even when slowest or fastest.
        let r = row("d", "encode", &[Some(1.0), Some(2.0), Some(3.0), Some(9.0)]);
        assert_eq!(r.fastest_peer(), Some((3, 9.0)));
        assert_eq!(r.ratio(), Some(1.0 / 9.0));
        let r = row("d", "encode", &[Some(1000.0), Some(2.0), Some(3.0), Some(1.0)]);
        assert_eq!(r.fastest_peer(), Some((2, 3.0)));
    }

    #[test]
    fn fastest_peer_skips_missing_contenders() {
        let r = row("d", "decode_owned", &[Some(100.0), None, Some(80.0), None]);
        assert_eq!(r.fastest_peer(), Some((2, 80.0)));
        assert_eq!(r.ratio(), Some(1.25));
        let no_codec = row("d", "decode_owned", &[None, Some(50.0), Some(80.0), None]);
        assert_eq!(no_codec.fastest_peer(), Some((2, 80.0)));
        assert_eq!(no_codec.ratio(), None);
        let no_peers = row("d", "decode_owned", &[Some(100.0), None, None, None]);
        assert_eq!(no_peers.fastest_peer(), None);
        assert_eq!(no_peers.ratio(), None);
        assert_eq!(row("d", "encode", &[]).ratio(), None);
    }

    #[test]
    fn rows_come_from_the_medians_of_this_run() {
        let groups = [
            Group { dataset: "twitter", direction: "msgpack_decode_owned", bytes: 1000 },
            Group { dataset: "citm", direction: "msgpack_encode", bytes: 1000 },
            Group { dataset: "gmaps", direction: "msgpack_encode", bytes: 2000 },
        ];
        let rows = rows(&MSGPACK, &groups, |group, function| match (group, function) {
            ("msgpack_decode_owned/twitter", "codec") => Some(1000.0),
            ("msgpack_decode_owned/twitter", "rmp_serde") => Some(4000.0),
            ("msgpack_encode/gmaps", "rmp_serde") => Some(500.0),
            _ => None,
        });
        // 1000 bytes in 1000 ns is 1000 MB/s; citm has no result at all and is left out.
        assert_eq!(
            rows,
            [
                row("twitter", "decode_owned", &[Some(1000.0), Some(250.0)]),
                row("gmaps", "encode", &[None, Some(4000.0)])
            ]
        );
    }

    #[test]
    fn markdown_table_of_a_known_input() {
        let rows = [
            row("twitter", "decode_owned", &[Some(769.4), Some(581.0), Some(556.0), Some(921.0)]),
            row("gmaps", "encode", &[Some(5952.0), Some(2583.0), None, Some(1827.0)]),
            row("canada", "encode", &[None, Some(861.0), Some(835.0), Some(714.0)]),
        ];
        let table = render_markdown(&JSON, "Typed JSON throughput\n(median per call).\n", &rows);
        assert_eq!(
            table,
            "Typed JSON throughput\n(median per call).\n\n\
             | dataset | direction | codec | serde_json | sonic_rs | simd_json | codec / fastest peer |\n\
             |---|---|--:|--:|--:|--:|--:|\n\
             | twitter | decode_owned | 769 | 581 | 556 | 921 | 0.84 (simd_json) |\n\
             | gmaps | encode | 5952 | 2583 | - | 1827 | 2.30 (serde_json) |\n\
             | canada | encode | - | 861 | 835 | 714 | - |\n"
        );
    }

    #[test]
    fn markdown_table_with_a_single_peer() {
        let rows = [row("twitter", "decode_owned", &[Some(1000.0), Some(400.0)])];
        let table = render_markdown(&MSGPACK, "Typed MessagePack throughput.\n", &rows);
        assert_eq!(
            table,
            "Typed MessagePack throughput.\n\n\
             | dataset | direction | codec | rmp-serde | codec / rmp-serde |\n\
             |---|---|--:|--:|--:|\n\
             | twitter | decode_owned | 1000 | 400 | 2.50 |\n"
        );
    }

    #[test]
    fn median_from_criterion_estimates() {
        let estimates =
            br#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":3.0},
            "point_estimate":2.0,"standard_error":0.5},"median":{"confidence_interval":{"confidence_level":0.95,
            "lower_bound":1200.5,"upper_bound":1300},"point_estimate":1234.5,"standard_error":3.25},"slope":null}"#;
        assert_eq!(parse_median(estimates), Some(1234.5));
        assert_eq!(parse_median(br#"{"median":{"point_estimate":1500}}"#), Some(1500.0));
        assert_eq!(parse_median(br#"{"mean":{"point_estimate":1.0}}"#), None);
        assert_eq!(parse_median(b"not json"), None);
    }

    #[test]
    fn criterion_dir_names() {
        assert_eq!(dir_name("decode_owned/twitter"), "decode_owned_twitter");
        assert_eq!(dir_name("a?b:c"), "a_b_c");
    }
}
