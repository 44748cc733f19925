//! Real-browser test of a compute widget with author-declared controls and views: a slider
//! (log scale, with marks), a toggle and radio buttons found in Chromium's accessibility tree by
//! their roles and names, each operated with the keyboard, must change the shown steps to exactly what
//! `worked eval --json` prints for the lesson with those inputs; `p` draws as bars and `A` as a
//! heatmap, both redrawn on every edit; Reset brings back the lesson's numbers. A scatter and
//! arrows view of two-column steps follow a slider to what `worked eval` computes, and a contour
//! of a grid step to the build's own figure of the lesson with the slider's value. A row's name
//! the reader edits relabels the tables, the heatmap and the fields, goes in the link and back.

use super::browser::{eval, eval_json, mouse_click, type_into, wait_for, wait_until_idle};
use super::widget_browser::{build_book_with, page_matrices, Book};
use super::widget_guards_browser::FullAxTree;
use crate::browser::Chromium;
use headless_chrome::protocol::cdp::{types::Method, Accessibility};
use headless_chrome::Tab;
use serde_json::Value;
use std::process::Command;
use worked::present::{format_number, Precision, Style};

const STEPS: &str = "A = softmax(where(causal == 1, z / T + causal_mask(3), z / T))
p = softmax(z[0] / T)
x = 2.0
m = 0.0
repeat 12:
    g = 2 * x / T
    m = 0.5 * m + g
    x = x - 0.1 * where(opt == 1, m, g)
    loss = x ^ 2
losses = history(loss)
";

/// The lesson with its inputs `T`, `causal` and `opt`, and the widget of the issue.
fn lesson(t: &str, causal: u8, opt: u8) -> String {
    format!(
        r#"+++
title = "Controls"
+++
```compute
name = "temp"
steps = """
{STEPS}"""

[inputs]
z = [[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [0.2, 1.5, -0.5]]
T = {t}
causal = {causal}
opt = {opt}
```

```widget
example = "temp"
show = ["A", "p", "losses"]
[controls]
T = {{ slider = [0.05, 5], log = true, marks = [0.5, 2] }}
causal = {{ toggle = true }}
opt = {{ choice = [0, 1], labels = ["SGD", "Adam"] }}
[views]
p = "bars"
A = "heatmap"
losses = "line"
```
"#
    )
}

/// What `worked eval --json` prints for a one-lesson book holding `lesson`.
pub(crate) fn eval_json_of(lesson: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("content/lesson.md"), lesson).unwrap();
    std::fs::write(dir.path().join("book.toml"), "title = \"Eval\"\n").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["eval", "content/lesson.md", "--json"])
        .current_dir(dir.path())
        .output()
        .expect("worked eval runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let json: Value = serde_json::from_slice(&run.stdout).expect("JSON");
    json
}

/// The shown steps as `worked eval --json` prints them for the lesson with these inputs, at the
/// page's three decimals (one precision per step).
fn evaluated(t: &str, causal: u8, opt: u8) -> Vec<(String, Vec<Vec<String>>)> {
    let json = eval_json_of(&lesson(t, causal, opt));
    let steps = &json["examples"][0]["steps"];
    ["A", "p", "losses"]
        .iter()
        .map(|name| {
            let value = &steps[*name];
            let rows: Vec<Vec<f64>> = match value.as_array() {
                Some(rows) if rows.first().is_some_and(Value::is_array) => rows
                    .iter()
                    .map(|row| {
                        row.as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x.as_f64().unwrap_or(f64::NEG_INFINITY))
                            .collect()
                    })
                    .collect(),
                Some(entries) => vec![entries.iter().map(|x| x.as_f64().unwrap()).collect()],
                None => panic!("{name} is not a vector or matrix: {value}"),
            };
            let precision = Precision::Computed(3).shared_by(rows.iter().flatten().copied());
            let printed = rows
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&x| format_number(x, precision, Style::Prose))
                        .collect()
                })
                .collect();
            (name.to_string(), printed)
        })
        .collect()
}

/// The live widget's tables, in the order of `show`.
fn shown(tab: &Tab) -> Vec<(String, Vec<Vec<String>>)> {
    let mut tables: Vec<_> = page_matrices(tab)
        .into_iter()
        .filter(|(name, _)| ["A", "p", "losses"].contains(&name.as_str()))
        .collect();
    tables.sort_by_key(|(name, _)| ["A", "p", "losses"].iter().position(|n| n == name));
    tables
}

