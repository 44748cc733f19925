//! Real-browser test of the "Try it" attention widget: `worked build` a one-lesson book, open the
//! page in headless Chromium over file:// (as a reader who double-clicks it would), drive the
//! widget with the mouse and keyboard, and compare every number it shows with the Rust core.
//!
//! Chromium is found through `CHROMIUM`, else `/usr/bin/chromium`, else `chromium` on PATH.
//! Without it the tests cannot run: they fail when `CI=true` (CI must not pass by skipping) and
//! otherwise skip with a loud message.
//!
//! Screenshots for a person to look at (360 px and 1280 px wide, light and dark, before and
//! after an edit) come from the ignored test `screenshots`:
//! `cargo test --test cli -- --ignored screenshots` writes them to
//! `$WORKED_SCREENSHOTS` (default: `worked-screenshots` in the temporary folder).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::browser::fmt;
use crate::browser::launch;
use crate::browser::{
    click, each_view, eval, eval_json, js_string, metrics, open_live, paste_into,
    screenshot_folder, shoot, type_into, wait_for,
};
use crate::widget_controls_browser::eval_json_of;
use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::Tab;
use ndarray::{array, Array2};
use serde_json::Value;
use tempfile::TempDir;
use worked::compute::attention::AttentionInput;
use worked::compute::gradient_descent::GradientDescentInput;
use worked::compute::kind::KindInput;
use worked::compute::softmax::{SoftmaxInput, Target};
use worked::present::{format_number, Precision, Style};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "The widgets in a browser";

/// The lesson: the seed example, a prose reference into it, and the widget.
pub(crate) const LESSON: &str = r#"+++
title = "Attention, tried"
+++
```attention
name = "cat"
tokens = ["the", "cat", "sat"]
embeddings = [[1, 0], [0, 1], [1, 1]]
w_q = [[1, 0], [1, 2]]
w_k = [[2, 0], [0, 1]]
w_v = [[1, 0], [0, 2]]
```

The token "sat" gives "the" a weight of {{cat.weights[sat, the]}}. All the weights:

{{cat.weights}}

```widget
example = "cat"
```
"#;

/// The matrices the widget shows, in the order of the build's tables (the live widget puts the
/// weights and the output beside its inputs, before the steps between).
const MATRICES: [&str; 7] = ["q", "k", "v", "scores", "scaled", "weights", "output"];

/// The prose reference's span.
const REF: &str = ".worked-ref[data-ref='cat.weights[sat,the]']";

pub(crate) fn seed_input() -> AttentionInput {
    AttentionInput {
        tokens: vec!["the".into(), "cat".into(), "sat".into()],
        embeddings: array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        w_q: array![[1.0, 0.0], [1.0, 2.0]],
        w_k: array![[2.0, 0.0], [0.0, 1.0]],
        w_v: array![[1.0, 0.0], [0.0, 2.0]],
        w_o: None,
        causal: false,
        heads: 1,
    }
}

/// Every matrix the widget shows for `input`, formatted as the page must print it.
fn expected_matrices(input: &AttentionInput) -> Vec<(&'static str, Vec<Vec<String>>)> {
    let result = input.evaluate().expect("the test's inputs are valid");
    assert_eq!(result.position("heads"), Some(1));
    // One precision per matrix: all whole, or every entry at three decimals.
    let texts = |m: &Array2<f64>| -> Vec<Vec<String>> {
        let precision = Precision::Computed(3).shared_by(m.iter().copied());
        m.rows()
            .into_iter()
            .map(|row| {
                row.iter()
                    .map(|&x| format_number(x, precision, Style::Prose))
                    .collect()
            })
            .collect()
    };
    let by_name = |name: &str| match name {
        "q" | "k" | "v" | "scores" | "scaled" | "weights" | "output" => {
            texts(&result.matrix(name).unwrap())
        }
        _ => unreachable!(),
    };
    MATRICES.iter().map(|&name| (name, by_name(name))).collect()
}

// ------------------------------------------------------------------------------ the fixture book

/// A built one-lesson book; the folder goes when this does.
pub(super) struct Book {
    _dir: TempDir,
    lesson: PathBuf,
}

impl Book {
    pub(crate) fn url(&self) -> String {
        format!("file://{}", self.lesson.display())
    }

    /// The built page, as the build wrote it.
    pub(crate) fn page(&self) -> String {
        std::fs::read_to_string(&self.lesson).expect("the lesson's page")
    }
}

fn build_book() -> Book {
    build_book_with(LESSON, "attention")
}

