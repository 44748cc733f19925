//! A `\tag{…}` on a row of a numbered environment (`align`, `gather`, `equation`, `alignat`),
//! written into KaTeX's MathML, which drops it.
//!
//! KaTeX (0.18.5, and katex-rs after it) ends every numbered row's MathML with an empty
//! `<mtd class="mml-eqn-num">` and leaves the number to a CSS counter, for a tagged row too, so
//! MathML drawing (print.html, `[math] output = "mathml"`) and a screen reader give that row the
//! next number instead of its tag. The tags are in the formula's TeX, which KaTeX keeps in the
//! MathML's annotation: each numbered row's tag is read from it, in order, and written into its
//! row's cell, whose class then says it is not counted. A tag of plain text is written as text; one
//! holding math or markup (`\tag{$\ast$}`) is typeset as KaTeX typesets it for its drawing, the
//! `\text{…}` of the tag, once and without tags of its own, so the reading cannot recurse. When
//! the rows cannot be read for certain (rows that do not pair with the cells, a tag KaTeX
//! refuses on its own), the formula is left as KaTeX wrote it.

use super::mathml::formula_tex;

/// The cell KaTeX writes at the end of every numbered row.
const NUMBER_CELL: &str = "<mtd class=\"mml-eqn-num\"></mtd>";

/// The class of a row's cell that holds its tag (and is not counted).
const TAG_CLASS: &str = "mml-eqn-tag";

/// The environments KaTeX numbers, row by row.
const NUMBERED: [&str; 4] = ["align", "gather", "equation", "alignat"];

/// Deepest nesting of braces and environments this reading follows; KaTeX's own limits keep
/// real formulas far below.
const MAX_DEPTH: usize = 1_000;

/// One numbered row's tag, as [`row_tags`] reads it.
#[derive(Debug, PartialEq)]
enum Tag {
    /// None: the row is numbered by the counter.
    Counted,
    /// Plain text, as shown ("(7)" for `\tag{7}`, "A" for `\tag*{A}`).
    Plain(String),
    /// More than plain text: the TeX KaTeX typesets for it (`\text{({$\ast$})}`).
    Typeset(String),
}

/// `html` (one formula as KaTeX writes it) with each tagged row's number cell holding its tag;
/// `typeset` gives the MathML of a tag's TeX, or `None` when KaTeX refuses it.
pub fn fill_row_tags(html: String, typeset: &dyn Fn(&str) -> Option<String>) -> String {
    if !html.contains(NUMBER_CELL) || !html.contains("\\tag") {
        return html;
    }
    let Some(tags) = row_tags(&formula_tex(&html)) else {
        return html;
    };
    if tags.len() != html.matches(NUMBER_CELL).count()
        || tags.iter().all(|tag| *tag == Tag::Counted)
    {
        return html;
    }
    let mut cells = Vec::with_capacity(tags.len());
    for tag in &tags {
        cells.push(match tag {
            Tag::Counted => None,
            // A plain tag has no `&`, `<` or `>` (`tag_of`): nothing to escape.
            Tag::Plain(text) => Some(format!("<mtext>{text}</mtext>")),
            Tag::Typeset(tex) => match typeset(tex) {
                Some(mathml) => Some(mathml),
                None => return html,
            },
        });
    }
    let mut out = String::with_capacity(html.len() + 64 * tags.len());
    let mut pieces = html.split(NUMBER_CELL);
    out.push_str(pieces.next().unwrap_or_default());
    for (piece, cell) in pieces.zip(&cells) {
        match cell {
            Some(content) => out.push_str(&format!("<mtd class=\"{TAG_CLASS}\">{content}</mtd>")),
            None => out.push_str(NUMBER_CELL),
        }
        out.push_str(piece);
    }
    out
}

