//! A context made from a team cannot outlive the team (`shmem_team_destroy` would leave it
//! naming PEs of a team that no longer exists).
use shmem::{CtxOptions, Team};

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let world = Team::world(&shmem);
    let ctx = {
        let team = world.split_strided(0, 1, 1)?.unwrap();
        team.create_ctx(CtxOptions::NONE)?
    };
    ctx.quiet();
    Ok(())
}
