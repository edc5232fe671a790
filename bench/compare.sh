#!/usr/bin/env bash
# Run our harness (bench/run.sh) and both reference benchmarks
# (REFERENCE_DIR/oshmem-bench/run.sh: Open MPI's OSHMEM; REFERENCE_DIR/mpi-rma-bench/run.sh:
# MPI-3 one-sided) alternately for R rounds, then print one table: metric, npes, ours,
# OSHMEM, ratio (ours/OSHMEM), target (bench/compare.py's TARGETS), MPI one-sided (matching
# row), met/missed. Also the same source: OSHMEM's bench.c, built unchanged with our shmemcc
# on our C API and run by our shmemrun, against our Rust harness (a table of its own; the C
# API should add no cost, within 10 %).
#
# Usage: bench/compare.sh [--mpi [--hosts 2]] REFERENCE_DIR  (or ANCHORS_DIR=REFERENCE_DIR bench/compare.sh)
#   --mpi          also run our harness over the MPI transport (built with the `mpi` feature into
#                  target/mpi, launched by mpirun; needs openmpi-bin libopenmpi-dev), two ways:
#                  `oursmpi` (one node: the PEs share one MPI shared window) and `offnode`
#                  (SHMEM_BENCH_MPI_NODE_SIZE=1: every PE a pretend node, so every operation
#                  between PEs goes through MPI RMA). compare.py then prints a second table:
#                  MPI transport / shared memory (target <= 1.2) and off-node / MPI one-sided
#                  (target <= 1.1: our layer adds under 10 %).
#   --hosts 2      (after --mpi, or COMPARE_HOSTS=2) instead of the above: across two hosts faked
#                  on this machine (tests/hosts/fake-rsh, docs/clusters.md "Try several hosts on
#                  one machine"; needs root for `unshare --uts`), three harnesses only: `ours2h`
#                  (our harness over the MPI transport, its osc left to the runtime), `mpi2h` (the
#                  MPI anchor plus bench/c/mpi_rma_extra.c, the raw MPI rows it lacks, with
#                  `--mca osc $COMPARE_HOSTS_OSC`) and `oshmem2h` (the OSHMEM anchor, spml ucx over
#                  TCP: UCX_TLS=self,tcp UCX_NET_DEVICES=lo, since UCX would otherwise reach the
#                  other "host" through shared memory). Every launcher gets the same host settings
#                  (the test driver's, tests/support/mod.rs): plm_rsh_agent fake-rsh, btl
#                  self,vader,tcp, btl_tcp_if_include lo, oob_tcp_if_include lo,
#                  mpi_yield_when_idle 1, --host $(hostname):k,shmem-host2:k with k = ceil(np/2),
#                  --map-by $COMPARE_HOSTS_MAP, --bind-to none (each fake host's daemon binds on
#                  its own and would put both hosts' first ranks on CPU 0). compare.py prints the
#                  two-host table: ours / raw MPI and ours / OSHMEM against the issue's targets.
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
#   COMPARE_HOSTS       2: the two-host mode (as --hosts 2)          (default 1)
#   COMPARE_HOSTS_OSC   two-host mode: raw MPI's osc component (default sm,pt2pt: what our
#                       runtime picks across hosts below MPI_THREAD_MULTIPLE)
#   COMPARE_HOSTS_MAP   two-host mode: mpirun/oshrun --map-by (default node: ranks alternate
#                       between the hosts, so PE 0 and PE 1 are on different hosts at every
#                       PE count; slot: ceil(np/2) ranks on this host first, as the test driver)
#   COMPARE_HOSTS_TIMEOUT two-host mode: seconds per launcher run (default 300)
#   plus every variable of the three run.sh scripts.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
ROUNDS="${COMPARE_ROUNDS:-3}"
usage="usage: bench/compare.sh [--mpi [--hosts 2]] REFERENCE_DIR (or ANCHORS_DIR=REFERENCE_DIR): the directory with the reference benchmarks oshmem-bench/ and mpi-rma-bench/, shipped next to this repository in shared/anchors/"
WITH_MPI=0
HOSTS="${COMPARE_HOSTS:-1}"
if [ "${1:-}" = "--mpi" ]; then
    WITH_MPI=1
    shift
fi
if [ "${1:-}" = "--hosts" ]; then
    HOSTS="${2:-}"
    shift 2 || { echo "$usage" >&2; exit 2; }
fi
case "$HOSTS" in
    1) ;;
    2) WITH_MPI=1 ;;
    *) echo "compare.sh: --hosts (COMPARE_HOSTS) must be 1 or 2" >&2; exit 2 ;;
esac
HOSTS_OSC="${COMPARE_HOSTS_OSC:-sm,pt2pt}"
HOSTS_MAP="${COMPARE_HOSTS_MAP:-node}"
HOSTS_TIMEOUT="${COMPARE_HOSTS_TIMEOUT:-300}"
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

target_dir="${CARGO_TARGET_DIR:-$root/target}"
if [ "$HOSTS" = 1 ]; then
    echo "compare.sh: building our benchmark (release)" >&2
    if ! (cd "$root" && cargo build --release -p shmemrun --example shmem_bench --bin shmemrun) \
        >"$tmp/build.log" 2>&1; then
        cat "$tmp/build.log" >&2
        echo "compare.sh: build failed" >&2
        exit 2
    fi
    mkdir -p "$tmp/bin"
    cp "$target_dir/release/shmemrun" "$target_dir/release/examples/shmem_bench" "$tmp/bin/" \
        || exit 2
