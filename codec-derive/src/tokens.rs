//! Token helpers shared by both codegen halves (`encode`, `decode`): names, literals made
//! at macro time, and spans. Codegen imports from here and never from its other half.

use proc_macro2::{Span, TokenStream};

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

/// `__v{i}`: the binding of field `i` in a variant's pattern.
pub fn binding(i: usize) -> syn::Ident {
    syn::Ident::new(&format!("__v{i}"), Span::call_site())
}

/// `tokens` with every span set to `span` (groups included): the helper paths of a call
/// that names a field's type, so that a trait-bound error on that call is reported on the
/// field, where rustc merges it with the others, rather than on the derive.
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
