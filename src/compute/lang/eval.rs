//! Runs parsed steps: names, operators, broadcasting, the non-finite rule and the work bound.
//!
//! Stage: evaluation, after parsing. Input: the steps text (to quote operands), the parsed
//! [`Step`]s and the input values. Output: each step's [`Value`] in order, or the first
//! [`LangError`], pointing at the operator, call or name at fault. Must not: parse text, or let
//! a NaN or ±∞ escape other than a −∞ mask (see the module doc of `lang`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use ndarray::Array2;

use super::functions;
use super::parser::{BinaryOp, Expr, ExprKind, Step};
use super::value::{format_number, Value};
use super::{ErrorKind, LangError, MAX_SIDE, MAX_WORK};

/// The named constants, in the order hints list them.
pub(crate) const CONSTANTS: [&str; 2] = ["pi", "inf"];

/// What a name refers to while a program runs.
type Env = HashMap<String, Value>;

/// Evaluates `steps` in order (see [`super::run`]).
pub(crate) fn run_steps(
    text: &str,
    steps: &[Step],
    inputs: &[(String, Value)],
) -> Result<Vec<(String, Value)>, LangError> {
    let mut env = Env::new();
    for (name, value) in inputs {
        check_input(name, value, &env)?;
        env.insert(name.clone(), value.clone());
    }
    let mut context = Context {
        text,
        steps,
        inputs,
        step: 0,
        work: 0,
    };
    let mut results = Vec::with_capacity(steps.len());
    let mut kept = super::memory::Kept::default();
    for (index, step) in steps.iter().enumerate() {
        context.step = index;
        context.check_new_name(step, &env)?;
        let value = context.eval(&env, &step.expr)?;
        kept.keep(&value, &step.name, &step.expr.span)?;
        let value = value.into_owned();
        if let Some(flat) = value.entries().iter().position(|x| *x == f64::INFINITY) {
            return Err(LangError::new(
                ErrorKind::NonFinite,
                format!(
                    "+inf in step {}{}",
                    step.name,
                    value.describe_position(flat)
                ),
                step.expr.span.clone(),
            )
            .with_hint("only -inf, as a mask, may be a value; write -inf"));
        }
        env.insert(step.name.clone(), value.clone());
        results.push((step.name.clone(), value));
    }
    Ok(results)
}

/// Whether `name` could be written in a step.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Rejects an input the steps could not use or that breaks the limits.
fn check_input(name: &str, value: &Value, env: &Env) -> Result<(), LangError> {
    let fail = |kind, message: String, hint: &str| {
        Err(LangError::new(kind, message, 0..0).with_hint(hint))
    };
    if !is_name(name) {
        return fail(
            ErrorKind::Syntax,
            format!("input `{name}` is not a name a step can use"),
            "names are letters, digits and `_`, starting with a letter or `_`",
        );
    }
    if CONSTANTS.contains(&name) || env.contains_key(name) {
        return fail(
            ErrorKind::Redefinition,
            format!("input `{name}` is defined twice or is a constant"),
            "rename the input",
        );
    }
    let (rows, cols) = value.dims();
    if value.is_empty() {
        return fail(
            ErrorKind::Arguments,
            format!("input `{name}` is empty"),
            "give it at least one number",
        );
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return fail(
            ErrorKind::Limit,
            format!(
                "input `{name}` is {}, larger than the limit",
                value.describe_shape()
            ),
            &format!("values are at most {MAX_SIDE}×{MAX_SIDE}"),
        );
    }
    if let Some(flat) = value.entries().iter().position(|x| !x.is_finite()) {
        let entry = format_number(value.entries()[flat]);
        return fail(
            ErrorKind::NonFinite,
            format!(
                "input `{name}` has {entry}{}",
                value.describe_position(flat)
            ),
            "inputs must be finite; a mask is built in the steps, e.g. with causal_mask(n) or -inf",
        );
    }
    Ok(())
}

/// Levenshtein distance, for "did you mean" hints.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

