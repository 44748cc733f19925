//! Labelled values and indexing: what a reference like `cat.weights[sat, the]` reads.
//!
//! Stage: between evaluation (every example kind exposes its results as [`Quantity`] values) and
//! presentation (the site prints whatever `select` and `ops::apply` return).
//! Input: a quantity and the indices of a reference, already parsed into [`Index`] values.
//! Output: the selected element, row, column or the whole quantity, or a [`ComputeError`] that
//! lists what would have been valid.
//! Must not: parse reference syntax or format numbers; that belongs to the site and `present`.

use ndarray::{Array1, Array2, Axis};

use super::ComputeError;

/// A computed value as references see it: a number, a labelled vector or matrix, or text.
#[derive(Debug, Clone, PartialEq)]
pub enum Quantity {
    /// An exact integer (a dimension, a count of steps): printed without decimals.
    Count(usize),
    /// A single real number.
    Scalar(f64),
    /// A vector; `labels` (one per element) let references index it by name.
    Vector {
        /// The elements.
        values: Array1<f64>,
        /// One name per element, or `None` when only 1-based positions make sense.
        labels: Option<Vec<String>>,
    },
    /// A matrix; row and column labels let references index it by name.
    Matrix {
        /// The entries.
        values: Array2<f64>,
        /// One name per row, or `None` when rows are addressed by 1-based position.
        row_labels: Option<Vec<String>>,
        /// One name per column, or `None` when columns are addressed by 1-based position.
        col_labels: Option<Vec<String>>,
    },
    /// A piece of text, such as the label of a softmax target.
    Text(String),
}

/// One index of a reference: `sat`, `2` or `:`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Index {
    /// A row or column label (a token, a vector name, `x`, `w`, …).
    Label(String),
    /// A 1-based position, as authors count.
    Position(usize),
    /// `:` — every row or every column.
    All,
}

/// Which axis an index addresses, for error messages.
#[derive(Clone, Copy)]
enum Axis2 {
    Element,
    Row,
    Column,
}

impl Axis2 {
    fn noun(self) -> &'static str {
        match self {
            Axis2::Element => "element",
            Axis2::Row => "row",
            Axis2::Column => "column",
        }
    }
}

impl Quantity {
    /// Selects part of the quantity with the indices of a reference.
    ///
    /// - `[]` returns the quantity unchanged.
    /// - `[i]` on a vector → that element; `[:]` → the whole vector.
    /// - `[i]` on a matrix → row `i` as a vector labelled by the column labels; `[:]` → the matrix.
    /// - `[i, j]` on a matrix → a scalar; `[:, j]` → column `j` labelled by the row labels;
    ///   `[i, :]` → row `i`; `[:, :]` → the matrix.
    ///
    /// Labels resolve against the row (first index) or column (second index) labels. A label
    /// that occurs more than once is an error naming its positions, since silently taking the
    /// first would print a number the author did not mean. Numbers and text cannot be indexed.
    pub fn select(&self, indices: &[Index]) -> Result<Quantity, ComputeError> {
        if indices.is_empty() {
            return Ok(self.clone());
        }
        match self {
            Quantity::Count(_) | Quantity::Scalar(_) | Quantity::Text(_) => Err(ComputeError::new(
                format!("{} cannot be indexed", self.shape_description()),
            )
            .with_hint("remove the [ … ] after the name")),
            Quantity::Vector { values, labels } => {
                let [index] = indices else {
                    return Err(too_many_indices(self, 1, indices.len()));
                };
                match resolve(index, values.len(), labels.as_deref(), Axis2::Element)? {
                    None => Ok(self.clone()),
                    Some(i) => Ok(Quantity::Scalar(values[i])),
                }
            }
            Quantity::Matrix {
                values,
                row_labels,
                col_labels,
            } => {
                let (row_index, col_index) = match indices {
                    [row] => (row, &Index::All),
                    [row, col] => (row, col),
                    _ => return Err(too_many_indices(self, 2, indices.len())),
                };
                let row = resolve(row_index, values.nrows(), row_labels.as_deref(), Axis2::Row)?;
                let col = resolve(
                    col_index,
                    values.ncols(),
                    col_labels.as_deref(),
                    Axis2::Column,
                )?;
                Ok(match (row, col) {
                    (Some(i), Some(j)) => Quantity::Scalar(values[[i, j]]),
                    (Some(i), None) => Quantity::Vector {
                        values: values.index_axis(Axis(0), i).to_owned(),
                        labels: col_labels.clone(),
                    },
                    (None, Some(j)) => Quantity::Vector {
                        values: values.index_axis(Axis(1), j).to_owned(),
                        labels: row_labels.clone(),
                    },
                    (None, None) => self.clone(),
                })
            }
        }
    }

