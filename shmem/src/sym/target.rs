//! [`SymTarget`]: what a collective may write on this PE.

use bytemuck::Pod;

use super::{SymBox, SymSlice, SymSliceMut, SymVec};

/// A symmetric array that a collective may write on this PE: exclusively borrowed symmetric
/// objects ([`SymVec`], [`SymSliceMut`], [`SymBox`]) and `#[symmetric]` array statics
/// ([`crate::StaticTarget`]) implement it, so a local buffer (`Vec`, array) cannot be passed
/// as a remote target. A borrowed target cannot overlap a source borrowed at the same time; a
/// static's can, and every collective checks that at run time
/// ([`crate::Error::TargetSourceOverlap`]).
pub trait SymTarget<T: Pod> {
    /// The exclusive view of the whole target.
    fn sym_target(&mut self) -> SymSliceMut<'_, T>;
}

impl<T: Pod> SymTarget<T> for SymSliceMut<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        SymSliceMut(SymSlice::new(self.0.shmem, self.0.offset, self.0.len))
    }
}

impl<T: Pod> SymTarget<T> for SymVec<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        self.as_mut_slice()
    }
}

impl<T: Pod> SymTarget<T> for SymBox<'_, T> {
    fn sym_target(&mut self) -> SymSliceMut<'_, T> {
        SymSliceMut(SymSlice::new(self.shmem(), self.offset(), 1))
    }
}
