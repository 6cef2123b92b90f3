#!/usr/bin/env bash
# Compile-time benchmark: codec's derive against serde's derive on the same generated
# model types. Generates three crates under a scratch directory (codec_models: codec with
# JSON only; codec_mp_models: codec's default features, JSON and MessagePack;
# serde_models: serde and serde_json), builds their dependencies once, then times
# touch-rebuilds of each crate in debug (incremental and not) and release, interleaving
# the crates. See README.md
# beside this script for what is measured and why.
#
#   benches/compile/run.sh                 # both layouts (8 modules, 1 module), 2 repetitions
#   benches/compile/run.sh --modules 8     # one layout only, 3 repetitions
#   benches/compile/run.sh --reps 5        # more repetitions on a noisy machine
#   benches/compile/run.sh --check         # smoke test: generate, `cargo check` each once
set -euo pipefail

# The decimal separator of `time` follows the locale; awk below expects a dot.
export LC_ALL=C

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

reps=""
types=120
seed=20240601
modules="8,1"
out="$root/target/compile-bench"
check=0
expand=1
rev=""

usage() {
    cat <<EOF
usage: benches/compile/run.sh [--reps N] [--types N] [--modules M] [--seed S] [--rev REV] [--out DIR] [--check] [--no-expand]

  --reps N      timed touch-rebuilds per crate and profile (default 2 when measuring
                both layouts, 3 for one)
  --types N     generated model types per crate (default $types)
  --modules M   modules the types are spread over, as in a real crate; a comma-separated
                list measures each layout in turn, sharing the built dependencies
                (default $modules: 8 modules, and 1 that puts everything in lib.rs, as a
                crate with one models.rs does, i.e. in one codegen unit)
  --seed S      generator seed; the same seed gives the same crates (default $seed)
  --rev REV     measure codec as committed at REV (extracted with git archive into the
                scratch directory) instead of the working tree: immune to edits made
                while the benchmark runs, and a way to compare two revisions
  --out DIR     scratch directory (default target/compile-bench under the repository)
  --check       generate the crates and run 'cargo check' once on each; no timing
  --no-expand   skip the expanded-code line counts (they need a nightly toolchain)
EOF
}

positive_int() {
    [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: $1 needs a positive integer, got '$2'" >&2; exit 2; }
}

while [ $# -gt 0 ]; do
    case "$1" in
        --reps) positive_int "$1" "${2-}"; reps="$2"; shift 2 ;;
        --types) positive_int "$1" "${2-}"; types="$2"; shift 2 ;;
        --seed) positive_int "$1" "${2-}"; seed="$2"; shift 2 ;;
        --modules) [[ "${2-}" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || { echo "run.sh: --modules needs positive integers separated by commas, got '${2-}'" >&2; exit 2; }; modules="$2"; shift 2 ;;
        --out) [ -n "${2-}" ] || { usage >&2; exit 2; }; out="$2"; shift 2 ;;
        --rev) [ -n "${2-}" ] || { usage >&2; exit 2; }; rev="$2"; shift 2 ;;
        --check) check=1; shift ;;
        --no-expand) expand=0; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "run.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done

command -v cargo >/dev/null || { echo "run.sh: cargo not found" >&2; exit 1; }
command -v python3 >/dev/null || { echo "run.sh: python3 not found" >&2; exit 1; }

mkdir -p "$out"
out="$(cd "$out" && pwd)"

# Several layouts: this script once per layout, each in its own scratch directory
# (modules-M/) but all with one target directory, so the dependencies are built once;
# then one table per layout.
if [[ "$modules" == *,* ]]; then
    IFS=, read -r -a layouts <<<"$modules"
    pass=(--types "$types" --seed "$seed" --reps "${reps:-2}")
    [ -n "$rev" ] && pass+=(--rev "$rev")
    [ "$check" = 1 ] && pass+=(--check)
    [ "$expand" = 0 ] && pass+=(--no-expand)
    for m in "${layouts[@]}"; do
        echo "== layout: $m module(s)"
        CODEC_BENCH_SHARED="$out" "$0" "${pass[@]}" --modules "$m" --out "$out/modules-$m"
    done
    [ "$check" = 1 ] && exit 0
    {
        for m in "${layouts[@]}"; do
            echo "### $m module(s)"
            echo
            cat "$out/modules-$m/table.md"
            echo
        done
    } >"$out/table.md"
    echo
    cat "$out/table.md"
    echo "written to $out/table.md"
    exit 0
fi
reps="${reps:-3}"
# Set by the multi-layout run above: where the target directory and the --rev snapshots
# shared by all layouts live.
shared="${CODEC_BENCH_SHARED:-$out}"

