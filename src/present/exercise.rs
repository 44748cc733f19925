//! The parts of an exercise a reader works with: the answer's entries (what each field is
//! called, the number it expects and how far off still counts as right) and the HTML of the
//! fields and buttons that `static/js/exercise.js` brings to life.
//!
//! PURE: a [`Quantity`] and a precision in, entries and HTML strings out.

use super::number::{format_number, Precision, Style};
use crate::base::html::escape_html;
use crate::compute::lang::Value;
use crate::compute::Quantity;
use serde::{Deserialize, Serialize};

/// Most entries an answer may have: one field each, so a vector of up to 16 or a small matrix.
pub const MAX_ANSWER_ENTRIES: usize = 16;

/// One number the reader types.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerEntry {
    /// The field's accessible name: "Your answer", "Your answer, sat", "Your answer, row 1,
    /// column 2".
    pub label: String,
    /// The computed value.
    pub value: f64,
    /// The value as the page prints it.
    pub printed: String,
    /// The largest distance from `value` that counts as right.
    pub tolerance: f64,
}

/// An answer's entries in reading order, with the number of columns a matrix has (1 for a
/// number or a vector, whose fields sit in one row).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Every entry, row by row.
    pub entries: Vec<AnswerEntry>,
    /// Entries per row of fields.
    pub columns: usize,
}

/// Half a unit in the last digit of a printed number: `0.446` → 0.0005, `12` → 0.5.
pub fn half_unit(printed: &str) -> f64 {
    let decimals = printed.split_once('.').map_or(0, |(_, fraction)| {
        fraction.chars().take_while(char::is_ascii_digit).count()
    });
    0.5 / 10f64.powi(decimals as i32)
}

/// The widest `tolerance` an author may set for `answer`: half its largest entry's size, so a
/// reader who types 0 (or the opposite sign) is not right, and 0.5 for answers below 1 (an
/// answer near 0 is fairly given a tolerance of its own). `tolerance = 1e308` would accept every
/// number.
pub fn widest_tolerance(answer: &Answer) -> f64 {
    widest_tolerance_of(answer.entries.iter().map(|entry| entry.value))
}

/// [`widest_tolerance`] of an answer's entries (those of a `[vary]` seed).
pub fn widest_tolerance_of(values: impl IntoIterator<Item = f64>) -> f64 {
    values
        .into_iter()
        .map(|value| value.abs().max(1.0) / 2.0)
        .fold(0.0, f64::max)
}

/// The entries of `quantity` as an answer, or a message saying why it cannot be one.
pub fn answer(
    quantity: &Quantity,
    precision: Precision,
    tolerance: Option<f64>,
) -> Result<Answer, String> {
    // The entries of one answer share a precision, as the sentence that prints them does:
    // `(0.000, 1.414)`, never "The answer is 0" beside `1.414`.
    let precision = match quantity {
        Quantity::Vector { values, .. } => precision.shared_by(values.iter().copied()),
        Quantity::Matrix { values, .. } => precision.shared_by(values.iter().copied()),
        _ => precision,
    };
    let entry = |label: String, value: f64| {
        let printed = format_number(value, precision, Style::Prose);
        AnswerEntry {
            tolerance: tolerance.unwrap_or_else(|| half_unit(&printed)),
            label,
            value,
            printed,
        }
    };
    if let Some(bad) = answer_values(quantity).find(|value| !value.is_finite()) {
        let what = if bad.is_nan() {
            "not a number (NaN)"
        } else {
            "infinite"
        };
        return Err(format!(
            "it is {what}, so no number a reader types can match it"
        ));
    }
    let too_many = |count: usize| {
        format!("an answer has at most {MAX_ANSWER_ENTRIES} entries (one field each), and this one has {count}")
    };
    match quantity {
        Quantity::Count(count) => Ok(Answer {
            entries: vec![AnswerEntry {
                label: "Your answer".into(),
                value: *count as f64,
                printed: count.to_string(),
                tolerance: tolerance.unwrap_or(0.5),
            }],
            columns: 1,
        }),
        Quantity::Scalar(value) => Ok(Answer {
            entries: vec![entry("Your answer".into(), *value)],
            columns: 1,
        }),
        Quantity::Vector { values, labels } => {
            if values.len() > MAX_ANSWER_ENTRIES {
                return Err(too_many(values.len()));
            }
            let entries = values
                .iter()
                .enumerate()
                .map(|(i, value)| {
                    let name = labels
                        .as_ref()
                        .map_or_else(|| format!("entry {}", i + 1), |labels| labels[i].clone());
                    entry(format!("Your answer, {name}"), *value)
                })
                .collect();
            Ok(Answer {
                entries,
                columns: values.len(),
            })
        }
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            if values.len() > MAX_ANSWER_ENTRIES {
                return Err(too_many(values.len()));
            }
            let side = |labels: &Option<Vec<String>>, noun: &str, i: usize| {
                labels
                    .as_ref()
                    .map_or_else(|| format!("{noun} {}", i + 1), |labels| labels[i].clone())
            };
            let entries = values
                .indexed_iter()
                .map(|((i, j), value)| {
                    let label = format!(
                        "Your answer, {}, {}",
                        side(row_labels, "row", i),
                        side(col_labels, "column", j)
                    );
                    entry(label, *value)
                })
                .collect();
            Ok(Answer {
                entries,
                columns: values.ncols(),
            })
        }
        Quantity::Text(text) => Err(format!(
            "the answer is the text \"{text}\", and exercises check numbers"
        )),
    }
}