/// Builds a one-lesson book from `lesson` and checks that its page carries a `widget` widget.
pub(crate) fn build_book_with(lesson: &str, widget: &str) -> Book {
    let dir = tempfile::tempdir().expect("temporary folder");
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("content/lesson.md"), lesson).unwrap();
    std::fs::write(root.join("book.toml"), "title = \"Widget in a browser\"\n").unwrap();
    let output = root.join("public");
    let run = Command::new(env!("CARGO_BIN_EXE_worked"))
        .arg("build")
        .arg("--root")
        .arg(root)
        .arg("--output")
        .arg(&output)
        .output()
        .expect("run worked build");
    assert!(
        run.status.success(),
        "worked build failed:\n{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
    let lesson = output.join("lesson.html");
    let html = std::fs::read_to_string(&lesson).expect("lesson.html was written");
    assert!(
        html.contains(&format!("data-widget=\"{widget}\"")),
        "the built page has no {widget} widget:\n{html}"
    );
    Book { _dir: dir, lesson }
}

// ----------------------------------------------------------------------------------- the browser

/// The page is live: the widget has replaced its static tables.
const LIVE: &str = "document.querySelector('[data-widget=\"attention\"] .ww') !== null";

fn embedding(row: usize, col: usize) -> String {
    format!("input[data-input='embeddings'][data-row='{row}'][data-col='{col}']")
}

fn weight(matrix: &str, row: usize, col: usize) -> String {
    format!("input[data-input='{matrix}'][data-row='{row}'][data-col='{col}']")
}

/// Every `[data-matrix]` table a reader sees on screen: its name and its cells' text by row and
/// column. A live widget's print copy (the build's tables, hidden on screen) is left out.
pub(crate) fn page_matrices(tab: &Tab) -> Vec<(String, Vec<Vec<String>>)> {
    matrices_in(tab, "")
}

/// The matrices inside the elements `scope` selects (`""`: the whole page), as
/// [`page_matrices`] reads them.
pub(crate) fn matrices_in(tab: &Tab, scope: &str) -> Vec<(String, Vec<Vec<String>>)> {
    let selector = format!("{scope} [data-matrix]:not(.ww-print-copy *)");
    let tables = eval_json(
        tab,
        &format!("Array.from(document.querySelectorAll({})).map(function (table) {{
            return {{
                name: table.getAttribute('data-matrix'),
                cells: Array.from(table.querySelectorAll('td[data-row][data-col]')).map(function (td) {{
                    return [Number(td.getAttribute('data-row')), Number(td.getAttribute('data-col')), td.textContent];
                }}),
            }};
        }})",
            js_string(selector.trim())
        ),
    );
    tables
        .as_array()
        .expect("a list of tables")
        .iter()
        .map(|table| {
            let name = table["name"].as_str().unwrap().to_owned();
            let mut rows: Vec<Vec<String>> = Vec::new();
            for cell in table["cells"].as_array().unwrap() {
                let row = cell[0].as_u64().unwrap() as usize;
                let col = cell[1].as_u64().unwrap() as usize;
                let text = cell[2].as_str().unwrap().to_owned();
                if rows.len() <= row {
                    rows.resize(row + 1, Vec::new());
                }
                if rows[row].len() <= col {
                    rows[row].resize(col + 1, String::from("<missing>"));
                }
                rows[row][col] = text;
            }
            (name, rows)
        })
        .collect()
}

/// Every matrix on the page is exactly the Rust core's, text for text, and nothing else is
/// (in whichever order the page puts them).
fn assert_matrices(tab: &Tab, input: &AttentionInput) {
    let expected = expected_matrices(input);
    let shown = page_matrices(tab);
    let mut names: Vec<&str> = shown.iter().map(|(name, _)| name.as_str()).collect();
    names.sort_unstable();
    let mut all = MATRICES;
    all.sort_unstable();
    assert_eq!(names, all, "the page's [data-matrix] tables");
    for (name, cells) in &shown {
        let (_, want) = expected.iter().find(|(n, _)| n == name).unwrap();
        assert_eq!(cells, want, "matrix `{name}` differs from the Rust core");
    }
}

fn ref_text(tab: &Tab) -> String {
    let text = eval_json(
        tab,
        &format!("document.querySelector({}).textContent", js_string(REF)),
    );
    text.as_str()
        .expect("the prose reference exists")
        .to_owned()
}

// ------------------------------------------------------------------------------------- the tests

