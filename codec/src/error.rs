//! The one error type of every format.
//!
//! An [`Error`] is a single pointer: the payload lives in a `Box`, so `Result<T, Error>`
//! costs the success path no more than `Result<T, NonNull<_>>`. Every constructor is
//! `#[cold]`, and the JSON path (`.statuses[3].user.id`) is assembled only while an error
//! propagates out of generated code, one segment per level, so a successful decode never
//! pays for it. Line and column are derived from the byte offset when the top-level entry
//! point sees the error, never before.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// What went wrong, without where.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not well-formed (a stray byte, a missing `:`, ...).
    Syntax(Cow<'static, str>),
    /// The input ended in the middle of a value.
    Eof,
    /// A value of one JSON type stood where another was expected.
    InvalidType {
        /// What the decoder wanted, such as `u64` or `a string`.
        expected: Cow<'static, str>,
        /// What the input held, such as `string` or `float`.
        found: Cow<'static, str>,
    },
    /// The value has the right type but is not acceptable (a `char` of two characters, a
    /// string with escapes where `&str` must borrow, ...).
    InvalidValue(Cow<'static, str>),
    /// A number does not fit the target type.
    OutOfRange(Cow<'static, str>),
    /// A key that the type does not declare, under `deny_unknown_fields`.
    UnknownField {
        /// The key as written (unescaped).
        name: String,
        /// The keys the type declares (flattened members' keys included).
        expected: Vec<&'static str>,
    },
    /// A required key was absent.
    MissingField(&'static str),
    /// A key appeared twice in one object.
    DuplicateField(Cow<'static, str>),
    /// An enum tag that names no variant.
    UnknownVariant {
        /// The tag as written (unescaped).
        name: String,
        /// The variant names the enum accepts.
        expected: &'static [&'static str],
    },
    /// A string is not valid UTF-8.
    InvalidUtf8,
    /// A `\` escape is malformed, or a `\u` escape is a lone surrogate.
    InvalidEscape(Cow<'static, str>),
    /// Nesting deeper than the configured limit.
    DepthLimit(usize),
    /// A type read more values in place of one than the configured depth limit allows:
    /// the levels of newtype structs, transparent structs, boxes and untagged enums that
    /// hold their own type, counted apart from the document's nesting (see
    /// [`JsonReader::nested`](crate::json::JsonReader::nested)). A type that holds itself
    /// without an array or object in between (`struct N(Option<Box<N>>)`) reaches it on
    /// any input but `null`. Not an input error: the document may be well-formed; where
    /// it is nested too deep itself, that is reported as [`DepthLimit`](Self::DepthLimit).
    RecursionLimit(usize),
    /// A string, number or document larger than the configured limit.
    SizeLimit(Cow<'static, str>),
    /// Non-whitespace bytes after the document.
    TrailingCharacters,
    /// Writing to or reading from an `io` stream failed: the [`std::io::ErrorKind`] and
    /// message of the underlying [`std::io::Error`] (see [`IoError`]). Only with the `std`
    /// feature: nothing does I/O without it (the enum is `#[non_exhaustive]`, so a `match`
    /// on it compiles either way).
    #[cfg(feature = "std")]
    Io(IoError),
    /// A message from user code (a `with` module, a hand-written impl).
    Custom(String),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Syntax(m) => write!(f, "syntax error: {m}"),
            ErrorKind::Eof => f.write_str("unexpected end of input"),
            ErrorKind::InvalidType { expected, found } => {
                write!(f, "invalid type: expected {expected}, found {found}")
            }
            ErrorKind::InvalidValue(m) => write!(f, "invalid value: {m}"),
            ErrorKind::OutOfRange(m) => write!(f, "number out of range: {m}"),
            ErrorKind::UnknownField { name, expected } => {
                write!(f, "unknown field `{name}`, ")?;
                write_one_of(f, expected)
            }
            ErrorKind::MissingField(k) => write!(f, "missing field `{k}`"),
            ErrorKind::DuplicateField(k) => write!(f, "duplicate field `{k}`"),
            ErrorKind::UnknownVariant { name, expected } => {
                write!(f, "unknown variant `{name}`, ")?;
                write_one_of(f, expected)
            }
            ErrorKind::InvalidUtf8 => f.write_str("invalid UTF-8 in string"),
            ErrorKind::InvalidEscape(m) => write!(f, "invalid escape: {m}"),
            ErrorKind::DepthLimit(n) => write!(f, "nesting deeper than the limit of {n}"),
            ErrorKind::RecursionLimit(n) => {
                write!(f, "the type recurses deeper than the limit of {n} (newtype, box and untagged levels)")
            }
            ErrorKind::SizeLimit(m) => write!(f, "size limit exceeded: {m}"),
            ErrorKind::TrailingCharacters => f.write_str("trailing characters after the value"),
            #[cfg(feature = "std")]
            ErrorKind::Io(e) => write!(f, "I/O error: {}", e.message),
            ErrorKind::Custom(m) => f.write_str(m),
        }
    }
}

fn write_one_of(f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
    if names.is_empty() {
        return f.write_str("there are none");
    }
    f.write_str("expected one of ")?;
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "`{n}`")?;
    }
    Ok(())
}

/// What an [`ErrorKind::Io`] keeps of a [`std::io::Error`]: its kind and its message (the
/// error itself is neither `Clone` nor comparable, which `ErrorKind` is).
///
/// ```
/// use std::io;
/// let err: codec::Error = io::Error::new(io::ErrorKind::BrokenPipe, "peer left").into();
/// let codec::ErrorKind::Io(io_err) = err.kind() else { unreachable!() };
/// assert_eq!(io_err.kind(), io::ErrorKind::BrokenPipe);
/// assert_eq!(io_err.message(), "peer left");
/// assert_eq!(err.io_kind(), Some(io::ErrorKind::BrokenPipe));
/// ```
#[cfg(feature = "std")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IoError {
    kind: std::io::ErrorKind,
    message: String,
}

