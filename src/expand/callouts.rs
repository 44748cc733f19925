//! GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`) as
//! callouts, as mdBook 0.5 and GitHub draw them.
//!
//! pulldown-cmark parses the marker (`Options::ENABLE_GFM`) into a block quote with a kind;
//! this turns each such quote's start and end into a `<div class="callout callout-note"
//! role="note">` with a visible title (the kind's word, so it is not told by colour alone), and
//! leaves plain quotes alone. `worked import mdbook` writes `admonish` fences as alerts too.

use super::markdown::Spanned;
use pulldown_cmark::{BlockQuoteKind, CowStr, Event, Tag, TagEnd};

/// The class suffix and the title of a kind.
pub fn kind_name(kind: BlockQuoteKind) -> (&'static str, &'static str) {
    match kind {
        BlockQuoteKind::Note => ("note", "Note"),
        BlockQuoteKind::Tip => ("tip", "Tip"),
        BlockQuoteKind::Important => ("important", "Important"),
        BlockQuoteKind::Warning => ("warning", "Warning"),
        BlockQuoteKind::Caution => ("caution", "Caution"),
    }
}

/// Replaces the start and end of every alert quote in `events` with the callout's markup.
pub fn alerts_as_callouts(events: &mut [Spanned<'_>]) {
    for (event, _) in events.iter_mut() {
        let html = match event {
            Event::Start(Tag::BlockQuote(Some(kind))) => {
                let (class, title) = kind_name(*kind);
                format!(
                    "<div class=\"callout callout-{class}\" role=\"note\"><p class=\"callout-title\">{title}</p>\n"
                )
            }
            Event::End(TagEnd::BlockQuote(Some(_))) => "</div>\n".to_string(),
            _ => continue,
        };
        *event = Event::Html(CowStr::from(html));
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::markdown::parse;
    use pulldown_cmark::Event;

    #[test]
    fn alerts_become_titled_callouts_and_plain_quotes_stay_quotes() {
        let text = "> [!WARNING]\n> Mind the $x$.\n\n> plain\n";
        let events = parse(text, 0..text.len());
        let html: Vec<&str> = events
            .iter()
            .filter_map(|(event, _)| match event {
                Event::Html(html) => Some(html.as_ref()),
                _ => None,
            })
            .collect();
        assert_eq!(
            html,
            [
                "<div class=\"callout callout-warning\" role=\"note\"><p class=\"callout-title\">Warning</p>\n",
                "</div>\n"
            ]
        );
        assert!(events.iter().any(|(event, _)| matches!(
            event,
            Event::Start(pulldown_cmark::Tag::BlockQuote(None))
        )));
    }
}
