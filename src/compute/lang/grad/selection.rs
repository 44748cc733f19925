//! The written backward pass through selections: subscripts, slices, gathers, `take`, `rows`
//! and `cols`. Each sends the gradient of the selected entries back to the positions they came
//! from: a run of positions by padding with zeros (`concat(zeros(216), bar_w_u, zeros(0))`
//! without the empty part), anything else through `one_hot` of the positions, whose product
//! adds the gradient of a position picked twice.
//!
//! Stage: beside evaluation, part of [`derive`](super::derive). Must not: evaluate anything but
//! the whole numbers a slice's bounds are written with, from values that stay fixed while the
//! program runs.

use super::super::index::{positions, Resolved};
use super::super::parser::{Arg, BinaryOp, Expr, ExprKind, Subscript};
use super::super::value::Value;
use super::derive::{left_operand, times, wrap, Deriver, Shape};

/// What a selection takes along one axis of `n` entries.
pub(super) enum Pick {
    /// Every entry.
    Whole,
    /// One position, written as `one_hot` takes it; the axis drops.
    At(String),
    /// The positions from the first up to the second, in order.
    Run(usize, usize),
    /// A vector of positions (a gather), written as `one_hot` takes it, and how many.
    Gather(String, usize),
    /// Positions a slice lists in another order than a run, written as `one_hot` takes them.
    Listed(String, usize),
}

impl Pick {
    /// How many entries it keeps along an axis of `n`, or `None` when the axis drops.
    fn count(&self, n: usize) -> Option<usize> {
        match self {
            Pick::Whole => Some(n),
            Pick::At(_) => None,
            Pick::Run(start, end) => Some(end - start),
            Pick::Gather(_, count) | Pick::Listed(_, count) => Some(*count),
        }
    }

    /// The positions as a vector `one_hot` takes (for a pick that keeps its axis).
    fn positions(&self, n: usize) -> String {
        match self {
            Pick::Whole => format!("arange({n})"),
            Pick::Run(start, end) => format!("arange({n})[{start}:{end}]"),
            Pick::At(text) | Pick::Gather(text, _) | Pick::Listed(text, _) => text.clone(),
        }
    }
}

/// `x`'s shape seen as one axis for a vector, two for a matrix.
fn axes(x: Shape) -> Result<Vec<usize>, String> {
    let (rows, cols) = x.dims();
    match x.rank() {
        0 => Err("a subscript of a number".to_string()),
        1 => Ok(vec![cols]),
        _ => Ok(vec![rows, cols]),
    }
}

