//! A team window that outlives its team: the window borrows the team, whose sync area its
//! collective drop uses.
use shmem::Team;
use shmem::window::TeamWindow;

fn main() {
    let shmem = shmem::init().unwrap();
    let world = Team::world(&shmem);
    let team = world.split_strided(0, 1, world.n_pes()).unwrap().unwrap();
    let win = TeamWindow::<u64>::new(&team, 4).unwrap();
    drop(team);
    drop(win);
}
