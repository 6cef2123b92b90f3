//! `#[serde(...)]` read into the same settings as `#[codec(...)]`, so that a type deriving
//! both serde's traits and `Codec` writes its attributes once.
//!
//! Each serde attribute is one of:
//! - the same setting under the same name and grammar (`rename`, `default`, `tag`, ...):
//!   parsed by codec's own parser, so it means exactly what the codec attribute means;
//! - the same setting under another name (`skip_serializing` is `skip_encoding`), or in a
//!   form that reduces to codec's (`rename(serialize = "a", deserialize = "a")`, a `bound`
//!   naming serde's traits, which are translated to codec's): rewritten, then parsed by
//!   codec's parser;
//! - without effect on what codec reads or writes (`crate`, the serde path; `expecting`,
//!   the wording of serde's errors; a container's `rename`, a name serde_json never
//!   writes; `borrow`, since codec borrows whenever the input allows): accepted;
//! - a setting codec can only take from `#[codec]` (`with`, whose functions have serde's
//!   signature; a `rename` that differs per direction): a [`Deferred`] error, which a
//!   `#[codec]` setting standing in for it silences;
//! - one codec cannot honour at all: an error on its name saying what to write instead.
//!
//! Once both attributes are parsed, `merge_*` joins them: a setting written in only one is
//! taken from it, one written in both must agree (an error otherwise, on both), except
//! `bound`, where `#[codec]` replaces serde's (serde's names serde's traits; the
//! translation is the fallback, not a second opinion).

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::meta::ParseNestedMeta;
use syn::parse::Parser as _;
use syn::spanned::Spanned as _;
use syn::{LitStr, Token};

use super::{skip_meta_value, string, Container, DefaultKind, Field, Name, Place, Spanned, Variant};
use crate::case::{RenameRule, RULE_NAMES};
use crate::ctxt::Ctxt;

/// A serde setting that a `#[codec]` setting must stand in for.
pub struct Deferred {
    /// The serde attribute's name, where the error goes.
    span: Span,
    need: Need,
    message: String,
}

/// What silences a [`Deferred`] error.
#[derive(Clone, Copy)]
enum Need {
    /// `#[codec(with)]` or `#[codec(skip)]` (serde's `with`).
    WithOrSkip,
    /// ... or `#[codec(skip_encoding)]` (serde's `serialize_with`).
    WithOrSkipEncoding,
    /// ... or `#[codec(skip_decoding)]` (serde's `deserialize_with`).
    WithOrSkipDecoding,
    Rename,
    RenameAll,
    RenameAllFields,
    /// `#[codec(bound)]` on the container.
    Bound,
    /// A `bound` on a field or variant: any explicit `bound` on the container (checked in
    /// `check`, which sees the container).
    ContainerBound,
}

/// serde's attributes that codec reads with its own parser, unchanged, per place.
const SAME_CONTAINER: &[&str] =
    &["rename_all", "rename_all_fields", "deny_unknown_fields", "tag", "content", "untagged", "transparent", "default"];
const SAME_VARIANT: &[&str] = &["rename", "alias", "rename_all", "other"];
const SAME_FIELD: &[&str] = &["rename", "alias", "default", "skip", "flatten"];

