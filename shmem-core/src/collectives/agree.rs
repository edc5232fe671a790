//! The agreement round: what every member of a collective publishes with its arrival, and how
//! every member turns what it reads into the same outcome.
//!
//! A collective (barrier of a set, reduction, data mover, team split, symmetric allocation) is
//! only correct when every member passes the same set, objects, sizes, root and operation. Each
//! member publishes a *signature* of those arguments ([`Sig`]) and, if a local check failed, a
//! *refusal* ([`Refusal`]), as part of the arrival it makes anyway. After the arrival wait every
//! member reads the same published words and decides the same way ([`decide`]):
//!
//! 1. if some member refused: every member returns that refusal's error (unwrapped when every
//!    member refused with the same error, else [`Error::Refused`] naming the first refusing
//!    member in set order);
//! 2. else if some member's signature differs from member 0's: every member returns the same
//!    [`Error::ArgumentMismatch`], naming member 0 and the first member that differs, the
//!    argument, and both values;
//! 3. else the call goes ahead.
//!
//! No data moves before the decision, so an error leaves every target and the heap untouched.
//!
//! A member may ask for an *exact* round (its arrival's status says so): then every member
//! compares every member's full signature with member 0's, word by word, instead of the hashes.
//! Every allocation round does (`Runtime::alloc`): a heap that diverged would outlive the call,
//! and the request and the objects freed before it (signature words: [`ALLOC_FREED`], then
//! rounds of [`Kind::Freed`]) are words that a caller chooses, on several members at once,
//! which is what a hash cannot be trusted with (below).
//!
//! # Cost
//!
//! The arrival line carries a 64-bit hash of the signature next to the epoch, so the common
//! case reads no more cache lines than before; the full signature (and a refusal) sits in a
//! separate block of the region that peers read only when the hash or a refusal says something
//! is wrong. The hash is `mix(Σ wᵢ·Kᵢ)` with odd constants `Kᵢ`: a difference in any single word
//! always changes the sum (an odd constant is invertible modulo 2⁶⁴), so a one-argument
//! mismatch is always caught; several at once collide with probability about 2⁻⁶⁴ when they
//! are not chosen to. Chosen, they can be made to: the sum is linear, so differences `Δᵢ` in
//! two or more words with `Σ Δᵢ·Kᵢ ≡ 0 (mod 2⁶⁴)` pass
//! (`exact_rounds_catch_what_the_hash_lets_through`); an exact round reads the words
//! themselves.

use crate::error::Error;
use crate::pe_set::PeSet;

/// Words of a signature.
pub(crate) const SIG_WORDS: usize = 11;
/// Word indices of a signature.
pub(crate) const KIND: usize = 0;
pub(crate) const ELEM: usize = 1;
pub(crate) const SET: usize = 2;
pub(crate) const AREA: usize = 3;
pub(crate) const TARGET: usize = 4;
pub(crate) const SOURCE: usize = 5;
pub(crate) const N: usize = 6;
pub(crate) const P1: usize = 7;
pub(crate) const P2: usize = 8;
pub(crate) const P3: usize = 9;
pub(crate) const P4: usize = 10;

/// Detail block of a region: the signature, one word of per-member information that is not
/// compared ([`INFO`]), the refusal code and its four arguments.
pub(crate) const INFO: usize = SIG_WORDS;
pub(crate) const REFUSAL: usize = SIG_WORDS + 1;
/// Words of the detail block that are written on every call (signature, info, refusal code).
pub(crate) const DETAIL_WORDS: usize = REFUSAL + 1 + 4;
/// Bytes reserved for the detail block in every region.
pub(crate) const DETAIL_BYTES: usize = 192;
const _: () = assert!(DETAIL_WORDS * 8 <= DETAIL_BYTES);

const K: [u64; SIG_WORDS] = [
    0x9e37_79b9_7f4a_7c15,
    0xc2b2_ae3d_27d4_eb4f,
    0x1656_67b1_9e37_79f9,
    0x85eb_ca77_c2b2_ae63,
    0x27d4_eb2f_1656_67c5,
    0xd6e8_feb8_6659_fd93,
    0xa076_1d64_78bd_642f,
    0xe703_7ed1_a0b4_28db,
    0x8ebc_6af0_9c88_c6e3,
    0x5899_65cc_7537_4cc3,
    0x1d8e_4e27_c47d_124f,
];
const _: () = {
    let mut i = 0;
    while i < SIG_WORDS {
        assert!(K[i] % 2 == 1);
        i += 1;
    }
};

