//! The pages around the lessons: the front page when the book has none of its own, the 404
//! page, and the sitemap.

use super::pages::{BookContext, LessonLink};
use super::RenderedSite;
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::book::navigation::Entry;
use crate::layout::templating::PageContext;
use crate::load::config::BookConfig;
use serde::Serialize;

#[derive(Serialize)]
struct IndexPage<'a> {
    /// Every lesson in reading order.
    lessons: Vec<LessonLink<'a>>,
    /// The top level of the book: chapters and parts, each part with its own entries.
    contents: Vec<IndexEntry<'a>>,
    /// The book's entry point: its first chapter in reading order. Section pages are left out,
    /// because a part's page introduces lessons rather than teaching, so a book whose first part
    /// has one still starts readers on its first real lesson.
    start: Option<LessonLink<'a>>,
}

#[derive(Serialize)]
struct IndexEntry<'a> {
    #[serde(flatten)]
    card: LessonLink<'a>,
    children: Vec<LessonLink<'a>>,
    /// For a top-level folder, its number among the top-level folders (from 1): the front page
    /// calls it "Part N". `None` for a top-level chapter.
    part: Option<usize>,
}

/// The front page, for a book without a root `index.md`: its parts and chapters as cards and
/// a link to the first lesson.
pub(super) fn render_index_page(book: &BookContext<'_>) -> Result<String, Diagnostic> {
    let lessons = book.lessons;
    let mut parts = 0;
    let contents = book
        .tree
        .root
        .children
        .iter()
        .filter_map(|entry| {
            let card = LessonLink::entry(entry, lessons, "")?;
            let (children, part) = match entry {
                Entry::Section(section) => {
                    parts += 1;
                    let children = section
                        .children
                        .iter()
                        .filter_map(|child| LessonLink::entry(child, lessons, ""))
                        .collect();
                    (children, Some(parts))
                }
                Entry::Chapter(_) => (Vec::new(), None),
            };
            Some(IndexEntry {
                card,
                children,
                part,
            })
        })
        .collect();
    let start = book
        .tree
        .reading_order
        .iter()
        .map(|&index| &lessons[index])
        .find(|lesson| !lesson.section)
        .map(|lesson| LessonLink::to(lesson, ""));
    let context = PageContext {
        site: book.config,
        page_title: book.config.title.clone(),
        canonical: canonical_url(book.config, "index.html"),
        root: String::new(),
        page_path: "index.html".to_string(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: IndexPage {
            lessons: book
                .tree
                .reading_order
                .iter()
                .map(|&index| LessonLink::to(&lessons[index], ""))
                .collect(),
            contents,
            start,
        },
    };
    book.templates.render("index.html", &context)
}

/// The page servers show for a missing address, at the output root.
pub const NOT_FOUND_PAGE: &str = "404.html";
/// The list of published pages for search engines, written only when `base_url` is set.
pub const SITEMAP_FILE: &str = "sitemap.xml";

/// `page`'s absolute address under `base_url`, escaped for an HTML attribute; empty without one.
pub(super) fn canonical_url(config: &BookConfig, page: &str) -> String {
    if config.base_url.is_empty() {
        String::new()
    } else {
        escape_html(&format!("{}{page}", config.base_url))
    }
}

/// The theme's `404.html`. A server shows it in place of a missing page at any folder depth, so
/// relative links cannot work everywhere: with a `base_url` its links start from that URL's path
/// (`/book/…`); without one they are relative to the output root and work only for missing pages
/// in the top folder.
pub(super) fn render_not_found_page(book: &BookContext<'_>) -> Result<String, Diagnostic> {
    let root = book.config.base_path().to_string();
    let context = PageContext {
        site: book.config,
        page_title: format!("Page not found · {}", book.config.title),
        canonical: String::new(),
        root,
        page_path: NOT_FOUND_PAGE.to_string(),
        stylesheets: Vec::new(),
        scripts: Vec::new(),
        page: NotFoundPage {},
    };
    book.templates.render(NOT_FOUND_PAGE, &context)
}

#[derive(Serialize)]
struct NotFoundPage {}

/// `sitemap.xml` (sitemaps.org 0.9) listing every page of the site but the 404 page and the
/// whole-book print page (the lessons again, marked noindex), when `base_url` is set.
pub(super) fn sitemap_xml(config: &BookConfig, site: &RenderedSite) -> Option<String> {
    if config.base_url.is_empty() {
        return None;
    }
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    // The print page is not among the files: it is put together as it is written.
    for page in site
        .paths()
        .into_iter()
        .filter(|path| path.ends_with(".html") && *path != NOT_FOUND_PAGE)
    {
        xml.push_str("  <url><loc>");
        xml.push_str(&canonical_url(config, page));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    Some(xml)
}
