//! Real-browser test of the widget of a ```` ```compute ```` example: `worked build` a one-lesson
//! book, open it in headless Chromium over file://, edit inputs with the keyboard, and compare
//! every step the JavaScript interpreter shows with what the Rust core computes for the same
//! inputs; an edit that breaks a step must be reported at that input, and the edit must survive
//! a reload through the URL fragment. Browser plumbing is shared with `widget_browser`.

use super::widget_browser::{build_book_with, page_matrices};
use crate::browser::fmt;
use crate::browser::launch;
use crate::browser::open_live;
use crate::browser::{append_to, type_into, wait_for};
use crate::browser::{click, eval, eval_json, js_string, screenshot_slices};
use headless_chrome::Tab;
use ndarray::array;
use serde_json::Value;
use worked::compute::computed::{compute, Computed, Labels};
use worked::compute::lang::Value as LangValue;
use worked::present::{format_number, Precision, Style};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "The compute widget in a browser";

const STEPS: &str = "mu = mean(x, axis=1)
xc = x - mu
var = mean(xc ^ 2, axis=-1)
y = gamma * xc / sqrt(var + eps) + beta
spread = sqrt(x + 2)
total = sum(y)
";

/// The lesson: a layer norm with a step (`spread`) that fails for entries below −2, a prose
/// reference into it, and the widget, which says its total in words.
fn lesson() -> String {
    format!(
        r#"+++
title = "Compute, tried"
+++
```compute
name = "ln"
rows = ["the", "cat", "sat"]
steps = """
{STEPS}"""

[inputs]
x = [[2, 4, 6, 8], [1, -1, 3, 0.5], [0, 0, 1, 0]]
gamma = [1, 0.5, 2, 1]
beta = [0, 0.1, 0, -0.2]
eps = 0.00001
```

The mean of "cat" is {{{{ln.mu[cat, 1]}}}}.

```widget
example = "ln"
[[sentences]]
after = "total"
says = "The entries of y add up to {{total}}."
```
"#
    )
}

/// The example's inputs, in the order written.
fn inputs() -> Vec<(String, LangValue)> {
    vec![
        (
            "x".into(),
            LangValue::Matrix(array![
                [2.0, 4.0, 6.0, 8.0],
                [1.0, -1.0, 3.0, 0.5],
                [0.0, 0.0, 1.0, 0.0]
            ]),
        ),
        (
            "gamma".into(),
            LangValue::Vector(array![1.0, 0.5, 2.0, 1.0]),
        ),
        (
            "beta".into(),
            LangValue::Vector(array![0.0, 0.1, 0.0, -0.2]),
        ),
        ("eps".into(), LangValue::Scalar(0.00001)),
    ]
}

/// Every step as the widget must print it: matrices and vectors as rows of cells, in order;
/// scalars as one cell.
fn expected_steps(inputs: Vec<(String, LangValue)>) -> Vec<(String, Vec<Vec<String>>)> {
    let labels = Labels {
        rows: Some(vec!["the".into(), "cat".into(), "sat".into()]),
        ..Labels::default()
    };
    printed_steps(&compute(STEPS, inputs, labels).expect("the test's program runs"))
}

/// Every step of `computed` as the widget prints it: matrices and vectors as rows of cells at
/// three decimals, one precision per step (a whole number by construction without decimals),
/// in the program's order; scalars as one cell.
pub(crate) fn printed_steps(computed: &Computed) -> Vec<(String, Vec<Vec<String>>)> {
    computed
        .step_names()
        .into_iter()
        .map(|name| {
            let value = computed.value(name).unwrap();
            let precision = if computed.whole.contains(name) {
                Precision::AsWritten
            } else {
                let entries: Vec<f64> = match value {
                    LangValue::Scalar(x) => vec![*x],
                    LangValue::Vector(v) => v.to_vec(),
                    LangValue::Matrix(m) => m.iter().copied().collect(),
                };
                Precision::Computed(3).shared_by(entries)
            };
            let print = |x: f64| format_number(x, precision, Style::Prose);
            let rows = match value {
                LangValue::Scalar(x) => vec![vec![print(*x)]],
                LangValue::Vector(v) => vec![v.iter().map(|&x| print(x)).collect()],
                LangValue::Matrix(m) => m
                    .rows()
                    .into_iter()
                    .map(|row| row.iter().map(|&x| print(x)).collect())
                    .collect(),
            };
            (name.to_string(), rows)
        })
        .collect()
}

