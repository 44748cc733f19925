//! Real-browser tests of the widgets against what a reader may type and a lesson never would
//! (issue 26): a result that overflows is refused at the field that caused it, with a value that
//! does work; a size past the widget's limit is refused before a table is drawn; huge results
//! read in scientific notation, and a diverging run says that it diverged. Also: the result an
//! edit changes stays within a screen of the field, at 1280 and at 360 px; number fields ask a
//! phone for its decimal keypad; without JavaScript a note says the controls need it.
//!
//! Browser plumbing is `widget_browser`'s; Chromium is found and skipped or required as there.

use super::widget_blocks::{positional_encoding, positional_encoding_numbers};
use super::widget_browser::{
    build_book_with, matrices_in, page_matrices, seed_input, LESSON, SLIDERS_LESSON,
};
use crate::accessibility::settle;
use crate::browser::fmt;
use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{
    at_each_size, click, eval, eval_json, js_string, metrics, paste_into, wait_for,
};
use crate::support::{lesson, Book, ShippedSite};
use headless_chrome::protocol::cdp::{types::Method, Accessibility, Emulation};
use headless_chrome::Tab;
use serde_json::Value;
use std::collections::BTreeSet;
use worked::compute::gradient_descent::GradientDescentInput;
use worked::compute::kind::KindInput;
use worked::compute::kind::KindRun;
use worked::compute::softmax::{SoftmaxInput, Target};
use worked::expand::MOST_WIDGET_NUMBERS;
use worked::present::{format_number, Precision, Style};

/// What these tests check, for the notice when Chromium is missing.
const CHECKS: &str = "The widgets' input guards and layout";

/// Opens `url` and waits until every widget on it has started.
fn open(tab: &Tab, url: &str) {
    navigate(tab, url);
    wait_for(
        tab,
        "document.querySelectorAll('.worked-widget').length > 0 && \
         document.querySelectorAll('.worked-widget:not(.ww-live)').length === 0",
    );
}

/// The message a field points at with `aria-describedby`, or "" when it points at none; and
/// whether it is marked invalid.
pub(super) fn message_at(tab: &Tab, field: &str) -> (String, bool) {
    let found = eval_json(
        tab,
        &format!(
            "(function () {{ var f = document.querySelector({0}); var id = f.getAttribute('aria-describedby');
               var m = id ? document.getElementById(id) : null;
               return [m ? m.textContent : '', f.getAttribute('aria-invalid') === 'true']; }})()",
            js_string(field)
        ),
    );
    (
        found[0].as_str().unwrap().to_owned(),
        found[1].as_bool().unwrap(),
    )
}

/// The value a refusal's suggestion says to type: "Try 8 × 10¹⁵³ (type 8e153)." gives "8e153".
fn value_to_type(message: &str) -> &str {
    message
        .split("(type ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("a value to type: {message}"))
}

/// The text the live widgets show (not their print copies).
fn live_text(tab: &Tab) -> String {
    eval_json(
        tab,
        "Array.from(document.querySelectorAll('.ww')).map(function (w) { return w.innerText; }).join('\\n')",
    )
    .as_str()
    .unwrap()
    .to_owned()
}

/// `n` with its digits grouped in threes from four digits on, as the number rule prints counts.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    if digits.len() < 4 {
        return digits;
    }
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The longest run of digits in `text`.
fn longest_digit_run(text: &str) -> usize {
    text.split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0)
}

/// `x` as the widgets print a number past 10⁹ at three decimals (the book's number rule):
/// "8.610 × 10¹²", with no-break spaces around the ×.
fn scientific(x: f64) -> String {
    let text = format!("{:.3e}", x.abs());
    let (mantissa, exponent) = text.split_once('e').unwrap();
    let power: String = exponent
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            digit => "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(digit.to_digit(10).unwrap() as usize)
                .unwrap(),
        })
        .collect();
    let sign = if x < 0.0 { "\u{2212}" } else { "" };
    format!("{sign}{mantissa}\u{a0}×\u{a0}10{power}")
}

const EMBEDDING: &str =
    "[data-widget='attention'] input[data-input='embeddings'][data-row='0'][data-col='0']";

#[test]
fn an_embedding_that_overflows_is_refused_at_its_field_with_a_value_that_works() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(LESSON, "attention");
    let tab = chromium.tab();
    open(&tab, &book.url());
    let before = page_matrices(&tab);
    // The fields are named as the lesson names the matrices: X, W_Q (not the program's w_q).
    let named = eval_json(
        &tab,
        "[\"[data-widget='attention'] input[data-input='w_q'][data-row='0'][data-col='1']\", \
          \"[data-widget='attention'] input[data-input='embeddings'][data-row='1'][data-col='0']\"] \
         .map(function (s) { return document.querySelector(s).getAttribute('aria-label'); })",
    );
    assert_eq!(
        named,
        serde_json::json!(["W_Q row 1, column 2", "X row cat, column 1"])
    );

    paste_into(&tab, EMBEDDING, "1e154");
    let (message, invalid) = message_at(&tab, EMBEDDING);
    assert!(invalid, "the field is marked invalid");
    // In the compute widget's words: the field, the step that overflows (named, and said in
    // the kind's words), a value that works.
    assert!(
        message.starts_with(
            "X row the, column 1 = 1\u{a0}×\u{a0}10¹⁵⁴ makes step \u{201c}scores\u{201d}, the scores Q·Kᵀ, \
             overflow: its numbers would pass 1.8 × 10³⁰⁸, the largest a browser can hold. Try "
        ) && message.ends_with("Still using 1 until it is fixed."),
        "{message}"
    );
    // The value it suggests is round, one significant digit as typed (the search finds about
    // 9.371341361223948 × 10¹⁵³ and offers it rounded towards the 1 that worked).
    let typed = value_to_type(&message);
    let digit = typed
        .strip_suffix("e153")
        .unwrap_or_else(|| panic!("{message}"));
    assert!(
        digit.len() == 1
            && message.contains(&format!(" Try {digit}\u{a0}×\u{a0}10¹⁵³ (type {typed}). ")),
        "{message}"
    );
    let suggested: f64 = typed.parse().unwrap();
    assert_eq!(
        page_matrices(&tab),
        before,
        "the tables keep the lesson's numbers"
    );
    let text = live_text(&tab);
    assert!(!text.contains("NaN") && !text.contains('∞'), "{text}");

    // The value it suggests works, and its 10³⁰⁶-sized scores read as one short line each.
    paste_into(&tab, EMBEDDING, typed);
    assert_eq!(message_at(&tab, EMBEDDING), (String::new(), false));
    let mut input = seed_input();
    input.embeddings[[0, 0]] = suggested;
    let result = input
        .evaluate()
        .expect("the suggestion computes in Rust too");
    let scores = page_matrices(&tab)
        .into_iter()
        .find(|(name, _)| name == "scores")
        .unwrap()
        .1;
    assert_eq!(
        scores[0][0],
        scientific(result.matrix("scores").unwrap()[[0, 0]])
    );
    assert!(
        longest_digit_run(&live_text(&tab)) < 10,
        "{}",
        live_text(&tab)
    );
    // And the overflow itself is Rust's too.
    input.embeddings[[0, 0]] = 1e154;
    assert!(input.evaluate().is_err());
}

