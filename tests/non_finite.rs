//! NaN, the infinities and negative zero under each `NonFinite` policy, in both directions,
//! in both formats (issue 14, part 2).

use codec::json::{self, EncodeOptions, Options};
use codec::{msgpack, Codec, ErrorKind, NonFinite};

const POLICIES: [NonFinite; 3] = [NonFinite::Error, NonFinite::Null, NonFinite::Strings];

fn enc(p: NonFinite) -> EncodeOptions {
    EncodeOptions::new().non_finite(p)
}

fn dec(p: NonFinite) -> Options {
    Options::new().non_finite(p)
}

/// What each policy writes for each special value, and what reading it back gives.
#[derive(Clone, Copy, Debug)]
enum Special {
    Nan,
    Inf,
    NegInf,
    NegZero,
    Normal,
}

const SPECIALS: [Special; 5] = [Special::Nan, Special::Inf, Special::NegInf, Special::NegZero, Special::Normal];

impl Special {
    fn f64(self) -> f64 {
        match self {
            Special::Nan => f64::NAN,
            Special::Inf => f64::INFINITY,
            Special::NegInf => f64::NEG_INFINITY,
            Special::NegZero => -0.0,
            Special::Normal => 1.5,
        }
    }

    /// The JSON text under `p`, or `None` when `p` refuses the value.
    fn json(self, p: NonFinite) -> Option<&'static str> {
        match (self, p) {
            (Special::NegZero, _) => Some("-0.0"),
            (Special::Normal, _) => Some("1.5"),
            (_, NonFinite::Null) => Some("null"),
            (Special::Nan, NonFinite::Strings) => Some(r#""NaN""#),
            (Special::Inf, NonFinite::Strings) => Some(r#""Infinity""#),
            (Special::NegInf, NonFinite::Strings) => Some(r#""-Infinity""#),
            _ => None,
        }
    }

    /// What decoding that text back gives: `Null` loses which special value it was.
    fn back(self, p: NonFinite) -> f64 {
        match (self, p) {
            (Special::Inf | Special::NegInf, NonFinite::Null) => f64::NAN,
            _ => self.f64(),
        }
    }
}

/// Same value, NaN equal to NaN, and `-0.0` told apart from `0.0`.
fn same(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

#[test]
fn every_policy_times_every_value_f64_and_f32_both_directions() {
    for p in POLICIES {
        for s in SPECIALS {
            let v64 = s.f64();
            let v32 = v64 as f32;
            match s.json(p) {
                Some(text) => {
                    assert_eq!(json::to_string_with(&v64, &enc(p)).unwrap(), text, "{p:?} {s:?} f64");
                    assert_eq!(json::to_string_with(&v32, &enc(p)).unwrap(), text, "{p:?} {s:?} f32");
                    let back: f64 = json::from_slice_with(text.as_bytes(), &dec(p)).unwrap();
                    assert!(same(back, s.back(p)), "{p:?} {s:?}: read back {back}");
                    let back: f32 = json::from_slice_with(text.as_bytes(), &dec(p)).unwrap();
                    assert!(same(back as f64, s.back(p)), "{p:?} {s:?}: f32 read back {back}");
                }
                None => {
                    let err = json::to_string_with(&v64, &enc(p)).unwrap_err();
                    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
                    assert!(err.to_string().contains("cannot be encoded as JSON"), "{err}");
                    assert!(json::to_string_with(&v32, &enc(p)).is_err());
                }
            }
        }
    }
}

#[test]
fn negative_zero_keeps_its_sign_in_both_formats() {
    assert_eq!(json::to_string(&-0.0f64).unwrap(), "-0.0");
    assert_eq!(json::to_string(&-0.0f32).unwrap(), "-0.0");
    for text in ["-0.0", "-0", "-0e0", "-0.000"] {
        let v: f64 = json::from_str(text).unwrap();
        assert!(v == 0.0 && v.is_sign_negative(), "{text}");
        let v: f32 = json::from_str(text).unwrap();
        assert!(v == 0.0 && v.is_sign_negative(), "{text} f32");
    }
    let packed = msgpack::to_vec(&-0.0f64).unwrap();
    assert_eq!(packed, b"\xcb\x80\0\0\0\0\0\0\0");
    assert!(msgpack::from_slice::<f64>(&packed).unwrap().is_sign_negative());
    let packed = msgpack::to_vec(&-0.0f32).unwrap();
    assert_eq!(packed, b"\xca\x80\0\0\0");
    assert!(msgpack::from_slice::<f32>(&packed).unwrap().is_sign_negative());
}

#[derive(Codec, Debug)]
struct Sample {
    name: String,
    value: f64,
    small: f32,
    series: Vec<f64>,
    maybe: Option<f64>,
}

fn sample() -> Sample {
    Sample {
        name: "s".into(),
        value: f64::NAN,
        small: f32::NEG_INFINITY,
        series: vec![1.0, f64::INFINITY, -0.0],
        maybe: Some(f64::NAN),
    }
}

#[test]
fn struct_fields_vectors_and_options_under_strings() {
    let text = json::to_string_with(&sample(), &enc(NonFinite::Strings)).unwrap();
    assert_eq!(text, r#"{"name":"s","value":"NaN","small":"-Infinity","series":[1.0,"Infinity",-0.0],"maybe":"NaN"}"#);
    let back: Sample = json::from_slice_with(text.as_bytes(), &dec(NonFinite::Strings)).unwrap();
    assert!(back.value.is_nan());
    assert_eq!(back.small, f32::NEG_INFINITY);
    assert_eq!(back.series[1], f64::INFINITY);
    assert!(back.series[2].is_sign_negative());
    assert!(back.maybe.unwrap().is_nan());
}

#[test]
fn struct_fields_vectors_and_options_under_null() {
    let text = json::to_string_with(&sample(), &enc(NonFinite::Null)).unwrap();
    assert_eq!(text, r#"{"name":"s","value":null,"small":null,"series":[1.0,null,-0.0],"maybe":null}"#);
    let back: Sample = json::from_slice_with(text.as_bytes(), &dec(NonFinite::Null)).unwrap();
    assert!(back.value.is_nan() && back.small.is_nan() && back.series[1].is_nan());
    // An `Option` reads `null` as `None` before the float sees it.
    assert_eq!(back.maybe, None);
}

#[test]
fn refusals_name_the_path() {
    let err = json::to_string(&sample()).unwrap_err();
    assert_eq!(err.path(), ".value");
    let mut s = sample();
    s.value = 0.0;
    s.small = 0.0;
    let err = json::to_string(&s).unwrap_err();
    assert_eq!(err.path(), ".series[1]");

    // A policy accepts only its own spelling when decoding, with path and position.
    let null_text = r#"{"name":"s","value":null,"small":1,"series":[],"maybe":null}"#;
    for p in [NonFinite::Error, NonFinite::Strings] {
        let err = json::from_slice_with::<Sample>(null_text.as_bytes(), &dec(p)).unwrap_err();
        assert_eq!(err.path(), ".value", "{p:?}");
        assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{p:?}: {err}");
        assert_eq!(err.column(), Some(21), "{err}");
    }
    let string_text = r#"{"name":"s","value":1,"small":1,"series":[2,"Infinity"],"maybe":null}"#;
    for p in [NonFinite::Error, NonFinite::Null] {
        let err = json::from_slice_with::<Sample>(string_text.as_bytes(), &dec(p)).unwrap_err();
        assert_eq!(err.path(), ".series[1]", "{p:?}");
        assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{p:?}: {err}");
    }
}

#[test]
fn strings_policy_reads_exactly_its_three_strings() {
    let o = dec(NonFinite::Strings);
    for bad in [r#""nan""#, r#""inf""#, r#""+Infinity""#, r#""1.5""#, r#""""#, r#""Na\u004e""#] {
        let err = json::from_slice_with::<f64>(bad.as_bytes(), &o).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{bad}: {err}");
        assert!(err.to_string().contains("\"NaN\""), "{bad}: {err}");
        assert_eq!(err.column(), Some(1));
    }
    // Other strings are still strings.
    let v: Vec<String> = json::from_slice_with(br#"["NaN"]"#, &o).unwrap();
    assert_eq!(v, ["NaN"]);
}

#[test]
fn bare_python_tokens_are_not_json_under_any_policy() {
    // What Python's `json.dumps(float('nan'))` writes by default.
    for text in ["NaN", "Infinity", "-Infinity", "nan", "inf"] {
        for p in POLICIES {
            let err = json::from_slice_with::<Vec<f64>>(format!("[{text}]").as_bytes(), &dec(p)).unwrap_err();
            // `nan` reads as a misspelt `null`: an error all the same, of another kind.
            if text != "nan" {
                assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{text} {p:?}: {err}");
            }
            assert!(json::from_slice_with::<f64>(text.as_bytes(), &dec(p)).is_err(), "{text} {p:?}");
        }
    }
}

#[test]
fn values_never_hold_non_finite_numbers() {
    assert_eq!(json::Value::from(f64::NAN), json::Value::Null);
    // Decoding into a `Value` keeps what the text says, whatever the policy.
    let v: json::Value = json::from_slice_with(br#"[null,"NaN"]"#, &dec(NonFinite::Strings)).unwrap();
    assert_eq!(v, json::Value::Array(vec![json::Value::Null, json::Value::String("NaN".into())]));
}

#[test]
fn msgpack_writes_native_floats_under_every_policy_and_reads_json_spellings_when_asked() {
    for p in POLICIES {
        let o = msgpack::EncodeOptions::new().non_finite(p);
        for s in SPECIALS {
            let v = s.f64();
            let packed = msgpack::to_vec_with(&v, &o).unwrap();
            assert_eq!(packed[0], 0xcb);
            assert_eq!(packed, msgpack::to_vec(&v).unwrap());
            assert!(same(msgpack::from_slice::<f64>(&packed).unwrap(), v));
            let packed = msgpack::to_vec_with(&(v as f32), &o).unwrap();
            assert_eq!(packed[0], 0xca);
            assert!(same(msgpack::from_slice::<f32>(&packed).unwrap() as f64, v));
        }
    }
    let null = msgpack::Options::new().non_finite(NonFinite::Null);
    let strings = msgpack::Options::new().non_finite(NonFinite::Strings);
    assert!(msgpack::from_slice_with::<f64>(b"\xc0", &null).unwrap().is_nan());
    assert!(msgpack::from_slice_with::<f32>(b"\xc0", &null).unwrap().is_nan());
    assert_eq!(msgpack::from_slice_with::<f64>(b"\xa8Infinity", &strings).unwrap(), f64::INFINITY);
    assert_eq!(msgpack::from_slice_with::<f32>(b"\xa9-Infinity", &strings).unwrap(), f32::NEG_INFINITY);
    assert!(msgpack::from_slice_with::<f64>(b"\xa3NaN", &strings).unwrap().is_nan());
    // Each policy only its own; the default neither.
    assert!(msgpack::from_slice::<f64>(b"\xc0").is_err());
    assert!(msgpack::from_slice_with::<f64>(b"\xc0", &strings).is_err());
    assert!(msgpack::from_slice_with::<f64>(b"\xa3NaN", &null).is_err());
    let err = msgpack::from_slice_with::<f64>(b"\xa3nan", &strings).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    // With a path.
    let err = msgpack::from_slice::<Vec<f64>>(b"\x92\x01\xc0").unwrap_err();
    assert_eq!(err.path(), "[1]");
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

#[test]
fn default_options_write_what_to_vec_writes_and_refuse_nan() {
    let v = vec![1.5f64, -0.0, 2e300];
    assert_eq!(json::to_vec_with(&v, &EncodeOptions::new()).unwrap(), json::to_vec(&v).unwrap());
    assert!(json::to_vec_with(&f64::NAN, &EncodeOptions::new()).is_err());
    assert_eq!(json::JsonReader::with_options(b"", &Options::new()).non_finite(), NonFinite::Error);
    assert_eq!(NonFinite::default(), NonFinite::Error);
    assert!(json::from_slice::<f64>(b"null").is_err());
    assert!(json::from_slice::<f64>(br#""NaN""#).is_err());
}