/// What a call is, in the signature's [`KIND`] word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    Sync = 1,
    Reduce = 2,
    Broadcast = 3,
    Collect = 4,
    Fcollect = 5,
    Alltoall = 6,
    Alltoalls = 7,
    Split = 8,
    Alloc = 9,
    AllocDone = 10,
    Inscan = 11,
    Exscan = 12,
    Free = 13,
    Freed = 14,
}

impl Kind {
    fn from_u8(k: u8) -> Option<Kind> {
        Some(match k {
            1 => Kind::Sync,
            2 => Kind::Reduce,
            3 => Kind::Broadcast,
            4 => Kind::Collect,
            5 => Kind::Fcollect,
            6 => Kind::Alltoall,
            7 => Kind::Alltoalls,
            8 => Kind::Split,
            9 => Kind::Alloc,
            10 => Kind::AllocDone,
            11 => Kind::Inscan,
            12 => Kind::Exscan,
            13 => Kind::Free,
            14 => Kind::Freed,
            _ => return None,
        })
    }

    /// The user-facing name of the call.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Sync => "barrier/sync",
            Kind::Reduce => "reduction",
            Kind::Broadcast => "broadcast",
            Kind::Collect => "collect",
            Kind::Fcollect => "fcollect",
            Kind::Alltoall => "alltoall",
            Kind::Alltoalls => "alltoalls",
            Kind::Split => "team split",
            Kind::Alloc => "symmetric allocation",
            Kind::AllocDone => "symmetric allocation (initialization)",
            Kind::Inscan => "inclusive scan",
            Kind::Exscan => "exclusive scan",
            Kind::Free => "symmetric free of a team allocation",
            Kind::Freed => "symmetric allocation (the objects freed before it)",
        }
    }

    /// Name of signature word `i` for this kind (`None`: the word is not an argument).
    fn field(self, i: usize) -> Option<&'static str> {
        Some(match (self, i) {
            (_, KIND) => "collective operation",
            (_, ELEM) => "element type (same size, different type)",
            (_, SET) => "active set or team",
            (_, AREA) => "pSync (SyncBuf) or team",
            (Kind::Free, TARGET) => "object freed",
            (_, TARGET) => "target object",
            (_, SOURCE) => "source object",
            (Kind::Reduce, N) => "nreduce (element count)",
            (Kind::Split, N) => "size of the new team",
            (Kind::Alloc | Kind::Free, N) => "allocation size in bytes",
            (Kind::Freed, N) => "position in the list of freed objects",
            (_, N) => "nelems (element count)",
            (Kind::Broadcast, P1) => "root",
            (Kind::Alltoalls, P1) => "sst (source stride)",
            (Kind::Alltoalls, P2) => "dst (target stride)",
            (Kind::Split, P1) => "start of the new team",
            (Kind::Split, P2) => "stride of the new team",
            (Kind::Split, P3) => "x-range of the 2-d split",
            (Kind::Alloc, P1) => "alignment",
            (Kind::Alloc, P2) => "lock home PE",
            (Kind::Alloc, P3) => "objects freed since the previous allocation",
            (Kind::Alloc | Kind::Freed, _) if freed_ordinal(self, 0, i).is_some() => {
                "object freed since the previous allocation"
            }
            _ => return None,
        })
    }
}

/// Signature words of an allocation's round that carry the first objects freed since the
/// previous allocation (their symmetric offsets, in increasing order; 0 past the last).
pub(crate) const ALLOC_FREED: [usize; 3] = [P4, TARGET, SOURCE];
/// Signature words of a [`Kind::Freed`] round that carry the next freed objects, from
/// position `N` of the list on.
pub(crate) const MORE_FREED: [usize; 6] = [P1, P2, P3, P4, TARGET, SOURCE];

