//! Contexts and threads (`SHMEM_THREAD_MULTIPLE`) on real processes: several threads per PE,
//! each with its own context, update and write arrays lent to threads on every PE; totals and
//! contents are computed independently by folding over PE and thread ids. Also team contexts
//! (team-relative PEs, non-members refused), `NOSTORE`, bounds and strided transfers, and a
//! thread waking another thread of the same PE.
#![forbid(unsafe_code)]

mod support;

use shmem::{Cmp, CtxOptions, Error, Shmem, SignalOp, SymBox, SymVec, Team};
use support::{Case, NPES};

const THREADS: usize = 3;
const ITERS: usize = 300;

/// Whether contexts can be made here; when not, checks that this is the one job where they
/// cannot be (a multi-node MPI job below `MPI_THREAD_MULTIPLE`: some PE's memory is not mapped
/// here, and `SHMEM_MPI_THREADS` is not `multiple`) and that the refusal is the typed error.
fn contexts_available(shmem: &Shmem) -> bool {
    let probe = SymVec::<u8>::zeroed(shmem, 1).unwrap();
    let all_mapped = shmem.pes().all(|pe| probe.peer(pe).is_some());
    let multiple = std::env::var("SHMEM_MPI_THREADS").is_ok_and(|v| v == "multiple");
    match shmem.ctx_create(CtxOptions::NONE) {
        Ok(_) => {
            assert!(
                all_mapped || multiple,
                "contexts off-node only at MPI_THREAD_MULTIPLE"
            );
            true
        }
        Err(Error::ContextsUnavailable { .. }) => {
            assert!(
                !all_mapped && !multiple,
                "contexts refused where they are offered"
            );
            false
        }
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// A value of thread `t` of PE `p` for element `i`.
fn val(p: usize, t: usize, i: usize) -> u64 {
    ((p * 131 + t * 17 + i * 7) as u64) << 8 | (p * THREADS + t) as u64
}

/// Every thread of every PE adds `p * THREADS + t + 1` into every PE's counter `ITERS`
/// times, and fetch-increments a second counter; each thread writes its own stripe of the
/// right neighbour's array with `put` and `p`, and reads the stripe back with `get`.
fn threads_atomics_and_puts(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    const STRIPE: usize = 40;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let mut sum = SymBox::new(shmem, 0u64).unwrap();
    let mut incs = SymBox::new(shmem, 0i32).unwrap();
    let mut data = SymVec::<u64>::zeroed(shmem, THREADS * STRIPE).unwrap();
    let mut fetched = vec![Vec::new(); THREADS];
    {
        let (sum, incs, data) = (
            sum.lend().unwrap(),
            incs.lend().unwrap(),
            data.lend().unwrap(),
        );
        std::thread::scope(|s| {
            for (t, seen) in fetched.iter_mut().enumerate() {
                let ctx = shmem.ctx_create(CtxOptions::PRIVATE).unwrap();
                s.spawn(move || {
                    let mine: Vec<u64> = (0..STRIPE).map(|i| val(me, t, i)).collect();
                    let stripe = data.slice(t * STRIPE..(t + 1) * STRIPE).unwrap();
                    ctx.put(&stripe, right, &mine[..STRIPE - 1]).unwrap();
                    ctx.p(&stripe, STRIPE - 1, right, mine[STRIPE - 1]).unwrap();
                    let mut back = vec![0; STRIPE];
                    ctx.get(&stripe, right, &mut back).unwrap();
                    assert_eq!(back, mine, "a context's get sees its own completed put");
                    for _ in 0..ITERS {
                        for pe in ctx.pes() {
                            ctx.atomic_add(&sum, 0, pe, (me * THREADS + t + 1) as u64)
                                .unwrap();
                            seen.push(ctx.atomic_fetch_inc(&incs, 0, pe).unwrap());
                        }
                    }
                    ctx.quiet();
                });
            }
        });
    }
    shmem.barrier_all();
    let per_round: u64 = (0..n)
        .flat_map(|p| (0..THREADS).map(move |t| (p * THREADS + t + 1) as u64))
        .sum();
    assert_eq!(sum.read(), per_round * ITERS as u64);
    assert_eq!(incs.read(), (n * THREADS * ITERS) as i32);
    let left = (me + n - 1) % n;
    let expect: Vec<u64> = (0..THREADS)
        .flat_map(|t| (0..STRIPE).map(move |i| val(left, t, i)))
        .collect();
    assert_eq!(data.to_vec(), expect);
    // Fetch-increments on one PE's counter return distinct values: gather what every
    // thread of this PE saw from PE 0 and check there are no repeats among them.
    let mut from_zero: Vec<i32> = fetched
        .iter()
        .flat_map(|v| v.iter().step_by(n).copied())
        .collect();
    from_zero.sort_unstable();
    from_zero.dedup();
    assert_eq!(from_zero.len(), THREADS * ITERS, "fetch_inc results repeat");
    shmem.barrier_all();
}

/// The bitwise atomics from threads, with inputs that tell them apart: every thread sets its
/// own bit in PE 0's `or` word, clears its own bit in PE 0's `and` word, and flips a mask in
/// PE 0's `xor` word twice plus once more for odd thread ids; swaps and compare-swaps take
/// turns on a ticket.
fn threads_bitwise(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let mut words = SymVec::<u64>::new(shmem, 3, 0).unwrap();
    words.write(1, u64::MAX).unwrap();
    let mut ticket = SymBox::new(shmem, 0i64).unwrap();
    shmem.barrier_all();
    {
        let (words, ticket) = (words.lend().unwrap(), ticket.lend().unwrap());
        std::thread::scope(|s| {
            for t in 0..THREADS {
                let ctx = shmem.ctx_create(CtxOptions::NONE).unwrap();
                s.spawn(move || {
                    let id = me * THREADS + t;
                    let bit = 1u64 << id;
                    ctx.atomic_or(&words, 0, zero, bit).unwrap();
                    ctx.atomic_fetch_and(&words, 1, zero, !bit).unwrap();
                    let mask = 0x0101_0101u64 << (id % 32);
                    for _ in 0..2 + t % 2 {
                        ctx.atomic_xor(&words, 2, zero, mask).unwrap();
                    }
                    // Take a ticket: compare-swap until this thread moved it by one.
                    loop {
                        let cur = ctx.atomic_fetch(&ticket, 0, zero).unwrap();
                        if ctx
                            .atomic_compare_swap(&ticket, 0, zero, cur, cur + 1)
                            .unwrap()
                            == cur
                        {
                            break;
                        }
                    }
                    ctx.quiet();
                });
            }
        });
    }
    shmem.barrier_all();
    if me == 0 {
        let ids = 0..n * THREADS;
        let or = ids.clone().fold(0u64, |a, id| a | 1 << id);
        let and = ids.clone().fold(u64::MAX, |a, id| a & !(1u64 << id));
        let xor = ids.fold(0u64, |a, id| {
            let t = id % THREADS;
            if t % 2 == 1 {
                a ^ 0x0101_0101u64 << (id % 32)
            } else {
                a
            }
        });
        assert_eq!(words.to_vec(), [or, and, xor]);
        assert_eq!(ticket.read(), (n * THREADS) as i64);
    }
    shmem.barrier_all();
}

/// Two threads per PE pass messages around the ring: the setter puts round `r`'s data into
/// the right PE, fences, and raises the right PE's data flag; the right PE's waiter sees the
/// flag, checks that the data is complete, acknowledges to the left PE and raises its *own*
/// PE's done flag, which this PE's setter waits for before the next round: a wake-up of a
/// thread by another thread of the same PE (the doorbell must ring for a write into this PE's
/// own memory).
fn threads_wait(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    const ROUNDS: u64 = 50;
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = shmem.pe_wrapping(me.index() + n - 1);
    // [ack from the right PE, data flag from the left PE, done by this PE's waiter]
    let mut flags = SymVec::<u64>::zeroed(shmem, 3).unwrap();
    let mut data = SymVec::<u64>::zeroed(shmem, 16).unwrap();
    {
        let (flags, data) = (flags.lend().unwrap(), data.lend().unwrap());
        std::thread::scope(|s| {
            let waiter = shmem.ctx_create(CtxOptions::NONE).unwrap();
            let setter = shmem.ctx_create(CtxOptions::NONE).unwrap();
            s.spawn(move || {
                for r in 1..=ROUNDS {
                    assert!(waiter.wait_until(&flags, 1, Cmp::Ge, r).unwrap() >= r);
                    let mut got = [0u64; 16];
                    waiter.get(&data, me, &mut got).unwrap();
                    let want: Vec<u64> =
                        (0..16).map(|i| val(left.index(), r as usize, i)).collect();
                    assert_eq!(got.to_vec(), want, "data complete when the flag is seen");
                    waiter.atomic_set(&flags, 0, left, r).unwrap();
                    waiter.atomic_set(&flags, 2, me, r).unwrap();
                }
            });
            s.spawn(move || {
                for r in 1..=ROUNDS {
                    let msg: Vec<u64> = (0..16).map(|i| val(me.index(), r as usize, i)).collect();
                    setter.put(&data, right, &msg).unwrap();
                    setter.fence();
                    setter.atomic_set(&flags, 1, right, r).unwrap();
                    setter.wait_until(&flags, 0, Cmp::Ge, r).unwrap();
                    setter.wait_until(&flags, 2, Cmp::Ge, r).unwrap();
                }
            });
        });
    }
    shmem.barrier_all();
    assert_eq!(flags.to_vec(), [ROUNDS; 3]);
}

/// Context nbi scopes from threads: each thread puts its stripe into the right neighbour and
/// takes tickets with `atomic_fetch_add` into buffers readable after the scope; every ticket
/// is distinct, and the count and the stripes are exact.
fn threads_nbi(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    const ROUNDS: usize = 40;
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let zero = shmem.pe(0).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    let mut counter = SymBox::new(shmem, 0u64).unwrap();
    let mut data = SymVec::<u32>::zeroed(shmem, THREADS * 8).unwrap();
    let mut tickets = vec![Vec::new(); THREADS];
    {
        let (counter, data) = (counter.lend().unwrap(), data.lend().unwrap());
        std::thread::scope(|s| {
            for (t, mine) in tickets.iter_mut().enumerate() {
                let ctx = shmem.ctx_create(CtxOptions::PRIVATE).unwrap();
                s.spawn(move || {
                    let stripe = data.slice(t * 8..(t + 1) * 8).unwrap();
                    for r in 0..ROUNDS {
                        let src: Vec<u32> = (0..8)
                            .map(|i| (me * 1000 + t * 100 + r + i) as u32)
                            .collect();
                        let mut got = [0u64; 2];
                        let [a, b] = &mut got;
                        ctx.nbi(|nbi| -> Result<(), Error> {
                            nbi.put(&stripe, right, &src)?;
                            nbi.atomic_fetch_add(&counter, 0, zero, 1, a)?;
                            nbi.atomic_fetch_add(&counter, 0, zero, 1, b)?;
                            Ok(())
                        })
                        .unwrap();
                        mine.extend(got);
                    }
                });
            }
        });
    }
    shmem.barrier_all();
    let mut all: Vec<u64> = tickets.concat();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), THREADS * ROUNDS * 2, "tickets repeat");
    assert!(all.iter().all(|&k| k < (n * THREADS * ROUNDS * 2) as u64));
    if me == 0 {
        assert_eq!(counter.read(), (n * THREADS * ROUNDS * 2) as u64);
    }
    let left = (me + n - 1) % n;
    let want: Vec<u32> = (0..THREADS)
        .flat_map(|t| (0..8).map(move |i| (left * 1000 + t * 100 + ROUNDS - 1 + i) as u32))
        .collect();
    assert_eq!(data.to_vec(), want);
    shmem.barrier_all();
}

