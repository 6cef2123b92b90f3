//! Error accumulator: every mistake in a type is reported in one build.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::Span;
use quote::ToTokens;

#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanning `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, msg: M) {
        self.errors.borrow_mut().push(syn::Error::new_spanned(tokens.into_token_stream(), msg));
    }

    /// Records an error at `span`.
    pub fn error_at<M: Display>(&self, span: Span, msg: M) {
        self.errors.borrow_mut().push(syn::Error::new(span, msg));
    }

    /// Records a `syn` error as is.
    pub fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// All errors combined into one, or `Ok` when there were none.
    pub fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else { return Ok(()) };
        for rest in errors {
            combined.combine(rest);
        }
        Err(combined)
    }
}
