//! The ```` ```gradient_descent ```` block reader: what it reads, the errors it gives and where,
//! and its widget's data.

use super::*;
use crate::compute::gradient_descent::TEMPLATE;
use crate::compute::Evaluated;

const FIT: &str = "name = \"fit\"\npoints = [[0, 1], [1, 3], [2, 5], [3, 7]]\nstart = [0, 0]\n\
learning_rate = 0.05\nsteps = 50\n";

#[test]
fn the_contract_example_evaluates() {
    let parsed = evaluate(FIT).unwrap();
    assert_eq!(parsed.inputs["inputs"][3], serde_json::json!(["steps", 50]));
    // The widget runs the kind's own program: one text, one run's values.
    assert_eq!(parsed.inputs["steps"], TEMPLATE);
    // The rate on a log slider around the lesson's, with a button to the stable edge.
    let slider = &parsed.inputs["controls"]["learning_rate"];
    assert_eq!(slider["range"], serde_json::json!([0.0025, 1.0]));
    assert_eq!(slider["log"], true);
    // n = 4, Σx = 6, Σx² = 14: the edge 4 / (9 + √61) ≈ 0.2379 prints as 0.238.
    assert_eq!(slider["marks"], serde_json::json!([0.238]));
    assert_eq!(
        parsed.inputs["labels"]["start"],
        serde_json::json!({ "cols": ["w", "b"] })
    );
    assert_eq!(
        parsed.inputs["notes"]["diverged_at"]["says"],
        "Diverged at step {}."
    );
    let Evaluated::Kind(result) = parsed.evaluated else {
        panic!("a gradient-descent result")
    };
    assert_eq!(result.matrix("iterates").unwrap().nrows(), 51);
    assert_eq!(result.scalar("optimum_w"), Some(2.0));
    assert_eq!(result.scalar("optimum_b"), Some(1.0));
}

/// Each bad block: (edit of the contract example, the text the error points at, its message).
#[test]
fn each_bad_block_is_reported_at_its_text() {
    let cases = [
        (
            ("steps = 50", "steps = 50\nmomentum = 0.9"),
            "momentum",
            "unknown field `momentum`",
        ),
        (
            ("[0, 1], ", "[0, 1, 2], "),
            "[0, 1, 2]",
            "point 1 has 3 numbers, but a point is [x, y]",
        ),
        (("[2, 5]", "[2, nan]"), "nan", ""),
        (
            ("start = [0, 0]", "start = [0]"),
            "[0]",
            "`start` needs two numbers (w, b), but has 1",
        ),
        (("0.05", "-0.05"), "-0.05", ""),
        (("0.05", "nan"), "nan", "`learning_rate` holds NaN"),
        (
            ("start = [0, 0]", "start = [0, inf]"),
            "inf",
            "`start` holds inf",
        ),
        (
            ("steps = 50", "steps = 0"),
            "0",
            "steps = 0 is not a number of steps",
        ),
        (
            ("steps = 50", "steps = 1024"),
            "1024",
            "steps = 1024 is more than 1023, the most an example may have",
        ),
        (
            ("[[0, 1], [1, 3], [2, 5], [3, 7]]", "[[1, 1], [1, 3]]"),
            "[[1, 1], [1, 3]]",
            "every point has the same x, so no single line fits best",
        ),
    ];
    for ((from, to), at, message) in cases {
        let text = FIT.replace(from, to);
        let errors = evaluate(&text).expect_err("should fail");
        assert_eq!(&text[errors[0].span.clone()], at, "{to}");
        assert!(errors[0].message.contains(message), "{}", errors[0].message);
    }
    let errors = evaluate("name = \"fit\"\npoints = [[0, 1], [1, 2]]\n").unwrap_err();
    assert!(errors[0].help.as_deref().unwrap().contains("learning_rate"));
}
