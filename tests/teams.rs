//! Teams on real processes: world, split_strided (nested), split_2d, my_pe / n_pes / typed
//! team PEs and their translation, team sync, team collectives on disjoint teams running at the same time, and
//! the reuse of team sync slots (destroy and split again, more times than there are slots),
//! and the team scans (`sum_inscan`, `sum_exscan`); negative strides (teams numbered
//! downwards), team configs, and the shared team (`SHMEM_TEAM_SHARED`).
#![forbid(unsafe_code)]

mod support;

use shmem::bytemuck;
use shmem::{ArithmeticReduce, Error, Shmem, SymVec, Team, TeamConfig};
use support::Case;

const NPES: &[usize] = &[1, 2, 3, 4, 5, 8];

fn world_basics(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    assert_eq!((world.my_pe().index(), world.n_pes()), (me, n));
    assert_eq!(world.my_pe().world(), shmem.my_pe());
    assert_eq!(
        world.pe(n - 1).map(|p| p.world()),
        Some(shmem.pe(n - 1).unwrap())
    );
    assert_eq!(world.pe(n), None);
    assert_eq!(world.pes().len(), n);
    for (i, p) in world.pes().enumerate() {
        assert_eq!((p.index(), p.world().index()), (i, i));
        assert_eq!(p.translate(&world), Some(p));
        assert_eq!(world.team_pe(p.world()), Some(p));
    }
    // two handles on the world team share its state
    let again = Team::world(shmem);
    for _ in 0..50 {
        world.sync().unwrap();
        again.sync().unwrap();
    }
}

fn split_strided(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let evens = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let odds = if n > 1 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    assert_eq!(evens.is_some(), me.is_multiple_of(2));
    assert_eq!(odds.is_some(), me % 2 == 1);
    let team = evens.as_ref().or(odds.as_ref()).unwrap();
    assert_eq!(team.my_pe().index(), me / 2);
    assert_eq!(team.my_pe().world(), shmem.my_pe());
    let worlds: Vec<usize> = team.pes().map(|p| p.world().index()).collect();
    let want: Vec<usize> = (0..n).filter(|p| p % 2 == me % 2).collect();
    assert_eq!(worlds, want);
    assert_eq!(
        team.n_pes(),
        if me.is_multiple_of(2) {
            n.div_ceil(2)
        } else {
            n / 2
        }
    );
    assert_eq!(
        world.my_pe().translate(team).map(|p| p.index()),
        Some(me / 2)
    );
    assert_eq!(team.my_pe().translate(&world), Some(world.my_pe()));
    if n > 1 {
        let other = world.pe((me + 1) % 2).unwrap();
        assert_eq!(other.translate(team), None);
        assert_eq!(team.team_pe(other.world()), None);
    }
    // the two teams reduce at the same time, each over its own members
    let src = SymVec::new(shmem, 5, me as u64 + 1).unwrap();
    let mut dst = SymVec::new(shmem, 5, 0u64).unwrap();
    let want: u64 = (0..n)
        .filter(|p| p % 2 == me % 2)
        .map(|p| p as u64 + 1)
        .sum();
    for _ in 0..200 {
        team.sum_reduce(&mut dst, &src).unwrap();
        assert_eq!(dst.to_vec(), [want; 5]);
    }
    // nested: every other member of my team (stride 4 in the world)
    let quarter = team.split_strided(0, 2, team.n_pes().div_ceil(2)).unwrap();
    assert_eq!(quarter.is_some(), (me / 2).is_multiple_of(2));
    let mut mx = SymVec::new(shmem, 1, 0u64).unwrap();
    if let Some(q) = &quarter {
        assert_eq!(q.my_pe().index(), me / 4);
        assert_eq!(q.my_pe().translate(&world), Some(world.my_pe()));
        assert_eq!(
            q.my_pe().translate(team).map(|p| p.index()),
            Some(me / 4 * 2)
        );
        q.max_reduce(&mut mx, &src.slice(..1).unwrap()).unwrap();
        let top = (0..n).filter(|p| p % 4 == me % 4).max().unwrap();
        assert_eq!(mx.read(0).unwrap(), top as u64 + 1);
    }
    // invalid splits: the same error on every member
    assert!(matches!(
        world.split_strided(0, 1, n + 1),
        Err(Error::InvalidTeamSplit { .. })
    ));
    assert!(matches!(
        world.split_strided(n, 1, 1),
        Err(Error::InvalidTeamSplit { .. })
    ));
    assert!(matches!(
        world.split_strided(0, 1, 0),
        Err(Error::InvalidTeamSplit { .. })
    ));
    drop(quarter);
    drop(odds);
    drop(evens);
    world.sync().unwrap();
}

