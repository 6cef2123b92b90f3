//! Cross-field and cross-attribute rules, one function per rule, all run on the IR before
//! any code is generated. Each reports through the context and never stops the others.

use std::collections::HashMap;

use proc_macro2::Span;

use crate::ast::{Container, Data, Field, Style, Variant};
use crate::attr::{Name, ReprKind};
use crate::ctxt::Ctxt;

pub fn check(cx: &Ctxt, c: &Container) {
    enum_attrs_only_on_enums(cx, c);
    tag_combinations(cx, c);
    transparent_has_one_field(cx, c);
    container_default_needs_named_struct(cx, c);
    struct_as_array_rules(cx, c);
    repr_rules(cx, c);
    serde_bound_needs_container_bound(cx, c);
    match &c.data {
        Data::Struct(style, fields) => {
            fields_rules(cx, *style, fields, &format!("struct `{}`", c.ident));
        }
        Data::Enum(variants) => {
            for v in variants {
                fields_rules(cx, v.style, &v.fields, &format!("variant `{}`", v.ident));
                internal_tag_fits_variant(cx, c, v);
            }
            other_variant(cx, c, variants);
            let by_discriminant = c.attrs.repr.as_ref().is_some_and(|r| r.value == ReprKind::Int);
            unique_variant_names(cx, variants, by_discriminant);
        }
    }
}

/// serde's `bound` on a field or variant replaces serde's inferred bound for that part
/// only; codec has bounds on the whole type alone, so it follows such a type only when the
/// container states its bounds itself (`#[codec(bound)]` or a translated `#[serde(bound)]`).
fn serde_bound_needs_container_bound(cx: &Ctxt, c: &Container) {
    if c.attrs.bound_encode.is_some() || c.attrs.bound_decode.is_some() {
        return;
    }
    let spans: Vec<proc_macro2::Span> = match &c.data {
        Data::Struct(_, fields) => fields.iter().filter_map(|f| f.attrs.serde_bound).collect(),
        Data::Enum(variants) => variants
            .iter()
            .flat_map(|v| v.attrs.serde_bound.into_iter().chain(v.fields.iter().filter_map(|f| f.attrs.serde_bound)))
            .collect(),
    };
    for span in spans {
        cx.error_at(
            span,
            "codec has no `bound` on a field or variant: write the where-predicates, with codec's traits, in `#[codec(bound = \"...\")]` on the struct or enum (it replaces every inferred bound)",
        );
    }
}

/// `tag`, `content` and `untagged` choose an enum's representation; on a struct they
/// would silently mean nothing.
fn enum_attrs_only_on_enums(cx: &Ctxt, c: &Container) {
    if let Data::Struct(..) = c.data {
        if let Some(t) = &c.attrs.tag {
            cx.error_at(
                t.name,
                "`tag` applies to enums only (codec has no counterpart of serde's `tag` on a struct, which writes the struct's name: add a field for it)",
            );
        }
        if let Some(r) = &c.attrs.rename_all_fields {
            cx.error_at(r.name, "`rename_all_fields` applies to enums only: on a struct, write `rename_all`");
        }
        if let Some(t) = &c.attrs.content {
            cx.error_at(t.name, "`content` applies to enums only");
        }
        if let Some(s) = c.attrs.untagged {
            cx.error_at(s, "`untagged` applies to enums only");
        }
    }
}

/// The representations exclude one another, and `content` means nothing without `tag`.
fn tag_combinations(cx: &Ctxt, c: &Container) {
    if let Data::Struct(..) = c.data {
        return; // already reported as enum-only
    }
    let a = &c.attrs;
    if let Some(s) = a.untagged {
        if a.tag.is_some() || a.content.is_some() {
            let other = if a.tag.is_some() { "tag" } else { "content" };
            cx.error_at(s, format!("`untagged` cannot be combined with `{other}`: an untagged enum writes no tag"));
        }
    }
    if let (Some(content), None) = (&a.content, &a.tag) {
        cx.error_at(content.name, "`content` needs `tag` as well (adjacently tagged: `tag = \"t\", content = \"c\"`)");
    }
    if let (Some(t), Some(c2)) = (&a.tag, &a.content) {
        if t.value == c2.value {
            cx.error_at(c2.span, "`tag` and `content` must be different keys");
        }
    }
}

