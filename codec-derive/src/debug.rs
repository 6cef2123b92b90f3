//! `#[codec(debug)]` on a type, or `CODEC_DEBUG=TypeName` (a comma-separated list of type
//! names, or `*` for all) in the environment of the build: the derive shows the code it
//! writes for that type.
//!
//! Stable Rust gives a proc macro no way to print a note, so the code goes into the note
//! of a `#[deprecated]` unit struct that the output then uses, spanned at the `debug`
//! attribute (or the type's name): rustc reports that use as a warning carrying the text,
//! and the build goes on. The same text is written to
//! `target/codec-debug/<crate>/<Type>.rs`, whose path the warning names.
//!
//! The code is laid out by [`format`], a small printer over the token stream (indented
//! blocks, one statement or item per line, spacing by token kind). `prettyplease` would lay
//! it out better but costs every build of this crate about as much CPU time again as
//! `syn` itself (5.4 s against `syn`'s 12.5 s in a debug build, measured), for a tool used
//! once in a while.

use std::path::{Path, PathBuf};

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};

use crate::ast::Container;

/// The environment variable that names the types to show.
const ENV: &str = "CODEC_DEBUG";

/// Where to point the warning, if `c`'s code is to be shown.
pub fn requested(c: &Container) -> Option<Span> {
    if let Some(span) = c.attrs.debug {
        return Some(span);
    }
    let list = std::env::var(ENV).ok()?;
    listed(&list, &c.ident.to_string()).then(|| c.ident.span())
}

/// Whether `name` is in `list` (`A, B` or `*`).
fn listed(list: &str, name: &str) -> bool {
    list.split(',').map(str::trim).any(|n| n == name || n == "*")
}

/// Tells rustc that the crate depends on `CODEC_DEBUG`: `option_env!` records it in the
/// crate's dep-info, so cargo rebuilds the crate (and reruns the derive) when the variable
/// changes, which a proc macro reading it cannot ask for on stable. A statement of the
/// derive's `const _` block, so that it costs no item of its own.
pub fn track_env() -> TokenStream {
    quote!(
        let _ = ::core::option_env!("CODEC_DEBUG");
    )
}

/// The warning that shows `code` (the derive's output for `c`), after writing it to the
/// file it names.
pub fn emit(c: &Container, span: Span, code: &TokenStream) -> TokenStream {
    let ident = c.ident.to_string();
    let text = format(code.clone());
    let written = match write(&ident, &text) {
        Ok(path) => format!("also written to {}", path.display()),
        Err(e) => format!("not written to a file: {e}"),
    };
    let note = format!("codec: the code derived for `{ident}` ({written}):\n\n{text}");
    let marker = quote_spanned!(span=> __codec_debug);
    quote! {
        const _: () = {
            #[deprecated(note = #note)]
            #[allow(non_camel_case_types)]
            struct __codec_debug;
            let _ = #marker;
        };
    }
}

/// Writes `text` to `target/codec-debug/<crate>/<ident>.rs`; returns the path. A proc
/// macro is not told the module of the type, so when two shown types of the crate share
/// a name, the second goes to `<ident>-2.rs`, and so on (one rustc process compiles one
/// crate, so the files written in this process are the crate's).
fn write(ident: &str, text: &str) -> std::io::Result<PathBuf> {
    static WRITTEN: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let krate = std::env::var("CARGO_CRATE_NAME").unwrap_or_else(|_| "unknown_crate".to_owned());
    let dir = target_dir()?.join("codec-debug").join(krate);
    std::fs::create_dir_all(&dir)?;
    let mut written = WRITTEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let path = (1..)
        .map(|n| if n == 1 { dir.join(format!("{ident}.rs")) } else { dir.join(format!("{ident}-{n}.rs")) })
        .find(|p| !written.contains(p))
        .unwrap_or_else(|| dir.join(format!("{ident}.rs")));
    std::fs::write(&path, text)?;
    written.push(path.clone());
    Ok(path)
}

