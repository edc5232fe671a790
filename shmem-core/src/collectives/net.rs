//! Collectives of a multi-node MPI job (feature `mpi`; `transport/net`, module docs).
//!
//! The same calls, arguments and errors as the shared-memory algorithms of this module's
//! parent. The agreement round is the shared-memory protocol (every member publishes its
//! signature, refusal and arrival in its own copy of the sync area, then waits for every
//! member's arrival and decides alike, [`agree::decide`]), except that a member on another
//! node is read through MPI: its epoch with an atomic MPI load until it has arrived, then its
//! head words and staged data in one `MPI_Get` ([`Heads`]), so two round trips per member,
//! those of all members in flight together ([`Coll::net_arrivals`]).
//! It has to be one-sided: members that disagree
//! on the set itself never meet in one MPI collective, yet each must return the error.
//! Nor can it be messages (each member sending its head to the members of its view of the
//! set): when a member `q` counts `p` in the set and `p` does not count `q`, `q`'s message
//! to `p` is never received, and it would be taken for `q`'s part in a later call of `p`'s
//! with the same area and epoch (a new sync area at the same offset starts its epochs again),
//! a silent wrong result. A message round needs a way to withdraw such a message first.
//!
//! Reductions, broadcasts and fcollects whose data fits the area's staging room do as the
//! shared-memory staged path does: each contributor copies its data into its own copy of the
//! area before it publishes its arrival, and every member reads it from there after the
//! agreement (a copy on this node, one `MPI_Get` from another), so no MPI collective follows:
//! measured with pretend nodes of one PE, a 1-element `or_to_all` went from 1.2–2.1 µs to
//! 0.65–0.96 µs at 2 PEs and from 18–24 µs to 10.6 µs at 4.
//!
//! Other calls move data only once every member agreed, with MPI collectives on the set's
//! communicator ([`Net::comm`], which every member then names alike): `MPI_Allgather`,
//! `MPI_Allgatherv`, `MPI_Bcast` or `MPI_Alltoall` straight between the members' symmetric
//! objects (a reduction gathers the members' sources and folds them in member order, as the
//! staged shared-memory path does, so results are the same bit for bit). The alternating
//! regions of the area keep their shared-memory argument: a member reuses a region two calls
//! later, after every member arrived at the call in between, so after every member has read
//! it.

use std::mem::size_of;

use bytemuck::Pod;

use std::sync::atomic::{Ordering, fence};
use std::time::Duration;

use super::agree::{self, Kind, Refusal, Sig};
use super::{
    Arrival, Call, Coll, EPOCH, EXACT_BIT, REFUSED_BIT, ReduceOp, SIGHASH, STATUS, ScanOp, VALUE,
    collect_apart, collect_total,
};
use crate::copy;
use crate::error::Result;
use crate::transport::net::{MAX_COLLECTIVE_BYTES, Net, Reads};
use crate::wait::{self, WaitSite};

/// What the members published for one call, read through the transport: straight from the
/// segment for members of this node; for the others, the heads read once after their
/// arrivals ([`Heads`]), and the rest of the detail block with `MPI_Fetch_and_op` or
/// `MPI_Get`.
struct NetView<'c, 'a> {
    coll: &'c Coll<'a>,
    net: &'c Net,
    call: Call,
    heads: &'c Heads,
}

impl NetView<'_, '_> {
    /// Member `i`'s word at area-relative `rel`.
    fn load(&self, i: usize, rel: usize) -> u64 {
        self.coll.net_load(self.net, i, rel)
    }
}

/// The words every member published after its epoch (status, signature hash, value), and
/// the staged data this member asked for, read once the member was seen to have arrived:
/// loads for this node's members, one `MPI_Get` of the head and the data together for a
/// member on another node. One round trip instead of one per word: with the epoch's atomic
/// read, an agreement with a member on another node costs two round trips (it was four: the
/// epoch, the status and the hash as atomics, then the staged data).
///
/// Reading them in one plain `MPI_Get` is sound for the reason the staged data always was:
/// the member wrote them before its epoch (`Release`, then a `SeqCst` fence), which this
/// member has seen with an atomic read, and leaves them unchanged until every member arrived
/// at its next call on this area, which this member has not.
///
/// A team's round gathers them all, detail blocks and small data included, in one
/// `MPI_Iallgather` ([`Coll::team_round`]): then `gathered` holds, and everything the call
/// needs of every member, this node's members too, is here.
struct Heads {
    /// Per member: status, signature hash, value.
    words: Vec<[u64; 3]>,
    /// Per member on another node that this member asked for (per member, with `gathered`):
    /// its staged bytes.
    staged: Vec<Vec<u8>>,
    /// With `gathered`, per member: its detail block.
    detail: Vec<[u64; agree::DETAIL_WORDS]>,
    /// Whether the words came from a team's gather.
    gathered: bool,
}

