//! `Rc`, `Arc` and their `Weak`s, and the `preserve_refs` option that keeps their sharing.
//!
//! By default a pointer is written as what it points to, so a value reachable twice is
//! written twice and decodes as two allocations; a `Weak` whose target is gone is `null`,
//! a live one an encoding error (it mostly points back into the value, where writing its
//! target would recurse forever), and any `Weak` decodes empty. With `preserve_refs(true)`
//! on the encoding and the decoding options, each allocation is written once, with an id,
//! and every later occurrence as a reference to that id; decoding rebuilds the sharing
//! (`Rc::ptr_eq` holds where it held) and the cycles that `Weak` back-pointers make.
//!
//! ```
//! use std::rc::Rc;
//! use codec::json::{from_slice_with, to_vec_with, EncodeOptions, Options};
//!
//! let shared = Rc::new(vec![1, 2]);
//! let pair = (Rc::clone(&shared), shared);
//! let bytes = to_vec_with(&pair, &EncodeOptions::new().preserve_refs(true))?;
//! assert_eq!(bytes, br#"[{"$id":1,"$value":[1,2]},{"$ref":1}]"#);
//! let back: (Rc<Vec<u8>>, Rc<Vec<u8>>) = from_slice_with(&bytes, &Options::new().preserve_refs(true))?;
//! assert!(Rc::ptr_eq(&back.0, &back.1));
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## JSON wire format
//!
//! Ids count the allocations in the order their first occurrence starts (depth first, so an
//! id is always defined before any reference to it, and decoding is one pass).
//!
//! | occurrence | [`RefSpelling::Default`] (ids from 1) | [`RefSpelling::Codables`] (ids from 0) |
//! |---|---|---|
//! | first, the value is an object | `{"$id":1,"a":…}` (the id is the first member) | `{"$$id":0,"a":…}` |
//! | first, the value is an array | `{"$id":1,"$value":[…]}` | `["$$id:0",…]` (a leading element) |
//! | first, any other value | `{"$id":1,"$value":…}` | `{"$$id":0,"$$value":…}` |
//! | later | `{"$ref":1}` | `{"$$ref":0}` |
//! | a `Weak` whose target is gone | `null` | `null` |
//!
//! The Codables spelling is what the TypeScript library Codables writes for objects and
//! arrays; the wrapper of other values (strings, numbers of an `Rc<str>`, an `Rc<u64>`) is
//! this crate's, since JavaScript gives such values no identity. The decoder reads both
//! spellings whatever the encoder used. In refs mode, `$id`, `$$id`, `$ref` and `$$ref` as
//! the first key of an object decoded into a pointer, and a first array element that starts
//! with `$$id:`, are read as these markers. So that a shared object of the user's whose
//! first key starts with `$` (`{"$value":1}`) still reads back as itself, the encoder
//! writes such an object in the wrapper form (`{"$id":1,"$value":{"$value":1}}`).
//!
//! A `Weak` is written as a reference when its target was written before, or in full (the
//! first occurrence) when it was not; a `Weak` pointing back to a value still being written
//! (a parent pointer) is a reference to an id defined around it.
//!
//! ## MessagePack wire format
//!
//! Ids are carried in extension type [`REF_EXT_TYPE`](crate::msgpack::REF_EXT_TYPE) (82, `'R'`)
//! as a fixext 4 holding the id as a big-endian `u32`, counted from 1:
//!
//! | occurrence | MessagePack |
//! |---|---|
//! | first | a 2-array: `[ext 82 (id), value]`, `92 d6 52 <id:4> <value>` |
//! | later | `ext 82 (id)`, `d6 52 <id:4>` |
//! | a `Weak` whose target is gone | `nil` |
//!
//! Any MessagePack library reads this (Python's `msgpack` gives `[ExtType(82, b'…'), value]`).
//!
//! ## Decoding
//!
//! A value decoded for an id is kept (one strong count) until decoding ends, so a `Weak`
//! that was the first occurrence still has its target for the `Rc`s that refer to it later;
//! when decoding ends, a target no strong pointer of the value holds is dropped, as it is
//! after encoding (a `Weak` only ever points to something kept alive elsewhere).
//!
//! An `Rc`/`Arc` is built with `new_cyclic`, so a `Weak` inside its value that refers back to
//! it is a `Weak` to the allocation being built. With the `std` feature and `panic =
//! "unwind"` (the default) this holds for every `Rc<T>` and `Arc<T>`; without either, such a
//! `Weak` is an error, since `new_cyclic` cannot abandon a value whose decoding failed by
//! other means. `Rc<str>`, `Rc<[T]>` and `Arc<str>` share but cannot be cyclic.
//!
//! Limits of one-pass decoding, both errors rather than wrong values:
//! - When a `Weak` is the first occurrence of its target, the target is written inside it;
//!   if that target holds an `Rc` back to a value still being written around the `Weak`,
//!   the `Rc` cannot be built (the value it needs is not finished): the "only a Weak can
//!   point back" error. Graphs whose `Weak`s point to values written before them (parents,
//!   earlier siblings) always decode.
//! - The value of an object definition (`{"$id":1,...}`) or of a Codables array
//!   (`["$$id:0",...]`) continues after the id, so its type must open it through
//!   `JsonReader::begin_object`/`begin_array`, as derived types, maps, sequences and
//!   `Value` do; `RawJson`, or a hand-written decoder that skips the value, reads an error.
//!
//! Errors (each with the offset of the marker and the field path):
//!
//! ```
//! use std::rc::{Rc, Weak};
//! use codec::json::{from_slice_with, Options};
//!
//! #[derive(codec::Codec, Debug)]
//! struct Node { next: Option<Rc<Node>>, back: Option<Weak<Node>> }
//!
//! let refs = Options::new().preserve_refs(true);
//! let err = |json: &str| from_slice_with::<Vec<Rc<Node>>>(json.as_bytes(), &refs).unwrap_err().to_string();
//! assert_eq!(err(r#"[{"$ref":3}]"#), "invalid value: reference to id 3, which nothing before it defines at [0] (line 1, column 2)");
//! assert_eq!(
//!     err(r#"[{"$id":1,"next":null},{"$id":1,"next":null}]"#),
//!     "invalid value: id 1 is defined twice at [1] (line 1, column 24)"
//! );
//! assert!(err(r#"[{"$id":1,"next":{"$ref":1}}]"#).starts_with(
//!     "invalid value: reference to id 1 inside its own value: only a Weak can point back to a value still being decoded"
//! ));
//! assert!(err(r#"[{"$id":1,"$value":5}]"#).contains("expected an object"));
//! // a Weak back to a value being decoded is what `new_cyclic` is for
//! let ok = from_slice_with::<Vec<Rc<Node>>>(br#"[{"$id":1,"next":null,"back":{"$ref":1}}]"#, &refs)?;
//! assert!(Rc::ptr_eq(&ok[0].back.as_ref().unwrap().upgrade().unwrap(), &ok[0]));
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::rc::{self, Rc};
use alloc::string::String;
use alloc::sync::{self, Arc};
use alloc::vec::Vec;
use core::ptr::NonNull;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

