//! Everything generated code calls and nothing else does. Not a public API: names and
//! signatures here change with the derive.

// Only `core` and `alloc` paths: generated code compiles in `no_std` crates too.
pub use alloc::borrow::Cow;
pub use alloc::vec::Vec;
pub use core::clone::Clone;
pub use core::default::Default;
pub use core::marker::PhantomData;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{Err, Ok};

pub use crate::error::{Error, ErrorKind, Result};
pub use crate::json::{Checkpoint, JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
pub use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::reader::tuple_len_error;
pub use crate::writer::Encoded;
pub use crate::{Decode, DecodeBytes, DecodeKey, Encode, EncodeBytes, EncodeKey, Reader, Writer};
pub use core::convert::From;

/// The members of a struct-like type, decodable one key at a time: what lets a struct be
/// `flatten`ed into another, or be the content of an internally tagged variant, without
/// buffering. The outer decoder owns the object loop and offers each key it does not
/// claim itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object: it has no named members",
    label = "`{Self}` has no named members to be read beside others",
    note = "a `#[codec(flatten)]` field, and the content of an internally tagged variant (`#[codec(tag = \"...\")]` without `content`), share one object with the enclosing fields or the tag: what has members to put there is a `#[derive(Codec)]` struct with named fields, an enum (externally tagged: with a variant that has data; untagged: whose newtype variants hold such types), a unit or newtype struct of these, an `Option` or `Box` of one, or a map (`BTreeMap`, `HashMap`, `codec::json::Map`)",
    note = "in an internally tagged enum, name the value (`Variant {{ value: {Self} }}`), or keep the tag apart from the content with `#[codec(tag = \"t\", content = \"c\")]`"
)]
pub trait DecodeFields<'de>: Sized {
    /// One slot per field (a tuple of `Option`s).
    type State;
    /// All slots empty.
    fn new_state() -> Self::State;
    /// If `key` names a field of this type, decodes its value into `state` and returns
    /// `true`; otherwise consumes nothing and returns `false`.
    fn decode_field(state: &mut Self::State, key: Key<'de>, r: &mut JsonReader<'de>) -> Result<bool>;
    /// [`decode_field`](Self::decode_field) in MessagePack.
    #[cfg(feature = "msgpack")]
    fn decode_field_msgpack(
        state: &mut Self::State,
        key: crate::msgpack::Key<'de>,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool>;
    /// [`decode_field`](Self::decode_field) over any reader, for a type whose `Decode` is
    /// one generic body (a derived struct with named fields): its per-format methods
    /// forward here, so its key dispatch is generated once. The default, for the other
    /// impls, calls the reader's format's own method.
    #[inline]
    fn decode_field_any<R: Reader<'de>>(state: &mut Self::State, key: R::Key, r: &mut R) -> Result<bool> {
        r.decode_field_per_format::<Self>(state, key)
    }
    /// Builds the value once the object ended (`end` is the reader's position then, for
    /// errors); absent required fields are errors.
    fn finish(state: Self::State, end: usize) -> Result<Self>;

    /// Whether this type claims every key (a map): the outer decoder offers keys to such
    /// members last, so a catch-all never takes a key a flattened struct declares.
    const CATCH_ALL: bool = false;

    /// Appends the keys this type declares, for "expected one of" messages (error path
    /// only).
    fn field_names(out: &mut Vec<&'static str>) {
        let _ = out;
    }

    /// Whether [`prepare`](Self::prepare) must run before the first key is offered: a
    /// type that must know something about the whole object first (the tag of a
    /// flattened internally or adjacently tagged enum, the variant of an untagged one),
    /// or that contains such a type. A constant, so the call folds away for every other.
    const PREPARE: bool = false;

    /// Looks ahead over the object, from just after its `{` (no entry read yet), for what
    /// this type must know before its keys come, and puts the reader back where it was.
    /// Runs only when [`PREPARE`](Self::PREPARE).
    fn prepare(state: &mut Self::State, r: &mut JsonReader<'de>) -> Result<()> {
        let _ = (state, r);
        Ok(())
    }

    /// [`prepare`](Self::prepare) over any reader, from the object's first entry (in
    /// MessagePack, over the entries the map has left). The default calls the reader's
    /// format's own method.
    #[inline]
    fn prepare_any<R: Reader<'de>>(state: &mut Self::State, r: &mut R) -> Result<()> {
        r.prepare_fields_per_format::<Self>(state)
    }

    /// [`prepare`](Self::prepare) over any reader, from a member loop (see
    /// [`Reader::begin_members`]): `members` is its state before the first member
    /// (MessagePack's count of entries). The default calls the reader's format's own
    /// method.
    #[inline]
    fn prepare_members<R: Reader<'de>>(state: &mut Self::State, r: &mut R, members: &R::Members) -> Result<()> {
        r.prepare_members_per_format::<Self>(members, state)
    }

    /// [`prepare`](Self::prepare) in MessagePack, the reader at the first of the map's
    /// `left` entries.
    #[cfg(feature = "msgpack")]
    fn prepare_msgpack(state: &mut Self::State, r: &mut MsgpackReader<'de>, left: usize) -> Result<()> {
        let _ = (state, r, left);
        Ok(())
    }
}

