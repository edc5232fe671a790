//! Distributed locks: [`SymLock`] with its [`LockGuard`] (`shmem_set_lock`, `shmem_test_lock`,
//! `shmem_clear_lock`; OpenSHMEM 1.5, distributed locking routines), and [`SymMutex`], data
//! that can only be reached through its lock.
//!
//! What the types rule out, compared with the C API:
//! * *An uninitialized lock, or a lock outside symmetric memory*: the only constructors
//!   allocate the lock collectively on the symmetric heap and clear it on every PE before they
//!   return.
//! * *Touching the lock word*: the object has no accessor other than the lock API.
//! * *Forgetting `shmem_clear_lock`*: the [`LockGuard`] releases when it drops.
//! * *Locking a lock this PE holds* (a self-deadlock in C): [`SymLock::lock`] borrows the lock
//!   mutably for the guard's life, so a second `lock` does not compile.
//! * *Reading protected data without the lock*: [`SymMutex`] has no accessor; only its guard
//!   reads and writes the data.
//! * *Running a critical section on data a panicking holder left half updated*: as with
//!   `std::sync::Mutex`, a guard dropped during a panic *poisons* the lock; every later
//!   `lock`/`try_lock` returns the guard inside a [`PoisonError`] until a holder declares
//!   the data consistent again ([`LockGuard::clear_poison`]). The poison bit travels with
//!   the lock's ownership, at no cost on the fast path.
//!
//! The algorithm (a CLH queue lock, first come first served, with a state table of its
//! words) is documented in `shmem_core::lock`.

use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use bytemuck::Pod;
use shmem_core::lock::{LOCK_ALIGN, LOCK_SIZE, LocatedLock, RawLock};
use shmem_core::{AllocRequest, Allocation};

use crate::handle::{Pe, Shmem};
use crate::sym::Sym;
use shmem_core::Error;

/// A lock whose previous holder panicked while holding it (the panic was caught and the PE
/// went on): the protected data may be half updated. Carries the guard anyway, as
/// `std::sync::PoisonError` does: the lock *is* held, and [`PoisonError::into_inner`] gives
/// the guard to a caller that knows how to check or repair the data (and then calls
/// [`LockGuard::clear_poison`] / [`MutexGuard::clear_poison`]).
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let mut lock = shmem::SymLock::new(&shmem)?;
/// let guard = match lock.lock() {
///     Ok(guard) => guard,
///     Err(poisoned) => {
///         let mut guard = poisoned.into_inner();
///         // ... check or repair the protected data ...
///         guard.clear_poison();
///         guard
///     }
/// };
/// drop(guard);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct PoisonError<G> {
    guard: G,
}

impl<G> PoisonError<G> {
    /// Wraps a guard of a poisoned lock.
    pub fn new(guard: G) -> Self {
        PoisonError { guard }
    }

    /// The guard: the lock is held, poisoned.
    pub fn into_inner(self) -> G {
        self.guard
    }

    /// A reference to the guard.
    pub fn get_ref(&self) -> &G {
        &self.guard
    }

    /// A mutable reference to the guard.
    pub fn get_mut(&mut self) -> &mut G {
        &mut self.guard
    }
}

impl<G> fmt::Debug for PoisonError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PoisonError").finish_non_exhaustive()
    }
}

impl<G> fmt::Display for PoisonError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the lock is poisoned: a PE panicked while holding it")
    }
}

impl<G> std::error::Error for PoisonError<G> {}

/// Why [`SymLock::try_lock`] / [`SymMutex::try_lock`] returned no plain guard.
pub enum TryLockError<G> {
    /// The lock was free but poisoned: it is now held, the guard inside.
    Poisoned(PoisonError<G>),
    /// The lock is held (by another PE, or queued for): `shmem_test_lock` returning 1.
    /// Nothing was written.
    WouldBlock,
}

impl<G> From<PoisonError<G>> for TryLockError<G> {
    fn from(e: PoisonError<G>) -> Self {
        TryLockError::Poisoned(e)
    }
}

impl<G> fmt::Debug for TryLockError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TryLockError::Poisoned(e) => f.debug_tuple("Poisoned").field(e).finish(),
            TryLockError::WouldBlock => f.write_str("WouldBlock"),
        }
    }
}

