//! Stub impls emitted beside `compile_error!`, so a mistake in an attribute is reported
//! once instead of as a cascade of "the trait `Encode` is not implemented" errors.

use proc_macro2::TokenStream;
use quote::quote;

pub fn stub(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let krate: syn::Path = syn::parse_quote!(::codec);
    let p = quote!(#krate::__private);
    let mut de_generics = input.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('__de));
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let (de_impl_g, _, _) = de_generics.split_for_impl();
    quote! {
        const _: () = {
            impl #impl_g #krate::Encode for #ident #ty_g #where_c {
                fn encode_json(&self, _: &mut #p::JsonWriter) -> #p::Result<()> {
                    ::core::unimplemented!()
                }
            }
            impl #de_impl_g #krate::Decode<'__de> for #ident #ty_g #where_c {
                fn decode_json(_: &mut #p::JsonReader<'__de>) -> #p::Result<Self> {
                    ::core::unimplemented!()
                }
            }
        };
    }
}
