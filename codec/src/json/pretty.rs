//! Pretty output: a [`Sink`] that reformats compact JSON on its way out.
//!
//! Generated encoders write structure as raw byte literals (`{"name":`, `,"other":`), so
//! no per-call hook could indent them. Instead a pretty document is encoded compactly, as
//! always, into a streaming [`JsonWriter`](super::JsonWriter) whose sink is this printer:
//! each chunk it receives passes through a small state machine (depth, inside a string,
//! after a backslash, "a newline is due unless the container closes at once") that inserts
//! line breaks and indentation. The state carries across chunks, so the printer streams
//! like any sink, and the compact path does not change at all.
//!
//! The layout is serde_json's `PrettyFormatter`'s: one member per line, `": "` after keys,
//! `[]` and `{}` for empty containers, no newline at the end.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::string::find_special;
use super::writer::append_short_unchecked;
use crate::sink::Sink;

/// How [`to_string_pretty_with`](super::to_string_pretty_with) and its siblings lay out
/// their output.
///
/// ```
/// use codec::json::{to_string_pretty_with, PrettyOptions};
///
/// let tabs = PrettyOptions::new().indent("\t");
/// assert_eq!(to_string_pretty_with(&[1, 2], &tabs)?, "[\n\t1,\n\t2\n]");
/// let four = PrettyOptions::new().indent("    ");
/// assert_eq!(to_string_pretty_with(&vec![vec![1]], &four)?, "[\n    [\n        1\n    ]\n]");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrettyOptions {
    indent: Cow<'static, str>,
    /// What the compact output that is indented follows: non-finite floats, shared references.
    pub(crate) encode: super::EncodeOptions,
}

impl Default for PrettyOptions {
    fn default() -> Self {
        PrettyOptions { indent: Cow::Borrowed("  "), encode: super::EncodeOptions::default() }
    }
}

impl PrettyOptions {
    /// The defaults: two spaces per level, as serde_json's `to_string_pretty`.
    ///
    /// ```
    /// let opts = codec::json::PrettyOptions::new();
    /// assert_eq!(codec::json::to_string_pretty_with(&Some(vec![1]), &opts)?, "[\n  1\n]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The text of one level of indentation: any string (spaces or tabs, any width). An
    /// empty one still breaks lines, without indenting them.
    ///
    /// ```
    /// let flat = codec::json::PrettyOptions::new().indent("");
    /// assert_eq!(codec::json::to_string_pretty_with(&[[1]], &flat)?, "[\n[\n1\n]\n]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn indent(mut self, indent: impl Into<Cow<'static, str>>) -> Self {
        self.indent = indent.into();
        self
    }

    /// The [`EncodeOptions`](super::EncodeOptions) of the output, which pretty printing
    /// lays out: a [`NonFinite`](crate::NonFinite) policy, shared references. With
    /// `preserve_refs`, the compact document is made in memory first (its ids go in after
    /// encoding), then indented.
    ///
    /// ```
    /// use std::rc::Rc;
    /// use codec::json::{to_string_pretty_with, EncodeOptions, PrettyOptions};
    /// use codec::NonFinite;
    ///
    /// let nulls = PrettyOptions::new().encode_options(EncodeOptions::new().non_finite(NonFinite::Null));
    /// assert_eq!(to_string_pretty_with(&[f64::NAN, 1.5], &nulls)?, "[\n  null,\n  1.5\n]");
    ///
    /// let shared = Rc::new(vec![1]);
    /// let refs = PrettyOptions::new().encode_options(EncodeOptions::new().preserve_refs(true));
    /// assert_eq!(
    ///     to_string_pretty_with(&[Rc::clone(&shared), shared], &refs)?,
    ///     "[\n  {\n    \"$id\": 1,\n    \"$value\": [\n      1\n    ]\n  },\n  {\n    \"$ref\": 1\n  }\n]"
    /// );
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn encode_options(mut self, options: super::EncodeOptions) -> Self {
        self.encode = options;
        self
    }
}

