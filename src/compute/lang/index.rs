//! Subscripts: `v[2]`, `v[-1]`, `m[1]`, `m[1, 2]`, `m[:, 0]`, `m[1:3]`, `v[::-1]`, and gathers
//! `v[idx]`, `m[idx]`, `m[:, idx]`, `m[i, j]` (paired positions), by NumPy's rules, counting
//! from 0.
//!
//! Stage: evaluation of an index expression, after the evaluator has evaluated the target and
//! every part of every subscript. Input: the target [`Value`] and the subscripts as whole
//! numbers. Output: the selected entries, or an [`ErrorKind::Index`] error at the subscript at
//! fault. Must not: evaluate expressions.
//!
//! A position drops its axis; a slice keeps it and clips to the size, as in NumPy; a vector of
//! positions (a gather) keeps it, with the positions in their order, repeats allowed, and two
//! gathers pair up entry by entry (NumPy's integer-array indexing). Masks (−∞) pass through:
//! indexing only copies.

use std::ops::Range;

use super::context::Context;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError};

/// One subscript with its parts evaluated.
pub(crate) enum Resolved {
    At(i64, Range<usize>),
    /// A vector of positions.
    Gather(Vec<i64>, Range<usize>),
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

/// A subscript that is not a slice: a whole number picks one position, a vector of whole
/// numbers gathers positions.
pub(crate) fn at_or_gather(value: &Value, span: &Range<usize>) -> Result<Resolved, LangError> {
    match value {
        Value::Vector(entries) => {
            let mut positions = Vec::with_capacity(entries.len());
            for x in entries {
                positions.push(whole_subscript(&Value::Scalar(*x), span)?);
            }
            Ok(Resolved::Gather(positions, span.clone()))
        }
        Value::Matrix(_) => Err(index_error(
            format!(
                "a subscript must be a whole number or a vector of them, got a {} matrix",
                value.describe_shape()
            ),
            span,
            "gather rows with m[idx] and columns with m[:, idx], idx a vector of positions",
        )),
        Value::Scalar(_) => Ok(Resolved::At(whole_subscript(value, span)?, span.clone())),
    }
}

/// Position `i` on an axis of `size`, counting negative ones from the end; an index error at
/// `span` when it is outside.
fn position(i: i64, size: usize, what: &str, span: &Range<usize>) -> Result<usize, LangError> {
    let n = size as i64;
    let at = if i < 0 { i + n } else { i };
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
    Ok(at as usize)
}

/// The positions one subscript selects on an axis of `size` entries, and whether the axis
/// stays. `what` names the axis for messages ("a vector of 3", "a matrix of 2 rows").
pub(crate) fn positions(
    size: usize,
    subscript: &Resolved,
    what: &str,
) -> Result<(Vec<usize>, bool), LangError> {
    let n = size as i64;
    match subscript {
        Resolved::At(i, span) => Ok((vec![position(*i, size, what, span)?], false)),
        Resolved::Gather(indices, span) => {
            let selected: Result<Vec<usize>, LangError> = indices
                .iter()
                .map(|i| position(*i, size, what, span))
                .collect();
            Ok((selected?, true))
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
        (Value::Matrix(_), [Resolved::Gather(..), Resolved::Gather(..)]) => {
            return paired(context, target, subscripts, bracket_span);
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
    // Columns in a run (`m[i]`, `m[a:b]`, `m[:, a:b]`) are copied a row's run at a time.
    let run = col_positions.windows(2).all(|pair| pair[1] == pair[0] + 1);
    for &i in &row_positions {
        if run {
            let first = i * cols + col_positions[0];
            selected.extend_from_slice(&entries[first..first + col_positions.len()]);
        } else {
            selected.extend(col_positions.iter().map(|&j| entries[i * cols + j]));
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

/// `m[i, j]` with two vectors of positions: the entries `m[i[k], j[k]]`, a vector (a vector of
/// one position pairs with every entry of the other, as NumPy broadcasts).
fn paired(
    context: &mut Context,
    target: &Value,
    subscripts: &[Resolved],
    bracket_span: &Range<usize>,
) -> Result<Value, LangError> {
    let (rows, cols) = target.dims();
    let [Resolved::Gather(_, row_span), Resolved::Gather(_, col_span)] = subscripts else {
        unreachable!("called with two gathers")
    };
    let (r, _) = positions(rows, &subscripts[0], &format!("a matrix of {rows} rows"))?;
    let (c, _) = positions(cols, &subscripts[1], &format!("a matrix of {cols} columns"))?;
    if r.len() != c.len() && r.len() != 1 && c.len() != 1 {
        return Err(index_error(
            format!(
                "{} row positions and {} column positions do not pair up",
                r.len(),
                c.len()
            ),
            &(row_span.start..col_span.end),
            "m[i, j] with two vectors takes the entries m[i[k], j[k]]: give both the same length",
        ));
    }
    let count = r.len().max(c.len());
    context.charge(count, bracket_span)?;
    let entries = target.entries();
    let selected = (0..count)
        .map(|k| entries[r[k.min(r.len() - 1)] * cols + c[k.min(c.len() - 1)]])
        .collect();
    Ok(Value::from_entries(1, 1, count, selected))
}
