//! Pinned expectations: an example's `[expect]` table holds values the way a paper or an
//! earlier edition printed them; the build fails when the computation, printed the same way,
//! says otherwise.
//!
//! Numbers are compared as printed text, not by a tolerance: `0.446` written with three
//! decimals matches when the computed value prints as `0.446` at three decimals. So the
//! check needs no arithmetic of its own, and "agrees as printed" means exactly that.
//!
//! To pin more places than the value needs written (a difference that must be 0 to eight
//! decimals), an entry is an inline table, `off = { value = 0, decimals = 8 }`: the value is
//! padded to those decimals and compared as if typed with them, so no run of zeros is typed.

use super::compute::reread;
use super::{BlockError, BlockText, ExampleBlock};
use crate::base::diagnostics::Diagnostic;
use crate::base::source::SourceFile;
use crate::compute::Quantity;
use crate::present::{format_number, Precision, Style};
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// The `[expect]` table as TOML gives it: quantity name → value with its span.
pub type ExpectTable = BTreeMap<String, Spanned<toml::Value>>;

/// One pinned quantity.
#[derive(Debug, Clone)]
pub struct Expectation {
    /// The quantity's name, e.g. `weights`.
    pub quantity: String,
    /// The written value, with the span of every number.
    pub value: Written,
}

/// A written number or a nested list of them.
#[derive(Debug, Clone)]
pub enum Written {
    /// A number as typed, e.g. `0.446`, with its span.
    Number {
        /// The text, e.g. `-0.446`.
        text: String,
        /// Decimal places written.
        decimals: usize,
        /// Where it is (in the body while parsing, in the file after [`Expectation::in_file`]).
        span: Range<usize>,
    },
    /// `[…]`.
    List(Vec<Written>, Range<usize>),
}

/// The most decimals an inline expectation compares at: an `f64` carries about 17 significant
/// digits, so more places would print digits the computation never had.
const MOST_DECIMALS: i64 = 17;

const PLAIN_HELP: &str =
    "write expected values as plain decimals, the way they are printed, e.g. 0.187 or [[0.446, 0.108]]";

const INLINE_HELP: &str = "write e.g. off = { value = 0, decimals = 8 }: `value` as a plain \
expectation (a number or a list of them), `decimals` the places (0 to 17) at which it and the \
computed value are printed and compared";

/// Reads the `[expect]` table, keeping the text of each number as written.
pub(super) fn read(
    text: &str,
    table: Option<&ExpectTable>,
) -> Result<Vec<Expectation>, BlockError> {
    let Some(table) = table else {
        return Ok(Vec::new());
    };
    table
        .iter()
        .map(|(quantity, value)| {
            let span = value.span();
            let written = match value.get_ref() {
                toml::Value::Table(_) => pinned(text, quantity, &span)?,
                _ => Reader::over(text, &span).whole()?,
            };
            Ok(Expectation {
                quantity: quantity.clone(),
                value: written,
            })
        })
        .collect()
}

/// Reads `quantity = { value = …, decimals = … }` at `span`: the value with every number
/// padded to `decimals`, so it is compared at those places.
fn pinned(text: &str, quantity: &str, span: &Range<usize>) -> Result<Written, BlockError> {
    let entries: BTreeMap<Spanned<String>, Spanned<toml::Value>> =
        reread(text, span).map_err(|error| error.help(INLINE_HELP))?;
    let mut value = None;
    let mut decimals = None;
    for (key, entry) in &entries {
        match key.get_ref().as_str() {
            "value" => value = Some(entry.span()),
            "decimals" => decimals = Some(pinned_decimals(text, entry)?),
            other => {
                return Err(BlockError::new(
                    key.span(),
                    format!("`{other}` is not a key of the pinned value `{quantity}`"),
                )
                .help(format!(
                    "a pinned value takes only `value` and `decimals`: {INLINE_HELP}"
                )))
            }
        }
    }
    let missing = |key: &str| {
        BlockError::new(
            span.clone(),
            format!("the pinned value `{quantity}` has no `{key}`"),
        )
        .help(INLINE_HELP)
    };
    let value = value.ok_or_else(|| missing("value"))?;
    let decimals = decimals.ok_or_else(|| missing("decimals"))?;
    Reader::over(text, &value).whole()?.at_decimals(decimals)
}