/// Bytes from a region's status word to its staged data.
const HEAD_BYTES: usize = super::REGION_HEAD - STATUS;
// The head words follow the status in the order `Heads::words` keeps, up to the staged data.
const _: () = assert!(SIGHASH == STATUS + 8 && VALUE == STATUS + 16 && HEAD_BYTES == 24);

impl Heads {
    fn status(&self, i: usize) -> u64 {
        self.words[i][0]
    }
    fn hash(&self, i: usize) -> u64 {
        self.words[i][1]
    }
    fn value(&self, i: usize) -> u64 {
        self.words[i][2]
    }
    /// Member `i`'s staged bytes, read with its head (empty for a member of this node, or one
    /// whose data this member did not ask for).
    fn staged(&self, i: usize) -> &[u8] {
        &self.staged[i]
    }
}

/// Where the one-sided round stands with each member ([`Coll::net_arrivals`]).
struct Arrivals {
    /// Members whose head is not read yet.
    left: usize,
    state: Vec<Seen>,
    /// The epochs read of members on other nodes (written by MPI reads in flight).
    epochs: Vec<u64>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Not seen to have arrived.
    Waiting,
    /// Its head is in [`Heads`].
    Read,
}

/// Members on other nodes whose epochs one look reads at most, in member order: enough to
/// overlap a node's worth of round trips, few enough that members waiting for a late one do
/// not flood the network with reads that find nothing.
const NET_WINDOW: usize = 16;

/// Data bytes that ride in a team round's gather ([`Coll::team_round`]): every member sends
/// this many whatever its call (an `MPI_Allgather` needs the same count from every member,
/// and the call's size is not agreed before it), so small enough to cost little on a call
/// without data, large enough for the small reductions, broadcasts and fcollects.
const TEAM_INLINE: usize = 256;
/// Words of one member's block in a team round: detail block, status, hash, value, data.
const TEAM_BLOCK: usize = agree::DETAIL_WORDS + 3 + TEAM_INLINE / 8;

impl agree::Published for NetView<'_, '_> {
    fn members(&self) -> usize {
        self.coll.n()
    }
    fn pe_of(&self, i: usize) -> usize {
        self.coll.pe(i)
    }
    fn status(&self, i: usize) -> agree::Status {
        let s = self.heads.status(i);
        agree::Status {
            refused: s & REFUSED_BIT != 0,
            exact: s & EXACT_BIT != 0,
        }
    }
    fn hash(&self, i: usize) -> u64 {
        self.heads.hash(i)
    }
    fn detail(&self, i: usize, w: usize) -> u64 {
        if self.heads.gathered {
            return self.heads.detail[i][w];
        }
        self.load(i, self.coll.detail(&self.call) + 8 * w)
    }
    /// One `MPI_Get` for a member on another node (an exact round reads every member's
    /// signature: one call instead of one atomic per word), as staged data is read.
    fn signature(&self, i: usize) -> Sig {
        if self.heads.gathered {
            return Sig(std::array::from_fn(|w| self.heads.detail[i][w]));
        }
        let pe = self.coll.pe(i);
        if self.net.is_local(pe) {
            return Sig(std::array::from_fn(|w| self.detail(i, w)));
        }
        let mut words = [0u64; agree::SIG_WORDS];
        let at = self.coll.area.offset + self.coll.detail(&self.call);
        // SAFETY: member `i`'s detail block lies inside its copy of the area, in its partition
        // (the area was checked against the partition in `Coll::new`); the member wrote it
        // before its arrival, which this member has seen, and leaves it unchanged until every
        // member arrived at its next call on this area; `words` is `SIG_WORDS` local words.
        unsafe {
            self.net.get(
                pe,
                at,
                words.as_mut_ptr().cast::<u8>(),
                agree::SIG_WORDS * 8,
            )
        };
        Sig(words)
    }
}

/// This member's detail block for a call: its signature, info word and refusal code, as the
/// agreement reads them ([`agree::Published::detail`]).
fn detail_words(sig: &Sig, arrival: &Arrival) -> [u64; agree::DETAIL_WORDS] {
    let mut w = [0; agree::DETAIL_WORDS];
    w[..agree::SIG_WORDS].copy_from_slice(&sig.0);
    w[agree::INFO] = arrival.info;
    let code = arrival.refusal.map_or([0; 5], |r| r.encode());
    w[agree::REFUSAL..agree::REFUSAL + 5].copy_from_slice(&code);
    w
}

/// Longest single sleep of a wait for other nodes' members (module `wait`'s re-check).
const NET_RECHECK: Duration = Duration::from_millis(1);

