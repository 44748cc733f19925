//! A second, line-broken drawing of a long display formula, for columns too narrow for it.
//!
//! Input: a display formula's TeX. Output: the same formula as `\begin{aligned}…\end{aligned}`
//! with one line per statement (`Q = XW_Q, \qquad K = XW_K` becomes two lines) and each further
//! relation of a chain on a line of its own (`y = a + b = c` becomes `y &= a + b \\ &= c`), or
//! nothing when the formula has no such places to break. Only the formula's top level is cut:
//! nothing inside a group, a `\left…\right` pair, an environment or brackets, so matrices,
//! fractions and argument lists stay whole.
//!
//! The page carries both drawings (see `with_narrow`): the formula as written, with its MathML,
//! and the broken one as HTML only and `aria-hidden`, so a screen reader meets the formula
//! once. `static/js/scroll-regions.js` shows the broken one where the written one would scroll,
//! and without JavaScript a media query shows it on narrow screens.

/// Relations a chain is broken before (`=`, `<`, `>` are single characters, handled apart).
const RELATIONS: [&str; 10] = [
    "approx", "le", "leq", "ge", "geq", "ne", "neq", "equiv", "simeq", "propto",
];

/// Spacing commands that may follow a comma between statements; dropped at a line's end.
const SPACES: [&str; 4] = ["quad", "qquad", ",", ";"];

/// Most lines a broken formula gets; a formula past this is left to scroll.
const MAX_LINES: usize = 12;

/// One top-level piece of a formula: the text up to and including a comma (or the end).
struct Statement<'a> {
    /// The piece's TeX, without the spacing that followed its comma.
    tex: &'a str,
    /// Byte offsets (into `tex`) of the top-level relations in it.
    relations: Vec<usize>,
    /// The spacing between the comma before it and its text, kept where it continues a line.
    lead: &'a str,
    /// Whether wide spacing (`\quad`, `\qquad`) came before it: a new statement even if it has
    /// no relation of its own.
    spaced: bool,
}

/// `tex` broken into lines at its top-level commas and relations, or `None` when it has fewer
/// than two places to put on separate lines, already has its own lines (`\\`, `&`, `\tag`), or
/// does not nest evenly.
pub fn line_broken(tex: &str) -> Option<String> {
    let pieces = top_level_pieces(tex)?;
    // A piece without a relation of its own (`1`, `\ldots` in `i = 0, 1, \ldots`) continues the
    // statement before it.
    let mut lines: Vec<String> = Vec::new();
    for piece in pieces {
        let starts_line = lines.is_empty() || !piece.relations.is_empty() || piece.spaced;
        if starts_line {
            lines.extend(chain_lines(piece.tex, &piece.relations));
        } else if let Some(last) = lines.last_mut() {
            last.push_str(piece.lead);
            last.push_str(piece.tex);
        }
    }
    (2..=MAX_LINES).contains(&lines.len()).then(|| {
        let body = lines
            .iter()
            .map(|line| line.trim())
            .collect::<Vec<_>>()
            .join(" \\\\\n");
        format!("\\begin{{aligned}}\n{body}\n\\end{{aligned}}")
    })
}

/// One statement's lines: `lhs &= first` and then `&= next` for each further relation; a
/// statement without a relation is one line of its own.
fn chain_lines(tex: &str, relations: &[usize]) -> Vec<String> {
    let Some(&first) = relations.first() else {
        return vec![format!("&{tex}")];
    };
    let ends = relations.iter().skip(1).copied().chain([tex.len()]);
    relations
        .iter()
        .zip(ends)
        .map(|(&start, end)| {
            let lhs = if start == first {
                tex[..first].trim_end()
            } else {
                ""
            };
            let space = if lhs.is_empty() { "" } else { " " };
            format!("{lhs}{space}&{}", &tex[start..end])
        })
        .collect()
}