#[cfg(feature = "std")]
impl IoError {
    /// The underlying [`std::io::ErrorKind`].
    pub fn kind(&self) -> std::io::ErrorKind {
        self.kind
    }

    /// The underlying error's message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

#[cfg(feature = "std")]
impl From<&std::io::Error> for IoError {
    #[cold]
    fn from(e: &std::io::Error) -> IoError {
        IoError { kind: e.kind(), message: e.to_string() }
    }
}

/// One step of the path from the document root to the failing value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathSegment {
    /// A struct field, shown as `.name`.
    Field(Cow<'static, str>),
    /// An array position, shown as `[3]`.
    Index(usize),
    /// A map key, shown as `["some key"]`.
    Key(String),
    /// An enum variant, shown as `<Name>` so it cannot be mistaken for a field.
    Variant(&'static str),
}

struct ErrorImpl {
    kind: ErrorKind,
    offset: Option<usize>,
    line_col: Option<(usize, usize)>,
    /// The index of the item (value of a stream, element of a streamed array) it is in.
    item: Option<usize>,
    /// Innermost segment first: segments are pushed while the error travels outward.
    path: Vec<PathSegment>,
}

/// The error of every encode and decode: a kind, where in the input, and the path.
///
/// ```
/// #[derive(codec::Codec, Debug)]
/// struct User { id: u64 }
/// #[derive(codec::Codec, Debug)]
/// struct Status { user: User }
///
/// let err = codec::json::from_str::<Status>("{\"user\":\n {\"id\": \"7\"}}").unwrap_err();
/// assert_eq!(err.path(), ".user.id");
/// assert_eq!(err.line(), Some(2));
/// assert_eq!(
///     err.to_string(),
///     "invalid type: expected u64, found string at .user.id (line 2, column 9)"
/// );
/// ```
pub struct Error(Box<ErrorImpl>);

impl Error {
    /// An error of `kind` at byte `offset` of the input.
    #[cold]
    #[inline(never)]
    pub fn new(kind: ErrorKind, offset: usize) -> Error {
        Error(Box::new(ErrorImpl { kind, offset: Some(offset), line_col: None, item: None, path: Vec::new() }))
    }

    /// An error with no position, for encoders and user code; the decoder adds the
    /// position when it sees one without.
    #[cold]
    #[inline(never)]
    pub fn without_position(kind: ErrorKind) -> Error {
        Error(Box::new(ErrorImpl { kind, offset: None, line_col: None, item: None, path: Vec::new() }))
    }

    /// A free-form error, for `with` modules and hand-written impls.
    #[cold]
    pub fn custom(msg: impl fmt::Display) -> Error {
        Error::without_position(ErrorKind::Custom(msg.to_string()))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// Whether the input itself is at fault, whatever type it is decoded into: malformed
    /// syntax, early end, invalid UTF-8 or escape, a depth or size limit, trailing bytes.
    /// Such an error ends an untagged enum's search at once, since no other variant could
    /// read past it.
    ///
    /// The rule holds for every target type: a document (or stream item) that is not
    /// well-formed JSON or MessagePack always fails with an input error, at its first
    /// fault, even where the type would have found a value of the wrong shape before it
    /// (`nonsense` is not `null`, `tru` is not `true`). A decoder stops at the first value
    /// of the wrong shape, so on that error path the decode checks the rest of the value
    /// before it reports a type or value error; a successful decode pays nothing for it. A
    /// well-formed document of the wrong shape is a type or value error. A service can so
    /// answer 400 for the first and 422 for the second. (A streamed array that does not
    /// open with `[` is judged by its first bytes, without reading on.)
    ///
    /// ```
    /// #[derive(codec::Codec, Debug)]
    /// struct Point { x: i32, y: i32 }
    ///
    /// let syntax = codec::json::from_str::<Vec<u8>>("[1 2]").unwrap_err();
    /// let mismatch = codec::json::from_str::<u8>("\"1\"").unwrap_err();
    /// assert!(syntax.is_input_error() && !mismatch.is_input_error());
    ///
    /// // Not JSON, though its first byte looks like `null` to a struct's decoder.
    /// let err = codec::json::from_str::<Point>("nonsense").unwrap_err();
    /// assert!(err.is_input_error());
    /// // The first fault wins over a wrong type before it, and has its path.
    /// let err = codec::json::from_str::<Point>(r#"{"x": "1", "y": 2,}"#).unwrap_err();
    /// assert_eq!(err.to_string(), "syntax error: expected a string key after `,` (line 1, column 19)");
    /// ```
    pub fn is_input_error(&self) -> bool {
        matches!(
            self.0.kind,
            ErrorKind::Syntax(_)
                | ErrorKind::Eof
                | ErrorKind::InvalidUtf8
                | ErrorKind::InvalidEscape(_)
                | ErrorKind::DepthLimit(_)
                | ErrorKind::SizeLimit(_)
                | ErrorKind::TrailingCharacters
        )
    }

    /// Whether trying another reading of the same value (an untagged enum's next variant,
    /// a flattened `Option` taken as `None`) is wasted: malformed input, or a limit
    /// reached, the document's or the type's recursion ([`ErrorKind::RecursionLimit`]).
    #[inline]
    pub(crate) fn ends_alternatives(&self) -> bool {
        self.is_input_error() || matches!(self.0.kind, ErrorKind::RecursionLimit(_))
    }

    /// Byte offset into the input where the problem was seen, if decoding.
    pub fn offset(&self) -> Option<usize> {
        self.0.offset
    }

    /// 1-based line of [`offset`](Self::offset), known once the error left `from_slice`.
    pub fn line(&self) -> Option<usize> {
        self.0.line_col.map(|(l, _)| l)
    }

    /// 1-based column (in bytes) of [`offset`](Self::offset).
    pub fn column(&self) -> Option<usize> {
        self.0.line_col.map(|(_, c)| c)
    }

    /// The 0-based index of the item the error is in, when decoding a stream: the value of
    /// [`json::iter_values`](crate::json::iter_values) (counting failed ones), the element
    /// of [`json::iter_array`](crate::json::iter_array). `None` elsewhere.
    ///
    /// ```
    /// let mut it = codec::json::iter_values_slice::<u8>(b"1\n2\n\"x\"\n");
    /// assert_eq!(it.next().unwrap()?, 1);
    /// assert_eq!(it.next().unwrap()?, 2);
    /// let err = it.next().unwrap().unwrap_err();
    /// assert_eq!((err.item(), err.offset(), err.line(), err.column()), (Some(2), Some(4), Some(3), Some(1)));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn item(&self) -> Option<usize> {
        self.0.item
    }

    /// The [`std::io::ErrorKind`] of an [`ErrorKind::Io`] error (with the `std` feature).
    #[cfg(feature = "std")]
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match &self.0.kind {
            ErrorKind::Io(e) => Some(e.kind()),
            _ => None,
        }
    }

    /// Whether a read failed ([`ErrorKind::Io`]): that ends a stream, where other errors
    /// end one item.
    #[cfg(feature = "std")]
    pub(crate) fn is_io(&self) -> bool {
        matches!(self.0.kind, ErrorKind::Io(_))
    }

    /// Without `std` nothing reads: no error is a read failure.
    #[cfg(not(feature = "std"))]
    pub(crate) fn is_io(&self) -> bool {
        false
    }

    /// The path segments from the root to the failing value.
    pub fn path_segments(&self) -> impl Iterator<Item = &PathSegment> {
        self.0.path.iter().rev()
    }

    /// The path rendered as in messages: `.statuses[3].user.id`, or `` at the root.
    pub fn path(&self) -> String {
        let mut s = String::new();
        for seg in self.path_segments() {
            match seg {
                PathSegment::Field(name) => {
                    s.push('.');
                    s.push_str(name);
                }
                PathSegment::Index(i) => {
                    s.push('[');
                    s.push_str(itoa::Buffer::new().format(*i));
                    s.push(']');
                }
                PathSegment::Key(k) => {
                    s.push_str("[\"");
                    for c in k.chars() {
                        match c {
                            '"' => s.push_str("\\\""),
                            '\\' => s.push_str("\\\\"),
                            c if (c as u32) < 0x20 => {
                                s.push_str(&format!("\\u{:04x}", c as u32));
                            }
                            c => s.push(c),
                        }
                    }
                    s.push_str("\"]");
                }
                PathSegment::Variant(v) => {
                    s.push('<');
                    s.push_str(v);
                    s.push('>');
                }
            }
        }
        s
    }

    /// Adds the enclosing struct field to the path (called by generated code).
    #[cold]
    #[inline(never)]
    pub fn in_field(mut self, name: &'static str) -> Error {
        self.0.path.push(PathSegment::Field(Cow::Borrowed(name)));
        self
    }

    /// Adds an enclosing object member, named at run time, to the path (shown as a field).
    #[cold]
    #[inline(never)]
    pub(crate) fn in_member(mut self, name: Cow<'static, str>) -> Error {
        self.0.path.push(PathSegment::Field(name));
        self
    }

    /// Adds the enclosing array position to the path.
    #[cold]
    #[inline(never)]
    pub fn in_index(mut self, index: usize) -> Error {
        self.0.path.push(PathSegment::Index(index));
        self
    }

    /// Adds the enclosing map key to the path.
    #[cold]
    #[inline(never)]
    pub fn in_key(mut self, key: impl fmt::Display) -> Error {
        self.0.path.push(PathSegment::Key(key.to_string()));
        self
    }

    /// Adds the enclosing enum variant to the path.
    #[cold]
    #[inline(never)]
    pub fn in_variant(mut self, name: &'static str) -> Error {
        self.0.path.push(PathSegment::Variant(name));
        self
    }

    /// Sets the offset if the error has none yet (errors from user code).
    #[cold]
    pub fn or_at(mut self, offset: usize) -> Error {
        if self.0.offset.is_none() {
            self.0.offset = Some(offset);
        }
        self
    }

    /// Resolves line and column against the input the offset refers to.
    #[cold]
    pub(crate) fn locate(mut self, input: &[u8]) -> Error {
        if let Some(off) = self.0.offset {
            let off = off.min(input.len());
            let before = &input[..off];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            self.0.line_col = Some((line, off - line_start + 1));
        }
        self
    }
}

/// Where a window of a stream sits, to turn a window-relative error offset into a stream
/// position: `buf[start..]` is the window, `buf[0]` is at stream offset `base`, and the
/// `lines` newlines before it ended with the one at stream offset `line_start - 1`.
pub(crate) struct StreamPos<'a> {
    pub(crate) buf: &'a [u8],
    pub(crate) start: usize,
    pub(crate) base: usize,
    pub(crate) lines: usize,
    pub(crate) line_start: usize,
    /// JSON counts lines; MessagePack, being binary, reports the offset only.
    pub(crate) text: bool,
}

