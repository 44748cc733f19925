//! Lesson pages laid out: the template context of each page (its content, table of contents,
//! keep-going cards, section children, breadcrumbs, place in reading order) and what the cache
//! keeps of it.

use super::build_cache::CachedPage;
use super::furniture::canonical_url;
use super::prepare::Prepared;
use super::typeset::Typeset;
use crate::base::diagnostics::Diagnostic;
use crate::book::keep_going::resolve_keep_going;
use crate::book::navigation::{root_prefix, BookTree, Crumb, Entry, Section};
use crate::expand::markdown::TocEntry;
use crate::layout::html::{to_html, toc_html};
use crate::layout::search::{self, IndexedSection};
use crate::layout::templating::{PageContext, Templates};
use crate::link::relative_url;
use crate::load::bibliography::Bibliography;
use crate::load::config::BookConfig;
use crate::load::content::Lesson;
use serde::Serialize;
use std::sync::Arc;

/// What every page of one build shares.
pub(super) struct BookContext<'a> {
    pub(super) lessons: &'a [Lesson],
    pub(super) tree: &'a BookTree,
    pub(super) config: &'a BookConfig,
    pub(super) templates: &'a Templates,
    pub(super) typeset: &'a Typeset,
    pub(super) bibliography: Option<&'a Bibliography>,
}

#[derive(Serialize)]
struct LessonPage<'a> {
    lesson: LessonFields<'a>,
    toc: Vec<TocEntry>,
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
    let (html, content) = render_lesson_page(page, book)?;
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
            fragments,
            referenced,
            popovers,
            content,
            stylesheets,
        },
    ))
}

/// One lesson's page: its content with the table of contents, cards, breadcrumbs and the
/// previous and next links around it; returns the page and its content.
fn render_lesson_page(
    page: Prepared<'_>,
    book: &BookContext<'_>,
) -> Result<(Arc<[u8]>, Arc<str>), Diagnostic> {
    let lesson = page.lesson;
    let lessons = book.lessons;
    let path = lesson.page();
    let root = root_prefix(&path);
    let mut toc = page.toc;
    toc_html(&mut toc, &page.events, book.typeset);
    let position = book.tree.position(page.index);
    // The print page takes the content without the popovers' templates (it runs no scripts);
    // on the lesson page they close the content, after everything the table of contents and
    // the search index read.
    let content: Arc<str> = Arc::from(to_html(page.events, book.typeset));
    let with_popovers = format!("{content}{}", to_html(page.popovers, book.typeset));
    let order = &book.tree.reading_order;
    let children = if book.tree.section_of_page(page.index).is_some() {
        book.tree
            .section_of_page(page.index)
            .map(|section| {
                section
                    .children
                    .iter()
                    .filter_map(|entry| LessonLink::entry(entry, lessons, &lesson.folder))
                    .collect()
            })
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let context = PageContext {
        site: book.config,
        page_title: match &lesson.page_title {
            Some(title) => title.clone(),
            None => format!("{} · {}", lesson.title, book.config.title),
        },
        canonical: canonical_url(book.config, &path),
        root: root.clone(),
        page_path: path.clone(),
        stylesheets: page.stylesheets,
        scripts: page.scripts,
        page: LessonPage {
            lesson: LessonFields {
                slug: &lesson.slug,
                title: &lesson.title,
                title_id: page.title_id.as_deref(),
                summary: &lesson.summary,
                content: &with_popovers,
                section: lesson.section,
                draft: lesson.draft,
            },
            toc,
            keep_going: lesson
                .keep_going
                .iter()
                .filter_map(|(name, _)| resolve_keep_going(lesson, name, lessons).ok())
                .map(|target| LessonLink::to(target, &lesson.folder))
                .collect(),
            children,
            breadcrumbs: book.tree.breadcrumbs(lessons, page.index, &root),
            position: Position {
                number: position.map_or(0, |at| at + 1),
                total: order.len(),
            },
            previous: position
                .and_then(|at| at.checked_sub(1))
                .map(|at| LessonLink::to(&lessons[order[at]], &lesson.folder)),
            next: position
                .and_then(|at| order.get(at + 1))
                .map(|&index| LessonLink::to(&lessons[index], &lesson.folder)),
        },
    };
    // The template is the same for every lesson; the lesson is what the author can change.
    book.templates
        .render_page("lesson.html", &context)
        .map(|html| (html, Arc::clone(&content)))
        .map_err(|problem| {
            let mut at_lesson = Diagnostic::at(
                &lesson.source,
                0..0,
                format!("this lesson's page {path}: {}", problem.message()),
            );
            if let Some(help) = problem.help() {
                at_lesson = at_lesson.with_help(help.to_string());
            }
            at_lesson
        })
}
