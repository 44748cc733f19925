//! Lengths, dot products, cosines, angles and a projection for a few named vectors.
//!
//! Stage: evaluation of a ```` ```vectors ```` example block.
//! Input: a [`VectorsInput`] (names, one vector per row, optionally a pair to project) already
//! read from TOML by the site layer.
//! Output: a [`Vectors`] with every pairwise dot product, cosine and angle (in degrees), so
//! prose can say "`a` and `b` meet at {{v.angles[a, b]}}°".
//! Must not: return NaN/∞. A zero vector has no direction, so its cosine is undefined: that is
//! an error naming the vector, not a NaN in a table. Cosines are clamped to [−1, 1] before
//! `acos`, because rounding can push a parallel pair to 1 + ε.

use ndarray::Array2;

use super::computed::{Labels, Side};
use super::error::{count_within, distinct_names, ensure_finite_matrix, non_empty};
use super::kind::{Json, KindRun, Source, Table};
use super::lang::{Value, MAX_WORK};
use super::template::{self, Stopped};
use super::{ComputeError, MAX_DIM, MAX_TOKENS};

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
    names: &[
        ("vectors", Source::Value("vectors")),
        ("norms", Source::Value("norms")),
        ("dots", Source::Value("dots")),
        ("cosines", Source::Value("cosines")),
        ("angles", Source::Value("angles")),
        ("projection_scalar", Source::Value("projection_scalar")),
        ("projection", Source::Value("projection")),
    ],
    own: &[],
    grouped: false,
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

/// The vectors kind as a program, each step computed by the compute language. A length is the
/// plain root of the sum of squares when that sum is a normal number (exact for small integers),
/// otherwise rescaled by the largest entry. A cosine is the direct quotient (exact for the small
/// integer vectors textbooks use, so an orthogonal pair gets exactly 0) unless the product of
/// lengths underflows, where the unit vectors still give the direction; it is clamped to
/// [−1, 1] before `acos`, because rounding can push a parallel pair to 1 + ε, and is exactly 1
/// on the diagonal. `+ 0` turns −0 into 0 so an orthogonal pair never prints as "-0.000".
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
cosines = where(eye(count) == 1, 1, quotient)
angles = acos(cosines) * (180 / pi)
";

/// With a projection of the vector at `of` onto the one at `onto` (counting from 0).
const PROJECTION_PROGRAM: &str = "projection_scalar = dots[of, onto] / norms[onto] + 0
projection = projection_scalar * units[onto] + 0
";

/// The length of one vector `v`, rescaled, and its dot product with `w`: run one vector or one
/// pair at a time to name the vector or pair that overflows when the whole example does.
const LENGTH_PROGRAM: &str = "largest = max(abs(v))
length = largest * sqrt(sum((v / largest) * (v / largest)))
";
const DOT_PROGRAM: &str = "dot = v @ w\n";

