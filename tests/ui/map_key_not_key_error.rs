// A map keyed by a derived newtype ID: the derive gives newtypes no key impls, and the
// error lists the key types and says how to make an ID type a key.
use std::collections::BTreeMap;

use codec::Codec;

#[derive(Codec, PartialEq, Eq, PartialOrd, Ord)]
struct UserId(u64);

#[derive(Codec)]
struct Scores {
    by_user: BTreeMap<UserId, u32>,
}

fn main() {}
