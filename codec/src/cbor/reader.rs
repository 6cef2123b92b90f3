//! The CBOR reader: a cursor over `&'de [u8]` that generated code and impls drive one
//! value at a time. Definite-length strings are slices of the input; indefinite-length
//! ones (chunks) are joined into owned buffers.
//!
//! Arrays and maps may be definite (a count in the head) or indefinite (items until a
//! break byte `0xff`). The reader keeps, for the innermost container opened with
//! `begin_object`/`begin_array`, the items left or [`INDEFINITE`], and those of the
//! enclosing ones in an inline stack (spilling to the heap only past 32 levels), as the
//! MessagePack reader does.
//!
//! Tags (major type 6) are skipped before a value, except where a reader method gives
//! them a meaning: bignums (tags 2 and 3) are integers, tags 0 and 1 are instants for
//! [`read_timestamp`](crate::Reader::read_timestamp); see the [module docs](super).
//!
//! ```
//! # use codec::cbor::CborReader;
//! // {"a": 1, "b": 2}
//! let mut r = CborReader::new(b"\xa2\x61a\x01\x61b\x02");
//! r.begin_object()?;
//! let mut sum = 0;
//! let mut more = r.object_first()?;
//! while more {
//!     let key = r.read_key()?;
//!     assert!(matches!(r.key_bytes(key)?, b"a" | b"b"));
//!     sum += r.read_u64()?;
//!     more = r.object_next()?;
//! }
//! r.end()?;
//! assert_eq!(sum, 3);
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use super::half::f16_to_f64;
use super::{DuplicateKeys, NonFinite, Options};
use crate::error::{Error, ErrorKind, Result};
use crate::writer::Encoded;

/// What kind of value comes next, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Major type 0: an unsigned integer.
    UInt,
    /// Major type 1: a negative integer.
    NegInt,
    /// Major type 2: a byte string.
    Bytes,
    /// Major type 3: a text string.
    Text,
    /// Major type 4: an array.
    Array,
    /// Major type 5: a map.
    Map,
    /// Major type 6: a tag, then the value it tags.
    Tag,
    /// `false` or `true` (simple values 20 and 21).
    Bool,
    /// `null` (simple value 22).
    Null,
    /// `undefined` (simple value 23).
    Undefined,
    /// A half, single or double float.
    Float,
    /// Any other simple value (0 to 19, 24 to 255).
    Simple,
    /// The break byte `0xff`, which only ends an indefinite-length item.
    Break,
    /// A first byte that no well-formed item has: additional information 28 to 30, or an
    /// indefinite length on a major type that has none.
    Reserved,
}

impl Kind {
    /// The kind of an item whose first byte is `b`.
    ///
    /// ```
    /// use codec::cbor::Kind;
    /// assert_eq!(Kind::of(0x05), Kind::UInt);
    /// assert_eq!(Kind::of(0x63), Kind::Text);
    /// assert_eq!(Kind::of(0xf9), Kind::Float);
    /// assert_eq!(Kind::of(0x1c), Kind::Reserved);
    /// ```
    #[inline]
    pub fn of(b: u8) -> Kind {
        let ai = b & 0x1f;
        match b >> 5 {
            _ if (28..=30).contains(&ai) => Kind::Reserved,
            0 | 1 | 6 if ai == 31 => Kind::Reserved,
            0 => Kind::UInt,
            1 => Kind::NegInt,
            2 => Kind::Bytes,
            3 => Kind::Text,
            4 => Kind::Array,
            5 => Kind::Map,
            6 => Kind::Tag,
            _ => match b {
                0xf4 | 0xf5 => Kind::Bool,
                0xf6 => Kind::Null,
                0xf7 => Kind::Undefined,
                0xf9..=0xfb => Kind::Float,
                0xff => Kind::Break,
                _ => Kind::Simple,
            },
        }
    }

    /// The format-independent kind ([`Reader::peek_value_kind`](crate::Reader::peek_value_kind)).
    #[inline]
    fn value_kind(self) -> crate::reader::ValueKind {
        use crate::reader::ValueKind;
        match self {
            Kind::Null | Kind::Undefined => ValueKind::Null,
            Kind::Bool => ValueKind::Bool,
            Kind::UInt | Kind::NegInt => ValueKind::Int,
            Kind::Float => ValueKind::Float,
            Kind::Text => ValueKind::Str,
            Kind::Bytes => ValueKind::Bytes,
            Kind::Array => ValueKind::Array,
            Kind::Map => ValueKind::Map,
            Kind::Tag | Kind::Simple | Kind::Break | Kind::Reserved => ValueKind::Invalid,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Kind::UInt => "integer",
            Kind::NegInt => "negative integer",
            Kind::Bytes => "byte string",
            Kind::Text => "string",
            Kind::Array => "array",
            Kind::Map => "map",
            Kind::Tag => "tag",
            Kind::Bool => "boolean",
            Kind::Null => "null",
            Kind::Undefined => "undefined",
            Kind::Float => "float",
            Kind::Simple => "simple value",
            Kind::Break => "break",
            Kind::Reserved => "reserved byte",
        }
    }
}

/// An integer as read: major type 0 as `Pos(n)`, major type 1 as `Neg(n)`, standing for
/// `-1 - n` (so down to -2^64).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    Pos(u64),
    Neg(u64),
}

impl Int {
    fn wide(self) -> i128 {
        match self {
            Int::Pos(v) => i128::from(v),
            Int::Neg(n) => -1 - i128::from(n),
        }
    }

    fn text(self) -> String {
        self.wide().to_string()
    }
}

/// What the count of a container holds when it is indefinite (ended by a break): no
/// definite count reaches it, since a count is checked against the bytes left.
pub const INDEFINITE: usize = usize::MAX;

/// The level state of an indefinite container whose items were counted ahead
/// (`Reader::begin_array_len`): its break is read when it is left.
const INDEFINITE_COUNTED: usize = usize::MAX - 1;

/// A map key just read, as where its encoded bytes lie in the input (tags before it
/// skipped): a text string, an integer, a boolean or any other value. The reader answers
/// what it holds ([`key_bytes`](CborReader::key_bytes), [`key_str`](CborReader::key_str),
/// [`key_u64`](CborReader::key_u64), ...).
///
/// ```
/// # use codec::cbor::CborReader;
/// // {"id": 1, 7: 2}
/// let mut r = CborReader::new(b"\xa2\x62id\x01\x07\x02");
/// r.begin_object()?;
/// r.object_first()?;
/// let k = r.read_key()?;
/// assert_eq!((r.key_bytes(k)?, k.offset()), (&b"id"[..], 1));
/// r.skip_value()?;
/// r.object_next()?;
/// let k = r.read_key()?;
/// assert_eq!((r.key_raw(k), r.key_u64(k, "u8", 255)?), (&b"\x07"[..], 7));
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Key<'de> {
    start: usize,
    /// The key's encoded bytes, head included.
    raw: &'de [u8],
}

/// What [`CborReader::key_bytes`] gives for a key that is not a text string: a byte that
/// never occurs in UTF-8, so such a key matches no field or variant name.
pub(crate) const NOT_A_STRING: &[u8] = &[0xff];

impl<'de> Key<'de> {
    /// Offset of the key's first byte in the input.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf6\x61k");
    /// r.read_null()?;
    /// assert_eq!(r.read_key()?.offset(), 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn offset(&self) -> usize {
        self.start
    }
}

/// The head length and body of the definite text string whose encoding is `raw`.
#[inline(always)]
fn text_body(raw: &[u8]) -> Option<&[u8]> {
    let (&b, rest) = raw.split_first()?;
    if b >> 5 != 3 {
        return None;
    }
    let skip = match b & 0x1f {
        0..=23 => 0,
        24 => 1,
        25 => 2,
        26 => 4,
        27 => 8,
        _ => return None,
    };
    rest.get(skip..)
}

/// The integer (major type 0 or 1) whose encoding is `raw`, if it is one.
#[inline]
fn int_of(raw: &[u8]) -> Option<Int> {
    let (&b, rest) = raw.split_first()?;
    let n = match b & 0x1f {
        ai @ 0..=23 => u64::from(ai),
        ai @ 24..=27 => {
            let bytes = rest.get(..1 << (ai - 24))?;
            bytes.iter().fold(0, |acc, &x| acc << 8 | u64::from(x))
        }
        _ => return None,
    };
    match b >> 5 {
        0 => Some(Int::Pos(n)),
        1 => Some(Int::Neg(n)),
        _ => None,
    }
}

/// A saved reader position, for decoders that look ahead and come back (internally
/// tagged enums whose tag is not first, untagged enums).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
    remaining: usize,
}

/// Backtracking budget: this many times the input length, plus [`BACKTRACK_BASE`] bytes
/// (as for JSON and MessagePack).
const BACKTRACK_FACTOR: usize = 16;
const BACKTRACK_BASE: usize = 1 << 20;
/// What every retry costs on top of the bytes it re-reads.
const BACKTRACK_RETRY_COST: usize = 1;

/// Levels whose counts live inline; deeper ones spill to a `Vec`.
const INLINE_LEVELS: usize = 32;

/// The most memory one announced length lets a collection reserve before its elements are
/// read (see [`CborReader::capacity_for`]).
const PREALLOC_MAX_BYTES: usize = 1 << 20;
/// What the reservations made ahead of their elements may total over a whole document, per
/// input byte.
const PREALLOC_PER_INPUT_BYTE: usize = 8;

/// The self-described CBOR tag (RFC 8949 section 3.4.6), skipped wherever it appears.
pub const SELF_DESCRIBED_TAG: u64 = 55799;

/// The cursor that every [`Decode`](crate::Decode) impl reads CBOR from.
pub struct CborReader<'de> {
    input: &'de [u8],
    pos: usize,
    backtrack_budget: usize,
    prealloc_budget: usize,
    depth: usize,
    nested_depth: usize,
    /// Items (array elements or map entries) not yet started in the innermost container
    /// opened with `begin_object`/`begin_array`, or [`INDEFINITE`].
    remaining: usize,
    /// `remaining` of the enclosing containers, by depth.
    saved: [usize; INLINE_LEVELS],
    spill: Vec<usize>,
    max_depth: usize,
    max_len: usize,
    duplicate_keys: DuplicateKeys,
    non_finite: NonFinite,
    /// An indefinite-length key's text, joined (see [`key_bytes`](Self::key_bytes)).
    scratch: Vec<u8>,
    /// The last key read that had tags before it: where the key starts, and where its
    /// first tag does (see [`Reader::key_is_tagged`](crate::Reader::key_is_tagged)).
    tagged_key: (usize, usize),
    /// An indefinite-length string's text, joined, for `Reader::read_str_ref`.
    text_scratch: String,
    /// In `preserve_refs` mode, the values decoded for the value-sharing tags and where
    /// those tags stand (see `refs.rs`).
    pub(crate) refs: Option<alloc::boxed::Box<super::refs::CborRefs>>,
}

impl<'de> CborReader<'de> {
    /// A reader with the default [`Options`].
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x18\x2a");
    /// assert_eq!(r.read_u64()?, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, &Options::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use codec::cbor::{CborReader, Options};
    /// let mut r = CborReader::with_options(b"\x63abc", &Options::new().max_string_len(2));
    /// assert!(r.read_str().is_err());
    /// ```
    pub fn with_options(input: &'de [u8], options: &Options) -> Self {
        CborReader {
            input,
            pos: 0,
            backtrack_budget: input.len().saturating_mul(BACKTRACK_FACTOR).saturating_add(BACKTRACK_BASE),
            prealloc_budget: input.len().saturating_mul(PREALLOC_PER_INPUT_BYTE),
            depth: 0,
            nested_depth: 0,
            remaining: 0,
            saved: [0; INLINE_LEVELS],
            spill: Vec::new(),
            max_depth: options.max_depth,
            max_len: options.max_len,
            duplicate_keys: options.duplicate_keys,
            non_finite: options.non_finite,
            scratch: Vec::new(),
            tagged_key: (usize::MAX, 0),
            text_scratch: String::new(),
            refs: if options.preserve_refs { Some(Default::default()) } else { None },
        }
    }

    /// What to do with a key that appears twice in one map.
    ///
    /// ```
    /// # use codec::cbor::{CborReader, DuplicateKeys};
    /// assert_eq!(CborReader::new(b"").duplicate_keys(), DuplicateKeys::Error);
    /// ```
    #[inline]
    pub fn duplicate_keys(&self) -> DuplicateKeys {
        self.duplicate_keys
    }

