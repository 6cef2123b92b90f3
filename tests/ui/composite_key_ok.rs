//! Derived structs and enums with data are map keys (pairs in JSON), generics included;
//! a newtype struct is the key its field is, unless `no_key_impls` leaves its key impls
//! to the user.
use std::collections::{BTreeMap, HashMap};

use codec::{Codec, DecodeKey, EncodeKey, Reader, Result, Writer};

#[derive(Codec, PartialEq, Eq, PartialOrd, Ord)]
struct Cell<T> {
    row: T,
    col: T,
}

#[derive(Codec, PartialEq, Eq, Hash)]
enum Slot<'a> {
    Named(&'a str),
    At { i: u32 },
}

#[derive(Codec, PartialEq, Eq, PartialOrd, Ord)]
#[codec(no_key_impls)]
struct UserId(String);

impl EncodeKey for UserId {
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(&self.0)
    }
}

impl<'de> DecodeKey<'de> for UserId {
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        r.key_str_with(key, |text| Ok(UserId(text.to_owned())))
    }
}

#[derive(Codec)]
struct Sheet<'a> {
    cells: BTreeMap<Cell<u16>, String>,
    slots: HashMap<Slot<'a>, u8>,
    users: BTreeMap<UserId, u8>,
}

fn main() {
    let text = br#"{"cells":[[{"row":1,"col":2},"x"]],"slots":[[{"Named":"a"},1]],"users":{"ann":1}}"#;
    let sheet: Sheet = codec::json::from_slice(text).unwrap();
    assert_eq!(codec::json::to_vec(&sheet).unwrap(), text);
}