/// The members of a struct-like type written without the braces or map header around
/// them, `*count` members having been written before them in the same object (in JSON,
/// each after a comma unless it is the first); adds how many it wrote to `*count`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened into an object: it has no named members",
    label = "`{Self}` has no named members to be written beside others",
    note = "a `#[codec(flatten)]` field, and the content of an internally tagged variant (`#[codec(tag = \"...\")]` without `content`), share one object with the enclosing fields or the tag: what has members to put there is a `#[derive(Codec)]` struct with named fields, an enum (externally tagged: with a variant that has data; untagged: whose newtype variants hold such types), a unit or newtype struct of these, an `Option` or `Box` of one, or a map (`BTreeMap`, `HashMap`, `codec::json::Map`)",
    note = "in an internally tagged enum, name the value (`Variant {{ value: {Self} }}`), or keep the tag apart from the content with `#[codec(tag = \"t\", content = \"c\")]`"
)]
pub trait EncodeFields {
    /// Writes the members.
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()>;
}

/// A boxed struct has its struct's members: an internally tagged variant `V(Box<S>)`
/// writes `S`'s members beside the tag, as serde writes them.
impl<T: EncodeFields + ?Sized> EncodeFields for alloc::boxed::Box<T> {
    #[inline]
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
        (**self).encode_fields(w, count)
    }
}

/// The twin of `Box<T>`'s [`EncodeFields`]: everything `T`'s, its look-ahead included
/// (a flattened `Box` of a tagged enum finds a late tag as the enum does).
impl<'de, T: DecodeFields<'de>> DecodeFields<'de> for alloc::boxed::Box<T> {
    type State = T::State;
    const CATCH_ALL: bool = T::CATCH_ALL;
    const PREPARE: bool = T::PREPARE;
    #[inline]
    fn new_state() -> Self::State {
        T::new_state()
    }
    #[inline]
    fn decode_field(state: &mut Self::State, key: Key<'de>, r: &mut JsonReader<'de>) -> Result<bool> {
        T::decode_field(state, key, r)
    }
    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_field_msgpack(
        state: &mut Self::State,
        key: crate::msgpack::Key<'de>,
        r: &mut MsgpackReader<'de>,
    ) -> Result<bool> {
        T::decode_field_msgpack(state, key, r)
    }
    #[inline]
    fn decode_field_any<R: Reader<'de>>(state: &mut Self::State, key: R::Key, r: &mut R) -> Result<bool> {
        T::decode_field_any(state, key, r)
    }
    #[inline]
    fn finish(state: Self::State, end: usize) -> Result<Self> {
        T::finish(state, end).map(alloc::boxed::Box::new)
    }
    fn field_names(out: &mut Vec<&'static str>) {
        T::field_names(out)
    }
    #[inline]
    fn prepare(state: &mut Self::State, r: &mut JsonReader<'de>) -> Result<()> {
        T::prepare(state, r)
    }
    #[inline]
    fn prepare_any<R: Reader<'de>>(state: &mut Self::State, r: &mut R) -> Result<()> {
        T::prepare_any(state, r)
    }
    #[inline]
    fn prepare_members<R: Reader<'de>>(state: &mut Self::State, r: &mut R, members: &R::Members) -> Result<()> {
        T::prepare_members(state, r, members)
    }
    #[inline]
    #[cfg(feature = "msgpack")]
    fn prepare_msgpack(state: &mut Self::State, r: &mut MsgpackReader<'de>, left: usize) -> Result<()> {
        T::prepare_msgpack(state, r, left)
    }
}

/// The object loop of a named struct.
#[inline]
pub fn decode_struct<'de, T: DecodeFields<'de>>(r: &mut JsonReader<'de>, deny_unknown: bool) -> Result<T> {
    r.begin_object()?;
    let mut state = T::new_state();
    if T::PREPARE {
        T::prepare(&mut state, r)?;
    }
    if r.object_first()? {
        other_members::<T>(r, &mut state, deny_unknown)?;
    }
    T::finish(state, r.position())
}

/// A struct's members from the key at the reader through the closing `}`: each key
/// claimed by `T::decode_field`, any other to [`unknown_field`]. Generated decoders call
/// it at the first key that is not the member their in-order steps expect.
#[inline]
pub fn other_members<'de, T: DecodeFields<'de>>(
    r: &mut JsonReader<'de>,
    state: &mut T::State,
    deny_unknown: bool,
) -> Result<()> {
    loop {
        let key = r.read_key()?;
        if !T::decode_field(state, key, r)? {
            unknown_field(r, key, deny_unknown, T::field_names)?;
        }
        if !r.object_next()? {
            return Ok(());
        }
    }
}

/// An unclaimed key: skipped, or an error under `deny_unknown_fields` listing the names
/// that `expected` appends (called only then).
#[inline]
pub fn unknown_field<'de>(
    r: &mut JsonReader<'de>,
    key: Key<'de>,
    deny_unknown: bool,
    expected: impl FnOnce(&mut Vec<&'static str>),
) -> Result<()> {
    r.unknown_member(key, deny_unknown, expected)
}