/// How [`preserve_refs`](crate::json::EncodeOptions::preserve_refs) spells ids and
/// references in JSON (see the table in the [`EncodeOptions`](crate::json::EncodeOptions)
/// docs). Decoding reads both.
///
/// ```
/// use std::rc::Rc;
/// use codec::json::{to_string_with, EncodeOptions, RefSpelling};
///
/// #[derive(codec::Codec)]
/// struct Foo { foo: String }
///
/// let foo = Rc::new(Foo { foo: "foo".into() });
/// let both = vec![Rc::clone(&foo), foo];
/// let opts = EncodeOptions::new().preserve_refs(true);
/// assert_eq!(to_string_with(&both, &opts)?, r#"[{"$id":1,"foo":"foo"},{"$ref":1}]"#);
/// let codables = opts.ref_spelling(RefSpelling::Codables);
/// assert_eq!(to_string_with(&both, &codables)?, r#"[{"$$id":0,"foo":"foo"},{"$$ref":0}]"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum RefSpelling {
    /// `{"$id":1,...}` and `{"$ref":1}`, ids from 1; values that are not objects wrapped as
    /// `{"$id":1,"$value":...}`.
    #[default]
    Default,
    /// Codables' spelling: `{"$$id":0,...}`, `{"$$ref":0}`, arrays as `["$$id:0",...]`, ids
    /// from 0; other values wrapped as `{"$$id":0,"$$value":...}`.
    Codables,
}

