//! ```` ```exercise ```` blocks through the binary: the page without JavaScript (question with
//! the lesson's numbers, hints, answer and solution in a closed `<details>`), the fields and
//! buttons for the script, the solutions gathered for print, `check`, and each mistake as one
//! error at its file, line and column.

use crate::support::{lesson, place, Book};

/// A compute example and two exercises: one answered by a reference, one by a step of its own
/// `steps` over the example's values.
pub(crate) const EXAMPLE: &str = r#"```compute
name = "ln"
steps = """
mu = mean(x)
y = x - mu
"""

[inputs]
x = [2, 4, 6, 9]
```

The centred values are {{ln.y}}.
"#;

pub(crate) const CENTRE: &str = r#"```exercise
name = "centre"
question = '''
What is the first entry of $x - \mu$ when $x$ is {{ln.x}}? Give three decimals.
'''
answer = "ln.y[1]"
hints = ["Compute the mean {{ln.mu}} first.", "Subtract it from $x_1$."]
solution = """
The mean is {{ln.mu}}, so the first entry is {{ln.y[1]}}.
"""
```
"#;

pub(crate) const SHIFT: &str = r#"```exercise
name = "shift"
question = """
Add 3 to every entry of x. What is the sum of the squares of the centred values now?
"""
steps = """
shifted = ln.x + 3
squares = sum((shifted - mean(shifted)) ^ 2)
"""
answer = "squares | 2dp"
solution = """
Shifting moves the mean too, so the centred values stay {{ln.y}} and the sum of squares is {{steps.squares | 2dp}}.
"""
```
"#;

/// Where [`book`] writes its lesson.
pub(crate) const PATH: &str = "content/ex.md";

/// A book of one lesson, `ex.md` titled "Exercises", holding `body`; and the lesson's text.
pub(crate) fn book(body: &str) -> (Book, String) {
    let text = lesson("Exercises", body);
    (Book::with_lesson("ex.md", &text), text)
}

fn built(body: &str) -> String {
    let (book, _) = book(body);
    book.build().succeeds();
    book.read("public/ex.html")
}

#[test]
fn an_exercise_shows_its_question_and_keeps_the_answer_in_a_closed_details() {
    let html = built(&format!("{EXAMPLE}\n{CENTRE}\n{SHIFT}"));
    assert_eq!(
        html.matches("<section class=\"worked-exercise\"").count(),
        2
    );
    let first = &html[html.find("id=\"exercise-centre\"").unwrap()..];
    let first = &first[..first.find("</section>").unwrap()];
    assert!(first.contains(">Exercise 1</p>"), "{first}");
    // The question prints the lesson's numbers; the fields wait hidden for the script.
    assert!(first.contains("is <span class=\"worked-ref\" data-ref=\"ln.x\">(2, 4, 6, 9)</span>?"));
    assert!(first.contains("<div class=\"exercise-controls\" hidden>"));
    assert!(first.contains("aria-label=\"Your answer\""));
    for button in ["Check", "Hint", "Show solution"] {
        assert!(first.contains(&format!(">{button}</button>")), "{button}");
    }
    assert!(!first.contains("New numbers"));
    // Without JavaScript: a closed <details> with the hints, the answer and the solution.
    assert!(first.contains(
        "<details class=\"exercise-solution\">\n<summary>Hints, answer and solution</summary>"
    ));
    assert!(first.contains("Hint 2</p>"));
    assert!(first.contains("Answer: <span class=\"worked-ref exercise-expected\" data-ref=\"ln.y[1]\">\u{2212}3.250</span>"));
    assert!(first.contains(r#""answer":[-3.25]"#) && first.contains(r#""tolerance":[0.0005]"#));
    // The exercise's own steps: 2dp prints the answer, so half a unit of the second decimal.
    let second = &html[html.find("id=\"exercise-shift\"").unwrap()..];
    assert!(
        second.contains(r#""answer":[26.75]"#) && second.contains(r#""tolerance":[0.005]"#),
        "{second}"
    );
    assert!(second.contains("<summary>Answer and solution</summary>"));
    assert!(!second.contains(">Hint</button>"));
    // Print: the solutions again, gathered after the lesson.
    let print = &html[html
        .find("exercise-print-solutions")
        .expect("print solutions")..];
    assert!(print.find("Exercise 1").unwrap() < print.find("Exercise 2").unwrap());
    assert!(print.contains(
        "sum of squares is <span class=\"worked-ref\" data-ref=\"steps.squares|2dp\">26.75</span>"
    ));
    assert!(html.contains("js/exercise-answer.js") && html.contains("js/exercise.js"));
    assert!(html.contains("exercise.css"));
}

#[test]
fn a_vector_answer_gets_one_field_per_entry_and_an_explicit_tolerance() {
    let exercise = CENTRE.replace(
        "answer = \"ln.y[1]\"",
        "answer = \"ln.y\"\ntolerance = 0.01",
    );
    let html = built(&format!("{EXAMPLE}\n{exercise}"));
    for entry in 1..=4 {
        assert!(html.contains(&format!("aria-label=\"Your answer, entry {entry}\"")));
    }
    assert!(
        html.contains(r#""tolerance":[0.01,0.01,0.01,0.01]"#),
        "{html}"
    );
}

#[test]
fn check_passes_a_good_exercise_and_reports_typed_numbers_in_it() {
    let (good, _) = book(&format!("{EXAMPLE}\n{CENTRE}"));
    good.check().succeeds();
    let typed = CENTRE.replace(
        "so the first entry is {{ln.y[1]}}",
        "so the first entry is -3.250",
    );
    let (bad, text) = book(&format!("{EXAMPLE}\n{typed}"));
    bad.check()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "-3.250"))
        .stderr_has("computed value typed by hand");
}

/// Builds `body`, expects one failure, and checks the error's place and words.
#[track_caller]
fn fails_at(body: &str, needle: &str, words: &str) {
    let (book, text) = book(body);
    book.build()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, needle))
        .stderr_has(words);
}

#[test]
fn each_mistake_is_an_error_at_its_place() {
    let with = |from: &str, to: &str| format!("{EXAMPLE}\n{}", CENTRE.replace(from, to));
    fails_at(
        &with("\"ln.y[1]\"", "\"nl.y[1]\""),
        "\"nl.y[1]\"",
        "no example named \"nl\"",
    );
    fails_at(
        &with("\"ln.y[1]\"", "\"ln.z\""),
        "\"ln.z\"",
        "has no quantity `z`",
    );
    fails_at(
        &with("\"ln.y[1]\"", "\"ln.y[7]\""),
        "\"ln.y[7]\"",
        "ln.y[7]",
    );
    fails_at(
        &with("\"ln.y[1]\"", "\"ln.y[1\""),
        "\"\nhints",
        "cannot read this answer",
    );
    fails_at(
        &with("answer =", "tolerance = \"small\"\nanswer ="),
        "\"small\"",
        "`tolerance` must be a number above 0",
    );
    fails_at(
        &with("answer =", "tolerance = 1e308\nanswer ="),
        "\"ln.y[1]\"",
        "`tolerance` is wider than half the answer ln.y[1] (at most 1.625",
    );
    fails_at(
        &with("{{ln.mu}} first", "{{ln.nu}} first"),
        "{{ln.nu}}",
        "has no quantity `nu`",
    );
    fails_at(
        &with("name = \"centre\"", "name = \"centre\"\nanswr = 1"),
        "answr",
        "unknown field `answr`",
    );
    fails_at(
        &with("centre", "a b"),
        "\"a b\"",
        "cannot be used as an exercise name",
    );
    let twice = format!("{EXAMPLE}\n{CENTRE}\n{CENTRE}");
    let (book, text) = book(&twice);
    book.build()
        .exits_with(1)
        .stderr_has(&crate::support::place_nth(PATH, &text, "\"centre\"", 2))
        .stderr_has("a second exercise is named \"centre\"");
}

#[test]
fn mistakes_in_an_exercises_steps_point_into_the_steps() {
    let with = |from: &str, to: &str| format!("{EXAMPLE}\n{}", SHIFT.replace(from, to));
    fails_at(
        &with("ln.x + 3", "ln.w + 3"),
        "ln.w",
        "example \"ln\" has no quantity `w`",
    );
    fails_at(
        &with("ln.x + 3", "ln.x + 3q"),
        "3q",
        "in the exercise's steps",
    );
    fails_at(
        &with("\"squares | 2dp\"", "\"squars\""),
        "\"squars\"",
        "`squars` is not a step of the exercise's steps",
    );
}

/// A compute example and an exercise that varies three of its inputs, printing numbers through
/// every filter and precision a reference has.
pub(crate) const VARIED: &str = r#"```compute
name = "sm"
cols = ["a", "b", "c"]
steps = """
p = softmax(z / t)
loss = -log(p[0])
w = m @ v
"""