fn split_2d(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    for xrange in 1..=n + 1 {
        let (row, col) = world.split_2d(xrange).unwrap();
        let x = xrange.min(n);
        assert_eq!(row.my_pe().index(), me % x, "xrange {xrange}");
        assert_eq!(col.my_pe().index(), me / x);
        assert_eq!(row.n_pes(), x.min(n - (me / x) * x));
        assert_eq!(col.n_pes(), (n - me % x).div_ceil(x));
        let src = SymVec::new(shmem, 3, me as i32).unwrap();
        let mut dst = SymVec::new(shmem, 3, 0i32).unwrap();
        row.sum_reduce(&mut dst, &src).unwrap();
        let want: i32 = (0..n).filter(|p| p / x == me / x).map(|p| p as i32).sum();
        assert_eq!(dst.to_vec(), [want; 3], "row sum, xrange {xrange}");
        col.sum_reduce(&mut dst, &src).unwrap();
        let want: i32 = (0..n).filter(|p| p % x == me % x).map(|p| p as i32).sum();
        assert_eq!(dst.to_vec(), [want; 3], "column sum, xrange {xrange}");
        assert_eq!(
            row.my_pe().translate(&col),
            Some(col.my_pe()),
            "this PE is in both"
        );
    }
    assert!(matches!(
        world.split_2d(0),
        Err(Error::InvalidTeamSplit { .. })
    ));
}

/// Splitting and destroying more teams than there are slots, with different members and a
/// different number of calls each time: slots are reused, and stale sync words of an earlier
/// team never satisfy a wait of a later one.
fn slot_reuse(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let src = SymVec::new(shmem, 4, me as u64).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0u64).unwrap();
    for i in 0..80 {
        let (start, stride, size): (usize, usize, usize) = match i % 4 {
            0 => (0, 1, n),
            1 => (0, 2, n.div_ceil(2)),
            2 => (n - 1, 1, 1),
            _ => (i % n, 1, n - i % n),
        };
        let team = world
            .split_strided(start, stride.cast_signed(), size)
            .unwrap();
        if let Some(t) = &team {
            let want: u64 = (0..size).map(|k| (start + k * stride) as u64).sum();
            for _ in 0..(i % 5 + 1) {
                t.sum_reduce(&mut dst, &src).unwrap();
                assert_eq!(dst.to_vec(), [want; 4], "iteration {i}");
            }
        }
    }
}

fn exhaustion(shmem: &Shmem) {
    let world = Team::world(shmem);
    let mut teams = Vec::new();
    let err = loop {
        match world.split_strided(0, 1, shmem.n_pes()) {
            Ok(t) => teams.push(t.unwrap()),
            Err(e) => break e,
        }
        assert!(teams.len() < 1000);
    };
    assert!(
        matches!(err, Error::TeamsExhausted { max } if max == teams.len()),
        "{err}"
    );
    // every team works, and after they are gone new ones can be made
    let src = SymVec::new(shmem, 1, 1u32).unwrap();
    let mut dst = SymVec::new(shmem, 1, 0u32).unwrap();
    for t in &teams {
        t.sum_reduce(&mut dst, &src).unwrap();
        assert_eq!(dst.read(0).unwrap(), shmem.n_pes() as u32);
    }
    while let Some(t) = teams.pop() {
        t.destroy();
    }
    let again = world.split_strided(0, 1, shmem.n_pes()).unwrap().unwrap();
    again.sync().unwrap();
}

