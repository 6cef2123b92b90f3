//! Types whose JSON form is one string (and which are therefore JSON map keys too): the one
//! place that connects such a type's text to the JSON and MessagePack readers and writers,
//! as a value and as a map key. IP addresses, paths, URLs, ULIDs, versions, decimals,
//! dates and times, and string types of other crates go through it.
//!
//! A type says how to get its text ([`ToText`]: borrowed from the value, printed into the
//! stack buffer [`Buf`], or through `Display`) and how to read it back ([`FromText`]: from
//! the text as a checked `str`, or as raw bytes for parsers that check every byte anyway);
//! [`string_impls!`] then writes the `Encode`, `Decode`, `EncodeKey` and `DecodeKey` impls
//! that call the functions here. A type whose value takes another form in one format (a
//! UUID is a bin in MessagePack, a `Decimal` may be a JSON number) calls the functions it
//! needs from its own impls.
//!
//! Nothing here allocates or copies the text: a JSON string without escapes is parsed
//! where it stands in the input, one with escapes from the reader's scratch buffer, a
//! MessagePack str in the input; printing goes to the stack unless a `Display` text does
//! not fit there.

#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
use core::fmt::{self, Display, Write as _};

use crate::error::{Error, ErrorKind, Result};
use crate::{Reader, Writer};

// ---------------------------------------------------------------- the stack buffer

/// Room for the longest text the date/time printers write:
/// `-262143-12-31T23:59:60.999999999+23:59` is 38 bytes; jiff's zoned values add a zone
/// name, and go through [`with_display`], which falls back to a `String` when the text
/// does not fit.
const BUF_LEN: usize = 96;

/// The stack buffer of the date/time printers and of [`with_display`]. (Addresses, at
/// most 58 bytes, use a `StackText<64>`: the buffer is zeroed for each value, and 32
/// bytes fewer measured 6 instructions fewer per `Ipv4Addr` written.)
pub(crate) type Buf = StackText<BUF_LEN>;

/// A small stack buffer of `N` bytes that printers fill with ASCII (and [`fmt::Write`]
/// with whole `str`s, so its bytes are always UTF-8).
pub(crate) struct StackText<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> StackText<N> {
    #[inline]
    pub(crate) fn new() -> Self {
        StackText { bytes: [0; N], len: 0 }
    }

    /// `v`'s `Display` text, or `None` when it does not fit.
    #[inline]
    pub(crate) fn display(v: &impl Display) -> Option<Self> {
        let mut buf = Self::new();
        write!(buf, "{v}").ok().map(|()| buf)
    }

    /// Appends one ASCII byte (the printers never write more than `N`).
    #[inline]
    pub(crate) fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Appends `v` in decimal.
    #[inline]
    pub(crate) fn push_int(&mut self, v: impl itoa::Integer) {
        for &b in itoa::Buffer::new().format(v).as_bytes() {
            self.push(b);
        }
    }

    /// The bytes written so far.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }

    /// The text written so far.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // Printers write ASCII and `fmt::Write` whole `str`s, so this never fails; an empty
        // string if it did.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }

    /// Whether more was written than fits (the excess was dropped).
    #[cfg(test)]
    pub(crate) fn overflowed(&self) -> bool {
        self.len == N
    }
}

/// For `Display` impls: text past the buffer's end is an error, after which the caller
/// formats into a `String` instead.
impl<const N: usize> fmt::Write for StackText<N> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        if end >= N {
            self.len = N;
            return Err(fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Calls `write` with `v`'s `Display` text: from the stack when it fits, else from a
/// `String`.
#[cfg_attr(not(any(feature = "jiff02", feature = "semver")), allow(dead_code))]
#[inline]
pub(crate) fn with_display(v: &impl Display, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
    match Buf::display(v) {
        Some(buf) => write(buf.as_str()),
        None => write(&v.to_string()),
    }
}

/// "invalid value: not a {what}: {why}" at `at`: a string that a type's parser rejected.
#[cfg_attr(
    not(any(feature = "rust_decimal", feature = "semver", feature = "ulid", feature = "url", feature = "uuid")),
    allow(dead_code)
)]
#[cold]
#[inline(never)]
pub(crate) fn not_a(at: usize, what: &str, why: impl Display) -> Error {
    Error::new(ErrorKind::InvalidValue(format!("not a {what}: {why}").into()), at)
}

