#!/usr/bin/env bash
# Build bench/shmem_bench.rs (release) and run it with shmemrun for several PE
# counts; print every result row (TSV: metric npes value unit ok|FAIL) on
# stdout, in exactly the format of the OSHMEM reference benchmark's run.sh
# (oshmem-bench/run.sh, shipped next to this repository in shared/anchors/).
#
# shmem_bench mirrors the reference benchmark's bench.c row for row (same metric names,
# operations, iteration counts and statistic), all 24 rows; it announces the
# rows it measures in a `# rows:` comment.
# shmemrun's default binding, as oshrun's: one PE a CPU at np = 2 here, and unbound when
# PEs outnumber CPUs (SHMEMRUN_FLAGS="--bind core" pins those round robin, the default
# before 2026-12-04 and the setting of the README's older tables).
#
# The two binaries are copied into a `mktemp -d` directory (removed at exit)
# before running, so a rebuild in the source tree during the run changes
# nothing. Each PE is a /bin/sh that records its pid and execs the benchmark
# (as in the reference benchmark), so that PEs outliving a timed-out shmemrun can be ended
# by pid; shmemrun's PEs normally die with it (PR_SET_PDEATHSIG).
#
# Exit status: 0 = for every PE count, every expected row is present and ok
# and shmemrun exited 0; 1 = a row is missing or FAIL, or shmemrun failed or
# timed out; 2 = build failed or a tool is missing. Expected rows: every
# row of the reference benchmark (REQUIRED below) plus any other row the
# benchmark announces.
#
# Usage: bench/run.sh [--mpi]
#   --mpi   build with the `mpi` feature (into target/mpi) and launch with
#           `mpirun --oversubscribe -np N` instead of shmemrun: the MPI transport,
#           PEs of the machine sharing one MPI shared window (the same rows)
#
# Environment (all optional):
#   SHMEM_BENCH_NPS          PE counts to run                  (default "2 4 8")
#   SHMEM_BENCH_OPTIONAL_NPS PE counts allowed to time out     (default none)
#   SHMEM_BENCH_TIMEOUT      seconds per shmemrun              (default 120)
#   SHMEMRUN_FLAGS           extra shmemrun flags              (default none)
#   SHMEM_BENCH_SCALE        iteration multiplier read by the benchmark
#                            (default 1; smoke tests only, comparisons use 1)
#   SHMEM_BENCH_PREBUILT     directory holding already built `shmemrun` and
#                            `shmem_bench`: skip the build (compare.sh uses it;
#                            with --mpi, a `shmem_bench` built with the feature)
#   MPIRUN_FLAGS             mpirun flags with --mpi (default "--bind-to
#                            core:overload-allowed --map-by core": one rank a
#                            core, round robin, as shmemrun pins its PEs)
#   SHMEM_BENCH_MPI_NODE_SIZE with --mpi: SHMEM_MPI_NODE_SIZE for the PEs
#                            (pretend nodes of that many ranks)
set -u

MPI=0
case "${1:-}" in
    --mpi) MPI=1 ;;
    "") ;;
    *) echo "usage: bench/run.sh [--mpi]" >&2; exit 2 ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
NPS="${SHMEM_BENCH_NPS:-2 4 8}"
OPTIONAL_NPS="${SHMEM_BENCH_OPTIONAL_NPS:-}"
TIMEOUT="${SHMEM_BENCH_TIMEOUT:-120}"
FLAGS="${SHMEMRUN_FLAGS:-}"
PREBUILT="${SHMEM_BENCH_PREBUILT:-}"

# Rows that must be present whatever the benchmark announces: every row of the
# reference benchmark (oshmem-bench/run.sh), now that `shmem` has all their
# operations (foundation, collectives, locks).
REQUIRED="put_lat_8 put_lat_64 put_lat_4096 put_lat_65536 put_lat_1048576
get_lat_8 get_lat_64 get_lat_4096 get_lat_65536 get_lat_1048576
put_bw_1048576 get_bw_1048576 amo_fadd_lat amo_cswap_lat amo_add_lat
pingpong_lat barrier_lat or_to_all_lat_1 or_to_all_lat_1024
or_to_all_lat_65536 sum_to_all_lat_1024 bcast_lat_4096 fcollect_lat_8
lock_ops_per_s"
# Every row of the reference benchmark, for the "not measured yet" note (empty
# while every one of them is required).
REFERENCE_METRICS="$REQUIRED"

