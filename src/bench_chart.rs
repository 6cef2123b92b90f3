//! The chart of `examples/bench_chart.rs`: codec's throughput over the fastest peer's, from
//! one or more labelled results files (see [`crate::bench_report::Results`]), as a
//! self-contained SVG. One group of horizontal bars per (bench, direction, dataset), one
//! bar per labelled build that has that row, its length the ratio; a line at 1.0 (the
//! fastest peer) and a dashed one at [`TARGET_RATIO`](crate::bench_chart::TARGET_RATIO).

use std::fmt::Write as _;

use crate::bench_report::Results;

/// The ratio the dashed line marks.
pub const TARGET_RATIO: f64 = 1.3;

/// The SVG's width in pixels.
pub const WIDTH: f64 = 900.0;
/// Where the bars start: the left of the plot, right of the dataset labels.
pub const PLOT_LEFT: f64 = 170.0;
const PLOT_RIGHT: f64 = WIDTH - 56.0;
const BAR_HEIGHT: f64 = 13.0;
const BAR_GAP: f64 = 3.0;
const GROUP_PAD: f64 = 5.0;
const HEADING_HEIGHT: f64 = 24.0;
/// Tableau 10: distinct, and readable with dark text beside them.
const PALETTE: [&str; 10] =
    ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"];

/// One bar: a build's ratio on one row (`None` when codec or every peer is missing).
struct Bar {
    build: usize,
    ratio: Option<f64>,
    tooltip: String,
}

/// The rows of one (bench, direction), datasets in order of first appearance.
struct Section {
    bench: String,
    direction: String,
    peers: Vec<String>,
    groups: Vec<(String, Vec<Bar>)>,
}

/// `&`, `<`, `>` and `"` escaped for text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn push_unique(list: &mut Vec<String>, item: &str) {
    if !list.iter().any(|x| x == item) {
        list.push(item.to_string());
    }
}

/// The sections of `builds`: benches in order of first appearance, then their directions,
/// then datasets; in each group, a bar for each build that has the row, in build order.
fn sections(builds: &[(String, Results)]) -> Vec<Section> {
    let mut benches: Vec<String> = Vec::new();
    let mut sections: Vec<Section> = Vec::new();
    for (b, (label, results)) in builds.iter().enumerate() {
        push_unique(&mut benches, &results.meta.bench);
        for row in &results.rows {
            let i = match sections.iter().position(|s| s.bench == results.meta.bench && s.direction == row.direction) {
                Some(i) => i,
                None => {
                    sections.push(Section {
                        bench: results.meta.bench.clone(),
                        direction: row.direction.clone(),
                        peers: Vec::new(),
                        groups: Vec::new(),
                    });
                    sections.len() - 1
                }
            };
            let section = &mut sections[i];
            for peer in results.contenders.iter().skip(1) {
                push_unique(&mut section.peers, peer);
            }
            let g = match section.groups.iter().position(|(dataset, _)| *dataset == row.dataset) {
                Some(g) => g,
                None => {
                    section.groups.push((row.dataset.clone(), Vec::new()));
                    section.groups.len() - 1
                }
            };
            let mut tooltip = format!("{label}: {} {} {}", results.meta.bench, row.direction, row.dataset);
            match (row.ratio(), results.fastest_peer_name(row)) {
                (Some(ratio), Some(peer)) => {
                    let _ = write!(tooltip, ", codec / {peer} = {ratio:.2}");
                }
                _ => tooltip.push_str(", no ratio"),
            }
            for (name, v) in results.contenders.iter().zip(&row.mbps) {
                if let Some(v) = v {
                    let _ = write!(tooltip, "; {name} {v:.0} MB/s");
                }
            }
            section.groups[g].1.push(Bar { build: b, ratio: row.ratio(), tooltip });
        }
    }
    sections.sort_by_key(|s| benches.iter().position(|b| *b == s.bench));
    sections
}

/// The axis' end and tick step: at most 8 ticks, with room past the longest bar and the
/// target line.
fn axis(max_ratio: f64) -> (f64, f64) {
    let needed = max_ratio.max(TARGET_RATIO) * 1.06;
    for step in [0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0] {
        let ticks = (needed / step).ceil();
        if ticks <= 8.0 {
            // Rounded, so that 7 steps of 0.2 end at 1.4, not 1.4000000000000001.
            return ((ticks * step * 1e6).round() / 1e6, step);
        }
    }
    let step = (needed / 8.0).ceil();
    ((needed / step).ceil() * step, step)
}