/// A context over a team of the even PEs (and one over the odd PEs, at the same time): PEs
/// are team-relative `TeamPe`s, a world PE outside the team is refused, and a sum over the
/// team's members lands on each member.
fn team_contexts(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let world = Team::world(shmem);
    let evens = world.split_strided(0, 2, n.div_ceil(2)).unwrap();
    let odds = if n > 1 {
        world.split_strided(1, 2, n / 2).unwrap()
    } else {
        None
    };
    let team = evens
        .as_ref()
        .or(odds.as_ref())
        .expect("every PE is even or odd");
    let mut sum = SymBox::new(shmem, 0u64).unwrap();
    {
        let sum = sum.lend().unwrap();
        let ctx = team.create_ctx(CtxOptions::SERIALIZED).unwrap();
        assert_eq!(ctx.n_pes(), team.n_pes());
        assert_eq!(ctx.my_index(), team.my_pe().index());
        assert_eq!(ctx.is_world(), n == 1);
        let members = team_pes(team);
        std::thread::scope(|s| {
            let (ctx, members) = (&ctx, &members);
            for t in 0..2 {
                s.spawn(move || {
                    for &member in members {
                        ctx.atomic_add(&sum, 0, member, (me * 2 + t + 1) as u64)
                            .unwrap();
                    }
                });
            }
        });
        if n > 1 {
            // the world PE next to this one is in the other team
            let other = shmem.pe_wrapping(me + 1);
            if other.index() % 2 != me % 2 {
                assert!(matches!(
                    ctx.atomic_add(&sum, 0, other, 1),
                    Err(Error::NotAMember(_))
                ));
            }
        }
    }
    shmem.barrier_all();
    let expect: u64 = (0..n)
        .filter(|p| p % 2 == me % 2)
        .map(|p| (p * 2 + 1) as u64 + (p * 2 + 2) as u64)
        .sum();
    assert_eq!(sum.read(), expect);
    shmem.barrier_all();
}

