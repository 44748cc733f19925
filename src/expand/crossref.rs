//! Cross-references: `@eq-scores` in prose becomes "Equation (3.2)", linked to its target on
//! any page; `[-@eq-scores]` prints the number alone, "(3.2)" (`[@eq-scores]` is read as
//! `@eq-scores`). Labelled targets get their markup here too: the number at the right of a
//! display formula, a table's caption, a theorem-like block's head (see `expand::theorems`).
//!
//! Runs on one page's expanded events, with the book's [`LabelTable`] from
//! [`super::labels::collect_labels`]. Only Markdown text is read: code, math, raw HTML and
//! image descriptions never hold a reference, and an `@` after a letter, digit or `.` (an
//! email address) is not one. An `@` followed by anything but a label prefix and `-` is left
//! alone: citations are `@key` too.
//!
//! Each labelled target is also copied, without its id, as a [`Fragment`]: the build places a
//! copy of every target a page refers to in an inert `<template>` on that page, which
//! `static/js/xref-popover.js` shows when a reference is hovered or focused (no fetch, so it
//! works from `file://`).

use super::labels::{
    equation_label, is_id_char, span_in_file, table_caption, theorem_head, Counters, LabelKind,
    LabelTable, TableCaption, TABLE_CAPTION_START,
};
use super::markdown::Spanned;
use super::theorems::{open_theorem, CLOSE_THEOREM};
use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::base::source::SourceFile;
use crate::book::navigation::root_prefix;
use crate::compute::lang::suggest::nearest;
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};
use std::ops::Range;

/// The book's labels as one page sees them.
pub struct PageLabels<'t> {
    /// Every label of the book.
    pub table: &'t LabelTable,
    /// The page's output path (`foundations/softmax.html`).
    pub page: String,
    /// The page's number in reading order, from 1 (see [`super::labels`]).
    pub position: usize,
}

/// A copy of one labelled target's events, for popovers on the pages that refer to it.
pub type Fragment = (String, Vec<Spanned<'static>>);

/// One page after cross-referencing.
pub struct CrossReferenced<'a> {
    /// The page's events, references and targets marked up.
    pub events: Vec<Spanned<'a>>,
    /// A copy of each target labelled on this page.
    pub fragments: Vec<Fragment>,
    /// The ids this page refers to, each once, in the order first referred to.
    pub referenced: Vec<String>,
    /// Whether the page shows a reference, a labelled target or a theorem-like block, and so
    /// needs their styles.
    pub styled: bool,
}

/// The stylesheet of references, numbered targets and theorem-like blocks.
pub const STYLESHEET: &str = "xref.css";
/// The script that shows a reference's target in a popover.
pub const SCRIPT: &str = "js/xref-popover.js";

/// Expands the references of one page and marks up its labelled targets.
pub fn cross_reference<'a>(
    file: &SourceFile,
    labels: &PageLabels<'_>,
    events: Vec<Spanned<'a>>,
    problems: &mut Vec<Diagnostic>,
) -> CrossReferenced<'a> {
    let mut referenced = Vec::new();
    let events = references(file, labels, events, problems, &mut referenced);
    let mut marked = Markup {
        file,
        position: labels.position,
        problems,
        out: Vec::with_capacity(events.len()),
        fragments: Vec::new(),
        counters: Counters::default(),
        styled: !referenced.is_empty(),
    };
    marked.run(&events);
    let Markup {
        out,
        fragments,
        styled,
        ..
    } = marked;
    CrossReferenced {
        events: out,
        fragments,
        referenced,
        styled,
    }
}

/// A reference found in a piece of text.
#[derive(Debug, PartialEq)]
struct Found {
    /// All of it, brackets included.
    whole: Range<usize>,
    /// The id, without the `@`.
    id: Range<usize>,
    /// `[-@id]`: the number alone.
    number_only: bool,
}

