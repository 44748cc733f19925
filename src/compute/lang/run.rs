//! Runs a program's statements: checks the inputs, assigns steps, runs `repeat` loops with their
//! state rules, and collects the histories `history(name)` reads.
//!
//! Stage: evaluation, after parsing. Input: the steps text (to quote operands), the parsed
//! [`Statement`]s and the input values. Output: every name's last value, once, in the order of
//! first assignment, or the first [`LangError`]. Must not: evaluate expressions itself (`eval`
//! does) or let a loop run past the work bound: every statement, iteration and copy is charged.
//!
//! The rules (README, "Loops"): outside loops a name is assigned once; inside a loop a step
//! may assign a name again, keeping its shape, but never an input, a constant or a counter; a
//! counter counts 0, 1, …, N − 1 and exists only in its body. A `repeat … until` loop stops at
//! the first iteration whose condition holds or that meets a non-finite number, and undoes it.

use std::collections::HashSet;

use super::context::{Context, History, Scope, CONSTANTS};
use super::eval::entries_are_whole;
use super::memory::Kept;
use super::parser::{Expr, ExprKind};
use super::statements::{Repeat, Statement, Step};
use super::tape::Tape;
use super::value::{format_number, Value};
use super::{ErrorKind, LangError, Limit, Output, MAX_SIDE};

/// Runs `statements` (see [`super::run()`]); also gives the element operations the run did.
pub(crate) fn run_program(
    text: &str,
    statements: &[Statement],
    inputs: &[(String, Value)],
) -> Result<(Vec<Output>, u64), LangError> {
    let mut scope = Scope {
        tape: Tape::for_program(statements),
        ..Scope::default()
    };
    for (name, value) in inputs {
        check_input(name, value, &scope)?;
        scope.values.insert(name.clone(), value.clone());
        scope.whole.insert(name.clone(), entries_are_whole(value));
    }
    let steps: Vec<&Step> = statements.iter().flat_map(Statement::steps).collect();
    let mut runner = Runner {
        context: Context {
            text,
            steps,
            inputs,
            step: 0,
            running: "",
            line: 0,
            work: 0,
        },
        recorded: statements.iter().flat_map(histories_read).collect(),
        scope,
        loops: 0,
        kept: Kept::default(),
    };
    runner.block(statements)?;
    let Runner { scope, context, .. } = runner;
    let outputs = scope
        .order
        .iter()
        .map(|name| {
            let value = scope.values[name].clone();
            let whole = scope.whole[name] && entries_are_whole(&value);
            Output {
                name: name.clone(),
                value,
                whole,
            }
        })
        .collect();
    Ok((outputs, context.work))
}

