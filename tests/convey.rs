//! Conveyors on real processes: all-to-all storms, skewed traffic, empty runs, one PE, items
//! of 1, 8 and 64 bytes, tiny buffers, `pull` and `pull_while`; what each PE pulls is
//! compared, per source and in order, with what the sources' generators say they pushed to
//! it.
#![forbid(unsafe_code)]

mod support;

use std::num::NonZeroU32;

use shmem::bytemuck::Pod;
use shmem::{Conveyor, Error, Shmem};
use support::{Case, NPES};

/// What PE `s` pushes: item `k` of `count(s)` goes to `dest(s, k, n)` and is `item(s, k)`.
struct Traffic<T> {
    count: fn(usize, usize) -> usize,
    dest: fn(usize, usize, usize) -> usize,
    item: fn(usize, usize) -> T,
}

fn mix(s: usize, k: usize) -> u64 {
    let mut x = (s as u64) << 32 ^ k as u64 ^ 0x9e37_79b9_7f4a_7c15;
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

/// Runs the conveyor loop with `traffic` and checks, on every PE, that it pulled from each
/// source exactly the items that source pushed to it, in push order.
fn run<T: Pod + PartialEq + std::fmt::Debug>(shmem: &Shmem, capacity: u32, traffic: &Traffic<T>) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let cap = NonZeroU32::new(capacity).unwrap();
    let mut conveyor = Conveyor::<T>::with_capacity(shmem, cap).unwrap();
    assert_eq!(conveyor.capacity(), capacity as usize);
    let total = (traffic.count)(me, n);
    let mut got: Vec<Vec<T>> = vec![Vec::new(); n];
    let mut next = 0;
    while conveyor.advance(next == total) {
        while next < total {
            let to = shmem.pe((traffic.dest)(me, next, n)).unwrap();
            if !conveyor.push(to, (traffic.item)(me, next)) {
                break;
            }
            next += 1;
        }
        while let Some((from, item)) = conveyor.pull() {
            got[from.index()].push(item);
        }
    }
    assert_eq!(next, total, "PE {me} pushed everything");
    assert!(conveyor.pull().is_none());
    assert!(
        !conveyor.push(shmem.my_pe(), (traffic.item)(me, 0)),
        "done is final"
    );
    for (s, got) in got.iter().enumerate() {
        let want: Vec<T> = (0..(traffic.count)(s, n))
            .filter(|&k| (traffic.dest)(s, k, n) == me)
            .map(|k| (traffic.item)(s, k))
            .collect();
        assert_eq!(got.len(), want.len(), "items from PE {s} at PE {me}");
        assert!(*got == want, "items from PE {s} at PE {me} differ");
    }
    shmem.barrier_all();
}

fn storm_u8(shmem: &Shmem) {
    run(
        shmem,
        7,
        &Traffic {
            count: |_, n| 3000 * n,
            dest: |s, k, n| (mix(s, k) % n as u64) as usize,
            item: |s, k| mix(s, k) as u8,
        },
    );
}

fn storm_u64(shmem: &Shmem) {
    run(
        shmem,
        64,
        &Traffic {
            count: |s, n| 2000 * n + s,
            dest: |s, k, n| (mix(s, k) % n as u64) as usize,
            item: |s, k| (s as u64) << 40 | k as u64,
        },
    );
}

fn storm_64_bytes(shmem: &Shmem) {
    run(
        shmem,
        16,
        &Traffic {
            count: |_, n| 500 * n,
            dest: |s, k, n| (s + k) % n,
            item: |s, k| std::array::from_fn::<u64, 8, _>(|j| mix(s, k + j)),
        },
    );
}

/// Every PE sends everything to PE 0 through one-item buffers; PE 0 sends to itself too.
fn skewed_to_one(shmem: &Shmem) {
    run(
        shmem,
        1,
        &Traffic {
            count: |_, _| 4000,
            dest: |_, _, _| 0,
            item: |s, k| mix(s, k),
        },
    );
}

