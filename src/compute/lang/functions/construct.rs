//! Functions that build a value from sizes: ranges, identities, zeros, ones, random normals,
//! causal masks.
//!
//! Stage: evaluation of a call. Must not: read any value but the sizes and the seed.

use ndarray::Array1;

use super::{arguments_error, whole_number, Args, Context, ErrorKind, LangError, Value, MAX_SIDE};
use crate::compute::lang::value::matrix_from;
use crate::compute::lang::Limit;

/// A size argument: a whole number from 1 to [`MAX_SIDE`].
pub(super) fn size(args: &Args, index: usize) -> Result<usize, LangError> {
    let given = &args.positional[index];
    let n = whole_number(given, "a size")?;
    if n < 1 {
        return Err(arguments_error(
            format!("`{}` needs sizes of at least 1, got {n}", args.function),
            &given.span,
            "every value holds at least one number",
        ));
    }
    if n > MAX_SIDE as i64 {
        return Err(LangError::new(
            ErrorKind::Limit(Limit::Size),
            format!(
                "`{}` of size {n} is larger than the limit of {MAX_SIDE}",
                args.function
            ),
            given.span.clone(),
        )
        .with_hint(format!("values are at most {MAX_SIDE}×{MAX_SIDE}")));
    }
    Ok(n as usize)
}

/// One SplitMix64 step: a fast, well-mixed 64-bit generator the JavaScript twin reproduces
/// exactly with BigInt.
pub(crate) fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let z = (*state ^ (*state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `count` standard normal numbers from `seed`: SplitMix64 gives uniforms u in [0, 1) from the
/// top 53 bits, and Box–Muller turns each pair (u₁, u₂) into √(−2 ln(1−u₁))·(cos 2πu₂, sin 2πu₂).
pub(super) fn standard_normals(seed: u64, count: usize) -> Vec<f64> {
    let mut state = seed;
    let mut uniform = || (next_random(&mut state) >> 11) as f64 / 9_007_199_254_740_992.0;
    let mut out = Vec::with_capacity(count + 1);
    while out.len() < count {
        let radius = (-2.0 * (1.0 - uniform()).ln()).sqrt();
        let angle = 2.0 * std::f64::consts::PI * uniform();
        out.push(radius * angle.cos());
        out.push(radius * angle.sin());
    }
    out.truncate(count);
    out
}

/// `arange(n)`, `eye(n)`, `causal_mask(n)`, `zeros(…)`, `ones(…)`, `randn(…, seed=0)`.
pub(super) fn construct(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let rows = size(args, 0)?;
    let cols = if args.positional.len() == 2 {
        Some(size(args, 1)?)
    } else {
        None
    };
    let name = args.function;
    let seed = match args.keywords.get("seed") {
        None => 0,
        Some(given) => {
            let seed = whole_number(given, "seed")?;
            if seed < 0 {
                return Err(arguments_error(
                    format!("seed must be at least 0, got {seed}"),
                    &given.span,
                    "write, e.g., seed=1",
                ));
            }
            seed as u64
        }
    };
    let square = matches!(name, "eye" | "causal_mask");
    let count = rows * cols.unwrap_or(if square { rows } else { 1 });
    context.charge(count, &args.span)?;
    let entries: Vec<f64> = match name {
        "arange" => (0..rows).map(|i| i as f64).collect(),
        "eye" => (0..count)
            .map(|k| if k / rows == k % rows { 1.0 } else { 0.0 })
            .collect(),
        "causal_mask" => (0..count)
            .map(|k| {
                if k % rows > k / rows {
                    f64::NEG_INFINITY
                } else {
                    0.0
                }
            })
            .collect(),
        "zeros" => vec![0.0; count],
        "ones" => vec![1.0; count],
        _ => standard_normals(seed, count),
    };
    Ok(match (cols, square) {
        (Some(cols), _) => Value::Matrix(matrix_from(rows, cols, entries)),
        (None, true) => Value::Matrix(matrix_from(rows, rows, entries)),
        (None, false) => Value::Vector(Array1::from(entries)),
    })
}

/// `one_hot(i, n)`: a vector of n zeros with a 1 at position i; for a vector of positions, one
/// such row each. Positions count from 0 and must be whole numbers below n.
pub(super) fn one_hot(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let n = size(args, 1)?;
    let positions = &args.positional[0];
    let value = positions.value.as_ref();
    if value.rank() == 2 {
        return Err(arguments_error(
            format!(
                "`one_hot` takes a position or a vector of positions, got a {}",
                value.describe_shape()
            ),
            &positions.span,
            "write one_hot(2, 4), or one_hot(labels, 4) for a vector of labels",
        ));
    }
    let count = value.len();
    context.check_size("one_hot", count, n, &args.span)?;
    context.charge(count * n, &args.span)?;
    let mut entries = vec![0.0; count * n];
    for (row, &position) in value.entries().iter().enumerate() {
        if position.fract() != 0.0 || position < 0.0 || position >= n as f64 {
            let shown = crate::compute::lang::value::format_number(position);
            let what = if position.fract() != 0.0 || !position.is_finite() {
                "is not a whole number"
            } else {
                "is outside the positions"
            };
            return Err(arguments_error(
                format!("one_hot: position {shown} {what} from 0 to {}", n - 1),
                &positions.span,
                "positions count from 0, as argmax gives them",
            ));
        }
        entries[row * n + position as usize] = 1.0;
    }
    Ok(if value.rank() == 0 {
        Value::from_entries(1, 1, n, entries)
    } else {
        Value::from_entries(2, count, n, entries)
    })
}