/// The `decimals` of an inline expectation: a whole number from 0 to [`MOST_DECIMALS`].
fn pinned_decimals(text: &str, entry: &Spanned<toml::Value>) -> Result<usize, BlockError> {
    match entry.get_ref() {
        toml::Value::Integer(places) if (0..=MOST_DECIMALS).contains(places) => {
            Ok(*places as usize)
        }
        _ => Err(BlockError::new(
            entry.span(),
            format!(
                "`decimals` must be a whole number from 0 to {MOST_DECIMALS}, not `{}`",
                text[entry.span()].trim()
            ),
        )
        .help("write the number of places to compare at, e.g. decimals = 8")),
    }
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
    end: usize,
}

impl Reader<'_> {
    fn over<'a>(text: &'a str, span: &Range<usize>) -> Reader<'a> {
        Reader {
            text,
            at: span.start,
            end: span.end,
        }
    }

    /// The value spanning the whole of the reader's text: `1e-3` is not read as `1`.
    fn whole(&mut self) -> Result<Written, BlockError> {
        let start = self.at;
        let value = self.value()?;
        self.skip_blank();
        if self.at < self.end {
            let shown = self.text[start..self.end].trim();
            return Err(BlockError::new(
                start..self.end,
                format!("cannot read `{shown}` as an expected value"),
            )
            .help(PLAIN_HELP));
        }
        Ok(value)
    }

    fn value(&mut self) -> Result<Written, BlockError> {
        self.skip_blank();
        let start = self.at;
        if self.text[self.at..].starts_with('[') {
            self.at += 1;
            let mut items = Vec::new();
            loop {
                self.skip_blank();
                if self.text[self.at..].starts_with(']') {
                    self.at += 1;
                    return Ok(Written::List(items, start..self.at));
                }
                items.push(self.value()?);
                self.skip_blank();
                if self.text[self.at..].starts_with(',') {
                    self.at += 1;
                }
                if self.at >= self.end {
                    return Err(BlockError::new(
                        start..self.end,
                        "this expected list is never closed",
                    ));
                }
            }
        }
        let length = self.text[self.at..self.end]
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
            .unwrap_or(self.end - self.at);
        let number = &self.text[self.at..self.at + length];
        let valid = !number.is_empty()
            && number.trim_start_matches(['-', '+']).split('.').count() <= 2
            && number
                .trim_start_matches(['-', '+'])
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.');
        if !valid || length == 0 {
            let shown: String = self.text[self.at..self.end].chars().take(12).collect();
            return Err(BlockError::new(
                self.at..self.at + length.max(1),
                format!("cannot read `{shown}` as an expected value"),
            )
            .help(PLAIN_HELP));
        }
        self.at += length;
        let decimals = number
            .split_once('.')
            .map_or(0, |(_, fraction)| fraction.len());
        Ok(Written::Number {
            text: number.trim_start_matches('+').to_string(),
            decimals,
            span: start..self.at,
        })
    }

    fn skip_blank(&mut self) {
        while self.at < self.end {
            let rest = &self.text[self.at..self.end];
            if rest.starts_with('#') {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
                self.at += c.len_utf8();
            } else {
                break;
            }
        }
    }
}

impl Written {
    fn span(&self) -> Range<usize> {
        match self {
            Written::Number { span, .. } | Written::List(_, span) => span.clone(),
        }
    }

    /// Every number as if written with `places` decimals (`0` as `0.00000000`); a number
    /// written with more is an error, since the places it shows would not be compared.
    fn at_decimals(self, places: usize) -> Result<Written, BlockError> {
        match self {
            Written::Number {
                text,
                decimals,
                span,
            } => {
                if decimals > places {
                    return Err(BlockError::new(
                        span,
                        format!("{text} is written with {decimals} decimals, more than the {places} it is compared at"),
                    )
                    .help(format!("write it with at most {places} decimals, or raise `decimals` to {decimals}")));
                }
                let point = if decimals == 0 && places > 0 { "." } else { "" };
                Ok(Written::Number {
                    text: format!("{text}{point}{}", "0".repeat(places - decimals)),
                    decimals: places,
                    span,
                })
            }
            Written::List(items, span) => Ok(Written::List(
                items
                    .into_iter()
                    .map(|item| item.at_decimals(places))
                    .collect::<Result<_, _>>()?,
                span,
            )),
        }
    }

