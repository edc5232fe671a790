//! MPI-style RMA windows with access epochs (seed page 001, MPICH's one-sided device):
//! [`Window`]; passive target: [`Epoch`] (`MPI_Win_lock` on one target, shared or
//! exclusive) and [`EpochAll`] (`MPI_Win_lock_all`); active target: [`FenceEpoch`]
//! (`MPI_Win_fence`) and [`Exposure`] / [`Access`] (`MPI_Win_post`/`wait`,
//! `MPI_Win_start`/`complete`); and the accumulate family ([`op`]).
//!
//! What the types rule out:
//! * *RMA outside an access epoch*: puts, gets and accumulates are methods of the epoch
//!   guards only; a [`Window`] has none.
//! * *Using an epoch after it ended*: the guard's drop is the unlock (or the closing fence,
//!   `MPI_Win_complete`, `MPI_Win_wait`), and `unlock`/`fence`/`complete`/`wait` consume the
//!   guard.
//! * *RMA in an access epoch to a PE outside its group*: [`Error::NotInEpochGroup`].
//! * *An epoch that outlives its window*: every guard borrows the window.
//! * *Two epochs of one PE on one target that exclude each other* (MPI forbids nested locks
//!   of one target): [`Window::lock`] borrows the window shared, so a PE may hold epochs on
//!   any number of targets at once (lock several, operate on each, flush, unlock, as MPI
//!   programs do), and the window keeps this PE's epochs per target: a second shared epoch
//!   on a target shares the first one's hold of the lock (it never queues behind a writer
//!   that waits for this PE), and an epoch that would conflict with one this PE holds there
//!   is refused with [`Error::EpochHeld`] instead of waiting for itself. [`Window::lock_all`],
//!   fence and post/start epochs borrow the window mutably, so they exclude every other
//!   epoch of this PE on the window.
//! * *`bor` on a float*: the accumulate operators are types bound to element types, as the
//!   reductions are ([`op`]).
//!
//! Semantics:
//! * Displacements are element indices into the target's part of the window, bounds-checked
//!   against that target's length ([`Error::OutOfBounds`]); a refused call writes nothing.
//!   The length is the same on every PE ([`Window::new`]) or each PE's own
//!   ([`Window::new_sized`], `MPI_Win_allocate` with a size per process, 0 allowed):
//!   [`Window::len`] is this PE's, [`Window::len_of`] any PE's.
//! * An exclusive epoch excludes every other epoch on that target; shared epochs overlap. The
//!   lock is `shmem_core::rwlock`'s task-fair reader/writer lock, one per target PE: requests
//!   are served in the order they were made, so a stream of shared epochs never starves an
//!   exclusive one (MPICH's older device let it).
//! * Ending an epoch (dropping its guard) completes every operation of the epoch at the
//!   target (`quiet`) before the lock moves on; `flush`/`flush_local` complete them earlier.
//! * Every operation of the accumulate family (`accumulate`, `get_accumulate`,
//!   `fetch_and_op`, `compare_and_swap`) is atomic per element with respect to every other
//!   one on the same location from any PE, whatever the operator and the length (MPI leaves
//!   mixing operators undefined; this defines it): they run under a per-target accumulate
//!   lock. A failing `compare_and_swap` writes nothing. Puts and gets are not atomic with
//!   respect to accumulates (as in MPI), but never unsafe: a racing put and accumulate give
//!   one of the interleavings element by element, never undefined behaviour.
//! * With [`Window::with_counts`], each target counts the operations every origin completed
//!   into it ([`Window::received_from`], [`Window::wait_received`]): a notification without
//!   flags (seed page 001's per-origin receive counts).
//! * [`Layout`]s (seed page 001's datatype cache) describe non-contiguous origin and target
//!   sides (vector, indexed, nested), checked once when built and reused for any number of
//!   transfers (`put_layout`, `get_layout`); the transfer moves each run that is contiguous on
//!   both sides with one copy.
//! * Request-based operations (`MPI_Rput`, `MPI_Rget`, `MPI_Raccumulate`,
//!   `MPI_Rget_accumulate`) live in a scope opened on an epoch guard ([`Requests`]); a
//!   [`Request`] can outlive neither the scope, nor the epoch, nor its buffers, hands a get's
//!   buffer back when finished, and allocates nothing; [`wait_all`], [`wait_any`] and
//!   [`test_all`] complete sets of them.
//! * Dropping a window frees it on this PE; its memory is reused only after every PE dropped
//!   its window (the heap's deferred free), so no PE's epoch can reach reused memory.
//! * An [`ActiveWindow`] (MPI's `no_locks=true`) serves fence and post/start epochs only: it
//!   has no `lock`, `try_lock` or `lock_all` (a call does not compile), and its block keeps no
//!   reader/writer lock words.
//! * A [`TeamWindow`] is a window over the members of a split [`Team`] only: created and
//!   dropped collectively over the team, its memory allocated from the team's own side of the
//!   symmetric heap (PEs outside the team take no part and their heaps do not change). Its
//!   epochs name PEs by [`TeamPe`] (or by world [`Pe`]; both are [`WindowPe`]s); naming a PE
//!   outside the team is [`Error::NotInWindow`]. Fence epochs synchronize the team only.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::marker::PhantomData;
use std::mem::{align_of, size_of};

use bytemuck::Pod;
use shmem_core::lock::{LOCK_SIZE, LocatedLock, RawLock};
use shmem_core::pe_set::PeSet;
use shmem_core::rwlock::{RWLOCK_OWN_BYTES, RawRwLock, RwKind, RwTable, rwlock_size};
use shmem_core::transport::shm::LocatedRange;
use shmem_core::transport::{AmoOp, Transport};
use shmem_core::wait::{WaitKind, WaitSite};
use shmem_core::{AllocRequest, Allocation, DefaultTransport, TeamAllocation};

use crate::handle::{Pe, Shmem};
use crate::sym::SymVec;
use crate::team::{Team, TeamPe};
use shmem_core::Error;

/// The mode of a passive-target epoch: `LockKind::Shared` (`MPI_LOCK_SHARED`) or
/// `LockKind::Exclusive` (`MPI_LOCK_EXCLUSIVE`).
pub type LockKind = RwKind;

const LINE: usize = 128;

mod layout;
pub mod op;
mod request;

pub use layout::Layout;
use layout::zip_layouts;
use op::AccumulateOp;
pub use request::{Request, Requests, test_all, wait_all, wait_any};

/// A PE as an epoch's RMA methods take it: a world [`Pe`] or a [`TeamPe`] (of any team: it
/// names one process). On a [`TeamWindow`], a PE outside the window's team is refused
/// ([`Error::NotInWindow`]). Sealed.
pub trait WindowPe: Copy + pe_sealed::Sealed {
    /// The PE's world number.
    fn world_index(self) -> usize;
}

mod pe_sealed {
    pub trait Sealed {}
}

impl pe_sealed::Sealed for Pe {}
impl WindowPe for Pe {
    #[inline]
    fn world_index(self) -> usize {
        self.index()
    }
}

impl pe_sealed::Sealed for TeamPe {}
impl WindowPe for TeamPe {
    #[inline]
    fn world_index(self) -> usize {
        self.world().index()
    }
}

/// A member as the window reaches it: its accumulate lock (a queue lock object per member,
/// homed on it), its elements (what puts, gets and the accumulate family read and write),
/// both located when the window is made, and how many elements it exposes (what every
/// operation on it is checked against: the block holds the longest member's elements on
/// every member, and a shorter member's part is only its own length of it).
#[derive(Debug)]
struct Target<'s> {
    acc: LocatedLock<'s>,
    part: LocatedRange<'s>,
    len: usize,
}

/// The length a PE passes to a window's constructor.
#[derive(Clone, Copy, Debug)]
enum Length {
    /// Every member passes the same length (checked by the allocation's agreement).
    Same(usize),
    /// Each member passes its own (published in an agreement round before the allocation).
    Own(usize),
}

/// This PE's passive-target epochs on one member's lock: how many it holds (`EXCLUSIVE`: one
/// exclusive epoch; 0: none), and their acquisition of the lock (`RwHold::word`), which the
/// last one to end releases. A PE makes at most one request on a lock at a time
/// (`shmem_core::rwlock`'s contract): shared epochs after the first count here and take no
/// request, and a conflicting one is refused.
#[derive(Debug)]
struct Held {
    epochs: Cell<usize>,
    word: Cell<u64>,
}

/// `Held::epochs` of an exclusive epoch.
const EXCLUSIVE: usize = usize::MAX;

/// `Held::epochs` of the first epoch of mode `kind`.
#[inline]
fn epochs_of(kind: LockKind) -> usize {
    match kind {
        RwKind::Shared => 1,
        RwKind::Exclusive => EXCLUSIVE,
    }
}

/// Which epochs a window serves, and so whether its block keeps lock state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Epochs {
    /// Passive target (`lock`, `try_lock`, `lock_all`) and active target: a reader/writer
    /// lock per member and this PE's epoch state per target ([`Window`], [`TeamWindow`]).
    All,
    /// Active target only (fence, post/start/complete/wait; [`ActiveWindow`], MPI's
    /// `no_locks`): no lock words in the block and an empty lock table.
    Active,
}