fn team_pes(team: &Team<'_>) -> Vec<shmem::TeamPe> {
    team.pes().collect()
}

/// `NOSTORE` refuses stores and writes nothing; out-of-bounds and bad strides are typed
/// errors; strided transfers through a context match a plain loop.
fn errors_and_strides(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let mut v = SymVec::<i32>::new(shmem, 20, -1).unwrap();
    {
        let lent = v.lend().unwrap();
        let ro = shmem
            .ctx_create(CtxOptions::NOSTORE | CtxOptions::PRIVATE)
            .unwrap();
        assert!(ro.options().contains(CtxOptions::NOSTORE));
        assert!(matches!(
            ro.put(&lent, right, &[5]),
            Err(Error::ContextNoStore)
        ));
        assert!(matches!(
            ro.p(&lent, 0, right, 5),
            Err(Error::ContextNoStore)
        ));
        assert!(matches!(
            ro.atomic_fetch_add(&lent, 0, right, 5),
            Err(Error::ContextNoStore)
        ));
        assert_eq!(
            ro.atomic_fetch(&lent, 0, me).unwrap(),
            -1,
            "fetch is no store"
        );
        let ctx = shmem.ctx_create(CtxOptions::NONE).unwrap();
        assert!(matches!(
            ctx.put(&lent, right, &[0; 21]),
            Err(Error::OutOfBounds { .. })
        ));
        assert!(matches!(
            ctx.g(&lent, 20, right),
            Err(Error::OutOfBounds { .. })
        ));
        assert!(matches!(
            ctx.iput(&lent, 0, right, &[1, 2], 1, 2),
            Err(Error::OutOfBounds { .. })
        ));
        assert!(matches!(
            ctx.iput(&lent, 7, right, &[1, 2, 3, 4], 1, 4),
            Err(Error::OutOfBounds { .. })
        ));
        shmem.barrier_all();
        // every element still -1 at the right PE: nothing was written
        let mut back = [0; 20];
        ctx.get(&lent, right, &mut back).unwrap();
        assert_eq!(back, [-1; 20]);
        shmem.barrier_all();
        // iput: src[2k] -> dst[3k] for k < 6; iget back with strides swapped
        let src: Vec<i32> = (0..12).map(|i| (me.index() * 100 + i) as i32).collect();
        ctx.iput(&lent, 3, right, &src, 2, 6).unwrap();
        ctx.quiet();
        shmem.barrier_all();
        let left = (me.index() + n - 1) % n;
        let mut expect = [-1; 20];
        for k in 0..6 {
            expect[3 * k] = (left * 100 + 2 * k) as i32;
        }
        let mut mine = [0; 20];
        ctx.get(&lent, me, &mut mine).unwrap();
        assert_eq!(mine, expect);
        let mut gathered = [0; 6];
        ctx.iget(&lent, 3, me, &mut gathered, 1, 6).unwrap();
        assert_eq!(
            gathered.to_vec(),
            (0..6).map(|k| expect[3 * k]).collect::<Vec<_>>()
        );
    }
    shmem.barrier_all();
}