fn team_collectives(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    // the odd PEs and the even PEs (team numbering is the order in the team)
    let even = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let odd = if n > 1 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let team = even.or(odd).unwrap();
    let members: Vec<usize> = (0..n).filter(|p| p % 2 == me % 2).collect();
    let tn = members.len();
    let maxt = n.div_ceil(2); // allocations are collective over the world: same sizes everywhere
    // broadcast, root's target written; small and large
    for len in [3usize, 2000] {
        let src = SymVec::from_fn(shmem, len, |k| (me * 10_000 + k) as u64).unwrap();
        let mut dst = SymVec::new(shmem, len, 0u64).unwrap();
        for (root, &root_pe) in team.pes().zip(&members) {
            team.broadcast(&mut dst, &src, root).unwrap();
            let want: Vec<u64> = (0..len).map(|k| (root_pe * 10_000 + k) as u64).collect();
            assert_eq!(dst.to_vec(), want);
        }
        // a root named in the world numbering is the same process
        let root = world.pe(members[tn - 1]).unwrap();
        team.broadcast(&mut dst, &src, root).unwrap();
        let want: Vec<u64> = (0..len)
            .map(|k| (members[tn - 1] * 10_000 + k) as u64)
            .collect();
        assert_eq!(dst.to_vec(), want);
        // a root outside the team: the same error on every member, nothing written
        if n > 1 {
            let outsider = world.pe((me + 1) % 2).unwrap();
            dst.fill(7);
            let r = team.broadcast(&mut dst, &src, outsider);
            assert!(
                matches!(r, Err(Error::InvalidRoot { root, .. }) if root == (me + 1) % 2),
                "{r:?}"
            );
            assert_eq!(dst.to_vec(), vec![7; len]);
        }
    }
    // fcollect and collect in team order
    let src = SymVec::new(shmem, 2, me as u16).unwrap();
    let mut dst = SymVec::new(shmem, 2 * maxt, 0u16).unwrap();
    team.fcollect(&mut dst, &src).unwrap();
    let want: Vec<u16> = members.iter().flat_map(|&p| [p as u16; 2]).collect();
    assert_eq!(dst.slice(..2 * tn).unwrap().to_vec(), want);
    let total = team
        .collect(&mut dst, &src.slice(..team.my_pe().index() % 3).unwrap())
        .unwrap();
    let want: Vec<u16> = members
        .iter()
        .enumerate()
        .flat_map(|(i, &p)| vec![p as u16; i % 3])
        .collect();
    assert_eq!(total, want.len());
    assert_eq!(dst.slice(..total).unwrap().to_vec(), want);
    // alltoall and alltoalls
    let src = SymVec::from_fn(shmem, maxt, |j| (me * 100 + j) as u32).unwrap();
    let mut dst = SymVec::new(shmem, maxt, 0u32).unwrap();
    team.alltoall(&mut dst, &src, 1).unwrap();
    let want: Vec<u32> = members
        .iter()
        .map(|&p| (p * 100 + team.my_pe().index()) as u32)
        .collect();
    assert_eq!(dst.slice(..tn).unwrap().to_vec(), want);
    let mut dst2 = SymVec::new(shmem, 2 * maxt, 9u32).unwrap();
    team.alltoalls(&mut dst2, 2, &src, 1, 1).unwrap();
    for (i, &w) in want.iter().enumerate() {
        assert_eq!(dst2.read(2 * i).unwrap(), w);
        assert_eq!(dst2.read(2 * i + 1).unwrap(), 9);
    }
    // every reduction, in place and not
    let src = SymVec::from_fn(shmem, 4, |k| (me + k) as i64 - 3).unwrap();
    let mut dst = SymVec::new(shmem, 4, 0i64).unwrap();
    let fold = |f: fn(i64, i64) -> i64| -> Vec<i64> {
        (0..4)
            .map(|k| {
                members[1..]
                    .iter()
                    .fold(members[0] as i64 + k - 3, |a, &p| f(a, p as i64 + k - 3))
            })
            .collect()
    };
    team.and_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), fold(|a, b| a & b));
    team.xor_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), fold(|a, b| a ^ b));
    team.prod_reduce(&mut dst, &src).unwrap();
    assert_eq!(dst.to_vec(), fold(i64::wrapping_mul));
    let mut data = SymVec::from_fn(shmem, 4, |k| (me + k) as i64 - 3).unwrap();
    team.min_reduce_in_place(&mut data).unwrap();
    assert_eq!(data.to_vec(), fold(i64::min));
    team.sync().unwrap();
}

/// The prefix over `members[..upto]` (world PEs in team order) of `val(pe, i)`, element by
/// element, folded in team order from the first member's value; zero for no members.
fn prefix<T: ArithmeticReduce>(
    members: &[usize],
    upto: usize,
    len: usize,
    val: fn(usize, usize) -> T,
    add: fn(T, T) -> T,
) -> Vec<T> {
    (0..len)
        .map(|i| {
            members[..upto]
                .iter()
                .map(|&p| val(p, i))
                .reduce(add)
                .unwrap_or_else(T::zeroed)
        })
        .collect()
}

/// Bit-exact comparison (floats included), with both vectors in the message.
#[track_caller]
fn same_bits<T: ArithmeticReduce + std::fmt::Debug>(got: &[T], want: &[T], what: &str) {
    assert!(
        bytemuck::cast_slice::<T, u8>(got) == bytemuck::cast_slice::<T, u8>(want),
        "{what}: got {got:?}, want {want:?}"
    );
}

/// Inclusive and exclusive sum scans on `team`, out of place and in place, against a fold
/// over the members' PE ids; the last member's inclusive scan is the team's `sum_reduce`, bit
/// for bit. Every PE of the job calls it with the same `len` and `T` (the allocations are
/// collective over the world), each with its own team.
fn check_scans<T: ArithmeticReduce + std::fmt::Debug>(
    shmem: &Shmem,
    team: &Team<'_>,
    members: &[usize],
    len: usize,
    val: fn(usize, usize) -> T,
    add: fn(T, T) -> T,
) {
    let k = team.my_pe().index();
    let me = members[k];
    assert_eq!(me, shmem.my_pe().index());
    let what = |op: &str| format!("{op} of {len} {}", std::any::type_name::<T>());
    let inclusive = prefix(members, k + 1, len, val, add);
    let exclusive = prefix(members, k, len, val, add);
    let src = SymVec::from_fn(shmem, len, |i| val(me, i)).unwrap();
    let mut dst = SymVec::new(shmem, len, val(9999, 1)).unwrap();
    team.sum_inscan(&mut dst, &src).unwrap();
    same_bits(&dst.to_vec(), &inclusive, &what("sum_inscan"));
    let mut red = SymVec::new(shmem, len, val(9999, 2)).unwrap();
    team.sum_reduce(&mut red, &src).unwrap();
    if k + 1 == members.len() {
        same_bits(&dst.to_vec(), &red.to_vec(), &what("last inscan vs reduce"));
    }
    team.sum_exscan(&mut dst, &src).unwrap();
    same_bits(&dst.to_vec(), &exclusive, &what("sum_exscan"));
    assert_eq!(
        src.to_vec(),
        (0..len).map(|i| val(me, i)).collect::<Vec<_>>()
    );
    let mut data = SymVec::from_fn(shmem, len, |i| val(me, i)).unwrap();
    team.sum_inscan_in_place(&mut data).unwrap();
    same_bits(&data.to_vec(), &inclusive, &what("sum_inscan_in_place"));
    data.copy_from(&src.to_vec()).unwrap();
    team.sum_exscan_in_place(&mut data).unwrap();
    same_bits(&data.to_vec(), &exclusive, &what("sum_exscan_in_place"));
    // a part of an array, as a slice of the target and of the source
    if len > 2 {
        dst.fill(val(9999, 3));
        let part = 1..len - 1;
        team.sum_inscan(
            &mut dst.slice_mut(part.clone()).unwrap(),
            &src.slice(part.clone()).unwrap(),
        )
        .unwrap();
        let got = dst.to_vec();
        same_bits(
            &got[part.clone()],
            &inclusive[part],
            &what("sum_inscan of a slice"),
        );
        same_bits(
            &[got[0], got[len - 1]],
            &[val(9999, 3); 2],
            &what("outside the slice"),
        );
    }
}

