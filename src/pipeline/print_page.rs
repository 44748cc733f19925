//! The whole book on one page, `print.html` at the output root: every lesson in reading order,
//! with its numbers, figures, formulas and reference list as its own page shows them, ready to
//! print (a page break before each lesson). Widgets print their fallbacks: the page runs none of
//! the lessons' scripts. The lessons' HTML is moved onto the page by [`crate::layout::print`].

use super::build_cache::CachedPage;
use super::furniture::canonical_url;
use super::pages::BookContext;
use crate::base::diagnostics::Diagnostic;
use crate::layout::print::{for_print_page, lesson_anchor, PrintPlace};
use crate::layout::templating::PageContext;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// The page's path, at the output root.
pub const PRINT_PAGE: &str = "print.html";

#[derive(Serialize)]
struct PrintPage {
    lessons: Vec<PrintedLesson>,
}

#[derive(Serialize)]
struct PrintedLesson {
    /// The lesson's id on the page; its own ids start with it.
    anchor: String,
    title: String,
    summary: String,
    /// The lesson's content with ids and links rewritten for this page.
    content: String,
}

/// The print page of the book whose laid-out `pages` are given by lesson index.
pub(super) fn render_print_page(
    book: &BookContext<'_>,
    pages: &[Arc<CachedPage>],
) -> Result<String, Diagnostic> {
    let order = &book.tree.reading_order;
    let anchors: HashMap<String, String> = order
        .iter()
        .map(|&index| {
            let page = book.lessons[index].page();
            let anchor = lesson_anchor(&page);
            (page, anchor)
        })
        .collect();
    let find_anchor = |page: &str| anchors.get(page).cloned();
    let mut stylesheets = BTreeSet::new();
    let lessons = order
        .iter()
        .map(|&index| {
            let lesson = &book.lessons[index];
            stylesheets.extend(pages[index].stylesheets.iter().copied());
            let anchor = lesson_anchor(&lesson.page());
            let content = for_print_page(
                &pages[index].content,
                &PrintPlace {
                    folder: &lesson.folder,
                    anchor: &anchor,
                    lesson_anchor: &find_anchor,
                },
            );
            PrintedLesson {
                anchor,
                title: lesson.title.clone(),
                summary: lesson.summary.clone(),
                content,
            }
        })
        .collect();
    let context = PageContext {
        site: book.config,
        page_title: format!("{} (the whole book, for printing)", book.config.title),
        canonical: canonical_url(book.config, PRINT_PAGE),
        root: String::new(),
        page_path: PRINT_PAGE.to_string(),
        stylesheets: stylesheets.into_iter().collect(),
        scripts: Vec::new(),
        page: PrintPage { lessons },
    };
    book.templates.render(PRINT_PAGE, &context)
}
