//! Teams (OpenSHMEM 1.5 §9.4): `SHMEM_TEAM_WORLD`, `SHMEM_TEAM_SHARED`, strided and 2-d
//! splits, translation, configuration, destruction.
//!
//! A `shmem_team_t` is a handle number, never a pointer this library dereferences: 1 is the
//! world, 2 the shared team, split teams count up from 3, and a handle that is not a live team
//! ends the job with a message. Split teams take their sync areas from `shmem-core`'s team
//! pool (a heap block allocated by `shmem_init`), with the same agreement as the Rust API's
//! `Team::split_strided`: members that pass different splits all stop with the same message.

use std::ffi::{c_int, c_long, c_void};

use shmem_core::Error;
use shmem_core::collectives::Reservation;
use shmem_core::collectives::{
    ClaimedSlot, Coll, Refusal, SHARED_SLOT, SplitArgs, SyncArea, team_area, team_claim,
    team_reserve,
};
use shmem_core::pe_set::PeSet;

use crate::state::{State, fail, st};

/// `SHMEM_TEAM_WORLD`, `SHMEM_TEAM_SHARED` (the values of `shmem.h`).
const WORLD: usize = 1;
const SHARED: usize = 2;
/// `SHMEM_TEAM_NUM_CONTEXTS`: the config mask bit of `num_contexts`.
const NUM_CONTEXTS: c_long = 1;

/// `shmem_team_config_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct TeamConfig {
    /// `num_contexts`.
    pub num_contexts: c_int,
}

/// A live split team of this PE.
#[derive(Debug)]
pub(crate) struct Team {
    set: PeSet,
    area: SyncArea,
    claimed: Option<ClaimedSlot>,
    config: TeamConfig,
}

/// The set and sync area of the team `handle`, or the end of the job naming `call`.
pub(crate) fn resolve(s: &State, call: &str, handle: *const c_void) -> (PeSet, SyncArea) {
    match handle as usize {
        WORLD => (PeSet::world(s.n_pes()), s.world_area()),
        SHARED => (s.t().shared_set(), team_area(s.pool, SHARED_SLOT)),
        h => match s.teams.borrow().get(&h) {
            Some(t) => (t.set, t.area),
            None => fail(
                call,
                format_args!("team {handle:p} is not a team of this PE (destroyed, or never made)"),
            ),
        },
    }
}

/// The collective handle of the team `handle` for this PE.
pub(crate) fn coll(s: &State, call: &str, handle: *const c_void) -> Coll<'static> {
    let (set, area) = resolve(s, call, handle);
    Coll::for_team(s.t(), set, area).expect("a team handle of this PE has it as a member")
}

/// Ends the job on an agreement error.
fn check<T>(call: &str, r: shmem_core::Result<T>) -> T {
    r.unwrap_or_else(|e| fail(call, format_args!("{e}")))
}

/// Reads a config, if the mask asks for it.
///
/// # Safety
/// `config` is NULL or valid for reading a `shmem_team_config_t`.
unsafe fn read_config(config: *const TeamConfig, mask: c_long) -> TeamConfig {
    if config.is_null() || mask & NUM_CONTEXTS == 0 {
        return TeamConfig::default();
    }
    // SAFETY: non-null and readable (caller).
    unsafe { config.read() }
}

/// Joins the new team `set` on the reserved slot if this PE is a member: its new handle, or
/// `SHMEM_TEAM_INVALID` (0).
fn join(s: &State, set: PeSet, r: Reservation, config: TeamConfig) -> usize {
    if set.index_of(s.me()).is_none() {
        return 0;
    }
    let claimed = team_claim(s.t(), r);
    let area = claimed.area();
    let mut teams = s.teams.borrow_mut();
    let handle = (3..)
        .find(|h| !teams.contains_key(h))
        .expect("a free handle");
    teams.insert(
        handle,
        Team {
            set,
            area,
            claimed: Some(claimed),
            config,
        },
    );
    handle
}

/// Writes a team handle to the caller's `*out`.
///
/// # Safety
/// `out` is valid for writing a `shmem_team_t`.
unsafe fn deliver(call: &str, out: *mut *mut c_void, handle: usize) {
    if out.is_null() {
        fail(call, format_args!("the new team's pointer is NULL"));
    }
    // SAFETY: non-null and writable (caller).
    unsafe { out.write(handle as *mut c_void) };
}

