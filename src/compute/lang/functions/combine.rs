//! Functions that combine or take apart values: products of vectors, joining, rows and columns.
//!
//! Stage: evaluation of a call. Must not: create values from nothing (constructors do).

use ndarray::{Array1, Array2};

use super::axis::axis;
use super::{arguments_error, vector, whole_number, Args, Context, ErrorKind, LangError, Value};
use crate::compute::lang::value::{format_number, matrix_from};

/// `dot(a, b)`: the sum of products of two vectors of equal length.
/// Σ aᵢ bᵢ in reading order: the one dot product of the language and of the `| dot` filter.
pub(crate) fn dot_product<'v>(
    a: impl Iterator<Item = &'v f64>,
    b: impl Iterator<Item = &'v f64>,
) -> f64 {
    let mut sum = 0.0;
    for (x, y) in a.zip(b) {
        sum += x * y;
    }
    sum
}

pub(super) fn dot(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let a = vector(args, 0, "use @ for matrices")?;
    let b = vector(args, 1, "use @ for matrices")?;
    if a.len() != b.len() {
        return Err(LangError::new(
            ErrorKind::Shape,
            format!(
                "dot: vector of {} and vector of {}, lengths {} and {} differ",
                a.len(),
                b.len(),
                a.len(),
                b.len()
            ),
            args.span.clone(),
        )
        .with_hint("both vectors must have the same length"));
    }
    context.charge(a.len(), &args.span)?;
    let result = Value::Scalar(dot_product(a.iter(), b.iter()));
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| "dot overflows".to_string(),
    )?;
    Ok(result)
}

/// `outer(a, b)`: the matrix of every product a_i·b_j.
pub(super) fn outer(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let a = vector(args, 0, "outer multiplies two vectors")?;
    let b = vector(args, 1, "outer multiplies two vectors")?;
    context.charge(a.len() * b.len(), &args.span)?;
    let entries = a
        .iter()
        .flat_map(|x| b.iter().map(move |y| x * y))
        .collect();
    let result = Value::Matrix(matrix_from(a.len(), b.len(), entries));
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| "outer overflows".to_string(),
    )?;
    Ok(result)
}

/// `concat(a, b, …, axis=0)`. Without a matrix among the arguments, vectors (and scalars, as
/// one entry) join end to end into a vector, and only axis 0 (or -1) exists. With a matrix,
/// every argument counts as rows (a vector as one row, a scalar as 1×1): axis 0 stacks them,
/// axis 1 (or -1) puts them side by side.
pub(super) fn concat(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let values: Vec<&Value> = args.positional.iter().map(|g| g.value.as_ref()).collect();
    let has_matrix = values.iter().any(|v| v.rank() == 2);
    let probe = if has_matrix {
        Value::Matrix(Array2::zeros((1, 1)))
    } else {
        Value::Vector(Array1::zeros(1))
    };
    let axis = axis(args, &probe, Some(0))?.unwrap_or(0);
    if !has_matrix {
        let entries: Vec<f64> = values.iter().flat_map(|v| v.entries().to_vec()).collect();
        context.check_size("concat", 1, entries.len(), &args.span)?;
        context.charge(entries.len(), &args.span)?;
        return Ok(Value::Vector(Array1::from(entries)));
    }
    let matrices: Vec<Array2<f64>> = values.iter().map(|v| v.to_matrix()).collect();
    // Along axis 0 the columns must agree; along axis 1 the rows.
    let kept = |m: &Array2<f64>| if axis == 0 { m.ncols() } else { m.nrows() };
    let first = &matrices[0];
    if let Some((index, other)) = matrices
        .iter()
        .enumerate()
        .find(|(_, m)| kept(m) != kept(first))
    {
        let what = if axis == 0 { "columns" } else { "rows" };
        return Err(LangError::new(
            ErrorKind::Shape,
            format!(
                "concat along axis {axis}: {} and {}, {what} {} and {} differ",
                values[0].describe_shape(),
                values[index].describe_shape(),
                kept(first),
                kept(other)
            ),
            args.positional[index].span.clone(),
        )
        .with_hint(
            "axis=0 stacks rows (columns must agree), axis=1 joins side by side (rows must agree)",
        ));
    }
    let total: usize = matrices
        .iter()
        .map(|m| if axis == 0 { m.nrows() } else { m.ncols() })
        .sum();
    let (rows, cols) = if axis == 0 {
        (total, kept(first))
    } else {
        (kept(first), total)
    };
    context.check_size("concat", rows, cols, &args.span)?;
    context.charge(rows * cols, &args.span)?;
    let views: Vec<_> = matrices.iter().map(|m| m.view()).collect();
    let joined = ndarray::concatenate(ndarray::Axis(axis), &views).expect("shapes were checked");
    Ok(Value::Matrix(joined))
}