fn i64_val(p: usize, i: usize) -> i64 {
    // large: two members' values already wrap
    i64::MAX
        .wrapping_sub(12_345 * p as i64)
        .wrapping_add(7 * i as i64)
}

fn u32_val(p: usize, i: usize) -> u32 {
    (p as u32 + 1).wrapping_mul(0x9e37_79b9) ^ (i as u32).wrapping_mul(0x85eb_ca6b)
}

fn f64_val(p: usize, i: usize) -> f64 {
    // magnitudes 1e-4 to 1e12 and both signs: the order of the additions shows in the bits
    let x = 1.0 / (3 * p + i + 1) as f64 * 10f64.powi(4 * ((p + i) % 5) as i32 - 4);
    if (p + i) % 3 == 1 { -x } else { x }
}

fn scans(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let all: Vec<usize> = (0..n).collect();
    // the even and the odd PEs, each scanning over its own team at the same time
    let even = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let odd = if n > 1 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let half = even.as_ref().or(odd.as_ref()).unwrap();
    let mine: Vec<usize> = (0..n).filter(|p| p % 2 == me % 2).collect();
    for (team, members) in [(&world, &all), (half, &mine)] {
        for len in [1, 37, 1001] {
            check_scans(shmem, team, members, len, i64_val, i64::wrapping_add);
            check_scans(shmem, team, members, len, u32_val, u32::wrapping_add);
            check_scans(shmem, team, members, len, f64_val, |a, b| a + b);
        }
        check_scans(
            shmem,
            team,
            members,
            3,
            |p, i| (p * 3 + i) as f32,
            |a, b| a + b,
        );
        check_scans(
            shmem,
            team,
            members,
            5,
            |p, i| ((p + i) as i8).wrapping_mul(50),
            i8::wrapping_add,
        );
    }
    // wrapping, by hand: i64::MAX on every member
    let src = SymVec::new(shmem, 1, i64::MAX).unwrap();
    let mut dst = SymVec::new(shmem, 1, 0i64).unwrap();
    world.sum_inscan(&mut dst, &src).unwrap();
    assert_eq!(dst.read(0).unwrap(), i64::MAX.wrapping_mul(me as i64 + 1));
    // only the odd team scans: the even PEs' targets are left alone
    let mut dst = SymVec::new(shmem, 4, -1i64).unwrap();
    let src = SymVec::new(shmem, 4, me as i64).unwrap();
    if let Some(odd) = &odd {
        odd.sum_exscan(&mut dst, &src).unwrap();
        let k = odd.my_pe().index();
        assert_eq!(
            dst.to_vec(),
            [(0..k).map(|j| 2 * j as i64 + 1).sum::<i64>(); 4]
        );
    }
    world.sync().unwrap();
    if me.is_multiple_of(2) {
        assert_eq!(dst.to_vec(), [-1; 4]);
    }
    drop(odd);
    drop(even);
    world.sync().unwrap();
}

