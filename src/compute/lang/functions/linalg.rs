//! Linear algebra: `solve`, `inv`, `det`, `lstsq`, and `eigvals`/`eigvecs` of symmetric
//! matrices.
//!
//! Stage: evaluation of a call. Must not: use an algorithm the JavaScript twin cannot repeat
//! operation for operation. Everything here is additions, multiplications, divisions and square
//! roots in a fixed order (which IEEE arithmetic rounds the same everywhere), so both sides get
//! the same bits:
//! - `solve`, `inv`, `det`: LU factorisation with partial pivoting (the largest pivot in the
//!   column, the first on ties), then forward and back substitution.
//! - `lstsq`: Householder QR, then back substitution; the least-squares solution of a full
//!   column rank system.
//! - `eigvals`, `eigvecs`: cyclic Jacobi rotations, pairs (p, q) in reading order, until the
//!   off-diagonal part vanishes; eigenvalues ascending (ties in the order found), each
//!   eigenvector's largest-magnitude entry (the first of equals) positive.

// Index loops, not iterators: each loop here is written as the JavaScript twin writes it, so
// a reader can check the two operation for operation.
#![allow(clippy::needless_range_loop)]

use super::{arguments_error, Args, Context, ErrorKind, LangError, Value};

/// A pivot or column smaller than this times the matrix's largest entry counts as zero.
const SINGULAR: f64 = 1e-12;
/// Two mirrored entries further apart than this times the largest entry are not symmetric.
const ASYMMETRIC: f64 = 1e-9;
/// Most Jacobi sweeps; convergence is quadratic, so a few are enough for any matrix here.
const MAX_SWEEPS: usize = 64;

/// The square matrix argument `index` holds: its size and entries in reading order.
fn square(args: &Args, index: usize) -> Result<(usize, Vec<f64>), LangError> {
    let given = &args.positional[index];
    let value = given.value.as_ref();
    let (rows, cols) = value.dims();
    if value.rank() != 2 || rows != cols {
        return Err(arguments_error(
            format!(
                "`{}` needs a square matrix, got a {}",
                args.function,
                value.describe_shape()
            ),
            &given.span,
            "linear algebra works on n×n matrices; lstsq fits a tall one",
        ));
    }
    Ok((rows, value.entries().into_owned()))
}

/// The largest magnitude among `entries` (0 for none).
fn scale(entries: &[f64]) -> f64 {
    entries.iter().fold(0.0, |m: f64, x| m.max(x.abs()))
}

/// A power of two that brings `largest` near 1. Multiplying by it is exact, so an algorithm run
/// on the scaled matrix gives the same digits, scaled back, without squares or products that
/// overflow or underflow at extreme scales (1e200, 1e-200).
fn power_of_two_near(largest: f64) -> f64 {
    if largest == 0.0 || !largest.is_finite() {
        return 1.0;
    }
    let exponent = (largest.log2().floor() as i32).clamp(-1000, 1000);
    2f64.powi(-exponent)
}

/// An error about the matrix of the running step: singular, not symmetric, rank deficient.
fn matrix_error(context: &Context, args: &Args, problem: String, hint: &str) -> LangError {
    LangError::new(
        ErrorKind::Arguments,
        format!(
            "{}: {problem} in step {}",
            args.function,
            context.step_name()
        ),
        args.span.clone(),
    )
    .with_hint(hint)
}

/// An LU factorisation of an n×n matrix with partial pivoting, in place: L below the diagonal
/// (unit diagonal implied), U on and above it; `order[i]` is the original row now at row i.
struct Lu {
    n: usize,
    lu: Vec<f64>,
    order: Vec<usize>,
    /// +1 or −1: the sign of the row permutation.
    sign: f64,
}

