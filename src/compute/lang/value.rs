//! Values of the compute language: a scalar, a vector or a matrix of `f64`.
//!
//! Stage: shared by evaluation and the functions. Input: numbers from inputs and steps.
//! Output: [`Value`], plus the views evaluation works in (every value as a matrix, a vector as one
//! row) and the way shapes and entries are written in error messages.
//! Must not: check finiteness or limits (evaluation does), or know about spans.

use std::borrow::Cow;

use ndarray::{Array1, Array2};

/// One value of a program: what an input holds and what a step computes.
///
/// Entries are finite, except that −∞ may appear as a mask (see the module doc of `lang`).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A single number.
    Scalar(f64),
    /// A list of numbers; in arithmetic with a matrix it broadcasts as one row.
    Vector(Array1<f64>),
    /// A rectangular table of numbers.
    Matrix(Array2<f64>),
}

/// How many axes a value has: 0 for a scalar, 1 for a vector, 2 for a matrix. Results of
/// elementwise operations take the larger rank of their operands.
pub(crate) type Rank = u8;

impl Value {
    /// 0, 1 or 2 axes.
    pub(crate) fn rank(&self) -> Rank {
        match self {
            Value::Scalar(_) => 0,
            Value::Vector(_) => 1,
            Value::Matrix(_) => 2,
        }
    }

    /// (rows, columns) of the value seen as a matrix: a scalar is 1×1, a vector one row.
    pub fn dims(&self) -> (usize, usize) {
        match self {
            Value::Scalar(_) => (1, 1),
            Value::Vector(v) => (1, v.len()),
            Value::Matrix(m) => m.dim(),
        }
    }

    /// How many numbers the value holds.
    pub fn len(&self) -> usize {
        let (rows, cols) = self.dims();
        rows * cols
    }

    /// Whether the value holds no number at all (only possible for an input).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value as a matrix: a scalar becomes 1×1 and a vector one row, which is exactly how
    /// broadcasting treats them.
    pub(crate) fn to_matrix(&self) -> Array2<f64> {
        match self {
            Value::Scalar(x) => Array2::from_elem((1, 1), *x),
            Value::Vector(v) => v.clone().insert_axis(ndarray::Axis(0)),
            Value::Matrix(m) => m.clone(),
        }
    }

    /// Builds a value of `rank` from its matrix view (the inverse of [`Value::to_matrix`]).
    /// A rank-1 result must have one row and a rank-0 result one entry.
    pub(crate) fn from_matrix(matrix: Array2<f64>, rank: Rank) -> Value {
        match rank {
            0 => Value::Scalar(matrix[[0, 0]]),
            1 => Value::Vector(matrix.row(0).to_owned()),
            _ => Value::Matrix(matrix),
        }
    }

    /// Every entry in reading order (row by row), borrowed when the memory already is in that
    /// order: evaluation reads values through flat slices, which stay fast in debug builds.
    pub(crate) fn entries(&self) -> Cow<'_, [f64]> {
        match self {
            Value::Scalar(x) => Cow::Owned(vec![*x]),
            Value::Vector(v) => v
                .as_slice()
                .map_or_else(|| Cow::Owned(v.to_vec()), Cow::Borrowed),
            Value::Matrix(m) => m
                .as_slice()
                .map_or_else(|| Cow::Owned(m.iter().copied().collect()), Cow::Borrowed),
        }
    }

    /// A value of `rank` holding `entries` in reading order as `rows`×`cols` (a vector has one
    /// row and a scalar one entry).
    pub(crate) fn from_entries(rank: Rank, rows: usize, cols: usize, entries: Vec<f64>) -> Value {
        match rank {
            0 => Value::Scalar(entries[0]),
            1 => Value::Vector(Array1::from(entries)),
            _ => Value::Matrix(
                Array2::from_shape_vec((rows, cols), entries).expect("entries match the shape"),
            ),
        }
    }

    /// The shape as an error message writes it: `scalar`, `vector of 3`, `2×3`.
    pub fn describe_shape(&self) -> String {
        match self {
            Value::Scalar(_) => "scalar".to_string(),
            Value::Vector(v) => format!("vector of {}", v.len()),
            Value::Matrix(m) => format!("{}×{}", m.nrows(), m.ncols()),
        }
    }

    /// Where the `flat`-th entry (reading order) sits, 1-based as authors count, in the form
    /// messages use: `""` for a scalar, ` at [3]` for a vector, ` at [2, 3]` for a matrix.
    pub(crate) fn describe_position(&self, flat: usize) -> String {
        match self {
            Value::Scalar(_) => String::new(),
            Value::Vector(_) => format!(" at [{}]", flat + 1),
            Value::Matrix(m) => {
                let cols = m.ncols().max(1);
                format!(" at [{}, {}]", flat / cols + 1, flat % cols + 1)
            }
        }
    }
}

