//! Real-browser test of the widget of part 5 of the shipped book ("Does it generalise?"): the
//! learning-rate schedule of the schedules lesson, edited with the keyboard, must show what the
//! Rust core computes from the lesson's own block with the same edits, and redraw its curve.

use super::block_lessons_browser::{
    edit, example_in_part, expected as every_step, open_in_part, shown, step, Example, Shown,
};
use crate::browser::{eval_json, launch};

/// The steps the schedule widget shows (its `show` list), as the Rust core computes them.
fn expected(example: &Example, edits: &[(&str, usize, usize, f64)]) -> Shown {
    let shows = ["rate", "first", "halfway", "last"];
    every_step(example, edits)
        .into_iter()
        .filter(|(name, _)| shows.contains(&name.as_str()))
        .collect()
}

/// How many points the widget's live line chart draws.
fn points_drawn(tab: &headless_chrome::Tab) -> usize {
    let points = eval_json(
        tab,
        "(function () {
            var line = document.querySelector('[data-example=\"rate\"] .ww .ww-lines svg polyline.wf-curve');
            return line ? line.getAttribute('points').trim().split(' ').length : 0;
        })()",
    );
    points.as_u64().expect("a count of points") as usize
}

#[test]
fn the_schedule_widget_recomputes_the_rate_per_step_and_redraws_it() {
    let Some(chromium) = launch(module_path!(), "The learning-rate schedule widget") else {
        return;
    };
    let example = example_in_part("generalise", "schedules", "rate");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, book, "generalise", "schedules", &example);
    let before = expected(&example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");
    let rates = step(&before, "rate")[0].len();
    assert_eq!(points_drawn(&tab), rates, "one point per step");

    // A shorter run with almost no warm-up: the first step is at the peak, the curve is shorter.
    let edits = [("steps", 0, 0, 40.0), ("warmup", 0, 0, 1.0)];
    edit(&tab, &example, &edits);
    let after = expected(&example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edits");
    assert_eq!(step(&after, "rate")[0].len(), 41, "steps 0 to 40");
    assert_ne!(
        step(&after, "first"),
        step(&before, "first"),
        "no warm-up now"
    );
    assert_eq!(points_drawn(&tab), 41, "the curve is redrawn");
}
