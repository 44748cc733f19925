//! Subscripts: `v[2]`, `v[-1]`, `m[1]`, `m[1, 2]`, `m[:, 0]`, `m[1:3]`, `v[::-1]`, by NumPy's
//! rules, counting from 0.
//!
//! Stage: evaluation of an index expression, after the evaluator has evaluated the target and
//! every part of every subscript. Input: the target [`Value`] and the subscripts as whole
//! numbers. Output: the selected entries, or an [`ErrorKind::Index`] error at the subscript at
//! fault. Must not: evaluate expressions.
//!
//! A position drops its axis; a slice keeps it and clips to the size, as in NumPy. Masks (−∞)
//! pass through: indexing only copies.

use std::ops::Range;

use super::context::Context;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError};

/// One subscript with its parts evaluated.
pub(crate) enum Resolved {
    At(i64, Range<usize>),
    Slice {
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
        span: Range<usize>,
    },
}

fn index_error(message: String, span: &Range<usize>, hint: &str) -> LangError {
    LangError::new(ErrorKind::Index, message, span.clone()).with_hint(hint)
}

/// The whole number a subscript part holds.
pub(crate) fn whole_subscript(value: &Value, span: &Range<usize>) -> Result<i64, LangError> {
    let hint = "a subscript is a whole number such as 0, -1 or n - 1; slices take ranges, v[1:3]";
    match value {
        Value::Scalar(x) if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 => Ok(*x as i64),
        Value::Scalar(x) => Err(index_error(
            format!(
                "a subscript must be a whole number, got {}",
                format_number(*x)
            ),
            span,
            hint,
        )),
        other => Err(index_error(
            format!(
                "a subscript must be a whole number, got a {}",
                other.describe_shape()
            ),
            span,
            hint,
        )),
    }
}

/// The positions one subscript selects on an axis of `size` entries, and whether the axis
/// stays. `what` names the axis for messages ("a vector of 3", "a matrix of 2 rows").
fn positions(
    size: usize,
    subscript: &Resolved,
    what: &str,
) -> Result<(Vec<usize>, bool), LangError> {
    let n = size as i64;
    match subscript {
        Resolved::At(i, span) => {
            let at = if *i < 0 { i + n } else { *i };
            if at < 0 || at >= n {
                return Err(index_error(
                    format!("index {i} is outside {what}"),
                    span,
                    &format!(
                        "positions count from 0: 0 to {}, or -{n} to -1 from the end",
                        n - 1
                    ),
                ));
            }
            Ok((vec![at as usize], false))
        }
        Resolved::Slice {
            start,
            stop,
            step,
            span,
        } => {
            let step = step.unwrap_or(1);
            if step == 0 {
                return Err(index_error(
                    "a slice's step cannot be 0".to_string(),
                    span,
                    "write v[::2] for every second entry, v[::-1] for the entries reversed",
                ));
            }
            // NumPy: a negative bound counts from the end; bounds clip to the axis, and with a
            // negative step the stop may be "before position 0" (-1 here).
            let clip = |bound: i64| {
                let bound = if bound < 0 { bound + n } else { bound };
                if step > 0 {
                    bound.clamp(0, n)
                } else {
                    bound.clamp(-1, n - 1)
                }
            };
            let first = start.map_or(if step > 0 { 0 } else { n - 1 }, clip);
            let end = stop.map_or(if step > 0 { n } else { -1 }, clip);
            let mut selected = Vec::new();
            let mut at = first;
            while (step > 0 && at < end) || (step < 0 && at > end) {
                selected.push(at as usize);
                at += step;
            }
            if selected.is_empty() {
                return Err(index_error(
                    format!("the slice selects no entries of {what}"),
                    span,
                    "a value holds at least one entry: v[1:3] takes positions 1 and 2, and a negative step needs start > stop",
                ));
            }
            Ok((selected, true))
        }
    }
}

/// `target[subscripts]`, the brackets at `bracket_span`.
pub(crate) fn take(
    context: &mut Context,
    target: &Value,
    subscripts: &[Resolved],
    bracket_span: &Range<usize>,
) -> Result<Value, LangError> {
    let (rows, cols) = target.dims();
    let full = Resolved::Slice {
        start: None,
        stop: None,
        step: None,
        span: bracket_span.clone(),
    };
    let (row_positions, col_positions, keep_rows, keep_cols) = match (target, subscripts) {
        (Value::Scalar(_), _) => {
            return Err(index_error(
                "a scalar has no entries to index".to_string(),
                bracket_span,
                "only vectors and matrices take subscripts",
            ))
        }
        (Value::Vector(_), [only]) => {
            let (positions, keep) = positions(cols, only, &format!("a vector of {cols}"))?;
            (vec![0], positions, false, keep)
        }
        (Value::Vector(_), _) => {
            return Err(index_error(
                "a vector has one axis, so it takes one subscript".to_string(),
                bracket_span,
                "write v[i] or v[a:b]",
            ))
        }
        (Value::Matrix(_), [first, rest @ ..]) => {
            let second = rest.first().unwrap_or(&full);
            let (r, keep_rows) = positions(rows, first, &format!("a matrix of {rows} rows"))?;
            let (c, keep_cols) = positions(cols, second, &format!("a matrix of {cols} columns"))?;
            (r, c, keep_rows, keep_cols)
        }
        (Value::Matrix(_), []) => unreachable!("the parser requires a subscript"),
    };
    context.charge(row_positions.len() * col_positions.len(), bracket_span)?;
    let entries = target.entries();
    let mut selected = Vec::with_capacity(row_positions.len() * col_positions.len());
    for &i in &row_positions {
        for &j in &col_positions {
            selected.push(entries[i * cols + j]);
        }
    }
    let (rank, out_rows, out_cols) = match (keep_rows, keep_cols) {
        (true, true) => (2, row_positions.len(), col_positions.len()),
        (true, false) => (1, 1, row_positions.len()),
        (false, true) => (1, 1, col_positions.len()),
        (false, false) => (0, 1, 1),
    };
    Ok(Value::from_entries(rank, out_rows, out_cols, selected))
}
