//! mdBook's heading ids, for books that keep them (`ids = "mdbook"` in `book.toml`, which
//! `worked import mdbook` sets), so links into an imported book from elsewhere still land.
//!
//! mdBook 0.5 makes an id from the heading's rendered HTML: tags and the entities `&lt;`,
//! `&gt;`, `&amp;`, `&#39;`, `&quot;` removed, then letters and digits lowercased, `_` and `-`
//! kept, each whitespace character a `-` (so `A - B` is `a---b`), everything else dropped. The
//! page's title heading is the first; a repeat of an id gets `-1`, `-2`, …. A heading with
//! math gets the text of its typeset KaTeX (MathML, TeX annotation and HTML, as mdbook-katex
//! wrote them): `Why divide by $\sqrt{d_k}$` is `why-divide-by-dksqrtd_kdk`. Checked against
//! `mdbook build` 0.5.4 with mdbook-katex 0.10.0. This is a separate scheme from `worked`'s own
//! ([`super::markdown::heading_ids`]): a book uses one or the other.

use super::markdown::{Spanned, TocEntry};
use crate::base::html::{escape_html, strip_tags};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::collections::HashMap;

/// mdBook's id for a heading's HTML content (before numbering repeats).
pub fn id_from_html(html: &str) -> String {
    let mut text = strip_tags(html);
    for entity in ["&lt;", "&gt;", "&amp;", "&#39;", "&quot;"] {
        text = text.replace(entity, "");
    }
    let text = text.trim().trim_start_matches('#').trim();
    let mut id = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            id.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            id.push('-');
        }
    }
    id
}

/// Numbers the headings of a page as mdBook does, after the page's `title` (its `<h1>`):
/// headings written with `{#id}` keep it. `typeset` gives the KaTeX HTML of an inline formula.
/// Returns the h2/h3 entries for "On this page", and the title's id (a link target too).
pub fn mdbook_heading_ids(
    events: &mut [Spanned<'_>],
    title: &str,
    typeset: &dyn Fn(&str) -> String,
) -> (Vec<TocEntry>, String) {
    let mut counts: HashMap<String, usize> = HashMap::new();
    let title_id = id_from_html(&escape_html(title));
    counts.insert(title_id.clone(), 1);
    let mut toc = Vec::new();
    let mut index = 0;
    while index < events.len() {
        if let Event::Start(Tag::Heading { level, id, .. }) = &events[index].0 {
            let level = *level;
            let written = id.clone();
            let end = events[index + 1..]
                .iter()
                .position(|(event, _)| matches!(event, Event::End(TagEnd::Heading(_))))
                .map_or(events.len(), |offset| index + 1 + offset);
            let mut html = String::new();
            let mut text = String::new();
            for (event, _) in &events[index + 1..end] {
                match event {
                    Event::Text(piece) => {
                        html.push_str(&escape_html(piece));
                        text.push_str(piece);
                    }
                    Event::Code(piece) => {
                        html.push_str(&escape_html(piece));
                        text.push_str(piece);
                    }
                    Event::InlineMath(tex) => {
                        html.push_str(&typeset(tex));
                        text.push_str(tex);
                    }
                    Event::Html(piece) | Event::InlineHtml(piece) => {
                        html.push_str(piece);
                        text.push_str(&strip_tags(piece));
                    }
                    _ => {}
                }
            }
            let id = match written {
                Some(id) => id.to_string(),
                None => {
                    let base = id_from_html(&html);
                    let count = counts.entry(base.clone()).or_insert(0);
                    let id = match *count {
                        0 => base,
                        repeat => format!("{base}-{repeat}"),
                    };
                    *count += 1;
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
        index += 1;
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

    #[test]
    fn ids_match_what_mdbook_0_5_4_writes() {
        let text = "## A - B\n\n## Repeat\n\n## Repeat\n\n## Title Here\n\n## Ünïcode & <b>bold</b> `code`\n\n## Dots. And: colons!\n\n## Kept {#mine}\n";
        let mut events = parse(text, 0..text.len());
        let (toc, title) = mdbook_heading_ids(&mut events, "Title Here", &|tex| tex.to_string());
        assert_eq!(title, "title-here");
        let ids: Vec<&str> = toc.iter().map(|entry| entry.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "a---b",
                "repeat",
                "repeat-1",
                "title-here-1",
                "ünïcode--bold-code",
                "dots-and-colons",
                "mine"
            ]
        );
    }

    #[test]
    fn raw_html_names_and_ids_are_link_targets() {
        let text = "<a name=\"raw-anchor\"></a>\n\nText <span id='inline'>x</span>.\n";
        let events = parse(text, 0..text.len());
        assert_eq!(html_anchor_ids(&events), ["raw-anchor", "inline"]);
    }
}