impl Deriver<'_> {
    /// What `target[subscripts]` takes along each axis of `x`.
    pub(super) fn subscript_picks(
        &self,
        x: Shape,
        subscripts: &[Subscript],
    ) -> Result<Vec<Pick>, String> {
        let sizes = axes(x)?;
        if subscripts.len() > sizes.len() {
            return Err("more subscripts than axes".to_string());
        }
        let mut picks = Vec::new();
        for (axis, &n) in sizes.iter().enumerate() {
            picks.push(match subscripts.get(axis) {
                None => Pick::Whole,
                Some(Subscript::At(expr)) => self.pick_at(expr, n)?,
                Some(Subscript::Slice {
                    start,
                    stop,
                    step,
                    span,
                }) => {
                    let written = self.run.text.get(span.clone()).unwrap_or("");
                    let bound = |part: &Option<Expr>| match part {
                        None => Ok(None),
                        Some(expr) => self.whole_number(expr).map(Some).ok_or_else(|| {
                            format!(
                                "the slice `{written}`, whose bounds change while the program runs"
                            )
                        }),
                    };
                    let slice = Resolved::Slice {
                        start: bound(start)?,
                        stop: bound(stop)?,
                        step: bound(step)?,
                        span: span.clone(),
                    };
                    let (taken, _) = positions(n, &slice, "an axis")
                        .map_err(|_| format!("the slice `{written}`, which selects nothing"))?;
                    let (first, last) = (taken[0], taken[taken.len() - 1]);
                    if taken.len() == n && first == 0 && last == n - 1 {
                        Pick::Whole
                    } else if last >= first && last - first + 1 == taken.len() {
                        Pick::Run(first, last + 1)
                    } else {
                        Pick::Listed(format!("arange({n})[{written}]"), taken.len())
                    }
                }
            });
        }
        Ok(picks)
    }

    /// What `take(x, idx, axis=…)` takes along each axis of `x`.
    pub(super) fn take_picks(&self, x: Shape, args: &[Arg]) -> Result<Vec<Pick>, String> {
        let sizes = axes(x)?;
        let along = usize::from(super::derive::axis(args) == Some(1) && sizes.len() == 2);
        let mut picks: Vec<Pick> = sizes.iter().map(|_| Pick::Whole).collect();
        picks[along] = self.pick_at(&args[1].value, sizes[along])?;
        Ok(picks)
    }

    /// A subscript that is not a slice: a position, or a vector of them.
    fn pick_at(&self, expr: &Expr, n: usize) -> Result<Pick, String> {
        let shape = self.shape(expr)?;
        let nonnegative = match &expr.kind {
            ExprKind::Number(_) => true,
            ExprKind::Name(name) if self.run.counters_contain(name) => true,
            ExprKind::Name(name) if !self.run.varies(name) => (self.run.values)(name)
                .is_some_and(|value| value.entries().iter().all(|x| *x >= 0.0)),
            _ => false,
        };
        // `arange(n)[i]` counts a negative position from the end, as the subscript does.
        let text = if nonnegative {
            self.print(expr)
        } else {
            format!("arange({n})[{}]", self.print(expr))
        };
        match shape.rank() {
            0 => Ok(Pick::At(text)),
            1 => Ok(Pick::Gather(text, shape.dims().1)),
            _ => Err(format!("the subscript `{}`, a matrix", self.print(expr))),
        }
    }

    /// The shape of what `picks` take from `x`.
    pub(super) fn picked_shape(&self, x: Shape, picks: &[Pick]) -> Result<Shape, String> {
        let (rows, cols) = x.dims();
        Ok(match picks {
            [only] => only.count(cols).map_or(Shape::SCALAR, Shape::vector),
            [Pick::Gather(_, a), Pick::Gather(_, b)] if a == b => Shape::vector(*a),
            [Pick::Gather(..), Pick::Gather(..)] => {
                return Err("two gathers of different lengths".to_string())
            }
            [r, c] => match (r.count(rows), c.count(cols)) {
                (None, None) => Shape::SCALAR,
                (Some(k), None) | (None, Some(k)) => Shape::vector(k),
                (Some(a), Some(b)) => Shape::matrix(a, b),
            },
            _ => return Err("more subscripts than axes".to_string()),
        })
    }

    /// The gradient with respect to `x` of what `picks` take from it, `g` the gradient of the
    /// selection.
    pub(super) fn through_picks(&self, x: Shape, picks: &[Pick], g: &str) -> String {
        let (rows, cols) = x.dims();
        let g_left = left_operand(g);
        match picks {
            [Pick::Whole] | [Pick::Whole, Pick::Whole] => g.to_string(),
            [Pick::At(p)] => times(g, &format!("one_hot({p}, {cols})")),
            [Pick::Run(start, end)] => padded(g, *start, *end, cols, None),
            [pick] => format!("{g_left} @ one_hot({}, {cols})", pick.positions(cols)),
            [Pick::Gather(p, _), Pick::Gather(q, _)] => format!(
                "one_hot({p}, {rows}).T @ ({}.T * one_hot({q}, {cols}))",
                wrap(g)
            ),
            [Pick::At(p), Pick::Whole] => format!("outer(one_hot({p}, {rows}), {g})"),
            [Pick::Run(start, end), Pick::Whole] => padded(g, *start, *end, rows, Some((0, cols))),
            [pick, Pick::Whole] => {
                format!("one_hot({}, {rows}).T @ {}", pick.positions(rows), wrap(g))
            }
            [Pick::Whole, Pick::At(q)] => format!("outer({g}, one_hot({q}, {cols}))"),
            [Pick::Whole, Pick::Run(start, end)] => padded(g, *start, *end, cols, Some((1, rows))),
            [Pick::Whole, pick] => format!("{g_left} @ one_hot({}, {cols})", pick.positions(cols)),
            [Pick::At(p), Pick::At(q)] => times(
                g,
                &format!("outer(one_hot({p}, {rows}), one_hot({q}, {cols}))"),
            ),
            [Pick::At(p), pick] => format!(
                "outer(one_hot({p}, {rows}), {g_left} @ one_hot({}, {cols}))",
                pick.positions(cols)
            ),
            [pick, Pick::At(q)] => format!(
                "outer({g_left} @ one_hot({}, {rows}), one_hot({q}, {cols}))",
                pick.positions(rows)
            ),
            [r, c] => format!(
                "one_hot({}, {rows}).T @ {} @ one_hot({}, {cols})",
                r.positions(rows),
                wrap(g),
                c.positions(cols)
            ),
            _ => g.to_string(),
        }
    }

    /// The whole number `expr` holds, when it is written with numbers, `len` and names whose
    /// values stay fixed while the program runs (not a loop's counter or a name a loop assigns).
    pub(super) fn whole_number(&self, expr: &Expr) -> Option<i64> {
        match &expr.kind {
            ExprKind::Number(x) => whole(*x),
            ExprKind::Negate(inner) => self.whole_number(inner)?.checked_neg(),
            ExprKind::Name(name) if !self.run.varies(name) => match (self.run.values)(name)? {
                Value::Scalar(x) => whole(x),
                _ => None,
            },
            ExprKind::Binary {
                op, left, right, ..
            } => {
                let (a, b) = (self.whole_number(left)?, self.whole_number(right)?);
                match op {
                    BinaryOp::Add => a.checked_add(b),
                    BinaryOp::Subtract => a.checked_sub(b),
                    BinaryOp::Multiply => a.checked_mul(b),
                    BinaryOp::FloorDivide if b != 0 => Some(floor_divide(a, b)),
                    BinaryOp::Modulo if b != 0 => Some(a - b * floor_divide(a, b)),
                    _ => None,
                }
            }
            ExprKind::Call { function, args, .. } if function == "len" => {
                let x = self.shape(&args.first()?.value).ok()?;
                let (rows, cols) = x.dims();
                i64::try_from(if x.rank() == 2 { rows } else { cols }).ok()
            }
            _ => None,
        }
    }
}

/// `g` put back at positions `start` to `end` of an axis of `n`, zeros elsewhere; `other` is
/// `None` for a vector, else the axis along which a matrix was cut and its other size.
fn padded(g: &str, start: usize, end: usize, n: usize, other: Option<(u8, usize)>) -> String {
    let zeros = |count: usize| match other {
        None => format!("zeros({count})"),
        Some((0, width)) => format!("zeros({count}, {width})"),
        Some((_, height)) => format!("zeros({height}, {count})"),
    };
    let mut parts = Vec::new();
    if start > 0 {
        parts.push(zeros(start));
    }
    parts.push(g.to_string());
    if end < n {
        parts.push(zeros(n - end));
    }
    let along = match other {
        None => String::new(),
        Some((axis, _)) => format!(", axis={axis}"),
    };
    if parts.len() == 1 {
        parts.remove(0)
    } else {
        format!("concat({}{along})", parts.join(", "))
    }
}

/// `a // b`, rounding down as Python and the language do.
fn floor_divide(a: i64, b: i64) -> i64 {
    a.div_euclid(b) - i64::from(b < 0 && a.rem_euclid(b) != 0)
}

/// `x` as a whole number, if it is one.
fn whole(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_992.0).then_some(x as i64)
}
