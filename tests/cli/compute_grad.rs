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

/// The backward pass by hand, rule by rule as in the backpropagation lesson, for the training
/// loop's model: what the lesson's `slope = grad(loss, theta)` replaced.
const HAND_RULES: &str = "        g_logits = (p - truth) / 5
        g_y = g_logits @ w_u.T
        g_r2 = (g_y - mean(g_y, axis=1) - y * mean(g_y * y, axis=1)) / sqrt(var(r2, axis=1) + ln_eps)
        g_u = (g_r2 @ w_2.T) * (u > 0)
        g_n1 = g_r2 + g_u @ w_1.T
        g_r1 = (g_n1 - mean(g_n1, axis=1) - n1 * mean(g_n1 * n1, axis=1)) / sqrt(var(r1, axis=1) + ln_eps)
        g_z = g_r1 @ w_o.T
        g_a1 = cols(g_z, 0, 2) @ cols(v, 0, 2).T
        g_s1 = a1 * (g_a1 - sum(g_a1 * a1, axis=1)) / sqrt(2)
        g_a2 = cols(g_z, 2, 4) @ cols(v, 2, 4).T
        g_s2 = a2 * (g_a2 - sum(g_a2 * a2, axis=1)) / sqrt(2)
        g_q = concat(g_s1 @ cols(k, 0, 2), g_s2 @ cols(k, 2, 4), axis=1)
        g_k = concat(g_s1.T @ cols(q, 0, 2), g_s2.T @ cols(q, 2, 4), axis=1)
        g_v = concat(a1.T @ cols(g_z, 0, 2), a2.T @ cols(g_z, 2, 4), axis=1)
        g_h = g_r1 + g_q @ w_q.T + g_k @ w_k.T + g_v @ w_v.T
        slope = concat(flatten(inp.T @ g_h), flatten(h.T @ g_q), flatten(h.T @ g_k), flatten(h.T @ g_v), flatten(z.T @ g_r1), flatten(n1.T @ g_u), flatten(relu(u).T @ g_r2), flatten(y.T @ g_logits))";

/// The training-loop lesson's first program, which takes every weight's slope with
/// `grad(loss, theta)`, against the same program with the hand rules in its place: its 402
/// losses (SGD and Adam, after 0 to 200 updates each) are those of the hand rules to 1e-9, so
/// the rules the backpropagation lesson teaches are the derivative.
#[test]
fn the_training_loops_hand_rules_give_the_losses_grad_gives() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/training/training-loop.md"),
    )
    .expect("the training-loop lesson");
    let start = text.find("```compute\n").expect("a compute block");
    let end = start + text[start..].find("\n```\n").expect("the block's end") + "\n```\n".len();
    let original = &text[start..end];
    let by_machine = "        slope = grad(loss, theta)";
    assert!(
        original.contains(by_machine),
        "the lesson's gradient line moved"
    );
    let by_hand_program = original.replace(by_machine, HAND_RULES);
    assert!(by_hand_program.contains("g_h"), "the hand rules are in");
    let curves = |block: &str| {
        let book = Book::with_lesson("loop.md", &lesson("Loop", block));
        let run = book.run(&["eval", "content/loop.md", "--json"]);
        run.succeeds();
        let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        json["examples"][0]["steps"]["curves"]
            .as_array()
            .expect("curves")
            .iter()
            .flat_map(|row| row.as_array().cloned().unwrap_or_else(|| vec![row.clone()]))
            .map(|v| v.as_f64().expect("a number"))
            .collect::<Vec<f64>>()
    };
    let (by_hand, by_grad) = (curves(&by_hand_program), curves(original));
    assert_eq!(by_hand.len(), 402);
    assert_eq!(by_grad.len(), 402);
    for (step, (a, b)) in by_hand.iter().zip(&by_grad).enumerate() {
        assert!(
            (a - b).abs() <= 1e-9,
            "step {step}: hand rules {a}, grad {b}"
        );
    }
}
