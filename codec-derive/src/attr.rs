//! `#[codec(...)]` parsed once into typed values. A bad attribute is reported with a span
//! on the exact token and skipped, so one build shows every mistake.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

use crate::case::{RenameRule, RULE_NAMES};
use crate::ctxt::Ctxt;

mod serde;

/// A value together with the span of the attribute that set it.
#[derive(Clone)]
pub struct Spanned<T> {
    pub value: T,
    /// The value's own token (for a string, the literal).
    pub span: Span,
    /// The attribute's name, such as `tag` in `tag = "type"`.
    pub name: Span,
}

/// How a missing field gets its value.
#[derive(Clone)]
pub enum DefaultKind {
    /// `Default::default()`.
    Trait,
    /// A function path, called with no arguments.
    Path(syn::ExprPath),
}

/// How a unit-only enum writes its variants: `repr = "str"` (their names, the default) or
/// `repr = "int"` (their discriminants).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ReprKind {
    Str,
    Int,
}

/// A variant's name as `rename` and `alias` give it: a string, an integer (any `i64` or
/// `u64` value) or a bool. Integers and bools are written as JSON numbers and bools
/// (MessagePack ints and bools) wherever a value names the variant, and as their text
/// where a JSON object key must (a string).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Name {
    Str(String),
    Int(i128),
    Bool(bool),
}

impl Name {
    /// The name as text: a string as it is, a number in decimal, `true` or `false`. What
    /// JSON object keys, error paths and "expected one of" lists show.
    pub fn text(&self) -> String {
        match self {
            Name::Str(s) => s.clone(),
            Name::Int(n) => n.to_string(),
            Name::Bool(b) => b.to_string(),
        }
    }

    /// The name as the user wrote it in Rust, for compile-time messages: `"2"`, `2`, `true`.
    pub fn literal(&self) -> String {
        match self {
            Name::Str(s) => format!("{s:?}"),
            other => other.text(),
        }
    }
}

/// The range a numeric name must fit: any `i64` or `u64` value.
pub const NAME_MIN: i128 = i64::MIN as i128;
pub const NAME_MAX: i128 = u64::MAX as i128;

#[derive(Default)]
pub struct Container {
    pub rename_all: Option<Spanned<RenameRule>>,
    /// `rename_all_fields`: the `rename_all` of every variant that has none of its own.
    pub rename_all_fields: Option<Spanned<RenameRule>>,
    pub deny_unknown_fields: Option<Span>,
    pub tag: Option<Spanned<String>>,
    pub content: Option<Spanned<String>>,
    pub untagged: Option<Span>,
    pub transparent: Option<Span>,
    pub default: Option<Spanned<DefaultKind>>,
    pub bound_encode: Option<Vec<syn::WherePredicate>>,
    pub bound_decode: Option<Vec<syn::WherePredicate>>,
    pub crate_path: Option<syn::Path>,
    /// `msgpack(struct_as_array)`: MessagePack writes the struct as an array by position.
    pub msgpack_struct_as_array: Option<Span>,
    /// `repr = "int"` / `repr = "str"`.
    pub repr: Option<Spanned<ReprKind>>,
    /// `debug`: show the generated code (see `crate::debug`).
    pub debug: Option<Span>,
    // ---- maps with composite keys ----
    /// `no_key_impls`: no `EncodeKey`/`DecodeKey` from the derive, for a type whose own
    /// hand-written key impls make it a map key.
    pub no_key_impls: Option<Span>,
}

#[derive(Default)]
pub struct Variant {
    pub rename: Option<Spanned<Name>>,
    pub aliases: Vec<Spanned<Name>>,
    pub rename_all: Option<Spanned<RenameRule>>,
    pub other: Option<Span>,
    /// serde's `bound` on the variant: fine only beside a `bound` on the enum.
    pub serde_bound: Option<Span>,
}

