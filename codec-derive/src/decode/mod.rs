//! Codegen of `Decode` (and `DecodeFields`, `DecodeKey`) from the IR.
//!
//! One body per type, generic over the format's reader (`Decode::decode<__R: Reader>`),
//! monomorphized per reader: what differs between formats is the reader's methods
//! (inlined), or a branch on one of its associated constants, which folds at compile
//! time (`Reader::MSGPACK` for `msgpack(struct_as_array)`, `SAYS_MAP`, `TYPED_KEYS`).

mod enum_;
mod keys;
mod struct_;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Style};
use crate::bound;
use crate::tokens::ident;
pub use enum_::flattenable;
use struct_::FieldSet;

/// The names generated decoders use for the reader and what it reads.
pub struct ReaderNames {
    /// Where the helpers live (`__private::any`).
    pub h: TokenStream,
    /// The reader type: the `__R: Reader<'de>` parameter.
    pub reader: TokenStream,
    /// `Decode::decode`.
    pub decode_fn: syn::Ident,
    /// `DecodeFields::decode_field`.
    pub field_fn: syn::Ident,
    /// The type of a key token, the reader's `Key`.
    pub key_ty: TokenStream,
    /// The type of a saved position, the reader's `Checkpoint`.
    pub checkpoint_ty: TokenStream,
}

