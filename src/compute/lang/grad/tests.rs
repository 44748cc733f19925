use ndarray::{array, Array2};
use proptest::prelude::*;

use super::super::{evaluate, ErrorKind, LangError, Value};
use crate::compute::lang::tests::owned_inputs;

fn run(steps: &str, inputs: &[(&str, Value)]) -> Result<Vec<(String, Value)>, LangError> {
    let inputs = owned_inputs(inputs);
    evaluate(steps, &inputs).map(|o| o.into_iter().map(|o| (o.name, o.value)).collect())
}

fn value_of(steps: &str, inputs: &[(&str, Value)], name: &str) -> Value {
    let outputs = run(steps, inputs).unwrap_or_else(|e| panic!("{steps}: {e:?}"));
    outputs
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("{steps}: no step {name}"))
        .1
}

fn entries(value: &Value) -> Vec<f64> {
    value.entries().into_owned()
}

fn assert_close(a: &Value, b: &Value, tolerance: f64) {
    assert_eq!(a.dims(), b.dims(), "{a:?} vs {b:?}");
    assert_eq!(a.rank(), b.rank(), "{a:?} vs {b:?}");
    for (x, y) in entries(a).iter().zip(entries(b)) {
        assert!(
            (x - y).abs() <= tolerance * (1.0 + y.abs()),
            "{a:?} vs {b:?}"
        );
    }
}

fn inputs() -> Vec<(&'static str, Value)> {
    vec![
        ("x", Value::Vector(array![0.3, -1.2, 0.8])),
        (
            "W",
            Value::Matrix(array![[0.5, -0.4, 0.1], [0.2, 0.9, -0.7], [-0.3, 0.6, 0.4]]),
        ),
        (
            "H",
            Value::Matrix(array![[1.0, 2.0, -1.0], [0.5, -0.5, 2.0]]),
        ),
        ("T", Value::Matrix(array![[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])),
    ]
}

#[test]
fn the_gradient_of_a_sum_of_squares_is_twice_the_value() {
    let g = value_of("L = sum(x ^ 2)\ng = grad(L, x)", &inputs(), "g");
    assert_close(&g, &Value::Vector(array![0.6, -2.4, 1.6]), 1e-15);
}

#[test]
fn a_softmax_cross_entropy_gives_the_hand_derived_rule() {
    let steps = "Z = H @ W\nP = softmax(Z)\nL = -sum(T * log(P)) / 2\ng = grad(L, W)\nhand = H.T @ ((P - T) / 2)";
    let g = value_of(steps, &inputs(), "g");
    let hand = value_of(steps, &inputs(), "hand");
    assert_close(&g, &hand, 1e-12);
    let steps =
        "Z = H @ W\nL = -sum(T * log_softmax(Z)) / 2\ng = grad(L, Z)\nhand = (softmax(Z) - T) / 2";
    assert_close(
        &value_of(steps, &inputs(), "g"),
        &value_of(steps, &inputs(), "hand"),
        1e-12,
    );
}

#[test]
fn a_list_of_names_defines_one_step_per_name_and_no_step_of_its_own() {
    let steps = "h = x @ W\nL = sum(tanh(h) * x)\ng = grad(L, [W, x, h])";
    let outputs = run(steps, &inputs()).unwrap();
    let names: Vec<&str> = outputs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["h", "L", "g_W", "g_x", "g_h"]);
    let alone = value_of(
        "h = x @ W\nL = sum(tanh(h) * x)\ngx = grad(L, x)",
        &inputs(),
        "gx",
    );
    assert_close(&outputs[3].1, &alone, 0.0);
    assert_eq!(outputs[2].1.dims(), (3, 3));
}

