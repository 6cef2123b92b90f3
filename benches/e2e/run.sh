#!/usr/bin/env bash
# End to end: examples/e2e_server.rs on loopback, one contender per server process, loaded
# by wrk from a separate process, rounds interleaved. The server runs on one core (one
# worker thread, pinned with taskset to CPU 0), wrk on the other (one thread, 4 keep-alive
# connections). Per contender and endpoint: requests per second, p50 and p99 latency (wrk's
# --latency), the server's CPU time per request (utime + stime from /proc over the run)
# and its peak memory (VmHWM). Medians over the rounds.
#
# Before any timing, every contender's answer to every body is fetched and compared (as
# parsed JSON) with the others': a contender that answers differently stops the run.
#
# glibc's malloc decides per allocation whether a large buffer (a 600 KB body) comes from
# the heap or from a fresh mmap, by a threshold it moves as earlier blocks are freed, and
# trims the heap's top as it goes: which of the two a server ends up in depends on the
# order of its frees, not on the code under test. Measured at 6cee650 over 4 s of the
# twitter body, codec's axum server took 0.4 page faults per request and the plain one
# 200, which made the plain handler look 40% slower with the same instructions (7.8 and
# 7.9 million per request under callgrind). So the servers run with both thresholds
# fixed (GLIBC_TUNABLES: mmap above 32 MiB, trim above 256 MiB); --dynamic-malloc keeps
# glibc's defaults.
#
#   benches/e2e/run.sh [--rounds N] [--seconds S] [--contenders "codec serde ..."] [--out FILE] [--dynamic-malloc]
#
# Needs wrk (Debian: apt-get install wrk), curl, taskset and python3. Build flags: set
# RUSTFLAGS (e.g. "-C target-cpu=native") to measure another build; the build goes to
# target/e2e (or target/e2e-native when RUSTFLAGS is set) so the two do not rebuild each other.
set -euo pipefail
cd "$(dirname "$0")/../.."

rounds=3
seconds=5
contenders="codec serde sonic plain actix-codec actix-serde actix-plain"
out=""
malloc="glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456"
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --contenders) contenders="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --dynamic-malloc) malloc=""; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
for tool in wrk curl taskset python3; do
    command -v "$tool" >/dev/null || { echo "$tool not found (wrk: apt-get install wrk)" >&2; exit 1; }
done

target="target/e2e${RUSTFLAGS:+-native}"
CARGO_TARGET_DIR="$target" cargo build -q --release --example e2e_server
server="$PWD/$target/release/examples/e2e_server"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
"$server" --write-bodies "$work/bodies"
endpoints="twitter small events"
body_of() { case "$1" in twitter) echo twitter.json ;; small) echo small.json ;; events) echo events.jsonl ;; esac; }

port=38400
start() { # contender -> sets pid, addr
    port=$((port + 1))
    addr="127.0.0.1:$port"
    GLIBC_TUNABLES="$malloc" taskset -c 0 "$server" "$1" "$addr" &
    pid=$!
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://$addr/" && return 0
        sleep 0.05
    done
    echo "the $1 server did not start" >&2
    exit 1
}
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; }

echo "== equal answers"
for c in $contenders; do
    start "$c"
    for e in $endpoints; do
        curl -sf -H 'content-type: application/json' --data-binary "@$work/bodies/$(body_of "$e")" \
            "http://$addr/$e" -o "$work/answer.$c.$e"
    done
    stop
done
python3 - "$work" "$contenders" "$endpoints" <<'EOF'
import json, sys
work, contenders, endpoints = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
for e in endpoints:
    answers = {c: json.load(open(f"{work}/answer.{c}.{e}")) for c in contenders}
    first = contenders[0]
    for c in contenders[1:]:
        if answers[c] != answers[first]:
            sys.exit(f"{c} answered /{e} differently from {first}")
    if e != "events":
        request = json.load(open(f"{work}/bodies/" + {"twitter": "twitter.json", "small": "small.json"}[e]))
        if answers[first] != request:
            sys.exit(f"/{e} is not echoed as sent")
    else:
        s = answers[first]
        if s["count"] != 10000 or s["errors"] != 0:
            sys.exit(f"/events: {s}")
print("all contenders gave equal answers to", ", ".join("/" + e for e in endpoints))
EOF

cat > "$work/post.lua" <<'EOF'
local f = assert(io.open(os.getenv("E2E_BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
EOF

ticks="$(getconf CLK_TCK)"
results="$work/results.tsv"
for round in $(seq "$rounds"); do
    for e in $endpoints; do
        for c in $contenders; do
            start "$c"
            # Warm up: the allocator's and the connections' first requests.
            E2E_BODY="$work/bodies/$(body_of "$e")" taskset -c 1 wrk -t1 -c4 -d1s -s "$work/post.lua" "http://$addr/$e" >/dev/null
            cpu_before="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
            E2E_BODY="$work/bodies/$(body_of "$e")" taskset -c 1 wrk -t1 -c4 -d"${seconds}s" --latency -s "$work/post.lua" \
                "http://$addr/$e" >"$work/wrk.out"
            cpu_after="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
            hwm="$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")"
            stop
            if grep -q "Non-2xx" "$work/wrk.out"; then
                echo "$c /$e answered errors:" >&2
                cat "$work/wrk.out" >&2
                exit 1
            fi
            python3 - "$work/wrk.out" "$round" "$e" "$c" "$cpu_before" "$cpu_after" "$ticks" "$hwm" >>"$results" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
rnd, e, c, before, after, ticks, hwm = sys.argv[2:]
def ms(label):
    m = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
    v = float(m.group(1))
    return v / 1000 if m.group(2) == "us" else v * 1000 if m.group(2) == "s" else v
requests = int(re.search(r"(\d+) requests in", text).group(1))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
cpu_us = (int(after) - int(before)) / int(ticks) * 1e6 / requests
print(f"{rnd}\t{e}\t{c}\t{rps:.1f}\t{ms(50):.3f}\t{ms(99):.3f}\t{cpu_us:.1f}\t{int(hwm) / 1024:.1f}")
EOF
            tail -1 "$results"
        done
    done
done

python3 - "$results" "$contenders" "$endpoints" "$rounds" "$seconds" "${malloc:-dynamic}" <<'EOF' | tee "${out:-/dev/null}"
import statistics, sys
path, contenders, endpoints, rounds, seconds, malloc = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4], sys.argv[5], sys.argv[6]
rows = [line.rstrip("\n").split("\t") for line in open(path)]
med = {}
for e in endpoints:
    for c in contenders:
        cells = [r for r in rows if r[1] == e and r[2] == c]
        med[e, c] = [statistics.median(float(r[i]) for r in cells) for i in range(3, 8)]
print(f"Medians of {rounds} interleaved rounds of {seconds} s; server on one core, wrk -t1 -c4 on the other; malloc thresholds: {malloc}.")
print()
print("| endpoint | contender | req/s | p50 ms | p99 ms | CPU µs/req | peak MB | req/s over serde's | req/s over plain's |")
print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
for e in endpoints:
    for c in contenders:
        rps, p50, p99, cpu, mb = med[e, c]
        base = "actix-" if c.startswith("actix-") else ""
        serde = med.get((e, base + "serde"))
        plain = med.get((e, base + "plain"))
        vs_serde = f"{rps / serde[0]:.2f}" if serde else ""
        vs_plain = f"{rps / plain[0]:.2f}" if plain else ""
        print(f"| {e} | {c} | {rps:.0f} | {p50:.2f} | {p99:.2f} | {cpu:.0f} | {mb:.1f} | {vs_serde} | {vs_plain} |")
EOF
