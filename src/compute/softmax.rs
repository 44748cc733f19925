//! Softmax with temperature, its log-probabilities, cross-entropy loss and gradient.
//!
//! Stage: evaluation of a ```` ```softmax ```` example block.
//! Input: a [`SoftmaxInput`] (logits, optional labels, temperature, optional target and an
//! optional list of temperatures to compare) already read from TOML by the site layer.
//! Output: a [`Softmax`] with probabilities, log-probabilities, the unnormalised `exps`, and —
//! when a target is given — the loss −log p_target and its gradient with respect to the logits.
//! Must not: return NaN/∞. Probabilities come from shifted logits so `exp` never overflows, and
//! log-probabilities from log-sum-exp so a probability that underflows to 0 still has a finite
//! logarithm; the rare result that cannot be represented at all is reported as an error.

use ndarray::Array1;

use super::computed::{Labels, Side};
use super::error::{count_within, distinct_names, ensure_finite_vector, non_empty, positive};
use super::kind::{Json, KindRun, Source, Table};
use super::lang::Value;
use super::template::{self, Stopped};
use super::{ComputeError, KindProgram, MAX_DIM};

/// Which logit is the correct class for the loss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One of the `labels`.
    Label(String),
    /// A 0-based position into the logits, as in the `target` input key.
    ///
    /// Note: references count positions from 1; this input, like an array index in most ML
    /// code, counts from 0. Error messages about it speak in the same 0-based terms.
    Position(usize),
}

/// The inputs of a softmax example, as written by the author.
#[derive(Debug, Clone, PartialEq)]
pub struct SoftmaxInput {
    /// The raw scores z.
    pub logits: Array1<f64>,
    /// One distinct name per logit, or `None` to address them by position.
    pub labels: Option<Vec<String>>,
    /// T in softmax(z / T); must be finite and positive (1 is the plain softmax).
    pub temperature: f64,
    /// The correct class, if the example shows a loss.
    pub target: Option<Target>,
    /// Extra temperatures to compare side by side (each finite and positive), if any.
    pub temperatures: Option<Vec<f64>>,
}

/// What the softmax kind calls its program's values: `temperature` is the program's `T`, and
/// `target` (with labels) the label of the target's position.
pub static TABLE: Table = Table {
    kind: "softmax",
    names: &[
        ("logits", Source::Value("logits")),
        ("temperature", Source::Value("T")),
        ("exps", Source::Value("exps")),
        ("probabilities", Source::Value("probabilities")),
        ("log_probabilities", Source::Value("log_probabilities")),
        ("jacobian", Source::Value("jacobian")),
        ("target", Source::LabelAt("target")),
        ("loss", Source::Value("loss")),
        ("gradient", Source::Value("gradient")),
        ("temperatures", Source::Value("temperatures")),
        ("sweep", Source::Value("sweep")),
    ],
    own: &[],
    grouped: false,
    inputs: &["logits", "temperature", "target", "temperatures"],
    // One row per temperature: the labels name the sweep's columns only, never the list of
    // temperatures (however many there are).
    sides: &[("sweep", Side::Cols), ("temperatures", Side::None)],
    // `loss`, `gradient` and `target` are `null` without a target; `temperatures` and `sweep`
    // appear only when temperatures were given.
    json: &[
        ("labels", Json::Labels),
        ("logits", Json::Value("logits")),
        ("temperature", Json::Value("T")),
        ("target", Json::Position("target")),
        ("probabilities", Json::Value("probabilities")),
        ("log_probabilities", Json::Value("log_probabilities")),
        ("loss", Json::Value("loss")),
        ("gradient", Json::Value("gradient")),
        ("temperatures", Json::IfAny("temperatures")),
        ("sweep", Json::IfAny("sweep")),
    ],
};

/// The softmax kind as a program: the steps a block's values come from, each computed by the
/// compute language. Subtracting the maximum before dividing by T keeps a tiny T from
/// overflowing; log-probabilities come from the shifted logits (log-sum-exp), so a probability
/// that underflows to 0 still has a finite logarithm.
const PROGRAM: &str = "shifted = (logits - max(logits)) / T
exps = exp(shifted)
total = sum(exps)
probabilities = exps / total
log_probabilities = shifted - log(total)
jacobian = col(probabilities) * (eye(n) - row(probabilities)) / T
";

/// With a target: the cross-entropy and its gradient with respect to the logits.
const TARGET_PROGRAM: &str = "loss = -log_probabilities[target]
gradient = (probabilities - one_hot(target, n)) / T
";

