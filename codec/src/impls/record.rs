//! The members of the small structs that serde's std impls write with fixed names
//! (`Duration`'s `secs`/`nanos`, the ranges' `start`/`end`): the writer of a member's name,
//! and one reader per format, shared by those impls.
//!
//! serde reads these structs as if derived with `deny_unknown_fields`: an object (a map)
//! holding every member once, in any order, and no other key; or an array (as a positional
//! serializer writes them, rmp-serde's `to_vec` for one) holding the members in order and
//! nothing after them. Both forms are accepted here, with those rules.

#[cfg(feature = "msgpack")]
use crate::__private::mp;
use crate::__private::{on_duplicate, tuple_end, tuple_next, unknown_field};
use crate::error::Result;
use crate::json::JsonReader;
#[cfg(feature = "msgpack")]
use crate::msgpack::{Kind, MsgpackReader};
use crate::Writer;

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

/// Reads an object whose keys are `names` (in any order, each at most once under the
/// default duplicate policy, no other) or an array of exactly `names.len()` members in
/// order, handing each member's index to `member`, which reads its value. An error in a
/// member gets the member's name (or, in an array, its index) on its path. Returns the
/// reader's position after the value, where a caller reports a member that never came.
#[inline]
pub(crate) fn decode_json<'de>(
    r: &mut JsonReader<'de>,
    names: &'static [&'static str],
    mut member: impl FnMut(usize, &mut JsonReader<'de>) -> Result<()>,
) -> Result<usize> {
    if r.peek() == Some(b'[') {
        r.begin_array()?;
        for i in 0..names.len() {
            tuple_next(r, i, names.len())?;
            member(i, r).map_err(|e| e.in_index(i))?;
        }
        tuple_end(r, names.len())?;
        return Ok(r.position());
    }
    r.begin_object()?;
    let mut seen = 0u32;
    let mut more = r.object_first()?;
    while more {
        let key = r.read_key()?;
        let index = member_index(names, r.key_bytes(key)?);
        match index {
            Some(i) => {
                if seen & (1 << i) == 0 || on_duplicate(r, key, names[i])? {
                    seen |= 1 << i;
                    member(i, r).map_err(|e| e.in_field(names[i]))?;
                }
            }
            None => unknown_field(r, key, true, |out| out.extend_from_slice(names))?,
        }
        more = r.object_next()?;
    }
    Ok(r.position())
}

/// [`decode_json`] in MessagePack: a map keyed by the names, or an array by position.
#[inline]
#[cfg(feature = "msgpack")]
pub(crate) fn decode_msgpack<'de>(
    r: &mut MsgpackReader<'de>,
    names: &'static [&'static str],
    mut member: impl FnMut(usize, &mut MsgpackReader<'de>) -> Result<()>,
) -> Result<usize> {
    if r.peek_kind() == Some(Kind::Array) {
        let at = r.position();
        mp::expect_len(r.read_array_len()?, names.len(), at)?;
        for i in 0..names.len() {
            member(i, r).map_err(|e| e.in_index(i))?;
        }
        r.leave();
        return Ok(r.position());
    }
    let n = r.read_map_len()?;
    let mut seen = 0u32;
    for _ in 0..n {
        let key = r.read_key()?;
        let index = member_index(names, r.key_bytes(key)?);
        match index {
            Some(i) => {
                if seen & (1 << i) == 0 || mp::on_duplicate(r, key, names[i])? {
                    seen |= 1 << i;
                    member(i, r).map_err(|e| e.in_field(names[i]))?;
                }
            }
            None => mp::unknown_field(r, key, true, |out| out.extend_from_slice(names))?,
        }
    }
    r.leave();
    Ok(r.position())
}
