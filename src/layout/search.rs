//! The book's full-text search index, written as a classic script for the reader's browser.
//!
//! Input: each published page's URL, title and expanded Markdown events. Output: the text of
//! `search-index.js`, which assigns `window.WORKED_SEARCH_INDEX` (a script, not JSON to
//! `fetch`, because browsers refuse `fetch` from `file://`). A page is cut into sections at
//! its headings; each section is one document with the heading's anchor, so a result opens
//! the part of the page that matched. Words are indexed by [`tokenize`], whose twin is
//! `tokenize` in `static/js/worked-search.js` (the differential test holds them together).
//! Formulas count twice over: an inline formula reads as text in its section (`√d_k`, so a
//! snippet keeps it), and every formula adds the names in its TeX (`sqrt`, `layernorm` from
//! `\operatorname{LayerNorm}`) to its section's words, without the commands that only lay
//! mathematics out (`LAYOUT_COMMANDS`) and without its numbers. Computed numbers in prose
//! are text like any other.
//!
//! The index keeps a short snippet per section and, per word, the sections that contain it as
//! gaps between section numbers in base 36, which keeps a 1,000-lesson book's index small.

use crate::base::html::strip_tags;
use crate::expand::markdown::{tex_as_text, Spanned};
use pulldown_cmark::{Event, Tag, TagEnd};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Words shorter than this are not indexed: "a", "I" and the like match everything.
pub const MIN_WORD_CHARS: usize = 2;
/// Words longer than this are cut to it: nobody types more, and the index stays small.
pub const MAX_WORD_CHARS: usize = 24;
/// Characters of each section's text kept as its snippet in the results.
pub const SNIPPET_CHARS: usize = 160;
/// The global the index script assigns.
pub const INDEX_GLOBAL: &str = "WORKED_SEARCH_INDEX";
/// The index's file name at the output root.
pub const INDEX_FILE: &str = "search-index.js";

/// One searchable part of a page: the text from one heading to the next.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SearchSection {
    /// The page's URL from the output root, with `#anchor` for a section below a heading.
    pub url: String,
    /// The page's title.
    pub page: String,
    /// The heading's text (empty for the part above the first heading).
    pub heading: String,
    /// The section's text, for the index and its snippet.
    pub text: String,
    /// The names in the section's formulas, for the index only.
    pub formulas: String,
}

/// How the inline HTML the build writes for prose starts, when its text is part of the
/// sentence: computed numbers and literals, citations, cross-references.
const PRINTED_HTML: [&str; 4] = [
    "<span class=\"worked-",
    "<a class=\"worked-",
    "<a class=\"xref\"",
    "<span class=\"xref\"",
];

/// TeX commands and environments that lay mathematics out rather than name anything a reader
/// would search for; left out of the index.
const LAYOUT_COMMANDS: [&str; 32] = [
    "begin",
    "end",
    "pmatrix",
    "bmatrix",
    "vmatrix",
    "matrix",
    "aligned",
    "cases",
    "frac",
    "dfrac",
    "tfrac",
    "left",
    "right",
    "big",
    "bigl",
    "bigr",
    "mathbf",
    "mathrm",
    "mathit",
    "boldsymbol",
    "text",
    "operatorname",
    "quad",
    "qquad",
    "cdot",
    "cdots",
    "ldots",
    "dots",
    "vdots",
    "ddots",
    "top",
    "mathcal",
];

/// The words a formula adds to its section: the names in its TeX, without layout commands and
/// numbers.
/// Appended to `out` separated by spaces, borrowed from one lowercased copy of the TeX: a book
/// has tens of thousands of formulas, and a list of copied words for each was garbage.
fn push_formula_words(out: &mut String, tex: &str) {
    // `W_{QK}` is searched for as `W_QK`.
    let lowercase = lowercase(&tex.replace("_{", "_"));
    let names = words(&lowercase).filter(|word| {
        !LAYOUT_COMMANDS.contains(word) && !word.chars().all(|c| c.is_numeric() || c == '.')
    });
    for (at, word) in names.enumerate() {
        if at > 0 {
            out.push(' ');
        }
        out.push_str(word);
    }
}

