//! Zero-copy decoding: borrowed fields of derived types point into the input buffer.

use std::borrow::Cow;
use std::collections::BTreeMap;

use codec::json::{from_slice, from_str, to_string};
use codec::Codec;

/// Whether `s` lies entirely inside `input`.
fn inside(input: &[u8], s: &str) -> bool {
    let start = input.as_ptr() as usize;
    let end = start + input.len();
    let p = s.as_ptr() as usize;
    p >= start && p + s.len() <= end
}

#[derive(Codec, Debug, PartialEq)]
struct Author<'a> {
    name: &'a str,
    handle: Cow<'a, str>,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Block<'a> {
    Text { body: &'a str },
    Link { href: Cow<'a, str>, title: Option<&'a str> },
    Image(Image<'a>),
}

#[derive(Codec, Debug, PartialEq)]
struct Image<'a> {
    src: &'a str,
}

#[derive(Codec, Debug, PartialEq)]
enum Mark<'a> {
    Bold(&'a str),
    Note { text: &'a str },
    Pair(&'a str, Cow<'a, str>),
}

#[derive(Codec, Debug, PartialEq)]
struct Post<'a> {
    id: u64,
    title: &'a str,
    summary: Cow<'a, str>,
    tags: Vec<&'a str>,
    subtitle: Option<&'a str>,
    missing: Option<&'a str>,
    author: Author<'a>,
    blocks: Vec<Block<'a>>,
    marks: Vec<Mark<'a>>,
    index: BTreeMap<&'a str, &'a str>,
}

const POST: &str = r#"{
  "id": 7,
  "title": "Zero copy",
  "summary": "borrowed when possible",
  "tags": ["rust", "json", "speed"],
  "subtitle": "a subtitle",
  "missing": null,
  "author": {"name": "Ada", "handle": "ada"},
  "blocks": [
    {"type": "Text", "body": "hello"},
    {"href": "https://example.invalid", "title": "site", "type": "Link"},
    {"src": "/img.png", "type": "Image"}
  ],
  "marks": [{"Bold": "b"}, {"Note": {"text": "n"}}, {"Pair": ["x", "y"]}],
  "index": {"k1": "v1", "k2": "v2"}
}"#;

#[test]
fn every_borrowed_string_points_into_the_input() {
    let input = POST.as_bytes();
    let post: Post = from_slice(input).unwrap();

    assert_eq!(post.id, 7);
    assert_eq!(post.title, "Zero copy");
    assert!(inside(input, post.title));
    assert!(matches!(post.summary, Cow::Borrowed(s) if inside(input, s) && s == "borrowed when possible"));
    assert_eq!(post.tags, ["rust", "json", "speed"]);
    assert!(post.tags.iter().all(|t| inside(input, t)));
    assert!(matches!(post.subtitle, Some(s) if inside(input, s) && s == "a subtitle"));
    assert_eq!(post.missing, None);

    assert_eq!(post.author.name, "Ada");
    assert!(inside(input, post.author.name));
    assert!(matches!(post.author.handle, Cow::Borrowed(s) if inside(input, s)));

    match &post.blocks[..] {
        [Block::Text { body }, Block::Link { href, title }, Block::Image(Image { src })] => {
            assert_eq!(*body, "hello");
            assert!(inside(input, body));
            assert!(matches!(href, Cow::Borrowed(s) if inside(input, s) && *s == "https://example.invalid"));
            assert!(matches!(title, Some(t) if inside(input, t) && *t == "site"));
            assert_eq!(*src, "/img.png");
            assert!(inside(input, src));
        }
        other => panic!("unexpected blocks {other:?}"),
    }

    match &post.marks[..] {
        [Mark::Bold(b), Mark::Note { text }, Mark::Pair(x, y)] => {
            assert_eq!((*b, *text, *x), ("b", "n", "x"));
            assert!(inside(input, b) && inside(input, text) && inside(input, x));
            assert!(matches!(y, Cow::Borrowed(s) if inside(input, s) && *s == "y"));
        }
        other => panic!("unexpected marks {other:?}"),
    }

    assert_eq!(post.index.len(), 2);
    for (k, v) in &post.index {
        assert!(inside(input, k) && inside(input, v), "{k}: {v}");
    }
}

#[test]
fn borrowed_model_round_trips() {
    let post: Post = from_str(POST).unwrap();
    let text = to_string(&post).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"id":7,"title":"Zero copy","summary":"borrowed when possible","tags":["rust","json","speed"],"#,
            r#""subtitle":"a subtitle","missing":null,"author":{"name":"Ada","handle":"ada"},"#,
            r#""blocks":[{"type":"Text","body":"hello"},{"type":"Link","href":"https://example.invalid","title":"site"},"#,
            r#"{"type":"Image","src":"/img.png"}],"marks":[{"Bold":"b"},{"Note":{"text":"n"}},{"Pair":["x","y"]}],"#,
            r#""index":{"k1":"v1","k2":"v2"}}"#
        )
    );
    let again: Post = from_str(&text).unwrap();
    assert_eq!(again, post);
}

#[test]
fn cow_owns_only_what_has_escapes() {
    let input = br#"{"name":"Ada","handle":"a\tda"}"#;
    let a: Author = from_slice(input).unwrap();
    assert!(inside(input, a.name));
    assert!(matches!(&a.handle, Cow::Owned(s) if s == "a\tda"));

    let input = br#"{"Pair":["x","\u0079"]}"#;
    let m: Mark = from_slice(input).unwrap();
    assert!(matches!(&m, Mark::Pair(x, Cow::Owned(y)) if inside(input, x) && y == "y"));
}

#[test]
fn borrowed_str_refuses_escapes_at_any_depth() {
    let err = from_str::<Post>(&POST.replace(r#""body": "hello""#, r#""body": "hel\nlo""#)).unwrap_err();
    assert_eq!(err.path(), ".blocks[0]<Text>.body");
    assert!(err.to_string().contains("Cow"), "{err}");
    let err = from_str::<Vec<&str>>(r#"["ok","n\u006fpe"]"#).unwrap_err();
    assert_eq!(err.path(), "[1]");
}
