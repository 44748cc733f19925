//! The `{{ … }}` reference syntax that places computed values in prose and math.
//!
//! Input: the text between `{{` and `}}`. Output: a [`Reference`] (which example, which
//! quantity, which entries, which filters) or a [`SyntaxError`] with the byte offset of the
//! problem inside that text. Parsing is all this module does: resolving a reference against
//! evaluated examples happens in `expand`, and all arithmetic in `compute::ops`.
//!
//! ```text
//! {{ cat.weights[sat, the] }}            one entry, by token names
//! {{ cat.weights[3, 1] }}                the same entry, by 1-based positions
//! {{ cat.scaled[sat] | exp | sum | 1dp }} a row, exponentiated, summed, one decimal place
//! {{ cat.q[sat] | dot(cat.k[the]) }}      a dot product of two rows
//! {{ literal 1706.03762 }}               a number typed on purpose (a paper's id, a version)
//! ```

use crate::compute::ops::Op;
use crate::compute::Index;
use std::fmt;

/// A parsed `{{ … }}`.
#[derive(Debug, Clone, PartialEq)]
pub enum Placeholder {
    /// A computed value.
    Value(Reference),
    /// Text the author typed on purpose and marked so, e.g. `{{ literal 0.5 }}`.
    Literal(String),
}

/// A path to a computed value plus the filters applied to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// Name of an example block in the same lesson.
    pub example: String,
    /// Quantity of that example, e.g. `weights` or `h1.weights`.
    pub quantity: String,
    /// `[row]` or `[row, column]`; empty for the whole quantity.
    pub indices: Vec<Index>,
    /// Applied left to right.
    pub filters: Vec<Filter>,
}

/// One `| filter`.
#[derive(Debug, Clone, PartialEq)]
pub enum Filter {
    /// Computes something (exp, sum, dot, …) in the compute core.
    Compute(ComputeFilter),
    /// Print a vector as `a, b, c` instead of `(a, b, c)` or a row matrix.
    List,
    /// Print the label at the position the value holds (`{{ex.best | label}}` → `cat`).
    Label,
    /// Print with this many decimal places.
    Decimals(usize),
    /// Print with this many significant figures.
    Significant(usize),
}

/// A filter that the compute core evaluates; `dot` carries the reference it pairs with.
#[derive(Debug, Clone, PartialEq)]
pub enum ComputeFilter {
    /// A filter without arguments.
    Plain(Op),
    /// `dot(other)`.
    Dot(Box<Reference>),
}

/// A reference that does not parse, with the byte offset of the problem.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Byte offset inside the text between `{{` and `}}`.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// What to write instead.
    pub help: String,
}

/// How deep `dot(…)` filters may nest (`a.q | dot(b.k | dot(…))`). Real references nest once;
/// the limit keeps parsing, resolving and printing a reference from exhausting the stack.
pub const MAX_NESTING: usize = 8;

/// Most decimals or significant figures a reference may ask for.
pub const MAX_PRECISION: usize = 15;

const FILTERS: &str = "exp, ln, sqrt, sum, max, min, dot(…), percent, label, list, 2dp, 4sf";

/// Parses the inside of `{{ … }}`.
pub fn parse(text: &str) -> Result<Placeholder, SyntaxError> {
    let mut parser = Parser {
        text,
        at: 0,
        depth: 0,
    };
    parser.skip_space();
    if text[parser.at..].starts_with('#') {
        return Err(parser.error(
            "mdBook's `{{#…}}` directives are not read here",
            "paste the text it stands for, or print a value with {{ example.quantity[…] }}",
        ));
    }
    if parser.eat_word("literal") {
        let rest = text[parser.at..].trim();
        if rest.is_empty() {
            return Err(parser.error(
                "`literal` needs the text to print",
                "write e.g. {{ literal 1706.03762 }}",
            ));
        }
        return Ok(Placeholder::Literal(rest.to_string()));
    }
    let reference = parser.reference()?;
    parser.skip_space();
    if parser.at < text.len() {
        return Err(parser.error(
            format!("unexpected `{}`", parser.rest_preview()),
            format!(
                "a reference looks like example.quantity[row, column] | filter; filters: {FILTERS}"
            ),
        ));
    }
    Ok(Placeholder::Value(reference))
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
    /// How many `dot(` the parser is inside.
    depth: usize,
}