/// Cuts a page into sections at its headings (which must already carry their ids).
pub fn page_sections(url: &str, title: &str, events: &[Spanned<'_>]) -> Vec<SearchSection> {
    let mut sections = vec![SearchSection {
        url: url.to_string(),
        page: title.to_string(),
        ..SearchSection::default()
    }];
    let mut in_heading = false;
    let mut skip_depth = 0usize;
    for (event, _) in events {
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                in_heading = true;
                let anchor = id.as_deref().unwrap_or_default();
                sections.push(SearchSection {
                    url: format!("{url}#{anchor}"),
                    page: title.to_string(),
                    ..SearchSection::default()
                });
            }
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            // Code blocks are example inputs and scripts, not prose.
            Event::Start(Tag::CodeBlock(_)) => skip_depth += 1,
            Event::End(TagEnd::CodeBlock) => skip_depth = skip_depth.saturating_sub(1),
            Event::InlineMath(tex) | Event::DisplayMath(tex) if skip_depth == 0 => {
                let section = sections.last_mut().expect("there is always a section");
                push_formula_words(&mut section.formulas, tex);
                section.formulas.push(' ');
                if matches!(event, Event::InlineMath(_)) {
                    let target = if in_heading {
                        &mut section.heading
                    } else {
                        &mut section.text
                    };
                    target.push_str(&tex_as_text(tex));
                }
            }
            Event::Text(_) | Event::Code(_) | Event::InlineHtml(_) if skip_depth == 0 => {
                let text = match event {
                    // A computed number, a literal, a cross-reference ("Equation 12") or a
                    // citation in prose, as the page prints it.
                    Event::InlineHtml(html)
                        if PRINTED_HTML.iter().any(|start| html.starts_with(start)) =>
                    {
                        Cow::Owned(strip_tags(html))
                    }
                    Event::Text(text) | Event::Code(text) => Cow::Borrowed(&**text),
                    _ => continue,
                };
                let section = sections.last_mut().expect("there is always a section");
                let target = if in_heading {
                    &mut section.heading
                } else {
                    &mut section.text
                };
                target.push_str(&text);
            }
            // Blocks end with a space, so words of neighbouring paragraphs or cells stay apart;
            // inline markup does not, so "$x$." stays "x.".
            Event::End(end)
                if !matches!(
                    end,
                    TagEnd::Emphasis
                        | TagEnd::Strong
                        | TagEnd::Strikethrough
                        | TagEnd::Link
                        | TagEnd::Image
                        | TagEnd::Heading(_)
                ) =>
            {
                if let Some(section) = sections.last_mut() {
                    section.text.push(' ');
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(section) = sections.last_mut() {
                    if in_heading {
                        section.heading.push(' ');
                    } else {
                        section.text.push(' ');
                    }
                }
            }
            _ => {}
        }
    }
    sections.retain(|section| !section.heading.is_empty() || !section.text.trim().is_empty());
    for section in &mut sections {
        section.heading = section.heading.trim().to_string();
    }
    sections
}

/// The words of `text` as the index stores them: lowercased, split at every character that is
/// neither alphabetic nor numeric (Unicode's definitions), at least [`MIN_WORD_CHARS`] long,
/// cut to [`MAX_WORD_CHARS`]. A run of such words joined by `_`, `-` or `.` (`W_Q`, `top-p`,
/// `0.25`, `key-value`) is also one word as written, after its parts, so a reader finds an
/// identifier, a hyphenated term or a number by typing it.
pub fn tokenize(text: &str) -> Vec<String> {
    words(&lowercase(text)).map(str::to_string).collect()
}

/// `text.to_lowercase()`, faster for text that is mostly ASCII with a few other characters
/// (`√`, `×`, Greek letters): the standard one goes a character at a time after the first
/// character that is not ASCII, and lowercasing the index's text was a few per cent of a build.
/// A capital sigma's lowercase depends on its neighbours, so text with one takes the standard
/// path.
fn lowercase(text: &str) -> String {
    if text.contains('Σ') {
        return text.to_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest
            .bytes()
            .position(|byte| !byte.is_ascii())
            .unwrap_or(rest.len());
        let start = out.len();
        out.push_str(&rest[..ascii]);
        out[start..].make_ascii_lowercase();
        rest = &rest[ascii..];
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_lowercase());
            rest = chars.as_str();
        }
    }
    out
}

