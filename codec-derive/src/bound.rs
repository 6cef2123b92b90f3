//! Inferred where-clauses: every type parameter that appears in a field the direction
//! uses gets that direction's trait bound (serde's rule, which also works for recursive
//! types, unlike bounding whole field types). `bound = "..."` replaces the inference.

use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::{parse_quote, GenericParam, Generics, Ident};

use crate::ast::{Container, Data, Field};
use crate::attr::DefaultKind;

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

/// How a type parameter `p` is used in `tokens` (a field's type): whether it stands as a
/// type of its own anywhere (`T`, `Vec<T>`, `<T as Tr>::X`), outside `PhantomData<...>`;
/// and, appended to `assoc`, each associated type named through it (`T::Assoc`), which
/// is bounded itself rather than `T` (serde's rule: `T` need not be `Encode` for its
/// `T::Assoc` to be).
fn uses_param(tokens: TokenStream, p: &Ident, assoc: &mut Vec<TokenStream>) -> bool {
    let toks: Vec<TokenTree> = tokens.into_iter().collect();
    let path_sep = |i: usize| {
        matches!((toks.get(i), toks.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == proc_macro2::Spacing::Joint && b.as_char() == ':')
    };
    let mut direct = false;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            TokenTree::Ident(id) if id == "PhantomData" => {
                if matches!(toks.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
                    let mut rest = toks[i + 1..].iter().cloned().collect::<TokenStream>().into_iter().peekable();
                    skip_angle_brackets(&mut rest);
                    i = toks.len() - rest.count();
                    continue;
                }
            }
            // `T` itself, unless it is a later segment of some other path (`m::T`).
            TokenTree::Ident(id) if id == p && !(i >= 2 && path_sep(i - 2)) => {
                let mut j = i + 1;
                let mut path = quote!(#id);
                while path_sep(j) {
                    let Some(TokenTree::Ident(seg)) = toks.get(j + 2) else { break };
                    path.extend(quote!(::#seg));
                    j += 3;
                }
                if j > i + 1 {
                    let text = path.to_string();
                    if !assoc.iter().any(|a| a.to_string() == text) {
                        assoc.push(path);
                    }
                    i = j;
                    continue;
                }
                direct = true;
            }
            TokenTree::Group(g) => direct |= uses_param(g.stream(), p, assoc),
            _ => {}
        }
        i += 1;
    }
    direct
}

/// What a where-clause bounds: a type parameter, or an associated type through one.
enum Bounded<'a> {
    Param(&'a Ident),
    Assoc(&'a TokenStream),
}

impl ToTokens for Bounded<'_> {
    fn to_tokens(&self, out: &mut TokenStream) {
        match self {
            Bounded::Param(p) => p.to_tokens(out),
            Bounded::Assoc(a) => a.to_tokens(out),
        }
    }
}

/// The type parameters (and associated types through them) used in the fields that
/// `uses` selects, each once, in order.
fn used_params<'c>(
    c: &'c Container,
    fields: &[&Field],
    uses: impl Fn(&Field) -> bool,
) -> (Vec<&'c Ident>, Vec<TokenStream>) {
    let mut direct = Vec::new();
    let mut assoc = Vec::new();
    for p in c.generics.type_params().map(|t| &t.ident) {
        let mut found = false;
        for f in fields.iter().filter(|f| uses(f) && f.attrs.with.is_none()) {
            found |= uses_param(f.ty.to_token_stream(), p, &mut assoc);
        }
        if found {
            direct.push(p);
        }
    }
    (direct, assoc)
}

fn with_bounds(
    c: &Container,
    explicit: &Option<Vec<syn::WherePredicate>>,
    uses: impl Fn(&Field) -> bool,
    bound: impl Fn(Bounded) -> syn::WherePredicate,
    flat: impl Fn(&syn::Type) -> syn::WherePredicate,
    mut generics: Generics,
) -> Generics {
    let clause = generics.make_where_clause();
    if let Some(preds) = explicit {
        clause.predicates.extend(preds.iter().cloned());
        return generics;
    }
    let fields = all_fields(c);
    let (direct, assoc) = used_params(c, &fields, |f| uses(f) && !f.is_flatten());
    clause.predicates.extend(direct.into_iter().map(|p| bound(Bounded::Param(p))));
    clause.predicates.extend(assoc.iter().map(|a| bound(Bounded::Assoc(a))));
    // A flattened field is written and read through `EncodeFields`/`DecodeFields`, so
    // its type (when generic) is bounded by those: `T` itself for `#[flatten] body: T`.
    for f in fields.iter().filter(|f| uses(f) && f.is_flatten()) {
        if c.generics.type_params().any(|t| mentions(f.ty.to_token_stream(), &t.ident)) {
            clause.predicates.push(flat(f.ty));
        }
    }
    generics
}

/// `T: Default` for each type parameter in a field that decoding fills from `Default`
/// (a `default` without a path, or a `skip` or `skip_decoding` without one), and
/// `Self: Default` for a container `default` of a generic type: serde's rules, so a
/// `#[serde(default)] a: T` needs no `bound` written.
fn default_bounds(c: &Container, generics: &mut Generics) {
    if c.attrs.bound_decode.is_some() {
        return;
    }
    let from_default = |f: &Field| match &f.attrs.default {
        Some(d) => matches!(d.value, DefaultKind::Trait),
        None => !f.decodes(),
    };
    let (direct, assoc) = used_params(c, &all_fields(c), from_default);
    let clause = generics.make_where_clause();
    // A container `default` without a path takes the missing fields from `Self::default()`.
    if c.attrs.default.as_ref().is_some_and(|d| matches!(d.value, DefaultKind::Trait)) && !c.generics.params.is_empty()
    {
        let ident = c.ident;
        let (_, ty_g, _) = c.generics.split_for_impl();
        clause.predicates.push(parse_quote!(#ident #ty_g: __p::Default));
    }
    let bounded = direct.into_iter().map(Bounded::Param).chain(assoc.iter().map(Bounded::Assoc));
    clause.predicates.extend(bounded.map(|b| -> syn::WherePredicate { parse_quote!(#b: __p::Default) }));
}

/// Generics of the `Encode` impl.
pub fn encode_generics(c: &Container) -> Generics {
    let krate = &c.krate;
    with_bounds(
        c,
        &c.attrs.bound_encode,
        |f| f.encodes(),
        |b| parse_quote!(#b: #krate::Encode),
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
        |b| parse_quote!(#b: #krate::Decode<'de>),
        |ty| parse_quote!(#ty: #krate::__private::DecodeFields<'de>),
        generics,
    );
    default_bounds(c, &mut generics);
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
