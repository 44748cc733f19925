//! mdBook's heading ids, for books that keep them (`ids = "mdbook"` in `book.toml`, which
//! `worked import mdbook` sets), so links into an imported book from elsewhere still land.
//!
//! mdBook 0.5.4 (`mdbook-html`'s `id_from_content` and `unique_id`) makes an id from the text
//! of the heading's rendered HTML (tags dropped, entities read): trimmed, lowercased, then
//! letters, digits, `_` and `-` kept, each whitespace character a `-` (so `A - B` is `a---b`),
//! everything else dropped. Ids are taken in page order, the title heading first; an id already
//! taken gets the first free `-1`, `-2`, …; an id written with `{#id}` is kept and takes none. A
//! formula counts by the text of its KaTeX HTML, which is what mdbook-katex writes by default
//! (`output = "html"`): `Committing to $h(X)$` is `committing-to-hx`. Checked against `mdbook
//! build` 0.5.4 with mdbook-katex 0.10.0 on five real books. This is a separate scheme from
//! `worked`'s own ([`super::markdown::heading_ids`]): a book uses one or the other.

use super::markdown::{Spanned, TocEntry};
use crate::base::html::{escape_html, strip_tags};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::collections::{HashMap, HashSet};

/// mdBook's id for a heading's HTML content (before a repeat is numbered).
pub fn id_from_html(html: &str) -> String {
    let mut text = strip_tags(html);
    for entity in ["&lt;", "&gt;", "&amp;", "&#39;", "&quot;"] {
        text = text.replace(entity, "");
    }
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// `id` if no heading took it yet, else the first free `id-1`, `id-2`, … (mdBook's
/// `unique_id`); the result is taken.
fn unique_id(id: String, taken: &mut HashSet<String>) -> String {
    if taken.insert(id.clone()) {
        return id;
    }
    let mut counter = 1usize;
    loop {
        let candidate = format!("{id}-{counter}");
        if taken.insert(candidate.clone()) {
            return candidate;
        }
        counter += 1;
    }
}

/// The part of a formula's KaTeX markup that mdbook-katex writes by default: its HTML, without
/// the MathML.
fn katex_html_part(markup: &str) -> &str {
    markup
        .find("<span class=\"katex-html\"")
        .map_or(markup, |at| &markup[at..])
}

/// A heading's HTML as mdBook renders it, and its plain text, from the heading's events;
/// `footnotes` numbers the page's footnotes as mdBook shows them.
fn heading_html_and_text(
    events: &[Spanned<'_>],
    typeset: &dyn Fn(&str) -> String,
    footnotes: &HashMap<&str, usize>,
) -> (String, String) {
    let mut html = String::new();
    let mut text = String::new();
    let mut after_footnote = false;
    for (event, _) in events {
        if let Event::FootnoteReference(name) = event {
            // mdBook separates two references in a row with a space.
            if after_footnote {
                html.push(' ');
            }
            html.push_str(
                &footnotes
                    .get(name.as_ref())
                    .copied()
                    .unwrap_or(0)
                    .to_string(),
            );
            after_footnote = true;
            continue;
        }
        after_footnote = false;
        match event {
            Event::Text(piece) | Event::Code(piece) => {
                html.push_str(&escape_html(piece));
                text.push_str(piece);
            }
            Event::InlineMath(tex) => {
                html.push_str(katex_html_part(&typeset(tex)));
                text.push_str(tex);
            }
            Event::Html(piece) | Event::InlineHtml(piece) => {
                html.push_str(piece);
                text.push_str(&strip_tags(piece));
            }
            Event::SoftBreak | Event::HardBreak => {
                html.push('\n');
                text.push(' ');
            }
            _ => {}
        }
    }
    (html, text)
}

/// Numbers the headings of a page as mdBook does, after the page's `title`, which the import
/// took from the chapter's first `# Title` line: the title's id is taken first and returned,
/// for the lesson's title heading. When the page's first heading is a `## Title` with the
/// title's id (the chapter had no `# Title` to drop, so that was mdBook's first heading) the
/// title takes none and `None` is returned. Headings written with `{#id}` keep it. `typeset` gives the KaTeX markup of
/// an inline formula. Returns the h2/h3 entries for "On this page", and the title's id.
pub fn mdbook_heading_ids(
    events: &mut [Spanned<'_>],
    title: &str,
    typeset: &dyn Fn(&str) -> String,
) -> (Vec<TocEntry>, Option<String>) {
    // mdBook numbers footnotes in the order of their first reference.
    let mut footnotes: HashMap<&str, usize> = HashMap::new();
    for (event, _) in events.iter() {
        if let Event::FootnoteReference(name) = event {
            let next = footnotes.len() + 1;
            footnotes.entry(name.as_ref()).or_insert(next);
        }
    }
    let mut headings = Vec::new();
    let mut index = 0;
    while index < events.len() {
        if let Event::Start(Tag::Heading { level, id, .. }) = &events[index].0 {
            let end = events[index + 1..]
                .iter()
                .position(|(event, _)| matches!(event, Event::End(TagEnd::Heading(_))))
                .map_or(events.len(), |offset| index + 1 + offset);
            let (html, text) = heading_html_and_text(&events[index + 1..end], typeset, &footnotes);
            let base = match id {
                Some(written) => Err(written.to_string()),
                None => Ok(id_from_html(&html)),
            };
            headings.push((index, end, *level, base, text));
            index = end;
        }
        index += 1;
    }
    let title_base = id_from_html(&escape_html(title));
    let mut taken = HashSet::new();
    let title_kept = headings.first().is_some_and(|(_, _, level, base, _)| {
        *level != HeadingLevel::H1 && base.as_ref() == Ok(&title_base)
    });
    let title_id = (!title_kept).then(|| unique_id(title_base, &mut taken));
    let mut toc = Vec::new();
    for (index, end, level, base, text) in headings {
        let id = match base {
            Err(written) => written,
            Ok(base) => {
                let id = unique_id(base, &mut taken);
                if let Event::Start(Tag::Heading { id: slot, .. }) = &mut events[index].0 {
                    *slot = Some(CowStr::from(id.clone()));
                }
                id
            }
        };
        if matches!(level, HeadingLevel::H2 | HeadingLevel::H3) {
            toc.push(TocEntry {
                level: level as u8,
                id,
                title: text.trim().to_string(),
                html: String::new(),
                events: index + 1..end,
            });
        }
    }
    (toc, title_id)
}

/// Ids and names that raw HTML gives elements (`<a name="x">`, `<span id="x">`): link targets,
/// as in mdBook.
pub fn html_anchor_ids(events: &[Spanned<'_>]) -> Vec<String> {
    let mut ids = Vec::new();
    for (event, _) in events {
        let (Event::Html(html) | Event::InlineHtml(html)) = event else {
            continue;
        };
        for attribute in [" id=\"", " name=\"", " id='", " name='"] {
            let quote = attribute.chars().last().unwrap_or('"');
            let mut from = 0;
            while let Some(at) = html[from..].find(attribute) {
                let start = from + at + attribute.len();
                let Some(length) = html[start..].find(quote) else {
                    break;
                };
                ids.push(html[start..start + length].to_string());
                from = start + length;
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::markdown::parse;

    fn ids(text: &str, title: &str) -> (Vec<String>, Option<String>) {
        let mut events = parse(text, 0..text.len());
        // KaTeX's markup of a formula: MathML (with the TeX) and then the HTML drawing.
        let markup = |tex: &str| {
            format!("<span class=\"katex\"><span class=\"katex-mathml\"><math><mi>m</mi><annotation>{tex}</annotation></math></span><span class=\"katex-html\" aria-hidden=\"true\"><span class=\"mord\">{tex}</span></span></span>")
        };
        let (toc, title) = mdbook_heading_ids(&mut events, title, &markup);
        (toc.into_iter().map(|entry| entry.id).collect(), title)
    }

    /// Expected ids worked out by hand from mdBook 0.5.4's `id_from_content` and `unique_id`.
    #[test]
    fn ids_follow_mdbook_0_5_4_rule() {
        let text = "## A - B\n\n## Repeat\n\n## Repeat\n\n## Repeat 1\n\n## Ünïcode & <b>bold</b> `code`\n\n## Dots. And: colons!\n\n## Kept {#mine}\n\nSoft\nbreak\n---\n\n## [Linked](x.md) *words*\n\n## Committing to $h(X)$\n\n## Lemma.[^b][^a]\n\nText[^a].\n\n[^a]: A.\n[^b]: B.\n";
        assert_eq!(
            ids(text, "Title Here").0,
            [
                "a---b",
                "repeat",
                "repeat-1",
                "repeat-1-1",
                "ünïcode--bold-code",
                "dots-and-colons",
                "mine",
                "soft-break",
                "linked-words",
                "committing-to-hx",
                "lemma1-2"
            ]
        );
    }

    #[test]
    fn the_dropped_title_takes_its_id_first_unless_the_first_heading_is_a_lower_one_with_it() {
        let (toc, title) = ids("## Witness\n\n## Scalar mul\n", "Scalar mul");
        assert_eq!(
            (toc, title),
            (
                vec!["witness".into(), "scalar-mul-1".into()],
                Some("scalar-mul".into())
            )
        );
        let (toc, title) = ids("# Basics\n\n## Basics\n", "Basics");
        assert_eq!(
            (toc, title),
            (vec!["basics-2".into()], Some("basics".into()))
        );
        let (toc, title) = ids("Words.\n\n## Intro\n\n## Intro\n", "Intro");
        assert_eq!((toc, title), (vec!["intro".into(), "intro-1".into()], None));
        let (toc, title) = ids("Words.\n\n## Converting\n", "Convert circuit");
        assert_eq!(
            (toc, title),
            (vec!["converting".into()], Some("convert-circuit".into()))
        );
    }

    #[test]
    fn raw_html_names_and_ids_are_link_targets() {
        let text = "<a name=\"raw-anchor\"></a>\n\nText <span id='inline'>x</span>.\n";
        let events = parse(text, 0..text.len());
        assert_eq!(html_anchor_ids(&events), ["raw-anchor", "inline"]);
    }
}
