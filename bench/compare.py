#!/usr/bin/env python3
"""Table of bench/compare.sh: our rows against the reference benchmarks (OSHMEM, MPI one-sided).

Usage: compare.py OUT_DIR
OUT_DIR holds the raw outputs of the runs, named <harness>.<round>[.<npes>].tsv with
harness one of ours, oshmem, mpi, and with compare.sh --mpi also oursmpi (our harness over the
MPI transport, one node) and offnode (the same with every PE a pretend node of its own)
(each: `#` comments and rows `metric npes value unit ok|FAIL`); the files of one harness and
round are taken together.

When oursmpi or offnode rows are present, a second table follows: per row, ours over shared
memory, over MPI on one node (ratio MPI/shm, target <= MPI_ON_NODE_TARGET) and off-node
(ratio off-node / MPI one-sided where mpi-rma-bench has the row, target <= MPI_OFF_NODE_TARGET).

For every (metric, npes) of the OSHMEM reference benchmark, the value of each harness is the
median over the rounds of its per-run values (each itself the median of 5 repetitions).
ratio = ours / OSHMEM; the target (TARGETS below) is a bound on that ratio. Rows that a
harness did not print show as `-`. Standard library only.

Besides printing the table, it writes OUT_DIR/medians.tsv: every row of every harness
(not only those of the table), the median over rounds, one line per (harness, metric, npes):
`harness metric npes value unit rounds` (tab separated; rounds = number of rounds that
printed the row), after `#` comment lines: the runs' date range and rounds; the compare.sh
header line (environment variable COMPARE_HEADER, else the first line of OUT_DIR/table.md);
our run.sh header line; the column names. bench/plot.sh reads it.
"""

import datetime
import glob
import os
import re
import statistics
import sys

# The OSHMEM reference benchmark's order (oshmem-bench/run.sh).
METRICS = """put_lat_8 put_lat_64 put_lat_4096 put_lat_65536 put_lat_1048576
get_lat_8 get_lat_64 get_lat_4096 get_lat_65536 get_lat_1048576
put_bw_1048576 get_bw_1048576 amo_fadd_lat amo_cswap_lat amo_add_lat
pingpong_lat barrier_lat or_to_all_lat_1 or_to_all_lat_1024
or_to_all_lat_65536 sum_to_all_lat_1024 bcast_lat_4096 fcollect_lat_8
lock_ops_per_s""".split()

# Targets on ours/OSHMEM (the project's performance goals): ("<=", x) for times,
# (">=", x) for rates.
TARGETS = {}
for m in ("put_lat_8", "get_lat_8"):
    TARGETS[m] = ("<=", 0.7)
for m in ("put_lat_4096", "get_lat_4096", "put_lat_65536", "get_lat_65536"):
    TARGETS[m] = ("<=", 0.15)
for m in ("put_bw_1048576", "get_bw_1048576"):
    TARGETS[m] = (">=", 0.95)
for m in ("amo_fadd_lat", "amo_cswap_lat", "amo_add_lat"):
    TARGETS[m] = ("<=", 0.2)
for m in ("pingpong_lat", "barrier_lat", "or_to_all_lat_1", "fcollect_lat_8"):
    TARGETS[m] = ("<=", 0.33)
for m in ("or_to_all_lat_1024", "sum_to_all_lat_1024", "or_to_all_lat_65536",
          "bcast_lat_4096"):
    TARGETS[m] = ("<=", 0.2)
TARGETS["lock_ops_per_s"] = (">=", 3.0)

# The matching MPI one-sided (mpi-rma-bench) row, where one exists.
MPI_ROW = {
    "put_lat_8": "put_flush_lat_8",
    "get_lat_8": "get_flush_lat_8",
    "put_lat_65536": "put_flush_lat_65536",
    "amo_fadd_lat": "fetch_and_op_lat",
    "amo_cswap_lat": "cas_lat",
    "barrier_lat": "barrier_lat",
    "or_to_all_lat_1": "allreduce_bor_1_lat",
    "lock_ops_per_s": "win_lock_contended_ops_per_s",
}

# The MPI transport's targets (issue 10): on one node within 1.2x of our shared-memory
# transport; off-node within 1.1x of MPI one-sided doing the same operation.
MPI_ON_NODE_TARGET = 1.2
MPI_OFF_NODE_TARGET = 1.1

