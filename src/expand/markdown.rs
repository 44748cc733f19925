//! Markdown as an event stream with byte offsets into the lesson file.
//!
//! Input: a lesson's body. Output: pulldown-cmark events, each with the byte range it came from,
//! so every later diagnostic can name `file:line:column`. Text is never rewritten as a string:
//! stages transform events (see `expand`), then [`heading_ids`] numbers the headings, and
//! [`crate::layout::html`] writes the events as HTML.

use super::dollars;
use super::page_ids::PageIds;
use crate::base::html::strip_tags;
use pulldown_cmark::{
    CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd, TextMergeWithOffset,
};
use serde::Serialize;
use std::collections::BTreeSet;
use std::ops::Range;

/// One event with the byte range (in the lesson file) it was parsed from.
pub type Spanned<'a> = (Event<'a>, Range<usize>);

/// The Markdown extensions every lesson gets.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_GFM
}

/// Parses `text[body]` once; offsets are shifted to be offsets into `text`.
/// Adjacent text events are merged so a reference like `{{a.b[c]}}` arrives in one piece
/// (pulldown-cmark splits text at brackets while looking for links).
pub fn parse(text: &str, body: Range<usize>) -> Vec<Spanned<'_>> {
    let start = body.start;
    let source = &text[body];
    let parser = Parser::new_ext(source, options())
        .into_offset_iter()
        .map(|(event, range)| (dollars::currency_is_text(source, event, &range), range));
    let mut events: Vec<Spanned<'_>> = TextMergeWithOffset::new(parser)
        .map(|(event, range)| (event, range.start + start..range.end + start))
        .collect();
    super::callouts::alerts_as_callouts(&mut events);
    events
}

/// A heading of the page's table of contents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TocEntry {
    /// 2 or 3.
    pub level: u8,
    /// The heading's `id`, for `#anchor` links.
    pub id: String,
    /// The heading's plain text (math as its TeX), for search and screen-reader labels.
    pub title: String,
    /// The heading's inline HTML, math typeset; filled in by
    /// [`toc_html`](crate::layout::html::toc_html) once formulas are.
    pub html: String,
    /// Indices of the heading's inline events, for [`toc_html`](crate::layout::html::toc_html).
    #[serde(skip)]
    pub events: Range<usize>,
}

/// Gives every heading an `id` (its own `{#id}` if written, else one made from its text by
/// [`slugify`], unique on the page: see [`PageIds`]), gives footnotes ids of their own, and
/// returns the h2/h3 headings for the table of contents.
pub fn heading_ids(events: &mut [Spanned<'_>]) -> Vec<TocEntry> {
    let mut ids = PageIds::new(events);
    ids.number_footnotes(events);
    let mut toc = Vec::new();
    let mut index = 0;
    while index < events.len() {
        if let Event::Start(Tag::Heading { level, id, .. }) = &events[index].0 {
            let level = *level;
            let written_id = id.clone();
            let title = plain_text_until_heading_end(&events[index + 1..]);
            let inline_end = events[index + 1..]
                .iter()
                .position(|(event, _)| matches!(event, Event::End(TagEnd::Heading(_))))
                .map_or(events.len(), |offset| index + 1 + offset);
            let id = match written_id {
                Some(id) => id.to_string(),
                None => {
                    let id = ids.unique(&slugify(&title));
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
                    title,
                    html: String::new(),
                    events: index + 1..inline_end,
                });
            }
        }
        index += 1;
    }
    toc
}

/// The plain text of a heading, from the events after its start up to its end: text, code and
/// TeX as written, tags of raw HTML dropped. Ids, the table of contents and heading links use it.
pub fn plain_text_until_heading_end(events: &[Spanned<'_>]) -> String {
    let mut title = String::new();
    for (event, _) in events {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(text) | Event::Code(text) | Event::InlineMath(text) => title.push_str(text),
            Event::Html(html) | Event::InlineHtml(html) => title.push_str(&strip_tags(html)),
            Event::SoftBreak | Event::HardBreak => title.push(' '),
            _ => {}
        }
    }
    title.trim().to_string()
}

