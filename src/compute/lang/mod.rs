//! The compute language: small programs of named steps over scalars, vectors and matrices.
//!
//! Stage: evaluation of a ```` ```compute ```` block. Input: the block's `steps` string and its
//! inputs as [`Value`]s. Output: every step's value in order ([`run()`]), or one [`LangError`]
//! whose span is a byte range of the `steps` string (the block reader adds the string's position
//! in the file). Must not: read TOML or files, know about labels or pages, print numbers.
//! `static/js/compute-lang.js` is the reader-side twin with the same structure (lexer, parser,
//! eval, functions) and the same rules; `tests/cli/compute_lang_differential.rs` holds them
//! together on thousands of random programs.
//!
//! # Semantics
//! - **Values.** A scalar, a vector (a list; it broadcasts as one row) or a matrix. Every value
//!   holds at least one entry and at most [`MAX_SIDE`] × [`MAX_SIDE`] (a vector at most
//!   [`MAX_SIDE`] entries).
//! - **Steps.** One `name = expression` per line, run in order; `#` starts a comment. A name is
//!   defined once: a step may not reuse an input's name, an earlier step's, or `pi`/`inf`.
//!   Function names are a separate namespace (a step may be called `norm`).
//! - **Operators** (loosest first): `+ -`; `* / // % @`; unary `-`; `^` (right associative);
//!   postfix `.T`. `+ - * / // % ^` are elementwise with NumPy broadcasting: two sizes agree when
//!   equal or when one is 1; a scalar is 1×1 and a vector one row; the result has the larger rank
//!   of the two (scalar < vector < matrix). `@` is the matrix product: matrix @ matrix, vector @
//!   matrix (a vector), matrix @ vector (a vector), vector @ vector (the dot product, a scalar).
//! - **Transpose.** `.T` swaps a matrix's rows and columns, turns a vector into an n×1 column
//!   matrix (what authors mean by vᵀ; NumPy would leave it unchanged), and leaves a scalar alone.
//! - **Axes** follow NumPy: `axis=0` runs down each column, `axis=1` (or `-1`) along each row;
//!   a vector has one axis, `0` (or `-1`). Reductions keep the reduced axis (NumPy's
//!   `keepdims=True`): `sum(m, axis=1)` of a 3×4 matrix is 3×1, `sum(v, axis=0)` of a vector is a
//!   vector of one entry; without `axis` a reduction covers every entry and gives a scalar.
//!   `argmax` counts from 0, in reading order when it covers a whole matrix.
//! - **Non-finite values.** Inputs are finite. `-inf` (written `-inf`, or made by
//!   `causal_mask`) may appear only as a mask: it passes through `+` (and structural functions:
//!   `.T`, `transpose`, `concat`, `row`, `col`, `rows`, `cols`), and `softmax`/`log_softmax` turn
//!   it into an exact 0 / stay −∞. NaN or +∞ anywhere, or −∞ reaching any other operation, or
//!   an operation whose result is not finite, is a [`ErrorKind::NonFinite`] error naming the
//!   step and the 1-based entry: `log of 0 in step lp at [2, 3]`.
//! - **Limits.** Values up to [`MAX_SIDE`] × [`MAX_SIDE`]; at most [`MAX_WORK`] element
//!   operations per run (an elementwise result of n entries costs n, a reduction its input's
//!   size, `a @ b` rows × inner × columns); expressions at most [`MAX_DEPTH`] levels deep; at
//!   most [`MAX_LINES`] lines of at most [`MAX_LINE_BYTES`] bytes. Anything beyond is an
//!   [`ErrorKind::Limit`] error naming the [`Limit`], so no block can make a build slow or
//!   large.
//! - **Numbers in results** are computed in a fixed order (sums run in reading order, products
//!   as naive row-by-column loops) so that the JavaScript twin gets the same bits wherever the
//!   platform's `exp`/`log`/… do.
//!
//! - **Gradients.** `grad(L, x)` differentiates the scalar step `L` with respect to `x` by reverse
//!   mode over the steps as they ran (`tape.rs` records them, `grad/` sweeps them; README,
//!   "Gradients").
//!
//! The functions are listed, each with its rule, in `functions/` (one file per family).

