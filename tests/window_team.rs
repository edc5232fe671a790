//! RMA windows over split teams, on real processes: the even PEs and the odd PEs (a strided
//! team) each make windows at the same time, interleaved with world allocations (`SymVec`)
//! that must still land at the same offset on every PE with their data intact (the heap's
//! invariant); exclusive epochs give exact counter totals, accumulates give the totals folded
//! independently over the members' world ids, fence and post/start/complete/wait epochs
//! make data visible, per-origin counts notify; heap exhaustion inside a team allocation is
//! the same typed error on every member while the other team allocates normally; members that
//! drop team windows in different orders leak them rather than reuse them.
#![forbid(unsafe_code)]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

mod support;

use shmem::window::{LockKind, TeamWindow, op};
use shmem::{Error, Shmem, SymVec, Team};
use support::Case;

const NPES_AND_1: &[usize] = &[1, 2, 4, 8];

/// The world team and this PE's half: the even PEs (stride 2 from 0) or the odd ones (stride
/// 2 from 1). Both splits are collective over the world, so every PE makes both calls.
fn halves(shmem: &Shmem) -> (Team<'_>, Team<'_>) {
    let world = Team::world(shmem);
    let n = world.n_pes();
    let evens = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let odds = if n >= 2 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let mine = match (evens, odds) {
        (Some(t), None) | (None, Some(t)) => t,
        _ => panic!("a PE is in exactly one half"),
    };
    (world, mine)
}

/// World arrays for comparing a value between the members of a team (made once, on every
/// PE, so that the comparison itself is collective over the team only).
struct Compare<'s> {
    src: SymVec<'s, u64>,
    lo: SymVec<'s, u64>,
    hi: SymVec<'s, u64>,
}