/// Scans whose members disagree, or whose arguments fail a local check on some members: the
/// same error on every member, and nothing written.
fn scan_errors(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let odd = if n > 1 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let src = SymVec::new(shmem, 8, me as u64 + 1).unwrap();
    let mut dst = SymVec::new(shmem, 8, 77u64).unwrap();
    let as_i64 = SymVec::new(shmem, 8, 1i64).unwrap();
    let mut dst_i64 = SymVec::new(shmem, 8, 77i64).unwrap();
    for team in [Some(&world), odd.as_ref()].into_iter().flatten() {
        let k = team.my_pe().index();
        let multi = team.n_pes() > 1;
        // different lengths: member 0 passes 5 elements, the others 4
        let len = if k == 0 { 5 } else { 4 };
        let r = team.sum_inscan(
            &mut dst.slice_mut(..len).unwrap(),
            &src.slice(..len).unwrap(),
        );
        if multi {
            match &r {
                Err(Error::ArgumentMismatch { what, .. }) => {
                    assert_eq!(*what, "nelems (element count)", "{r:?}")
                }
                other => panic!("team of {}: {other:?}", team.n_pes()),
            }
        } else {
            r.unwrap();
            dst.fill(77);
        }
        let r = team.sum_exscan_in_place(&mut dst.slice_mut(..len).unwrap());
        assert_eq!(
            matches!(r, Err(Error::ArgumentMismatch { .. })),
            multi,
            "{r:?}"
        );
        if !multi {
            dst.fill(77);
        }
        // an inclusive scan against an exclusive one, and a scan against a reduction
        let r = if k == 0 {
            team.sum_exscan(&mut dst, &src)
        } else {
            team.sum_inscan(&mut dst, &src)
        };
        assert_eq!(
            matches!(r, Err(Error::ArgumentMismatch { .. })),
            multi,
            "{r:?}"
        );
        if multi {
            let e = r.unwrap_err().to_string();
            assert!(e.contains("sum-exscan of 8-byte elements"), "{e}");
        } else {
            dst.fill(77);
        }
        let r = if k + 1 == team.n_pes() {
            team.sum_reduce(&mut dst, &src)
        } else {
            team.sum_inscan(&mut dst, &src)
        };
        assert_eq!(
            matches!(r, Err(Error::ArgumentMismatch { .. })),
            multi,
            "{r:?}"
        );
        if !multi {
            dst.fill(77);
        }
        // different element types of one size
        let r = if k == 0 {
            team.sum_inscan(&mut dst_i64, &as_i64)
        } else {
            team.sum_inscan(&mut dst, &src)
        };
        assert_eq!(
            matches!(r, Err(Error::ArgumentMismatch { .. })),
            multi,
            "{r:?}"
        );
        if multi {
            assert_eq!(dst_i64.to_vec(), [77; 8]);
        }
        dst.fill(77);
        // target and source of different lengths on member 0 only
        let r = team.sum_exscan(
            &mut dst.slice_mut(..if k == 0 { 3 } else { 4 }).unwrap(),
            &src.slice(..4).unwrap(),
        );
        match r {
            Err(Error::Refused { pe, source }) if multi => {
                assert_eq!(pe, team.pe(0).unwrap().world().index());
                assert!(matches!(
                    *source,
                    Error::LengthMismatch {
                        left: 3,
                        right: 4,
                        ..
                    }
                ));
            }
            Err(Error::LengthMismatch {
                left: 3, right: 4, ..
            }) if !multi => {}
            other => panic!("{other:?}"),
        }
        assert_eq!(dst.to_vec(), [77; 8], "nothing written");
        // and the team still works
        team.sum_exscan(&mut dst, &src).unwrap();
        let members: Vec<usize> = team.pes().map(|p| p.world().index()).collect();
        let want: u64 = members[..k].iter().map(|&p| p as u64 + 1).sum();
        assert_eq!(dst.to_vec(), [want; 8]);
        dst.fill(77);
    }
    drop(odd);
    world.sync().unwrap();
}

