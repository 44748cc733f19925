//! One local rule per operation: given the gradient of `L` with respect to an operation's
//! value (its adjoint, in the matrix view), the gradients with respect to its operands.
//!
//! Stage: evaluation of `grad`. Rules for selections (subscripts, `rows`, `concat`, `reshape`,
//! `tril`, …) are not written one by one: the operation is run again on the operands' positions
//! (1, 2, 3, … instead of their entries, 0 for an operand that does not matter) and each output
//! entry's gradient goes back to the position it shows. Must not: pass a gradient through an
//! operation with no useful derivative (an error names it and the path from `L`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use ndarray::{Array2, Axis};

use super::super::functions::{self, Given};
use super::super::index;
use super::super::parser::{Arg, BinaryOp, Expr, ExprKind};
use super::super::tape::Binding;
use super::super::value::Value;
use super::super::LangError;
use super::forward::{binding, Node};
use super::Sweep;

/// Sums `gradient` (the broadcast result's shape) over the axes an operand of `rows`×`cols` was
/// broadcast along.
fn unbroadcast(mut gradient: Array2<f64>, rows: usize, cols: usize) -> Array2<f64> {
    if rows == 1 && gradient.nrows() > 1 {
        gradient = gradient.sum_axis(Axis(0)).insert_axis(Axis(0));
    }
    if cols == 1 && gradient.ncols() > 1 {
        gradient = gradient.sum_axis(Axis(1)).insert_axis(Axis(1));
    }
    gradient
}

/// An operand's matrix view broadcast to `dims`.
fn spread(value: &Value, dims: (usize, usize)) -> Array2<f64> {
    let matrix = value.to_matrix();
    matrix
        .broadcast(dims)
        .expect("shapes broadcast as in the forward pass")
        .to_owned()
}

/// `adjoint * f(a, b)` entry by entry over the operands broadcast to the adjoint's shape.
fn times(adjoint: &Array2<f64>, parts: &[&Value], f: impl Fn(&[f64]) -> f64) -> Array2<f64> {
    let dims = adjoint.dim();
    let spreads: Vec<Array2<f64>> = parts.iter().map(|v| spread(v, dims)).collect();
    let mut out = adjoint.clone();
    let mut args = vec![0.0; parts.len()];
    for ((i, j), g) in out.indexed_iter_mut() {
        for (slot, s) in args.iter_mut().zip(&spreads) {
            *slot = s[[i, j]];
        }
        *g *= f(&args);
    }
    out
}

/// The derivative of an elementwise function at `x`, where it gave `y`; `None` when it has no
/// useful derivative.
fn elementwise_slope(name: &str, x: f64, y: f64) -> Option<f64> {
    Some(match name {
        "exp" => y,
        "log" => 1.0 / x,
        "sqrt" => 0.5 / y,
        "abs" => x.signum() * f64::from(u8::from(x != 0.0)),
        "sin" => x.cos(),
        "cos" => -x.sin(),
        "tanh" => 1.0 - y * y,
        "sigmoid" => y * (1.0 - y),
        "relu" => f64::from(u8::from(x > 0.0)),
        "gelu" => {
            let c = (2.0 / std::f64::consts::PI).sqrt();
            let t = (c * (x + 0.044715 * x * x * x)).tanh();
            0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * c * (1.0 + 3.0 * 0.044715 * x * x)
        }
        "acos" => -1.0 / (1.0 - x * x).sqrt(),
        "asin" => 1.0 / (1.0 - x * x).sqrt(),
        "atan" => 1.0 / (1.0 + x * x),
        _ => return None,
    })
}

/// The lanes (flat positions) a call along an axis works on (one lane of every entry without an
/// axis and without `default_last`); the `i`-th lane gives the `i`-th entry of a reduction.
fn call_lanes(x: &Value, axis: Option<&Value>, default_last: bool) -> Vec<Vec<usize>> {
    let (rows, cols) = x.dims();
    let requested = match axis {
        Some(Value::Scalar(a)) => Some(*a as i64),
        _ if default_last => Some(-1),
        _ => None,
    };
    match (x.rank(), requested) {
        (_, None) | (0, _) => vec![(0..rows * cols).collect()],
        (1, _) | (_, Some(1 | -1)) => functions::lanes(rows, cols, 1),
        _ => functions::lanes(rows, cols, 0),
    }
}

