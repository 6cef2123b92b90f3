// An internally tagged enum whose newtype variant holds an alias of `u32`: its
// content would share the tag's object, so it must have named members. The error says so
// and names the fixes, on the variant's type once per direction (and on the derive for the
// enum's own flatten impl).
use codec::Codec;

type Qty = u32;

#[derive(Codec)]
#[codec(tag = "kind")]
enum Line {
    Count(Qty),
    Item { sku: String },
}

fn main() {}
