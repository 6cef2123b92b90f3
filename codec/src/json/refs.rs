//! `preserve_refs` in JSON: the spellings of ids and references (`{"$id":1,...}`,
//! `{"$ref":1}`, Codables' `["$$id:0",...]`, see `impls/shared_refs.rs` for the table),
//! read where a pointer's value starts and written around it, over the core's tables
//! (`crate::refs`). The value itself is read or written by a closure of the caller, so
//! that nothing here needs the model.

use alloc::vec::Vec;

use super::{JsonReader, JsonWriter};
use crate::error::Result;
use crate::refs::{invalid, table, Body, Def, EncodeRefs, Peeked, Seen};

// The table's JSON pass, here beside the spellings it writes.
impl EncodeRefs {
    /// The whole JSON output with the ids put in: `"$id":N,` after the `{` of each first
    /// occurrence that is an object, `"$$id:N",` after the `[` of an array (Codables), a
    /// wrapper around any other. One pass over the output, whatever the number of ids.
    pub(crate) fn finish_json(self, out: Vec<u8>) -> Vec<u8> {
        // (position, order at that position, text): at one position a wrapper's closing
        // `}` goes before anything that starts there, closings inner first (later defs are
        // inner), openings outer first.
        let mut edits: Vec<(usize, usize, Vec<u8>)> = Vec::with_capacity(self.defs.len() * 2);
        let (id_key, value_key) = if self.codables { ("$$id", "$$value") } else { ("$id", "$value") };
        for (i, def) in self.defs.iter().enumerate() {
            // An encoder that wrote nothing (not JSON, but no reason to panic) gets the
            // wrapper, as does anything that is not an object (or a Codables array).
            let first = out.get(def.start).copied().filter(|_| def.end > def.start);
            // Whether the container is empty: only whitespace between its brackets.
            let empty = |close: u8| {
                out[def.start + 1..def.end].iter().find(|b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t')) == Some(&close)
            };
            // An object whose first key starts with `$` (`"$value"`, `"$$value"`, `"$ref"`...)
            // would read back as a marker after the id: it is wrapped instead, as a value
            // (found by the `shared_refs` fuzz target: `{"$$value":"t"}` came back as "t").
            let marker_first = out.get(def.start + 1..def.start + 3) == Some(b"\"$");
            let first = if marker_first { Some(b'$') } else { first };
            let opening = 1 + i;
            match first {
                Some(b'{') => {
                    let sep = if empty(b'}') { "" } else { "," };
                    edits.push((def.start + 1, opening, format!("\"{id_key}\":{}{sep}", def.id).into_bytes()));
                }
                Some(b'[') if self.codables => {
                    let sep = if empty(b']') { "" } else { "," };
                    edits.push((def.start + 1, opening, format!("\"$$id:{}\"{sep}", def.id).into_bytes()));
                }
                _ => {
                    edits.push((
                        def.start,
                        opening,
                        format!("{{\"{id_key}\":{},\"{value_key}\":", def.id).into_bytes(),
                    ));
                    // Closings sort before every opening (0); see `fix_closing_order`.
                    edits.push((def.end, 0, b"}".to_vec()));
                }
            }
        }
        // Stable: closings at one position stay in the order of their defs.
        edits.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        fix_closing_order(&mut edits);
        let extra: usize = edits.iter().map(|e| e.2.len()).sum();
        let mut result = Vec::with_capacity(out.len() + extra);
        let mut from = 0;
        for (at, _, text) in &edits {
            result.extend_from_slice(&out[from..*at]);
            result.extend_from_slice(text);
            from = *at;
        }
        result.extend_from_slice(&out[from..]);
        result
    }
}

/// Closing braces at one position come from wrappers that end there, pushed in the order of
/// their defs (outer first); they must be written inner first, so each run is reversed.
fn fix_closing_order(edits: &mut [(usize, usize, Vec<u8>)]) {
    let mut i = 0;
    while i < edits.len() {
        let mut j = i;
        while j < edits.len() && edits[j].0 == edits[i].0 && edits[j].1 == 0 {
            j += 1;
        }
        edits[i..j].reverse();
        i = j.max(i + 1);
    }
}

/// The value behind the pointer at `addr` (written by `encode`), in refs mode: in full
/// with an id the first time, as a reference after.
#[inline(never)]
pub(crate) fn encode_shared<'w>(
    addr: usize,
    w: &mut JsonWriter<'w>,
    encode: impl FnOnce(&mut JsonWriter<'w>) -> Result<()>,
) -> Result<()> {
    let start = w.as_bytes().len();
    let Some(refs) = w.refs.as_deref_mut() else { return encode(w) };
    let codables = refs.codables;
    match refs.see(addr)? {
        Seen::Again(id) => {
            w.write_raw(if codables { b"{\"$$ref\":" } else { b"{\"$ref\":" });
            w.write_u64(u64::from(id));
            w.write_byte(b'}');
            Ok(())
        }
        Seen::First(id) => {
            let index = refs.defs.len();
            refs.defs.push(Def { start, end: start, id });
            encode(w)?;
            let end = w.as_bytes().len();
            if let Some(def) = w.refs.as_deref_mut().and_then(|r| r.defs.get_mut(index)) {
                def.end = end;
            }
            Ok(())
        }
    }
}

/// What a pointer finds where its value starts: a reference, a definition (of either
/// spelling), or a plain value, the reader put back where it was for the last.
pub(crate) fn peek(r: &mut JsonReader<'_>) -> Result<Peeked> {
    match r.peek() {
        Some(b'{') => peek_object(r),
        Some(b'[') => peek_array(r),
        _ => Ok(Peeked::Plain),
    }
}

fn peek_object(r: &mut JsonReader<'_>) -> Result<Peeked> {
    let cp = r.checkpoint();
    let at = r.position();
    r.begin_object()?;
    if r.object_first()? {
        let key = r.read_key()?;
        let (is_ref, is_id) = match r.key_bytes(key)? {
            b"$ref" | b"$$ref" => (true, false),
            b"$id" | b"$$id" => (false, true),
            _ => (false, false),
        };
        if is_ref {
            let id = r.read_u64()?;
            if r.object_next()? {
                return Err(invalid("a reference object has members besides its `$ref`".into(), r.position()));
            }
            return Ok(Peeked::Ref(id, at));
        }
        if is_id {
            let id = r.read_u64()?;
            if r.peek() == Some(b',') {
                let after_id = r.checkpoint();
                r.object_next()?;
                let key = r.read_key()?;
                if matches!(r.key_bytes(key)?, b"$value" | b"$$value") {
                    return Ok(Peeked::Def(id, at, Body::Wrapped));
                }
                r.restore(after_id);
            }
            let _ = r.peek();
            return Ok(Peeked::Def(id, at, Body::Open(r.position(), b'{')));
        }
    }
    r.restore(cp);
    Ok(Peeked::Plain)
}

fn peek_array(r: &mut JsonReader<'_>) -> Result<Peeked> {
    let cp = r.checkpoint();
    let at = r.position();
    r.begin_array()?;
    if r.array_first()? && r.peek() == Some(b'"') {
        let id = {
            let s = r.read_str()?;
            let digits =
                s.as_str().strip_prefix("$$id:").filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()));
            digits.and_then(|d| d.parse::<u64>().ok())
        };
        if let Some(id) = id {
            let _ = r.peek();
            return Ok(Peeked::Def(id, at, Body::Open(r.position(), b'[')));
        }
    }
    r.restore(cp);
    Ok(Peeked::Plain)
}

/// Decodes a definition's value as `body` says it follows.
pub(crate) fn body<'de, X>(
    r: &mut JsonReader<'de>,
    body: &Body,
    decode: impl FnOnce(&mut JsonReader<'de>) -> Result<X>,
) -> Result<X> {
    match *body {
        Body::Open(pos, bracket) => {
            r.check_after_id(bracket)?;
            table(&mut r.refs).open = Some((pos, bracket));
            let v = decode(r);
            table(&mut r.refs).open = None;
            v
        }
        Body::Wrapped => {
            let v = decode(r)?;
            if r.object_next()? {
                return Err(invalid("a `$value` wrapper has members after `$value`".into(), r.position()));
            }
            Ok(v)
        }
    }
}
