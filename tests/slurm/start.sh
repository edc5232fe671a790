#!/usr/bin/env bash
# Starts a one-machine Slurm cluster: munged, slurmctld and slurmd on this machine, as root,
# with no systemd and no cgroups (a container works). Everything lives in one directory,
# $SHMEM_SLURM_DIR (default /tmp/shmem-slurm): the configuration, munge's key and socket, the
# daemons' state, logs and pid files. Safe to rerun: a cluster already up is stopped first.
# Then, in the shell that runs srun:
#     export SLURM_CONF=/tmp/shmem-slurm/slurm.conf
# tests/slurm/stop.sh ends it all. Needs Debian's slurm-wlm and munge (22.05).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${SHMEM_SLURM_DIR:-/tmp/shmem-slurm}"
# Seconds to wait for the node to come up before giving up.
wait_s="${SHMEM_SLURM_WAIT:-60}"

for c in munged slurmctld slurmd sinfo srun; do
    command -v "$c" >/dev/null || {
        echo "start.sh: $c not found: apt-get install slurm-wlm munge" >&2
        exit 1
    }
done
[ "$(id -u)" = 0 ] || { echo "start.sh: needs root (slurmd runs jobs as their users)" >&2; exit 1; }

"$here/stop.sh" >/dev/null
rm -rf "$dir"
mkdir -p "$dir"/{state,spool,munge}
chmod 700 "$dir" "$dir/munge"

host="$(hostname)"
cpus="$(nproc)"

# munge: a key of our own, a socket of our own (a munged of the system is left alone).
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/munged.seed"

cat >"$dir/slurm.conf" <<CONF
# One-machine Slurm for shmem's tests (tests/slurm/start.sh).
ClusterName=shmem
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldPort=${SHMEM_SLURM_PORT:-6817}
SlurmdPort=$(( ${SHMEM_SLURM_PORT:-6817} + 1 ))
# No cgroups in a container: track a job's processes through /proc, bind nothing.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
# Open MPI 4.1 as Debian builds it learns its rank from PMIx only (no PMI-1/PMI-2 client).
MpiDefault=pmix
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=5
# A request this machine can never satisfy (more tasks than CPUs without --overcommit) is
# refused at once rather than left pending for ever.
EnforcePartLimits=ALL
NodeName=$host CPUs=$cpus State=UNKNOWN
# OverSubscribe=FORCE: jobs share the CPUs (the tests start several at once).
PartitionName=shmem Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:16
CONF
export SLURM_CONF="$dir/slurm.conf"

slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"

deadline=$((SECONDS + wait_s))
until sinfo -h -n "$host" -o '%T' 2>/dev/null | grep -qx 'idle'; do
    if ((SECONDS >= deadline)); then
        echo "start.sh: node $host not idle after ${wait_s}s; sinfo says: $(sinfo -h -N -o '%N %T %E' 2>&1)" >&2
        tail -n 20 "$dir"/slurmctld.log "$dir"/slurmd.log "$dir/munge/munged.log" >&2 2>/dev/null || true
        "$here/stop.sh" >/dev/null || true
        exit 1
    fi
    sleep 0.5
done
echo "slurm up: node $host idle ($cpus CPUs); export SLURM_CONF=$SLURM_CONF"