/// A member seen a second time: under the default policy an error; otherwise `Ok(true)`
/// to decode the new value over the old (keep-last) or `Ok(false)` once the new value was
/// skipped (keep-first).
#[cold]
#[inline(never)]
pub fn on_duplicate<'de>(r: &mut JsonReader<'de>, key: Key<'de>, name: &'static str) -> Result<bool> {
    match r.duplicate_keys() {
        crate::json::DuplicateKeys::KeepLast => Ok(true),
        crate::json::DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
        _ => Err(duplicate_field(r, key, name)),
    }
}

/// Decodes the value of member `key`, claimed by the field `name`, into its `slot` with
/// `decode`: the duplicate policy applies when the slot is already full, and an error
/// gets `name` on its path. Generated code calls this once per field and arm, so the
/// per-field code stays one short statement (measured: the expanded code of 120 model
/// types shrank by a third).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn put<'de, T>(
    slot: &mut Option<T>,
    r: &mut JsonReader<'de>,
    key: Key<'de>,
    name: &'static str,
    decode: impl FnOnce(&mut JsonReader<'de>) -> Result<T>,
) -> Result<()> {
    fill(slot, r, name, |r| on_duplicate(r, key, name), decode)
}

/// One in-order member step of a generated struct decoder: when the key at the reader
/// is written exactly as `quoted` (see [`JsonReader::read_key_if`]), decodes its value
/// into `slot` and moves past the member. `Ok(true)` when that member ended the object.
/// Each step runs at most once, on a fresh state: no duplicate check. One call per field
/// keeps the generated code short; optimized builds inline it to the same code.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn step<'de, T>(
    r: &mut JsonReader<'de>,
    quoted: &[u8],
    slot: &mut Option<T>,
    name: &'static str,
    decode: impl FnOnce(&mut JsonReader<'de>) -> Result<T>,
) -> Result<bool> {
    if !r.read_key_if(quoted)? {
        return Ok(false);
    }
    *slot = Some(in_field(decode(r), name)?);
    Ok(!r.object_next()?)
}

/// The body of [`put`] and of its MessagePack twin, over any reader: `duplicate` says
/// whether a full slot is decoded again (and may skip the value or fail).
#[inline(always)]
fn fill<R, T>(
    slot: &mut Option<T>,
    r: &mut R,
    name: &'static str,
    duplicate: impl FnOnce(&mut R) -> Result<bool>,
    decode: impl FnOnce(&mut R) -> Result<T>,
) -> Result<()> {
    if slot.is_none() || duplicate(r)? {
        *slot = Some(in_field(decode(r), name)?);
    }
    Ok(())
}

/// `result` with `name` added to its error's path (generated encoders call this once
/// per field: shorter than an inline `if let Err`).
#[inline(always)]
pub fn in_field<T>(result: Result<T>, name: &'static str) -> Result<T> {
    match result {
        Ok(v) => Ok(v),
        Err(e) => Err(e.in_field(name)),
    }
}

/// `result` with the index `index` added to its error's path.
#[inline(always)]
pub fn in_index<T>(result: Result<T>, index: usize) -> Result<T> {
    match result {
        Ok(v) => Ok(v),
        Err(e) => Err(e.in_index(index)),
    }
}

/// The value of a field whose member may be absent: its slot's, else what `absent`
/// gives (`Decode::absent`: `None` for an `Option`), else the missing-field error at
/// `end`. `absent` is passed in (rather than bounded on `T`) so that a field of a type
/// lacking the trait gets one error, on the field, not a second one here.
#[inline(always)]
pub fn required<T>(slot: Option<T>, end: usize, name: &'static str, absent: fn() -> Option<T>) -> Result<T> {
    match slot {
        Some(v) => Ok(v),
        None => absent().ok_or_else(|| missing_field_at(end, name)),
    }
}

/// [`required`] for a `#[codec(with = ...)]` field: nothing stands in for it.
#[inline(always)]
pub fn present<T>(slot: Option<T>, end: usize, name: &'static str) -> Result<T> {
    slot.ok_or_else(|| missing_field_at(end, name))
}

/// A required key that never came, in a container that ended at `end`.
#[cold]
#[inline(never)]
pub fn missing_field_at(end: usize, name: &'static str) -> Error {
    Error::new(ErrorKind::MissingField(name), end.saturating_sub(1))
}

/// Moves to element `index` of a fixed-length array of `len`: index 0 expects the first
/// element after `[`, later ones a `,` first.
#[inline]
pub fn tuple_next(r: &mut JsonReader<'_>, index: usize, len: usize) -> Result<()> {
    r.tuple_next(index, len)
}

/// After the last element of a fixed-length array of `len` (> 0) elements.
#[inline]
pub fn tuple_end(r: &mut JsonReader<'_>, len: usize) -> Result<()> {
    r.array_end(len)
}

