//! Derived structs and enums with data are map keys (pairs in JSON), generics included;
//! a newtype struct is the key its field is, unless `no_key_impls` leaves its key impls
//! to the user.
use std::collections::{BTreeMap, HashMap};

use codec::json::{JsonReader, JsonWriter, Key};
use codec::{Codec, DecodeKey, EncodeKey, Result};

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
    fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(&self.0);
        Ok(())
    }
}

impl<'de> DecodeKey<'de> for UserId {
    fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(UserId(r.key_str(key)?.as_str().to_owned()))
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