#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ResolveNode {
    backend_node_id: u64,
}

impl Method for ResolveNode {
    const NAME: &'static str = "DOM.resolveNode";
    type ReturnObject = Value;
}

#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct CallFunctionOn {
    object_id: String,
    function_declaration: String,
}

impl Method for CallFunctionOn {
    const NAME: &'static str = "Runtime.callFunctionOn";
    type ReturnObject = Value;
}

/// Focuses the one control a screen reader announces with `role` and `name`.
fn focus_by_role(tab: &Tab, role: &str, name: &str) {
    tab.call_method(Accessibility::Enable(None)).unwrap();
    let tree = tab.call_method(FullAxTree {}).unwrap();
    let found: Vec<u64> = tree["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|node| node["ignored"] != Value::Bool(true))
        .filter(|node| node["role"]["value"] == role && node["name"]["value"] == name)
        .filter_map(|node| node["backendDOMNodeId"].as_u64())
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one {role} named {name:?} on the page, found {}",
        found.len()
    );
    let object = tab
        .call_method(ResolveNode {
            backend_node_id: found[0],
        })
        .unwrap();
    let object_id = object["object"]["objectId"]
        .as_str()
        .expect("a DOM node")
        .to_string();
    tab.call_method(CallFunctionOn {
        object_id,
        function_declaration: "function () { this.focus(); }".to_string(),
    })
    .unwrap();
}

fn press(tab: &Tab, key: &str) {
    tab.press_key(key)
        .unwrap_or_else(|error| panic!("press {key}: {error:#}"));
    crate::browser::wait_until_idle(tab);
}

/// The number field beside the slider: what the slider set T to.
fn t_field(tab: &Tab) -> String {
    eval(
        tab,
        "document.querySelector('input[data-input=\"T\"]').value",
    )
    .as_str()
    .unwrap()
    .to_string()
}

/// Which views are drawn, and how: the figure kind of each step's view.
fn drawn_views(tab: &Tab) -> Value {
    eval_json(
        tab,
        "Array.from(document.querySelectorAll('.ww [data-view]')).map(function (b) {
           return [b.getAttribute('data-step'), b.querySelector('figure').getAttribute('data-figure'),
             b.querySelectorAll('svg .wf-heatmap rect.wf-heat').length, b.querySelectorAll('svg rect.wf-bar').length]; })",
    )
}

fn launch() -> Option<Chromium> {
    crate::browser::launch("widget_controls_browser", "Widget controls in a browser")
}

fn open_live(tab: &Tab, book: &Book) {
    crate::browser::navigate(tab, &book.url());
    wait_live(tab);
}

/// Waits until the page's compute widget drew its tables.
fn wait_live(tab: &Tab) {
    wait_for(
        tab,
        "document.querySelector('[data-widget=\"compute\"] .ww [data-matrix]') !== null",
    );
}