// ---- tuples whose last elements have defaults ----
//
// serde fills the missing trailing elements of a tuple struct or variant from their
// `default`: such a tuple reads `min` to `max` elements. Only these tuples call the
// helpers below; the others keep `tuple_next` and `tuple_end`.

/// Whether element `index` of such a tuple is there (after `[`, or a `,`); `false` once
/// the `]` is read.
#[inline]
pub fn tuple_more(r: &mut JsonReader<'_>, index: usize) -> Result<bool> {
    if index == 0 {
        r.array_first()
    } else {
        r.array_next()
    }
}

/// Moves to element `index` of a tuple of `min` to `max` elements, which must be there
/// (`index < min`).
#[inline]
pub fn tuple_next_of(r: &mut JsonReader<'_>, index: usize, min: usize, max: usize) -> Result<()> {
    if !tuple_more(r, index)? {
        return Err(tuple_len_error(r.position().saturating_sub(1), &index, min, max));
    }
    Ok(())
}

/// After the last element of a tuple of `min` to `max` elements, all read: requires `]`.
#[inline]
pub fn tuple_end_of(r: &mut JsonReader<'_>, min: usize, max: usize) -> Result<()> {
    if r.peek() == Some(b',') {
        return Err(tuple_len_error(r.position(), &"more", min, max));
    }
    r.array_end(max)
}

/// An empty JSON array for a zero-length tuple-like value.
#[inline]
pub fn empty_array(r: &mut JsonReader<'_>) -> Result<()> {
    r.empty_array()
}

// ---- tags that are not strings: `rename = 2`, `rename = true`, `repr = "int"`

pub use crate::reader::Tag;

// The helpers of enums' decoders (tags, errors) are the generic ones, which each
// format's reader instantiates: one body for every format.
pub use any::{
    duplicate_field, invalid_type, invalid_value, missing_field, read_tag, scan_for_any_tag, scan_for_tag,
    tag_has_content, unknown_tag, unknown_variant, variant_has_content,
};

/// Whether an untagged enum's variant failed in a way that every other variant would
/// too, so that trying them is wasted (and, level upon level, exponential): malformed
/// input, or a limit reached, the document's or the type's recursion.
#[inline]
pub fn ends_untagged_search(e: &Error) -> bool {
    e.ends_alternatives()
}

/// A flattened externally tagged enum whose object had no key naming a variant.
#[cold]
#[inline(never)]
pub fn no_flattened_variant(end: usize, enum_name: &'static str) -> Error {
    let msg = format!("no variant of enum {enum_name} found in flattened data");
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), end.saturating_sub(1))
}

/// What cannot be flattened (a tuple variant of an untagged enum: an array has no keys).
#[cold]
#[inline(never)]
pub fn cannot_flatten(what: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Owned(format!("cannot flatten {what}: it has no keys"))))
}

/// The error of an untagged enum that matched no variant: each variant's reason.
#[cold]
#[inline(never)]
pub fn no_variant_matched(at: usize, enum_name: &str, reasons: Vec<(&'static str, Error)>) -> Error {
    let mut msg = format!("data did not match any variant of untagged enum {enum_name}");
    for (name, e) in reasons {
        let reason = e.message();
        msg.push_str("; ");
        msg.push_str(name);
        msg.push_str(": ");
        if reason.len() <= MAX_REASON_LEN {
            msg.push_str(&reason);
        } else {
            let mut end = MAX_REASON_LEN;
            while !reason.is_char_boundary(end) {
                end -= 1;
            }
            msg.push_str(&reason[..end]);
            msg.push_str("...");
        }
    }
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
}

/// The longest reason kept per variant in [`no_variant_matched`]. A reason from a nested
/// untagged enum already lists every variant of the level below, so uncapped the message
/// grew geometrically with the nesting depth (found by fuzzing: 13 MB for a 48-byte input).
const MAX_REASON_LEN: usize = 240;

// ---- what a generic encode body calls through a per-format path ----
//
// The derive writes one `encode<W: Writer>` body per type. A field whose encoding is still
// a pair of per-format functions (a `with` module)
// is wrapped in this `Encode` value: `Encode::encode`'s default body then calls
// the wrapper's method for the writer's format, which calls the field's.

/// A `#[codec(with = "module")]` field: its value and the module's `encode_json` and
/// `encode_msgpack` (or, built without MessagePack, `()`).
pub struct EncodeWith<'a, T: ?Sized, J, M> {
    /// The field's value.
    pub value: &'a T,
    /// `module::encode_json`.
    pub json: J,
    /// `module::encode_msgpack`, or its stand-in from `with_fallback`.
    pub msgpack: M,
}

#[cfg(feature = "msgpack")]
impl<T: ?Sized, J, M> Encode for EncodeWith<'_, T, J, M>
where
    J: Fn(&T, &mut JsonWriter) -> Result<()>,
    M: Fn(&T, &mut MsgpackWriter) -> Result<()>,
{
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        (self.json)(self.value, w)
    }

    #[inline]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        (self.msgpack)(self.value, w)
    }
}