    /// Describes the shape in words for messages: "a 3×2 matrix", "a vector of 3", "a number".
    pub fn shape_description(&self) -> String {
        match self {
            Quantity::Count(_) | Quantity::Scalar(_) => "a number".to_string(),
            Quantity::Vector { values, .. } => format!("a vector of {}", values.len()),
            Quantity::Matrix { values, .. } => {
                format!("a {}×{} matrix", values.nrows(), values.ncols())
            }
            Quantity::Text(_) => "a piece of text".to_string(),
        }
    }
}

fn too_many_indices(quantity: &Quantity, allowed: usize, given: usize) -> ComputeError {
    let allowed_text = if allowed == 1 {
        "one index"
    } else {
        "at most two indices"
    };
    ComputeError::new(format!(
        "{} takes {allowed_text}, but {given} were given",
        quantity.shape_description()
    ))
}

/// Turns one index into a 0-based position along an axis of length `len`; `None` means "all".
fn resolve(
    index: &Index,
    len: usize,
    labels: Option<&[String]>,
    axis: Axis2,
) -> Result<Option<usize>, ComputeError> {
    let noun = axis.noun();
    match index {
        Index::All => Ok(None),
        Index::Position(position) => {
            if (1..=len).contains(position) {
                Ok(Some(position - 1))
            } else if *position == 0 {
                Err(
                    ComputeError::new(format!("there is no {noun} 0: positions start at 1"))
                        .with_hint(range_hint(len, labels)),
                )
            } else {
                Err(ComputeError::new(format!(
                    "there is no {noun} {position}: there {}",
                    count_phrase(len, noun)
                ))
                .with_hint(range_hint(len, labels)))
            }
        }
        Index::Label(label) => {
            let Some(labels) = labels else {
                return Err(ComputeError::new(format!(
                    "there is no {noun} labelled `{label}`: these {noun}s have no labels"
                ))
                .with_hint(range_hint(len, None)));
            };
            let positions: Vec<usize> = labels
                .iter()
                .enumerate()
                .filter(|(_, candidate)| *candidate == label)
                .map(|(i, _)| i + 1)
                .collect();
            match positions.as_slice() {
                [] => Err(
                    ComputeError::new(format!("there is no {noun} labelled `{label}`"))
                        .with_hint(range_hint(len, Some(labels))),
                ),
                [only] => Ok(Some(only - 1)),
                [first, second] => Err(ComputeError::new(format!(
                    "`{label}` appears twice; use its position {first} or {second}"
                ))),
                [init @ .., last] => Err(ComputeError::new(format!(
                    "`{label}` appears {} times; use one of its positions {} or {last}",
                    positions.len(),
                    join(init)
                ))),
            }
        }
    }
}

fn count_phrase(len: usize, noun: &str) -> String {
    match len {
        0 => format!("are no {noun}s"),
        1 => format!("is only 1 {noun}"),
        _ => format!("are only {len} {noun}s"),
    }
}

/// Lists what an author may write instead, capped so a 512-token example stays readable.
fn range_hint(len: usize, labels: Option<&[String]>) -> String {
    const SHOWN: usize = 12;
    let positions = match len {
        0 => return "there is nothing to select".to_string(),
        1 => "position 1".to_string(),
        _ => format!("a position from 1 to {len}"),
    };
    match labels {
        None => format!("use {positions}"),
        Some(labels) => {
            let shown: Vec<String> = labels
                .iter()
                .take(SHOWN)
                .map(|label| format!("`{label}`"))
                .collect();
            let more = if labels.len() > SHOWN { ", …" } else { "" };
            format!("use one of {}{more}, or {positions}", shown.join(", "))
        }
    }
}

