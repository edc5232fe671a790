//! Teams on real processes: world, split_strided (nested), split_2d, my_pe / n_pes / typed
//! team PEs and their translation, team sync, team collectives on disjoint teams running at the same time, and
//! the reuse of team sync slots (destroy and split again, more times than there are slots).
#![forbid(unsafe_code)]

mod support;

use shmem::{Error, Shmem, SymVec, Team};
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
        ],
        &[],
    );
}