/// Each numbered row's tag, in order; rows with `\notag` or `\nonumber` are left out, as KaTeX
/// gives them no cell. `None` when the TeX does not read.
fn row_tags(tex: &str) -> Option<Vec<Tag>> {
    let (body, env) = numbered_body(tex)?;
    let rows = if env == "equation" {
        vec![body]
    } else {
        split_rows(body)?
    };
    let mut tags = Vec::new();
    for row in rows {
        if row.contains("\\notag") || row.contains("\\nonumber") {
            continue;
        }
        tags.push(tag_of(row)?);
    }
    Some(tags)
}

/// The body of the first numbered environment in `tex`, and its name.
fn numbered_body(tex: &str) -> Option<(&str, &str)> {
    let begin = tex.find("\\begin{")?;
    let name_start = begin + "\\begin{".len();
    let name_end = tex[name_start..].find('}')? + name_start;
    let env = &tex[name_start..name_end];
    if !NUMBERED.contains(&env) {
        return None;
    }
    let end_marker = format!("\\end{{{env}}}");
    let end = tex.rfind(&end_marker)?;
    (end > name_end).then(|| (&tex[name_end + 1..end], env))
}

/// `body` split at each `\\` outside braces and inner environments.
fn split_rows(body: &str) -> Option<Vec<&str>> {
    let (mut rows, mut depth, mut start) = (Vec::new(), 0usize, 0);
    let bytes = body.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let rest = &body[at..];
        if rest.starts_with("\\begin{") {
            depth += 1;
        } else if rest.starts_with("\\end{") {
            depth = depth.checked_sub(1)?;
        } else if rest.starts_with("\\\\") {
            if depth == 0 {
                rows.push(&body[start..at]);
                start = at + 2;
            }
            at += 2;
            continue;
        } else if let Some(escaped) = rest.strip_prefix('\\') {
            // An escaped character (`\{`, `\}`) is not a brace.
            at += 1 + escaped.chars().next().map_or(0, char::len_utf8);
            continue;
        } else if bytes[at] == b'{' {
            depth += 1;
        } else if bytes[at] == b'}' {
            depth = depth.checked_sub(1)?;
        }
        if depth > MAX_DEPTH {
            return None;
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    if depth != 0 {
        return None;
    }
    rows.push(&body[start..]);
    // A trailing `\\` makes no row.
    if rows.len() > 1 && rows.last().is_some_and(|row| row.trim().is_empty()) {
        rows.pop();
    }
    Some(rows)
}

/// The tag of one row; `None` when its braces do not close.
fn tag_of(row: &str) -> Option<Tag> {
    let Some(at) = row.find("\\tag") else {
        return Some(Tag::Counted);
    };
    let rest = &row[at + "\\tag".len()..];
    let (starred, rest) = match rest.strip_prefix('*') {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let inner = rest.trim_start().strip_prefix('{')?;
    let text = &inner[..group_end(inner)?];
    let plain = |c: char| c.is_alphanumeric() || " .,:;-'*+/()[]".contains(c);
    if !text.chars().all(plain) {
        // As KaTeX's `\tag` and `\tag*` write it for its drawing (`\tag@paren`, `\tag@literal`).
        let shown = if starred {
            format!("\\text{{{text}}}")
        } else {
            format!("\\text{{({{{text}}})}}")
        };
        return Some(Tag::Typeset(shown));
    }
    let text = text.trim();
    Some(Tag::Plain(if starred {
        text.to_string()
    } else {
        format!("({text})")
    }))
}

/// Where the group that `text` is the inside of closes (the byte of its `}`), past nested
/// groups and escaped braces; `None` when it does not close.
fn group_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => depth += 1,
            '}' if depth == 0 => return Some(at),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stands for KaTeX: the MathML of a tag's TeX, shown as the TeX itself.
    fn typeset(tex: &str) -> Option<String> {
        Some(format!("<mtext>{tex}</mtext>"))
    }

    fn fill(html: String) -> String {
        fill_row_tags(html, &typeset)
    }

    fn math(tex: &str, cells: usize) -> String {
        let row = format!("<mtr><mtd><mi>a</mi></mtd>{NUMBER_CELL}</mtr>");
        format!(
            "<math><semantics><mtable>{}</mtable><annotation encoding=\"application/x-tex\">{}</annotation></semantics></math>",
            row.repeat(cells),
            tex.replace('&', "&amp;")
        )
    }

    #[test]
    fn a_tagged_row_holds_its_tag_and_the_others_keep_their_counted_cells() {
        let tex = "\\begin{align} a &= b \\\\ c &= d \\tag{7} \\\\ e &= f \\notag \\\\ g &= h \\tag*{A.1} \\end{align}";
        let filled = fill(math(tex, 3));
        assert_eq!(filled.matches(NUMBER_CELL).count(), 1, "{filled}");
        assert!(filled.contains("<mtd class=\"mml-eqn-tag\"><mtext>(7)</mtext></mtd>"));
        assert!(filled.contains("<mtd class=\"mml-eqn-tag\"><mtext>A.1</mtext></mtd>"));
        // The counted cell is the first row's, before the tags.
        assert!(filled.find(NUMBER_CELL) < filled.find("(7)"));
        // A second repair changes nothing.
        assert_eq!(fill(filled.clone()), filled);
    }

    #[test]
    fn rows_inside_an_inner_environment_or_braces_are_not_rows_of_the_numbered_one() {
        let tex = "\\begin{gather} x = \\begin{cases} 1 \\\\ 2 \\end{cases} \\tag{3} \\\\ {y \\\\ z} \\end{gather}";
        let filled = fill(math(tex, 2));
        assert!(filled.contains("<mtext>(3)</mtext>"), "{filled}");
        assert_eq!(filled.matches(NUMBER_CELL).count(), 1);
        let equation = fill(math("\\begin{equation} x \\tag{9} \\end{equation}", 1));
        assert!(equation.contains("<mtext>(9)</mtext>"), "{equation}");
    }

    #[test]
    fn a_formula_whose_rows_are_not_certain_is_left_as_katex_wrote_it() {
        for (tex, cells) in [
            // Rows that do not pair with the cells.
            ("\\begin{align} a &= b \\tag{1} \\\\ c &= d \\end{align}", 3),
            // No numbered environment.
            ("\\begin{aligned} a &= b \\tag{1} \\end{aligned}", 1),
            // No tag at all.
            ("\\begin{align} a &= b \\end{align}", 1),
            // Braces that do not close.
            ("\\begin{align} a &= {b \\tag{1} \\end{align}", 1),
        ] {
            let html = math(tex, cells);
            assert_eq!(fill(html.clone()), html, "{tex}");
        }
    }

    #[test]
    fn a_tag_of_plain_text_is_written_and_one_with_math_or_markup_is_typeset_as_katex_draws_it() {
        let plain = fill(math("\\begin{equation} x \\tag{a+b} \\end{equation}", 1));
        assert!(plain.contains("<mtext>(a+b)</mtext>"), "{plain}");
        let tex =
            "\\begin{align} a &= b \\tag{$\\ast$} \\\\ c &= d \\tag*{$\\frac{1}{2}$} \\end{align}";
        let typeset = fill(math(tex, 2));
        assert!(
            typeset.contains("<mtd class=\"mml-eqn-tag\"><mtext>\\text{({$\\ast$})}</mtext></mtd>"),
            "{typeset}"
        );
        assert!(
            typeset.contains("<mtext>\\text{$\\frac{1}{2}$}</mtext>"),
            "{typeset}"
        );
        let markup = fill(math("\\begin{equation} x \\tag{a<b} \\end{equation}", 1));
        assert!(
            markup.contains("<mtext>\\text{({a<b})}</mtext>"),
            "{markup}"
        );
        // A tag KaTeX refuses on its own leaves the whole formula as KaTeX wrote it.
        let html = math(tex, 2);
        assert_eq!(fill_row_tags(html.clone(), &|_| None), html);
    }
}
