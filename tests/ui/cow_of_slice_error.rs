// `Cow<'a, [T]>` decodes only as bytes (`[u8]`): a second impl for other element types
// would overlap it (Rust's coherence rule), so `Cow<'a, [u32]>` is not decodable; the
// migration guide's "Differences from serde" names `Vec<T>` as the fix. It still encodes.
use std::borrow::Cow;

use codec::{Decode, Encode};

fn assert_encode<T: Encode>() {}
fn assert_decode<'de, T: Decode<'de>>() {}

fn main() {
    assert_encode::<Cow<'static, [u32]>>();
    assert_decode::<Cow<'_, [u8]>>();
    assert_decode::<Cow<'_, [u32]>>();
}
