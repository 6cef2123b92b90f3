//! `#[derive(Codec)]` reads `#[serde(...)]` attributes with serde's meaning. Every type
//! here derives serde's traits and `Codec` and carries serde attributes only (except where
//! a test is about `#[codec]` beside `#[serde]`); codec must write serde_json's bytes
//! exactly, and decode what serde_json decodes (to an equal value) and reject what it
//! rejects. The compile errors (serde attributes codec cannot follow) are trybuild tests:
//! `tests/ui/serde_*_error.rs`.

#[path = "serde_attrs/models.rs"]
mod models;

use std::fmt::Debug;
use std::marker::PhantomData;

use codec::Codec;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod common;
use common::{decodes_alike, encodes_alike};

/// [`encodes_alike`], then the JSON decodes (with both) back to `value`.
fn round_trips_alike<T>(value: &T) -> String
where
    T: codec::Encode + Serialize + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let json = encodes_alike(value);
    assert_eq!(decodes_alike::<T>(&json).as_ref(), Some(value), "{json} does not decode back");
    json
}

// ------------------------------------------------------------------ the benchmark models

#[test]
fn models_with_serde_attributes_only() {
    use models::{canada, citm, twitter};

    fn check<T>(name: &str, input: &[u8])
    where
        T: codec::Encode + Serialize + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
    {
        let ours: T = codec::json::from_slice(input).unwrap_or_else(|e| panic!("{name}: codec decode: {e}"));
        let theirs: T = serde_json::from_slice(input).unwrap();
        assert!(ours == theirs, "{name}: codec and serde_json decode different values");
        let encoded = codec::json::to_vec(&ours).unwrap();
        assert!(encoded == serde_json::to_vec(&ours).unwrap(), "{name}: codec's JSON differs from serde_json's");
        let back: T = codec::json::from_slice(&encoded).unwrap();
        assert!(back == ours, "{name}: codec's JSON does not decode back");
    }
    check::<twitter::Twitter>("twitter", &codec_tests::data("json-benchmark/twitter.json"));
    check::<citm::CitmCatalog>("citm", &codec_tests::data("json-benchmark/citm_catalog.json"));
    check::<canada::Canada>("canada", &codec_tests::data("json-benchmark/canada.json"));

    // The borrowed model: `#[serde(borrow)]` is accepted (codec borrows by itself).
    let input = codec_tests::data("json-benchmark/citm_catalog.json");
    let ours: citm::borrowed::CitmCatalog = codec::json::from_slice(&input).unwrap();
    let theirs: citm::borrowed::CitmCatalog = serde_json::from_slice(&input).unwrap();
    assert!(ours == theirs, "borrowed citm: codec and serde_json decode different values");
    assert!(codec::json::to_vec(&ours).unwrap() == serde_json::to_vec(&ours).unwrap());
    // The strings point into the input.
    let name = ours.area_names.values().next().unwrap();
    assert!(input.as_ptr_range().contains(&name.as_ptr()), "a `&str` of the borrowed model does not borrow");
}

// ------------------------------------------------------------------ field attributes

