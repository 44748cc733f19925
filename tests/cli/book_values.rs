//! The shipped book's values are recorded: every value `worked eval --json` prints for every
//! example of every lesson under `content/` must still print, equal to 1e-12, with the same names
//! and shapes, as in `fixtures/book-values.json`. Rewriting how a kind computes (issue 43) must
//! not move a number a reader sees.
//!
//! New lessons and examples, and new keys of an example, are free; a recorded one that vanishes
//! or changes fails. After a change the book means to make, record again with
//! `RECORD_BOOK_VALUES=1 cargo test --test cli book_values::` and review the fixture's diff.

use serde_json::{Map, Value};
use std::path::Path;
use std::process::Command;

const FIXTURE: &str = "tests/cli/fixtures/book-values.json";

/// How far a recorded number may move: 1e-12, relative for numbers above 1 in size.
const TOLERANCE: f64 = 1e-12;

/// Every lesson's examples as `eval --json` prints them, by lesson path under `content/` and
/// example name.
fn shipped_values() -> Map<String, Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lessons: Vec<String> = walkdir::WalkDir::new(root.join("content"))
        .into_iter()
        .map(|entry| entry.expect("walk content/").into_path())
        .filter(|path| path.extension().and_then(|e| e.to_str()) == Some("md"))
        .map(|path| {
            let relative = path.strip_prefix(root.join("content")).unwrap();
            relative.to_string_lossy().replace('\\', "/")
        })
        .collect();
    lessons.sort();
    assert!(
        lessons.len() >= 10,
        "the shipped book has lessons: {lessons:?}"
    );
    let mut values = Map::new();
    for lesson in lessons {
        let run = Command::new(env!("CARGO_BIN_EXE_worked"))
            .current_dir(root)
            .args(["eval", &format!("content/{lesson}"), "--json"])
            .output()
            .expect("run worked eval");
        assert!(
            run.status.success(),
            "eval {lesson}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let json: Value = serde_json::from_slice(&run.stdout).expect("eval prints JSON");
        let mut examples = Map::new();
        for example in json["examples"].as_array().expect("an examples list") {
            let name = example["name"].as_str().expect("a named example");
            examples.insert(name.to_string(), example.clone());
        }
        if !examples.is_empty() {
            values.insert(lesson, Value::Object(examples));
        }
    }
    values
}

/// The recording, one example a line so that a change shows as a small diff.
fn recording(values: &Map<String, Value>) -> String {
    let mut text = String::from("{\n");
    for (i, (lesson, examples)) in values.iter().enumerate() {
        text.push_str(&format!("{}: {{\n", Value::from(lesson.as_str())));
        let examples = examples.as_object().unwrap();
        for (j, (name, example)) in examples.iter().enumerate() {
            let comma = if j + 1 < examples.len() { "," } else { "" };
            text.push_str(&format!(
                "{}: {example}{comma}\n",
                Value::from(name.as_str())
            ));
        }
        text.push_str(if i + 1 < values.len() { "},\n" } else { "}\n" });
    }
    text.push_str("}\n");
    text
}

/// Where `actual` differs from the recorded `expected`, as `path: what`; empty when equal.
fn differences(path: &str, expected: &Value, actual: &Value, found: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Number(e), Value::Number(a)) => {
            let (e, a) = (e.as_f64().unwrap(), a.as_f64().unwrap());
            if (e - a).abs() > TOLERANCE * e.abs().max(a.abs()).max(1.0) {
                found.push(format!("{path}: recorded {e:e}, now {a:e}"));
            }
        }
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            for (i, (e, a)) in e.iter().zip(a).enumerate() {
                differences(&format!("{path}[{i}]"), e, a, found);
            }
        }
        (Value::Array(e), Value::Array(a)) => found.push(format!(
            "{path}: recorded {} entries, now {}",
            e.len(),
            a.len()
        )),
        (Value::Object(e), Value::Object(a)) => {
            for (key, e) in e {
                match a.get(key) {
                    Some(a) => differences(&format!("{path}.{key}"), e, a, found),
                    None => found.push(format!("{path}.{key}: no longer printed")),
                }
            }
        }
        (e, a) if e == a => {}
        (e, a) => found.push(format!("{path}: recorded {e}, now {a}")),
    }
}

#[test]
fn every_value_of_the_shipped_book_prints_as_recorded() {
    let actual = Value::Object(shipped_values());
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    if std::env::var_os("RECORD_BOOK_VALUES").is_some() {
        std::fs::write(&fixture, recording(actual.as_object().unwrap())).unwrap();
    }
    let recorded: Value =
        serde_json::from_str(&std::fs::read_to_string(&fixture).expect("the recorded values"))
            .expect("the recording is JSON");
    let mut found = Vec::new();
    differences("", &recorded, &actual, &mut found);
    let count = found.len();
    found.truncate(20);
    assert!(
        found.is_empty(),
        "{count} recorded values changed:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_moved_number_a_renamed_value_and_a_changed_shape_are_each_caught() {
    let recorded = serde_json::json!({"a.md": {"cat": {"w": [[0.5, 1e-300]], "d_k": 2, "s": "x"}}});
    let mut found = Vec::new();
    differences("", &recorded, &recorded, &mut found);
    assert!(found.is_empty(), "{found:?}");
    let cases = [
        (
            serde_json::json!({"a.md": {"cat": {"w": [[0.5 + 1e-11, 1e-300]], "d_k": 2, "s": "x"}}}),
            "w[0][0]",
        ),
        (
            serde_json::json!({"a.md": {"cat": {"w": [[0.5, 1e-300]], "d_k": 3, "s": "x"}}}),
            "d_k",
        ),
        (
            serde_json::json!({"a.md": {"cat": {"W": [[0.5, 1e-300]], "d_k": 2, "s": "x"}}}),
            ".w: no longer",
        ),
        (
            serde_json::json!({"a.md": {"cat": {"w": [[0.5]], "d_k": 2, "s": "x"}}}),
            "entries",
        ),
        (
            serde_json::json!({"a.md": {"cat": {"w": [0.5], "d_k": 2, "s": "x"}}}),
            "w[0]: recorded",
        ),
        (
            serde_json::json!({"a.md": {"cat": {"w": [[0.5, 1e-300]], "d_k": 2, "s": "y"}}}),
            ".s",
        ),
        (serde_json::json!({"a.md": {}}), "cat: no longer"),
    ];
    for (actual, expected) in cases {
        let mut found = Vec::new();
        differences("", &recorded, &actual, &mut found);
        assert!(
            found.iter().any(|line| line.contains(expected)),
            "{expected}: {found:?}"
        );
    }
    let round_trip: Value =
        serde_json::from_str(&recording(recorded.as_object().unwrap())).unwrap();
    assert_eq!(round_trip, recorded);
}
