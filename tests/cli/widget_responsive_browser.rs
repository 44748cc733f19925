//! Issue 41: no widget holds the page. The training lesson's widget runs a 200-step loop that
//! differentiates a transformer block; a reader who types a large `steps` used to freeze the tab
//! for seconds (the refused run, then up to 14 trial runs for a suggestion, all in the input
//! handler). Now runs go in slices; this test types such values key by key into the shipped
//! book's widget and watches the page's long tasks (`PerformanceObserver` on `longtask`): none
//! may pass 100 ms, and each edit must still end refused, with a suggestion that works.

use super::widget_guards_browser::message_at;
use crate::browser::{eval_json, js_string, launch, open_live, type_into, wait_for};
use crate::support::ShippedSite;
use serde_json::Value;

/// The training widget's `steps` field.
const STEPS: &str = "[data-widget=\"compute\"][data-example=\"try\"] .ww input[data-input='steps'][data-row='0'][data-col='0']";

/// Starts collecting the page's long tasks in `window.longTasks` (their durations in ms).
const WATCH: &str =
    "(function () { window.longTasks = []; new PerformanceObserver(function (list) { \
    list.getEntries().forEach(function (e) { window.longTasks.push(Math.round(e.duration)); }); \
  }).observe({ type: 'longtask' }); return true; })()";

#[test]
fn typing_large_steps_into_the_training_widget_never_holds_the_page_for_100_ms() {
    let Some(chromium) = launch(
        module_path!(),
        "That the training widget stays responsive while it refuses large steps",
    ) else {
        return;
    };
    let site = ShippedSite::build();
    let tab = chromium.tab();
    open_live(
        &tab,
        &site.url("training/training-loop.html"),
        &format!("document.querySelector({}) !== null", js_string(STEPS)),
    );
    wait_for(&tab, "!document.querySelector('[data-busy]')");
    eval_json(&tab, WATCH);
    // The observer sees what it must catch: a task of 150 ms.
    eval_json(
        &tab,
        "(setTimeout(function () { var end = performance.now() + 150; while (performance.now() < end); }, 0), true)",
    );
    wait_for(
        &tab,
        "window.longTasks.some(function (d) { return d >= 150; })",
    );
    eval_json(&tab, "(window.longTasks = [], true)");

    for typed in ["1000", "50000", "1e9"] {
        type_into(&tab, STEPS, typed);
        let (message, invalid) = message_at(&tab, STEPS);
        assert!(invalid, "steps = {typed} is refused: {message}");
        assert!(
            message.starts_with("steps = ") && message.contains(" makes step \u{201c}"),
            "the refusal names the field and the failing step: {message}"
        );
        let suggested: f64 = message
            .split(" Try ")
            .nth(1)
            .and_then(|rest| rest.split(['.', ' ']).next())
            .map(|x| x.replace(',', ""))
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("steps = {typed}: a suggestion follows: {message}"));
        assert!(
            suggested >= 1.0 && suggested < typed.parse::<f64>().unwrap(),
            "steps = {typed}: the suggestion is fewer steps: {message}"
        );
        let long = eval_json(&tab, "window.longTasks");
        let over: Vec<&Value> = long
            .as_array()
            .expect("a list of durations")
            .iter()
            .filter(|d| d.as_f64().unwrap_or(0.0) > 100.0)
            .collect();
        assert!(
            over.is_empty(),
            "typing steps = {typed} held the page longer than 100 ms: tasks of {long} ms"
        );
    }
}
