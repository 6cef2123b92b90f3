//! Inferred where-clauses: every type parameter that appears in a field the direction
//! uses gets that direction's trait bound (serde's rule, which also works for recursive
//! types, unlike bounding whole field types). `bound = "..."` replaces the inference.

use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{parse_quote, GenericParam, Generics, Ident};

use crate::ast::{Container, Data, Field};

fn mentions(tokens: TokenStream, ident: &Ident) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => i == *ident,
        TokenTree::Group(g) => mentions(g.stream(), ident),
        _ => false,
    })
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
        if fields.iter().any(|f| uses(f) && f.attrs.with.is_none() && mentions(f.ty.to_token_stream(), p)) {
            clause.predicates.push(bound(p));
        }
    }
    generics
}

/// Generics of the `Encode` impl.
pub fn encode_generics(c: &Container) -> Generics {
    let krate = &c.krate;
    with_bounds(c, &c.attrs.bound_encode, |f| f.encodes(), |p| parse_quote!(#p: #krate::Encode), c.generics.clone())
}

/// Generics of the `Decode<'__de>` impl: `'__de` outlives every lifetime of the type, so
/// borrowed fields can point into the input.
pub fn decode_generics(c: &Container) -> Generics {
    let krate = &c.krate;
    let mut generics = c.generics.clone();
    let lifetimes: Vec<syn::Lifetime> = generics.lifetimes().map(|l| l.lifetime.clone()).collect();
    let de: syn::LifetimeParam =
        if lifetimes.is_empty() { parse_quote!('__de) } else { parse_quote!('__de: #(#lifetimes)+*) };
    generics.params.insert(0, GenericParam::Lifetime(de));
    with_bounds(c, &c.attrs.bound_decode, |f| f.decodes(), |p| parse_quote!(#p: #krate::Decode<'__de>), generics)
}

/// `impl<...> Trait for Type<...> where ...` pieces as tokens.
pub fn split(generics: &Generics, c: &Container) -> (TokenStream, TokenStream, TokenStream) {
    let (impl_g, _, where_c) = generics.split_for_impl();
    let (_, ty_g, _) = c.generics.split_for_impl();
    (impl_g.to_token_stream(), ty_g.to_token_stream(), quote!(#where_c))
}