/// `shmem_team_split_strided` (§9.4.8): collective over `parent`; the members `start, start +
/// stride, ...` (`size` of them, indices in the parent; `stride` may be negative) form a new
/// team. Returns 0, with `*new_team` the team or `SHMEM_TEAM_INVALID` on non-members; nonzero
/// (and `SHMEM_TEAM_INVALID`) when no team slot is left or `parent` is `SHMEM_TEAM_INVALID`. An invalid triplet, or members that
/// disagree, end the job.
///
/// # Safety
/// `config` is NULL or readable; `new_team` is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_split_strided(
    parent: *const c_void,
    start: c_int,
    stride: c_int,
    size: c_int,
    config: *const TeamConfig,
    config_mask: c_long,
    new_team: *mut *mut c_void,
) -> c_int {
    let call = "shmem_team_split_strided";
    let s = &st(call);
    if parent.is_null() {
        // SAFETY: forwarded contract.
        unsafe { deliver(call, new_team, 0) };
        return 1;
    }
    let parent_coll = coll(s, call, parent);
    let pset = parent_coll.set();
    // SAFETY: forwarded contract.
    let config = unsafe { read_config(config, config_mask) };
    let (ustart, usize_) = (usize::try_from(start).ok(), usize::try_from(size).ok());
    let set = match (ustart, usize_) {
        (Some(a), Some(n)) if n > 0 => pset.subset(a, stride as isize, n),
        _ => None,
    };
    let refusal = set.is_none().then_some(Refusal::InvalidTeamSplit {
        start: ustart.unwrap_or(usize::MAX),
        stride: stride as isize,
        size: usize_.unwrap_or(0),
        parent_size: pset.size(),
    });
    let split = SplitArgs {
        start: ustart.unwrap_or(usize::MAX),
        stride: stride as isize,
        size: usize_.unwrap_or(0),
        xrange: 0,
    };
    let handle = match team_reserve::<1>(&parent_coll, s.pool, split, refusal) {
        Ok([r]) => join(s, set.expect("refused splits fail above"), r, config),
        Err(Error::TeamsExhausted { .. }) => {
            // SAFETY: forwarded contract.
            unsafe { deliver(call, new_team, 0) };
            return 1;
        }
        Err(e) => fail(call, format_args!("{e}")),
    };
    // SAFETY: forwarded contract.
    unsafe { deliver(call, new_team, handle) };
    0
}

/// `shmem_team_split_2d` (§9.4.9): collective over `parent`; rows of `xrange` members (the
/// x-axis teams) and the columns (y-axis teams). Returns 0, or nonzero when no team slots are
/// left.
///
/// # Safety
/// The configs are NULL or readable; `xaxis_team` and `yaxis_team` are writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn shmem_team_split_2d(
    parent: *const c_void,
    xrange: c_int,
    xaxis_config: *const TeamConfig,
    xaxis_mask: c_long,
    xaxis_team: *mut *mut c_void,
    yaxis_config: *const TeamConfig,
    yaxis_mask: c_long,
    yaxis_team: *mut *mut c_void,
) -> c_int {
    let call = "shmem_team_split_2d";
    let s = &st(call);
    if parent.is_null() {
        // SAFETY: forwarded contract.
        unsafe {
            deliver(call, xaxis_team, 0);
            deliver(call, yaxis_team, 0);
        }
        return 1;
    }
    let parent_coll = coll(s, call, parent);
    let pset = parent_coll.set();
    let n = pset.size();
    // SAFETY: forwarded contract.
    let (xc, yc) = unsafe {
        (
            read_config(xaxis_config, xaxis_mask),
            read_config(yaxis_config, yaxis_mask),
        )
    };
    let x = usize::try_from(xrange).ok().filter(|&x| x > 0);
    let refusal = x.is_none().then_some(Refusal::InvalidTeamSplit {
        start: 0,
        stride: 1,
        size: 0,
        parent_size: n,
    });
    let split = SplitArgs {
        start: 0,
        stride: 1,
        size: n,
        xrange: x.unwrap_or(0),
    };
    match team_reserve::<2>(&parent_coll, s.pool, split, refusal) {
        Ok([rx, ry]) => {
            let x = x.expect("refused splits fail above").min(n);
            let me = parent_coll.index();
            let (row, col) = (me / x, me % x);
            let xs = pset
                .subset(row * x, 1, x.min(n - row * x))
                .expect("a row of the parent");
            let ys = pset
                .subset(col, x as isize, (n - col).div_ceil(x))
                .expect("a column of the parent");
            let (hx, hy) = (join(s, xs, rx, xc), join(s, ys, ry, yc));
            // SAFETY: forwarded contract.
            unsafe {
                deliver(call, xaxis_team, hx);
                deliver(call, yaxis_team, hy);
            }
            0
        }
        Err(Error::TeamsExhausted { .. }) => {
            // SAFETY: forwarded contract.
            unsafe {
                deliver(call, xaxis_team, 0);
                deliver(call, yaxis_team, 0);
            }
            1
        }
        Err(e) => fail(call, format_args!("{e}")),
    }
}