HARNESSES = ("ours", "oshmem", "mpi", "oursmpi", "offnode", "ourc", "ours2h", "oshmem2h", "mpi2h")

# Two hosts (compare.sh --mpi --hosts 2, issue 27 item 5): ours over the MPI transport across two
# hosts (ours2h) against raw MPI one-sided (mpi2h: the MPI anchor plus bench/c/mpi_rma_extra.c)
# and OSHMEM (oshmem2h) across the same hosts. The raw MPI row doing the same operation:
HOSTS_MPI_ROW = {
    "put_lat_8": "put_flush_lat_8",
    "put_lat_64": "put_flush_lat_64",
    "put_lat_4096": "put_flush_lat_4096",
    "put_lat_65536": "put_flush_lat_65536",
    "put_lat_1048576": "put_flush_lat_1048576",
    "get_lat_8": "get_flush_lat_8",
    "get_lat_64": "get_flush_lat_64",
    "get_lat_4096": "get_flush_lat_4096",
    "get_lat_65536": "get_flush_lat_65536",
    "get_lat_1048576": "get_flush_lat_1048576",
    "put_bw_1048576": "put_flush_bw_1048576",
    "get_bw_1048576": "get_flush_bw_1048576",
    "amo_fadd_lat": "fetch_and_op_lat",
    "amo_cswap_lat": "cas_lat",
    "amo_add_lat": "accumulate_sum_1_lat",
    "pingpong_lat": "sendrecv_lat_8",
    "barrier_lat": "barrier_lat",
    "or_to_all_lat_1": "allreduce_bor_1_lat",
    "team_or_reduce_lat_1": "allreduce_bor_1_lat",
    "lock_ops_per_s": "win_lock_contended_ops_per_s",
}
# Rows of ours beyond oshmem-bench's that the two-host table shows: the small reduction in
# OpenSHMEM 1.5's team form, timed back to back as the MPI anchor times MPI_Allreduce.
HOSTS_EXTRA = ["team_or_reduce_lat_1"]
# Targets (issue 27 item 5) as (bound on ours/raw MPI, bound on ours/OSHMEM), read as costs
# (time / time; for rates the inverse); None: no target. put/get/AMO latency within 1.1x of raw
# MPI and no slower than OSHMEM; bandwidth (64 KiB and 1 MiB transfers) within 1.05x of raw MPI;
# barrier and small reductions within 1.2x of MPI_Barrier / MPI_Allreduce.
HOSTS_TARGETS = {}
for _m in ("put_lat_8", "put_lat_64", "put_lat_4096", "get_lat_8", "get_lat_64",
           "get_lat_4096", "amo_fadd_lat", "amo_cswap_lat", "amo_add_lat"):
    HOSTS_TARGETS[_m] = (1.1, 1.0)
for _m in ("put_lat_65536", "put_lat_1048576", "get_lat_65536", "get_lat_1048576"):
    HOSTS_TARGETS[_m] = (1.05, 1.0)
for _m in ("put_bw_1048576", "get_bw_1048576"):
    HOSTS_TARGETS[_m] = (1.05, None)
for _m in ("barrier_lat", "or_to_all_lat_1", "team_or_reduce_lat_1"):
    HOSTS_TARGETS[_m] = (1.2, None)
# Rows between PE 0 and PE 1 only (the others span every PE, so both hosts).
POINT_TO_POINT = {m for m in METRICS if m.startswith(("put_", "get_", "amo_", "pingpong"))}

# Same source (issue 14): bench.c on our C API against our Rust harness; the C API should add
# no cost (within 10 %).
SAME_SOURCE_TARGET = 1.1
SAME_SOURCE_ROWS = METRICS

# Window rows (issue 11): ours against mpi-rma-bench's row of the same name. Targets on
# ours / MPI: latencies at least 1.5x better; the contended lock at least MPI's throughput.
WINDOW_ROWS = {
    "win_lock_excl_lat": ("<=", 1 / 1.5),
    "win_lock_shared_lat": ("<=", 1 / 1.5),
    "win_lock_contended_ops_per_s": (">=", 1.0),
    "accumulate_sum_1024_lat": ("<=", 1 / 1.5),
    "fence_epoch_lat": ("<=", 1 / 1.5),
    "pscw_epoch_lat": ("<=", 1 / 1.5),
}


