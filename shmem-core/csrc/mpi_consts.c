/* MPI handles and constants that rsmpi's bindings do not export (MPI_REPLACE and MPI_NO_OP
 * are macros that expand to implementation-specific expressions; MPI_WIN_UNIFIED is a macro
 * in Open MPI, 0, but an enumerator in MPICH, 2, that rsmpi's bindings do not have), as
 * link-time constants for shmem-core's MPI transport (src/transport/net/). Built by build.rs
 * with the MPI library's compiler wrapper, only with the `mpi` feature. */
#include <mpi.h>

const MPI_Op shmem_mpi_replace = MPI_REPLACE;
const MPI_Op shmem_mpi_no_op = MPI_NO_OP;
const int shmem_mpi_mode_nocheck = MPI_MODE_NOCHECK;
const int shmem_mpi_win_unified = MPI_WIN_UNIFIED;
