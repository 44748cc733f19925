//! Rewriting mdbook-katex math so that it means the same to `worked`.
//!
//! mdbook-katex finds `$$…$$` and `$…$` in the raw text before Markdown is parsed, so mdBook
//! books hold formulas that cross Markdown's block structure: a `$$` opening at the end of a
//! list item's line, a blank line inside a display formula, a line inside a formula that starts
//! with `-` or `#`. `worked` reads math as part of Markdown, so each formula is found the way
//! mdbook-katex finds it (outside code, `\$` is a literal dollar) and written back on one line:
//! `%` comments dropped, lines joined with a space (TeX treats a line end as a space), blank
//! lines removed, and `{{`/`}}` spaced apart so they are not read as `worked` references.
//!
//! A `$$` whose would-be formula crosses a heading, a list item or a paragraph of prose (a
//! stray `$$`: mdbook-katex would swallow everything up to the next one) is never joined: it
//! is written `\$\$`, a literal `$$`, and reported by its line.
//!
//! Input: a chapter's text. Output: the new text, how many formulas changed, the stray `$$`
//! lines and, for every output line, the source line it came from. Pure.

/// A chapter's text with its formulas rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewrittenMath {
    /// The new text.
    pub text: String,
    /// How many formulas were written differently.
    pub changed: usize,
    /// 1-based source lines of each `$$` that pairs with nothing (escaped in `text`).
    pub stray: Vec<usize>,
    /// 1-based source lines of formulas whose braces do not balance: KaTeX rejects them and
    /// Markdown would not even read them as math, so each is written as the markup KaTeX
    /// gives a rejected formula (its source, marked), which mdbook-katex shows.
    pub unbalanced: Vec<usize>,
    /// The 1-based source line of each output line (index 0 is output line 1).
    pub source_lines: Vec<usize>,
}

/// The output text, and which source line each of its lines came from.
struct Output {
    text: String,
    source_lines: Vec<usize>,
    line: usize,
}

impl Output {
    /// Copies source text unchanged: its line ends are the output's.
    fn verbatim(&mut self, piece: &str) {
        for _ in piece.matches('\n') {
            self.line += 1;
            self.source_lines.push(self.line);
        }
        self.text.push_str(piece);
    }

    /// Writes `written` for the source text `source` (a formula on one line).
    fn replaced(&mut self, written: &str, source: &str) {
        self.line += source.matches('\n').count();
        self.text.push_str(written);
    }
}

/// Rewrites every formula of `text` (see the module doc).
pub fn rewrite_math(text: &str) -> RewrittenMath {
    let mut out = Output {
        text: String::with_capacity(text.len()),
        source_lines: vec![1],
        line: 1,
    };
    let mut changed = 0;
    let mut stray = Vec::new();
    let mut unbalanced = Vec::new();
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
                    out.verbatim(line);
                    at = line_end;
                    continue;
                }
                None if is_fence => {
                    fence = marker.map(|char| (char, run));
                    out.verbatim(line);
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
                out.verbatim("\n");
                at += 1;
                line_start = true;
            }
            b'\\' if bytes.get(at + 1) == Some(&b'$') => {
                out.verbatim("\\$");
                at += 2;
            }
            b'`' => {
                let run = text[at..].bytes().take_while(|&b| b == b'`').count();
                let ticks = &text[at..at + run];
                // A code span closes within its paragraph, on a run of exactly as many ticks.
                let paragraph_end = text[at..].find("\n\n").map_or(text.len(), |end| at + end);
                match closing_ticks(&text[at + run..paragraph_end], run) {
                    Some(end) => {
                        let close = at + run + end + run;
                        out.verbatim(&text[at..close]);
                        at = close;
                    }
                    None => {
                        out.verbatim(ticks);
                        at += run;
                    }
                }
            }
            b'$' => {
                let display = bytes.get(at + 1) == Some(&b'$');
                let open = if display { 2 } else { 1 };
                // An inline formula does not run into a code span (`$h_1` in row `r`): Markdown
                // reads the code first, and such a `$` is a typo mdbook-katex shows as a `$`.
                let close = closing_dollar(text, at + open, display).filter(|&close| {
                    let tex = &text[at + open..close];
                    if display {
                        !crosses_blocks(tex)
                    } else {
                        !tex.contains('`')
                    }
                });
                match close {
                    Some(close) => {
                        let tex = &text[at + open..close];
                        let written = one_line(tex);
                        let delimiter = if display { "$$" } else { "$" };
                        if !braces_balance(&written) {
                            unbalanced.push(out.line);
                            let formula = crate::layout::math::Formula {
                                tex: written,
                                display,
                            };
                            let html =
                                crate::layout::math::error_html(&formula, "unbalanced braces");
                            out.replaced(&html, tex);
                        } else {
                            if written != tex {
                                changed += 1;
                            }
                            out.verbatim(delimiter);
                            out.replaced(&written, tex);
                            out.verbatim(delimiter);
                        }
                        at = close + open;
                    }
                    None if display => {
                        stray.push(out.line);
                        out.verbatim("\\$\\$");
                        at += open;
                    }
                    // A `$` that starts no formula is a dollar sign, to mdbook-katex and here.
                    None => {
                        out.verbatim("\\$");
                        at += open;
                    }
                }
            }
            _ => {
                let next = text[at..]
                    .find(['\n', '\\', '`', '$'])
                    .map_or(text.len(), |offset| at + offset.max(1));
                out.verbatim(&text[at..next]);
                at = next;
            }
        }
    }
    RewrittenMath {
        text: out.text,
        changed,
        stray,
        unbalanced,
        source_lines: out.source_lines,
    }
}

