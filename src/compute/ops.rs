//! The arithmetic a reference may ask for: `| exp`, `| sum`, `| dot(other)`, ….
//!
//! Stage: after `Quantity::select`, before presentation.
//! Input: one [`Op`] and the selected [`Quantity`].
//! Output: the derived quantity, or a [`ComputeError`] when the operation is undefined for it.
//! Must not: produce NaN or ±∞ (a reference would print "NaN" in a textbook); ln/sqrt of a
//! negative number, ln 0 and overflow are errors instead. Site code never does arithmetic itself,
//! so every derived number a reader sees comes through here; and this module does none of its
//! own: each entry or list goes through the compute language's kernels, so `| exp` on a page and `exp(x)` in a compute block give the same bits.

use ndarray::{Array1, Array2};

use super::lang::{apply_binary, apply_elementwise, dot_product, reduce_lane, BinaryOp};
use super::{ComputeError, Quantity};

/// One filter of a reference that computes something.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// e^x, elementwise.
    Exp,
    /// Natural logarithm, elementwise; defined for positive numbers only.
    Ln,
    /// Square root, elementwise; defined for non-negative numbers only.
    Sqrt,
    /// Sum of all elements of a vector or matrix.
    Sum,
    /// Largest element of a vector or matrix.
    Max,
    /// Smallest element of a vector or matrix.
    Min,
    /// Dot product with another vector of the same length.
    Dot(Quantity),
    /// The value × 100, elementwise, for printing as a percentage.
    Percent,
}

impl Op {
    /// The filter's name as authors write it (`exp`, `sum`, `dot`, …).
    pub fn name(&self) -> &'static str {
        match self {
            Op::Exp => "exp",
            Op::Ln => "ln",
            Op::Sqrt => "sqrt",
            Op::Sum => "sum",
            Op::Max => "max",
            Op::Min => "min",
            Op::Dot(_) => "dot",
            Op::Percent => "percent",
        }
    }
}

/// Applies `op` to `quantity`.
///
/// `exp`, `ln` and `sqrt` work elementwise on counts, scalars, vectors and matrices and keep the
/// labels (a count becomes a scalar). `sum`, `max` and `min` reduce a vector, or a whole matrix,
/// to a scalar; on a single number they are an error because the author almost certainly
/// referenced the wrong thing. `dot` needs two vectors of equal length (a matrix row selected
/// with `[i]` is a vector). Labels are not compared: positions pair up.
pub fn apply(op: &Op, quantity: Quantity) -> Result<Quantity, ComputeError> {
    match op {
        Op::Exp => elementwise(op, quantity, |x| Ok(apply_elementwise("exp", x))),
        Op::Ln => elementwise(op, quantity, |x| {
            if x > 0.0 {
                Ok(apply_elementwise("log", x))
            } else {
                Err(format!(
                    "ln is undefined for {x} (it needs a positive number)"
                ))
            }
        }),
        Op::Sqrt => elementwise(op, quantity, |x| {
            if x >= 0.0 {
                Ok(apply_elementwise("sqrt", x))
            } else {
                Err(format!("sqrt is undefined for {x} (it needs a number ≥ 0)"))
            }
        }),
        Op::Sum => reduce(op, quantity, "sum"),
        Op::Max => reduce(op, quantity, "max"),
        Op::Min => reduce(op, quantity, "min"),
        Op::Dot(other) => dot(&quantity, other),
        Op::Percent => elementwise(op, quantity, |x| {
            Ok(apply_binary(BinaryOp::Multiply, x, 100.0))
        }),
    }
}

/// Maps every element, failing on the first undefined one, then rejects overflow (exp of 710).
fn elementwise(
    op: &Op,
    quantity: Quantity,
    f: impl Fn(f64) -> Result<f64, String>,
) -> Result<Quantity, ComputeError> {
    let checked = |x: f64| -> Result<f64, ComputeError> {
        let y = f(x).map_err(ComputeError::new)?;
        if y.is_finite() {
            Ok(y)
        } else {
            Err(ComputeError::new(format!(
                "{}({x}) is too large to represent",
                op.name()
            )))
        }
    };
    match quantity {
        Quantity::Count(n) => Ok(Quantity::Scalar(checked(n as f64)?)),
        Quantity::Scalar(x) => Ok(Quantity::Scalar(checked(x)?)),
        Quantity::Vector { values, labels } => {
            let mapped: Result<Vec<f64>, _> = values.iter().map(|&x| checked(x)).collect();
            Ok(Quantity::Vector {
                values: Array1::from(mapped?),
                labels,
            })
        }
        Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        } => {
            let mapped: Result<Vec<f64>, _> = values.iter().map(|&x| checked(x)).collect();
            // `iter` walks in logical row-major order, so the shape can be rebuilt from it.
            let values = Array2::from_shape_vec(values.raw_dim(), mapped?)
                .map_err(|error| ComputeError::new(error.to_string()))?;
            Ok(Quantity::Matrix {
                values,
                row_labels,
                col_labels,
            })
        }
        Quantity::Text(_) => Err(not_a_number(op, &quantity)),
    }
}

