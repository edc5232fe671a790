//! Teams on real processes: world, split_strided (nested), split_2d, my_pe / n_pes / typed
//! team PEs and their translation, team sync, team collectives on disjoint teams running at the same time, and
//! the reuse of team sync slots (destroy and split again, more times than there are slots),
//! and the team scans (`sum_inscan`, `sum_exscan`).
#![forbid(unsafe_code)]

mod support;

use shmem::bytemuck;
use shmem::{ArithmeticReduce, Error, Shmem, SymVec, Team};
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
        let (start, stride, size) = match i % 4 {
            0 => (0, 1, n),
            1 => (0, 2, n.div_ceil(2)),
            2 => (n - 1, 1, 1),
            _ => (i % n, 1, n - i % n),
        };
        let team = world.split_strided(start, stride, size).unwrap();
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
