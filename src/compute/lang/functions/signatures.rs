//! The table of functions: how each is called, for arity and keyword checks and hints, and
//! when its result is a whole number.
//!
//! Stage: evaluation of a call, before its arguments are evaluated. Must not: compute anything.

/// When a function's result is a whole number by construction, from whether its positional
/// arguments are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whole {
    /// Never (`mean`, `exp`, `solve`, …).
    Never,
    /// Always: counts, positions, rounding, constructors of whole entries.
    Always,
    /// When the first argument is (`sum`, `sort`, `abs`, a slice of it, …).
    First,
    /// When every argument is (`maximum`, `dot`, `concat`, …).
    All,
    /// When every argument but the first is (`where`: the condition only chooses).
    AllButFirst,
}

impl Whole {
    /// The rule applied to whether each positional argument is whole.
    pub(crate) fn of(self, arguments: &[bool]) -> bool {
        match self {
            Whole::Never => false,
            Whole::Always => true,
            Whole::First => arguments.first().copied().unwrap_or(false),
            Whole::All => arguments.iter().all(|w| *w),
            Whole::AllButFirst => arguments.iter().skip(1).all(|w| *w),
        }
    }
}

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
    /// When the result is whole.
    pub(crate) whole: Whole,
}

const fn signature(
    name: &'static str,
    positional: (usize, usize),
    keywords: &'static [&'static str],
    usage: &'static str,
    accepts_mask: bool,
    whole: Whole,
) -> Signature {
    Signature {
        name,
        positional,
        keywords,
        usage,
        accepts_mask,
        whole,
    }
}

const AXIS: &[&str] = &["axis"];
const NONE: &[&str] = &[];
const ONE: (usize, usize) = (1, 1);
const TWO: (usize, usize) = (2, 2);
use Whole::{All, AllButFirst, Always, First, Never};

