#!/usr/bin/env bash
# Starts NP processes of a Lamellar program on this machine on Lamellar's `shmem` lamellae
# (on-node shared memory), the way Lamellar's own lamellar_run.sh does it: each process gets
# LAMELLAR_BACKEND=shmem, LAMELLAR_NUM_PES, LAMELLAR_PE_ID and a LAMELLAR_JOB_ID shared by
# the job (it names the shared-memory segments the PEs attach to). Waits for all of them and
# fails when any fails.
#
# Usage: bench/lamellar/run.sh NP BINARY [ARGS...]
#
# Threads and CPUs, as lamellar_run.sh: LAMELLAR_THREADS is the CPUs divided by NP, but at
# least 1 (lamellar_run.sh refuses to start more PEs than CPUs; we run 8 PEs on 2 CPUs like
# our own launcher); set LAMELLAR_THREADS to override. PE p runs under `taskset` on the
# LAMELLAR_THREADS CPUs from p × LAMELLAR_THREADS on, wrapping around when NP exceeds the
# CPUs. The pinning matters: Lamellar's executor pins its own threads (main thread to the
# first CPU it may use, worker i to the i-th), so unpinned PEs would all put their main
# threads on CPU 0 and their workers on CPU 1. LAMELLAR_RUN_BIND=0 leaves the PEs unpinned.
set -uo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 NP BINARY [ARGS...]" >&2
    exit 2
fi
np=$1
bin=$2
shift 2
case $np in
'' | *[!0-9]* | 0)
    echo "$0: NP must be a positive number" >&2
    exit 2
    ;;
esac
cpus=$(nproc --all)
threads=${LAMELLAR_THREADS:-$((cpus / np))}
[ "$threads" -ge 1 ] || threads=1
# One job id per launch: the segments' names derive from it, so concurrent jobs stay apart.
job=$(( ($$ << 15) + RANDOM ))
# Segments this job leaves behind when it fails are removed (those newer than the marker).
marker=$(mktemp "${TMPDIR:-/tmp}/lamellar-run.XXXXXX")
pids=()
# Stops the PEs and removes the segments this job made.
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    find /dev/shm -maxdepth 1 -name 'lamellar_*' -newer "$marker" -delete 2>/dev/null
}
# Killed (e.g. by `timeout`) or interrupted: the PEs go too.
trap 'stop; rm -f "$marker"; exit 143' TERM
trap 'stop; rm -f "$marker"; exit 130' INT
for ((pe = 0; pe < np; pe++)); do
    pin=()
    if [ "${LAMELLAR_RUN_BIND:-1}" != 0 ]; then
        first=$(((pe * threads) % cpus))
        last=$((first + threads - 1))
        [ "$last" -lt "$cpus" ] || last=$((cpus - 1))
        pin=(taskset -c "$first-$last")
    fi
    LAMELLAR_BACKEND=shmem LAMELLAR_NUM_PES=$np LAMELLAR_PE_ID=$pe LAMELLAR_JOB_ID=$job \
        LAMELLAR_THREADS=$threads "${pin[@]}" "$bin" "$@" &
    pids+=($!)
done
# As soon as one PE fails, the others (which may wait for it at a barrier) are stopped.
status=0
for ((left = np; left > 0; left--)); do
    gone=
    wait -n -p gone
    rc=$?
    [ -n "${gone:-}" ] || break # no PE left to wait for
    if [ "$rc" != 0 ] && [ "$status" = 0 ]; then
        status=$rc
        for pid in "${pids[@]}"; do [ "$pid" = "$gone" ] || kill "$pid" 2>/dev/null; done
    fi
done
[ "$status" = 0 ] || stop
rm -f "$marker"
exit "$status"
