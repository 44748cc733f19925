//! ` ```vectors ` blocks: named vectors and an optional projection → `compute::vectors`.

use super::toml_input::{matrix, strings, Names, Rows};
use super::{kind_spec, ok_or_record, optional, read_plain_kind};
use super::{BlockError, ParsedExample};
use crate::compute::vectors::VectorsInput;

use crate::expand::widget_presentation::{Control, ProjectionView, Sentence, View};
use toml::Spanned;

const KEYS: &str = "names, vectors, project (optional)";

kind_spec! {
    struct VectorsSpec {
        names: Names,
        vectors: Rows,
        project: Option<Names>,
    }
}

/// What a vectors widget shows without JavaScript, by name and caption (the projection's only
/// where the example projects: a name the run lacks is left out where they are printed).
const SHOWN: &[(&str, &str)] = &[
    ("vectors", "Vectors"),
    ("norms", "Lengths"),
    ("dots", "Dot products"),
    ("cosines", "Cosine similarities"),
    ("angles", "Angles in degrees"),
    ("projection_scalar", "Signed length of the projection"),
    ("projection", "Projection"),
];

/// Parses the block and runs the compute core on it.
pub(super) fn evaluate(text: &str) -> Result<ParsedExample, Vec<BlockError>> {
    read_plain_kind(text, KEYS, input, widget_keys, SHOWN)
}

/// The kind's input from the block's own keys, each problem added to `errors`.
fn input(spec: &VectorsSpec, errors: &mut Vec<BlockError>) -> Option<VectorsInput> {
    let vectors = ok_or_record(errors, matrix("vectors", &spec.vectors));
    let project = optional(errors, spec.project.as_ref(), |project| {
        read_project(project, &spec.names)
    });
    Some(VectorsInput {
        names: strings(&spec.names),
        vectors: vectors?,
        project: project?,
    })
}

/// A vectors widget's own data: a number field per component, each row named by its vector,
/// the names editable as `names`, as an attention's tokens are (a reader who renames "cat" sees
/// every table, arrow, sentence and the link follow), and the steps the lesson teaches: in the
/// plane the input drawn as arrows with the projection dashed among them (the JSON's
/// `projections`: the steps holding its positions, tip and signed length), then the dot
/// products, lengths, cosines and angles and the projection. The names are both `rows` and
/// `cols`, so every pairwise table and the lengths are named; the vectors' components and the
/// projection's are numbered.
fn widget_keys(input: &VectorsInput) -> serde_json::Value {
    let mut show = vec!["dots", "norms", "cosines", "angles"];
    if input.project.is_some() {
        show.extend(["projection_scalar", "projection"]);
    }
    let mut json = serde_json::json!({
        "rows": input.names,
        "cols": input.names,
        "labels": { "vectors": "rows", "projection": "none" },
        "controls": { "vectors": Control::Names { called: "names".into() }.json() },
        "show": show,
        // The steps a reader's edit can stop, in the lesson's words, for the widget's refusal:
        // huge entries overflow the squares (the first step they reach) and the dot products,
        // and a zero vector, which the kind refuses (compute/vectors.rs `validate`) in the same
        // words, stops the program at `scaled` (0 / 0); `{at}` is the vector at fault.
        "step_words": {
            "squares": "the squares of the components",
            "dots": "the dot products",
        },
        "step_failures": {
            "scaled": "\u{201c}{at}\u{201d} is the zero vector, so its angle to the others is undefined; every vector needs at least one non-zero component",
        },
    });
    if let Some((of, onto)) = input.project {
        json["sentences"] = serde_json::json!([shadow_sentence(of, onto)]);
    }
    if input.vectors.ncols() == 2 {
        json["views"] = serde_json::json!({ "vectors": View::Arrows.name() });
        if input.project.is_some() {
            let projection = ProjectionView {
                of: "of".into(),
                onto: "onto".into(),
                vector: "projection".into(),
                scalar: "projection_scalar".into(),
            };
            json["projections"] = serde_json::json!({ "vectors": projection });
        }
    }
    json
}

/// "The shadow of “query” on the line of “the” has signed length 2: their dot product over the
/// length of “the”.", the projection as the lesson reads it, under its step with each run's
/// number. The vectors `of` and `onto` (positions among the names) are named by `norms`' labels,
/// which are the names: the build prints the lesson's, the widget the reader's renames.
fn shadow_sentence(of: usize, onto: usize) -> Sentence {
    let says = format!(
        "The shadow of \u{201c}{{norms[{of}].label}}\u{201d} on the line of \u{201c}{{norms[{onto}].label}}\u{201d} has signed length {{projection_scalar}}: their dot product over the length of \u{201c}{{norms[{onto}].label}}\u{201d}."
    );
    Sentence::written("projection_scalar", &says)
}

/// `project = ["a", "b"]`: two of the names, as their positions. Read here rather than in the
/// core so an unknown name is reported at that name, not at the whole list.
fn read_project(project: &Names, names: &Names) -> Result<(usize, usize), BlockError> {
    let [of, onto] = project.get_ref().as_slice() else {
        let count = project.get_ref().len();
        return Err(BlockError::new(
            project.span(),
            format!("`project` needs two names, but has {count}"),
        )
        .help("write project = [\"a\", \"b\"] to project a onto b"));
    };
    let known = strings(names);
    let position = |name: &Spanned<String>| {
        let position = known.iter().position(|known| known == name.get_ref());
        position.ok_or_else(|| {
            let message = format!("there is no vector named `{}`", name.get_ref());
            let help = format!("use one of {}", known.join(", "));
            BlockError::new(name.span(), message).help(help)
        })
    };
    Ok((position(of)?, position(onto)?))
}

#[cfg(test)]
mod tests;
