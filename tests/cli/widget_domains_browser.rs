//! Inputs with a domain (issue 42): the build refuses a lesson's value outside its input's
//! domain at the entry; in a browser, the widget refuses a reader's value outside it in the
//! lesson's words, before the program runs, with a suggestion that lies inside the domain and
//! works; a 0/1 switch is a checkbox and another choice radio buttons; the "changed" note names a
//! step whose length changed.

use super::widget_browser::{build_book_with, Book};
use super::widget_guards_browser::message_at;
use crate::browser::navigate;
use crate::browser::{eval, paste_into, wait_for};
use headless_chrome::Tab;
use std::process::Command;

/// A sampler over six tokens and a counting loop: top-k past six fails in the program (an
/// index out of range), as `merges` past 5 does; the domains say so first.
fn lesson(top_k: &str) -> String {
    format!(
        r#"+++
title = "Domains"
+++
```compute
name = "gen"
steps = """
p = softmax(where(l >= sort(l)[6 - top_k], l / temperature, -inf))
w = where(adam == 1, 2, 1) * mode
repeat merges as m:
    s = (10 + arange(5))[m]
    loss = s / warmup
curve = history(loss)
"""

[inputs]
temperature = {{ value = 2, min = 0, exclusive_min = true, means = "the number the logits are divided by" }}
top_k = {{ value = {top_k}, min = 1, max = 6, integer = true, means = "how many of the six tokens top-k keeps" }}
adam = {{ value = 1, choice = [0, 1] }}
mode = {{ value = 2, choice = [1, 2, 3] }}
merges = {{ value = 4, min = 1, max = 9, integer = true }}
warmup = {{ value = 20, min = 1, integer = true }}
l = [3, 1, 0.5, 0, -1, -2]
```

```widget
example = "gen"
```
"#
    )
}

fn field(input: &str) -> String {
    format!("[data-widget='compute'] input[data-input='{input}']")
}

/// Types `text` into `input`'s field and returns the message the field points at, after
/// checking that the field is marked invalid.
fn refused(tab: &Tab, input: &str, text: &str) -> String {
    paste_into(tab, &field(input), text);
    let (message, invalid) = message_at(tab, &field(input));
    assert!(invalid, "{input} = {text} is marked invalid: {message}");
    message
}

/// The value after "Try " in `message`, as a number.
fn suggested(message: &str) -> f64 {
    let after = message
        .split("Try ")
        .nth(1)
        .unwrap_or_else(|| panic!("a suggestion in: {message}"));
    let number: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    // The sentence's full stop is no decimal point.
    number.trim_end_matches('.').parse().expect("a number")
}

fn open(tab: &Tab, book: &Book) {
    navigate(tab, &book.url());
    wait_for(
        tab,
        "document.querySelector('[data-widget=\"compute\"] .ww [data-matrix]') !== null",
    );
}

#[test]
fn a_lessons_value_outside_its_inputs_domain_is_an_error_at_the_value() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("book.toml"), "title = \"Domains\"\n").unwrap();
    std::fs::write(dir.path().join("content/lesson.md"), lesson("7")).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["check", "--root"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        // (The report wraps its message to the terminal's width.)
        stderr.contains("content/lesson.md:17:19: the lesson's top_k = 7 lies outside its domain")
            && stderr.contains("a whole number from 1 to 6"),
        "{stderr}"
    );
}

#[test]
fn out_of_domain_inputs_are_refused_in_the_lessons_words_with_a_suggestion_inside_the_domain() {
    let Some(chromium) = crate::browser::launch(module_path!(), "Widget input domains") else {
        return;
    };
    let book = build_book_with(&lesson("2"), "compute");
    let tab = chromium.tab();
    open(&tab, &book);

    let message = refused(&tab, "top_k", "0");
    assert!(
        message.starts_with(
            "top_k = 0 is outside what top_k can be: top_k is how many of the six tokens top-k \
             keeps, a whole number from 1 to 6. Try 1."
        ),
        "{message}"
    );
    assert_eq!(suggested(&refused(&tab, "top_k", "12")), 6.0);
    let message = refused(&tab, "temperature", "-1");
    assert!(message.contains("a number above 0"), "{message}");
    let t = suggested(&message);
    assert!(t > 0.0 && t < 1.0, "a temperature just above 0: {message}");
    let message = refused(&tab, "warmup", "-3");
    assert_eq!(suggested(&message), 1.0, "no negative warm-up: {message}");
    // Inside the domain but failing in the program: the nearest value that works.
    let message = refused(&tab, "merges", "7");
    assert!(message.contains("Try 5."), "{message}");
    // Outside the domain, and its edge fails too: the nearest that works, the current 4 … 5.
    let message = refused(&tab, "merges", "12");
    assert_eq!(suggested(&message), 5.0, "{message}");

    // Switches: a checkbox for 0 and 1, radio buttons for another choice.
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('input[type=checkbox][data-toggle=\"adam\"]').checked"
        ),
        serde_json::Value::Bool(true)
    );
    assert_eq!(
        eval(
            &tab,
            "Array.from(document.querySelectorAll('input[type=radio][data-choice=\"mode\"]'), (r) => r.value).join(' ')"
        ),
        serde_json::Value::from("1 2 3")
    );

    // A step that only got shorter is named as changed, with its new length.
    paste_into(&tab, &field("merges"), "3");
    wait_for(
        &tab,
        "document.querySelector('[data-changed-steps]').textContent.includes('\u{201c}curve\u{201d} (3 entries instead of 4)')",
    );
    // The refused edits (and the values their suggestions tried) left the inputs as they were.
    assert_eq!(
        eval(
            &tab,
            "document.querySelector('[data-changed-steps]').textContent.includes('\u{201c}p\u{201d}')"
        ),
        serde_json::Value::Bool(false)
    );
}
