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
    /// If `key`, just read by `r`, names a field of this type, decodes its value into
    /// `state` and returns `true`; otherwise consumes nothing and returns `false`. One
    /// generic body for every format.
    fn decode_field<R: Reader<'de>>(state: &mut Self::State, key: R::Key, r: &mut R) -> Result<bool>;
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

    /// Looks ahead over the object for what this type must know before its keys come,
    /// and puts the reader back where it was: from a member loop's start (see
    /// [`Reader::begin_members`]), `members` its state before the first member (JSON:
    /// after the `{`; MessagePack: the count of entries the map holds). Runs only when
    /// [`PREPARE`](Self::PREPARE).
    #[inline]
    fn prepare<R: Reader<'de>>(state: &mut Self::State, r: &mut R, members: &R::Members) -> Result<()> {
        let _ = (state, r, members);
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
    fn decode_field<R: Reader<'de>>(state: &mut Self::State, key: R::Key, r: &mut R) -> Result<bool> {
        T::decode_field(state, key, r)
    }
    #[inline]
    fn finish(state: Self::State, end: usize) -> Result<Self> {
        T::finish(state, end).map(alloc::boxed::Box::new)
    }
    fn field_names(out: &mut Vec<&'static str>) {
        T::field_names(out)
    }
    #[inline]
    fn prepare<R: Reader<'de>>(state: &mut Self::State, r: &mut R, members: &R::Members) -> Result<()> {
        T::prepare(state, r, members)
    }
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

// ---- tags that are not strings: `rename = 2`, `rename = true`, `repr = "int"`

pub use crate::reader::Tag;

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

/// The helpers of generated decode bodies (`Decode::decode<R>` over any [`Reader`],
/// `DecodeFields::decode_field`, `prepare`).
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

    /// A member seen a second time: under the default policy an error; otherwise
    /// `Ok(true)` to decode the new value over the old (keep-last) or `Ok(false)` once the
    /// new value was skipped (keep-first).
    #[cold]
    #[inline(never)]
    pub fn on_duplicate<'de, R: Reader<'de>>(r: &mut R, key: R::Key, name: &'static str) -> Result<bool> {
        match r.duplicate_keys() {
            DuplicateKeys::KeepLast => Ok(true),
            DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
            _ => Err(Error::new(ErrorKind::DuplicateField(Cow::Borrowed(name)), r.key_offset(key))),
        }
    }

    /// The value of an in-order member step (the derive's `ordered_step`): `decode` from
    /// `r` into the field's `slot`, an error with `name` on its path. One call, so each
    /// field's step is one short statement.
    #[inline(always)]
    pub fn step<'de, R: Reader<'de>, T>(
        slot: &mut Option<T>,
        r: &mut R,
        name: &'static str,
        decode: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<()> {
        *slot = Some(in_field(decode(r), name)?);
        Ok(())
    }

    /// Decodes the value of member `key`, claimed by the field `name`, into its `slot`
    /// with `decode`: the duplicate policy applies when the slot is already full, and an
    /// error gets `name` on its path. Returns `true` (the key was claimed), so that a
    /// field's arm in `DecodeFields::decode_field` is this one call. Generated code calls
    /// this once per field and arm, so the per-field code stays one short expression
    /// (measured: the expanded code of 120 model types shrank by a third).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn put<'de, R: Reader<'de>, T>(
        slot: &mut Option<T>,
        r: &mut R,
        key: R::Key,
        name: &'static str,
        decode: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<bool> {
        fill(slot, r, name, |r| on_duplicate(r, key, name), decode)?;
        Ok(true)
    }

    /// The body of [`put`]: `duplicate` says whether a full slot is decoded again (and
    /// may skip the value or fail). A function of its own for LLVM's sake: with this body
    /// written in `put`, callgrind moved twitter to 0.9964, citm_mp to 1.0055 and flatten
    /// to 1.0080 (docs/one-model.md, 68fa3e1).
    #[inline(always)]
    fn fill<R, T>(
        slot: &mut Option<T>,
        r: &mut R,
        name: &'static str,
        duplicate: impl FnOnce(&mut R) -> Result<bool>,
        decode: impl FnOnce(&mut R) -> Result<T>,
    ) -> Result<()> {
        if slot.is_none() || duplicate(r)? {
            *slot = Some(super::in_field(decode(r), name)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `json::Map`'s one generic `decode_field` claims every key and reads its value, in
    /// each format.
    #[test]
    fn map_decode_field_claims_a_key_in_each_format() {
        use crate::json::Map;
        let mut r = JsonReader::new(br#"{"a": 1}"#);
        r.begin_object().unwrap();
        assert!(r.object_first().unwrap());
        let key = r.read_key().unwrap();
        let mut state = <Map as DecodeFields>::new_state();
        assert!(<Map as DecodeFields>::decode_field(&mut state, key, &mut r).unwrap());
        assert!(!r.object_next().unwrap());
        let map = <Map as DecodeFields>::finish(state, r.position()).unwrap();
        assert_eq!((map.len(), map.get("a").and_then(|v| v.as_u64())), (1, Some(1)));
        #[cfg(feature = "msgpack")]
        {
            let mut r = MsgpackReader::new(b"\x81\xa1b\x02");
            r.begin_object().unwrap();
            assert!(r.object_first().unwrap());
            let key = r.read_key().unwrap();
            let mut state = <Map as DecodeFields>::new_state();
            assert!(<Map as DecodeFields>::decode_field(&mut state, key, &mut r).unwrap());
            assert!(!r.object_next().unwrap());
            let map = <Map as DecodeFields>::finish(state, r.position()).unwrap();
            assert_eq!((map.len(), map.get("b").and_then(|v| v.as_u64())), (1, Some(2)));
        }
    }
}
