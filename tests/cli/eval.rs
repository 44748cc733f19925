//! `worked eval FILE [--json]`: every input and intermediate of a lesson's examples.

use crate::support::{lesson, Book, ATTENTION, CAT_BLOCK};
use serde_json::Value;
use std::process::Command;

/// Runs `worked eval content/<file> --json` and parses its output.
fn eval_json(book: &Book, file: &str) -> Value {
    let run = book.run(&["eval", &format!("content/{file}"), "--json"]);
    run.succeeds();
    serde_json::from_str(&run.stdout).unwrap_or_else(|error| panic!("{error}\n{}", run.stdout))
}

fn matrix(value: &Value) -> Vec<Vec<f64>> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("a matrix, got {value}"))
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap_or_else(|| panic!("a row, got {row}"))
                .iter()
                .map(|x| x.as_f64().expect("a number"))
                .collect()
        })
        .collect()
}

#[track_caller]
fn assert_close(actual: &[Vec<f64>], expected: &[Vec<f64>], what: &str) {
    assert_eq!(actual.len(), expected.len(), "{what}: rows");
    for (a, e) in actual.iter().zip(expected) {
        assert_eq!(a.len(), e.len(), "{what}: columns");
        for (x, y) in a.iter().zip(e) {
            assert!((x - y).abs() < 1e-12, "{what}: {x} vs {y}\n{actual:?}");
        }
    }
}

/// Row-wise softmax, derived here independently of the crate.
fn softmax(rows: &[Vec<f64>]) -> Vec<Vec<f64>> {
    rows.iter()
        .map(|row| {
            let total: f64 = row.iter().map(|x| x.exp()).sum();
            row.iter().map(|x| x.exp() / total).collect()
        })
        .collect()
}

#[test]
fn json_holds_every_quantity_of_the_seed_example_at_full_precision() {
    let book = Book::seed();
    let json = eval_json(&book, "attention.md");
    let examples = json["examples"].as_array().expect("an examples list");
    assert_eq!(examples.len(), 1);
    let cat = &examples[0];
    assert_eq!(cat["name"], "cat");
    assert_eq!(cat["kind"], "attention");
    assert_eq!(cat["tokens"], serde_json::json!(["the", "cat", "sat"]));
    assert_eq!(cat["causal"], false);
    assert_eq!(cat["d_k"], 2);
    assert_close(
        &matrix(&cat["q"]),
        &[vec![1., 0.], vec![1., 2.], vec![2., 2.]],
        "q",
    );
    assert_close(
        &matrix(&cat["k"]),
        &[vec![2., 0.], vec![0., 1.], vec![2., 1.]],
        "k",
    );
    assert_close(
        &matrix(&cat["v"]),
        &[vec![1., 0.], vec![0., 2.], vec![1., 2.]],
        "v",
    );
    let scores = vec![vec![2., 0., 2.], vec![2., 2., 4.], vec![4., 2., 6.]];
    assert_close(&matrix(&cat["scores"]), &scores, "scores");
    let scaled: Vec<Vec<f64>> = scores
        .iter()
        .map(|row| row.iter().map(|x| x / 2f64.sqrt()).collect())
        .collect();
    assert_close(&matrix(&cat["scaled"]), &scaled, "scaled");
    let weights = softmax(&scaled);
    assert_close(&matrix(&cat["weights"]), &weights, "weights");
    let w = matrix(&cat["weights"]);
    assert!(
        (w[2][0] - 0.186_693_700_947_502_84).abs() < 1e-12,
        "{}",
        w[2][0]
    );
    let v = [[1., 0.], [0., 2.], [1., 2.]];
    let output: Vec<Vec<f64>> = weights
        .iter()
        .map(|row| {
            (0..2)
                .map(|c| (0..3).map(|j| row[j] * v[j][c]).sum())
                .collect()
        })
        .collect();
    assert_close(&matrix(&cat["output"]), &output, "output");
}