#[test]
fn inside_a_loop_grad_differentiates_the_current_iteration() {
    let by_grad = "w = x\nrepeat 20:\n    L = sum((w - 1) ^ 2) + sum(w @ W)\n    g = grad(L, w)\n    w = w - 0.1 * g";
    let by_hand =
        "w = x\nrepeat 20:\n    g = 2 * (w - 1) + sum(W, axis=1).T[0]\n    w = w - 0.1 * g";
    let a = value_of(by_grad, &inputs(), "w");
    let b = value_of(by_hand, &inputs(), "w");
    let hand: Vec<f64> = entries(&b);
    assert_close(&a, &Value::Vector(ndarray::Array1::from(hand)), 1e-12);
}

#[test]
fn after_a_loop_grad_goes_back_through_every_iteration_and_history() {
    // h_t = tanh(a * h_{t-1} + x_t); L = sum of the states: a small RNN.
    let steps =
        "h = 0\nrepeat 3 as t:\n    h = tanh(a * h + x[t])\nL = sum(history(h))\ng = grad(L, a)";
    let at = |a: f64| {
        let inputs = [
            ("x", Value::Vector(array![0.3, -1.2, 0.8])),
            ("a", Value::Scalar(a)),
        ];
        (value_of(steps, &inputs, "L"), value_of(steps, &inputs, "g"))
    };
    let (_, g) = at(0.7);
    let (Value::Scalar(up), Value::Scalar(down)) = (at(0.7 + 1e-6).0, at(0.7 - 1e-6).0) else {
        panic!("scalars")
    };
    assert_close(&g, &Value::Scalar((up - down) / 2e-6), 1e-6);
}

#[test]
fn where_passes_the_gradient_through_the_branch_taken() {
    let g = value_of(
        "L = sum(where(x > 0, x * 3, x * x))\ng = grad(L, x)",
        &inputs(),
        "g",
    );
    assert_close(&g, &Value::Vector(array![3.0, -2.4, 3.0]), 1e-15);
}

#[test]
fn selections_send_the_gradient_back_to_the_entries_they_chose() {
    let steps = "s = concat(W[1], rows(W, 0, 1).T[:, 0], W[::2, 2])\nL = sum(s * arange(8))\ng = grad(L, W)";
    let g = value_of(steps, &inputs(), "g");
    let expected = array![[3.0, 4.0, 5.0 + 6.0], [0.0, 1.0, 2.0], [0.0, 0.0, 7.0]];
    assert_close(&g, &Value::Matrix(expected), 0.0);
}

#[test]
fn an_operation_with_no_useful_derivative_is_named_with_the_path_from_the_loss() {
    let steps = "h = x * 2\nr = round(h)\nL = sum(r)\ng = grad(L, x)";
    let error = run(steps, &inputs()).unwrap_err();
    assert_eq!(error.kind, ErrorKind::Arguments);
    assert_eq!(
        error.message,
        "grad cannot pass through `round` in step r (the path from the loss: L → r): it has no useful derivative"
    );
    assert_eq!(&steps[error.span.clone()], "round(h)");
    let cases = [
        ("L = x\ng = grad(L, x)", "grad needs a scalar to differentiate, and `L` is a vector of 3"),
        ("L = sum(W)\ng = grad(L, x)", "`L` does not depend on `x`, so grad(L, x) has nothing to differentiate"),
        ("L = sum(x > 0)\ng = grad(L, x)", "grad cannot pass through the comparison `>` in step L (the path from the loss: L): it has no useful derivative"),
        ("L = sum(x)\ng = grad(L + 1, x)", "`grad` takes the name of a scalar step"),
        ("g = grad(x, x)", "`x` is not a step, so `grad` has nothing to differentiate"),
        ("repeat 2 as t:\n    L = t * 2 + sum(x)\n    g = grad(L, t)", "`t` counts a loop's iterations and has no gradient"),
        // Through a training loop whose updates use grad: that would be a second derivative.
        ("w = x\nrepeat 2:\n    L = sum(w ^ 2)\n    g = grad(L, w)\n    w = w - 0.1 * g\nM = sum(w)\nd = grad(M, x)",
            "grad cannot pass through `grad` itself in step g (the path from the loss: M → w → g): it has no useful derivative"),
        ("L = sum(sqrt(x * 0))\ng = grad(L, x)", "the gradient of L with respect to x is not finite (a slope of sqrt, log, norm or std at 0?) in step g at [1]"),
    ];
    for (steps, message) in cases {
        assert_eq!(
            run(steps, &inputs()).unwrap_err().message,
            message,
            "{steps}"
        );
    }
}

