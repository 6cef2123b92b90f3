// `flatten` in a variant of an untagged or internally tagged enum needs no rule: the
// variant is an object, and the flattened fields merge into it.
use codec::{Codec, Decode, Encode};

#[derive(Codec)]
struct Common {
    id: u64,
}

#[derive(Codec)]
#[codec(tag = "type")]
enum Tagged {
    A {
        #[codec(flatten)]
        common: Common,
        a: u8,
    },
    B {
        b: u8,
    },
}

#[derive(Codec)]
#[codec(untagged)]
enum Untagged {
    A {
        #[codec(flatten)]
        common: Common,
        a: u8,
    },
    B(u8),
}

#[derive(Codec)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    A {
        #[codec(flatten)]
        common: Common,
    },
}

fn assert_codec<T: Encode + for<'de> Decode<'de>>() {}

fn main() {
    assert_codec::<Tagged>();
    assert_codec::<Untagged>();
    assert_codec::<Adjacent>();
}
