//! Repairs KaTeX's MathML where it breaks the MathML content model, after typesetting and
//! before the HTML goes into a page.
//!
//! Input: one formula's KaTeX HTML + MathML. Output: the same markup with every named operator
//! that KaTeX spliced loose into a script, fraction or root grouped in an `<mrow>`. Nothing
//! else changes; markup this scan does not understand is returned unchanged.
//!
//! KaTeX (0.18.5, and katex-rs after it) writes a named operator (`\max`, `\log`,
//! `\operatorname{…}`) as two siblings, `<mi>max</mi><mo>&#x2061;</mo>` (the name and an
//! invisible "function application"), and wraps them in an `<mrow>` only when the operator is
//! itself the base of a script. Alone in a subscript, numerator or root, as in
//! `\lambda_{\max}`, the pair lands directly in `<msub>`, which then has three children where
//! MathML allows two: the Nu HTML checker rejects the page and a screen reader may read the
//! subscript as `max` followed by a stray argument. Fixing it here serves every author and every
//! formula, instead of asking for `\lambda_{\mathrm{max}}` in the lessons.
//!
//! Where a formula is shown as its MathML alone, drawn by the browser (`print.html`, and every
//! page under `[math] output = "mathml"`), [`formula_mathml`] cuts the `<math>` element out of
//! KaTeX's markup and spells what MathML Core reads otherwise than KaTeX meant it.

use std::borrow::Cow;
use std::ops::Range;

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

/// Deepest element nesting this scan follows; KaTeX's own limits keep real formulas far below.
const MAX_DEPTH: usize = 10_000;

/// Where the first `<math>` element of `html` (a typeset formula's MathML) starts and ends,
/// its closing tag included.
pub fn math_element(html: &str) -> Option<Range<usize>> {
    let start = html.find("<math")?;
    let end = html[start..].find("</math>")? + start + "</math>".len();
    Some(start..end)
}

