//! Lesson pages laid out: the template context of each page (its content, table of contents,
//! keep-going cards, section children, breadcrumbs, place in reading order) and what the cache
//! keeps of it.

use super::build_cache::CachedPage;
use super::furniture::canonical_url;
use super::prepare::Prepared;
use super::splice::{CONTENT_MARKER, LESSON_TEMPLATE};
use super::typeset::Typeset;
use super::PageSink;
use crate::base::diagnostics::Diagnostic;
use crate::book::keep_going::resolve_keep_going;
use crate::book::navigation::{root_prefix, BookTree, Crumb, Entry, Section};
use crate::expand::markdown::TocEntry;
use crate::layout::html::{to_html, to_html_with_formulas, toc_html};
use crate::layout::print::moved_to_root;
use crate::layout::search::{self, IndexedSection};
use crate::layout::templating::{PageContext, Templates};
use crate::link::relative_url;
use crate::load::bibliography::Bibliography;
use crate::load::config::BookConfig;
use crate::load::content::Lesson;
use serde::Serialize;
use std::ops::Range;
use std::sync::Arc;

/// What every page of one build shares.
pub(super) struct BookContext<'a> {
    pub(super) lessons: &'a [Lesson],
    pub(super) tree: &'a BookTree,
    pub(super) config: &'a BookConfig,
    pub(super) templates: &'a Templates,
    pub(super) typeset: &'a Typeset,
    pub(super) bibliography: Option<&'a Bibliography>,
    /// The lesson the front page shows, when the book has one there: see [`front_chapter`].
    pub(super) front: Option<usize>,
    /// Where each lesson page goes the moment it is rendered (`build`'s staging folder), so it
    /// is written from the buffer it was rendered in; without one, pages are kept.
    pub(super) sink: Option<&'a dyn PageSink>,
    /// Whether lesson pages are rendered around [`CONTENT_MARKER`] and their content spliced
    /// in (see [`super::splice`]).
    pub(super) splice_content: bool,
}

/// A book whose contents come from mdBook's `SUMMARY.md` and that has no root section page
/// opens, as in mdBook, on its first chapter: the front page shows that chapter (which keeps
/// its own page too) instead of the generated list of parts.
pub(super) fn front_chapter(config: &BookConfig, tree: &BookTree) -> Option<usize> {
    if config.contents.is_none() || tree.root.page.is_some() {
        return None;
    }
    tree.reading_order.first().copied()
}

#[derive(Serialize)]
struct LessonPage<'a> {
    lesson: LessonFields<'a>,
    toc: &'a [TocEntry],
    keep_going: Vec<LessonLink<'a>>,
    /// For a section page: its chapters and sub-sections, in reading order.
    children: Vec<LessonLink<'a>>,
    breadcrumbs: Vec<Crumb>,
    /// Where the page stands in reading order: `number` of `total`, from 1.
    position: Position,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous: Option<LessonLink<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<LessonLink<'a>>,
}

#[derive(Serialize)]
struct Position {
    number: usize,
    total: usize,
}

#[derive(Serialize)]
struct LessonFields<'a> {
    slug: &'a str,
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    title_id: Option<&'a str>,
    summary: &'a str,
    content: &'a str,
    section: bool,
    draft: bool,
}

#[derive(Serialize)]
pub(super) struct LessonLink<'a> {
    slug: &'a str,
    title: &'a str,
    summary: &'a str,
    /// Relative to the page that shows the link.
    url: String,
}

impl<'a> LessonLink<'a> {
    /// A link to `lesson` from a page in `folder`.
    pub(super) fn to(lesson: &'a Lesson, folder: &str) -> Self {
        LessonLink {
            slug: &lesson.slug,
            title: &lesson.title,
            summary: &lesson.summary,
            url: relative_url(folder, &lesson.page()),
        }
    }

    /// A card for one entry of a section: a chapter, or a sub-section by its section page
    /// (its first page in reading order when it has none).
    pub(super) fn entry(entry: &'a Entry, lessons: &'a [Lesson], folder: &str) -> Option<Self> {
        match entry {
            Entry::Chapter(index) => Some(LessonLink::to(&lessons[*index], folder)),
            Entry::Section(section) => {
                let first = section.page.or_else(|| first_page(section))?;
                let lesson = &lessons[first];
                Some(LessonLink {
                    slug: section.folder.rsplit('/').next().unwrap_or_default(),
                    title: &section.title,
                    summary: section
                        .page
                        .map_or("", |page| lessons[page].summary.as_str()),
                    url: relative_url(folder, &lesson.page()),
                })
            }
        }
    }
}

