//! mdBook preprocessor fences with a `worked` counterpart, rewritten before the math.
//!
//! - ```` ```admonish warning title="Data loss" ```` (mdbook-admonish) becomes a GitHub alert,
//!   `> [!WARNING]`, which `worked` draws as a callout: the kind mapped onto the five alert
//!   kinds, a title kept as the callout's first, bold line, the body (math included, rewritten
//!   as [`super::math`] rewrites a chapter) quoted under it.
//! - ```` ```mermaid ```` stays a code block, with a note: `worked` draws no diagrams from text.
//!
//! Input: a chapter's text. Output: the new text, the source line of each of its lines, and
//! notes by source line. Pure.

use super::math::rewrite_math;

/// A chapter's text with its fences converted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ConvertedFences {
    /// The new text.
    pub text: String,
    /// The 1-based source line of each output line.
    pub source_lines: Vec<usize>,
    /// What was done, by 1-based source line.
    pub notes: Vec<(usize, String)>,
}

/// Converts the `admonish` fences of `text` and notes the `mermaid` ones.
pub fn convert_fences(text: &str) -> ConvertedFences {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = ConvertedFences::default();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        let Some((fence, info)) = fence_opening(line) else {
            push_line(&mut out, line, index + 1);
            index += 1;
            continue;
        };
        let close = lines[index + 1..]
            .iter()
            .position(|candidate| is_fence_closing(candidate, fence))
            .map(|at| index + 1 + at);
        let language = info.split_whitespace().next().unwrap_or("");
        match (language, close) {
            ("admonish", Some(close)) => {
                admonition(&mut out, &lines, index, close, info);
                index = close + 1;
            }
            (_, close) => {
                if language == "mermaid" {
                    out.notes.push((
                        index + 1,
                        "a mermaid diagram is kept as a code block (worked does not draw diagrams from text; an SVG beside the chapter does the same job)".to_string(),
                    ));
                }
                let end = close.unwrap_or(lines.len() - 1);
                for (at, line) in lines.iter().enumerate().take(end + 1).skip(index) {
                    push_line(&mut out, line, at + 1);
                }
                index = end + 1;
            }
        }
    }
    out
}

fn push_line(out: &mut ConvertedFences, line: &str, source_line: usize) {
    out.text.push_str(line);
    if line.ends_with('\n') || out.source_lines.is_empty() {
        out.source_lines.push(source_line);
    }
}

/// The fence string (```` ``` ```` or `~~~`, any length) and info string of an opening line.
fn fence_opening(line: &str) -> Option<(&str, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let run = trimmed.len() - trimmed.trim_start_matches(marker).len();
    (run >= 3).then(|| (&trimmed[..run], trimmed[run..].trim()))
}

fn is_fence_closing(line: &str, fence: &str) -> bool {
    let trimmed = line.trim();
    let marker = fence.chars().next().unwrap_or('`');
    trimmed.len() >= fence.len() && trimmed.chars().all(|c| c == marker)
}

/// The alert kind for an mdbook-admonish directive (its documented names and aliases).
fn alert_kind(directive: &str) -> &'static str {
    match directive {
        "tip" | "hint" => "TIP",
        "important" => "IMPORTANT",
        "warning" | "attention" | "bug" | "failure" | "fail" | "missing" => "WARNING",
        "caution" | "danger" | "error" => "CAUTION",
        _ => "NOTE",
    }
}

/// The title of ```` admonish kind title="…" ```` or the older ```` admonish kind "…" ````.
fn admonish_title(info: &str) -> Option<String> {
    let rest = info.strip_prefix("admonish")?.trim_start();
    let after_kind = rest
        .split_once(char::is_whitespace)
        .map_or("", |(_, rest)| rest.trim());
    let quoted = after_kind
        .find("title=\"")
        .map(|at| &after_kind[at + "title=".len()..])
        .or_else(|| after_kind.starts_with('"').then_some(after_kind))?;
    let inner = quoted.strip_prefix('"')?;
    let end = inner.find('"')?;
    Some(inner[..end].to_string()).filter(|title| !title.trim().is_empty())
}

/// Writes the fence from line `open` to line `close` (0-based) as an alert.
fn admonition(out: &mut ConvertedFences, lines: &[&str], open: usize, close: usize, info: &str) {
    let directive = info
        .split_whitespace()
        .nth(1)
        .filter(|word| !word.contains('='))
        .unwrap_or("note");
    let kind = alert_kind(directive);
    push_line(out, &format!("> [!{kind}]\n"), open + 1);
    if let Some(title) = admonish_title(info) {
        push_line(out, &format!("> **{}**\n", title.trim()), open + 1);
        push_line(out, ">\n", open + 1);
    }
    let body: String = lines[open + 1..close].concat();
    let rewritten = rewrite_math(&body);
    for (at, line) in rewritten.text.split_inclusive('\n').enumerate() {
        let source = open + 1 + rewritten.source_lines.get(at).copied().unwrap_or(1);
        let line = line.trim_end_matches('\n');
        let quoted = if line.trim().is_empty() {
            ">\n".to_string()
        } else {
            format!("> {line}\n")
        };
        push_line(out, &quoted, source);
    }
    out.notes.push((
        open + 1,
        format!(
            "admonish block written as a GitHub alert, > [!{kind}] (worked draws it as a callout)"
        ),
    ));
    // The closing fence's line becomes the blank line that ends the quote.
    push_line(out, "\n", close + 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_admonish_fence_becomes_an_alert_with_its_title_and_typeset_math() {
        let text = "Before.\n\n```admonish warning title=\"Data loss\"\nSave first: $$\na\n$$\n\nReally.\n```\nAfter.\n";
        let converted = convert_fences(text);
        assert_eq!(
            converted.text,
            "Before.\n\n> [!WARNING]\n> **Data loss**\n>\n> Save first: $$a$$\n>\n> Really.\n\nAfter.\n"
        );
        assert_eq!(converted.source_lines, vec![1, 2, 3, 3, 3, 4, 7, 8, 9, 10]);
        assert_eq!(converted.notes.len(), 1);
    }

    #[test]
    fn kinds_map_onto_the_five_alerts_and_mermaid_is_kept_with_a_note() {
        assert_eq!(
            convert_fences("```admonish danger\nx\n```\n").text,
            "> [!CAUTION]\n> x\n\n"
        );
        assert_eq!(
            convert_fences("```admonish\nx\n```\n").text,
            "> [!NOTE]\n> x\n\n"
        );
        assert_eq!(
            admonish_title("admonish info \"Old style\""),
            Some("Old style".into())
        );
        let mermaid = "```mermaid\ngraph TD; A-->B;\n```\n";
        let converted = convert_fences(mermaid);
        assert_eq!(converted.text, mermaid);
        assert_eq!(converted.notes[0].0, 1);
    }
}
