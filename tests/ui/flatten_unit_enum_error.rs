// Flattening an externally tagged enum of unit variants only: it has no members to merge
// (serde writes `"Variant":null`), so it is refused at compile time, with what can be
// flattened instead.
use codec::Codec;

#[derive(Codec)]
enum Status {
    Active,
    Closed,
}

#[derive(Codec)]
struct Account {
    id: u64,
    #[codec(flatten)]
    status: Status,
}

fn main() {}
