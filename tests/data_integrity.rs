//! The vendored data is what `data/README.md` says it is: the folder holds exactly the
//! files its manifest lists (every file but the README itself), each with the listed size
//! and sha256. A file lost, added, truncated or rewritten (say, by a line-ending
//! conversion: several JSONTestSuite cases differ from others only in trailing bytes, and
//! some are not UTF-8) fails here by name, before any test built on it can pass or fail
//! for the wrong reason.
//!
//! The sha256 is a small implementation of FIPS 180-4 written here so the check needs no
//! dependency; its known-answer test pins it to the standard's examples.

use std::collections::BTreeMap;
use std::path::Path;

/// The manifest: path (relative to `data/`) -> (size, sha256 in lowercase hex), from the
/// README's lines of the form `<64 hex digits> <size> <path>`.
fn manifest() -> BTreeMap<String, (u64, String)> {
    let readme = String::from_utf8(codec_tests::data("README.md")).expect("data/README.md is UTF-8");
    let mut out = BTreeMap::new();
    for line in readme.lines() {
        let mut fields = line.split_whitespace();
        let (Some(hash), Some(size), Some(path), None) = (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            continue;
        }
        let size: u64 = size.parse().unwrap_or_else(|_| panic!("data/README.md: bad size in {line:?}"));
        let previous = out.insert(path.to_owned(), (size, hash.to_owned()));
        assert!(previous.is_none(), "data/README.md lists {path} twice");
    }
    out
}

/// Every file under `dir`, as paths relative to `root` with `/` separators.
fn files_under(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("read folder entry").path();
        if path.is_dir() {
            files_under(root, &path, out);
        } else {
            let relative = path.strip_prefix(root).expect("under the root");
            let parts: Vec<_> = relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            out.push(parts.join("/"));
        }
    }
}

#[test]
fn data_folder_matches_its_manifest() {
    let listed = manifest();
    // The sources' own counts (data/README.md): 318 + 22 JSONTestSuite cases, 3
    // json-benchmark and 16 zio-json documents, the msgpack-test-suite vectors, and 13
    // licence, provenance and attribute files.
    assert_eq!(listed.len(), 318 + 22 + 3 + 16 + 1 + 13, "entries in data/README.md's manifest");

    let root = codec_tests::data_dir();
    let mut present = Vec::new();
    files_under(&root, &root, &mut present);
    present.retain(|p| p != "README.md");
    present.sort();
    let listed_paths: Vec<&String> = listed.keys().collect();
    let unlisted: Vec<&String> = present.iter().filter(|p| !listed.contains_key(*p)).collect();
    let missing: Vec<&&String> = listed_paths.iter().filter(|p| present.binary_search(p).is_err()).collect();
    assert!(unlisted.is_empty(), "files in data/ that data/README.md does not list: {unlisted:?}");
    assert!(missing.is_empty(), "files data/README.md lists that are missing from data/: {missing:?}");

    let mut wrong = Vec::new();
    for (path, (size, hash)) in &listed {
        let bytes = codec_tests::data(path);
        let ours = hex(&sha256(&bytes));
        if bytes.len() as u64 != *size || ours != *hash {
            wrong.push(format!("{path}: {} bytes, sha256 {ours}; listed {size} bytes, {hash}", bytes.len()));
        }
    }
    assert!(wrong.is_empty(), "vendored files that differ from data/README.md:\n{}", wrong.join("\n"));
}

