//! Decoding of enums in each representation, all without buffering: external and
//! adjacent forms dispatch on the tag as they meet it; the internal form reads the tag
//! first when it is first and otherwise scans ahead over the input slice for it, then
//! decodes from the object's start; untagged tries each variant from a checkpoint.
//!
//! An enum whose names are all strings reads its tags as string tokens and matches
//! their bytes. One with an integer or bool name (`rename = 2`, `repr = "int"`) reads
//! each tag as a `__private::Tag` instead, of only the kinds its names have (any other
//! kind is a type error listing the names), and matches each kind against its own names:
//! the same shapes of code, in the same places, so the tag is still read where it stands.

use proc_macro2::TokenStream;
use quote::quote;

use super::keys::key_match;
use super::struct_::{self, FieldSet};
use super::ReaderNames;
use crate::ast::{Container, Repr, Style, Variant};
use crate::attr::Name;
use crate::tokens::{self, bytes, int_literal, json_string};

fn index(i: usize) -> u32 {
    i as u32
}

/// The `kinds` mask of the runtime's `read_tag` (and twins): which kinds of value the
/// enum's names include, a bit each. Must agree with `__private`'s `TAG_*` bits.
fn kinds(variants: &[Variant]) -> u8 {
    variants.iter().flat_map(|v| v.tags()).fold(0, |mask, name| {
        mask | match name {
            Name::Str(_) => STRINGS,
            Name::Int(_) => INTEGERS,
            Name::Bool(_) => BOOLS,
        }
    })
}

/// The `kinds` bit of string names, and the mask of an enum whose names are all strings:
/// such an enum keeps the string-only code (tags read as string tokens, matched by
/// bytes), untouched by integer and bool names.
const STRINGS: u8 = 1;
/// The `kinds` bits of integer and of bool names.
const INTEGERS: u8 = 2;
const BOOLS: u8 = 4;

