//! With the `mpi` feature: compiles `csrc/mpi_consts.c` (MPI constants that rsmpi's bindings
//! lack) with the MPI library's compiler wrapper, found the way rsmpi finds it.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "mpi")]
    mpi_consts();
}

#[cfg(feature = "mpi")]
fn mpi_consts() {
    println!("cargo:rerun-if-changed=csrc/mpi_consts.c");
    let lib = match build_probe_mpi::probe() {
        Ok(lib) => lib,
        Err(errs) => {
            for e in errs {
                println!("cargo:warning=looking for MPI: {e}");
            }
            panic!(
                "the `mpi` feature needs an MPI library with its headers and compiler \
                 wrapper (Debian: openmpi-bin libopenmpi-dev)"
            );
        }
    };
    let mut build = cc::Build::new();
    build.file("csrc/mpi_consts.c");
    match lib.mpicc {
        Some(mpicc) => {
            build.compiler(mpicc);
        }
        None => {
            for dir in &lib.include_paths {
                build.include(dir);
            }
        }
    }
    build.compile("shmem_mpi_consts");
}
