//! What a safe caller of `shmem-core`'s public API can do to a 1-PE singleton: every hole
//! found in it (issue 30) has a test here, written in safe code only, that failed before its
//! fix. A bad argument must end in a panic of the memory-safety backstop (the typed layer
//! above returns errors first), never in an access outside what the call was given.
#![forbid(unsafe_code)]

use std::os::fd::AsFd;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard};

use shmem_core::segment::{Expect, Segment};
use shmem_core::{AllocRequest, Error, Runtime, SegmentError, Transport};

/// One runtime per process: the tests that need one take turns.
static RUNTIME: Mutex<()> = Mutex::new(());

fn runtime_turn() -> MutexGuard<'static, ()> {
    RUNTIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `f` panicked with a message that contains `why` (the backstop refused the call,
/// rather than, say, a debug build's overflow check).
fn refused(why: &str, f: impl FnOnce()) -> bool {
    let Err(payload) = catch_unwind(AssertUnwindSafe(f)) else {
        return false;
    };
    let text = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    assert!(text.contains(why), "refused, but with {text:?}");
    true
}

/// A stride with which `((count - 1) * stride + 1) * 8` wraps to 0 for `count = 2`.
const WRAPPING_STRIDE: usize = (1 << 61) - 1;

/// Issue 30 item 1: the strided span `((count - 1) * stride + 1) * elem` wrapped to 0, passed
/// both bounds checks, and element 1 went 8 bytes *before* the target offset.
#[test]
fn iput_with_a_wrapping_span_is_refused() {
    let _turn = runtime_turn();
    let (rt, _) = Runtime::init(&[]).expect("singleton init");
    let block = rt
        .alloc(AllocRequest::array::<u64>(4), |_| {})
        .expect("4 words");
    let t = rt.transport();
    let me = t.my_pe();
    // Word 0 of the block is a sentinel; the strided put aims at word 1.
    let sentinel = 0x5e47_10e1u64;
    t.put(me, block.offset(), &sentinel.to_ne_bytes());
    let src: Vec<u8> = [7u64, 9].iter().flat_map(|v| v.to_ne_bytes()).collect();
    let at = block.offset() + 8;
    assert!(
        refused("strided span overflows", || t.iput(
            me,
            at,
            WRAPPING_STRIDE,
            &src,
            1,
            8,
            2
        )),
        "a strided put whose span overflows must be refused"
    );
    let mut word = [0u8; 8];
    t.get(me, block.offset(), &mut word);
    assert_eq!(
        u64::from_ne_bytes(word),
        sentinel,
        "nothing written before the target"
    );
    // The local side's stride wraps the same way: refused before reading before `src`.
    assert!(refused("strided span overflows", || t.iput(
        me,
        at,
        1,
        &src,
        WRAPPING_STRIDE,
        8,
        2
    )));
}

/// Issue 30 item 1, the mirror: element 1 was read from 8 bytes before the source offset.
#[test]
fn iget_with_a_wrapping_span_is_refused() {
    let _turn = runtime_turn();
    let (rt, _) = Runtime::init(&[]).expect("singleton init");
    let block = rt
        .alloc(AllocRequest::array::<u64>(4), |_| {})
        .expect("4 words");
    let t = rt.transport();
    let me = t.my_pe();
    t.put(me, block.offset(), &0x5e47_10e1u64.to_ne_bytes());
    let mut dst = [0u8; 16];
    let at = block.offset() + 8;
    assert!(
        refused("strided span overflows", || t.iget(
            me,
            at,
            WRAPPING_STRIDE,
            &mut dst,
            1,
            8,
            2
        )),
        "a strided get whose span overflows must be refused"
    );
    assert_eq!(dst, [0u8; 16], "nothing read from before the source");
    assert!(refused("strided span overflows", || t.iget(
        me,
        at,
        1,
        &mut dst,
        WRAPPING_STRIDE,
        8,
        2
    )));
}

/// Issue 30 item 2: `Segment::create` hands out the memfd beside a segment whose `slot()`
/// and `job()` are references into the mapping; truncating the file made the next load
/// through them a bus error. The memfd is sealed: its size cannot change.
#[test]
fn the_segment_file_cannot_change_size() {
    let (seg, fd, _token) = Segment::create(1, 1 << 16).expect("a 1-PE segment");
    let file = std::fs::File::from(fd);
    let len = seg.len() as u64;
    assert!(file.set_len(0).is_err(), "the segment file must not shrink");
    assert!(file.set_len(len / 2).is_err(), "nor shrink a little");
    assert!(file.set_len(len + 4096).is_err(), "nor grow");
    assert_eq!(file.metadata().expect("fstat").len(), len);
    // The references are still good.
    let slot = seg.slot(0);
    slot.barrier.0.store(5, Ordering::Relaxed);
    assert_eq!(slot.barrier.0.load(Ordering::Relaxed), 5);
    assert_eq!(seg.job().global_exit.load(Ordering::Relaxed), 0);
}

/// Issue 30 item 2, the attach side: any regular file that passed the owner, mode, size and
/// header checks was mapped, and whoever holds it can truncate it under the mapping. A file
/// without the segment's seals is refused.
#[test]
fn attach_refuses_a_file_whose_size_can_change() {
    use std::io::{Read, Seek, Write};
    use std::os::unix::fs::OpenOptionsExt;

    let (seg, fd, token) = Segment::create(1, 1 << 16).expect("a 1-PE segment");
    let mut memfd = std::fs::File::from(fd);
    let mut bytes = Vec::new();
    memfd.rewind().expect("seek");
    memfd.read_to_end(&mut bytes).expect("the segment's bytes");
    assert_eq!(bytes.len(), seg.len());
    // The same bytes, owner and mode in an ordinary file, which anyone holding it may
    // truncate.
    let path = std::env::temp_dir().join(format!(
        "shmem-core-unsealed-{}-{token:x}",
        std::process::id()
    ));
    let mut copy = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .expect("a temporary file");
    let _ = std::fs::remove_file(&path);
    copy.write_all(&bytes).expect("the copy");
    let expect = Expect {
        job_token: token,
        n_pes: 1,
    };
    match Segment::attach(copy.as_fd(), expect) {
        Err(Error::Segment(SegmentError::NotSealed { seals, required })) => {
            assert_ne!(
                seals & required,
                required,
                "{seals:#x} lacks some of {required:#x}"
            )
        }
        other => panic!("an unsealed file was not refused: {other:?}"),
    }
    // The memfd itself attaches.
    let other = Segment::attach(memfd.as_fd(), expect).expect("the sealed memfd attaches");
    assert_eq!(other.header(), seg.header());
}

/// Issue 30 item 4: every forgotten read guard left a reader counted, and the 32,768th
/// carried the 15-bit reader count into the poison bit: the lock then looked free, admitted
/// a writer beside live readers, and said it was poisoned though no writer had panicked. As
/// `std`'s lock does, a reader beyond the count's capacity is refused (a panic of `lock`,
/// `None` from `try_lock`), never admitted; the readers already in keep the lock.
#[test]
fn leaked_readers_saturate_instead_of_admitting_a_writer() {
    use shmem_core::rwlock::{RWLOCK_ALIGN, RawRwLock, RwKind, rwlock_size};

    let _turn = runtime_turn();
    let (rt, _) = Runtime::init(&[]).expect("singleton init");
    let t = rt.transport();
    let req = AllocRequest::object::<u64>(rwlock_size(t.n_pes()), RWLOCK_ALIGN, 4, 0);
    let block = rt
        .alloc(req, |off| RawRwLock::new(off, 0).init_local(t))
        .expect("a lock");
    let lock = RawRwLock::new(block.offset(), 0);
    // Readers that never unlock (what `mem::forget` of a guard leaves), until refused.
    let mut admitted = 0u32;
    while admitted < 1 << 16 {
        if lock.try_lock(t, RwKind::Shared).is_none() {
            break;
        }
        admitted += 1;
    }
    assert_eq!(admitted, (1 << 15) - 1, "the reader count's capacity");
    assert!(
        refused("too many readers", || {
            lock.lock(t, RwKind::Shared);
        }),
        "a reader beyond the capacity is refused"
    );
    assert!(
        lock.try_lock(t, RwKind::Exclusive).is_none(),
        "no writer beside live readers"
    );
    let snap = lock.snapshot(t);
    assert!(!snap.poisoned, "no writer panicked");
    assert_eq!(snap.writer, None);
    assert!(snap.queue.is_empty(), "the refused reader left no request");
}

/// Found by the audit of issue 30: the attach check recomputed the layout from the header's
/// PE count and partition size with unchecked arithmetic. A header whose total wrapped past
/// 2^64 matched a file of 4 KiB, and the segment then handed out a `&Slot` past the end of
/// its mapping. Any sealed memfd of this user's passes the file checks, so safe code can
/// make one; its impossible header is refused.
#[test]
fn attach_refuses_a_header_whose_layout_overflows() {
    use rustix::fs::{MemfdFlags, Mode, SealFlags};

    let (seg, _fd, token) = Segment::create(1, 1 << 16).expect("a 1-PE segment");
    let mut header = seg.header();
    drop(seg);
    // One partition of 2^64 - 4096 bytes: 8192 + that wraps to a total of 4096 bytes.
    header.partition_size = u64::MAX - 4095;
    header.total_size = header.partition_offset.wrapping_add(header.partition_size);
    assert_eq!(header.total_size, 4096);
    let fd = rustix::fs::memfd_create("crafted", MemfdFlags::ALLOW_SEALING).expect("memfd");
    rustix::fs::fchmod(&fd, Mode::from_raw_mode(0o600)).expect("fchmod");
    rustix::fs::ftruncate(&fd, header.total_size).expect("ftruncate");
    let bytes: Vec<u8> = [
        header.magic.to_ne_bytes().as_slice(),
        &header.layout_version.to_ne_bytes(),
        &header.n_pes.to_ne_bytes(),
        &header.job_token.to_ne_bytes(),
        &header.control_offset.to_ne_bytes(),
        &header.slot_size.to_ne_bytes(),
        &header.partition_offset.to_ne_bytes(),
        &header.partition_size.to_ne_bytes(),
        &header.total_size.to_ne_bytes(),
    ]
    .concat();
    rustix::io::pwrite(&fd, &bytes, 0).expect("the header");
    rustix::fs::fcntl_add_seals(&fd, SealFlags::SHRINK | SealFlags::GROW | SealFlags::SEAL)
        .expect("seals");
    let expect = Expect {
        job_token: token,
        n_pes: 1,
    };
    let attached = catch_unwind(|| Segment::attach(fd.as_fd(), expect).map(drop));
    match attached {
        Ok(Err(Error::Segment(SegmentError::HeaderInconsistent { field, found, .. }))) => {
            assert_eq!((field, found), ("partition_size", header.partition_size))
        }
        other => panic!("an impossible header was not refused: {other:?}"),
    }
}

/// Found by the audit of issue 30: the statics' layout added sizes unchecked, so statics
/// whose sizes add up past `usize::MAX` wrapped to a small total, passed the check against
/// the partition, and overlapped the runtime's own area. They are too large: a typed error.
#[test]
fn statics_whose_sizes_overflow_are_too_large() {
    use shmem_core::StaticDesc;

    let _turn = runtime_turn();
    let huge = |id| StaticDesc {
        id,
        size: usize::MAX / 2 + 1,
        align: 8,
        init: &[],
    };
    let statics = [huge("a"), huge("b")];
    let layout = shmem_core::runtime::layout_statics(&statics);
    assert!(layout.offsets[1] > layout.offsets[0], "{layout:?}");
    assert_eq!(layout.size, usize::MAX, "saturated");
    match Runtime::init(&statics) {
        Err(Error::StaticsTooLarge { needed, .. }) => assert_eq!(needed, usize::MAX),
        other => panic!("expected StaticsTooLarge, got {other:?}"),
    }
}

/// Found by the audit of issue 30: a sync area's size was computed from its capacity
/// unchecked; a capacity near `usize::MAX` wrapped to an area of a few lines whose regions
/// claimed room for everything. Refused where it is made.
#[test]
fn a_sync_area_too_large_to_lay_out_is_refused() {
    use shmem_core::collectives::{SyncArea, area_bytes};

    let area = SyncArea::new(0, 8192);
    assert!(area.capacity() >= 8192 && area.bytes() == area_bytes(8192));
    for capacity in [usize::MAX, usize::MAX - 200, isize::MAX as usize] {
        assert!(refused("sync area capacity too large", || {
            SyncArea::new(0, capacity);
        }));
    }
}
