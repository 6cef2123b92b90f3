//! The IR: what codegen reads. Built once from `syn` plus the parsed attributes, with
//! every JSON name already resolved (rename, rename_all, raw identifiers).

use quote::ToTokens;
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::attr::{self, Name, ReprKind};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;

pub struct Container<'a> {
    pub ident: &'a syn::Ident,
    pub generics: &'a syn::Generics,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    /// What generated code calls the runtime crate: `__codec`, the name that
    /// [`crate::expand`] imports it under (`codec`'s private module is `__p`).
    pub krate: syn::Path,
    /// The runtime crate's real path: `::codec` unless `crate = "..."`.
    pub krate_path: syn::Path,
}

pub enum Data<'a> {
    Struct(Style, Vec<Field<'a>>),
    Enum(Vec<Variant<'a>>),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// `{ a: A }`
    Struct,
    /// `(A, B)`
    Tuple,
    /// `(A)`: the inner value stands for the whole.
    Newtype,
    /// no fields
    Unit,
}

/// How an enum shows its variant in JSON.
pub enum Repr<'c> {
    /// `{"Variant": content}`, unit variants as `"Variant"`.
    External,
    /// `{"tag": "Variant", ...fields}`.
    Internal { tag: &'c str },
    /// `{"tag": "Variant", "content": content}`.
    Adjacent { tag: &'c str, content: &'c str },
    /// content only, matched by shape.
    Untagged,
}

pub struct Variant<'a> {
    pub ident: &'a syn::Ident,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    /// The name as text ([`Name::text`]): the JSON object key of the external
    /// representation, the path segment and what messages list.
    pub name: String,
    /// The name as written where a value names the variant: a string, or an integer or
    /// bool (`rename = 2`, or the discriminant under `repr = "int"`).
    pub tag: Name,
    pub original: &'a syn::Variant,
}

pub struct Field<'a> {
    pub member: syn::Member,
    pub ty: &'a syn::Type,
    pub attrs: attr::Field,
    /// The JSON key (for tuple fields, the position, used only in messages).
    pub name: String,
    pub original: &'a syn::Field,
}

impl<'a> Field<'a> {
    pub fn encodes(&self) -> bool {
        self.attrs.skip.is_none() && self.attrs.skip_encoding.is_none()
    }
    pub fn decodes(&self) -> bool {
        self.attrs.skip.is_none() && self.attrs.skip_decoding.is_none()
    }
    pub fn is_flatten(&self) -> bool {
        self.attrs.flatten.is_some()
    }
    /// Every key this field is decoded from: its name, then its aliases.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str()).chain(self.attrs.aliases.iter().map(|a| a.value.as_str()))
    }
    pub fn span(&self) -> proc_macro2::Span {
        self.original.span()
    }
    /// Where the field's type is written, for the paths of calls that name it. A `$t:ty`
    /// of `macro_rules!` arrives wrapped in an invisible group spanned at the `$t` in the
    /// macro's body; the type's own tokens are where the user wrote it, and where rustc
    /// reports errors on the qualified paths that name the type, so look through.
    pub fn ty_span(&self) -> proc_macro2::Span {
        let mut ty = self.ty;
        while let syn::Type::Group(g) = ty {
            ty = &g.elem;
        }
        ty.span()
    }
    /// The span of the last token of the field's type (looking through invisible groups, as
    /// [`ty_span`](Self::ty_span) does): a call whose path starts at `ty_span` and whose
    /// parentheses end here spans the whole type, which is where rustc reports a bound
    /// of the qualified path `<Type as Trait>::f` too, so that every use of the field's
    /// trait is reported at one span, and shown once.
    pub fn ty_end_span(&self) -> proc_macro2::Span {
        fn last(tokens: proc_macro2::TokenStream) -> Option<proc_macro2::Span> {
            match tokens.into_iter().last()? {
                proc_macro2::TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::None => {
                    last(g.stream()).or(Some(g.span_close()))
                }
                proc_macro2::TokenTree::Group(g) => Some(g.span_close()),
                t => Some(t.span()),
            }
        }
        last(self.ty.to_token_stream()).unwrap_or_else(|| self.ty_span())
    }
}

