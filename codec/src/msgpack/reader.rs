//! The MessagePack reader: a cursor over `&'de [u8]` that generated code and impls drive
//! one value at a time. Strings and bins are slices of the input; nothing is copied.
//!
//! Maps and arrays can be read two ways. Impls that loop themselves take the length:
//! [`read_map_len`](MsgpackReader::read_map_len) /
//! [`read_array_len`](MsgpackReader::read_array_len), then as many values, then
//! [`leave`](MsgpackReader::leave). Generated code uses the protocol JSON's reader has
//! (`begin_object`, `object_first`, `read_key`, `object_next`, ...), for which the reader
//! keeps the entries left in the innermost open container in one field and those of the
//! enclosing ones in an inline stack (spilling to the heap only past 32 levels), so the
//! hot path allocates nothing.
//!
//! ```
//! # use codec::msgpack::MsgpackReader;
//! // {"a": 1, "b": 2}
//! let mut r = MsgpackReader::new(b"\x82\xa1a\x01\xa1b\x02");
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

use super::{DuplicateKeys, NonFinite, Options};
use crate::error::{Error, ErrorKind, Result};
use crate::writer::Encoded;

/// What kind of value comes next, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `nil`.
    Nil,
    /// `true` or `false`.
    Bool,
    /// Any integer format (positive or negative fixint, uint 8..64, int 8..64).
    Int,
    /// float 32 or float 64.
    Float,
    /// fixstr, str 8/16/32.
    Str,
    /// bin 8/16/32.
    Bin,
    /// fixarray, array 16/32.
    Array,
    /// fixmap, map 16/32.
    Map,
    /// fixext 1..16, ext 8/16/32.
    Ext,
    /// `0xc1`, which the spec never uses.
    Reserved,
}

impl Kind {
    /// The kind of a value starting with byte `b`.
    ///
    /// ```
    /// use codec::msgpack::Kind;
    /// assert_eq!(Kind::of(0x05), Kind::Int);
    /// assert_eq!(Kind::of(0xa3), Kind::Str);
    /// assert_eq!(Kind::of(0xc1), Kind::Reserved);
    /// ```
    #[inline]
    pub fn of(b: u8) -> Kind {
        match b {
            0x00..=0x7f | 0xcc..=0xd3 | 0xe0..=0xff => Kind::Int,
            0x80..=0x8f | 0xde | 0xdf => Kind::Map,
            0x90..=0x9f | 0xdc | 0xdd => Kind::Array,
            0xa0..=0xbf | 0xd9..=0xdb => Kind::Str,
            0xc0 => Kind::Nil,
            0xc1 => Kind::Reserved,
            0xc2 | 0xc3 => Kind::Bool,
            0xc4..=0xc6 => Kind::Bin,
            0xc7..=0xc9 | 0xd4..=0xd8 => Kind::Ext,
            0xca | 0xcb => Kind::Float,
        }
    }

    /// The kind in words, for "found ..." messages.
    /// The format-independent kind ([`Reader::peek_value_kind`](crate::Reader::peek_value_kind)).
    #[inline]
    fn value_kind(self) -> crate::reader::ValueKind {
        use crate::reader::ValueKind;
        match self {
            Kind::Nil => ValueKind::Null,
            Kind::Bool => ValueKind::Bool,
            Kind::Int => ValueKind::Int,
            Kind::Float => ValueKind::Float,
            Kind::Str => ValueKind::Str,
            Kind::Bin => ValueKind::Bytes,
            Kind::Array => ValueKind::Array,
            Kind::Map => ValueKind::Map,
            Kind::Ext => ValueKind::Ext,
            Kind::Reserved => ValueKind::Invalid,
        }
    }

    fn describe(self, b: u8) -> &'static str {
        match self {
            Kind::Nil => "nil",
            Kind::Bool => "boolean",
            Kind::Int if b >= 0xe0 || (0xd0..=0xd3).contains(&b) => "signed integer",
            Kind::Int => "integer",
            Kind::Float => "float",
            Kind::Str => "string",
            Kind::Bin => "binary",
            Kind::Array => "array",
            Kind::Map => "map",
            Kind::Ext => "extension",
            Kind::Reserved => "reserved byte 0xc1",
        }
    }
}

/// An integer as read: non-negative values as `u64`, negative ones as `i64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    Pos(u64),
    Neg(i64),
}

impl Int {
    fn text(self) -> String {
        match self {
            Int::Pos(v) => v.to_string(),
            Int::Neg(v) => v.to_string(),
        }
    }
}

/// A map key just read, as where its encoded bytes lie in the input: a string (its bytes
/// not yet checked for UTF-8), an integer, a boolean or any other value. The reader
/// answers what it holds ([`key_bytes`](MsgpackReader::key_bytes),
/// [`key_str`](MsgpackReader::key_str), [`key_u64`](MsgpackReader::key_u64), ...).
///
/// Two words, `Copy`, and tied only to the input, so a caller can hold it while it reads
/// the value that follows. (Two words also keep it in registers: a larger key was
/// assembled in memory piece by piece and then copied whole, which stalled the CPU's
/// store-to-load forwarding on every key.)
///
/// ```
/// # use codec::msgpack::MsgpackReader;
/// // {"id": 1, 7: 2}
/// let mut r = MsgpackReader::new(b"\x82\xa2id\x01\x07\x02");
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
    /// The key's encoded bytes, header included: kept as a slice so that matching it
    /// against names needs no second bounds check.
    raw: &'de [u8],
}

/// What [`MsgpackReader::key_bytes`] gives for a key that is not a string: a byte that
/// never occurs in UTF-8, so such a key matches no field or variant name.
pub(crate) const NOT_A_STRING: &[u8] = &[0xc1];

impl<'de> Key<'de> {
    #[inline(always)]
    fn new(start: usize, raw: &'de [u8]) -> Key<'de> {
        Key { start, raw }
    }

    /// Offset of the key's first byte in the input.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc0\xa1k");
    /// r.read_null()?;
    /// assert_eq!(r.read_key()?.offset(), 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn offset(&self) -> usize {
        self.start
    }
}

/// The body of the str whose encoding is `raw`, or `None` when `raw` is no str.
#[inline(always)]
fn str_body(raw: &[u8]) -> Option<&[u8]> {
    let header = match *raw.first()? {
        0xa0..=0xbf => 1,
        0xd9 => 2,
        0xda => 3,
        0xdb => 5,
        _ => return None,
    };
    raw.get(header..)
}

/// The integer whose encoding is `raw`, if it is one.
fn int_of(raw: &[u8]) -> Option<Int> {
    let mut r = MsgpackReader::new(raw);
    r.try_int().ok().flatten()
}

/// A saved reader position, for decoders that look ahead and come back (internally
/// tagged enums whose tag is not first, untagged enums).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
    remaining: u32,
}

/// Backtracking budget: this many times the input length, plus [`BACKTRACK_BASE`] bytes
/// (as for JSON).
const BACKTRACK_FACTOR: usize = 16;
const BACKTRACK_BASE: usize = 1 << 20;
/// What every retry costs on top of the bytes it re-reads, so that retries which re-read
/// nothing (a variant that fails at the first byte) are counted too.
const BACKTRACK_RETRY_COST: usize = 1;

/// Levels whose counts live inline; deeper ones spill to a `Vec`.
const INLINE_LEVELS: usize = 32;

/// The most memory one length prefix lets a collection reserve before its elements are read
/// (see [`MsgpackReader::capacity_for`]); a larger collection grows into the rest. In bytes,
/// not elements: a cap of 4096 elements made every array of more (canada's rings of
/// coordinate pairs) grow by doubling, which left the decoded value 20% larger than
/// rmp-serde's (1086 KiB against 880, `cargo bench --bench peak_heap`).
const PREALLOC_MAX_BYTES: usize = 1 << 20;
/// What the reservations made ahead of their elements may total over a whole document, per
/// input byte.
const PREALLOC_PER_INPUT_BYTE: usize = 8;

/// The cursor that every [`Decode`](crate::Decode) impl reads MessagePack from.
pub struct MsgpackReader<'de> {
    input: &'de [u8],
    pos: usize,
    /// Bytes that untagged enums may still re-read after a failed variant (see
    /// [`backtrack`](Self::backtrack)).
    backtrack_budget: usize,
    /// Bytes that collections may still reserve ahead of their elements (see
    /// [`capacity_for`](Self::capacity_for)).
    prealloc_budget: usize,
    depth: usize,
    /// Levels of [`nested`](Self::nested) open around the current value, bounded by
    /// `max_depth` apart from `depth`.
    nested_depth: usize,
    /// Entries (maps) or elements (arrays) not yet started in the innermost container
    /// opened with `begin_object`/`begin_array`.
    remaining: u32,
    /// `remaining` of the enclosing containers, by depth.
    saved: [u32; INLINE_LEVELS],
    spill: Vec<u32>,
    max_depth: usize,
    max_len: usize,
    duplicate_keys: DuplicateKeys,
    // ---- shared references (`preserve_refs`, see `refs.rs` and `msgpack/refs.rs`) ----
    /// The values decoded for ids so far, in refs mode only (`None` otherwise).
    pub(crate) refs: Option<alloc::boxed::Box<crate::refs::DecodeRefs>>,
    // ---- non-finite floats ----
    non_finite: NonFinite,
}