/// The MessagePack extension type that carries ids and references of
/// [`preserve_refs`](crate::msgpack::EncodeOptions::preserve_refs): 82 (`'R'`).
#[cfg(feature = "msgpack")]
pub const REF_EXT_TYPE: i8 = 0x52;

fn invalid(msg: String, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
}

// ---------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------

/// What a writer in refs mode remembers: the allocations written so far, by address.
///
/// Addresses identify allocations only while they live. Encoding borrows the whole value,
/// so every allocation reachable from it, through an `Rc` or a `Weak` that upgrades, lives
/// until encoding ends (a `Weak` upgrades only if some strong pointer holds its target, and
/// nothing is dropped while the value is borrowed); no two of them share an address.
#[derive(Debug, Default)]
pub(crate) struct EncodeRefs {
    seen: BTreeMap<usize, u32>,
    next: u32,
    codables: bool,
    /// JSON: the first occurrences, in the order they start (where and which id), for the
    /// pass that inserts the ids once the output is complete.
    defs: Vec<Def>,
}

#[derive(Debug)]
struct Def {
    start: usize,
    end: usize,
    id: u32,
}

enum Seen {
    First(u32),
    Again(u32),
}

impl EncodeRefs {
    pub(crate) fn new(spelling: RefSpelling) -> Self {
        let codables = spelling == RefSpelling::Codables;
        EncodeRefs { seen: BTreeMap::new(), next: if codables { 0 } else { 1 }, codables, defs: Vec::new() }
    }

    fn see(&mut self, addr: usize) -> Result<Seen> {
        if let Some(&id) = self.seen.get(&addr) {
            return Ok(Seen::Again(id));
        }
        let id = self.next;
        self.next = id.checked_add(1).ok_or_else(|| Error::custom("more than u32::MAX shared values"))?;
        self.seen.insert(addr, id);
        Ok(Seen::First(id))
    }

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

/// The address that identifies an allocation (the data pointer; metadata dropped).
#[inline]
fn addr<T: ?Sized>(p: *const T) -> usize {
    p.cast::<()>() as usize
}

/// `value` behind the pointer at `addr`, in refs mode: in full with an id the first time,
/// as a reference after.
#[inline(never)]
fn encode_json_shared<T: Encode + ?Sized>(addr: usize, value: &T, w: &mut JsonWriter) -> Result<()> {
    let start = w.as_bytes().len();
    let Some(refs) = w.refs.as_deref_mut() else { return value.encode_json(w) };
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
            value.encode_json(w)?;
            let end = w.as_bytes().len();
            if let Some(def) = w.refs.as_deref_mut().and_then(|r| r.defs.get_mut(index)) {
                def.end = end;
            }
            Ok(())
        }
    }
}

