//! Functions that combine or take apart values: products of vectors, joining, rows and columns.
//!
//! Stage: evaluation of a call. Must not: create values from nothing (constructors do).

use ndarray::{Array1, Array2};

use super::axis::axis;
use super::{arguments_error, vector, whole_number, Args, Context, ErrorKind, LangError, Value};
use crate::compute::lang::value::matrix_from;

/// `dot(a, b)`: the sum of products of two vectors of equal length.
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
    let mut sum = 0.0;
    for (x, y) in a.iter().zip(b) {
        sum += x * y;
    }
    let result = Value::Scalar(sum);
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
    let start = whole_number(&args.positional[1], "start")?;
    let end = whole_number(&args.positional[2], "end")?;
    let (rows, cols) = x.dims();
    let available = if columns { cols } else { rows };
    if start < 0 || start >= end || end > available as i64 {
        return Err(arguments_error(
            format!("{name}({start}, {end}) is outside the {available} available"),
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
    let matrix = x.to_matrix();
    let part = if columns {
        matrix.slice(ndarray::s![.., range]).to_owned()
    } else {
        matrix.slice(ndarray::s![range, ..]).to_owned()
    };
    Ok(Value::from_matrix(part, x.rank()))
}
