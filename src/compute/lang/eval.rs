use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use super::context::{Context, Env, CONSTANTS};
use super::functions::{self, Given};
use super::parser::{BinaryOp, Expr, ExprKind, Step};
use super::suggest::nearest;
use super::value::{format_number, map_value, transpose, Value};
use super::{ErrorKind, LangError, MAX_SIDE};

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
    for (index, step) in steps.iter().enumerate() {
        context.step = index;
        context.check_new_name(step, &env)?;
        let value = context.eval(&env, &step.expr)?.into_owned();
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

impl Context<'_> {
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
            } => {
                let is_value = env.contains_key(function);
                let signature =
                    functions::check(function, function_span, args, &expr.span, is_value)?;
                let mut positional = Vec::new();
                let mut keywords = HashMap::new();
                for arg in args {
                    let given = Given {
                        value: self.eval(env, &arg.value)?,
                        span: arg.value.span.clone(),
                    };
                    match &arg.keyword {
                        Some((keyword, _)) => {
                            keywords.insert(keyword.clone(), given);
                        }
                        None => positional.push(given),
                    }
                }
                functions::apply(self, signature, positional, keywords, &expr.span).map(Cow::Owned)
            }
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
