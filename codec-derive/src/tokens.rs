//! Token helpers shared by both codegen halves (`encode`, `decode`): names, literals made
//! at macro time, and spans. Codegen imports from here and never from its other half.
//!
//! # Spans and hygiene
//! A span is both where a token is reported and how its name resolves. Everything the
//! derive introduces (locals such as `__w`, `__r`, `__st`, `__key`, bindings `__v0`, the
//! labels, the `'de` lifetime, `self`, the `__codec`/`__p` imports) is written with
//! `quote!`, at `Span::call_site()`, so that each use resolves to its declaration
//! whatever the user's tokens around it: in a type stamped out by `macro_rules!`, a
//! local spanned like one of the user's tokens would live in another hygiene context and
//! not be found. (`self` in particular must share the context of the `fn` signature that
//! declares it, which is the call site's.) Only the *path* of a call that names a
//! field's type (`<T as __codec::Encode>::encode`, `<T as
//! __p::EncodeFields>::encode_fields`, `__p::put`) is placed on the field, by
//! `quote_spanned!` over path tokens only or [`respan`], so that a type lacking the trait
//! gets its error on the field; the arguments after it keep the call site's span. The
//! type is named even where the argument would infer it, because rustc reports an
//! unsatisfied bound of an inferred `Self` on the argument, which holds the call site's
//! `self` or binding: at the derive. The user's own tokens (types, paths from attribute
//! strings) keep their spans: `$crate` in a type resolves only with its own. Primitive
//! types are named as `::core::primitive::*` and std items through `__p`'s re-exports,
//! so that a user's `u32`, `str`, `Option` or `Ok` in scope cannot capture them.

use proc_macro2::{Span, TokenStream};
use quote::quote;

/// `"name"` as JSON text, escaped at macro time.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` as a MessagePack str (header and bytes), encoded at macro time.
pub fn msgpack_str(s: &str) -> Vec<u8> {
    let len = s.len();
    let mut out = Vec::with_capacity(len + 5);
    match len {
        0..=31 => out.push(0xa0 | len as u8),
        32..=255 => out.extend_from_slice(&[0xd9, len as u8]),
        256..=65535 => {
            out.push(0xda);
            out.extend_from_slice(&(len as u16).to_be_bytes());
        }
        _ => {
            out.push(0xdb);
            out.extend_from_slice(&(len as u32).to_be_bytes());
        }
    }
    out.extend_from_slice(s.as_bytes());
    out
}

/// A member's name as a writer takes it in JSON, `,"name":` (the comma dropped for a
/// first member): the one form both codegen halves pre-encode, so that the encoder's and
/// the decoder's entries of a type's name table are the same.
pub fn json_member(name: &str) -> String {
    format!(",{}:", json_string(name))
}

/// A byte-string literal of `text`.
pub fn bytes(text: &str) -> syn::LitByteStr {
    lit(text.as_bytes())
}

/// A byte-string literal of `bytes`.
pub fn lit(bytes: &[u8]) -> syn::LitByteStr {
    syn::LitByteStr::new(bytes, Span::call_site())
}

/// An identifier the derive itself names (a method, never a user's item).
pub fn ident(name: &str) -> syn::Ident {
    syn::Ident::new(name, Span::call_site())
}

/// `{prefix}{i}`, such as `__v0`: a numbered local of the derive's own (a binding of a
/// variant's field, a decoded element), at the call site like every other local.
pub fn local(prefix: &str, i: usize) -> syn::Ident {
    syn::Ident::new(&format!("{prefix}{i}"), Span::call_site())
}

/// `__v{i}`: the binding of field `i` in a variant's pattern.
pub fn binding(i: usize) -> syn::Ident {
    local("__v", i)
}

