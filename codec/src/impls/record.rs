//! The members of the small structs that serde's std impls write with fixed names
//! (`Duration`'s `secs`/`nanos`, the ranges' `start`/`end`, `SystemTime`'s): the writer of
//! a member's name, and their reader over any format, shared by those impls.
//!
//! serde reads these structs as if derived with `deny_unknown_fields`: an object (a map)
//! holding every member once, in any order, and no other key; or an array (as a positional
//! serializer writes them, rmp-serde's `to_vec` for one) holding the members in order and
//! nothing after them. Both forms are accepted here, with those rules.

use alloc::borrow::{Cow, ToOwned};
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::{DuplicateKeys, Reader, Writer};

/// Comes before the value of member `index` of such a struct, written as a map: the
/// member's `name` as its key. (The names hold no byte JSON escapes.)
#[inline]
pub(crate) fn encode_member<W: Writer>(w: &mut W, index: usize, name: &'static str) -> Result<()> {
    w.map_key(index);
    w.write_escape_free_str(name.as_bytes())?;
    w.map_value();
    Ok(())
}

/// The index in `names` of the member named by `bytes`.
#[inline(always)]
fn member_index(names: &[&str], bytes: &[u8]) -> Option<usize> {
    names.iter().position(|n| n.as_bytes() == bytes)
}

/// The index in `names` of the member that `key` names, if it names one: a key that is
/// not a string (in MessagePack) names none.
#[inline(always)]
pub(crate) fn member_of<'de, R: Reader<'de>>(r: &mut R, key: R::Key, names: &[&str]) -> Result<Option<usize>> {
    if !r.key_is_string(key) {
        return Ok(None);
    }
    r.key_str_bytes_with(key, |bytes| Ok(member_index(names, bytes)))
}

/// Reads an object whose keys are `names` (in any order, each at most once under the
/// default duplicate policy, no other) or an array of exactly `names.len()` members in
/// order, handing each member's index to `member`, which reads its value. An error in a
/// member gets the member's name (or, in an array, its index) on its path. Returns the
/// reader's position after the value, where a caller reports a member that never came.
#[inline]
pub(crate) fn decode<'de, R: Reader<'de>>(
    r: &mut R,
    names: &'static [&'static str],
    mut member: impl FnMut(usize, &mut R) -> Result<()>,
) -> Result<usize> {
    let len = names.len();
    if r.peek_is_array() {
        // In MessagePack the header's count must be `len`; in JSON the elements show it.
        r.begin_tuple(len)?;
        for i in 0..len {
            r.tuple_next(i, len)?;
            member(i, r).map_err(|e| e.in_index(i))?;
        }
        r.end_tuple(len)?;
        return Ok(r.position());
    }
    r.read_map(
        |_, _| Ok(0u32),
        |r, seen, key| {
            match member_of(r, key, names)? {
                Some(i) => {
                    if *seen & (1 << i) == 0 || on_duplicate(r, key, names[i])? {
                        *seen |= 1 << i;
                        member(i, r).map_err(|e| e.in_field(names[i]))?;
                    }
                }
                None => unknown_member(r, key, Some(names))?,
            }
            Ok(())
        },
    )?;
    Ok(r.position())
}

/// A member seen a second time: under the default policy an error; otherwise `Ok(true)`
/// to decode the new value over the old (keep-last) or `Ok(false)` once the new value was
/// skipped (keep-first).
#[cold]
#[inline(never)]
fn on_duplicate<'de, R: Reader<'de>>(r: &mut R, key: R::Key, name: &'static str) -> Result<bool> {
    match r.duplicate_keys() {
        DuplicateKeys::KeepLast => Ok(true),
        DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
        _ => Err(duplicate_member(r, key, name)),
    }
}

/// A member claimed twice, at its second key.
#[cold]
#[inline(never)]
pub(crate) fn duplicate_member<'de, R: Reader<'de>>(r: &R, key: R::Key, name: &'static str) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Borrowed(name)), r.key_offset(key))
}

/// A key that names no member: with `deny` (the names expected) an
/// [`UnknownField`](ErrorKind::UnknownField) error listing them; otherwise its value is
/// skipped. A string key must still be valid text either way.
#[inline]
pub(crate) fn unknown_member<'de, R: Reader<'de>>(
    r: &mut R,
    key: R::Key,
    deny: Option<&'static [&'static str]>,
) -> Result<()> {
    if let Some(names) = deny {
        return Err(unknown_member_error(r, key, names));
    }
    if r.key_is_string(key) {
        r.key_str_with(key, |_| Ok(()))?;
    }
    r.skip_value()
}

#[cold]
#[inline(never)]
fn unknown_member_error<'de, R: Reader<'de>>(r: &mut R, key: R::Key, names: &'static [&'static str]) -> Error {
    // A string key in words is its text, which must be valid; another key (MessagePack)
    // is described.
    let name = if r.key_is_string(key) {
        match r.key_str_with(key, |s| Ok(s.to_owned())) {
            Ok(name) => name,
            Err(e) => return e,
        }
    } else {
        r.key_text(key)
    };
    let expected: Vec<&'static str> = names.to_vec();
    Error::new(ErrorKind::UnknownField { name, expected }, r.key_offset(key))
}