/// A heading's words for a screen reader: its text, with each formula read as text rather
/// than TeX ("Why divide by √d_k?", not "Why divide by \sqrt{d_k}?").
pub fn heading_label(events: &[Spanned<'_>]) -> String {
    let mut label = String::new();
    for (event, _) in events {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::InlineMath(tex) => label.push_str(&tex_as_text(tex)),
            Event::Text(text) | Event::Code(text) => label.push_str(text),
            Event::Html(html) | Event::InlineHtml(html) => label.push_str(&strip_tags(html)),
            Event::SoftBreak | Event::HardBreak => label.push(' '),
            _ => {}
        }
    }
    label.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// TeX as plain text, for labels: common commands become their symbols, other commands and
/// braces are left out.
pub fn tex_as_text(tex: &str) -> String {
    let mut text = String::new();
    let mut chars = tex.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let mut name = String::new();
                while let Some(next) = chars.peek().filter(|next| next.is_ascii_alphabetic()) {
                    name.push(*next);
                    chars.next();
                }
                if name.is_empty() {
                    // `\,`, `\;`, `\{`: a space or an escaped character.
                    match chars.next() {
                        Some(escaped @ ('{' | '}' | '$' | '%' | '&' | '#' | '_')) => {
                            text.push(escaped)
                        }
                        Some(_) => text.push(' '),
                        None => {}
                    }
                } else if let Some((_, symbol)) =
                    TEX_SYMBOLS.iter().find(|(command, _)| *command == name)
                {
                    text.push_str(symbol);
                }
            }
            '{' | '}' => {}
            '~' => text.push(' '),
            c => text.push(c),
        }
    }
    text
}

/// Commands read as a symbol in labels; any other command is left out.
const TEX_SYMBOLS: [(&str, &str); 41] = [
    ("dots", "…"),
    ("ldots", "…"),
    ("cdots", "⋯"),
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("delta", "δ"),
    ("epsilon", "ε"),
    ("varepsilon", "ε"),
    ("eta", "η"),
    ("theta", "θ"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("pi", "π"),
    ("rho", "ρ"),
    ("sigma", "σ"),
    ("tau", "τ"),
    ("phi", "φ"),
    ("omega", "ω"),
    ("Delta", "Δ"),
    ("Sigma", "Σ"),
    ("nabla", "∇"),
    ("partial", "∂"),
    ("sqrt", "√"),
    ("sum", "∑"),
    ("prod", "∏"),
    ("infty", "∞"),
    ("cdot", "·"),
    ("times", "×"),
    ("le", "≤"),
    ("leq", "≤"),
    ("ge", "≥"),
    ("geq", "≥"),
    ("ne", "≠"),
    ("neq", "≠"),
    ("approx", "≈"),
    ("in", "∈"),
    ("to", "→"),
    ("rightarrow", "→"),
    ("pm", "±"),
    ("top", "ᵀ"),
];

/// "Why divide by $\\sqrt{d_k}$?" → "why-divide-by-d_k": letters, digits and `_` of the text,
/// with TeX commands (`\\sqrt`, `\\alpha`) left out so ids read like the words.
pub fn slugify(title: &str) -> String {
    let mut slug = String::new();
    let mut chars = title.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            while chars.peek().is_some_and(|next| next.is_ascii_alphabetic()) {
                chars.next();
            }
            continue;
        }
        for c in c.to_lowercase() {
            if c.is_alphanumeric() || c == '_' {
                slug.push(c);
            } else if (c.is_whitespace() || c == '-') && !slug.ends_with('-') {
                slug.push('-');
            }
        }
    }
    let slug = slug.trim_matches('-').to_string();
    if slug.is_empty() {
        "section".to_string()
    } else {
        slug
    }
}

/// The ids of all headings and footnote definitions, for checking `#anchor` links.
pub fn anchors(events: &[Spanned<'_>]) -> BTreeSet<String> {
    events
        .iter()
        .filter_map(|(event, _)| match event {
            Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
            _ => None,
        })
        .collect()
}

/// What kind of reference to another file a [`LocalTarget`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// A Markdown link `[text](target)`.
    Link,
    /// A Markdown image `![alt](target)`.
    Image,
    /// `src` of an `<img>` in raw HTML.
    HtmlImage,
}

/// A link or image that points inside the book (no scheme, not protocol-relative).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalTarget {
    /// Index of the event that holds it, so a `.md` link can be rewritten to its page.
    pub event: usize,
    /// Link, image or raw-HTML image.
    pub kind: TargetKind,
    /// The target as written (`../images/plot.png`, `fields.md#groups`, `#top`).
    pub url: String,
    /// Where it is in the file: the whole link, or exactly the `src` value in raw HTML.
    pub span: Range<usize>,
}