/// The impl's input lifetime `'de`, at the call site (see the module docs): written into
/// a `quote_spanned!` path by interpolation, so that it never takes a field's span.
pub fn de() -> TokenStream {
    quote!('de)
}

/// `path(args)` with the parentheses at `span` and `args` as they are: a call whose
/// expression spans only the field (its path respanned there, see [`respan`]), so that
/// rustc, when it reports a bound of the call on the whole expression, reports it on the
/// field; the arguments (locals, `self`) keep the derive's own span. With the path at the
/// type's first token and `span` its last (`Field::ty_end_span`), the call spans the whole
/// type, as rustc's errors on `<Type as Trait>::f` do: one span, so one error shown.
pub fn call(path: TokenStream, args: TokenStream, span: Span) -> TokenStream {
    let mut group = proc_macro2::Group::new(proc_macro2::Delimiter::Parenthesis, args);
    group.set_span(span);
    let mut out = path;
    out.extend([proc_macro2::TokenTree::Group(group)]);
    out
}

/// `Default::default()` over the field's type (its first token `first`, its last `last`),
/// path and parentheses: a type lacking `Default` then gets its error on the field's type,
/// as its other missing impls do, rather than on the derive.
pub fn default_call(first: Span, last: Span) -> TokenStream {
    call(respan_over(&quote!(__p::Default::default), first, last), TokenStream::new(), last)
}

/// `tokens` with every span set to `span` (groups included): the path of a call that
/// names a field's type (see the module docs), so that a trait-bound error on that call is
/// reported on the field, where rustc merges it with the others, rather than on the
/// derive. `tokens` must be path tokens the derive writes (`__codec::Encode::encode`,
/// `__p`), never a local, `self`, a lifetime or the user's own tokens.
pub fn respan(tokens: &TokenStream, span: Span) -> TokenStream {
    tokens
        .clone()
        .into_iter()
        .map(|mut t| {
            if let proc_macro2::TokenTree::Group(g) = &t {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(&g.stream(), span));
                group.set_span(span);
                t = proc_macro2::TokenTree::Group(group);
            } else {
                t.set_span(span);
            }
            t
        })
        .collect()
}

/// [`respan`] over the first span `first` and the last `last`: the path `__p::put` with
/// `__p` at the type's first token and `put` at its last spans the whole type (rustc
/// joins the two), which is where it reports a bound of `<Type as Trait>::f` as well. A
/// generic helper's bound on its argument (`put`'s `FnOnce` over the field type's
/// `decode`) is reported on the helper's path; over the same span as the argument's
/// own error, the two are one error.
pub fn respan_over(tokens: &TokenStream, first: Span, last: Span) -> TokenStream {
    let mut out: Vec<proc_macro2::TokenTree> = respan(tokens, first).into_iter().collect();
    if let Some(t) = out.last_mut() {
        t.set_span(last);
    }
    out.into_iter().collect()
}

