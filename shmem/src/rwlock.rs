//! The distributed reader/writer lock: [`SymRwLock`], with [`ReadGuard`] and [`WriteGuard`].
//!
//! Shared (read) and exclusive (write) modes, served *first come, first served*: a reader that
//! arrives after a waiting writer waits behind it, so a stream of readers never starves a
//! writer, and readers that arrive one after another hold the lock together. OpenSHMEM's lock
//! has no shared mode; MPI's window lock has one but promises no order. The algorithm (a
//! ticket lock with one state word, waking waiters through their own memory) is documented in
//! `shmem_core::rwlock`.
//!
//! What the types rule out:
//! * *Two requests of one PE on one lock* (in C, a PE that read-locks twice while a writer
//!   waits deadlocks): [`SymRwLock::read`] and [`SymRwLock::write`] borrow the lock mutably
//!   for the guard's life.
//! * *Writing under a read lock*: only [`WriteGuard`] has `set`/`update`.
//! * *Reaching the data without the lock*: [`SymRwLock`] has no accessor for its `T`.
//! * *A half-updated value after a writer panicked*: a write guard dropped during a panic
//!   poisons the lock, as `std::sync::RwLock` does; every later guard comes inside a
//!   [`PoisonError`] until a writer calls [`WriteGuard::clear_poison`].

use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use bytemuck::Pod;
use shmem_core::rwlock::{RWLOCK_ALIGN, RawRwLock, RwHold, RwKind, rwlock_size};
use shmem_core::{AllocRequest, Allocation};

use crate::handle::{Pe, Shmem};
use crate::lock::{LockResult, PoisonError, TryLockError, TryLockResult};
use crate::sym::Sym;
use shmem_core::Error;

/// A snapshot of a reader/writer lock ([`SymRwLock::snapshot`]): the writer, the readers and
/// the queue in admission order; a test and debugging aid, exact while the lock does not
/// change.
pub type RwSnapshot = shmem_core::rwlock::RwSnapshot<Pe>;

/// A distributed reader/writer lock in symmetric memory, guarding a `T` on its home PE (`()`
/// for a lock without data).
///
/// Created collectively, cleared on every PE before [`SymRwLock::new`] returns, freed when
/// dropped. The guards copy the data in and out (`get`, and for a writer `set`/`update`),
/// since another PE's memory is never lent as a reference. Dropping a guard releases the lock
/// after completing this PE's stores (`quiet`).
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let mut table = shmem::SymRwLock::new(&shmem, [0u64; 4])?;
/// let me = shmem.my_pe().index();
/// table.write().unwrap().update(|t| t[me % 4] += 1);  // exclusive
/// shmem.barrier_all();
/// let seen = table.read().unwrap().get();               // shared with other readers
/// assert_eq!(seen.iter().sum::<u64>(), shmem.n_pes() as u64);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct SymRwLock<'s, T: Pod = ()> {
    shmem: &'s Shmem,
    raw: RawRwLock,
    data: usize,
    /// The heap block (freed on drop, locally; reused only after every PE dropped it, as for
    /// `SymLock`).
    _block: Allocation<'s>,
    _t: PhantomData<T>,
}

