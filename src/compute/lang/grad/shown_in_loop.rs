//! The backward pass of a `grad` inside a `repeat` body, shown where NumPy writes it: its
//! `bar_…` lines go into the body just before the `grad` step, so each runs in every iteration
//! and the page shows its last iteration's numbers, as it does for every step of a loop.
//!
//! Stage: beside evaluation. Must not: evaluate anything (the caller's run gives the shapes).
//!
//! Inside a loop `grad` differentiates one iteration (values from before the iteration are
//! constants), which is what the lines derived from the body's steps before the `grad` compute.

use super::super::statements::{Statement, Step};
use super::super::value::Value;
use super::super::Program;
use super::derive::{before_in_body, derive, Run};
use super::shown::{check_lines, grad_call, is_shown_step};

/// The body that holds the first step `shown` (`g = grad(L, x)` or its `g_x` parts), and that
/// step's position in it; `None` when no loop body holds it.
fn body_holding<'p>(statements: &'p [Statement], shown: &str) -> Option<(&'p [Statement], usize)> {
    statements.iter().find_map(|statement| match statement {
        Statement::Assign(_) => None,
        Statement::Repeat(repeat) => repeat
            .body
            .iter()
            .position(|s| matches!(s, Statement::Assign(step) if is_shown_step(step, shown)))
            .map(|at| (repeat.body.as_slice(), at))
            .or_else(|| body_holding(&repeat.body, shown)),
    })
}

/// The program's text with the backward pass of the `grad` step `shown` written into its loop
/// body before that step (with a comment line saying what it is), given every name's value after
/// a run; `Ok(None)` when `shown` is not inside a loop; or why it cannot be written.
pub fn program_with_backward_in_loop(
    program: &Program,
    values: &dyn Fn(&str) -> Option<Value>,
    shown: &str,
) -> Result<Option<String>, String> {
    let Some((body, first)) = body_holding(&program.statements, shown) else {
        return Ok(None);
    };
    let shown_steps: Vec<&Step> = body[first..]
        .iter()
        .map_while(|s| match s {
            Statement::Assign(step) if is_shown_step(step, shown) => Some(step),
            _ => None,
        })
        .collect();
    let (loss, _) = grad_call(shown_steps[0]).expect("a grad step");
    let targets: Vec<String> = shown_steps
        .iter()
        .filter_map(|step| grad_call(step).map(|(_, x)| x))
        .collect();
    let earlier: Vec<&Statement> = body[..first].iter().collect();
    let run = Run::new(&program.text, &program.statements, values);
    let lines = derive(&run, &before_in_body(&earlier), &loss, &targets)?;
    check_lines(&lines, &earlier, values)?;
    let text_lines: Vec<&str> = program.text.split('\n').collect();
    let at = shown_steps[0].line - 1;
    let grad_line = text_lines[at];
    let indent = &grad_line[..grad_line.len() - grad_line.trim_start().len()];
    let mut written = format!("{indent}# The backward pass of {shown}, derived by the language\n");
    for line in &lines {
        written.push_str(&format!("{indent}{}\n", line.text()));
    }
    let mut text = text_lines[..at].join("\n");
    if at > 0 {
        text.push('\n');
    }
    text.push_str(&written);
    text.push_str(&text_lines[at..].join("\n"));
    Ok(Some(text))
}

#[cfg(test)]
mod tests {
    use ndarray::array;

    use super::super::super::{parse, run, Value};
    use super::super::shown::tests::{parsed_and_run, Named};
    use super::program_with_backward_in_loop;

    /// The program with its in-loop backward pass written, and every name's value after the
    /// program and after the written program run.
    fn written(steps: &str, inputs: &[(&str, Value)]) -> Result<(String, Named, Named), String> {
        let (program, inputs, all) = parsed_and_run(steps, inputs);
        let values = |name: &str| all.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let text = program_with_backward_in_loop(&program, &values, "g")?.expect("in a loop");
        let outputs = run(&parse(&text).expect("the written program parses"), &inputs)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let rerun = outputs.into_iter().map(|o| (o.name, o.value)).collect();
        Ok((text, all, rerun))
    }

    fn value<'o>(outputs: &'o [(String, Value)], name: &str) -> &'o Value {
        &outputs
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no {name}"))
            .1
    }

    fn assert_close(a: &Value, b: &Value) {
        assert_eq!(a.dims(), b.dims(), "{a:?} vs {b:?}");
        for (p, q) in a.entries().iter().zip(b.entries().iter()) {
            assert!((p - q).abs() <= 1e-12 * (1.0 + q.abs()), "{a:?} vs {b:?}");
        }
    }

    const TRAINING: &str = "w = w0
b = b0
repeat 5 as t:
    Z = X @ w + b
    P = sigmoid(Z)
    loss = -mean(T * log(P) + (1 - T) * log(1 - P))
    g = grad(loss, [w, b])
    w = w - 0.5 * g_w
    b = b - 0.5 * g_b
trained = w";

    fn training_inputs() -> Vec<(&'static str, Value)> {
        vec![
            (
                "X",
                Value::Matrix(array![[1.0, 2.0], [0.0, 1.0], [2.0, -1.0]]),
            ),
            ("T", Value::Vector(array![1.0, 0.0, 1.0])),
            ("w0", Value::Vector(array![0.1, -0.2])),
            ("b0", Value::Scalar(0.3)),
        ]
    }

    #[test]
    fn the_lines_go_into_the_body_before_the_grad_and_give_its_values_every_iteration() {
        let (text, plain, outputs) = written(TRAINING, &training_inputs()).expect("written");
        assert!(
            text.contains(
                "    loss = -mean(T * log(P) + (1 - T) * log(1 - P))\n    # The backward pass of g, derived by the language\n    bar_P = "
            ),
            "{text}"
        );
        assert!(text.contains("    bar_Z = bar_P * P * (1 - P)\n"), "{text}");
        assert!(text.contains("\n    g = grad(loss, [w, b])\n"), "{text}");
        // The last iteration's gradients, and a training that is unchanged by the lines.
        assert_close(value(&outputs, "bar_w"), value(&outputs, "g_w"));
        assert_close(value(&outputs, "bar_b"), value(&outputs, "g_b"));
        assert_close(value(&plain, "trained"), value(&outputs, "trained"));
    }

    #[test]
    fn a_grad_outside_every_loop_is_left_to_the_lines_after_the_program() {
        let program = parse("L = sum(x * x)\ng = grad(L, x)").expect("parses");
        let values = |_: &str| None;
        assert_eq!(
            program_with_backward_in_loop(&program, &values, "g"),
            Ok(None)
        );
    }

    #[test]
    fn a_value_carried_from_the_previous_iteration_is_refused_by_name() {
        let error = written(
            "z = x
repeat 3:
    z = tanh(z * w)
    loss = sum(z)
    g = grad(loss, w)",
            &[
                ("x", Value::Vector(array![0.4, -1.2])),
                ("w", Value::Vector(array![0.5, 0.25])),
            ],
        )
        .expect_err("z reads the previous iteration's z");
        assert!(
            error.contains("`z` reads `z` from the loop's previous iteration"),
            "{error}"
        );
    }
}
