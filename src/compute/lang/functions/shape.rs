//! Functions that reshape a value or take its triangle or diagonal: `reshape`, `flatten`,
//! `tril`, `triu`, `diag`, `trace`.
//!
//! Stage: evaluation of a call. Must not: change an entry's value, only where it sits (or drop
//! it), so masks may pass through.

use super::construct::size;
use super::{arguments_error, whole_number, Args, Context, ErrorKind, LangError, Value};

/// The matrix an argument holds, or an arguments error saying what the function takes.
fn matrix_argument<'v>(args: &'v Args, hint: &str) -> Result<&'v Value, LangError> {
    let x = args.positional[0].value.as_ref();
    if x.rank() != 2 {
        return Err(arguments_error(
            format!(
                "`{}` takes a matrix, got a {}",
                args.function,
                x.describe_shape()
            ),
            &args.positional[0].span,
            hint,
        ));
    }
    Ok(x)
}

/// `reshape(x, rows, cols)`: the entries in reading order as a rows×cols matrix;
/// `reshape(x, n)`: as a vector of n. The sizes must hold exactly the entries there are.
pub(super) fn reshape(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    let rows = size(args, 1)?;
    let cols = if args.positional.len() == 3 {
        Some(size(args, 2)?)
    } else {
        None
    };
    let wanted = rows * cols.unwrap_or(1);
    if wanted != x.len() {
        let target = cols.map_or(format!("a vector of {rows}"), |c| format!("{rows}×{c}"));
        return Err(LangError::new(
            ErrorKind::Shape,
            format!(
                "reshape: the {} entries of a {} cannot fill {target}",
                x.len(),
                x.describe_shape()
            ),
            args.span.clone(),
        )
        .with_hint(format!(
            "the new sizes must multiply to {}, the number of entries",
            x.len()
        )));
    }
    context.charge(x.len(), &args.span)?;
    let entries = x.entries().into_owned();
    Ok(match cols {
        Some(cols) => Value::from_entries(2, rows, cols, entries),
        None => Value::from_entries(1, 1, rows, entries),
    })
}

/// `flatten(x)`: every entry in reading order, as a vector.
pub(super) fn flatten(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    context.charge(x.len(), &args.span)?;
    Ok(Value::from_entries(1, 1, x.len(), x.entries().into_owned()))
}

/// `tril(m, k=0)`: the entries on and below diagonal k (k > 0 above the main one, k < 0
/// below), zeros elsewhere; `triu(m, k=0)`: on and above it.
pub(super) fn triangle(
    context: &mut Context,
    args: &Args,
    upper: bool,
) -> Result<Value, LangError> {
    let x = matrix_argument(
        args,
        "tril and triu take a matrix; build one with ones(n, n)",
    )?;
    let k = match args.keywords.get("k") {
        Some(given) => whole_number(given, "k")?,
        None => 0,
    };
    let (rows, cols) = x.dims();
    context.charge(rows * cols, &args.span)?;
    let entries = x.entries();
    let kept: Vec<f64> = (0..rows * cols)
        .map(|flat| {
            let offset = (flat % cols) as i64 - (flat / cols) as i64;
            let keep = if upper { offset >= k } else { offset <= k };
            if keep {
                entries[flat]
            } else {
                0.0
            }
        })
        .collect();
    Ok(Value::from_entries(2, rows, cols, kept))
}

/// `diag(v)`: the square matrix with v on its diagonal; `diag(m)`: m's diagonal as a vector.
pub(super) fn diag(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    let entries = x.entries();
    match x.rank() {
        1 => {
            let n = entries.len();
            context.charge(n * n, &args.span)?;
            let square = (0..n * n)
                .map(|flat| {
                    if flat / n == flat % n {
                        entries[flat / n]
                    } else {
                        0.0
                    }
                })
                .collect();
            Ok(Value::from_entries(2, n, n, square))
        }
        2 => {
            let (rows, cols) = x.dims();
            let n = rows.min(cols);
            context.charge(n, &args.span)?;
            let diagonal = (0..n).map(|i| entries[i * cols + i]).collect();
            Ok(Value::from_entries(1, 1, n, diagonal))
        }
        _ => Err(arguments_error(
            "`diag` takes a vector or a matrix, got a scalar".to_string(),
            &args.positional[0].span,
            "diag(v) builds a diagonal matrix; diag(m) reads one",
        )),
    }
}

/// `trace(m)`: the sum of the diagonal, in order.
pub(super) fn trace(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = matrix_argument(args, "trace sums a matrix's diagonal")?;
    let (rows, cols) = x.dims();
    let entries = x.entries();
    let n = rows.min(cols);
    context.charge(n, &args.span)?;
    let mut total = 0.0;
    for i in 0..n {
        total += entries[i * cols + i];
    }
    let result = Value::Scalar(total);
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| "trace overflows".to_string(),
    )?;
    Ok(result)
}
