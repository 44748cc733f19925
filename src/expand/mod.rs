//! Expanding a lesson's event stream: example blocks are evaluated and replaced by the card of
//! their inputs (or by nothing, with `show = false`), widgets and figures are placed, and every
//! `{{ … }}` reference becomes its computed value, printed as written when it shows an input.
//!
//! Input: a lesson and its parsed events. Output: new events (references in prose become
//! `<span class="worked-ref">` HTML, references in math become LaTeX inside the math event), the
//! scripts and styles the page needs, and every problem with its exact position.
//! The author's text is never rewritten as a string: only the events that hold a reference are
//! split, so every other span stays true to the file.

use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::base::source::SourceFile;
use crate::compute::Quantity;
use crate::expand::blocks::{BlockKind, ExampleBlock};
use crate::expand::crossref::PageLabels;
use crate::expand::markdown::Spanned;
use crate::expand::reference::Placeholder;
use crate::expand::typed_numbers::{find_numbers, Place, Printable};
use crate::load::content::Lesson;
use crate::present::figure::Palette;
use crate::present::latex::quantity_latex;
use crate::present::table::{quantity_prose, quantity_table};
use evaluation_cache::{EvaluationCache, Evaluations};
use pulldown_cmark::{CowStr, Event, LinkType, Tag, TagEnd};
use std::collections::BTreeSet;
use std::ops::Range;

pub mod blocks;
pub mod callouts;
mod cards;
pub mod citations;
pub mod crossref;
mod dollars;
mod embeds;
pub mod evaluation_cache;
mod examples;
mod exercise;
mod exercise_vary;
mod figure_plots;
mod graph_figure;
mod kind_figures;
pub mod labels;
pub mod markdown;
pub mod mdbook_ids;
mod numpy;
pub mod page_ids;
pub mod reference;
mod resolve;
mod shown;
mod theorems;
mod typed;
pub mod typed_numbers;
pub mod value_budget;
mod vary_nouns;
mod widget_presentation;

pub use embeds::MOST_WIDGET_NUMBERS;
pub use examples::evaluate_examples;
use examples::{block_body, collect_examples, fenced_kind};
pub use numpy::MAX_SNIPPET_NUMBERS;
pub use resolve::resolve_reference;

/// Styles of example cards, relative to the output root.
const CARD_STYLESHEET: &str = "cards.css";

/// A lesson after expansion.
pub struct Expanded<'a> {
    /// Events ready for heading ids, typesetting and HTML.
    pub events: Vec<Spanned<'a>>,
    /// Reader-side scripts this page needs (e.g. the widget), in load order.
    pub scripts: Vec<&'static str>,
    /// Extra stylesheets this page needs.
    pub stylesheets: BTreeSet<&'static str>,
    /// Numbers in prose or math that no reference produced.
    pub typed_numbers: Vec<Diagnostic>,
    /// Copies of the page's labelled targets, for popovers on pages that refer to them.
    pub fragments: Vec<crossref::Fragment>,
    /// The ids the page refers to, each once.
    pub referenced: Vec<String>,
}