mod context;
mod eval;
mod functions;
mod grad;
mod index;
mod lexer;
mod memory;
pub mod numpy;
mod parser;
mod reads;
mod run;
mod slice;
mod statements;
pub(crate) mod suggest;
mod tape;
mod value;

use std::ops::Range;

// The arithmetic of one entry or one lane, for the rest of `compute` (the reference filters),
// so that a number is computed one way wherever it is printed.
pub(crate) use eval::apply_binary;
pub(crate) use functions::{apply_elementwise, dot_product, next_random, reduce_lane};
pub use functions::{function_table, FunctionSpec};
pub use grad::backward_program;
pub use grad::program_with_backward_in_loop;
pub use memory::MAX_KEPT_ENTRIES;
pub(crate) use parser::BinaryOp;
pub use reads::StepReads;
pub(crate) use value::format_number;
pub use value::Value;

/// Largest number of rows or columns of any value (and entries of a vector).
pub const MAX_SIDE: usize = 1024;
/// Most element operations one run may do (see the module doc for how they are counted): ten
/// passes over a 1,024 × 1,024 matrix, or a 215 × 215 × 215 product; well under a second in a
/// release build and about a second in a debug build, and far more than any worked example needs.
pub const MAX_WORK: u64 = 10_000_000;
/// Deepest nesting of an expression (parentheses, calls, operators, unary minus chains).
pub const MAX_DEPTH: usize = 64;
/// Most lines of a `steps` string, blank and comment lines included.
pub const MAX_LINES: usize = 1000;
/// Longest line of a `steps` string, in bytes.
pub const MAX_LINE_BYTES: usize = 1000;
/// Most `repeat` loops inside one another.
pub const MAX_LOOP_DEPTH: usize = 4;

/// The kind of a [`LangError`]: what the two interpreters agree on in the differential test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text is not a program: a bad character, a missing operand or parenthesis, …
    Syntax,
    /// A name that is neither an input, an earlier step nor a constant.
    UnknownName,
    /// A call to a function the language does not have.
    UnknownFunction,
    /// A function called with the wrong number or kind of arguments, or a bad keyword.
    Arguments,
    /// Shapes that do not fit together (broadcasting, `@`, `dot`, `concat`, …).
    Shape,
    /// A step that reuses a name.
    Redefinition,
    /// NaN, +∞, or −∞ where it is not a mask.
    NonFinite,
    /// A value, program or amount of work beyond the limits; which one is said by the
    /// [`Limit`], not by the message, so that its wording may change.
    Limit(Limit),
    /// A subscript that is not a whole number, is outside the value or selects nothing.
    Index,
}

impl ErrorKind {
    /// The kinds' names as [`ErrorKind::as_str`] gives them, in the order of the manual's table
    /// of errors (docs/content/language/reference.md): the names a reader, `eval --json` and the
    /// differential test see, nine where the kinds are more, every [`Limit`] being `limit`.
    pub const NAMES: [&'static str; 9] = [
        "syntax",
        "unknown_name",
        "unknown_function",
        "arguments",
        "shape",
        "redefinition",
        "non_finite",
        "limit",
        "index",
    ];

    /// The kind as `eval --json`, the JavaScript twin and the differential test write it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::UnknownName => "unknown_name",
            ErrorKind::UnknownFunction => "unknown_function",
            ErrorKind::Arguments => "arguments",
            ErrorKind::Shape => "shape",
            ErrorKind::Redefinition => "redefinition",
            ErrorKind::NonFinite => "non_finite",
            ErrorKind::Limit(_) => "limit",
            ErrorKind::Index => "index",
        }
    }
}

