//! Codegen of `Encode` (and `EncodeFields`, `EncodeKey`) from the IR: one body per type,
//! generic over the writer (`__W: Writer`), monomorphized for each format the program
//! uses. What differs between formats is decided here, at macro time, as bytes: every
//! member name with its punctuation, every tag, and every map or array header whose count
//! is known, pre-encoded for each format (`Encoded`), and the steps whose form depends
//! on run time (a skipped member's comma, a flattened member's count) are the writer's
//! methods. Consecutive literals are written with one copy.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::ast::{Container, Data, Field, Repr, Style, Variant};
use crate::attr::{Name, ReprKind};
use crate::bound;
use crate::encoded::encoded;
use crate::tokens::{binding, int_literal, json_member, json_string, local, msgpack_str};

/// Whether a `,` must precede the next member in JSON.
#[derive(Clone, Copy, PartialEq, Eq)]
enum First {
    /// Nothing written yet: no comma.
    Yes,
    /// Something written: comma.
    No,
    /// Depends on skipped or flattened members before: the running count decides.
    Unknown,
}

pub fn expand(c: &Container) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(__p);
    let ident = c.ident;
    let generics = bound::encode_generics(c);
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);

    // A struct with named fields has its members in `EncodeFields` too (what a struct
    // that flattens it, or an internally tagged variant holding it, calls). Being
    // generic, that copy is compiled only where something flattens the struct.
    let fields_impl = match &c.data {
        Data::Struct(Style::Struct, fields) if c.attrs.transparent.is_none() => Some(fields),
        _ => None,
    };

    let body = match &c.data {
        Data::Struct(Style::Struct, fields) if fields_impl.is_some() => struct_body(c, fields),
        Data::Struct(style, fields) => encode_struct(c, *style, fields),
        Data::Enum(variants) => encode_enum(c, variants),
    };

    // The one method: the trait's per-format methods call it by default.
    let mut out = quote! {
        #[automatically_derived]
        impl #impl_g #krate::Encode for #ident #ty_g #where_c {
            fn encode<__W: #p::Writer>(&self, __w: &mut __W) -> #p::Result<()> {
                #body
            }
        }
    };

    if let Some(fields) = fields_impl {
        let self_access = |f: &Field| {
            let m = &f.member;
            quote!(&self.#m)
        };
        let mut members = Out::default();
        let count = quote!(*__count);
        write_entries(c, fields, &self_access, First::Unknown, Some(&count), false, 0, &mut members);
        let members = members.finish();
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                #[inline]
                fn encode_fields<__W: #p::Writer>(&self, __w: &mut __W, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                    #members
                    #p::Ok(())
                }
            }
        });
    }

    // An enum flattened writes what serde writes for it (unit, newtype and transparent
    // structs get theirs from `encode_fields_through`).
    if let Data::Enum(variants) = &c.data {
        if let Some((members, bounds)) = enum_fields(c, variants) {
            let mut generics = generics.clone();
            let clause = generics.make_where_clause();
            for b in bounds {
                if let Ok(pred) = syn::parse2::<syn::WherePredicate>(b) {
                    clause.predicates.push(pred);
                }
            }
            let (impl_g, ty_g, where_c) = bound::split(&generics, c);
            out.extend(quote! {
                #[automatically_derived]
                impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                    #[inline]
                    fn encode_fields<__W: #p::Writer>(&self, __w: &mut __W, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                        #members
                        #p::Ok(())
                    }
                }
            });
        }
    }

    out.extend(discriminant_checks(c));
    out.extend(encode_fields_through(c, &generics));
    out.extend(encode_key_impl(c, &generics));
    out
}