def parse(path):
    """rows {(metric, npes): (value, unit, status)}, busy [(np, 'x%')], header lines.

    Our get_bw_1048576 same-destination note (a comment) is stored as the pseudo-row
    ("get_bw_1048576_one_dst", np), np being that of the preceding `# np=N:` line.
    """
    rows, busy, heads = {}, [], []
    cur_np = None
    idle = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                if line.startswith("# idle wait:"):
                    idle = line[len("# idle wait: "):]
                m = re.match(r"# np=(\d+): machine CPU busy just before the run: (\S+)", line)
                if m:
                    cur_np = int(m.group(1))
                    busy.append((cur_np, m.group(2)))
                if re.match(r"# (shmem-bench|oshmem-bench|mpi-rma-bench) run\.sh:", line):
                    heads.append(line)
                continue
            parts = line.split("\t")
            if len(parts) != 5:
                continue
            try:
                rows[(parts[0], int(parts[1]))] = (float(parts[2]), parts[3], parts[4])
            except ValueError:
                continue
    if idle is not None:
        heads.append(idle)
    return rows, busy, heads


def fmt(v):
    if v is None:
        return "-"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    if abs(v) >= 100:
        return f"{v:.0f}"
    return f"{v:.1f}"


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    out = sys.argv[1]
    runs = {h: [] for h in HARNESSES}  # harness -> [(round, rows, busy, heads)]
    merged = {}  # (harness, round) -> (rows, busy, heads)
    for path in sorted(glob.glob(os.path.join(out, "*.tsv"))):
        m = re.match(r"(ours|oshmem|mpi|oursmpi|offnode|ourc|ours2h|oshmem2h|mpi2h)"
                     r"\.(\d+)(?:\.(\d+))?\.tsv$",
                     os.path.basename(path))
        if not m:
            continue
        rows, busy, heads = parse(path)
        acc = merged.setdefault((m.group(1), int(m.group(2))), ({}, [], []))
        acc[0].update(rows)
        acc[1].extend(busy)
        acc[2].extend(heads)
    for (h, rnd), (rows, busy, heads) in sorted(merged.items(), key=lambda kv: kv[0][1]):
        busy.sort()
        runs[h].append((rnd, rows, busy, heads))

    def values(h, key):
        vals, fails = [], 0
        for _, rows, _, _ in runs[h]:
            if key in rows:
                v, _unit, st = rows[key]
                vals.append(v)
                fails += st != "ok"
        return vals, fails

    def med(h, key):
        vals, fails = values(h, key)
        return (statistics.median(vals) if vals else None), len(vals), fails

    nps = sorted({k[1] for h in HARNESSES for r in runs[h] for k in r[1]})
    units = {}
    for h in HARNESSES:
        for r in runs[h]:
            for k, (_v, unit, _st) in r[1].items():
                units.setdefault(k[0], unit)

    if runs["ours2h"] or runs["oshmem2h"] or runs["mpi2h"]:
        print_busy(runs, ("ours2h", "oshmem2h", "mpi2h"))
        hosts_table(nps, med, units)
        write_medians(out, runs)
        return 0

    print("# bench/compare.sh: per-row median over rounds; ratio = ours / OSHMEM; "
          "target = bound on the ratio (TARGETS in bench/compare.py); "
          "MPI = matching mpi-rma-bench row (osc sm)")
    print_busy(runs, HARNESSES)
    print()
    print("| metric | npes | ours | OSHMEM | ratio | target | MPI one-sided | met/missed |")
    print("|---|---:|---:|---:|---:|---|---:|---|")
    missed, worse_than_mpi, fails = [], [], []
    counts = {"met": 0, "missed": 0}
    for np in nps:
        for m in METRICS:
            key = (m, np)
            ours, n_ours, f_ours = med("ours", key)
            osh, n_osh, f_osh = med("oshmem", key)
            mpi_name = MPI_ROW.get(m)
            mpi, f_mpi = None, 0
            if mpi_name:
                mpi, _, f_mpi = med("mpi", (mpi_name, np))
            if ours is None and osh is None and mpi is None:
                continue
            ratio = ours / osh if ours is not None and osh else None
            tgt = TARGETS.get(m)
            tgt_s = f"{tgt[0]} {tgt[1]:g}" if tgt else "-"
            if ours is None or ratio is None or tgt is None:
                verdict = "-"
            else:
                ok = ratio <= tgt[1] if tgt[0] == "<=" else ratio >= tgt[1]
                verdict = "met" if ok else "missed"
                counts[verdict] += 1
                if not ok:
                    missed.append(f"{m}@{np}")
            if f_ours:
                verdict += f" (ours FAIL in {f_ours} run(s))"
                fails.append(f"ours {m}@{np}")
            if f_osh:
                fails.append(f"oshmem {m}@{np}")
            if f_mpi:
                fails.append(f"mpi {mpi_name}@{np}")
            if ours is not None and mpi is not None:
                higher_better = units.get(m, "") in ("MB/s", "ops/s")
                if (ours < mpi) if higher_better else (ours > mpi):
                    worse_than_mpi.append(f"{m}@{np} ({fmt(ours)} vs {fmt(mpi)})")
            mpi_s = f"{fmt(mpi)} ({mpi_name})" if mpi is not None else "-"
            ratio_s = f"{ratio:.3f}" if ratio is not None else "-"
            print(f"| {m} | {np} | {fmt(ours)} | {fmt(osh)} | {ratio_s} | {tgt_s} | "
                  f"{mpi_s} | {verdict} |")
    print()
    rounds = {h: len(runs[h]) for h in HARNESSES}
    print(f"# rounds: ours {rounds['ours']}, OSHMEM {rounds['oshmem']}, MPI {rounds['mpi']}; "
          f"units: ns, except *_bw_* MB/s and lock_ops_per_s ops/s")
    print(f"# targets met: {counts['met']}, missed: {counts['missed']}"
          + (f" ({' '.join(missed)})" if missed else ""))
    print("# ours worse than MPI one-sided: " + ("; ".join(worse_than_mpi) or "none"))
    if fails:
        print("# FAIL rows seen: " + ", ".join(fails))
    window_table(nps, med)
    new_calls_table(nps, med)
    if runs["oursmpi"] or runs["offnode"]:
        mpi_table(nps, med, units)
    if runs["ourc"]:
        same_source_table(nps, med)
    write_medians(out, runs)
    return 0


