//! A library the way a `no_std` user writes one: `#![no_std]` with `alloc`, depending on
//! `codec = { default-features = false, features = ["msgpack", "indexmap"] }`, and deriving
//! `Codec` on types of every shape the derive handles. That this crate compiles at all is the first
//! test: the derive's output names only `core`, `alloc` and `codec::__private` paths, and
//! nothing here could name `std`. Its unit tests (run on std's test harness; the library
//! itself stays `no_std`) round-trip each type through JSON and MessagePack.
//!
//! Cargo unifies features over a build, so `cargo test --workspace` builds codec with
//! `std` (other members ask for it): CI runs `cargo test -p no_std_user` alone, and
//! checks with `cargo tree` that codec is built without `std` there.

#![no_std]

extern crate alloc;

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::hash::{BuildHasherDefault, Hasher};

use codec::json::Map;
use codec::Codec;
use indexmap::{IndexMap, IndexSet};

/// A unit struct: `null`.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Marker;

/// A newtype struct: its field's form.
#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct UserId(pub u64);

/// A tuple struct: an array.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Point(pub i32, pub i32);

/// A unit-only enum, also usable as a map key.
#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[codec(rename_all = "lowercase")]
pub enum Level {
    Low,
    High,
}

/// A struct of owned std-free types, with renames, defaults and skips.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(rename_all = "camelCase")]
pub struct Account {
    pub user_id: UserId,
    pub display_name: String,
    #[codec(alias = "mail")]
    pub email: Option<String>,
    pub tags: Vec<String>,
    pub limits: BTreeMap<Level, u32>,
    pub home: Box<Point>,
    #[codec(default, skip_encoding_if = "Option::is_none")]
    pub note: Option<String>,
    #[codec(skip)]
    pub cached: u8,
    #[codec(bytes)]
    pub avatar: Vec<u8>,
}

/// A struct that borrows from the input: `&str` always, `Cow` when it can.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Borrowed<'a> {
    pub name: &'a str,
    pub label: Cow<'a, str>,
    pub parts: Vec<&'a str>,
}

/// An externally tagged enum (the default) of every variant shape.
#[derive(Codec, Debug, Clone, PartialEq)]
pub enum Shape {
    Empty,
    Circle(f64),
    Segment(Point, Point),
    Rect { width: u32, height: u32 },
}

/// An internally tagged enum, with a catch-all `other` variant.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "type")]
pub enum Event {
    Login {
        user: UserId,
    },
    #[codec(rename = "logout", alias = "signout")]
    Logout {
        user: UserId,
        reason: Option<String>,
    },
    Ping,
    #[codec(other)]
    Unknown,
}

/// An adjacently tagged enum.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "t", content = "c")]
pub enum Message {
    Text(String),
    Move { to: Point },
    Quit,
}

/// An untagged enum: the first variant that decodes wins.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(untagged)]
pub enum Id {
    Number(u64),
    Name(String),
    Pair(u32, u32),
}

/// Flattened members: a struct, and a map that collects the other keys.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Envelope {
    pub id: Id,
    #[codec(flatten)]
    pub origin: Origin,
    #[codec(flatten)]
    pub extra: BTreeMap<String, u32>,
}

/// See [`Envelope`].
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Origin {
    pub source: String,
    pub seq: u32,
}

/// A struct whose flattened member is a struct, and whose unknown keys are errors.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(deny_unknown_fields)]
pub struct Page {
    pub items: Vec<Shape>,
    #[codec(flatten)]
    pub cursor: Cursor,
}

/// See [`Page`].
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Cursor {
    pub offset: u32,
    pub more: bool,
}

/// Dynamic JSON in a field, and a flattened `Map` of the rest.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Dynamic {
    pub kind: Level,
    #[codec(flatten)]
    pub rest: Map,
}

/// A transparent wrapper and a generic struct.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(transparent)]
pub struct Meters(pub f64);

/// See [`Meters`].
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Tagged<T> {
    pub tag: Level,
    pub value: T,
}