impl Parser<'_> {
    fn reference(&mut self) -> Result<Reference, SyntaxError> {
        self.skip_space();
        let example = self.identifier("an example name")?;
        if !self.eat('.') {
            return Err(self.error(
                format!("`{example}` names no quantity"),
                format!("write {example}.<quantity>, e.g. {example}.weights"),
            ));
        }
        let mut quantity = self.identifier("a quantity name")?;
        while self.eat('.') {
            quantity.push('.');
            quantity.push_str(&self.identifier("a quantity name")?);
        }
        self.skip_space();
        let indices = if self.eat('[') {
            self.indices()?
        } else {
            Vec::new()
        };
        let mut filters = Vec::new();
        loop {
            self.skip_space();
            if !self.eat('|') {
                break;
            }
            filters.push(self.filter()?);
        }
        Ok(Reference {
            example,
            quantity,
            indices,
            filters,
        })
    }

    fn indices(&mut self) -> Result<Vec<Index>, SyntaxError> {
        let mut indices = Vec::new();
        loop {
            self.skip_space();
            let start = self.at;
            let index = if self.eat(':') {
                Index::All
            } else if let Some(close) = self.opening_quote() {
                let end = self.text[self.at..].find(close).ok_or_else(|| {
                    self.error(
                        "this quoted label is never closed",
                        format!("end it with {close}"),
                    )
                })?;
                let label = self.text[self.at..self.at + end].to_string();
                self.at += end + close.len_utf8();
                Index::Label(label)
            } else {
                let end = self.text[self.at..]
                    .find([',', ']'])
                    .map_or(self.text.len(), |end| self.at + end);
                let item = self.text[self.at..end].trim();
                if item.is_empty() {
                    return Err(self.error(
                        "an index is missing",
                        "write a token or label name, a 1-based position, or `:` for all",
                    ));
                }
                self.at = end;
                match item.parse::<usize>() {
                    Ok(0) => {
                        self.at = start;
                        return Err(
                            self.error("positions count from 1", "the first row or column is 1")
                        );
                    }
                    Ok(position) => Index::Position(position),
                    Err(_) => Index::Label(item.to_string()),
                }
            };
            indices.push(index);
            self.skip_space();
            if self.eat(']') {
                break;
            }
            if !self.eat(',') {
                return Err(self.error(
                    "expected `,` or `]` in the index",
                    "write [row] or [row, column]",
                ));
            }
        }
        if indices.len() > 2 {
            return Err(self.error(
                format!("{} indices given; at most 2 fit", indices.len()),
                "write [row] or [row, column]",
            ));
        }
        Ok(indices)
    }

    fn filter(&mut self) -> Result<Filter, SyntaxError> {
        self.skip_space();
        let start = self.at;
        let word: String = self.text[self.at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        self.at += word.len();
        let filter = match word.as_str() {
            "exp" => Filter::Compute(ComputeFilter::Plain(Op::Exp)),
            "ln" => Filter::Compute(ComputeFilter::Plain(Op::Ln)),
            "sqrt" => Filter::Compute(ComputeFilter::Plain(Op::Sqrt)),
            "sum" => Filter::Compute(ComputeFilter::Plain(Op::Sum)),
            "max" => Filter::Compute(ComputeFilter::Plain(Op::Max)),
            "min" => Filter::Compute(ComputeFilter::Plain(Op::Min)),
            "list" => Filter::List,
            "label" => Filter::Label,
            "percent" => Filter::Compute(ComputeFilter::Plain(Op::Percent)),
            "dot" => {
                self.skip_space();
                if !self.eat('(') {
                    return Err(self.error(
                        "`dot` needs another vector",
                        "write dot(example.quantity[row])",
                    ));
                }
                if self.depth == MAX_NESTING {
                    return Err(self.error(
                        format!("dot(…) nests more than {MAX_NESTING} deep"),
                        "take the dot product in steps, or simplify the reference",
                    ));
                }
                self.depth += 1;
                let other = self.reference()?;
                self.depth -= 1;
                self.skip_space();
                if !self.eat(')') {
                    return Err(self.error(
                        "expected `)` after the reference in dot(…)",
                        "close it with )",
                    ));
                }
                Filter::Compute(ComputeFilter::Dot(Box::new(other)))
            }
            _ => match precision(&word) {
                Some(filter) => filter,
                None => {
                    let spelling = digits_spelling(&word, &self.text[self.at..]);
                    self.at = start;
                    return Err(self.error(
                        if word.is_empty() {
                            "a filter is missing after `|`".to_string()
                        } else {
                            format!("unknown filter `{word}`")
                        },
                        match spelling {
                            Some(spelling) => format!("write `| {spelling}`: digits are one word, the count first (4sf for significant figures, 6dp for decimal places), and apply to a whole table or vector too"),
                            None => format!("filters: {FILTERS}"),
                        },
                    ));
                }
            },
        };
        if let Filter::Decimals(count) | Filter::Significant(count) = filter {
            if count > MAX_PRECISION || (matches!(filter, Filter::Significant(0))) {
                self.at = start;
                return Err(self.error(
                    format!("`{word}` is not a usable precision"),
                    format!("use 0dp to {MAX_PRECISION}dp, or 1sf to {MAX_PRECISION}sf"),
                ));
            }
        }
        Ok(filter)
    }

    fn identifier(&mut self, what: &str) -> Result<String, SyntaxError> {
        let name: String = self.text[self.at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        if name.is_empty() {
            return Err(self.error(
                format!("expected {what}"),
                "a reference looks like example.quantity[row, column]",
            ));
        }
        self.at += name.len();
        Ok(name)
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Eats an opening quote and returns the quote that closes it: `"…"`, or `“…”`, which is
    /// what Markdown's smart punctuation makes of straight quotes in prose before a reference
    /// is read there.
    fn opening_quote(&mut self) -> Option<char> {
        if self.eat('"') {
            Some('"')
        } else if self.eat('\u{201c}') {
            Some('\u{201d}')
        } else {
            None
        }
    }

    fn eat(&mut self, expected: char) -> bool {
        if self.text[self.at..].starts_with(expected) {
            self.at += expected.len_utf8();
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let after = self.text[self.at..].strip_prefix(word);
        match after {
            Some(after) if after.chars().next().is_none_or(char::is_whitespace) => {
                self.at += word.len();
                true
            }
            _ => false,
        }
    }

    fn rest_preview(&self) -> String {
        self.text[self.at..].chars().take(20).collect()
    }

    fn error(&self, message: impl Into<String>, help: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset: self.at,
            message: message.into(),
            help: help.into(),
        }
    }
}

/// `3dp` → 3 decimals, `4sf` → 4 significant figures.
fn precision(word: &str) -> Option<Filter> {
    let (digits, kind) = word.split_at(word.len().checked_sub(2)?);
    let count = digits.parse().ok()?;
    match kind {
        "dp" => Some(Filter::Decimals(count)),
        "sf" => Some(Filter::Significant(count)),
        _ => None,
    }
}

/// The one accepted spelling of digits written another way: `sig 4`, `sig4`, `4 sf` and
/// `decimals 6` are `4sf` and `6dp`. `word` is the filter's first word, `rest` what follows it.
fn digits_spelling(word: &str, rest: &str) -> Option<String> {
    let kind = |name: &str| match name {
        "sig" | "sf" | "significant" | "digits" => Some("sf"),
        "dp" | "decimals" | "places" => Some("dp"),
        _ => None,
    };
    let next: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let count_first = word.chars().all(|c| c.is_ascii_digit()) && !word.is_empty();
    let (count, unit) = if count_first {
        (word.to_string(), kind(&next)?)
    } else {
        let split = word
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(word.len());
        let (name, attached) = word.split_at(split);
        let count = if attached.is_empty() {
            next
        } else {
            attached.to_string()
        };
        (count, kind(name)?)
    };
    let count = if !count.is_empty() && count.chars().all(|c| c.is_ascii_digit()) {
        count
    } else {
        "4".to_string()
    };
    Some(format!("{count}{unit}"))
}

impl Reference {
    /// The last precision filter, if any; it applies to the printed result.
    pub fn precision(&self) -> Option<&Filter> {
        self.filters
            .iter()
            .rev()
            .find(|filter| matches!(filter, Filter::Decimals(_) | Filter::Significant(_)))
    }

    /// Whether `| list` was asked for.
    pub fn as_list(&self) -> bool {
        self.filters.contains(&Filter::List)
    }

    /// Whether `| percent` was asked for: the value prints × 100 with a `%` sign.
    pub fn as_percent(&self) -> bool {
        self.filters
            .contains(&Filter::Compute(ComputeFilter::Plain(Op::Percent)))
    }
}

/// The normalized spelling, without spaces, used in `data-ref` attributes:
/// `cat.weights[sat,the]|exp|2dp`.
impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_spelling(f, Spacing::Compact)
    }
}

