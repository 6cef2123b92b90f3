//! [`Writer`]: what a value's encoding asks of a format's writer, in no format's terms.
//!
//! This is the core side of the one-model plan (issue 28, `docs/one-model.md`): an impl
//! of [`Encode::encode`](crate::Encode::encode) is written once over `W: Writer` and
//! monomorphized for each format the build uses, so it compiles to what the hand-written
//! per-format methods did. Where the formats differ in shape (JSON puts a comma between
//! array elements, MessagePack states the length up front), the trait has a step for each
//! moment of the value and each format does its part of it: `begin_array(len)` is a `[`
//! in JSON and the array header in MessagePack, `array_element(i)` a comma before every
//! element but the first in JSON and nothing in MessagePack. Every method of the formats'
//! impls is `#[inline]`, so the steps that do nothing vanish.
//!
//! The module names no format: `json/` and `msgpack/` implement [`Writer`] for their
//! writers, never the other way round.

use crate::error::Result;

mod sealed {
    /// Only codec's own writers implement [`Writer`](super::Writer): its methods grow with
    /// the plan, which must not break anyone.
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// Bytes that generated code encoded at compile time, once for each format: a struct
/// member's name with its punctuation, an enum's tag, a struct's opening and closing.
/// Each writer writes its own format's bytes and ignores the rest.
///
/// A member name's JSON bytes start with the comma that separates it from the member
/// before (`,"name":`); [`Writer::write_member_name`] drops it for the first member.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Encoded {
    /// The JSON bytes.
    pub json: &'static [u8],
    /// The MessagePack bytes (empty when the derive was built without MessagePack).
    pub msgpack: &'static [u8],
    /// The CBOR bytes: text strings with their preferred (shortest) heads, map headers,
    /// integers (empty when the derive was built without CBOR).
    pub cbor: &'static [u8],
}

impl Encoded {
    /// The bytes of each format: what the derive's table of a type's names is made of.
    #[inline]
    pub const fn new(json: &'static [u8], msgpack: &'static [u8], cbor: &'static [u8]) -> Encoded {
        Encoded { json, msgpack, cbor }
    }
}

/// A format's writer, as generic encoding code sees it: implemented by
/// [`JsonWriter`](crate::json::JsonWriter) and
/// `msgpack::MsgpackWriter`.
///
/// One body over `W: Writer` writes a value in every format:
///
/// ```
/// use codec::{Encode, Result, Writer};
///
/// struct Point(i32, i32);
///
/// impl Encode for Point {
///     fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
///         w.begin_array(2)?;
///         w.array_element(0);
///         self.0.encode(w)?;
///         w.array_element(1);
///         self.1.encode(w)?;
///         w.end_array();
///         Ok(())
///     }
/// }
///
/// assert_eq!(codec::json::to_string(&Point(1, -2))?, "[1,-2]");
/// # #[cfg(feature = "msgpack")]
/// assert_eq!(codec::msgpack::to_vec(&Point(1, -2))?, b"\x92\x01\xfe");
/// # Ok::<(), codec::Error>(())
/// ```
///
/// The trait is sealed: its methods grow as more of codec's model moves onto it.
pub trait Writer: Sealed {
    /// `true` for MessagePack's writer: what generated code tests to write a MessagePack
    /// form of its own (`#[codec(msgpack(struct_as_array))]`), and MessagePack's own
    /// types their extensions. A constant: the branch on it folds away.
    #[doc(hidden)]
    const MSGPACK: bool;

    /// `true` where the format is JSON text (JSON's writer): a raw JSON value (`RawJson`,
    /// serde_json's `RawValue`, the number form of `with::rust_decimal`) is written
    /// verbatim as its own text, and a value that has no JSON form (a non-finite float of
    /// `msgpack::Value`) is an error; `false` where such values are written as the value
    /// their text holds (MessagePack, CBOR). A constant: the branch on it folds away.
    #[doc(hidden)]
    const JSON_TEXT: bool;

    /// `true` where the format has a byte-string type (MessagePack's bin, CBOR's byte
    /// string) that [`write_bytes`](Self::write_bytes) writes: a dynamic value's bytes
    /// (`msgpack::Value::Binary`) are written as such there, and are an error where bytes
    /// would only be an array of numbers (JSON). A constant.
    #[doc(hidden)]
    const NATIVE_BYTES: bool;

    /// `true` where a map key may be a value of any type (MessagePack, CBOR), as
    /// [`Reader::TYPED_KEYS`](crate::Reader::TYPED_KEYS); `false` where keys are strings
    /// (JSON): a dynamic map's non-string key is then an error. A constant.
    #[doc(hidden)]
    const TYPED_KEYS: bool;