/// Checks `team` (this PE's team; every PE of the job calls this once per round, with the
/// team it belongs to, since the allocations are collective over the world) against
/// `members`, its world PEs in team order, computed by the caller: numbering, membership,
/// translation both ways, and collectives that follow the team order (a float sum folded in
/// team order, a broadcast from team index 0, fcollect blocks in team order, an inclusive
/// scan), on the staged and the direct path. `max_members` is the largest team of the round.
fn check_team(shmem: &Shmem, team: &Team<'_>, members: &[usize], max_members: usize) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let k = members.iter().position(|&p| p == me).expect("a member");
    let tn = members.len();
    assert_eq!(team.n_pes(), tn);
    assert_eq!(team.my_pe().index(), k, "members {members:?}");
    assert_eq!(team.my_pe().world(), shmem.my_pe());
    let worlds: Vec<usize> = team.pes().map(|p| p.world().index()).collect();
    assert_eq!(worlds, members);
    assert_eq!(team.pe(tn), None);
    for p in 0..n {
        let want = members.iter().position(|&m| m == p);
        let wp = world.pe(p).unwrap();
        assert_eq!(team.team_pe(wp.world()).map(|t| t.index()), want, "PE {p}");
        assert_eq!(wp.translate(team).map(|t| t.index()), want, "PE {p}");
    }
    for (i, p) in team.pes().enumerate() {
        assert_eq!(p.index(), i);
        assert_eq!(p.translate(&world).map(|w| w.index()), Some(members[i]));
        assert_eq!(p.translate(team), Some(p));
    }
    assert_eq!(team.my_pe().translate(&world), Some(world.my_pe()));
    // integer sum, small (staged)
    let src = SymVec::from_fn(shmem, 3, |i| ((me + 1) * (i + 1)) as i64).unwrap();
    let mut dst = SymVec::new(shmem, 3, 0i64).unwrap();
    team.sum_reduce(&mut dst, &src).unwrap();
    let want: Vec<i64> = (0..3)
        .map(|i| members.iter().map(|&p| ((p + 1) * (i + 1)) as i64).sum())
        .collect();
    assert_eq!(dst.to_vec(), want);
    // float sums folded in team order, small (staged) and large (direct)
    let val = |p: usize, i: usize| {
        let big = if (p + i).is_multiple_of(2) {
            1e16
        } else {
            -1e16
        };
        big + (p * 7 + i) as f64 * 0.3
    };
    for len in [2usize, 3000] {
        let src = SymVec::from_fn(shmem, len, |i| val(me, i)).unwrap();
        let mut dst = SymVec::new(shmem, len, 0f64).unwrap();
        team.sum_reduce(&mut dst, &src).unwrap();
        let want: Vec<f64> = (0..len)
            .map(|i| {
                let mut acc = val(members[0], i);
                for &p in &members[1..] {
                    acc += val(p, i);
                }
                acc
            })
            .collect();
        same_bits(&dst.to_vec(), &want, "sum_reduce in team order");
        // an inclusive scan over the same values stops at this member
        team.sum_inscan(&mut dst, &src).unwrap();
        let want: Vec<f64> = (0..len)
            .map(|i| {
                let mut acc = val(members[0], i);
                for &p in &members[1..=k] {
                    acc += val(p, i);
                }
                acc
            })
            .collect();
        same_bits(&dst.to_vec(), &want, "sum_inscan in team order");
    }
    // broadcast from team index 0 (the first member in team order)
    for len in [4usize, 2000] {
        let src = SymVec::from_fn(shmem, len, |i| (me * 10_000 + i) as u64).unwrap();
        let mut dst = SymVec::new(shmem, len, 0u64).unwrap();
        team.broadcast(&mut dst, &src, team.pe(0).unwrap()).unwrap();
        let want: Vec<u64> = (0..len).map(|i| (members[0] * 10_000 + i) as u64).collect();
        assert_eq!(dst.to_vec(), want, "broadcast from team PE 0");
    }
    // fcollect: blocks in team order
    for block in [2usize, 300] {
        let src = SymVec::from_fn(shmem, block, |i| (me * 1000 + i) as u32).unwrap();
        let mut dst = SymVec::new(shmem, block * max_members, 0u32).unwrap();
        team.fcollect(&mut dst, &src).unwrap();
        let want: Vec<u32> = members
            .iter()
            .flat_map(|&p| (0..block).map(move |i| (p * 1000 + i) as u32))
            .collect();
        assert_eq!(
            dst.to_vec()[..block * tn],
            want[..],
            "fcollect in team order"
        );
    }
    team.sync().unwrap();
}

