//! Every `#[codec(...)]` attribute, at container, variant and field level.

use std::marker::PhantomData;

use codec::json::{from_slice, from_str, to_string, to_vec};
use codec::Codec;

// A re-export under another name, for `crate = "other_name"`.
use codec as other_name;

fn round_trip<T>(value: &T, json: &str)
where
    T: codec::Encode + for<'de> codec::Decode<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(to_string(value).unwrap(), json);
    assert_eq!(to_vec(value).unwrap(), json.as_bytes());
    assert_eq!(&from_str::<T>(json).unwrap(), value);
    assert_eq!(&from_slice::<T>(json.as_bytes()).unwrap(), value);
}

// ---------------------------------------------------------------- rename_all

macro_rules! rename_all_struct {
    ($name:ident, $rule:literal) => {
        #[derive(Codec, Debug, PartialEq)]
        #[codec(rename_all = $rule)]
        struct $name {
            in_reply_to: u8,
            id: u8,
        }
    };
}

rename_all_struct!(FieldsLower, "lowercase");
rename_all_struct!(FieldsUpper, "UPPERCASE");
rename_all_struct!(FieldsPascal, "PascalCase");
rename_all_struct!(FieldsCamel, "camelCase");
rename_all_struct!(FieldsSnake, "snake_case");
rename_all_struct!(FieldsScreamingSnake, "SCREAMING_SNAKE_CASE");
rename_all_struct!(FieldsKebab, "kebab-case");
rename_all_struct!(FieldsScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn rename_all_on_fields() {
    // Rules split identifiers into words at `_` and at capitals, then join them by the rule:
    // `lowercase` and `UPPERCASE` join without a separator.
    round_trip(&FieldsLower { in_reply_to: 1, id: 2 }, r#"{"in_reply_to":1,"id":2}"#);
    round_trip(&FieldsUpper { in_reply_to: 1, id: 2 }, r#"{"IN_REPLY_TO":1,"ID":2}"#);
    round_trip(&FieldsPascal { in_reply_to: 1, id: 2 }, r#"{"InReplyTo":1,"Id":2}"#);
    round_trip(&FieldsCamel { in_reply_to: 1, id: 2 }, r#"{"inReplyTo":1,"id":2}"#);
    round_trip(&FieldsSnake { in_reply_to: 1, id: 2 }, r#"{"in_reply_to":1,"id":2}"#);
    round_trip(&FieldsScreamingSnake { in_reply_to: 1, id: 2 }, r#"{"IN_REPLY_TO":1,"ID":2}"#);
    round_trip(&FieldsKebab { in_reply_to: 1, id: 2 }, r#"{"in-reply-to":1,"id":2}"#);
    round_trip(&FieldsScreamingKebab { in_reply_to: 1, id: 2 }, r#"{"IN-REPLY-TO":1,"ID":2}"#);
    // The Rust name is no longer accepted once renamed.
    let err = from_str::<FieldsCamel>(r#"{"in_reply_to":1,"id":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `inReplyTo`"), "{err}");
}

macro_rules! rename_all_enum {
    ($name:ident, $rule:literal) => {
        #[derive(Codec, Debug, PartialEq)]
        #[codec(rename_all = $rule)]
        enum $name {
            InReplyTo,
            Id,
            // The container rule names variants, not the fields inside them.
            WithFields { some_field: u8 },
        }
    };
}

rename_all_enum!(VariantsLower, "lowercase");
rename_all_enum!(VariantsUpper, "UPPERCASE");
rename_all_enum!(VariantsPascal, "PascalCase");
rename_all_enum!(VariantsCamel, "camelCase");
rename_all_enum!(VariantsSnake, "snake_case");
rename_all_enum!(VariantsScreamingSnake, "SCREAMING_SNAKE_CASE");
rename_all_enum!(VariantsKebab, "kebab-case");
rename_all_enum!(VariantsScreamingKebab, "SCREAMING-KEBAB-CASE");

#[test]
fn rename_all_on_variants() {
    round_trip(&VariantsLower::InReplyTo, r#""inreplyto""#);
    round_trip(&VariantsUpper::InReplyTo, r#""INREPLYTO""#);
    round_trip(&VariantsPascal::InReplyTo, r#""InReplyTo""#);
    round_trip(&VariantsCamel::InReplyTo, r#""inReplyTo""#);
    round_trip(&VariantsSnake::InReplyTo, r#""in_reply_to""#);
    round_trip(&VariantsScreamingSnake::InReplyTo, r#""IN_REPLY_TO""#);
    round_trip(&VariantsKebab::InReplyTo, r#""in-reply-to""#);
    round_trip(&VariantsScreamingKebab::InReplyTo, r#""IN-REPLY-TO""#);

    round_trip(&VariantsLower::Id, r#""id""#);
    round_trip(&VariantsUpper::Id, r#""ID""#);
    round_trip(&VariantsPascal::Id, r#""Id""#);
    round_trip(&VariantsScreamingKebab::Id, r#""ID""#);

    round_trip(&VariantsLower::WithFields { some_field: 1 }, r#"{"withfields":{"some_field":1}}"#);
    round_trip(&VariantsUpper::WithFields { some_field: 1 }, r#"{"WITHFIELDS":{"some_field":1}}"#);
    round_trip(&VariantsPascal::WithFields { some_field: 1 }, r#"{"WithFields":{"some_field":1}}"#);
    round_trip(&VariantsCamel::WithFields { some_field: 1 }, r#"{"withFields":{"some_field":1}}"#);
    round_trip(&VariantsSnake::WithFields { some_field: 1 }, r#"{"with_fields":{"some_field":1}}"#);
    round_trip(&VariantsScreamingSnake::WithFields { some_field: 1 }, r#"{"WITH_FIELDS":{"some_field":1}}"#);
    round_trip(&VariantsKebab::WithFields { some_field: 1 }, r#"{"with-fields":{"some_field":1}}"#);
    round_trip(&VariantsScreamingKebab::WithFields { some_field: 1 }, r#"{"WITH-FIELDS":{"some_field":1}}"#);

    let err = from_str::<VariantsKebab>(r#""InReplyTo""#).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown variant `InReplyTo`, expected one of `in-reply-to`, `id`, `with-fields`"),
        "{err}"
    );
}

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "snake_case", tag = "kind")]
enum VariantRules {
    #[codec(rename_all = "camelCase")]
    UserCreated {
        user_id: u32,
        display_name: String,
    },
    #[codec(rename_all = "SCREAMING-KEBAB-CASE")]
    UserDeleted {
        user_id: u32,
    },
    Plain {
        user_id: u32,
    },
}

#[test]
fn variant_rename_all_renames_its_fields() {
    round_trip(
        &VariantRules::UserCreated { user_id: 1, display_name: "ada".into() },
        r#"{"kind":"user_created","userId":1,"displayName":"ada"}"#,
    );
    round_trip(&VariantRules::UserDeleted { user_id: 2 }, r#"{"kind":"user_deleted","USER-ID":2}"#);
    round_trip(&VariantRules::Plain { user_id: 3 }, r#"{"kind":"plain","user_id":3}"#);
    let err = from_str::<VariantRules>(r#"{"kind":"user_created","user_id":1,"displayName":"a"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `userId`"), "{err}");
}

// ---------------------------------------------------------------- deny_unknown_fields

#[derive(Codec, Debug, PartialEq)]
#[codec(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[codec(alias = "bee")]
    b: Option<u8>,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type", deny_unknown_fields)]
enum StrictEvent {
    Move { x: i8 },
    Stop,
}

#[test]
fn deny_unknown_fields_on_struct() {
    assert_eq!(from_str::<Strict>(r#"{"a":1,"b":2}"#).unwrap(), Strict { a: 1, b: Some(2) });
    assert_eq!(from_str::<Strict>(r#"{"a":1,"bee":2}"#).unwrap(), Strict { a: 1, b: Some(2) });
    assert_eq!(from_str::<Strict>(r#"{"a":1}"#).unwrap(), Strict { a: 1, b: None });
    let err = from_str::<Strict>(r#"{"a":1,"c":3}"#).unwrap_err();
    assert_eq!(err.to_string(), "unknown field `c`, expected one of `a`, `b` (line 1, column 8)");
}

#[test]
fn deny_unknown_fields_on_internally_tagged_enum() {
    assert_eq!(from_str::<StrictEvent>(r#"{"type":"Move","x":1}"#).unwrap(), StrictEvent::Move { x: 1 });
    assert_eq!(from_str::<StrictEvent>(r#"{"x":1,"type":"Move"}"#).unwrap(), StrictEvent::Move { x: 1 });
    assert_eq!(from_str::<StrictEvent>(r#"{"type":"Stop"}"#).unwrap(), StrictEvent::Stop);
    let err = from_str::<StrictEvent>(r#"{"type":"Move","x":1,"y":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `y`, expected one of `x`"), "{err}");
    let err = from_str::<StrictEvent>(r#"{"y":2,"type":"Move","x":1}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `y`"), "{err}");
    let err = from_str::<StrictEvent>(r#"{"type":"Stop","x":1}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `x`"), "{err}");
}

#[derive(Codec, Debug, PartialEq)]
#[codec(deny_unknown_fields)]
enum StrictExternal {
    S { a: u8 },
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "t", content = "c", deny_unknown_fields)]
enum StrictAdjacent {
    S { a: u8 },
}

#[test]
fn deny_unknown_fields_on_external_and_adjacent_enums() {
    assert_eq!(from_str::<StrictExternal>(r#"{"S":{"a":1}}"#).unwrap(), StrictExternal::S { a: 1 });
    let err = from_str::<StrictExternal>(r#"{"S":{"a":1,"b":2}}"#).unwrap_err();
    assert_eq!(err.to_string(), "unknown field `b`, expected one of `a` at .S (line 1, column 13)");

    assert_eq!(from_str::<StrictAdjacent>(r#"{"c":{"a":1},"t":"S"}"#).unwrap(), StrictAdjacent::S { a: 1 });
    let err = from_str::<StrictAdjacent>(r#"{"t":"S","c":{"a":1},"x":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `x`, expected one of `t`, `c`"), "{err}");
    let err = from_str::<StrictAdjacent>(r#"{"t":"S","c":{"a":1,"x":2}}"#).unwrap_err();
    assert_eq!(err.path(), ".c");
    assert!(err.to_string().starts_with("unknown field `x`, expected one of `a`"), "{err}");
}

// ---------------------------------------------------------------- transparent

#[derive(Codec, Debug, PartialEq)]
#[codec(transparent)]
struct UserId {
    value: u64,
}

fn seven() -> u8 {
    7
}

#[derive(Codec, Debug, PartialEq)]
#[codec(transparent)]
struct Tagged<T> {
    #[codec(skip)]
    marker: PhantomData<T>,
    inner: Vec<String>,
    #[codec(skip, default = "seven")]
    cached: u8,
}

#[derive(Codec, Debug, PartialEq)]
struct HasIds {
    owner: UserId,
    ids: Vec<UserId>,
}

#[test]
fn transparent_struct_is_its_field() {
    round_trip(&UserId { value: 42 }, "42");
    round_trip(&HasIds { owner: UserId { value: 1 }, ids: vec![UserId { value: 2 }] }, r#"{"owner":1,"ids":[2]}"#);
    assert!(from_str::<UserId>(r#"{"value":42}"#).is_err());
}

#[test]
fn transparent_ignores_skipped_fields() {
    struct NoCodec;
    let t: Tagged<NoCodec> = from_str(r#"["a","b"]"#).unwrap();
    assert_eq!(t.inner, ["a", "b"]);
    assert_eq!(t.cached, 7);
    assert_eq!(to_string(&t).unwrap(), r#"["a","b"]"#);
}

// ---------------------------------------------------------------- container default

#[derive(Codec, Debug, PartialEq)]
#[codec(default)]
struct Config {
    name: String,
    retries: u32,
    verbose: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { name: "svc".into(), retries: 3, verbose: true }
    }
}

fn fallback_limits() -> Limits {
    Limits { max: 100, min: 1 }
}

#[derive(Codec, Debug, PartialEq)]
#[codec(default = "fallback_limits")]
struct Limits {
    max: u32,
    min: u32,
}

#[test]
fn container_default_fills_missing_fields() {
    assert_eq!(from_str::<Config>("{}").unwrap(), Config::default());
    assert_eq!(
        from_str::<Config>(r#"{"retries":9}"#).unwrap(),
        Config { name: "svc".into(), retries: 9, verbose: true }
    );
    assert_eq!(
        from_str::<Config>(r#"{"verbose":false,"name":"x"}"#).unwrap(),
        Config { name: "x".into(), retries: 3, verbose: false }
    );
    round_trip(&Config { name: "n".into(), retries: 0, verbose: false }, r#"{"name":"n","retries":0,"verbose":false}"#);
}

#[test]
fn container_default_path() {
    assert_eq!(from_str::<Limits>("{}").unwrap(), Limits { max: 100, min: 1 });
    assert_eq!(from_str::<Limits>(r#"{"min":5}"#).unwrap(), Limits { max: 100, min: 5 });
    round_trip(&Limits { max: 2, min: 0 }, r#"{"max":2,"min":0}"#);
}

// ---------------------------------------------------------------- bound

pub trait Unit {
    type Repr;
}

pub struct Celsius;
impl Unit for Celsius {
    type Repr = f64;
}

/// Inference would require `U: Encode`/`U: Decode` because `U` is named in the field
/// type; the explicit bound asks for what is really needed.
#[derive(Codec)]
#[codec(bound(encode = "U::Repr: codec::Encode", decode = "U::Repr: codec::DecodeOwned"))]
struct Reading<U: Unit> {
    value: U::Repr,
}

/// A trait that names both directions, so one `bound = "..."` serves both impls.
pub trait Wire: codec::Encode + codec::DecodeOwned {}
impl<T: codec::Encode + codec::DecodeOwned> Wire for T {}

#[derive(Codec, Debug, PartialEq)]
#[codec(bound = "T: Wire")]
struct Envelope<T> {
    body: T,
    seq: u32,
}

#[derive(Codec)]
#[codec(bound = "")]
struct Phantom<T> {
    id: u8,
    #[codec(skip)]
    marker: PhantomData<T>,
}

#[test]
fn bound_replaces_inferred_bounds() {
    let r = Reading::<Celsius> { value: 21.5 };
    assert_eq!(to_string(&r).unwrap(), r#"{"value":21.5}"#);
    assert_eq!(from_str::<Reading<Celsius>>(r#"{"value":21.5}"#).unwrap(), r);

    round_trip(&Envelope { body: vec![1u8, 2], seq: 3 }, r#"{"body":[1,2],"seq":3}"#);

    struct NoCodec;
    let p: Phantom<NoCodec> = from_str(r#"{"id":4}"#).unwrap();
    assert_eq!(p.id, 4);
    assert_eq!(to_string(&p).unwrap(), r#"{"id":4}"#);
}

impl PartialEq for Reading<Celsius> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl std::fmt::Debug for Reading<Celsius> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Reading({})", self.value)
    }
}
impl<T> PartialEq for Phantom<T> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
impl<T> std::fmt::Debug for Phantom<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Phantom({})", self.id)
    }
}

// ---------------------------------------------------------------- crate

#[derive(Codec, Debug, PartialEq)]
#[codec(crate = "::codec")]
struct AbsoluteCrate {
    a: u8,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(crate = "other_name", tag = "t")]
enum RenamedCrate {
    A { x: u8 },
    B,
}

#[test]
fn crate_path() {
    round_trip(&AbsoluteCrate { a: 1 }, r#"{"a":1}"#);
    round_trip(&RenamedCrate::A { x: 2 }, r#"{"t":"A","x":2}"#);
    round_trip(&RenamedCrate::B, r#"{"t":"B"}"#);
    assert_eq!(other_name::json::to_string(&AbsoluteCrate { a: 5 }).unwrap(), r#"{"a":5}"#);
}

// ---------------------------------------------------------------- field rename and alias

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Renamed {
    #[codec(rename = "ID")]
    id: u64,
    #[codec(alias = "user_name", alias = "login")]
    user_name: String,
    #[codec(rename = "e-mail", alias = "mail")]
    email: Option<String>,
}

#[test]
fn field_rename() {
    round_trip(
        &Renamed { id: 1, user_name: "ada".into(), email: Some("a@x".into()) },
        r#"{"ID":1,"userName":"ada","e-mail":"a@x"}"#,
    );
    let err = from_str::<Renamed>(r#"{"id":1,"userName":"ada"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `ID`"), "{err}");
}

#[test]
fn field_aliases_decode_but_encode_uses_the_name() {
    for json in [
        r#"{"ID":1,"userName":"ada","mail":"m"}"#,
        r#"{"ID":1,"user_name":"ada","e-mail":"m"}"#,
        r#"{"login":"ada","ID":1,"mail":"m"}"#,
    ] {
        let v = from_str::<Renamed>(json).unwrap();
        assert_eq!(v, Renamed { id: 1, user_name: "ada".into(), email: Some("m".into()) }, "{json}");
        assert_eq!(to_string(&v).unwrap(), r#"{"ID":1,"userName":"ada","e-mail":"m"}"#);
    }
    // A name and its alias are one field: both present is a duplicate.
    let err = from_str::<Renamed>(r#"{"ID":1,"login":"a","userName":"b"}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `userName`"), "{err}");
}

// ---------------------------------------------------------------- field defaults and skips

fn default_port() -> u16 {
    8080
}

fn default_tags() -> Vec<String> {
    vec!["none".into()]
}

#[derive(Codec, Debug, PartialEq)]
struct Server {
    host: String,
    #[codec(default = "default_port")]
    port: u16,
    #[codec(default)]
    workers: u8,
    #[codec(default = "default_tags")]
    tags: Vec<String>,
}

#[test]
fn field_default() {
    assert_eq!(
        from_str::<Server>(r#"{"host":"h"}"#).unwrap(),
        Server { host: "h".into(), port: 8080, workers: 0, tags: vec!["none".into()] }
    );
    round_trip(
        &Server { host: "h".into(), port: 1, workers: 2, tags: vec![] },
        r#"{"host":"h","port":1,"workers":2,"tags":[]}"#,
    );
    let err = from_str::<Server>(r#"{"port":1}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `host`"), "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct Skips {
    #[codec(skip)]
    cache: Vec<u8>,
    #[codec(skip, default = "seven")]
    seven: u8,
    id: u32,
    #[codec(skip_encoding)]
    password: String,
    #[codec(skip_decoding)]
    computed: u32,
}

#[test]
fn field_skip_variants() {
    let v = Skips { cache: vec![1], seven: 1, id: 5, password: "secret".into(), computed: 9 };
    // `skip`: neither written nor read; `skip_encoding`: read only; `skip_decoding`: written only.
    assert_eq!(to_string(&v).unwrap(), r#"{"id":5,"computed":9}"#);
    let back: Skips = from_str(r#"{"cache":[9],"seven":2,"id":5,"password":"pw","computed":123}"#).unwrap();
    assert_eq!(back, Skips { cache: vec![], seven: 7, id: 5, password: "pw".into(), computed: 0 });
    let err = from_str::<Skips>(r#"{"id":5}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `password`"), "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct Tuple(u8, #[codec(skip)] String, u8);

#[test]
fn skip_in_tuple_struct() {
    round_trip(&Tuple(1, String::new(), 2), "[1,2]");
    assert_eq!(to_string(&Tuple(1, "gone".into(), 2)).unwrap(), "[1,2]");
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

#[derive(Codec, Debug, PartialEq)]
struct Sparse {
    #[codec(skip_encoding_if = "Option::is_none")]
    first: Option<String>,
    #[codec(skip_encoding_if = "is_zero", default)]
    count: u32,
    #[codec(skip_encoding_if = "Vec::is_empty", default)]
    items: Vec<u8>,
    #[codec(skip_encoding_if = "Option::is_none")]
    last: Option<bool>,
}

#[test]
fn skip_encoding_if_omits_the_key() {
    let all_empty = Sparse { first: None, count: 0, items: vec![], last: None };
    round_trip(&all_empty, "{}");
    round_trip(&Sparse { first: None, count: 2, items: vec![], last: None }, r#"{"count":2}"#);
    round_trip(&Sparse { first: None, count: 0, items: vec![], last: Some(true) }, r#"{"last":true}"#);
    round_trip(
        &Sparse { first: Some("a".into()), count: 0, items: vec![3], last: None },
        r#"{"first":"a","items":[3]}"#,
    );
    round_trip(
        &Sparse { first: Some("a".into()), count: 1, items: vec![3], last: Some(false) },
        r#"{"first":"a","count":1,"items":[3],"last":false}"#,
    );
    assert_eq!(from_str::<Sparse>(r#"{"first":null,"count":0,"items":[],"last":null}"#).unwrap(), all_empty);
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum SparseEvent {
    Hit {
        #[codec(skip_encoding_if = "Option::is_none")]
        by: Option<String>,
        #[codec(skip_encoding_if = "is_zero", default)]
        damage: u32,
    },
}

#[test]
fn skip_encoding_if_in_variant() {
    round_trip(&SparseEvent::Hit { by: None, damage: 0 }, r#"{"type":"Hit"}"#);
    round_trip(&SparseEvent::Hit { by: None, damage: 3 }, r#"{"type":"Hit","damage":3}"#);
    round_trip(&SparseEvent::Hit { by: Some("x".into()), damage: 0 }, r#"{"type":"Hit","by":"x"}"#);
}

// ---------------------------------------------------------------- with

mod u64_as_string {
    use codec::{Reader, Writer};

    pub fn encode<W: Writer>(v: &u64, w: &mut W) -> codec::Result<()> {
        w.write_str(&v.to_string())
    }

    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<u64> {
        r.read_str_with(|s, _| s.parse().map_err(|_| codec::Error::custom(format!("not a u64 in a string: {s:?}"))))
    }
}

#[derive(Codec, Debug, PartialEq)]
struct Account {
    #[codec(with = "u64_as_string")]
    id: u64,
    #[codec(with = "u64_as_string", rename = "ownerId")]
    owner: u64,
    name: String,
}

#[derive(Codec, Debug, PartialEq)]
struct BigId(#[codec(with = "u64_as_string")] u64);

#[derive(Codec, Debug, PartialEq)]
enum IdOrName {
    Id(#[codec(with = "u64_as_string")] u64),
    Name(String),
}

#[test]
fn field_with_module() {
    round_trip(
        &Account { id: 18446744073709551615, owner: 7, name: "n".into() },
        r#"{"id":"18446744073709551615","ownerId":"7","name":"n"}"#,
    );
    round_trip(&BigId(12), r#""12""#);
    round_trip(&IdOrName::Id(5), r#"{"Id":"5"}"#);
    round_trip(&IdOrName::Name("x".into()), r#"{"Name":"x"}"#);

    let err = from_str::<Account>(r#"{"id":"12x","ownerId":"7","name":"n"}"#).unwrap_err();
    assert_eq!(err.path(), ".id");
    assert!(err.to_string().starts_with(r#"not a u64 in a string: "12x" at .id"#), "{err}");
    let err = from_str::<Account>(r#"{"id":12,"ownerId":"7","name":"n"}"#).unwrap_err();
    assert!(err.to_string().starts_with("invalid type"), "{err}");
    let err = from_str::<Account>(r#"{"id":"1","name":"n"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `ownerId`"), "{err}");
}

// ---------------------------------------------------------------- variant rename and alias

#[derive(Codec, Debug, PartialEq)]
enum Status {
    #[codec(rename = "active", alias = "enabled", alias = "on")]
    Active,
    #[codec(rename = "gone")]
    Deleted {
        at: u64,
    },
    Pending,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "op")]
enum Op {
    #[codec(rename = "add", alias = "plus")]
    Add { n: i32 },
    #[codec(alias = "noop")]
    Nop,
}

#[test]
fn variant_rename_and_alias() {
    round_trip(&Status::Active, r#""active""#);
    round_trip(&Status::Deleted { at: 3 }, r#"{"gone":{"at":3}}"#);
    round_trip(&Status::Pending, r#""Pending""#);
    assert_eq!(from_str::<Status>(r#""enabled""#).unwrap(), Status::Active);
    assert_eq!(from_str::<Status>(r#""on""#).unwrap(), Status::Active);
    assert_eq!(from_str::<Status>(r#"{"on":null}"#).unwrap(), Status::Active);
    let err = from_str::<Status>(r#""Active""#).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown variant `Active`, expected one of `active`, `gone`, `Pending`"),
        "{err}"
    );

    round_trip(&Op::Add { n: 1 }, r#"{"op":"add","n":1}"#);
    assert_eq!(from_str::<Op>(r#"{"n":2,"op":"plus"}"#).unwrap(), Op::Add { n: 2 });
    assert_eq!(from_str::<Op>(r#"{"op":"noop"}"#).unwrap(), Op::Nop);
    assert_eq!(to_string(&Op::Nop).unwrap(), r#"{"op":"Nop"}"#);
}