/// `repr = "int"` writes a unit-only enum as the bare discriminants (serde_repr's form):
/// it needs unit variants, no other representation, and no other source of names.
/// `repr = "str"` is the default spelled out, for enums only.
fn repr_rules(cx: &Ctxt, c: &Container) {
    let Some(repr) = &c.attrs.repr else { return };
    let Data::Enum(variants) = &c.data else {
        cx.error_at(repr.name, "`repr` applies to enums only");
        return;
    };
    if repr.value == ReprKind::Str {
        return;
    }
    for v in variants.iter().filter(|v| v.style != Style::Unit) {
        cx.error_spanned_by(
            &v.original.fields,
            format!(
                "`repr = \"int\"` writes each variant as its discriminant, and `{}` has fields: use unit variants only, or integer names (`rename = 2`) with `tag`",
                v.ident
            ),
        );
    }
    let a = &c.attrs;
    for (s, name) in [
        (a.tag.as_ref().map(|t| t.name), "tag"),
        (a.content.as_ref().map(|t| t.name), "content"),
        (a.untagged, "untagged"),
    ] {
        if let Some(s) = s {
            cx.error_at(
                s,
                format!(
                    "`{name}` cannot be combined with `repr = \"int\"`, which writes each variant as a bare number"
                ),
            );
        }
    }
    if let Some(r) = &a.rename_all {
        cx.error_at(
            r.name,
            "`rename_all` has no effect with `repr = \"int\"`: variants are written as their discriminants",
        );
    }
    for v in variants {
        if let Some(r) = &v.attrs.rename {
            let example = match r.value {
                Name::Int(n) => n,
                _ => 2,
            };
            cx.error_at(
                r.name,
                format!(
                    "`repr = \"int\"` writes `{}` as its discriminant: set the discriminant (`{} = {example}`) instead of `rename`",
                    v.ident, v.ident
                ),
            );
        }
        for alias in v.attrs.aliases.iter().filter(|a| !matches!(a.value, Name::Int(_))) {
            cx.error_at(
                alias.span,
                format!(
                    "an alias of a `repr = \"int\"` enum is an integer: `{}` is never read as a number",
                    alias.value.literal()
                ),
            );
        }
    }
}

/// `transparent` means "encode as my one field": exactly one field is not `skip`, and
/// that field is always encoded and decoded, as itself.
fn transparent_has_one_field(cx: &Ctxt, c: &Container) {
    let Some(span) = c.attrs.transparent else { return };
    match &c.data {
        Data::Struct(_, fields) => {
            let live: Vec<&Field> = fields.iter().filter(|f| f.attrs.skip.is_none()).collect();
            if live.len() != 1 {
                cx.error_at(
                    span,
                    format!("`transparent` needs exactly one field that is not skipped, found {}", live.len()),
                );
                return;
            }
            let a = &live[0].attrs;
            let partial = [
                (a.skip_encoding, "skip_encoding"),
                (a.skip_decoding, "skip_decoding"),
                (a.skip_encoding_if_span, "skip_encoding_if"),
                (a.flatten, "flatten"),
            ];
            for (s, name) in partial {
                if let Some(s) = s {
                    cx.error_at(
                        s,
                        format!("the field of a `transparent` struct is the whole value: it cannot be `{name}`"),
                    );
                }
            }
        }
        Data::Enum(_) => cx.error_at(span, "`transparent` applies to structs only"),
    }
}

/// A container default fills missing fields by name.
fn container_default_needs_named_struct(cx: &Ctxt, c: &Container) {
    let Some(d) = &c.attrs.default else { return };
    if !matches!(c.data, Data::Struct(Style::Struct, _)) {
        cx.error_at(d.span, "container `default` applies to structs with named fields only");
    }
}