/// FNV-1a, a hasher with fixed keys: without std there is no randomly keyed default, so a
/// hash map names its hasher. (Fixed keys suit keys the program picks; for keys from
/// untrusted input, prefer `BTreeMap`: see codec's docs on `HashMap` without std.)
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Hash maps and sets without std: `indexmap`'s, with [`Fnv`], in insertion order.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Inventory {
    pub counts: IndexMap<String, u32, BuildHasherDefault<Fnv>>,
    pub levels: IndexSet<Level, BuildHasherDefault<Fnv>>,
}

/// A field through a `with` module written without std.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Hexed {
    #[codec(with = "hex")]
    pub code: u32,
}

/// A `u32` written as a JSON string of hex digits, and as is in MessagePack: one pair of
/// functions generic over the format, choosing by `HUMAN_READABLE`.
pub mod hex {
    use codec::{Decode, Encode, Error, Reader, Result, Writer};

    /// Writes `v` as `"0x..."` where the format is human-readable (JSON), else as the
    /// integer.
    pub fn encode<W: Writer>(v: &u32, w: &mut W) -> Result<()> {
        if !W::HUMAN_READABLE {
            return v.encode(w);
        }
        w.write_str(&alloc::format!("{v:#x}"))
    }

    /// Reads `"0x..."` where the format is human-readable, else the integer.
    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<u32> {
        if !R::HUMAN_READABLE {
            return u32::decode(r);
        }
        r.read_str_with(|text, _| {
            let digits = text.strip_prefix("0x").ok_or_else(|| Error::custom("expected 0x"))?;
            u32::from_str_radix(digits, 16).map_err(|_| Error::custom("expected hex digits"))
        })
    }
}

#[cfg(test)]
mod tests {
    use alloc::borrow::ToOwned;
    use alloc::string::ToString;
    use alloc::vec;
    use core::fmt::Debug;

    use codec::json::Value;
    use codec::{DecodeOwned, Encode, ErrorKind};

    use super::*;

    /// `value` encodes as `json`, and both `json` and its MessagePack form decode back to it.
    #[track_caller]
    fn round_trip<T: Encode + DecodeOwned + PartialEq + Debug>(value: &T, json: &str) {
        assert_eq!(codec::json::to_string(value).unwrap(), json);
        assert_eq!(&codec::json::from_str::<T>(json).unwrap(), value);
        let packed = codec::msgpack::to_vec(value).unwrap();
        assert_eq!(&codec::msgpack::from_slice::<T>(&packed).unwrap(), value);
    }

    fn account() -> Account {
        Account {
            user_id: UserId(7),
            display_name: "Ada".into(),
            email: Some("ada@example.com".into()),
            tags: vec!["admin".into(), "ops".into()],
            limits: BTreeMap::from([(Level::Low, 1), (Level::High, 10)]),
            home: Box::new(Point(1, -2)),
            note: None,
            cached: 0,
            avatar: vec![0xff, 0x00],
        }
    }