/// Appends `s`: tokens, string runs and line breaks are mostly a few bytes, where
/// `memcpy`'s call and size dispatch cost more than the copy (the same trick as the
/// writer's numbers).
#[inline(always)]
fn emit(out: &mut Vec<u8>, s: &[u8]) {
    if s.len() <= 32 {
        out.reserve(s.len());
        // SAFETY: `s.len() <= 32`, and `reserve` made room for it.
        unsafe { append_short_unchecked(out, s) }
    } else {
        out.extend_from_slice(s);
    }
}

/// Offset of the first `"`, `\` (or control byte, which only a hand-written `write_raw`
/// can put in a string) at or after `pos`: sixteen bytes at a time where SSE2 is there,
/// as the reader's string scan.
#[inline(always)]
fn find_quote_or_backslash(input: &[u8], pos: usize) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    let pos = {
        let mut pos = pos;
        while let Some((mask, _)) = super::simd::sse2::special_and_high_16(input, pos) {
            if mask != 0 {
                return Some(pos + mask.trailing_zeros() as usize);
            }
            pos += 16;
        }
        pos
    };
    find_special(input, pos)
}

/// The end of the number or literal that goes on at `i`. Digits go eight at a time, since
/// they are most of a document's bytes outside strings (one byte at a time, this loop was
/// a tenth of the printer's instructions on citm_catalog); other bytes (signs, points,
/// `true`, `null`) one at a time, as a run of them is short.
#[inline(always)]
fn plain_run_end(input: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    loop {
        let Some(&b) = input.get(i) else { return i };
        if b.is_ascii_digit() {
            if let Some(chunk) = input.get(i..i + 8) {
                let x = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
                // The high bit of each byte that is not an ASCII digit: `b - '0'` wraps
                // for bytes below '0', `b + (0x80 - 0x3a)` reaches 0x80 for bytes above
                // '9'. A borrow or carry crosses into the next byte only from a byte that
                // is flagged itself, so the lowest flag is exact (and not the first byte,
                // a digit).
                let flags = (x.wrapping_sub(0x30 * ONES) | x.wrapping_add(0x46 * ONES)) & (0x80 * ONES);
                i += if flags == 0 { 8 } else { (flags.trailing_zeros() / 8) as usize };
                continue;
            }
        } else if CLASS[b as usize] != PLAIN {
            return i;
        }
        i += 1;
    }
}

/// What [`Pretty::format`] considers each byte outside strings to be.
const PLAIN: u8 = 0;
const QUOTE: u8 = 1;
const OPEN: u8 = 2;
const CLOSE: u8 = 3;
const COMMA: u8 = 4;
const COLON: u8 = 5;
const SPACE: u8 = 6;

static CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    t[b'"' as usize] = QUOTE;
    t[b'{' as usize] = OPEN;
    t[b'[' as usize] = OPEN;
    t[b'}' as usize] = CLOSE;
    t[b']' as usize] = CLOSE;
    t[b',' as usize] = COMMA;
    t[b':' as usize] = COLON;
    // Only `RawJson` can carry whitespace into the compact stream; the printer drops it
    // and lays the raw value out like the rest.
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t
};

/// How much compact input, as a fraction of the buffer size, is formatted between checks
/// of whether the output should go to the next sink: keeps the output chunks near the
/// buffer size even where indentation makes the text several times longer.
const PIECE_PER_LIMIT: usize = 8;