for tool in timeout awk; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run.sh: '$tool' not found (needs coreutils, awk)" >&2
        exit 2
    fi
done

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shmem-bench.XXXXXX")" || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ -n "$PREBUILT" ]; then
    src_run="$PREBUILT/shmemrun"
    src_bench="$PREBUILT/shmem_bench"
else
    if ! command -v cargo >/dev/null 2>&1; then
        echo "run.sh: 'cargo' not found" >&2
        exit 2
    fi
    target_dir="${CARGO_TARGET_DIR:-$root/target}"
    features=""
    if [ "$MPI" -eq 1 ]; then
        # A target directory of its own, so that the default build's binaries stay as they are.
        target_dir="$target_dir/mpi"
        features="--features mpi"
    fi
    # shellcheck disable=SC2086
    if ! (cd "$root" && CARGO_TARGET_DIR="$target_dir" cargo build --release -p shmemrun \
        $features --example shmem_bench --bin shmemrun) >"$tmp/build.log" 2>&1; then
        cat "$tmp/build.log" >&2
        echo "run.sh: build failed" >&2
        exit 2
    fi
    src_run="$target_dir/release/shmemrun"
    src_bench="$target_dir/release/examples/shmem_bench"
fi
if ! cp "$src_run" "$tmp/shmemrun" || ! cp "$src_bench" "$tmp/shmem_bench"; then
    echo "run.sh: cannot copy $src_run and $src_bench" >&2
    exit 2
fi

# Percentage of CPU time used on the whole machine during 1 s (Linux only);
# printed as a comment so that noisy runs can be recognised later.
cpu_busy() {
    [ -r /proc/stat ] || { echo "n/a"; return; }
    local a b
    a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
    local busy=$(( (b[1]+b[2]+b[3]+b[6]+b[7]+b[8]) - (a[1]+a[2]+a[3]+a[6]+a[7]+a[8]) ))
    local idle=$(( (b[4]+b[5]) - (a[4]+a[5]) ))
    local tot=$(( busy + idle ))
    [ "$tot" -gt 0 ] && echo "$(( 100 * busy / tot ))%" || echo "n/a"
}

# PEs that outlive shmemrun (they should not: PR_SET_PDEATHSIG) are ended by
# pid: each PE writes its pid to a file, and this ends those still running
# this run's benchmark binary.
cleanup_pes() {
    local f="$1" pid left=""
    [ -f "$f" ] || return 0
    for pid in $(cat "$f"); do
        if [ "$(ps -p "$pid" -o args= 2>/dev/null)" = "$tmp/shmem_bench" ]; then
            left="$left $pid"
        fi
    done
    [ -z "$left" ] && return 0
    echo "# np=$np: ending PEs left running after shmemrun:$left"
    # shellcheck disable=SC2086
    kill -TERM $left 2>/dev/null
    sleep 2
    for pid in $left; do
        [ "$(ps -p "$pid" -o args= 2>/dev/null)" = "$tmp/shmem_bench" ] && kill -KILL "$pid" 2>/dev/null
    done
    return 0
}

is_optional() {
    local x
    for x in $OPTIONAL_NPS; do [ "$x" = "$1" ] && return 0; done
    return 1
}

git_state() {
    command -v git >/dev/null 2>&1 || { echo "n/a"; return; }
    local head dirty
    head="$(git -C "$root" rev-parse --short HEAD 2>/dev/null)" || { echo "n/a"; return; }
    dirty="$(GIT_OPTIONAL_LOCKS=0 git -C "$root" status --porcelain 2>/dev/null | wc -l)"
    echo "$head ($dirty paths modified or untracked)"
}

status=0
MPIRUN_FLAGS="${MPIRUN_FLAGS:---bind-to core:overload-allowed --map-by core}"
NODE_FLAGS=""
if [ "$MPI" -eq 1 ]; then
    command -v mpirun >/dev/null 2>&1 || { echo "run.sh: 'mpirun' not found (Debian: openmpi-bin)" >&2; exit 2; }
    [ -n "${SHMEM_BENCH_MPI_NODE_SIZE:-}" ] && NODE_FLAGS="-x SHMEM_MPI_NODE_SIZE=$SHMEM_BENCH_MPI_NODE_SIZE"
    launch="transport: MPI, $(mpirun --version 2>&1 | sed -n 1p), flags: --oversubscribe ${MPIRUN_FLAGS} ${NODE_FLAGS}"
