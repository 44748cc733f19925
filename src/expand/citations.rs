//! Citations in prose: `[@vaswani2017]` (in parentheses), `@vaswani2017` (in the sentence),
//! `[@a; @b, p. 3]` (several works, with locators) and `[-@a]` (the year alone), Pandoc's
//! syntax. Each becomes the citation in the book's style, linked to the lesson's reference
//! list, which ends the lesson under a "References" heading.
//!
//! Input: a lesson's events and the book's bibliography. Output: the events with citations
//! replaced, and a problem at file:line:column for every unknown key or unreadable locator.
//! Only text is scanned, never code, math, link text or image descriptions. An `@` after a
//! letter, digit or `.` (an email address) or written `\@` is not a citation, and `@eq-…`,
//! `@fig-…` and the other cross-reference kinds are left to the cross-references. Without a
//! bibliography only the bracketed form is a citation (and an error), so that a book without
//! one can still write `@name`.

use crate::base::diagnostics::Diagnostic;
use crate::base::html::escape_html;
use crate::base::source::SourceFile;
use crate::compute::lang::suggest::nearest;
use crate::expand::blocks::BlockKind;
use crate::expand::examples::{block_body, fenced_kind};
use crate::expand::exercise::exercise_texts;
use crate::expand::markdown::Spanned;
use crate::expand::resolve::locate_in;
use crate::load::bibliography::Bibliography;
use hayagriva::citationberg::taxonomy::Locator;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Tag, TagEnd};
use std::collections::BTreeMap;
use std::ops::Range;

/// Prefixes of cross-reference labels (Quarto's), which are not citation keys.
pub const CROSS_REFERENCE_KINDS: [&str; 10] = [
    "eq", "fig", "tbl", "sec", "def", "thm", "lem", "prf", "exm", "rem",
];

/// The heading of a lesson's reference list, and the start of its entries' ids.
const REFERENCES_HEADING: &str = "References";
const ENTRY_ID_PREFIX: &str = "ref-";
/// How a citation's link starts; the popover script finds citations by it.
pub const CITATION_HTML: &str = "<a class=\"worked-cite\"";

/// A citation as written in a piece of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenCitation {
    /// The whole citation in the text, brackets included.
    pub range: Range<usize>,
    /// Written without brackets.
    pub narrative: bool,
    /// The works cited, in the order written.
    pub works: Vec<WrittenWork>,
}

/// One work inside a citation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenWork {
    /// The entry's key, as written.
    pub key: String,
    /// The key in the text (after the `@`).
    pub key_range: Range<usize>,
    /// What follows the key's comma (`p. 3`), or a narrative citation's `[…]`.
    pub locator: Option<String>,
    /// Written `-@key`.
    pub year_only: bool,
}

/// One work cited, with where in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitedWork {
    /// The entry's key, known to be in the bibliography.
    pub key: String,
    /// `p. 3` as a CSL locator kind and its value (`3`).
    pub locator: Option<(Locator, String)>,
    /// `-@key`: the year alone, for a sentence that already names the authors.
    pub year_only: bool,
}

/// One citation as written: `[@a; @b, p. 3]` (in parentheses) or `@a` (in the sentence).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitationRequestOf {
    /// The works, in the order written.
    pub works: Vec<CitedWork>,
    /// Written without brackets: the authors become part of the sentence.
    pub narrative: bool,
}

/// A lesson's citations formatted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormattedCitations {
    /// The HTML of each citation, in the order of the requests.
    pub citations: Vec<String>,
    /// The reference list: (key, HTML of the entry), in the style's order.
    pub references: Vec<(String, String)>,
}

/// Every citation in `text`, in order.
pub fn find_citations(text: &str) -> Vec<WrittenCitation> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = text[at..].find(['[', '@']) {
        let start = at + offset;
        let citation = if text[start..].starts_with('[') {
            bracketed(text, start)
        } else {
            narrative(text, start)
        };
        match citation {
            Some(citation) => {
                at = citation.range.end;
                found.push(citation);
            }
            None => at = start + 1,
        }
    }
    found
}

