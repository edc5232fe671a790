#!/usr/bin/env bash
# Runs the examples built with the MPI transport under Slurm's srun at 2 PEs and at 4
# (oversubscribed: --overcommit) and checks that each prints what it prints under shmemrun
# (lines sorted; lock_counter's "N: count is K" lines, whose order is the lock's, left out),
# with status 0, within 120 s. Needs a cluster (tests/slurm/start.sh, SLURM_CONF) and
# `cargo build -p shmemrun --features mpi --examples` done.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
: "${SLURM_CONF:=${SHMEM_SLURM_DIR:-/tmp/shmem-slurm}/slurm.conf}"
export SLURM_CONF OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
bin=target/debug
failed=0
for ex in hello or_to_all lock_counter window_histogram; do
    for n in 2 4; do
        t0=$SECONDS
        if ! got="$(timeout 120 srun -n "$n" --overcommit --quiet --time=2 "$bin/examples/$ex" 2>&1)"; then
            echo "FAIL $ex -n $n under srun (status $?):"; echo "$got"; failed=1; continue
        fi
        want="$(timeout 120 "$bin/shmemrun" -n "$n" "$bin/examples/$ex" 2>&1)"
        strip() { grep -Ev '^[0-9]+: count is [0-9]+$' | sort; }
        if [ "$(strip <<<"$got")" != "$(strip <<<"$want")" ] || [ -z "$got" ]; then
            echo "FAIL $ex -n $n: srun and shmemrun differ:"
            diff <(strip <<<"$got") <(strip <<<"$want") || true
            failed=1
        else
            echo "ok $ex -n $n ($((SECONDS - t0)) s, $(wc -l <<<"$got") lines)"
        fi
    done
done
exit "$failed"