/// `row(v)`: a 1×n matrix; `col(v)`: an n×1 matrix (a scalar becomes 1×1).
pub(super) fn row_or_col(
    context: &mut Context,
    args: &Args,
    column: bool,
) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    if x.rank() == 2 {
        return Err(arguments_error(
            format!(
                "`{}` takes a vector, got a {}",
                args.function,
                x.describe_shape()
            ),
            &args.positional[0].span,
            "a matrix is already rows and columns; use .T to transpose it",
        ));
    }
    context.charge(x.len(), &args.span)?;
    let as_row = x.to_matrix();
    Ok(Value::Matrix(if column {
        as_row.t().as_standard_layout().into_owned()
    } else {
        as_row
    }))
}

/// `rows(x, start, end)`: rows start…end−1 of a matrix; `cols(x, start, end)`: its columns, or
/// entries start…end−1 of a vector. Positions count from 0; `end` is excluded.
pub(super) fn slice(context: &mut Context, args: &Args, columns: bool) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    let name = args.function;
    if x.rank() == 0 || (x.rank() == 1 && !columns) {
        return Err(arguments_error(
            format!("`{name}` needs a matrix, got a {}", x.describe_shape()),
            &args.positional[0].span,
            "rows(x, a, b) takes rows of a matrix; cols(v, a, b) takes entries of a vector",
        ));
    }
    let start = whole_number(&args.positional[1], &format!("the start of `{name}`"))?;
    let end = whole_number(&args.positional[2], &format!("the end of `{name}`"))?;
    let (rows, cols) = x.dims();
    let available = if columns { cols } else { rows };
    let unit = match (columns, x.rank()) {
        (false, _) => "rows",
        (true, 1) => "entries",
        (true, _) => "columns",
    };
    let outside = if start < 0 {
        Some(format!(
            "`{name}` cannot start at {start}: {unit} count from 0"
        ))
    } else if start >= end {
        Some(format!(
            "`{name}` from {start} to {end} takes no {unit}: the end must be greater than the start"
        ))
    } else if end > available as i64 {
        Some(format!(
            "`{name}` from {start} to {end} needs {unit} up to {}, and there are {available} ({unit} 0 to {})",
            end - 1,
            available - 1
        ))
    } else {
        None
    };
    if let Some(message) = outside {
        return Err(arguments_error(
            message,
            &args.span,
            format!("positions count from 0 and need 0 ≤ start < end ≤ {available}"),
        ));
    }
    let range = start as usize..end as usize;
    context.charge(
        if columns {
            rows * range.len()
        } else {
            cols * range.len()
        },
        &args.span,
    )?;
    // A view of a matrix, not a copy: copying the whole of it cost its size, uncharged.
    let matrix = match x {
        Value::Matrix(matrix) => std::borrow::Cow::Borrowed(matrix),
        other => std::borrow::Cow::Owned(other.to_matrix()),
    };
    let part = if columns {
        matrix.slice(ndarray::s![.., range]).to_owned()
    } else {
        matrix.slice(ndarray::s![range, ..]).to_owned()
    };
    Ok(Value::from_matrix(part, x.rank()))
}