/// Put-with-signal from threads: in each round every thread of every PE sends its stripe to
/// the right neighbour with `put_signal` (blocking, then `_nbi`), adding 1 to the
/// neighbour's signal; the neighbour's waiter sees the signal reach `THREADS * round` and
/// then every stripe of that round whole. `SET` replaces; a signal inside the data and a
/// `NOSTORE` context are refused.
fn threads_put_signal(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    const ROUNDS: usize = 30;
    const STRIPE: usize = 8;
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = (me.index() + n - 1) % n;
    let msg = |p: usize, t: usize, r: usize| -> Vec<u64> {
        (0..STRIPE)
            .map(|i| val(p, t, i) + (r << 40) as u64)
            .collect()
    };
    let mut data = SymVec::<u64>::zeroed(shmem, THREADS * STRIPE).unwrap();
    // [signal from the left PE, acknowledgement from the right PE]
    let mut sig = SymVec::<u64>::zeroed(shmem, 2).unwrap();
    {
        let (data, sig) = (data.lend().unwrap(), sig.lend().unwrap());
        let (signal, ack) = (sig.slice(0..=0).unwrap(), sig.slice(1..=1).unwrap());
        std::thread::scope(|s| {
            for t in 0..THREADS {
                let ctx = shmem.ctx_create(CtxOptions::PRIVATE).unwrap();
                s.spawn(move || {
                    let stripe = data.slice(t * STRIPE..(t + 1) * STRIPE).unwrap();
                    for r in 1..=ROUNDS {
                        // the right PE has read the previous round
                        ctx.wait_until(&sig, 1, Cmp::Ge, ((r - 1) * THREADS) as u64)
                            .unwrap();
                        let m = msg(me.index(), t, r);
                        if r % 2 == 0 {
                            ctx.put_signal(&stripe, right, &m, &signal, 1, SignalOp::Add)
                                .unwrap();
                        } else {
                            ctx.nbi(|nbi| {
                                nbi.put_signal(&stripe, right, &m, &signal, 1, SignalOp::Add)
                            })
                            .unwrap();
                        }
                    }
                });
            }
            let reader = shmem.ctx_create(CtxOptions::NONE).unwrap();
            let leftpe = shmem.pe_wrapping(left);
            s.spawn(move || {
                for r in 1..=ROUNDS {
                    reader
                        .wait_until(&sig, 0, Cmp::Ge, (r * THREADS) as u64)
                        .unwrap();
                    let mut got = vec![0u64; THREADS * STRIPE];
                    reader.get(&data, me, &mut got).unwrap();
                    let want: Vec<u64> = (0..THREADS).flat_map(|t| msg(left, t, r)).collect();
                    assert_eq!(got, want, "round {r}: every stripe whole with its signal");
                    for _ in 0..THREADS {
                        reader.atomic_add(&sig, 1, leftpe, 1).unwrap();
                    }
                }
            });
        });
        let ctx = shmem.ctx_create(CtxOptions::NONE).unwrap();
        assert_eq!(
            ctx.atomic_fetch(&sig, 0, me).unwrap(),
            (ROUNDS * THREADS) as u64
        );
        shmem.barrier_all();
        ctx.put_signal(&data, me, &[1, 2], &signal, 7, SignalOp::Set)
            .unwrap();
        assert_eq!(ctx.atomic_fetch(&sig, 0, me).unwrap(), 7, "SET replaces");
        assert!(matches!(
            ctx.put_signal(&sig, me, &[1, 2], &ack, 1, SignalOp::Add),
            Err(Error::SignalOverlap { .. })
        ));
        assert!(matches!(
            ctx.put_signal(
                &data,
                me,
                &[1],
                &signal.slice(0..0).unwrap(),
                1,
                SignalOp::Add
            ),
            Err(Error::OutOfBounds { .. })
        ));
        let ro = shmem.ctx_create(CtxOptions::NOSTORE).unwrap();
        assert!(matches!(
            ro.put_signal(&data, me, &[1], &signal, 1, SignalOp::Add),
            Err(Error::ContextNoStore)
        ));
        assert_eq!(
            ctx.atomic_fetch(&sig, 0, me).unwrap(),
            7,
            "nothing signalled"
        );
        assert_eq!(
            ctx.atomic_fetch(&sig, 1, me).unwrap(),
            (ROUNDS * THREADS) as u64
        );
    }
    shmem.barrier_all();
}

