//! The JSON reader: a cursor over `&'de [u8]` that generated code and impls drive token by
//! token. There is no tree and no buffering; the only memory it owns is a scratch buffer
//! for strings that hold escapes, reused for the whole document.
//!
//! Objects are read with a two-call protocol that needs no "first" flag in the caller:
//!
//! ```
//! # use codec::json::JsonReader;
//! let mut r = JsonReader::new(br#"{"a": 1, "b": 2}"#);
//! r.begin_object().unwrap();
//! let mut sum = 0;
//! let mut more = r.object_first().unwrap();
//! while more {
//!     let key = r.read_key().unwrap();
//!     assert!(matches!(r.key_bytes(key).unwrap(), b"a" | b"b"));
//!     sum += r.read_u64().unwrap();
//!     more = r.object_next().unwrap();
//! }
//! r.end().unwrap();
//! assert_eq!(sum, 3);
//! ```

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::number::{self, NumberError, ParsedNumber};
use super::simd;
use super::string::{self, ScanError};
use super::{DuplicateKeys, NonFinite, Options};
use crate::error::{Error, ErrorKind, Result};
use crate::writer::Encoded;

/// A string body as it appears in the input, between its quotes.
///
/// `Copy` and tied only to the input, so a caller can hold it while it reads the value that
/// follows (a map key becomes the map's key type after dispatch, for instance).
#[derive(Debug, Clone, Copy)]
pub struct Key<'de> {
    raw: &'de [u8],
    escaped: bool,
    /// Every byte below 0x80, as the scanner saw: valid UTF-8 without another pass.
    ascii: bool,
    offset: usize,
}

impl<'de> Key<'de> {
    /// The raw bytes between the quotes (escapes not yet decoded).
    pub fn raw(&self) -> &'de [u8] {
        self.raw
    }

    /// Whether the body holds a `\` escape.
    pub fn is_escaped(&self) -> bool {
        self.escaped
    }

    /// Offset of the opening quote in the input.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// A decoded string: borrowed from the input when it held no escape, otherwise borrowed
/// from the reader's scratch buffer until the next read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Str<'de, 's> {
    /// Points into the input: can outlive the reader.
    Borrowed(&'de str),
    /// Points into the reader's scratch buffer: copy it before reading on.
    Transient(&'s str),
}

impl<'de, 's> Str<'de, 's> {
    /// The text, whichever way it is held.
    #[inline]
    pub fn as_str(&self) -> &str {
        match *self {
            Str::Borrowed(s) => s,
            Str::Transient(s) => s,
        }
    }

    /// Borrows when it can, owns when it must.
    #[inline]
    pub fn into_cow(self) -> Cow<'de, str> {
        match self {
            Str::Borrowed(s) => Cow::Borrowed(s),
            Str::Transient(s) => Cow::Owned(s.to_owned()),
        }
    }
}

/// A saved reader position, for decoders that look ahead and come back (internally
/// tagged enums whose tag is not first, untagged enums).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    pos: usize,
    depth: usize,
}

/// The cursor that every [`Decode`](crate::Decode) impl reads JSON from.
pub struct JsonReader<'de> {
    input: &'de [u8],
    pos: usize,
    /// Bytes that untagged enums may still re-read after a failed variant (see
    /// [`backtrack`](Self::backtrack)).
    backtrack_budget: usize,
    depth: usize,
    /// Levels of [`nested`](Self::nested) open around the current value, bounded by
    /// `max_depth` apart from `depth`.
    nested_depth: usize,
    max_depth: usize,
    max_string_len: usize,
    max_number_len: usize,
    duplicate_keys: DuplicateKeys,
    scratch: Vec<u8>,
    // ---- shared references (`preserve_refs`, see `refs.rs` and `json/refs.rs`) ----
    /// The values decoded for ids so far, in refs mode only (`None` otherwise).
    pub(crate) refs: Option<Box<crate::refs::DecodeRefs>>,
    // ---- non-finite floats ----
    non_finite: NonFinite,
}

/// Backtracking budget: this many times the input length, plus [`BACKTRACK_BASE`] bytes.
const BACKTRACK_FACTOR: usize = 16;
const BACKTRACK_BASE: usize = 1 << 16;
/// What every retry costs on top of the bytes it re-reads, so that retries which re-read
/// nothing (a variant that fails at the first token) are counted too.
const BACKTRACK_RETRY_COST: usize = 1;

// ---- shared references ----

/// Where a value was expected to open with `bracket` and does not (at `pos`): whether, in
/// refs mode (`refs` is the reader's table), a shared pointer already read the bracket and
/// the value's id at this offset, and the value goes on here, at the `,` before its next
/// member or element, or at its end; its level was entered then. Returns the offset to go
/// on from (past that `,`). One use only: left in place, a decoder that opened the
/// container and then read a value at the same offset would open it again, forever (the
/// `shared_refs` fuzz target found that with `["$$id:0"*`). The bytes after the id were
/// checked when it was read ([`JsonReader::check_after_id`]).
///
/// A function of the table, the input and the offset, not of the reader: a cold call that
/// took the reader and returned into the decoding (as this one does when it succeeds) kept
/// the compiler from holding the position in a register across a loop of arrays (canada's
/// decode: 1.3% more instructions, callgrind), and so did the same code inlined.
#[cold]
#[inline(never)]
fn take_opened(refs: Option<&mut crate::refs::DecodeRefs>, input: &[u8], pos: usize, bracket: u8) -> Option<usize> {
    let table = refs?;
    if table.open != Some((pos, bracket)) {
        return None;
    }
    table.open = None;
    Some(if input.get(pos) == Some(&b',') { pos + 1 } else { pos })
}

// ---- non-finite floats ----

/// Where a float was expected and the next token (at `pos`, after whitespace) is not a
/// number: `null` or one of the three strings `"NaN"`, `"Infinity"`, `"-Infinity"` (exactly,
/// without escapes) when `policy` accepts it, with the offset after it; an error for
/// another string under `Strings`; `None` (the type error) otherwise.
///
/// A function of the input and the offset, not of the reader: a cold call that took the
/// reader and returned a value into the hot path kept the compiler from holding the
/// reader's position in a register across a loop of floats (canada's decode: 1.3% more
/// instructions, callgrind).
#[cold]
#[inline(never)]
fn non_finite_token(policy: NonFinite, input: &[u8], pos: usize) -> Option<Result<(f64, usize)>> {
    let rest = &input[pos..];
    match policy {
        NonFinite::Null if rest.starts_with(b"null") => Some(Ok((f64::NAN, pos + 4))),
        NonFinite::Strings if rest.first() == Some(&b'"') => {
            let text = rest[1..].iter().position(|&b| b == b'"').map(|end| &rest[1..1 + end]);
            match text.and_then(NonFinite::value_of) {
                Some(v) => Some(Ok((v, pos + 2 + text.map_or(0, <[u8]>::len)))),
                None => Some(Err(Error::new(
                    ErrorKind::InvalidValue(Cow::Borrowed(
                        "expected a number or one of the strings \"NaN\", \"Infinity\", \"-Infinity\"",
                    )),
                    pos,
                ))),
            }
        }
        _ => None,
    }
}

#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

