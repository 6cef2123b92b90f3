// A type that implements none of codec's traits in every position the derive handles:
// each enum representation, tuple and newtype structs, `transparent`, `default` and
// `skip` (which need `Default`), and a `with` module that lacks `decode`. One error
// per field and trait, each on the field's type (or the `with` string), none on the derive.
use codec::Codec;

struct Opaque;

#[derive(Codec)]
enum External {
    A(Opaque),
    B { x: Opaque },
}

#[derive(Codec)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    A(Opaque),
}

#[derive(Codec)]
#[codec(untagged)]
enum Untagged {
    A { x: Opaque },
}

#[derive(Codec)]
struct Pair(u8, Opaque);

#[derive(Codec)]
#[codec(transparent)]
struct Wrapper {
    x: Opaque,
}

#[derive(Codec)]
struct Defaults {
    #[codec(default)]
    x: Opaque,
    #[codec(skip)]
    y: Opaque,
}

mod encode_only {
    pub fn encode<W: codec::Writer>(v: &u8, w: &mut W) -> codec::Result<()> {
        codec::Encode::encode(v, w)
    }
}

#[derive(Codec)]
struct HalfWith {
    #[codec(with = "encode_only")]
    x: u8,
}

fn main() {}
