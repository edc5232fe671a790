//! Collectives of a multi-node MPI job (feature `mpi`; `transport/net`, module docs).
//!
//! The same calls, arguments and errors as the shared-memory algorithms of this module's
//! parent. The agreement round is the shared-memory protocol (every member publishes its
//! signature, refusal and arrival in its own copy of the sync area, then waits for every
//! member's arrival and decides alike, [`agree::decide`]), except that the words of members on
//! other nodes are read with atomic MPI loads. It has to be one-sided: members that disagree
//! on the set itself never meet in one MPI collective, yet each must return the error.
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

use super::agree::{self, Kind, Refusal, Sig};
use super::{
    Arrival, Call, Coll, EPOCH, EXACT_BIT, REFUSED_BIT, ReduceOp, SIGHASH, STATUS, ScanOp, VALUE,
    collect_apart, collect_total,
};
use crate::copy;
use crate::error::Result;
use crate::transport::net::{MAX_COLLECTIVE_BYTES, Net};
use crate::wait::{self, WaitSite};

/// What the members published for one call, read through the transport: straight from the
/// segment for members of this node, with `MPI_Fetch_and_op` for the others.
struct NetView<'c, 'a> {
    coll: &'c Coll<'a>,
    net: &'c Net,
    call: Call,
}

impl NetView<'_, '_> {
    /// Member `i`'s word at area-relative `rel`.
    fn load(&self, i: usize, rel: usize) -> u64 {
        self.coll.net_load(self.net, i, rel)
    }
}