impl Error {
    /// Moves an error whose offset is relative to the window of `at` to its stream position
    /// (offset, and line and column for text), and records the item it is in.
    #[cold]
    #[inline(never)]
    pub(crate) fn in_stream(mut self, at: &StreamPos<'_>, item: Option<usize>) -> Error {
        self.0.item = item;
        if let Some(rel) = self.0.offset {
            let in_buf = at.start.saturating_add(rel).min(at.buf.len());
            let offset = at.base + in_buf;
            self.0.offset = Some(offset);
            if at.text {
                let before = &at.buf[..in_buf];
                let lines = at.lines + before.iter().filter(|&&b| b == b'\n').count();
                let line_start = before.iter().rposition(|&b| b == b'\n').map_or(at.line_start, |p| at.base + p + 1);
                self.0.line_col = Some((lines + 1, offset - line_start + 1));
            }
        }
        self
    }
}

impl Error {
    /// The message without its position: the kind, then ` at <path>` when there is one.
    /// Used where several errors are listed together (untagged enums).
    pub fn message(&self) -> String {
        if self.0.path.is_empty() {
            self.0.kind.to_string()
        } else {
            format!("{} at {}", self.0.kind, self.path())
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())?;
        let item = self.0.item.map(|i| format!("item {i}, ")).unwrap_or_default();
        match (self.0.line_col, self.0.offset) {
            (Some((l, c)), _) => write!(f, " ({item}line {l}, column {c})"),
            (None, Some(o)) => write!(f, " ({item}byte {o})"),
            (None, None) => match self.0.item {
                Some(i) => write!(f, " (item {i})"),
                None => Ok(()),
            },
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.0.kind)
            .field("offset", &self.0.offset)
            .field("path", &self.path())
            .field("line_col", &self.0.line_col)
            .field("item", &self.0.item)
            .finish()
    }
}