/// Every function, in the order the README lists them.
pub(super) const SIGNATURES: &[Signature] = &[
    // Elementwise (elementwise.rs).
    signature("exp", ONE, NONE, "exp(x)", false, Never),
    signature("log", ONE, NONE, "log(x)", false, Never),
    signature("sqrt", ONE, NONE, "sqrt(x)", false, Never),
    signature("abs", ONE, NONE, "abs(x)", false, First),
    signature("sin", ONE, NONE, "sin(x)", false, Never),
    signature("cos", ONE, NONE, "cos(x)", false, Never),
    signature("tanh", ONE, NONE, "tanh(x)", false, Never),
    signature("sigmoid", ONE, NONE, "sigmoid(x)", false, Never),
    signature("relu", ONE, NONE, "relu(x)", false, First),
    signature("gelu", ONE, NONE, "gelu(x)", false, Never),
    signature("acos", ONE, NONE, "acos(x)", false, Never),
    signature("asin", ONE, NONE, "asin(x)", false, Never),
    signature("atan", ONE, NONE, "atan(x)", false, Never),
    signature("sign", ONE, NONE, "sign(x)", false, Always),
    signature("floor", ONE, NONE, "floor(x)", false, Always),
    signature("ceil", ONE, NONE, "ceil(x)", false, Always),
    signature("round", ONE, NONE, "round(x)", false, Always),
    // Entry by entry over several values, broadcast (combine.rs).
    signature("maximum", TWO, NONE, "maximum(a, b)", true, All),
    signature("minimum", TWO, NONE, "minimum(a, b)", true, All),
    signature("atan2", TWO, NONE, "atan2(y, x)", false, Never),
    signature("xlogy", TWO, NONE, "xlogy(x, y)", false, Never),
    signature("clip", (3, 3), NONE, "clip(x, low, high)", false, All),
    signature("where", (3, 3), NONE, "where(c, a, b)", true, AllButFirst),
    // Along an axis (axis.rs).
    signature("softmax", ONE, AXIS, "softmax(x, axis=-1)", true, Never),
    signature(
        "log_softmax",
        ONE,
        AXIS,
        "log_softmax(x, axis=-1)",
        true,
        Never,
    ),
    signature(
        "logsumexp",
        ONE,
        AXIS,
        "logsumexp(x) or logsumexp(x, axis=1)",
        true,
        Never,
    ),
    signature(
        "layer_norm",
        ONE,
        &["eps"],
        "layer_norm(x, eps=0.00001)",
        false,
        Never,
    ),
    signature("sum", ONE, AXIS, "sum(x) or sum(x, axis=0)", false, First),
    signature(
        "mean",
        ONE,
        AXIS,
        "mean(x) or mean(x, axis=0)",
        false,
        Never,
    ),
    signature("var", ONE, AXIS, "var(x) or var(x, axis=0)", false, Never),
    signature("std", ONE, AXIS, "std(x) or std(x, axis=0)", false, Never),
    signature("max", ONE, AXIS, "max(x) or max(x, axis=0)", false, First),
    signature("min", ONE, AXIS, "min(x) or min(x, axis=0)", false, First),
    signature(
        "argmax",
        ONE,
        AXIS,
        "argmax(x) or argmax(x, axis=0)",
        false,
        Always,
    ),
    signature(
        "argmin",
        ONE,
        AXIS,
        "argmin(x) or argmin(x, axis=0)",
        false,
        Always,
    ),
    signature(
        "norm",
        ONE,
        AXIS,
        "norm(x) or norm(x, axis=0)",
        false,
        Never,
    ),
    signature("cumsum", ONE, AXIS, "cumsum(x, axis=-1)", false, First),
    signature("cumprod", ONE, AXIS, "cumprod(x, axis=-1)", false, First),
    signature("sort", ONE, AXIS, "sort(x, axis=-1)", false, First),
    signature("argsort", ONE, AXIS, "argsort(x, axis=-1)", true, Always),
    // Combining and taking apart (combine.rs, shape.rs).
    signature("dot", TWO, NONE, "dot(a, b)", false, All),
    signature("outer", TWO, NONE, "outer(a, b)", false, All),
    signature("transpose", ONE, NONE, "transpose(x)", true, First),
    signature(
        "concat",
        (1, usize::MAX),
        AXIS,
        "concat(a, b, axis=0)",
        true,
        All,
    ),
    signature("row", ONE, NONE, "row(v)", true, First),
    signature("col", ONE, NONE, "col(v)", true, First),
    signature("rows", (3, 3), NONE, "rows(x, start, end)", true, First),
    signature("cols", (3, 3), NONE, "cols(x, start, end)", true, First),
    signature(
        "reshape",
        (2, 3),
        NONE,
        "reshape(x, rows, cols) or reshape(x, n)",
        true,
        First,
    ),
    signature("flatten", ONE, NONE, "flatten(x)", true, First),
    signature("tril", ONE, &["k"], "tril(m) or tril(m, k=-1)", true, First),
    signature("triu", ONE, &["k"], "triu(m) or triu(m, k=1)", true, First),
    signature("diag", ONE, NONE, "diag(v) or diag(m)", false, First),
    signature("trace", ONE, NONE, "trace(m)", false, First),
    signature("history", ONE, NONE, "history(name)", false, Never),
    signature(
        "grad",
        TWO,
        NONE,
        "grad(loss, w) or g = grad(loss, [w, b])",
        false,
        Never,
    ),
    // Picking by position and counting (gather.rs).
    signature("take", TWO, AXIS, "take(x, idx, axis=0)", true, First),
    signature("topk", TWO, NONE, "topk(x, k)", true, First),
    signature("argtopk", TWO, NONE, "argtopk(x, k)", true, Always),
    signature("len", ONE, NONE, "len(x)", true, Always),
    signature("shape", ONE, NONE, "shape(x)", true, Always),
    // Linear algebra (linalg.rs).
    signature("solve", TWO, NONE, "solve(a, b)", false, Never),
    signature("inv", ONE, NONE, "inv(a)", false, Never),
    signature("det", ONE, NONE, "det(a)", false, Never),
    signature("lstsq", TWO, NONE, "lstsq(a, b)", false, Never),
    signature("eigvals", ONE, NONE, "eigvals(a)", false, Never),
    signature("eigvecs", ONE, NONE, "eigvecs(a)", false, Never),
    // Constructors (construct.rs).
    signature("arange", ONE, NONE, "arange(n)", false, Always),
    signature("eye", ONE, NONE, "eye(n)", false, Always),
    signature(
        "zeros",
        (1, 2),
        NONE,
        "zeros(rows, cols) or zeros(n)",
        false,
        Always,
    ),
    signature(
        "ones",
        (1, 2),
        NONE,
        "ones(rows, cols) or ones(n)",
        false,
        Always,
    ),
    signature(
        "randn",
        (1, 2),
        &["seed"],
        "randn(rows, cols, seed=0)",
        false,
        Never,
    ),
    signature("causal_mask", ONE, NONE, "causal_mask(n)", false, Never),
    signature("one_hot", TWO, NONE, "one_hot(i, n)", false, Always),
];

/// Whether `name` is a function (for the hint on a function used as a value).
pub(crate) fn is_function(name: &str) -> bool {
    SIGNATURES.iter().any(|s| s.name == name)
}

/// One function of the language as data, from `SIGNATURES`: the one list the JS twin, the
/// random-program generator and README's table are checked against (tests/cli/lang_twins.rs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionSpec {
    /// The name a call writes.
    pub name: &'static str,
    /// Fewest and most positional arguments (`usize::MAX`: any number).
    pub positional: (usize, usize),
    /// The keywords it takes.
    pub keywords: &'static [&'static str],
    /// The call as a hint writes it.
    pub usage: &'static str,
    /// Whether −∞ (a mask) may be in its arguments.
    pub accepts_mask: bool,
    /// When the result is whole, as the JS twin spells it: `never`, `always`, `first`, `all`,
    /// `all_but_first`.
    pub whole: &'static str,
}

/// Every function, in the order README lists them.
pub fn function_table() -> Vec<FunctionSpec> {
    SIGNATURES
        .iter()
        .map(|s| FunctionSpec {
            name: s.name,
            positional: s.positional,
            keywords: s.keywords,
            usage: s.usage,
            accepts_mask: s.accepts_mask,
            whole: match s.whole {
                Never => "never",
                Always => "always",
                First => "first",
                All => "all",
                AllButFirst => "all_but_first",
            },
        })
        .collect()
}
