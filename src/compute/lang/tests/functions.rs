//! The functions added for algorithms, against values computed by hand or with NumPy
//! (the constants were computed once with NumPy 2; the tests do not need Python), and the
//! properties they must keep on random inputs.

use super::{evaluate, failure, last, matrix, vector, ErrorKind, Value};
use approx::assert_abs_diff_eq;
use ndarray::array;
use proptest::prelude::*;

fn close(actual: &Value, expected: &Value) {
    let (a, e) = (actual.entries(), expected.entries());
    assert_eq!(actual.dims(), expected.dims(), "{actual:?} vs {expected:?}");
    assert_eq!(actual.rank(), expected.rank(), "{actual:?} vs {expected:?}");
    for (x, y) in a.iter().zip(e.iter()) {
        assert_abs_diff_eq!(x, y, epsilon = 1e-12);
    }
}

fn value(steps: &str) -> Value {
    last(steps, &[])
}

#[test]
fn elementwise_functions_match_numpy() {
    close(
        &value("x = round(concat(0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4, -2.6))"),
        &vector(array![0.0, 2.0, 2.0, -0.0, -2.0, -2.0, 2.0, -3.0]),
    );
    close(
        &value("x = sign(concat(-2, 0, 3))"),
        &vector(array![-1.0, 0.0, 1.0]),
    );
    close(
        &value("x = floor(concat(-1.5, 1.5))"),
        &vector(array![-2.0, 1.0]),
    );
    close(
        &value("x = ceil(concat(-1.5, 1.5))"),
        &vector(array![-1.0, 2.0]),
    );
    close(
        &value("x = acos(0.5)"),
        &Value::Scalar(std::f64::consts::FRAC_PI_3),
    );
    close(
        &value("x = asin(0.5)"),
        &Value::Scalar(std::f64::consts::FRAC_PI_6),
    );
    close(&value("x = atan(2)"), &Value::Scalar(1.1071487177940904));
    close(
        &value("x = atan2(1, -1)"),
        &Value::Scalar(3.0 * std::f64::consts::FRAC_PI_4),
    );
    close(
        &value("x = xlogy(concat(0, 2), concat(0, 3))"),
        &vector(array![0.0, 2.1972245773362196]),
    );
    close(
        &value("x = maximum(concat(1, 5), 3)"),
        &vector(array![3.0, 5.0]),
    );
    close(
        &value("x = minimum(concat(1, 5), 3)"),
        &vector(array![1.0, 3.0]),
    );
    close(
        &value("x = clip(concat(-2, 0.5, 9), 0, 1)"),
        &vector(array![0.0, 0.5, 1.0]),
    );
    assert_eq!(
        failure("x = acos(2)", &[]).message,
        "acos of 2, outside -1 to 1 in step x"
    );
    assert_eq!(failure("x = xlogy(1, 0)", &[]).kind, ErrorKind::NonFinite);
    assert_eq!(
        value("x = maximum(causal_mask(2), -inf)"),
        matrix(array![[0.0, f64::NEG_INFINITY], [0.0, 0.0]])
    );
}

#[test]
fn functions_along_an_axis_match_numpy() {
    let x = matrix(array![[3.0, 1.0, 2.0], [1.0, 5.0, 4.0]]);
    let inputs = [("x", x)];
    let cases: [(&str, Value); 10] = [
        (
            "y = sort(x)",
            matrix(array![[1.0, 2.0, 3.0], [1.0, 4.0, 5.0]]),
        ),
        (
            "y = argsort(x, axis=0)",
            matrix(array![[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]]),
        ),
        (
            "y = cumsum(x, axis=0)",
            matrix(array![[3.0, 1.0, 2.0], [4.0, 6.0, 6.0]]),
        ),
        (
            "y = cumprod(concat(1, 2, 3, 4))",
            vector(array![1.0, 2.0, 6.0, 24.0]),
        ),
        (
            "y = var(x, axis=1)",
            matrix(array![[0.6666666666666666], [2.8888888888888893]]),
        ),
        ("y = std(x)", Value::Scalar(1.4907119849998598)),
        ("y = argmin(x, axis=1)", matrix(array![[1.0], [0.0]])),
        ("y = argmin(concat(2, 1, 1))", Value::Scalar(1.0)),
        (
            "y = logsumexp(concat(1, 2, 3))",
            Value::Scalar(3.40760596444438),
        ),
        (
            "y = argsort(concat(2, 1, 2, 1))",
            vector(array![1.0, 3.0, 0.0, 2.0]),
        ),
    ];
    for (steps, expected) in cases {
        close(&last(steps, &inputs), &expected);
    }
    assert_eq!(
        value("y = logsumexp(concat(0, -inf))"),
        Value::Scalar(0.0),
        "a masked entry adds nothing"
    );
    assert_eq!(
        value("y = logsumexp(where(eye(2) == 2, 0, -inf), axis=1)"),
        matrix(array![[f64::NEG_INFINITY], [f64::NEG_INFINITY]]),
        "a lane of masks stays masked"
    );
}

