//! A descent widget's own data: its controls, views and notes, beside the kind's program.

use super::super::domain::Domain;
use crate::compute::gradient_descent::{
    steps_per_run, GradientDescentInput, PARAMETER_NAMES, POINT_NAMES,
};
use crate::compute::kind::KindRun;
use crate::expand::widget_presentation::{ContourView, Control, LineMarkSteps, View};

/// How far the learning-rate slider reaches on each side of the lesson's rate: divided and
/// multiplied by this.
const RATE_SPAN: f64 = 20.0;

/// A descent widget's own data, beside the kind's program on its inputs (each a field): the
/// rate on a log-scale slider from a twentieth of the lesson's to twenty times it, with a
/// button to the run's largest stable rate (the `edge`); the loss curve marked with the least
/// loss and where a run diverged, the final values, the loss over the plane as a contour with
/// the path over it, and where a run diverged said in words (`notes`).
pub(super) fn widget_keys(input: &GradientDescentInput, run: &KindRun) -> serde_json::Value {
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