impl agree::Published for NetView<'_, '_> {
    fn members(&self) -> usize {
        self.coll.n()
    }
    fn pe_of(&self, i: usize) -> usize {
        self.coll.pe(i)
    }
    fn status(&self, i: usize) -> agree::Status {
        let s = self.load(i, self.call.region + STATUS);
        agree::Status {
            refused: s & REFUSED_BIT != 0,
            exact: s & EXACT_BIT != 0,
        }
    }
    fn hash(&self, i: usize) -> u64 {
        self.load(i, self.call.region + SIGHASH)
    }
    fn detail(&self, i: usize, w: usize) -> u64 {
        self.load(i, self.coll.detail(&self.call) + 8 * w)
    }
    /// One `MPI_Get` for a member on another node (an exact round reads every member's
    /// signature: one call instead of one atomic per word), as staged data is read.
    fn signature(&self, i: usize) -> Sig {
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
    /// info words.
    fn net_round(&self, net: &Net, sig: Sig, arrival: Arrival) -> Result<Call> {
        self.net_round_staged(net, sig, arrival, |_| {})
    }

    /// [`Coll::net_round`] that first runs `stage` (given the call) without a refusal, before
    /// this member's arrival is published: what it writes into this member's copy of the area
    /// is there for every member that saw the arrival.
    fn net_round_staged(
        &self,
        net: &Net,
        sig: Sig,
        arrival: Arrival,
        stage: impl FnOnce(&Call),
    ) -> Result<Call> {
        let call = self.begin();
        let debug = crate::log::level();
        if debug >= 2 || (debug == 1 && sig.kind() == Some(Kind::Split)) {
            self.log_call(&call, &sig);
        }
        let detail = self.detail(&call);
        for (k, &w) in sig.0.iter().enumerate() {
            self.word(self.me, detail + 8 * k)
                .store(w, Ordering::Relaxed);
        }
        self.word(self.me, detail + 8 * agree::INFO)
            .store(arrival.info, Ordering::Relaxed);
        let code = arrival.refusal.map_or([0; 5], |r| r.encode());
        for (k, &w) in code.iter().enumerate() {
            self.word(self.me, detail + 8 * (agree::REFUSAL + k))
                .store(w, Ordering::Relaxed);
        }
        let status = if arrival.refusal.is_some() {
            REFUSED_BIT
        } else {
            stage(&call);
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
        // Members seen to have arrived, in order: each is read once more at most.
        let mut arrived = 0;
        let mut all_arrived = || {
            while arrived < self.n() {
                // Equality, as `Coll::reached` (the module docs of `collectives`).
                if self.net_load(net, arrived, call.region + EPOCH) != call.e {
                    return false;
                }
                arrived += 1;
            }
            true
        };
        if !all_arrived() {
            let slot = self.t.segment().slot(self.my_pe());
            let site = WaitSite::collective(
                sig.0[agree::KIND],
                agree::pack_set(self.set),
                (self.area.offset + call.region + EPOCH) as u64,
                call.e,
            );
            wait::wait_until(
                self.t.policy(),
                wait::Waiter::new(&slot.doorbell.0, &slot.wait.0, site),
                || {
                    net.progress();
                    all_arrived()
                },
            );
        }
        agree::decide(&NetView {
            coll: self,
            net,
            call,
        })?;
        Ok(call)
    }

    /// The round of a data collective whose `bytes` at `source` may ride with the arrival:
    /// when they fit the area's staging room, this member (if it `contributes`) copies them
    /// into its own copy of the area first. Returns the call and whether the data was staged:
    /// the same answer on every member, since `bytes` and the area are agreed (and nothing is
    /// read before the agreement says so).
    fn net_round_sharing(
        &self,
        net: &Net,
        sig: Sig,
        refusal: Option<Refusal>,
        (source, bytes): (usize, usize),
        contributes: bool,
    ) -> Result<(Call, bool)> {
        let me = self.my_pe();
        let staged = bytes <= self.area.capacity();
        let call = self.net_round_staged(net, sig, Arrival::data(refusal, false), |call| {
            if staged && contributes {
                self.copy((me, source), (me, self.staged(call)), bytes);
            }
        })?;
        Ok((call, staged))
    }

    /// Copies `bytes` bytes at `from` (a PE and offset) into this PE's `target`: within the
    /// node's memory, or with `MPI_Get` from another node. The caller's protocol keeps the
    /// source unchanged meanwhile.
    fn net_fetch(&self, net: &Net, from: (usize, usize), target: usize, bytes: usize) {
        let me = self.my_pe();
        if net.is_local(from.0) {
            self.copy(from, (me, target), bytes);
        } else {
            // SAFETY: `target` is `bytes` bytes of this PE's partition (checked by `at`), which
            // no other PE writes during the call; the source range is inside `from.0`'s
            // partition (the layout every node shares).
            unsafe { net.get(from.0, from.1, self.at(me, target, bytes), bytes) };
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
        let call = self.net_round(net, sig, arrival)?;
        for i in 0..self.n() {
            each(i, self.net_load(net, i, call.region + VALUE));
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
        let (call, staged) = self.net_round_sharing(net, sig, refusal, (source, bytes), true)?;
        if n == 0 {
            return Ok(None);
        }
        let mut all = vec![T::zeroed(); members * n];
        if staged {
            let at = self.staged(&call);
            for (i, chunk) in all.chunks_exact_mut(n).enumerate().take(upto) {
                let dst = chunk.as_mut_ptr().cast::<u8>();
                let pe = self.pe(i);
                // SAFETY: member `i`'s staged copy is `bytes` bytes of its partition (checked
                // by `at`), written before its arrival and unchanged until every member
                // arrived at its next call on this area; `chunk` is `bytes` of local memory.
                unsafe {
                    if net.is_local(pe) {
                        copy::from_segment(dst, self.at(pe, at, bytes), bytes);
                    } else {
                        net.get(pe, at, dst, bytes);
                    }
                }
            }
        } else {
            // SAFETY: `source` is `bytes` bytes of this PE's partition (checked by `at`);
            // `all` has room for `members * bytes`; every member passes the same `bytes`.
            unsafe {
                net.allgather(
                    net.comm(self.set),
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
        let (call, staged) = self.net_round_sharing(net, sig, refusal, (source, bytes), is_root)?;
        if bytes == 0 {
            return Ok(());
        }
        if staged {
            if is_root {
                if write_root {
                    self.copy((me, source), (me, target), bytes);
                }
            } else {
                self.net_fetch(net, (self.pe(root), self.staged(&call)), target, bytes);
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
        unsafe { net.bcast(net.comm(self.set), buf, bytes, root) };
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
        let (call, staged) = self.net_round_sharing(net, sig, refusal, (source, bytes), true)?;
        if bytes == 0 {
            return Ok(());
        }
        if staged {
            for i in 0..self.n() {
                let from = if i == self.me {
                    (me, source)
                } else {
                    (self.pe(i), self.staged(&call))
                };
                self.net_fetch(net, from, target + i * bytes, bytes);
            }
            return Ok(());
        }
        // SAFETY: `source` is `bytes` and `target` `members * bytes` bytes of this PE's
        // partition (checked by `at`; the typed layer keeps them apart); `bytes` is agreed.
        unsafe {
            net.allgather(
                net.comm(self.set),
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
        let call = self.net_round(net, sig, arrival)?;
        let members = self.n();
        let counts: Vec<usize> = (0..members)
            .map(|i| self.net_load(net, i, call.region + VALUE) as usize)
            .collect();
        let info = self.detail(&call) + 8 * agree::INFO;
        let total = collect_total(
            members,
            |i| counts[i],
            |i| self.net_load(net, i, info) as usize,
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
                net.comm(self.set),
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
                net.comm(self.set),
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
                net.comm(self.set),
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
