//! `#[derive(Codec)]` on types stamped out by `macro_rules!`, and in a scope that shadows
//! the names of primitive types and std items.
//!
//! Every type below is made by a macro that another macro invokes (two levels deep), with
//! its name, its field and variant names, their types and the strings of its attributes
//! passed in as macro parameters (`ident`, `ty`, `lifetime`, `literal`, `tt`, `expr` and
//! `meta` fragments), so that the tokens the derive sees come from three hygiene contexts
//! at once: this file, the outer macro and the inner one. A derive whose own locals took
//! the span of a user's token (a field's type, say) fails to compile here: the local is
//! declared in one context and used in another. Each value round-trips in JSON and in
//! MessagePack; some JSON texts are checked exactly.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use codec::{Decode, DecodeOwned, Encode, ErrorKind};

// A re-export under another name, for `crate = $krate`.
use codec as renamed_codec;

/// Round trip in both formats; `json` is the exact JSON text when given.
fn both<T>(value: &T, json: Option<&str>)
where
    T: Encode + DecodeOwned + PartialEq + Debug,
{
    let text = codec::json::to_string(value).unwrap();
    if let Some(json) = json {
        assert_eq!(text, json);
    }
    assert_eq!(&codec::json::from_str::<T>(&text).unwrap(), value, "JSON {text}");
    let packed = codec::msgpack::to_vec(value).unwrap();
    assert_eq!(&codec::msgpack::from_slice::<T>(&packed).unwrap(), value, "MessagePack {packed:x?}");
}

// ---------------------------------------------------------------- the macros

/// Inner: a named struct with its container and field attributes, each written in the
/// macro's body with its string passed in.
macro_rules! inner_account {
    (
        $name:ident, $rule:literal, $meta:ident,
        $id:ident: $id_t:ty,
        $nick:ident: $nick_t:ty as $nick_name:literal | $nick_alias:tt,
        $note:ident: $note_t:ty, if $pred:expr,
        $tags:ident: $tags_t:ty = $tags_default:literal,
        $big:ident with $with:literal,
        $cache:ident: $cache_t:ty,
        $blob:ident,
    ) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        #[codec(rename_all = $rule)]
        struct $name {
            $id: $id_t,
            #[codec(rename = $nick_name, alias = $nick_alias)]
            $nick: $nick_t,
            #[codec(skip_encoding_if = $pred, default)]
            $note: $note_t,
            #[codec(default = $tags_default)]
            $tags: $tags_t,
            #[codec(with = $with)]
            $big: u64,
            #[codec(skip)]
            $cache: $cache_t,
            #[codec(bytes)]
            $blob: Vec<u8>,
            #[codec(flatten)]
            meta: $meta,
        }
    };
}

/// Outer: adds the rename rule and the `bytes` field's name of its own, and hands the
/// rest through.
macro_rules! account {
    ($name:ident, $meta:ident, $($rest:tt)*) => {
        inner_account!($name, "camelCase", $meta, $($rest)* raw_bytes,);
    };
}

