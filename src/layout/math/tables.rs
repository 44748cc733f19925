//! What a browser drawing KaTeX's MathML cannot tell from a table's own markup: which columns of
//! an `array` align left or right, and whether a table is an `array` (spaced at both ends) or a
//! matrix (not).
//!
//! KaTeX (0.18.5, and katex-rs after it) writes an `array`'s column list as the table's
//! `columnalign` (`left center right` for `{lcr}`), which MathML Core does not read, and an
//! attribute selector can match only a list's start: math.css aligns a table whose list is all
//! one side or `right left` repeated (`aligned`, `align`), and any other mixed list stayed
//! centred, or, when it starts `right left` (`{rlc}`), alternated past its start. Each cell of
//! such a table is given its column's token as its own `columnalign` (MathML 3 allows it on
//! `mtd`), which math.css reads cell by cell, for any number of columns, before the table's list
//! (read only for cells without their own).
//!
//! KaTeX's HTML puts `\arraycolsep` (5pt, 0.5em) before an `array`'s first column and after its
//! last, and none around a matrix's or `cases`' columns, but its MathML for `\begin{array}{cc}`
//! and `\begin{matrix}` is the same (`columnspacing="1em"` both). The formula's TeX, which KaTeX
//! keeps in the annotation, says which is which: its environments of that spacing are read in
//! order and paired with the tables of that spacing, and an `array`'s table gets the class
//! [`ARRAY_CLASS`]. When the pairing is not certain (the counts differ, as when a macro writes
//! an environment, or arrays and matrices mix where a script or a brace group may reorder them),
//! no table is marked, and each is spaced as a matrix, as before.
//!
//! A commutative diagram's (`CD`) vertical arrows are centred on the math axis, as KaTeX draws
//! them ([`SIZED_ARROW`]).

use super::mathml::{formula_tex, math_element, tags, MAX_DEPTH};

/// The class of an `array`'s (or `darray`'s) `mtable`, which math.css spaces at both ends.
pub const ARRAY_CLASS: &str = "mml-array";

/// The environments whose tables KaTeX spaces `columnspacing="1em"`, and whether each is an
/// array (spaced at its ends in KaTeX's drawing); `\substack` (a `subarray`) writes one too.
const SPACED_ENVIRONMENTS: [(&str, bool); 21] = [
    ("array", true),
    ("darray", true),
    ("matrix", false),
    ("pmatrix", false),
    ("bmatrix", false),
    ("Bmatrix", false),
    ("vmatrix", false),
    ("Vmatrix", false),
    ("matrix*", false),
    ("pmatrix*", false),
    ("bmatrix*", false),
    ("Bmatrix*", false),
    ("vmatrix*", false),
    ("Vmatrix*", false),
    ("cases", false),
    ("dcases", false),
    ("rcases", false),
    ("drcases", false),
    ("subarray", false),
    ("equation", false),
    ("equation*", false),
];

/// The `columnspacing` KaTeX writes for a commutative diagram (`CD`) only.
const CD_SPACING: &str = "0.5em";

/// A `CD`'s vertical arrow as KaTeX writes it: sized 1.8em (as `\Big`), which KaTeX's drawing
/// centres on the math axis as it does every sized delimiter. MathML Core centres only an
/// operator it knows as symmetric, and an arrow is not, so Chromium stretched each arrow up or
/// down from its baseline by its labels' heights (`@VbVV` up, `@AAcA` down), and a row holding
/// both stood 0.47em taller than KaTeX's; [`SYMMETRIC`] says it.
const SIZED_ARROW: &str =
    "<mo fence=\"false\" maxsize=\"1.8em\" minsize=\"1.8em\" stretchy=\"true\">";

/// The attribute a [`SIZED_ARROW`] of a `CD` is given (last: attributes stand in name order).
const SYMMETRIC: &str = " symmetric=\"true\"";

/// One `<mtable>` of a formula's MathML.
struct Table<'a> {
    /// Where its opening tag's name ends (after `<mtable`).
    name_end: usize,
    /// Its `columnalign` and `columnspacing`, empty when absent.
    columnalign: &'a str,
    columnspacing: &'a str,
    /// Where each of its cells' opening tag's name ends (after `<mtd`), and the cell's column.
    cells: Vec<(usize, usize)>,
    /// Where each [`SIZED_ARROW`] in it (not in a table inside it) ends its attributes.
    arrows: Vec<usize>,
}