impl<'a> Variant<'a> {
    /// Every name this variant is decoded from: its own, then its aliases.
    pub fn tags(&self) -> impl Iterator<Item = &Name> {
        std::iter::once(&self.tag).chain(self.attrs.aliases.iter().map(|a| &a.value))
    }
}

impl<'a> Container<'a> {
    pub fn from_ast(cx: &Ctxt, input: &'a syn::DeriveInput) -> Option<Container<'a>> {
        let attrs = attr::Container::parse(cx, &input.attrs);
        let rule = attrs.rename_all.as_ref().map(|r| r.value);
        let data = match &input.data {
            syn::Data::Struct(s) => {
                let (style, mut fields) = fields_from_ast(cx, &s.fields, rule);
                if attrs.transparent.is_some() {
                    skip_phantom_data(&mut fields);
                }
                Data::Struct(style, fields)
            }
            syn::Data::Enum(e) => {
                let by_discriminant = attrs.repr.as_ref().is_some_and(|r| r.value == ReprKind::Int);
                let discriminants = if by_discriminant { discriminants(cx, e) } else { Vec::new() };
                Data::Enum(
                    e.variants
                        .iter()
                        .enumerate()
                        .map(|(i, v)| {
                            let mut vattrs = attr::Variant::parse(cx, &v.attrs);
                            let field_rule =
                                vattrs.rename_all.as_ref().or(attrs.rename_all_fields.as_ref()).map(|r| r.value);
                            let (style, fields) = fields_from_ast(cx, &v.fields, field_rule);
                            let tag = match (&vattrs.rename, discriminants.get(i)) {
                                // `check` rejects `rename` beside `repr = "int"`.
                                (_, Some(&d)) => Name::Int(d),
                                (Some(r), None) => r.value.clone(),
                                (None, None) => Name::Str(json_name(&v.ident, rule, true)),
                            };
                            let name = tag.text();
                            // serde accepts an alias that repeats the name (`alias = "PING"`
                            // beside `rename_all = "SCREAMING_SNAKE_CASE"` on `Ping`) or another
                            // alias: it adds nothing, so it is dropped.
                            dedup_aliases(&mut vattrs.aliases, &tag);
                            Variant { ident: &v.ident, attrs: vattrs, style, fields, name, tag, original: v }
                        })
                        .collect(),
                )
            }
            syn::Data::Union(u) => {
                cx.error_spanned_by(
                    u.union_token,
                    "Codec cannot be derived for unions: a union does not know which field is live",
                );
                return None;
            }
        };
        let krate_path = attrs.crate_path.clone().unwrap_or_else(|| syn::parse_quote!(::codec));
        let krate = syn::parse_quote!(__codec);
        Some(Container { ident: &input.ident, generics: &input.generics, attrs, data, krate, krate_path })
    }

    // ---- maps with composite keys ----

    /// Gives each `map_as_pairs` field the `with` module it stands for; called once the
    /// checks, which tell the two apart in their messages, have run.
    pub fn lower_map_as_pairs(&mut self) {
        let krate = &self.krate;
        let fields: Vec<&mut Field> = match &mut self.data {
            Data::Struct(_, fields) => fields.iter_mut().collect(),
            Data::Enum(variants) => variants.iter_mut().flat_map(|v| v.fields.iter_mut()).collect(),
        };
        for f in fields {
            if f.attrs.map_as_pairs.is_some() && f.attrs.with.is_none() {
                f.attrs.with = Some(syn::parse_quote!(#krate::with::map_pairs));
            }
        }
    }

    /// Whether the type gets `EncodeKey`/`DecodeKey` impls that write it as a value
    /// (`AS_PAIRS`): every struct and enum that is not already a string key (unit-only
    /// enums) and not a newtype, transparent or unit struct, whose users may want to
    /// write their own key impls (an ID around a `String`), unless `no_key_impls` says the
    /// type has key impls of its own.
    pub fn is_composite_key(&self) -> bool {
        if self.attrs.no_key_impls.is_some() {
            return false;
        }
        match &self.data {
            Data::Enum(variants) => !variants.is_empty() && !self.is_key_enum(),
            Data::Struct(style, _) => matches!(style, Style::Struct | Style::Tuple) && self.attrs.transparent.is_none(),
        }
    }

    /// The field a newtype or `transparent` struct is a map key through: the type gets
    /// `EncodeKey`/`DecodeKey` impls that use that field's own (where it has them), so
    /// `struct Id(String)` is a string key and `struct Id(u32)` an integer key, as serde
    /// writes them. None with `no_key_impls` (the type's own key impls), nor without an
    /// [`inner_field`](Self::inner_field).
    pub fn key_field(&self) -> Option<&Field<'a>> {
        if self.attrs.no_key_impls.is_some() {
            return None;
        }
        self.inner_field()
    }

    /// The field a newtype or `transparent` struct is written as, when that is its type's
    /// own form (not through `with`, `bytes` or `map_as_pairs`): the struct then is a map
    /// key as that type is ([`key_field`](Self::key_field)), and the content of an
    /// internally tagged newtype variant as that type is (serde's rule).
    pub fn inner_field(&self) -> Option<&Field<'a>> {
        let Data::Struct(style, fields) = &self.data else { return None };
        if *style != Style::Newtype && self.attrs.transparent.is_none() {
            return None;
        }
        let f = fields.iter().find(|f| f.encodes() && f.decodes())?;
        let a = &f.attrs;
        (a.with.is_none() && a.bytes.is_none() && a.map_as_pairs.is_none()).then_some(f)
    }

    /// The field through which a newtype or `transparent` struct has the members of its
    /// field's type (`flatten` of it, an internally tagged variant holding it): the
    /// [`inner_field`](Self::inner_field), unless its type names the struct itself. Such a
    /// struct (`struct L(Option<Box<L>>)`) has no members to give, and the impl bounded on
    /// its own field's type would be a cycle the trait solver cannot end (E0275).
    pub fn members_field(&self) -> Option<&Field<'a>> {
        self.inner_field().filter(|f| !names_type(f.ty, self.ident))
    }

