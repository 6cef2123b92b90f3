//! Key dispatch: a `match` on the key's bytes, decided at compile time.
//!
//! rustc lowers a `match` on byte-string patterns to a length switch followed by
//! comparisons, which is the "dispatch by length, then bytes" that hand-written decoders
//! use; aliases simply join their field's arm.

use proc_macro2::TokenStream;
use quote::quote;

use crate::tokens::bytes;

/// `match <bytes> { b"k1" | b"alias" => body1, ..., _ => default }`.
pub fn key_match<K: AsRef<str>>(
    scrutinee: TokenStream,
    arms: impl IntoIterator<Item = (Vec<K>, TokenStream)>,
    default: TokenStream,
) -> TokenStream {
    let arms = arms.into_iter().map(|(keys, body)| {
        let pats = keys.iter().map(|k| bytes(k.as_ref()));
        quote!(#(#pats)|* => #body,)
    });
    quote! {
        match #scrutinee {
            #(#arms)*
            _ => #default,
        }
    }
}