    /// The whole input.
    ///
    /// ```
    /// assert_eq!(codec::cbor::CborReader::new(b"\xf6").input(), b"\xf6");
    /// ```
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Current byte offset.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf5\xf4");
    /// r.read_bool()?;
    /// assert_eq!(r.position(), 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Saves the position, the nesting depth and the count of the innermost container.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x01");
    /// let cp = r.checkpoint();
    /// assert!(r.read_str().is_err());
    /// r.restore(cp);
    /// assert_eq!(r.read_u64()?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint { pos: self.pos, depth: self.depth, remaining: self.remaining }
    }

    /// Returns to `cp` to try another reading of the same value (an untagged enum's next
    /// variant), charging the bytes read since then, plus one for the retry itself, to the
    /// document's backtracking budget (16 times the input length plus 1 MiB).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x01");
    /// let cp = r.checkpoint();
    /// r.read_u64()?;
    /// r.backtrack(cp)?;
    /// assert_eq!(r.position(), 0);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn backtrack(&mut self, cp: Checkpoint) -> Result<()> {
        let reread = self.pos.saturating_sub(cp.pos) + BACKTRACK_RETRY_COST;
        match self.backtrack_budget.checked_sub(reread) {
            Some(left) => {
                self.backtrack_budget = left;
                self.restore(cp);
                Ok(())
            }
            None => Err(self.backtrack_error()),
        }
    }

    #[cold]
    #[inline(never)]
    fn backtrack_error(&self) -> Error {
        Error::new(
            ErrorKind::SizeLimit(Cow::Borrowed(
                "untagged enums re-read more than 16 times the input while trying variants",
            )),
            self.pos,
        )
    }

    /// Returns to a saved position.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x07");
    /// let cp = r.checkpoint();
    /// r.read_u64()?;
    /// r.restore(cp);
    /// assert_eq!(r.read_u64()?, 7);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn restore(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth = cp.depth;
        self.remaining = cp.remaining;
    }

    // ---- errors (all cold) ----

    /// An error of `kind` at the current offset.
    ///
    /// ```
    /// let r = codec::cbor::CborReader::new(b"\x00\x00");
    /// assert_eq!(r.error(codec::ErrorKind::TrailingCharacters).offset(), Some(0));
    /// ```
    #[cold]
    #[inline(never)]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    #[cold]
    #[inline(never)]
    fn eof(&self) -> Error {
        Error::new(ErrorKind::Eof, self.input.len())
    }

    #[cold]
    #[inline(never)]
    fn syntax(&self, message: &'static str, at: usize) -> Error {
        Error::new(ErrorKind::Syntax(Cow::Borrowed(message)), at)
    }

    /// The well-formedness error of the item starting with byte `b` at `at`, a byte that
    /// starts no item a reader method takes (reserved, break, bad indefinite length).
    #[cold]
    #[inline(never)]
    fn malformed(&self, b: u8, at: usize) -> Error {
        match Kind::of(b) {
            Kind::Break => self.syntax("a break (0xff) outside an indefinite-length item", at),
            _ if (28..=30).contains(&(b & 0x1f)) => {
                self.syntax("reserved additional information (28 to 30) in a CBOR head", at)
            }
            _ if b & 0x1f == 31 => self.syntax("an indefinite length on an integer, tag or simple value head", at),
            _ => self.syntax("not a well-formed CBOR item", at),
        }
    }

    /// "invalid type: expected {expected}, found {what the input holds}", at the offending
    /// value.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x61x");
    /// assert_eq!(r.invalid_type("u8").to_string(), "invalid type: expected u8, found string (byte 0)");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        match self.input.get(self.pos) {
            None => self.eof(),
            Some(&b) if matches!(Kind::of(b), Kind::Reserved | Kind::Break) => self.malformed(b, self.pos),
            Some(&b) => {
                // A truncated head is the input's fault first.
                if let Err(e) = self.clone_at(self.pos).head() {
                    return e;
                }
                if self.at_shared_ref() {
                    return Error::new(
                        ErrorKind::InvalidValue(Cow::Owned(format!(
                            "a shared reference (tag 29) where {expected} is expected: only an Rc, Arc or Weak \
                             reads one"
                        ))),
                        self.pos,
                    );
                }
                Error::new(
                    ErrorKind::InvalidType {
                        expected: Cow::Borrowed(expected),
                        found: Cow::Borrowed(Kind::of(b).describe()),
                    },
                    self.pos,
                )
            }
        }
    }

    /// A bare reader over the same input at `pos`, with the same limits (for looking at an
    /// item without moving).
    fn clone_at(&self, pos: usize) -> CborReader<'de> {
        CborReader {
            input: self.input,
            pos,
            backtrack_budget: 0,
            prealloc_budget: 0,
            depth: 0,
            nested_depth: 0,
            remaining: 0,
            saved: [0; INLINE_LEVELS],
            spill: Vec::new(),
            max_depth: self.max_depth,
            max_len: self.max_len,
            duplicate_keys: self.duplicate_keys,
            non_finite: self.non_finite,
            scratch: Vec::new(),
            tagged_key: (usize::MAX, 0),
            text_scratch: String::new(),
            refs: None,
        }
    }

    #[cold]
    #[inline(never)]
    fn out_of_range(&self, at: usize, value: String, expected: &'static str) -> Error {
        Error::new(ErrorKind::OutOfRange(Cow::Owned(format!("{value} does not fit in {expected}"))), at)
    }

    #[cold]
    #[inline(never)]
    fn size_error(&self, at: usize, what: &'static str) -> Error {
        Error::new(
            ErrorKind::SizeLimit(Cow::Owned(format!("{what} longer than the limit of {} bytes", self.max_len))),
            at,
        )
    }

    #[cold]
    #[inline(never)]
    fn recursion_error(&self) -> Error {
        Error::new(ErrorKind::RecursionLimit(self.max_depth), self.pos)
    }

    /// Runs `decode` one nesting level down, counted apart from the nesting of arrays and
    /// maps (as `MsgpackReader::nested` does): a type that
    /// recurses without opening a container stops with [`ErrorKind::RecursionLimit`].
    ///
    /// ```
    /// use codec::cbor::{CborReader, Options};
    /// use codec::ErrorKind;
    ///
    /// let opts = Options::new().max_depth(2);
    /// let mut r = CborReader::with_options(b"\x07", &opts);
    /// assert_eq!(r.nested(|r| r.nested(|r| r.read_u64()))?, 7);
    /// let mut r = CborReader::with_options(b"\x07", &opts);
    /// let err = r.nested(|r| r.nested(|r| r.nested(|r| r.read_u64()))).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (&ErrorKind::RecursionLimit(2), Some(0)));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.nested_depth >= self.max_depth {
            return Err(self.recursion_error());
        }
        self.nested_depth += 1;
        let result = decode(self);
        self.nested_depth -= 1;
        result
    }

    // ---- bytes and heads ----

    /// The next byte, not consumed; `None` at the end of input.
    ///
    /// ```
    /// assert_eq!(codec::cbor::CborReader::new(b"\xf6").peek(), Some(0xf6));
    /// ```
    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    /// The kind of the next item, not consumed (tags not skipped); `None` at the end of
    /// input.
    ///
    /// ```
    /// use codec::cbor::{CborReader, Kind};
    /// assert_eq!(CborReader::new(b"\x82\x01\x02").peek_kind(), Some(Kind::Array));
    /// ```
    #[inline]
    pub fn peek_kind(&self) -> Option<Kind> {
        self.peek().map(Kind::of)
    }

    /// The kind of the next value past its tags (which are consumed, but bignum tags,
    /// which make an integer).
    #[inline]
    fn value_kind(&mut self) -> Result<Option<Kind>> {
        self.skip_tags()?;
        Ok(match self.peek() {
            Some(0xc2 | 0xc3) => Some(Kind::UInt),
            b => b.map(Kind::of),
        })
    }

    #[inline(always)]
    fn take(&mut self, n: usize) -> Result<&'de [u8]> {
        let input: &'de [u8] = self.input;
        match input.get(self.pos..).and_then(|rest| rest.get(..n)) {
            Some(bytes) => {
                self.pos += n;
                Ok(bytes)
            }
            None => Err(self.eof()),
        }
    }

    #[inline(always)]
    fn left(&self) -> usize {
        self.input.len() - self.pos
    }

    #[inline(always)]
    fn bump(&mut self) {
        self.pos += 1;
    }

    /// Reads a head: its first byte, and its argument (`None` for an indefinite length,
    /// additional information 31). Reserved additional information (28 to 30) is an error
    /// at the head.
    #[inline(always)]
    fn head(&mut self) -> Result<(u8, Option<u64>)> {
        let at = self.pos;
        let Some(&b) = self.input.get(at) else { return Err(self.eof()) };
        let ai = b & 0x1f;
        let arg = match ai {
            0..=23 => {
                self.pos += 1;
                return Ok((b, Some(u64::from(ai))));
            }
            24 => {
                let &[_, x] = self.fixed::<2>()?;
                u64::from(x)
            }
            25 => {
                let &[_, a, b2] = self.fixed::<3>()?;
                u64::from(u16::from_be_bytes([a, b2]))
            }
            26 => {
                let &[_, a, b2, c, d] = self.fixed::<5>()?;
                u64::from(u32::from_be_bytes([a, b2, c, d]))
            }
            27 => {
                let &[_, a, b2, c, d, e, f, g, h] = self.fixed::<9>()?;
                u64::from_be_bytes([a, b2, c, d, e, f, g, h])
            }
            31 => {
                self.pos += 1;
                return Ok((b, None));
            }
            _ => return Err(self.malformed(b, at)),
        };
        Ok((b, Some(arg)))
    }

    #[inline(always)]
    fn fixed<const N: usize>(&mut self) -> Result<&'de [u8; N]> {
        let input: &'de [u8] = self.input;
        match input.get(self.pos..self.pos + N) {
            Some(bytes) => {
                self.pos += N;
                Ok(bytes.try_into().unwrap_or(&[0; N]))
            }
            None => Err(self.eof()),
        }
    }

    /// Skips the tags before the next value, but bignum tags (2 and 3), which the integer
    /// readers take. Whether there were any.
    #[inline(always)]
    pub(super) fn skip_tags(&mut self) -> Result<bool> {
        match self.peek() {
            Some(0xc0 | 0xc1 | 0xc4..=0xdf) => self.skip_tags_slow(),
            _ => Ok(false),
        }
    }

    #[cold]
    #[inline(never)]
    fn skip_tags_slow(&mut self) -> Result<bool> {
        let mut skipped = false;
        // ---- shared references (see `refs.rs`) ----
        let mut shareable = None;
        while let Some(b @ 0xc0..=0xdf) = self.peek() {
            let at = self.pos;
            let (_, arg) = self.head()?;
            match arg {
                None => return Err(self.malformed(b, at)),
                Some(2 | 3) => {
                    self.pos = at;
                    break;
                }
                // In refs mode a shareable tag is noted (for a pointer after it), and a
                // reference is left to the pointer that reads it.
                Some(28) if self.refs.is_some() => {
                    shareable = Some(at);
                    skipped = true;
                }
                Some(29) if self.refs.is_some() => {
                    self.pos = at;
                    break;
                }
                Some(_) => skipped = true,
            }
        }
        if let (Some(tag_at), Some(refs)) = (shareable, self.refs.as_deref_mut()) {
            refs.skipped(tag_at, self.pos);
        }
        Ok(skipped)
    }

    // ---- shared references (see `refs.rs`) ----

    /// Whether a shared reference (tag 29) is next, in refs mode.
    pub(super) fn at_shared_ref(&self) -> bool {
        self.refs.is_some() && matches!(self.clone_at(self.pos).head(), Ok((0xc0..=0xdf, Some(29))))
    }

    /// Reads the head of the tag that is next.
    pub(super) fn read_tag_head(&mut self) -> Result<()> {
        self.head().map(|_| ())
    }

    // ---- null and bool ----

    /// Reads `null` (or `undefined`, which stands for it here).
    ///
    /// ```
    /// codec::cbor::CborReader::new(b"\xf6").read_null()?;
    /// codec::cbor::CborReader::new(b"\xf7").read_null()?;
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_null(&mut self) -> Result<()> {
        if self.try_read_null()? {
            return Ok(());
        }
        Err(self.invalid_type("null"))
    }

    /// Consumes `null` (or `undefined`) if it is next and says whether it was.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf6\x01");
    /// assert!(r.try_read_null()?);
    /// assert!(!r.try_read_null()?);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn try_read_null(&mut self) -> Result<bool> {
        match self.peek() {
            Some(0xf6 | 0xf7) => {
                self.bump();
                Ok(true)
            }
            Some(0xc0 | 0xc1 | 0xc4..=0xdf) => self.try_read_null_tagged(),
            _ => Ok(false),
        }
    }

    /// [`try_read_null`](Self::try_read_null) past tags (apart, so that the hot path
    /// stays small and inlines).
    #[cold]
    #[inline(never)]
    fn try_read_null_tagged(&mut self) -> Result<bool> {
        self.skip_tags()?;
        if let Some(0xf6 | 0xf7) = self.peek() {
            self.bump();
            return Ok(true);
        }
        Ok(false)
    }

    /// Reads `true` or `false`.
    ///
    /// ```
    /// assert_eq!(codec::cbor::CborReader::new(b"\xf4").read_bool()?, false);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool> {
        match self.peek() {
            Some(0xf4) => {
                self.bump();
                Ok(false)
            }
            Some(0xf5) => {
                self.bump();
                Ok(true)
            }
            _ => self.read_bool_slow(),
        }
    }

    #[cold]
    #[inline(never)]
    fn read_bool_slow(&mut self) -> Result<bool> {
        if self.skip_tags()? {
            if let Some(b @ (0xf4 | 0xf5)) = self.peek() {
                self.bump();
                return Ok(b == 0xf5);
            }
        }
        Err(self.invalid_type("a boolean"))
    }

    // ---- integers ----

    /// Reads a major type 0 or 1 integer; `None` (nothing consumed) when the next value is
    /// not one.
    #[inline(always)]
    fn try_int(&mut self) -> Result<Option<Int>> {
        self.skip_tags()?;
        let Some(b) = self.peek() else { return Err(self.eof()) };
        if b > 0x3b {
            return Ok(None);
        }
        let at = self.pos;
        let (_, arg) = self.head()?;
        match arg {
            Some(n) if b < 0x20 => Ok(Some(Int::Pos(n))),
            Some(n) => Ok(Some(Int::Neg(n))),
            None => Err(self.malformed(b, at)),
        }
    }

    #[inline(always)]
    fn read_int(&mut self, expected: &'static str) -> Result<(Int, usize)> {
        self.skip_tags()?;
        let start = self.pos;
        match self.try_int()? {
            Some(v) => Ok((v, start)),
            None if matches!(self.peek(), Some(0xc2 | 0xc3)) => self.read_bignum_int(expected, start),
            None => Err(self.invalid_type(expected)),
        }
    }

    /// A bignum where an integer of type `expected` is: the integer it holds when that
    /// fits major types 0 and 1 (a bignum need not be preferred), else out of range.
    #[cold]
    #[inline(never)]
    fn read_bignum_int(&mut self, expected: &'static str, start: usize) -> Result<(Int, usize)> {
        let (magnitude, negative) = self.read_bignum_magnitude()?;
        if let Some(m) = magnitude.and_then(|m| u64::try_from(m).ok()) {
            return Ok((if negative { Int::Neg(m) } else { Int::Pos(m) }, start));
        }
        let text = match (magnitude, negative) {
            (Some(m), false) => m.to_string(),
            (Some(m), true) => match m.checked_add(1) {
                Some(n) => format!("-{n}"),
                None => "a bignum beyond 128 bits".to_owned(),
            },
            (None, _) => "a bignum beyond 128 bits".to_owned(),
        };
        Err(self.out_of_range(start, text, expected))
    }

    /// Reads an unsigned integer within `0..=max`; `expected` names the target type for
    /// messages.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x19\x01\x2c");
    /// let err = r.read_u64_max("u8", 255).unwrap_err();
    /// assert_eq!(err.to_string(), "number out of range: 300 does not fit in u8 (byte 0)");
    /// ```
    #[inline(always)]
    pub fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        if let Some((v, len)) = self.peek_uint() {
            if v <= max {
                self.pos += len;
                return Ok(v);
            }
        }
        self.read_u64_max_slow(expected, max)
    }

    /// The value and encoded length of a major type 0 integer complete at the current
    /// position; nothing is consumed.
    #[inline(always)]
    fn peek_uint(&self) -> Option<(u64, usize)> {
        let rest = self.input.get(self.pos..)?;
        match *rest {
            [b @ 0x00..=0x17, ..] => Some((b as u64, 1)),
            [0x18, b, ..] => Some((b as u64, 2)),
            [0x19, a, b, ..] => Some((u16::from_be_bytes([a, b]) as u64, 3)),
            [0x1a, a, b, c, d, ..] => Some((u32::from_be_bytes([a, b, c, d]) as u64, 5)),
            [0x1b, a, b, c, d, e, f, g, h, ..] => Some((u64::from_be_bytes([a, b, c, d, e, f, g, h]), 9)),
            _ => None,
        }
    }

    #[inline(never)]
    fn read_u64_max_slow(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        match self.read_int(expected)? {
            (Int::Pos(v), _) if v <= max => Ok(v),
            (v, at) => Err(self.out_of_range(at, v.text(), expected)),
        }
    }

    /// Reads a `u64` (negative values are out of range).
    ///
    /// ```
    /// assert_eq!(codec::cbor::CborReader::new(b"\x1b\xff\xff\xff\xff\xff\xff\xff\xff").read_u64()?, u64::MAX);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_u64_max("u64", u64::MAX)
    }

    /// Reads a signed integer within `min..=max` (`expected` names the type).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x38\x7f");
    /// assert_eq!(r.read_i64_range("i8", -128, 127)?, -128);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        if let Some(&b) = self.input.get(self.pos) {
            // One-byte integers, both signs: the most common by far.
            let v = match b {
                0x00..=0x17 => b as i64,
                0x20..=0x37 => -1 - (b - 0x20) as i64,
                _ => i64::MAX,
            };
            if v != i64::MAX && v >= min && v <= max {
                self.pos += 1;
                return Ok(v);
            }
        }
        self.read_i64_range_slow(expected, min, max)
    }

    #[inline(never)]
    fn read_i64_range_slow(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        let (v, at) = self.read_int(expected)?;
        let wide = v.wide();
        if wide >= i128::from(min) && wide <= i128::from(max) {
            return Ok(wide as i64);
        }
        Err(self.out_of_range(at, v.text(), expected))
    }

    /// Reads an `i64`.
    ///
    /// ```
    /// assert_eq!(codec::cbor::CborReader::new(b"\x20").read_i64()?, -1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        self.read_i64_range("i64", i64::MIN, i64::MAX)
    }

    /// Reads a bignum (tag 2 or 3 and a byte string, RFC 8949 section 3.4.3), after its
    /// tag was peeked: its value, or `None` when it is beyond 128 bits (signed: beyond
    /// `i128` for a negative one, beyond `u128` for a positive one).
    fn read_bignum(&mut self) -> Result<Option<i128>> {
        let (bytes, negative) = self.read_bignum_bytes()?;
        Ok(bignum_i128(negative, &bytes))
    }

    /// A bignum's magnitude (`None` past 128 bits) and whether it is negative (tag 3,
    /// standing for `-1 - magnitude`).
    fn read_bignum_magnitude(&mut self) -> Result<(Option<u128>, bool)> {
        let (bytes, negative) = self.read_bignum_bytes()?;
        Ok((bignum_magnitude(&bytes), negative))
    }

    /// A bignum's byte string (its magnitude, big-endian) and whether it is negative (tag
    /// 3), after its tag was peeked.
    fn read_bignum_bytes(&mut self) -> Result<(Cow<'de, [u8]>, bool)> {
        let negative = self.peek() == Some(0xc3);
        self.bump();
        if !matches!(self.peek().map(Kind::of), Some(Kind::Bytes)) {
            return Err(self.invalid_type("a byte string (the magnitude of a bignum)"));
        }
        Ok((self.read_byte_cow()?, negative))
    }

    /// Reads a `u128`: any unsigned integer, or a positive bignum (tag 2) of up to 16
    /// significant bytes.
    ///
    /// ```
    /// let mut bytes = vec![0xc2, 0x50];
    /// bytes.extend_from_slice(&u128::MAX.to_be_bytes());
    /// assert_eq!(codec::cbor::CborReader::new(&bytes).read_u128()?, u128::MAX);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_u128(&mut self) -> Result<u128> {
        self.skip_tags()?;
        let at = self.pos;
        if matches!(self.peek(), Some(0xc2 | 0xc3)) {
            return match self.read_bignum_magnitude()? {
                (Some(m), false) => Ok(m),
                (Some(m), true) => Err(self.out_of_range(at, format!("-1 - {m}"), "u128")),
                (None, _) => Err(self.out_of_range(at, "a bignum beyond 128 bits".to_owned(), "u128")),
            };
        }
        match self.read_int("u128")? {
            (Int::Pos(v), _) => Ok(v as u128),
            (v, at) => Err(self.out_of_range(at, v.text(), "u128")),
        }
    }

    /// Reads an `i128`: any integer of major type 0 or 1, or a bignum within `i128`.
    ///
    /// ```
    /// let mut bytes = vec![0xc3, 0x50];
    /// bytes.extend_from_slice(&i128::MAX.to_be_bytes());
    /// assert_eq!(codec::cbor::CborReader::new(&bytes).read_i128()?, i128::MIN);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_i128(&mut self) -> Result<i128> {
        self.skip_tags()?;
        let at = self.pos;
        if matches!(self.peek(), Some(0xc2 | 0xc3)) {
            return match self.read_bignum()? {
                Some(v) => Ok(v),
                None => Err(self.out_of_range(at, "a bignum beyond 128 bits".to_owned(), "i128")),
            };
        }
        self.read_int("i128").map(|(v, _)| v.wide())
    }

    // ---- floats ----

    /// Reads a float of any width (a half or single widened exactly) or an integer (the
    /// nearest `f64`).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf9\x3e\x00\xfa\x3f\x00\x00\x00\x03");
    /// assert_eq!(r.read_f64()?, 1.5);
    /// assert_eq!(r.read_f64()?, 0.5);
    /// assert_eq!(r.read_f64()?, 3.0);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_f64(&mut self) -> Result<f64> {
        if let Some(&[0xfb, a, b, c, d, e, f, g, h]) = self.input.get(self.pos..self.pos + 9) {
            self.pos += 9;
            return Ok(f64::from_bits(u64::from_be_bytes([a, b, c, d, e, f, g, h])));
        }
        self.read_f64_slow()
    }

    #[inline(never)]
    fn read_f64_slow(&mut self) -> Result<f64> {
        self.skip_tags()?;
        match self.try_float()? {
            Some(v) => Ok(v),
            None => match self.try_int()? {
                Some(v) => Ok(v.wide() as f64),
                None if matches!(self.peek(), Some(0xc2 | 0xc3)) => self.read_big_float(),
                None => self.read_non_finite("f64"),
            },
        }
    }

    /// A bignum read as a float: the nearest `f64` (infinite beyond its range).
    fn read_big_float(&mut self) -> Result<f64> {
        let negative = self.peek() == Some(0xc3);
        self.bump();
        let bytes = self.read_byte_cow()?;
        let magnitude = bytes.iter().fold(0.0f64, |acc, &b| acc * 256.0 + f64::from(b));
        Ok(if negative { -1.0 - magnitude } else { magnitude })
    }

    /// A float of any width as `f64`, if one is next (nothing consumed otherwise).
    #[inline(always)]
    fn try_float(&mut self) -> Result<Option<f64>> {
        Ok(Some(match self.peek() {
            Some(0xf9) => {
                let &[_, a, b] = self.fixed::<3>()?;
                f16_to_f64(u16::from_be_bytes([a, b]))
            }
            Some(0xfa) => {
                let &[_, a, b, c, d] = self.fixed::<5>()?;
                f32::from_bits(u32::from_be_bytes([a, b, c, d])) as f64
            }
            Some(0xfb) => {
                let &[_, a, b, c, d, e, f, g, h] = self.fixed::<9>()?;
                f64::from_bits(u64::from_be_bytes([a, b, c, d, e, f, g, h]))
            }
            _ => return Ok(None),
        }))
    }

    /// Reads a float (a double rounded to the nearest `f32`) or an integer.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xfb\x3f\xe0\x00\x00\x00\x00\x00\x00");
    /// assert_eq!(r.read_f32()?, 0.5);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_f32(&mut self) -> Result<f32> {
        if let Some(&[0xfa, a, b, c, d]) = self.input.get(self.pos..self.pos + 5) {
            self.pos += 5;
            return Ok(f32::from_bits(u32::from_be_bytes([a, b, c, d])));
        }
        self.read_f64_slow_as("f32").map(|v| v as f32)
    }

    #[inline(never)]
    fn read_f64_slow_as(&mut self, expected: &'static str) -> Result<f64> {
        self.skip_tags()?;
        match self.try_float()? {
            Some(v) => Ok(v),
            None => match self.try_int()? {
                Some(v) => Ok(v.wide() as f64),
                None if matches!(self.peek(), Some(0xc2 | 0xc3)) => self.read_big_float(),
                None => self.read_non_finite(expected),
            },
        }
    }

    /// What a float accepts besides numbers (see [`NonFinite`]).
    ///
    /// ```
    /// # use codec::cbor::CborReader;
    /// assert_eq!(CborReader::new(b"").non_finite(), codec::NonFinite::Error);
    /// ```
    #[inline]
    pub fn non_finite(&self) -> NonFinite {
        self.non_finite
    }

    /// `null` or one of the three strings where a float is expected, when the
    /// [`NonFinite`] policy accepts it (data carried over from JSON).
    #[cold]
    #[inline(never)]
    fn read_non_finite(&mut self, expected: &'static str) -> Result<f64> {
        let start = self.pos;
        match (self.non_finite, self.peek_kind()) {
            (NonFinite::Null, Some(Kind::Null | Kind::Undefined)) => {
                self.bump();
                Ok(f64::NAN)
            }
            (NonFinite::Strings, Some(Kind::Text)) => {
                let s = self.read_cow_str()?;
                NonFinite::value_of(s.as_bytes()).ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidValue(Cow::Borrowed(
                            "expected a number or one of the strings \"NaN\", \"Infinity\", \"-Infinity\"",
                        )),
                        start,
                    )
                })
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    // ---- strings ----

    /// A definite length just read at `at`, checked against the limit and the bytes left.
    #[inline(always)]
    fn checked_len(&self, len: u64, at: usize, what: &'static str) -> Result<usize> {
        if len > self.left() as u64 {
            return Err(self.eof());
        }
        let len = len as usize;
        if len > self.max_len {
            return Err(self.size_error(at, what));
        }
        Ok(len)
    }

    /// The head length and body of a text string of up to 255 bytes (one-byte or
    /// two-byte head) complete at the current position and within the length limit;
    /// nothing is consumed.
    #[inline(always)]
    fn peek_short_text(&self) -> Option<(usize, &'de [u8])> {
        let input: &'de [u8] = self.input;
        let (head, len) = match *input.get(self.pos)? {
            b @ 0x60..=0x77 => (1, (b & 0x1f) as usize),
            0x78 => (2, *input.get(self.pos + 1)? as usize),
            _ => return None,
        };
        if len > self.max_len {
            return None;
        }
        Some((head, input.get(self.pos + head..self.pos + head + len)?))
    }

    #[cold]
    #[inline(never)]
    fn utf8_error(&self, bytes: &[u8], offset: usize) -> Error {
        let bad = core::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
        Error::new(ErrorKind::InvalidUtf8, offset + bad)
    }

    /// The body of a definite text string of `len` bytes (its head just read), checked
    /// for UTF-8 once, here.
    #[inline]
    fn definite_text(&mut self, len: usize) -> Result<&'de str> {
        let body = self.pos;
        let bytes = self.take(len)?;
        utf8(bytes).map_err(|()| self.utf8_error(bytes, body))
    }

    /// Walks the chunks of an indefinite-length string of major type `major` (2 bytes, 3
    /// text) whose head was read at `at`, up to and past its break: each chunk must be a
    /// definite string of the same major type (RFC 8949 section 3.2.3), the lengths
    /// together are held to the limit, and `each` reads each chunk's body of the length
    /// it is given.
    fn string_chunks(
        &mut self,
        major: u8,
        at: usize,
        mut each: impl FnMut(&mut Self, usize) -> Result<()>,
    ) -> Result<()> {
        let what = if major == 3 { "string" } else { "byte string" };
        let mut total = 0usize;
        loop {
            let chunk_at = self.pos;
            let Some(b) = self.peek() else { return Err(self.eof()) };
            if b == 0xff {
                self.bump();
                return Ok(());
            }
            if b >> 5 != major || b & 0x1f == 31 {
                if Kind::of(b) == Kind::Reserved && b >> 5 == major {
                    return Err(self.malformed(b, chunk_at));
                }
                return Err(self.syntax(
                    "a chunk of an indefinite-length string must be a definite string of the same major type",
                    chunk_at,
                ));
            }
            let (_, len) = self.head()?;
            let len = len.unwrap_or(0);
            if len > self.left() as u64 {
                return Err(self.eof());
            }
            total += len as usize;
            if total > self.max_len {
                return Err(self.size_error(at, what));
            }
            each(self, len as usize)?;
        }
    }

    /// Reads the body of a string of major type `major` whose head was read at `at` with
    /// argument `arg`: a definite one borrowed, an indefinite one's chunks joined. `piece`
    /// takes one definite body (checking text's UTF-8, once: a chunk on its own, as RFC
    /// 8949 wants), `join` appends it.
    #[inline]
    fn string_body<T: ?Sized + ToOwned>(
        &mut self,
        major: u8,
        at: usize,
        arg: Option<u64>,
        piece: fn(&mut Self, usize) -> Result<&'de T>,
        join: fn(&mut T::Owned, &T),
    ) -> Result<Cow<'de, T>>
    where
        T::Owned: Default,
    {
        match arg {
            Some(len) => {
                let len = self.checked_len(len, at, if major == 3 { "string" } else { "byte string" })?;
                piece(self, len).map(Cow::Borrowed)
            }
            None => {
                let mut out = T::Owned::default();
                self.string_chunks(major, at, |r, len| {
                    join(&mut out, piece(r, len)?);
                    Ok(())
                })?;
                Ok(Cow::Owned(out))
            }
        }
    }

    /// A byte string's body (see [`Self::string_body`]).
    fn bytes_body(&mut self, at: usize, arg: Option<u64>) -> Result<Cow<'de, [u8]>> {
        self.string_body(2, at, arg, Self::take, Vec::extend_from_slice)
    }

    /// A text string's body (see [`Self::string_body`]).
    fn text_body(&mut self, at: usize, arg: Option<u64>) -> Result<Cow<'de, str>> {
        self.string_body(3, at, arg, Self::definite_text, String::push_str)
    }

    /// Skips the body of a string of major type `major` whose head was read at `at`,
    /// checking what reading it would check (text's UTF-8, the limit) without joining
    /// an indefinite one's chunks.
    fn skip_string_body(&mut self, major: u8, at: usize, arg: Option<u64>) -> Result<()> {
        let body = |r: &mut Self, len: usize| {
            if major == 3 {
                r.definite_text(len).map(|_| ())
            } else {
                r.take(len).map(|_| ())
            }
        };
        match arg {
            Some(len) => {
                let len = self.checked_len(len, at, if major == 3 { "string" } else { "byte string" })?;
                body(self, len)
            }
            None => self.string_chunks(major, at, body),
        }
    }

    /// Reads a text string, borrowed when it is definite, joined when it is in chunks.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let mut r = codec::cbor::CborReader::new(b"\x62ab\x7f\x61a\x61b\xff");
    /// assert!(matches!(r.read_cow_str()?, Cow::Borrowed("ab")));
    /// assert!(matches!(r.read_cow_str()?, Cow::Owned(s) if s == "ab"));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_cow_str(&mut self) -> Result<Cow<'de, str>> {
        if let Some((head, body)) = self.peek_short_text() {
            if let Ok(s) = utf8(body) {
                self.pos += head + body.len();
                return Ok(Cow::Borrowed(s));
            }
        }
        self.read_cow_str_slow()
    }

    #[inline(never)]
    fn read_cow_str_slow(&mut self) -> Result<Cow<'de, str>> {
        self.skip_tags()?;
        let at = self.pos;
        if self.peek_kind() != Some(Kind::Text) {
            return Err(self.invalid_type("a string"));
        }
        let (_, arg) = self.head()?;
        self.text_body(at, arg)
    }

    /// Reads a definite text string, borrowed from the input; invalid UTF-8 is an error,
    /// and so is an indefinite-length string (its chunks lie apart in the input: read it
    /// as `String` or `Cow<str>`).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x63\xe2\x9d\xa4");
    /// assert_eq!(r.read_str()?, "\u{2764}");
    /// assert!(codec::cbor::CborReader::new(b"\x61\xff").read_str().is_err());
    /// assert!(codec::cbor::CborReader::new(b"\x7f\x61a\xff").read_str().is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        if let Some((head, body)) = self.peek_short_text() {
            if let Ok(s) = utf8(body) {
                self.pos += head + body.len();
                return Ok(s);
            }
        }
        self.read_str_slow()
    }

    #[inline(never)]
    fn read_str_slow(&mut self) -> Result<&'de str> {
        self.skip_tags()?;
        if self.peek() == Some(0x7f) {
            return Err(self.cannot_borrow("an indefinite-length string cannot be borrowed as &str (its chunks lie apart in the input); use String or Cow<str>"));
        }
        match self.read_cow_str()? {
            Cow::Borrowed(s) => Ok(s),
            Cow::Owned(_) => Err(self.cannot_borrow("an indefinite-length string cannot be borrowed")),
        }
    }

    #[cold]
    #[inline(never)]
    fn cannot_borrow(&self, message: &'static str) -> Error {
        Error::new(ErrorKind::InvalidValue(Cow::Borrowed(message)), self.pos)
    }

    /// Reads a byte string: borrowed when definite, joined when in chunks.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x42\x00\xff\x5f\x41\x01\x41\x02\xff");
    /// assert_eq!(&*r.read_byte_cow()?, [0, 255]);
    /// assert_eq!(&*r.read_byte_cow()?, [1, 2]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_byte_cow(&mut self) -> Result<Cow<'de, [u8]>> {
        self.skip_tags()?;
        let at = self.pos;
        if self.peek_kind() != Some(Kind::Bytes) {
            return Err(self.invalid_type("a byte string"));
        }
        let (_, arg) = self.head()?;
        self.bytes_body(at, arg)
    }

    /// Reads a definite byte string, borrowed from the input (an indefinite one is an
    /// error: read it as `Vec<u8>`, `Cow<[u8]>` or `codec::Bytes`).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x42\x00\xff");
    /// assert_eq!(r.read_bin()?, [0, 255]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_bin(&mut self) -> Result<&'de [u8]> {
        self.skip_tags()?;
        if self.peek() == Some(0x5f) {
            return Err(self.cannot_borrow("an indefinite-length byte string cannot be borrowed as &[u8] (its chunks lie apart in the input); use Vec<u8>, Cow<[u8]> or codec::Bytes"));
        }
        match self.read_byte_cow()? {
            Cow::Borrowed(b) => Ok(b),
            Cow::Owned(_) => Err(self.cannot_borrow("an indefinite-length byte string cannot be borrowed")),
        }
    }

    /// Reads a text string as a [`Key`] (how generated code reads enum tags), checked.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x62ok");
    /// let k = r.read_string_token()?;
    /// assert_eq!(r.key_bytes(k)?, b"ok");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_string_token(&mut self) -> Result<Key<'de>> {
        // Checked here, as keys are: a token that names nothing (an enum's `other`
        // variant) is never looked at again, and must not let malformed text through.
        if let Some((head, body)) = self.peek_short_text() {
            if utf8(body).is_ok() {
                let start = self.pos;
                self.pos += head + body.len();
                return Ok(self.key_since(start));
            }
        }
        self.skip_tags()?;
        let start = self.pos;
        if self.peek_kind() != Some(Kind::Text) {
            return Err(self.invalid_type("a string"));
        }
        let (_, arg) = self.head()?;
        self.skip_string_body(3, start, arg)?;
        Ok(self.key_since(start))
    }

    // ---- timestamps ----

    /// Reads an instant: tag 1 and an integer or float of seconds since the Unix epoch, or
    /// tag 0 and an RFC 3339 text (RFC 8949 section 3.4.1/3.4.2). Seconds and nanoseconds
    /// (a float's fraction rounded to the nearest nanosecond).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xc1\x1a\x51\x4b\x67\xb0");
    /// assert_eq!(r.read_timestamp()?, (1363896240, 0));
    /// let mut r = codec::cbor::CborReader::new(b"\xc0\x742013-03-21T20:04:00Z");
    /// assert_eq!(r.read_timestamp()?, (1363896240, 0));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_timestamp(&mut self) -> Result<(i64, u32)> {
        // The self-described tag may come first.
        while self.input.get(self.pos..self.pos + 3) == Some(&[0xd9, 0xd9, 0xf7]) {
            self.pos += 3;
        }
        let at = self.pos;
        match self.peek() {
            Some(0xc1) => {
                self.bump();
                super::time::epoch(self, at)
            }
            Some(0xc0) => {
                self.bump();
                let text = self.read_cow_str()?;
                super::time::parse_rfc3339(&text).ok_or_else(|| super::time::bad_text(at))
            }
            _ => Err(self.invalid_type("a date/time (tag 0 or tag 1)")),
        }
    }

    /// Reads any number: an integer as [`Int`] (bignums within `i128`... as floats past
    /// `i64`), a float as `f64`.
    #[inline]
    pub(crate) fn read_number(&mut self) -> Result<core::result::Result<Int, f64>> {
        self.skip_tags()?;
        if let Some(v) = self.try_float()? {
            return Ok(Err(v));
        }
        if matches!(self.peek(), Some(0xc2 | 0xc3)) {
            return self.read_big_float().map(Err);
        }
        self.read_int("a number").map(|(v, _)| Ok(v))
    }

    // ---- containers ----

    /// How many elements a collection may reserve room for before reading them, when its
    /// head announced `n` elements of `element_size` bytes each: as far as the input can
    /// back the claim, at most 1 MiB per collection and 8 bytes per input byte over a
    /// document (the rule of `MsgpackReader::capacity_for`).
    /// An indefinite length announces nothing: 0.
    ///
    /// ```
    /// use codec::cbor::CborReader;
    /// let mut r = CborReader::new(b"\x83\x01\x02\x03");
    /// let n = r.read_array_len()?;
    /// assert_eq!(r.capacity_for(n, 8), 3);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn capacity_for(&mut self, n: usize, element_size: usize) -> usize {
        if n == 0 || n == INDEFINITE {
            return 0;
        }
        let most = PREALLOC_MAX_BYTES / if element_size == 0 { 1 } else { element_size };
        let capacity = n.min(most);
        let bytes = capacity * element_size;
        if bytes <= self.prealloc_budget {
            self.prealloc_budget -= bytes;
            return capacity;
        }
        self.capacity_from_the_rest(element_size).min(most)
    }

    #[cold]
    #[inline(never)]
    fn capacity_from_the_rest(&mut self, element_size: usize) -> usize {
        let capacity = self.prealloc_budget / element_size.max(1);
        self.prealloc_budget -= capacity * element_size;
        capacity
    }

    /// Ends a container opened with [`read_map_len`](Self::read_map_len) or
    /// [`read_array_len`](Self::read_array_len), once all its items (and, for an
    /// indefinite one, its break) were read.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x81\x81\x07");
    /// assert_eq!(r.read_array_len()?, 1);
    /// assert_eq!(r.read_array_len()?, 1);
    /// assert_eq!(r.read_u64()?, 7);
    /// r.leave();
    /// r.leave();
    /// r.end()?;
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Reads an array head and enters it (checked against the depth limit): the element
    /// count, or [`INDEFINITE`]: then read elements until [`at_break`](Self::at_break)
    /// says the break is next (consumed), then call [`leave`](Self::leave). A count past
    /// the bytes left comes back as one more than they can hold, so that reading the
    /// elements fails where the input does.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x9b\x80\x00\x00\x00\x00\x00\x00\x00\x01");
    /// assert_eq!(r.read_array_len()?, 2);
    /// assert_eq!(r.read_u64()?, 1);
    /// assert_eq!(r.read_u64().unwrap_err().kind(), &codec::ErrorKind::Eof);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_array_len(&mut self) -> Result<usize> {
        if let Some(&b @ 0x80..=0x97) = self.input.get(self.pos) {
            let n = (b & 0x1f) as usize;
            if n < self.left() && self.depth < self.max_depth {
                self.pos += 1;
                self.depth += 1;
                return Ok(n);
            }
        }
        self.container_len_slow(4, 1, "an array")
    }

    /// Reads a map head and enters it: the entry count (each entry takes at least two
    /// bytes: a count past what the input holds comes back as one more than it can), or
    /// [`INDEFINITE`], as [`read_array_len`](Self::read_array_len).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xa1\x01\xf5");
    /// assert_eq!(r.read_map_len()?, 1);
    /// assert_eq!((r.read_u64()?, r.read_bool()?), (1, true));
    /// r.leave();
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_map_len(&mut self) -> Result<usize> {
        if let Some(&b @ 0xa0..=0xb7) = self.input.get(self.pos) {
            let n = (b & 0x1f) as usize;
            if n < self.left() / 2 && self.depth < self.max_depth {
                self.pos += 1;
                self.depth += 1;
                return Ok(n);
            }
        }
        self.container_len_slow(5, 2, "a map")
    }

    /// A count the input cannot back (more items than bytes left) is kept as one more
    /// than it can: reading the items then fails, as it must, at the input's first fault
    /// (a break where an item should be, say) or at its end, and nothing is sized from
    /// the claim.
    #[inline(never)]
    fn container_len_slow(&mut self, major: u8, item_bytes: usize, expected: &'static str) -> Result<usize> {
        self.skip_tags()?;
        let at = self.pos;
        let Some(b) = self.peek() else { return Err(self.eof()) };
        if b >> 5 != major {
            return Err(self.invalid_type(expected));
        }
        let (_, arg) = self.head()?;
        let n = match arg {
            Some(n) => {
                let most = self.left() / item_bytes;
                if n > most as u64 {
                    most + 1
                } else {
                    n as usize
                }
            }
            None => INDEFINITE,
        };
        if self.depth >= self.max_depth {
            return Err(Error::new(ErrorKind::DepthLimit(self.max_depth), at));
        }
        self.depth += 1;
        Ok(n)
    }

    /// In an indefinite-length container: whether the break is next (then consumed). The
    /// end of input is an error.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x9f\x01\xff");
    /// assert_eq!(r.read_array_len()?, codec::cbor::INDEFINITE);
    /// assert!(!r.at_break()?);
    /// r.read_u64()?;
    /// assert!(r.at_break()?);
    /// r.leave();
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn at_break(&mut self) -> Result<bool> {
        match self.peek() {
            Some(0xff) => {
                self.bump();
                Ok(true)
            }
            Some(_) => Ok(false),
            None => Err(self.eof()),
        }
    }

    /// For a container just entered with `n` items of `per_item` values each (or
    /// [`INDEFINITE`]): its item count, counted ahead for an indefinite one, and its
    /// level pushed so that `end_counted` leaves it (reading an indefinite one's break).
    fn counted(&mut self, n: usize, per_item: usize) -> Result<usize> {
        if n != INDEFINITE {
            self.push_count(n);
            return Ok(n);
        }
        let start = self.checkpoint();
        let mut items = 0;
        while !self.at_break()? {
            for _ in 0..per_item {
                self.skip_value()?;
            }
            items += 1;
        }
        self.backtrack(start)?;
        self.push_count(INDEFINITE_COUNTED);
        Ok(items)
    }

    #[inline(always)]
    fn push_count(&mut self, n: usize) {
        let level = self.depth - 1;
        match self.saved.get_mut(level) {
            Some(slot) => *slot = self.remaining,
            None => self.spill_count(level),
        }
        self.remaining = n;
    }

    #[cold]
    #[inline(never)]
    fn spill_count(&mut self, level: usize) {
        let i = level - INLINE_LEVELS;
        if self.spill.len() <= i {
            self.spill.resize(i + 1, 0);
        }
        self.spill[i] = self.remaining;
    }

    #[inline(always)]
    fn pop_count(&mut self) {
        self.depth -= 1;
        let level = self.depth;
        self.remaining = match self.saved.get(level) {
            Some(&v) => v,
            None => self.spill.get(level - INLINE_LEVELS).copied().unwrap_or(0),
        };
    }

    /// Reads a map head and enters the map (see the module docs for the protocol).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xbf\xff");
    /// r.begin_object()?;
    /// assert!(!r.object_first()?);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        let n = self.read_map_len()?;
        self.push_count(n);
        Ok(())
    }

    /// After [`begin_object`](Self::begin_object): `true` when an entry follows, `false`
    /// (having left the map) when it is empty.
    #[inline]
    pub fn object_first(&mut self) -> Result<bool> {
        self.object_next()
    }

    /// After an entry's value: `true` when another entry follows, `false` (having left the
    /// map) after the last.
    #[inline]
    pub fn object_next(&mut self) -> Result<bool> {
        match self.remaining {
            0 => {
                self.pop_count();
                Ok(false)
            }
            INDEFINITE => {
                if self.at_break()? {
                    self.pop_count();
                    return Ok(false);
                }
                Ok(true)
            }
            _ => {
                self.remaining -= 1;
                Ok(true)
            }
        }
    }

    /// Reads a map key: a text string (checked), an integer, a boolean, or any other value
    /// (checked as by [`skip_value`](Self::skip_value)). Tags before it are skipped.
    #[inline(always)]
    pub fn read_key(&mut self) -> Result<Key<'de>> {
        if let Some((head, body)) = self.peek_short_text() {
            if utf8(body).is_ok() {
                let start = self.pos;
                self.pos += head + body.len();
                return Ok(self.key_since(start));
            }
        }
        self.read_key_slow()
    }

    #[inline(never)]
    fn read_key_slow(&mut self) -> Result<Key<'de>> {
        let tags = self.pos;
        if self.skip_tags()? {
            self.tagged_key = (self.pos, tags);
        }
        let start = self.pos;
        self.skip_value()?;
        Ok(self.key_since(start))
    }

    #[inline(always)]
    fn key_since(&self, start: usize) -> Key<'de> {
        let input: &'de [u8] = self.input;
        Key { start, raw: input.get(start..self.pos).unwrap_or(&[]) }
    }

    /// The encoded bytes of a key (head included).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x61k");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_raw(k), b"\x61k");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn key_raw(&self, key: Key<'de>) -> &'de [u8] {
        key.raw
    }

    /// Reads the next key when it is encoded exactly as `encoded` (head and bytes) and
    /// returns `true`; otherwise consumes nothing and returns `false`. The cheap test
    /// generated code tries for the member it expects next. (`encoded` is valid UTF-8,
    /// made by the derive, so a match needs no check.)
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x62id\x01");
    /// assert!(!r.read_key_if(b"\x78\x02id") && !r.read_key_if(b"\x61i"));
    /// assert!(r.read_key_if(b"\x62id"));
    /// assert_eq!(r.read_u64()?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_key_if(&mut self, encoded: &[u8]) -> bool {
        let end = self.pos + encoded.len();
        if encoded.len() <= self.max_len && self.input.get(self.pos..end) == Some(encoded) {
            self.pos = end;
            return true;
        }
        false
    }

    /// Reads `key` once more as a `T` (a map key that is an array or a map: a tuple or
    /// struct key); the reader then stands after the key again.
    #[inline(never)]
    pub(crate) fn decode_key_as<T: crate::Decode<'de>>(&mut self, key: Key<'de>) -> Result<T> {
        let after = self.checkpoint();
        self.pos = self.key_tags_start(key);
        let value = T::decode(self);
        let end = self.pos;
        self.restore(after);
        match value {
            Ok(v) if end == after.pos => Ok(v),
            Ok(_) => {
                Err(Error::new(ErrorKind::InvalidValue(Cow::Borrowed("a map key was not read to its end")), key.start))
            }
            Err(e) => Err(e),
        }
    }

    /// Where `key`'s tags start (its own start when it had none): the tags skipped last
    /// belong to it when it is the last tagged key read.
    #[inline]
    fn key_tags_start(&self, key: Key<'de>) -> usize {
        match self.tagged_key {
            (start, tags) if start == key.start => tags,
            _ => key.start,
        }
    }

    /// Reads a tag's head or a simple value that the shared model has no place for (see
    /// [`Reader::read_item_head`](crate::Reader::read_item_head)): `None`, nothing
    /// consumed, before any other item.
    ///
    /// ```
    /// use codec::ItemHead;
    /// let mut r = codec::cbor::CborReader::new(b"\xc1\xf7\xf8\x20\x01");
    /// assert_eq!(r.read_item_head()?, Some(ItemHead::Tag(1)));
    /// assert_eq!(r.read_item_head()?, Some(ItemHead::Simple(23)));
    /// assert_eq!(r.read_item_head()?, Some(ItemHead::Simple(32)));
    /// assert_eq!(r.read_item_head()?, None);
    /// assert_eq!(r.read_u64()?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_item_head(&mut self) -> Result<Option<crate::reader::ItemHead>> {
        use crate::reader::ItemHead;
        let at = self.pos;
        let Some(b) = self.peek() else { return Ok(None) };
        match b {
            0xc0..=0xdf => match self.head()? {
                (_, Some(tag)) => Ok(Some(ItemHead::Tag(tag))),
                (_, None) => Err(self.malformed(b, at)),
            },
            0xe0..=0xf3 | 0xf7 => {
                self.bump();
                Ok(Some(ItemHead::Simple(b & 0x1f)))
            }
            0xf8 => {
                let &[_, v] = self.fixed::<2>()?;
                if v < 32 {
                    return Err(self.syntax("a simple value below 32 in a two-byte head", at));
                }
                Ok(Some(ItemHead::Simple(v)))
            }
            _ => Ok(None),
        }
    }

    /// A reader at the key (over the whole input, so that its errors have the input's
    /// offsets).
    fn key_reader(&self, key: Key<'de>) -> CborReader<'de> {
        self.clone_at(key.start)
    }

    /// The key in words for messages and paths: a string's text (lossy), a number, ...
    pub(crate) fn key_text(&self, key: Key<'de>) -> String {
        let raw = self.key_raw(key);
        let mut r = self.key_reader(key);
        match raw.first().map(|&b| Kind::of(b)) {
            Some(Kind::Text) => match r.read_cow_str() {
                Ok(s) => s.into_owned(),
                Err(_) => String::from_utf8_lossy(text_body(raw).unwrap_or(raw)).into_owned(),
            },
            Some(Kind::UInt | Kind::NegInt) => r.try_int().ok().flatten().map_or_else(String::new, Int::text),
            Some(Kind::Bool) => (raw[0] == 0xf5).to_string(),
            Some(Kind::Tag) if matches!(raw[0], 0xc2 | 0xc3) => match r.read_i128() {
                Ok(v) => v.to_string(),
                Err(_) => "<bignum>".to_owned(),
            },
            Some(kind) => format!("<{}>", kind.describe()),
            None => String::new(),
        }
    }

    /// The value of a boolean key.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf5");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_bool(k), Some(true));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_bool(&self, key: Key<'de>) -> Option<bool> {
        match self.key_raw(key) {
            [0xf4] => Some(false),
            [0xf5] => Some(true),
            _ => None,
        }
    }

    fn key_int(&self, key: Key<'de>) -> Option<Int> {
        int_of(self.key_raw(key))
    }

    /// The bytes of a key for matching against names: a text string's bytes (an
    /// indefinite one's chunks joined in a buffer of the reader's); for any other key,
    /// bytes that are not UTF-8 and so match no name.
    #[inline(always)]
    pub fn key_bytes(&mut self, key: Key<'de>) -> Result<&[u8]> {
        let raw = self.key_raw(key);
        if let [0x60..=0x77, body @ ..] = raw {
            return Ok(body);
        }
        self.key_bytes_slow(key)
    }

    #[inline(never)]
    fn key_bytes_slow(&mut self, key: Key<'de>) -> Result<&[u8]> {
        let raw = self.key_raw(key);
        if raw.first() == Some(&0x7f) {
            // Joined into the reader's buffer, which keeps its capacity from key to key.
            let mut r = self.key_reader(key);
            r.bump();
            let mut joined = core::mem::take(&mut self.scratch);
            joined.clear();
            let read = r.string_chunks(3, key.start, |r, len| {
                joined.extend_from_slice(r.definite_text(len)?.as_bytes());
                Ok(())
            });
            self.scratch = joined;
            read?;
            return Ok(&self.scratch);
        }
        Ok(text_body(raw).unwrap_or(NOT_A_STRING))
    }

    /// A member key that no field claimed: under `deny_unknown` an error listing the names
    /// `expected` appends; otherwise its value is skipped (a text key was checked when
    /// read).
    #[inline]
    pub(crate) fn unknown_member(
        &mut self,
        key: Key<'de>,
        deny_unknown: bool,
        expected: impl FnOnce(&mut Vec<&'static str>),
    ) -> Result<()> {
        if deny_unknown {
            let mut names = Vec::new();
            expected(&mut names);
            return Err(Error::new(ErrorKind::UnknownField { name: self.key_text(key), expected: names }, key.start));
        }
        self.skip_value()
    }

    /// A text key as text, borrowed when definite; any other key is a type error.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x01");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_str(k).unwrap_err().to_string(), "invalid type: expected a string key, found integer (byte 0)");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_str(&mut self, key: Key<'de>) -> Result<Cow<'de, str>> {
        let raw = self.key_raw(key);
        if let Some(body) = text_body(raw) {
            // Checked when the key was read; the check again is cheap and keeps this safe
            // for a key made by hand.
            return match utf8(body) {
                Ok(s) => Ok(Cow::Borrowed(s)),
                Err(()) => Err(self.utf8_error(body, key.start + raw.len() - body.len())),
            };
        }
        if raw.first() == Some(&0x7f) {
            return self.key_reader(key).read_cow_str();
        }
        Err(self.key_type_error(key, "a string key"))
    }

    /// "invalid type: expected {expected}, found {the key's kind}" at the key.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf5");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_type_error(k, "u8").to_string(), "invalid type: expected u8, found boolean (byte 0)");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[cold]
    #[inline(never)]
    pub fn key_type_error(&self, key: Key<'de>, expected: &'static str) -> Error {
        let found = self.key_raw(key).first().map_or("end of input", |&b| Kind::of(b).describe());
        Error::new(ErrorKind::InvalidType { expected: Cow::Borrowed(expected), found: Cow::Borrowed(found) }, key.start)
    }

    /// An integer key within `0..=max` (`expected` names the type).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x18\xff");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_u64(k, "u8", 255)?, 255);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_u64(&self, key: Key<'de>, expected: &'static str, max: u64) -> Result<u64> {
        match self.key_int(key) {
            Some(Int::Pos(v)) if v <= max => Ok(v),
            Some(v) => Err(self.out_of_range(key.start, format!("map key {}", v.text()), expected)),
            None => Err(self.key_type_error(key, expected)),
        }
    }

    /// An integer key within `min..=max` (`expected` names the type).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x20");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_i64(k, "i8", -128, 127)?, -1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_i64(&self, key: Key<'de>, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        match self.key_int(key) {
            Some(v) if v.wide() >= i128::from(min) && v.wide() <= i128::from(max) => Ok(v.wide() as i64),
            Some(v) => Err(self.out_of_range(key.start, format!("map key {}", v.text()), expected)),
            None => Err(self.key_type_error(key, expected)),
        }
    }

    /// Reads an array head and enters the array (see the module docs for the protocol).
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x9f\x01\x02\xff");
    /// r.begin_array()?;
    /// let mut n = 0;
    /// let mut more = r.array_first()?;
    /// while more {
    ///     n += r.read_u64()?;
    ///     more = r.array_next()?;
    /// }
    /// assert_eq!(n, 3);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        let n = self.read_array_len()?;
        self.push_count(n);
        Ok(())
    }

    /// After [`begin_array`](Self::begin_array): `true` when an element follows.
    #[inline]
    pub fn array_first(&mut self) -> Result<bool> {
        self.object_next()
    }

    /// After an element: `true` when another follows.
    #[inline]
    pub fn array_next(&mut self) -> Result<bool> {
        self.object_next()
    }

    /// After the last expected element of a fixed-size array: no element may be left.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x82\x01\x02");
    /// r.begin_array()?;
    /// r.array_first()?;
    /// r.read_u64()?;
    /// assert!(r.array_end(1).is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn array_end(&mut self, expected_len: usize) -> Result<()> {
        let done = match self.remaining {
            INDEFINITE => self.at_break()?,
            n => n == 0,
        };
        if !done {
            return Err(self.too_long(expected_len));
        }
        self.pop_count();
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn too_long(&self, expected_len: usize) -> Error {
        self.error(ErrorKind::InvalidValue(Cow::Owned(format!(
            "expected an array of {expected_len} elements, found more"
        ))))
    }

    // ---- skipping ----

    /// Skips one complete value, checking it as decoding would: well-formed (RFC 8949
    /// appendix F), every length against the bytes left and the limits, every text (and
    /// each chunk of one) for UTF-8, nesting against the depth limit.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xa1\x61a\x9f\xf6\xff\xc1\x01\x18\x2a");
    /// r.skip_value()?;
    /// r.skip_value()?;
    /// assert_eq!(r.read_u64()?, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        loop {
            let at = self.pos;
            let Some(b) = self.peek() else { return Err(self.eof()) };
            let kind = Kind::of(b);
            match kind {
                Kind::Reserved | Kind::Break => return Err(self.malformed(b, at)),
                Kind::Tag => {
                    let (_, arg) = self.head()?;
                    // In refs mode every shareable tag takes its index, whatever reads it.
                    if let (Some(28), Some(refs)) = (arg, self.refs.as_deref_mut()) {
                        refs.shareable(at);
                    }
                    continue;
                }
                Kind::Simple if b == 0xf8 => {
                    let &[_, v] = self.fixed::<2>()?;
                    if v < 32 {
                        return Err(self.syntax("a simple value below 32 in a two-byte head", at));
                    }
                    return Ok(());
                }
                Kind::Bytes | Kind::Text => {
                    let (_, arg) = self.head()?;
                    return self.skip_string_body(b >> 5, at, arg);
                }
                Kind::Array | Kind::Map => {
                    let n = if kind == Kind::Array { self.read_array_len()? } else { self.read_map_len()? };
                    let per = if kind == Kind::Array { 1 } else { 2 };
                    if n == INDEFINITE {
                        while !self.at_break()? {
                            for _ in 0..per {
                                self.skip_value()?;
                            }
                        }
                    } else {
                        for _ in 0..n * per {
                            self.skip_value()?;
                        }
                    }
                    self.leave();
                    return Ok(());
                }
                _ => return self.head().map(|_| ()),
            }
        }
    }

    /// Skips one complete value, checked as by [`skip_value`](Self::skip_value), and
    /// returns its encoded bytes.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\x82\x01\x02\xf6");
    /// assert_eq!(r.read_raw_value()?, b"\x82\x01\x02");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_raw_value(&mut self) -> Result<&'de [u8]> {
        let start = self.pos;
        self.skip_value()?;
        Ok(&self.input[start..self.pos])
    }

    /// After the top-level value: nothing may remain.
    ///
    /// ```
    /// let mut r = codec::cbor::CborReader::new(b"\xf6\xf6");
    /// r.read_null()?;
    /// assert!(r.end().is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn end(&mut self) -> Result<()> {
        if self.pos < self.input.len() {
            return Err(self.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }
}