/// The steps the live widget shows: its `[data-matrix]` tables and `[data-value]` numbers.
fn shown_steps(tab: &Tab) -> Vec<(String, Vec<Vec<String>>)> {
    let order: Vec<String> = expected_steps(inputs())
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    steps_in_order(tab, &order)
}

/// The steps a live compute widget shows, its `[data-matrix]` tables and `[data-value]`
/// numbers, in the program's `order` (page order puts the numbers last).
pub(crate) fn steps_in_order(
    tab: &Tab,
    order: &[impl AsRef<str>],
) -> Vec<(String, Vec<Vec<String>>)> {
    let mut tables: Vec<(String, Vec<Vec<String>>)> = page_matrices(tab);
    let scalars = eval_json(
        tab,
        "Array.from(document.querySelectorAll('.ww [data-value]')).map(function (n) {
            return [n.getAttribute('data-value'), n.textContent];
        })",
    );
    for pair in scalars.as_array().unwrap() {
        tables.push((
            pair[0].as_str().unwrap().to_string(),
            vec![vec![pair[1].as_str().unwrap().to_string()]],
        ));
    }
    tables.sort_by_key(|(name, _)| order.iter().position(|n| n.as_ref() == name));
    tables
}

/// The page is live: the compute widget has replaced its static tables.
pub(crate) const LIVE: &str =
    "document.querySelector('[data-widget=\"compute\"] .ww [data-matrix]') !== null";

/// The selector of the field of entry (`row`, `col`) of a widget's `input`.
pub(crate) fn field(input: &str, row: usize, col: usize) -> String {
    format!("input[data-input='{input}'][data-row='{row}'][data-col='{col}']")
}

fn reference(tab: &Tab) -> String {
    let text = eval_json(
        tab,
        &format!(
            "document.querySelector({}).textContent",
            js_string(".worked-ref[data-ref='ln.mu[cat,1]']")
        ),
    );
    text.as_str()
        .expect("the reference is on the page")
        .to_string()
}

#[test]
fn editing_an_input_recomputes_every_step_as_the_rust_core_does_and_leaves_the_prose() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    assert_eq!(
        shown_steps(&tab),
        expected_steps(inputs()),
        "before any edit"
    );
    assert_eq!(reference(&tab), fmt(0.875));

    type_into(&tab, &field("x", 1, 1), "-1.5");
    type_into(&tab, &field("gamma", 0, 2), "3");
    type_into(&tab, &field("eps", 0, 0), "0.5");
    let mut edited = inputs();
    let LangValue::Matrix(x) = &mut edited[0].1 else {
        unreachable!()
    };
    x[[1, 1]] = -1.5;
    let LangValue::Vector(gamma) = &mut edited[1].1 else {
        unreachable!()
    };
    gamma[2] = 3.0;
    edited[3].1 = LangValue::Scalar(0.5);
    let expected = expected_steps(edited);
    assert_eq!(shown_steps(&tab), expected, "after the edits");
    // The author's sentence under `total` says the reader's total, as the build's says its own.
    let total = &expected.iter().find(|(name, _)| name == "total").unwrap().1[0][0];
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelector('.ww [data-sentence=\"total\"]').textContent"
        ),
        format!("The entries of y add up to {total}.")
    );
    assert_ne!(
        expected,
        expected_steps(inputs()),
        "the edits change the steps"
    );
    assert_eq!(
        reference(&tab),
        fmt(0.875),
        "the prose keeps describing the lesson's example, not the reader's copy"
    );
}