/// Position (0 for the first) in the list of freed objects of the offset that word `i` of a
/// signature of `kind` carries, whose `N` word is `n`; `None` for a word that carries none.
fn freed_ordinal(kind: Kind, n: u64, i: usize) -> Option<u64> {
    match kind {
        Kind::Alloc => ALLOC_FREED.iter().position(|&w| w == i).map(|k| k as u64),
        Kind::Freed => MORE_FREED
            .iter()
            .position(|&w| w == i)
            .map(|k| n + k as u64),
        _ => None,
    }
}

/// Names of the symmetric objects an allocation can make (the op byte of an `Alloc` kind).
pub const OBJECT_NAMES: [&str; 13] = [
    "object",
    "symmetric array or value (SymVec/SymBox)",
    "pSync (SyncBuf)",
    "lock (SymLock/SymMutex)",
    "reader/writer lock (SymRwLock)",
    "window (Window)",
    "window over a symmetric array (Window::over)",
    "window over a team (TeamWindow)",
    "window with per-PE lengths (Window::new_sized)",
    "window over a team with per-member lengths (TeamWindow::new_sized)",
    "active-target window (ActiveWindow)",
    "active-target window over a symmetric array (ActiveWindow::over)",
    "active-target window with per-PE lengths (ActiveWindow::new_sized)",
];

/// A call's signature: the arguments every member must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sig(pub(crate) [u64; SIG_WORDS]);

impl Sig {
    /// The signature of a call of `kind` with operator `op` on elements of `elem_size` bytes
    /// and type hash `elem`, over `set` with the sync area at `area`; every other word 0.
    pub(crate) fn new(
        kind: Kind,
        op: u8,
        elem_size: usize,
        elem: u64,
        set: PeSet,
        area: usize,
    ) -> Sig {
        let mut w = [0; SIG_WORDS];
        w[KIND] = kind as u64 | u64::from(op) << 8 | (elem_size as u64) << 16;
        w[ELEM] = elem;
        w[SET] = pack_set(set);
        w[AREA] = area as u64;
        Sig(w)
    }

    /// Sets word `i`.
    #[inline]
    pub(crate) fn with(mut self, i: usize, v: usize) -> Sig {
        self.0[i] = v as u64;
        self
    }

    /// The call's kind, when the kind word holds a known one.
    pub(crate) fn kind(&self) -> Option<Kind> {
        Kind::from_u8(self.0[KIND] as u8)
    }

    /// One line for the `SHMEM_DEBUG` log: the kind, the set, and every non-zero word that
    /// the kind gives a meaning, under the names a mismatch report uses (zero words are left
    /// out).
    pub(crate) fn describe(&self, set: PeSet) -> String {
        use std::fmt::Write;
        let mut line = match self.kind() {
            Some(k) => k.name().to_owned(),
            None => format!("call of kind {}", self.0[KIND] as u8),
        };
        let _ = write!(
            line,
            " over PEs {}+{}*i, i < {}",
            set.start(),
            set.stride(),
            set.size()
        );
        let elem_size = self.0[KIND] >> 16;
        if elem_size != 0 {
            let _ = write!(line, ", {elem_size}-byte elements");
        }
        if let Some(k) = self.kind() {
            for i in TARGET..SIG_WORDS {
                if let Some(what) = k.field(i)
                    && self.0[i] != 0
                {
                    let _ = write!(line, ", {what} {}", self.0[i]);
                }
            }
        }
        line
    }

    /// The hash published in the arrival line.
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        let mut s = 0u64;
        for (w, k) in self.0.iter().zip(K) {
            s = s.wrapping_add(w.wrapping_mul(k));
        }
        // spread the sum's bits; a bijection, so distinct sums stay distinct
        s ^= s >> 31;
        s = s.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        s ^ (s >> 29)
    }
}