/// Factorises `a`; `Err(k)` when column k has no pivot larger than `tolerance`.
fn factorise(n: usize, mut a: Vec<f64>, tolerance: f64) -> Result<Lu, usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut sign = 1.0;
    for k in 0..n {
        let mut pivot = k;
        let mut best = a[k * n + k].abs();
        for i in k + 1..n {
            if a[i * n + k].abs() > best {
                best = a[i * n + k].abs();
                pivot = i;
            }
        }
        if best <= tolerance {
            return Err(k);
        }
        if pivot != k {
            for j in 0..n {
                a.swap(k * n + j, pivot * n + j);
            }
            order.swap(k, pivot);
            sign = -sign;
        }
        for i in k + 1..n {
            let factor = a[i * n + k] / a[k * n + k];
            a[i * n + k] = factor;
            for j in k + 1..n {
                a[i * n + j] -= factor * a[k * n + j];
            }
        }
    }
    Ok(Lu {
        n,
        lu: a,
        order,
        sign,
    })
}

impl Lu {
    /// The solution x of A x = b for one right-hand side.
    fn solve(&self, b: &[f64]) -> Vec<f64> {
        let n = self.n;
        let mut y: Vec<f64> = self.order.iter().map(|&i| b[i]).collect();
        for i in 0..n {
            let mut value = y[i];
            for j in 0..i {
                value -= self.lu[i * n + j] * y[j];
            }
            y[i] = value;
        }
        for i in (0..n).rev() {
            let mut value = y[i];
            for j in i + 1..n {
                value -= self.lu[i * n + j] * y[j];
            }
            y[i] = value / self.lu[i * n + i];
        }
        y
    }
}

/// The right-hand side of `solve`/`lstsq` as columns, and whether it was a vector.
fn right_hand_side(
    args: &Args,
    rows: usize,
    quoted_shape: &str,
) -> Result<(Vec<Vec<f64>>, bool), LangError> {
    let b = args.positional[1].value.as_ref();
    let (b_rows, b_cols) = match b {
        Value::Vector(v) => (v.len(), 1),
        _ => b.dims(),
    };
    if b.rank() == 0 || b_rows != rows {
        return Err(LangError::new(
            ErrorKind::Shape,
            format!(
                "{}: {quoted_shape} and {}, b needs {rows} rows",
                args.function,
                b.describe_shape()
            ),
            args.span.clone(),
        )
        .with_hint("b is a vector with one entry per row of a, or a matrix of such columns"));
    }
    let entries = b.entries();
    let columns = (0..b_cols)
        .map(|j| (0..b_rows).map(|i| entries[i * b_cols + j]).collect())
        .collect();
    Ok((columns, b.rank() == 1))
}

/// Columns of length `rows` back into a vector (one column from a vector b) or a matrix.
fn from_columns(columns: &[Vec<f64>], rows: usize, vector: bool) -> Value {
    if vector {
        return Value::from_entries(1, 1, rows, columns[0].clone());
    }
    let cols = columns.len();
    let entries = (0..rows * cols)
        .map(|flat| columns[flat % cols][flat / cols])
        .collect();
    Value::from_entries(2, rows, cols, entries)
}

fn singular(context: &Context, args: &Args, column: usize) -> LangError {
    matrix_error(
        context,
        args,
        format!("the matrix is singular (no pivot in column {})", column + 1),
        "its rows are linearly dependent, so there is no unique solution; lstsq fits the best one when a has more rows than columns",
    )
}

/// `solve(a, b)`: x with a @ x = b, for a square a and b a vector or a matrix of columns.
pub(super) fn solve(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (n, a) = square(args, 0)?;
    let (columns, vector) = right_hand_side(args, n, &format!("{n}×{n}"))?;
    context.charge(n * n * n + columns.len() * n * n, &args.span)?;
    let tolerance = SINGULAR * scale(&a);
    let lu = factorise(n, a, tolerance).map_err(|k| singular(context, args, k))?;
    let solved: Vec<Vec<f64>> = columns.iter().map(|b| lu.solve(b)).collect();
    finite(context, args, from_columns(&solved, n, vector))
}

/// `inv(a)`: the inverse, column by column from the identity.
pub(super) fn inv(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (n, a) = square(args, 0)?;
    context.charge(2 * n * n * n, &args.span)?;
    // inv(a) = s · inv(s · a), exactly, for a power of two s.
    let s = power_of_two_near(scale(&a));
    let a: Vec<f64> = a.iter().map(|x| x * s).collect();
    let tolerance = SINGULAR * scale(&a);
    let lu = factorise(n, a, tolerance).map_err(|k| singular(context, args, k))?;
    let solved: Vec<Vec<f64>> = (0..n)
        .map(|j| {
            let unit: Vec<f64> = (0..n).map(|i| if i == j { 1.0 } else { 0.0 }).collect();
            lu.solve(&unit).into_iter().map(|x| x * s).collect()
        })
        .collect();
    finite(context, args, from_columns(&solved, n, false))
}

