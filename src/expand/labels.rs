//! Labels: the `{#kind-name}` ids that make a formula, figure, table, section or theorem-like
//! block a target of `@kind-name` references, and the book-wide table that numbers them.
//!
//! Where a label is written (Quarto's syntax):
//! - a display formula: `$$ … $$ {#eq-scores}`;
//! - a heading: `## Masks {#sec-masks}` (pulldown-cmark's heading attributes);
//! - a ```` ```figure ```` block: `id = "fig-heat"`;
//! - a table: the paragraph right after it, `Table: What each shape is {#tbl-shapes}`;
//! - a theorem-like block: `> [!DEFINITION] Softmax {#def-softmax}`.
//!
//! The prefix says the kind, so `@eq-x` can only ever name a formula. Numbers are the page's
//! place in reading order (the "Page 3 of 14" the page shows: section pages count, chapters
//! nested in sections are numbered straight through, depth first) and a counter per kind on
//! the page: the second labelled formula of page 3 is (3.2). Sections count every `##`
//! heading (and `###` within it: 3.2.1), labelled or not, so the numbers follow the page's
//! structure; formulas, figures and tables count only the labelled ones; theorem-like blocks
//! count every block of their kind, and proofs are not numbered.
//!
//! [`collect_labels`] reads every lesson once, before any page is expanded, so that a page
//! can refer to a target on any other page.

use super::examples::{block_body, fenced_kind};
use super::markdown::Spanned;
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::expand::blocks::BlockKind;
use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::ops::Range;

/// What a label names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LabelKind {
    /// A display formula, `eq-`.
    Equation,
    /// A ```` ```figure ```` block, `fig-`.
    Figure,
    /// A Markdown table with a `Table:` caption, `tbl-`.
    Table,
    /// A heading, `sec-`.
    Section,
    /// `> [!DEFINITION]`, `def-`.
    Definition,
    /// `> [!THEOREM]`, `thm-`.
    Theorem,
    /// `> [!LEMMA]`, `lem-`.
    Lemma,
    /// `> [!PROOF]`, `prf-`: never numbered.
    Proof,
    /// `> [!EXAMPLE]`, `exm-`.
    Example,
    /// `> [!REMARK]`, `rem-`.
    Remark,
}

/// Each kind: its id prefix, the word references print, and (for theorem-like blocks) the
/// marker written after `> [!`.
const KINDS: [(LabelKind, &str, &str, Option<&str>); 10] = [
    (LabelKind::Equation, "eq", "Equation", None),
    (LabelKind::Figure, "fig", "Figure", None),
    (LabelKind::Table, "tbl", "Table", None),
    (LabelKind::Section, "sec", "Section", None),
    (
        LabelKind::Definition,
        "def",
        "Definition",
        Some("DEFINITION"),
    ),
    (LabelKind::Theorem, "thm", "Theorem", Some("THEOREM")),
    (LabelKind::Lemma, "lem", "Lemma", Some("LEMMA")),
    (LabelKind::Proof, "prf", "Proof", Some("PROOF")),
    (LabelKind::Example, "exm", "Example", Some("EXAMPLE")),
    (LabelKind::Remark, "rem", "Remark", Some("REMARK")),
];