#[test]
fn a_slider_a_toggle_and_radio_buttons_change_the_steps_as_worked_eval_does() {
    let Some(chromium) = launch() else { return };
    let book = build_book_with(&lesson("1", 0, 0), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book);
    assert_eq!(
        shown(&tab),
        evaluated("1", 0, 0),
        "the lesson's own numbers"
    );
    assert_eq!(
        drawn_views(&tab),
        serde_json::json!([["A", "heatmap", 9, 0], ["p", "bars", 0, 3]]),
        "A as a heatmap of 9 cells, p as 3 bars"
    );
    let heatmap_before = eval(
        &tab,
        "document.querySelector('[data-step=\"A\"] svg desc').textContent",
    );

    // The slider, by keyboard: End takes it to its top, one step left is just under it.
    focus_by_role(&tab, "slider", "T");
    press(&tab, "End");
    assert_eq!(t_field(&tab), "5");
    press(&tab, "ArrowLeft");
    let t = t_field(&tab);
    assert!(
        t.parse::<f64>().unwrap() < 5.0 && t.parse::<f64>().unwrap() > 4.5,
        "{t}"
    );
    assert_eq!(
        shown(&tab),
        evaluated(&t, 0, 0),
        "after the slider, T = {t}"
    );
    assert_ne!(
        eval(
            &tab,
            "document.querySelector('[data-step=\"A\"] svg desc').textContent"
        ),
        heatmap_before,
        "the heatmap is drawn again with the new weights"
    );

    // The toggle, by keyboard: Space ticks it and the causal mask applies.
    focus_by_role(&tab, "checkbox", "causal");
    press(&tab, " ");
    assert_eq!(shown(&tab), evaluated(&t, 1, 0), "after the toggle");
    let description = eval(
        &tab,
        "document.querySelector('[data-step=\"A\"] svg desc').textContent",
    );
    assert!(
        description
            .as_str()
            .unwrap()
            .contains("row 1: 1 1.000, 2 0.000, 3 0.000"),
        "the live heatmap shows the first token attending only to itself: {description}"
    );

    // The radio buttons, by keyboard: from SGD, the arrow selects Adam.
    focus_by_role(&tab, "radio", "SGD");
    press(&tab, "ArrowRight");
    assert_eq!(shown(&tab), evaluated(&t, 1, 1), "after choosing Adam");
    assert_ne!(
        evaluated(&t, 1, 1),
        evaluated(&t, 1, 0),
        "the choice changes the losses"
    );

    assert_eq!(
        eval_json(
            &tab,
            "Array.from(document.querySelectorAll('.ww [data-control-input][data-changed]')).map(function (f) { return f.getAttribute('data-control-input'); })"
        ),
        serde_json::json!(["T", "causal", "opt"]),
        "each moved control is marked as changed"
    );
    let fragment = eval(&tab, "location.hash").as_str().unwrap().to_string();
    assert!(
        fragment.contains("causal:1") && fragment.contains("opt:1"),
        "{fragment}"
    );
    mouse_click(&tab, "button[data-action='reset']");
    // Reset runs the program like an edit; the tables change once it ends.
    wait_until_idle(&tab);
    assert_eq!(
        shown(&tab),
        evaluated("1", 0, 0),
        "Reset brings back the lesson's numbers"
    );
    assert_eq!(
        eval_json(&tab, "[document.querySelector('input[data-toggle=\"causal\"]').checked, document.querySelector('input[data-choice=\"opt\"][value=\"0\"]').checked]"),
        serde_json::json!([false, true])
    );

    // A mark of the slider, by keyboard: its button jumps to the value and shows it pressed.
    let pressed = "Array.from(document.querySelectorAll('.ww button[data-mark]')).map(function (b) { return b.getAttribute('aria-pressed'); })";
    assert_eq!(
        eval_json(&tab, pressed),
        serde_json::json!(["false", "false"])
    );
    focus_by_role(&tab, "button", "T = 2");
    press(&tab, "Enter");
    assert_eq!(t_field(&tab), "2");
    assert_eq!(shown(&tab), evaluated("2", 0, 0), "after the mark T = 2");
    assert_eq!(
        eval_json(&tab, pressed),
        serde_json::json!(["false", "true"])
    );
}

#[test]
fn an_entry_explains_itself_from_the_keyboard() {
    let Some(chromium) = launch() else { return };
    let book = build_book_with(&lesson("1", 0, 0), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book);
    // A's table is in the disclosure under its heatmap: open it, then walk its cells by keyboard.
    mouse_click(&tab, "[data-step='A'] details summary");
    eval(&tab, "document.querySelector('table[data-matrix=\"A\"] td[data-row=\"0\"][data-col=\"0\"]').focus()");
    press(&tab, "ArrowRight");
    press(&tab, "Enter");
    let explained = eval_json(
        &tab,
        "(function () { var box = document.querySelector('.ww [data-explain]');
           return [box.hidden, box.getAttribute('data-explain'), box.getAttribute('data-kind'), box.textContent,
             box.querySelectorAll('math msup').length]; })()",
    );
    let steps = evaluated("1", 0, 0);
    let weight = &steps[0].1[0][1];
    assert_eq!(explained[0], false, "the explanation shows: {explained}");
    assert_eq!(explained[1], "A");
    assert_eq!(
        explained[2], "softmax",
        "A is a softmax: e to the entry over its row's sum"
    );
    let text = explained[3].as_str().unwrap();
    assert!(
        text.contains("A[1, 2]") && text.ends_with(weight.as_str()),
        "{text} ends with {weight}"
    );
    assert_eq!(
        explained[4], 4,
        "e to the entry over e to each of the row's three"
    );
}