/// PE 0 pushes nothing (it is done at once) and only drains what the others flood it with.
fn drain_only(shmem: &Shmem) {
    run(
        shmem,
        3,
        &Traffic {
            count: |s, _| if s == 0 { 0 } else { 5000 },
            dest: |s, k, n| if k % 2 == 0 { 0 } else { (s + k) % n },
            item: |s, k| mix(s, k) as u32,
        },
    );
}

/// Nobody pushes anything: the loop still ends on every PE.
fn empty(shmem: &Shmem) {
    run(
        shmem,
        4,
        &Traffic {
            count: |_, _| 0,
            dest: |_, _, _| 0,
            item: |_, _| 0u64,
        },
    );
}

/// The default capacity and two conveyors alive at once (requests, answered through the
/// second): each PE asks every item's owner for `mix(owner, k)` and checks the answers.
fn request_reply(shmem: &Shmem) {
    let n = shmem.n_pes();
    let me = shmem.my_pe().index();
    let mut requests = Conveyor::<u64>::new(shmem).unwrap();
    let mut replies = Conveyor::<[u64; 2]>::new(shmem).unwrap();
    assert_eq!(requests.capacity(), 2048);
    assert_eq!(replies.capacity(), 1024);
    let total = 3000;
    let owner = |k: usize| (mix(me, k) % n as u64) as usize;
    let mut answers = vec![0u64; total];
    let mut answered = 0;
    let mut pending: Option<(shmem::Pe, [u64; 2])> = None;
    let mut next = 0;
    let mut asking = true;
    loop {
        asking = asking && requests.advance(next == total);
        let replying = replies.advance(!asking && pending.is_none());
        if !asking && !replying {
            break;
        }
        while next < total {
            if !requests.push(shmem.pe(owner(next)).unwrap(), next as u64) {
                break;
            }
            next += 1;
        }
        loop {
            if let Some((to, reply)) = pending.take()
                && !replies.push(to, reply)
            {
                pending = Some((to, reply));
                break;
            }
            match requests.pull() {
                Some((from, k)) => pending = Some((from, [k, mix(me, k as usize)])),
                None => break,
            }
        }
        while let Some((from, [k, v])) = replies.pull() {
            assert_eq!(from.index(), owner(k as usize));
            answers[k as usize] = v;
            answered += 1;
        }
    }
    assert_eq!(answered, total);
    for (k, v) in answers.iter().enumerate() {
        assert_eq!(*v, mix(owner(k), k), "answer {k} at PE {me}");
    }
    shmem.barrier_all();
}

/// `pull_while` hands out items in `pull`'s order and leaves the one it is refused: an
/// all-to-all storm (this PE included) over small buffers, taken by `pull_while` calls that
/// each refuse their fifth item, which `pull` must then return. What each PE got is
/// compared per source and in order with what the sources pushed, so a refused item lost
/// or handed out twice fails it.
fn pull_while_refusals(shmem: &Shmem) {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let item = |s: usize, k: usize| mix(s, k) | 1;
    let dest = |s: usize, k: usize| (mix(s, k) >> 8) as usize % n;
    let total = 2000 * n;
    let mut conveyor = Conveyor::<u64>::with_capacity(shmem, NonZeroU32::new(7).unwrap()).unwrap();
    let mut got: Vec<Vec<u64>> = vec![Vec::new(); n];
    let (mut next, mut refusals) = (0, 0);
    while conveyor.advance(next == total) {
        while next < total {
            if !conveyor.push(shmem.pe(dest(me, next)).unwrap(), item(me, next)) {
                break;
            }
            next += 1;
        }
        loop {
            let (mut offered, mut refused) = (0, None);
            let took = conveyor.pull_while(|from, x| {
                offered += 1;
                if offered == 5 {
                    refused = Some((from, x));
                    return false;
                }
                got[from.index()].push(x);
                true
            });
            assert_eq!(took, offered - usize::from(refused.is_some()));
            let Some((from, x)) = refused else { break };
            refusals += 1;
            assert_eq!(conveyor.pull(), Some((from, x)), "the refused item is next");
            got[from.index()].push(x);
        }
    }
    assert!(refusals > 0, "PE {me} refused items");
    for (s, got) in got.iter().enumerate() {
        let want: Vec<u64> = (0..total)
            .filter(|&k| dest(s, k) == me)
            .map(|k| item(s, k))
            .collect();
        assert!(*got == want, "items from PE {s} at PE {me} differ");
    }
    shmem.barrier_all();
}