/// The command name after a backslash at `i` (letters, or one other character), and where it ends.
fn command_at(tex: &str, i: usize) -> (&str, usize) {
    let rest = &tex[i + 1..];
    let letters = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    if letters > 0 {
        (&rest[..letters], i + 1 + letters)
    } else {
        let width = rest.chars().next().map_or(0, char::len_utf8);
        (&rest[..width], i + 1 + width)
    }
}

/// `tex` cut at its top-level commas into statements, or `None` (see [`line_broken`]).
fn top_level_pieces(tex: &str) -> Option<Vec<Statement<'_>>> {
    let bytes = tex.as_bytes();
    let mut pieces = Vec::new();
    let (mut depth, mut start, mut relations) = (0usize, 0usize, Vec::new());
    let (mut lead, mut spaced) = ("", false);
    let mut i = 0;
    while i < bytes.len() {
        let at = i;
        match bytes[i] {
            b'\\' => {
                let (name, end) = command_at(tex, i);
                i = end;
                match name {
                    "left" | "begin" | "{" => depth += 1,
                    "right" | "end" | "}" => depth = depth.checked_sub(1)?,
                    "\\" | "tag" | "newline" if depth == 0 => return None,
                    _ if depth == 0 && RELATIONS.contains(&name) => relations.push(at - start),
                    _ => {}
                }
            }
            b'{' | b'(' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b')' | b']' => {
                depth = depth.checked_sub(1)?;
                i += 1;
            }
            b'&' if depth == 0 => return None,
            b'=' | b'<' | b'>' if depth == 0 => {
                relations.push(at - start);
                i += 1;
            }
            b',' if depth == 0 => {
                i += 1;
                pieces.push(Statement {
                    tex: &tex[start..i],
                    relations: std::mem::take(&mut relations),
                    lead,
                    spaced,
                });
                let (after, wide) = skip_spacing(tex, i);
                (lead, spaced) = (&tex[i..after], wide);
                (i, start) = (after, after);
            }
            _ => i += 1,
        }
    }
    if depth != 0 {
        return None;
    }
    if start < tex.len() {
        pieces.push(Statement {
            tex: &tex[start..],
            relations,
            lead,
            spaced,
        });
    }
    Some(pieces)
}

/// Where the spacing after a comma at `i` ends, and whether it held a `\quad` or `\qquad`.
fn skip_spacing(tex: &str, mut i: usize) -> (usize, bool) {
    let mut wide = false;
    loop {
        let rest = &tex[i..];
        let trimmed = rest.trim_start();
        i += rest.len() - trimmed.len();
        if !trimmed.starts_with('\\') {
            return (i, wide);
        }
        let (name, end) = command_at(tex, i);
        if !SPACES.contains(&name) {
            return (i, wide);
        }
        wide |= name.ends_with("quad");
        i = end;
    }
}

/// Where KaTeX's MathML copy starts and ends in a typeset formula.
const MATHML_OPEN: &str = "<span class=\"katex-mathml\">";
const MATHML_CLOSE: &str = "</math></span>";

/// How a display formula's broken drawing starts on the page, after the formula's own markup.
pub const NARROW_OPENING: &str = "<span class=\"math-narrow\" aria-hidden=\"true\">";

