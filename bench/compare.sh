#!/usr/bin/env bash
# Run our harness (bench/run.sh) and both reference benchmarks
# (REFERENCE_DIR/oshmem-bench/run.sh: Open MPI's OSHMEM; REFERENCE_DIR/mpi-rma-bench/run.sh:
# MPI-3 one-sided) alternately for R rounds, then print one table: metric, npes, ours,
# OSHMEM, ratio (ours/OSHMEM), target (bench/compare.py's TARGETS), MPI one-sided (matching
# row), met/missed. Also the same source: OSHMEM's bench.c, built unchanged with our shmemcc
# on our C API and run by our shmemrun, against our Rust harness (a table of its own; the C
# API should add no cost, within 10 %).
#
# Usage: bench/compare.sh [--mpi] REFERENCE_DIR  (or ANCHORS_DIR=REFERENCE_DIR bench/compare.sh)
#   --mpi          also run our harness over the MPI transport (built with the `mpi` feature into
#                  target/mpi, launched by mpirun; needs openmpi-bin libopenmpi-dev), two ways:
#                  `oursmpi` (one node: the PEs share one MPI shared window) and `offnode`
#                  (SHMEM_BENCH_MPI_NODE_SIZE=1: every PE a pretend node, so every operation
#                  between PEs goes through MPI RMA). compare.py then prints a second table:
#                  MPI transport / shared memory (target <= 1.2) and off-node / MPI one-sided
#                  (target <= 1.1: our layer adds under 10 %).
#   REFERENCE_DIR  the directory holding the two reference harnesses, oshmem-bench/ and
#                  mpi-rma-bench/ (each a run.sh printing the same TSV rows as ours). They are
#                  shipped next to this repository, in shared/anchors/ (so, from a checkout
#                  beside it: bench/compare.sh ../shared/anchors); any directory with those
#                  two harnesses will do.
#
# Values are per-row medians over the rounds. Within a round, the three
# harnesses run one PE count at a time (ours np=2, OSHMEM np=2, MPI np=2, then
# np=4, ...), each after waiting for the machine to be idle, and their order
# rotates from round to round, so that a slow phase of the machine does not
# always hit the same one. Every run's "machine CPU busy" comments are kept in
# the table's header.
#
# It reports; it is not a test: exit status 0 even when targets are missed or a
# harness fails (a failing harness is named on stderr and its rows show as `-`
# or as FAIL). Exit 2 only for a usage error (no REFERENCE_DIR, or one without the two
# harnesses), or if our benchmark cannot be built or a tool is missing.
#
# Our benchmark is built once, before the first round, and the same binaries
# run in every round (a rebuild in the tree meanwhile changes nothing).
#
# Environment (all optional):
#   COMPARE_ROUNDS      rounds                                    (default 3)
#   COMPARE_OUT_DIR     keep the raw outputs (<harness>.<round>.<npes>.tsv), the
#                       table (table.md) and the per-row medians over rounds
#                       (medians.tsv, input of bench/plot.sh) there
#                                                   (default: a temp dir, removed)
#   COMPARE_IDLE_PCT    before each harness run, wait until the machine's CPU
#                       use over 2 s is below this percentage (default 10; 0 or
#                       empty: do not wait), at most COMPARE_IDLE_WAIT seconds
#                       (default 180); the outcome goes into the raw output
#   ANCHORS_DIR         REFERENCE_DIR, when not given as the argument
#   SHMEM_BENCH_SCALE   iteration multiplier, also passed to the reference harnesses as
#                       OSHMEM_BENCH_SCALE / MPI_RMA_BENCH_SCALE unless those are
#                       set (smoke tests only; real comparisons use 1)
#   SHMEM_BENCH_NPS     PE counts, for all three harnesses       (default "2 4 8")
#   plus every variable of the three run.sh scripts.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
ROUNDS="${COMPARE_ROUNDS:-3}"
usage="usage: bench/compare.sh [--mpi] REFERENCE_DIR (or ANCHORS_DIR=REFERENCE_DIR): the directory with the reference benchmarks oshmem-bench/ and mpi-rma-bench/, shipped next to this repository in shared/anchors/"
WITH_MPI=0
if [ "${1:-}" = "--mpi" ]; then
    WITH_MPI=1
    shift
