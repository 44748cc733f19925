//! Real-browser test of exercises: `worked build` a lesson with two exercises, open it in
//! headless Chromium over file://, type right and wrong answers (Enter and the Check button),
//! take the hints one by one, show the solution, and check every verdict the live region says.

use super::exercises::{CENTRE, EXAMPLE, SHIFT};
use crate::browser::launch;
use crate::browser::navigate;
use crate::browser::{click, eval_json, screenshot_slices, type_into, wait_for};
use crate::support::{lesson, Book};
use headless_chrome::Tab;
use serde_json::Value;

pub(crate) fn verdict(tab: &Tab, exercise: &str) -> String {
    eval_json(
        tab,
        &format!("document.querySelector('#exercise-{exercise} .exercise-verdict').textContent"),
    )
    .as_str()
    .unwrap()
    .to_string()
}

fn field(exercise: &str) -> String {
    format!("#exercise-{exercise} input[aria-label='Your answer']")
}

fn button(exercise: &str, action: &str) -> String {
    format!("#exercise-{exercise} button[data-action='{action}']")
}

/// Opens `url` and waits for the script to show `exercise`'s fields.
fn open(tab: &Tab, url: &str, exercise: &str) {
    navigate(tab, url);
    wait_for(
        tab,
        &format!("!document.querySelector('#exercise-{exercise} .exercise-controls').hidden"),
    );
}

/// A built lesson with an example and two exercises on it.
fn exercises_book() -> Book {
    let book = Book::with_lesson(
        "ex.md",
        &lesson("Exercises", &format!("{EXAMPLE}\n{CENTRE}\n{SHIFT}")),
    );
    book.build().succeeds();
    book
}

#[test]
fn a_reader_checks_answers_takes_hints_and_sees_the_solution() {
    let Some(chromium) = launch("exercise_browser", "Exercises in a browser") else {
        return;
    };
    let book = exercises_book();
    let url = book.url("ex.html");
    let tab = chromium.tab();
    open(&tab, &url, "centre");
    // With the script, the no-JavaScript <details> steps aside until "Show solution".
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelector('#exercise-centre details').hidden"
        ),
        Value::Bool(true)
    );

    type_into(&tab, &field("centre"), "-3.2");
    tab.press_key("Enter").unwrap();
    assert_eq!(verdict(&tab, "centre"), "Not yet");
    type_into(&tab, &field("centre"), "three");
    click(&tab, &button("centre", "check"));
    assert!(verdict(&tab, "centre").starts_with("Not yet: write a number"));
    for right in ["\u{2212}3.25", "-13/4", "-3.2504", "-325e-2"] {
        type_into(&tab, &field("centre"), right);
        click(&tab, &button("centre", "check"));
        assert_eq!(verdict(&tab, "centre"), "Correct", "{right}");
    }
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelector('#exercise-centre .exercise-badge').textContent"
        ),
        Value::from("Solved")
    );
    assert_eq!(
        eval_json(
            &tab,
            "JSON.parse(localStorage.getItem('worked-exercises'))[location.pathname]"
        ),
        serde_json::json!(["centre"])
    );

    let shown =
        "document.querySelectorAll('#exercise-centre .exercise-shown-hints .exercise-hint').length";
    click(&tab, &button("centre", "hint"));
    assert_eq!(eval_json(&tab, shown), Value::from(1));
    assert!(eval_json(
        &tab,
        "document.querySelector('#exercise-centre .exercise-shown-hints').textContent"
    )
    .as_str()
    .unwrap()
    .contains("Compute the mean 5.250 first."));
    click(&tab, &button("centre", "hint"));
    assert_eq!(eval_json(&tab, shown), Value::from(2));
    assert_eq!(
        eval_json(
            &tab,
            &format!(
                "document.querySelector(\"{}\").disabled",
                button("centre", "hint")
            )
        ),
        Value::Bool(true)
    );

    // Before "Show solution" a wrong answer is only "Not yet"; after it, the answer is said.
    type_into(&tab, &field("shift"), ".5");
    click(&tab, &button("shift", "check"));
    assert_eq!(verdict(&tab, "shift"), "Not yet");
    click(&tab, &button("shift", "solution"));
    assert_eq!(verdict(&tab, "shift"), "Not yet. The answer is 26.75.");
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelector('#exercise-shift details').open"
        ),
        Value::Bool(true)
    );
    type_into(&tab, &field("shift"), "26.75");
    tab.press_key("Enter").unwrap();
    assert_eq!(verdict(&tab, "shift"), "Correct");
}

