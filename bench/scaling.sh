#!/usr/bin/env bash
# How the collectives' cost grows with PE count and vector size: builds
# bench/scaling.rs (example `shmem_scaling`, release), runs it under shmemrun for
# each PE count, and prints every row (TSV: metric npes value unit ok|FAIL) on
# stdout, then a markdown table on stderr... unless SCALING_TABLE=stdout, which
# prints only the table (rows = metric, columns = PE counts, ns).
#
# Exit status: 0 = every run exited 0 with every row ok; 1 = a run failed or a
# row is FAIL; 2 = build failed.
#
# Environment (all optional):
#   SCALING_NPS          PE counts                     (default "2 3 4 6 8")
#   SCALING_TABLE        stdout | stderr | none        (default stderr)
#   SHMEM_BENCH_SCALE    iteration multiplier (smoke tests only; default 1)
#   SHMEMRUN_FLAGS       extra shmemrun flags
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
NPS="${SCALING_NPS:-2 3 4 6 8}"
TABLE="${SCALING_TABLE:-stderr}"

if ! (cd "$root" && cargo build --release -p shmemrun --example shmem_scaling --bin shmemrun) \
    >/dev/null 2>"${TMPDIR:-/tmp}/shmem-scaling-build.$$"; then
    cat "${TMPDIR:-/tmp}/shmem-scaling-build.$$" >&2
    rm -f "${TMPDIR:-/tmp}/shmem-scaling-build.$$"
    exit 2
fi
rm -f "${TMPDIR:-/tmp}/shmem-scaling-build.$$"

tsv="$(mktemp "${TMPDIR:-/tmp}/shmem-scaling.XXXXXX")" || exit 2
trap 'rm -f "$tsv"' EXIT
status=0
echo "# bench/scaling.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ); online CPUs: $(nproc); git: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)" >>"$tsv"
for np in $NPS; do
    # shellcheck disable=SC2086
    if ! timeout 600 "$root/target/release/shmemrun" -n "$np" ${SHMEMRUN_FLAGS:-} \
        "$root/target/release/examples/shmem_scaling" >>"$tsv"; then
        echo "scaling.sh: np=$np failed" >&2
        status=1
    fi
done
grep -q "	FAIL$" "$tsv" && status=1

table() {
    python3 - "$tsv" <<'PY'
import sys
rows, nps, order = {}, [], []
for line in open(sys.argv[1]):
    if line.startswith("#") or not line.strip():
        continue
    m, n, v, unit, st = line.rstrip("\n").split("\t")
    n = int(n)
    if n not in nps:
        nps.append(n)
    if m not in rows:
        rows[m] = {}
        order.append(m)
    rows[m][n] = float(v) if st == "ok" else None
def fmt(v):
    if v is None:
        return "-"
    return f"{v/1000:.2f} µs" if v >= 1000 else f"{v:.0f} ns"
print("| row | " + " | ".join(f"{n} PEs" for n in nps) + " |")
print("|---|" + "---:|" * len(nps))
for m in order:
    print(f"| {m} | " + " | ".join(fmt(rows[m].get(n)) for n in nps) + " |")
PY
}

case "$TABLE" in
    stdout) table ;;
    stderr) cat "$tsv"; table >&2 ;;
    *) cat "$tsv" ;;
esac
exit $status