impl LabelKind {
    fn entry(self) -> &'static (LabelKind, &'static str, &'static str, Option<&'static str>) {
        KINDS
            .iter()
            .find(|(kind, ..)| *kind == self)
            .expect("every kind is listed")
    }

    /// `eq`, `fig`, …: how ids of this kind start (before a `-`).
    pub fn prefix(self) -> &'static str {
        self.entry().1
    }

    /// `Equation`, `Figure`, …: the word a reference prints before the number.
    pub fn word(self) -> &'static str {
        self.entry().2
    }

    /// The lowercase name, for classes and messages: `equation`, `definition`.
    pub fn name(self) -> String {
        self.word().to_lowercase()
    }

    /// The kind an id names by its prefix: `eq-scores` is an equation. The part after the
    /// prefix must not be empty.
    pub fn of_id(id: &str) -> Option<LabelKind> {
        let (prefix, rest) = id.split_once('-')?;
        if rest.is_empty() {
            return None;
        }
        KINDS
            .iter()
            .find(|(_, known, ..)| *known == prefix)
            .map(|(kind, ..)| *kind)
    }

    /// The theorem-like kind of a `[!MARKER]`, in any case (as GitHub reads alerts).
    pub fn of_marker(marker: &str) -> Option<LabelKind> {
        KINDS
            .iter()
            .find(|(_, _, _, known)| known.is_some_and(|known| known.eq_ignore_ascii_case(marker)))
            .map(|(kind, ..)| *kind)
    }

    /// Whether blocks of this kind carry a number (every kind but proofs).
    pub fn numbered(self) -> bool {
        self != LabelKind::Proof
    }
}

/// Whether `c` may be part of an id after its prefix: a letter or digit of any script, `-`, `_`.
pub fn is_id_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// A `{#id}` that ends `text` (spaces after it allowed): its byte range in `text` and the id.
pub fn trailing_label(text: &str) -> Option<(Range<usize>, &str)> {
    let trimmed = text.trim_end();
    let body = trimmed.strip_suffix('}')?;
    let open = body.rfind("{#")?;
    let id = &body[open + 2..];
    (!id.is_empty() && id.chars().all(is_id_char)).then_some((open..trimmed.len(), id))
}

/// A `{#id}` that starts `text` after spaces: its byte range in `text` and the id.
pub fn leading_label(text: &str) -> Option<(Range<usize>, &str)> {
    let start = text.len() - text.trim_start().len();
    let rest = text[start..].strip_prefix("{#")?;
    let end = rest.find('}')?;
    let id = &rest[..end];
    (!id.is_empty() && id.chars().all(is_id_char)).then_some((start..start + end + 3, id))
}

/// The head line of a theorem-like block `> [!DEFINITION] Title {#def-x}`, found at the
/// block quote that starts at `events[start]`.
#[derive(Debug, Clone, PartialEq)]
pub struct TheoremHead {
    /// Which theorem-like kind.
    pub kind: LabelKind,
    /// Bytes of the first text event that the `[!MARKER]` (and the space after it) take.
    pub marker_len: usize,
    /// Index of the event that ends the head line: a line break, or the paragraph's end.
    pub head_end: usize,
    /// The `{#id}` at the end of the title, if any: the id, and its range in the text of the
    /// event just before `head_end`.
    pub label: Option<(String, Range<usize>)>,
}

/// The theorem-like block that starts at `events[start]`, if one does.
pub fn theorem_head(events: &[Spanned<'_>], start: usize) -> Option<TheoremHead> {
    let [(Event::Start(Tag::BlockQuote(None)), _), (Event::Start(Tag::Paragraph), _), (Event::Text(first), _), ..] =
        events.get(start..)?
    else {
        return None;
    };
    let marker = first.strip_prefix("[!")?;
    let close = marker.find(']')?;
    let kind = LabelKind::of_marker(&marker[..close])?;
    let after = &marker[close + 1..];
    if !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    let marker_len = first.len() - after.trim_start().len();
    let head_end = (start + 2..events.len()).find(|&index| {
        matches!(
            events[index].0,
            Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph)
        )
    })?;
    let label = match &events[head_end - 1].0 {
        Event::Text(text) => {
            let from = if head_end - 1 == start + 2 {
                marker_len
            } else {
                0
            };
            trailing_label(&text[from..])
                .map(|(range, id)| (id.to_string(), range.start + from..range.end + from))
        }
        _ => None,
    };
    Some(TheoremHead {
        kind,
        marker_len,
        head_end,
        label,
    })
}