/// The candidate closest to `name`, if it is close enough to be a likely typo.
pub(crate) fn nearest<'c>(
    name: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let allowed = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = edit_distance(name, candidate);
        if distance <= allowed && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// Evaluation state of one run: the work done so far and which step is running.
pub(crate) struct Context<'a> {
    text: &'a str,
    steps: &'a [Step],
    inputs: &'a [(String, Value)],
    /// Index of the running step.
    step: usize,
    /// Element operations done so far, bounded by [`MAX_WORK`].
    work: u64,
}

impl Context<'_> {
    /// The running step's name, for messages.
    pub(crate) fn step_name(&self) -> &str {
        &self.steps[self.step].name
    }

    fn check_new_name(&self, step: &Step, env: &Env) -> Result<(), LangError> {
        let earlier = self.steps[..self.step].iter().find(|s| s.name == step.name);
        let hint = if let Some(earlier) = earlier {
            format!(
                "`{}` is already defined on line {}; give this step a new name",
                step.name, earlier.line
            )
        } else if env.contains_key(&step.name) {
            format!(
                "`{}` is an input, and inputs cannot be reassigned; give the step a new name",
                step.name
            )
        } else if CONSTANTS.contains(&step.name.as_str()) {
            format!("`{}` is a constant; give the step another name", step.name)
        } else {
            return Ok(());
        };
        Err(LangError::new(
            ErrorKind::Redefinition,
            format!("`{}` is defined twice", step.name),
            step.name_span.clone(),
        )
        .with_hint(hint))
    }

    /// Counts `operations` element operations against [`MAX_WORK`].
    pub(crate) fn charge(
        &mut self,
        operations: usize,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        self.work = self.work.saturating_add(operations as u64);
        if self.work > MAX_WORK {
            return Err(LangError::new(
                ErrorKind::Limit,
                format!(
                    "the steps need more than {MAX_WORK} element operations (step {})",
                    self.step_name()
                ),
                span.clone(),
            )
            .with_hint(
                "use smaller values or fewer steps: a block is meant for a worked example",
            ));
        }
        Ok(())
    }

    /// Rejects a result of `rows`×`cols` beyond [`MAX_SIDE`] before it is built.
    pub(crate) fn check_size(
        &self,
        what: &str,
        rows: usize,
        cols: usize,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(LangError::new(
                ErrorKind::Limit,
                format!("{what} would be {rows}×{cols}, larger than the limit"),
                span.clone(),
            )
            .with_hint(format!("values are at most {MAX_SIDE}×{MAX_SIDE}")));
        }
        Ok(())
    }

    /// Rejects +∞ in an operand, and −∞ unless `what` accepts masks.
    pub(crate) fn admit(
        &self,
        value: &Value,
        what: &str,
        accepts_mask: bool,
        span: &Range<usize>,
    ) -> Result<(), LangError> {
        let entries = value.entries();
        let bad = entries.iter().position(|x| {
            x.is_nan() || *x == f64::INFINITY || (*x == f64::NEG_INFINITY && !accepts_mask)
        });
        let Some(flat) = bad else {
            return Ok(());
        };
        let position = value.describe_position(flat);
        let (message, hint) = if entries[flat] == f64::NEG_INFINITY {
            (
                format!("-inf (a masked entry) reaches {what} in step {}{position}", self.step_name()),
                "only + and softmax/log_softmax accept masked entries: add the mask to the scores, then take softmax",
            )
        } else {
            (
                format!(
                    "{} reaches {what} in step {}{position}",
                    format_number(entries[flat]),
                    self.step_name()
                ),
                "inf may only be negated, as the mask -inf",
            )
        };
        Err(LangError::new(ErrorKind::NonFinite, message, span.clone()).with_hint(hint))
    }

    /// Fails on the first entry of `result` (reading order) that is NaN, +∞, or −∞ where
    /// `mask_allowed` says no mask came in; `reason` says why that entry went wrong.
    pub(crate) fn ensure_finite(
        &self,
        result: &Value,
        span: &Range<usize>,
        mask_allowed: impl Fn(usize) -> bool,
        reason: impl Fn(usize) -> String,
    ) -> Result<(), LangError> {
        let bad = result.entries().iter().enumerate().position(|(flat, x)| {
            x.is_nan() || *x == f64::INFINITY || (*x == f64::NEG_INFINITY && !mask_allowed(flat))
        });
        let Some(flat) = bad else {
            return Ok(());
        };
        Err(LangError::new(
            ErrorKind::NonFinite,
            format!(
                "{} in step {}{}",
                reason(flat),
                self.step_name(),
                result.describe_position(flat)
            ),
            span.clone(),
        )
        .with_hint("every number a step computes must be finite; check the inputs this step uses"))
    }

    /// The source text of an operand, for shape messages; long operands are shortened.
    pub(crate) fn quote(&self, span: &Range<usize>) -> String {
        let text = self.text.get(span.clone()).unwrap_or("").trim();
        match text.char_indices().nth(20) {
            Some((cut, _)) if text.chars().count() > 24 => format!("{}…", &text[..cut]),
            _ => text.to_string(),
        }
    }

    /// Evaluates one expression; names borrow from `env`.
    pub(crate) fn eval<'e>(
        &mut self,
        env: &'e Env,
        expr: &Expr,
    ) -> Result<Cow<'e, Value>, LangError> {
        match &expr.kind {
            ExprKind::Number(x) => Ok(Cow::Owned(Value::Scalar(*x))),
            ExprKind::Name(name) => self.lookup(env, name, &expr.span),
            ExprKind::Negate(operand) => {
                let value = self.eval(env, operand)?;
                let value = value.as_ref();
                if let Some(flat) = value.entries().iter().position(|x| *x == f64::NEG_INFINITY) {
                    return Err(LangError::new(
                        ErrorKind::NonFinite,
                        format!(
                            "negating -inf gives +inf in step {}{}",
                            self.step_name(),
                            value.describe_position(flat)
                        ),
                        expr.span.clone(),
                    )
                    .with_hint("only -inf, as a mask, may appear"));
                }
                self.charge(value.len(), &expr.span)?;
                Ok(Cow::Owned(map_value(value, |x| -x)))
            }
            ExprKind::Transpose(operand) => {
                let value = self.eval(env, operand)?;
                self.charge(value.len(), &expr.span)?;
                Ok(Cow::Owned(transpose(&value)))
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => {
                let a = self.eval(env, left)?;
                let b = self.eval(env, right)?;
                let quoted = (self.quote(&left.span), self.quote(&right.span));
                let result = if *op == BinaryOp::MatMul {
                    self.matmul(&a, &b, op_span, &quoted)?
                } else {
                    self.elementwise(*op, &a, &b, op_span, &quoted)?
                };
                Ok(Cow::Owned(result))
            }
            ExprKind::Call {
                function,
                function_span,
                args,
            } => functions::call(self, env, function, function_span, args, &expr.span)
                .map(Cow::Owned),
        }
    }

    fn lookup<'e>(
        &self,
        env: &'e Env,
        name: &str,
        span: &Range<usize>,
    ) -> Result<Cow<'e, Value>, LangError> {
        if let Some(value) = env.get(name) {
            return Ok(Cow::Borrowed(value));
        }
        match name {
            "pi" => return Ok(Cow::Owned(Value::Scalar(std::f64::consts::PI))),
            "inf" => return Ok(Cow::Owned(Value::Scalar(f64::INFINITY))),
            _ => {}
        }
        let later = self.steps[self.step..].iter().find(|s| s.name == name);
        let known: Vec<&str> = self
            .inputs
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(self.steps[..self.step].iter().map(|s| s.name.as_str()))
            .chain(CONSTANTS)
            .collect();
        let hint = if let Some(later) = later {
            format!(
                "`{name}` is defined later, on line {}; steps run in order",
                later.line
            )
        } else if functions::is_function(name) {
            format!("`{name}` is a function: call it, as in {name}(x)")
        } else if let Some(near) = nearest(name, known.iter().copied()) {
            format!("did you mean `{near}`?")
        } else {
            format!("defined so far: {}", known.join(", "))
        };
        Err(LangError::new(
            ErrorKind::UnknownName,
            format!("unknown name `{name}`"),
            span.clone(),
        )
        .with_hint(hint))
    }

    /// `a op b` for the elementwise operators, with NumPy broadcasting.
    fn elementwise(
        &mut self,
        op: BinaryOp,
        a: &Value,
        b: &Value,
        span: &Range<usize>,
        quoted: &(String, String),
    ) -> Result<Value, LangError> {
        let symbol = op.symbol();
        let (a_rows, a_cols) = a.dims();
        let (b_rows, b_cols) = b.dims();
        let rows = broadcast(a_rows, b_rows);
        let cols = broadcast(a_cols, b_cols);
        let (Some(rows), Some(cols)) = (rows, cols) else {
            let detail = if a.rank() < 2 && b.rank() < 2 {
                format!("lengths {a_cols} and {b_cols} differ")
            } else if rows.is_none() {
                format!("rows {a_rows} and {b_rows} differ")
            } else {
                format!("columns {a_cols} and {b_cols} differ")
            };
            return Err(LangError::new(
                ErrorKind::Shape,
                format!(
                    "{} {symbol} {}: {} {symbol} {}, {detail}",
                    quoted.0,
                    quoted.1,
                    a.describe_shape(),
                    b.describe_shape()
                ),
                span.clone(),
            )
            .with_hint("sizes must be equal or 1 (NumPy broadcasting); a vector counts as one row, col(v) makes it a column"));
        };
        self.charge(rows * cols, span)?;
        let accepts_mask = op == BinaryOp::Add;
        self.admit(a, &format!("`{symbol}`"), accepts_mask, span)?;
        self.admit(b, &format!("`{symbol}`"), accepts_mask, span)?;
        let rank = a.rank().max(b.rank());
        let (xs, ys) = (a.entries(), b.entries());
        // Position of result entry (i, j) in each operand: a size-1 axis repeats its one entry.
        let a_at = |i: usize, j: usize| {
            (if a_rows == 1 { 0 } else { i * a_cols }) + if a_cols == 1 { 0 } else { j }
        };
        let b_at = |i: usize, j: usize| {
            (if b_rows == 1 { 0 } else { i * b_cols }) + if b_cols == 1 { 0 } else { j }
        };
        let mut entries = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                entries.push(apply_binary(op, xs[a_at(i, j)], ys[b_at(i, j)]));
            }
        }
        let pair = |flat: usize| {
            let (i, j) = (flat / cols, flat % cols);
            (xs[a_at(i, j)], ys[b_at(i, j)])
        };
        let result = Value::from_entries(rank, rows, cols, entries);
        let mask_allowed = |flat: usize| {
            let (x, y) = pair(flat);
            accepts_mask && (x == f64::NEG_INFINITY || y == f64::NEG_INFINITY)
        };
        self.ensure_finite(&result, span, mask_allowed, |flat| {
            let (x, y) = pair(flat);
            binary_failure(op, x, y)
        })?;
        Ok(result)
    }

    /// `a @ b`: matrix @ matrix, vector @ matrix, matrix @ vector, vector @ vector (dot).
    fn matmul(
        &mut self,
        a: &Value,
        b: &Value,
        span: &Range<usize>,
        quoted: &(String, String),
    ) -> Result<Value, LangError> {
        let shapes = format!(
            "{} @ {}: {} @ {}",
            quoted.0,
            quoted.1,
            a.describe_shape(),
            b.describe_shape()
        );
        if a.rank() == 0 || b.rank() == 0 {
            return Err(LangError::new(
                ErrorKind::Shape,
                format!("{shapes}, `@` needs vectors or matrices"),
                span.clone(),
            )
            .with_hint("use * to multiply by a scalar"));
        }
        // A vector on the left is one row; on the right, one column.
        let (rows, inner) = a.dims();
        let (right_inner, cols) = match b {
            Value::Vector(v) => (v.len(), 1),
            _ => b.dims(),
        };
        if inner != right_inner {
            let hint = if b.rank() == 2 && inner == cols {
                format!("the left side's columns must equal the right side's rows; did you mean {} @ {}.T?", quoted.0, quoted.1)
            } else {
                "the left side's columns must equal the right side's rows".to_string()
            };
            let detail = if a.rank() == 1 && b.rank() == 1 {
                format!("lengths {inner} and {right_inner} differ")
            } else {
                format!("inner sizes {inner} and {right_inner} differ")
            };
            return Err(LangError::new(
                ErrorKind::Shape,
                format!("{shapes}, {detail}"),
                span.clone(),
            )
            .with_hint(hint));
        }
        self.charge(rows * inner * cols, span)?;
        self.admit(a, "`@`", false, span)?;
        self.admit(b, "`@`", false, span)?;
        // Both operands in reading order; a right-hand vector read as a column has the same order.
        let (left, right) = (a.entries(), b.entries());
        let mut entries = Vec::with_capacity(rows * cols);
        for i in 0..rows {
            for j in 0..cols {
                let mut sum = 0.0;
                for t in 0..inner {
                    sum += left[i * inner + t] * right[t * cols + j];
                }
                entries.push(sum);
            }
        }
        let result = match (a.rank(), b.rank()) {
            (1, 1) => Value::Scalar(entries[0]),
            (1, _) => Value::from_entries(1, 1, cols, entries),
            (_, 1) => Value::from_entries(1, 1, rows, entries),
            _ => Value::from_entries(2, rows, cols, entries),
        };
        let what = format!("{} @ {} overflows", quoted.0, quoted.1);
        self.ensure_finite(&result, span, |_| false, |_| what.clone())?;
        Ok(result)
    }
}