#[cfg(feature = "msgpack")]
#[inline(never)]
fn encode_msgpack_shared<T: Encode + ?Sized>(addr: usize, value: &T, w: &mut MsgpackWriter) -> Result<()> {
    let Some(refs) = w.refs.as_deref_mut() else { return value.encode_msgpack(w) };
    match refs.see(addr)? {
        Seen::Again(id) => w.write_ext(REF_EXT_TYPE, &id.to_be_bytes()),
        Seen::First(id) => {
            w.write_array_len(2)?;
            w.write_ext(REF_EXT_TYPE, &id.to_be_bytes())?;
            value.encode_msgpack(w)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Decoding: the table of values decoded for ids
// ---------------------------------------------------------------------------------------

/// A `Box<X>` with its type erased, for any `X` (not only `'static` ones: decoded values
/// may borrow from the input).
struct Erased {
    ptr: NonNull<()>,
    type_id: core::any::TypeId,
    type_name: &'static str,
    drop: unsafe fn(NonNull<()>),
}

/// # Safety
/// `ptr` must come from `Box::<X>::into_raw` and not be used after.
unsafe fn drop_box<X>(ptr: NonNull<()>) {
    // SAFETY: the caller's contract: `ptr` is an unused `Box<X>`.
    drop(unsafe { Box::from_raw(ptr.cast::<X>().as_ptr()) });
}

impl Erased {
    fn new<X>(value: X) -> Erased {
        let ptr = NonNull::from(Box::leak(Box::new(value))).cast::<()>();
        Erased { ptr, type_id: typeid::of::<X>(), type_name: core::any::type_name::<X>(), drop: drop_box::<X> }
    }

    /// A clone of the value if it is an `X`.
    ///
    /// `typeid` ids ignore lifetimes, so the value may have been made as an `X` whose
    /// lifetimes differ from the caller's. That is sound here: every table belongs to one
    /// reader of one input `&'de [u8]`, and a value a `Decode<'de>` impl returns can only
    /// borrow from that input or from `'static` data (the impl receives nothing else that
    /// lives long enough to be returned), so whatever lifetimes its type names, its borrows
    /// are valid for as long as the caller's `X` can be used.
    fn get<X: Clone>(&self) -> Option<X> {
        if self.type_id != typeid::of::<X>() {
            return None;
        }
        // SAFETY: `ptr` is the `Box<X>` that `new::<X>` leaked (same type id, so the same
        // type up to lifetimes: see above), alive until `self` drops.
        Some(unsafe { self.ptr.cast::<X>().as_ref() }.clone())
    }
}

impl Drop for Erased {
    fn drop(&mut self) {
        // SAFETY: `ptr` and `drop` come from the same `new::<X>`, and `ptr` is used no more.
        unsafe { (self.drop)(self.ptr) }
    }
}

enum State {
    /// Being decoded; the `Weak` that `new_cyclic` gave, if any.
    Building(Option<Erased>),
    /// Decoded: a strong pointer, kept until decoding ends.
    Done(Erased),
}

struct Entry {
    /// Offset of the definition: defining an id again at the same offset is a re-read (an
    /// untagged enum trying its next variant), not a second definition.
    at: usize,
    state: State,
}

/// What a reader in refs mode remembers: the values decoded for ids so far.
///
/// Its memory is one entry per definition read, and each definition takes input bytes.
/// It holds `Rc`s, so a reader is neither `Send` nor `Sync`.
#[derive(Default)]
pub(crate) struct DecodeRefs {
    entries: BTreeMap<u64, Entry>,
    /// JSON: the offset (and bracket) where an object or array whose `{`/`[` and id were
    /// read by the pointer goes on for the value's own decoder (see
    /// `JsonReader::begin_object`).
    pub(crate) open: Option<(usize, u8)>,
}

impl core::fmt::Debug for DecodeRefs {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DecodeRefs").field("ids", &self.entries.len()).finish()
    }
}

impl DecodeRefs {
    fn define(&mut self, id: u64, at: usize) -> Result<()> {
        if let Some(entry) = self.entries.get(&id) {
            if entry.at != at {
                return Err(invalid(format!("id {id} is defined twice"), at));
            }
        }
        self.entries.insert(id, Entry { at, state: State::Building(None) });
        Ok(())
    }

    fn building<W>(&mut self, id: u64, weak: W) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.state = State::Building(Some(Erased::new(weak)));
        }
    }

    fn done<P>(&mut self, id: u64, strong: P) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.state = State::Done(Erased::new(strong));
        }
    }

    fn abandon(&mut self, id: u64) {
        self.entries.remove(&id);
    }

    fn entry(&self, id: u64, at: usize) -> Result<&Entry> {
        self.entries
            .get(&id)
            .ok_or_else(|| invalid(format!("reference to id {id}, which nothing before it defines"), at))
    }

    fn strong<P: Clone>(&self, id: u64, at: usize) -> Result<P> {
        match &self.entry(id, at)?.state {
            State::Done(e) => e.get::<P>().ok_or_else(|| wrong_type::<P>(id, e.type_name, at)),
            State::Building(_) => Err(invalid(
                format!(
                    "reference to id {id} inside its own value: only a Weak can point back to a value still \
                     being decoded (a cycle through {} cannot be built)",
                    core::any::type_name::<P>()
                ),
                at,
            )),
        }
    }

    fn weak<P: Clone, W: Clone>(&self, id: u64, at: usize, downgrade: fn(&P) -> W) -> Result<W> {
        match &self.entry(id, at)?.state {
            State::Done(e) => e.get::<P>().map(|p| downgrade(&p)).ok_or_else(|| wrong_type::<P>(id, e.type_name, at)),
            State::Building(Some(e)) => e.get::<W>().ok_or_else(|| wrong_type::<W>(id, e.type_name, at)),
            State::Building(None) => Err(invalid(
                format!(
                    "reference to id {id} inside its own value, whose Weak cannot exist yet (`Rc<str>` and \
                     `Rc<[T]>` cannot be cyclic, and others only with the `std` feature and panic = \"unwind\")"
                ),
                at,
            )),
        }
    }
}

