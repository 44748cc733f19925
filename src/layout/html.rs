//! Expanded events as HTML, each math event replaced by its typeset KaTeX: the last step from
//! a lesson's Markdown to the content of its page, and of each heading in its table of contents.

use crate::base::html::escape_html;
use crate::expand::markdown::{plain_text_until_heading_end, Spanned, TocEntry};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::collections::HashMap;

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
/// followed by punctuation is kept on one line with it (`NO_BREAK_BEFORE`).
pub fn to_html<'a>(
    events: Vec<Spanned<'a>>,
    typeset: &'a HashMap<(String, bool), String>,
) -> String {
    let mut anchor = None;
    let mut out: Vec<Event<'a>> = Vec::with_capacity(events.len());
    // Typeset formulas are most of a page's bytes: they are borrowed, not copied, on the way to
    // the page, and the page is sized for them up front.
    let mut math_bytes = 0;
    let mut index = 0;
    while index < events.len() {
        match &events[index].0 {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2 | HeadingLevel::H3,
                id: Some(id),
                ..
            }) => {
                let title = plain_text_until_heading_end(&events[index + 1..]);
                anchor = Some(heading_anchor(id, &title));
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
                        out.push(math);
                        out.push(Event::Text(CowStr::from(text[..end].to_string())));
                        out.push(Event::InlineHtml(CowStr::from("</span>")));
                        if end < text.len() {
                            out.push(Event::Text(CowStr::from(text[end..].to_string())));
                        }
                        index += 1;
                    }
                    None => out.push(math),
                }
            }
            Event::DisplayMath(tex) => {
                let html = math_html(typeset, tex, true);
                math_bytes += html.len();
                out.push(Event::InlineHtml(CowStr::Borrowed(DISPLAY_MATH_OPEN)));
                out.push(Event::InlineHtml(CowStr::Borrowed(html)));
                out.push(Event::InlineHtml(CowStr::Borrowed("</span>")));
            }
            other => out.push(other.clone()),
        }
        index += 1;
    }
    let text_bytes = events.last().map_or(0, |(_, span)| span.end);
    let mut html = String::with_capacity(math_bytes + text_bytes + text_bytes / 4);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

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
    use crate::expand::markdown::{heading_ids, parse};

    fn events(text: &str) -> Vec<Spanned<'_>> {
        parse(text, 0..text.len())
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