#[test]
fn a_temperature_too_small_to_compute_is_refused_and_a_tiny_one_reads_in_scientific_notation() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "softmax");
    let tab = chromium.tab();
    open(&tab, &book.url());
    let field = "[data-widget='softmax'] input[data-input='T']";
    paste_into(&tab, field, "1e-300");
    let scaled = "Array.from(document.querySelectorAll('.ww [data-matrix=scaled] td')).map(function (td) { return td.textContent; })";
    wait_for(
        &tab,
        &format!(
            "JSON.stringify({scaled}) === {}",
            js_string(
                &serde_json::json!([scientific(2e300), scientific(1e300), "0.000"]).to_string()
            )
        ),
    );
    // z / T for the logits 2, 1, 0: 0 / T is exactly 0, but past 2⁵³ nothing counts as exactly
    // whole, so the row is not all whole and every entry prints at three places.
    assert!(longest_digit_run(&live_text(&tab)) < 10);

    // (z − max z) / T would pass the largest number a browser holds: refused, with a T that
    // works.
    paste_into(&tab, field, "1e-320");
    let (message, invalid) = message_at(&tab, field);
    assert!(invalid);
    assert!(
        message.starts_with(
            "T = 1\u{a0}×\u{a0}10⁻³²⁰ makes step \u{201c}shifted\u{201d} overflow: its numbers would pass"
        ) && message.ends_with(" Still using 1\u{a0}×\u{a0}10⁻³⁰⁰ until it is fixed."),
        "{message}"
    );
    let typed = value_to_type(&message);
    paste_into(&tab, field, "0");
    assert_eq!(
        message_at(&tab, field).0,
        "T = 0 is outside what T can be: T is the temperature, a number above 0. Try 0.1. \
         Still using 1\u{a0}×\u{a0}10⁻³⁰⁰ until it is fixed."
    );
    // What the message says to type is taken.
    paste_into(&tab, field, typed);
    assert_eq!(message_at(&tab, field), (String::new(), false));
}

#[test]
fn a_diverging_run_says_it_diverged_instead_of_printing_huge_numbers() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "gradient_descent");
    let tab = chromium.tab();
    open(&tab, &book.url());
    paste_into(
        &tab,
        "[data-widget='gradient_descent'] input[data-input='learning_rate']",
        "0.3",
    );
    let run = (GradientDescentInput {
        points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
        start: (0.0, 0.0),
        learning_rate: 0.3,
        steps: 50,
    })
    .evaluate()
    .unwrap();
    let last = run.vector("losses").unwrap().len() - 1;
    wait_for(
        &tab,
        &format!(
            "document.querySelector('.ww [data-value=final_loss]').textContent === {}",
            js_string(&scientific(run.vector("losses").unwrap()[last]))
        ),
    );
    // The note says where, and the final values are those of the step before.
    let note = eval_json(
        &tab,
        "document.querySelector('.ww [data-note=diverged_at]').textContent",
    );
    assert!(
        note.as_str().unwrap().starts_with(&format!(
            "Diverged at step {}. That step would take the loss past 10¹² times where it started",
            last + 1
        )),
        "{note}"
    );
    assert_eq!(run.position("diverged_at"), Some(last + 1));
    let text = live_text(&tab);
    assert!(longest_digit_run(&text) < 10, "{text}");
}