#[test]
fn an_edit_that_breaks_a_step_is_reported_at_that_input_and_the_last_values_stay() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    let before = shown_steps(&tab);
    // sqrt(x + 2) of an entry below −2 is the square root of a negative number.
    type_into(&tab, &field("x", 2, 3), "-7");
    let selector = js_string(&field("x", 2, 3));
    assert_eq!(
        eval(
            &tab,
            &format!("document.querySelector({selector}).getAttribute('aria-invalid')")
        ),
        Value::from("true")
    );
    let message = eval_json(
        &tab,
        &format!(
            "document.getElementById(document.querySelector({selector}).getAttribute('aria-describedby')).textContent"
        ),
    );
    let message = message.as_str().unwrap();
    assert!(
        message.contains("x row sat, column 4 = \u{2212}7 makes step \u{201c}spread\u{201d} fail"),
        "{message}"
    );
    let status = eval_json(&tab, "document.querySelector('[data-status]').textContent");
    assert!(
        status.as_str().unwrap().contains("last values that worked"),
        "{status}"
    );
    assert_eq!(
        shown_steps(&tab),
        before,
        "the tables keep the last good values"
    );
    assert!(!eval(&tab, "document.body.innerText")
        .as_str()
        .unwrap()
        .contains("NaN"));

    // Fixing the entry clears the message and recomputes.
    type_into(&tab, &field("x", 2, 3), "1");
    assert_eq!(
        eval(
            &tab,
            &format!("document.querySelector({selector}).hasAttribute('aria-invalid')")
        ),
        Value::Bool(false)
    );
    let mut fixed = inputs();
    let LangValue::Matrix(x) = &mut fixed[0].1 else {
        unreachable!()
    };
    x[[2, 3]] = 1.0;
    assert_eq!(shown_steps(&tab), expected_steps(fixed));
}

#[test]
fn the_edit_lives_in_the_url_fragment_and_survives_a_reload_and_reset() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&lesson(), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    type_into(&tab, &field("beta", 0, 1), "2");
    let hash = eval(&tab, "location.hash");
    assert_eq!(hash, Value::from("#try-ln=beta:0,2,0,-0.2"));
    crate::browser::reload(&tab);
    wait_for(
        &tab,
        "document.querySelector('[data-widget=\"compute\"] .ww [data-matrix]') !== null",
    );
    assert_eq!(
        eval(&tab, "location.hash"),
        hash,
        "the reload keeps the fragment"
    );
    assert_eq!(
        eval(
            &tab,
            &format!(
                "document.querySelector({}).value",
                js_string(&field("beta", 0, 1))
            )
        ),
        Value::from("2")
    );
    let mut edited = inputs();
    let LangValue::Vector(beta) = &mut edited[2].1 else {
        unreachable!()
    };
    beta[1] = 2.0;
    assert_eq!(
        shown_steps(&tab),
        expected_steps(edited),
        "restored from the link"
    );
    click(&tab, "[data-action='reset']");
    assert_eq!(shown_steps(&tab), expected_steps(inputs()), "reset");
    assert_eq!(eval(&tab, "location.hash"), Value::from(""));
}

/// Not a check: the positional-encoding lesson of this repository's book, at 360 and 1280 px,
/// light and dark, in slices of 1,200 px for a person to look at:
/// `cargo test --test cli -- --ignored positional_encoding_screenshots` writes them to
/// `$WORKED_SCREENSHOTS` (default: `worked-screenshots` in the temporary folder).
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn positional_encoding_screenshots() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let output = crate::support::build_repository_book();
    let page = output
        .path()
        .join("public/transformers/positional-encoding.html");
    screenshot_slices(&chromium, &format!("file://{}", page.display()), "pe");
}

#[test]
fn on_a_desktop_no_widget_table_of_up_to_eight_columns_is_cut_off_in_its_box() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let site = crate::support::ShippedSite::build();
    let tab = chromium.tab();
    for page in ["block/transformer-block.html", "block/multi-head.html"] {
        crate::browser::navigate(&tab, &site.url(page));
        wait_for(
            &tab,
            "document.querySelector('[data-widget=\"compute\"] .ww-results table') !== null",
        );
        // Each live table that is narrow enough to be shown whole must end inside its block;
        // wider ones scroll in their box instead.
        let cut_off = eval_json(
            &tab,
            "Array.from(document.querySelectorAll('.ww .ww-block table')).filter(function (t) { \
               var head = t.rows[0]; return head && head.cells.length <= 9; }).filter(function (t) { \
               var block = t.closest('.ww-block').getBoundingClientRect(); \
               return t.getBoundingClientRect().right > block.right + 0.5; }).map(function (t) { \
               return t.closest('.ww-block').textContent.trim().slice(0, 40); })",
        );
        assert_eq!(cut_off, serde_json::json!([]), "{page}: tables cut off");
    }
}

