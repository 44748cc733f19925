//! `g = grad(L, x)` in NumPy: the backward pass written out as lines (`grad::derive`), so the
//! snippet runs without an autodiff framework and prints the values `grad` gives. The lines are
//! those a block's `backward` key shows, named `bar_…` after the forward steps; `g` is then
//! `bar_x`. A `grad` the derivation cannot write (a function it does not cover on the path, a
//! loop inside a loop that carries the path from one iteration to the next) becomes a `raise` that says why, rather than a call to a function NumPy lacks. A backward pass through
//! a loop is a `for` loop counting down the forward loop's iterations, reading the histories
//! the forward loop appends to.

use std::collections::{BTreeSet, HashMap};

use super::super::grad::derive::{bar, before, before_in_body, derive, Line, Run};
use super::super::parser::ExprKind;
use super::super::statements::{parse_steps, Repeat, Statement, Step};
use super::{Known, Translator};

/// `(loss, target)` of a step `g = grad(L, x)`.
pub(super) fn grad_call(step: &Step) -> Option<(&str, &str)> {
    let ExprKind::Call { function, args, .. } = &step.expr.kind else {
        return None;
    };
    let name = |i: usize| match args.get(i).map(|a| &a.value.kind) {
        Some(ExprKind::Name(name)) => Some(name.as_str()),
        _ => None,
    };
    if function != "grad" {
        return None;
    }
    Some((name(0)?, name(1)?))
}

/// The targets of the `grad` steps written on each line (`grad(L, [a, b])` is one line).
pub(super) fn grad_lines(steps: &[&Step]) -> HashMap<usize, Vec<String>> {
    let mut lines: HashMap<usize, Vec<String>> = HashMap::new();
    for step in steps {
        if let Some((_, x)) = grad_call(step) {
            lines.entry(step.line).or_default().push(x.to_string());
        }
    }
    lines
}

/// What the translator knows of a block while it writes it: the statements written so far.
#[derive(Default)]
pub(super) struct Block<'p> {
    pub(super) statements: Vec<&'p Statement>,
}

impl<'p> Translator<'p> {
    /// The lines of `step` = grad(L, x): the backward pass (once per line of the program), then
    /// the step as its `bar_x`.
    pub(super) fn grad(
        &mut self,
        step: &'p Step,
        loss: &str,
        x: &str,
        indent: &str,
        out: &mut String,
    ) {
        let python = self.name(&step.name);
        let comment = self.comment(step.line);
        let block = self.blocks.last().expect("a block being written");
        let written = match self.derived.get(&step.line) {
            Some(result) => result.clone(),
            None => {
                let targets = self
                    .grad_targets
                    .get(&step.line)
                    .cloned()
                    .unwrap_or_default();
                let values = |name: &str| self.values.get(name).cloned();
                let run = Run::new(&self.text, self.statements, &values);
                // Blocks after the first are loop bodies.
                let earlier = if self.blocks.len() > 1 {
                    before_in_body(&block.statements)
                } else {
                    before(&block.statements)
                };
                let result = derive(&run, &earlier, loss, &targets);
                let shown_before = result
                    .as_ref()
                    .is_ok_and(|lines| self.written_before(&block.statements, lines));
                let result = result.and_then(|lines| {
                    if !shown_before {
                        out.push_str(&self.backward_lines(&lines, indent)?);
                    }
                    Ok(lines)
                });
                self.derived.insert(step.line, result.clone());
                result
            }
        };
        match written {
            Ok(_) => out.push_str(&format!(
                "{indent}{python} = {}{comment}\n",
                self.name(&bar(x))
            )),
            Err(why) => out.push_str(&format!(
                "{indent}raise NotImplementedError(\"grad({loss}, {x}) is not written out in NumPy: {}\"){comment}\n",
                why.replace('\\', "\\\\").replace('"', "\\\"")
            )),
        }
    }