/// With temperatures: one row of probabilities per temperature.
const SWEEP_PROGRAM: &str =
    "sweep = softmax((row(logits) - max(logits)) / col(temperatures), axis=1)\n";

/// Evaluates a softmax example by running its program.
///
/// Errors carry `field` = the input key at fault: `logits` (empty, too long, NaN/∞), `labels`
/// (wrong length, duplicates), `temperature`, `target`, `temperatures`.
pub fn softmax(input: &SoftmaxInput) -> Result<KindRun, ComputeError> {
    let (_, program) = checked_program(input)?;
    let ran = template::run(&program.steps, &program.inputs)
        .map_err(|stopped| stopped_error(stopped, input))?;
    let labels = Labels {
        cols: input.labels.clone(),
        ..Labels::default()
    };
    Ok(KindRun::new(
        &TABLE,
        ran.into_computed(program.inputs, labels),
    ))
}

/// The program a softmax example's widget runs again (in compute-lang.js, as any compute
/// widget does) on the reader's `logits` and `T`: the kind's own steps, with the count and the
/// target, which the reader does not edit, as steps, and `scaled` = z / T, which the widget
/// shows after the probabilities (drawn first, beside the slider); without the sweep, which the
/// widget does not show. With a target, the one-hot `y` is a step of its own, right after the
/// probabilities, and the gradient is written as p − y (over T), as the lesson derives it, so
/// the widget shows p, y and the gradient side by side (the same arithmetic as the kind's
/// `one_hot` inside the gradient, so the numbers are the kind's bit for bit).
pub fn widget_program(input: &SoftmaxInput) -> Result<String, ComputeError> {
    let (target, _) = checked_program(input)?;
    let mut steps = format!("n = len(logits)\n{PROGRAM}");
    if let Some(target) = target {
        let p = "probabilities = exps / total\n";
        let gradient = format!(
            "{p}target = {target}\ny = one_hot(target, n)\ngradient = (probabilities - y) / T\n"
        );
        steps = steps.replacen(p, &gradient, 1);
        steps.push_str("loss = -log_probabilities[target]\n");
    }
    steps.push_str("scaled = logits / T\n");
    Ok(steps)
}

fn checked_program(input: &SoftmaxInput) -> Result<(Option<usize>, KindProgram), ComputeError> {
    validate(input)?;
    let target = input
        .target
        .as_ref()
        .map(|target| resolve_target(target, input))
        .transpose()?;
    let mut steps = PROGRAM.to_string();
    let mut inputs = vec![
        ("logits".to_string(), Value::Vector(input.logits.clone())),
        ("T".to_string(), Value::Scalar(input.temperature)),
        ("n".to_string(), Value::Scalar(input.logits.len() as f64)),
    ];
    if let Some(target) = target {
        steps.push_str(TARGET_PROGRAM);
        inputs.push(("target".to_string(), Value::Scalar(target as f64)));
    }
    if let Some(temperatures) = &input.temperatures {
        steps.push_str(SWEEP_PROGRAM);
        let temperatures = Array1::from(temperatures.clone());
        inputs.push(("temperatures".to_string(), Value::Vector(temperatures)));
    }
    Ok((target, KindProgram { steps, inputs }))
}

/// The author's words for a step that cannot be represented: every other step is finite
/// whenever the inputs pass [`validate`].
fn stopped_error(stopped: Stopped, input: &SoftmaxInput) -> ComputeError {
    let temperature = input.temperature;
    match stopped.step.as_str() {
        "gradient" => ComputeError::for_field(
            "temperature",
            format!("the gradient overflows at temperature {temperature}"),
        )
        .with_hint("use a larger temperature"),
        "sweep" => ComputeError::for_field(
            "temperatures",
            "a temperature is too small to compare the probabilities at",
        )
        .with_hint("use temperatures of at least 1e-300"),
        _ => {
            // (z − max z) / T reached −∞ for a logit: its log-probability has no f64.
            let largest = input.logits.fold(f64::NEG_INFINITY, |a, &b| a.max(b));
            let logit = input
                .logits
                .iter()
                .position(|z| ((z - largest) / temperature).is_infinite())
                .unwrap_or(0);
            ComputeError::for_field(
                "temperature",
                format!(
                    "the log-probability of {} is too small to represent",
                    describe(input.labels.as_deref(), logit)
                ),
            )
            .with_hint("use a larger temperature or logits closer together")
        }
    }
}