/// A label right after the display formula at `events[at]`: the index of the text event that
/// holds it, its range in that text, and the id. A line break may stand between them.
pub fn equation_label(events: &[Spanned<'_>], at: usize) -> Option<(usize, Range<usize>, String)> {
    if !matches!(events.get(at)?.0, Event::DisplayMath(_)) {
        return None;
    }
    let mut next = at + 1;
    if matches!(events.get(next)?.0, Event::SoftBreak) {
        next += 1;
    }
    let Event::Text(text) = &events.get(next)?.0 else {
        return None;
    };
    leading_label(text).map(|(range, id)| (next, range, id.to_string()))
}

/// The caption paragraph `Table: … {#tbl-x}` right after the table that ends at
/// `events[table_end]`: the indices of its paragraph start and end, and its label (the id,
/// and its range in the text event just before the paragraph's end) when it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct TableCaption {
    /// Event indices of the caption's paragraph, its start and end included.
    pub paragraph: Range<usize>,
    /// The id, and its range in the paragraph's last text event.
    pub label: Option<(String, Range<usize>)>,
}

/// Where a table's caption is written: the paragraph after the table, starting `Table:`.
pub const TABLE_CAPTION_START: &str = "Table:";

/// The caption of the table that ends at `events[table_end]`, if it has one.
pub fn table_caption(events: &[Spanned<'_>], table_end: usize) -> Option<TableCaption> {
    if !matches!(events.get(table_end)?.0, Event::End(TagEnd::Table)) {
        return None;
    }
    let [(Event::Start(Tag::Paragraph), _), (Event::Text(first), _), ..] =
        events.get(table_end + 1..)?
    else {
        return None;
    };
    if !first.starts_with(TABLE_CAPTION_START) {
        return None;
    }
    let end = (table_end + 2..events.len())
        .find(|&index| matches!(events[index].0, Event::End(TagEnd::Paragraph)))?;
    let label = match &events[end - 1].0 {
        Event::Text(text) => trailing_label(text).map(|(range, id)| (id.to_string(), range)),
        _ => None,
    };
    Some(TableCaption {
        paragraph: table_end + 1..end + 1,
        label,
    })
}

/// The file span of `text[part]`, where `text` is an event's text parsed from `range`.
pub fn span_in_file(
    file: &SourceFile,
    text: &str,
    range: &Range<usize>,
    part: Range<usize>,
) -> Range<usize> {
    let source = file.text.get(range.clone()).unwrap_or_default();
    if source == text {
        return range.start + part.start..range.start + part.end;
    }
    match source.find(&text[part.clone()]) {
        Some(at) => range.start + at..range.start + at + part.len(),
        None => range.clone(),
    }
}

/// One label of the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// What it labels.
    pub kind: LabelKind,
    /// `3.2`; `None` for a proof.
    pub number: Option<String>,
    /// The page it is on (`foundations/softmax.html`).
    pub page: String,
    /// The file it is written in.
    pub path: String,
    /// Where in the file.
    pub span: Range<usize>,
    /// Line of `span`'s start, for messages about the label from other files.
    pub line: usize,
    /// Column of `span`'s start.
    pub column: usize,
}

impl Label {
    /// "Equation (3.2)", "Figure 3.1", "Proof".
    pub fn reference_text(&self) -> String {
        match self.number_text() {
            Some(number) => format!("{}\u{a0}{number}", self.kind.word()),
            None => self.kind.word().to_string(),
        }
    }

    /// The number as the page shows it: `(3.2)` for an equation, `3.1` for the others.
    pub fn number_text(&self) -> Option<String> {
        let number = self.number.as_ref()?;
        Some(match self.kind {
            LabelKind::Equation => format!("({number})"),
            _ => number.clone(),
        })
    }
}

/// Every label of the book by id. Hashed into the book's fingerprint: a cached page's
/// references are only as good as the numbers it was made with.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelTable {
    labels: BTreeMap<String, Label>,
}

impl Hash for LabelTable {
    /// What references print and where they lead: not where labels are written, so an edit
    /// that moves a label within its file leaves every other page's cache alone.
    fn hash<H: Hasher>(&self, state: &mut H) {
        for (id, label) in &self.labels {
            (id, label.kind, &label.number, &label.page).hash(state);
        }
    }
}

