//! A lesson's content HTML moved onto the whole-book print page (`print.html`, at the output
//! root), where every lesson shares one document: ids must stay unique and links between
//! lessons must become links within the page.
//!
//! Every id is prefixed with the lesson's anchor (`block-feed-forward--why-relu`), except
//! cross-reference labels (`eq-…`, `fig-…`, …), which are unique in the book already and keep
//! their names; everything that points at an id (`href="#…"`, `for`, `aria-*` id lists,
//! `headers`, SVG `url(#…)`) follows. A link to another lesson (`../x/y.html#frag`) points to
//! that lesson's place on the page; any other relative address is made relative to the root.
//!
//! A typeset formula keeps only its MathML by default ([`PrintMath::Mathml`]): the `<math>`
//! KaTeX wrote for the lesson page, cut out of its markup, which the browser draws itself
//! (MathML Core). KaTeX's HTML drawing is most of a formula's bytes, and the print page would
//! otherwise hold every formula of the book a second time in full (116 kB of a benchmark
//! lesson's 118 kB); the MathML is what screen readers read on the lesson pages already, so
//! nothing is lost to them. `[print] math = "katex"` keeps KaTeX's drawing. Under `[math]
//! output = "mathml"` every page's formulas are already this MathML ([`formula_mathml`], which
//! the typesetting stage applies to each formula once), and a second pass changes nothing.
//!
//! The input is the HTML this crate wrote (pulldown-cmark's, KaTeX's, the figures' and the
//! author's raw HTML), so a small scanner over its tags is enough: text is left alone, comments
//! are copied, and attribute values are rewritten in place.

use crate::base::source::resolve_path;
use crate::expand::citations::CROSS_REFERENCE_KINDS;
use crate::layout::math::mathml::math_element;
use crate::layout::math::narrow::NARROW_OPENING;
pub use crate::load::config::PrintMath;
use std::borrow::Cow;
use std::ops::Range;

/// Where a lesson's content goes on the print page, and how to find the other lessons.
pub struct PrintPlace<'a> {
    /// The lesson's folder from the output root (`block`, or empty).
    pub folder: &'a str,
    /// The anchor of the lesson on the print page; its ids are prefixed with it (none when
    /// it is empty).
    pub anchor: &'a str,
    /// The print-page anchor of the lesson whose page is at a root-relative path, if any.
    pub lesson_anchor: &'a dyn Fn(&str) -> Option<String>,
    /// What of each typeset formula the page keeps.
    pub math: PrintMath,
}

/// The anchor of the lesson whose page is `page` (`block/feed-forward.html` →
/// `block-feed-forward`).
pub fn lesson_anchor(page: &str) -> String {
    page.strip_suffix(".html").unwrap_or(page).replace('/', "-")
}

/// Whether an id is a cross-reference label, kept as it is on the print page.
pub fn is_label(id: &str) -> bool {
    id.split_once('-')
        .is_some_and(|(kind, rest)| !rest.is_empty() && CROSS_REFERENCE_KINDS.contains(&kind))
}

/// `html` of a page in `folder` moved to the output root as it is (the front page showing the
/// first chapter): its relative addresses start from the root, its ids are kept.
pub fn moved_to_root(html: &str, folder: &str) -> String {
    for_print_page(
        html,
        &PrintPlace {
            folder,
            anchor: "",
            lesson_anchor: &|_| None,
            math: PrintMath::Katex,
        },
    )
}

/// `html` rewritten for its place on the print page.
pub fn for_print_page(html: &str, place: &PrintPlace<'_>) -> String {
    for_print_page_keeping(html, &[], place)
}

/// [`for_print_page`] for HTML whose `verbatim` byte ranges (sorted, each a run of whole tags
/// and text) hold nothing to rewrite: they are copied as they are, unscanned, or, each being one
/// typeset formula, as their MathML under [`PrintMath::Mathml`]. Typeset formulas are such runs
/// ([`crate::layout::html::to_html_with_formulas`]) and most of a page's bytes.
pub fn for_print_page_keeping(
    html: &str,
    verbatim: &[Range<usize>],
    place: &PrintPlace<'_>,
) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut from = 0;
    for range in verbatim {
        let (Some(before), Some(kept)) = (html.get(from..range.start), html.get(range.clone()))
        else {
            continue;
        };
        rewrite_into(before, place, &mut out);
        // Debug builds (every test) check that nothing kept would have been rewritten.
        debug_assert_eq!(
            rewrite(
                kept,
                &PrintPlace {
                    math: PrintMath::Katex,
                    ..*place
                }
            ),
            kept,
            "a verbatim run of the page holds an id or address"
        );
        match place.math {
            PrintMath::Katex => out.push_str(kept),
            PrintMath::Mathml => out.push_str(&formula_mathml(kept)),
        }
        from = range.end;
    }
    rewrite_into(&html[from..], place, &mut out);
    out
}