impl<G> fmt::Display for TryLockError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TryLockError::Poisoned(e) => fmt::Display::fmt(e, f),
            TryLockError::WouldBlock => f.write_str("the lock is held"),
        }
    }
}

impl<G> std::error::Error for TryLockError<G> {}

/// What [`SymLock::lock`] and [`SymMutex::lock`] return.
pub type LockResult<G> = Result<G, PoisonError<G>>;
/// What [`SymLock::try_lock`] and [`SymMutex::try_lock`] return.
pub type TryLockResult<G> = Result<G, TryLockError<G>>;

/// A snapshot of a lock's queue ([`SymLock::snapshot`]): who holds it, who queued last, how
/// many wait, whether it is poisoned; a test and debugging aid.
///
/// Each word is read atomically, but not all at once: the snapshot is exact while the queue
/// does not change (which is what a deterministic test arranges), approximate otherwise.
pub type LockSnapshot = shmem_core::lock::LockSnapshot<Pe>;

/// A distributed mutual-exclusion lock in symmetric memory: `shmem_set_lock` and friends,
/// with a guard.
///
/// Created collectively, cleared on every PE before [`SymLock::new`] returns, freed
/// collectively when dropped. [`SymLock::lock`] waits until the lock is free; waiting PEs get
/// it *first come, first served*. The [`LockGuard`] it returns releases the lock when dropped,
/// after completing every store this PE issued (`quiet`), so the next holder sees them. A
/// guard dropped during a panic poisons the lock (see [`PoisonError`]).
///
/// # Examples
/// ```
/// use shmem::{SymBox, SymLock};
///
/// let shmem = shmem::init()?;
/// let mut lock = SymLock::new(&shmem)?;
/// let count = SymBox::new(&shmem, 0i64)?;
/// let home = shmem.pe(0)?;
/// {
///     let _guard = lock.lock().unwrap(); // shmem_set_lock (Err: a holder panicked)
///     let c = count.g(home);             // read-modify-write under the lock
///     count.p(home, c + 1);
/// }                                      // shmem_clear_lock (quiet, then the release)
/// shmem.barrier_all();
/// assert_eq!(count.g(home), shmem.n_pes() as i64);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymLock<'s> {
    shmem: &'s Shmem,
    raw: RawLock,
    /// The same lock with its words located once: acquisitions and releases check no bound.
    located: LocatedLock<'s>,
    /// The heap block; dropping it frees it. Locally: the block is reused only after every
    /// PE has dropped its handle (checked at the next allocation), so no PE still queues
    /// when it is (a PE drops its lock only after its guards, which borrow it, are gone).
    _block: Allocation<'s>,
}

impl fmt::Debug for SymLock<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymLock")
            .field("offset", &self.raw.offset())
            .field("home", &self.raw.home())
            .finish()
    }
}

impl<'s> SymLock<'s> {
    /// Allocates a cleared lock whose queue tail lives on PE 0. *Collective*: every PE calls
    /// it, in the same order relative to other allocations.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap is full.
    pub fn new(shmem: &'s Shmem) -> Result<Self, Error> {
        SymLock::with_home(shmem, shmem.pe_wrapping(0))
    }