#[test]
fn edits_recompute_every_matrix_and_the_explanation_but_never_the_prose() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    assert_matrices(&tab, &seed_input());
    let seed_ref = fmt(seed_input().evaluate().unwrap().matrix("weights").unwrap()[[2, 0]]);
    assert_eq!(ref_text(&tab), seed_ref, "the prose before any edit");

    // Keyboard edits: an embedding entry and a W_Q entry (a negative one, typed with "-").
    type_into(&tab, &embedding(0, 1), "0.5");
    type_into(&tab, &weight("w_q", 1, 0), "-1.5");
    click(&tab, "input[data-toggle='causal']");
    assert_eq!(
        eval(
            &tab,
            "document.querySelector(\"input[data-toggle='causal']\").checked"
        ),
        Value::Bool(true)
    );
    let mut input = seed_input();
    input.embeddings[[0, 1]] = 0.5;
    input.w_q[[1, 0]] = -1.5;
    input.causal = true;
    assert_matrices(&tab, &input);
    // The weights the mask removes are hatched in their heatmap, as in the lesson's figure:
    // the three above the diagonal and the legend's swatch, which says "masked"; in the
    // table under it, the same three cells.
    assert_eq!(
        eval_json(
            &tab,
            "[document.querySelectorAll(\"[data-step='weights'] svg .wf-masked\").length,
              Array.from(document.querySelectorAll(\"[data-step='weights'] svg text.wf-legend\"))
                .map(function (t) { return t.textContent; }).indexOf('masked') !== -1,
              document.querySelectorAll(\"table[data-matrix='weights'] td.ww-masked\").length]",
        ),
        serde_json::json!([3 + 1, true, 3])
    );
    // The weights, drawn as a view, come first under the inputs they come from, the other
    // steps after them in the program's order.
    assert_eq!(
        eval_json(
            &tab,
            "Array.from(document.querySelector('.ww-results').children).map(function (b) {
               var table = b.querySelector('table[data-matrix]');
               return b.getAttribute('data-step') || (table ? table.getAttribute('data-matrix') : b.textContent); })",
        ),
        serde_json::json!([
            "weights",
            "The other steps, in the program\u{2019}s order",
            "q",
            "k",
            "v",
            "scores",
            "scaled",
            "output"
        ])
    );

    let result = input.evaluate().unwrap();
    let weights = &result.matrix("weights").unwrap();
    // The weights' table is in the disclosure under their heatmap: an entry of the row of "cat"
    // explains itself, a softmax along the row whose last number is the Rust core's weight; the
    // masked entry ("sat" after "cat") as e to minus infinity, exactly 0.
    click(&tab, "[data-step='weights'] details summary");
    let explained = |row: usize, col: usize| {
        click(
            &tab,
            &format!("table[data-matrix='weights'] td[data-row='{row}'][data-col='{col}']"),
        );
        eval_json(
            &tab,
            "(function () { var box = document.querySelector('.ww [data-explain]');
               return [box.getAttribute('data-kind'), box.textContent,
                 box.querySelector('math') ? box.querySelector('math').namespaceURI : null,
                 box.querySelectorAll('.katex').length, typeof katex]; })()",
        )
    };
    let open = explained(1, 0);
    assert_eq!(open[0], "softmax", "{open}");
    let text = open[1].as_str().unwrap();
    // The row's masked entry is in the sum as e to minus infinity.
    assert!(
        text.starts_with("How weights[cat, the] is computed")
            && text.contains("+e\u{2212}\u{221e}="),
        "{text}"
    );
    assert!(text.ends_with(&fmt(weights[[1, 0]])), "{text}");
    // Typeset as MathML built by the widget, not by client-side KaTeX.
    assert_eq!(
        open.as_array().unwrap()[2..],
        [
            Value::from("http://www.w3.org/1998/Math/MathML"),
            Value::from(0),
            Value::from("undefined")
        ]
    );
    let masked = explained(1, 2);
    let text = masked[1].as_str().unwrap();
    assert_eq!(weights[[1, 2]], 0.0);
    assert!(
        text.contains("weights[cat, sat]=e\u{2212}\u{221e}e") && text.ends_with("=0.000"),
        "{text}"
    );

    // The prose keeps describing the lesson's example: the widget is the reader's own copy.
    assert_ne!(
        fmt(weights[[2, 0]]),
        seed_ref,
        "the edit changes the weight the prose names"
    );
    assert_eq!(
        ref_text(&tab),
        seed_ref,
        "the prose was rebound to the widget"
    );
    assert_eq!(
        prose_table(&tab),
        expected_matrices(&seed_input())[5].1,
        "the prose table was rebound to the widget"
    );
}

/// The cells of the prose's `{{cat.weights}}` table, outside the widget.
fn prose_table(tab: &Tab) -> Vec<Vec<String>> {
    let rows = eval_json(
        tab,
        "Array.from(document.querySelectorAll('.lesson-content > .worked-matrix-scroll table[data-ref=\"cat.weights\"] tbody tr'))
            .map(tr => Array.from(tr.querySelectorAll('td')).map(td => td.textContent))",
    );
    serde_json::from_value(rows).expect("rows of cell texts")
}