/// `html` rewritten for `place` into a new string.
fn rewrite(html: &str, place: &PrintPlace<'_>) -> String {
    let mut out = String::with_capacity(html.len());
    rewrite_into(html, place, &mut out);
    out
}

/// `html` rewritten for `place`, onto the end of `out`. Text, comments and tags that keep their
/// values are copied in long runs, up to the next value that changes, rather than one piece per
/// tag: every page of the book passes through here.
fn rewrite_into(html: &str, place: &PrintPlace<'_>, out: &mut String) {
    // `html[..copied]` is in `out` already.
    let mut copied = 0;
    let mut at = 0;
    while let Some(open) = html[at..].find('<') {
        let start = at + open;
        let rest = &html[start..];
        if let Some(comment) = rest.strip_prefix("<!--") {
            at = start + comment.find("-->").map_or(rest.len(), |end| end + 4 + 3);
            continue;
        }
        if place.math == PrintMath::Mathml {
            if let Some(length) = formula_length(rest) {
                out.push_str(&html[copied..start]);
                out.push_str(&formula_mathml(&rest[..length]));
                copied = start + length;
                at = copied;
                continue;
            }
        }
        let end = start + tag_end(rest);
        rewrite_tag(html, start, &html[start..end], place, out, &mut copied);
        at = end;
    }
    out.push_str(&html[copied..]);
}

/// How a typeset formula's markup starts: KaTeX's block for a display formula, its inline
/// element otherwise (a display formula's own `katex` element is inside the block).
const FORMULA_OPENINGS: [&str; 2] = ["<span class=\"katex-display\">", "<span class=\"katex\">"];

/// The length of the typeset formula at the start of `html` (with its line-broken drawing, if
/// it has one), or `None` when `html` does not start with one. KaTeX's markup holds no `span`
/// but its own, so the formula ends where its first `span` closes.
fn formula_length(html: &str) -> Option<usize> {
    if !FORMULA_OPENINGS
        .iter()
        .any(|opening| html.starts_with(opening))
    {
        return None;
    }
    let mut length = span_length(html)?;
    // A long display formula's line-broken drawing, HTML only, is part of the formula.
    if html[length..].starts_with(NARROW_OPENING) {
        length += span_length(&html[length..])?;
    }
    Some(length)
}

/// The length of the `span` element at the start of `html`, up to its matching `</span>`.
fn span_length(html: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(next) = html[at..].find('<') {
        at += next;
        let rest = &html[at..];
        if rest.starts_with("</span>") {
            depth = depth.checked_sub(1)?;
            at += "</span>".len();
            if depth == 0 {
                return Some(at);
            }
        } else {
            if rest.starts_with("<span") {
                depth += 1;
            }
            at += 1;
        }
    }
    None
}