    /// Allocates a cleared lock whose queue tail lives on PE `home` (spread the homes of many
    /// locks to spread their traffic). *Collective*: every PE passes the same `home`.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different homes (nothing is
    /// allocated); [`Error::HeapExhausted`] on every PE when the symmetric heap is full.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let last = shmem.pe_wrapping(shmem.n_pes() - 1);
    /// let lock = shmem::SymLock::with_home(&shmem, last)?;
    /// assert_eq!(lock.home(), last);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn with_home(shmem: &'s Shmem, home: Pe) -> Result<Self, Error> {
        SymLock::alloc::<()>(shmem, home, 0, 1, |_| {})
    }

    /// Allocates a lock object followed by `extra` bytes (aligned to `align`, initialized by
    /// `init(offset)` on this PE), and checks that every PE chose the same home.
    fn alloc<D>(
        shmem: &'s Shmem,
        home: Pe,
        extra: usize,
        align: usize,
        init: impl FnOnce(usize),
    ) -> Result<Self, Error> {
        let rt = shmem.rt();
        let data = LOCK_SIZE.next_multiple_of(align);
        let size = data.checked_add(extra).ok_or(Error::HeapExhausted {
            requested: usize::MAX,
            available: shmem.heap_available(),
        })?;
        // The home is part of the allocation's signature: PEs that pass different homes get
        // the same `ArgumentMismatch`, and nothing is allocated.
        let req = AllocRequest::object::<D>(size, LOCK_ALIGN.max(align), 3, home.index() as u64);
        let block = rt.alloc(req, |offset| {
            RawLock::new(offset, home.index()).init_local(rt.transport());
            init(offset + data);
        })?;
        let raw = RawLock::new(block.offset(), home.index());
        Ok(SymLock {
            shmem,
            raw,
            located: raw.located(rt.transport()),
            _block: block,
        })
    }

    /// The PE that keeps the queue's tail.
    pub fn home(&self) -> Pe {
        self.shmem.pe_wrapping(self.raw.home())
    }

    /// Acquires the lock (`shmem_set_lock`), waiting for it if needed. *One-sided*.
    ///
    /// PEs that wait are served first come, first served: in the order in which their
    /// requests reached the lock's home. A waiting PE spins briefly, then yields, then sleeps
    /// on its doorbell until the previous holder hands the lock over.
    ///
    /// The guard borrows the lock mutably, so this PE cannot lock it again while it holds it.
    /// (If a guard was leaked with `mem::forget`, this PE still holds the lock; `lock` then
    /// returns a new guard for it at once rather than waiting for itself.)
    ///
    /// # Errors
    /// [`PoisonError`], holding the guard, when a previous holder panicked while holding the
    /// lock and nobody cleared the poison since: the lock is held all the same.
    #[inline]
    pub fn lock(&mut self) -> LockResult<LockGuard<'_>> {
        let poisoned = self.located.acquire();
        LockGuard::new(self.shmem, &self.located, poisoned)
    }

    /// Takes the lock only if it is free (`shmem_test_lock`). *One-sided*; never waits.
    ///
    /// # Errors
    /// [`TryLockError::WouldBlock`] when another PE holds the lock or waits for it. Nothing
    /// was written then: the lock, its queue and this PE's node are exactly as before the
    /// call. (If this PE holds the lock through a leaked guard, the answer is a new guard, as
    /// with `lock`.) [`TryLockError::Poisoned`], holding the guard, when the lock was free
    /// but poisoned: it is held now.
    ///
    /// # Examples
    /// ```
    /// use shmem::TryLockError;
    ///
    /// let shmem = shmem::init()?;
    /// let mut lock = shmem::SymLock::new(&shmem)?;
    /// match lock.try_lock() {
    ///     Ok(_guard) => { /* critical section */ }
    ///     Err(TryLockError::WouldBlock) => { /* do something else, try again later */ }
    ///     Err(TryLockError::Poisoned(_)) => { /* a holder panicked: check the data */ }
    /// }
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline]
    pub fn try_lock(&mut self) -> TryLockResult<LockGuard<'_>> {
        match self.located.try_acquire() {
            Some(poisoned) => Ok(LockGuard::new(self.shmem, &self.located, poisoned)?),
            None => Err(TryLockError::WouldBlock),
        }
    }

    /// A snapshot of the lock's queue: who holds it, who queued last, how many wait. Reads
    /// every PE's queue node; meant for tests and debugging (e.g. to make a test of the
    /// first-come-first-served order deterministic), not for synchronization.
    pub fn snapshot(&self) -> LockSnapshot {
        snapshot(self.shmem, &self.raw)
    }
}

fn snapshot(shmem: &Shmem, raw: &RawLock) -> LockSnapshot {
    raw.snapshot(shmem.rt().transport())
        .map(|p| shmem.pe_wrapping(p))
}

