#!/usr/bin/env bash
# The MPI transport's rows, three ways in one sitting, against our shared-memory transport and
# Open MPI's MPI-3 one-sided (mpi-rma-bench, osc sm):
#   shm      bench/run.sh                      (shmemrun, shared memory)
#   mpi      bench/run.sh --mpi                (mpirun; the PEs share one MPI shared window)
#   offnode  bench/run.sh --mpi with SHMEM_BENCH_MPI_NODE_SIZE=1: every PE a pretend node of
#            its own, so every operation between PEs goes through MPI RMA
#   osc      REFERENCE_DIR/mpi-rma-bench/run.sh (MPI_RMA_BENCH_OSC=sm)
# For R rounds and each PE count, the four run in rotating order; the table gives per-row
# medians over the rounds, mpi/shm (target <= 1.2) and offnode/osc for the rows that have an
# MPI one-sided counterpart (target <= 1.1: our layer adds under 10 %).
#
# Usage: bench/mpi_compare.sh REFERENCE_DIR [ROUNDS] [NPS]     (defaults: 3 rounds, "2 4")
# Needs openmpi-bin libopenmpi-dev (mpirun, mpicc). Keeps the raw outputs in a temp dir
# (printed at the end).
set -u
if [ $# -lt 1 ] || [ ! -x "$1/mpi-rma-bench/run.sh" ]; then
    sed -n '2,14p' "$0" >&2
    exit 2
fi
ref=$1; rounds=${2:-3}; nps=${3:-2 4}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$(mktemp -d "${TMPDIR:-/tmp}/shmem-mpi-compare.XXXXXX")" || exit 2
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Build both once; every round runs the same binaries.
(cd "$root" && cargo build --release -p shmemrun --example shmem_bench --bin shmemrun \
    && CARGO_TARGET_DIR="$root/target/mpi" cargo build --release -p shmemrun --features mpi \
        --example shmem_bench --bin shmemrun) >"$out/build.log" 2>&1 \
    || { cat "$out/build.log" >&2; exit 2; }
mkdir -p "$out/shm.bin" "$out/mpi.bin"
cp "$root/target/release/shmemrun" "$root/target/release/examples/shmem_bench" "$out/shm.bin/"
cp "$root/target/mpi/release/shmemrun" "$root/target/mpi/release/examples/shmem_bench" "$out/mpi.bin/"

run() {
    local what=$1 np=$2 r=$3
    case $what in
        shm) SHMEM_BENCH_PREBUILT="$out/shm.bin" SHMEM_BENCH_NPS=$np "$here/run.sh" ;;
        mpi) SHMEM_BENCH_PREBUILT="$out/mpi.bin" SHMEM_BENCH_NPS=$np "$here/run.sh" --mpi ;;
        offnode) SHMEM_BENCH_MPI_NODE_SIZE=1 SHMEM_BENCH_PREBUILT="$out/mpi.bin" \
            SHMEM_BENCH_NPS=$np "$here/run.sh" --mpi ;;
        osc) MPI_RMA_BENCH_OSC=sm MPI_RMA_BENCH_NPS=$np "$ref/mpi-rma-bench/run.sh" ;;
    esac >"$out/$what.$np.$r" 2>"$out/$what.$np.$r.err"
}

order=(shm mpi offnode osc)
for r in $(seq 1 "$rounds"); do
    for np in $nps; do
        for k in 0 1 2 3; do
            run "${order[$(((k + r) % 4))]}" "$np" "$r"
        done
    done
done

python3 - "$out" <<'PY'
import glob, os, statistics, sys
out = sys.argv[1]
data = {}
for f in glob.glob(f"{out}/*.*.*"):
    if f.endswith(".err"):
        continue
    what = os.path.basename(f).split(".")[0]
    for line in open(f):
        p = line.rstrip("\n").split("\t")
        if len(p) == 5 and not line.startswith("#"):
            try:
                data.setdefault((what, p[0], int(p[1])), []).append(float(p[2]))
            except ValueError:
                pass
med = {k: statistics.median(v) for k, v in data.items()}
MPI_ROW = {
    "put_lat_8": "put_flush_lat_8", "get_lat_8": "get_flush_lat_8",
    "put_lat_65536": "put_flush_lat_65536", "amo_fadd_lat": "fetch_and_op_lat",
    "amo_cswap_lat": "cas_lat", "barrier_lat": "barrier_lat",
    "or_to_all_lat_1": "allreduce_bor_1_lat", "lock_ops_per_s": "win_lock_contended_ops_per_s",
}
rows = sorted({(m, n) for (w, m, n) in med if w == "shm"}, key=lambda k: (k[1], k[0]))
print("metric\tnp\tshm\tmpi\tmpi/shm\toffnode\tosc sm\toffnode/osc")
for m, n in rows:
    shm, mpi, off = (med.get((w, m, n)) for w in ("shm", "mpi", "offnode"))
    osc = med.get(("osc", MPI_ROW.get(m, "-"), n))
    def ratio(a, b):
        if a is None or b is None or b == 0:
            return "-"
        # throughput rows: higher is better, so the ratio is inverted to read "cost"
        return f"{(b / a if m.endswith('per_s') else a / b):.2f}"
    f = lambda v: "-" if v is None else f"{v:.4g}"
    print(f"{m}\t{n}\t{f(shm)}\t{f(mpi)}\t{ratio(mpi, shm)}\t{f(off)}\t{f(osc)}\t{ratio(off, osc)}")
PY
echo "raw outputs: $out" >&2
