#!/usr/bin/env python3
"""Live interoperability check of codec::msgpack::Value against msgpack-python.

Packs a few thousand random values with msgpack-python (seeded: the same run every time),
pipes them through examples/msgpack_roundtrip.rs (decode into Value, encode again), and
checks that every value comes back byte for byte (both sides write the smallest encodings)
and unpacks to what was packed. Exits non-zero on the first difference.

    cargo build --example msgpack_roundtrip
    python3 scripts/msgpack_interop.py target/debug/examples/msgpack_roundtrip

Needs msgpack-python (python3 -m pip install --user msgpack); .ci/run installs it.
"""
import math
import random
import subprocess
import sys

import msgpack

COUNT = 3000
rng = random.Random(14)


def scalar():
    kind = rng.randrange(14)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randrange(-(2**63), 2**64)
    if kind == 3:
        return rng.choice([0, 1, 127, 128, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**64 - 1,
                           -1, -32, -33, -128, -129, -32768, -32769, -(2**31), -(2**31) - 1, -(2**63)])
    if kind == 4:
        return rng.uniform(-1e6, 1e6)
    if kind == 5:
        return rng.choice([0.0, -0.0, math.inf, -math.inf, 1e-310, 1.7976931348623157e308, 0.1])
    if kind == 6:
        return "".join(rng.choice("ab\u00e9\u2764\U0001f600\n\"") for _ in range(rng.randrange(40)))
    if kind == 7:
        # str 32 (65,536 bytes) now and then: it is long.
        return "s" * (rng.choice([31, 32, 255, 256, 300]) if rng.random() < 0.97 else 65536)
    if kind == 8:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
    if kind == 9:
        return msgpack.ExtType(rng.randrange(128), bytes(rng.randrange(256) for _ in range(rng.choice([1, 2, 4, 8, 16, 3, 300]))))
    if kind == 10:
        return msgpack.Timestamp(rng.randrange(-(2**40), 2**40), rng.randrange(10**9))
    if kind == 11:
        return msgpack.Timestamp(rng.randrange(2**32), 0)
    if kind == 12:
        return Single(rng.uniform(-1e3, 1e3))
    return ""


class Single(float):
    """A float packed as float 32."""


def size():
    # Mostly small; sometimes past the fix forms (15 and 16 elements).
    return rng.choice([0, 1, 2, 3, 15, 16])


def value(depth):
    if depth == 0 or rng.random() < 0.5:
        return scalar()
    if rng.random() < 0.5:
        return [value(depth - 1) for _ in range(size())]
    out = {}
    for _ in range(size()):
        # Keys of any hashable type: str, int, bytes, tuples (arrays), floats, None.
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


def pack(v, out):
    """Packs like msgpack.packb, but floats of class Single as float 32."""
    if isinstance(v, Single):
        out += msgpack.packb(float(v), use_single_float=True)
    elif isinstance(v, (list, tuple)):
        out += msgpack.Packer().pack_array_header(len(v))
        for x in v:
            pack(x, out)
    elif isinstance(v, dict):
        out += msgpack.Packer().pack_map_header(len(v))
        for k, x in v.items():
            pack(k, out)
            pack(x, out)
    else:
        out += msgpack.packb(v)


def unpack_all(data):
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, use_list=False, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    return list(unpacker)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: msgpack_interop.py PATH/TO/msgpack_roundtrip")
    values, pieces = [], []
    for _ in range(COUNT):
        v = value(3)
        piece = bytearray()
        pack(v, piece)
        values.append(v)
        pieces.append(bytes(piece))
    sent = b"".join(pieces)
    run = subprocess.run([sys.argv[1]], input=sent, capture_output=True, check=False)
    if run.returncode != 0:
        sys.exit(f"msgpack_roundtrip failed ({run.returncode}): {run.stderr.decode(errors='replace')}")
    back = run.stdout
    # Value by value: the first difference is the one to show.
    pos = 0
    for i, piece in enumerate(pieces):
        got = back[pos:pos + len(piece)]
        if got != piece:
            sys.exit(f"value {i}: sent {piece[:64].hex()}..., got back {got[:64].hex()}...")
        pos += len(piece)
    if pos != len(back):
        sys.exit(f"{len(back) - pos} bytes more came back than were sent")
    # And the whole output unpacks to what was packed (NaN aside, which is not generated).
    again = unpack_all(back)
    again_sent = unpack_all(sent)
    if len(again) != COUNT or again_sent != again:
        sys.exit("the values unpacked from the output differ from those sent")
    print(f"msgpack_interop: {COUNT} values from msgpack-python {'.'.join(map(str, msgpack.version))}, "
          f"{len(sent)} bytes, all written back byte for byte")


if __name__ == "__main__":
    main()
