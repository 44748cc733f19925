//! `grad(L, x)`: reverse-mode differentiation over the program as written.
//!
//! Stage: evaluation. Input: while a program that calls `grad` runs, [`Tape`] records each
//! assignment: its value and, for every name its expression reads, which assignment (or input)
//! gave that name its value at that moment. Output: `grad(L, x)`, the gradient of the scalar step
//! `L` with respect to `x`, with `x`'s shape. Must not: change a forward value.
//!
//! The sweep starts at `L`'s latest assignment and walks the record backwards, re-evaluating each
//! assignment it passes through once (`forward`) to get the values inside its expression, then
//! applying one local rule per operation (`rules`). Inside a `repeat` body it stops at the start
//! of the current iteration (earlier values are constants); outside loops it goes back through
//! every iteration, `history(name)` included (backpropagation through time). The tape's copies of
//! values reassigned in loops count against the run's memory bound, the sweep's operations
//! against its work bound.

pub(crate) mod derive;
mod forward;
mod rules;
mod selection;
mod shown;
mod shown_in_loop;
mod through_loop;

pub use shown::backward_program;
pub use shown_in_loop::program_with_backward_in_loop;

use std::collections::HashMap;
use std::ops::Range;

use ndarray::Array2;

use super::context::{Context, Scope};
use super::parser::{Arg, ExprKind};
use super::tape::{Binding, Tape};
use super::value::Value;
use super::{ErrorKind, LangError};

/// What a `grad` differentiates with respect to.
#[derive(Debug, Clone, PartialEq)]
enum Target {
    Step(usize),
    Input(String),
}

fn grad_error(message: String, span: &Range<usize>, hint: &str) -> LangError {
    LangError::new(ErrorKind::Arguments, message, span.clone()).with_hint(hint)
}

/// The name an argument of `grad` must be.
fn name_argument<'x>(arg: &'x Arg, what: &str) -> Result<&'x str, LangError> {
    match (&arg.keyword, &arg.value.kind) {
        (None, ExprKind::Name(name)) => Ok(name),
        _ => Err(grad_error(
            format!("`grad` takes the name of {what}"),
            &arg.value.span,
            "write grad(loss, w): loss a scalar step, w an input or a step loss depends on; to differentiate an expression, make it a step first",
        )),
    }
}

impl Context<'_> {
    /// `grad(L, x)` at `span`: the gradient of step `L`'s latest value with respect to `x`.
    pub(crate) fn grad(
        &mut self,
        scope: &Scope,
        args: &[Arg],
        span: &Range<usize>,
    ) -> Result<Value, LangError> {
        let loss = name_argument(&args[0], "a scalar step")?;
        let with_respect_to = name_argument(&args[1], "an input or a step")?;
        let tape = &scope.tape;
        let Some((loss_id, loss_value)) = tape.current.get(loss) else {
            self.lookup(scope, loss, &args[0].value.span)?;
            return Err(grad_error(
                format!("`{loss}` is not a step, so `grad` has nothing to differentiate"),
                &args[0].value.span,
                "grad(L, x) differentiates a step L computed from x",
            ));
        };
        if loss_value.rank() != 0 {
            return Err(grad_error(
                format!(
                    "grad needs a scalar to differentiate, and `{loss}` is a {}",
                    loss_value.describe_shape()
                ),
                &args[0].value.span,
                "reduce it to one number first, e.g. loss = sum(…) or mean(…)",
            ));
        }
        let x_span = &args[1].value.span;
        let (target, shape) = if let Some((id, value)) = tape.current.get(with_respect_to) {
            (Target::Step(*id), value.as_ref().clone())
        } else if scope.counters.iter().any(|(c, _)| c == with_respect_to) {
            return Err(grad_error(
                format!("`{with_respect_to}` counts a loop's iterations and has no gradient"),
                x_span,
                "differentiate with respect to an input or a step",
            ));
        } else {
            let value = self.lookup(scope, with_respect_to, x_span)?;
            (
                Target::Input(with_respect_to.to_string()),
                value.value.into_owned(),
            )
        };
        let boundary = tape.iterations.last().copied().unwrap_or(0).max(tape.first);
        let mut sweep = Sweep {
            context: self,
            tape,
            target,
            boundary,
            depends: HashMap::new(),
            adjoints: HashMap::new(),
            parents: HashMap::new(),
            result: None,
            record: *loss_id,
        };
        let gradient = sweep.run(*loss_id, loss, with_respect_to, &args[1].value.span)?;
        let (rows, cols) = shape.dims();
        let gradient = gradient.unwrap_or_else(|| Array2::zeros((rows, cols)));
        let gradient = Value::from_matrix(gradient, shape.rank());
        self.ensure_finite(&gradient, span, |_| false, |_| {
            format!("the gradient of {loss} with respect to {with_respect_to} is not finite (a slope of sqrt, log, norm or std at 0?)")
        })?;
        Ok(gradient)
    }
}