/// One serde attribute (`name` at `place`), handled as the module docs say. `f` is codec's
/// parser of the same place; `Ok(false)` means serde has no such attribute either.
pub(super) fn meta(
    place: Place,
    meta: &ParseNestedMeta,
    name: &str,
    f: &mut impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>,
    deferred: &mut Vec<Deferred>,
) -> syn::Result<bool> {
    match (place, name) {
        (Place::Container, "crate" | "expecting" | "rename") | (Place::Variant | Place::Field, "borrow") => {
            skip_meta_value(meta)?;
            Ok(true)
        }
        (Place::Field, "skip_serializing") => f(meta, "skip_encoding"),
        (Place::Field, "skip_deserializing") => f(meta, "skip_decoding"),
        (Place::Field, "skip_serializing_if") => f(meta, "skip_encoding_if"),
        (Place::Container, "rename_all" | "rename_all_fields")
        | (Place::Variant, "rename_all")
        | (Place::Variant | Place::Field, "rename")
            if meta.input.peek(syn::token::Paren) =>
        {
            per_direction(meta, name, f, deferred)
        }
        (Place::Container, "bound") => container_bound(meta, f, deferred),
        (Place::Variant | Place::Field, "bound") => {
            // Judged by `check`, which sees the container's bound; the message is there.
            value_or_directions(meta, "bound")?;
            deferred.push(Deferred { span: meta.path.span(), need: Need::ContainerBound, message: String::new() });
            Ok(true)
        }
        (Place::Field, "with" | "serialize_with" | "deserialize_with") => {
            string(meta, name)?;
            let (need, instead) = match name {
                "with" => (Need::WithOrSkip, "`#[codec(skip)]`"),
                "serialize_with" => (Need::WithOrSkipEncoding, "`#[codec(skip_encoding)]`"),
                _ => (Need::WithOrSkipDecoding, "`#[codec(skip_decoding)]`"),
            };
            let message = format!(
                "serde's `{name}` names functions with serde's signatures, which codec cannot call: add `#[codec(with = \"module\")]` naming a module with codec's `encode`/`decode` (see codec's `with` attribute), or {instead}; `#[codec]` then wins and serde alone reads `{name}`"
            );
            deferred.push(Deferred { span: meta.path.span(), need, message });
            Ok(true)
        }
        _ => {
            if let Some(message) = unsupported(place, name) {
                return Err(syn::Error::new(meta.path.span(), message));
            }
            let same = match place {
                Place::Container => SAME_CONTAINER,
                Place::Variant => SAME_VARIANT,
                Place::Field => SAME_FIELD,
            };
            if same.contains(&name) {
                f(meta, name)
            } else {
                Ok(false)
            }
        }
    }
}

/// serde's attributes that codec cannot honour, with what to write instead.
fn unsupported(place: Place, name: &str) -> Option<String> {
    let msg = match (place, name) {
        (Place::Container, "from" | "try_from") => format!(
            "codec has no `{name}`: it does not decode through another type; implement `codec::Decode` for this type by hand (decode the other type, then convert), and derive or implement `codec::Encode` separately"
        ),
        (Place::Container, "into") => "codec has no `into`: it does not encode through another type; implement `codec::Encode` for this type by hand (convert, then encode the other type), and derive or implement `codec::Decode` separately".to_owned(),
        (Place::Container, "remote") => "codec has no `remote`: for fields of a type from another crate, write a `with` module (`#[codec(with = \"...\")]`), or use `#[codec(with = \"codec::serde\")]` (feature `serde`) if that type implements serde's traits".to_owned(),
        (Place::Container, "variant_identifier" | "field_identifier") => format!(
            "codec has no `{name}`: remove it; an enum of unit variants already decodes from its variant names (as strings; serde's `{name}` also accepts their indexes)"
        ),
        (Place::Field, "getter") => "codec has no `getter` (part of serde's `remote`): codec reads fields directly; implement `codec::Encode` by hand for a type whose fields are private".to_owned(),
        (Place::Variant, "skip" | "skip_serializing" | "skip_deserializing") => format!(
            "codec has no `{name}` on a variant: every variant is encoded and decoded; remove the attribute (codec then handles this variant too; its fields must then be `Codec`)"
        ),
        (Place::Variant, "with" | "serialize_with" | "deserialize_with") => format!(
            "codec has no `{name}` on a variant: make it a newtype variant and put `#[codec(with = \"...\")]` on its field"
        ),
        (Place::Variant, "untagged") => "codec has no `untagged` on a variant: an enum is untagged as a whole, with `#[codec(untagged)]` (or `#[serde(untagged)]`) on the enum".to_owned(),
        _ => return None,
    };
    Some(msg)
}

