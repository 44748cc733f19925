//! The backward pass a ```` ```compute ```` block's `backward` key asks to show: the lines
//! [`derive`](super::derive) writes for a `grad` step, as text to run after the program, so
//! each `bar_…` line becomes a step with its numbers on the page and in the widget (whose
//! interpreter runs them like any line; the reader edits inputs, never the program, and shapes
//! stay fixed, so the lines derived at build time hold for every edit).
//!
//! Stage: beside evaluation. Must not: evaluate anything (the caller's run gives the shapes).

use std::collections::BTreeSet;

use super::super::parser::ExprKind;
use super::super::statements::{Statement, Step};
use super::super::value::Value;
use super::super::Program;
use super::derive::{before, derive, Line, Run};

/// The `grad` calls of a step: `(loss, target)`.
pub(super) fn grad_call(step: &Step) -> Option<(String, String)> {
    let ExprKind::Call { function, args, .. } = &step.expr.kind else {
        return None;
    };
    let name = |i: usize| match args.get(i).map(|a| &a.value.kind) {
        Some(ExprKind::Name(name)) => Some(name.clone()),
        _ => None,
    };
    (function == "grad")
        .then(|| Some((name(0)?, name(1)?)))
        .flatten()
}

/// Whether `step` is the `grad` step `shown` (`g = grad(L, x)`), or one of its parts (`g_a` of
/// `g = grad(L, [a, b])`).
pub(super) fn is_shown_step(step: &Step, shown: &str) -> bool {
    grad_call(step).is_some()
        && (step.name == shown
            || step
                .name
                .strip_prefix(shown)
                .is_some_and(|rest| rest.starts_with('_')))
}

/// The counters of the loops among `statements`.
fn counters(statements: &[&Statement]) -> BTreeSet<String> {
    fn walk(statement: &Statement, into: &mut BTreeSet<String>) {
        if let Statement::Repeat(repeat) = statement {
            if let Some((counter, _)) = &repeat.counter {
                into.insert(counter.clone());
            }
            repeat.body.iter().for_each(|inner| walk(inner, into));
        }
    }
    let mut found = BTreeSet::new();
    statements.iter().for_each(|s| walk(s, &mut found));
    found
}

/// The lines (`bar_Z = …`, one per line, ending in a newline) of the backward pass of the
/// top-level step `shown` (`g = grad(L, x)`; for `g = grad(L, [a, b])`, the steps `g_a`,
/// `g_b` together), given every name's value after a run; or why it cannot be written.
pub fn backward_program(
    program: &Program,
    values: &dyn Fn(&str) -> Option<Value>,
    shown: &str,
) -> Result<String, String> {
    let statements = &program.statements;
    let is_shown = |step: &Step| is_shown_step(step, shown);
    let Some(first) = statements
        .iter()
        .position(|s| matches!(s, Statement::Assign(step) if is_shown(step)))
    else {
        return Err(format!("no step `{shown}` = grad(…) in the program"));
    };
    let mut loss = String::new();
    let mut targets = Vec::new();
    for statement in &statements[first..] {
        if let Statement::Assign(step) = statement {
            if let (true, Some((l, x))) = (is_shown(step), grad_call(step)) {
                loss = l;
                targets.push(x);
            }
        }
    }
    let earlier: Vec<&Statement> = statements[..first].iter().collect();
    let before = before(&earlier);
    let later_loops: BTreeSet<&str> = statements[first..]
        .iter()
        .filter(|s| matches!(s, Statement::Repeat(_)))
        .flat_map(Statement::steps)
        .map(|step| step.name.as_str())
        .collect();
    if let Some(name) = later_loops.iter().find(|name| {
        earlier
            .iter()
            .flat_map(|s| s.steps())
            .any(|s| s.name == **name)
            || targets.iter().any(|t| t == *name)
    }) {
        return Err(format!(
            "a loop after the grad changes `{name}`, so the backward lines, run after the program, would read its last value"
        ));
    }
    let run = Run::new(&program.text, statements, values);
    let lines = derive(&run, &before, &loss, &targets)?;
    check_lines(&lines, &earlier, values)?;
    Ok(lines.iter().map(|line| line.text() + "\n").collect())
}

