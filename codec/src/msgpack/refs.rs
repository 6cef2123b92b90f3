//! `preserve_refs` in MessagePack: ids and references as extension type
//! [`REF_EXT_TYPE`] (a definition `[ext, value]`, a reference the ext alone, see
//! `impls/shared_refs.rs`), read where a pointer's value starts and written around it,
//! over the core's tables (`crate::refs`). The value itself is read or written by a
//! closure of the caller, so that nothing here needs the model.

use super::{MsgpackReader, MsgpackWriter};
use crate::error::Result;
use crate::refs::{invalid, Body, Peeked, Seen};

/// The MessagePack extension type that carries ids and references of
/// [`preserve_refs`](crate::msgpack::EncodeOptions::preserve_refs): 82 (`'R'`).
pub const REF_EXT_TYPE: i8 = 0x52;

/// The value behind the pointer at `addr` (written by `encode`), in refs mode: `[ext
/// (id), value]` the first time, the ext alone after.
#[inline(never)]
pub(crate) fn encode_shared<'w>(
    addr: usize,
    w: &mut MsgpackWriter<'w>,
    encode: impl FnOnce(&mut MsgpackWriter<'w>) -> Result<()>,
) -> Result<()> {
    let Some(refs) = w.refs.as_deref_mut() else { return encode(w) };
    match refs.see(addr)? {
        Seen::Again(id) => w.write_ext(REF_EXT_TYPE, &id.to_be_bytes()),
        Seen::First(id) => {
            w.write_array_len(2)?;
            w.write_ext(REF_EXT_TYPE, &id.to_be_bytes())?;
            encode(w)
        }
    }
}

/// What a pointer finds where its value starts: a reference, a definition, or a plain
/// value.
pub(crate) fn peek(r: &mut MsgpackReader<'_>) -> Result<Peeked> {
    let at = r.position();
    let tag = REF_EXT_TYPE as u8;
    let id = |r: &mut MsgpackReader<'_>| -> Result<u64> {
        let ext_at = r.position();
        let (_, data) = r.read_ext()?;
        let bytes: [u8; 4] = data.try_into().map_err(|_| {
            invalid(format!("an id extension (type {REF_EXT_TYPE}) of {} bytes, not 4", data.len()), ext_at)
        })?;
        Ok(u64::from(u32::from_be_bytes(bytes)))
    };
    match r.input().get(at..) {
        Some([0xd6, t, ..]) if *t == tag => Ok(Peeked::Ref(id(r)?, at)),
        Some([0x92, 0xd6, t, ..]) if *t == tag => {
            r.read_array_len()?;
            Ok(Peeked::Def(id(r)?, at, Body::Wrapped))
        }
        _ => Ok(Peeked::Plain),
    }
}

/// Decodes a definition's value (after its id), then leaves the `[ext, value]` array.
pub(crate) fn body<'de, X>(
    r: &mut MsgpackReader<'de>,
    decode: impl FnOnce(&mut MsgpackReader<'de>) -> Result<X>,
) -> Result<X> {
    let v = decode(r)?;
    r.leave();
    Ok(v)
}