/// Every number of a numeric answer (none of a text).
fn answer_values(quantity: &Quantity) -> Box<dyn Iterator<Item = f64> + '_> {
    match quantity {
        Quantity::Count(count) => Box::new(std::iter::once(*count as f64)),
        Quantity::Scalar(value) => Box::new(std::iter::once(*value)),
        Quantity::Vector { values, .. } => Box::new(values.iter().copied()),
        Quantity::Matrix { values, .. } => Box::new(values.iter().copied()),
        Quantity::Text(_) => Box::new(std::iter::empty()),
    }
}

/// The fields, buttons and verdict of an exercise, hidden until the script shows them (readers
/// without JavaScript get the closed `<details>` instead). "Hint" comes with `hints`, "New
/// numbers" with `vary`.
pub fn controls_html(id: &str, answer: &Answer, hints: bool, vary: bool) -> String {
    let mut html =
        String::from("<div class=\"exercise-controls\" hidden>\n<div class=\"exercise-fields\">");
    for (row, entries) in answer.entries.chunks(answer.columns.max(1)).enumerate() {
        html.push_str("<div class=\"exercise-row\">");
        for (column, entry) in entries.iter().enumerate() {
            let index = row * answer.columns + column;
            html.push_str(&format!(
                "<input type=\"text\" class=\"exercise-field\" id=\"{id}-field-{index}\" aria-label=\"{}\" autocomplete=\"off\" spellcheck=\"false\">",
                escape_html(&entry.label)
            ));
        }
        html.push_str("</div>");
    }
    html.push_str("</div>\n<div class=\"exercise-buttons\"><button type=\"button\" data-action=\"check\">Check</button>");
    if hints {
        html.push_str("<button type=\"button\" data-action=\"hint\">Hint</button>");
    }
    html.push_str("<button type=\"button\" data-action=\"solution\">Show solution</button>");
    if vary {
        html.push_str("<button type=\"button\" data-action=\"vary\">New numbers</button>");
    }
    html.push_str(&format!("</div>\n<p class=\"exercise-verdict\" id=\"{id}-verdict\" role=\"status\" aria-live=\"polite\"></p>\n<div class=\"exercise-shown-hints\" aria-live=\"polite\"></div>\n</div>\n"));
    html
}

/// How a number an exercise's text prints is printed after "New numbers" (the twin of
/// `prose` in static/js/exercise-vary.js), chosen at build time by the rule references follow,
/// so every draw prints a reference with the digits the lesson's own numbers have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PrintRule {
    /// `Ndp`, a percentage, or a computed value at the book's decimals.
    Decimals {
        /// Decimal places.
        places: usize,
    },
    /// `Nsf`.
    Significant {
        /// Significant figures.
        figures: usize,
    },
    /// An input as written, or a whole number by construction: the shortest decimal that is
    /// the number.
    Written,
    /// A computed value at the book's decimals: an exactly whole value prints as an integer.
    Computed {
        /// Decimal places for a value that is not whole.
        places: usize,
    },
}

impl PrintRule {
    /// The rule of a reference's precision.
    pub fn of(precision: Precision) -> PrintRule {
        match precision {
            Precision::Decimals(places) => PrintRule::Decimals { places },
            Precision::Significant(figures) => PrintRule::Significant { figures },
            Precision::AsWritten => PrintRule::Written,
            Precision::Computed(places) => PrintRule::Computed { places },
        }
    }

    /// The rule the entries `values` of one answer print by: one precision for all of them
    /// (the twin of `sharedRule` in static/js/exercise-vary.js).
    pub fn shared_by(self, values: &[f64]) -> PrintRule {
        PrintRule::of(self.precision().shared_by(values.iter().copied()))
    }

    /// One number by this rule.
    pub fn number(self, value: f64) -> String {
        format_number(value, self.precision(), Style::Prose)
    }

    fn precision(self) -> Precision {
        match self {
            PrintRule::Decimals { places } => Precision::Decimals(places),
            PrintRule::Significant { figures } => Precision::Significant(figures),
            PrintRule::Written => Precision::AsWritten,
            PrintRule::Computed { places } => Precision::Computed(places),
        }
    }