/// Request and reply with `pull_while` (a request is taken only when its reply was
/// accepted) over reply buffers of 3 items, so that replies are refused often: every answer
/// arrives once, right, and nothing is held on the side.
fn request_reply_pull_while(shmem: &Shmem) {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    let mut requests = Conveyor::<u64>::with_capacity(shmem, NonZeroU32::new(5).unwrap()).unwrap();
    let mut replies =
        Conveyor::<[u64; 2]>::with_capacity(shmem, NonZeroU32::new(3).unwrap()).unwrap();
    let total = 3000;
    let owner = |k: usize| (mix(me, k) % n as u64) as usize;
    let mut answers = vec![None; total];
    // Pushed with `push_from`, the sending side's mirror of `pull_while`.
    let mut asks = (0..total)
        .map(|k| (shmem.pe(owner(k)).unwrap(), k as u64))
        .peekable();
    let (mut asking, mut served) = (true, 0);
    loop {
        asking = asking && requests.advance(asks.peek().is_none());
        let replying = replies.advance(!asking);
        if !asking && !replying {
            break;
        }
        requests.push_from(&mut asks);
        served += requests.pull_while(|from, k| replies.push(from, [k, mix(me, k as usize)]));
        replies.pull_while(|from, [k, v]| {
            assert_eq!(from.index(), owner(k as usize));
            assert!(answers[k as usize].replace(v).is_none(), "answer {k} twice");
            true
        });
    }
    for (k, v) in answers.iter().enumerate() {
        assert_eq!(*v, Some(mix(owner(k), k)), "answer {k} at PE {me}");
    }
    // Every request to this PE was served once: as many as the PEs addressed to it.
    let mut want = 0;
    for s in 0..n {
        want += (0..total)
            .filter(|&k| (mix(s, k) % n as u64) as usize == me)
            .count();
    }
    assert_eq!(served, want, "requests served at PE {me}");
    shmem.barrier_all();
}

/// Tokens passed around the ring on one conveyor, each hop pushed only once the previous
/// one arrived: a PE cannot declare itself done before its tokens come back, so every hop
/// travels in a partial buffer, which an idle `advance` must send (bale's toposort pattern).
fn token_ring(shmem: &Shmem) {
    let (n, me) = (shmem.n_pes(), shmem.my_pe().index());
    const HOPS: u64 = 50;
    let mut conveyor = Conveyor::<[u64; 2]>::new(shmem).unwrap();
    let right = shmem.pe_wrapping(me + 1);
    // Every PE starts one token; each token makes HOPS hops; a PE forwards every token it
    // gets until its count runs out. PE `me` forwards exactly HOPS tokens (one per origin
    // and lap, in total), so it knows when it is done.
    let mut outbox = vec![[me as u64, 0]];
    let (mut forwarded, mut home) = (0u64, 0u64);
    while conveyor.advance(forwarded == HOPS && outbox.is_empty()) {
        while let Some(&token) = outbox.last() {
            if !conveyor.push(right, token) {
                break;
            }
            outbox.pop();
            forwarded += 1;
        }
        while let Some((from, [origin, hops])) = conveyor.pull() {
            assert_eq!(from.index(), (me + n - 1) % n, "tokens come from the left");
            if hops + 1 == HOPS {
                assert_eq!(origin as usize, (me + n - HOPS as usize % n) % n);
                home += 1;
            } else {
                outbox.push([origin, hops + 1]);
            }
        }
    }
    assert_eq!(home, 1, "one token ends its last hop at PE {me}");
    assert_eq!(forwarded, HOPS);
    shmem.barrier_all();
}

