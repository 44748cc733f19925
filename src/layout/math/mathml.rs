//! Repairs KaTeX's MathML where it breaks the MathML content model, after typesetting and
//! before the HTML goes into a page.
//!
//! Input: one formula's KaTeX HTML + MathML. Output: the same markup with every named operator
//! that KaTeX spliced loose into a script, fraction or root grouped in an `<mrow>`, a
//! `\tag`'s cells given their width as a style, a tagged row of `align` (and the other
//! numbered environments) given its tag (`row_tags`), and, where the browser's drawing reads
//! them (`tables`), each cell of a mixed column list given its column's `columnalign`, an
//! `array`'s table its class and a `CD`'s vertical arrows `symmetric`. Nothing else changes;
//! markup this scan does not understand is returned unchanged.
//!
//! KaTeX (0.18.5, and katex-rs after it) writes a named operator (`\max`, `\log`,
//! `\operatorname{…}`) as two siblings, `<mi>max</mi><mo>&#x2061;</mo>` (the name and an
//! invisible "function application"), and wraps them in an `<mrow>` only when the operator is
//! itself the base of a script. Alone in a subscript, numerator or root, as in
//! `\lambda_{\max}`, the pair lands directly in `<msub>`, which then has three children where
//! MathML allows two: the Nu HTML checker rejects the page and a screen reader may read the
//! subscript as `max` followed by a stray argument. Fixing it here serves every author and every
//! formula, instead of asking for `\lambda_{\mathrm{max}}` in the lessons.

use crate::base::html::unescape_html;
use std::ops::Range;
use std::sync::Arc;

/// Elements whose children are positional arguments, and how many each takes.
const FIXED_ARITY: [(&str, usize); 8] = [
    ("msub", 2),
    ("msup", 2),
    ("msubsup", 3),
    ("munder", 2),
    ("mover", 2),
    ("munderover", 3),
    ("mfrac", 2),
    ("mroot", 2),
];

/// The invisible operator KaTeX puts after a named operator.
const FUNCTION_APPLICATION: &str = "<mo>\u{2061}</mo>";

/// Deepest element nesting this scan (and `tables`' of the same markup) follows; KaTeX's own
/// limits keep real formulas far below.
pub(super) const MAX_DEPTH: usize = 10_000;

/// A `\tag`'s two empty cells, which take half the line each by a `width` attribute that HTML
/// does not allow on `mtd` (the Nu checker rejects the page) and MathML Core does not read, and
/// the same width as a style: valid on every page, and what lays the tag out at the right margin
/// where the browser draws the MathML (print.html, `[math] output = "mathml"`).
const TAG_CELL: (&str, &str) = ("<mtd width=\"50%\">", "<mtd style=\"width:50%\">");

/// `html` (one formula as KaTeX writes it) with its MathML repaired: loose named operators
/// grouped (`group_loose_operators`), a tagged row's number cell holding its tag
/// (`row_tags`), a tag's cells sized by style (`TAG_CELL`), and for drawing (`tables`) a mixed
/// column list's cells given their `columnalign`, an array's table its class and a `CD`'s
/// vertical arrows `symmetric`. A row's tag holding math is typeset without macros:
/// [`super::typeset_all`] repairs with the book's.
pub fn repair(html: String) -> String {
    repair_with(html, &|tex| super::tag_mathml(tex, &Arc::default()))
}

/// [`repair`], with `typeset` giving the MathML of a row's tag that holds math (`row_tags`).
pub(super) fn repair_with(html: String, typeset: &dyn Fn(&str) -> Option<String>) -> String {
    let html = super::row_tags::fill_row_tags(group_loose_operators(html), typeset);
    let html = if html.contains(TAG_CELL.0) {
        html.replace(TAG_CELL.0, TAG_CELL.1)
    } else {
        html
    };
    super::tables::mark_tables(html)
}

/// Where the first `<math>` element of `html` (a typeset formula's MathML) starts and ends,
/// its closing tag included.
pub fn math_element(html: &str) -> Option<Range<usize>> {
    let start = html.find("<math")?;
    let end = html[start..].find("</math>")? + start + "</math>".len();
    Some(start..end)
}

/// The TeX of the next formula in `html`, from KaTeX's MathML annotation (empty if none).
pub fn formula_tex(html: &str) -> String {
    const OPEN: &str = "<annotation encoding=\"application/x-tex\">";
    let Some(start) = html.find(OPEN).map(|at| at + OPEN.len()) else {
        return String::new();
    };
    let end = html[start..]
        .find("</annotation>")
        .map_or(html.len(), |at| start + at);
    unescape_html(&html[start..end])
}

/// `html` with each loose named operator in a fixed-arity MathML element grouped in `<mrow>`.
/// Takes and gives back ownership, so the usual case (nothing to group) copies nothing.
pub(super) fn group_loose_operators(html: String) -> String {
    if !html.contains(FUNCTION_APPLICATION) {
        return html;
    }
    let Some(Range { start, end }) = math_element(&html) else {
        return html;
    };
    let mut insertions = match loose_operator_groups(&html, start, end) {
        Some(insertions) if !insertions.is_empty() => insertions,
        _ => return html,
    };
    // At one position an `</mrow>` closes the group before it and an `<mrow>` opens the next.
    insertions.sort_by_key(|&(at, opens)| (at, opens));
    let mut out = String::with_capacity(html.len() + insertions.len() * 8);
    let mut cursor = 0;
    for (at, opens) in insertions {
        out.push_str(&html[cursor..at]);
        out.push_str(if opens { "<mrow>" } else { "</mrow>" });
        cursor = at;
    }
    out.push_str(&html[cursor..]);
    out
}