/// The build's target directory: `CARGO_TARGET_DIR` when the environment sets it, else the
/// nearest `target` directory above the crate (a workspace's is at its root), else the
/// crate's own `target`. Cargo tells a proc macro neither `OUT_DIR` nor a config file's
/// `build.target-dir`.
fn target_dir() -> std::io::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        return std::path::absolute(Path::new(&dir));
    }
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .ok_or_else(|| std::io::Error::other("CARGO_MANIFEST_DIR is not set (not built by cargo?)"))?;
    Ok(manifest.ancestors().map(|a| a.join("target")).find(|t| t.is_dir()).unwrap_or_else(|| manifest.join("target")))
}

/// Rust code laid out for reading: `tokens` with indented blocks, one item, statement,
/// match arm or field per line. The result parses back to the same tokens.
pub fn format(tokens: TokenStream) -> String {
    let mut p = Printer::default();
    p.stream(tokens, true);
    p.newline();
    p.out
}

/// What was printed last, as far as spacing cares.
#[derive(Clone, PartialEq)]
enum Prev {
    Start,
    /// An identifier, keyword or literal: the text.
    Word(String),
    Op(&'static str),
    Open(Delimiter),
    Close(Delimiter),
}

/// Multi-character operators, longest first: a run of joint punctuation is split into these.
const OPS: &[&str] = &[
    "...", "..=", "<<=", ">>=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
    "^=", "&=", "|=", "<<", ">>", "..", "=", "<", ">", "!", "~", "+", "-", "*", "/", "%", "^", "&", "|", "@", ".", ",",
    ";", ":", "#", "$", "?", "'",
];

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "fn", "for", "if", "impl", "in", "let",
    "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct", "trait", "type", "unsafe",
    "use", "where", "while", "dyn",
];

struct Printer {
    out: String,
    indent: usize,
    line_start: bool,
    prev: Prev,
    /// The next token follows without a space (after `.`, `::`, `#`, a unary operator, an
    /// opening `<` of generics).
    glue: bool,
    /// Open `<` of generics (or of a qualified path) not yet closed.
    generics: usize,
    /// A `}` was printed: a newline follows unless the next token continues the line.
    after_brace: bool,
}

impl Default for Printer {
    fn default() -> Self {
        Printer {
            out: String::new(),
            indent: 0,
            line_start: true,
            prev: Prev::Start,
            glue: false,
            generics: 0,
            after_brace: false,
        }
    }
}

impl Printer {
    fn newline(&mut self) {
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        if !self.line_start {
            self.out.push('\n');
        }
        self.line_start = true;
        self.after_brace = false;
    }

    /// Writes `text`, after a space if `space` and the previous token does not glue.
    fn write(&mut self, text: &str, space: bool) {
        if self.line_start {
            self.out.push_str(&"    ".repeat(self.indent));
            self.line_start = false;
        } else if space && !self.glue && !matches!(self.prev, Prev::Start | Prev::Open(_)) {
            self.out.push(' ');
        }
        self.out.push_str(text);
        self.glue = false;
    }

