//! The softmax kind's input checks: the counts, the labels, positive temperatures and a target
//! among the logits.

use super::super::error::{count_within, distinct_names, empty_list, position_within, positive};
use super::super::{ComputeError, MAX_DIM};
use super::{SoftmaxInput, Target};

/// What the temperatures must be, said when one is not above 0, here and by the block reader.
pub const TEMPERATURE_HINT: &str = "use e.g. 1 for the plain softmax, 0.5 to sharpen, 2 to flatten";

/// What the block reader leaves to the kind: the counts, one label per logit, and every
/// temperature positive, in the reader's words (the compared temperatures are written into the
/// program as text, so no run would see them as inputs). Empty or non-finite logits are refused
/// when the program runs ([`KindProgram::run`]).
pub(super) fn validate(input: &SoftmaxInput) -> Result<(), ComputeError> {
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
pub(super) fn resolve_target(target: &Target, input: &SoftmaxInput) -> Result<usize, ComputeError> {
    let n = input.logits.len();
    let refuse = |message: String, hint: String| {
        Err(ComputeError::for_field("target", message).with_hint(hint))
    };
    match (target, &input.labels) {
        (Target::Position(position), _) => {
            position_within("target", "target position", *position, n, "logits")?;
            Ok(*position)
        }
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