    fn map_spans(self, body: &BlockText) -> Written {
        match self {
            Written::Number {
                text,
                decimals,
                span,
            } => Written::Number {
                text,
                decimals,
                span: body.file_span(span),
            },
            Written::List(items, span) => Written::List(
                items.into_iter().map(|item| item.map_spans(body)).collect(),
                body.file_span(span),
            ),
        }
    }
}

impl Expectation {
    /// Moves the spans from the block body into the lesson file.
    pub(super) fn in_file(self, body: &BlockText) -> Expectation {
        Expectation {
            quantity: self.quantity,
            value: self.value.map_spans(body),
        }
    }

    /// Every disagreement between the computation and this expectation.
    pub fn check(&self, file: &SourceFile, block: &ExampleBlock) -> Vec<Diagnostic> {
        let Some(quantity) = block.evaluated.quantity(&self.quantity) else {
            return vec![Diagnostic::at(
                file,
                self.value.span(),
                format!(
                    "example \"{}\" has no quantity `{}` to pin",
                    block.name, self.quantity
                ),
            )
            .with_help(format!(
                "quantities: {}",
                block.evaluated.quantity_names().join(", ")
            ))];
        };
        let name = format!("{}.{}", block.name, self.quantity);
        let mut problems = Vec::new();
        let shape_problem = |what: &str| {
            Diagnostic::at(
                file,
                self.value.span(),
                format!(
                    "expected {what} for {name}, which is {}",
                    quantity.shape_description()
                ),
            )
            .with_help("write the expectation with the same shape as the quantity")
        };
        match (&quantity, &self.value) {
            (Quantity::Scalar(value), Written::Number { .. }) => {
                compare(file, &name, *value, &self.value, &mut problems)
            }
            (Quantity::Count(count), Written::Number { .. }) => {
                compare(file, &name, *count as f64, &self.value, &mut problems)
            }
            (Quantity::Vector { values, labels }, Written::List(items, _))
                if items.len() == values.len() =>
            {
                for (index, item) in items.iter().enumerate() {
                    let entry = format!("{name}[{}]", label(labels, index));
                    compare(file, &entry, values[index], item, &mut problems);
                }
            }
            (
                Quantity::Matrix {
                    values,
                    row_labels,
                    col_labels,
                },
                Written::List(rows, _),
            ) if rows.len() == values.nrows() => {
                for (row, written_row) in rows.iter().enumerate() {
                    match written_row {
                        Written::List(items, _) if items.len() == values.ncols() => {
                            for (col, item) in items.iter().enumerate() {
                                let entry = format!(
                                    "{name}[{}, {}]",
                                    label(row_labels, row),
                                    label(col_labels, col)
                                );
                                compare(file, &entry, values[[row, col]], item, &mut problems);
                            }
                        }
                        _ => problems.push(shape_problem(&format!(
                            "a row of {} numbers",
                            values.ncols()
                        ))),
                    }
                }
            }
            (_, Written::Number { .. }) => problems.push(shape_problem("one number")),
            (_, Written::List(items, _)) => {
                problems.push(shape_problem(&format!("a list of {}", items.len())))
            }
        }
        problems
    }
}

fn label(labels: &Option<Vec<String>>, index: usize) -> String {
    labels
        .as_ref()
        .and_then(|labels| labels.get(index).cloned())
        .unwrap_or_else(|| (index + 1).to_string())
}