    /// `block`: inside braces (or at the top), where `;` and `,` end lines.
    fn stream(&mut self, tokens: TokenStream, block: bool) {
        let mut iter = tokens.into_iter().peekable();
        while let Some(tt) = iter.next() {
            match tt {
                TokenTree::Group(g) if g.delimiter() == Delimiter::None => self.stream(g.stream(), block),
                TokenTree::Group(g) => self.group(g.delimiter(), g.stream(), block),
                TokenTree::Ident(i) => self.word(i.to_string()),
                TokenTree::Literal(l) => self.word(l.to_string()),
                TokenTree::Punct(p) => {
                    // A lifetime is `'` joined to the identifier after it.
                    if p.as_char() == '\'' {
                        if let Some(TokenTree::Ident(i)) = iter.peek() {
                            let word = format!("'{i}");
                            iter.next();
                            self.word(word);
                            continue;
                        }
                    }
                    let mut run = p.as_char().to_string();
                    let mut joint = p.spacing() == Spacing::Joint;
                    while joint {
                        match iter.peek() {
                            Some(TokenTree::Punct(next)) if next.as_char() != '\'' => {
                                run.push(next.as_char());
                                joint = next.spacing() == Spacing::Joint;
                                iter.next();
                            }
                            _ => break,
                        }
                    }
                    let mut rest = run.as_str();
                    while let Some(first) = rest.chars().next() {
                        // `OPS` has every character a `Punct` can hold; were one missing,
                        // it would print as a word, still parsing back.
                        match OPS.iter().find(|op| rest.starts_with(**op)) {
                            Some(op) => {
                                rest = &rest[op.len()..];
                                self.op(op, block);
                            }
                            None => {
                                rest = &rest[first.len_utf8()..];
                                self.word(first.to_string());
                            }
                        }
                    }
                }
            }
        }
    }

    /// A `}` just printed is followed on the same line by `next`, or by a newline.
    fn before(&mut self, next: &str) {
        if self.after_brace {
            if matches!(next, "," | ";" | "." | "?" | ")" | "]" | "else") {
                self.after_brace = false;
            } else {
                self.newline();
            }
        }
    }

    /// The previous token is a name: a call, index, macro or path may follow it unspaced.
    fn prev_is_name(&self) -> bool {
        match &self.prev {
            Prev::Word(w) => {
                w.starts_with(|c: char| c.is_alphabetic() || c == '_')
                    && (!KEYWORDS.contains(&w.as_str()) || matches!(w.as_str(), "crate"))
                    || matches!(w.as_str(), "self" | "Self" | "super")
            }
            _ => false,
        }
    }

    /// The previous token ends an operand: what follows is a binary operator, not a unary
    /// one (or a comparison, not generics).
    fn prev_is_operand(&self) -> bool {
        match &self.prev {
            Prev::Word(w) => !KEYWORDS.contains(&w.as_str()) || matches!(w.as_str(), "self" | "Self"),
            Prev::Close(d) => *d != Delimiter::Brace,
            _ => false,
        }
    }

    fn word(&mut self, w: String) {
        self.before(&w);
        self.write(&w, true);
        self.prev = Prev::Word(w);
    }

    fn op(&mut self, op: &'static str, block: bool) {
        self.before(op);
        // `>>` closing two generics at once.
        if op == ">>" && self.generics >= 2 {
            self.op(">", block);
            self.op(">", block);
            return;
        }
        // `a < b` only after an operand written in lower case; `Vec<`, `impl<`, `(<T as`
        // open generics or a qualified path.
        let lower_operand = self.prev_is_operand()
            && !matches!(&self.prev, Prev::Word(w) if w.starts_with(|c: char| c.is_ascii_uppercase()));
        let generic_open = op == "<" && !lower_operand;
        let generic_close = op == ">" && self.generics > 0;
        let unary = matches!(op, "*" | "-" | "!" | "&") && !self.prev_is_operand();
        let space = match op {
            "," | ";" | "." | "?" | ":" => false,
            "::" => !(self.prev_is_name() || matches!(self.prev, Prev::Close(_)) || self.prev == Prev::Op(">")),
            "!" => !self.prev_is_name(),
            "<" if generic_open => !matches!(self.prev, Prev::Word(_) | Prev::Op("::")),
            ">" if generic_close => false,
            _ => true,
        };
        self.write(op, space);
        if generic_open {
            self.generics += 1;
        } else if generic_close {
            self.generics -= 1;
        }
        self.glue = unary || generic_open || matches!(op, "." | "::" | "#" | "!");
        self.prev = Prev::Op(op);
        if block && (op == ";" || op == "," && self.generics == 0) {
            self.newline();
        }
    }

