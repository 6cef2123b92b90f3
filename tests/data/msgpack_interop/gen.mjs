// Writes javascript.msgpack: MessagePack made by JavaScript's reference library
// (@msgpack/msgpack), read by tests/msgpack_value.rs.
//
// The file is one array of [name, value] pairs, each value encoded by @msgpack/msgpack
// itself (float 32 cases with forceFloat32, 64-bit integers as BigInt with useBigInt64).
// The test holds the Value each name must decode to, and checks that codec writes each
// value back byte for byte.
//
// Regenerate (only when adding cases; commit the output with this script):
//     cd "$(mktemp -d)" && npm install @msgpack/msgpack@3 && NODE_PATH=$PWD/node_modules \
//         node /path/to/tests/data/msgpack_interop/gen.mjs
// (or copy gen.mjs next to that node_modules and run it there with the output path as
// its argument).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(join(process.cwd(), "noop.js"));
const { encode, ExtData } = require("@msgpack/msgpack");

const double = (v) => encode(v);
const single = (v) => encode(v, { forceFloat32: true });
const big = (v) => encode(v, { useBigInt64: true });

const bytes = (n, f) => Uint8Array.from({ length: n }, (_, i) => f(i));

const CASES = [
  ["bin_empty", double, new Uint8Array(0)],
  ["bin_small", double, Uint8Array.from([0, 1, 0xfe, 0xff])],
  ["bin_300", double, bytes(300, (i) => (i < 256 ? i : 0))],
  ["ext_fix1", double, new ExtData(1, Uint8Array.from([0x2a]))],
  ["ext_fix16", double, new ExtData(127, bytes(16, (i) => i))],
  ["ext_3", double, new ExtData(5, new TextEncoder().encode("abc"))],
  // A JavaScript object's keys are strings: integer-looking keys arrive as strs.
  ["object_int_like_keys", double, { 1: "one", 2: { 3: [4, 5] } }],
  ["nested", double, { a: { b: { c: [null, true, false] } }, d: [] }],
  ["map_16", double, Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]))],
  ["f32_1_5", single, 1.5],
  ["f64_1_5", double, 1.5],
  ["f32_0_1", single, 0.1],
  ["f64_0_1", double, 0.1],
  ["u64_max", big, 2n ** 64n - 1n],
  ["u64_2_63", big, 2n ** 63n],
  ["i64_min", big, -(2n ** 63n)],
  ["safe_max", double, Number.MAX_SAFE_INTEGER],
  ["safe_min", double, Number.MIN_SAFE_INTEGER],
  ["i32_min", double, -(2 ** 31)],
  ["neg_fixint", double, -32],
  ["int8_-33", double, -33],
  // Dates are written as the timestamp extension (millisecond precision).
  ["ts32", double, new Date(1000)],
  ["ts64", double, new Date(1514862245678)],
  ["ts96_negative", double, new Date(-500)],
  ["str_empty", double, ""],
  ["str_utf8", double, "h\u00e9llo \u2764 \u{1f600}"],
  ["str_40", double, "x".repeat(40)],
  ["str_300", double, "y".repeat(300)],
  ["scalars", double, [null, true, false, 0, 127, 128, 255, 256, 65535, 65536]],
];

// The outer header: array 16 (there are more than 15 cases).
const chunks = [Uint8Array.from([0xdc, CASES.length >> 8, CASES.length & 0xff])];
for (const [name, enc, value] of CASES) {
  chunks.push(Uint8Array.from([0x92]), encode(name), enc(value));
}
const out = Buffer.concat(chunks);
const target = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "javascript.msgpack");
writeFileSync(target, out);
console.log(`${target}: ${CASES.length} cases, ${out.length} bytes`);