fi
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
if [ "$HOSTS" = 2 ]; then
    for tool in mpicc mpirun oshrun unshare hostname; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "compare.sh: '$tool' not found (two hosts need openmpi-bin, libopenmpi-dev, util-linux)" >&2
            exit 2
        fi
    done
    echo "compare.sh: building bench/c/mpi_rma_extra.c (mpicc -O2)" >&2
    if ! mpicc -O2 -o "$tmp/bin-mpi/mpi_rma_extra" "$here/c/mpi_rma_extra.c" >"$tmp/build-extra.log" 2>&1; then
        cat "$tmp/build-extra.log" >&2
        echo "compare.sh: bench/c/mpi_rma_extra.c did not build" >&2
        exit 2
    fi
    # Open MPI's session files in a directory of this run's own: the default one under /tmp is
    # shared by every job of the user, and one that ends removes it under another's feet.
    mkdir -p "$tmp/ompi"
    export OMPI_MCA_orte_tmpdir_base="$tmp/ompi"
fi

# Same source: the OSHMEM harness's own bench.c, built unchanged with our shmemcc against our
# C API (libshmem.so) and run by our shmemrun (the "ourc" harness). Skipped, with a message,
# when it cannot be built; the rest of the comparison goes on.
WITH_C=0
if [ "$HOSTS" = 1 ]; then
    echo "compare.sh: building the C API and bench.c with shmemcc (same source)" >&2
    if (cd "$root" && cargo build --release -p shmem-c) >"$tmp/build-c.log" 2>&1 \
        && "$target_dir/release/shmemcc" -O2 -o "$tmp/bin/bench_c" "$refs/oshmem-bench/bench.c" \
            >>"$tmp/build-c.log" 2>&1; then
        WITH_C=1
    else
        tail -n 5 "$tmp/build-c.log" >&2
        echo "compare.sh: bench.c did not build with shmemcc; no same-source column" >&2
    fi
fi # two hosts: no same-source column (our C API's programs run under shmemrun, one machine)

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

# The launcher flags of the two-host mode for a job of $1 ranks (bench/hosts-flags.sh).
# shellcheck source=bench/hosts-flags.sh
. "$here/hosts-flags.sh"

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
        ours2h) MPIRUN_FLAGS="$(host_flags "$np" "$root" "$HOSTS_MAP")" SHMEM_BENCH_PREBUILT="$tmp/bin-mpi" \
            SHMEM_BENCH_TIMEOUT="$HOSTS_TIMEOUT" SHMEM_BENCH_NPS="$np" \
            "$here/run.sh" --mpi >>"$f" 2>"$e" ;;
        oshmem2h) OSHRUN_FLAGS="--allow-run-as-root --oversubscribe $(host_flags "$np" "$root" "$HOSTS_MAP") --mca spml ucx -x UCX_TLS=self,tcp -x UCX_NET_DEVICES=lo" \
            UCX_TLS=self,tcp UCX_NET_DEVICES=lo OSHMEM_BENCH_TIMEOUT="$HOSTS_TIMEOUT" \
            OSHMEM_BENCH_NPS="$np" "$osh_run" >>"$f" 2>"$e" ;;
        mpi2h)
            MPIRUN_FLAGS="--allow-run-as-root --oversubscribe $(host_flags "$np" "$root" "$HOSTS_MAP")" \
                MPI_RMA_BENCH_OSC="$HOSTS_OSC" MPI_RMA_BENCH_TIMEOUT="$HOSTS_TIMEOUT" \
                MPI_RMA_BENCH_NPS="$np" "$mpi_run" >>"$f" 2>"$e"
            local rc1=$?
            # shellcheck disable=SC2046
            timeout --kill-after=10 "$HOSTS_TIMEOUT" mpirun --allow-run-as-root --oversubscribe \
                $(host_flags "$np" "$root" "$HOSTS_MAP") --mca osc "$HOSTS_OSC" -np "$np" "$tmp/bin-mpi/mpi_rma_extra" \
                >>"$f" 2>>"$e"
            local rc2=$?
            echo "# np=$np: mpi_rma_extra: mpirun exit status $rc2" >>"$f"
            [ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ]
            ;;
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
[ "$HOSTS" = 2 ] && order=(ours2h oshmem2h mpi2h)
n=${#order[@]}
for r in $(seq 1 "$ROUNDS"); do
    for np in $NPS; do
        for i in $(seq 0 $((n - 1))); do
            run_one "${order[$(( (i + r - 1) % n ))]}" "$r" "$np"
        done
    done
done

header="# bench/compare.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ); $ROUNDS round(s); online CPUs: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?'); load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo n/a); scale: ${SHMEM_BENCH_SCALE:-1}"
[ "$HOSTS" = 2 ] && header="$header; two hosts (fake-rsh): map-by $HOSTS_MAP, raw MPI osc $HOSTS_OSC, OSHMEM spml ucx UCX_TLS=self,tcp; $(mpirun --version 2>&1 | head -1)"
{
    echo "$header"
    grep -h '^# shmem-bench run.sh:' "$out"/ours.1.*.tsv "$out"/ours2h.1.*.tsv 2>/dev/null | head -1
    # compare.py also writes $out/medians.tsv (for bench/plot.sh), with this header line
    COMPARE_HOSTS_MAP="$HOSTS_MAP" COMPARE_HEADER="$header" python3 "$here/compare.py" "$out"
} | tee "$out/table.md"
exit 0