/// The window's heap block: a world allocation (freed locally, released at a later world
/// allocation) or a team allocation (freed collectively over the team).
enum Block<'s> {
    World(#[allow(dead_code)] Allocation<'s>),
    Team(#[allow(dead_code)] TeamAllocation<'s>),
}

/// An RMA window: elements of `T` on every PE, exposed to every PE's access epochs: `len`
/// on every PE ([`Window::new`]) or as many as each PE chose ([`Window::new_sized`], 0 on
/// some PEs if they like). Created collectively, zero-filled.
///
/// # Examples
/// ```
/// use shmem::window::{LockKind, Window, op};
///
/// let shmem = shmem::init()?;
/// let mut win = Window::<u64>::new(&shmem, 16)?;
/// let zero = shmem.pe(0)?;
/// {
///     let epoch = win.lock(zero, LockKind::Shared)?; // MPI_Win_lock(SHARED, 0)
///     epoch.accumulate(3, &[1, 2], op::Sum)?;         // atomic per element
/// }                                                   // MPI_Win_unlock: complete at PE 0
/// shmem.barrier_all();
/// let mut got = [0u64; 2];
/// win.lock(zero, LockKind::Exclusive)?.get(3, &mut got)?;
/// assert_eq!(got, [shmem.n_pes() as u64, 2 * shmem.n_pes() as u64]);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct Window<'s, T: Pod> {
    shmem: &'s Shmem,
    /// The members (world PEs); every per-PE array of the block is indexed by member number.
    set: PeSet,
    /// This PE's member number.
    me: usize,
    /// Whether the members are every PE (then member `i` is PE `i`).
    world: bool,
    /// This PE's elements (each member's: `targets[i].len`).
    len: usize,
    /// Symmetric offset of element 0.
    data: usize,
    /// The members' reader/writer locks, located (member `i`'s at index `i`: its home part
    /// on member `i`, this PE's requester words for it in this PE's part).
    locks: RwTable<'s>,
    /// This PE's passive-target epochs on each member (index `i`: member `i`).
    held: Box<[Held]>,
    /// The members, located (member `i` at index `i`).
    targets: Box<[Target<'s>]>,
    /// Active-target counters, `m` words each, indexed by member: `POSTED[q]` (how many
    /// exposure epochs member `q` opened to this PE), then `COMPLETED[q]` (how many access
    /// epochs of `q` to this PE completed), then `RECEIVED[q]` (operations of `q` completed
    /// into this PE's part, with counts); then `FENCED` (one word: how many fence arrivals of
    /// the other members reached this PE, team windows only).
    sync: usize,
    /// Fences this PE has entered (team windows: what `FENCED` must reach).
    fences: Cell<u64>,
    /// How many exposure epochs this PE opened to each origin (what `COMPLETED` must reach).
    posts_to: RefCell<Vec<u64>>,
    /// How many access epochs this PE started to each target (what `POSTED` must reach).
    starts_to: RefCell<Vec<u64>>,
    /// With counts ([`Window::with_counts`]): operations issued to each target and not yet
    /// counted there (the third array of `sync`, `RECEIVED[q]`, is what `q` completed here).
    pending: Option<RefCell<Vec<u64>>>,
    /// Whether an operation may have stored into the segment since the last accumulate-family
    /// call released its lock (see [`Window::complete_ops`]).
    stored: Cell<bool>,
    _block: Block<'s>,
    _t: PhantomData<T>,
}

impl<T: Pod> fmt::Debug for Window<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Window")
            .field("len", &self.len)
            .field("offset", &self.data)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'s, T: Pod> Window<'s, T> {
    /// Allocates a window of `len` zeroed elements on every PE. *Collective*: every PE passes
    /// the same `len`.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different lengths;
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap cannot hold it.
    pub fn new(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Window::create(shmem, None, Length::Same(len), false, None, Epochs::All)
    }

    /// Allocates a window of `my_len` zeroed elements on this PE, where each PE passes its
    /// own length (0 included): `MPI_Win_allocate` with a size per process. Every epoch's
    /// operations on a target are checked against *that target's* length
    /// ([`Window::len_of`]). *Collective*: every PE calls it (one agreement round on the
    /// lengths, then the allocation, sized for the longest on every PE).
    ///
    /// # Errors
    /// On every PE alike, nothing allocated: [`Error::ArgumentMismatch`] when some PE made
    /// another collective call (or asked for counts where another did not);
    /// [`Error::HeapExhausted`] when the symmetric heap cannot hold the longest length.
    ///
    /// # Examples
    /// PE `i` exposes `i` elements (PE 0 none), and every PE adds one to the last element
    /// of every other PE's part:
    /// ```
    /// use shmem::window::{LockKind, Window, op};
    ///
    /// let shmem = shmem::init()?;
    /// let me = shmem.my_pe();
    /// let mut win = Window::<u64>::new_sized(&shmem, me.index())?;
    /// assert_eq!(win.len(), me.index());
    /// {
    ///     let all = win.lock_all();                            // MPI_Win_lock_all
    ///     for pe in shmem.pes().filter(|pe| pe.index() > 0) {
    ///         all.accumulate(pe, pe.index() - 1, &[1], op::Sum)?;
    ///     }
    /// }
    /// let zero = shmem.pe(0)?;
    /// let past = win.lock(zero, LockKind::Shared)?.put(0, &[1]); // PE 0 exposes nothing
    /// assert!(matches!(past, Err(shmem::Error::OutOfBounds { object_len: 0, .. })));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn new_sized(shmem: &'s Shmem, my_len: usize) -> Result<Self, Error> {
        Window::create(shmem, None, Length::Own(my_len), false, None, Epochs::All)
    }

    /// Like [`Window::new`], and the window counts, on each target, the operations each
    /// origin completed into it (seed page 001's per-origin receive counts): read them with
    /// [`Window::received_from`], wait for them with [`Window::wait_received`]. A
    /// notification without flags: an origin's puts and accumulates are counted when they
    /// complete (at a flush or when the epoch ends), so a target that sees the count reach
    /// `k` sees the data of those `k` operations. Costs one remote atomic per target at each
    /// flush or epoch end that had operations. *Collective*, like `new` (every PE must ask
    /// for counts alike).
    ///
    /// # Errors
    /// As for [`Window::new`].
    pub fn with_counts(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Window::create(shmem, None, Length::Same(len), true, None, Epochs::All)
    }

    /// [`Window::new_sized`] (each PE passes its own length), with per-origin completion
    /// counts ([`Window::with_counts`]). *Collective*, like `new_sized` (every PE must ask
    /// for counts alike).
    ///
    /// # Errors
    /// As for [`Window::new_sized`].
    pub fn with_counts_sized(shmem: &'s Shmem, my_len: usize) -> Result<Self, Error> {
        Window::create(shmem, None, Length::Own(my_len), true, None, Epochs::All)
    }

    /// A window over an existing symmetric array (`MPI_Win_create` over memory the program
    /// already has): the array's elements, as they are (not zeroed), are the window's. The
    /// array stays borrowed while the window lives, so nothing but the window's epochs reaches
    /// it; dropping the window gives it back with what the epochs left in it. *Collective*:
    /// every PE passes the same array (its copy of one `SymVec`).
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different arrays;
    /// [`Error::HeapExhausted`] on every PE when the symmetric heap cannot hold the window's
    /// locks and counters.
    ///
    /// # Examples
    /// ```
    /// use shmem::window::{LockKind, Window, op};
    ///
    /// let shmem = shmem::init()?;
    /// let mut v = shmem::SymVec::from_fn(&shmem, 4, |i| i as u64)?;
    /// {
    ///     let mut win = Window::over(&mut v)?;
    ///     let me = shmem.my_pe();
    ///     win.lock(me, LockKind::Exclusive)?.accumulate(0, &[10, 10], op::Sum)?;
    /// }
    /// assert_eq!(v.read(1)?, 11);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn over(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Window::create(
            vec.shmem(),
            None,
            Length::Same(vec.len()),
            false,
            Some(vec.offset()),
            Epochs::All,
        )
    }

    /// [`Window::over`], with per-origin completion counts ([`Window::with_counts`]).
    ///
    /// # Errors
    /// As for [`Window::over`].
    pub fn over_with_counts(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Window::create(
            vec.shmem(),
            None,
            Length::Same(vec.len()),
            true,
            Some(vec.offset()),
            Epochs::All,
        )
    }

    /// `team`: the members (`None`: every PE, a world allocation); `length`: this PE's
    /// length and whether every member passes the same; `over`: the symmetric offset of an
    /// existing array whose elements are the data (every member's length the same); `None`:
    /// the data is allocated (zeroed) with the rest, sized for the longest member; `epochs`:
    /// whether the window keeps lock state (`Epochs::Active`: no lock words in the block, an
    /// empty lock table; world windows only, as [`ActiveWindow`] makes them).
    fn create(
        shmem: &'s Shmem,
        team: Option<&'s Team<'_>>,
        length: Length,
        counted: bool,
        over: Option<usize>,
        epochs: Epochs,
    ) -> Result<Self, Error> {
        debug_assert!(
            team.is_none() || epochs == Epochs::All,
            "team windows keep locks"
        );
        let n = shmem.n_pes();
        let set = team.map_or(PeSet::world(n), Team::set);
        let m = set.size();
        let me = set
            .index_of(shmem.my_pe().index())
            .expect("a team is held by its members");
        let lens = Window::<T>::lengths(shmem, team, length, counted, epochs)?;
        let len = lens[me];
        // The block holds the longest member's elements on every member (the same size
        // everywhere, as the symmetric heap needs).
        let longest = lens.iter().copied().max().unwrap_or(0);
        let data_bytes = if over.is_some() {
            Some(0)
        } else {
            longest.checked_mul(size_of::<T>())
        };
        // Offsets in the block: the elements (unless over an array), the home part of this
        // PE's lock (its ticket ring has a slot per world PE: entries name world PEs), the
        // requester words (one per member; both lock areas are empty without passive-target
        // epochs) and the accumulate locks (one per member), the counters. `None` when
        // the size overflows: that goes through the allocation's agreement like any size
        // (every member then gets the same error), rather than returning here while the other
        // members wait in the allocation.
        let layout = data_bytes
            .and_then(|b| b.checked_next_multiple_of(LINE))
            .and_then(|lock_home| {
                let (home_bytes, own_bytes) = match epochs {
                    Epochs::All => (
                        rwlock_size(n),
                        (RWLOCK_OWN_BYTES * m).next_multiple_of(LINE),
                    ),
                    Epochs::Active => (0, 0),
                };
                let own = lock_home.checked_add(home_bytes)?;
                let acc = own.checked_add(own_bytes)?;
                let sync = acc.checked_add(LOCK_SIZE * m)?;
                let size = sync.checked_add(8 * (3 * m + 1))?;
                Some((lock_home, own, acc, sync, size))
            });
        let (lock_home, own, acc, sync, size) = layout.unwrap_or_default();
        // The parameter every member must pass alike: the length and whether it counts, or,
        // over an array, which array (its offset; the same offset is the same array) and
        // whether it counts (a different object kind, so the two kinds never compare equal).
        // With a length per member, the lengths were agreed already and the block's size
        // (from the longest) is the same on every member: the parameter is whether it counts.
        // Which epochs the window serves is in the object kind: a window and an active-target
        // window of the same length never agree.
        let object = Window::<T>::object_kind(team, length, over.is_some(), epochs);
        let param = match (length, over) {
            (Length::Own(_), _) => u64::from(counted),
            (Length::Same(_), Some(offset)) => (offset as u64).wrapping_mul(2) | u64::from(counted),
            (Length::Same(_), None) => (len as u64).wrapping_mul(2) | u64::from(counted),
        };
        let mut req = AllocRequest::object::<T>(size, LINE.max(align_of::<T>()), object, param);
        req.bytes = layout.map(|l| l.4);
        let rt = shmem.rt();
        let init = |offset: usize| {
            let t = rt.transport();
            let my_pe = t.my_pe();
            let zeros = [0u8; 4096];
            let mut at = 0;
            while at < size {
                let k = (size - at).min(zeros.len());
                t.put(my_pe, offset + at, &zeros[..k]);
                at += k;
            }
            if epochs == Epochs::All {
                RawRwLock::with_own(offset + lock_home, offset + own, my_pe).init_local(t);
            }
            for i in 0..m {
                RawLock::new(offset + acc + LOCK_SIZE * i, set.pe(i)).init_local(t);
            }
        };
        let (block, base) = match team {
            None => {
                let b = rt.alloc(req, init)?;
                let base = b.offset();
                (Block::World(b), base)
            }
            Some(team) => {
                let b = rt.alloc_on(team.coll(), req, init)?;
                let base = b.offset();
                (Block::Team(b), base)
            }
        };
        // Without passive-target epochs: no locks, and no per-target epoch state (nothing can
        // reach either: only `Window`'s `lock`, `try_lock` and `lock_all` do).
        let lockable = match epochs {
            Epochs::All => m,
            Epochs::Active => 0,
        };
        let locks = RwTable::new(
            rt.transport(),
            (0..lockable).map(|i| {
                RawRwLock::with_own(
                    base + lock_home,
                    base + own + RWLOCK_OWN_BYTES * i,
                    set.pe(i),
                )
            }),
        );
        let data = over.unwrap_or(base);
        let t = rt.transport();
        // Each member's part is located with its own length: past it, the located range's
        // backstop panics, so no check here can be skipped into another member's padding.
        let targets = lens
            .iter()
            .enumerate()
            .map(|(i, &len)| Target {
                acc: RawLock::new(base + acc + LOCK_SIZE * i, set.pe(i)).located(t),
                part: t.locate(set.pe(i), data, len * size_of::<T>()),
                len,
            })
            .collect();
        Ok(Window {
            shmem,
            set,
            me,
            world: team.is_none(),
            len,
            data,
            locks,
            held: (0..lockable)
                .map(|_| Held {
                    epochs: Cell::new(0),
                    word: Cell::new(0),
                })
                .collect(),
            targets,
            sync: base + sync,
            fences: Cell::new(0),
            posts_to: RefCell::new(vec![0; m]),
            starts_to: RefCell::new(vec![0; m]),
            pending: counted.then(|| RefCell::new(vec![0; m])),
            stored: Cell::new(false),
            _block: block,
            _t: PhantomData,
        })
    }

    /// Every member's length, in member order: `Length::Same` is every member's as it is
    /// (the allocation's agreement checks that they passed the same); `Length::Own` takes
    /// one agreement round over the members ([`shmem_core::Runtime::agree_sizes`]), whose
    /// error every member gets alike.
    fn lengths(
        shmem: &Shmem,
        team: Option<&Team<'_>>,
        length: Length,
        counted: bool,
        epochs: Epochs,
    ) -> Result<Vec<usize>, Error> {
        let m = team.map_or(shmem.n_pes(), Team::n_pes);
        let own = match length {
            Length::Same(len) => return Ok(vec![len; m]),
            Length::Own(len) => len,
        };
        let object = Window::<T>::object_kind(team, length, false, epochs);
        let req = AllocRequest::object::<T>(0, LINE, object, u64::from(counted));
        let sizes = shmem
            .rt()
            .agree_sizes(team.map(Team::coll), &req, own as u64)?;
        Ok(sizes.into_iter().map(|s| s as usize).collect())
    }

    /// The allocation's object kind (an index into `shmem_core::collectives::OBJECT_NAMES`)
    /// of a window over `team` (`None`: every PE) with `length`, over an existing array or
    /// not, serving `epochs`: every constructor its own, so that members that called
    /// different ones get `ArgumentMismatch`. Team windows always keep locks (`create`
    /// asserts it), so their kinds do not depend on `epochs`.
    fn object_kind(team: Option<&Team<'_>>, length: Length, over: bool, epochs: Epochs) -> u8 {
        match (team.is_some(), epochs, length, over) {
            (false, Epochs::All, Length::Same(_), false) => 5,
            (false, Epochs::All, Length::Same(_), true) => 6,
            (true, _, Length::Same(_), _) => 7,
            (false, Epochs::All, Length::Own(_), _) => 8,
            (true, _, Length::Own(_), _) => 9,
            (false, Epochs::Active, Length::Same(_), false) => 10,
            (false, Epochs::Active, Length::Same(_), true) => 11,
            (false, Epochs::Active, Length::Own(_), _) => 12,
        }
    }

    /// Elements of the window on this PE. With a length per PE ([`Window::new_sized`]) other
    /// PEs may expose more or fewer: [`Window::len_of`].
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the window has no elements on this PE (`len() == 0`); other PEs' parts may
    /// have some ([`Window::len_of`]).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Elements of the window on PE `pe`: what every operation on `pe` is checked against.
    /// The same on every PE for a window made with one length ([`Window::new`]).
    pub fn len_of(&self, pe: Pe) -> usize {
        self.targets[pe.index()].len
    }

    /// Starts a passive-target access epoch on PE `pe` (`MPI_Win_lock`): waits for the lock
    /// of `pe`'s part of the window in mode `kind` (requests are served in the order they were
    /// made). The epoch's operations are methods of the returned guard; dropping it ends the
    /// epoch (`MPI_Win_unlock`) after completing them.
    ///
    /// The window is borrowed shared: a PE may hold epochs on several targets at once. A
    /// shared epoch on a target where this PE already holds a shared one shares that one's
    /// hold of the lock (no second request, so it never waits behind a writer that waits for
    /// this PE); the lock is released when the last of them ends.
    ///
    /// # Errors
    /// [`Error::EpochHeld`] when this PE holds an exclusive epoch on `pe` of this window, or
    /// a shared one and `kind` is exclusive: the epoch would wait for this PE itself. Nothing
    /// is locked then.
    ///
    /// # Examples
    /// Several targets at once, as MPI programs lock them (MPICH's `lock_nested`):
    /// ```
    /// use shmem::window::{LockKind, Window};
    ///
    /// let shmem = shmem::init()?;
    /// let win = Window::<u64>::new(&shmem, 4)?;
    /// let me = shmem.my_pe();
    /// let epochs = shmem
    ///     .pes()
    ///     .map(|pe| win.lock(pe, LockKind::Shared))
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// for e in &epochs {
    ///     e.get(0, &mut [0])?;
    /// }
    /// let again = win.lock(me, LockKind::Exclusive);      // this PE reads there already
    /// assert!(matches!(again, Err(shmem::Error::EpochHeld { .. })));
    /// drop(epochs);                                       // MPI_Win_unlock, each target
    /// win.lock(me, LockKind::Exclusive)?.put(0, &[7])?;
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline]
    pub fn lock(&self, pe: Pe, kind: LockKind) -> Result<Epoch<'_, T>, Error> {
        self.lock_member(pe.index(), kind)
    }

    /// [`Window::lock`] on member `i`.
    #[inline]
    fn lock_member(&self, i: usize, kind: LockKind) -> Result<Epoch<'_, T>, Error> {
        self.enter(i, kind)?;
        Ok(Epoch {
            win: self,
            pe: i,
            kind,
        })
    }

    /// Takes member `i`'s lock in mode `kind` for one more epoch of this PE, or joins the
    /// shared ones it holds there, for [`Window::leave`] to end. Always inlined, as the lock's
    /// fast path is: an epoch's whole cost is a few dozen instructions, and a call adds a
    /// frame's register saves to it (`bench/icount.rs`: 206 instructions an epoch with
    /// `enter` and `leave` out of line, against 183 before them).
    #[inline(always)]
    fn enter(&self, i: usize, kind: LockKind) -> Result<(), Error> {
        let held = &self.held[i];
        if held.epochs.get() != 0 {
            return self.join(i, kind);
        }
        let hold = self.locks.lock(i, kind);
        held.word.set(hold.word());
        held.epochs.set(epochs_of(kind));
        Ok(())
    }

    /// Tries to start a passive-target epoch on PE `pe` without waiting: `Ok(None)` when the
    /// lock is not free at once in mode `kind` (someone holds or queues for it in a
    /// conflicting mode, or, for a reader, anyone queues); nothing is locked then. A shared
    /// epoch on a target where this PE holds a shared one is always granted ([`Window::lock`]).
    /// There is no `MPI_Win_trylock`; this is [`crate::SymRwLock::try_read`] and
    /// [`crate::SymRwLock::try_write`] for windows.
    ///
    /// # Errors
    /// As for [`Window::lock`].
    pub fn try_lock(&self, pe: Pe, kind: LockKind) -> Result<Option<Epoch<'_, T>>, Error> {
        self.try_lock_member(pe.index(), kind)
    }

    /// [`Window::try_lock`] on member `i`.
    fn try_lock_member(&self, i: usize, kind: LockKind) -> Result<Option<Epoch<'_, T>>, Error> {
        let held = &self.held[i];
        if held.epochs.get() != 0 {
            self.join(i, kind)?;
        } else {
            let Some(hold) = self.locks.try_lock(i, kind) else {
                return Ok(None);
            };
            held.word.set(hold.word());
            held.epochs.set(epochs_of(kind));
        }
        Ok(Some(Epoch {
            win: self,
            pe: i,
            kind,
        }))
    }

    /// An epoch of mode `kind` on member `i`, where this PE holds some already: a shared one
    /// joins the shared ones held; anything else would wait for this PE.
    #[cold]
    #[inline(never)]
    fn join(&self, i: usize, kind: LockKind) -> Result<(), Error> {
        let held = &self.held[i];
        let n = held.epochs.get();
        if n != EXCLUSIVE && kind == RwKind::Shared {
            // One per shared epoch guard made (`usize::MAX - 1` of them, even forgotten, are
            // more than a process can make).
            held.epochs.set(n + 1);
            return Ok(());
        }
        Err(Error::EpochHeld {
            pe: self.pe(i),
            held: if n == EXCLUSIVE {
                RwKind::Exclusive
            } else {
                RwKind::Shared
            },
            asked: kind,
        })
    }

    /// Ends one of this PE's epochs on member `i`: the last one completes the operations
    /// (`settle`, then the release's `quiet`) and releases the lock; an earlier one completes
    /// its operations at the target (a flush), as an unlock must, and leaves the lock held.
    /// Always inlined, as `enter`.
    #[inline(always)]
    fn leave(&self, i: usize) {
        let held = &self.held[i];
        let n = held.epochs.get();
        if n != 1 && n != EXCLUSIVE {
            self.leave_shared(i, n);
            return;
        }
        held.epochs.set(0);
        self.settle(Some(i));
        self.locks.unlock_word(i, held.word.get(), false);
    }

    #[cold]
    #[inline(never)]
    fn leave_shared(&self, i: usize, n: usize) {
        self.held[i].epochs.set(n - 1);
        self.t().quiet();
        self.settle(Some(i));
    }

    /// Starts a shared access epoch on every PE (`MPI_Win_lock_all`): takes every PE's lock
    /// shared, in PE order. Dropping the guard ends it after completing every operation.
    ///
    /// # Panics
    /// When an exclusive epoch of this PE on the window was never ended (a guard passed to
    /// `mem::forget`): the epoch would wait for it forever.
    pub fn lock_all(&mut self) -> EpochAll<'_, T> {
        let win = &*self;
        for i in 0..win.set.size() {
            // Left by `EpochAll`'s drop.
            if let Err(e) = win.enter(i, RwKind::Shared) {
                panic!("lock_all: {e} (a forgotten epoch guard)");
            }
        }
        EpochAll { win }
    }

    /// Opens a fence epoch (`MPI_Win_fence`): *collective*, every PE opens one. A barrier
    /// (with quiet) first, so every PE's earlier accesses to the window are complete; the
    /// guard's RMA methods name their target; dropping the guard is the closing fence, after
    /// which every operation of the epoch is complete and visible everywhere.
    pub fn fence_epoch(&mut self) -> FenceEpoch<'_, T> {
        self.fence_barrier();
        FenceEpoch { win: &*self }
    }

    /// The barrier of a fence (after `quiet`): `barrier_all` for a window over every PE;
    /// over a team, the window's own counter barrier, so that nothing but the members'
    /// fences on this window can pair with it. Each member adds one to every other member's
    /// `FENCED` word and waits until its own has received `m - 1` arrivals per fence it
    /// entered. A member leaves fence `k` only once its word reached `k (m - 1)`; since a
    /// member sends its arrivals of fence `k + 1` only after it left fence `k`, that count
    /// cannot be made up by later arrivals while some member has not yet arrived at `k` (the
    /// first member to leave early would need another that had already left early).
    fn fence_barrier(&self) {
        if self.world {
            self.shmem.barrier_all();
            return;
        }
        let t = self.t();
        t.quiet();
        let m = self.set.size();
        let k = self.fences.get() + 1;
        self.fences.set(k);
        if m == 1 {
            return;
        }
        let word = self.sync + 8 * 3 * m;
        for i in (0..m).filter(|&i| i != self.me) {
            t.amo::<u64>(self.set.pe(i), word, AmoOp::FetchAdd(1));
        }
        let need = k * (m as u64 - 1);
        let site = WaitSite::new(WaitKind::WaitUntil, [word as u64, 8, 0, 0]);
        t.wait_local::<u64>(word, site, |v| v >= need);
    }

    /// Opens an exposure epoch for the origins in `origins` (`MPI_Win_post`): each of them may
    /// then start an access epoch to this PE. Dropping the guard (or [`Exposure::wait`])
    /// waits until every one of them completed it (`MPI_Win_wait`).
    pub fn post(&mut self, origins: &[Pe]) -> Exposure<'_, T> {
        self.post_impl(origins.iter().map(|p| p.index()).collect())
    }

    /// Starts an access epoch to the targets in `targets` (`MPI_Win_start`): waits until each
    /// of them posted an exposure epoch that includes this PE. RMA to any other PE is
    /// refused ([`Error::NotInEpochGroup`]). Dropping the guard (or [`Access::complete`])
    /// completes every operation and tells the targets (`MPI_Win_complete`).
    pub fn start(&mut self, targets: &[Pe]) -> Access<'_, T> {
        self.start_impl(targets.iter().map(|p| p.index()).collect())
    }

    /// Both: an exposure epoch for `origins` and an access epoch to `targets` at once (a PE
    /// that is a target and an origin in the same phase, the usual halo pattern). The
    /// exposure is posted before the access starts, so PEs that do this together never wait
    /// for each other in a cycle.
    pub fn post_start(
        &mut self,
        origins: &[Pe],
        targets: &[Pe],
    ) -> (Exposure<'_, T>, Access<'_, T>) {
        let exposure = self.post_impl(origins.iter().map(|p| p.index()).collect());
        let access = self.start_impl(targets.iter().map(|p| p.index()).collect());
        (exposure, access)
    }

    /// [`Window::post`] for the members `origins`.
    fn post_impl(&self, origins: Vec<usize>) -> Exposure<'_, T> {
        let t = self.t();
        // This PE's own accesses to its part are complete before any origin can write: the
        // post's atomic orders them (`quiet_before_amo`).
        t.quiet_before_amo();
        let mut posts = self.posts_to.borrow_mut();
        for &q in &origins {
            posts[q] += 1;
            t.amo::<u64>(self.set.pe(q), self.sync + 8 * self.me, AmoOp::FetchAdd(1));
        }
        Exposure {
            win: self,
            group: origins,
        }
    }

    /// [`Window::start`] for the members `targets`.
    fn start_impl(&self, targets: Vec<usize>) -> Access<'_, T> {
        let t = self.t();
        let m = self.set.size();
        let mut starts = self.starts_to.borrow_mut();
        for &q in &targets {
            starts[q] += 1;
        }
        let need: Vec<(usize, u64)> = targets.iter().map(|&q| (q, starts[q])).collect();
        drop(starts);
        let site = WaitSite::new(WaitKind::WaitUntilMany, [self.sync as u64, m as u64, 0, 0]);
        t.wait_for(site, || {
            need.iter()
                .all(|&(q, k)| t.get_word::<u64>(t.my_pe(), self.sync + 8 * q) >= k)
        });
        Access {
            win: self,
            group: targets,
        }
    }

    /// The member number of world PE `pe`, or [`Error::NotInWindow`].
    #[inline]
    fn member_of(&self, pe: usize) -> Result<usize, Error> {
        if self.world {
            return Ok(pe);
        }
        self.set.index_of(pe).ok_or(Error::NotInWindow { pe })
    }

    /// The world PE of member `i`.
    #[inline]
    fn pe(&self, i: usize) -> usize {
        if self.world { i } else { self.set.pe(i) }
    }

    #[inline]
    fn t(&self) -> &DefaultTransport {
        self.shmem.rt().transport()
    }

    /// Symmetric byte offset of elements `at .. at + n` of member `i`'s part, or the bounds
    /// error.
    #[inline]
    fn range(&self, i: usize, at: usize, n: usize) -> Result<usize, Error> {
        self.within(i, at, n).map(|b| self.data + b)
    }

    /// Byte offset of elements `at .. at + n` in member `i`'s part (its [`LocatedRange`]), or
    /// the bounds error, which names member `i`'s length.
    #[inline]
    fn within(&self, i: usize, at: usize, n: usize) -> Result<usize, Error> {
        // Every operation checks its range here: from now on a flush needs its fence.
        self.stored.set(true);
        let len = self.targets[i].len;
        match at.checked_add(n) {
            Some(end) if end <= len => Ok(at * size_of::<T>()),
            _ => Err(Error::OutOfBounds {
                start: at,
                len: n,
                object_len: len,
            }),
        }
    }

    fn put_at(&self, i: usize, at: usize, src: &[T]) -> Result<(), Error> {
        let b = self.within(i, at, src.len())?;
        // No doorbell: nothing waits on window data directly; the epoch ends with a remote
        // atomic on the target (unlock, `complete`'s count, the team fence's count, or the
        // barrier of a world fence), which rings it (`Transport::put_silent`).
        self.targets[i]
            .part
            .put_silent(b, bytemuck::cast_slice(src));
        self.count(i);
        Ok(())
    }

    /// One more operation to member `i` to count when it completes (with counts).
    #[inline]
    fn count(&self, i: usize) {
        if let Some(p) = &self.pending {
            p.borrow_mut()[i] += 1;
        }
    }

    /// Completes this PE's operations on the window so far (a flush before its counts):
    /// [`Transport::quiet`], or only [`Transport::quiet_before_amo`] when nothing was stored
    /// since the last accumulate-family call: each of those ends by releasing the target's
    /// accumulate lock with a `SeqCst` read-modify-write, which (as the transport's fence
    /// before an atomic) already ordered every earlier store before it. An accumulate and a
    /// flush, the usual pair, so pay one fence, not two (measured: 7 ns of 75 per
    /// `accumulate_sum_1024_lat` iteration).
    #[inline]
    fn complete_ops(&self) {
        let t = self.t();
        if self.stored.replace(false) {
            t.quiet();
        } else {
            t.quiet_before_amo();
        }
    }

    /// With counts: completes every operation (`quiet`), then adds the operations issued to
    /// `only` (or to every PE) since the last time to their `RECEIVED` counts there. Without
    /// counts, or with nothing to count, it does nothing: the callers complete the epoch's
    /// operations themselves.
    #[inline]
    fn settle(&self, only: Option<usize>) {
        if self.pending.is_some() {
            self.settle_counted(only);
        }
    }

    /// [`Window::settle`] of world PE `pe` (nothing for a PE outside the window: it was
    /// never a target).
    #[inline(never)]
    fn settle_pe(&self, pe: usize) {
        if let Ok(i) = self.member_of(pe) {
            self.settle_counted(Some(i));
        }
    }

    #[inline(never)]
    fn settle_counted(&self, only: Option<usize>) {
        let Some(p) = &self.pending else {
            return;
        };
        let t = self.t();
        let mut p = p.borrow_mut();
        let m = self.set.size();
        let targets = match only {
            Some(q) => q..q + 1,
            None => 0..m,
        };
        let mut quiet = false;
        for q in targets {
            let k = std::mem::take(&mut p[q]);
            if k > 0 {
                if !std::mem::replace(&mut quiet, true) {
                    t.quiet();
                }
                t.amo::<u64>(self.pe(q), self.received(self.me), AmoOp::FetchAdd(k));
            }
        }
    }

    /// With counts: how many operations (puts and accumulate-family calls) PE `origin`
    /// completed into this PE's part of the window so far. `None` for a window made without
    /// counts ([`Window::new`]).
    pub fn received_from(&self, origin: Pe) -> Option<u64> {
        self.received_from_member(origin.index())
    }

    fn received_from_member(&self, origin: usize) -> Option<u64> {
        self.pending.as_ref()?;
        let t = self.t();
        Some(t.get_word::<u64>(t.my_pe(), self.received(origin)))
    }

    /// With counts: waits until PE `origin` completed at least `count` operations into this
    /// PE's part (spin, yield, then sleep until a count arrives), and returns the count; its
    /// data is visible then. `None` at once for a window without counts.
    pub fn wait_received(&self, origin: Pe, count: u64) -> Option<u64> {
        self.wait_received_member(origin.index(), count)
    }

    fn wait_received_member(&self, origin: usize, count: u64) -> Option<u64> {
        self.pending.as_ref()?;
        let t = self.t();
        let site = WaitSite::new(WaitKind::WaitUntil, [self.received(origin) as u64, 8, 0, 0]);
        Some(t.wait_local::<u64>(self.received(origin), site, |v| v >= count))
    }

    /// Offset of `RECEIVED[origin]` (a member number).
    #[inline]
    fn received(&self, origin: usize) -> usize {
        self.sync + 8 * (2 * self.set.size() + origin)
    }

    /// Checks a layout transfer: equal element counts, the origin layout inside `buf_len`
    /// elements, the target layout inside member `i`'s part from `at`; returns nothing else,
    /// so a refused transfer moves nothing.
    fn check_layouts(
        &self,
        i: usize,
        at: usize,
        origin: &Layout,
        buf_len: usize,
        target: &Layout,
    ) -> Result<(), Error> {
        if origin.len() != target.len() {
            return Err(Error::LengthMismatch {
                what: "origin and target layouts (elements)",
                left: origin.len(),
                right: target.len(),
            });
        }
        if origin.extent() > buf_len {
            return Err(Error::OutOfBounds {
                start: 0,
                len: origin.extent(),
                object_len: buf_len,
            });
        }
        self.within(i, at, target.extent()).map(drop)
    }

    fn put_layout_at(
        &self,
        i: usize,
        at: usize,
        src: &[T],
        origin: &Layout,
        target: &Layout,
    ) -> Result<(), Error> {
        self.check_layouts(i, at, origin, src.len(), target)?;
        let part = &self.targets[i].part;
        zip_layouts(origin, target, |o, d, n| {
            part.put_silent(
                (at + d) * size_of::<T>(),
                bytemuck::cast_slice(&src[o..o + n]),
            );
        });
        self.count(i);
        Ok(())
    }

    fn get_layout_at(
        &self,
        i: usize,
        at: usize,
        dst: &mut [T],
        origin: &Layout,
        target: &Layout,
    ) -> Result<(), Error> {
        self.check_layouts(i, at, origin, dst.len(), target)?;
        let part = &self.targets[i].part;
        zip_layouts(origin, target, |o, d, n| {
            part.get(
                (at + d) * size_of::<T>(),
                bytemuck::cast_slice_mut(&mut dst[o..o + n]),
            );
        });
        Ok(())
    }

    fn get_at(&self, i: usize, at: usize, dst: &mut [T]) -> Result<(), Error> {
        let b = self.within(i, at, dst.len())?;
        self.targets[i].part.get(b, bytemuck::cast_slice_mut(dst));
        Ok(())
    }

    /// The accumulate family with layouts: under member `i`'s accumulate lock, for each run
    /// that is contiguous on both sides, `result` (if asked, laid out like `src` by
    /// `origin`) receives the target's values and the target is combined with `src`'s, in
    /// place.
    #[allow(clippy::too_many_arguments)]
    fn combine_layout(
        &self,
        i: usize,
        at: usize,
        src: &[T],
        mut result: Option<&mut [T]>,
        origin: &Layout,
        target: &Layout,
        op: impl Fn(T, T) -> T,
    ) -> Result<(), Error> {
        self.check_layouts(i, at, origin, src.len(), target)?;
        if let Some(r) = &result
            && r.len() != src.len()
        {
            return Err(Error::LengthMismatch {
                what: "get_accumulate origin and result",
                left: src.len(),
                right: r.len(),
            });
        }
        if origin.is_empty() {
            return Ok(());
        }
        let Target { acc, part, .. } = &self.targets[i];
        let hold = acc.lock();
        zip_layouts(origin, target, |o, d, n| {
            let old = result.as_deref_mut().map(|r| &mut r[o..o + n]);
            part.combine((at + d) * size_of::<T>(), &src[o..o + n], old, &op);
        });
        hold.unlock(false);
        // The release was a read-modify-write: it ordered every store before it.
        self.stored.set(false);
        self.count(i);
        Ok(())
    }

    /// The accumulate family's one implementation: under member `i`'s accumulate lock, for
    /// each element `k`: `result[k] = target[k]` (if asked), `target[k] = op(target[k],
    /// src[k])`. `cas` = `Some(compare)`: `src` is one element, written only if the target
    /// equals `compare` bit for bit.
    fn combine(
        &self,
        i: usize,
        at: usize,
        src: &[T],
        result: Option<&mut [T]>,
        op: impl Fn(T, T) -> T,
        cas: Option<T>,
    ) -> Result<(), Error> {
        let b = self.within(i, at, src.len())?;
        if let Some(r) = &result
            && r.len() != src.len()
        {
            return Err(Error::LengthMismatch {
                what: "get_accumulate origin and result",
                left: src.len(),
                right: r.len(),
            });
        }
        if src.is_empty() {
            return Ok(());
        }
        let Target { acc, part, .. } = &self.targets[i];
        let hold = acc.lock();
        match cas {
            // In place: on this node one pass over the elements, in registers.
            None => part.combine(b, src, result, op),
            Some(compare) => {
                let mut cur = [T::zeroed()];
                part.get(b, bytemuck::cast_slice_mut(&mut cur));
                if let Some(r) = result {
                    r[0] = cur[0];
                }
                if bytemuck::bytes_of(&cur[0]) == bytemuck::bytes_of(&compare) {
                    part.put_silent(b, bytemuck::cast_slice(&[op(cur[0], src[0])]));
                }
            }
        }
        hold.unlock(false);
        // The release was a read-modify-write: it ordered every store before it.
        self.stored.set(false);
        self.count(i);
        Ok(())
    }
}