#[test]
fn a_size_past_the_widgets_limit_is_refused_with_a_round_size_that_fits() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(&positional_encoding(6, ""), "compute");
    let tab = chromium.tab();
    open(&tab, &book.url());
    let cells = "document.querySelectorAll('.ww td').length";
    let drawn = eval(&tab, cells);
    let n = "[data-widget='compute'] input[data-input='n']";
    // Typed as the book prints counts: the field reads the grouping.
    paste_into(&tab, n, "1,000");
    let largest = (1..)
        .take_while(|&n| positional_encoding_numbers(n) <= MOST_WIDGET_NUMBERS)
        .last()
        .unwrap();
    // Offered with one significant digit, rounded down: what fits, and easy to type.
    let power = 10_usize.pow(largest.ilog10());
    let round = largest / power * power;
    let (message, invalid) = message_at(&tab, n);
    assert!(invalid);
    assert_eq!(
        message,
        format!(
            "n = 1,000 would make the tables hold {} numbers (step \u{201c}g\u{201d} alone is 1,000 × 1,000), and the \
             widget draws at most {}, to keep the page quick. Try {}. Still using 6 until it is fixed.",
            grouped(positional_encoding_numbers(1000)),
            grouped(MOST_WIDGET_NUMBERS),
            grouped(round),
        )
    );
    assert_eq!(eval(&tab, cells), drawn, "nothing new is drawn");
    // The suggestion is drawn, so is the largest that fits, and one more is refused.
    paste_into(&tab, n, &round.to_string());
    assert_eq!(message_at(&tab, n), (String::new(), false));
    paste_into(&tab, n, &largest.to_string());
    assert_eq!(message_at(&tab, n), (String::new(), false));
    paste_into(&tab, n, &(largest + 1).to_string());
    assert!(message_at(&tab, n).1);

    // A failing step is named in good English, with values for that field that work.
    let d = "[data-widget='compute'] input[data-input='d']";
    paste_into(&tab, d, "7");
    assert_eq!(
        message_at(&tab, d).0,
        "d = 7 makes step \u{201c}i\u{201d} fail: a size must be a whole number, got 3.5. Try 6 or 8. \
         Still using 8 until it is fixed."
    );
    let status = eval_json(&tab, "document.querySelector('[data-status]').textContent");
    assert_eq!(
        status,
        "Your edit of d makes step \u{201c}i\u{201d} fail, so the tables show the last values that worked."
    );
}

/// How far apart (px, top of one to bottom of the other) the field and the first `result`
/// are: both fit on one screen when this is at most the window's height.
fn span(tab: &Tab, field: &str, result: &str) -> (f64, f64) {
    let found = eval_json(
        tab,
        &format!(
            "(function () {{ var f = document.querySelector({}).getBoundingClientRect();
               var r = document.querySelector({}).getBoundingClientRect();
               return [Math.max(f.bottom, r.bottom) - Math.min(f.top, r.top), innerHeight]; }})()",
            js_string(field),
            js_string(result)
        ),
    );
    (found[0].as_f64().unwrap(), found[1].as_f64().unwrap())
}

#[test]
fn the_result_an_edit_changes_is_within_a_screen_of_the_field_at_1280_and_360_px() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let attention = build_book_with(LESSON, "attention");
    let sliders = build_book_with(SLIDERS_LESSON, "softmax");
    let compute = build_book_with(&positional_encoding(6, ""), "compute");
    // The page, the widget, the result that is its point, and a value to type.
    let cases = [
        (attention.url(), "attention", "[data-changed-steps]", "0.75"),
        (
            sliders.url(),
            "softmax",
            "[data-step='probabilities'] figure",
            "0.7",
        ),
        (
            sliders.url(),
            "gradient_descent",
            "[data-changed-steps]",
            "0.05",
        ),
        (compute.url(), "compute", "[data-changed-steps]", "10"),
    ];
    at_each_size(&chromium, &[(1280, 900), (360, 740)], |tab, width, _| {
        for (url, widget, result, typed) in &cases {
            open(tab, url);
            let inputs = format!("[data-widget='{widget}'] input.ww-num-input");
            let count = eval(
                tab,
                &format!("document.querySelectorAll({}).length", js_string(&inputs)),
            )
            .as_u64()
            .unwrap();
            assert!(count > 0, "{widget} has number fields");
            for index in 0..count {
                let field = format!("[data-widget='{widget}'] [data-guard-field='{index}']");
                eval(
                    tab,
                    &format!(
                        "(function () {{ var f = document.querySelectorAll({})[{index}];
                           f.setAttribute('data-guard-field', '{index}'); f.scrollIntoView({{ block: 'center' }}); }})()",
                        js_string(&inputs)
                    ),
                );
                paste_into(tab, &field, typed);
                let result = format!("[data-widget='{widget}'] .ww {result}");
                wait_for(
                    tab,
                    &format!(
                        "document.querySelector({}) && !document.querySelector({}).hidden",
                        js_string(&result),
                        js_string(&result)
                    ),
                );
                let (apart, screen) = span(tab, &field, &result);
                assert!(
                    apart <= screen,
                    "at {width} px, editing {widget} field {index} leaves its result {apart} px away on a {screen} px screen"
                );
            }
            // Nothing beside the inputs needs scrolling at this width (wide step tables may).
            let clipped = eval_json(
                tab,
                &format!(
                    "Array.from(document.querySelectorAll('[data-widget={widget}] .ww-inputs .ww-scroll')).filter(function (s) {{
                       return s.scrollWidth > s.clientWidth + 1; }}).length"
                ),
            );
            assert_eq!(
                clipped,
                Value::from(0),
                "{widget} at {width} px scrolls a table beside its inputs"
            );
        }
    });
}

#[test]
fn number_fields_ask_for_a_decimal_keypad_and_edits_mark_what_changed() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let tab = chromium.tab();
    for (lesson, widget) in [
        (LESSON.to_owned(), "attention"),
        (SLIDERS_LESSON.to_owned(), "softmax"),
        (positional_encoding(6, ""), "compute"),
    ] {
        let book = build_book_with(&lesson, widget);
        open(&tab, &book.url());
        let modes = eval_json(
            &tab,
            "Array.from(document.querySelectorAll('.ww input[type=text]:not(.ww-token-input)')).map(function (i) { return i.getAttribute('inputmode'); })",
        );
        let modes = modes.as_array().unwrap();
        assert!(!modes.is_empty());
        assert!(modes.iter().all(|m| m == "decimal"), "{widget}: {modes:?}");
    }
    // An edit marks the numbers that now differ from the lesson's, and only those.
    let book = build_book_with(LESSON, "attention");
    open(&tab, &book.url());
    let marked = "document.querySelectorAll('.ww [data-matrix=q] td[data-changed]').length";
    assert_eq!(eval(&tab, marked), Value::from(0));
    assert!(!changed_note_shows(&tab));
    // Row "the" of Q = X W_Q changes, and nothing else of Q.
    paste_into(
        &tab,
        "[data-widget='attention'] input[data-input='embeddings'][data-row='0'][data-col='1']",
        "2",
    );
    wait_for(&tab, &format!("{marked} === 2"));
    assert_eq!(
        eval(&tab, "document.querySelectorAll('.ww [data-matrix=q] td[data-row=\"0\"][data-changed]').length"),
        Value::from(2)
    );
    // The note beside the output explains the marks, and a screen reader hears each one.
    assert!(changed_note_shows(&tab));
    assert_eq!(spoken_changed(&tab), marked_count(&tab));
}

