//! Decoding of struct-like content: named fields (structs and struct variants) as one
//! typed slot per field, and positional fields (tuple structs and tuple variants).

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use super::keys::key_match;
use crate::ast::{Container, Field};
use crate::attr::DefaultKind;

/// The named fields of one struct or struct variant, with a slot index for each field
/// that is decoded (flattened fields hold their type's own state in their slot).
pub struct FieldSet<'c, 'a> {
    c: &'c Container<'a>,
    fields: &'c [Field<'a>],
    /// Whether the container's `default` fills missing fields (structs only).
    container_default: bool,
}

fn slot(i: usize) -> syn::Index {
    syn::Index { index: i as u32, span: Span::call_site() }
}

impl<'c, 'a> FieldSet<'c, 'a> {
    pub fn new(c: &'c Container<'a>, fields: &'c [Field<'a>], container_default: bool) -> Self {
        FieldSet { c, fields, container_default }
    }

    fn p(&self) -> TokenStream {
        let krate = &self.c.krate;
        quote!(#krate::__private)
    }

    fn decoded(&self) -> impl Iterator<Item = (usize, &'c Field<'a>)> {
        self.fields.iter().filter(|f| f.decodes()).enumerate()
    }

    /// Statements appending the keys this set declares (flattened members' included) to
    /// `__out: &mut Vec<&'static str>`: what "expected one of" lists.
    pub fn field_names(&self) -> TokenStream {
        let p = self.p();
        let names = self.decoded().filter(|(_, f)| !f.is_flatten()).map(|(_, f)| f.name.as_str());
        let flattened = self.decoded().filter(|(_, f)| f.is_flatten()).map(|(_, f)| {
            let ty = f.ty;
            quote!(<#ty as #p::DecodeFields<'de>>::field_names(__out);)
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
        quote!(|__out: &mut #p::Vec<&'static str>| { #names })
    }

    /// The type of the state tuple.
    pub fn state_ty(&self) -> TokenStream {
        let p = self.p();
        let slots = self.decoded().map(|(_, f)| {
            let ty = f.ty;
            if f.is_flatten() {
                quote!(<#ty as #p::DecodeFields<'de>>::State)
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
            let ty = f.ty;
            if f.is_flatten() {
                let span = f.span();
                quote_spanned!(span=> <#ty as #p::DecodeFields<'de>>::new_state())
            } else {
                quote!(#p::None)
            }
        });
        quote!((#(#slots,)*))
    }

    /// The call that decodes one value of `f` from `__r`.
    pub fn value_call(c: &Container, f: &Field) -> TokenStream {
        let krate = &c.krate;
        let ty = f.ty;
        let span = f.span();
        match &f.attrs.with {
            Some(m) => quote_spanned!(span=> #m::decode_json(__r)),
            None => quote_spanned!(span=> <#ty as #krate::Decode<'de>>::decode_json(__r)),
        }
    }

    /// An expression of type `bool`: whether `__key` was claimed (its value then decoded
    /// into `__st`). Errors return from the enclosing function.
    pub fn dispatch(&self) -> TokenStream {
        let p = self.p();
        let own: Vec<_> = self.decoded().filter(|(_, f)| !f.is_flatten()).collect();
        // Flattened members in declaration order, but catch-alls (maps) after all others
        // (`CATCH_ALL` is a constant, so each test folds away).
        let offer = |catch_all: bool| -> Vec<TokenStream> {
            self.decoded()
                .filter(|(_, f)| f.is_flatten())
                .map(|(i, f)| {
                    let ty = f.ty;
                    let s = slot(i);
                    quote! {
                        if <#ty as #p::DecodeFields<'de>>::CATCH_ALL == #catch_all
                            && <#ty as #p::DecodeFields<'de>>::decode_field(&mut __st.#s, __key, __r)? { true } else
                    }
                })
                .collect()
        };
        let (specific, catch_all) = (offer(false), offer(true));
        let rest = quote!({ #(#specific)* #(#catch_all)* { false } });
        if own.is_empty() {
            return rest;
        }
        let index_arms = own.iter().map(|(i, f)| {
            let idx = *i as u32;
            (f.keys().collect::<Vec<_>>(), quote!(#idx))
        });
        let index = key_match(quote!(__r.key_bytes(__key)?), index_arms, quote!(u32::MAX));
        let decode_arms = own.iter().map(|(i, f)| {
            let idx = *i as u32;
            let s = slot(*i);
            let name = &f.name;
            let call = Self::value_call(self.c, f);
            quote! {
                #idx => {
                    if __st.#s.is_none() || #p::on_duplicate(__r, __key, #name)? {
                        __st.#s = #p::Some(match #call {
                            #p::Ok(__v) => __v,
                            #p::Err(__e) => return #p::Err(__e.in_field(#name)),
                        });
                    }
                    true
                }
            }
        });
        quote! {{
            let __idx: u32 = #index;
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
                DefaultKind::Trait => quote_spanned!(span=> #p::Default::default()),
                DefaultKind::Path(path) => quote_spanned!(span=> #path()),
            }),
            None if self.container_default => Some(match &self.c.attrs.default.as_ref().map(|d| &d.value) {
                Some(DefaultKind::Path(path)) => quote!({ let __d: Self = #path(); __d.#m }),
                _ => quote!({ let __d: Self = #p::Default::default(); __d.#m }),
            }),
            None => None,
        }
    }

    /// `ctor { field: value, ... }` from a full state `__st`, with `return Err(...)` for
    /// missing required fields.
    pub fn finish(&self, ctor: TokenStream) -> TokenStream {
        let p = self.p();
        let krate = &self.c.krate;
        let mut slot_of = self.decoded().map(|(i, f)| (&f.member, i)).collect::<Vec<_>>().into_iter();
        let inits = self.fields.iter().map(|f| {
            let m = &f.member;
            let span = f.span();
            if !f.decodes() {
                let v = self.default_value(f).unwrap_or_else(|| quote_spanned!(span=> #p::Default::default()));
                return quote!(#m: #v);
            }
            let i = slot_of.next().map(|(_, i)| i).unwrap_or(0);
            let s = slot(i);
            let ty = f.ty;
            if f.is_flatten() {
                return quote_spanned!(span=> #m: <#ty as #p::DecodeFields<'de>>::finish(__st.#s, __r)?);
            }
            let name = &f.name;
            let missing = match self.default_value(f) {
                Some(v) => v,
                None if f.attrs.with.is_some() => quote!(return #p::Err(#p::missing_field(__r, #name))),
                None => quote_spanned! {span=>
                    match <#ty as #krate::Decode<'de>>::absent() {
                        #p::Some(__v) => __v,
                        #p::None => return #p::Err(#p::missing_field(__r, #name)),
                    }
                },
            };
            quote! {
                #m: match __st.#s {
                    #p::Some(__v) => __v,
                    #p::None => #missing,
                }
            }
        });
        quote!(#ctor { #(#inits),* })
    }

    /// Decodes a whole object into `ctor { ... }`: the loop generated inline (enum variants;
    /// structs go through `DecodeFields` and `__private::decode_struct` instead).
    pub fn object(&self, ctor: TokenStream, deny_unknown: bool) -> TokenStream {
        let p = self.p();
        let state_ty = self.state_ty();
        let init = self.state_init();
        let dispatch = self.dispatch();
        let expected = self.expected();
        let finish = self.finish(ctor);
        quote! {{
            __r.begin_object()?;
            let mut __st: #state_ty = #init;
            let mut __more = __r.object_first()?;
            while __more {
                let __key = __r.read_key()?;
                if !#dispatch {
                    #p::unknown_field(__r, __key, #deny_unknown, #expected)?;
                }
                __more = __r.object_next()?;
            }
            #finish
        }}
    }
}

/// The value of a field that is not decoded: its `default = "path"`, else `Default`.
pub fn skipped_value(c: &Container, f: &Field) -> TokenStream {
    let krate = &c.krate;
    let span = f.span();
    match &f.attrs.default {
        Some(crate::attr::Spanned { value: DefaultKind::Path(path), .. }) => quote_spanned!(span=> #path()),
        _ => quote_spanned!(span=> #krate::__private::Default::default()),
    }
}

/// `[a, b, ...]` into `ctor(a, b, ...)`; skipped elements take their default.
pub fn tuple(c: &Container, fields: &[Field], ctor: TokenStream) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(#krate::__private);
    let len = fields.iter().filter(|f| f.decodes()).count();
    let mut reads = TokenStream::new();
    let mut values = Vec::new();
    let mut index = 0usize;
    for (i, f) in fields.iter().enumerate() {
        let local = syn::Ident::new(&format!("__e{i}"), Span::call_site());
        if f.decodes() {
            let call = FieldSet::value_call(c, f);
            reads.extend(quote! {
                #p::tuple_next(__r, #index, #len)?;
                let #local = match #call {
                    #p::Ok(__v) => __v,
                    #p::Err(__e) => return #p::Err(__e.in_index(#index)),
                };
            });
            index += 1;
            values.push(quote!(#local));
        } else {
            values.push(skipped_value(c, f));
        }
    }
    let end = if len == 0 { quote!(#p::empty_array(__r)?;) } else { quote!(#p::tuple_end(__r, #len)?;) };
    let open = if len == 0 { TokenStream::new() } else { quote!(__r.begin_array()?;) };
    quote! {{
        #open
        #reads
        #end
        #ctor(#(#values),*)
    }}
}
