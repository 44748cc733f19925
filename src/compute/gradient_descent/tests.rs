//! The gradient-descent kind's template as tables of inputs and the values or errors they give;
//! then properties over random inputs.

use super::*;
use crate::compute::kind::{assert_refused, KindRun};
use crate::compute::template;
use crate::compute::{Quantity, MAX_DIM};
use approx::assert_abs_diff_eq;
use ndarray::array;

/// The book's four points, from `start` at `learning_rate` for `steps`.
fn book(start: (f64, f64), learning_rate: f64, steps: usize) -> GradientDescentInput {
    let points = vec![(0.0, 1.0), (1.0, 3.0), (2.0, 4.0), (3.0, 7.0)];
    GradientDescentInput {
        points,
        start,
        learning_rate,
        steps,
    }
}

/// Three points exactly on y = 2x + 1, from (0, 0).
fn line(learning_rate: f64, steps: usize) -> GradientDescentInput {
    let points = vec![(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)];
    GradientDescentInput {
        points,
        start: (0.0, 0.0),
        learning_rate,
        steps,
    }
}

fn with_points(points: &[(f64, f64)]) -> GradientDescentInput {
    GradientDescentInput {
        points: points.to_vec(),
        ..line(0.1, 1)
    }
}

/// Every input the kind refuses, with the field at fault and the start of the message.
#[test]
fn each_bad_input_is_one_error_on_its_field() {
    let most = steps_per_run(MAX_DIM);
    let cases: Vec<(GradientDescentInput, &str, &str)> = vec![
        (
            with_points(&[]),
            "points",
            "a line needs at least 2 points, but there are none",
        ),
        (
            with_points(&[(1.0, 2.0)]),
            "points",
            "a line needs at least 2 points, but there is 1",
        ),
        (
            with_points(&[(2.0, 1.0), (2.0, 5.0)]),
            "points",
            "every point has the same x, so no single line fits best",
        ),
        (
            with_points(&[(-1e300, 0.0), (1e300, 1.0)]),
            "points",
            "the points are too large to fit a line to",
        ),
        (
            GradientDescentInput {
                start: (1e200, 0.0),
                ..line(0.1, 1)
            },
            "start",
            "the loss at the start overflows",
        ),
        (line(0.1, 0), "steps", "steps must be 1 to 1023, but got 0"),
        (
            line(0.1, MAX_STEPS + 1),
            "steps",
            "steps must be 1 to 1023, but got 1024",
        ),
        (
            GradientDescentInput {
                steps: most + 1,
                ..with_points(&vec![(0.0, 1.0); MAX_DIM])
            },
            "steps",
            "steps must be 1 to 303, but got 304",
        ),
    ];
    for (input, field, message) in cases {
        let error = input.evaluate().unwrap_err();
        assert_eq!(error.field.as_deref(), Some(field), "{input:?}");
        assert!(
            error.message.starts_with(message),
            "{input:?}: {}",
            error.message
        );
    }
}

/// Inputs the block reader refuses at their own text (a NaN or infinite number, a rate that is
/// not positive) are one error here too, at the input, in the reader's words: never a panic, a
/// non-finite value, or a run on a rate that climbs the loss.
#[test]
fn inputs_only_the_block_reader_refuses_are_errors_at_their_input() {
    let (nan, inf) = (f64::NAN, f64::INFINITY);
    let finite = "which is not a finite number";
    let rows: Vec<(GradientDescentInput, &str, String)> = vec![
        (
            with_points(&[(0.0, 1.0), (nan, 2.0)]),
            "points",
            format!("`points` holds NaN at [2, 1], {finite}"),
        ),
        (
            GradientDescentInput {
                start: (0.0, inf),
                ..line(0.1, 1)
            },
            "start",
            format!("`start` holds inf at [2], {finite}"),
        ),
        (
            line(0.0, 1),
            "learning_rate",
            "`learning_rate` must be greater than 0, but is 0".into(),
        ),
        (
            line(-0.1, 1),
            "learning_rate",
            "`learning_rate` must be greater than 0, but is -0.1".into(),
        ),
        (
            line(inf, 1),
            "learning_rate",
            format!("`learning_rate` holds inf, {finite}"),
        ),
        (
            line(nan, 1),
            "learning_rate",
            format!("`learning_rate` holds NaN, {finite}"),
        ),
    ];
    assert_refused(rows);
}