/// A type's identity for signatures: a hash of its name (every PE runs the same binary).
pub(crate) fn type_hash<T>() -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in std::any::type_name::<T>().bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `(start, stride, size)` of a set in one word (21 bits each, the stride in two's
/// complement: sets have at most `segment::MAX_PES` members).
pub(crate) fn pack_set(s: PeSet) -> u64 {
    pack3(s.start(), s.stride(), s.size())
}

fn pack3(a: usize, b: isize, c: usize) -> u64 {
    let m = (1u64 << 21) - 1;
    (a as u64 & m) | (b as u64 & m) << 21 | (c as u64 & m) << 42
}

/// The `(start, stride, size)` that [`pack_set`] packed (the stride sign-extended).
pub(crate) fn unpack3(w: u64) -> (usize, isize, usize) {
    let m = (1u64 << 21) - 1;
    (
        (w & m) as usize,
        (((w >> 21 & m) << 43) as i64 >> 43) as isize,
        (w >> 42 & m) as usize,
    )
}

/// An active set's triplet from [`unpack3`] (active-set strides are positive).
fn unpack_active(w: u64) -> (usize, usize, usize) {
    let (a, b, c) = unpack3(w);
    (a, b.unsigned_abs(), c)
}

/// A local check that failed on one member: it joins the agreement round, so every member
/// returns the same error instead of one returning early while the others wait for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// See [`Error::OutOfBounds`].
    OutOfBounds {
        /// First element touched.
        start: usize,
        /// Elements touched.
        len: usize,
        /// Length of the object.
        object_len: usize,
    },
    /// See [`Error::LengthMismatch`].
    LengthMismatch {
        /// Which lengths (one of [`WHATS`], else reported as "lengths").
        what: &'static str,
        /// First length.
        left: usize,
        /// Second length.
        right: usize,
    },
    /// See [`Error::InvalidStride`].
    InvalidStride {
        /// What is wrong (one of [`WHATS`], else reported as "invalid stride").
        what: &'static str,
    },
    /// See [`Error::InvalidRoot`].
    InvalidRoot {
        /// World PE number of the root given.
        root: usize,
        /// `(start, stride, size)` of the set or team.
        set: (usize, isize, usize),
    },
    /// See [`Error::SyncBufSetMismatch`].
    SyncBufSetMismatch {
        /// Set the buffer was made for.
        made_for: (usize, usize, usize),
        /// Set it was used with.
        used_with: (usize, usize, usize),
    },
    /// See [`Error::InvalidTeamSplit`].
    InvalidTeamSplit {
        /// First member (index in the parent).
        start: usize,
        /// Stride in the parent (negative: numbered downwards).
        stride: isize,
        /// Members.
        size: usize,
        /// Members of the parent.
        parent_size: usize,
    },
    /// See [`Error::HeapExhausted`].
    HeapExhausted {
        /// Bytes asked for.
        requested: usize,
        /// Largest free block.
        available: usize,
    },
    /// See [`Error::TargetSourceOverlap`].
    Overlap {
        /// Symmetric offset of the target.
        target: usize,
        /// Symmetric offset of the source.
        source: usize,
    },
}

/// The `what` texts a refusal can carry across PEs (it travels as an index into this table).
pub const WHATS: [&str; 9] = [
    "lengths",
    "reduction target and source",
    "broadcast target and source",
    "strides must be at least 1",
    "stride * count overflows",
    "alltoalls strides must be at least 1",
    "invalid stride",
    "scan target and source",
    "an alignment must be a power of two",
];

fn what_index(s: &str) -> u64 {
    WHATS.iter().position(|w| *w == s).unwrap_or(0) as u64
}

fn what_of(i: u64) -> &'static str {
    WHATS.get(i as usize).copied().unwrap_or(WHATS[0])
}

impl Refusal {
    /// Code and arguments, as published.
    pub(crate) fn encode(&self) -> [u64; 5] {
        let u = |v: usize| v as u64;
        match *self {
            Refusal::OutOfBounds {
                start,
                len,
                object_len,
            } => [1, u(start), u(len), u(object_len), 0],
            Refusal::LengthMismatch { what, left, right } => {
                [2, what_index(what), u(left), u(right), 0]
            }
            Refusal::InvalidStride { what } => [3, what_index(what), 0, 0, 0],
            Refusal::InvalidRoot {
                root,
                set: (a, b, c),
            } => [4, u(root), pack3(a, b, c), 0, 0],
            Refusal::SyncBufSetMismatch {
                made_for: (a, b, c),
                used_with: (d, e, f),
            } => [
                5,
                pack3(a, b.cast_signed(), c),
                pack3(d, e.cast_signed(), f),
                0,
                0,
            ],
            Refusal::InvalidTeamSplit {
                start,
                stride,
                size,
                parent_size,
            } => [
                6,
                u(start),
                stride.cast_unsigned() as u64,
                u(size),
                u(parent_size),
            ],
            Refusal::HeapExhausted {
                requested,
                available,
            } => [7, u(requested), u(available), 0, 0],
            Refusal::Overlap { target, source } => [8, u(target), u(source), 0, 0],
        }
    }