/// An RMA window over the members of a [`Team`] (`MPI_Win_allocate` over a communicator):
/// `len` elements of `T` on every member ([`TeamWindow::new`]) or each member's own length
/// ([`TeamWindow::new_sized`]), exposed to the members' access epochs only.
/// Created collectively over the team, zero-filled; dropping it is collective over the team.
///
/// The same epochs as a [`Window`]'s ([`Epoch`], [`EpochAll`], [`FenceEpoch`], [`Exposure`],
/// [`Access`]) with the same operations. PEs are named by [`TeamPe`] (the team's numbering,
/// as the team collectives name roots) or by world [`Pe`]: both are [`WindowPe`]s, and the
/// window maps them to its members. A PE outside the team is refused with
/// [`Error::NotInWindow`], by the epoch-opening calls here and by every RMA method, before
/// anything is written; so `lock` and `post`/`start` return `Result` here, where a
/// [`Window`]'s, whose members are every PE, cannot fail.
///
/// The window's memory is a *team allocation*: it comes from the top of each member's
/// symmetric heap at an offset every member agreed on, and PEs outside the team take no part
/// (their heaps do not change, and their world allocations keep agreeing with everyone's:
/// `docs/ARCHITECTURE.md`, "Symmetric heap"). Fence epochs synchronize the members only
/// (a counter barrier in the window's own memory). Dropping the window frees its memory on
/// every member once all of them dropped it (one agreement round over the team); dropped
/// during a panic, or by members that disagree on what they drop, it stays allocated (a
/// leak, never a reuse). The window borrows its team, which therefore outlives it.
///
/// # Examples
/// ```
/// use shmem::Team;
/// use shmem::window::{LockKind, TeamWindow, op};
///
/// let shmem = shmem::init()?;
/// let world = Team::world(&shmem);
/// // the even PEs (collective over the world); the odd ones get `None`
/// if let Some(evens) = world.split_strided(0, 2, world.n_pes().div_ceil(2))? {
///     let mut win = TeamWindow::<u64>::new(&evens, 4)?;   // collective over the evens
///     let first = evens.pe(0).expect("a member");
///     win.lock_all().accumulate(first, 0, &[1], op::Sum)?;
///     evens.sync()?;
///     let mut got = [0u64];
///     win.lock(first, LockKind::Shared)?.get(0, &mut got)?;
///     assert_eq!(got[0], evens.n_pes() as u64);
/// }
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct TeamWindow<'t, T: Pod> {
    win: Window<'t, T>,
    team: &'t Team<'t>,
}