impl ReaderNames {
    pub fn new() -> ReaderNames {
        ReaderNames {
            h: quote!(__p::any),
            reader: quote!(__R),
            decode_fn: ident("decode"),
            field_fn: ident("decode_field"),
            key_ty: quote!(<__R as __p::Reader<'de>>::Key),
            checkpoint_ty: quote!(<__R as __p::Reader<'de>>::Checkpoint),
        }
    }
}

/// The body of `Decode::decode`: the value's own code, run one nesting
/// level down when the type opens no array or object of its own.
///
/// A type can only recurse through a named type, and every named type on a cycle that the
/// derive writes either opens a container, which the reader's depth limit counts, or is
/// one of these: a newtype or transparent struct (the inner value read in its place) or an
/// untagged enum (its variants tried in its place). Counting a level for them makes every
/// cycle through a derived type cost at least one level, so `struct N(Option<Box<N>>)`
/// reading `1` ends in `DepthLimit`, not a stack overflow, while pointers (`Box`, `Rc`,
/// `Arc`) and structs with named fields pay nothing extra.
fn body(c: &Container, rn: &ReaderNames) -> TokenStream {
    let value = value_body(c, rn);
    if opens_no_container(c) {
        let p = quote!(__p);
        let reader = &rn.reader;
        quote! {
            __r.nested(|__r: &mut #reader| -> #p::Result<Self> { #value })
        }
    } else {
        value
    }
}

/// Whether the type's encoding is another value's in its place (see [`body`]).
fn opens_no_container(c: &Container) -> bool {
    match &c.data {
        Data::Struct(style, _) => c.attrs.transparent.is_some() || *style == Style::Newtype,
        Data::Enum(_) => matches!(c.repr(), crate::ast::Repr::Untagged),
    }
}

/// The value's own code, for [`body`].
fn value_body(c: &Container, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let deny = c.attrs.deny_unknown_fields.is_some();
    match &c.data {
        Data::Struct(style, fields) => {
            let transparent = c.attrs.transparent.is_some() || *style == Style::Newtype;
            match style {
                _ if transparent => {
                    let inits = fields.iter().map(|f| {
                        let m = &f.member;
                        if f.decodes() {
                            let call = FieldSet::value_call(c, f, rn);
                            quote!(#m: #call?)
                        } else {
                            let v = struct_::skipped_value(f);
                            quote!(#m: #v)
                        }
                    });
                    quote!(#p::Ok(Self { #(#inits),* }))
                }
                Style::Struct => {
                    let members = FieldSet::new(c, fields, c.attrs.default.is_some()).ordered_members(deny, rn);
                    if c.attrs.msgpack_struct_as_array.is_none() {
                        return members;
                    }
                    // MessagePack's own form, chosen by a constant that folds away.
                    let array = struct_::positional(c, fields, rn);
                    quote! {
                        if <__R as #p::Reader<'de>>::MSGPACK {
                            #p::Ok(#array)
                        } else #members
                    }
                }
                Style::Tuple | Style::Newtype => {
                    let t = struct_::tuple(c, fields, quote!(Self), rn);
                    quote!(#p::Ok(#t))
                }
                Style::Unit => quote!(__r.read_null()?; #p::Ok(Self)),
            }
        }
        Data::Enum(variants) => enum_::decode(c, variants, rn),
    }
}

/// The `Decode` impl: one `decode` body over any `Reader` (the trait's per-format
/// methods call it by default; monomorphized, each is the code its own body was).
fn decode_impl(c: &Container, (impl_g, ty_g, where_c): (&TokenStream, &TokenStream, &TokenStream)) -> TokenStream {
    let (krate, ident, p) = (&c.krate, c.ident, quote!(__p));
    let body = body(c, &ReaderNames::new());
    // No `#[inline]` on the generic body, though MessagePack's per-format struct body
    // had one: an `#[inline]` item is copied into every codegen unit that calls it, and
    // benches/compile's 120 models then took 2.5 times as long to build in release
    // (docs/one-model.md, step 2b). What it bought in MessagePack, `finish` inline, is
    // `#[inline(always)]` on that small function instead.
    // The one method: the trait's per-format methods call it by default.
    quote! {
        #[automatically_derived]
        impl #impl_g #krate::Decode<'de> for #ident #ty_g #where_c {
            fn decode<__R: #p::Reader<'de>>(__r: &mut __R) -> #p::Result<Self> {
                #body
            }
        }
    }
}

/// `DecodeFields` of a unit struct (no members: other keys are left to the caller) and
/// of a newtype or `transparent` struct (its field's, where the field's type has them):
/// the twin of `encode.rs`'s `encode_fields_through`, for internally tagged newtype
/// variants holding such a struct.
fn decode_fields_through(c: &Container, generics: &syn::Generics) -> TokenStream {
    let p = quote!(__p);
    let ident = c.ident;
    let Data::Struct(style, fields) = &c.data else { return TokenStream::new() };
    let mut generics = generics.clone();
    let (state, init, claim, finish, catch_all, names, look_ahead) = match (style, c.members_field()) {
        (Style::Unit, _) => (
            quote!(()),
            quote!(()),
            quote!(#p::Ok(false)),
            quote!(#p::Ok(Self)),
            quote!(false),
            TokenStream::new(),
            TokenStream::new(),
        ),
        (_, Some(f)) => {
            let ty = f.ty;
            generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #p::DecodeFields<'de>));
            let inner = quote!(<#ty as #p::DecodeFields<'de>>);
            let inits = fields.iter().map(|g| {
                let m = &g.member;
                if std::ptr::eq(g, f) {
                    quote!(#m: #inner::finish(__st, __end)?)
                } else {
                    let v = struct_::skipped_value(g);
                    quote!(#m: #v)
                }
            });
            // The inner type's look-ahead (a flattened tagged enum's search for its tag).
            let prepare = prepare_fn(quote!(#[inline]), quote!(#inner::prepare(__st, __r, __members)));
            let look_ahead = quote! {
                const PREPARE: ::core::primitive::bool = #inner::PREPARE;
                #prepare
            };
            (
                quote!(#inner::State),
                quote!(#inner::new_state()),
                quote!(#inner::decode_field(__st, __key, __r)),
                quote!(#p::Ok(Self { #(#inits),* })),
                quote!(#inner::CATCH_ALL),
                quote!(#inner::field_names(__out);),
                look_ahead,
            )
        }
        _ => return TokenStream::new(),
    };
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);
    let decode_field = decode_field_fn(quote!(#[inline]), claim);
    quote! {
        #[automatically_derived]
        impl #impl_g #p::DecodeFields<'de> for #ident #ty_g #where_c {
            type State = #state;
            const CATCH_ALL: ::core::primitive::bool = #catch_all;
            #[inline]
            fn new_state() -> Self::State {
                #init
            }
            #decode_field
            #[inline]
            fn finish(__st: Self::State, __end: ::core::primitive::usize) -> #p::Result<Self> {
                #finish
            }
            // `#[inline]`: compiled only where a decoder uses it, so a derived type that is
            // never decoded costs no code (a non-generic function without it is compiled
            // in the deriving crate whether used or not).
            #[inline]
            fn field_names(__out: &mut #p::Vec<&'static ::core::primitive::str>) {
                #names
            }
            #look_ahead
        }
    }
}

/// `DecodeFields::decode_field` with `body` (a `Result<bool>` over `__st`, `__key` and
/// `__r`), after `attrs`.
fn decode_field_fn(attrs: TokenStream, body: TokenStream) -> TokenStream {
    let p = quote!(__p);
    quote! {
        #attrs
        fn decode_field<__R: #p::Reader<'de>>(
            __st: &mut Self::State,
            __key: <__R as #p::Reader<'de>>::Key,
            __r: &mut __R,
        ) -> #p::Result<::core::primitive::bool> {
            #body
        }
    }
}

/// `DecodeFields::prepare` with `body` (a `Result<()>` over `__st`, `__r` and
/// `__members`), after `attrs`.
fn prepare_fn(attrs: TokenStream, body: TokenStream) -> TokenStream {
    let p = quote!(__p);
    quote! {
        #attrs
        fn prepare<__R: #p::Reader<'de>>(
            __st: &mut Self::State,
            __r: &mut __R,
            __members: &<__R as #p::Reader<'de>>::Members,
        ) -> #p::Result<()> {
            #body
        }
    }
}

pub fn expand(c: &Container) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(__p);
    let ident = c.ident;
    let generics = bound::decode_generics(c);
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);

    let mut out = TokenStream::new();
    if let Data::Struct(Style::Struct, fields) = &c.data {
        if c.attrs.transparent.is_none() {
            let set = FieldSet::new(c, fields, c.attrs.default.is_some());
            let state_ty = set.state_ty();
            let init = set.state_init();
            // One generic dispatch, which `decode`'s member loop shares.
            let generic = ReaderNames::new();
            let dispatch = set.dispatch(&generic);
            let finish = set.finish(quote!(Self), quote!(__end));
            let field_names = set.field_names();
            // Only a struct with a flattened member may need to look ahead.
            let prepare = set.has_flatten().then(|| {
                let (prepare_const, stmts) = (set.prepare_const(), set.prepare_stmts(&quote!(__members)));
                let prepare = prepare_fn(TokenStream::new(), quote!(#stmts #p::Ok(())));
                quote! {
                    const PREPARE: ::core::primitive::bool = #prepare_const;
                    #prepare
                }
            });
            let decode_field = decode_field_fn(TokenStream::new(), quote!(#p::Ok(#dispatch)));
            out.extend(quote! {
                #[automatically_derived]
                impl #impl_g #p::DecodeFields<'de> for #ident #ty_g #where_c {
                    type State = #state_ty;
                    #[inline]
                    fn new_state() -> Self::State {
                        #init
                    }
                    #decode_field
                    #[inline(always)]
                    fn finish(__st: Self::State, __end: ::core::primitive::usize) -> #p::Result<Self> {
                        #p::Ok(#finish)
                    }
                    #[inline]
                    fn field_names(__out: &mut #p::Vec<&'static ::core::primitive::str>) {
                        #field_names
                    }
                    #prepare
                }
            });
        }
    }

    // Unit, newtype and transparent structs get theirs from `decode_fields_through`.

    if let Data::Enum(variants) = &c.data {
        if let Some(ef) = enum_::fields(c, variants) {
            let mut generics = generics.clone();
            let clause = generics.make_where_clause();
            for b in &ef.bounds {
                match syn::parse2::<syn::WherePredicate>(b.clone()) {
                    Ok(pred) => clause.predicates.push(pred),
                    Err(_) => return out,
                }
            }
            let (impl_g, ty_g, where_c) = bound::split(&generics, c);
            let (decode_field, prepare) = enum_::fields_bodies(c, variants, &ReaderNames::new(), &quote!(__members));
            let enum_::EnumFields { state_ty, init, prepare: needs_prepare, finish, names, .. } = ef;
            let prepare = needs_prepare.then(|| {
                let prepare = prepare_fn(TokenStream::new(), prepare);
                quote! {
                    const PREPARE: ::core::primitive::bool = true;
                    #prepare
                }
            });
            let decode_field = decode_field_fn(TokenStream::new(), decode_field);
            out.extend(quote! {
                #[automatically_derived]
                impl #impl_g #p::DecodeFields<'de> for #ident #ty_g #where_c {
                    type State = #state_ty;
                    #[inline]
                    fn new_state() -> Self::State {
                        #init
                    }
                    #decode_field
                    #[inline]
                    fn finish(__st: Self::State, __end: ::core::primitive::usize) -> #p::Result<Self> {
                        #finish
                    }
                    #[inline]
                    fn field_names(__out: &mut #p::Vec<&'static ::core::primitive::str>) {
                        #names
                    }
                    #prepare
                }
            });
        }
    }

    out.extend(decode_fields_through(c, &generics));

    out.extend(decode_impl(c, (&impl_g, &ty_g, &where_c)));

    if let Some(key) = enum_::decode_key(c, &ReaderNames::new()) {
        // No pair form: a unit variant's key is a string or a scalar, never read as a pair.
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::DecodeKey<'de> for #ident #ty_g #where_c {
                #[inline]
                fn decode_key<__R: #p::Reader<'de>>(
                    __key: <__R as #p::Reader<'de>>::Key,
                    __r: &mut __R,
                ) -> #p::Result<Self> {
                    #key
                }
            }
        });
    } else if let Some(f) = c.key_field() {
        // The key its field is (see `encode.rs`); the other fields (`PhantomData`) from
        // their default.
        let ty = f.ty;
        let Data::Struct(_, fields) = &c.data else { unreachable!("key_field is of a struct") };
        let build = |read: TokenStream| {
            let inits = fields.iter().map(|g| {
                let m = &g.member;
                if std::ptr::eq(g, f) {
                    quote!(#m: #read)
                } else {
                    let v = struct_::skipped_value(g);
                    quote!(#m: #v)
                }
            });
            quote!(#p::Ok(Self { #(#inits),* }))
        };
        let mut generics = generics.clone();
        generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #krate::DecodeKey<'de>));
        let (impl_g, ty_g, where_c) = bound::split(&generics, c);
        let key = build(quote!(<#ty as #krate::DecodeKey<'de>>::decode_key(__key, __r)?));
        let pair_key = build(quote!(<#ty as #krate::DecodeKey<'de>>::decode_pair_key(__r)?));
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::DecodeKey<'de> for #ident #ty_g #where_c {
                const AS_PAIRS: ::core::primitive::bool = <#ty as #krate::DecodeKey<'de>>::AS_PAIRS;
                #[inline]
                fn decode_key<__R: #p::Reader<'de>>(
                    __key: <__R as #p::Reader<'de>>::Key,
                    __r: &mut __R,
                ) -> #p::Result<Self> {
                    #key
                }
                #[inline]
                fn decode_pair_key<__R: #p::Reader<'de>>(__r: &mut __R) -> #p::Result<Self> {
                    #pair_key
                }
            }
        });
    } else if c.is_composite_key() {
        // ---- maps with composite keys ----
        // Read as a value (see `encode.rs`): an object key is an error in JSON, the key's
        // encoding read again in MessagePack.
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::DecodeKey<'de> for #ident #ty_g #where_c {
                const AS_PAIRS: ::core::primitive::bool = true;
                #[inline]
                fn decode_key<__R: #p::Reader<'de>>(
                    __key: <__R as #p::Reader<'de>>::Key,
                    __r: &mut __R,
                ) -> #p::Result<Self> {
                    #p::Reader::decode_key_as_value::<Self>(__r, __key)
                }
                #[inline]
                fn decode_pair_key<__R: #p::Reader<'de>>(__r: &mut __R) -> #p::Result<Self> {
                    <Self as #krate::Decode<'de>>::decode(__r)
                }
            }
        });
    }
    out
}