/// `msgpack(struct_as_array)` writes a struct's fields by position: it needs named
/// fields to number, and no field may be left out on one side only (or only sometimes),
/// or every field after it would shift to the wrong position without any error. A field
/// skipped both ways (`skip`) has no position at all, and is fine.
fn struct_as_array_rules(cx: &Ctxt, c: &Container) {
    let Some(span) = c.attrs.msgpack_struct_as_array else { return };
    let fields = match &c.data {
        Data::Struct(Style::Struct, fields) if c.attrs.transparent.is_none() => fields,
        Data::Struct(..) if c.attrs.transparent.is_some() => {
            cx.error_at(span, "`msgpack(struct_as_array)` cannot be combined with `transparent`");
            return;
        }
        _ => {
            cx.error_at(
                span,
                "`msgpack(struct_as_array)` applies to structs with named fields only (tuple structs are arrays already)",
            );
            return;
        }
    };
    for f in fields {
        let a = &f.attrs;
        for (s, name) in [
            (a.skip_encoding, "skip_encoding"),
            (a.skip_decoding, "skip_decoding"),
            (a.skip_encoding_if_span, "skip_encoding_if"),
        ] {
            if let Some(s) = s {
                cx.error_at(
                    s,
                    format!(
                        "`{name}` cannot be used in a `msgpack(struct_as_array)` struct: leaving the field out on one side would shift the positions of the fields after it; use `skip` (both ways) or drop `struct_as_array`"
                    ),
                );
            }
        }
        if let Some(s) = a.flatten {
            cx.error_at(s, "`flatten` cannot be used in a `msgpack(struct_as_array)` struct: a flattened type has keys, not positions");
        }
    }
}

/// `bytes` chooses how the field itself is written; `with` and `flatten` hand that to
/// something else.
fn bytes_rules(cx: &Ctxt, f: &Field) {
    let Some(s) = f.attrs.bytes else { return };
    if f.attrs.with.is_some() {
        cx.error_at(s, "`bytes` cannot be combined with `with`: the `with` module decides how the field is written");
    }
    if f.attrs.flatten.is_some() {
        cx.error_at(s, "`bytes` cannot be combined with `flatten`: a flattened field has no value of its own");
    }
}

/// `map_as_pairs` is a `with` module of its own: nothing else may decide the field's form.
fn map_as_pairs_rules(cx: &Ctxt, f: &Field) {
    let Some(s) = f.attrs.map_as_pairs else { return };
    let other = if f.attrs.with.is_some() {
        "`with`: the `with` module decides how the field is written"
    } else if f.attrs.bytes.is_some() {
        "`bytes`: a byte string is not a map"
    } else if f.attrs.flatten.is_some() {
        "`flatten`: a flattened map gives its keys to the object, which needs string keys"
    } else {
        return;
    };
    cx.error_at(s, format!("`map_as_pairs` cannot be combined with {other}"));
}

/// Rules for the fields of one struct or variant; `owner` names it in messages.
fn fields_rules(cx: &Ctxt, style: Style, fields: &[Field], owner: &str) {
    for f in fields {
        skip_combinations(cx, f);
        flatten_rules(cx, style, f);
        bytes_rules(cx, f);
        map_as_pairs_rules(cx, f);
        match style {
            Style::Newtype => newtype_field(cx, f, owner),
            Style::Tuple => tuple_element(cx, f),
            Style::Struct | Style::Unit => {}
        }
        if !f.decodes() {
            if let Some(alias) = f.attrs.aliases.first() {
                cx.error_at(
                    alias.name,
                    "`alias` has no effect on a field that is not decoded (`skip` or `skip_decoding`)",
                );
            }
        }
    }
    if style == Style::Struct {
        unique_field_names(cx, fields);
    }
}

/// `skip` covers both directions; `skip_encoding` covers `skip_encoding_if`.
fn skip_combinations(cx: &Ctxt, f: &Field) {
    let a = &f.attrs;
    if a.skip.is_some() {
        for (s, name) in [
            (a.skip_encoding, "skip_encoding"),
            (a.skip_decoding, "skip_decoding"),
            (a.skip_encoding_if_span, "skip_encoding_if"),
        ] {
            if let Some(s) = s {
                cx.error_at(
                    s,
                    format!("`{name}` cannot be combined with `skip`: `skip` already skips both encoding and decoding"),
                );
            }
        }
    } else if let (Some(_), Some(s)) = (a.skip_encoding, a.skip_encoding_if_span) {
        cx.error_at(s, "`skip_encoding_if` cannot be combined with `skip_encoding`: the field is never encoded");
    }
}

