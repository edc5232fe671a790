//! [`Conveyor`]: typed aggregation of fine-grained one-sided traffic (bale's conveyor model).
//!
//! Every PE pushes small items addressed to PEs; the conveyor gathers them per destination and
//! moves them in batches, each a put of the items and then a header word (a put-with-signal),
//! into buffers in the destination's symmetric memory. The destination copies arrived batches
//! out in its own [`Conveyor::advance`] and acknowledges them, which frees the buffer for the
//! next batch. No progress thread: a PE's `advance` moves its own traffic, both ways.
//!
//! Layout (one allocation per kind, collective): for every source PE `s`, [`SLOTS`] buffers of
//! `capacity` items at the receiver (`inbox[s][slot]`), a header word per buffer
//! (`words[s * SLOTS + slot]`: `(batch + 1) << 33 | last << 32 | len`, set by the sender
//! once the items are there), and at the sender, per destination `d`, the number of batches `d`
//! has copied out (`words[n * SLOTS + d]`, set by `d`). A sender fills a slot only when the
//! receiver has acknowledged the batch that last used it.
//!
//! Headers and acknowledgements are stores that a later fence or quiet completes. To a PE of
//! this node a batch's header follows its items at once (a processor fence between them).
//! To another node of an MPI job the headers of every batch sent since the last `advance` go
//! at the end of the next one, after one fence (`MPI_Win_flush`) that completes all their items
//! and the stores sent before it: one wait for the target per `advance`, where a
//! put-with-signal per batch waited three times (the items' flush, the header's fetching
//! atomic, the acknowledgement's). Every header and acknowledgement is complete by the end of
//! the `advance` after the one that sent it (that call's fence, or a quiet), and before an
//! `advance` returns `false`.
//!
//! Why it cannot deadlock: a receiver copies out and acknowledges every arrived batch in each
//! `advance`, whatever it pushes or pulls, into a local queue without bound; so a batch that
//! is sent (its header at the receiver, by the sender's next `advance` at the latest) is
//! consumed at the receiver's next `advance`, and a sender that waits for a slot waits only
//! for that. The last batch to every destination carries an end mark, sent once the
//! PE has declared itself done and flushed; a PE's `advance` returns `false` once it has sent
//! its end marks, received one from every other PE, and its queue is empty: after that no
//! PE sends to it.

use std::collections::VecDeque;
use std::iter::Peekable;
use std::mem::size_of;
use std::num::NonZeroU32;

use bytemuck::Pod;

use crate::handle::{Pe, Shmem};
use crate::sym::SymVec;
use shmem_core::Error;

/// Buffers per (source, destination) pair: a sender runs this many batches ahead of its
/// receiver. Two would do for PEs that each have a core; on a loaded machine a PE waits for
/// its receiver to be scheduled once every `SLOTS` batches (`examples/histo` at 2 and 4 PEs on
/// a loaded 2-CPU machine: 0.2 to 12 s with two, 0.03 to 0.12 s with eight, not alternated).
const SLOTS: usize = 8;

/// Bytes of one buffer when the capacity is not given ([`Conveyor::new`]).
const DEFAULT_BUFFER_BYTES: usize = 16 * 1024;

/// Header bits: the batch number plus one, modulo 2^31 (a slot's previous batch number is
/// [`SLOTS`] lower, never equal), above bit 33; the end mark at bit 32; the length below.
const SEQ_SHIFT: u32 = 33;
const LAST_BIT: u64 = 1 << 32;
const LEN_MASK: u64 = LAST_BIT - 1;

