//! Differential test for the kinds' widgets: the softmax and vectors kinds' one programs and the
//! gradient_descent kind's widget program, as the build writes them into a widget's data and the compute widget runs them again
//! in compute-lang.js at another temperature or rate, must agree with the Rust kinds at that
//! temperature or rate to 1e-9 on thousands of random examples, with the same `diverged_at`, and
//! fail where the kind fails.
//!
//! The Rust kind computes each case and serializes the result with its own serde impl (the
//! `eval --json` shape); the cases go to a temporary JSON file; `node tests/js/<kind>-differential.mjs
//! FILE` recomputes them in JavaScript and exits non-zero naming the first disagreement. Inputs
//! the build refuses never reach a widget, so they are left out. Without Node the test cannot
//! run: it fails when `CI=true` and otherwise skips with a loud message.

use crate::common::SplitMix64;
use ndarray::Array1;
use serde_json::{json, Value};
use worked::compute::gradient_descent::GradientDescentInput;
use worked::compute::kind::KindInput;
use worked::compute::softmax::{SoftmaxInput, Target};
use worked::compute::vectors::VectorsInput;

/// An authored entry, now and then scaled up so that large logits and far-away points are
/// covered too.
fn wide_entry(rng: &mut SplitMix64) -> f64 {
    let x = rng.authored_entry();
    if rng.range(0, 9) == 0 {
        x * 100.0
    } else {
        x
    }
}

// ---------------------------------------------------------------------------------- softmax

fn random_softmax(rng: &mut SplitMix64) -> SoftmaxInput {
    let n = rng.range(1, 12);
    let labels: Option<Vec<String>> =
        (rng.range(0, 1) == 1).then(|| (0..n).map(|i| format!("c{i}")).collect());
    let target = match rng.range(0, 2) {
        0 => None,
        1 => Some(Target::Position(rng.range(0, n - 1))),
        _ => Some(match &labels {
            Some(labels) => Target::Label(labels[rng.range(0, n - 1)].clone()),
            None => Target::Position(rng.range(0, n - 1)),
        }),
    };
    let temperatures = (rng.range(0, 3) == 0).then(|| {
        let count = rng.range(1, 4);
        (0..count).map(|_| rng.log_uniform(0.05, 20.0)).collect()
    });
    SoftmaxInput {
        logits: Array1::from_shape_simple_fn(n, || wide_entry(rng)),
        labels,
        temperature: rng.log_uniform(0.05, 20.0),
        target,
        temperatures,
    }
}

/// The example's widget program as the build writes it, run by the compute widget at
/// `temperature`, against the kind at that temperature; None for an example the build refuses.
fn softmax_case(input: &SoftmaxInput, temperature: f64) -> Option<Value> {
    let steps = input.template().ok()?.steps;
    let expected = match (SoftmaxInput {
        temperature,
        ..input.clone()
    })
    .evaluate()
    {
        Ok(result) => serde_json::to_value(&result).expect("results serialize"),
        Err(_) => json!({ "error": true }),
    };
    Some(json!({
        "input": { "steps": steps, "logits": input.logits.to_vec(), "temperature": temperature },
        "expected": expected,
    }))
}

/// The book's example, inputs whose run fails (the JS must fail too), and inputs the kind
/// refuses (a temperature of 0 never reaches it: the block reader refuses it).
fn softmax_edge_cases() -> Vec<SoftmaxInput> {
    let temps = SoftmaxInput {
        logits: ndarray::array![2.0, 1.0, 0.1],
        labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
        temperature: 1.0,
        target: Some(Target::Label("cat".into())),
        temperatures: Some(vec![0.5, 1.0, 2.0]),
    };
    vec![
        temps.clone(),
        SoftmaxInput {
            temperature: 0.05,
            ..temps.clone()
        },
        // Huge logits: exact probabilities, finite log-probabilities.
        SoftmaxInput {
            logits: ndarray::array![1000.0, 999.0, -1000.0],
            target: Some(Target::Label("fish".into())),
            ..temps.clone()
        },
        // A log-probability of −∞ cannot be printed: an error on temperature.
        SoftmaxInput {
            logits: ndarray::array![1e308, -1e308],
            labels: None,
            temperature: 0.05,
            target: None,
            temperatures: None,
        },
        // Equal logits keep every log-probability finite, but the gradient overflows.
        SoftmaxInput {
            logits: ndarray::array![1.0, 1.0],
            labels: None,
            temperature: 1e-310,
            target: Some(Target::Position(0)),
            temperatures: None,
        },
        SoftmaxInput {
            target: Some(Target::Position(3)),
            ..temps.clone()
        },
        SoftmaxInput {
            target: Some(Target::Label("cow".into())),
            ..temps.clone()
        },
        SoftmaxInput {
            labels: Some(vec!["cat".into(), "dog".into(), "cat".into()]),
            ..temps
        },
    ]
}