/// Every link and image of the page that points inside the site, for checking that pages,
/// anchors and files exist. `text` is the lesson file, to place `src` values in raw HTML.
pub fn local_targets(text: &str, events: &[Spanned<'_>]) -> Vec<LocalTarget> {
    let mut targets = Vec::new();
    for (index, (event, span)) in events.iter().enumerate() {
        match event {
            // An email autolink `<a@b.org>` is written as a `mailto:` link.
            Event::Start(Tag::Link {
                link_type: LinkType::Email,
                ..
            }) => {}
            Event::Start(Tag::Link { dest_url, .. })
            | Event::Start(Tag::Image { dest_url, .. })
                if is_relative(dest_url) =>
            {
                let kind = if matches!(event, Event::Start(Tag::Image { .. })) {
                    TargetKind::Image
                } else {
                    TargetKind::Link
                };
                targets.push(LocalTarget {
                    event: index,
                    kind,
                    url: dest_url.to_string(),
                    span: span.clone(),
                });
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                // The event's text is the file's text when it was not split or merged; then
                // each `src` is placed exactly, else at the start of the HTML.
                let verbatim = text.get(span.clone()) == Some(html.as_ref());
                for (offset, src) in img_sources(html) {
                    if !is_relative(&src) {
                        continue;
                    }
                    let at = if verbatim {
                        span.start + offset
                    } else {
                        span.start
                    };
                    let end = if verbatim { at + src.len() } else { span.end };
                    targets.push(LocalTarget {
                        event: index,
                        kind: TargetKind::HtmlImage,
                        url: src,
                        span: at..end,
                    });
                }
            }
            _ => {}
        }
    }
    targets
}

/// The `src` values of `<img>` tags in a piece of raw HTML, each with its byte offset.
/// A small scanner, not an HTML parser: quoted and unquoted values, any case.
pub fn img_sources(html: &str) -> Vec<(usize, String)> {
    let lower = html.to_ascii_lowercase();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<img") {
        let tag_start = from + at;
        let tag_end = lower[tag_start..]
            .find('>')
            .map_or(lower.len(), |end| tag_start + end);
        let tag = &lower[tag_start..tag_end];
        let mut search = 0;
        while let Some(found_at) = tag[search..].find("src") {
            let name_at = search + found_at;
            search = name_at + 3;
            let before_ok = tag[..name_at].ends_with(|c: char| c.is_ascii_whitespace());
            let rest = &tag[name_at + 3..];
            let after_name = rest.trim_start();
            if !before_ok || !after_name.starts_with('=') {
                continue;
            }
            let value_part = after_name[1..].trim_start();
            let value_at = tag_start + name_at + 3 + (rest.len() - value_part.len());
            let (start, len) = match value_part.chars().next() {
                Some(quote @ ('"' | '\'')) => {
                    let len = value_part[1..].find(quote).unwrap_or(value_part.len() - 1);
                    (value_at + 1, len)
                }
                _ => {
                    let len = value_part
                        .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
                        .unwrap_or(value_part.len());
                    (value_at, len)
                }
            };
            found.push((start, html[start..start + len].to_string()));
            break;
        }
        from = tag_end.max(tag_start + 4);
    }
    found
}

/// Every heading's id and plain text, all levels, in page order (for anchor checks and the
/// hint about mdBook's ids).
pub fn headings(events: &[Spanned<'_>]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (index, (event, _)) in events.iter().enumerate() {
        if let Event::Start(Tag::Heading { id: Some(id), .. }) = event {
            found.push((
                id.to_string(),
                plain_text_until_heading_end(&events[index + 1..]),
            ));
        }
    }
    found
}

/// The id mdBook would give a heading with this text: lowercase letters, digits, `_` and `-`
/// kept, each whitespace character a `-`, everything else dropped; the `n`th repeat (from 1)
/// of an id gets `-n`. Used only to explain a broken link in a book that came from mdBook.
pub fn mdbook_id(title: &str, repeat: usize) -> String {
    let base: String = title
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect();
    if repeat == 0 {
        base
    } else {
        format!("{base}-{repeat}")
    }
}