#[test]
fn a_link_whose_toggle_is_neither_0_nor_1_keeps_the_lessons_numbers() {
    let Some(chromium) = launch() else { return };
    let book = build_book_with(&lesson("1", 0, 0), "compute");
    let tab = chromium.tab();
    crate::browser::navigate(&tab, &format!("{}#try-temp=causal:0.5", book.url()));
    wait_live(&tab);
    assert_eq!(shown(&tab), evaluated("1", 0, 0));
    let note = eval(&tab, "document.querySelector('.ww .ww-note').textContent");
    assert!(
        note.as_str().unwrap().contains("does not fit this example"),
        "{note}"
    );
}

/// A lesson whose widget draws a matrix of two columns as a scatter and another as arrows,
/// with a slider on the scalar that moves both.
fn plane_lesson(s: &str) -> String {
    format!(
        r#"+++
title = "Plane"
+++
```compute
name = "plane"
steps = """
Q = P + s
V = P * s
G = col(Q[:, 0]) * V[:, 1]
"""

[inputs]
P = [[1.0, 2.0], [3.0, -1.0], [-2.0, 0.5]]
s = {s}
```

```widget
example = "plane"
[controls]
s = {{ slider = [0.5, 3] }}
[views]
Q = "scatter"
V = "arrows"
G = {{ contour = true, levels = 4 }}
```
"#
    )
}

/// The text alternatives the build writes for `Q`'s scatter and `V`'s arrows, from the
/// numbers `worked eval --json` prints for the lesson with this `s`.
fn plane_descriptions(s: &str) -> (String, String) {
    let json = eval_json_of(&plane_lesson(s));
    let pairs = |name: &str| -> Vec<String> {
        json["examples"][0]["steps"][name]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let number = |x: &Value| {
                    format_number(x.as_f64().unwrap(), Precision::Computed(3), Style::Prose)
                };
                format!("({}, {})", number(&row[0]), number(&row[1]))
            })
            .collect()
    };
    let q = pairs("Q");
    let v = pairs("V");
    (
        format!(
            "3 points of Q, column 2 against Q, column 1: {}.",
            q.join("; ")
        ),
        format!(
            "Arrows from the origin to 1 {}, 2 {} and 3 {}.",
            v[0], v[1], v[2]
        ),
    )
}

/// The text alternative of the build's contour of `G` in the plane lesson with this `s`.
fn contour_description(s: &str) -> String {
    let page = build_book_with(&plane_lesson(s), "compute").page();
    let figure = &page[page.find("data-figure=\"contour\"").expect("a contour")..];
    let desc = &figure[figure.find("<desc").unwrap()..];
    desc[desc.find('>').unwrap() + 1..desc.find("</desc>").unwrap()].to_string()
}

/// The live widget's scatter and arrows, as their text alternatives.
fn plane_drawn(tab: &Tab) -> (String, String) {
    let desc = |step: &str| {
        eval(
            tab,
            &format!("document.querySelector('.ww [data-step=\"{step}\"] svg desc').textContent"),
        )
        .as_str()
        .unwrap()
        .to_string()
    };
    (desc("Q"), desc("V"))
}

#[test]
fn a_slider_redraws_a_scatter_arrows_and_a_contour_as_the_build_computes_them() {
    let Some(chromium) = launch() else { return };
    let book = build_book_with(&plane_lesson("1"), "compute");
    let tab = chromium.tab();
    open_live(&tab, &book);
    assert_eq!(
        eval_json(
            &tab,
            "Array.from(document.querySelectorAll('.ww [data-view]')).map(function (b) {
               return [b.getAttribute('data-step'), b.querySelector('figure').getAttribute('data-figure'),
                 b.querySelectorAll('svg circle.wf-dot').length, b.querySelectorAll('svg line.wf-vector').length]; })",
        ),
        serde_json::json!([["Q", "scatter", 3, 0], ["V", "arrows", 0, 3], ["G", "contour", 0, 0]]),
        "Q as 3 points, V as 3 arrows, G as a contour"
    );
    let contour = "document.querySelector('.ww [data-step=\"G\"] svg desc').textContent";
    assert_eq!(eval(&tab, contour), contour_description("1").as_str());
    assert_eq!(
        plane_drawn(&tab),
        plane_descriptions("1"),
        "the lesson's own"
    );
    focus_by_role(&tab, "slider", "s");
    press(&tab, "End");
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('input[data-input=\"s\"]').value"
        ),
        "3"
    );
    assert_eq!(
        plane_drawn(&tab),
        plane_descriptions("3"),
        "after the slider"
    );
    assert_ne!(plane_descriptions("3"), plane_descriptions("1"));
    assert_eq!(
        eval(&tab, contour),
        contour_description("3").as_str(),
        "the contour redrawn after the slider"
    );
    assert_ne!(contour_description("3"), contour_description("1"));
}

