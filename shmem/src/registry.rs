//! The registry of `#[symmetric]` statics: every static (the user's, and this crate's own,
//! such as the team pool) registers a [`StaticEntry`] in [`SYMMETRIC_STATICS`] at link time;
//! `shmem::init` lays them out (`shmem_core::runtime::layout_statics`) and records each one's
//! offset. At the bottom of the crate, so that the handle that runs `init` does not depend on
//! the typed statics built over it (`statics`).

use shmem_core::{StaticDesc, StaticsLayout};

pub(crate) mod sealed {
    /// Proof that the caller is this crate: the type is public (so it can appear in the
    /// trait) but lives in a private module, so no other crate can name or make one. That
    /// seals [`super::StaticEntry`]: nobody else can implement it or call `set_offset`, so a
    /// `#[symmetric]` static's offset is only ever the one the layout chose.
    #[derive(Debug)]
    pub struct Token(pub(super) ());
}

#[doc(hidden)]
/// Type-erased registration entry of a `SymStatic` (or `ThreadStatic`). Sealed (see
/// `sealed::Token`).
pub trait StaticEntry: Sync {
    /// Descriptor for the layout.
    fn desc(&self) -> StaticDesc<'_>;
    /// Records the offset chosen by the layout (only `shmem::init` can call it).
    fn set_offset(&self, offset: usize, token: Token);
}

pub(crate) use sealed::Token;

#[doc(hidden)]
#[linkme::distributed_slice]
pub static SYMMETRIC_STATICS: [&'static dyn StaticEntry];

pub(crate) fn descriptors() -> Vec<StaticDesc<'static>> {
    SYMMETRIC_STATICS.iter().map(|e| e.desc()).collect()
}

pub(crate) fn record_offsets(layout: &StaticsLayout) {
    for (e, &off) in SYMMETRIC_STATICS.iter().zip(&layout.offsets) {
        e.set_offset(off, Token(()));
    }
}