/// `[@a; -@b, p. 3]` starting at `open`, if every part of the brackets is a cited work.
fn bracketed(text: &str, open: usize) -> Option<WrittenCitation> {
    let close = open + text[open..].find(']')?;
    let inside = &text[open + 1..close];
    if inside.contains('[') || text[close + 1..].starts_with('(') {
        return None;
    }
    let mut works = Vec::new();
    let mut part_start = open + 1;
    for part in inside.split(';') {
        let leading = part.len() - part.trim_start().len();
        let mut cursor = part_start + leading;
        let year_only = text[cursor..].starts_with("-@");
        if year_only {
            cursor += 1;
        }
        if !text[cursor..].starts_with('@') {
            return None;
        }
        let key_range = key_at(text, cursor + 1)?;
        let rest = text[key_range.end..part_start + part.len()].trim();
        let locator = match rest.strip_prefix(',') {
            Some(locator) if !locator.trim().is_empty() => Some(locator.trim().to_string()),
            None if rest.is_empty() => None,
            _ => return None,
        };
        let key = text[key_range.clone()].to_string();
        if is_cross_reference(&key) {
            return None;
        }
        works.push(WrittenWork {
            key,
            key_range,
            locator,
            year_only,
        });
        part_start += part.len() + 1;
    }
    Some(WrittenCitation {
        range: open..close + 1,
        narrative: false,
        works,
    })
}

/// `@key` at `at`, with a locator in brackets right after it (`@a [p. 3]`).
fn narrative(text: &str, at: usize) -> Option<WrittenCitation> {
    let before = text[..at].chars().next_back();
    if before.is_some_and(|c| c.is_alphanumeric() || c == '.' || c == '-' || c == '@') {
        return None;
    }
    let key_range = key_at(text, at + 1)?;
    let key = text[key_range.clone()].to_string();
    if is_cross_reference(&key) {
        return None;
    }
    let mut end = key_range.end;
    let mut locator = None;
    if let Some(rest) = text[end..].strip_prefix(" [") {
        if let Some(close) = rest.find(']') {
            let inside = rest[..close].trim();
            if !inside.is_empty() && !inside.contains(['@', '[']) {
                locator = Some(inside.to_string());
                end += 2 + close + 1;
            }
        }
    }
    Some(WrittenCitation {
        range: at..end,
        narrative: true,
        works: vec![WrittenWork {
            key,
            key_range,
            locator,
            year_only: false,
        }],
    })
}

/// The key starting at `start`: a letter, digit or `_`, then those and `-:./` inside it (a
/// key never ends with punctuation, so `@a.` at a sentence's end cites `a`).
fn key_at(text: &str, start: usize) -> Option<Range<usize>> {
    let rest = &text[start..];
    let first = rest.chars().next()?;
    if !(first.is_alphanumeric() || first == '_') {
        return None;
    }
    let length = rest
        .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.' | '/')))
        .unwrap_or(rest.len());
    let key = rest[..length].trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '_'));
    Some(start..start + key.len())
}

fn is_cross_reference(key: &str) -> bool {
    key.split_once('-')
        .is_some_and(|(kind, _)| CROSS_REFERENCE_KINDS.contains(&kind))
}

