//! Request-based puts and gets whose buffers cannot be touched, freed or reused before the
//! operation is finished, even if its handle is leaked: [`scope`], [`Scope`], [`Request`].
//!
//! A request (`MPI_Rput`, `MPI_Rget`) may still be moving data when the call that started it
//! returns, so its buffer must stay borrowed until it is finished. A handle that merely
//! borrows the buffer is not enough: `mem::forget` ends the borrow without running the
//! handle's drop, and the program could read or free the buffer while the transport still
//! writes into it. So, as `std::thread::scope` does for threads:
//!
//! * buffers are borrowed for `'env`, which outlives the scope;
//! * a [`Request`] lives in the scope (`'scope`, which cannot escape the closure);
//! * the scope ends with [`Transport::quiet`], which finishes every operation the transport
//!   started, whether or not its request was waited on or even kept, and it does so on unwind
//!   too;
//! * a request hands its buffer back ([`Request::wait`]) only once the operation is finished,
//!   so the data can be used inside the scope as soon as it is there.
//!
//! A request is a value of two words and an `Option` of the buffer reference: starting,
//! testing and waiting allocate nothing (seed page 001 keeps a cache of request objects to
//! avoid allocating them; here there is nothing to allocate). On shared memory every
//! operation is finished when it starts (as with Open MPI's `osc sm`); on another node of an
//! MPI job a request holds the MPI request.

use std::fmt;
use std::marker::PhantomData;

use bytemuck::Pod;

use crate::transport::{DefaultTransport, Pending, Transport};

/// A scope of request-based operations ([`scope`]).
pub struct Scope<'scope, 'env: 'scope> {
    t: &'env DefaultTransport,
    _scope: PhantomData<&'scope mut &'scope ()>,
    _env: PhantomData<&'env mut &'env ()>,
}

impl fmt::Debug for Scope<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scope").finish_non_exhaustive()
    }
}

/// Ends a scope: finishes every operation, on return and on unwind.
struct Finish<'a>(&'a DefaultTransport);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.quiet();
    }
}

/// Runs `f` with a scope for request-based operations on `t`, then finishes every operation
/// started in it (`quiet`) before any buffer they borrowed is released.
pub fn scope<'env, R>(
    t: &'env DefaultTransport,
    f: impl for<'scope> FnOnce(&'scope Scope<'scope, 'env>) -> R,
) -> R {
    let scope = Scope {
        t,
        _scope: PhantomData,
        _env: PhantomData,
    };
    let _finish = Finish(t);
    f(&scope)
}

impl<'scope, 'env> Scope<'scope, 'env> {
    /// Starts copying `src` to `offset` on `pe` (`MPI_Rput`). The transport checks the
    /// range against `pe`'s partition (a backstop: the caller checks it against its object).
    pub fn put<T: Pod>(
        &'scope self,
        pe: usize,
        offset: usize,
        src: &'env [T],
    ) -> Request<'scope, &'env [T]> {
        // SAFETY: `src` is borrowed (shared, so nothing modifies it) for `'env`, which
        // outlives this scope, whose end finishes every operation (`Finish`); the request
        // hands the borrow back only when the operation is finished.
        let op = unsafe {
            self.t
                .put_start(pe, offset, src.as_ptr().cast(), size_of_val(src))
        };
        Request::new(self.t, op, src)
    }

    /// Starts copying `dst.len()` elements from `offset` on `pe` into `dst` (`MPI_Rget`);
    /// [`Request::wait`] hands `dst` back once the data is there.
    pub fn get<T: Pod>(
        &'scope self,
        pe: usize,
        offset: usize,
        dst: &'env mut [T],
    ) -> Request<'scope, &'env mut [T]> {
        let len = size_of_val(dst);
        // SAFETY: `dst` is borrowed exclusively for `'env`, which outlives this scope, whose
        // end finishes every operation (`Finish`); the only other way to reach it is through
        // the request, which hands it back only when the operation is finished.
        let op = unsafe { self.t.get_start(pe, offset, dst.as_mut_ptr().cast(), len) };
        Request::new(self.t, op, dst)
    }

    /// A request for an operation that finished before it was made (one the transport does
    /// synchronously, such as an accumulate), holding `buf` like the others.
    pub fn finished<B>(&'scope self, buf: B) -> Request<'scope, B> {
        Request::new(self.t, Pending::DONE, buf)
    }
}

/// One request-based operation of a [`Scope`], holding the buffer it borrows: [`Request::test`]
/// asks whether it is finished, [`Request::wait`] waits and hands the buffer back. Dropping it
/// waits.
#[must_use = "a request is finished by `wait` (dropping it waits too)"]
pub struct Request<'scope, B> {
    t: &'scope DefaultTransport,
    op: Pending,
    buf: Option<B>,
    _scope: PhantomData<&'scope mut &'scope ()>,
}