/// The pretty printer, a [`Sink`] for compact JSON that writes indented JSON to `next`,
/// or, without a next sink, collects it all for [`into_vec`](Self::into_vec).
pub(crate) struct Pretty<'s> {
    out: Vec<u8>,
    next: Option<&'s mut dyn Sink>,
    limit: usize,
    /// `,\n` followed by the indent repeated: a line break at depth `d` is the
    /// `1 + d * unit` bytes after the comma, and a comma with its line break one more;
    /// grown when a deeper level appears.
    newline: Vec<u8>,
    unit: usize,
    indent: Cow<'static, str>,
    depth: usize,
    /// After `{` or `[`: the line break is written with the next byte, unless that byte
    /// closes the container (`{}`, `[]`).
    pending: bool,
    in_string: bool,
    /// Inside a string, right after a backslash that ended the previous chunk.
    escape: bool,
}

impl<'s> Pretty<'s> {
    pub(crate) fn new(options: &PrettyOptions, next: Option<&'s mut dyn Sink>, limit: usize) -> Self {
        let indent = options.indent.clone();
        let unit = indent.len();
        let mut newline = Vec::with_capacity(2 + 8 * unit);
        newline.extend_from_slice(b",\n");
        for _ in 0..8 {
            newline.extend_from_slice(indent.as_bytes());
        }
        let out = if next.is_some() { Vec::with_capacity(limit + limit / 2) } else { Vec::new() };
        Pretty { out, next, limit, newline, unit, indent, depth: 0, pending: false, in_string: false, escape: false }
    }

    /// Everything printed, when there was no next sink; what is left otherwise.
    pub(crate) fn into_vec(self) -> Vec<u8> {
        self.out
    }

    /// Hands what is printed so far to the next sink, if there is one.
    pub(crate) fn flush(&mut self) {
        if let Some(next) = self.next.as_deref_mut() {
            if !self.out.is_empty() {
                next.write_chunk(&self.out);
                self.out.clear();
            }
        }
    }

    /// A line break and the indentation of `depth`, after a comma when `comma` is set.
    #[inline(always)]
    fn newline(&mut self, depth: usize, comma: bool) {
        let end = 2 + depth * self.unit;
        if end > self.newline.len() {
            self.deepen(end);
        }
        emit(&mut self.out, &self.newline[usize::from(!comma)..end]);
    }

    #[cold]
    #[inline(never)]
    fn deepen(&mut self, len: usize) {
        while self.newline.len() < len {
            self.newline.extend_from_slice(self.indent.as_bytes());
        }
    }

    /// Copies a string from `i` (its opening quote, or where the previous chunk cut it)
    /// up to and including its closing quote, searching from `search`; returns the offset
    /// after it, or `input.len()` when the string goes on in the next chunk.
    #[inline(always)]
    fn string_body(&mut self, input: &[u8], mut i: usize, search: usize) -> usize {
        let mut search = search;
        if self.escape {
            let Some(&b) = input.get(i) else { return i };
            self.out.push(b);
            self.escape = false;
            i += 1;
            search = i;
        }
        loop {
            let Some(at) = find_quote_or_backslash(input, search) else {
                emit(&mut self.out, &input[i..]);
                return input.len();
            };
            match input[at] {
                b'"' => {
                    emit(&mut self.out, &input[i..=at]);
                    self.in_string = false;
                    return at + 1;
                }
                b'\\' if at + 1 < input.len() => {
                    emit(&mut self.out, &input[i..at + 2]);
                    i = at + 2;
                    search = i;
                }
                b'\\' => {
                    emit(&mut self.out, &input[i..]);
                    self.escape = true;
                    return input.len();
                }
                // A raw control byte: only a hand-written `write_raw` can put one here.
                _ => {
                    emit(&mut self.out, &input[i..=at]);
                    i = at + 1;
                    search = i;
                }
            }
        }
    }

