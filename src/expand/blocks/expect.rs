//! Pinned expectations: an example's `[expect]` table holds values the way a paper or an
//! earlier edition printed them; the build fails when the computation, printed the same way,
//! says otherwise.
//!
//! Numbers are compared as printed text, not by a tolerance: `0.446` written with three
//! decimals matches when the computed value prints as `0.446` at three decimals. So the
//! check needs no arithmetic of its own, and "agrees as printed" means exactly that.

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
            let mut reader = Reader {
                text,
                at: span.start,
                end: span.end,
            };
            let written = reader.value()?;
            Ok(Expectation {
                quantity: quantity.clone(),
                value: written,
            })
        })
        .collect()
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
    end: usize,
}

impl Reader<'_> {
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
            return Err(BlockError::new(self.at..self.at + length.max(1), format!("cannot read `{shown}` as an expected value"))
                .help("write expected values as plain decimals, the way they are printed, e.g. 0.187 or [[0.446, 0.108]]"));
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
    let printed = format_number(computed, Precision::Decimals(*decimals), Style::Latex);
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
