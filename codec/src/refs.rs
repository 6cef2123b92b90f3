//! The tables of `preserve_refs`, whatever the format: what a writer remembers of the
//! allocations it wrote (`EncodeRefs`), what a reader remembers of the values it decoded
//! for ids ([`DecodeRefs`], type-erased), and what a pointer finds where its value starts
//! ([`Peeked`]).
//!
//! They are the core's so that the formats can hold them in their readers and writers
//! without naming the model: each format reads and writes its own spelling of ids and
//! references (`json/refs.rs`, `msgpack/refs.rs`), and `impls/shared_refs.rs` has the
//! `Encode`/`Decode` impls of `Rc`, `Arc` and their `Weak`s that drive both (the wire
//! formats and the decoding rules are in its docs).

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::ptr::NonNull;

use crate::error::{Error, ErrorKind, Result};

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

/// An invalid-value error at `at`: the errors of ids and references, in every format.
pub(crate) fn invalid(msg: String, at: usize) -> Error {
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
    /// JSON: the Codables spelling ([`RefSpelling::Codables`]).
    pub(crate) codables: bool,
    /// JSON: the first occurrences, in the order they start (where and which id), for the
    /// pass that inserts the ids once the output is complete.
    pub(crate) defs: Vec<Def>,
}

/// A first occurrence in the JSON output: its bytes `start..end`, and its id.
#[derive(Debug)]
pub(crate) struct Def {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) id: u32,
}

/// Whether an allocation is met for the first time (its new id) or again.
pub(crate) enum Seen {
    First(u32),
    Again(u32),
}

impl EncodeRefs {
    pub(crate) fn new(spelling: RefSpelling) -> Self {
        let codables = spelling == RefSpelling::Codables;
        EncodeRefs { seen: BTreeMap::new(), next: if codables { 0 } else { 1 }, codables, defs: Vec::new() }
    }

    /// The id of the allocation at `addr`: a new one the first time.
    pub(crate) fn see(&mut self, addr: usize) -> Result<Seen> {
        if let Some(&id) = self.seen.get(&addr) {
            return Ok(Seen::Again(id));
        }
        let id = self.next;
        self.next = id.checked_add(1).ok_or_else(|| Error::custom("more than u32::MAX shared values"))?;
        self.seen.insert(addr, id);
        Ok(Seen::First(id))
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
#[doc(hidden)]
pub struct DecodeRefs {
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
    pub(crate) fn define(&mut self, id: u64, at: usize) -> Result<()> {
        if let Some(entry) = self.entries.get(&id) {
            if entry.at != at {
                return Err(invalid(format!("id {id} is defined twice"), at));
            }
        }
        self.entries.insert(id, Entry { at, state: State::Building(None) });
        Ok(())
    }

    pub(crate) fn building<W>(&mut self, id: u64, weak: W) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.state = State::Building(Some(Erased::new(weak)));
        }
    }

    pub(crate) fn done<P>(&mut self, id: u64, strong: P) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.state = State::Done(Erased::new(strong));
        }
    }

    pub(crate) fn abandon(&mut self, id: u64) {
        self.entries.remove(&id);
    }

    /// Ends definition `id`: its value kept when it was `built`, the id forgotten when
    /// its decoding failed.
    pub(crate) fn finish<P: Clone>(&mut self, id: u64, built: Result<P>) -> Result<P> {
        match built {
            Ok(p) => {
                self.done(id, p.clone());
                Ok(p)
            }
            Err(e) => {
                self.abandon(id);
                Err(e)
            }
        }
    }

    fn entry(&self, id: u64, at: usize) -> Result<&Entry> {
        self.entries
            .get(&id)
            .ok_or_else(|| invalid(format!("reference to id {id}, which nothing before it defines"), at))
    }

    pub(crate) fn strong<P: Clone>(&self, id: u64, at: usize) -> Result<P> {
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

    pub(crate) fn weak<P: Clone, W: Clone>(&self, id: u64, at: usize, downgrade: fn(&P) -> W) -> Result<W> {
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

/// The reader's table, made on first use.
pub(crate) fn table(refs: &mut Option<Box<DecodeRefs>>) -> &mut DecodeRefs {
    refs.get_or_insert_with(Box::default)
}

/// What a pointer finds where its value starts.
#[doc(hidden)]
pub enum Peeked {
    /// A value without an id: decoded as it is, shared with nothing.
    Plain,
    /// A reference: the id and the marker's offset.
    Ref(u64, usize),
    /// A definition: the id, the offset, and how the value follows.
    Def(u64, usize, Body),
}

/// How a definition's value follows its id.
#[doc(hidden)]
pub enum Body {
    /// JSON: the pointer read `{"$id":N` or `["$$id:N"`; the value's decoder goes on at
    /// that offset as if it had read the bracket itself.
    Open(usize, u8),
    /// A wrapper (`{"$id":N,"$value":` or MessagePack's `[ext, `): the value, then the
    /// wrapper's end.
    Wrapped,
}

/// The type-erased table. Run under Miri: `cargo +nightly miri test -p codec --lib refs`.
#[cfg(test)]
mod tests {
    use super::*;
    use alloc::rc::{self, Rc};
    use alloc::string::ToString;
    use alloc::sync::Arc;

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
}