# Which codec: the working tree's (a path dependency to this repository's codec/), or with
# --rev a snapshot of a commit, a whole-repository `git archive` (codec's manifest
# inherits from the workspace root's) extracted once per commit.
if [ -n "$rev" ]; then
    sha="$(git -C "$root" rev-parse --verify "$rev^{commit}")"
    codec_root="$shared/snapshots/codec-${sha:0:12}"
    if [ ! -d "$codec_root" ]; then
        mkdir -p "$codec_root.tmp"
        git -C "$root" archive --format=tar "$sha" | tar -x -C "$codec_root.tmp"
        mv "$codec_root.tmp" "$codec_root"
    fi
    codec_desc="codec at commit ${sha:0:12} (git archive)"
else
    codec_root="$root"
    codec_desc="codec from the working tree at commit $(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
    if [ -n "$(git -C "$root" status --porcelain -- codec codec-derive 2>/dev/null)" ]; then
        codec_desc="$codec_desc, with uncommitted changes in codec/ or codec-derive/"
    fi
fi

python3 "$here/gen.py" generate --out "$out" --codec "$codec_root/codec" --types "$types" --seed "$seed" --modules "$modules"
# The repository's lock file pins the same versions of serde, serde_json, syn, ... that
# the repository builds with, so all crates use what is already in the local cargo
# cache. Cargo drops the entries these crates do not need.
cp "$root/Cargo.lock" "$out/Cargo.lock"

# A target directory of its own: the repository's target/ is left alone, and nothing
# else building there can invalidate these artifacts.
export CARGO_TARGET_DIR="$shared/target"
export CARGO_TERM_COLOR=never
# Never let a caller's flags change what is measured.
unset RUSTFLAGS CARGO_BUILD_RUSTFLAGS CARGO_ENCODED_RUSTFLAGS RUSTC_WRAPPER CARGO_BUILD_RUSTC_WRAPPER
cd "$out"

crates=(codec codec_mp serde)

# Offline when the cache has everything (it does on a machine that built the repository);
# otherwise fall back to the network once, for the first build.
net=(--offline)
if ! cargo fetch --offline >/dev/null 2>&1; then
    echo "run.sh: the local cargo cache lacks some crates; fetching them" >&2
    cargo fetch
fi

if [ "$check" = 1 ]; then
    for c in "${crates[@]}"; do
        cargo check "${net[@]}" -p "${c}_models"
    done
    exit 0
fi

# Profiles measured, in cargo's names. `dev` is the default debug build with incremental
# compilation: what a developer waits for after saving a file. `dev-noincr` (defined in
# the generated workspace: dev without incremental) is a debug build from scratch for
# this crate, as in CI or after a change touching everything. `release` is never
# incremental by default; CARGO_INCREMENTAL=0 makes sure of it.
profiles=(dev dev-noincr release)

incremental_for() {
    if [ "$1" = dev ]; then echo 1; else echo 0; fi
}

# Untimed: every dependency (and a first build of each crate) in every profile.
echo "== building dependencies (untimed)"
for p in "${profiles[@]}"; do
    for c in "${crates[@]}"; do
        CARGO_INCREMENTAL="$(incremental_for "$p")" cargo build "${net[@]}" -q --profile "$p" -p "${c}_models"
    done
done

times="$out/times.tsv"
: >"$times"
log="$out/last-build.log"
timing="$out/last-build.time"
TIMEFORMAT='%3R %3U %3S'

# One timed touch-rebuild of crate $1 in profile $2; appends "crate profile rep wall cpu"
# to times.tsv. Wall clock is what a developer waits; CPU time (user + sys of cargo and
# the rustc it runs) is recorded too because it is far less disturbed by other work on a
# shared machine, which only stretches wall time.
measure() {
    local c="$1" p="$2" rep="$3" inc try real user sys
    inc="$(incremental_for "$p")"
    for try in 1 2 3; do
        # Untimed no-op build first: codec/ is a path dependency, and if anyone edited it
        # since the last build, it is rebuilt here rather than inside the timed build.
        # (`|| exit`: this runs inside `if timed_rounds`, where `set -e` does not apply.)
        CARGO_INCREMENTAL="$inc" cargo build "${net[@]}" -q --profile "$p" -p "${c}_models" || exit 1
        touch "${c}_models/src/lib.rs" || exit 1
        # bash's `time` keyword reports the children's CPU time too.
        if ! { time CARGO_INCREMENTAL="$inc" cargo build "${net[@]}" --profile "$p" -p "${c}_models" 2>"$log"; } 2>"$timing"; then
            cat "$log" >&2
            exit 1
        fi
        # The timed build must have compiled this crate and nothing else; a dependency
        # changed in the window between the two builds spoils the sample, so redo it.
        if ! grep -E '^ +Compiling ' "$log" | grep -v -q -E "^ +Compiling ${c}_models "; then
            read -r real user sys <"$timing"
            awk -v c="$c" -v p="$p" -v r="$rep" -v w="$real" -v u="$user" -v s="$sys" \
                'BEGIN { printf "%s\t%s\t%d\t%.3f\t%.3f\n", c, p, r, w, u + s }' | tee -a "$times"
            return 0
        fi
        echo "run.sh: a dependency was rebuilt during the timed build (try $try), repeating:" >&2
        grep -E '^ +Compiling ' "$log" >&2
    done
    echo "run.sh: dependencies keep changing under the benchmark; giving up" >&2
    exit 1
}

