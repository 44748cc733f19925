//! `grad` through the binary: `check` compares a hand-written gradient rule with the one the
//! language derives, through the `[expect]` pins every example has.

use crate::support::{lesson, Book};

/// A softmax regression whose hand rule for the slope of W is pinned to agree with `grad`.
fn block(hand_rule: &str) -> String {
    format!(
        r#"```compute
name = "fit"
steps = """
Z = H @ W
P = softmax(Z, axis=1)
L = -sum(T * log(P)) / 2
g = grad(L, W)
hand = {hand_rule}
gap = max(abs(g - hand))
agree = gap < 0.000000001
"""

[inputs]
H = [[1, 2, -1], [0.5, -0.5, 2]]
W = [[0.5, -0.4, 0.1], [0.2, 0.9, -0.7], [-0.3, 0.6, 0.4]]
T = [[1, 0, 0], [0, 0, 1]]

[expect]
agree = 1
```

The derived and the hand-written slopes differ by at most {{{{fit.gap}}}}.
"#
    )
}

#[test]
fn check_passes_when_the_hand_rule_agrees_with_grad_and_fails_when_it_does_not() {
    let right = Book::with_lesson("fit.md", &lesson("Fit", &block("H.T @ ((P - T) / 2)")));
    right.check().succeeds();
    let wrong = Book::with_lesson("fit.md", &lesson("Fit", &block("H.T @ ((T - P) / 2)")));
    wrong
        .check()
        .exits_with(1)
        .stderr_has("fit.agree is expected to print as 1, but computes to 0");
}

#[test]
fn a_gradient_through_a_function_without_a_derivative_is_an_error_at_the_call() {
    let text = lesson(
        "Fit",
        "```compute\nname = \"r\"\nsteps = \"\"\"\nh = round(x * 2)\nL = sum(h)\ng = grad(L, x)\n\"\"\"\n\n[inputs]\nx = [0.3, 1.2]\n```\n",
    );
    let book = Book::with_lesson("fit.md", &text);
    book.check()
        .exits_with(1)
        .stderr_has(&crate::support::place(
            "content/fit.md",
            &text,
            "round(x * 2)",
        ))
        .stderr_has("grad cannot pass through `round` in step h (the path from the loss: L → h)");
}