/// `p. 3` → (page, `3`): the locator terms Pandoc knows, in their short and long forms; a
/// locator that starts with a digit is a page.
pub fn parse_locator(written: &str) -> Result<(Locator, String), String> {
    const TERMS: [(&[&str], Locator); 11] = [
        (&["p.", "pp.", "page", "pages"], Locator::Page),
        (&["ch.", "chap.", "chapter", "chapters"], Locator::Chapter),
        (
            &["sec.", "section", "sections", "§", "§§"],
            Locator::Section,
        ),
        (&["fig.", "figure", "figures"], Locator::Figure),
        (&["tbl.", "table", "tables"], Locator::Table),
        (&["eq.", "equation", "equations"], Locator::Equation),
        (&["para.", "paragraph", "paragraphs"], Locator::Paragraph),
        (&["vol.", "volume", "volumes"], Locator::Volume),
        (&["app.", "appendix", "appendices"], Locator::Appendix),
        (&["l.", "line", "lines"], Locator::Line),
        (&["n.", "note", "notes"], Locator::Note),
    ];
    let written = written.trim();
    if written.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok((Locator::Page, written.to_string()));
    }
    let (term, value) = written
        .split_once(char::is_whitespace)
        .unwrap_or((written, ""));
    let value = value.trim();
    match TERMS
        .iter()
        .find(|(names, _)| names.contains(&term.to_lowercase().as_str()))
    {
        Some((_, locator)) if !value.is_empty() => Ok((*locator, value.to_string())),
        _ => Err(format!(
            "the locator \"{written}\" does not say which part of the work it names"
        )),
    }
}

/// Each citation's link by where it starts in the file: those of an exercise's texts are
/// placed when the exercise is expanded (see [`place_citations`]).
pub type CitationLinks = BTreeMap<usize, String>;

/// A lesson's events with its citations formatted by `format` (the book's style, in a later
/// stage: `layout::citations`) and its reference list at the end, the links of every citation
/// (the exercises' texts included), and the problems of its citations (the events are then
/// unusable).
pub fn cite_lesson<'a>(
    file: &SourceFile,
    events: Vec<Spanned<'a>>,
    bibliography: Option<&Bibliography>,
    format: impl FnOnce(&Bibliography, &[CitationRequestOf]) -> FormattedCitations,
) -> (Vec<Spanned<'a>>, CitationLinks, Vec<Diagnostic>) {
    let mut found = sight_citations(file, &events, bibliography);
    // An exercise's texts are Markdown inside its block: their citations join the lesson's.
    let mut index = 0;
    while index < events.len() {
        if fenced_kind(&events[index].0) == Some(BlockKind::Exercise) {
            let (body, next) = block_body(file, &events, index);
            for text in exercise_texts(file, &body) {
                found.extend(sight_citations(file, &text, bibliography));
            }
            index = next;
        } else {
            index += 1;
        }
    }
    // In the order written, which numbers them in a numeric style.
    found.sort_by_key(|(start, _, _)| *start);
    let mut problems = Vec::new();
    // (where in the file, the first work's key) of every citation, and its request.
    let mut sightings = Vec::new();
    let mut requests = Vec::new();
    for (start, key, request) in found {
        match request {
            Ok(request) => {
                sightings.push((start, key));
                requests.push(request);
            }
            Err(found) => problems.extend(found),
        }
    }
    let Some(bibliography) = bibliography.filter(|_| problems.is_empty() && !requests.is_empty())
    else {
        return (events, CitationLinks::new(), problems);
    };
    let formatted = format(bibliography, &requests);
    let links: CitationLinks = sightings
        .into_iter()
        .zip(formatted.citations)
        .map(|((start, key), html)| {
            let link = format!(
                "{CITATION_HTML} href=\"#{ENTRY_ID_PREFIX}{}\">{html}</a>",
                escape_html(&key)
            );
            (start, link)
        })
        .collect();
    let mut out = place_citations(file, events, &links);
    let end = file.text.len()..file.text.len();
    out.extend(reference_list(&formatted.references).map(|event| (event, end.clone())));
    (out, links, problems)
}