/// `1.5` as `1.5×`, `2.0` as `2×`.
fn tick_label(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}×")
}

/// Splits `text` at spaces into lines of at most `max` characters (longer words stay whole).
fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A rough width of `text` at `size` px in a sans-serif font, for laying out the legend.
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.54
}

/// The chart of `builds` (label, results), as SVG text.
pub fn render_svg(builds: &[(String, Results)]) -> String {
    let sections = sections(builds);
    let max_ratio =
        sections.iter().flat_map(|s| &s.groups).flat_map(|(_, bars)| bars).filter_map(|b| b.ratio).fold(0.0, f64::max);
    let (axis_end, step) = axis(max_ratio);
    let scale = (PLOT_RIGHT - PLOT_LEFT) / axis_end;
    let x = |ratio: f64| PLOT_LEFT + ratio * scale;

    let mut commands: Vec<String> = Vec::new();
    let mut environments: Vec<String> = Vec::new();
    for (_, results) in builds {
        push_unique(&mut commands, &results.meta.command);
        push_unique(&mut environments, &results.meta.environment);
    }
    commands.retain(|c| !c.is_empty());
    environments.retain(|e| !e.is_empty());

    // Header: title, subtitle lines, legend.
    let mut head = String::new();
    let _ = writeln!(
        head,
        r##"<text x="16" y="28" font-size="17" font-weight="bold" fill="#222">codec throughput relative to the fastest peer (higher is better)</text>"##
    );
    let mut subtitle = wrap(
        "Bar length: codec's MB/s over the fastest peer's on the same data (median time per call); \
         past 1.0, codec beats every peer.",
        130,
    );
    if !commands.is_empty() {
        let runs = commands.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(" and ");
        let on = if environments.is_empty() { String::new() } else { format!(" on {}", environments.join("; ")) };
        subtitle.extend(wrap(&format!("From {runs}{on}."), 130));
    }
    let mut y = 48.0;
    for line in &subtitle {
        let _ = writeln!(head, r##"<text x="16" y="{y}" font-size="12" fill="#555">{}</text>"##, escape(line));
        y += 16.0;
    }

    // Legend items: (width, svg of the item at x = 0).
    let mut items: Vec<(f64, String)> = Vec::new();
    for (b, (label, results)) in builds.iter().enumerate() {
        let text = format!("{label} ({})", if results.meta.avx2 { "AVX2" } else { "no AVX2" });
        let svg = format!(
            r##"<rect class="swatch" x="0" y="-10" width="12" height="12" fill="{}"/><text x="18" y="0">{}</text>"##,
            PALETTE[b % PALETTE.len()],
            escape(&text)
        );
        items.push((18.0 + text_width(&text, 12.0), svg));
    }
    for (text, dash) in [("fastest peer (1.0)", ""), ("target (1.3)", r#" stroke-dasharray="5 3""#)] {
        let svg = format!(
            r##"<line x1="0" y1="-4" x2="20" y2="-4" stroke="#333" stroke-width="1.5"{dash}/><text x="26" y="0">{text}</text>"##
        );
        items.push((26.0 + text_width(text, 12.0), svg));
    }
    y += 8.0;
    let _ = writeln!(head, r##"<g class="legend" font-size="12" fill="#333">"##);
    let mut lx = 16.0;
    for (w, svg) in items {
        if lx > 16.0 && lx + w > WIDTH - 16.0 {
            lx = 16.0;
            y += 20.0;
        }
        let _ = writeln!(head, r#"<g transform="translate({lx:.1},{y:.1})">{svg}</g>"#);
        lx += w + 22.0;
    }
    let _ = writeln!(head, "</g>");

    // The rows.
    let plot_top = y + 30.0;
    let mut y = plot_top;
    let mut bands = String::new();
    let mut bars = String::new();
    // The ratios at the bars' ends, drawn over the reference lines.
    let mut labels = String::new();
    let mut headings = String::new();
    let mut shade = false;
    for section in &sections {
        let _ = writeln!(
            headings,
            r##"<rect x="0" y="{:.1}" width="{WIDTH}" height="{HEADING_HEIGHT}" fill="#fff"/><text x="16" y="{:.1}"><tspan font-weight="bold" fill="#222">{} {}</tspan><tspan dx="8" fill="#666">(peers: {})</tspan></text>"##,
            y,
            y + 16.0,
            escape(&section.bench),
            escape(&section.direction),
            escape(&section.peers.join(", "))
        );
        y += HEADING_HEIGHT;
        for (dataset, group) in &section.groups {
            let n = group.len() as f64;
            let height = 2.0 * GROUP_PAD + n * BAR_HEIGHT + (n - 1.0).max(0.0) * BAR_GAP;
            if shade {
                let _ = writeln!(
                    bands,
                    r##"<rect class="band" x="8" y="{y:.1}" width="{:.1}" height="{height:.1}" fill="#f3f4f6"/>"##,
                    WIDTH - 16.0
                );
            }
            shade = !shade;
            let _ = writeln!(bars, r#"<g class="row">"#);
            let _ = writeln!(
                bars,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="end" font-size="12" fill="#222">{}</text>"##,
                PLOT_LEFT - 10.0,
                y + height / 2.0 + 4.0,
                escape(dataset)
            );
            let mut by = y + GROUP_PAD;
            for bar in group {
                let color = PALETTE[bar.build % PALETTE.len()];
                match bar.ratio {
                    Some(ratio) => {
                        let _ = writeln!(
                            bars,
                            r#"<rect class="bar" x="{PLOT_LEFT:.1}" y="{by:.1}" width="{:.2}" height="{BAR_HEIGHT}" fill="{color}"><title>{}</title></rect>"#,
                            ratio * scale,
                            escape(&bar.tooltip)
                        );
                        let _ = writeln!(
                            labels,
                            r#"<text x="{:.1}" y="{:.1}">{ratio:.2}</text>"#,
                            x(ratio) + 4.0,
                            by + BAR_HEIGHT - 2.5
                        );
                    }
                    None => {
                        let _ = writeln!(
                            labels,
                            r##"<text x="{:.1}" y="{:.1}" fill="#888"><title>{}</title>n/a</text>"##,
                            PLOT_LEFT + 4.0,
                            by + BAR_HEIGHT - 2.5,
                            escape(&bar.tooltip)
                        );
                    }
                }
                by += BAR_HEIGHT + BAR_GAP;
            }
            let _ = writeln!(bars, "</g>");
            y += height;
        }
    }
    if sections.is_empty() {
        let _ = writeln!(bars, r##"<text x="{PLOT_LEFT}" y="{:.1}" fill="#888">no results</text>"##, y + 16.0);
        y += 24.0;
    }
    let plot_bottom = y + 4.0;

    // Grid, axis and reference lines.
    let mut grid = String::new();
    let ticks = (axis_end / step).round() as usize;
    for i in 0..=ticks {
        let v = i as f64 * step;
        let _ = writeln!(
            grid,
            r##"<line x1="{0:.1}" y1="{plot_top:.1}" x2="{0:.1}" y2="{plot_bottom:.1}" stroke="#e2e4e8"/><text x="{0:.1}" y="{1:.1}" text-anchor="middle">{2}</text>"##,
            x(v),
            plot_bottom + 16.0,
            tick_label(v)
        );
    }
    let _ = writeln!(
        grid,
        r##"<line x1="{PLOT_LEFT}" y1="{plot_bottom:.1}" x2="{PLOT_RIGHT}" y2="{plot_bottom:.1}" stroke="#888"/>"##
    );
    let _ = writeln!(
        grid,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="12">codec MB/s ÷ fastest peer MB/s</text>"#,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        plot_bottom + 36.0
    );
    let mut refs = String::new();
    let _ = writeln!(
        refs,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{plot_bottom:.1}" stroke="#333" stroke-width="1.5"/><text x="{2:.1}" y="{3:.1}" text-anchor="end">fastest peer</text>"##,
        x(1.0),
        plot_top - 4.0,
        x(1.0) - 4.0,
        plot_top - 8.0
    );
    let _ = writeln!(
        refs,
        r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{plot_bottom:.1}" stroke="#333" stroke-width="1.5" stroke-dasharray="5 3"/><text x="{2:.1}" y="{3:.1}">target {TARGET_RATIO}</text>"##,
        x(TARGET_RATIO),
        plot_top - 4.0,
        x(TARGET_RATIO) + 4.0,
        plot_top - 8.0
    );

    let height = (plot_bottom + 52.0).ceil();
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, "<title>codec throughput relative to the fastest peer</title>");
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    svg.push_str(&head);
    let _ = writeln!(svg, "<g class=\"bands\">\n{bands}</g>");
    let _ = writeln!(svg, "<g class=\"grid\" font-size=\"11\" fill=\"#555\">\n{grid}</g>");
    let _ = writeln!(svg, "<g class=\"bars\">\n{bars}</g>");
    let _ = writeln!(svg, "<g class=\"reference\" font-size=\"11\" fill=\"#333\">\n{refs}</g>");
    let _ = writeln!(
        svg,
        "<g class=\"labels\" font-size=\"11\" fill=\"#222\" stroke=\"#fff\" stroke-width=\"3\" \
         stroke-linejoin=\"round\" paint-order=\"stroke\">\n{labels}</g>"
    );
    let _ = writeln!(svg, "<g class=\"headings\" font-size=\"12.5\">\n{headings}</g>");
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench_report::{Meta, Row};

    fn results(bench: &str, avx2: bool, contenders: &[&str], rows: &[(&str, &str, &[Option<f64>])]) -> Results {
        Results {
            meta: Meta {
                bench: bench.into(),
                command: format!("cargo bench --bench {bench}"),
                environment: "Test CPU, 2 cores".into(),
                avx2,
                extra: vec![],
            },
            contenders: contenders.iter().map(|c| c.to_string()).collect(),
            rows: rows
                .iter()
                .map(|(dataset, direction, mbps)| Row {
                    dataset: dataset.to_string(),
                    direction: direction.to_string(),
                    mbps: mbps.to_vec(),
                })
                .collect(),
        }
    }

    const JSON: [&str; 4] = ["codec", "serde_json", "sonic_rs", "simd_json"];

    /// Two builds of three rows; ratios 0.8, 2.0, 1.0 (default) and 1.0, 2.5, 1.25 (native).
    fn builds() -> Vec<(String, Results)> {
        let default = results(
            "json",
            false,
            &JSON,
            &[
                ("twitter", "decode_owned", &[Some(800.0), Some(500.0), Some(1000.0), Some(900.0)]),
                ("twitter", "encode", &[Some(4000.0), Some(2000.0), None, Some(1500.0)]),
                ("gmaps", "decode_owned", &[Some(600.0), Some(600.0), Some(400.0), None]),
            ],
        );
        let native = results(
            "json",
            true,
            &JSON,
            &[
                ("twitter", "decode_owned", &[Some(1000.0), Some(500.0), Some(1000.0), Some(900.0)]),
                ("twitter", "encode", &[Some(5000.0), Some(2000.0), None, Some(1500.0)]),
                ("gmaps", "decode_owned", &[Some(750.0), Some(600.0), Some(400.0), None]),
            ],
        );
        vec![("default".to_string(), default), ("native".to_string(), native)]
    }

    /// The value of `name="..."` in the tag starting at `tag`.
    fn attr(tag: &str, name: &str) -> f64 {
        let start = tag.find(&format!(" {name}=\"")).unwrap_or_else(|| panic!("no {name} in {tag}")) + name.len() + 3;
        let len = tag[start..].find('"').unwrap();
        tag[start..start + len].parse().unwrap()
    }

    fn bars(svg: &str) -> Vec<(f64, f64, f64)> {
        svg.match_indices("<rect class=\"bar\"")
            .map(|(i, _)| {
                let tag = &svg[i..i + svg[i..].find('>').unwrap()];
                (attr(tag, "x"), attr(tag, "y"), attr(tag, "width"))
            })
            .collect()
    }

    #[test]
    fn svg_has_one_bar_per_row_and_build_with_proportional_widths() {
        let svg = render_svg(&builds());
        let bars = bars(&svg);
        // Sections by direction: decode_owned (twitter, gmaps), then encode (twitter); in
        // each group, default's bar then native's.
        let ratios = [0.8, 1.0, 1.0, 1.25, 2.0, 2.5];
        assert_eq!(bars.len(), ratios.len(), "{svg}");
        let scale = bars[0].2 / ratios[0];
        for ((x, _, width), ratio) in bars.iter().zip(ratios) {
            assert_eq!(*x, PLOT_LEFT);
            assert!((width / ratio - scale).abs() < 0.01, "width {width} for ratio {ratio}, scale {scale}");
        }
        // Bars go down the chart in order, and the longest fits.
        assert!(bars.windows(2).all(|w| w[0].1 < w[1].1));
        assert!(PLOT_LEFT + 2.5 * scale + 40.0 <= WIDTH);
        for label in ["0.80", "1.00", "1.25", "2.00", "2.50"] {
            assert!(svg.contains(&format!(">{label}</text>")), "no label {label}");
        }
        // The reference lines sit at 1.0 and 1.3 on the same scale.
        let scale = (PLOT_RIGHT - PLOT_LEFT) / axis(2.5).0;
        for (ratio, dashed) in [(1.0, false), (TARGET_RATIO, true)] {
            let x = format!("x1=\"{:.1}\"", PLOT_LEFT + ratio * scale);
            let line = svg.lines().find(|l| l.contains("<line") && l.contains(&x) && l.contains("stroke=\"#333\""));
            let line = line.unwrap_or_else(|| panic!("no reference line at {ratio}"));
            assert_eq!(line.contains("stroke-dasharray"), dashed, "{line}");
        }
    }

    #[test]
    fn svg_is_well_formed() {
        let svg = render_svg(&builds());
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<svg").count(), 1);
        let opened = svg.matches("<g>").count() + svg.matches("<g ").count();
        assert_eq!(opened, svg.matches("</g>").count());
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        assert_eq!(svg.matches("<title>").count(), svg.matches("</title>").count());
        assert_eq!(svg.matches('<').count(), svg.matches('>').count());
        assert!(svg.contains("font-family=\"sans-serif\""));
        // The legend names both builds, and the subtitle the command and the environment.
        assert!(svg.contains(">default (no AVX2)</text>") && svg.contains(">native (AVX2)</text>"));
        assert!(svg.contains("`cargo bench --bench json` on Test CPU, 2 cores."));
    }

    #[test]
    fn svg_leaves_out_missing_rows_and_ratios() {
        let mut builds = builds();
        let msgpack = results(
            "msgpack",
            false,
            &["codec", "rmp_serde"],
            &[("twitter", "decode_owned", &[Some(300.0), Some(100.0)]), ("canada", "encode", &[None, Some(100.0)])],
        );
        builds.push(("msgpack".to_string(), msgpack));
        builds[1].1.rows.truncate(1);
        let svg = render_svg(&builds);
        // default: 3 bars; native: only twitter decode_owned; msgpack: only its twitter row,
        // whose 3.0 is the longest bar; its canada row, without codec, shows n/a.
        let widths: Vec<f64> = bars(&svg).iter().map(|b| b.2).collect();
        let ratios = [0.8, 1.0, 1.0, 2.0, 3.0];
        assert_eq!(widths.len(), ratios.len(), "{svg}");
        for (w, r) in widths.iter().zip(ratios) {
            assert!((w / r - widths[4] / 3.0).abs() < 0.01);
        }
        assert_eq!(svg.matches(">n/a</text>").count(), 1);
        assert!(svg.contains("msgpack decode_owned</tspan><tspan dx=\"8\" fill=\"#666\">(peers: rmp_serde)"));
        assert!(svg.contains("`cargo bench --bench json` and `cargo bench --bench msgpack`"));
    }

    #[test]
    fn svg_escapes_text() {
        let mut builds = builds();
        builds[0].0 = "a<b & \"c\"".to_string();
        let svg = render_svg(&builds);
        assert!(svg.contains(">a&lt;b &amp; &quot;c&quot; (no AVX2)</text>"));
        assert!(!svg.contains("a<b"));
    }

    #[test]
    fn svg_of_nothing_is_still_an_svg() {
        let svg = render_svg(&[]);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains(">no results</text>"));
    }

    #[test]
    fn axis_has_room_and_round_ticks() {
        assert_eq!(axis(0.0), (1.4, 0.2));
        assert_eq!(axis(1.0), (1.4, 0.2));
        assert_eq!(axis(2.5), (3.0, 0.5));
        assert_eq!(axis(3.56), (4.0, 0.5));
        assert_eq!(axis(9.0), (10.0, 2.0));
        assert_eq!(tick_label(1.5), "1.5×");
        assert_eq!(tick_label(2.0), "2×");
        assert_eq!(tick_label(0.0), "0×");
        assert_eq!(tick_label(0.25), "0.25×");
    }
}