    /// Reformats one piece of compact JSON, continuing from the state the last one left.
    fn format(&mut self, input: &[u8]) {
        let n = input.len();
        let mut i = 0;
        if self.in_string {
            i = self.string_body(input, 0, 0);
        }
        // In locals for the loop: the calls that append would make the compiler reload
        // fields from memory.
        let mut depth = self.depth;
        let mut pending = self.pending;
        while i < n {
            let b = input[i];
            let class = CLASS[b as usize];
            if class == SPACE {
                i += 1;
                continue;
            }
            if pending {
                pending = false;
                if class == CLOSE {
                    self.out.push(b);
                    depth = depth.saturating_sub(1);
                    i += 1;
                    continue;
                }
                self.newline(depth, false);
            }
            match class {
                QUOTE => {
                    self.in_string = true;
                    i = self.string_body(input, i, i + 1);
                    // A key's colon, or the comma after a value, follows at once: handled
                    // here, without another turn of the loop (most strings are keys).
                    if !self.in_string {
                        match input.get(i) {
                            Some(b':') => {
                                emit(&mut self.out, b": ");
                                i += 1;
                            }
                            Some(b',') => {
                                self.newline(depth, true);
                                i += 1;
                            }
                            _ => {}
                        }
                    }
                }
                OPEN => {
                    self.out.push(b);
                    depth += 1;
                    pending = true;
                    i += 1;
                }
                CLOSE => {
                    // Saturating: a hand-written impl may `write_raw` unbalanced text,
                    // which must not panic here.
                    depth = depth.saturating_sub(1);
                    self.newline(depth, false);
                    self.out.push(b);
                    i += 1;
                    if input.get(i) == Some(&b',') {
                        self.newline(depth, true);
                        i += 1;
                    }
                }
                COMMA => {
                    self.newline(depth, true);
                    i += 1;
                }
                COLON => {
                    emit(&mut self.out, b": ");
                    i += 1;
                }
                _ => {
                    // A number or literal: copied as one run.
                    let start = i;
                    i = plain_run_end(input, i + 1);
                    emit(&mut self.out, &input[start..i]);
                    // The comma after a member or an element, likewise.
                    if input.get(i) == Some(&b',') {
                        self.newline(depth, true);
                        i += 1;
                    }
                }
            }
        }
        self.depth = depth;
        self.pending = pending;
    }
}