/// Exact values of small examples, worked by hand.
#[test]
fn small_examples_give_their_hand_worked_values() {
    // On y = 2x + 1 the fit is that line with no loss. One step of 0.1 from (0, 0): the
    // residuals are −[1, 3, 5], L = 35/3, ∇L = (−26/3, −6), so (13/15, 3/5) with
    // L = 433/135.
    let one = line(0.1, 1).evaluate().unwrap();
    assert_abs_diff_eq!(one.scalar("optimum_w").unwrap(), 2.0, epsilon = 1e-12);
    assert_abs_diff_eq!(one.scalar("optimum_b").unwrap(), 1.0, epsilon = 1e-12);
    assert_abs_diff_eq!(one.scalar("optimum_loss").unwrap(), 0.0, epsilon = 1e-12);
    let iterates = one.matrix("iterates").unwrap();
    assert_abs_diff_eq!(
        iterates,
        array![[0.0, 0.0], [13.0 / 15.0, 0.6]],
        epsilon = 1e-12
    );
    let losses = one.vector("losses").unwrap();
    assert_abs_diff_eq!(losses, array![35.0 / 3.0, 433.0 / 135.0], epsilon = 1e-12);
    let gradients = one.matrix("gradients").unwrap();
    assert_abs_diff_eq!(gradients.row(0), array![-26.0 / 3.0, -6.0], epsilon = 1e-12);
    // Scattered: x̄ = ȳ = 1, Σ(x − x̄)(y − ȳ) = 1, Σ(x − x̄)² = 2, so w = b = 1/2, and the
    // residuals [0.5, −1, 0.5] give L = 0.5.
    let scattered = with_points(&[(0.0, 0.0), (1.0, 2.0), (2.0, 1.0)])
        .evaluate()
        .unwrap();
    assert_eq!(scattered.scalar("optimum_w"), Some(0.5));
    assert_eq!(scattered.scalar("optimum_b"), Some(0.5));
    assert_abs_diff_eq!(
        scattered.scalar("optimum_loss").unwrap(),
        0.5,
        epsilon = 1e-12
    );
    // n = 4, Σx = 6, Σx² = 14: H = ½·[[14, 6], [6, 4]], eigenvalues (9 ± √61) / 2, and the
    // largest stable rate 2 / λ_max.
    let fit = book((0.0, 0.0), 0.1, 1).evaluate().unwrap();
    assert_eq!(
        fit.matrix("hessian").unwrap(),
        array![[7.0, 3.0], [3.0, 2.0]]
    );
    let root = 61f64.sqrt();
    let eigenvalues = fit.vector("hessian_eigenvalues").unwrap();
    assert_abs_diff_eq!(
        eigenvalues,
        array![(9.0 + root) / 2.0, (9.0 - root) / 2.0],
        epsilon = 1e-12
    );
    let rate = fit.scalar("max_stable_rate").unwrap();
    assert_abs_diff_eq!(rate, 4.0 / (9.0 + root), epsilon = 1e-12);
}

