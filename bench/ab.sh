#!/usr/bin/env bash
# Before/after comparison of two builds of our benchmark, alternately in one sitting: for each
# PE count, ROUNDS runs of bench/run.sh per build in ABBA order (A B, B A, A B, ...), then the
# per-row medians, their ratio (B / A) and each build's spread (min-max).
#
# Usage: bench/ab.sh ROUNDS "NPS" DIR_A DIR_B
#   DIR_A, DIR_B  directories holding a built `shmemrun` and `shmem_bench` each (copy them
#                 from target/release/ and target/release/examples/ of the two checkouts)
# Environment: every variable of bench/run.sh (SHMEM_BENCH_SCALE, SHMEM_BENCH_ONLY, ...), and
#   AB_RUN_ARGS   arguments for run.sh, e.g. "--mpi" (two builds with the feature; with
#                 SHMEM_BENCH_MPI_NODE_SIZE=1 every PE is a pretend node of its own)
#   AB_HOSTS=2    with --mpi: across two hosts faked on this machine, as compare.sh --hosts 2
#                 (root, for unshare; PE 0 and PE 1 on different hosts)
# Example: bench/ab.sh 12 "2 4 8" /tmp/before /tmp/after
#          AB_RUN_ARGS=--mpi AB_HOSTS=2 SHMEM_BENCH_ONLY=or_to_all_lat_1 bench/ab.sh 3 "2 4" A B
set -u
if [ $# -ne 4 ]; then
    sed -n '2,15p' "$0" >&2
    exit 2
fi
rounds=$1; nps=$2; A=$3; B=$4
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/hosts-flags.sh
. "$here/hosts-flags.sh"
out="$(mktemp -d "${TMPDIR:-/tmp}/shmem-ab.XXXXXX")" || exit 2
for np in $nps; do
    for r in $(seq 1 "$rounds"); do
        if [ $((r % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
        for w in $order; do
            if [ "$w" = A ]; then d=$A; else d=$B; fi
            if [ "${AB_HOSTS:-1}" = 2 ]; then
                export MPIRUN_FLAGS OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
                MPIRUN_FLAGS="$(host_flags "$np" "$here/.." node)"
            fi
            SHMEM_BENCH_PREBUILT=$d SHMEM_BENCH_NPS="$np" "$here/run.sh" ${AB_RUN_ARGS:-} 2>/dev/null \
                | grep -v '^#' > "$out/$w.$np.$r"
        done
    done
done
python3 - "$out" <<'PY'
import glob, os, statistics, sys
out = sys.argv[1]
data = {}
for f in glob.glob(f"{out}/*"):
    w = os.path.basename(f).split('.')[0]
    for line in open(f):
        p = line.split('\t')
        if len(p) == 5:
            data.setdefault((p[0], int(p[1])), {}).setdefault(w, []).append(float(p[2]))
print("metric\tnp\tA\tB\tB/A\tspread A\tspread B")
for k in sorted(data, key=lambda k: (k[1], k[0])):
    a, b = data[k].get('A'), data[k].get('B')
    if not a or not b:
        continue
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"{k[0]}\t{k[1]}\t{ma:.4g}\t{mb:.4g}\t{mb / ma:.3f}\t"
          f"{min(a):.4g}-{max(a):.4g}\t{min(b):.4g}-{max(b):.4g}")
PY
echo "raw outputs: $out" >&2