// -------------------------------------------------------------------------- gradient descent

/// 2 / λ_max of the loss's Hessian (2/n)·[[Σx², Σx], [Σx, n]]: the edge between rates that
/// converge and rates that diverge, so random rates land on both sides of it.
fn stable_limit(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let sxx: f64 = points.iter().map(|(x, _)| x * x).sum();
    let sx: f64 = points.iter().map(|(x, _)| x).sum();
    let (a, c, off) = (2.0 / n * sxx, 2.0, 2.0 / n * sx);
    let lambda_max = (a + c) / 2.0 + (((a - c) / 2.0).powi(2) + off * off).sqrt();
    2.0 / lambda_max
}

fn random_descent(rng: &mut SplitMix64) -> GradientDescentInput {
    let n = rng.range(2, 10);
    let points: Vec<(f64, f64)> = (0..n).map(|_| (wide_entry(rng), wide_entry(rng))).collect();
    // From a hundredth of the edge (slow, stable) to twenty times it (diverges within a few steps).
    let learning_rate = stable_limit(&points) * rng.log_uniform(0.01, 20.0);
    GradientDescentInput {
        points,
        start: (wide_entry(rng), wide_entry(rng)),
        learning_rate,
        steps: rng.range(1, 200),
    }
}

/// The example's widget program and inputs as the build writes them (the kind's template), run
/// by the compute widget with `rate` in place of the lesson's learning rate, as the reader's
/// slider sets it, against the kind at that rate; None for an example the build refuses.
fn descent_case(input: &GradientDescentInput, rate: f64) -> Option<Value> {
    input.evaluate().ok()?;
    let expected = (GradientDescentInput {
        learning_rate: rate,
        ..input.clone()
    })
    .evaluate()
    .ok()?;
    let mut program = serde_json::to_value(input.template().ok()?).expect("programs serialize");
    let slider = (program["inputs"].as_array_mut().into_iter().flatten())
        .find(|pair| pair[0] == "learning_rate")
        .expect("the descent's program reads its learning_rate");
    slider[1] = json!(rate);
    Some(json!({
        "input": program,
        "expected": serde_json::to_value(&expected).expect("results serialize"),
    }))
}

/// The book's example at a converging and a diverging rate, then inputs Rust rejects.
fn descent_edge_cases() -> Vec<GradientDescentInput> {
    let fit = GradientDescentInput {
        points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 5.0), (3.0, 7.0)],
        start: (0.0, 0.0),
        learning_rate: 0.05,
        steps: 50,
    };
    vec![
        fit.clone(),
        GradientDescentInput {
            learning_rate: 1.0,
            ..fit.clone()
        },
        GradientDescentInput {
            learning_rate: 1e200,
            ..fit.clone()
        },
        GradientDescentInput {
            points: vec![(2.0, 1.0), (2.0, 5.0)],
            ..fit.clone()
        },
        GradientDescentInput {
            start: (1e200, 1e200),
            ..fit.clone()
        },
        // (A rate that is not positive is refused by the block reader, at its text.)
        GradientDescentInput { steps: 0, ..fit },
    ]
}

// ------------------------------------------------------------------------------------ runner

/// Node, when it runs, for the `what` maths (else a loud skip, or a failure on CI).
fn node(what: &str) -> Option<crate::common::Node> {
    crate::common::Node::for_differential(
        "sliders_differential",
        &format!("The reader-side {what} maths against the Rust core"),
    )
}

