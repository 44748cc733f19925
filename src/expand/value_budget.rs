//! The memory bound of a whole book's compute blocks. Each block keeps at most
//! [`MAX_KEPT_ENTRIES`](crate::compute::lang::MAX_KEPT_ENTRIES) numbers, but every block's
//! values stay in memory until the pages are laid out (references read them), so 120 small
//! blocks once reached 5 GB. One budget is shared by all lessons of a build, which evaluate in
//! parallel; the block that crosses it is the error.

use crate::compute::Evaluated;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Most numbers the compute blocks of one book keep together: 128 MiB of values.
pub const MAX_BOOK_ENTRIES: usize = 16 * 1024 * 1024;

/// What the blocks evaluated so far in one build keep.
#[derive(Debug, Default)]
pub struct ValueBudget {
    kept: AtomicUsize,
}

/// How many numbers an evaluated block keeps. The kinds other than compute are small by their
/// own limits (an attention example is the largest) and count as none.
pub fn entries(evaluated: &Evaluated) -> usize {
    match evaluated {
        Evaluated::Compute(computed) => computed
            .values
            .iter()
            .map(|(_, _, value)| value.len())
            .sum(),
        _ => 0,
    }
}

impl ValueBudget {
    /// Counts an evaluated block's values; false once the book's blocks keep more than
    /// [`MAX_BOOK_ENTRIES`] (the values stay counted, so every later block is refused too).
    pub fn keep(&self, evaluated: &Evaluated) -> bool {
        let entries = entries(evaluated);
        let before = self.kept.fetch_add(entries, Ordering::Relaxed);
        before.saturating_add(entries) <= MAX_BOOK_ENTRIES
    }
}