#[test]
fn reset_brings_back_the_lessons_numbers_from_next_to_the_inputs() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    let button = "[data-widget='attention'] button[data-action='reset']";
    // Visible, named for what it does, and between the controls and the inputs it resets.
    let placed = eval_json(
        &tab,
        &format!(
            "(function () {{
                var b = document.querySelector({});
                var inputs = document.querySelector('.ww .ww-inputs');
                return [b.textContent, b.getClientRects().length > 0,
                        Boolean(b.compareDocumentPosition(inputs) & Node.DOCUMENT_POSITION_FOLLOWING),
                        inputs.getBoundingClientRect().top - b.getBoundingClientRect().bottom < 200];
            }})()",
            js_string(button)
        ),
    );
    assert_eq!(
        placed,
        serde_json::json!(["Reset to the lesson\u{2019}s numbers", true, true, true])
    );
    type_into(&tab, &embedding(2, 0), "-2");
    type_into(&tab, "input[data-input='tokens'][data-row='1']", "dog");
    click(&tab, "input[data-toggle='causal']");
    let mut edited = seed_input();
    edited.embeddings[[2, 0]] = -2.0;
    edited.tokens[1] = "dog".into();
    edited.causal = true;
    assert_matrices(&tab, &edited);
    assert_ne!(eval(&tab, "location.hash"), Value::from(""));

    click(&tab, button);
    assert_matrices(&tab, &seed_input());
    let fields = eval_json(
        &tab,
        "[document.querySelector(\"input[data-input='embeddings'][data-row='2'][data-col='0']\").value,
          document.querySelector(\"input[data-input='tokens'][data-row='1']\").value,
          document.querySelector(\"input[data-toggle='causal']\").checked, location.hash]",
    );
    assert_eq!(fields, serde_json::json!(["1", "cat", false, ""]));
}

#[test]
fn printing_a_live_widget_prints_the_lessons_tables_not_its_input_boxes() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    // The reader's edit stays on screen; paper gets the lesson's numbers.
    type_into(&tab, &embedding(0, 1), "0.5");
    let shown = "(function () {
        var widget = document.querySelector('[data-widget=\"attention\"]');
        var visible = function (selector) {
            return Array.from(widget.querySelectorAll(selector)).filter(n => n.getClientRects().length > 0).length;
        };
        return [visible('input'), visible('button'), visible('.ww-print-copy table[data-matrix]')];
    })()";
    let on_screen = eval_json(&tab, shown);
    assert!(
        on_screen[0].as_u64().unwrap() > 10,
        "inputs on screen: {on_screen}"
    );
    assert_eq!(
        on_screen[2],
        Value::from(0),
        "the print copy shows on screen"
    );

    tab.call_method(Emulation::SetEmulatedMedia {
        media: Some("print".into()),
        features: None,
    })
    .expect("emulate print");
    let on_paper = eval_json(&tab, shown);
    assert_eq!(
        on_paper,
        serde_json::json!([0, 0, MATRICES.len()]),
        "on paper: no inputs or buttons, every table"
    );
    let printed = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('.ww-print-copy table[data-matrix]')).map(function (table) {
            return [table.getAttribute('data-matrix'),
                    Array.from(table.querySelectorAll('tbody tr')).map(tr => Array.from(tr.querySelectorAll('td')).map(td => td.textContent))];
        })",
    );
    let expected: Vec<(&str, Vec<Vec<String>>)> = expected_matrices(&seed_input());
    assert_eq!(
        printed,
        serde_json::json!(expected),
        "the printed tables are the lesson's"
    );
    let pdf = tab.print_to_pdf(None).expect("print to PDF");
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    if let Some(folder) = std::env::var_os("WORKED_SCREENSHOTS") {
        std::fs::write(
            PathBuf::from(folder).join("attention-widget-print.pdf"),
            pdf,
        )
        .unwrap();
    }
}

#[test]
fn without_javascript_the_static_matrices_show_the_generated_values() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .expect("disable JavaScript");
    crate::browser::navigate(&tab, &book.url());
    tab.wait_for_element("[data-matrix='output']")
        .expect("the static output matrix");
    assert_matrices(&tab, &seed_input());
    let static_and_live = eval_json(
        &tab,
        "[document.querySelectorAll('.worked-widget-static').length, document.querySelectorAll('.ww').length]",
    );
    assert_eq!(static_and_live, serde_json::json!([1, 0]));
    let seed = seed_input().evaluate().unwrap();
    assert_eq!(ref_text(&tab), fmt(seed.matrix("weights").unwrap()[[2, 0]]));
}