#[derive(Default)]
pub struct Field {
    pub rename: Option<Spanned<String>>,
    pub aliases: Vec<Spanned<String>>,
    pub default: Option<Spanned<DefaultKind>>,
    pub skip: Option<Span>,
    pub skip_encoding: Option<Span>,
    pub skip_decoding: Option<Span>,
    pub skip_encoding_if: Option<syn::ExprPath>,
    /// Where `skip_encoding_if` was written, for messages.
    pub skip_encoding_if_span: Option<Span>,
    pub with: Option<syn::Path>,
    pub flatten: Option<Span>,
    /// `bytes`: a byte string, written as a MessagePack bin.
    pub bytes: Option<Span>,
    // ---- maps with composite keys ----
    /// `map_as_pairs`: the map is `[[key, value], ...]` in JSON whatever its key type;
    /// lowered to `with = "codec::with::map_pairs"` once checked.
    pub map_as_pairs: Option<Span>,
    /// serde's `bound` on the field: fine only beside a `bound` on the container.
    pub serde_bound: Option<Span>,
}

/// Where an attribute is written; decides which names are known there.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Container,
    Variant,
    Field,
}

const CONTAINER_ATTRS: &[&str] = &[
    "rename_all",
    "rename_all_fields",
    "deny_unknown_fields",
    "tag",
    "content",
    "untagged",
    "transparent",
    "default",
    "bound",
    "crate",
    "msgpack",
    "repr",
    "debug",
    "no_key_impls",
];
const VARIANT_ATTRS: &[&str] = &["rename", "alias", "rename_all", "other"];
const FIELD_ATTRS: &[&str] = &[
    "rename",
    "alias",
    "default",
    "skip",
    "skip_encoding",
    "skip_decoding",
    "skip_encoding_if",
    "with",
    "flatten",
    "bytes",
    "map_as_pairs",
];
/// What `msgpack(...)` takes on a container.
const MSGPACK_ATTRS: &[&str] = &["struct_as_array"];

/// serde's names for attributes this crate spells differently.
const SERDE_NAMES: &[(&str, &str)] = &[
    ("skip_serializing", "skip_encoding"),
    ("skip_deserializing", "skip_decoding"),
    ("skip_serializing_if", "skip_encoding_if"),
];

impl Place {
    const ALL: [Place; 3] = [Place::Container, Place::Variant, Place::Field];

    fn known(self) -> &'static [&'static str] {
        match self {
            Place::Container => CONTAINER_ATTRS,
            Place::Variant => VARIANT_ATTRS,
            Place::Field => FIELD_ATTRS,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Place::Container => "a struct or enum",
            Place::Variant => "a variant",
            Place::Field => "a field",
        }
    }
}

fn backticked(names: &[&str]) -> String {
    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// Edit distance, for "did you mean" hints.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "unknown codec attribute `x`" plus the most useful hint: serde's spelling, the place
/// where the attribute does belong, the closest known name, or the list of known names.
fn unknown_message(name: &str, place: Place) -> String {
    let known = place.known();
    let mut msg = format!("unknown codec attribute `{name}`");
    if let Some((_, ours)) = SERDE_NAMES.iter().find(|(serde, ours)| *serde == name && known.contains(ours)) {
        msg.push_str(&format!(": codec spells serde's `{name}` as `{ours}`"));
        return msg;
    }
    let elsewhere: Vec<&str> =
        Place::ALL.iter().filter(|p| **p != place && p.known().contains(&name)).map(|p| p.noun()).collect();
    if !elsewhere.is_empty() {
        msg.push_str(&format!(" on {}: `{name}` goes on {}", place.noun(), elsewhere.join(" or ")));
        return msg;
    }
    let limit = (name.chars().count() / 3).clamp(1, 3);
    let closest = known.iter().map(|k| (levenshtein(name, k), *k)).filter(|(d, _)| *d <= limit).min();
    match closest {
        Some((_, k)) => msg.push_str(&format!(", did you mean `{k}`?")),
        None => msg.push_str(&format!(" on {}, expected one of {}", place.noun(), backticked(known))),
    }
    msg
}

/// Which helper attribute a setting is read from: codec's own, or serde's (read so that a
/// type deriving both writes its attributes once; see `serde.rs` beside this file).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Codec,
    Serde,
}

