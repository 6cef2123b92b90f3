//! Codegen of `Encode` (and `EncodeFields`, `EncodeKey`) from the IR: the JSON methods
//! first, then their MessagePack twins (`msgpack_*` below), which write every key, and
//! every map or array header whose count is known at macro time, as byte literals.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::{Container, Data, Field, Repr, Style, Variant};
use crate::attr::{Name, ReprKind};
use crate::bound;
use crate::tokens::{binding, bytes, int_literal, json_string, lit, local, msgpack_str, with_msgpack_fn};

/// Whether a `,` must precede the next member.
#[derive(Clone, Copy, PartialEq, Eq)]
enum First {
    /// Nothing written yet: no comma.
    Yes,
    /// Something written: comma.
    No,
    /// Depends on skipped or flattened members before: `*__first` decides at run time.
    Unknown,
}

pub fn expand(c: &Container) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(__p);
    let ident = c.ident;
    let generics = bound::encode_generics(c);
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);

    // A struct with named fields writes its members once, in `EncodeFields` (which a
    // struct that flattens it calls too); `Encode` adds the braces or the map header.
    // One copy of the member list instead of two is what compile time is made of.
    let fields_impl = match &c.data {
        Data::Struct(Style::Struct, fields) if c.attrs.transparent.is_none() => Some(fields),
        _ => None,
    };

    let body = match (&c.data, fields_impl) {
        (_, Some(_)) => quote! {
            __w.write_byte(b'{');
            <Self as #p::EncodeFields>::encode_fields(self, __w, &mut true)?;
            __w.write_byte(b'}');
            #p::Ok(())
        },
        (Data::Struct(style, fields), None) => encode_struct(c, *style, fields),
        (Data::Enum(variants), None) => encode_enum(c, variants),
    };

    let encode_msgpack = crate::msgpack_only(&p, || {
        let body_msgpack = match &c.data {
            Data::Struct(Style::Struct, fields)
                if fields_impl.is_some() && c.attrs.msgpack_struct_as_array.is_none() =>
            {
                msgpack_struct_by_fields(c, fields)
            }
            Data::Struct(style, fields) => msgpack_struct(c, *style, fields),
            Data::Enum(variants) => msgpack_enum(c, variants),
        };
        quote! {
            #[inline]
            fn encode_msgpack(&self, __w: &mut #p::MsgpackWriter) -> #p::Result<()> {
                #body_msgpack
            }
        }
    });

    let mut out = quote! {
        #[automatically_derived]
        #[allow(unused_mut, unused_variables, clippy::all)]
        impl #impl_g #krate::Encode for #ident #ty_g #where_c {
            fn encode_json(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                #body
            }
            #encode_msgpack
        }
    };

    if let Some(fields) = fields_impl {
        let self_access = |f: &Field| {
            let m = &f.member;
            quote!(&self.#m)
        };
        let members = named_members(c, fields, First::Unknown, self_access);
        let encode_fields_msgpack = crate::msgpack_only(&p, || {
            let members_msgpack = msgpack_fields(c, fields, self_access);
            quote! {
                #[inline]
                fn encode_fields_msgpack(&self, __w: &mut #p::MsgpackWriter, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                    #members_msgpack
                    #p::Ok(())
                }
            }
        });
        out.extend(quote! {
            #[automatically_derived]
            #[allow(unused_mut, unused_variables, clippy::all)]
            impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                #[inline]
                fn encode_fields(&self, __w: &mut #p::JsonWriter, __first: &mut ::core::primitive::bool) -> #p::Result<()> {
                    #members
                    #p::Ok(())
                }
                #encode_fields_msgpack
            }
        });
    }

    // An enum flattened writes what serde writes for it (unit, newtype and transparent
    // structs get theirs from `encode_fields_through`).
    let struct_fields = match &c.data {
        Data::Enum(variants) => enum_fields(c, variants),
        _ => None,
    };
    {
        if let Some((members, members_msgpack, bounds)) = struct_fields {
            let mut generics = generics.clone();
            let clause = generics.make_where_clause();
            for b in bounds {
                if let Ok(pred) = syn::parse2::<syn::WherePredicate>(b) {
                    clause.predicates.push(pred);
                }
            }
            let (impl_g, ty_g, where_c) = bound::split(&generics, c);
            let encode_fields_msgpack = crate::msgpack_only(&p, || {
                quote! {
                    #[inline]
                    fn encode_fields_msgpack(&self, __w: &mut #p::MsgpackWriter, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                        #members_msgpack
                        #p::Ok(())
                    }
                }
            });
            out.extend(quote! {
                #[automatically_derived]
                #[allow(unused_mut, unused_variables, unreachable_code, clippy::all)]
                impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                    #[inline]
                    fn encode_fields(&self, __w: &mut #p::JsonWriter, __first: &mut ::core::primitive::bool) -> #p::Result<()> {
                        #members
                        #p::Ok(())
                    }
                    #encode_fields_msgpack
                }
            });
        }
    }

    out.extend(discriminant_checks(c));
    out.extend(encode_fields_through(c, &generics));

    if let Some(key) = encode_key(c) {
        let encode_msgpack_key = crate::msgpack_only(&p, || {
            let key_msgpack = msgpack_key(c);
            quote! {
                #[inline]
                fn encode_msgpack_key(&self, __w: &mut #p::MsgpackWriter) -> #p::Result<()> {
                    #key_msgpack
                }
            }
        });
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
                #[inline]
                fn encode_json_key(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                    #key
                }
                #encode_msgpack_key
            }
        });
    } else if let Some(f) = c.key_field() {
        // A newtype or transparent struct is the key its field is (serde's rule). The
        // bound is higher-ranked so that a field type that is no key (`Vec<u8>`) makes a
        // key impl that never applies, rather than a "trivial bound" error.
        let (ty, m) = (f.ty, &f.member);
        let mut generics = generics.clone();
        generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #krate::EncodeKey));
        let (impl_g, ty_g, where_c) = bound::split(&generics, c);
        let encode_msgpack_key = crate::msgpack_only(&p, || {
            quote! {
                #[inline]
                fn encode_msgpack_key(&self, __w: &mut #p::MsgpackWriter) -> #p::Result<()> {
                    <#ty as #krate::EncodeKey>::encode_msgpack_key(&self.#m, __w)
                }
            }
        });
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
                const AS_PAIRS: ::core::primitive::bool = <#ty as #krate::EncodeKey>::AS_PAIRS;
                #[inline]
                fn encode_json_key(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                    <#ty as #krate::EncodeKey>::encode_json_key(&self.#m, __w)
                }
                #encode_msgpack_key
            }
        });
    } else if c.is_composite_key() {
        // ---- maps with composite keys ----
        // A key written as its value: `[key, value]` pairs in JSON, the value in key
        // position in MessagePack. Two one-line methods: the work is `Encode`'s.
        let encode_msgpack_key = crate::msgpack_only(&p, || {
            quote! {
                #[inline]
                fn encode_msgpack_key(&self, __w: &mut #p::MsgpackWriter) -> #p::Result<()> {
                    #krate::Encode::encode_msgpack(self, __w)
                }
            }
        });
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
                const AS_PAIRS: ::core::primitive::bool = true;
                #[inline]
                fn encode_json_key(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                    #krate::Encode::encode_json(self, __w)
                }
                #encode_msgpack_key
            }
        });
    }
    out
}

