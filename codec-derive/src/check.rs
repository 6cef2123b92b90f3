//! Cross-field and cross-attribute rules, one function per rule, all run on the IR before
//! any code is generated. Each reports through the context and never stops the others.

use std::collections::HashMap;

use proc_macro2::Span;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::ctxt::Ctxt;

pub fn check(cx: &Ctxt, c: &Container) {
    enum_attrs_only_on_enums(cx, c);
    tag_combinations(cx, c);
    transparent_has_one_field(cx, c);
    container_default_needs_named_struct(cx, c);
    match &c.data {
        Data::Struct(style, fields) => {
            fields_rules(cx, *style, fields);
        }
        Data::Enum(variants) => {
            for v in variants {
                fields_rules(cx, v.style, &v.fields);
                internal_tag_fits_variant(cx, c, v);
            }
            other_variant(cx, c, variants);
            unique_variant_names(cx, variants);
        }
    }
}

/// `tag`, `content` and `untagged` choose an enum's representation; on a struct they
/// would silently mean nothing.
fn enum_attrs_only_on_enums(cx: &Ctxt, c: &Container) {
    if let Data::Struct(..) = c.data {
        if let Some(t) = &c.attrs.tag {
            cx.syn_error(syn::Error::new(t.span, "`tag` applies to enums only"));
        }
        if let Some(t) = &c.attrs.content {
            cx.syn_error(syn::Error::new(t.span, "`content` applies to enums only"));
        }
        if let Some(s) = c.attrs.untagged {
            cx.syn_error(syn::Error::new(s, "`untagged` applies to enums only"));
        }
    }
}

/// The representations exclude one another, and `content` means nothing without `tag`.
fn tag_combinations(cx: &Ctxt, c: &Container) {
    let a = &c.attrs;
    if let (Some(s), Some(_)) = (a.untagged, &a.tag) {
        cx.syn_error(syn::Error::new(s, "`untagged` cannot be combined with `tag`"));
    }
    if let (Some(content), None) = (&a.content, &a.tag) {
        cx.syn_error(syn::Error::new(
            content.span,
            "`content` needs `tag` as well (adjacently tagged: `tag = \"t\", content = \"c\"`)",
        ));
    }
    if let (Some(t), Some(c2)) = (&a.tag, &a.content) {
        if t.value == c2.value {
            cx.syn_error(syn::Error::new(c2.span, "`tag` and `content` must be different keys"));
        }
    }
}

/// `transparent` means "encode as my one field".
fn transparent_has_one_field(cx: &Ctxt, c: &Container) {
    let Some(span) = c.attrs.transparent else { return };
    match &c.data {
        Data::Struct(_, fields) => {
            let live = fields.iter().filter(|f| f.attrs.skip.is_none()).count();
            if live != 1 {
                cx.syn_error(syn::Error::new(
                    span,
                    format!("`transparent` needs exactly one field that is not skipped, found {live}"),
                ));
            }
        }
        Data::Enum(_) => cx.syn_error(syn::Error::new(span, "`transparent` applies to structs only")),
    }
}

/// A container default fills missing fields by name.
fn container_default_needs_named_struct(cx: &Ctxt, c: &Container) {
    let Some(d) = &c.attrs.default else { return };
    if !matches!(c.data, Data::Struct(Style::Struct, _)) {
        cx.syn_error(syn::Error::new(d.span, "container `default` applies to structs with named fields only"));
    }
}

