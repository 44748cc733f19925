//! HTML text: escaping what goes in, dropping the tags of what the crate wrote itself. Every
//! stage that writes HTML (cards, figures, headings, pages, the preview's banner) escapes here.

/// The text content of a small, trusted HTML fragment (a caption, a computed number's
/// `<span>`): tags dropped, entities kept as they are.
pub fn strip_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// `text` with the character references that KaTeX and the page writers produce decoded: the
/// inverse of [`escape_html`] (and of KaTeX's `&#x27;`).
pub fn unescape_html(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Escapes text for HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_html_gives_meaning_is_escaped() {
        assert_eq!(
            escape_html(r#"<a href="x">Tom & Jerry's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
        );
    }

    #[test]
    fn tags_are_dropped_and_entities_and_stray_brackets_kept() {
        assert_eq!(strip_tags("W<sub>Q</sub> &amp; 2 > 1"), "WQ &amp; 2 > 1");
    }
}
