#!/usr/bin/env python3
"""Live interoperability check of codec's CBOR (through codec::msgpack::Value and
codec::cbor::Value) against cbor2.

Encodes a few thousand random values (seeded: the same run every time) in preferred
serialization (RFC 8949 section 4.2.1: shortest heads, floats as the shortest exact of
half, single and double; cbor2's canonical scalars, maps in insertion order), pipes them
through examples/cbor_roundtrip.rs (decode into Value, encode again), and checks that
every value comes back byte for byte and that cbor2 decodes the output to the values it
encoded. A second batch sends the same kind of values in forms codec reads but does not
write (indefinite-length strings, arrays and maps; the self-described tag 55799 and
tags a typed decode skips; `undefined`): cbor2 must decode codec's definite, untagged
output to the same values (undefined as None). A third batch goes through
`cbor_roundtrip --cbor-value` (codec::cbor::Value, which keeps every data item): the first
batch again, and values with what only it keeps (tags of any number around any value,
bignums, integers down to -2^64, `undefined`, simple values, byte-string, tagged and
simple-value keys), each back byte for byte and decoded by cbor2 to the values it encoded.
A fourth batch checks `preserve_refs` against cbor2's value sharing (tags 28 and 29):
graphs whose pairs hold the same node dicts again, written by cbor2 with
`value_sharing=True` (which marks every list and dict shareable), are read by codec
(`cbor_roundtrip shared`) into `Rc`s whose sharing must match, and codec's
`preserve_refs` output must decode in cbor2 to the same graphs with the same objects
shared (`is`). Exits non-zero on the first difference.

    cargo build --example cbor_roundtrip
    python3 scripts/cbor_interop.py target/debug/examples/cbor_roundtrip

Needs cbor2 (python3 -m pip install --user cbor2); .ci/run installs it.
"""
import collections.abc
import importlib.metadata
import io
import math
import random
import struct
import subprocess
import sys

import cbor2

COUNT = 3000
rng = random.Random(8949)


def scalar():
    kind = rng.randrange(11)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randrange(-(2**63), 2**64)
    if kind == 3:
        return rng.choice([0, 1, 23, 24, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**64 - 1,
                           -1, -24, -25, -256, -257, -65536, -65537, -(2**32), -(2**32) - 1, -(2**63)])
    if kind == 4:
        return rng.uniform(-1e6, 1e6)
    if kind == 5:
        return rng.choice([0.0, -0.0, math.inf, -math.inf, 1.5, 65504.0, 100000.0, 5.960464477539063e-8,
                           1e-310, 1.7976931348623157e308, 0.1, 3.4028234663852886e38])
    if kind == 6:
        return "".join(rng.choice("ab\u00e9\u2764\U0001f600\n\"") for _ in range(rng.randrange(40)))
    if kind == 7:
        return "s" * rng.choice([23, 24, 255, 256, 300, 65536 if rng.random() < 0.03 else 0])
    if kind == 8:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
    if kind == 9:
        # A float that a single holds exactly.
        return struct.unpack(">f", struct.pack(">f", rng.uniform(-1e3, 1e3)))[0]
    return ""


def size():
    # Mostly small; sometimes past the one-byte heads (23 and 24 items).
    return rng.choice([0, 1, 2, 3, 23, 24])


def value(depth):
    if depth == 0 or rng.random() < 0.5:
        return scalar()
    if rng.random() < 0.5:
        return [value(depth - 1) for _ in range(size())]
    out = {}
    for _ in range(size()):
        # Keys of any hashable type: text, integers, bytes, arrays (tuples), floats, None.
        key = rng.choice([
            lambda: "k%d" % rng.randrange(1000),
            lambda: rng.randrange(-(2**63), 2**64),
            lambda: bytes([rng.randrange(256)]),
            lambda: (rng.randrange(10), "t"),
            lambda: rng.uniform(-1, 1),
            lambda: None,
        ])()
        out[key] = value(depth - 1)
    return out


def head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    for ai, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if n < 256 ** struct.calcsize(fmt):
            return bytes([major << 5 | ai]) + struct.pack(fmt, n)
    raise ValueError(n)