impl Sink for Pretty<'_> {
    fn write_chunk(&mut self, bytes: &[u8]) {
        // Room for the chunk and some indentation at once, rather than growing in steps.
        self.out.reserve(bytes.len() + bytes.len() / 2);
        let piece_len = (self.limit / PIECE_PER_LIMIT).max(64);
        for piece in bytes.chunks(piece_len) {
            self.format(piece);
            if self.next.is_some() && self.out.len() >= self.limit {
                self.flush();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::String;

    use super::*;

    fn print(chunks: &[&[u8]], indent: &'static str) -> String {
        let mut p = Pretty::new(&PrettyOptions::new().indent(indent), None, 1 << 16);
        for chunk in chunks {
            p.write_chunk(chunk);
        }
        String::from_utf8(p.into_vec()).unwrap()
    }

    #[test]
    fn lays_out_like_serde_json() {
        let compact = br#"{"a":[],"b":{},"c":[1,{"d":null}],"e":"x,:{}[]\"\\"}"#;
        let want = "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    {\n      \"d\": null\n    }\n  ],\n  \"e\": \"x,:{}[]\\\"\\\\\"\n}";
        assert_eq!(print(&[compact], "  "), want);
        assert_eq!(print(&[b"[[]]"], "\t"), "[\n\t[]\n]");
        assert_eq!(print(&[b"7"], "  "), "7");
    }

    /// The state (inside a string, after a backslash, a newline due after `{`) survives
    /// a chunk boundary at every offset, including two-way splits inside escapes.
    #[test]
    fn any_split_gives_the_same_text() {
        let compact: &[u8] = br#"{"k\"ey":[{},[],"a\\\"b",-1.5e3,true,{"x":"\u00e9,:"}],"z":[[[]]]}"#;
        let whole = print(&[compact], "  ");
        for i in 0..=compact.len() {
            assert_eq!(print(&[&compact[..i], &compact[i..]], "  "), whole, "split at {i}");
            for j in i..=compact.len() {
                assert_eq!(print(&[&compact[..i], &compact[i..j], &compact[j..]], "  "), whole, "split at {i}, {j}");
            }
        }
        let bytewise: Vec<&[u8]> = compact.chunks(1).collect();
        assert_eq!(print(&bytewise, "  "), whole);
    }

    /// Strings longer than the scan's 16-byte step, with escapes and a raw control byte
    /// inside and at the step's edges, come out byte for byte, split anywhere.
    #[test]
    fn long_strings_copy_whole_at_any_split() {
        let compact: &[u8] =
            b"{\"a-key-of-twenty-bytes\":\"0123456789abcde\\\"0123456789abcdef\\\\x\x01y\",\"b\":[\"\\n0123456789abcdef0123\"]}";
        let want = "{\n  \"a-key-of-twenty-bytes\": \"0123456789abcde\\\"0123456789abcdef\\\\x\u{1}y\",\n  \"b\": [\n    \"\\n0123456789abcdef0123\"\n  ]\n}";
        assert_eq!(print(&[compact], "  "), want);
        for i in 0..=compact.len() {
            assert_eq!(print(&[&compact[..i], &compact[i..]], "  "), want, "split at {i}");
        }
    }

    /// Deeper than the prepared indentation, and unbalanced input (a hand-written
    /// `write_raw` can produce it) neither panics nor loses bytes.
    #[test]
    fn deep_and_unbalanced_input() {
        let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
        let text = print(&[deep.as_bytes()], "   ");
        assert!(text.contains(&format!("\n{}[]", "   ".repeat(39))));
        assert_eq!(print(&[b"]]}1,{"], "  "), "\n]\n]\n}1,\n{");
    }

    /// The eight-at-a-time run scan stops where a byte loop over the class table does:
    /// every start in runs of digits, signs, exponents, literals and high bytes, cut by
    /// each kind of non-plain byte.
    #[test]
    fn plain_runs_end_where_a_byte_loop_says() {
        let byte_loop = |input: &[u8], mut i: usize| {
            while i < input.len() && CLASS[input[i] as usize] == PLAIN {
                i += 1;
            }
            i
        };
        let runs: [&[u8]; 6] =
            [b"1234567890123456789", b"-65.613616999999977e+300", b"true", b"null", b"9\xff\x809/:", b"0"];
        for run in runs {
            for end in [&b""[..], b",", b"]", b"}", b" ", b":", b"\"", b"[", b"{", b"\n"] {
                let input = [run, end, b"123456789"].concat();
                for start in 0..input.len() {
                    assert_eq!(plain_run_end(&input, start), byte_loop(&input, start), "{input:?} from {start}");
                }
            }
        }
    }

    /// With a next sink, output goes on in chunks near the limit.
    #[test]
    fn hands_output_on_near_the_limit() {
        struct Chunks(Vec<usize>, Vec<u8>);
        impl Sink for Chunks {
            fn write_chunk(&mut self, bytes: &[u8]) {
                self.0.push(bytes.len());
                self.1.extend_from_slice(bytes);
            }
        }
        let compact = format!("[{}]", vec!["[1,2]"; 20_000].join(","));
        let mut next = Chunks(Vec::new(), Vec::new());
        let mut p = Pretty::new(&PrettyOptions::new(), Some(&mut next), 4096);
        p.write_chunk(compact.as_bytes());
        p.flush();
        drop(p);
        assert_eq!(String::from_utf8(next.1).unwrap(), print(&[compact.as_bytes()], "  "));
        assert!(next.0.len() > 10, "{:?}", next.0);
        // One piece of input (an eighth of the limit) can expand past the limit before
        // the check; here each byte becomes at most 5.
        assert!(next.0.iter().all(|&n| n > 0 && n <= 4096 + 5 * 4096 / PIECE_PER_LIMIT), "{:?}", next.0);
    }
}