impl<T: Pod> fmt::Debug for TeamWindow<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TeamWindow")
            .field("team", self.team)
            .field("window", &self.win)
            .finish()
    }
}

impl<'t, T: Pod> TeamWindow<'t, T> {
    /// Allocates a window of `len` zeroed elements on every member of `team`. *Collective
    /// over the team*: every member passes the same `len`, in the same order relative to
    /// the team's other collectives.
    ///
    /// # Errors
    /// On every member, nothing allocated: [`Error::ArgumentMismatch`] when the members
    /// passed different lengths (or made another collective call on the team);
    /// [`Error::HeapExhausted`] when no offset of the members' heaps can hold it
    /// ([`Error::Refused`] around it, naming the first member without room, when some
    /// members have room).
    pub fn new(team: &'t Team<'_>, len: usize) -> Result<Self, Error> {
        TeamWindow::create(team, Length::Same(len), false)
    }

    /// Allocates a window of `my_len` zeroed elements on this member, where each member of
    /// `team` passes its own length (0 included), as [`Window::new_sized`] does over every
    /// PE: operations on a member are checked against that member's length
    /// ([`TeamWindow::len_of`]). *Collective over the team*.
    ///
    /// # Errors
    /// On every member, nothing allocated: [`Error::ArgumentMismatch`] when some member made
    /// another collective call on the team; [`Error::HeapExhausted`] (or
    /// [`Error::Refused`]) as for [`TeamWindow::new`], for the longest length.
    pub fn new_sized(team: &'t Team<'_>, my_len: usize) -> Result<Self, Error> {
        TeamWindow::create(team, Length::Own(my_len), false)
    }