/// Reduces a vector, or a whole matrix in reading order, with the language's reduction `kernel`.
/// The sum of no entries is 0, but their largest or smallest does not exist (the kernel would
/// answer ∓∞), so that is an error here.
fn reduce(op: &Op, quantity: Quantity, kernel: &str) -> Result<Quantity, ComputeError> {
    let values: Vec<f64> = match &quantity {
        Quantity::Vector { values, .. } => values.to_vec(),
        // `iter` walks in logical row-major order, the language's reading order.
        Quantity::Matrix { values, .. } => values.iter().copied().collect(),
        Quantity::Count(_) | Quantity::Scalar(_) => {
            return Err(ComputeError::new(format!(
                "{} needs a vector or a matrix, but this is a single number",
                op.name()
            ))
            .with_hint("select a whole row, column or matrix, e.g. `[:]` or no index"))
        }
        Quantity::Text(_) => return Err(not_a_number(op, &quantity)),
    };
    let result =
        (!values.is_empty() || matches!(op, Op::Sum)).then(|| reduce_lane(kernel, &values));
    match result {
        Some(x) if x.is_finite() => Ok(Quantity::Scalar(x)),
        Some(_) => Err(ComputeError::new(format!(
            "the {} is too large to represent",
            op.name()
        ))),
        None => Err(ComputeError::new(format!(
            "{} of {} is undefined",
            op.name(),
            quantity.shape_description()
        ))),
    }
}

/// The dot product of two vectors, with the language's kernel (added in reading order).
fn dot(left: &Quantity, right: &Quantity) -> Result<Quantity, ComputeError> {
    let (Quantity::Vector { values: a, .. }, Quantity::Vector { values: b, .. }) = (left, right)
    else {
        return Err(ComputeError::new(format!(
            "dot needs two vectors, but got {} and {}",
            left.shape_description(),
            right.shape_description()
        ))
        .with_hint("select one row of a matrix with a single index, e.g. `q[sat]`"));
    };
    if a.len() != b.len() {
        return Err(ComputeError::new(format!(
            "dot needs vectors of the same length, but got {} and {}",
            a.len(),
            b.len()
        )));
    }
    let product = dot_product(a.iter(), b.iter());
    if product.is_finite() {
        Ok(Quantity::Scalar(product))
    } else {
        Err(ComputeError::new(
            "the dot product is too large to represent",
        ))
    }
}