/// How each run ends: (input, rows of iterates, diverged_at).
#[test]
fn a_run_goes_through_or_stops_before_the_update_that_diverges() {
    let large_y = GradientDescentInput {
        points: vec![(0.0, 1e7), (1.0, 1e7 + 2.0)],
        ..line(0.1, 50)
    };
    // The loss's largest curvature on `line` is about 4.77: a rate of 1 overshoots further
    // each step; 1e300 overflows at once and keeps the start. Large y values start at a
    // loss of about 1e14, above an absolute 1e12, yet converge.
    let cases = [
        (line(0.1, 1), 2, None),
        (line(1.0, 1000), 11, Some(11)),
        (line(1e300, 5), 1, Some(1)),
        (large_y, 51, None),
    ];
    for (input, rows, diverged_at) in cases {
        let run = input.evaluate().unwrap();
        let (iterates, losses) = (
            run.matrix("iterates").unwrap(),
            run.vector("losses").unwrap(),
        );
        assert_eq!(run.position("diverged_at"), diverged_at, "{input:?}");
        assert_eq!(
            run.quantity("diverged_at"),
            diverged_at.map(Quantity::Count)
        );
        assert_eq!((iterates.nrows(), losses.len()), (rows, rows), "{input:?}");
        assert_eq!(run.matrix("gradients").unwrap().nrows(), rows);
        assert_eq!(run.position("steps_taken"), Some(rows - 1));
        assert_eq!(run.scalar("final_w"), Some(iterates[[rows - 1, 0]]));
        assert_eq!(run.scalar("final_b"), Some(iterates[[rows - 1, 1]]));
        assert_eq!(run.scalar("final_loss"), Some(losses[rows - 1]));
        assert!(losses.iter().all(|loss| *loss <= 1e12 * losses[0].max(1.0)));
        if diverged_at.is_none() {
            assert!(losses[rows - 1] < losses[0]);
        }
    }
    assert_eq!(
        line(1e300, 5)
            .evaluate()
            .unwrap()
            .matrix("iterates")
            .unwrap(),
        array![[0.0, 0.0]]
    );
    // Enough small steps reach the optimum.
    let long = line(0.1, 1000)
        .evaluate()
        .unwrap()
        .matrix("iterates")
        .unwrap();
    assert_abs_diff_eq!(long.row(1000), array![2.0, 1.0], epsilon = 1e-9);
    // The start is kept as written, −0 included.
    let negative_zero = GradientDescentInput {
        start: (-0.0, -0.0),
        ..line(0.1, 3)
    };
    let first = negative_zero
        .evaluate()
        .unwrap()
        .matrix("iterates")
        .unwrap();
    assert!(first[[0, 0]].is_sign_negative() && first[[0, 1]].is_sign_negative());
}

/// The descent as the kind ran it before loops: one run of the update and the evaluation
/// per step, stopping at the first step that fails or passes the limit; each row
/// (w, b, loss, ∂L/∂w, ∂L/∂b).
fn stepped(input: &GradientDescentInput) -> (Vec<[f64; 5]>, Option<usize>) {
    let evaluate = "residuals = w * x + b - y
loss = (sum(residuals * residuals) + 0) / n
gradient_w = 2 * (sum(residuals * x) + 0) / n
gradient_b = 2 * (sum(residuals) + 0) / n
";
    let step = format!("w = w0 - learning_rate * gw\nb = b0 - learning_rate * gb\n{evaluate}");
    let run = |program: &str, [w, b, _, gw, gb]: [f64; 5]| {
        let scalars = [
            ("w0", w),
            ("b0", b),
            ("gw", gw),
            ("gb", gb),
            ("n", input.points.len() as f64),
            ("learning_rate", input.learning_rate),
        ];
        let mut inputs: Vec<(String, Value)> = scalars
            .map(|(name, x)| (name.to_string(), Value::Scalar(x)))
            .to_vec();
        inputs.push((
            "x".into(),
            Value::Vector(input.points.iter().map(|p| p.0).collect()),
        ));
        inputs.push((
            "y".into(),
            Value::Vector(input.points.iter().map(|p| p.1).collect()),
        ));
        let ran = template::run(program, &inputs).ok()?;
        Some(["w", "b", "loss", "gradient_w", "gradient_b"].map(|name| ran.scalar(name)))
    };
    let (w, b) = input.start;
    let first = run(
        &format!("w = w0\nb = b0\n{evaluate}"),
        [w, b, 0.0, 0.0, 0.0],
    )
    .unwrap();
    let limit = 1e12 * first[2].max(1.0);
    let mut rows = vec![first];
    for taken in 1..=input.steps {
        match run(&step, rows[rows.len() - 1]) {
            Some(next) if next[2] <= limit => rows.push(next),
            _ => return (rows, Some(taken)),
        }
    }
    (rows, None)
}

