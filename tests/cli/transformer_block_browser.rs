//! Real-browser tests of the widgets of the shipped book's "Inside a transformer block" part:
//! `worked build` this repository's book, open a lesson in headless Chromium over file://, edit
//! an input as a reader would, and compare what the page then shows with what the Rust core
//! computes for the same edit (`worked eval --json` on the lesson with that input line
//! rewritten). The tests also hold the lessons to what their text promises the reader will see.

use super::compute_widget_browser::{field, LIVE};
use super::widget_browser::page_matrices;
use crate::browser::fmt;
use crate::browser::launch;
use crate::browser::open_live;
use crate::browser::{eval_json, js_string, type_into};
use headless_chrome::Tab;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use worked::present::{format_number, Precision, Style};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "The widgets of the transformer-block lessons in a browser";

fn lesson_source(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// The steps of the lesson's one compute example as the Rust core computes them after each
/// `(old line, new line)` replacement in its source: `{step name: value}` at full precision.
fn rust_steps(lesson: &str, edits: &[(&str, &str)]) -> serde_json::Map<String, Value> {
    let mut text = std::fs::read_to_string(lesson_source(lesson)).expect("the lesson exists");
    for (old, new) in edits {
        assert_eq!(
            text.matches(old).count(),
            1,
            "`{old}` appears exactly once in {lesson}"
        );
        text = text.replacen(old, new, 1);
    }
    // A copy in a book of its own, at the same place under `content/`.
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join(lesson);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, text).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_worked"))
        .current_dir(dir.path())
        .args(["eval", "--json", lesson])
        .output()
        .expect("run worked eval");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let json: Value = serde_json::from_slice(&run.stdout).expect("eval writes JSON");
    let examples = json["examples"].as_array().expect("a list of examples");
    let compute: Vec<&Value> = examples
        .iter()
        .filter(|example| example["kind"] == "compute")
        .collect();
    compute[0]["steps"]
        .as_object()
        .expect("steps by name")
        .clone()
}

/// A step's value as the widget prints it: rows of cells (a number is one cell), every entry
/// at the one precision the step shares (all whole, or all at the book's 3 decimals).
fn cells(value: &Value) -> Vec<Vec<String>> {
    let number = |x: &Value| x.as_f64().unwrap();
    let rows: Vec<Vec<f64>> = match value {
        Value::Number(_) => vec![vec![number(value)]],
        Value::Array(items) if items.iter().all(Value::is_number) => {
            vec![items.iter().map(number).collect()]
        }
        Value::Array(rows) => rows
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(number).collect())
            .collect(),
        other => panic!("not a value: {other}"),
    };
    let precision = Precision::Computed(3).shared_by(rows.iter().flatten().copied());
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|&x| format_number(x, precision, Style::Prose))
                .collect()
        })
        .collect()
}

/// The live table of step `name`, as rows of cell texts.
fn shown_matrix(tab: &Tab, name: &str) -> Vec<Vec<String>> {
    page_matrices(tab)
        .into_iter()
        .find(|(shown, _)| shown == name)
        .unwrap_or_else(|| panic!("no live table `{name}`"))
        .1
}

/// The live number of scalar step `name`.
fn shown_scalar(tab: &Tab, name: &str) -> String {
    let text = eval_json(
        tab,
        &format!(
            "document.querySelector({}).textContent",
            js_string(&format!(".ww [data-value='{name}']"))
        ),
    );
    text.as_str()
        .unwrap_or_else(|| panic!("no live number `{name}`"))
        .to_string()
}

/// The text of the first reference in the lesson's prose that matches `selector`.
fn prose(tab: &Tab, selector: &str) -> String {
    let text = eval_json(
        tab,
        &format!(
            "document.querySelector({}).textContent",
            js_string(selector)
        ),
    );
    text.as_str()
        .unwrap_or_else(|| panic!("no prose reference `{selector}`"))
        .to_string()
}

/// The lesson's `show` list leaves step `name` out of the live widget.
fn assert_not_drawn(tab: &Tab, name: &str) {
    let drawn: Vec<String> = page_matrices(tab).into_iter().map(|(n, _)| n).collect();
    assert!(
        !drawn.iter().any(|n| n == name),
        "`{name}` is not in the widget's show list, yet drawn: {drawn:?}"
    );
}

const BLOCK: &str = "content/block/transformer-block.md";
const BLOCK_X: &str = "x = [[1, 0, 1, 0], [0, 1, 0, 1], [1, 1, 0, 0]]";