/// Where in `text` a run of exactly `run` backticks starts, if one does.
fn closing_ticks(text: &str, run: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'`' {
            let length = bytes[at..].iter().take_while(|&&b| b == b'`').count();
            if length == run {
                return Some(at);
            }
            at += length;
        } else {
            at += 1;
        }
    }
    None
}

/// Whether every `{` of the formula closes (`\{` and `\}` are braces as symbols).
fn braces_balance(tex: &str) -> bool {
    let mut depth = 0usize;
    let mut bytes = tex.bytes();
    while let Some(byte) = bytes.next() {
        match byte {
            b'\\' => {
                bytes.next();
            }
            b'{' => depth += 1,
            b'}' => match depth.checked_sub(1) {
                Some(less) => depth = less,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}

/// Whether the text between two `$$` holds Markdown blocks rather than one formula: a
/// heading, a numbered list item, a bullet item of prose, or a paragraph of prose after a
/// blank line. TeX lines look like none of these (`#` in TeX is `#1`, not `# `).
fn crosses_blocks(tex: &str) -> bool {
    let mut after_blank = false;
    for line in tex.split('\n').skip(1) {
        let line = line.trim();
        if line.is_empty() {
            after_blank = true;
            continue;
        }
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        let heading = (1..=6).contains(&hashes)
            && line[hashes..].starts_with([' ', '\t'])
            && !line[hashes..].trim().is_empty();
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        // `1. & a = b \\` is a row of an array, not a list item.
        let numbered = (1..=9).contains(&digits)
            && line[digits..].starts_with(['.', ')'])
            && line[digits + 1..].starts_with([' ', '\t'])
            && !is_tex(&line[digits + 1..]);
        let bullet = line
            .strip_prefix(['-', '*', '+'])
            .filter(|rest| rest.starts_with([' ', '\t']))
            .is_some_and(is_prose);
        if heading || numbered || bullet || (after_blank && is_prose(line)) {
            return true;
        }
        after_blank = false;
    }
    false
}

/// Whether a line holds TeX syntax.
fn is_tex(line: &str) -> bool {
    line.contains(['\\', '^', '_', '{', '}', '=', '&'])
}

/// A line of words, not of TeX: three words of letters or more, and no TeX syntax.
fn is_prose(line: &str) -> bool {
    if is_tex(line) {
        return false;
    }
    let words = line
        .split_whitespace()
        .map(|word| word.trim_end_matches(['.', ',', ';', ':', '!', '?']))
        .filter(|word| word.len() >= 2 && word.chars().all(char::is_alphabetic))
        .count();
    words >= 3
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
    fn a_stray_display_dollar_never_swallows_headings_lists_or_paragraphs() {
        let text = "Cost $$ here.\n\n## Next part\n\n1. first item\n\nA paragraph of prose here.\n\n$$x$$\n";
        let rewritten = rewrite_math(text);
        assert_eq!(
            rewritten.text,
            "Cost \\$\\$ here.\n\n## Next part\n\n1. first item\n\nA paragraph of prose here.\n\n$$x$$\n"
        );
        assert_eq!(rewritten.stray, vec![1]);
        let array = "$$\n\\begin{array}{rl}\n1. & a = b \\\\\n2. & c\n\\end{array}\n$$\n";
        assert_eq!(rewrite_math(array).stray, Vec::<usize>::new());
        for (text, lines) in [
            ("$$\n- a bullet of real words\n$$\n", vec![1, 3]),
            ("$$\na\n\nand then some words\n$$\n", vec![1, 5]),
        ] {
            assert_eq!(rewrite_math(text).stray, lines, "{text}");
        }
    }

    #[test]
    fn a_formula_with_unbalanced_braces_becomes_katex_error_markup() {
        let rewritten = rewrite_math("a\n$$\n\\frac{a}{\n$$\nand $\\{x$ fine\n");
        assert_eq!(
            rewritten.text,
            "a\n<span class=\"katex-error\" title=\"unbalanced braces\">\\frac{a}{</span>\nand $\\{x$ fine\n"
        );
        assert_eq!(rewritten.unbalanced, vec![2]);
    }

    #[test]
    fn every_output_line_knows_its_source_line() {
        let text = "one\n$$\na\n\nb\n$$\nafter `code\nspan` end\nlast\n";
        let rewritten = rewrite_math(text);
        assert_eq!(
            rewritten.text,
            "one\n$$a b$$\nafter `code\nspan` end\nlast\n"
        );
        assert_eq!(rewritten.source_lines, vec![1, 2, 7, 8, 9, 10]);
    }

    #[test]
    fn an_inline_formula_does_not_cross_a_blank_line() {
        let text = "a $ b\n\nc $d$\n";
        assert_eq!(rewrite_math(text).text, "a \\$ b\n\nc $d$\n");
        let typo = "for $b_3` runs, $b_3$ is added; at$b_3` ends\n";
        assert_eq!(
            rewrite_math(typo).text,
            "for \\$b_3` runs, $b_3$ is added; at$b_3` ends\n",
            "the backticks pair into a code span, as Markdown reads them"
        );
    }
}