/// `n` as an unsuffixed integer literal, a negative one as `-` and the literal: the form
/// that is valid both in expressions and in patterns.
pub fn int_literal(n: i128) -> TokenStream {
    let abs = proc_macro2::Literal::u128_unsuffixed(n.unsigned_abs());
    if n < 0 {
        quote!(-#abs)
    } else {
        quote!(#abs)
    }
}

/// A CBOR head (major type `major`, argument `n`) in its preferred (shortest) form,
/// RFC 8949 section 4.2.1, appended to `out`.
pub fn cbor_head(out: &mut Vec<u8>, major: u8, n: u64) {
    let m = major << 5;
    match n {
        0..=23 => out.push(m | n as u8),
        24..=0xff => out.extend_from_slice(&[m | 24, n as u8]),
        0x100..=0xffff => {
            out.push(m | 25);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(m | 26);
            out.extend_from_slice(&(n as u32).to_be_bytes());
        }
        _ => {
            out.push(m | 27);
            out.extend_from_slice(&n.to_be_bytes());
        }
    }
}

/// The CBOR bytes of MessagePack bytes the derive made at macro time: a run of map and
/// array headers, strs, ints, bools and nils (what a member name, an enum's tag or a
/// struct's opening is made of), each re-encoded in CBOR's preferred form. The codegen
/// builds one sequence of bytes for MessagePack and derives CBOR's from it, so the two
/// cannot drift apart. Any other MessagePack byte is a bug in the derive: a panic.
pub fn cbor_from_msgpack(mut mp: &[u8]) -> Vec<u8> {
    fn take<'a>(mp: &mut &'a [u8], n: usize) -> &'a [u8] {
        let (head, rest) = mp.split_at(n);
        *mp = rest;
        head
    }
    fn be(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0, |acc, &b| acc << 8 | u64::from(b))
    }
    let mut out = Vec::with_capacity(mp.len() + 8);
    while let Some((&b, rest)) = mp.split_first() {
        mp = rest;
        match b {
            0x00..=0x7f => cbor_head(&mut out, 0, u64::from(b)),
            0x80..=0x8f => cbor_head(&mut out, 5, u64::from(b & 0x0f)),
            0x90..=0x9f => cbor_head(&mut out, 4, u64::from(b & 0x0f)),
            0xa0..=0xbf | 0xd9..=0xdb => {
                let len = match b {
                    0xd9 => be(take(&mut mp, 1)),
                    0xda => be(take(&mut mp, 2)),
                    0xdb => be(take(&mut mp, 4)),
                    _ => u64::from(b & 0x1f),
                } as usize;
                cbor_head(&mut out, 3, len as u64);
                out.extend_from_slice(take(&mut mp, len));
            }
            0xc0 => out.push(0xf6),
            0xc2 => out.push(0xf4),
            0xc3 => out.push(0xf5),
            0xcc..=0xcf => {
                let n = be(take(&mut mp, 1 << (b - 0xcc)));
                cbor_head(&mut out, 0, n);
            }
            0xd0..=0xd3 | 0xe0..=0xff => {
                let v = match b {
                    0xd0 => take(&mut mp, 1)[0] as i8 as i64,
                    0xd1 => be(take(&mut mp, 2)) as u16 as i16 as i64,
                    0xd2 => be(take(&mut mp, 4)) as u32 as i32 as i64,
                    0xd3 => be(take(&mut mp, 8)) as i64,
                    _ => b as i8 as i64,
                };
                if v >= 0 {
                    cbor_head(&mut out, 0, v as u64);
                } else {
                    cbor_head(&mut out, 1, !(v as u64));
                }
            }
            0xdc | 0xdd => {
                let n = be(take(&mut mp, if b == 0xdc { 2 } else { 4 }));
                cbor_head(&mut out, 4, n);
            }
            0xde | 0xdf => {
                let n = be(take(&mut mp, if b == 0xde { 2 } else { 4 }));
                cbor_head(&mut out, 5, n);
            }
            _ => panic!("codec-derive: no CBOR form for the MessagePack byte {b:#04x} it made"),
        }
    }
    out
}

#[cfg(test)]
mod cbor_tests {
    use super::*;

    /// Each piece the derive makes, in MessagePack and CBOR (RFC 8949's preferred heads).
    #[test]
    fn msgpack_pieces_become_preferred_cbor() {
        let text = |s: &str| cbor_from_msgpack(&msgpack_str(s));
        assert_eq!(text("a"), b"\x61a");
        assert_eq!(text(&"x".repeat(24))[..2], [0x78, 24]);
        assert_eq!(text(&"x".repeat(256))[..3], [0x79, 1, 0]);
        assert_eq!(text(&"x".repeat(256)).len(), 3 + 256);
        assert_eq!(cbor_from_msgpack(b"\x81\xa4Left"), b"\xa1\x64Left");
        assert_eq!(cbor_from_msgpack(b"\x82\xa1t\x07\xa1c"), b"\xa2\x61t\x07\x61c");
        assert_eq!(
            cbor_from_msgpack(b"\xcc\x80\xcd\x01\x00\xff\xd0\x80\xc3\xc2\xc0"),
            b"\x18\x80\x19\x01\x00\x20\x38\x7f\xf5\xf4\xf6"
        );
        assert_eq!(cbor_from_msgpack(b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00"), b"\x3b\x7f\xff\xff\xff\xff\xff\xff\xff");
        assert_eq!(cbor_from_msgpack(b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"), b"\x1b\xff\xff\xff\xff\xff\xff\xff\xff");
        assert_eq!(cbor_from_msgpack(b"\xde\x00\x10\x93"), b"\xb0\x83");
        assert_eq!(text(&"y".repeat(40)), [&[0x78, 40][..], "y".repeat(40).as_bytes()].concat());
    }
}