# What codec is measured: a hash of the sources cargo builds it from. Without --rev,
# codec/ is a path dependency into a working tree that may be edited while this runs (a
# 10-minute run on a shared machine); samples of two versions must not be mixed, so a
# change restarts the timed rounds. (With --rev the snapshot never changes.)
codec_sources_hash() {
    (cd "$codec_root" && find codec/src codec-derive/src codec/Cargo.toml codec-derive/Cargo.toml Cargo.toml \
        -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum | cut -c1-12)
}

# All repetitions, interleaved; returns 1 (with a partial times.tsv) if codec's sources
# changed in the meantime.
timed_rounds() {
    local rep i c order
    for ((rep = 1; rep <= reps; rep++)); do
        for i in "${!profiles[@]}"; do
            # Interleave: every crate in each round, and the one going first rotates, so
            # that a burst of load from elsewhere on the machine hits all alike.
            case $(((rep + i) % 3)) in
                0) order=(codec codec_mp serde) ;;
                1) order=(serde codec codec_mp) ;;
                *) order=(codec_mp serde codec) ;;
            esac
            for c in "${order[@]}"; do
                measure "$c" "${profiles[$i]}" "$rep"
                if [ "$(codec_sources_hash)" != "$sources" ]; then
                    return 1
                fi
            done
        done
    done
}

# The load average tells how busy the machine was besides this benchmark.
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"
for attempt in 1 2 3 4; do
    if [ "$attempt" = 4 ]; then
        echo "run.sh: codec's sources changed during each of 3 attempts; giving up (--rev HEAD measures the last commit instead)" >&2
        exit 1
    fi
    sources="$(codec_sources_hash)"
    : >"$times"
    echo "== timed touch-rebuilds: $reps repetitions, codec sources $sources, load average before: $load_before"
    if timed_rounds; then
        break
    fi
    echo "run.sh: codec's sources changed during the timed rounds; discarding them and starting over" >&2
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a)"

# Volume of generated code: the crate after macro expansion, as the nightly-only
# `-Zunpretty=expanded` prints it (what `cargo expand` shows). Built in its own target
# directory so the nightly artifacts never mix with the timed ones.
expanded="$out/expanded.tsv"
: >"$expanded"
if [ "$expand" = 1 ] && cargo +nightly --version >/dev/null 2>&1; then
    echo "== expanded line counts (nightly)"
    for c in "${crates[@]}"; do
        # The extra rustc argument is part of cargo's fingerprint: touch so that a second
        # run prints the expansion again instead of finding the crate fresh.
        touch "${c}_models/src/lib.rs"
        # (Modules are expanded inline, so this one file is the whole crate.)
        CARGO_TARGET_DIR="$shared/target-nightly" cargo +nightly rustc "${net[@]}" -q -p "${c}_models" --lib \
            -- -Zunpretty=expanded >"$out/${c}_models.expanded.rs"
        printf '%s\t%s\n' "$c" "$(wc -l <"$out/${c}_models.expanded.rs")" | tee -a "$expanded"
    done
elif [ "$expand" = 1 ]; then
    echo "run.sh: no nightly toolchain, skipping expanded line counts" >&2
fi
expanded_note=""
if [ -s "$expanded" ] && [ "$(codec_sources_hash)" != "$sources" ]; then
    expanded_note="(codec's sources changed after the timings: the line counts are of a later version.)"
fi

{
    echo "Touch-rebuild of one crate of $types generated model types in $modules modules, $reps repetitions, seed $seed."
    echo "$(date -u +%Y-%m-%d), $codec_desc (sources hash $sources), $(rustc --version), $(nproc) CPUs,"
    echo "load average $load_before before, $load_after after."
    echo
    python3 "$here/gen.py" table "$times" --expanded "$expanded"
    if [ -n "$expanded_note" ]; then echo; echo "$expanded_note"; fi
} >"$out/table.md"

echo
cat "$out/table.md"
echo
echo "written to $out/table.md"
