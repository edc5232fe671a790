// A lock lives in symmetric memory, allocated and cleared on every PE by its collective
// constructor (`SymLock::new(&shmem)`): it cannot be made as a plain value (the C API's
// `long lock` on the stack or in a non-symmetric variable), zeroed or not.
fn main() {
    let _on_the_stack: shmem::SymLock<'static> = Default::default();
    let _zeroed: shmem::SymLock<'static> = shmem::bytemuck::Zeroable::zeroed();
}