/// How many numbers the live widgets mark as changed.
fn marked_count(tab: &Tab) -> usize {
    // Marks in a closed disclosure (a heatmap's table) are hidden, from a screen reader too.
    eval(
        tab,
        "Array.from(document.querySelectorAll('.ww [data-changed]')).filter(function (n) { return !n.closest('details:not([open])'); }).length",
    )
    .as_u64()
    .unwrap() as usize
}

#[test]
fn without_javascript_a_note_says_the_controls_need_it_and_with_it_the_note_goes() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "softmax");
    let notes = "Array.from(document.querySelectorAll('.worked-widget-nojs')).filter(function (n) { return n.offsetHeight > 0; }).length";
    let tab = chromium.tab();
    tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .unwrap();
    navigate(&tab, &book.url());
    assert_eq!(
        eval(&tab, notes),
        Value::from(2),
        "one note per widget, shown"
    );
    let headers = eval_json(
        &tab,
        "Array.from(document.querySelectorAll('table.worked-values th')).map(function (th) { return th.getAttribute('scope'); })",
    );
    assert!(headers.as_array().unwrap().contains(&Value::from("col")));
    assert!(headers.as_array().unwrap().contains(&Value::from("row")));
    tab.close(false).ok();

    let tab = chromium.tab();
    open(&tab, &book.url());
    assert_eq!(
        eval(
            &tab,
            "document.querySelectorAll('.worked-widget-nojs').length"
        ),
        Value::from(0)
    );
}

/// The marked numbers of the live widgets (`data-changed`), each as "where: text", where is
/// the table (`data-matrix`) or value (`data-value`) it belongs to.
fn marked(tab: &Tab) -> Vec<String> {
    let found = eval_json(
        tab,
        "Array.from(document.querySelectorAll('.ww [data-changed]:not([data-control-input])')).map(function (n) {
           var owner = n.closest('[data-matrix]');
           var where = n.getAttribute('data-value') || (owner ? owner.getAttribute('data-matrix') : '?');
           return where + ': ' + n.textContent; })",
    );
    let mut marks: Vec<String> = serde_json::from_value(found).unwrap();
    marks.sort();
    marks
}

/// `Accessibility.getFullAXTree` read as plain JSON: headless_chrome's typed reply rejects
/// property names that newer Chromium sends.
#[derive(Debug, serde::Serialize)]
pub(crate) struct FullAxTree {}

impl Method for FullAxTree {
    const NAME: &'static str = "Accessibility.getFullAXTree";
    type ReturnObject = Value;
}

/// How many numbers a screen reader hears followed by "(changed)", the marks' text
/// alternative in widget.css.
fn spoken_changed(tab: &Tab) -> usize {
    tab.call_method(Accessibility::Enable(None)).unwrap();
    let tree = tab.call_method(FullAxTree {}).unwrap();
    tree["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|node| node["ignored"] != Value::Bool(true))
        .filter(|node| {
            node["role"]["value"] == "StaticText" && node["name"]["value"] == "(changed)"
        })
        .count()
}

/// Whether the note that explains the marks shows (a live widget has one or none).
fn changed_note_shows(tab: &Tab) -> bool {
    eval(
        tab,
        "Array.from(document.querySelectorAll('.ww [data-changed-note], .ww [data-changed-steps]')).some(function (n) { return !n.hidden; })",
    )
    .as_bool()
    .unwrap()
}

/// "name: text" for every number of `now` that prints differently from `lesson`'s.
/// The entries of the row `now` that print differently from the lesson's, both printed at the
/// precision `now` shares (one precision per row, README's number rule), as the widget prints them.
fn differing(name: &str, now: &[f64], lesson: &[f64]) -> Vec<String> {
    let precision = Precision::Computed(3).shared_by(now.iter().copied());
    let print = |x: f64| format_number(x, precision, Style::Prose);
    now.iter()
        .zip(lesson)
        .filter(|(x, l)| print(**x) != print(**l))
        .map(|(x, _)| format!("{name}: {}", print(*x)))
        .collect()
}

fn guess_at(temperature: f64) -> KindRun {
    (SoftmaxInput {
        logits: ndarray::array![2.0, 1.0, 0.0],
        labels: Some(vec!["cat".into(), "dog".into(), "fish".into()]),
        temperature,
        target: Some(Target::Label("cat".into())),
        temperatures: None,
    })
    .evaluate()
    .unwrap()
}

fn fit_at(learning_rate: f64) -> KindRun {
    (GradientDescentInput {
        points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)],
        start: (0.0, 0.0),
        learning_rate,
        steps: 50,
    })
    .evaluate()
    .unwrap()
}

