//! The memory bound of a whole book's compute blocks. Each block keeps at most
//! [`MAX_KEPT_ENTRIES`](crate::compute::lang::MAX_KEPT_ENTRIES) numbers, but every block's
//! values stay in memory until the pages are laid out (references read them), so 120 small
//! blocks once reached 5 GB. Lessons evaluate in parallel and each notes what its blocks keep;
//! once all are done the counts are added up in book order, so the block blamed for crossing
//! the bound is the same on every run.

use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::compute::Evaluated;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// Most numbers the compute blocks of one book keep together: 128 MiB of values.
pub const MAX_BOOK_ENTRIES: usize = 16 * 1024 * 1024;

/// What the blocks of one build keep, block by block.
#[derive(Debug, Default)]
pub struct ValueBudget {
    /// By (lesson file, where the block's name starts): how many numbers it keeps, and the
    /// error that blames it if the book crosses the bound there. Keyed by place, so a lesson
    /// evaluated twice in one build counts once.
    kept: Mutex<BTreeMap<(String, usize), (usize, Diagnostic)>>,
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
    /// Notes what the block of `file` whose name spans `name` keeps.
    pub fn keep(&self, file: &SourceFile, name: std::ops::Range<usize>, evaluated: &Evaluated) {
        let entries = entries(evaluated);
        if entries == 0 {
            return;
        }
        let blame = Diagnostic::at(
            file,
            name.clone(),
            format!(
                "with this example the book's compute blocks keep more than {MAX_BOOK_ENTRIES} numbers"
            ),
        )
        .with_help("every value of every block is kept for the references: use smaller values or fewer steps");
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        kept.insert((file.path.clone(), name.start), (entries, blame));
    }

    /// The block that takes the book past [`MAX_BOOK_ENTRIES`], counting the lessons in
    /// `book_order` (their files' paths) and each lesson's blocks in the order written.
    pub fn first_over(&self, book_order: &[&str]) -> Option<Diagnostic> {
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut total = 0usize;
        for path in book_order {
            let blocks = kept.range((path.to_string(), 0)..=(path.to_string(), usize::MAX));
            for (entries, blame) in blocks.map(|(_, block)| block) {
                total = total.saturating_add(*entries);
                if total > MAX_BOOK_ENTRIES {
                    return Some(blame.clone());
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::computed::{compute, Labels};

    fn block(program: &str) -> Evaluated {
        Evaluated::Compute(compute(program, Vec::new(), Labels::default()).unwrap())
    }

    #[test]
    fn the_block_blamed_is_the_first_past_the_bound_in_book_order_whatever_order_they_were_kept_in()
    {
        let first = SourceFile::new("content/a.md", "name = 1\nname = 2\nname = 3\nname = 4\n");
        let second = SourceFile::new("content/b.md", "name = 5\n");
        // Four blocks of 4 Mi numbers in the first lesson fill the bound; the second crosses it.
        let quarter = block("x = zeros(1024, 1024)\na = x\nb = x\nc = x\n");
        let budget = ValueBudget::default();
        budget.keep(&second, 0..4, &block("x = 1\n"));
        for line in (0..4).rev() {
            budget.keep(&first, line * 9..line * 9 + 4, &quarter);
        }
        let blamed = budget
            .first_over(&["content/a.md", "content/b.md"])
            .expect("the book is over");
        assert!(blamed.to_string().contains("content/b.md:1:1"), "{blamed}");
        // Read in the other order, the first lesson's last block crosses it.
        let blamed = budget
            .first_over(&["content/b.md", "content/a.md"])
            .expect("the book is over");
        assert!(blamed.to_string().contains("content/a.md:4:1"), "{blamed}");
        assert!(budget.first_over(&["content/a.md"]).is_none());
    }
}
