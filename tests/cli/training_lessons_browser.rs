//! Real-browser tests of the widgets in the lessons of `content/training/`: build this
//! repository's book, open each lesson in headless Chromium over file://, edit its widget with the
//! keyboard, and compare every step the page shows with what the Rust core computes from the
//! lesson's own ```` ```compute ```` block with the same edits. The blocks are read from the
//! lesson files, so the tests follow the lessons as they are written.

use super::block_lessons_browser::{
    edit, example_in_part, expected as every_step, open_in_part, shown, step, Example, Shown,
};
use crate::common::{launch_chromium, Chromium};
use std::path::Path;

/// The `show` list of the widget of `example` in `content/training/<lesson>.md`.
fn widget_shows(lesson: &str, example: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("content/training/{lesson}.md"));
    let text = std::fs::read_to_string(path).expect("the lesson exists");
    let block = text
        .split("```widget\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap())
        .find(|block| block.starts_with(&format!("example = \"{example}\"")))
        .expect("the lesson has this widget");
    let table: toml::Table = block.parse().expect("the widget block is TOML");
    table["show"]
        .as_array()
        .expect("a show list")
        .iter()
        .map(|name| name.as_str().unwrap().to_string())
        .collect()
}

/// The steps the widget of `example` shows, after `edits`, as the Rust core computes them.
fn expected(lesson: &str, example: &Example, edits: &[(&str, usize, usize, f64)]) -> Shown {
    let shows = widget_shows(lesson, &example.name);
    every_step(example, edits)
        .into_iter()
        .filter(|(name, _)| shows.contains(name))
        .collect()
}

fn launch() -> Option<Chromium> {
    launch_chromium(
        "training_lessons_browser",
        "The widgets of the training lessons",
    )
}

#[test]
fn the_training_widget_reruns_the_loop_with_the_readers_steps_seed_and_optimiser() {
    const LESSON: &str = "training-loop";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "try");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");
    assert_eq!(step(&before, "curve")[0].len(), 100, "one loss per step");

    // Fewer steps from another seed: the curve is as long as the reader asked.
    let fewer = [("steps", 0, 0, 30.0), ("seed", 0, 0, 2.0)];
    edit(&tab, &example, &fewer);
    let after = expected(LESSON, &example, &fewer);
    assert_eq!(shown(&tab, &example, &after), after, "after steps and seed");
    assert_eq!(step(&after, "curve")[0].len(), 30);
    assert_ne!(step(&after, "p"), step(&before, "p"));

    // Plain gradient descent at a larger rate, from the same start.
    let sgd = [("adam", 0, 0, 0.0), ("rate", 0, 0, 0.5)];
    edit(&tab, &example, &sgd);
    let both: Vec<_> = fewer.iter().chain(&sgd).copied().collect();
    let descent = expected(LESSON, &example, &both);
    assert_eq!(
        shown(&tab, &example, &descent),
        descent,
        "after the optimiser"
    );
    assert_eq!(
        step(&descent, "curve")[0][0],
        step(&after, "curve")[0][0],
        "both start from the same loss"
    );
    assert_ne!(step(&descent, "curve"), step(&after, "curve"));
}

#[test]
fn the_backpropagation_widget_recomputes_both_slopes_for_another_weight() {
    const LESSON: &str = "backprop";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "bp");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let before = expected(LESSON, &example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // The lesson's first suggestion: a hidden unit that is off for every token.
    let closed = [("fj", 0, 0, 3.0)];
    edit(&tab, &example, &closed);
    let after = expected(LESSON, &example, &closed);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_eq!(
        step(&after, "exact_1"),
        &[["0"]],
        "the gate passes nothing: exactly 0, which the number rule prints whole"
    );
    assert_ne!(step(&after, "exact_1"), step(&before, "exact_1"));
}