impl Source {
    fn attr_name(self) -> &'static str {
        match self {
            Source::Codec => "codec",
            Source::Serde => "serde",
        }
    }
}

/// Calls `f` on each `name = value` / `name` / `name(...)` inside every `#[codec(...)]`
/// (or, for [`Source::Serde`], every `#[serde(...)]`, translated to codec's names first).
/// `f` returns `Ok(false)` for a name it does not know. Every error is recorded and the
/// rest of the attribute is still parsed. Returns the serde settings that only a
/// `#[codec]` setting can stand in for, to be checked once both are parsed.
fn for_each_meta(
    cx: &Ctxt,
    place: Place,
    source: Source,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>,
) -> Vec<serde::Deferred> {
    let mut deferred = Vec::new();
    let attr_name = source.attr_name();
    for attr in attrs {
        if !attr.path().is_ident(attr_name) {
            continue;
        }
        let syn::Meta::List(list) = &attr.meta else {
            cx.error_spanned_by(
                &attr.meta,
                format!("expected `#[{attr_name}(...)]` with at least one attribute inside"),
            );
            continue;
        };
        let result = list.parse_nested_meta(|meta| {
            let name = meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
            let outcome = match source {
                Source::Codec => f(&meta, &name),
                Source::Serde => serde::meta(place, &meta, &name, &mut f, &mut deferred),
            };
            match outcome {
                Ok(true) => Ok(()),
                Ok(false) => {
                    let shown = meta.path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::");
                    let msg = match source {
                        Source::Codec => unknown_message(&shown, place),
                        Source::Serde => serde::unknown_message(&shown, place),
                    };
                    cx.error_spanned_by(&meta.path, msg);
                    skip_meta_value(&meta)
                }
                Err(e) => {
                    cx.syn_error(e);
                    skip_meta_value(&meta)
                }
            }
        });
        if let Err(e) = result {
            cx.syn_error(e);
        }
    }
    deferred
}

/// Consumes whatever follows a rejected attribute name so parsing can go on.
fn skip_meta_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.input.parse::<Token![=]>()?;
        value_tokens(meta.input)?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
}

/// Every token up to the next `,` (or the end): a value, whatever it is, so that a
/// malformed one (`tag = type`) is reported once and the next attribute still parses.
fn value_tokens(input: syn::parse::ParseStream) -> syn::Result<TokenStream> {
    input.step(|cursor| {
        let mut rest = *cursor;
        let mut tokens = TokenStream::new();
        while let Some((tt, next)) = rest.token_tree() {
            if matches!(&tt, TokenTree::Punct(p) if p.as_char() == ',') {
                break;
            }
            tokens.extend([tt]);
            rest = next;
        }
        Ok((tokens, rest))
    })
}

fn set<T>(cx: &Ctxt, slot: &mut Option<T>, meta: &ParseNestedMeta, name: &str, value: T) {
    if slot.is_some() {
        cx.error_spanned_by(&meta.path, format!("duplicate codec attribute `{name}`"));
    } else {
        *slot = Some(value);
    }
}

fn flag(cx: &Ctxt, slot: &mut Option<Span>, meta: &ParseNestedMeta, name: &str) -> syn::Result<bool> {
    if !meta.input.is_empty() && !meta.input.peek(Token![,]) {
        return Err(meta.error(format!("`{name}` takes no value: write `{name}` alone")));
    }
    set(cx, slot, meta, name, meta.path.span());
    Ok(true)
}

/// The string literal of `name = "..."`. The whole value is consumed even when it is not
/// a string, so the next attribute still parses.
fn string(meta: &ParseNestedMeta, name: &str) -> syn::Result<LitStr> {
    let expected = format!("expected `{name} = \"...\"`");
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(expected));
    }
    let eq = meta.input.parse::<Token![=]>()?;
    let tokens = value_tokens(meta.input)?;
    if tokens.is_empty() {
        return Err(syn::Error::new(eq.span, expected));
    }
    syn::parse2::<LitStr>(unwrap_invisible_group(tokens.clone()))
        .map_err(|_| syn::Error::new_spanned(tokens, format!("expected a string literal: `{name} = \"...\"`")))
}