/// Every citation of `events`' text outside code, links and images: where it starts in the
/// file, its first work's key, and its request (or its problems).
fn sight_citations(
    file: &SourceFile,
    events: &[Spanned<'_>],
    bibliography: Option<&Bibliography>,
) -> Vec<(usize, String, Result<CitationRequestOf, Vec<Diagnostic>>)> {
    let mut found = Vec::new();
    let mut skipping = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::Link { .. } | Tag::Image { .. }) => {
                skipping += 1;
            }
            Event::End(TagEnd::CodeBlock | TagEnd::Link | TagEnd::Image) => {
                skipping = skipping.saturating_sub(1);
            }
            Event::Text(text) if skipping == 0 => {
                for citation in find_citations(text) {
                    let locate = |piece: &Range<usize>| {
                        locate_in(&file.text, text, range.clone(), piece.start, piece.len())
                    };
                    let span = locate(&citation.range);
                    let escaped =
                        span.start > 0 && file.text.as_bytes().get(span.start - 1) == Some(&b'\\');
                    if escaped || (bibliography.is_none() && citation.narrative) {
                        continue;
                    }
                    let request = citation_request(file, &citation, bibliography, &locate);
                    found.push((span.start, citation.works[0].key.clone(), request));
                }
            }
            _ => {}
        }
    }
    found
}

/// `events` with each citation that has a link in `links` (by where it starts in the file)
/// replaced by the link.
pub fn place_citations<'a>(
    file: &SourceFile,
    events: Vec<Spanned<'a>>,
    links: &CitationLinks,
) -> Vec<Spanned<'a>> {
    if links.is_empty() {
        return events;
    }
    let mut out = Vec::with_capacity(events.len());
    let mut skipping = 0usize;
    for (event, range) in events {
        match &event {
            Event::Start(Tag::CodeBlock(_) | Tag::Link { .. } | Tag::Image { .. }) => {
                skipping += 1;
            }
            Event::End(TagEnd::CodeBlock | TagEnd::Link | TagEnd::Image) => {
                skipping = skipping.saturating_sub(1);
            }
            _ => {}
        }
        let Event::Text(text) = &event else {
            out.push((event, range));
            continue;
        };
        if skipping > 0 {
            out.push((event, range));
            continue;
        }
        let mut cursor = 0;
        for citation in find_citations(text) {
            let span = locate_in(
                &file.text,
                text,
                range.clone(),
                citation.range.start,
                citation.range.len(),
            );
            let Some(link) = links.get(&span.start) else {
                continue;
            };
            let piece = &text[cursor..citation.range.start];
            if !piece.is_empty() {
                out.push((Event::Text(CowStr::from(piece.to_string())), range.clone()));
            }
            out.push((Event::InlineHtml(CowStr::from(link.clone())), range.clone()));
            cursor = citation.range.end;
        }
        if cursor == 0 {
            out.push((event, range));
        } else if cursor < text.len() {
            out.push((Event::Text(CowStr::from(text[cursor..].to_string())), range));
        }
    }
    out
}

/// The lesson's "References" heading and list, as events.
fn reference_list(references: &[(String, String)]) -> impl Iterator<Item = Event<'static>> {
    let heading = Tag::Heading {
        level: HeadingLevel::H2,
        id: None,
        classes: Vec::new(),
        attrs: Vec::new(),
    };
    let mut list = String::from("<ul class=\"worked-references\">\n");
    for (key, entry) in references {
        list.push_str(&format!(
            "<li id=\"{ENTRY_ID_PREFIX}{}\">{entry}</li>\n",
            escape_html(key)
        ));
    }
    list.push_str("</ul>\n");
    [
        Event::Start(heading),
        Event::Text(CowStr::from(REFERENCES_HEADING)),
        Event::End(TagEnd::Heading(HeadingLevel::H2)),
        Event::Html(CowStr::from(list)),
    ]
    .into_iter()
}