/// The names as JSON writes them, for "invalid type: expected ..." messages: `1, 2 or
/// 3`, `true or false`, `"a" or 2`.
fn expected_values(variants: &[Variant]) -> String {
    let names: Vec<String> = variants
        .iter()
        .filter(|v| v.attrs.other.is_none())
        .map(|v| match &v.tag {
            Name::Str(s) => json_string(s),
            other => other.text(),
        })
        .collect();
    match names.split_last() {
        None => "nothing".to_owned(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// `&["A", "B"]`: the names messages list as expected.
fn expected_variants(variants: &[Variant]) -> TokenStream {
    let names = variants.iter().filter(|v| v.attrs.other.is_none()).map(|v| v.name.as_str());
    quote!(&[#(#names),*])
}

/// `let __vi = match <key bytes> {...}` (a `u32`): unknown names go to the `other` variant or
/// return an "unknown variant" error.
fn variant_index(variants: &[Variant], key: TokenStream, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let expected = expected_variants(variants);
    let unknown = match variants.iter().position(|v| v.attrs.other.is_some()) {
        Some(i) => {
            let i = index(i);
            quote!(#i)
        }
        None => quote!(return #p::Err(#h::unknown_variant(__r, #key, #expected))),
    };
    // Keys are matched by text: an integer or bool name by its text (`"2"`), which
    // `check` keeps distinct from every string name.
    let arms = variants.iter().enumerate().filter(|(_, v)| v.attrs.other.is_none()).map(|(i, v)| {
        let i = index(i);
        (v.tags().map(Name::text).collect::<Vec<_>>(), quote!(#i))
    });
    let m = key_match(quote!(__r.key_bytes(#key)?), arms, unknown);
    quote!(let __vi = #m;)
}

/// `let __vi = match __tag {...}` (a `u32`) over the `__private::Tag` bound as `__tag`,
/// for enums with an integer or bool name: a string is matched by its bytes, an integer
/// or a bool by value, each only against the names of its own kind; a name that matches
/// nothing goes to the `other` variant or returns an "unknown variant" error.
fn tag_index(variants: &[Variant], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let expected = expected_variants(variants);
    let unknown = match variants.iter().position(|v| v.attrs.other.is_some()) {
        Some(i) => {
            let i = index(i);
            quote!(#i)
        }
        None => quote!(return #p::Err(#h::unknown_tag(__r, __tag, #expected))),
    };
    let mut strings: Vec<(Vec<String>, TokenStream)> = Vec::new();
    let mut ints: Vec<TokenStream> = Vec::new();
    let mut bools: [Option<TokenStream>; 2] = [None, None];
    for (i, v) in variants.iter().enumerate().filter(|(_, v)| v.attrs.other.is_none()) {
        let i = index(i);
        let mut own_strings = Vec::new();
        let mut own_ints = Vec::new();
        for name in v.tags() {
            match name {
                Name::Str(s) => own_strings.push(s.clone()),
                Name::Int(n) => own_ints.push(int_literal(*n)),
                Name::Bool(b) => bools[usize::from(*b)] = Some(quote!(#i)),
            }
        }
        if !own_strings.is_empty() {
            strings.push((own_strings, quote!(#i)));
        }
        if !own_ints.is_empty() {
            ints.push(quote!(#(#own_ints)|* => #i,));
        }
    }
    let str_arm = if strings.is_empty() {
        quote!(#p::Tag::Str(_) => #unknown,)
    } else {
        let m = key_match(quote!(__r.key_bytes(__k)?), strings, unknown.clone());
        quote!(#p::Tag::Str(__k) => #m,)
    };
    let int_arm = if ints.is_empty() {
        quote!(#p::Tag::Int(..) => #unknown,)
    } else {
        quote!(#p::Tag::Int(__n, _) => match __n { #(#ints)* _ => #unknown },)
    };
    let bool_arm = if bools.iter().all(Option::is_none) {
        quote!(#p::Tag::Bool(..) => #unknown,)
    } else {
        let [f, t] = bools.map(|b| b.unwrap_or_else(|| unknown.clone()));
        quote!(#p::Tag::Bool(__b, _) => if __b { #t } else { #f },)
    };
    quote! {
        let __vi: ::core::primitive::u32 = match __tag { #str_arm #int_arm #bool_arm };
    }
}

/// `match __vi { 0 => body0, ..., _ => body_last }`: the last arm is `_` so the match is
/// exhaustive without an unreachable panic.
fn per_variant(variants: &[Variant], body: impl Fn(&Variant) -> TokenStream) -> TokenStream {
    let n = variants.len();
    let arms = variants.iter().enumerate().map(|(i, v)| {
        let b = body(v);
        if i + 1 == n {
            quote!(_ => #b,)
        } else {
            let i = index(i);
            quote!(#i => #b,)
        }
    });
    quote!(match __vi { #(#arms)* })
}

/// Wraps `body` (an expression of type `Self` that may `return Err`) so its errors get
/// `segment` added to their path.
fn with_segment(body: TokenStream, segment: TokenStream, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let reader = &rn.reader;
    quote! {
        match (|__r: &mut #reader| -> #p::Result<Self> { #p::Ok(#body) })(__r) {
            #p::Ok(__v) => __v,
            #p::Err(__e) => return #p::Err(__e #segment),
        }
    }
}

/// The variant's content at the reader's position, as an expression of type `Self`.
fn content(c: &Container, v: &Variant, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let ident = v.ident;
    let deny = c.attrs.deny_unknown_fields.is_some();
    match v.style {
        Style::Unit => quote!({ __r.read_null()?; Self::#ident }),
        Style::Newtype => {
            let f = &v.fields[0];
            if f.decodes() {
                let call = FieldSet::value_call(c, f, rn);
                quote!(Self::#ident(#call?))
            } else {
                quote!({ __r.skip_value()?; Self::#ident(#p::Default::default()) })
            }
        }
        Style::Tuple => struct_::tuple(c, &v.fields, quote!(Self::#ident), rn),
        Style::Struct => FieldSet::new(c, &v.fields, false).object(quote!(Self::#ident), deny, rn),
    }
}

pub fn decode(c: &Container, variants: &[Variant], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    if variants.is_empty() {
        let msg = format!("nothing: enum {} has no variants", c.ident);
        return quote!(#p::Err(#h::invalid_type(__r, #msg)));
    }
    match c.repr() {
        Repr::External => external(c, variants, rn),
        Repr::Internal { tag } => internal(c, variants, tag, rn),
        Repr::Adjacent { tag, content } => adjacent(c, variants, tag, content, rn),
        Repr::Untagged => untagged(c, variants, rn),
    }
}

/// The external representation: a bare value names a unit variant, an object's one key
/// names any variant. With an integer or bool name, the bare value is read as a tag of
/// the kinds the names have (`2`, `true`, `"Unit"`), and the key is matched by its text
/// in JSON (`{"2": ...}`, keys being strings there) and by a key of the name's own type in
/// MessagePack (`{2: ...}`).
fn external(c: &Container, variants: &[Variant], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let mask = kinds(variants);
    // What the messages call an object; the generic body says what its reader's format
    // says (a constant, so the choice folds away).
    let by_format = |text: &dyn Fn(&str) -> String| -> TokenStream {
        let (json, msgpack) = (text("an object"), text("a map"));
        quote!(if <__R as #p::Reader<'de>>::SAYS_MAP { #msgpack } else { #json })
    };
    let (is_object, empty_at) = (quote!(__r.peek_is_object()), quote!(__r.empty_object_at()));
    // A bare value names a unit variant; any other variant's name is an error, through
    // one arm whose helper words it from the name.
    let unit_arms: Vec<TokenStream> = variants
        .iter()
        .enumerate()
        .filter(|(_, v)| v.style == Style::Unit)
        .map(|(i, v)| {
            let ident = v.ident;
            let i = index(i);
            quote!(#i => #p::Ok(Self::#ident),)
        })
        .collect();
    let with_content = per_variant(variants, |v| {
        let ident = v.ident;
        if v.attrs.other.is_some() {
            // The catch-all is a unit variant: its content is `null`, as serde reads it.
            return quote!({ __r.read_null()?; Self::#ident });
        }
        let name = &v.name;
        // A unit or newtype variant's content is one call: its error gets the name
        // through `in_field`, the others' through a closure.
        match v.style {
            Style::Unit => quote!({ #p::in_field(__r.read_null(), #name)?; Self::#ident }),
            Style::Newtype if v.fields[0].decodes() => {
                let call = FieldSet::value_call(c, &v.fields[0], rn);
                quote!(Self::#ident(#p::in_field(#call, #name)?))
            }
            _ => with_segment(content(c, v, rn), quote!(.in_field(#name)), rn),
        }
    });
    // (what a value of the wrong type is told to be, the value when it is not an
    // object, the dispatch on the object's key)
    if mask == STRINGS {
        // One match on the name, whether it is an object's key or a bare string.
        let ident = c.ident;
        let what = by_format(&|object| format!("a variant of enum {ident} (a string, or {object} with one key)"));
        let by_name = variant_index(variants, quote!(__key), rn);
        return quote! {
            let __what: &'static ::core::primitive::str = #what;
            let __object = #is_object;
            let __key = if __object {
                __r.begin_object()?;
                if !__r.object_first()? {
                    return #p::Err(#h::invalid_value(__r, #empty_at, #p::From::from(__what)));
                }
                __r.read_key()?
            } else if __r.peek_is_string() {
                __r.read_string_token()?
            } else {
                return #p::Err(#h::invalid_type(__r, __what));
            };
            #by_name
            if __object {
                let __value: Self = #with_content;
                if __r.object_next()? {
                    return #p::Err(#h::invalid_value(__r, __r.position(), #p::From::from(__what)));
                }
                #p::Ok(__value)
            } else {
                match __vi {
                    #(#unit_arms)*
                    _ => #p::Err(#h::variant_has_content(__r, __key)),
                }
            }
        };
    }
    let (what, bare, by_key) = {
        let values = expected_values(variants);
        let what = if variants.iter().all(|v| v.style == Style::Unit) {
            quote!(#values)
        } else {
            let ident = c.ident;
            by_format(&|object| format!("a variant of enum {ident} ({values}, or {object} with one key)"))
        };
        let by_tag = tag_index(variants, rn);
        let bare = quote! {{
            let __tag = #h::read_tag(__r, #mask, #what)?;
            #by_tag
            match __vi {
                #(#unit_arms)*
                _ => #p::Err(#h::tag_has_content(__r, __tag)),
            }
        }};
        (what, bare, key_index(variants, rn))
    };
    quote! {
        if #is_object {
            __r.begin_object()?;
            if !__r.object_first()? {
                return #p::Err(#h::invalid_value(__r, #empty_at, #p::From::from(#what)));
            }
            let __key = __r.read_key()?;
            #by_key
            let __value: Self = #with_content;
            if __r.object_next()? {
                return #p::Err(#h::invalid_value(__r, __r.position(), #p::From::from(#what)));
            }
            #p::Ok(__value)
        } else #bare
    }
}

fn internal(c: &Container, variants: &[Variant], tag: &str, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let field_fn = &rn.field_fn;
    let tag_lit = bytes(tag);
    let deny = c.attrs.deny_unknown_fields.is_some();
    let mask = kinds(variants);
    // The tag's type, how it is read where it stands and by the scan ahead, and the
    // dispatch on it: string tokens matched by bytes when every name is a string.
    let key_ty = &rn.key_ty;
    let (tag_ty, read, scan, by_name) = if mask == STRINGS {
        (
            quote!(#key_ty),
            quote!(__r.read_string_token()?),
            quote!(#h::scan_for_tag(__r, #tag_lit)?),
            variant_index(variants, quote!(__tag), rn),
        )
    } else {
        let values = expected_values(variants);
        (
            quote!(#p::Tag<#key_ty>),
            quote!(#h::read_tag(__r, #mask, #values)?),
            quote!(#h::scan_for_any_tag(__r, #tag_lit, #mask, #values)?),
            tag_index(variants, rn),
        )
    };
    let bodies = per_variant(variants, |v| {
        let ident = v.ident;
        // (state type, initial state, claim expression, constructor, expected names)
        let (state_ty, init, claim, finish, expected) = match v.style {
            Style::Struct => {
                let set = FieldSet::new(c, &v.fields, false);
                (
                    set.state_ty(),
                    set.state_init(),
                    set.dispatch(rn),
                    set.finish(quote!(Self::#ident), quote!(__r.position())),
                    set.expected(),
                )
            }
            Style::Newtype if v.fields[0].decodes() => {
                let f = &v.fields[0];
                let new_state = struct_::fields_of(f, "new_state");
                let decode_field = struct_::fields_of(f, &field_fn.to_string());
                let finish = struct_::fields_of(f, "finish");
                // The state's type is left to inference from `new_state()`: named, a
                // content type without members would get a second error, on the
                // derive (the type of a local is checked where the local is).
                (
                    quote!(_),
                    tokens::call(new_state, TokenStream::new(), f.ty_end_span()),
                    quote!(#decode_field(&mut __st, __key, __r)?),
                    quote!(Self::#ident(#finish(__st, __r.position())?)),
                    // In a closure, not as the function item: `unknown_field`'s `FnOnce`
                    // bound on the item would report a missing impl again, on the derive.
                    {
                        let names = struct_::fields_of(f, "field_names");
                        quote!(|__out: &mut #p::Vec<&'static ::core::primitive::str>| #names(__out))
                    },
                )
            }
            Style::Newtype => (
                quote!(()),
                quote!(()),
                quote!(false),
                quote!(Self::#ident(#p::Default::default())),
                quote!(|_: &mut #p::Vec<&'static ::core::primitive::str>| {}),
            ),
            // Tuple variants are rejected by `check`.
            _ => (
                quote!(()),
                quote!(()),
                quote!(false),
                quote!(Self::#ident),
                quote!(|_: &mut #p::Vec<&'static ::core::primitive::str>| {}),
            ),
        };
        // Flattened members that look ahead do so from the object's start.
        let m = Members::of(c, v);
        // (a constant: the look-ahead folds away unless a member needs it)
        let needs_prepare = match &m {
            Members::Set(set, _) if set.has_flatten() => Some(set.prepare_const()),
            Members::Newtype(v) => Some(struct_::fields_of(&v.fields[0], "PREPARE")),
            _ => None,
        };
        let prepare = if let Some(needed) = needs_prepare {
            // The object protocol's own count (an empty `left`: `Reader::members_left`).
            let left = TokenStream::new();
            let stmts = match &m {
                Members::Newtype(_) => {
                    let stmts = m.prepare(&left);
                    quote!({ let __st = &mut __st; #stmts })
                }
                _ => m.prepare(&left),
            };
            quote! {
                if #needed {
                    let __here = __r.checkpoint();
                    __r.restore(__start);
                    #stmts
                    __r.restore(__here);
                }
            }
        } else {
            TokenStream::new()
        };
        // The catch-all takes any other keys silently.
        let deny = deny && v.attrs.other.is_none();
        let body = quote! {{
            let mut __st: #state_ty = #init;
            #prepare
            while __more {
                let __key = __r.read_key()?;
                if __r.key_bytes(__key)? == #tag_lit {
                    if __tag_seen {
                        return #p::Err(#h::duplicate_field(__r, __key, #tag));
                    }
                    __tag_seen = true;
                    __r.skip_value()?;
                } else if !#claim {
                    #h::unknown_field(__r, __key, #deny, #expected)?;
                }
                __more = __r.object_next()?;
            }
            #finish
        }};
        let name: &str = &v.name;
        with_segment(body, quote!(.in_variant(#name)), rn)
    });
    quote! {
        __r.begin_object()?;
        let __start = __r.checkpoint();
        let mut __tag_seen;
        let mut __more;
        let __tag: #tag_ty = if __r.object_first()? {
            let __first_key = __r.read_key()?;
            if __r.key_bytes(__first_key)? == #tag_lit {
                let __t = #read;
                __tag_seen = true;
                __more = __r.object_next()?;
                __t
            } else {
                __r.restore(__start);
                match #scan {
                    #p::Some(__t) => {
                        __tag_seen = false;
                        __more = __r.object_first()?;
                        __t
                    }
                    #p::None => return #p::Err(#h::missing_field(__r, #tag)),
                }
            }
        } else {
            return #p::Err(#h::missing_field(__r, #tag));
        };
        #by_name
        #p::Ok(#bodies)
    }
}

fn adjacent(c: &Container, variants: &[Variant], tag: &str, content_key: &str, rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let checkpoint_ty = &rn.checkpoint_ty;
    let reader = &rn.reader;
    let deny = c.attrs.deny_unknown_fields.is_some();
    let tag_lit = bytes(tag);
    let content_lit = bytes(content_key);
    let mask = kinds(variants);
    let read_variant = if mask == STRINGS {
        let by_name = variant_index(variants, quote!(__t), rn);
        quote! {
            let __t = __r.read_string_token()?;
            #by_name
        }
    } else {
        let values = expected_values(variants);
        let by_tag = tag_index(variants, rn);
        quote! {
            let __tag = #h::read_tag(__r, #mask, #values)?;
            #by_tag
        }
    };
    let decode_content = per_variant(variants, |v| {
        // The catch-all is a unit variant: its content is `null`, as serde reads it.
        content(c, v, rn)
    });
    let without_content = per_variant(variants, |v| {
        let ident = v.ident;
        if v.style == Style::Unit {
            quote!(#p::Ok(Self::#ident))
        } else {
            quote!(#p::Err(#h::missing_field(__r, #content_key)))
        }
    });
    quote! {
        let __content = |__r: &mut #reader, __vi: ::core::primitive::u32| -> #p::Result<Self> {
            #p::Ok(#decode_content)
        };
        __r.begin_object()?;
        let mut __variant = #p::None;
        let mut __value: #p::Option<Self> = #p::None;
        let mut __content_at: #p::Option<#checkpoint_ty> = #p::None;
        let mut __more = __r.object_first()?;
        while __more {
            let __key = __r.read_key()?;
            let __which: ::core::primitive::u8 = match __r.key_bytes(__key)? {
                #tag_lit => 1,
                #content_lit => 2,
                _ => 0,
            };
            match __which {
                1 => {
                    if __variant.is_some() {
                        return #p::Err(#h::duplicate_field(__r, __key, #tag));
                    }
                    #read_variant
                    __variant = #p::Some(__vi);
                }
                2 => {
                    if __value.is_some() || __content_at.is_some() {
                        return #p::Err(#h::duplicate_field(__r, __key, #content_key));
                    }
                    match __variant {
                        #p::Some(__vi) => {
                            __value = #p::Some(__content(__r, __vi).map_err(|__e| __e.in_field(#content_key))?);
                        }
                        #p::None => {
                            // Content before tag: remember where it is and come back.
                            __content_at = #p::Some(__r.checkpoint());
                            __r.skip_value()?;
                        }
                    }
                }
                _ => #h::unknown_field(__r, __key, #deny, |__out: &mut #p::Vec<&'static ::core::primitive::str>| {
                    __out.extend_from_slice(&[#tag, #content_key])
                })?,
            }
            __more = __r.object_next()?;
        }
        let __vi = match __variant {
            #p::Some(__vi) => __vi,
            #p::None => return #p::Err(#h::missing_field(__r, #tag)),
        };
        if let #p::Some(__v) = __value {
            return #p::Ok(__v);
        }
        if let #p::Some(__at) = __content_at {
            let __end = __r.checkpoint();
            __r.restore(__at);
            let __v = __content(__r, __vi).map_err(|__e| __e.in_field(#content_key))?;
            __r.restore(__end);
            return #p::Ok(__v);
        }
        #without_content
    }
}

fn untagged(c: &Container, variants: &[Variant], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let reader = &rn.reader;
    let enum_name = c.ident.to_string();
    // Every retry is charged to the reader's backtracking budget, so nested untagged
    // enums cannot re-read the input exponentially often; and malformed input, or a limit,
    // fails every variant alike, so it ends the search at once.
    let tries = variants.iter().map(|v| {
        let body = content(c, v, rn);
        let name = v.ident.to_string();
        quote! {
            match (|__r: &mut #reader| -> #p::Result<Self> { #p::Ok(#body) })(__r) {
                #p::Ok(__v) => return #p::Ok(__v),
                #p::Err(__e) if #p::ends_untagged_search(&__e) => return #p::Err(__e),
                #p::Err(__e) => {
                    __reasons.push((#name, __e));
                    __r.backtrack(__start)?;
                }
            }
        }
    });
    quote! {
        let __start = __r.checkpoint();
        let __at = __r.position();
        let mut __reasons: #p::Vec<(&'static ::core::primitive::str, #p::Error)> = #p::Vec::new();
        #(#tries)*
        #p::Err(#h::no_variant_matched(__at, #enum_name, __reasons))
    }
}

/// `let __vi = ...;` from the map key `__key`: matched by text where keys are strings
/// (JSON: `"3"` names the variant 3), and where keys keep their type (MessagePack), by a
/// key of the name's own type for an enum with an integer or bool name (an int key for
/// the name 3).
fn key_index(variants: &[Variant], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let h = &rn.h;
    let mask = kinds(variants);
    let typed = || {
        let values = expected_values(variants);
        let by_tag = tag_index(variants, rn);
        quote! {
            let __tag = #h::key_tag(__r, __key, #mask, #values)?;
            #by_tag
        }
    };
    if mask == STRINGS {
        return variant_index(variants, quote!(__key), rn);
    }
    // Whether keys keep their type is the reader's constant: the test folds away.
    let (typed, by_text) = (typed(), variant_index(variants, quote!(__key), rn));
    quote! {
        let __vi: ::core::primitive::u32 = if <__R as #p::Reader<'de>>::TYPED_KEYS {
            #typed
            __vi
        } else {
            #by_text
            __vi
        };
    }
}

/// `DecodeKey` for enums of unit variants.
pub fn decode_key(c: &Container, rn: &ReaderNames) -> Option<TokenStream> {
    if !c.is_key_enum() {
        return None;
    }
    let p = quote!(__p);
    let crate::ast::Data::Enum(variants) = &c.data else { return None };
    let by_name = key_index(variants, rn);
    let build = per_variant(variants, |v| {
        let ident = v.ident;
        quote!(Self::#ident)
    });
    Some(quote! {
        #by_name
        #p::Ok(#build)
    })
}

// ---------------------------------------------------------------------------------------
// `DecodeFields` of enums: what `flatten` of an enum decodes through, with serde's
// meaning of each representation, key by key from the enclosing object's loop and
// without buffering. A tagged enum looks ahead for its tag in `prepare` (the tag-first
// case stops at the first key), an untagged one tries its variants there over the
// object's keys from a checkpoint; then the keys stream into the chosen variant.

/// What a variant's members decode into when its enum is flattened.
enum Members<'c, 'a> {
    /// A struct variant's named fields.
    Set(FieldSet<'c, 'a>, &'c Variant<'a>),
    /// A newtype variant of a struct-like type: that type's `DecodeFields`.
    Newtype(&'c Variant<'a>),
    /// No members (a unit variant; a tuple variant, which has no keys).
    Empty(&'c Variant<'a>),
}

impl<'c, 'a> Members<'c, 'a> {
    fn of(c: &'c Container<'a>, v: &'c Variant<'a>) -> Self {
        match v.style {
            Style::Struct => Members::Set(FieldSet::new(c, &v.fields, false), v),
            Style::Newtype if v.fields[0].decodes() => Members::Newtype(v),
            _ => Members::Empty(v),
        }
    }

    fn state_ty(&self) -> TokenStream {
        match self {
            Members::Set(set, _) => set.state_ty(),
            Members::Newtype(v) => struct_::fields_of(&v.fields[0], "State"),
            Members::Empty(_) => quote!(()),
        }
    }

    fn init(&self) -> TokenStream {
        match self {
            Members::Set(set, _) => set.state_init(),
            Members::Newtype(v) => {
                let new_state = struct_::fields_of(&v.fields[0], "new_state");
                quote!(#new_state())
            }
            Members::Empty(_) => quote!(()),
        }
    }

    /// A `bool` expression: whether `__key` was claimed into `__st` (a `&mut` state).
    fn claim(&self, rn: &ReaderNames) -> TokenStream {
        let field_fn = &rn.field_fn;
        match self {
            Members::Set(set, _) => set.dispatch(rn),
            Members::Newtype(v) => {
                let decode_field = struct_::fields_of(&v.fields[0], &field_fn.to_string());
                quote!(#decode_field(__st, __key, __r)?)
            }
            Members::Empty(_) => quote!(false),
        }
    }

    /// The look-ahead of the members' own flattened members, on `__st` (a `&mut` state).
    fn prepare(&self, left: &TokenStream) -> TokenStream {
        match self {
            Members::Set(set, _) => set.prepare_stmts(left),
            Members::Newtype(v) => {
                let needed = struct_::fields_of(&v.fields[0], "PREPARE");
                let prepare = struct_::fields_of(&v.fields[0], "prepare");
                if left.is_empty() {
                    quote!(if #needed {
                        let __left = __p::Reader::members_left(&*__r);
                        #prepare(__st, __r, &__left)?;
                    })
                } else {
                    quote!(if #needed { #prepare(__st, __r, #left)?; })
                }
            }
            Members::Empty(_) => TokenStream::new(),
        }
    }

    /// An expression of type `Self` from `__st` (the state, by value), ending at `__end`.
    fn finish(&self) -> TokenStream {
        let p = quote!(__p);
        match self {
            Members::Set(set, v) => {
                let ident = v.ident;
                set.finish(quote!(Self::#ident), quote!(__end))
            }
            Members::Newtype(v) => {
                let ident = v.ident;
                let finish = struct_::fields_of(&v.fields[0], "finish");
                quote!(Self::#ident(#finish(__st, __end)?))
            }
            Members::Empty(v) => {
                let ident = v.ident;
                match v.style {
                    Style::Unit => quote!(Self::#ident),
                    // Never chosen: a tuple variant has no keys to be found by.
                    _ => quote!(return #p::Err(#p::cannot_flatten("a tuple variant"))),
                }
            }
        }
    }

    fn names(&self) -> TokenStream {
        match self {
            Members::Set(set, _) => set.field_names(),
            Members::Newtype(v) => {
                let names = struct_::fields_of(&v.fields[0], "field_names");
                quote!(#names(__out);)
            }
            Members::Empty(_) => TokenStream::new(),
        }
    }
}

/// `.0`, `.1`, ... as a token.
fn tuple_index(i: usize) -> syn::Index {
    syn::Index::from(i)
}

/// The pieces of an enum's `DecodeFields` impl.
pub struct EnumFields {
    pub state_ty: TokenStream,
    pub init: TokenStream,
    /// Extra where-predicates: an untagged enum's newtype variants must hold struct-like
    /// types (the impl then exists only when they do).
    pub bounds: Vec<TokenStream>,
    pub prepare: bool,
    pub finish: TokenStream,
    pub names: TokenStream,
}

/// The format-independent pieces, or `None` when the enum cannot be flattened (no
/// variants; external or adjacent with a name that is not a string).
pub fn fields(c: &Container, variants: &[Variant]) -> Option<EnumFields> {
    let p = quote!(__p);
    if !flattenable(c, variants) {
        return None;
    }
    let members: Vec<Members> = variants.iter().map(|v| Members::of(c, v)).collect();
    let states = members.iter().map(Members::state_ty);
    let inits = members.iter().map(Members::init);
    let by_variant_state = quote!((#(#states,)*));
    let by_variant_init = quote!((#(#inits,)*));
    let all_names = members.iter().map(Members::names);
    let enum_name = c.ident.to_string();
    let finish_chosen = |k: usize| {
        let k = tuple_index(k);
        per_variant(variants, |v| {
            let i = variants.iter().position(|w| std::ptr::eq(w, v)).unwrap_or(0);
            let s = tuple_index(i);
            let body = members[i].finish();
            quote!({ let __st = __st.#k.#s; #body })
        })
    };
    match c.repr() {
        Repr::Internal { tag } => {
            let finish = finish_chosen(2);
            Some(EnumFields {
                state_ty: quote!((#p::Option<::core::primitive::u32>, ::core::primitive::bool, #by_variant_state)),
                init: quote!((#p::None, false, #by_variant_init)),
                bounds: Vec::new(),
                prepare: true,
                finish: quote! {
                    let __vi = match __st.0 {
                        #p::Some(__vi) => __vi,
                        #p::None => return #p::Err(#p::missing_field_at(__end, #tag)),
                    };
                    #p::Ok(#finish)
                },
                names: quote!(__out.push(#tag); #(#all_names)*),
            })
        }
        Repr::Untagged => {
            let finish = finish_chosen(1);
            let bounds = variants
                .iter()
                .filter(|v| v.style == Style::Newtype && v.fields[0].decodes())
                .map(|v| {
                    let ty = v.fields[0].ty;
                    let de = crate::tokens::de();
                    quote!(#ty: #p::DecodeFields<#de>)
                })
                .collect();
            Some(EnumFields {
                state_ty: quote!((#p::Option<::core::primitive::u32>, #by_variant_state)),
                init: quote!((#p::None, #by_variant_init)),
                bounds,
                prepare: true,
                finish: quote! {
                    let __vi = match __st.0 {
                        #p::Some(__vi) => __vi,
                        #p::None => return #p::Err(#p::no_flattened_variant(__end, #enum_name)),
                    };
                    #p::Ok(#finish)
                },
                names: quote!(#(#all_names)*),
            })
        }
        _ if kinds(variants) != STRINGS => None,
        Repr::External => {
            let names = variants.iter().filter(|v| v.attrs.other.is_none()).map(|v| v.name.as_str());
            Some(EnumFields {
                state_ty: quote!((#p::Option<::core::primitive::u32>, #p::Option<Self>)),
                init: quote!((#p::None, #p::None)),
                bounds: Vec::new(),
                prepare: false,
                finish: quote! {
                    match __st.1 {
                        #p::Some(__v) => #p::Ok(__v),
                        #p::None => #p::Err(#p::no_flattened_variant(__end, #enum_name)),
                    }
                },
                names: quote!(__out.extend_from_slice(&[#(#names),*]);),
            })
        }
        Repr::Adjacent { tag, content } => {
            let without_content = per_variant(variants, |v| {
                let ident = v.ident;
                if v.style == Style::Unit {
                    quote!(#p::Ok(Self::#ident))
                } else {
                    quote!(#p::Err(#p::missing_field_at(__end, #content)))
                }
            });
            Some(EnumFields {
                state_ty: quote!((#p::Option<::core::primitive::u32>, ::core::primitive::bool, #p::Option<Self>)),
                init: quote!((#p::None, false, #p::None)),
                bounds: Vec::new(),
                prepare: true,
                finish: quote! {
                    let __vi = match __st.0 {
                        #p::Some(__vi) => __vi,
                        #p::None => return #p::Err(#p::missing_field_at(__end, #tag)),
                    };
                    if let #p::Some(__v) = __st.2 {
                        return #p::Ok(__v);
                    }
                    #without_content
                },
                names: quote!(__out.extend_from_slice(&[#tag, #content]);),
            })
        }
    }
}

/// Whether the enum gets `EncodeFields`/`DecodeFields`: not without variants, and not
/// when it is externally tagged with unit variants only (flattened, such an enum would be
/// a key with a `null` value, as serde writes it; the impls would cost every status-like
/// enum nearly its own size again in generated code, measured on the benchmark models).
pub fn flattenable(c: &Container, variants: &[Variant]) -> bool {
    let unit_only = variants.iter().all(|v| v.style == Style::Unit);
    let unit_only_external = unit_only && matches!(c.repr(), Repr::External);
    // A newtype variant whose content is merged into the object (untagged, or beside an
    // internal tag) and whose type names the enum itself (`A(Box<Self>)`): its members
    // would be the enum's own, a recursion that reads no input, and the impl bounded on
    // them a cycle the trait solver cannot end (E0275).
    let merges_itself = matches!(c.repr(), Repr::Untagged | Repr::Internal { .. })
        && variants
            .iter()
            .any(|v| v.style == Style::Newtype && v.fields.iter().any(|f| crate::ast::names_type(f.ty, c.ident)));
    !variants.is_empty() && !unit_only_external && !merges_itself
}

/// The tag found by a look-ahead from the object's start, as `__found`
/// (`Option<tag>`), and the dispatch binding `__vi` from `__tag`.
fn scan_tag(variants: &[Variant], tag: &str, rn: &ReaderNames, left: &TokenStream) -> (TokenStream, TokenStream) {
    let h = &rn.h;
    let tag_lit = bytes(tag);
    let mask = kinds(variants);
    if mask == STRINGS {
        let scan = quote!(#h::scan_members_for_tag(__r, #left, #tag_lit)?);
        (scan, variant_index(variants, quote!(__tag), rn))
    } else {
        let values = expected_values(variants);
        let scan = quote!(#h::scan_members_for_any_tag(__r, #left, #tag_lit, #mask, #values)?);
        (scan, tag_index(variants, rn))
    }
}

/// The bodies of `decode_field` (a `Result<bool>`) and of `prepare` (a
/// `Result<()>`; `left` is a reference to the member loop's `Reader::Members`).
pub fn fields_bodies(
    c: &Container,
    variants: &[Variant],
    rn: &ReaderNames,
    left: &TokenStream,
) -> (TokenStream, TokenStream) {
    let p = quote!(__p);
    let h = &rn.h;
    let reader = &rn.reader;
    let members: Vec<Members> = variants.iter().map(|v| Members::of(c, v)).collect();
    // `match __vi` over the variants' members, `__st` rebound to the chosen one's state
    // (field `k` of the enum's state).
    let on_chosen = |k: usize, body: &dyn Fn(&Members) -> TokenStream| {
        let k = tuple_index(k);
        per_variant(variants, |v| {
            let i = variants.iter().position(|w| std::ptr::eq(w, v)).unwrap_or(0);
            let s = tuple_index(i);
            let b = body(&members[i]);
            quote!({ let __st = &mut __st.#k.#s; #b })
        })
    };
    match c.repr() {
        Repr::Internal { tag } => {
            let tag_lit = bytes(tag);
            let claim = on_chosen(2, &|m| m.claim(rn));
            let nested = on_chosen(2, &|m| m.prepare(left));
            let (scan, by_name) = scan_tag(variants, tag, rn, left);
            let decode_field = quote! {
                if __r.key_bytes(__key)? == #tag_lit {
                    if __st.1 {
                        return #p::Err(#h::duplicate_field(__r, __key, #tag));
                    }
                    __st.1 = true;
                    // Read already, by `prepare`.
                    __r.skip_value()?;
                    return #p::Ok(true);
                }
                let __vi = match __st.0 {
                    #p::Some(__vi) => __vi,
                    #p::None => return #p::Ok(false),
                };
                #p::Ok(#claim)
            };
            let prepare = quote! {
                if let #p::Some(__tag) = #scan {
                    #by_name
                    __st.0 = #p::Some(__vi);
                    #nested
                }
                #p::Ok(())
            };
            (decode_field, prepare)
        }
        Repr::Untagged => {
            let claim = on_chosen(1, &|m| m.claim(rn));
            let nested = on_chosen(1, &|m| m.prepare(left));
            let enum_name = c.ident.to_string();
            // Each variant with keys tried over the whole object from its start, as its
            // own decoder would read it (other keys skipped); the first that decodes wins.
            let tries = variants.iter().zip(&members).enumerate().filter_map(|(i, (v, m))| {
                if matches!(m, Members::Empty(_)) {
                    return None;
                }
                let i = index(i);
                let (state_ty, init, claim, prep, finish) =
                    (m.state_ty(), m.init(), m.claim(rn), m.prepare(left), m.finish());
                // A copy of the member loop's state, walked to the end.
                let walk = quote! {
                    let mut __walk = #p::Clone::clone(#left);
                    let mut __more = __r.first_member(&mut __walk)?;
                    while __more {
                        let __key = __r.read_key()?;
                        if !#claim {
                            __r.skip_value()?;
                        }
                        __more = __r.next_member(&mut __walk)?;
                    }
                };
                let name = v.ident.to_string();
                Some(quote! {
                    let __tried = (|__r: &mut #reader| -> #p::Result<()> {
                        let mut __state: #state_ty = #init;
                        let __st = &mut __state;
                        #prep
                        #walk
                        let __end = __r.position();
                        let __st = __state;
                        let _: Self = #finish;
                        #p::Ok(())
                    })(__r);
                    match __tried {
                        #p::Ok(()) => {
                            __r.restore(__start);
                            __st.0 = #p::Some(#i);
                            let __vi = #i;
                            #nested
                            return #p::Ok(());
                        }
                        #p::Err(__e) if __e.is_input_error() => return #p::Err(__e),
                        #p::Err(__e) => {
                            __reasons.push((#name, __e));
                            __r.backtrack(__start)?;
                        }
                    }
                })
            });
            let decode_field = quote! {
                let __vi = match __st.0 {
                    #p::Some(__vi) => __vi,
                    #p::None => return #p::Ok(false),
                };
                #p::Ok(#claim)
            };
            let prepare = quote! {
                let __start = __r.checkpoint();
                let __at = __r.position();
                let mut __reasons: #p::Vec<(&'static ::core::primitive::str, #p::Error)> = #p::Vec::new();
                #(#tries)*
                #p::Err(#h::no_variant_matched(__at, #enum_name, __reasons))
            };
            (decode_field, prepare)
        }
        Repr::External => {
            let arms = variants.iter().enumerate().filter(|(_, v)| v.attrs.other.is_none()).map(|(i, v)| {
                let i = index(i);
                (v.tags().map(Name::text).collect::<Vec<_>>(), quote!(#i))
            });
            let vi = key_match(quote!(__r.key_bytes(__key)?), arms, quote!(return #p::Ok(false)));
            let value = per_variant(variants, |v| {
                let ident = v.ident;
                if v.attrs.other.is_some() {
                    return quote!({ __r.skip_value()?; Self::#ident });
                }
                let name = &v.name;
                with_segment(content(c, v, rn), quote!(.in_field(#name)), rn)
            });
            let name = per_variant(variants, |v| {
                let name = &v.name;
                quote!(#name)
            });
            // The first key naming a variant is the enum's (serde's rule); a key naming
            // another variant later is left to the enclosing object as an unknown key,
            // and the same key again is a duplicate (under the duplicate-key policy).
            let decode_field = quote! {
                let __vi: ::core::primitive::u32 = #vi;
                if let #p::Some(__prev) = __st.0 {
                    if __prev != __vi {
                        return #p::Ok(false);
                    }
                    if !#h::on_duplicate(__r, __key, #name)? {
                        return #p::Ok(true);
                    }
                }
                __st.0 = #p::Some(__vi);
                __st.1 = #p::Some(#value);
                #p::Ok(true)
            };
            (decode_field, quote!(#p::Ok(())))
        }
        Repr::Adjacent { tag, content: content_key } => {
            let (tag_lit, content_lit) = (bytes(tag), bytes(content_key));
            let (scan, by_name) = scan_tag(variants, tag, rn, left);
            let value = per_variant(variants, |v| {
                let ident = v.ident;
                if v.attrs.other.is_some() {
                    return quote!({ __r.skip_value()?; Self::#ident });
                }
                content(c, v, rn)
            });
            let decode_field = quote! {
                let __which: ::core::primitive::u8 = match __r.key_bytes(__key)? {
                    #tag_lit => 1,
                    #content_lit => 2,
                    _ => 0,
                };
                match __which {
                    1 => {
                        if __st.1 {
                            return #p::Err(#h::duplicate_field(__r, __key, #tag));
                        }
                        __st.1 = true;
                        __r.skip_value()?;
                    }
                    2 => {
                        if __st.2.is_some() {
                            return #p::Err(#h::duplicate_field(__r, __key, #content_key));
                        }
                        match __st.0 {
                            #p::Some(__vi) => {
                                let __v: Self = match (|__r: &mut #reader| -> #p::Result<Self> { #p::Ok(#value) })(__r) {
                                    #p::Ok(__v) => __v,
                                    #p::Err(__e) => return #p::Err(__e.in_field(#content_key)),
                                };
                                __st.2 = #p::Some(__v);
                            }
                            // No tag anywhere: the missing tag is reported at the end.
                            #p::None => __r.skip_value()?,
                        }
                    }
                    _ => return #p::Ok(false),
                }
                #p::Ok(true)
            };
            let prepare = quote! {
                if let #p::Some(__tag) = #scan {
                    #by_name
                    __st.0 = #p::Some(__vi);
                }
                #p::Ok(())
            };
            (decode_field, prepare)
        }
    }
}
