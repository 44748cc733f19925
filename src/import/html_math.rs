//! Math inside raw HTML blocks, made Markdown so that it is typeset.
//!
//! mdbook-katex typesets `$…$` anywhere in the raw text, so mdBook books write formulas inside
//! `<details>` and `<div>` blocks whose text follows a tag with no blank line. To Markdown that
//! text is part of the HTML block, left raw: the page would show `$x$`. Here, a line of such a
//! block that holds a `$` and is not itself a tag gets a blank line before it (and the next tag
//! line one before that), which ends the HTML block there, so the text is a Markdown paragraph
//! between the tags; each block changed gets a note.
//!
//! Input: a chapter's text. Output: the new text, the source line of each of its lines, and
//! notes by source line. Pure.

use super::fences::ConvertedFences;

/// Tags that start an HTML block which only a blank line ends (CommonMark's kind 6), of those
/// books wrap prose in.
const BLOCK_TAGS: [&str; 12] = [
    "details",
    "summary",
    "div",
    "section",
    "aside",
    "blockquote",
    "table",
    "center",
    "p",
    "dl",
    "figure",
    "figcaption",
];

/// Rewrites the HTML blocks of `text` that hold math (see the module doc).
pub fn open_html_blocks(text: &str) -> ConvertedFences {
    let mut out = ConvertedFences::default();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut in_block = false;
    let mut in_fence = false;
    let mut noted_block = false;
    let mut previous_blank = true;
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
        }
        if in_fence || trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            push(&mut out, line, index + 1);
            previous_blank = false;
            continue;
        }
        if trimmed.is_empty() {
            in_block = false;
            noted_block = false;
            push(&mut out, line, index + 1);
            previous_blank = true;
            continue;
        }
        let is_tag = is_block_tag(trimmed);
        if is_tag && !in_block && !previous_blank && noted_block {
            // The tag after the opened text starts its own HTML block again.
            push(&mut out, "\n", index + 1);
        }
        // A block tag starts an HTML block even right after a paragraph line (CommonMark's
        // kind 6 interrupts a paragraph).
        in_block |= is_tag;
        // The whole run of text up to the next tag or blank line is opened, so a formula on
        // its second line stays a paragraph's continuation (not, indented, a code block).
        if in_block && !is_tag && run_holds_math(&lines[index..]) {
            if !previous_blank {
                push(&mut out, "\n", index + 1);
            }
            if !noted_block {
                out.notes.push((
                    index + 1,
                    "math inside an HTML block: a blank line is put before this text so it is Markdown and its formulas are typeset".to_string(),
                ));
                noted_block = true;
            }
            in_block = false;
        }
        push(&mut out, line, index + 1);
        previous_blank = false;
    }
    out
}

/// Whether the text lines from the first of `lines` up to the next tag, blank line or fence
/// hold a `$`.
fn run_holds_math(lines: &[&str]) -> bool {
    lines
        .iter()
        .map(|line| line.trim())
        .take_while(|line| {
            !line.is_empty()
                && !is_block_tag(line)
                && !line.starts_with("```")
                && !line.starts_with("~~~")
        })
        .any(|line| line.contains('$'))
}

fn push(out: &mut ConvertedFences, line: &str, source_line: usize) {
    out.text.push_str(line);
    if line.ends_with('\n') {
        out.source_lines.push(source_line);
    }
}

/// `<details>`, `</details>`, `<summary …>`: a line opening or closing a block tag.
fn is_block_tag(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('<') else {
        return false;
    };
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let name: String = rest
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    BLOCK_TAGS.contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_with_math_in_a_details_block_becomes_a_paragraph_between_the_tags() {
        let text = "<details>\n<summary>Proof</summary>\nLet $x$ be even.\nThen $x^2$ is.\n</details>\n\nAfter.\n";
        let opened = open_html_blocks(text);
        assert_eq!(
            opened.text,
            "<details>\n<summary>Proof</summary>\n\nLet $x$ be even.\nThen $x^2$ is.\n\n</details>\n\nAfter.\n"
        );
        assert_eq!(opened.source_lines, vec![1, 2, 3, 3, 4, 5, 5, 6, 7]);
        assert_eq!(opened.notes.len(), 1);
    }

    #[test]
    fn a_block_after_a_paragraph_line_opens_before_its_text_not_its_formula() {
        let text = "Prose.\n  <details>\n  We have:\n      $$\n      a\n      $$\n  </details>\n";
        assert_eq!(
            open_html_blocks(text).text,
            "Prose.\n  <details>\n\n  We have:\n      $$\n      a\n      $$\n\n  </details>\n"
        );
    }

    #[test]
    fn html_blocks_without_math_and_code_are_left_alone() {
        for text in [
            "<details>\n<summary>Why</summary>\nNo math.\n</details>\n",
            "```html\n<div>\n$x$\n</div>\n```\n",
            "Text with <span>$x$</span> inline.\n",
        ] {
            assert_eq!(open_html_blocks(text).text, text);
        }
    }
}