/// `EncodeFields` of a unit struct (no members) and of a newtype or `transparent` struct
/// (its field's members, where the field's type has them): what an internally tagged
/// newtype variant holding one writes after the tag, as serde writes it (`{"type":"V"}`
/// for a unit struct, the inner struct's members for a newtype). The bound is
/// higher-ranked so that a field type without members (`u32`) makes an impl that never
/// applies, rather than a "trivial bound" error.
fn encode_fields_through(c: &Container, generics: &syn::Generics) -> TokenStream {
    let p = quote!(__p);
    let ident = c.ident;
    let (json, msgpack, generics) = match (&c.data, c.members_field()) {
        (Data::Struct(Style::Unit, _), _) => (quote!(#p::Ok(())), quote!(#p::Ok(())), generics.clone()),
        (_, Some(f)) => {
            let (ty, m) = (f.ty, &f.member);
            let mut generics = generics.clone();
            generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #p::EncodeFields));
            (
                quote!(<#ty as #p::EncodeFields>::encode_fields(&self.#m, __w, __first)),
                quote!(<#ty as #p::EncodeFields>::encode_fields_msgpack(&self.#m, __w, __count)),
                generics,
            )
        }
        _ => return TokenStream::new(),
    };
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);
    let encode_fields_msgpack = crate::msgpack_only(&p, || {
        quote! {
            #[inline]
            fn encode_fields_msgpack(&self, __w: &mut #p::MsgpackWriter, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                #msgpack
            }
        }
    });
    quote! {
        #[automatically_derived]
        #[allow(unused_variables, clippy::all)]
        impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
            #[inline]
            fn encode_fields(&self, __w: &mut #p::JsonWriter, __first: &mut ::core::primitive::bool) -> #p::Result<()> {
                #json
            }
            #encode_fields_msgpack
        }
    }
}

/// A call that encodes the value `v` (an expression of type `&FieldType`) of `f`.
fn value_call(c: &Container, f: &Field, v: &TokenStream) -> TokenStream {
    let krate = &c.krate;
    let ty = f.ty;
    let span = f.span();
    // Only the callee's path is placed on the field (see `tokens`); the arguments, `self`
    // and `__w` included, keep the derive's own span.
    let callee = match (&f.attrs.with, f.attrs.bytes) {
        // ---- maps with composite keys ---- (the type named: an error lands on it, once)
        _ if f.attrs.map_as_pairs.is_some() => {
            quote_spanned!(span=> <#ty as #krate::with::map_pairs::EncodePairs>::encode_json_pairs)
        }
        // The function's name on the `with` string: a module lacking it is reported there.
        (Some(m), _) => {
            let f = syn::Ident::new("encode_json", syn::spanned::Spanned::span(m));
            quote_spanned!(span=> #m::#f)
        }
        (None, Some(_)) => quote_spanned!(span=> <#ty as #krate::EncodeBytes>::encode_json_bytes),
        // The type is named (rather than inferred from the argument) because rustc
        // reports an unsatisfied bound of an inferred `Self` on the argument, which holds
        // the derive's `self` or binding, hence at the derive: named, a type lacking
        // `Encode` gets its error on the field's type, once.
        (None, None) => quote_spanned!(span=> <#ty as #krate::Encode>::encode_json),
    };
    quote!(#callee(#v, __w))
}

/// Where an error inside a value goes on the path.
#[derive(Clone, Copy)]
enum Segment<'a> {
    Field(&'a str),
    Index(usize),
    None,
}

/// `call?;` with the error's path extended by `segment`, through one short helper call
/// (`__private::in_field`/`in_index`) rather than an inline `if let Err`: generated code
/// stays small, which is most of what compile time costs.
fn wrap(call: TokenStream, segment: Segment) -> TokenStream {
    let p = quote!(__p);
    match segment {
        Segment::Field(name) => quote!(#p::in_field(#call, #name)?;),
        Segment::Index(i) => quote!(#p::in_index(#call, #i)?;),
        Segment::None => quote!(#call?;),
    }
}

/// Encodes a value and, on error, adds `segment` to the path.
fn value_stmt(c: &Container, f: &Field, v: &TokenStream, segment: Segment) -> TokenStream {
    wrap(value_call(c, f, v), segment)
}

/// The `"key":value` members of a struct or struct variant, in declaration order.
fn named_members(
    c: &Container,
    fields: &[Field],
    mut first: First,
    access: impl Fn(&Field) -> TokenStream,
) -> TokenStream {
    let p = quote!(__p);
    let mut out = TokenStream::new();
    for f in fields.iter().filter(|f| f.encodes()) {
        let v = access(f);
        if f.is_flatten() {
            let ty = f.ty;
            let span = f.span();
            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
            out.extend(quote!(#callee(#v, __w, __first)?;));
            if first == First::Yes {
                first = First::Unknown;
            }
            continue;
        }
        let key = json_string(&f.name);
        let write_key = match first {
            First::Yes => {
                let lit = bytes(&format!("{key}:"));
                quote!(__w.write_raw(#lit); *__first = false;)
            }
            First::No => {
                let lit = bytes(&format!(",{key}:"));
                quote!(__w.write_raw(#lit);)
            }
            First::Unknown => {
                let lit = bytes(&format!(",{key}:"));
                quote!(#p::write_key(__w, __first, #lit);)
            }
        };
        let name = &f.name;
        let value = value_stmt(c, f, &v, Segment::Field(name));
        match &f.attrs.skip_encoding_if {
            Some(pred) => {
                out.extend(quote! {
                    if !#pred(#v) {
                        #write_key
                        #value
                    }
                });
                if first == First::Yes {
                    first = First::Unknown;
                }
            }
            None => {
                out.extend(quote!(#write_key #value));
                first = First::No;
            }
        }
    }
    out
}

/// `[a,b,...]` of the encoded elements of a tuple struct or variant.
fn tuple_members(c: &Container, fields: &[Field], access: impl Fn(&Field) -> TokenStream) -> TokenStream {
    let mut out = quote!(__w.write_byte(b'['););
    for (i, f) in fields.iter().filter(|f| f.encodes()).enumerate() {
        if i > 0 {
            out.extend(quote!(__w.write_byte(b',');));
        }
        let v = access(f);
        out.extend(value_stmt(c, f, &v, Segment::Index(i)));
    }
    out.extend(quote!(__w.write_byte(b']');));
    out
}

fn encode_struct(c: &Container, style: Style, fields: &[Field]) -> TokenStream {
    let p = quote!(__p);
    let self_access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    if c.attrs.transparent.is_some() || style == Style::Newtype {
        if let Some(f) = fields.iter().find(|f| f.encodes()) {
            let call = value_call(c, f, &self_access(f));
            return quote!(#call);
        }
    }
    match style {
        Style::Struct => {
            let members = named_members(c, fields, First::Yes, self_access);
            quote! {
                __w.write_byte(b'{');
                let mut __first_v = true;
                let __first = &mut __first_v;
                #members
                __w.write_byte(b'}');
                #p::Ok(())
            }
        }
        Style::Tuple | Style::Newtype => {
            let members = tuple_members(c, fields, self_access);
            quote!(#members #p::Ok(()))
        }
        Style::Unit => quote!(__w.write_null(); #p::Ok(())),
    }
}

/// `Self::V { a: __v0, .. }` binding each field by reference as `__v{i}`.
fn variant_pattern(v: &Variant) -> TokenStream {
    let ident = v.ident;
    let binds = v.fields.iter().enumerate().map(|(i, f)| {
        let m = &f.member;
        let b = binding(i);
        quote!(#m: #b)
    });
    quote!(Self::#ident { #(#binds),* })
}

fn field_binding<'a>(v: &'a Variant) -> impl Fn(&Field) -> TokenStream + 'a {
    move |f: &Field| {
        let i = v.fields.iter().position(|g| g.member == f.member).unwrap_or(0);
        let b = binding(i);
        quote!(#b)
    }
}

/// The variant's content on its own: what follows the tag.
fn variant_content(c: &Container, v: &Variant) -> TokenStream {
    let access = field_binding(v);
    match v.style {
        Style::Unit => quote!(__w.write_null();),
        Style::Newtype => match v.fields.iter().find(|f| f.encodes()) {
            Some(f) => value_stmt(c, f, &access(f), Segment::None),
            None => quote!(__w.write_null();),
        },
        Style::Tuple => tuple_members(c, &v.fields, access),
        Style::Struct => {
            let members = named_members(c, &v.fields, First::Yes, access);
            quote! {
                __w.write_byte(b'{');
                let mut __first_v = true;
                let __first = &mut __first_v;
                #members
                __w.write_byte(b'}');
            }
        }
    }
}

fn encode_enum(c: &Container, variants: &[Variant]) -> TokenStream {
    let p = quote!(__p);
    let arms = variants.iter().map(|v| {
        let pat = variant_pattern(v);
        let name = json_tag(&v.tag);
        let vname = &v.name;
        let body = match c.repr() {
            Repr::External => match v.style {
                Style::Unit => {
                    let lit = bytes(&name);
                    quote!(__w.write_raw(#lit);)
                }
                _ => {
                    // An object key is a string: an integer or bool name as its text.
                    let open = bytes(&format!("{{{}:", json_string(vname)));
                    let content = variant_content(c, v);
                    quote! {
                        __w.write_raw(#open);
                        if let #p::Err(__e) = (|| -> #p::Result<()> { #content #p::Ok(()) })() {
                            return #p::Err(__e.in_field(#vname));
                        }
                        __w.write_byte(b'}');
                    }
                }
            },
            Repr::Internal { tag } => {
                let open = bytes(&format!("{{{}:{name}", json_string(tag)));
                let members = match v.style {
                    Style::Struct => named_members(c, &v.fields, First::No, field_binding(v)),
                    Style::Newtype => match v.fields.iter().find(|f| f.encodes()) {
                        Some(f) => {
                            let ty = f.ty;
                            let b = field_binding(v)(f);
                            let span = f.span();
                            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
                            quote!(#callee(#b, __w, __first)?;)
                        }
                        None => TokenStream::new(),
                    },
                    // Tuple variants are rejected by `check`; unit variants have no members.
                    _ => TokenStream::new(),
                };
                quote! {
                    __w.write_raw(#open);
                    let mut __first_v = false;
                    let __first = &mut __first_v;
                    #members
                    __w.write_byte(b'}');
                }
            }
            Repr::Adjacent { tag, content } => {
                let open = bytes(&format!("{{{}:{name}", json_string(tag)));
                match v.style {
                    Style::Unit => quote!(__w.write_raw(#open); __w.write_byte(b'}');),
                    _ => {
                        let mid = bytes(&format!(",{}:", json_string(content)));
                        let body = variant_content(c, v);
                        quote! {
                            __w.write_raw(#open);
                            __w.write_raw(#mid);
                            if let #p::Err(__e) = (|| -> #p::Result<()> { #body #p::Ok(()) })() {
                                return #p::Err(__e.in_field(#content));
                            }
                            __w.write_byte(b'}');
                        }
                    }
                }
            }
            Repr::Untagged => variant_content(c, v),
        };
        quote!(#pat => { #body })
    });
    if variants.is_empty() {
        return quote!(match *self {});
    }
    quote! {
        match self {
            #(#arms)*
        }
        #p::Ok(())
    }
}

/// A variant's name where a value names it, as JSON text: a string, or an integer or
/// bool name as a number or bool.
fn json_tag(tag: &Name) -> String {
    match tag {
        Name::Str(s) => json_string(s),
        other => other.text(),
    }
}

/// A variant's name as a MessagePack value: a str, an int in its smallest form (as
/// codec's `MsgpackWriter::write_i64` and `write_u64` choose it, and as rmp-serde
/// writes), or a bool.
fn msgpack_tag(tag: &Name) -> Vec<u8> {
    match tag {
        Name::Str(s) => msgpack_str(s),
        Name::Int(n) => msgpack_int(*n),
        Name::Bool(b) => vec![if *b { 0xc3 } else { 0xc2 }],
    }
}

/// `n` (within `i64` or `u64`, as `attr` guarantees) as the smallest MessagePack int.
fn msgpack_int(n: i128) -> Vec<u8> {
    let mut out = Vec::with_capacity(9);
    if n >= 0 {
        let v = n as u64;
        match v {
            0..=0x7f => out.push(v as u8),
            0x80..=0xff => out.extend_from_slice(&[0xcc, v as u8]),
            0x100..=0xffff => {
                out.push(0xcd);
                out.extend_from_slice(&(v as u16).to_be_bytes());
            }
            0x1_0000..=0xffff_ffff => {
                out.push(0xce);
                out.extend_from_slice(&(v as u32).to_be_bytes());
            }
            _ => {
                out.push(0xcf);
                out.extend_from_slice(&v.to_be_bytes());
            }
        }
    } else {
        let v = n as i64;
        if v >= -32 {
            out.push(v as u8);
        } else if v >= i8::MIN as i64 {
            out.extend_from_slice(&[0xd0, v as u8]);
        } else if v >= i16::MIN as i64 {
            out.push(0xd1);
            out.extend_from_slice(&(v as i16).to_be_bytes());
        } else if v >= i32::MIN as i64 {
            out.push(0xd2);
            out.extend_from_slice(&(v as i32).to_be_bytes());
        } else {
            out.push(0xd3);
            out.extend_from_slice(&v.to_be_bytes());
        }
    }
    out
}

/// Under `repr = "int"`, one compile-time assertion per variant that the discriminant
/// the derive computed (and writes) is the one rustc assigned, whatever `#[repr]` and
/// the literals say: a disagreement is a build error, never silently wrong numbers.
fn discriminant_checks(c: &Container) -> TokenStream {
    let Data::Enum(variants) = &c.data else { return TokenStream::new() };
    if c.attrs.repr.as_ref().is_none_or(|r| r.value != ReprKind::Int) || !c.generics.params.is_empty() {
        return TokenStream::new();
    }
    let ident = c.ident;
    let checks = variants.iter().filter_map(|v| {
        let Name::Int(n) = v.tag else { return None };
        let var = v.ident;
        let n = int_literal(n);
        let msg = format!("codec: the discriminant of `{var}` differs from the one the derive computed");
        Some(quote!(::core::assert!(#ident::#var as ::core::primitive::i128 == #n, #msg);))
    });
    quote!(const _: () = { #(#checks)* };)
}

fn encode_key(c: &Container) -> Option<TokenStream> {
    if !c.is_key_enum() {
        return None;
    }
    let p = quote!(__p);
    let Data::Enum(variants) = &c.data else { return None };
    // JSON keys are strings: an integer or bool name is written as its text (`"3"`).
    let arms = variants.iter().map(|v| {
        let ident = v.ident;
        let lit = bytes(&json_string(&v.name));
        quote!(Self::#ident => __w.write_raw(#lit),)
    });
    Some(quote! {
        match self { #(#arms)* }
        #p::Ok(())
    })
}

// ---------------------------------------------------------------------------------------
// MessagePack

/// A map (`fix = 0x80`, `op16 = 0xde`) or array (`0x90`, `0xdc`) header for `n` entries.
fn msgpack_header(n: usize, fix: u8, op16: u8) -> Vec<u8> {
    if n <= 15 {
        vec![fix | n as u8]
    } else if n <= 0xffff {
        let mut v = vec![op16];
        v.extend_from_slice(&(n as u16).to_be_bytes());
        v
    } else {
        let mut v = vec![op16 + 1];
        v.extend_from_slice(&(n as u32).to_be_bytes());
        v
    }
}

fn map_header(n: usize) -> Vec<u8> {
    msgpack_header(n, 0x80, 0xde)
}

fn array_header(n: usize) -> Vec<u8> {
    msgpack_header(n, 0x90, 0xdc)
}

/// Statements with literal bytes gathered, so that consecutive literals (a map header,
/// a tag, the first key) are written with one copy.
#[derive(Default)]
struct Out {
    tokens: TokenStream,
    pending: Vec<u8>,
}

impl Out {
    fn raw(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let l = lit(&self.pending);
            self.tokens.extend(quote!(__w.write_raw(#l);));
            self.pending.clear();
        }
    }

    fn stmt(&mut self, t: TokenStream) {
        self.flush();
        self.tokens.extend(t);
    }

    fn finish(mut self) -> TokenStream {
        self.flush();
        self.tokens
    }
}

/// A call that encodes the value `v` (of type `&FieldType`) of `f` in MessagePack.
fn msgpack_value_call(c: &Container, f: &Field, v: &TokenStream) -> TokenStream {
    let krate = &c.krate;
    let ty = f.ty;
    let span = f.span();
    let callee = match (&f.attrs.with, f.attrs.bytes) {
        _ if f.attrs.map_as_pairs.is_some() => {
            quote_spanned!(span=> <#ty as #krate::with::map_pairs::EncodePairs>::encode_msgpack_pairs)
        }
        (Some(m), _) => with_msgpack_fn(m, "encode_msgpack"),
        (None, Some(_)) => quote_spanned!(span=> <#ty as #krate::EncodeBytes>::encode_msgpack_bytes),
        (None, None) => quote_spanned!(span=> <#ty as #krate::Encode>::encode_msgpack),
    };
    quote!(#callee(#v, __w))
}

fn msgpack_value_stmt(c: &Container, f: &Field, v: &TokenStream, segment: Segment) -> TokenStream {
    wrap(msgpack_value_call(c, f, v), segment)
}

/// How a map's header gets its count.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Header {
    /// Every entry is always written: a literal.
    Static,
    /// Some entries depend on `skip_encoding_if`: the predicates run first (once each, into
    /// `__s{i}` locals) and the header is written with the count.
    Counted,
    /// A flattened member decides its own entries: a one-byte placeholder, a running count
    /// in `__n`, and `patch_map_len` at the end.
    Patched,
}

/// The key-value entries of `fields` (no header) into `out`; `count` is what a written
/// conditional or flattened entry adds to (`__n` or `*__count`).
fn msgpack_entries(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    header: Header,
    count: TokenStream,
    count_ref: TokenStream,
    out: &mut Out,
) {
    let p = quote!(__p);
    for (i, f) in fields.iter().enumerate().filter(|(_, f)| f.encodes()) {
        let v = access(f);
        if f.is_flatten() {
            let ty = f.ty;
            let span = f.span();
            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields_msgpack);
            out.stmt(quote!(#callee(#v, __w, #count_ref)?;));
            continue;
        }
        let key = lit(&msgpack_str(&f.name));
        let name = &f.name;
        let value = msgpack_value_stmt(c, f, &v, Segment::Field(name));
        match (&f.attrs.skip_encoding_if, header) {
            (Some(_), Header::Counted) => {
                let skip = skip_local(i);
                out.stmt(quote! {
                    if !#skip {
                        __w.write_raw(#key);
                        #value
                    }
                });
            }
            (Some(pred), _) => out.stmt(quote! {
                if !#pred(#v) {
                    __w.write_raw(#key);
                    #value
                    #count += 1;
                }
            }),
            (None, _) => {
                out.raw(&key.value());
                out.stmt(value);
            }
        }
    }
}

fn skip_local(i: usize) -> syn::Ident {
    local("__s", i)
}

/// A whole map: its header, `prefix` (pre-encoded entries, `extra` of them: an internal
/// tag), then the entries of `fields`.
fn msgpack_map(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    extra: usize,
    prefix: &[u8],
) -> TokenStream {
    let p = quote!(__p);
    let encoded: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.encodes()).collect();
    let fixed = extra + encoded.iter().filter(|(_, f)| !f.is_flatten() && f.attrs.skip_encoding_if.is_none()).count();
    let header = if encoded.iter().any(|(_, f)| f.is_flatten()) {
        Header::Patched
    } else if encoded.iter().any(|(_, f)| f.attrs.skip_encoding_if.is_some()) {
        Header::Counted
    } else {
        Header::Static
    };
    let mut out = Out::default();
    match header {
        Header::Static => out.raw(&map_header(fixed)),
        Header::Counted => {
            let mut terms = Vec::new();
            for (i, f) in &encoded {
                if let Some(pred) = &f.attrs.skip_encoding_if {
                    let skip = skip_local(*i);
                    let v = access(f);
                    out.stmt(quote!(let #skip: ::core::primitive::bool = #pred(#v);));
                    terms.push(quote!((!#skip) as ::core::primitive::usize));
                }
            }
            out.stmt(quote!(__w.write_map_len(#fixed #(+ #terms)*)?;));
        }
        Header::Patched => out.stmt(quote! {
            let __at = __w.map_placeholder();
            let mut __n = #fixed;
        }),
    }
    out.raw(prefix);
    msgpack_entries(c, fields, access, header, quote!(__n), quote!(&mut __n), &mut out);
    if header == Header::Patched {
        out.stmt(quote!(__w.patch_map_len(__at, __n)?;));
    }
    let _ = p;
    out.finish()
}

/// The entries of a struct for `EncodeFields::encode_fields_msgpack`.
fn msgpack_fields(c: &Container, fields: &[Field], access: impl Fn(&Field) -> TokenStream) -> TokenStream {
    let fixed = fields.iter().filter(|f| f.encodes() && !f.is_flatten() && f.attrs.skip_encoding_if.is_none()).count();
    let mut out = Out::default();
    out.stmt(quote!(*__count += #fixed;));
    msgpack_entries(c, fields, &access, Header::Patched, quote!(*__count), quote!(__count), &mut out);
    out.finish()
}

/// An array of the encoded fields by position (tuple structs and variants, and
/// `msgpack(struct_as_array)` structs, whose field names go on error paths).
fn msgpack_array(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    by_name: bool,
) -> TokenStream {
    let encoded: Vec<&Field> = fields.iter().filter(|f| f.encodes()).collect();
    let mut out = Out::default();
    out.raw(&array_header(encoded.len()));
    for (i, f) in encoded.iter().enumerate() {
        let v = access(f);
        let name = &f.name;
        let segment = if by_name { Segment::Field(name) } else { Segment::Index(i) };
        out.stmt(msgpack_value_stmt(c, f, &v, segment));
    }
    out.finish()
}

/// `encode_msgpack` of a struct with named fields. When an entry may be skipped or a
/// member is flattened, the map header's count is known only at run time: a placeholder
/// is written, the entries come from `EncodeFields::encode_fields_msgpack` (one copy of
/// the entry list per struct), and the count they reached is patched in, one byte in
/// place while the struct has at most 15 entries. Past 15 entries with some skippable,
/// patching could move the entries, so the body is written out with its predicates tested
/// before the header; and when every entry is always written, the body is written out too,
/// so that the header literal joins the first key's copy.
fn msgpack_struct_by_fields(c: &Container, fields: &[Field]) -> TokenStream {
    let p = quote!(__p);
    let encoded = fields.iter().filter(|f| f.encodes());
    let fixed = encoded.clone().filter(|f| !f.is_flatten() && f.attrs.skip_encoding_if.is_none()).count();
    let flatten = encoded.clone().any(|f| f.is_flatten());
    let most = encoded.count();
    // (Measured: a literal header written apart from the first key, before the call, cost
    // 10% more instructions encoding citm_catalog's small structs in MessagePack.)
    if !flatten && (most == fixed || most > 15) {
        return msgpack_struct(c, Style::Struct, fields);
    }
    quote! {
        let __at = __w.map_placeholder();
        let mut __n = 0usize;
        <Self as #p::EncodeFields>::encode_fields_msgpack(self, __w, &mut __n)?;
        __w.patch_map_len(__at, __n)
    }
}

fn msgpack_struct(c: &Container, style: Style, fields: &[Field]) -> TokenStream {
    let p = quote!(__p);
    let self_access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    if c.attrs.transparent.is_some() || style == Style::Newtype {
        if let Some(f) = fields.iter().find(|f| f.encodes()) {
            let call = msgpack_value_call(c, f, &self_access(f));
            return quote!(#call);
        }
    }
    match style {
        Style::Struct if c.attrs.msgpack_struct_as_array.is_some() => {
            let body = msgpack_array(c, fields, &self_access, true);
            quote!(#body #p::Ok(()))
        }
        Style::Struct => {
            let body = msgpack_map(c, fields, &self_access, 0, &[]);
            quote!(#body #p::Ok(()))
        }
        Style::Tuple | Style::Newtype => {
            let body = msgpack_array(c, fields, &self_access, false);
            quote!(#body #p::Ok(()))
        }
        Style::Unit => quote!(__w.write_nil(); #p::Ok(())),
    }
}

/// A variant's content on its own.
fn msgpack_variant_content(c: &Container, v: &Variant) -> TokenStream {
    let access = field_binding(v);
    match v.style {
        Style::Unit => quote!(__w.write_nil();),
        Style::Newtype => match v.fields.iter().find(|f| f.encodes()) {
            Some(f) => msgpack_value_stmt(c, f, &access(f), Segment::None),
            None => quote!(__w.write_nil();),
        },
        Style::Tuple => msgpack_array(c, &v.fields, &access, false),
        Style::Struct => msgpack_map(c, &v.fields, &access, 0, &[]),
    }
}

fn msgpack_enum(c: &Container, variants: &[Variant]) -> TokenStream {
    let p = quote!(__p);
    if variants.is_empty() {
        return quote!(match *self {});
    }
    let arms = variants.iter().map(|v| {
        let pat = variant_pattern(v);
        // MessagePack map keys may be of any type: the name keeps its own everywhere.
        let name = msgpack_tag(&v.tag);
        let vname = &v.name;
        let body = match c.repr() {
            Repr::External => match v.style {
                Style::Unit => {
                    let l = lit(&name);
                    quote!(__w.write_raw(#l);)
                }
                _ => {
                    let mut open = vec![0x81];
                    open.extend_from_slice(&name);
                    let open = lit(&open);
                    let content = msgpack_variant_content(c, v);
                    quote! {
                        __w.write_raw(#open);
                        if let #p::Err(__e) = (|| -> #p::Result<()> { #content #p::Ok(()) })() {
                            return #p::Err(__e.in_field(#vname));
                        }
                    }
                }
            },
            Repr::Internal { tag } => {
                let mut prefix = msgpack_str(tag);
                prefix.extend_from_slice(&name);
                match v.style {
                    Style::Struct => msgpack_map(c, &v.fields, &field_binding(v), 1, &prefix),
                    Style::Newtype => match v.fields.iter().find(|f| f.encodes()) {
                        Some(f) => {
                            let ty = f.ty;
                            let b = field_binding(v)(f);
                            let span = f.span();
                            let prefix = lit(&prefix);
                            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields_msgpack);
                            let fields = quote!(#callee(#b, __w, &mut __n)?;);
                            quote! {
                                let __at = __w.map_placeholder();
                                __w.write_raw(#prefix);
                                let mut __n = 1usize;
                                #fields
                                __w.patch_map_len(__at, __n)?;
                            }
                        }
                        None => {
                            let mut all = vec![0x81];
                            all.extend_from_slice(&prefix);
                            let l = lit(&all);
                            quote!(__w.write_raw(#l);)
                        }
                    },
                    // Tuple variants are rejected by `check`; a unit variant is the tag alone.
                    _ => {
                        let mut all = vec![0x81];
                        all.extend_from_slice(&prefix);
                        let l = lit(&all);
                        quote!(__w.write_raw(#l);)
                    }
                }
            }
            Repr::Adjacent { tag, content } => {
                let mut open = vec![if v.style == Style::Unit { 0x81 } else { 0x82 }];
                open.extend_from_slice(&msgpack_str(tag));
                open.extend_from_slice(&name);
                if v.style == Style::Unit {
                    let l = lit(&open);
                    quote!(__w.write_raw(#l);)
                } else {
                    open.extend_from_slice(&msgpack_str(content));
                    let l = lit(&open);
                    let body = msgpack_variant_content(c, v);
                    quote! {
                        __w.write_raw(#l);
                        if let #p::Err(__e) = (|| -> #p::Result<()> { #body #p::Ok(()) })() {
                            return #p::Err(__e.in_field(#content));
                        }
                    }
                }
            }
            Repr::Untagged => msgpack_variant_content(c, v),
        };
        quote!(#pat => { #body })
    });
    quote! {
        match self {
            #(#arms)*
        }
        #p::Ok(())
    }
}

fn msgpack_key(c: &Container) -> Option<TokenStream> {
    if !c.is_key_enum() {
        return None;
    }
    let p = quote!(__p);
    let Data::Enum(variants) = &c.data else { return None };
    let arms = variants.iter().map(|v| {
        let ident = v.ident;
        let l = lit(&msgpack_tag(&v.tag));
        quote!(Self::#ident => __w.write_raw(#l),)
    });
    Some(quote! {
        match self { #(#arms)* }
        #p::Ok(())
    })
}

/// `EncodeFields` of an enum, what `flatten` of it writes, as serde writes it: an
/// internal tag and the variant's members; an external or adjacent variant as its key(s)
/// and content; an untagged variant's members alone (a unit variant writes nothing).
/// The JSON and MessagePack bodies, and the where-predicates the impl needs (an untagged
/// enum's newtype variants must hold struct-like types). `None` when the enum cannot be
/// flattened (no variants; external or adjacent names that are not all strings).
fn enum_fields(c: &Container, variants: &[Variant]) -> Option<(TokenStream, TokenStream, Vec<TokenStream>)> {
    let p = quote!(__p);
    if !crate::decode::flattenable(c, variants) {
        return None;
    }
    let strings = variants.iter().all(|v| matches!(v.tag, Name::Str(_)));
    let repr = c.repr();
    if !strings && !matches!(repr, Repr::Internal { .. } | Repr::Untagged) {
        return None;
    }
    let mut bounds = Vec::new();
    let mut json_arms = Vec::new();
    let mut msgpack_arms = Vec::new();
    for v in variants {
        let pat = variant_pattern(v);
        let access = field_binding(v);
        let vname = &v.name;
        let newtype = || v.fields.iter().find(|f| f.encodes());
        let (json, msgpack) = match repr {
            Repr::Internal { tag } => {
                let key = bytes(&format!(",{}:{}", json_string(tag), json_tag(&v.tag)));
                let mut entry = msgpack_str(tag);
                entry.extend_from_slice(&msgpack_tag(&v.tag));
                let entry = lit(&entry);
                let (members, members_msgpack) = match (v.style, newtype()) {
                    (Style::Struct, _) => {
                        (named_members(c, &v.fields, First::No, &access), msgpack_fields(c, &v.fields, &access))
                    }
                    (Style::Newtype, Some(f)) => {
                        let (ty, b, span) = (f.ty, access(f), f.span());
                        let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
                        let callee_msgpack = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields_msgpack);
                        (quote!(#callee(#b, __w, __first)?;), quote!(#callee_msgpack(#b, __w, __count)?;))
                    }
                    _ => (TokenStream::new(), TokenStream::new()),
                };
                (
                    quote!(#p::write_key(__w, __first, #key); #members),
                    quote!(__w.write_raw(#entry); *__count += 1; #members_msgpack),
                )
            }
            Repr::External => {
                let key = bytes(&format!(",{}:", json_string(vname)));
                let entry = lit(&msgpack_str(vname));
                let content = variant_content(c, v);
                let content_msgpack = msgpack_variant_content(c, v);
                (
                    quote! {
                        #p::write_key(__w, __first, #key);
                        if let #p::Err(__e) = (|| -> #p::Result<()> { #content #p::Ok(()) })() {
                            return #p::Err(__e.in_field(#vname));
                        }
                    },
                    quote! {
                        __w.write_raw(#entry);
                        *__count += 1;
                        if let #p::Err(__e) = (|| -> #p::Result<()> { #content_msgpack #p::Ok(()) })() {
                            return #p::Err(__e.in_field(#vname));
                        }
                    },
                )
            }
            Repr::Adjacent { tag, content } => {
                let key = bytes(&format!(",{}:{}", json_string(tag), json_tag(&v.tag)));
                let mut entry = msgpack_str(tag);
                entry.extend_from_slice(&msgpack_tag(&v.tag));
                if v.style == Style::Unit {
                    let entry = lit(&entry);
                    (quote!(#p::write_key(__w, __first, #key);), quote!(__w.write_raw(#entry); *__count += 1;))
                } else {
                    entry.extend_from_slice(&msgpack_str(content));
                    let entry = lit(&entry);
                    let mid = bytes(&format!(",{}:", json_string(content)));
                    let body = variant_content(c, v);
                    let body_msgpack = msgpack_variant_content(c, v);
                    (
                        quote! {
                            #p::write_key(__w, __first, #key);
                            __w.write_raw(#mid);
                            if let #p::Err(__e) = (|| -> #p::Result<()> { #body #p::Ok(()) })() {
                                return #p::Err(__e.in_field(#content));
                            }
                        },
                        quote! {
                            __w.write_raw(#entry);
                            *__count += 2;
                            if let #p::Err(__e) = (|| -> #p::Result<()> { #body_msgpack #p::Ok(()) })() {
                                return #p::Err(__e.in_field(#content));
                            }
                        },
                    )
                }
            }
            Repr::Untagged => match (v.style, newtype()) {
                (Style::Struct, _) => {
                    (named_members(c, &v.fields, First::Unknown, &access), msgpack_fields(c, &v.fields, &access))
                }
                (Style::Newtype, Some(f)) => {
                    let (ty, b, span) = (f.ty, access(f), f.span());
                    bounds.push(quote!(for<'__x> #ty: #p::EncodeFields));
                    let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
                    let callee_msgpack = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields_msgpack);
                    (quote!(#callee(#b, __w, __first)?;), quote!(#callee_msgpack(#b, __w, __count)?;))
                }
                (Style::Unit, _) => (TokenStream::new(), TokenStream::new()),
                _ => {
                    let err = quote!(return #p::Err(#p::cannot_flatten("a tuple variant")););
                    (err.clone(), err)
                }
            },
        };
        json_arms.push(quote!(#pat => { #json }));
        msgpack_arms.push(quote!(#pat => { #msgpack }));
    }
    Some((quote!(match self { #(#json_arms)* }), quote!(match self { #(#msgpack_arms)* }), bounds))
}

#[cfg(test)]
mod tests {
    use super::msgpack_int;

    #[test]
    fn msgpack_ints_take_their_smallest_form() {
        let cases: &[(i128, &[u8])] = &[
            (0, b"\x00"),
            (127, b"\x7f"),
            (128, b"\xcc\x80"),
            (255, b"\xcc\xff"),
            (256, b"\xcd\x01\x00"),
            (65535, b"\xcd\xff\xff"),
            (65536, b"\xce\x00\x01\x00\x00"),
            (u32::MAX as i128, b"\xce\xff\xff\xff\xff"),
            (u32::MAX as i128 + 1, b"\xcf\x00\x00\x00\x01\x00\x00\x00\x00"),
            (u64::MAX as i128, b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"),
            (-1, b"\xff"),
            (-32, b"\xe0"),
            (-33, b"\xd0\xdf"),
            (-128, b"\xd0\x80"),
            (-129, b"\xd1\xff\x7f"),
            (-32768, b"\xd1\x80\x00"),
            (-32769, b"\xd2\xff\xff\x7f\xff"),
            (i32::MIN as i128, b"\xd2\x80\x00\x00\x00"),
            (i32::MIN as i128 - 1, b"\xd3\xff\xff\xff\xff\x7f\xff\xff\xff"),
            (i64::MIN as i128, b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00"),
        ];
        for (n, bytes) in cases {
            assert_eq!(msgpack_int(*n), *bytes, "{n}");
        }
    }
}