/// How a reference is spelled out: packed for attributes, or as an author writes it.
#[derive(Clone, Copy, PartialEq)]
enum Spacing {
    Compact,
    Readable,
}

impl Reference {
    /// The spelling an author writes, for hints: `cat.weights[sat, the] | exp | 2dp`.
    pub fn spelled(&self) -> String {
        struct Readable<'a>(&'a Reference);
        impl fmt::Display for Readable<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_spelling(f, Spacing::Readable)
            }
        }
        Readable(self).to_string()
    }

    fn write_spelling(&self, f: &mut fmt::Formatter<'_>, spacing: Spacing) -> fmt::Result {
        let (comma, bar) = match spacing {
            Spacing::Compact => (",", "|"),
            Spacing::Readable => (", ", " | "),
        };
        write!(f, "{}.{}", self.example, self.quantity)?;
        if !self.indices.is_empty() {
            let indices: Vec<String> = self
                .indices
                .iter()
                .map(|index| match index {
                    Index::All => ":".to_string(),
                    Index::Position(position) => position.to_string(),
                    Index::Label(label)
                        if label.contains([',', ']', '"']) || label.parse::<usize>().is_ok() =>
                    {
                        format!("\"{label}\"")
                    }
                    Index::Label(label) => label.clone(),
                })
                .collect();
            write!(f, "[{}]", indices.join(comma))?;
        }
        for filter in &self.filters {
            f.write_str(bar)?;
            match filter {
                Filter::Compute(ComputeFilter::Plain(op)) => f.write_str(op.name())?,
                Filter::Compute(ComputeFilter::Dot(other)) => {
                    f.write_str("dot(")?;
                    other.write_spelling(f, spacing)?;
                    f.write_str(")")?;
                }
                Filter::List => f.write_str("list")?,
                Filter::Label => f.write_str("label")?,
                Filter::Decimals(count) => write!(f, "{count}dp")?,
                Filter::Significant(count) => write!(f, "{count}sf")?,
            }
        }
        Ok(())
    }
}