/// A `$x:literal` passed through `macro_rules!` arrives wrapped in an invisible
/// (`Delimiter::None`) group; look through it so such attributes work.
fn unwrap_invisible_group(tokens: TokenStream) -> TokenStream {
    let mut iter = tokens.clone().into_iter();
    match (iter.next(), iter.next()) {
        (Some(proc_macro2::TokenTree::Group(g)), None) if g.delimiter() == proc_macro2::Delimiter::None => {
            unwrap_invisible_group(g.stream())
        }
        _ => tokens,
    }
}

fn spanned_string(meta: &ParseNestedMeta, name: &str) -> syn::Result<Spanned<String>> {
    let lit = string(meta, name)?;
    Ok(Spanned { value: lit.value(), span: lit.span(), name: meta.path.span() })
}

/// The literal of a variant's `rename = ...` or `alias = ...`: a string, an integer (`2`,
/// `-1`, `0x10`, within `i64` or `u64`) or a bool. The whole value is consumed whatever
/// it is, so the next attribute still parses.
///
/// A field's name (`variant == false`) is parsed the same way, so that an integer gets
/// a message on how to write it as a key, but the other messages ask for a string only.
fn name_value(meta: &ParseNestedMeta, name: &str, variant: bool) -> syn::Result<Spanned<Name>> {
    let expected = if variant {
        format!("expected `{name} = \"...\"`, or an integer or bool literal such as `{name} = 2`")
    } else {
        format!("expected `{name} = \"...\"`")
    };
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(expected));
    }
    let eq = meta.input.parse::<Token![=]>()?;
    let tokens = value_tokens(meta.input)?;
    if tokens.is_empty() {
        return Err(syn::Error::new(eq.span, expected));
    }
    let value = unwrap_invisible_group(tokens.clone());
    let not_a_name = || {
        let msg = if variant {
            format!("expected a string, integer or bool literal: `{name} = \"...\"`, `{name} = 2` or `{name} = true`")
        } else {
            format!("expected a string literal: `{name} = \"...\"`")
        };
        syn::Error::new_spanned(&tokens, msg)
    };
    let expr = syn::parse2::<syn::Expr>(value).map_err(|_| not_a_name())?;
    let (negative, lit) = match &expr {
        syn::Expr::Lit(l) => (false, &l.lit),
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => match &**expr {
            syn::Expr::Lit(l) => (true, &l.lit),
            _ => return Err(not_a_name()),
        },
        _ => return Err(not_a_name()),
    };
    let value = match lit {
        syn::Lit::Str(s) if !negative => Name::Str(s.value()),
        syn::Lit::Bool(b) if !negative => Name::Bool(b.value),
        syn::Lit::Int(i) => {
            let out_of_range = || {
                syn::Error::new_spanned(
                    &tokens,
                    format!("`{name}` out of range: an integer name must fit `i64` or `u64`"),
                )
            };
            let n = i.base10_parse::<i128>().map_err(|_| out_of_range())?;
            let n = if negative { -n } else { n };
            if !(NAME_MIN..=NAME_MAX).contains(&n) {
                return Err(out_of_range());
            }
            Name::Int(n)
        }
        syn::Lit::Float(_) if variant => {
            return Err(syn::Error::new_spanned(
                &tokens,
                format!("a float cannot be a variant's `{name}`: use an integer, a bool or a string"),
            ))
        }
        _ => return Err(not_a_name()),
    };
    Ok(Spanned { value, span: expr.span(), name: meta.path.span() })
}

/// A field's `rename` or `alias`: a JSON object key, always a string. An integer or bool
/// (which a variant may have) gets a message that says how to write it as a key.
fn field_name(meta: &ParseNestedMeta, name: &str) -> syn::Result<Spanned<String>> {
    let Spanned { value, span, name: attr } = name_value(meta, name, false)?;
    match value {
        Name::Str(s) => Ok(Spanned { value: s, span, name: attr }),
        other => Err(syn::Error::new(
            span,
            format!("a field's `{name}` is a JSON object key, always a string: write `{name} = \"{}\"`", other.text()),
        )),
    }
}