/// An open element: its name, where its opening tag starts, and where its child elements
/// begin in the shared list of children (they are the list's tail while it is open).
struct Open<'a> {
    name: &'a str,
    start: usize,
    first_child: usize,
}

/// Where to insert `<mrow>` (true) and `</mrow>` (false) in `html[start..end]` (the `<math>`),
/// or None when the markup does not nest as expected.
fn loose_operator_groups(html: &str, start: usize, end: usize) -> Option<Vec<(usize, bool)>> {
    let mut stack: Vec<Open> = Vec::new();
    // Byte ranges of the child elements of every open element, innermost last.
    let mut children: Vec<(usize, usize)> = Vec::new();
    let mut insertions = Vec::new();
    for (range, tag) in tags(html, start, end) {
        let (tag_start, tag_end) = (range.start, range.end);
        if let Some(name) = tag.strip_prefix("</") {
            let name = name.trim_end_matches('>');
            let open = stack.pop()?;
            if open.name != name {
                return None;
            }
            add_groups(html, &open, &children[open.first_child..], &mut insertions);
            children.truncate(open.first_child);
            children.push((open.start, tag_end));
            continue;
        }
        if tag.ends_with("/>") {
            children.push((tag_start, tag_end));
            continue;
        }
        let name_end = tag[1..]
            .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
            .map(|at| at + 1)?;
        if stack.len() >= MAX_DEPTH {
            return None;
        }
        stack.push(Open {
            name: &tag[1..name_end],
            start: tag_start,
            first_child: children.len(),
        });
    }
    stack.is_empty().then_some(insertions)
}

/// The tags of `html[start..end]` in order, each with its byte range; they stop at a `<` that
/// no `>` closes, leaving the elements open that a caller then finds unclosed.
pub(super) fn tags(
    html: &str,
    start: usize,
    end: usize,
) -> impl Iterator<Item = (Range<usize>, &str)> {
    let mut at = start;
    std::iter::from_fn(move || {
        let tag_start = at + html[at..end].find('<')?;
        let tag_end = tag_start + html[tag_start..end].find('>')? + 1;
        at = tag_end;
        Some((tag_start..tag_end, &html[tag_start..tag_end]))
    })
}

/// The groups to make among the `children` of `open`: each loose function application with the
/// operator name before it, when the element has more children than it takes arguments.
fn add_groups(
    html: &str,
    open: &Open,
    children: &[(usize, usize)],
    insertions: &mut Vec<(usize, bool)>,
) {
    let Some(&(_, arity)) = FIXED_ARITY.iter().find(|(name, _)| *name == open.name) else {
        return;
    };
    if children.len() <= arity {
        return;
    }
    for pair in children.windows(2) {
        let (name, operator) = (pair[0], pair[1]);
        if &html[operator.0..operator.1] == FUNCTION_APPLICATION {
            insertions.push((name.0, true));
            insertions.push((operator.1, false));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{group_loose_operators, repair};

    #[test]
    fn a_tags_cells_take_their_width_by_style_and_a_second_repair_changes_nothing() {
        let katex = "<math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd width=\"50%\"></mtd><mtd><msub><mi>λ</mi><mi>max</mi><mo>\u{2061}</mo></msub></mtd><mtd width=\"50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math>";
        let once = repair(katex.to_string());
        assert_eq!(
            once,
            "<math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd style=\"width:50%\"></mtd><mtd><msub><mi>λ</mi><mrow><mi>max</mi><mo>\u{2061}</mo></mrow></msub></mtd><mtd style=\"width:50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math>"
        );
        assert_eq!(repair(once.clone()), once);
    }

    #[test]
    fn a_named_operator_alone_in_a_subscript_is_grouped() {
        let katex = "<span class=\"katex\"><math><semantics><mrow><msub><mi>λ</mi><mi>max</mi><mo>\u{2061}</mo></msub></mrow></semantics></math></span>";
        assert_eq!(
            group_loose_operators(katex.to_string()),
            "<span class=\"katex\"><math><semantics><mrow><msub><mi>λ</mi><mrow><mi>max</mi><mo>\u{2061}</mo></mrow></msub></mrow></semantics></math></span>"
        );
    }

    #[test]
    fn operators_in_a_numerator_and_a_nested_script_are_grouped_each_in_its_place() {
        let katex = "<math><mfrac><mi>log</mi><mo>\u{2061}</mo><msup><mi>x</mi><mi>sin</mi><mo>\u{2061}</mo></msup></mfrac></math>";
        assert_eq!(
            group_loose_operators(katex.to_string()),
            "<math><mfrac><mrow><mi>log</mi><mo>\u{2061}</mo></mrow><msup><mi>x</mi><mrow><mi>sin</mi><mo>\u{2061}</mo></mrow></msup></mfrac></math>"
        );
    }

    #[test]
    fn well_formed_markup_is_left_exactly_as_it_is() {
        for katex in [
            // The operator as the base of a script: KaTeX already groups it.
            "<math><msub><mrow><mi>max</mi><mo>\u{2061}</mo></mrow><mi>i</mi></msub></math>",
            // In a row, the pair is fine as it stands.
            "<math><mrow><mi>log</mi><mo>\u{2061}</mo><mi>x</mi></mrow></math>",
            "<math><mspace width=\"1em\"/><msub><mi>x</mi><mn>1</mn></msub></math>",
            "no math at all",
        ] {
            assert_eq!(group_loose_operators(katex.to_string()), katex);
        }
    }

    #[test]
    fn markup_that_does_not_nest_is_returned_unchanged() {
        let broken = "<math><msub><mi>λ</mi><mi>max</mi><mo>\u{2061}</mo></mrow></math>";
        assert_eq!(group_loose_operators(broken.to_string()), broken);
    }
}