/// The references in `text`, in order.
fn find_references(text: &str) -> Vec<Found> {
    let mut found = Vec::new();
    let mut cursor = 0;
    for (at, _) in text.match_indices('@') {
        if at < cursor {
            continue;
        }
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '.') {
            continue;
        }
        let start = at + 1;
        let length = text[start..]
            .find(|c: char| !is_id_char(c))
            .unwrap_or(text.len() - start);
        let id = text[start..start + length].trim_end_matches('-');
        if LabelKind::of_id(id).is_none() {
            continue;
        }
        let id = start..start + id.len();
        let closed = text[id.end..].starts_with(']');
        let (whole, number_only) = if closed && text[..at].ends_with("[-") {
            (at - 2..id.end + 1, true)
        } else if closed && text[..at].ends_with('[') {
            (at - 1..id.end + 1, false)
        } else {
            (at..id.end, false)
        };
        cursor = whole.end;
        found.push(Found {
            whole,
            id,
            number_only,
        });
    }
    found
}

/// Every reference in the page's text replaced by its link (inside a link or a heading, by its
/// text alone).
fn references<'a>(
    file: &SourceFile,
    labels: &PageLabels<'_>,
    events: Vec<Spanned<'a>>,
    problems: &mut Vec<Diagnostic>,
    referenced: &mut Vec<String>,
) -> Vec<Spanned<'a>> {
    let mut out = Vec::with_capacity(events.len());
    let (mut code, mut links, mut images) = (0usize, 0usize, 0usize);
    for (event, range) in events {
        match &event {
            Event::Start(Tag::CodeBlock(_)) => code += 1,
            Event::End(TagEnd::CodeBlock) => code = code.saturating_sub(1),
            // A heading's words become links too (its table-of-contents entry, its anchor):
            // a reference there prints its words alone, as inside a link.
            Event::Start(Tag::Link { .. } | Tag::Heading { .. }) => links += 1,
            Event::End(TagEnd::Link | TagEnd::Heading(_)) => links = links.saturating_sub(1),
            Event::Start(Tag::Image { .. }) => images += 1,
            Event::End(TagEnd::Image) => images = images.saturating_sub(1),
            _ => {}
        }
        let Event::Text(text) = &event else {
            out.push((event, range));
            continue;
        };
        let found = if code > 0 || images > 0 {
            Vec::new()
        } else {
            find_references(text)
        };
        if found.is_empty() {
            out.push((event, range));
            continue;
        }
        let piece = |part: Range<usize>| Event::Text(CowStr::from(text[part].to_string()));
        let mut cursor = 0;
        for reference in found {
            if reference.whole.start > cursor {
                out.push((piece(cursor..reference.whole.start), range.clone()));
            }
            let span = span_in_file(file, text, &range, reference.whole.clone());
            let id = &text[reference.id.clone()];
            match reference_html(labels, id, reference.number_only, links > 0) {
                Ok(html) => {
                    if !referenced.iter().any(|known| known == id) {
                        referenced.push(id.to_string());
                    }
                    out.push((Event::InlineHtml(CowStr::from(html)), span));
                }
                Err((message, help)) => {
                    problems.push(Diagnostic::at(file, span, message).with_help(help));
                    out.push((piece(reference.whole.clone()), range.clone()));
                }
            }
            cursor = reference.whole.end;
        }
        if cursor < text.len() {
            out.push((piece(cursor..text.len()), range));
        }
    }
    out
}

/// The HTML of a reference to `id`, or what is wrong with it and what to do.
fn reference_html(
    labels: &PageLabels<'_>,
    id: &str,
    number_only: bool,
    in_link: bool,
) -> Result<String, (String, String)> {
    let Some(label) = labels.table.get(id) else {
        return Err((
            format!("no label `{id}` in the book"),
            unknown_help(labels.table, id),
        ));
    };
    let text = if number_only {
        label.number_text().ok_or_else(|| {
            (
                format!("`{id}` labels a {}, which has no number", label.kind.name()),
                format!(
                    "write @{id} for a link that reads \"{}\"",
                    label.kind.word()
                ),
            )
        })?
    } else {
        label.reference_text()
    };
    if in_link {
        return Ok(format!(
            "<span class=\"xref\">{}</span>",
            escape_html(&text)
        ));
    }
    let folder = |page: &str| {
        page.rsplit_once('/')
            .map_or("", |(folder, _)| folder)
            .to_string()
    };
    let href = if label.page == labels.page {
        format!("#{id}")
    } else if folder(&label.page) == folder(&labels.page) {
        let file = label.page.rsplit('/').next().unwrap_or_default();
        format!("{file}#{id}")
    } else {
        format!("{}{}#{id}", root_prefix(&labels.page), label.page)
    };
    Ok(format!(
        "<a class=\"xref\" href=\"{}\" data-xref=\"{}\">{}</a>",
        escape_html(&href),
        escape_html(id),
        escape_html(&text)
    ))
}

