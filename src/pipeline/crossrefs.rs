//! The book-wide steps of cross-referencing, around the per-page ones in `expand`: every
//! lesson's labels are numbered before any page is expanded (a page may refer to a target on
//! any other), and once every page is prepared, each gets a copy of the targets it refers to,
//! for popovers.

use super::prepare::{formulas_of, PageSoFar};
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::book::navigation::BookTree;
use crate::expand::crossref::PageLabels;
use crate::expand::labels::{collect_labels, LabelTable, PageToLabel};
use crate::expand::markdown::Spanned;
use crate::load::content::Lesson;
use pulldown_cmark::{CowStr, Event};
use std::collections::HashMap;

/// The book's labels, numbered by each lesson's place in reading order.
pub(super) struct BookLabels {
    pub(super) table: LabelTable,
    /// Each lesson's number in reading order, from 1 (0 for a lesson outside it).
    positions: Vec<usize>,
}

impl BookLabels {
    /// Reads and numbers the labels of every lesson from its parsed events; returns them with
    /// the labels' problems (an id used twice, a prefix of another kind).
    pub(super) fn collect(
        lessons: &[Lesson],
        parsed: &[Vec<Spanned<'_>>],
        tree: &BookTree,
    ) -> (Self, Vec<Diagnostic>) {
        let mut positions = vec![0; lessons.len()];
        for (at, &index) in tree.reading_order.iter().enumerate() {
            positions[index] = at + 1;
        }
        let pages: Vec<PageToLabel<'_, '_>> = lessons
            .iter()
            .zip(parsed)
            .enumerate()
            .map(|(index, (lesson, events))| PageToLabel {
                file: &lesson.source,
                page: lesson.page(),
                position: positions[index],
                events,
            })
            .collect();
        let (table, problems) = collect_labels(&pages);
        (BookLabels { table, positions }, problems)
    }

    /// The labels as the lesson `index` sees them.
    pub(super) fn for_page(&self, index: usize, lesson: &Lesson) -> PageLabels<'_> {
        PageLabels {
            table: &self.table,
            page: lesson.page(),
            position: self.positions[index],
        }
    }
}

/// Gives every freshly prepared page the templates of the targets it refers to. Returns the
/// indices of cached pages whose templates are no longer those they were made with (a target
/// on another page changed): they must be made again.
pub(super) fn place_popovers(pages: &mut [PageSoFar<'_>]) -> Vec<usize> {
    let templates: Vec<Vec<Spanned<'static>>> = {
        let mut fragments: HashMap<&str, &[Spanned<'static>]> = HashMap::new();
        for page in pages.iter() {
            let of_page = match page {
                PageSoFar::Fresh(page) => &page.fragments,
                PageSoFar::Cached(_, page) => &page.fragments,
            };
            for (id, events) in of_page {
                fragments.insert(id, events);
            }
        }
        pages
            .iter()
            .map(|page| {
                let referenced = match page {
                    PageSoFar::Fresh(page) => &page.referenced,
                    PageSoFar::Cached(_, page) => &page.referenced,
                };
                templates_of(referenced, &fragments)
            })
            .collect()
    };
    let mut stale = Vec::new();
    for (page, popovers) in pages.iter_mut().zip(templates) {
        match page {
            PageSoFar::Fresh(page) => {
                page.formulas.extend(formulas_of(&popovers));
                page.popovers = popovers;
            }
            PageSoFar::Cached(index, page) => {
                // Where a copy came from in its file does not show on the page.
                let events = |templates: &[Spanned<'static>]| {
                    templates
                        .iter()
                        .map(|(event, _)| event.clone())
                        .collect::<Vec<_>>()
                };
                if events(&page.popovers) != events(&popovers) {
                    stale.push(*index);
                }
            }
        }
    }
    stale
}

/// One inert `<template data-xref="id">` holding a copy of each target in `referenced`.
fn templates_of(
    referenced: &[String],
    fragments: &HashMap<&str, &[Spanned<'static>]>,
) -> Vec<Spanned<'static>> {
    let mut templates = Vec::new();
    for id in referenced {
        let Some(fragment) = fragments.get(id.as_str()) else {
            continue;
        };
        let range = fragment.first().map_or(0..0, |(_, range)| range.clone());
        templates.push((
            Event::Html(CowStr::from(format!(
                "<template class=\"xref-target\" data-xref=\"{}\">",
                escape_html(id)
            ))),
            range.clone(),
        ));
        templates.extend(fragment.iter().cloned());
        templates.push((Event::Html(CowStr::Borrowed("</template>\n")), range));
    }
    templates
}