#[test]
fn the_loop_gives_the_descent_step_by_step_bit_for_bit() {
    for (rate, steps) in [(0.1, 1), (0.1, 1000), (0.4, 300), (0.6, 1023), (1e300, 5)] {
        let run = line(rate, steps).evaluate().unwrap();
        let (rows, diverged_at) = stepped(&line(rate, steps));
        assert_eq!(run.position("diverged_at"), diverged_at, "rate {rate}");
        let (iterates, losses, gradients) = (
            run.matrix("iterates").unwrap(),
            run.vector("losses").unwrap(),
            run.matrix("gradients").unwrap(),
        );
        assert_eq!(iterates.nrows(), rows.len(), "rate {rate}");
        for (k, row) in rows.iter().enumerate() {
            let got = [
                iterates[[k, 0]],
                iterates[[k, 1]],
                losses[k],
                gradients[[k, 0]],
                gradients[[k, 1]],
            ];
            assert_eq!(
                got.map(f64::to_bits),
                row.map(f64::to_bits),
                "rate {rate}, row {k}"
            );
        }
    }
}

#[test]
fn the_most_steps_at_any_number_of_points_run_within_the_limits() {
    for points in [2, 100, MAX_DIM] {
        let input = GradientDescentInput {
            points: (0..points)
                .map(|i| (i as f64 / points as f64, 1.0))
                .collect(),
            start: (0.0, 0.0),
            learning_rate: 1e-6,
            steps: steps_per_run(points),
        };
        let run = input.evaluate().unwrap();
        assert_eq!(
            run.position("steps_taken"),
            Some(input.steps),
            "{points} points"
        );
    }
    assert_eq!(steps_per_run(2), MAX_STEPS);
}

#[test]
fn an_authors_loop_and_the_kind_are_one_computation_bit_for_bit() {
    let program = "w = w0
b = b0
repeat steps:
    r = w * x + b - y
    gradient_w = 2 * sum(r * x) / n
    gradient_b = 2 * sum(r) / n
    w = w - lr * gradient_w
    b = b - lr * gradient_b
    after = w * x + b - y
    loss = sum(after * after) / n
ws = history(w)
bs = history(b)
losses = history(loss)
";
    let mut seed = 7_u64;
    let mut draw = || {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 10.0 - 5.0
    };
    for count in [2, 5, 13] {
        let points: Vec<(f64, f64)> = (0..count).map(|_| (draw(), draw())).collect();
        let start = (draw(), draw());
        let kind = (GradientDescentInput {
            points: points.clone(),
            start,
            learning_rate: 0.01,
            steps: 40,
        })
        .evaluate()
        .unwrap();
        let inputs = [
            ("x", Value::Vector(points.iter().map(|p| p.0).collect())),
            ("y", Value::Vector(points.iter().map(|p| p.1).collect())),
            ("n", Value::Scalar(count as f64)),
            ("w0", Value::Scalar(start.0)),
            ("b0", Value::Scalar(start.1)),
            ("lr", Value::Scalar(0.01)),
            ("steps", Value::Scalar(40.0)),
        ]
        .map(|(name, value)| (name.to_string(), value));
        let ran = template::run(program, &inputs).unwrap();
        let iterates = kind.matrix("iterates").unwrap();
        let after_the_start = iterates.slice(ndarray::s![1.., ..]);
        assert_eq!(
            ran.vector("ws"),
            after_the_start.column(0),
            "{count} points"
        );
        assert_eq!(
            ran.vector("bs"),
            after_the_start.column(1),
            "{count} points"
        );
        assert_eq!(
            ran.vector("losses"),
            kind.vector("losses").unwrap().slice(ndarray::s![1..])
        );
    }
}

/// The steepest and shallowest eigenvectors, the rows of `hessian_eigenvectors`.
fn axes(run: &KindRun) -> [ndarray::Array1<f64>; 2] {
    let rows = run.matrix("hessian_eigenvectors").unwrap();
    [rows.row(0).to_owned(), rows.row(1).to_owned()]
}