/// Refuses derived `lines` that read the counter of a loop among `earlier` (the statements
/// before the `grad` in its block), which has no value after that loop, or that take a name the
/// program already has.
pub(super) fn check_lines(
    lines: &[Line],
    earlier: &[&Statement],
    values: &dyn Fn(&str) -> Option<Value>,
) -> Result<(), String> {
    let counters = counters(earlier);
    if let Some((name, counter)) = lines.iter().find_map(|line| {
        line.code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .find(|word| counters.contains(*word))
            .map(|counter| (&line.name, counter))
    }) {
        return Err(format!(
            "`{name}` would read `{counter}`, the counter of a loop before the grad, which has no value after the loop"
        ));
    }
    if let Some(taken) = lines
        .iter()
        .map(|line| &line.name)
        .find(|name| !name.is_empty() && values(name).is_some())
    {
        return Err(format!(
            "the program already has a name `{taken}`, which the backward pass would name `{}`'s gradient",
            taken.trim_start_matches("bar_")
        ));
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use ndarray::array;

    use super::super::super::statements::Statement;
    use super::super::super::{parse, run, Program, Value};
    use super::super::derive::{before, derive, Run};
    use super::backward_program;
    use crate::compute::lang::tests::owned_inputs;

    pub(in super::super) type Named = Vec<(String, Value)>;

    /// The program, its inputs, and every input's and step's value after a run.
    pub(in super::super) fn parsed_and_run(
        steps: &str,
        inputs: &[(&str, Value)],
    ) -> (Program, Named, Named) {
        let inputs = owned_inputs(inputs);
        let program = parse(steps).expect("parses");
        let outputs = run(&program, &inputs).expect("runs");
        let all = inputs
            .iter()
            .cloned()
            .chain(outputs.into_iter().map(|o| (o.name, o.value)))
            .collect();
        (program, inputs, all)
    }

    /// The program and its backward lines run, and every `bar_x` equals `grad`'s `g…` step.
    pub(in super::super) fn written_and_run(
        steps: &str,
        inputs: &[(&str, Value)],
        shown: &str,
    ) -> (String, Vec<(String, Value)>) {
        let (program, inputs, all) = parsed_and_run(steps, inputs);
        let values = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let lines =
            backward_program(&program, &values, shown).unwrap_or_else(|e| panic!("{steps}: {e}"));
        let whole = format!("{steps}\n{lines}");
        let outputs = run(&parse(&whole).expect("the lines parse"), &inputs)
            .unwrap_or_else(|e| panic!("{whole}: {e:?}"));
        (
            lines,
            outputs.into_iter().map(|o| (o.name, o.value)).collect(),
        )
    }

    pub(in super::super) fn assert_same(outputs: &[(String, Value)], a: &str, b: &str) {
        let find = |name: &str| {
            &outputs
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("no {name}"))
                .1
        };
        let (x, y) = (find(a), find(b));
        assert_eq!(
            (x.rank(), x.dims()),
            (y.rank(), y.dims()),
            "{a} {x:?} vs {b} {y:?}"
        );
        for (p, q) in x.entries().iter().zip(y.entries().iter()) {
            assert!(
                (p - q).abs() <= 1e-12 * (1.0 + q.abs()),
                "{a} {x:?} vs {b} {y:?}"
            );
        }
    }

    #[test]
    fn the_logistic_regression_backward_pass_reads_like_the_textbook_and_gives_grads_values() {
        let (lines, outputs) = written_and_run(
            "Z = X @ w + b\nP = sigmoid(Z)\nL = -mean(T * log(P) + (1 - T) * log(1 - P))\ng = grad(L, [w, b])",
            &[
                ("X", Value::Matrix(array![[1.0, 2.0], [0.0, 1.0], [2.0, 0.0]])),
                ("T", Value::Vector(array![1.0, 0.0, 1.0])),
                ("w", Value::Vector(array![0.1, -0.2])),
                ("b", Value::Scalar(0.3)),
            ],
            "g",
        );
        let names: Vec<&str> = lines
            .lines()
            .map(|l| l.split(" = ").next().unwrap_or(""))
            .collect();
        assert_eq!(names, ["bar_P", "bar_Z", "bar_w", "bar_b"], "{lines}");
        assert!(lines.contains("bar_Z = bar_P * P * (1 - P)"), "{lines}");
        assert!(lines.contains("bar_w = bar_Z @ X"), "{lines}");
        assert!(lines.contains("bar_b = sum(bar_Z)"), "{lines}");
        assert_same(&outputs, "bar_w", "g_w");
        assert_same(&outputs, "bar_b", "g_b");
    }

    #[test]
    fn a_two_layer_network_with_softmax_cross_entropy_matches_grad() {
        let (_, outputs) = written_and_run(
            "H = tanh(X @ W1 + c)\nR = relu(H) + H ^ 3 / 2\nZ = R @ W2.T\nQ = log_softmax(Z)\nS = softmax(Z, axis=0)\nL = -sum(Y * Q) / 3 + mean(S * S) + sqrt(sum(exp(-R)))\ng = grad(L, [W1, c, W2])",
            &[
                ("X", Value::Matrix(array![[1.0, 2.0], [0.0, 1.0], [2.0, -1.0]])),
                ("Y", Value::Matrix(array![[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])),
                ("W1", Value::Matrix(array![[0.1, -0.2, 0.4], [0.3, 0.2, -0.5]])),
                ("c", Value::Vector(array![0.1, 0.0, -0.1])),
                ("W2", Value::Matrix(array![[0.2, -0.1, 0.3], [-0.4, 0.5, 0.1]])),
            ],
            "g",
        );
        assert_same(&outputs, "bar_W1", "g_W1");
        assert_same(&outputs, "bar_c", "g_c");
        assert_same(&outputs, "bar_W2", "g_W2");
    }

    #[test]
    fn vector_products_divisions_and_transposes_match_grad() {
        let (_, outputs) = written_and_run(
            "u = M @ v\ns = u @ v / (1 + v @ v)\nK = outer(v, v)\nL = s * 2 - sum(v.T / 4) + mean(M.T * M.T)\ng = grad(L, v)",
            &[
                ("M", Value::Matrix(array![[1.0, 2.0], [0.5, -1.0]])),
                ("v", Value::Vector(array![0.3, -0.7])),
            ],
            "g",
        );
        assert_same(&outputs, "bar_v", "g");
    }

    #[test]
    fn heads_side_by_side_and_layer_norms_match_grad() {
        let (_, outputs) = written_and_run(
            "q = h @ w_q\na1 = softmax(cols(q, 0, 2) @ cols(q, 1, 3).T + causal_mask(3))\nz = concat(a1 @ cols(q, 2, 4), cols(q, 0, 2), axis=1)\nn = layer_norm(h + z, eps=0.001)\nL = sum(n * n * t) + mean(layer_norm(z) * t)\ng = grad(L, [w_q, h])",
            &[
                ("h", Value::Matrix(array![[1.0, 0.0, 1.0, 0.5], [0.0, 1.0, -0.5, 1.0], [1.0, 1.0, 0.0, 0.2]])),
                ("w_q", Value::Matrix(array![[0.1, -0.2, 0.4, 0.3], [0.3, 0.2, -0.5, 0.1], [0.0, 0.7, 0.2, -0.3], [0.5, -0.1, 0.1, 0.2]])),
                ("t", Value::Matrix(array![[1.0, -2.0, 0.5, 0.3], [0.2, 0.4, -1.0, 0.6], [-0.3, 0.9, 0.1, 0.8]])),
            ],
            "g",
        );
        assert_same(&outputs, "bar_w_q", "g_w_q");
        assert_same(&outputs, "bar_h", "g_h");
    }

    #[test]
    fn what_it_cannot_write_is_said_by_name() {
        let x = ("x".to_string(), Value::Vector(array![1.0, 2.0]));
        let refused = |steps: &str, shown: &str| {
            let program = parse(steps).expect("parses");
            let outputs = run(&program, std::slice::from_ref(&x)).expect("runs");
            let values = |name: &str| {
                std::iter::once((x.0.as_str(), &x.1))
                    .chain(outputs.iter().map(|o| (o.name.as_str(), &o.value)))
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.clone())
            };
            backward_program(&program, &values, shown).expect_err(steps)
        };
        let error = refused("u = max(x) * 2\nL = u * u\ng = grad(L, x)", "g");
        assert!(error.contains("`max`"), "{error}");
        let error = refused("u = x[0] * 2\nL = u * u\ng = grad(L, x)", "h");
        assert!(error.contains("no step `h`"), "{error}");
        let error = refused(
            "s = 0 * x\nrepeat 2:\n    s = s + x\nrepeat 2:\n    s = s * x\nL = sum(s)\ng = grad(L, x)",
            "g",
        );
        assert!(error.contains("`s` is assigned twice"), "{error}");
        let error = refused(
            "repeat 3 as t:\n    u = x * t\nL = sum(u * u)\ng = grad(L, x)",
            "g",
        );
        assert!(error.contains("`t`, the counter of a loop"), "{error}");
    }

    fn vector(entries: &[f64]) -> Value {
        Value::Vector(ndarray::Array1::from(entries.to_vec()))
    }

    #[test]
    fn subscripts_slices_gathers_and_reshapes_match_grad() {
        let (lines, outputs) = written_and_run(
            "a = x[1:3] * 2 + x[::-1][0:2]
b = x[idx] * x[0] + x[-1]
c = M[1] + M[:, 2] * M[2, 0] + M[-1, -1]
d = M[0:2] @ x[2:5] + M[idx, idx][0:2]
e = M[idx][:, 1:3] + M[0:3, idx][:, 0:2] + M[1:3, idx][:, 0:2][pair] + outer(M[idx, 1], M[2, 0:2])
f = take(x, idx) + take(M, idx, axis=1)[0] + take(M, 2)
h = rows(M, 1, 3) @ cols(x, 1, 4) + row(x) @ col(x) + reshape(x[0:4], 2, 2) @ flatten(M.T)[3:5]
k = reshape(M, 9)[::4] + M[:, ::-1][0:3, 0]
L = sum(a * a) + sum(b * b) + sum(c * c) + sum(d * d) + sum(e * e) + sum(f * f) + sum(h * h) + sum(tanh(k)) + sum(M[idx] * M[0:3])
g = grad(L, [x, M])",
            &[
                ("x", vector(&[0.3, -0.7, 1.1, 0.5, -0.2])),
                ("idx", vector(&[2.0, 0.0, 2.0])),
                ("pair", vector(&[0.0, 1.0, 1.0])),
                (
                    "M",
                    Value::Matrix(array![[0.2, -0.1, 0.4], [0.7, 0.3, -0.5], [-0.6, 0.8, 0.1]]),
                ),
            ],
            "g",
        );
        assert!(
            lines.contains("concat(bar_a, zeros(3)) @ one_hot(arange(5)[::-1], 5)"),
            "a slice out of order goes back through one_hot: {lines}"
        );
        assert!(
            lines.contains("concat(zeros(1), bar_a * 2, zeros(2))"),
            "a run of positions is padded with zeros: {lines}"
        );
        assert!(
            lines.contains("sum(bar_b) * one_hot(arange(5)[-1], 5)"),
            "a position from the end is counted by arange: {lines}"
        );
        assert!(
            lines.contains("bar_M = bar_M_part1 + bar_M_part2"),
            "a long sum is added up in parts: {lines}"
        );
        assert_same(&outputs, "bar_x", "g_x");
        assert_same(&outputs, "bar_M", "g_M");
    }

    #[test]
    fn a_loop_before_the_grad_is_written_as_its_last_iteration() {
        let (lines, outputs) = written_and_run(
            "w2 = w * 2
repeat 3 as t:
    s = x * (t + 1)
    u = w * s
    v = tanh(u) + w2
L = sum(v * v)
g = grad(L, w)",
            &[("x", vector(&[0.4, -1.2])), ("w", vector(&[0.5, 0.25]))],
            "g",
        );
        assert!(
            lines.contains("bar_u = bar_v * (1 - tanh(u) ^ 2)"),
            "{lines}"
        );
        assert_same(&outputs, "bar_w", "g");
    }

    /// The backward lines of the `grad` step `g` in the body of the program's loop, derived
    /// after a run, written after it in the body; the program run again.
    fn written_in_the_loop(
        steps: &str,
        inputs: &[(&str, Value)],
        target: &str,
    ) -> Result<Vec<(String, Value)>, String> {
        let (program, inputs, all) = parsed_and_run(steps, inputs);
        let values = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let body = program
            .statements
            .iter()
            .find_map(|s| match s {
                Statement::Repeat(repeat) => Some(&repeat.body),
                Statement::Assign(_) => None,
            })
            .expect("a loop");
        let at = body
            .iter()
            .position(|s| matches!(s, Statement::Assign(step) if step.name == "g"))
            .expect("a step g in the loop");
        let earlier: Vec<&Statement> = body[..at].iter().collect();
        let run_values = Run::new(&program.text, &program.statements, &values);
        let lines = derive(
            &run_values,
            &before(&earlier),
            "loss",
            &[target.to_string()],
        )?;
        let written: String = lines
            .iter()
            .map(|line| format!("    {}\n", line.text()))
            .collect();
        let whole = steps.replacen("    g = grad(", &format!("{written}    g = grad("), 1);
        let outputs = run(&parse(&whole).expect("the lines parse"), &inputs)
            .unwrap_or_else(|e| panic!("{whole}: {e:?}"));
        Ok(outputs.into_iter().map(|o| (o.name, o.value)).collect())
    }

    #[test]
    fn a_grad_in_a_training_loop_is_written_for_one_iteration() {
        let outputs = written_in_the_loop(
            "theta = theta0
repeat 4 as t:
    w = reshape(theta[0:4], 2, 2)
    b = theta[4:6]
    p = softmax(X @ w + b)
    loss = -sum(T * log(p)) / 3
    g = grad(loss, theta)
    theta = theta - 0.5 * g",
            &[
                ("theta0", vector(&[0.1, -0.2, 0.3, 0.05, 0.0, 0.1])),
                (
                    "X",
                    Value::Matrix(array![[1.0, 2.0], [0.0, 1.0], [2.0, -1.0]]),
                ),
                (
                    "T",
                    Value::Matrix(array![[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]),
                ),
            ],
            "theta",
        )
        .expect("written");
        assert_same(&outputs, "bar_theta", "g");
    }

    #[test]
    fn a_value_a_loop_carries_to_its_next_iteration_is_not_written() {
        let error = written_in_the_loop(
            "z = x
repeat 2:
    repeat 3:
        z = tanh(z * w)
    loss = sum(z)
    g = grad(loss, w)",
            &[("x", vector(&[0.4, -1.2])), ("w", vector(&[0.5, 0.25]))],
            "w",
        )
        .expect_err("z comes from the previous iteration");
        assert!(
            error.contains(
                "`z`, which the loop reads before assigning it, with no step before the loop"
            ),
            "{error}"
        );
    }
}