#[cfg(not(feature = "msgpack"))]
impl<T: ?Sized, J> Encode for EncodeWith<'_, T, J, ()>
where
    J: Fn(&T, &mut JsonWriter) -> Result<()>,
{
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        (self.json)(self.value, w)
    }
}

/// The expression `$e` where codec has MessagePack, `()` where it has not: the `msgpack`
/// function of an [`EncodeWith`], which the derive emits when its own feature is on,
/// whichever codec it meets.
#[cfg(feature = "msgpack")]
#[doc(hidden)]
#[macro_export]
macro_rules! __codec_msgpack_or_unit {
    ($e:expr) => {
        $e
    };
}

/// See the `msgpack` twin above.
#[cfg(not(feature = "msgpack"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __codec_msgpack_or_unit {
    ($e:expr) => {
        ()
    };
}

pub use crate::__codec_msgpack_or_unit as msgpack_or_unit;

/// Writes a `#[codec(with = "module")]` field through the module's functions (`msgpack`
/// is `()` in a build without MessagePack).
#[inline]
pub fn encode_with<T: ?Sized, W: Writer, J, M>(value: &T, w: &mut W, json: J, msgpack: M) -> Result<()>
where
    for<'a> EncodeWith<'a, T, J, M>: Encode,
{
    EncodeWith { value, json, msgpack }.encode(w)
}

// The decode twin of `EncodeWith`: a `with` field read in a generic `decode` body. The
// module's per-format functions travel to the reader, which calls its format's
// (`Reader::decode_with_per_format`).

/// A `#[codec(with = "module")]` field's `decode_json` and `decode_msgpack` (or, built
/// without MessagePack, `()`), for [`decode_with`].
pub struct DecodeWith<J, M> {
    /// `module::decode_json`.
    pub json: J,
    /// `module::decode_msgpack`, or its stand-in from `with_fallback`.
    pub msgpack: M,
}

