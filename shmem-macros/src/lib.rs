//! `#[symmetric]`: places a `static` in the symmetric segment of every PE.
//!
//! ```text
//! #[shmem::symmetric]
//! static FLAGS: [u64; 8] = [0; 8];
//! ```
//! expands to a `shmem::SymStatic<[u64; 8]>` registered for layout at `shmem::init`; with
//! `#[symmetric(threads)]`, to a `shmem::ThreadStatic`, which only contexts reach. The type
//! must be `bytemuck::Pod`; `static mut`, generics and interior mutability are refused.
#![forbid(unsafe_code)]

use proc_macro::TokenStream;
use quote::{format_ident, quote};
use syn::{ItemStatic, StaticMutability, parse_macro_input, spanned::Spanned};

/// Places a `static` in symmetric memory: documented (rules and examples) where the `shmem`
/// crate re-exports it, as `shmem::symmetric`.
#[proc_macro_attribute]
pub fn symmetric(attr: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStatic);
    match expand(attr.into(), item) {
        Ok(ts) => ts.into(),
        Err(e) => e.into_compile_error().into(),
    }
}

fn expand(
    attr: proc_macro2::TokenStream,
    item: ItemStatic,
) -> syn::Result<proc_macro2::TokenStream> {
    // `#[symmetric(threads)]`: a static only contexts reach (`ThreadStatic`).
    let threads = match attr.to_string().as_str() {
        "" => false,
        "threads" => true,
        _ => {
            return Err(syn::Error::new(
                attr.span(),
                "#[symmetric] takes no arguments but `threads` (a static that contexts reach)",
            ));
        }
    };
    if !matches!(item.mutability, StaticMutability::None) {
        return Err(syn::Error::new(
            item.mutability.span(),
            "#[symmetric] statics cannot be `static mut`: remote PEs write them; use the \
             put/get/atomic methods of the `SymStatic` instead",
        ));
    }
    let ItemStatic {
        attrs,
        vis,
        ident,
        ty,
        expr,
        ..
    } = item;
    let reg = format_ident!("__SHMEM_SYMMETRIC_{}", ident);
    let id = ident.to_string();
    let wrapper = if threads {
        quote!(::shmem::ThreadStatic)
    } else {
        quote!(::shmem::SymStatic)
    };
    Ok(quote! {
        #(#attrs)*
        #vis static #ident: #wrapper<#ty> =
            #wrapper::__new(::core::concat!(::core::module_path!(), "::", #id), #expr);

        #[::shmem::__private::linkme::distributed_slice(::shmem::__private::SYMMETRIC_STATICS)]
        #[linkme(crate = ::shmem::__private::linkme)]
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        static #reg: &'static dyn ::shmem::__private::StaticEntry = &#ident;
    })
}
