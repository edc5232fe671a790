#!/usr/bin/env bash
# Stops what tests/slurm/start.sh started: slurmd (and the job steps it runs), slurmctld and
# munged, by their pid files in $SHMEM_SLURM_DIR (default /tmp/shmem-slurm). Safe to rerun;
# nothing is left running.
set -uo pipefail
dir="${SHMEM_SLURM_DIR:-/tmp/shmem-slurm}"

# Ends the daemon whose pid file is $1 and whose command name is $2: SIGTERM, then SIGKILL
# after 10 s. A stale pid file (a pid reused by another program) is left alone.
end() {
    local pidfile="$1" name="$2" pid i
    [ -f "$pidfile" ] || return 0
    pid="$(cat "$pidfile" 2>/dev/null)"
    if [ -n "$pid" ] && [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$name" ]; then
        kill -TERM "$pid" 2>/dev/null
        for ((i = 0; i < 100; i++)); do
            [ -d /proc/"$pid" ] || break
            sleep 0.1
        done
        [ -d /proc/"$pid" ] && kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$pidfile"
}

# Job steps first: their slurmstepd processes outlive slurmd otherwise.
if [ -f "$dir/slurm.conf" ] && command -v scancel >/dev/null; then
    SLURM_CONF="$dir/slurm.conf" timeout 10 scancel --quiet --full --user=root >/dev/null 2>&1 || true
fi
end "$dir/slurmd.pid" slurmd
end "$dir/slurmctld.pid" slurmctld
end "$dir/munge/munged.pid" munged
# Any slurmstepd left (a step whose slurmd was killed): ours carry this cluster's SLURM_CONF
# in their environment (start.sh exports it to the daemons); another cluster's are left alone.
for p in /proc/[0-9]*; do
    [ "$(cat "$p/comm" 2>/dev/null)" = slurmstepd ] || continue
    grep -qa "$dir" "$p/environ" 2>/dev/null && kill -KILL "${p#/proc/}" 2>/dev/null
done
echo "slurm stopped"