// ---------------------------------------------------------------- the traits

/// The encoding side: a value's text.
pub(crate) trait ToText {
    /// Calls `write` with the text: borrowed from the value, or printed on the stack.
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()>;

    /// Writes the text as a string. Types whose text needs no escape may override this to
    /// skip JSON's escape scan ([`Writer::write_escape_free_str`],
    /// [`Writer::write_quoted_escape_free_str`]).
    #[inline]
    fn encode_text<W: Writer>(&self, w: &mut W) -> Result<()> {
        self.with_text(|s| w.write_str(s))
    }
}

/// The decoding side: a value read from its text.
pub(crate) trait FromText: Sized {
    /// What [`from_text`](Self::from_text) reads: `str`, UTF-8 checked by the reader (an
    /// `InvalidUtf8` error at the bad byte), or `[u8]`, the bytes as they are, for a parser
    /// that checks every byte anyway (a UUID's hex digits).
    type Text: ?Sized + Text;

    /// What a type error says was expected where a value is not a string; `None` leaves
    /// the reader's own error ("a string").
    const EXPECTED: Option<&'static str> = None;

    /// The same for a MessagePack map key that is not a str ("a string key" when `None`).
    #[cfg_attr(not(feature = "msgpack"), allow(dead_code))]
    const EXPECTED_KEY: Option<&'static str> = None;

    /// The value `text` spells, or an error at `at`, where its string starts.
    fn from_text(text: &Self::Text, at: usize) -> Result<Self>;
}

/// How a reader hands out the text of a string: [`FromText::Text`].
pub(crate) trait Text: 'static {
    /// Reads a string and hands its text to `f`, with the offset where it starts.
    fn read_with<'de, R: Reader<'de>, T>(r: &mut R, f: impl FnOnce(&Self, usize) -> Result<T>) -> Result<T>;

    /// Hands the text of the map key `key` to `f` (a MessagePack key that is no str is a
    /// type error).
    fn key_with<'de, R: Reader<'de>, T>(r: &mut R, key: R::Key, f: impl FnOnce(&Self) -> Result<T>) -> Result<T>;
}

impl Text for str {
    #[inline]
    fn read_with<'de, R: Reader<'de>, T>(r: &mut R, f: impl FnOnce(&str, usize) -> Result<T>) -> Result<T> {
        r.read_str_with(f)
    }

    #[inline]
    fn key_with<'de, R: Reader<'de>, T>(r: &mut R, key: R::Key, f: impl FnOnce(&str) -> Result<T>) -> Result<T> {
        r.key_str_with(key, f)
    }
}

impl Text for [u8] {
    #[inline]
    fn read_with<'de, R: Reader<'de>, T>(r: &mut R, f: impl FnOnce(&[u8], usize) -> Result<T>) -> Result<T> {
        r.read_str_bytes_with(f)
    }

    #[inline]
    fn key_with<'de, R: Reader<'de>, T>(r: &mut R, key: R::Key, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
        r.key_str_bytes_with(key, f)
    }
}

// ---------------------------------------------------------------- reading

/// Reads a string (in JSON escaped or not) and parses it; errors point at where it starts.
#[inline]
pub(crate) fn decode<'de, R: Reader<'de>, T: FromText>(r: &mut R) -> Result<T> {
    if let Some(expected) = T::EXPECTED {
        r.expect_string(expected)?;
    }
    decode_str(r)
}

/// [`decode`] where the caller has seen that a string is next.
#[inline]
pub(crate) fn decode_str<'de, R: Reader<'de>, T: FromText>(r: &mut R) -> Result<T> {
    T::Text::read_with(r, |text, at| T::from_text(text, at))
}

/// Parses the map key `key`, which must be a string.
#[inline]
pub(crate) fn decode_key<'de, R: Reader<'de>, T: FromText>(key: R::Key, r: &mut R) -> Result<T> {
    if let Some(expected) = T::EXPECTED_KEY {
        r.expect_string_key(key, expected)?;
    }
    let at = r.key_offset(key);
    T::Text::key_with(r, key, |text| T::from_text(text, at))
}

