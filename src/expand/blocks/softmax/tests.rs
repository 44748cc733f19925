//! The ```` ```softmax ```` block reader: what it reads, the errors it gives and where, and its
//! widget's data.

use super::*;
use crate::compute::Evaluated;

const LOGITS: &str = "name = \"t\"\nlogits = [2, 1, 0.1]\nlabels = [\"cat\", \"dog\", \"fish\"]\n";

#[test]
fn the_contract_example_evaluates() {
    let text = format!("{LOGITS}temperature = 1\ntarget = \"cat\"\ntemperatures = [0.5, 1, 2]\n");
    let parsed = evaluate(&text).unwrap();
    assert_eq!(parsed.name, "t");
    assert!(parsed.inputs["steps"]
        .as_str()
        .unwrap()
        .contains("target = 0\n"));
    // The slider reaches the compared temperatures and past them, on a log scale.
    assert_eq!(
        parsed.inputs["controls"]["T"],
        serde_json::json!({ "kind": "slider", "range": [0.1, 10.0], "log": true, "marks": [0.5, 1.0, 2.0] })
    );
    assert_eq!(parsed.inputs["domains"]["T"]["exclusive_min"], true);
    // The target's one-hot row, tag and loss sentence come from the program's steps.
    assert_eq!(
        parsed.inputs["show"],
        serde_json::json!([
            "probabilities",
            "log_probabilities",
            "scaled",
            "y",
            "gradient",
            "loss"
        ])
    );
    assert_eq!(
        parsed.inputs["highlight"],
        serde_json::json!({ "step": "target", "says": "target" })
    );
    assert_eq!(parsed.inputs["sentences"][0]["after"], "loss");
    let Evaluated::Kind(result) = parsed.evaluated else {
        panic!("a softmax result")
    };
    // softmax([2, 1, 0.1])[cat] = 0.659, −ln 0.659 = 0.417.
    assert_eq!(
            serde_json::from_value::<Sentence>(parsed.inputs["sentences"][0].clone())
                .unwrap()
                .fill(|name| result.quantity(name), 3)
                .as_deref(),
            Some("The loss is the surprise of the target, cat: L = \u{2212}ln p(cat) = \u{2212}ln 0.659 = 0.417.")
        );
    assert!(result.scalar("loss").is_some());
    assert_eq!(result.matrix("sweep").unwrap().nrows(), 3);
}

#[test]
fn a_target_may_be_a_zero_based_position() {
    let parsed = evaluate(&format!("{LOGITS}target = 2\n")).unwrap();
    assert!(parsed.inputs["steps"]
        .as_str()
        .unwrap()
        .contains("target = 2\n"));
    // Without a target nothing is tagged and there is no loss to say.
    let untargeted = evaluate(LOGITS).unwrap();
    assert!(untargeted.inputs.get("highlight").is_none());
    assert!(untargeted.inputs.get("sentences").is_none());
}

#[test]
fn without_labels_the_loss_is_said_of_the_target_named_as_the_kind_names_a_logit() {
    let text = "name = \"t\"\nlogits = [2, 1, 0.1]\ntarget = 2\n";
    let parsed = evaluate(text).unwrap();
    let Evaluated::Kind(result) = parsed.evaluated else {
        panic!("a softmax result")
    };
    // The widget's sentence, filled with the build's numbers for readers without
    // JavaScript (as embeds/widget.rs fills it): softmax([2, 1, 0.1])[2] = 0.099, −ln 0.099 = 2.317.
    let sentence: Sentence = serde_json::from_value(parsed.inputs["sentences"][0].clone()).unwrap();
    assert_eq!(
            sentence.fill(|name| result.quantity(name), 3).as_deref(),
            Some("The loss is the surprise of the target, logit 2: L = \u{2212}ln p(logit 2) = \u{2212}ln 0.099 = 2.317.")
        );
}

/// Each bad block, the text its error points at, and words its message or help says.
#[test]
fn each_problem_is_reported_at_its_value_in_the_authors_words() {
    let with = |line: &str| format!("{LOGITS}{line}\n");
    let rows = [
        (with("temprature = 2"), "temprature", "temprature"),
        (
            "name = \"t\"\nlogits = [1, 2\n".into(),
            "",
            "invalid example",
        ),
        (LOGITS.replace("0.1", "nan"), "nan", ""),
        (with("temperature = 0"), "0", "temperature"),
        (with("temperature = nan"), "nan", "not a finite number"),
        (with("temperatures = [1, -0.5, 2]"), "-0.5", ""),
        (with("temperatures = [1, 0]"), "0", "greater than 0"),
        (with("temperatures = []"), "[]", "`temperatures` is empty"),
        (
            with("target = \"cow\""),
            "\"cow\"",
            "use one of cat, dog, fish",
        ),
        (with("target = 3"), "3", ""),
        (with("target = -1"), "-1", ""),
        (with("target = 1.5"), "1.5", ""),
        (LOGITS.replace(", \"fish\"", ""), "[\"cat\", \"dog\"]", ""),
        ("name = \"t\"\nlogits = []\n".into(), "[]", ""),
    ];
    for (text, at, says) in rows {
        let errors = evaluate(&text).expect_err("should fail");
        let error = &errors[0];
        assert!(
            at.is_empty() || text[error.span.clone()] == *at,
            "{text}: {error:?}"
        );
        let said = format!("{} {}", error.message, error.help.as_deref().unwrap_or(""));
        assert!(said.contains(says), "{text}: {said}");
    }
}

#[test]
fn several_problems_are_reported_together() {
    let text = "name = \"t\"\nlogits = [inf]\ntemperature = -1\n";
    let errors = evaluate(text).err().unwrap();
    let spans: Vec<&str> = errors.iter().map(|e| &text[e.span.clone()]).collect();
    assert_eq!(spans, ["inf", "-1"]);
}
