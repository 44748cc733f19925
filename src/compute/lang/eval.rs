//! Evaluates expressions: names, operators, broadcasting, comparisons, subscripts, calls, the
//! non-finite rule and which results are whole numbers.
//!
//! Stage: evaluation, after parsing; `run` calls it for each statement. Input: an [`Expr`] and
//! the [`Scope`] of names. Output: the expression's [`Value`] and whether it is whole by
//! construction, or the first [`LangError`], pointing at the operator, call, subscript or name
//! at fault. Must not: assign names (statements do), or let a NaN or ±∞ escape other than a −∞
//! mask (see the module doc of `lang`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use super::context::{Context, Scope, CONSTANTS};
use super::functions::{self, Given};
use super::index::{self, Resolved};
use super::parser::{BinaryOp, Expr, ExprKind, Subscript};
use super::suggest::nearest;
use super::value::{format_number, map_value, transpose, Value};
use super::{ErrorKind, LangError};

/// A value as an expression gave it, and whether it is a whole number by construction.
pub(crate) struct Evaluated<'e> {
    pub(crate) value: Cow<'e, Value>,
    pub(crate) whole: bool,
}

fn owned<'e>(value: Value, whole: bool) -> Evaluated<'e> {
    Evaluated {
        value: Cow::Owned(value),
        whole,
    }
}

/// Whether every entry is a whole number a float holds exactly, so a "whole" mark never
/// claims more than the value shows.
pub(crate) fn entries_are_whole(value: &Value) -> bool {
    value
        .entries()
        .iter()
        .all(|x| x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0)
}