/// `html` with each loose named operator in a fixed-arity MathML element grouped in `<mrow>`.
/// Takes and gives back ownership, so the usual case (nothing to group) copies nothing.
pub fn group_loose_operators(html: String) -> String {
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
    let mut at = start;
    while let Some(offset) = html[at..end].find('<') {
        let tag_start = at + offset;
        let tag_end = tag_start + html[tag_start..end].find('>')? + 1;
        let tag = &html[tag_start..tag_end];
        at = tag_end;
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

/// A typeset formula's `<math>` element, which the browser draws itself, with its styled
/// letters spelled as MathML Core draws them ([`with_math_letters`]) and its accents and tag
/// cells as [`CORE_SPELLINGS`] has them; `formula` as it is when it has none (a formula KaTeX
/// rejected, shown as its source). Applied to its own result it changes nothing.
pub fn formula_mathml(formula: &str) -> Cow<'_, str> {
    match math_element(formula) {
        Some(math) => with_core_spellings(with_math_letters(&formula[math])),
        None => Cow::Borrowed(formula),
    }
}

/// KaTeX's markup that MathML Core reads otherwise, and what it means there:
/// - accents written as ASCII (`\hat`, `\widehat` as `^`, `\tilde`, `\widetilde` as `~`), which
///   browsers set as a full-size caret or tilde over the letter, as the characters a math font
///   draws as accents;
/// - the empty cells either side of a `\tag`'s formula, which take half the line each by a
///   `width` attribute that MathML Core does not read and HTML does not allow on `mtd` (the Nu
///   checker rejects it), as a style.
const CORE_SPELLINGS: [(&str, &str); 5] = [
    ("<mtd width=\"50%\">", "<mtd style=\"width:50%\">"),
    ("<mo>^</mo>", "<mo>\u{2C6}</mo>"),
    ("<mo>~</mo>", "<mo>\u{2DC}</mo>"),
    (
        "<mo stretchy=\"true\">^</mo>",
        "<mo stretchy=\"true\">\u{2C6}</mo>",
    ),
    (
        "<mo stretchy=\"true\">~</mo>",
        "<mo stretchy=\"true\">\u{2DC}</mo>",
    ),
];

/// `math` with each of [`CORE_SPELLINGS`] spelled as MathML Core reads it.
fn with_core_spellings(math: Cow<'_, str>) -> Cow<'_, str> {
    if !CORE_SPELLINGS.iter().any(|(katex, _)| math.contains(katex)) {
        return math;
    }
    let mut math = math.into_owned();
    for (katex, core) in CORE_SPELLINGS {
        math = math.replace(katex, core);
    }
    Cow::Owned(math)
}

/// The attribute that styles a token's letters.
const MATHVARIANT: &str = " mathvariant=\"";

/// `math` with the letters and digits of each `<mi>` and `<mn>` that has a `mathvariant` other
/// than `normal` written as Unicode's mathematical letters (`<mi mathvariant="bold">x</mi>` →
/// `<mi>𝐱</mi>`). KaTeX writes a style as the attribute; MathML Core, which browsers implement,
/// ignores every value of it but `normal`, so bold vectors would print as plain italic
/// scalars. A token whose text has a character without such a letter keeps its attribute, for
/// the stylesheet's fallback.
fn with_math_letters(math: &str) -> Cow<'_, str> {
    if !math.contains(MATHVARIANT) {
        return Cow::Borrowed(math);
    }
    let mut out = String::with_capacity(math.len());
    let mut copied = 0;
    for (at, _) in math.match_indices(MATHVARIANT) {
        let Some(open) = math[..at].rfind('<') else {
            continue;
        };
        if !matches!(&math[open..at], "<mi" | "<mn") {
            continue;
        }
        let value_start = at + MATHVARIANT.len();
        let Some(value_end) = math[value_start..].find('"').map(|end| value_start + end) else {
            continue;
        };
        let variant = &math[value_start..value_end];
        let Some(text_start) = math[value_end..].find('>').map(|end| value_end + end + 1) else {
            continue;
        };
        let Some(text_end) = math[text_start..].find('<').map(|end| text_start + end) else {
            continue;
        };
        let text = &math[text_start..text_end];
        let Some(letters) = text
            .chars()
            .map(|c| math_letter(variant, c))
            .collect::<Option<String>>()
        else {
            continue;
        };
        out.push_str(&math[copied..at]);
        out.push_str(&math[value_end + 1..text_start]);
        out.push_str(&letters);
        copied = text_end;
    }
    out.push_str(&math[copied..]);
    Cow::Owned(out)
}

/// `c` in Unicode's mathematical alphanumeric style `variant` (MathML's names), if it has one.
fn math_letter(variant: &str, c: char) -> Option<char> {
    // Each style: where its capitals, small letters and digits start, and the letters that were
    // in Unicode before the block and so stand elsewhere (the block leaves their places empty).
    let (capitals, smalls, digits, elsewhere): (u32, u32, Option<u32>, &[(char, char)]) =
        match variant {
            "bold" => (0x1D400, 0x1D41A, Some(0x1D7CE), &[]),
            "italic" => (0x1D434, 0x1D44E, None, &[('h', '\u{210E}')]),
            "bold-italic" => (0x1D468, 0x1D482, None, &[]),
            "script" => (
                0x1D49C,
                0x1D4B6,
                None,
                &[
                    ('B', '\u{212C}'),
                    ('E', '\u{2130}'),
                    ('F', '\u{2131}'),
                    ('H', '\u{210B}'),
                    ('I', '\u{2110}'),
                    ('L', '\u{2112}'),
                    ('M', '\u{2133}'),
                    ('R', '\u{211B}'),
                    ('e', '\u{212F}'),
                    ('g', '\u{210A}'),
                    ('o', '\u{2134}'),
                ],
            ),
            "bold-script" => (0x1D4D0, 0x1D4EA, None, &[]),
            "fraktur" => (
                0x1D504,
                0x1D51E,
                None,
                &[
                    ('C', '\u{212D}'),
                    ('H', '\u{210C}'),
                    ('I', '\u{2111}'),
                    ('R', '\u{211C}'),
                    ('Z', '\u{2128}'),
                ],
            ),
            "double-struck" => (
                0x1D538,
                0x1D552,
                Some(0x1D7D8),
                &[
                    ('C', '\u{2102}'),
                    ('H', '\u{210D}'),
                    ('N', '\u{2115}'),
                    ('P', '\u{2119}'),
                    ('Q', '\u{211A}'),
                    ('R', '\u{211D}'),
                    ('Z', '\u{2124}'),
                ],
            ),
            "bold-fraktur" => (0x1D56C, 0x1D586, None, &[]),
            "sans-serif" => (0x1D5A0, 0x1D5BA, Some(0x1D7E2), &[]),
            "bold-sans-serif" => (0x1D5D4, 0x1D5EE, Some(0x1D7EC), &[]),
            "sans-serif-italic" => (0x1D608, 0x1D622, None, &[]),
            "sans-serif-bold-italic" => (0x1D63C, 0x1D656, None, &[]),
            "monospace" => (0x1D670, 0x1D68A, Some(0x1D7F6), &[]),
            _ => return None,
        };
    // Where the Greek capitals and small letters (Α–Ω, α–ω) start, in the styles that have them.
    let greek = match variant {
        "bold" => Some((0x1D6A8, 0x1D6C2)),
        "italic" => Some((0x1D6E2, 0x1D6FC)),
        "bold-italic" => Some((0x1D71C, 0x1D736)),
        "bold-sans-serif" => Some((0x1D756, 0x1D770)),
        "sans-serif-bold-italic" => Some((0x1D790, 0x1D7AA)),
        _ => None,
    };
    if let Some(&(_, letter)) = elsewhere.iter().find(|(plain, _)| *plain == c) {
        return Some(letter);
    }
    let (start, offset) = match c {
        'A'..='Z' => (capitals, c as u32 - 'A' as u32),
        'a'..='z' => (smalls, c as u32 - 'a' as u32),
        '0'..='9' => (digits?, c as u32 - '0' as u32),
        // U+03A2 is no letter; its place in the styled block holds a variant theta.
        'Α'..='Ω' if c != '\u{3A2}' => (greek?.0, c as u32 - 'Α' as u32),
        'α'..='ω' => (greek?.1, c as u32 - 'α' as u32),
        _ => return None,
    };
    char::from_u32(start + offset)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn styled_letters_and_ascii_accents_are_spelled_as_unicode_math_characters() {
        let letters = |math: &str| with_math_letters(math).into_owned();
        assert_eq!(
            letters(
                r#"<math><mi mathvariant="bold">xW</mi><mn mathvariant="bold">10</mn><mi mathvariant="script">L</mi><mi mathvariant="bold-italic">θ</mi><mi mathvariant="double-struck">R</mi></math>"#
            ),
            "<math><mi>𝐱𝐖</mi><mn>𝟏𝟎</mn><mi>ℒ</mi><mi>𝜽</mi><mi>ℝ</mi></math>"
        );
        assert_eq!(
            formula_mathml(r#"<math><mover accent="true"><mi>y</mi><mo>^</mo></mover><mover accent="true"><mrow><mi>a</mi><mi>b</mi></mrow><mo stretchy="true">~</mo></mover><mo>=</mo></math>"#),
            "<math><mover accent=\"true\"><mi>y</mi><mo>\u{2C6}</mo></mover><mover accent=\"true\"><mrow><mi>a</mi><mi>b</mi></mrow><mo stretchy=\"true\">\u{2DC}</mo></mover><mo>=</mo></math>"
        );
        for kept in [
            r#"<math><mi mathvariant="normal">Δ</mi></math>"#,
            r#"<math><mi mathvariant="bold">ϵ</mi><mtext mathvariant="bold">loss</mtext></math>"#,
            r#"<math><mi mathvariant="weird">x</mi></math>"#,
        ] {
            assert_eq!(letters(kept), kept);
        }
    }

    #[test]
    fn a_tags_cells_take_their_width_by_style_and_a_second_pass_changes_nothing() {
        let katex = "<span class=\"katex\"><math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd width=\"50%\"></mtd><mtd><mi mathvariant=\"bold\">q</mi><mover accent=\"true\"><mi>y</mi><mo>^</mo></mover></mtd><mtd width=\"50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math></span>";
        let once = formula_mathml(katex).into_owned();
        assert_eq!(
            once,
            "<math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd style=\"width:50%\"></mtd><mtd><mi>𝐪</mi><mover accent=\"true\"><mi>y</mi><mo>\u{2C6}</mo></mover></mtd><mtd style=\"width:50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math>"
        );
        assert_eq!(formula_mathml(&once), once);
    }
}
