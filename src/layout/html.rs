//! Expanded events as HTML, each math event replaced by its typeset KaTeX: the last step from
//! a lesson's Markdown to the content of its page, and of each heading in its table of contents.

use crate::base::html::escape_html;
use crate::expand::markdown::{heading_label, Spanned, TocEntry};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::cell::Cell;
use std::collections::HashMap;
use std::ops::Range;

/// Fills in each entry's HTML from the heading's own events, with math typeset, so a heading
/// such as "Why divide by $\sqrt{d_k}$" reads the same in the table of contents.
pub fn toc_html(
    toc: &mut [TocEntry],
    events: &[Spanned<'_>],
    typeset: &HashMap<(String, bool), String>,
) {
    for entry in toc {
        let inline = events[entry.events.clone()].to_vec();
        entry.html = to_html(inline, typeset);
    }
}

/// Writes HTML, replacing each math event with its typeset HTML from `typeset`
/// (keyed by `(tex, display)`); every math event must have an entry. Two touches for readers:
/// every h2/h3 that has an id ends with a link to itself (`heading_anchor`), and inline math
/// followed by punctuation is kept on one line with it (`NO_BREAK_BEFORE`), and a Markdown
/// table is a tab stop (`table_open`).
pub fn to_html<'a>(
    events: Vec<Spanned<'a>>,
    typeset: &'a HashMap<(String, bool), String>,
) -> String {
    to_html_with_formulas(events, typeset).0
}

/// [`to_html`], and where in the HTML each typeset formula's markup stands, verbatim: sorted
/// byte ranges, each a formula exactly as KaTeX drew it. The print page copies these as they
/// are instead of scanning them for ids and addresses (formulas hold none: KaTeX runs without
/// trust, so no command can put a link or an id into one), and most of a page's bytes are
/// formulas. A formula not written verbatim (inside an image's `alt`, say) has no range, and
/// a page with a Markdown table gets none at all (its tables are rewritten after writing).
pub fn to_html_with_formulas<'a>(
    events: Vec<Spanned<'a>>,
    typeset: &'a HashMap<(String, bool), String>,
) -> (String, Vec<Range<usize>>) {
    let mut anchor = None;
    let mut out: Vec<Event<'a>> = Vec::with_capacity(events.len());
    // Typeset formulas are most of a page's bytes: they are borrowed, not copied, on the way to
    // the page, and the page is sized for them up front.
    let mut math_bytes = 0;
    // The indices in `out` of the events that are a formula's markup.
    let mut formula_events = Vec::new();
    let mut tables = Vec::new();
    let mut index = 0;
    while index < events.len() {
        match &events[index].0 {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2 | HeadingLevel::H3,
                id: Some(id),
                ..
            }) => {
                let label = heading_label(&events[index + 1..]);
                anchor = Some(heading_anchor(id, &label));
                out.push(events[index].0.clone());
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(link) = anchor.take() {
                    out.push(Event::InlineHtml(CowStr::from(link)));
                }
                out.push(events[index].0.clone());
            }
            Event::InlineMath(tex) => {
                let html = math_html(typeset, tex, false);
                math_bytes += html.len();
                let math = Event::InlineHtml(CowStr::Borrowed(html));
                let punctuation = match events.get(index + 1) {
                    Some((Event::Text(text), _)) => {
                        let end = text
                            .char_indices()
                            .find(|(_, c)| !NO_BREAK_BEFORE.contains(*c))
                            .map_or(text.len(), |(at, _)| at);
                        (end > 0).then(|| (text.clone(), end))
                    }
                    _ => None,
                };
                match punctuation {
                    Some((text, end)) => {
                        out.push(Event::InlineHtml(CowStr::from("<span class=\"nowrap\">")));
                        formula_events.push((out.len(), html));
                        out.push(math);
                        out.push(Event::Text(CowStr::from(text[..end].to_string())));
                        out.push(Event::InlineHtml(CowStr::from("</span>")));
                        if end < text.len() {
                            out.push(Event::Text(CowStr::from(text[end..].to_string())));
                        }
                        index += 1;
                    }
                    None => {
                        formula_events.push((out.len(), html));
                        out.push(math);
                    }
                }
            }
            Event::Start(Tag::Table(_)) => {
                out.push(Event::Html(CowStr::Borrowed(TABLE_MARK)));
                out.push(events[index].0.clone());
                tables.push(table_open(&events[index..]));
            }
            Event::DisplayMath(tex) => {
                let html = math_html(typeset, tex, true);
                math_bytes += html.len();
                out.push(Event::InlineHtml(CowStr::Borrowed(DISPLAY_MATH_OPEN)));
                formula_events.push((out.len(), html));
                out.push(Event::InlineHtml(CowStr::Borrowed(html)));
                out.push(Event::InlineHtml(CowStr::Borrowed("</span>")));
            }
            other => out.push(other.clone()),
        }
        index += 1;
    }
    // The bytes of the file these events cover, not the offset where they end: a heading's
    // title near the end of a long page reserved the whole page, 40,000 times (12 GB).
    let text_bytes = match (events.first(), events.last()) {
        (Some((_, first)), Some((_, last))) => last.end.saturating_sub(first.start),
        _ => 0,
    };
    let html = String::with_capacity(math_bytes + text_bytes + text_bytes / 4);
    let (html, formulas) = write_marking(html, out, &formula_events);
    if tables.is_empty() {
        return (html, formulas);
    }
    // pulldown-cmark writes `<table>` itself (it needs the event to align the cells), so each
    // table's opening tag is swapped for its own after writing, found by the mark before it.
    let marked = format!("{TABLE_MARK}<table>");
    let mut pieces = html.split(&marked);
    let mut written = String::with_capacity(html.len() + tables.len() * 40);
    written.push_str(pieces.next().unwrap_or_default());
    for (index, piece) in pieces.enumerate() {
        written.push_str(tables.get(index).map_or("<table>", String::as_str));
        written.push_str(piece);
    }
    (written, Vec::new())
}