// ---------------------------------------------------------------- the impls

/// The listed traits of the listed types through their string form ([`ToText`] for
/// `Encode` and `EncodeKey`, [`FromText`] for `Decode` and `DecodeKey`), in both formats;
/// or the `Encode` of one type with a compact form besides its text, given by an
/// expression over any writer (`$v` the value, `$w` the writer) and written where the
/// format is not [human-readable](Writer::HUMAN_READABLE) (its `Decode` and `DecodeKey`
/// are written by hand: `Uuid`'s, the addresses'); or the `Encode` of an instant,
/// written as the format's timestamp where it has one ([`Writer::NATIVE_TIMESTAMP`]), from
/// the `Result<(i64, u32)>` of seconds and nanoseconds an expression of `$v` gives, and its
/// `Decode`, read from that timestamp ([`Reader::NATIVE_TIMESTAMP`]) by an expression of
/// the seconds, nanoseconds and offset of the value:
///
/// ```text
/// string_impls!(Encode, Decode, EncodeKey, DecodeKey for Url, Ulid);
/// string_impls!(EncodeKey, DecodeKey for DateTime<Utc>);
/// string_impls!(Encode for DateTime<Utc>, timestamp: |v| timestamp_parts(v));
/// string_impls!(Encode for Uuid, compact: |v, w| w.write_bytes(v.as_bytes()));
/// string_impls!(Decode for DateTime<Utc>, timestamp: |seconds, nanos, at| from_parts(seconds, nanos, at));
/// string_impls!(impl[const CAP: usize] Encode, Decode, EncodeKey, DecodeKey for ArrayString<CAP>);
/// ```
macro_rules! string_impls {
    (@each [$($part:ident)+] $gen:tt $ty:ty) => {
        $( $crate::impls::string_form::string_impls!(@$part $gen $ty; []); )+
    };
    (@Encode [$($gen:tt)*] $ty:ty; []) => {
        impl<$($gen)*> $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                $crate::impls::string_form::ToText::encode_text(self, w)
            }
        }
    };
    // A compact form besides the text, given as an expression over any writer (`$v` the
    // value, `$w` the writer), written where the format is not human-readable.
    (@Encode [$($gen:tt)*] $ty:ty; [|$v:ident, $w:ident| $compact:expr]) => {
        impl<$($gen)*> $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                // A constant: the branch folds away.
                if W::HUMAN_READABLE {
                    return $crate::impls::string_form::ToText::encode_text(self, w);
                }
                let $v = self;
                let $w = w;
                $compact
            }
        }
    };
    (@Decode [$($gen:tt)*] $ty:ty; []) => {
        impl<'de, $($gen)*> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                $crate::impls::string_form::decode(r)
            }
        }
    };
    (@EncodeKey [$($gen:tt)*] $ty:ty; []) => {
        impl<$($gen)*> $crate::EncodeKey for $ty {
            #[inline]
            fn encode_key<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                $crate::impls::string_form::ToText::encode_text(self, w)
            }

        }
    };
    (@DecodeKey [$($gen:tt)*] $ty:ty; []) => {
        impl<'de, $($gen)*> $crate::DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key<R: $crate::Reader<'de>>(key: R::Key, r: &mut R) -> $crate::Result<Self> {
                $crate::impls::string_form::decode_key(key, r)
            }

        }
    };
    (@types $parts:tt $($ty:ty),+) => {
        $( $crate::impls::string_form::string_impls!(@each $parts [] $ty); )+
    };
    (Encode for $ty:ty, compact: |$v:ident, $w:ident| $compact:expr) => {
        $crate::impls::string_form::string_impls!(@Encode [] $ty; [|$v, $w| $compact]);
    };
    // An instant: its text, or where the format has a timestamp type, that, from the
    // seconds and nanoseconds of `$parts` (a `Result<(i64, u32)>`).
    (Encode for $ty:ty, timestamp: |$v:ident| $parts:expr) => {
        impl $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                // A constant: the branch folds away.
                if W::NATIVE_TIMESTAMP {
                    let $v = self;
                    let (seconds, nanoseconds): (i64, u32) = $parts?;
                    return w.write_timestamp(seconds, nanoseconds);
                }
                $crate::impls::string_form::ToText::encode_text(self, w)
            }
        }
    };
    // An instant: its text, or where the format has a timestamp type, that, converted by
    // `$from` from its seconds and nanoseconds (`$at`: where the value starts, for errors).
    (Decode for $ty:ty, timestamp: |$seconds:ident, $nanos:ident, $at:ident| $from:expr) => {
        impl<'de> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                // A constant: the branch folds away.
                if R::NATIVE_TIMESTAMP {
                    let $at = r.position();
                    let ($seconds, $nanos): (i64, u32) = r.read_timestamp()?;
                    return $from;
                }
                $crate::impls::string_form::decode(r)
            }
        }
    };
    (impl[$($gen:tt)*] $($part:ident),+ for $ty:ty) => {
        $crate::impls::string_form::string_impls!(@each [$($part)+] [$($gen)*] $ty);
    };
    ($($part:ident),+ for $($ty:ty),+ $(,)?) => {
        $crate::impls::string_form::string_impls!(@types [$($part)+] $($ty),+);
    };
}
pub(crate) use string_impls;