/// Characters that join words into one term as written.
const JOINERS: [char; 3] = ['_', '-', '.'];

fn is_word_char(c: char) -> bool {
    c.is_alphabetic() || c.is_numeric()
}

/// [`tokenize`] for text already lowercased, borrowing the words from it.
fn words(lowercase: &str) -> impl Iterator<Item = &str> {
    joined_runs(lowercase).flat_map(|run| {
        let parts = run.split(|c: char| !is_word_char(c));
        let whole = run.contains(JOINERS).then_some(run);
        parts
            .chain(whole)
            // A word has at most as many characters as bytes: most are decided by their length
            // alone, without counting characters.
            .filter(|word| {
                word.len() >= MIN_WORD_CHARS && word.chars().nth(MIN_WORD_CHARS - 1).is_some()
            })
            .map(|word| {
                if word.len() <= MAX_WORD_CHARS {
                    return word;
                }
                word.char_indices()
                    .nth(MAX_WORD_CHARS)
                    .map_or(word, |(cut, _)| &word[..cut])
            })
    })
}

/// The runs of word characters in `text`, each with the single joiners between its words.
fn joined_runs(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        let start = rest.find(is_word_char)?;
        rest = &rest[start..];
        let mut end = 0;
        let mut chars = rest.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if is_word_char(c) {
                end = at + c.len_utf8();
            } else if JOINERS.contains(&c)
                && chars.peek().is_some_and(|(_, next)| is_word_char(*next))
            {
                continue;
            } else {
                break;
            }
        }
        let run = &rest[..end];
        rest = &rest[end..];
        Some(run)
    })
}

/// Words seen in a section, hashed with [`WordHasher`].
type WordSet<'a> = HashSet<&'a str, BuildWordHasher>;

type BuildWordHasher = BuildHasherDefault<WordHasher>;

/// A quick hash for the book's own words (FxHash's multiply and rotate, eight bytes at a time):
/// no reader's input reaches these sets, so the standard hasher's guard against chosen
/// collisions buys nothing, and hashing every word of every section with it was a third of the
/// index's time. The sets' order is never seen: words keep their first-seen order, postings are
/// sorted.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
        }
        for &byte in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(SEED);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A section as the index keeps it: what a result shows, and the distinct words it holds.
/// Made page by page (in parallel, and kept between `serve` rebuilds for unchanged pages), so
/// that writing the index only merges word lists.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexedSection {
    url: String,
    page: String,
    heading: String,
    snippet: String,
    /// The words of the heading, the page title and the text, each once, in first-seen order.
    words: Vec<String>,
}

impl From<SearchSection> for IndexedSection {
    fn from(section: SearchSection) -> Self {
        // Each word is copied once, when first seen: a page has thousands of words but only
        // hundreds of distinct ones.
        let texts = [
            &section.heading,
            &section.page,
            &section.text,
            &section.formulas,
        ]
        .map(|text| lowercase(text));
        // Sized for a distinct word in every sixteen bytes of text, so it seldom grows.
        let bytes: usize = texts.iter().map(String::len).sum();
        let mut seen = WordSet::with_capacity_and_hasher(bytes / 16, BuildWordHasher::default());
        let words = texts
            .iter()
            .flat_map(|text| words(text))
            .filter(|word| seen.insert(*word))
            .map(str::to_string)
            .collect();
        IndexedSection {
            snippet: snippet(&section.text),
            url: section.url,
            page: section.page,
            heading: section.heading,
            words,
        }
    }
}