fi
if [ $# -gt 1 ]; then
    echo "$usage" >&2
    exit 2
fi
refs="${1:-${ANCHORS_DIR:-}}"
if [ -z "$refs" ]; then
    echo "$usage" >&2
    exit 2
fi
osh_run="$refs/oshmem-bench/run.sh"
mpi_run="$refs/mpi-rma-bench/run.sh"
for f in "$osh_run" "$mpi_run"; do
    if [ ! -r "$f" ]; then
        echo "compare.sh: reference benchmark $f not found" >&2
        echo "$usage" >&2
        exit 2
    fi
done
refs="$(cd "$refs" && pwd)" || exit 2
osh_run="$refs/oshmem-bench/run.sh"
mpi_run="$refs/mpi-rma-bench/run.sh"

for tool in python3 cargo; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "compare.sh: '$tool' not found" >&2
        exit 2
    fi
done
case "$ROUNDS" in ''|*[!0-9]*|0) echo "compare.sh: COMPARE_ROUNDS must be >= 1" >&2; exit 2 ;; esac

if [ -n "${SHMEM_BENCH_SCALE:-}" ]; then
    export OSHMEM_BENCH_SCALE="${OSHMEM_BENCH_SCALE:-$SHMEM_BENCH_SCALE}"
    export MPI_RMA_BENCH_SCALE="${MPI_RMA_BENCH_SCALE:-$SHMEM_BENCH_SCALE}"
fi
NPS="${SHMEM_BENCH_NPS:-2 4 8}"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shmem-compare.XXXXXX")" || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ -n "${COMPARE_OUT_DIR:-}" ]; then
    mkdir -p "$COMPARE_OUT_DIR" || exit 2
    out="$(cd "$COMPARE_OUT_DIR" && pwd)"
else
    out="$tmp/out"
    mkdir -p "$out"
fi

echo "compare.sh: building our benchmark (release)" >&2
if ! (cd "$root" && cargo build --release -p shmemrun --example shmem_bench --bin shmemrun) \
    >"$tmp/build.log" 2>&1; then
    cat "$tmp/build.log" >&2
    echo "compare.sh: build failed" >&2
    exit 2
fi
target_dir="${CARGO_TARGET_DIR:-$root/target}"
mkdir -p "$tmp/bin"
cp "$target_dir/release/shmemrun" "$target_dir/release/examples/shmem_bench" "$tmp/bin/" || exit 2
if [ "$WITH_MPI" = 1 ]; then
    echo "compare.sh: building our benchmark with the mpi feature (release, target/mpi)" >&2
    if ! (cd "$root" && CARGO_TARGET_DIR="$root/target/mpi" cargo build --release -p shmemrun \
        --features mpi --example shmem_bench --bin shmemrun) >"$tmp/build-mpi.log" 2>&1; then
        cat "$tmp/build-mpi.log" >&2
        echo "compare.sh: build with --features mpi failed" >&2
        exit 2
    fi
    mkdir -p "$tmp/bin-mpi"
    cp "$root/target/mpi/release/shmemrun" "$root/target/mpi/release/examples/shmem_bench" \
        "$tmp/bin-mpi/" || exit 2
fi

# Same source: the OSHMEM harness's own bench.c, built unchanged with our shmemcc against our
# C API (libshmem.so) and run by our shmemrun (the "ourc" harness). Skipped, with a message,
# when it cannot be built; the rest of the comparison goes on.
WITH_C=0
echo "compare.sh: building the C API and bench.c with shmemcc (same source)" >&2
if (cd "$root" && cargo build --release -p shmem-c) >"$tmp/build-c.log" 2>&1 \
    && "$target_dir/release/shmemcc" -O2 -o "$tmp/bin/bench_c" "$refs/oshmem-bench/bench.c" \
        >>"$tmp/build-c.log" 2>&1; then
    WITH_C=1
else
    tail -n 5 "$tmp/build-c.log" >&2
    echo "compare.sh: bench.c did not build with shmemcc; no same-source column" >&2
fi

IDLE_PCT="${COMPARE_IDLE_PCT-10}"
IDLE_WAIT="${COMPARE_IDLE_WAIT:-180}"

