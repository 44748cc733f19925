//! The functions of the compute language, each with its rule.
//!
//! Stage: evaluation of a call. Input: the call's name and argument expressions, evaluated here
//! in written order through the [`Context`]. Output: the call's [`Value`], or a [`LangError`] at
//! the call, the argument or the keyword at fault. Must not: do I/O or keep state between calls
//! (`randn` is a pure function of its seed).
//!
//! Every call first checks its name, how many positional arguments it has and its keywords,
//! then evaluates the arguments in order, then rejects +∞ and (except where noted) −∞ in them.
//! Axis keywords follow the module doc of `lang`; reductions keep the reduced axis.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use ndarray::{Array1, Array2};

use super::eval::{map_value, matrix_from, nearest, transpose, Context};
use super::parser::Arg;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError, MAX_SIDE};

/// How a function is called, for arity checks and hints.
struct Signature {
    name: &'static str,
    /// Fewest and most positional arguments (`usize::MAX`: any number).
    positional: (usize, usize),
    keywords: &'static [&'static str],
    /// The call as a hint writes it.
    usage: &'static str,
    /// Whether −∞ (a mask) may be in its arguments.
    accepts_mask: bool,
}

const fn signature(
    name: &'static str,
    positional: (usize, usize),
    keywords: &'static [&'static str],
    usage: &'static str,
    accepts_mask: bool,
) -> Signature {
    Signature {
        name,
        positional,
        keywords,
        usage,
        accepts_mask,
    }
}

const AXIS: &[&str] = &["axis"];

/// Every function, in the order the README lists them.
const SIGNATURES: &[Signature] = &[
    signature("exp", (1, 1), &[], "exp(x)", false),
    signature("log", (1, 1), &[], "log(x)", false),
    signature("sqrt", (1, 1), &[], "sqrt(x)", false),
    signature("abs", (1, 1), &[], "abs(x)", false),
    signature("sin", (1, 1), &[], "sin(x)", false),
    signature("cos", (1, 1), &[], "cos(x)", false),
    signature("tanh", (1, 1), &[], "tanh(x)", false),
    signature("sigmoid", (1, 1), &[], "sigmoid(x)", false),
    signature("relu", (1, 1), &[], "relu(x)", false),
    signature("gelu", (1, 1), &[], "gelu(x)", false),
    signature("softmax", (1, 1), AXIS, "softmax(x, axis=-1)", true),
    signature("log_softmax", (1, 1), AXIS, "log_softmax(x, axis=-1)", true),
    signature(
        "layer_norm",
        (1, 1),
        &["eps"],
        "layer_norm(x, eps=0.00001)",
        false,
    ),
    signature("sum", (1, 1), AXIS, "sum(x) or sum(x, axis=0)", false),
    signature("mean", (1, 1), AXIS, "mean(x) or mean(x, axis=0)", false),
    signature("max", (1, 1), AXIS, "max(x) or max(x, axis=0)", false),
    signature("min", (1, 1), AXIS, "min(x) or min(x, axis=0)", false),
    signature(
        "argmax",
        (1, 1),
        AXIS,
        "argmax(x) or argmax(x, axis=0)",
        false,
    ),
    signature("norm", (1, 1), AXIS, "norm(x) or norm(x, axis=0)", false),
    signature("dot", (2, 2), &[], "dot(a, b)", false),
    signature("outer", (2, 2), &[], "outer(a, b)", false),
    signature("transpose", (1, 1), &[], "transpose(x)", true),
    signature(
        "concat",
        (1, usize::MAX),
        AXIS,
        "concat(a, b, axis=0)",
        true,
    ),
    signature("row", (1, 1), &[], "row(v)", true),
    signature("col", (1, 1), &[], "col(v)", true),
    signature("rows", (3, 3), &[], "rows(x, start, end)", true),
    signature("cols", (3, 3), &[], "cols(x, start, end)", true),
    signature("arange", (1, 1), &[], "arange(n)", false),
    signature("eye", (1, 1), &[], "eye(n)", false),
    signature("zeros", (1, 2), &[], "zeros(rows, cols) or zeros(n)", false),
    signature("ones", (1, 2), &[], "ones(rows, cols) or ones(n)", false),
    signature(
        "randn",
        (1, 2),
        &["seed"],
        "randn(rows, cols, seed=0)",
        false,
    ),
    signature("causal_mask", (1, 1), &[], "causal_mask(n)", false),
];

