//! Rewriting mdbook-katex math so that it means the same to `worked`.
//!
//! mdbook-katex finds `$$…$$` and `$…$` in the raw text before Markdown is parsed, so mdBook
//! books hold formulas that cross Markdown's block structure: a `$$` opening at the end of a
//! list item's line, a blank line inside a display formula, a line inside a formula that starts
//! with `-` or `#`. `worked` reads math as part of Markdown, so each formula is found the way
//! mdbook-katex finds it (outside code, `\$` is a literal dollar) and written back on one line:
//! `%` comments dropped, lines joined with a space (TeX treats a line end as a space), blank
//! lines removed, and `{{`/`}}` spaced apart so they are not read as `worked` references.
//! Input: a chapter's text. Output: the new text and how many formulas changed. Pure.

/// A chapter's text with its formulas rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewrittenMath {
    /// The new text.
    pub text: String,
    /// How many formulas were written differently.
    pub changed: usize,
}

/// Rewrites every formula of `text` (see the module doc).
pub fn rewrite_math(text: &str) -> RewrittenMath {
    let mut out = String::with_capacity(text.len());
    let mut changed = 0;
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut fence: Option<(u8, usize)> = None;
    let mut line_start = true;
    while at < text.len() {
        if line_start {
            let line_end = text[at..].find('\n').map_or(text.len(), |end| at + end + 1);
            let line = &text[at..line_end];
            let trimmed = line.trim_start();
            let marker = trimmed.as_bytes().first().copied();
            let run = trimmed.bytes().take_while(|&b| Some(b) == marker).count();
            let is_fence = matches!(marker, Some(b'`' | b'~')) && run >= 3;
            match fence {
                Some((char, length)) => {
                    if is_fence && marker == Some(char) && run >= length {
                        fence = None;
                    }
                    out.push_str(line);
                    at = line_end;
                    continue;
                }
                None if is_fence => {
                    fence = marker.map(|char| (char, run));
                    out.push_str(line);
                    at = line_end;
                    continue;
                }
                None => {}
            }
            line_start = false;
        }
        let c = bytes[at];
        match c {
            b'\n' => {
                out.push('\n');
                at += 1;
                line_start = true;
            }
            b'\\' if bytes.get(at + 1) == Some(&b'$') => {
                out.push_str("\\$");
                at += 2;
            }
            b'`' => {
                let run = text[at..].bytes().take_while(|&b| b == b'`').count();
                let ticks = &text[at..at + run];
                match text[at + run..].find(ticks) {
                    Some(end) => {
                        let close = at + run + end + run;
                        out.push_str(&text[at..close]);
                        at = close;
                    }
                    None => {
                        out.push_str(ticks);
                        at += run;
                    }
                }
            }
            b'$' => {
                let display = bytes.get(at + 1) == Some(&b'$');
                let open = if display { 2 } else { 1 };
                match closing_dollar(text, at + open, display) {
                    Some(close) => {
                        let tex = &text[at + open..close];
                        let written = one_line(tex);
                        let delimiter = if display { "$$" } else { "$" };
                        if written != tex {
                            changed += 1;
                        }
                        out.push_str(delimiter);
                        out.push_str(&written);
                        out.push_str(delimiter);
                        at = close + open;
                    }
                    None => {
                        out.push_str(&text[at..at + open]);
                        at += open;
                    }
                }
            }
            _ => {
                let next = text[at..]
                    .find(['\n', '\\', '`', '$'])
                    .map_or(text.len(), |offset| at + offset.max(1));
                out.push_str(&text[at..next]);
                at = next;
            }
        }
    }
    RewrittenMath { text: out, changed }
}

/// Where the formula opened before `from` closes: the next unescaped `$$` (display) or `$`
/// (inline; an inline formula does not cross a blank line, as in mdbook-katex's scanner).
fn closing_dollar(text: &str, from: usize, display: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'$' if display && bytes.get(at + 1) == Some(&b'$') => return Some(at),
            b'$' if !display => return (at > from).then_some(at),
            b'\n'
                if !display
                    && text[at + 1..]
                        .trim_start_matches([' ', '\t'])
                        .starts_with('\n') =>
            {
                return None
            }
            _ => at += 1,
        }
    }
    None
}

/// A formula on one line: `%` comments dropped, lines joined by a space, blank lines gone,
/// `{{` and `}}` spaced apart, surrounding space trimmed.
fn one_line(tex: &str) -> String {
    let mut parts = Vec::new();
    for line in tex.lines() {
        let line = strip_comment(line).trim();
        if !line.is_empty() {
            parts.push(line);
        }
    }
    let mut joined = parts.join(" ");
    while joined.contains("{{") || joined.contains("}}") {
        joined = joined.replace("{{", "{ {").replace("}}", "} }");
    }
    joined
}

/// `a % comment` → `a `; `\%` is a percent sign, not a comment.
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'%' => return &line[..at],
            _ => at += 1,
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_formula_opening_at_the_end_of_a_list_item_line_stays_in_the_item() {
        let text = "- The sum is $$\n  \\sum_i x_i\n  $$\n- next\n";
        let rewritten = rewrite_math(text);
        assert_eq!(rewritten.text, "- The sum is $$\\sum_i x_i$$\n- next\n");
        assert_eq!(rewritten.changed, 1);
    }

    #[test]
    fn blank_lines_comments_and_double_braces_leave_display_math() {
        let text = "$$\na = b % why\n\n- c {{d}}\n$$\n";
        assert_eq!(rewrite_math(text).text, "$$a = b - c { {d} }$$\n");
    }

    #[test]
    fn code_and_escaped_dollars_are_left_alone() {
        let text = "Costs \\$5, `$x$` here\n```\n$$ not math $$\n```\nand $ y $ there.\n";
        assert_eq!(
            rewrite_math(text).text,
            "Costs \\$5, `$x$` here\n```\n$$ not math $$\n```\nand $y$ there.\n"
        );
    }

    #[test]
    fn an_inline_formula_does_not_cross_a_blank_line() {
        let text = "a $ b\n\nc $d$\n";
        assert_eq!(rewrite_math(text).text, "a $ b\n\nc $d$\n");
    }
}
