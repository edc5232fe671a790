//! Teams (OpenSHMEM 1.5 §9.4, §9.9): the modern form of an active set. A [`Team`] is held only
//! by its members, so it is its own membership proof; it owns a private sync area (no `pSync`
//! to pass), and its collectives run on the same implementation as the active-set ones.
//!
//! The sync areas come from a pool in the symmetric statics of every PE
//! ([`shmem_core::collectives::TeamPool`]): slot 0 is the world team's, slot 1 the shared
//! team's (the shared teams of different nodes are disjoint), the others are agreed on by the
//! members of the parent team when a team is split, so teams that share PEs never share a
//! slot, while disjoint teams may run collectives concurrently.

use bytemuck::Pod;
use shmem_core::DefaultTransport;
use shmem_core::collectives::{
    And, ClaimedSlot, Coll, Max, Min, Or, Prod, Refusal, Reservation, SHARED_SLOT, SplitArgs, Sum,
    TeamPool, Xor, team_area, team_claim, team_reserve,
};
use shmem_core::pe_set::PeSet;

use crate::collectives::{
    self as coll, ArithmeticReduce, BitwiseReduce, SumProdReduce, alltoall, alltoalls, broadcast,
    collect, fcollect,
};
use crate::handle::{Pe, Shmem};
use crate::registry::StaticEntry;
use crate::statics::SymStatic;
use crate::sym::{SymSlice, SymTarget};
use shmem_core::Error;

static TEAM_POOL: SymStatic<TeamPool> = SymStatic::__new("shmem::team::POOL", TeamPool::ZERO);

// The registration is what `#[symmetric]` expands to in a user's crate: a `#[link_section]`
// static, which the `unsafe_code` lint counts although nothing unsafe is written here.
#[allow(unsafe_code)]
#[linkme::distributed_slice(crate::registry::SYMMETRIC_STATICS)]
static TEAM_POOL_ENTRY: &'static dyn StaticEntry = &TEAM_POOL;

fn pool(shmem: &Shmem) -> usize {
    TEAM_POOL.sym(shmem).offset()
}

/// A member's handle on the collectives of the team `set` using pool slot `slot`.
fn team_coll(shmem: &Shmem, set: PeSet, slot: usize) -> Coll<'_> {
    Coll::for_team(shmem.rt().transport(), set, team_area(pool(shmem), slot))
        .expect("a Team is held by its members")
}

/// `shmem_team_config_t` (OpenSHMEM 1.5 §9.4.3, unchanged in 1.6): what a team split asks
/// of the new team, recorded in it and returned by [`Team::get_config`].
///
/// The spec's only field is `num_contexts` (its `config_mask` bit `SHMEM_TEAM_NUM_CONTEXTS`);
/// a Rust value is always complete, so there is no mask: a default field is the spec's
/// default. **A hint only**: contexts ([`Team::create_ctx`]) take no resource that would have
/// to be set aside in advance and their number is not limited, so `num_contexts` is recorded
/// and reported, and reserves nothing. It is this PE's own
/// request (members need not pass the same config, and the split does not compare them).
/// The split forms without a config ([`Team::split_strided`], [`Team::split_2d`]) and the
/// predefined teams ([`Team::world`], [`Team::shared`]) have [`TeamConfig::default`].
///
/// # Examples
/// ```
/// use shmem::{Team, TeamConfig};
/// let shmem = shmem::init()?;
/// let world = Team::world(&shmem);
/// let config = TeamConfig::new().with_num_contexts(2);
/// let team = world.split_strided_with(0, 1, world.n_pes(), &config)?.expect("every PE");
/// assert_eq!(team.get_config().num_contexts, 2);
/// assert_eq!(world.get_config(), TeamConfig::default());
/// # Ok::<(), shmem::Error>(())
/// ```
#[doc(alias = "shmem_team_config_t")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TeamConfig {
    /// How many contexts this PE's program may create from the team at once
    /// (`num_contexts`; default 0). Recorded only: creating more is not refused.
    pub num_contexts: usize,
}

impl TeamConfig {
    /// The default configuration (the spec's `config_mask` 0): `num_contexts` 0.
    pub const fn new() -> TeamConfig {
        TeamConfig { num_contexts: 0 }
    }