    /// A value as a sentence prints it: a number, or a vector as `(a, b)` (`a, b` with `list`,
    /// and a one-entry vector as its number),
    /// followed by `%` for a percentage; a matrix's entries in reading order, as a list. All
    /// entries of one vector or matrix share a precision ([`Precision::shared_by`]).
    pub fn prose(self, value: &Value, list: bool, percent: bool) -> String {
        let precision = match value {
            Value::Scalar(_) => self.precision(),
            Value::Vector(values) => self.precision().shared_by(values.iter().copied()),
            Value::Matrix(values) => self.precision().shared_by(values.iter().copied()),
        };
        let number = |x: &f64| format_number(*x, precision, Style::Prose);
        let text = match value {
            Value::Scalar(x) => number(x),
            Value::Vector(values) => {
                let items: Vec<String> = values.iter().map(number).collect();
                if list || items.len() == 1 {
                    items.join(", ")
                } else {
                    format!("({})", items.join(", "))
                }
            }
            Value::Matrix(values) => values.iter().map(number).collect::<Vec<_>>().join(", "),
        };
        if percent {
            format!("{text}%")
        } else {
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn the_widest_tolerance_is_half_the_answer_or_a_half_below_1() {
        let vector = Quantity::Vector {
            values: array![0.25, -3.0],
            labels: None,
        };
        let wide = answer(&vector, Precision::Decimals(3), None).unwrap();
        assert_eq!(widest_tolerance(&wide), 1.5);
        let zero = answer(&Quantity::Scalar(0.0), Precision::Decimals(3), None).unwrap();
        assert_eq!(widest_tolerance(&zero), 0.5);
    }

    #[test]
    fn the_entries_of_one_answer_share_a_precision() {
        let vector = Quantity::Vector {
            values: array![0.0, 2f64.sqrt()],
            labels: None,
        };
        let answer = answer(&vector, Precision::Computed(3), None).unwrap();
        let printed: Vec<&str> = answer.entries.iter().map(|e| e.printed.as_str()).collect();
        assert_eq!(printed, ["0.000", "1.414"]);
        assert_eq!(answer.entries[0].tolerance, 0.0005);
        let rule = PrintRule::Computed { places: 3 };
        assert_eq!(rule.shared_by(&[0.0, 0.5]).number(0.0), "0.000");
        assert_eq!(rule.shared_by(&[0.0, 2.0]).number(0.0), "0");
    }

    #[test]
    fn an_answer_that_is_not_finite_is_refused() {
        for (value, says) in [
            (f64::NEG_INFINITY, "infinite"),
            (f64::INFINITY, "infinite"),
            (f64::NAN, "not a number"),
        ] {
            let problem =
                answer(&Quantity::Scalar(value), Precision::Decimals(3), None).unwrap_err();
            assert!(problem.contains(says), "{problem}");
        }
    }

    #[test]
    fn the_default_tolerance_is_half_a_unit_in_the_last_printed_digit() {
        assert_eq!(half_unit("0.446"), 0.0005);
        assert_eq!(half_unit("\u{2212}1.5"), 0.05);
        assert_eq!(half_unit("12"), 0.5);
    }

    #[test]
    fn print_rules_print_as_references_do() {
        assert_eq!(PrintRule::of(Precision::AsWritten).number(2.0), "2");
        assert_eq!(PrintRule::of(Precision::Decimals(3)).number(2.0), "2.000");
        assert_eq!(PrintRule::Written.number(-1.5), "\u{2212}1.5");
        let vector = Value::Vector(array![0.25, 0.5]);
        let dp = PrintRule::Decimals { places: 1 };
        assert_eq!(dp.prose(&vector, false, true), "(0.2, 0.5)%");
        assert_eq!(dp.prose(&vector, true, false), "0.2, 0.5");
    }

    #[test]
    fn a_vector_gets_a_field_per_entry_named_by_its_labels() {
        let quantity = Quantity::Vector {
            values: array![0.25, 0.75],
            labels: Some(vec!["cat".into(), "sat".into()]),
        };
        let answer = answer(&quantity, Precision::Decimals(2), None).unwrap();
        assert_eq!(answer.columns, 2);
        assert_eq!(answer.entries[1].label, "Your answer, sat");
        assert_eq!(answer.entries[1].printed, "0.75");
        assert_eq!(answer.entries[1].tolerance, 0.005);
        let html = controls_html("exercise-x", &answer, false, false);
        assert_eq!(html.matches("<input").count(), 2);
        assert!(!html.contains("New numbers") && !html.contains(">Hint<"));
    }

    #[test]
    fn a_matrix_names_rows_and_columns_and_big_answers_are_refused() {
        let quantity = Quantity::Matrix {
            values: array![[1.0, 2.0], [3.0, 4.0]],
            row_labels: None,
            col_labels: None,
        };
        let answer = answer(&quantity, Precision::AsWritten, Some(0.1)).unwrap();
        assert_eq!(answer.entries[2].label, "Your answer, row 2, column 1");
        assert_eq!(answer.entries[2].tolerance, 0.1);
        let big = Quantity::Vector {
            values: ndarray::Array1::zeros(17),
            labels: None,
        };
        assert!(super::answer(&big, Precision::Decimals(3), None).is_err());
    }
}
