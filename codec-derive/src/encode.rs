//! Codegen of `Encode` (and `EncodeFields`, `EncodeKey`) from the IR.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::ast::{Container, Data, Field, Repr, Style, Variant};
use crate::bound;

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

/// A byte-string literal of `text`.
pub fn bytes(text: &str) -> syn::LitByteStr {
    syn::LitByteStr::new(text.as_bytes(), Span::call_site())
}

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
    let p = quote!(#krate::__private);
    let ident = c.ident;
    let generics = bound::encode_generics(c);
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);

    let body = match &c.data {
        Data::Struct(style, fields) => encode_struct(c, *style, fields),
        Data::Enum(variants) => encode_enum(c, variants),
    };

    let mut out = quote! {
        #[automatically_derived]
        #[allow(unused_mut, unused_variables, clippy::all)]
        impl #impl_g #krate::Encode for #ident #ty_g #where_c {
            #[inline]
            fn encode_json(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                #body
            }
        }
    };

    if let Data::Struct(Style::Struct, fields) = &c.data {
        if c.attrs.transparent.is_none() {
            let members = named_members(c, fields, First::Unknown, |f| {
                let m = &f.member;
                quote!(&self.#m)
            });
            out.extend(quote! {
                #[automatically_derived]
                #[allow(unused_mut, unused_variables, clippy::all)]
                impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                    #[inline]
                    fn encode_fields(&self, __w: &mut #p::JsonWriter, __first: &mut bool) -> #p::Result<()> {
                        #members
                        #p::Ok(())
                    }
                }
            });
        }
    }

    if let Some(key) = encode_key(c) {
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
                #[inline]
                fn encode_json_key(&self, __w: &mut #p::JsonWriter) -> #p::Result<()> {
                    #key
                }
            }
        });
    }
    out
}

/// A call that encodes the value `v` (an expression of type `&FieldType`) of `f`.
fn value_call(c: &Container, f: &Field, v: &TokenStream) -> TokenStream {
    let krate = &c.krate;
    let ty = f.ty;
    let span = f.span();
    match &f.attrs.with {
        Some(m) => quote_spanned!(span=> #m::encode_json(#v, __w)),
        None => quote_spanned!(span=> <#ty as #krate::Encode>::encode_json(#v, __w)),
    }
}

/// Encodes a value and, on error, adds `segment` to the path.
fn value_stmt(c: &Container, f: &Field, v: &TokenStream, segment: TokenStream) -> TokenStream {
    let p = {
        let krate = &c.krate;
        quote!(#krate::__private)
    };
    let call = value_call(c, f, v);
    quote! {
        if let #p::Err(__e) = #call {
            return #p::Err(__e #segment);
        }
    }
}

/// The `"key":value` members of a struct or struct variant, in declaration order.
fn named_members(
    c: &Container,
    fields: &[Field],
    mut first: First,
    access: impl Fn(&Field) -> TokenStream,
) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    for f in fields.iter().filter(|f| f.encodes()) {
        let v = access(f);
        if f.is_flatten() {
            let ty = f.ty;
            let span = f.span();
            out.extend(quote_spanned! {span=>
                <#ty as #p::EncodeFields>::encode_fields(#v, __w, __first)?;
            });
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
        let value = value_stmt(c, f, &v, quote!(.in_field(#name)));
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
        out.extend(value_stmt(c, f, &v, quote!(.in_index(#i))));
    }
    out.extend(quote!(__w.write_byte(b']');));
    out
}

fn encode_struct(c: &Container, style: Style, fields: &[Field]) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(#krate::__private);
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

pub fn binding(i: usize) -> syn::Ident {
    syn::Ident::new(&format!("__v{i}"), Span::call_site())
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
            Some(f) => value_stmt(c, f, &access(f), TokenStream::new()),
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
    let krate = &c.krate;
    let p = quote!(#krate::__private);
    let arms = variants.iter().map(|v| {
        let pat = variant_pattern(v);
        let name = json_string(&v.name);
        let vname = &v.name;
        let body = match c.repr() {
            Repr::External => match v.style {
                Style::Unit => {
                    let lit = bytes(&name);
                    quote!(__w.write_raw(#lit);)
                }
                _ => {
                    let open = bytes(&format!("{{{name}:"));
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
                            quote_spanned!(span=> <#ty as #p::EncodeFields>::encode_fields(#b, __w, __first)?;)
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

/// Enums whose variants are all units can be map keys.
pub fn is_key_enum(c: &Container) -> bool {
    match &c.data {
        Data::Enum(variants) => {
            !variants.is_empty() && c.attrs.untagged.is_none() && variants.iter().all(|v| v.style == Style::Unit)
        }
        Data::Struct(..) => false,
    }
}

fn encode_key(c: &Container) -> Option<TokenStream> {
    if !is_key_enum(c) {
        return None;
    }
    let krate = &c.krate;
    let p = quote!(#krate::__private);
    let Data::Enum(variants) = &c.data else { return None };
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
