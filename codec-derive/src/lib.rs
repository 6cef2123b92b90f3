//! The `#[derive(Codec)]` macro of the `codec` crate, in phases: attributes are parsed
//! once into a typed IR (`attr`, `ast`), checked as a whole (`check`), and only then
//! turned into code (`encode`, `decode`) that reads nothing but the IR. Every mistake is
//! collected (`ctxt`) and reported together, beside stub impls (`fallback`).
//!
//! Modules import one way: `attr` -> `ast` -> `check` -> {`encode`, `decode`} ->
//! `encoded` -> `tokens`. The two codegen halves never import each other; what both need
//! (names, literals made at macro time, spans) is in `tokens`, the table of pre-encoded
//! names both halves index is `encoded`, and `bound` (where-clauses) and `case` (rename
//! rules) serve the phases that name them.

mod ast;
mod attr;
mod bound;
mod case;
mod check;
mod ctxt;
mod debug;
mod decode;
mod encode;
mod encoded;
mod fallback;
mod tokens;

use proc_macro::TokenStream;

/// Whether the MessagePack methods are emitted. `codec`'s `msgpack` feature turns on this
/// crate's, so in a build where `codec` has MessagePack this is always on; it stays a
/// feature of its own so that a JSON-only build neither generates nor compiles the
/// MessagePack half (about half of the generated code).
const MSGPACK: bool = cfg!(feature = "msgpack");

/// Whether member names and tags are also pre-encoded for CBOR (`Encoded::cbor`).
/// `codec`'s `cbor` feature turns on this crate's; without it those bytes are empty, as
/// MessagePack's are without [`MSGPACK`].
const CBOR: bool = cfg!(feature = "cbor");
use quote::quote;
use syn::{parse_macro_input, DeriveInput};

/// Derives `codec::Encode` and `codec::Decode`, and `EncodeKey`/`DecodeKey` (a string key
/// for enums of unit variants; a composite key, `[key, value]` pairs in JSON, for structs
/// of named or several fields and enums with data; `#[codec(no_key_impls)]` leaves them to
/// hand-written impls). Attributes go in `#[codec(...)]`; see
/// the `codec` crate's README.
/// `#[serde(...)]` attributes are read too, with serde's meaning, so that a type deriving
/// both serde's traits and `Codec` writes them once (README, "Migrating from serde").
#[proc_macro_derive(Codec, attributes(codec, serde))]
pub fn derive_codec(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(err) => {
            let errors = err.to_compile_error();
            let stub = fallback::stub(&input);
            quote!(#errors #stub).into()
        }
    }
}

fn expand(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let cx = ctxt::Ctxt::default();
    let Some(mut container) = ast::Container::from_ast(&cx, input) else {
        cx.check()?;
        return Err(syn::Error::new_spanned(input, "cannot derive Codec"));
    };
    check::check(&cx, &container);
    cx.check()?;
    container.lower_map_as_pairs();
    let table = encoded::Table::begin();
    let encode = encode::expand(&container);
    let decode = decode::expand(&container);
    let table = table.finish();
    let krate = &container.krate_path;
    // The generated code names the runtime crate and its private module thousands of
    // times in a crate of models: through these two short names, each mention is one
    // or two tokens instead of up to six, and tokens are what macro expansion, name
    // resolution and incremental hashing cost. The names live in this anonymous const
    // only.
    let items = quote! {
        use #krate as __codec;
        use #krate::__private as __p;
        #table
        #encode
        #decode
    };
    // The lints the generated code may trip (a binding a format does not read, a branch
    // a constant rules out) are allowed once, for every item inside.
    let allow = quote!(#[allow(unused_imports, unused_mut, unused_variables, unused_assignments, unreachable_code, clippy::all)]);
    let shown = match debug::requested(&container) {
        Some(span) => debug::emit(&container, span, &quote!(#allow const _: () = { #items };)),
        None => proc_macro2::TokenStream::new(),
    };
    let track = debug::track_env();
    Ok(quote!(#allow const _: () = { #items #track }; #shown))
}
