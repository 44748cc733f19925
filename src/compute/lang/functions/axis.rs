//! Functions along an axis: each row, each column, or every entry (softmax, normalisation,
//! reductions).
//!
//! Stage: evaluation of a call. Must not: change the shape except by reducing the named axis.

use super::{arguments_error, needs_array, whole_number, Args, Context, LangError, Value};

/// The axis of `x` a call names, in the matrix view (0: down columns, 1: along rows); `None`
/// when no axis is given and there is no default.
pub(super) fn axis(
    args: &Args,
    x: &Value,
    default: Option<i64>,
) -> Result<Option<usize>, LangError> {
    let given = args.keywords.get("axis");
    let requested = match given {
        Some(given) => whole_number(given, "axis")?,
        None => match default {
            Some(axis) => axis,
            None => return Ok(None),
        },
    };
    let span = given.map_or(&args.span, |g| &g.span);
    match (x.rank(), requested) {
        (0, _) => Err(arguments_error(
            format!("`{}` of a scalar has no axis", args.function),
            span,
            "leave out axis=…",
        )),
        // A vector is one row in the matrix view: its only axis runs along that row.
        (1, 0 | -1) => Ok(Some(1)),
        (1, _) => Err(arguments_error(
            format!("axis={requested} does not exist for a vector"),
            span,
            "a vector has one axis: axis=0 (or -1)",
        )),
        (_, 0 | -2) => Ok(Some(0)),
        (_, 1 | -1) => Ok(Some(1)),
        _ => Err(arguments_error(
            format!("axis={requested} does not exist for a matrix"),
            span,
            "use axis=0 (down each column) or axis=1 (along each row)",
        )),
    }
}

/// The lanes of a `rows`×`cols` matrix along `axis` (0: each column, 1: each row), each as the
/// flat positions of its entries in reading order.
pub(crate) fn lanes(rows: usize, cols: usize, axis: usize) -> Vec<Vec<usize>> {
    if axis == 0 {
        (0..cols)
            .map(|j| (0..rows).map(|i| i * cols + j).collect())
            .collect()
    } else {
        (0..rows)
            .map(|i| (0..cols).map(|j| i * cols + j).collect())
            .collect()
    }
}

/// The entries of one lane.
pub(super) fn lane_values(entries: &[f64], lane: &[usize]) -> Vec<f64> {
    lane.iter().map(|&p| entries[p]).collect()
}

/// `f` applied to each lane along `axis`; the result has the shape of `x`.
pub(super) fn map_lanes(x: &Value, axis: usize, f: impl Fn(&[f64]) -> Vec<f64>) -> Value {
    let entries = x.entries();
    let (rows, cols) = x.dims();
    let mut out = vec![0.0; rows * cols];
    for lane in lanes(rows, cols, axis) {
        for (&p, y) in lane.iter().zip(f(&lane_values(&entries, &lane))) {
            out[p] = y;
        }
    }
    Value::from_entries(x.rank(), rows, cols, out)
}

/// One lane of `softmax`, or of `log_softmax` with `log`: shift by the lane's largest entry,
/// exponentiate, normalise, summing in reading order. A −∞ entry becomes exactly 0 (or stays
/// −∞ for `log_softmax`).
fn softmax_lane(lane: &[f64], log: bool) -> Vec<f64> {
    // x / 1 is x, bit for bit: at T = 1 the parts are the plain softmax's.
    let SoftmaxParts {
        shifted,
        exps,
        total,
    } = softmax_parts(lane, 1.0);
    if log {
        let log_total = total.ln();
        shifted.iter().map(|s| s - log_total).collect()
    } else {
        exps.iter().map(|e| e / total).collect()
    }
}

/// The stable pieces of softmax(x / T) over one lane.
struct SoftmaxParts {
    /// (x − max x) / T: every entry ≤ 0 and the largest exactly 0.
    shifted: Vec<f64>,
    /// exp of each shifted entry.
    exps: Vec<f64>,
    /// Σ exps, added in reading order (as the JS twins add).
    total: f64,
}

/// Subtracting the maximum *before* dividing by T keeps a tiny T from overflowing x / T for the
/// largest entry; the others may still go to −∞, which `exp` maps to an exact 0.
fn softmax_parts(lane: &[f64], temperature: f64) -> SoftmaxParts {
    let largest = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let shifted: Vec<f64> = lane.iter().map(|v| (v - largest) / temperature).collect();
    let exps: Vec<f64> = shifted.iter().map(|s| s.exp()).collect();
    let total = exps.iter().sum();
    SoftmaxParts {
        shifted,
        exps,
        total,
    }
}

/// `softmax(x, axis=-1)` and `log_softmax(x, axis=-1)`: [`softmax_lane`] along the axis.
pub(super) fn softmax(context: &mut Context, args: &Args, log: bool) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let axis = axis(args, x, Some(-1))?.unwrap_or(1);
    context.charge(x.len(), &args.span)?;
    let result = map_lanes(x, axis, |lane| softmax_lane(lane, log));
    let entries = x.entries();
    context.ensure_finite(
        &result,
        &args.span,
        |flat| log && entries[flat] == f64::NEG_INFINITY,
        |_| format!("{} over entries that are all -inf", args.function),
    )?;
    Ok(result)
}

