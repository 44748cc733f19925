//! The part of a program that some of its names follow from: a `[vary]` draw runs only the
//! statements an exercise reads, not the whole example (dependency slicing).
//!
//! Stage: after parsing; nothing is evaluated. Input: a parsed program and the names wanted.
//! Output: the program's text with only the top-level statements those names follow from,
//! in written order. A `repeat` is kept or dropped whole (its body's steps read each other
//! across iterations), and every name assigned by a kept statement is then wanted too. Must
//! not: change what a kept name computes: a statement that is dropped assigns no wanted name
//! and nothing a kept one reads (no function of the language has hidden state: `randn` takes
//! its seed).

use super::reads::names_read;
use super::statements::Statement;
use super::Program;
use std::collections::HashSet;

impl Program {
    /// The program's text keeping only the top-level statements that `wanted` follow from,
    /// with their lines as written (comments and blank lines after a kept statement too).
    pub fn slice(&self, wanted: &[&str]) -> String {
        let statements: Vec<(Vec<String>, Vec<String>)> =
            self.statements.iter().map(assigns_and_reads).collect();
        let mut needed: HashSet<&str> = wanted.iter().copied().collect();
        let mut kept = vec![false; statements.len()];
        // Reads can point forward only inside a repeat, which is kept whole, so one pass from
        // the end finds every statement; repeat until nothing changes to rely on no order.
        let mut changed = true;
        while changed {
            changed = false;
            for (index, (assigns, reads)) in statements.iter().enumerate().rev() {
                if kept[index] || !assigns.iter().any(|name| needed.contains(name.as_str())) {
                    continue;
                }
                kept[index] = true;
                changed = true;
                needed.extend(assigns.iter().chain(reads).map(String::as_str));
            }
        }
        let lines: Vec<&str> = self.text.lines().collect();
        let starts: Vec<usize> = self.statements.iter().map(first_line).collect();
        let mut text = String::new();
        for (index, start) in starts.iter().enumerate() {
            if !kept[index] {
                continue;
            }
            let end = starts.get(index + 1).copied().unwrap_or(lines.len() + 1);
            for line in &lines[start - 1..end - 1] {
                text.push_str(line);
                text.push('\n');
            }
        }
        text
    }
}

/// 1-based line where a statement starts.
fn first_line(statement: &Statement) -> usize {
    match statement {
        Statement::Assign(step) => step.line,
        Statement::Repeat(repeat) => repeat.line,
    }
}

/// The names a statement assigns (a repeat: every step of its body) and the names it reads
/// (a repeat: its count, its condition and every step of its body).
fn assigns_and_reads(statement: &Statement) -> (Vec<String>, Vec<String>) {
    let mut reads = Vec::new();
    if let Statement::Repeat(repeat) = statement {
        names_read(&repeat.count, &mut reads);
        if let Some(until) = &repeat.until {
            names_read(until, &mut reads);
        }
        nested_counts(&repeat.body, &mut reads);
    }
    let steps = statement.steps();
    for step in &steps {
        names_read(&step.expr, &mut reads);
    }
    let assigns = steps.iter().map(|step| step.name.clone()).collect();
    (assigns, reads)
}

/// Adds what the counts and conditions of repeats nested in `body` read. As deep as the
/// loops, which the parser keeps within `MAX_LOOP_DEPTH`.
fn nested_counts(body: &[Statement], reads: &mut Vec<String>) {
    for statement in body {
        if let Statement::Repeat(repeat) = statement {
            names_read(&repeat.count, reads);
            if let Some(until) = &repeat.until {
                names_read(until, reads);
            }
            nested_counts(&repeat.body, reads);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{evaluate, parse, Value};

    fn slice(steps: &str, wanted: &[&str]) -> String {
        parse(steps).unwrap().slice(wanted)
    }

    #[test]
    fn a_slice_keeps_what_the_wanted_names_follow_from_and_drops_the_rest() {
        let steps =
            "a = x * 2\nbig = ones(500, 500) @ ones(500, 500)\nb = a + 1\nc = sum(big) + b\n";
        assert_eq!(slice(steps, &["b"]), "a = x * 2\nb = a + 1\n");
        assert_eq!(slice(steps, &["c"]), steps);
        assert_eq!(slice(steps, &["x"]), "", "an input follows from no step");
    }

    #[test]
    fn a_repeat_is_kept_whole_with_what_its_count_and_body_read() {
        let steps = "n = k + 1\nw = w0\nlr = 0.1\nunused = 3\nrepeat n as t:\n    g = 2 * w + t\n    # state\n    w = w - lr * g\nc = history(w)\n";
        assert_eq!(
            slice(steps, &["g"]),
            "n = k + 1\nw = w0\nlr = 0.1\nrepeat n as t:\n    g = 2 * w + t\n    # state\n    w = w - lr * g\n"
        );
    }

    #[test]
    fn a_sliced_program_computes_the_wanted_names_as_the_whole_one_does() {
        let steps = "w = w0\nrepeat 4 as t:\n    w = w - 0.1 * (2 * w + t)\nh = history(w)\nm = randn(2, 2, seed=3)\nd = sum(h) + sum(m)\nz = d * 0\n";
        let inputs = [("w0".to_string(), Value::Scalar(1.5))];
        let value = |steps: &str, name: &str| {
            evaluate(steps, &inputs)
                .unwrap()
                .into_iter()
                .find(|output| output.name == name)
                .unwrap()
                .value
        };
        let sliced = slice(steps, &["d"]);
        assert!(!sliced.contains("z ="), "{sliced}");
        assert_eq!(value(&sliced, "d"), value(steps, "d"));
    }
}