/// "unknown serde attribute" plus the hint that fits: codec's own name in the wrong
/// attribute, or the place.
pub(super) fn unknown_message(name: &str, place: Place) -> String {
    if place.known().contains(&name) {
        return format!("`{name}` is a codec attribute, not a serde one: write it in `#[codec({name})]`");
    }
    let mut msg = format!("unknown serde attribute `{name}` on {}", place.noun());
    let limit = (name.chars().count() / 3).clamp(1, 3);
    let closest = serde_names(place).map(|k| (super::levenshtein(name, k), k)).filter(|(d, _)| *d <= limit).min();
    if let Some((_, k)) = closest {
        msg.push_str(&format!(", did you mean `{k}`?"));
    }
    msg
}

/// Every serde attribute that [`meta`] knows at `place`, for "did you mean" hints.
fn serde_names(place: Place) -> impl Iterator<Item = &'static str> {
    let (same, other): (&[&str], &[&str]) = match place {
        Place::Container => (
            SAME_CONTAINER,
            &[
                "crate",
                "expecting",
                "rename",
                "bound",
                "from",
                "try_from",
                "into",
                "remote",
                "variant_identifier",
                "field_identifier",
            ],
        ),
        Place::Variant => (
            SAME_VARIANT,
            &[
                "borrow",
                "bound",
                "skip",
                "skip_serializing",
                "skip_deserializing",
                "with",
                "serialize_with",
                "deserialize_with",
                "untagged",
            ],
        ),
        Place::Field => (
            SAME_FIELD,
            &[
                "borrow",
                "bound",
                "getter",
                "skip_serializing",
                "skip_deserializing",
                "skip_serializing_if",
                "with",
                "serialize_with",
                "deserialize_with",
            ],
        ),
    };
    same.iter().chain(other).copied()
}

/// Consumes `= "..."` or `(...)`, checking no more than serde's grammar's outline.
fn value_or_directions(meta: &ParseNestedMeta, name: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        string(meta, name).map(drop)
    } else {
        skip_meta_value(meta)
    }
}

/// Runs codec's parser `f` over `tokens` (codec metas, such as `rename = "a"`).
fn feed(f: &mut impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>, tokens: TokenStream) -> syn::Result<bool> {
    let mut known = true;
    syn::meta::parser(|m: ParseNestedMeta| {
        let name = m.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
        known &= f(&m, &name)?;
        Ok(())
    })
    .parse2(tokens)?;
    Ok(known)
}

/// `serialize = "..."` and `deserialize = "..."` inside `name(...)`, either optional.
fn directions(meta: &ParseNestedMeta, name: &str) -> syn::Result<(Option<LitStr>, Option<LitStr>)> {
    let (mut ser, mut de) = (None, None);
    meta.parse_nested_meta(|inner| {
        let slot = if inner.path.is_ident("serialize") {
            &mut ser
        } else if inner.path.is_ident("deserialize") {
            &mut de
        } else {
            return Err(inner.error(format!("expected `serialize` or `deserialize` inside `{name}(...)`")));
        };
        let which = if inner.path.is_ident("serialize") { "serialize" } else { "deserialize" };
        *slot = Some(string(&inner, which)?);
        Ok(())
    })?;
    Ok((ser, de))
}