#[cold]
fn wrong_type<X>(id: u64, found: &'static str, at: usize) -> Error {
    invalid(format!("reference to id {id}, a {found}, where a {} is expected", core::any::type_name::<X>()), at)
}

/// A reader's table of shared values, whatever the format.
trait SharedTable {
    fn shared_table(&mut self) -> &mut Option<Box<DecodeRefs>>;
}

impl SharedTable for JsonReader<'_> {
    fn shared_table(&mut self) -> &mut Option<Box<DecodeRefs>> {
        &mut self.refs
    }
}

#[cfg(feature = "msgpack")]
impl SharedTable for MsgpackReader<'_> {
    fn shared_table(&mut self) -> &mut Option<Box<DecodeRefs>> {
        &mut self.refs
    }
}

fn table(refs: &mut Option<Box<DecodeRefs>>) -> &mut DecodeRefs {
    refs.get_or_insert_with(Box::default)
}

/// What a pointer finds where its value starts.
enum Peeked {
    /// A value without an id: decoded as it is, shared with nothing.
    Plain,
    /// A reference: the id and the marker's offset.
    Ref(u64, usize),
    /// A definition: the id, the offset, and how the value follows.
    Def(u64, usize, Body),
}

enum Body {
    /// JSON: the pointer read `{"$id":N` or `["$$id:N"`; the value's decoder goes on at
    /// that offset as if it had read the bracket itself.
    Open(usize, u8),
    /// A wrapper (`{"$id":N,"$value":` or MessagePack's `[ext, `): the value, then the
    /// wrapper's end.
    Wrapped,
}

fn json_peek(r: &mut JsonReader<'_>) -> Result<Peeked> {
    match r.peek() {
        Some(b'{') => json_peek_object(r),
        Some(b'[') => json_peek_array(r),
        _ => Ok(Peeked::Plain),
    }
}

