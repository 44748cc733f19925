//! `contents = "SUMMARY.md"` in `book.toml`: the book's table of contents in mdBook's format
//! (`content/SUMMARY.md`, which `worked import mdbook` keeps), so an imported book's sidebar,
//! order, nesting, section pages and part titles are SUMMARY's rather than its folders'.
//!
//! Input: the settings, the published lessons, the problems found while loading. Output: the
//! [`BookTree`], and a problem for an unreadable contents file or an entry that names no
//! published lesson, at its line.

use super::navigation::BookTree;
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::book::summary::parse_summary;
use crate::load::config::{BookConfig, CONFIG_FILE};
use crate::load::content::{Lesson, CONTENT_DIR};
use std::path::Path;

/// The contents file's path as problems name it (`content/SUMMARY.md`), if the book has one.
pub fn contents_path(config: &BookConfig) -> Option<String> {
    config
        .contents
        .as_ref()
        .map(|(name, _)| format!("{CONTENT_DIR}/{}", name.trim_start_matches("./")))
}

/// The contents file is not a lesson: drops the problem the loader found in it (it has no
/// front matter).
pub fn forget_contents_file(config: &BookConfig, problems: &mut Vec<Diagnostic>) {
    if let Some(path) = contents_path(config) {
        problems.retain(|problem| problem.path() != Some(path.as_str()));
    }
}

/// The book's tree: from the contents file when `book.toml` names one, else from the folders.
pub fn book_tree(
    root: &Path,
    config: &BookConfig,
    lessons: &[Lesson],
    left_out: &[Lesson],
    problems: &mut Vec<Diagnostic>,
) -> BookTree {
    let (Some(path), Some((name, span))) = (contents_path(config), &config.contents) else {
        return BookTree::new(lessons);
    };
    let text = match std::fs::read_to_string(root.join(&path)) {
        Ok(text) => text,
        Err(error) => {
            let config_file = SourceFile::new(
                CONFIG_FILE,
                std::fs::read_to_string(root.join(CONFIG_FILE)).unwrap_or_default(),
            );
            problems.push(
                Diagnostic::at(
                    &config_file,
                    span.clone(),
                    format!("cannot read the contents file {path}: {error}"),
                )
                .with_help(format!(
                    "contents = \"{name}\" is relative to {CONTENT_DIR}/"
                )),
            );
            return BookTree::new(lessons);
        }
    };
    let file = SourceFile::new(path, text);
    let (entries, _) = parse_summary(&file.text);
    for entry in &entries {
        let Some(chapter) = &entry.path else { continue };
        let known = |lessons: &[Lesson]| {
            lessons
                .iter()
                .any(|lesson| lesson.content_path() == chapter.as_str())
        };
        if known(lessons) {
            continue;
        }
        let at = file.line_start(entry.line).unwrap_or(0);
        let line_end = file.text[at..]
            .find('\n')
            .map_or(file.text.len(), |end| at + end);
        let message = if known(left_out) {
            format!("{chapter} is a draft")
        } else {
            format!("no lesson {CONTENT_DIR}/{chapter}")
        };
        problems.push(
            Diagnostic::at(&file, at..line_end, message)
                .with_help("list published lessons only, by their path from content/ (a draft chapter is written [Title]())"),
        );
    }
    BookTree::from_contents(lessons, &entries)
}