#[test]
fn the_curvature_gives_unit_axes_and_what_remains_of_the_error_along_them() {
    let fit = book((1.0, 3.0), 0.05, 10).evaluate().unwrap();
    let (hessian, eigenvalues) = (
        fit.matrix("hessian").unwrap(),
        fit.vector("hessian_eigenvalues").unwrap(),
    );
    let [steep, shallow] = axes(&fit);
    // Unit, perpendicular, and H only stretches them.
    for (axis, lambda) in [(&steep, eigenvalues[0]), (&shallow, eigenvalues[1])] {
        assert_abs_diff_eq!(axis.dot(axis), 1.0, epsilon = 1e-12);
        assert_abs_diff_eq!(hessian.dot(axis), axis * lambda, epsilon = 1e-12);
    }
    assert_abs_diff_eq!(steep.dot(&shallow), 0.0, epsilon = 1e-12);
    // The start error's components rebuild θ₀ − θ*.
    let optimum = array![
        fit.scalar("optimum_w").unwrap(),
        fit.scalar("optimum_b").unwrap()
    ];
    let start_error = fit.vector("start_error").unwrap();
    let rebuilt = &steep * start_error[0] + &shallow * start_error[1];
    assert_abs_diff_eq!(rebuilt, array![1.0, 3.0] - &optimum, epsilon = 1e-12);
    // Along each axis the error shrinks by exactly |1 − ηλ| per step on a quadratic.
    let rate = fit.vector("rate_times_curvature").unwrap();
    assert_abs_diff_eq!(rate, &eigenvalues * 0.05, epsilon = 1e-15);
    let remaining = fit.vector("remaining").unwrap();
    let last = fit.matrix("iterates").unwrap().row(10).to_owned() - &optimum;
    for (k, axis) in [steep, shallow].iter().enumerate() {
        assert_abs_diff_eq!(
            last.dot(axis).abs(),
            start_error[k].abs() * remaining[k],
            epsilon = 1e-9
        );
    }
    // A share that overflows (a diverging rate's, raised to many steps) is left out.
    let huge = book((1.0, 3.0), 100.0, 1).evaluate().unwrap();
    assert!(huge.vector("remaining").is_some());
    // Started at the optimum, a diverging rate never moves, so its share grows unbounded.
    let grows = GradientDescentInput {
        start: (2.0, 1.0),
        ..line(10.0, 1000)
    };
    let run = grows.evaluate().unwrap();
    assert_eq!(run.quantity("remaining"), None);
    assert!(run
        .quantity_names()
        .iter()
        .all(|name| run.quantity(name).is_some()));
}

#[test]
fn the_valley_is_the_root_of_the_loss_above_the_optimum_around_the_path() {
    let input = book((1.0, 3.0), 0.2, 10);
    let run = input.evaluate().unwrap();
    let value = |name: &str| run.run.value(name).cloned().unwrap();
    let (Value::Vector(ws), Value::Vector(bs), Value::Matrix(grid)) =
        (value("grid_w"), value("grid_b"), value("valley"))
    else {
        panic!("the grid's axes are vectors and the valley a matrix");
    };
    assert_eq!(grid.dim(), (32, 32));
    // The grid reaches past the path and the optimum on every side.
    let optimum = (
        run.scalar("optimum_w").unwrap(),
        run.scalar("optimum_b").unwrap(),
    );
    let iterates = run.matrix("iterates").unwrap();
    for (w, b) in iterates
        .rows()
        .into_iter()
        .map(|row| (row[0], row[1]))
        .chain([optimum])
    {
        assert!(ws[0] < w && w < ws[31] && bs[0] < b && b < bs[31]);
    }
    // Each entry is the root of the loss at (w, b) minus the optimum's, computed directly.
    for (i, j) in [(0, 0), (5, 17), (31, 31), (20, 3)] {
        let (w, b) = (ws[j], bs[i]);
        let loss = input
            .points
            .iter()
            .map(|&(x, y)| (w * x + b - y).powi(2))
            .sum::<f64>()
            / 4.0;
        let above = (loss - run.scalar("optimum_loss").unwrap()).max(0.0).sqrt();
        approx::assert_relative_eq!(grid[[i, j]], above, max_relative = 1e-9, epsilon = 1e-6);
    }
    assert_eq!(
        value("optimum"),
        Value::Vector(array![optimum.0, optimum.1])
    );
}

