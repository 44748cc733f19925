//! The softmax kind's template as tables of inputs and the values or errors they give; then
//! properties over random inputs.

use super::*;
use crate::compute::kind::{assert_refused, KindRun};
use crate::compute::template;
use crate::compute::{Quantity, MAX_DIM};
use ndarray::array;
use serde_json::json;

fn plain(logits: Array1<f64>) -> SoftmaxInput {
    let (labels, target, temperatures) = (None, None, None);
    let temperature = 1.0;
    SoftmaxInput {
        logits,
        labels,
        temperature,
        target,
        temperatures,
    }
}

fn abc() -> SoftmaxInput {
    let labels = Some(vec!["a".into(), "b".into(), "c".into()]);
    SoftmaxInput {
        labels,
        ..plain(array![1.0, 2.0, 3.0])
    }
}

fn to(target: Target, input: SoftmaxInput) -> SoftmaxInput {
    SoftmaxInput {
        target: Some(target),
        ..input
    }
}

fn at(temperature: f64, input: SoftmaxInput) -> SoftmaxInput {
    SoftmaxInput {
        temperature,
        ..input
    }
}

fn sweeping(temperatures: &[f64], input: SoftmaxInput) -> SoftmaxInput {
    SoftmaxInput {
        temperatures: Some(temperatures.to_vec()),
        ..input
    }
}

/// Every entry of the value `name` (a reference's, else the program's), in reading order.
fn entries(result: &KindRun, name: &str) -> Vec<f64> {
    match result.quantity(name).or_else(|| result.run.quantity(name)) {
        Some(Quantity::Scalar(x)) => vec![x],
        Some(Quantity::Vector { values, .. }) => values.to_vec(),
        Some(Quantity::Matrix { values, .. }) => values.iter().copied().collect(),
        other => panic!("{name} is {other:?}"),
    }
}

#[test]
fn the_template_and_the_languages_softmax_are_one_computation_bit_for_bit() {
    // Long logit vectors, where a sum in another order (ndarray's eight partial sums) would
    // change the last bits of most of them; the sweep's first row is the same softmax.
    let mut seed = 12_345_u64;
    for length in 8..40 {
        let logits: Array1<f64> = (0..length)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 11) as f64 / (1u64 << 53) as f64 * 10.0 - 5.0
            })
            .collect();
        let inputs = [("z".to_string(), Value::Vector(logits.clone()))];
        let language = template::run("p = softmax(z)", &inputs)
            .unwrap()
            .vector("p");
        let swept = (sweeping(&[1.0, 0.5], plain(logits))).evaluate().unwrap();
        assert_eq!(swept.vector("probabilities").unwrap(), language, "{length}");
        assert_eq!(swept.matrix("sweep").unwrap().row(0), language, "{length}");
    }
}