fn fields_rules(cx: &Ctxt, style: Style, fields: &[Field]) {
    let mut seen: HashMap<&str, &Field> = HashMap::new();
    for f in fields {
        let a = &f.attrs;
        if let Some(s) = a.skip {
            if a.skip_encoding.is_some() || a.skip_decoding.is_some() || a.skip_encoding_if.is_some() {
                cx.syn_error(syn::Error::new(
                    s,
                    "`skip` already implies `skip_encoding` and `skip_decoding`; use one or the other",
                ));
            }
        }
        if let Some(s) = a.flatten {
            if style != Style::Struct {
                cx.syn_error(syn::Error::new(s, "`flatten` needs a named field: a tuple element has no keys to merge"));
            }
            if a.rename.is_some() || !a.aliases.is_empty() {
                cx.syn_error(syn::Error::new(
                    s,
                    "a `flatten` field has no key of its own: `rename` and `alias` do not apply",
                ));
            }
            if a.with.is_some() {
                cx.syn_error(syn::Error::new(s, "`flatten` cannot be combined with `with`"));
            }
            if a.default.is_some() {
                cx.syn_error(syn::Error::new(
                    s,
                    "`flatten` cannot be combined with `default`: the flattened type's own fields decide",
                ));
            }
        }
        if style != Style::Struct {
            if let Some(r) = &a.rename {
                cx.syn_error(syn::Error::new(
                    r.span,
                    "`rename` applies to named fields only: tuple elements have no key",
                ));
            }
        }
        if style == Style::Struct && !f.is_flatten() && f.decodes() {
            for key in f.keys() {
                if let Some(prev) = seen.insert(key, f) {
                    let span = name_span(f, key);
                    cx.syn_error(syn::Error::new(
                        span,
                        format!(
                            "two fields use the JSON name `{key}`: `{}` and `{}`",
                            member_name(prev),
                            member_name(f)
                        ),
                    ));
                }
            }
        }
    }
}

fn member_name(f: &Field) -> String {
    match &f.member {
        syn::Member::Named(i) => i.to_string(),
        syn::Member::Unnamed(i) => i.index.to_string(),
    }
}

/// The span that best shows where a JSON name came from.
fn name_span(f: &Field, key: &str) -> Span {
    if let Some(a) = f.attrs.aliases.iter().find(|a| a.value == key) {
        return a.span;
    }
    match &f.attrs.rename {
        Some(r) => r.span,
        None => f.span(),
    }
}

/// Internally tagged variants are objects: the tag joins their keys, so a tuple variant
/// has nowhere to put it, and a field named like the tag would collide.
fn internal_tag_fits_variant(cx: &Ctxt, c: &Container, v: &Variant) {
    let (Some(tag), None) = (&c.attrs.tag, &c.attrs.content) else { return };
    if c.attrs.untagged.is_some() {
        return;
    }
    if v.style == Style::Tuple {
        cx.error_spanned_by(
            v.original,
            format!("`tag = \"{}\"` cannot represent the tuple variant `{}`: an internally tagged variant must be a unit, struct or newtype-of-struct variant", tag.value, v.ident),
        );
    }
    for f in &v.fields {
        if v.style == Style::Struct && f.decodes() && f.keys().any(|k| k == tag.value) {
            cx.syn_error(syn::Error::new(
                name_span(f, &tag.value),
                format!("field name `{}` collides with the enum's tag", tag.value),
            ));
        }
    }
}

/// `other` catches unknown tags: it must be unit, unique, and tags must exist.
fn other_variant(cx: &Ctxt, c: &Container, variants: &[Variant]) {
    let mut found = false;
    for v in variants {
        let Some(span) = v.attrs.other else { continue };
        if v.style != Style::Unit {
            cx.syn_error(syn::Error::new(span, "`other` must be on a unit variant"));
        }
        if found {
            cx.syn_error(syn::Error::new(span, "only one variant can be `other`"));
        }
        if c.attrs.untagged.is_some() {
            cx.syn_error(syn::Error::new(span, "`other` has no meaning in an `untagged` enum"));
        }
        found = true;
    }
}

fn unique_variant_names(cx: &Ctxt, variants: &[Variant]) {
    let mut seen: HashMap<&str, &syn::Ident> = HashMap::new();
    for v in variants {
        for key in v.keys() {
            if let Some(prev) = seen.insert(key, v.ident) {
                let span = v
                    .attrs
                    .aliases
                    .iter()
                    .find(|a| a.value == key)
                    .map(|a| a.span)
                    .or(v.attrs.rename.as_ref().map(|r| r.span))
                    .unwrap_or(v.ident.span());
                cx.syn_error(syn::Error::new(
                    span,
                    format!("two variants use the name `{key}`: `{prev}` and `{}`", v.ident),
                ));
            }
        }
    }
}