/// Expands one lesson; `decimals` is the book's default precision, `citations` the links of
/// the citations in its exercises' texts (from [`citations::cite_lesson`]).
pub fn expand_lesson<'a>(
    lesson: &'a Lesson,
    events: Vec<Spanned<'a>>,
    decimals: usize,
    evaluations: Evaluations<'_>,
    labels: &PageLabels<'_>,
    citations: &citations::CitationLinks,
) -> Result<Expanded<'a>, Unexpanded> {
    let file = &lesson.source;
    let mut problems = Vec::new();
    let data = blocks::data_input::DataFiles::of(lesson);
    let (examples, failed_examples) =
        collect_examples(file, &events, &mut problems, evaluations, &data);
    for (span, message, help) in page_ids::written_id_clashes(&events) {
        problems.push(Diagnostic::at(file, span, message).with_help(help));
    }
    let mut expander = Expander {
        file,
        examples: &examples,
        failed_examples: &failed_examples,
        evaluations: evaluations.cache,
        decimals,
        problems,
        sightings: Vec::new(),
        shown_wrong: Vec::new(),
        unanswerable: Vec::new(),
        printable: Printable::default(),
        scripts: Vec::new(),
        stylesheets: BTreeSet::new(),
        figures: 0,
        palette: Palette::default(),
        labels: labels.table,
        citations,
        exercises: exercise::Exercises::default(),
    };
    let mut events = expander.expand(events);
    let Expander {
        mut problems,
        sightings,
        shown_wrong,
        unanswerable,
        printable,
        mut scripts,
        mut stylesheets,
        exercises,
        ..
    } = expander;
    events.extend(exercises.print_section());
    let crossed = crossref::cross_reference(file, labels, events, &mut problems);
    if crossed.styled {
        stylesheets.insert(crossref::STYLESHEET);
    }
    if !crossed.referenced.is_empty() {
        scripts.push(crossref::SCRIPT);
    }
    let has_examples = !examples.is_empty() || !failed_examples.is_empty();
    let mut typed_numbers = if sightings.is_empty() {
        Vec::new()
    } else {
        let mut everything = typed::printable_of(&examples, decimals);
        everything.append(printable);
        let judged = typed::judge(file, &sightings, &mut everything, has_examples);
        evaluations.cache.count_formatted(everything.formatted());
        judged
    };
    // Shown arithmetic that does not add up is a number the page gets wrong, as a typed one is.
    typed_numbers.extend(shown_wrong);
    // So is a varied question without its numbers: warnings in `build`, errors in `check`.
    typed_numbers.extend(unanswerable);
    if !problems.is_empty() {
        return Err(Unexpanded {
            problems,
            typed_numbers,
        });
    }
    Ok(Expanded {
        events: crossed.events,
        scripts,
        stylesheets,
        typed_numbers,
        fragments: crossed.fragments,
        referenced: crossed.referenced,
    })
}

/// A lesson that could not be expanded: its problems, and its typed numbers, which are found
/// all the same so that `check` reports everything in one pass.
pub struct Unexpanded {
    /// What stops the page.
    pub problems: Vec<Diagnostic>,
    /// Numbers typed by hand (errors in `check`, warnings in `build`).
    pub typed_numbers: Vec<Diagnostic>,
}

struct Expander<'x> {
    file: &'x SourceFile,
    examples: &'x [ExampleBlock],
    failed_examples: &'x BTreeSet<String>,
    /// Runs of `[vary]` seeds, kept across lessons and builds.
    evaluations: &'x EvaluationCache,
    decimals: usize,
    problems: Vec<Diagnostic>,
    /// Numbers written in prose and math, judged once the whole lesson is expanded.
    sightings: Vec<typed::Sighting>,
    /// `\shown` formulas whose printed result is not their arithmetic on the printed numbers.
    shown_wrong: Vec<Diagnostic>,
    /// `[vary]` exercises whose question shows nothing drawn: the reader cannot answer them.
    unanswerable: Vec<Diagnostic>,
    /// The single numbers the lesson's references print (the examples' own entries join them
    /// when the lesson's numbers are judged).
    printable: Printable,
    scripts: Vec<&'static str>,
    stylesheets: BTreeSet<&'static str>,
    /// Figures placed so far: numbers each figure's ids so none repeat on the page.
    figures: usize,
    /// Series colours by name, shared by the figures of this page.
    palette: Palette,
    /// The book's labels, for numbering figures.
    labels: &'x labels::LabelTable,
    /// The links of the citations in exercises' texts, by where they start in the file.
    citations: &'x citations::CitationLinks,
    /// The exercises placed so far, and their solutions for print.
    exercises: exercise::Exercises,
}