/// Block-strided transfers through a context match a plain loop over the blocks; bad
/// strides and spans are typed errors that write nothing; `pe_quiet` refuses a non-member.
fn block_strided_and_pe_quiet(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    let n = shmem.n_pes();
    let me = shmem.my_pe();
    let right = shmem.pe_wrapping(me.index() + 1);
    let left = (me.index() + n - 1) % n;
    let mut v = SymVec::<i16>::new(shmem, 24, -1).unwrap();
    {
        let lent = v.lend().unwrap();
        let ctx = shmem.ctx_create(CtxOptions::NONE).unwrap();
        // blocks of 3, every 4 in the source, every 5 in the target, 4 blocks
        let src: Vec<i16> = (0..16).map(|i| (me.index() * 100 + i) as i16).collect();
        assert!(matches!(
            ctx.ibput(&lent, 2, right, &src, 4, 3, 4),
            Err(Error::InvalidStride { .. })
        ));
        assert!(matches!(
            ctx.ibput(&lent, 5, right, &src, 0, 3, 4),
            Err(Error::InvalidStride { .. })
        ));
        assert!(matches!(
            ctx.ibput(&lent, 8, right, &src, 4, 3, 4),
            Err(Error::OutOfBounds { .. })
        ));
        assert!(matches!(
            ctx.ibput(&lent, 5, right, &src[..14], 4, 3, 4),
            Err(Error::OutOfBounds { .. })
        ));
        ctx.ibput(&lent, 5, right, &src, 4, 3, 4).unwrap();
        ctx.ibput(&lent, 5, right, &src, 4, 0, 4).unwrap(); // empty blocks: nothing
        ctx.pe_quiet(&[right]).unwrap();
        shmem.barrier_all();
        let mut expect = [-1i16; 24];
        for b in 0..4 {
            for k in 0..3 {
                expect[b * 5 + k] = (left * 100 + b * 4 + k) as i16;
            }
        }
        let mut mine = [0i16; 24];
        ctx.get(&lent, me, &mut mine).unwrap();
        assert_eq!(mine, expect);
        // back with the roles swapped: blocks of 3 every 5 there, every 3 here (packed)
        let mut packed = [0i16; 12];
        ctx.ibget(&lent, 5, me, &mut packed, 3, 3, 4).unwrap();
        let want: Vec<i16> = (0..4)
            .flat_map(|b| (0..3).map(move |k| (left * 100 + b * 4 + k) as i16))
            .collect();
        assert_eq!(packed.to_vec(), want);
        assert!(matches!(
            ctx.ibget(&lent, 5, me, &mut packed, 2, 3, 4),
            Err(Error::InvalidStride { .. })
        ));
        assert!(matches!(
            ctx.ibget(&lent, 8, me, &mut packed, 3, 3, 4),
            Err(Error::OutOfBounds { .. })
        ));
        let all: Vec<shmem::Pe> = shmem.pes().collect();
        ctx.pe_quiet(&all).unwrap();
        // a context over the even PEs: an odd neighbour is no member
        let world = Team::world(shmem);
        if let Some(evens) = world.split_strided(0, 2, n.div_ceil(2)).unwrap() {
            let even = evens.create_ctx(CtxOptions::NONE).unwrap();
            even.pe_quiet(&[me]).unwrap();
            if right.index() % 2 == 1 {
                assert!(matches!(
                    even.pe_quiet(&[me, right]),
                    Err(Error::NotAMember(_))
                ));
            }
        }
    }
    shmem.barrier_all();
}