/// A number as messages write it, identical to JavaScript's `String(x)` so both interpreters
/// print the same text: shortest round-trip digits, exponent form below 1e-6 and from 1e21.
pub(crate) fn format_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    let magnitude = x.abs();
    if magnitude != 0.0 && !(1e-6..1e21).contains(&magnitude) {
        let text = format!("{x:e}");
        // Rust writes 1e21 and 1e-7; JavaScript writes 1e+21 and 1e-7.
        return match text.split_once('e') {
            Some((mantissa, exponent)) if !exponent.starts_with('-') => {
                format!("{mantissa}e+{exponent}")
            }
            _ => text,
        };
    }
    // `-0` prints as "0" in JavaScript.
    if x == 0.0 {
        return "0".to_string();
    }
    format!("{x}")
}

/// A `rows`×`cols` matrix from entries in reading order.
pub(crate) fn matrix_from(rows: usize, cols: usize, entries: Vec<f64>) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), entries).expect("entries match the shape")
}

/// `f` applied to every entry, keeping the shape.
pub(crate) fn map_value(value: &Value, f: impl Fn(f64) -> f64) -> Value {
    let (rows, cols) = value.dims();
    let entries = value.entries().iter().map(|&x| f(x)).collect();
    Value::from_entries(value.rank(), rows, cols, entries)
}

/// `x.T`: a matrix transposed, a vector as an n×1 column, a scalar unchanged.
pub(crate) fn transpose(value: &Value) -> Value {
    match value {
        Value::Scalar(x) => Value::Scalar(*x),
        Value::Vector(v) => Value::Matrix(v.clone().insert_axis(ndarray::Axis(1))),
        Value::Matrix(m) => Value::Matrix(m.t().as_standard_layout().into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::array;

    #[test]
    fn a_vector_is_one_row_and_a_scalar_one_entry_when_seen_as_a_matrix() {
        assert_eq!(
            Value::Vector(array![1.0, 2.0]).to_matrix(),
            array![[1.0, 2.0]]
        );
        assert_eq!(Value::Scalar(3.0).to_matrix(), array![[3.0]]);
        assert_eq!(
            Value::from_matrix(array![[1.0, 2.0]], 1),
            Value::Vector(array![1.0, 2.0])
        );
        assert_eq!(Value::from_matrix(array![[4.0]], 0), Value::Scalar(4.0));
    }

    #[test]
    fn shapes_and_positions_are_written_as_authors_count() {
        let matrix = Value::Matrix(Array2::zeros((2, 3)));
        assert_eq!(matrix.describe_shape(), "2×3");
        assert_eq!(matrix.describe_position(5), " at [2, 3]");
        let vector = Value::Vector(Array1::zeros(4));
        assert_eq!(vector.describe_shape(), "vector of 4");
        assert_eq!(vector.describe_position(2), " at [3]");
        assert_eq!(Value::Scalar(0.0).describe_position(0), "");
    }

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        assert_eq!(format_number(2.0), "2");
        assert_eq!(format_number(-0.5), "-0.5");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(format_number(1e21), "1e+21");
        assert_eq!(format_number(1.5e-7), "1.5e-7");
        assert_eq!(format_number(123456.0), "123456");
        assert_eq!(format_number(f64::NEG_INFINITY), "-inf");
    }
}
