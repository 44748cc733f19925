//! The backward pass `grad` writes out (a compute block's `backward = "g"`): on the random
//! smooth programs of the differential test, every `bar_x` line it writes gives `grad`'s value
//! (1e-9), and the reader-side interpreter runs the program with those lines to the Rust values
//! (the widget runs the same lines, which the build derives once: the reader edits inputs,
//! never the program or its shapes). Also the block key on a fixture book.

use crate::compute_lang_differential::{plain, Generator};
use serde_json::{json, Value as Json};
use worked::compute::lang::{backward_program, parse, run, Value};

/// Random programs tried, and how many of them must have a written backward pass.
const PROGRAMS: usize = 1000;
const WRITTEN: usize = 140;

fn close(a: &Value, b: &Value) -> bool {
    let near = |x: &f64, y: &f64| (x - y).abs() <= 1e-9 * (1.0 + y.abs());
    match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => near(x, y),
        (Value::Vector(x), Value::Vector(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| near(x, y))
        }
        (Value::Matrix(x), Value::Matrix(y)) => {
            x.dim() == y.dim() && x.iter().zip(y).all(|(x, y)| near(x, y))
        }
        _ => false,
    }
}

#[test]
fn written_backward_passes_give_grads_values_in_rust_and_in_javascript() {
    let mut generator = Generator::new(0x0062_6172_5f21);
    let mut cases = Vec::new();
    let random = (0..PROGRAMS).map(|_| generator.grad_program());
    for program in std::iter::once(recurrent()).chain(random) {
        let Ok(parsed) = parse(&program.steps) else {
            continue;
        };
        let Ok(outputs) = run(&parsed, &program.inputs) else {
            continue;
        };
        let values = |name: &str| {
            program
                .inputs
                .iter()
                .map(|(n, v)| (n.as_str(), v))
                .chain(outputs.iter().map(|o| (o.name.as_str(), &o.value)))
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
        };
        let Ok(lines) = backward_program(&parsed, &values, "g") else {
            continue;
        };
        let steps = format!("{}\n{lines}", program.steps);
        let parsed_whole =
            parse(&steps).unwrap_or_else(|e| panic!("{steps}\ndoes not parse: {e:?}"));
        let outputs =
            run(&parsed_whole, &program.inputs).unwrap_or_else(|e| panic!("{steps}\nfails: {e:?}"));
        let value = |name: &str| {
            outputs
                .iter()
                .find(|o| o.name == name)
                .map(|o| o.value.clone())
        };
        for output in outputs.iter().filter(|o| o.name.starts_with('g')) {
            let x = output.name.strip_prefix("g_").unwrap_or(
                // `g = grad(L, x)`: the target is the call's second name.
                program
                    .steps
                    .rsplit("grad(L, ")
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(')'),
            );
            let written =
                value(&format!("bar_{x}")).unwrap_or_else(|| panic!("{steps}: no bar_{x}"));
            assert!(
                close(&written, &output.value),
                "{steps}\nbar_{x} = {written:?}, grad gives {:?}",
                output.value
            );
        }
        cases.push(json!({
            "input": {
                "steps": steps,
                "inputs": program.inputs.iter().map(|(n, v)| json!([n, plain(v)])).collect::<Vec<_>>(),
            },
            "expected": {
                "values": outputs.iter().map(|o| json!([o.name, plain(&o.value)])).collect::<Vec<_>>(),
                "whole": outputs.iter().filter(|o| o.whole).map(|o| o.name.clone()).collect::<Vec<_>>(),
            },
        }));
    }
    assert!(
        cases[0]["input"]["steps"]
            .as_str()
            .is_some_and(|steps| steps.contains("repeat 4 as t_back:")),
        "the recurrent network's backward pass runs its loop in reverse"
    );
    assert!(
        cases.len() >= WRITTEN,
        "only {} of {PROGRAMS} programs had a written backward pass",
        cases.len()
    );
    if let Some(node) = crate::common::Node::for_differential(
        "compute_grad_shown",
        "The written backward pass run by the reader-side interpreter",
    ) {
        let cases: Vec<Json> = cases;
        node.differential("compute-lang-differential.mjs", &cases);
    }
}

/// A recurrent network whose loss reads every step's output (backpropagation through time).
fn recurrent() -> crate::compute_lang_differential::Program {
    let vector = |entries: &[f64]| Value::Vector(ndarray::Array1::from(entries.to_vec()));
    crate::compute_lang_differential::Program {
        inputs: vec![
            ("h0".to_string(), vector(&[0.1, -0.3])),
            (
                "W".to_string(),
                Value::Matrix(ndarray::array![[0.5, -0.4], [0.3, 0.8]]),
            ),
            ("x".to_string(), vector(&[0.2, -1.0, 0.7, 0.4])),
            ("v".to_string(), vector(&[0.6, -0.9])),
        ],
        steps: "h = h0\nrepeat 4 as t:\n    h = tanh(W @ h + x[t])\n    y = v @ h\nL = sum(history(y) ^ 2) + sum(h)\ng = grad(L, [W, h0, v])".to_string(),
    }
}

/// A logistic regression whose block asks for its backward pass, or for that of `shown`.
fn regression(shown: &str) -> String {
    crate::support::lesson(
        "Fit",
        &format!(
            "```compute\nname = \"fit\"\nsteps = \"\"\"\nZ = X @ w + b\nP = sigmoid(Z)\nL = -mean(T * log(P) + (1 - T) * log(1 - P))\ng = grad(L, [w, b])\n\"\"\"\nbackward = \"{shown}\"\n\n[inputs]\nX = [[1, 2], [0, 1], [2, 0]]\nT = [1, 0, 1]\nw = [0.1, -0.2]\nb = 0.3\n```\n\nThe derived slope of b is {{{{fit.bar_b}}}}, grad's is {{{{fit.g_b}}}}.\n"
        ),
    )
}

#[test]
fn a_block_shows_its_backward_pass_as_steps_the_page_and_the_widget_both_have() {
    let book = crate::support::Book::with_lesson("fit.md", &regression("g"));
    book.build().succeeds();
    let page = book
        .files("public")
        .into_iter()
        .find(|(path, _)| path.ends_with(".html") && path.contains("fit"))
        .map(|(_, bytes)| String::from_utf8(bytes).expect("utf-8"))
        .expect("the lesson's page");
    // Both slopes print the same digits; the widget's program carries the derived lines.
    let slope = |reference: &str| crate::support::shown_value(&page, reference);
    assert_eq!(slope("fit.bar_b"), slope("fit.g_b"));
    assert!(
        page.contains("bar_Z = bar_P * P * (1 - P)"),
        "the derived lines are on the page"
    );
    assert!(
        page.contains("bar_w = bar_Z @ X"),
        "and in the widget's program"
    );
}

#[test]
fn asking_for_the_backward_pass_of_a_step_that_is_no_grad_is_an_error_at_the_key() {
    let text = regression("P");
    let book = crate::support::Book::with_lesson("fit.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&crate::support::place("content/fit.md", &text, "\"P\""))
        .stderr_has("backward = \"P\": cannot write this backward pass: no step `P` = grad(…)");
}
