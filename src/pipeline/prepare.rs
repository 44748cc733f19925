//! One lesson from Markdown to events ready for typesetting: parsed once, examples and
//! references expanded, headings numbered, its formulas and links gathered. Pages are prepared
//! in parallel; nothing here looks at other lessons.

use super::build_cache::CachedPage;
use crate::base::diagnostics::Diagnostic;
use crate::expand::citations::{cite_lesson, CITATION_HTML};
use crate::expand::crossref::{self, Fragment, PageLabels};
use crate::expand::evaluation_cache::Evaluations;
use crate::expand::markdown::{self, LocalTarget, Spanned, TocEntry};
use crate::expand::mdbook_ids::{html_anchor_ids, mdbook_heading_ids};
use crate::expand::{expand_lesson, Unexpanded};
use crate::layout::citations::format_citations;
use crate::layout::math::{self, Formula, MathSettings};
use crate::load::bibliography::Bibliography;
use crate::load::config::{BookConfig, HeadingIds};
use crate::load::content::Lesson;
use pulldown_cmark::Event;
use std::sync::Arc;

/// A lesson on its way to a page: prepared in this build, or taken whole from the cache.
pub(super) enum PageSoFar<'a> {
    Fresh(Box<Prepared<'a>>),
    /// Its index among the published lessons, and the page.
    Cached(usize, Arc<CachedPage>),
}

impl PageSoFar<'_> {
    pub(super) fn index(&self) -> usize {
        match self {
            PageSoFar::Fresh(page) => page.index,
            PageSoFar::Cached(index, _) => *index,
        }
    }
}

/// A lesson between parsing and typesetting: its events, headings and page needs.
pub(super) struct Prepared<'a> {
    /// Every formula of the page, in order.
    pub(super) formulas: Vec<Formula>,
    /// Index into the published lessons.
    pub(super) index: usize,
    pub(super) lesson: &'a Lesson,
    pub(super) events: Vec<Spanned<'a>>,
    pub(super) toc: Vec<TocEntry>,
    /// The id of the lesson's title heading, in a book with mdBook's ids.
    pub(super) title_id: Option<String>,
    /// The page's headings (id, text), for links into it.
    pub(super) headings: Vec<(String, String)>,
    pub(super) scripts: Vec<&'static str>,
    pub(super) stylesheets: Vec<&'static str>,
    pub(super) typed_numbers: Vec<Diagnostic>,
    /// Links and images inside the book, checked once every page is known.
    pub(super) targets: Vec<LocalTarget>,
    /// Copies of its labelled targets, the ids it refers to, and the popover templates of
    /// those targets (placed once every page is prepared: see `popovers`).
    pub(super) fragments: Vec<Fragment>,
    pub(super) referenced: Vec<String>,
    pub(super) popovers: Vec<Spanned<'static>>,
}

/// Expands and numbers one lesson from its parsed `events`, and gathers what the later stages
/// need from it.
pub(super) fn prepare_lesson<'a>(
    index: usize,
    lesson: &'a Lesson,
    events: Vec<Spanned<'a>>,
    config: &BookConfig,
    evaluations: Evaluations<'_>,
    labels: &PageLabels<'_>,
    bibliography: Option<&Bibliography>,
) -> Result<Prepared<'a>, Unexpanded> {
    let (events, citations, citation_problems) =
        cite_lesson(&lesson.source, events, bibliography, format_citations);
    let expanded = match expand_lesson(
        lesson,
        events,
        config.decimals,
        evaluations,
        labels,
        &citations,
    ) {
        Ok(expanded) if citation_problems.is_empty() => expanded,
        Ok(expanded) => {
            return Err(Unexpanded {
                problems: citation_problems,
                typed_numbers: expanded.typed_numbers,
            })
        }
        Err(mut unexpanded) => {
            unexpanded.problems.splice(0..0, citation_problems);
            return Err(unexpanded);
        }
    };
    let mut events = expanded.events;
    let (mut scripts, mut stylesheets) = (expanded.scripts, expanded.stylesheets);
    // A citation shows its reference-list entry in the cross-references' popover.
    if events.iter().any(
        |(event, _)| matches!(event, Event::InlineHtml(html) if html.starts_with(CITATION_HTML)),
    ) && !scripts.contains(&crossref::SCRIPT)
    {
        scripts.push(crossref::SCRIPT);
        stylesheets.insert(crossref::STYLESHEET);
    }
    let (toc, title_id) = match config.ids {
        HeadingIds::Worked => (markdown::heading_ids(&mut events), None),
        HeadingIds::Mdbook => {
            // mdBook's ids of headings with math are made from the typeset formula's text.
            // KaTeX's drawing, whatever the pages show.
            let settings = MathSettings {
                macros: config.macros.clone(),
                mathml_only: false,
            };
            let typeset = |tex: &str| {
                let formula = Formula {
                    tex: tex.to_string(),
                    display: false,
                };
                math::typeset_all(&[formula], &settings)
                    .pop()
                    .and_then(Result::ok)
                    .unwrap_or_default()
            };
            mdbook_heading_ids(&mut events, &lesson.title, &typeset)
        }
    };
    let mut headings = markdown::headings(&events);
    headings.extend(
        title_id
            .iter()
            .cloned()
            .chain(html_anchor_ids(&events))
            .map(|id| (id, String::new())),
    );
    let targets = markdown::local_targets(&lesson.source.text, &events);
    let formulas = formulas_of(&events);
    Ok(Prepared {
        formulas,
        index,
        lesson,
        targets,
        events,
        toc,
        title_id,
        headings,
        scripts,
        stylesheets: stylesheets.into_iter().collect(),
        typed_numbers: expanded.typed_numbers,
        fragments: expanded.fragments,
        referenced: expanded.referenced,
        popovers: Vec::new(),
    })
}

/// Every formula of `events`, in order.
pub(super) fn formulas_of(events: &[Spanned<'_>]) -> Vec<Formula> {
    events
        .iter()
        .filter_map(|(event, _)| match event {
            Event::InlineMath(tex) => Some((tex, false)),
            Event::DisplayMath(tex) => Some((tex, true)),
            _ => None,
        })
        .map(|(tex, display)| Formula {
            tex: tex.to_string(),
            display,
        })
        .collect()
}
