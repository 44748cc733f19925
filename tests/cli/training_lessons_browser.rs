//! Real-browser tests of the widgets in the lessons of `content/training/`: build this
//! repository's book, open each lesson in headless Chromium over file://, edit its widget with the
//! keyboard, and compare every step the page shows with what the Rust core computes from the
//! lesson's own ```` ```compute ```` block with the same edits. The blocks are read from the
//! lesson files, so the tests follow the lessons as they are written.

use super::block_lessons_browser::{
    computed, edit, example_in_part, expected as every_step, open_in_part, shown, step, Example,
    Shown,
};
use super::widget_browser::{color_scheme, eval_json, wait_for};
use crate::common::{launch_chromium, Chromium};
use headless_chrome::Tab;
use std::path::Path;
use worked::compute::lang::Value;
use worked::present::figure::{line_layout, Series};

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

/// The live widget's line chart as the page draws it: its points, tick labels, text
/// alternative and the colour of its line, and the decimals the widget prints at.
fn live_chart(tab: &Tab) -> serde_json::Value {
    eval_json(
        tab,
        "(function () {
            var svg = document.querySelector('[data-example=\"try\"] .ww .ww-lines svg');
            if (!svg) return null;
            var line = svg.querySelector('polyline.wf-curve');
            var text = function (list) { return Array.from(list).map(function (t) { return t.textContent; }); };
            var twin = document.querySelector('[data-example=\"try\"] .worked-widget-static polyline.wf-curve');
            return {
                points: line.getAttribute('points').split(' ').map(function (p) { return p.split(',').map(Number); }),
                x: text(svg.querySelectorAll('.wf-axis-x .wf-tick')),
                y: text(svg.querySelectorAll('.wf-axis-y .wf-tick')),
                name: document.getElementById(svg.getAttribute('aria-labelledby')).textContent,
                description: document.getElementById(svg.getAttribute('aria-describedby')).textContent,
                stroke: getComputedStyle(line).stroke,
                build_stroke: twin ? getComputedStyle(twin).stroke : null,
                table: document.querySelector('[data-example=\"try\"] .ww .ww-lines details [data-matrix=\"curve\"]') !== null,
                decimals: JSON.parse(document.querySelector('[data-example=\"try\"] script[data-example-data]').textContent).decimals
            };
        })()",
    )
}

/// Asserts that the page's chart is the build's line figure of `curve`, on a log scale.
fn assert_chart_of(chart: &serde_json::Value, curve: &Value, when: &str) {
    let Value::Vector(values) = curve else {
        panic!("curve is a vector")
    };
    let values = values.to_vec();
    let decimals = chart["decimals"].as_u64().expect("the widget's decimals") as usize;
    let layout = line_layout(
        &[Series {
            name: "curve",
            values: &values,
        }],
        true,
        decimals,
    )
    .expect("the lesson's curve draws");
    let labels = |ticks: &[(worked::present::svg::Tick, f64)]| -> Vec<String> {
        ticks.iter().map(|(tick, _)| tick.label.clone()).collect()
    };
    assert_eq!(
        chart["x"],
        serde_json::json!(labels(&layout.x_ticks)),
        "{when}: x ticks"
    );
    assert_eq!(
        chart["y"],
        serde_json::json!(labels(&layout.y_ticks)),
        "{when}: y ticks"
    );
    assert_eq!(chart["name"], layout.title, "{when}");
    assert_eq!(chart["description"], layout.description, "{when}");
    let points = chart["points"].as_array().expect("points");
    assert_eq!(
        points.len(),
        layout.curves[0].len(),
        "{when}: one point per step"
    );
    for (shown, point) in points.iter().zip(&layout.curves[0]) {
        let (x, y) = (shown[0].as_f64().unwrap(), shown[1].as_f64().unwrap());
        // Two decimals, as the build writes them (a tie may round either way).
        assert!(
            (x - point.x).abs() <= 0.006 && (y - point.y).abs() <= 0.006,
            "{when}: the page draws ({x}, {y}) where the build draws {point:?}"
        );
    }
    assert_eq!(chart["table"], true, "{when}: the numbers stay in a table");
}

#[test]
fn the_training_widget_draws_the_loss_curve_as_the_build_does_and_redraws_it_on_each_edit() {
    const LESSON: &str = "training-loop";
    let Some(chromium) = launch() else { return };
    let example = example_in_part("training", LESSON, "try");
    let book = crate::support::build_repository_book();
    let tab = open_in_part(&chromium, &book, "training", LESSON, &example);
    let curve = |edits: &[(&str, usize, usize, f64)]| {
        computed(&example, edits)
            .value("curve")
            .expect("a curve")
            .clone()
    };
    wait_for(&tab, "document.querySelector('.ww-lines svg') !== null");
    let before = live_chart(&tab);
    assert_chart_of(&before, &curve(&[]), "the lesson's numbers");
    // The line has the colour the build's chart of the same step has, light and dark.
    assert_eq!(before["stroke"], before["build_stroke"]);
    color_scheme(&tab, "dark");
    let dark = live_chart(&tab);
    assert_eq!(dark["stroke"], dark["build_stroke"]);
    assert_ne!(
        dark["stroke"], before["stroke"],
        "dark mode has its own colour"
    );
    color_scheme(&tab, "light");

    let faster = [("rate", 0, 0, 0.5)];
    edit(&tab, &example, &faster);
    let fast = live_chart(&tab);
    assert_ne!(
        fast["points"], before["points"],
        "a new rate redraws the curve"
    );
    assert_chart_of(&fast, &curve(&faster), "rate 0.5");

    let fewer = [("rate", 0, 0, 0.5), ("steps", 0, 0, 30.0)];
    edit(&tab, &example, &fewer[1..]);
    let short = live_chart(&tab);
    assert_ne!(short["x"], fast["x"], "fewer steps, another step axis");
    assert_chart_of(&short, &curve(&fewer), "30 steps");
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