#[test]
fn another_temperature_or_rate_marks_exactly_the_numbers_that_differ_from_the_lessons() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(SLIDERS_LESSON, "softmax");
    let tab = chromium.tab();
    open(&tab, &book.url());
    assert!(marked(&tab).is_empty() && !changed_note_shows(&tab));

    // Softmax at T = 2 against the lesson's T = 1: z is an input and y the target, neither moves.
    let temperature = "[data-widget='softmax'] input[data-input='T']";
    paste_into(&tab, temperature, "2");
    let (now, lesson) = (guess_at(2.0), guess_at(1.0));
    let scaled = |s: &KindRun| {
        let temperature = s.scalar("temperature").unwrap();
        s.vector("logits")
            .unwrap()
            .mapv(|z| z / temperature)
            .to_vec()
    };
    let vector = |s: &KindRun, name| s.vector(name).unwrap().to_vec();
    let mut expected = [
        differing(
            "probabilities",
            &vector(&now, "probabilities"),
            &vector(&lesson, "probabilities"),
        ),
        differing("scaled", &scaled(&now), &scaled(&lesson)),
        differing(
            "log_probabilities",
            &vector(&now, "log_probabilities"),
            &vector(&lesson, "log_probabilities"),
        ),
        differing(
            "gradient",
            &vector(&now, "gradient"),
            &vector(&lesson, "gradient"),
        ),
        differing(
            "loss",
            &[now.scalar("loss").unwrap()],
            &[lesson.scalar("loss").unwrap()],
        ),
    ]
    .concat();
    expected.sort();
    assert!(
        !expected.is_empty() && expected.len() < 3 * 4 + 1,
        "most numbers change, some stay the lesson's (0 / T)"
    );
    assert_eq!(marked(&tab), expected);
    assert!(changed_note_shows(&tab));
    // The probabilities' table is under their bars, in a disclosure: heard once it is open.
    eval(
        &tab,
        "document.querySelectorAll('.ww details').forEach(function (d) { d.open = true; })",
    );
    assert_eq!(spoken_changed(&tab), expected.len());

    // Descent at η = 0.05 against the lesson's 0.1: the final loss prints the same, w and b do
    // not; of the loss curve, the losses that print differently. The loss grid around the path
    // moves with the path: some of it is marked.
    let rate = "[data-widget='gradient_descent'] input[data-input='learning_rate']";
    paste_into(&tab, rate, "0.05");
    let (run, lesson_run) = (fit_at(0.05), fit_at(0.1));
    let last =
        |r: &KindRun| ["final_w", "final_b", "final_loss"].map(|name| r.scalar(name).unwrap());
    let mut both = [
        expected.clone(),
        differing(
            "losses",
            &run.vector("losses").unwrap().to_vec(),
            &lesson_run.vector("losses").unwrap().to_vec(),
        ),
        ["final_w", "final_b", "final_loss"]
            .iter()
            .zip(last(&run).iter().zip(last(&lesson_run)))
            .filter(|(_, (x, l))| fmt(**x) != fmt(*l))
            .map(|(name, (x, _))| format!("{name}: {}", fmt(*x)))
            .collect(),
    ]
    .concat();
    both.sort();
    let but_the_grid = |tab: &Tab| -> Vec<String> {
        marked(tab)
            .into_iter()
            .filter(|m| !m.starts_with("valley: "))
            .collect()
    };
    wait_for(
        &tab,
        &format!(
            "document.querySelectorAll('.ww [data-changed]:not([data-control-input]):not([data-matrix=valley] *)').length === {}",
            both.len()
        ),
    );
    assert!(both.len() > expected.len());
    assert_eq!(but_the_grid(&tab), both);
    let grid = marked(&tab).len() - both.len();
    assert!(grid > 0, "the loss grid moved with the path");
    // The loss curve's and the grid's tables are under their pictures, in disclosures.
    eval(
        &tab,
        "document.querySelectorAll('.ww details').forEach(function (d) { d.open = true; })",
    );
    assert_eq!(spoken_changed(&tab), both.len() + grid);

    // Back to the lesson's numbers: nothing is marked, and the notes go.
    click(&tab, "[data-widget='softmax'] [data-action='reset']");
    click(
        &tab,
        "[data-widget='gradient_descent'] [data-action='reset']",
    );
    wait_for(
        &tab,
        "document.querySelectorAll('.ww [data-changed]').length === 0",
    );
    assert!(!changed_note_shows(&tab));
    assert_eq!(spoken_changed(&tab), 0);
}

/// The key result of each kind of widget, the one an edit must keep in view: the probabilities'
/// bars, and for an attention, compute or descent example the note naming the changed steps
/// (which stays at the bottom of the window while its inputs scroll past).
const KEY_RESULTS: [(&str, &str); 5] = [
    ("attention", "[data-changed-steps]"),
    ("softmax", "[data-step='probabilities'] figure"),
    ("gradient_descent", "[data-changed-steps]"),
    ("compute", "[data-changed-steps]"),
    ("vectors", "[data-changed-steps]"),
];

