//! Property tests (issue 30): the offset, length, stride and count arithmetic of the
//! transport's RMA and strided calls, of located ranges and of the attach check, against a
//! model computed in `u128` (where nothing wraps). For every input the call either does
//! exactly what the model says, or is refused (a panic of the memory-safety backstop) when
//! the model says the range leaves what it was given; accepted calls are checked byte for
//! byte. A bounded number of cases, so that this runs in seconds under `cargo test`.
#![forbid(unsafe_code)]

use std::panic::{AssertUnwindSafe, catch_unwind};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use shmem_core::segment::{Expect, Header, REQUIRED_SEALS, Segment, validate};
use shmem_core::{AllocRequest, FileFacts, Runtime, SegmentError, Transport};

/// Bytes of the block the RMA properties aim at.
const BLOCK: usize = 1 << 16;

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: 512,
        failure_persistence: None,
        ..Config::default()
    })
}

/// Held while panics are silenced, so that the other test's failure is never swallowed.
static QUIET: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Whether `f` panicked.
fn refused(f: impl FnOnce()) -> bool {
    catch_unwind(AssertUnwindSafe(f)).is_err()
}

/// The model of a strided span: `None` when it does not fit `usize`.
fn span(count: usize, stride: usize, elem: usize) -> Option<usize> {
    if count == 0 {
        return Some(0);
    }
    // (2^64 - 1)^2 + 1 fits `u128`; times the element may not.
    let s = ((count as u128 - 1) * stride as u128 + 1).checked_mul(elem as u128)?;
    usize::try_from(s).ok()
}

/// Whether `len` bytes from `offset` lie within `size` bytes.
fn fits(offset: usize, len: usize, size: usize) -> bool {
    offset as u128 + len as u128 <= size as u128
}

/// An offset near one of the places where arithmetic goes wrong: inside the block, at the
/// end of the partition, near `usize::MAX`, or anywhere.
fn offset_near() -> impl Strategy<Value = (u8, usize)> {
    (0u8..4, 0usize..BLOCK)
}

fn place(kind: u8, delta: usize, block: usize, partition: usize) -> usize {
    match kind {
        0 => block + delta % BLOCK,
        1 => partition.wrapping_sub(delta % 4096),
        2 => usize::MAX - delta,
        _ => delta.wrapping_mul(0x9e37_79b9_7f4a_7c15),
    }
}

/// A stride: small, a power of two up to `usize::MAX`'s, or one that makes the span wrap.
fn stride() -> impl Strategy<Value = usize> {
    prop_oneof![
        1usize..8,
        (0u32..64).prop_map(|k| 1usize << k),
        (0usize..4).prop_map(|k| (1usize << 61) - 1 - k),
        any::<usize>(),
    ]
}

fn count() -> impl Strategy<Value = usize> {
    prop_oneof![
        0usize..16,
        (0u32..64).prop_map(|k| 1usize << k),
        any::<usize>()
    ]
}

fn elem() -> impl Strategy<Value = usize> {
    prop_oneof![Just(1usize), Just(2), Just(4), Just(8), Just(16)]
}