#[test]
fn a_token_name_with_markup_is_shown_as_text() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    eval(
        &tab,
        "window.__alerts = 0; window.alert = function () { window.__alerts += 1; }",
    );
    let name = "<img src=x onerror=alert(1)>";
    paste_into(&tab, "input[data-input='tokens'][data-row='0']", name);
    // Let any error handler of a stray image run before looking.
    std::thread::sleep(Duration::from_millis(100));

    assert_eq!(
        eval(&tab, "document.querySelectorAll('img').length"),
        Value::from(0),
        "the token name became an element"
    );
    assert_eq!(eval(&tab, "window.__alerts"), Value::from(0));
    // The name shows, as text, as the label of row 0 and column 0 of the weights.
    let labels = eval_json(
        &tab,
        "(function () {
            var table = document.querySelector(\".ww table[data-matrix='weights']\");
            return [
                table.querySelector('tbody tr th').textContent,
                table.querySelectorAll('thead th')[0].textContent,
            ];
        })()",
    );
    let labels = labels.as_array().unwrap();
    assert!(
        labels[0].as_str().unwrap().ends_with(name),
        "row label: {labels:?}"
    );
    assert_eq!(labels[1].as_str().unwrap(), name, "column label");
    let mut input = seed_input();
    input.tokens[0] = name.to_owned();
    assert_matrices(&tab, &input);
}

#[test]
fn an_invalid_entry_is_marked_and_never_shows_nan() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    let field = weight("w_k", 0, 0);
    type_into(&tab, &field, "abc");
    assert_eq!(
        eval(
            &tab,
            &format!(
                "document.querySelector({}).getAttribute('aria-invalid')",
                js_string(&field)
            )
        ),
        Value::from("true")
    );
    // The message says which field and that the last good value is still in use.
    let message = eval_json(
        &tab,
        &format!(
            "document.getElementById(document.querySelector({}).getAttribute('aria-describedby')).textContent",
            js_string(&field)
        ),
    );
    assert!(
        message.as_str().unwrap().contains("abc"),
        "message: {message}"
    );
    let nan = eval(&tab, "document.body.textContent.indexOf('NaN')");
    assert_eq!(nan, Value::from(-1), "\"NaN\" shows on the page");
    // Every matrix still shows the last valid inputs: the seed example's.
    assert_matrices(&tab, &seed_input());
    assert_eq!(
        ref_text(&tab),
        fmt(seed_input().evaluate().unwrap().matrix("weights").unwrap()[[2, 0]])
    );

    // Fixing it clears the mark and recomputes.
    type_into(&tab, &field, "3");
    assert_eq!(
        eval(
            &tab,
            &format!(
                "document.querySelector({}).hasAttribute('aria-invalid')",
                js_string(&field)
            )
        ),
        Value::Bool(false)
    );
    let mut input = seed_input();
    input.w_k[[0, 0]] = 3.0;
    assert_matrices(&tab, &input);
}