/// Items a PE pushes to itself wait in a queue as large as one buffer: the push after
/// `capacity` of them is refused until the PE pulls, pulling one and pushing one at a time
/// goes on without end (the room of pulled items is reused), and everything comes out in
/// push order.
fn to_itself_bounded(shmem: &Shmem) {
    let me = shmem.my_pe();
    let cap = NonZeroU32::new(5).unwrap();
    let mut conveyor = Conveyor::<u32>::with_capacity(shmem, cap).unwrap();
    let (mut pushed, mut pulled) = (0u32, 0u32);
    while pushed < 5 {
        assert!(
            conveyor.push(me, pushed),
            "item {pushed} of a buffer's worth"
        );
        pushed += 1;
    }
    assert!(!conveyor.push(me, pushed), "a sixth item waits for a pull");
    for _ in 0..1000 {
        assert_eq!(conveyor.pull(), Some((me, pulled)));
        pulled += 1;
        assert!(conveyor.push(me, pushed), "a pull makes room");
        pushed += 1;
        assert!(!conveyor.push(me, pushed), "for one item");
    }
    while conveyor.advance(true) {
        while let Some(got) = conveyor.pull() {
            assert_eq!(got, (me, pulled));
            pulled += 1;
        }
    }
    assert_eq!(pulled, pushed);
    shmem.barrier_all();
}

/// Capacities that differ between PEs are the same error on every PE, and the next
/// conveyor works.
fn mismatched_capacity(shmem: &Shmem) {
    let me = shmem.my_pe().index();
    let cap = NonZeroU32::new(8 + u32::from(me == shmem.n_pes() - 1)).unwrap();
    match Conveyor::<u64>::with_capacity(shmem, cap) {
        Err(Error::ArgumentMismatch { pe, other_pe, .. }) => {
            assert_eq!((pe, other_pe), (0, shmem.n_pes() - 1));
        }
        other => panic!("PE {me}: {other:?}"),
    }
    storm_u64(shmem);
}

/// A heap too small for the buffers is the same error on every PE.
fn too_large(shmem: &Shmem) {
    let cap = NonZeroU32::new(u32::MAX).unwrap();
    match Conveyor::<[u64; 8]>::with_capacity(shmem, cap) {
        Err(Error::HeapExhausted { .. }) => {}
        other => panic!("PE {}: {other:?}", shmem.my_pe()),
    }
    storm_u8(shmem);
}

fn main() {
    support::main(
        &[
            Case {
                name: "storm_u8",
                npes: NPES,
                body: storm_u8,
            },
            Case {
                name: "storm_u64",
                npes: NPES,
                body: storm_u64,
            },
            Case {
                name: "storm_64_bytes",
                npes: NPES,
                body: storm_64_bytes,
            },
            Case {
                name: "skewed_to_one",
                npes: NPES,
                body: skewed_to_one,
            },
            Case {
                name: "drain_only",
                npes: &[2, 4, 8],
                body: drain_only,
            },
            Case {
                name: "empty",
                npes: NPES,
                body: empty,
            },
            Case {
                name: "request_reply",
                npes: NPES,
                body: request_reply,
            },
            Case {
                name: "pull_while_refusals",
                npes: NPES,
                body: pull_while_refusals,
            },
            Case {
                name: "request_reply_pull_while",
                npes: NPES,
                body: request_reply_pull_while,
            },
            Case {
                name: "token_ring",
                npes: NPES,
                body: token_ring,
            },
            Case {
                name: "to_itself_bounded",
                npes: &[1, 2],
                body: to_itself_bounded,
            },
            Case {
                name: "mismatched_capacity",
                npes: &[2, 4],
                body: mismatched_capacity,
            },
            Case {
                name: "too_large",
                npes: &[1, 2],
                body: too_large,
            },
        ],
        &[],
    );
}