    /// `true` where a map whose keys have no string form ([`EncodeKey::AS_PAIRS`](crate::EncodeKey::AS_PAIRS)) is
    /// written as an array of `[key, value]` pairs (JSON, whose object keys are strings);
    /// `false` where such a key stands in key position as its value (MessagePack). A
    /// constant: the branch on it folds away.
    const COMPOSITE_KEYS_AS_PAIRS: bool;

    /// `true` for a format read by people (JSON), `false` for a binary one (MessagePack),
    /// as serde's `is_human_readable`: a type with a compact form of its own besides its
    /// text writes that where this is `false`, as its serde impl does for such formats (a
    /// UUID as a 16-byte bin, an IP address as its octets, time's `Duration` as
    /// `[seconds, nanoseconds]`). A constant: the branch on it folds away.
    ///
    /// ```
    /// use codec::Writer;
    ///
    /// fn id<W: Writer>(w: &mut W, id: u16) -> codec::Result<()> {
    ///     if W::HUMAN_READABLE {
    ///         return w.write_str(&format!("#{id:04x}"));
    ///     }
    ///     w.write_bytes(&id.to_be_bytes())
    /// }
    /// let mut w = codec::json::JsonWriter::new();
    /// id(&mut w, 0x2a)?;
    /// assert_eq!(w.as_bytes(), br##""#002a""##);
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// id(&mut w, 0x2a)?;
    /// assert_eq!(w.as_bytes(), b"\xc4\x02\x00\x2a");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    const HUMAN_READABLE: bool;

    /// `true` where the format has a type for an instant, which codec writes instants
    /// (`SystemTime`, chrono's `DateTime<Utc>`, jiff's `Timestamp`, time's `UtcDateTime`)
    /// as: MessagePack's timestamp extension (type -1). `false` where they are written in
    /// another form, their text or serde's struct (JSON). A constant: the branch on it
    /// folds away.
    const NATIVE_TIMESTAMP: bool;

    /// Writes an instant in the format's own type for it, `seconds` since the Unix epoch
    /// (negative before it) plus `nanoseconds` (below 10^9, else an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) error): in MessagePack the
    /// timestamp extension in its smallest form. Only where
    /// [`NATIVE_TIMESTAMP`](Self::NATIVE_TIMESTAMP); JSON has no such type, and its method
    /// returns an `InvalidValue` error.
    ///
    /// ```
    /// use codec::Writer;
    ///
    /// fn instant<W: Writer>(w: &mut W, seconds: i64, nanoseconds: u32) -> codec::Result<()> {
    ///     if W::NATIVE_TIMESTAMP {
    ///         return w.write_timestamp(seconds, nanoseconds);
    ///     }
    ///     w.write_i64(seconds);
    ///     Ok(())
    /// }
    /// let mut w = codec::json::JsonWriter::new();
    /// instant(&mut w, 1, 0)?;
    /// assert_eq!(w.as_bytes(), b"1");
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// instant(&mut w, 1, 0)?;
    /// assert_eq!(w.as_bytes(), b"\xd6\xff\x00\x00\x00\x01");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_timestamp(&mut self, seconds: i64, nanoseconds: u32) -> Result<()>;

    /// Writes `text`, one valid JSON value, verbatim (`RawJson`, serde_json's `RawValue`).
    /// Only in JSON (not [`MSGPACK`](Self::MSGPACK)): the default is an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) error.
    #[doc(hidden)]
    fn write_raw_value(&mut self, text: &str) -> Result<()> {
        let _ = text;
        Err(crate::error::Error::without_position(crate::error::ErrorKind::InvalidValue(alloc::borrow::Cow::Borrowed(
            "this format has no JSON text",
        ))))
    }

    /// Writes a MessagePack extension of type `tag` holding `data`, in its smallest form.
    /// Only in MessagePack ([`MSGPACK`](Self::MSGPACK)): the default (JSON's) is an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) error.
    #[doc(hidden)]
    fn write_ext(&mut self, tag: i8, data: &[u8]) -> Result<()> {
        let _ = (tag, data);
        Err(crate::error::Error::without_position(crate::error::ErrorKind::InvalidValue(alloc::borrow::Cow::Borrowed(
            "this format has no extension type",
        ))))
    }

    /// `true` where the format has tags and simple values of its own (CBOR), which
    /// [`write_item_head`](Self::write_item_head) writes. A constant.
    #[doc(hidden)]
    const ITEM_HEADS: bool = false;

    /// Writes a CBOR head the shared model has no place for (see
    /// [`Reader::read_item_head`](crate::Reader::read_item_head)): a tag, whose content
    /// is the next value written, or a simple value. Only where
    /// [`ITEM_HEADS`](Self::ITEM_HEADS): the default is an
    /// [`InvalidValue`](crate::ErrorKind::InvalidValue) error.
    #[doc(hidden)]
    fn write_item_head(&mut self, head: crate::reader::ItemHead) -> Result<()> {
        let _ = head;
        Err(crate::error::Error::without_position(crate::error::ErrorKind::InvalidValue(alloc::borrow::Cow::Borrowed(
            "this format has no tags or simple values",
        ))))
    }