    /// This configuration with `num_contexts` set (`SHMEM_TEAM_NUM_CONTEXTS`).
    #[must_use]
    pub const fn with_num_contexts(self, num_contexts: usize) -> TeamConfig {
        TeamConfig { num_contexts }
    }
}

/// A PE named by its number in a team (`0..n_pes()` of the team): what [`Team::my_pe`],
/// [`Team::pe`] and [`Team::pes`] return, and what the team collectives take for a root.
///
/// It can only be made in range, and its team number cannot be mistaken for a world PE
/// number ([`Pe`]) or the other way round: [`TeamPe::index`] is the team numbering,
/// [`TeamPe::world`] the world PE. A `TeamPe` names one process, so it is accepted by any
/// team that process belongs to ([`TeamPe::translate`] gives its number there).
///
/// # Examples
/// ```
/// let shmem = shmem::init()?;
/// let world = shmem::Team::world(&shmem);
/// let last = world.pe(world.n_pes() - 1).expect("in range");
/// assert_eq!(last.index(), world.n_pes() - 1);
/// assert_eq!(last.world(), shmem.pe(world.n_pes() - 1)?);
/// assert!(world.pe(world.n_pes()).is_none());
/// # Ok::<(), shmem::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TeamPe {
    index: usize,
    set: PeSet,
}

impl TeamPe {
    /// The PE's number in its team (`shmem_team_my_pe` numbering).
    #[inline]
    pub fn index(self) -> usize {
        self.index
    }

    /// The same PE in the world numbering.
    #[inline]
    pub fn world(self) -> Pe {
        Pe::member(self.set.pe(self.index))
    }

    /// `shmem_team_translate_pe`: this PE in `dest`'s numbering, `None` when it is not a
    /// member of `dest`.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let world = shmem::Team::world(&shmem);
    /// let me = world.my_pe();
    /// assert_eq!(me.translate(&world), Some(me));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[doc(alias = "shmem_team_translate_pe")]
    pub fn translate(self, dest: &Team<'_>) -> Option<TeamPe> {
        dest.team_pe(self.world())
    }
}

impl std::fmt::Display for TeamPe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "team PE {} ({})", self.index, self.world())
    }
}

/// A team: an ordered set of PEs (a strided subset of its parent) with its own numbering
/// `0..n_pes()` and its own synchronization.
///
/// Only members hold a `Team`. Every collective is *collective over the team*: each member
/// calls the team's collectives in the same order. Dropping a split team is
/// `shmem_team_destroy`: collective over the team (it synchronizes the members, so that the
/// team's sync area can be reused).
///
/// # Examples
/// ```
/// use shmem::{SymVec, Team};
/// let shmem = shmem::init()?;
/// let world = Team::world(&shmem);
/// let src = SymVec::new(&shmem, 3, world.my_pe().index() as i64 + 1)?;
/// let mut sum = SymVec::new(&shmem, 3, 0i64)?;
/// world.sum_reduce(&mut sum, &src)?;
/// let n = world.n_pes() as i64;
/// assert_eq!(sum.to_vec(), [n * (n + 1) / 2; 3]);
/// # Ok::<(), shmem::Error>(())
/// ```
pub struct Team<'s> {
    shmem: &'s Shmem,
    set: PeSet,
    index: usize,
    config: TeamConfig,
    /// The slot a split team holds until it is destroyed (`None` for the world team).
    claimed: Option<ClaimedSlot>,
    coll: Coll<'s>,
}

impl std::fmt::Debug for Team<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Team")
            .field("start", &self.set.start())
            .field("stride", &self.set.stride())
            .field("n_pes", &self.set.size())
            .field("my_pe", &self.index)
            .field("config", &self.config)
            .finish()
    }
}

