//! The values inside one recorded assignment's expression, re-evaluated for the backward sweep
//! with the bindings the assignment read, through the same operations as the evaluator.
//!
//! Stage: evaluation of `grad`. Must not: read a name other than through the record's bindings.

use std::borrow::Cow;
use std::collections::HashMap;

use super::super::context::Scope;
use super::super::functions::{self, Given};
use super::super::index::{self, Resolved};
use super::super::parser::{BinaryOp, Expr, ExprKind, Subscript};
use super::super::tape::{names_read, Binding};
use super::super::value::{map_value, transpose, Value};
use super::super::LangError;
use super::Sweep;

/// One operation's value, whether it depends on the target, and its operands' nodes (a call's
/// arguments in written order; a subscript's target).
pub(crate) struct Node {
    pub(crate) value: Value,
    pub(crate) depends: bool,
    pub(crate) children: Vec<Node>,
    /// A subscript's parts, evaluated.
    pub(crate) resolved: Vec<Resolved>,
}

fn leaf(value: Value, depends: bool) -> Node {
    Node {
        value,
        depends,
        children: Vec::new(),
        resolved: Vec::new(),
    }
}

/// The binding of `name` among a record's reads.
pub(super) fn binding<'r>(reads: &'r [(String, Binding)], name: &str) -> Option<&'r Binding> {
    reads.iter().find(|(n, _)| n == name).map(|(_, b)| b)
}

impl Sweep<'_, '_> {
    fn bound_value(&self, binding: &Binding, name: &str) -> Value {
        match binding {
            Binding::Step(_, value) => value.as_ref().clone(),
            Binding::Fixed(value) => value.clone(),
            Binding::Input => self
                .context
                .inputs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .expect("a recorded input"),
            Binding::History(values) => {
                let width = values[0].1.len();
                let entries: Vec<f64> = values
                    .iter()
                    .flat_map(|(_, v)| v.entries().into_owned())
                    .collect();
                match values[0].1.as_ref() {
                    Value::Scalar(_) => Value::from_entries(1, 1, values.len(), entries),
                    _ => Value::from_entries(2, values.len(), width, entries),
                }
            }
        }
    }

    /// Evaluates `expr` with the record's `reads`, keeping every operation's value.
    pub(super) fn forward(
        &mut self,
        reads: &[(String, Binding)],
        expr: &Expr,
    ) -> Result<Node, LangError> {
        Ok(match &expr.kind {
            ExprKind::Number(x) => leaf(Value::Scalar(*x), false),
            ExprKind::Name(name) => match binding(reads, name) {
                Some(bound) => leaf(
                    self.bound_value(bound, name),
                    self.binding_depends(bound, name),
                ),
                None => leaf(Value::Scalar(f64::INFINITY), false),
            },
            ExprKind::Negate(operand) | ExprKind::Transpose(operand) => {
                let child = self.forward(reads, operand)?;
                self.context.charge(child.value.len(), &expr.span)?;
                let value = if matches!(expr.kind, ExprKind::Negate(_)) {
                    map_value(&child.value, |x| -x)
                } else {
                    transpose(&child.value)
                };
                parent(value, vec![child])
            }
            ExprKind::Binary {
                op,
                op_span,
                left,
                right,
            } => {
                let a = self.forward(reads, left)?;
                let b = self.forward(reads, right)?;
                let quoted = (
                    self.context.quote(&left.span),
                    self.context.quote(&right.span),
                );
                let value = if *op == BinaryOp::MatMul {
                    self.context.matmul(&a.value, &b.value, op_span, &quoted)?
                } else {
                    self.context
                        .elementwise(*op, &a.value, &b.value, op_span, &quoted)?
                };
                parent(value, vec![a, b])
            }
            ExprKind::Call {
                function,
                function_span,
                args,
            } => {
                if function == "history" {
                    let key = match &args[0].value.kind {
                        ExprKind::Name(name) => format!("history:{name}"),
                        _ => String::new(),
                    };
                    let bound = binding(reads, &key).expect("a recorded history");
                    return Ok(leaf(
                        self.bound_value(bound, &key),
                        self.binding_depends(bound, &key),
                    ));
                }
                let children = args
                    .iter()
                    .map(|arg| self.forward(reads, &arg.value))
                    .collect::<Result<Vec<_>, _>>()?;
                if function == "grad" {
                    return Err(self.not_differentiable("`grad` itself", &expr.span));
                }
                let signature = functions::check(function, function_span, args, &expr.span, false)?;
                let mut positional = Vec::new();
                let mut keywords = HashMap::new();
                for (arg, child) in args.iter().zip(&children) {
                    let given = Given {
                        value: Cow::Borrowed(&child.value),
                        span: arg.value.span.clone(),
                    };
                    match &arg.keyword {
                        Some((keyword, _)) => {
                            keywords.insert(keyword.clone(), given);
                        }
                        None => positional.push(given),
                    }
                }
                let value =
                    functions::apply(self.context, signature, positional, keywords, &expr.span)?;
                parent(value, children)
            }
            ExprKind::Index {
                target,
                subscripts,
                bracket_span,
            } => {
                let child = self.forward(reads, target)?;
                let resolved = self.resolve_all(reads, subscripts)?;
                let value = index::take(self.context, &child.value, &resolved, bracket_span)?;
                let mut node = parent(value, vec![child]);
                node.resolved = resolved;
                node
            }
        })
    }

    /// The subscripts' parts, evaluated as the evaluator does, on a scope of the names they read.
    pub(super) fn resolve_all(
        &mut self,
        reads: &[(String, Binding)],
        subscripts: &[Subscript],
    ) -> Result<Vec<Resolved>, LangError> {
        let mut scope = Scope::default();
        let mut names = Vec::new();
        for part in subscripts.iter().flat_map(|s| s.parts()) {
            names_read(part, &mut names);
        }
        for name in names {
            if let Some(bound) = binding(reads, &name) {
                let value = self.bound_value(bound, &name);
                scope.values.insert(name, value);
            }
        }
        subscripts
            .iter()
            .map(|subscript| self.context.resolve(&scope, subscript))
            .collect()
    }
}

fn parent(value: Value, children: Vec<Node>) -> Node {
    let depends = children.iter().any(|c| c.depends);
    Node {
        value,
        depends,
        children,
        resolved: Vec::new(),
    }
}
