//! The table of bytes one derive pre-encodes (`__p::Encoded`: a member name with its
//! punctuation, a tag, a struct's opening, in every format the build has), shared by
//! both codegen halves.
//!
//! A struct's encoder writes each member's name and its decoder compares the input with
//! the same name: both halves ask for [`encoded`] and get `&__ENCODED[k]`, an index into
//! one `const` slice that the derive emits once per type ([`Table::finish`]), so each
//! name is in the expanded code once rather than once per half, and an entry is one short
//! call (`__p::Encoded::new(json, msgpack, cbor)`) rather than a struct literal. Every
//! index is a constant into a constant: after inlining, the reader and the writer see the
//! bytes themselves, as they did a literal.
//!
//! The table is per derive invocation and filled from anywhere in codegen, so it lives
//! in a thread-local between [`Table::begin`] and [`Table::finish`] rather than in every
//! codegen function's arguments: a proc macro expands one derive at a time on its
//! thread, and `begin` clears whatever an earlier, failed expansion left.

use std::cell::RefCell;

use proc_macro2::TokenStream;
use quote::quote;

use crate::tokens::{cbor_from_msgpack, lit};

/// One entry: the JSON and MessagePack bytes as codegen made them.
type Entry = (Vec<u8>, Vec<u8>);

thread_local! {
    static ENTRIES: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The table of the derive being expanded.
pub struct Table(());

impl Table {
    /// Starts an empty table for one derive.
    pub fn begin() -> Table {
        ENTRIES.with(|e| e.borrow_mut().clear());
        Table(())
    }

    /// `const __ENCODED: &[__p::Encoded] = &[...];` with every entry [`encoded`] handed
    /// out since [`begin`](Self::begin), or nothing when there was none. The MessagePack
    /// bytes are left out of a JSON-only build, and the CBOR bytes, made from
    /// MessagePack's, out of a build without CBOR.
    pub fn finish(self) -> TokenStream {
        let entries = ENTRIES.with(|e| std::mem::take(&mut *e.borrow_mut()));
        if entries.is_empty() {
            return TokenStream::new();
        }
        let items = entries.iter().map(|(json, msgpack)| {
            let cbor = lit(&if crate::CBOR { cbor_from_msgpack(msgpack) } else { Vec::new() });
            let msgpack = lit(if crate::MSGPACK { msgpack } else { &[] });
            let json = lit(json);
            quote!(__p::Encoded::new(#json, #msgpack, #cbor))
        });
        quote!(const __ENCODED: &[__p::Encoded] = &[#(#items),*];)
    }
}

/// `&__ENCODED[k]`: a `&'static Encoded` of `json` and `msgpack` (and CBOR's bytes, made
/// from MessagePack's), the same `k` for the same bytes anywhere in this derive.
pub fn encoded(json: &[u8], msgpack: &[u8]) -> TokenStream {
    let k = ENTRIES.with(|e| {
        let mut entries = e.borrow_mut();
        match entries.iter().position(|(j, m)| j == json && m == msgpack) {
            Some(k) => k,
            None => {
                entries.push((json.to_vec(), msgpack.to_vec()));
                entries.len() - 1
            }
        }
    });
    let k = proc_macro2::Literal::usize_unsuffixed(k);
    quote!(&__ENCODED[#k])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same bytes get the same entry wherever codegen asks; the table holds each once,
    /// in the order first asked; a new derive starts from an empty table.
    #[test]
    fn entries_are_shared_and_tables_do_not_leak() {
        let table = Table::begin();
        let id = encoded(b",\"id\":", b"\xa2id").to_string();
        let name = encoded(b",\"name\":", b"\xa4name").to_string();
        assert_eq!(id, "& __ENCODED [0]");
        assert_eq!(name, "& __ENCODED [1]");
        assert_eq!(encoded(b",\"id\":", b"\xa2id").to_string(), id);
        // Same JSON, other MessagePack bytes (an integer tag against a string one): two.
        assert_eq!(encoded(b",\"id\":", b"\x07").to_string(), "& __ENCODED [2]");
        let text = table.finish().to_string();
        assert_eq!(text.matches("Encoded :: new").count(), 3, "{text}");
        assert!(text.starts_with("const __ENCODED : & [__p :: Encoded] = & ["), "{text}");

        // An expansion that failed before `finish` left an entry: `begin` drops it.
        let _abandoned = Table::begin();
        encoded(b"{", b"\x81");
        let table = Table::begin();
        assert_eq!(encoded(b"[", b"\x92").to_string(), "& __ENCODED [0]");
        assert_eq!(table.finish().to_string().matches("Encoded :: new").count(), 1);
    }
}
