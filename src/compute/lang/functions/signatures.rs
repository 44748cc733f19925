//! The table of functions: how each is called, for arity and keyword checks and hints.
//!
//! Stage: evaluation of a call, before its arguments are evaluated. Must not: compute anything.

/// How a function is called, for arity checks and hints.
pub(crate) struct Signature {
    pub(crate) name: &'static str,
    /// Fewest and most positional arguments (`usize::MAX`: any number).
    pub(super) positional: (usize, usize),
    pub(super) keywords: &'static [&'static str],
    /// The call as a hint writes it.
    pub(super) usage: &'static str,
    /// Whether −∞ (a mask) may be in its arguments.
    pub(super) accepts_mask: bool,
}

pub(super) const fn signature(
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

pub(super) const AXIS: &[&str] = &["axis"];

/// Every function, in the order the README lists them.
pub(super) const SIGNATURES: &[Signature] = &[
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