    /// Like [`TeamWindow::new`], and the window counts, on each member, the operations each
    /// member completed into it ([`Window::with_counts`]). *Collective over the team*.
    ///
    /// # Errors
    /// As for [`TeamWindow::new`].
    pub fn with_counts(team: &'t Team<'_>, len: usize) -> Result<Self, Error> {
        TeamWindow::create(team, Length::Same(len), true)
    }

    /// [`TeamWindow::new_sized`] (each member passes its own length), with per-origin
    /// completion counts ([`Window::with_counts`]). *Collective over the team*.
    ///
    /// # Errors
    /// As for [`TeamWindow::new_sized`].
    pub fn with_counts_sized(team: &'t Team<'_>, my_len: usize) -> Result<Self, Error> {
        TeamWindow::create(team, Length::Own(my_len), true)
    }

    fn create(team: &'t Team<'_>, length: Length, counted: bool) -> Result<Self, Error> {
        let win = Window::create(team.shmem(), Some(team), length, counted, None, Epochs::All)?;
        Ok(TeamWindow { win, team })
    }

    /// The team the window is over.
    pub fn team(&self) -> &Team<'t> {
        self.team
    }

    /// Elements of the window on this member. With a length per member
    /// ([`TeamWindow::new_sized`]) other members may expose more or fewer:
    /// [`TeamWindow::len_of`].
    pub fn len(&self) -> usize {
        self.win.len
    }

    /// Whether the window has no elements on this member (`len() == 0`); other members'
    /// parts may have some ([`TeamWindow::len_of`]).
    pub fn is_empty(&self) -> bool {
        self.win.len == 0
    }

    /// Elements of the window on member `pe`: what every operation on `pe` is checked
    /// against.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when `pe` is not a member of the team.
    pub fn len_of(&self, pe: impl WindowPe) -> Result<usize, Error> {
        let i = self.win.member_of(pe.world_index())?;
        Ok(self.win.targets[i].len)
    }

    /// [`Window::lock`] on member `pe` (`MPI_Win_lock`): waits for the lock of `pe`'s part
    /// in mode `kind`, served in request order.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when `pe` is not a member of the team (nothing is locked);
    /// [`Error::EpochHeld`] as for [`Window::lock`].
    pub fn lock(&self, pe: impl WindowPe, kind: LockKind) -> Result<Epoch<'_, T>, Error> {
        let i = self.win.member_of(pe.world_index())?;
        self.win.lock_member(i, kind)
    }

    /// [`Window::try_lock`] on member `pe`: `Ok(None)` when the lock is not free at once.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when `pe` is not a member of the team; [`Error::EpochHeld`] as
    /// for [`Window::lock`]. Nothing is locked then.
    pub fn try_lock(
        &self,
        pe: impl WindowPe,
        kind: LockKind,
    ) -> Result<Option<Epoch<'_, T>>, Error> {
        let i = self.win.member_of(pe.world_index())?;
        self.win.try_lock_member(i, kind)
    }

    /// [`Window::lock_all`]: a shared epoch on every member, locked in team order.
    pub fn lock_all(&mut self) -> EpochAll<'_, T> {
        self.win.lock_all()
    }

    /// [`Window::fence_epoch`], *collective over the team*: the opening and closing fences
    /// synchronize the members (after `quiet`), not the world.
    pub fn fence_epoch(&mut self) -> FenceEpoch<'_, T> {
        self.win.fence_epoch()
    }

    /// [`Window::post`] for the members `origins` (`MPI_Win_post`).
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when some origin is not a member (nothing is posted).
    pub fn post<P: WindowPe>(&mut self, origins: &[P]) -> Result<Exposure<'_, T>, Error> {
        let origins = self.members(origins)?;
        Ok(self.win.post_impl(origins))
    }

    /// [`Window::start`] for the members `targets` (`MPI_Win_start`).
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when some target is not a member (nothing is started).
    pub fn start<P: WindowPe>(&mut self, targets: &[P]) -> Result<Access<'_, T>, Error> {
        let targets = self.members(targets)?;
        Ok(self.win.start_impl(targets))
    }

    /// [`Window::post_start`] for members: the exposure is posted before the access starts.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when some origin or target is not a member (nothing is posted
    /// or started).
    #[allow(clippy::type_complexity)]
    pub fn post_start<P: WindowPe, Q: WindowPe>(
        &mut self,
        origins: &[P],
        targets: &[Q],
    ) -> Result<(Exposure<'_, T>, Access<'_, T>), Error> {
        let origins = self.members(origins)?;
        let targets = self.members(targets)?;
        let exposure = self.win.post_impl(origins);
        let access = self.win.start_impl(targets);
        Ok((exposure, access))
    }

    /// [`Window::received_from`] for member `origin`: `Ok(None)` on a window made without
    /// counts.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when `origin` is not a member.
    pub fn received_from(&self, origin: impl WindowPe) -> Result<Option<u64>, Error> {
        let i = self.win.member_of(origin.world_index())?;
        Ok(self.win.received_from_member(i))
    }

    /// [`Window::wait_received`] for member `origin`: `Ok(None)` at once on a window made
    /// without counts.
    ///
    /// # Errors
    /// [`Error::NotInWindow`] when `origin` is not a member (nothing is waited for).
    pub fn wait_received(&self, origin: impl WindowPe, count: u64) -> Result<Option<u64>, Error> {
        let i = self.win.member_of(origin.world_index())?;
        Ok(self.win.wait_received_member(i, count))
    }

    fn members<P: WindowPe>(&self, pes: &[P]) -> Result<Vec<usize>, Error> {
        pes.iter()
            .map(|p| self.win.member_of(p.world_index()))
            .collect()
    }
}