impl<'x> Expander<'x> {
    fn expand<'a>(&mut self, events: Vec<Spanned<'a>>) -> Vec<Spanned<'a>> {
        let mut out = Vec::with_capacity(events.len());
        // For each open link or image: whether its text is verbatim (see `verbatim_text`).
        let mut verbatim: Vec<bool> = Vec::new();
        let mut index = 0;
        while index < events.len() {
            match &events[index].0 {
                Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                    verbatim.push(verbatim_text(tag));
                }
                Event::End(TagEnd::Link | TagEnd::Image) => {
                    verbatim.pop();
                }
                _ => {}
            }
            if verbatim.contains(&true) {
                out.push(self.as_written(&events[index]));
                index += 1;
                continue;
            }
            if let Some(kind) = fenced_kind(&events[index].0) {
                let (body, next) = block_body(self.file, &events, index);
                match kind {
                    BlockKind::Example(_) => {
                        if let Some(html) = self.card_at(events[index].1.clone()) {
                            self.stylesheets.insert(CARD_STYLESHEET);
                            let html = html + &self.numpy_at(events[index].1.clone());
                            out.push((Event::Html(CowStr::from(html)), events[index].1.clone()));
                        }
                    }
                    BlockKind::Widget => {
                        if let Some(html) = self.widget(&body) {
                            out.push((Event::Html(CowStr::from(html)), events[index].1.clone()));
                        }
                    }
                    BlockKind::Figure => {
                        if let Some(html) = self.figure(&body) {
                            out.push((Event::Html(CowStr::from(html)), events[index].1.clone()));
                        }
                    }
                    BlockKind::Exercise => {
                        out.extend(self.exercise(&body, events[index].1.clone()));
                    }
                }
                index = next;
                continue;
            }
            if let Event::Start(Tag::CodeBlock(_)) = &events[index].0 {
                // Ordinary code is shown as written: no references, no typed-number checks.
                while index < events.len() {
                    let done = matches!(events[index].0, Event::End(TagEnd::CodeBlock));
                    out.push(events[index].clone());
                    index += 1;
                    if done {
                        break;
                    }
                }
                continue;
            }
            if let Some(table) = self.lone_matrix_paragraph(&events[index..]) {
                self.exercises.saw_table(events[index].1.clone());
                out.push((Event::Html(CowStr::from(table)), events[index].1.clone()));
                index += 3;
                continue;
            }
            let (event, range) = &events[index];
            match event {
                Event::Text(text) => self.expand_text(text, range.clone(), &mut out),
                Event::InlineMath(tex) => self.push_math(tex, false, range.clone(), &mut out),
                Event::DisplayMath(tex) => self.push_math(tex, true, range.clone(), &mut out),
                other => out.push((other.clone(), range.clone())),
            }
            index += 1;
        }
        out
    }

    /// Whether `name` is one of the lesson's examples (evaluated or failed), for telling a
    /// mistyped reference from TeX's double braces.
    fn is_example(&self, name: &str) -> bool {
        self.failed_examples.contains(name)
            || self.examples.iter().any(|example| example.name == name)
    }

    /// An event inside an image's alt text or an autolink, kept as written: a formula there
    /// goes back to the `$…$` it was written as.
    fn as_written<'a>(&self, (event, range): &Spanned<'a>) -> Spanned<'a> {
        let event = match event {
            Event::InlineMath(_) | Event::DisplayMath(_) => Event::Text(CowStr::from(
                self.file
                    .text
                    .get(range.clone())
                    .unwrap_or_default()
                    .to_string(),
            )),
            other => other.clone(),
        };
        (event, range.clone())
    }

    /// The card of the example block spanning `block` in the file (found by where its name
    /// sits, since a block that failed or repeated a name has no example).
    fn card_at(&self, block: Range<usize>) -> Option<String> {
        let example = self
            .examples
            .iter()
            .find(|example| block.contains(&example.name_span.start))?;
        cards::card(example)
    }

    /// A paragraph holding only `{{ example.matrix }}` becomes a table.
    fn lone_matrix_paragraph(&self, events: &[Spanned<'_>]) -> Option<String> {
        let [(Event::Start(Tag::Paragraph), _), (Event::Text(text), _), (Event::End(TagEnd::Paragraph), _), ..] =
            events
        else {
            return None;
        };
        let trimmed = text.trim();
        let found = reference::find_placeholders(trimmed, &|name| self.is_example(name));
        let [(whole, inner)] = found.as_slice() else {
            return None;
        };
        if *whole != (0..trimmed.len()) {
            return None;
        }
        let Ok(Placeholder::Value(reference)) = reference::parse(&trimmed[inner.clone()]) else {
            return None;
        };
        // Anything but a matrix (or a reference that fails) is left to `expand_text`, which
        // prints it inline or reports the problem once.
        let quantity = match resolve_reference(&reference, self.examples) {
            Ok(quantity @ Quantity::Matrix { .. }) => quantity,
            _ => return None,
        };
        let precision = self.precision(&reference);
        let attributes = format!("data-ref=\"{}\"", escape_html(&reference.to_string()));
        quantity_table(&quantity, precision, &attributes, None)
    }

    fn expand_text<'a>(
        &mut self,
        text: &CowStr<'a>,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        let placeholders = reference::find_placeholders(text, &|name| self.is_example(name));
        let mut cursor = 0;
        for (whole, inner) in &placeholders {
            self.plain_text(text, cursor..whole.start, range.clone(), out);
            let span = self.locate(text, range.clone(), whole.start, whole.len());
            if let Some(html) = self.prose_placeholder(
                &text[inner.clone()],
                whole.end <= text.len() && text[whole.clone()].ends_with("}}"),
                span.clone(),
            ) {
                out.push((Event::InlineHtml(CowStr::from(html)), span));
            }
            cursor = whole.end;
        }
        self.plain_text(text, cursor..text.len(), range, out);
    }

    /// Author text between references: kept as it is, and checked for typed numbers.
    fn plain_text<'a>(
        &mut self,
        text: &CowStr<'a>,
        part: Range<usize>,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        if part.is_empty() {
            return;
        }
        let piece = &text[part.clone()];
        self.stray_dollars(text, part.clone(), range.clone());
        self.note_numbers(text, part.clone(), range.clone());
        let event_text = if part == (0..text.len()) {
            text.clone()
        } else {
            CowStr::from(piece.to_string())
        };
        out.push((Event::Text(event_text), range));
    }

    /// Records the numbers written in `text[part]`, prose that is an event's text at `range`.
    fn note_numbers(&mut self, text: &str, part: Range<usize>, range: Range<usize>) {
        for written in find_numbers(&text[part.clone()], Place::Prose) {
            let span = self.locate(
                text,
                range.clone(),
                part.start + written.range.start,
                written.range.len(),
            );
            self.sightings.push(typed::Sighting {
                span,
                written,
                in_math: false,
            });
        }
    }

    /// pulldown-cmark leaves a `$` or `$$` that opens no formula as text (no closing dollar,
    /// or an unbalanced `{`); without this the page would show raw TeX. A dollar written `\$`
    /// is the author's literal and passes.
    fn stray_dollars(&mut self, text: &str, part: Range<usize>, range: Range<usize>) {
        let piece = &text[part.clone()];
        let mut dollars = piece.match_indices('$').map(|(at, _)| at).peekable();
        let file = self.file.text.as_bytes();
        let mut reported = None;
        while let Some(at) = dollars.next() {
            let span = self.locate(text, range.clone(), part.start + at, 1);
            // A `$` the file does not hold here came from `&#36;` or `&dollar;`: text. (One
            // from an entity may be placed at a later real `$`; that one is reported once.)
            let written = file.get(span.start) == Some(&b'$');
            let escaped = span.start > 0 && file.get(span.start - 1) == Some(&b'\\');
            if !written
                || escaped
                || dollars::is_currency(&self.file.text, span.start)
                || reported == Some(span.start)
            {
                continue;
            }
            reported = Some(span.start);
            let double = dollars.peek() == Some(&(at + 1));
            if double {
                dollars.next();
            }
            let spaced = !double
                && dollars::spaced_formula(&self.file.text[span.start..range.end.max(span.start)])
                    .is_some();
            let (problem, help) = if spaced {
                dollars.next();
                (
                    "a formula cannot start or end with a space inside its `$…$`",
                    "remove the spaces next to the dollar signs: write $x + y$, not $ x + y $",
                )
            } else if double {
                (
                    "this `$$` does not start a formula",
                    "check that the formula's braces balance and that it ends with $$; write \\$\\$ for literal dollar signs",
                )
            } else {
                (
                    "this `$` does not start a formula",
                    "end the formula with a matching $ (and check that its braces balance), or write \\$ for a literal dollar sign",
                )
            };
            let width = if double { 2 } else { 1 };
            self.problems.push(
                Diagnostic::at(self.file, span.start..span.start + width, problem)
                    .with_label(if spaced {
                        "left as plain text because of the space"
                    } else {
                        "left as plain text"
                    })
                    .with_help(help),
            );
        }
    }

    fn prose_placeholder(
        &mut self,
        inner: &str,
        closed: bool,
        span: Range<usize>,
    ) -> Option<String> {
        if !closed {
            self.problems.push(unclosed(self.file, span));
            return None;
        }
        match self.parse_placeholder(inner, span.clone())? {
            Placeholder::Literal(text) => Some(format!(
                "<span class=\"worked-literal\">{}</span>",
                escape_html(&text)
            )),
            Placeholder::Value(reference) => {
                let quantity = self.resolve(&reference, span.clone())?;
                self.exercises.saw(&reference, span.clone(), true);
                let precision = self.precision(&reference);
                self.printable
                    .add_reference(&reference, &quantity, precision, Some(span.start));
                let percent = if reference.as_percent() { "%" } else { "" };
                match quantity_prose(&quantity, precision, reference.as_list())
                    .map(|text| format!("{text}{percent}"))
                {
                    Some(text) => Some(format!(
                        "<span class=\"worked-ref\" data-ref=\"{}\">{}</span>",
                        escape_html(&reference.to_string()),
                        escape_html(&text)
                    )),
                    None => {
                        self.problems.push(
                            Diagnostic::at(self.file, span, format!("{reference} is {}, which does not fit in a sentence", quantity.shape_description()))
                                .with_help("put the reference alone in its own paragraph to show a table, inside $$…$$ to show a matrix, or pick a row with [row]"),
                        );
                        None
                    }
                }
            }
        }
    }

    /// Replaces references inside a formula with LaTeX; `content_start` is the file offset
    /// of the formula's first character after its `$` or `$$`.
    fn expand_math(&mut self, tex: &str, content_start: usize) -> (String, Vec<String>) {
        let placeholders = reference::find_placeholders(tex, &|name| self.is_example(name));
        let mut references = Vec::new();
        let mut out = String::with_capacity(tex.len());
        let mut cursor = 0;
        let check_typed = |expander: &mut Self, part: Range<usize>| {
            for written in find_numbers(&tex[part.clone()], Place::Math) {
                let start = content_start + part.start + written.range.start;
                let span = start..start + written.range.len();
                expander.sightings.push(typed::Sighting {
                    span,
                    written,
                    in_math: true,
                });
            }
        };
        for (whole, inner) in &placeholders {
            check_typed(self, cursor..whole.start);
            out.push_str(&tex[cursor..whole.start]);
            let span = content_start + whole.start..content_start + whole.end;
            cursor = whole.end;
            if !tex[whole.clone()].ends_with("}}") {
                self.problems.push(unclosed(self.file, span));
                continue;
            }
            match self.parse_placeholder(&tex[inner.clone()], span.clone()) {
                Some(Placeholder::Literal(text)) => out.push_str(&text),
                Some(Placeholder::Value(reference)) => {
                    self.exercises.saw(&reference, span.clone(), false);
                    let at = span.start;
                    if let Some(quantity) = self.resolve(&reference, span) {
                        out.push_str(&quantity_latex(
                            &quantity,
                            self.precision(&reference),
                            reference.as_list(),
                        ));
                        self.printable.add_reference(
                            &reference,
                            &quantity,
                            self.precision(&reference),
                            Some(at),
                        );
                        if reference.as_percent() {
                            out.push_str(r"\%");
                        }
                        references.push(reference.to_string());
                    }
                }
                None => {}
            }
        }
        check_typed(self, cursor..tex.len());
        out.push_str(&tex[cursor..]);
        (out, references)
    }

    /// Checks a `\shown` formula (its references printed) whose mark spans `span`.
    fn judge_shown(&mut self, tex: &str, span: Range<usize>) {
        match shown::judge(tex) {
            shown::Verdict::AddsUp(_) => {}
            shown::Verdict::NothingToCheck => self.problems.push(
                Diagnostic::at(
                    self.file,
                    span,
                    "this \\shown formula has no arithmetic on numbers followed by its printed result",
                )
                .with_help(
                    "\\shown checks chains such as `{{a.x}} + {{a.y}} = {{a.z}}`: end the chain with the printed result, or remove the mark",
                ),
            ),
            shown::Verdict::Disagrees(found) => {
                let places = found.decimals.max(0) as usize;
                let entry = found
                    .entry
                    .map(|(row, col)| format!(" in entry ({row}, {col})"))
                    .unwrap_or_default();
                self.shown_wrong.push(
                    Diagnostic::at(
                        self.file,
                        span,
                        format!(
                            "the arithmetic this formula shows does not add up: `{}` gives {:.places$}{entry} on the printed numbers, but the formula prints {}",
                            found.arithmetic,
                            found.value,
                            found.printed,
                        ),
                    )
                    .with_help(
                        "print the operands with more decimals (`| Ndp`) so the arithmetic on them gives the printed result, or print the result of the rounded operands",
                    ),
                );
            }
        }
    }

    /// Pushes a formula; one that shows computed values is wrapped in a span naming its
    /// references, so `worked check --site` can tell which numbers a page got wrong.
    fn push_math<'a>(
        &mut self,
        tex: &str,
        display: bool,
        range: Range<usize>,
        out: &mut Vec<Spanned<'a>>,
    ) {
        let delimiter = if display { 2 } else { 1 };
        let content_start = range.start + delimiter;
        let (tex, references) = match shown::take_mark(tex) {
            Some((unmarked, mark)) => {
                let (tex, references) = self.expand_math(&unmarked, content_start);
                let span = content_start + mark..content_start + mark + shown::MARK.len();
                self.judge_shown(&tex, span);
                (tex, references)
            }
            None => self.expand_math(tex, content_start),
        };
        let tex = CowStr::from(tex);
        let event = if display {
            Event::DisplayMath(tex)
        } else {
            Event::InlineMath(tex)
        };
        if references.is_empty() {
            out.push((event, range));
            return;
        }
        let open = format!(
            "<span class=\"worked-math\" data-refs=\"{}\">",
            escape_html(&references.join(" "))
        );
        out.push((Event::InlineHtml(CowStr::from(open)), range.clone()));
        out.push((event, range.clone()));
        out.push((Event::InlineHtml(CowStr::from("</span>")), range));
    }
}

