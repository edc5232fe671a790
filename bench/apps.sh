#!/usr/bin/env bash
# The application examples (bale's kernels, ISx, the Parallel Research Kernels; see
# docs/guide.md) at their default sizes, alternately in one sitting: in each round every
# program runs once at each PE count, programs in turn; then, per program, method and PE
# count, the median of the figure each run printed, with its range (min-max). A run that does
# not print its "(validated)" line stops the script.
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
trap 'rm -f "$out"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) CPUs, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$rounds"); do
    for np in $nps; do
        for p in "${programs[@]}"; do
            # shellcheck disable=SC2086
            lines=$(target/release/shmemrun -n "$np" ${APPS_RUN_ARGS:-} "target/release/examples/$p" | grep '(validated)$') || {
                echo "$p at $np PEs did not validate" >&2
                exit 1
            }
            echo "$lines" >> "$out"
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