impl LabelTable {
    /// The label with this id.
    pub fn get(&self, id: &str) -> Option<&Label> {
        self.labels.get(id)
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.labels.keys().map(String::as_str)
    }
}

/// One lesson as [`collect_labels`] reads it.
pub struct PageToLabel<'p, 'a> {
    /// The lesson file.
    pub file: &'p SourceFile,
    /// The page's output path.
    pub page: String,
    /// The page's number in reading order, from 1.
    pub position: usize,
    /// Its events, as parsed.
    pub events: &'p [Spanned<'a>],
}

/// Counts per kind on one page, giving each numbered thing its number.
#[derive(Default)]
pub struct Counters {
    counts: BTreeMap<LabelKind, usize>,
    /// The `##` and `###` heading counts, for section numbers.
    sections: (usize, usize),
}

impl Counters {
    /// The next number of `kind` on page `position`.
    pub fn next(&mut self, kind: LabelKind, position: usize) -> Option<String> {
        if !kind.numbered() {
            return None;
        }
        let count = self.counts.entry(kind).or_insert(0);
        *count += 1;
        Some(format!("{position}.{count}"))
    }

    /// The number of a heading of `level` (sections are `##`, sub-sections `###`).
    pub fn heading(&mut self, level: HeadingLevel, position: usize) -> Option<String> {
        match level {
            HeadingLevel::H2 => {
                self.sections = (self.sections.0 + 1, 0);
                Some(format!("{position}.{}", self.sections.0))
            }
            HeadingLevel::H3 => {
                self.sections.1 += 1;
                Some(format!(
                    "{position}.{}.{}",
                    self.sections.0, self.sections.1
                ))
            }
            _ => None,
        }
    }
}

/// Reads the labels of every page (in any order) into one table, numbered; reports an id used
/// twice in the book, an id whose prefix names another kind than what it labels, and a label
/// with no known prefix where only a label can stand.
pub fn collect_labels(pages: &[PageToLabel<'_, '_>]) -> (LabelTable, Vec<Diagnostic>) {
    let mut table = LabelTable::default();
    let mut problems = Vec::new();
    for page in pages {
        let mut counters = Counters::default();
        for (id, kind, span, number) in page_label_sites(page, &mut counters) {
            let wanted = LabelKind::of_id(&id);
            if wanted != Some(kind) {
                problems.push(wrong_kind(page.file, span, &id, kind, wanted));
                continue;
            }
            if let Some(first) = table.get(&id) {
                problems.push(
                    Diagnostic::at(page.file, span, format!("the label `{id}` is used twice in the book"))
                        .with_help(format!(
                            "it labels {} {} at {}:{}:{} too; ids are unique across the book, so rename one",
                            article(first.kind),
                            first.kind.name(),
                            first.path,
                            first.line,
                            first.column
                        )),
                );
                continue;
            }
            let at = page.file.line_column(span.start);
            table.labels.insert(
                id,
                Label {
                    kind,
                    number,
                    page: page.page.clone(),
                    path: page.file.path.clone(),
                    span,
                    line: at.line,
                    column: at.column,
                },
            );
        }
    }
    (table, problems)
}

fn article(kind: LabelKind) -> &'static str {
    match kind {
        LabelKind::Equation | LabelKind::Example => "an",
        _ => "a",
    }
}

/// The problem of a label whose prefix does not fit what it labels.
fn wrong_kind(
    file: &SourceFile,
    span: Range<usize>,
    id: &str,
    kind: LabelKind,
    wanted: Option<LabelKind>,
) -> Diagnostic {
    let rest = match (wanted, id.split_once('-')) {
        (Some(_), Some((_, rest))) => rest,
        _ => id,
    };
    let message = match wanted {
        Some(other) => format!(
            "`{id}` is the id of {} {}, but it labels {} {}",
            article(other),
            other.name(),
            article(kind),
            kind.name()
        ),
        None => format!(
            "`{id}` does not start with a label prefix; {} {}'s label starts with `{}-`",
            article(kind),
            kind.name(),
            kind.prefix()
        ),
    };
    let label = match kind {
        LabelKind::Figure => format!("id = \"fig-{rest}\""),
        _ => format!("{{#{}-{rest}}}", kind.prefix()),
    };
    Diagnostic::at(file, span, message).with_help(format!(
        "write {label}: the prefix says the kind (eq fig tbl sec def thm lem prf exm rem)"
    ))
}