/// Puts, gets and strided puts and gets on a 1-PE singleton, and located ranges, against
/// the model. One test (one runtime per process).
#[test]
fn rma_and_strided_calls_follow_the_model() {
    // Refusals are expected by the hundred: keep their messages out of the output (the
    // runtime's own hook, installed at init, runs before this one).
    let quiet = QUIET.lock().unwrap_or_else(|e| e.into_inner());
    std::panic::set_hook(Box::new(|_| {}));
    let (rt, _) = Runtime::init(&[]).expect("singleton init");
    let block = rt
        .alloc(AllocRequest::array::<u8>(BLOCK), |_| {})
        .expect("a block");
    let t = rt.transport();
    let me = t.my_pe();
    let part = rt.segment().partition_size();
    let base = block.offset();
    let read = |off: usize, len: usize| {
        let mut v = vec![0u8; len];
        t.get(me, off, &mut v);
        v
    };

    // put and get: accepted exactly when the range is inside the partition.
    let puts = runner().run(
        &(offset_near(), 0usize..256, any::<u8>()),
        |((kind, delta), len, byte)| {
            let off = place(kind, delta, base, part);
            let src = vec![byte; len];
            let ok = fits(off, len, part);
            prop_assert_eq!(
                !refused(|| t.put(me, off, &src)),
                ok,
                "put {} at {}",
                len,
                off
            );
            let mut dst = vec![!byte; len];
            prop_assert_eq!(!refused(|| t.get(me, off, &mut dst)), ok);
            if ok {
                prop_assert_eq!(&dst, &src);
            } else {
                prop_assert!(dst.iter().all(|&b| b == !byte), "a refused get wrote");
            }
            Ok(())
        },
    );

    // iput: accepted exactly when the source holds its span and the target span is inside
    // the partition; then the elements land where the model puts them, and nothing else in
    // the target span changes.
    let iputs = runner().run(
        &(
            offset_near(),
            count(),
            stride(),
            stride(),
            elem(),
            0usize..512,
        ),
        |((kind, delta), count, dst_stride, src_stride, elem, src_len)| {
            let off = place(kind, delta, base, part);
            let src: Vec<u8> = (0..src_len).map(|i| (i * 7 + 3) as u8).collect();
            let dspan = span(count, dst_stride, elem);
            let ok = span(count, src_stride, elem).is_some_and(|s| s <= src_len)
                && dspan.is_some_and(|s| fits(off, s, part));
            // Before: the target span, where it is small enough to compare whole.
            let whole = ok && dspan.is_some_and(|s| s <= BLOCK);
            let mut want = if whole {
                read(off, dspan.unwrap_or(0))
            } else {
                Vec::new()
            };
            let done = !refused(|| t.iput(me, off, dst_stride, &src, src_stride, elem, count));
            prop_assert_eq!(done, ok, "iput of {} x {} B", count, elem);
            if whole {
                for i in 0..count {
                    let (d, s) = (i * dst_stride * elem, i * src_stride * elem);
                    want[d..d + elem].copy_from_slice(&src[s..s + elem]);
                }
                prop_assert_eq!(read(off, want.len()), want);
            } else if ok {
                for i in 0..count.min(64) {
                    let s = i * src_stride * elem;
                    prop_assert_eq!(read(off + i * dst_stride * elem, elem), &src[s..s + elem]);
                }
            }
            Ok(())
        },
    );

    // iget: the mirror; bytes of the destination between the elements stay as they were.
    let igets = runner().run(
        &(
            offset_near(),
            count(),
            stride(),
            stride(),
            elem(),
            0usize..512,
        ),
        |((kind, delta), count, src_stride, dst_stride, elem, dst_len)| {
            let off = place(kind, delta, base, part);
            let mut dst = vec![0xa5u8; dst_len];
            let ok = span(count, dst_stride, elem).is_some_and(|s| s <= dst_len)
                && span(count, src_stride, elem).is_some_and(|s| fits(off, s, part));
            let done = !refused(|| t.iget(me, off, src_stride, &mut dst, dst_stride, elem, count));
            prop_assert_eq!(done, ok, "iget of {} x {} B", count, elem);
            let mut want = vec![0xa5u8; dst_len];
            if ok {
                for i in 0..count {
                    let d = i * dst_stride * elem;
                    want[d..d + elem].copy_from_slice(&read(off + i * src_stride * elem, elem));
                }
            }
            prop_assert_eq!(dst, want);
            Ok(())
        },
    );

    // Located ranges: an access is accepted exactly when it stays inside the range.
    let range = t.locate(me, base, BLOCK);
    let located = runner().run(
        &(
            prop_oneof![0usize..BLOCK + 64, any::<usize>()],
            0usize..300,
            any::<u8>(),
        ),
        |(at, len, byte)| {
            let ok = fits(at, len, BLOCK);
            let src = vec![byte; len];
            prop_assert_eq!(!refused(|| range.put_silent(at, &src)), ok);
            let mut dst = vec![!byte; len];
            prop_assert_eq!(!refused(|| range.get(at, &mut dst)), ok);
            if ok {
                prop_assert_eq!(&dst, &src);
                prop_assert_eq!(read(base + at, len), src);
            }
            Ok(())
        },
    );
    // The default hook again, so that a failure below is reported.
    let _ = std::panic::take_hook();
    drop(quiet);
    drop(block);
    puts.unwrap();
    iputs.unwrap();
    igets.unwrap();
    located.unwrap();
}

/// The attach check's layout arithmetic: a header is accepted exactly when it is the layout
/// the model computes (in `u128`) for its PE count and partition size, and that layout fits
/// the address space; never because a total wrapped.
#[test]
fn attach_check_follows_the_layout_model() {
    let (seg, _fd, token) = Segment::create(1, 1 << 16).expect("a segment");
    let proto = seg.header();
    drop(seg);
    let page = 4096u128;
    let model = |n: u32, ps: u64| -> Option<(u64, u64)> {
        let n = u128::from(n);
        let control = (4096 + n * 1024).div_ceil(page) * page;
        let total = control + n * u128::from(ps);
        (total <= isize::MAX as u128).then_some((control as u64, total as u64))
    };
    let size = prop_oneof![
        (1u64..64).prop_map(|p| p * 4096),
        (0u32..52).prop_map(|k| (1u64 << k) * 4096),
        (0u64..4).prop_map(|k| u64::MAX - 4095 - k * 4096),
        any::<u64>(),
    ];
    let checked = runner().run(
        &(1u32..=4096, size, any::<bool>(), any::<u64>()),
        |(n, ps, consistent, junk)| {
            let (po, total) = model(n, ps).unwrap_or((junk, junk));
            let mut h = Header {
                n_pes: n,
                partition_size: ps,
                partition_offset: po,
                total_size: total,
                job_token: token,
                ..proto
            };
            if !consistent {
                // The numbers a wrapping computation would have produced.
                h.partition_offset = (4096u64 + u64::from(n) * 1024).next_multiple_of(4096);
                h.total_size = h
                    .partition_offset
                    .wrapping_add(u64::from(n).wrapping_mul(ps));
            }
            let facts = FileFacts {
                uid: 1,
                mode: 0o600,
                size: h.total_size,
                seals: REQUIRED_SEALS,
            };
            let expect = Expect {
                job_token: token,
                n_pes: n,
            };
            let want = ps.is_multiple_of(4096)
                && ps != 0
                && model(n, ps) == Some((h.partition_offset, h.total_size));
            let got = validate(facts, 1, &h, expect);
            prop_assert_eq!(got.is_ok(), want, "{:?}: {:?}", h, got);
            if let Err(e) = got {
                let is_header_error = matches!(e, SegmentError::HeaderInconsistent { .. });
                prop_assert!(is_header_error, "{:?}", e);
            }
            Ok(())
        },
    );
    // Reported once no panic is silenced.
    drop(QUIET.lock().unwrap_or_else(|e| e.into_inner()));
    checked.unwrap();
}