/// Whether `name` is a function (for the hint on a function used as a value).
pub(crate) fn is_function(name: &str) -> bool {
    SIGNATURES.iter().any(|s| s.name == name)
}

/// One evaluated argument and where it was written.
struct Given<'e> {
    value: Cow<'e, Value>,
    span: Range<usize>,
}

/// The evaluated arguments of one call.
struct Args<'e> {
    function: &'static str,
    positional: Vec<Given<'e>>,
    keywords: HashMap<String, Given<'e>>,
    span: Range<usize>,
}

fn arguments_error(message: String, span: &Range<usize>, hint: impl Into<String>) -> LangError {
    LangError::new(ErrorKind::Arguments, message, span.clone()).with_hint(hint)
}

fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// Evaluates the call `function(args)` spanning `span`.
pub(crate) fn call(
    context: &mut Context,
    env: &HashMap<String, Value>,
    function: &str,
    function_span: &Range<usize>,
    args: &[Arg],
    span: &Range<usize>,
) -> Result<Value, LangError> {
    let Some(signature) = SIGNATURES.iter().find(|s| s.name == function) else {
        let hint = if env.contains_key(function) {
            format!("`{function}` is a value, not a function; multiply with `*`")
        } else if let Some(near) = nearest(function, SIGNATURES.iter().map(|s| s.name)) {
            format!("did you mean `{near}`?")
        } else {
            "see \"The compute language\" in the README for the list of functions".to_string()
        };
        return Err(LangError::new(
            ErrorKind::UnknownFunction,
            format!("unknown function `{function}`"),
            function_span.clone(),
        )
        .with_hint(hint));
    };
    let count = args.iter().filter(|a| a.keyword.is_none()).count();
    let (fewest, most) = signature.positional;
    if count < fewest || count > most {
        let expected = match (fewest, most) {
            (f, m) if f == m => plural(f, "argument"),
            (f, usize::MAX) => format!("at least {}", plural(f, "argument")),
            (f, m) => format!("{f} or {}", plural(m, "argument")),
        };
        return Err(arguments_error(
            format!("`{function}` takes {expected}, got {count}"),
            span,
            format!("write {}", signature.usage),
        ));
    }
    let mut seen: Vec<&str> = Vec::new();
    for (keyword, keyword_span) in args.iter().filter_map(|a| a.keyword.as_ref()) {
        if !signature.keywords.contains(&keyword.as_str()) {
            let hint = match nearest(keyword, signature.keywords.iter().copied()) {
                Some(near) => format!("did you mean `{near}`? write {}", signature.usage),
                None => format!("write {}", signature.usage),
            };
            return Err(arguments_error(
                format!("`{function}` has no keyword `{keyword}`"),
                keyword_span,
                hint,
            ));
        }
        if seen.contains(&keyword.as_str()) {
            return Err(arguments_error(
                format!("keyword `{keyword}` is given twice"),
                keyword_span,
                format!("write {}", signature.usage),
            ));
        }
        seen.push(keyword);
    }
    let mut given = Args {
        function: signature.name,
        positional: Vec::new(),
        keywords: HashMap::new(),
        span: span.clone(),
    };
    for arg in args {
        let value = context.eval(env, &arg.value)?;
        let evaluated = Given {
            value,
            span: arg.value.span.clone(),
        };
        match &arg.keyword {
            Some((keyword, _)) => {
                given.keywords.insert(keyword.clone(), evaluated);
            }
            None => given.positional.push(evaluated),
        }
    }
    let what = format!("`{function}`");
    for argument in &given.positional {
        context.admit(&argument.value, &what, signature.accepts_mask, span)?;
    }
    dispatch(context, &given)
}

