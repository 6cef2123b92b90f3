#!/usr/bin/env bash
# "A crate that derives 120 types and uses three of them compiles only what it uses":
# generates benches/compile's 120 models three times, with a round-trip function for none
# of them, for 3, and for all 120 (gen.py --used), builds each crate in release with one
# codegen unit, and counts the functions in its LLVM IR (`define` lines) and the IR's
# lines. Counts, not times: exact and the same on a busy machine. A derive whose unused
# types cost nothing shows 0 functions of its own at "used 0" (rustc's personality
# routine aside) and, at "used 3", a small fraction of "used 120".
#
#   benches/compile/used.sh               # codec as in the working tree
#   benches/compile/used.sh --rev REV     # codec as committed at REV
#
# Prints one tab-separated row per (used, crate): used, crate, functions, IR lines.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/target/compile-used"
rev=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rev) rev="${2:?--rev needs a revision}"; shift 2 ;;
        --out) out="${2:?--out needs a directory}"; shift 2 ;;
        *) echo "usage: benches/compile/used.sh [--rev REV] [--out DIR]" >&2; exit 2 ;;
    esac
done

codec="$root/codec"
if [ -n "$rev" ]; then
    snap="$out/snapshots/$(git -C "$root" rev-parse --short "$rev")"
    if [ ! -d "$snap" ]; then
        mkdir -p "$snap"
        git -C "$root" archive "$rev" | tar -x -C "$snap"
    fi
    codec="$snap/codec"
fi

export CARGO_TARGET_DIR="$out/target"
printf 'used\tcrate\tfunctions\tIR lines\n'
for used in 0 3 120; do
    dir="$out/used-$used"
    python3 "$here/gen.py" generate --out "$dir" --codec "$codec" --modules 8 --used "$used" >/dev/null
    for crate in codec_models codec_mp_models serde_models; do
        rm -f "$CARGO_TARGET_DIR"/release/deps/"$crate"-*.ll
        (cd "$dir" && cargo rustc -q --release -p "$crate" -- --emit=llvm-ir,link -C codegen-units=1)
        ll=$(ls "$CARGO_TARGET_DIR"/release/deps/"$crate"-*.ll | head -1)
        printf '%s\t%s\t%s\t%s\n' "$used" "$crate" "$(grep -c '^define' "$ll")" "$(wc -l <"$ll")"
    done
done