    /// The refusal published as `w` (`None` for a code no member writes).
    pub(crate) fn decode(w: [u64; 5]) -> Option<Refusal> {
        let u = |v: u64| v as usize;
        Some(match w[0] {
            1 => Refusal::OutOfBounds {
                start: u(w[1]),
                len: u(w[2]),
                object_len: u(w[3]),
            },
            2 => Refusal::LengthMismatch {
                what: what_of(w[1]),
                left: u(w[2]),
                right: u(w[3]),
            },
            3 => Refusal::InvalidStride {
                what: what_of(w[1]),
            },
            4 => Refusal::InvalidRoot {
                root: u(w[1]),
                set: unpack3(w[2]),
            },
            5 => Refusal::SyncBufSetMismatch {
                made_for: unpack_active(w[1]),
                used_with: unpack_active(w[2]),
            },
            6 => Refusal::InvalidTeamSplit {
                start: u(w[1]),
                stride: w[2] as i64 as isize,
                size: u(w[3]),
                parent_size: u(w[4]),
            },
            7 => Refusal::HeapExhausted {
                requested: u(w[1]),
                available: u(w[2]),
            },
            8 => Refusal::Overlap {
                target: u(w[1]),
                source: u(w[2]),
            },
            _ => return None,
        })
    }
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Error {
        match r {
            Refusal::OutOfBounds {
                start,
                len,
                object_len,
            } => Error::OutOfBounds {
                start,
                len,
                object_len,
            },
            Refusal::LengthMismatch { what, left, right } => {
                Error::LengthMismatch { what, left, right }
            }
            Refusal::InvalidStride { what } => Error::InvalidStride { what },
            Refusal::InvalidRoot { root, set } => Error::InvalidRoot { root, set },
            Refusal::SyncBufSetMismatch {
                made_for,
                used_with,
            } => Error::SyncBufSetMismatch {
                made_for,
                used_with,
            },
            Refusal::InvalidTeamSplit {
                start,
                stride,
                size,
                parent_size,
            } => Error::InvalidTeamSplit {
                start,
                stride,
                size,
                parent_size,
            },
            Refusal::HeapExhausted {
                requested,
                available,
            } => Error::HeapExhausted {
                requested,
                available,
            },
            Refusal::Overlap { target, source } => Error::TargetSourceOverlap {
                target_offset: target,
                source_offset: source,
            },
        }
    }
}

/// What a member's arrival line says besides its epoch and hash.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Status {
    /// It refused (its refusal is in the detail block).
    pub(crate) refused: bool,
    /// It asks for an exact round: full signatures compared, not hashes (module docs).
    pub(crate) exact: bool,
}

/// What every member read after the arrival wait, member by member (in set order).
pub(crate) trait Published {
    /// Members.
    fn members(&self) -> usize;
    /// World PE of member `i`.
    fn pe_of(&self, i: usize) -> usize;
    /// Member `i`'s status (from its arrival line).
    fn status(&self, i: usize) -> Status;
    /// Member `i`'s signature hash (from its arrival line).
    fn hash(&self, i: usize) -> u64;
    /// Word `w` of member `i`'s detail block.
    fn detail(&self, i: usize, w: usize) -> u64;
    /// Member `i`'s whole signature (the first [`SIG_WORDS`] words of its detail block).
    fn signature(&self, i: usize) -> Sig {
        Sig(std::array::from_fn(|w| self.detail(i, w)))
    }
}