/// Whether the text inside a link or image is kept exactly as written, with no formulas,
/// references or typed-number checks: an image's alt text (a file's description, where `$` and
/// `{{` are characters) and an autolink's text (which is its URL or email address).
fn verbatim_text(tag: &Tag<'_>) -> bool {
    match tag {
        Tag::Image { .. } => true,
        Tag::Link { link_type, .. } => {
            matches!(link_type, LinkType::Autolink | LinkType::Email)
        }
        _ => false,
    }
}

fn unclosed(file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let at = span.start..span.start + 2;
    // Markdown ends a text run at an HTML tag, so `{{ literal <b> }}` reaches no `}}` of its
    // own although the line has one: name the tag rather than call the `{{` unclosed.
    let rest = file.text.get(span.start..).unwrap_or("");
    let paragraph = &rest[..rest.find("\n\n").unwrap_or(rest.len())];
    let tag = paragraph.find("}}").and_then(|close| {
        let open = paragraph[..close].find('<')?;
        let tag = &paragraph[open..close];
        Some(match tag.find('>') {
            Some(end) if end < 40 => &tag[..=end],
            _ => "<",
        })
    });
    // In a table row, a filter's `|` ends the cell: `| {{x | 2dp}} |` splits the reference.
    let line_start = file.text[..span.start].rfind('\n').map_or(0, |n| n + 1);
    let line = file.text[line_start..].lines().next().unwrap_or("");
    let rest_of_line = &line[span.start - line_start..];
    let cut_by_pipe = line.trim_start().starts_with('|')
        && rest_of_line.find('|').is_some_and(|pipe| {
            rest_of_line[pipe..].contains("}}") && !rest_of_line[..pipe].contains("}}")
        });
    match tag {
        Some(tag) => Diagnostic::at(
            file,
            at,
            format!("this `{{{{` is cut short by the HTML tag `{tag}` before its `}}}}`"),
        )
        .with_help("a reference cannot hold HTML: for a literal `<`, write `&lt;`"),
        None if cut_by_pipe => Diagnostic::at(
            file,
            at,
            "this `{{` is cut short by a `|` that ends the table cell",
        )
        .with_help("inside a table, write the filter's bar as `\\|`: {{x.y \\| 2dp}}"),
        None => Diagnostic::at(file, at, "this `{{` is never closed")
            .with_help("end the reference with }}"),
    }
}

/// Expands `text` as the lesson `content/t.md` (the first page, no other page's labels, 3
/// decimals, no citations) and gives `read` what came of it: the one way the crate's tests
/// expand a page from its text. `read` is handed the result because the expanded events
/// borrow the lesson, which lives only here.
#[cfg(test)]
pub(crate) fn expand_test_lesson<T>(
    text: &str,
    read: impl FnOnce(Result<Expanded<'_>, Unexpanded>) -> T,
) -> T {
    let lesson = crate::load::content::parse_lesson(
        SourceFile::new("content/t.md", text),
        std::path::Path::new("t.md"),
    )
    .expect("the lesson parses");
    let events = markdown::parse(&lesson.source.text, lesson.body.clone());
    let table = labels::LabelTable::default();
    let labels = PageLabels {
        table: &table,
        page: lesson.page(),
        position: 1,
    };
    let evaluations = Evaluations {
        budget: &Default::default(),
        cache: &Default::default(),
    };
    read(expand_lesson(
        &lesson,
        events,
        3,
        evaluations,
        &labels,
        &Default::default(),
    ))
}