    fn group(&mut self, delim: Delimiter, inner: TokenStream, block: bool) {
        let (open, close) = match delim {
            Delimiter::Parenthesis => ("(", ")"),
            Delimiter::Bracket => ("[", "]"),
            Delimiter::Brace => ("{", "}"),
            Delimiter::None => ("", ""),
        };
        self.before(open);
        // A call, an index, a macro's arguments, an attribute: no space.
        let space =
            delim == Delimiter::Brace || !(self.prev_is_name() || matches!(self.prev, Prev::Close(_) | Prev::Op(">")));
        let attribute = delim == Delimiter::Bracket && matches!(self.prev, Prev::Op("#") | Prev::Op("!"));
        let generics = std::mem::take(&mut self.generics);
        if delim == Delimiter::Brace {
            // `name! {` as rustfmt writes it.
            self.glue = false;
            if inner.is_empty() {
                self.write("{}", space);
            } else {
                self.write(open, space);
                self.indent += 1;
                self.newline();
                self.prev = Prev::Open(delim);
                self.stream(inner, true);
                self.newline();
                self.indent -= 1;
                self.write(close, false);
            }
            self.generics = generics;
            self.prev = Prev::Close(delim);
            self.after_brace = true;
            return;
        }
        self.write(open, space);
        self.prev = Prev::Open(delim);
        self.stream(inner, false);
        self.write(close, false);
        self.generics = generics;
        self.prev = Prev::Close(delim);
        // `#[attr]` stands on its own line before its item.
        if attribute && block {
            self.newline();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{format, listed};
    use quote::quote;

    #[test]
    fn env_list() {
        assert!(listed("Status", "Status"));
        assert!(listed("User, Status", "Status"));
        assert!(listed("*", "Status"));
        assert!(!listed("StatusCode", "Status"));
        assert!(!listed("", "Status"));
    }

    #[test]
    fn layout() {
        let code = quote! {
            #[automatically_derived]
            impl<'de, T: Clone> Trait<'de> for Vec<Vec<T>> where T: Default {
                fn f(&self, x: &mut ::core::option::Option<u8>) -> Result<(), E> {
                    if !x.is_some() && a < b { return Err(e!(1)); } else { let _ = [0u8; 4]; }
                    match x { Some(v) => v, None => {} }
                    *n += <u8 as Into<u64>>::into(-1) * 2 - (3);
                    let _: Option< ::core::primitive::bool> = a.b::<C>(&mut d)[0];
                    Ok(())
                }
            }
        };
        let text = format(code.clone());
        assert_eq!(
            text,
            "#[automatically_derived]
impl<'de, T: Clone> Trait<'de> for Vec<Vec<T>> where T: Default {
    fn f(&self, x: &mut ::core::option::Option<u8>) -> Result<(), E> {
        if !x.is_some() && a < b {
            return Err(e!(1));
        } else {
            let _ = [0u8; 4];
        }
        match x {
            Some(v) => v,
            None => {}
        }
        *n += <u8 as Into<u64>>::into(-1) * 2 - (3);
        let _: Option<::core::primitive::bool> = a.b::<C>(&mut d)[0];
        Ok(())
    }
}
"
        );
        let back: proc_macro2::TokenStream = text.parse().unwrap();
        assert_eq!(flat(back), flat(code));
    }

    /// The tokens' texts, groups as their delimiters, without spacing.
    fn flat(tokens: proc_macro2::TokenStream) -> Vec<String> {
        use proc_macro2::{Delimiter, TokenTree};
        let mut out = Vec::new();
        for tt in tokens {
            match tt {
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::None => ("", ""),
                    };
                    out.push(open.to_owned());
                    out.extend(flat(g.stream()));
                    out.push(close.to_owned());
                }
                other => out.push(other.to_string()),
            }
        }
        out
    }
}