/// Hand-derived values of small examples, one row per value. A single logit has probability
/// 1 and no gradient; equal logits are uniform; (1, 2, 3) gives e^z / (e + e² + e³); the
/// Jacobian of two equal logits at T = 2 is ±1/8; the loss is −log p of the target and the
/// gradient p − y (y the target's one-hot row), over T; huge logits and a tiny T still give
/// finite log-probabilities; `scaled` is z / T; the sweep has one row per temperature.
#[test]
fn small_examples_match_their_hand_derived_values() {
    let e = 1f64.exp();
    let total = 1.0 + e + e * e;
    let log_sum = 1.0 + total.ln();
    let root = 0.5f64.exp();
    let half = 1.0 + root + e;
    let p = [1.0 / half, root / half, e / half];
    let one = || to(Target::Position(0), plain(array![-7.5]));
    let c = || to(Target::Label("c".into()), abc());
    let warm = || at(2.0, to(Target::Position(0), abc()));
    let cold = || at(1e-300, to(Target::Position(0), plain(array![0.0, 1.0])));
    let huge = || plain(array![1000.0, 0.0]);
    let uniform = || plain(array![4.0, 4.0, 4.0, 4.0]);
    let abc_p = vec![1.0 / total, e / total, e * e / total];
    let rows: Vec<(SoftmaxInput, &str, Vec<f64>)> = vec![
        (one(), "probabilities", vec![1.0]),
        (one(), "log_probabilities", vec![0.0]),
        (one(), "loss", vec![0.0]),
        (one(), "gradient", vec![0.0]),
        (uniform(), "probabilities", vec![0.25; 4]),
        (uniform(), "log_probabilities", vec![-(4f64.ln()); 4]),
        (abc(), "probabilities", abc_p.clone()),
        (
            abc(),
            "log_probabilities",
            vec![1.0 - log_sum, 2.0 - log_sum, 3.0 - log_sum],
        ),
        (abc(), "exps", vec![1.0 / (e * e), 1.0 / e, 1.0]),
        (
            at(2.0, plain(array![3.0, 3.0])),
            "jacobian",
            vec![0.125, -0.125, -0.125, 0.125],
        ),
        (c(), "loss", vec![total.ln() - 2.0]),
        (
            c(),
            "gradient",
            vec![1.0 / total, e / total, e * e / total - 1.0],
        ),
        (warm(), "probabilities", p.to_vec()),
        (
            warm(),
            "gradient",
            vec![(p[0] - 1.0) / 2.0, p[1] / 2.0, p[2] / 2.0],
        ),
        (warm(), "loss", vec![half.ln()]),
        (warm(), "scaled", vec![0.5, 1.0, 1.5]),
        (huge(), "probabilities", vec![1.0, 0.0]),
        (huge(), "log_probabilities", vec![0.0, -1000.0]),
        (cold(), "probabilities", vec![0.0, 1.0]),
        (cold(), "log_probabilities", vec![-1.0 / 1e-300, 0.0]),
        (cold(), "loss", vec![1.0 / 1e-300]),
        (sweeping(&[1.0, 2.0], abc()), "temperatures", vec![1.0, 2.0]),
        (
            sweeping(&[1.0, 2.0], abc()),
            "sweep",
            [abc_p, p.to_vec()].concat(),
        ),
        (sweeping(&[0.5], abc()), "temperatures", vec![0.5]),
    ];
    for (input, name, expected) in rows {
        let got = entries(&input.evaluate().unwrap(), name);
        assert_eq!(got.len(), expected.len(), "{name} of {input:?}");
        for (got, expected) in got.iter().zip(&expected) {
            let close = (got - expected).abs() <= 1e-12 * expected.abs().max(1.0);
            assert!(close, "{name} of {input:?}: {got} for {expected}");
        }
    }
    // The target's one-hot row, which the widget shows beside p and the gradient.
    let targeted = (c()).evaluate().unwrap();
    assert_eq!(
        targeted.run.value("y"),
        Some(&Value::Vector(array![0.0, 0.0, 1.0]))
    );
    assert_eq!(targeted.position("target"), Some(2));
    // Saturated: logits (8, 0, −8) give ∂p₁/∂z₁ = p₁(1 − p₁), tiny.
    let peaked = (plain(array![8.0, 0.0, -8.0])).evaluate().unwrap();
    let p1 = peaked.vector("probabilities").unwrap()[0];
    let slope = peaked.matrix("jacobian").unwrap()[[0, 0]];
    assert!((slope - p1 * (1.0 - p1)).abs() <= 1e-15 && slope < 1e-3);
}

/// Every input the kind refuses, with the field at fault and the message (or hint) it says.
#[test]
fn bad_inputs_are_errors_on_their_field_in_the_authors_words() {
    let labelled = |labels: &[&str]| SoftmaxInput {
        labels: Some(labels.iter().map(|label| label.to_string()).collect()),
        ..abc()
    };
    let position = |at| to(Target::Position(at), abc());
    let no_yes = SoftmaxInput {
        labels: Some(vec!["no".into(), "yes".into()]),
        ..at(1e-320, plain(array![0.0, 1.0]))
    };
    let rows: Vec<(SoftmaxInput, &str, &str)> = vec![
        (plain(Array1::zeros(MAX_DIM + 1)), "logits", ""),
        (labelled(&["a"]), "labels", ""),
        (
            labelled(&["a", "b", "a"]),
            "labels",
            "`a` appears twice in labels (positions 1 and 3)",
        ),
        (
            to(Target::Label("d".into()), abc()),
            "target",
            "use one of a, b, c",
        ),
        (
            position(3),
            "target",
            "there are 3 logits; positions count from 0, so use 0 to 2",
        ),
        (
            to(Target::Label("a".into()), plain(array![1.0])),
            "target",
            "",
        ),
        (
            no_yes,
            "temperature",
            "the log-probability of `no` is too small to represent",
        ),
        (
            at(0.5, plain(array![1e308, 1e308])),
            "temperature",
            "z / T overflows at temperature 0.5",
        ),
    ];
    assert_refused(rows);
}