fn default_lang() -> String {
    "en".to_owned()
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct Profile {
    user_id: u64,
    #[serde(rename = "name", alias = "nick", alias = "handle")]
    display_name: String,
    #[serde(default)]
    follower_count: u32,
    #[serde(default = "default_lang")]
    preferred_lang: String,
    #[serde(skip)]
    cache: Option<u64>,
    #[serde(skip_serializing)]
    password_hash: String,
    #[serde(skip_deserializing)]
    computed: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    bio: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    tags: Vec<String>,
    #[serde(rename(serialize = "v", deserialize = "v"))]
    version: u8,
}

fn profile() -> Profile {
    Profile {
        user_id: 7,
        display_name: "Ada \"Countess\" Lovelace\n".into(),
        follower_count: 3,
        preferred_lang: "fr".into(),
        cache: Some(9),
        password_hash: "secret".into(),
        computed: 4,
        bio: None,
        tags: vec![],
        version: 2,
    }
}

#[test]
fn field_attributes_encode_alike() {
    let json = encodes_alike(&profile());
    assert_eq!(
        json,
        r#"{"userId":7,"name":"Ada \"Countess\" Lovelace\n","followerCount":3,"preferredLang":"fr","computed":4,"v":2}"#
    );
    let full = Profile { bio: Some("b".into()), tags: vec!["t".into()], ..profile() };
    assert!(encodes_alike(&full).contains(r#""bio":"b","tags":["t"]"#));
}

#[test]
fn field_attributes_decode_alike() {
    let p = decodes_alike::<Profile>(
        r#"{"userId":1,"nick":"n","passwordHash":"h","computed":9,"v":1,"unknown":[1,{"a":null}]}"#,
    )
    .expect("a valid profile");
    // Defaults: `Default`, the function, `skip` and `skip_deserializing` alike.
    assert_eq!((p.follower_count, p.preferred_lang.as_str(), p.cache, p.computed), (0, "en", None, 0));
    assert_eq!(p.password_hash, "h");

    for input in [
        r#"{"userId":1,"name":"n","v":1}"#,
        r#"{"userId":1,"handle":"n","v":1,"bio":null,"tags":["a"]}"#,
        r#"{"userId":1,"handle":"n","v":1,"bio":"b","cache":5}"#,
        r#"{"userId":1,"displayName":"n","v":1}"#,
        r#"{"userId":1,"name":"n","nick":"m","v":1}"#,
        r#"{"userId":1,"name":"n","name":"m","v":1}"#,
        r#"{"userId":1,"name":"n","version":1}"#,
        r#"{"user_id":1,"name":"n","v":1}"#,
        r#"{"userId":-1,"name":"n","v":1}"#,
        r#"{"userId":1,"name":"n","v":256}"#,
        r#"{"userId":1,"name":"n","v":1}"#,
        r#"{"userId":1,"name":"n","v":1,"tags":null}"#,
        r#"[1,"n",0,"en","h",1,null,[],1]"#,
        r#"{"userId":1,"name":"n","v":1} "#,
        r#"{"userId":1,"name":"n","v":1,}"#,
        r#"null"#,
    ] {
        decodes_alike::<Profile>(input);
    }
}

// ------------------------------------------------------------------ container attributes

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(default, deny_unknown_fields, rename_all = "SCREAMING_SNAKE_CASE")]
struct Settings {
    volume: u8,
    muted: bool,
    device_name: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { volume: 7, muted: true, device_name: "speaker".into() }
    }
}

#[test]
fn container_default_and_deny_unknown_fields() {
    round_trips_alike(&Settings::default());
    assert_eq!(decodes_alike::<Settings>("{}"), Some(Settings::default()));
    assert_eq!(decodes_alike::<Settings>(r#"{"VOLUME":3}"#), Some(Settings { volume: 3, ..Settings::default() }));
    for input in [r#"{"VOLUME":3,"other":1}"#, r#"{"volume":3}"#, r#"{"MUTED":null}"#, r#"{"DEVICE_NAME":"a"}"#] {
        decodes_alike::<Settings>(input);
    }
}

/// Attributes serde reads and codec has nothing to do with: serde's path, the wording
/// of serde's errors, the struct's name in serde's data model.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(crate = "serde", expecting = "a point", rename = "PointV2")]
struct Point {
    x: i32,
    y: i32,
}

#[test]
fn attributes_without_effect_on_json_are_accepted() {
    assert_eq!(round_trips_alike(&Point { x: -1, y: 2 }), r#"{"x":-1,"y":2}"#);
    decodes_alike::<Point>(r#"{"x":1}"#);
    decodes_alike::<Point>(r#"{"x":1,"y":2,"x":3}"#);
}

/// A difference no attribute causes (the others are in `serde_semantics.rs`): serde_json
/// also reads a struct with named fields from an array of its values in order; codec
/// reads objects only.
#[test]
fn named_structs_from_arrays_are_serde_json_only() {
    assert_eq!(serde_json::from_str::<Point>("[1,2]").unwrap(), Point { x: 1, y: 2 });
    assert!(codec::json::from_str::<Point>("[1,2]").is_err());
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(transparent)]
struct Meters {
    value: f64,
    #[serde(skip)]
    unit: PhantomData<u8>,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(transparent)]
struct UserId(u64);

#[test]
fn transparent() {
    assert_eq!(round_trips_alike(&Meters { value: 1.5, unit: PhantomData }), "1.5");
    assert_eq!(round_trips_alike(&UserId(u64::MAX)), "18446744073709551615");
    for input in ["1", "-0.0", "\"1\"", "{\"value\":1}", "null"] {
        decodes_alike::<Meters>(input);
    }
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Page {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
    title: String,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct Meta {
    author_name: String,
    #[serde(default)]
    draft: bool,
}

#[test]
fn flatten() {
    let page = Page { id: 1, meta: Meta { author_name: "a".into(), draft: true }, title: "t".into() };
    assert_eq!(round_trips_alike(&page), r#"{"id":1,"authorName":"a","draft":true,"title":"t"}"#);
    for input in [
        r#"{"title":"t","authorName":"a","id":1}"#,
        r#"{"id":1,"authorName":"a","title":"t","extra":[1]}"#,
        r#"{"id":1,"title":"t"}"#,
        r#"{"id":1,"authorName":"a","draft":null,"title":"t"}"#,
    ] {
        decodes_alike::<Page>(input);
    }
}

/// serde's bounds name serde's traits; codec reads them as codec's.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
struct Wrapper<T> {
    items: Vec<T>,
}

/// `bound = ""`: no bound at all, so the parameter need not be `Codec` (nor serde's).
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(bound = "")]
struct Marker<T> {
    n: u8,
    #[serde(skip)]
    kind: PhantomData<T>,
}

#[derive(Debug, PartialEq, Clone)]
struct NeitherSerdeNorCodec;

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(bound = "T: serde::Serialize + serde::de::DeserializeOwned + Clone")]
struct Owned<T> {
    value: T,
}

#[test]
fn bounds() {
    assert_eq!(round_trips_alike(&Wrapper { items: vec![1u8, 2] }), r#"{"items":[1,2]}"#);
    assert_eq!(round_trips_alike(&Marker::<NeitherSerdeNorCodec> { n: 1, kind: PhantomData }), r#"{"n":1}"#);
    assert_eq!(round_trips_alike(&Owned { value: "s".to_owned() }), r#"{"value":"s"}"#);
}

// ------------------------------------------------------------------ enums

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "snake_case")]
enum External {
    UnitVariant,
    NewType(u32),
    TupleVariant(u8, String),
    #[serde(rename_all = "camelCase")]
    StructVariant {
        a_b: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        c_d: Option<bool>,
    },
    #[serde(rename = "renamed", alias = "old_name")]
    Renamed,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type", rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum Internal {
    JobStarted {
        at_time: u64,
    },
    #[serde(rename = "halt", alias = "stop")]
    JobStopped {
        by_user: String,
    },
    #[serde(rename_all = "UPPERCASE")]
    Moved {
        to_x: i32,
    },
    Ping,
    #[serde(other)]
    Unknown,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    B { x: String },
    C(i8, i8),
    D,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    Pair(u8, u8),
    Obj { a: u8 },
    Nothing,
}

#[test]
fn external_enums() {
    assert_eq!(round_trips_alike(&External::UnitVariant), r#""unit_variant""#);
    assert_eq!(round_trips_alike(&External::NewType(3)), r#"{"new_type":3}"#);
    assert_eq!(round_trips_alike(&External::TupleVariant(1, "s".into())), r#"{"tuple_variant":[1,"s"]}"#);
    assert_eq!(round_trips_alike(&External::StructVariant { a_b: 1, c_d: None }), r#"{"struct_variant":{"aB":1}}"#);
    round_trips_alike(&External::StructVariant { a_b: 1, c_d: Some(true) });
    assert_eq!(round_trips_alike(&External::Renamed), r#""renamed""#);
    for input in [
        r#""old_name""#,
        r#""Renamed""#,
        r#""UnitVariant""#,
        r#"{"unit_variant":null}"#,
        r#"{"new_type":3,"x":1}"#,
        r#"{"struct_variant":{"a_b":1}}"#,
        r#"{"struct_variant":{"aB":1,"cD":null}}"#,
        r#"{"tuple_variant":[1]}"#,
        r#""nope""#,
    ] {
        decodes_alike::<External>(input);
    }
}

#[test]
fn internally_tagged_enums() {
    assert_eq!(round_trips_alike(&Internal::JobStarted { at_time: 5 }), r#"{"type":"job-started","atTime":5}"#);
    assert_eq!(round_trips_alike(&Internal::JobStopped { by_user: "u".into() }), r#"{"type":"halt","byUser":"u"}"#);
    assert_eq!(round_trips_alike(&Internal::Moved { to_x: -2 }), r#"{"type":"moved","TO_X":-2}"#);
    assert_eq!(round_trips_alike(&Internal::Ping), r#"{"type":"ping"}"#);
    encodes_alike(&Internal::Unknown);
    for input in [
        r#"{"atTime":5,"type":"job-started"}"#,
        r#"{"type":"stop","byUser":"u"}"#,
        r#"{"type":"something-new","x":1}"#,
        r#"{"type":"ping","extra":true}"#,
        r#"{"type":"job-started","at_time":5}"#,
        r#"{"type":"JobStarted","atTime":5}"#,
        r#"{"atTime":5}"#,
        r#"{"type":1}"#,
    ] {
        decodes_alike::<Internal>(input);
    }
}

#[test]
fn adjacently_tagged_enums() {
    assert_eq!(round_trips_alike(&Adjacent::A(1)), r#"{"t":"A","c":1}"#);
    assert_eq!(round_trips_alike(&Adjacent::B { x: "x".into() }), r#"{"t":"B","c":{"x":"x"}}"#);
    assert_eq!(round_trips_alike(&Adjacent::C(-1, 1)), r#"{"t":"C","c":[-1,1]}"#);
    assert_eq!(round_trips_alike(&Adjacent::D), r#"{"t":"D"}"#);
    for input in [r#"{"c":1,"t":"A"}"#, r#"{"t":"D","c":null}"#, r#"{"t":"A"}"#, r#"{"t":"E","c":1}"#] {
        decodes_alike::<Adjacent>(input);
    }
}

#[test]
fn untagged_enums() {
    assert_eq!(round_trips_alike(&Untagged::Int(-3)), "-3");
    assert_eq!(round_trips_alike(&Untagged::Text("s".into())), r#""s""#);
    assert_eq!(round_trips_alike(&Untagged::Pair(1, 2)), "[1,2]");
    assert_eq!(round_trips_alike(&Untagged::Obj { a: 1 }), r#"{"a":1}"#);
    assert_eq!(round_trips_alike(&Untagged::Nothing), "null");
    for input in ["1.5", "true", "[1]", "[1,2,3]", r#"{"a":1,"b":2}"#, r#"{"b":2}"#, "[300,1]", "9223372036854775808"] {
        decodes_alike::<Untagged>(input);
    }
}

// ------------------------------------------------------------------ #[codec] beside #[serde]

/// serde's `with` functions, which codec cannot call: a u64 as a decimal string.
mod serde_u64_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// The same for codec.
mod codec_u64_string {
    use codec::{Reader, Writer};

    pub fn encode<W: Writer>(v: &u64, w: &mut W) -> codec::Result<()> {
        w.write_str(&v.to_string())
    }

    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<u64> {
        r.read_str_with(|s, _| s.parse().map_err(|_| codec::Error::custom("not a u64 in a string")))
    }
}

#[derive(Debug, PartialEq, Clone, Default)]
struct NotCodec;

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Account {
    // `#[codec(with)]` stands in for serde's `with`, which codec leaves to serde.
    #[serde(with = "serde_u64_string")]
    #[codec(with = "codec_u64_string")]
    id: u64,
    // `#[codec(skip)]` likewise (and codec leaves the field to `Default`, as serde does).
    #[serde(skip)]
    #[codec(skip)]
    cache: NotCodec,
    // The same setting in both, equal: fine.
    #[serde(rename = "ownerName")]
    #[codec(rename = "ownerName")]
    owner: String,
}

#[test]
fn codec_attributes_stand_in_for_serde_ones() {
    let account = Account { id: u64::MAX, cache: NotCodec, owner: "o".into() };
    assert_eq!(round_trips_alike(&account), r#"{"id":"18446744073709551615","ownerName":"o"}"#);
    decodes_alike::<Account>(r#"{"id":18446744073709551615,"ownerName":"o"}"#);
    decodes_alike::<Account>(r#"{"id":"x","ownerName":"o"}"#);
}

// ------------------------------------------------------------------ MessagePack

#[test]
fn serde_attributes_apply_to_msgpack_too() {
    // What JSON leaves out, MessagePack leaves out too, and defaults fill in the same.
    let settings = Settings { volume: 1, muted: false, device_name: "d".into() };
    let bytes = codec::msgpack::to_vec(&settings).unwrap();
    assert_eq!(bytes, rmp_serde::to_vec_named(&settings).unwrap(), "codec's MessagePack differs from rmp-serde's");
    assert_eq!(codec::msgpack::from_slice::<Settings>(&bytes).unwrap(), settings);
    let empty_map = [0x80];
    assert_eq!(codec::msgpack::from_slice::<Settings>(&empty_map).unwrap(), Settings::default());

    let page = Page { id: 1, meta: Meta { author_name: "a".into(), draft: false }, title: "t".into() };
    let bytes = codec::msgpack::to_vec(&page).unwrap();
    assert_eq!(rmp_serde::from_slice::<Page>(&bytes).unwrap(), page);
    assert_eq!(codec::msgpack::from_slice::<Page>(&bytes).unwrap(), page);

    for event in [Internal::JobStopped { by_user: "u".into() }, Internal::Moved { to_x: 3 }, Internal::Ping] {
        let bytes = codec::msgpack::to_vec(&event).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Internal>(&bytes).unwrap(), event);
        assert_eq!(rmp_serde::from_slice::<Internal>(&bytes).unwrap(), event);
    }
}

// ------------------------------------------------------------------ properties

fn any_profile() -> impl Strategy<Value = Profile> {
    (
        any::<u64>(),
        any::<String>(),
        any::<u32>(),
        any::<String>(),
        proptest::option::of(any::<String>()),
        proptest::collection::vec(any::<String>(), 0..3),
        any::<u8>(),
        any::<u8>(),
    )
        .prop_map(|(user_id, display_name, follower_count, preferred_lang, bio, tags, version, computed)| {
            Profile {
                user_id,
                display_name,
                follower_count,
                preferred_lang,
                cache: None,
                password_hash: "h".into(),
                computed,
                bio,
                tags,
                version,
            }
        })
}

fn any_internal() -> impl Strategy<Value = Internal> {
    prop_oneof![
        any::<u64>().prop_map(|at_time| Internal::JobStarted { at_time }),
        any::<String>().prop_map(|by_user| Internal::JobStopped { by_user }),
        any::<i32>().prop_map(|to_x| Internal::Moved { to_x }),
        Just(Internal::Ping),
    ]
}

fn any_untagged() -> impl Strategy<Value = Untagged> {
    prop_oneof![
        any::<i64>().prop_map(Untagged::Int),
        any::<String>().prop_map(Untagged::Text),
        any::<(u8, u8)>().prop_map(|(a, b)| Untagged::Pair(a, b)),
        any::<u8>().prop_map(|a| Untagged::Obj { a }),
        Just(Untagged::Nothing),
    ]
}

proptest! {
    #[test]
    fn profiles_encode_and_decode_alike(p in any_profile()) {
        // `passwordHash` is never written but required: both reject their own output.
        let json = encodes_alike(&p);
        prop_assert!(decodes_alike::<Profile>(&json).is_none());
        let with_hash = format!("{},\"passwordHash\":\"h\"}}", &json[..json.len() - 1]);
        let back = decodes_alike::<Profile>(&with_hash).unwrap();
        prop_assert_eq!(back, Profile { computed: 0, ..p });
    }

    #[test]
    fn enums_round_trip_alike(i in any_internal(), u in any_untagged(), m in proptest::collection::btree_map(any::<String>(), any_internal(), 0..4)) {
        round_trips_alike(&i);
        round_trips_alike(&u);
        round_trips_alike(&m);
    }

    #[test]
    fn arbitrary_objects_decode_alike(keys in proptest::collection::vec(prop_oneof![
        Just("userId"), Just("name"), Just("nick"), Just("v"), Just("bio"), Just("tags"), Just("x")
    ], 0..8), values in proptest::collection::vec(prop_oneof![
        Just("1"), Just("\"s\""), Just("null"), Just("[]"), Just("[\"a\"]"), Just("-1"), Just("{}")
    ], 8)) {
        let body: Vec<String> = keys.iter().zip(&values).map(|(k, v)| format!("\"{k}\":{v}")).collect();
        decodes_alike::<Profile>(&format!("{{{}}}", body.join(",")));
    }
}