impl<'de> MsgpackReader<'de> {
    /// A reader with the default [`Options`].
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x2a");
    /// assert_eq!(r.read_u64()?, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, &Options::default())
    }

    /// A reader with the given limits.
    ///
    /// ```
    /// use codec::msgpack::{MsgpackReader, Options};
    /// let mut r = MsgpackReader::with_options(b"\xa3abc", &Options::new().max_string_len(2));
    /// assert!(r.read_str().is_err());
    /// ```
    pub fn with_options(input: &'de [u8], options: &Options) -> Self {
        MsgpackReader {
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
            refs: if options.preserve_refs { Some(Default::default()) } else { None },
            // ---- non-finite floats ----
            non_finite: options.non_finite,
        }
    }

    /// What to do with a key that appears twice in one map.
    ///
    /// ```
    /// # use codec::msgpack::{DuplicateKeys, MsgpackReader};
    /// assert_eq!(MsgpackReader::new(b"").duplicate_keys(), DuplicateKeys::Error);
    /// ```
    #[inline]
    pub fn duplicate_keys(&self) -> DuplicateKeys {
        self.duplicate_keys
    }

    /// The whole input.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xc0").input(), b"\xc0");
    /// ```
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Current byte offset.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc3\xc2");
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
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x01");
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
    /// document's backtracking budget: 16 times the input length plus 1 MiB, so that nested
    /// untagged enums, which could otherwise re-read the same bytes exponentially often, do
    /// work linear in the input.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x01");
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

    /// The entries left in the innermost map opened by `begin_object`, before the next
    /// `object_next` (what a flattened member's look-ahead scans).
    #[inline]
    pub(crate) fn entries_left(&self) -> usize {
        self.remaining as usize
    }

    /// Returns to a saved position (of this container or an enclosing one: the counts of
    /// the enclosing containers are never changed by what is read inside them).
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
    /// let r = codec::msgpack::MsgpackReader::new(b"\x00\x00");
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
    fn reserved(&self, at: usize) -> Error {
        Error::new(ErrorKind::Syntax(Cow::Borrowed("reserved byte 0xc1 is not a MessagePack value")), at)
    }

    /// "invalid type: expected {expected}, found {what the input holds}", at the offending
    /// value.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xa1x");
    /// assert_eq!(r.invalid_type("u8").to_string(), "invalid type: expected u8, found string (byte 0)");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        match self.input.get(self.pos) {
            None => self.eof(),
            Some(0xc1) => self.reserved(self.pos),
            Some(&b) => Error::new(
                ErrorKind::InvalidType {
                    expected: Cow::Borrowed(expected),
                    found: Cow::Borrowed(Kind::of(b).describe(b)),
                },
                self.pos,
            ),
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

    /// The limit of [`nested`](Self::nested): the type's recursion, not the input's nesting.
    #[cold]
    #[inline(never)]
    fn recursion_error(&self) -> Error {
        Error::new(ErrorKind::RecursionLimit(self.max_depth), self.pos)
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> Error {
        Error::new(ErrorKind::DepthLimit(self.max_depth), self.pos)
    }

    /// Runs `decode` one nesting level down, a level of its own kind: these levels are
    /// counted apart from the nesting of arrays and maps, and [`Options::max_depth`]
    /// bounds each count.
    ///
    /// For decoders that can recurse without opening an array or map: the derive runs
    /// newtype structs, transparent structs and untagged enums through this. A type such as
    /// `struct N(Option<Box<N>>)` would otherwise recurse on the input `\x01` until the
    /// stack overflows; through this, it stops with [`ErrorKind::RecursionLimit`] at the
    /// value's offset (the type's fault; a document nested too deep itself is an
    /// [`ErrorKind::DepthLimit`]). Call it in a hand-written decoder of a type that reads another value
    /// in its place and can thereby reach itself. Counting these levels apart keeps the
    /// nesting a document may have the same whether or not its values pass through such
    /// types (an untagged enum holding `Vec`s of itself still reads `max_depth` nested
    /// arrays), while the stack stays bounded by twice the limit's levels.
    ///
    /// ```
    /// use codec::msgpack::{MsgpackReader, Options};
    /// use codec::ErrorKind;
    ///
    /// let opts = Options::new().max_depth(2);
    /// let mut r = MsgpackReader::with_options(b"\x07", &opts);
    /// assert_eq!(r.nested(|r| r.nested(|r| r.read_u64()))?, 7);
    ///
    /// let mut r = MsgpackReader::with_options(b"\x07", &opts);
    /// let err = r.nested(|r| r.nested(|r| r.nested(|r| r.read_u64()))).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (&ErrorKind::RecursionLimit(2), Some(0)));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.nested_depth >= self.max_depth {
            return Err(self.recursion_error());
        }
        // A count of its own, not `depth`: containers opened inside keep their counts by
        // `depth` (`push_count`), and this level opens none.
        self.nested_depth += 1;
        let result = decode(self);
        self.nested_depth -= 1;
        result
    }

    // ---- bytes ----

    /// The next byte, not consumed; `None` at the end of input.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xc0").peek(), Some(0xc0));
    /// ```
    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    /// The kind of the next value, not consumed; `None` at the end of input.
    ///
    /// ```
    /// use codec::msgpack::{Kind, MsgpackReader};
    /// assert_eq!(MsgpackReader::new(b"\x92\x01\x02").peek_kind(), Some(Kind::Array));
    /// ```
    #[inline]
    pub fn peek_kind(&self) -> Option<Kind> {
        self.peek().map(Kind::of)
    }

    #[inline(always)]
    fn byte(&mut self) -> Result<u8> {
        match self.input.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => Err(self.eof()),
        }
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
    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self.input.get(self.pos..self.pos + N) {
            Some(bytes) => {
                let mut out = [0; N];
                out.copy_from_slice(bytes);
                self.pos += N;
                Ok(out)
            }
            None => Err(self.eof()),
        }
    }

    #[inline(always)]
    fn be16(&mut self) -> Result<u16> {
        self.array().map(u16::from_be_bytes)
    }

    #[inline(always)]
    fn be32(&mut self) -> Result<u32> {
        self.array().map(u32::from_be_bytes)
    }

    #[inline(always)]
    fn be64(&mut self) -> Result<u64> {
        self.array().map(u64::from_be_bytes)
    }

    /// Where `slice`, a part of the input, starts in it.
    fn offset_of(&self, slice: &[u8]) -> usize {
        (slice.as_ptr() as usize).wrapping_sub(self.input.as_ptr() as usize).min(self.input.len())
    }

    #[inline(always)]
    fn left(&self) -> usize {
        self.input.len() - self.pos
    }

    /// Consumes a byte, after the caller peeked it.
    #[inline(always)]
    fn bump(&mut self) {
        self.pos += 1;
    }

    // ---- nil and bool ----

    /// Reads `nil`.
    ///
    /// ```
    /// codec::msgpack::MsgpackReader::new(b"\xc0").read_null()?;
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_null(&mut self) -> Result<()> {
        if self.peek() == Some(0xc0) {
            self.bump();
            Ok(())
        } else {
            Err(self.invalid_type("nil"))
        }
    }

    /// Consumes `nil` if it is next and says whether it was.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc0\x01");
    /// assert!(r.try_read_null()?);
    /// assert!(!r.try_read_null()?);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn try_read_null(&mut self) -> Result<bool> {
        if self.peek() == Some(0xc0) {
            self.bump();
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads `true` or `false`.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xc2").read_bool()?, false);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool> {
        match self.peek() {
            Some(0xc2) => {
                self.bump();
                Ok(false)
            }
            Some(0xc3) => {
                self.bump();
                Ok(true)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    // ---- integers ----

    /// Reads any integer format; `None` (nothing consumed) when the next value is not an
    /// integer.
    #[inline(always)]
    fn try_int(&mut self) -> Result<Option<Int>> {
        let Some(b) = self.peek() else { return Err(self.eof()) };
        if b < 0x80 {
            self.bump();
            return Ok(Some(Int::Pos(b as u64)));
        }
        if b >= 0xe0 {
            self.bump();
            return Ok(Some(Int::Neg(b as i8 as i64)));
        }
        let start = self.pos;
        self.bump();
        let v = match b {
            0xcc => Int::Pos(self.byte()? as u64),
            0xcd => Int::Pos(self.be16()? as u64),
            0xce => Int::Pos(self.be32()? as u64),
            0xcf => Int::Pos(self.be64()?),
            0xd0 => signed(self.byte()? as i8 as i64),
            0xd1 => signed(self.be16()? as i16 as i64),
            0xd2 => signed(self.be32()? as i32 as i64),
            0xd3 => signed(self.be64()? as i64),
            _ => {
                self.pos = start;
                return Ok(None);
            }
        };
        Ok(Some(v))
    }

    #[inline(always)]
    fn read_int(&mut self, expected: &'static str) -> Result<(Int, usize)> {
        let start = self.pos;
        match self.try_int()? {
            Some(v) => Ok((v, start)),
            None => Err(self.invalid_type(expected)),
        }
    }

    /// Reads an unsigned integer that fits `u64` within `0..=max`; `expected` names the
    /// target type for messages.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xcd\x01\x2c");
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

    /// The value and encoded length of a positive fixint or uint 8..64 that starts at the
    /// current position and is complete in the input; nothing is consumed.
    #[inline(always)]
    fn peek_uint(&self) -> Option<(u64, usize)> {
        let rest = self.input.get(self.pos..)?;
        match *rest {
            [b @ 0x00..=0x7f, ..] => Some((b as u64, 1)),
            [0xcc, b, ..] => Some((b as u64, 2)),
            [0xcd, a, b, ..] => Some((u16::from_be_bytes([a, b]) as u64, 3)),
            [0xce, a, b, c, d, ..] => Some((u32::from_be_bytes([a, b, c, d]) as u64, 5)),
            [0xcf, a, b, c, d, e, f, g, h, ..] => Some((u64::from_be_bytes([a, b, c, d, e, f, g, h]), 9)),
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

    /// Reads a `u64` (any integer format; negative values are out of range).
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xd0\x05").read_u64()?, 5);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_u64_max("u64", u64::MAX)
    }

    /// Reads a signed integer within `min..=max` (`expected` names the type).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xd0\x80");
    /// assert_eq!(r.read_i64_range("i8", -128, 127)?, -128);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        if let Some(&b) = self.input.get(self.pos) {
            // Positive and negative fixints: the most common integers by far.
            let v = b as i8 as i64;
            if !(0x80..0xe0).contains(&b) && v >= min && v <= max {
                self.pos += 1;
                return Ok(v);
            }
        }
        self.read_i64_range_slow(expected, min, max)
    }

    #[inline(never)]
    fn read_i64_range_slow(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        match self.read_int(expected)? {
            (Int::Pos(v), _) if v <= max as u64 => Ok(v as i64),
            (Int::Neg(v), _) if v >= min => Ok(v),
            (v, at) => Err(self.out_of_range(at, v.text(), expected)),
        }
    }

    /// Reads an `i64`.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xff").read_i64()?, -1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        self.read_i64_range("i64", i64::MIN, i64::MAX)
    }

    /// The 16 big-endian bytes of a 128-bit integer written as bin, if that is next.
    fn try_bin16(&mut self) -> Result<Option<[u8; 16]>> {
        if self.input.get(self.pos..self.pos + 2) != Some(&[0xc4, 16]) {
            return Ok(None);
        }
        self.pos += 2;
        self.array().map(Some)
    }

    /// Reads a `u128`: any integer format, or the 16-byte big-endian bin that values beyond
    /// 64 bits are written as.
    ///
    /// ```
    /// let mut bytes = vec![0xc4, 16];
    /// bytes.extend_from_slice(&u128::MAX.to_be_bytes());
    /// assert_eq!(codec::msgpack::MsgpackReader::new(&bytes).read_u128()?, u128::MAX);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_u128(&mut self) -> Result<u128> {
        if let Some(b) = self.try_bin16()? {
            return Ok(u128::from_be_bytes(b));
        }
        match self.read_int("u128")? {
            (Int::Pos(v), _) => Ok(v as u128),
            (v, at) => Err(self.out_of_range(at, v.text(), "u128")),
        }
    }

    /// Reads an `i128` (see [`read_u128`](Self::read_u128); the bin is two's complement).
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xe0").read_i128()?, -32);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_i128(&mut self) -> Result<i128> {
        if let Some(b) = self.try_bin16()? {
            return Ok(i128::from_be_bytes(b));
        }
        match self.read_int("i128")? {
            (Int::Pos(v), _) => Ok(v as i128),
            (Int::Neg(v), _) => Ok(v as i128),
        }
    }

    // ---- floats ----

    /// Reads a float 64, a float 32 (widened exactly) or an integer (the nearest `f64`).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xca\x3f\x00\x00\x00\x03");
    /// assert_eq!(r.read_f64()?, 0.5);
    /// assert_eq!(r.read_f64()?, 3.0);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_f64(&mut self) -> Result<f64> {
        if let Some(&[0xcb, a, b, c, d, e, f, g, h]) = self.input.get(self.pos..self.pos + 9) {
            self.pos += 9;
            return Ok(f64::from_bits(u64::from_be_bytes([a, b, c, d, e, f, g, h])));
        }
        self.read_f64_slow()
    }

    #[inline(never)]
    fn read_f64_slow(&mut self) -> Result<f64> {
        match self.peek() {
            Some(0xcb) => {
                self.bump();
                self.be64().map(f64::from_bits)
            }
            Some(0xca) => {
                self.bump();
                self.be32().map(|b| f32::from_bits(b) as f64)
            }
            _ => match self.try_int()? {
                Some(Int::Pos(v)) => Ok(v as f64),
                Some(Int::Neg(v)) => Ok(v as f64),
                None => self.read_non_finite("f64"),
            },
        }
    }

    /// Reads a float 32, a float 64 (rounded to the nearest `f32`) or an integer.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xcb\x3f\xe0\x00\x00\x00\x00\x00\x00");
    /// assert_eq!(r.read_f32()?, 0.5);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_f32(&mut self) -> Result<f32> {
        match self.peek() {
            Some(0xca) => {
                self.bump();
                self.be32().map(f32::from_bits)
            }
            Some(0xcb) => {
                self.bump();
                self.be64().map(|b| f64::from_bits(b) as f32)
            }
            _ => match self.try_int()? {
                Some(Int::Pos(v)) => Ok(v as f32),
                Some(Int::Neg(v)) => Ok(v as f32),
                None => self.read_non_finite("f32").map(|v| v as f32),
            },
        }
    }

    // ---- non-finite floats ----

    /// What a float accepts besides numbers (see [`NonFinite`]).
    ///
    /// ```
    /// # use codec::msgpack::MsgpackReader;
    /// assert_eq!(MsgpackReader::new(b"").non_finite(), codec::NonFinite::Error);
    /// ```
    #[inline]
    pub fn non_finite(&self) -> NonFinite {
        self.non_finite
    }

    /// nil or one of the three strs where a float is expected, when the [`NonFinite`]
    /// policy accepts it (data carried over from JSON); otherwise the type error the float
    /// readers always gave.
    #[cold]
    #[inline(never)]
    fn read_non_finite(&mut self, expected: &'static str) -> Result<f64> {
        let start = self.pos;
        match (self.non_finite, self.peek()) {
            (NonFinite::Null, Some(0xc0)) => {
                self.bump();
                Ok(f64::NAN)
            }
            (NonFinite::Strings, Some(0xa0..=0xbf | 0xd9..=0xdb)) => {
                let s = self.read_str()?;
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

    /// Reads any number: an integer as [`Int`], a float as `f64`.
    #[inline]
    pub(crate) fn read_number(&mut self) -> Result<core::result::Result<Int, f64>> {
        match self.peek() {
            Some(0xca | 0xcb) => self.read_f64().map(Err),
            _ => self.read_int("a number").map(|(v, _)| Ok(v)),
        }
    }

    // ---- strings, bins, exts ----

    /// The payload length after a str/bin/ext length prefix, checked against the limit and
    /// the bytes left.
    #[inline(always)]
    fn checked_len(&self, len: usize, at: usize, what: &'static str) -> Result<usize> {
        if len > self.left() {
            return Err(self.eof());
        }
        if len > self.max_len {
            return Err(self.size_error(at, what));
        }
        Ok(len)
    }

    /// The length of the str that starts with byte `b` (consumed, as are the length
    /// bytes), or `None` (nothing consumed) when `b` starts no str.
    #[inline(always)]
    fn str_header(&mut self, b: u8) -> Result<Option<usize>> {
        let at = self.pos;
        let len = match b {
            0xa0..=0xbf => {
                self.bump();
                (b & 0x1f) as usize
            }
            0xd9 => {
                self.bump();
                self.byte()? as usize
            }
            0xda => {
                self.bump();
                self.be16()? as usize
            }
            0xdb => {
                self.bump();
                self.be32()? as usize
            }
            _ => return Ok(None),
        };
        self.checked_len(len, at, "string").map(Some)
    }

    /// Reads a str without checking its UTF-8, as a [`Key`] (how generated code reads
    /// enum tags).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xa2ok");
    /// let k = r.read_string_token()?;
    /// assert_eq!(r.key_bytes(k)?, b"ok");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_string_token(&mut self) -> Result<Key<'de>> {
        let offset = self.pos;
        let Some(b) = self.peek() else { return Err(self.eof()) };
        match self.str_header(b)? {
            Some(len) => {
                self.take(len)?;
                Ok(self.key_since(offset))
            }
            None => Err(self.invalid_type("a string")),
        }
    }

    #[cold]
    #[inline(never)]
    fn utf8_error(&self, bytes: &[u8], offset: usize) -> Error {
        let bad = core::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
        Error::new(ErrorKind::InvalidUtf8, offset + bad)
    }

    /// Reads a str, borrowed from the input (MessagePack strings hold no escapes, so every
    /// string borrows); invalid UTF-8 is an error.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xa3\xe2\x9d\xa4");
    /// assert_eq!(r.read_str()?, "\u{2764}");
    /// assert!(codec::msgpack::MsgpackReader::new(b"\xa1\xff").read_str().is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        if let Some((header, body)) = self.peek_short_str() {
            if let Ok(s) = utf8(body) {
                self.pos += header + body.len();
                return Ok(s);
            }
        }
        self.read_str_slow()
    }

    /// The header length and body of a fixstr or str 8 (up to 255 bytes: keys, and the
    /// text, URLs and names of real documents) that starts at the current position,
    /// complete in the input and within the length limit; nothing is consumed.
    #[inline(always)]
    fn peek_short_str(&self) -> Option<(usize, &'de [u8])> {
        let input: &'de [u8] = self.input;
        let (header, len) = match *input.get(self.pos)? {
            b @ 0xa0..=0xbf => (1, (b & 0x1f) as usize),
            0xd9 => (2, *input.get(self.pos + 1)? as usize),
            _ => return None,
        };
        if len > self.max_len {
            return None;
        }
        Some((header, input.get(self.pos + header..self.pos + header + len)?))
    }

    #[inline(never)]
    fn read_str_slow(&mut self) -> Result<&'de str> {
        let start = self.pos;
        let Some(b) = self.peek() else { return Err(self.eof()) };
        let Some(len) = self.str_header(b)? else { return Err(self.invalid_type("a string")) };
        let body = self.pos;
        let bytes = self.take(len)?;
        match utf8(bytes) {
            Ok(s) => Ok(s),
            Err(()) => {
                let e = self.utf8_error(bytes, body);
                self.pos = start;
                Err(e)
            }
        }
    }

    /// The same as [`read_str`](Self::read_str): kept for symmetry with the JSON reader.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::MsgpackReader::new(b"\xa1a").read_borrowed_str()?, "a");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_borrowed_str(&mut self) -> Result<&'de str> {
        self.read_str()
    }

    /// Reads a bin, borrowed from the input.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x02\x00\xff");
    /// assert_eq!(r.read_bin()?, [0, 255]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_bin(&mut self) -> Result<&'de [u8]> {
        let at = self.pos;
        let len = match self.peek() {
            Some(0xc4) => {
                self.bump();
                self.byte()? as usize
            }
            Some(0xc5) => {
                self.bump();
                self.be16()? as usize
            }
            Some(0xc6) => {
                self.bump();
                self.be32()? as usize
            }
            _ => return Err(self.invalid_type("bytes")),
        };
        let len = self.checked_len(len, at, "bin")?;
        self.take(len)
    }

    /// Reads an extension value: its type and its payload, borrowed from the input.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xd5\x02\x20\x21");
    /// assert_eq!(r.read_ext()?, (2, &[0x20, 0x21][..]));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_ext(&mut self) -> Result<(i8, &'de [u8])> {
        let at = self.pos;
        let len = match self.peek() {
            Some(b @ 0xd4..=0xd8) => {
                self.bump();
                1 << (b - 0xd4)
            }
            Some(0xc7) => {
                self.bump();
                self.byte()? as usize
            }
            Some(0xc8) => {
                self.bump();
                self.be16()? as usize
            }
            Some(0xc9) => {
                self.bump();
                self.be32()? as usize
            }
            _ => return Err(self.invalid_type("an extension")),
        };
        let tag = self.byte()? as i8;
        let len = self.checked_len(len, at, "ext")?;
        Ok((tag, self.take(len)?))
    }

    // ---- containers ----

    #[inline(always)]
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            self.depth -= 1;
            return Err(self.depth_error());
        }
        Ok(())
    }

    /// How many elements a collection may reserve room for before reading them, when its
    /// header announced `n` and one element takes `element_size` bytes of the collection's
    /// memory (`size_of::<T>()` for a vector). It grows into the rest as they arrive.
    ///
    /// A length prefix is a claim the bytes after it have yet to back.
    /// [`read_array_len`](Self::read_array_len) and [`read_map_len`](Self::read_map_len)
    /// hold it to the bytes left (an element takes at least one, a map entry two), but
    /// nested headers all count the same bytes: 128 of them announcing 32,768 elements
    /// each, in a 33 KB input, would reserve 32,768 elements at every level. So one
    /// collection reserves at most 1 MiB ahead, and all of a document's reservations
    /// together at most 8 bytes per input byte; what they do not cover is grown into (by
    /// doubling) as elements are actually read. Decoding thus requests memory in proportion
    /// to the input it has read. In a document whose collections take at most 1 MiB each
    /// and fit that budget together (the models of the benchmarks do), every collection is
    /// sized exactly.
    ///
    /// ```
    /// use codec::msgpack::MsgpackReader;
    ///
    /// // [1, 2, 3]: the input backs all three.
    /// let mut r = MsgpackReader::new(b"\x93\x01\x02\x03");
    /// let n = r.read_array_len()?;
    /// let mut v: Vec<u64> = Vec::with_capacity(r.capacity_for(n, size_of::<u64>()));
    /// assert_eq!(v.capacity(), 3);
    /// for _ in 0..n {
    ///     v.push(r.read_u64()?);
    /// }
    /// r.leave();
    ///
    /// // A header that 32 bytes of input cannot back with 8 bytes each.
    /// let mut doc = vec![0xdc, 0x00, 0x20];
    /// doc.extend([0x01; 32]);
    /// let mut r = MsgpackReader::new(&doc);
    /// let n = r.read_array_len()?;
    /// assert_eq!((n, r.capacity_for(n, 64)), (32, 4));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn capacity_for(&mut self, n: usize, element_size: usize) -> usize {
        // Empty collections first: nearly every array of citm_catalog is one (measured:
        // 2.6% fewer instructions decoding its MessagePack encoding than taking them
        // through the budget).
        if n == 0 {
            return 0;
        }
        // No division at run time: `element_size` is a constant where this inlines, and so
        // is the most elements 1 MiB holds (zero-sized elements take no memory: at most 1 Mi
        // of them, so that the product below stays small).
        let most = PREALLOC_MAX_BYTES / if element_size == 0 { 1 } else { element_size };
        let capacity = n.min(most);
        let bytes = capacity * element_size;
        if bytes <= self.prealloc_budget {
            self.prealloc_budget -= bytes;
            return capacity;
        }
        // The `min` is for the optimizer: with the result known to fit 1 MiB,
        // `Vec::with_capacity` needs no overflow check (measured: 7 instructions an array).
        self.capacity_from_the_rest(element_size).min(most)
    }

    /// The budget runs out: what is left of it (`element_size` is not zero, or the
    /// reservation would have fit).
    #[cold]
    #[inline(never)]
    fn capacity_from_the_rest(&mut self, element_size: usize) -> usize {
        let capacity = self.prealloc_budget / element_size.max(1);
        self.prealloc_budget -= capacity * element_size;
        capacity
    }

    /// Ends a container opened with [`read_map_len`](Self::read_map_len) or
    /// [`read_array_len`](Self::read_array_len), once all its values were read.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x91\x91\x07");
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

    /// The element count after an array header that starts with `b` (consumed), or `None`
    /// (nothing consumed) when `b` starts no array. Not yet checked.
    #[inline(always)]
    fn array_header(&mut self, b: u8) -> Result<Option<usize>> {
        Ok(Some(match b {
            0x90..=0x9f => {
                self.bump();
                (b & 0x0f) as usize
            }
            0xdc => {
                self.bump();
                self.be16()? as usize
            }
            0xdd => {
                self.bump();
                self.be32()? as usize
            }
            _ => return Ok(None),
        }))
    }

    #[inline(always)]
    fn map_header(&mut self, b: u8) -> Result<Option<usize>> {
        Ok(Some(match b {
            0x80..=0x8f => {
                self.bump();
                (b & 0x0f) as usize
            }
            0xde => {
                self.bump();
                self.be16()? as usize
            }
            0xdf => {
                self.bump();
                self.be32()? as usize
            }
            _ => return Ok(None),
        }))
    }

    /// Reads an array header and enters it: the element count, already checked against
    /// the bytes left (each element takes at least one) and the depth limit. Read that many
    /// values, then call [`leave`](Self::leave).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xdd\xff\xff\xff\xff\x01");
    /// assert_eq!(r.read_array_len().unwrap_err().kind(), &codec::ErrorKind::Eof);
    /// ```
    #[inline(always)]
    pub fn read_array_len(&mut self) -> Result<usize> {
        if let Some(&b @ 0x90..=0x9f) = self.input.get(self.pos) {
            let n = (b & 0x0f) as usize;
            if n < self.left() && self.depth < self.max_depth {
                self.pos += 1;
                self.depth += 1;
                return Ok(n);
            }
        }
        self.read_array_len_slow()
    }

    #[inline(never)]
    fn read_array_len_slow(&mut self) -> Result<usize> {
        let Some(b) = self.peek() else { return Err(self.eof()) };
        let Some(n) = self.array_header(b)? else { return Err(self.invalid_type("an array")) };
        if n > self.left() {
            return Err(self.eof());
        }
        self.enter()?;
        Ok(n)
    }

    /// A fixed-length array of `expected` elements whose header (at `at`) announced `len`:
    /// the check of [`begin_tuple`](crate::Reader::begin_tuple), and of generated decoders
    /// (`impls/net.rs`).
    #[inline(always)]
    pub(crate) fn expect_len(len: usize, expected: usize, at: usize) -> Result<()> {
        if len != expected {
            return Err(wrong_len(len, expected, at));
        }
        Ok(())
    }

    /// Reads a map header and enters it: the entry count, checked against the bytes left
    /// (each entry takes at least two) and the depth limit. Read that many keys and
    /// values, then call [`leave`](Self::leave).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x81\x01\xc3");
    /// assert_eq!(r.read_map_len()?, 1);
    /// assert_eq!((r.read_u64()?, r.read_bool()?), (1, true));
    /// r.leave();
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_map_len(&mut self) -> Result<usize> {
        if let Some(&b @ 0x80..=0x8f) = self.input.get(self.pos) {
            let n = (b & 0x0f) as usize;
            if n < self.left() / 2 && self.depth < self.max_depth {
                self.pos += 1;
                self.depth += 1;
                return Ok(n);
            }
        }
        self.read_map_len_slow()
    }

    #[inline(never)]
    fn read_map_len_slow(&mut self) -> Result<usize> {
        let Some(b) = self.peek() else { return Err(self.eof()) };
        let Some(n) = self.map_header(b)? else { return Err(self.invalid_type("a map")) };
        if n > self.left() / 2 {
            return Err(self.eof());
        }
        self.enter()?;
        Ok(n)
    }

    /// Opens a container whose count `n` the reader tracks.
    #[inline(always)]
    fn push_count(&mut self, n: usize) {
        let level = self.depth - 1;
        match self.saved.get_mut(level) {
            Some(slot) => *slot = self.remaining,
            None => self.spill_count(level),
        }
        // Checked against the bytes left, which a `u32` length prefix bounds.
        self.remaining = n as u32;
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

    /// Closes the innermost tracked container.
    #[inline(always)]
    fn pop_count(&mut self) {
        self.depth -= 1;
        let level = self.depth;
        self.remaining = match self.saved.get(level) {
            Some(&v) => v,
            None => self.spill.get(level - INLINE_LEVELS).copied().unwrap_or(0),
        };
    }

    /// Reads a map header and enters the map (see the module docs for the protocol).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x80");
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
        if self.remaining == 0 {
            self.pop_count();
            Ok(false)
        } else {
            self.remaining -= 1;
            Ok(true)
        }
    }

    /// Reads a map key: a string (its bytes, checked for UTF-8 only when matched against
    /// no name or turned into text), an integer, a boolean, or any other value (checked as
    /// by [`skip_value`](Self::skip_value)).
    #[inline(always)]
    pub fn read_key(&mut self) -> Result<Key<'de>> {
        if let Some((header, body)) = self.peek_short_str() {
            let start = self.pos;
            self.pos += header + body.len();
            return Ok(self.key_since(start));
        }
        self.read_key_slow()
    }

    #[inline(never)]
    fn read_key_slow(&mut self) -> Result<Key<'de>> {
        let offset = self.pos;
        let Some(b) = self.peek() else { return Err(self.eof()) };
        if let Some(len) = self.str_header(b)? {
            self.take(len)?;
            return Ok(self.key_since(offset));
        }
        self.read_other_key(b, offset)
    }

    fn read_other_key(&mut self, b: u8, offset: usize) -> Result<Key<'de>> {
        match b {
            0xc2 | 0xc3 => self.bump(),
            _ => {
                if self.try_int()?.is_none() {
                    self.skip_value()?;
                }
            }
        }
        Ok(self.key_since(offset))
    }

    /// The key whose encoding runs from `start` to the current position.
    #[inline(always)]
    fn key_since(&self, start: usize) -> Key<'de> {
        let input: &'de [u8] = self.input;
        Key::new(start, input.get(start..self.pos).unwrap_or(&[]))
    }

    /// The encoded bytes of a key (header included).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xa1k");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_raw(k), b"\xa1k");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn key_raw(&self, key: Key<'de>) -> &'de [u8] {
        key.raw
    }

    /// Reads the next key when it is encoded exactly as `encoded` (header and bytes) and
    /// returns `true`; otherwise consumes nothing and returns `false`. This is the cheap
    /// test generated code tries for the member it expects next, before reading the key
    /// for the general dispatch (which also accepts a name under a longer header than
    /// needed). It declines any `encoded` longer than the string limit, which leaves
    /// names near the limit to the general path and its check.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xa2id\x01");
    /// assert!(!r.read_key_if(b"\xd9\x02id") && !r.read_key_if(b"\xa1i"));
    /// assert!(r.read_key_if(b"\xa2id"));
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

    // ---- maps with composite keys ----

    /// Reads `key`, already read past as a whole value of any type, once more as a `T`: a
    /// map key that is an array or a map (a tuple or struct key) goes through `T`'s own
    /// decoder, at the same depth, and the reader then stands after the key again.
    #[inline(never)]
    pub(crate) fn decode_key_as<T: crate::Decode<'de>>(&mut self, key: Key<'de>) -> Result<T> {
        let after = self.checkpoint();
        self.pos = key.start;
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

    /// The key in words for messages and paths: a string's text (lossy), a number, ...
    pub(crate) fn key_text(&self, key: Key<'de>) -> String {
        let raw = self.key_raw(key);
        if let Some(body) = str_body(raw) {
            return String::from_utf8_lossy(body).into_owned();
        }
        match (raw.first(), int_of(raw)) {
            (_, Some(i)) => i.text(),
            (Some(0xc2), _) => "false".to_owned(),
            (Some(0xc3), _) => "true".to_owned(),
            (Some(&b), _) => format!("<{}>", Kind::of(b).describe(b)),
            (None, _) => String::new(),
        }
    }

    /// The value of a boolean key.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc3");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_bool(k), Some(true));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_bool(&self, key: Key<'de>) -> Option<bool> {
        match self.key_raw(key) {
            [0xc2] => Some(false),
            [0xc3] => Some(true),
            _ => None,
        }
    }

    fn key_int(&self, key: Key<'de>) -> Option<Int> {
        int_of(self.key_raw(key))
    }

    /// The bytes of a key for matching against names: a string's bytes; for any other key,
    /// bytes that are not UTF-8 and so match no name.
    #[inline(always)]
    pub fn key_bytes(&mut self, key: Key<'de>) -> Result<&'de [u8]> {
        let raw = self.key_raw(key);
        // A fixstr first: nearly every key is one.
        if let [0xa0..=0xbf, body @ ..] = raw {
            return Ok(body);
        }
        Ok(str_body(raw).unwrap_or(NOT_A_STRING))
    }

    /// A member key that no field claimed: under `deny_unknown` an error listing the names
    /// `expected` appends (called only then); otherwise a string key is checked as text
    /// (it matched nothing, but must still be valid) and the value skipped.
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
            return Err(self.unknown_member_error(key, names));
        }
        if self.key_bytes(key)? != NOT_A_STRING {
            self.key_str(key)?;
        }
        self.skip_value()
    }

    #[cold]
    #[inline(never)]
    fn unknown_member_error(&mut self, key: Key<'de>, expected: Vec<&'static str>) -> Error {
        let is_str = matches!(self.key_bytes(key), Ok(b) if b != NOT_A_STRING);
        match is_str.then(|| self.key_str(key)) {
            Some(Err(e)) => e,
            _ => Error::new(ErrorKind::UnknownField { name: self.key_text(key), expected }, key.offset()),
        }
    }

    /// A string key as text (checked UTF-8); any other key is a type error.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x01");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_str(k).unwrap_err().to_string(), "invalid type: expected a string key, found integer (byte 0)");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_str(&mut self, key: Key<'de>) -> Result<&'de str> {
        match str_body(self.key_raw(key)) {
            Some(b) => match utf8(b) {
                Ok(s) => Ok(s),
                Err(()) => Err(self.utf8_error(b, self.offset_of(b))),
            },
            None => Err(self.key_type_error(key, "a string key")),
        }
    }

    /// "invalid type: expected {expected}, found {the key's kind}" at the key.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc3");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_type_error(k, "u8").to_string(), "invalid type: expected u8, found boolean (byte 0)");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[cold]
    #[inline(never)]
    pub fn key_type_error(&self, key: Key<'de>, expected: &'static str) -> Error {
        Error::new(
            ErrorKind::InvalidType { expected: Cow::Borrowed(expected), found: Cow::Borrowed(self.key_found(key)) },
            key.start,
        )
    }

    fn key_found(&self, key: Key<'de>) -> &'static str {
        match self.key_raw(key).first() {
            Some(&b) => Kind::of(b).describe(b),
            None => "end of input",
        }
    }

    /// An integer key within `0..=max` (`expected` names the type).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xcc\xff");
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
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xff");
    /// let k = r.read_key()?;
    /// assert_eq!(r.key_i64(k, "i8", -128, 127)?, -1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn key_i64(&self, key: Key<'de>, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        match self.key_int(key) {
            Some(Int::Pos(v)) if v <= max as u64 => Ok(v as i64),
            Some(Int::Neg(v)) if v >= min => Ok(v),
            Some(v) => Err(self.out_of_range(key.start, format!("map key {}", v.text()), expected)),
            None => Err(self.key_type_error(key, expected)),
        }
    }

    /// The 16 bytes of a 128-bit integer key written as bin.
    fn key_bin16(&self, key: Key<'de>) -> Option<[u8; 16]> {
        match self.key_raw(key) {
            [0xc4, 16, rest @ ..] => rest.try_into().ok(),
            _ => None,
        }
    }

    /// A `u128` key: any non-negative integer, or the 16-byte bin of a wider value.
    pub(crate) fn key_u128(&self, key: Key<'de>) -> Result<u128> {
        if let Some(b) = self.key_bin16(key) {
            return Ok(u128::from_be_bytes(b));
        }
        match self.key_int(key) {
            Some(Int::Pos(v)) => Ok(v as u128),
            Some(v) => Err(self.out_of_range(key.start, format!("map key {}", v.text()), "u128")),
            None => Err(self.key_type_error(key, "u128")),
        }
    }

    /// An `i128` key: any integer, or the 16-byte bin of a wider value.
    pub(crate) fn key_i128(&self, key: Key<'de>) -> Result<i128> {
        if let Some(b) = self.key_bin16(key) {
            return Ok(i128::from_be_bytes(b));
        }
        match self.key_int(key) {
            Some(Int::Pos(v)) => Ok(v as i128),
            Some(Int::Neg(v)) => Ok(v as i128),
            None => Err(self.key_type_error(key, "i128")),
        }
    }

    /// Reads an array header and enters the array (see the module docs for the protocol).
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\x02");
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

    /// After [`begin_array`](Self::begin_array): `true` when an element follows, `false`
    /// (having left the array) when it is empty.
    #[inline]
    pub fn array_first(&mut self) -> Result<bool> {
        self.object_next()
    }

    /// After an element: `true` when another follows, `false` (having left the array)
    /// after the last.
    #[inline]
    pub fn array_next(&mut self) -> Result<bool> {
        self.object_next()
    }

    /// After the last expected element of a fixed-size array: no element may be left.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\x02");
    /// r.begin_array()?;
    /// r.array_first()?;
    /// r.read_u64()?;
    /// assert!(r.array_end(1).is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn array_end(&mut self, expected_len: usize) -> Result<()> {
        if self.remaining != 0 {
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

    /// Skips one complete value, checking it as decoding would: every length against the
    /// bytes left and the limits, every str for UTF-8, nesting against the depth limit.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x82\xa1a\x91\xc0\x01\xc4\x01\x00\x2a");
    /// r.skip_value()?;
    /// assert_eq!(r.read_u64()?, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        let Some(b) = self.peek() else { return Err(self.eof()) };
        let fixed = match b {
            0x00..=0x7f | 0xc0 | 0xc2 | 0xc3 | 0xe0..=0xff => 1,
            0xcc | 0xd0 => 2,
            0xcd | 0xd1 => 3,
            0xca | 0xce | 0xd2 => 5,
            0xcb | 0xcf | 0xd3 => 9,
            0xc1 => return Err(self.reserved(self.pos)),
            _ => 0,
        };
        if fixed > 0 {
            return self.take(fixed).map(|_| ());
        }
        match Kind::of(b) {
            Kind::Str => self.read_str().map(|_| ()),
            Kind::Bin => self.read_bin().map(|_| ()),
            Kind::Ext => self.read_ext().map(|_| ()),
            Kind::Array => {
                let n = self.read_array_len()?;
                for _ in 0..n {
                    self.skip_value()?;
                }
                self.leave();
                Ok(())
            }
            Kind::Map => {
                let n = self.read_map_len()?;
                for _ in 0..2 * n {
                    self.skip_value()?;
                }
                self.leave();
                Ok(())
            }
            // Every other kind has a fixed size, handled above.
            _ => Err(self.reserved(self.pos)),
        }
    }

    /// Skips one complete value, checked as by [`skip_value`](Self::skip_value), and returns
    /// its encoded bytes.
    ///
    /// ```
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\x02\xc0");
    /// assert_eq!(r.read_raw_value()?, b"\x92\x01\x02");
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
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc0\xc0");
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

