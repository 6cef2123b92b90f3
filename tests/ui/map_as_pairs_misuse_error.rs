use std::collections::BTreeMap;

use codec::Codec;

mod raw {}

#[derive(Codec)]
struct Misuse {
    #[codec(map_as_pairs, with = "raw")]
    a: BTreeMap<u8, u8>,
    #[codec(map_as_pairs, bytes)]
    b: BTreeMap<u8, u8>,
    #[codec(map_as_pairs, flatten)]
    c: BTreeMap<String, u8>,
    #[codec(map_as_pairs = true)]
    d: BTreeMap<u8, u8>,
    #[codec(map_as_pair)]
    e: BTreeMap<u8, u8>,
}

fn main() {}