[inputs]
z = [1, 2, 0.5]
t = 1
m = [[1, 2], [3, 4]]
v = [1, -1]
```

```exercise
name = "soft"
question = """
With logits {{sm.z}} at temperature {{sm.t}}, what are the probabilities, to two decimals?
"""
steps = """
share = sm.p[0] * 100
"""
answer = "sm.p | 2dp"
hints = ["The exponentials sum to {{sm.z | exp | sum}} at temperature 1.", "The loss is {{sm.loss | 3sf}}."]
solution = """
They are {{sm.p | 2dp | list}}: "b" takes {{sm.p[b] | percent}}, "a" {{steps.share | 1dp}} percent.
Also m v is {{sm.w | list}} and v · w is {{sm.v | dot(sm.w) | 1dp}}.
"""

[vary]
sm.z = "uniform(-2, 2, 1)"
sm.t = "choice(0.5, 1, 2)"
sm.m = "randint(-3, 3)"
```
"#;

#[test]
fn vary_adds_new_numbers_and_a_failing_draw_names_its_entry_and_seed() {
    let html = built(VARIED);
    assert!(html.contains(">New numbers</button>"));
    assert!(html.contains(r#""seeds":50"#) && html.contains("js/exercise-vary.js"));
    let failing = VARIED.replace("share = sm.p[0] * 100", "share = 1 / (sm.m[0, 0] - 2)");
    let (book, text) = book(&failing);
    book.build()
        .exits_with(1)
        .stderr_has(&place(PATH, &text, "sm.z = "))
        .stderr_has("the draws sm.z = \"uniform(-2, 2, 1)\", sm.t = \"choice(0.5, 1, 2)\"")
        .stderr_has("give numbers the exercise cannot use: division by 0 in step share")
        .stderr_has("#vary-soft=");
    let in_math = VARIED.replace("With logits {{sm.z}}", "With logits ${{sm.z}}$");
    fails_at(
        &in_math,
        "{{sm.z}}$",
        "numbers are printed in sentences, not in math",
    );
    fails_at(
        &VARIED.replace("sm.t = \"choice", "sm.q = \"choice"),
        "sm.q",
        "\"sm\" has no input `q`",
    );
    fails_at(
        &VARIED.replace("randint(-3, 3)", "randint(3, -3)"),
        "\"randint(3, -3)\"",
        "randint takes two whole numbers",
    );
}

#[test]
fn a_varied_question_that_shows_no_drawn_number_is_a_warning_in_build_and_an_error_in_check() {
    let blind = VARIED.replace(
        "With logits {{sm.z}} at temperature {{sm.t}}, what",
        "With the logits above, what",
    );
    let (blind_book, text) = book(&blind);
    blind_book
        .build()
        .succeeds()
        .stderr_has(&place(PATH, &text, "\"\"\"\nWith the logits above"))
        .stderr_has("shows none of the numbers it draws")
        .stderr_has("such as {{sm.z}} or {{sm.t}}");
    blind_book
        .check()
        .exits_with(1)
        .stderr_has("shows none of the numbers it draws");
    // The question of VARIED shows its draws, and a step of the exercise's own program that
    // reads a drawn example changes with them too: no warning.
    let through_steps = VARIED.replace(
        "With logits {{sm.z}} at temperature {{sm.t}}, what",
        "With a share of {{steps.share | 1dp}} percent for a, what",
    );
    for text in [VARIED.to_string(), through_steps] {
        let (shown, _) = book(&text);
        let run = shown.build();
        run.succeeds();
        assert!(
            !run.stderr.contains("shows none of the numbers"),
            "{}",
            run.stderr
        );
    }
}