/// The error to report for a decode that failed with `error`: the input's own first fault,
/// if it has one. A typed decoder stops at the first value of the wrong type, before it
/// has seen whether the rest is MessagePack at all (a truncated document, a reserved
/// `0xc1` byte, a str that is not UTF-8). So the value at the start of `input` (with
/// `whole`, and nothing after it) is checked by [`MsgpackReader::skip_value`] under the
/// same `options`, and its first fault replaces an `error` that is no input error, or one
/// further on. Only on the error path: a successful decode pays nothing.
#[cold]
#[inline(never)]
pub(crate) fn input_fault_first(error: Error, input: &[u8], options: &Options, whole: bool) -> Error {
    let mut r = MsgpackReader::with_options(input, options);
    match r.skip_value().and_then(|()| if whole { r.end() } else { Ok(()) }) {
        // The earlier of two input errors: a decoder that scans ahead (for an internally
        // tagged enum's tag) may meet a later fault first.
        Err(fault) if !error.is_input_error() || fault.offset() < error.offset() => fault,
        _ => error,
    }
}

/// `bytes` as text, if they are UTF-8.
///
/// Short strings (most keys and values of real documents) are usually ASCII: one
/// word-at-a-time `is_ascii` pass proves them valid, where `str::from_utf8` (which
/// simdutf8 falls back to below 64 bytes) walks them byte by byte. Longer or non-ASCII
/// text goes to simdutf8, which checks with SIMD (AVX2 or SSE4.2, detected at run time);
/// on the Japanese text of twitter.json std alone is several times slower.
#[inline(always)]
fn utf8(bytes: &[u8]) -> core::result::Result<&str, ()> {
    if bytes.len() < 64 && bytes.is_ascii() {
        // SAFETY: every byte is below 0x80, and a sequence of ASCII bytes is valid UTF-8.
        // Measured on twitter.json's MessagePack encoding: std's `from_utf8` was 8.5% of
        // the instructions of an owned decode.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    simdutf8::basic::from_utf8(bytes).map_err(|_| ())
}

/// A negative value of a signed format, or a non-negative one (which any `int` format may
/// also hold) as `Pos`.
#[inline(always)]
fn signed(v: i64) -> Int {
    if v < 0 {
        Int::Neg(v)
    } else {
        Int::Pos(v as u64)
    }
}

// ---- the format-neutral interface ----

/// A bin read as text that is not UTF-8: `message` (the caller's words for what it reads).
#[cold]
#[inline(never)]
fn bin_not_utf8(message: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(message)), at)
}