    /// Whether this is an enum whose variants are all units: such an enum can be a map key.
    pub fn is_key_enum(&self) -> bool {
        match &self.data {
            Data::Enum(variants) => {
                !variants.is_empty() && self.attrs.untagged.is_none() && variants.iter().all(|v| v.style == Style::Unit)
            }
            Data::Struct(..) => false,
        }
    }

    /// Only meaningful for enums; checked combinations are guaranteed by `check`.
    pub fn repr(&self) -> Repr<'_> {
        match (&self.attrs.tag, &self.attrs.content, self.attrs.untagged) {
            (_, _, Some(_)) => Repr::Untagged,
            (Some(t), Some(c), _) => Repr::Adjacent { tag: &t.value, content: &c.value },
            (Some(t), None, _) => Repr::Internal { tag: &t.value },
            _ => Repr::External,
        }
    }
}

/// The discriminant of each variant as rustc assigns it: the literal after `=`, or one
/// more than the previous variant's (the first counting from 0). Computed here because
/// the derive writes the numbers as literals; the generated code checks each against
/// `Variant as i128` at compile time. A discriminant that is not an integer literal
/// (`= 1 << 3`, `= BASE`) is an error on it: its value is not known to the derive.
fn discriminants(cx: &Ctxt, e: &syn::DataEnum) -> Vec<i128> {
    let mut next: i128 = 0;
    e.variants
        .iter()
        .map(|v| {
            let value = match &v.discriminant {
                None => next,
                Some((_, expr)) => match literal_int(expr) {
                    Some(n) => n,
                    None => {
                        cx.error_spanned_by(
                            expr,
                            "`repr = \"int\"` needs each explicit discriminant to be an integer literal (such as `= 3` or `= -1`): the derive writes the values at compile time",
                        );
                        next
                    }
                },
            };
            if !(attr::NAME_MIN..=attr::NAME_MAX).contains(&value) {
                let at = v.discriminant.as_ref().map_or(v.ident.span(), |(_, e)| e.span());
                cx.error_at(at, format!("discriminant of `{}` out of range: `repr = \"int\"` values must fit `i64` or `u64`", v.ident));
            }
            next = value.saturating_add(1);
            value
        })
        .collect()
}

