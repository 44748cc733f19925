//! Theorem-like blocks: definition, theorem, lemma, proof, example and remark, written like the
//! GitHub alerts of [`super::callouts`] with a title and an optional label on the marker's line:
//!
//! ```markdown
//! > [!DEFINITION] Softmax {#def-softmax}
//! > The softmax of $z$ is …
//! ```
//!
//! pulldown-cmark reads `[!DEFINITION]` as the text of a plain block quote; this turns such a
//! quote into `<div class="theorem theorem-definition" role="note" aria-label="Definition 2.1
//! (Softmax)">` with a visible head "Definition 2.1 (Softmax)" (the kind in words, so it is
//! not told by colour alone) and the quote's Markdown as its body. Proofs carry no number.

use super::labels::TheoremHead;
use super::markdown::{heading_label, Spanned};
use crate::base::html::escape_html;
use pulldown_cmark::{CowStr, Event, Tag};

/// The events that open a theorem-like block in place of its quote's start, first paragraph
/// start and head line, given the block's `head` (found at `events[start]`) and its `number`.
/// Returns the events (the first is the block's opening tag), and that tag without its id (for
/// copies of the block in popovers).
pub fn open_theorem<'a>(
    events: &[Spanned<'a>],
    start: usize,
    head: &TheoremHead,
    number: Option<&str>,
) -> (Vec<Spanned<'a>>, String) {
    let title = title_events(events, start, head);
    let kind = head.kind;
    let heading = match number {
        Some(number) => format!("{} {number}", kind.word()),
        None => kind.word().to_string(),
    };
    let name = heading_label(&title);
    let label = if name.is_empty() {
        heading.clone()
    } else {
        format!("{heading} ({name})")
    };
    let tag = |id: Option<&str>| {
        let id = id.map_or(String::new(), |id| format!(" id=\"{}\"", escape_html(id)));
        format!(
            "<div class=\"callout theorem theorem-{}\" role=\"note\" aria-label=\"{}\"{id}>\n",
            kind.name(),
            escape_html(&label)
        )
    };
    let span = events[start].1.clone();
    let html = |text: String| (Event::Html(CowStr::from(text)), span.clone());
    let mut out = vec![
        html(tag(head.label.as_ref().map(|(id, _)| id.as_str()))),
        html(format!(
            "<p class=\"theorem-head\"><span class=\"theorem-kind\">{}</span>",
            escape_html(&heading)
        )),
    ];
    if !name.is_empty() {
        out.push(html(" <span class=\"theorem-name\">(".to_string()));
        out.extend(title);
        out.push(html(")</span>".to_string()));
    }
    out.push(html("</p>\n".to_string()));
    if !matches!(events[head.head_end].0, Event::End(_)) {
        // The head line ended with a line break: the rest of the paragraph is the body's first.
        out.push((
            Event::Start(Tag::Paragraph),
            events[head.head_end].1.clone(),
        ));
    }
    (out, tag(None))
}

/// The block's closing tag.
pub const CLOSE_THEOREM: &str = "</div>\n";

/// The title's inline events: the head line without its `[!MARKER]` and `{#label}`, trimmed.
fn title_events<'a>(events: &[Spanned<'a>], start: usize, head: &TheoremHead) -> Vec<Spanned<'a>> {
    let first = start + 2;
    let last = head.head_end - 1;
    let mut title = Vec::new();
    for (index, (event, range)) in events.iter().enumerate().take(head.head_end).skip(first) {
        let Event::Text(text) = event else {
            title.push((event.clone(), range.clone()));
            continue;
        };
        let from = if index == first { head.marker_len } else { 0 };
        let to = match (&head.label, index == last) {
            (Some((_, label)), true) => label.start,
            _ => text.len(),
        };
        let mut piece = &text[from..to.max(from)];
        if index == first {
            piece = piece.trim_start();
        }
        if index == last {
            piece = piece.trim_end();
        }
        if !piece.is_empty() {
            title.push((Event::Text(CowStr::from(piece.to_string())), range.clone()));
        }
    }
    title
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::labels::{theorem_head, LabelKind};
    use crate::expand::markdown::parse;

    fn opened(text: &str, number: Option<&str>) -> String {
        let events = parse(text, 0..text.len());
        let head = theorem_head(&events, 0).expect("a theorem-like block");
        let (out, _) = open_theorem(&events, 0, &head, number);
        out.iter()
            .map(|(event, _)| match event {
                Event::Html(html) => html.to_string(),
                Event::Text(text) => text.to_string(),
                Event::InlineMath(tex) => format!("${tex}$"),
                Event::Start(Tag::Paragraph) => "<p>".to_string(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn the_head_names_kind_number_and_title_and_the_body_keeps_its_first_line() {
        assert_eq!(
            opened("> [!DEFINITION] Softmax of $z$ {#def-softmax}\n> Body.\n", Some("2.1")),
            "<div class=\"callout theorem theorem-definition\" role=\"note\" aria-label=\"Definition 2.1 (Softmax of z)\" id=\"def-softmax\">\n<p class=\"theorem-head\"><span class=\"theorem-kind\">Definition 2.1</span> <span class=\"theorem-name\">(Softmax of $z$)</span></p>\n<p>"
        );
    }

    #[test]
    fn a_proof_alone_on_its_line_has_no_number_and_no_name() {
        assert_eq!(
            opened("> [!PROOF]\n>\n> Body.\n", None),
            "<div class=\"callout theorem theorem-proof\" role=\"note\" aria-label=\"Proof\">\n<p class=\"theorem-head\"><span class=\"theorem-kind\">Proof</span></p>\n"
        );
    }

    #[test]
    fn every_theorem_kind_has_a_marker() {
        use LabelKind::*;
        for kind in [Definition, Theorem, Lemma, Proof, Example, Remark] {
            assert_eq!(LabelKind::of_marker(kind.word()), Some(kind));
        }
    }
}