def encode(v, out, odd=False):
    """Preferred serialization, maps in insertion order; with `odd`, now and then the
    forms codec reads but does not write."""
    if odd and rng.random() < 0.1:
        out += b"\xd9\xd9\xf7" if rng.random() < 0.5 else b"\xd8\x20"  # tag 55799 or 32
    if odd and v is None and rng.random() < 0.5:
        out += b"\xf7"  # undefined, read as null
    elif isinstance(v, (list, tuple)):
        if odd and rng.random() < 0.3:
            out += b"\x9f"
            for x in v:
                encode(x, out, odd)
            out += b"\xff"
            return
        out += head(4, len(v))
        for x in v:
            encode(x, out, odd)
    elif isinstance(v, dict):
        if odd and rng.random() < 0.3:
            out += b"\xbf"
            for k, x in v.items():
                encode(k, out, odd)
                encode(x, out, odd)
            out += b"\xff"
            return
        out += head(5, len(v))
        for k, x in v.items():
            encode(k, out, odd)
            encode(x, out, odd)
    elif odd and isinstance(v, (str, bytes)) and len(v) > 1 and rng.random() < 0.3:
        major = 3 if isinstance(v, str) else 2
        out += bytes([major << 5 | 31])
        if isinstance(v, str):
            # Chunks split between characters: each chunk must be UTF-8 on its own.
            cut = rng.randrange(len(v))
            parts = [v[:cut].encode(), v[cut:].encode()]
        else:
            cut = rng.randrange(len(v))
            parts = [v[:cut], v[cut:]]
        for part in parts:
            out += head(major, len(part)) + part
        out += b"\xff"
    else:
        out += cbor2.dumps(v, canonical=True)


def decode_all(data):
    values = []
    stream = io.BytesIO(data)
    decoder = cbor2.CBORDecoder(stream)
    while stream.tell() < len(data):
        values.append(decoder.decode())
    return values


def freeze(v):
    """Lists (cbor2's arrays) as tuples, so that values compare whatever the container."""
    if isinstance(v, list):
        return tuple(freeze(x) for x in v)
    if isinstance(v, collections.abc.Mapping):
        # (cbor2 decodes a map inside a tag as a frozendict.)
        return {freeze(k): freeze(x) for k, x in v.items()}
    if isinstance(v, cbor2.CBORTag):
        return cbor2.CBORTag(v.tag, freeze(v.value))
    return v


def rich_scalar():
    """A scalar only codec::cbor::Value keeps: a tag, a bignum, an integer below -2^63,
    undefined, a simple value; or any plain scalar."""
    kind = rng.randrange(8)
    if kind == 0:
        # Numbers cbor2 gives no meaning to, so that it decodes any content as a CBORTag
        # (bignums, below, are its tags 2 and 3).
        return cbor2.CBORTag(rng.choice([6, 7, 15, 24 * 1000, 65535, 65536, 2**32, 2**64 - 1]), enrich(value(1)))
    if kind == 1:
        # Bignums (tags 2 and 3), as cbor2 writes integers beyond 64 bits.
        return rng.choice([1, -1]) * rng.randrange(2**64, 2**130) - (1 if rng.random() < 0.5 else 0)
    if kind == 2:
        return rng.randrange(-(2**64), -(2**63))
    if kind == 3:
        return cbor2.undefined
    if kind == 4:
        return cbor2.CBORSimpleValue(rng.choice([0, 5, 16, 19, 32, 100, 255]))
    return scalar()


def rich_key():
    return rng.choice([
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(4))),
        lambda: rng.randrange(-(2**64), -(2**63)),
        lambda: cbor2.CBORTag(7, bytes(16)),
        lambda: cbor2.CBORSimpleValue(7),
    ])()


def enrich(v):
    """`v` (a plain value) with some of its scalars and keys swapped for what only
    codec::cbor::Value keeps (array keys, tuples, stay as they are)."""
    if isinstance(v, list):
        return [enrich(x) for x in v]
    if isinstance(v, dict):
        return {(rich_key() if rng.random() < 0.3 else k): enrich(x) for k, x in v.items()}
    return rich_scalar() if rng.random() < 0.4 else v


def rich(depth):
    return enrich(value(depth))


def encode_rich(v, out):
    """Preferred serialization of a value with tags, maps in insertion order."""
    if isinstance(v, cbor2.CBORTag):
        out += head(6, v.tag)
        encode_rich(v.value, out)
    elif isinstance(v, list):
        out += head(4, len(v))
        for x in v:
            encode_rich(x, out)
    elif isinstance(v, dict):
        out += head(5, len(v))
        for k, x in v.items():
            encode_rich(k, out)
            encode_rich(x, out)
    else:
        encode(v, out)


def encode_each(values, encoder, **options):
    """Each value's encoding, apart."""
    pieces = []
    for v in values:
        piece = bytearray()
        encoder(v, piece, **options)
        pieces.append(bytes(piece))
    return pieces


def check_each(pieces, back, what):
    """Exits unless `back` is `pieces` again, naming the first value that differs."""
    pos = 0
    for i, piece in enumerate(pieces):
        got = back[pos:pos + len(piece)]
        if got != piece:
            sys.exit(f"{what}value {i}: sent {piece[:64].hex()}..., got back {got[:64].hex()}...")
        pos += len(piece)
    if pos != len(back):
        sys.exit(f"{what}{len(back) - pos} bytes more came back than were sent")


