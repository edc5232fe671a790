// A type with a pointer inside cannot live in symmetric memory: remote PEs would write a
// pointer that means nothing in this process.
#[shmem::symmetric]
static NAMES: Vec<u8> = Vec::new();

fn main() {}