/// Evaluates a vectors example by running its program.
///
/// Errors carry `field` = the input key at fault: `vectors` (none, too many, too long, no
/// components, NaN/∞, a zero vector, overflow, beyond the language's work limit), `names`
/// (wrong count, duplicates), `project`.
pub fn analyze(input: &VectorsInput) -> Result<KindRun, ComputeError> {
    let projected = checked_projection(input)?;
    let mut program = PROGRAM.to_string();
    let mut inputs = vec![
        ("vectors".to_string(), Value::Matrix(input.vectors.clone())),
        (
            "count".to_string(),
            Value::Scalar(input.vectors.nrows() as f64),
        ),
    ];
    if let Some((of, onto)) = projected {
        program.push_str(PROJECTION_PROGRAM);
        inputs.push(("of".to_string(), Value::Scalar(of as f64)));
        inputs.push(("onto".to_string(), Value::Scalar(onto as f64)));
    }
    let ran = template::run(&program, &inputs).map_err(|stopped| stopped_error(stopped, input))?;
    let labels = Labels {
        rows: Some(input.names.clone()),
        cols: Some(input.names.clone()),
        ..Labels::default()
    };
    Ok(KindRun::new(&TABLE, ran.into_computed(inputs, labels)))
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

/// The vectors kind as its widget shows it, the lesson's formulas line by line: the dot
/// products `vectors @ vectors.T`, the lengths as the roots of their diagonal (which holds the
/// squared lengths), the cosines as a·b / (‖a‖‖b‖), the angles; with a projection, its signed
/// length a·b / ‖b‖ and the vector along b's unit vector. The same arithmetic as [`PROGRAM`]
/// wherever that gives numbers, so the widget's numbers are the kind's bit for bit, but for the
/// sign of a zero (the kind's `+ 0` turns −0 into 0; the widget leaves it, because every
/// number it shows is printed by worked-format.js, which prints −0 as 0, as
/// src/present/number.rs does). What the kind does besides the formulas is in steps the widget
/// does not show: `nonzero` fails (divides by 0) at a vector of zeros (which the kind refuses),
/// `measurable` where a squared length is below the smallest normal number (where
/// the kind rescales, giving numbers the plain root would not: the widget refuses such tiny
/// vectors rather than differ); `length_products` holds a·a rather than ‖a‖² on its diagonal, so a vector's cosine
/// with itself is exactly 1, as the kind's is; `clip` keeps a parallel pair's cosine, which
/// rounding can push to 1 + ε, inside `acos`'s domain, as the kind's does.
const WIDGET_PROGRAM: &str = "dots = vectors @ vectors.T
nonzero = 1 / (max(abs(vectors), axis=1) > 0)
measurable = 1 / (diag(dots) >= 2.2250738585072014e-308)
norms = sqrt(diag(dots))
length_products = where(eye(len(vectors)) == 1, dots, outer(norms, norms))
cosines = clip(dots / length_products, -1, 1)
angles = acos(cosines) * (180 / pi)
";

/// [`WIDGET_PROGRAM`]'s projection of the vector at `of` onto the one at `onto`.
const WIDGET_PROJECTION_PROGRAM: &str = "projection_scalar = dots[of, onto] / norms[onto]
projection = projection_scalar * (vectors[onto] / norms[onto])
";

/// The program a vectors example's widget runs again (in compute-lang.js, as any compute
/// widget does) on the reader's `vectors`: [`WIDGET_PROGRAM`], with the positions of the
/// projection, which the reader does not edit, as steps. Its numbers are [`analyze`]'s bit for
/// bit but for the sign of zero, and it fails where [`analyze`] fails (a zero vector, an
/// overflow) and for vectors so short their squared lengths underflow.
pub fn widget_program(input: &VectorsInput) -> Result<String, ComputeError> {
    let projected = checked_projection(input)?;
    let mut steps = String::from(WIDGET_PROGRAM);
    if let Some((of, onto)) = projected {
        steps.push_str(&format!(
            "of = {of}\nonto = {onto}\n{WIDGET_PROJECTION_PROGRAM}"
        ));
    }
    Ok(steps)
}

/// The example checked, and the positions of the vectors it projects (counting from 0).
fn checked_projection(input: &VectorsInput) -> Result<Option<(usize, usize)>, ComputeError> {
    validate(input)?;
    input
        .project
        .as_ref()
        .map(|(of, onto)| {
            Ok((
                position_of(&input.names, of)?,
                position_of(&input.names, onto)?,
            ))
        })
        .transpose()
}

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
    if dimension == 0 {
        return Err(ComputeError::for_field(
            "vectors",
            "the vectors have no components",
        ));
    }
    if dimension > MAX_DIM {
        return Err(ComputeError::for_field(
            "vectors",
            format!("the vectors have {dimension} components, more than the limit of {MAX_DIM}"),
        ));
    }
    distinct_names("name", &input.names, count, "vector")?;
    ensure_finite_matrix("vectors", &input.vectors)?;
    if let Some(i) = input
        .vectors
        .rows()
        .into_iter()
        .position(|row| row.iter().all(|x| *x == 0.0))
    {
        return Err(ComputeError::for_field(
            "vectors",
            format!(
                "`{}` is the zero vector, so its angle to the others is undefined",
                input.names[i]
            ),
        )
        .with_hint("every vector needs at least one non-zero component"));
    }
    Ok(())
}

/// A vectors example's projection, read by name, for the tests of both modules below.
#[cfg(test)]
struct Projected {
    scalar: f64,
    vector: ndarray::Array1<f64>,
}