/// `html` (one formula as KaTeX writes it) with each cell of a mixed column list given its
/// column's alignment, each `array`'s table its class and each `CD`'s vertical arrow its
/// symmetry; unchanged when it has none of them or its markup does not nest as expected. A
/// second call changes nothing.
pub fn mark_tables(html: String) -> String {
    if !html.contains("<mtable")
        || html.contains(ARRAY_CLASS)
        || html.contains("<mtd columnalign")
        || html.contains(SYMMETRIC)
    {
        return html;
    }
    let Some(math) = math_element(&html) else {
        return html;
    };
    let Some(tables) = tables(&html, math.start, math.end) else {
        return html;
    };
    let arrays = arrays_among(&tables, &formula_tex(&html));
    let mut insertions: Vec<(usize, String)> = Vec::new();
    for (table, array) in tables.iter().zip(arrays) {
        if array {
            insertions.push((table.name_end, format!(" class=\"{ARRAY_CLASS}\"")));
        }
        if table.columnspacing == CD_SPACING {
            insertions.extend(table.arrows.iter().map(|&at| (at, SYMMETRIC.to_string())));
        }
        let sides: Vec<&str> = table.columnalign.split_whitespace().collect();
        if !needs_cell_sides(&sides) {
            continue;
        }
        for &(at, column) in &table.cells {
            let side = sides
                .get(column)
                .or(sides.last())
                .copied()
                .unwrap_or("center");
            insertions.push((at, format!(" columnalign=\"{side}\"")));
        }
    }
    if insertions.is_empty() {
        return html;
    }
    insertions.sort_by_key(|(at, _)| *at);
    let mut out = String::with_capacity(html.len() + 24 * insertions.len());
    let mut cursor = 0;
    for (at, text) in insertions {
        out.push_str(&html[cursor..at]);
        out.push_str(&text);
        cursor = at;
    }
    out.push_str(&html[cursor..]);
    out
}

/// Whether math.css needs each cell's side: the list mixes sides and is not `right left`
/// repeated (the `aligned` family, which math.css reads from the table's list).
fn needs_cell_sides(sides: &[&str]) -> bool {
    let uniform = sides.windows(2).all(|pair| pair[0] == pair[1]);
    let alternating = sides
        .iter()
        .enumerate()
        .all(|(at, side)| *side == if at % 2 == 0 { "right" } else { "left" });
    !uniform && !alternating
}

/// Every `<mtable>` in `html[start..end]` (a `<math>` element), in document order, with its
/// own cells; `None` when the markup does not nest as expected.
fn tables(html: &str, start: usize, end: usize) -> Option<Vec<Table<'_>>> {
    let mut tables = Vec::new();
    // Open elements: name, and for an `mtable` its index, for an `mtr` its next column.
    let mut stack: Vec<(&str, usize)> = Vec::new();
    for (range, tag) in tags(html, start, end) {
        if let Some(name) = tag.strip_prefix("</") {
            if stack.pop()?.0 != name.trim_end_matches('>') {
                return None;
            }
            continue;
        }
        if tag.ends_with("/>") {
            continue;
        }
        let name_len = tag[1..].find(|c: char| c.is_ascii_whitespace() || c == '>')?;
        let name = &tag[1..1 + name_len];
        let name_end = range.start + 1 + name_len;
        let mut value = 0;
        match name {
            "mtable" => {
                value = tables.len();
                tables.push(Table {
                    name_end,
                    columnalign: attribute(tag, "columnalign"),
                    columnspacing: attribute(tag, "columnspacing"),
                    cells: Vec::new(),
                    arrows: Vec::new(),
                });
            }
            "mo" if tag == SIZED_ARROW => {
                if let Some(&(_, table)) = stack.iter().rev().find(|(name, _)| *name == "mtable") {
                    tables[table].arrows.push(range.end - 1);
                }
            }
            "mtd" => {
                if let [.., ("mtable", table), ("mtr", column)] = stack.as_mut_slice() {
                    tables[*table].cells.push((name_end, *column));
                    *column += 1;
                }
            }
            _ => {}
        }
        if stack.len() >= MAX_DEPTH {
            return None;
        }
        stack.push((name, value));
    }
    stack.is_empty().then_some(tables)
}

/// The value of attribute `name` in an opening `tag`, empty when it has none.
fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    tag.find(&key)
        .map(|at| &tag[at + key.len()..])
        .and_then(|rest| rest.find('"').map(|end| &rest[..end]))
        .unwrap_or_default()
}