/// What to do about a reference to an id no label has: the same name of another kind, a
/// close id, or how labels are written.
fn unknown_help(table: &LabelTable, id: &str) -> String {
    let (prefix, name) = id.split_once('-').unwrap_or(("", id));
    let other_kind = table.ids().find(|other| {
        other
            .split_once('-')
            .is_some_and(|(other_prefix, other_name)| other_name == name && other_prefix != prefix)
    });
    if let Some(other) = other_kind {
        let kind = table
            .get(other)
            .map_or(String::new(), |label| label.kind.name());
        return format!("`{other}` is the {kind} of that name: write @{other}");
    }
    if let Some(near) = nearest(id, table.ids()) {
        if let Some(label) = table.get(near) {
            return format!(
                "did you mean @{near} ({}:{}:{})?",
                label.path, label.line, label.column
            );
        }
    }
    let kind = LabelKind::of_id(id).map_or(String::new(), |kind| kind.name());
    format!(
        "give the {kind} a label: $$ … $$ {{#eq-…}} after a formula, ## Title {{#sec-…}} on a heading, id = \"fig-…\" in a figure block, Table: caption {{#tbl-…}} after a table, > [!DEFINITION] Title {{#def-…}} for a theorem-like block"
    )
}

/// The markup of labelled targets, built in one pass over a page's events.
struct Markup<'x, 'a> {
    file: &'x SourceFile,
    position: usize,
    problems: &'x mut Vec<Diagnostic>,
    out: Vec<Spanned<'a>>,
    fragments: Vec<Fragment>,
    counters: Counters,
    styled: bool,
}

/// An open theorem-like block: where its events start in the output, its id, and its opening
/// tag without the id.
struct OpenTheorem {
    start: usize,
    id: Option<String>,
    copy_tag: String,
}