/// The broadcast size of two sizes, if they are compatible.
fn broadcast(a: usize, b: usize) -> Option<usize> {
    match (a, b) {
        _ if a == b => Some(a),
        (1, _) => Some(b),
        (_, 1) => Some(a),
        _ => None,
    }
}

/// One entry of an elementwise operator.
fn apply_binary(op: BinaryOp, x: f64, y: f64) -> f64 {
    match op {
        BinaryOp::Add => x + y,
        BinaryOp::Subtract => x - y,
        BinaryOp::Multiply => x * y,
        BinaryOp::Divide => x / y,
        BinaryOp::Power => x.powf(y),
        BinaryOp::MatMul => unreachable!("@ is not elementwise"),
    }
}

/// Why `x op y` is not finite, for the error message.
fn binary_failure(op: BinaryOp, x: f64, y: f64) -> String {
    let (a, b) = (format_number(x), format_number(y));
    match op {
        BinaryOp::Divide if y == 0.0 => "division by 0".to_string(),
        BinaryOp::Power if x < 0.0 && y.fract() != 0.0 => {
            format!("({a}) ^ {b} is not a real number")
        }
        BinaryOp::Power if x == 0.0 && y < 0.0 => format!("0 ^ {b} divides by 0"),
        _ => format!("{a} {} {b} overflows", op.symbol()),
    }
}

/// A `rows`×`cols` matrix from entries in reading order.
pub(crate) fn matrix_from(rows: usize, cols: usize, entries: Vec<f64>) -> Array2<f64> {
    Array2::from_shape_vec((rows, cols), entries).expect("entries match the shape")
}

/// `f` applied to every entry, keeping the shape.
pub(crate) fn map_value(value: &Value, f: impl Fn(f64) -> f64) -> Value {
    let (rows, cols) = value.dims();
    let entries = value.entries().iter().map(|&x| f(x)).collect();
    Value::from_entries(value.rank(), rows, cols, entries)
}

/// `x.T`: a matrix transposed, a vector as an n×1 column, a scalar unchanged.
pub(crate) fn transpose(value: &Value) -> Value {
    match value {
        Value::Scalar(x) => Value::Scalar(*x),
        Value::Vector(v) => Value::Matrix(v.clone().insert_axis(ndarray::Axis(1))),
        Value::Matrix(m) => Value::Matrix(m.t().as_standard_layout().into_owned()),
    }
}
