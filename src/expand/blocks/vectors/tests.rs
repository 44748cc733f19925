//! The ```` ```vectors ```` block reader: what it reads, the errors it gives and where, and its
//! widget's data.

use super::*;
use crate::compute::Evaluated;

const EMB: &str =
    "name = \"emb\"\nnames = [\"the\", \"cat\", \"sat\"]\nvectors = [[1, 0], [0, 1], [1, 1]]\n";

#[test]
fn the_contract_example_evaluates_with_its_projection() {
    let parsed = evaluate(&format!("{EMB}project = [\"sat\", \"the\"]\n")).unwrap();
    // The compute widget's data: the kind's program with the projection's positions as
    // steps, the vectors as arrows with the projection dashed, the tables named.
    let data = &parsed.inputs;
    assert!(data["steps"]
        .as_str()
        .unwrap()
        .contains("of = 2\nonto = 0\n"));
    assert_eq!(data["inputs"][0][0], "vectors");
    assert_eq!(data["inputs"][0][1][2], serde_json::json!([1.0, 1.0]));
    assert_eq!(data["rows"][1], "cat");
    // The input itself is drawn as arrows: no step repeats it for the picture.
    assert_eq!(data["views"]["vectors"], "arrows");
    assert_eq!(data["projections"]["vectors"]["vector"], "projection");
    assert_eq!(data["sentences"][0]["after"], "projection_scalar");
    // The vectors' names are text fields, as an attention's tokens: a rename (and the
    // sentence, named through `norms`' labels) follows in every table and the link.
    assert_eq!(
        data["controls"]["vectors"],
        serde_json::json!({ "kind": "names", "called": "names" })
    );
    assert_eq!(
        data["sentences"][0]["parts"][1],
        serde_json::json!({ "label": { "of": "norms", "at": "2" } })
    );
    // A reader who zeroes a vector hears why in the lesson's words.
    assert_eq!(
            data["step_failures"]["scaled"],
            "\u{201c}{at}\u{201d} is the zero vector, so its angle to the others is undefined; every vector needs at least one non-zero component"
        );
    assert_eq!(
        data["show"],
        serde_json::json!([
            "dots",
            "norms",
            "cosines",
            "angles",
            "projection_scalar",
            "projection"
        ])
    );
    let Evaluated::Kind(result) = parsed.evaluated else {
        panic!("a vectors result")
    };
    assert_eq!(result.scalar("projection_scalar"), Some(1.0));
}

#[test]
fn vectors_off_the_plane_are_shown_as_tables_without_arrows() {
    let data = evaluate(&EMB.replace("[1, 0], [0, 1], [1, 1]", "[1, 0, 2], [0, 1, 2], [1, 1, 2]"))
        .unwrap()
        .inputs;
    assert!(data.get("views").is_none());
    assert_eq!(
        data["show"],
        serde_json::json!(["dots", "norms", "cosines", "angles"])
    );
}

/// Each bad block, the text its error points at, and words its message or help says.
#[test]
fn each_problem_is_reported_at_its_value_in_the_authors_words() {
    let with = |line: &str| format!("{EMB}{line}\n");
    let unknown = "there is no vector named `dog`";
    let known = "use one of the, cat, sat";
    let two = "write project = [\"a\", \"b\"] to project a onto b";
    let rows: [(String, &str, &[&str]); 12] = [
        (with("projection = [\"sat\", \"the\"]"), "projection", &[]),
        (
            EMB.replace("[1, 1]]", "[1, 1, 1]]"),
            "[1, 1, 1]",
            &["row 3"],
        ),
        (EMB.replace("[0, 1]", "[0, -inf]"), "-inf", &[]),
        (
            EMB.replace("[[1, 0], [0, 1], [1, 1]]", "[]"),
            "[]",
            &["`vectors` has no rows"],
        ),
        (
            EMB.replace("[[1, 0], [0, 1], [1, 1]]", "[[], []]"),
            "[]",
            &["`vectors` has an empty row"],
        ),
        (
            EMB.replace("[0, 1]", "[0, 0]"),
            "[[1, 0], [0, 0], [1, 1]]",
            &["`cat` is the zero vector"],
        ),
        (EMB.replace(", \"sat\"]", "]"), "[\"the\", \"cat\"]", &[]),
        // `project` is read at its own names: an unknown one is refused where it is written,
        // whichever of the two it is, with the names there are.
        (
            with("project = [\"sat\", \"dog\"]"),
            "\"dog\"",
            &[unknown, known],
        ),
        (
            with("project = [\"dog\", \"sat\"]"),
            "\"dog\"",
            &[unknown, known],
        ),
        (
            with("project = [\"sat\"]"),
            "[\"sat\"]",
            &["`project` needs two names, but has 1", two],
        ),
        (
            with("project = []"),
            "[]",
            &["`project` needs two names, but has 0", two],
        ),
        (
            with("project = [\"sat\", \"the\", \"cat\"]"),
            "[\"sat\", \"the\", \"cat\"]",
            &["`project` needs two names, but has 3", two],
        ),
    ];
    for (text, at, says) in rows {
        let errors = evaluate(&text).expect_err("should fail");
        let error = &errors[0];
        assert_eq!(&text[error.span.clone()], at, "{text}: {error:?}");
        let said = format!("{} {}", error.message, error.help.as_deref().unwrap_or(""));
        for words in says {
            assert!(said.contains(words), "{text}: {said}");
        }
    }
}
