//! The ```` ```attention ```` block reader: what it reads, the errors it gives and where, and its
//! widget's data.

use super::*;
use crate::compute::Evaluated;

const CAT: &str =
    "name = \"cat\"\ntokens = [\"the\", \"cat\", \"sat\"]\nembeddings = [[1, 0], [0, 1], [1, 1]]\n\
w_q = [[1, 0], [1, 2]]\nw_k = [[2, 0], [0, 1]]\nw_v = [[1, 0], [0, 2]]\n";

fn error_at(text: &str) -> (String, String) {
    let errors = evaluate(text).expect_err("should fail");
    let error = &errors[0];
    (text[error.span.clone()].to_string(), error.message.clone())
}

#[test]
fn the_seed_example_evaluates() {
    let parsed = evaluate(CAT).unwrap();
    assert_eq!(parsed.name, "cat");
    // The compute widget's data: the tokens label the rows and are renamed as `tokens`,
    // the mask is a toggle, the weights a heatmap.
    let data = &parsed.inputs;
    assert_eq!(data["rows"][2], "sat");
    assert_eq!(data["controls"]["embeddings"]["called"], "tokens");
    assert_eq!(data["controls"]["causal"]["kind"], "toggle");
    assert_eq!(data["views"]["weights"], "heatmap");
    assert_eq!(data["masked"]["weights"], "mask");
    assert_eq!(data["labels"]["w_q"], "none");
    assert_eq!(
        data["show"],
        serde_json::json!(["q", "k", "v", "scores", "scaled", "weights", "output"])
    );
    assert_eq!(data["inputs"][4], serde_json::json!(["causal", 0.0]));
    // An overflow is said in the kind's words.
    assert_eq!(data["step_words"]["scores"], "the scores Q·Kᵀ");
    assert_eq!(data["step_words"]["out"], "the heads' outputs");
    // Its fields are named as the lesson names the matrices; there is no W_O here.
    assert_eq!(
        data["field_names"],
        serde_json::json!({ "embeddings": "X", "w_q": "W_Q", "w_k": "W_K", "w_v": "W_V" })
    );
}

#[test]
fn several_heads_show_each_heads_tables() {
    let data = evaluate(&format!("{CAT}heads = 2\n")).unwrap().inputs;
    assert_eq!(data["views"]["weights_2"], "heatmap");
    assert_eq!(data["show"][6], "scores_2");
    assert_eq!(data["labels"]["out_1"], "rows");
    assert_eq!(data["show"][9], "concat");
    // Each head's steps that can overflow are named with their head.
    assert_eq!(data["step_words"]["scores_2"], "the scores Q·Kᵀ of head 2");
    assert_eq!(data["step_words"]["out_1"], "the output of head 1");
    assert_eq!(data["step_words"]["q"], "the queries Q");
    assert_eq!(data["step_words"]["concat"], "the heads' outputs");
    assert_eq!(data["step_words"].get("scores"), None);
}

/// The widget runs the example's own program, and every step it shows, draws or labels
/// is a value of the example's run, labelled as the widget labels it: a figure or a copy
/// without JavaScript can draw from the run instead of running the program again.
#[test]
fn the_widget_shows_the_steps_of_the_examples_own_run() {
    for extra in ["", "heads = 2\ncausal = true\nw_o = [[1], [1]]\n"] {
        let parsed = evaluate(&format!("{CAT}{extra}")).unwrap();
        let (Evaluated::Kind(example), data) = (&parsed.evaluated, &parsed.inputs) else {
            panic!("an attention example is a kind's run")
        };
        let program = data["steps"].as_str().unwrap();
        let steps = (data["show"].as_array().unwrap().iter())
            .chain(data["masked"].as_object().unwrap().values());
        for step in steps {
            let step = step.as_str().unwrap();
            assert!(example.run.value(step).is_some(), "{step}");
            let line = format!("{step} = ");
            assert!(program.lines().any(|l| l.starts_with(&line)), "{step}");
        }
        for (step, side) in data["labels"].as_object().unwrap() {
            let sides = example.run.labels.sides.get(step);
            let side = serde_json::from_value(side.clone()).unwrap();
            let side = crate::compute::computed::LabelSides::Side(side);
            assert_eq!(sides, Some(&side), "{step}");
        }
    }
}

#[test]
fn an_unknown_key_is_reported_at_the_key() {
    let (at, message) = error_at(&format!("{CAT}colour = 1\n"));
    assert_eq!(at, "colour");
    assert!(message.contains("colour"), "{message}");
}

#[test]
fn a_width_mismatch_is_reported_at_the_weight() {
    let text = CAT.replace("w_q = [[1, 0], [1, 2]]", "w_q = [[1, 0], [1, 2], [3, 4]]");
    let (at, _) = error_at(&text);
    assert_eq!(at, "[[1, 0], [1, 2], [3, 4]]");
}

#[test]
fn heads_that_do_not_divide_the_width_are_reported_at_heads() {
    let (at, message) = error_at(&format!("{CAT}heads = 3\n"));
    assert_eq!(at, "3", "{message}");
}

#[test]
fn zero_heads_and_more_than_the_most_are_refused_at_heads() {
    let (at, _) = error_at(&format!("{CAT}heads = 0\n"));
    assert_eq!(at, "0");
    // More heads than MAX_HEADS are refused by their count, not by the language's limits on the
    // program they would write (200 heads over two tokens once read "need more than 10000000
    // operations").
    let many = MAX_HEADS + 1;
    let row = format!("[{}]", vec!["1"; many].join(", "));
    let text = format!(
        "name = \"wide\"\ntokens = [\"a\", \"b\"]\nembeddings = [[1], [1]]\n\
         w_q = [{row}]\nw_k = [{row}]\nw_v = [{row}]\nheads = {many}\n"
    );
    let errors = evaluate(&text).expect_err("too many heads");
    assert_eq!(&text[errors[0].span.clone()], many.to_string());
    assert_eq!(
        errors[0].message,
        format!("heads = {many} is more than {MAX_HEADS}, the most an example may have")
    );
    let help =
        format!("use a whole number from 1 to {MAX_HEADS} that divides the width of w_q and w_v");
    assert_eq!(errors[0].help.as_deref(), Some(help.as_str()));
}

#[test]
fn token_count_must_match_the_embeddings() {
    let text = CAT.replace("[\"the\", \"cat\", \"sat\"]", "[\"the\", \"cat\"]");
    let (at, _) = error_at(&text);
    assert_eq!(at, "[[1, 0], [0, 1], [1, 1]]");
}

#[test]
fn a_bad_name_is_refused() {
    let text = CAT.replace("name = \"cat\"", "name = \"the cat\"");
    let (at, _) = error_at(&text);
    assert_eq!(at, "\"the cat\"");
}

/// Non-finite numbers and empty rows are refused here, at their own text, before the compute
/// core sees the matrices.
#[test]
fn a_nan_or_an_empty_row_is_reported_at_its_text() {
    let nan = CAT.replace("w_k = [[2, 0], [0, 1]]", "w_k = [[2, 0], [nan, 1]]");
    let (at, message) = error_at(&nan);
    assert_eq!(at, "nan");
    assert_eq!(message, "`w_k` holds NaN, which is not a finite number");
    let empty = CAT.replace("w_q = [[1, 0], [1, 2]]", "w_q = [[]]");
    let (at, message) = error_at(&empty);
    assert_eq!(
        (at.as_str(), message.as_str()),
        ("[]", "`w_q` has an empty row")
    );
}