#[test]
fn editing_the_last_token_of_the_block_leaves_the_earlier_rows_alone_as_the_rust_core_does() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = crate::support::ShippedSite::build();
    let tab = chromium.tab();
    open_live(&tab, &book.url("block/transformer-block.html"), LIVE);
    let before = rust_steps(BLOCK, &[]);
    assert_eq!(
        shown_matrix(&tab, "y"),
        cells(&before["y"]),
        "before any edit"
    );
    assert_not_drawn(&tab, "w_q");

    // The first entry of "sat", the last token: the causal mask keeps it from "the" and "cat".
    type_into(&tab, &field("x", 2, 0), "3");
    let edited = rust_steps(
        BLOCK,
        &[(BLOCK_X, "x = [[1, 0, 1, 0], [0, 1, 0, 1], [3, 1, 0, 0]]")],
    );
    let shown = shown_matrix(&tab, "y");
    assert_eq!(shown, cells(&edited["y"]), "after editing \"sat\"");
    let old = cells(&before["y"]);
    assert_eq!(shown[..2], old[..2], "the rows of \"the\" and \"cat\" stay");
    assert_ne!(shown[2], old[2], "the row of \"sat\" changes");
    assert_eq!(
        shown_matrix(&tab, "a1"),
        cells(&edited["a1"]),
        "head 1's weights"
    );

    // The first entry of "the": every later token attends to it, so every row moves.
    type_into(&tab, &field("x", 0, 0), "2");
    let both = rust_steps(
        BLOCK,
        &[(BLOCK_X, "x = [[2, 0, 1, 0], [0, 1, 0, 1], [3, 1, 0, 0]]")],
    );
    let again = shown_matrix(&tab, "y");
    assert_eq!(again, cells(&both["y"]), "after editing \"the\" too");
    for (row, name) in ["the", "cat", "sat"].iter().enumerate() {
        assert_ne!(again[row], shown[row], "the row of \"{name}\" changes");
    }
    assert_eq!(
        prose(&tab, ".worked-ref[data-ref='block.y[sat]']"),
        format!("({})", old[2].join(", ")),
        "the text keeps the lesson's numbers"
    );
}

const LOSS: &str = "content/block/next-token-loss.md";

#[test]
fn a_learning_rate_too_large_makes_the_loss_rise_as_the_rust_core_computes() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = crate::support::ShippedSite::build();
    let tab = chromium.tab();
    open_live(&tab, &book.url("block/next-token-loss.html"), LIVE);
    let before = rust_steps(LOSS, &[]);
    for name in ["loss", "slope", "exact", "loss_after", "change"] {
        assert_eq!(
            vec![vec![shown_scalar(&tab, name)]],
            cells(&before[name]),
            "`{name}` before any edit"
        );
    }
    assert!(
        before["change"].as_f64().unwrap() < 0.0,
        "the lesson's step lowers the loss"
    );
    assert_not_drawn(&tab, "q");

    type_into(&tab, &field("rate", 0, 0), "10");
    let large = rust_steps(LOSS, &[("rate = 1\n", "rate = 10\n")]);
    assert!(
        large["change"].as_f64().unwrap() > 0.0,
        "the text promises that a rate of 10 makes the loss rise"
    );
    for name in ["w_after", "loss_after", "change", "predicted"] {
        assert_eq!(
            vec![vec![shown_scalar(&tab, name)]],
            cells(&large[name]),
            "`{name}` at rate 10"
        );
    }
    assert_eq!(
        prose(&tab, ".worked-ref[data-ref='step.change']"),
        fmt(before["change"].as_f64().unwrap()),
        "the text keeps the lesson's numbers"
    );

    // Another target for the last position: the measured slope still matches the exact one.
    type_into(&tab, &field("target", 0, 0), "2");
    let target = rust_steps(
        LOSS,
        &[
            ("rate = 1\n", "rate = 10\n"),
            ("target = { value = 3,", "target = { value = 2,"),
        ],
    );
    assert_ne!(
        target["slope"], large["slope"],
        "the target moves the slope"
    );
    for name in ["slope", "exact", "loss", "change"] {
        assert_eq!(
            vec![vec![shown_scalar(&tab, name)]],
            cells(&target[name]),
            "`{name}` with target 2"
        );
    }
    assert_eq!(shown_matrix(&tab, "terms"), cells(&target["terms"]));
}