    /// Whether `step` is, word for word, a line of a backward pass already written out (the
    /// lines a block's `backward` key adds after the program).
    pub(super) fn written_by_a_grad(&self, step: &Step) -> bool {
        let line = self.text.split('\n').nth(step.line - 1).unwrap_or("");
        self.derived.values().flatten().any(|lines| {
            lines
                .iter()
                .any(|derived| derived.name == step.name && line.trim() == derived.text().trim())
        })
    }

    /// Whether `repeat`'s line is, word for word, the `repeat` of a backward pass already written
    /// out (its body's lines are then that pass's too).
    pub(super) fn repeat_written_by_a_grad(&self, repeat: &Repeat) -> bool {
        let line = self.text.split('\n').nth(repeat.line - 1).unwrap_or("");
        self.derived.values().flatten().any(|lines| {
            lines
                .iter()
                .any(|derived| derived.name.is_empty() && line.trim() == derived.text().trim())
        })
    }

    /// The names the backward passes of the program's `grad` steps outside loops read the
    /// history of (their loops must append to it), given the top-level statements.
    pub(super) fn histories_of_backward_passes(
        &self,
        statements: &[Statement],
    ) -> BTreeSet<String> {
        let values = |name: &str| self.values.get(name).cloned();
        let run = Run::new(&self.text, self.statements, &values);
        let mut names = BTreeSet::new();
        for (at, statement) in statements.iter().enumerate() {
            let Statement::Assign(step) = statement else {
                continue;
            };
            let Some((loss, _)) = grad_call(step) else {
                continue;
            };
            let targets = self
                .grad_targets
                .get(&step.line)
                .cloned()
                .unwrap_or_default();
            let earlier: Vec<&Statement> = statements[..at].iter().collect();
            let Ok(lines) = derive(&run, &before(&earlier), loss, &targets) else {
                continue;
            };
            let text: String = lines.iter().map(|line| line.text() + "\n").collect();
            if let Ok(parsed) = parse_steps(&text) {
                super::history_names(&parsed, &mut names);
            }
        }
        names
    }

    /// Whether every derived line is, word for word, a step of `statements`: a block's
    /// `backward` key wrote the backward pass of a `grad` in a loop body before it.
    fn written_before(&self, statements: &[&Statement], lines: &[Line]) -> bool {
        let source = |step: &Step| {
            self.text
                .split('\n')
                .nth(step.line - 1)
                .unwrap_or("")
                .trim()
        };
        lines.iter().all(|line| {
            statements.iter().any(|statement| {
                matches!(statement, Statement::Assign(step)
                    if step.name == line.name && source(step) == line.text().trim())
            })
        })
    }

    /// The derived `bar_…` lines as Python, each knowing the rank of the value it holds.
    fn backward_lines(&mut self, lines: &[Line], indent: &str) -> Result<String, String> {
        let text: String = lines.iter().map(|line| line.text() + "\n").collect();
        let statements = parse_steps(&text).map_err(|error| {
            format!(
                "a line of the backward pass the language cannot read ({})",
                error.message
            )
        })?;
        for line in lines.iter().filter(|line| !line.name.is_empty()) {
            let known = Known {
                rank: line.rank,
                int: false,
            };
            self.known.insert(line.name.clone(), known);
        }
        let program_text = std::mem::replace(&mut self.text, text);
        let mut out = String::new();
        self.backward_statements(&statements, indent, &mut out);
        self.text = program_text;
        Ok(out)
    }

    fn backward_statements(&mut self, statements: &[Statement], indent: &str, out: &mut String) {
        for statement in statements {
            match statement {
                Statement::Assign(line) => {
                    let code = self.expr(&line.expr).text;
                    out.push_str(&format!("{indent}{} = {code}\n", self.name(&line.name)));
                }
                Statement::Repeat(repeat) => {
                    let count = self.integer(&repeat.count);
                    let counter = repeat.counter.as_ref().map_or("_", |(c, _)| c.as_str());
                    self.known
                        .insert(counter.to_string(), Known { rank: 0, int: true });
                    out.push_str(&format!(
                        "{indent}for {} in range({count}):\n",
                        self.name(counter)
                    ));
                    self.backward_statements(&repeat.body, &format!("{indent}    "), out);
                }
            }
        }
    }
}