/// Which of the language's limits an [`ErrorKind::Limit`] error went past: a built-in kind
/// words the work limit in its own terms ("4 heads over 512 tokens need more than …") and
/// quotes the others, and reads which it is here rather than from the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_WORK`] element operations in one run.
    Work,
    /// More than [`MAX_KEPT_ENTRIES`] numbers kept by one run's steps.
    Kept,
    /// A value (an input, a result, or a size given to a function) beyond [`MAX_SIDE`] ×
    /// [`MAX_SIDE`].
    Size,
    /// A `history(name)` of more than [`MAX_SIDE`] values.
    History,
    /// An expression nested more than [`MAX_DEPTH`] levels deep.
    Depth,
    /// More than [`MAX_LINES`] lines.
    Lines,
    /// A line longer than [`MAX_LINE_BYTES`] bytes.
    LineLength,
    /// `repeat` loops nested [`MAX_LOOP_DEPTH`] deep and one more.
    LoopDepth,
    /// A number written in the steps too large for a 64-bit float.
    Number,
}

/// Why a program could not be parsed or run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct LangError {
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// What is wrong, as one sentence without a trailing period.
    pub message: String,
    /// What to write instead, when there is something useful to say.
    pub hint: Option<String>,
    /// Byte range in the `steps` string; `0..0` for a problem with an input value.
    pub span: Range<usize>,
}

impl LangError {
    pub(crate) fn new(kind: ErrorKind, message: String, span: Range<usize>) -> Self {
        LangError {
            kind,
            message,
            hint: None,
            span,
        }
    }

    pub(crate) fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// A parsed program: its statements in order, and the text they were parsed from (error
/// messages quote operands from it).
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    text: String,
    statements: Vec<statements::Statement>,
}

impl Program {
    /// Names the program defines, in the order of their first assignment, with the byte span of
    /// that assignment's name in the steps text.
    pub fn step_names(&self) -> Vec<(&str, Range<usize>)> {
        let mut names: Vec<(&str, Range<usize>)> = Vec::new();
        for step in self.statements.iter().flat_map(|s| s.steps()) {
            if !names.iter().any(|(name, _)| *name == step.name) {
                names.push((step.name.as_str(), step.name_span.clone()));
            }
        }
        names
    }

    /// Every step with the names its expressions read (its direct dependencies), in the order
    /// of first assignment; see [`StepReads`].
    pub fn step_reads(&self) -> Vec<StepReads> {
        reads::step_reads(&self.statements)
    }
}

/// One name's value after a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// The name as the steps write it.
    pub name: String,
    /// The last value assigned to it.
    pub value: Value,
    /// Whether the value is a whole number by construction (a count, an index, a sum of whole
    /// numbers…), so it prints without decimals; the rule is in README's "Whole numbers".
    pub whole: bool,
}

/// Parses the `steps` string. Spans are byte offsets into `steps`.
pub fn parse(steps: &str) -> Result<Program, LangError> {
    Ok(Program {
        text: steps.to_string(),
        statements: statements::parse_steps(steps)?,
    })
}

/// Runs the program on the inputs; returns every name it assigns, once, in the order of first
/// assignment, with its last value (a loop's state thus appears once, with its final value).
///
/// Inputs are checked first (a valid, unique name that is not a constant; at least one and at
/// most [`MAX_SIDE`] × [`MAX_SIDE`] entries; all finite), with span `0..0` since they are not in
/// the steps text. Outside a loop a name is assigned once: a step that reuses an input's or an
/// earlier step's name is a [`ErrorKind::Redefinition`] error at its name.
pub fn run(program: &Program, inputs: &[(String, Value)]) -> Result<Vec<Output>, LangError> {
    run::run_program(&program.text, &program.statements, inputs).map(|(outputs, _)| outputs)
}

/// Runs the program as [`run()`] does, and gives the element operations the run did (what the
/// bound of a book's `[vary]` work counts).
pub fn run_counting_work(
    program: &Program,
    inputs: &[(String, Value)],
) -> Result<(Vec<Output>, u64), LangError> {
    run::run_program(&program.text, &program.statements, inputs)
}

/// Parses and runs in one go, for callers that do not need the step names first.
pub fn evaluate(steps: &str, inputs: &[(String, Value)]) -> Result<Vec<Output>, LangError> {
    run(&parse(steps)?, inputs)
}

#[cfg(test)]
mod tests;