/// A typeset formula's `<math>` element, which the browser draws itself, with its styled
/// letters spelled as MathML Core draws them (`with_math_letters`) and its accents and tag
/// cells as `CORE_SPELLINGS` has them; `formula` as it is when it has none (a formula KaTeX
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
///   draws as accents.
///
/// (A `\tag`'s cell widths are mended for every page when the formula is typeset,
/// `layout::math::mathml::repair`.)
const CORE_SPELLINGS: [(&str, &str); 4] = [
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

/// The length of the tag at the start of `html`, up to and including its `>` (quotes respected).
/// Scans bytes, not characters: every byte it stops at is ASCII, which in UTF-8 is never part of
/// another character, so each end it returns is a character boundary. Every page of the book
/// passes through here on its way to the print page, most of it formulas' tags.
fn tag_end(html: &str) -> usize {
    let mut quote = None;
    for (at, &byte) in html.as_bytes().iter().enumerate().skip(1) {
        match (quote, byte) {
            (Some(q), byte) if byte == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(byte),
            (None, b'>') => return at + 1,
            (None, b'<') => return at,
            _ => {}
        }
    }
    html.len()
}

/// Rewrites the values of the attributes that hold ids or addresses in `tag`, which starts at
/// `offset` in `html`: each changed value goes to `out` after what is not yet copied of `html`
/// before it, and `copied` moves past it.
fn rewrite_tag(
    html: &str,
    offset: usize,
    tag: &str,
    place: &PrintPlace<'_>,
    out: &mut String,
    copied: &mut usize,
) {
    let bytes = tag.as_bytes();
    let mut at = 1;
    // The tag's name, then attributes.
    while at < bytes.len() && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>' {
        at += 1;
    }
    loop {
        while at < bytes.len() && (bytes[at].is_ascii_whitespace() || bytes[at] == b'/') {
            at += 1;
        }
        if at >= bytes.len() || bytes[at] == b'>' {
            break;
        }
        let name_start = at;
        while at < bytes.len()
            && !matches!(bytes[at], b'=' | b'>' | b'/')
            && !bytes[at].is_ascii_whitespace()
        {
            at += 1;
        }
        // Names are lowercase in the HTML this crate writes; only another spelling is copied.
        let written_name = &tag[name_start..at];
        let lowercase;
        let name = if written_name.bytes().any(|byte| byte.is_ascii_uppercase()) {
            lowercase = written_name.to_ascii_lowercase();
            lowercase.as_str()
        } else {
            written_name
        };
        if bytes.get(at) != Some(&b'=') {
            continue;
        }
        at += 1;
        let (value_start, value_end) = match bytes.get(at) {
            Some(&quote @ (b'"' | b'\'')) => {
                let start = at + 1;
                let end = tag[start..]
                    .find(quote as char)
                    .map_or(tag.len(), |e| start + e);
                at = (end + 1).min(tag.len());
                (start, end)
            }
            _ => {
                let start = at;
                while at < bytes.len() && !bytes[at].is_ascii_whitespace() && bytes[at] != b'>' {
                    at += 1;
                }
                (start, at)
            }
        };
        let value = &tag[value_start..value_end];
        if let Some(new) = rewrite_value(name, value, place) {
            out.push_str(&html[*copied..offset + value_start]);
            out.push_str(&new);
            *copied = offset + value_end;
        }
    }
}

