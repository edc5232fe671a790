# Sourced by bench/compare.sh and bench/ab.sh (bash): the launcher flags of a job across two
# hosts faked on this machine (tests/hosts/fake-rsh; docs/clusters.md "Try several hosts on
# one machine"), the test driver's host settings (tests/support/mod.rs).
#
# host_flags NP ROOT MAP: ceil(NP/2) slots on each host, ranks placed with --map-by MAP (node:
# alternating between the hosts, so PE 0 and PE 1 are on different hosts); ROOT is the
# repository. --bind-to none: each fake host's daemon would bind its own ranks without knowing
# the other's, stacking both hosts' ranks on the same CPUs.
host_flags() {
    local k=$(( ($1 + 1) / 2 ))
    echo "--mca plm_rsh_agent $2/tests/hosts/fake-rsh --mca btl self,vader,tcp" \
        "--mca btl_tcp_if_include lo --mca oob_tcp_if_include lo --mca mpi_yield_when_idle 1" \
        "--host $(hostname):$k,shmem-host2:$k --map-by $3 --bind-to none"
}