#[test]
fn javascript_softmax_agrees_with_the_rust_core_on_random_examples() {
    let Some(node) = node("softmax") else {
        return;
    };
    let mut rng = SplitMix64(0x50f7_3a11);
    let mut cases: Vec<Value> = softmax_edge_cases()
        .iter()
        .filter_map(|input| softmax_case(input, input.temperature))
        .collect();
    assert_eq!(
        cases.len(),
        5,
        "the build refuses every hand-picked bad input"
    );
    for _ in 0..4000 {
        let input = random_softmax(&mut rng);
        let temperature = rng.log_uniform(0.05, 20.0);
        cases.extend(softmax_case(&input, temperature));
    }
    let errors = cases.iter().filter(|c| c["expected"]["error"] == true);
    assert_eq!(errors.count(), 2, "the two runs that cannot compute fail");
    node.differential("softmax-differential.mjs", &cases);
}

#[test]
fn javascript_gradient_descent_agrees_with_the_rust_core_on_random_examples() {
    let Some(node) = node("gradient descent") else {
        return;
    };
    let mut rng = SplitMix64(0x0de5_ce17);
    let mut cases: Vec<Value> = descent_edge_cases()
        .iter()
        .filter_map(|input| descent_case(input, input.learning_rate))
        .collect();
    assert_eq!(
        cases.len(),
        3,
        "the build refuses every hand-picked bad input"
    );
    for _ in 0..300 {
        let input = random_descent(&mut rng);
        // Another rate on the same scale, as a reader's slider gives.
        let rate = stable_limit(&input.points) * rng.log_uniform(0.01, 20.0);
        cases.extend(descent_case(&input, rate));
    }
    // Both sides of the edge must be well represented, or the test proves little.
    let diverged = |c: &&Value| c["expected"]["diverged_at"].is_u64();
    let count = cases.iter().filter(diverged).count();
    assert!(
        (50..=cases.len() - 50).contains(&count),
        "{count} of {} runs diverged",
        cases.len()
    );
    node.differential("descent-differential.mjs", &cases);
}

// ---------------------------------------------------------------------------------- vectors

/// The widget program of a random example (1 to 6 vectors of 1 to 4 components, a projection
/// now and then) run on other vectors of its shape, as a reader's edits give, against the kind
/// on those vectors; now and then a vector is zero or huge, which both must refuse.
fn vectors_case(rng: &mut SplitMix64) -> Option<Value> {
    let (count, dimension) = (rng.range(1, 6), rng.range(1, 4));
    let entries = |rng: &mut SplitMix64| {
        ndarray::Array2::from_shape_fn((count, dimension), |_| wide_entry(rng))
    };
    let names: Vec<String> = (0..count).map(|i| format!("v{i}")).collect();
    let project =
        (rng.range(0, 1) == 1).then(|| (rng.range(0, count - 1), rng.range(0, count - 1)));
    let lesson = VectorsInput {
        names,
        vectors: entries(rng),
        project,
    };
    let steps = lesson.template().ok()?.steps;
    let mut edited = entries(rng);
    match rng.range(0, 9) {
        0 => edited.row_mut(rng.range(0, count - 1)).fill(0.0),
        1 => edited[[rng.range(0, count - 1), 0]] = 1e200,
        _ => {}
    }
    let expected = match (VectorsInput {
        vectors: edited.clone(),
        ..lesson
    })
    .evaluate()
    {
        Ok(result) => serde_json::to_value(&result).expect("results serialize"),
        Err(_) => json!({ "error": true }),
    };
    let rows: Vec<Vec<f64>> = edited.rows().into_iter().map(|row| row.to_vec()).collect();
    Some(json!({ "input": { "steps": steps, "vectors": rows }, "expected": expected }))
}

#[test]
fn javascript_vectors_agree_with_the_rust_core_on_random_examples() {
    let Some(node) = node("vectors") else {
        return;
    };
    let mut rng = SplitMix64(0x7ec7_0125);
    let cases: Vec<Value> = (0..600).filter_map(|_| vectors_case(&mut rng)).collect();
    let errors = cases
        .iter()
        .filter(|c| c["expected"]["error"] == true)
        .count();
    assert!(
        (20..=cases.len() / 2).contains(&errors),
        "{errors} of {} runs fail: both outcomes are covered",
        cases.len()
    );
    node.differential("vectors-differential.mjs", &cases);
}