/// A window for active-target synchronization only: MPI's `MPI_Win_allocate` with the info
/// key `no_locks=true`, as a type. Its epochs are fences ([`ActiveWindow::fence_epoch`]) and
/// post/start/complete/wait ([`ActiveWindow::post`], [`ActiveWindow::start`],
/// [`ActiveWindow::post_start`]), with the same guards and RMA methods as a [`Window`]'s;
/// it has no `lock`, `try_lock` or `lock_all`, so no passive-target epoch can be started on
/// it (a call does not compile), and in exchange it keeps no lock state: its block has no
/// reader/writer lock words (on `n` PEs, the home part of a lock with a ticket slot per PE
/// and a requester word triple per PE less than a [`Window`]'s block) and it keeps no
/// per-target epoch state. Accumulates stay atomic per element as on a [`Window`] (each target's
/// accumulate lock is not a passive-target lock and is kept). Created collectively,
/// zero-filled (or over an existing array: [`ActiveWindow::over`]).
///
/// # Examples
/// A ring: every PE puts its number into its right neighbour's element 0 in a fence epoch,
/// then adds one to its left neighbour's element 1 in a post/start epoch:
/// ```
/// use shmem::window::{ActiveWindow, op};
///
/// let shmem = shmem::init()?;
/// let n = shmem.n_pes();
/// let me = shmem.my_pe();
/// let right = shmem.pe_wrapping(me.index() + 1);
/// let left = shmem.pe_wrapping(me.index() + n - 1);
/// let mut win = ActiveWindow::<u64>::new(&shmem, 2)?;  // no_locks=true: no lock words
/// win.fence_epoch().put(right, 0, &[me.index() as u64])?; // MPI_Win_fence .. fence
/// {
///     let (exposure, access) = win.post_start(&[right], &[left]);
///     access.accumulate(left, 1, &[1], op::Sum)?;
///     access.complete();                                 // MPI_Win_complete
///     exposure.wait();                                   // MPI_Win_wait: right's is here
/// }
/// let e = win.fence_epoch();
/// let mut got = [0u64; 2];
/// e.get(me, 0, &mut got)?;
/// assert_eq!(got, [left.index() as u64, 1]);
/// // win.lock(me, shmem::window::LockKind::Shared) does not compile: no passive target
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct ActiveWindow<'s, T: Pod> {
    win: Window<'s, T>,
}

impl<T: Pod> fmt::Debug for ActiveWindow<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ActiveWindow")
            .field("window", &self.win)
            .finish()
    }
}

impl<'s, T: Pod> ActiveWindow<'s, T> {
    /// Allocates an active-target window of `len` zeroed elements on every PE ([`Window::new`]
    /// without the locks). *Collective*: every PE passes the same `len` and makes an
    /// `ActiveWindow` too.
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every PE when the PEs passed different lengths or some
    /// PE made another collective call (a [`Window`] included); [`Error::HeapExhausted`] on
    /// every PE when the symmetric heap cannot hold it.
    pub fn new(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Self::create(shmem, Length::Same(len), false, None)
    }

    /// Allocates an active-target window of `my_len` zeroed elements on this PE, where each PE
    /// passes its own length, 0 included ([`Window::new_sized`] without the locks): operations
    /// on a target are checked against that target's length ([`ActiveWindow::len_of`]).
    /// *Collective*.
    ///
    /// # Errors
    /// As for [`Window::new_sized`].
    pub fn new_sized(shmem: &'s Shmem, my_len: usize) -> Result<Self, Error> {
        Self::create(shmem, Length::Own(my_len), false, None)
    }

    /// [`ActiveWindow::new`] with per-origin completion counts ([`Window::with_counts`]):
    /// read them with [`ActiveWindow::received_from`], wait for them with
    /// [`ActiveWindow::wait_received`]. *Collective*, every PE asking for counts alike.
    ///
    /// # Errors
    /// As for [`ActiveWindow::new`].
    pub fn with_counts(shmem: &'s Shmem, len: usize) -> Result<Self, Error> {
        Self::create(shmem, Length::Same(len), true, None)
    }

    /// [`ActiveWindow::new_sized`] with per-origin completion counts ([`Window::with_counts`]).
    /// *Collective*.
    ///
    /// # Errors
    /// As for [`Window::new_sized`].
    pub fn with_counts_sized(shmem: &'s Shmem, my_len: usize) -> Result<Self, Error> {
        Self::create(shmem, Length::Own(my_len), true, None)
    }

    /// An active-target window over an existing symmetric array ([`Window::over`] without the
    /// locks): the array's elements, as they are, are the window's, and it stays borrowed
    /// while the window lives. *Collective*: every PE passes its copy of the same `SymVec`.
    ///
    /// # Errors
    /// As for [`Window::over`].
    pub fn over(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Self::create(
            vec.shmem(),
            Length::Same(vec.len()),
            false,
            Some(vec.offset()),
        )
    }

    /// [`ActiveWindow::over`] with per-origin completion counts ([`Window::with_counts`]).
    ///
    /// # Errors
    /// As for [`Window::over`].
    pub fn over_with_counts(vec: &'s mut SymVec<'_, T>) -> Result<Self, Error> {
        Self::create(
            vec.shmem(),
            Length::Same(vec.len()),
            true,
            Some(vec.offset()),
        )
    }

    fn create(
        shmem: &'s Shmem,
        length: Length,
        counted: bool,
        over: Option<usize>,
    ) -> Result<Self, Error> {
        let win = Window::create(shmem, None, length, counted, over, Epochs::Active)?;
        Ok(ActiveWindow { win })
    }

    /// Elements of the window on this PE ([`Window::len`]).
    pub fn len(&self) -> usize {
        self.win.len()
    }

    /// Whether the window has no elements on this PE ([`Window::is_empty`]).
    pub fn is_empty(&self) -> bool {
        self.win.is_empty()
    }

    /// Elements of the window on PE `pe`: what every operation on `pe` is checked against
    /// ([`Window::len_of`]).
    pub fn len_of(&self, pe: Pe) -> usize {
        self.win.len_of(pe)
    }

