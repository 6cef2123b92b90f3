#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seed inputs (the corpus itself is not committed):
#   - JSONTestSuite's test_parsing and test_transform files (data/JSONTestSuite),
#   - small slices of the json-benchmark and zio-json documents: a few complete records
#     of each (so the dataset models can decode something) and raw prefixes of the files
#     (cut mid-value, for the end-of-input paths),
#   - the hand-written documents in fuzz/seeds/ for the fuzz crate's own models.
# The `options` target reads its first 4 bytes as decode options, so its seeds are the
# same files behind a few different 4-byte prefixes.
#
# Usage: fuzz/seed.sh [DATA_DIR]   (default: the repository's vendored data/, see data/README.md)
set -euo pipefail
cd "$(dirname "$0")"
data="${1:-../data}"
if [ ! -d "$data/JSONTestSuite" ]; then
    echo "data not found at $data: the repository's data/ folder is missing or incomplete" >&2
    exit 1
fi

common="$(mktemp -d)"
trap 'rm -rf "$common"' EXIT

cp "$data"/JSONTestSuite/test_parsing/*.json "$common"/
for f in "$data"/JSONTestSuite/test_transform/*.json; do
    cp "$f" "$common/transform_$(basename "$f")"
done
cp seeds/*.json "$common"/

# Raw prefixes: 512 bytes and 4 KiB of each benchmark document.
for f in "$data"/json-benchmark/*.json "$data"/zio-json/twitter_api_response.json \
    "$data"/zio-json/google_maps_api_compact_response.json "$data"/zio-json/che.geo.json; do
    name="$(basename "$f" .json)"
    head -c 512 "$f" >"$common/prefix512_$name.json"
    head -c 4096 "$f" >"$common/prefix4k_$name.json"
done
# Small whole documents.
for f in synthetic_nested_500 twitter_api_compact_response google_maps_api_compact_response che.geo; do
    cp "$data/zio-json/$f.json" "$common/whole_$f.json"
done

# Complete but small documents cut from the big ones (needs python3; left out, with a
# warning, without it).
if ! command -v python3 >/dev/null 2>&1; then
    echo "warning: python3 not found, the slice_* seeds cut from the benchmark documents are left out" >&2
else
    python3 - "$data" "$common" <<'PY'
import json, sys
data, out = sys.argv[1], sys.argv[2]

def load(path):
    with open(path, "rb") as f:
        return json.loads(f.read())

def save(name, doc, indent=None):
    text = json.dumps(doc, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"))
    with open(f"{out}/{name}.json", "w", encoding="utf-8") as f:
        f.write(text)

tw = load(f"{data}/json-benchmark/twitter.json")
save("slice_twitter", {"statuses": tw["statuses"][:1], "search_metadata": tw["search_metadata"]})
save("slice_twitter_pretty", {"statuses": tw["statuses"][1:3], "search_metadata": tw["search_metadata"]}, 2)
save("slice_twitter_status", tw["statuses"][0])

citm = load(f"{data}/json-benchmark/citm_catalog.json")
small = {}
for key, value in citm.items():
    if isinstance(value, dict):
        small[key] = dict(list(value.items())[:2])
    elif isinstance(value, list):
        small[key] = value[:2]
    else:
        small[key] = value
save("slice_citm", small)

canada = load(f"{data}/json-benchmark/canada.json")
feature = dict(canada["features"][0])
geometry = dict(feature["geometry"])
geometry["coordinates"] = [ring[:12] for ring in geometry["coordinates"][:2]]
feature["geometry"] = geometry
save("slice_canada", {"type": canada["type"], "features": [feature]})
PY
fi

chmod -R u+w "$common"
for target in decode_typed value_roundtrip raw_json; do
    mkdir -p "corpus/$target"
    cp "$common"/* "corpus/$target/"
done

# options: <max_depth> <flags: duplicate policy % 3, 0x80 allow trailing> <max string len>
# <max number len>; values >= 128 mean the default limit (see fuzz_targets/options.rs).
mkdir -p corpus/options
prefixes=('\x80\x00\x80\x80' '\x03\x01\x80\x80' '\x80\x82\x80\x80' '\x10\x00\x08\x04' '\x01\x80\x00\x00')
i=0
for f in "$common"/*; do
    prefix="${prefixes[$((i % ${#prefixes[@]}))]}"
    { printf "$prefix"; cat "$f"; } >"corpus/options/$(basename "$f")"
    i=$((i + 1))
done
# Non-finite policies (flags bits 4-5: 1 Null, 2 Strings) and maps with composite keys.
printf '\x80\x10\x80\x80[1.5,null,-0.0,2]' >corpus/options/non_finite_null
printf '\x80\x20\x80\x80["NaN",1,"-Infinity","Infinity"]' >corpus/options/non_finite_strings
printf '\x80\x01\x80\x80[[[1,"a"],2],[[2,"b"],null],[[1,"a"],3]]' >corpus/options/pairs_tuple
printf '\x80\x02\x80\x80[[{"x":1,"y":2},[{"x":-1,"y":null}]]]' >corpus/options/pairs_struct
printf '\x80\x00\x80\x80[[{"Line":{"from":{"x":1,"y":null},"to":{"x":2,"y":3}}},4],["Dot",1]]' >corpus/options/pairs_enum

# msgpack_decode: every encoding of the msgpack-test-suite vectors, one file each (python3).
mkdir -p corpus/msgpack_decode
if command -v python3 >/dev/null 2>&1; then
    python3 - "$data/msgpack-test-suite/msgpack-test-suite.json" corpus/msgpack_decode <<'PY'
import json, sys
suite, out = sys.argv[1], sys.argv[2]
n = 0
for group, entries in json.load(open(suite)).items():
    for entry in entries:
        for hexed in entry["msgpack"]:
            open(f"{out}/suite_{n:03}", "wb").write(bytes.fromhex(hexed.replace("-", "")))
            n += 1
PY
else
    echo "python3 not found: corpus/msgpack_decode gets no seeds" >&2
fi

# cbor_decode: the CBOR test vectors (RFC 8949 Appendices A and F, seeds/cbor_vectors.hex)
# and, with python3 and cbor2, the JSON seeds that parse, encoded by cbor2.
mkdir -p corpus/cbor_decode
if command -v python3 >/dev/null 2>&1; then
    python3 - seeds/cbor_vectors.hex "$common" corpus/cbor_decode <<'PY'
import json, os, sys
vectors, common, out = sys.argv[1], sys.argv[2], sys.argv[3]
n = 0
for line in open(vectors):
    line = line.strip()
    if line and not line.startswith("#"):
        open(f"{out}/vector_{n:03}", "wb").write(bytes.fromhex(line))
        n += 1
try:
    import cbor2
except ImportError:
    print("cbor2 not found (python3 -m pip install --user cbor2): corpus/cbor_decode gets the vectors only", file=sys.stderr)
    sys.exit(0)
for name in sorted(os.listdir(common)):
    try:
        value = json.load(open(os.path.join(common, name), encoding="utf-8"))
        data = cbor2.dumps(value, canonical=True)
    except Exception:
        continue
    open(f"{out}/{name}.cbor", "wb").write(data)
PY
else
    echo "python3 not found: corpus/cbor_decode gets no seeds" >&2
fi

# stream: <n> <n chunk sizes> <buffer size> <document>; the JSON seeds behind a few such
# prefixes (see fuzz_targets/stream.rs), and the MessagePack and CBOR ones likewise (each
# document is also read as a sequence of items of both binary formats).
mkdir -p corpus/stream
stream_prefixes=('\x00\x00\x00' '\x01\x00\x07\x03' '\x02\x3f\x10\x02\x80' '\x00\x05\x1f')
i=0
for f in "$common"/* corpus/msgpack_decode/* corpus/cbor_decode/*; do
    prefix="${stream_prefixes[$((i % ${#stream_prefixes[@]}))]}"
    { printf "$prefix"; cat "$f"; } >"corpus/stream/$(basename "$f")"
    i=$((i + 1))
done

# integrations: the hand-written strings, numbers and MessagePack encodings of the
# integration types in seeds/integrations/.
mkdir -p corpus/integrations
cp seeds/integrations/* corpus/integrations/

# shared_refs: graphs, shared values and Codables' examples written with preserve_refs, a
# mode byte first (seeds/shared_refs/; the `_cbor` ones written by cbor2 with
# `value_sharing=True`, mode 5).
mkdir -p corpus/shared_refs
cp seeds/shared_refs/* corpus/shared_refs/

# input_errors: <mode: bit 0 JSON (0) or MessagePack (1)> then the document.
mkdir -p corpus/input_errors
for f in "$common"/*; do
    { printf '\x00'; cat "$f"; } >"corpus/input_errors/$(basename "$f")"
done
for f in corpus/msgpack_decode/*; do
    { printf '\x01'; cat "$f"; } >"corpus/input_errors/msgpack_$(basename "$f")"
done

for target in decode_typed value_roundtrip raw_json options msgpack_decode cbor_decode stream integrations shared_refs input_errors; do
    echo "corpus/$target: $(ls "corpus/$target" | wc -l) files"
done