fn is_relative(url: &str) -> bool {
    let has_scheme = url.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    !url.is_empty() && !has_scheme && !url.starts_with("//")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The events of a whole Markdown text, for the tests of what reads them.
    pub(crate) fn events(text: &str) -> Vec<Spanned<'_>> {
        parse(text, 0..text.len())
    }

    #[test]
    fn offsets_point_into_the_whole_file() {
        let text = "+++\ntitle = \"x\"\n+++\nSome $x$ here\n";
        let body = text.find("Some").unwrap();
        let parsed = parse(text, body..text.len());
        let (_, range) = parsed
            .iter()
            .find(|(event, _)| matches!(event, Event::InlineMath(_)))
            .unwrap();
        assert_eq!(&text[range.clone()], "$x$");
    }

    #[test]
    fn references_with_brackets_arrive_as_one_text_event() {
        let parsed = events("See {{cat.weights[sat, the]}} now.");
        let texts: Vec<_> = parsed
            .iter()
            .filter_map(|(event, _)| match event {
                Event::Text(text) => Some(text.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, vec!["See {{cat.weights[sat, the]}} now."]);
    }

    #[test]
    fn headings_get_unique_ids_and_a_table_of_contents() {
        let mut parsed =
            events("## Step one\n\n## Step one\n\n### Why $\\sqrt{d}$?\n\n# Top {#top}\n");
        let toc = heading_ids(&mut parsed);
        let ids: Vec<_> = toc.iter().map(|entry| entry.id.as_str()).collect();
        assert_eq!(ids, vec!["step-one", "step-one-2", "why-d"]);
        assert!(anchors(&parsed).contains("top"));
    }

    #[test]
    fn twenty_thousand_identical_headings_get_ids_in_linear_time() {
        let text = "## Same\n\n".repeat(20_000) + "## Same-3 {#same-5}\n\n## Same-3\n";
        let mut parsed = events(&text);
        let started = std::time::Instant::now();
        let toc = heading_ids(&mut parsed);
        let elapsed = started.elapsed();
        let ids: Vec<&str> = toc.iter().map(|entry| entry.id.as_str()).collect();
        assert_eq!(ids[..3], ["same", "same-2", "same-3"]);
        // `same-5` is written by hand on a later heading, so the generated ids skip it.
        assert_eq!(ids[3..5], ["same-4", "same-6"]);
        assert_eq!(ids[19_999], "same-20001");
        assert_eq!(ids[20_001], "same-3-2");
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "every id is unique");
        // The quadratic version took about a minute here; linear takes milliseconds.
        assert!(elapsed.as_secs() < 5, "took {elapsed:?}");
    }

    #[test]
    fn only_links_inside_the_site_are_local() {
        let text = "[a](softmax.html#x) [b](https://example.org) [c](#top) [d](mailto:x@y.z) [e](//cdn.example) ![f](img/a.png)";
        let parsed = events(text);
        let targets: Vec<_> = local_targets(text, &parsed)
            .into_iter()
            .map(|target| (target.url, target.kind))
            .collect();
        assert_eq!(
            targets,
            vec![
                ("softmax.html#x".to_string(), TargetKind::Link),
                ("#top".to_string(), TargetKind::Link),
                ("img/a.png".to_string(), TargetKind::Image)
            ]
        );
    }

    #[test]
    fn an_email_autolink_is_a_mailto_link_not_a_file() {
        let parsed = events("Write to <me@uni.edu>.");
        assert!(local_targets("Write to <me@uni.edu>.", &parsed).is_empty());
    }

    #[test]
    fn img_src_in_raw_html_is_found_at_its_exact_place() {
        let text =
            "Text\n\n<p><img alt=\"x\" SRC='figs/a b.png'><img src=https://x.org/a.png></p>\n";
        let parsed = events(text);
        let targets = local_targets(text, &parsed);
        assert_eq!(targets.len(), 1, "{targets:?}");
        assert_eq!(targets[0].kind, TargetKind::HtmlImage);
        assert_eq!(&text[targets[0].span.clone()], "figs/a b.png");
    }

    #[test]
    fn mdbook_ids_keep_tex_command_names_and_number_repeats_from_one() {
        assert_eq!(
            mdbook_id("Why divide by \\sqrt{d_k}?", 0),
            "why-divide-by-sqrtd_k"
        );
        assert_eq!(mdbook_id("A - B", 1), "a---b-1");
    }

    #[test]
    fn a_line_break_inside_a_heading_is_a_space_in_its_id_and_title() {
        let mut parsed = events("Query and\nkey\n---\n");
        let toc = heading_ids(&mut parsed);
        assert_eq!(toc[0].id, "query-and-key");
        assert_eq!(toc[0].title, "Query and key");
        assert_eq!(heading_label(&parsed[1..]), "Query and key");
    }

    #[test]
    fn a_heading_s_label_reads_its_formulas_as_text() {
        let parsed = events("## Why divide by $\\sqrt{d_k}$, not $\\alpha\\,n$?\n");
        assert_eq!(heading_label(&parsed[1..]), "Why divide by √d_k, not α n?");
    }

    #[test]
    fn slugs_keep_letters_digits_and_underscores() {
        assert_eq!(slugify("Why divide by √d_k?"), "why-divide-by-d_k");
        assert_eq!(slugify("Why divide by \\sqrt{d_k}"), "why-divide-by-d_k");
        assert_eq!(slugify("!!!"), "section");
    }
}