/// The functions of a [`DecodeWith`], called by the reader of their format.
pub trait DecodeWithFns<'de, T> {
    /// Calls `module::decode_json`.
    fn decode_json(self, r: &mut JsonReader<'de>) -> Result<T>;
    /// Calls `module::decode_msgpack`.
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(self, r: &mut MsgpackReader<'de>) -> Result<T>;
}

#[cfg(feature = "msgpack")]
impl<'de, T, J, M> DecodeWithFns<'de, T> for DecodeWith<J, M>
where
    J: FnOnce(&mut JsonReader<'de>) -> Result<T>,
    M: FnOnce(&mut MsgpackReader<'de>) -> Result<T>,
{
    #[inline]
    fn decode_json(self, r: &mut JsonReader<'de>) -> Result<T> {
        (self.json)(r)
    }

    #[inline]
    fn decode_msgpack(self, r: &mut MsgpackReader<'de>) -> Result<T> {
        (self.msgpack)(r)
    }
}

#[cfg(not(feature = "msgpack"))]
impl<'de, T, J> DecodeWithFns<'de, T> for DecodeWith<J, ()>
where
    J: FnOnce(&mut JsonReader<'de>) -> Result<T>,
{
    #[inline]
    fn decode_json(self, r: &mut JsonReader<'de>) -> Result<T> {
        (self.json)(r)
    }
}

/// Reads a `#[codec(with = "module")]` field through the module's function for `r`'s
/// format (`msgpack` is `()` in a build without MessagePack).
#[inline]
pub fn decode_with<'de, T, R: Reader<'de>, J, M>(r: &mut R, json: J, msgpack: M) -> Result<T>
where
    DecodeWith<J, M>: DecodeWithFns<'de, T>,
{
    r.decode_with_per_format(DecodeWith { json, msgpack })
}

// ---- maps with composite keys ----

/// The helpers of a generated generic body (`Decode::decode<R>` over any [`Reader`]),
/// twins of the JSON ones above under the same names.
pub mod any {
    use alloc::borrow::Cow;
    use alloc::string::String;
    use alloc::vec::Vec;

    pub use super::{cannot_flatten, in_field, missing_field_at, no_variant_matched};
    use super::{Result, Tag};
    use crate::error::{Error, ErrorKind};
    use crate::reader::DuplicateKeys;
    use crate::Reader;

    /// A key claimed twice.
    #[cold]
    #[inline(never)]
    pub fn duplicate_field<'de, R: Reader<'de>>(r: &R, key: R::Key, name: &'static str) -> Error {
        Error::new(ErrorKind::DuplicateField(Cow::Borrowed(name)), r.key_offset(key))
    }

    /// A required key that never came.
    #[cold]
    #[inline(never)]
    pub fn missing_field<'de, R: Reader<'de>>(r: &R, name: &'static str) -> Error {
        missing_field_at(r.position(), name)
    }

    /// An unclaimed key: its value skipped, or an error under `deny_unknown_fields`.
    #[inline]
    pub fn unknown_field<'de, R: Reader<'de>>(
        r: &mut R,
        key: R::Key,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        r.unknown_member(key, deny_unknown, expected)
    }

    /// A variant with content written as a bare string (its name, the string `key`).
    #[cold]
    #[inline(never)]
    pub fn variant_has_content<'de, R: Reader<'de>>(r: &mut R, key: R::Key) -> Error {
        r.tag_has_content(Tag::Str(key))
    }

    /// A tag that names no variant.
    #[cold]
    #[inline(never)]
    pub fn unknown_variant<'de, R: Reader<'de>>(r: &mut R, key: R::Key, expected: &'static [&'static str]) -> Error {
        r.unknown_tag(Tag::Str(key), expected)
    }

    /// A value of the wrong type.
    #[cold]
    #[inline(never)]
    pub fn invalid_type<'de, R: Reader<'de>>(r: &mut R, expected: &'static str) -> Error {
        r.invalid_type(expected)
    }

    /// A value of the right type that is not acceptable.
    #[cold]
    #[inline(never)]
    pub fn invalid_value<'de, R: Reader<'de>>(r: &R, at: usize, msg: String) -> Error {
        let _ = r;
        Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
    }

    /// Reads the value that names a variant (see [`Reader::read_tag`]).
    #[inline]
    pub fn read_tag<'de, R: Reader<'de>>(r: &mut R, kinds: u8, expected: &'static str) -> Result<Tag<R::Key>> {
        r.read_tag(kinds, expected)
    }

    /// A map key as a tag, where keys keep their type (see [`Reader::key_tag`]).
    #[inline]
    pub fn key_tag<'de, R: Reader<'de>>(
        r: &mut R,
        key: R::Key,
        kinds: u8,
        expected: &'static str,
    ) -> Result<Tag<R::Key>> {
        r.key_tag(key, kinds, expected)
    }

    /// A tag that names no variant.
    #[cold]
    #[inline(never)]
    pub fn unknown_tag<'de, R: Reader<'de>>(r: &mut R, tag: Tag<R::Key>, expected: &'static [&'static str]) -> Error {
        r.unknown_tag(tag, expected)
    }

    /// A variant with content named by a bare value.
    #[cold]
    #[inline(never)]
    pub fn tag_has_content<'de, R: Reader<'de>>(r: &mut R, tag: Tag<R::Key>) -> Error {
        r.tag_has_content(tag)
    }

    /// Looks ahead, from just after the object's opening (no entry read yet), for the
    /// string value of key `tag`, and returns it with the reader put back where it was;
    /// `None` when the object has no such key.
    pub fn scan_for_tag<'de, R: Reader<'de>>(r: &mut R, tag: &'static [u8]) -> Result<Option<R::Key>> {
        scan(r, tag, |r| r.read_string_token())
    }

    /// [`scan_for_tag`] for an enum with an integer or bool name: the tag is read by
    /// [`Reader::read_tag`].
    pub fn scan_for_any_tag<'de, R: Reader<'de>>(
        r: &mut R,
        tag: &'static [u8],
        kinds: u8,
        expected: &'static str,
    ) -> Result<Option<Tag<R::Key>>> {
        scan(r, tag, |r| r.read_tag(kinds, expected))
    }

    fn scan<'de, R: Reader<'de>, T>(
        r: &mut R,
        tag: &'static [u8],
        read: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<Option<T>> {
        let start = r.checkpoint();
        let mut found = None;
        let mut more = r.object_first()?;
        while more {
            let key = r.read_key()?;
            if r.key_bytes(key)? == tag {
                found = Some(read(r)?);
                break;
            }
            r.skip_value()?;
            more = r.object_next()?;
        }
        r.restore(start);
        Ok(found)
    }

    /// [`scan_for_tag`] from a member loop: over the members `members` counts (see
    /// [`Reader::begin_members`]), before the first is read.
    pub fn scan_members_for_tag<'de, R: Reader<'de>>(
        r: &mut R,
        members: &R::Members,
        tag: &'static [u8],
    ) -> Result<Option<R::Key>> {
        scan_members(r, members, tag, |r| r.read_string_token())
    }

    /// [`scan_members_for_tag`] for an enum with an integer or bool name.
    pub fn scan_members_for_any_tag<'de, R: Reader<'de>>(
        r: &mut R,
        members: &R::Members,
        tag: &'static [u8],
        kinds: u8,
        expected: &'static str,
    ) -> Result<Option<Tag<R::Key>>> {
        scan_members(r, members, tag, |r| r.read_tag(kinds, expected))
    }

    fn scan_members<'de, R: Reader<'de>, T>(
        r: &mut R,
        members: &R::Members,
        tag: &'static [u8],
        read: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<Option<T>> {
        let start = r.checkpoint();
        let mut found = None;
        let mut members = members.clone();
        let mut more = r.first_member(&mut members)?;
        while more {
            let key = r.read_key()?;
            if r.key_bytes(key)? == tag {
                found = Some(read(r)?);
                break;
            }
            r.skip_value()?;
            more = r.next_member(&mut members)?;
        }
        r.restore(start);
        Ok(found)
    }

    /// A member seen a second time (see the JSON twin).
    #[cold]
    #[inline(never)]
    pub fn on_duplicate<'de, R: Reader<'de>>(r: &mut R, key: R::Key, name: &'static str) -> Result<bool> {
        match r.duplicate_keys() {
            DuplicateKeys::KeepLast => Ok(true),
            DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
            _ => Err(Error::new(ErrorKind::DuplicateField(Cow::Borrowed(name)), r.key_offset(key))),
        }
    }

    /// The generic twin of [`put`](super::put).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put<'de, R: Reader<'de>, T>(
        slot: &mut Option<T>,
        r: &mut R,
        key: R::Key,
        name: &'static str,
        decode: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<()> {
        super::fill(slot, r, name, |r| on_duplicate(r, key, name), decode)
    }
}

/// The MessagePack twins of the helpers above, under the same names, so that generated
/// decoders differ between formats only in the path they call through.
#[cfg(feature = "msgpack")]
pub mod mp {
    use alloc::vec::Vec;

    pub use super::any::{
        duplicate_field, invalid_type, invalid_value, key_tag, missing_field, read_tag, scan_for_any_tag, scan_for_tag,
        tag_has_content, unknown_tag, unknown_variant, variant_has_content,
    };
    use super::Result;
    pub use super::{cannot_flatten, in_field, missing_field_at, no_flattened_variant, no_variant_matched};
    use super::{DecodeFields, Tag};
    use crate::json::DuplicateKeys;
    pub use crate::msgpack::{Checkpoint, Key, Kind, MsgpackReader, MsgpackWriter};

    /// The map loop of a named struct.
    #[inline]
    pub fn decode_struct<'de, T: DecodeFields<'de>>(r: &mut MsgpackReader<'de>, deny_unknown: bool) -> Result<T> {
        let n = r.read_map_len()?;
        let mut state = T::new_state();
        if T::PREPARE {
            T::prepare_msgpack(&mut state, r, n)?;
        }
        other_members::<T>(r, &mut state, n, deny_unknown)?;
        r.leave();
        T::finish(state, r.position())
    }

    /// The twin of [`other_members`](super::other_members): the map's `left` members
    /// still to read, each claimed by `T::decode_field_msgpack` or skipped as unknown.
    #[inline]
    pub fn other_members<'de, T: DecodeFields<'de>>(
        r: &mut MsgpackReader<'de>,
        state: &mut T::State,
        left: usize,
        deny_unknown: bool,
    ) -> Result<()> {
        for _ in 0..left {
            let key = r.read_key()?;
            if !T::decode_field_msgpack(state, key, r)? {
                unknown_field(r, key, deny_unknown, T::field_names)?;
            }
        }
        Ok(())
    }

    /// An unclaimed key: its value skipped, or an error under `deny_unknown_fields`.
    #[inline]
    pub fn unknown_field<'de>(
        r: &mut MsgpackReader<'de>,
        key: Key<'de>,
        deny_unknown: bool,
        expected: impl FnOnce(&mut Vec<&'static str>),
    ) -> Result<()> {
        r.unknown_member(key, deny_unknown, expected)
    }

    /// A member seen a second time (see the JSON twin).
    #[cold]
    #[inline(never)]
    pub fn on_duplicate<'de>(r: &mut MsgpackReader<'de>, key: Key<'de>, name: &'static str) -> Result<bool> {
        match r.duplicate_keys() {
            DuplicateKeys::KeepLast => Ok(true),
            DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
            _ => Err(duplicate_field(r, key, name)),
        }
    }

    /// The MessagePack twin of [`put`](super::put).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put<'de, T>(
        slot: &mut Option<T>,
        r: &mut MsgpackReader<'de>,
        key: Key<'de>,
        name: &'static str,
        decode: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T>,
    ) -> Result<()> {
        super::fill(slot, r, name, |r| on_duplicate(r, key, name), decode)
    }

    // ---- maps with composite keys ----

    /// A tuple of `min` to `max` elements (its last ones have defaults) whose header (at
    /// `at`) announced `len`.
    #[inline]
    pub fn expect_len_of(len: usize, min: usize, max: usize, at: usize) -> Result<()> {
        if len < min || len > max {
            return Err(crate::reader::tuple_len_error(at, &len, min, max));
        }
        Ok(())
    }

    /// A fixed-length array of `expected` elements whose header (at `at`) announced `len`.
    #[inline(always)]
    pub fn expect_len(len: usize, expected: usize, at: usize) -> Result<()> {
        MsgpackReader::expect_len(len, expected, at)
    }

    /// [`scan_for_tag`] over the `left` entries of a map from the reader's position (a
    /// flattened tagged enum looking ahead over the map it was flattened into).
    pub fn scan_for_tag_in<'de>(
        r: &mut MsgpackReader<'de>,
        tag: &'static [u8],
        left: usize,
    ) -> Result<Option<Key<'de>>> {
        let start = r.checkpoint();
        let mut found = None;
        for _ in 0..left {
            let key = r.read_key()?;
            if r.key_bytes(key)? == tag {
                found = Some(r.read_string_token()?);
                break;
            }
            r.skip_value()?;
        }
        r.restore(start);
        Ok(found)
    }

    /// [`scan_for_any_tag`] over the `left` entries of a map from the reader's position.
    pub fn scan_for_any_tag_in<'de>(
        r: &mut MsgpackReader<'de>,
        tag: &'static [u8],
        kinds: u8,
        expected: &'static str,
        left: usize,
    ) -> Result<Option<Tag<Key<'de>>>> {
        let start = r.checkpoint();
        let mut found = None;
        for _ in 0..left {
            let key = r.read_key()?;
            if r.key_bytes(key)? == tag {
                found = Some(read_tag(r, kinds, expected)?);
                break;
            }
            r.skip_value()?;
        }
        r.restore(start);
        Ok(found)
    }

    /// The entries left in the map the reader is in, after `begin_object` or an entry.
    #[inline]
    pub fn map_left(r: &MsgpackReader<'_>) -> usize {
        r.entries_left()
    }

    /// After the fields of a `struct_as_array` struct that declares `declared` of them,
    /// in an array of `len`: skips the elements beyond (or rejects them under
    /// `deny_unknown_fields`) and leaves the array.
    #[inline]
    pub fn end_positional(r: &mut MsgpackReader<'_>, len: usize, declared: usize, deny_unknown: bool) -> Result<()> {
        if len > declared {
            if deny_unknown {
                return Err(crate::reader::positional_too_long(r.position(), declared));
            }
            for _ in declared..len {
                r.skip_value()?;
            }
        }
        r.leave();
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// MessagePack in every build: what keeps the `msgpack` feature additive.

/// Expands to its input when `codec`'s `msgpack` feature is on, and to nothing otherwise.
/// The derive wraps every MessagePack item it emits in it (as `__private::if_msgpack!`),
/// so whether those items exist follows `codec`'s feature, never `codec-derive`'s: a
/// build in which something turns on `codec-derive/msgpack` alone still compiles. The
/// input tokens pass through untouched, spans and hygiene included.
#[cfg(feature = "msgpack")]
#[doc(hidden)]
#[macro_export]
macro_rules! __codec_if_msgpack {
    ($($item:tt)*) => { $($item)* };
}

/// See the `msgpack` twin above: without the feature, the MessagePack items vanish.
#[cfg(not(feature = "msgpack"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __codec_if_msgpack {
    ($($item:tt)*) => {};
}