    /// Whether the writer is in refs mode (the `preserve_refs` option of its format):
    /// shared pointers are then written through [`write_shared`](Self::write_shared).
    #[doc(hidden)]
    fn preserves_refs(&self) -> bool;

    /// In refs mode, the value behind the shared pointer at `addr`: `write` writes it in
    /// full with an id the first time, a reference to that id is written after. Outside
    /// refs mode, `write` alone.
    #[doc(hidden)]
    fn write_shared(&mut self, addr: usize, write: impl FnOnce(&mut Self) -> Result<()>) -> Result<()>;

    /// Writes a byte string: in JSON an array of numbers (JSON has no bytes), in
    /// MessagePack a bin (an error past 4 GiB).
    ///
    /// ```
    /// use codec::Writer;
    /// let mut w = codec::json::JsonWriter::new();
    /// w.write_bytes(&[1, 2])?;
    /// assert_eq!(w.as_bytes(), b"[1,2]");
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_bytes(&[1, 2])?;
    /// assert_eq!(w.as_bytes(), b"\xc4\x02\x01\x02");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()>;

    /// Writes the absence of a value: `null` in JSON, nil in MessagePack.
    fn write_null(&mut self);

    /// Writes a bool.
    fn write_bool(&mut self, v: bool);

    /// Writes an unsigned integer (in MessagePack, in its smallest form).
    fn write_u64(&mut self, v: u64);

    /// Writes a signed integer (in MessagePack, in its smallest form).
    fn write_i64(&mut self, v: i64);

    /// Writes a `u128`: a JSON number, in MessagePack an integer when it fits in 64 bits
    /// and a 16-byte big-endian bin otherwise.
    fn write_u128(&mut self, v: u128);

    /// Writes an `i128`, as [`write_u128`](Self::write_u128) does.
    fn write_i128(&mut self, v: i128);

    /// Writes an `f32` (in JSON its shortest round-trip text; NaN and the infinities are an
    /// error unless the writer's options say otherwise).
    fn write_f32(&mut self, v: f32) -> Result<()>;

    /// Writes an `f64`, as [`write_f32`](Self::write_f32) does.
    fn write_f64(&mut self, v: f64) -> Result<()>;

    /// Writes a string (an error in MessagePack past 4 GiB).
    fn write_str(&mut self, s: &str) -> Result<()>;

    /// Writes `text` as a string, the caller guaranteeing that it is UTF-8 holding no `"`,
    /// `\` or control byte (an address, a number's digits): JSON copies it between quotes
    /// without the escape scan of [`write_str`](Self::write_str), MessagePack writes the
    /// str. (Text that breaks the guarantee makes malformed output, never undefined
    /// behaviour.)
    ///
    /// ```
    /// use codec::Writer;
    /// let mut w = codec::json::JsonWriter::new();
    /// w.write_escape_free_str(b"10.0.0.1")?;
    /// assert_eq!(w.as_bytes(), br#""10.0.0.1""#);
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_escape_free_str(b"10.0.0.1")?;
    /// assert_eq!(w.as_bytes(), b"\xa810.0.0.1");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_escape_free_str(&mut self, text: &[u8]) -> Result<()>;

