// A map keyed by a type codec knows nothing of: the error lists the key types and says
// how to make an ID type a key.
use std::collections::BTreeMap;

use codec::Codec;

#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct UserId(u64);

#[derive(Codec)]
struct Scores {
    by_user: BTreeMap<UserId, u32>,
}

fn main() {}