fn join(numbers: &[usize]) -> String {
    numbers
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    fn labels(names: &[&str]) -> Option<Vec<String>> {
        Some(names.iter().map(|name| name.to_string()).collect())
    }

    fn weights() -> Quantity {
        Quantity::Matrix {
            values: array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
            row_labels: labels(&["the", "cat"]),
            col_labels: labels(&["a", "b", "c"]),
        }
    }

    fn label(name: &str) -> Index {
        Index::Label(name.to_string())
    }

    #[test]
    fn no_indices_returns_the_quantity_itself() {
        assert_eq!(weights().select(&[]).unwrap(), weights());
        assert_eq!(Quantity::Count(2).select(&[]).unwrap(), Quantity::Count(2));
    }

    #[test]
    fn numbers_and_text_cannot_be_indexed() {
        for quantity in [
            Quantity::Count(1),
            Quantity::Scalar(1.0),
            Quantity::Text("sat".into()),
        ] {
            let error = quantity.select(&[Index::Position(1)]).unwrap_err();
            assert!(error.message.ends_with("cannot be indexed"), "{error}");
        }
    }

    #[test]
    fn position_zero_is_rejected_because_positions_start_at_one() {
        let error = weights().select(&[Index::Position(0)]).unwrap_err();
        assert_eq!(error.message, "there is no row 0: positions start at 1");
    }

    #[test]
    fn an_out_of_range_position_lists_the_valid_range_and_labels() {
        let error = weights().select(&[Index::Position(3)]).unwrap_err();
        assert_eq!(error.message, "there is no row 3: there are only 2 rows");
        assert_eq!(
            error.hint.as_deref(),
            Some("use one of `the`, `cat`, or a position from 1 to 2")
        );
    }

    #[test]
    fn an_unknown_label_lists_the_valid_labels() {
        let error = weights().select(&[label("dog")]).unwrap_err();
        assert_eq!(error.message, "there is no row labelled `dog`");
        assert!(error.hint.unwrap().contains("`the`, `cat`"));
    }

    #[test]
    fn a_label_on_unlabelled_columns_suggests_positions() {
        let matrix = Quantity::Matrix {
            values: array![[1.0, 2.0]],
            row_labels: None,
            col_labels: None,
        };
        let error = matrix
            .select(&[Index::Position(1), label("x")])
            .unwrap_err();
        assert_eq!(
            error.message,
            "there is no column labelled `x`: these columns have no labels"
        );
        assert_eq!(error.hint.as_deref(), Some("use a position from 1 to 2"));
    }

    #[test]
    fn a_label_that_appears_twice_names_both_positions() {
        let vector = Quantity::Vector {
            values: array![1.0, 2.0, 3.0],
            labels: labels(&["the", "cat", "the"]),
        };
        let error = vector.select(&[label("the")]).unwrap_err();
        assert_eq!(
            error.message,
            "`the` appears twice; use its position 1 or 3"
        );
        assert_eq!(
            vector.select(&[Index::Position(3)]).unwrap(),
            Quantity::Scalar(3.0)
        );
    }

    #[test]
    fn a_label_that_appears_three_times_names_every_position() {
        let vector = Quantity::Vector {
            values: array![1.0, 2.0, 3.0],
            labels: labels(&["a", "a", "a"]),
        };
        let error = vector.select(&[label("a")]).unwrap_err();
        assert_eq!(
            error.message,
            "`a` appears 3 times; use one of its positions 1, 2 or 3"
        );
    }

    #[test]
    fn too_many_indices_are_an_error() {
        let vector = Quantity::Vector {
            values: array![1.0],
            labels: None,
        };
        let error = vector
            .select(&[Index::Position(1), Index::Position(1)])
            .unwrap_err();
        assert_eq!(
            error.message,
            "a vector of 1 takes one index, but 2 were given"
        );
        let error = weights().select(&[Index::All, Index::All, Index::All]);
        assert!(error.is_err());
    }

    #[test]
    fn a_vector_element_is_selected_by_label_or_position() {
        let vector = Quantity::Vector {
            values: array![0.5, 0.25],
            labels: labels(&["x", "y"]),
        };
        assert_eq!(
            vector.select(&[label("y")]).unwrap(),
            Quantity::Scalar(0.25)
        );
        assert_eq!(
            vector.select(&[Index::Position(1)]).unwrap(),
            Quantity::Scalar(0.5)
        );
        assert_eq!(vector.select(&[Index::All]).unwrap(), vector);
    }

    #[test]
    fn a_matrix_entry_is_selected_by_row_and_column() {
        assert_eq!(
            weights().select(&[label("cat"), label("a")]).unwrap(),
            Quantity::Scalar(4.0)
        );
        assert_eq!(
            weights()
                .select(&[Index::Position(1), Index::Position(3)])
                .unwrap(),
            Quantity::Scalar(3.0)
        );
    }

    #[test]
    fn one_index_on_a_matrix_selects_a_row_labelled_by_the_columns() {
        let expected = Quantity::Vector {
            values: array![4.0, 5.0, 6.0],
            labels: labels(&["a", "b", "c"]),
        };
        assert_eq!(weights().select(&[label("cat")]).unwrap(), expected);
        assert_eq!(
            weights().select(&[label("cat"), Index::All]).unwrap(),
            expected
        );
    }

    #[test]
    fn all_rows_of_one_column_is_a_column_labelled_by_the_rows() {
        assert_eq!(
            weights().select(&[Index::All, label("b")]).unwrap(),
            Quantity::Vector {
                values: array![2.0, 5.0],
                labels: labels(&["the", "cat"]),
            }
        );
        assert_eq!(weights().select(&[Index::All]).unwrap(), weights());
        assert_eq!(
            weights().select(&[Index::All, Index::All]).unwrap(),
            weights()
        );
    }

    #[test]
    fn shapes_are_described_in_words() {
        assert_eq!(weights().shape_description(), "a 2×3 matrix");
        assert_eq!(
            Quantity::Vector {
                values: array![1.0, 2.0, 3.0],
                labels: None
            }
            .shape_description(),
            "a vector of 3"
        );
        assert_eq!(Quantity::Scalar(1.0).shape_description(), "a number");
        assert_eq!(Quantity::Count(3).shape_description(), "a number");
    }

    #[test]
    fn long_label_lists_in_hints_are_cut_short() {
        let names: Vec<String> = (0..20).map(|i| format!("t{i}")).collect();
        let vector = Quantity::Vector {
            values: Array1::zeros(20),
            labels: Some(names),
        };
        let hint = vector.select(&[label("nope")]).unwrap_err().hint.unwrap();
        assert!(hint.contains("`t11`, …"), "{hint}");
        assert!(!hint.contains("`t12`"), "{hint}");
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn matrix() -> impl Strategy<Value = Array2<f64>> {
        (0usize..5, 0usize..5).prop_flat_map(|(rows, cols)| {
            proptest::collection::vec(-1e3..1e3f64, rows * cols).prop_map(move |values| {
                Array2::from_shape_vec((rows, cols), values).expect("length is rows × cols")
            })
        })
    }

    fn index() -> impl Strategy<Value = Index> {
        prop_oneof![
            Just(Index::All),
            (0usize..7).prop_map(Index::Position),
            "[a-c]".prop_map(Index::Label),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn selecting_never_panics_and_returns_entries_of_the_matrix(
            values in matrix(),
            labelled in any::<bool>(),
            indices in proptest::collection::vec(index(), 0..4),
        ) {
            let names = |n: usize| -> Option<Vec<String>> {
                // Labels drawn from a small alphabet so duplicates occur.
                labelled.then(|| (0..n).map(|i| ["a", "b", "c"][i % 3].to_string()).collect())
            };
            let quantity = Quantity::Matrix {
                row_labels: names(values.nrows()),
                col_labels: names(values.ncols()),
                values: values.clone(),
            };
            if let Ok(Quantity::Scalar(x)) = quantity.select(&indices) {
                prop_assert!(values.iter().any(|entry| *entry == x));
            }
        }

        #[test]
        fn selecting_a_row_by_position_matches_the_row(values in matrix(), row in 1usize..5) {
            let quantity = Quantity::Matrix {
                values: values.clone(), row_labels: None, col_labels: None,
            };
            match quantity.select(&[Index::Position(row)]) {
                Ok(Quantity::Vector { values: selected, .. }) => {
                    prop_assert_eq!(selected, values.row(row - 1).to_owned());
                }
                Ok(other) => prop_assert!(false, "unexpected {:?}", other),
                Err(_) => prop_assert!(row > values.nrows()),
            }
        }
    }
}