#[test]
fn the_edit_in_the_url_fragment_survives_a_reload() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    open_live(&tab, &book.url(), LIVE);
    type_into(&tab, &embedding(2, 0), "-2");
    type_into(&tab, &weight("w_v", 0, 1), "0.25");
    type_into(&tab, "input[data-input='tokens'][data-row='1']", "dog");
    click(&tab, "input[data-toggle='causal']");
    let mut input = seed_input();
    input.embeddings[[2, 0]] = -2.0;
    input.w_v[[0, 1]] = 0.25;
    input.tokens[1] = "dog".into();
    input.causal = true;
    assert_matrices(&tab, &input);
    let hash = eval(&tab, "location.hash");
    assert!(
        hash.as_str().unwrap().starts_with("#try-cat="),
        "fragment: {hash}"
    );

    crate::browser::reload(&tab);
    wait_for(
        &tab,
        "document.querySelector('[data-widget=\"attention\"] .ww') !== null",
    );
    assert_eq!(eval(&tab, "location.hash"), hash);
    let fields = eval_json(
        &tab,
        "[
            document.querySelector(\"input[data-input='embeddings'][data-row='2'][data-col='0']\").value,
            document.querySelector(\"input[data-input='w_v'][data-row='0'][data-col='1']\").value,
            document.querySelector(\"input[data-input='tokens'][data-row='1']\").value,
            document.querySelector(\"input[data-toggle='causal']\").checked,
        ]",
    );
    assert_eq!(fields, serde_json::json!(["-2", "0.25", "dog", true]));
    assert_matrices(&tab, &input);
    assert_eq!(
        ref_text(&tab),
        fmt(seed_input().evaluate().unwrap().matrix("weights").unwrap()[[2, 0]]),
        "the prose stays on the lesson's example after a reload"
    );
}

pub(crate) const SLIDERS_LESSON: &str = r#"+++
title = "Sliders"
+++
```softmax
name = "guess"
labels = ["cat", "dog", "fish"]
logits = [2, 1, 0]
target = "cat"
```

```widget
example = "guess"
```

```gradient_descent
name = "fit"
points = [[0, 1], [1, 3], [2, 4], [3, 7]]
start = [0, 0]
learning_rate = 0.1
steps = 50
```

```widget
example = "fit"
```
"#;

/// The text of every element matching `selector` that shows on screen (not a widget's print
/// copy), in document order.
fn texts(tab: &Tab, selector: &str) -> Vec<String> {
    let found = eval_json(
        tab,
        &format!(
            "Array.from(document.querySelectorAll({})).filter(node => !node.closest('.ww-print-copy')).map(node => node.textContent.trim())",
            js_string(selector)
        ),
    );
    found
        .as_array()
        .expect("a list")
        .iter()
        .map(|text| text.as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn the_temperature_slider_shows_what_the_rust_core_computes() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "softmax");
    let tab = chromium.tab();
    crate::browser::navigate(&tab, &book.url());
    let field = "[data-widget=\"softmax\"] input[data-input=\"T\"]";
    wait_for(
        &tab,
        &format!("document.querySelector({}) !== null", js_string(field)),
    );

    type_into(&tab, field, "0.5");
    let input = SoftmaxInput {
        logits: ndarray::array![2.0, 1.0, 0.0],
        labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
        temperature: 0.5,
        target: Some(Target::Label("cat".into())),
        temperatures: None,
    };
    let expected = input.evaluate().unwrap();
    let probabilities: Vec<String> = expected
        .vector("probabilities")
        .unwrap()
        .iter()
        .map(|p| fmt(*p))
        .collect();
    let cells = "[data-widget=\"softmax\"] [data-matrix=\"probabilities\"] [data-col]";
    wait_for(
        &tab,
        &format!(
            "document.querySelector({}).textContent.trim() === {}",
            js_string(cells),
            js_string(&probabilities[0])
        ),
    );
    assert_eq!(texts(&tab, cells), probabilities);
    // Once the edit rests, a screen reader hears the probabilities with their labels (and then
    // the loss in words, below).
    let summary = format!(
        "probabilities: cat {}, dog {}, fish {}.",
        probabilities[0], probabilities[1], probabilities[2]
    );
    wait_for(
        &tab,
        &format!(
            "document.querySelector('[data-widget=softmax] [data-summary]').textContent.startsWith({})",
            js_string(&summary)
        ),
    );
    // The logits are inputs: fields as written; the probabilities are computed: at 3 decimals.
    assert_eq!(
        eval_json(
            &tab,
            "Array.from(document.querySelectorAll('[data-widget=softmax] input[data-input=logits]')).map(i => i.value)"
        ),
        serde_json::json!(["2", "1", "0"])
    );
    // The reader's temperature is in the link, to share.
    assert_eq!(eval(&tab, "location.hash"), "#try-guess=T:0.5");
    // The loss, as a step and in words, is what `worked eval` gives the lesson at T = 0.5.
    let edited = eval_json_of(&SLIDERS_LESSON.replace(
        "target = \"cat\"\n",
        "target = \"cat\"\ntemperature = 0.5\n",
    ));
    let guess = &edited["examples"][0];
    let number = |value: &Value| fmt(value.as_f64().expect("a number"));
    let loss = number(&guess["loss"]);
    assert_eq!(
        texts(&tab, "[data-widget=\"softmax\"] [data-value=\"loss\"]"),
        vec![loss.clone()]
    );
    let p_cat = number(&guess["probabilities"][0]);
    let sentence = format!(
        "The loss is the surprise of the target, cat: L = \u{2212}ln p(cat) = \u{2212}ln {p_cat} = {loss}."
    );
    assert_eq!(
        texts(&tab, "[data-widget=\"softmax\"] [data-sentence=\"loss\"]"),
        vec![sentence.clone()]
    );
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('[data-widget=softmax] [data-summary]').textContent"
        ),
        format!("{summary} {sentence}")
    );
    let gradient: Vec<String> = guess["gradient"]
        .as_array()
        .expect("a gradient")
        .iter()
        .map(number)
        .collect();
    assert_eq!(
        texts(
            &tab,
            "[data-widget=\"softmax\"] [data-matrix=\"gradient\"] [data-col]"
        ),
        gradient
    );
    // Beside p: the target's one-hot row y, of which the gradient is (p − y) / T.
    assert_eq!(
        texts(
            &tab,
            "[data-widget=\"softmax\"] [data-matrix=\"y\"] [data-col]"
        ),
        ["1", "0", "0"]
    );
    // The target's class is tagged in words in every vector's table and beside the bars.
    let marked = texts(
        &tab,
        "[data-widget=\"softmax\"] th[data-highlight=\"target\"]",
    );
    assert!(
        marked.len() >= 5,
        "p, y, the gradient, log p, z / T: {marked:?}"
    );
    assert!(marked.iter().all(|th| th == "cattarget"), "{marked:?}");
    assert_eq!(
        texts(
            &tab,
            "[data-widget=\"softmax\"] [data-step=\"probabilities\"] .ww-code [data-highlight]"
        ),
        ["target: cat"]
    );
    // Near T = 0 the target takes nearly all of p: a loss the places print as 0.000 is said
    // at three significant figures, as `worked eval` computes it.
    type_into(&tab, field, "0.05");
    let cold = eval_json_of(&SLIDERS_LESSON.replace(
        "target = \"cat\"\n",
        "target = \"cat\"\ntemperature = 0.05\n",
    ));
    let cold = &cold["examples"][0];
    let tiny = format_number(
        cold["loss"].as_f64().expect("a loss"),
        Precision::Significant(3),
        Style::Prose,
    );
    let said = format!(
        "The loss is the surprise of the target, cat: L = \u{2212}ln p(cat) = \u{2212}ln {} = {tiny}.",
        number(&cold["probabilities"][0])
    );
    wait_for(
        &tab,
        &format!(
            "document.querySelector('[data-widget=softmax] .ww [data-sentence=loss]').textContent === {}",
            js_string(&said)
        ),
    );
    // Without JavaScript (and on paper) the build's own sentence, at the lesson's T = 1.
    let lesson = (SoftmaxInput {
        temperature: 1.0,
        ..input
    })
    .evaluate()
    .unwrap();
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('[data-widget=softmax] .ww-print-copy [data-sentence=loss]').textContent"
        ),
        format!(
            "The loss is the surprise of the target, cat: L = \u{2212}ln p(cat) = \u{2212}ln {} = {}.",
            fmt(lesson.vector("probabilities").unwrap()[0]),
            fmt(lesson.scalar("loss").unwrap())
        )
    );
}