/// Inner: a named struct whose attributes come whole, as `meta` fragments.
macro_rules! inner_named {
    ($(#[$attr:meta])* $name:ident { $($(#[$fattr:meta])* $f:ident: $t:ty),* $(,)? }) => {
        #[derive(codec::Codec, Debug, PartialEq, Default)]
        $(#[$attr])*
        struct $name { $($(#[$fattr])* $f: $t),* }
    };
}

macro_rules! named {
    ($($body:tt)*) => { inner_named!($($body)*); };
}

/// Inner: tuple, newtype and unit structs.
macro_rules! inner_tuples {
    ($pair:ident($a:ty, $b:ty, skip $c:ty), $newtype:ident($n:ty), $unit:ident) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        struct $pair($a, $b, #[codec(skip)] $c);

        #[derive(codec::Codec, Debug, PartialEq, Clone, Copy)]
        struct $newtype($n);

        #[derive(codec::Codec, Debug, PartialEq)]
        struct $unit;
    };
}

macro_rules! tuples {
    ($($body:tt)*) => { inner_tuples!($($body)*); };
}

/// Inner: a transparent struct with a skipped field beside its one live field.
macro_rules! inner_transparent {
    ($name:ident<$t:ident>, $live:ident, $dead:ident, $seven:literal) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        #[codec(transparent)]
        struct $name<$t> {
            $live: $t,
            #[codec(skip, default = $seven)]
            $dead: u32,
        }
    };
}

macro_rules! transparent {
    ($($body:tt)*) => { inner_transparent!($($body)*); };
}

/// Inner: an enum with a unit, a newtype, a tuple and a struct variant, under the
/// representation that `$(#[$repr:meta])*` chooses, with variant attributes passed in.
macro_rules! inner_enum {
    (
        $(#[$repr:meta])* $name:ident,
        $unit:ident = $unit_name:literal | $unit_alias:literal,
        $newtype:ident($n:ty),
        $tuple:ident($a:ty, $b:ty),
        $strukt:ident { $f:ident: $ft:ty, $g:ident: $gt:ty } / $variant_rule:literal,
    ) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        $(#[$repr])*
        enum $name {
            #[codec(rename = $unit_name, alias = $unit_alias)]
            $unit,
            $newtype($n),
            $tuple($a, $b),
            #[codec(rename_all = $variant_rule)]
            $strukt { $f: $ft, $g: $gt },
        }
    };
}

macro_rules! any_enum {
    ($($body:tt)*) => { inner_enum!($($body)*); };
}

/// Inner: an internally tagged enum (no tuple variant there), tag passed in, and a
/// catch-all `other` variant.
macro_rules! inner_internal {
    ($name:ident, $tag:literal, $unit:ident, $strukt:ident { $f:ident: $ft:ty }, $newtype:ident($n:ty), $other:ident) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        #[codec(tag = $tag)]
        enum $name {
            $unit,
            $strukt {
                $f: $ft,
            },
            $newtype($n),
            #[codec(other)]
            $other,
        }
    };
}

macro_rules! internal {
    ($($body:tt)*) => { inner_internal!($($body)*); };
}

/// Inner: an enum of unit variants, usable as a map key.
macro_rules! inner_key {
    ($name:ident, $rule:literal, $($v:ident),+) => {
        #[derive(codec::Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
        #[codec(rename_all = $rule)]
        enum $name { $($v),+ }
    };
}

macro_rules! key_enum {
    ($($body:tt)*) => { inner_key!($($body)*); };
}

/// Inner: generics and lifetimes, passed in as parameters: a borrowed `&'a str`, a
/// `Cow<'a, str>`, a type parameter, a marker of another.
macro_rules! inner_generic {
    ($name:ident<$lt:lifetime, $t:ident, $m:ident>, $text:ident, $label:ident, $value:ident, $marker:ident) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        struct $name<$lt, $t, $m> {
            $text: &$lt str,
            $label: Cow<$lt, str>,
            $value: $t,
            $marker: PhantomData<$m>,
        }
    };
}

macro_rules! generic {
    ($($body:tt)*) => { inner_generic!($($body)*); };
}

/// Inner: a type that names its own `'de` (then the impl's input lifetime itself).
macro_rules! inner_own_de {
    ($name:ident<$de:lifetime>, $f:ident, $g:ident) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        struct $name<$de> {
            $f: &$de str,
            $g: Vec<&$de str>,
        }
    };
}

macro_rules! own_de {
    ($($body:tt)*) => { inner_own_de!($($body)*); };
}

/// Inner: explicit `bound`, `crate` path and `msgpack(struct_as_array)`, passed in.
macro_rules! inner_bounded {
    ($name:ident<$t:ident>, $bound:literal, $krate:literal, $f:ident, $g:ident: $gt:ty) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        #[codec(bound = $bound, crate = $krate, msgpack(struct_as_array))]
        struct $name<$t> {
            $f: $t,
            $g: $gt,
        }
    };
}

macro_rules! bounded {
    ($($body:tt)*) => { inner_bounded!($($body)*); };
}

/// Inner: type paths through `$crate`, written in the macro's body around names passed
/// in (the derive must leave the user's type tokens as they are: `$crate` resolves only
/// with its own span), and a `with` path relative to `self`.
macro_rules! inner_crate_paths {
    ($name:ident, $f:ident: $t:ident, $g:ident with $with:literal, $h:ident) => {
        #[derive(codec::Codec, Debug, PartialEq)]
        struct $name {
            $f: $crate::$t,
            #[codec(with = $with)]
            $g: u64,
            $h: ::std::vec::Vec<$crate::$t>,
        }
    };
}

macro_rules! crate_paths {
    ($($body:tt)*) => { inner_crate_paths!($($body)*); };
}

// ---------------------------------------------------------------- the types

/// `with` module of the account's big id: a u64 as a string.
mod u64_text {
    pub fn encode<W: codec::Writer>(v: &u64, w: &mut W) -> codec::Result<()> {
        w.write_str(&v.to_string())
    }
    pub fn decode<'de, R: codec::Reader<'de>>(r: &mut R) -> codec::Result<u64> {
        r.read_str_with(|s, _| s.parse().map_err(|_| codec::Error::custom("not a u64 in a string")))
    }
}

fn default_tags() -> Vec<String> {
    vec!["new".to_string()]
}

fn seven() -> u32 {
    7
}

named! {
    /// Flattened into `Account`; one field encoded only, one decoded only.
    Meta {
        version: u8,
        #[codec(skip_encoding, default)]
        written_never: bool,
        #[codec(skip_decoding)]
        read_never: u16,
    }
}

account! {
    Account, Meta,
    user_id: u64,
    nick: String as "handle" | "nickname",
    note: Option<String>, if "Option::is_none",
    tags: Vec<String> = "default_tags",
    big with "u64_text",
    cache: Option<u32>,
}

named! {
    #[codec(default, deny_unknown_fields)]
    Limits {
        #[codec(rename = "max")]
        upper: u32,
        lower: u32,
    }
}

tuples!(Pair(u8, String, skip Option<u8>), UserId(u64), Nothing);

transparent!(Shell<T>, contents, padding, "seven");

any_enum! {
    Outer,
    Idle = "idle" | "resting",
    Count(u32),
    Point(i32, i32),
    Move { to_x: i8, to_y: i8 } / "SCREAMING_SNAKE_CASE",
}

any_enum! {
    #[codec(tag = "t", content = "c")]
    Adjacent,
    Idle = "idle" | "resting",
    Count(u32),
    Point(i32, i32),
    Move { to_x: i8, to_y: i8 } / "camelCase",
}

any_enum! {
    #[codec(untagged)]
    Untagged,
    Idle = "idle" | "resting",
    Count(u32),
    Point(i32, i32),
    Move { to_x: i8, to_y: i8 } / "PascalCase",
}

named! {
    Position { x: i32, y: i32 }
}

internal!(Event, "kind", Started, Moved { speed: f64 }, At(Position), Unknown);

crate_paths!(Located, at: Position, id with "self::u64_text", trail);

key_enum!(Color, "kebab-case", DeepRed, Blue);

generic!(Borrowed<'a, T, M>, text, label, value, marker);

own_de!(Names<'de>, first, rest);

// `bound` replaces the inferred where-clauses (here with a stricter one).
bounded!(Packed<T>, "T: codec::Encode + for<'x> codec::Decode<'x>", "renamed_codec", head, tail: Vec<u16>);

// ---------------------------------------------------------------- the tests

fn account() -> Account {
    Account {
        user_id: 7,
        nick: "ann".into(),
        note: None,
        tags: vec!["a".into()],
        big: u64::MAX,
        cache: None,
        raw_bytes: vec![0, 255],
        meta: Meta { version: 2, written_never: false, read_never: 0 },
    }
}

#[test]
fn named_struct_with_every_field_attribute() {
    let a = account();
    both(
        &a,
        Some(
            r#"{"userId":7,"handle":"ann","tags":["a"],"big":"18446744073709551615","rawBytes":[0,255],"version":2,"read_never":0}"#,
        ),
    );
    both(&Account { note: Some("hi".into()), ..account() }, None);

    // The alias decodes, the default fills absent fields, the skipped field is left out.
    let text = r#"{"userId":7,"nickname":"ann","big":"1","rawBytes":[],"version":2}"#;
    let decoded: Account = codec::json::from_str(text).unwrap();
    assert_eq!(decoded, Account { tags: default_tags(), big: 1, raw_bytes: vec![], ..account() });

    // `bytes` is a MessagePack bin; errors carry the field's name.
    let packed = codec::msgpack::to_vec(&a).unwrap();
    assert!(packed.windows(4).any(|w| w == b"\xc4\x02\x00\xff"), "{packed:x?}");
    let err = codec::json::from_str::<Account>(r#"{"userId":"7"}"#).unwrap_err();
    assert_eq!(err.path(), ".userId");

    // The container default, a rename and deny_unknown_fields, in a struct whose
    // attributes came whole as `meta` fragments.
    both(&Limits { upper: 9, lower: 1 }, Some(r#"{"max":9,"lower":1}"#));
    assert_eq!(codec::json::from_str::<Limits>("{}").unwrap(), Limits::default());
    let err = codec::json::from_str::<Limits>(r#"{"max":1,"x":0}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnknownField { name, .. } if name == "x"), "{err}");
}

#[test]
fn tuple_newtype_unit_and_transparent_structs() {
    both(&Pair(1, "x".into(), None), Some(r#"[1,"x"]"#));
    assert_eq!(codec::msgpack::to_vec(&Pair(1, "x".into(), None)).unwrap(), b"\x92\x01\xa1x");
    both(&UserId(42), Some("42"));
    both(&Nothing, Some("null"));
    both(&Shell { contents: "c".to_string(), padding: 7 }, Some(r#""c""#));
    assert_eq!(codec::json::from_str::<Shell<u8>>("3").unwrap(), Shell { contents: 3, padding: seven() });
}

#[test]
fn every_enum_representation() {
    let outer = [
        (Outer::Idle, r#""idle""#),
        (Outer::Count(3), r#"{"Count":3}"#),
        (Outer::Point(-1, 2), r#"{"Point":[-1,2]}"#),
        (Outer::Move { to_x: 1, to_y: -1 }, r#"{"Move":{"TO_X":1,"TO_Y":-1}}"#),
    ];
    for (v, json) in &outer {
        both(v, Some(json));
    }
    assert_eq!(codec::json::from_str::<Outer>(r#""resting""#).unwrap(), Outer::Idle);

    let adjacent = [
        (Adjacent::Idle, r#"{"t":"idle"}"#),
        (Adjacent::Count(3), r#"{"t":"Count","c":3}"#),
        (Adjacent::Point(-1, 2), r#"{"t":"Point","c":[-1,2]}"#),
        (Adjacent::Move { to_x: 1, to_y: -1 }, r#"{"t":"Move","c":{"toX":1,"toY":-1}}"#),
    ];
    for (v, json) in &adjacent {
        both(v, Some(json));
    }

    let untagged = [
        (Untagged::Idle, "null"),
        (Untagged::Count(3), "3"),
        (Untagged::Point(-1, 2), "[-1,2]"),
        (Untagged::Move { to_x: 1, to_y: -1 }, r#"{"ToX":1,"ToY":-1}"#),
    ];
    for (v, json) in &untagged {
        both(v, Some(json));
    }

    let internal = [
        (Event::Started, r#"{"kind":"Started"}"#),
        (Event::Moved { speed: 1.5 }, r#"{"kind":"Moved","speed":1.5}"#),
        (Event::At(Position { x: 1, y: 2 }), r#"{"kind":"At","x":1,"y":2}"#),
        (Event::Unknown, r#"{"kind":"Unknown"}"#),
    ];
    for (v, json) in &internal {
        both(v, Some(json));
    }
    // Tag not first, and an unknown tag caught by `other`.
    assert_eq!(codec::json::from_str::<Event>(r#"{"x":1,"kind":"At","y":2}"#).unwrap(), internal[2].0);
    assert_eq!(codec::json::from_str::<Event>(r#"{"kind":"Teleported","to":0}"#).unwrap(), Event::Unknown);
}

#[test]
fn crate_relative_paths_inside_the_macros() {
    let v = Located { at: Position { x: 1, y: 2 }, id: 5, trail: vec![Position { x: 0, y: 0 }] };
    both(&v, Some(r#"{"at":{"x":1,"y":2},"id":"5","trail":[{"x":0,"y":0}]}"#));
}

#[test]
fn unit_enum_as_map_key() {
    let m = BTreeMap::from([(Color::DeepRed, 1u8), (Color::Blue, 2)]);
    both(&m, Some(r#"{"deep-red":1,"blue":2}"#));
    assert_eq!(codec::msgpack::to_vec(&m).unwrap(), b"\x82\xa8deep-red\x01\xa4blue\x02");
    both(&Color::DeepRed, Some(r#""deep-red""#));
}

#[test]
fn generics_and_lifetimes() {
    let v: Borrowed<'_, Vec<u8>, String> =
        Borrowed { text: "t", label: Cow::Borrowed("l"), value: vec![1], marker: PhantomData };
    let text = codec::json::to_string(&v).unwrap();
    assert_eq!(text, r#"{"text":"t","label":"l","value":[1],"marker":null}"#);
    let back: Borrowed<'_, Vec<u8>, String> = codec::json::from_str(&text).unwrap();
    assert_eq!(back, v);
    assert!(matches!(back.label, Cow::Borrowed(_)));
    let packed = codec::msgpack::to_vec(&v).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Borrowed<'_, Vec<u8>, String>>(&packed).unwrap(), v);

    let names = Names { first: "a", rest: vec!["b", "c"] };
    let text = codec::json::to_string(&names).unwrap();
    assert_eq!(text, r#"{"first":"a","rest":["b","c"]}"#);
    assert_eq!(codec::json::from_str::<Names>(&text).unwrap(), names);
    let packed = codec::msgpack::to_vec(&names).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Names>(&packed).unwrap(), names);
}

#[test]
fn bound_crate_and_struct_as_array() {
    let v = Packed { head: 1u8, tail: vec![2, 3] };
    both(&v, Some(r#"{"head":1,"tail":[2,3]}"#));
    // MessagePack writes it as an array by position.
    assert_eq!(codec::msgpack::to_vec(&v).unwrap(), b"\x92\x01\x92\x02\x03");
    fn assert_codec<T: Encode + for<'de> Decode<'de>>() {}
    assert_codec::<Packed<String>>();
}

// ---------------------------------------------------------------- shadowed names

/// A scope where every name the derive could reach for unqualified means something
/// else: primitive types are aliases of the wrong type, `Option`, `Some`, `None`,
/// `Result`, `Ok`, `Err`, `Vec`, `String`, `Box`, `Default` and `From` are unit structs,
/// and there is no prelude at all. The derive must still compile, which it does only if
/// it names them all by absolute paths. The fields spell their own types absolutely for
/// the same reason.
#[allow(non_camel_case_types, dead_code)]
#[no_implicit_prelude]
mod shadowed {
    type u8 = ();
    type u16 = ();
    type u32 = String;
    type u64 = ();
    type usize = ();
    type bool = ();
    type str = ();
    type Result = ();
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct Vec;
    struct String;
    struct Box;
    struct Default;
    struct From;
    struct PhantomData;

    type Text = ::std::string::String;
    type Maybe<T> = ::core::option::Option<T>;
    type List<T> = ::std::vec::Vec<T>;

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(rename_all = "camelCase")]
    pub struct Record {
        pub record_id: ::core::primitive::u32,
        #[codec(default, skip_encoding_if = "Maybe::is_none")]
        pub note: Maybe<Text>,
        pub flags: List<::core::primitive::bool>,
        #[codec(bytes)]
        pub raw: List<::core::primitive::u8>,
        #[codec(flatten)]
        pub inner: Inner,
        #[codec(skip)]
        pub cache: ::core::primitive::u64,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(msgpack(struct_as_array))]
    pub struct Inner {
        pub depth: ::core::primitive::u16,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    pub struct Tuple(pub ::core::primitive::u8, pub Text);

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(tag = "type")]
    pub enum Tagged {
        Empty,
        Full { size: ::core::primitive::usize },
        Nested(Inner),
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(tag = "t", content = "c")]
    pub enum Adjacent {
        Unit,
        Pair(::core::primitive::u8, ::core::primitive::u8),
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(untagged)]
    pub enum Loose {
        Number(::core::primitive::u64),
        Words(List<Text>),
    }

    /// Flattened enums of every representation, an `Option`, and two catch-alls.
    #[derive(::codec::Codec, Debug, PartialEq)]
    pub struct Holder {
        #[codec(flatten)]
        pub tagged: Tagged,
        #[codec(flatten)]
        pub adjacent: Adjacent,
        #[codec(flatten)]
        pub maybe: Maybe<Inner>,
        #[codec(flatten)]
        pub plain: Plain,
        #[codec(flatten)]
        pub one: ::std::collections::BTreeMap<Text, ::core::primitive::u8>,
        #[codec(flatten)]
        pub two: ::std::collections::BTreeMap<Text, ::core::primitive::u8>,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    pub enum Plain {
        Flag(::core::primitive::bool),
    }

    #[derive(::codec::Codec, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub enum Key {
        A,
        B,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    pub struct Borrowing<'a> {
        pub text: &'a ::core::primitive::str,
        pub by_key: ::std::collections::BTreeMap<Key, ::core::primitive::u8>,
    }
}

#[test]
fn derives_where_std_names_are_shadowed() {
    use shadowed::*;
    let record =
        Record { record_id: 1, note: None, flags: vec![true], raw: vec![9], inner: Inner { depth: 3 }, cache: 0 };
    both(&record, Some(r#"{"recordId":1,"flags":[true],"raw":[9],"depth":3}"#));
    both(&Record { note: Some("n".into()), ..record }, None);
    both(&Tuple(1, "x".into()), Some(r#"[1,"x"]"#));
    both(&Tagged::Empty, Some(r#"{"type":"Empty"}"#));
    both(&Tagged::Full { size: 5 }, Some(r#"{"type":"Full","size":5}"#));
    both(&Tagged::Nested(Inner { depth: 1 }), Some(r#"{"type":"Nested","depth":1}"#));
    both(&Adjacent::Unit, Some(r#"{"t":"Unit"}"#));
    both(&Adjacent::Pair(1, 2), Some(r#"{"t":"Pair","c":[1,2]}"#));
    both(&Loose::Number(4), Some("4"));
    both(&Loose::Words(vec!["w".into()]), Some(r#"["w"]"#));
    assert_eq!(codec::msgpack::to_vec(&Inner { depth: 3 }).unwrap(), b"\x91\x03");
    let holder = Holder {
        tagged: Tagged::Full { size: 2 },
        adjacent: Adjacent::Unit,
        maybe: Some(Inner { depth: 4 }),
        plain: Plain::Flag(true),
        one: [("k".to_owned(), 5)].into(),
        two: BTreeMap::new(),
    };
    let text = codec::json::to_string(&holder).unwrap();
    assert_eq!(text, r#"{"type":"Full","size":2,"t":"Unit","depth":4,"Flag":true,"k":5}"#);
    let back: Holder = codec::json::from_str(&text).unwrap();
    assert_eq!((&back.tagged, &back.maybe, back.two.len()), (&holder.tagged, &holder.maybe, 1));
    let packed = codec::msgpack::to_vec(&holder).unwrap();
    let back: Holder = codec::msgpack::from_slice(&packed).unwrap();
    assert_eq!(
        (&back.adjacent, &back.plain, &back.one, &back.two),
        (&holder.adjacent, &holder.plain, &holder.one, &holder.one)
    );

    let b = Borrowing { text: "t", by_key: [(Key::A, 1)].into() };
    let text = codec::json::to_string(&b).unwrap();
    assert_eq!(text, r#"{"text":"t","by_key":{"A":1}}"#);
    assert_eq!(codec::json::from_str::<Borrowing>(&text).unwrap(), b);
    let packed = codec::msgpack::to_vec(&b).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Borrowing>(&packed).unwrap(), b);
}