impl<B> fmt::Debug for Request<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Request")
            .field("finished", &self.op.is_done())
            .finish_non_exhaustive()
    }
}

impl<'scope, B> Request<'scope, B> {
    #[inline]
    fn new(t: &'scope DefaultTransport, op: Pending, buf: B) -> Self {
        Request {
            t,
            op,
            buf: Some(buf),
            _scope: PhantomData,
        }
    }

    /// Whether the operation is finished (`MPI_Test`): for a put, its source may be reused;
    /// for a get, the data is in its buffer. Once `true`, always `true`.
    #[inline]
    pub fn test(&mut self) -> bool {
        self.op.is_done() || self.t.test(&mut self.op)
    }

    /// Waits until the operation is finished (`MPI_Wait`) and hands its buffer back: a get's
    /// data can be read from it at once.
    #[inline]
    pub fn wait(mut self) -> B {
        self.finish();
        self.buf
            .take()
            .expect("a request holds its buffer until it is waited on")
    }

    #[inline]
    fn finish(&mut self) {
        if !self.op.is_done() {
            self.t
                .finish(std::mem::replace(&mut self.op, Pending::DONE));
        }
    }
}

impl<B> Drop for Request<'_, B> {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A request-based put or get that *owns* its buffer ([`put_owned`], [`get_owned`]): it can
/// be stored anywhere and waited on later, because no borrow has to outlive it. The buffer
/// comes back from [`Owned::wait`]; dropping the request waits and then frees it; leaking the
/// request leaks the buffer with it, so the transport can never write into memory the program
/// reuses. Reusing the returned `Vec` for the next request allocates nothing.
#[must_use = "a request is finished by `wait` (dropping it waits too)"]
pub struct Owned<'t, T> {
    t: &'t DefaultTransport,
    op: Pending,
    buf: Option<Vec<T>>,
}

impl<T> fmt::Debug for Owned<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Owned")
            .field("finished", &self.op.is_done())
            .finish_non_exhaustive()
    }
}

/// Starts copying `buf` to `offset` on `pe` (`MPI_Rput`), keeping `buf` until finished. The
/// transport checks the range against `pe`'s partition (a backstop).
pub fn put_owned<T: Pod>(
    t: &DefaultTransport,
    pe: usize,
    offset: usize,
    buf: Vec<T>,
) -> Owned<'_, T> {
    // SAFETY: the bytes are the heap allocation of `buf`, which the request owns and never
    // touches, moves out of or frees before the operation is finished (`wait` and `drop`
    // finish first; a leaked request leaks the allocation); moving the `Vec` does not move
    // its heap buffer.
    let op = unsafe { t.put_start(pe, offset, buf.as_ptr().cast(), size_of_val(&buf[..])) };
    Owned {
        t,
        op,
        buf: Some(buf),
    }
}

/// Starts copying `buf.len()` elements from `offset` on `pe` into `buf` (`MPI_Rget`); the
/// data is in the buffer [`Owned::wait`] returns.
pub fn get_owned<T: Pod>(
    t: &DefaultTransport,
    pe: usize,
    offset: usize,
    mut buf: Vec<T>,
) -> Owned<'_, T> {
    let len = size_of_val(&buf[..]);
    // SAFETY: as in `put_owned`: the request owns the heap buffer and nothing reads or writes
    // it before the operation is finished.
    let op = unsafe { t.get_start(pe, offset, buf.as_mut_ptr().cast(), len) };
    Owned {
        t,
        op,
        buf: Some(buf),
    }
}

impl<T> Owned<'_, T> {
    /// Whether the operation is finished (`MPI_Test`).
    #[inline]
    pub fn test(&mut self) -> bool {
        self.op.is_done() || self.t.test(&mut self.op)
    }

    /// Waits until the operation is finished (`MPI_Wait`; `shmem_quiet` finishes it too)
    /// and returns the buffer (with a get's data).
    #[inline]
    pub fn wait(mut self) -> Vec<T> {
        self.finish();
        self.buf
            .take()
            .expect("a request holds its buffer until it is waited on")
    }

    #[inline]
    fn finish(&mut self) {
        if !self.op.is_done() {
            self.t
                .finish(std::mem::replace(&mut self.op, Pending::DONE));
        }
    }
}

impl<T> Drop for Owned<'_, T> {
    fn drop(&mut self) {
        self.finish();
    }
}