/// The text of `search-index.js` for these sections, in order, with the book's synonyms
/// (`[search] synonyms`: abbreviation → what it stands for) for the reader's queries.
pub fn index_script(sections: &[&IndexedSection], synonyms: &[(String, String)]) -> String {
    let mut postings: HashMap<&str, Vec<usize>, BuildWordHasher> = HashMap::default();
    for (number, section) in sections.iter().enumerate() {
        for word in &section.words {
            postings.entry(word).or_default().push(number);
        }
    }
    let docs: Vec<[&str; 4]> = sections
        .iter()
        .map(|section| {
            [
                section.url.as_str(),
                &section.page,
                &section.heading,
                &section.snippet,
            ]
        })
        .collect();
    // Sorted, so the same book always gives the same file.
    let words: BTreeMap<&str, String> = postings
        .iter()
        .map(|(word, list)| (*word, gaps_base36(list)))
        .collect();
    /// The index as the reader's script reads it; serialized as it stands, without first
    /// copying every string into a `serde_json::Value`.
    #[derive(Serialize)]
    struct Index<'a> {
        docs: Vec<[&'a str; 4]>,
        words: BTreeMap<&'a str, String>,
        synonyms: BTreeMap<&'a str, &'a str>,
    }
    let synonyms = synonyms
        .iter()
        .map(|(short, long)| (short.as_str(), long.as_str()))
        .collect();
    // JSON is a JavaScript expression; `</` is escaped so no text can end a script element.
    // Most books' text has none, and the index is then not copied once more to look for it.
    let mut json = serde_json::to_string(&Index {
        docs,
        words,
        synonyms,
    })
    .expect("strings and lists always serialize");
    if json.contains("</") {
        json = json.replace("</", "<\\/");
    }
    let prefix = format!("window.{INDEX_GLOBAL} = ");
    let mut script = String::with_capacity(prefix.len() + json.len() + 2);
    script.push_str(&prefix);
    script.push_str(&json);
    script.push_str(";\n");
    script
}

/// `[3, 5, 40]` → `"3,2,z"`: each number as the gap from the one before, in base 36.
fn gaps_base36(numbers: &[usize]) -> String {
    let mut out = String::new();
    let mut previous = 0;
    for (position, &number) in numbers.iter().enumerate() {
        if position > 0 {
            out.push(',');
        }
        push_base36(&mut out, number - previous);
        previous = number;
    }
    out
}

/// Every number of every word's list passes through here: the digits are gathered on the
/// stack, not in a new vector each.
fn push_base36(out: &mut String, mut value: usize) {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    // The largest `usize` has 13 digits in base 36.
    let mut digits = [0u8; 13];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = DIGITS[value % 36];
        value /= 36;
        if value == 0 {
            break;
        }
    }
    out.extend(digits[start..].iter().map(|&digit| char::from(digit)));
}