/// Not a check: the two exercises at 360 and 1280 px, light and dark, in slices of 1,200 px for
/// a person to look at: `cargo test --test cli -- --ignored exercise_screenshots` writes them to
/// `$WORKED_SCREENSHOTS` (default: `worked-screenshots` in the temporary folder).
#[test]
#[ignore = "writes screenshots for a person to look at"]
fn exercise_screenshots() {
    let Some(chromium) = launch("exercise_browser", "Exercise screenshots") else {
        return;
    };
    let book = exercises_book();
    let url = book.url("ex.html");
    screenshot_slices(&chromium, &url, "exercises");
}

#[test]
fn new_numbers_reprint_the_exercise_as_rust_draws_them_and_the_link_keeps_the_draw() {
    use worked::compute::vary::{entries, run, VaryPlan};
    use worked::present::exercise::PrintRule;
    let Some(chromium) = launch("exercise_browser", "New numbers in a browser") else {
        return;
    };
    let book = Book::with_lesson("ex.md", &lesson("Varied", super::exercises::VARIED));
    book.build().succeeds();
    let vary = crate::exercise_differential::vary_data(&book.read("public/ex.html")).remove(0);
    let plan: VaryPlan = serde_json::from_value(vary["plan"].clone()).unwrap();
    let refs = vary["refs"].as_array().unwrap().clone();
    let answer = vary["answer"].as_u64().unwrap() as usize;
    let url = book.url("ex.html");
    let tab = chromium.tab();
    open(&tab, &url, "soft");
    let question = "document.querySelector('#exercise-soft .exercise-question').textContent";
    let before = eval_json(&tab, question);

    click(&tab, &button("soft", "vary"));
    assert_eq!(verdict(&tab, "soft"), "New numbers.");
    let hash = eval_json(&tab, "location.hash")
        .as_str()
        .unwrap()
        .to_string();
    let seed: u64 = hash
        .strip_prefix("#vary-soft=")
        .unwrap_or_else(|| panic!("the fragment keeps the seed: {hash}"))
        .parse()
        .unwrap();
    assert!((1..=50).contains(&seed));
    let drawn = run(&plan, seed).unwrap();
    let rule = |i: usize| -> PrintRule { serde_json::from_value(refs[i]["rule"].clone()).unwrap() };
    let logits = rule(0).prose(&drawn.outputs[0], false, false);
    let temperature = rule(1).prose(&drawn.outputs[1], false, false);
    let expected_question = format!(
        "With logits {logits} at temperature {temperature}, what are the probabilities, to two decimals?"
    );
    let now = eval_json(&tab, question);
    assert_eq!(now.as_str().unwrap().trim(), expected_question);
    assert_ne!(now, before, "seed {seed} draws other numbers");

    // The drawn answer is right, the lesson's is not (unless the draw repeats it).
    let right: Vec<String> = entries(&drawn.outputs[answer])
        .iter()
        .map(|x| rule(answer).number(*x))
        .collect();
    for (i, value) in right.iter().enumerate() {
        type_into(&tab, &format!("#exercise-soft-field-{i}"), value);
    }
    click(&tab, &button("soft", "check"));
    assert_eq!(
        verdict(&tab, "soft"),
        "Correct",
        "the answer {right:?} of seed {seed}"
    );
    type_into(&tab, "#exercise-soft-field-0", "7");
    tab.press_key("Enter").unwrap();
    assert_eq!(verdict(&tab, "soft"), "Not yet");

    // A shared link shows the same draw.
    let fresh = chromium.tab();
    open(&fresh, &format!("{url}#vary-soft={seed}"), "soft");
    assert_eq!(
        eval_json(&fresh, question).as_str().unwrap().trim(),
        expected_question
    );
    click(&fresh, &button("soft", "solution"));
    let shown = eval_json(
        &fresh,
        "document.querySelector('#exercise-soft .exercise-expected').textContent",
    );
    assert_eq!(
        shown.as_str().unwrap(),
        rule(answer).prose(&drawn.outputs[answer], false, false)
    );
}