fn dispatch(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let name = args.function;
    let x = || args.positional[0].value.as_ref();
    match name {
        "exp" | "log" | "sqrt" | "abs" | "sin" | "cos" | "tanh" | "sigmoid" | "relu" | "gelu" => {
            elementwise(context, args, name)
        }
        "softmax" | "log_softmax" => softmax(context, args, name == "log_softmax"),
        "layer_norm" => layer_norm(context, args),
        "sum" | "mean" | "max" | "min" | "argmax" | "norm" => reduce(context, args),
        "dot" => dot(context, args),
        "outer" => outer(context, args),
        "transpose" => {
            context.charge(x().len(), &args.span)?;
            Ok(transpose(x()))
        }
        "concat" => concat(context, args),
        "row" | "col" => row_or_col(context, args, name == "col"),
        "rows" | "cols" => slice(context, args, name == "cols"),
        _ => construct(context, args),
    }
}

/// One entry of an elementwise function.
fn apply_elementwise(name: &str, x: f64) -> f64 {
    match name {
        "exp" => x.exp(),
        "log" => x.ln(),
        "sqrt" => x.sqrt(),
        "abs" => x.abs(),
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tanh" => x.tanh(),
        "sigmoid" => 1.0 / (1.0 + (-x).exp()),
        "relu" => {
            if x > 0.0 {
                x
            } else {
                0.0
            }
        }
        // The tanh approximation of GELU (Hendrycks & Gimpel), as GPT-2 and BERT use it:
        // ½x(1 + tanh(√(2/π)(x + 0.044715x³))).
        _ => {
            let inner = (2.0 / std::f64::consts::PI).sqrt() * (x + 0.044715 * x * x * x);
            0.5 * x * (1.0 + inner.tanh())
        }
    }
}

/// `exp`, `log`, `sqrt`, `abs`, `sin`, `cos`, `tanh`, `sigmoid`, `relu`, `gelu`: entry by entry.
fn elementwise(context: &mut Context, args: &Args, name: &str) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    context.charge(x.len(), &args.span)?;
    let result = map_value(x, |entry| apply_elementwise(name, entry));
    let entries = x.entries();
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |flat| {
            let entry = entries[flat];
            match name {
                "log" if entry == 0.0 => "log of 0".to_string(),
                "log" | "sqrt" if entry < 0.0 => {
                    format!("{name} of a negative number ({})", format_number(entry))
                }
                _ => format!("{name}({}) overflows", format_number(entry)),
            }
        },
    )?;
    Ok(result)
}

/// The whole number a scalar argument holds, or an arguments error naming `what` it is for.
fn whole_number(given: &Given, what: &str) -> Result<i64, LangError> {
    match given.value.as_ref() {
        Value::Scalar(x) if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0 => Ok(*x as i64),
        Value::Scalar(x) => Err(arguments_error(
            format!("{what} must be a whole number, got {}", format_number(*x)),
            &given.span,
            "write a whole number such as 0 or 3",
        )),
        other => Err(arguments_error(
            format!(
                "{what} must be a whole number, got a {}",
                other.describe_shape()
            ),
            &given.span,
            "write a whole number such as 0 or 3",
        )),
    }
}

