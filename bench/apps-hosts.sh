#!/usr/bin/env bash
# The two aggregation kernels across two hosts faked on this machine (root, for unshare;
# docs/clusters.md "Try several hosts on one machine"), alternately in one sitting: ours over
# the MPI transport (`mpirun`; histo's remote atomics against its conveyor, ig's remote gets
# against its conveyor) and the C versions on Open MPI's OSHMEM (`oshrun`, UCX over TCP, as
# bench/compare.sh --hosts 2 runs it), PE 0 and PE 1 on different hosts. Prints every
# validated line, then per kernel and PE count the median (min-max) of the rounds.
#
# Usage: bench/apps-hosts.sh [ROUNDS] [NPS] [UPDATES_PER_PE]   (defaults: 3 "2 4" 200000)
# Needs: openmpi-bin libopenmpi-dev (mpirun, oshrun, oshcc), util-linux (unshare).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rounds=${1:-3}
nps=${2:-2 4}
n=${3:-200000}
# shellcheck source=bench/hosts-flags.sh
. bench/hosts-flags.sh
CARGO_TARGET_DIR=target/mpi cargo build --release -q -p shmemrun --features mpi \
    --example histo --example ig
cdir="$(mktemp -d "${TMPDIR:-/tmp}/shmem-apps-hosts.XXXXXX")"
out="$cdir/lines"
trap 'rm -rf "$cdir"' EXIT
for p in histo ig; do
    oshcc -O2 -o "$cdir/$p" "bench/c/$p.c"
done
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 UCX_TLS=self,tcp UCX_NET_DEVICES=lo
echo "# $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) CPUs, two hosts (fake-rsh), $n updates or reads per PE; $(mpirun --version 2>&1 | head -1)"
for r in $(seq 1 "$rounds"); do
    for np in $nps; do
        flags=$(host_flags "$np" "$PWD" node)
        for p in histo ig; do
            # Only the validated lines count (OSHMEM's exit status is that of its finalize); a
            # run without them is reported.
            # shellcheck disable=SC2086
            { timeout 600 mpirun --oversubscribe $flags -np "$np" "target/mpi/release/examples/$p" \
                both "$n" 2>/dev/null || true; } | grep '(validated)$' | tee -a "$out" \
                || echo "$p at $np PEs (ours) did not validate" >&2
            # shellcheck disable=SC2086
            { timeout 600 oshrun --allow-run-as-root --oversubscribe $flags --mca spml ucx \
                -x UCX_TLS -x UCX_NET_DEVICES -np "$np" "$cdir/$p" "$n" 2>/dev/null || true; } \
                | grep '(validated)$' | sed 's|^|C/OSHMEM |' | tee -a "$out" \
                || echo "$p at $np PEs (C/OSHMEM) did not validate" >&2
        done
    done
done
echo "# medians (min-max), M per second"
sed -E 's/^(.*): ([0-9]+) PEs, .*: ([0-9.]+) M .*$/\1\t\2\t\3/' "$out" | sort -t$'\t' -k1,1 -k2,2n -k3,3g \
    | awk -F'\t' '{k=$1" @ "$2" PEs"; v[k]=v[k]" "$3} END {for (k in v) {n=split(v[k],a," "); printf "%s: %s (%s-%s)\n", k, a[int((n+1)/2)], a[1], a[n]}}' | sort