impl<'s> Compare<'s> {
    fn new(shmem: &'s Shmem) -> Compare<'s> {
        Compare {
            src: SymVec::new(shmem, 1, 0).unwrap(),
            lo: SymVec::new(shmem, 1, 0).unwrap(),
            hi: SymVec::new(shmem, 1, 0).unwrap(),
        }
    }

    /// Asserts that `value` is the same on every member of `team` (a min and a max
    /// reduction: collective over the team).
    fn same_on_every_member(&mut self, team: &Team<'_>, value: u64, what: &str) {
        self.src.write(0, value).unwrap();
        team.min_reduce(&mut self.lo, &self.src).unwrap();
        team.max_reduce(&mut self.hi, &self.src).unwrap();
        assert_eq!(
            (self.lo.read(0).unwrap(), self.hi.read(0).unwrap()),
            (value, value),
            "{what} differs between the members"
        );
    }
}

fn text_hash(s: &str) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The value member `world_id` writes at element `i` of its window in round `r`.
fn pattern(r: usize, world_id: usize, i: usize) -> u64 {
    (r as u64) << 40 | (world_id as u64) << 20 | i as u64
}

/// The invariant: team windows created and dropped by the two halves at the same time (and,
/// every fourth round, by a window over the world team), interleaved with world allocations
/// on every PE, of sizes that differ between the halves. Every world allocation still lands
/// at the same offset on every PE (compared by reductions over the world), its data moves
/// between neighbours correctly, and every live team window keeps what its members wrote.
fn world_allocations_agree_around_team_windows(shmem: &Shmem) {
    let (world, team) = halves(shmem);
    let mut cmp = Compare::new(shmem);
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let left = (me + n - 1) % n;
    let mut kept: Vec<(usize, usize, TeamWindow<'_, u64>)> = Vec::new();
    for r in 0..24 {
        // Sizes differ between the halves, so their heaps differ from each other's.
        let len = 1 + (r * 37 + (me % 2) * 211) % 300;
        let w = TeamWindow::<u64>::new(&team, len).unwrap();
        {
            let e = w.lock(team.my_pe(), LockKind::Exclusive).unwrap();
            let data: Vec<u64> = (0..len).map(|i| pattern(r, me, i)).collect();
            e.put(0, &data).unwrap();
        }
        kept.push((r, len, w));
        if r % 4 == 1 {
            // A team window over every PE, made and dropped between world allocations.
            let mut all = TeamWindow::<u32>::new(&world, 10 + r).unwrap();
            let e = all.lock_all();
            e.accumulate(world.pe(0).unwrap(), 0, &[1], op::Sum)
                .unwrap();
        }
        let v = SymVec::from_fn(shmem, 5 + r % 7, |i| (me * 1000 + r * 10 + i) as u64).unwrap();
        cmp.same_on_every_member(&world, v.offset() as u64, "a world allocation's offset");
        let mine: Vec<u64> = (0..v.len()).map(|i| pattern(r, me, i) ^ 7).collect();
        shmem.barrier_all();
        v.put(right, &mine).unwrap();
        shmem.barrier_all();
        let expect: Vec<u64> = (0..v.len()).map(|i| pattern(r, left, i) ^ 7).collect();
        assert_eq!(v.to_vec(), expect, "round {r}: world data");
        // Drop team windows in a pattern: the oldest every third round, all but the newest
        // every fifth (collective over the team: every member drops the same ones in order).
        if r % 3 == 2 {
            kept.remove(0);
        }
        if r % 5 == 4 {
            let last = kept.pop();
            kept.clear();
            kept.extend(last);
        }
        shmem.barrier_all();
        for (kr, klen, kw) in &mut kept {
            let mut got = vec![0u64; *klen];
            kw.lock(team.my_pe(), LockKind::Shared)
                .unwrap()
                .get(0, &mut got)
                .unwrap();
            let expect: Vec<u64> = (0..*klen).map(|i| pattern(*kr, me, i)).collect();
            assert_eq!(got, expect, "round {r}: the team window of round {kr}");
        }
    }
}

/// World and team allocations whose first proposals differ, so the agreement takes more
/// than one round. The odd PEs fill their heap from the top with two team windows and drop
/// the upper one: their lowest free space is now above the lower one, while the even PEs'
/// is at the bottom. A world allocation then lands above (free on every PE), at the same
/// offset everywhere, and its data and the odd PEs' window are intact; a window over the
/// world team then agrees below the even PEs' own team window, where the odd PEs have room.
fn allocations_agree_after_several_proposals(shmem: &Shmem) {
    let (world, team) = halves(shmem);
    let mut cmp = Compare::new(shmem);
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let even = me.is_multiple_of(2);
    let bottom = SymVec::new(shmem, 1, 0u8).unwrap();
    let unit = (shmem.heap_available() / 16) & !127;
    // elements of u64 in `k` units, less room for the window's locks and counters
    let len = |k: usize| (k * unit - 16384) / 8;
    let mine = |k: usize, i: usize| (me * 1_000_000 + k * 1000 + i) as u64;
    let mut low = None;
    let _top = if even {
        Some(TeamWindow::<u64>::new(&team, len(4)).unwrap())
    } else {
        let upper = TeamWindow::<u64>::new(&team, len(10)).unwrap();
        let lower = TeamWindow::<u64>::new(&team, len(5)).unwrap();
        let data: Vec<u64> = (0..64).map(|i| mine(5, i)).collect();
        lower
            .lock(team.my_pe(), LockKind::Exclusive)
            .unwrap()
            .put(0, &data)
            .unwrap();
        drop(upper);
        low = Some(lower);
        None
    };
    let v = SymVec::new(shmem, 2 * unit / 8, 0u64).unwrap();
    cmp.same_on_every_member(&world, v.offset() as u64, "a world allocation's offset");
    if n > 1 {
        assert!(
            v.offset() > bottom.offset() + 4 * unit,
            "the world block skipped the bottom, which the odd PEs' window holds"
        );
    }
    let right = shmem.pe_wrapping(me + 1);
    let ours: Vec<u64> = (0..v.len()).map(|i| mine(2, i)).collect();
    v.put(right, &ours).unwrap();
    shmem.barrier_all();
    let left = (me + n - 1) % n;
    let got = v.to_vec();
    assert!(
        got.iter()
            .enumerate()
            .all(|(i, &x)| x == (left * 1_000_000 + 2000 + i) as u64)
    );
    if let Some(lower) = &mut low {
        let mut got = vec![0u64; 64];
        lower
            .lock(team.my_pe(), LockKind::Shared)
            .unwrap()
            .get(0, &mut got)
            .unwrap();
        assert!(got.iter().enumerate().all(|(i, &x)| x == mine(5, i)));
    }
    // A window over every PE: from the top, below the even PEs' window.
    let mut all = TeamWindow::<u64>::new(&world, len(2)).unwrap();
    {
        let e = all.lock_all();
        for p in world.pes() {
            e.accumulate(p, len(2) - 1, &[me as u64 + 1], op::Sum)
                .unwrap();
        }
    }
    world.sync().unwrap();
    let mut total = [0u64];
    all.lock(world.my_pe(), LockKind::Shared)
        .unwrap()
        .get(len(2) - 1, &mut total)
        .unwrap();
    assert_eq!(total[0], (n * (n + 1) / 2) as u64);
    assert_eq!(v.to_vec(), got);
    world.sync().unwrap();
}

/// Members that drop two team windows in opposite orders: each free round compares
/// different blocks, so neither block is released (a leak, never a reuse while a member may
/// still reach it), nothing hangs, and later team and world allocations agree and work.
fn team_windows_dropped_in_different_orders_leak(shmem: &Shmem) {
    let (world, team) = halves(shmem);
    let mut cmp = Compare::new(shmem);
    let ti = team.my_pe().index();
    let a = TeamWindow::<u64>::new(&team, 100).unwrap();
    let b = TeamWindow::<u64>::new(&team, 200).unwrap();
    let before = shmem.heap_available();
    if ti % 2 == 0 {
        drop(a);
        drop(b);
    } else {
        drop(b);
        drop(a);
    }
    let mut c = TeamWindow::<u64>::new(&team, 300).unwrap();
    c.lock_all()
        .accumulate(team.pe(0).unwrap(), 299, &[1], op::Sum)
        .unwrap();
    team.sync().unwrap();
    let mut got = [0u64];
    c.lock(team.pe(0).unwrap(), LockKind::Shared)
        .unwrap()
        .get(299, &mut got)
        .unwrap();
    assert_eq!(got[0], team.n_pes() as u64);
    let v = SymVec::new(shmem, 4, 9u32).unwrap();
    cmp.same_on_every_member(&world, v.offset() as u64, "a world allocation's offset");
    assert_eq!(v.to_vec(), [9; 4]);
    drop(c);
    if team.n_pes() > 1 {
        // both blocks stay taken: the heap has not grown back
        assert!(shmem.heap_available() <= before);
    }
    team.sync().unwrap();
}

/// On each half at the same time: 500 non-atomic read-modify-writes per member under
/// exclusive epochs on member 0 give the exact total; accumulates from every member into
/// every member give the sums, maxima and minima folded over the members' world ids; fence
/// and PSCW epochs with rotating partners make the data visible when they close; per-origin
/// counts notify a member of its left neighbour's puts.
fn team_window_epochs(shmem: &Shmem) {
    let (_world, team) = halves(shmem);
    let m = team.n_pes();
    let ti = team.my_pe().index();
    let id = shmem.my_pe().index() as i64;
    let ids: Vec<i64> = team.pes().map(|p| p.world().index() as i64).collect();
    assert_eq!(ids[ti], id);

    // Exclusive epochs exclude each other.
    const K: u64 = 500;
    let root = team.pe(0).unwrap();
    let counter = TeamWindow::<u64>::new(&team, 2).unwrap();
    for i in 0..K {
        let e = counter.lock(root, LockKind::Exclusive).unwrap();
        let mut c = [0u64];
        e.get(1, &mut c).unwrap();
        if i % 16 == 0 {
            std::thread::yield_now();
        }
        e.put(1, &[c[0] + 1]).unwrap();
    }
    team.sync().unwrap();
    let mut total = [0u64];
    counter
        .lock(root, LockKind::Shared)
        .unwrap()
        .get(1, &mut total)
        .unwrap();
    assert_eq!(total[0], K * m as u64);

    // Accumulates from every member into every member, named by team and by world PE.
    let mut acc = TeamWindow::<i64>::new(&team, 5).unwrap();
    {
        let e = acc.lock_all();
        for q in team.pes() {
            e.accumulate(q, 0, &[id + 1, 2 * id + 3, -id], op::Sum)
                .unwrap();
            e.accumulate(q.world(), 3, &[id * 7 % 5], op::Max).unwrap();
            e.accumulate(q, 4, &[id * 7 % 5 - 1], op::Min).unwrap();
        }
    }
    team.sync().unwrap();
    let mut got = [0i64; 5];
    acc.lock(team.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut got)
        .unwrap();
    let expect = [
        ids.iter().fold(0, |a, &x| a + x + 1),
        ids.iter().fold(0, |a, &x| a + 2 * x + 3),
        ids.iter().fold(0, |a, &x| a - x),
        // a zero-initialized window: max with 0, min with 0
        ids.iter().fold(0, |a, &x| a.max(x * 7 % 5)),
        ids.iter().fold(0, |a, &x| a.min(x * 7 % 5 - 1)),
    ];
    assert_eq!(got, expect);
    team.sync().unwrap();

    // A PE outside the team cannot be named.
    let n = shmem.n_pes();
    if n > 1 {
        let outsider = shmem.pe_wrapping(shmem.my_pe().index() + 1);
        let e = acc.lock_all();
        assert!(matches!(
            e.put(outsider, 0, &[1]),
            Err(Error::NotInWindow { pe }) if pe == outsider.index()
        ));
        drop(e);
        let other = Team::world(shmem).pe(outsider.index()).unwrap();
        assert!(matches!(
            acc.lock(other, LockKind::Shared),
            Err(Error::NotInWindow { .. })
        ));
    }
    team.sync().unwrap();

    // Fence epochs: member j writes element j of member (j + 1 + r) % m.
    let mut fenced = TeamWindow::<i64>::new(&team, m).unwrap();
    for r in 0..6 {
        {
            let e = fenced.fence_epoch();
            let target = team.pe((ti + 1 + r) % m).unwrap();
            e.put(target, ti, &[id * 100 + r as i64]).unwrap();
        }
        let src = (ti + m - (1 + r) % m) % m;
        let e = fenced.fence_epoch();
        let mut v = [0i64];
        e.get(team.my_pe(), src, &mut v).unwrap();
        assert_eq!(v[0], ids[src] * 100 + r as i64, "fence round {r}");
        e.fence();
    }

    // Post/start/complete/wait with rotating partners.
    let mut pscw = TeamWindow::<i64>::new(&team, 2).unwrap();
    for r in 0..8 {
        let s = if m == 1 { 0 } else { 1 + r % (m - 1) };
        let origin = team.pe((ti + m - s) % m).unwrap();
        let target = team.pe((ti + s) % m).unwrap();
        {
            let (exposure, access) = pscw.post_start(&[origin], &[target]).unwrap();
            access.put(target, 0, &[id * 1000 + r as i64]).unwrap();
            access.accumulate(target, 1, &[1], op::Sum).unwrap();
            access.complete();
            exposure.wait();
        }
        let mut v = [0i64; 2];
        pscw.lock(team.my_pe(), LockKind::Shared)
            .unwrap()
            .get(0, &mut v)
            .unwrap();
        assert_eq!(
            v,
            [ids[origin.index()] * 1000 + r as i64, r as i64 + 1],
            "pscw round {r}"
        );
        team.sync().unwrap();
    }

    // Requests and layouts in a lock_all epoch: every member puts its id into element `ti`
    // of every member (by request, one element each), then, after a sync, gets the whole
    // window of its right neighbour by request and every other element through a layout.
    let mut rq_win = TeamWindow::<i64>::new(&team, m).unwrap();
    let mine = [id * 3 + 1];
    {
        let e = rq_win.lock_all();
        e.requests(|rq| {
            for q in team.pes() {
                rq.rput(q, ti, &mine).unwrap().wait();
            }
            let raccumulated = rq.raccumulate(team.my_pe(), ti, &mine, op::Sum).unwrap();
            raccumulated.wait();
        });
    }
    team.sync().unwrap();
    let right = team.pe((ti + 1) % m).unwrap();
    let mut whole = vec![0i64; m];
    let mut strided = vec![0i64; m];
    {
        let e = rq_win.lock_all();
        e.requests(|rq| {
            rq.rget(right, 0, &mut whole).unwrap().wait();
        });
        let every_other = shmem::window::Layout::vector(m.div_ceil(2), 1, 2).unwrap();
        e.get_layout(right, 0, &mut strided, &every_other, &every_other)
            .unwrap();
    }
    // element j holds member j's id * 3 + 1; the right neighbour's own element twice that
    let expect: Vec<i64> = (0..m)
        .map(|j| (ids[j] * 3 + 1) * if j == (ti + 1) % m { 2 } else { 1 })
        .collect();
    assert_eq!(whole, expect);
    for j in 0..m {
        assert_eq!(strided[j], if j % 2 == 0 { expect[j] } else { 0 });
    }
    team.sync().unwrap();

    // Per-origin completion counts: 3 puts to the right neighbour, counted there.
    let counted = TeamWindow::<i64>::with_counts(&team, 1).unwrap();
    let counted = counted;
    let right = team.pe((ti + 1) % m).unwrap();
    let left = team.pe((ti + m - 1) % m).unwrap();
    for k in 1..=3 {
        counted
            .lock(right, LockKind::Exclusive)
            .unwrap()
            .put(0, &[id * 10 + k])
            .unwrap();
    }
    if m > 1 {
        assert_eq!(counted.wait_received(left, 3).unwrap(), Some(3));
        let mut v = [0i64];
        counted
            .lock(team.my_pe(), LockKind::Shared)
            .unwrap()
            .get(0, &mut v)
            .unwrap();
        assert_eq!(v[0], ids[left.index()] * 10 + 3);
    }
    assert_eq!(counter.received_from(left).unwrap(), None);
    team.sync().unwrap();
}

/// Heap exhaustion inside a team allocation: the same typed error on every member (compared
/// through a hash of its text), while the other half allocates and uses a window at the
/// same time; then a window over the world team that fits on the odd PEs but not on the even
/// ones (which hold a large window) is refused alike on every PE; after the even PEs drop
/// their window it fits, and world allocations agree throughout.
fn team_heap_exhaustion(shmem: &Shmem) {
    let (world, team) = halves(shmem);
    let mut cmp = Compare::new(shmem);
    let me = shmem.my_pe().index();
    let even = me.is_multiple_of(2);
    let available = shmem.heap_available();

    // Too large for any heap, on the even PEs only.
    let asked = if even { available / 8 * 2 } else { 64 };
    match TeamWindow::<u64>::new(&team, asked) {
        Err(e) => {
            assert!(even, "odd PEs allocate normally: {e}");
            assert!(matches!(e, Error::HeapExhausted { .. }), "{e}");
            cmp.same_on_every_member(&team, text_hash(&e.to_string()), "the error");
        }
        Ok(mut w) => {
            assert!(!even);
            let e = w.lock_all();
            for q in team.pes() {
                e.accumulate(q, 63, &[me as u64], op::Sum).unwrap();
            }
            drop(e);
            team.sync().unwrap();
            let mut v = [0u64];
            w.lock(team.my_pe(), LockKind::Shared)
                .unwrap()
                .get(63, &mut v)
                .unwrap();
            let sum = team.pes().map(|p| p.world().index() as u64).sum::<u64>();
            assert_eq!(v[0], sum);
        }
    }
    // Members passing different lengths: the same mismatch on every member.
    match TeamWindow::<u64>::new(&team, 8 + team.my_pe().index()) {
        Err(e) => {
            assert!(team.n_pes() > 1);
            assert!(matches!(e, Error::ArgumentMismatch { .. }), "{e}");
            cmp.same_on_every_member(&team, text_hash(&e.to_string()), "the error");
        }
        Ok(_) => assert_eq!(team.n_pes(), 1),
    }

    // The even PEs take three quarters of their heap.
    let big = if even {
        Some(TeamWindow::<u64>::new(&team, available / 8 / 4 * 3).unwrap())
    } else {
        None
    };
    let v = SymVec::new(shmem, 16, me as u64).unwrap();
    cmp.same_on_every_member(&world, v.offset() as u64, "a world allocation's offset");
    // Half the heap, over every PE: fits on the odd PEs only.
    let half = available / 8 / 2;
    let err = TeamWindow::<u64>::new(&world, half).unwrap_err();
    match &err {
        Error::HeapExhausted { .. } => {}
        Error::Refused { pe, source } => {
            assert_eq!(*pe, 0, "the first refusing member in team order");
            assert!(matches!(**source, Error::HeapExhausted { .. }), "{err}");
        }
        other => panic!("{other}"),
    }
    cmp.same_on_every_member(&world, text_hash(&err.to_string()), "the error");
    drop(big);
    let mut all = TeamWindow::<u64>::new(&world, half).unwrap();
    all.lock_all()
        .accumulate(world.pe(0).unwrap(), half - 1, &[1], op::Sum)
        .unwrap();
    world.sync().unwrap();
    let w = SymVec::new(shmem, 16, me as u64 + 1).unwrap();
    cmp.same_on_every_member(&world, w.offset() as u64, "a world allocation's offset");
    assert_eq!(v.to_vec(), vec![me as u64; 16]);
    assert_eq!(w.to_vec(), vec![me as u64 + 1; 16]);
    let mut got = [0u64];
    all.lock(world.pe(0).unwrap(), LockKind::Shared)
        .unwrap()
        .get(half - 1, &mut got)
        .unwrap();
    assert_eq!(got[0], shmem.n_pes() as u64);
    world.sync().unwrap();
}

/// Issue 29 item 1 on a team window: every member holds exclusive epochs on every member at
/// once (taken in team order), adds its world id + 1 to element 0 of each by a get and a put,
/// flushes each and unlocks them all, 30 times; each member's total is 30 times the sum of
/// the members' world ids + 1, folded independently. A PE outside the team is refused
/// (`NotInWindow`), and a second exclusive epoch on a member is `EpochHeld`.
fn team_window_several_targets(shmem: &Shmem) {
    const ROUNDS: u64 = 30;
    let (_world, team) = halves(shmem);
    let me = shmem.my_pe().index() as u64;
    let win = TeamWindow::<u64>::new(&team, 1).unwrap();
    team.sync().unwrap();
    for _ in 0..ROUNDS {
        let epochs: Vec<_> = team
            .pes()
            .map(|p| win.lock(p, LockKind::Exclusive).unwrap())
            .collect();
        let again = win.lock(team.my_pe(), LockKind::Exclusive);
        assert!(matches!(again, Err(Error::EpochHeld { .. })), "{again:?}");
        for e in &epochs {
            let mut v = [0u64];
            e.get(0, &mut v).unwrap();
            e.put(0, &[v[0] + me + 1]).unwrap();
            e.flush();
        }
    }
    if shmem.n_pes() > 1 {
        let outside = shmem.pe_wrapping(shmem.my_pe().index() + 1);
        let r = win.try_lock(outside, LockKind::Shared);
        assert!(matches!(r, Err(Error::NotInWindow { .. })), "{r:?}");
    }
    team.sync().unwrap();
    let mut have = [0u64];
    win.lock(team.my_pe(), LockKind::Shared)
        .unwrap()
        .get(0, &mut have)
        .unwrap();
    let ids: u64 = team.pes().map(|p| p.world().index() as u64 + 1).sum();
    assert_eq!(have[0], ROUNDS * ids);
    team.sync().unwrap();
}

/// Issue 29 item 3 on a team window: each member exposes as many elements as its world id
/// (PE 0, in the evens, none). Every member fills every member's whole part under an
/// exclusive epoch and reads it back; one past a member's length is `OutOfBounds` naming
/// that length; accumulates into each member's last element under `lock_all` total the
/// members' world ids + 1; a world allocation after it still agrees (the heaps stay in step).
fn team_window_sized(shmem: &Shmem) {
    let (_world, team) = halves(shmem);
    let me = shmem.my_pe().index();
    let mut win = TeamWindow::<u64>::new_sized(&team, me).unwrap();
    assert_eq!((win.len(), win.is_empty()), (me, me == 0));
    for p in team.pes() {
        assert_eq!(win.len_of(p).unwrap(), p.world().index());
    }
    if shmem.n_pes() > 1 {
        let outside = shmem.pe_wrapping(me + 1);
        let r = win.len_of(outside);
        assert!(matches!(r, Err(Error::NotInWindow { .. })), "{r:?}");
    }
    team.sync().unwrap();
    for p in team.pes() {
        let k = p.world().index();
        let e = win.lock(p, LockKind::Exclusive).unwrap();
        let src: Vec<u64> = (0..k).map(|j| pattern(k, me, j)).collect();
        e.put(0, &src).unwrap();
        e.flush();
        let mut back = vec![0u64; k];
        e.get(0, &mut back).unwrap();
        assert_eq!(back, src, "member {me} read back member {k}'s part");
        let r = e.put(k, &[1]);
        assert!(
            matches!(r, Err(Error::OutOfBounds { start, len: 1, object_len }) if start == k && object_len == k),
            "{r:?}"
        );
    }
    team.sync().unwrap();
    {
        let all = win.lock_all();
        for p in team.pes().filter(|p| p.world().index() > 0) {
            let last = p.world().index() - 1;
            all.accumulate(p, last, &[me as u64 + 1], op::Sum).unwrap();
        }
    }
    team.sync().unwrap();
    if me > 0 {
        let mut last = [0u64];
        win.lock(team.my_pe(), LockKind::Shared)
            .unwrap()
            .get(me - 1, &mut last)
            .unwrap();
        let ids: u64 = team.pes().map(|p| p.world().index() as u64 + 1).sum();
        // Member k's own put of round k left pattern(k, last writer, k - 1) there first.
        let base = last[0] - ids;
        assert_eq!(
            base >> 40,
            me as u64,
            "member {me}'s last element: {}",
            last[0]
        );
        assert_eq!(base & 0xf_ffff, me as u64 - 1);
    }
    team.sync().unwrap();
    let v = SymVec::from_fn(shmem, 3, |i| i as u64).unwrap();
    assert_eq!(v.read(2).unwrap(), 2);
    drop(win);
    shmem.barrier_all();
}

fn main() {
    support::main_with(
        &[
            Case {
                name: "world_allocations_agree_around_team_windows",
                npes: NPES_AND_1,
                body: world_allocations_agree_around_team_windows,
            },
            Case {
                name: "allocations_agree_after_several_proposals",
                npes: NPES_AND_1,
                body: allocations_agree_after_several_proposals,
            },
            Case {
                name: "team_windows_dropped_in_different_orders_leak",
                npes: NPES_AND_1,
                body: team_windows_dropped_in_different_orders_leak,
            },
            Case {
                name: "team_window_epochs",
                npes: NPES_AND_1,
                body: team_window_epochs,
            },
            Case {
                name: "team_window_several_targets",
                npes: NPES_AND_1,
                body: team_window_several_targets,
            },
            Case {
                name: "team_window_sized",
                npes: NPES_AND_1,
                body: team_window_sized,
            },
            Case {
                name: "team_heap_exhaustion",
                npes: NPES_AND_1,
                body: team_heap_exhaustion,
            },
        ],
        &[],
        &["--heap-size", "8m"],
    );
}
