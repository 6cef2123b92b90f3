//! [`Reader`]: what a [`Decode`] impl reads through, whatever the format.
//!
//! This is the core layer: it names no format. Each format's reader
//! ([`JsonReader`](crate::json::JsonReader), and with the `msgpack` feature
//! [`MsgpackReader`](crate::msgpack::MsgpackReader)) implements it by calling its own
//! inherent methods, every one inlined, so a generic `decode<R: Reader<'de>>` compiles,
//! per format, to the code a body written for that format would.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::writer::Encoded;
use crate::Decode;

/// What to do when a key appears twice in one object or map, in any format: the same
/// policy for JSON's [`Options`](crate::json::Options) and MessagePack's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum DuplicateKeys {
    /// An error (the default): two values for one key usually mean a confused or hostile
    /// producer, and silently picking one hides it.
    #[default]
    Error,
    /// Keep the first value; later ones are validated and skipped.
    KeepFirst,
    /// Keep the last value, as many JavaScript-based producers expect.
    KeepLast,
}

/// What the next value is, whatever the format: what a decoder that takes more than one
/// form branches on (a compact form beside the text, an untyped value). Each format says
/// what it can tell from the value's first byte: JSON cannot tell an integer from a
/// float before reading it ([`Number`](Self::Number)), MessagePack can.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// `null`, MessagePack `nil`.
    Null,
    /// `true` or `false`.
    Bool,
    /// An integer (a MessagePack int).
    Int,
    /// A float (a MessagePack float 32 or 64).
    Float,
    /// A JSON number, integer or not.
    Number,
    /// A string.
    Str,
    /// A byte string (a MessagePack bin).
    Bytes,
    /// An array.
    Array,
    /// An object, a map.
    Map,
    /// A MessagePack extension (a timestamp among them).
    Ext,
    /// A byte no value starts with.
    Invalid,
}

/// A number as a dynamic value keeps it ([`Reader::read_parsed_number`]): an integer
/// that fits `u64` (or, negative, `i64`) exactly, anything else the nearest `f64`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParsedNumber {
    /// A non-negative integer.
    PosInt(u64),
    /// A negative integer (never zero).
    NegInt(i64),
    /// Everything else: in JSON a fraction or exponent, `-0`, or an integer beyond
    /// `u64`/`i64` (always finite); in MessagePack a float 64, as it is (NaN and the
    /// infinities included).
    Float(f64),
    /// A MessagePack float 32, as it is (a value that keeps the width, MessagePack's own,
    /// keeps it; the others widen it). JSON never gives one.
    Float32(f32),
}

/// A CBOR head that no other format has ([`Reader::read_item_head`],
/// [`Writer::write_item_head`](crate::Writer::write_item_head)): a tag, whose content is
/// the value after it, or a simple value other than `false`, `true`, `null` and the
/// floats (`undefined` is 23).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemHead {
    /// A tag (major type 6) of this number.
    Tag(u64),
    /// A simple value (major type 7): 0 to 19, 23 (`undefined`), or 32 to 255.
    Simple(u8),
}

/// A string as [`Reader::read_str_ref`] reads it: borrowed from the input where it is
/// there as it is, else from the reader (JSON's scratch buffer, holding the unescaped
/// text) until the next read.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrRef<'de, 's> {
    /// The input's own bytes: may outlive the reader.
    Borrowed(&'de str),
    /// The reader's copy: to be copied before reading on.
    Transient(&'s str),
}

/// An enum tag read as a value, for an enum with an integer or bool name
/// ([`Reader::read_tag`]): a string (kept as the format's key token and matched by its
/// bytes, as string tags are), an integer or a bool, each with its offset for messages.
/// Enums whose names are all strings never build one.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum Tag<K> {
    /// A string, as the format's key token.
    Str(K),
    /// An integer (at the given offset). A JSON integer beyond `i128` is
    /// [`Tag::NO_NAME`].
    Int(i128, usize),
    /// A bool (at the given offset).
    Bool(bool, usize),
}

impl<K> Tag<K> {
    /// The `kinds` bit of string names ([`Reader::read_tag`]); the derive writes the
    /// mask as a literal.
    pub const KIND_STR: u8 = 1;
    /// The `kinds` bit of integer names.
    pub const KIND_INT: u8 = 2;
    /// The `kinds` bit of bool names.
    pub const KIND_BOOL: u8 = 4;
    /// What [`Tag::Int`] holds for a JSON integer beyond `i128`: a value that no name
    /// has, since names fit `i64` or `u64` (so such a tag is unknown, or `other`).
    pub const NO_NAME: i128 = i128::MIN;
}

pub(crate) mod sealed {
    /// Keeps [`Reader`](super::Reader) implemented by this crate's readers only, so that
    /// methods can be added to it without breaking anyone.
    pub trait Sealed {}
}