/// Typed aggregation of fine-grained traffic: items of `T` pushed to PEs travel in batches,
/// and each PE pulls the items sent to it (the conveyor model of the bale library).
///
/// The loop every PE runs:
/// ```
/// use shmem::Conveyor;
///
/// let shmem = shmem::init()?;
/// let n = shmem.n_pes();
/// let mut conveyor = Conveyor::<u64>::new(&shmem)?;
/// let mut counts = vec![0u64; 10];        // bins `i` with `i % n == me`, kept locally
/// let items: Vec<u64> = (0..1000).map(|i| (i * 7919) % 10).collect();
/// let mut next = 0;
/// while conveyor.advance(next == items.len()) {
///     while next < items.len() {
///         let bin = items[next];
///         if !conveyor.push(shmem.pe(bin as usize % n)?, bin) {
///             break;                      // buffer full: advance, then push again
///         }
///         next += 1;
///     }
///     while let Some((_from, bin)) = conveyor.pull() {
///         counts[bin as usize] += 1;
///     }
/// }
/// let me = shmem.my_pe().index();
/// let mine = items.iter().filter(|&&bin| bin as usize % n == me).count() as u64;
/// assert_eq!(counts.iter().sum::<u64>(), n as u64 * mine); // every PE sent the same items
/// # Ok::<(), shmem::Error>(())
/// ```
///
/// Creation is *collective* (two symmetric allocations, with their agreement: every PE passes
/// the same `T` and capacity). `push` and `pull` are local; `advance` is one-sided: it sends
/// full buffers (and, once done, every buffer with an end mark) and copies out arrived ones.
/// Items from one PE to another are pulled in the order they were pushed; items pushed to
/// the PE itself skip the buffers and wait in a queue that holds one buffer's worth (a push
/// beyond it is refused until the PE pulls: the items stay in its cache, where a queue
/// without bound grew to all of them before the first pull). A PE keeps calling `advance`
/// until it returns `false`, even when it has nothing more to push: it then only drains.
/// `advance` copies every arrived batch into a local queue, pulled or not, so a PE that pulls
/// slowly holds what was sent to it in its own memory rather than stalling the senders.
///
/// Dropping the conveyor frees its memory like any symmetric object (at the next collective
/// allocation); items not pulled are lost.
pub struct Conveyor<'s, T: Pod> {
    shmem: &'s Shmem,
    me: usize,
    my_pe: Pe,
    n: usize,
    capacity: usize,
    /// The receive buffers: `[source][slot][capacity]`.
    inbox: SymVec<'s, T>,
    /// The headers `[source][slot]`, then the acknowledgements `[destination]`.
    words: SymVec<'s, u64>,
    /// Items waiting per destination; `out[me]` is the queue of items pushed to this PE
    /// itself, at most `capacity` of them (pulled ones included), oldest first, never sent:
    /// one `push` for every destination, with no branch on which.
    out: Vec<Vec<T>>,
    /// Batches sent to each destination.
    sent: Vec<u64>,
    /// Batches each destination had acknowledged at the last look (the acknowledgement word
    /// only grows: a slot known free needs no new look, which through MPI is an atomic).
    acked: Vec<u64>,
    /// Whether the end mark went to each destination (always true for this PE).
    ended: Vec<bool>,
    /// Batches copied out from each source.
    received: Vec<u64>,
    /// Whether each source's end mark arrived (always true for this PE).
    finished: Vec<bool>,
    /// Sources (this PE included) whose end mark arrived, and destinations it went to.
    n_finished: usize,
    n_ended: usize,
    /// Arrived batches, oldest first; `head` indexes the front one.
    queue: VecDeque<(Pe, Vec<T>)>,
    head: usize,
    /// The next item of `out[me]` to pull.
    local_head: usize,
    /// Emptied batch vectors, reused.
    spare: Vec<Vec<T>>,
    /// Whether each PE's memory is mapped here (this node): a batch to it gets its header at
    /// once; to another PE (another node of an MPI job) in [`Conveyor::signal`].
    near: Vec<bool>,
    /// Batches sent to other nodes whose headers wait for [`Conveyor::signal`]:
    /// `(destination, slot, header)`.
    headers: Vec<(usize, usize, u64)>,
    /// Whether headers or acknowledgements went out that no completion (fence or quiet) of
    /// this PE has completed yet.
    incomplete: bool,
    /// Whether this PE has declared it pushes no more.
    done: bool,
    /// Whether an item was pushed since the last `advance` (the PE is busy: no yield).
    pushed: bool,
    /// Whether a push was refused (a full buffer) since the last `advance`: this PE waits
    /// for a receiver, not for items, so its partial buffers stay until they fill.
    refused: bool,
}