/// How a round waits for members on other nodes: the PE's policy, re-checking every
/// [`NET_RECHECK`] at least once it sleeps. Nothing on another node can ring this PE's
/// doorbell, and what it waits for may need this PE's own MPI progress (a gather's later
/// steps, a passive-target operation over TCP), so a sleep until the policy's safety-net
/// re-check (100 ms) could stall the whole set each time a member was descheduled past the
/// yield phase (the likely cause of one run of `agreement`'s `team_calls_disagree`, at
/// pretend nodes of one PE on a loaded machine, that took 242 s, where it takes 1 s, and
/// 3-5 s beside 8 busy loops with this re-check).
fn net_policy(policy: &wait::WaitPolicy) -> wait::WaitPolicy {
    wait::WaitPolicy {
        max_sleep: policy.max_sleep.min(NET_RECHECK),
        ..*policy
    }
}

/// The refusal of a contribution that one MPI call cannot carry (counts are `int`).
fn too_large(n: usize, size: usize, bytes: usize) -> Option<Refusal> {
    (bytes > MAX_COLLECTIVE_BYTES).then_some(Refusal::OutOfBounds {
        start: 0,
        len: n,
        object_len: MAX_COLLECTIVE_BYTES / size.max(1),
    })
}

impl Coll<'_> {
    /// Member `i`'s sync word at area-relative `rel`: a load for this node's members, an
    /// atomic `MPI_Fetch_and_op(MPI_NO_OP)` for the others'.
    fn net_load(&self, net: &Net, i: usize, rel: usize) -> u64 {
        let pe = self.pe(i);
        if net.is_local(pe) {
            self.word(i, rel).load(Ordering::Acquire)
        } else {
            net.get_word::<u64>(pe, self.area.offset + rel)
        }
    }

    /// The agreement round of a multi-node job (module docs): the shared-memory round's
    /// protocol, where this member writes its own copy of the area and reads the others'
    /// through the transport. Returns the call, whose region holds every member's value and
    /// info words, and the members' heads.
    fn net_round(&self, net: &Net, sig: Sig, arrival: Arrival) -> Result<(Call, Heads)> {
        self.net_round_staged(net, sig, arrival, None, |_| 0)
    }

    /// [`Coll::net_round`] that, without a refusal, first stages `share` (`bytes` bytes at
    /// this PE's `source`, at most [`Coll::net_room`]) before this member's arrival is
    /// published: they are there for every member that saw the arrival. Of each member `i`
    /// on another node (of every member, in a team), `want(i)` staged bytes are read with its
    /// head.
    fn net_round_staged(
        &self,
        net: &Net,
        sig: Sig,
        arrival: Arrival,
        share: Option<(usize, usize)>,
        want: impl Fn(usize) -> usize,
    ) -> Result<(Call, Heads)> {
        if self.team {
            return self.team_round(net, sig, arrival, share, want);
        }
        let call = self.net_begin(&sig);
        let detail = self.detail(&call);
        for (k, w) in detail_words(&sig, &arrival).into_iter().enumerate() {
            self.word(self.me, detail + 8 * k)
                .store(w, Ordering::Relaxed);
        }
        let status = if arrival.refusal.is_some() {
            REFUSED_BIT
        } else {
            if let Some((source, bytes)) = share {
                let me = self.my_pe();
                self.copy((me, source), (me, self.staged(&call)), bytes);
            }
            0
        } | if arrival.exact { EXACT_BIT } else { 0 };
        self.word(self.me, call.region + VALUE)
            .store(arrival.value, Ordering::Relaxed);
        self.word(self.me, call.region + SIGHASH)
            .store(sig.hash(), Ordering::Relaxed);
        self.word(self.me, call.region + STATUS)
            .store(status, Ordering::Relaxed);
        self.word(self.me, call.region + EPOCH)
            .store(call.e, Ordering::Release);
        fence(Ordering::SeqCst);
        self.ring_others();
        let members = self.n();
        let mut heads = Heads {
            words: vec![[0; 3]; members],
            staged: vec![Vec::new(); members],
            detail: Vec::new(),
            gathered: false,
        };
        let mut reader = Arrivals {
            left: members,
            state: vec![Seen::Waiting; members],
            epochs: vec![0; members],
        };
        let mut all_arrived = || self.net_arrivals(net, &call, &want, &mut reader, &mut heads);
        if !all_arrived() {
            self.net_wait(net, &sig, &call, all_arrived);
        }
        agree::decide(&NetView {
            coll: self,
            net,
            call,
            heads: &heads,
        })?;
        Ok((call, heads))
    }

    /// Waits in `call` (signature `sig`) until `done()`, driving MPI's progress between
    /// checks, with [`net_policy`] and the call's wait site (the deadlock report names it).
    fn net_wait(&self, net: &Net, sig: &Sig, call: &Call, mut done: impl FnMut() -> bool) {
        let slot = self.t.segment().slot(self.my_pe());
        let site = WaitSite::collective(
            sig.0[agree::KIND],
            agree::pack_set(self.set),
            (self.area.offset + call.region + EPOCH) as u64,
            call.e,
        );
        wait::wait_until(
            &net_policy(self.t.policy()),
            wait::Waiter::new(&slot.doorbell.0, &slot.wait.0, site),
            || {
                net.progress();
                done()
            },
        );
    }

    /// Takes the call's epoch, and logs the call (`SHMEM_DEBUG`).
    fn net_begin(&self, sig: &Sig) -> Call {
        let call = self.begin();
        let debug = crate::log::level();
        if debug >= 2 || (debug == 1 && sig.kind() == Some(Kind::Split)) {
            self.log_call(&call, sig);
        }
        call
    }

    /// One look at the members that have not all been read yet ([`Arrivals`]); whether every
    /// member's head is in `heads` now.
    ///
    /// This node's members are loads: the epoch (`Acquire`, equality as `Coll::reached`),
    /// then the head words. Those on other nodes are read through MPI, all in flight together
    /// ([`Reads`]): the epochs of up to [`NET_WINDOW`] members not yet seen to arrive, each
    /// with an atomic read, and the head and first `want(i)` staged bytes of each member seen
    /// to arrive, in one `MPI_Rget` started as soon as its arrival is seen, so that a member
    /// costs two round trips after its arrival, overlapped with the others' (they were read
    /// one after the other: at 4 PEs across two hosts, two members on the other host cost
    /// four round trips).
    fn net_arrivals(
        &self,
        net: &Net,
        call: &Call,
        want: &impl Fn(usize) -> usize,
        reader: &mut Arrivals,
        heads: &mut Heads,
    ) -> bool {
        for i in 0..self.n() {
            if reader.state[i] != Seen::Waiting || !net.is_local(self.pe(i)) {
                continue;
            }
            if self.word(i, call.region + EPOCH).load(Ordering::Acquire) != call.e {
                continue;
            }
            // The epoch was read with `Acquire`: these words were written before it.
            let w = |rel| self.word(i, call.region + rel).load(Ordering::Relaxed);
            heads.words[i] = [w(STATUS), w(SIGHASH), w(VALUE)];
            reader.state[i] = Seen::Read;
            reader.left -= 1;
        }
        if reader.left == 0 {
            return true;
        }
        let Arrivals {
            left,
            state,
            epochs,
        } = reader;
        // Only through this pointer while reads are in flight: no reference to the slice
        // covers an element that MPI may be writing.
        let epochs = epochs.as_mut_ptr();
        // After the buffers it writes (`epochs`, `heads.staged`): dropped first, so it waits
        // for whatever is still in flight before they may go.
        let mut reads = Reads::default();
        let head_at = self.area.offset + call.region + STATUS;
        let start_head = |reads: &mut Reads, staged: &mut Vec<u8>, i: usize| {
            *staged = vec![0u8; HEAD_BYTES + want(i).min(self.area.capacity())];
            // SAFETY: the range from the region's status word through at most `capacity`
            // staged bytes lies inside member `i`'s copy of the area, in its partition (the
            // area was checked against the partition in `Coll::new`); the member wrote it
            // before the epoch this member has seen (an atomic read, finished before this
            // read starts) and leaves it unchanged until every member arrived at its next call
            // on this area ([`Heads`]); `staged` is that long, and neither moved nor touched
            // until `reads` has finished it (it is not started again for this member).
            unsafe {
                net.read_start(
                    reads,
                    2 * i + 1,
                    self.pe(i),
                    head_at,
                    staged.as_mut_ptr(),
                    staged.len(),
                )
            };
        };
        let mut window = 0;
        // A look ends with no member seen to arrive whose head is not read yet: its read is
        // started as soon as the arrival is seen, and finished below.
        for (i, seen) in state.iter().enumerate() {
            match seen {
                Seen::Waiting if !net.is_local(self.pe(i)) && window < NET_WINDOW => {
                    window += 1;
                    // SAFETY: the epoch word lies inside member `i`'s copy of the area, in its
                    // partition (`Coll::new`); element `i` of `epochs` (`i < n`, its length)
                    // is written by this read alone, and read after `reads` has finished it.
                    unsafe {
                        net.read_word_start(
                            &mut reads,
                            2 * i,
                            self.pe(i),
                            self.area.offset + call.region + EPOCH,
                            epochs.add(i),
                        )
                    };
                }
                _ => {}
            }
        }
        while let Some(tag) = net.read_next(&mut reads) {
            let i = tag / 2;
            if tag % 2 == 0 {
                // SAFETY: element `i` (`i < n`) was written by the read just finished, and no
                // other read in flight writes it.
                let epoch = unsafe { epochs.add(i).read() };
                // Equality, as `Coll::reached` (the module docs of `collectives`).
                if epoch == call.e {
                    start_head(&mut reads, &mut heads.staged[i], i);
                }
                continue;
            }
            let buf = &mut heads.staged[i];
            let word = |k: usize| u64::from_ne_bytes(buf[8 * k..8 * k + 8].try_into().expect("8"));
            heads.words[i] = [word(0), word(1), word(2)];
            buf.drain(..HEAD_BYTES);
            state[i] = Seen::Read;
            *left -= 1;
        }
        *left == 0
    }

    /// The round of a data collective whose `bytes` at `source` may ride with the arrival:
    /// when they fit the area's staging room, this member (if it `contributes`) copies them
    /// into its own copy of the area first, and reads those of the members on other nodes
    /// for which `reads(i)` holds with their heads. Returns the call, the heads and whether
    /// the data was staged: the same answer on every member, since `bytes` and the area are
    /// agreed (and nothing read is used before the agreement says so).
    fn net_round_sharing(
        &self,
        net: &Net,
        sig: Sig,
        refusal: Option<Refusal>,
        (source, bytes): (usize, usize),
        contributes: bool,
        reads: impl Fn(usize) -> bool,
    ) -> Result<(Call, Heads, bool)> {
        let staged = bytes <= self.net_room();
        let (call, heads) = self.net_round_staged(
            net,
            sig,
            Arrival::data(refusal, false),
            (staged && contributes).then_some((source, bytes)),
            |i| if staged && reads(i) { bytes } else { 0 },
        )?;
        Ok((call, heads, staged))
    }

    /// Data bytes that may ride with an arrival: the area's staging room, or in a team
    /// [`TEAM_INLINE`].
    fn net_room(&self) -> usize {
        if self.team {
            TEAM_INLINE
        } else {
            self.area.capacity()
        }
    }

    /// The communicator of this set's MPI collectives: the team's own, or the set's.
    fn net_comm(&self, net: &Net) -> mpi::ffi::MPI_Comm {
        if self.team {
            net.team_comm(self.set, self.area.offset)
        } else {
            net.comm(self.set)
        }
    }

    /// Member `i`'s info word of `call` (collect's target length).
    fn net_info(&self, net: &Net, call: &Call, heads: &Heads, i: usize) -> u64 {
        if heads.gathered {
            heads.detail[i][agree::INFO]
        } else {
            self.net_load(net, i, self.detail(call) + 8 * agree::INFO)
        }
    }

    /// The round of a team ([`Coll::for_team`]) in a multi-node job: every member's detail
    /// block, status, hash, value and small data (the first `share` bytes, at most
    /// [`TEAM_INLINE`]) in one `MPI_Iallgather` on the team's communicator, then
    /// [`agree::decide`] on what was gathered, which every member holds alike. One message
    /// exchange, where the one-sided round costs two round trips per member on another node
    /// (an `MPI_Allreduce` of one word is one exchange).
    ///
    /// The agreement round has to be one-sided for an active set (module docs), but a
    /// team's members cannot disagree on the set: a team is made by a split that they agreed
    /// on, and each names it with the same sync area, so the members of one call on a team
    /// are always the members of its communicator, and every call on it begins with this
    /// gather of the same size. A call that no member makes in step (another team, or
    /// another collective's MPI call) waits in the gather, as the one-sided round would wait
    /// for an arrival, with the same wait site for the deadlock report.
    fn team_round(
        &self,
        net: &Net,
        sig: Sig,
        arrival: Arrival,
        share: Option<(usize, usize)>,
        want: impl Fn(usize) -> usize,
    ) -> Result<(Call, Heads)> {
        // The epoch only names the call (the wait site, the log): the area is not written.
        let call = self.net_begin(&sig);
        const D: usize = agree::DETAIL_WORDS;
        let mut mine = [0u64; TEAM_BLOCK];
        mine[..D].copy_from_slice(&detail_words(&sig, &arrival));
        let status = if arrival.refusal.is_some() {
            REFUSED_BIT
        } else {
            if let Some((source, bytes)) = share {
                assert!(bytes <= TEAM_INLINE, "staged data fits the gather");
                let data: &mut [u8] = bytemuck::cast_slice_mut(&mut mine[D + 3..]);
                // SAFETY: `source` is `bytes` bytes of this PE's partition (checked by `at`),
                // which the caller's protocol keeps unchanged during the call; `data` is
                // local and at least `bytes` long (asserted).
                unsafe {
                    copy::from_segment(
                        data.as_mut_ptr(),
                        self.at(self.my_pe(), source, bytes),
                        bytes,
                    )
                };
            }
            0
        } | if arrival.exact { EXACT_BIT } else { 0 };
        mine[D] = status;
        mine[D + 1] = sig.hash();
        mine[D + 2] = arrival.value;
        let members = self.n();
        let mut all = vec![0u64; members * TEAM_BLOCK];
        let comm = self.net_comm(net);
        // SAFETY: `mine` and `all` live on this frame, untouched until the wait below has
        // finished the operation (the wait returns only then; a deadlock report ends the
        // process); `all` holds `members` blocks of `mine`'s length, and every member
        // passes `TEAM_BLOCK` words.
        let mut op = unsafe { net.iallgather_u64(comm, &mine, &mut all) };
        // Members of this node that sleep in their round are woken to take this member's
        // part (its sends are posted).
        fence(Ordering::SeqCst);
        self.ring_others();
        if !net.test(&mut op) {
            self.net_wait(net, &sig, &call, || net.test(&mut op));
        }
        let mut heads = Heads {
            words: Vec::with_capacity(members),
            staged: Vec::with_capacity(members),
            detail: Vec::with_capacity(members),
            gathered: true,
        };
        for (i, block) in all.chunks_exact(TEAM_BLOCK).enumerate() {
            heads.detail.push(block[..D].try_into().expect("D words"));
            heads.words.push([block[D], block[D + 1], block[D + 2]]);
            let data: &[u8] = bytemuck::cast_slice(&block[D + 3..]);
            heads.staged.push(data[..want(i).min(TEAM_INLINE)].to_vec());
        }
        agree::decide(&NetView {
            coll: self,
            net,
            call,
            heads: &heads,
        })?;
        Ok((call, heads))
    }

    /// Member `i`'s `bytes` staged bytes of `call` into `dst`: a copy within the node, or
    /// those read with its head ([`Coll::net_round_sharing`] asked for them).
    ///
    /// # Safety
    /// `dst` must be valid for writes of `bytes` bytes.
    unsafe fn net_staged(
        &self,
        net: &Net,
        call: &Call,
        heads: &Heads,
        i: usize,
        dst: *mut u8,
        bytes: usize,
    ) {
        let pe = self.pe(i);
        if !heads.gathered && net.is_local(pe) {
            // SAFETY: member `i`'s staged copy is `bytes` bytes of its partition (checked by
            // `at`), written before its arrival and unchanged until every member arrived at
            // its next call on this area; `dst` is valid for `bytes` (caller).
            unsafe { copy::from_segment(dst, self.at(pe, self.staged(call), bytes), bytes) };
        } else {
            let data = heads.staged(i);
            assert_eq!(data.len(), bytes, "staged data read with the head");
            // SAFETY: `data` is `bytes` local bytes; `dst` is valid for `bytes` (caller) and
            // is not inside `data` (a fresh vector).
            unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), dst, bytes) };
        }
    }

    /// [`Coll::sync`] and the agreement-only rounds over MPI (the gather is the barrier).
    pub(super) fn net_agree(&self, net: &Net, sig: Sig, refusal: Option<Refusal>) -> Result<()> {
        self.net_round(net, sig, Arrival::data(refusal, false))
            .map(drop)
    }

    /// [`Coll::agree_values`] over MPI: the round, then every member's value word.
    pub(super) fn net_agree_values(
        &self,
        net: &Net,
        sig: Sig,
        arrival: Arrival,
        mut each: impl FnMut(usize, u64),
    ) -> Result<()> {
        let (_, heads) = self.net_round(net, sig, arrival)?;
        for i in 0..self.n() {
            each(i, heads.value(i));
        }
        Ok(())
    }

    /// [`Coll::reduce`] over MPI.
    pub(super) fn net_reduce<T: Pod, O: ReduceOp<T>>(
        &self,
        net: &Net,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let sig = self.data_sig::<T>(Kind::Reduce, O::ID, target, source, n);
        let Some(mut all) = self.net_gather::<T>(net, sig, source, n, refusal, self.n())? else {
            return Ok(());
        };
        let (acc, rest) = all.split_at_mut(n);
        for chunk in rest.chunks_exact(n) {
            for (a, &b) in acc.iter_mut().zip(chunk) {
                *a = O::apply(*a, b);
            }
        }
        self.net_write(target, acc);
        Ok(())
    }

    /// [`Coll::scan`] over MPI (`sig` already made): the reduction's gather, then this
    /// member folds the contributions of the members before it (and its own, unless
    /// `exclusive`) in member order, as the shared-memory paths do.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn net_scan<T: Pod, O: ScanOp<T>>(
        &self,
        net: &Net,
        sig: Sig,
        target: usize,
        source: usize,
        n: usize,
        exclusive: bool,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let upto = if exclusive { self.me } else { self.me + 1 };
        let Some(mut all) = self.net_gather::<T>(net, sig, source, n, refusal, upto)? else {
            return Ok(());
        };
        if upto == 0 {
            all[..n].fill(O::identity());
        }
        let (acc, rest) = all.split_at_mut(n);
        for chunk in rest.chunks_exact(n).take(upto.saturating_sub(1)) {
            for (a, &b) in acc.iter_mut().zip(chunk) {
                *a = O::apply(*a, b);
            }
        }
        self.net_write(target, acc);
        Ok(())
    }

    /// The agreement round of a reduction or scan over MPI (signature `sig`), then the `n`
    /// elements at `source` of at least members `0..upto` (of every member when they did not
    /// fit the staging room), in member order; `None` when `n == 0`.
    fn net_gather<T: Pod>(
        &self,
        net: &Net,
        sig: Sig,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
        upto: usize,
    ) -> Result<Option<Vec<T>>> {
        let size = size_of::<T>();
        let (bytes, overflow) = super::byte_len(n, size);
        let refusal = refusal.or(overflow).or(too_large(n, size, bytes));
        let me = self.my_pe();
        let members = self.n();
        // Small vectors ride with the arrival, read from each member's area (a load on this
        // node, one `MPI_Get` from another), so no MPI collective follows.
        let (call, heads, staged) =
            self.net_round_sharing(net, sig, refusal, (source, bytes), true, |i| i < upto)?;
        if n == 0 {
            return Ok(None);
        }
        let mut all = vec![T::zeroed(); members * n];
        if staged {
            for (i, chunk) in all.chunks_exact_mut(n).enumerate().take(upto) {
                // SAFETY: `chunk` is `bytes` bytes of local memory.
                unsafe { self.net_staged(net, &call, &heads, i, chunk.as_mut_ptr().cast(), bytes) };
            }
        } else {
            // SAFETY: `source` is `bytes` bytes of this PE's partition (checked by `at`);
            // `all` has room for `members * bytes`; every member passes the same `bytes`.
            unsafe {
                net.allgather(
                    self.net_comm(net),
                    self.at(me, source, bytes),
                    all.as_mut_ptr().cast::<u8>(),
                    bytes,
                )
            };
        }
        Ok(Some(all))
    }

    /// Writes `data` into this PE's `target`.
    fn net_write<T: Pod>(&self, target: usize, data: &[T]) {
        let bytes = std::mem::size_of_val(data);
        // SAFETY: `target` is `bytes` bytes of this PE's partition (checked by `at`); `data`
        // is local memory of that length.
        unsafe {
            copy::to_segment(
                self.at(self.my_pe(), target, bytes),
                data.as_ptr().cast::<u8>(),
                bytes,
            )
        };
    }

    /// [`Coll::broadcast`] over MPI (`root` is the root's index, `sig` already made).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn net_broadcast(
        &self,
        net: &Net,
        sig: Sig,
        target: usize,
        source: usize,
        bytes: usize,
        root: usize,
        write_root: bool,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let refusal = refusal.or(too_large(bytes, 1, bytes));
        let me = self.my_pe();
        let is_root = self.me == root;
        // Small data rides with the root's arrival (as in `net_reduce`).
        let (call, heads, staged) =
            self.net_round_sharing(net, sig, refusal, (source, bytes), is_root, |i| i == root)?;
        if bytes == 0 {
            return Ok(());
        }
        if staged {
            if is_root {
                if write_root {
                    self.copy((me, source), (me, target), bytes);
                }
            } else {
                let dst = self.at(me, target, bytes);
                // SAFETY: `target` is `bytes` bytes of this PE's partition (checked by `at`),
                // which no other PE writes during the call.
                unsafe { self.net_staged(net, &call, &heads, root, dst, bytes) };
            }
            return Ok(());
        }
        let buf = if is_root {
            if write_root {
                self.copy((me, source), (me, target), bytes);
            }
            self.at(me, source, bytes)
        } else {
            self.at(me, target, bytes)
        };
        // SAFETY: `buf` is `bytes` bytes of this PE's partition (checked by `at`): the root's
        // source, which MPI only reads there, or this member's target; `bytes` is agreed.
        unsafe { net.bcast(self.net_comm(net), buf, bytes, root) };
        Ok(())
    }

    /// [`Coll::fcollect`] over MPI.
    pub(super) fn net_fcollect<T: Pod>(
        &self,
        net: &Net,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let size = size_of::<T>();
        let (bytes, overflow) = super::byte_len(n, size);
        let refusal = refusal.or(overflow).or(too_large(n, size, bytes));
        let sig = self.data_sig::<T>(Kind::Fcollect, 0, target, source, n);
        let me = self.my_pe();
        // Small contributions ride with the arrivals (as in `net_reduce`).
        let (call, heads, staged) =
            self.net_round_sharing(net, sig, refusal, (source, bytes), true, |_| true)?;
        if bytes == 0 {
            return Ok(());
        }
        if staged {
            for i in 0..self.n() {
                if i == self.me {
                    self.copy((me, source), (me, target + i * bytes), bytes);
                } else {
                    let dst = self.at(me, target + i * bytes, bytes);
                    // SAFETY: the `i`th block of `target` is `bytes` bytes of this PE's
                    // partition (checked by `at`), which no other PE writes during the call.
                    unsafe { self.net_staged(net, &call, &heads, i, dst, bytes) };
                }
            }
            return Ok(());
        }
        // SAFETY: `source` is `bytes` and `target` `members * bytes` bytes of this PE's
        // partition (checked by `at`; the typed layer keeps them apart); `bytes` is agreed.
        unsafe {
            net.allgather(
                self.net_comm(net),
                self.at(me, source, bytes),
                self.at(me, target, bytes * self.n()),
                bytes,
            )
        };
        Ok(())
    }

    /// [`Coll::collect`] over MPI (`sig` already made).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn net_collect<T: Pod>(
        &self,
        net: &Net,
        sig: Sig,
        target: usize,
        target_len: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<usize> {
        let size = size_of::<T>();
        let (bytes, overflow) = super::byte_len(n, size);
        let refusal = refusal.or(overflow).or(too_large(n, size, bytes));
        let arrival = Arrival {
            refusal,
            staged: false,
            value: n as u64,
            info: target_len as u64,
            exact: false,
        };
        let (call, heads) = self.net_round(net, sig, arrival)?;
        let members = self.n();
        let counts: Vec<usize> = (0..members).map(|i| heads.value(i) as usize).collect();
        let total = collect_total(
            members,
            |i| counts[i],
            |i| self.net_info(net, &call, &heads, i) as usize,
            |i| self.pe(i),
        )?;
        let total_bytes = total * size;
        if let Some(r) = too_large(total, size, total_bytes) {
            return Err(r.into());
        }
        collect_apart(target, total_bytes, source, n.saturating_mul(size))?;
        let counts: Vec<i32> = counts.iter().map(|&c| (c * size) as i32).collect();
        let displs: Vec<i32> = counts
            .iter()
            .scan(0i32, |at, &c| {
                let d = *at;
                *at += c;
                Some(d)
            })
            .collect();
        let me = self.my_pe();
        // SAFETY: `source` is `bytes` and `target` `total_bytes` bytes of this PE's partition
        // (checked by `at`; `total <= target_len`, checked by `collect_total`); every member
        // computed the same counts and displacements from the same records.
        unsafe {
            net.allgatherv(
                self.net_comm(net),
                self.at(me, source, bytes),
                bytes,
                self.at(me, target, total_bytes),
                &counts,
                &displs,
            )
        };
        Ok(total)
    }

    /// [`Coll::alltoall`] over MPI.
    pub(super) fn net_alltoall<T: Pod>(
        &self,
        net: &Net,
        target: usize,
        source: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let size = size_of::<T>();
        let (block, overflow) = super::byte_len(n, size);
        let (all, overflow2) = super::byte_len(block, self.n());
        let refusal = refusal
            .or(overflow)
            .or(overflow2)
            .or(too_large(n, size, block));
        let sig = self.data_sig::<T>(Kind::Alltoall, 0, target, source, n);
        self.net_round(net, sig, Arrival::data(refusal, false))?;
        if block == 0 {
            return Ok(());
        }
        let me = self.my_pe();
        // SAFETY: `source` and `target` are `all` bytes of this PE's partition each (checked
        // by `at`, kept apart by the typed layer); `block` is agreed.
        unsafe {
            net.alltoall(
                self.net_comm(net),
                self.at(me, source, all),
                self.at(me, target, all),
                block,
            )
        };
        Ok(())
    }

    /// [`Coll::alltoalls`] over MPI: packs this member's strided source, exchanges the packed
    /// blocks, unpacks into the strided target.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn net_alltoalls<T: Pod>(
        &self,
        net: &Net,
        target: usize,
        dst: usize,
        source: usize,
        sst: usize,
        n: usize,
        refusal: Option<Refusal>,
    ) -> Result<()> {
        let size = size_of::<T>();
        let s = self.n();
        let (total, overflow) = super::byte_len(n, s);
        let (all, overflow2) = super::byte_len(total, size);
        let refusal =
            refusal
                .or(overflow)
                .or(overflow2)
                .or(too_large(n, size, n.saturating_mul(size)));
        let sig = self
            .data_sig::<T>(Kind::Alltoalls, 0, target, source, n)
            .with(agree::P1, sst)
            .with(agree::P2, dst);
        self.net_round(net, sig, Arrival::data(refusal, false))?;
        if all == 0 {
            return Ok(());
        }
        let me = self.my_pe();
        let mut packed = vec![0u8; all];
        for x in 0..total {
            // SAFETY: element `x` of the source is inside this PE's partition (checked by
            // `at`); `packed` has room for `total` elements.
            unsafe {
                copy::from_segment(
                    packed.as_mut_ptr().add(x * size),
                    self.at(me, source + x * sst * size, size),
                    size,
                )
            };
        }
        let mut received = vec![0u8; all];
        // SAFETY: both buffers are local and `all` bytes long; `n * size` is agreed.
        unsafe {
            net.alltoall(
                self.net_comm(net),
                packed.as_ptr(),
                received.as_mut_ptr(),
                n * size,
            )
        };
        for x in 0..total {
            // SAFETY: element `x` of the target is inside this PE's partition (checked by
            // `at`); `received` holds `total` elements.
            unsafe {
                copy::to_segment(
                    self.at(me, target + x * dst * size, size),
                    received.as_ptr().add(x * size),
                    size,
                )
            };
        }
        Ok(())
    }
}