# Busy percentage of the whole machine over $1 seconds (from /proc/stat).
busy_pct() {
    [ -r /proc/stat ] || { echo 0; return; }
    local a b
    a=($(head -1 /proc/stat)); sleep "$1"; b=($(head -1 /proc/stat))
    local busy=$(( (b[1]+b[2]+b[3]+b[6]+b[7]+b[8]) - (a[1]+a[2]+a[3]+a[6]+a[7]+a[8]) ))
    local idle=$(( (b[4]+b[5]) - (a[4]+a[5]) ))
    local tot=$(( busy + idle ))
    [ "$tot" -gt 0 ] && echo $(( 100 * busy / tot )) || echo 0
}

# Waits (at most IDLE_WAIT s) for a 2-s window with CPU use below IDLE_PCT;
# prints a comment line saying how it went.
wait_idle() {
    [ -z "$IDLE_PCT" ] || [ "$IDLE_PCT" -eq 0 ] && return 0
    local t0 p
    t0=$(date +%s)
    while :; do
        p=$(busy_pct 2)
        if [ "$p" -lt "$IDLE_PCT" ]; then
            echo "# idle wait: machine CPU busy ${p}% < ${IDLE_PCT}% after $(( $(date +%s) - t0 ))s"
            return 0
        fi
        if [ $(( $(date +%s) - t0 )) -ge "$IDLE_WAIT" ]; then
            echo "# idle wait: gave up after $(( $(date +%s) - t0 ))s; machine CPU busy ${p}% (NOISY)"
            return 0
        fi
    done
}

run_one() { # harness round np
    local h="$1" r="$2" np="$3" rc
    local f="$out/$h.$r.$np.tsv" e="$out/$h.$r.$np.err"
    local t0
    wait_idle >"$f"
    t0=$(date +%s)
    case "$h" in
        ours) SHMEM_BENCH_PREBUILT="$tmp/bin" SHMEM_BENCH_NPS="$np" "$here/run.sh" >>"$f" 2>"$e" ;;
        ourc) timeout "${OSHMEM_BENCH_TIMEOUT:-120}" "$tmp/bin/shmemrun" -n "$np" \
            "$tmp/bin/bench_c" >>"$f" 2>"$e" ;;
        oshmem) OSHMEM_BENCH_NPS="$np" "$osh_run" >>"$f" 2>"$e" ;;
        mpi) MPI_RMA_BENCH_NPS="$np" "$mpi_run" >>"$f" 2>"$e" ;;
        oursmpi) SHMEM_BENCH_PREBUILT="$tmp/bin-mpi" SHMEM_BENCH_NPS="$np" \
            "$here/run.sh" --mpi >>"$f" 2>"$e" ;;
        offnode) SHMEM_BENCH_MPI_NODE_SIZE=1 SHMEM_BENCH_PREBUILT="$tmp/bin-mpi" \
            SHMEM_BENCH_NPS="$np" "$here/run.sh" --mpi >>"$f" 2>"$e" ;;
    esac
    rc=$?
    echo "# $h round $r np=$np: run.sh exit status $rc after $(( $(date +%s) - t0 ))s" >>"$f"
    echo "compare.sh: round $r/$ROUNDS np=$np: $h: exit status $rc ($(( $(date +%s) - t0 ))s)" >&2
    [ "$rc" -ne 0 ] && tail -n 5 "$e" >&2
    return 0
}

order=(ours oshmem mpi)
[ "$WITH_C" = 1 ] && order+=(ourc)
[ "$WITH_MPI" = 1 ] && order+=(oursmpi offnode)
n=${#order[@]}
for r in $(seq 1 "$ROUNDS"); do
    for np in $NPS; do
        for i in $(seq 0 $((n - 1))); do
            run_one "${order[$(( (i + r - 1) % n ))]}" "$r" "$np"
        done
    done
done

header="# bench/compare.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ); $ROUNDS round(s); online CPUs: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?'); load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a); scale: ${SHMEM_BENCH_SCALE:-1}"
{
    echo "$header"
    grep -h '^# shmem-bench run.sh:' "$out"/ours.1.*.tsv 2>/dev/null | head -1
    # compare.py also writes $out/medians.tsv (for bench/plot.sh), with this header line
    COMPARE_HEADER="$header" python3 "$here/compare.py" "$out"
} | tee "$out/table.md"
exit 0