/// A lesson whose widget lets the reader rename the tokens, the rows of `X`, as `tokens`.
const NAMES_LESSON: &str = r#"+++
title = "Names"
+++
```compute
name = "att"
rows = ["the", "cat", "sat"]
steps = """
A = softmax(X @ X.T)
S = 2 * X
"""

[inputs]
X = [[1.0, 0.0], [0.5, 1.0], [0.0, 2.0]]
```

```widget
example = "att"
[controls]
X = { names = "tokens" }
[views]
A = "heatmap"
```
"#;

#[test]
fn the_reader_renames_a_row_and_every_table_view_field_and_the_link_follow() {
    let Some(chromium) = launch() else { return };
    let book = build_book_with(NAMES_LESSON, "compute");
    let tab = chromium.tab();
    open_live(&tab, &book);
    let field = "input[data-input='tokens'][data-row='1']";
    let names = "(function () { var w = document.querySelector('.ww');
        return [Array.from(w.querySelectorAll('table[data-matrix=\"S\"] tbody th')).map(function (th) { return th.textContent; }),
          w.querySelector('[data-step=\"A\"] svg desc').textContent.indexOf('<b>dog</b>') !== -1,
          w.querySelector('input[data-input=\"X\"][data-row=\"1\"][data-col=\"0\"]').getAttribute('aria-label'),
          w.querySelectorAll('b').length]; })()";
    let numbers = page_matrices(&tab);
    type_into(&tab, field, "<b>dog</b>");
    assert_eq!(
        eval_json(&tab, names),
        serde_json::json!([
            ["the", "<b>dog</b>", "sat"],
            true,
            "X row <b>dog</b>, column 1",
            0
        ]),
        "the table, the heatmap and the field's name say the new name, as text"
    );
    assert_eq!(page_matrices(&tab), numbers, "a rename runs nothing");
    let link = eval(&tab, "location.hash").as_str().unwrap().to_string();
    assert_eq!(link, "#try-att=tokens:the,%3Cb%3Edog%3C%2Fb%3E,sat");

    // An empty name is refused at its field; the tables keep the last name.
    eval(
        &tab,
        &format!("(function () {{ var f = document.querySelector(\"{field}\"); f.value = ''; f.dispatchEvent(new Event('input')); }})()"),
    );
    let refused = eval_json(
        &tab,
        &format!("[document.querySelector(\"{field}\").getAttribute('aria-invalid'), document.querySelector('.ww .ww-messages li').textContent]"),
    );
    assert_eq!(
        refused,
        serde_json::json!([
            "true",
            "Name 2 of tokens: the name is empty. Still using \u{201c}<b>dog</b>\u{201d} until it is fixed."
        ])
    );

    // The link brings the name back; Reset the lesson's.
    crate::browser::navigate(&tab, &format!("{}{link}", book.url()));
    crate::browser::reload(&tab);
    wait_live(&tab);
    assert_eq!(
        eval_json(&tab, names)[0],
        serde_json::json!(["the", "<b>dog</b>", "sat"])
    );
    mouse_click(&tab, "button[data-action='reset']");
    wait_until_idle(&tab);
    assert_eq!(
        eval_json(
            &tab,
            &format!("[document.querySelector(\"{field}\").value, location.hash]")
        ),
        serde_json::json!(["cat", ""])
    );
    assert_eq!(
        eval_json(&tab, names)[0],
        serde_json::json!(["the", "cat", "sat"])
    );
}