/// `det(a)`: the product of U's diagonal with the permutation's sign; 0 for a singular matrix.
pub(super) fn det(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (n, a) = square(args, 0)?;
    context.charge(n * n * n, &args.span)?;
    let result = match factorise(n, a, 0.0) {
        Err(_) => 0.0,
        Ok(lu) => {
            let mut product = lu.sign;
            for k in 0..n {
                product *= lu.lu[k * n + k];
            }
            product
        }
    };
    // Factorising succeeded, so the matrix is not singular: only the product is too large.
    context.ensure_finite(
        &Value::Scalar(result),
        &args.span,
        |_| false,
        |_| "det overflows: the determinant is larger than about 1.8e308, the largest number there is".to_string(),
    )?;
    Ok(Value::Scalar(result))
}

/// Applies the Householder reflection I − 2vvᵀ/(vᵀv) (`length` = vᵀv) to the entries
/// `values[first]`, `values[first + stride]`, … (one column below the diagonal).
fn reflect(v: &[f64], length: f64, values: &mut [f64], first: usize, stride: usize) {
    let mut projection = 0.0;
    for (offset, x) in v.iter().enumerate() {
        projection += x * values[first + offset * stride];
    }
    let factor = 2.0 * projection / length;
    for (offset, x) in v.iter().enumerate() {
        values[first + offset * stride] -= factor * x;
    }
}

/// `lstsq(a, b)`: the x minimising |a @ x − b|, for an m×n a (m ≥ n) of full column rank,
/// by Householder QR.
pub(super) fn lstsq(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let given = &args.positional[0];
    let a = given.value.as_ref();
    let (m, n) = a.dims();
    if a.rank() != 2 || m < n {
        return Err(arguments_error(
            format!(
                "`lstsq` needs a matrix with at least as many rows as columns, got a {}",
                a.describe_shape()
            ),
            &given.span,
            "each row is one equation, each column one unknown: more equations than unknowns",
        ));
    }
    let (mut columns, vector) = right_hand_side(args, m, &a.describe_shape())?;
    context.charge(2 * m * n * (n + columns.len()), &args.span)?;
    let mut r = a.entries().into_owned();
    let tolerance = SINGULAR * scale(&r);
    for k in 0..n {
        let mut squares = 0.0;
        for i in k..m {
            squares += r[i * n + k] * r[i * n + k];
        }
        let norm = squares.sqrt();
        if norm <= tolerance {
            return Err(matrix_error(
                context,
                args,
                format!("the columns of a are linearly dependent (column {})", k + 1),
                "a least-squares fit needs columns that are not combinations of the others; drop the repeated one",
            ));
        }
        let alpha = if r[k * n + k] > 0.0 { -norm } else { norm };
        let mut v: Vec<f64> = (k..m).map(|i| r[i * n + k]).collect();
        v[0] -= alpha;
        let mut length = 0.0;
        for x in &v {
            length += x * x;
        }
        for j in k..n {
            reflect(&v, length, &mut r, k * n + j, n);
        }
        for b in columns.iter_mut() {
            reflect(&v, length, b, k, 1);
        }
    }
    let solved: Vec<Vec<f64>> = columns
        .iter()
        .map(|b| {
            let mut x = vec![0.0; n];
            for i in (0..n).rev() {
                let mut value = b[i];
                for j in i + 1..n {
                    value -= r[i * n + j] * x[j];
                }
                x[i] = value / r[i * n + i];
            }
            x
        })
        .collect();
    finite(context, args, from_columns(&solved, n, vector))
}

