//! Softmax with temperature, its log-probabilities, cross-entropy loss and gradient.
//!
//! Stage: evaluation of a ```` ```softmax ```` example block.
//! Input: a [`SoftmaxInput`] already read from TOML by the site layer.
//! Output: a [`super::kind::KindRun`], the one run of its program read through [`TABLE`].
//! Must not: return NaN/∞: the program shifts the logits so `exp` never overflows and takes
//! log-probabilities by log-sum-exp; a result that cannot be represented is an error.

use ndarray::Array1;

use super::computed::Labels;
use super::kind::{KindInput, Table};
use super::lang::Value;
use super::template::Stopped;
use super::{ComputeError, KindProgram};

mod checks;
mod table;

pub use checks::TEMPERATURE_HINT;
pub use table::TABLE;

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
        let (target, loss) = match checks::validate(self)? {
            Some(target) => (
                format!(
                    "target = {target}\ny = one_hot(target, n)\ngradient = (probabilities - y) / T\n"
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

#[cfg(test)]
mod tests;