/// Proof that this PE holds a [`SymLock`]; dropping it releases the lock
/// (`shmem_clear_lock`): first `quiet` (every store this PE issued, in the critical section or
/// before, is complete), then the lock passes to the next PE in the queue, or becomes free.
/// Dropped during a panic, it poisons the lock; a poisoned lock stays poisoned until a holder
/// calls [`LockGuard::clear_poison`].
///
/// Not `Send`: it borrows the PE's [`Shmem`] handle, which one thread at a time may use.
#[must_use = "the lock is released as soon as the guard is dropped"]
pub struct LockGuard<'a> {
    shmem: &'a Shmem,
    /// The lock, its words located (the `SymLock`'s).
    located: &'a LocatedLock<'a>,
    /// The lock is poisoned (and this holder has not cleared it).
    poisoned: bool,
    _lock: PhantomData<&'a mut ()>,
}

impl fmt::Debug for LockGuard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LockGuard")
            .field("offset", &self.located.raw().offset())
            .finish()
    }
}

impl<'a> LockGuard<'a> {
    /// The guard of a lock this PE just acquired; in a [`PoisonError`] when it is poisoned.
    #[inline]
    fn new(shmem: &'a Shmem, located: &'a LocatedLock<'a>, poisoned: bool) -> LockResult<Self> {
        let guard = LockGuard {
            shmem,
            located,
            poisoned,
            _lock: PhantomData,
        };
        if poisoned {
            Err(PoisonError::new(guard))
        } else {
            Ok(guard)
        }
    }

    /// Whether the lock is poisoned (a previous holder panicked while holding it, and no
    /// holder has cleared it since).
    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    /// Declares the protected data consistent again: the lock is no longer poisoned, and the
    /// next holder gets a plain guard (unless this PE panics before it releases the lock).
    pub fn clear_poison(&mut self) {
        if self.poisoned {
            self.located.raw().clear_poison(self.shmem.rt().transport());
            self.poisoned = false;
        }
    }

    /// A snapshot of the lock's queue, taken by the holder (see [`SymLock::snapshot`]).
    pub fn snapshot(&self) -> LockSnapshot {
        snapshot(self.shmem, &self.located.raw())
    }

    /// Releases the lock now (the same as dropping the guard).
    #[inline]
    pub fn unlock(self) {
        drop(self);
    }
}

impl Drop for LockGuard<'_> {
    #[inline]
    fn drop(&mut self) {
        let poisoned = self.poisoned || std::thread::panicking();
        self.located.unlock(poisoned);
    }
}

/// A symmetric `T` on a home PE, guarded by a [`SymLock`]: the data can be read and written
/// only through the [`MutexGuard`] that [`SymMutex::lock`] returns, so "forgot to take the
/// lock" cannot be written.
///
/// Every PE reaches the same `T` (the one on the home PE); the guard copies it in and out
/// (`get`, `set`, `update`), since another PE's memory is never lent as a reference.
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let mut total = shmem::SymMutex::new(&shmem, 0u64)?;
/// total.lock().unwrap().update(|t| *t += 10);
/// shmem.barrier_all();
/// assert_eq!(total.lock().unwrap().get(), 10 * shmem.n_pes() as u64);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymMutex<'s, T: Pod> {
    lock: SymLock<'s>,
    data: usize,
    _t: PhantomData<T>,
}