/// `repr = "int"` or `repr = "str"`.
fn repr_kind(meta: &ParseNestedMeta) -> syn::Result<Spanned<ReprKind>> {
    let lit = string(meta, "repr")?;
    let value = match lit.value().as_str() {
        "int" => ReprKind::Int,
        "str" => ReprKind::Str,
        other => {
            return Err(syn::Error::new(lit.span(), format!("unknown repr `{other}`, expected \"int\" or \"str\"")))
        }
    };
    Ok(Spanned { value, span: lit.span(), name: meta.path.span() })
}

fn rename_rule(meta: &ParseNestedMeta, name: &str) -> syn::Result<Spanned<RenameRule>> {
    let lit = string(meta, name)?;
    match RenameRule::from_str(&lit.value()) {
        Some(rule) => Ok(Spanned { value: rule, span: lit.span(), name: meta.path.span() }),
        None => Err(syn::Error::new(
            lit.span(),
            format!(
                "unknown rename rule `{}`, expected one of {}",
                lit.value(),
                RULE_NAMES.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", ")
            ),
        )),
    }
}

fn default_kind(meta: &ParseNestedMeta) -> syn::Result<Spanned<DefaultKind>> {
    let span = meta.path.span();
    if meta.input.peek(Token![=]) {
        let lit = string(meta, "default")?;
        let path = lit.parse::<syn::ExprPath>().map_err(|_| {
            syn::Error::new(lit.span(), "expected a path to a function, such as `default = \"my::fallback\"`")
        })?;
        Ok(Spanned { value: DefaultKind::Path(path), span, name: span })
    } else if meta.input.is_empty() || meta.input.peek(Token![,]) {
        Ok(Spanned { value: DefaultKind::Trait, span, name: span })
    } else {
        Err(meta.error("expected `default` or `default = \"path::to::function\"`"))
    }
}

fn parse_lit<T: syn::parse::Parse>(lit: &LitStr, what: &str) -> syn::Result<T> {
    lit.parse::<T>().map_err(|_| syn::Error::new(lit.span(), format!("expected {what}")))
}

fn where_predicates(lit: &LitStr) -> syn::Result<Vec<syn::WherePredicate>> {
    if lit.value().trim().is_empty() {
        return Ok(Vec::new());
    }
    let clause: syn::WhereClause = syn::parse_str(&format!("where {}", lit.value())).map_err(|e| {
        syn::Error::new(
            lit.span(),
            format!("invalid `bound`: {e}; write where-predicates such as \"T: Trait, U: Other\""),
        )
    })?;
    Ok(clause.predicates.into_iter().collect())
}

/// `bound = "..."` (both directions) or `bound(encode = "...", decode = "...")`.
fn bound(cx: &Ctxt, c: &mut Container, meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        let preds = where_predicates(&string(meta, "bound")?)?;
        if c.bound_encode.is_some() || c.bound_decode.is_some() {
            cx.error_spanned_by(&meta.path, "duplicate codec attribute `bound`");
        } else {
            c.bound_encode = Some(preds.clone());
            c.bound_decode = Some(preds);
        }
        return Ok(());
    }
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error("expected `bound = \"...\"` or `bound(encode = \"...\", decode = \"...\")`"));
    }
    meta.parse_nested_meta(|inner| {
        let which = inner.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        let slot = match which.as_str() {
            "encode" => &mut c.bound_encode,
            "decode" => &mut c.bound_decode,
            _ => {
                cx.error_spanned_by(&inner.path, "expected `encode` or `decode` inside `bound(...)`");
                return skip_meta_value(&inner);
            }
        };
        match string(&inner, &which).and_then(|lit| where_predicates(&lit)) {
            Ok(preds) => set(cx, slot, &inner, &format!("bound({which})"), preds),
            Err(e) => {
                cx.syn_error(e);
                skip_meta_value(&inner)?;
            }
        }
        Ok(())
    })
}

