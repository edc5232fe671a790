//! Request-based RMA in an epoch (`MPI_Rput`, `MPI_Rget`, `MPI_Raccumulate`,
//! `MPI_Rget_accumulate`): [`Requests`] and [`Request`].
//!
//! Every epoch guard has `requests(|rq| ...)`: a scope whose operations return a [`Request`]
//! that can be tested, waited on in any order, kept in a collection, or dropped (which
//! waits). The buffers are borrowed until the scope ends, and a request hands its buffer back
//! when it is finished ([`Request::wait`]), so a get's data can be used at once. A request
//! can outlive neither the scope, nor the epoch, nor the buffers it borrows (they do not
//! compile), and leaking one is harmless: the scope's end finishes every operation
//! (`shmem_core::request`, where the argument is). Requests allocate nothing.
//!
//! Completion over sets of requests (`MPI_Waitall`, `MPI_Waitany`, `MPI_Testall`):
//! [`wait_all`], [`wait_any`], [`test_all`].
//!
//! Layouts: `rput_layout` and `rget_layout` (`MPI_Rput`, `MPI_Rget` with derived datatypes)
//! copy when called, so their requests are finished from the start.
//!
//! Completion: a finished put's source may be reused; its data is complete at the target,
//! as every operation's, by the epoch's next flush or its end. A finished get's data is in
//! its buffer. The accumulate family is done when it returns (its atomicity takes the
//! target's accumulate lock), so its requests are finished from the start.

use std::fmt;

use bytemuck::Pod;
pub use shmem_core::request::Request;
use shmem_core::request::Scope;

use super::op::AccumulateOp;
use super::{Access, Epoch, EpochAll, FenceEpoch, Layout, WindowPe};
use shmem_core::Error;

/// A scope of request-based operations in an epoch (`G` is the epoch guard); made by the
/// guard's `requests`. Its operations' buffers stay borrowed until the scope ends, which
/// finishes every operation.
///
/// # Examples
/// ```
/// use shmem::window::{LockKind, Window};
///
/// let shmem = shmem::init()?;
/// let me = shmem.my_pe();
/// let mut win = Window::<u32>::new(&shmem, 8)?;
/// let src = [1, 2, 3, 4];
/// let mut back = [0u32; 4];
/// let epoch = win.lock(me, LockKind::Exclusive)?;
/// epoch.requests(|rq| -> Result<(), shmem::Error> {
///     let mut put = rq.rput(4, &src)?;          // MPI_Rput
///     while !put.test() {}                      // MPI_Test
///     epoch.flush();                            // complete at the target
///     let got = rq.rget(4, &mut back)?.wait();  // MPI_Rget, MPI_Wait: the buffer comes back
///     assert_eq!(got, &[1, 2, 3, 4]);
///     Ok(())
/// })?;
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct Requests<'scope, 'env, G> {
    guard: &'env G,
    scope: &'scope Scope<'scope, 'env>,
}

impl<G> fmt::Debug for Requests<'_, '_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Requests").finish_non_exhaustive()
    }
}

/// `requests` for an epoch guard type.
macro_rules! requests_fn {
    ($guard:ident) => {
        impl<'w, T: Pod> $guard<'w, T> {
            /// Runs `f` with a scope for request-based operations in this epoch
            /// ([`Requests`]), then finishes every one started in it (also those whose
            /// request was dropped or leaked) before the buffers they borrow are released.
            pub fn requests<'env, R>(
                &'env self,
                f: impl for<'scope> FnOnce(&Requests<'scope, 'env, Self>) -> R,
            ) -> R {
                shmem_core::request::scope(self.win.t(), |scope| {
                    f(&Requests { guard: self, scope })
                })
            }
        }
    };
}
requests_fn!(Epoch);
requests_fn!(EpochAll);
requests_fn!(FenceEpoch);
requests_fn!(Access);