/// The new value of attribute `name`, if it changes.
fn rewrite_value(name: &str, value: &str, place: &PrintPlace<'_>) -> Option<String> {
    match name {
        "id" | "for" | "list" => Some(print_id(value, place)),
        "headers" | "aria-labelledby" | "aria-describedby" | "aria-controls" | "aria-owns"
        | "aria-details" | "aria-flowto" => Some(
            value
                .split_ascii_whitespace()
                .map(|id| print_id(id, place))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        "href" | "xlink:href" => Some(print_address(value, place, true)),
        "src" | "poster" => Some(print_address(value, place, false)),
        _ if value.contains("url(#") => Some(
            value
                .split("url(#")
                .enumerate()
                .map(|(index, piece)| {
                    if index == 0 {
                        return piece.to_string();
                    }
                    let close = piece.find(')').unwrap_or(piece.len());
                    format!(
                        "url(#{}{}",
                        print_id(&piece[..close], place),
                        &piece[close..]
                    )
                })
                .collect(),
        ),
        _ => None,
    }
}

/// The id `id` of the lesson at `place` has on the print page.
fn print_id(id: &str, place: &PrintPlace<'_>) -> String {
    if id.is_empty() || place.anchor.is_empty() || is_label(id) {
        id.to_string()
    } else {
        format!("{}--{id}", place.anchor)
    }
}

/// An address on the print page: in-page for the lesson's own fragments and for other
/// lessons, root-relative for other files, unchanged when absolute.
fn print_address(address: &str, place: &PrintPlace<'_>, may_be_lesson: bool) -> String {
    if let Some(fragment) = address.strip_prefix('#') {
        return format!("#{}", print_id(fragment, place));
    }
    let absolute = address.starts_with('/')
        || address
            .split_once(':')
            .is_some_and(|(scheme, _)| !scheme.contains('/') && !scheme.is_empty());
    if absolute {
        return address.to_string();
    }
    let (path, fragment) = match address.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (address, None),
    };
    let Some(mut from_root) = resolve_path(place.folder, path) else {
        return address.to_string();
    };
    if path.ends_with('/') && !from_root.is_empty() {
        from_root.push('/');
    }
    if may_be_lesson {
        if let Some(anchor) = (place.lesson_anchor)(&from_root) {
            let target = PrintPlace {
                anchor: &anchor,
                ..*place
            };
            return match fragment {
                Some(fragment) if !fragment.is_empty() => {
                    format!("#{}", print_id(fragment, &target))
                }
                _ => format!("#{anchor}"),
            };
        }
    }
    match fragment {
        Some(fragment) => format!("{from_root}#{fragment}"),
        None => from_root,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(html: &str) -> String {
        let lessons = |page: &str| {
            ["block/feed-forward.html", "transformers/attention.html"]
                .contains(&page)
                .then(|| lesson_anchor(page))
        };
        for_print_page(
            html,
            &PrintPlace {
                folder: "block",
                anchor: "block-feed-forward",
                lesson_anchor: &lessons,
                math: PrintMath::Katex,
            },
        )
    }

    #[test]
    fn ids_and_what_points_at_them_are_prefixed_but_labels_are_kept() {
        assert_eq!(
            print(
                r##"<h2 id="why"><a href="#why">Why</a></h2><label for="x">X</label><input id="x" aria-describedby="x-help eq-scores">"##
            ),
            r##"<h2 id="block-feed-forward--why"><a href="#block-feed-forward--why">Why</a></h2><label for="block-feed-forward--x">X</label><input id="block-feed-forward--x" aria-describedby="block-feed-forward--x-help eq-scores">"##
        );
        assert_eq!(
            print(r##"<span id="eq-scores"></span><a href="#fig-heat">Figure</a>"##),
            r##"<span id="eq-scores"></span><a href="#fig-heat">Figure</a>"##
        );
        assert_eq!(
            print(r##"<a HREF="#why" Aria-Describedby="x">Why</a>"##),
            r##"<a HREF="#block-feed-forward--why" Aria-Describedby="block-feed-forward--x">Why</a>"##
        );
        assert_eq!(
            print(r##"<rect clip-path="url(#clip-1)"/><clipPath id="clip-1">"##),
            r##"<rect clip-path="url(#block-feed-forward--clip-1)"/><clipPath id="block-feed-forward--clip-1">"##
        );
    }

    #[test]
    fn links_to_lessons_stay_on_the_page_and_other_addresses_start_at_the_root() {
        assert_eq!(
            print(r#"<a href="../transformers/attention.html#masks">masks</a>"#),
            r##"<a href="#transformers-attention--masks">masks</a>"##
        );
        assert_eq!(
            print(
                r#"<a href="feed-forward.html">here</a> <a href="../transformers/attention.html#eq-scores">(1)</a>"#
            ),
            r##"<a href="#block-feed-forward">here</a> <a href="#eq-scores">(1)</a>"##
        );
        assert_eq!(
            print(r#"<img src="pictures/a.png" alt="a"><a href="../katex/LICENSE">licence</a>"#),
            r#"<img src="block/pictures/a.png" alt="a"><a href="katex/LICENSE">licence</a>"#
        );
        assert_eq!(
            print(
                r#"<a href="https://arxiv.org/abs/1706.03762">arXiv</a><a href="mailto:a@b.org">mail</a>"#
            ),
            r#"<a href="https://arxiv.org/abs/1706.03762">arXiv</a><a href="mailto:a@b.org">mail</a>"#
        );
    }

    #[test]
    fn a_page_moved_to_the_root_keeps_its_ids_and_its_addresses_start_at_the_root() {
        assert_eq!(
            moved_to_root(
                r##"<h2 id="why"><a href="#why">Why</a></h2><a href="feed-forward.html#relu">next</a><img src="pictures/a.png"><a href="../style.css">s</a><a href="https://a.org/x">x</a>"##,
                "block"
            ),
            r##"<h2 id="why"><a href="#why">Why</a></h2><a href="block/feed-forward.html#relu">next</a><img src="block/pictures/a.png"><a href="style.css">s</a><a href="https://a.org/x">x</a>"##
        );
    }

    #[test]
    fn runs_kept_verbatim_give_the_page_a_full_scan_gives() {
        let formula = r#"<span class="katex"><span class="vlist" style="height:1em;" aria-hidden="true">x</span></span>"#;
        let html = format!(
            r##"<p id="a">{formula}<a href="#a">a</a>{formula}</p><img src="p.png">{formula}"##
        );
        let kept: Vec<_> = html
            .match_indices(formula)
            .map(|(at, _)| at..at + formula.len())
            .collect();
        let lessons = |_: &str| None;
        let place = PrintPlace {
            folder: "block",
            anchor: "block-x",
            lesson_anchor: &lessons,
            math: PrintMath::Katex,
        };
        let whole = for_print_page(&html, &place);
        assert!(whole.contains("href=\"#block-x--a\""), "{whole}");
        assert_eq!(for_print_page_keeping(&html, &kept, &place), whole);
    }

    /// An inline formula and a display one with its line-broken drawing, as KaTeX and
    /// `narrow::with_narrow` write them.
    const INLINE: &str = r#"<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="katex-base"><span class="mord mathnormal">x</span></span></span></span>"#;
    const DISPLAY: &str = r#"<span class="katex-display"><span class="katex"><span class="katex-mathml"><math display="block" xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi mathvariant="bold">q</mi><mo>=</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">\mathbf{q} = 1</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="katex-base"><span class="mord mathbf">q</span></span></span></span></span><span class="math-narrow" aria-hidden="true"><span class="katex-display"><span class="katex"><span class="katex-html" aria-hidden="true">q</span></span></span></span>"#;

    #[test]
    fn under_mathml_a_formula_keeps_only_its_math_element_whether_kept_verbatim_or_scanned() {
        let html = format!(
            r##"<p id="a">{INLINE}, <span class="nowrap">{INLINE}.</span></p><span class="math-display">{DISPLAY}</span><a href="#a">a</a><span class="katex-error" title="e">\bad</span>"##
        );
        let lessons = |_: &str| None;
        let place = PrintPlace {
            folder: "",
            anchor: "x",
            lesson_anchor: &lessons,
            math: PrintMath::Mathml,
        };
        let scanned = for_print_page(&html, &place);
        assert_eq!(
            scanned,
            r##"<p id="x--a"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math>, <span class="nowrap"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x</annotation></semantics></math>.</span></p><span class="math-display"><math display="block" xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>𝐪</mi><mo>=</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">\mathbf{q} = 1</annotation></semantics></math></span><a href="#x--a">a</a><span class="katex-error" title="e">\bad</span>"##
        );
        let mut kept: Vec<_> = [INLINE, DISPLAY]
            .iter()
            .flat_map(|formula| html.match_indices(formula))
            .map(|(at, formula)| at..at + formula.len())
            .collect();
        kept.sort_by_key(|range| range.start);
        assert_eq!(kept.len(), 3);
        assert_eq!(for_print_page_keeping(&html, &kept, &place), scanned);
        let katex = PrintPlace {
            math: PrintMath::Katex,
            ..place
        };
        assert!(for_print_page(&html, &katex).contains(DISPLAY));
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
    fn a_tagged_formulas_letters_and_accents_are_spelled_for_mathml_core_once() {
        let katex = "<span class=\"katex\"><math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd style=\"width:50%\"></mtd><mtd><mi mathvariant=\"bold\">q</mi><mover accent=\"true\"><mi>y</mi><mo>^</mo></mover></mtd><mtd style=\"width:50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math></span>";
        let once = formula_mathml(katex).into_owned();
        assert_eq!(
            once,
            "<math display=\"block\"><semantics><mtable width=\"100%\"><mtr><mtd style=\"width:50%\"></mtd><mtd><mi>𝐪</mi><mover accent=\"true\"><mi>y</mi><mo>\u{2C6}</mo></mover></mtd><mtd style=\"width:50%\"></mtd><mtd><mtext>(7)</mtext></mtd></mtr></mtable></semantics></math>"
        );
        assert_eq!(formula_mathml(&once), once);
    }

    #[test]
    fn tags_with_characters_beyond_ascii_end_where_they_end() {
        assert_eq!(
            tag_end("<a title=\"é>ü\" href=\"#x\">λ"),
            "<a title=\"é>ü\" href=\"#x\">".len()
        );
        assert_eq!(tag_end("<span title='→'<b>"), "<span title='→'".len());
        assert_eq!(
            print("<a title=\"naïve › guess\" href=\"#why\">Größe</a>"),
            "<a title=\"naïve › guess\" href=\"#block-feed-forward--why\">Größe</a>"
        );
    }

    #[test]
    fn text_comments_and_other_attributes_are_left_alone() {
        let html = "<p class=\"id\" title='href=\"#x\"'>id=\"y\" &lt;a href=\"#z\"&gt;</p><!-- <a href=\"#c\"> -->";
        assert_eq!(print(html), html);
    }
}