impl<T: Pod> fmt::Debug for SymRwLock<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SymRwLock")
            .field("offset", &self.raw.offset())
            .field("home", &self.raw.home())
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'s, T: Pod> SymRwLock<'s, T> {
    /// Allocates a lock holding `value`, homed on PE 0. *Collective*.
    ///
    /// # Errors
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap is full.
    pub fn new(shmem: &'s Shmem, value: T) -> Result<Self, Error> {
        SymRwLock::with_home(shmem, shmem.pe_wrapping(0), value)
    }

    /// Allocates a lock holding `value`, whose state and data live on PE `home` (the home
    /// PE's `value` is the one that counts). *Collective*: every PE passes the same `home`.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different homes (nothing
    /// is allocated); [`Error::HeapExhausted`] on every PE when the heap is full.
    pub fn with_home(shmem: &'s Shmem, home: Pe, value: T) -> Result<Self, Error> {
        let rt = shmem.rt();
        let lock_bytes = rwlock_size(shmem.n_pes()).next_multiple_of(align_of::<T>());
        let size = lock_bytes + size_of::<T>();
        let req = AllocRequest::object::<T>(
            size,
            RWLOCK_ALIGN.max(align_of::<T>()),
            4,
            home.index() as u64,
        );
        let me = shmem.my_pe();
        let block = rt.alloc(req, |offset| {
            RawRwLock::new(offset, home.index()).init_local(rt.transport());
            Sym::new(shmem, offset + lock_bytes).p(me, value);
        })?;
        Ok(SymRwLock {
            shmem,
            raw: RawRwLock::new(block.offset(), home.index()),
            data: block.offset() + lock_bytes,
            _block: block,
            _t: PhantomData,
        })
    }

    /// The PE that keeps the lock's state and the data.
    pub fn home(&self) -> Pe {
        self.shmem.pe_wrapping(self.raw.home())
    }

    /// Acquires the lock shared, waiting for the writers that asked before this PE.
    /// *One-sided*.
    ///
    /// # Errors
    /// [`PoisonError`], holding the guard, when a writer panicked while holding the lock and
    /// no writer cleared the poison since.
    ///
    /// # Panics
    /// When [`crate::MAX_READERS`] readers hold the lock at this PE's turn, as `std`'s lock
    /// panics when its reader count would overflow: only read guards that are never dropped
    /// (forgotten) add up to that many.
    pub fn read(&mut self) -> LockResult<ReadGuard<'_, T>> {
        let hold = self.raw.lock(self.shmem.rt().transport(), RwKind::Shared);
        wrap(self.read_guard(hold), hold.poisoned())
    }

    /// Acquires the lock exclusively, waiting for everyone who asked before this PE and for
    /// the readers holding it. *One-sided*.
    ///
    /// # Errors
    /// [`PoisonError`], holding the guard, as for [`SymRwLock::read`].
    pub fn write(&mut self) -> LockResult<WriteGuard<'_, T>> {
        let hold = self
            .raw
            .lock(self.shmem.rt().transport(), RwKind::Exclusive);
        wrap(self.write_guard(hold), hold.poisoned())
    }

    /// Takes the lock shared only if nobody waits for it and no writer holds it; never
    /// waits, never overtakes.
    ///
    /// # Errors
    /// [`TryLockError::WouldBlock`] otherwise (nothing was written);
    /// [`TryLockError::Poisoned`], holding the guard, when it was taken but is poisoned.
    pub fn try_read(&mut self) -> TryLockResult<ReadGuard<'_, T>> {
        match self
            .raw
            .try_lock(self.shmem.rt().transport(), RwKind::Shared)
        {
            Some(hold) => Ok(wrap(self.read_guard(hold), hold.poisoned())?),
            None => Err(TryLockError::WouldBlock),
        }
    }

    /// Takes the lock exclusively only if it is free (nobody holds it, nobody waits).
    ///
    /// # Errors
    /// As for [`SymRwLock::try_read`].
    pub fn try_write(&mut self) -> TryLockResult<WriteGuard<'_, T>> {
        match self
            .raw
            .try_lock(self.shmem.rt().transport(), RwKind::Exclusive)
        {
            Some(hold) => Ok(wrap(self.write_guard(hold), hold.poisoned())?),
            None => Err(TryLockError::WouldBlock),
        }
    }

    /// A snapshot of the lock: writer, readers and the queue in admission order (reads every
    /// PE's request word; for tests and debugging, not for synchronization).
    pub fn snapshot(&self) -> RwSnapshot {
        snapshot(self.shmem, &self.raw)
    }

    fn read_guard<'a>(&'a self, hold: RwHold<'a>) -> ReadGuard<'a, T> {
        ReadGuard {
            shmem: self.shmem,
            raw: self.raw,
            hold,
            data: Sym::new(self.shmem, self.data),
            _lock: PhantomData,
        }
    }

    fn write_guard<'a>(&'a self, hold: RwHold<'a>) -> WriteGuard<'a, T> {
        WriteGuard {
            shmem: self.shmem,
            raw: self.raw,
            hold,
            data: Sym::new(self.shmem, self.data),
            poisoned: hold.poisoned(),
            _lock: PhantomData,
        }
    }
}