/// `shmem_team_destroy` (§9.4.10): collective over the team; its slot is released once every
/// member is past its last use. The predefined teams cannot be destroyed.
/// `SHMEM_TEAM_INVALID` (what a split gives a PE outside the new team) does nothing, so that a
/// program destroys whatever its split returned on every PE.
///
/// # Safety
/// None beyond the crate's contract: `team` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_destroy(team: *mut c_void) {
    let call = "shmem_team_destroy";
    let s = &st(call);
    if team.is_null() {
        return;
    }
    if matches!(team as usize, WORLD | SHARED) {
        fail(
            call,
            format_args!("the predefined teams cannot be destroyed"),
        );
    }
    let c = coll(s, call, team);
    let t = s.teams.borrow_mut().remove(&(team as usize));
    if let Some(claimed) = t.and_then(|t| t.claimed) {
        check(call, claimed.release(&c));
    }
}

/// `shmem_team_my_pe` (§9.4.4): this PE's number in `team`, or -1 for `SHMEM_TEAM_INVALID`.
///
/// # Safety
/// None beyond the crate's contract: `team` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_my_pe(team: *const c_void) -> c_int {
    let s = &st("shmem_team_my_pe");
    if team.is_null() {
        return -1;
    }
    coll(s, "shmem_team_my_pe", team).index() as c_int
}

/// `shmem_team_n_pes` (§9.4.5): the number of PEs in `team`, or -1 for `SHMEM_TEAM_INVALID`.
///
/// # Safety
/// None beyond the crate's contract: `team` is a handle, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_n_pes(team: *const c_void) -> c_int {
    let s = &st("shmem_team_n_pes");
    if team.is_null() {
        return -1;
    }
    resolve(s, "shmem_team_n_pes", team).0.size() as c_int
}

/// `shmem_team_translate_pe` (§9.4.7): the number in `dest_team` of member `src_pe` of
/// `src_team`, or -1 when it is not a member of both (or a team is `SHMEM_TEAM_INVALID`).
///
/// # Safety
/// None beyond the crate's contract: the teams are handles, never dereferenced.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_translate_pe(
    src_team: *const c_void,
    src_pe: c_int,
    dest_team: *const c_void,
) -> c_int {
    let call = "shmem_team_translate_pe";
    let s = &st(call);
    if src_team.is_null() || dest_team.is_null() {
        return -1;
    }
    let (src, dst) = (resolve(s, call, src_team).0, resolve(s, call, dest_team).0);
    match usize::try_from(src_pe) {
        Ok(i) if i < src.size() => dst.index_of(src.pe(i)).map_or(-1, |j| j as c_int),
        _ => -1,
    }
}

/// `shmem_team_get_config` (§9.4.6): the configuration the team was made with (the fields
/// `config_mask` selects). Returns 0, or nonzero for `SHMEM_TEAM_INVALID`.
///
/// # Safety
/// `config` is valid for writing a `shmem_team_config_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shmem_team_get_config(
    team: *const c_void,
    config_mask: c_long,
    config: *mut TeamConfig,
) -> c_int {
    let call = "shmem_team_get_config";
    let s = &st(call);
    if team.is_null() {
        return 1;
    }
    let _ = resolve(s, call, team);
    let mine = s
        .teams
        .borrow()
        .get(&(team as usize))
        .map_or_else(TeamConfig::default, |t| t.config);
    if config.is_null() {
        fail(call, format_args!("config is NULL"));
    }
    if config_mask & NUM_CONTEXTS != 0 {
        // SAFETY: non-null and writable (caller).
        unsafe { (*config).num_contexts = mine.num_contexts };
    }
    0
}