/// `rename(serialize = "a", deserialize = "b")` and the like: codec has one value for
/// both directions, so the same value both ways is codec's `name = "a"`, and anything
/// else waits for a `#[codec]` setting of its own.
fn per_direction(
    meta: &ParseNestedMeta,
    name: &str,
    f: &mut impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>,
    deferred: &mut Vec<Deferred>,
) -> syn::Result<bool> {
    let (ser, de) = directions(meta, name)?;
    if let (Some(s), Some(d)) = (&ser, &de) {
        if s.value() == d.value() {
            let path = &meta.path;
            return feed(f, quote!(#path = #s));
        }
    }
    let given = [("serialize", &ser), ("deserialize", &de)]
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k} = {:?}", v.value())))
        .collect::<Vec<_>>()
        .join(", ");
    let (need, what, extra) = match name {
        "rename" => (Need::Rename, "one name", ", with `alias = \"...\"` for another name to accept when decoding"),
        "rename_all" => (Need::RenameAll, "one rule", ""),
        _ => (Need::RenameAllFields, "one rule", ""),
    };
    let message = format!(
        "codec uses {what} both ways, so serde's `{name}({given})` cannot be followed: add `#[codec({name} = \"...\")]`{extra}; `#[codec]` then wins and serde alone reads this one"
    );
    deferred.push(Deferred { span: meta.path.span(), need, message });
    Ok(true)
}

/// serde's `bound = "..."` or `bound(serialize = "...", deserialize = "...")`, its serde
/// traits translated to codec's and handed to codec's `bound` parser.
fn container_bound(
    meta: &ParseNestedMeta,
    f: &mut impl FnMut(&ParseNestedMeta, &str) -> syn::Result<bool>,
    deferred: &mut Vec<Deferred>,
) -> syn::Result<bool> {
    let path = &meta.path;
    let parts: Vec<(&str, LitStr)> = if meta.input.peek(Token![=]) {
        vec![("", string(meta, "bound")?)]
    } else if meta.input.peek(syn::token::Paren) {
        let (ser, de) = directions(meta, "bound")?;
        ser.map(|s| ("encode", s)).into_iter().chain(de.map(|d| ("decode", d))).collect()
    } else {
        return Err(meta.error("expected `bound = \"...\"` or `bound(serialize = \"...\", deserialize = \"...\")`"));
    };
    let mut translated = Vec::new();
    for (which, lit) in parts {
        match translate_bound(&lit.value()) {
            Ok(preds) => translated.push((which, LitStr::new(&preds, lit.span()))),
            Err(message) => deferred.push(Deferred { span: lit.span(), need: Need::Bound, message }),
        }
    }
    let tokens = match translated.as_slice() {
        [] => return Ok(true),
        [("", lit)] => quote!(#path = #lit),
        parts => {
            let inner = parts.iter().map(|(which, lit)| {
                let which = syn::Ident::new(which, lit.span());
                quote!(#which = #lit)
            });
            quote!(#path(#(#inner),*))
        }
    };
    feed(f, tokens)
}

/// serde's where-predicates with codec's traits in place of serde's: `Serialize` is
/// `Encode`, `Deserialize<'de>` is `Decode<'de>` (codec's input lifetime is `'de` too),
/// `DeserializeOwned` is `DecodeOwned`. Any other mention of serde cannot be translated.
fn translate_bound(preds: &str) -> Result<String, String> {
    if preds.trim().is_empty() {
        return Ok(String::new());
    }
    let mut clause: syn::WhereClause = syn::parse_str(&format!("where {preds}"))
        .map_err(|e| format!("invalid `bound`: {e}; write where-predicates such as \"T: Serialize\""))?;
    for pred in clause.predicates.iter_mut() {
        let syn::WherePredicate::Type(pred) = pred else { continue };
        for bound in pred.bounds.iter_mut() {
            if let syn::TypeParamBound::Trait(t) = bound {
                translate_trait(&mut t.path);
            }
        }
    }
    let out = clause.predicates.to_token_stream();
    if mentions_serde(out.clone()) {
        return Err(
            "this `bound` names a part of serde that codec has no counterpart for (only `Serialize`, `Deserialize<'de>` and `DeserializeOwned` become codec's `Encode`, `Decode<'de>` and `DecodeOwned`): add `#[codec(bound = \"...\")]` with codec's traits; `#[codec]` then wins and serde alone reads this one"
                .to_owned(),
        );
    }
    Ok(out.to_string())
}

/// `Serialize`, `serde::Serialize`, `serde::ser::Serialize`, ... to codec's trait.
fn translate_trait(path: &mut syn::Path) {
    let from_serde = path.segments.len() == 1 || path.segments.first().is_some_and(|s| s.ident == "serde");
    let Some(last) = path.segments.last().filter(|_| from_serde) else { return };
    let span = last.ident.span();
    let args = &last.arguments;
    *path = match last.ident.to_string().as_str() {
        "Serialize" => syn::parse_quote_spanned!(span=> __codec::Encode),
        "Deserialize" => syn::parse_quote_spanned!(span=> __codec::Decode #args),
        "DeserializeOwned" => syn::parse_quote_spanned!(span=> __codec::DecodeOwned),
        _ => return,
    };
}

fn mentions_serde(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        TokenTree::Ident(i) => i == "serde",
        TokenTree::Group(g) => mentions_serde(g.stream()),
        _ => false,
    })
}

/// Joins one setting: `#[codec]`'s if only it has one, serde's if only it has one, and
/// an error on both when both have different ones. `show` writes a value as in the
/// attribute (`rename = "a"`), `eq` compares.
fn value<T>(
    cx: &Ctxt,
    codec: &mut Option<Spanned<T>>,
    serde: Option<Spanned<T>>,
    eq: impl Fn(&T, &T) -> bool,
    show: impl Fn(&T) -> String,
) {
    let Some(s) = serde else { return };
    match codec {
        None => *codec = Some(s),
        Some(c) if eq(&c.value, &s.value) => {}
        Some(c) => conflict(cx, c.name, &show(&c.value), s.name, &show(&s.value)),
    }
}

fn conflict(cx: &Ctxt, codec_span: Span, codec: &str, serde_span: Span, serde: &str) {
    cx.error_at(
        codec_span,
        format!(
            "`#[codec({codec})]` conflicts with `#[serde({serde})]`: codec reads both, so make them equal or keep only one (`#[codec]` wins where only it is written)"
        ),
    );
    cx.error_at(serde_span, format!("the `#[serde({serde})]` that conflicts with `#[codec({codec})]`"));
}

fn flag(codec: &mut Option<Span>, serde: Option<Span>) {
    if codec.is_none() {
        *codec = serde;
    }
}

fn aliases<T: PartialEq>(codec: &mut Vec<Spanned<T>>, serde: Vec<Spanned<T>>) {
    for a in serde {
        if !codec.iter().any(|c| c.value == a.value) {
            codec.push(a);
        }
    }
}

fn rule(name: &'static str) -> impl Fn(&RenameRule) -> String {
    move |r| {
        let shown = RULE_NAMES.iter().find(|n| RenameRule::from_str(n) == Some(*r)).unwrap_or(&"?");
        format!("{name} = \"{shown}\"")
    }
}

fn text(name: &'static str) -> impl Fn(&String) -> String {
    move |s| format!("{name} = {s:?}")
}

fn default_eq(a: &DefaultKind, b: &DefaultKind) -> bool {
    match (a, b) {
        (DefaultKind::Trait, DefaultKind::Trait) => true,
        (DefaultKind::Path(a), DefaultKind::Path(b)) => same_tokens(a, b),
        _ => false,
    }
}

fn show_default(d: &DefaultKind) -> String {
    match d {
        DefaultKind::Trait => "default".to_owned(),
        DefaultKind::Path(p) => format!("default = \"{}\"", compact(p)),
    }
}

fn same_tokens(a: &impl ToTokens, b: &impl ToTokens) -> bool {
    a.to_token_stream().to_string() == b.to_token_stream().to_string()
}

/// A path as written (`Option::is_none`), without the spaces of `TokenStream`'s display.
fn compact(p: &impl ToTokens) -> String {
    p.to_token_stream().to_string().replace(' ', "")
}

/// Reports the [`Deferred`] errors that `silenced` does not silence.
fn resolve(cx: &Ctxt, deferred: Vec<Deferred>, silenced: impl Fn(Need) -> bool) {
    for d in deferred {
        if !silenced(d.need) {
            cx.error_at(d.span, d.message);
        }
    }
}

pub(super) fn merge_container(cx: &Ctxt, mut c: Container, s: Container, deferred: Vec<Deferred>) -> Container {
    let codec_bound = c.bound_encode.is_some() || c.bound_decode.is_some();
    resolve(cx, deferred, |need| match need {
        Need::RenameAll => c.rename_all.is_some(),
        Need::RenameAllFields => c.rename_all_fields.is_some(),
        Need::Bound => codec_bound,
        _ => false,
    });
    value(cx, &mut c.rename_all, s.rename_all, RenameRule::eq, rule("rename_all"));
    value(cx, &mut c.rename_all_fields, s.rename_all_fields, RenameRule::eq, rule("rename_all_fields"));
    flag(&mut c.deny_unknown_fields, s.deny_unknown_fields);
    value(cx, &mut c.tag, s.tag, String::eq, text("tag"));
    value(cx, &mut c.content, s.content, String::eq, text("content"));
    flag(&mut c.untagged, s.untagged);
    flag(&mut c.transparent, s.transparent);
    value(cx, &mut c.default, s.default, default_eq, show_default);
    if !codec_bound {
        c.bound_encode = s.bound_encode;
        c.bound_decode = s.bound_decode;
    }
    c
}

pub(super) fn merge_variant(cx: &Ctxt, mut v: Variant, s: Variant, deferred: Vec<Deferred>) -> Variant {
    v.serde_bound = deferred.iter().find(|d| matches!(d.need, Need::ContainerBound)).map(|d| d.span);
    resolve(cx, deferred, |need| match need {
        Need::Rename => v.rename.is_some(),
        Need::RenameAll => v.rename_all.is_some(),
        Need::ContainerBound => true,
        _ => false,
    });
    value(cx, &mut v.rename, s.rename, Name::eq, |n: &Name| match n {
        Name::Str(s) => format!("rename = {s:?}"),
        other => format!("rename = {}", other.text()),
    });
    aliases(&mut v.aliases, s.aliases);
    value(cx, &mut v.rename_all, s.rename_all, RenameRule::eq, rule("rename_all"));
    flag(&mut v.other, s.other);
    v
}

pub(super) fn merge_field(cx: &Ctxt, mut f: Field, s: Field, deferred: Vec<Deferred>) -> Field {
    f.serde_bound = deferred.iter().find(|d| matches!(d.need, Need::ContainerBound)).map(|d| d.span);
    let with_or_skip = f.with.is_some() || f.skip.is_some() || s.skip.is_some();
    resolve(cx, deferred, |need| match need {
        Need::WithOrSkip => with_or_skip,
        Need::WithOrSkipEncoding => with_or_skip || f.skip_encoding.is_some() || s.skip_encoding.is_some(),
        Need::WithOrSkipDecoding => with_or_skip || f.skip_decoding.is_some() || s.skip_decoding.is_some(),
        Need::Rename => f.rename.is_some(),
        Need::ContainerBound => true,
        _ => false,
    });
    value(cx, &mut f.rename, s.rename, String::eq, text("rename"));
    aliases(&mut f.aliases, s.aliases);
    value(cx, &mut f.default, s.default, default_eq, show_default);
    flag(&mut f.skip, s.skip);
    flag(&mut f.skip_encoding, s.skip_encoding);
    flag(&mut f.skip_decoding, s.skip_decoding);
    match (&f.skip_encoding_if, s.skip_encoding_if) {
        (None, Some(path)) => {
            f.skip_encoding_if = Some(path);
            f.skip_encoding_if_span = s.skip_encoding_if_span;
        }
        (Some(c), Some(path)) if !same_tokens(c, &path) => conflict(
            cx,
            f.skip_encoding_if_span.unwrap_or_else(Span::call_site),
            &format!("skip_encoding_if = \"{}\"", compact(c)),
            s.skip_encoding_if_span.unwrap_or_else(Span::call_site),
            &format!("skip_serializing_if = \"{}\"", compact(&path)),
        ),
        _ => {}
    }
    flag(&mut f.flatten, s.flatten);
    f
}

#[cfg(test)]
mod tests {
    use super::translate_bound;

    #[test]
    fn bounds_are_translated() {
        assert_eq!(translate_bound("T: Serialize").unwrap(), "T : __codec :: Encode");
        assert_eq!(translate_bound("T: serde::Deserialize<'de>").unwrap(), "T : __codec :: Decode < 'de >");
        assert_eq!(
            translate_bound("T: serde::de::DeserializeOwned + Clone, U: Default").unwrap(),
            "T : __codec :: DecodeOwned + Clone , U : Default"
        );
        assert_eq!(translate_bound("  ").unwrap(), "");
        assert!(translate_bound("T: serde::Serializer").is_err());
        assert!(translate_bound("T: ").is_ok());
        assert!(translate_bound("T Serialize").is_err());
    }
}
