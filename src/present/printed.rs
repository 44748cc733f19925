//! What a lesson's examples can print, for the typed-number check: every single number a
//! quantity holds, addressed the way a reference addresses it, and whether one of them prints
//! the same as a number the author typed.
//!
//! PURE: input is [`Quantity`] values and numbers read from the author's text; output is entries
//! and printed strings. Printing goes through [`format_number`], the very function that prints
//! references, so "prints the same" means what the page would show.

use super::number::{format_number, Precision, Style};
use crate::compute::{Index, Quantity};

/// One number of a quantity and the indices that select it (`[]` for a scalar).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// `[row]`, `[row, column]`, by label where the labels are unique, else by 1-based position.
    pub indices: Vec<Index>,
    /// The number.
    pub value: f64,
}

/// Every number of `quantity`, in reading order, at most `limit` of them (a 512×1024 matrix is
/// half a million entries; the check looks at the first `limit`). Text has none.
pub fn entries(quantity: &Quantity, limit: usize) -> Vec<Entry> {
    match quantity {
        Quantity::Count(count) => vec![Entry {
            indices: Vec::new(),
            value: *count as f64,
        }],
        Quantity::Scalar(value) => vec![Entry {
            indices: Vec::new(),
            value: *value,
        }],
        Quantity::Vector { values, labels } => values
            .iter()
            .enumerate()
            .take(limit)
            .map(|(i, value)| Entry {
                indices: vec![index(labels.as_deref(), i)],
                value: *value,
            })
            .collect(),
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => values
            .indexed_iter()
            .take(limit)
            .map(|((i, j), value)| Entry {
                indices: vec![
                    index(row_labels.as_deref(), i),
                    index(col_labels.as_deref(), j),
                ],
                value: *value,
            })
            .collect(),
        Quantity::Text(_) => Vec::new(),
    }
}

/// The label of position `i` when it names only that position, else the 1-based position.
fn index(labels: Option<&[String]>, i: usize) -> Index {
    match labels {
        Some(labels) if labels.iter().filter(|label| **label == labels[i]).count() == 1 => {
            Index::Label(labels[i].clone())
        }
        _ => Index::Position(i + 1),
    }
}

/// `value` as the page prints it at `precision`, with `-` for a minus sign: the key under which
/// a typed number and a computed value are compared.
pub fn printed(value: f64, precision: Precision) -> String {
    format_number(value, precision, Style::Latex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn matrix_entries_are_addressed_by_unique_labels_or_positions() {
        let quantity = Quantity::Matrix {
            values: array![[0.1, 0.2], [0.3, 0.4]],
            row_labels: Some(vec!["the".into(), "the".into()]),
            col_labels: Some(vec!["a".into(), "b".into()]),
        };
        let found = entries(&quantity, 10);
        assert_eq!(found.len(), 4);
        assert_eq!(
            found[1].indices,
            vec![Index::Position(1), Index::Label("b".into())]
        );
        assert_eq!(found[2].value, 0.3);
        assert_eq!(entries(&quantity, 3).len(), 3);
    }

    #[test]
    fn scalars_and_counts_are_one_entry_and_text_none() {
        assert_eq!(entries(&Quantity::Count(64), 10)[0].value, 64.0);
        assert!(entries(&Quantity::Text("cat".into()), 10).is_empty());
    }

    #[test]
    fn printed_is_the_reference_formatting_with_a_plain_minus() {
        assert_eq!(printed(-0.18696, Precision::Decimals(3)), "-0.187");
        assert_eq!(printed(0.0001, Precision::Significant(1)), "0.0001");
        assert_eq!(
            printed(0.00001, Precision::Significant(1)),
            r"1 \times 10^{-5}"
        );
    }
}
