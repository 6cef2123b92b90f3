//! Every error kind, with what a person sees: the message, the path, the position.

use std::collections::BTreeMap;

use codec::json::{from_slice, from_str, to_string, to_vec, Options};
use codec::{Codec, Error, ErrorKind};

#[derive(Codec, Debug, PartialEq)]
struct Feed {
    statuses: Vec<Status>,
}

#[derive(Codec, Debug, PartialEq)]
struct Status {
    id: u64,
    user: User,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct User {
    user_id: u64,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

struct AlwaysFails;
impl codec::Encode for AlwaysFails {
    fn encode<W: codec::Writer>(&self, _: &mut W) -> codec::Result<()> {
        Err(Error::custom("nope"))
    }
}

fn err<T: for<'de> codec::Decode<'de> + std::fmt::Debug>(json: &str) -> Error {
    from_str::<T>(json).unwrap_err()
}

#[test]
fn path_line_and_column() {
    let doc =
        "{\"statuses\": [\n  {\"id\": 1, \"user\": {\"userId\": 1}},\n  {\"id\": 2, \"user\": {\"userId\": \"2\"}}\n]}";
    let e = err::<Feed>(doc);
    assert_eq!(e.path(), ".statuses[1].user.userId");
    assert_eq!((e.line(), e.column()), (Some(3), Some(32)));
    assert_eq!(e.offset(), Some(doc.find("\"2\"").unwrap()));
    assert_eq!(
        e.to_string(),
        "invalid type: expected u64, found string at .statuses[1].user.userId (line 3, column 32)"
    );
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }));
}

#[test]
fn each_kind_has_a_clear_message() {
    let cases: Vec<(Error, &str)> = vec![
        (err::<Status>(r#"{"id" 1}"#), "syntax error: expected `:` after an object key (line 1, column 7)"),
        (err::<Status>(r#"{"id": 1"#), "unexpected end of input (line 1, column 9)"),
        (err::<u8>("256"), "number out of range: 256 does not fit in u8 (line 1, column 1)"),
        (err::<Strict>(r#"{"a":1,"b":2}"#), "unknown field `b`, expected one of `a` (line 1, column 8)"),
        (err::<Status>(r#"{"id":1,"user":{}}"#), "missing field `userId` at .user (line 1, column 17)"),
        (err::<User>(r#"{"userId":1,"userId":2}"#), "duplicate field `userId` (line 1, column 13)"),
        (
            err::<Shape>(r#"{"type":"Triangle"}"#),
            "unknown variant `Triangle`, expected one of `Circle`, `Square` (line 1, column 9)",
        ),
        (err::<String>("\"\\ud800\""), "invalid escape: lone leading surrogate (line 1, column 2)"),
        (err::<String>("\"\\q\""), "invalid escape: unknown escape character (line 1, column 2)"),
        (err::<u8>("1 2"), "trailing characters after the value (line 1, column 3)"),
        (err::<char>(r#""ab""#), "invalid value: expected a string of exactly one character (line 1, column 1)"),
    ];
    for (e, want) in cases {
        assert_eq!(e.to_string(), want);
    }
    let bad_utf8 = from_slice::<String>(b"\"a\xff\"").unwrap_err();
    assert_eq!(bad_utf8.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(bad_utf8.offset(), Some(2));
    let deep = codec::json::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", &Options::new().max_depth(1)).unwrap_err();
    assert_eq!(deep.to_string(), "nesting deeper than the limit of 1 at [0] (line 1, column 2)");
    let long = codec::json::from_slice_with::<String>(b"\"abc\"", &Options::new().max_string_len(2)).unwrap_err();
    assert!(matches!(long.kind(), ErrorKind::SizeLimit(_)));
}

#[test]
fn map_keys_and_variants_in_paths() {
    let e = err::<BTreeMap<String, Vec<u8>>>(r#"{"some key": [1, -1]}"#);
    assert_eq!(e.path(), r#"["some key"][1]"#);
    let e = err::<Vec<Shape>>(r#"[{"type":"Circle","radius":"big"}]"#);
    assert_eq!(e.path(), "[0]<Circle>.radius");
}

#[test]
fn encode_errors() {
    let e = to_vec(&vec![1.0, f64::NAN]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)));
    assert_eq!(e.path(), "[1]");
    assert_eq!(e.offset(), None);
    let e = to_string(&AlwaysFails).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Custom("nope".into()));
    assert_eq!(e.to_string(), "nope");
    let io = codec::json::to_writer(FailingWriter, &1u8).unwrap_err();
    assert!(matches!(io.kind(), ErrorKind::Io(_)));
}

struct FailingWriter;
impl std::io::Write for FailingWriter {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk full"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn error_is_small_and_thread_safe() {
    fn assert_traits<T: std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<Error>();
    assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    assert_eq!(std::mem::size_of::<Result<(), Error>>(), std::mem::size_of::<usize>());
}