#[test]
fn shapes_triangles_diagonals_and_one_hot() {
    let cases: [(&str, Value); 9] = [
        (
            "y = reshape(arange(6), 2, 3)",
            matrix(array![[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]),
        ),
        ("y = reshape(eye(2), 4)", vector(array![1.0, 0.0, 0.0, 1.0])),
        (
            "y = flatten(reshape(arange(4), 2, 2).T)",
            vector(array![0.0, 2.0, 1.0, 3.0]),
        ),
        (
            "y = tril(ones(3, 3))",
            matrix(array![[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]),
        ),
        (
            "y = triu(ones(2, 3), k=1)",
            matrix(array![[0.0, 1.0, 1.0], [0.0, 0.0, 1.0]]),
        ),
        (
            "y = diag(concat(1, 2))",
            matrix(array![[1.0, 0.0], [0.0, 2.0]]),
        ),
        (
            "y = diag(reshape(arange(6), 2, 3))",
            vector(array![0.0, 4.0]),
        ),
        ("y = trace(reshape(arange(9), 3, 3))", Value::Scalar(12.0)),
        (
            "y = one_hot(concat(2, 0), 3)",
            matrix(array![[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]),
        ),
    ];
    for (steps, expected) in cases {
        assert_eq!(value(steps), expected, "{steps}");
    }
    assert_eq!(value("y = one_hot(1, 3)"), vector(array![0.0, 1.0, 0.0]));
    assert_eq!(
        failure("y = reshape(arange(6), 4, 2)", &[]).message,
        "reshape: the 6 entries of a vector of 6 cannot fill 4×2"
    );
    assert_eq!(
        failure("y = one_hot(3, 3)", &[]).message,
        "one_hot: position 3 is outside the positions from 0 to 2"
    );
    assert_eq!(
        failure("y = one_hot(1.5, 3)", &[]).message,
        "one_hot: position 1.5 is not a whole number from 0 to 2"
    );
    assert_eq!(
        failure("y = tril(arange(3))", &[]).kind,
        ErrorKind::Arguments
    );
}

#[test]
fn linear_algebra_matches_numpy() {
    let a = matrix(array![[2.0, 1.0, 1.0], [1.0, 3.0, 2.0], [1.0, 0.0, 0.0]]);
    let b = vector(array![4.0, 5.0, 6.0]);
    let s = matrix(array![
        [2.0, -1.0, 0.0],
        [-1.0, 2.0, -1.0],
        [0.0, -1.0, 2.0]
    ]);
    let inputs = [("a", a), ("b", b), ("s", s)];
    close(
        &last("x = solve(a, b)", &inputs),
        &vector(array![6.0, 15.0, -23.0]),
    );
    close(
        &last("x = inv(a)", &inputs),
        &matrix(array![[0.0, 0.0, 1.0], [-2.0, 1.0, 3.0], [3.0, -1.0, -5.0]]),
    );
    close(&last("x = det(a)", &inputs), &Value::Scalar(-1.0));
    close(&last("x = det(ones(2, 2))", &inputs), &Value::Scalar(0.0));
    close(
        &last("x = solve(a, col(b))", &inputs),
        &matrix(array![[6.0], [15.0], [-23.0]]),
    );
    close(
        &last("x = eigvals(s)", &inputs),
        &vector(array![
            0.585786437626905,
            1.9999999999999998,
            3.414213562373095
        ]),
    );
    let fit = concat_rows(&[[1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]]);
    let y = vector(array![6.0, 5.0, 7.0, 10.0]);
    close(
        &last("beta = lstsq(x, y)", &[("x", fit), ("y", y)]),
        &vector(array![3.4999999999999996, 1.4000000000000004]),
    );
    let errors = [
        (
            "x = solve(ones(2, 2), concat(1, 2))",
            "solve: the matrix is singular (no pivot in column 2) in step x",
        ),
        (
            "x = inv(zeros(2, 2))",
            "inv: the matrix is singular (no pivot in column 1) in step x",
        ),
        (
            "x = eigvals(a)",
            "eigvals: the matrix is not symmetric (entry [2, 3] differs from [3, 2]) in step x",
        ),
        (
            "x = lstsq(ones(3, 2), concat(1, 2, 3))",
            "lstsq: the columns of a are linearly dependent (column 2) in step x",
        ),
        (
            "x = solve(a, concat(1, 2))",
            "solve: 3×3 and vector of 2, b needs 3 rows",
        ),
        (
            "x = det(ones(2, 3))",
            "`det` needs a square matrix, got a 2×3",
        ),
    ];
    for (steps, message) in errors {
        assert_eq!(failure(steps, &inputs).message, message, "{steps}");
    }
}

fn concat_rows(rows: &[[f64; 2]]) -> Value {
    Value::Matrix(ndarray::Array2::from_shape_fn((rows.len(), 2), |(i, j)| {
        rows[i][j]
    }))
}

/// A well-conditioned random n×n matrix: random entries plus n on the diagonal.
fn well_conditioned(n: usize, seed: u64) -> String {
    format!("a = randn({n}, {n}, seed={seed}) + {n} * eye({n})")
}

fn entries(values: &[(String, Value)], name: &str) -> Vec<f64> {
    values
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.entries().into_owned())
        .unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn solve_recovers_x_from_a_times_x(n in 1usize..7, seed in 0u64..10_000) {
        let steps = format!("{}\nx = randn({n}, seed={})\nb = a @ x\nback = solve(a, b)", well_conditioned(n, seed), seed + 1);
        let values = evaluate(&steps, &[]).unwrap();
        for (x, back) in entries(&values, "x").iter().zip(entries(&values, "back")) {
            prop_assert!((x - back).abs() < 1e-9, "{} vs {}", x, back);
        }
    }

    #[test]
    fn eigvecs_are_orthonormal_and_satisfy_a_v_equals_lambda_v(n in 1usize..7, seed in 0u64..10_000) {
        let steps = format!("r = randn({n}, {n}, seed={seed})\na = r + r.T\nl = eigvals(a)\nv = eigvecs(a)\ngram = v.T @ v\nresidual = a @ v - v * l");
        let values = evaluate(&steps, &[]).unwrap();
        let gram = entries(&values, "gram");
        for (k, g) in gram.iter().enumerate() {
            let identity = if k / n == k % n { 1.0 } else { 0.0 };
            prop_assert!((g - identity).abs() < 1e-9, "gram {:?}", gram);
        }
        prop_assert!(entries(&values, "residual").iter().all(|r| r.abs() < 1e-9));
        let l = entries(&values, "l");
        prop_assert!(l.windows(2).all(|w| w[0] <= w[1]), "ascending: {:?}", l);
        let v = entries(&values, "v");
        for column in 0..n {
            let largest = (0..n).map(|k| v[k * n + column]).fold(0.0, |m: f64, x| if x.abs() > m.abs() { x } else { m });
            prop_assert!(largest > 0.0, "column {} has its largest entry negative", column);
        }
    }

    #[test]
    fn sort_is_a_permutation_and_cumsum_ends_at_the_sum(
        entries_in in prop::collection::vec(-5i32..5, 1..12),
    ) {
        let x = Value::Vector(entries_in.iter().map(|&e| f64::from(e) / 2.0).collect());
        let steps = "s = sort(x)\no = argsort(x)\nlast = cumsum(x)[-1]\ntotal = sum(x)";
        let values = evaluate(steps, &[("x".to_string(), x.clone())]).unwrap();
        let mut expected: Vec<f64> = x.entries().into_owned();
        expected.sort_by(|a, b| a.partial_cmp(b).unwrap());
        prop_assert_eq!(entries(&values, "s"), expected);
        let mut order: Vec<usize> = entries(&values, "o").iter().map(|&i| i as usize).collect();
        let picked: Vec<f64> = order.iter().map(|&i| x.entries()[i]).collect();
        prop_assert_eq!(picked, entries(&values, "s"));
        order.sort_unstable();
        prop_assert_eq!(order, (0..entries_in.len()).collect::<Vec<_>>());
        prop_assert_eq!(entries(&values, "last"), entries(&values, "total"));
    }
}