def roundtrip(binary, pieces, *args):
    sent = b"".join(pieces)
    run = subprocess.run([binary, *args], input=sent, capture_output=True, check=False)
    if run.returncode != 0:
        sys.exit(f"cbor_roundtrip failed ({run.returncode}): {run.stderr.decode(errors='replace')}")
    return sent, run.stdout


def graph():
    """Nodes, and pairs of them: the same dict objects again (cbor2 writes tag 29)."""
    nodes = [{"id": i, "tags": ["t%d" % rng.randrange(5) for _ in range(rng.randrange(3))]}
             for i in range(rng.randrange(1, 8))]
    picks = [[rng.randrange(len(nodes)) for _ in range(2)] for _ in range(rng.randrange(6))]
    return {"nodes": nodes, "pairs": [[nodes[a], nodes[b]] for a, b in picks]}, picks


def shared_graphs(binary):
    graphs = [graph() for _ in range(300)]
    pieces = [cbor2.dumps(g, value_sharing=True) for g, _ in graphs]
    sent, out = roundtrip(binary, pieces, "shared")
    if b"\xd8\x1d" not in sent:
        sys.exit("cbor2 wrote no shared reference (tag 29): the value-sharing batch tests nothing")
    back = decode_all(out)
    if len(back) != len(graphs):
        sys.exit(f"{len(graphs)} graphs sent, {len(back)} came back")
    refs = 0
    for i, ((g, picks), got) in enumerate(zip(graphs, back)):
        # codec rebuilt the sharing: each pair points to the nodes cbor2 was given.
        if got["pair_nodes"] != picks:
            sys.exit(f"graph {i}: codec's pairs point to nodes {got['pair_nodes']}, not {picks}")
        # cbor2 reads codec's tags 28 and 29 back into the same objects.
        nodes = got["graph"]["nodes"]
        if nodes != g["nodes"]:
            sys.exit(f"graph {i}: nodes {nodes} came back, not {g['nodes']}")
        for (a, b), pair in zip(picks, got["graph"]["pairs"]):
            if pair[0] is not nodes[a] or pair[1] is not nodes[b]:
                sys.exit(f"graph {i}: cbor2 does not share the nodes of codec's pair {pair}")
            refs += 2
    return len(sent), refs


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cbor_interop.py PATH/TO/cbor_roundtrip")
    values = [value(3) for _ in range(COUNT)]

    # Preferred forms: back byte for byte.
    pieces = encode_each(values, encode)
    sent, back = roundtrip(sys.argv[1], pieces)
    check_each(pieces, back, "")
    expected = [freeze(v) for v in values]
    if [freeze(v) for v in decode_all(back)] != expected:
        sys.exit("cbor2 decodes codec's output to other values than it encoded")

    # Forms codec reads but does not write: back as the same values, definite.
    odd = encode_each(values, encode, odd=True)
    odd_sent, odd_back = roundtrip(sys.argv[1], odd)
    if odd_sent == sent:
        sys.exit("the second batch has no indefinite-length or tagged item: it tests nothing")
    if odd_back != back:
        got = [freeze(v) for v in decode_all(odd_back)]
        first = next(i for i, (a, b) in enumerate(zip(got, expected)) if a != b)
        sys.exit(f"value {first}: from {odd[first][:64].hex()}... codec wrote a different value")

    # codec::cbor::Value: the first batch, and values only it keeps, back byte for byte.
    _, value_back = roundtrip(sys.argv[1], pieces, "--cbor-value")
    if value_back != back:
        sys.exit("cbor::Value wrote the first batch back other than msgpack::Value did")
    rich_values = [rich(3) for _ in range(COUNT)]
    rich_pieces = encode_each(rich_values, encode_rich)
    rich_sent, rich_back = roundtrip(sys.argv[1], rich_pieces, "--cbor-value")
    check_each(rich_pieces, rich_back, "cbor::Value, ")
    if [freeze(v) for v in decode_all(rich_back)] != [freeze(v) for v in rich_values]:
        sys.exit("cbor2 decodes cbor::Value's output to other values than it encoded")
    shared_bytes, refs = shared_graphs(sys.argv[1])
    print(f"cbor_interop: {COUNT} values from cbor2 {importlib.metadata.version('cbor2')}, "
          f"{len(sent)} bytes, all written back byte for byte (through msgpack::Value and cbor::Value); "
          f"{len(odd_sent)} bytes of indefinite, tagged and undefined forms read back as the same values; "
          f"{COUNT} values with tags, bignums, undefined, simple values and byte-string keys "
          f"({len(rich_sent)} bytes) back byte for byte through cbor::Value; "
          f"300 value-shared graphs ({shared_bytes} bytes) read with their sharing, and {refs} shared "
          f"nodes of codec's output read back shared by cbor2")


if __name__ == "__main__":
    main()
