//! What `grad` costs: the time of a gradient over the time of the forward pass it differentiates.
//!
//! `cargo bench --bench grad_cost` runs a two-layer network's loss (64 examples, 32 inputs, 64
//! hidden units, 10 classes) with and without `g = grad(L, [W1, W2])`, and a 100-step training
//! loop whose gradients come from `grad` against the same loop with the hand-written rules, and
//! prints the medians and the ratios. Not a test: the numbers go to the README's "Performance".

use std::time::Instant;

use worked::compute::lang::{evaluate, Value};

const FORWARD: &str = "H = tanh(X @ W1)
Z = H @ W2
L = -sum(T * log_softmax(Z)) / 64";

const LOOP_BY_GRAD: &str = "w = zeros(8)
repeat 100:
    p = sigmoid(X8 @ w)
    L = -mean(y * log(p) + (1 - y) * log(1 - p))
    g = grad(L, w)
    w = w - 0.5 * g";

const LOOP_BY_HAND: &str = "w = zeros(8)
repeat 100:
    p = sigmoid(X8 @ w)
    L = -mean(y * log(p) + (1 - y) * log(1 - p))
    g = X8.T @ (p - y) / 64
    w = w - 0.5 * g";

fn random(rows: usize, cols: usize, seed: u64) -> Value {
    let mut state = seed;
    let entries: Vec<f64> = (0..rows * cols)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 0.6
        })
        .collect();
    Value::Matrix(ndarray::Array2::from_shape_vec((rows, cols), entries).expect("shape"))
}

/// Median seconds of `runs` evaluations of `steps`.
fn median(steps: &str, inputs: &[(String, Value)], runs: usize) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            evaluate(steps, inputs).expect("the benchmark's program runs");
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn main() {
    let classes: Vec<f64> = (0..64 * 10)
        .map(|k| f64::from(u8::from(k % 10 == (k / 10) % 10)))
        .collect();
    let labels: Vec<f64> = (0..64).map(|k| f64::from(u8::from(k % 3 == 0))).collect();
    let inputs = vec![
        ("X".to_string(), random(64, 32, 1)),
        ("W1".to_string(), random(32, 64, 2)),
        ("W2".to_string(), random(64, 10, 3)),
        (
            "T".to_string(),
            Value::Matrix(ndarray::Array2::from_shape_vec((64, 10), classes).expect("shape")),
        ),
        ("X8".to_string(), random(64, 8, 4)),
        (
            "y".to_string(),
            Value::Vector(ndarray::Array1::from(labels)),
        ),
    ];
    let forward = median(FORWARD, &inputs, 31);
    let with_grad = median(&format!("{FORWARD}\ng = grad(L, [W1, W2])"), &inputs, 31);
    println!(
        "two-layer network: forward {:.3} ms, with grad {:.3} ms, gradient / forward = {:.2}",
        forward * 1e3,
        with_grad * 1e3,
        (with_grad - forward) / forward
    );
    let by_hand = median(LOOP_BY_HAND, &inputs, 11);
    let by_grad = median(LOOP_BY_GRAD, &inputs, 11);
    println!(
        "100-step logistic regression: hand rules {:.3} ms, grad {:.3} ms, ratio {:.2}",
        by_hand * 1e3,
        by_grad * 1e3,
        by_grad / by_hand
    );
}