impl<T: Pod> fmt::Debug for SymMutex<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymMutex")
            .field("lock", &self.lock)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'s, T: Pod> SymMutex<'s, T> {
    /// Allocates a mutex holding `value`, on home PE 0. *Collective*.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap is full.
    pub fn new(shmem: &'s Shmem, value: T) -> Result<Self, Error> {
        SymMutex::with_home(shmem, shmem.pe_wrapping(0), value)
    }

    /// Allocates a mutex holding `value`, whose data and lock live on PE `home`.
    /// *Collective*: every PE passes the same `home` (and the value of the home PE is the one
    /// that counts).
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different homes;
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap is full.
    pub fn with_home(shmem: &'s Shmem, home: Pe, value: T) -> Result<Self, Error> {
        let me = shmem.my_pe();
        let mut data = 0;
        let lock = SymLock::alloc::<T>(shmem, home, size_of::<T>(), align_of::<T>(), |off| {
            data = off;
            Sym::new(shmem, off).p(me, value);
        })?;
        Ok(SymMutex {
            lock,
            data,
            _t: PhantomData,
        })
    }

    /// The PE that keeps the data and the lock's tail.
    pub fn home(&self) -> Pe {
        self.lock.home()
    }

    /// Acquires the lock (see [`SymLock::lock`]) and returns the guard through which the data
    /// is read and written. *One-sided*.
    ///
    /// # Errors
    /// [`PoisonError`], holding the guard, when a previous holder panicked while holding the
    /// lock (the data may be half updated) and nobody cleared the poison since.
    #[inline]
    pub fn lock(&mut self) -> LockResult<MutexGuard<'_, T>> {
        let home = self.lock.home();
        let data = Sym::new(self.lock.shmem, self.data);
        let wrap = |guard| MutexGuard { guard, home, data };
        match self.lock.lock() {
            Ok(guard) => Ok(wrap(guard)),
            Err(e) => Err(PoisonError::new(wrap(e.into_inner()))),
        }
    }

    /// Takes the lock only if it is free (see [`SymLock::try_lock`]). *One-sided*.
    ///
    /// # Errors
    /// [`TryLockError::WouldBlock`] when another PE holds the lock or waits for it; nothing
    /// was written. [`TryLockError::Poisoned`], holding the guard, when the lock was free but
    /// poisoned.
    #[inline]
    pub fn try_lock(&mut self) -> TryLockResult<MutexGuard<'_, T>> {
        let home = self.lock.home();
        let data = Sym::new(self.lock.shmem, self.data);
        let wrap = |guard| MutexGuard { guard, home, data };
        match self.lock.try_lock() {
            Ok(guard) => Ok(wrap(guard)),
            Err(TryLockError::Poisoned(e)) => Err(PoisonError::new(wrap(e.into_inner())).into()),
            Err(TryLockError::WouldBlock) => Err(TryLockError::WouldBlock),
        }
    }

    /// A snapshot of the lock's queue (see [`SymLock::snapshot`]).
    pub fn snapshot(&self) -> LockSnapshot {
        self.lock.snapshot()
    }
}

/// Proof that this PE holds a [`SymMutex`]'s lock, and the only way to its data. Dropping it
/// releases the lock like a [`LockGuard`] (after `quiet`, so writes through the guard are
/// complete before the next holder can read).
#[must_use = "the lock is released as soon as the guard is dropped"]
pub struct MutexGuard<'a, T: Pod> {
    guard: LockGuard<'a>,
    home: Pe,
    data: Sym<'a, T>,
}

impl<T: Pod> fmt::Debug for MutexGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MutexGuard")
            .field("guard", &self.guard)
            .field("home", &self.home)
            .finish()
    }
}

impl<T: Pod> MutexGuard<'_, T> {
    /// Reads the data from the home PE (`shmem_g` / `shmem_get`).
    #[inline]
    pub fn get(&self) -> T {
        self.data.g(self.home)
    }

    /// Writes the data on the home PE (`shmem_p` / `shmem_put`); complete when the guard
    /// drops, at the latest.
    #[inline]
    pub fn set(&mut self, value: T) {
        self.data.p(self.home, value);
    }

    /// Reads the data, lets `f` change it, writes it back; returns what `f` returns.
    #[inline]
    pub fn update<R>(&mut self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut v = self.get();
        let r = f(&mut v);
        self.set(v);
        r
    }

    /// The PE that keeps the data.
    pub fn home(&self) -> Pe {
        self.home
    }

    /// Whether the lock is poisoned (see [`LockGuard::is_poisoned`]).
    pub fn is_poisoned(&self) -> bool {
        self.guard.is_poisoned()
    }

    /// Declares the data consistent again (see [`LockGuard::clear_poison`]).
    pub fn clear_poison(&mut self) {
        self.guard.clear_poison();
    }

    /// A snapshot of the lock's queue, taken by the holder (see [`SymLock::snapshot`]).
    pub fn snapshot(&self) -> LockSnapshot {
        self.guard.snapshot()
    }

    /// Releases the lock now (the same as dropping the guard).
    #[inline]
    pub fn unlock(self) {
        drop(self);
    }
}
