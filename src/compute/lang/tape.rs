//! The record `grad` sweeps: while a program that calls `grad` runs, each assignment with its
//! value and, for every name its expression reads, which assignment (or input) gave that name its
//! value at that moment.
//!
//! Stage: evaluation; `run` records into it, `grad` reads it. Must not: evaluate anything.

use std::collections::HashMap;
use std::rc::Rc;

use super::parser::{Arg, Expr, ExprKind};
use super::statements::{Statement, Step};
use super::value::Value;

/// Where a name's value came from when an assignment read it.
#[derive(Debug, Clone)]
pub(crate) enum Binding {
    /// The assignment with this id.
    Step(usize, Rc<Value>),
    /// An input of the block.
    Input,
    /// A loop counter or a constant: never differentiated.
    Fixed(Value),
    /// `history(name)`: the assignments it stacks, in order.
    History(Vec<(usize, Rc<Value>)>),
}

/// One assignment as it ran.
#[derive(Debug)]
pub(crate) struct Record {
    /// Position of the step among the program's steps (see `Step::index`).
    pub(crate) step: usize,
    /// Every name the expression reads (`history:name` for a history), with its binding.
    pub(crate) reads: Vec<(String, Binding)>,
}

/// The record of a run's assignments that `grad` sweeps.
#[derive(Debug, Default)]
pub(crate) struct Tape {
    /// Whether the program calls `grad` at all (otherwise nothing is recorded).
    pub(crate) enabled: bool,
    /// Whether a `grad` outside every loop may sweep back through loop iterations; otherwise a
    /// new iteration forgets the assignments before it.
    pub(crate) keeps_all: bool,
    /// Id of `records[0]`: ids count every assignment of the run.
    pub(crate) first: usize,
    pub(crate) records: Vec<Record>,
    /// Each step name's latest assignment.
    pub(crate) current: HashMap<String, (usize, Rc<Value>)>,
    /// The assignments loops made to the names some `history(name)` reads.
    pub(crate) histories: HashMap<String, Vec<(usize, Rc<Value>)>>,
    /// Id of the first assignment of each running iteration, outermost first.
    pub(crate) iterations: Vec<usize>,
}

fn calls_grad(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Number(_) | ExprKind::Name(_) => false,
        ExprKind::Negate(x) | ExprKind::Transpose(x) => calls_grad(x),
        ExprKind::Binary { left, right, .. } => calls_grad(left) || calls_grad(right),
        ExprKind::Call { function, args, .. } => {
            function == "grad" || args.iter().any(|a| calls_grad(&a.value))
        }
        ExprKind::Index {
            target, subscripts, ..
        } => calls_grad(target) || subscripts.iter().flat_map(|s| s.parts()).any(calls_grad),
    }
}

/// The names an expression reads: plain names, and `history:name` for each history.
pub(crate) fn names_read(expr: &Expr, found: &mut Vec<String>) {
    match &expr.kind {
        ExprKind::Number(_) => {}
        ExprKind::Name(name) => {
            if !found.contains(name) {
                found.push(name.clone());
            }
        }
        ExprKind::Negate(x) | ExprKind::Transpose(x) => names_read(x, found),
        ExprKind::Binary { left, right, .. } => {
            names_read(left, found);
            names_read(right, found);
        }
        ExprKind::Call { function, args, .. } => match (function.as_str(), args.as_slice()) {
            (
                "history",
                [Arg {
                    value:
                        Expr {
                            kind: ExprKind::Name(name),
                            ..
                        },
                    ..
                }],
            ) => found.push(format!("history:{name}")),
            _ => args.iter().for_each(|a| names_read(&a.value, found)),
        },
        ExprKind::Index {
            target, subscripts, ..
        } => {
            names_read(target, found);
            for part in subscripts.iter().flat_map(|s| s.parts()) {
                names_read(part, found);
            }
        }
    }
}

impl Tape {
    /// A tape for `statements`: recording only if some step calls `grad`.
    pub(crate) fn for_program(statements: &[Statement]) -> Tape {
        let top_level = statements.iter().any(|s| match s {
            Statement::Assign(step) => calls_grad(&step.expr),
            Statement::Repeat(_) => false,
        });
        let anywhere = statements
            .iter()
            .flat_map(Statement::steps)
            .any(|s| calls_grad(&s.expr));
        Tape {
            enabled: anywhere,
            keeps_all: top_level,
            ..Tape::default()
        }
    }

    /// Records `step`'s new `value`, read from `values` (with loop `counters`); `in_history`
    /// when some `history` collects it. Returns how many numbers the tape keeps beyond the
    /// run's own values (a loop's earlier values), for the memory bound.
    pub(crate) fn record(
        &mut self,
        step: &Step,
        value: &Value,
        values: &HashMap<String, Value>,
        counters: &[(String, usize)],
        in_history: bool,
    ) -> usize {
        if !self.enabled {
            return 0;
        }
        let mut names = Vec::new();
        names_read(&step.expr, &mut names);
        let reads = names
            .into_iter()
            .filter_map(|name| {
                let binding = if let Some(history) = name.strip_prefix("history:") {
                    Binding::History(self.histories.get(history).cloned().unwrap_or_default())
                } else if counters.iter().any(|(c, _)| *c == name) {
                    Binding::Fixed(values.get(&name)?.clone())
                } else if let Some((id, value)) = self.current.get(&name) {
                    Binding::Step(*id, Rc::clone(value))
                } else if values.contains_key(&name) {
                    Binding::Input
                } else {
                    Binding::Fixed(match name.as_str() {
                        "pi" => Value::Scalar(std::f64::consts::PI),
                        _ => return None,
                    })
                };
                Some((name, binding))
            })
            .collect();
        let id = self.first + self.records.len();
        let value = Rc::new(value.clone());
        if in_history {
            self.histories
                .entry(step.name.clone())
                .or_default()
                .push((id, Rc::clone(&value)));
        }
        let again = self.current.contains_key(&step.name);
        self.current
            .insert(step.name.clone(), (id, Rc::clone(&value)));
        self.records.push(Record {
            step: step.index,
            reads,
        });
        if again && self.keeps_all {
            value.len()
        } else {
            0
        }
    }

    /// A loop iteration starts: `grad` inside it sees only what comes after this point.
    pub(crate) fn enter_iteration(&mut self) {
        let start = self.first + self.records.len();
        if self.enabled && !self.keeps_all {
            self.records.clear();
            self.first = start;
        }
        self.iterations.push(start);
    }

    pub(crate) fn leave_iteration(&mut self) {
        self.iterations.pop();
    }

    pub(crate) fn record_at(&self, id: usize) -> Option<&Record> {
        id.checked_sub(self.first).and_then(|i| self.records.get(i))
    }
}
