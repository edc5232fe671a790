#!/usr/bin/env bash
# The application examples (bale's kernels, ISx, the Parallel Research Kernels; see
# docs/guide.md) at their default sizes, alternately in one sitting: in each round every
# program runs once at each PE count, programs in turn; then, per program, method and PE
# count, the median of the figure each run printed, with its range (min-max). A run that does
# not print its "(validated)" line stops the script.
#
# With Open MPI's `oshcc` on PATH, the C versions of histo's and ig's direct methods
# (bench/c/, plain OpenSHMEM 1.4) run too, right after the Rust program in every round: built
# with `oshcc` and run with `oshrun` on OSHMEM (rows "C/OSHMEM ..."; OSHMEM 4.1.4's PEs
# segfault in shmem_finalize here, so its exit status is ignored and only the validated line
# counts), and built with our `shmemcc` and run with our `shmemrun` (rows "C/shmemcc ...").
#
# With the Lamellar versions (bench/lamellar/: histo, ig, isx, randperm on Lamellar 0.8.1,
# its on-node `shmem` lamellae) built, or with APPS_LAMELLAR=1 (which builds them, a few
# minutes the first time), each runs right after our program of the same name in every round,
# under bench/lamellar/run.sh (rows "Lamellar ..."). APPS_LAMELLAR=0 leaves them out.
#
# Usage: bench/apps.sh [ROUNDS] ["NPS"]     (default: 3 rounds, "1 2 4 8")
# Builds the release examples and shmemrun first; extra shmemrun options in APPS_RUN_ARGS
# (e.g. "--bind core").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=${1:-3}
nps=${2:-1 2 4 8}
programs=(histo ig isx randperm transpose_matrix toposort triangle stencil synch_p2p)
cargo build --release -q -p shmemrun --examples --bin shmemrun
out="$(mktemp "${TMPDIR:-/tmp}/shmem-apps.XXXXXX")"
cdir="$(mktemp -d "${TMPDIR:-/tmp}/shmem-apps-c.XXXXXX")"
trap 'rm -rf "$out" "$cdir"' EXIT
with_c=0
if command -v oshcc >/dev/null && command -v oshrun >/dev/null; then
    cargo build --release -q -p shmem-c
    for p in histo ig; do
        oshcc -O2 -o "$cdir/${p}_oshmem" "bench/c/$p.c"
        target/release/shmemcc -O2 -o "$cdir/${p}_ours" "bench/c/$p.c"
    done
    with_c=1
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
lamellar=(histo ig isx randperm)
lamdir=bench/lamellar
with_lamellar=0
if [ "${APPS_LAMELLAR:-}" = 1 ] || { [ "${APPS_LAMELLAR:-}" != 0 ] && [ -x "$lamdir/target/release/histo" ]; }; then
    # Up to date, or rebuilt (its own lock file and target folder, outside the workspace).
    cargo build --release -q --locked --manifest-path "$lamdir/Cargo.toml"
    with_lamellar=1
fi
# Runs "$@" and appends its validated lines, prefixed with the label $1, to $out; only the
# lines count (OSHMEM's exit status is that of its finalize).
record() {
    local label=$1 lines
    shift
    lines=$({ "$@" 2>/dev/null || true; } | grep '(validated)$') || {
        echo "$label$* did not validate" >&2
        exit 1
    }
    echo "$lines" | sed "s|^|$label|" >> "$out"
}
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$with_lamellar" = 1 ]; then
    echo "# Lamellar $(sed -n 's/^lamellar = { version = "=\([^"]*\)".*/\1/p' "$lamdir/Cargo.toml") (no default features, shmem lamellae), LAMELLAR_THREADS ${LAMELLAR_THREADS:-CPUs / PEs, at least 1}"
fi
for r in $(seq 1 "$rounds"); do
    for np in $nps; do
        for p in "${programs[@]}"; do
            # shellcheck disable=SC2086
            record "" target/release/shmemrun -n "$np" ${APPS_RUN_ARGS:-} "target/release/examples/$p"
            if [ "$with_c" = 1 ] && { [ "$p" = histo ] || [ "$p" = ig ]; }; then
                record "C/OSHMEM " timeout 300 oshrun --allow-run-as-root --oversubscribe -np "$np" "$cdir/${p}_oshmem"
                # shellcheck disable=SC2086
                record "C/shmemcc " target/release/shmemrun -n "$np" ${APPS_RUN_ARGS:-} "$cdir/${p}_ours"
            fi
            if [ "$with_lamellar" = 1 ] && [[ " ${lamellar[*]} " == *" $p "* ]]; then
                record "Lamellar " timeout 300 "$lamdir/run.sh" "$np" "$lamdir/target/release/$p"
            fi
        done
    done
done
echo "# done $(date -u '+%H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$out" <<'EOF'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"^(.+?): (\d+) PEs, .*: ([0-9.]+) (M [a-z]+/s|MFlop/s) \(validated\)$", line.strip())
    if m:
        runs.setdefault((m[1], m[4]), {}).setdefault(int(m[2]), []).append(float(m[3]))
nps = sorted({np for v in runs.values() for np in v})
print("| program | unit | " + " | ".join(f"{np} PEs" for np in nps) + " |")
print("|---|---|" + "---:|" * len(nps))
for (name, unit), by_np in runs.items():
    cells = []
    for np in nps:
        xs = by_np.get(np, [])
        f = lambda x: f"{x:.0f}" if x >= 100 else f"{x:.3g}"
        cells.append(f"{f(statistics.median(xs))} ({f(min(xs))}–{f(max(xs))})" if xs else "-")
    print(f"| {name} | {unit} | " + " | ".join(cells) + " |")
EOF