/// A string type of another crate (`SmolStr`, `CompactString`): its text is itself, read
/// back through `$new(&str)`; all four traits.
#[allow(unused_macros)]
macro_rules! string_type {
    ($ty:ty, $new:expr) => {
        impl $crate::impls::string_form::ToText for $ty {
            #[inline]
            fn with_text(&self, write: impl FnOnce(&str) -> $crate::Result<()>) -> $crate::Result<()> {
                write(self)
            }
        }

        impl $crate::impls::string_form::FromText for $ty {
            type Text = str;

            #[inline]
            fn from_text(text: &str, _at: usize) -> $crate::Result<Self> {
                Ok($new(text))
            }
        }

        $crate::impls::string_form::string_impls!(Encode, Decode, EncodeKey, DecodeKey for $ty);
    };
}
#[allow(unused_imports)]
pub(crate) use string_type;

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;
    use core::fmt::Write;

    use super::*;
    use crate::json;
    #[cfg(feature = "msgpack")]
    use crate::msgpack as mp;

    /// A string form read as checked text: a word of lowercase letters, with its own
    /// type-error text.
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Word(String);

    impl ToText for Word {
        fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
            write(&self.0)
        }
    }

    impl FromText for Word {
        type Text = str;
        const EXPECTED: Option<&'static str> = Some("a word");

        fn from_text(text: &str, at: usize) -> Result<Self> {
            match text.bytes().all(|b| b.is_ascii_lowercase()) {
                true => Ok(Word(text.to_owned())),
                false => Err(not_a(at, "word", text)),
            }
        }
    }

    string_impls!(Encode, Decode, EncodeKey, DecodeKey for Word);

    /// A string form read as raw bytes, printed on the stack, with the reader's own type
    /// errors for values and its own for MessagePack keys: a byte as two hex digits.
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Hex(u8);

    impl ToText for Hex {
        fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
            let mut buf = Buf::new();
            write!(buf, "{:02x}", self.0).map_err(|_| not_a(0, "buffer", "full"))?;
            write(buf.as_str())
        }
    }

    impl FromText for Hex {
        type Text = [u8];
        const EXPECTED_KEY: Option<&'static str> = Some("a hex key");

        fn from_text(text: &[u8], at: usize) -> Result<Self> {
            let digits = core::str::from_utf8(text).ok().filter(|t| t.len() == 2);
            match digits.and_then(|t| u8::from_str_radix(t, 16).ok()) {
                Some(b) => Ok(Hex(b)),
                None => Err(not_a(at, "hex byte", String::from_utf8_lossy(text))),
            }
        }
    }

    string_impls!(Encode, Decode, EncodeKey, DecodeKey for Hex);

    /// A string in JSON and an integer in MessagePack, its value through a generic `Decode` with a compact branch, its key through the `DecodeKey` override arm.
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Code(u8);

    impl ToText for Code {
        fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
            write(&format!("c{}", self.0))
        }
    }

    impl FromText for Code {
        type Text = str;

        fn from_text(text: &str, at: usize) -> Result<Self> {
            text.strip_prefix('c').and_then(|n| n.parse().ok()).map(Code).ok_or_else(|| not_a(at, "code", text))
        }
    }

    string_impls!(Encode for Code, compact: |v, w| {
        w.write_u64(u64::from(v.0));
        Ok(())
    });
    /// A value with a compact form of its own decodes it where the format is not
    /// human-readable (as `Uuid` and the addresses do).
    impl<'de> crate::Decode<'de> for Code {
        fn decode<R: crate::Reader<'de>>(r: &mut R) -> Result<Self> {
            if R::HUMAN_READABLE {
                return super::decode(r);
            }
            let at = r.value_start();
            let n = r.read_u64_max("a code", u64::MAX)?;
            u8::try_from(n).map(Code).map_err(|_| not_a(at, "code", "too large"))
        }
    }
    /// And a key of its own where the format is not human-readable.
    impl<'de> crate::DecodeKey<'de> for Code {
        fn decode_key<R: crate::Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
            if R::HUMAN_READABLE {
                return super::decode_key(key, r);
            }
            r.key_u64_max(key, "a code key", 255).map(|n| Code(n as u8))
        }
    }

    fn kind<T: core::fmt::Debug>(r: Result<T>) -> (ErrorKind, Option<usize>) {
        let e = r.unwrap_err();
        (e.kind().clone(), e.offset())
    }

    fn invalid_type(expected: &'static str, found: &'static str) -> ErrorKind {
        ErrorKind::InvalidType { expected: expected.into(), found: found.into() }
    }

    #[test]
    fn json_values_are_their_text() {
        assert_eq!(json::to_string(&Word("ab".into())).unwrap(), r#""ab""#);
        assert_eq!(json::to_string(&Hex(0x1f)).unwrap(), r#""1f""#);
        assert_eq!(json::to_string(&Code(7)).unwrap(), r#""c7""#);
        assert_eq!(json::from_str::<Word>(r#" "ab""#).unwrap(), Word("ab".into()));
        // Escapes are read through the reader's scratch buffer, in both kinds of text.
        assert_eq!(json::from_str::<Word>(r#""ab""#).unwrap(), Word("ab".into()));
        assert_eq!(json::from_str::<Hex>(r#""1f""#).unwrap(), Hex(0x1f));
        assert_eq!(json::from_str::<Code>(r#""c9""#).unwrap(), Code(9));
    }

    #[test]
    fn json_errors_are_at_the_string() {
        // A type error names the form's `EXPECTED`, or the reader's "a string".
        assert_eq!(kind(json::from_str::<Word>(" 1")), (invalid_type("a word", "integer"), Some(1)));
        assert_eq!(kind(json::from_str::<Hex>(" 1")), (invalid_type("a string", "integer"), Some(1)));
        // The parser's error is at the opening quote.
        let e = json::from_str::<Word>(r#"  "aB""#).unwrap_err();
        assert_eq!((e.offset(), e.to_string().as_str()), (Some(2), "invalid value: not a word: aB (line 1, column 3)"));
        // A `str` text is checked UTF-8; a `[u8]` text goes to the parser as it is, but a
        // document that is not JSON (here: not UTF-8) is an input error whatever the
        // parser says of the bytes.
        assert_eq!(kind(json::from_slice::<Word>(b"\"a\xff\"")), (ErrorKind::InvalidUtf8, Some(2)));
        assert_eq!(kind(json::from_slice::<Hex>(b"\"a\xff\"")), (ErrorKind::InvalidUtf8, Some(2)));
        let e = json::from_slice::<Hex>(b"\"ag\"").unwrap_err();
        assert!(e.to_string().starts_with("invalid value: not a hex byte: ag"), "{e}");
    }

    #[test]
    fn json_keys_are_their_text() {
        let m = BTreeMap::from([(Word("b".into()), 1), (Word("a".into()), 2)]);
        let text = json::to_string(&m).unwrap();
        assert_eq!(text, r#"{"a":2,"b":1}"#);
        assert_eq!(json::from_str::<BTreeMap<Word, u8>>(&text).unwrap(), m);
        assert_eq!(json::from_str::<BTreeMap<Hex, u8>>(r#"{"0a":1}"#).unwrap(), BTreeMap::from([(Hex(10), 1)]));
        assert_eq!(json::from_str::<BTreeMap<Code, u8>>(r#"{"c3":1}"#).unwrap(), BTreeMap::from([(Code(3), 1)]));
        let e = json::from_str::<BTreeMap<Word, u8>>(r#"{"a1":1}"#).unwrap_err();
        assert_eq!(e.offset(), Some(1));
    }

    #[cfg(feature = "msgpack")]
    #[test]
    fn msgpack_values_are_their_text_unless_given() {
        assert_eq!(mp::to_vec(&Word("ab".into())).unwrap(), b"\xa2ab");
        assert_eq!(mp::from_slice::<Word>(b"\xa2ab").unwrap(), Word("ab".into()));
        assert_eq!(mp::from_slice::<Hex>(b"\xd9\x021f").unwrap(), Hex(0x1f));
        assert_eq!(kind(mp::from_slice::<Word>(b"\x01")), (invalid_type("a word", "integer"), Some(0)));
        assert_eq!(kind(mp::from_slice::<Hex>(b"\x01")), (invalid_type("a string", "integer"), Some(0)));
        let e = mp::from_slice::<Word>(b"\xa2aB").unwrap_err();
        assert_eq!((e.offset(), e.to_string().as_str()), (Some(0), "invalid value: not a word: aB (byte 0)"));
        // The override arms: an integer in MessagePack, values and keys.
        assert_eq!(mp::to_vec(&Code(7)).unwrap(), b"\x07");
        assert_eq!(mp::from_slice::<Code>(b"\x07").unwrap(), Code(7));
        assert!(mp::from_slice::<Code>(b"\xcd\x01\x00").unwrap_err().to_string().contains("too large"));
        assert_eq!(mp::from_slice::<BTreeMap<Code, u8>>(b"\x81\x03\x01").unwrap(), BTreeMap::from([(Code(3), 1)]));
    }

    #[cfg(feature = "msgpack")]
    #[test]
    fn msgpack_keys_are_str() {
        let m = BTreeMap::from([(Hex(1), 2u8)]);
        let packed = mp::to_vec(&m).unwrap();
        assert_eq!(packed, b"\x81\xa201\x02");
        assert_eq!(mp::from_slice::<BTreeMap<Hex, u8>>(&packed).unwrap(), m);
        // A key of another type: the form's `EXPECTED_KEY`, or the reader's "a string key".
        assert_eq!(
            kind(mp::from_slice::<BTreeMap<Hex, u8>>(b"\x81\x01\x02")),
            (invalid_type("a hex key", "integer"), Some(1))
        );
        assert_eq!(
            kind(mp::from_slice::<BTreeMap<Word, u8>>(b"\x81\x01\x02")),
            (invalid_type("a string key", "integer"), Some(1))
        );
    }

    #[test]
    fn buf_write_overflow_is_an_error() {
        let mut b = Buf::new();
        assert!(b.write_str("x").is_ok());
        assert!(b.write_str(&"y".repeat(BUF_LEN)).is_err());
        assert!(b.overflowed());
    }

    #[test]
    fn display_falls_back_to_a_string() {
        let long = "z".repeat(2 * BUF_LEN);
        for text in ["", "short", long.as_str()] {
            let mut seen = String::new();
            with_display(&text, |s| {
                seen.push_str(s);
                Ok(())
            })
            .unwrap();
            assert_eq!(seen, text);
        }
        assert!(Buf::display(&long).is_none());
        assert_eq!(Buf::display(&12.5).unwrap().as_str(), "12.5");
    }

    #[test]
    fn push_int_writes_decimal() {
        let mut b = Buf::new();
        b.push_int(u16::MAX);
        b.push(b':');
        b.push_int(-7i64);
        assert_eq!(b.as_str(), "65535:-7");
        assert_eq!(b.as_bytes(), b"65535:-7");
    }
}