// `core::error::Error` is `std::error::Error`: one impl for both builds.
impl core::error::Error for Error {}

#[cfg(feature = "std")]
impl From<std::io::Error> for Error {
    #[cold]
    fn from(e: std::io::Error) -> Error {
        Error::without_position(ErrorKind::Io(IoError::from(&e)))
    }
}

/// Shorthand used throughout the crate and by generated code.
pub type Result<T, E = Error> = core::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_is_one_pointer() {
        assert_eq!(core::mem::size_of::<Error>(), core::mem::size_of::<usize>());
        assert_eq!(core::mem::size_of::<Result<()>>(), core::mem::size_of::<usize>());
    }

    #[test]
    fn path_renders_innermost_last() {
        let e = Error::new(ErrorKind::Eof, 3).in_field("id").in_index(3).in_key("a\"b").in_field("statuses");
        assert_eq!(e.path(), ".statuses[\"a\\\"b\"][3].id");
    }

    #[test]
    fn locate_counts_lines_and_columns() {
        let e = Error::new(ErrorKind::Eof, 5).locate(b"ab\ncdef");
        assert_eq!((e.line(), e.column()), (Some(2), Some(3)));
    }

    fn assert_send_sync<T: Send + Sync + 'static>() {}
    #[test]
    fn error_is_send_sync_static() {
        assert_send_sync::<Error>();
    }
}