/// The shape several values broadcast to (NumPy's rule, a vector as one row): rank, rows, cols.
fn broadcast_shape(args: &Args) -> Result<(u8, usize, usize), LangError> {
    let mut rows = 1;
    let mut cols = 1;
    let mut rank = 0;
    for given in &args.positional {
        let (r, c) = given.value.dims();
        let fits = |size: usize, other: usize| size == other || size == 1 || other == 1;
        if !fits(rows, r) || !fits(cols, c) {
            let shapes: Vec<String> = args
                .positional
                .iter()
                .map(|g| g.value.describe_shape())
                .collect();
            return Err(LangError::new(
                ErrorKind::Shape,
                format!(
                    "{}: {} do not broadcast together",
                    args.function,
                    shapes.join(", ")
                ),
                args.span.clone(),
            )
            .with_hint("sizes must be equal or 1 (NumPy broadcasting); a vector counts as one row, col(v) makes it a column"));
        }
        rows = rows.max(r);
        cols = cols.max(c);
        rank = rank.max(given.value.rank());
    }
    Ok((rank, rows, cols))
}

/// The entry of `value` that broadcasts to position (i, j).
fn broadcast_entry(value: &Value, entries: &[f64], i: usize, j: usize) -> f64 {
    let (rows, cols) = value.dims();
    entries[(if rows == 1 { 0 } else { i * cols }) + if cols == 1 { 0 } else { j }]
}

/// One entry of `maximum`, `minimum`, `atan2`, `xlogy`, `clip` or `where`.
fn combine_entries(name: &str, x: &[f64]) -> f64 {
    match name {
        "maximum" => x[0].max(x[1]),
        "minimum" => x[0].min(x[1]),
        "atan2" => x[0].atan2(x[1]),
        // x · log y, and 0 where x is 0 (even where y is 0), as scipy.special.xlogy.
        "xlogy" => {
            if x[0] == 0.0 {
                0.0
            } else {
                x[0] * x[1].ln()
            }
        }
        "clip" => x[0].max(x[1]).min(x[2]),
        _ => {
            if x[0] != 0.0 {
                x[1]
            } else {
                x[2]
            }
        }
    }
}

/// `maximum(a, b)`, `minimum(a, b)`, `atan2(y, x)`, `xlogy(x, y)`, `clip(x, low, high)` and
/// `where(c, a, b)` (a where c is not 0, else b): entry by entry with broadcasting. Masks pass
/// through `maximum`, `minimum` and `where`.
pub(super) fn broadcast_function(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (rank, rows, cols) = broadcast_shape(args)?;
    let name = args.function;
    context.charge(rows * cols * args.positional.len(), &args.span)?;
    let entries: Vec<_> = args.positional.iter().map(|g| g.value.entries()).collect();
    let at = |i: usize, j: usize| -> Vec<f64> {
        args.positional
            .iter()
            .zip(&entries)
            .map(|(g, e)| broadcast_entry(&g.value, e, i, j))
            .collect()
    };
    let mut out = Vec::with_capacity(rows * cols);
    for i in 0..rows {
        for j in 0..cols {
            out.push(combine_entries(name, &at(i, j)));
        }
    }
    let result = Value::from_entries(rank, rows, cols, out);
    context.ensure_finite(
        &result,
        &args.span,
        |flat| at(flat / cols, flat % cols).contains(&f64::NEG_INFINITY),
        |flat| {
            let x = at(flat / cols, flat % cols);
            if x[1] == 0.0 {
                "xlogy of a positive x and y = 0 (log of 0)".to_string()
            } else {
                format!(
                    "xlogy with y = {}: log of a negative number",
                    format_number(x[1])
                )
            }
        },
    )?;
    Ok(result)
}
