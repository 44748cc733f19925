//! Softmax with temperature, its log-probabilities, cross-entropy loss and gradient.
//!
//! Stage: evaluation of a ```` ```softmax ```` example block.
//! Input: a [`SoftmaxInput`] already read from TOML by the site layer.
//! Output: a [`super::kind::KindRun`], the one run of its program read through [`TABLE`].
//! Must not: return NaN/∞: the program shifts the logits so `exp` never overflows and takes
//! log-probabilities by log-sum-exp; a result that cannot be represented is an error.

use ndarray::Array1;

use super::computed::{Labels, Side};
use super::error::{count_within, distinct_names, empty_list, positive};
use super::kind::{Json, KindInput, Source, Table};
use super::lang::Value;
use super::template::Stopped;
use super::{ComputeError, KindProgram, MAX_DIM};

/// Which logit is the correct class for the loss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One of the `labels`.
    Label(String),
    /// A 0-based position into the logits, as in the `target` input key (references count
    /// from 1; error messages about it speak in the same 0-based terms).
    Position(usize),
}

/// The inputs of a softmax example, as the block reader leaves them: at least one logit, every
/// number finite, every temperature positive.
#[derive(Debug, Clone, PartialEq)]
pub struct SoftmaxInput {
    /// The raw scores z.
    pub logits: Array1<f64>,
    /// One distinct name per logit, or `None` to address them by position.
    pub labels: Option<Vec<String>>,
    /// T in softmax(z / T) (1 is the plain softmax).
    pub temperature: f64,
    /// The correct class, if the example shows a loss.
    pub target: Option<Target>,
    /// Extra temperatures to compare side by side, if any.
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
        ("probabilities log_probabilities", Json::Named),
        ("loss gradient", Json::Named),
        ("temperatures", Json::IfAny("temperatures")),
        ("sweep", Json::IfAny("sweep")),
    ],
};

/// The softmax kind as one program, the template every example fills: the build runs it for
/// references, `eval --json` and the figure, and the widget runs the same text (compute-lang.js)
/// on the reader's `logits` and `T`; what the reader does not edit (the target, the compared
/// temperatures) is written in as steps. Shifting by the maximum before dividing by T keeps a
/// tiny T from overflowing, and log-sum-exp gives a probability that underflows to 0 a finite
/// logarithm. With a target, its one-hot `y` and the gradient p − y over T (as the lesson derives
/// it) follow p; with temperatures, the sweep is one row of probabilities per temperature.
const PROGRAM: &str = "n = len(logits)
shifted = (logits - max(logits)) / T
exps = exp(shifted)
total = sum(exps)
probabilities = exps / total
{target}log_probabilities = shifted - log(total)
jacobian = col(probabilities) * (eye(n) - row(probabilities)) / T
{loss}scaled = logits / T
";

impl KindInput for SoftmaxInput {
    const TABLE: &'static Table = &TABLE;

    /// The kind's `PROGRAM` filled with the example's target and temperatures, on `logits` and `T`.
    fn template(&self) -> Result<KindProgram, ComputeError> {
        validate(self)?;
        let (target, loss) = match self.target.as_ref().map(|t| resolve_target(t, self)) {
            Some(target) => (
                format!(
                    "target = {}\ny = one_hot(target, n)\ngradient = (probabilities - y) / T\n",
                    target?
                ),
                "loss = -log_probabilities[target]\n",
            ),
            None => (String::new(), ""),
        };
        let mut steps = PROGRAM.replace("{target}", &target).replace("{loss}", loss);
        if let Some(temperatures) = &self.temperatures {
            let listed: Vec<String> = temperatures.iter().map(|t| format!("{t:?}")).collect();
            steps.push_str(&format!(
                "temperatures = concat({})\nsweep = softmax((row(logits) - max(logits)) / col(temperatures), axis=1)\n",
                listed.join(", ")
            ));
        }
        let inputs = vec![
            ("logits".to_string(), Value::Vector(self.logits.clone())),
            ("T".to_string(), Value::Scalar(self.temperature)),
        ];
        Ok(KindProgram { steps, inputs })
    }