impl<T: Pod> std::fmt::Debug for Conveyor<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Conveyor")
            .field("capacity", &self.capacity)
            .field("done", &self.done)
            .field("queued_batches", &self.queue.len())
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<'s, T: Pod> Conveyor<'s, T> {
    /// A conveyor whose buffers hold 16 KiB of items each (at least one item). *Collective*:
    /// every PE creates it with the same `T`, in the same order relative to other symmetric
    /// allocations.
    ///
    /// # Errors
    /// As [`Conveyor::with_capacity`].
    pub fn new(shmem: &'s Shmem) -> Result<Self, Error> {
        let items = DEFAULT_BUFFER_BYTES / size_of::<T>().max(1);
        let items = u32::try_from(items.max(1)).unwrap_or(u32::MAX);
        Conveyor::with_capacity(shmem, NonZeroU32::new(items).unwrap_or(NonZeroU32::MIN))
    }

    /// A conveyor whose buffers hold `capacity` items each: a batch leaves when its buffer is
    /// full, or at the end. Each PE's symmetric heap holds `8 × n_pes × capacity` items of
    /// `T` for it. *Collective*: every PE passes the same `T` and `capacity`.
    ///
    /// # Errors
    /// On every PE, as for [`SymVec::new`]: [`Error::ArgumentMismatch`] when the PEs passed
    /// different types or capacities, [`Error::HeapExhausted`] when the buffers do not fit.
    pub fn with_capacity(shmem: &'s Shmem, capacity: NonZeroU32) -> Result<Self, Error> {
        let n = shmem.n_pes();
        let me = shmem.my_pe().index();
        let capacity = capacity.get() as usize;
        let inbox = SymVec::zeroed(shmem, n.saturating_mul(SLOTS).saturating_mul(capacity))?;
        let words = SymVec::zeroed(shmem, n * SLOTS + n)?;
        let mut ended = vec![false; n];
        let mut finished = vec![false; n];
        ended[me] = true;
        finished[me] = true;
        Ok(Conveyor {
            shmem,
            me,
            my_pe: shmem.my_pe(),
            n,
            capacity,
            inbox,
            words,
            // Exactly `capacity` each (`Vec::with_capacity`'s guarantee): `push` tests the
            // vector's own capacity.
            out: (0..n)
                .map(|_| {
                    let out = Vec::with_capacity(capacity);
                    debug_assert!(size_of::<T>() == 0 || out.capacity() == capacity);
                    out
                })
                .collect(),
            sent: vec![0; n],
            acked: vec![0; n],
            ended,
            received: vec![0; n],
            finished,
            n_finished: 1,
            n_ended: 1,
            queue: VecDeque::new(),
            head: 0,
            local_head: 0,
            spare: Vec::new(),
            near: (0..n).map(|d| shmem.rt().transport().maps(d)).collect(),
            headers: Vec::new(),
            incomplete: false,
            done: false,
            pushed: false,
            refused: false,
        })
    }

    /// Items per buffer.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Queues `item` for `pe`. Returns `false` when it was not accepted: the buffer to `pe`
    /// is full and its receiver has not yet taken the previous batches (call
    /// [`advance`](Conveyor::advance), pull, then push it again), or this PE has already
    /// declared itself done. Items pushed to this PE itself wait in a queue of the same
    /// capacity until pulled. Local: sends at most one batch.
    #[inline]
    pub fn push(&mut self, pe: Pe, item: T) -> bool {
        // The common case inline: room in the buffer (or the queue to this PE) and not full
        // after the push; everything else (a batch to send, a refusal) out of line. This
        // PE's own queue is `out[me]`, tested alike (the slow path fills its last place): a
        // destination drawn at random costs no mispredicted branch on whether it is this PE.
        let d = pe.index();
        if self.n == 1 {
            return self.push_alone(item);
        }
        if !self.done
            && let Some(out) = self.out.get_mut(d)
            && out.len() + 1 < Self::room(out, self.capacity)
        {
            out.push(item);
            self.pushed = true;
            return true;
        }
        self.push_slow(d, item)
    }

    /// [`push`](Conveyor::push) on a PE alone, whose every item is for itself: its queue,
    /// `out[0]`, is found without waiting for the destination's value, which the caller
    /// computes (an address that waits for it made `push` 15 % slower here).
    #[inline(always)]
    fn push_alone(&mut self, item: T) -> bool {
        if !self.done
            && let Some(out) = self.out.first_mut()
            && out.len() + 1 < Self::room(out, self.capacity)
        {
            out.push(item);
            self.pushed = true;
            return true;
        }
        self.push_slow(0, item)
    }

    /// How many items a vector of `out` may hold: its own capacity, which is `capacity`
    /// (`Vec::with_capacity` gives exactly that, and nothing grows it), so that the test is
    /// the one `Vec::push` makes and the compiler makes it once; for a zero-sized `T`, whose
    /// vectors have no limit, `capacity`.
    #[inline(always)]
    fn room(out: &Vec<T>, capacity: usize) -> usize {
        if size_of::<T>() == 0 {
            capacity
        } else {
            out.capacity()
        }
    }

    /// [`push`](Conveyor::push) when the item fills a buffer, meets a full one, or is
    /// refused.
    #[cold]
    #[inline(never)]
    fn push_slow(&mut self, d: usize, item: T) -> bool {
        if self.done {
            return false;
        }
        if d == self.me {
            // Bounded like a buffer: a PE that pushes to itself pulls before it pushes on,
            // and the items it has not pulled stay in its cache. It waits for no other PE:
            // the flags that make `advance` hold partial buffers back or yield stay as
            // they are.
            let local = &mut self.out[d];
            if self.local_head > 0 {
                // Make room: drop the items already pulled.
                local.drain(..self.local_head);
                self.local_head = 0;
            }
            if local.len() >= self.capacity {
                return false;
            }
            local.push(item);
            self.pushed = true;
            return true;
        }
        if self.out[d].len() >= self.capacity && !self.send(d, false) {
            // Waiting for a receiver: `advance` may yield to it.
            self.pushed = false;
            self.refused = true;
            return false;
        }
        self.pushed = true;
        self.out[d].push(item);
        if self.out[d].len() == self.capacity {
            self.send(d, false);
        }
        true
    }

    /// Pushes items from `items` until one is not accepted, which stays in `items` (peeked,
    /// not taken) for the next call, or `items` runs out; returns how many were pushed.
    /// The loop of every PE then needs no item of its own on the side: it is done when
    /// `items.peek()` is `None`. Local, as [`push`](Conveyor::push).
    ///
    /// # Examples
    /// ```
    /// use shmem::Conveyor;
    ///
    /// let shmem = shmem::init()?;
    /// let n = shmem.n_pes();
    /// let mut conveyor = Conveyor::<u32>::new(&shmem)?;
    /// let mut items = (0..1000u32).map(|i| (shmem.pe_wrapping(i as usize), i)).peekable();
    /// let mut sum = 0u64;
    /// while conveyor.advance(items.peek().is_none()) {
    ///     conveyor.push_from(&mut items);
    ///     while let Some((_from, i)) = conveyor.pull() {
    ///         sum += u64::from(i);
    ///     }
    /// }
    /// let me = shmem.my_pe().index();
    /// let mine: u64 = (0..1000u64).filter(|i| *i as usize % n == me).sum();
    /// assert_eq!(sum, n as u64 * mine); // every PE sent the same items
    /// # Ok::<(), shmem::Error>(())
    /// ```
    pub fn push_from<I: Iterator<Item = (Pe, T)>>(&mut self, items: &mut Peekable<I>) -> usize {
        let mut pushed = 0;
        while let Some(&(pe, item)) = items.peek() {
            if !self.push(pe, item) {
                break;
            }
            items.next();
            pushed += 1;
        }
        pushed
    }

    /// The next item sent to this PE, with its sender, or `None` when none has arrived (yet:
    /// call [`advance`](Conveyor::advance)). Local.
    #[inline]
    pub fn pull(&mut self) -> Option<(Pe, T)> {
        while let Some((from, batch)) = self.queue.front() {
            if let Some(&item) = batch.get(self.head) {
                self.head += 1;
                return Some((*from, item));
            }
            if let Some((_, mut batch)) = self.queue.pop_front() {
                batch.clear();
                self.spare.push(batch);
            }
            self.head = 0;
        }
        let local = &mut self.out[self.me];
        let item = *local.get(self.local_head)?;
        self.local_head += 1;
        if self.local_head == local.len() {
            local.clear();
            self.local_head = 0;
        }
        Some((self.my_pe, item))
    }

    /// Hands the items that have arrived to `f`, with their senders, in the order
    /// [`pull`](Conveyor::pull) would return them, until `f` returns `false` or none is left;
    /// returns how many `f` took. The item `f` refuses is not taken: it is the next one
    /// handed out or pulled. Local.
    ///
    /// For a PE that answers what it pulls with a push of its own (a request and its
    /// reply): it takes a request only when the reply was accepted, so nothing is held on
    /// the side when a buffer is full. It also saves `pull`'s per-item return: the items of
    /// one batch go to `f` in one loop.
    ///
    /// # Examples
    /// ```
    /// use shmem::Conveyor;
    ///
    /// let shmem = shmem::init()?;
    /// // Every PE asks every PE for the square of each of 100 numbers.
    /// let mut requests = Conveyor::<u64>::new(&shmem)?;
    /// let mut replies = Conveyor::<u64>::new(&shmem)?;
    /// let mut asks = (0..100u64).map(|x| (shmem.pe_wrapping(x as usize), x)).peekable();
    /// let (mut asking, mut sum) = (true, 0);
    /// loop {
    ///     asking = asking && requests.advance(asks.peek().is_none());
    ///     // A request is taken only with its reply, so once `requests` is over, no reply is
    ///     // left to push.
    ///     if !replies.advance(!asking) && !asking {
    ///         break;
    ///     }
    ///     requests.push_from(&mut asks);
    ///     requests.pull_while(|from, x| replies.push(from, x * x));
    ///     replies.pull_while(|_, square| {
    ///         sum += square;
    ///         true
    ///     });
    /// }
    /// assert_eq!(sum, (0..100u64).map(|x| x * x).sum::<u64>());
    /// # Ok::<(), shmem::Error>(())
    /// ```
    #[inline]
    pub fn pull_while(&mut self, mut f: impl FnMut(Pe, T) -> bool) -> usize {
        let mut taken = 0;
        while let Some((from, batch)) = self.queue.front() {
            let from = *from;
            // The items as a slice (pointer and length in registers, not reloaded through the
            // vector after every store `f` makes), and the head counted here.
            let items: &[T] = batch;
            let mut head = self.head;
            while let Some(&item) = items.get(head) {
                // Taken before `f` runs: a panic in `f` does not hand it out again.
                head += 1;
                self.head = head;
                if !f(from, item) {
                    self.head = head - 1;
                    return taken;
                }
                taken += 1;
            }
            if let Some((_, mut batch)) = self.queue.pop_front() {
                batch.clear();
                self.spare.push(batch);
            }
            self.head = 0;
        }
        let items: &[T] = &self.out[self.me];
        let mut head = self.local_head;
        while let Some(&item) = items.get(head) {
            head += 1;
            self.local_head = head;
            if !f(self.my_pe, item) {
                self.local_head = head - 1;
                return taken;
            }
            taken += 1;
        }
        self.out[self.me].clear();
        self.local_head = 0;
        taken
    }

    /// Moves the traffic: copies out every batch that arrived (and frees its buffer for the
    /// sender), sends the full buffers that could not leave yet, and, once `done` has been
    /// passed (it stays set), sends every remaining buffer with an end mark. When nothing
    /// arrived and nothing was pushed or refused since the last call (this PE is idle), it
    /// also sends the buffers that are not full: a PE whose next pushes depend on what
    /// others send it back (bale's toposort, request and reply) never waits for items that
    /// sit in a partial buffer. Returns `true` while traffic may still arrive or items wait to be
    /// pulled, `false` once every PE has declared itself done, everything sent to this PE
    /// has arrived and been pulled. Yields the processor when this PE only waits for others
    /// (nothing moved, pushed or queued). *One-sided*: never waits for another PE.
    pub fn advance(&mut self, done: bool) -> bool {
        self.done |= done;
        // Headers and acknowledgements of the last call that nothing has completed since.
        let overdue = self.incomplete;
        let mut moved = self.receive();
        let idle = !moved && !self.pushed && !self.refused;
        for d in 0..self.n {
            if self.ended[d] {
                continue;
            }
            if self.out[d].len() >= self.capacity || (idle && !self.out[d].is_empty()) {
                moved |= self.send(d, false);
            }
            if self.done && self.send(d, true) {
                moved = true;
            }
        }
        let fenced = self.signal();
        let overdue = overdue && !fenced;
        let active = !(self.done
            && self.n_ended == self.n
            && self.n_finished == self.n
            && self.queue.is_empty()
            && self.out[self.me].is_empty());
        // Every header and acknowledgement is complete by the end of the call after the one
        // that sent it (or of the last call): the fence of the next batches completes them, or
        // this quiet does.
        if (overdue || !active) && self.incomplete {
            self.shmem.quiet();
            self.incomplete = false;
        }
        // Nothing moved, nothing pushed, nothing to pull: this PE waits for others.
        if active && !moved && !self.pushed && self.queue.is_empty() && self.out[self.me].is_empty()
        {
            std::thread::yield_now();
        }
        self.pushed = false;
        self.refused = false;
        active
    }

    /// Sends the buffer to `d` (all of it, with the end mark when `last`) if the slot it
    /// needs is free; whether it went.
    fn send(&mut self, d: usize, last: bool) -> bool {
        let seq = self.sent[d];
        if seq - self.acked[d] >= SLOTS as u64 {
            self.acked[d] = self.word(self.n * SLOTS + d).signal_fetch();
            if seq - self.acked[d] >= SLOTS as u64 {
                return false;
            }
        }
        let slot = seq as usize % SLOTS;
        let len = self.out[d].len();
        let start = (self.me * SLOTS + slot) * self.capacity;
        let header = (tag(seq) << SEQ_SHIFT) | if last { LAST_BIT } else { 0 } | len as u64;
        self.inbox
            .slice(start..start + len)
            .and_then(|buffer| buffer.put(self.pe(d), &self.out[d]))
            .expect("a batch fits its buffer");
        self.out[d].clear();
        if self.near[d] {
            // On this node the header follows at once (a fence is a processor fence): the
            // receiver may take the batch now.
            self.shmem.fence();
            self.header(d, slot, header);
        } else {
            // Through MPI it follows in `signal`, with those of the other batches sent until
            // then.
            self.headers.push((d, slot, header));
        }
        self.sent[d] = seq + 1;
        if last {
            self.ended[d] = true;
            self.n_ended += 1;
        }
        true
    }

    /// Sends the headers of the batches sent since the last call (whether there were any):
    /// one fence, which orders
    /// (and through MPI completes) all their data, then each header, an atomic store that the
    /// receiver's next `advance` finds. A put-with-signal per batch would complete each batch
    /// alone, and through MPI wait for the receiver twice (the data's flush, the header's
    /// fetching atomic); here the fence is one wait for all of them, and it also completes the
    /// headers and acknowledgements sent before it.
    fn signal(&mut self) -> bool {
        if self.headers.is_empty() {
            return false;
        }
        self.shmem.fence();
        for i in 0..self.headers.len() {
            let (d, slot, header) = self.headers[i];
            self.header(d, slot, header);
        }
        self.headers.clear();
        true
    }

    /// Sets the header of the batch in `slot` at `d` (after the batch's data is ordered
    /// before it).
    fn header(&mut self, d: usize, slot: usize, header: u64) {
        self.word(self.me * SLOTS + slot)
            .signal_set_nbi(self.pe(d), header);
        // Through MPI the store is complete at the next fence or quiet.
        self.incomplete |= !self.near[d];
    }

    /// Copies out every batch that has arrived; whether there was one.
    fn receive(&mut self) -> bool {
        let mut any = false;
        for k in 1..self.n {
            let s = (self.me + k) % self.n;
            while !self.finished[s] {
                let seq = self.received[s];
                let slot = seq as usize % SLOTS;
                let header = self.word(s * SLOTS + slot).signal_fetch();
                if header >> SEQ_SHIFT != tag(seq) {
                    break;
                }
                let len = (header & LEN_MASK) as usize;
                let start = (s * SLOTS + slot) * self.capacity;
                let mut batch = self.spare.pop().unwrap_or_default();
                batch.resize(len, T::zeroed());
                self.inbox
                    .slice(start..start + len)
                    .and_then(|buffer| buffer.copy_to(&mut batch))
                    .expect("an arrived batch lies inside its buffer");
                self.received[s] = seq + 1;
                // The batch is copied out: the sender may reuse the slot.
                self.word(self.n * SLOTS + self.me)
                    .signal_set_nbi(self.pe(s), seq + 1);
                self.incomplete |= !self.near[s];
                if len > 0 {
                    self.queue.push_back((self.pe(s), batch));
                } else {
                    self.spare.push(batch);
                }
                if header & LAST_BIT != 0 {
                    self.finished[s] = true;
                    self.n_finished += 1;
                }
                any = true;
            }
        }
        any
    }

    fn word(&self, i: usize) -> crate::sym::Sym<'_, u64> {
        self.words
            .at(i)
            .expect("header and acknowledgement indices lie inside the words")
    }

    fn pe(&self, i: usize) -> Pe {
        self.shmem.pe_wrapping(i)
    }
}

/// The header's mark of batch `seq`: never 0 (an empty slot), below 2^31, and different
/// from the mark of the batch that used the same slot before it.
fn tag(seq: u64) -> u64 {
    const MARKS: u64 = (1 << (64 - SEQ_SHIFT)) - 1;
    seq % MARKS + 1
}

#[cfg(test)]
mod tests {
    use super::{LAST_BIT, SEQ_SHIFT, SLOTS, tag};

    #[test]
    fn marks_survive_wrapping() {
        let marks = (1u64 << 31) - 1;
        for seq in (0..64)
            .chain(marks - 64..marks + 64)
            .chain(u64::MAX / 4..u64::MAX / 4 + 64)
        {
            let t = tag(seq);
            assert!(t != 0 && t < 1 << 31, "mark {t} of batch {seq}");
            assert_eq!((t << SEQ_SHIFT) >> SEQ_SHIFT, t, "the mark fits its bits");
            assert_eq!((t << SEQ_SHIFT) & LAST_BIT, 0);
            if let Some(before) = seq.checked_sub(SLOTS as u64) {
                assert_ne!(t, tag(before), "batches {before} and {seq} share a slot");
            }
        }
    }
}
