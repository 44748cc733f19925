//! ` ```gradient_descent ` blocks: points, a start, a learning rate and a number of steps →
//! `compute::gradient_descent`.

use super::toml_input::{count, matrix, positive, vector, Number, Numbers, Rows};
use super::{kind_spec, ok_or_record, read_kind, shown};
use super::{BlockError, ParsedExample};
use crate::compute::gradient_descent::{GradientDescentInput, MAX_STEPS, RATE_HINT};
use toml::Spanned;

mod widget;

use widget::widget_keys;

const KEYS: &str = "points, start, learning_rate, steps";

kind_spec! {
    struct GradientDescentSpec {
        points: Rows,
        start: Numbers,
        learning_rate: Number,
        steps: Spanned<i64>,
    }
}

/// What a descent widget shows without JavaScript, by name and caption: the inputs first, as
/// the live widget's fields show them, then what they give.
const SHOWN: &[(&str, &str)] = &[
    ("points", "points (x, y)"),
    ("start", "start (w, b)"),
    ("learning_rate", "learning rate η"),
    ("steps", "steps"),
    ("final_w", "w after the last step"),
    ("final_b", "b after the last step"),
    ("final_loss", "loss after the last step"),
    ("diverged_at", "diverged at step"),
];

/// Parses the block and runs the compute core on it.
pub(super) fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
    read_kind(text, KEYS, input, widget_keys, |_| shown(SHOWN))
}

/// The kind's input from the block's own keys, each problem added to `errors`.
fn input(spec: &GradientDescentSpec, errors: &mut Vec<BlockError>) -> Option<GradientDescentInput> {
    let points = pairs(&spec.points).and_then(|()| matrix("points", &spec.points));
    let points = ok_or_record(errors, points);
    let start = vector("start", &spec.start).and_then(|start| match start.as_slice() {
        Some(&[w, b]) => Ok((w, b)),
        _ => Err(BlockError::new(
            spec.start.span(),
            format!("`start` needs two numbers (w, b), but has {}", start.len()),
        )
        .help("write start = [0, 0]")),
    });
    let start = ok_or_record(errors, start);
    let learning_rate = ok_or_record(
        errors,
        positive("learning_rate", &spec.learning_rate, RATE_HINT),
    );
    let help = format!("use a whole number from 1 to {MAX_STEPS}");
    let steps = ok_or_record(errors, count("steps", &spec.steps, MAX_STEPS, &help));
    Some(GradientDescentInput {
        points: (points?.rows().into_iter())
            .map(|row| (row[0], row[1]))
            .collect(),
        start: start?,
        learning_rate: learning_rate?,
        steps: steps?,
    })
}

/// Every point is `[x, y]`; checked before [`matrix`] so a point of the wrong length is named
/// as a point, even when it is the first row.
fn pairs(points: &Rows) -> Result<(), BlockError> {
    for (index, point) in points.get_ref().iter().enumerate() {
        let count = point.get_ref().len();
        if count != 2 {
            return Err(BlockError::new(
                point.span(),
                format!(
                    "point {} has {count} number{}, but a point is [x, y]",
                    index + 1,
                    if count == 1 { "" } else { "s" }
                ),
            )
            .help("write points = [[0, 1], [1, 3], [2, 5]]"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