/// The request for one citation, or a problem for each unknown key and unreadable locator.
fn citation_request(
    file: &SourceFile,
    citation: &WrittenCitation,
    bibliography: Option<&Bibliography>,
    locate: &dyn Fn(&Range<usize>) -> Range<usize>,
) -> Result<CitationRequestOf, Vec<Diagnostic>> {
    let Some(bibliography) = bibliography else {
        return Err(vec![Diagnostic::at(
            file,
            locate(&citation.range),
            "this citation has no bibliography to come from",
        )
        .with_help("name a BibTeX file in book.toml, e.g. `bibliography = \"references.bib\"`, or write \\[ for a literal bracket")]);
    };
    let mut problems = Vec::new();
    let mut works = Vec::new();
    for work in &citation.works {
        if !bibliography.has(&work.key) {
            let help = match nearest(&work.key, bibliography.library.keys()) {
                Some(near) => format!("did you mean @{near}?"),
                None => format!(
                    "add an entry `{}` to {}, or write \\@ for a literal @",
                    work.key, bibliography.file.path
                ),
            };
            problems.push(
                Diagnostic::at(
                    file,
                    locate(&work.key_range),
                    format!(
                        "no entry `{}` in the bibliography {}",
                        work.key, bibliography.file.path
                    ),
                )
                .with_help(help),
            );
            continue;
        }
        let locator = match work.locator.as_deref().map(parse_locator) {
            Some(Ok(locator)) => Some(locator),
            Some(Err(problem)) => {
                problems.push(Diagnostic::at(file, locate(&citation.range), problem).with_help(
                    "start it with a term such as p., pp., ch., sec., fig., tbl., eq., or with a page number",
                ));
                continue;
            }
            None => None,
        };
        works.push(CitedWork {
            key: work.key.clone(),
            locator,
            year_only: work.year_only,
        });
    }
    if problems.is_empty() {
        Ok(CitationRequestOf {
            works,
            narrative: citation.narrative,
        })
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<(bool, Vec<String>)> {
        find_citations(text)
            .into_iter()
            .map(|citation| {
                (
                    citation.narrative,
                    citation.works.into_iter().map(|work| work.key).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn every_form_is_found_with_its_range() {
        let text = "As @vaswani2017 showed [@bahdanau2015; -@graves2013, p. 3].";
        let found = find_citations(text);
        assert_eq!(&text[found[0].range.clone()], "@vaswani2017");
        assert!(found[0].narrative);
        assert_eq!(
            &text[found[1].range.clone()],
            "[@bahdanau2015; -@graves2013, p. 3]"
        );
        let works = &found[1].works;
        assert_eq!(works[0].key, "bahdanau2015");
        assert_eq!(works[1].key, "graves2013");
        assert!(works[1].year_only);
        assert_eq!(works[1].locator.as_deref(), Some("p. 3"));
        assert_eq!(&text[works[1].key_range.clone()], "graves2013");
    }

    #[test]
    fn a_sentence_end_is_not_part_of_the_key_and_a_narrative_may_take_a_locator() {
        assert_eq!(
            keys("shown by @he2016."),
            [(true, vec!["he2016".to_string()])]
        );
        let found = find_citations("@he2016 [sec. 3] shows it");
        assert_eq!(found[0].works[0].locator.as_deref(), Some("sec. 3"));
        assert_eq!(found[0].range, 0..16);
    }

    #[test]
    fn emails_cross_references_and_other_brackets_are_not_citations() {
        assert!(keys("write to a@b.org or x.@y").is_empty());
        assert!(keys("see @eq-scores and [@fig-heat] and [-@sec-masks]").is_empty());
        assert!(keys("a [plain] bracket, [see the @ sign], an @ alone").is_empty());
        // Brackets that are not all citations leave the narrative inside.
        assert_eq!(keys("[see @a]"), [(true, vec!["a".to_string()])]);
    }

    #[test]
    fn locators_name_a_part_of_the_work() {
        assert_eq!(parse_locator("p. 3"), Ok((Locator::Page, "3".to_string())));
        assert_eq!(
            parse_locator("pp. 3-5"),
            Ok((Locator::Page, "3-5".to_string()))
        );
        assert_eq!(parse_locator("12"), Ok((Locator::Page, "12".to_string())));
        assert_eq!(
            parse_locator("sec. 3.5"),
            Ok((Locator::Section, "3.5".to_string()))
        );
        assert_eq!(
            parse_locator("Chapter 2"),
            Ok((Locator::Chapter, "2".to_string()))
        );
        assert!(parse_locator("somewhere").is_err());
        assert!(parse_locator("p.").is_err());
    }
}
