//! Stub impls emitted beside `compile_error!`, so a mistake in an attribute is reported
//! once instead of as a cascade of "the trait `Encode` is not implemented" errors: in the
//! type's own uses, and in other types that contain, flatten or key maps by it.
//!
//! The stubs have no bounds of their own (only the type's declared ones), so they never
//! add an error, whatever the generics.

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr;
use crate::ctxt::Ctxt;

pub fn stub(input: &syn::DeriveInput) -> TokenStream {
    // Errors in the attributes were reported already; only `crate` and the shape matter.
    let attrs = attr::Container::parse(&Ctxt::default(), &input.attrs);
    let krate = attrs.crate_path.unwrap_or_else(|| syn::parse_quote!(::codec));
    let p = quote!(#krate::__private);
    let ident = &input.ident;
    let mut de_generics = input.generics.clone();
    if !crate::bound::has_de_lifetime(&de_generics) {
        de_generics.params.insert(0, syn::parse_quote!('de));
    }
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let (de_impl_g, _, _) = de_generics.split_for_impl();

    // The key impls' stubs, with the composite keys' `AS_PAIRS`.
    let key_stubs = |pairs: bool| {
        let pairs = pairs.then(|| {
            quote!(
                const AS_PAIRS: ::core::primitive::bool = true;
            )
        });
        quote! {
            #[automatically_derived]
            impl #impl_g #krate::EncodeKey for #ident #ty_g #where_c {
                #pairs
                fn encode_key<__W: #p::Writer>(&self, _: &mut __W) -> #p::Result<()> {
                    ::core::unimplemented!()
                }
            }
            #[automatically_derived]
            impl #de_impl_g #krate::DecodeKey<'de> for #ident #ty_g #where_c {
                #pairs
                fn decode_key<__R: #p::Reader<'de>>(
                    _: <__R as #p::Reader<'de>>::Key,
                    _: &mut __R,
                ) -> #p::Result<Self> {
                    ::core::unimplemented!()
                }
            }
        }
    };

    let mut out = quote! {
        #[automatically_derived]
        impl #impl_g #krate::Encode for #ident #ty_g #where_c {
            fn encode<__W: #p::Writer>(&self, _: &mut __W) -> #p::Result<()> {
                ::core::unimplemented!()
            }
        }
        #[automatically_derived]
        impl #de_impl_g #krate::Decode<'de> for #ident #ty_g #where_c {
            fn decode<__R: #p::Reader<'de>>(_: &mut __R) -> #p::Result<Self> {
                ::core::unimplemented!()
            }
        }
    };
    // Every type the derive gives `EncodeFields`/`DecodeFields` (what `flatten` goes
    // through) gets them here too.
    let flattenable = match &input.data {
        syn::Data::Struct(s) => {
            matches!(s.fields, syn::Fields::Unit)
                || (matches!(s.fields, syn::Fields::Named(_)) && attrs.transparent.is_none())
        }
        // (as `decode::flattenable` decides, on the attributes alone)
        syn::Data::Enum(e) => {
            let unit_only = e.variants.iter().all(|v| matches!(v.fields, syn::Fields::Unit));
            let external = attrs.tag.is_none() && attrs.untagged.is_none();
            let unit_only_external = unit_only && external;
            !e.variants.is_empty() && !unit_only_external
        }
        syn::Data::Union(_) => false,
    };
    if flattenable {
        out.extend(quote! {
            #[automatically_derived]
            impl #impl_g #p::EncodeFields for #ident #ty_g #where_c {
                fn encode_fields<__W: #p::Writer>(&self, _: &mut __W, _: &mut ::core::primitive::usize) -> #p::Result<()> {
                    ::core::unimplemented!()
                }
            }
            #[automatically_derived]
            impl #de_impl_g #p::DecodeFields<'de> for #ident #ty_g #where_c {
                type State = ();
                fn new_state() -> Self::State {}
                fn decode_field<__R: #p::Reader<'de>>(
                    _: &mut Self::State,
                    _: <__R as #p::Reader<'de>>::Key,
                    _: &mut __R,
                ) -> #p::Result<::core::primitive::bool> {
                    ::core::unimplemented!()
                }
                fn finish(_: Self::State, _: ::core::primitive::usize) -> #p::Result<Self> {
                    ::core::unimplemented!()
                }
            }
        });
    }
    match &input.data {
        syn::Data::Enum(e)
            if !e.variants.is_empty()
                && attrs.untagged.is_none()
                && e.variants.iter().all(|v| matches!(v.fields, syn::Fields::Unit)) =>
        {
            out.extend(key_stubs(false));
        }
        _ => {}
    }
    // ---- maps with composite keys ---- (the shapes of `Container::is_composite_key`)
    let composite = attrs.no_key_impls.is_none()
        && match &input.data {
            syn::Data::Struct(s) => {
                attrs.transparent.is_none()
                    && match &s.fields {
                        syn::Fields::Named(_) => true,
                        syn::Fields::Unnamed(f) => f.unnamed.len() > 1,
                        syn::Fields::Unit => false,
                    }
            }
            syn::Data::Enum(e) => {
                !e.variants.is_empty()
                    && (attrs.untagged.is_some() || e.variants.iter().any(|v| !matches!(v.fields, syn::Fields::Unit)))
            }
            syn::Data::Union(_) => false,
        };
    // A newtype or transparent struct is the key its field is (`Container::key_field`).
    let through_field = attrs.no_key_impls.is_none()
        && matches!(&input.data, syn::Data::Struct(s)
            if attrs.transparent.is_some() || matches!(&s.fields, syn::Fields::Unnamed(f) if f.unnamed.len() == 1));
    if through_field {
        out.extend(key_stubs(false));
    }
    if composite {
        out.extend(key_stubs(true));
    }
    quote! {
        const _: () = {
            #out
        };
    }
}