impl Sweep<'_, '_> {
    /// Passes `adjoint`, the gradient with respect to `node` (the value of `expr`), down to the
    /// names `expr` reads.
    pub(super) fn backward(
        &mut self,
        reads: &[(String, Binding)],
        expr: &Expr,
        node: &Node,
        adjoint: Array2<f64>,
    ) -> Result<(), LangError> {
        if !node.depends {
            return Ok(());
        }
        self.context.charge(adjoint.len(), &expr.span)?;
        match &expr.kind {
            ExprKind::Number(_) => Ok(()),
            ExprKind::Name(name) => {
                if let Some(bound) = binding(reads, name) {
                    self.reach(name, bound, adjoint);
                }
                Ok(())
            }
            ExprKind::Negate(operand) => self.backward(reads, operand, &node.children[0], -adjoint),
            ExprKind::Transpose(operand) => {
                let turned = adjoint.t().as_standard_layout().into_owned();
                self.backward(reads, operand, &node.children[0], turned)
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => {
                let (a, b) = (&node.children[0], &node.children[1]);
                let (ga, gb) = if *op == BinaryOp::MatMul {
                    self.context
                        .charge(2 * adjoint.len() * a.value.dims().1.max(1), op_span)?;
                    matmul_rule(&a.value, &b.value, &adjoint)
                } else {
                    let out = &node.value;
                    let (x, y) = (&a.value, &b.value);
                    type Slope = fn(&[f64]) -> f64;
                    let rule: (Slope, Slope) = match op {
                        BinaryOp::Add => (|_| 1.0, |_| 1.0),
                        BinaryOp::Subtract => (|_| 1.0, |_| -1.0),
                        BinaryOp::Multiply => (|v| v[1], |v| v[0]),
                        BinaryOp::Divide => (|v| 1.0 / v[1], |v| -v[0] / (v[1] * v[1])),
                        BinaryOp::Power => (
                            |v| v[1] * v[0].powf(v[1] - 1.0),
                            |v| if v[2] == 0.0 { 0.0 } else { v[2] * v[0].ln() },
                        ),
                        _ => {
                            return Err(self.not_differentiable(
                                &format!("the comparison `{}`", op.symbol()),
                                op_span,
                            ))
                        }
                    };
                    let parts = [x, y, out];
                    let (ar, ac) = x.dims();
                    let (br, bc) = y.dims();
                    (
                        unbroadcast(times(&adjoint, &parts, rule.0), ar, ac),
                        unbroadcast(times(&adjoint, &parts, rule.1), br, bc),
                    )
                };
                self.backward(reads, left, a, ga)?;
                self.backward(reads, right, b, gb)
            }
            ExprKind::Call { function, args, .. } => {
                if function == "history" {
                    let ExprKind::Name(name) = &args[0].value.kind else {
                        return Ok(());
                    };
                    let key = format!("history:{name}");
                    if let Some(bound) = binding(reads, &key) {
                        self.reach(&key, bound, adjoint);
                    }
                    return Ok(());
                }
                let gradients = self.call_rule(function, args, &expr.span, node, &adjoint)?;
                for ((arg, child), gradient) in args.iter().zip(&node.children).zip(gradients) {
                    if let Some(gradient) = gradient {
                        self.backward(reads, &arg.value, child, gradient)?;
                    }
                }
                Ok(())
            }
            ExprKind::Index {
                target,
                bracket_span,
                ..
            } => {
                let child = &node.children[0];
                let mut gradients = self.through_positions(
                    &[&child.value],
                    &[true],
                    &adjoint,
                    |context, coded| index::take(context, &coded[0], &node.resolved, bracket_span),
                )?;
                let gradient = gradients.remove(0).expect("the target depends");
                self.backward(reads, target, child, gradient)
            }
        }
    }

    /// Runs a selection on the positions of its operands (`wanted` says which matter) and
    /// sends each entry of `adjoint` back to the position it shows.
    fn through_positions(
        &mut self,
        operands: &[&Value],
        wanted: &[bool],
        adjoint: &Array2<f64>,
        select: impl FnOnce(&mut super::super::context::Context, &[Value]) -> Result<Value, LangError>,
    ) -> Result<Vec<Option<Array2<f64>>>, LangError> {
        let mut offset = 0;
        let mut starts = Vec::new();
        let coded: Vec<Value> = operands
            .iter()
            .zip(wanted)
            .map(|(value, &wanted)| {
                let (rows, cols) = value.dims();
                starts.push(offset);
                let entries = if wanted {
                    let codes = (offset + 1..=offset + rows * cols)
                        .map(|p| p as f64)
                        .collect();
                    offset += rows * cols;
                    codes
                } else {
                    vec![0.0; rows * cols]
                };
                Value::from_entries(value.rank(), rows, cols, entries)
            })
            .collect();
        let selected = select(self.context, &coded)?;
        let mut flat: Vec<Vec<f64>> = operands.iter().map(|v| vec![0.0; v.len()]).collect();
        let adjoint = adjoint.as_standard_layout();
        let gradient = adjoint.as_slice().expect("standard layout");
        for (code, g) in selected.entries().iter().zip(gradient) {
            if *code <= 0.0 {
                continue;
            }
            let position = *code as usize - 1;
            let owner = (0..operands.len())
                .rev()
                .find(|&k| wanted[k] && starts[k] <= position)
                .expect("a code names a wanted operand");
            flat[owner][position - starts[owner]] += g;
        }
        Ok(operands
            .iter()
            .zip(wanted)
            .zip(flat)
            .map(|((value, &wanted), entries)| {
                let (rows, cols) = value.dims();
                wanted.then(|| {
                    Array2::from_shape_vec((rows, cols), entries).expect("entries match the shape")
                })
            })
            .collect())
    }

    /// The gradients of a call's arguments (in written order; `None` for one that gets none).
    fn call_rule(
        &mut self,
        function: &str,
        args: &[Arg],
        span: &Range<usize>,
        node: &Node,
        adjoint: &Array2<f64>,
    ) -> Result<Vec<Option<Array2<f64>>>, LangError> {
        let children = &node.children;
        let positional: Vec<&Node> = args
            .iter()
            .zip(children)
            .filter(|(a, _)| a.keyword.is_none())
            .map(|(_, c)| c)
            .collect();
        let keyword = |name: &str| {
            args.iter()
                .zip(children)
                .find(|(a, _)| a.keyword.as_ref().is_some_and(|(k, _)| k == name))
                .map(|(_, c)| &c.value)
        };
        let x = &positional[0].value;
        let (rows, cols) = x.dims();
        let first_only = |gradient: Array2<f64>| {
            let mut out: Vec<Option<Array2<f64>>> = vec![None; args.len()];
            out[0] = Some(gradient);
            out
        };
        let what = format!("`{function}`");
        match function {
            "exp" | "log" | "sqrt" | "abs" | "sin" | "cos" | "tanh" | "sigmoid" | "relu"
            | "gelu" | "acos" | "asin" | "atan" => {
                let y = &node.value;
                Ok(first_only(times(adjoint, &[x, y], |v| {
                    elementwise_slope(function, v[0], v[1]).unwrap_or(0.0)
                })))
            }
            "maximum" | "minimum" | "atan2" | "xlogy" | "clip" | "where" => {
                let values: Vec<&Value> = positional.iter().map(|n| &n.value).collect();
                let mut out = Vec::new();
                for (k, operand) in positional.iter().enumerate() {
                    if !operand.depends || (function == "where" && k == 0) {
                        out.push(None);
                        continue;
                    }
                    let slope = move |v: &[f64]| -> f64 {
                        let yes = |c: bool| f64::from(u8::from(c));
                        match (function, k) {
                            ("maximum", 0) => yes(v[0] >= v[1]),
                            ("maximum", _) => yes(v[0] < v[1]),
                            ("minimum", 0) => yes(v[0] <= v[1]),
                            ("minimum", _) => yes(v[0] > v[1]),
                            ("atan2", 0) => v[1] / (v[0] * v[0] + v[1] * v[1]),
                            ("atan2", _) => -v[0] / (v[0] * v[0] + v[1] * v[1]),
                            ("xlogy", 0) => v[1].ln(),
                            ("xlogy", _) => v[0] / v[1],
                            ("clip", 0) => yes(v[0] >= v[1] && v[0].max(v[1]) <= v[2]),
                            ("clip", 1) => yes(v[0] < v[1] && v[0].max(v[1]) <= v[2]),
                            ("clip", _) => yes(v[0].max(v[1]) > v[2]),
                            (_, 1) => yes(v[0] != 0.0),
                            _ => yes(v[0] == 0.0),
                        }
                    };
                    let (r, c) = operand.value.dims();
                    out.push(Some(unbroadcast(times(adjoint, &values, slope), r, c)));
                }
                Ok(out)
            }
            "softmax" | "log_softmax" | "logsumexp" | "sum" | "mean" | "var" | "std" | "max"
            | "min" | "norm" | "cumsum" | "cumprod" | "sort" | "layer_norm" => {
                let keeps_shape = matches!(
                    function,
                    "softmax" | "log_softmax" | "cumsum" | "cumprod" | "sort" | "layer_norm"
                );
                if function == "layer_norm"
                    && args
                        .iter()
                        .zip(children)
                        .any(|(a, c)| a.keyword.is_some() && c.depends)
                {
                    return Err(self.not_differentiable("`layer_norm`'s eps", span));
                }
                let lanes = call_lanes(x, keyword("axis"), keeps_shape);
                let eps = match keyword("eps") {
                    Some(Value::Scalar(eps)) => *eps,
                    _ => 1e-5,
                };
                let xs = x.entries();
                let ys = node.value.entries();
                let adjoint = adjoint.as_standard_layout();
                let gs = adjoint.as_slice().expect("standard layout");
                let mut dx = vec![0.0; xs.len()];
                for (index, lane) in lanes.iter().enumerate() {
                    let xl: Vec<f64> = lane.iter().map(|&p| xs[p]).collect();
                    let (yl, gl): (Vec<f64>, Vec<f64>) = if keeps_shape {
                        lane.iter().map(|&p| (ys[p], gs[p])).unzip()
                    } else {
                        (vec![ys[index]], vec![gs[index]])
                    };
                    let lane_dx = lane_rule(function, &xl, &yl, &gl, eps);
                    self.context.charge(lane.len(), span)?;
                    for (&p, d) in lane.iter().zip(lane_dx) {
                        dx[p] = d;
                    }
                }
                Ok(first_only(
                    Array2::from_shape_vec((rows, cols), dx).expect("entries match the shape"),
                ))
            }
            "dot" | "outer" => {
                let a = positional[0].value.entries();
                let b = positional[1].value.entries();
                let gs = adjoint.as_standard_layout();
                let gs = gs.as_slice().expect("standard layout");
                let (ga, gb): (Vec<f64>, Vec<f64>) = if function == "dot" {
                    (
                        b.iter().map(|v| gs[0] * v).collect(),
                        a.iter().map(|v| gs[0] * v).collect(),
                    )
                } else {
                    let n = b.len();
                    (
                        (0..a.len())
                            .map(|i| (0..n).map(|j| gs[i * n + j] * b[j]).sum())
                            .collect(),
                        (0..n)
                            .map(|j| (0..a.len()).map(|i| gs[i * n + j] * a[i]).sum())
                            .collect(),
                    )
                };
                let shape = |node: &Node, entries: Vec<f64>| {
                    let (r, c) = node.value.dims();
                    Some(Array2::from_shape_vec((r, c), entries).expect("entries match"))
                };
                Ok(vec![shape(positional[0], ga), shape(positional[1], gb)])
            }
            "trace" => {
                let mut dx = Array2::zeros((rows, cols));
                for i in 0..rows.min(cols) {
                    dx[[i, i]] = adjoint[[0, 0]];
                }
                Ok(first_only(dx))
            }
            "transpose" | "concat" | "row" | "col" | "rows" | "cols" | "reshape" | "flatten"
            | "tril" | "triu" | "diag" | "take" => {
                let signature = functions::check(function, span, args, span, false)?;
                let data = if function == "concat" {
                    positional.len()
                } else {
                    1
                };
                let operands: Vec<&Value> = positional[..data].iter().map(|n| &n.value).collect();
                let wanted: Vec<bool> = positional[..data].iter().map(|n| n.depends).collect();
                let gradients =
                    self.through_positions(&operands, &wanted, adjoint, |context, coded| {
                        let mut given = Vec::new();
                        let mut keywords = HashMap::new();
                        let mut coded = coded.iter();
                        for (arg, child) in args.iter().zip(children) {
                            let value = match (&arg.keyword, given.len() < data) {
                                (None, true) => Cow::Owned(coded.next().expect("coded").clone()),
                                _ => Cow::Borrowed(&child.value),
                            };
                            let one = Given {
                                value,
                                span: arg.value.span.clone(),
                            };
                            match &arg.keyword {
                                Some((k, _)) => {
                                    keywords.insert(k.clone(), one);
                                }
                                None => given.push(one),
                            }
                        }
                        functions::apply(context, signature, given, keywords, span)
                    })?;
                let mut gradients = gradients.into_iter();
                Ok(args
                    .iter()
                    .enumerate()
                    .map(|(k, arg)| {
                        if arg.keyword.is_none() && k < data {
                            gradients.next().flatten()
                        } else {
                            None
                        }
                    })
                    .collect())
            }
            _ => Err(self.not_differentiable(&what, span)),
        }
    }
}

/// The gradient with respect to one lane of `function`'s argument `x`, from the lane's result
/// `y` and its gradient `g` (one entry each for a reduction).
fn lane_rule(function: &str, x: &[f64], y: &[f64], g: &[f64], eps: f64) -> Vec<f64> {
    let n = x.len() as f64;
    match function {
        "softmax" => {
            let s: f64 = g.iter().zip(y).map(|(g, y)| g * y).sum();
            y.iter().zip(g).map(|(y, g)| y * (g - s)).collect()
        }
        "log_softmax" => {
            let s: f64 = g.iter().sum();
            y.iter().zip(g).map(|(y, g)| g - y.exp() * s).collect()
        }
        "logsumexp" => x
            .iter()
            .map(|v| {
                if y[0] == f64::NEG_INFINITY {
                    0.0
                } else {
                    g[0] * (v - y[0]).exp()
                }
            })
            .collect(),
        "sum" => vec![g[0]; x.len()],
        "mean" => vec![g[0] / n; x.len()],
        "var" | "std" => {
            let mean = x.iter().sum::<f64>() / n;
            let scale = if function == "var" {
                2.0 / n
            } else {
                1.0 / (n * y[0])
            };
            x.iter().map(|v| g[0] * scale * (v - mean)).collect()
        }
        "max" | "min" => {
            let mut best = 0;
            for (i, v) in x.iter().enumerate() {
                if (function == "max" && *v > x[best]) || (function == "min" && *v < x[best]) {
                    best = i;
                }
            }
            (0..x.len())
                .map(|i| if i == best { g[0] } else { 0.0 })
                .collect()
        }
        "norm" => x.iter().map(|v| g[0] * v / y[0]).collect(),
        "cumsum" => {
            let mut running = 0.0;
            let mut out: Vec<f64> = g
                .iter()
                .rev()
                .map(|g| {
                    running += g;
                    running
                })
                .collect();
            out.reverse();
            out
        }
        "cumprod" => (0..x.len())
            .map(|i| {
                (i..x.len())
                    .map(|j| {
                        let others: f64 = (0..=j).filter(|&k| k != i).map(|k| x[k]).product();
                        g[j] * others
                    })
                    .sum()
            })
            .collect(),
        "sort" => {
            let mut order: Vec<usize> = (0..x.len()).collect();
            order.sort_by(|a, b| {
                x[*a]
                    .partial_cmp(&x[*b])
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            let mut out = vec![0.0; x.len()];
            for (k, &i) in order.iter().enumerate() {
                out[i] = g[k];
            }
            out
        }
        // layer_norm: y is x̂ = (x − μ)/σ, so dx = (g − mean(g) − x̂ · mean(g x̂)) / σ.
        _ => {
            let mean = x.iter().sum::<f64>() / n;
            let variance = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n;
            let sigma = (variance + eps).sqrt();
            let mean_g = g.iter().sum::<f64>() / n;
            let mean_gy = g.iter().zip(y).map(|(g, y)| g * y).sum::<f64>() / n;
            y.iter()
                .zip(g)
                .map(|(y, g)| (g - mean_g - y * mean_gy) / sigma)
                .collect()
        }
    }
}

/// The gradients of `a @ b` from the result's gradient (every value in the matrix view; a vector
/// on the right is a column).
fn matmul_rule(a: &Value, b: &Value, adjoint: &Array2<f64>) -> (Array2<f64>, Array2<f64>) {
    let left = a.to_matrix();
    let right_is_vector = b.rank() == 1;
    let right = if right_is_vector {
        b.to_matrix().reversed_axes()
    } else {
        b.to_matrix()
    };
    let g = if right_is_vector {
        adjoint.t().to_owned()
    } else {
        adjoint.clone()
    };
    let ga = g.dot(&right.t());
    let gb = left.t().dot(&g);
    let gb = if right_is_vector {
        gb.reversed_axes().as_standard_layout().into_owned()
    } else {
        gb
    };
    (ga, gb)
}