/// The outcome every member computes from the same published words (module docs).
pub(crate) fn decide(p: &impl Published) -> Result<(), Error> {
    let n = p.members();
    let refusal_of = |i: usize| {
        let w = [0, 1, 2, 3, 4].map(|k| p.detail(i, REFUSAL + k));
        (w, Refusal::decode(w))
    };
    // One read of every member's status, as many as a search for the first refusal made.
    let mut refused = None;
    let mut exact = false;
    for i in 0..n {
        let s = p.status(i);
        if s.refused && refused.is_none() {
            refused = Some(i);
        }
        exact |= s.exact;
    }
    if let Some(first) = refused {
        let (w, r) = refusal_of(first);
        let error = r.map(Error::from).unwrap_or(Error::InvalidStride {
            what: "a member refused the call with an unknown code",
        });
        let unanimous = (0..n).all(|i| p.status(i).refused && refusal_of(i).0 == w);
        return Err(if unanimous {
            error
        } else {
            Error::Refused {
                pe: p.pe_of(first),
                source: Box::new(error),
            }
        });
    }
    let sig = |i: usize| p.signature(i);
    if exact {
        let a = sig(0);
        return match (1..n).map(|i| (i, sig(i))).find(|(_, b)| *b != a) {
            Some((other, b)) => Err(mismatch(&a, p.pe_of(0), &b, p.pe_of(other))),
            None => Ok(()),
        };
    }
    let h0 = p.hash(0);
    let Some(other) = (1..n).find(|&i| p.hash(i) != h0) else {
        return Ok(());
    };
    let (a, b) = (sig(0), sig(other));
    Err(mismatch(&a, p.pe_of(0), &b, p.pe_of(other)))
}

/// The error for two members whose signatures differ: the first differing word, most
/// telling first (what the call is, then where, then sizes, then objects).
fn mismatch(a: &Sig, pe: usize, b: &Sig, other_pe: usize) -> Error {
    let order = [KIND, ELEM, SET, AREA, N, P1, P2, P3, P4, TARGET, SOURCE];
    let kind = Kind::from_u8(a.0[KIND] as u8);
    for i in order {
        if a.0[i] != b.0[i] {
            let what = kind
                .and_then(|k| k.field(i))
                .unwrap_or("collective argument");
            return Error::ArgumentMismatch {
                what,
                pe,
                value: format_word(a, i),
                other_pe,
                other: format_word(b, i),
            };
        }
    }
    // Equal words with different hashes: a torn read cannot happen after the arrival wait,
    // so this is unreachable in practice; still an error rather than a silent success.
    Error::ArgumentMismatch {
        what: "call signature",
        pe,
        value: format!("{:#x}", a.hash()),
        other_pe,
        other: format!("{:#x}", b.hash()),
    }
}

/// A signature's kind word (operation, object or element size included), as a user reads it.
pub(crate) fn describe_kind(word: u64) -> String {
    let mut s = Sig([0; SIG_WORDS]);
    s.0[KIND] = word;
    format_word(&s, KIND)
}