/// Every label written on a page, in order, each with the kind of thing it labels, its span
/// and its number. Ids on headings count only when they start with a label prefix: `{#mine}`
/// is an ordinary anchor.
fn page_label_sites(
    page: &PageToLabel<'_, '_>,
    counters: &mut Counters,
) -> Vec<(String, LabelKind, Range<usize>, Option<String>)> {
    let events = page.events;
    let mut sites = Vec::new();
    for index in 0..events.len() {
        let (event, range) = &events[index];
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let number = counters.heading(*level, page.position);
                if let Some(id) = id.as_deref().filter(|id| LabelKind::of_id(id).is_some()) {
                    let span = heading_label_span(page.file, range, id);
                    sites.push((id.to_string(), LabelKind::Section, span, number));
                }
            }
            Event::DisplayMath(_) => {
                if let Some((at, part, id)) = equation_label(events, index) {
                    let Event::Text(text) = &events[at].0 else {
                        continue;
                    };
                    let span = span_in_file(page.file, text, &events[at].1, part);
                    let number = counters.next(LabelKind::Equation, page.position);
                    sites.push((id, LabelKind::Equation, span, number));
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some(TableCaption {
                    paragraph,
                    label: Some((id, part)),
                }) = table_caption(events, index)
                {
                    let (Event::Text(text), text_range) = &events[paragraph.end - 2] else {
                        continue;
                    };
                    let span = span_in_file(page.file, text, text_range, part);
                    let number = counters.next(LabelKind::Table, page.position);
                    sites.push((id, LabelKind::Table, span, number));
                }
            }
            Event::Start(Tag::BlockQuote(None)) => {
                if let Some(head) = theorem_head(events, index) {
                    let number = counters.next(head.kind, page.position);
                    if let Some((id, part)) = head.label {
                        let (Event::Text(text), text_range) = &events[head.head_end - 1] else {
                            continue;
                        };
                        let span = span_in_file(page.file, text, text_range, part);
                        sites.push((id, head.kind, span, number));
                    }
                }
            }
            Event::Start(Tag::CodeBlock(_)) if fenced_kind(event) == Some(BlockKind::Figure) => {
                if let Some((id, span)) = figure_id(page.file, events, index) {
                    let number = counters.next(LabelKind::Figure, page.position);
                    sites.push((id, LabelKind::Figure, span, number));
                }
            }
            _ => {}
        }
    }
    sites
}

/// The span of `{#id}` in a heading, or the heading's when it cannot be found.
fn heading_label_span(file: &SourceFile, range: &Range<usize>, id: &str) -> Range<usize> {
    let written = format!("#{id}");
    let source = file.text.get(range.clone()).unwrap_or_default();
    match source.rfind(&written) {
        Some(at) => range.start + at..range.start + at + written.len(),
        None => range.clone(),
    }
}