def print_busy(runs, harnesses):
    """One comment line per harness and round: the machine's CPU use before each run."""
    for h in harnesses:
        for rnd, _rows, busy, heads in runs[h]:
            b = ", ".join(f"np={n} {p}" for n, p in busy) or "n/a"
            w = [x for x in heads if not x.startswith("#")]
            noisy = sum("NOISY" in x for x in w)
            print(f"# {h} round {rnd}: CPU busy before each run: {b}"
                  + (f"; {noisy} run(s) started on a busy machine (idle wait gave up)"
                     if noisy else ""))


def hosts_table(nps, med, units):
    """The two-host table (compare.sh --mpi --hosts 2): ours / raw MPI and ours / OSHMEM per row,
    against HOSTS_TARGETS; `med(harness, key)` as in main. COMPARE_HOSTS_MAP (node or slot, from
    compare.sh) says where PE 1 is: at np > 2 with slot mapping, PE 0 and PE 1 share a host."""
    mapping = os.environ.get("COMPARE_HOSTS_MAP", "node")

    def cost(a, b, m):
        if a is None or not b:
            return None
        return b / a if units.get(m, "") in ("MB/s", "ops/s") else a / b

    print()
    print("## Across two hosts: ours (MPI transport) / raw MPI one-sided and / OSHMEM "
          "(ratios as costs: time ratio, or the inverse for MB/s and ops/s; lower is better)")
    print()
    print("| metric | npes | crosses hosts | ours | raw MPI | OSHMEM | ours/MPI | ours/OSHMEM "
          "| target | met/missed |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---|---|")
    counts, missed, fails = {"met": 0, "missed": 0}, [], []
    for np in nps:
        for m in METRICS + HOSTS_EXTRA:
            ours, _, f_ours = med("ours2h", (m, np))
            osh, _, f_osh = med("oshmem2h", (m, np))
            mpi_name = HOSTS_MPI_ROW.get(m)
            mpi, f_mpi = (None, 0)
            if mpi_name:
                mpi, _, f_mpi = med("mpi2h", (mpi_name, np))
            if ours is None and osh is None and mpi is None:
                continue
            if m in POINT_TO_POINT:
                cross = "yes" if np == 2 or mapping == "node" else "no (PE 0, 1 on one host)"
            else:
                cross = "yes (all PEs)"
            r_mpi, r_osh = cost(ours, mpi, m), cost(ours, osh, m)
            t_mpi, t_osh = HOSTS_TARGETS.get(m, (None, None))
            tgt, verdicts = [], []
            for r, t, what in ((r_mpi, t_mpi, "MPI"), (r_osh, t_osh, "OSHMEM")):
                if t is None:
                    continue
                tgt.append(f"{what} <= {t:g}")
                if r is None:
                    continue
                ok = r <= t
                counts["met" if ok else "missed"] += 1
                verdicts.append("met" if ok else f"missed ({what})")
                if not ok:
                    missed.append(f"{m}@{np} vs {what}")
            for f, h, name in ((f_ours, "ours2h", m), (f_osh, "oshmem2h", m),
                               (f_mpi, "mpi2h", mpi_name)):
                if f:
                    fails.append(f"{h} {name}@{np}")
            rs = lambda r: f"{r:.2f}" if r is not None else "-"
            mpi_s = f"{fmt(mpi)} ({mpi_name})" if mpi is not None else "-"
            print(f"| {m} | {np} | {cross} | {fmt(ours)} | {mpi_s} | {fmt(osh)} | {rs(r_mpi)} | "
                  f"{rs(r_osh)} | {', '.join(tgt) or '-'} | {', '.join(verdicts) or '-'} |")
    print()
    print("# units: ns, except *_bw_* MB/s and lock_ops_per_s ops/s; raw MPI pingpong_lat is "
          "MPI_Send/MPI_Recv one way (a floor, not the same operation), amo_add_lat is "
          "MPI_Accumulate of one int64 + flush, lock_ops_per_s is MPI's contended window lock")
    print(f"# two-host targets met: {counts['met']}, missed: {counts['missed']}"
          + (f" ({'; '.join(missed)})" if missed else ""))
    if fails:
        print("# FAIL rows seen: " + ", ".join(fails))
    # window rows, ours against the raw MPI row of the same name
    rows = [(m, np) for np in nps for m in WINDOW_ROWS
            if med("ours2h", (m, np))[0] is not None and med("mpi2h", (m, np))[0] is not None]
    if rows:
        print()
        print("## Across two hosts, window rows: ours / raw MPI one-sided (no target; "
              "ratio as a cost)")
        print()
        print("| metric | npes | ours | raw MPI | ours/MPI |")
        print("|---|---:|---:|---:|---:|")
        for m, np in rows:
            ours, ref = med("ours2h", (m, np))[0], med("mpi2h", (m, np))[0]
            r = cost(ours, ref, m)
            print(f"| {m} | {np} | {fmt(ours)} | {fmt(ref)} | "
                  f"{f'{r:.2f}' if r is not None else '-'} |")