fn not_a_number(op: &Op, quantity: &Quantity) -> ComputeError {
    ComputeError::new(format!(
        "{} needs numbers, but got {}",
        op.name(),
        quantity.shape_description()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_abs_diff_eq;
    use ndarray::array;

    fn vector(values: Array1<f64>) -> Quantity {
        Quantity::Vector {
            values,
            labels: None,
        }
    }

    fn scalar(quantity: Quantity) -> f64 {
        match quantity {
            Quantity::Scalar(x) => x,
            other => panic!("expected a scalar, got {other:?}"),
        }
    }

    #[test]
    fn ln_of_zero_and_of_a_negative_number_are_errors_not_nan() {
        assert!(apply(&Op::Ln, Quantity::Scalar(0.0)).is_err());
        let error = apply(&Op::Ln, vector(array![1.0, -0.5])).unwrap_err();
        assert_eq!(
            error.message,
            "ln is undefined for -0.5 (it needs a positive number)"
        );
    }

    #[test]
    fn sqrt_of_a_negative_number_is_an_error_but_sqrt_of_zero_is_zero() {
        assert!(apply(&Op::Sqrt, Quantity::Scalar(-1.0)).is_err());
        assert_eq!(
            apply(&Op::Sqrt, Quantity::Scalar(0.0)).unwrap(),
            Quantity::Scalar(0.0)
        );
    }

    #[test]
    fn exp_overflow_is_an_error_not_infinity() {
        let error = apply(&Op::Exp, Quantity::Scalar(710.0)).unwrap_err();
        assert_eq!(error.message, "exp(710) is too large to represent");
    }

    #[test]
    fn text_cannot_take_part_in_arithmetic() {
        for op in [Op::Exp, Op::Sum] {
            assert!(apply(&op, Quantity::Text("sat".into())).is_err());
        }
    }

    #[test]
    fn reducing_a_single_number_is_an_error() {
        let error = apply(&Op::Sum, Quantity::Scalar(2.0)).unwrap_err();
        assert_eq!(
            error.message,
            "sum needs a vector or a matrix, but this is a single number"
        );
        assert!(apply(&Op::Max, Quantity::Count(2)).is_err());
    }

    #[test]
    fn the_max_and_min_of_an_empty_vector_are_undefined_but_its_sum_is_zero() {
        let empty = vector(Array1::zeros(0));
        let error = apply(&Op::Max, empty.clone()).unwrap_err();
        assert_eq!(error.message, "max of a vector of 0 is undefined");
        let error = apply(&Op::Min, empty.clone()).unwrap_err();
        assert_eq!(error.message, "min of a vector of 0 is undefined");
        assert_eq!(apply(&Op::Sum, empty).unwrap(), Quantity::Scalar(0.0));
    }

    #[test]
    fn a_sum_that_overflows_is_an_error() {
        assert!(apply(&Op::Sum, vector(array![f64::MAX, f64::MAX])).is_err());
    }

    #[test]
    fn exp_of_a_count_is_a_scalar() {
        assert_abs_diff_eq!(
            scalar(apply(&Op::Exp, Quantity::Count(2)).unwrap()),
            std::f64::consts::E * std::f64::consts::E,
            epsilon = 1e-12
        );
    }

    #[test]
    fn elementwise_ops_keep_labels_and_shape() {
        let matrix = Quantity::Matrix {
            values: array![[1.0, 4.0], [9.0, 16.0], [0.0, 25.0]],
            row_labels: Some(vec!["a".into(), "b".into(), "c".into()]),
            col_labels: None,
        };
        assert_eq!(
            apply(&Op::Sqrt, matrix).unwrap(),
            Quantity::Matrix {
                values: array![[1.0, 2.0], [3.0, 4.0], [0.0, 5.0]],
                row_labels: Some(vec!["a".into(), "b".into(), "c".into()]),
                col_labels: None,
            }
        );
    }

    #[test]
    fn exp_then_ln_returns_the_input() {
        let exps = apply(&Op::Exp, vector(array![-1.0, 0.0, 2.5])).unwrap();
        let Quantity::Vector { values, .. } = apply(&Op::Ln, exps).unwrap() else {
            panic!("expected a vector");
        };
        assert_abs_diff_eq!(values, array![-1.0, 0.0, 2.5], epsilon = 1e-12);
    }

    #[test]
    fn sum_max_and_min_reduce_a_whole_matrix() {
        let matrix = Quantity::Matrix {
            values: array![[1.0, -4.0], [9.0, 2.0]],
            row_labels: None,
            col_labels: None,
        };
        assert_eq!(scalar(apply(&Op::Sum, matrix.clone()).unwrap()), 8.0);
        assert_eq!(scalar(apply(&Op::Max, matrix.clone()).unwrap()), 9.0);
        assert_eq!(scalar(apply(&Op::Min, matrix).unwrap()), -4.0);
    }

    #[test]
    fn dot_multiplies_positions_pairwise() {
        let right = vector(array![4.0, -5.0, 6.0]);
        let product = apply(&Op::Dot(right), vector(array![1.0, 2.0, 3.0])).unwrap();
        assert_eq!(product, Quantity::Scalar(4.0 - 10.0 + 18.0));
    }

    #[test]
    fn dot_rejects_different_lengths_and_non_vectors() {
        let error = apply(&Op::Dot(vector(array![1.0])), vector(array![1.0, 2.0])).unwrap_err();
        assert_eq!(
            error.message,
            "dot needs vectors of the same length, but got 2 and 1"
        );
        let error = apply(&Op::Dot(Quantity::Scalar(1.0)), vector(array![1.0])).unwrap_err();
        assert_eq!(
            error.message,
            "dot needs two vectors, but got a vector of 1 and a number"
        );
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn any_finite() -> impl Strategy<Value = f64> {
        prop_oneof![
            -10.0..10.0f64,
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            Just(Op::Exp),
            Just(Op::Ln),
            Just(Op::Sqrt),
            Just(Op::Sum),
            Just(Op::Max),
            Just(Op::Min),
            proptest::collection::vec(any_finite(), 0..4).prop_map(|values| Op::Dot(
                Quantity::Vector {
                    values: Array1::from(values),
                    labels: None
                }
            )),
        ]
    }

    fn finite_outputs(quantity: &Quantity) -> bool {
        match quantity {
            Quantity::Scalar(x) => x.is_finite(),
            Quantity::Vector { values, .. } => values.iter().all(|x| x.is_finite()),
            Quantity::Matrix { values, .. } => values.iter().all(|x| x.is_finite()),
            Quantity::Count(_) | Quantity::Text(_) => true,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn no_op_panics_or_yields_nan_or_infinity_on_finite_input(
            op in op(),
            values in proptest::collection::vec(any_finite(), 0..6),
            as_matrix in any::<bool>(),
        ) {
            let quantity = if as_matrix && values.len() % 2 == 0 {
                Quantity::Matrix {
                    values: Array2::from_shape_vec((values.len() / 2, 2), values)
                        .expect("even length"),
                    row_labels: None,
                    col_labels: None,
                }
            } else if values.len() == 1 {
                Quantity::Scalar(values[0])
            } else {
                Quantity::Vector { values: Array1::from(values), labels: None }
            };
            if let Ok(result) = apply(&op, quantity) {
                prop_assert!(finite_outputs(&result), "{:?}", result);
            }
        }
    }
}