#[test]
fn references_read_labelled_values_and_json_lays_out_the_table() {
    let run = line(0.1, 1).evaluate().unwrap();
    assert_eq!(run.quantity("steps"), Some(Quantity::Count(1)));
    let at = |name: &str, index: [crate::compute::Index; 2]| {
        run.quantity(name).unwrap().select(&index).unwrap()
    };
    use crate::compute::Index::{All, Label, Position};
    assert_eq!(
        at("iterates", [Position(1), Label("w".into())]),
        Quantity::Scalar(0.0)
    );
    let Quantity::Vector { values, .. } = at("points", [All, Label("x".into())]) else {
        panic!("a column is a vector")
    };
    assert_eq!(values, array![0.0, 1.0, 2.0]);
    let json = serde_json::to_value(&run).unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let expected = [
        "kind",
        "points",
        "start",
        "learning_rate",
        "steps",
        "iterates",
        "losses",
        "gradients",
        "optimum",
        "diverged_at",
    ];
    assert_eq!(
        keys.iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>(),
        expected.into_iter().collect()
    );
    assert_eq!(json["kind"], "gradient_descent");
    assert_eq!(
        json["points"],
        serde_json::json!([[0.0, 1.0], [1.0, 3.0], [2.0, 5.0]])
    );
    assert_eq!(
        (json["start"].clone(), json["steps"].clone()),
        (serde_json::json!([0.0, 0.0]), serde_json::json!(1))
    );
    assert_eq!(json["diverged_at"], serde_json::Value::Null);
    assert_eq!(json["iterates"].as_array().unwrap().len(), 2);
    let optimum = json["optimum"].as_object().unwrap();
    assert_eq!(optimum.len(), 3);
    assert_abs_diff_eq!(optimum["w"].as_f64().unwrap(), 2.0, epsilon = 1e-12);
}

mod properties {
    use super::*;
    use crate::compute::kind::any_finite;
    use proptest::prelude::*;

    fn points() -> impl Strategy<Value = Vec<(f64, f64)>> {
        proptest::collection::vec((-5.0..5.0f64, -5.0..5.0f64), 2..8)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn a_small_enough_rate_never_increases_the_loss(
            points in points(),
            fraction in 0.01..1.0f64,
            start in (-5.0..5.0f64, -5.0..5.0f64),
        ) {
            // The loss is quadratic with Hessian (2/n)[[Σx², Σx], [Σx, n]]; a rate at most
            // 1 / trace ≤ 1 / λ_max makes every step a descent step.
            let n = points.len() as f64;
            let trace = 2.0 / n * (points.iter().map(|(x, _)| x * x).sum::<f64>() + n);
            let input = GradientDescentInput {
                points, start, learning_rate: fraction / trace, steps: 50,
            };
            // Random points may share one x; that error is tested on its own.
            if let Ok(result) = input.evaluate() {
                prop_assert_eq!(result.position("diverged_at"), None);
                let tolerance = 1e-12 * result.vector("losses").unwrap()[0].max(1.0);
                for pair in result.vector("losses").unwrap().windows(2) {
                    prop_assert!(pair[1] <= pair[0] + tolerance, "{} then {}", pair[0], pair[1]);
                }
                prop_assert!(result.vector("losses").unwrap()[50] + tolerance >= result.scalar("optimum_loss").unwrap());
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            points in proptest::collection::vec((any_finite(), any_finite()), 0..5),
            start in (any_finite(), any_finite()),
            learning_rate in any_finite(),
            steps in 0usize..40,
        ) {
            let input = GradientDescentInput { points, start, learning_rate, steps };
            match input.evaluate() {
                Ok(result) => {
                    let json = serde_json::to_string(&result).unwrap();
                    let nulls = json.matches("null").count();
                    prop_assert_eq!(nulls, usize::from(result.position("diverged_at").is_none()), "{}", json);
                    prop_assert_eq!(result.matrix("iterates").unwrap().nrows(), result.vector("losses").unwrap().len());
                    prop_assert!(result.matrix("iterates").unwrap().nrows() >= 1);
                }
                // Every refusal is at an input the author wrote.
                Err(error) => prop_assert!(error.field.is_some(), "{:?}", error),
            }
        }
    }
}