NEW_CALLS = [
    # (ours-only row, the nearest row OSHMEM has too)
    ("put_signal_lat_8", "pingpong_lat"),
    ("amo_fadd_nbi_ops_per_s", "amo_fadd_lat"),
]


def new_calls_table(nps, med):
    """OpenSHMEM 1.5/1.6 calls that OSHMEM 4.1 lacks: ours only, next to the nearest row both
    have (put_signal_lat_8 beside pingpong_lat: the same ping-pong, data and flag in one call
    instead of a flag alone; non-blocking fetch-adds beside the blocking one's latency)."""
    rows = [(m, near, np) for m, near in NEW_CALLS for np in nps
            if med("ours", (m, np))[0] is not None]
    if not rows:
        return
    print()
    print("## OpenSHMEM 1.5/1.6 calls OSHMEM lacks (ours only; the nearest row both have beside it)")
    print()
    print("| metric | npes | ours | nearest row | ours | OSHMEM |")
    print("|---|---:|---:|---|---:|---:|")
    for m, near, np in rows:
        print(f"| {m} | {np} | {fmt(med('ours', (m, np))[0])} | {near} | "
              f"{fmt(med('ours', (near, np))[0])} | {fmt(med('oshmem', (near, np))[0])} |")


def same_source_table(nps, med):
    """bench.c, unchanged, built with our shmemcc on our C API ("ourc"), against our Rust
    harness and OSHMEM running the same source; target: C API / Rust <= SAME_SOURCE_TARGET
    (the C API adds no cost), for the latency rows (for the bandwidth and lock rows, higher is
    better: the bound is on Rust / C API)."""
    rows = []
    for np in nps:
        for m in SAME_SOURCE_ROWS:
            c = med("ourc", (m, np))[0]
            if c is None:
                continue
            rows.append((m, np, c, med("ours", (m, np))[0], med("oshmem", (m, np))[0]))
    if not rows:
        return
    print()
    print(f"## Same source: bench.c on our C API (shmemcc) / our Rust harness "
          f"(target <= {SAME_SOURCE_TARGET}; throughput rows inverted)")
    print()
    print("| metric | npes | C API | Rust harness | ratio | OSHMEM (bench.c) | met/missed |")
    print("|---|---:|---:|---:|---:|---:|---|")
    counts = {"met": 0, "missed": 0}
    for m, np, c, rust, osh in rows:
        higher = m.endswith("_per_s") or "_bw_" in m
        ratio = None
        if rust and c:
            ratio = rust / c if higher else c / rust
        verdict = "-"
        if ratio is not None:
            verdict = "met" if ratio <= SAME_SOURCE_TARGET else "missed"
            counts[verdict] += 1
        ratio_s = f"{ratio:.3f}" if ratio is not None else "-"
        print(f"| {m} | {np} | {fmt(c)} | {fmt(rust)} | {ratio_s} | {fmt(osh)} | {verdict} |")
    print()
    print(f"# same-source targets met: {counts['met']}, missed: {counts['missed']}")