fn describe(labels: Option<&[String]>, index: usize) -> String {
    match labels {
        Some(labels) => format!("`{}`", labels[index]),
        None => format!("logit {index}"),
    }
}

fn validate(input: &SoftmaxInput) -> Result<(), ComputeError> {
    let n = input.logits.len();
    let hint = "give at least one number, e.g. logits = [2.0, 1.0, 0.1]";
    non_empty("logits", n, "there are no logits", hint)?;
    count_within("logits", n, MAX_DIM)?;
    ensure_finite_vector("logits", &input.logits)?;
    check_temperature("temperature", input.temperature)?;
    if let Some(labels) = &input.labels {
        distinct_names("label", labels, n, "logit")?;
    }
    if let Some(temperatures) = &input.temperatures {
        let hint = "list at least one temperature, or leave the key out";
        non_empty(
            "temperatures",
            temperatures.len(),
            "temperatures is empty",
            hint,
        )?;
        count_within("temperatures", temperatures.len(), MAX_DIM)?;
        for &temperature in temperatures {
            check_temperature("temperatures", temperature)?;
        }
    }
    Ok(())
}

fn check_temperature(field: &str, temperature: f64) -> Result<(), ComputeError> {
    let hint = "use e.g. 1.0 for the plain softmax, 0.5 to sharpen, 2.0 to flatten";
    positive(field, "a temperature", temperature, hint)
}