/// `msgpack(struct_as_array)`: the MessagePack-only choices of a container.
fn msgpack(cx: &Ctxt, c: &mut Container, meta: &ParseNestedMeta) -> syn::Result<()> {
    if !meta.input.peek(syn::token::Paren) {
        return Err(meta.error("expected `msgpack(struct_as_array)`"));
    }
    meta.parse_nested_meta(|inner| {
        let name = inner.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        match name.as_str() {
            "struct_as_array" => {
                flag(cx, &mut c.msgpack_struct_as_array, &inner, "struct_as_array")?;
            }
            _ => {
                let shown = inner.path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::");
                cx.error_spanned_by(
                    &inner.path,
                    format!(
                        "unknown codec attribute `msgpack({shown})`, expected one of {}",
                        backticked(MSGPACK_ATTRS)
                    ),
                );
                skip_meta_value(&inner)?;
            }
        }
        Ok(())
    })
}

impl Container {
    /// The settings of `#[codec(...)]` and `#[serde(...)]` together (see [`Source`]).
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Container {
        let codec = Container::parse_from(cx, attrs, Source::Codec).0;
        let (serde, deferred) = Container::parse_from(cx, attrs, Source::Serde);
        serde::merge_container(cx, codec, serde, deferred)
    }

    fn parse_from(cx: &Ctxt, attrs: &[syn::Attribute], source: Source) -> (Container, Vec<serde::Deferred>) {
        let mut c = Container::default();
        let deferred = for_each_meta(cx, Place::Container, source, attrs, |meta, name| {
            match name {
                "rename_all" | "rename_all_fields" => {
                    let rule = rename_rule(meta, name)?;
                    let slot = if name == "rename_all" { &mut c.rename_all } else { &mut c.rename_all_fields };
                    set(cx, slot, meta, name, rule);
                }
                "deny_unknown_fields" => return flag(cx, &mut c.deny_unknown_fields, meta, name),
                "tag" => {
                    let s = spanned_string(meta, name)?;
                    set(cx, &mut c.tag, meta, name, s);
                }
                "content" => {
                    let s = spanned_string(meta, name)?;
                    set(cx, &mut c.content, meta, name, s);
                }
                "untagged" => return flag(cx, &mut c.untagged, meta, name),
                "transparent" => return flag(cx, &mut c.transparent, meta, name),
                "default" => {
                    let d = default_kind(meta)?;
                    set(cx, &mut c.default, meta, name, d);
                }
                "bound" => bound(cx, &mut c, meta)?,
                "crate" => {
                    let lit = string(meta, name)?;
                    let path = parse_lit::<syn::Path>(&lit, "a path, such as `crate = \"::codec\"`")?;
                    set(cx, &mut c.crate_path, meta, name, path);
                }
                "msgpack" => msgpack(cx, &mut c, meta)?,
                "repr" => {
                    let r = repr_kind(meta)?;
                    set(cx, &mut c.repr, meta, name, r);
                }
                "debug" => return flag(cx, &mut c.debug, meta, name),
                "no_key_impls" => return flag(cx, &mut c.no_key_impls, meta, name),
                _ => return Ok(false),
            }
            Ok(true)
        });
        (c, deferred)
    }
}

impl Variant {
    /// The settings of `#[codec(...)]` and `#[serde(...)]` together (see [`Source`]).
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Variant {
        let codec = Variant::parse_from(cx, attrs, Source::Codec).0;
        let (serde, deferred) = Variant::parse_from(cx, attrs, Source::Serde);
        serde::merge_variant(cx, codec, serde, deferred)
    }

    fn parse_from(cx: &Ctxt, attrs: &[syn::Attribute], source: Source) -> (Variant, Vec<serde::Deferred>) {
        let mut v = Variant::default();
        let deferred = for_each_meta(cx, Place::Variant, source, attrs, |meta, name| {
            match name {
                "rename" => {
                    let n = name_value(meta, name, true)?;
                    set(cx, &mut v.rename, meta, name, n);
                }
                "alias" => v.aliases.push(name_value(meta, name, true)?),
                "rename_all" => {
                    let rule = rename_rule(meta, name)?;
                    set(cx, &mut v.rename_all, meta, name, rule);
                }
                "other" => return flag(cx, &mut v.other, meta, name),
                _ => return Ok(false),
            }
            Ok(true)
        });
        (v, deferred)
    }
}