#[cold]
#[inline(never)]
fn wrong_len(len: usize, expected: usize, at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("expected an array of {expected} elements, found {len}"))),
        at,
    )
}

/// The magnitude of a bignum whose byte string is `bytes` (big-endian, leading zeros
/// allowed), or `None` past 128 bits.
fn bignum_magnitude(bytes: &[u8]) -> Option<u128> {
    let significant = match bytes.iter().position(|&b| b != 0) {
        Some(first) => &bytes[first..],
        None => &[][..],
    };
    if significant.len() > 16 {
        return None;
    }
    let mut be = [0u8; 16];
    be[16 - significant.len()..].copy_from_slice(significant);
    Some(u128::from_be_bytes(be))
}

/// The value of a bignum whose byte string is `bytes`: the magnitude (tag 2), or `-1 -
/// magnitude` when `negative` (tag 3); `None` beyond `i128`.
pub(super) fn bignum_i128(negative: bool, bytes: &[u8]) -> Option<i128> {
    let magnitude = i128::try_from(bignum_magnitude(bytes)?).ok()?;
    Some(if negative { -1 - magnitude } else { magnitude })
}

/// The error to report for a decode that failed with `error`: the input's own first fault,
/// if it has one (as MessagePack's reader does): the value at the start of `input` is
/// checked by [`CborReader::skip_value`] under the same `options`, and its first fault
/// replaces an `error` that is no input error, or one further on. Error path only.
#[cold]
#[inline(never)]
pub(crate) fn input_fault_first(error: Error, input: &[u8], options: &Options, whole: bool) -> Error {
    let mut r = CborReader::with_options(input, options);
    match r.skip_value().and_then(|()| if whole { r.end() } else { Ok(()) }) {
        Err(fault) if !error.is_input_error() || fault.offset() < error.offset() => fault,
        _ => error,
    }
}