    fn labels(&self) -> Labels {
        let cols = self.labels.clone();
        Labels {
            cols,
            ..Labels::default()
        }
    }

    /// A step that cannot be represented, on the input at fault: every other step is finite
    /// whenever the inputs are as the block reader leaves them.
    fn stopped(&self, stopped: Stopped) -> ComputeError {
        let temperature = self.temperature;
        let overflows = |what: &str, hint: &str| {
            let message = format!("{what} overflows at temperature {temperature}");
            ComputeError::for_field("temperature", message).with_hint(hint)
        };
        match stopped.step.as_str() {
            "gradient" => overflows("the gradient", "use a larger temperature"),
            "scaled" => overflows("z / T", "use a larger temperature or smaller logits"),
            "sweep" => ComputeError::for_field(
                "temperatures",
                "a temperature is too small to compare the probabilities at",
            )
            .with_hint("use temperatures of at least 1e-300"),
            _ => {
                // (z − max z) / T reached −∞ for a logit: its log-probability has no f64.
                let largest = self.logits.fold(f64::NEG_INFINITY, |a, &b| a.max(b));
                let logit = (self.logits.iter())
                    .position(|z| ((z - largest) / temperature).is_infinite())
                    .unwrap_or(0);
                let logit = match self.labels.as_ref().and_then(|labels| labels.get(logit)) {
                    Some(label) => format!("`{label}`"),
                    None => format!("logit {logit}"),
                };
                let message = format!("the log-probability of {logit} is too small to represent");
                ComputeError::for_field("temperature", message)
                    .with_hint("use a larger temperature or logits closer together")
            }
        }
    }
}

/// What the temperatures must be, said when one is not above 0, here and by the block reader.
pub const TEMPERATURE_HINT: &str = "use e.g. 1 for the plain softmax, 0.5 to sharpen, 2 to flatten";

/// What the block reader leaves to the kind: the counts, one label per logit, and every
/// temperature positive, in the reader's words (the compared temperatures are written into the
/// program as text, so no run would see them as inputs). Empty or non-finite logits are refused
/// when the program runs ([`KindProgram::run`]).
fn validate(input: &SoftmaxInput) -> Result<(), ComputeError> {
    let n = input.logits.len();
    count_within("logits", n, MAX_DIM)?;
    if let Some(labels) = &input.labels {
        distinct_names("label", labels, n, "logit")?;
    }
    positive("temperature", input.temperature, TEMPERATURE_HINT)?;
    let Some(temperatures) = &input.temperatures else {
        return Ok(());
    };
    if temperatures.is_empty() {
        return Err(empty_list("temperatures"));
    }
    count_within("temperatures", temperatures.len(), MAX_DIM)?;
    (temperatures.iter()).try_for_each(|t| positive("temperatures", *t, TEMPERATURE_HINT))
}

/// The target's position among the logits.
fn resolve_target(target: &Target, input: &SoftmaxInput) -> Result<usize, ComputeError> {
    let n = input.logits.len();
    let refuse = |message: String, hint: String| {
        Err(ComputeError::for_field("target", message).with_hint(hint))
    };
    match (target, &input.labels) {
        (Target::Position(position), _) if *position < n => Ok(*position),
        (Target::Position(position), _) => refuse(
            format!("target position {position} is out of range"),
            format!(
                "there are {n} logits; positions count from 0, so use 0 to {}",
                n.saturating_sub(1)
            ),
        ),
        (Target::Label(label), None) => refuse(
            format!("target `{label}` is a label, but the logits have no labels"),
            "add labels = [ … ] or give the target's position".into(),
        ),
        (Target::Label(label), Some(labels)) => match labels.iter().position(|l| l == label) {
            Some(position) => Ok(position),
            None => refuse(
                format!("there is no label `{label}`"),
                format!("use one of {}", labels.join(", ")),
            ),
        },
    }
}

#[cfg(test)]
mod tests;
