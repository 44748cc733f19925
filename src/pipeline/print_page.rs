//! The whole book on one page, `print.html` at the output root: every lesson in reading order,
//! with its numbers, figures, formulas and reference list as its own page shows them, ready to
//! print (a page break before each lesson). Widgets print their fallbacks: the page runs none of
//! the lessons' scripts. The lessons' HTML is moved onto the page by [`crate::layout::print`].
//!
//! The page grows with the book, so its template never sees the lessons' content: it renders a
//! frame holding one marker per lesson (small, and bounded like any page by the template
//! limits), and the lessons' rewritten HTML is spliced in at the markers afterwards. A book of
//! any size thus gets its print page, while a runaway template still stops at the limit.

use super::build_cache::CachedPage;
use super::furniture::canonical_url;
use super::pages::BookContext;
use crate::base::diagnostics::Diagnostic;
use crate::layout::print::{for_print_page, lesson_anchor, PrintPlace};
use crate::layout::templating::{PageContext, Templates};
use crate::load::config::BookConfig;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// The page's path, at the output root.
pub const PRINT_PAGE: &str = "print.html";

#[derive(Serialize)]
struct PrintFrame<'a> {
    lessons: Vec<FramedLesson<'a>>,
}

/// What the template sees of a lesson: its `content` is the marker its HTML replaces.
#[derive(Serialize)]
struct FramedLesson<'a> {
    /// The lesson's id on the page; its own ids start with it.
    anchor: &'a str,
    title: &'a str,
    summary: &'a str,
    content: String,
}

/// One lesson as the print page shows it.
pub(super) struct PrintedLesson {
    /// The lesson's id on the page; its own ids start with it.
    pub(super) anchor: String,
    pub(super) title: String,
    pub(super) summary: String,
    /// The lesson's content with ids and links rewritten for this page.
    pub(super) content: String,
}

/// The print page of the book whose laid-out `pages` are given by lesson index.
pub(super) fn render_print_page(
    book: &BookContext<'_>,
    pages: &[Arc<CachedPage>],
) -> Result<Vec<u8>, Diagnostic> {
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
    let stylesheets: BTreeSet<&'static str> = order
        .iter()
        .flat_map(|&index| pages[index].stylesheets.iter().copied())
        .collect();
    let lessons: Vec<PrintedLesson> = order
        .par_iter()
        .map(|&index| {
            let lesson = &book.lessons[index];
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
    print_page_html(book.templates, book.config, stylesheets, &lessons)
}

/// The page around `lessons`, laid out by the `print.html` template, with each lesson's content
/// spliced in where the template put it.
pub(super) fn print_page_html(
    templates: &Templates,
    config: &BookConfig,
    stylesheets: BTreeSet<&'static str>,
    lessons: &[PrintedLesson],
) -> Result<Vec<u8>, Diagnostic> {
    let context = PageContext {
        site: config,
        page_title: format!("{} (the whole book, for printing)", config.title),
        canonical: canonical_url(config, PRINT_PAGE),
        root: String::new(),
        page_path: PRINT_PAGE.to_string(),
        stylesheets: stylesheets.into_iter().collect(),
        scripts: Vec::new(),
        page: PrintFrame {
            lessons: lessons
                .iter()
                .enumerate()
                .map(|(at, lesson)| FramedLesson {
                    anchor: &lesson.anchor,
                    title: &lesson.title,
                    summary: &lesson.summary,
                    content: marker(at),
                })
                .collect(),
        },
    };
    let frame = templates.render(PRINT_PAGE, &context)?;
    let size = frame.len()
        + lessons
            .iter()
            .map(|lesson| lesson.content.len())
            .sum::<usize>();
    let mut page = Vec::with_capacity(size);
    let mut rest = frame.as_str();
    for (at, lesson) in lessons.iter().enumerate() {
        let Some((before, after)) = rest.split_once(&marker(at)) else {
            return Err(Diagnostic::general(format!(
                "template {PRINT_PAGE} does not show the content of lesson \"{}\" where the \
                 lessons before it end",
                lesson.title
            ))
            .with_help(
                "print each lesson's content once, in order, as `{{ lesson.content | safe }}` \
                 inside `{% for lesson in lessons %}`",
            ));
        };
        page.extend_from_slice(before.as_bytes());
        page.extend_from_slice(lesson.content.as_bytes());
        rest = after;
    }
    page.extend_from_slice(rest.as_bytes());
    Ok(page)
}

/// What stands for lesson `at`'s content in the frame: a comment no escaped text can spell.
fn marker(at: usize) -> String {
    format!("<!--worked print lesson {at}-->")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::templating::RenderLimits;
    use crate::load::theme::load_theme;
    use std::path::Path;
    use std::time::Duration;

    fn lessons(count: usize, bytes: usize) -> Vec<PrintedLesson> {
        (0..count)
            .map(|at| PrintedLesson {
                anchor: format!("lesson-{at}"),
                title: format!("Lesson {at}"),
                summary: String::new(),
                content: format!("<p>lesson {at}: {}</p>", "x".repeat(bytes)),
            })
            .collect()
    }

    fn templates(print: Option<&str>, bytes: usize) -> Templates {
        let mut theme = load_theme(Path::new("/nonexistent-book")).unwrap();
        if let Some(print) = print {
            theme
                .templates
                .insert(PRINT_PAGE.to_string(), print.to_string());
        }
        Templates::new(&theme.templates)
            .unwrap()
            .with_limits(RenderLimits {
                time: Duration::from_secs(60),
                bytes,
            })
    }

    #[test]
    fn a_print_page_far_larger_than_the_template_limit_is_made_with_every_lesson_in_order() {
        let cap = 64 << 10;
        let lessons = lessons(40, 16 << 10);
        let config = BookConfig::defaults_for(Path::new("book"));
        let page = print_page_html(&templates(None, cap), &config, BTreeSet::new(), &lessons)
            .expect("the lessons do not count against the template's limit");
        let page = String::from_utf8(page).unwrap();
        assert!(page.len() > 10 * cap, "{} bytes", page.len());
        let mut from = 0;
        for lesson in &lessons {
            let found = page[from..]
                .find(&lesson.content)
                .expect("each lesson once, in order");
            from += found + lesson.content.len();
        }
        assert!(
            !page.contains("<!--worked print lesson"),
            "no marker is left"
        );
        assert!(page.contains("id=\"lesson-39\""));
    }

    #[test]
    fn a_runaway_print_template_still_stops_at_the_limit() {
        let runaway = "{% for i in range(end=10000) %}{% for lesson in lessons %}{{ lesson.title }}{% endfor %}{% endfor %}";
        let config = BookConfig::defaults_for(Path::new("book"));
        let error = print_page_html(
            &templates(Some(runaway), 64 << 10),
            &config,
            BTreeSet::new(),
            &lessons(40, 10),
        )
        .unwrap_err();
        assert!(error.message().contains("grew past"), "{}", error.message());
    }

    #[test]
    fn a_template_that_escapes_or_drops_the_content_is_an_error_naming_the_lesson() {
        let escaped = "{% for lesson in lessons %}{{ lesson.content }}{% endfor %}";
        let config = BookConfig::defaults_for(Path::new("book"));
        let error = print_page_html(
            &templates(Some(escaped), 64 << 10),
            &config,
            BTreeSet::new(),
            &lessons(2, 10),
        )
        .unwrap_err();
        assert!(
            error.message().contains("lesson \"Lesson 0\""),
            "{}",
            error.message()
        );
    }
}
