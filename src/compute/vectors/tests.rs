//! The vectors kind's template as tables of inputs and the values or errors they give; then
//! properties over random inputs.

use super::*;
use crate::compute::kind::{assert_refused, KindInput};
use crate::compute::{Index, Quantity, MAX_DIM, MAX_TOKENS};
use ndarray::array;
use serde_json::json;

fn named(names: &[&str], vectors: Array2<f64>) -> VectorsInput {
    let names = names.iter().map(|name| name.to_string()).collect();
    VectorsInput {
        names,
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

/// `input` projecting the vector named `of` onto the one named `onto`.
fn projecting(of: &str, onto: &str, input: VectorsInput) -> VectorsInput {
    let at = |name| input.names.iter().position(|known| known == name);
    let project = at(of).zip(at(onto));
    VectorsInput { project, ..input }
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
        let kind = (named(&names, vectors.clone())).evaluate().unwrap();
        let inputs = [("v".to_string(), Value::Matrix(vectors))];
        let ran = template::run(program, &inputs).unwrap();
        assert_eq!(ran.matrix("norms").column(0), kind.vector("norms").unwrap());
        assert_eq!(ran.matrix("dots"), kind.matrix("dots").unwrap());
        for step in ["cosines", "angles"] {
            let (ours, theirs) = (ran.matrix(step), kind.matrix(step).unwrap());
            for ((i, j), value) in theirs.indexed_iter().filter(|((i, j), _)| i != j) {
                assert_eq!(ours[[i, j]].to_bits(), value.to_bits(), "{step}[{i}, {j}]");
            }
        }
    }
}

/// Hand-derived values, one row per value: the 3-4-5 example; a single vector has cosine 1
/// and angle 0 with itself; an orthogonal pair has a +0 cosine and dot product; parallel
/// and opposite vectors are clamped before `acos` (unclamped, (1, 5)·(2, 10) / (|(1, 5)|
/// |(2, 10)|) rounds to 1 + 2⁻⁵², whose acos is NaN); tiny vectors keep their direction
/// when the dot product underflows; projecting onto an axis keeps that component, onto a
/// perpendicular vector gives +0, against the direction a negative length: (−1, 0) onto
/// (3, 4) is −3 / 5 along (3, 4) / 5.
#[test]
fn small_examples_match_their_hand_derived_values() {
    let (a_c, b_c) = (0.6f64.acos().to_degrees(), 0.8f64.acos().to_degrees());
    // 3-4-5 triangle angles, printed to 3 decimals.
    assert_eq!(
        (format!("{a_c:.3}"), format!("{b_c:.3}")),
        ("53.130".into(), "36.870".into())
    );
    let single = || named(&["v"], array![[1.0, 1.0, 1.0]]);
    let parallel = || {
        named(
            &["u", "w", "z"],
            array![[1.0, 5.0], [2.0, 10.0], [-2.0, -10.0]],
        )
    };
    let tiny = || named(&["a", "b"], array![[1e-200, 0.0], [1e-200, 1e-200]]);
    let against = || {
        projecting(
            "x",
            "b",
            named(&["x", "b"], array![[-1.0, 0.0], [3.0, 4.0]]),
        )
    };
    let rows: Vec<(VectorsInput, &str, Vec<f64>)> = vec![
        (abc(), "norms", vec![5.0, 5.0, 1.0]),
        (
            abc(),
            "dots",
            vec![25.0, 0.0, 3.0, 0.0, 25.0, 4.0, 3.0, 4.0, 1.0],
        ),
        (
            abc(),
            "cosines",
            vec![1.0, 0.0, 0.6, 0.0, 1.0, 0.8, 0.6, 0.8, 1.0],
        ),
        (
            abc(),
            "angles",
            vec![0.0, 90.0, a_c, 90.0, 0.0, b_c, a_c, b_c, 0.0],
        ),
        (single(), "norms", vec![3f64.sqrt()]),
        (single(), "dots", vec![3.0]),
        (single(), "cosines", vec![1.0]),
        (single(), "angles", vec![0.0]),
        (
            parallel(),
            "cosines",
            vec![1.0, 1.0, -1.0, 1.0, 1.0, -1.0, -1.0, -1.0, 1.0],
        ),
        (
            parallel(),
            "angles",
            vec![0.0, 0.0, 180.0, 0.0, 0.0, 180.0, 180.0, 180.0, 0.0],
        ),
        (
            tiny(),
            "cosines",
            vec![1.0, 0.5f64.sqrt(), 0.5f64.sqrt(), 1.0],
        ),
        (tiny(), "angles", vec![0.0, 45.0, 45.0, 0.0]),
        (tiny(), "norms", vec![1e-200, 2f64.sqrt() * 1e-200]),
        (projecting("a", "c", abc()), "projection_scalar", vec![3.0]),
        (projecting("a", "c", abc()), "projection", vec![3.0, 0.0]),
        (projecting("a", "b", abc()), "projection_scalar", vec![0.0]),
        (projecting("a", "b", abc()), "projection", vec![0.0, 0.0]),
        (against(), "projection_scalar", vec![-0.6]),
        (against(), "projection", vec![-0.36, -0.48]),
    ];
    for (input, name, expected) in rows {
        let got: Vec<f64> = match input.evaluate().unwrap().quantity(name) {
            Some(Quantity::Scalar(x)) => vec![x],
            Some(Quantity::Vector { values, .. }) => values.to_vec(),
            Some(Quantity::Matrix { values, .. }) => values.iter().copied().collect(),
            other => panic!("{name} is {other:?}"),
        };
        assert_eq!(got.len(), expected.len(), "{name} of {input:?}");
        for (got, expected) in got.iter().zip(&expected) {
            let close = (got - expected).abs() <= 1e-9 * expected.abs().max(1e-200);
            // A zero is +0: an orthogonal pair never prints "-0.000".
            let signed = *expected != 0.0 || got.is_sign_positive();
            assert!(close && signed, "{name} of {input:?}: {got} for {expected}");
        }
    }
}

/// Every input the kind refuses, with the field at fault and the message (or hint) it says.
#[test]
fn bad_inputs_are_errors_on_their_field_in_the_authors_words() {
    let many = vec!["v"; MAX_TOKENS + 1];
    let distinct: Vec<String> = (0..MAX_TOKENS).map(|i| format!("v{i}")).collect();
    let distinct: Vec<&str> = distinct.iter().map(String::as_str).collect();
    let work = format!(
        "{MAX_TOKENS} vectors of {MAX_DIM} components need more than {} operations, the limit of any example",
        crate::compute::lang::MAX_WORK
    );
    let zero = named(&["a", "zero"], array![[1.0, 2.0], [0.0, -0.0]]);
    let rows: Vec<(VectorsInput, &str, &str)> = vec![
        (
            named(&many, Array2::ones((MAX_TOKENS + 1, 1))),
            "vectors",
            "",
        ),
        (named(&["v"], Array2::ones((1, MAX_DIM + 1))), "vectors", ""),
        (
            named(&distinct, Array2::ones((MAX_TOKENS, MAX_DIM))),
            "vectors",
            &work,
        ),
        (named(&["a"], array![[1.0], [2.0]]), "names", ""),
        (
            named(&["a", "a"], array![[1.0], [2.0]]),
            "names",
            "`a` appears twice in names (positions 1 and 2)",
        ),
        (
            zero,
            "vectors",
            "`zero` is the zero vector, so its angle to the others is undefined",
        ),
        (
            named(&["a", "b"], array![[1e200, 0.0], [1e200, 1.0]]),
            "vectors",
            "the dot product of `a` and `a` overflows",
        ),
        (
            named(&["big"], array![[f64::MAX, f64::MAX]]),
            "vectors",
            "the length of `big` overflows",
        ),
    ];
    assert_refused(rows);
}

/// Inputs the block reader refuses at their own text (no vectors, no components, a NaN, a
/// projection between vectors that are not there) are one error here too, at the input: never
/// a panic, a NaN, or an overflow that did not happen.
#[test]
fn inputs_only_the_block_reader_refuses_are_errors_at_their_input() {
    let finite = "which is not a finite number";
    let out_of_range = |project| VectorsInput {
        project: Some(project),
        ..abc()
    };
    let rows: Vec<(VectorsInput, &str, String)> = vec![
        (
            named(&[], Array2::zeros((0, 2))),
            "vectors",
            "`vectors` is empty".into(),
        ),
        (
            named(&["a", "b"], Array2::zeros((2, 0))),
            "vectors",
            "`vectors` is empty".into(),
        ),
        (
            named(&["a", "b"], array![[1.0, 2.0], [f64::NAN, 1.0]]),
            "vectors",
            format!("`vectors` holds NaN at [2, 1], {finite}"),
        ),
        (
            named(&["a"], array![[f64::INFINITY, 1.0]]),
            "vectors",
            format!("`vectors` holds inf at [1, 1], {finite}"),
        ),
        (
            out_of_range((0, 3)),
            "project",
            "project's position 3 is out of range".into(),
        ),
        (
            out_of_range((4, 1)),
            "project",
            "there are 3 vectors; positions count from 0, so use 0 to 2".into(),
        ),
    ];
    assert_refused(rows);
}

#[test]
fn the_widget_running_the_template_stops_at_scaled_on_a_readers_zero_vector() {
    // The kind refuses a zero vector before running; a reader's edit reaches the program,
    // which stops at the step whose failure the widget says in the kind's words.
    let program = abc().template().unwrap();
    let zero = array![[1.0, 2.0], [0.0, 0.0], [1.0, 0.0]];
    let stopped = template::run(&program.steps, &[("vectors".into(), Value::Matrix(zero))]);
    assert_eq!(
        stopped.err().map(|stopped| stopped.step).as_deref(),
        Some("scaled")
    );
    let projected = projecting("a", "c", abc()).template().unwrap().steps;
    assert!(projected.contains("\nof = 0\nonto = 2\n"), "{projected}");
}

#[test]
fn references_and_json_read_the_runs_values_by_the_kinds_names() {
    for input in [abc(), projecting("b", "a", abc())] {
        let result = input.evaluate().unwrap();
        for name in result.quantity_names() {
            assert!(result.quantity(&name).is_some(), "{name}");
        }
    }
    let result = (abc()).evaluate().unwrap();
    assert_eq!(
        (result.quantity("projection"), result.quantity("nope")),
        (None, None)
    );
    // Angles are labelled by name on both axes.
    let at = [Index::Label("a".into()), Index::Label("b".into())];
    let angle = result.quantity("angles").unwrap().select(&at).unwrap();
    assert_eq!(angle, Quantity::Scalar(90.0));
    let json = serde_json::to_value((named(&["x"], array![[2.0, 0.0]])).evaluate().unwrap());
    assert_eq!(
        json.unwrap(),
        json!({ "kind": "vectors", "names": ["x"], "vectors": [[2.0, 0.0]], "norms": [2.0],
                "dots": [[4.0]], "cosines": [[1.0]], "angles": [[0.0]], "projection": null })
    );
    let json = serde_json::to_value((projecting("a", "c", abc())).evaluate().unwrap()).unwrap();
    assert_eq!(
        json["projection"],
        json!({"of": "a", "onto": "c", "scalar": 3.0, "vector": [3.0, 0.0]})
    );
}

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
                    project: Some((0, count - 1)),
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
            if let Ok(result) = input.evaluate() {
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
            if let (Ok(before), Ok(after)) = (input.evaluate(), scaled.evaluate()) {
                for (a, b) in before.matrix("cosines").unwrap().iter().zip(&after.matrix("cosines").unwrap()) {
                    prop_assert!((a - b).abs() < 1e-9);
                }
            }
        }

        #[test]
        fn the_projection_and_the_remainder_are_perpendicular(input in input(10.0)) {
            if let Ok(result) = input.evaluate() {
                let projection = result.vector("projection").unwrap();
                let vectors = result.matrix("vectors").unwrap();
                let onto = vectors.row(vectors.nrows() - 1);
                let remainder = &vectors.row(0) - &projection;
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
            project in proptest::option::of((0usize..5, 0usize..5)),
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
            match input.evaluate() {
                Ok(result) => {
                    let json = serde_json::to_string(&result).unwrap();
                    let nulls = json.matches("null").count();
                    prop_assert!(nulls == usize::from(result.vector("projection").is_none()), "{}", json);
                }
                // Every refusal is at an input, and an overflow is one that happened.
                Err(error) => {
                    prop_assert!(error.field.is_some(), "{:?}", error);
                    let too_large = error.message.contains("overflows") || error.message.contains("too large");
                    prop_assert!(!too_large || values.iter().any(|x| x.abs() > 1e150), "{:?}", error);
                }
            }
        }
    }
}