#[shmem::symmetric(threads)]
static HITS: u64 = 0;

#[shmem::symmetric(threads)]
static SLOTS: [i32; 16] = [-1; 16];

/// Thread statics (C's `static long` updated from many contexts): every thread of every PE
/// adds into every PE's `HITS` and writes its own slots of the right neighbour's `SLOTS`;
/// totals and contents are folds over PE and thread ids.
fn thread_statics(shmem: &Shmem) {
    if !contexts_available(shmem) {
        return;
    }
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let right = shmem.pe_wrapping(me + 1);
    let (hits, slots) = (HITS.lend(shmem).unwrap(), SLOTS.lend(shmem).unwrap());
    assert_eq!((hits.len(), slots.len()), (1, 16));
    let ctx = shmem.ctx_create(CtxOptions::NONE).unwrap();
    assert_eq!(ctx.atomic_fetch(&hits, 0, shmem.my_pe()).unwrap(), 0);
    assert_eq!(
        ctx.g(&slots, 15, shmem.my_pe()).unwrap(),
        -1,
        "initial value"
    );
    shmem.barrier_all();
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let ctx = shmem.ctx_create(CtxOptions::PRIVATE).unwrap();
            s.spawn(move || {
                for _ in 0..ITERS {
                    for pe in ctx.pes() {
                        ctx.atomic_add(&hits, 0, pe, (me * THREADS + t + 1) as u64)
                            .unwrap();
                    }
                }
                for i in (t..16).step_by(THREADS) {
                    ctx.p(&slots, i, right, (me * 1000 + t * 100 + i) as i32)
                        .unwrap();
                }
                ctx.quiet();
            });
        }
    });
    shmem.barrier_all();
    let per_round: usize = (0..n * THREADS).map(|k| k + 1).sum();
    assert_eq!(
        ctx.atomic_fetch(&hits, 0, shmem.my_pe()).unwrap(),
        (per_round * ITERS) as u64
    );
    let left = (me + n - 1) % n;
    let mut got = [0i32; 16];
    ctx.get(&slots, shmem.my_pe(), &mut got).unwrap();
    let want: Vec<i32> = (0..16)
        .map(|i| (left * 1000 + (i % THREADS) * 100 + i) as i32)
        .collect();
    assert_eq!(got.to_vec(), want);
    shmem.barrier_all();
}

fn main() {
    support::main(
        &[
            Case {
                name: "threads_atomics_and_puts",
                npes: NPES,
                body: threads_atomics_and_puts,
            },
            Case {
                name: "threads_bitwise",
                npes: NPES,
                body: threads_bitwise,
            },
            Case {
                name: "threads_wait",
                npes: NPES,
                body: threads_wait,
            },
            Case {
                name: "threads_nbi",
                npes: NPES,
                body: threads_nbi,
            },
            Case {
                name: "team_contexts",
                npes: NPES,
                body: team_contexts,
            },
            Case {
                name: "threads_put_signal",
                npes: NPES,
                body: threads_put_signal,
            },
            Case {
                name: "block_strided_and_pe_quiet",
                npes: NPES,
                body: block_strided_and_pe_quiet,
            },
            Case {
                name: "thread_statics",
                npes: NPES,
                body: thread_statics,
            },
            Case {
                name: "errors_and_strides",
                npes: NPES,
                body: errors_and_strides,
            },
        ],
        &[],
    );
}
