//! Decoding of struct-like content: named fields (structs and struct variants) as one
//! typed slot per field, and positional fields (tuple structs and tuple variants).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::keys::key_match;
use super::ReaderNames;
use crate::ast::{Container, Field};
use crate::attr::DefaultKind;
use crate::encoded::encoded;
use crate::tokens::{self, respan};

/// The named fields of one struct or struct variant, with a slot index for each field
/// that is decoded (flattened fields hold their type's own state in their slot).
pub struct FieldSet<'c, 'a> {
    c: &'c Container<'a>,
    fields: &'c [Field<'a>],
    /// Whether the container's `default` fills missing fields (structs only).
    container_default: bool,
}

/// `<T as __p::DecodeFields<'de>>::item` for a flattened field (or a tagged newtype's
/// content) of type `T`, over the field's type (`<` at its first token, `item` at its
/// last, see `tokens::respan_over`): a type that is not struct-like gets its error there,
/// once, whichever item is named.
pub fn fields_of(f: &Field, item: &str) -> TokenStream {
    let (ty, span, de) = (f.ty, f.ty_span(), tokens::de());
    let item = syn::Ident::new(item, f.ty_end_span());
    quote_spanned!(span=> <#ty as __p::DecodeFields<#de>>::#item)
}

/// `.0`, `.1`, ...: a field's slot in the state tuple.
fn slot(i: usize) -> syn::Index {
    syn::Index { index: i as u32, span: Span::call_site() }
}

impl<'c, 'a> FieldSet<'c, 'a> {
    pub fn new(c: &'c Container<'a>, fields: &'c [Field<'a>], container_default: bool) -> Self {
        FieldSet { c, fields, container_default }
    }

    fn p(&self) -> TokenStream {
        quote!(__p)
    }

    fn decoded(&self) -> impl Iterator<Item = (usize, &'c Field<'a>)> {
        self.fields.iter().filter(|f| f.decodes()).enumerate()
    }

    /// Statements appending the keys this set declares (flattened members' included) to
    /// `__out: &mut Vec<&'static str>`: what "expected one of" lists.
    pub fn field_names(&self) -> TokenStream {
        let names = self.decoded().filter(|(_, f)| !f.is_flatten()).map(|(_, f)| f.name.as_str());
        let flattened = self.decoded().filter(|(_, f)| f.is_flatten()).map(|(_, f)| {
            let names = fields_of(f, "field_names");
            quote!(#names(__out);)
        });
        quote! {
            __out.extend_from_slice(&[#(#names),*]);
            #(#flattened)*
        }
    }

    /// The `expected` argument of `__private::unknown_field`: a closure that only runs on
    /// the error path.
    pub fn expected(&self) -> TokenStream {
        let p = self.p();
        let names = self.field_names();
        quote!(|__out: &mut #p::Vec<&'static ::core::primitive::str>| { #names })
    }

    /// Whether any member is flattened (only then is there anything to prepare).
    pub fn has_flatten(&self) -> bool {
        self.decoded().any(|(_, f)| f.is_flatten())
    }

    /// `DecodeFields::PREPARE` of this set: whether a flattened member must look ahead
    /// over the object before its keys come (a constant expression).
    pub fn prepare_const(&self) -> TokenStream {
        let each = self.decoded().filter(|(_, f)| f.is_flatten()).map(|(_, f)| {
            let needed = fields_of(f, "PREPARE");
            quote!(|| #needed)
        });
        quote!(false #(#each)*)
    }

    /// Statements running each flattened member's look-ahead over the object before its
    /// first member: `left` is a reference to the member loop's `Reader::Members`
    /// (`Reader::begin_members`), or empty under the object protocol
    /// (`Reader::begin_object`, an internally tagged variant's content: from
    /// `Reader::members_left`, the entries the reader counts). Nothing when no member is flattened. Each is behind its `PREPARE`
    /// constant.
    pub fn prepare_stmts(&self, left: &TokenStream) -> TokenStream {
        let calls = self.decoded().filter(|(_, f)| f.is_flatten()).map(|(i, f)| {
            let needed = fields_of(f, "PREPARE");
            let s = slot(i);
            let prepare = fields_of(f, "prepare");
            let call = if left.is_empty() {
                let p = self.p();
                quote!({
                    let __left = #p::Reader::members_left(&*__r);
                    #prepare(&mut __st.#s, __r, &__left)?;
                })
            } else {
                quote!(#prepare(&mut __st.#s, __r, #left)?;)
            };
            quote! {
                if #needed {
                    #call
                }
            }
        });
        quote!(#(#calls)*)
    }

    /// The type of the state tuple.
    pub fn state_ty(&self) -> TokenStream {
        let p = self.p();
        let slots = self.decoded().map(|(_, f)| {
            let ty = f.ty;
            if f.is_flatten() {
                fields_of(f, "State")
            } else {
                quote!(#p::Option<#ty>)
            }
        });
        quote!((#(#slots,)*))
    }

    /// All slots empty.
    pub fn state_init(&self) -> TokenStream {
        let p = self.p();
        let slots = self.decoded().map(|(_, f)| {
            if f.is_flatten() {
                // The call's parentheses at the type's end too: the local holding the
                // state is checked over the whole expression.
                tokens::call(fields_of(f, "new_state"), TokenStream::new(), f.ty_end_span())
            } else {
                quote!(#p::None)
            }
        });
        quote!((#(#slots,)*))
    }

    /// The function that decodes one value of `f` from a reader: `Decode`'s, the `with`
    /// module's, or `DecodeBytes`'s.
    pub fn value_fn(c: &Container, f: &Field, rn: &ReaderNames) -> TokenStream {
        let krate = &c.krate;
        let ty = f.ty;
        let span = f.span();
        // The method names on the field too: a `with` module lacking one is reported there.
        let decode_fn = syn::Ident::new(&rn.decode_fn.to_string(), span);
        let de = tokens::de();
        match (&f.attrs.with, f.attrs.bytes) {
            // ---- maps with composite keys ---- (the type named, as for `bytes`)
            _ if f.attrs.map_as_pairs.is_some() => {
                quote_spanned!(span=> <#ty as #krate::with::map_pairs::DecodePairs<#de>>::decode_pairs)
            }
            // The module's generic `decode` (its name on the `with` string: a module lacking
            // it is reported there), in a closure typed with the field's type, so that its
            // result meets the field as at a plain call.
            (Some(m), _) => {
                let p = quote!(__p);
                let decode = syn::Ident::new("decode", syn::spanned::Spanned::span(m));
                quote!((|__r: &mut __R| -> #p::Result<#ty> { #m::#decode(__r) }))
            }
            // Generic over the reader, which the argument names.
            (None, Some(_)) => quote_spanned!(span=> <#ty as #krate::DecodeBytes<#de>>::decode_bytes),
            (None, None) => quote_spanned!(span=> <#ty as #krate::Decode<#de>>::#decode_fn),
        }
    }

    /// `value_fn` for `f`, and the format's helper path respanned to `f`'s type: calls
    /// naming the type then report a trait-bound error on the field, once, where rustc
    /// merges it with the others. (Paths only: the arguments keep the derive's span.)
    fn spanned_callee(&self, f: &Field, rn: &ReaderNames) -> (TokenStream, TokenStream, Span, Span) {
        let span = f.ty_span();
        (respan(&rn.h, span), Self::value_fn(self.c, f, rn), span, f.ty_end_span())
    }

    /// The in-order step of `f`, a statement: when the key at the reader is `name` (the
    /// name pre-encoded in every format, `Encoded`), decode the value into its slot, and
    /// leave the members block when that was the object's or map's last member
    /// (`next_member` is JSON's `object_next` and MessagePack's count, inline). Steps run
    /// once each on a fresh state, so no duplicate check.
    fn ordered_step(&self, i: usize, f: &Field, rn: &ReaderNames, name: TokenStream) -> TokenStream {
        let s = slot(i);
        let field = &f.name;
        let (h, callee, span, end) = self.spanned_callee(f, rn);
        let step = tokens::call(
            tokens::respan_over(&quote!(#h::step), span, end),
            quote!(&mut __st.#s, __r, #field, #callee),
            end,
        );
        quote! {
            if __r.member_if(#name)? {
                #step?;
                if !__r.next_member(&mut __m)? {
                    break '__members;
                }
            }
        }
    }

    /// The call that decodes one value of `f` from `__r`.
    pub fn value_call(c: &Container, f: &Field, rn: &ReaderNames) -> TokenStream {
        let callee = Self::value_fn(c, f, rn);
        quote!(#callee(__r))
    }

    /// An expression of type `bool`: whether `__key` was claimed (its value then decoded
    /// into `__st`). Errors return from the enclosing function.
    pub fn dispatch(&self, rn: &ReaderNames) -> TokenStream {
        let field_fn = &rn.field_fn;
        let own: Vec<_> = self.decoded().filter(|(_, f)| !f.is_flatten()).collect();
        // Flattened members in declaration order, but catch-alls (maps) after all others
        // (`CATCH_ALL` is a constant, so each test folds away).
        let offer = |catch_all: bool| -> Vec<TokenStream> {
            self.decoded()
                .filter(|(_, f)| f.is_flatten())
                .map(|(i, f)| {
                    let catch = fields_of(f, "CATCH_ALL");
                    let decode_field = fields_of(f, &field_fn.to_string());
                    let s = slot(i);
                    quote! {
                        if #catch == #catch_all
                            && #decode_field(&mut __st.#s, __key, __r)? { true } else
                    }
                })
                .collect()
        };
        let specific = offer(false);
        let flattened = self.decoded().filter(|(_, f)| f.is_flatten()).count();
        let rest = if self.c.attrs.deny_unknown_fields.is_some() {
            // serde's rule: under `deny_unknown_fields` a key that only a catch-all would
            // take is unknown (serde leaves a map's keys among the leftovers it rejects).
            quote!({ #(#specific)* { false } })
        } else if flattened < 2 {
            let catch_all = offer(true);
            quote!({ #(#specific)* #(#catch_all)* { false } })
        } else {
            // serde's rule: a key no other member takes goes to every catch-all, each
            // reading the value from the same place.
            let checkpoint_ty = &rn.checkpoint_ty;
            let each = self.decoded().filter(|(_, f)| f.is_flatten()).map(|(i, f)| {
                let catch_all = fields_of(f, "CATCH_ALL");
                let decode_field = fields_of(f, &field_fn.to_string());
                let s = slot(i);
                quote! {
                    if #catch_all {
                        if __after.is_some() {
                            __r.restore(__at);
                        }
                        if #decode_field(&mut __st.#s, __key, __r)? {
                            __after = __p::Some(__r.checkpoint());
                        } else if let __p::Some(__end) = __after {
                            __r.restore(__end);
                        }
                    }
                }
            });
            quote!({
                #(#specific)* {
                    let __at = __r.checkpoint();
                    let mut __after: __p::Option<#checkpoint_ty> = __p::None;
                    #(#each)*
                    __after.is_some()
                }
            })
        };
        if own.is_empty() {
            return rest;
        }
        let index_arms = own.iter().map(|(i, f)| {
            let idx = *i as u32;
            (f.keys().collect::<Vec<_>>(), quote!(#idx))
        });
        // The arms' literals are suffixed (`0u32`), and so is this "no field" one, so that
        // `__idx` needs no type named (see `tokens` on naming primitives).
        let none = u32::MAX;
        let index = key_match(quote!(__r.key_bytes(__key)?), index_arms, quote!(#none));
        let decode_arms = own.iter().map(|(i, f)| {
            let idx = *i as u32;
            let s = slot(*i);
            let name = &f.name;
            let (h, callee, span, end) = self.spanned_callee(f, rn);
            let put = tokens::call(
                tokens::respan_over(&quote!(#h::put), span, end),
                quote!(&mut __st.#s, __r, __key, #name, #callee),
                end,
            );
            quote!(#idx => #put?,)
        });
        quote! {{
            let __idx = #index;
            match __idx {
                #(#decode_arms)*
                _ => #rest,
            }
        }}
    }

    fn default_value(&self, f: &Field) -> Option<TokenStream> {
        let p = self.p();
        let span = f.span();
        let m = &f.member;
        match &f.attrs.default {
            Some(d) => Some(match &d.value {
                DefaultKind::Trait => tokens::default_call(f.ty_span(), f.ty_end_span()),
                DefaultKind::Path(path) => quote_spanned!(span=> #path()),
            }),
            None if self.container_default => Some(match &self.c.attrs.default.as_ref().map(|d| &d.value) {
                Some(DefaultKind::Path(path)) => quote!({ let __d: Self = #path(); __d.#m }),
                _ => quote!({ let __d: Self = #p::Default::default(); __d.#m }),
            }),
            None => None,
        }
    }

    /// The value of `f` when it is absent: its default, `absent()`, or `return Err(...)`;
    /// `end` is the expression of the position for the error.
    pub fn missing(&self, f: &Field, end: &TokenStream) -> TokenStream {
        let p = self.p();
        let krate = &self.c.krate;
        let span = f.span();
        let ty = f.ty;
        let name = &f.name;
        let de = tokens::de();
        let absent = match self.default_value(f) {
            Some(v) => return v,
            None if f.attrs.with.is_some() => return quote!(return #p::Err(#p::missing_field_at(#end, #name))),
            None if f.attrs.bytes.is_some() => {
                quote_spanned!(span=> <#ty as #krate::DecodeBytes<#de>>::absent_bytes)
            }
            None => quote_spanned!(span=> <#ty as #krate::Decode<#de>>::absent),
        };
        quote! {
            match #absent() {
                #p::Some(__v) => __v,
                #p::None => return #p::Err(#p::missing_field_at(#end, #name)),
            }
        }
    }

    /// `ctor { field: value, ... }` from a full state `__st`, with `return Err(...)` for
    /// missing required fields; `end` is the expression of the position for errors.
    pub fn finish(&self, ctor: TokenStream, end: TokenStream) -> TokenStream {
        let p = self.p();
        let krate = &self.c.krate;
        let mut slot_of = self.decoded().map(|(i, f)| (&f.member, i)).collect::<Vec<_>>().into_iter();
        let inits = self.fields.iter().map(|f| {
            let m = &f.member;
            let span = f.span();
            if !f.decodes() {
                let v = self.default_value(f).unwrap_or_else(|| tokens::default_call(f.ty_span(), f.ty_end_span()));
                return quote!(#m: #v);
            }
            let i = slot_of.next().map(|(_, i)| i).unwrap_or(0);
            let s = slot(i);
            let ty = f.ty;
            let de = tokens::de();
            if f.is_flatten() {
                let finish = fields_of(f, "finish");
                return quote!(#m: #finish(__st.#s, #end)?);
            }
            let name = &f.name;
            // The common cases through one generic call each (`__private::required`,
            // ...), which keeps the generated code short; defaults inline.
            match (self.default_value(f), &f.attrs.with, f.attrs.bytes) {
                (Some(v), _, _) => quote! {
                    #m: match __st.#s {
                        #p::Some(__v) => __v,
                        #p::None => #v,
                    }
                },
                (None, Some(_), _) => quote!(#m: #p::present(__st.#s, #end, #name)?),
                (None, None, Some(_)) => {
                    let absent = quote_spanned!(span=> <#ty as #krate::DecodeBytes<#de>>::absent_bytes);
                    quote!(#m: #p::required(__st.#s, #end, #name, #absent)?)
                }
                (None, None, None) => {
                    let absent = quote_spanned!(span=> <#ty as #krate::Decode<#de>>::absent);
                    quote!(#m: #p::required(__st.#s, #end, #name, #absent)?)
                }
            }
        });
        quote!(#ctor { #(#inits),* })
    }

    /// Decodes a whole object into `ctor { ... }`, the loop generated inline (struct
    /// variants, which have no `DecodeFields` of their own): the reader's member loop,
    /// each key offered to the dispatch.
    pub fn object(&self, ctor: TokenStream, deny_unknown: bool, rn: &ReaderNames) -> TokenStream {
        let p = self.p();
        let (state_ty, init) = (self.state_ty(), self.state_init());
        let (dispatch, expected) = (self.dispatch(rn), self.expected());
        let finish = self.finish(ctor, quote!(__r.position()));
        let prepare = self.prepare_stmts(&quote!(&__m));
        quote! {{
            let mut __m = __r.begin_members()?;
            let mut __st: #state_ty = #init;
            #prepare
            if __r.first_member(&mut __m)? {
                __r.other_members(
                    &mut __m,
                    |__r: &mut __R, __key: <__R as #p::Reader<'de>>::Key| -> #p::Result<::core::primitive::bool> {
                        #p::Ok(#dispatch)
                    },
                    #deny_unknown,
                    #expected,
                )?;
            }
            __r.end_members(__m);
            #finish
        }}
    }

    /// The body of a struct's `decode`: members in declaration order first, then
    /// anything else, over any reader, the member loop's bookkeeping left to it
    /// (`Reader::Members`: nothing in JSON, a count in MessagePack).
    ///
    /// Producers nearly always write fields in declaration order, so the first part is
    /// straight-line code: one step per field, in order, each comparing the input at the
    /// reader's position with that field's name as the format writes it (pre-encoded in
    /// both, `Encoded`) and, when it matches, decoding the value into the slot. No key is
    /// read or sliced on this path, and every branch is direct and, object after object,
    /// taken the same way, where a `match` on the key compiles to a jump table whose
    /// target changes with every member (measured with cachegrind's branch simulation:
    /// the jump tables of twitter.json's `User` and `Status` made four fifths of its
    /// indirect-branch misses). A missing field costs one failed comparison. The first
    /// key that is not the next expected one (out of order, unknown, aliased, escaped or
    /// repeated) goes to the reader's `other_members`, each key offered to
    /// `DecodeFields::decode_field`, the one [`dispatch`](Self::dispatch), which
    /// keeps every rule: duplicates, unknown fields, aliases. Flattened members have no
    /// name to step over: their keys go to the general loop.
    pub fn ordered_members(&self, deny_unknown: bool, rn: &ReaderNames) -> TokenStream {
        let p = self.p();
        let fields_ty = quote!(<Self as #p::DecodeFields<'de>>);
        // Flattened members have no name to step over: their keys go to the general loop.
        let steps = self.decoded().filter(|(_, f)| !f.is_flatten()).map(|(i, f)| {
            // The name as the encoder writes it (`,"name":` in JSON), so that both halves
            // share one entry of the type's table.
            let json = tokens::json_member(&f.name);
            self.ordered_step(i, f, rn, encoded(json.as_bytes(), &tokens::msgpack_str(&f.name)))
        });
        let prepare = self.prepare_stmts(&quote!(&__m));
        quote! {{
            let mut __m = __r.begin_members()?;
            let mut __st = #fields_ty::new_state();
            #prepare
            '__members: {
                if !__r.first_member(&mut __m)? {
                    break '__members;
                }
                #(#steps)*
                __r.other_members(
                    &mut __m,
                    |__r: &mut __R, __key: <__R as #p::Reader<'de>>::Key| {
                        #fields_ty::decode_field(&mut __st, __key, __r)
                    },
                    #deny_unknown,
                    #fields_ty::field_names,
                )?;
            }
            __r.end_members(__m);
            #fields_ty::finish(__st, __r.position())
        }}
    }
}

/// The value of a field that is not decoded: its `default = "path"`, else `Default`.
pub fn skipped_value(f: &Field) -> TokenStream {
    let span = f.span();
    match &f.attrs.default {
        Some(crate::attr::Spanned { value: DefaultKind::Path(path), .. }) => quote_spanned!(span=> #path()),
        _ => tokens::default_call(f.ty_span(), f.ty_end_span()),
    }
}

/// How many of a tuple's decoded elements must be present: serde's rule, the elements
/// after the last one without a `default` may be missing.
fn required_elements(fields: &[Field]) -> usize {
    let decoded: Vec<&Field> = fields.iter().filter(|f| f.decodes()).collect();
    decoded.iter().rposition(|f| f.attrs.default.is_none()).map_or(0, |i| i + 1)
}

/// `[a, b, ...]` into `ctor(a, b, ...)`; skipped elements take their default. The reader
/// checks the length: MessagePack's once, up front (`Reader::tuple_next` is empty there),
/// JSON's at each element.
pub fn tuple(c: &Container, fields: &[Field], ctor: TokenStream, rn: &ReaderNames) -> TokenStream {
    let decoded: Vec<&Field> = fields.iter().filter(|f| f.decodes()).collect();
    let min = required_elements(fields);
    if min < decoded.len() {
        return tuple_with_defaults(c, fields, ctor, rn, min);
    }
    let p = quote!(__p);
    let len = decoded.len();
    let mut reads = TokenStream::new();
    let mut values = Vec::new();
    let mut index = 0usize;
    for (i, f) in fields.iter().enumerate() {
        let local = tokens::local("__e", i);
        if f.decodes() {
            let call = FieldSet::value_call(c, f, rn);
            reads.extend(quote! {
                __r.tuple_next(#index, #len)?;
                let #local = match #call {
                    #p::Ok(__v) => __v,
                    #p::Err(__e) => return #p::Err(__e.in_index(#index)),
                };
            });
            index += 1;
            values.push(quote!(#local));
        } else {
            values.push(skipped_value(f));
        }
    }
    quote! {{
        __r.begin_tuple(#len)?;
        #reads
        __r.end_tuple(#len)?;
        #ctor(#(#values),*)
    }}
}

/// [`tuple`] for a tuple whose decoded elements from `min` on all have a `default`: an
/// array of `min` to all of them, the missing ones taking their default (serde's rule).
/// The reader keeps the count: MessagePack's, checked when the array opened, or JSON's
/// `,`/`]` (`Reader::tuple_more`).
fn tuple_with_defaults(
    c: &Container,
    fields: &[Field],
    ctor: TokenStream,
    rn: &ReaderNames,
    min: usize,
) -> TokenStream {
    let p = quote!(__p);
    let max = fields.iter().filter(|f| f.decodes()).count();
    let mut reads = TokenStream::new();
    let mut values = Vec::new();
    let mut index = 0usize;
    for (i, f) in fields.iter().enumerate() {
        let local = tokens::local("__e", i);
        if !f.decodes() {
            values.push(skipped_value(f));
            continue;
        }
        let call = FieldSet::value_call(c, f, rn);
        let read = quote! {
            match #call {
                #p::Ok(__v) => __v,
                #p::Err(__e) => return #p::Err(__e.in_index(#index)),
            }
        };
        let default = skipped_value(f);
        reads.extend(if index < min {
            quote! {
                __r.tuple_next_of(#index, #min, #max)?;
                let #local = #read;
            }
        } else {
            quote!(let #local = if __r.tuple_more(&mut __count, #index)? { #read } else { #default };)
        });
        index += 1;
        values.push(quote!(#local));
    }
    quote! {{
        let mut __count = __r.begin_tuple_of(#min, #max)?;
        #reads
        __r.end_tuple_of(__count, #min, #max)?;
        #ctor(#(#values),*)
    }}
}

/// A `msgpack(struct_as_array)` struct from an array of its fields in declaration order
/// (`skip` fields hold no position). Fields past the end of a shorter array are absent
/// (their default, or an error); elements past the last field are skipped, or an error
/// under `deny_unknown_fields`. The generic body's branch for MessagePack
/// (`Reader::begin_positional`).
pub fn positional(c: &Container, fields: &[Field], rn: &ReaderNames) -> TokenStream {
    let p = quote!(__p);
    let set = FieldSet::new(c, fields, c.attrs.default.is_some());
    let deny = c.attrs.deny_unknown_fields.is_some();
    let mut reads = TokenStream::new();
    let mut inits = Vec::new();
    let mut index = 0usize;
    for (i, f) in fields.iter().enumerate() {
        let m = &f.member;
        if !f.decodes() {
            let v = skipped_value(f);
            inits.push(quote!(#m: #v));
            continue;
        }
        let local = tokens::local("__f", i);
        let call = FieldSet::value_call(c, f, rn);
        let name = &f.name;
        let missing = set.missing(f, &quote!(__r.position()));
        reads.extend(quote! {
            let #local = if __r.tuple_more(&mut __len, #index)? {
                match #call {
                    #p::Ok(__v) => __v,
                    #p::Err(__e) => return #p::Err(__e.in_field(#name)),
                }
            } else {
                #missing
            };
        });
        inits.push(quote!(#m: #local));
        index += 1;
    }
    quote! {{
        let mut __len = __r.begin_positional()?;
        #reads
        __r.end_positional(__len, #index, #deny)?;
        Self { #(#inits),* }
    }}
}
