//! A recursive document generated in code: a tree of [`Node`]s with strings (some with
//! escapes and non-ASCII text), integers, floats of every magnitude, options and vectors,
//! and a unit enum. [`tree`] builds the same ~1 MB instance every time; its deepest path
//! nests 2 JSON levels per tree level and stays under 100 so that every peer (whose
//! default limits are 128) accepts it.

use codec::Codec;
use serde::{Deserialize, Serialize};

/// What a node is.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
#[codec(rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Root,
    Branch,
    Leaf,
}

/// A tree node.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Node {
    pub id: u64,
    pub kind: Kind,
    pub name: String,
    pub score: f64,
    pub delta: i64,
    pub label: Option<String>,
    pub weight: Option<f64>,
    pub flags: Vec<bool>,
    pub tags: Vec<String>,
    pub children: Vec<Node>,
}

/// Tree levels of the broad part: the root plus 5 levels of 3 to 8 children each.
const BROAD_LEVELS: u32 = 5;
const FAN_OUT: u64 = 5;
const MIN_CHILDREN: u64 = 3;
const MAX_CHILDREN: u64 = 8;
/// Tree levels of the one narrow chain hung under the root: `2 * (1 + SPINE) + 1` JSON
/// nesting levels at its end.
pub const SPINE: u32 = 45;

/// splitmix64: a fixed sequence, so the instance is the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const WORDS: [&str; 12] =
    ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu"];
/// Strings that need escaping or hold multi-byte UTF-8.
const ODD: [&str; 6] =
    ["say \"hi\"", "line\nbreak\ttab", "back\\slash", "naïve café — ✓", "日本語のテキスト", "ctrl\u{1}char"];

fn node(rng: &mut Rng, id: &mut u64, kind: Kind, children: Vec<Node>) -> Node {
    *id += 1;
    let mut name = String::new();
    for i in 0..1 + rng.below(4) {
        if i > 0 {
            name.push(' ');
        }
        name.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
    }
    if rng.below(8) == 0 {
        name.push(' ');
        name.push_str(ODD[rng.below(ODD.len() as u64) as usize]);
    }
    // Scores span short decimals, full 17-digit values, and large and tiny magnitudes.
    let score = match rng.below(4) {
        0 => (rng.below(100_000) as f64) / 100.0,
        1 => (rng.next() >> 11) as f64 / (1u64 << 53) as f64,
        2 => ((rng.next() >> 11) as f64) * 1e10,
        _ => ((rng.next() >> 11) as f64) * 1e-30,
    };
    let delta = rng.next() as i64 >> rng.below(64);
    let label = (rng.below(3) == 0).then(|| format!("{}-{}", WORDS[rng.below(12) as usize], rng.below(1000)));
    let weight = (rng.below(2) == 0).then(|| rng.below(1_000_000) as f64 / 1000.0);
    let flags = (0..rng.below(4)).map(|_| rng.below(2) == 0).collect();
    let tags = (0..rng.below(4)).map(|_| WORDS[rng.below(12) as usize].to_string()).collect();
    Node { id: *id, kind, name, score, delta, label, weight, flags, tags, children }
}

fn broad(rng: &mut Rng, id: &mut u64, level: u32) -> Node {
    if level == BROAD_LEVELS {
        return node(rng, id, Kind::Leaf, Vec::new());
    }
    let count = MIN_CHILDREN + rng.below(MAX_CHILDREN - MIN_CHILDREN + 1);
    let children = (0..count).map(|_| broad(rng, id, level + 1)).collect();
    node(rng, id, Kind::Branch, children)
}

fn spine(rng: &mut Rng, id: &mut u64, left: u32) -> Node {
    if left == 0 {
        return node(rng, id, Kind::Leaf, Vec::new());
    }
    let child = spine(rng, id, left - 1);
    node(rng, id, Kind::Branch, vec![child])
}

/// The instance: a root over `FAN_OUT` broad subtrees and a chain `SPINE` levels deep,
/// about 1 MB as compact JSON.
pub fn tree() -> Node {
    let mut rng = Rng(0x5EED);
    let mut id = 0;
    let mut children: Vec<Node> = (0..FAN_OUT).map(|_| broad(&mut rng, &mut id, 1)).collect();
    children.push(spine(&mut rng, &mut id, SPINE));
    node(&mut rng, &mut id, Kind::Root, children)
}

/// The deepest nesting of JSON arrays and objects in `tree()`'s encoding.
pub fn max_nesting(node: &Node) -> usize {
    // The node's object, plus its `children` array around the deepest child.
    1 + node.children.iter().map(|c| 1 + max_nesting(c)).max().unwrap_or(1)
}