/// Links the softmax and descent widgets wrote before they were the compute widget (`t:` and
/// `lr:`, issue 43) still open with their values, loaded or pasted on the open page, and are
/// written again in the widget's own form. The old attention links' parsing is tests/js/compute-widget-links.test.mjs's.
#[test]
fn links_the_old_softmax_and_descent_widgets_wrote_still_open_with_their_values() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "softmax");
    let tab = chromium.tab();
    let fields = "[document.querySelector('[data-widget=softmax] input[data-input=T]').value, \
                  document.querySelector('[data-widget=gradient_descent] input[data-input=learning_rate]').value]";
    let opened = |t: &str, rate: &str| {
        wait_for(
            &tab,
            &format!(
                "JSON.stringify({fields}) === {} && location.hash.slice(1).split('&').sort().join('&') === {}",
                js_string(&serde_json::json!([t, rate]).to_string()),
                js_string(&format!("try-fit=learning_rate:{rate}&try-guess=T:{t}"))
            ),
        );
    };
    crate::browser::navigate(
        &tab,
        &format!("{}#try-guess=t:2&try-fit=lr:0.01", book.url()),
    );
    opened("2", "0.01");
    // Pasted on the open page: the widgets follow the new fragment.
    eval(&tab, "location.hash = 'try-guess=t:0.25&try-fit=lr:0.02'");
    opened("0.25", "0.02");
}