/// The page's markup for a display formula that has a broken drawing: the formula as written
/// (`wide`, with its MathML), then the broken drawing without MathML, hidden from screen
/// readers, so assistive technology meets the formula once.
pub fn with_narrow(wide: &str, narrow: &str) -> String {
    let drawing = match (narrow.find(MATHML_OPEN), narrow.find(MATHML_CLOSE)) {
        (Some(open), Some(close)) if open < close => {
            format!(
                "{}{}",
                &narrow[..open],
                &narrow[close + MATHML_CLOSE.len()..]
            )
        }
        _ => narrow.to_string(),
    };
    format!("{wide}{NARROW_OPENING}{drawing}</span>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(tex: &str) -> Vec<String> {
        let broken = line_broken(tex).unwrap_or_else(|| panic!("no lines for {tex}"));
        let body = broken
            .strip_prefix("\\begin{aligned}\n")
            .and_then(|b| b.strip_suffix("\n\\end{aligned}"))
            .expect("an aligned environment");
        body.split(" \\\\\n").map(str::to_string).collect()
    }

    #[test]
    fn statements_separated_by_commas_get_a_line_each() {
        assert_eq!(
            lines("Q = XW_Q, \\qquad K = XW_K, \\qquad V = XW_V."),
            ["Q &= XW_Q,", "K &= XW_K,", "V &= XW_V."]
        );
    }

    #[test]
    fn a_chain_of_relations_breaks_before_each_further_relation() {
        assert_eq!(
            lines(
                "Y = \\gamma \\odot N + \\beta = \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}"
            ),
            [
                "Y &= \\gamma \\odot N + \\beta",
                "&= \\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}"
            ]
        );
        assert_eq!(
            lines("e^{2.828} \\approx 16.92, \\quad e^{1.414} \\approx 4.11."),
            ["e^{2.828} &\\approx 16.92,", "e^{1.414} &\\approx 4.11."]
        );
    }

    #[test]
    fn a_list_inside_a_statement_stays_on_its_line() {
        assert_eq!(
            lines("\\omega_i = \\frac{1}{10000^{2i/d}}, \\quad i = 0, 1, \\ldots, d/2 - 1,"),
            [
                "\\omega_i &= \\frac{1}{10000^{2i/d}},",
                "i &= 0, 1, \\ldots, d/2 - 1,"
            ]
        );
    }

    #[test]
    fn wide_spacing_after_a_comma_starts_a_statement_without_a_relation() {
        assert_eq!(
            lines("\\text{post-norm: } A, \\qquad \\text{pre-norm: } B."),
            ["&\\text{post-norm: } A,", "&\\text{pre-norm: } B."]
        );
    }

    #[test]
    fn nothing_inside_groups_brackets_or_environments_is_cut() {
        assert_eq!(line_broken("f(a, b) = \\sum_{i=1}^{n} x_i"), None);
        assert_eq!(line_broken("\\left\\{ a = 1, b = 2 \\right\\}"), None);
        assert_eq!(
            line_broken("\\begin{pmatrix} a = b, & c \\end{pmatrix}"),
            None
        );
        assert_eq!(
            lines("PE(p, 2i) = \\sin(p\\,\\omega_i), \\qquad PE(p, 2i+1) = \\cos(p\\,\\omega_i)."),
            [
                "PE(p, 2i) &= \\sin(p\\,\\omega_i),",
                "PE(p, 2i+1) &= \\cos(p\\,\\omega_i)."
            ]
        );
    }

    #[test]
    fn formulas_with_their_own_layout_or_uneven_nesting_are_left_alone() {
        assert_eq!(line_broken("a &= b \\\\ &= c"), None);
        assert_eq!(line_broken("a = b = c \\tag{1}"), None);
        assert_eq!(line_broken("a = b ) = c"), None);
        assert_eq!(line_broken("a = b"), None);
        assert_eq!(line_broken("x"), None);
    }

    #[test]
    fn the_broken_drawing_has_no_mathml_and_is_hidden_from_screen_readers() {
        let wide = "<span class=\"katex-display\"><span class=\"katex\"><span class=\"katex-mathml\"><math><mi>a</mi></math></span><span class=\"katex-html\" aria-hidden=\"true\">A</span></span></span>";
        let narrow = wide.replace(">A<", ">B<");
        let page = with_narrow(wide, &narrow);
        assert_eq!(page.matches("<math>").count(), 1, "{page}");
        assert!(page.starts_with(wide), "{page}");
        assert!(
            page.ends_with("<span class=\"math-narrow\" aria-hidden=\"true\"><span class=\"katex-display\"><span class=\"katex\"><span class=\"katex-html\" aria-hidden=\"true\">B</span></span></span></span>"),
            "{page}"
        );
    }
}