#[test]
fn json_of_a_causal_example_has_exact_zeros_above_the_diagonal() {
    let block = CAT_BLOCK.replace(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\ncausal = true\n",
    );
    let book = Book::with_lesson("causal.md", &lesson("Causal", &block));
    let json = eval_json(&book, "causal.md");
    let cat = &json["examples"][0];
    assert_eq!(cat["causal"], true);
    let weights = matrix(&cat["weights"]);
    assert_eq!(weights[0], [1.0, 0.0, 0.0]);
    assert_eq!(weights[1][2], 0.0, "masked entries are exactly 0");
    assert!((weights[1][0] - 0.5).abs() < 1e-12 && (weights[1][1] - 0.5).abs() < 1e-12);
    let last = &weights[2];
    assert!((last.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(
        last.iter().all(|w| *w > 0.0),
        "the last token sees every token"
    );
}

#[test]
fn json_with_two_heads_lists_each_heads_intermediates() {
    let block = CAT_BLOCK.replace(
        "w_v = [[1, 0], [0, 2]]\n",
        "w_v = [[1, 0], [0, 2]]\nheads = 2\n",
    );
    let book = Book::with_lesson("heads.md", &lesson("Heads", &block));
    let json = eval_json(&book, "heads.md");
    let cat = &json["examples"][0];
    let heads = cat["heads"].as_array().expect("a heads list");
    assert_eq!(heads.len(), 2);
    for (h, head) in heads.iter().enumerate() {
        for key in ["q", "k", "v", "scores", "scaled", "weights", "output"] {
            assert!(
                head.get(key).is_some(),
                "head {} has no {key}: {head}",
                h + 1
            );
        }
        assert_eq!(head["d_k"], 1);
        // One column per head: head h sees column h of Q and K.
        let q: Vec<f64> = matrix(&cat["q"]).iter().map(|row| row[h]).collect();
        let k: Vec<f64> = matrix(&cat["k"]).iter().map(|row| row[h]).collect();
        let scores: Vec<Vec<f64>> = q
            .iter()
            .map(|a| k.iter().map(|b| a * b).collect())
            .collect();
        assert_close(&matrix(&head["scores"]), &scores, "head scores");
        assert_close(&matrix(&head["weights"]), &softmax(&scores), "head weights");
    }
    assert!(
        cat.get("weights").is_none(),
        "with several heads, weights live in each head"
    );
    assert!(cat.get("concat").is_some());
}

#[test]
fn readable_output_names_every_quantity() {
    let book = Book::seed();
    let run = book.run(&["eval", "content/attention.md"]);
    run.succeeds().stdout_has("example \"cat\" (attention)");
    for quantity in [
        "embeddings:",
        "w_q:",
        "w_k:",
        "w_v:",
        "q:",
        "k:",
        "v:",
        "scores:",
        "scaled:",
        "weights:",
        "output:",
        "d_k = 2",
        "n = 3",
        "heads = 1",
    ] {
        let line = format!("\n  {quantity}");
        assert!(
            run.stdout.contains(&line),
            "no {quantity:?} line\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout.contains("0.186694"),
        "six significant digits\n{}",
        run.stdout
    );
}

#[test]
fn readable_output_is_plain_text_with_inputs_as_written() {
    let text = lesson(
        "Tiny",
        "```compute\nname = \"t\"\nsteps = \"y = x * 1e-13 + 0.000000000000146549\"\n\n[inputs]\nx = 3\n```\n",
    );
    let book = Book::with_lesson("t.md", &text);
    let run = book.run(&["eval", "content/t.md"]);
    run.succeeds()
        .stdout_has("  x = 3\n")
        .stdout_has("  y = 4.46549\u{a0}×\u{a0}10⁻¹³");
    assert!(!run.stdout.contains("\\times"), "{}", run.stdout);
}

#[test]
fn eval_of_a_broken_lesson_exits_with_one_and_names_the_place() {
    let text = ATTENTION.replace("w_q = [[1, 0], [1, 2]]", "w_q = [[1, 0], [1]]");
    let book = Book::with_lesson("attention.md", &text);
    book.run(&["eval", "content/attention.md", "--json"])
        .exits_with(1)
        .stderr_has(&crate::support::place(
            "content/attention.md",
            &text,
            "[1]]",
        ))
        .stderr_has("row 2 of `w_q`");
}

#[test]
fn eval_of_a_file_that_does_not_exist_is_a_usage_error() {
    Book::empty()
        .run(&["eval", "content/nope.md"])
        .exits_with(2)
        .stderr_has("cannot read content/nope.md");
}

#[test]
fn eval_takes_any_path_to_a_lesson_inside_a_book_or_not() {
    let book = Book::seed();
    book.write("content/part/deep.md", ATTENTION);
    book.write("drafts/loose.md", ATTENTION);
    let absolute = book.path("content/attention.md").display().to_string();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("alone.md"), ATTENTION).unwrap();
    let alone = outside.path().join("alone.md").display().to_string();
    for path in [
        absolute.as_str(),
        "content/part/../attention.md",
        "./content/part/deep.md",
        "drafts/loose.md",
        alone.as_str(),
    ] {
        book.run(&["eval", path])
            .succeeds()
            .stdout_has("example \"cat\" (attention)");
    }
    let from_inside = Command::new(env!("CARGO_BIN_EXE_worked"))
        .args(["eval", "../attention.md"])
        .current_dir(book.path("content/part"))
        .output()
        .unwrap();
    assert!(
        from_inside.status.success(),
        "{}",
        String::from_utf8_lossy(&from_inside.stderr)
    );
}
