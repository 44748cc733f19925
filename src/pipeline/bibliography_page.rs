//! The book's bibliography page: every entry of the `bibliography` file, formatted in the
//! book's citation style, each with the id `ref-KEY` as in the lessons' reference lists.

use super::furniture::canonical_url;
use super::pages::BookContext;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::layout::citations::format_whole_bibliography;
use crate::layout::templating::PageContext;
use crate::load::bibliography::Bibliography;
use serde::Serialize;

/// The page's path, at the output root; written only for a book with a bibliography.
pub const BIBLIOGRAPHY_PAGE: &str = "bibliography.html";

#[derive(Serialize)]
struct BibliographyPage {
    /// (`ref-KEY` id, entry HTML) in the style's order.
    entries: Vec<(String, String)>,
}

/// The bibliography page of `bibliography`.
pub(super) fn render_bibliography_page(
    book: &BookContext<'_>,
    bibliography: &Bibliography,
) -> Result<String, Diagnostic> {
    let entries = format_whole_bibliography(bibliography)
        .into_iter()
        .map(|(key, html)| (format!("ref-{}", escape_html(&key)), html))
        .collect();
    let context = PageContext {
        site: book.config,
        page_title: format!("Bibliography · {}", book.config.title),
        canonical: canonical_url(book.config, BIBLIOGRAPHY_PAGE),
        root: String::new(),
        page_path: BIBLIOGRAPHY_PAGE.to_string(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: BibliographyPage { entries },
    };
    book.templates.render(BIBLIOGRAPHY_PAGE, &context)
}
