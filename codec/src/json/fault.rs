//! The input's own first fault, for a decode that failed.
//!
//! A typed decoder judges a value by its first byte (`nonsense` looks like `null`, `tru`
//! like `true`) and stops at the first value of the wrong shape, before it has seen
//! whether the document is JSON at all. The rule of [`Error::is_input_error`] is that a
//! document that is not JSON is an input error at its first fault, whatever the type it is
//! decoded into, so that a service can answer 400 for a malformed body and 422 for a
//! well-formed one of the wrong shape. [`first_fault`] enforces it where a decode ends
//! (`from_slice`, each item of a stream): it checks the document with
//! [`JsonReader::skip_value`] and reports its first fault instead of an error that is no
//! input error, or that lies further on. That runs only on the error path: a successful
//! decode pays nothing, and a failed one reads the document once more, as far as its
//! first fault.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::reader::JsonReader;
use super::Options;
use crate::error::Error;

/// The error to report for a decode of the value at the start of `input` (at nesting
/// `depth`; with `whole`, only whitespace may follow it) that failed with `error`: the
/// value's first fault, with the path to it, where it has one and `error` is no input
/// error or lies further on; else `error`.
#[cold]
#[inline(never)]
pub(crate) fn first_fault(error: Error, input: &[u8], options: &Options, depth: usize, whole: bool) -> Error {
    let mut r = JsonReader::with_options(input, options);
    r.seek(0, depth);
    match r.skip_value().and_then(|()| if whole { r.end() } else { Ok(()) }) {
        Err(fault) => report(error, fault, input),
        Ok(()) => error,
    }
}

/// Of a decode's `error` and the first `fault` of its `input`: the fault, with its path,
/// where `error` is no input error or lies further on (a decoder that scans ahead, for an
/// internally tagged enum's tag, may meet a later fault first); else `error`.
#[cold]
#[inline(never)]
pub(super) fn report(error: Error, fault: Error, input: &[u8]) -> Error {
    if !error.is_input_error() || fault.offset() < error.offset() {
        with_path(fault, input)
    } else {
        error
    }
}

/// One open container on the way to the fault.
enum Open {
    /// An array, at this element.
    Array(usize),
    /// An object, inside the member of this key (`None` before a key is complete).
    Object(Option<String>),
}

/// `fault` with the path from the root to where it is: the arrays' indexes and the
/// objects' keys (as `.key`, the way a struct's fields are shown) around its offset. The
/// bytes before the first fault are well-formed, so counting brackets, commas and keys
/// over them is enough: no second parser.
fn with_path(fault: Error, input: &[u8]) -> Error {
    let end = fault.offset().unwrap_or(0).min(input.len());
    let mut open: Vec<Open> = Vec::new();
    let mut key_next = false;
    let mut i = 0;
    let mut in_string = false;
    while i < end {
        match input[i] {
            b'"' => {
                let Some(close) = closing_quote(input, i + 1).filter(|&c| c < end) else {
                    in_string = true;
                    break;
                };
                if key_next {
                    if let Some(Open::Object(key)) = open.last_mut() {
                        *key = Some(key_text(&input[i..=close]));
                    }
                    key_next = false;
                }
                i = close;
            }
            b'[' => open.push(Open::Array(0)),
            b'{' => {
                open.push(Open::Object(None));
                key_next = true;
            }
            b']' | b'}' => {
                open.pop();
            }
            b',' => match open.last_mut() {
                Some(Open::Array(n)) => *n += 1,
                Some(Open::Object(key)) => {
                    *key = None;
                    key_next = true;
                }
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    // A fault that follows a complete value (`[1 2]`, `{"a":1 "b":2}`) lies between two
    // members, not in the last one: the path is the container's.
    let between = !in_string && follows_a_value(input, end);
    let innermost = open.len();
    // Segments go on innermost first.
    open.into_iter().enumerate().rev().fold(fault, |e, (depth, level)| match level {
        _ if between && depth + 1 == innermost => e,
        Open::Array(n) => e.in_index(n),
        Open::Object(Some(key)) => e.in_member(Cow::Owned(key)),
        Open::Object(None) => e,
    })
}

/// Whether the token at `at` (or the number or literal that `at` is inside of) comes
/// right after a complete value, rather than where a value starts.
fn follows_a_value(input: &[u8], at: usize) -> bool {
    let in_token = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-');
    let mut start = at;
    while start > 0 && in_token(input[start - 1]) {
        start -= 1;
    }
    let before = input[..start].iter().rposition(|&b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t'));
    before.is_some_and(|p| !matches!(input[p], b'[' | b'{' | b',' | b':'))
}

/// The offset of the `"` that closes the string whose body starts at `from`.
fn closing_quote(input: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i < input.len() {
        match input[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// A key's text from its quoted, well-formed bytes.
fn key_text(quoted: &[u8]) -> String {
    JsonReader::new(quoted).read_string().unwrap_or_else(|_| String::from_utf8_lossy(quoted).into_owned())
}