/// A random expression of the differentiable functions over the inputs `x` (vector of 3) and `W`
/// (3×3), giving a vector of 3.
fn random_vector_expression(seed: &mut u64, depth: usize) -> String {
    let mut next = |n: u64| {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % n
    };
    if depth == 0 {
        return ["x", "W[1]", "W[:, 2]", "(x @ W)", "mean(W, axis=0)[0]"][next(5) as usize]
            .to_string();
    }
    let choice = next(16);
    let sub = |s: &mut u64| random_vector_expression(s, depth - 1);
    let a = sub(seed);
    match choice {
        0 => format!("tanh({a})"),
        1 => format!("sigmoid({a})"),
        2 => format!("softmax({a})"),
        3 => format!("log_softmax({a})"),
        4 => format!("exp(0.3 * {a})"),
        5 => format!("layer_norm({a})"),
        6 => format!("({a} * {})", sub(seed)),
        7 => format!("({a} - {})", sub(seed)),
        8 => format!("({a} / (2 + {} ^ 2))", sub(seed)),
        9 => format!("({a} @ W.T)"),
        10 => format!("(W @ {a})"),
        11 => format!("sqrt(1 + {a} ^ 2)"),
        12 => format!("concat({a}[1:], sum({a}))"),
        13 => format!("maximum({a}, 0.5 * {a})"),
        14 => format!("({a} + mean(outer({a}, x), axis=0)[0])"),
        _ => format!("(log(1 + exp({a})) + cumsum({a}))"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn grad_agrees_with_central_differences_on_random_programs(seed in any::<u64>()) {
        let mut state = seed;
        let expression = random_vector_expression(&mut state, 3);
        let steps = format!("y = {expression}\nL = sum(y * arange(3)) + 0.5 * sum(y ^ 2) + x @ W[0]");
        let start = inputs();
        let loss = |x: &Value, w: &Value| match value_of(&steps, &[("x", x.clone()), ("W", w.clone())], "L") {
            Value::Scalar(l) => l,
            other => panic!("{other:?}"),
        };
        let with_grad = format!("{steps}\ng = grad(L, [x, W])");
        let (x, w) = (start[0].1.clone(), start[1].1.clone());
        let got = run(&with_grad, &[("x", x.clone()), ("W", w.clone())]).unwrap_or_else(|e| panic!("{with_grad}: {e:?}"));
        let g_x = entries(&got.iter().find(|(n, _)| n == "g_x").unwrap().1);
        let g_w = entries(&got.iter().find(|(n, _)| n == "g_W").unwrap().1);
        let h = 1e-6;
        for (which, gradient) in [(0, g_x), (1, g_w)] {
            for (k, analytic) in gradient.iter().enumerate() {
                let nudge = |by: f64| {
                    let mut moved = if which == 0 { entries(&x) } else { entries(&w) };
                    moved[k] += by;
                    if which == 0 {
                        loss(&Value::Vector(ndarray::Array1::from(moved)), &w)
                    } else {
                        loss(&x, &Value::Matrix(Array2::from_shape_vec((3, 3), moved).unwrap()))
                    }
                };
                let numeric = (nudge(h) - nudge(-h)) / (2.0 * h);
                prop_assert!(
                    (numeric - analytic).abs() <= 1e-5 * (1.0 + numeric.abs()),
                    "{with_grad}: entry {k} of {}: grad {analytic}, differences {numeric}",
                    if which == 0 { "x" } else { "W" }
                );
            }
        }
    }
}