/// `EncodeKey` of a unit-variant enum (its names), of a newtype or `transparent` struct
/// (its field's key), or of a composite key (its value); nothing otherwise.
fn encode_key_impl(c: &Container, generics: &syn::Generics) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(__p);
    let ident = c.ident;
    let mut generics = generics.clone();
    let (pairs, body) = if let Some(key) = encode_key(c) {
        (None, key)
    } else if let Some(f) = c.key_field() {
        // A newtype or transparent struct is the key its field is (serde's rule). The
        // bound is higher-ranked so that a field type that is no key (`Vec<u8>`) makes a
        // key impl that never applies, rather than a "trivial bound" error.
        let (ty, m) = (f.ty, &f.member);
        generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #krate::EncodeKey));
        (
            Some(quote!(<#ty as #krate::EncodeKey>::AS_PAIRS)),
            quote!(<#ty as #krate::EncodeKey>::encode_key(&self.#m, __w)),
        )
    } else if c.is_composite_key() {
        // ---- maps with composite keys ----
        // A key written as its value: `[key, value]` pairs in JSON, the value in key
        // position in MessagePack. The work is `Encode`'s.
        (Some(quote!(true)), quote!(#krate::Encode::encode(self, __w)))
    } else {
        return TokenStream::new();
    };
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);
    let pairs = pairs.map(|v| quote!(const AS_PAIRS: ::core::primitive::bool = #v;));
    quote! {
        #[automatically_derived]
        impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
            #pairs
            #[inline]
            fn encode_key<__W: #p::Writer>(&self, __w: &mut __W) -> #p::Result<()> {
                #body
            }
        }
    }
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
    let (body, generics) = match (&c.data, c.members_field()) {
        (Data::Struct(Style::Unit, _), _) => (quote!(#p::Ok(())), generics.clone()),
        (_, Some(f)) => {
            let (ty, m) = (f.ty, &f.member);
            let mut generics = generics.clone();
            generics.make_where_clause().predicates.push(syn::parse_quote!(for<'__k> #ty: #p::EncodeFields));
            (quote!(<#ty as #p::EncodeFields>::encode_fields(&self.#m, __w, __count)), generics)
        }
        _ => return TokenStream::new(),
    };
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);
    quote! {
        #[automatically_derived]
        impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
            #[inline]
            fn encode_fields<__W: #p::Writer>(&self, __w: &mut __W, __count: &mut ::core::primitive::usize) -> #p::Result<()> {
                #body
            }
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
    match (&f.attrs.with, f.attrs.bytes) {
        // ---- maps with composite keys ---- (the type named: an error lands on it, once)
        _ if f.attrs.map_as_pairs.is_some() => {
            let callee = quote_spanned!(span=> <#ty as #krate::with::map_pairs::EncodePairs>::encode_pairs);
            quote!(#callee(#v, __w))
        }
        // The module's generic `encode`, its name on the `with` string: a module lacking it
        // is reported there. A plain call, so that the field's value meets the function's
        // parameter with the usual coercions (a `&String` for a `&str`).
        (Some(m), _) => {
            let encode = syn::Ident::new("encode", syn::spanned::Spanned::span(m));
            quote!(#m::#encode(#v, __w))
        }
        (None, Some(_)) => {
            let callee = quote_spanned!(span=> <#ty as #krate::EncodeBytes>::encode_bytes);
            quote!(#callee(#v, __w))
        }
        // The type is named (rather than inferred from the argument) because rustc
        // reports an unsatisfied bound of an inferred `Self` on the argument, which holds
        // the derive's `self` or binding, hence at the derive: named, a type lacking
        // `Encode` gets its error on the field's type, once.
        (None, None) => {
            let callee = quote_spanned!(span=> <#ty as #krate::Encode>::encode);
            quote!(#callee(#v, __w))
        }
    }
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

/// Statements with literal bytes gathered, so that consecutive literals (a map header,
/// a tag, the first key) are written with one copy in each format.
#[derive(Default)]
struct Out {
    tokens: TokenStream,
    json: Vec<u8>,
    msgpack: Vec<u8>,
}

impl Out {
    fn raw(&mut self, json: &[u8], msgpack: &[u8]) {
        self.json.extend_from_slice(json);
        self.msgpack.extend_from_slice(msgpack);
    }

    fn flush(&mut self) {
        if !self.json.is_empty() || !self.msgpack.is_empty() {
            let e = encoded(&self.json, &self.msgpack);
            self.tokens.extend(quote!(__w.write_encoded(#e);));
            self.json.clear();
            self.msgpack.clear();
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

/// How a map's entry count reaches its header.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Header {
    /// Every entry is always written: a literal.
    Static,
    /// Some entries depend on `skip_encoding_if`: the predicates run first (once each, into
    /// `__s{i}` locals) and the header is written with the count.
    Counted,
    /// A flattened member decides its own entries: the writer's `begin_members` (in
    /// MessagePack a placeholder header), a running count in `__n`, and `end_members`.
    Patched,
}

fn skip_local(i: usize) -> syn::Ident {
    local("__s", i)
}

/// The entries of `fields` (no header) into `out`, from state `first`. `count` is the
/// running count of written entries (`__n` or `*__count`), kept where a comma or the
/// header depends on what was written, and `pending` how many entries were written
/// before that count was last brought up to date; `skip_locals`: the predicates were run
/// into `__s{i}` before the header.
#[allow(clippy::too_many_arguments)]
fn write_entries(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    mut first: First,
    count: Option<&TokenStream>,
    skip_locals: bool,
    mut pending: usize,
    out: &mut Out,
) {
    let p = quote!(__p);
    // Brings the count up to date before something reads it.
    let sync = |out: &mut Out, pending: &mut usize| {
        if let (Some(n), true) = (count, *pending > 0) {
            let k = *pending;
            out.stmt(quote!(#n += #k;));
        }
        *pending = 0;
    };
    for (i, f) in fields.iter().enumerate().filter(|(_, f)| f.encodes()) {
        let v = access(f);
        if f.is_flatten() {
            sync(out, &mut pending);
            let n = count.expect("a flattened member is written with a count");
            let ty = f.ty;
            let span = f.span();
            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
            out.stmt(quote!(#callee(#v, __w, &mut #n)?;));
            if first == First::Yes {
                first = First::Unknown;
            }
            continue;
        }
        let json = json_member(&f.name);
        let msgpack = msgpack_str(&f.name);
        let name = &f.name;
        let value = value_stmt(c, f, &v, Segment::Field(name));
        match &f.attrs.skip_encoding_if {
            None => {
                match first {
                    First::Yes => out.raw(&json.as_bytes()[1..], &msgpack),
                    First::No => out.raw(json.as_bytes(), &msgpack),
                    First::Unknown => {
                        sync(out, &mut pending);
                        let n = count.expect("a member after a skipped one is written with a count");
                        let e = encoded(json.as_bytes(), &msgpack);
                        out.stmt(quote!(__w.write_member_name(#e, #n);));
                    }
                }
                pending += 1;
                out.stmt(value);
                first = First::No;
            }
            Some(pred) => {
                let write_name = match first {
                    First::Yes => {
                        let e = encoded(&json.as_bytes()[1..], &msgpack);
                        quote!(__w.write_encoded(#e);)
                    }
                    First::No => {
                        let e = encoded(json.as_bytes(), &msgpack);
                        quote!(__w.write_encoded(#e);)
                    }
                    First::Unknown => {
                        sync(out, &mut pending);
                        let n = count.expect("a member after a skipped one is written with a count");
                        let e = encoded(json.as_bytes(), &msgpack);
                        quote!(__w.write_member_name(#e, #n);)
                    }
                };
                let bump = count.map(|n| quote!(#n += 1;));
                let skip = if skip_locals {
                    let s = skip_local(i);
                    quote!(#s)
                } else {
                    quote!(#pred(#v))
                };
                out.stmt(quote! {
                    if !#skip {
                        #write_name
                        #value
                        #bump
                    }
                });
                if first == First::Yes {
                    first = First::Unknown;
                }
            }
        }
    }
    sync(out, &mut pending);
}

/// A whole map (JSON object): its opening (a MessagePack header), `prefix` (a
/// pre-encoded first entry, an internal tag, in each format), the entries of `fields`,
/// and its closing.
fn map_body(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: Option<(&[u8], &[u8])>,
) -> TokenStream {
    let encoded_fields: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.encodes()).collect();
    let extra = usize::from(prefix.is_some());
    let fixed =
        extra + encoded_fields.iter().filter(|(_, f)| !f.is_flatten() && f.attrs.skip_encoding_if.is_none()).count();
    let header = header_of(&encoded_fields);
    let first = if prefix.is_some() { First::No } else { First::Yes };
    let mut out = Out::default();
    let n = quote!(__n);
    match header {
        Header::Static => {
            out.raw(b"{", &map_header(fixed));
            if let Some((json, msgpack)) = prefix {
                out.raw(json, msgpack);
            }
            write_entries(c, fields, access, first, None, false, 0, &mut out);
            out.stmt(quote!(__w.end_map();));
        }
        Header::Counted => {
            let mut terms = Vec::new();
            for (i, f) in &encoded_fields {
                if let Some(pred) = &f.attrs.skip_encoding_if {
                    let skip = skip_local(*i);
                    let v = access(f);
                    out.stmt(quote!(let #skip: ::core::primitive::bool = #pred(#v);));
                    terms.push(quote!((!#skip) as ::core::primitive::usize));
                }
            }
            out.stmt(quote! {
                __w.begin_map(#fixed #(+ #terms)*)?;
                let mut __n: ::core::primitive::usize = #extra;
            });
            if let Some((json, msgpack)) = prefix {
                out.raw(json, msgpack);
            }
            write_entries(c, fields, access, first, Some(&n), true, 0, &mut out);
            out.stmt(quote!(__w.end_map();));
        }
        Header::Patched => {
            out.stmt(quote! {
                let __at = __w.begin_members();
                let mut __n: ::core::primitive::usize = 0;
            });
            if let Some((json, msgpack)) = prefix {
                out.raw(json, msgpack);
            }
            write_entries(c, fields, access, first, Some(&n), false, extra, &mut out);
            out.stmt(quote!(__w.end_members(__at, __n)?;));
        }
    }
    out.finish()
}

/// How the header of a map of `fields` gets its count. Past 15 entries a MessagePack
/// header patched in place could have to move the entries, so there the predicates of
/// skippable members run before the header instead.
fn header_of(fields: &[(usize, &Field)]) -> Header {
    if fields.iter().any(|(_, f)| f.is_flatten()) {
        Header::Patched
    } else if fields.iter().all(|(_, f)| f.attrs.skip_encoding_if.is_none()) {
        Header::Static
    } else if fields.len() > 15 {
        Header::Counted
    } else {
        Header::Patched
    }
}

/// The body of `encode` for a struct with named fields. When an entry may be skipped or a
/// member is flattened (and the struct has at most 15 entries or a flattened one), the
/// entries come from `EncodeFields::encode_fields` (one copy of the entry list per
/// struct), between the writer's `begin_members` and `end_members`; otherwise they are
/// written out, so that the opening literal joins the first key's copy.
fn struct_body(c: &Container, fields: &[Field]) -> TokenStream {
    let p = quote!(__p);
    let self_access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    let encoded_fields: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.encodes()).collect();
    let map = if header_of(&encoded_fields) == Header::Patched {
        quote! {
            let __at = __w.begin_members();
            let mut __n: ::core::primitive::usize = 0;
            <Self as #p::EncodeFields>::encode_fields(self, __w, &mut __n)?;
            __w.end_members(__at, __n)
        }
    } else {
        let body = map_body(c, fields, &self_access, None);
        quote!(#body #p::Ok(()))
    };
    if c.attrs.msgpack_struct_as_array.is_none() {
        return map;
    }
    // `msgpack(struct_as_array)`: MessagePack's own form, chosen by a constant.
    let array = tuple_members(c, fields, &self_access, true);
    quote! {
        if <__W as #p::Writer>::MSGPACK {
            #array
            #p::Ok(())
        } else {
            #map
        }
    }
}

/// `[a,b,...]` of the encoded elements of a tuple struct or variant (or, `by_name`, of a
/// `msgpack(struct_as_array)` struct, whose field names go on error paths).
fn tuple_members(
    c: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    by_name: bool,
) -> TokenStream {
    let encoded_fields: Vec<&Field> = fields.iter().filter(|f| f.encodes()).collect();
    let mut out = Out::default();
    out.raw(b"[", &array_header(encoded_fields.len()));
    for (i, f) in encoded_fields.iter().enumerate() {
        if i > 0 {
            out.stmt(quote!(__w.array_element(#i);));
        }
        let v = access(f);
        let name = &f.name;
        let segment = if by_name { Segment::Field(name) } else { Segment::Index(i) };
        out.stmt(value_stmt(c, f, &v, segment));
    }
    out.stmt(quote!(__w.end_array();));
    out.finish()
}

fn encode_struct(c: &Container, style: Style, fields: &[Field]) -> TokenStream {
    let p = quote!(__p);
    let self_access = |f: &Field| {
        let m = &f.member;
        quote!(&self.#m)
    };
    if c.attrs.transparent.is_some() || style == Style::Newtype {
        if let Some(f) = fields.iter().find(|f| f.encodes()) {
            return value_call(c, f, &self_access(f));
        }
    }
    match style {
        Style::Struct => {
            let body = map_body(c, fields, &self_access, None);
            quote!(#body #p::Ok(()))
        }
        Style::Unit => quote!(__w.write_null(); #p::Ok(())),
        Style::Tuple | Style::Newtype => {
            let members = tuple_members(c, fields, &self_access, false);
            quote!(#members #p::Ok(()))
        }
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
        Style::Tuple => tuple_members(c, &v.fields, &access, false),
        Style::Struct => map_body(c, &v.fields, &access, None),
    }
}

/// `content`, with `name` added to the path of its errors.
fn in_field(content: TokenStream, name: &str) -> TokenStream {
    let p = quote!(__p);
    quote! {
        if let #p::Err(__e) = (|| -> #p::Result<()> { #content #p::Ok(()) })() {
            return #p::Err(__e.in_field(#name));
        }
    }
}

fn encode_enum(c: &Container, variants: &[Variant]) -> TokenStream {
    let p = quote!(__p);
    if variants.is_empty() {
        return quote!(match *self {});
    }
    // An externally tagged enum that can be flattened writes a variant with content as
    // a map of one entry, `{` and what `EncodeFields` writes for it (the entry, whose
    // name loses its comma as the first member): one copy of each variant's content
    // code rather than one here and one in `EncodeFields`.
    let via_fields = matches!(c.repr(), Repr::External) && enum_fields_emitted(c, variants);
    let delegated = via_fields && variants.iter().any(|v| v.style != Style::Unit);
    let arms: Vec<TokenStream> = variants
        .iter()
        .filter(|v| !(via_fields && v.style != Style::Unit))
        .map(|v| {
            let pat = variant_pattern(v);
            // A MessagePack map key may be of any type: the name keeps its own everywhere.
            // A JSON object key is a string: an integer or bool name as its text there.
            let json = json_tag(&v.tag);
            let msgpack = msgpack_tag(&v.tag);
            let vname = &v.name;
            let mut out = Out::default();
            match c.repr() {
                Repr::External => match v.style {
                    Style::Unit => out.raw(json.as_bytes(), &msgpack),
                    _ => {
                        let mut open = vec![0x81];
                        open.extend_from_slice(&msgpack);
                        out.raw(format!("{{{}:", json_string(vname)).as_bytes(), &open);
                        out.stmt(in_field(variant_content(c, v), vname));
                        out.stmt(quote!(__w.end_map();));
                    }
                },
                Repr::Internal { tag } => {
                    let prefix_json = format!("{}:{json}", json_string(tag));
                    let mut prefix_msgpack = msgpack_str(tag);
                    prefix_msgpack.extend_from_slice(&msgpack);
                    let newtype = v.fields.iter().find(|f| f.encodes());
                    match (v.style, newtype) {
                        (Style::Struct, _) => {
                            let body = map_body(
                                c,
                                &v.fields,
                                &field_binding(v),
                                Some((prefix_json.as_bytes(), &prefix_msgpack)),
                            );
                            out.stmt(body);
                        }
                        (Style::Newtype, Some(f)) => {
                            let ty = f.ty;
                            let b = field_binding(v)(f);
                            let span = f.span();
                            let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
                            out.stmt(quote! {
                                let __at = __w.begin_members();
                                let mut __n: ::core::primitive::usize = 1;
                            });
                            out.raw(prefix_json.as_bytes(), &prefix_msgpack);
                            out.stmt(quote! {
                                #callee(#b, __w, &mut __n)?;
                                __w.end_members(__at, __n)?;
                            });
                        }
                        // Tuple variants are rejected by `check`; a unit variant (or a newtype
                        // whose field is skipped) is the tag alone.
                        _ => {
                            let mut all = vec![0x81];
                            all.extend_from_slice(&prefix_msgpack);
                            out.raw(format!("{{{prefix_json}}}").as_bytes(), &all);
                        }
                    }
                }
                Repr::Adjacent { tag, content } => {
                    let mut open = vec![if v.style == Style::Unit { 0x81 } else { 0x82 }];
                    open.extend_from_slice(&msgpack_str(tag));
                    open.extend_from_slice(&msgpack);
                    let open_json = format!("{{{}:{json}", json_string(tag));
                    if v.style == Style::Unit {
                        out.raw(format!("{open_json}}}").as_bytes(), &open);
                    } else {
                        open.extend_from_slice(&msgpack_str(content));
                        out.raw(format!("{open_json},{}:", json_string(content)).as_bytes(), &open);
                        out.stmt(in_field(variant_content(c, v), content));
                        out.stmt(quote!(__w.end_map();));
                    }
                }
                Repr::Untagged => out.stmt(variant_content(c, v)),
            }
            let body = out.finish();
            quote!(#pat => { #body })
        })
        .collect();
    let rest = delegated.then(|| {
        let open = encoded(b"{", &[0x81]);
        quote! {
            _ => {
                __w.write_encoded(#open);
                let mut __n: ::core::primitive::usize = 0;
                <Self as #p::EncodeFields>::encode_fields(self, __w, &mut __n)?;
                __w.end_map();
            }
        }
    });
    quote! {
        match self {
            #(#arms)*
            #rest
        }
        #p::Ok(())
    }
}

/// Whether [`expand`] emits the enum's `EncodeFields` (what [`enum_fields`] decides,
/// without building it).
fn enum_fields_emitted(c: &Container, variants: &[Variant]) -> bool {
    crate::decode::flattenable(c, variants)
        && (variants.iter().all(|v| matches!(v.tag, Name::Str(_)))
            || matches!(c.repr(), Repr::Internal { .. } | Repr::Untagged))
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
    // JSON keys are strings: an integer or bool name is written as its text (`"3"`); a
    // MessagePack key keeps the name's own type.
    let arms = variants.iter().map(|v| {
        let ident = v.ident;
        let e = encoded(json_string(&v.name).as_bytes(), &msgpack_tag(&v.tag));
        quote!(Self::#ident => __w.write_encoded(#e),)
    });
    Some(quote! {
        match self { #(#arms)* }
        #p::Ok(())
    })
}

/// `EncodeFields` of an enum, what `flatten` of it writes, as serde writes it: an
/// internal tag and the variant's members; an external or adjacent variant as its key(s)
/// and content; an untagged variant's members alone (a unit variant writes nothing).
/// The body, and the where-predicates the impl needs (an untagged enum's newtype
/// variants must hold struct-like types). `None` when the enum cannot be flattened (no
/// variants; external or adjacent names that are not all strings).
fn enum_fields(c: &Container, variants: &[Variant]) -> Option<(TokenStream, Vec<TokenStream>)> {
    let p = quote!(__p);
    if !enum_fields_emitted(c, variants) {
        return None;
    }
    let repr = c.repr();
    let count = quote!(*__count);
    let mut bounds = Vec::new();
    let mut arms = Vec::new();
    for v in variants {
        let pat = variant_pattern(v);
        let access = field_binding(v);
        let vname = &v.name;
        let newtype = || v.fields.iter().find(|f| f.encodes());
        let members_of = |first: First| -> TokenStream {
            match (v.style, newtype()) {
                (Style::Struct, _) => {
                    let mut out = Out::default();
                    write_entries(c, &v.fields, &access, first, Some(&count), false, 0, &mut out);
                    out.finish()
                }
                (Style::Newtype, Some(f)) => {
                    let (ty, b, span) = (f.ty, access(f), f.span());
                    let callee = quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields);
                    quote!(#callee(#b, __w, __count)?;)
                }
                _ => TokenStream::new(),
            }
        };
        let body = match repr {
            Repr::Internal { tag } => {
                let mut entry = msgpack_str(tag);
                entry.extend_from_slice(&msgpack_tag(&v.tag));
                let e = encoded(format!(",{}:{}", json_string(tag), json_tag(&v.tag)).as_bytes(), &entry);
                let members = members_of(First::No);
                quote!(__w.write_member_name(#e, *__count); *__count += 1; #members)
            }
            Repr::External => {
                let e = encoded(json_member(vname).as_bytes(), &msgpack_str(vname));
                let content = in_field(variant_content(c, v), vname);
                quote!(__w.write_member_name(#e, *__count); *__count += 1; #content)
            }
            Repr::Adjacent { tag, content } => {
                let mut entry = msgpack_str(tag);
                entry.extend_from_slice(&msgpack_tag(&v.tag));
                let e = encoded(format!(",{}:{}", json_string(tag), json_tag(&v.tag)).as_bytes(), &entry);
                if v.style == Style::Unit {
                    quote!(__w.write_member_name(#e, *__count); *__count += 1;)
                } else {
                    let mid = encoded(json_member(content).as_bytes(), &msgpack_str(content));
                    let body = in_field(variant_content(c, v), content);
                    quote! {
                        __w.write_member_name(#e, *__count);
                        __w.write_encoded(#mid);
                        *__count += 2;
                        #body
                    }
                }
            }
            Repr::Untagged => match (v.style, newtype()) {
                (Style::Newtype, Some(f)) => {
                    let ty = f.ty;
                    bounds.push(quote!(for<'__x> #ty: #p::EncodeFields));
                    members_of(First::Unknown)
                }
                (Style::Tuple, _) | (Style::Newtype, None) => {
                    quote!(return #p::Err(#p::cannot_flatten("a tuple variant"));)
                }
                _ => members_of(First::Unknown),
            },
        };
        arms.push(quote!(#pat => { #body }));
    }
    Some((quote!(match self { #(#arms)* }), bounds))
}

// ---------------------------------------------------------------------------------------
// MessagePack's bytes made at macro time

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