    /// Opens a fence epoch (`MPI_Win_fence`), *collective*: as [`Window::fence_epoch`].
    pub fn fence_epoch(&mut self) -> FenceEpoch<'_, T> {
        self.win.fence_epoch()
    }

    /// Opens an exposure epoch for `origins` (`MPI_Win_post`): as [`Window::post`].
    pub fn post(&mut self, origins: &[Pe]) -> Exposure<'_, T> {
        self.win.post(origins)
    }

    /// Starts an access epoch to `targets` (`MPI_Win_start`): as [`Window::start`].
    pub fn start(&mut self, targets: &[Pe]) -> Access<'_, T> {
        self.win.start(targets)
    }

    /// An exposure epoch for `origins` and an access epoch to `targets` at once, the exposure
    /// posted first: as [`Window::post_start`].
    pub fn post_start(
        &mut self,
        origins: &[Pe],
        targets: &[Pe],
    ) -> (Exposure<'_, T>, Access<'_, T>) {
        self.win.post_start(origins, targets)
    }

    /// With counts: how many operations PE `origin` completed into this PE's part so far
    /// ([`Window::received_from`]); `None` for a window made without counts.
    pub fn received_from(&self, origin: Pe) -> Option<u64> {
        self.win.received_from(origin)
    }

    /// With counts: waits until PE `origin` completed at least `count` operations into this
    /// PE's part ([`Window::wait_received`]); `None` at once for a window without counts.
    pub fn wait_received(&self, origin: Pe, count: u64) -> Option<u64> {
        self.win.wait_received(origin, count)
    }
}

/// Implemented for no type: the bound of the passive-target method names that an
/// [`ActiveWindow`] carries only so that calling one says why it is refused, instead of "no
/// method named `lock`". Sealed, so those methods can never be called.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is an active-target window (MPI's `no_locks`): it has no passive-target epochs",
    label = "no `lock`, `try_lock` or `lock_all` on an active-target window",
    note = "use the active-target epochs (`win.fence_epoch()`, `win.post_start(&origins, &targets)`), or make a `Window` to lock targets"
)]
pub trait PassiveTarget: pe_sealed::Sealed {
    /// What a value of an implementing type would prove: nothing, as there is none.
    fn never(&self) -> std::convert::Infallible;
}

impl<T: Pod> ActiveWindow<'_, T> {
    /// Not callable: an active-target window has no passive-target epochs (see
    /// [`PassiveTarget`]).
    #[doc(hidden)]
    #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
    pub fn lock<P, K>(&self, _pe: P, _kind: K) -> Result<Epoch<'_, T>, Error>
    where
        Self: PassiveTarget,
    {
        match self.never() {}
    }

    /// Not callable: an active-target window has no passive-target epochs (see
    /// [`PassiveTarget`]).
    #[doc(hidden)]
    #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
    pub fn try_lock<P, K>(&self, _pe: P, _kind: K) -> Result<Option<Epoch<'_, T>>, Error>
    where
        Self: PassiveTarget,
    {
        match self.never() {}
    }

    /// Not callable: an active-target window has no passive-target epochs (see
    /// [`PassiveTarget`]).
    #[doc(hidden)]
    #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
    pub fn lock_all(&mut self) -> EpochAll<'_, T>
    where
        Self: PassiveTarget,
    {
        match self.never() {}
    }
}

/// Implemented for no type: the bound of the RMA method names that windows themselves carry
/// only so that calling one outside an access epoch says what to do, instead of "no method
/// named `put`" (the methods are the epoch guards'). It cannot be implemented outside this
/// crate (sealed), so those methods can never be called.
#[diagnostic::on_unimplemented(
    message = "RMA on a window needs an access epoch: `{Self}` has no `put`, `get` or accumulate of its own",
    label = "called outside an access epoch",
    note = "open an epoch and call the method on the guard it returns: `win.lock(pe, LockKind::Exclusive)?.put(at, &src)`, `win.lock_all().put(pe, at, &src)`, `win.fence_epoch()`, `win.start(&targets)` (MPI_Win_lock, MPI_Win_lock_all, MPI_Win_fence, MPI_Win_start)"
)]
pub trait AccessEpochFirst: pe_sealed::Sealed {
    /// What a value of an implementing type would prove: nothing, as there is none.
    fn never(&self) -> std::convert::Infallible;
}

/// [`AccessEpochFirst`] for an [`ActiveWindow`]: implemented for no type, and its note names
/// only the epochs an active-target window has (it has no `lock`).
#[diagnostic::on_unimplemented(
    message = "RMA on an active-target window needs an access epoch: `{Self}` has no `put`, `get` or accumulate of its own",
    label = "called outside an access epoch",
    note = "open an active-target epoch and call the method on the guard it returns: `win.fence_epoch().put(pe, at, &src)`, or `win.start(&targets)` then `access.put(pe, at, &src)` (MPI_Win_fence, MPI_Win_start); an active-target window (MPI's `no_locks`) has no `lock`"
)]
pub trait ActiveEpochFirst: pe_sealed::Sealed {
    /// What a value of an implementing type would prove: nothing, as there is none.
    fn never(&self) -> std::convert::Infallible;
}

/// RMA method names on a window outside an epoch, bounded by `$bound` ([`AccessEpochFirst`],
/// or [`ActiveEpochFirst`] for an [`ActiveWindow`], whose note names only the epochs it has),
/// which no type implements: a call does not compile, and the error says to open an epoch. The
/// parameters take anything (the epoch guards' own signatures differ in whether they name the
/// target), so that the bound, not a type mismatch, is what the compiler reports.
macro_rules! epoch_first {
    ($bound:ident) => {
        #[doc = concat!("Not callable: RMA needs an access epoch (see [`", stringify!($bound), "`]).")]
        #[doc(hidden)]
        #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
        pub fn put<P, A, S: ?Sized>(&self, _pe: P, _at: A, _src: &S) -> Result<(), Error>
        where
            Self: $bound,
        {
            match self.never() {}
        }

        #[doc = concat!("Not callable: RMA needs an access epoch (see [`", stringify!($bound), "`]).")]
        #[doc(hidden)]
        #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
        pub fn get<P, A, D: ?Sized>(&self, _pe: P, _at: A, _dst: &mut D) -> Result<(), Error>
        where
            Self: $bound,
        {
            match self.never() {}
        }

        #[doc = concat!("Not callable: RMA needs an access epoch (see [`", stringify!($bound), "`]).")]
        #[doc(hidden)]
        #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
        pub fn accumulate<P, A, S: ?Sized, O>(
            &self,
            _pe: P,
            _at: A,
            _src: &S,
            _op: O,
        ) -> Result<(), Error>
        where
            Self: $bound,
        {
            match self.never() {}
        }

        #[doc = concat!("Not callable: RMA needs an access epoch (see [`", stringify!($bound), "`]).")]
        #[doc(hidden)]
        #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
        pub fn fetch_and_op<P, A, V, O>(
            &self,
            _pe: P,
            _at: A,
            _value: V,
            _op: O,
        ) -> Result<T, Error>
        where
            Self: $bound,
        {
            match self.never() {}
        }

        #[doc = concat!("Not callable: RMA needs an access epoch (see [`", stringify!($bound), "`]).")]
        #[doc(hidden)]
        #[allow(unreachable_code)] // the `never()` that the bound would provide has no value
        pub fn compare_and_swap<P, A, C, V>(
            &self,
            _pe: P,
            _at: A,
            _compare: C,
            _new: V,
        ) -> Result<T, Error>
        where
            Self: $bound,
        {
            match self.never() {}
        }
    };
}

impl<T: Pod> Window<'_, T> {
    epoch_first!(AccessEpochFirst);
}

impl<T: Pod> TeamWindow<'_, T> {
    epoch_first!(AccessEpochFirst);
}

impl<T: Pod> ActiveWindow<'_, T> {
    epoch_first!(ActiveEpochFirst);
}

/// The RMA methods of an epoch guard, whose `target_of(..)` names the target (its member
/// number in the window; `$pe`: the extra parameters that name it) or refuses it.
macro_rules! rma_methods {
    ($($pe:ident: $pe_ty:ty),*) => {
        /// Copies `src` into the target's elements `at ..` (`MPI_Put`); complete at the
        /// target by the next flush or the end of the epoch.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is written.
        pub fn put(&self, $($pe: $pe_ty,)* at: usize, src: &[T]) -> Result<(), Error> {
            self.win.put_at(self.target_of($($pe),*)?, at, src)
        }

        /// Copies the elements of `src` that `origin` selects into the target's elements that
        /// `target` selects, starting at element `at` (`MPI_Put` with derived datatypes on
        /// both sides); element `i` of one goes to element `i` of the other.
        ///
        /// # Errors
        /// [`Error::LengthMismatch`] when the layouts select different numbers of elements;
        /// [`Error::OutOfBounds`] when `origin` reaches past `src` or `target` past the
        /// window. Nothing is written then.
        pub fn put_layout(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            origin: &Layout,
            target: &Layout,
        ) -> Result<(), Error> {
            self.win
                .put_layout_at(self.target_of($($pe),*)?, at, src, origin, target)
        }

        /// The mirror of `put_layout` (`MPI_Get` with derived datatypes): the target's
        /// elements that `target` selects (from element `at`) into the elements of `dst` that
        /// `origin` selects.
        ///
        /// # Errors
        /// As for `put_layout`; nothing is read then.
        pub fn get_layout(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            dst: &mut [T],
            origin: &Layout,
            target: &Layout,
        ) -> Result<(), Error> {
            self.win
                .get_layout_at(self.target_of($($pe),*)?, at, dst, origin, target)
        }

        /// `accumulate` through layouts (`MPI_Accumulate` with derived datatypes on both
        /// sides): for every `i`, element `i` that `target` selects (from `at`) becomes
        /// `op(it, element i that origin selects in src)`, atomically per element like
        /// `accumulate`.
        ///
        /// # Errors
        /// As for `put_layout`; nothing is written then.
        pub fn accumulate_layout<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            origin: &Layout,
            target: &Layout,
            op: O,
        ) -> Result<(), Error> {
            self.win.combine_layout(
                self.target_of($($pe),*)?,
                at,
                src,
                None,
                origin,
                target,
                |a, b| op.apply(a, b),
            )
        }

        /// `get_accumulate` through layouts (`MPI_Get_accumulate` with derived datatypes):
        /// `result` (laid out like `src`, by `origin`) receives the target's previous values.
        ///
        /// # Errors
        /// As for `accumulate_layout`, and [`Error::LengthMismatch`] when `result` and `src`
        /// differ in length; nothing is written or read then.
        #[allow(clippy::too_many_arguments)]
        pub fn get_accumulate_layout<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            result: &mut [T],
            origin: &Layout,
            target: &Layout,
            op: O,
        ) -> Result<(), Error> {
            self.win.combine_layout(
                self.target_of($($pe),*)?,
                at,
                src,
                Some(result),
                origin,
                target,
                |a, b| op.apply(a, b),
            )
        }

        /// Copies the target's elements `at ..` into `dst` (`MPI_Get`; complete on return).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is read.
        pub fn get(&self, $($pe: $pe_ty,)* at: usize, dst: &mut [T]) -> Result<(), Error> {
            self.win.get_at(self.target_of($($pe),*)?, at, dst)
        }

        /// `target[at + i] = op(target[at + i], src[i])` for every `i` (`MPI_Accumulate`),
        /// atomically per element with respect to every accumulate-family operation on the
        /// same elements.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when the range leaves the window; nothing is written.
        pub fn accumulate<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            op: O,
        ) -> Result<(), Error> {
            self.win.combine(self.target_of($($pe),*)?, at, src, None, |a, b| op.apply(a, b), None)
        }

        /// Like `accumulate`, and `result` receives the target's previous values
        /// (`MPI_Get_accumulate`; with [`op::NoOp`]: an atomic read).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`]; [`Error::LengthMismatch`] when `result` and `src` differ in
        /// length. Nothing is written or read then.
        pub fn get_accumulate<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            src: &[T],
            result: &mut [T],
            op: O,
        ) -> Result<(), Error> {
            self.win
                .combine(self.target_of($($pe),*)?, at, src, Some(result), |a, b| op.apply(a, b), None)
        }

        /// One element: applies `op` with `value` and returns the previous value
        /// (`MPI_Fetch_and_op`).
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when `at` is outside the window.
        pub fn fetch_and_op<O: AccumulateOp<T>>(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            value: T,
            op: O,
        ) -> Result<T, Error> {
            let mut old = [T::zeroed()];
            self.win.combine(
                self.target_of($($pe),*)?,
                at,
                &[value],
                Some(&mut old),
                |a, b| op.apply(a, b),
                None,
            )?;
            Ok(old[0])
        }

        /// One element: writes `new` if the target equals `compare` bit for bit, and returns
        /// the previous value either way (`MPI_Compare_and_swap`); a failing compare writes
        /// nothing.
        ///
        /// The comparison is of bits, for every element type: MPI allows only integers
        /// here, and on integers bits and values agree; on floats, as on a `u64` of the
        /// same bits, `0.0` does not match `-0.0` (equal as numbers), and a NaN matches a
        /// NaN of the same bits (equal to nothing as a number), so a loop that swaps in a
        /// new value computed from the one it read always ends.
        ///
        /// # Errors
        /// [`Error::OutOfBounds`] when `at` is outside the window.
        pub fn compare_and_swap(
            &self,
            $($pe: $pe_ty,)*
            at: usize,
            compare: T,
            new: T,
        ) -> Result<T, Error> {
            let mut old = [T::zeroed()];
            self.win
                .combine(self.target_of($($pe),*)?, at, &[new], Some(&mut old), |_, b| b, Some(compare))?;
            Ok(old[0])
        }
    };
}