/// Where `{{ … }}` placeholders sit in a piece of text: (range of the whole `{{…}}`, range of
/// its inside). In a run of three or more `{`, the placeholder opens at the last two, so
/// `e^{{{cat.scaled[sat,the]}}}` is `e^{` + placeholder + `}`. Double braces that are not a
/// reference (see [`is_reference`]) are left to TeX or the text: `\frac{{a}}{b}`, `e^{{x}}`.
pub fn find_placeholders(
    text: &str,
    is_example: &dyn Fn(&str) -> bool,
) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find("{{").map(|at| at + from) {
        let mut open = open;
        while text[open + 2..].starts_with('{') {
            open += 1;
        }
        // `{{#include …}}` and its kin are mdBook's; a written one is text (see load::include).
        if text[open + 2..].starts_with('#') {
            from = open + 2;
            continue;
        }
        let inner_start = open + 2;
        let close = text[inner_start..].find("}}");
        let inner_end = close.map_or(text.len(), |close| inner_start + close);
        if !is_reference(&text[inner_start..inner_end], is_example) {
            from = inner_start;
            continue;
        }
        match close {
            Some(_) => {
                found.push((open..inner_end + 2, inner_start..inner_end));
                from = inner_end + 2;
            }
            None => {
                // An unclosed `{{` is reported by the caller as a placeholder without an end.
                found.push((open..text.len(), inner_start..text.len()));
                break;
            }
        }
    }
    found
}

