//! Real-browser test of answers typed as the book prints them: digits grouped with commas or
//! spaces, a percentage for a fraction (with a note saying how it was read), a decimal comma
//! answered with its point form and tied to the field by `aria-describedby`, and a one-entry
//! answer printed as its number, not in parentheses.

use crate::browser::navigate;
use crate::browser::{click, eval_json, launch, type_into, wait_for};
use crate::exercise_browser::verdict;
use crate::support::{lesson, Book};
use headless_chrome::Tab;
use serde_json::Value;

const BODY: &str = r#"```compute
name = "n"
steps = """
big = x ^ 20
share = 49 / 200
h = m / 2
"""

[inputs]
x = 2
m = [[5], [8]]
```

```exercise
name = "grouped"
question = "What is 2 to the power 20?"
answer = "n.big"
solution = "It is {{n.big}}."
```

```exercise
name = "share"
question = "What share is 49 of 200?"
answer = "n.share"
solution = "It is {{n.share}}."
```

```exercise
name = "one"
question = "What is the first row of h?"
answer = "n.h[1]"
solution = "It is {{n.h[1]}}."
```
"#;

fn verdict_after(tab: &Tab, exercise: &str, typed: &str) -> String {
    let field = format!("#exercise-{exercise} input.exercise-field");
    type_into(tab, &field, typed);
    click(
        tab,
        &format!("#exercise-{exercise} button[data-action='check']"),
    );
    verdict(tab, exercise)
}

fn field_attribute(tab: &Tab, exercise: &str, name: &str) -> Value {
    eval_json(
        tab,
        &format!(
            "document.querySelector('#exercise-{exercise} input.exercise-field').getAttribute('{name}')"
        ),
    )
}

#[test]
fn answers_typed_as_the_book_prints_them_are_read() {
    let Some(chromium) = launch("answers_browser", "Answers typed as printed") else {
        return;
    };
    let book = Book::with_lesson("ex.md", &lesson("Answers", BODY));
    book.build().succeeds();
    let tab = chromium.tab();
    navigate(&tab, &book.url("ex.html"));
    wait_for(
        &tab,
        "!document.querySelector('#exercise-one .exercise-controls').hidden",
    );

    for grouped in ["1,048,576", "1 048 576", "1048576"] {
        assert_eq!(
            verdict_after(&tab, "grouped", grouped),
            "Correct",
            "{grouped}"
        );
    }
    assert_eq!(verdict_after(&tab, "grouped", "1,048,575"), "Not yet");
    assert!(verdict_after(&tab, "grouped", "1,04,8576").starts_with("Not yet: write a number"));

    assert_eq!(
        verdict_after(&tab, "share", "24.5%"),
        "Correct (24.5% read as 0.245)"
    );
    assert_eq!(
        verdict_after(&tab, "share", "2.45 %"),
        "Not yet (2.45 % read as 0.0245)"
    );
    assert_eq!(
        verdict_after(&tab, "share", "0,245"),
        "\u{201c}0,245\u{201d} is not a number here: write 0.245, with a point."
    );
    assert_eq!(field_attribute(&tab, "share", "aria-invalid"), "true");
    assert_eq!(
        field_attribute(&tab, "share", "aria-describedby"),
        eval_json(
            &tab,
            "document.querySelector('#exercise-share .exercise-verdict').id"
        )
    );
    assert_eq!(verdict_after(&tab, "share", "0.245"), "Correct");
    assert_eq!(
        field_attribute(&tab, "share", "aria-describedby"),
        Value::Null
    );

    // A one-entry answer is one number: one field, and printed without parentheses.
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelectorAll('#exercise-one input.exercise-field').length"
        ),
        1
    );
    click(&tab, "#exercise-one button[data-action='solution']");
    assert_eq!(
        eval_json(
            &tab,
            "document.querySelector('#exercise-one .exercise-verdict').textContent"
        ),
        "The answer is 2.500."
    );
    let solution = eval_json(
        &tab,
        "document.querySelector('#exercise-one details.exercise-solution').textContent",
    );
    assert!(
        solution.as_str().unwrap().contains("It is 2.500.")
            && !solution.to_string().contains("(2.5"),
        "{solution}"
    );
}