/// A passive-target access epoch on one PE ([`Window::lock`]): the RMA operations on that
/// PE's part of the window. Dropping it ends the epoch (`MPI_Win_unlock`): every operation
/// is complete at the target before another epoch can see the data.
#[must_use = "the epoch ends as soon as the guard is dropped"]
pub struct Epoch<'w, T: Pod> {
    win: &'w Window<'w, T>,
    /// The target's member number in the window (whose `held[pe]` keeps the lock's
    /// acquisition, released by the last of this PE's epochs on the target).
    pe: usize,
    kind: LockKind,
}

impl<T: Pod> fmt::Debug for Epoch<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Epoch")
            .field("pe", &self.pe)
            .field("kind", &self.kind)
            .finish()
    }
}

impl<T: Pod> Epoch<'_, T> {
    rma_methods!();

    #[inline]
    fn target_of(&self) -> Result<usize, Error> {
        Ok(self.pe)
    }

    /// The target PE.
    pub fn target(&self) -> Pe {
        self.win.shmem.pe_wrapping(self.win.pe(self.pe))
    }

    /// The epoch's mode.
    pub fn kind(&self) -> LockKind {
        self.kind
    }

    /// Completes every operation of the epoch so far at the target (`MPI_Win_flush`).
    #[inline]
    pub fn flush(&self) {
        self.win.complete_ops();
        self.win.settle(Some(self.pe));
    }

    /// Completes every operation of the epoch so far at the origin: its buffers may be
    /// reused (`MPI_Win_flush_local`; every call here already returns so).
    pub fn flush_local(&self) {
        self.win.t().quiet();
    }

    /// Ends the epoch now (the same as dropping the guard).
    pub fn unlock(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Epoch<'_, T> {
    // Inlined: an epoch's whole cost is a few dozen instructions, and an out-of-line drop
    // adds a frame's register saves to it.
    #[inline]
    fn drop(&mut self) {
        self.win.leave(self.pe);
    }
}

/// A shared access epoch on every PE ([`Window::lock_all`]): the RMA operations name their
/// target. Dropping it ends the epoch (`MPI_Win_unlock_all`) after completing every operation.
#[must_use = "the epoch ends as soon as the guard is dropped"]
pub struct EpochAll<'w, T: Pod> {
    win: &'w Window<'w, T>,
}

impl<T: Pod> fmt::Debug for EpochAll<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EpochAll").finish_non_exhaustive()
    }
}

impl<T: Pod> EpochAll<'_, T> {
    rma_methods!(pe: impl WindowPe);

    #[inline]
    fn target_of(&self, pe: impl WindowPe) -> Result<usize, Error> {
        self.win.member_of(pe.world_index())
    }

    /// Completes every operation to `pe` so far at `pe` (`MPI_Win_flush`). A PE outside a
    /// [`TeamWindow`]'s team was never a target, so there is nothing to complete there.
    // Inlined, with the counted case out of line: a flush without counts is the fence.
    #[inline]
    pub fn flush(&self, pe: impl WindowPe) {
        self.win.complete_ops();
        // Only a window with counts has something to settle: the target is looked up then.
        if self.win.pending.is_some() {
            self.win.settle_pe(pe.world_index());
        }
    }

    /// Completes every operation so far at every target (`MPI_Win_flush_all`).
    pub fn flush_all(&self) {
        self.win.complete_ops();
        self.win.settle(None);
    }

    /// Completes every operation so far at the origin (`MPI_Win_flush_local_all`).
    pub fn flush_local_all(&self) {
        self.win.t().quiet();
    }

    /// Ends the epoch now (the same as dropping the guard).
    pub fn unlock_all(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for EpochAll<'_, T> {
    fn drop(&mut self) {
        let t = self.win.t();
        t.quiet();
        self.win.settle(None);
        for i in 0..self.win.set.size() {
            self.win.leave(i);
        }
    }
}

/// A fence epoch ([`Window::fence_epoch`]): RMA to any PE; dropping the guard is the
/// closing fence (*collective*: a barrier with quiet), after which every PE sees every
/// operation of the epoch.
#[must_use = "the epoch ends (with a barrier) as soon as the guard is dropped"]
pub struct FenceEpoch<'w, T: Pod> {
    win: &'w Window<'w, T>,
}

impl<T: Pod> fmt::Debug for FenceEpoch<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FenceEpoch").finish_non_exhaustive()
    }
}

impl<T: Pod> FenceEpoch<'_, T> {
    rma_methods!(pe: impl WindowPe);

    #[inline]
    fn target_of(&self, pe: impl WindowPe) -> Result<usize, Error> {
        self.win.member_of(pe.world_index())
    }

    /// Ends the epoch now (the closing fence; the same as dropping the guard).
    pub fn fence(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for FenceEpoch<'_, T> {
    fn drop(&mut self) {
        // A PE that panics does not enter the collective (the others are not coming either:
        // the launcher ends the job).
        if !std::thread::panicking() {
            self.win.settle(None);
            self.win.fence_barrier();
        }
    }
}

/// An exposure epoch ([`Window::post`]): the origins of its group may access this PE's part
/// of the window. Dropping it (or [`Exposure::wait`]) waits until each of them completed its
/// access epoch (`MPI_Win_wait`).
#[must_use = "the exposure ends (waiting for the origins) as soon as the guard is dropped"]
pub struct Exposure<'w, T: Pod> {
    win: &'w Window<'w, T>,
    /// Member numbers.
    group: Vec<usize>,
}

impl<T: Pod> fmt::Debug for Exposure<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Exposure")
            .field("origins", &self.group)
            .finish()
    }
}

impl<T: Pod> Exposure<'_, T> {
    /// Whether every origin has completed (`MPI_Win_test`); the epoch stays open either way.
    pub fn test(&self) -> bool {
        let t = self.win.t();
        let m = self.win.set.size();
        let posts = self.win.posts_to.borrow();
        let done = self
            .group
            .iter()
            .all(|&q| t.get_word::<u64>(t.my_pe(), self.win.sync + 8 * (m + q)) >= posts[q]);
        if !done {
            t.poll();
        }
        done
    }

    /// Waits until every origin completed, and ends the epoch (`MPI_Win_wait`; the same as
    /// dropping the guard).
    pub fn wait(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Exposure<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let t = self.win.t();
        let m = self.win.set.size();
        let site = WaitSite::new(
            WaitKind::WaitUntilMany,
            [(self.win.sync + 8 * m) as u64, m as u64, 0, 0],
        );
        t.wait_for(site, || self.test());
    }
}

/// An access epoch ([`Window::start`]) to the targets of its group; RMA to any other PE is
/// refused. Dropping it (or [`Access::complete`]) completes every operation at the targets
/// and tells them (`MPI_Win_complete`).
#[must_use = "the access epoch completes as soon as the guard is dropped"]
pub struct Access<'w, T: Pod> {
    win: &'w Window<'w, T>,
    /// Member numbers.
    group: Vec<usize>,
}

impl<T: Pod> fmt::Debug for Access<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Access")
            .field("targets", &self.group)
            .finish()
    }
}

impl<T: Pod> Access<'_, T> {
    rma_methods!(pe: impl WindowPe);

    #[inline]
    fn target_of(&self, pe: impl WindowPe) -> Result<usize, Error> {
        let i = self.win.member_of(pe.world_index())?;
        if self.group.contains(&i) {
            Ok(i)
        } else {
            Err(Error::NotInEpochGroup {
                pe: pe.world_index(),
            })
        }
    }

    /// Ends the epoch now (`MPI_Win_complete`; the same as dropping the guard).
    pub fn complete(self) {
        drop(self);
    }
}

impl<T: Pod> Drop for Access<'_, T> {
    fn drop(&mut self) {
        let t = self.win.t();
        // Every operation of the epoch is complete before the targets see its count: the
        // count's atomic orders them (`quiet_before_amo`; `settle` quiets itself).
        self.win.settle(None);
        t.quiet_before_amo();
        let me = self.win.me;
        let m = self.win.set.size();
        for &q in &self.group {
            t.amo::<u64>(
                self.win.pe(q),
                self.win.sync + 8 * (m + me),
                AmoOp::FetchAdd(1),
            );
        }
    }
}
