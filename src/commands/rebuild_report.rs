//! What `serve` prints after a rebuild: the problems of the files that changed, and a count for
//! the rest. A book of a thousand lessons with a few problems each would otherwise print every
//! one of them on every save, burying the one the author just made or fixed.

use crate::base::diagnostics::Diagnostic;
use std::collections::BTreeMap;
use std::path::Path;

/// The problems printed by the last rebuild, per file, to tell which ones are news.
#[derive(Default)]
pub struct ProblemMemory {
    /// `None` until the first rebuild, which prints everything.
    last: Option<BTreeMap<Option<String>, Vec<String>>>,
}

/// The problems of one rebuild, split for printing.
pub struct Report {
    /// Problems of files whose problems changed since the last rebuild, or that were just saved.
    pub shown: Vec<Diagnostic>,
    /// How many problems are left out because their files show the same problems as before.
    pub unchanged: usize,
    /// In how many files.
    pub unchanged_files: usize,
}

impl ProblemMemory {
    /// Splits `problems` into those to print and a count of the rest, and remembers them.
    pub fn report(&mut self, problems: &[Diagnostic], changed: Option<&Path>) -> Report {
        let mut by_file: BTreeMap<Option<String>, Vec<String>> = BTreeMap::new();
        for problem in problems {
            by_file
                .entry(problem.path().map(str::to_string))
                .or_default()
                .push(fingerprint(problem));
        }
        let previous = self.last.replace(by_file.clone());
        let is_news = |path: &Option<String>| match (&previous, path) {
            (None, _) | (_, None) => true,
            (Some(previous), Some(file)) => {
                changed.is_some_and(|changed| changed.ends_with(file))
                    || previous.get(path) != by_file.get(path)
            }
        };
        let mut report = Report {
            shown: Vec::new(),
            unchanged: 0,
            unchanged_files: 0,
        };
        for problem in problems {
            if is_news(&problem.path().map(str::to_string)) {
                report.shown.push(problem.clone());
            } else {
                report.unchanged += 1;
            }
        }
        report.unchanged_files = by_file.keys().filter(|path| !is_news(path)).count();
        report
    }
}

impl Report {
    /// The line that stands for the problems left out, if any.
    pub fn unchanged_line(&self, what: &str) -> Option<String> {
        (self.unchanged > 0).then(|| {
            format!(
                "… and {} {what}{} in {} other file{}, the same as before this change (the pages show them; `worked check` lists them all)\n",
                self.unchanged,
                if self.unchanged == 1 { "" } else { "s" },
                self.unchanged_files,
                if self.unchanged_files == 1 { "" } else { "s" },
            )
        })
    }
}

/// A problem's identity across rebuilds: where it is and what it says.
fn fingerprint(problem: &Diagnostic) -> String {
    format!(
        "{}: {}",
        problem.position().unwrap_or_default(),
        problem.message()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::source::SourceFile;

    fn problem(path: &str, message: &str) -> Diagnostic {
        let file = SourceFile::new(path.to_string(), "some text\n".to_string());
        Diagnostic::at(&file, 0..4, message)
    }

    #[test]
    fn the_first_rebuild_shows_everything_and_later_ones_only_what_changed() {
        let mut memory = ProblemMemory::default();
        let first = vec![
            problem("content/a.md", "one"),
            problem("content/b.md", "two"),
        ];
        assert_eq!(memory.report(&first, None).shown.len(), 2);

        let same = memory.report(&first, Some(Path::new("/book/content/c.md")));
        assert!(same.shown.is_empty());
        assert_eq!((same.unchanged, same.unchanged_files), (2, 2));
        assert!(same
            .unchanged_line("problem")
            .unwrap()
            .contains("2 problems in 2 other files"));

        let edited = vec![
            problem("content/a.md", "one"),
            problem("content/b.md", "new"),
        ];
        let report = memory.report(&edited, None);
        assert_eq!(report.shown.len(), 1);
        assert_eq!(report.shown[0].message(), "new");
        assert_eq!(report.unchanged, 1);
    }

    #[test]
    fn the_file_just_saved_shows_its_problems_even_when_they_are_the_same() {
        let mut memory = ProblemMemory::default();
        let problems = vec![
            problem("content/a.md", "one"),
            problem("content/b.md", "two"),
        ];
        memory.report(&problems, None);
        let report = memory.report(&problems, Some(Path::new("/book/content/a.md")));
        assert_eq!(report.shown.len(), 1);
        assert_eq!(report.shown[0].path(), Some("content/a.md"));
        assert!(report.unchanged_line("problem").is_some());
    }
}
