#!/usr/bin/env bash
# Instructions per iteration of examples/profile_decode workloads, counted by callgrind, for
# two builds of it side by side (before and after a change): `(count at N=3 - count at
# N=1) / 2`, so the setup (reading the file, a MessagePack encoding made once) cancels out.
# callgrind counts the same binary exactly, whatever else the machine is doing.
#
#   cargo build --release --example profile_decode   # once per commit, copied aside
#   scripts/callgrind_compare.sh BEFORE_BIN AFTER_BIN twitter_enc citm_enc ...
set -euo pipefail
before=$1 after=$2
shift 2
cd "$(dirname "$0")/.."
count() { # binary workload iterations -> instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" "$3" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_iter() {
    local one three
    one=$(count "$1" "$2" 1)
    three=$(count "$1" "$2" 3)
    echo $(((three - one) / 2))
}
printf '| workload | before | after | after / before |\n|---|--:|--:|--:|\n'
for w in "$@"; do
    b=$(per_iter "$before" "$w")
    a=$(per_iter "$after" "$w")
    printf '| %s | %s | %s | %s |\n' "$w" "$b" "$a" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')"
done