/// The first page of `section` in reading order: its own, or its first chapter's.
fn first_page(section: &Section) -> Option<usize> {
    section.page.or_else(|| {
        section.children.iter().find_map(|entry| match entry {
            Entry::Chapter(index) => Some(*index),
            Entry::Section(child) => first_page(child),
        })
    })
}

/// Lays out a freshly prepared lesson and keeps what later builds need to reuse it.
pub(super) fn finish_page(
    mut page: Prepared<'_>,
    book: &BookContext<'_>,
) -> Result<(usize, CachedPage), Diagnostic> {
    let lesson = page.lesson;
    let search = search::page_sections(&lesson.page(), &lesson.title, &page.events)
        .into_iter()
        .map(IndexedSection::from)
        .collect();
    let index = page.index;
    let headings = std::mem::take(&mut page.headings);
    let targets = page.targets.clone();
    let typed_numbers = page.typed_numbers.clone();
    let formulas = page.formulas.clone();
    let fragments = std::mem::take(&mut page.fragments);
    let referenced = std::mem::take(&mut page.referenced);
    let popovers = page.popovers.clone();
    let stylesheets = page.stylesheets.clone();
    let LaidOut {
        html,
        content,
        content_formulas,
        front,
    } = render_lesson_page(page, book)?;
    Ok((
        index,
        CachedPage {
            text: Arc::clone(&lesson.source.text),
            headings,
            targets,
            typed_numbers,
            formulas,
            search,
            html,
            front,
            fragments,
            referenced,
            popovers,
            content,
            content_formulas,
            stylesheets,
        },
    ))
}

/// One lesson's page: its content with the table of contents, cards, breadcrumbs and the
/// previous and next links around it; returns the page, its content, and the front page when
/// the lesson is also shown there ([`BookContext::front`]).
fn render_lesson_page(page: Prepared<'_>, book: &BookContext<'_>) -> Result<LaidOut, Diagnostic> {
    let lesson = page.lesson;
    let path = lesson.page();
    let mut toc = page.toc;
    toc_html(&mut toc, &page.events, book.typeset);
    // The print page takes the content without the popovers' templates (it runs no scripts);
    // on the lesson page they close the content, after everything the table of contents and
    // the search index read.
    let (content, content_formulas) = to_html_with_formulas(page.events, book.typeset);
    let content = Arc::new(content);
    let popovers = to_html(page.popovers, book.typeset);
    let shown = Shown {
        index: page.index,
        lesson,
        title_id: page.title_id.as_deref(),
        toc: &toc,
        stylesheets: &page.stylesheets,
        scripts: &page.scripts,
    };
    let html = shown.render(
        &[&content, &popovers],
        (&lesson.folder, root_prefix(&path)),
        book,
        book.sink.map(|sink| (sink, path.as_str())),
    )?;
    let front = if book.front == Some(page.index) {
        let moved = moved_to_root(&format!("{content}{popovers}"), &lesson.folder);
        let front = shown.render(
            &[&moved],
            ("", String::new()),
            book,
            book.sink.map(|sink| (sink, "index.html")),
        )?;
        book.sink.is_none().then_some(front)
    } else {
        None
    };
    Ok(LaidOut {
        html,
        content,
        content_formulas: content_formulas.into(),
        front,
    })
}

/// A lesson's page as [`render_lesson_page`] lays it out.
struct LaidOut {
    html: Arc<[u8]>,
    content: Arc<String>,
    content_formulas: Arc<[Range<usize>]>,
    front: Option<Arc<[u8]>>,
}

/// What a lesson's page shows wherever it is laid out.
struct Shown<'a> {
    index: usize,
    lesson: &'a Lesson,
    title_id: Option<&'a str>,
    toc: &'a [TocEntry],
    stylesheets: &'a [&'static str],
    scripts: &'a [&'static str],
}

