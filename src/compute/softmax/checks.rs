//! The softmax kind's input checks: the counts, the labels, positive temperatures and a target
//! among the logits.

use super::super::error::{
    count_within, distinct_names, empty_list, position_within, positive, refuse,
};
use super::super::{ComputeError, MAX_DIM};
use super::{SoftmaxInput, Target};

/// What the temperatures must be, said when one is not above 0, here and by the block reader.
pub const TEMPERATURE_HINT: &str = "use e.g. 1 for the plain softmax, 0.5 to sharpen, 2 to flatten";

/// What the block reader leaves to the kind: the counts, one label per logit, every temperature
/// positive, in the reader's words (the compared temperatures are written into the program as
/// text, so no run would see them as inputs), then the target's position, if any. Empty or
/// non-finite logits are refused when the program runs ([`crate::compute::KindProgram::run`]).
pub(super) fn validate(input: &SoftmaxInput) -> Result<Option<usize>, ComputeError> {
    let n = input.logits.len();
    count_within("logits", n, MAX_DIM)?;
    if let Some(labels) = &input.labels {
        distinct_names("label", labels, n, "logit")?;
    }
    positive("temperature", input.temperature, TEMPERATURE_HINT)?;
    if let Some(temperatures) = &input.temperatures {
        if temperatures.is_empty() {
            return Err(empty_list("temperatures"));
        }
        count_within("temperatures", temperatures.len(), MAX_DIM)?;
        (temperatures.iter()).try_for_each(|t| positive("temperatures", *t, TEMPERATURE_HINT))?;
    }
    (input.target.as_ref())
        .map(|target| resolve_target(target, input))
        .transpose()
}

/// The target's position among the logits.
fn resolve_target(target: &Target, input: &SoftmaxInput) -> Result<usize, ComputeError> {
    let n = input.logits.len();
    match (target, &input.labels) {
        (Target::Position(position), _) => {
            position_within("target", "target position", *position, n, "logits")?;
            Ok(*position)
        }
        (Target::Label(label), None) => refuse(
            "target",
            format!("target `{label}` is a label, but the logits have no labels"),
            "add labels = [ … ] or give the target's position",
        ),
        (Target::Label(label), Some(labels)) => match labels.iter().position(|l| l == label) {
            Some(position) => Ok(position),
            None => refuse(
                "target",
                format!("there is no label `{label}`"),
                format!("use one of {}", labels.join(", ")),
            ),
        },
    }
}