impl<'de> JsonReader<'de> {
    /// A reader with the default [`Options`].
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, &Options::default())
    }

    /// A reader with the given limits.
    pub fn with_options(input: &'de [u8], options: &Options) -> Self {
        JsonReader {
            input,
            pos: 0,
            backtrack_budget: input.len().saturating_mul(BACKTRACK_FACTOR).saturating_add(BACKTRACK_BASE),
            depth: 0,
            nested_depth: 0,
            max_depth: options.max_depth,
            max_string_len: options.max_string_len,
            max_number_len: options.max_number_len,
            duplicate_keys: options.duplicate_keys,
            scratch: Vec::new(),
            refs: if options.preserve_refs { Some(Box::default()) } else { None },
            // ---- non-finite floats ----
            non_finite: options.non_finite,
        }
    }

    /// What to do with a key that appears twice in one object.
    #[inline]
    pub fn duplicate_keys(&self) -> DuplicateKeys {
        self.duplicate_keys
    }

    // ---- non-finite floats ----

    /// What a float accepts besides numbers (see [`NonFinite`]).
    ///
    /// ```
    /// # use codec::json::JsonReader;
    /// assert_eq!(JsonReader::new(b"").non_finite(), codec::NonFinite::Error);
    /// ```
    #[inline]
    pub fn non_finite(&self) -> NonFinite {
        self.non_finite
    }

    /// The whole input.
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Current byte offset.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The offset of the next value, past whitespace: for errors found after reading it
    /// (a zero where a nonzero integer was expected is reported at the number).
    #[inline]
    pub(crate) fn value_start(&mut self) -> usize {
        let _ = self.peek();
        self.pos
    }

    /// Saves the position and nesting depth.
    #[inline]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint { pos: self.pos, depth: self.depth }
    }

    /// Returns to `cp` to try another reading of the same value (an untagged enum's next
    /// variant), charging the bytes read since then, plus one for the retry itself, to the
    /// document's backtracking budget.
    ///
    /// Nested untagged enums can otherwise re-read the same bytes exponentially often (two
    /// variants per level of nesting double the work per level); the budget, 16 times the
    /// input length plus 64 KiB, bounds the total work to linear in the input.
    ///
    /// ```
    /// let mut r = codec::json::JsonReader::new(b"7");
    /// let cp = r.checkpoint();
    /// assert!(r.read_str().is_err());
    /// r.backtrack(cp)?;
    /// assert_eq!(r.read_u64()?, 7);
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

    /// Moves to `pos` at nesting `depth` (a streamed array's elements are read at depth 1,
    /// as inside the array).
    #[inline]
    pub(crate) fn seek(&mut self, pos: usize, depth: usize) {
        self.pos = pos;
        self.depth = depth;
    }

    /// Returns to a saved position.
    #[inline]
    pub fn restore(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth = cp.depth;
    }

    // ---- errors (all cold) ----

    /// An error of `kind` at the current offset.
    #[cold]
    #[inline(never)]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    #[cold]
    #[inline(never)]
    fn syntax(&self, at: usize, msg: &'static str) -> Error {
        if at >= self.input.len() {
            Error::new(ErrorKind::Eof, at)
        } else {
            Error::new(ErrorKind::Syntax(Cow::Borrowed(msg)), at)
        }
    }

    /// What the next value is, in words, for "found ..." messages.
    fn describe_next(&mut self) -> &'static str {
        self.skip_ws();
        match self.input.get(self.pos) {
            Some(b'"') => "string",
            Some(b'{') => "object",
            Some(b'[') => "array",
            Some(b't' | b'f') => "boolean",
            Some(b'n') => "null",
            Some(b'-' | b'0'..=b'9') => match number::skip_number(self.input, self.pos) {
                Ok(end) if self.input[self.pos..end].iter().any(|b| matches!(b, b'.' | b'e' | b'E')) => "float",
                Ok(_) if self.input[self.pos] == b'-' => "negative integer",
                Ok(_) => "integer",
                Err(_) => "malformed number",
            },
            Some(_) => "invalid token",
            None => "end of input",
        }
    }

    /// "invalid type: expected {expected}, found {what the input holds}", positioned at
    /// the offending value. Reports a syntax error instead when the next token is not a
    /// JSON value at all.
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &'static str) -> Error {
        let found = self.describe_next();
        match found {
            "end of input" => Error::new(ErrorKind::Eof, self.pos),
            "invalid token" => self.syntax(self.pos, "expected a JSON value"),
            "malformed number" => match number::skip_number(self.input, self.pos) {
                Err(NumberError::Syntax(at, msg)) => self.syntax(at, msg),
                _ => self.syntax(self.pos, "malformed number"),
            },
            _ => Error::new(
                ErrorKind::InvalidType { expected: Cow::Borrowed(expected), found: Cow::Borrowed(found) },
                self.pos,
            ),
        }
    }

    #[cold]
    #[inline(never)]
    fn number_error(&mut self, e: NumberError, expected: &'static str, start: usize) -> Error {
        self.pos = start;
        match e {
            NumberError::Syntax(at, msg) => self.syntax(at, msg),
            NumberError::NotInteger => self.invalid_type(expected),
            NumberError::TooLong => self.size_error(start, "number literal", self.max_number_len),
            NumberError::OutOfRange => {
                let end = number::skip_number(self.input, start).unwrap_or(start);
                if end - start > self.max_number_len {
                    return self.size_error(start, "number literal", self.max_number_len);
                }
                let literal = String::from_utf8_lossy(&self.input[start..end.min(start + 64)]);
                Error::new(ErrorKind::OutOfRange(Cow::Owned(format!("{literal} does not fit in {expected}"))), start)
            }
        }
    }

    // ---- whitespace and single tokens ----

    /// Compact input has no whitespace between tokens, so the common case is one compare;
    /// pretty-printed input goes to [`skip_ws_run`](Self::skip_ws_run).
    #[inline(always)]
    fn skip_ws(&mut self) {
        if let Some(&b) = self.input.get(self.pos) {
            if b <= b' ' {
                // A lone space before a token (`" : "`, `", "`) stays inline.
                if b == b' ' && self.input.get(self.pos + 1).is_some_and(|&n| n > b' ') {
                    self.pos += 1;
                    return;
                }
                self.pos = simd::skip_ws(self.input, self.pos);
            }
        }
    }

    /// The next non-whitespace byte, not consumed; `None` at the end of input.
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.input.get(self.pos).copied()
    }

    #[inline(always)]
    fn eat_literal(&mut self, lit: &'static [u8], expected: &'static str) -> Result<()> {
        if self.input.get(self.pos..self.pos + lit.len()) == Some(lit) {
            self.pos += lit.len();
            Ok(())
        } else if lit.starts_with(&self.input[self.pos.min(self.input.len())..])
            && self.pos + lit.len() > self.input.len()
        {
            Err(Error::new(ErrorKind::Eof, self.input.len()))
        } else if self.input.get(self.pos) == lit.first() {
            Err(self.syntax(self.pos, "invalid literal"))
        } else {
            Err(self.invalid_type(expected))
        }
    }

    /// Reads `true` or `false`.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b't') => self.eat_literal(b"true", "a boolean").map(|_| true),
            Some(b'f') => self.eat_literal(b"false", "a boolean").map(|_| false),
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    /// Reads `null`.
    #[inline]
    pub fn read_null(&mut self) -> Result<()> {
        self.skip_ws();
        self.eat_literal(b"null", "null")
    }

    /// Consumes `null` if it is next and says whether it was.
    #[inline]
    pub fn try_read_null(&mut self) -> Result<bool> {
        if self.peek() == Some(b'n') {
            self.eat_literal(b"null", "null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    // ---- containers ----

    #[inline(always)]
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(self.depth_error());
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn size_error(&self, at: usize, what: &'static str, limit: usize) -> Error {
        Error::new(ErrorKind::SizeLimit(Cow::Owned(format!("{what} longer than the limit of {limit} bytes"))), at)
    }

    /// Rejects a number literal longer than the limit. Parsing is linear, so checking
    /// after the parse bounds the work to one pass; what the limit stops is a huge literal
    /// reaching the slow, exact float path or a value the caller stores.
    #[inline(always)]
    fn check_number_len(&self, start: usize, end: usize) -> Result<()> {
        if end - start > self.max_number_len {
            return Err(self.size_error(start, "number literal", self.max_number_len));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> Error {
        Error::new(ErrorKind::DepthLimit(self.max_depth), self.pos)
    }

    /// Runs `decode` one nesting level down, a level of its own kind: these levels are
    /// counted apart from the nesting of arrays and objects, and [`Options::max_depth`]
    /// bounds each count.
    ///
    /// For decoders that can recurse without opening an array or object: the derive runs
    /// newtype structs, transparent structs and untagged enums through this. A type such as
    /// `struct N(Option<Box<N>>)` would otherwise recurse on the input `"1"` until the
    /// stack overflows; through this, it stops with [`ErrorKind::RecursionLimit`] at the
    /// value's offset (the type's fault, not the input's: where the document itself is
    /// nested too deep, that is what the decode reports, as [`ErrorKind::DepthLimit`]). Call it in a hand-written decoder of a type that reads another value
    /// in its place and can thereby reach itself. Counting these levels apart keeps the
    /// nesting a document may have the same whether or not its values pass through such
    /// types (an untagged enum holding `Vec`s of itself still reads `max_depth` nested
    /// arrays), while the stack stays bounded by twice the limit's levels.
    ///
    /// ```
    /// use codec::json::{JsonReader, Options};
    /// use codec::ErrorKind;
    ///
    /// let opts = Options::new().max_depth(2);
    /// let mut r = JsonReader::with_options(b"7", &opts);
    /// assert_eq!(r.nested(|r| r.nested(|r| r.read_u64()))?, 7);
    ///
    /// let mut r = JsonReader::with_options(b"7", &opts);
    /// let err = r.nested(|r| r.nested(|r| r.nested(|r| r.read_u64()))).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (&ErrorKind::RecursionLimit(2), Some(0)));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.nested_depth >= self.max_depth {
            return Err(self.nested_depth_error());
        }
        self.nested_depth += 1;
        let result = decode(self);
        self.nested_depth -= 1;
        result
    }

    /// The depth error of [`nested`](Self::nested), at the value (past any whitespace).
    #[cold]
    #[inline(never)]
    fn nested_depth_error(&mut self) -> Error {
        self.skip_ws();
        Error::new(ErrorKind::RecursionLimit(self.max_depth), self.pos)
    }

    /// Consumes `{`.
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        if self.peek() != Some(b'{') {
            return match take_opened(self.refs.as_deref_mut(), self.input, self.pos, b'{') {
                Some(pos) => {
                    self.pos = pos;
                    Ok(())
                }
                None => Err(self.invalid_type("an object")),
            };
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// After a shared value's id (`{"$id":1` or `["$$id:0"`), before its decoder runs: the
    /// value goes on with `,` or ends with its bracket, or the input is malformed here.
    /// Checked first, since a decoder that dispatches on the next byte (`Value`) would
    /// otherwise read what follows the id as a value of its own (a string, a number).
    #[cold]
    pub(crate) fn check_after_id(&mut self, bracket: u8) -> Result<()> {
        let close = if bracket == b'{' { b'}' } else { b']' };
        match self.peek() {
            Some(b',') => {
                // A value must follow the comma: `{"$id":1,}` is not an empty object.
                let after = simd::skip_ws(self.input, self.pos + 1);
                match self.input.get(after) {
                    Some(&b) if b == close => Err(self.syntax(after, "expected a value after `,`")),
                    _ => Ok(()),
                }
            }
            Some(b) if b == close => Ok(()),
            _ if bracket == b'{' => Err(self.syntax(self.pos, "expected `,` or `}` after the id")),
            _ => Err(self.syntax(self.pos, "expected `,` or `]` after the id")),
        }
    }

    /// The bracket of the object or array a shared pointer opened at the current
    /// offset (see [`begin_opened`](Self::begin_opened)), for decoders that dispatch on
    /// the next byte before opening it.
    #[cold]
    #[inline(never)]
    pub(crate) fn opened_here(&mut self) -> Option<u8> {
        self.skip_ws();
        match self.refs.as_ref().and_then(|t| t.open) {
            Some((pos, bracket)) if pos == self.pos => Some(bracket),
            _ => None,
        }
    }

    /// After `{`: `true` when a key follows, `false` (having consumed `}`) when empty.
    #[inline]
    pub fn object_first(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b'"') => Ok(true),
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(self.syntax(self.pos, "expected a string key or `}`")),
        }
    }

    /// After a member's value: consumes `,` and returns `true`, or `}` and returns `false`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn object_next(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                if self.peek() != Some(b'"') {
                    return Err(self.syntax(self.pos, "expected a string key after `,`"));
                }
                Ok(true)
            }
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(self.syntax(self.pos, "expected `,` or `}` after an object member")),
        }
    }

    /// Reads a member's key and the `:` after it.
    // `inline(always)` in optimized builds only, here and on the helpers generated code
    // calls per field: debug builds honour it too, and copied the key scanner into every
    // field of every derived struct (`benches/compile/`: a non-incremental debug build of
    // 120 model types took 8.5 s of CPU with it, 7.2-7.6 s without).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn read_key(&mut self) -> Result<Key<'de>> {
        let key = self.read_string_token()?;
        self.colon()?;
        Ok(key)
    }

    /// Consumes the `:` after a key: at once when it follows the key directly.
    #[inline(always)]
    fn colon(&mut self) -> Result<()> {
        if self.input.get(self.pos) == Some(&b':') {
            self.pos += 1;
            return Ok(());
        }
        if self.peek() != Some(b':') {
            return Err(self.syntax(self.pos, "expected `:` after an object key"));
        }
        self.pos += 1;
        Ok(())
    }

    /// The bytes of a key for matching: the raw slice when it holds no escape, else its
    /// decoded form in the scratch buffer (so `"\u0069d"` matches `id`).
    #[inline]
    pub fn key_bytes(&mut self, key: Key<'de>) -> Result<&[u8]> {
        if !key.escaped {
            return Ok(key.raw);
        }
        self.unescape_to_scratch(key)?;
        Ok(&self.scratch)
    }

    /// Reads the next key and its `:` when the key is written exactly as `quoted` (a
    /// JSON string token: quotes included, escaped where JSON requires) and returns
    /// `true`; otherwise consumes nothing and returns `false`. Generated decoders try
    /// this for the member they expect next, before reading a key for the general
    /// dispatch (which also handles other spellings of the same name, such as escapes).
    /// Call it where a key starts (after
    /// [`object_first`](Self::object_first) or [`object_next`](Self::object_next)
    /// returned `true`). It declines a `quoted` longer than the string limit, which
    /// leaves names near the limit to the general path and its check.
    ///
    /// ```
    /// let mut r = codec::json::JsonReader::new(br#"{"id" : 1}"#);
    /// r.begin_object()?;
    /// r.object_first()?;
    /// assert!(!r.read_key_if(br#""i""#)?);
    /// assert!(r.read_key_if(br#""id""#)?);
    /// assert_eq!(r.read_u64()?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn read_key_if(&mut self, quoted: &[u8]) -> Result<bool> {
        let end = self.pos + quoted.len();
        if quoted.len() > self.max_string_len || self.input.get(self.pos..end) != Some(quoted) {
            return Ok(false);
        }
        self.pos = end;
        self.colon()?;
        Ok(true)
    }

    /// A key as text, for error messages and map keys (validated UTF-8).
    #[inline]
    pub fn key_str(&mut self, key: Key<'de>) -> Result<Str<'de, '_>> {
        self.decode_string(key)
    }

    /// A member key that no field claimed: under `deny_unknown` an error listing the names
    /// `expected` appends (called only then); otherwise checked as text (unknown keys are
    /// matched against nothing, but must still be valid) and its value skipped.
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
        self.key_str(key)?;
        self.skip_value()
    }

    #[cold]
    #[inline(never)]
    fn unknown_member_error(&mut self, key: Key<'de>, expected: Vec<&'static str>) -> Error {
        match self.key_str(key) {
            Ok(s) => Error::new(ErrorKind::UnknownField { name: s.as_str().to_owned(), expected }, key.offset()),
            Err(e) => e,
        }
    }

    /// Consumes `[`.
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        if self.peek() != Some(b'[') {
            return match take_opened(self.refs.as_deref_mut(), self.input, self.pos, b'[') {
                Some(pos) => {
                    self.pos = pos;
                    Ok(())
                }
                None => Err(self.invalid_type("an array")),
            };
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// After `[`: `true` when an element follows, `false` (having consumed `]`) when empty.
    #[inline]
    pub fn array_first(&mut self) -> Result<bool> {
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.depth -= 1;
            Ok(false)
        } else {
            Ok(true)
        }
    }

    /// After an element: consumes `,` and returns `true`, or `]` and returns `false`.
    #[inline]
    pub fn array_next(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(true)
            }
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(self.syntax(self.pos, "expected `,` or `]` after an array element")),
        }
    }

    /// After the last expected element of a fixed-size array: requires `]`.
    #[inline]
    pub fn array_end(&mut self, expected_len: usize) -> Result<()> {
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                Ok(())
            }
            Some(b',') => Err(self.error(ErrorKind::InvalidValue(Cow::Owned(format!(
                "expected an array of {expected_len} elements, found more"
            ))))),
            _ => Err(self.syntax(self.pos, "expected `,` or `]` after an array element")),
        }
    }

    /// Moves to element `index` of a fixed-length array of `len`: index 0 expects the first
    /// element after `[`, later ones a `,` first; an array that ends before is an error.
    #[inline]
    pub(crate) fn tuple_next(&mut self, index: usize, len: usize) -> Result<()> {
        let present = if index == 0 { self.array_first()? } else { self.array_next()? };
        if !present {
            return Err(self.short_array(index, len));
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn short_array(&self, found: usize, len: usize) -> Error {
        Error::new(
            ErrorKind::InvalidValue(Cow::Owned(format!("expected an array of {len} elements, found {found}"))),
            self.pos.saturating_sub(1),
        )
    }

    /// Reads `[]`, the form of a zero-length tuple-like value.
    #[inline]
    pub(crate) fn empty_array(&mut self) -> Result<()> {
        self.begin_array()?;
        if self.array_first()? {
            return Err(self.error(ErrorKind::InvalidValue(Cow::Borrowed("expected an empty array"))));
        }
        Ok(())
    }

    // ---- strings ----

    /// Reads a string token without decoding it.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn read_string_token(&mut self) -> Result<Key<'de>> {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if let Some(key) = self.short_string_token() {
            return Ok(key);
        }
        self.read_string_token_general()
    }

    /// The common case inline: the quote is at the current position and the string ends
    /// within the next 16 bytes, with no escape. Keys and short values are nearly all like
    /// that; one 16-byte step settles them without the general scan's call and loop
    /// (measured: 6% fewer instructions decoding twitter.json). `None` leaves the
    /// position alone for [`read_string_token_general`](Self::read_string_token_general).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn short_string_token(&mut self) -> Option<Key<'de>> {
        let input: &'de [u8] = self.input;
        // Pretty-printed documents put one space before a value (`"key": "value"`).
        let quote = if input.get(self.pos) == Some(&b' ') { self.pos + 1 } else { self.pos };
        if input.get(quote) != Some(&b'"') {
            return None;
        }
        let start = quote + 1;
        let (special, high) = simd::sse2::special_and_high_16(input, start)?;
        if special == 0 {
            return None;
        }
        let len = special.trailing_zeros() as usize;
        if input.get(start + len) != Some(&b'"') || len > self.max_string_len {
            return None;
        }
        self.pos = start + len + 1;
        let ascii = high & ((1u32 << len) - 1) == 0;
        Some(Key { raw: input.get(start..start + len)?, escaped: false, ascii, offset: quote })
    }

    #[inline(never)]
    fn read_string_token_general(&mut self) -> Result<Key<'de>> {
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type("a string"));
        }
        let start = self.pos + 1;
        match string::scan_string(self.input, start) {
            Ok(string::Scanned { end, escaped, ascii }) => {
                if end - start > self.max_string_len {
                    return Err(self.size_error(start - 1, "string", self.max_string_len));
                }
                self.pos = end + 1;
                Ok(Key { raw: &self.input[start..end], escaped, ascii, offset: start - 1 })
            }
            Err(ScanError::Eof) => Err(Error::new(ErrorKind::Eof, self.input.len())),
            Err(ScanError::Control(at)) => Err(self.control_error(at)),
        }
    }

    /// A raw control byte inside a string. A line break there almost always means the
    /// string was cut (a JSON Lines line that ends inside a string, a missing closing
    /// quote), so it is reported as that, at the line break.
    #[cold]
    #[inline(never)]
    fn control_error(&self, at: usize) -> Error {
        match self.input.get(at) {
            Some(b'\n' | b'\r') => self.syntax(at, "unterminated string: the line ends before its closing quote"),
            _ => self.syntax(at, "control character in string (must be escaped)"),
        }
    }

    #[cold]
    #[inline(never)]
    fn utf8_error(&self, key: Key<'de>) -> Error {
        let bad = core::str::from_utf8(key.raw).err().map_or(0, |e| e.valid_up_to());
        Error::new(ErrorKind::InvalidUtf8, key.offset + 1 + bad)
    }

    fn unescape_to_scratch(&mut self, key: Key<'de>) -> Result<()> {
        self.scratch.clear();
        string::unescape(key.raw, &mut self.scratch)
            .map_err(|e| Error::new(ErrorKind::InvalidEscape(Cow::Borrowed(e.reason)), key.offset + 1 + e.offset))
    }

    /// Decodes a string token: borrowed when clean, unescaped into scratch otherwise.
    #[inline]
    pub fn decode_string(&mut self, key: Key<'de>) -> Result<Str<'de, '_>> {
        if !key.escaped {
            return self.borrowed_text(key).map(Str::Borrowed);
        }
        self.unescape_to_scratch(key)?;
        match simdutf8::basic::from_utf8(&self.scratch) {
            Ok(s) => Ok(Str::Transient(s)),
            Err(_) => Err(self.utf8_error(key)),
        }
    }

    /// The text of an unescaped string body, validated once.
    #[inline(always)]
    fn borrowed_text(&self, key: Key<'de>) -> Result<&'de str> {
        if key.ascii {
            // SAFETY: `scan_string` saw every byte of `raw` and set `ascii` only if none
            // had its high bit set; a sequence of bytes below 0x80 is valid UTF-8. The
            // `Key` fields are private to this module and only that scan sets them.
            // Skipping `from_utf8` here measured 7% fewer instructions on twitter.json.
            return Ok(unsafe { core::str::from_utf8_unchecked(key.raw) });
        }
        // simdutf8 validates with SIMD (runtime-detected AVX2 or SSE4.2, scalar elsewhere):
        // on twitter.json's Japanese text it cut the validation cost several times over.
        match simdutf8::basic::from_utf8(key.raw) {
            Ok(s) => Ok(s),
            Err(_) => Err(self.utf8_error(key)),
        }
    }

    /// Reads and decodes a string.
    #[inline]
    pub fn read_str(&mut self) -> Result<Str<'de, '_>> {
        let key = self.read_string_token()?;
        self.decode_string(key)
    }

    /// Reads a string into a value that owns or borrows it: borrowed when the input holds
    /// no escape, otherwise unescaped straight into the `String` the value keeps, so the
    /// scratch buffer is not involved and nothing is allocated that the value does not own.
    #[inline]
    pub fn read_cow(&mut self) -> Result<Cow<'de, str>> {
        let key = self.read_string_token()?;
        if !key.escaped {
            return self.borrowed_text(key).map(Cow::Borrowed);
        }
        self.unescape_owned(key).map(Cow::Owned)
    }

    /// Reads a string as an owned `String` (one allocation, exactly the value's).
    #[inline]
    pub fn read_string(&mut self) -> Result<String> {
        let key = self.read_string_token()?;
        if !key.escaped {
            return self.borrowed_text(key).map(str::to_owned);
        }
        self.unescape_owned(key)
    }

    #[inline(never)]
    fn unescape_owned(&self, key: Key<'de>) -> Result<String> {
        // Unescaping only shortens: the raw length is enough capacity.
        let mut buf = Vec::with_capacity(key.raw.len());
        string::unescape(key.raw, &mut buf)
            .map_err(|e| Error::new(ErrorKind::InvalidEscape(Cow::Borrowed(e.reason)), key.offset + 1 + e.offset))?;
        if simdutf8::basic::from_utf8(&buf).is_err() {
            return Err(self.utf8_error(key));
        }
        // SAFETY: `buf` was validated as UTF-8 just above and is not modified after.
        // (`String::from_utf8` would validate a second time with the slower std routine:
        // measured 3% more instructions on twitter.json, whose escaped strings are long.)
        Ok(unsafe { String::from_utf8_unchecked(buf) })
    }

    /// Reads a string that must borrow from the input (for `&'de str`).
    #[inline]
    pub fn read_borrowed_str(&mut self) -> Result<&'de str> {
        let key = self.read_string_token()?;
        if key.escaped {
            return Err(self.borrow_error(key));
        }
        self.borrowed_text(key)
    }

    #[cold]
    #[inline(never)]
    fn borrow_error(&self, key: Key<'de>) -> Error {
        Error::new(
            ErrorKind::InvalidValue(Cow::Borrowed(
                "string contains escapes and cannot be borrowed as &str; use Cow<'de, str> or String",
            )),
            key.offset,
        )
    }

    // ---- numbers ----

    #[inline]
    fn number_start(&mut self, expected: &'static str) -> Result<usize> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => Ok(self.pos),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads an unsigned integer that fits `u64`; `expected` names the target type for
    /// messages (`u8`, `u64`, ...), and `max` its upper bound.
    #[inline]
    pub fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        let start = self.number_start(expected)?;
        match number::parse_u64_signed(self.input, start) {
            Ok((false, v, end)) if v <= max => {
                self.pos = end;
                Ok(v)
            }
            Ok((true, 0, end)) => {
                self.pos = end;
                Ok(0)
            }
            Ok(_) => Err(self.number_error(NumberError::OutOfRange, expected, start)),
            Err(e) => Err(self.number_error(e, expected, start)),
        }
    }

    /// Reads a `u64`.
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_u64_max("u64", u64::MAX)
    }

    /// Reads a signed integer within `min..=max` (`expected` names the type).
    #[inline]
    pub fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        let start = self.number_start(expected)?;
        let parsed = number::parse_u64_signed(self.input, start);
        let value = match parsed {
            Ok((false, v, end)) if v <= max as u64 => Some((v as i64, end)),
            Ok((true, v, end)) if v <= min.unsigned_abs() => Some((0i64.wrapping_sub_unsigned(v), end)),
            _ => None,
        };
        match (value, parsed) {
            (Some((v, end)), _) => {
                self.pos = end;
                Ok(v)
            }
            (None, Err(e)) => Err(self.number_error(e, expected, start)),
            (None, Ok(_)) => Err(self.number_error(NumberError::OutOfRange, expected, start)),
        }
    }

    /// Reads an `i64`.
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        self.read_i64_range("i64", i64::MIN, i64::MAX)
    }

    /// Reads a `u128`.
    pub fn read_u128(&mut self) -> Result<u128> {
        let start = self.number_start("u128")?;
        match number::parse_u128_signed(self.input, start) {
            Ok((neg, v, end)) if !neg || v == 0 => {
                self.pos = end;
                Ok(v)
            }
            Ok(_) => Err(self.number_error(NumberError::OutOfRange, "u128", start)),
            Err(e) => Err(self.number_error(e, "u128", start)),
        }
    }

    /// Reads an `i128`.
    pub fn read_i128(&mut self) -> Result<i128> {
        let start = self.number_start("i128")?;
        match number::parse_u128_signed(self.input, start) {
            Ok((false, v, end)) if v <= i128::MAX as u128 => {
                self.pos = end;
                Ok(v as i128)
            }
            Ok((true, v, end)) if v <= i128::MIN.unsigned_abs() => {
                self.pos = end;
                Ok(0i128.wrapping_sub_unsigned(v))
            }
            Ok(_) => Err(self.number_error(NumberError::OutOfRange, "i128", start)),
            Err(e) => Err(self.number_error(e, "i128", start)),
        }
    }

    /// Reads any JSON number as the nearest `f64`, and under a [`NonFinite`] policy other
    /// than `Error` also `null` or the strings that policy writes.
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64> {
        let start = match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.pos,
            _ => match non_finite_token(self.non_finite, self.input, self.pos) {
                Some(Ok((v, end))) => {
                    self.pos = end;
                    return Ok(v);
                }
                Some(Err(e)) => return Err(e),
                None => return Err(self.invalid_type("f64")),
            },
        };
        match number::parse_f64(self.input, start, self.max_number_len) {
            Ok((v, end)) => {
                self.pos = end;
                Ok(v)
            }
            Err(e) => Err(self.number_error(e, "f64", start)),
        }
    }

    /// Reads any JSON number as the nearest `f32` (and what [`NonFinite`] adds, as
    /// [`read_f64`](Self::read_f64)).
    #[inline]
    pub fn read_f32(&mut self) -> Result<f32> {
        let start = match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.pos,
            _ => match non_finite_token(self.non_finite, self.input, self.pos) {
                Some(Ok((v, end))) => {
                    self.pos = end;
                    return Ok(v as f32);
                }
                Some(Err(e)) => return Err(e),
                None => return Err(self.invalid_type("f32")),
            },
        };
        match number::parse_f32(self.input, start, self.max_number_len) {
            Ok((v, end)) => {
                self.pos = end;
                Ok(v)
            }
            Err(e) => Err(self.number_error(e, "f32", start)),
        }
    }

    /// Reads any JSON number, classified in the same pass that parses it (what
    /// [`read_number`](Self::read_number), beside [`Number`](super::Number), wraps).
    #[inline]
    pub(crate) fn read_parsed_number(&mut self) -> Result<ParsedNumber> {
        let start = self.number_start("a number")?;
        match number::parse_number(self.input, start, self.max_number_len) {
            Ok((n, end)) => {
                self.pos = end;
                Ok(n)
            }
            Err(e) => Err(self.number_error(e, "f64", start)),
        }
    }

    /// Skips one complete value, checked as by [`skip_value`](Self::skip_value), and returns
    /// its text exactly as written, without the whitespace around it.
    ///
    /// ```
    /// # use codec::json::JsonReader;
    /// let mut r = JsonReader::new(br#"  {"a": [1, 2]}  "#);
    /// assert_eq!(r.read_raw_value()?, r#"{"a": [1, 2]}"#);
    /// r.end()?;
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn read_raw_value(&mut self) -> Result<&'de str> {
        self.skip_ws();
        let start = self.pos;
        self.skip_value()?;
        // Everything `skip_value` accepts is UTF-8: its strings were validated, the rest is
        // ASCII. Checking again costs one pass and needs no `unsafe`.
        core::str::from_utf8(&self.input[start..self.pos])
            .map_err(|e| Error::new(ErrorKind::InvalidUtf8, start + e.valid_up_to()))
    }

    /// Parses an integer written inside a string (a map key such as `"42"`): the whole
    /// text must be the integer.
    pub fn parse_key_u64(&self, key: Key<'de>, expected: &'static str, max: u64) -> Result<u64> {
        match number::parse_u64_signed(key.raw, 0) {
            Ok((false, v, end)) if end == key.raw.len() && v <= max => Ok(v),
            // `-0` is zero, as for values and for signed and 128-bit keys.
            Ok((true, 0, end)) if end == key.raw.len() => Ok(0),
            _ => Err(self.key_number_error(key, expected)),
        }
    }

    /// As [`parse_key_u64`](Self::parse_key_u64) for signed keys.
    pub fn parse_key_i64(&self, key: Key<'de>, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        match number::parse_u64_signed(key.raw, 0) {
            Ok((false, v, end)) if end == key.raw.len() && v <= max as u64 => Ok(v as i64),
            Ok((true, v, end)) if end == key.raw.len() && v <= min.unsigned_abs() => Ok(0i64.wrapping_sub_unsigned(v)),
            _ => Err(self.key_number_error(key, expected)),
        }
    }

    /// As [`parse_key_u64`](Self::parse_key_u64) for 128-bit keys; `signed` picks the range.
    pub fn parse_key_128(&self, key: Key<'de>, expected: &'static str, signed: bool) -> Result<(bool, u128)> {
        match number::parse_u128_signed(key.raw, 0) {
            Ok((neg, v, end)) if end == key.raw.len() => {
                let ok = match (signed, neg) {
                    (false, false) => true,
                    (false, true) => v == 0,
                    (true, false) => v <= i128::MAX as u128,
                    (true, true) => v <= i128::MIN.unsigned_abs(),
                };
                if ok {
                    return Ok((neg, v));
                }
                Err(self.key_number_error(key, expected))
            }
            _ => Err(self.key_number_error(key, expected)),
        }
    }

    #[cold]
    #[inline(never)]
    fn key_number_error(&self, key: Key<'de>, expected: &'static str) -> Error {
        let text = String::from_utf8_lossy(&key.raw[..key.raw.len().min(64)]);
        // A well-formed integer that does not fit is the same failure as for a value.
        let is_integer = number::skip_number(key.raw, 0) == Ok(key.raw.len())
            && !key.raw.iter().any(|b| matches!(b, b'.' | b'e' | b'E'));
        let kind = if is_integer {
            ErrorKind::OutOfRange(Cow::Owned(format!("map key \"{text}\" does not fit in {expected}")))
        } else {
            ErrorKind::InvalidValue(Cow::Owned(format!("map key \"{text}\" is not a valid {expected}")))
        };
        Error::new(kind, key.offset)
    }

    /// The unescaped text of a key, for messages and paths (lossy if the key itself is
    /// malformed).
    #[cold]
    #[inline(never)]
    pub(crate) fn key_text(&mut self, key: Key<'de>) -> String {
        match self.key_str(key) {
            Ok(s) => s.as_str().to_owned(),
            Err(_) => String::from_utf8_lossy(key.raw()).into_owned(),
        }
    }

    /// The text of the value read from `start` to here (at most 64 bytes of it, without
    /// the separator that follows), for the message of a duplicate `[key, value]` pair key.
    #[cold]
    #[inline(never)]
    fn text_since(&self, start: usize) -> String {
        let text = &self.input[start..self.pos];
        String::from_utf8_lossy(&text[..text.len().min(64)]).trim_end_matches(',').trim_end().to_owned()
    }

    // ---- skipping ----

    /// Skips one complete value, checking its syntax (and its strings' escapes and UTF-8),
    /// with the same depth limit as decoding.
    pub fn skip_value(&mut self) -> Result<()> {
        match self.peek() {
            Some(b'"') => {
                let key = self.read_string_token()?;
                self.validate_string(key)
            }
            Some(b'{') => {
                self.begin_object()?;
                let mut more = self.object_first()?;
                while more {
                    let key = self.read_key()?;
                    self.validate_string(key)?;
                    self.skip_value()?;
                    more = self.object_next()?;
                }
                Ok(())
            }
            Some(b'[') => {
                self.begin_array()?;
                let mut more = self.array_first()?;
                while more {
                    self.skip_value()?;
                    more = self.array_next()?;
                }
                Ok(())
            }
            Some(b't') => self.eat_literal(b"true", "a JSON value"),
            Some(b'f') => self.eat_literal(b"false", "a JSON value"),
            Some(b'n') => self.eat_literal(b"null", "a JSON value"),
            Some(b'-' | b'0'..=b'9') => match number::skip_number(self.input, self.pos) {
                Ok(end) => {
                    self.check_number_len(self.pos, end)?;
                    self.pos = end;
                    Ok(())
                }
                Err(e) => {
                    let start = self.pos;
                    Err(self.number_error(e, "a number", start))
                }
            },
            Some(_) => Err(self.syntax(self.pos, "expected a JSON value")),
            None => Err(Error::new(ErrorKind::Eof, self.pos)),
        }
    }

    fn validate_string(&mut self, key: Key<'de>) -> Result<()> {
        self.decode_string(key).map(|_| ())
    }

    /// After the top-level value: only whitespace may remain.
    pub fn end(&mut self) -> Result<()> {
        if self.peek().is_some() {
            return Err(self.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }
}

/// Skips a run of whitespace 16 bytes at a time (then eight, then one near the end of
/// the input) and returns where it ends: a newline and its indentation usually fit one
/// chunk. A free function of the position rather than a method: the position goes in
/// and out in registers, where a `&mut self` call would store it for the callee to load
/// and load it back after, two store-to-load round trips on the parse's critical path
/// (measured in the native build, user time: twitter -4%, citm -16%, gmaps -12%).
///
/// The portable skip: the reader calls it through [`simd::skip_ws`], which picks the
/// AVX2 loop instead where the CPU has it.
#[inline(never)]
pub(super) fn skip_ws_run(input: &[u8], mut pos: usize) -> usize {
    // No test of the first byte on its own: the chunk's mask says where whitespace
    // ends, at offset 0 when the byte at `pos` is none (bytes below 0x20 other than
    // the four whitespace bytes are not skipped: they are errors for whoever reads
    // the next token).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    while let Some(other) = simd::sse2::non_whitespace_16(input, pos) {
        if other != 0 {
            return pos + other.trailing_zeros() as usize;
        }
        pos += 16;
    }
    while let Some(word) = string::load8(input, pos) {
        // Indentation is runs of spaces: one compare per eight of them.
        if word == u64::from_ne_bytes([b' '; 8]) {
            pos += 8;
            continue;
        }
        let other = string::non_whitespace_bytes(word);
        if other != 0 {
            return pos + (other.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while let Some(&b) = input.get(pos) {
        if !is_ws(b) {
            break;
        }
        pos += 1;
    }
    pos
}

/// A key with escapes asked for as `&str`: its text exists nowhere in the input.
#[cold]
#[inline(never)]
fn escaped_borrowed_key(key: Key<'_>) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "map key contains escapes and cannot be borrowed as &str; use Cow<'de, str> or String",
        )),
        key.offset(),
    )
}