impl crate::reader::sealed::Sealed for MsgpackReader<'_> {}

/// Each method calls the inherent one of the same job, so a generic `decode` compiles to
/// what a MessagePack-only body would. The wrappers are `#[inline]`, as the per-format
/// `decode_msgpack` bodies that called the inherent methods were; those keep their own
/// `#[inline(always)]`. Forcing the wrappers too changed LLVM's inlining of the callers
/// (callgrind, one decode of twitter.json's MessagePack: 3.67M instructions, against 3.59M
/// before the port and 3.58M with `#[inline]`). The fixed-length steps stay always inlined,
/// as `[T; N]`'s `decode_msgpack` was.
impl<'de> crate::Reader<'de> for MsgpackReader<'de> {
    const ANNOUNCES_LENGTHS: bool = true;

    #[inline]
    fn position(&self) -> usize {
        MsgpackReader::position(self)
    }

    /// No whitespace: the current position.
    #[inline]
    fn value_start(&mut self) -> usize {
        MsgpackReader::position(self)
    }

    #[inline]
    fn read_null(&mut self) -> Result<()> {
        MsgpackReader::read_null(self)
    }

    #[inline]
    fn try_read_null(&mut self) -> Result<bool> {
        MsgpackReader::try_read_null(self)
    }

    #[inline]
    fn read_bool(&mut self) -> Result<bool> {
        MsgpackReader::read_bool(self)
    }

    #[inline]
    fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        MsgpackReader::read_u64_max(self, expected, max)
    }

    #[inline]
    fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        MsgpackReader::read_i64_range(self, expected, min, max)
    }

    #[inline]
    fn read_u128(&mut self) -> Result<u128> {
        MsgpackReader::read_u128(self)
    }

    #[inline]
    fn read_i128(&mut self) -> Result<i128> {
        MsgpackReader::read_i128(self)
    }

    #[inline]
    fn read_f32(&mut self) -> Result<f32> {
        MsgpackReader::read_f32(self)
    }

    #[inline]
    fn read_f64(&mut self) -> Result<f64> {
        MsgpackReader::read_f64(self)
    }

    #[inline]
    fn read_string(&mut self) -> Result<String> {
        MsgpackReader::read_str(self).map(str::to_owned)
    }

    /// Always borrowed: a MessagePack str holds no escapes.
    #[inline]
    fn read_cow(&mut self) -> Result<Cow<'de, str>> {
        MsgpackReader::read_str(self).map(Cow::Borrowed)
    }

    #[inline]
    fn read_borrowed_str(&mut self) -> Result<&'de str> {
        MsgpackReader::read_str(self)
    }

    /// Always borrowed: a MessagePack str holds no escapes. Always inlined: a wrapper that
    /// LLVM otherwise keeps out of line, where the serde bridge's `deserialize_any` inlined
    /// `read_str` itself (measured: 2.3% more instructions decoding twitter's MessagePack
    /// into serde_json's `Value` through the bridge).
    #[inline(always)]
    fn read_str_ref(&mut self) -> Result<crate::reader::StrRef<'de, '_>> {
        MsgpackReader::read_str(self).map(crate::reader::StrRef::Borrowed)
    }

    #[inline]
    fn read_str_with<T>(&mut self, f: impl FnOnce(&str, usize) -> Result<T>) -> Result<T> {
        let offset = MsgpackReader::position(self);
        f(MsgpackReader::read_str(self)?, offset)
    }

    /// A bin (borrowed) or an array of numbers (owned, read as `Vec<u8>` is).
    #[inline]
    fn read_bytes(&mut self) -> Result<Cow<'de, [u8]>> {
        match self.peek_kind() {
            Some(Kind::Bin) => MsgpackReader::read_bin(self).map(Cow::Borrowed),
            Some(Kind::Array) => <Vec<u8> as crate::Decode<'de>>::decode(self).map(Cow::Owned),
            _ => Err(self.invalid_type("bytes (a bin or an array of numbers)")),
        }
    }

    /// A bin.
    #[inline]
    fn read_borrowed_bytes(&mut self) -> Result<&'de [u8]> {
        match self.peek_kind() {
            Some(Kind::Array) => Err(crate::reader::array_cannot_borrow_bytes(MsgpackReader::position(self))),
            _ => MsgpackReader::read_bin(self),
        }
    }

    /// The array form decodes in place, with no buffer; any other value must be a bin.
    #[inline]
    fn read_byte_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        if self.peek_kind() == Some(Kind::Array) {
            return <[u8; N] as crate::Decode<'de>>::decode(self);
        }
        let at = MsgpackReader::position(self);
        let bin = MsgpackReader::read_bin(self)?;
        bin.try_into().map_err(|_| crate::reader::wrong_byte_count(at, N, bin.len()))
    }

    const HUMAN_READABLE: bool = false;
    const NATIVE_TIMESTAMP: bool = true;

    #[inline]
    fn read_timestamp(&mut self) -> Result<(i64, u32)> {
        super::ext::Timestamp::read(self).map(|t| (t.seconds(), t.nanoseconds()))
    }

    #[inline]
    fn read_str_bytes_with<T>(&mut self, f: impl FnOnce(&[u8], usize) -> Result<T>) -> Result<T> {
        let offset = MsgpackReader::position(self);
        let token = self.read_string_token()?;
        f(self.key_bytes(token)?, offset)
    }

    #[inline]
    fn expect_string(&mut self, expected: &'static str) -> Result<()> {
        if self.peek_kind() != Some(Kind::Str) {
            return Err(self.invalid_type(expected));
        }
        Ok(())
    }

    #[inline]
    fn peek_is_array(&mut self) -> bool {
        self.peek_kind() == Some(Kind::Array)
    }

    #[inline]
    fn peek_value_kind(&mut self) -> Option<crate::reader::ValueKind> {
        self.peek_kind().map(Kind::value_kind)
    }

    #[inline]
    fn read_parsed_number(&mut self) -> Result<crate::reader::ParsedNumber> {
        use crate::reader::ParsedNumber;
        if self.peek() == Some(0xca) {
            return MsgpackReader::read_f32(self).map(ParsedNumber::Float32);
        }
        Ok(match self.read_number()? {
            Ok(Int::Pos(v)) => ParsedNumber::PosInt(v),
            Ok(Int::Neg(v)) => ParsedNumber::NegInt(v),
            Err(f) => ParsedNumber::Float(f),
        })
    }

    #[inline]
    fn read_ext(&mut self) -> Result<(i8, &'de [u8])> {
        MsgpackReader::read_ext(self)
    }

    /// A str, or a bin holding UTF-8; both borrowed.
    #[inline]
    fn read_str_or_utf8_bin(&mut self, expected: &'static str, not_utf8: &'static str) -> Result<Cow<'de, str>> {
        match self.peek_kind() {
            Some(Kind::Str) => MsgpackReader::read_str(self).map(Cow::Borrowed),
            Some(Kind::Bin) => {
                let at = MsgpackReader::position(self);
                let bytes = MsgpackReader::read_bin(self)?;
                core::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|_| bin_not_utf8(not_utf8, at))
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    #[inline]
    fn begin_array(&mut self) -> Result<()> {
        MsgpackReader::begin_array(self)
    }

    #[inline]
    fn array_first(&mut self) -> Result<bool> {
        MsgpackReader::array_first(self)
    }

    #[inline]
    fn array_next(&mut self) -> Result<bool> {
        MsgpackReader::array_next(self)
    }

    #[inline]
    fn array_end(&mut self, expected_len: usize) -> Result<()> {
        MsgpackReader::array_end(self, expected_len)
    }

    /// The header's count, the array entered (as [`read_array_len`](MsgpackReader::read_array_len)).
    #[inline]
    fn begin_array_len(&mut self) -> Result<Option<usize>> {
        self.read_array_len().map(Some)
    }

    /// The header's count, the map entered (as [`read_map_len`](MsgpackReader::read_map_len)).
    #[inline]
    fn begin_object_len(&mut self) -> Result<Option<usize>> {
        self.read_map_len().map(Some)
    }

    #[inline]
    fn end_counted(&mut self) {
        self.leave();
    }

    /// The collection is made for the header's count (presized as
    /// [`capacity_for`](MsgpackReader::capacity_for) allows), then that many elements read.
    #[inline]
    fn read_seq<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut element: impl FnMut(&mut Self, &mut C, usize) -> Result<()>,
    ) -> Result<C> {
        let n = self.read_array_len()?;
        let mut out = make(self, n)?;
        for index in 0..n {
            element(self, &mut out, index)?;
        }
        self.leave();
        Ok(out)
    }

    #[inline]
    fn capacity_for(&mut self, n: usize, element_size: usize) -> usize {
        MsgpackReader::capacity_for(self, n, element_size)
    }

    #[inline]
    fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        MsgpackReader::nested(self, decode)
    }

    /// The header's count must be `len`: checked before any element is read.
    #[inline(always)]
    fn begin_tuple(&mut self, len: usize) -> Result<()> {
        let at = MsgpackReader::position(self);
        MsgpackReader::expect_len(self.read_array_len()?, len, at)
    }

    /// Nothing to do: the count was checked by [`begin_tuple`](crate::Reader::begin_tuple).
    #[inline(always)]
    fn tuple_next(&mut self, index: usize, len: usize) -> Result<()> {
        let _ = (index, len);
        Ok(())
    }

    #[inline(always)]
    fn end_tuple(&mut self, len: usize) -> Result<()> {
        let _ = len;
        self.leave();
        Ok(())
    }

    /// The header's count must be within `min..=max`: checked before any element is read.
    #[inline]
    fn begin_tuple_of(&mut self, min: usize, max: usize) -> Result<usize> {
        let at = MsgpackReader::position(self);
        let count = self.read_array_len()?;
        if count < min || count > max {
            return Err(crate::reader::tuple_len_error(at, &count, min, max));
        }
        Ok(count)
    }

    /// Nothing to do: the count was checked by `begin_tuple_of`.
    #[inline(always)]
    fn tuple_next_of(&mut self, index: usize, min: usize, max: usize) -> Result<()> {
        let _ = (index, min, max);
        Ok(())
    }

    #[inline(always)]
    fn tuple_more(&mut self, count: &mut usize, index: usize) -> Result<bool> {
        Ok(index < *count)
    }

    const MSGPACK: bool = true;
    const JSON_TEXT: bool = false;

    #[inline]
    fn begin_positional(&mut self) -> Result<usize> {
        self.read_array_len()
    }

    #[inline]
    fn end_positional(&mut self, count: usize, declared: usize, deny_unknown: bool) -> Result<()> {
        if count > declared {
            if deny_unknown {
                return Err(crate::reader::positional_too_long(MsgpackReader::position(self), declared));
            }
            for _ in declared..count {
                MsgpackReader::skip_value(self)?;
            }
        }
        self.leave();
        Ok(())
    }

    #[inline(always)]
    fn end_tuple_of(&mut self, count: usize, min: usize, max: usize) -> Result<()> {
        let _ = (count, min, max);
        self.leave();
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

    /// After the id, the value, then the end of the `[ext, value]` array (`body` is
    /// always `Wrapped` here).
    #[inline]
    fn shared_body<X>(&mut self, body: &crate::refs::Body, decode: impl FnOnce(&mut Self) -> Result<X>) -> Result<X> {
        let _ = body;
        super::refs::body(self, decode)
    }

    #[inline]
    fn shared_table(&mut self) -> &mut crate::refs::DecodeRefs {
        crate::refs::table(&mut self.refs)
    }

    type Key = Key<'de>;

    const COMPOSITE_KEYS_AS_PAIRS: bool = false;

    /// The collection is made for the header's count, then that many entries read.
    #[inline]
    fn read_map<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut entry: impl FnMut(&mut Self, &mut C, Key<'de>) -> Result<()>,
    ) -> Result<C> {
        let n = self.read_map_len()?;
        let mut out = make(self, n)?;
        for _ in 0..n {
            let key = MsgpackReader::read_key(self)?;
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
        f(self.key_str(key)?)
    }

    /// Always borrowed: a MessagePack str holds no escapes.
    #[inline]
    fn key_cow(&mut self, key: Key<'de>) -> Result<Cow<'de, str>> {
        self.key_str(key).map(Cow::Borrowed)
    }

    #[inline]
    fn key_str_ref(&mut self, key: Key<'de>) -> Result<crate::reader::StrRef<'de, '_>> {
        self.key_str(key).map(crate::reader::StrRef::Borrowed)
    }

    #[inline]
    fn key_str_bytes_with<T>(&mut self, key: Key<'de>, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
        match str_body(self.key_raw(key)) {
            Some(bytes) => f(bytes),
            None => Err(self.key_type_error(key, "a string key")),
        }
    }

    #[inline]
    fn expect_string_key(&mut self, key: Key<'de>, expected: &'static str) -> Result<()> {
        if str_body(self.key_raw(key)).is_none() {
            return Err(self.key_type_error(key, expected));
        }
        Ok(())
    }

    #[inline]
    fn key_is_string(&self, key: Key<'de>) -> bool {
        str_body(self.key_raw(key)).is_some()
    }

    #[inline]
    fn key_value_kind(&self, key: Key<'de>) -> crate::reader::ValueKind {
        self.key_raw(key).first().map_or(crate::reader::ValueKind::Invalid, |&b| Kind::of(b).value_kind())
    }

    #[inline]
    fn key_type_error(&mut self, key: Key<'de>, expected: &'static str) -> Error {
        MsgpackReader::key_type_error(self, key, expected)
    }

    #[inline]
    fn key_borrowed_str(&mut self, key: Key<'de>) -> Result<&'de str> {
        self.key_str(key)
    }

    #[inline]
    fn key_bool(&mut self, key: Key<'de>) -> Result<bool> {
        match MsgpackReader::key_bool(self, key) {
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
        MsgpackReader::key_u128(self, key)
    }

    #[inline]
    fn key_i128(&mut self, key: Key<'de>) -> Result<i128> {
        MsgpackReader::key_i128(self, key)
    }

    /// The key's own bytes read as a float.
    #[inline]
    fn key_f64(&mut self, key: Key<'de>) -> Result<f64> {
        match MsgpackReader::new(self.key_raw(key)).read_f64() {
            Ok(v) => Ok(v),
            Err(_) => Err(self.key_type_error(key, "f64")),
        }
    }

    #[inline]
    fn key_f32(&mut self, key: Key<'de>) -> Result<f32> {
        match MsgpackReader::new(self.key_raw(key)).read_f32() {
            Ok(v) => Ok(v),
            Err(_) => Err(self.key_type_error(key, "f32")),
        }
    }

    #[inline]
    fn decode_key_as_value<T: crate::Decode<'de>>(&mut self, key: Key<'de>) -> Result<T> {
        self.decode_key_as(key)
    }

    #[inline]
    fn key_text(&mut self, key: Key<'de>) -> String {
        MsgpackReader::key_text(self, key)
    }

    #[inline]
    fn text_since(&self, start: usize) -> String {
        MsgpackReader::key_text(self, self.key_since(start))
    }

    #[inline]
    fn duplicate_keys(&self) -> DuplicateKeys {
        MsgpackReader::duplicate_keys(self)
    }

    #[inline]
    fn skip_value(&mut self) -> Result<()> {
        MsgpackReader::skip_value(self)
    }

    type Checkpoint = Checkpoint;

    #[inline(always)]
    fn checkpoint(&self) -> Checkpoint {
        MsgpackReader::checkpoint(self)
    }

    #[inline(always)]
    fn restore(&mut self, checkpoint: Checkpoint) {
        MsgpackReader::restore(self, checkpoint)
    }

    #[inline]
    fn backtrack(&mut self, checkpoint: Checkpoint) -> Result<()> {
        MsgpackReader::backtrack(self, checkpoint)
    }

    #[inline(always)]
    fn peek_is_object(&mut self) -> bool {
        self.peek_kind() == Some(Kind::Map)
    }

    #[inline(always)]
    fn peek_is_string(&mut self) -> bool {
        self.peek_kind() == Some(Kind::Str)
    }

    #[inline(always)]
    fn begin_object(&mut self) -> Result<()> {
        MsgpackReader::begin_object(self)
    }

    #[inline(always)]
    fn object_first(&mut self) -> Result<bool> {
        MsgpackReader::object_first(self)
    }

    #[inline(always)]
    fn object_next(&mut self) -> Result<bool> {
        MsgpackReader::object_next(self)
    }

    #[inline(always)]
    fn read_key(&mut self) -> Result<Key<'de>> {
        MsgpackReader::read_key(self)
    }

    #[inline]
    fn empty_object_at(&self) -> usize {
        // No end marker: the byte after the map header.
        self.position()
    }

    #[inline(always)]
    fn read_string_token(&mut self) -> Result<Key<'de>> {
        MsgpackReader::read_string_token(self)
    }

    #[inline]
    fn invalid_type(&mut self, expected: &'static str) -> Error {
        MsgpackReader::invalid_type(self, expected)
    }

    #[inline]
    fn unknown_member(
        &mut self,
        key: Key<'de>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        MsgpackReader::unknown_member(self, key, deny_unknown, expected)
    }

    const SAYS_MAP: bool = true;

    const TYPED_KEYS: bool = true;

    #[inline]
    fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        MsgpackReader::read_tag(self, kinds, expected)
    }

    #[inline]
    fn key_tag(&mut self, key: Key<'de>, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        MsgpackReader::key_tag(self, key, kinds, expected)
    }

    #[inline]
    fn unknown_tag(&mut self, tag: crate::reader::Tag<Key<'de>>, expected: &'static [&'static str]) -> Error {
        MsgpackReader::unknown_tag(self, tag, expected)
    }

    #[inline]
    fn tag_has_content(&mut self, tag: crate::reader::Tag<Key<'de>>) -> Error {
        MsgpackReader::tag_has_content(self, tag)
    }

    #[inline]
    fn members_left(&self) -> Self::Members {
        self.entries_left()
    }

    #[inline(always)]
    fn key_bytes(&mut self, key: Key<'de>) -> Result<&[u8]> {
        MsgpackReader::key_bytes(self, key)
    }

    /// The count of members left.
    type Members = usize;

    #[inline(always)]
    fn begin_members(&mut self) -> Result<usize> {
        self.read_map_len()
    }

    #[inline(always)]
    fn first_member(&mut self, members: &mut usize) -> Result<bool> {
        Ok(*members != 0)
    }

    #[inline(always)]
    fn member_if(&mut self, name: &Encoded) -> Result<bool> {
        Ok(MsgpackReader::read_key_if(self, name.msgpack))
    }

    #[inline(always)]
    fn next_member(&mut self, members: &mut usize) -> Result<bool> {
        *members -= 1;
        Ok(*members != 0)
    }

    /// The `*members` left.
    #[inline]
    fn other_members(
        &mut self,
        members: &mut usize,
        mut claim: impl FnMut(&mut Self, Key<'de>) -> Result<bool>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        for _ in 0..*members {
            let key = MsgpackReader::read_key(self)?;
            if !claim(self, key)? {
                self.unknown_member(key, deny_unknown, expected)?;
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

    /// `Reader::peek_value_kind` from each value's first byte, reading nothing.
    #[test]
    fn value_kinds_from_the_first_byte() {
        use crate::reader::ValueKind;
        let cases: [(&[u8], Option<ValueKind>); 13] = [
            (b"\xc0", Some(ValueKind::Null)),
            (b"\xc3", Some(ValueKind::Bool)),
            (b"\x07", Some(ValueKind::Int)),
            (b"\xff", Some(ValueKind::Int)),
            (b"\xcb", Some(ValueKind::Float)),
            (b"\xa1a", Some(ValueKind::Str)),
            (b"\xc4\x00", Some(ValueKind::Bytes)),
            (b"\x90", Some(ValueKind::Array)),
            (b"\x80", Some(ValueKind::Map)),
            (b"\xd6\xff", Some(ValueKind::Ext)),
            (b"\xc7\x00\x01", Some(ValueKind::Ext)),
            (b"\xc1", Some(ValueKind::Invalid)),
            (b"", None),
        ];
        for (input, kind) in cases {
            let mut r = MsgpackReader::new(input);
            assert_eq!(crate::Reader::peek_value_kind(&mut r), kind, "{input:x?}");
            assert_eq!(r.position(), 0);
        }
    }

    /// `Reader::read_parsed_number`: ints by sign, floats as they are (their width and
    /// NaN kept); anything else is an error at it.
    #[test]
    fn parsed_numbers() {
        use crate::reader::ParsedNumber::{self, Float, Float32, NegInt, PosInt};
        let cases: [(&[u8], ParsedNumber); 6] = [
            (b"\x00", PosInt(0)),
            (b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff", PosInt(u64::MAX)),
            (b"\xff", NegInt(-1)),
            (b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00", NegInt(i64::MIN)),
            (b"\xca\x3f\xc0\x00\x00", Float32(1.5)),
            (b"\xcb\x7f\xf0\x00\x00\x00\x00\x00\x00", Float(f64::INFINITY)),
        ];
        for (input, n) in cases {
            let mut r = MsgpackReader::new(input);
            assert_eq!(crate::Reader::read_parsed_number(&mut r).unwrap(), n, "{input:x?}");
            assert_eq!(r.position(), input.len());
        }
        let nan = crate::Reader::read_parsed_number(&mut MsgpackReader::new(b"\xcb\x7f\xf8\0\0\0\0\0\0")).unwrap();
        assert!(matches!(nan, Float(f) if f.is_nan()));
        let err = crate::Reader::read_parsed_number(&mut MsgpackReader::new(b"\xa1a")).unwrap_err();
        assert_eq!(err.to_string(), "invalid type: expected a number, found string (byte 0)");
    }

    /// A retry that re-reads nothing still costs one unit of the budget (16 per input
    /// byte plus 1 MiB), so a search that keeps failing at its first byte ends too.
    #[test]
    fn retries_that_reread_nothing_spend_the_budget() {
        let mut r = MsgpackReader::new(b"\x07");
        let cp = r.checkpoint();
        for _ in 0..BACKTRACK_FACTOR + BACKTRACK_BASE {
            r.backtrack(cp).unwrap();
        }
        let err = r.backtrack(cp).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
        // Bytes re-read count on top of the retry itself.
        let mut r = MsgpackReader::new(b"\x92\x01\x02");
        let cp = r.checkpoint();
        r.skip_value().unwrap();
        let before = r.backtrack_budget;
        r.backtrack(cp).unwrap();
        assert_eq!(before - r.backtrack_budget, 3 + BACKTRACK_RETRY_COST);
        assert_eq!(r.position(), 0);
    }

    /// The `unsafe` ASCII path of `utf8` and its neighbours, exercised under Miri by
    /// `cargo miri test`: short ASCII (taken unchecked), short non-ASCII, long text
    /// (simdutf8), and invalid bytes on either side of the 64-byte boundary.
    #[test]
    fn strings_take_the_ascii_path_or_are_validated() {
        let long_ascii = "a".repeat(100);
        let long_text = format!("{}\u{e9}", "b".repeat(70));
        for text in ["", "plain ascii", "caf\u{e9} \u{1f600}", long_ascii.as_str(), long_text.as_str()] {
            let mut w = crate::msgpack::MsgpackWriter::new();
            w.write_str(text).unwrap();
            let bytes = w.into_inner();
            assert_eq!(MsgpackReader::new(&bytes).read_str().unwrap(), text);
            let mut r = MsgpackReader::new(&bytes);
            let key = r.read_key().unwrap();
            assert_eq!(r.key_str(key).unwrap(), text);
        }
        for bad in [&b"\xa3ab\xff"[..], &[&[0xd9, 70][..], &[b'x'; 69][..], &[0xc3][..]].concat()] {
            let err = MsgpackReader::new(bad).read_str().unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::InvalidUtf8), "{err}");
        }
    }
}