/// For each table, whether it is an `array`'s: the tables spaced `columnspacing="1em"` paired in
/// order with the environments of that spacing in `tex`, when the pairing is certain.
fn arrays_among(tables: &[Table], tex: &str) -> Vec<bool> {
    let mut arrays = vec![false; tables.len()];
    let spaced: Vec<usize> = (0..tables.len())
        .filter(|&at| tables[at].columnspacing == "1em")
        .collect();
    let Some(environments) = spaced_environments(tex) else {
        return arrays;
    };
    if environments.len() != spaced.len() || !environments.iter().any(|&(array, _)| array) {
        return arrays;
    }
    let mixed = environments.iter().any(|&(array, _)| !array);
    if mixed && environments.iter().any(|&(_, grouped)| grouped) {
        return arrays;
    }
    for (&table, &(array, _)) in spaced.iter().zip(&environments) {
        arrays[table] = array;
    }
    arrays
}

/// The environments of `tex` that KaTeX spaces `columnspacing="1em"`, in the order they begin:
/// whether each is an array, and whether it stands inside a brace group (an argument, which
/// MathML may write in another order: a subscript before a superscript, a root's index after
/// its radicand). `None` when the braces do not balance.
fn spaced_environments(tex: &str) -> Option<Vec<(bool, bool)>> {
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut rest = tex;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            '%' => rest = rest.find('\n').map_or("", |end| &rest[end..]),
            '{' => depth += 1,
            '}' => depth = depth.checked_sub(1)?,
            '\\' => {
                let letters = rest
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                let (command, after) = if letters == 0 {
                    // An escaped character (`\{`, `\\`): skip it.
                    let skip = rest.chars().next().map_or(0, char::len_utf8);
                    (&rest[..skip], &rest[skip..])
                } else {
                    rest.split_at(letters)
                };
                rest = after;
                match command {
                    "substack" => found.push((false, depth > 0)),
                    "begin" | "end" => {
                        let inner = rest.trim_start().strip_prefix('{')?;
                        let close = inner.find('}')?;
                        let name = inner[..close].trim();
                        rest = &inner[close + 1..];
                        if command == "begin" {
                            if let Some(&(_, array)) =
                                SPACED_ENVIRONMENTS.iter().find(|(known, _)| *known == name)
                            {
                                found.push((array, depth > 0));
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    (depth == 0).then_some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(text: &str) -> String {
        format!("<mtd><mstyle><mn>{text}</mn></mstyle></mtd>")
    }

    /// A table as KaTeX writes it, of `rows` rows of two cells.
    fn table(columnalign: &str, rows: usize) -> String {
        format!(
            "<mtable columnalign=\"{columnalign}\" columnspacing=\"1em\" rowspacing=\"0.16em\">{}</mtable>",
            format!("<mtr>{}{}</mtr>", cell("1"), cell("2")).repeat(rows)
        )
    }

    fn math(body: &str, tex: &str) -> String {
        format!(
            "<math display=\"block\"><semantics><mrow>{body}</mrow><annotation encoding=\"application/x-tex\">{}</annotation></semantics></math>",
            tex.replace('&', "&amp;")
        )
    }

    #[test]
    fn each_cell_of_a_mixed_column_list_takes_its_columns_side() {
        let tex = "\\begin{array}{lr} 1 & 2 \\\\ 1 & 2 \\end{array}";
        let marked = mark_tables(math(&table("left right", 2), tex));
        let count = |cell: &str| marked.matches(cell).count();
        let sides = (
            count("<mtd columnalign=\"left\">"),
            count("<mtd columnalign=\"right\">"),
        );
        assert_eq!(sides, (2, 2), "{marked}");
        assert!(
            marked.contains("<mtable class=\"mml-array\" columnalign"),
            "{marked}"
        );
        assert_eq!(mark_tables(marked.clone()), marked);
    }

    #[test]
    fn lists_math_css_reads_whole_leave_the_cells_alone() {
        for list in [
            "center center",
            "right right",
            "right left",
            "right left right",
        ] {
            let tex = "\\begin{matrix} 1 & 2 \\end{matrix}";
            let html = math(&table(list, 1), tex);
            assert_eq!(mark_tables(html.clone()), html, "{list}");
        }
    }

    #[test]
    fn a_cell_of_a_nested_table_keeps_its_own_tables_sides() {
        let inner = table("center center", 1);
        let outer = format!(
            "<mtable columnalign=\"left center right\" columnspacing=\"1em\"><mtr>{}<mtd>{inner}</mtd>{}</mtr></mtable>",
            cell("1"),
            cell("3")
        );
        let tex = "\\begin{array}{lcr} 1 & \\begin{array}{cc} 1 & 2 \\end{array} & 3 \\end{array}";
        let marked = mark_tables(math(&outer, tex));
        assert!(
            marked.contains("<mtd columnalign=\"center\"><mtable class=\"mml-array\""),
            "{marked}"
        );
        assert_eq!(marked.matches("<mtd columnalign").count(), 3, "{marked}");
        assert_eq!(marked.matches("class=\"mml-array\"").count(), 2, "{marked}");
    }

    #[test]
    fn arrays_and_matrices_pair_with_their_tables_in_order() {
        let body = format!(
            "<mi>x</mi>{}<mo>=</mo>{}",
            table("center center", 1),
            table("center center", 1)
        );
        let marked = mark_tables(math(
            &body,
            "x \\left( \\begin{array}{cc} 1 & 2 \\end{array} \\right) = \\begin{pmatrix} 1 & 2 \\end{pmatrix}",
        ));
        let first = marked.find("<mtable").unwrap();
        assert_eq!(
            marked.find("class=\"mml-array\""),
            Some(first + "<mtable ".len())
        );
        assert_eq!(marked.matches("mml-array").count(), 1, "{marked}");
        // An `equation`'s table is spaced as a matrix's too: the second table is the array.
        let numbered = mark_tables(math(
            &body,
            "\\begin{equation} x \\begin{array}{cc} 1 & 2 \\end{array} \\end{equation}",
        ));
        assert_eq!(numbered.matches("mml-array").count(), 1, "{numbered}");
        assert_eq!(
            numbered.rfind("<mtable"),
            numbered.find("<mtable class=\"mml-array\""),
            "{numbered}"
        );
        let swapped = mark_tables(math(
            &body,
            "x \\begin{matrix} 1 & 2 \\end{matrix} = \\begin{array}{cc} 1 & 2 \\end{array} % \\begin{array}",
        ));
        assert!(
            swapped.rfind("<mtable") < swapped.find("mml-array"),
            "{swapped}"
        );
    }

    #[test]
    fn a_diagrams_vertical_arrows_are_symmetric_and_sized_delimiters_elsewhere_are_not() {
        let arrow = format!("<mtd>{SIZED_ARROW}↓</mo></mtd>");
        let cd = format!(
            "<mtable columnalign=\"center center\" columnspacing=\"0.5em\"><mtr>{arrow}{arrow}</mtr></mtable>"
        );
        let tex = "\\begin{CD} @VVV @AAA \\end{CD}";
        let marked = mark_tables(math(&format!("{cd}{SIZED_ARROW}↓</mo>"), tex));
        let symmetric = "stretchy=\"true\" symmetric=\"true\">↓</mo>";
        assert_eq!(marked.matches(symmetric).count(), 2, "{marked}");
        assert!(marked.ends_with(&format!("</mtable>{SIZED_ARROW}↓</mo></mrow><annotation encoding=\"application/x-tex\">{tex}</annotation></semantics></math>")), "{marked}");
        assert_eq!(mark_tables(marked.clone()), marked);
        // The same arrow in a matrix (`\Big\downarrow`) is left as KaTeX wrote it.
        let matrix = math(&table("center center", 1).replace(&cell("1"), &arrow), "");
        assert_eq!(mark_tables(matrix.clone()), matrix);
    }

    #[test]
    fn a_pairing_that_is_not_certain_marks_no_table() {
        let two = format!("{}{}", table("center center", 1), table("center center", 1));
        for tex in [
            // Scripts may stand in another order in MathML than in TeX.
            "x_{\\begin{array}{cc} 1 & 2 \\end{array}}^{\\begin{matrix} 1 & 2 \\end{matrix}}",
            // A macro wrote one of the tables.
            "\\begin{array}{cc} 1 & 2 \\end{array} \\mymatrix",
            // Braces that do not balance.
            "\\begin{array}{cc} 1 & 2 \\end{array} } \\begin{array}{cc} 1 & 2 \\end{array}",
        ] {
            let html = math(&two, tex);
            assert_eq!(mark_tables(html.clone()), html, "{tex}");
        }
        // Arrays alone pair however they are nested.
        let arrays = mark_tables(math(
            &two,
            "x_{\\begin{array}{cc} 1 & 2 \\end{array}}^{\\begin{array}{cc} 1 & 2 \\end{array}}",
        ));
        assert_eq!(arrays.matches("mml-array").count(), 2, "{arrays}");
    }
}
