//! A static that contexts reach (`#[symmetric(threads)]`) has no view: a plain read on the
//! handle's thread while a thread writes it through a context would be a data race.
#[shmem::symmetric(threads)]
static HITS: [u64; 4] = [0; 4];

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let _lent = HITS.lend(&shmem)?;
    let _ = HITS.slice(&shmem).to_vec();
    Ok(())
}