/// On a page whose live widgets are numbered (`data-test-widget`, `widgets` their kinds in order),
/// at `width` px: every widget's number fields ask for decimals, and an edit of its first and last
/// field leaves the widget's key result within a screen of the field. Adds each kind to `kinds`.
fn edit_every_widget(
    tab: &Tab,
    page: &str,
    width: u32,
    widgets: &Value,
    kinds: &mut BTreeSet<String>,
) {
    for (index, kind) in widgets.as_array().unwrap().iter().enumerate() {
        let kind = kind.as_str().unwrap();
        kinds.insert(kind.to_owned());
        let widget = format!("[data-test-widget='{index}']");
        let inputs = format!("{widget} .ww input.ww-num-input");
        let modes = eval_json(
            tab,
            &format!(
                "Array.from(document.querySelectorAll({})).map(function (i) {{ return i.getAttribute('inputmode'); }})",
                js_string(&inputs)
            ),
        );
        let modes = modes.as_array().unwrap();
        assert!(
            !modes.is_empty(),
            "{page}: {kind} widget {index} has number fields"
        );
        assert!(modes.iter().all(|m| m == "decimal"), "{page}: {modes:?}");
        let key = KEY_RESULTS.iter().find(|(k, _)| *k == kind).unwrap().1;
        let result = format!("{widget} .ww {key}");
        // The first field and the last: the two farthest from a result beside or after them.
        for at in [0, modes.len() - 1] {
            let field = format!("{widget} [data-guard-field='{at}']");
            let value = eval_json(
                tab,
                &format!(
                    "(function () {{ var f = document.querySelectorAll({})[{at}];
                       f.setAttribute('data-guard-field', '{at}');
                       f.scrollIntoView({{ block: 'center', behavior: 'instant' }}); return f.value; }})()",
                    js_string(&inputs)
                ),
            );
            let x: f64 = value.as_str().unwrap().parse().unwrap();
            // A value near the lesson's that the example takes (a position, a seed and a
            // count must stay whole, a size may have to stay even, a share within its
            // domain's 1).
            let taken = [x + 1.0, x - 1.0, x + 2.0, x * 2.0, x / 2.0]
                .into_iter()
                .any(|y| {
                    paste_into(tab, &field, &y.to_string());
                    !message_at(tab, &field).1
                });
            assert!(
                taken,
                "{page}: {kind} field {at} takes none of the values tried"
            );
            wait_for(
                tab,
                &format!(
                    "document.querySelector({0}) && !document.querySelector({0}).hidden",
                    js_string(&result)
                ),
            );
            let (apart, screen) = span(tab, &field, &result);
            assert!(
                apart <= screen,
                "at {width} px on {page}, editing {kind} field {at} leaves its result {apart} px away on a {screen} px screen"
            );
        }
        if kind == "vectors" {
            assert_vectors_widget_shows_what_eval_gives(tab, &widget);
            if width == 1280 {
                assert_a_renamed_vector_is_renamed_everywhere_and_in_the_link(tab, &widget);
            }
        }
    }
}

/// A reader renames the vectors widget `widget`'s second vector "kitten", as an attention's
/// tokens are renamed: the tables on both sides, the lengths, the arrows and the projection's
/// sentence say "kitten" and the link carries it; Reset brings the lesson's name back, and the
/// link, pasted, the reader's again.
fn assert_a_renamed_vector_is_renamed_everywhere_and_in_the_link(tab: &Tab, widget: &str) {
    let field = format!("{widget} input[data-input='names'][data-row='1']");
    let value = format!("document.querySelector({}).value", js_string(&field));
    let was = eval_json(tab, &value);
    // The colour of the arrow's label named `name`, read by name.
    let colour = |name: &str| {
        eval_json(
            tab,
            &format!(
                "(Array.from(document.querySelectorAll({})).find(function (t) {{ return t.textContent === {}; }}) || {{}}).className.baseVal",
                js_string(&format!("{widget} .ww [data-step=vectors] svg text.wf-label")),
                js_string(name)
            ),
        )
    };
    let before = colour(was.as_str().unwrap());
    assert!(before.is_string(), "{was}'s arrow is labelled");
    crate::browser::type_into(tab, &field, "kitten");
    assert_eq!(colour("kitten"), before, "a renamed arrow keeps its colour");
    let shown = eval_json(
        tab,
        &format!(
            "(function () {{ var w = document.querySelector({});
               var heads = function (step) {{ return Array.from(w.querySelectorAll('.ww [data-matrix=' + step + '] th'))
                 .filter(function (th) {{ return !th.closest('.ww-print-copy'); }})
                 .map(function (th) {{ return th.textContent.trim(); }}); }};
               var sentence = w.querySelector('.ww [data-sentence=projection_scalar]');
               return {{ dots: heads('dots'), norms: heads('norms'),
                 arrows: w.querySelector('.ww [data-step=vectors] svg desc').textContent,
                 sentence: sentence && sentence.textContent, hash: location.hash }}; }})()",
            js_string(widget)
        ),
    );
    let heads =
        |step: &str| -> Vec<String> { serde_json::from_value(shown[step].clone()).unwrap() };
    for step in ["dots", "norms"] {
        let heads = heads(step);
        assert!(
            heads.iter().any(|h| h == "kitten") && !heads.iter().any(|h| was == h.as_str()),
            "{step}'s labels after renaming {was}: {heads:?}"
        );
    }
    // Both sides of the pairwise table: the row and the column.
    assert_eq!(heads("dots").iter().filter(|h| *h == "kitten").count(), 2);
    let arrows = shown["arrows"].as_str().unwrap();
    assert!(arrows.contains("kitten ("), "{arrows}");
    if let Some(sentence) = shown["sentence"].as_str() {
        assert!(sentence.contains("\u{201c}kitten\u{201d}"), "{sentence}");
    }
    let hash = shown["hash"].as_str().unwrap().to_owned();
    assert!(hash.contains("names:") && hash.contains("kitten"), "{hash}");
    click(tab, &format!("{widget} [data-action='reset']"));
    assert_eq!(eval_json(tab, &value), was);
    assert!(!eval(tab, "location.hash")
        .as_str()
        .unwrap()
        .contains("kitten"));
    // The link, pasted: the reader's name again.
    eval(tab, &format!("location.hash = {}", js_string(&hash)));
    wait_for(tab, &format!("{value} === 'kitten'"));
    click(tab, &format!("{widget} [data-action='reset']"));
}

