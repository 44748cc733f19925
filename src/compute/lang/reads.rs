//! Which names each step reads: the program's data dependencies, for pictures of its graph.
//!
//! Stage: after parsing; nothing is evaluated. Input: the parsed statements. Output: every step
//! name once, in the order of its first assignment, with the names its expressions read (inputs,
//! steps, loop counters; not the constants `pi` and `inf`, not function names), each once, in
//! reading order. A name assigned several times (a loop's state) reads the union of what its
//! assignments read. Must not: decide which names are steps or inputs (only a run knows the
//! inputs), or follow the reads further — that is `compute::graph`'s job.

use super::context::CONSTANTS;
use super::parser::{Expr, ExprKind};
use super::statements::Statement;

/// One step and the names its expressions read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepReads {
    /// The step's name.
    pub name: String,
    /// The names read, each once, in the order first written.
    pub reads: Vec<String>,
}

/// The reads of every step of `statements`, in the order of first assignment.
pub(crate) fn step_reads(statements: &[Statement]) -> Vec<StepReads> {
    let mut found: Vec<StepReads> = Vec::new();
    for step in statements.iter().flat_map(Statement::steps) {
        let index = match found.iter().position(|known| known.name == step.name) {
            Some(index) => index,
            None => {
                found.push(StepReads {
                    name: step.name.clone(),
                    reads: Vec::new(),
                });
                found.len() - 1
            }
        };
        names_read(&step.expr, &mut found[index].reads);
    }
    found
}

/// Adds the names `expr` reads to `into`, skipping those already there. The recursion is as
/// deep as the tree, which the parser keeps within `MAX_DEPTH`.
pub(super) fn names_read(expr: &Expr, into: &mut Vec<String>) {
    match &expr.kind {
        ExprKind::Number(_) => {}
        ExprKind::Name(name) => {
            if !CONSTANTS.contains(&name.as_str()) && !into.contains(name) {
                into.push(name.clone());
            }
        }
        ExprKind::Negate(operand) | ExprKind::Transpose(operand) => names_read(operand, into),
        ExprKind::Binary { left, right, .. } => {
            names_read(left, into);
            names_read(right, into);
        }
        ExprKind::Call { args, .. } => {
            for arg in args {
                names_read(&arg.value, into);
            }
        }
        ExprKind::Index {
            target, subscripts, ..
        } => {
            names_read(target, into);
            for part in subscripts.iter().flat_map(|s| s.parts()) {
                names_read(part, into);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::StepReads;

    fn reads(steps: &str) -> Vec<(String, Vec<String>)> {
        parse(steps)
            .unwrap()
            .step_reads()
            .into_iter()
            .map(|StepReads { name, reads }| (name, reads))
            .collect()
    }

    fn pair(name: &str, reads: &[&str]) -> (String, Vec<String>) {
        (
            name.to_string(),
            reads.iter().map(|read| read.to_string()).collect(),
        )
    }

    #[test]
    fn each_step_reads_the_names_of_its_expression_once_in_written_order() {
        assert_eq!(
            reads("q = x @ w_q\ns = q @ q.T / sqrt(d) + pi\nz = softmax(s, axis=1)[0, k]"),
            vec![
                pair("q", &["x", "w_q"]),
                pair("s", &["q", "d"]),
                pair("z", &["s", "k"]),
            ]
        );
    }

    #[test]
    fn keyword_values_and_slices_are_read_but_function_names_and_keywords_are_not() {
        assert_eq!(
            reads("w = randn(2, 2, seed=seed + 1)\nv = w[a:b, ::step]\nnorm = sum(v)"),
            vec![
                pair("w", &["seed"]),
                pair("v", &["w", "a", "b", "step"]),
                pair("norm", &["v"]),
            ]
        );
    }

    #[test]
    fn a_loop_state_reads_what_all_its_assignments_read_and_loop_steps_read_the_counter() {
        assert_eq!(
            reads("w = w0\nrepeat 3 as t:\n    g = 2 * w + t\n    w = w - lr * g\nc = history(w)"),
            vec![
                pair("w", &["w0", "w", "lr", "g"]),
                pair("g", &["w", "t"]),
                pair("c", &["w"]),
            ]
        );
    }

    #[test]
    fn a_step_of_constants_reads_nothing() {
        assert_eq!(reads("c = 2 * pi - inf"), vec![pair("c", &[])]);
    }
}
