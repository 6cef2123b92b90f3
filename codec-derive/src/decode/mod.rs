//! Codegen of `Decode` (and `DecodeFields`, `DecodeKey`) from the IR.

mod enum_;
mod keys;
mod struct_;

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Data, Style};
use crate::bound;
use struct_::FieldSet;

pub fn expand(c: &Container) -> TokenStream {
    let krate = &c.krate;
    let p = quote!(#krate::__private);
    let ident = c.ident;
    let generics = bound::decode_generics(c);
    let (impl_g, ty_g, where_c) = bound::split(&generics, c);
    let deny = c.attrs.deny_unknown_fields.is_some();

    let mut out = TokenStream::new();
    let body = match &c.data {
        Data::Struct(style, fields) => {
            let transparent = c.attrs.transparent.is_some() || *style == Style::Newtype;
            match style {
                _ if transparent => {
                    let inits = fields.iter().map(|f| {
                        let m = &f.member;
                        if f.decodes() {
                            let call = FieldSet::value_call(c, f);
                            quote!(#m: #call?)
                        } else {
                            let v = struct_::skipped_value(c, f);
                            quote!(#m: #v)
                        }
                    });
                    quote!(#p::Ok(Self { #(#inits),* }))
                }
                Style::Struct => {
                    let set = FieldSet::new(c, fields, c.attrs.default.is_some());
                    let state_ty = set.state_ty();
                    let init = set.state_init();
                    let dispatch = set.dispatch();
                    let finish = set.finish(quote!(Self));
                    let field_names = set.field_names();
                    out.extend(quote! {
                        #[automatically_derived]
                        #[allow(unused_mut, unused_variables, clippy::all)]
                        impl #impl_g #p::DecodeFields<'de> for #ident #ty_g #where_c {
                            type State = #state_ty;
                            #[inline]
                            fn new_state() -> Self::State {
                                #init
                            }
                            #[inline]
                            fn decode_field(
                                __st: &mut Self::State,
                                __key: #p::Key<'de>,
                                __r: &mut #p::JsonReader<'de>,
                            ) -> #p::Result<bool> {
                                #p::Ok(#dispatch)
                            }
                            #[inline]
                            fn finish(__st: Self::State, __r: &#p::JsonReader<'de>) -> #p::Result<Self> {
                                #p::Ok(#finish)
                            }
                            fn field_names(__out: &mut #p::Vec<&'static str>) {
                                #field_names
                            }
                        }
                    });
                    quote!(#p::decode_struct::<Self>(__r, #deny))
                }
                Style::Tuple | Style::Newtype => {
                    let t = struct_::tuple(c, fields, quote!(Self));
                    quote!(#p::Ok(#t))
                }
                Style::Unit => quote!(__r.read_null()?; #p::Ok(Self)),
            }
        }
        Data::Enum(variants) => enum_::decode(c, variants),
    };

    out.extend(quote! {
        #[automatically_derived]
        #[allow(unused_mut, unused_variables, unreachable_code, clippy::all)]
        impl #impl_g #krate::Decode<'de> for #ident #ty_g #where_c {
            #[inline]
            fn decode_json(__r: &mut #p::JsonReader<'de>) -> #p::Result<Self> {
                #body
            }
        }
    });

    if let Some(key) = enum_::decode_key(c) {
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #krate::DecodeKey<'de> for #ident #ty_g #where_c {
                #[inline]
                fn decode_json_key(__key: #p::Key<'de>, __r: &mut #p::JsonReader<'de>) -> #p::Result<Self> {
                    #key
                }
            }
        });
    }
    out
}