/// The vectors widget `widget` (its edits made) shows the steps `worked eval` gives for the
/// vectors in its fields: the lengths, dot products, cosines, angles and projection, and the
/// arrows and the dashed projection drawn at those numbers.
fn assert_vectors_widget_shows_what_eval_gives(tab: &Tab, widget: &str) {
    crate::browser::wait_for_widgets(tab);
    let state = eval_json(
        tab,
        &format!(
            "(function () {{ var w = document.querySelector({});
               var data = JSON.parse(w.querySelector('script[data-example-data]').textContent);
               var rows = [];
               w.querySelectorAll('.ww input[data-input=vectors]').forEach(function (f) {{
                 var i = Number(f.getAttribute('data-row')), j = Number(f.getAttribute('data-col'));
                 (rows[i] = rows[i] || [])[j] = f.value; }});
               var steps = data.steps.split('\\n');
               var at = function (name) {{ var line = steps.find(function (l) {{ return l.startsWith(name + ' = '); }});
                 return line ? Number(line.split(' = ')[1]) : null; }};
               return {{ name: data.name, names: data.rows, rows: rows, of: at('of'), onto: at('onto'),
                 arrows: (w.querySelector('.ww [data-step=vectors] svg desc') || {{}}).textContent || null }}; }})()",
            js_string(widget)
        ),
    );
    let names: Vec<String> = serde_json::from_value(state["names"].clone()).unwrap();
    let rows: Vec<Vec<String>> = serde_json::from_value(state["rows"].clone()).unwrap();
    let position = |key: &str| state[key].as_f64().map(|x| names[x as usize].clone());
    let project = position("of").zip(position("onto"));
    // The example as its author would write it with the reader's numbers, run by `worked eval`.
    let quote = |list: &[String]| {
        list.iter()
            .map(|name| format!("{name:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let block = format!(
        "```vectors\nname = {:?}\nnames = [{}]\nvectors = [{}]\n{}```\n",
        state["name"].as_str().unwrap(),
        quote(&names),
        rows.iter()
            .map(|row| format!("[{}]", row.join(", ")))
            .collect::<Vec<_>>()
            .join(", "),
        project
            .as_ref()
            .map(|(of, onto)| format!("project = [{of:?}, {onto:?}]\n"))
            .unwrap_or_default(),
    );
    let book = Book::with_lesson("edited.md", &lesson("Edited", &block));
    let run = book.run(&["eval", "content/edited.md", "--json"]);
    run.succeeds();
    let json: Value = serde_json::from_str(&run.stdout).unwrap();
    let eval = &json["examples"][0];
    let numbers = |value: &Value| -> Vec<Vec<String>> {
        let rows = match value {
            Value::Array(entries) if entries.iter().all(Value::is_number) => vec![value.clone()],
            Value::Array(entries) => entries.clone(),
            single => vec![Value::from(vec![single.clone()])],
        };
        let rows: Vec<Vec<f64>> = rows
            .iter()
            .map(|row| {
                row.as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect()
            })
            .collect();
        // One precision for a whole step, as the widget prints it: all whole, or all at the
        // book's places.
        let whole = rows.iter().flatten().all(|x| x.fract() == 0.0);
        let print = |x: f64| match whole {
            true => fmt(x),
            false => format_number(x, Precision::Decimals(3), Style::Prose),
        };
        rows.iter()
            .map(|row| row.iter().map(|x| print(*x)).collect())
            .collect()
    };
    let mut expected = vec![
        ("norms", numbers(&eval["norms"])),
        ("dots", numbers(&eval["dots"])),
        ("cosines", numbers(&eval["cosines"])),
        ("angles", numbers(&eval["angles"])),
    ];
    if project.is_some() {
        expected.push(("projection", numbers(&eval["projection"]["vector"])));
        let scalar = numbers(&eval["projection"]["scalar"]).concat();
        let shown = eval_json(
            tab,
            &format!(
                "document.querySelector({}).textContent.trim()",
                js_string(&format!("{widget} .ww [data-value='projection_scalar']"))
            ),
        );
        assert_eq!(
            shown.as_str(),
            Some(scalar[0].as_str()),
            "the widget's projection_scalar"
        );
        let said = eval_json(
            tab,
            &format!(
                "document.querySelector({}).textContent",
                js_string(&format!("{widget} .ww [data-sentence='projection_scalar']"))
            ),
        );
        let length = format!("has signed length {}:", scalar[0]);
        assert!(
            said.as_str().unwrap().contains(&length),
            "{said} says {length}"
        );
    }
    let shown = matrices_in(tab, &format!("{widget} .ww"));
    for (step, numbers) in &expected {
        let live = shown.iter().find(|(name, _)| name == step);
        assert_eq!(
            live.map(|(_, rows)| rows),
            Some(numbers),
            "the widget's {step}"
        );
    }
    // The arrows say their tips and the projection's, at the reader's numbers.
    if let Some((of, onto)) = &project {
        let arrows = state["arrows"]
            .as_str()
            .expect("the widget draws the vectors as arrows");
        let tip = numbers(&eval["projection"]["vector"]).concat();
        let said = format!(
            "the projection of {of} onto {onto}, ({}, {})",
            tip[0], tip[1]
        );
        assert!(arrows.contains(&said), "{arrows} says {said}");
    }
}

#[test]
fn every_widget_of_the_book_keeps_an_edit_in_view_asks_for_decimals_and_needs_no_drag_without_javascript(
) {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let site = ShippedSite::build();
    let pages: Vec<String> = site
        .pages()
        .into_iter()
        .filter(|page| page != "print.html")
        .filter(|page| {
            std::fs::read_to_string(site.root().join(page))
                .unwrap()
                .contains("data-widget=")
        })
        .collect();
    // Each page is loaded once, at the first size, and read again at the second after the window
    // is resized (the widgets' layout is CSS alone, and scroll-regions.js decides again on every
    // resize, which `settle` waits for): one load a page instead of one per size. Two tabs at
    // once, each taking every other page, so the test still uses both cores.
    let sizes = [(1280, 900), (360, 740)];
    let kinds: BTreeSet<String> = std::thread::scope(|scope| {
        let walks: Vec<_> = (0..2)
            .map(|first| {
                let (chromium, site, pages) = (&chromium, &site, &pages);
                scope.spawn(move || {
                    let tab = chromium.tab();
                    let mut kinds = BTreeSet::new();
                    for page in pages.iter().skip(first).step_by(2) {
                        metrics(&tab, sizes[0].0, sizes[0].1);
                        open(&tab, &site.url(page));
                        let widgets = eval_json(
                            &tab,
                            "Array.from(document.querySelectorAll('.worked-widget.ww-live')).map(function (f, i) {
                               f.setAttribute('data-test-widget', i); return f.getAttribute('data-widget'); })",
                        );
                        for (width, height) in sizes {
                            metrics(&tab, width, height);
                            settle(&tab);
                            edit_every_widget(&tab, page, width, &widgets, &mut kinds);
                        }
                    }
                    kinds
                })
            })
            .collect();
        walks
            .into_iter()
            .flat_map(|walk| {
                walk.join()
                    .unwrap_or_else(|failed| std::panic::resume_unwind(failed))
            })
            .collect()
    });
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [
            "attention",
            "compute",
            "gradient_descent",
            "softmax",
            "vectors"
        ],
        "the book has every kind of widget (positional encoding is a compute example)"
    );

    // Without JavaScript there is nothing to drag or tick: no page with a widget says so.
    let tab = chromium.tab();
    tab.call_method(Emulation::SetScriptExecutionDisabled { value: true })
        .unwrap();
    for page in &pages {
        navigate(&tab, &site.url(page));
        let text = eval(&tab, "document.body.innerText")
            .as_str()
            .unwrap()
            .to_lowercase();
        for word in ["drag", "tick "] {
            assert!(
                !text.contains(word),
                "{page} says \u{201c}{word}\u{201d} without JavaScript"
            );
        }
        assert!(
            eval(
                &tab,
                "document.querySelectorAll('.worked-widget-nojs').length"
            )
            .as_u64()
            .unwrap()
                > 0,
            "{page}: a note says the controls need JavaScript"
        );
    }
}