/// A string with escapes asked for as `&[u8]`: its bytes exist nowhere in the input.
#[cold]
#[inline(never)]
fn escaped_borrowed_bytes(at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "a JSON string with escapes cannot be borrowed as &[u8] (its bytes are not in the input as they are); use Cow<[u8]> or codec::Bytes",
        )),
        at,
    )
}

#[cold]
#[inline(never)]
fn not_bool_key(key: Key<'_>) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("expected the map key \"true\" or \"false\"")), key.offset())
}

/// An object key asked for as a type with no string form (a tuple or struct key; maps
/// keyed by one are read as `[key, value]` pairs).
#[cold]
#[inline(never)]
fn composite_object_key<T: ?Sized>(offset: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(alloc::format!(
            "{} has no string form and cannot be read from a JSON object key",
            core::any::type_name::<T>()
        ))),
        offset,
    )
}

impl<'de> JsonReader<'de> {
    /// A float written inside a map key's string, read by `read` from the key's text
    /// alone: the whole text must be the number, with no space around it.
    #[inline]
    fn parse_key_float<T>(
        &mut self,
        key: Key<'de>,
        expected: &'static str,
        read: impl FnOnce(&mut JsonReader<'_>) -> Result<T>,
    ) -> Result<T> {
        let text = self.key_bytes(key)?;
        let mut inner = JsonReader::new(text);
        match read(&mut inner).and_then(|v| inner.end().map(|()| v)) {
            // A key string may not hold spaces around the number.
            Ok(v)
                if text.first().is_some_and(u8::is_ascii_graphic) && text.last().is_some_and(u8::is_ascii_graphic) =>
            {
                Ok(v)
            }
            _ => Err(not_a_number_key(key, expected, text)),
        }
    }
}

#[cold]
#[inline(never)]
fn not_a_number_key(key: Key<'_>, expected: &str, text: &[u8]) -> Error {
    let shown = String::from_utf8_lossy(&text[..text.len().min(64)]);
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("map key \"{shown}\" is not a valid {expected}"))),
        key.offset(),
    )
}