/// The eigenvalues (ascending) and eigenvectors (columns, in the same order, each with its
/// largest-magnitude entry positive) of a symmetric matrix, by cyclic Jacobi.
fn jacobi(context: &mut Context, args: &Args) -> Result<(usize, Vec<f64>, Vec<f64>), LangError> {
    let (n, a) = square(args, 0)?;
    let largest = scale(&a);
    for i in 0..n {
        for j in i + 1..n {
            if (a[i * n + j] - a[j * n + i]).abs() > ASYMMETRIC * largest {
                return Err(matrix_error(
                    context,
                    args,
                    format!(
                        "the matrix is not symmetric (entry [{}, {}] differs from [{}, {}])",
                        i + 1,
                        j + 1,
                        j + 1,
                        i + 1
                    ),
                    "eigvals and eigvecs take symmetric matrices, such as x.T @ x; symmetrise with (a + a.T) / 2",
                ));
            }
        }
    }
    // Average the mirrored entries so the rotations see an exactly symmetric matrix, scaled
    // by a power of two so that the sums of squares below can neither overflow nor vanish.
    let s = power_of_two_near(largest);
    let mut m: Vec<f64> = (0..n * n)
        .map(|flat| (a[flat] * s + a[(flat % n) * n + flat / n] * s) / 2.0)
        .collect();
    let mut v: Vec<f64> = (0..n * n)
        .map(|flat| if flat / n == flat % n { 1.0 } else { 0.0 })
        .collect();
    let mut total = 0.0;
    for x in &m {
        total += x * x;
    }
    let threshold = total * 1e-32;
    for _ in 0..MAX_SWEEPS {
        let mut off = 0.0;
        for p in 0..n {
            for q in p + 1..n {
                off += m[p * n + q] * m[p * n + q];
            }
        }
        if off <= threshold {
            break;
        }
        context.charge(3 * n * n * n, &args.span)?;
        for p in 0..n {
            for q in p + 1..n {
                let apq = m[p * n + q];
                if apq == 0.0 {
                    continue;
                }
                let theta = (m[q * n + q] - m[p * n + p]) / (2.0 * apq);
                let sign = if theta >= 0.0 { 1.0 } else { -1.0 };
                let t = sign / (theta.abs() + (theta * theta + 1.0).sqrt());
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..n {
                    let (kp, kq) = (m[k * n + p], m[k * n + q]);
                    m[k * n + p] = c * kp - s * kq;
                    m[k * n + q] = s * kp + c * kq;
                }
                for k in 0..n {
                    let (pk, qk) = (m[p * n + k], m[q * n + k]);
                    m[p * n + k] = c * pk - s * qk;
                    m[q * n + k] = s * pk + c * qk;
                }
                for k in 0..n {
                    let (kp, kq) = (v[k * n + p], v[k * n + q]);
                    v[k * n + p] = c * kp - s * kq;
                    v[k * n + q] = s * kp + c * kq;
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|x, y| {
        m[x * n + x]
            .partial_cmp(&m[y * n + y])
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let values: Vec<f64> = order.iter().map(|&i| m[i * n + i] / s).collect();
    let mut vectors = vec![0.0; n * n];
    for (column, &source) in order.iter().enumerate() {
        let mut biggest = 0;
        for k in 0..n {
            if v[k * n + source].abs() > v[biggest * n + source].abs() {
                biggest = k;
            }
        }
        let flip = if v[biggest * n + source] < 0.0 {
            -1.0
        } else {
            1.0
        };
        for k in 0..n {
            vectors[k * n + column] = flip * v[k * n + source];
        }
    }
    Ok((n, values, vectors))
}

/// `eigvals(a)`: a symmetric matrix's eigenvalues, ascending.
pub(super) fn eigvals(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (n, values, _) = jacobi(context, args)?;
    finite(context, args, Value::from_entries(1, 1, n, values))
}

/// `eigvecs(a)`: the unit eigenvectors as columns, in the order of `eigvals`.
pub(super) fn eigvecs(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let (n, _, vectors) = jacobi(context, args)?;
    finite(context, args, Value::from_entries(2, n, n, vectors))
}

/// The result, if every entry is finite (a nearly singular matrix can overflow).
fn finite(context: &Context, args: &Args, result: Value) -> Result<Value, LangError> {
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| {
            format!(
                "{} overflows (the matrix is nearly singular)",
                args.function
            )
        },
    )?;
    Ok(result)
}