    #[test]
    fn structs_of_every_shape() {
        round_trip(&Marker, "null");
        round_trip(&UserId(3), "3");
        round_trip(&Point(-1, 2), "[-1,2]");
        round_trip(&Meters(2.5), "2.5");
        round_trip(&Tagged { tag: Level::High, value: Point(0, 0) }, r#"{"tag":"high","value":[0,0]}"#);
        round_trip(
            &account(),
            r#"{"userId":7,"displayName":"Ada","email":"ada@example.com","tags":["admin","ops"],"limits":{"low":1,"high":10},"home":[1,-2],"avatar":[255,0]}"#,
        );
        // The alias, the default, and the skipped field's default on the way in.
        let text = r#"{"userId":1,"displayName":"B","mail":null,"tags":[],"limits":{},"home":[0,0],"avatar":[]}"#;
        let decoded: Account = codec::json::from_str(text).unwrap();
        assert_eq!((decoded.email, decoded.note, decoded.cached), (None, None, 0));
        // `bytes`: a bin in MessagePack.
        let packed = codec::msgpack::to_vec(&account()).unwrap();
        assert!(packed.windows(4).any(|w| w == b"\xc4\x02\xff\x00"), "{packed:x?}");
    }

    #[test]
    fn borrowed_fields_point_into_the_input() {
        let text = r#"{"name":"n","label":"a\"b","parts":["x","y"]}"#;
        let b: Borrowed<'_> = codec::json::from_str(text).unwrap();
        assert_eq!(b.name, "n");
        assert!(matches!(b.label, Cow::Owned(ref s) if s == "a\"b"));
        assert_eq!(b.parts, ["x", "y"]);
        assert!(core::ptr::eq(b.name.as_bytes().as_ptr(), &text.as_bytes()[9]));
        let packed = codec::msgpack::to_vec(&b).unwrap();
        let back: Borrowed<'_> = codec::msgpack::from_slice(&packed).unwrap();
        assert!(matches!(back.label, Cow::Borrowed("a\"b")));
        assert_eq!(back, b);
    }

    #[test]
    fn externally_tagged_variants() {
        round_trip(&Shape::Empty, r#""Empty""#);
        round_trip(&Shape::Circle(0.5), r#"{"Circle":0.5}"#);
        round_trip(&Shape::Segment(Point(0, 0), Point(1, 1)), r#"{"Segment":[[0,0],[1,1]]}"#);
        round_trip(&Shape::Rect { width: 2, height: 3 }, r#"{"Rect":{"width":2,"height":3}}"#);
        let err = codec::json::from_str::<Shape>(r#""Hexagon""#).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::UnknownVariant { name, .. } if name == "Hexagon"), "{err}");
    }

    #[test]
    fn internally_and_adjacently_tagged_variants() {
        round_trip(&Event::Login { user: UserId(1) }, r#"{"type":"Login","user":1}"#);
        round_trip(&Event::Logout { user: UserId(2), reason: None }, r#"{"type":"logout","user":2,"reason":null}"#);
        round_trip(&Event::Ping, r#"{"type":"Ping"}"#);
        // The tag after the content, an alias, and an unknown tag caught by `other`.
        let e: Event = codec::json::from_str(r#"{"user":3,"type":"signout"}"#).unwrap();
        assert_eq!(e, Event::Logout { user: UserId(3), reason: None });
        assert_eq!(codec::json::from_str::<Event>(r#"{"type":"Reboot"}"#).unwrap(), Event::Unknown);

        round_trip(&Message::Text("hi".into()), r#"{"t":"Text","c":"hi"}"#);
        round_trip(&Message::Move { to: Point(4, 5) }, r#"{"t":"Move","c":{"to":[4,5]}}"#);
        round_trip(&Message::Quit, r#"{"t":"Quit"}"#);
        let m: Message = codec::json::from_str(r#"{"c":"late","t":"Text"}"#).unwrap();
        assert_eq!(m, Message::Text("late".into()));
    }

    #[test]
    fn untagged_variants_and_their_error() {
        round_trip(&Id::Number(9), "9");
        round_trip(&Id::Name("nine".into()), r#""nine""#);
        round_trip(&Id::Pair(1, 2), "[1,2]");
        let err = codec::json::from_str::<Id>("true").unwrap_err();
        let msg = err.to_string();
        assert!(msg.starts_with("invalid value: data did not match any variant of untagged enum Id"), "{msg}");
        assert!(msg.contains("Number: ") && msg.contains("Name: ") && msg.contains("Pair: "), "{msg}");
    }

    #[test]
    fn flattened_members() {
        let env = Envelope {
            id: Id::Name("a".into()),
            origin: Origin { source: "edge".into(), seq: 5 },
            extra: BTreeMap::from([("retries".to_owned(), 2)]),
        };
        round_trip(&env, r#"{"id":"a","source":"edge","seq":5,"retries":2}"#);
        let decoded: Envelope = codec::json::from_str(r#"{"retries":2,"seq":5,"source":"edge","id":"a"}"#).unwrap();
        assert_eq!(decoded, env);

        let page = Page { items: vec![Shape::Empty], cursor: Cursor { offset: 20, more: true } };
        round_trip(&page, r#"{"items":["Empty"],"offset":20,"more":true}"#);
        let err = codec::json::from_str::<Page>(r#"{"items":[],"offset":0,"more":false,"limit":1}"#).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::UnknownField { name, .. } if name == "limit"), "{err}");
    }

    #[test]
    fn dynamic_values_and_maps() {
        let text = r#"{"kind":"low","n":1,"list":[true,null,"s",1.5],"obj":{"k":-3}}"#;
        let d: Dynamic = codec::json::from_str(text).unwrap();
        assert_eq!(d.kind, Level::Low);
        assert_eq!(d.rest.keys().collect::<Vec<_>>(), ["n", "list", "obj"]);
        assert_eq!(d.rest["obj"]["k"].as_i64(), Some(-3));
        assert_eq!(codec::json::to_string(&d).unwrap(), text);
        let packed = codec::msgpack::to_vec(&d).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Dynamic>(&packed).unwrap(), d);

        let v: Value = text.parse().unwrap();
        assert_eq!(v.to_string(), text);
        assert_eq!(v["list"][2], "s");
    }

    #[test]
    fn index_maps_with_a_hasher_of_their_own() {
        let mut inv = Inventory { counts: IndexMap::default(), levels: IndexSet::default() };
        inv.counts.extend([("pears".to_owned(), 3), ("apples".to_owned(), 1)]);
        inv.levels.extend([Level::High, Level::Low]);
        round_trip(&inv, r#"{"counts":{"pears":3,"apples":1},"levels":["high","low"]}"#);
        let err = codec::json::from_str::<Inventory>(r#"{"counts":{"a":1,"a":2},"levels":[]}"#).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::DuplicateField(name) if name == "a"), "{err}");
    }

    #[test]
    fn with_module_in_both_formats() {
        round_trip(&Hexed { code: 0xbeef }, r#"{"code":"0xbeef"}"#);
        assert_eq!(codec::msgpack::to_vec(&Hexed { code: 1 }).unwrap(), b"\x81\xa4code\x01");
    }

    #[test]
    fn errors_carry_path_and_position() {
        let err = codec::json::from_str::<Account>("{\"userId\":1,\n\"tags\":[\"a\",2]}").unwrap_err();
        assert_eq!(err.path(), ".tags[1]");
        assert_eq!((err.line(), err.column()), (Some(2), Some(13)));
        assert_eq!(err.to_string(), "invalid type: expected a string, found integer at .tags[1] (line 2, column 13)");
        // `core::error::Error`, as `std::error::Error` is in a std build.
        let dynamic: &dyn core::error::Error = &err;
        assert!(dynamic.source().is_none());
    }

    #[test]
    fn slice_streams_pretty_output_and_limits() {
        let lines = b"{\"width\":1,\"height\":2}\n{\"width\":3,\"height\":\"x\"}\n";
        let items: Vec<_> = codec::json::iter_values_slice::<Cursor>(b"{\"offset\":1,\"more\":true}\n").collect();
        assert_eq!(items.len(), 1);
        let rects: Vec<codec::Result<Shape>> = codec::json::iter_values_slice::<BTreeMap<String, u32>>(lines)
            .map(|r| r.map(|m| Shape::Rect { width: m["width"], height: m["height"] }))
            .collect();
        assert_eq!(rects[0].as_ref().unwrap(), &Shape::Rect { width: 1, height: 2 });
        assert_eq!(rects[1].as_ref().unwrap_err().item(), Some(1));
        let elems: Vec<u8> = codec::json::iter_array_slice::<u8>(b"[1, 2, 3]").collect::<codec::Result<_>>().unwrap();
        assert_eq!(elems, [1, 2, 3]);
        let packed =
            [codec::msgpack::to_vec(&Point(1, 2)).unwrap(), codec::msgpack::to_vec(&Point(3, 4)).unwrap()].concat();
        let points: Vec<Point> = codec::msgpack::iter_values_slice(&packed).collect::<codec::Result<_>>().unwrap();
        assert_eq!(points, [Point(1, 2), Point(3, 4)]);

        assert_eq!(codec::json::to_string_pretty(&Point(1, 2)).unwrap(), "[\n  1,\n  2\n]");
        let deep = codec::json::Options::new().max_depth(1);
        let err = codec::json::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", &deep).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::DepthLimit(1)), "{err}");
    }
}
