//! Ids that are unique across everything on a page: the template's own (`main`, `search`, …),
//! ids written with `{#…}`, footnotes and the ids made for headings from their text.
//!
//! Written ids are kept as written (links point at them), so one that repeats another or takes
//! a template's id is a problem for the author ([`written_id_clashes`]). Footnote labels become
//! `fn-<label>` ids, and heading ids made from text step around everything taken before them
//! with `-2`, `-3`, …; a footnote `[^proof]` and a heading "Proof" no longer share an id.

use super::markdown::{slugify, Spanned};
use super::mdbook_ids::html_anchor_ids;
use pulldown_cmark::{CowStr, Event, Tag};
use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

/// Ids the page templates give their own elements (`templates/*.html`); no heading or footnote
/// may take one, or a skip link, the search box or the book's navigation would land on it.
pub const TEMPLATE_IDS: [&str; 7] = [
    "main",
    "search",
    "search-input",
    "book-nav",
    "section-contents-heading",
    "keep-going-heading",
    "lessons-heading",
];

/// The ids of one page: which are taken, and how far each base's count has got.
pub struct PageIds {
    taken: BTreeSet<String>,
    /// `base` → the next suffix to try, so 20,000 headings with the same title take linear
    /// time, not quadratic.
    next_suffix: HashMap<String, usize>,
}

impl PageIds {
    /// The ids taken before any is made: the template's, every `{#…}` written on a heading,
    /// and those that raw HTML and labelled targets (`eq-…`, `def-…`) carry.
    pub fn new(events: &[Spanned<'_>]) -> Self {
        let taken = TEMPLATE_IDS
            .iter()
            .map(|id| id.to_string())
            .chain(written_ids(events).map(|(id, _)| id.to_string()))
            .chain(html_anchor_ids(events))
            .collect();
        PageIds {
            taken,
            next_suffix: HashMap::new(),
        }
    }

    /// `base`, or `base-2`, `base-3`, … if taken; the result is taken from now on.
    pub fn unique(&mut self, base: &str) -> String {
        let counter = self.next_suffix.entry(base.to_string()).or_insert(1);
        let mut candidate = base.to_string();
        if *counter > 1 {
            candidate = format!("{base}-{counter}");
        }
        while self.taken.contains(&candidate) {
            *counter += 1;
            candidate = format!("{base}-{counter}");
        }
        *counter += 1;
        self.taken.insert(candidate.clone());
        candidate
    }

    /// Renames every footnote label to a unique `fn-…` id, the same at the reference and the
    /// definition, so that the footnote's `id` and `href="#…"` cannot collide with a heading.
    pub fn number_footnotes(&mut self, events: &mut [Spanned<'_>]) {
        let mut renamed: HashMap<String, String> = HashMap::new();
        for (event, _) in events.iter_mut() {
            let label = match event {
                Event::FootnoteReference(label) | Event::Start(Tag::FootnoteDefinition(label)) => {
                    label
                }
                _ => continue,
            };
            let id = match renamed.get(label.as_ref()) {
                Some(id) => id.clone(),
                None => {
                    let id = self.unique(&format!("fn-{}", slugify(label)));
                    renamed.insert(label.to_string(), id.clone());
                    id
                }
            };
            *label = CowStr::from(id);
        }
    }
}

/// Every `{#…}` id written on the page, with the span of its heading.
fn written_ids<'e>(events: &'e [Spanned<'_>]) -> impl Iterator<Item = (&'e str, Range<usize>)> {
    events.iter().filter_map(|(event, span)| match event {
        Event::Start(Tag::Heading { id: Some(id), .. }) => Some((id.as_ref(), span.clone())),
        _ => None,
    })
}

/// Written `{#…}` ids that repeat an earlier one or take a template's id: (heading span,
/// message, help). Call before headings get ids made from their text.
pub fn written_id_clashes(events: &[Spanned<'_>]) -> Vec<(Range<usize>, String, String)> {
    let mut seen = BTreeSet::new();
    let mut clashes = Vec::new();
    for (id, span) in written_ids(events) {
        if TEMPLATE_IDS.contains(&id) {
            clashes.push((
                span,
                format!("the id `{id}` belongs to the page itself"),
                format!(
                    "choose another id: {} are the template's",
                    TEMPLATE_IDS.join(", ")
                ),
            ));
        } else if !seen.insert(id) {
            clashes.push((
                span,
                format!("the id `{id}` is written twice on this page"),
                "every id on a page must be unique: change one of them".to_string(),
            ));
        }
    }
    clashes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::markdown::heading_ids;
    use crate::expand::markdown::tests::events;

    #[test]
    fn headings_named_like_the_template_s_elements_step_around_their_ids() {
        let mut parsed = events("## Main\n\n## Search\n\n## Book nav\n");
        let ids: Vec<String> = heading_ids(&mut parsed)
            .into_iter()
            .map(|entry| entry.id)
            .collect();
        assert_eq!(ids, ["main-2", "search-2", "book-nav-2"]);
    }

    #[test]
    fn a_heading_steps_around_the_id_of_a_labelled_formula() {
        let text = "$$ x $$ {#eq-scores}\n\n## Eq scores\n";
        let table = crate::expand::labels::LabelTable::default();
        let labels = crate::expand::crossref::PageLabels {
            table: &table,
            page: "a.html".to_string(),
            position: 1,
        };
        let file = crate::base::source::SourceFile::new("a.md", text);
        let mut problems = Vec::new();
        let mut crossed =
            crate::expand::crossref::cross_reference(&file, &labels, events(text), &mut problems)
                .events;
        assert!(problems.is_empty());
        assert_eq!(heading_ids(&mut crossed)[0].id, "eq-scores-2");
    }

    #[test]
    fn a_footnote_and_a_heading_of_the_same_name_get_different_ids() {
        let text = "## Proof\n\nSee[^proof].\n\n[^proof]: The proof.\n\n## Fn proof\n";
        let mut parsed = events(text);
        let toc = heading_ids(&mut parsed);
        assert_eq!(toc[0].id, "proof");
        let labels: Vec<&str> = parsed
            .iter()
            .filter_map(|(event, _)| match event {
                Event::FootnoteReference(label) | Event::Start(Tag::FootnoteDefinition(label)) => {
                    Some(label.as_ref())
                }
                _ => None,
            })
            .collect();
        assert_eq!(labels, ["fn-proof", "fn-proof"]);
        assert_eq!(toc[1].id, "fn-proof-2");
    }

    #[test]
    fn written_ids_that_repeat_or_take_a_template_id_are_reported() {
        let parsed = events("## A {#main}\n\n## B {#x}\n\n## C {#x}\n\n## D {#y}\n");
        let clashes: Vec<String> = written_id_clashes(&parsed)
            .into_iter()
            .map(|(_, message, _)| message)
            .collect();
        assert_eq!(
            clashes,
            [
                "the id `main` belongs to the page itself",
                "the id `x` is written twice on this page"
            ]
        );
    }
}