impl Field {
    /// The settings of `#[codec(...)]` and `#[serde(...)]` together (see [`Source`]).
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Field {
        let codec = Field::parse_from(cx, attrs, Source::Codec).0;
        let (serde, deferred) = Field::parse_from(cx, attrs, Source::Serde);
        serde::merge_field(cx, codec, serde, deferred)
    }

    fn parse_from(cx: &Ctxt, attrs: &[syn::Attribute], source: Source) -> (Field, Vec<serde::Deferred>) {
        let mut f = Field::default();
        let deferred = for_each_meta(cx, Place::Field, source, attrs, |meta, name| {
            match name {
                "rename" => {
                    let s = field_name(meta, name)?;
                    set(cx, &mut f.rename, meta, name, s);
                }
                "alias" => f.aliases.push(field_name(meta, name)?),
                "default" => {
                    let d = default_kind(meta)?;
                    set(cx, &mut f.default, meta, name, d);
                }
                "skip" => return flag(cx, &mut f.skip, meta, name),
                "skip_encoding" => return flag(cx, &mut f.skip_encoding, meta, name),
                "skip_decoding" => return flag(cx, &mut f.skip_decoding, meta, name),
                "skip_encoding_if" => {
                    let lit = string(meta, name)?;
                    let path =
                        parse_lit::<syn::ExprPath>(&lit, "a path to a function `fn(&T) -> bool`, such as \"Option::is_none\" (closures are not accepted)")?;
                    if f.skip_encoding_if.is_none() {
                        f.skip_encoding_if_span = Some(meta.path.span());
                    }
                    set(cx, &mut f.skip_encoding_if, meta, name, path);
                }
                "with" => {
                    let lit = string(meta, name)?;
                    let path = parse_lit::<syn::Path>(
                        &lit,
                        "a path to a module with `encode` and `decode`, generic over the format's `Writer` and `Reader`",
                    )?;
                    set(cx, &mut f.with, meta, name, path);
                }
                "flatten" => return flag(cx, &mut f.flatten, meta, name),
                "bytes" => return flag(cx, &mut f.bytes, meta, name),
                "map_as_pairs" => return flag(cx, &mut f.map_as_pairs, meta, name),
                _ => return Ok(false),
            }
            Ok(true)
        });
        (f, deferred)
    }
}

#[cfg(test)]
mod tests {
    use super::{levenshtein, unknown_message, Place};

    #[test]
    fn edit_distance() {
        assert_eq!(levenshtein("renam", "rename"), 1);
        assert_eq!(levenshtein("renam_all", "rename_all"), 1);
        assert_eq!(levenshtein("flaten", "flatten"), 1);
        assert_eq!(levenshtein("", "tag"), 3);
        assert_eq!(levenshtein("tag", "tag"), 0);
    }

    #[test]
    fn unknown_hints() {
        assert_eq!(unknown_message("renam", Place::Field), "unknown codec attribute `renam`, did you mean `rename`?");
        assert_eq!(
            unknown_message("renam_all", Place::Container),
            "unknown codec attribute `renam_all`, did you mean `rename_all`?"
        );
        assert_eq!(
            unknown_message("tag", Place::Field),
            "unknown codec attribute `tag` on a field: `tag` goes on a struct or enum"
        );
        assert_eq!(
            unknown_message("rename", Place::Container),
            "unknown codec attribute `rename` on a struct or enum: `rename` goes on a variant or a field"
        );
        assert_eq!(
            unknown_message("skip_deserializing", Place::Field),
            "unknown codec attribute `skip_deserializing`: codec spells serde's `skip_deserializing` as `skip_decoding`"
        );
        assert_eq!(
            unknown_message("borrow", Place::Variant),
            "unknown codec attribute `borrow` on a variant, expected one of `rename`, `alias`, `rename_all`, `other`"
        );
    }
}