/// Negative strides: the world reversed (start n - 1, stride -1), stride -2 (two disjoint
/// teams at once), a reversed team split again (forward, and with a positive stride), and
/// the errors of a split with a negative stride.
fn negative_strides(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    // the world backwards
    let rev = world
        .split_strided(n - 1, -1, n)
        .unwrap()
        .expect("every PE");
    let backwards: Vec<usize> = (0..n).rev().collect();
    check_team(shmem, &rev, &backwards, n);
    assert_eq!(rev.pe(0).unwrap().world().index(), n - 1);
    assert_eq!(
        world.my_pe().translate(&rev).map(|p| p.index()),
        Some(n - 1 - me)
    );
    // reversing the reversed team goes forward again; a positive stride in a reversed
    // parent keeps its direction (every other PE, from the highest down)
    let fwd = rev.split_strided(n - 1, -1, n).unwrap().expect("every PE");
    check_team(shmem, &fwd, &(0..n).collect::<Vec<_>>(), n);
    drop(fwd);
    let from_top = rev.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let from_next = if n > 1 {
        rev.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let team = from_top
        .as_ref()
        .or(from_next.as_ref())
        .expect("one of them");
    let first = if (n - 1 - me).is_multiple_of(2) {
        n - 1
    } else {
        n - 2
    };
    let members: Vec<usize> = (0..n).rev().filter(|p| p % 2 == first % 2).collect();
    check_team(shmem, team, &members, n.div_ceil(2));
    drop((from_top, from_next));
    // stride -2 from the world: PEs n-1, n-3, ... and n-2, n-4, ..., at the same time
    let high = world.split_strided(n - 1, -2, n.div_ceil(2)).unwrap();
    let low = if n > 1 {
        world.split_strided(n - 2, -2, n / 2).unwrap()
    } else {
        None
    };
    assert_eq!(high.is_some(), (n - 1 - me).is_multiple_of(2));
    assert_eq!(low.is_some(), (n - 1 - me) % 2 == 1);
    let team = high.as_ref().or(low.as_ref()).expect("one of them");
    let start = if high.is_some() { n - 1 } else { n - 2 };
    let members: Vec<usize> = (0..=start).rev().step_by(2).collect();
    check_team(shmem, team, &members, n.div_ceil(2));
    assert_eq!(team.my_pe().index(), (start - me) / 2);
    if n > 1 {
        // a PE of the other team is no member
        let other = world.pe(if me == 0 { 1 } else { me - 1 }).unwrap();
        assert_eq!(other.translate(team), None);
        // the 2-d split of a reversed team follows its numbering
        let (row, col) = rev.split_2d(2).unwrap();
        let r = (n - 1 - me) / 2;
        let row_members: Vec<usize> = (0..n).rev().skip(2 * r).take(2).collect();
        let col_members: Vec<usize> = (0..n).rev().skip((n - 1 - me) % 2).step_by(2).collect();
        check_team(shmem, &row, &row_members, 2);
        check_team(shmem, &col, &col_members, n.div_ceil(2));
    }
    drop((high, low));
    // errors: members below PE 0, and a stride 0
    if n > 1 {
        let r = world.split_strided(0, -1, 2);
        assert!(
            matches!(
                r,
                Err(Error::InvalidTeamSplit {
                    start: 0,
                    stride: -1,
                    size: 2,
                    ..
                })
            ),
            "{r:?}"
        );
        assert!(matches!(
            world.split_strided(n - 1, -1, n + 1),
            Err(Error::InvalidTeamSplit { .. })
        ));
        assert!(matches!(
            world.split_strided(n - 1, 0, 2),
            Err(Error::InvalidTeamSplit { .. })
        ));
    }
    // a one-PE team with a negative stride
    let alone = world.split_strided(me.min(n - 1), -5, 1);
    assert!(
        matches!(alone, Err(Error::ArgumentMismatch { .. })) || n == 1,
        "each PE named itself: {alone:?}"
    );
    let last = world.split_strided(n - 1, -5, 1).unwrap();
    assert_eq!(last.is_some(), me == n - 1);
    world.sync().unwrap();
}

/// Members that pass triplets that differ only in the sign of the stride (both valid), or
/// a whole reversed triplet against a forward one, get `ArgumentMismatch` on every member,
/// and the world team works afterwards.
fn stride_sign_mismatch(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let start = n / 2;
    let size = (n / 2 + 1).min(n - n / 2);
    let stride = if me == 0 { -1 } else { 1 };
    match world.split_strided(start, stride, size) {
        Err(Error::ArgumentMismatch {
            what,
            pe,
            value,
            other_pe,
            other,
        }) => {
            assert_eq!(what, "stride of the new team");
            assert_eq!((pe, other_pe), (0, 1));
            assert_eq!((value.as_str(), other.as_str()), ("-1", "1"));
        }
        r => panic!("PE {me}: expected a mismatch, got {r:?}"),
    }
    let r = if me == n - 1 {
        world.split_strided(n - 1, -1, n)
    } else {
        world.split_strided(0, 1, n)
    };
    assert!(
        matches!(r, Err(Error::ArgumentMismatch { .. })),
        "PE {me}: {r:?}"
    );
    // nothing was reserved: as many teams as ever can still be made, and the world works
    let rev = world.split_strided(n - 1, -1, n).unwrap().unwrap();
    rev.sync().unwrap();
    world.sync().unwrap();
}

/// Configs: the default on the predefined teams and on splits without one; what a split
/// with one was given, per member and per axis of a 2-d split.
fn team_config(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    assert_eq!(world.get_config(), TeamConfig::default());
    assert_eq!(Team::shared(shmem).get_config(), TeamConfig::new());
    assert_eq!(TeamConfig::new().num_contexts, 0);
    let plain = world.split_strided(0, 1, n).unwrap().unwrap();
    assert_eq!(plain.get_config(), TeamConfig::default());
    let config = TeamConfig::new().with_num_contexts(5);
    let rev = world
        .split_strided_with(n - 1, -1, n, &config)
        .unwrap()
        .unwrap();
    assert_eq!(rev.get_config(), config);
    assert_eq!(rev.get_config().num_contexts, 5);
    // a config is each member's own request
    let mine = TeamConfig::new().with_num_contexts(me + 1);
    let evens = world
        .split_strided_with(0, 2, n.div_ceil(2), &mine)
        .unwrap();
    assert_eq!(evens.is_some(), me.is_multiple_of(2));
    if let Some(t) = &evens {
        assert_eq!(t.get_config().num_contexts, me + 1);
    }
    let (x, y) = rev
        .split_2d_with(
            2,
            &TeamConfig::new().with_num_contexts(7),
            &TeamConfig::new().with_num_contexts(9),
        )
        .unwrap();
    assert_eq!(
        (x.get_config().num_contexts, y.get_config().num_contexts),
        (7, 9)
    );
    let (x, y) = world.split_2d(3).unwrap();
    assert_eq!(
        (x.get_config(), y.get_config()),
        (TeamConfig::new(), TeamConfig::new())
    );
    // the config is recorded, not agreed: the teams work as usual
    x.sync().unwrap();
    y.sync().unwrap();
    rev.sync().unwrap();
}

/// `SHMEM_TEAM_SHARED`: every PE under shmemrun; under mpirun the PEs of this (pretend) node,
/// `SHMEM_MPI_NODE_SIZE` consecutive ranks (the whole job when unset).
fn shared_team(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    // Started by Open MPI's mpirun or MPICH's Hydra (`PMI_SIZE`).
    let under_mpi = std::env::var_os("OMPI_COMM_WORLD_SIZE").is_some()
        || std::env::var_os("PMI_SIZE").is_some();
    let node = std::env::var("SHMEM_MPI_NODE_SIZE")
        .ok()
        .and_then(|k| k.parse::<usize>().ok())
        .filter(|&k| under_mpi && k > 0)
        .unwrap_or(n);
    // This host's ranks, as the MPI launcher numbers them (consecutive: the test driver fills
    // one host after the other; Open MPI's `OMPI_COMM_WORLD_LOCAL_*`, Hydra's
    // `MPI_LOCALRANKID` and `MPI_LOCALNRANKS`); every rank when not under MPI or on one host.
    let var = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<usize>().ok());
    let local = |rank: &str, size: &str| var(rank).zip(var(size));
    let (host_first, host_size) =
        match local("OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE")
            .or_else(|| local("MPI_LOCALRANKID", "MPI_LOCALNRANKS"))
        {
            Some((r, s)) if under_mpi => (me - r, s),
            _ => (0, n),
        };
    // A node: the ranks of this host in this PE's group of `node` (`SHMEM_MPI_NODE_SIZE`).
    let members: Vec<usize> = (host_first..host_first + host_size)
        .filter(|p| p / node == me / node)
        .collect();
    let shared = Team::shared(shmem);
    // At least the largest node of the job, the same on every PE (it sizes a collective
    // allocation): across hosts, the job's size bounds it.
    let largest = if host_size == n { node.min(n) } else { n };
    check_team(shmem, &shared, &members, largest);
    // exactly the PEs of the team are the ones whose memory this PE can load and store
    let probe = SymVec::new(shmem, 1, 0u8).unwrap();
    for p in 0..n {
        let pe = shmem.pe(p).unwrap();
        assert_eq!(probe.peer(pe).is_some(), members.contains(&p), "PE {p}");
    }
    // two handles share the team's state; it splits like any team (here: reversed)
    let again = Team::shared(shmem);
    for _ in 0..20 {
        shared.sync().unwrap();
        again.sync().unwrap();
    }
    let s = shared.n_pes();
    let rev = shared.split_strided(s - 1, -1, s).unwrap().unwrap();
    let backwards: Vec<usize> = members.iter().rev().copied().collect();
    check_team(shmem, &rev, &backwards, largest);
    drop(rev);
    // the shared team's slot is its own: the world team and splits run beside it
    let world = Team::world(shmem);
    world.sync().unwrap();
    shared.sync().unwrap();
}