#[cfg(test)]
fn projection_of(result: &KindRun) -> Option<Projected> {
    Some(Projected {
        scalar: result.scalar("projection_scalar")?,
        vector: result.vector("projection")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::Quantity;
    use approx::assert_abs_diff_eq;
    use ndarray::array;

    fn named(names: &[&str], vectors: Array2<f64>) -> VectorsInput {
        VectorsInput {
            names: names.iter().map(|name| name.to_string()).collect(),
            vectors,
            project: None,
        }
    }

    /// a ⟂ b, and c is the x axis.
    fn abc() -> VectorsInput {
        named(
            &["a", "b", "c"],
            array![[3.0, 4.0], [4.0, -3.0], [1.0, 0.0]],
        )
    }

    fn projecting(of: &str, onto: &str, input: VectorsInput) -> VectorsInput {
        VectorsInput {
            project: Some((of.to_string(), onto.to_string())),
            ..input
        }
    }

    fn field_of(input: &VectorsInput) -> Option<String> {
        analyze(input).unwrap_err().field
    }

    #[test]
    fn an_authors_program_and_the_kind_are_one_computation_bit_for_bit() {
        let program = "norms = sqrt(sum(v * v, axis=1))
dots = v @ v.T
cosines = clip(dots / (norms @ norms.T), -1, 1)
angles = acos(cosines) * (180 / pi)
";
        let mut seed = 2_024_u64;
        for (count, dimension) in [(2, 2), (3, 5), (6, 17), (4, 64)] {
            let vectors = Array2::from_shape_fn((count, dimension), |_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (seed >> 11) as f64 / (1u64 << 53) as f64 * 20.0 - 10.0
            });
            let names: Vec<String> = (0..count).map(|i| format!("v{i}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let kind = analyze(&named(&names, vectors.clone())).unwrap();
            let inputs = [("v".to_string(), Value::Matrix(vectors))];
            let ran = template::run(program, &inputs).unwrap();
            assert_eq!(ran.matrix("norms").column(0), kind.vector("norms").unwrap());
            assert_eq!(ran.matrix("dots"), kind.matrix("dots").unwrap());
            for (step, theirs) in [
                ("cosines", &kind.matrix("cosines").unwrap()),
                ("angles", &kind.matrix("angles").unwrap()),
            ] {
                let ours = ran.matrix(step);
                for ((i, j), value) in theirs.indexed_iter().filter(|((i, j), _)| i != j) {
                    assert_eq!(ours[[i, j]].to_bits(), value.to_bits(), "{step}[{i}, {j}]");
                }
            }
        }
    }

    /// `x` with −0 read as 0: the widget prints both as 0 (worked-format.js), and the kind's
    /// `+ 0` gives 0 where the widget's program, which shows no `+ 0`, may give −0.
    fn unsigned_zero_bits(values: impl IntoIterator<Item = f64>) -> Vec<u64> {
        values.into_iter().map(|x| (x + 0.0).to_bits()).collect()
    }

    #[test]
    fn the_widget_program_gives_the_kinds_numbers_bit_for_bit() {
        let mut seed = 43_u64;
        let mut random = |count: usize, dimension: usize, spread: f64| {
            Array2::from_shape_fn((count, dimension), |_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) * spread
            })
        };
        let mut inputs = vec![
            abc(),
            projecting("a", "c", abc()),
            projecting(
                "x",
                "b",
                named(&["x", "b"], array![[-1.0, 0.0], [3.0, 4.0]]),
            ),
            // Parallel, and a length whose square is not the dot product: cosines of 1 + ε
            // and 1 − ε that the kind clips and sets to 1.
            named(&["p", "q", "r"], array![[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]),
            // −0 in the dot products and the projection.
            projecting(
                "m",
                "n",
                named(&["m", "n"], array![[-1.0, 0.0], [0.0, -1.0]]),
            ),
        ];
        for (count, dimension, spread) in [(4, 2, 10.0), (6, 5, 1e-3), (3, 17, 1e150)] {
            let names: Vec<String> = (0..count).map(|i| format!("v{i}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let vectors = random(count, dimension, spread);
            inputs.push(projecting("v1", "v0", named(&names, vectors)));
        }
        for input in inputs {
            let kind = analyze(&input).unwrap();
            let steps = widget_program(&input).unwrap();
            let values = [("vectors".to_string(), Value::Matrix(input.vectors.clone()))];
            let ran = template::run(&steps, &values).unwrap();
            assert_eq!(
                unsigned_zero_bits(ran.vector("norms")),
                unsigned_zero_bits(kind.vector("norms").unwrap().iter().copied())
            );
            for step in ["dots", "cosines", "angles"] {
                assert_eq!(
                    unsigned_zero_bits(ran.matrix(step)),
                    unsigned_zero_bits(kind.matrix(step).unwrap().iter().copied()),
                    "{step} of {input:?}"
                );
            }
            if let Some(projection) = projection_of(&kind) {
                assert_eq!(
                    unsigned_zero_bits([ran.scalar("projection_scalar")]),
                    unsigned_zero_bits([projection.scalar])
                );
                assert_eq!(
                    unsigned_zero_bits(ran.vector("projection")),
                    unsigned_zero_bits(projection.vector.iter().copied())
                );
            }
        }
        assert_eq!(
            widget_program(&projecting("a", "d", abc()))
                .unwrap_err()
                .field
                .as_deref(),
            Some("project")
        );
    }

    #[test]
    fn the_widget_refuses_a_zero_vector_as_the_kind_does_and_vectors_too_short_to_measure() {
        for (vectors, step) in [
            (array![[1.0, 2.0], [0.0, 0.0]], "nonzero"),
            (array![[1.0, 2.0], [1e-200, 1e-200]], "measurable"),
            (array![[1.0, 2.0], [1e-160, 0.0]], "measurable"),
        ] {
            let input = named(&["a", "b"], vectors.clone());
            let steps = widget_program(&abc()).unwrap();
            let stopped = template::run(&steps, &[("vectors".to_string(), Value::Matrix(vectors))])
                .err()
                .expect("the widget refuses");
            // At the step whose failure the widget says in the kind's words.
            assert_eq!(stopped.step, step);
            // The kind refuses the zero vector, and rescales the tiny one.
            assert_eq!(analyze(&input).is_err(), input.vectors[[1, 0]] == 0.0);
        }
    }

    #[test]
    fn the_widget_shows_the_lessons_formulas_and_none_of_the_kinds_safeguards() {
        let steps = widget_program(&projecting("a", "c", abc())).unwrap();
        // Every line a reader sees (the steps the widget draws) is a formula of the lesson.
        let shown: Vec<&str> = steps
            .lines()
            .filter(|line| {
                [
                    "dots",
                    "norms",
                    "cosines",
                    "angles",
                    "projection_scalar",
                    "projection",
                ]
                .contains(&line.split(" = ").next().unwrap())
            })
            .collect();
        assert_eq!(
            shown,
            [
                "dots = vectors @ vectors.T",
                "norms = sqrt(diag(dots))",
                "cosines = clip(dots / length_products, -1, 1)",
                "angles = acos(cosines) * (180 / pi)",
                "projection_scalar = dots[of, onto] / norms[onto]",
                "projection = projection_scalar * (vectors[onto] / norms[onto])",
            ]
        );
        for internal in ["+ 0", "arrows", "rescaled", "count"] {
            assert!(!steps.contains(internal), "{internal} in {steps}");
        }
    }

    #[test]
    fn no_vectors_is_an_error_on_vectors() {
        assert_eq!(
            field_of(&named(&[], Array2::zeros((0, 2)))).as_deref(),
            Some("vectors")
        );
    }

    #[test]
    fn vectors_without_components_are_an_error_on_vectors() {
        assert_eq!(
            field_of(&named(&["a"], Array2::zeros((1, 0)))).as_deref(),
            Some("vectors")
        );
    }

    #[test]
    fn too_many_or_too_long_vectors_are_an_error_on_vectors() {
        let many = vec!["v"; MAX_TOKENS + 1];
        assert_eq!(
            field_of(&named(&many, Array2::ones((MAX_TOKENS + 1, 1)))).as_deref(),
            Some("vectors")
        );
        assert_eq!(
            field_of(&named(&["v"], Array2::ones((1, MAX_DIM + 1)))).as_deref(),
            Some("vectors")
        );
    }

    #[test]
    fn a_name_count_unlike_the_vector_count_is_an_error_on_names() {
        assert_eq!(
            field_of(&named(&["a"], array![[1.0], [2.0]])).as_deref(),
            Some("names")
        );
    }

    #[test]
    fn duplicate_names_are_an_error_on_names() {
        let error = analyze(&named(&["a", "a"], array![[1.0], [2.0]])).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("names"));
        assert_eq!(
            error.message,
            "`a` appears twice in names (positions 1 and 2)"
        );
    }

    #[test]
    fn nan_is_an_error_on_vectors_naming_the_entry() {
        let error = analyze(&named(&["a"], array![[1.0, f64::NAN]])).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("vectors"));
        assert_eq!(error.message, "vectors has NaN at row 1, column 2");
    }

    #[test]
    fn a_zero_vector_is_an_error_naming_it() {
        let error = analyze(&named(&["a", "zero"], array![[1.0, 2.0], [0.0, -0.0]])).unwrap_err();
        assert_eq!(error.field.as_deref(), Some("vectors"));
        assert_eq!(
            error.message,
            "`zero` is the zero vector, so its angle to the others is undefined"
        );
    }

    #[test]
    fn an_unknown_projection_name_is_an_error_on_project() {
        for (of, onto) in [("d", "a"), ("a", "d")] {
            let error = analyze(&projecting(of, onto, abc())).unwrap_err();
            assert_eq!(error.field.as_deref(), Some("project"));
            assert_eq!(error.message, "there is no vector named `d`");
            assert_eq!(error.hint.as_deref(), Some("use one of a, b, c"));
        }
    }

    #[test]
    fn products_that_overflow_are_an_error_not_infinity() {
        let error = analyze(&named(&["a", "b"], array![[1e200, 0.0], [1e200, 1.0]])).unwrap_err();
        assert_eq!(error.message, "the dot product of `a` and `a` overflows");
        let error = analyze(&named(&["big"], array![[f64::MAX, f64::MAX]])).unwrap_err();
        assert_eq!(error.message, "the length of `big` overflows");
    }

    #[test]
    fn a_single_vector_has_cosine_one_and_angle_zero_with_itself() {
        let result = analyze(&named(&["v"], array![[1.0, 1.0, 1.0]])).unwrap();
        assert_abs_diff_eq!(
            result.vector("norms").unwrap()[0],
            3f64.sqrt(),
            epsilon = 1e-12
        );
        assert_eq!(result.matrix("dots").unwrap(), array![[3.0]]);
        assert_eq!(result.matrix("cosines").unwrap(), array![[1.0]]);
        assert_eq!(result.matrix("angles").unwrap(), array![[0.0]]);
    }

    #[test]
    fn the_three_four_five_example_matches_the_hand_derived_values() {
        let result = analyze(&abc()).unwrap();
        assert_eq!(result.vector("norms").unwrap(), array![5.0, 5.0, 1.0]);
        assert_eq!(
            result.matrix("dots").unwrap(),
            array![[25.0, 0.0, 3.0], [0.0, 25.0, 4.0], [3.0, 4.0, 1.0]]
        );
        assert_eq!(
            result.matrix("cosines").unwrap(),
            array![[1.0, 0.0, 0.6], [0.0, 1.0, 0.8], [0.6, 0.8, 1.0]]
        );
        let (right, a_c, b_c) = (90.0, 0.6f64.acos().to_degrees(), 0.8f64.acos().to_degrees());
        assert_abs_diff_eq!(
            result.matrix("angles").unwrap(),
            array![[0.0, right, a_c], [right, 0.0, b_c], [a_c, b_c, 0.0]],
            epsilon = 1e-12
        );
        // 3-4-5 triangle angles, printed to 3 decimals.
        assert_eq!(format!("{a_c:.3}"), "53.130");
        assert_eq!(format!("{b_c:.3}"), "36.870");
    }

    #[test]
    fn an_orthogonal_pair_has_a_positive_zero_cosine() {
        let result = analyze(&named(&["x", "y"], array![[-1.0, 0.0], [0.0, 1.0]])).unwrap();
        assert!(result.matrix("cosines").unwrap()[[0, 1]].is_sign_positive());
        assert!(result.matrix("dots").unwrap()[[0, 1]].is_sign_positive());
    }

    #[test]
    fn parallel_and_opposite_vectors_are_clamped_before_acos() {
        // Unclamped, (1, 5)·(2, 10) / (|(1, 5)| |(2, 10)|) rounds to 1 + 2⁻⁵², and acos of that
        // is NaN; clamping gives exactly 0° and 180°.
        let input = named(
            &["u", "w", "z"],
            array![[1.0, 5.0], [2.0, 10.0], [-2.0, -10.0]],
        );
        let result = analyze(&input).unwrap();
        assert_eq!(result.matrix("cosines").unwrap()[[0, 1]], 1.0);
        assert_eq!(result.matrix("angles").unwrap()[[0, 1]], 0.0);
        assert_eq!(result.matrix("cosines").unwrap()[[0, 2]], -1.0);
        assert_eq!(result.matrix("angles").unwrap()[[0, 2]], 180.0);
    }

    #[test]
    fn tiny_vectors_keep_their_direction_even_when_the_dot_product_underflows() {
        let result = analyze(&named(&["a", "b"], array![[1e-200, 0.0], [1e-200, 1e-200]])).unwrap();
        assert_abs_diff_eq!(
            result.matrix("cosines").unwrap()[[0, 1]],
            0.5f64.sqrt(),
            epsilon = 1e-12
        );
        assert_abs_diff_eq!(
            result.matrix("angles").unwrap()[[0, 1]],
            45.0,
            epsilon = 1e-9
        );
        assert_abs_diff_eq!(
            result.vector("norms").unwrap()[1] / 1e-200,
            2f64.sqrt(),
            epsilon = 1e-12
        );
    }

    #[test]
    fn projecting_onto_an_axis_keeps_that_component() {
        let result = analyze(&projecting("a", "c", abc())).unwrap();
        let projection = projection_of(&result).unwrap();
        assert_eq!(projection.scalar, 3.0);
        assert_eq!(projection.vector, array![3.0, 0.0]);
    }

    #[test]
    fn projecting_onto_a_perpendicular_vector_gives_zero() {
        let projection = projection_of(&analyze(&projecting("a", "b", abc())).unwrap()).unwrap();
        assert_eq!(projection.scalar, 0.0);
        assert_eq!(projection.vector, array![0.0, 0.0]);
        assert!(projection.vector.iter().all(|x| x.is_sign_positive()));
    }

    #[test]
    fn projecting_against_the_direction_gives_a_negative_scalar() {
        // (−1, 0) onto (3, 4): a·b / |b| = −3 / 5; (a·b / |b|²) b = (−3/25)(3, 4).
        let input = named(&["x", "b"], array![[-1.0, 0.0], [3.0, 4.0]]);
        let projection = projection_of(&analyze(&projecting("x", "b", input)).unwrap()).unwrap();
        assert_abs_diff_eq!(projection.scalar, -0.6, epsilon = 1e-12);
        assert_abs_diff_eq!(projection.vector, array![-0.36, -0.48], epsilon = 1e-12);
    }

    #[test]
    fn every_listed_quantity_name_resolves() {
        for input in [abc(), projecting("b", "a", abc())] {
            let result = analyze(&input).unwrap();
            for name in result.quantity_names() {
                assert!(result.quantity(&name).is_some(), "{name}");
            }
        }
        let plain = analyze(&abc()).unwrap();
        assert_eq!(plain.quantity("projection"), None);
        assert_eq!(plain.quantity("nope"), None);
    }

    #[test]
    fn angles_are_labelled_by_name_on_both_axes() {
        let result = analyze(&abc()).unwrap();
        let angle = result
            .quantity("angles")
            .unwrap()
            .select(&[
                crate::compute::Index::Label("a".into()),
                crate::compute::Index::Label("b".into()),
            ])
            .unwrap();
        let Quantity::Scalar(angle) = angle else {
            panic!("expected a scalar")
        };
        assert_abs_diff_eq!(angle, 90.0, epsilon = 1e-12);
    }

    #[test]
    fn json_has_every_key_and_a_null_projection_when_none_was_asked_for() {
        let json =
            serde_json::to_value(analyze(&named(&["x"], array![[2.0, 0.0]])).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "kind": "vectors",
                "names": ["x"],
                "vectors": [[2.0, 0.0]],
                "norms": [2.0],
                "dots": [[4.0]],
                "cosines": [[1.0]],
                "angles": [[0.0]],
                "projection": null,
            })
        );
    }

    #[test]
    fn json_of_a_projection_names_both_vectors() {
        let json = serde_json::to_value(analyze(&projecting("a", "c", abc())).unwrap()).unwrap();
        assert_eq!(
            json["projection"],
            serde_json::json!({"of": "a", "onto": "c", "scalar": 3.0, "vector": [3.0, 0.0]})
        );
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn input(range: f64) -> impl Strategy<Value = VectorsInput> {
        (1usize..5, 1usize..4).prop_flat_map(move |(count, dimension)| {
            proptest::collection::vec(-range..range, count * dimension).prop_map(move |values| {
                VectorsInput {
                    names: (0..count).map(|i| format!("v{i}")).collect(),
                    vectors: Array2::from_shape_vec((count, dimension), values)
                        .expect("length is count × dimension"),
                    project: Some(("v0".into(), format!("v{}", count - 1))),
                }
            })
        })
    }

    fn any_finite() -> impl Strategy<Value = f64> {
        prop_oneof![
            -5.0..5.0f64,
            Just(0.0),
            proptest::num::f64::NORMAL | proptest::num::f64::SUBNORMAL | proptest::num::f64::ZERO,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn cosines_lie_in_minus_one_to_one_and_angles_in_zero_to_180(input in input(10.0)) {
            // A random vector may be exactly zero; that is an error, covered elsewhere.
            if let Ok(result) = analyze(&input) {
                let cosines = result.matrix("cosines").unwrap();
                prop_assert!(cosines.iter().all(|c| (-1.0..=1.0).contains(c)));
                prop_assert!(result.matrix("angles").unwrap().iter().all(|a| (0.0..=180.0).contains(a)));
                prop_assert_eq!(&cosines, &cosines.t());
                prop_assert!(cosines.diag().iter().all(|c| *c == 1.0));
            }
        }

        #[test]
        fn scaling_a_vector_by_a_positive_number_keeps_its_angles(
            input in input(10.0),
            factor in 0.01..100.0f64,
        ) {
            let mut scaled = input.clone();
            scaled.vectors.row_mut(0).mapv_inplace(|x| x * factor);
            if let (Ok(before), Ok(after)) = (analyze(&input), analyze(&scaled)) {
                for (a, b) in before.matrix("cosines").unwrap().iter().zip(&after.matrix("cosines").unwrap()) {
                    prop_assert!((a - b).abs() < 1e-9);
                }
            }
        }

        #[test]
        fn the_projection_and_the_remainder_are_perpendicular(input in input(10.0)) {
            if let Ok(result) = analyze(&input) {
                let projection = projection_of(&result).unwrap();
                let vectors = result.matrix("vectors").unwrap();
                let onto = vectors.row(vectors.nrows() - 1);
                let remainder = &vectors.row(0) - &projection.vector;
                let norms = result.vector("norms").unwrap();
                let scale = norms[0] * norms[norms.len() - 1];
                prop_assert!(remainder.dot(&onto).abs() <= 1e-9 * scale.max(1.0));
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            count in 0usize..4,
            dimension in 0usize..3,
            values in proptest::collection::vec(any_finite(), 9),
            extra_name in any::<bool>(),
            project in proptest::option::of(("[a-d]", "[a-d]")),
        ) {
            // Names a, b, c… match the rows, or (sometimes) one too many.
            let names = (0..count + usize::from(extra_name))
                .map(|i| ["a", "b", "c", "d", "e"][i].to_string())
                .collect();
            let input = VectorsInput {
                project,
                names,
                vectors: Array2::from_shape_vec(
                    (count, dimension),
                    values[..count * dimension].to_vec(),
                ).expect("enough values"),
            };
            if let Ok(result) = analyze(&input) {
                let json = serde_json::to_string(&result).unwrap();
                let nulls = json.matches("null").count();
                prop_assert!(nulls == usize::from(projection_of(&result).is_none()), "{}", json);
            }
        }
    }
}
