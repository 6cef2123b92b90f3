// The MessagePack attributes, used correctly, compile.
use std::borrow::Cow;

use codec::{Bytes, Codec, Decode, Encode};

#[derive(Codec)]
#[codec(msgpack(struct_as_array), rename_all = "camelCase", default, deny_unknown_fields)]
struct Packed {
    first_field: u32,
    #[codec(skip)]
    cache: Vec<u8>,
    #[codec(default, rename = "2")]
    second: Option<String>,
    #[codec(bytes)]
    payload: Vec<u8>,
}

impl Default for Packed {
    fn default() -> Self {
        Packed { first_field: 1, cache: Vec::new(), second: None, payload: Vec::new() }
    }
}

#[derive(Codec)]
struct Blobs<'a> {
    #[codec(bytes)]
    owned: Vec<u8>,
    #[codec(bytes)]
    borrowed: &'a [u8],
    #[codec(bytes)]
    cow: Cow<'a, [u8]>,
    #[codec(bytes)]
    boxed: Box<[u8]>,
    #[codec(bytes)]
    fixed: [u8; 4],
    #[codec(bytes, skip_encoding_if = "Option::is_none")]
    maybe: Option<Vec<u8>>,
    plain: Bytes<'a>,
    stamp: std::time::SystemTime,
    ext: codec::msgpack::Ext<'a>,
}

fn assert_codec<'de, T: Encode + Decode<'de>>() {}

fn main() {
    assert_codec::<Packed>();
    assert_codec::<Blobs<'static>>();
}