/// The start of a section's text, cut at a word boundary.
fn snippet(text: &str) -> String {
    // Only the start of a long text is collapsed: enough to know it is too long.
    let (mut collapsed, mut chars) = (String::new(), 0);
    for word in text.split_whitespace() {
        if chars > SNIPPET_CHARS {
            break;
        }
        if !collapsed.is_empty() {
            collapsed.push(' ');
            chars += 1;
        }
        collapsed.push_str(word);
        chars += word.chars().count();
    }
    if chars <= SNIPPET_CHARS {
        return collapsed;
    }
    let cut: String = collapsed.chars().take(SNIPPET_CHARS).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |at| &cut[..at]);
    format!("{at_word} …")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expand::markdown::{heading_ids, parse};
    use proptest::prelude::*;

    /// Text mixing the cases [`tokenize`] and [`snippet`] must get right: runs of spaces and
    /// newlines, punctuation, accented and multi-byte letters (some of which lowercase to a
    /// different length), digits, one-letter and very long words.
    fn varied_text() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just(" ".to_string()),
                Just("\n  ".to_string()),
                Just(", ".to_string()),
                Just("İ".to_string()),
                Just("Über".to_string()),
                Just("λ".to_string()),
                Just("x".to_string()),
                Just("-".to_string()),
                Just("_".to_string()),
                Just(".".to_string()),
                Just("0.25".to_string()),
                "[a-zA-Z0-9]{1,40}",
                "[a-zé]{20,30}",
            ],
            0..120,
        )
        .prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #[test]
        fn lowercase_is_the_standard_lowercase(
            text in varied_text(), sigma in prop_oneof![Just(""), Just("Σ"), Just("ΑΣ ")]
        ) {
            prop_assert_eq!(lowercase(&text), text.to_lowercase());
            let with_sigma = format!("{text}{sigma}{text}");
            prop_assert_eq!(lowercase(&with_sigma), with_sigma.to_lowercase());
        }

        #[test]
        fn words_and_snippets_are_those_of_the_plain_definitions(
            heading in varied_text(), text in varied_text()
        ) {
            // The definitions, written the slow and obvious way.
            let plain_tokenize = |text: &str| -> Vec<String> {
                let lower: Vec<char> = text.to_lowercase().chars().collect();
                let word = |c: char| c.is_alphabetic() || c.is_numeric();
                let kept = |piece: &str| {
                    (piece.chars().count() >= MIN_WORD_CHARS)
                        .then(|| piece.chars().take(MAX_WORD_CHARS).collect::<String>())
                };
                let mut out = Vec::new();
                let mut i = 0;
                while i < lower.len() {
                    if !word(lower[i]) {
                        i += 1;
                        continue;
                    }
                    let mut j = i;
                    while j < lower.len()
                        && (word(lower[j])
                            || (JOINERS.contains(&lower[j])
                                && word(lower[j - 1])
                                && lower.get(j + 1).is_some_and(|c| word(*c))))
                    {
                        j += 1;
                    }
                    let run: String = lower[i..j].iter().collect();
                    out.extend(run.split(|c: char| !word(c)).filter_map(kept));
                    if run.contains(JOINERS) {
                        out.extend(kept(&run));
                    }
                    i = j;
                }
                out
            };
            let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
            let plain_snippet = if collapsed.chars().count() <= SNIPPET_CHARS {
                collapsed
            } else {
                let cut: String = collapsed.chars().take(SNIPPET_CHARS).collect();
                let at_word = cut.rfind(' ').map_or(cut.as_str(), |at| &cut[..at]);
                format!("{at_word} …")
            };
            let mut seen = HashSet::new();
            let plain_words: Vec<String> = plain_tokenize(&heading)
                .into_iter()
                .chain(plain_tokenize("Page"))
                .chain(plain_tokenize(&text))
                .filter(|word| seen.insert(word.clone()))
                .collect();

            prop_assert_eq!(tokenize(&text), plain_tokenize(&text));
            let section = IndexedSection::from(SearchSection {
                url: "a.html".into(),
                page: "Page".into(),
                heading,
                text,
                formulas: String::new(),
            });
            prop_assert_eq!(section.words, plain_words);
            prop_assert_eq!(section.snippet, plain_snippet);
        }
    }

    #[test]
    fn words_are_lowercased_split_at_punctuation_and_short_ones_dropped() {
        assert_eq!(
            tokenize("Softmax, the Über-Kernel: a 3x3 λ-map"),
            vec![
                "softmax",
                "the",
                "über",
                "kernel",
                "über-kernel",
                "3x3",
                "map",
                "λ-map"
            ]
        );
        assert_eq!(
            tokenize("W_Q, top-p -- 0.25. a..b"),
            vec!["w_q", "top", "top-p", "25", "0.25"]
        );
    }

    #[test]
    fn a_page_is_cut_into_sections_at_its_headings() {
        let text = "Intro words.\n\n## Scaled scores\n\nDivide by the root.\n\n```attention\nname = \"x\"\n```\n";
        let mut events = parse(text, 0..text.len());
        heading_ids(&mut events);
        let sections = page_sections("part/a.html", "A page", &events);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].url, "part/a.html");
        assert_eq!(sections[1].url, "part/a.html#scaled-scores");
        assert_eq!(sections[1].heading, "Scaled scores");
        assert!(sections[1].text.contains("Divide by the root."));
        assert!(
            !sections[1].text.contains("name"),
            "code blocks are left out"
        );
    }

    #[test]
    fn formulas_and_computed_numbers_read_as_text_and_formulas_add_their_names() {
        let text = "## Norm\n\nDivide by $\\sqrt{d_k}$, which is <span class=\"worked-ref\" data-ref=\"a.b\">0.735</span>.\n\n$$N = \\operatorname{LayerNorm}(x) = \\begin{pmatrix} 1.5 & 2 \\end{pmatrix}$$\n";
        let mut events = parse(text, 0..text.len());
        heading_ids(&mut events);
        let sections = page_sections("a.html", "A", &events);
        let section = &sections[0];
        assert!(
            section.text.contains("Divide by √d_k, which is 0.735."),
            "{section:?}"
        );
        let indexed = IndexedSection::from(section.clone());
        for word in ["sqrt", "layernorm", "735"] {
            assert!(
                indexed.words.iter().any(|w| w == word),
                "{word}: {indexed:?}"
            );
        }
        for word in ["begin", "pmatrix", "operatorname"] {
            assert!(
                !indexed.words.iter().any(|w| w == word),
                "{word}: {indexed:?}"
            );
        }
        assert!(indexed.snippet.contains("√d_k"), "{indexed:?}");
    }

    #[test]
    fn a_snippet_keeps_the_text_of_a_cross_reference_and_an_ellipsis() {
        use pulldown_cmark::CowStr;
        let text = "Bias correction, in";
        let mut events = parse(text, 0..text.len());
        let end = events.pop().expect("the paragraph ends");
        events.push((Event::Text(CowStr::from(" ")), 0..0));
        events.push((
            Event::InlineHtml(CowStr::from(
                "<a class=\"xref\" href=\"#eq-a\" data-xref=\"eq-a\">Equation 12</a>",
            )),
            0..0,
        ));
        events.push((Event::Text(CowStr::from(", sums ")), 0..0));
        events.push((Event::InlineMath(CowStr::from("x_1, \\dots, x_n")), 0..0));
        events.push(end);
        let sections = page_sections("a.html", "A", &events);
        assert_eq!(
            sections[0].text.trim(),
            "Bias correction, in Equation 12, sums x_1, …, x_n"
        );
    }

    #[test]
    fn a_line_break_inside_a_heading_is_a_space_in_its_search_title() {
        let text = "Query and\nkey\n---\n\nWords.\n";
        let mut events = parse(text, 0..text.len());
        heading_ids(&mut events);
        let sections = page_sections("a.html", "A", &events);
        assert_eq!(sections[0].heading, "Query and key");
        assert_eq!(sections[0].text.trim(), "Words.");
    }

    #[test]
    fn the_index_lists_each_word_once_per_section_as_base36_gaps() {
        let section = |text: &str| SearchSection {
            url: "a.html".into(),
            page: "P".into(),
            text: text.into(),
            ..SearchSection::default()
        };
        let mut sections: Vec<SearchSection> = (0..40).map(|_| section("filler")).collect();
        sections[3] = section("softmax softmax");
        sections[5] = section("softmax");
        sections[39] = section("softmax");
        let sections: Vec<IndexedSection> = sections.into_iter().map(Into::into).collect();
        let script = index_script(&sections.iter().collect::<Vec<_>>(), &[]);
        assert!(
            script.starts_with("window.WORKED_SEARCH_INDEX = {"),
            "{script}"
        );
        assert!(script.contains("\"softmax\":\"3,2,y\""), "{script}");
    }

    #[test]
    fn base36_numbers_keep_every_digit_up_to_the_largest() {
        let written = |value: usize| {
            let mut out = String::from(",");
            push_base36(&mut out, value);
            out
        };
        assert_eq!(written(0), ",0");
        assert_eq!(written(35), ",z");
        assert_eq!(written(36), ",10");
        assert_eq!(written(usize::MAX), ",3w5e11264sgsf");
        assert_eq!(
            usize::from_str_radix(&written(usize::MAX)[1..], 36),
            Ok(usize::MAX)
        );
    }

    #[test]
    fn no_text_can_close_the_script_element() {
        let section = IndexedSection::from(SearchSection {
            url: "a.html".into(),
            page: "</script><script>alert(1)".into(),
            ..SearchSection::default()
        });
        assert!(!index_script(&[&section], &[]).contains("</script>"));
    }
}
