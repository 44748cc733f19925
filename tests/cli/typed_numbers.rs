//! The typed-number check: computed values typed by hand are caught in every usual form, with
//! the reference to write; numbers that are not values of the book's computations pass.

use crate::support::{lesson, place, Book, CAT_BLOCK};

/// A compute example whose values print as 4694 (0 dp), 0.00001, 12000 and 0.665.
const RUN_BLOCK: &str = r#"```compute
name = "run"
steps = """
tokens = per_step * 2.5
share = part / whole
"""

[inputs]
per_step = 1877.52
part = 133
whole = 200
rate = 0.00001
steps = 12000
```
"#;

fn run_lesson(prose: &str) -> (Book, String) {
    let text = lesson("Typed", &format!("{RUN_BLOCK}\n{prose}\n"));
    (Book::with_lesson("typed.md", &text), text)
}

#[test]
fn each_usual_form_of_a_computed_value_is_caught_with_the_reference_to_write() {
    let (book, text) = run_lesson(
        "The run saw 4694 tokens at a rate of 1e-5 over 12,000 steps; 66.5% of them were kept.",
    );
    let at = |needle| place("content/typed.md", &text, needle);
    book.check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: 4694 is a computed value typed by hand",
            at("4694")
        ))
        .stderr_has("4694 is run.tokens (0 dp): write {{run.tokens | 0dp}}")
        .stderr_has(&format!("{}: 1e-5 is a computed value", at("1e-5")))
        .stderr_has("1e-5 is run.rate (1 sf): write {{run.rate}}")
        .stderr_has(&format!("{}: 12,000 is a computed value", at("12,000")))
        .stderr_has("12,000 is run.steps (0 dp): write {{run.steps}}")
        .stderr_has(&format!("{}: 66.5% is a computed value", at("66.5%")))
        .stderr_has("66.5% is run.share as a percentage (0.665, 3 dp)")
        .stderr_has("4 errors found");
}

#[test]
fn the_references_the_hints_propose_pass_and_print_the_typed_text() {
    let (book, _) = run_lesson(
        "The run saw {{run.tokens | 0dp}} tokens at a rate of {{run.rate}} over {{run.steps}} steps.",
    );
    book.check().succeeds();
    book.build().succeeds();
    let html = book.read("public/typed.html");
    assert!(html.contains(">4,694<"), "{html}");
    assert!(html.contains(">1\u{a0}×\u{a0}10⁻⁵<"), "{html}");
    assert!(html.contains(">12,000<"), "{html}");
}

#[test]
fn a_computed_value_typed_into_a_formula_is_caught() {
    let text = lesson(
        "Attention",
        &format!("{CAT_BLOCK}\n$$a_{{sat,sat}} = 0.768, \\quad x^{{0.5}} + 0.25x$$\n"),
    );
    Book::with_lesson("attention.md", &text)
        .check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: 0.768 is a computed value typed by hand",
            place("content/attention.md", &text, "0.768")
        ))
        .stderr_has("write {{cat.weights[sat, sat]}}")
        .stderr_has("1 error found");
}

#[test]
fn numbers_that_are_not_values_of_the_computations_pass() {
    let prose = "See section 2.4.1 and Section 2.4 of KaTeX 0.16.4 (GPT-3.5 too). Rows 6..9 \
                 and the range [0..15) are shown in `lr = 0.001`, in [the notes](https://example.org/1.5/notes), \
                 <https://example.org/2.75/x> and ![plot 0.25](plot-0.25.png). In math constants \
                 are fine: $x^{0.5}$, $e \\approx 2.718$, $0.5x^2$.\n\n\
                 1. first\n2. second\n\n100. a list that starts at 100\n";
    let text = lesson("Attention", &format!("{CAT_BLOCK}\n{prose}"));
    let book = Book::with_lesson("attention.md", &text);
    book.write("content/plot-0.25.png", b"\x89PNG");
    book.check().succeeds();
}

#[test]
fn a_decimal_that_matches_nothing_in_a_lesson_with_examples_is_still_reported() {
    let text = lesson("Attention", &format!("{CAT_BLOCK}\nThe weight is 0.321.\n"));
    Book::with_lesson("attention.md", &text)
        .check()
        .exits_with(1)
        .stderr_has("the number 0.321 looks typed by hand")
        .stderr_has("{{ literal 0.321 }}");
}

#[test]
fn a_prose_chapter_without_examples_is_not_checked_for_decimals() {
    let text = lesson(
        "History",
        "Accuracy rose from 0.61 to 0.87, about 42.5% better, in version 2.0 of 1,024 runs.\n",
    );
    Book::with_lesson("history.md", &text).check().succeeds();
}

#[test]
fn typed_numbers_are_reported_in_the_same_pass_as_every_other_problem() {
    let (book, _) = run_lesson("The run saw 4694 tokens; {{run.nothing}} is wrong.");
    book.check()
        .exits_with(1)
        .stderr_has("example \"run\" has no quantity `nothing`")
        .stderr_has("4694 is a computed value typed by hand");
}

/// A run with a 200-entry loss history falling through every small round value, a data set
/// that holds 0.5, and its results: a share of 0.25, 1024 tokens, a rate of 0.025, a final loss
/// of 0.0025, a total of 4.6943 and 0.96 kept.
const HISTORY_BLOCK: &str = r#"```compute
name = "fit"
steps = """
loss = start
repeat 200:
    loss = loss * 0.955
losses = history(loss)
share = part / whole
tokens = whole * 8
rate = part / 1280
final_loss = part / 12800
total = part / 6.81676
kept = whole * 0.0075
"""

[inputs]
start = 2.3
part = 32
whole = 128
data = [0.1, 0.5, 0.9]
```
"#;

#[test]
fn round_constants_pass_beside_a_long_history_while_typed_results_are_caught() {
    let quiet = lesson(
        "History",
        &format!(
            "{HISTORY_BLOCK}\nWe use a step size of 0.001 and stop below 1e-3, with a threshold of 0.5.\n"
        ),
    );
    Book::with_lesson("fit.md", &quiet).check().succeeds();
    let typed = lesson(
        "History",
        &format!(
            "{HISTORY_BLOCK}\nThe share is 0.25 of 1,024 tokens at a rate of 2.5%, the last loss 2.5e-3 and the total 4.6943; 96 % are kept.\n"
        ),
    );
    Book::with_lesson("fit.md", &typed)
        .check()
        .exits_with(1)
        .stderr_has("0.25 is a computed value typed by hand")
        .stderr_has("1,024 is a computed value typed by hand")
        .stderr_has("2.5% is a computed value typed by hand")
        .stderr_has("write {{fit.rate | percent}}")
        .stderr_has("2.5e-3 is a computed value typed by hand")
        .stderr_has("4.6943 is a computed value typed by hand")
        .stderr_has("96 % is a computed value typed by hand")
        .stderr_has("6 errors found");
}