fn resolve_target(target: &Target, input: &SoftmaxInput) -> Result<usize, ComputeError> {
    let n = input.logits.len();
    match (target, &input.labels) {
        (Target::Position(position), _) if *position < n => Ok(*position),
        (Target::Position(position), _) => Err(ComputeError::for_field(
            "target",
            format!("target position {position} is out of range"),
        )
        .with_hint(format!(
            "there are {n} logits; positions count from 0, so use 0 to {}",
            n - 1
        ))),
        (Target::Label(label), None) => Err(ComputeError::for_field(
            "target",
            format!("target `{label}` is a label, but the logits have no labels"),
        )
        .with_hint("add labels = [ … ] or give the target's position")),
        (Target::Label(label), Some(labels)) => labels
            .iter()
            .position(|candidate| candidate == label)
            .ok_or_else(|| {
                ComputeError::for_field("target", format!("there is no label `{label}`"))
                    .with_hint(format!("use one of {}", labels.join(", ")))
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::Quantity;
    use approx::assert_abs_diff_eq;
    use ndarray::array;

    #[test]
    fn the_template_and_the_languages_softmax_are_one_computation_bit_for_bit() {
        // Long logit vectors, where a sum in another order (ndarray's eight partial sums) would
        // change the last bits of most of them.
        let mut seed = 12_345_u64;
        for length in 8..40 {
            let logits: Vec<f64> = (0..length)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    (seed >> 11) as f64 / (1u64 << 53) as f64 * 10.0 - 5.0
                })
                .collect();
            let kind = softmax(&plain(Array1::from(logits.clone()))).unwrap();
            let inputs = [("z".to_string(), Value::Vector(Array1::from(logits.clone())))];
            let language = template::run("p = softmax(z)", &inputs)
                .unwrap()
                .vector("p");
            let language = language.to_vec();
            assert_eq!(
                kind.vector("probabilities").unwrap().to_vec(),
                language,
                "length {length}"
            );
            let temperatures = Some(vec![1.0, 0.5]);
            let swept = softmax(&SoftmaxInput {
                temperatures,
                ..plain(Array1::from(logits.clone()))
            })
            .unwrap();
            let sweep = swept.matrix("sweep").unwrap();
            assert_eq!(sweep.row(0).to_vec(), language, "length {length}");
        }
    }

    #[test]
    fn the_widget_program_gives_the_kinds_numbers_bit_for_bit_and_z_over_t() {
        let input = SoftmaxInput {
            target: Some(Target::Label("b".into())),
            temperature: 0.7,
            temperatures: Some(vec![0.5, 2.0]),
            ..abc()
        };
        let kind = softmax(&input).unwrap();
        let inputs = [
            ("logits".to_string(), Value::Vector(input.logits.clone())),
            ("T".to_string(), Value::Scalar(0.7)),
        ];
        let ran = template::run(&widget_program(&input).unwrap(), &inputs).unwrap();
        assert_eq!(
            ran.vector("probabilities"),
            kind.vector("probabilities").unwrap()
        );
        assert_eq!(
            ran.vector("log_probabilities"),
            kind.vector("log_probabilities").unwrap()
        );
        assert_eq!(ran.vector("gradient"), kind.vector("gradient").unwrap());
        assert_eq!(ran.scalar("loss"), kind.scalar("loss").unwrap());
        assert_eq!(ran.vector("scaled"), input.logits.mapv(|z| z / 0.7));
        assert_eq!(ran.vector("y"), ndarray::array![0.0, 1.0, 0.0]);
        // Without a target there is no loss to show.
        let untargeted = widget_program(&abc()).unwrap();
        assert!(!untargeted.contains("loss"), "{untargeted}");
    }

    fn plain(logits: Array1<f64>) -> SoftmaxInput {
        SoftmaxInput {
            logits,
            labels: None,
            temperature: 1.0,
            target: None,
            temperatures: None,
        }
    }

    fn abc() -> SoftmaxInput {
        SoftmaxInput {
            labels: Some(vec!["a".into(), "b".into(), "c".into()]),
            ..plain(array![1.0, 2.0, 3.0])
        }
    }

    fn field_of(input: &SoftmaxInput) -> Option<String> {
        softmax(input).unwrap_err().field
    }

    #[test]
    fn empty_logits_are_an_error_on_logits() {
        assert_eq!(field_of(&plain(array![])).as_deref(), Some("logits"));
    }

    #[test]
    fn too_many_logits_are_an_error_on_logits() {
        assert_eq!(
            field_of(&plain(Array1::zeros(MAX_DIM + 1))).as_deref(),
            Some("logits")
        );
    }

    #[test]
    fn nan_in_the_logits_is_an_error_naming_its_position() {
        let error = softmax(&plain(array![0.0, f64::NAN])).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("logits"));
        assert_eq!(error.message, "logits has NaN at position 2");
    }

    #[test]
    fn a_temperature_that_is_not_a_positive_number_is_an_error() {
        for temperature in [0.0, -1.0, f64::INFINITY, f64::NAN] {
            let input = SoftmaxInput {
                temperature,
                ..abc()
            };
            assert_eq!(field_of(&input).as_deref(), Some("temperature"));
        }
    }

    #[test]
    fn labels_of_the_wrong_length_or_repeated_are_an_error_on_labels() {
        let short = SoftmaxInput {
            labels: Some(vec!["a".into()]),
            ..abc()
        };
        assert_eq!(field_of(&short).as_deref(), Some("labels"));
        let repeated = SoftmaxInput {
            labels: Some(vec!["a".into(), "b".into(), "a".into()]),
            ..abc()
        };
        let error = softmax(&repeated).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("labels"));
        assert_eq!(
            error.message,
            "`a` appears twice in labels (positions 1 and 3)"
        );
    }

    #[test]
    fn an_unknown_or_out_of_range_target_is_an_error_on_target() {
        let unknown = SoftmaxInput {
            target: Some(Target::Label("d".into())),
            ..abc()
        };
        let error = softmax(&unknown).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("target"));
        assert_eq!(error.hint.as_deref(), Some("use one of a, b, c"));
        let out_of_range = SoftmaxInput {
            target: Some(Target::Position(3)),
            ..abc()
        };
        let error = softmax(&out_of_range).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("target"));
        assert_eq!(
            error.hint.as_deref(),
            Some("there are 3 logits; positions count from 0, so use 0 to 2")
        );
        let unlabelled = SoftmaxInput {
            target: Some(Target::Label("a".into())),
            ..plain(array![1.0])
        };
        assert_eq!(field_of(&unlabelled).as_deref(), Some("target"));
    }

    #[test]
    fn an_empty_or_invalid_list_of_temperatures_is_an_error_on_temperatures() {
        for temperatures in [vec![], vec![1.0, 0.0], vec![f64::NAN]] {
            let input = SoftmaxInput {
                temperatures: Some(temperatures),
                ..abc()
            };
            assert_eq!(field_of(&input).as_deref(), Some("temperatures"));
        }
    }

    /// Every entry of the value `name`, in reading order.
    fn entries(result: &KindRun, name: &str) -> Vec<f64> {
        match result.quantity(name) {
            Some(Quantity::Scalar(x)) => vec![x],
            Some(Quantity::Vector { values, .. }) => values.to_vec(),
            Some(Quantity::Matrix { values, .. }) => values.iter().copied().collect(),
            other => panic!("{name} is {other:?}"),
        }
    }

    /// Hand-derived values of small examples, one row per value: what the kind feeds its
    /// program (the arithmetic itself is the language's, pinned by its own tests and the book's
    /// recorded values). A single logit has probability 1 and no gradient; equal logits are
    /// uniform; (1, 2, 3) gives e^z / (e + e² + e³); the Jacobian of two equal logits at T = 2
    /// is ±1/8; the loss is −log p of the target and the gradient p − onehot, over T; huge
    /// logits and a tiny T still give finite log-probabilities.
    #[test]
    fn small_examples_match_their_hand_derived_values() {
        let e = 1f64.exp();
        let total = 1.0 + e + e * e;
        let log_sum = 1.0 + total.ln();
        let root = 0.5f64.exp();
        let half = 1.0 + root + e;
        let p = [1.0 / half, root / half, e / half];
        let to = |target, input| SoftmaxInput {
            target: Some(target),
            ..input
        };
        let at = |temperature, input| SoftmaxInput {
            temperature,
            ..input
        };
        let one = || to(Target::Position(0), plain(array![-7.5]));
        let c = || to(Target::Label("c".into()), abc());
        let warm = || at(2.0, to(Target::Position(0), abc()));
        let cold = || at(1e-300, to(Target::Position(0), plain(array![0.0, 1.0])));
        let rows: Vec<(SoftmaxInput, &str, Vec<f64>)> = vec![
            (one(), "probabilities", vec![1.0]),
            (one(), "log_probabilities", vec![0.0]),
            (one(), "loss", vec![0.0]),
            (one(), "gradient", vec![0.0]),
            (
                plain(array![4.0, 4.0, 4.0, 4.0]),
                "probabilities",
                vec![0.25; 4],
            ),
            (
                plain(Array1::from_elem(4, 4.0)),
                "log_probabilities",
                vec![-(4f64.ln()); 4],
            ),
            (
                abc(),
                "probabilities",
                vec![1.0 / total, e / total, e * e / total],
            ),
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
            (plain(array![1000.0, 0.0]), "probabilities", vec![1.0, 0.0]),
            (
                plain(array![1000.0, 0.0]),
                "log_probabilities",
                vec![0.0, -1000.0],
            ),
            (cold(), "probabilities", vec![0.0, 1.0]),
            (cold(), "log_probabilities", vec![-1.0 / 1e-300, 0.0]),
            (cold(), "loss", vec![1.0 / 1e-300]),
        ];
        for (input, name, expected) in rows {
            let got = entries(&softmax(&input).unwrap(), name);
            assert_eq!(got.len(), expected.len(), "{name} of {input:?}");
            for (got, expected) in got.iter().zip(&expected) {
                let close = (got - expected).abs() <= 1e-12 * expected.abs().max(1.0);
                assert!(close, "{name} of {input:?}: {got} for {expected}");
            }
        }
        let untargeted = softmax(&abc()).unwrap();
        assert_eq!(untargeted.scalar("loss"), None);
        assert_eq!(untargeted.vector("gradient"), None);
        assert_eq!(softmax(&c()).unwrap().position("target"), Some(2));
        // Saturated: logits (8, 0, −8) give ∂p₁/∂z₁ = p₁(1 − p₁), tiny.
        let peaked = softmax(&plain(array![8.0, 0.0, -8.0])).unwrap();
        let p1 = peaked.vector("probabilities").unwrap()[0];
        let slope = peaked.matrix("jacobian").unwrap()[[0, 0]];
        assert_abs_diff_eq!(slope, p1 * (1.0 - p1), epsilon = 1e-15);
        assert!(slope < 1e-3);
    }

    #[test]
    fn a_temperature_too_small_to_represent_the_result_is_an_error_not_infinity() {
        let input = SoftmaxInput {
            temperature: 1e-320,
            labels: Some(vec!["no".into(), "yes".into()]),
            ..plain(array![0.0, 1.0])
        };
        let error = softmax(&input).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("temperature"));
        assert_eq!(
            error.message,
            "the log-probability of `no` is too small to represent"
        );
    }

    #[test]
    fn the_sweep_has_one_row_of_probabilities_per_temperature() {
        let input = SoftmaxInput {
            temperatures: Some(vec![1.0, 2.0]),
            ..abc()
        };
        let result = softmax(&input).unwrap();
        let sweep = result.matrix("sweep").unwrap();
        assert_eq!(result.vector("temperatures").unwrap(), array![1.0, 2.0]);
        assert_eq!(sweep.row(0), result.vector("probabilities").unwrap());
        let at_two = softmax(&SoftmaxInput {
            temperature: 2.0,
            ..abc()
        })
        .unwrap();
        assert_eq!(sweep.row(1), at_two.vector("probabilities").unwrap());
    }

    #[test]
    fn every_listed_quantity_name_resolves_and_no_other_does() {
        let full = SoftmaxInput {
            target: Some(Target::Label("b".into())),
            temperatures: Some(vec![0.5]),
            ..abc()
        };
        for input in [plain(array![1.0, 2.0]), full] {
            let result = softmax(&input).unwrap();
            for name in result.quantity_names() {
                assert!(result.quantity(&name).is_some(), "{name}");
            }
            assert_eq!(result.quantity("weights"), None);
        }
        let bare = softmax(&plain(array![1.0])).unwrap();
        assert_eq!(bare.quantity("loss"), None);
        assert_eq!(bare.quantity("sweep"), None);
    }

    #[test]
    fn quantities_carry_the_labels() {
        let input = SoftmaxInput {
            target: Some(Target::Label("b".into())),
            temperatures: Some(vec![0.5, 1.0]),
            ..abc()
        };
        let result = softmax(&input).unwrap();
        assert_eq!(result.quantity("target"), Some(Quantity::Text("b".into())));
        assert_eq!(result.quantity("temperature"), Some(Quantity::Scalar(1.0)));
        let Some(Quantity::Vector { labels, .. }) = result.quantity("gradient") else {
            panic!("gradient is a vector")
        };
        assert_eq!(labels, input.labels);
        let Some(Quantity::Matrix {
            values,
            row_labels,
            col_labels,
        }) = result.quantity("sweep")
        else {
            panic!("sweep is a matrix")
        };
        assert_eq!(values.dim(), (2, 3));
        assert_eq!(row_labels, None);
        assert_eq!(col_labels, input.labels);
    }

    #[test]
    fn json_without_a_target_has_null_loss_and_gradient_and_no_sweep() {
        let json = serde_json::to_value(softmax(&plain(array![0.0, 0.0])).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "kind": "softmax",
                "labels": null,
                "logits": [0.0, 0.0],
                "temperature": 1.0,
                "target": null,
                "probabilities": [0.5, 0.5],
                "log_probabilities": [-(2f64.ln()), -(2f64.ln())],
                "loss": null,
                "gradient": null,
            })
        );
    }

    #[test]
    fn json_with_a_target_and_temperatures_has_every_key() {
        let input = SoftmaxInput {
            target: Some(Target::Label("a".into())),
            temperatures: Some(vec![1.0, 4.0]),
            ..abc()
        };
        let json = serde_json::to_value(softmax(&input).unwrap()).unwrap();
        assert_eq!(json["labels"], serde_json::json!(["a", "b", "c"]));
        assert_eq!(json["target"], 0);
        assert!(json["loss"].as_f64().unwrap() > 0.0);
        assert_eq!(json["gradient"].as_array().unwrap().len(), 3);
        assert_eq!(json["temperatures"], serde_json::json!([1.0, 4.0]));
        assert_eq!(json["sweep"].as_array().unwrap().len(), 2);
        assert_eq!(json["sweep"][1].as_array().unwrap().len(), 3);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn logits() -> impl Strategy<Value = Vec<f64>> {
        proptest::collection::vec(-50.0..50.0f64, 1..8)
    }

    fn any_finite() -> impl Strategy<Value = f64> {
        prop_oneof![
            -5.0..5.0f64,
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
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
            let result = softmax(&input(logits, temperature, target)).unwrap();
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
            let result = softmax(&base).unwrap();
            let h = 1e-6;
            for j in 0..logits.len() {
                let mut nudged = base.clone();
                nudged.logits[j] += h;
                let moved = softmax(&nudged).unwrap().vector("probabilities").unwrap();
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
            let result = softmax(&input(logits, temperature, 0)).unwrap();
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
            let before = softmax(&input(logits, temperature, 0)).unwrap();
            let after = softmax(&input(shifted, temperature, 0)).unwrap();
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
            if let Ok(result) = softmax(&input) {
                // serde_json writes a non-finite f64 as null; only the absent labels may be null.
                let json = serde_json::to_string(&result).unwrap();
                prop_assert_eq!(json.matches("null").count(), 1, "{}", json);
                let sweep = result.matrix("sweep").unwrap_or_default();
                prop_assert!(sweep.iter().all(|x| x.is_finite()));
                prop_assert!(result.vector("exps").unwrap().iter().all(|x| x.is_finite()));
            }
        }
    }
}