/// `layer_norm(x, eps=0.00001)`: along the last axis (each row of a matrix, the whole of a
/// vector), subtract the mean and divide by √(variance + eps), the variance dividing by n.
/// No gain or bias: multiply and add them in the steps.
pub(super) fn layer_norm(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let eps = match args.keywords.get("eps") {
        None => 1e-5,
        Some(given) => match given.value.as_ref() {
            Value::Scalar(eps) if *eps >= 0.0 && eps.is_finite() => *eps,
            _ => {
                return Err(arguments_error(
                    "eps must be a number of at least 0".to_string(),
                    &given.span,
                    "write, e.g., eps=0.00001",
                ))
            }
        },
    };
    context.charge(x.len(), &args.span)?;
    let result = map_lanes(x, 1, |lane| {
        let n = lane.len() as f64;
        let mean = lane.iter().sum::<f64>() / n;
        let variance = lane.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
        let scale = (variance + eps).sqrt();
        lane.iter().map(|v| (v - mean) / scale).collect()
    });
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| {
            if eps == 0.0 {
                "layer_norm of a constant row with eps=0 divides by 0".to_string()
            } else {
                "layer_norm overflows".to_string()
            }
        },
    )?;
    Ok(result)
}

/// One reduction over a list of entries in reading order (any name but the others listed here
/// is `norm`). The reference filters `sum`, `max` and `min` call it too.
pub(crate) fn reduce_lane(name: &str, lane: &[f64]) -> f64 {
    match name {
        "sum" => lane.iter().sum(),
        "mean" => lane.iter().sum::<f64>() / lane.len() as f64,
        "max" => lane.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        "min" => lane.iter().copied().fold(f64::INFINITY, f64::min),
        // The first largest (smallest) entry, counting from 0 as arange does.
        "argmax" | "argmin" => {
            let mut best = 0;
            for (i, v) in lane.iter().enumerate() {
                if (name == "argmax" && *v > lane[best]) || (name == "argmin" && *v < lane[best]) {
                    best = i;
                }
            }
            best as f64
        }
        // Over n, as NumPy's default: the mean of the squared deviations from the mean.
        "var" | "std" => {
            let n = lane.len() as f64;
            let mean = lane.iter().sum::<f64>() / n;
            let variance = lane.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
            if name == "std" {
                variance.sqrt()
            } else {
                variance
            }
        }
        // log Σ exp, shifted by the largest entry; masked (−∞) entries add nothing, and a lane
        // of masks stays −∞.
        "logsumexp" => {
            let largest = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if largest == f64::NEG_INFINITY {
                return largest;
            }
            largest + lane.iter().map(|v| (v - largest).exp()).sum::<f64>().ln()
        }
        _ => lane.iter().map(|v| v * v).sum::<f64>().sqrt(),
    }
}

/// `sum`, `mean`, `var`, `std`, `max`, `min`, `argmax`, `argmin`, `norm` (Euclidean),
/// `logsumexp`: over every entry, giving a scalar, or along `axis=…`, keeping the reduced axis.
pub(super) fn reduce(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    let name = args.function;
    let axis = axis(args, x, None)?;
    context.charge(x.len(), &args.span)?;
    let result = match axis {
        None => Value::Scalar(reduce_lane(name, &x.entries())),
        Some(axis) => {
            let entries = x.entries();
            let (rows, cols) = x.dims();
            let reduced: Vec<f64> = lanes(rows, cols, axis)
                .iter()
                .map(|lane| reduce_lane(name, &lane_values(&entries, lane)))
                .collect();
            let (rows, cols) = if axis == 0 { (1, cols) } else { (rows, 1) };
            Value::from_entries(x.rank(), rows, cols, reduced)
        }
    };
    // Only logsumexp takes masks; its result is −∞ exactly where a whole lane was.
    context.ensure_finite(
        &result,
        &args.span,
        |_| name == "logsumexp",
        |_| format!("{name} overflows"),
    )?;
    Ok(result)
}

/// One lane of `cumsum`, `cumprod`, `sort` or `argsort`.
fn scan_lane(name: &str, lane: &[f64]) -> Vec<f64> {
    match name {
        "cumsum" | "cumprod" => {
            let mut running = if name == "cumsum" { 0.0 } else { 1.0 };
            lane.iter()
                .map(|v| {
                    running = if name == "cumsum" {
                        running + v
                    } else {
                        running * v
                    };
                    running
                })
                .collect()
        }
        _ => {
            // Stable: equal entries keep their order, as NumPy's kind="stable".
            let mut order: Vec<usize> = (0..lane.len()).collect();
            // partial_cmp, not total_cmp: -0 and 0 are equal, as in the JavaScript twin.
            order.sort_by(|a, b| {
                lane[*a]
                    .partial_cmp(&lane[*b])
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            if name == "sort" {
                order.iter().map(|&i| lane[i]).collect()
            } else {
                order.iter().map(|&i| i as f64).collect()
            }
        }
    }
}

/// `cumsum`, `cumprod`, `sort`, `argsort`: along `axis` (by default the last: each row of a
/// matrix, the whole of a vector), keeping the shape.
pub(super) fn scan(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let name = args.function;
    let axis = axis(args, x, Some(-1))?.unwrap_or(1);
    context.charge(x.len(), &args.span)?;
    let result = map_lanes(x, axis, |lane| scan_lane(name, lane));
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| format!("{name} overflows"),
    )?;
    Ok(result)
}
