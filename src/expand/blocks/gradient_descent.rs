//! ` ```gradient_descent ` blocks: points, a start, a learning rate and a number of steps →
//! `compute::gradient_descent`.

use super::domain::Domain;
use super::expect::ExpectTable;
use super::toml_input::{count, matrix, parse_toml, positive, vector, Number, Numbers, Rows};
use super::{kind_example, name_problems, ok_or_record, run_kind, shown};
use super::{BlockError, ParsedExample};
use crate::compute::gradient_descent::{
    steps_per_run, GradientDescentInput, MAX_STEPS, PARAMETER_NAMES, POINT_NAMES, RATE_HINT,
};
use crate::compute::kind::KindRun;

use crate::expand::widget_presentation::{ContourView, Control, LineMarkSteps, View};
use serde::Deserialize;
use toml::Spanned;

const KEYS: &str =
    "name, points, start, learning_rate, steps, [expect] (optional), show (optional)";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GradientDescentSpec {
    name: Spanned<String>,
    points: Rows,
    start: Numbers,
    learning_rate: Number,
    steps: Spanned<i64>,
    expect: Option<ExpectTable>,
    show: Option<Spanned<toml::Value>>,
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
    let spec: GradientDescentSpec = parse_toml(text, KEYS).map_err(|error| vec![error])?;
    let mut errors = name_problems(&spec.name);
    let points = pairs(&spec.points).and_then(|()| matrix("points", &spec.points));
    let points = ok_or_record(&mut errors, points);
    let start = vector("start", &spec.start).and_then(|start| match start.as_slice() {
        Some(&[w, b]) => Ok((w, b)),
        _ => Err(BlockError::new(
            spec.start.span(),
            format!("`start` needs two numbers (w, b), but has {}", start.len()),
        )
        .help("write start = [0, 0]")),
    });
    let start = ok_or_record(&mut errors, start);
    let learning_rate = ok_or_record(
        &mut errors,
        positive("learning_rate", &spec.learning_rate, RATE_HINT),
    );
    let help = format!("use a whole number from 1 to {MAX_STEPS}");
    let steps = ok_or_record(&mut errors, count("steps", &spec.steps, MAX_STEPS, &help));
    let (Some(points), Some(start), Some(learning_rate), Some(steps), true) =
        (points, start, learning_rate, steps, errors.is_empty())
    else {
        return Err(errors);
    };
    let input = GradientDescentInput {
        points: points
            .rows()
            .into_iter()
            .map(|row| (row[0], row[1]))
            .collect(),
        start,
        learning_rate,
        steps,
    };
    let run = run_kind(&input, spec.name.get_ref(), |run| widget_keys(&input, run));
    let (show, expect) = (spec.show.as_ref(), spec.expect.as_ref());
    kind_example(text, &spec.name, show, expect, run, |_| shown(SHOWN))
}

/// How far the learning-rate slider reaches on each side of the lesson's rate: divided and
/// multiplied by this.
const RATE_SPAN: f64 = 20.0;

/// A descent widget's own data, beside the kind's program on its inputs (each a field): the
/// rate on a log-scale slider from a twentieth of the lesson's to twenty times it, with a
/// button to the run's largest stable rate (the `edge`); the loss curve marked with the least
/// loss and where a run diverged, the final values, the loss over the plane as a contour with
/// the path over it, and where a run diverged said in words (`notes`).
fn widget_keys(input: &GradientDescentInput, run: &KindRun) -> serde_json::Value {
    let edge = run.scalar("max_stable_rate").unwrap_or_default();
    let (lo, hi) = (
        input.learning_rate / RATE_SPAN,
        input.learning_rate * RATE_SPAN,
    );
    // The edge to 3 significant digits, as a reader would type it.
    let edge = {
        let scale = 10f64.powi(2 - edge.log10().floor() as i32);
        (edge * scale).round() / scale
    };
    let marks: Vec<f64> = [edge]
        .into_iter()
        .filter(|r| r.is_finite() && (lo..=hi).contains(r))
        .collect();
    let contour = ContourView {
        x: Some("grid_w".into()),
        y: Some("grid_b".into()),
        path: Some("path".into()),
        optimum: Some("optimum".into()),
        directions: Some("directions".into()),
        // The reader's names of the line's weight and bias, not the program's grids.
        x_label: Some("w".into()),
        y_label: Some("b".into()),
        ..ContourView::default()
    };
    // As many steps as one run of the program takes, as the kind allows.
    let most_steps = steps_per_run(input.points.len()) as f64;
    // The loss curve marks the least loss any line reaches and where a run diverged.
    let loss_marks = LineMarkSteps {
        reference: Some("optimum_loss".into()),
        diverged: Some("diverged_at".into()),
    };
    serde_json::json!({
        "domains": {
            "learning_rate": Domain::positive("the learning rate").json(),
            "steps": Domain::whole(1.0, most_steps, "the number of steps").json(),
        },
        "controls": {
            "learning_rate": Control::Slider { lo, hi, log: true, marks }.json(),
        },
        "lines": [{ "step": "losses" }],
        "log_y": true,
        // Each input's own names, as the kind's tables name them: points (x, y), start (w, b).
        "labels": {
            "points": { "cols": POINT_NAMES },
            "start": { "cols": PARAMETER_NAMES },
        },
        "line_marks": loss_marks.json(),
        "views": { "valley": View::Contour.name() },
        "contours": { "valley": contour.json() },
        "show": ["losses", "final_w", "final_b", "final_loss", "valley"],
        "notes": {
            "diverged_at": {
                "says": "Diverged at step {}.",
                "why": "That step would take the loss past 10\u{b9}\u{b2} times where it started, so the run stops there: the curve and the final values are those of the step before.",
            },
        },
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