/// The team reductions (`shmem_<op>_reduce`), from [`crate::collectives::reductions`].
macro_rules! team_reductions {
    ($($_set:ident, $_set_in_place:ident, $name:ident, $in_place:ident, $op:ty, $bound:ident, $what:literal;)*) => {$(
        #[doc = concat!("`shmem_", stringify!($name), "`: ", $what, " of `source` over the team,")]
        /// element by element, into `target` on every member (`nreduce` is the common length).
        /// *Collective over the team*. Integer arithmetic wraps; floats are combined in team
        /// order, so every member gets the same bits.
        ///
        /// # Errors
        /// On every member, nothing written: [`Error::ArgumentMismatch`] when the members'
        /// objects, lengths, operations or element types differ; the error of a member whose
        /// `target` and `source` differ in length ([`Error::LengthMismatch`]), in
        /// [`Error::Refused`] unless every member has it.
        pub fn $name<T: $bound>(
            &self,
            target: &mut impl SymTarget<T>,
            source: &SymSlice<'_, T>,
        ) -> Result<(), Error> {
            coll::reduce::<T, $op>((self.coll(), None), target, Some(source))
        }

        #[doc = concat!("[`Team::", stringify!($name), "`] with one array as source and target.")]
        ///
        /// # Errors
        /// As the out-of-place form.
        pub fn $in_place<T: $bound>(&self, data: &mut impl SymTarget<T>) -> Result<(), Error> {
            coll::reduce::<T, $op>((self.coll(), None), data, None)
        }
    )*};
}

impl<'s> Team<'s> {
    /// `SHMEM_TEAM_WORLD`: every PE of the job.
    pub fn world(shmem: &'s Shmem) -> Team<'s> {
        let set = PeSet::world(shmem.n_pes());
        Team {
            shmem,
            set,
            index: shmem.my_pe().index(),
            config: TeamConfig::new(),
            claimed: None,
            coll: team_coll(shmem, set, 0),
        }
    }

    /// `SHMEM_TEAM_SHARED`: the PEs whose symmetric memory this PE can load and store
    /// directly (those for which [`crate::SymSlice::peer`] gives a view), numbered in world
    /// order. Under `shmemrun` that is every PE of the job (one shared segment); in an MPI job
    /// (feature `mpi`) it is the PEs of this PE's node (of its pretend node, with
    /// `SHMEM_MPI_NODE_SIZE`). A team like the others: its collectives are *collective over
    /// the team*, and it can be split. Calling it is local (no communication); every handle
    /// on it shares its state, like [`Team::world`]'s, and dropping one destroys nothing.
    ///
    /// A team is an arithmetic progression of world PEs. A node's PEs are one whenever the
    /// launcher places ranks by node (blocks of consecutive ranks, `mpirun`'s default and
    /// `srun`'s block distribution) or round robin (every k-th rank); for an irregular
    /// placement that is neither, the shared team is this PE alone (a valid, if small, set of
    /// PEs that share memory), on every PE of that node alike.
    ///
    /// # Examples
    /// ```
    /// use shmem::Team;
    /// let shmem = shmem::init()?;
    /// let shared = Team::shared(&shmem);
    /// // under shmemrun (no MPI): every PE shares the segment
    /// assert_eq!(shared.n_pes(), shmem.n_pes());
    /// assert_eq!(shared.my_pe().world(), shmem.my_pe());
    /// shared.sync()?;
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[doc(alias = "SHMEM_TEAM_SHARED")]
    pub fn shared(shmem: &'s Shmem) -> Team<'s> {
        let set = shmem.rt().transport().shared_set();
        Team {
            shmem,
            set,
            index: set
                .index_of(shmem.my_pe().index())
                .expect("this PE shares its own memory"),
            config: TeamConfig::new(),
            claimed: None,
            coll: team_coll(shmem, set, SHARED_SLOT),
        }
    }

    /// `shmem_team_get_config`: the configuration the team was split with
    /// ([`TeamConfig`]; the default for the world and shared teams and for splits without
    /// one). Local.
    ///
    /// # Examples
    /// ```
    /// use shmem::{Team, TeamConfig};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let (x, y) = world.split_2d_with(
    ///     2,
    ///     &TeamConfig::new().with_num_contexts(1),
    ///     &TeamConfig::new().with_num_contexts(3),
    /// )?;
    /// assert_eq!((x.get_config().num_contexts, y.get_config().num_contexts), (1, 3));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[doc(alias = "shmem_team_get_config")]
    pub fn get_config(&self) -> TeamConfig {
        self.config
    }

    fn t(&self) -> &'s DefaultTransport {
        self.shmem.rt().transport()
    }

    /// This member's handle on the team's collectives (its sync area).
    #[inline]
    pub(crate) fn coll(&self) -> Coll<'s> {
        self.coll
    }

