//! Output names the site generates itself, which no lesson, static file or asset may take.
//!
//! Two sources that would write one output path lose one of them; the collisions between
//! lessons, static files and assets are found as the site is assembled (`assemble`), and these
//! checks cover the files worked always makes: the not-found page, the whole-book print page,
//! the bibliography page (reserved even in a book without a bibliography, so that adding one
//! never breaks the book), the search index and the table-of-contents script (the sitemap and
//! the front page clash only when they are written, and `assemble` reports that). Each problem
//! names both sides.

use crate::base::diagnostics::Diagnostic;
use crate::load::content::Lesson;
use std::collections::BTreeMap;

/// Every output path worked generates whatever the book holds (`sitemap.xml` only with a
/// `base_url`, `index.html` only without a front page: those two clash only when written, and
/// the site assembly reports them then), with what it is.
const GENERATED: &[(&str, &str)] = &[
    (super::furniture::NOT_FOUND_PAGE, "the not-found page"),
    (super::print_page::PRINT_PAGE, "the whole-book print page"),
    (
        super::bibliography_page::BIBLIOGRAPHY_PAGE,
        "the bibliography page",
    ),
    (crate::layout::search::INDEX_FILE, "the search index"),
    (
        crate::book::navigation::TOC_FILE,
        "the table of contents script",
    ),
];

/// What worked generates at `path`, if anything.
pub fn generated(path: &str) -> Option<&'static str> {
    GENERATED
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, what)| *what)
}

/// A problem for each lesson whose page has a generated name (`content/404.md`, `slug = "404"`).
pub fn lessons_on_generated_names(lessons: &[Lesson]) -> Vec<Diagnostic> {
    lessons
        .iter()
        .filter_map(|lesson| {
            let page = lesson.page();
            generated(&page).map(|what| {
                Diagnostic::at(
                    &lesson.source,
                    0..0,
                    format!("this lesson's page {page} is the name of {what}, which worked writes"),
                )
                .with_help("rename the file or set another `slug = \"…\"` on the lesson")
            })
        })
        .collect()
}

/// A problem for each file of the book's `origin` folder (`static/`, `content/`) that has a
/// generated name.
pub fn files_on_generated_names<T>(files: &BTreeMap<String, T>, origin: &str) -> Vec<Diagnostic> {
    files
        .keys()
        .filter_map(|path| {
            generated(path).map(|what| {
                Diagnostic::general(format!(
                    "{origin}{path} would be replaced by {what}, which worked writes at {path}"
                ))
                .with_help("rename the file; worked generates this one")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_names_are_known_and_others_are_free() {
        assert_eq!(generated("404.html"), Some("the not-found page"));
        assert_eq!(generated("search-index.js"), Some("the search index"));
        assert_eq!(generated("notes/404.html"), None);
    }
}
