//! Citations and reference lists formatted in the book's CSL style, as HTML, by hayagriva.
//!
//! Input: the [`Bibliography`] and a lesson's citations in reading order. Output: each
//! citation's HTML and the lesson's reference list, one item per cited entry in the style's
//! order. hayagriva's own HTML writer neither escapes text nor avoids inline styles, so the
//! rendered elements are written here: text escaped, formatting as `<i>`, `<b>`, `<sup>`…,
//! links (DOIs and URLs) as `<a>`.

use crate::base::html::escape_html;
use crate::expand::citations::{CitationRequestOf, CitedWork, FormattedCitations};
use crate::load::bibliography::{is_web_address, Bibliography};
use hayagriva::citationberg::{FontStyle, FontVariant, FontWeight, TextDecoration, VerticalAlign};
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, CitePurpose, ElemChild,
    ElemChildren, Entry, LocatorPayload, SpecificLocator,
};

/// Formats `requests` together, so that the style can tell like citations apart ("2017a"),
/// and lists every work they cite.
pub fn format_citations(
    bibliography: &Bibliography,
    requests: &[CitationRequestOf],
) -> FormattedCitations {
    let mut driver: BibliographyDriver<'_, Entry> = BibliographyDriver::new();
    for request in requests {
        let items = request
            .works
            .iter()
            .filter_map(|work| {
                let entry = bibliography.library.get(&work.key)?;
                let locator = work
                    .locator
                    .as_ref()
                    .map(|(kind, value)| SpecificLocator(*kind, LocatorPayload::Str(value)));
                let purpose = if work.year_only {
                    Some(CitePurpose::Year)
                } else if request.narrative {
                    Some(CitePurpose::Prose)
                } else {
                    None
                };
                Some(CitationItem::new(entry, locator, None, false, purpose))
            })
            .collect();
        driver.citation(CitationRequest::from_items(
            items,
            &bibliography.style,
            bibliography.locales,
        ));
    }
    let rendered = driver.finish(BibliographyRequest::new(
        &bibliography.style,
        None,
        bibliography.locales,
    ));
    FormattedCitations {
        citations: rendered
            .citations
            .iter()
            .zip(requests)
            .map(|(citation, request)| {
                let html = html_of(&citation.citation);
                // The style prints a year alone bare; in brackets the author asked for "(2016)".
                if !request.narrative && request.works.iter().all(|work| work.year_only) {
                    format!("({html})")
                } else {
                    html
                }
            })
            .collect(),
        references: rendered
            .bibliography
            .map(|list| {
                list.items
                    .into_iter()
                    .map(|item| (item.key, html_of(&item.content)))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// Every entry of the bibliography, formatted as its reference list, for the book's
/// bibliography page.
pub fn format_whole_bibliography(bibliography: &Bibliography) -> Vec<(String, String)> {
    let requests: Vec<CitationRequestOf> = bibliography
        .library
        .keys()
        .map(|key| CitationRequestOf {
            works: vec![CitedWork {
                key: key.to_string(),
                locator: None,
                year_only: false,
            }],
            narrative: false,
        })
        .collect();
    format_citations(bibliography, &requests).references
}

/// Most nested elements written; CSL styles nest a few levels, a deeper tree is not a style.
const MAX_DEPTH: usize = 64;

fn html_of(children: &ElemChildren) -> String {
    let mut html = String::new();
    write_children(children, &mut html, 0);
    html
}

fn write_children(children: &ElemChildren, html: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    for child in &children.0 {
        match child {
            ElemChild::Text(text) => write_formatted(&text.text, &text.formatting, html),
            ElemChild::Elem(elem) => write_children(&elem.children, html, depth + 1),
            ElemChild::Markup(markup) => html.push_str(&escape_html(markup)),
            ElemChild::Link { text, url } if is_web_address(url) => {
                html.push_str(&format!("<a href=\"{}\">", escape_html(url)));
                write_formatted(&text.text, &text.formatting, html);
                html.push_str("</a>");
            }
            // Any other scheme (`javascript:`, `file:`) is text: a reader must not follow it.
            ElemChild::Link { text, .. } => write_formatted(&text.text, &text.formatting, html),
            ElemChild::Transparent { .. } => {}
        }
    }
}

/// `text` escaped, inside the tags its CSL formatting asks for.
fn write_formatted(text: &str, formatting: &hayagriva::Formatting, html: &mut String) {
    let mut tags = Vec::new();
    if formatting.font_style == FontStyle::Italic {
        tags.push(("<i>", "</i>"));
    }
    if formatting.font_weight == FontWeight::Bold {
        tags.push(("<b>", "</b>"));
    }
    if formatting.font_variant == FontVariant::SmallCaps {
        tags.push(("<span class=\"worked-smallcaps\">", "</span>"));
    }
    if formatting.text_decoration == TextDecoration::Underline {
        tags.push(("<u>", "</u>"));
    }
    match formatting.vertical_align {
        VerticalAlign::Sup => tags.push(("<sup>", "</sup>")),
        VerticalAlign::Sub => tags.push(("<sub>", "</sub>")),
        VerticalAlign::None | VerticalAlign::Baseline => {}
    }
    for (open, _) in &tags {
        html.push_str(open);
    }
    html.push_str(&escape_html(text));
    for (_, close) in tags.iter().rev() {
        html.push_str(close);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::bibliography::load_bibliography;
    use crate::load::config::BookConfig;
    use hayagriva::citationberg::taxonomy::Locator;

    const ENTRIES: &str = r"@inproceedings{vaswani2017,
  author = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob},
  title = {Attention Is All You Need},
  booktitle = {Advances in Neural Information Processing Systems 30 (NeurIPS 2017)},
  year = {2017},
  url = {https://arxiv.org/abs/1706.03762},
}
@article{ba2016,
  author = {Ba, Jimmy Lei and Kiros, Jamie Ryan and Hinton, Geoffrey E.},
  title = {Layer Normalization & More},
  journal = {arXiv preprint},
  year = {2016},
  doi = {10.48550/arXiv.1607.06450},
}
";

    fn bibliography(style: Option<&str>) -> Bibliography {
        let book = tempfile::tempdir().unwrap();
        std::fs::write(book.path().join("refs.bib"), ENTRIES).unwrap();
        let mut config = BookConfig::defaults_for(book.path());
        config.bibliography = Some("refs.bib".into());
        config.citation_style = style.map(str::to_string);
        load_bibliography(book.path(), &config).unwrap().unwrap()
    }

    fn work(key: &str, locator: Option<(Locator, &str)>) -> CitedWork {
        CitedWork {
            key: key.into(),
            locator: locator.map(|(kind, value)| (kind, value.into())),
            year_only: false,
        }
    }

    #[test]
    fn parenthetical_narrative_and_located_citations_in_author_year_style() {
        let bibliography = bibliography(None);
        let formatted = format_citations(
            &bibliography,
            &[
                CitationRequestOf {
                    works: vec![work("vaswani2017", None)],
                    narrative: false,
                },
                CitationRequestOf {
                    works: vec![work("vaswani2017", None)],
                    narrative: true,
                },
                CitationRequestOf {
                    works: vec![
                        work("vaswani2017", None),
                        work("ba2016", Some((Locator::Page, "3"))),
                    ],
                    narrative: false,
                },
            ],
        );
        assert_eq!(formatted.citations[0], "(Vaswani <i>et al.</i>, 2017)");
        assert_eq!(formatted.citations[1], "Vaswani <i>et al. </i>(2017)");
        assert_eq!(
            formatted.citations[2],
            "(Ba, Kiros and Hinton, 2016, p. 3; Vaswani <i>et al.</i>, 2017)"
        );
        let keys: Vec<&str> = formatted
            .references
            .iter()
            .map(|(key, _)| key.as_str())
            .collect();
        assert_eq!(keys, ["ba2016", "vaswani2017"], "sorted by author");
    }

    #[test]
    fn entries_are_escaped_and_dois_and_urls_link() {
        let bibliography = bibliography(None);
        let list = format_whole_bibliography(&bibliography);
        let (_, ba) = &list[0];
        assert!(
            ba.contains("Layer normalization &amp; more")
                || ba.contains("Layer Normalization &amp; More"),
            "{ba}"
        );
        assert!(
            ba.contains("<a href=\"https://doi.org/10.48550/arXiv.1607.06450\">"),
            "{ba}"
        );
        let (_, vaswani) = &list[1];
        assert!(
            vaswani.contains("<a href=\"https://arxiv.org/abs/1706.03762\">"),
            "{vaswani}"
        );
        assert!(
            vaswani.contains("<i>"),
            "the venue or title is set in italics: {vaswani}"
        );
    }

    #[test]
    fn only_web_addresses_become_links() {
        assert!(is_web_address("https://arxiv.org/abs/1706.03762"));
        assert!(is_web_address("HTTP://example.org"));
        for url in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "data:text/html,x",
            "//x",
        ] {
            assert!(!is_web_address(url), "{url}");
        }
    }

    #[test]
    fn a_numeric_style_numbers_citations() {
        let bibliography = bibliography(Some("ieee"));
        let formatted = format_citations(
            &bibliography,
            &[CitationRequestOf {
                works: vec![work("ba2016", None)],
                narrative: false,
            }],
        );
        assert_eq!(formatted.citations[0], "[1]");
    }
}