#[test]
fn the_learning_rate_slider_reports_divergence_where_the_rust_core_does() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "gradient_descent");
    let tab = chromium.tab();
    crate::browser::navigate(&tab, &book.url());
    let field = "[data-widget=\"gradient_descent\"] input[data-input=\"learning_rate\"]";
    wait_for(
        &tab,
        &format!("document.querySelector({}) !== null", js_string(field)),
    );
    // The start is an input: its fields hold it as written.
    assert_eq!(
        eval_json(
            &tab,
            "Array.from(document.querySelectorAll('[data-widget=gradient_descent] input[data-input=start]')).map(i => i.value)"
        ),
        serde_json::json!(["0", "0"])
    );
    // Each input's fields are headed by its own names, as the build's tables are.
    assert_eq!(
        eval_json(
            &tab,
            "['points', 'start'].map(function (input) { \
               var fields = document.querySelector('[data-widget=gradient_descent] input[data-input=' + input + ']').closest('fieldset'); \
               return Array.from(fields.querySelectorAll('thead .ww-label')).map(function (e) { return e.textContent; }); })"
        ),
        serde_json::json!([["x", "y"], ["w", "b"]])
    );
    let run = |rate: f64| {
        (GradientDescentInput {
            points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
            start: (0.0, 0.0),
            learning_rate: rate,
            steps: 50,
        })
        .evaluate()
        .unwrap()
    };
    let value = |name: &str| {
        texts(
            &tab,
            &format!("[data-widget=\"gradient_descent\"] [data-value=\"{name}\"]"),
        )
        .join("")
    };

    type_into(&tab, field, "0.3");
    let diverged = run(0.3);
    let step = diverged
        .position("diverged_at")
        .expect("0.3 is beyond the stable limit")
        .to_string();
    wait_for(
        &tab,
        &format!(
            "document.querySelector('[data-widget=\"gradient_descent\"] [data-value=\"diverged_at\"]').textContent.trim() === {}",
            js_string(&step)
        ),
    );
    assert!(!eval_json(&tab, "document.body.innerText")
        .as_str()
        .unwrap()
        .contains("NaN"));
    // The final w, b and loss, lone numbers, share one box no taller than its three lines,
    // whatever stands beside it (the loss chart).
    assert_eq!(
        eval_json(
            &tab,
            "(function () { var box = document.querySelector('[data-widget=gradient_descent] .ww-numbers'); \
               return { values: Array.from(box.querySelectorAll('[data-value]')).map(function (e) { return e.dataset.value; }), \
                 compact: box.getBoundingClientRect().height < 8 * parseFloat(getComputedStyle(box).fontSize) }; })()"
        ),
        serde_json::json!({ "values": ["final_w", "final_b", "final_loss"], "compact": true })
    );
    // The loss curve marks the step where it diverged, as the build's line figure would.
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('[data-widget=gradient_descent] .ww-lines .wf-warning').textContent"
        ),
        format!("\u{2715} diverged at step {step}")
    );
    // Once the edit rests, a screen reader hears where it diverged and the final values.
    let last = diverged.matrix("iterates").unwrap().nrows() - 1;
    wait_for(
        &tab,
        &format!(
            "document.querySelector('[data-widget=gradient_descent] [data-summary]').textContent.startsWith({}) \
             && document.querySelector('[data-widget=gradient_descent] [data-summary]').textContent.endsWith({})",
            js_string(&format!("Diverged at step {step}. ")),
            js_string(&format!(
                "final_w is {}, final_b is {}, final_loss is {}.",
                fmt(diverged.matrix("iterates").unwrap()[[last, 0]]),
                fmt(diverged.matrix("iterates").unwrap()[[last, 1]]),
                fmt(diverged.vector("losses").unwrap()[last])
            ))
        ),
    );

    type_into(&tab, field, "0.05");
    let converged = run(0.05);
    let last = converged.matrix("iterates").unwrap().nrows() - 1;
    let final_w = fmt(converged.matrix("iterates").unwrap()[[last, 0]]);
    wait_for(
        &tab,
        &format!(
            "document.querySelector('[data-widget=\"gradient_descent\"] [data-value=\"final_w\"]').textContent.trim() === {}",
            js_string(&final_w)
        ),
    );
    assert_eq!(value("diverged_at"), "");
    assert_eq!(
        value("final_b"),
        fmt(converged.matrix("iterates").unwrap()[[last, 1]])
    );
    assert_eq!(
        value("final_loss"),
        fmt(converged.vector("losses").unwrap()[last])
    );
}

#[test]
fn on_a_phone_the_page_never_scrolls_sideways() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let tab = chromium.tab();
    metrics(&tab, 360, 740);
    open_live(&tab, &book.url(), LIVE);
    // The widest state: a long token name, the mask's labels and an explanation open.
    paste_into(
        &tab,
        "input[data-input='tokens'][data-row='0']",
        "antidisestablishmentarianism",
    );
    click(&tab, "input[data-toggle='causal']");
    click(&tab, "[data-step='weights'] details summary");
    click(
        &tab,
        ".ww table[data-matrix='weights'] td[data-row='2'][data-col='0']",
    );
    wait_for(
        &tab,
        "document.querySelector('.ww [data-explain]') && !document.querySelector('.ww [data-explain]').hidden",
    );
    let width = eval(&tab, "document.documentElement.scrollWidth");
    assert!(
        width.as_u64().unwrap() <= 360,
        "the page is {width} px wide on a 360 px screen"
    );
}

/// Not a check: pictures of the page for a person to look at (see the top of this file).
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn screenshots() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book();
    let folder = screenshot_folder();
    each_view(&chromium, |tab, width, scheme| {
        open_live(tab, &book.url(), LIVE);
        shoot(
            tab,
            width,
            &folder.join(format!("seed-{width}-{scheme}.png")),
        );
        type_into(tab, &embedding(0, 1), "0.5");
        type_into(tab, &weight("w_q", 1, 0), "-1.5");
        type_into(tab, &weight("w_k", 0, 0), "abc");
        click(tab, "input[data-toggle='causal']");
        click(tab, "[data-step='weights'] details summary");
        click(
            tab,
            ".ww table[data-matrix='weights'] td[data-row='1'][data-col='0']",
        );
        shoot(
            tab,
            width,
            &folder.join(format!("edited-{width}-{scheme}.png")),
        );
    });
    let tab = chromium.tab();
    tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .unwrap();
    metrics(&tab, 360, 800);
    crate::browser::navigate(&tab, &book.url());
    shoot(&tab, 360, &folder.join("no-javascript-360-light.png"));
    eprintln!("screenshots in {}", folder.display());
}
