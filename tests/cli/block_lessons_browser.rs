//! Real-browser tests of the widgets in the lessons of `content/block/` (multi-head attention,
//! residual connections and layer norm, the feed-forward network): build this repository's
//! book, open each lesson in headless Chromium over file://, edit an input of its widget with the
//! keyboard, and compare every step the page shows with what the Rust core computes from the
//! lesson's own ```` ```compute ```` block with the same edit. The block is read from the lesson
//! file, so the test follows the lesson as it is written.

use super::compute_widget_browser::printed_steps;
use crate::browser::{eval_json, js_string, screenshot_slices, type_into, wait_for};
use crate::browser::{launch, Chromium};
use headless_chrome::Tab;
use std::path::Path;
use std::sync::Arc;
use worked::compute::computed::{compute, Computed, Labels};
use worked::compute::lang::{LangError, Value as LangValue};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "The widgets of the block lessons";

/// A step's name and its entries as the widget prints them, row by row.
pub(super) type Shown = Vec<(String, Vec<Vec<String>>)>;

/// A ```` ```compute ```` block of a lesson: its name, program, inputs and labels.
pub(super) struct Example {
    pub(super) name: String,
    steps: String,
    inputs: Vec<(String, LangValue)>,
    labels: Labels,
}

fn strings(value: Option<&toml::Value>) -> Option<Vec<String>> {
    value.and_then(toml::Value::as_array).map(|items| {
        items
            .iter()
            .map(|item| item.as_str().expect("a label").to_string())
            .collect()
    })
}

fn number(value: &toml::Value) -> f64 {
    value
        .as_float()
        .or_else(|| value.as_integer().map(|integer| integer as f64))
        .expect("a number")
}

/// The input as the language holds it: a number, a list (vector) or a list of lists (matrix).
impl Example {
    /// The CSS selector of this example's live widget.
    pub(super) fn scope(&self) -> String {
        format!(
            "[data-widget=\"compute\"][data-example=\"{}\"] .ww",
            self.name
        )
    }
}

fn lang_value(value: &toml::Value) -> LangValue {
    // An input with a domain (`{ value = 2, min = 1 }`) holds its value under `value`.
    if let Some(inner) = value.get("value") {
        return lang_value(inner);
    }
    match value.as_array() {
        None => LangValue::Scalar(number(value)),
        Some(items) if items.first().is_some_and(toml::Value::is_array) => {
            let rows: Vec<Vec<f64>> = items
                .iter()
                .map(|row| row.as_array().unwrap().iter().map(number).collect())
                .collect();
            let width = rows[0].len();
            let flat: Vec<f64> = rows.concat();
            LangValue::Matrix(ndarray::Array2::from_shape_vec((rows.len(), width), flat).unwrap())
        }
        Some(items) => LangValue::Vector(items.iter().map(number).collect()),
    }
}

/// The compute block named `name` in `content/block/<lesson>.md`.
fn example_in(lesson: &str, name: &str) -> Example {
    example_in_part("block", lesson, name)
}

/// The compute block named `name` in `content/<part>/<lesson>.md`.
pub(super) fn example_in_part(part: &str, lesson: &str, name: &str) -> Example {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("content/{part}/{lesson}.md"));
    let text = std::fs::read_to_string(&path).expect("the lesson exists");
    let block = text
        .split("```compute\n")
        .skip(1)
        .map(|rest| rest.split("\n```").next().unwrap())
        .find(|block| block.starts_with(&format!("name = \"{name}\"")))
        .unwrap_or_else(|| panic!("no compute block \"{name}\" in {}", path.display()));
    let table: toml::Table = block.parse().expect("the block is TOML");
    let inputs = table
        .get("inputs")
        .and_then(toml::Value::as_table)
        .map(|inputs| {
            inputs
                .iter()
                .map(|(name, value)| (name.clone(), lang_value(value)))
                .collect()
        })
        .unwrap_or_default();
    Example {
        name: name.to_string(),
        steps: table["steps"].as_str().expect("steps").to_string(),
        inputs,
        labels: Labels {
            rows: strings(table.get("rows")),
            cols: strings(table.get("cols")),
            sides: table
                .get("labels")
                .map(|sides| sides.clone().try_into().expect("[labels] of sides"))
                .unwrap_or_default(),
        },
    }
}

/// What the Rust core computes from `example` after setting input entries (`name`, 0-based
/// row, column, value), or the error it reports.
pub(super) fn computed(
    example: &Example,
    edits: &[(&str, usize, usize, f64)],
) -> Result<Computed, LangError> {
    let mut inputs = example.inputs.clone();
    for &(name, row, col, value) in edits {
        let (_, input) = inputs
            .iter_mut()
            .find(|(candidate, _)| candidate == name)
            .unwrap_or_else(|| panic!("no input {name}"));
        match input {
            LangValue::Scalar(x) => *x = value,
            LangValue::Vector(v) => v[col] = value,
            LangValue::Matrix(m) => m[[row, col]] = value,
        }
    }
    compute(&example.steps, inputs, example.labels.clone())
}