/// One backward sweep of `grad`.
pub(crate) struct Sweep<'c, 'a> {
    pub(crate) context: &'c mut Context<'a>,
    tape: &'c Tape,
    target: Target,
    /// Assignments before this id are constants.
    boundary: usize,
    /// Whether each assignment from `boundary` on depends on the target.
    depends: HashMap<usize, bool>,
    /// The gradient of `L` with respect to each assignment reached so far, in the matrix view.
    adjoints: HashMap<usize, Array2<f64>>,
    /// The assignment each one was first reached from, for the path in error messages.
    parents: HashMap<usize, usize>,
    /// The gradient reaching the target.
    result: Option<Array2<f64>>,
    /// The assignment being differentiated.
    record: usize,
}

impl Sweep<'_, '_> {
    fn binding_depends(&self, binding: &Binding, name: &str) -> bool {
        match binding {
            Binding::Step(id, _) => self.step_depends(*id),
            Binding::Input => self.target == Target::Input(name.to_string()),
            Binding::Fixed(_) => false,
            Binding::History(ids) => ids.iter().any(|(id, _)| self.step_depends(*id)),
        }
    }

    fn step_depends(&self, id: usize) -> bool {
        self.target == Target::Step(id)
            || (id >= self.boundary && self.depends.get(&id).copied().unwrap_or(false))
    }

    fn run(
        &mut self,
        loss_id: usize,
        loss: &str,
        x: &str,
        x_span: &Range<usize>,
    ) -> Result<Option<Array2<f64>>, LangError> {
        if self.target == Target::Step(loss_id) {
            return Ok(Some(Array2::ones((1, 1))));
        }
        let tape = self.tape;
        for id in self.boundary..=loss_id {
            if Target::Step(id) == self.target {
                continue;
            }
            let Some(record) = tape.record_at(id) else {
                continue;
            };
            let depends = record
                .reads
                .iter()
                .any(|(name, binding)| self.binding_depends(binding, name));
            self.depends.insert(id, depends);
        }
        if !self.depends.get(&loss_id).copied().unwrap_or(false) {
            return Err(grad_error(
                format!("`{loss}` does not depend on `{x}`, so grad({loss}, {x}) has nothing to differentiate"),
                x_span,
                "L must be computed from x; inside a repeat, grad sees only the current iteration, so x must be read by the steps that compute L there",
            ));
        }
        self.adjoints.insert(loss_id, Array2::ones((1, 1)));
        for id in (self.boundary..=loss_id).rev() {
            if Target::Step(id) == self.target || !self.step_depends(id) {
                continue;
            }
            let Some(adjoint) = self.adjoints.remove(&id) else {
                continue;
            };
            let record = tape.record_at(id).expect("a recorded step");
            self.record = id;
            let step = self.context.steps[record.step];
            let node = self.forward(&record.reads, &step.expr)?;
            self.backward(&record.reads, &step.expr, &node, adjoint)?;
        }
        if let Target::Step(id) = self.target {
            return Ok(self.adjoints.remove(&id));
        }
        Ok(self.result.take())
    }

    /// Adds `adjoint` to what reaches the name `name` (bound by `binding`).
    fn reach(&mut self, name: &str, binding: &Binding, adjoint: Array2<f64>) {
        match binding {
            Binding::Step(id, _) => self.reach_step(*id, adjoint),
            Binding::Input if self.target == Target::Input(name.to_string()) => {
                add_into(&mut self.result, adjoint);
            }
            Binding::History(ids) => {
                for (row, (id, value)) in ids.iter().enumerate() {
                    let (_, width) = value.dims();
                    let part = if value.rank() == 0 {
                        adjoint.slice(ndarray::s![0..1, row..row + 1]).to_owned()
                    } else {
                        adjoint
                            .slice(ndarray::s![row..row + 1, 0..width])
                            .to_owned()
                    };
                    self.reach_step(*id, part);
                }
            }
            _ => {}
        }
    }

    fn reach_step(&mut self, id: usize, adjoint: Array2<f64>) {
        if !self.step_depends(id) {
            return;
        }
        self.parents.entry(id).or_insert(self.record);
        let mut slot = self.adjoints.remove(&id);
        add_into(&mut slot, adjoint);
        if let Some(sum) = slot {
            self.adjoints.insert(id, sum);
        }
    }

    /// The steps from `L` to the assignment being differentiated, as `L → h → s`.
    fn path(&self) -> String {
        let mut names = Vec::new();
        let mut id = self.record;
        loop {
            let record = self.tape.record_at(id).expect("a recorded step");
            names.push(self.context.steps[record.step].name.clone());
            match self.parents.get(&id) {
                Some(parent) => id = *parent,
                None => break,
            }
        }
        names.reverse();
        names.join(" → ")
    }

    /// The error for an operation `what` at `span` with no useful derivative on the path.
    fn not_differentiable(&self, what: &str, span: &Range<usize>) -> LangError {
        let record = self.tape.record_at(self.record).expect("a recorded step");
        let step = &self.context.steps[record.step].name;
        grad_error(
            format!(
                "grad cannot pass through {what} in step {step} (the path from the loss: {}): it has no useful derivative",
                self.path()
            ),
            span,
            "compute that part from values that do not depend on x (a mask or an index is a constant), or write the gradient rule as steps",
        )
    }
}

fn add_into(slot: &mut Option<Array2<f64>>, adjoint: Array2<f64>) {
    match slot {
        Some(sum) => *sum += &adjoint,
        None => *slot = Some(adjoint),
    }
}

#[cfg(test)]
mod tests;