impl Context<'_> {
    /// Evaluates one expression; names borrow from `scope`.
    pub(crate) fn eval<'e>(
        &mut self,
        scope: &'e Scope,
        expr: &Expr,
    ) -> Result<Evaluated<'e>, LangError> {
        match &expr.kind {
            ExprKind::Number(x) => Ok(owned(Value::Scalar(*x), x.fract() == 0.0)),
            ExprKind::Name(name) => self.lookup(scope, name, &expr.span),
            ExprKind::Negate(operand) => {
                let operand = self.eval(scope, operand)?;
                let value = operand.value.as_ref();
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
                Ok(owned(map_value(value, |x| -x), operand.whole))
            }
            ExprKind::Transpose(operand) => {
                let operand = self.eval(scope, operand)?;
                self.charge(operand.value.len(), &expr.span)?;
                Ok(owned(transpose(&operand.value), operand.whole))
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => {
                let a = self.eval(scope, left)?;
                let b = self.eval(scope, right)?;
                let quoted = (self.quote(&left.span), self.quote(&right.span));
                let result = if *op == BinaryOp::MatMul {
                    self.matmul(&a.value, &b.value, op_span, &quoted)?
                } else {
                    self.elementwise(*op, &a.value, &b.value, op_span, &quoted)?
                };
                let whole = match op {
                    BinaryOp::Add
                    | BinaryOp::Subtract
                    | BinaryOp::Multiply
                    | BinaryOp::MatMul
                    | BinaryOp::FloorDivide
                    | BinaryOp::Modulo => a.whole && b.whole,
                    BinaryOp::Divide => false,
                    BinaryOp::Power => {
                        a.whole && b.whole && b.value.entries().iter().all(|y| *y >= 0.0)
                    }
                    _ => true,
                };
                Ok(owned(result, whole))
            }
            ExprKind::Index {
                target,
                subscripts,
                bracket_span,
            } => {
                let target = self.eval(scope, target)?;
                let mut resolved = Vec::with_capacity(subscripts.len());
                for subscript in subscripts {
                    resolved.push(self.resolve(scope, subscript)?);
                }
                let value = index::take(self, &target.value, &resolved, bracket_span)?;
                Ok(owned(value, target.whole))
            }
            ExprKind::Call {
                function,
                function_span,
                args,
            } => {
                let is_value = scope.values.contains_key(function);
                let signature =
                    functions::check(function, function_span, args, &expr.span, is_value)?;
                if signature.name == "history" {
                    return self.history(scope, &args[0].value);
                }
                if signature.name == "grad" {
                    return Ok(owned(self.grad(scope, args, &expr.span)?, false));
                }
                let mut positional = Vec::new();
                let mut wholes = Vec::new();
                let mut keywords = HashMap::new();
                for arg in args {
                    let evaluated = self.eval(scope, &arg.value)?;
                    let given = Given {
                        value: evaluated.value,
                        span: arg.value.span.clone(),
                    };
                    match &arg.keyword {
                        Some((keyword, _)) => {
                            keywords.insert(keyword.clone(), given);
                        }
                        None => {
                            wholes.push(evaluated.whole);
                            positional.push(given);
                        }
                    }
                }
                let value = functions::apply(self, signature, positional, keywords, &expr.span)?;
                Ok(owned(value, signature.whole.of(&wholes)))
            }
        }
    }

    /// The parts of one subscript as whole numbers, evaluated in written order.
    pub(crate) fn resolve(
        &mut self,
        scope: &Scope,
        subscript: &Subscript,
    ) -> Result<Resolved, LangError> {
        let mut part = |expr: &Option<Expr>| -> Result<Option<i64>, LangError> {
            match expr {
                None => Ok(None),
                Some(expr) => {
                    let evaluated = self.eval(scope, expr)?;
                    index::whole_subscript(&evaluated.value, &expr.span).map(Some)
                }
            }
        };
        Ok(match subscript {
            Subscript::At(expr) => {
                let evaluated = self.eval(scope, expr)?;
                index::at_or_gather(&evaluated.value, &expr.span)?
            }
            Subscript::Slice {
                start,
                stop,
                step,
                span,
            } => Resolved::Slice {
                start: part(start)?,
                stop: part(stop)?,
                step: part(step)?,
                span: span.clone(),
            },
        })
    }

    /// `history(name)`: the values loops assigned to `name`, stacked.
    fn history<'e>(
        &mut self,
        scope: &'e Scope,
        argument: &Expr,
    ) -> Result<Evaluated<'e>, LangError> {
        let ExprKind::Name(name) = &argument.kind else {
            return Err(LangError::new(
                ErrorKind::Arguments,
                "`history` takes the name of a step".to_string(),
                argument.span.clone(),
            )
            .with_hint("write history(loss) after a repeat that assigns loss"));
        };
        let Some(history) = scope.histories.get(name) else {
            self.lookup(scope, name, &argument.span)?;
            return Err(LangError::new(
                ErrorKind::Arguments,
                format!("`{name}` has no history: no repeat has assigned it"),
                argument.span.clone(),
            )
            .with_hint("history(name) collects the values a repeat's body assigns to name; a loop that runs 0 times assigns nothing"));
        };
        if history.matrix {
            return Err(LangError::new(
                ErrorKind::Arguments,
                format!("`{name}` is a matrix, and only numbers and vectors have a history"),
                argument.span.clone(),
            )
            .with_hint("take the history of a number or a vector computed from it, such as a row or a norm"));
        }
        let steps = history.values.len();
        let width = history.values[0].len();
        self.charge(steps * width, &argument.span)?;
        let entries: Vec<f64> = history
            .values
            .iter()
            .flat_map(|v| v.entries().into_owned())
            .collect();
        let value = match history.values[0] {
            Value::Scalar(_) => Value::from_entries(1, 1, steps, entries),
            _ => Value::from_entries(2, steps, width, entries),
        };
        Ok(owned(value, history.whole))
    }

    pub(crate) fn lookup<'e>(
        &self,
        scope: &'e Scope,
        name: &str,
        span: &Range<usize>,
    ) -> Result<Evaluated<'e>, LangError> {
        if let Some(value) = scope.values.get(name) {
            return Ok(Evaluated {
                value: Cow::Borrowed(value),
                whole: scope.whole.get(name).copied().unwrap_or(false),
            });
        }
        match name {
            "pi" => return Ok(owned(Value::Scalar(std::f64::consts::PI), false)),
            "inf" => return Ok(owned(Value::Scalar(f64::INFINITY), false)),
            _ => {}
        }
        if let Some(&(line, undone)) = scope.never_ran.get(name) {
            let (why, cure) = if undone {
                (
                    "kept no iteration: its `until` undid the first",
                    "let the loop keep an iteration",
                )
            } else {
                ("ran 0 times", "give the loop a count of at least 1")
            };
            return Err(LangError::new(
                ErrorKind::UnknownName,
                format!("`{name}` has no value: the repeat on line {line} that assigns it {why}"),
                span.clone(),
            )
            .with_hint(format!("{cure}, or assign {name} before the loop")));
        }
        let later = self.steps[self.step..].iter().find(|s| s.name == name);
        let mut known: Vec<&str> = self.inputs.iter().map(|(n, _)| n.as_str()).collect();
        known.extend(scope.order.iter().map(String::as_str));
        known.extend(scope.counters.iter().map(|(n, _)| n.as_str()));
        known.extend(CONSTANTS);
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
    pub(crate) fn elementwise(
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
        let accepts_mask = op == BinaryOp::Add || op.is_comparison();
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
    pub(crate) fn matmul(
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

/// One entry of an elementwise operator. The reference filter `percent` calls it too.
pub(crate) fn apply_binary(op: BinaryOp, x: f64, y: f64) -> f64 {
    match op {
        BinaryOp::Add => x + y,
        BinaryOp::Subtract => x - y,
        BinaryOp::Multiply => x * y,
        BinaryOp::Divide => x / y,
        BinaryOp::FloorDivide => floor_divide_and_modulo(x, y).0,
        BinaryOp::Modulo => floor_divide_and_modulo(x, y).1,
        BinaryOp::Power => x.powf(y),
        BinaryOp::Less => f64::from(u8::from(x < y)),
        BinaryOp::LessEqual => f64::from(u8::from(x <= y)),
        BinaryOp::Greater => f64::from(u8::from(x > y)),
        BinaryOp::GreaterEqual => f64::from(u8::from(x >= y)),
        BinaryOp::Equal => f64::from(u8::from(x == y)),
        BinaryOp::NotEqual => f64::from(u8::from(x != y)),
        BinaryOp::MatMul => unreachable!("@ is not elementwise"),
    }
}

/// NumPy's `divmod` of two floats (its `npy_divmod`, as Python's float `//` and `%`): the
/// floor of the quotient, corrected where `a - mod` rounds, and the remainder with the sign of
/// `b`. The JavaScript twin does the same operations, so both get the same bits.
fn floor_divide_and_modulo(a: f64, b: f64) -> (f64, f64) {
    let mut modulo = a % b;
    if b == 0.0 {
        return (a / b, modulo);
    }
    let mut quotient = (a - modulo) / b;
    if modulo != 0.0 {
        if (b < 0.0) != (modulo < 0.0) {
            modulo += b;
            quotient -= 1.0;
        }
    } else {
        modulo = 0.0_f64.copysign(b);
    }
    let floor = if quotient != 0.0 {
        let floor = quotient.floor();
        if quotient - floor > 0.5 {
            floor + 1.0
        } else {
            floor
        }
    } else {
        0.0_f64.copysign(a / b)
    };
    (floor, modulo)
}

/// Why `x op y` is not finite, for the error message.
fn binary_failure(op: BinaryOp, x: f64, y: f64) -> String {
    let (a, b) = (format_number(x), format_number(y));
    match op {
        BinaryOp::Divide | BinaryOp::FloorDivide | BinaryOp::Modulo if y == 0.0 => {
            "division by 0".to_string()
        }
        BinaryOp::Power if x < 0.0 && y.fract() != 0.0 => {
            format!("({a}) ^ {b} is not a real number")
        }
        BinaryOp::Power if x == 0.0 && y < 0.0 => format!("0 ^ {b} divides by 0"),
        _ => format!("{a} {} {b} overflows", op.symbol()),
    }
}
