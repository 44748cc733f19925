//! The functions of the compute language: the checks every call makes, and the dispatch to the
//! file that holds each family (elementwise, along an axis, combining, constructors).
//!
//! Stage: evaluation of a call. Input: the call's name and written arguments ([`check`]), then
//! the arguments the evaluator evaluated in written order ([`apply`]). Output: the call's
//! [`Value`], or a [`LangError`] at the call, the argument or the keyword at fault. Must not: do
//! I/O, keep state between calls (`randn` is a pure function of its seed), or evaluate
//! expressions: the evaluator does that, so this module never imports it.
//!
//! Every call first checks its name, how many positional arguments it has and its keywords,
//! then evaluates the arguments in order, then rejects +∞ and (except where noted) −∞ in them.
//! Axis keywords follow the module doc of `lang`; reductions keep the reduced axis.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use ndarray::Array1;

use super::context::Context;
use super::parser::Arg;
use super::suggest::{nearest, other_name_for};
use super::value::{format_number, transpose, Value};
use super::{ErrorKind, LangError, MAX_SIDE};

mod axis;
mod combine;
mod construct;
mod elementwise;
mod gather;
mod linalg;
mod shape;
mod signatures;

pub(crate) use axis::{lanes, reduce_lane};
pub(crate) use combine::dot_product;
pub(crate) use construct::next_random;
pub(crate) use elementwise::apply_elementwise;
pub(crate) use signatures::is_function;
pub(crate) use signatures::Signature;
use signatures::SIGNATURES;
pub use signatures::{function_table, FunctionSpec};

/// One evaluated argument and where it was written.
pub(crate) struct Given<'e> {
    pub(crate) value: Cow<'e, Value>,
    pub(crate) span: Range<usize>,
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

/// Checks the call `function(args)` spanning `span` before its arguments are evaluated: the
/// function exists (`is_value` says whether the name is a value instead), and the number of
/// positional arguments and the keywords fit it.
pub(crate) fn check(
    function: &str,
    function_span: &Range<usize>,
    args: &[Arg],
    span: &Range<usize>,
    is_value: bool,
) -> Result<&'static Signature, LangError> {
    let Some(signature) = SIGNATURES.iter().find(|s| s.name == function) else {
        let hint = if is_value {
            format!("`{function}` is a value, not a function; multiply with `*`")
        } else if let Some(instead) = other_name_for(function) {
            format!("write {instead}")
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
        let hint = match (function, count) {
            ("max" | "min", 2) => format!(
                "`{function}` reduces one value to its {function}imum; entry by entry, the larger or smaller of two values is {function}imum(a, b)"
            ),
            _ => format!("write {}", signature.usage),
        };
        return Err(arguments_error(
            format!("`{function}` takes {expected}, got {count}"),
            span,
            hint,
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
    Ok(signature)
}

/// Runs the checked call on its evaluated arguments (positional ones in order, then keywords).
pub(crate) fn apply(
    context: &mut Context,
    signature: &'static Signature,
    positional: Vec<Given<'_>>,
    keywords: HashMap<String, Given<'_>>,
    span: &Range<usize>,
) -> Result<Value, LangError> {
    let given = Args {
        function: signature.name,
        positional,
        keywords,
        span: span.clone(),
    };
    let what = format!("`{}`", signature.name);
    for argument in &given.positional {
        if signature.accepts_mask && is_named_value(argument) {
            continue;
        }
        context.admit(&argument.value, &what, signature.accepts_mask, span)?;
    }
    dispatch(context, &given)
}

/// Whether an argument was borrowed: evaluation borrows only a value the scope holds (an input
/// or a step, never NaN or +∞), and `grad` only values its forward pass already admitted. A
/// function that accepts masks need not scan those again: scanning made `rows(x, 0, 1)` of a
/// large matrix cost the whole matrix.
fn is_named_value(given: &Given) -> bool {
    matches!(given.value, Cow::Borrowed(_))
}

fn dispatch(context: &mut Context, args: &Args) -> Result<Value, LangError> {
    let name = args.function;
    let x = || args.positional[0].value.as_ref();
    match name {
        "exp" | "log" | "sqrt" | "abs" | "sin" | "cos" | "tanh" | "sigmoid" | "relu" | "gelu"
        | "acos" | "asin" | "atan" | "sign" | "floor" | "ceil" | "round" => {
            elementwise::elementwise(context, args, name)
        }
        "maximum" | "minimum" | "atan2" | "xlogy" | "clip" | "where" => {
            combine::broadcast_function(context, args)
        }
        "softmax" | "log_softmax" => axis::softmax(context, args, name == "log_softmax"),
        "layer_norm" => axis::layer_norm(context, args),
        "sum" | "mean" | "var" | "std" | "max" | "min" | "argmax" | "argmin" | "norm"
        | "logsumexp" => axis::reduce(context, args),
        "cumsum" | "cumprod" | "sort" | "argsort" => axis::scan(context, args),
        "dot" => combine::dot(context, args),
        "outer" => combine::outer(context, args),
        "transpose" => {
            context.charge(x().len(), &args.span)?;
            Ok(transpose(x()))
        }
        "concat" => combine::concat(context, args),
        "row" | "col" => combine::row_or_col(context, args, name == "col"),
        "rows" | "cols" => combine::slice(context, args, name == "cols"),
        "reshape" => shape::reshape(context, args),
        "flatten" => shape::flatten(context, args),
        "tril" | "triu" => shape::triangle(context, args, name == "triu"),
        "diag" => shape::diag(context, args),
        "trace" => shape::trace(context, args),
        "solve" => linalg::solve(context, args),
        "inv" => linalg::inv(context, args),
        "det" => linalg::det(context, args),
        "lstsq" => linalg::lstsq(context, args),
        "eigvals" => linalg::eigvals(context, args),
        "eigvecs" => linalg::eigvecs(context, args),
        "one_hot" => construct::one_hot(context, args),
        "take" => gather::take(context, args),
        "topk" | "argtopk" => gather::topk(context, args, name == "argtopk"),
        "len" => gather::len(args),
        "shape" => gather::shape(args),
        _ => construct::construct(context, args),
    }
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

/// Rejects a scalar where a function works on a vector or matrix.
fn needs_array(args: &Args, x: &Value) -> Result<(), LangError> {
    if x.rank() == 0 {
        return Err(arguments_error(
            format!(
                "`{}` needs a vector or a matrix, got a scalar",
                args.function
            ),
            &args.positional[0].span,
            "pass a vector or a matrix",
        ));
    }
    Ok(())
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