fn json_peek_object(r: &mut JsonReader<'_>) -> Result<Peeked> {
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

fn json_peek_array(r: &mut JsonReader<'_>) -> Result<Peeked> {
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
fn json_body<'de, X>(
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

#[cfg(feature = "msgpack")]
fn msgpack_peek(r: &mut MsgpackReader<'_>) -> Result<Peeked> {
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

#[cfg(feature = "msgpack")]
fn msgpack_body<'de, X>(
    r: &mut MsgpackReader<'de>,
    decode: impl FnOnce(&mut MsgpackReader<'de>) -> Result<X>,
) -> Result<X> {
    let v = decode(r)?;
    r.leave();
    Ok(v)
}

/// Decodes a pointer that cannot be cyclic (`Rc<str>`, `Rc<[T]>`): a reference, a
/// definition, or a value without an id. `decode` reads the value.
pub(crate) fn decode_json_acyclic<'de, P: Clone>(
    r: &mut JsonReader<'de>,
    decode: impl FnOnce(&mut JsonReader<'de>) -> Result<P>,
) -> Result<P> {
    match json_peek(r)? {
        Peeked::Plain => decode(r),
        Peeked::Ref(id, at) => table(&mut r.refs).strong::<P>(id, at),
        Peeked::Def(id, at, body) => {
            table(&mut r.refs).define(id, at)?;
            match json_body(r, &body, decode) {
                Ok(p) => {
                    table(&mut r.refs).done(id, p.clone());
                    Ok(p)
                }
                Err(e) => {
                    table(&mut r.refs).abandon(id);
                    Err(e)
                }
            }
        }
    }
}

/// [`decode_json_acyclic`] for MessagePack.
#[cfg(feature = "msgpack")]
pub(crate) fn decode_msgpack_acyclic<'de, P: Clone>(
    r: &mut MsgpackReader<'de>,
    decode: impl FnOnce(&mut MsgpackReader<'de>) -> Result<P>,
) -> Result<P> {
    match msgpack_peek(r)? {
        Peeked::Plain => decode(r),
        Peeked::Ref(id, at) => table(&mut r.refs).strong::<P>(id, at),
        Peeked::Def(id, at, _) => {
            table(&mut r.refs).define(id, at)?;
            match msgpack_body(r, decode) {
                Ok(p) => {
                    table(&mut r.refs).done(id, p.clone());
                    Ok(p)
                }
                Err(e) => {
                    table(&mut r.refs).abandon(id);
                    Err(e)
                }
            }
        }
    }
}

/// `Rc`/`Arc` (`$ptr`) and their `Weak` (`$weak`): encoding and decoding, in refs mode
/// and not. `$define` names the helper that builds a definition's value (`cyclic_builder!`).
macro_rules! shared_pointer {
    ($ptr:ident, $weak:ty, $weak_new:expr, $define:ident) => {
        impl<T: Encode + ?Sized> Encode for $ptr<T> {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
                if w.refs.is_none() {
                    return (**self).encode_json(w);
                }
                encode_json_shared(addr($ptr::as_ptr(self)), &**self, w)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
                if w.refs.is_none() {
                    return (**self).encode_msgpack(w);
                }
                encode_msgpack_shared(addr($ptr::as_ptr(self)), &**self, w)
            }
        }

        /// In refs mode, a reference to its target or the target in full (its first
        /// occurrence); `null` when the target is gone. Without refs mode a live `Weak` is
        /// an error, which says to turn `preserve_refs` on.
        impl<T: Encode + ?Sized> Encode for $weak {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
                match self.upgrade() {
                    Some(_) if w.refs.is_none() => Err(weak_needs_refs()),
                    Some(strong) => strong.encode_json(w),
                    None => {
                        w.write_null();
                        Ok(())
                    }
                }
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
                match self.upgrade() {
                    Some(_) if w.refs.is_none() => Err(weak_needs_refs()),
                    Some(strong) => strong.encode_msgpack(w),
                    None => {
                        w.write_nil();
                        Ok(())
                    }
                }
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                if r.refs.is_none() {
                    return T::decode_json(r).map($ptr::new);
                }
                match json_peek(r)? {
                    Peeked::Plain => T::decode_json(r).map($ptr::new),
                    Peeked::Ref(id, at) => table(&mut r.refs).strong::<Self>(id, at),
                    Peeked::Def(id, at, body) => $define(r, id, at, |r| json_body(r, &body, T::decode_json)),
                }
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                if r.refs.is_none() {
                    return T::decode_msgpack(r).map($ptr::new);
                }
                match msgpack_peek(r)? {
                    Peeked::Plain => T::decode_msgpack(r).map($ptr::new),
                    Peeked::Ref(id, at) => table(&mut r.refs).strong::<Self>(id, at),
                    Peeked::Def(id, at, _) => $define(r, id, at, |r| msgpack_body(r, T::decode_msgpack)),
                }
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($ptr::new)
            }
        }

        /// `null` is an empty `Weak`. Without refs mode any other value is decoded and
        /// dropped (the `Weak` is empty: nothing else holds the value); in refs mode a
        /// reference or a definition gives a `Weak` to the shared value.
        impl<'de, T: Decode<'de>> Decode<'de> for $weak {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                if r.try_read_null()? {
                    return Ok($weak_new);
                }
                if r.refs.is_none() {
                    return T::decode_json(r).map(|_| $weak_new);
                }
                match json_peek(r)? {
                    Peeked::Ref(id, at) => table(&mut r.refs).weak::<$ptr<T>, $weak>(id, at, $ptr::downgrade),
                    Peeked::Plain => T::decode_json(r).map(|_| $weak_new),
                    Peeked::Def(id, at, body) => {
                        $define(r, id, at, |r| json_body(r, &body, T::decode_json)).map(|p| $ptr::downgrade(&p))
                    }
                }
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                if r.try_read_null()? {
                    return Ok($weak_new);
                }
                if r.refs.is_none() {
                    return T::decode_msgpack(r).map(|_| $weak_new);
                }
                match msgpack_peek(r)? {
                    Peeked::Ref(id, at) => table(&mut r.refs).weak::<$ptr<T>, $weak>(id, at, $ptr::downgrade),
                    Peeked::Plain => T::decode_msgpack(r).map(|_| $weak_new),
                    Peeked::Def(id, at, _) => {
                        $define(r, id, at, |r| msgpack_body(r, T::decode_msgpack)).map(|p| $ptr::downgrade(&p))
                    }
                }
            }

            #[inline]
            fn absent() -> Option<Self> {
                Some($weak_new)
            }
        }
    };
}

