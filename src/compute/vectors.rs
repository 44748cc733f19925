//! Lengths, dot products, cosines, angles and a projection for a few named vectors.
//!
//! Stage: evaluation of a ```` ```vectors ```` example block.
//! Input: a [`VectorsInput`] (names, one vector per row, optionally a pair to project) already
//! read from TOML by the site layer.
//! Output: a [`KindRun`], the one run of its program read through [`TABLE`]: every pairwise
//! dot product, cosine and angle (in degrees), so prose can say "`a` and `b` meet at
//! {{v.angles[a, b]}}°".
//! Must not: return NaN/∞. A zero vector has no direction, so its cosine is undefined: that is
//! an error naming the vector, not a NaN in a table. Cosines are clamped to [−1, 1] before
//! `acos`, because rounding can push a parallel pair to 1 + ε.

use ndarray::Array2;

use super::computed::{Labels, Side};
use super::error::{count_within, distinct_names, ensure_finite_matrix, non_empty};
use super::kind::{Json, KindRun, Table};
use super::lang::{Value, MAX_WORK};
use super::template::{self, Stopped};
use super::{ComputeError, KindProgram, MAX_DIM, MAX_TOKENS};

/// The inputs of a vectors example, as written by the author.
#[derive(Debug, Clone, PartialEq)]
pub struct VectorsInput {
    /// One distinct name per vector.
    pub names: Vec<String>,
    /// One vector per row, all of the same dimension.
    pub vectors: Array2<f64>,
    /// `(of, onto)`: project the vector named `of` onto the one named `onto`.
    pub project: Option<(String, String)>,
}

/// What the vectors kind calls its program's values, which are its names; the names label the
/// rows of the vectors and the entries of the lengths, never the projection's components.
pub static TABLE: Table = Table {
    kind: "vectors",
    names: "vectors norms dots cosines angles projection_scalar projection",
    sources: &[],
    own: &[],
    groups: None,
    inputs: &["vectors"],
    sides: &[("vectors", Side::Rows), ("projection", Side::None)],
    // `projection` is `null` when none was requested.
    json: &[
        ("names", Json::Labels),
        ("vectors", Json::Value("vectors")),
        ("norms", Json::Value("norms")),
        ("dots", Json::Value("dots")),
        ("cosines", Json::Value("cosines")),
        ("angles", Json::Value("angles")),
        (
            "projection",
            Json::Object(
                "projection",
                &[
                    ("of", Json::LabelAt("of")),
                    ("onto", Json::LabelAt("onto")),
                    ("scalar", Json::Value("projection_scalar")),
                    ("vector", Json::Value("projection")),
                ],
            ),
        ),
    ],
};

/// The vectors kind as one program, the template every example fills: the build runs it for
/// the values references and `eval --json` read, the figure and the widget's copy without
/// JavaScript draw from that run, and the widget runs the same text again (compute-lang.js) on
/// the reader's `vectors`. A length is the plain root of the sum of squares when that sum is a
/// normal number (exact for small integers), otherwise rescaled by the largest entry. A cosine
/// is the direct quotient (exact for the small integer vectors textbooks use, so an orthogonal
/// pair gets exactly 0) unless the product of lengths underflows, where the unit vectors still
/// give the direction; it is clamped to [−1, 1] before `acos`, because rounding can push a
/// parallel pair to 1 + ε, and is exactly 1 on the diagonal. `+ 0` turns −0 into 0 so an
/// orthogonal pair never prints as "-0.000". The kind refuses a zero vector before running;
/// in the widget, `scaled` (0 / 0) is where a reader's zero vector stops the program.
const PROGRAM: &str = "squares = vectors * vectors
sum_of_squares = flatten(sum(squares, axis=1))
largest = flatten(max(abs(vectors), axis=1))
scaled = vectors / col(largest)
rescaled = largest * sqrt(flatten(sum(scaled * scaled, axis=1)))
normal = sum_of_squares >= 2.2250738585072014e-308
norms = where(normal, sqrt(sum_of_squares), rescaled)
units = vectors / col(norms)
dots = vectors @ vectors.T + 0
product = col(norms) * row(norms)
representable = product >= 2.2250738585072014e-308
direct = dots / where(representable, product, 1)
quotient = clip(where(representable, direct, units @ units.T), -1, 1) + 0
cosines = where(eye(len(vectors)) == 1, 1, quotient)
angles = acos(cosines) * (180 / pi)
";

/// With a projection of the vector at `of` onto the one at `onto` (counting from 0), which the
/// template writes as steps: the reader edits the vectors, never which pair is projected.
const PROJECTION_PROGRAM: &str = "projection_scalar = dots[of, onto] / norms[onto] + 0
projection = projection_scalar * units[onto] + 0
";