/// Word `i` of `s`, as a user reads it.
fn format_word(s: &Sig, i: usize) -> String {
    let w = s.0[i];
    if let Some(k) = s.kind()
        && let Some(at) = freed_ordinal(k, s.0[N], i)
    {
        let nth = at + 1;
        let suffix = match (nth % 10, nth % 100) {
            (1, 11) | (2, 12) | (3, 13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        return if w == 0 {
            format!("no object (as the {nth}{suffix} freed)")
        } else {
            format!("the object at symmetric offset {w} ({nth}{suffix} in offset order)")
        };
    }
    let kind = Kind::from_u8(w as u8);
    match i {
        KIND => {
            let k = Kind::from_u8(s.0[KIND] as u8);
            let op = (w >> 8) as u8;
            let size = w >> 16;
            match k {
                Some(Kind::Reduce) => {
                    format!(
                        "{}-reduction of {size}-byte elements",
                        super::ops::op_name(op)
                    )
                }
                Some(k @ (Kind::Inscan | Kind::Exscan)) => format!(
                    "{}-{} of {size}-byte elements",
                    super::ops::op_name(op),
                    if k == Kind::Inscan {
                        "inscan"
                    } else {
                        "exscan"
                    }
                ),
                Some(k @ (Kind::Alloc | Kind::Free)) => format!(
                    "{} of a {}",
                    if k == Kind::Alloc {
                        "allocation"
                    } else {
                        "free"
                    },
                    OBJECT_NAMES.get(op as usize).copied().unwrap_or("object")
                ),
                Some(Kind::Sync | Kind::Split | Kind::AllocDone | Kind::Freed) | None => {
                    kind.map_or("an unknown call", Kind::name).to_owned()
                }
                Some(k) => format!("{} of {size}-byte elements", k.name()),
            }
        }
        ELEM => format!("type #{w:016x}"),
        SET => {
            let (start, stride, size) = unpack3(w);
            format!("(start {start}, stride {stride}, size {size})")
        }
        AREA | TARGET | SOURCE => format!("the object at symmetric offset {w}"),
        P2 if s.kind() == Some(Kind::Split) => (w as i64).to_string(),
        P4 => format!("{w:#018x}"),
        _ => w.to_string(),
    }
}

/// What a PE waiting in a collective publishes (its wait site's first two words), decoded:
/// the launcher's deadlock report names the routine and the set from it
/// ([`crate::report`]).
pub(crate) struct CollectiveWait {
    /// The routine and its arguments, in words (`broadcast of 8 bytes from root 0`, ...).
    pub(crate) what: String,
    /// The set's first PE, stride and size.
    pub(crate) start: usize,
    pub(crate) stride: isize,
    pub(crate) size: usize,
}

impl CollectiveWait {
    /// Decodes the kind word and the packed set word of a collective's wait site.
    pub(crate) fn decode(kind: u64, set: u64) -> CollectiveWait {
        let (start, stride, size) = unpack3(set);
        CollectiveWait {
            what: describe_kind(kind),
            start,
            stride,
            size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fake {
        sigs: Vec<Sig>,
        refusals: Vec<Option<Refusal>>,
        /// Members that ask for an exact round.
        exact: Vec<usize>,
    }

    impl Published for Fake {
        fn members(&self) -> usize {
            self.sigs.len()
        }
        fn pe_of(&self, i: usize) -> usize {
            10 + i
        }
        fn status(&self, i: usize) -> Status {
            Status {
                refused: self.refusals[i].is_some(),
                exact: self.exact.contains(&i),
            }
        }
        fn hash(&self, i: usize) -> u64 {
            self.sigs[i].hash()
        }
        fn detail(&self, i: usize, w: usize) -> u64 {
            if w < SIG_WORDS {
                self.sigs[i].0[w]
            } else if (REFUSAL..REFUSAL + 5).contains(&w) {
                self.refusals[i].map_or(0, |r| r.encode()[w - REFUSAL])
            } else {
                0
            }
        }
    }

    fn sig() -> Sig {
        sig_with_op(2)
    }

    fn sig_with_op(op: u8) -> Sig {
        Sig::new(
            Kind::Reduce,
            op,
            4,
            type_hash::<u32>(),
            PeSet::world(4),
            4096,
        )
        .with(N, 1024)
        .with(TARGET, 8192)
        .with(SOURCE, 12288)
    }

    #[test]
    fn single_word_differences_always_change_the_hash() {
        let base = sig();
        for i in 0..SIG_WORDS {
            for d in [1u64, 2, 3, 1 << 40, u64::MAX, 0x8000_0000_0000_0000] {
                let mut other = base;
                other.0[i] = other.0[i].wrapping_add(d);
                assert_ne!(other.hash(), base.hash(), "word {i} + {d}");
            }
        }
    }

    /// The inverse of an odd `k` modulo 2⁶⁴ (Newton's iteration doubles the correct bits).
    fn inverse(k: u64) -> u64 {
        let mut x = k;
        for _ in 0..6 {
            x = x.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(x)));
        }
        x
    }

    /// Two signatures that differ in two words chosen to cancel in the sum have the same hash:
    /// the hash round lets them through (its bound is for differences nobody chose), an exact
    /// round asked for by any one member does not, and every reader decides alike.
    #[test]
    fn exact_rounds_catch_what_the_hash_lets_through() {
        let a = sig();
        // Δ in N, and the Δ in TARGET that cancels it: ΔN·K_N + ΔT·K_T ≡ 0
        let dn = 1u64;
        let dt = dn
            .wrapping_mul(K[N])
            .wrapping_mul(inverse(K[TARGET]))
            .wrapping_neg();
        assert_eq!(inverse(K[TARGET]).wrapping_mul(K[TARGET]), 1);
        let mut b = a;
        b.0[N] = b.0[N].wrapping_add(dn);
        b.0[TARGET] = b.0[TARGET].wrapping_add(dt);
        assert_ne!(a, b);
        assert_eq!(a.hash(), b.hash(), "a chosen collision");
        let hashed = Fake {
            exact: vec![],
            sigs: vec![a, b, a],
            refusals: vec![None; 3],
        };
        assert!(decide(&hashed).is_ok(), "the hash alone cannot see it");
        for asking in 0..3 {
            let exact = Fake {
                exact: vec![asking],
                sigs: vec![a, b, a],
                refusals: vec![None; 3],
            };
            let e = decide(&exact).unwrap_err().to_string();
            assert_eq!(
                e,
                format!(
                    "collective argument mismatch: nreduce (element count) is {} on PE 10 but \
                     {} on PE 11",
                    a.0[N], b.0[N]
                )
            );
        }
    }

    #[test]
    fn agreement_and_mismatch_are_the_same_for_every_reader() {
        let ok = Fake {
            exact: vec![],
            sigs: vec![sig(); 3],
            refusals: vec![None; 3],
        };
        assert!(decide(&ok).is_ok());
        let bad = Fake {
            exact: vec![],
            sigs: vec![sig(), sig(), sig().with(N, 512)],
            refusals: vec![None; 3],
        };
        let e = decide(&bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "collective argument mismatch: nreduce (element count) is 1024 on PE 10 but 512 on \
             PE 12"
        );
        let op = Fake {
            exact: vec![],
            sigs: vec![sig(), sig_with_op(4)],
            refusals: vec![None; 2],
        };
        let e = decide(&op).unwrap_err().to_string();
        assert!(
            e.contains("or-reduction of 4-byte elements on PE 10 but sum-reduction"),
            "{e}"
        );
    }

    #[test]
    fn scans_are_named_apart_from_reductions() {
        let word = |k: Kind| Sig::new(k, 4, 8, 0, PeSet::world(2), 0).0[KIND];
        assert_eq!(
            describe_kind(word(Kind::Inscan)),
            "sum-inscan of 8-byte elements"
        );
        assert_eq!(
            describe_kind(word(Kind::Exscan)),
            "sum-exscan of 8-byte elements"
        );
        assert_eq!(
            describe_kind(word(Kind::Reduce)),
            "sum-reduction of 8-byte elements"
        );
        let scan = Sig::new(Kind::Inscan, 4, 8, 0, PeSet::world(2), 0).with(N, 5);
        assert_eq!(
            scan.describe(PeSet::world(2)),
            "inclusive scan over PEs 0+1*i, i < 2, 8-byte elements, nelems (element count) 5"
        );
    }

    #[test]
    fn refusals_win_and_travel_intact() {
        let r = Refusal::OutOfBounds {
            start: 0,
            len: 16,
            object_len: 8,
        };
        let one = Fake {
            exact: vec![],
            sigs: vec![sig(), sig().with(N, 3), sig()],
            refusals: vec![None, Some(r), None],
        };
        match decide(&one) {
            Err(Error::Refused { pe: 11, source }) => {
                assert!(matches!(
                    *source,
                    Error::OutOfBounds {
                        start: 0,
                        len: 16,
                        object_len: 8
                    }
                ))
            }
            other => panic!("{other:?}"),
        }
        let all = Fake {
            exact: vec![],
            sigs: vec![sig(); 2],
            refusals: vec![
                Some(Refusal::HeapExhausted {
                    requested: 5,
                    available: 4,
                });
                2
            ],
        };
        assert!(matches!(
            decide(&all),
            Err(Error::HeapExhausted {
                requested: 5,
                available: 4
            })
        ));
        for r in [
            r,
            Refusal::LengthMismatch {
                what: "broadcast target and source",
                left: 3,
                right: 4,
            },
            Refusal::InvalidStride {
                what: "stride * count overflows",
            },
            Refusal::InvalidRoot {
                root: 9,
                set: (1, 2, 4),
            },
            Refusal::SyncBufSetMismatch {
                made_for: (0, 1, 4),
                used_with: (1, 2, 2),
            },
            Refusal::InvalidTeamSplit {
                start: 1,
                stride: 2,
                size: 3,
                parent_size: 4,
            },
            Refusal::InvalidTeamSplit {
                start: 3,
                stride: -2,
                size: 3,
                parent_size: 4,
            },
            Refusal::InvalidRoot {
                root: 0,
                set: (7, -3, 2),
            },
        ] {
            assert_eq!(Refusal::decode(r.encode()), Some(r));
        }
    }
}