fn flatten_rules(cx: &Ctxt, style: Style, f: &Field) {
    let a = &f.attrs;
    let Some(s) = a.flatten else { return };
    if style != Style::Struct {
        cx.error_at(s, "`flatten` needs a named field: a tuple element has no keys to merge");
    }
    if a.rename.is_some() || !a.aliases.is_empty() {
        cx.error_at(s, "a `flatten` field has no key of its own: `rename` and `alias` do not apply");
    }
    if a.with.is_some() {
        cx.error_at(s, "`flatten` cannot be combined with `with`");
    }
    if a.default.is_some() {
        cx.error_at(s, "`flatten` cannot be combined with `default`: the flattened type's own fields decide");
    }
}

/// The one field of a newtype is the whole value: it can be neither renamed nor skipped.
fn newtype_field(cx: &Ctxt, f: &Field, owner: &str) {
    let a = &f.attrs;
    no_key_on_tuple_element(cx, f);
    let skips = [
        (a.skip, "skip"),
        (a.skip_encoding, "skip_encoding"),
        (a.skip_decoding, "skip_decoding"),
        (a.skip_encoding_if_span, "skip_encoding_if"),
    ];
    if let Some((s, name)) = skips.iter().find_map(|(s, name)| s.map(|s| (s, name))) {
        cx.error_at(
            s,
            format!("`{name}` cannot be used on the only field of newtype {owner}: that field is the whole value"),
        );
    }
}

/// A tuple is a JSON array read by position: an element left out only sometimes would
/// shift every element after it.
fn tuple_element(cx: &Ctxt, f: &Field) {
    no_key_on_tuple_element(cx, f);
    if let Some(s) = f.attrs.skip_encoding_if_span {
        cx.error_at(
            s,
            "`skip_encoding_if` cannot be used on a tuple element: leaving it out would shift the positions of the elements after it",
        );
    }
}

fn no_key_on_tuple_element(cx: &Ctxt, f: &Field) {
    if let Some(r) = &f.attrs.rename {
        cx.error_at(r.name, "`rename` applies to named fields only: tuple elements have no key");
    }
    if let Some(a) = f.attrs.aliases.first() {
        cx.error_at(a.name, "`alias` applies to named fields only: tuple elements have no key");
    }
}