/// The axis of `x` a call names, in the matrix view (0: down columns, 1: along rows); `None`
/// when no axis is given and there is no default.
fn axis(args: &Args, x: &Value, default: Option<i64>) -> Result<Option<usize>, LangError> {
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
fn lanes(rows: usize, cols: usize, axis: usize) -> Vec<Vec<usize>> {
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
fn lane_values(entries: &[f64], lane: &[usize]) -> Vec<f64> {
    lane.iter().map(|&p| entries[p]).collect()
}

/// `f` applied to each lane along `axis`; the result has the shape of `x`.
fn map_lanes(x: &Value, axis: usize, f: impl Fn(&[f64]) -> Vec<f64>) -> Value {
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

/// `softmax(x, axis=-1)` and `log_softmax(x, axis=-1)`: shift by the lane's largest entry,
/// exponentiate, normalise. A −∞ entry becomes exactly 0 (or stays −∞ for `log_softmax`).
fn softmax(context: &mut Context, args: &Args, log: bool) -> Result<Value, LangError> {
    let x = args.positional[0].value.as_ref();
    needs_array(args, x)?;
    let axis = axis(args, x, Some(-1))?.unwrap_or(1);
    context.charge(x.len(), &args.span)?;
    let result = map_lanes(x, axis, |lane| {
        let largest = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let shifted: Vec<f64> = lane.iter().map(|v| v - largest).collect();
        let exps: Vec<f64> = shifted.iter().map(|s| s.exp()).collect();
        let total: f64 = exps.iter().sum();
        if log {
            shifted.iter().map(|s| s - total.ln()).collect()
        } else {
            exps.iter().map(|e| e / total).collect()
        }
    });
    let entries = x.entries();
    context.ensure_finite(
        &result,
        &args.span,
        |flat| log && entries[flat] == f64::NEG_INFINITY,
        |_| format!("{} over entries that are all -inf", args.function),
    )?;
    Ok(result)
}

/// Rejects a scalar where a function works on a vector or matrix.
fn needs_array(args: &Args, x: &Value) -> Result<(), LangError> {
    if x.rank() == 0 {
        return Err(arguments_error(
            format!(
                "`{}` needs a vector or a matrix, got a scalar",
                args.function
            ),
            &args.positional[0].span,
            "pass the vector or matrix to normalise",
        ));
    }
    Ok(())
}

/// `layer_norm(x, eps=0.00001)`: along the last axis (each row of a matrix, the whole of a
/// vector), subtract the mean and divide by √(variance + eps), the variance dividing by n.
/// No gain or bias: multiply and add them in the steps.
fn layer_norm(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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

/// One reduction over a list of entries in reading order.
fn reduce_lane(name: &str, lane: &[f64]) -> f64 {
    match name {
        "sum" => lane.iter().sum(),
        "mean" => lane.iter().sum::<f64>() / lane.len() as f64,
        "max" => lane.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        "min" => lane.iter().copied().fold(f64::INFINITY, f64::min),
        // The first largest entry, counting from 0 as arange does.
        "argmax" => {
            let mut best = 0;
            for (i, v) in lane.iter().enumerate() {
                if *v > lane[best] {
                    best = i;
                }
            }
            best as f64
        }
        _ => lane.iter().map(|v| v * v).sum::<f64>().sqrt(),
    }
}

/// `sum`, `mean`, `max`, `min`, `argmax`, `norm` (Euclidean): over every entry, giving a
/// scalar, or along `axis=…`, keeping the reduced axis.
fn reduce(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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
    context.ensure_finite(
        &result,
        &args.span,
        |_| false,
        |_| format!("{name} overflows"),
    )?;
    Ok(result)
}

/// The vector an argument holds, or an arguments error.
fn vector<'v>(args: &'v Args, index: usize, hint: &str) -> Result<&'v Array1<f64>, LangError> {
    match args.positional[index].value.as_ref() {
        Value::Vector(v) => Ok(v),
        other => Err(arguments_error(
            format!(
                "`{}` takes vectors, got a {}",
                args.function,
                other.describe_shape()
            ),
            &args.positional[index].span,
            hint,
        )),
    }
}

/// `dot(a, b)`: the sum of products of two vectors of equal length.
fn dot(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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
fn outer(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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
fn concat(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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
fn row_or_col(context: &mut Context, args: &Args, column: bool) -> Result<Value, LangError> {
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
fn slice(context: &mut Context, args: &Args, columns: bool) -> Result<Value, LangError> {
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

/// A size argument: a whole number from 1 to [`MAX_SIDE`].
fn size(args: &Args, index: usize) -> Result<usize, LangError> {
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
            ErrorKind::Limit,
            format!("`{}` of size {n} is larger than the limit", args.function),
            given.span.clone(),
        )
        .with_hint(format!("values are at most {MAX_SIDE}×{MAX_SIDE}")));
    }
    Ok(n as usize)
}

/// One SplitMix64 step: a fast, well-mixed 64-bit generator the JavaScript twin reproduces
/// exactly with BigInt.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let z = (*state ^ (*state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `count` standard normal numbers from `seed`: SplitMix64 gives uniforms u in [0, 1) from the
/// top 53 bits, and Box–Muller turns each pair (u₁, u₂) into √(−2 ln(1−u₁))·(cos 2πu₂, sin 2πu₂).
fn standard_normals(seed: u64, count: usize) -> Vec<f64> {
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
fn construct(context: &mut Context, args: &Args) -> Result<Value, LangError> {
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