    /// The team's members as a set of world PEs.
    #[inline]
    pub(crate) fn set(&self) -> PeSet {
        self.set
    }

    /// The runtime handle the team was made from.
    #[inline]
    pub(crate) fn shmem(&self) -> &'s Shmem {
        self.shmem
    }

    /// This PE in the team's numbering (`shmem_team_my_pe`: `my_pe().index()`).
    pub fn my_pe(&self) -> TeamPe {
        TeamPe {
            index: self.index,
            set: self.set,
        }
    }

    /// Number of PEs in the team (`shmem_team_n_pes`).
    pub fn n_pes(&self) -> usize {
        self.set.size()
    }

    /// Team member `index`, if `index < n_pes()`.
    pub fn pe(&self, index: usize) -> Option<TeamPe> {
        (index < self.set.size()).then_some(TeamPe {
            index,
            set: self.set,
        })
    }

    /// Every member, in team order.
    pub fn pes(&self) -> impl ExactSizeIterator<Item = TeamPe> + use<> {
        let set = self.set;
        (0..set.size()).map(move |index| TeamPe { index, set })
    }

    /// World PE `pe` in the team's numbering, `None` when it is not a member
    /// (`shmem_team_translate_pe` from the world team).
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let world = shmem::Team::world(&shmem);
    /// assert_eq!(world.team_pe(shmem.my_pe()), Some(world.my_pe()));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn team_pe(&self, pe: Pe) -> Option<TeamPe> {
        let index = self.set.index_of(pe.index())?;
        Some(TeamPe {
            index,
            set: self.set,
        })
    }

    /// `shmem_team_split_strided`: the team of this team's members `start, start + stride,
    /// ...` (`size` of them, numbered in that order). *Collective over this (parent) team*:
    /// every member calls it with the same arguments; members of the new team get
    /// `Some(team)`, the others `None`. The new team has the default [`TeamConfig`]
    /// ([`Team::split_strided_with`] takes one).
    ///
    /// `stride` is signed, as the C `int PE_stride` (OpenSHMEM 1.6 allows a negative one): a
    /// negative stride numbers the new team downwards, so `split_strided(n - 1, -1, n)` is the
    /// parent in reverse order, and the team's collectives follow that order (its member 0,
    /// the parent's last member, is a reduction's first operand, a broadcast root `pe(0)`, an
    /// fcollect's first block). With `size == 1` the stride does not matter (but the members
    /// must still pass the same one).
    ///
    /// # Errors
    /// On every member: [`Error::InvalidTeamSplit`] when the PEs are not all in this team (or
    /// `size == 0`, or `stride == 0` with `size > 1`; [`Error::Refused`] around it when that
    /// holds on some members only); [`Error::ArgumentMismatch`] when the members pass
    /// different triplets (a stride of the other sign included); [`Error::TeamsExhausted`]
    /// when too many teams exist.
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let world = shmem::Team::world(&shmem);
    /// let evens = world.split_strided(0, 2, world.n_pes().div_ceil(2))?;
    /// let team = evens.expect("PE 0 is even");
    /// assert_eq!(team.my_pe().index(), 0);
    ///
    /// // the world backwards: world PE n - 1 is member 0
    /// let n = world.n_pes();
    /// let reversed = world.split_strided(n - 1, -1, n)?.expect("every PE");
    /// assert_eq!(reversed.my_pe().index(), n - 1 - shmem.my_pe().index());
    /// assert_eq!(reversed.pe(0).map(|p| p.world()), Some(shmem.pe(n - 1)?));
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn split_strided(
        &self,
        start: usize,
        stride: isize,
        size: usize,
    ) -> Result<Option<Team<'s>>, Error> {
        self.split_strided_with(start, stride, size, &TeamConfig::new())
    }

    /// `shmem_team_split_strided` with a configuration: [`Team::split_strided`], and the new
    /// team records `config` ([`Team::get_config`]; a hint: see [`TeamConfig`]). Members may
    /// pass different configs. *Collective over this team*.
    ///
    /// # Errors
    /// As [`Team::split_strided`].
    ///
    /// # Examples
    /// ```
    /// use shmem::{Team, TeamConfig};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let config = TeamConfig::new().with_num_contexts(4);
    /// let n = world.n_pes();
    /// let team = world.split_strided_with(n - 1, -1, n, &config)?.expect("every PE");
    /// assert_eq!(team.get_config(), config);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn split_strided_with(
        &self,
        start: usize,
        stride: isize,
        size: usize,
        config: &TeamConfig,
    ) -> Result<Option<Team<'s>>, Error> {
        let set = self.set.subset(start, stride, size);
        // An invalid split on some members still joins the split's agreement round, so that
        // every member returns the same error (and members that pass different triplets get
        // an `ArgumentMismatch` instead of teams that disagree on their members).
        let refusal = set.is_none().then_some(Refusal::InvalidTeamSplit {
            start,
            stride,
            size,
            parent_size: self.set.size(),
        });
        let pool = pool(self.shmem);
        let split = SplitArgs {
            start,
            stride,
            size,
            xrange: 0,
        };
        let [r] = team_reserve::<1>(&self.coll(), pool, split, refusal)?;
        let set = set.expect("refused splits return above");
        Ok(self.join(set, r, *config))
    }

    /// `shmem_team_split_2d`: arranges this team's members in rows of `xrange` (the last row
    /// may be shorter; an `xrange` above `n_pes()` is taken as `n_pes()`), and returns this
    /// PE's row (the x-axis team) and column (the y-axis team). *Collective over this team*.
    ///
    /// # Errors
    /// On every member: [`Error::InvalidTeamSplit`] for `xrange == 0`;
    /// [`Error::ArgumentMismatch`] when the members pass different `xrange`s;
    /// [`Error::TeamsExhausted`].
    ///
    /// # Examples
    /// ```
    /// let shmem = shmem::init()?;
    /// let world = shmem::Team::world(&shmem);
    /// let (row, column) = world.split_2d(2)?;
    /// assert_eq!(row.my_pe().index(), shmem.my_pe().index() % 2);
    /// assert_eq!(column.my_pe().index(), shmem.my_pe().index() / 2);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn split_2d(&self, xrange: usize) -> Result<(Team<'s>, Team<'s>), Error> {
        self.split_2d_with(xrange, &TeamConfig::new(), &TeamConfig::new())
    }

    /// `shmem_team_split_2d` with configurations: [`Team::split_2d`], and the row (x-axis)
    /// team records `x_config`, the column (y-axis) team `y_config` ([`Team::get_config`];
    /// hints: see [`TeamConfig`]). *Collective over this team*.
    ///
    /// # Errors
    /// As [`Team::split_2d`].
    ///
    /// # Examples
    /// ```
    /// use shmem::{Team, TeamConfig};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let rows = TeamConfig::new().with_num_contexts(1);
    /// let (row, column) = world.split_2d_with(2, &rows, &TeamConfig::default())?;
    /// assert_eq!(row.get_config(), rows);
    /// assert_eq!(column.get_config().num_contexts, 0);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn split_2d_with(
        &self,
        xrange: usize,
        x_config: &TeamConfig,
        y_config: &TeamConfig,
    ) -> Result<(Team<'s>, Team<'s>), Error> {
        let n = self.set.size();
        let refusal = (xrange == 0).then_some(Refusal::InvalidTeamSplit {
            start: 0,
            stride: 1,
            size: 0,
            parent_size: n,
        });
        let pool = pool(self.shmem);
        let split = SplitArgs {
            start: 0,
            stride: 1,
            size: n,
            xrange,
        };
        let [rx, ry] = team_reserve::<2>(&self.coll(), pool, split, refusal)?;
        let xrange = xrange.min(n);
        let (row, col) = (self.index / xrange, self.index % xrange);
        let xs = self
            .set
            .subset(row * xrange, 1, xrange.min(n - row * xrange))
            .expect("a row of the parent");
        let ys = self
            .set
            .subset(col, xrange.cast_signed(), (n - col).div_ceil(xrange))
            .expect("a column of the parent");
        let x = self.join(xs, rx, *x_config).expect("member of its row");
        let y = self.join(ys, ry, *y_config).expect("member of its column");
        Ok((x, y))
    }

    fn join(&self, set: PeSet, r: Reservation, config: TeamConfig) -> Option<Team<'s>> {
        let index = set.index_of(self.shmem.my_pe().index())?;
        let slot = r.slot();
        let claimed = team_claim(self.t(), r);
        Some(Team {
            shmem: self.shmem,
            set,
            index,
            config,
            claimed: Some(claimed),
            coll: team_coll(self.shmem, set, slot),
        })
    }

    /// `shmem_team_destroy`: the same as dropping the team. *Collective over the team*.
    pub fn destroy(self) {
        drop(self);
    }

    /// `shmem_team_sync`: returns once every member has called it. *Collective over the
    /// team*. (Completion of puts is not implied; call [`Shmem::quiet`] first for a barrier.)
    ///
    /// # Errors
    /// [`Error::ArgumentMismatch`] on every member when some member made another collective
    /// call on the team at this point.
    pub fn sync(&self) -> Result<(), Error> {
        self.coll().sync(None)
    }

    /// `shmem_broadcast` (team form): copies `source` of the member `root` into `target` on
    /// every member, the root included (OpenSHMEM 1.5). *Collective over the team*.
    ///
    /// # Errors
    /// [`Error::LengthMismatch`] when `target` and `source` differ in length;
    /// [`Error::InvalidRoot`] when `root` (a PE of another team) is not a member of this one;
    /// [`Error::ArgumentMismatch`] when members name different roots.
    pub fn broadcast<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        root: TeamPe,
    ) -> Result<(), Error> {
        broadcast((self.coll(), None), target, source, root.world(), true)
    }

    /// `shmem_fcollect` (team form): see [`crate::Member::fcollect`].
    ///
    /// # Errors
    /// [`Error::OutOfBounds`], [`Error::ArgumentMismatch`].
    pub fn fcollect<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
    ) -> Result<(), Error> {
        fcollect((self.coll(), None), target, source)
    }

    /// `shmem_collect` (team form): see [`crate::Member::collect`].
    ///
    /// # Errors
    /// [`Error::OutOfBounds`], [`Error::ArgumentMismatch`].
    pub fn collect<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
    ) -> Result<usize, Error> {
        collect((self.coll(), None), target, source)
    }

    /// `shmem_alltoall` (team form): see [`crate::Member::alltoall`].
    ///
    /// # Errors
    /// [`Error::OutOfBounds`], [`Error::ArgumentMismatch`].
    pub fn alltoall<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
        nelems: usize,
    ) -> Result<(), Error> {
        alltoall((self.coll(), None), target, source, nelems)
    }

    /// `shmem_alltoalls` (team form): see [`crate::Member::alltoalls`].
    ///
    /// # Errors
    /// [`Error::InvalidStride`], [`Error::OutOfBounds`], [`Error::ArgumentMismatch`].
    pub fn alltoalls<T: Pod>(
        &self,
        target: &mut impl SymTarget<T>,
        dst: usize,
        source: &SymSlice<'_, T>,
        sst: usize,
        nelems: usize,
    ) -> Result<(), Error> {
        alltoalls((self.coll(), None), target, dst, source, sst, nelems)
    }

    /// `shmem_sum_inscan` (OpenSHMEM 1.6): inclusive prefix sum over the team, element by
    /// element. On the member with team index `k`, `target[i]` becomes the sum of
    /// `source[i]` over the members with index `0..=k` (`nelems` is the common length).
    /// *Collective over the team*. Integer sums wrap; floats (and the parts of
    /// [`Complex32`](crate::Complex32)/[`Complex64`](crate::Complex64)) are added in team
    /// order (`((s0 + s1) + s2) ...`), so every run gives the same bits, and the last
    /// member's result is bit for bit [`Team::sum_reduce`]'s.
    ///
    /// # Errors
    /// On every member, nothing written: [`Error::ArgumentMismatch`] when the members'
    /// objects, lengths or element types differ, or when some member calls another
    /// collective (an exclusive scan, a reduction) at this point; the error of a member
    /// whose `target` and `source` differ in length ([`Error::LengthMismatch`]), in
    /// [`Error::Refused`] unless every member has it.
    ///
    /// # Examples
    /// ```
    /// use shmem::{SymVec, Team};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let k = world.my_pe().index() as u64;
    /// let src = SymVec::new(&shmem, 2, k + 1)?;
    /// let mut prefix = SymVec::new(&shmem, 2, 0u64)?;
    /// world.sum_inscan(&mut prefix, &src)?;
    /// assert_eq!(prefix.to_vec(), [(k + 1) * (k + 2) / 2; 2]); // 1 + 2 + ... + (k + 1)
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[doc(alias = "shmem_sum_inscan")]
    pub fn sum_inscan<T: SumProdReduce>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
    ) -> Result<(), Error> {
        coll::scan::<T, Sum>((self.coll(), None), target, Some(source), false)
    }

    /// [`Team::sum_inscan`] with one array as source and target.
    ///
    /// # Errors
    /// As the out-of-place form.
    ///
    /// # Examples
    /// ```
    /// use shmem::{SymVec, Team};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let mut data = SymVec::new(&shmem, 3, 1i32)?;
    /// world.sum_inscan_in_place(&mut data)?;
    /// assert_eq!(data.to_vec(), [world.my_pe().index() as i32 + 1; 3]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn sum_inscan_in_place<T: SumProdReduce>(
        &self,
        data: &mut impl SymTarget<T>,
    ) -> Result<(), Error> {
        coll::scan::<T, Sum>((self.coll(), None), data, None, false)
    }

    /// `shmem_sum_exscan` (OpenSHMEM 1.6): exclusive prefix sum over the team, element by
    /// element. On the member with team index `k`, `target[i]` becomes the sum of
    /// `source[i]` over the members with index `0..k`; on member 0, a sum of nothing, it
    /// becomes zero (the sum's identity: `+0.0` for floats). MPI leaves `MPI_Exscan`'s result
    /// there undefined, and OpenSHMEM does not say; this library defines it. *Collective
    /// over the team*. Integer sums wrap; floats are added in team order, so every run gives
    /// the same bits (member `k`'s exclusive result is member `k - 1`'s inclusive one).
    ///
    /// # Errors
    /// As [`Team::sum_inscan`].
    ///
    /// # Examples
    /// ```
    /// use shmem::{SymVec, Team};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let k = world.my_pe().index() as u64;
    /// let src = SymVec::new(&shmem, 2, k + 1)?;
    /// let mut prefix = SymVec::new(&shmem, 2, 7u64)?;
    /// world.sum_exscan(&mut prefix, &src)?;
    /// assert_eq!(prefix.to_vec(), [k * (k + 1) / 2; 2]); // 1 + ... + k; 0 on member 0
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[doc(alias = "shmem_sum_exscan")]
    pub fn sum_exscan<T: SumProdReduce>(
        &self,
        target: &mut impl SymTarget<T>,
        source: &SymSlice<'_, T>,
    ) -> Result<(), Error> {
        coll::scan::<T, Sum>((self.coll(), None), target, Some(source), true)
    }

    /// [`Team::sum_exscan`] with one array as source and target.
    ///
    /// # Errors
    /// As the out-of-place form.
    ///
    /// # Examples
    /// ```
    /// use shmem::{SymVec, Team};
    /// let shmem = shmem::init()?;
    /// let world = Team::world(&shmem);
    /// let mut data = SymVec::new(&shmem, 3, 1.5f64)?;
    /// world.sum_exscan_in_place(&mut data)?;
    /// assert_eq!(data.to_vec(), [1.5 * world.my_pe().index() as f64; 3]);
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn sum_exscan_in_place<T: SumProdReduce>(
        &self,
        data: &mut impl SymTarget<T>,
    ) -> Result<(), Error> {
        coll::scan::<T, Sum>((self.coll(), None), data, None, true)
    }

    crate::collectives::reductions!(team_reductions);
}

impl Drop for Team<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        // Every member must be past its last use of the slot before any may reuse it; if the
        // members disagree here (one destroys while another calls something else), the slot
        // stays reserved rather than being reused while someone may still be in it.
        if let Some(claimed) = self.claimed.take() {
            let _ = claimed.release(&self.coll);
        }
    }
}