/// A few files by their checksums as published with the sources (the json-benchmark and
/// zio-json ones in the original data notes, the msgpack-test-suite one in its SHA256SUMS),
/// so that the manifest cannot silently drift from the upstream bytes.
#[test]
fn manifest_agrees_with_the_published_checksums() {
    let listed = manifest();
    for (path, hash) in [
        ("json-benchmark/canada.json", "f83b3b354030d5dd58740c68ac4fecef64cb730a0d12a90362a7f23077f50d78"),
        ("json-benchmark/citm_catalog.json", "a73e7a883f6ea8de113dff59702975e60119b4b58d451d518a929f31c92e2059"),
        ("json-benchmark/twitter.json", "a08b769f32b95f426cbc3abafcec65c1a19d3eb544d4ddf320eae142c99efc5d"),
        ("zio-json/google_maps_api_response.json", "5d65343aa0ac05be6c1f4ed1d0147ed5bf3f1529fda54fca0e3e752fa418cbbd"),
        ("zio-json/twitter_api_response.json", "77d8afabe7a047d18a483d8380b092c150a7abd5bc50688e353c80e8d7db1503"),
        ("zio-json/che.geo.json", "0d4048bd696e4449218ac66bf5325a06f59b9b2b215159bb1316f8d985d7c344"),
        (
            "msgpack-test-suite/msgpack-test-suite.json",
            "8ea4d7aea19f7cf447ffe1031a4818bf5fd8b99dc28baf2b4a33fe9d8e5a5874",
        ),
    ] {
        assert_eq!(listed.get(path).map(|(_, h)| h.as_str()), Some(hash), "{path}");
    }
}

/// The generated zio-json document is what its recipe (`data/zio-json/SOURCE.md`) makes.
#[test]
fn synthetic_nested_500_is_its_recipe() {
    let expected = format!("{}null{}", "{\"n\":".repeat(500), "}".repeat(500));
    assert_eq!(codec_tests::data("zio-json/synthetic_nested_500.json"), expected.into_bytes());
}

#[test]
fn sha256_known_answers() {
    // FIPS 180-4's examples (one and two blocks), the empty message, a message whose
    // padding needs a block of its own (56 bytes), and a long one across many blocks.
    let cases: [(&[u8], &str); 4] = [
        (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        ),
        (&[b'a'; 1_000_000], "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ];
    for (message, expected) in cases {
        assert_eq!(hex(&sha256(message)), expected, "sha256 of {} bytes", message.len());
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
];

/// SHA-256 (FIPS 180-4) of `message`.
fn sha256(message: &[u8]) -> [u8; 32] {
    // The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    let mut state: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut blocks = message.chunks_exact(64);
    for block in &mut blocks {
        compress(&mut state, block.try_into().unwrap());
    }
    // Padding: a 1 bit, zeros, and the message length in bits as a big-endian u64, making
    // one block, or two when fewer than 9 bytes are left in the first.
    let rest = blocks.remainder();
    let mut tail = [0u8; 128];
    tail[..rest.len()].copy_from_slice(rest);
    tail[rest.len()] = 0x80;
    let tail_len = if rest.len() < 56 { 64 } else { 128 };
    tail[tail_len - 8..tail_len].copy_from_slice(&(message.len() as u64 * 8).to_be_bytes());
    for block in tail[..tail_len].chunks_exact(64) {
        compress(&mut state, block.try_into().unwrap());
    }
    let mut out = [0u8; 32];
    for (word, bytes) in state.iter().zip(out.chunks_exact_mut(4)) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    out
}

fn compress(state: &mut [u32; 8], block: &[u8; 64]) {
    let mut w = [0u32; 64];
    for (t, bytes) in block.chunks_exact(4).enumerate() {
        w[t] = u32::from_be_bytes(bytes.try_into().unwrap());
    }
    for t in 16..64 {
        let s0 = w[t - 15].rotate_right(7) ^ w[t - 15].rotate_right(18) ^ (w[t - 15] >> 3);
        let s1 = w[t - 2].rotate_right(17) ^ w[t - 2].rotate_right(19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16].wrapping_add(s0).wrapping_add(w[t - 7]).wrapping_add(s1);
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    for t in 0..64 {
        let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
        let ch = (e & f) ^ (!e & g);
        let t1 = h.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[t]).wrapping_add(w[t]);
        let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
        let maj = (a & b) ^ (a & c) ^ (b & c);
        let t2 = s0.wrapping_add(maj);
        h = g;
        g = f;
        f = e;
        e = d.wrapping_add(t1);
        d = c;
        c = b;
        b = a;
        a = t1.wrapping_add(t2);
    }
    for (s, v) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *s = s.wrapping_add(v);
    }
}
