// RMA on an active-target window outside an epoch does not compile, and the note names the
// epochs it has (fence, start), not `lock`, which it lacks.
use shmem::window::ActiveWindow;

fn main() -> Result<(), shmem::Error> {
    let shmem = shmem::init()?;
    let win = ActiveWindow::<u64>::new(&shmem, 4)?;
    win.put(shmem.my_pe(), 0, &[1u64])?;
    Ok(())
}