/// A lesson whose widget draws three loss curves on a log scale.
const CURVES_LESSON: &str = r#"+++
title = "Curves, tried"
+++
```compute
name = "fall"
steps = """
w = w0
repeat steps as t:
    w = w * 0.5
    loss = w ^ 2
a = history(loss)
b = a * 2 - shift
c = a * 3
"""

[inputs]
w0 = 3
steps = 20
shift = 0
```

```widget
example = "fall"
lines = ["a", "b", "c"]
log_y = true
```
"#;

/// The message at `selector`'s field, and the points of the chart's first line.
fn refusal(tab: &Tab, selector: &str) -> (String, Value) {
    let selector = js_string(selector);
    let message = eval_json(
        tab,
        &format!(
            "(function (f) {{ return f.getAttribute('aria-invalid') === 'true' ? document.getElementById(f.getAttribute('aria-describedby')).textContent : null; }})(document.querySelector({selector}))"
        ),
    );
    let points = eval_json(
        tab,
        "document.querySelector('.ww-lines polyline.wf-curve').getAttribute('points')",
    );
    (message.as_str().unwrap_or("no message").to_string(), points)
}

#[test]
fn an_edit_the_chart_cannot_draw_is_refused_at_its_field_and_the_chart_stays() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(CURVES_LESSON, "compute");
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    wait_for(&tab, "document.querySelector('.ww-lines svg') !== null");
    let legend = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('.ww-lines .wf-legend')).map(function (t) { return t.textContent; })",
    );
    assert_eq!(
        legend,
        serde_json::json!(["a", "b", "c"]),
        "a legend entry per line"
    );
    // A start of 0 makes every loss 0, an exact fit: drawn at the bottom of the log axis.
    type_into(&tab, &field("w0", 0, 0), "0");
    let (message, _) = refusal(&tab, &field("w0", 0, 0));
    assert_eq!(message, "no message", "a loss of 0 is drawn, not refused");
    let said = eval_json(&tab, "document.querySelector('.ww-lines svg').textContent");
    assert!(
        said.as_str()
            .unwrap()
            .contains("A value of 0, which a log scale cannot show, is drawn at its bottom."),
        "{said}"
    );
    type_into(&tab, &field("w0", 0, 0), "3");

    // A shift that takes step b below 0, which a log scale cannot draw, is refused.
    let (_, before) = refusal(&tab, &field("shift", 0, 0));
    type_into(&tab, &field("shift", 0, 0), "1000");
    let (message, points) = refusal(&tab, &field("shift", 0, 0));
    assert!(
        message.contains("shift = 1,000 makes step \u{201c}b\u{201d} fall below 0, which its chart, on a log scale, cannot draw."),
        "{message}"
    );
    assert_eq!(
        points, before,
        "the chart keeps the last values that worked"
    );
    type_into(&tab, &field("shift", 0, 0), "0");

    // Three lines of 700 points are more than a chart draws. 70 works: typed and drawn first,
    // then a 0 after it, so the last steps that worked are 70 however fast the runs go (typing
    // "700" at once may cancel the run for "70" on a busy machine, leaving 7).
    type_into(&tab, &field("steps", 0, 0), "70");
    append_to(&tab, &field("steps", 0, 0), "0");
    let (message, points) = refusal(&tab, &field("steps", 0, 0));
    assert!(
        message.contains(
            "steps = 700 would make the chart draw 2,100 points, and it draws at most 2,048"
        ),
        "{message}"
    );
    let count = |points: &Value| points.as_str().unwrap().split(' ').count();
    assert_eq!(
        count(&points),
        70,
        "the chart keeps the last steps that worked"
    );
    // The suggestion fits: three lines of at most 682 points.
    let suggested = message
        .split("Try ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .expect("a suggestion");
    let steps: usize = suggested.parse().expect("a whole number of steps");
    assert!((71..=682).contains(&steps), "{message}");
    type_into(&tab, &field("steps", 0, 0), suggested);
    let (message, points) = refusal(&tab, &field("steps", 0, 0));
    assert_eq!(message, "no message");
    assert_eq!(count(&points), steps);
}