else
    launch="transport: shared memory, flags: ${FLAGS:-none}"
fi
echo "# shmem-bench run.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ); online CPUs: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?'); $("$tmp/shmemrun" --version 2>/dev/null | head -1); git: $(git_state); $launch"
for np in $NPS; do
    echo "# np=$np: machine CPU busy just before the run: $(cpu_busy)"
    start=$(date +%s)
    # each PE records its pid, then execs the benchmark
    # shellcheck disable=SC2016,SC2086
    if [ "$MPI" -eq 1 ]; then
        # shellcheck disable=SC2016,SC2086
        (cd "$tmp" && OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
            timeout --kill-after=10 "$TIMEOUT" mpirun --oversubscribe $MPIRUN_FLAGS $NODE_FLAGS \
            -np "$np" /bin/sh -c 'echo $$ >> "$1"; exec "$2"' sh "$tmp/pids.$np" "$tmp/shmem_bench") \
            >"$tmp/out.$np" 2>"$tmp/err.$np"
    else
        (cd "$tmp" && timeout --kill-after=10 "$TIMEOUT" "$tmp/shmemrun" $FLAGS -n "$np" \
            /bin/sh -c 'echo $$ >> "$1"; exec "$2"' sh "$tmp/pids.$np" "$tmp/shmem_bench") \
            >"$tmp/out.$np" 2>"$tmp/err.$np"
    fi
    rc=$?
    cleanup_pes "$tmp/pids.$np"
    secs=$(( $(date +%s) - start ))
    # the benchmark's own comment lines (not its row list and column header) and its rows
    awk -F'\t' -v np="$np" '(/^# / && !/^# (rows:|metric\t|done$)/) || ($0 !~ /^#/ && NF == 5 && $2 == np)' "$tmp/out.$np"

    announced="$(sed -n 's/^# rows: //p' "$tmp/out.$np" | head -1)"
    expected="$(printf '%s\n' $REQUIRED $announced | awk 'NF && !seen[$0]++')"
    not_yet=""
    for m in $REFERENCE_METRICS; do
        case " $(echo $expected) " in *" $m "*) ;; *) not_yet="$not_yet $m" ;; esac
    done

    timed_out=0
    { [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; } && timed_out=1
    missing=""
    for m in $expected; do
        awk -F'\t' -v m="$m" -v np="$np" \
            '$0 !~ /^#/ && NF == 5 && $1 == m && $2 == np && ($5 == "ok" || $5 == "FAIL") { f = 1 }
             END { exit !f }' "$tmp/out.$np" || missing="$missing $m"
    done
    nfail=$(awk -F'\t' -v np="$np" '$0 !~ /^#/ && NF == 5 && $2 == np && $5 != "ok"' "$tmp/out.$np" | wc -l)

    if [ "$timed_out" -eq 1 ]; then
        echo "# np=$np: launcher timed out after ${TIMEOUT}s"
    elif [ "$rc" -ne 0 ]; then
        echo "# np=$np: launcher FAILED with exit status $rc after ${secs}s"
    else
        echo "# np=$np: launcher exit status 0 after ${secs}s"
    fi
    [ -n "$not_yet" ] && echo "# np=$np: not measured yet (operation not in shmem):$not_yet"
    optional_ok=0
    [ "$timed_out" -eq 1 ] && is_optional "$np" && optional_ok=1
    if [ -n "$missing" ]; then
        if [ "$optional_ok" -eq 1 ]; then
            echo "# np=$np: optional PE count incomplete, not counted as failure; missing:$missing"
        else
            echo "# np=$np: MISSING rows:$missing"
            status=1
        fi
    fi
    if [ "$rc" -ne 0 ] && [ "$optional_ok" -eq 0 ]; then
        status=1
    fi
    if [ "$nfail" -gt 0 ]; then
        echo "# np=$np: $nfail row(s) FAIL"
        status=1
    fi
    if { [ "$rc" -ne 0 ] && [ "$optional_ok" -eq 0 ]; } || [ -n "$missing" ]; then
        echo "run.sh: np=$np: exit status $rc, missing rows:${missing:- none}; last lines of stderr:" >&2
        tail -n 20 "$tmp/err.$np" >&2
    fi
done
[ "$status" -ne 0 ] && echo "run.sh: FAILED (see '# np=' comment lines)" >&2
exit $status