/// The length of one vector `v`, rescaled, and its dot product with `w`: run one vector or one
/// pair at a time to name the vector or pair that overflows when the whole example does.
const LENGTH_PROGRAM: &str = "largest = max(abs(v))
length = largest * sqrt(sum((v / largest) * (v / largest)))
";
const DOT_PROGRAM: &str = "dot = v @ w\n";

/// The program of an example: [`PROGRAM`], with its projection's positions, and its input,
/// `vectors`.
pub fn template(input: &VectorsInput) -> Result<KindProgram, ComputeError> {
    validate(input)?;
    let mut steps = PROGRAM.to_string();
    if let Some((of, onto)) = &input.project {
        let (of, onto) = (
            position_of(&input.names, of)?,
            position_of(&input.names, onto)?,
        );
        steps.push_str(&format!("of = {of}\nonto = {onto}\n{PROJECTION_PROGRAM}"));
    }
    let inputs = vec![("vectors".to_string(), Value::Matrix(input.vectors.clone()))];
    Ok(KindProgram { steps, inputs })
}

/// Evaluates a vectors example by running its program.
///
/// Errors carry `field` = the input key at fault: `vectors` (none, too many, too long, no
/// components, NaN/∞, a zero vector, overflow, beyond the language's work limit), `names`
/// (wrong count, duplicates), `project`.
pub fn analyze(input: &VectorsInput) -> Result<KindRun, ComputeError> {
    run(&template(input)?, input)
}

/// Runs `program`, the [`template`] of `input`: the block runs the text it writes into the
/// widget's data, so the page's numbers and the widget's come from one program.
pub fn run(program: &KindProgram, input: &VectorsInput) -> Result<KindRun, ComputeError> {
    let labels = Labels {
        rows: Some(input.names.clone()),
        cols: Some(input.names.clone()),
        ..Labels::default()
    };
    program.run(&TABLE, labels, |stopped| stopped_error(stopped, input))
}

/// The author's words for a program that stopped: an example beyond the language's work limit,
/// or a length or dot product that overflows, found by running one vector, then one pair, at a
/// time (the inputs are finite and no vector is zero, so nothing else can stop it).
fn stopped_error(stopped: Stopped, input: &VectorsInput) -> ComputeError {
    let (count, dimension) = input.vectors.dim();
    if stopped.over_limit {
        return ComputeError::for_field(
            "vectors",
            format!(
                "{count} vectors of {dimension} components need more than {MAX_WORK} operations, the limit of any example"
            ),
        )
        .with_hint("use fewer or shorter vectors");
    }
    let names = &input.names;
    let vector = |name: &str, i: usize| {
        (
            name.to_string(),
            Value::Vector(input.vectors.row(i).to_owned()),
        )
    };
    let overflow =
        |what: String| ComputeError::for_field("vectors", what).with_hint("scale the vectors down");
    if let Some(i) = (0..count).find(|&i| template::run(LENGTH_PROGRAM, &[vector("v", i)]).is_err())
    {
        return overflow(format!("the length of `{}` overflows", names[i]));
    }
    let mut pairs = (0..count).flat_map(|i| (0..count).map(move |j| (i, j)));
    let (i, j) = pairs
        .find(|&(i, j)| template::run(DOT_PROGRAM, &[vector("v", i), vector("w", j)]).is_err())
        .unwrap_or((0, 0));
    overflow(format!(
        "the dot product of `{}` and `{}` overflows",
        names[i], names[j]
    ))
}

/// The position of the vector `name` (counting from 0), for the projection.
fn position_of(names: &[String], name: &str) -> Result<usize, ComputeError> {
    names
        .iter()
        .position(|candidate| candidate == name)
        .ok_or_else(|| {
            ComputeError::for_field("project", format!("there is no vector named `{name}`"))
                .with_hint(format!("use one of {}", names.join(", ")))
        })
}

fn validate(input: &VectorsInput) -> Result<(), ComputeError> {
    let (count, dimension) = input.vectors.dim();
    let hint = "give at least one vector, e.g. vectors = [[3, 4], [4, -3]]";
    non_empty("vectors", count, "there are no vectors", hint)?;
    count_within("vectors", count, MAX_TOKENS)?;
    let refuse = |message: String| Err(ComputeError::for_field("vectors", message));
    if dimension == 0 {
        return refuse("the vectors have no components".into());
    }
    if dimension > MAX_DIM {
        return refuse(format!(
            "the vectors have {dimension} components, more than the limit of {MAX_DIM}"
        ));
    }
    distinct_names("name", &input.names, count, "vector")?;
    ensure_finite_matrix("vectors", &input.vectors)?;
    let mut rows = input.vectors.rows().into_iter();
    if let Some(i) = rows.position(|row| row.iter().all(|x| *x == 0.0)) {
        let name = &input.names[i];
        let message =
            format!("`{name}` is the zero vector, so its angle to the others is undefined");
        let hint = "every vector needs at least one non-zero component";
        return Err(ComputeError::for_field("vectors", message).with_hint(hint));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