/// A live `Weak` without refs mode. Written as its target, a `Weak` that points back into
/// the value (a parent pointer, what `Weak`s are mostly for) would recurse until the stack
/// overflows; with ids it is a reference.
#[cold]
fn weak_needs_refs() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(
        "a live Weak is encoded only with `preserve_refs(true)` (as its target it could recurse forever)",
    )))
}

fn finish<P: Clone>(refs: &mut DecodeRefs, id: u64, built: Result<P>) -> Result<P> {
    match built {
        Ok(p) => {
            refs.done(id, p.clone());
            Ok(p)
        }
        Err(e) => {
            refs.abandon(id);
            Err(e)
        }
    }
}

/// `$ptr::new_cyclic` with a decoder that can fail: `new_cyclic` wants the value, so a
/// failure unwinds out of it (`resume_unwind`: no panic hook, no message), is caught here
/// and becomes the error again; any other panic goes on. `new_cyclic` frees the allocation
/// and the `Weak` it gave stays empty.
macro_rules! cyclic_builder {
    ($name:ident, $define:ident, $ptr:ident, $weak:ty) => {
        /// Decodes the value of definition `id` (read at `at`) into a new shared
        /// allocation, through the cyclic builder above: registered before, so that a `Weak` inside it
        /// that refers to `id` gets the allocation being built, and done (or abandoned)
        /// after. Rc and Weak, JSON and MessagePack, all build definitions here.
        fn $define<R: SharedTable, T>(
            r: &mut R,
            id: u64,
            at: usize,
            decode: impl FnOnce(&mut R) -> Result<T>,
        ) -> Result<$ptr<T>> {
            table(r.shared_table()).define(id, at)?;
            let built = $name(|weak: Option<&$weak>| {
                if let Some(weak) = weak {
                    table(r.shared_table()).building(id, weak.clone());
                }
                decode(r)
            });
            finish(table(r.shared_table()), id, built)
        }

        #[cfg(all(feature = "std", panic = "unwind"))]
        fn $name<T>(decode: impl FnOnce(Option<&$weak>) -> Result<T>) -> Result<$ptr<T>> {
            /// The payload of the unwind that carries a decoding failure out.
            struct Failed;
            let mut error = None;
            let built = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| {
                $ptr::new_cyclic(|weak| match decode(Some(weak)) {
                    Ok(value) => value,
                    Err(e) => {
                        error = Some(e);
                        std::panic::resume_unwind(Box::new(Failed))
                    }
                })
            }));
            match built {
                Ok(p) => Ok(p),
                Err(payload) if payload.is::<Failed>() => {
                    Err(error.unwrap_or_else(|| Error::custom("a shared value failed to decode")))
                }
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }

        /// Without unwinding, a value is decoded first and shared after: no `Weak` to it
        /// exists while it is decoded.
        #[cfg(not(all(feature = "std", panic = "unwind")))]
        fn $name<T>(decode: impl FnOnce(Option<&$weak>) -> Result<T>) -> Result<$ptr<T>> {
            decode(None).map($ptr::new)
        }
    };
}