/// The rule that tells a reference from TeX's braces and from text: the inside of `{{…}}` is
/// a reference when it starts (after spaces) with `literal`, with a name and a dot (`cat.`),
/// or with the name of one of the lesson's examples, so `{{cat}}` and `{{cat weights}}` are
/// mistyped references, reported as such (mdBook's `{{#include …}}` and its kin are run or
/// refused by `load::include` before this stage). Anything else (`{{a}}`, `{{x^2}}`, `{{1}, {2}}`)
/// is written for TeX or the reader and stays as it is.
pub fn is_reference(inner: &str, is_example: &dyn Fn(&str) -> bool) -> bool {
    let inner = inner.trim_start();
    let name_length = inner
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(inner.len());
    let name = &inner[..name_length];
    let starts_like_a_name = name.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let after = &inner[name_length..];
    name == "literal"
        || inner.starts_with('#')
        || (starts_like_a_name && after.starts_with('.'))
        || (!name.is_empty() && is_example(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn reference(text: &str) -> Reference {
        match parse(text).unwrap() {
            Placeholder::Value(reference) => reference,
            other => panic!("expected a reference, got {other:?}"),
        }
    }

    #[test]
    fn parses_an_entry_addressed_by_labels() {
        let parsed = reference(" cat.weights[sat, the] ");
        assert_eq!(parsed.example, "cat");
        assert_eq!(parsed.quantity, "weights");
        assert_eq!(
            parsed.indices,
            vec![Index::Label("sat".into()), Index::Label("the".into())]
        );
    }

    #[test]
    fn a_label_in_curly_quotes_as_smart_punctuation_leaves_it_is_the_same_label() {
        let straight = reference("curve.g[\"-4\", 2]");
        let curly = reference("curve.g[\u{201c}-4\u{201d}, 2]");
        assert_eq!(curly, straight);
        assert_eq!(curly.indices[0], Index::Label("-4".into()));
    }

    #[test]
    fn parses_positions_columns_and_head_quantities() {
        let parsed = reference("two.h1.weights[:, 2]");
        assert_eq!(parsed.quantity, "h1.weights");
        assert_eq!(parsed.indices, vec![Index::All, Index::Position(2)]);
    }

    #[test]
    fn parses_filters_in_order() {
        let parsed = reference("cat.scaled[sat] | exp | sum | 1dp");
        assert_eq!(
            parsed.filters,
            vec![
                Filter::Compute(ComputeFilter::Plain(Op::Exp)),
                Filter::Compute(ComputeFilter::Plain(Op::Sum)),
                Filter::Decimals(1)
            ]
        );
    }

    #[test]
    fn parses_a_dot_product_with_another_reference() {
        let parsed = reference("cat.q[sat] | dot(cat.k[the])");
        assert_eq!(parsed.to_string(), "cat.q[sat]|dot(cat.k[the])");
    }

    #[test]
    fn literal_keeps_the_text_as_written() {
        assert_eq!(
            parse("literal 1706.03762").unwrap(),
            Placeholder::Literal("1706.03762".into())
        );
    }

    #[test]
    fn an_unknown_filter_points_at_the_filter() {
        let error = parse("cat.q | expp").unwrap_err();
        assert_eq!(error.offset, 8);
        assert!(error.message.contains("expp"));
        assert!(error.help.contains("exp"));
    }

    #[test]
    fn digits_written_another_way_get_their_own_count_in_the_accepted_spelling() {
        for (written, spelling) in [
            ("nw.table | sig 4", "`| 4sf`"),
            ("nw.table | sig 3", "`| 3sf`"),
            ("nw.table | dp 6", "`| 6dp`"),
            ("nw.table | sig5", "`| 5sf`"),
            ("nw.table | 2 dp", "`| 2dp`"),
            ("nw.table | decimals 1", "`| 1dp`"),
            ("nw.table | sig", "`| 4sf`"),
        ] {
            let error = parse(written).unwrap_err();
            assert_eq!(error.offset, 11, "{written}");
            assert!(
                error.help.starts_with(&format!("write {spelling}")),
                "{written}: {}",
                error.help
            );
        }
        let other = parse("nw.table | expo").unwrap_err();
        assert!(other.help.starts_with("filters:"), "{}", other.help);
    }

    #[test]
    fn position_zero_is_refused() {
        let error = parse("cat.q[0]").unwrap_err();
        assert!(error.message.contains("from 1"));
    }

    #[test]
    fn a_missing_quantity_is_explained() {
        let error = parse("cat").unwrap_err();
        assert!(error.help.contains("cat.<quantity>"), "{}", error.help);
    }

    #[test]
    fn three_braces_open_the_placeholder_at_the_last_two() {
        let text = "e^{{{cat.scaled[sat,the]}}}";
        let found = find_placeholders(text, &|_| false);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].1.clone()], "cat.scaled[sat,the]");
        assert_eq!(&text[..found[0].0.start], "e^{");
        assert_eq!(&text[found[0].0.end..], "}");
    }

    #[test]
    fn double_braces_of_tex_and_text_are_not_references_but_mistyped_ones_are() {
        let is_cat = |name: &str| name == "cat";
        let found = |text: &str| -> Vec<String> {
            find_placeholders(text, &is_cat)
                .into_iter()
                .map(|(_, inner)| text[inner].to_string())
                .collect()
        };
        assert!(found(r"\frac{{a}}{b} + e^{{x}} and {{1}, {2}} or {{0.5}}").is_empty());
        assert_eq!(
            found(r"\frac{{a}}{b} = {{cat.q[sat]}}, e^{{{cat.k}}}"),
            ["cat.q[sat]", "cat.k"]
        );
        assert_eq!(
            found("{{ cat }} {{cat weights}} {{Cat.q}} {{ literal 2 }}"),
            [" cat ", "cat weights", "Cat.q", " literal 2 "]
        );
        // Directives are expanded (or refused) when the lesson is loaded; one still here was
        // written escaped, as `\{{#include …}}`, and is text.
        assert!(found("{{#include a.md}}").is_empty());
        assert_eq!(found("{{x}} then {{cat.q"), ["cat.q"]);
    }

    #[test]
    fn an_unclosed_placeholder_runs_to_the_end() {
        let found = find_placeholders("see {{cat.q", &|_| false);
        assert_eq!(found, vec![(4..11, 6..11)]);
    }

    proptest! {
        #[test]
        fn normalized_spelling_parses_back_to_the_same_reference(
            example in "[a-z][a-z0-9_]{0,6}",
            quantity in "[a-z][a-z_]{0,8}",
            row in prop_oneof![Just(None), (1usize..20).prop_map(Some)],
            label in "[a-z]{1,5}",
            decimals in 0usize..=MAX_PRECISION,
        ) {
            let mut text = format!("{example}.{quantity}");
            if let Some(row) = row { text.push_str(&format!("[{row}, {label}]")); }
            text.push_str(&format!(" | exp | {decimals}dp"));
            let parsed = reference(&text);
            prop_assert_eq!(reference(&parsed.to_string()), parsed);
        }

        #[test]
        fn parsing_never_panics(text in "\\PC{0,40}") {
            let _ = parse(&text);
        }

        /// Text assembled from the syntax's own pieces reaches far more of the parser than
        /// random characters do; an error's offset always lies inside the text.
        #[test]
        fn parsing_pieces_of_the_syntax_never_panics(
            pieces in proptest::collection::vec(prop_oneof![
                Just("cat"), Just("."), Just("weights"), Just("["), Just("]"), Just(","),
                Just(":"), Just("\""), Just("|"), Just("dot("), Just(")"), Just("exp"),
                Just("2dp"), Just("99sf"), Just("0"), Just("3"), Just(" "), Just("literal"),
                Just("é"), Just("√"),
            ], 0..40),
        ) {
            let text = pieces.concat();
            if let Err(error) = parse(&text) {
                prop_assert!(error.offset <= text.len());
                prop_assert!(text.is_char_boundary(error.offset));
            }
        }

        /// Any reference the parser accepts prints in a spelling that parses back to it,
        /// nested dot products and quoted labels included.
        #[test]
        fn accepted_references_round_trip_through_their_spelling(
            pieces in proptest::collection::vec(prop_oneof![
                Just("cat.weights"), Just("h1.q"), Just("[sat]"), Just("[2, the]"),
                Just("[:, 1]"), Just("[\"a,b\", 1]"), Just("[\"7\"]"), Just(" | exp"),
                Just(" | sum"), Just(" | list"), Just(" | 3dp"), Just(" | 2sf"),
                Just(" | dot("), Just(")"),
            ], 1..16),
        ) {
            let text = format!("x.{}", pieces.concat());
            if let Ok(Placeholder::Value(parsed)) = parse(&text) {
                prop_assert_eq!(reference(&parsed.to_string()), parsed);
            }
        }
    }

    #[test]
    fn dot_products_nested_thousands_deep_are_an_error_not_a_stack_overflow() {
        let text = format!("a.q{}", " | dot(a.q".repeat(5_000) + &")".repeat(5_000));
        let error = parse(&text).unwrap_err();
        assert!(error.message.contains("nests more than"), "{error:?}");
        let allowed = format!(
            "a.q{}",
            " | dot(a.q".repeat(MAX_NESTING) + &")".repeat(MAX_NESTING)
        );
        assert!(parse(&allowed).is_ok());
    }
}
