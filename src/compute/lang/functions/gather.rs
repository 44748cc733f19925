//! Picking entries by position and counting them: `take`, `topk`, `argtopk`, `len`, `shape`.
//!
//! Stage: evaluation of a call. Must not: evaluate expressions; `take` reuses the subscript
//! rules of `index` so that `take(x, idx)` and `x[idx]` cannot disagree.

use std::cmp::Ordering;

use super::super::index::{self, Resolved};
use super::axis::axis;
use super::{arguments_error, needs_array, whole_number, Args, Context, LangError, Value};

/// `take(x, idx, axis=0)`: `x[idx]` along `axis` (rows of a matrix by default, `axis=1` its
/// columns); `idx` a position or a vector of positions.
pub(super) fn take(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let along = axis(args, x, Some(0))?.unwrap_or(0);
    let idx = &args.positional[1];
    let picked = index::at_or_gather(&idx.value, &idx.span)?;
    let subscripts = if x.rank() == 2 && along == 1 {
        vec![
            Resolved::Slice {
                start: None,
                stop: None,
                step: None,
                span: args.span.clone(),
            },
            picked,
        ]
    } else {
        vec![picked]
    };
    index::take(context, x, &subscripts, &args.span)
}

/// The positions of one lane from largest to smallest; equal entries keep their order (−∞ comes
/// last; −0 and 0 are equal, as in the JavaScript twin).
fn descending(lane: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..lane.len()).collect();
    order.sort_by(|a, b| lane[*b].partial_cmp(&lane[*a]).unwrap_or(Ordering::Equal));
    order
}

/// `topk(x, k)` and `argtopk(x, k)`: the `k` largest entries of each lane along the last axis
/// (a vector, or each row of a matrix), largest first, or their positions.
pub(super) fn topk(
    context: &mut Context,
    args: &Args,
    positions: bool,
) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let (rows, cols) = x.dims();
    let k = whole_number(&args.positional[1], "k")?;
    if k < 1 || k as usize > cols {
        return Err(arguments_error(
            format!("k = {k} is not between 1 and the lane's {cols} entries"),
            &args.positional[1].span,
            format!("`{}` takes 1 to {cols} entries of each row", args.function),
        ));
    }
    let k = k as usize;
    context.charge(x.len(), &args.span)?;
    let entries = x.entries();
    let mut out = Vec::with_capacity(rows * k);
    for lane in entries.chunks(cols) {
        for &p in descending(lane).iter().take(k) {
            out.push(if positions { p as f64 } else { lane[p] });
        }
    }
    Ok(Value::from_entries(x.rank(), rows, k, out))
}

/// `len(x)`: the entries of a vector, the rows of a matrix.
pub(super) fn len(args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let (rows, cols) = x.dims();
    Ok(Value::Scalar(if x.rank() == 1 { cols } else { rows } as f64))
}

/// `shape(x)`: `(rows, cols)` as a vector; a vector is one row.
pub(super) fn shape(args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let (rows, cols) = x.dims();
    Ok(Value::from_entries(1, 1, 2, vec![rows as f64, cols as f64]))
}