    /// [`write_escape_free_str`](Self::write_escape_free_str) of text printed with its
    /// quotes: `quoted` is `"`, the text (with the same guarantee), `"`. JSON copies it in
    /// one piece, MessagePack writes the text inside the quotes as a str.
    ///
    /// ```
    /// use codec::Writer;
    /// let mut w = codec::json::JsonWriter::new();
    /// w.write_quoted_escape_free_str(br#""1.5""#)?;
    /// assert_eq!(w.as_bytes(), br#""1.5""#);
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_quoted_escape_free_str(br#""1.5""#)?;
    /// assert_eq!(w.as_bytes(), b"\xa31.5");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_quoted_escape_free_str(&mut self, quoted: &[u8]) -> Result<()>;

    /// [`write_escape_free_str`](Self::write_escape_free_str) of the text that `parts`
    /// make one after the other (each with the same guarantee), for text assembled from
    /// pieces, with no buffer to assemble it in first: JSON copies the parts between
    /// quotes, MessagePack writes the str header of their total length, then them.
    ///
    /// ```
    /// use codec::Writer;
    /// let mut w = codec::json::JsonWriter::new();
    /// w.write_escape_free_str_parts(&[b"1", b".", b"2"])?;
    /// assert_eq!(w.as_bytes(), br#""1.2""#);
    /// # #[cfg(feature = "msgpack")] {
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_escape_free_str_parts(&[b"1", b".", b"2"])?;
    /// assert_eq!(w.as_bytes(), b"\xa31.2");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_escape_free_str_parts(&mut self, parts: &[&[u8]]) -> Result<()>;

    /// Opens an array of `len` elements (an error in MessagePack past `u32::MAX`).
    fn begin_array(&mut self, len: usize) -> Result<()>;

    /// Comes before element `index` of the array (in JSON, a comma from the second on).
    fn array_element(&mut self, index: usize);

    /// Closes the array.
    fn end_array(&mut self);

    /// Opens a map of `len` entries (an error in MessagePack past `u32::MAX`).
    fn begin_map(&mut self, len: usize) -> Result<()>;

    /// Comes before the key of entry `index` (in JSON, a comma from the second on).
    fn map_key(&mut self, index: usize);

    /// Comes between an entry's key and its value (in JSON, the colon).
    fn map_value(&mut self);

    /// Closes the map.
    fn end_map(&mut self);

    /// `true` where an array's or a map's header states its count (MessagePack): there a
    /// value that writes more or fewer entries than it announced would corrupt the output,
    /// so writers of values whose count is only promised (serde's `Serialize` impls) check
    /// it. A constant: the branch on it folds away.
    #[doc(hidden)]
    const ANNOUNCES_LENGTHS: bool;

    /// Opens an array whose length is known only once its elements are written (a serde
    /// sequence of unknown length), and returns what [`end_elements`](Self::end_elements)
    /// needs: in MessagePack, where the header is (a placeholder, patched at the end).
    /// Each element after [`array_element`](Self::array_element), as in any array.
    #[doc(hidden)]
    fn begin_elements(&mut self) -> usize;

    /// Closes what [`begin_elements`](Self::begin_elements) opened at `at`, now that
    /// `count` elements were written.
    #[doc(hidden)]
    fn end_elements(&mut self, at: usize, count: usize) -> Result<()>;

    /// Where the output is now, for [`key_text_since`](Self::key_text_since): the bytes
    /// already flushed and the length of the buffer.
    #[doc(hidden)]
    fn mark(&self) -> (usize, usize);

    /// The text of the map key written from `mark` on, for an error's path (error path
    /// only): `None` when part of it was flushed, or it is not a key this format reads
    /// back.
    #[doc(hidden)]
    fn key_text_since(&self, mark: (usize, usize)) -> Option<alloc::string::String>;

    /// Writes this format's bytes of `bytes`.
    #[doc(hidden)]
    fn write_encoded(&mut self, bytes: &Encoded);

    /// Opens the members of a struct whose count is known only once they are written
    /// (some are skipped or flattened), and returns what
    /// [`end_members`](Self::end_members) needs: in MessagePack, where the map header is
    /// (a placeholder, patched at the end).
    #[doc(hidden)]
    fn begin_members(&mut self) -> usize;

    /// Writes the name of a member, `written` members having been written before it in
    /// the same struct (in JSON, the comma only when that is not 0).
    #[doc(hidden)]
    fn write_member_name(&mut self, name: &Encoded, written: usize);

    /// Closes what [`begin_members`](Self::begin_members) opened at `at`, now that
    /// `count` members were written.
    #[doc(hidden)]
    fn end_members(&mut self, at: usize, count: usize) -> Result<()>;

    /// Writes a bool map key: `"true"` in JSON (object keys are strings), the bool in
    /// MessagePack.
    fn write_key_bool(&mut self, v: bool);

    /// Writes an unsigned integer map key: in quotes in JSON, the integer in MessagePack.
    fn write_key_u64(&mut self, v: u64);

    /// Writes a signed integer map key, as [`write_key_u64`](Self::write_key_u64) does.
    fn write_key_i64(&mut self, v: i64);

    /// Writes a `u128` map key, as [`write_key_u64`](Self::write_key_u64) does (beyond 64
    /// bits, the 16-byte bin of [`write_u128`](Self::write_u128) in MessagePack).
    fn write_key_u128(&mut self, v: u128);

    /// Writes an `i128` map key, as [`write_key_u128`](Self::write_key_u128) does.
    fn write_key_i128(&mut self, v: i128);

    /// Writes an `f64` map key: in JSON the number as [`write_f64`](Self::write_f64)
    /// writes it, between quotes (as serde_json writes a float key), in MessagePack the
    /// float. Errors as `write_f64`'s.
    ///
    /// ```
    /// use codec::Writer;
    /// let mut w = codec::json::JsonWriter::new();
    /// w.write_key_f64(1.5)?;
    /// assert_eq!(w.as_bytes(), br#""1.5""#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn write_key_f64(&mut self, v: f64) -> Result<()>;

    /// Writes an `f32` map key, as [`write_key_f64`](Self::write_key_f64) does.
    fn write_key_f32(&mut self, v: f32) -> Result<()>;
}
