//! ` ```softmax ` blocks: logits, optional labels, temperature, target and a temperature
//! sweep → `compute::softmax`.

use super::domain::Domain;
use super::toml_input::{positive, strings, vector, Names, Number, Numbers};
use super::{kind_spec, ok_or_record, optional, read_plain_kind};
use super::{BlockError, ParsedExample};
use crate::compute::softmax::{SoftmaxInput, Target, TEMPERATURE_HINT};

use crate::expand::widget_presentation::{Control, Highlight, Sentence, View};
use toml::Spanned;

const KEYS: &str = "logits, labels (optional), temperature (optional), target (optional), \
temperatures (optional)";

kind_spec! {
    struct SoftmaxSpec {
        logits: Numbers,
        labels: Option<Names>,
        temperature: Option<Number>,
        /// A label or a 0-based position; read as any TOML value so a wrong type gets our own
        /// message instead of serde's "data did not match any variant".
        target: Option<Spanned<toml::Value>>,
        temperatures: Option<Numbers>,
    }
}

/// What a softmax widget shows without JavaScript, by name and caption: the slider's input
/// first (without JavaScript it is what the numbers are for), the class the loss and gradient
/// are of (which the live widget tags), then the probabilities, the loss and the gradient.
const SHOWN: &[(&str, &str)] = &[
    ("temperature", "temperature T"),
    ("target", "target class"),
    ("probabilities", "Probabilities"),
    ("loss", "Cross-entropy loss"),
    (
        "gradient",
        "Gradient of the loss with respect to the logits",
    ),
];

/// Parses the block and runs the compute core on it.
pub(super) fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
    read_plain_kind(text, KEYS, input, widget_keys, SHOWN)
}

/// The kind's input from the block's own keys, each problem added to `errors`.
fn input(spec: &SoftmaxSpec, errors: &mut Vec<BlockError>) -> Option<SoftmaxInput> {
    let logits = ok_or_record(errors, vector("logits", &spec.logits));
    let temperature_at = |field, number: &Number| positive(field, number, TEMPERATURE_HINT);
    let temperature = optional(errors, spec.temperature.as_ref(), |number| {
        temperature_at("temperature", number)
    });
    let temperatures = optional(errors, spec.temperatures.as_ref(), |numbers| {
        vector("temperatures", numbers)?;
        (numbers.get_ref().iter())
            .map(|number| temperature_at("temperatures", number))
            .collect()
    });
    let target = optional(errors, spec.target.as_ref(), read_target);
    Some(SoftmaxInput {
        logits: logits?,
        labels: spec.labels.as_ref().map(strings),
        temperature: temperature?.unwrap_or(1.0),
        target: target?,
        temperatures: temperatures?,
    })
}

/// A softmax widget's own data: the labels naming the columns, T above 0 on a log-scale slider
/// that reaches every temperature the example names (with a button to each it compares), and
/// the steps the kind shows: p (drawn as bars), log p, z / T and, with a target, its one-hot
/// row y, the gradient and the loss, the target's class tagged in the tables and the loss said
/// in words (the presentation's `highlight` and `sentences`, which any compute widget may carry).
fn widget_keys(input: &SoftmaxInput) -> serde_json::Value {
    let marks = input.temperatures.clone().unwrap_or_default();
    let named = [0.1, 10.0, input.temperature]
        .into_iter()
        .chain(marks.clone());
    let mut show = vec!["probabilities", "log_probabilities", "scaled"];
    if input.target.is_some() {
        show.extend(["y", "gradient", "loss"]);
    }
    let mut json = serde_json::json!({
        "cols": input.labels,
        "domains": { "T": Domain::positive("the temperature").json() },
        "controls": { "T": Control::log_slider_over(named, marks).json() },
        "views": { "probabilities": View::Bars.name() },
        "show": show,
    });
    if input.target.is_some() {
        // The target's class tagged in every table, from the program's own `target`.
        let (step, says) = ("target".into(), "target".into());
        json["highlight"] = serde_json::json!(Highlight { step, says });
        json["sentences"] = serde_json::json!([loss_sentence(input)]);
    }
    json
}

/// "The loss is the surprise of the target, cat: L = −ln p(cat) = −ln 0.665 = 0.408.", the
/// cross-entropy the lesson defines, from the widget program's `target`, p and `loss`: written
/// as an author writes a widget block's sentence. Without labels the target is named as the
/// kind names a logit, by its position from 0 ("logit 2"), written in the sentence: the kind
/// has no label to name it by, and the position is fixed (the reader edits the logits).
fn loss_sentence(input: &SoftmaxInput) -> Sentence {
    let (class, at) = match (&input.labels, &input.target) {
        (None, Some(Target::Position(position))) => {
            (format!("logit {position}"), position.to_string())
        }
        _ => ("{probabilities[target].label}".into(), "target".into()),
    };
    let says = format!(
        "The loss is the surprise of the target, {class}: \
         L = \u{2212}ln p({class}) = \u{2212}ln {{probabilities[{at}]}} = {{loss}}."
    );
    Sentence::written("loss", &says)
}

/// `target = "cat"` names a label; `target = 0` is a 0-based position, as in ML code.
fn read_target(target: &Spanned<toml::Value>) -> Result<Target, BlockError> {
    let refuse = |message: String| {
        let hint =
            "write a label, e.g. target = \"cat\", or a position counted from 0, e.g. target = 0";
        BlockError::new(target.span(), message).help(hint)
    };
    match target.get_ref() {
        toml::Value::String(label) => Ok(Target::Label(label.clone())),
        toml::Value::Integer(position) => usize::try_from(*position)
            .map(Target::Position)
            .map_err(|_| refuse(format!("target = {position} is not a position"))),
        other => Err(refuse(format!(
            "target = {other} is neither a label nor a position"
        ))),
    }
}

#[cfg(test)]
mod tests;