/// `bytes` as text, if they are UTF-8: short ASCII (most keys and values of real
/// documents) proven by one word-at-a-time `is_ascii` pass, the rest by simdutf8, as in
/// the MessagePack reader.
#[inline(always)]
fn utf8(bytes: &[u8]) -> core::result::Result<&str, ()> {
    if bytes.len() < 64 && bytes.is_ascii() {
        // SAFETY: every byte is below 0x80, and a sequence of ASCII bytes is valid UTF-8.
        // Measured (callgrind, `examples/profile_cbor twitter`): std's `from_utf8` after
        // the ASCII pass was 11% of an owned decode's instructions.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    simdutf8::basic::from_utf8(bytes).map_err(|_| ())
}

/// A byte string read as text that is not UTF-8: `message` (the caller's words).
#[cold]
#[inline(never)]
fn bytes_not_utf8(message: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(message)), at)
}

// ---- the format-neutral interface ----

impl crate::reader::sealed::Sealed for CborReader<'_> {}

/// Each method calls the inherent one of the same job, as MessagePack's impl does.
impl<'de> crate::Reader<'de> for CborReader<'de> {
    const ANNOUNCES_LENGTHS: bool = true;

    #[inline]
    fn position(&self) -> usize {
        self.pos
    }

    #[inline]
    fn value_start(&mut self) -> usize {
        let _ = self.skip_tags();
        self.pos
    }

    #[inline]
    fn read_null(&mut self) -> Result<()> {
        CborReader::read_null(self)
    }

    #[inline]
    fn try_read_null(&mut self) -> Result<bool> {
        CborReader::try_read_null(self)
    }

    #[inline]
    fn read_bool(&mut self) -> Result<bool> {
        CborReader::read_bool(self)
    }

    #[inline]
    fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        CborReader::read_u64_max(self, expected, max)
    }

    #[inline]
    fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        CborReader::read_i64_range(self, expected, min, max)
    }

    #[inline]
    fn read_u128(&mut self) -> Result<u128> {
        CborReader::read_u128(self)
    }

    #[inline]
    fn read_i128(&mut self) -> Result<i128> {
        CborReader::read_i128(self)
    }

    #[inline]
    fn read_f32(&mut self) -> Result<f32> {
        CborReader::read_f32(self)
    }

    #[inline]
    fn read_f64(&mut self) -> Result<f64> {
        CborReader::read_f64(self)
    }

    #[inline]
    fn read_string(&mut self) -> Result<String> {
        self.read_cow_str().map(Cow::into_owned)
    }

    #[inline]
    fn read_cow(&mut self) -> Result<Cow<'de, str>> {
        self.read_cow_str()
    }

    #[inline]
    fn read_borrowed_str(&mut self) -> Result<&'de str> {
        CborReader::read_str(self)
    }

    /// A definite string borrowed; an indefinite one's chunks joined in the reader's
    /// buffer.
    #[inline]
    fn read_str_ref(&mut self) -> Result<crate::reader::StrRef<'de, '_>> {
        match self.read_cow_str()? {
            Cow::Borrowed(s) => Ok(crate::reader::StrRef::Borrowed(s)),
            Cow::Owned(s) => {
                self.text_scratch = s;
                Ok(crate::reader::StrRef::Transient(&self.text_scratch))
            }
        }
    }

    #[inline]
    fn read_str_with<T>(&mut self, f: impl FnOnce(&str, usize) -> Result<T>) -> Result<T> {
        self.skip_tags()?;
        let offset = self.pos;
        f(&self.read_cow_str()?, offset)
    }

    #[inline]
    fn read_str_bytes_with<T>(&mut self, f: impl FnOnce(&[u8], usize) -> Result<T>) -> Result<T> {
        self.skip_tags()?;
        let offset = self.pos;
        f(self.read_cow_str()?.as_bytes(), offset)
    }

    #[inline]
    fn expect_string(&mut self, expected: &'static str) -> Result<()> {
        if self.value_kind()? != Some(Kind::Text) {
            return Err(self.invalid_type(expected));
        }
        Ok(())
    }

    #[inline]
    fn peek_is_array(&mut self) -> bool {
        matches!(self.value_kind(), Ok(Some(Kind::Array)))
    }

    #[inline]
    fn peek_value_kind(&mut self) -> Option<crate::reader::ValueKind> {
        self.value_kind().ok().flatten().map(Kind::value_kind)
    }

    #[inline]
    fn read_parsed_number(&mut self) -> Result<crate::reader::ParsedNumber> {
        use crate::reader::ParsedNumber;
        self.skip_tags()?;
        if self.peek() == Some(0xfa) {
            return CborReader::read_f32(self).map(ParsedNumber::Float32);
        }
        Ok(match self.read_number()? {
            Ok(Int::Pos(v)) => ParsedNumber::PosInt(v),
            Ok(Int::Neg(n)) if n <= i64::MAX as u64 => ParsedNumber::NegInt(-1 - n as i64),
            Ok(v) => ParsedNumber::Float(v.wide() as f64),
            Err(f) => ParsedNumber::Float(f),
        })
    }

    /// A text string, or a byte string holding UTF-8.
    #[inline]
    fn read_str_or_utf8_bin(&mut self, expected: &'static str, not_utf8: &'static str) -> Result<Cow<'de, str>> {
        match self.value_kind()? {
            Some(Kind::Text) => self.read_cow_str(),
            Some(Kind::Bytes) => {
                let at = self.pos;
                match self.read_byte_cow()? {
                    Cow::Borrowed(b) => {
                        core::str::from_utf8(b).map(Cow::Borrowed).map_err(|_| bytes_not_utf8(not_utf8, at))
                    }
                    Cow::Owned(v) => String::from_utf8(v).map(Cow::Owned).map_err(|_| bytes_not_utf8(not_utf8, at)),
                }
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// A byte string (borrowed when definite) or an array of numbers (owned).
    #[inline]
    fn read_bytes(&mut self) -> Result<Cow<'de, [u8]>> {
        match self.value_kind()? {
            Some(Kind::Bytes) => self.read_byte_cow(),
            Some(Kind::Array) => <Vec<u8> as crate::Decode<'de>>::decode(self).map(Cow::Owned),
            _ => Err(self.invalid_type("bytes (a byte string or an array of numbers)")),
        }
    }

    #[inline]
    fn read_borrowed_bytes(&mut self) -> Result<&'de [u8]> {
        match self.value_kind()? {
            Some(Kind::Array) => Err(crate::reader::array_cannot_borrow_bytes(self.pos)),
            _ => CborReader::read_bin(self),
        }
    }

    #[inline]
    fn read_byte_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        if self.value_kind()? == Some(Kind::Array) {
            return <[u8; N] as crate::Decode<'de>>::decode(self);
        }
        let at = self.pos;
        let bytes = self.read_byte_cow()?;
        (*bytes).try_into().map_err(|_| crate::reader::wrong_byte_count(at, N, bytes.len()))
    }

    const HUMAN_READABLE: bool = false;
    const NATIVE_TIMESTAMP: bool = true;

    #[inline]
    fn read_timestamp(&mut self) -> Result<(i64, u32)> {
        CborReader::read_timestamp(self)
    }

    #[inline]
    fn begin_array(&mut self) -> Result<()> {
        CborReader::begin_array(self)
    }

    #[inline]
    fn array_first(&mut self) -> Result<bool> {
        CborReader::array_first(self)
    }

    #[inline]
    fn array_next(&mut self) -> Result<bool> {
        CborReader::array_next(self)
    }

    #[inline]
    fn array_end(&mut self, expected_len: usize) -> Result<()> {
        CborReader::array_end(self, expected_len)
    }

    /// Always a count: an indefinite array's elements are counted first (skipped and
    /// read again, charged to the backtracking budget, so that nested ones cannot make
    /// the work grow past it), and [`end_counted`](crate::Reader::end_counted) then reads
    /// its break.
    #[inline]
    fn begin_array_len(&mut self) -> Result<Option<usize>> {
        let n = self.read_array_len()?;
        self.counted(n, 1).map(Some)
    }

    /// Always a count, as [`begin_array_len`](crate::Reader::begin_array_len) (entries:
    /// a key and a value each).
    #[inline]
    fn begin_object_len(&mut self) -> Result<Option<usize>> {
        let n = self.read_map_len()?;
        self.counted(n, 2).map(Some)
    }

    #[inline]
    fn end_counted(&mut self) {
        if self.remaining == INDEFINITE_COUNTED && self.peek() == Some(0xff) {
            self.bump();
        }
        self.pop_count();
    }

    /// The collection is made for the head's count (0 for an indefinite length), then the
    /// elements read until the count or the break.
    #[inline]
    fn read_seq<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut element: impl FnMut(&mut Self, &mut C, usize) -> Result<()>,
    ) -> Result<C> {
        let n = self.read_array_len()?;
        if n == INDEFINITE {
            let mut out = make(self, 0)?;
            let mut index = 0;
            while !self.at_break()? {
                element(self, &mut out, index)?;
                index += 1;
            }
            self.leave();
            return Ok(out);
        }
        let mut out = make(self, n)?;
        for index in 0..n {
            element(self, &mut out, index)?;
        }
        self.leave();
        Ok(out)
    }

    #[inline]
    fn capacity_for(&mut self, n: usize, element_size: usize) -> usize {
        CborReader::capacity_for(self, n, element_size)
    }

    #[inline]
    fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        CborReader::nested(self, decode)
    }

    /// A definite head's count must be `len`, checked before any element is read; an
    /// indefinite array's elements are counted as they come.
    #[inline(always)]
    fn begin_tuple(&mut self, len: usize) -> Result<()> {
        let at = self.pos;
        let n = self.read_array_len()?;
        if n != INDEFINITE && n != len {
            return Err(wrong_len(n, len, at));
        }
        self.push_count(n);
        Ok(())
    }

    #[inline(always)]
    fn tuple_next(&mut self, index: usize, len: usize) -> Result<()> {
        if self.remaining == INDEFINITE && self.peek() == Some(0xff) {
            return Err(crate::reader::tuple_len_error(self.pos, &index, len, len));
        }
        Ok(())
    }

    #[inline(always)]
    fn end_tuple(&mut self, len: usize) -> Result<()> {
        if self.remaining == INDEFINITE && !self.at_break()? {
            return Err(self.too_long(len));
        }
        self.pop_count();
        Ok(())
    }

    #[inline]
    fn begin_tuple_of(&mut self, min: usize, max: usize) -> Result<usize> {
        let at = self.pos;
        let count = self.read_array_len()?;
        if count != INDEFINITE && (count < min || count > max) {
            return Err(crate::reader::tuple_len_error(at, &count, min, max));
        }
        self.push_count(count);
        Ok(count)
    }

    #[inline(always)]
    fn tuple_next_of(&mut self, index: usize, min: usize, max: usize) -> Result<()> {
        if self.remaining == INDEFINITE && self.peek() == Some(0xff) {
            return Err(crate::reader::tuple_len_error(self.pos, &index, min, max));
        }
        Ok(())
    }

    #[inline(always)]
    fn tuple_more(&mut self, count: &mut usize, index: usize) -> Result<bool> {
        if *count == INDEFINITE {
            if self.at_break()? {
                *count = index;
                self.remaining = 0;
                return Ok(false);
            }
            return Ok(true);
        }
        Ok(index < *count)
    }

    #[inline(always)]
    fn end_tuple_of(&mut self, count: usize, min: usize, max: usize) -> Result<()> {
        if count == INDEFINITE && !self.at_break()? {
            return Err(crate::reader::tuple_len_error(self.pos, &"more", min, max));
        }
        self.pop_count();
        Ok(())
    }

    const MSGPACK: bool = false;
    const JSON_TEXT: bool = false;

    #[inline]
    fn begin_positional(&mut self) -> Result<usize> {
        let n = self.read_array_len()?;
        self.push_count(n);
        Ok(n)
    }

    #[inline]
    fn end_positional(&mut self, count: usize, declared: usize, deny_unknown: bool) -> Result<()> {
        let more = if count == INDEFINITE { !self.at_break()? } else { count > declared };
        if more {
            if deny_unknown {
                return Err(crate::reader::positional_too_long(self.pos, declared));
            }
            if count == INDEFINITE {
                loop {
                    self.skip_value()?;
                    if self.at_break()? {
                        break;
                    }
                }
            } else {
                for _ in declared..count {
                    self.skip_value()?;
                }
            }
        }
        self.pop_count();
        Ok(())
    }

    #[inline]
    fn reads_refs(&self) -> bool {
        self.refs.is_some()
    }

    #[inline]
    fn peek_shared(&mut self) -> Result<crate::refs::Peeked> {
        super::refs::peek(self)
    }

    /// The tag before the value is all of a definition: nothing closes it.
    #[inline]
    fn shared_body<X>(&mut self, body: &crate::refs::Body, decode: impl FnOnce(&mut Self) -> Result<X>) -> Result<X> {
        let _ = body;
        decode(self)
    }

    #[inline]
    fn shared_table(&mut self) -> &mut crate::refs::DecodeRefs {
        &mut self.refs.get_or_insert_with(Default::default).table
    }

    type Key = Key<'de>;

    const COMPOSITE_KEYS_AS_PAIRS: bool = false;

    /// The collection is made for the head's count (0 when indefinite), then the entries
    /// read until the count or the break.
    #[inline]
    fn read_map<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut entry: impl FnMut(&mut Self, &mut C, Key<'de>) -> Result<()>,
    ) -> Result<C> {
        let n = self.read_map_len()?;
        if n == INDEFINITE {
            let mut out = make(self, 0)?;
            while !self.at_break()? {
                let key = CborReader::read_key(self)?;
                entry(self, &mut out, key)?;
            }
            self.leave();
            return Ok(out);
        }
        let mut out = make(self, n)?;
        for _ in 0..n {
            let key = CborReader::read_key(self)?;
            entry(self, &mut out, key)?;
        }
        self.leave();
        Ok(out)
    }

    #[inline]
    fn key_offset(&self, key: Key<'de>) -> usize {
        key.offset()
    }

    #[inline]
    fn key_str_with<T>(&mut self, key: Key<'de>, f: impl FnOnce(&str) -> Result<T>) -> Result<T> {
        f(&self.key_str(key)?)
    }

    #[inline]
    fn key_cow(&mut self, key: Key<'de>) -> Result<Cow<'de, str>> {
        self.key_str(key)
    }

    /// A definite text key borrowed; an indefinite one's chunks joined in the reader's
    /// buffer.
    #[inline]
    fn key_str_ref(&mut self, key: Key<'de>) -> Result<crate::reader::StrRef<'de, '_>> {
        match self.key_str(key)? {
            Cow::Borrowed(s) => Ok(crate::reader::StrRef::Borrowed(s)),
            Cow::Owned(s) => {
                self.text_scratch = s;
                Ok(crate::reader::StrRef::Transient(&self.text_scratch))
            }
        }
    }

    #[inline]
    fn key_str_bytes_with<T>(&mut self, key: Key<'de>, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
        f(self.key_str(key)?.as_bytes())
    }

    #[inline]
    fn expect_string_key(&mut self, key: Key<'de>, expected: &'static str) -> Result<()> {
        if !self.key_is_string(key) {
            return Err(self.key_type_error(key, expected));
        }
        Ok(())
    }

    #[inline]
    fn key_is_string(&self, key: Key<'de>) -> bool {
        self.key_raw(key).first().map(|&b| Kind::of(b)) == Some(Kind::Text)
    }

    #[inline]
    fn key_is_tagged(&self, key: Key<'de>) -> bool {
        self.tagged_key.0 == key.start
    }

    #[inline]
    fn read_item_head(&mut self) -> Result<Option<crate::reader::ItemHead>> {
        CborReader::read_item_head(self)
    }

    #[inline]
    fn key_value_kind(&self, key: Key<'de>) -> crate::reader::ValueKind {
        match self.key_raw(key).first() {
            Some(0xc2 | 0xc3) => crate::reader::ValueKind::Int,
            Some(&b) => Kind::of(b).value_kind(),
            None => crate::reader::ValueKind::Invalid,
        }
    }

    #[inline]
    fn key_type_error(&mut self, key: Key<'de>, expected: &'static str) -> Error {
        CborReader::key_type_error(self, key, expected)
    }

    #[inline]
    fn key_borrowed_str(&mut self, key: Key<'de>) -> Result<&'de str> {
        match self.key_str(key)? {
            Cow::Borrowed(s) => Ok(s),
            Cow::Owned(_) => Err(Error::new(
                ErrorKind::InvalidValue(Cow::Borrowed(
                    "an indefinite-length string key cannot be borrowed as &str; use String or Cow<str>",
                )),
                key.start,
            )),
        }
    }

    #[inline]
    fn key_bool(&mut self, key: Key<'de>) -> Result<bool> {
        match CborReader::key_bool(self, key) {
            Some(b) => Ok(b),
            None => Err(self.key_type_error(key, "a boolean")),
        }
    }

    #[inline]
    fn key_u64_max(&mut self, key: Key<'de>, expected: &'static str, max: u64) -> Result<u64> {
        self.key_u64(key, expected, max)
    }

    #[inline]
    fn key_i64_range(&mut self, key: Key<'de>, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        self.key_i64(key, expected, min, max)
    }

    #[inline]
    fn key_u128(&mut self, key: Key<'de>) -> Result<u128> {
        if !matches!(self.key_raw(key).first(), Some(0x00..=0x3b | 0xc2 | 0xc3)) {
            return Err(self.key_type_error(key, "u128"));
        }
        self.key_reader(key).read_u128()
    }

    #[inline]
    fn key_i128(&mut self, key: Key<'de>) -> Result<i128> {
        if !matches!(self.key_raw(key).first(), Some(0x00..=0x3b | 0xc2 | 0xc3)) {
            return Err(self.key_type_error(key, "i128"));
        }
        self.key_reader(key).read_i128()
    }

    #[inline]
    fn key_f64(&mut self, key: Key<'de>) -> Result<f64> {
        match self.key_raw(key).first().map(|&b| Kind::of(b)) {
            Some(Kind::Float | Kind::UInt | Kind::NegInt) => self.key_reader(key).read_f64(),
            _ => Err(self.key_type_error(key, "f64")),
        }
    }

    #[inline]
    fn key_f32(&mut self, key: Key<'de>) -> Result<f32> {
        match self.key_raw(key).first().map(|&b| Kind::of(b)) {
            Some(Kind::Float | Kind::UInt | Kind::NegInt) => self.key_reader(key).read_f32(),
            _ => Err(self.key_type_error(key, "f32")),
        }
    }

    #[inline]
    fn decode_key_as_value<T: crate::Decode<'de>>(&mut self, key: Key<'de>) -> Result<T> {
        self.decode_key_as(key)
    }

    #[inline]
    fn key_text(&mut self, key: Key<'de>) -> String {
        CborReader::key_text(self, key)
    }

    #[inline]
    fn text_since(&self, start: usize) -> String {
        CborReader::key_text(self, self.key_since(start))
    }

    #[inline]
    fn duplicate_keys(&self) -> DuplicateKeys {
        self.duplicate_keys
    }

    #[inline]
    fn skip_value(&mut self) -> Result<()> {
        CborReader::skip_value(self)
    }

    type Checkpoint = Checkpoint;

    #[inline(always)]
    fn checkpoint(&self) -> Checkpoint {
        CborReader::checkpoint(self)
    }

    #[inline(always)]
    fn restore(&mut self, checkpoint: Checkpoint) {
        CborReader::restore(self, checkpoint)
    }

    #[inline]
    fn backtrack(&mut self, checkpoint: Checkpoint) -> Result<()> {
        CborReader::backtrack(self, checkpoint)
    }

    #[inline(always)]
    fn peek_is_object(&mut self) -> bool {
        matches!(self.value_kind(), Ok(Some(Kind::Map)))
    }

    #[inline(always)]
    fn peek_is_string(&mut self) -> bool {
        matches!(self.value_kind(), Ok(Some(Kind::Text)))
    }

    #[inline(always)]
    fn begin_object(&mut self) -> Result<()> {
        CborReader::begin_object(self)
    }

    #[inline(always)]
    fn object_first(&mut self) -> Result<bool> {
        CborReader::object_first(self)
    }

    #[inline(always)]
    fn object_next(&mut self) -> Result<bool> {
        CborReader::object_next(self)
    }

    #[inline(always)]
    fn read_key(&mut self) -> Result<Key<'de>> {
        CborReader::read_key(self)
    }

    #[inline]
    fn empty_object_at(&self) -> usize {
        self.pos
    }

    #[inline(always)]
    fn read_string_token(&mut self) -> Result<Key<'de>> {
        CborReader::read_string_token(self)
    }

    #[inline]
    fn invalid_type(&mut self, expected: &'static str) -> Error {
        CborReader::invalid_type(self, expected)
    }

    #[inline]
    fn unknown_member(
        &mut self,
        key: Key<'de>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        CborReader::unknown_member(self, key, deny_unknown, expected)
    }

    const SAYS_MAP: bool = true;

    const TYPED_KEYS: bool = true;

    #[inline]
    fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        CborReader::read_tag(self, kinds, expected)
    }

    #[inline]
    fn key_tag(&mut self, key: Key<'de>, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        CborReader::key_tag(self, key, kinds, expected)
    }

    #[inline]
    fn unknown_tag(&mut self, tag: crate::reader::Tag<Key<'de>>, expected: &'static [&'static str]) -> Error {
        CborReader::unknown_tag(self, tag, expected)
    }

    #[inline]
    fn tag_has_content(&mut self, tag: crate::reader::Tag<Key<'de>>) -> Error {
        CborReader::tag_has_content(self, tag)
    }

    /// The innermost map's entries left, or [`INDEFINITE`].
    #[inline]
    fn members_left(&self) -> usize {
        self.remaining
    }

    #[inline(always)]
    fn key_bytes(&mut self, key: Key<'de>) -> Result<&[u8]> {
        CborReader::key_bytes(self, key)
    }

    /// The count of members left, or [`INDEFINITE`].
    type Members = usize;

    #[inline(always)]
    fn begin_members(&mut self) -> Result<usize> {
        self.read_map_len()
    }

    #[inline(always)]
    fn first_member(&mut self, members: &mut usize) -> Result<bool> {
        if *members == INDEFINITE {
            return self.at_break().map(|end| !end);
        }
        Ok(*members != 0)
    }

    #[inline(always)]
    fn member_if(&mut self, name: &Encoded) -> Result<bool> {
        // An empty name (bytes made without CBOR) would match anything: never taken.
        Ok(!name.cbor.is_empty() && CborReader::read_key_if(self, name.cbor))
    }

    #[inline(always)]
    fn next_member(&mut self, members: &mut usize) -> Result<bool> {
        if *members == INDEFINITE {
            return self.at_break().map(|end| !end);
        }
        *members -= 1;
        Ok(*members != 0)
    }

    #[inline]
    fn other_members(
        &mut self,
        members: &mut usize,
        mut claim: impl FnMut(&mut Self, Key<'de>) -> Result<bool>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        if *members == INDEFINITE {
            loop {
                let key = CborReader::read_key(self)?;
                if !claim(self, key)? {
                    CborReader::unknown_member(self, key, deny_unknown, expected)?;
                }
                if self.at_break()? {
                    return Ok(());
                }
            }
        }
        for _ in 0..*members {
            let key = CborReader::read_key(self)?;
            if !claim(self, key)? {
                CborReader::unknown_member(self, key, deny_unknown, expected)?;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn end_members(&mut self, _members: usize) {
        self.leave();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `utf8`'s unchecked fast path takes exactly the short ASCII texts; everything else
    /// goes through the full check, at the 64-byte edge and past it (run under Miri by
    /// `cargo miri test`, with `put`'s test in `writer.rs`).
    #[test]
    fn utf8_fast_path_takes_short_ascii_only() {
        let ascii = "k".repeat(100);
        for len in [0, 1, 7, 8, 63, 64, 65, 100] {
            assert_eq!(utf8(&ascii.as_bytes()[..len]), Ok(&ascii[..len]), "{len}");
        }
        assert_eq!(utf8("été".as_bytes()), Ok("été"));
        for bad in [&b"\xff"[..], b"ab\xc3", b"\xed\xa0\x80", &[b'a'; 70][..]] {
            let expected = core::str::from_utf8(bad).map_err(|_| ());
            assert_eq!(utf8(bad), expected, "{bad:x?}");
        }
        // A non-ASCII byte at the end of a short text takes the checked path.
        assert_eq!(utf8(b"abc\x80"), Err(()));
    }
}