// ---- the format-neutral interface ----

/// What [`read_timestamp`](crate::Reader::read_timestamp) says in JSON.
#[cold]
#[inline(never)]
fn no_timestamp_type(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("JSON has no timestamp type")), at)
}

impl crate::reader::sealed::Sealed for JsonReader<'_> {}

/// Each method calls the inherent one of the same job, so a generic `decode` compiles to
/// what a JSON-only body would.
impl<'de> crate::Reader<'de> for JsonReader<'de> {
    const ANNOUNCES_LENGTHS: bool = false;

    #[inline]
    fn position(&self) -> usize {
        JsonReader::position(self)
    }

    #[inline]
    fn value_start(&mut self) -> usize {
        JsonReader::value_start(self)
    }

    #[inline]
    fn read_null(&mut self) -> Result<()> {
        JsonReader::read_null(self)
    }

    #[inline]
    fn try_read_null(&mut self) -> Result<bool> {
        JsonReader::try_read_null(self)
    }

    #[inline]
    fn read_bool(&mut self) -> Result<bool> {
        JsonReader::read_bool(self)
    }

    #[inline]
    fn read_u64_max(&mut self, expected: &'static str, max: u64) -> Result<u64> {
        JsonReader::read_u64_max(self, expected, max)
    }

    #[inline]
    fn read_i64_range(&mut self, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        JsonReader::read_i64_range(self, expected, min, max)
    }

    #[inline]
    fn read_u128(&mut self) -> Result<u128> {
        JsonReader::read_u128(self)
    }

    #[inline]
    fn read_i128(&mut self) -> Result<i128> {
        JsonReader::read_i128(self)
    }

    #[inline]
    fn read_f32(&mut self) -> Result<f32> {
        JsonReader::read_f32(self)
    }

    #[inline]
    fn read_f64(&mut self) -> Result<f64> {
        JsonReader::read_f64(self)
    }

    #[inline]
    fn read_string(&mut self) -> Result<String> {
        JsonReader::read_string(self)
    }

    #[inline]
    fn read_cow(&mut self) -> Result<Cow<'de, str>> {
        JsonReader::read_cow(self)
    }

    #[inline]
    fn read_borrowed_str(&mut self) -> Result<&'de str> {
        JsonReader::read_borrowed_str(self)
    }

    /// Borrowed when the string has no escape, else the scratch buffer's unescaped text.
    #[inline]
    fn read_str_ref(&mut self) -> Result<crate::reader::StrRef<'de, '_>> {
        use crate::reader::StrRef;
        Ok(match JsonReader::read_str(self)? {
            Str::Borrowed(s) => StrRef::Borrowed(s),
            Str::Transient(s) => StrRef::Transient(s),
        })
    }

    #[inline]
    fn read_str_with<T>(&mut self, f: impl FnOnce(&str, usize) -> Result<T>) -> Result<T> {
        let token = self.read_string_token()?;
        let offset = token.offset();
        f(self.decode_string(token)?.as_str(), offset)
    }

    /// A string's UTF-8 bytes (borrowed unless it has escapes) or an array of numbers
    /// (owned, read as `Vec<u8>` is).
    #[inline]
    fn read_bytes(&mut self) -> Result<Cow<'de, [u8]>> {
        match JsonReader::peek(self) {
            Some(b'"') => Ok(match JsonReader::read_cow(self)? {
                Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
                Cow::Owned(s) => Cow::Owned(s.into_bytes()),
            }),
            Some(b'[') => <Vec<u8> as crate::Decode<'de>>::decode(self).map(Cow::Owned),
            _ => Err(self.invalid_type("bytes (a string or an array of numbers)")),
        }
    }

    /// The body of a string without escapes.
    #[inline]
    fn read_borrowed_bytes(&mut self) -> Result<&'de [u8]> {
        match JsonReader::peek(self) {
            Some(b'"') => {
                let key = self.read_string_token()?;
                if key.is_escaped() {
                    return Err(escaped_borrowed_bytes(key.offset()));
                }
                // Unescaped, so decoding validates the UTF-8 and borrows.
                match self.decode_string(key)? {
                    Str::Borrowed(s) => Ok(s.as_bytes()),
                    Str::Transient(_) => Err(escaped_borrowed_bytes(key.offset())),
                }
            }
            Some(b'[') => Err(crate::reader::array_cannot_borrow_bytes(JsonReader::position(self))),
            _ => Err(self.invalid_type("bytes (a string without escapes, to borrow)")),
        }
    }

    /// The array form decodes in place, with no buffer; any other value is read as
    /// [`read_bytes`](crate::Reader::read_bytes) reads it.
    #[inline]
    fn read_byte_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        if JsonReader::peek(self) == Some(b'[') {
            return <[u8; N] as crate::Decode<'de>>::decode(self);
        }
        let at = JsonReader::position(self);
        let bytes = crate::Reader::read_bytes(self)?;
        (*bytes).try_into().map_err(|_| crate::reader::wrong_byte_count(at, N, bytes.len()))
    }

    const HUMAN_READABLE: bool = true;
    const NATIVE_TIMESTAMP: bool = false;

    /// Never called by this crate (instants have other forms in JSON): the error the
    /// writer's `write_timestamp` gives too.
    #[cold]
    fn read_timestamp(&mut self) -> Result<(i64, u32)> {
        Err(no_timestamp_type(JsonReader::position(self)))
    }

    #[inline]
    fn read_str_bytes_with<T>(&mut self, f: impl FnOnce(&[u8], usize) -> Result<T>) -> Result<T> {
        let token = self.read_string_token()?;
        let offset = token.offset();
        f(self.key_bytes(token)?, offset)
    }

    #[inline]
    fn expect_string(&mut self, expected: &'static str) -> Result<()> {
        if self.peek() != Some(b'"') {
            return Err(self.invalid_type(expected));
        }
        Ok(())
    }

    #[inline]
    fn peek_is_array(&mut self) -> bool {
        JsonReader::peek(self) == Some(b'[')
    }

    #[inline]
    fn peek_value_kind(&mut self) -> Option<crate::reader::ValueKind> {
        use crate::reader::ValueKind;
        Some(match JsonReader::peek(self)? {
            b'n' => ValueKind::Null,
            b't' | b'f' => ValueKind::Bool,
            b'"' => ValueKind::Str,
            b'[' => ValueKind::Array,
            b'{' => ValueKind::Map,
            b'-' | b'0'..=b'9' => ValueKind::Number,
            // An object or array whose bracket a shared pointer read (`preserve_refs`).
            _ => match self.opened_here() {
                Some(b'{') => ValueKind::Map,
                Some(b'[') => ValueKind::Array,
                _ => ValueKind::Invalid,
            },
        })
    }

    #[inline]
    fn read_raw_value(&mut self) -> Result<&'de str> {
        JsonReader::read_raw_value(self)
    }

    /// The number, checked as [`skip_value`](JsonReader::skip_value) checks it.
    #[inline]
    fn read_number_text(&mut self) -> Result<&'de str> {
        match JsonReader::peek(self) {
            Some(b'-' | b'0'..=b'9') => self.read_raw_value(),
            _ => Err(self.invalid_type("a number")),
        }
    }

    // Always: a forwarder, so that a dynamic value's walk inlines the parser as a direct
    // call of the inherent method would (measured: a call otherwise).
    #[inline(always)]
    fn read_parsed_number(&mut self) -> Result<crate::reader::ParsedNumber> {
        JsonReader::read_parsed_number(self)
    }

    /// A string: JSON has no bytes, so neither message applies (a string's errors say "a
    /// string").
    #[inline]
    fn read_str_or_utf8_bin(&mut self, expected: &'static str, not_utf8: &'static str) -> Result<Cow<'de, str>> {
        let _ = (expected, not_utf8);
        JsonReader::read_cow(self)
    }

    #[inline]
    fn begin_array(&mut self) -> Result<()> {
        JsonReader::begin_array(self)
    }

    #[inline]
    fn array_first(&mut self) -> Result<bool> {
        JsonReader::array_first(self)
    }

    #[inline]
    fn array_next(&mut self) -> Result<bool> {
        JsonReader::array_next(self)
    }

    #[inline]
    fn array_end(&mut self, expected_len: usize) -> Result<()> {
        JsonReader::array_end(self, expected_len)
    }

    /// `[`, and no count: JSON announces none.
    #[inline]
    fn begin_array_len(&mut self) -> Result<Option<usize>> {
        JsonReader::begin_array(self).map(|()| None)
    }

    /// `{`, and no count: JSON announces none.
    #[inline]
    fn begin_object_len(&mut self) -> Result<Option<usize>> {
        JsonReader::begin_object(self).map(|()| None)
    }

    /// Nothing: JSON's arrays and objects close at their bracket, read by `array_next`
    /// and `object_next` (and `begin_array_len` never gives a count to end).
    #[inline(always)]
    fn end_counted(&mut self) {}

    /// The collection is made empty before the `[` (JSON announces no length), and grows.
    #[inline]
    fn read_seq<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut element: impl FnMut(&mut Self, &mut C, usize) -> Result<()>,
    ) -> Result<C> {
        let mut out = make(self, 0)?;
        JsonReader::begin_array(self)?;
        if JsonReader::array_first(self)? {
            let mut index = 0;
            loop {
                element(self, &mut out, index)?;
                index += 1;
                if !JsonReader::array_next(self)? {
                    break;
                }
            }
        }
        Ok(out)
    }

    #[inline]
    fn capacity_for(&mut self, n: usize, element_size: usize) -> usize {
        let _ = (n, element_size);
        0
    }

    #[inline]
    fn nested<T>(&mut self, decode: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        JsonReader::nested(self, decode)
    }

    #[inline]
    fn begin_tuple(&mut self, len: usize) -> Result<()> {
        if len == 0 {
            JsonReader::empty_array(self)
        } else {
            JsonReader::begin_array(self)
        }
    }

    /// Always inlined: the per-element step of the std tuple and array impls, which
    /// inline their elements' reads (see `impls/tuples.rs`).
    #[inline(always)]
    fn tuple_next(&mut self, index: usize, len: usize) -> Result<()> {
        JsonReader::tuple_next(self, index, len)
    }

    #[inline]
    fn end_tuple(&mut self, len: usize) -> Result<()> {
        if len == 0 {
            return Ok(());
        }
        JsonReader::array_end(self, len)
    }

    #[inline]
    fn begin_tuple_of(&mut self, min: usize, max: usize) -> Result<usize> {
        let _ = (min, max);
        JsonReader::begin_array(self)?;
        Ok(usize::MAX)
    }

    #[inline]
    fn tuple_next_of(&mut self, index: usize, min: usize, max: usize) -> Result<()> {
        let present = if index == 0 { self.array_first()? } else { self.array_next()? };
        if !present {
            return Err(crate::reader::tuple_len_error(self.pos.saturating_sub(1), &index, min, max));
        }
        Ok(())
    }

    #[inline]
    fn tuple_more(&mut self, count: &mut usize, index: usize) -> Result<bool> {
        if *count != usize::MAX {
            return Ok(false);
        }
        let present = if index == 0 { self.array_first()? } else { self.array_next()? };
        if !present {
            *count = index;
        }
        Ok(present)
    }

    const MSGPACK: bool = false;
    const JSON_TEXT: bool = true;

    #[inline]
    fn begin_positional(&mut self) -> Result<usize> {
        JsonReader::begin_array(self)?;
        Ok(usize::MAX)
    }

    #[inline]
    fn end_positional(&mut self, count: usize, declared: usize, deny_unknown: bool) -> Result<()> {
        if count != usize::MAX {
            return Ok(());
        }
        let mut index = declared;
        while if index == 0 { self.array_first()? } else { self.array_next()? } {
            if deny_unknown {
                return Err(crate::reader::positional_too_long(self.pos, declared));
            }
            JsonReader::skip_value(self)?;
            index += 1;
        }
        Ok(())
    }

    #[inline]
    fn end_tuple_of(&mut self, count: usize, min: usize, max: usize) -> Result<()> {
        if count != usize::MAX {
            return Ok(());
        }
        if JsonReader::peek(self) == Some(b',') {
            return Err(crate::reader::tuple_len_error(self.pos, &"more", min, max));
        }
        JsonReader::array_end(self, max)
    }

    #[inline]
    fn reads_refs(&self) -> bool {
        self.refs.is_some()
    }

    #[inline]
    fn peek_shared(&mut self) -> Result<crate::refs::Peeked> {
        super::refs::peek(self)
    }

    #[inline]
    fn shared_body<X>(&mut self, body: &crate::refs::Body, decode: impl FnOnce(&mut Self) -> Result<X>) -> Result<X> {
        super::refs::body(self, body, decode)
    }

    #[inline]
    fn shared_table(&mut self) -> &mut crate::refs::DecodeRefs {
        crate::refs::table(&mut self.refs)
    }

    type Key = Key<'de>;

    const COMPOSITE_KEYS_AS_PAIRS: bool = true;

    /// The collection is made empty before the `{` (JSON announces no length), and grows.
    #[inline]
    fn read_map<C>(
        &mut self,
        make: impl FnOnce(&mut Self, usize) -> Result<C>,
        mut entry: impl FnMut(&mut Self, &mut C, Key<'de>) -> Result<()>,
    ) -> Result<C> {
        let mut out = make(self, 0)?;
        JsonReader::begin_object(self)?;
        let mut more = JsonReader::object_first(self)?;
        while more {
            let key = JsonReader::read_key(self)?;
            entry(self, &mut out, key)?;
            more = JsonReader::object_next(self)?;
        }
        Ok(out)
    }

    #[inline]
    fn key_offset(&self, key: Key<'de>) -> usize {
        key.offset()
    }

    #[inline]
    fn key_str_with<T>(&mut self, key: Key<'de>, f: impl FnOnce(&str) -> Result<T>) -> Result<T> {
        f(self.key_str(key)?.as_str())
    }

    #[inline]
    fn key_cow(&mut self, key: Key<'de>) -> Result<Cow<'de, str>> {
        self.key_str(key).map(Str::into_cow)
    }

    #[inline]
    fn key_str_ref(&mut self, key: Key<'de>) -> Result<crate::reader::StrRef<'de, '_>> {
        use crate::reader::StrRef;
        Ok(match self.key_str(key)? {
            Str::Borrowed(s) => StrRef::Borrowed(s),
            Str::Transient(s) => StrRef::Transient(s),
        })
    }

    #[inline]
    fn key_str_bytes_with<T>(&mut self, key: Key<'de>, f: impl FnOnce(&[u8]) -> Result<T>) -> Result<T> {
        f(self.key_bytes(key)?)
    }

    /// An object key is a string.
    #[inline]
    fn expect_string_key(&mut self, key: Key<'de>, expected: &'static str) -> Result<()> {
        let _ = (key, expected);
        Ok(())
    }

    /// An object key is a string.
    #[inline]
    fn key_is_string(&self, key: Key<'de>) -> bool {
        let _ = key;
        true
    }

    #[inline]
    fn key_value_kind(&self, key: Key<'de>) -> crate::reader::ValueKind {
        let _ = key;
        crate::reader::ValueKind::Str
    }

    #[cold]
    #[inline(never)]
    fn key_type_error(&mut self, key: Key<'de>, expected: &'static str) -> Error {
        Error::new(
            ErrorKind::InvalidType { expected: Cow::Borrowed(expected), found: Cow::Borrowed("string") },
            key.offset(),
        )
    }

    #[inline]
    fn key_borrowed_str(&mut self, key: Key<'de>) -> Result<&'de str> {
        match self.key_str(key)? {
            Str::Borrowed(s) => Ok(s),
            Str::Transient(_) => Err(escaped_borrowed_key(key)),
        }
    }

    #[inline]
    fn key_bool(&mut self, key: Key<'de>) -> Result<bool> {
        match self.key_bytes(key)? {
            b"true" => Ok(true),
            b"false" => Ok(false),
            _ => Err(not_bool_key(key)),
        }
    }

    #[inline]
    fn key_u64_max(&mut self, key: Key<'de>, expected: &'static str, max: u64) -> Result<u64> {
        self.parse_key_u64(key, expected, max)
    }

    #[inline]
    fn key_i64_range(&mut self, key: Key<'de>, expected: &'static str, min: i64, max: i64) -> Result<i64> {
        self.parse_key_i64(key, expected, min, max)
    }

    #[inline]
    fn key_u128(&mut self, key: Key<'de>) -> Result<u128> {
        self.parse_key_128(key, "u128", false).map(|(_, v)| v)
    }

    #[inline]
    fn key_i128(&mut self, key: Key<'de>) -> Result<i128> {
        self.parse_key_128(key, "i128", true)
            .map(|(negative, v)| if negative { 0i128.wrapping_sub_unsigned(v) } else { v as i128 })
    }

    #[inline]
    fn key_f64(&mut self, key: Key<'de>) -> Result<f64> {
        self.parse_key_float(key, "f64", |r| r.read_f64())
    }

    #[inline]
    fn key_f32(&mut self, key: Key<'de>) -> Result<f32> {
        self.parse_key_float(key, "f32", |r| r.read_f32())
    }

    /// Always an error: an object key is a string.
    #[inline]
    fn decode_key_as_value<T: crate::Decode<'de>>(&mut self, key: Key<'de>) -> Result<T> {
        Err(composite_object_key::<T>(key.offset()))
    }

    #[inline]
    fn key_text(&mut self, key: Key<'de>) -> String {
        JsonReader::key_text(self, key)
    }

    #[inline]
    fn text_since(&self, start: usize) -> String {
        JsonReader::text_since(self, start)
    }

    #[inline]
    fn duplicate_keys(&self) -> DuplicateKeys {
        JsonReader::duplicate_keys(self)
    }

    #[inline]
    fn skip_value(&mut self) -> Result<()> {
        JsonReader::skip_value(self)
    }

    type Checkpoint = Checkpoint;

    #[inline(always)]
    fn checkpoint(&self) -> Checkpoint {
        JsonReader::checkpoint(self)
    }

    #[inline(always)]
    fn restore(&mut self, checkpoint: Checkpoint) {
        JsonReader::restore(self, checkpoint)
    }

    #[inline]
    fn backtrack(&mut self, checkpoint: Checkpoint) -> Result<()> {
        JsonReader::backtrack(self, checkpoint)
    }

    #[inline(always)]
    fn peek_is_object(&mut self) -> bool {
        JsonReader::peek(self) == Some(b'{')
    }

    #[inline(always)]
    fn peek_is_string(&mut self) -> bool {
        JsonReader::peek(self) == Some(b'"')
    }

    #[inline(always)]
    fn begin_object(&mut self) -> Result<()> {
        JsonReader::begin_object(self)
    }

    #[inline(always)]
    fn object_first(&mut self) -> Result<bool> {
        JsonReader::object_first(self)
    }

    #[inline(always)]
    fn object_next(&mut self) -> Result<bool> {
        JsonReader::object_next(self)
    }

    #[inline(always)]
    fn read_key(&mut self) -> Result<Key<'de>> {
        JsonReader::read_key(self)
    }

    #[inline]
    fn empty_object_at(&self) -> usize {
        // The `}` just read.
        self.position().saturating_sub(1)
    }

    #[inline(always)]
    fn read_string_token(&mut self) -> Result<Key<'de>> {
        JsonReader::read_string_token(self)
    }

    #[inline]
    fn invalid_type(&mut self, expected: &'static str) -> Error {
        JsonReader::invalid_type(self, expected)
    }

    #[inline]
    fn unknown_member(
        &mut self,
        key: Key<'de>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        JsonReader::unknown_member(self, key, deny_unknown, expected)
    }

    const SAYS_MAP: bool = false;

    const TYPED_KEYS: bool = false;

    #[inline]
    fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        JsonReader::read_tag(self, kinds, expected)
    }

    #[inline]
    fn key_tag(&mut self, key: Key<'de>, kinds: u8, expected: &'static str) -> Result<crate::reader::Tag<Key<'de>>> {
        let _ = (kinds, expected);
        Ok(crate::reader::Tag::Str(key))
    }

    #[inline]
    fn unknown_tag(&mut self, tag: crate::reader::Tag<Key<'de>>, expected: &'static [&'static str]) -> Error {
        JsonReader::unknown_tag(self, tag, expected)
    }

    #[inline]
    fn tag_has_content(&mut self, tag: crate::reader::Tag<Key<'de>>) -> Error {
        JsonReader::tag_has_content(self, tag)
    }

    #[inline]
    fn members_left(&self) -> Self::Members {}

    #[inline(always)]
    fn key_bytes(&mut self, key: Key<'de>) -> Result<&[u8]> {
        JsonReader::key_bytes(self, key)
    }

    /// The separators tell whether a member follows.
    type Members = ();

    #[inline(always)]
    fn begin_members(&mut self) -> Result<()> {
        JsonReader::begin_object(self)
    }

    #[inline(always)]
    fn first_member(&mut self, _members: &mut ()) -> Result<bool> {
        JsonReader::object_first(self)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn member_if(&mut self, name: &Encoded) -> Result<bool> {
        // `,"name":` as the writer takes it: the key token is what is between the comma
        // and the colon (a constant slice of a constant, once inlined). Anything shorter
        // than a token is declined, left to the general path.
        let json = name.json;
        match json.get(1..json.len().wrapping_sub(1)) {
            Some(token) if !token.is_empty() => JsonReader::read_key_if(self, token),
            _ => Ok(false),
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn next_member(&mut self, _members: &mut ()) -> Result<bool> {
        JsonReader::object_next(self)
    }

    /// Through the closing `}`.
    #[inline]
    fn other_members(
        &mut self,
        _members: &mut (),
        mut claim: impl FnMut(&mut Self, Key<'de>) -> Result<bool>,
        deny_unknown: bool,
        expected: fn(&mut Vec<&'static str>),
    ) -> Result<()> {
        loop {
            let key = JsonReader::read_key(self)?;
            if !claim(self, key)? {
                self.unknown_member(key, deny_unknown, expected)?;
            }
            if !JsonReader::object_next(self)? {
                return Ok(());
            }
        }
    }

    /// Nothing left to do: the last member's [`next_member`](crate::Reader::next_member)
    /// (or an empty object's `first_member`) consumed the `}`.
    #[inline(always)]
    fn end_members(&mut self, _members: ()) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `member_if` takes a name as the writer does (`,"x":`) and compares the key token
    /// inside it, whitespace before the colon allowed; a name too short to hold a token
    /// is declined, the input untouched.
    #[test]
    fn member_if_compares_the_token_inside_the_written_name() {
        use crate::reader::Reader;
        let x = Encoded::new(b",\"x\":", b"", b"");
        let mut r = JsonReader::new(br#"{"x" : 1, "y": 2}"#);
        r.begin_members().unwrap();
        assert!(r.first_member(&mut ()).unwrap());
        assert!(!r.member_if(&Encoded::new(b",\"y\":", b"", b"")).unwrap());
        for short in [&b""[..], b",", b",:", b"::"] {
            let at = r.position();
            assert!(!r.member_if(&Encoded::new(short, b"", b"")).unwrap(), "{short:?}");
            assert_eq!(r.position(), at);
        }
        assert!(r.member_if(&x).unwrap());
        assert_eq!(<u8 as crate::Decode>::decode(&mut r).unwrap(), 1);
    }

    /// `Reader::peek_value_kind` from each value's first byte, past whitespace, reading
    /// nothing; a JSON number is a number until read.
    #[test]
    fn value_kinds_from_the_first_byte() {
        use crate::reader::ValueKind;
        let cases: [(&[u8], Option<ValueKind>); 11] = [
            (b" null", Some(ValueKind::Null)),
            (b"true", Some(ValueKind::Bool)),
            (b"\tfalse", Some(ValueKind::Bool)),
            (b"-1", Some(ValueKind::Number)),
            (b"2.5", Some(ValueKind::Number)),
            (b"\"s\"", Some(ValueKind::Str)),
            (b"[1]", Some(ValueKind::Array)),
            (b"{}", Some(ValueKind::Map)),
            (b"x", Some(ValueKind::Invalid)),
            (b"+1", Some(ValueKind::Invalid)),
            (b"  ", None),
        ];
        for (input, kind) in cases {
            let mut r = JsonReader::new(input);
            assert_eq!(crate::Reader::peek_value_kind(&mut r), kind, "{:?}", core::str::from_utf8(input));
            assert_eq!(r.position(), input.iter().take_while(|b| b.is_ascii_whitespace()).count());
        }
    }

    /// `Reader::read_parsed_number`: integers exact while they fit, `-0` and everything
    /// else the nearest finite `f64`; what is not a number is an error at it.
    #[test]
    fn parsed_numbers() {
        use crate::reader::ParsedNumber::{self, Float, NegInt, PosInt};
        use alloc::string::ToString;
        let cases: [(&[u8], ParsedNumber); 7] = [
            (b" 0", PosInt(0)),
            (b"18446744073709551615", PosInt(u64::MAX)),
            (b"18446744073709551616", Float(18446744073709551616.0)),
            (b"-9223372036854775808", NegInt(i64::MIN)),
            (b"-9223372036854775809", Float(-9223372036854775809.0)),
            (b"-0", Float(-0.0)),
            (b"2.5e-3", Float(0.0025)),
        ];
        for (input, n) in cases {
            let got = crate::Reader::read_parsed_number(&mut JsonReader::new(input)).unwrap();
            assert_eq!(got, n, "{:?}", core::str::from_utf8(input));
            assert_eq!(got == Float(-0.0) && matches!(got, Float(f) if f.is_sign_negative()), input == b"-0");
        }
        let err = crate::Reader::read_parsed_number(&mut JsonReader::new(b" \"1\"")).unwrap_err();
        assert_eq!(
            (err.to_string().as_str(), err.offset()),
            ("invalid type: expected a number, found string (byte 1)", Some(1))
        );
        assert!(crate::Reader::read_parsed_number(&mut JsonReader::new(b"1e400")).is_err());

        // `Reader::read_number_text`: the number as written, checked.
        let mut r = JsonReader::new(b" -1.50e3 ,");
        assert_eq!(crate::Reader::read_number_text(&mut r).unwrap(), "-1.50e3");
        assert_eq!(r.position(), 8);
        let err = crate::Reader::read_number_text(&mut JsonReader::new(b"\"1\"")).unwrap_err();
        assert_eq!(err.to_string(), "invalid type: expected a number, found string (byte 0)");
        assert!(crate::Reader::read_number_text(&mut JsonReader::new(b"-")).is_err());
    }

    /// Short strings take an inline 16-byte path: it must agree with the general scan on
    /// where strings end, their ASCII-ness, leading spaces, escapes and the length limit.
    #[test]
    fn short_strings_match_the_general_path() {
        let lens: Vec<usize> = if cfg!(miri) { vec![0, 1, 14, 15, 16, 17, 33] } else { (0..40).collect() };
        for len in lens {
            for text in ["x".repeat(len), format!("{}\u{e9}", "y".repeat(len)), format!("{}\\n", "z".repeat(len))] {
                let json = serde_like_quote(&text);
                for doc in [format!("{json} "), format!(" {json}"), format!("{json}{}", " ".repeat(20))] {
                    let mut r = JsonReader::new(doc.as_bytes());
                    assert_eq!(r.read_str().unwrap().as_str(), text, "{doc:?}");
                    let limited = Options::default().max_string_len(len);
                    let mut r = JsonReader::with_options(doc.as_bytes(), &limited);
                    let body_len = json.len() - 2;
                    assert_eq!(r.read_str().is_ok(), body_len <= len, "{doc:?}");
                }
            }
        }
        let mut r = JsonReader::new(br#"{"k":1, "k2" : 2}"#);
        r.begin_object().unwrap();
        assert!(r.object_first().unwrap());
        let k = r.read_key().unwrap();
        assert_eq!(r.key_bytes(k).unwrap(), b"k");
        assert_eq!(r.read_u64().unwrap(), 1);
        assert!(r.object_next().unwrap());
        let k = r.read_key().unwrap();
        assert_eq!(r.key_bytes(k).unwrap(), b"k2");
    }

    /// A retry that re-reads nothing still costs one unit of the budget (16 per input
    /// byte plus 64 KiB), so a search that keeps failing at its first token ends too.
    #[test]
    fn retries_that_reread_nothing_spend_the_budget() {
        let mut r = JsonReader::new(b"7");
        let cp = r.checkpoint();
        for _ in 0..BACKTRACK_FACTOR + BACKTRACK_BASE {
            r.backtrack(cp).unwrap();
        }
        let err = r.backtrack(cp).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
        // Bytes re-read count on top of the retry itself.
        let mut r = JsonReader::new(b"[1, 2]");
        let cp = r.checkpoint();
        r.skip_value().unwrap();
        let before = r.backtrack_budget;
        r.backtrack(cp).unwrap();
        assert_eq!(before - r.backtrack_budget, 6 + BACKTRACK_RETRY_COST);
        assert_eq!(r.position(), 0);
    }

    /// `text` as a JSON string literal, escaping only what JSON requires.
    fn serde_like_quote(text: &str) -> String {
        let mut out = String::from("\"");
        for c in text.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }

    /// The paths with `unsafe` (ASCII strings taken without a second validation, escaped
    /// strings validated once by simdutf8), exercised under Miri by `cargo miri test`.
    #[test]
    fn strings_borrow_validate_and_unescape() {
        let doc = "[\"plain ascii\", \"caf\u{e9} \u{1f600}\", \"esc\\\"aped \\u00e9\\ud83d\\ude00\", \"\"]";
        let mut r = JsonReader::new(doc.as_bytes());
        r.begin_array().unwrap();
        assert!(r.array_first().unwrap());
        assert_eq!(r.read_borrowed_str().unwrap(), "plain ascii");
        assert!(r.array_next().unwrap());
        assert!(matches!(r.read_cow().unwrap(), Cow::Borrowed("caf\u{e9} \u{1f600}")));
        assert!(r.array_next().unwrap());
        assert_eq!(r.read_string().unwrap(), "esc\"aped \u{e9}\u{1f600}");
        assert!(r.array_next().unwrap());
        assert_eq!(r.read_str().unwrap(), Str::Borrowed(""));
        assert!(!r.array_next().unwrap());
        r.end().unwrap();

        // Invalid UTF-8, raw or produced around escapes, is an error on every path.
        for bad in [&b"\"a\xff\""[..], b"\"\\n\xc3\"", b"\"\xed\xa0\x80\""] {
            assert!(JsonReader::new(bad).read_string().is_err());
            assert!(JsonReader::new(bad).read_cow().is_err());
            assert!(JsonReader::new(bad).read_str().is_err());
        }
    }
}