/// The format-neutral reading interface: one value at a time, from input that lives for
/// `'de`. Implemented by [`JsonReader`](crate::json::JsonReader) and
/// `msgpack::MsgpackReader`, and sealed (no other type can
/// implement it).
///
/// A generic function over `R: Reader<'de>` reads either format, with the code of each
/// format's own reader methods once monomorphized:
///
/// ```
/// use codec::{Decode, Reader, Result};
///
/// /// A `[name, count]` pair, in any format.
/// fn read_entry<'de, R: Reader<'de>>(r: &mut R) -> Result<(&'de str, u32)> {
///     r.begin_tuple(2)?;
///     r.tuple_next(0, 2)?;
///     let name = r.read_borrowed_str()?;
///     r.tuple_next(1, 2)?;
///     let count = u32::decode(r)?;
///     r.end_tuple(2)?;
///     Ok((name, count))
/// }
///
/// let mut r = codec::json::JsonReader::new(br#"["a", 7]"#);
/// assert_eq!(read_entry(&mut r)?, ("a", 7));
/// # #[cfg(feature = "msgpack")] {
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\xa1a\x07");
/// assert_eq!(read_entry(&mut r)?, ("a", 7));
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
///
/// Errors are those of the format's reader, at the same offsets: a method here only
/// chooses which of the reader's methods runs.
pub trait Reader<'de>: sealed::Sealed {
    /// Whether an array states its element count before its elements (`true` for
    /// MessagePack), rather than only its end telling where it stops (`false` for JSON).
    /// Known at compile time: a collection that decodes differently by it (a `Vec` of
    /// small elements gathers its first elements on the stack when no length is
    /// announced) pays nothing for the test. CBOR's is `true`, though its
    /// indefinite-length collections announce nothing: [`read_seq`](Self::read_seq) and
    /// [`read_map`](Self::read_map) then hand `make` a count of 0, so a collection
    /// bounded in size checks each element, not only that count.
    const ANNOUNCES_LENGTHS: bool;

    /// The offset of the next byte to be read.
    fn position(&self) -> usize;

    /// The offset where the next value starts: in JSON past any whitespace, in MessagePack
    /// the current position. For errors found after the value was read (a zero where a
    /// nonzero integer was expected is reported at the number).
    fn value_start(&mut self) -> usize;

    /// Reads `null` (MessagePack `nil`).
    fn read_null(&mut self) -> Result<()>;

    /// Consumes `null` (MessagePack `nil`) if it is next and says whether it was.
    fn try_read_null(&mut self) -> Result<bool>;

    /// Reads `true` or `false`.
    fn read_bool(&mut self) -> Result<bool>;

    /// Reads an unsigned integer no greater than `max`; `expected` names the type in errors
    /// ("300 does not fit in u8").
    fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64>;

    /// Reads a signed integer in `min..=max`; `expected` names the type in errors.
    fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64>;

    /// Reads a `u128`.
    fn read_u128(&mut self) -> Result<u128>;

    /// Reads an `i128`.
    fn read_i128(&mut self) -> Result<i128>;

    /// Reads a number as an `f32`.
    fn read_f32(&mut self) -> Result<f32>;

    /// Reads a number as an `f64`.
    fn read_f64(&mut self) -> Result<f64>;

    /// Reads a string into a `String` of its own (one allocation, exactly the value's).
    fn read_string(&mut self) -> Result<String>;

    /// Reads a string, borrowed from the input when it can be (always in MessagePack; in
    /// JSON when it holds no escape), owned otherwise.
    fn read_cow(&mut self) -> Result<Cow<'de, str>>;

    /// Reads a string that must borrow from the input (for `&'de str`): a JSON string with
    /// escapes is an error, since its text exists nowhere in the input.
    fn read_borrowed_str(&mut self) -> Result<&'de str>;

    /// Reads a string and hands its text to `f`, with the offset where the string starts
    /// (its opening quote in JSON, its header in MessagePack). The text may live only as
    /// long as the call (JSON unescapes into the reader's scratch buffer), so `f` copies
    /// what it keeps: for `Box<str>`, `Rc<str>`, `char`.
    ///
    /// ```
    /// use codec::Reader;
    /// let mut r = codec::json::JsonReader::new(br#" "\u00e9t\u00e9""#);
    /// let boxed = r.read_str_with(|s, at| Ok((Box::<str>::from(s), at)))?;
    /// assert_eq!(boxed, ("été".into(), 1));
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_str_with<T>(&mut self, f: impl FnOnce(&str, usize) -> Result<T>) -> Result<T>;

    /// Reads a string and hands its bytes to `f`, with the offset where it starts, for a
    /// parser that checks every byte itself (a UUID's hex digits): JSON's unescaped bytes,
    /// a MessagePack str's bytes, neither checked for UTF-8. They may live only as long as
    /// the call, as with [`read_str_with`](Self::read_str_with).
    fn read_str_bytes_with<T>(&mut self, f: impl FnOnce(&[u8], usize) -> Result<T>) -> Result<T>;

    /// Checks that the next value is a string, without reading it: otherwise an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error saying `expected` was expected
    /// (for a type read from text, whose name says more than "a string").
    fn expect_string(&mut self, expected: &'static str) -> Result<()>;

    /// Whether the next value is an array, without reading it (JSON skips the whitespace
    /// before it): for a value that has a second, positional form, such as the structs
    /// serde's std impls write, which a positional serializer writes as the array of their
    /// members.
    fn peek_is_array(&mut self) -> bool;

    /// The kind of the next value, without reading it (JSON skips the whitespace before
    /// it); `None` at the end of the input.
    #[doc(hidden)]
    fn peek_value_kind(&mut self) -> Option<ValueKind>;

    /// Reads any number as a dynamic value keeps it (see [`ParsedNumber`]): what
    /// `json::Value` and serde_json's `Value` hold. JSON numbers are classified by their
    /// text in one pass; MessagePack's by their type (an int as it is, a float as a float,
    /// whatever its value). Any other value is an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error expecting "a number".
    #[doc(hidden)]
    fn read_parsed_number(&mut self) -> Result<ParsedNumber>;

    /// Reads a JSON number's text, exactly as written (for a type that keeps every digit,
    /// a decimal). Only where [`ValueKind::Number`] is: the default (MessagePack's, whose
    /// numbers are typed) is an [`InvalidType`](crate::ErrorKind::InvalidType) error
    /// expecting "a number's text".
    #[doc(hidden)]
    fn read_number_text(&mut self) -> Result<&'de str> {
        Err(self.invalid_type("a number's text"))
    }

    /// Skips the next value and returns its text exactly as written, without the
    /// whitespace around it, checked (for `RawJson`, serde_json's `RawValue`). Only in a
    /// text format, JSON (not [`MSGPACK`](Self::MSGPACK)): the default is an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error expecting "a value's text".
    #[doc(hidden)]
    fn read_raw_value(&mut self) -> Result<&'de str> {
        Err(self.invalid_type("a value's text"))
    }

    /// Reads a MessagePack extension: its type and payload, borrowed from the input.
    /// Only where [`ValueKind::Ext`] is: the default (JSON's) is an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error expecting "an extension".
    #[doc(hidden)]
    fn read_ext(&mut self) -> Result<(i8, &'de [u8])> {
        Err(self.invalid_type("an extension"))
    }

    /// Reads a CBOR head that the shared model has no place for, where one is next: a
    /// tag's head (its content follows) or a simple value other than `false`, `true`,
    /// `null` and the floats, consumed (what `cbor::Value` keeps). `None`, nothing
    /// consumed, before any other value; the default (JSON's, MessagePack's) is always
    /// `None`.
    #[doc(hidden)]
    #[inline]
    fn read_item_head(&mut self) -> Result<Option<ItemHead>> {
        Ok(None)
    }

    /// Reads a string without allocating: borrowed from the input where it holds the text
    /// as it is (always in MessagePack; in JSON when it has no escape), else the reader's
    /// unescaped copy, valid until the next read. For a consumer that takes either and
    /// copies only what it keeps (the serde bridge's `visit_borrowed_str` and `visit_str`),
    /// where [`read_cow`](Self::read_cow) would allocate for every string with an escape
    /// (a field name matched and dropped) and [`read_str_with`](Self::read_str_with)
    /// cannot say that the text borrows from the input.
    #[doc(hidden)]
    fn read_str_ref(&mut self) -> Result<StrRef<'de, '_>>;

    /// Reads text that MessagePack may also hold as a bin (a path: serde reads one from
    /// bytes too): in JSON a string, as [`read_cow`](Self::read_cow) reads it (its errors,
    /// which name "a string"); in MessagePack a str, or a bin, borrowed, that must be UTF-8
    /// (else an [`InvalidValue`](crate::ErrorKind::InvalidValue) error at the bin saying
    /// `not_utf8`). Any other MessagePack value is an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error expecting `expected`.
    ///
    /// ```
    /// use codec::Reader;
    ///
    /// let mut r = codec::json::JsonReader::new(br#""a/b""#);
    /// assert_eq!(r.read_str_or_utf8_bin("a path", "not UTF-8")?, "a/b");
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x03a/b");
    /// assert_eq!(r.read_str_or_utf8_bin("a path", "not UTF-8")?, "a/b");
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x01\xff");
    /// assert_eq!(r.read_str_or_utf8_bin("a path", "not UTF-8").unwrap_err().to_string(), "invalid value: not UTF-8 (byte 0)");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_str_or_utf8_bin(&mut self, expected: &'static str, not_utf8: &'static str) -> Result<Cow<'de, str>>;

    // ---- byte strings ----

    /// Reads a byte string in either form of the format, borrowed from the input where it
    /// holds the bytes as they are: in JSON a string, standing for its UTF-8 bytes
    /// (borrowed unless it has escapes), or an array of numbers (owned); in MessagePack a
    /// bin (borrowed) or an array of numbers (owned). Anything else is an error expecting
    /// "bytes (a string or an array of numbers)" (JSON) or "bytes (a bin or an array of
    /// numbers)" (MessagePack).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use codec::Reader;
    ///
    /// let mut r = codec::json::JsonReader::new(br#" "hi""#);
    /// assert!(matches!(r.read_bytes()?, Cow::Borrowed(b"hi")));
    /// let mut r = codec::json::JsonReader::new(b"[104, 105]");
    /// assert!(matches!(r.read_bytes()?, Cow::Owned(ref v) if v == b"hi"));
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x02hi");
    /// assert!(matches!(r.read_bytes()?, Cow::Borrowed(b"hi")));
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x68\x69");
    /// assert!(matches!(r.read_bytes()?, Cow::Owned(ref v) if v == b"hi"));
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_bytes(&mut self) -> Result<Cow<'de, [u8]>>;

    /// Reads a byte string that must borrow from the input (for `&'de [u8]`): a JSON
    /// string without escapes (its UTF-8 bytes), a MessagePack bin. An array of numbers, or
    /// a JSON string with escapes, is an error naming the types that can hold it, since its
    /// bytes exist nowhere in the input.
    ///
    /// ```
    /// use codec::Reader;
    ///
    /// let mut r = codec::json::JsonReader::new(r#""été""#.as_bytes());
    /// assert_eq!(r.read_borrowed_bytes()?, "été".as_bytes());
    /// let e = codec::json::JsonReader::new(b"[1]").read_borrowed_bytes().unwrap_err();
    /// assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"));
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x01\x07");
    /// assert_eq!(r.read_borrowed_bytes()?, [7]);
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_borrowed_bytes(&mut self) -> Result<&'de [u8]>;

    /// Reads exactly `N` bytes (for `[u8; N]`): an array of numbers, decoded in place as
    /// [`<[u8; N]>::decode`](Decode::decode) does (no buffer), or a JSON string's UTF-8
    /// bytes / a MessagePack bin, which must number `N` ("expected `N` bytes, found ...",
    /// at the value).
    ///
    /// ```
    /// use codec::Reader;
    ///
    /// assert_eq!(codec::json::JsonReader::new(b"[1, 2]").read_byte_array::<2>()?, [1, 2]);
    /// assert_eq!(codec::json::JsonReader::new(br#""ab""#).read_byte_array::<2>()?, *b"ab");
    /// assert!(codec::json::JsonReader::new(br#""abc""#).read_byte_array::<2>().is_err());
    /// # #[cfg(feature = "msgpack")]
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xc4\x02ab").read_byte_array::<2>()?, *b"ab");
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_byte_array<const N: usize>(&mut self) -> Result<[u8; N]>;

    /// `true` for a format read by people (JSON), `false` for a binary one (MessagePack):
    /// the reading side of [`Writer::HUMAN_READABLE`](crate::Writer::HUMAN_READABLE), so
    /// that a generic impl reads back the compact form it wrote. A constant: the branch on
    /// it folds away.
    ///
    /// ```
    /// use codec::Reader;
    ///
    /// /// An id written as the text `#002a` for people and as two bytes for machines.
    /// fn id<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<u16> {
    ///     if R::HUMAN_READABLE {
    ///         return r.read_str_with(|text, at| {
    ///             let bad = || codec::Error::new(codec::ErrorKind::InvalidValue("an id such as #002a".into()), at);
    ///             let hex = text.strip_prefix('#').ok_or_else(bad)?;
    ///             u16::from_str_radix(hex, 16).map_err(|_| bad())
    ///         });
    ///     }
    ///     r.read_byte_array::<2>().map(u16::from_be_bytes)
    /// }
    /// assert_eq!(id(&mut codec::json::JsonReader::new(br##""#002a""##))?, 42);
    /// assert!(id(&mut codec::json::JsonReader::new(br#""42""#)).is_err());
    /// # #[cfg(feature = "msgpack")]
    /// assert_eq!(id(&mut codec::msgpack::MsgpackReader::new(b"\xc4\x02\x00\x2a"))?, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    const HUMAN_READABLE: bool;

    /// `true` where the format has a type for an instant, which codec reads instants
    /// (`SystemTime`, ...) from: MessagePack's timestamp extension (type -1). `false` where
    /// they are read from another form (JSON). A constant, as
    /// [`Writer::NATIVE_TIMESTAMP`](crate::Writer::NATIVE_TIMESTAMP): the branch on it
    /// folds away.
    const NATIVE_TIMESTAMP: bool;

    /// Reads an instant in the format's own type for it, as seconds since the Unix epoch
    /// (negative before it) and nanoseconds (below 10^9): in MessagePack the timestamp
    /// extension (another extension type is an [`InvalidType`](crate::ErrorKind::InvalidType)
    /// error, a payload of the wrong size or with nanoseconds past 10^9 an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) one, both at the value). Only where
    /// [`NATIVE_TIMESTAMP`](Self::NATIVE_TIMESTAMP); JSON has no such type, and its method
    /// returns an `InvalidValue` error, reading nothing.
    ///
    /// ```
    /// use codec::Reader;
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xd6\xff\x00\x00\x00\x01");
    /// assert_eq!(r.read_timestamp()?, (1, 0));
    /// # }
    /// assert!(codec::json::JsonReader::new(b"1").read_timestamp().is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_timestamp(&mut self) -> Result<(i64, u32)>;

    /// Opens an array: JSON `[`, a MessagePack array header. Then
    /// [`array_first`](Self::array_first), an element, [`array_next`](Self::array_next),
    /// an element, ... until one of them returns `false`, having left the array.
    fn begin_array(&mut self) -> Result<()>;

    /// After [`begin_array`](Self::begin_array): `true` when an element follows, `false`
    /// (having left the array) when it is empty.
    fn array_first(&mut self) -> Result<bool>;

    /// After an element: `true` when another follows, `false` (having left the array)
    /// after the last.
    fn array_next(&mut self) -> Result<bool>;

    /// Opens an array as [`begin_array`](Self::begin_array) does and returns the element
    /// count its header announces, where the format announces one
    /// ([`ANNOUNCES_LENGTHS`](Self::ANNOUNCES_LENGTHS): MessagePack); then exactly that
    /// many elements follow, read with no [`array_first`](Self::array_first) or
    /// [`array_next`](Self::array_next) between them, and
    /// [`end_counted`](Self::end_counted) leaves the array after the last. `None` where
    /// no count is announced (JSON): the array is then read as after `begin_array`.
    ///
    /// For a reader driven from outside one element at a time that wants the count before
    /// the first (the serde bridge's `SeqAccess`: its size hint, and whether the visitor
    /// read every element): [`read_seq`](Self::read_seq) runs the loop itself, and
    /// `begin_array` keeps MessagePack's count inside the reader.
    #[doc(hidden)]
    fn begin_array_len(&mut self) -> Result<Option<usize>>;

    /// Opens an object as [`begin_object`](Self::begin_object) does and returns the entry
    /// count its header announces, where the format announces one (MessagePack): exactly
    /// that many keys and values then follow one after the other, a key being any value
    /// (read as one, not through [`read_key`](Self::read_key)), and
    /// [`end_counted`](Self::end_counted) leaves the map after the last. `None` where no
    /// count is announced (JSON): the object is then read as after `begin_object`. For the
    /// serde bridge's `MapAccess`, as [`begin_array_len`](Self::begin_array_len) is for
    /// its `SeqAccess`.
    #[doc(hidden)]
    fn begin_object_len(&mut self) -> Result<Option<usize>>;

    /// Leaves an array or map opened by [`begin_array_len`](Self::begin_array_len) or
    /// [`begin_object_len`](Self::begin_object_len) with a count, once all its elements
    /// or entries were read. Never called where no count is announced.
    #[doc(hidden)]
    fn end_counted(&mut self);

    /// After the last expected element of an array read through
    /// [`begin_array`](Self::begin_array): leaves it, or fails when more elements follow
    /// ("expected an array of `expected_len` elements, found more").
    fn array_end(&mut self, expected_len: usize) -> Result<()>;

    /// Reads a whole array into a collection: `make(r, n)` creates it, where `n` is the
    /// element count the format announced (0 when it announces none: JSON), then
    /// `element(r, &mut c, i)` reads element `i` into it, for each element. An error from
    /// `make` ends the read before any element; an error from `element` ends it there.
    ///
    /// ```
    /// use codec::{Decode, Reader, Result};
    ///
    /// fn sum<'de, R: Reader<'de>>(r: &mut R) -> Result<u64> {
    ///     r.read_seq(|_, _| Ok(0), |r, total, _| {
    ///         *total += u64::decode(r)?;
    ///         Ok(())
    ///     })
    /// }
    /// assert_eq!(sum(&mut codec::json::JsonReader::new(b"[1, 2, 3]"))?, 6);
    /// # #[cfg(feature = "msgpack")]
    /// assert_eq!(sum(&mut codec::msgpack::MsgpackReader::new(b"\x93\x01\x02\x03"))?, 6);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_seq<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        element: impl FnMut(&mut Self, &mut C, usize) -> Result<()>,
    ) -> Result<C>;

    /// How many of `n` announced elements of `element_size` bytes each a collection may
    /// reserve room for before reading them: MessagePack's
    /// `MsgpackReader::capacity_for` (as far as the input
    /// can back the claim, within the reader's budget); 0 in JSON, where nothing is
    /// presized from the input.
    fn capacity_for(&mut self, n: usize, element_size: usize) -> usize;

    /// Opens a fixed-length array of `len` elements (a tuple, `[T; N]`). In MessagePack
    /// the header's count must be `len`, checked here; in JSON the count shows as the
    /// elements are read, and a zero-length one must be `[]`. Then for each element `i`
    /// [`tuple_next(i, len)`](Self::tuple_next) and the element, and at the end
    /// [`end_tuple(len)`](Self::end_tuple).
    fn begin_tuple(&mut self, len: usize) -> Result<()>;

    /// Moves to element `index` of a fixed-length array of `len`: in JSON, an array that
    /// ends before it is an error ("expected an array of `len` elements, found `index`").
    fn tuple_next(&mut self, index: usize, len: usize) -> Result<()>;

    /// Leaves a fixed-length array of `len` elements, after its last: in JSON more
    /// elements are an error.
    fn end_tuple(&mut self, len: usize) -> Result<()>;

    /// Opens an array of `min` to `max` elements (`min < max`): a tuple whose elements
    /// from `min` on have defaults, serde's rule for tuple structs and variants. Returns
    /// the count to hand [`tuple_more`](Self::tuple_more) and
    /// [`end_tuple_of`](Self::end_tuple_of): MessagePack's header count, checked to be in
    /// range here; `usize::MAX` in JSON, where the end shows as the elements are read.
    /// Element `i < min` is then read after [`tuple_next_of`](Self::tuple_next_of), the
    /// others when `tuple_more` says they are there.
    #[doc(hidden)]
    fn begin_tuple_of(&mut self, min: usize, max: usize) -> Result<usize>;

    /// Moves to element `index` (`< min`) of an array of `min` to `max`, which must be
    /// there: in JSON, an array that ends before it is an error.
    #[doc(hidden)]
    fn tuple_next_of(&mut self, index: usize, min: usize, max: usize) -> Result<()>;

    /// Whether element `index` (`>= min`) of an array of `min` to `max` is there. In
    /// JSON, reading the `]` sets `count` to `index`, and later calls say no.
    #[doc(hidden)]
    fn tuple_more(&mut self, count: &mut usize, index: usize) -> Result<bool>;

    /// Leaves an array of `min` to `max` elements: in JSON, one whose `]` has not been
    /// read must end after `max` elements.
    #[doc(hidden)]
    fn end_tuple_of(&mut self, count: usize, min: usize, max: usize) -> Result<()>;

    /// `true` for MessagePack's reader: what generated code tests to read a MessagePack
    /// form of its own (`#[codec(msgpack(struct_as_array))]`), as
    /// [`Writer::MSGPACK`](crate::Writer) does to write it. A constant: the branch on it
    /// folds away.
    #[doc(hidden)]
    const MSGPACK: bool;

    /// `true` where the format is JSON text (JSON's reader): a raw JSON value (`RawJson`,
    /// serde_json's `RawValue`, the number form of `with::rust_decimal`) is read as its
    /// text, verbatim; `false` where it is read from the value the text would hold
    /// (MessagePack, CBOR), as [`Writer::JSON_TEXT`](crate::Writer::JSON_TEXT) writes it.
    /// A constant.
    #[doc(hidden)]
    const JSON_TEXT: bool;

    /// Opens an array of any length read by position (a `msgpack(struct_as_array)`
    /// struct's fields in declaration order). Returns the count to hand
    /// [`tuple_more`](Self::tuple_more), which says whether each element is there, and
    /// [`end_positional`](Self::end_positional), as [`begin_tuple_of`](Self::begin_tuple_of).
    #[doc(hidden)]
    fn begin_positional(&mut self) -> Result<usize>;

    /// Leaves an array read by position once its first `declared` elements were asked
    /// for: the elements beyond are skipped, or under `deny_unknown` an error ("expected
    /// an array of at most `declared` elements").
    #[doc(hidden)]
    fn end_positional(&mut self, count: usize, declared: usize, deny_unknown: bool) -> Result<()>;

    /// Runs `decode` one nesting level down, counted against the reader's depth limit
    /// like an array or a map, for a value read in another's place (a derived newtype or
    /// `transparent` struct): a type that recurses only through such values then ends in a
    /// [`RecursionLimit`](crate::ErrorKind::RecursionLimit) error, never a stack overflow.
    fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T>;

    // ---- maps and their keys ----

    /// A map key just read, before it is converted: where it is in the input, and what the
    /// `key_*` methods need to convert it (a JSON key's raw text; a MessagePack key's
    /// encoding, which may be any value). Cheap to copy.
    type Key: Copy;

    /// Whether a map whose keys have no string form (a tuple, a struct) is read as an
    /// array of `[key, value]` pairs (`true` for JSON, whose object keys are strings), or
    /// as a map keyed by the values themselves (`false` for MessagePack). Known at compile
    /// time, as [`Writer::COMPOSITE_KEYS_AS_PAIRS`](crate::Writer::COMPOSITE_KEYS_AS_PAIRS).
    const COMPOSITE_KEYS_AS_PAIRS: bool;

    /// Reads a whole map (a JSON object) into a collection: `make(r, n)` creates it, where
    /// `n` is the entry count the format announced (0 in JSON), then `entry(r, &mut c, key)`
    /// converts each key and reads its value, for each entry. An error from `make` or
    /// `entry` ends the read there.
    ///
    /// ```
    /// use codec::{Decode, Reader, Result};
    ///
    /// /// The keys of a map, and the sum of its values, in any format.
    /// fn tally<'de, R: Reader<'de>>(r: &mut R) -> Result<(Vec<&'de str>, u64)> {
    ///     r.read_map(|_, _| Ok((Vec::new(), 0)), |r, (keys, total), key| {
    ///         keys.push(r.key_borrowed_str(key)?);
    ///         *total += u64::decode(r)?;
    ///         Ok(())
    ///     })
    /// }
    /// let mut r = codec::json::JsonReader::new(br#"{"a": 1, "b": 2}"#);
    /// assert_eq!(tally(&mut r)?, (vec!["a", "b"], 3));
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x82\xa1a\x01\xa1b\x02");
    /// assert_eq!(tally(&mut r)?, (vec!["a", "b"], 3));
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn read_map<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        entry: impl FnMut(&mut Self, &mut C, Self::Key) -> Result<()>,
    ) -> Result<C>;

    /// The offset where `key` starts in the input (a JSON key's opening quote).
    fn key_offset(&self, key: Self::Key) -> usize;

    /// The key's text, handed to `f`: it may live only as long as the call (JSON unescapes
    /// into the reader's scratch buffer). A MessagePack key that is not a string is an
    /// error.
    fn key_str_with<T>(&mut self, key: Self::Key, f: impl FnOnce(&str) -> Result<T>) -> Result<T>;

    /// The key's text, borrowed from the input when it can be (always in MessagePack; in
    /// JSON when it holds no escape).
    fn key_cow(&mut self, key: Self::Key) -> Result<Cow<'de, str>>;

    /// The key's text without allocating, as [`read_str_ref`](Self::read_str_ref) reads a
    /// string: borrowed from the input where it holds the text as it is, else the
    /// reader's unescaped copy, valid until the next read (the serde bridge's map keys).
    #[doc(hidden)]
    fn key_str_ref(&mut self, key: Self::Key) -> Result<StrRef<'de, '_>>;

    /// The key's bytes handed to `f`, not checked for UTF-8 (as
    /// [`read_str_bytes_with`](Self::read_str_bytes_with)); a MessagePack key that is not a
    /// string is an error.
    fn key_str_bytes_with<T>(&mut self, key: Self::Key, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T>;

    /// Checks that `key` is a string (always so in JSON): otherwise an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error at the key saying `expected`
    /// was expected.
    fn expect_string_key(&mut self, key: Self::Key, expected: &'static str) -> Result<()>;

    /// Whether `key` is a string (always in JSON; in MessagePack a key may be any value):
    /// a key that is not names no struct member, and reports itself through
    /// [`key_text`](Self::key_text) rather than as text that must be valid.
    fn key_is_string(&self, key: Self::Key) -> bool;

    /// Whether tags stood before `key` (CBOR's: the `key_*` conversions read past them):
    /// [`decode_key_as_value`](Self::decode_key_as_value) then reads them too, so that a
    /// dynamic value keeps them. The default (JSON's, MessagePack's) is `false`.
    #[doc(hidden)]
    #[inline]
    fn key_is_tagged(&self, key: Self::Key) -> bool {
        let _ = key;
        false
    }

    /// The kind of value `key` is (a JSON key is always a [`ValueKind::Str`]), for a key
    /// type with a compact form of its own (a UUID's 16-byte bin in MessagePack).
    #[doc(hidden)]
    fn key_value_kind(&self, key: Self::Key) -> ValueKind;

    /// An [`InvalidType`](crate::ErrorKind::InvalidType) error at `key`: `expected` was
    /// expected, and the key's kind found.
    #[doc(hidden)]
    fn key_type_error(&mut self, key: Self::Key, expected: &'static str) -> Error;

    /// The key's text borrowed from the input (for `&'de str` keys): a JSON key with
    /// escapes is an error, since its text exists nowhere in the input.
    fn key_borrowed_str(&mut self, key: Self::Key) -> Result<&'de str>;

    /// A boolean key: JSON's `"true"` or `"false"`, a MessagePack boolean.
    fn key_bool(&mut self, key: Self::Key) -> Result<bool>;

    /// An integer key no greater than `max` (a JSON key's whole text is the integer);
    /// `expected` names the type in errors.
    fn key_u64_max(&mut self, key: Self::Key, expected: &'static str, max: u64) -> Result<u64>;

    /// An integer key in `min..=max`; `expected` names the type in errors.
    fn key_i64_range(&mut self, key: Self::Key, expected: &'static str, min: i64, max: i64) -> Result<i64>;

    /// A `u128` key.
    fn key_u128(&mut self, key: Self::Key) -> Result<u128>;

    /// An `i128` key.
    fn key_i128(&mut self, key: Self::Key) -> Result<i128>;

    /// An `f64` key: in JSON a key whose whole text is the number, with no space around it
    /// (as serde_json writes a float key; otherwise an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) error at the key, "map key \"...\"
    /// is not a valid f64"); in MessagePack a float key (otherwise an
    /// [`InvalidType`](crate::ErrorKind::InvalidType) error at the key expecting "f64").
    ///
    /// ```
    /// use codec::{Reader, Result};
    ///
    /// fn first_key<'de, R: Reader<'de>>(r: &mut R) -> Result<f64> {
    ///     r.read_map(|_, _| Ok(0.0), |r, k, key| {
    ///         *k = r.key_f64(key)?;
    ///         r.skip_value()
    ///     })
    /// }
    /// assert_eq!(first_key(&mut codec::json::JsonReader::new(br#"{"1.5": 0}"#))?, 1.5);
    /// assert!(first_key(&mut codec::json::JsonReader::new(br#"{" 1.5": 0}"#)).is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn key_f64(&mut self, key: Self::Key) -> Result<f64>;

    /// An `f32` key, as [`key_f64`](Self::key_f64) reads one ("f32" in errors).
    fn key_f32(&mut self, key: Self::Key) -> Result<f32>;

    /// Reads `key` as a value of `T` (a tuple or struct key): in MessagePack the key's
    /// encoding read again through `T`'s decoder, the reader then standing after the key
    /// again; in JSON an error, as an object key is a string and such a `T` has no string
    /// form (its maps are read as pairs, see
    /// [`COMPOSITE_KEYS_AS_PAIRS`](Self::COMPOSITE_KEYS_AS_PAIRS)).
    fn decode_key_as_value<T: Decode<'de>>(&mut self, key: Self::Key) -> Result<T>;

    /// The key in words, for error messages and paths: its text (lossy where it is
    /// malformed), or, for a MessagePack key that is not a string, a number, `true`, ...
    fn key_text(&mut self, key: Self::Key) -> String;

    /// The value read from `start` to the current position in words, for the message of a
    /// duplicate key that was read as a value (a `[key, value]` pair's key).
    fn text_since(&self, start: usize) -> String;

    /// The reader's policy for a key met twice in one map.
    fn duplicate_keys(&self) -> DuplicateKeys;

    /// Reads past the next value, checking it as a decode would (well-formed, within the
    /// limits) but keeping nothing.
    fn skip_value(&mut self) -> Result<()>;

    /// The key's bytes for matching against names: a string key's text (JSON's unescaped
    /// into the reader's scratch buffer when it holds escapes); for a MessagePack key that
    /// is not a string, bytes that are not UTF-8 and so match no name (where
    /// [`key_str_bytes_with`](Self::key_str_bytes_with) fails).
    fn key_bytes(&mut self, key: Self::Key) -> Result<&[u8]>;

    // ---- the members of a struct ----

    /// What a struct's member loop keeps between members: nothing in JSON, whose
    /// separators tell whether another member follows; in MessagePack the count of
    /// members left.
    ///
    /// The protocol, as a derived struct decoder runs it: [`begin_members`](Self::begin_members);
    /// when [`first_member`](Self::first_member) says a member follows, for each field
    /// in declaration order: if [`member_if`](Self::member_if) its name, the value, then
    /// [`next_member`](Self::next_member), stopping when it says none follows; then, if
    /// any member is left, [`other_members`](Self::other_members) for the rest; at the
    /// end [`end_members`](Self::end_members).
    ///
    /// ```
    /// use codec::{Decode, Reader, Result};
    ///
    /// /// `{"x": ..., "y": ...}` with its members in this order, in any format.
    /// fn point<'de, R: Reader<'de>>(r: &mut R) -> Result<(u32, u32)> {
    ///     let mut m = r.begin_members()?;
    ///     let mut point = (0, 0);
    ///     if r.first_member(&mut m)? {
    ///         assert!(r.member_if(&codec::__private::Encoded::new(br#","x":"#, b"\xa1x", b"\x61x"))?);
    ///         point.0 = u32::decode(r)?;
    ///         assert!(r.next_member(&mut m)?);
    ///         assert!(r.member_if(&codec::__private::Encoded::new(br#","y":"#, b"\xa1y", b"\x61y"))?);
    ///         point.1 = u32::decode(r)?;
    ///         assert!(!r.next_member(&mut m)?);
    ///     }
    ///     r.end_members(m);
    ///     Ok(point)
    /// }
    /// assert_eq!(point(&mut codec::json::JsonReader::new(br#"{"x": 1, "y": 2}"#))?, (1, 2));
    /// # #[cfg(feature = "msgpack")]
    /// assert_eq!(point(&mut codec::msgpack::MsgpackReader::new(b"\x82\xa1x\x01\xa1y\x02"))?, (1, 2));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[doc(hidden)]
    type Members: Clone;

    /// Opens a struct's members: JSON `{`, a MessagePack map header (its count kept).
    #[doc(hidden)]
    fn begin_members(&mut self) -> Result<Self::Members>;

    /// After [`begin_members`](Self::begin_members): whether a member follows (JSON: a
    /// key, or `}` consumed; MessagePack: a nonzero count).
    #[doc(hidden)]
    fn first_member(&mut self, members: &mut Self::Members) -> Result<bool>;

    /// Where a member starts: reads its key (and JSON's `:`) when the key is written
    /// exactly as `name` (the format's bytes of it as [`Writer::write_member_name`](crate::Writer::write_member_name)
    /// takes them: in JSON `,"name":`, of which the string token between the comma and
    /// the colon is compared; MessagePack's str, header included) and returns `true`; otherwise
    /// consumes nothing and returns `false`. A `name` longer than the reader's string
    /// limit is declined, leaving it to the general path and its check.
    #[doc(hidden)]
    fn member_if(&mut self, name: &Encoded) -> Result<bool>;

    /// After a member's value: whether another member follows (JSON: `,` consumed, or
    /// `}`; MessagePack: the count less one is nonzero).
    #[doc(hidden)]
    fn next_member(&mut self, members: &mut Self::Members) -> Result<bool>;

    /// Reads the rest of a struct's members, from a member's key (at least one is left):
    /// each key read and offered to `claim`, which decodes its value when it names a
    /// member and says whether it did; a key it declines is unknown: under
    /// `deny_unknown` an error listing the names `expected` appends, otherwise checked as
    /// text (a string key) and its value skipped.
    #[doc(hidden)]
    fn other_members(
        &mut self,
        members: &mut Self::Members,
        claim: impl FnMut(&mut Self, Self::Key) -> Result<bool>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()>;

    /// Leaves a struct's members, once none is left (MessagePack's map; JSON's `}` was
    /// consumed when the last member said so).
    #[doc(hidden)]
    fn end_members(&mut self, members: Self::Members);

    // ---- enums, and objects read key by key ----

    /// A saved position of the reader, for looking ahead and for retrying a value (an
    /// untagged enum's next variant).
    #[doc(hidden)]
    type Checkpoint: Copy;

    /// Saves the position (and nesting).
    #[doc(hidden)]
    fn checkpoint(&self) -> Self::Checkpoint;

    /// Returns to a saved position.
    #[doc(hidden)]
    fn restore(&mut self, checkpoint: Self::Checkpoint);

    /// Returns to a saved position to read the same value again, charging what is read
    /// again to the document's backtracking budget (an error once it is spent).
    #[doc(hidden)]
    fn backtrack(&mut self, checkpoint: Self::Checkpoint) -> Result<()>;

    /// Whether the next value is an object (a map in MessagePack).
    #[doc(hidden)]
    fn peek_is_object(&mut self) -> bool;

    /// Whether the next value is a string.
    #[doc(hidden)]
    fn peek_is_string(&mut self) -> bool;

    /// Opens an object (JSON `{`, a MessagePack map header), to be read entry by entry
    /// with [`object_first`](Self::object_first), [`read_key`](Self::read_key) and
    /// [`object_next`](Self::object_next).
    #[doc(hidden)]
    fn begin_object(&mut self) -> Result<()>;

    /// After [`begin_object`](Self::begin_object): whether an entry follows (having left
    /// the object when not).
    #[doc(hidden)]
    fn object_first(&mut self) -> Result<bool>;

    /// After an entry's value: whether another entry follows (having left the object
    /// when not).
    #[doc(hidden)]
    fn object_next(&mut self) -> Result<bool>;

    /// Reads an entry's key (and JSON's `:`).
    #[doc(hidden)]
    fn read_key(&mut self) -> Result<Self::Key>;

    /// Where an object that [`object_first`](Self::object_first) found empty is reported
    /// (JSON: its `}`; MessagePack: the byte after the map header).
    #[doc(hidden)]
    fn empty_object_at(&self) -> usize;

    /// Reads a string as a key token (an enum's tag), matched by
    /// [`key_bytes`](Self::key_bytes).
    #[doc(hidden)]
    fn read_string_token(&mut self) -> Result<Self::Key>;

    /// "invalid type: expected `expected`, found ..." at the next value.
    #[doc(hidden)]
    fn invalid_type(&mut self, expected: &'static str) -> Error;

    /// A key no member claimed: under `deny_unknown` an error listing the names
    /// `expected` appends; otherwise checked as text (a string key) and its value skipped.
    #[doc(hidden)]
    fn unknown_member(
        &mut self,
        key: Self::Key,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()>;

    /// Whether messages call an object a map (MessagePack) rather than an object (JSON).
    #[doc(hidden)]
    const SAYS_MAP: bool;

    /// Whether keys keep their type (MessagePack's: an enum's integer name is an integer
    /// key there, read by [`key_tag`](Self::key_tag)), or are strings matched by text
    /// (JSON's: `"2"` names the variant `2`).
    #[doc(hidden)]
    const TYPED_KEYS: bool;

    /// Reads the value that names a variant of an enum with an integer or bool name: a
    /// string, an integer or a bool, whichever of them `kinds` (a mask of [`Tag`]'s
    /// `KIND_*` bits) has; any other value is a type error naming `expected`.
    #[doc(hidden)]
    fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<Tag<Self::Key>>;

    /// A key as a tag, where [`TYPED_KEYS`](Self::TYPED_KEYS): of a kind in `kinds`,
    /// else a type error naming `expected`. Where keys are text, the key as a string.
    #[doc(hidden)]
    fn key_tag(&mut self, key: Self::Key, kinds: u8, expected: &'static str) -> Result<Tag<Self::Key>>;

    /// A tag that names no variant ("unknown variant `5`, expected one of ..."), at it.
    #[doc(hidden)]
    fn unknown_tag(&mut self, tag: Tag<Self::Key>, expected: &'static [&'static str]) -> Error;

    /// A variant with content named by a bare value, where the format's form of it is
    /// an object of one entry (the message says how to write it).
    #[doc(hidden)]
    fn tag_has_content(&mut self, tag: Tag<Self::Key>) -> Error;

    /// The member-loop state of the map being read, at the reader's current entry (JSON:
    /// `()`; MessagePack: the count of entries left): what
    /// [`DecodeFields::prepare`](crate::DecodeFields::prepare) takes where a map is read
    /// entry by entry ([`begin_object`](Self::begin_object)) rather than through
    /// [`begin_members`](Self::begin_members).
    #[doc(hidden)]
    fn members_left(&self) -> Self::Members;

    /// Whether this reader decodes in `preserve_refs` mode (see `impls/shared_refs.rs`).
    #[doc(hidden)]
    fn reads_refs(&self) -> bool;

    /// In `preserve_refs` mode, what a pointer finds where its value starts: a reference,
    /// a definition (its id read, the value next), or a value without an id. The format's
    /// own spelling of them (`json/refs.rs`, `msgpack/refs.rs`).
    #[doc(hidden)]
    fn peek_shared(&mut self) -> Result<crate::refs::Peeked>;

    /// A definition's value, read with `decode` as `body` says it follows its id, and
    /// what closes the definition after it.
    #[doc(hidden)]
    fn shared_body<X>(&mut self, body: &crate::refs::Body, decode: impl FnOnce(&mut Self) -> Result<X>) -> Result<X>;

    /// The values decoded for ids so far (made on first use).
    #[doc(hidden)]
    fn shared_table(&mut self) -> &mut crate::refs::DecodeRefs;

    /// Reads a pointer that shares but cannot be cyclic (`Rc<str>`, `Arc<[T]>`) with
    /// `decode`: directly, or, in `preserve_refs` mode, through the reference, definition
    /// or plain value found there (see `impls/shared_refs.rs`).
    #[doc(hidden)]
    #[inline]
    fn decode_acyclic<P: Clone>(&mut self, decode: impl FnOnce(&mut Self) -> Result<P>) -> Result<P>
    where
        Self: Sized,
    {
        if !self.reads_refs() {
            return decode(self);
        }
        match self.peek_shared()? {
            crate::refs::Peeked::Plain => decode(self),
            crate::refs::Peeked::Ref(id, at) => self.shared_table().strong::<P>(id, at),
            crate::refs::Peeked::Def(id, at, body) => {
                self.shared_table().define(id, at)?;
                let built = self.shared_body(&body, decode);
                self.shared_table().finish(id, built)
            }
        }
    }
}

/// The error of `DecodeKey::decode_pair_key`'s default body, for a key type with no
/// pair form (maps never call it: they ask for pairs only when `AS_PAIRS`, and only in a
/// format that reads such maps as pairs).
#[cold]
#[inline(never)]
pub(crate) fn no_pair_key<T: ?Sized>(offset: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!(
            "{} is read from a JSON object key, not from a [key, value] pair",
            core::any::type_name::<T>()
        ))),
        offset,
    )
}

/// An array of `found` elements (or "more", or the index where it ended) where `min` to
/// `max` were expected (a tuple whose last elements have defaults), in either format.
#[cold]
#[inline(never)]
pub(crate) fn tuple_len_error(at: usize, found: &dyn core::fmt::Display, min: usize, max: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("expected an array of {min} to {max} elements, found {found}"))),
        at,
    )
}

/// An array read by position (a `msgpack(struct_as_array)` struct) with elements beyond
/// the `declared` fields, under `deny_unknown_fields`.
#[cold]
#[inline(never)]
pub(crate) fn positional_too_long(at: usize, declared: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("expected an array of at most {declared} elements, found more"))),
        at,
    )
}

/// An array of numbers asked for as `&[u8]`, in either format: its bytes exist nowhere in
/// the input.
#[cold]
#[inline(never)]
pub(crate) fn array_cannot_borrow_bytes(at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "an array of numbers cannot be borrowed as &[u8] (only a string without escapes or a MessagePack bin can); use Vec<u8>, Cow<[u8]> or codec::Bytes",
        )),
        at,
    )
}

/// A string or bin of `found` bytes read as `[u8; expected]`.
#[cold]
#[inline(never)]
pub(crate) fn wrong_byte_count(at: usize, expected: usize, found: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {expected} bytes, found {found}"))), at)
}