/// No JSON key may lead to two fields when decoding, nor be written twice when encoding.
fn unique_field_names(cx: &Ctxt, fields: &[Field]) {
    let mut decoded: HashMap<&str, &Field> = HashMap::new();
    let mut encoded: HashMap<&str, &Field> = HashMap::new();
    for f in fields.iter().filter(|f| !f.is_flatten()) {
        if f.decodes() {
            for key in f.keys() {
                let Some(prev) = decoded.insert(key, f) else { continue };
                let msg = if std::ptr::eq(prev, f) {
                    format!("the JSON name `{key}` is given twice to field `{}`", member_name(f))
                } else {
                    format!("two fields use the JSON name `{key}`: `{}` and `{}`", member_name(prev), member_name(f))
                };
                cx.error_at(name_span(f, key), msg);
            }
        }
        if f.encodes() {
            if let Some(prev) = encoded.insert(&f.name, f) {
                if !(prev.decodes() && f.decodes()) {
                    cx.error_at(
                        name_span(f, &f.name),
                        format!(
                            "two fields are encoded under the JSON name `{}`: `{}` and `{}`",
                            f.name,
                            member_name(prev),
                            member_name(f)
                        ),
                    );
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

/// The span that best shows where a JSON name came from: the alias or `rename` literal
/// that wrote it, else the field's name.
fn name_span(f: &Field, key: &str) -> Span {
    if let Some(r) = f.attrs.rename.as_ref().filter(|r| r.value == key) {
        return r.span;
    }
    if let Some(a) = f.attrs.aliases.iter().rev().find(|a| a.value == key) {
        return a.span;
    }
    match &f.original.ident {
        Some(ident) => ident.span(),
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
            &v.original.fields,
            format!(
                "the internally tagged enum (`tag = \"{}\"`) cannot have the tuple variant `{}`: a JSON array has no room for the tag; use a struct variant, or add `content = \"...\"`",
                tag.value, v.ident
            ),
        );
    }
    if v.style == Style::Newtype {
        if let Some(ty) = v.fields.first().map(|f| f.ty).filter(|ty| surely_not_an_object(ty)) {
            cx.error_spanned_by(
                ty,
                format!(
                    "the internally tagged enum (`tag = \"{}\"`) cannot have the newtype variant `{}` of a non-object type: the tag must go inside the content; use a struct (or map) type, a struct variant, or add `content = \"...\"`",
                    tag.value, v.ident
                ),
            );
        }
    }
    if v.style == Style::Struct {
        for f in v.fields.iter().filter(|f| !f.is_flatten()) {
            let decoded = f.decodes() && f.keys().any(|k| k == tag.value);
            let encoded = f.encodes() && f.name == tag.value;
            if decoded || encoded {
                cx.error_at(
                    name_span(f, &tag.value),
                    format!("field name `{}` collides with the enum's tag", tag.value),
                );
            }
        }
    }
}

/// `other` catches unknown tags: it must be unit, unique, and tags must exist.
fn other_variant(cx: &Ctxt, c: &Container, variants: &[Variant]) {
    let mut found = false;
    for v in variants {
        let Some(span) = v.attrs.other else { continue };
        if v.style != Style::Unit {
            cx.error_at(span, format!("`other` must be on a unit variant, and `{}` has fields", v.ident));
        }
        if found {
            cx.error_at(span, "only one variant can be `other`");
        }
        if c.attrs.untagged.is_some() {
            cx.error_at(span, "`other` has no meaning in an `untagged` enum");
        }
        found = true;
    }
}

/// No name may lead to two variants, nor be given twice. Names are compared by their
/// text too: a string name that spells another's integer or bool (`"2"` and `2`) would be
/// the same JSON object key (in the external representation and in maps keyed by the
/// enum), so it is an error even though the two are told apart as values. Two equal
/// discriminants (`by_discriminant`, under `repr = "int"`) are left to rustc, which
/// rejects them already.
fn unique_variant_names(cx: &Ctxt, variants: &[Variant], by_discriminant: bool) {
    // text -> (variant, name, whether the name is a discriminant)
    let mut seen: HashMap<String, (&syn::Ident, &Name, bool)> = HashMap::new();
    for v in variants {
        for (i, name) in v.tags().enumerate() {
            let discriminant = by_discriminant && i == 0;
            let text = name.text();
            let Some((prev, prev_name, prev_discriminant)) = seen.insert(text, (v.ident, name, discriminant)) else {
                continue;
            };
            if discriminant && prev_discriminant {
                continue;
            }
            let span = v
                .attrs
                .aliases
                .iter()
                .rev()
                .find(|a| a.value == *name)
                .map(|a| a.span)
                .or(v.attrs.rename.as_ref().filter(|r| r.value == *name).map(|r| r.span))
                .unwrap_or(v.ident.span());
            let shown = name.text();
            let msg = if prev_name != name {
                format!(
                    "the names `{}` (of `{prev}`) and `{}` (of `{}`) are the same JSON object key `\"{shown}\"`",
                    prev_name.literal(),
                    name.literal(),
                    v.ident,
                )
            } else if prev == v.ident {
                format!("the name `{shown}` is given twice to variant `{}`", v.ident)
            } else {
                format!("two variants use the name `{shown}`: `{prev}` and `{}`", v.ident)
            };
            cx.error_at(span, msg);
        }
    }
}

/// Types that are never written as a JSON object, recognized by their spelling: the
/// primitives, strings, sequences, sets, `Option`, tuples and arrays. Anything else might
/// be a struct or a map, and is left to the type checker.
fn surely_not_an_object(ty: &syn::Type) -> bool {
    const NAMES: &[&str] = &[
        "bool",
        "char",
        "str",
        "String",
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "f32",
        "f64",
        "Vec",
        "VecDeque",
        "LinkedList",
        "HashSet",
        "BTreeSet",
        "BinaryHeap",
        "Option",
    ];
    match ty {
        syn::Type::Reference(r) => surely_not_an_object(&r.elem),
        syn::Type::Paren(p) => surely_not_an_object(&p.elem),
        syn::Type::Group(g) => surely_not_an_object(&g.elem),
        syn::Type::Tuple(_) | syn::Type::Array(_) | syn::Type::Slice(_) => true,
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.segments.last().is_some_and(|s| NAMES.contains(&s.ident.to_string().as_str()))
        }
        _ => false,
    }
}