def window_table(nps, med):
    """Ours against MPI one-sided on the window rows (WINDOW_ROWS), where either has them."""
    rows = [(m, np) for np in nps for m in WINDOW_ROWS
            if med("ours", (m, np))[0] is not None or med("mpi", (m, np))[0] is not None]
    if not rows:
        return
    print()
    print("## Windows: ours / MPI one-sided (targets: latency <= 0.667, i.e. 1.5x better; "
          "contended lock >= 1)")
    print()
    print("| metric | npes | ours | MPI one-sided | ratio | target | met/missed |")
    print("|---|---:|---:|---:|---:|---|---|")
    counts, missed = {"met": 0, "missed": 0}, []
    for m, np in rows:
        ours, _, f_ours = med("ours", (m, np))
        ref = med("mpi", (m, np))[0]
        cmp_, bound = WINDOW_ROWS[m]
        ratio = ours / ref if ours is not None and ref else None
        verdict = "-"
        if ratio is not None:
            ok = ratio <= bound if cmp_ == "<=" else ratio >= bound
            verdict = "met" if ok else "missed"
            counts[verdict] += 1
            if not ok:
                missed.append(f"{m}@{np}")
        if f_ours:
            verdict += f" (ours FAIL in {f_ours} run(s))"
        ratio_s = f"{ratio:.3f}" if ratio is not None else "-"
        print(f"| {m} | {np} | {fmt(ours)} | {fmt(ref)} | {ratio_s} | {cmp_} {bound:.3g} | "
              f"{verdict} |")
    print()
    print(f"# window targets met: {counts['met']}, missed: {counts['missed']}"
          + (f" ({' '.join(missed)})" if missed else ""))
    layout_rows = [np for np in nps if med("ours", ("layout_put_reuse_lat", np))[0] is not None]
    if layout_rows:
        print()
        print("## Layouts (ours only): a derived-datatype put described for every transfer "
              "(first use) vs described once (reuse)")
        print()
        print("| npes | first use | reuse | first / reuse |")
        print("|---:|---:|---:|---:|")
        for np in layout_rows:
            first = med("ours", ("layout_put_first_lat", np))[0]
            reuse = med("ours", ("layout_put_reuse_lat", np))[0]
            ratio = f"{first / reuse:.2f}" if first is not None and reuse else "-"
            print(f"| {np} | {fmt(first)} | {fmt(reuse)} | {ratio} |")


