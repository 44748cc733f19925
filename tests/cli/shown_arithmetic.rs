//! `\shown` formulas: arithmetic a page shows on printed numbers must add up on those numbers.
//! `check` fails at the mark's file:line:column when it does not, `build` warns and still
//! writes the page, and a marked formula with nothing to check is an error in both.

use crate::support::{lesson, place, Book};

/// Two values whose sum, printed at 3 decimals, is not the sum of their 3-decimal prints:
/// 0.7354 + 0.8063 = 1.5417 prints 0.735 + 0.806 = 1.542, which a reader adds up to 1.541.
const HEADS_BLOCK: &str = r#"```compute
name = "mix"
steps = """
total = a + b
"""

[inputs]
a = 0.7354
b = 0.8063
```
"#;

fn mix_lesson(formula: &str) -> (Book, String) {
    let text = lesson(
        "Mix",
        &format!("{HEADS_BLOCK}\nThe first entry is {formula}.\n"),
    );
    (Book::with_lesson("mix.md", &text), text)
}

#[test]
fn shown_arithmetic_that_does_not_add_up_on_the_printed_numbers_fails_check_at_the_mark() {
    let (book, text) = mix_lesson(r"$\shown {{mix.a | 3dp}} + {{mix.b | 3dp}} = {{mix.total}}$");
    book.check()
        .exits_with(1)
        .stderr_has(&format!(
            "{}: the arithmetic this formula shows does not add up",
            place("content/mix.md", &text, r"\shown")
        ))
        // Messages wrap at the terminal's width; each piece is on one line.
        .stderr_has("`0.735 + 0.806` gives 1.541")
        .stderr_has("prints 1.542")
        .stderr_has("print the operands with more decimals")
        .stderr_has("1 error found");
    // The build writes the page and says what is wrong, as for a number typed by hand.
    book.build()
        .succeeds()
        .stderr_has("the arithmetic this formula shows does not add up");
    let page = book.read("public/mix.html");
    assert!(!page.contains("shown"), "the mark is not typeset: {page}");
}

#[test]
fn shown_arithmetic_with_enough_digits_passes_and_is_typeset_without_its_mark() {
    let (book, _) = mix_lesson(r"$\shown {{mix.a | 4dp}} + {{mix.b | 4dp}} \approx {{mix.total}}$");
    book.check().succeeds();
    book.build().succeeds();
    let page = book.read("public/mix.html");
    assert!(page.contains("0.7354") && page.contains("1.542"), "{page}");
    assert!(!page.contains(r"\shown"), "{page}");
}

#[test]
fn a_shown_mark_on_a_formula_with_nothing_to_check_is_an_error() {
    let (book, text) = mix_lesson(r"$\shown x = {{mix.a}} + y$");
    let at = place("content/mix.md", &text, r"\shown");
    book.check()
        .exits_with(1)
        .stderr_has(&format!("{at}: this \\shown formula has no arithmetic"));
    book.build().exits_with(1).stderr_has(&at);
}