/// Every step of `example`, after setting input entries (`name`, 0-based row, column, value),
/// as the widget must print it.
pub(super) fn expected(example: &Example, edits: &[(&str, usize, usize, f64)]) -> Shown {
    printed_steps(&computed(example, edits).expect("the lesson's program runs"))
}

/// Every step the live widget of `example` shows, in the program's order: tables cell by
/// cell, scalars as one cell.
pub(super) fn shown(tab: &Tab, example: &Example, order: &Shown) -> Shown {
    let script = String::from(
        "(function (scope) {
            return Array.from(document.querySelectorAll(scope + ' [data-matrix]')).map(function (table) {
                var rows = [];
                table.querySelectorAll('td[data-row][data-col]').forEach(function (td) {
                    var r = Number(td.getAttribute('data-row'));
                    (rows[r] = rows[r] || [])[Number(td.getAttribute('data-col'))] = td.textContent;
                });
                return [table.getAttribute('data-matrix'), rows];
            }).concat(Array.from(document.querySelectorAll(scope + ' [data-value]')).map(function (node) {
                return [node.getAttribute('data-value'), [[node.textContent]]];
            }));
        })(",
    ) + &js_string(&example.scope()) + ")";
    let mut steps: Shown =
        serde_json::from_value(eval_json(tab, &script)).expect("names and rows of text");
    steps.sort_by_key(|(name, _)| order.iter().position(|(n, _)| n == name));
    steps
}

/// Opens `content/block/<lesson>.md` in `book`, once `example`'s widget has replaced its static
/// tables.
fn open(
    chromium: &Chromium,
    book: &tempfile::TempDir,
    lesson: &str,
    example: &Example,
) -> Arc<Tab> {
    open_in_part(chromium, book, "block", lesson, example)
}

/// Opens `content/<part>/<lesson>.md` in `book`, once `example`'s widget has replaced its
/// static tables.
pub(super) fn open_in_part(
    chromium: &Chromium,
    book: &tempfile::TempDir,
    part: &str,
    lesson: &str,
    example: &Example,
) -> Arc<Tab> {
    let tab = chromium.tab();
    let url = format!(
        "file://{}",
        book.path()
            .join(format!("public/{part}/{lesson}.html"))
            .display()
    );
    tab.navigate_to(&url).expect("navigate");
    // Polling (rather than waiting for the navigation event) rides out a busy machine: the
    // condition is retried until the common patience runs out.
    let scope = example.scope();
    wait_for(
        &tab,
        &format!(
            "document.querySelector({}) !== null",
            js_string(&format!("{scope} [data-matrix], {scope} [data-value]"))
        ),
    );
    tab
}

/// Types every edit into its field of `example`'s widget; the value is typed as Rust prints it.
pub(super) fn edit(tab: &Tab, example: &Example, edits: &[(&str, usize, usize, f64)]) {
    for &(input, row, col, value) in edits {
        // A switch declared by its domain (`choice = [0, 1]`) is a checkbox: clicked, not typed.
        let toggle = format!(
            "{} input[type=checkbox][data-toggle='{input}']",
            example.scope()
        );
        let checked = crate::browser::eval(
            tab,
            &format!(
                "(function () {{ var box = document.querySelector({}); return box ? box.checked : null; }})()",
                crate::browser::js_string(&toggle)
            ),
        );
        if let Some(checked) = checked.as_bool() {
            if checked != (value == 1.0) {
                crate::browser::click(tab, &toggle);
            }
            continue;
        }
        let field = format!(
            "{} input[data-input='{input}'][data-row='{row}'][data-col='{col}']",
            example.scope()
        );
        type_into(tab, &field, &value.to_string());
    }
}

/// A printed row as numbers (the minus sign is U+2212 on the page).
fn numbers(row: &[String]) -> Vec<f64> {
    row.iter()
        .map(|cell| cell.replace('\u{2212}', "-").parse().expect("a number"))
        .collect()
}

pub(super) fn step<'a>(steps: &'a Shown, name: &str) -> &'a Vec<Vec<String>> {
    &steps.iter().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn the_multi_head_shapes_widget_recomputes_the_counts_as_the_rust_core_does() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let example = example_in("multi-head", "dims");
    let book = crate::support::build_repository_book();
    let tab = open(&chromium, book, "multi-head", &example);
    let before = expected(&example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // Four heads instead of two: narrower heads, the same number of parameters.
    let edits = [("h", 0, 0, 4.0)];
    edit(&tab, &example, &edits);
    let after = expected(&example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_ne!(
        step(&after, "d_k"),
        step(&before, "d_k"),
        "the heads narrow"
    );
    assert_eq!(
        step(&after, "total"),
        step(&before, "total"),
        "the count stays"
    );
    assert_eq!(
        step(&after, "d_k"),
        &[["1"]],
        "four heads of width one, exactly"
    );
}

#[test]
fn the_next_token_widget_prints_the_nudged_losses_at_the_places_its_block_gives() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let example = example_in("next-token-loss", "step");
    let book = crate::support::build_repository_book();
    let tab = open(&chromium, book, "next-token-loss", &example);
    let steps = shown(&tab, &example, &Vec::new());
    let losses: Vec<&str> = ["loss_up", "loss_down"]
        .iter()
        .map(|name| step(&steps, name)[0][0].as_str())
        .collect();
    // `decimals = { loss_up = 9, loss_down = 9 }`: the nudge the lesson is about shows, and a
    // reader who redoes the central difference on the printed losses gets the printed slope
    // (at the book's 3 decimals the losses are 1.696 and 1.695, and the quotient 5).
    for loss in &losses {
        assert_eq!(loss.split('.').nth(1).map(str::len), Some(9), "{losses:?}");
    }
    let [up, down] = [losses[0], losses[1]].map(|text| text.parse::<f64>().unwrap());
    let slope = step(&steps, "slope")[0][0].clone();
    assert_eq!(
        format!("{:.3}", (up - down) / (2.0 * 0.0001)),
        slope,
        "{losses:?}"
    );
}