/// The `id = "…"` of the figure block starting at `events[start]`, with the file span of its
/// value. A block whose TOML does not read is left to the figure's own checks.
pub fn figure_id(
    file: &SourceFile,
    events: &[Spanned<'_>],
    start: usize,
) -> Option<(String, Range<usize>)> {
    #[derive(serde::Deserialize)]
    struct Id {
        id: Option<toml::Spanned<String>>,
    }
    let (body, _) = block_body(file, events, start);
    let id = toml::from_str::<Id>(&body.text).ok()?.id?;
    Some((id.get_ref().clone(), body.file_span(id.span())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::markdown::parse;

    fn labels(text: &str) -> (LabelTable, Vec<Diagnostic>) {
        let file = SourceFile::new("content/a.md", text);
        let events = parse(&file.text, 0..text.len());
        let page = PageToLabel {
            file: &file,
            page: "a.html".to_string(),
            position: 3,
            events: &events,
        };
        collect_labels(&[page])
    }

    #[test]
    fn every_kind_of_label_is_found_and_numbered_per_kind() {
        let text = "## One {#sec-one}\n\n$$ x $$ {#eq-a}\n\n$$ y $$\n\n$$ z $$ {#eq-b}\n\n## Two\n\n### Deep {#sec-deep}\n\n| a |\n|---|\n| 1 |\n\nTable: Shapes {#tbl-shapes}\n\n> [!DEFINITION] Softmax {#def-softmax}\n> Body.\n\n> [!theorem]\n> Unlabelled.\n\n> [!THEOREM] Two {#thm-two}\n> Body.\n\n> [!PROOF] {#prf-two}\n> Done.\n\n```figure\nexample = \"e\"\nid = \"fig-heat\"\n```\n";
        let (table, problems) = labels(text);
        assert!(problems.is_empty(), "{problems:?}");
        let numbers: Vec<(&str, Option<&str>)> = table
            .ids()
            .map(|id| (id, table.get(id).unwrap().number.as_deref()))
            .collect();
        assert_eq!(
            numbers,
            [
                ("def-softmax", Some("3.1")),
                ("eq-a", Some("3.1")),
                ("eq-b", Some("3.2")),
                ("fig-heat", Some("3.1")),
                ("prf-two", None),
                ("sec-deep", Some("3.2.1")),
                ("sec-one", Some("3.1")),
                ("tbl-shapes", Some("3.1")),
                ("thm-two", Some("3.2")),
            ]
        );
        let eq = table.get("eq-b").unwrap();
        assert_eq!(&text[eq.span.clone()], "{#eq-b}");
        assert_eq!(eq.reference_text(), "Equation\u{a0}(3.2)");
        let fig = table.get("fig-heat").unwrap();
        assert_eq!(&text[fig.span.clone()], "\"fig-heat\"");
        let def = table.get("def-softmax").unwrap();
        assert_eq!(&text[def.span.clone()], "{#def-softmax}");
    }

    #[test]
    fn a_repeated_id_and_a_prefix_of_another_kind_are_reported_at_the_label() {
        let text = "$$ x $$ {#eq-a}\n\n$$ y $$ {#eq-a}\n\n$$ z $$ {#fig-z}\n\n> [!LEMMA] {#thing}\n> B.\n\n## Plain {#mine}\n";
        let (table, problems) = labels(text);
        let messages: Vec<&str> = problems.iter().map(Diagnostic::message).collect();
        assert_eq!(
            messages,
            [
                "the label `eq-a` is used twice in the book",
                "`fig-z` is the id of a figure, but it labels an equation",
                "`thing` does not start with a label prefix; a lemma's label starts with `lem-`",
            ]
        );
        assert_eq!(problems[0].help(), Some("it labels an equation at content/a.md:1:9 too; ids are unique across the book, so rename one"));
        assert_eq!(
            problems[1].help(),
            Some(
                "write {#eq-z}: the prefix says the kind (eq fig tbl sec def thm lem prf exm rem)"
            )
        );
        assert!(table.get("mine").is_none());
    }

    #[test]
    fn label_syntax_is_read_strictly() {
        assert_eq!(trailing_label("Softmax {#def-s}  "), Some((8..16, "def-s")));
        assert_eq!(trailing_label("Softmax {#def s}"), None);
        assert_eq!(leading_label(" {#eq-a} and more"), Some((1..8, "eq-a")));
        assert_eq!(LabelKind::of_id("eq-"), None);
        assert_eq!(LabelKind::of_id("eqn-a"), None);
        assert_eq!(LabelKind::of_marker("Remark"), Some(LabelKind::Remark));
        assert_eq!(LabelKind::of_marker("NOTE"), None);
    }
}
