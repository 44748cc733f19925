//! Softmax with temperature, its log-probabilities, cross-entropy loss and gradient.
//!
//! Stage: evaluation of a ```` ```softmax ```` example block.
//! Input: a [`SoftmaxInput`] (logits, optional labels, temperature, optional target and an
//! optional list of temperatures to compare) already read from TOML by the site layer.
//! Output: a [`KindRun`], the one run of its program read through [`TABLE`]: probabilities,
//! log-probabilities, the unnormalised `exps` and, with a target, the loss −log p_target and
//! its gradient with respect to the logits.
//! Must not: return NaN/∞. Probabilities come from shifted logits so `exp` never overflows, and
//! log-probabilities from log-sum-exp so a probability that underflows to 0 still has a finite
//! logarithm; the rare result that cannot be represented at all is reported as an error.

use ndarray::Array1;

use super::computed::{Labels, Side};
use super::error::{count_within, distinct_names, ensure_finite_vector, non_empty, positive};
use super::kind::{Json, KindRun, Source, Table};
use super::lang::Value;
use super::template::Stopped;
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
    names: "logits temperature exps probabilities log_probabilities jacobian target loss gradient \
            temperatures sweep",
    sources: &[
        ("temperature", Source::Value("T")),
        ("target", Source::LabelAt("target")),
    ],
    own: &[],
    groups: None,
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

/// The softmax kind as one program, the template every example fills: the build runs it for
/// the values references and `eval --json` read, the figure draws from that run, and the widget
/// runs the same text again (compute-lang.js) on the reader's `logits` and `T`; the count, the
/// target and the compared temperatures, which the reader does not edit, are steps.
/// Subtracting the maximum before dividing by T keeps a tiny T from overflowing;
/// log-probabilities come from the shifted logits (log-sum-exp), so a probability that
/// underflows to 0 still has a finite logarithm. With a target (`{target}`), its one-hot `y`
/// follows the probabilities and the gradient is p − y over T, as the lesson derives it, so the
/// widget shows p, y and the gradient side by side; `scaled` = z / T is shown after them. With
/// temperatures, the sweep is one row of probabilities per temperature, by broadcasting: the
/// widget runs it too but shows only its one slider's T, and the figure draws one panel a row.
const PROGRAM: &str = "n = len(logits)
shifted = (logits - max(logits)) / T
exps = exp(shifted)
total = sum(exps)
probabilities = exps / total
{target}log_probabilities = shifted - log(total)
jacobian = col(probabilities) * (eye(n) - row(probabilities)) / T
{loss}scaled = logits / T
";

/// The program of an example: [`PROGRAM`] filled with its target and temperatures, and its
/// inputs, `logits` and `T`.
pub fn template(input: &SoftmaxInput) -> Result<KindProgram, ComputeError> {
    validate(input)?;
    let target = input.target.as_ref().map(|t| resolve_target(t, input));
    let (target, loss) = match target.transpose()? {
        Some(target) => (
            format!(
                "target = {target}\ny = one_hot(target, n)\ngradient = (probabilities - y) / T\n"
            ),
            "loss = -log_probabilities[target]\n",
        ),
        None => (String::new(), ""),
    };
    let mut steps = PROGRAM.replace("{target}", &target).replace("{loss}", loss);
    if let Some(temperatures) = &input.temperatures {
        let listed: Vec<String> = temperatures.iter().map(|t| format!("{t:?}")).collect();
        steps.push_str(&format!(
            "temperatures = concat({})\nsweep = softmax((row(logits) - max(logits)) / col(temperatures), axis=1)\n",
            listed.join(", ")
        ));
    }
    let inputs = vec![
        ("logits".to_string(), Value::Vector(input.logits.clone())),
        ("T".to_string(), Value::Scalar(input.temperature)),
    ];
    Ok(KindProgram { steps, inputs })
}

/// Evaluates a softmax example by running its program.
///
/// Errors carry `field` = the input key at fault: `logits` (empty, too long, NaN/∞), `labels`
/// (wrong length, duplicates), `temperature`, `target`, `temperatures`.
pub fn softmax(input: &SoftmaxInput) -> Result<KindRun, ComputeError> {
    run(&template(input)?, input)
}

/// Runs `program`, the [`template`] of `input`: the block runs the text it writes into the
/// widget's data, so the page's numbers and the widget's come from one program.
pub fn run(program: &KindProgram, input: &SoftmaxInput) -> Result<KindRun, ComputeError> {
    let labels = Labels {
        cols: input.labels.clone(),
        ..Labels::default()
    };
    program.run(&TABLE, labels, |stopped| stopped_error(stopped, input))
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
        "scaled" => ComputeError::for_field(
            "temperature",
            format!("z / T overflows at temperature {temperature}"),
        )
        .with_hint("use a larger temperature or smaller logits"),
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
            let logit = match &input.labels {
                Some(labels) => format!("`{}`", labels[logit]),
                None => format!("logit {logit}"),
            };
            let message = format!("the log-probability of {logit} is too small to represent");
            ComputeError::for_field("temperature", message)
                .with_hint("use a larger temperature or logits closer together")
        }
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
mod tests;