/// The names `history(name)` reads anywhere in `statement`: only their loop values are kept.
fn histories_read(statement: &Statement) -> Vec<String> {
    fn visit(expr: &Expr, found: &mut Vec<String>) {
        match &expr.kind {
            ExprKind::Number(_) | ExprKind::Name(_) => {}
            ExprKind::Negate(operand) | ExprKind::Transpose(operand) => visit(operand, found),
            ExprKind::Binary { left, right, .. } => {
                visit(left, found);
                visit(right, found);
            }
            ExprKind::Call { function, args, .. } => {
                if let (true, [arg]) = (function == "history", args.as_slice()) {
                    if let ExprKind::Name(name) = &arg.value.kind {
                        found.push(name.clone());
                    }
                }
                args.iter().for_each(|arg| visit(&arg.value, found));
            }
            ExprKind::Index {
                target, subscripts, ..
            } => {
                visit(target, found);
                for part in subscripts.iter().flat_map(|s| s.parts()) {
                    visit(part, found);
                }
            }
        }
    }
    let mut found = Vec::new();
    match statement {
        Statement::Assign(step) => visit(&step.expr, &mut found),
        Statement::Repeat(repeat) => {
            visit(&repeat.count, &mut found);
            if let Some(until) = &repeat.until {
                visit(until, &mut found);
            }
            for inner in &repeat.body {
                found.extend(histories_read(inner));
            }
        }
    }
    found
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
fn check_input(name: &str, value: &Value, scope: &Scope) -> Result<(), LangError> {
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
    if CONSTANTS.contains(&name) || scope.values.contains_key(name) {
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
            ErrorKind::Limit(Limit::Size),
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

/// The state of one run.
struct Runner<'a> {
    context: Context<'a>,
    scope: Scope,
    /// Names whose loop values some `history(name)` reads.
    recorded: HashSet<String>,
    /// How many loops enclose the running statement.
    loops: usize,
    /// The numbers the steps' values hold, against the run's memory bound.
    kept: Kept,
}

impl<'a> Runner<'a> {
    fn block(&mut self, statements: &'a [Statement]) -> Result<(), LangError> {
        for statement in statements {
            match statement {
                Statement::Assign(step) => self.assign(step)?,
                Statement::Repeat(repeat) => self.repeat(repeat)?,
            }
        }
        Ok(())
    }

    /// Why `step` may not assign its name here, if it may not.
    fn forbidden(&self, step: &Step) -> Option<String> {
        let name = &step.name;
        if let Some((_, line)) = self.scope.counters.iter().find(|(c, _)| c == name) {
            return Some(format!(
                "`{name}` counts the iterations of the repeat on line {line} and cannot be assigned; give the step a new name"
            ));
        }
        if self.context.inputs.iter().any(|(input, _)| input == name) {
            return Some(if self.loops > 0 {
                format!("`{name}` is an input, and inputs cannot be reassigned; copy it into a step before the loop, as in `{name}_now = {name}`, and assign that")
            } else {
                format!(
                    "`{name}` is an input, and inputs cannot be reassigned; give the step a new name"
                )
            });
        }
        if CONSTANTS.contains(&name.as_str()) {
            return Some(format!(
                "`{name}` is a constant; give the step another name"
            ));
        }
        if self.loops == 0 && self.scope.values.contains_key(name) {
            let first = self.context.steps.iter().find(|s| &s.name == name);
            return Some(format!(
                "`{name}` is already defined on line {}; give this step a new name (only inside a repeat may a name be assigned again)",
                first.map_or(step.line, |s| s.line)
            ));
        }
        None
    }

    fn assign(&mut self, step: &'a Step) -> Result<(), LangError> {
        self.context.step = step.index;
        self.context.running = &step.name;
        self.context.line = step.line;
        self.context.charge(1, &step.name_span)?;
        if let Some(hint) = self.forbidden(step) {
            return Err(LangError::new(
                ErrorKind::Redefinition,
                format!("`{}` is defined twice", step.name),
                step.name_span.clone(),
            )
            .with_hint(hint));
        }
        let evaluated = self.context.eval(&self.scope, &step.expr)?;
        let whole = evaluated.whole;
        let value = evaluated.value.into_owned();
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
        if let Some(before) = self.scope.values.get(&step.name) {
            if before.rank() != value.rank() || before.dims() != value.dims() {
                return Err(LangError::new(
                    ErrorKind::Shape,
                    format!(
                        "`{}` changes shape in the loop: {} before, {} now",
                        step.name,
                        before.describe_shape(),
                        value.describe_shape()
                    ),
                    step.expr.span.clone(),
                )
                .with_hint(
                    "a name a loop assigns again keeps its shape; give the new value another name",
                ));
            }
        }
        self.context.charge(value.len(), &step.name_span)?;
        let in_history = self.loops > 0 && self.recorded.contains(&step.name);
        let taped = self.scope.tape.record(
            step,
            &value,
            &self.scope.values,
            &self.scope.counters,
            in_history,
        );
        if taped > 0 {
            self.context.charge(taped, &step.name_span)?;
            self.kept.keep(&value, &step.name, &step.expr.span)?;
        }
        if in_history {
            self.record(step, &value, whole)?;
        }
        if !self.scope.values.contains_key(&step.name) {
            // Only a new name keeps more: a loop's reassignment replaces a value of one shape.
            self.kept.keep(&value, &step.name, &step.expr.span)?;
            self.scope.order.push(step.name.clone());
        }
        self.scope.never_ran.remove(&step.name);
        self.scope.whole.insert(step.name.clone(), whole);
        self.scope.values.insert(step.name.clone(), value);
        Ok(())
    }

    /// Keeps `value` in the history of `step`'s name; a history counts against the size limit.
    fn record(&mut self, step: &Step, value: &Value, whole: bool) -> Result<(), LangError> {
        let history = self
            .scope
            .histories
            .entry(step.name.clone())
            .or_insert_with(|| History {
                whole: true,
                ..History::default()
            });
        if value.rank() == 2 {
            history.matrix = true;
            return Ok(());
        }
        if history.values.len() == MAX_SIDE {
            return Err(LangError::new(
                ErrorKind::Limit(Limit::History),
                format!(
                    "history({}) would hold more than {MAX_SIDE} values (line {})",
                    step.name, step.line
                ),
                step.name_span.clone(),
            )
            .with_hint(format!(
                "run fewer iterations: a history is a value, and values hold at most {MAX_SIDE} rows"
            )));
        }
        history.whole &= whole;
        history.values.push(value.clone());
        self.context.charge(value.len(), &step.name_span)
    }

    fn repeat(&mut self, repeat: &'a Repeat) -> Result<(), LangError> {
        self.context.step = repeat.next_step;
        self.context.running = "repeat";
        self.context.line = repeat.line;
        self.context.charge(1, &repeat.keyword_span)?;
        let count = self.context.eval(&self.scope, &repeat.count)?;
        let count = match count.value.as_ref() {
            Value::Scalar(n) if n.fract() == 0.0 && *n >= 0.0 => *n,
            other => {
                let got = match other {
                    Value::Scalar(n) => format_number(*n),
                    _ => format!("a {}", other.describe_shape()),
                };
                return Err(LangError::new(
                    ErrorKind::Arguments,
                    format!("`repeat` needs a whole number of at least 0, got {got}"),
                    repeat.count.span.clone(),
                )
                .with_hint("write repeat 10: or repeat steps as t: with steps a whole-number input or step"));
            }
        };
        if let Some((name, span)) = &repeat.counter {
            let taken = if self.scope.values.contains_key(name) {
                Some(format!("`{name}` already has a value"))
            } else if CONSTANTS.contains(&name.as_str()) {
                Some(format!("`{name}` is a constant"))
            } else {
                None
            };
            if let Some(taken) = taken {
                // Suggest a name that is free, never the one just refused.
                let free = ["t", "k", "i", "j", "n", "iteration"]
                    .into_iter()
                    .find(|candidate| {
                        *candidate != name
                            && !self.scope.values.contains_key(*candidate)
                            && !CONSTANTS.contains(candidate)
                    })
                    .unwrap_or("iteration_count");
                return Err(LangError::new(
                    ErrorKind::Redefinition,
                    format!("`{name}` is defined twice"),
                    span.clone(),
                )
                .with_hint(format!(
                    "{taken}; name the counter something new, such as `{free}`"
                )));
            }
        }
        let mut iteration = 0.0;
        while iteration < count {
            self.context.step = repeat.next_step;
            self.context.running = "repeat";
            self.context.line = repeat.line;
            self.context.charge(1, &repeat.keyword_span)?;
            let saved = match repeat.until {
                Some(_) => Some(self.save(repeat)?),
                None => None,
            };
            if let Some((name, _)) = &repeat.counter {
                self.scope
                    .values
                    .insert(name.clone(), Value::Scalar(iteration));
                self.scope.whole.insert(name.clone(), true);
                self.scope.counters.push((name.clone(), repeat.line));
            }
            self.loops += 1;
            self.scope.tape.enter_iteration();
            let outcome = self.block(&repeat.body).and_then(|()| self.stops(repeat));
            self.scope.tape.leave_iteration();
            self.loops -= 1;
            if let Some((name, _)) = &repeat.counter {
                self.scope.values.remove(name);
                self.scope.whole.remove(name);
                self.scope.counters.pop();
            }
            let stop = match outcome {
                Ok(stop) => stop,
                Err(error) if saved.is_some() && error.kind == ErrorKind::NonFinite => true,
                Err(error) => return Err(error),
            };
            if let (true, Some(saved)) = (stop, saved) {
                self.undo(saved);
                break;
            }
            iteration += 1.0;
        }
        // No iteration kept: none ran, or `until` undid the first.
        if iteration == 0.0 {
            let undone = count > 0.0;
            for inner in &repeat.body {
                for step in inner.steps() {
                    if !self.scope.values.contains_key(&step.name) {
                        self.scope
                            .never_ran
                            .insert(step.name.clone(), (repeat.line, undone));
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the `until` condition of `repeat` holds after an iteration; false without one.
    fn stops(&mut self, repeat: &'a Repeat) -> Result<bool, LangError> {
        let Some(until) = &repeat.until else {
            return Ok(false);
        };
        self.context.step = repeat.next_step;
        self.context.running = "repeat";
        self.context.line = repeat.line;
        let holds = self.context.eval(&self.scope, until)?;
        match holds.value.as_ref() {
            Value::Scalar(x) => Ok(*x != 0.0),
            other => Err(LangError::new(
                ErrorKind::Arguments,
                format!(
                    "`until` needs one number, got a {}",
                    other.describe_shape()
                ),
                until.span.clone(),
            )
            .with_hint("write a comparison of numbers, such as loss > limit; any(v > 1) or all(…) reduce a vector to one")),
        }
    }

    /// What an iteration of `repeat` may change, kept so that [`Runner::undo`] can put it back;
    /// the copies are charged as work.
    fn save(&mut self, repeat: &Repeat) -> Result<Saved, LangError> {
        let mut names: Vec<String> = Vec::new();
        for step in repeat.body.iter().flat_map(Statement::steps) {
            if !names.contains(&step.name) {
                names.push(step.name.clone());
            }
        }
        let tape = &self.scope.tape;
        let saved = Saved {
            states: names
                .iter()
                .map(|name| NameState {
                    value: self.scope.values.get(name).cloned(),
                    whole: self.scope.whole.get(name).copied(),
                    never_ran: self.scope.never_ran.get(name).copied(),
                    history: self
                        .scope
                        .histories
                        .get(name)
                        .map(|h| (h.values.len(), h.whole, h.matrix)),
                    taped: tape.current.get(name).cloned(),
                    taped_history: tape.histories.get(name).map(Vec::len),
                })
                .collect(),
            names,
            order: self.scope.order.len(),
            next_record: tape.first + tape.records.len(),
        };
        let copied: usize = saved
            .states
            .iter()
            .filter_map(|state| state.value.as_ref().map(Value::len))
            .sum();
        self.context.charge(copied, &repeat.keyword_span)?;
        Ok(saved)
    }

    /// Puts back what [`Runner::save`] kept: the stopped iteration leaves no trace.
    fn undo(&mut self, saved: Saved) {
        fn put<T>(map: &mut std::collections::HashMap<String, T>, name: &str, kept: Option<T>) {
            match kept {
                Some(x) => {
                    map.insert(name.to_string(), x);
                }
                None => {
                    map.remove(name);
                }
            }
        }
        let scope = &mut self.scope;
        for (name, state) in saved.names.iter().zip(saved.states) {
            put(&mut scope.values, name, state.value);
            put(&mut scope.whole, name, state.whole);
            put(&mut scope.never_ran, name, state.never_ran);
            match state.history {
                Some((length, whole, matrix)) => {
                    if let Some(history) = scope.histories.get_mut(name) {
                        history.values.truncate(length);
                        history.whole = whole;
                        history.matrix = matrix;
                    }
                }
                None => {
                    scope.histories.remove(name);
                }
            }
            put(&mut scope.tape.current, name, state.taped);
            match state.taped_history {
                Some(length) => {
                    if let Some(list) = scope.tape.histories.get_mut(name) {
                        list.truncate(length);
                    }
                }
                None => {
                    scope.tape.histories.remove(name);
                }
            }
        }
        scope.order.truncate(saved.order);
        let tape = &mut scope.tape;
        if tape.first <= saved.next_record {
            tape.records.truncate(saved.next_record - tape.first);
        } else {
            tape.records.clear();
            tape.first = saved.next_record;
        }
    }
}

/// One name's state before an iteration of a `repeat … until` loop.
struct NameState {
    value: Option<Value>,
    whole: Option<bool>,
    never_ran: Option<(usize, bool)>,
    /// The history's length and flags.
    history: Option<(usize, bool, bool)>,
    taped: Option<(usize, std::rc::Rc<Value>)>,
    taped_history: Option<usize>,
}

/// The state before an iteration of a `repeat … until` loop, for the names its body assigns.
struct Saved {
    names: Vec<String>,
    states: Vec<NameState>,
    /// How many names had been assigned.
    order: usize,
    /// The id the tape's next record would get.
    next_record: usize,
}