/// Writes `events` as HTML onto `html`, with the byte range of each `marked` event (its index
/// in `events` and its text, sorted by index) that was written there verbatim.
fn write_marking<'a>(
    html: String,
    events: Vec<Event<'a>>,
    marked: &[(usize, &'a str)],
) -> (String, Vec<Range<usize>>) {
    /// The HTML so far, with its length where the events' iterator can read it.
    struct Counted<'c> {
        html: String,
        written: &'c Cell<usize>,
    }
    impl std::fmt::Write for Counted<'_> {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            self.html.push_str(text);
            self.written.set(self.html.len());
            Ok(())
        }
    }
    let written = Cell::new(html.len());
    let mut starts = Vec::with_capacity(marked.len());
    let mut next = marked.iter().peekable();
    // pulldown-cmark writes each event as it takes it, so where the HTML ends when a marked
    // event is taken is where that event's text starts, if it is written as it is; each range
    // is checked against the text below.
    let events = events.into_iter().enumerate().map(|(at, event)| {
        if let Some((_, text)) = next.next_if(|(marked, _)| *marked == at) {
            starts.push((written.get(), *text));
        }
        event
    });
    let mut counted = Counted {
        html,
        written: &written,
    };
    pulldown_cmark::html::write_html_fmt(&mut counted, events)
        .expect("writing to a String cannot fail");
    let html = counted.html;
    let ranges = starts
        .into_iter()
        .map(|(start, text)| start..start + text.len())
        .zip(marked)
        .filter(|(range, (_, text))| html.get(range.clone()) == Some(*text))
        .map(|(range, _)| range)
        .collect();
    (html, ranges)
}

/// Written just before each Markdown table's `<table>`, and taken out again with it.
const TABLE_MARK: &str = "<!--worked:table-->";