pub use crate::__codec_if_msgpack as if_msgpack;

/// What a `#[codec(with = "module")]` field's MessagePack code calls when the module
/// defines only the JSON functions: an [`ErrorKind::Unsupported`] error naming the field's
/// type. The derive reaches the module's own function through a glob import in an inner
/// block and these through one in the block around it, so the module's function, when it
/// exists, shadows its fallback:
/// `({ use __p::with_fallback::*; { use module::*; encode_msgpack } })(value, writer)`.
/// The blocks evaluate to the function only; the call's arguments stay outside, where no
/// glob-imported name can shadow the derive's locals.
#[cfg(feature = "msgpack")]
pub mod with_fallback {
    use super::{Error, MsgpackReader, MsgpackWriter, Result};

    /// `with::encode_msgpack` for a module that lacks it.
    #[cold]
    pub fn encode_msgpack<T: ?Sized>(value: &T, w: &mut MsgpackWriter) -> Result<()> {
        let _ = (value, w);
        Err(Error::unsupported::<T>(crate::MSGPACK, "with::encode_msgpack", None))
    }

    /// `with::decode_msgpack` for a module that lacks it.
    #[cold]
    pub fn decode_msgpack<T>(r: &mut MsgpackReader<'_>) -> Result<T> {
        Err(Error::unsupported::<T>(crate::MSGPACK, "with::decode_msgpack", Some(r.position())))
    }
}

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;
    use alloc::string::String;

    use super::*;

    /// An impl without a generic `decode_field_any` (a map's) is reached through it in
    /// its format's own method: the key is claimed and its value read, in each format.
    #[test]
    fn decode_field_any_default_calls_the_formats_own_method() {
        type Map = BTreeMap<String, u32>;
        let mut r = JsonReader::new(br#"{"a": 1}"#);
        r.begin_object().unwrap();
        assert!(r.object_first().unwrap());
        let key = r.read_key().unwrap();
        let mut state = <Map as DecodeFields>::new_state();
        assert!(<Map as DecodeFields>::decode_field_any(&mut state, key, &mut r).unwrap());
        assert!(!r.object_next().unwrap());
        assert_eq!(<Map as DecodeFields>::finish(state, r.position()).unwrap(), Map::from([("a".into(), 1)]));
        #[cfg(feature = "msgpack")]
        {
            let mut r = MsgpackReader::new(b"\x81\xa1b\x02");
            r.begin_object().unwrap();
            assert!(r.object_first().unwrap());
            let key = r.read_key().unwrap();
            let mut state = <Map as DecodeFields>::new_state();
            assert!(<Map as DecodeFields>::decode_field_any(&mut state, key, &mut r).unwrap());
            assert!(!r.object_next().unwrap());
            assert_eq!(<Map as DecodeFields>::finish(state, r.position()).unwrap(), Map::from([("b".into(), 2)]));
        }
    }
}