impl<'a> Markup<'_, 'a> {
    fn run(&mut self, events: &[Spanned<'a>]) {
        // For each open plain block quote: the theorem-like block it is, if it is one.
        let mut quotes: Vec<Option<OpenTheorem>> = Vec::new();
        let mut table_start = None;
        // A labelled heading being read: where it starts in the output, its id and number.
        let mut heading: Option<(usize, String, Option<String>)> = None;
        let mut code = 0usize;
        let mut index = 0;
        while index < events.len() {
            let (event, range) = &events[index];
            match event {
                Event::Start(Tag::CodeBlock(_)) => code += 1,
                Event::End(TagEnd::CodeBlock) => code = code.saturating_sub(1),
                Event::Start(Tag::BlockQuote(None)) => {
                    if let Some(head) = theorem_head(events, index) {
                        let number = self.counters.next(head.kind, self.position);
                        let (opening, copy_tag) =
                            open_theorem(events, index, &head, number.as_deref());
                        quotes.push(Some(OpenTheorem {
                            start: self.out.len(),
                            id: head.label.map(|(id, _)| id),
                            copy_tag,
                        }));
                        self.out.extend(opening);
                        self.styled = true;
                        index = head.head_end + 1;
                        continue;
                    }
                    quotes.push(None);
                }
                Event::End(TagEnd::BlockQuote(None)) => {
                    if let Some(Some(open)) = quotes.pop() {
                        self.out
                            .push((Event::Html(CowStr::Borrowed(CLOSE_THEOREM)), range.clone()));
                        if let Some(id) = open.id {
                            let mut copy =
                                vec![(Event::Html(CowStr::from(open.copy_tag)), range.clone())];
                            copy.extend(self.out[open.start + 1..].iter().cloned());
                            self.keep(id, copy);
                        }
                        index += 1;
                        continue;
                    }
                }
                Event::DisplayMath(_) => {
                    if let Some((at, part, id)) = equation_label(events, index) {
                        self.equation(events, index, at, part, id);
                        index = at + 1;
                        continue;
                    }
                }
                Event::Start(Tag::Table(_)) => table_start = Some(self.out.len()),
                Event::End(TagEnd::Table) => {
                    if let (Some(start), Some(caption)) =
                        (table_start.take(), table_caption(events, index))
                    {
                        self.out.push((event.clone(), range.clone()));
                        self.caption(events, start, &caption);
                        index = caption.paragraph.end;
                        continue;
                    }
                }
                Event::Start(Tag::Heading { level, id, .. }) => {
                    let number = self.counters.heading(*level, self.position);
                    if let Some(id) = id
                        .as_deref()
                        .filter(|id| LabelKind::of_id(id) == Some(LabelKind::Section))
                    {
                        heading = Some((self.out.len(), id.to_string(), number));
                    }
                }
                Event::End(TagEnd::Heading(_)) => {
                    if let Some((start, id, number)) = heading.take() {
                        self.out.push((event.clone(), range.clone()));
                        self.section(events, index, start, id, number);
                        index += 1;
                        continue;
                    }
                }
                Event::Html(html) => {
                    if let Some(id) = figure_id_in(html) {
                        let copy = html.replacen(&format!(" id=\"{id}\""), "", 1);
                        let id = id.to_string();
                        self.keep(id, vec![(Event::Html(CowStr::from(copy)), range.clone())]);
                    }
                }
                Event::Text(text) if code == 0 => self.stray_labels(text, range),
                _ => {}
            }
            self.out.push((event.clone(), range.clone()));
            index += 1;
        }
    }

    /// Keeps a copy of a target for popovers.
    fn keep(&mut self, id: String, copy: Vec<Spanned<'_>>) {
        self.styled = true;
        let copy = copy
            .into_iter()
            .map(|(event, range)| (event.into_static(), range))
            .collect();
        self.fragments.push((id, copy));
    }

    /// A labelled display formula at `events[index]`, its label in the text at `events[at]`:
    /// the formula in a box with its number at the right, and the text after the label.
    fn equation(
        &mut self,
        events: &[Spanned<'a>],
        index: usize,
        at: usize,
        part: Range<usize>,
        id: String,
    ) {
        let number = self
            .counters
            .next(LabelKind::Equation, self.position)
            .unwrap_or_default();
        let range = events[index].1.clone();
        let open = |id: Option<&str>| {
            let id = id.map_or(String::new(), |id| format!(" id=\"{}\"", escape_html(id)));
            Event::InlineHtml(CowStr::from(format!("<span class=\"equation\"{id}>")))
        };
        let close = Event::InlineHtml(CowStr::from(format!(
            "<span class=\"equation-number\">({number})</span></span>"
        )));
        let formula = events[index].0.clone();
        self.out.push((open(Some(&id)), range.clone()));
        self.out.push((formula.clone(), range.clone()));
        self.out.push((close.clone(), range.clone()));
        self.keep(
            id,
            vec![
                (open(None), range.clone()),
                (formula, range.clone()),
                (close, range),
            ],
        );
        if let (Event::Text(text), text_range) = &events[at] {
            let rest = &text[part.end..];
            if !rest.is_empty() {
                self.out.push((
                    Event::Text(CowStr::from(rest.to_string())),
                    text_range.clone(),
                ));
            }
        }
    }

    /// The caption paragraph after a table becomes the table's `<caption>` (numbered when
    /// labelled). `start` is where the table starts in the output, which ends with the table.
    fn caption(&mut self, events: &[Spanned<'a>], start: usize, caption: &TableCaption) {
        let number = caption
            .label
            .as_ref()
            .and_then(|_| self.counters.next(LabelKind::Table, self.position));
        let open = |id: Option<&str>| {
            let id = id.map_or(String::new(), |id| format!(" id=\"{}\"", escape_html(id)));
            let number = number.as_ref().map_or(String::new(), |number| {
                format!("<span class=\"table-number\">Table {number}:</span> ")
            });
            Event::Html(CowStr::from(format!("<caption{id}>{number}")))
        };
        let inner = caption.paragraph.start + 1..caption.paragraph.end - 1;
        let last = inner.end - 1;
        let mut inserted = vec![(
            open(caption.label.as_ref().map(|(id, _)| id.as_str())),
            events[caption.paragraph.start].1.clone(),
        )];
        for index in inner.clone() {
            let (event, range) = &events[index];
            let Event::Text(text) = event else {
                inserted.push((event.clone(), range.clone()));
                continue;
            };
            let mut piece: &str = text;
            if index == inner.start {
                piece = piece[TABLE_CAPTION_START.len()..].trim_start();
            }
            if let (true, Some((_, label))) = (index == last, &caption.label) {
                let cut = label.start - (text.len() - piece.len());
                piece = piece[..cut.min(piece.len())].trim_end();
            }
            if !piece.is_empty() {
                inserted.push((Event::Text(CowStr::from(piece.to_string())), range.clone()));
            }
        }
        let end_range = events[caption.paragraph.end - 1].1.clone();
        inserted.push((Event::Html(CowStr::Borrowed("</caption>")), end_range));
        let at = start + 1;
        self.out.splice(at..at, inserted);
        if let Some((id, _)) = &caption.label {
            let mut copy = self.out[start..].to_vec();
            copy[1].0 = open(None);
            self.keep(id.clone(), copy);
        }
    }

    /// A labelled heading, just written out: its copy is its title and number, with the
    /// paragraph that follows it when one does (and holds no display formula).
    fn section(
        &mut self,
        events: &[Spanned<'a>],
        end: usize,
        start: usize,
        id: String,
        number: Option<String>,
    ) {
        let range = events[end].1.clone();
        let number = number.map_or(String::new(), |number| format!(" {number}"));
        let mut copy = vec![(
            Event::Html(CowStr::from(format!(
                "<p class=\"xref-section\"><strong>Section{number}</strong> "
            ))),
            range.clone(),
        )];
        copy.extend(self.out[start + 1..self.out.len() - 1].iter().cloned());
        copy.push((Event::Html(CowStr::Borrowed("</p>\n")), range));
        if let Some((Event::Start(Tag::Paragraph), _)) = events.get(end + 1) {
            let paragraph_end = events[end + 1..]
                .iter()
                .position(|(event, _)| matches!(event, Event::End(TagEnd::Paragraph)))
                .map_or(events.len(), |offset| end + 1 + offset);
            let paragraph = &events[end + 1..=paragraph_end.min(events.len() - 1)];
            // A paragraph with a display formula may hold a label: the title alone will do.
            if !paragraph
                .iter()
                .any(|(event, _)| matches!(event, Event::DisplayMath(_)))
            {
                copy.extend(paragraph.iter().cloned());
            }
        }
        self.keep(id, copy);
    }

    /// A `{#kind-…}` left in the text labels nothing: it was written where no label stands.
    /// A `{#kind-…}` holding a character no label may hold is an error naming it as written.
    /// It is read from the file, not the event: `{#eq-<b>}` is split by the HTML inside it.
    fn stray_labels(&mut self, text: &str, range: &Range<usize>) {
        for (at, _) in text.match_indices("{#") {
            let open = span_in_file(self.file, text, range, at..at + 2).start;
            let line = self.file.text[open + 2..]
                .split('\n')
                .next()
                .unwrap_or_default();
            let Some(end) = line.find('}') else {
                continue;
            };
            let id = &line[..end];
            if LabelKind::of_id(id).is_none() {
                continue;
            }
            let span = open..open + end + 3;
            if let Some(bad) = id.chars().find(|&c| !is_id_char(c)) {
                self.problems.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!("the label `{{#{id}}}` holds {bad:?}, which a label cannot hold"),
                    )
                    .with_help("a label is its kind's prefix and then letters, digits, - and _, such as {#eq-scores}"),
                );
                continue;
            }
            self.problems.push(
                Diagnostic::at(self.file, span, format!("the label `{id}` labels nothing here"))
                    .with_help("a label goes right after a display formula ($$ … $$ {#eq-…}), at the end of a heading, of a `Table:` caption line after a table or of a `> [!DEFINITION] Title` line; a figure takes id = \"fig-…\""),
            );
        }
    }
}

/// The id of a figure drawn by a ```` ```figure ```` block with `id = "fig-…"`.
fn figure_id_in(html: &str) -> Option<&str> {
    let rest = html.strip_prefix("<figure class=\"worked-figure\" id=\"")?;
    rest.split('"').next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::labels::{collect_labels, PageToLabel};
    use crate::expand::markdown::parse;

    /// The page's HTML after cross-referencing, with the problems found.
    fn crossed(text: &str) -> (String, Vec<String>) {
        let file = SourceFile::new("content/a.md", text);
        let events = parse(&file.text, 0..text.len());
        let (table, mut problems) = collect_labels(&[PageToLabel {
            file: &file,
            page: "a.html".to_string(),
            position: 4,
            events: &events,
        }]);
        let labels = PageLabels {
            table: &table,
            page: "a.html".to_string(),
            position: 4,
        };
        let crossed = cross_reference(&file, &labels, events, &mut problems);
        let mut html = String::new();
        pulldown_cmark::html::push_html(
            &mut html,
            crossed.events.into_iter().map(|(event, _)| event),
        );
        let problems = problems.iter().map(|p| p.message().to_string()).collect();
        (html, problems)
    }

    #[test]
    fn a_reference_in_a_heading_prints_its_words_without_a_link() {
        let (html, _) = crossed("$$ x $$ {#eq-a}\n\n## About @eq-a\n");
        assert!(
            html.contains("<h2>About <span class=\"xref\">Equation\u{a0}(4.1)</span></h2>"),
            "{html}"
        );
    }

    #[test]
    fn a_caption_without_a_label_is_the_table_s_caption_without_a_number() {
        let (html, problems) = crossed("| a |\n|---|\n| 1 |\n\nTable: Plain *words*\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert!(
            html.starts_with("<table><caption>Plain <em>words</em></caption><thead>"),
            "{html}"
        );
    }

    #[test]
    fn a_formula_s_label_leaves_the_text_after_it_and_code_keeps_its_label() {
        let (html, problems) = crossed("$$ x $$ {#eq-a} and so on.\n\n`{#eq-b}`\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert!(
            html.contains("<span class=\"equation-number\">(4.1)</span></span> and so on."),
            "{html}"
        );
        assert!(html.contains("<code>{#eq-b}</code>"), "{html}");
    }

    proptest::proptest! {
        /// Whatever the text, every reference found starts at an `@` or the `[` before one,
        /// holds an id with a label prefix, and none overlaps the next.
        #[test]
        fn references_found_in_any_text_are_well_formed(text in "(@|\\[-?@|\\]|eq-|fig-|prf-|a|1|-|\\.| ){0,16}") {
            let mut end = 0;
            for found in find_references(&text) {
                proptest::prop_assert!(found.whole.start >= end);
                proptest::prop_assert!(text[found.whole.clone()].starts_with(['@', '[']));
                proptest::prop_assert!(LabelKind::of_id(&text[found.id.clone()]).is_some());
                end = found.whole.end;
            }
        }
    }

    #[test]
    fn references_need_a_label_prefix_and_no_letter_before_the_at() {
        let found =
            find_references("See @eq-a, [-@fig-b], [@tbl-c]. Not x@eq-d, a.@eq-e, @key, @eq-.");
        let ids: Vec<(&str, bool)> = found
            .iter()
            .map(|found| {
                (
                    &"See @eq-a, [-@fig-b], [@tbl-c]. Not x@eq-d, a.@eq-e, @key, @eq-."
                        [found.whole.clone()],
                    found.number_only,
                )
            })
            .collect();
        assert_eq!(
            ids,
            [("@eq-a", false), ("[-@fig-b]", true), ("[@tbl-c]", false)]
        );
    }
}
