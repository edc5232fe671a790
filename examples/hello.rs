//! Each PE says hello: `shmemrun -n 4 target/release/examples/hello`.
#![forbid(unsafe_code)]

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    println!(
        "Hello from PE {} of {}",
        shmem.my_pe().index(),
        shmem.n_pes()
    );
    Ok(())
}