cyclic_builder!(rc_cyclic, rc_define, Rc, rc::Weak<T>);
cyclic_builder!(arc_cyclic, arc_define, Arc, sync::Weak<T>);

shared_pointer!(Rc, rc::Weak<T>, rc::Weak::new(), rc_define);
shared_pointer!(Arc, sync::Weak<T>, sync::Weak::new(), arc_define);

/// The type-erased table (`Erased`, the only `unsafe` here) and the cyclic builder. Run
/// under Miri: `cargo +nightly miri test -p codec --lib shared_refs`.
#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn erased_values_come_back_only_as_their_type_and_drop_once() {
        let shared = Rc::new(String::from("x"));
        let e = Erased::new(Rc::clone(&shared));
        assert_eq!(Rc::strong_count(&shared), 2);
        assert!(e.get::<Rc<str>>().is_none());
        assert!(e.get::<Arc<String>>().is_none());
        let back = e.get::<Rc<String>>().unwrap();
        assert!(Rc::ptr_eq(&back, &shared));
        drop(back);
        drop(e);
        assert_eq!(Rc::strong_count(&shared), 1);
        // A borrowed, non-'static payload: `typeid` tells types apart, lifetimes aside.
        let text = String::from("borrowed");
        let e = Erased::new(Rc::new(text.as_str()));
        assert_eq!(*e.get::<Rc<&str>>().unwrap(), "borrowed");
        assert!(e.get::<Rc<&[u8]>>().is_none());
    }

    #[test]
    fn table_entries_and_errors() {
        let mut t = DecodeRefs::default();
        t.define(1, 10).unwrap();
        assert!(t.strong::<Rc<u8>>(1, 0).unwrap_err().to_string().contains("inside its own value"));
        assert!(t.weak::<Rc<u8>, rc::Weak<u8>>(1, 0, Rc::downgrade).is_err());
        let p = Rc::new(5u8);
        t.done(1, Rc::clone(&p));
        assert!(Rc::ptr_eq(&t.strong::<Rc<u8>>(1, 0).unwrap(), &p));
        assert!(t.weak::<Rc<u8>, rc::Weak<u8>>(1, 0, Rc::downgrade).unwrap().upgrade().is_some());
        assert!(t.strong::<Rc<u16>>(1, 0).unwrap_err().to_string().contains("where a alloc::rc::Rc<u16>"));
        // Redefining at the same offset is a re-read; elsewhere an error.
        assert!(t.define(1, 11).unwrap_err().to_string().contains("defined twice"));
        t.define(1, 10).unwrap();
        assert!(t.strong::<Rc<u8>>(2, 0).unwrap_err().to_string().contains("nothing before it defines"));
        drop(t);
        assert_eq!(Rc::strong_count(&p), 1);
    }

    #[test]
    fn cyclic_builders_free_a_failed_value_and_keep_a_built_one() {
        let mut kept = None;
        let err = rc_cyclic::<u8>(|w| {
            kept = w.cloned();
            Err(Error::custom("no"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "no");
        if let Some(w) = kept {
            assert!(w.upgrade().is_none());
        }
        struct Cyc {
            me: Option<sync::Weak<Cyc>>,
            n: u8,
        }
        let p = arc_cyclic(|w| {
            // While the value is built its Weak does not upgrade.
            assert!(w.is_none_or(|w| w.upgrade().is_none()));
            Ok(Cyc { me: w.cloned(), n: 7 })
        })
        .unwrap();
        assert_eq!(p.n, 7);
        if let Some(w) = &p.me {
            assert!(Arc::ptr_eq(&w.upgrade().unwrap(), &p));
        }
    }
}