/// The scans on every data path: `SHMEM_COLLECTIVE_STAGING` = always / never / mixed (in
/// `mixed`, the odd PEs never stage, so every call takes the direct path).
fn scan_staging_paths_body() {
    let shmem = shmem::init().expect("shmem::init");
    scans(&shmem);
}

fn scan_staging_paths_check() -> Result<(), support::Failed> {
    for mode in ["always", "never", "mixed"] {
        for n in [2, 3, 4] {
            let (out, _) = support::run_job(
                n,
                "scan_staging_paths",
                &[],
                &[("SHMEM_COLLECTIVE_STAGING", mode)],
            );
            support::ensure(out.status.success(), || {
                format!("mode {mode}, {n} PEs:\n{}", support::describe(&out))
            })?;
        }
    }
    Ok(())
}

fn main() {
    support::main(
        &[
            Case {
                name: "world_basics",
                npes: NPES,
                body: world_basics,
            },
            Case {
                name: "split_strided",
                npes: NPES,
                body: split_strided,
            },
            Case {
                name: "split_2d",
                npes: NPES,
                body: split_2d,
            },
            Case {
                name: "slot_reuse",
                npes: &[1, 3, 4, 8],
                body: slot_reuse,
            },
            Case {
                name: "exhaustion",
                npes: &[1, 3, 8],
                body: exhaustion,
            },
            Case {
                name: "team_collectives",
                npes: NPES,
                body: team_collectives,
            },
            Case {
                name: "scans",
                npes: &[1, 2, 3, 4, 8],
                body: scans,
            },
            Case {
                name: "negative_strides",
                npes: &[1, 2, 3, 4, 8],
                body: negative_strides,
            },
            Case {
                name: "stride_sign_mismatch",
                npes: &[2, 3, 4, 8],
                body: stride_sign_mismatch,
            },
            Case {
                name: "team_config",
                npes: &[1, 2, 3, 4, 8],
                body: team_config,
            },
            Case {
                name: "shared_team",
                npes: &[1, 2, 3, 4, 8],
                body: shared_team,
            },
            Case {
                name: "scan_errors",
                npes: &[1, 2, 3, 4, 8],
                body: scan_errors,
            },
        ],
        &[support::Custom {
            name: "scan_staging_paths",
            body: scan_staging_paths_body,
            check: scan_staging_paths_check,
        }],
    );
}
