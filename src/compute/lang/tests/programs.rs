//! The six algorithms of the "algorithms" issue as short programs without unrolling, their
//! numbers against NumPy (computed once with NumPy 2 from the same algorithm written in
//! Python; the constants are its output, so the tests need no Python).

use super::super::Output;
use super::{matrix, outputs, vector, Value};
use approx::assert_abs_diff_eq;
use ndarray::array;

fn entries(outputs: &[Output], name: &str) -> Vec<f64> {
    let output = outputs.iter().find(|o| o.name == name).expect(name);
    output.value.entries().into_owned()
}

fn assert_close(actual: &[f64], expected: &[f64]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (a, e) in actual.iter().zip(expected) {
        assert_abs_diff_eq!(a, e, epsilon = 1e-9);
    }
}

/// Adam on f(w) = (w₀ − 3)² + 10 (w₁ + 1)² for 50 steps, with bias correction.
pub(crate) const ADAM: &str = "w = w0
m = zeros(2)
v = zeros(2)
repeat steps as t:
    g = concat(2 * (w[0] - 3), 20 * (w[1] + 1))
    m = b1 * m + (1 - b1) * g
    v = b2 * v + (1 - b2) * g ^ 2
    m_hat = m / (1 - b1 ^ (t + 1))
    v_hat = v / (1 - b2 ^ (t + 1))
    w = w - lr * m_hat / (sqrt(v_hat) + eps)
    loss = (w[0] - 3) ^ 2 + 10 * (w[1] + 1) ^ 2
curve = history(loss)
best = argmin(curve)";

#[test]
fn adam_for_fifty_steps_with_bias_correction() {
    let result = outputs(
        ADAM,
        &[
            ("w0", vector(array![0.0, 0.0])),
            ("steps", Value::Scalar(50.0)),
            ("lr", Value::Scalar(0.1)),
            ("b1", Value::Scalar(0.9)),
            ("b2", Value::Scalar(0.999)),
            ("eps", Value::Scalar(1e-8)),
        ],
    );
    assert_close(
        &entries(&result, "w"),
        &[3.1688901428422707, -1.0048182266391743],
    );
    let curve = entries(&result, "curve");
    assert_eq!(curve.len(), 50);
    assert_close(
        &[curve[0], curve[49]],
        &[16.510000001866665, 0.028756033428747076],
    );
    assert_eq!(entries(&result, "best"), [48.0]);
    assert!(result.iter().find(|o| o.name == "best").unwrap().whole);
}

#[test]
fn power_iteration_finds_the_largest_eigenvalue() {
    let a = matrix(array![[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]);
    let result = outputs(
        "v = ones(3) / sqrt(3)\nrepeat 100:\n    u = a @ v\n    v = u / norm(u)\nlambda = v @ a @ v\ncheck = eigvals(a)[-1]",
        &[("a", a)],
    );
    assert_close(&entries(&result, "lambda"), &[4.7320508075688785]);
    assert_close(&entries(&result, "check"), &[4.732050807568877]);
    assert_close(
        &entries(&result, "v"),
        &[0.7886751345948129, 0.577350269189626, 0.2113248654051872],
    );
}

/// Nucleus (top-p) sampling: keep the most likely tokens until their mass reaches p, renormalise,
/// and pick the token where the cumulative probability passes the uniform draw u.
pub(crate) const NUCLEUS: &str = "probs = softmax(logits)
sorted = -sort(-probs)
before = cumsum(sorted) - sorted
kept = sum(before < p)
threshold = sorted[kept - 1]
keep = probs >= threshold
nucleus = where(keep, probs, 0) / sum(where(keep, probs, 0))
token = sum(cumsum(nucleus) < u)";

#[test]
fn nucleus_sampling_keeps_the_top_p_mass() {
    let result = outputs(
        NUCLEUS,
        &[
            ("logits", vector(array![2.0, 1.0, 0.5, 0.1, -1.0])),
            ("p", Value::Scalar(0.9)),
            ("u", Value::Scalar(0.7)),
        ],
    );
    assert_eq!(entries(&result, "kept"), [4.0]);
    assert_close(
        &entries(&result, "nucleus"),
        &[
            0.5745217239868243,
            0.2113547307611265,
            0.12819312428193208,
            0.08593042097011715,
            0.0,
        ],
    );
    assert_eq!(entries(&result, "token"), [1.0]);
    let whole: Vec<&str> = result
        .iter()
        .filter(|o| o.whole)
        .map(|o| o.name.as_str())
        .collect();
    assert_eq!(whole, ["kept", "keep", "token"]);
}

/// The design matrix of a straight-line fit at x = 1, 2, 3, 4: a column of ones and the x.
fn line_fit_design() -> Value {
    Value::Matrix(ndarray::Array2::from_shape_fn((4, 2), |(i, j)| {
        if j == 0 {
            1.0
        } else {
            i as f64 + 1.0
        }
    }))
}

#[test]
fn least_squares_fits_a_line() {
    let x = line_fit_design();
    let result = outputs(
        "beta = lstsq(x, y)\nfitted = x @ beta\nresidual = norm(y - fitted)",
        &[("x", x), ("y", vector(array![6.0, 5.0, 7.0, 10.0]))],
    );
    assert_close(
        &entries(&result, "beta"),
        &[3.4999999999999996, 1.4000000000000004],
    );
}

#[test]
fn a_padding_mask_from_a_zero_one_input() {
    let scores = matrix(array![
        [0.5, 1.0, -0.5, 2.0, 0.0],
        [1.5, -1.0, 0.0, 0.3, 0.2]
    ]);
    let result = outputs(
        "mask = where(valid == 1, 0, -inf)\nweights = softmax(scores + mask, axis=-1)",
        &[
            ("valid", vector(array![1.0, 1.0, 1.0, 0.0, 0.0])),
            ("scores", scores),
        ],
    );
    assert_close(
        &entries(&result, "weights"),
        &[
            0.3314989604240915,
            0.5465493872661796,
            0.12195165230972885,
            0.0,
            0.0,
            0.7661572065563422,
            0.0628900132458675,
            0.17095278019779026,
            0.0,
            0.0,
        ],
    );
}

/// Linear regression trained by gradient descent for 200 steps.
pub(crate) const TRAINING: &str = "w = zeros(2)
n = rows_of_x
repeat steps:
    err = x @ w - y
    grad = 2 * (x.T @ err) / n
    w = w - lr * grad
    loss = mean((x @ w - y) ^ 2)
curve = history(loss)";

#[test]
fn a_two_hundred_step_training_loop() {
    let x = line_fit_design();
    let result = outputs(
        TRAINING,
        &[
            ("x", x),
            ("y", vector(array![6.0, 5.0, 7.0, 10.0])),
            ("rows_of_x", Value::Scalar(4.0)),
            ("steps", Value::Scalar(200.0)),
            ("lr", Value::Scalar(0.05)),
        ],
    );
    assert_close(
        &entries(&result, "w"),
        &[3.3672755612515113, 1.4451424944798992],
    );
    let curve = entries(&result, "curve");
    assert_eq!(curve.len(), 200);
    assert_close(
        &[curve[0], curve[199]],
        &[3.6071874999999998, 1.052942051482352],
    );
}