impl Shown<'_> {
    /// The page with `content` (pieces, one after the other), laid out in `folder` whose way to
    /// the output root is `root` (the lesson's own, or the root itself for the front page); the
    /// sidebar marks the lesson either way. With `to` (a sink and the page's path), the page is
    /// handed to the sink and nothing is kept: the bytes returned are empty.
    ///
    /// When the templates allow it ([`BookContext::splice_content`]), the template is rendered
    /// around [`CONTENT_MARKER`] and the content put where the marker is, uncopied; otherwise,
    /// or when the frame does not hold the marker exactly once, with the content itself.
    fn render(
        &self,
        content: &[&str],
        (folder, root): (&str, String),
        book: &BookContext<'_>,
        to: Option<(&dyn PageSink, &str)>,
    ) -> Result<Arc<[u8]>, Diagnostic> {
        let rendered = if book.splice_content {
            let context = self.context(CONTENT_MARKER, folder, &root, book);
            book.templates
                .render_page_with(LESSON_TEMPLATE, &context, |frame| {
                    let (before, after) = split_at_marker(frame)?;
                    let pieces: Vec<&[u8]> = std::iter::once(before)
                        .chain(content.iter().map(|piece| piece.as_bytes()))
                        .chain(std::iter::once(after))
                        .collect();
                    let bytes: usize = pieces.iter().map(|piece| piece.len()).sum();
                    // Past the size limit, the full render stops with the limit's error.
                    (bytes <= book.templates.limits().bytes).then(|| finish(&pieces, to))
                })
                .map_err(|problem| self.at_lesson(problem))?
        } else {
            None
        };
        if let Some(page) = rendered {
            return page;
        }
        let whole = content.concat();
        let context = self.context(&whole, folder, &root, book);
        book.templates
            .render_page_with(LESSON_TEMPLATE, &context, |page| finish(&[page], to))
            .map_err(|problem| self.at_lesson(problem))?
    }

    /// The template context of the page with `content`.
    fn context<'c>(
        &'c self,
        content: &'c str,
        folder: &str,
        root: &str,
        book: &'c BookContext<'_>,
    ) -> PageContext<'c, LessonPage<'c>> {
        let (lesson, lessons) = (self.lesson, book.lessons);
        let path = lesson.page();
        let position = book.tree.position(self.index);
        let order = &book.tree.reading_order;
        let children = book
            .tree
            .section_of_page(self.index)
            .map(|section| {
                section
                    .children
                    .iter()
                    .filter_map(|entry| LessonLink::entry(entry, lessons, folder))
                    .collect()
            })
            .unwrap_or_default();
        PageContext {
            site: book.config,
            page_title: match &lesson.page_title {
                Some(title) => title.clone(),
                None => format!("{} · {}", lesson.title, book.config.title),
            },
            canonical: canonical_url(book.config, &path),
            root: root.to_string(),
            page_path: path,
            stylesheets: self.stylesheets.to_vec(),
            scripts: self.scripts.to_vec(),
            page: LessonPage {
                lesson: LessonFields {
                    slug: &lesson.slug,
                    title: &lesson.title,
                    title_id: self.title_id,
                    summary: &lesson.summary,
                    content,
                    section: lesson.section,
                    draft: lesson.draft,
                },
                toc: self.toc,
                keep_going: lesson
                    .keep_going
                    .iter()
                    .filter_map(|(name, _)| resolve_keep_going(lesson, name, lessons).ok())
                    .map(|target| LessonLink::to(target, folder))
                    .collect(),
                children,
                breadcrumbs: book.tree.breadcrumbs(lessons, self.index, root),
                position: Position {
                    number: position.map_or(0, |at| at + 1),
                    total: order.len(),
                },
                previous: position
                    .and_then(|at| at.checked_sub(1))
                    .map(|at| LessonLink::to(&lessons[order[at]], folder)),
                next: position
                    .and_then(|at| order.get(at + 1))
                    .map(|&index| LessonLink::to(&lessons[index], folder)),
            },
        }
    }

    /// A template's problem, placed at the lesson (the template is the same for every lesson;
    /// the lesson is what the author can change).
    fn at_lesson(&self, problem: Diagnostic) -> Diagnostic {
        let lesson = self.lesson;
        let mut at_lesson = Diagnostic::at(
            &lesson.source,
            0..0,
            format!(
                "this lesson's page {}: {}",
                lesson.page(),
                problem.message()
            ),
        );
        if let Some(help) = problem.help() {
            at_lesson = at_lesson.with_help(help.to_string());
        }
        at_lesson
    }
}

/// The rendered frame before and after the one [`CONTENT_MARKER`] it holds; `None` when it
/// holds none or more than one.
fn split_at_marker(frame: &[u8]) -> Option<(&[u8], &[u8])> {
    let marker = CONTENT_MARKER.as_bytes();
    let at = frame
        .windows(marker.len())
        .position(|window| window == marker)?;
    let (before, after) = (&frame[..at], &frame[at + marker.len()..]);
    let again = after.windows(marker.len()).any(|window| window == marker);
    (!again).then_some((before, after))
}

/// The page made of `pieces` handed to the sink (the bytes returned are then empty), or kept.
fn finish(pieces: &[&[u8]], to: Option<(&dyn PageSink, &str)>) -> Result<Arc<[u8]>, Diagnostic> {
    match to {
        Some((sink, path)) => sink.put(path, pieces).map(|()| Arc::from([])),
        None => Ok(Arc::from(pieces.concat())),
    }
}