/// Inputs the block reader refuses at their own text (no logits, a NaN, a temperature not
/// above 0, no compared temperatures) are one error here too, at the input, in the reader's
/// words: never a panic, a NaN or a wrong number.
#[test]
fn inputs_only_the_block_reader_refuses_are_errors_at_their_input() {
    let finite = "which is not a finite number";
    let rows: Vec<(SoftmaxInput, &str, String)> = vec![
        (
            plain(Array1::zeros(0)),
            "logits",
            "`logits` is empty".into(),
        ),
        (
            plain(array![1.0, f64::NAN]),
            "logits",
            format!("`logits` holds NaN at [2], {finite}"),
        ),
        (
            at(0.0, abc()),
            "temperature",
            "`temperature` must be greater than 0, but is 0".into(),
        ),
        (
            at(-2.0, abc()),
            "temperature",
            "`temperature` must be greater than 0, but is -2".into(),
        ),
        (
            at(f64::NAN, abc()),
            "temperature",
            format!("`temperature` holds NaN, {finite}"),
        ),
        (
            sweeping(&[], abc()),
            "temperatures",
            "`temperatures` is empty".into(),
        ),
        (
            sweeping(&[1.0, -0.5], abc()),
            "temperatures",
            "`temperatures` must be greater than 0, but is -0.5".into(),
        ),
        (
            sweeping(&[f64::INFINITY], abc()),
            "temperatures",
            format!("`temperatures` holds inf, {finite}"),
        ),
    ];
    assert_refused(rows);
}

#[test]
fn references_and_json_read_the_runs_values_by_the_kinds_names() {
    let full = sweeping(&[0.5, 1.0], to(Target::Label("b".into()), abc()));
    let result = full.evaluate().unwrap();
    for name in result.quantity_names() {
        assert!(result.quantity(&name).is_some(), "{name}");
    }
    assert_eq!(result.quantity("weights"), None);
    assert_eq!(result.quantity("target"), Some(Quantity::Text("b".into())));
    assert_eq!(result.quantity("temperature"), Some(Quantity::Scalar(1.0)));
    let Some(Quantity::Vector { labels, .. }) = result.quantity("gradient") else {
        panic!("gradient is a vector")
    };
    assert_eq!(labels, full.labels);
    // The labels name the sweep's columns only, never its temperatures.
    let Some(Quantity::Matrix {
        values,
        row_labels,
        col_labels,
    }) = result.quantity("sweep")
    else {
        panic!("sweep is a matrix")
    };
    assert_eq!(
        (values.dim(), row_labels, col_labels),
        ((2, 3), None, full.labels)
    );
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["labels"], json!(["a", "b", "c"]));
    assert_eq!(
        (json["target"].clone(), json["temperatures"].clone()),
        (json!(1), json!([0.5, 1.0]))
    );
    assert_eq!(json["gradient"].as_array().unwrap().len(), 3);
    assert_eq!(json["sweep"][1].as_array().unwrap().len(), 3);
    assert!(json["loss"].as_f64().unwrap() > 0.0);
    // Without a target or temperatures: a null loss and gradient, no sweep at all.
    let bare = (plain(array![0.0, 0.0])).evaluate().unwrap();
    assert_eq!(
        (bare.quantity("loss"), bare.quantity("sweep")),
        (None, None)
    );
    let ln2 = -(2f64.ln());
    assert_eq!(
        serde_json::to_value(&bare).unwrap(),
        json!({ "kind": "softmax", "labels": null, "logits": [0.0, 0.0], "temperature": 1.0,
                "target": null, "probabilities": [0.5, 0.5], "log_probabilities": [ln2, ln2],
                "loss": null, "gradient": null })
    );
    assert!(!plain(array![1.0])
        .template()
        .unwrap()
        .steps
        .contains("loss"));
}

mod properties {
    use super::*;
    use crate::compute::kind::any_finite;
    use proptest::prelude::*;

    fn logits() -> impl Strategy<Value = Vec<f64>> {
        proptest::collection::vec(-50.0..50.0f64, 1..8)
    }