def mpi_table(nps, med, units):
    """The MPI transport's table (compare.sh --mpi); `med(harness, key)` as in main."""

    def cost(a, b, m):
        # ratio read as a cost: time / time, or, for rates, the inverse
        if a is None or not b:
            return None
        return b / a if units.get(m, "") in ("MB/s", "ops/s") else a / b

    print()
    print(f"## The MPI transport: MPI / shm <= {MPI_ON_NODE_TARGET:g} (one node), "
          f"off-node / MPI one-sided <= {MPI_OFF_NODE_TARGET:g}")
    print()
    print("| metric | npes | ours shm | ours MPI | MPI/shm | off-node | MPI one-sided "
          "| off-node/MPI | met/missed |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    counts, missed, fails = {"met": 0, "missed": 0}, [], []
    for np in nps:
        for m in METRICS:
            key = (m, np)
            shm = med("ours", key)[0]
            ompi, _, f_on = med("oursmpi", key)
            off, _, f_off = med("offnode", key)
            mpi_name = MPI_ROW.get(m)
            ref = med("mpi", (mpi_name, np))[0] if mpi_name else None
            if ompi is None and off is None:
                continue
            r_on, r_off = cost(ompi, shm, m), cost(off, ref, m)
            verdicts = []
            for r, tgt, what in ((r_on, MPI_ON_NODE_TARGET, "on-node"),
                                 (r_off, MPI_OFF_NODE_TARGET, "off-node")):
                if r is None:
                    continue
                ok = r <= tgt
                counts["met" if ok else "missed"] += 1
                if not ok:
                    missed.append(f"{m}@{np} {what}")
                verdicts.append("met" if ok else f"missed ({what})")
            if f_on:
                fails.append(f"oursmpi {m}@{np}")
            if f_off:
                fails.append(f"offnode {m}@{np}")
            rs = lambda r: f"{r:.2f}" if r is not None else "-"
            print(f"| {m} | {np} | {fmt(shm)} | {fmt(ompi)} | {rs(r_on)} | {fmt(off)} | "
                  f"{fmt(ref)} | {rs(r_off)} | {', '.join(verdicts) or '-'} |")
    print()
    print(f"# MPI transport targets met: {counts['met']}, missed: {counts['missed']}"
          + (f" ({'; '.join(missed)})" if missed else ""))
    if fails:
        print("# FAIL rows seen: " + ", ".join(fails))


def table_header(out):
    """The `# bench/compare.sh:` line of OUT_DIR/table.md (a run of compare.py by hand)."""
    try:
        with open(os.path.join(out, "table.md"), encoding="utf-8", errors="replace") as f:
            first = f.readline().rstrip("\n")
    except OSError:
        return ""
    return first if first.startswith("# bench/compare.sh:") else ""


def write_medians(out, runs):
    """OUT_DIR/medians.tsv: per-(harness, metric, npes) median over rounds (see the docstring)."""
    dates, ours_head = [], None
    for h in HARNESSES:
        for _rnd, _rows, _busy, heads in runs[h]:
            for x in heads:
                m = re.match(r"# \S+ run\.sh: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)", x)
                if m:
                    dates.append(m.group(1))
                if ours_head is None and x.startswith("# shmem-bench run.sh:"):
                    ours_head = x
    lines = []
    for h in HARNESSES:
        keys = sorted({k for r in runs[h] for k in r[1]}, key=lambda k: (k[1], k[0]))
        for key in keys:
            vals = [rows[key][0] for _, rows, _, _ in runs[h] if key in rows]
            unit = next(rows[key][1] for _, rows, _, _ in runs[h] if key in rows)
            lines.append(f"{h}\t{key[0]}\t{key[1]}\t{statistics.median(vals):.10g}\t{unit}"
                         f"\t{len(vals)}")
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    span = f"{min(dates)} .. {max(dates)}" if dates else "n/a"
    rounds = ", ".join(f"{h} {len(runs[h])}" for h in HARNESSES)
    tmp = os.path.join(out, "medians.tsv.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(f"# bench/compare.py medians over rounds, written {now}; runs: {span}; "
                f"rounds: {rounds}\n")
        header = os.environ.get("COMPARE_HEADER", "").strip() or table_header(out)
        if header:
            f.write(header if header.startswith("#") else "# " + header)
            f.write("\n")
        if ours_head:
            f.write(ours_head + "\n")
        f.write("# harness\tmetric\tnpes\tvalue\tunit\trounds\n")
        for line in lines:
            f.write(line + "\n")
    os.replace(tmp, os.path.join(out, "medians.tsv"))


if __name__ == "__main__":
    sys.exit(main())
