//! Inferred where-clauses: every type parameter that appears in a field the direction
//! uses gets that direction's trait bound (serde's rule, which also works for recursive
//! types, unlike bounding whole field types). `bound = "..."` replaces the inference.

use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{parse_quote, GenericParam, Generics, Ident};

use crate::ast::{Container, Data, Field};

/// Whether `ident` appears in `tokens`, except inside `PhantomData<...>`: that type is
/// `Encode` and `Decode` whatever its parameter, so it must not ask for a bound (serde's rule).
fn mentions(tokens: TokenStream, ident: &Ident) -> bool {
    let mut iter = tokens.into_iter().peekable();
    while let Some(t) = iter.next() {
        match t {
            TokenTree::Ident(i) if i == "PhantomData" => {
                if matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
                    skip_angle_brackets(&mut iter);
                }
            }
            TokenTree::Ident(i) if i == *ident => return true,
            TokenTree::Group(g) if mentions(g.stream(), ident) => return true,
            _ => {}
        }
    }
    false
}

/// Consumes `<...>` with nested angle brackets; the `>` of `->` closes nothing.
fn skip_angle_brackets(iter: &mut std::iter::Peekable<proc_macro2::token_stream::IntoIter>) {
    let mut depth = 0usize;
    let mut after_dash = false;
    for t in iter.by_ref() {
        if let TokenTree::Punct(p) = &t {
            match p.as_char() {
                '<' => depth += 1,
                '>' if !after_dash => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
            after_dash = p.as_char() == '-' && p.spacing() == proc_macro2::Spacing::Joint;
        } else {
            after_dash = false;
        }
    }
}

fn all_fields<'c, 'a>(c: &'c Container<'a>) -> Vec<&'c Field<'a>> {
    match &c.data {
        Data::Struct(_, fields) => fields.iter().collect(),
        Data::Enum(variants) => variants.iter().flat_map(|v| v.fields.iter()).collect(),
    }
}

fn with_bounds(
    c: &Container,
    explicit: &Option<Vec<syn::WherePredicate>>,
    uses: impl Fn(&Field) -> bool,
    bound: impl Fn(&Ident) -> syn::WherePredicate,
    flat: impl Fn(&syn::Type) -> syn::WherePredicate,
    mut generics: Generics,
) -> Generics {
    let clause = generics.make_where_clause();
    if let Some(preds) = explicit {
        clause.predicates.extend(preds.iter().cloned());
        return generics;
    }
    let params: Vec<Ident> = c
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type(t) => Some(t.ident.clone()),
            _ => None,
        })
        .collect();
    let fields = all_fields(c);
    for p in &params {
        if fields
            .iter()
            .any(|f| uses(f) && f.attrs.with.is_none() && !f.is_flatten() && mentions(f.ty.to_token_stream(), p))
        {
            clause.predicates.push(bound(p));
        }
    }
    // A flattened field is written and read through `EncodeFields`/`DecodeFields`, so
    // its type (when generic) is bounded by those: `T` itself for `#[flatten] body: T`.
    for f in fields.iter().filter(|f| uses(f) && f.is_flatten()) {
        if params.iter().any(|p| mentions(f.ty.to_token_stream(), p)) {
            clause.predicates.push(flat(f.ty));
        }
    }
    generics
}

/// Generics of the `Encode` impl.
pub fn encode_generics(c: &Container) -> Generics {
    let krate = &c.krate;
    with_bounds(
        c,
        &c.attrs.bound_encode,
        |f| f.encodes(),
        |p| parse_quote!(#p: #krate::Encode),
        |ty| parse_quote!(#ty: #krate::__private::EncodeFields),
        c.generics.clone(),
    )
}

/// Whether the type already has a lifetime named `'de`: then that lifetime is the input
/// lifetime itself (`struct S<'de> { s: &'de str }` decodes as `Decode<'de>`).
pub fn has_de_lifetime(generics: &Generics) -> bool {
    generics.lifetimes().any(|l| l.lifetime.ident == "de")
}

/// Generics of the `Decode<'de>` impl: `'de` outlives every lifetime of the type, so
/// borrowed fields can point into the input.
pub fn decode_generics(c: &Container) -> Generics {
    let krate = &c.krate;
    let mut generics = c.generics.clone();
    if !has_de_lifetime(&generics) {
        let lifetimes: Vec<syn::Lifetime> = generics.lifetimes().map(|l| l.lifetime.clone()).collect();
        let de: syn::LifetimeParam =
            if lifetimes.is_empty() { parse_quote!('de) } else { parse_quote!('de: #(#lifetimes)+*) };
        generics.params.insert(0, GenericParam::Lifetime(de));
    }
    let mut generics = with_bounds(
        c,
        &c.attrs.bound_decode,
        |f| f.decodes(),
        |p| parse_quote!(#p: #krate::Decode<'de>),
        |ty| parse_quote!(#ty: #krate::__private::DecodeFields<'de>),
        generics,
    );
    // A decoded field that borrows for `'static` (`&'static str`, `Cow<'static, str>`) can
    // only borrow from a `'static` input (serde's rule for `&'static str`); without the
    // bound the generated impl itself fails to compile.
    let statik = Ident::new("static", proc_macro2::Span::call_site());
    if all_fields(c).iter().any(|f| f.decodes() && f.attrs.with.is_none() && mentions(f.ty.to_token_stream(), &statik))
    {
        generics.make_where_clause().predicates.push(parse_quote!('de: 'static));
    }
    generics
}

/// `impl<...> Trait for Type<...> where ...` pieces as tokens.
pub fn split(generics: &Generics, c: &Container) -> (TokenStream, TokenStream, TokenStream) {
    let (impl_g, _, where_c) = generics.split_for_impl();
    let (_, ty_g, _) = c.generics.split_for_impl();
    (impl_g.to_token_stream(), ty_g.to_token_stream(), quote!(#where_c))
}
