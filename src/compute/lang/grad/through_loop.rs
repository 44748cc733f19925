//! The written backward pass back through a `repeat` loop (backpropagation through time): a loop
//! that runs the forward loop's body in reverse, one iteration per forward iteration, from the
//! last to the first.
//!
//! Stage: beside evaluation, part of [`derive`](super::derive). Must not: evaluate anything.
//!
//! Before the reverse loop come the gradient of each `history(h)` the loss reads
//! (`bar_history_h`), the values each iteration read from the one before (`h_prev`: the value
//! before the loop, then `history(h)`), the gradient reaching each carried name from after the
//! loop (`bar_h_next`) and a sum for each name from outside the loop (`bar_W`). In iteration
//! `k` (counted down), a forward name read in the body is its value in forward iteration `k`
//! (`history(a)[k]`, or `h_prev[k]` for a value from the iteration before); each `bar_…` line
//! is that iteration's gradient; `bar_h_next` then passes the gradient of what the iteration
//! read from the one before back to it, and after the loop it reaches the value `h` started
//! from. Every value the lines read must have a history: a matrix assigned in the loop is
//! refused by name.

use std::collections::{BTreeMap, BTreeSet};

use super::super::parser::Expr;
use super::super::statements::Repeat;
use super::super::tape::names_read;
use super::derive::{bar, push_sum, Before, Deriver, Line, Shape};

fn reads(expr: &Expr) -> Vec<String> {
    let mut names = Vec::new();
    names_read(expr, &mut names);
    names
}