fn wrap<G>(guard: G, poisoned: bool) -> LockResult<G> {
    if poisoned {
        Err(PoisonError::new(guard))
    } else {
        Ok(guard)
    }
}

fn snapshot(shmem: &Shmem, raw: &RawRwLock) -> RwSnapshot {
    raw.snapshot(shmem.rt().transport())
        .map(|p| shmem.pe_wrapping(p))
}

/// Proof that this PE holds a [`SymRwLock`] shared; reads the data. Dropping it releases the
/// lock (after `quiet`).
#[must_use = "the lock is released as soon as the guard is dropped"]
pub struct ReadGuard<'a, T: Pod> {
    shmem: &'a Shmem,
    raw: RawRwLock,
    /// The acquisition the drop releases.
    hold: RwHold<'a>,
    data: Sym<'a, T>,
    _lock: PhantomData<&'a mut ()>,
}

impl<T: Pod> fmt::Debug for ReadGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReadGuard")
            .field("offset", &self.raw.offset())
            .finish()
    }
}

impl<T: Pod> ReadGuard<'_, T> {
    /// Reads the data from the home PE.
    pub fn get(&self) -> T {
        self.data.g(self.shmem.pe_wrapping(self.raw.home()))
    }

    /// A snapshot of the lock, taken by a holder (see [`SymRwLock::snapshot`]).
    pub fn snapshot(&self) -> RwSnapshot {
        snapshot(self.shmem, &self.raw)
    }

    /// Releases the lock now (the same as dropping the guard).
    pub fn unlock(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for ReadGuard<'_, T> {
    fn drop(&mut self) {
        self.hold.unlock(self.shmem.rt().transport(), false);
    }
}

/// Proof that this PE holds a [`SymRwLock`] exclusively; reads and writes the data. Dropping
/// it releases the lock after `quiet`, so the next holder sees every write; dropped during a
/// panic, it poisons the lock.
#[must_use = "the lock is released as soon as the guard is dropped"]
pub struct WriteGuard<'a, T: Pod> {
    shmem: &'a Shmem,
    raw: RawRwLock,
    /// The acquisition the drop releases.
    hold: RwHold<'a>,
    data: Sym<'a, T>,
    poisoned: bool,
    _lock: PhantomData<&'a mut ()>,
}

impl<T: Pod> fmt::Debug for WriteGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WriteGuard")
            .field("offset", &self.raw.offset())
            .field("poisoned", &self.poisoned)
            .finish()
    }
}

impl<T: Pod> WriteGuard<'_, T> {
    fn home(&self) -> Pe {
        self.shmem.pe_wrapping(self.raw.home())
    }

    /// Reads the data from the home PE.
    pub fn get(&self) -> T {
        self.data.g(self.home())
    }

    /// Writes the data on the home PE; complete when the guard drops, at the latest.
    pub fn set(&mut self, value: T) {
        self.data.p(self.home(), value);
    }

    /// Reads the data, lets `f` change it, writes it back; returns what `f` returns.
    pub fn update<R>(&mut self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut v = self.get();
        let r = f(&mut v);
        self.set(v);
        r
    }

    /// Whether the lock is poisoned (and this writer has not cleared it).
    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    /// Declares the data consistent again: the lock is released unpoisoned (unless this PE
    /// panics first).
    pub fn clear_poison(&mut self) {
        self.poisoned = false;
    }

    /// A snapshot of the lock, taken by the holder (see [`SymRwLock::snapshot`]).
    pub fn snapshot(&self) -> RwSnapshot {
        snapshot(self.shmem, &self.raw)
    }

    /// Releases the lock now (the same as dropping the guard).
    pub fn unlock(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for WriteGuard<'_, T> {
    fn drop(&mut self) {
        let poison = self.poisoned || std::thread::panicking();
        self.hold.unlock(self.shmem.rt().transport(), poison);
    }
}