/// The opening tag of the table starting at `events[0]`. A wide table scrolls sideways inside
/// its own box (style.css), and a box that scrolls must be reachable by keyboard (WCAG 2.1.1),
/// so, as with display formulas, the build makes it a tab stop, named by its caption or else
/// "Table", and `static/js/scroll-regions.js` takes the stop away from a table that fits. A
/// table holding a link is reachable through the link and keeps no stop of its own.
fn table_open(events: &[Spanned<'_>]) -> String {
    let mut captioned = false;
    for (event, _) in events.iter().take(MAX_TABLE_EVENTS) {
        match event {
            Event::End(TagEnd::Table) => break,
            Event::Start(Tag::Link { .. }) => return "<table>".to_string(),
            Event::Html(html) | Event::InlineHtml(html) => {
                if html.contains("<a ") || html.contains("<button") || html.contains("<input") {
                    return "<table>".to_string();
                }
                captioned |= html.starts_with("<caption");
            }
            _ => {}
        }
    }
    let name = if captioned {
        ""
    } else {
        " aria-label=\"Table\""
    };
    format!("<table tabindex=\"0\"{name}>")
}

/// How far `table_open` looks for a link: a table longer than this is a tab stop either way.
const MAX_TABLE_EVENTS: usize = 100_000;

/// What every display formula sits in: the box that scrolls sideways when the formula is wider
/// than the column. A box that scrolls must be reachable by keyboard (WCAG 2.1.1), so it is a
/// named group and a tab stop; `static/js/scroll-regions.js` takes the tab stop away again from
/// every box whose content fits, so only formulas that really scroll are in the tab order (and,
/// without JavaScript, every one is, which keeps the wide ones reachable).
const DISPLAY_MATH_OPEN: &str =
    "<span class=\"math-display scroll-region\" role=\"group\" aria-label=\"Formula\" tabindex=\"0\">";

/// Punctuation that must not start a line when it follows inline math (`$x$,` `$x$.`).
const NO_BREAK_BEFORE: &str = ",.;:)!?";

/// The link a heading ends with, to its own `#id`: a `#` shown on hover or focus (see
/// `.heading-anchor` in style.css), named for screen readers after the heading it points to.
fn heading_anchor(id: &str, title: &str) -> String {
    format!(
        "<a class=\"heading-anchor\" href=\"#{}\" aria-label=\"Link to this section: {}\"><span aria-hidden=\"true\">#</span></a>",
        escape_html(id),
        escape_html(title)
    )
}

fn math_html<'a>(
    typeset: &'a HashMap<(String, bool), String>,
    tex: &str,
    display: bool,
) -> &'a str {
    typeset
        .get(&(tex.to_string(), display))
        .map_or("", String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::markdown::heading_ids;
    use crate::expand::markdown::tests::events;

    #[test]
    fn a_line_break_inside_a_heading_is_a_space_in_its_link_label() {
        let mut parsed = events("Query and\nkey\n---\n");
        let toc = heading_ids(&mut parsed);
        assert_eq!(toc[0].id, "query-and-key");
        assert_eq!(toc[0].title, "Query and key");
        let html = to_html(parsed, &HashMap::new());
        assert!(
            html.contains("aria-label=\"Link to this section: Query and key\""),
            "{html}"
        );
    }

    #[test]
    fn a_markdown_table_is_a_named_tab_stop_unless_a_link_inside_is_one() {
        let html = to_html(
            events("| a | b |\n|--:|---|\n| 1 | 2 |\n\n| [x](y.md) |\n|---|\n| 3 |\n"),
            &HashMap::new(),
        );
        assert!(
            html.starts_with("<table tabindex=\"0\" aria-label=\"Table\"><thead><tr><th style=\"text-align: right\">a</th>"),
            "the first table is a stop and keeps its alignment: {html}"
        );
        assert_eq!(html.matches("tabindex").count(), 1, "{html}");
        assert!(html.contains("<table><thead><tr><th><a href"), "{html}");
        assert!(!html.contains(TABLE_MARK), "{html}");
    }

    #[test]
    fn a_captioned_table_is_named_by_its_caption() {
        let mut parsed = events("| a |\n|---|\n| 1 |\n");
        let caption = Event::Html(CowStr::Borrowed("<caption>Costs</caption>"));
        parsed.insert(1, (caption, 0..0));
        let html = to_html(parsed, &HashMap::new());
        assert!(
            html.starts_with("<table tabindex=\"0\"><caption>Costs</caption>"),
            "{html}"
        );
    }

    #[test]
    fn a_heading_s_link_label_reads_its_formulas_as_text() {
        let mut parsed = events("## Why divide by $\\sqrt{d_k}$, not $\\alpha\\,n$?\n");
        heading_ids(&mut parsed);
        let html = to_html(parsed, &HashMap::new());
        assert!(
            html.contains("aria-label=\"Link to this section: Why divide by √d_k, not α n?\""),
            "{html}"
        );
    }

    #[test]
    fn an_email_autolink_is_a_mailto_link() {
        let html = to_html(events("Write to <me@uni.edu>."), &HashMap::new());
        assert!(html.contains("href=\"mailto:me@uni.edu\""), "{html}");
    }

    #[test]
    fn math_events_are_replaced_by_their_typeset_html() {
        let parsed = events("a $x$ b\n\n$$y$$\n");
        let typeset = HashMap::from([
            (("x".to_string(), false), "<X/>".to_string()),
            (("y".to_string(), true), "<Y/>".to_string()),
        ]);
        let html = to_html(parsed, &typeset);
        assert!(html.contains("a <X/> b"), "{html}");
        assert!(html.contains("<Y/>"), "{html}");
        assert!(!html.contains('$'), "{html}");
    }

    #[test]
    fn each_formula_written_as_it_is_has_its_range_and_a_page_with_a_table_has_none() {
        let typeset = HashMap::from([
            (("x".to_string(), false), "<X/>".to_string()),
            (("y".to_string(), true), "<Y/>".to_string()),
        ]);
        let (html, formulas) = to_html_with_formulas(
            events("a $x$, b $x$ c\n\n$$y$$\n\n![alt $x$](p.png)\n"),
            &typeset,
        );
        let marked: Vec<&str> = formulas.iter().map(|range| &html[range.clone()]).collect();
        assert_eq!(marked, ["<X/>", "<X/>", "<Y/>"], "{html}");
        assert!(
            html.contains("alt=\"alt &lt;X/&gt;\""),
            "the alt text's is not: {html}"
        );
        let (_, formulas) = to_html_with_formulas(events("$x$\n\n| a |\n|---|\n| 1 |\n"), &typeset);
        assert!(formulas.is_empty());
    }

    #[test]
    fn inline_math_and_the_punctuation_after_it_share_one_unbreakable_span() {
        let parsed = events("Take $x$, then $y$). Then $x$ and $y$\n\nEnd $x$.\n");
        let typeset = HashMap::from([
            (("x".to_string(), false), "<X/>".to_string()),
            (("y".to_string(), false), "<Y/>".to_string()),
        ]);
        let html = to_html(parsed, &typeset);
        assert!(
            html.contains("Take <span class=\"nowrap\"><X/>,</span> then"),
            "{html}"
        );
        assert!(
            html.contains("then <span class=\"nowrap\"><Y/>).</span> Then <X/> and <Y/></p>"),
            "only punctuation joins the formula: {html}"
        );
        assert!(
            html.contains("End <span class=\"nowrap\"><X/>.</span></p>"),
            "{html}"
        );
    }

    #[test]
    fn h2_and_h3_end_with_a_named_link_to_themselves() {
        let mut parsed = events("# Title\n\n## Why $a<b$?\n\n### Step {#step-1}\n\n#### Small\n");
        let mut toc = heading_ids(&mut parsed);
        let typeset = HashMap::from([(("a<b".to_string(), false), "<M/>".to_string())]);
        toc_html(&mut toc, &parsed, &typeset);
        assert_eq!(toc[0].html, "Why <span class=\"nowrap\"><M/>?</span>");
        let html = to_html(parsed, &typeset);
        assert!(
            html.contains("<h2 id=\"why-ab\">Why <span class=\"nowrap\"><M/>?</span><a class=\"heading-anchor\" href=\"#why-ab\" aria-label=\"Link to this section: Why a&lt;b?\"><span aria-hidden=\"true\">#</span></a></h2>"),
            "{html}"
        );
        assert!(
            html.contains("href=\"#step-1\" aria-label=\"Link to this section: Step\""),
            "{html}"
        );
        assert_eq!(
            html.matches("heading-anchor").count(),
            2,
            "h1 and h4 get none: {html}"
        );
        assert!(
            !toc.iter()
                .any(|entry| entry.html.contains("heading-anchor")),
            "the table of contents shows headings without their links"
        );
    }
}