impl Deriver<'_> {
    /// The shape of the value `name` holds (one iteration's, for a name assigned in a loop).
    pub(super) fn shape_of(&self, name: &str) -> Result<Shape, String> {
        (self.run.values)(name)
            .map(|value| Shape::of(&value))
            .ok_or_else(|| format!("`{name}`, whose shape the run does not give"))
    }

    /// The gradient of `name` when a reverse loop already wrote it whole (`terms` is only the
    /// loop's sum, or what it carried back to the value before the loop).
    pub(super) fn already_written(&self, name: &str, terms: &[String]) -> Option<String> {
        let next = format!("{}_next", bar(name));
        match terms {
            [only] if *only == bar(name) => Some(only.clone()),
            [only] if self.carried_out.contains(name) && *only == next => Some(only.clone()),
            _ => None,
        }
    }

    /// Refuses a step before the loop `body` on the path that reads a name the loop assigns
    /// again: the written lines, run after the loop, would read the loop's last value instead.
    pub(super) fn refuse_reads_before(
        &self,
        earlier: &[Before],
        body: &[Before],
    ) -> Result<(), String> {
        for before in earlier {
            if !self.depends.contains(&before.step.name) {
                continue;
            }
            if let Some(name) = reads(&before.step.expr)
                .into_iter()
                .find(|name| body.iter().any(|b| b.step.name == *name))
            {
                return Err(format!(
                    "`{}` reads `{name}` before a loop assigns it again, and the written backward pass, run after the loop, would read its last value",
                    before.step.name
                ));
            }
        }
        Ok(())
    }

    /// Whether the loss reaches the loop `body` through more than its last iteration: a step
    /// on the path reads a value from the iteration before, or the loss reads a `history`.
    pub(super) fn needs_reverse_loop(&self, body: &[Before]) -> bool {
        body.iter().any(|b| {
            (self.depends.contains(&b.step.name) && !b.carried.is_empty())
                || self.terms.contains_key(&format!("history:{}", b.step.name))
        })
    }

    /// A name whose value in each iteration the lines read: it must have a history.
    fn with_history(&self, name: &str) -> Result<Shape, String> {
        let shape = self.shape_of(name)?;
        if shape.rank() == 2 {
            return Err(format!(
                "`{name}`, a matrix assigned in a loop, whose values in each iteration the written backward pass would read from its history (a matrix has none)"
            ));
        }
        Ok(shape)
    }

    /// The value before the loop of `name`, which the loop reads from the iteration before:
    /// the expression of its step before the loop.
    fn start_value(
        &self,
        name: &str,
        earlier: &[Before],
        body: &[Before],
    ) -> Result<String, String> {
        let Some(start) = earlier.iter().rev().find(|b| b.step.name == name) else {
            return Err(format!(
                "`{name}`, which the loop reads before assigning it, with no step before the loop for its first value"
            ));
        };
        let read = reads(&start.step.expr);
        if let Some(varying) = read
            .iter()
            .find(|n| self.run.varies(n) || body.iter().any(|b| b.step.name == **n))
        {
            return Err(format!(
                "`{name}` before the loop, which reads `{varying}`, whose value changes in a loop"
            ));
        }
        Ok(self.print(&start.step.expr))
    }

    /// The lines that run the loop `repeat` (whose steps are `body`; `earlier` the steps before
    /// it) in reverse, and what its gradients pass on to the names before it.
    pub(super) fn through_loop(
        &mut self,
        repeat: &Repeat,
        body: &[Before],
        earlier: &[Before],
        lines: &mut Vec<Line>,
    ) -> Result<(), String> {
        let names: Vec<&str> = body.iter().map(|b| b.step.name.as_str()).collect();
        let assigned_at = |name: &str| names.iter().position(|n| *n == name);
        let counter = repeat.counter.as_ref().map(|(c, _)| c.as_str());
        let count = self.print(&repeat.count);
        let mut back = format!("{}_back", counter.unwrap_or("t"));
        // Counters of the loops before the grad (a program that already holds these lines has
        // this one too).
        let taken: BTreeSet<&str> = earlier
            .iter()
            .chain(body)
            .filter_map(|b| b.repeat?.counter.as_ref().map(|(c, _)| c.as_str()))
            .collect();
        while (self.run.values)(&back).is_some() || taken.contains(back.as_str()) {
            back.push('_');
        }
        let k = match self.whole_number(&repeat.count) {
            Some(n) => format!("{} - {back}", n - 1),
            None => format!("{count} - 1 - {back}"),
        };
        let on_path: Vec<&Before> = body
            .iter()
            .filter(|b| self.depends.contains(&b.step.name))
            .collect();
        // Names read from the iteration before, and what each iteration reads as its value.
        let mut carried = BTreeSet::new();
        let mut outer = BTreeSet::new();
        for (j, before) in body.iter().enumerate() {
            if !self.depends.contains(&before.step.name) {
                continue;
            }
            for name in reads(&before.step.expr) {
                match assigned_at(&name) {
                    Some(at) if at >= j => {
                        carried.insert(name);
                    }
                    Some(_) => {}
                    None if Some(name.as_str()) != counter && self.depends.contains(&name) => {
                        outer.insert(name);
                    }
                    None => {}
                }
            }
        }
        let mut setup = Vec::new();
        let mut histories = BTreeSet::new();
        for name in &names {
            if let Some(terms) = self.terms.remove(&format!("history:{name}")) {
                let rank = self.with_history(name)?.rank() + 1;
                push_sum(&mut setup, 0, &format!("bar_history_{name}"), rank, &terms);
                histories.insert(name.to_string());
            }
        }
        for name in &carried {
            let shape = self.with_history(name)?;
            let start = self.start_value(name, earlier, body)?;
            let code = match shape.rank() {
                0 => format!("concat({start}, history({name}))"),
                _ => format!("concat(row({start}), history({name}), axis=0)"),
            };
            setup.push(Line {
                depth: 0,
                name: format!("{name}_prev"),
                code,
                rank: shape.rank() + 1,
            });
        }
        // The gradient reaching each name from after its iteration: from the loop's end, then
        // from the iteration after.
        let mut next = Vec::new();
        for name in names.iter().filter(|n| self.depends.contains(**n)) {
            let after = self.terms.remove(*name);
            if after.is_none() && !carried.contains(*name) {
                continue;
            }
            let shape = self.shape_of(name)?;
            let terms = after.unwrap_or_else(|| vec![shape.zeros()]);
            push_sum(
                &mut setup,
                0,
                &format!("{}_next", bar(name)),
                shape.rank(),
                &terms,
            );
            next.push((name.to_string(), shape));
        }
        let mut sums = BTreeMap::new();
        for name in &outer {
            let later = earlier
                .iter()
                .any(|b| self.depends.contains(&b.step.name) && reads(&b.step.expr).contains(name));
            let sum = if later {
                format!("{}_loop", bar(name))
            } else {
                bar(name)
            };
            let shape = self.shape_of(name)?;
            let terms = self
                .terms
                .remove(name)
                .unwrap_or_else(|| vec![shape.zeros()]);
            push_sum(&mut setup, 0, &sum, shape.rank(), &terms);
            sums.insert(name.clone(), (sum, shape));
        }
        let header = lines.len();
        lines.push(Line {
            depth: 0,
            name: String::new(),
            code: format!("repeat {count} as {back}:"),
            rank: 0,
        });
        let has_next = |name: &str| next.iter().any(|(n, _)| n == name);
        for before in on_path.iter().rev() {
            let name = before.step.name.as_str();
            let j = assigned_at(name).expect("a step of the body");
            let mut terms = Vec::new();
            if has_next(name) {
                terms.push(format!("{}_next", bar(name)));
            }
            if histories.contains(name) {
                terms.push(format!("bar_history_{name}[{k}]"));
            }
            terms.extend(self.terms.remove(name).unwrap_or_default());
            if terms.is_empty() {
                continue;
            }
            let rank = self.shape_of(name)?.rank();
            push_sum(lines, 1, &bar(name), rank, &terms);
            for read in reads(&before.step.expr) {
                match assigned_at(&read) {
                    Some(at) => {
                        self.with_history(&read)?;
                        let (text, carried) = if at >= j {
                            (format!("{read}_prev[{k}]"), true)
                        } else {
                            (format!("history({read})[{k}]"), false)
                        };
                        if carried {
                            self.redirect.insert(read.clone(), format!("next:{read}"));
                        }
                        self.values_at.insert(read, text);
                    }
                    None if Some(read.as_str()) == counter => {
                        self.values_at.insert(read, k.clone());
                    }
                    None => {}
                }
            }
            self.reversing = true;
            let value = format!("history({name})[{k}]");
            let result = self.backward(&before.step.expr, &bar(name), Some(&value));
            self.values_at.clear();
            self.redirect.clear();
            self.reversing = false;
            result?;
        }
        for (name, (sum, shape)) in &sums {
            if let Some(terms) = self.terms.remove(name) {
                let all: Vec<String> = std::iter::once(sum.clone()).chain(terms).collect();
                push_sum(lines, 1, sum, shape.rank(), &all);
            }
        }
        for (name, shape) in &next {
            let terms = self
                .terms
                .remove(&format!("next:{name}"))
                .unwrap_or_else(|| vec![shape.zeros()]);
            push_sum(
                lines,
                1,
                &format!("{}_next", bar(name)),
                shape.rank(),
                &terms,
            );
        }
        // The values before each iteration, where a line reads them.
        let read = |line: &Line, name: &str| line.code.contains(&format!("{name}_prev["));
        setup.retain(|line| {
            line.name
                .strip_suffix("_prev")
                .is_none_or(|name| lines[header..].iter().any(|l| read(l, name)))
        });
        lines.splice(header..header, setup);
        for (name, (sum, _)) in sums {
            self.terms.insert(name, vec![sum]);
        }
        for name in carried.iter().filter(|n| has_next(n)) {
            self.carried_out.insert(name.clone());
            self.terms
                .insert(name.clone(), vec![format!("{}_next", bar(name))]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use ndarray::array;

    use super::super::super::Value;
    use super::super::shown::tests::{assert_same, written_and_run};

    #[test]
    fn a_recurrent_network_is_written_as_a_loop_run_in_reverse_with_grads_values() {
        let (lines, outputs) = written_and_run(
            "h = h0
repeat 4 as t:
    a = W @ h + U * x[t]
    h = tanh(a)
    y = v @ h
L = sum(history(y) ^ 2) / 4 + sum(h * h)
g = grad(L, [W, U, h0, v])",
            &[
                ("h0", Value::Vector(array![0.1, -0.3])),
                ("W", Value::Matrix(array![[0.5, -0.4], [0.3, 0.8]])),
                ("U", Value::Vector(array![1.0, -0.5])),
                ("x", Value::Vector(array![0.2, -1.0, 0.7, 0.4])),
                ("v", Value::Vector(array![0.6, -0.9])),
            ],
            "g",
        );
        for line in [
            "h_prev = concat(row(h0), history(h), axis=0)\n",
            "bar_h_next = ones(2) * h + ones(2) * h\n",
            "repeat 4 as t_back:\n",
            "    bar_y = bar_history_y[3 - t_back]\n",
            "    bar_a = bar_h * (1 - history(h)[3 - t_back] ^ 2)\n",
            "    bar_W = bar_W + outer(bar_a, h_prev[3 - t_back])\n",
            "    bar_h_next = bar_a @ W\n",
            "bar_h0 = bar_h_next\n",
        ] {
            assert!(lines.contains(line), "no {line:?} in\n{lines}");
        }
        for name in ["W", "U", "h0", "v"] {
            assert_same(&outputs, &format!("bar_{name}"), &format!("g_{name}"));
        }
    }

    #[test]
    fn a_scalar_carried_through_a_loop_that_reads_its_counter_matches_grad() {
        let (lines, outputs) = written_and_run(
            "s = sum(w) * 0.5
repeat 3 as t:
    s = s * w[t] + exp(-s) * t
    q = s ^ 2
L = q + mean(history(s))
g = grad(L, w)",
            &[("w", Value::Vector(array![0.7, -0.4, 1.2]))],
            "g",
        );
        assert!(
            lines.contains("s_prev = concat(sum(w) * 0.5, history(s))"),
            "{lines}"
        );
        assert_same(&outputs, "bar_w", "g");
    }

    #[test]
    fn a_matrix_carried_through_a_loop_is_refused_by_name() {
        let (program, _, all) = super::super::shown::tests::parsed_and_run(
            "H = H0\nrepeat 2:\n    H = tanh(H @ W)\nL = sum(H)\ng = grad(L, W)",
            &[
                ("H0", Value::Matrix(array![[0.1, 0.2], [0.3, -0.1]])),
                ("W", Value::Matrix(array![[0.5, -0.4], [0.3, 0.8]])),
            ],
        );
        let values = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let error = super::super::backward_program(&program, &values, "g").expect_err("refused");
        assert!(
            error.contains("`H`, a matrix assigned in a loop"),
            "{error}"
        );
    }
}
