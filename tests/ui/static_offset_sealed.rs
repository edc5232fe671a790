// Safe code cannot move a `#[symmetric]` static: the registration entry's `set_offset` needs
// a token that only the `shmem` crate can make.
use shmem::__private::StaticEntry;

#[shmem::symmetric]
static X: u64 = 0;

fn main() {
    X.set_offset(64, Default::default());
}