/// The request-based operations for an epoch guard type whose `target_of(..)` names the
/// target (its member number in the window; `$pe`: the extra parameters that name it) or
/// refuses it.
macro_rules! request_methods {
    ($guard:ident; $($pe:ident: $pe_ty:ty),*) => {
        impl<'scope, 'env, 'w, T: Pod> Requests<'scope, 'env, $guard<'w, T>> {
            /// Starts copying `src` into the target's elements `at ..` (`MPI_Rput`); `src`
            /// stays borrowed until the scope ends and may be reused once the request is
            /// finished.
            ///
            /// # Errors
            /// [`Error::OutOfBounds`] when the range leaves the window; nothing is written.
            pub fn rput(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                src: &'env [T],
            ) -> Result<Request<'scope, &'env [T]>, Error> {
                let win = self.guard.win;
                let i = self.guard.target_of($($pe),*)?;
                let off = win.range(i, at, src.len())?;
                let req = self.scope.put(win.pe(i), off, src);
                win.count(i);
                Ok(req)
            }

            /// Starts copying the target's elements `at ..` into `dst` (`MPI_Rget`);
            /// [`Request::wait`] hands `dst` back with the data.
            ///
            /// # Errors
            /// [`Error::OutOfBounds`] when the range leaves the window; nothing is read.
            pub fn rget(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                dst: &'env mut [T],
            ) -> Result<Request<'scope, &'env mut [T]>, Error> {
                let win = self.guard.win;
                let i = self.guard.target_of($($pe),*)?;
                let off = win.range(i, at, dst.len())?;
                Ok(self.scope.get(win.pe(i), off, dst))
            }

            /// `put_layout` as a request (`MPI_Rput` with derived datatypes): the elements
            /// of `src` that `origin` selects into the target's elements that `target`
            /// selects from `at`. Its copies are done when it returns (each is a blocking
            /// put), so the request is finished from the start; the data is complete at the
            /// target, as every put's, by the epoch's next flush or its end.
            ///
            /// # Errors
            /// As for `put_layout`; nothing is written then.
            pub fn rput_layout(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                src: &'env [T],
                origin: &Layout,
                target: &Layout,
            ) -> Result<Request<'scope, &'env [T]>, Error> {
                let i = self.guard.target_of($($pe),*)?;
                self.guard.win.put_layout_at(i, at, src, origin, target)?;
                Ok(self.scope.finished(src))
            }

            /// `get_layout` as a request (`MPI_Rget` with derived datatypes): finished when
            /// it returns; [`Request::wait`] hands `dst` back with the data.
            ///
            /// # Errors
            /// As for `get_layout`; nothing is read then.
            pub fn rget_layout(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                dst: &'env mut [T],
                origin: &Layout,
                target: &Layout,
            ) -> Result<Request<'scope, &'env mut [T]>, Error> {
                let i = self.guard.target_of($($pe),*)?;
                self.guard.win.get_layout_at(i, at, &mut *dst, origin, target)?;
                Ok(self.scope.finished(dst))
            }

            /// `accumulate` as a request (`MPI_Raccumulate`): atomic per element like it,
            /// and finished when it returns.
            ///
            /// # Errors
            /// As for `accumulate`; nothing is written then.
            pub fn raccumulate<O: AccumulateOp<T>>(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                src: &'env [T],
                op: O,
            ) -> Result<Request<'scope, &'env [T]>, Error> {
                let i = self.guard.target_of($($pe),*)?;
                self.guard.win.combine(i, at, src, None, |a, b| op.apply(a, b), None)?;
                Ok(self.scope.finished(src))
            }

            /// `get_accumulate` as a request (`MPI_Rget_accumulate`): finished when it
            /// returns; [`Request::wait`] hands `result` back with the previous values.
            ///
            /// # Errors
            /// As for `get_accumulate`; nothing is written or read then.
            pub fn rget_accumulate<O: AccumulateOp<T>>(
                &self,
                $($pe: $pe_ty,)*
                at: usize,
                src: &'env [T],
                result: &'env mut [T],
                op: O,
            ) -> Result<Request<'scope, &'env mut [T]>, Error> {
                let i = self.guard.target_of($($pe),*)?;
                self.guard
                    .win
                    .combine(i, at, src, Some(&mut *result), |a, b| op.apply(a, b), None)?;
                Ok(self.scope.finished(result))
            }
        }
    };
}
request_methods!(Epoch;);
request_methods!(EpochAll; pe: impl WindowPe);
request_methods!(FenceEpoch; pe: impl WindowPe);
request_methods!(Access; pe: impl WindowPe);

/// Waits until every request is finished (`MPI_Waitall`) and hands their buffers back, in
/// the order of the requests. The returned `Vec` is the one allocation (each request
/// allocates nothing).
pub fn wait_all<'scope, B>(requests: impl IntoIterator<Item = Request<'scope, B>>) -> Vec<B> {
    requests.into_iter().map(Request::wait).collect()
}

/// Whether every request is finished (`MPI_Testall`): each one is tested (so each makes
/// progress), and the requests stay as they are, to be waited on or tested again.
pub fn test_all<B>(requests: &mut [Request<'_, B>]) -> bool {
    let mut all = true;
    for r in requests {
        all &= r.test();
    }
    all
}

/// Waits until one of the requests is finished (`MPI_Waitany`), takes it out of `requests`
/// and returns its index there (before it was taken out) with its buffer; `None` at once when
/// `requests` is empty (`MPI_UNDEFINED`). The first finished one in order is taken; while none
/// is, the requests are tested in turn, yielding the CPU between rounds.
pub fn wait_any<'scope, B>(requests: &mut Vec<Request<'scope, B>>) -> Option<(usize, B)> {
    if requests.is_empty() {
        return None;
    }
    loop {
        if let Some(i) = requests.iter_mut().position(|r| r.test()) {
            return Some((i, requests.remove(i).wait()));
        }
        std::thread::yield_now();
    }
}
