#!/usr/bin/env python3
"""Writes python.msgpack: MessagePack made by Python's reference library (msgpack-python),
read by tests/msgpack_value.rs.

The file is one array of [name, value] pairs, each value packed by msgpack-python itself
(the float 32 cases by a packer with use_single_float=True). The test holds the Value each
name must decode to, and checks that codec writes each value back byte for byte.

Regenerate (only when adding cases; commit the output with this script):
    python3 -m pip install --user msgpack   # 1.x
    python3 tests/data/msgpack_interop/gen.py
"""
import os

import msgpack

double = msgpack.Packer()
single = msgpack.Packer(use_single_float=True)

CASES = [
    # bin: empty, bin 8, bin 16
    ("bin_empty", double, b""),
    ("bin_small", double, b"\x00\x01\xfe\xff"),
    ("bin_300", double, bytes(range(256)) + bytes(44)),
    # ext: fixext 1, fixext 16, ext 8 (msgpack-python allows only types 0 to 127)
    ("ext_fix1", double, msgpack.ExtType(1, b"\x2a")),
    ("ext_fix16", double, msgpack.ExtType(127, bytes(range(16)))),
    ("ext_3", double, msgpack.ExtType(5, b"abc")),
    # maps with integer keys, nested, and keys of mixed types in one map
    ("int_keys", double, {1: "one", 2: {3: [4, 5], -6: None}}),
    ("mixed_keys", double, {"s": 1, 7: "seven", -1: True, b"\x01": "bin key", (1, 2): "array key"}),
    ("map_16", double, {i: i * i for i in range(20)}),
    # floats: float 32 against float 64 of the same number, and a float 32 that is not a
    # short decimal
    ("f32_1_5", single, 1.5),
    ("f64_1_5", double, 1.5),
    ("f32_0_1", single, 0.1),
    ("f64_0_1", double, 0.1),
    ("f64_neg_zero", double, -0.0),
    ("f64_inf", double, float("inf")),
    # integers at the ends of the ranges
    ("u64_max", double, 2**64 - 1),
    ("u64_2_63", double, 2**63),
    ("u32_max", double, 2**32 - 1),
    ("i64_min", double, -(2**63)),
    ("i32_min", double, -(2**31)),
    ("i8_min", double, -128),
    ("neg_fixint", double, -32),
    ("int8_-33", double, -33),
    # timestamps: 32, 64 and 96-bit forms
    ("ts32", double, msgpack.Timestamp(1, 0)),
    ("ts64", double, msgpack.Timestamp(1514862245, 678901234)),
    ("ts96_negative", double, msgpack.Timestamp(-1, 500000000)),
    ("ts96_far", double, msgpack.Timestamp(2**40, 1)),
    # strings: fixstr, str 8, str 16, non-ASCII
    ("str_empty", double, ""),
    ("str_utf8", double, "h\u00e9llo \u2764 \U0001f600"),
    ("str_40", double, "x" * 40),
    ("str_300", double, "y" * 300),
    ("scalars", double, [None, True, False, 0, 127, 128, 255, 256, 65535, 65536]),
]


def main():
    out = bytearray(double.pack_array_header(len(CASES)))
    for name, packer, value in CASES:
        out += double.pack_array_header(2)
        out += double.pack(name)
        out += packer.pack(value)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "python.msgpack")
    with open(path, "wb") as f:
        f.write(out)
    print(f"{path}: {len(CASES)} cases, {len(out)} bytes (msgpack-python {'.'.join(map(str, msgpack.version))})")


if __name__ == "__main__":
    main()