    fn input(logits: Vec<f64>, temperature: f64, target: usize) -> SoftmaxInput {
        let n = logits.len();
        SoftmaxInput {
            logits: Array1::from(logits),
            labels: None,
            temperature,
            target: Some(Target::Position(target % n)),
            temperatures: None,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn probabilities_sum_to_one_and_the_gradient_sums_to_zero(
            logits in logits(),
            temperature in 0.05..20.0f64,
            target in any::<usize>(),
        ) {
            let result = (input(logits, temperature, target)).evaluate().unwrap();
            prop_assert!((result.vector("probabilities").unwrap().sum() - 1.0).abs() < 1e-12);
            prop_assert!(result.vector("probabilities").unwrap().iter().all(|p| (0.0..=1.0).contains(p)));
            let gradient = result.vector("gradient").unwrap();
            prop_assert!(gradient.sum().abs() < 1e-10, "{}", gradient.sum());
        }

        #[test]
        fn the_jacobian_matches_finite_differences_and_its_rows_sum_to_zero(
            logits in proptest::collection::vec(-5.0..5.0f64, 1..6),
            temperature in 0.5..4.0f64,
        ) {
            let base = SoftmaxInput {
                logits: Array1::from(logits.clone()),
                labels: None,
                temperature,
                target: None,
                temperatures: None,
            };
            let result = base.evaluate().unwrap();
            let h = 1e-6;
            for j in 0..logits.len() {
                let mut nudged = base.clone();
                nudged.logits[j] += h;
                let moved = nudged.evaluate().unwrap().vector("probabilities").unwrap();
                for i in 0..logits.len() {
                    let slope = (moved[i] - result.vector("probabilities").unwrap()[i]) / h;
                    prop_assert!((slope - result.matrix("jacobian").unwrap()[[i, j]]).abs() < 1e-5);
                }
            }
            for row in result.matrix("jacobian").unwrap().rows() {
                prop_assert!(row.sum().abs() < 1e-12);
            }
        }

        #[test]
        fn log_probabilities_are_finite_and_agree_with_the_probabilities(
            logits in logits(),
            temperature in 0.05..20.0f64,
        ) {
            let result = (input(logits, temperature, 0)).evaluate().unwrap();
            for (log_p, p) in result.vector("log_probabilities").unwrap().iter().zip(&result.vector("probabilities").unwrap()) {
                prop_assert!(log_p.is_finite() && *log_p <= 0.0);
                prop_assert!((log_p.exp() - p).abs() < 1e-12);
            }
            prop_assert_eq!(result.scalar("loss"), Some(-result.vector("log_probabilities").unwrap()[0]));
        }

        #[test]
        fn adding_a_constant_to_every_logit_changes_no_probability(
            logits in logits(),
            shift in -100.0..100.0f64,
            temperature in 0.1..10.0f64,
        ) {
            let shifted: Vec<f64> = logits.iter().map(|z| z + shift).collect();
            let before = (input(logits, temperature, 0)).evaluate().unwrap();
            let after = (input(shifted, temperature, 0)).evaluate().unwrap();
            for (a, b) in before.vector("probabilities").unwrap().iter().zip(&after.vector("probabilities").unwrap()) {
                prop_assert!((a - b).abs() < 1e-9);
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            logits in proptest::collection::vec(any_finite(), 0..6),
            temperature in any_finite(),
            target in any::<usize>(),
            temperatures in proptest::option::of(proptest::collection::vec(any_finite(), 0..3)),
        ) {
            let n = logits.len().max(1);
            let input = SoftmaxInput {
                logits: Array1::from(logits),
                labels: None,
                temperature,
                target: Some(Target::Position(target % (n + 1))),
                temperatures,
            };
            match input.evaluate() {
                Ok(result) => {
                    // serde_json writes a non-finite f64 as null; only the absent labels may be
                    // null.
                    let json = serde_json::to_string(&result).unwrap();
                    prop_assert_eq!(json.matches("null").count(), 1, "{}", json);
                    let sweep = result.matrix("sweep").unwrap_or_default();
                    prop_assert!(sweep.iter().all(|x| x.is_finite()));
                    prop_assert!(result.vector("exps").unwrap().iter().all(|x| x.is_finite()));
                }
                // Every refusal is at an input the author wrote.
                Err(error) => prop_assert!(error.field.is_some(), "{:?}", error),
            }
        }
    }
}
