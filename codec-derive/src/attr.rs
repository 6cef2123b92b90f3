//! `#[codec(...)]` parsed once into typed values. A bad attribute is reported with a span
//! on the exact token and skipped, so one build shows every mistake.

use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

use crate::case::{RenameRule, RULE_NAMES};
use crate::ctxt::Ctxt;

/// A value together with the span of the attribute that set it.
#[derive(Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// How a missing field gets its value.
#[derive(Clone)]
pub enum DefaultKind {
    /// `Default::default()`.
    Trait,
    /// A function path, called with no arguments.
    Path(syn::ExprPath),
}

#[derive(Default)]
pub struct Container {
    pub rename_all: Option<Spanned<RenameRule>>,
    pub deny_unknown_fields: Option<Span>,
    pub tag: Option<Spanned<String>>,
    pub content: Option<Spanned<String>>,
    pub untagged: Option<Span>,
    pub transparent: Option<Span>,
    pub default: Option<Spanned<DefaultKind>>,
    pub bound_encode: Option<Vec<syn::WherePredicate>>,
    pub bound_decode: Option<Vec<syn::WherePredicate>>,
    pub crate_path: Option<syn::Path>,
}

#[derive(Default)]
pub struct Variant {
    pub rename: Option<Spanned<String>>,
    pub aliases: Vec<Spanned<String>>,
    pub rename_all: Option<Spanned<RenameRule>>,
    pub other: Option<Span>,
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
    pub with: Option<syn::Path>,
    pub flatten: Option<Span>,
}

/// Calls `f` on each `name = value` / `name` / `name(...)` inside every `#[codec(...)]`.
fn for_each_meta(cx: &Ctxt, attrs: &[syn::Attribute], mut f: impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>) {
    for attr in attrs {
        if !attr.path().is_ident("codec") {
            continue;
        }
        if let syn::Meta::Path(p) = &attr.meta {
            cx.error_spanned_by(p, "expected `#[codec(...)]` with at least one attribute inside");
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let name = meta.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
            match f(&meta, &name) {
                Ok(true) => Ok(()),
                Ok(false) => {
                    let shown = meta.path.segments.iter().map(|s| s.ident.to_string()).collect::<Vec<_>>().join("::");
                    cx.error_spanned_by(&meta.path, format!("unknown codec attribute `{shown}`"));
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
}

/// Consumes whatever follows a rejected attribute name so parsing can go on.
fn skip_meta_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.input.parse::<Token![=]>()?;
        meta.input.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
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
        return Err(meta.error(format!("`{name}` takes no value")));
    }
    set(cx, slot, meta, name, meta.path.span());
    Ok(true)
}

fn string(meta: &ParseNestedMeta, name: &str) -> syn::Result<LitStr> {
    let value = meta.value().map_err(|_| meta.error(format!("expected `{name} = \"...\"`")))?;
    value.parse::<LitStr>()
}

fn spanned_string(meta: &ParseNestedMeta, name: &str) -> syn::Result<Spanned<String>> {
    let lit = string(meta, name)?;
    Ok(Spanned { value: lit.value(), span: lit.span() })
}

fn rename_rule(meta: &ParseNestedMeta) -> syn::Result<Spanned<RenameRule>> {
    let lit = string(meta, "rename_all")?;
    match RenameRule::from_str(&lit.value()) {
        Some(rule) => Ok(Spanned { value: rule, span: lit.span() }),
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
        Ok(Spanned { value: DefaultKind::Path(path), span })
    } else {
        Ok(Spanned { value: DefaultKind::Trait, span })
    }
}

fn parse_lit<T: syn::parse::Parse>(lit: &LitStr, what: &str) -> syn::Result<T> {
    lit.parse::<T>().map_err(|_| syn::Error::new(lit.span(), format!("expected {what}")))
}

fn where_predicates(lit: &LitStr) -> syn::Result<Vec<syn::WherePredicate>> {
    if lit.value().trim().is_empty() {
        return Ok(Vec::new());
    }
    let clause: syn::WhereClause = syn::parse_str(&format!("where {}", lit.value()))
        .map_err(|e| syn::Error::new(lit.span(), format!("invalid where-predicates in `bound`: {e}")))?;
    Ok(clause.predicates.into_iter().collect())
}

impl Container {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Container {
        let mut c = Container::default();
        for_each_meta(cx, attrs, |meta, name| {
            match name {
                "rename_all" => {
                    let rule = rename_rule(meta)?;
                    set(cx, &mut c.rename_all, meta, name, rule);
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
                "bound" => {
                    if meta.input.peek(Token![=]) {
                        let preds = where_predicates(&string(meta, name)?)?;
                        set(cx, &mut c.bound_encode, meta, name, preds.clone());
                        set(cx, &mut c.bound_decode, meta, name, preds);
                    } else {
                        meta.parse_nested_meta(|inner| {
                            let which = inner.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
                            let preds = where_predicates(&string(&inner, &which)?)?;
                            match which.as_str() {
                                "encode" => set(cx, &mut c.bound_encode, &inner, "bound(encode)", preds),
                                "decode" => set(cx, &mut c.bound_decode, &inner, "bound(decode)", preds),
                                _ => return Err(inner.error("expected `encode` or `decode` inside `bound(...)`")),
                            }
                            Ok(())
                        })?;
                    }
                }
                "crate" => {
                    let lit = string(meta, name)?;
                    let path = parse_lit::<syn::Path>(&lit, "a path, such as `crate = \"::codec\"`")?;
                    set(cx, &mut c.crate_path, meta, name, path);
                }
                _ => return Ok(false),
            }
            Ok(true)
        });
        c
    }
}

impl Variant {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Variant {
        let mut v = Variant::default();
        for_each_meta(cx, attrs, |meta, name| {
            match name {
                "rename" => {
                    let s = spanned_string(meta, name)?;
                    set(cx, &mut v.rename, meta, name, s);
                }
                "alias" => v.aliases.push(spanned_string(meta, name)?),
                "rename_all" => {
                    let rule = rename_rule(meta)?;
                    set(cx, &mut v.rename_all, meta, name, rule);
                }
                "other" => return flag(cx, &mut v.other, meta, name),
                _ => return Ok(false),
            }
            Ok(true)
        });
        v
    }
}

impl Field {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> Field {
        let mut f = Field::default();
        for_each_meta(cx, attrs, |meta, name| {
            match name {
                "rename" => {
                    let s = spanned_string(meta, name)?;
                    set(cx, &mut f.rename, meta, name, s);
                }
                "alias" => f.aliases.push(spanned_string(meta, name)?),
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
                        parse_lit::<syn::ExprPath>(&lit, "a path to a `fn(&T) -> bool`, such as `Option::is_none`")?;
                    set(cx, &mut f.skip_encoding_if, meta, name, path);
                }
                "with" => {
                    let lit = string(meta, name)?;
                    let path = parse_lit::<syn::Path>(&lit, "a path to a module with `encode_json` and `decode_json`")?;
                    set(cx, &mut f.with, meta, name, path);
                }
                "flatten" => return flag(cx, &mut f.flatten, meta, name),
                _ => return Ok(false),
            }
            Ok(true)
        });
        f
    }
}