/// A compute example that picks position `i` of three, for a position far out of range.
const PICK_LESSON: &str = r#"+++
title = "Pick"
+++
```compute
name = "pick"
steps = """
picked = one_hot(i, 3)
"""

[inputs]
i = 1
```

```widget
example = "pick"
```
"#;

#[test]
fn a_position_far_out_of_range_is_answered_with_one_that_works() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let book = build_book_with(PICK_LESSON, "compute");
    let tab = chromium.tab();
    open(&tab, &book.url());
    let i = "[data-widget='compute'] input[data-input='i']";
    paste_into(&tab, i, "9999999");
    let (message, invalid) = message_at(&tab, i);
    assert!(invalid);
    // The number as the rule prints it, the core's words, and a suggestion found by trying.
    assert!(
        message.starts_with("i = 9,999,999 makes step \u{201c}picked\u{201d} fail: "),
        "{message}"
    );
    let suggested = message
        .split(" Try ")
        .nth(1)
        .and_then(|rest| rest.split('.').next())
        .unwrap_or_else(|| panic!("a suggestion: {message}"));
    paste_into(&tab, i, suggested);
    assert_eq!(message_at(&tab, i), (String::new(), false));
}

/// The attention lesson's weights figure and its widget's weights heatmap, cell by cell: the same
/// numbers, and each widget cell the colour the figure's cell shows (its heat composited over the
/// cell at the opacity of the value), in the light and the dark scheme.
#[test]
fn the_attention_widgets_heatmap_cells_have_the_figures_colours_light_and_dark() {
    let Some(chromium) = launch(module_path!(), CHECKS) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    metrics(&tab, 1280, 900);
    for scheme in ["light", "dark"] {
        crate::browser::color_scheme(&tab, scheme);
        open(&tab, &site.url("transformers/attention.html"));
        let cells = eval_json(
            &tab,
            "(function () {
               function rgb(c) {
                 var n = c.match(/[\\d.]+/g).map(Number).slice(0, 3);
                 return c.indexOf('color(') === 0 ? n.map(function (x) { return x * 255; }) : n;
               }
               function drawnOf(figure) {
                 var base = Array.from(figure.querySelectorAll('rect.wf-cell'));
                 return Array.from(figure.querySelectorAll('rect.wf-heat')).map(function (heat, k) {
                   var under = rgb(getComputedStyle(base[k]).fill), over = rgb(getComputedStyle(heat).fill);
                   var a = Number(heat.getAttribute('fill-opacity') || 1);
                   return under.map(function (u, i) { return u * (1 - a) + over[i] * a; });
                 });
               }
               function numbersOf(figure) {
                 return Array.from(figure.querySelectorAll('text.wf-cell-value')).map(function (t) { return t.textContent; });
               }
               var figure = Array.from(document.querySelectorAll('.wf-heatmap')).filter(function (f) { return !f.closest('.worked-widget'); })[0];
               var view = document.querySelector('[data-widget=attention] .ww [data-step=weights] .wf-heatmap');
               var drawn = drawnOf(figure), numbers = numbersOf(figure);
               var widget = drawnOf(view).map(function (colour, k) { return [numbersOf(view)[k], colour]; });
               return { drawn: drawn, numbers: numbers, widget: widget };
             })()",
        );
        let drawn = cells["drawn"].as_array().unwrap();
        let widget = cells["widget"].as_array().unwrap();
        assert!(drawn.len() >= 9, "{scheme}: the figure has its cells");
        assert_eq!(
            drawn.len(),
            widget.len(),
            "{scheme}: one widget cell per figure cell"
        );
        for (k, (figure, live)) in drawn.iter().zip(widget).enumerate() {
            assert_eq!(
                cells["numbers"][k], live[0],
                "{scheme}: cell {k} holds the same number"
            );
            for channel in 0..3 {
                let (a, b) = (
                    figure[channel].as_f64().unwrap(),
                    live[1][channel].as_f64().unwrap(),
                );
                assert!(
                    (a - b).abs() <= 1.5,
                    "{scheme}: cell {k} ({}) is {:?} in the widget and {figure:?} in the figure",
                    live[0],
                    live[1]
                );
            }
        }
    }
}