#[test]
fn the_layer_norm_widget_recomputes_every_step_and_ignores_a_shift_of_a_row() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let example = example_in("residual-layer-norm", "ln");
    let book = crate::support::build_repository_book();
    let tab = open(&chromium, book, "residual-layer-norm", &example);
    let before = expected(&example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // Add 5 to every entry of the sublayer's output for "cat" (row 2).
    let LangValue::Matrix(f) = &example.inputs.iter().find(|(n, _)| n == "f").unwrap().1 else {
        panic!("f is a matrix")
    };
    let edits: Vec<(&str, usize, usize, f64)> =
        (0..4).map(|col| ("f", 1, col, f[[1, col]] + 5.0)).collect();
    edit(&tab, &example, &edits);
    let after = expected(&example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_ne!(step(&after, "r")[1], step(&before, "r")[1], "the sum moves");
    assert_eq!(
        step(&after, "y")[1],
        step(&before, "y")[1],
        "the normalised row does not"
    );
}

#[test]
fn the_feed_forward_widget_recomputes_one_token_and_leaves_the_others_alone() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let example = example_in("feed-forward", "ffn");
    let book = crate::support::build_repository_book();
    let tab = open(&chromium, book, "feed-forward", &example);
    let before = expected(&example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // Move "cat" (row 2) to the other side of several units' lines.
    let edits = [("x", 1, 0, -2.0), ("x", 1, 1, 1.5)];
    edit(&tab, &example, &edits);
    let after = expected(&example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    let (out_before, out_after) = (step(&before, "out"), step(&after, "out"));
    assert_ne!(
        out_after[1], out_before[1],
        "the edited token's output moves"
    );
    // Compared as numbers: with every input whole the outputs print without decimals, and an
    // edit to 1.5 makes them fractions, printed at three decimals.
    assert_eq!(
        numbers(&out_after[0]),
        numbers(&out_before[0]),
        "\"the\" does not"
    );
    assert_eq!(
        numbers(&out_after[2]),
        numbers(&out_before[2]),
        "\"sat\" does not"
    );
    assert_ne!(
        step(&after, "h")[1],
        step(&before, "h")[1],
        "other hidden units fire"
    );
}

#[test]
fn the_two_head_widget_recomputes_every_step_and_moves_head_two_back_a_token() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let example = example_in("multi-head", "mh");
    let book = crate::support::build_repository_book();
    let tab = open(&chromium, book, "multi-head", &example);
    let before = expected(&example, &[]);
    assert_eq!(shown(&tab, &example, &before), before, "before any edit");

    // The lesson's first suggestion: W_Q row 4, column 3 from −6 to −12.
    let edits = [("w_q", 3, 2, -12.0)];
    edit(&tab, &example, &edits);
    let after = expected(&example, &edits);
    assert_eq!(shown(&tab, &example, &after), after, "after the edit");
    assert_eq!(
        step(&after, "a1"),
        step(&before, "a1"),
        "head 1 does not change"
    );
    let largest = |row: &Vec<String>| {
        (0..row.len())
            .max_by(|&i, &j| {
                let value = |k: usize| row[k].replace('\u{2212}', "-").parse::<f64>().unwrap();
                value(i).total_cmp(&value(j))
            })
            .unwrap()
    };
    let head_two = step(&after, "a2");
    assert_eq!(
        largest(&head_two[2]),
        0,
        "\"sat\" looks two back, at \"the\""
    );
    assert_eq!(
        largest(&head_two[3]),
        1,
        "\"down\" looks two back, at \"cat\""
    );
}

/// Not a check: the three lessons at 360 and 1280 px, light and dark, in slices of 1,200 px for
/// a person to look at: `cargo test --test cli -- --ignored block_lessons_screenshots` writes
/// them to `$WORKED_SCREENSHOTS` (default: `worked-screenshots` in the temporary folder).
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn block_lessons_screenshots() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = crate::support::build_repository_book();
    for lesson in ["multi-head", "residual-layer-norm", "feed-forward"] {
        let page = book.path().join(format!("public/block/{lesson}.html"));
        screenshot_slices(&chromium, &format!("file://{}", page.display()), lesson);
    }
}