fn compare(
    file: &SourceFile,
    entry: &str,
    computed: f64,
    written: &Written,
    problems: &mut Vec<Diagnostic>,
) {
    let Written::Number {
        text,
        decimals,
        span,
    } = written
    else {
        problems.push(
            Diagnostic::at(
                file,
                written.span(),
                format!("expected one number for {entry}, found a list"),
            )
            .with_help("write the expectation with the same shape as the quantity"),
        );
        return;
    };
    // An expectation is written without the page's thousands grouping (`2048`, not `2{,}048`).
    let printed =
        format_number(computed, Precision::Decimals(*decimals), Style::Latex).replace("{,}", "");
    let written_normalized = if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        text.trim_start_matches('-').to_string()
    } else {
        text.clone()
    };
    if printed != written_normalized {
        problems.push(
            Diagnostic::at(
                file,
                span.clone(),
                format!("pinned value disagrees: {entry} is expected to print as {text}, but computes to {printed}"),
            )
            .with_label(format!("computed {computed}"))
            .with_help("fix the example's inputs, or update the expectation if the change is intended"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expectations of the `[expect]` table `table`, with the text they were read from.
    fn read_table(table: &str) -> (String, Result<Vec<Expectation>, BlockError>) {
        #[derive(serde::Deserialize)]
        struct Block {
            expect: ExpectTable,
        }
        let text = format!("[expect]\n{table}\n");
        let block: Block = toml::from_str(&text).expect("the table is TOML");
        let read = read(&text, Some(&block.expect));
        (text, read)
    }

    /// The one number of `table`'s only entry: its text, decimals and written text.
    fn number(table: &str) -> (String, usize, String) {
        let (text, read) = read_table(table);
        match &read.expect("the table reads")[0].value {
            Written::Number {
                text: number,
                decimals,
                span,
            } => (number.clone(), *decimals, text[span.clone()].to_string()),
            list => panic!("a list: {list:?}"),
        }
    }

    /// The error `table` is refused with: its message, help and the text it points at.
    fn refusal(table: &str) -> (String, String, String) {
        let (text, read) = read_table(table);
        let error = read.expect_err("the table is refused");
        (
            error.message,
            error.help.unwrap_or_default(),
            text[error.span].to_string(),
        )
    }

    /// What comparing `computed` with `table`'s only entry reports.
    fn disagreements(table: &str, computed: f64) -> Vec<String> {
        let (text, read) = read_table(table);
        let file = SourceFile::new("content/t.md", text);
        let mut problems = Vec::new();
        let written = &read.expect("the table reads")[0].value;
        compare(&file, "ex.off", computed, written, &mut problems);
        problems
            .iter()
            .map(|problem| problem.message().to_string())
            .collect()
    }

    #[test]
    fn a_plain_number_is_compared_at_the_decimals_it_is_written_with() {
        assert_eq!(
            number("off = 0.00000000"),
            ("0.00000000".into(), 8, "0.00000000".into())
        );
        assert_eq!(number("d_k = 2"), ("2".into(), 0, "2".into()));
    }

    #[test]
    fn an_inline_entry_reads_its_value_as_if_written_with_its_decimals() {
        assert_eq!(
            number("off = { value = 0, decimals = 8 }"),
            ("0.00000000".into(), 8, "0".into())
        );
        assert_eq!(
            number("off = { decimals = 3, value = -0.5 }"),
            ("-0.500".into(), 3, "-0.5".into())
        );
        assert_eq!(
            number("count = { value = 124, decimals = 0 }"),
            ("124".into(), 0, "124".into())
        );
        let (_, read) = read_table("w = { value = [[0.5, 1], [0, 0.25]], decimals = 3 }");
        let Written::List(rows, _) = &read.unwrap()[0].value else {
            panic!("not a list")
        };
        let texts: Vec<&str> = rows
            .iter()
            .flat_map(|row| match row {
                Written::List(items, _) => items.iter(),
                _ => panic!("not a row"),
            })
            .map(|item| match item {
                Written::Number { text, decimals, .. } if *decimals == 3 => text.as_str(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(texts, ["0.500", "1.000", "0.000", "0.250"]);
    }

    #[test]
    fn an_unknown_key_is_refused_at_the_key() {
        let (message, help, at) = refusal("off = { value = 0, decimal = 8 }");
        assert_eq!(message, "`decimal` is not a key of the pinned value `off`");
        assert!(help.contains("only `value` and `decimals`"), "{help}");
        assert_eq!(at, "decimal");
    }

    #[test]
    fn an_inline_entry_without_value_or_decimals_is_refused_at_the_table() {
        let (message, help, at) = refusal("off = { decimals = 8 }");
        assert_eq!(message, "the pinned value `off` has no `value`");
        assert!(help.contains("off = { value = 0, decimals = 8 }"), "{help}");
        assert_eq!(at, "{ decimals = 8 }");
        let (message, _, at) = refusal("off = { value = 0 }");
        assert_eq!(message, "the pinned value `off` has no `decimals`");
        assert_eq!(at, "{ value = 0 }");
    }

    #[test]
    fn decimals_that_are_not_a_whole_number_from_0_to_17_are_refused_at_the_number() {
        for decimals in ["18", "-1", "8.5", "\"8\"", "true"] {
            let (message, help, at) =
                refusal(&format!("off = {{ value = 0, decimals = {decimals} }}"));
            assert_eq!(
                message,
                format!("`decimals` must be a whole number from 0 to 17, not `{decimals}`")
            );
            assert!(help.contains("decimals = 8"), "{help}");
            assert_eq!(at, decimals);
        }
        assert_eq!(number("off = { value = 0, decimals = 17 }").1, 17);
    }

    #[test]
    fn a_value_written_with_more_decimals_than_it_is_compared_at_is_refused_at_the_number() {
        let (message, help, at) = refusal("w = { value = [0.5, 0.125], decimals = 2 }");
        assert_eq!(
            message,
            "0.125 is written with 3 decimals, more than the 2 it is compared at"
        );
        assert_eq!(
            help,
            "write it with at most 2 decimals, or raise `decimals` to 3"
        );
        assert_eq!(at, "0.125");
    }

    #[test]
    fn a_value_that_is_not_a_number_is_refused() {
        let (message, _, at) = refusal("off = { value = \"zero\", decimals = 8 }");
        assert!(message.starts_with("cannot read `\"zero\"`"), "{message}");
        assert_eq!(at, "\"");
    }

    #[test]
    fn a_number_in_exponent_form_is_refused_not_read_as_its_first_digits() {
        for table in ["off = 1e-9", "off = { value = 1e-9, decimals = 8 }"] {
            let (message, help, at) = refusal(table);
            assert_eq!(
                message, "cannot read `1e-9` as an expected value",
                "{table}"
            );
            assert!(help.contains("plain decimals"), "{help}");
            assert_eq!(at, "1e-9");
        }
    }

    #[test]
    fn a_value_of_four_or_more_digits_is_compared_without_the_pages_grouping() {
        assert!(disagreements("off = 2048", 2048.0).is_empty());
        assert!(disagreements("off = { value = 12345.5, decimals = 2 }", 12345.5).is_empty());
        assert_eq!(
            disagreements("off = 2048", 2049.0),
            ["pinned value disagrees: ex.off is expected to print as 2048, but computes to 2049"]
        );
    }

    #[test]
    fn an_inline_entry_compares_past_the_decimals_a_plain_number_would() {
        // 1e-10 prints as 0 to eight decimals, not to twelve.
        assert!(disagreements("off = 0.00000000", 1e-10).is_empty());
        assert!(disagreements("off = { value = 0, decimals = 8 }", 1e-10).is_empty());
        assert!(disagreements("off = { value = 0, decimals = 8 }", -1e-10).is_empty());
        assert_eq!(
            disagreements("off = { value = 0, decimals = 12 }", 1e-10),
            ["pinned value disagrees: ex.off is expected to print as 0.000000000000, but computes to 0.000000000100"]
        );
        // 0.4462 is 0.446 as written, not at four decimals.
        assert!(disagreements("off = 0.446", 0.4462).is_empty());
        assert_eq!(
            disagreements("off = { value = 0.446, decimals = 4 }", 0.4462),
            ["pinned value disagrees: ex.off is expected to print as 0.4460, but computes to 0.4462"]
        );
        assert!(disagreements("off = { value = 0.446, decimals = 4 }", 0.44603).is_empty());
    }
}