/// The value of an integer literal, negated or not, seen through the invisible groups and
/// parentheses that macros wrap it in; also a byte literal (`b'a'`), a valid `u8`
/// discriminant.
fn literal_int(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => i.base10_parse::<i128>().ok(),
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Byte(b), .. }) => Some(i128::from(b.value())),
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => literal_int(expr).map(|n| -n),
        syn::Expr::Group(g) => literal_int(&g.expr),
        syn::Expr::Paren(p) => literal_int(&p.expr),
        _ => None,
    }
}

/// Marks the `PhantomData` fields of a `transparent` struct `skip`: they carry nothing, so
/// the one other field is the value, and they are filled from `Default` (serde's rule,
/// which also knows `PhantomData` by its name).
fn skip_phantom_data(fields: &mut [Field]) {
    for f in fields.iter_mut().filter(|f| f.attrs.skip.is_none()) {
        let mut ty = f.ty;
        while let syn::Type::Group(g) = ty {
            ty = &g.elem;
        }
        if let syn::Type::Path(p) = ty {
            if p.path.segments.last().is_some_and(|s| s.ident == "PhantomData") {
                f.attrs.skip = Some(f.original.span());
            }
        }
    }
}

/// Drops each alias equal to `name` or to an alias before it: serde accepts a name given
/// twice to one field or variant, which names nothing new.
fn dedup_aliases<T: PartialEq>(aliases: &mut Vec<attr::Spanned<T>>, name: &T) {
    let mut i = 0;
    while i < aliases.len() {
        if aliases[i].value == *name || aliases[..i].iter().any(|a| a.value == aliases[i].value) {
            aliases.remove(i);
        } else {
            i += 1;
        }
    }
}

/// The JSON name of a field (`variant == false`) or variant under an optional rule.
fn json_name(ident: &syn::Ident, rule: Option<RenameRule>, variant: bool) -> String {
    let plain = ident.unraw().to_string();
    match rule {
        Some(rule) if variant => rule.apply_to_variant(&plain),
        Some(rule) => rule.apply_to_field(&plain),
        None => plain,
    }
}

fn fields_from_ast<'a>(cx: &Ctxt, fields: &'a syn::Fields, rule: Option<RenameRule>) -> (Style, Vec<Field<'a>>) {
    let style = match fields {
        syn::Fields::Named(_) => Style::Struct,
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => Style::Newtype,
        syn::Fields::Unnamed(_) => Style::Tuple,
        syn::Fields::Unit => Style::Unit,
    };
    let fields = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut attrs = attr::Field::parse(cx, &f.attrs);
            let (member, name) = match &f.ident {
                Some(ident) => {
                    let name = match &attrs.rename {
                        Some(r) => r.value.clone(),
                        None => json_name(ident, rule, false),
                    };
                    (syn::Member::Named(ident.clone()), name)
                }
                None => (syn::Member::Unnamed(syn::Index { index: i as u32, span: f.span() }), i.to_string()),
            };
            if f.ident.is_some() {
                dedup_aliases(&mut attrs.aliases, &name);
            }
            Field { member, ty: &f.ty, attrs, name, original: f }
        })
        .collect();
    (style, fields)
}

/// Whether `ty` names the type `this` (or `Self`) anywhere in it.
pub fn names_type(ty: &syn::Type, this: &syn::Ident) -> bool {
    fn walk(t: proc_macro2::TokenTree, this: &syn::Ident) -> bool {
        match t {
            proc_macro2::TokenTree::Ident(id) => id == *this || id == "Self",
            proc_macro2::TokenTree::Group(g) => g.stream().into_iter().any(|t| walk(t, this)),
            _ => false,
        }
    }
    quote::ToTokens::to_token_stream(ty).into_iter().any(|t| walk(t, this))
}
