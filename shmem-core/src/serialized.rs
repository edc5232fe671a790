//! `SHMEM_THREAD_SERIALIZED`, said once: the runtime and its transport are used by one thread
//! at a time. They are `Send` but not `Sync`, and that is stated by one marker field
//! ([`Serialized`]) instead of following by accident from the `Cell`s they hold, so that the
//! compiler's message when someone shares them is one short line about the marker.

use std::cell::Cell;
use std::marker::PhantomData;
use std::ops::Deref;

/// Marker field: the type containing it is `Send + !Sync` (one thread at a time).
#[derive(Clone, Copy, Debug, Default)]
pub struct Serialized(PhantomData<Cell<()>>);

/// Interior-mutable state of a type that carries the [`Serialized`] marker. `Local<T>` is
/// `Sync` so that only the marker decides whether its owner is; it is crate-private and only
/// ever a field of a type that also holds a `Serialized`, so no `&Local<T>` can reach another
/// thread while another `&` to it is in use.
#[derive(Debug, Default)]
pub(crate) struct Local<T>(T);

// SAFETY: a `Local<T>` is a field of `Runtime` or `ShmTransport` only (crate-private type,
// checked by grep in review: both hold a `Serialized` marker), which are `!Sync`; so two
// threads can never hold `&Local<T>` at the same time, which is what `Sync` would allow. `T:
// Send` keeps the owner's `Send` honest: moving the owner moves the state with it.
unsafe impl<T: Send> Sync for Local<T> {}

impl<T> Local<T> {
    pub(crate) const fn new(v: T) -> Local<T> {
        Local(v)
    }
}

impl<T> Deref for Local<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}
