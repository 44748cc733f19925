//! The authoring III additions: `//` and `%`, gathers, `topk`/`argtopk`, `len`/`shape`,
//! against constants computed once with NumPy 2 (the tests do not need Python).

use super::{failure, last, matrix, outputs, vector, ErrorKind, Value};
use ndarray::array;

/// Bit-exact comparison, signs of zero included, since both interpreters must give these bits.
fn same_bits(actual: &Value, expected: &Value) {
    assert_eq!(actual.dims(), expected.dims(), "{actual:?} vs {expected:?}");
    assert_eq!(actual.rank(), expected.rank(), "{actual:?} vs {expected:?}");
    for (x, y) in actual.entries().iter().zip(expected.entries().iter()) {
        assert_eq!(x.to_bits(), y.to_bits(), "{actual:?} vs {expected:?}");
    }
}

#[test]
fn floor_division_and_remainder_are_numpys() {
    let inputs = [
        (
            "a",
            vector(array![7.0, -7.0, 7.0, -7.0, 5.5, -0.5, 0.0, 1e-17, 3.0]),
        ),
        (
            "b",
            vector(array![2.0, 2.0, -2.0, -2.0, 2.0, 3.0, -3.0, 0.3, 0.1]),
        ),
    ];
    // np.floor_divide(a, b) and np.mod(a, b).
    same_bits(
        &last("q = a // b", &inputs),
        &vector(array![3.0, -4.0, -4.0, 3.0, 2.0, -1.0, -0.0, 0.0, 29.0]),
    );
    same_bits(
        &last("r = a % b", &inputs),
        &vector(array![
            1.0,
            1.0,
            -1.0,
            -1.0,
            1.5,
            2.5,
            -0.0,
            1e-17,
            0.09999999999999984
        ]),
    );
    // They bind like `*` and broadcast like it.
    same_bits(&last("x = 1 + 7 // 2 * 3 % 4", &[]), &Value::Scalar(2.0));
    same_bits(
        &last(
            "x = m % 2",
            &[("m", matrix(array![[1.0, 2.0], [3.0, 4.0]]))],
        ),
        &matrix(array![[1.0, 0.0], [1.0, 0.0]]),
    );
}

#[test]
fn floor_division_of_whole_numbers_is_whole_and_by_zero_is_an_error() {
    let whole = outputs("n = 7\nq = n // 2\nr = n % 3\nf = n / 2", &[]);
    let marks: Vec<(&str, bool)> = whole.iter().map(|o| (o.name.as_str(), o.whole)).collect();
    assert_eq!(
        marks,
        vec![("n", true), ("q", true), ("r", true), ("f", false)]
    );
    for steps in ["x = 3 // 0", "x = 3 % 0", "x = concat(1, 2) % concat(1, 0)"] {
        let error = failure(steps, &[]);
        assert_eq!(error.kind, ErrorKind::NonFinite, "{steps}");
        assert!(
            error.message.starts_with("division by 0"),
            "{steps}: {error:?}"
        );
    }
}

fn v() -> (&'static str, Value) {
    ("v", vector(array![3.0, 1.0, 4.0, 1.0, 5.0]))
}

fn m() -> (&'static str, Value) {
    ("m", matrix(array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
}

#[test]
fn a_vector_subscript_gathers_positions_in_order_as_numpy() {
    let inputs = [v(), m()];
    // v[[4, 0, 0, -1]], m[[1, 1, 0]], m[:, [2, 0]], m[[0, 1], [2, 0]], np.take(m, [2, 2], axis=1).
    same_bits(
        &last("x = v[concat(4, 0, 0, -1)]", &inputs),
        &vector(array![5.0, 3.0, 3.0, 5.0]),
    );
    same_bits(
        &last("x = m[concat(1, 1, 0)]", &inputs),
        &matrix(array![[4.0, 5.0, 6.0], [4.0, 5.0, 6.0], [1.0, 2.0, 3.0]]),
    );
    same_bits(
        &last("x = m[:, concat(2, 0)]", &inputs),
        &matrix(array![[3.0, 1.0], [6.0, 4.0]]),
    );
    same_bits(
        &last("x = m[concat(0, 1), concat(2, 0)]", &inputs),
        &vector(array![3.0, 4.0]),
    );
    same_bits(
        &last("x = take(m, concat(2, 2), axis=1)", &inputs),
        &matrix(array![[3.0, 3.0], [6.0, 6.0]]),
    );
    same_bits(
        &last("x = take(v, argsort(v))", &inputs),
        &last("x = sort(v)", &inputs),
    );
    same_bits(
        &last("x = take(m, 1)", &inputs),
        &vector(array![4.0, 5.0, 6.0]),
    );
}

#[test]
fn a_gather_outside_the_value_names_the_first_position_outside() {
    let inputs = [v(), m()];
    let error = failure("x = v[concat(1, 7, 9)]", &inputs);
    assert_eq!(error.kind, ErrorKind::Index);
    assert_eq!(error.message, "index 7 is outside a vector of 5");
    assert_eq!(error.span, 6..21);
    for (steps, message) in [
        (
            "x = m[:, concat(0, -4)]",
            "index -4 is outside a matrix of 3 columns",
        ),
        (
            "x = v[concat(0, 0.5)]",
            "a subscript must be a whole number, got 0.5",
        ),
        (
            "x = v[m]",
            "a subscript must be a whole number or a vector of them, got a 2×3 matrix",
        ),
        (
            "x = m[concat(0, 1), concat(0, 1, 2)]",
            "2 row positions and 3 column positions do not pair up",
        ),
        ("x = take(m, 2)", "index 2 is outside a matrix of 2 rows"),
    ] {
        let error = failure(steps, &inputs);
        assert_eq!(error.kind, ErrorKind::Index, "{steps}");
        assert_eq!(error.message, message, "{steps}");
    }
}

#[test]
fn topk_takes_the_largest_first_with_ties_in_order_and_accepts_minus_infinity() {
    let x = "x = concat(2, -inf, 5, 2, 7)\n";
    // np.argsort(-x, kind="stable")[:3] and the entries there.
    same_bits(
        &last(&format!("{x}t = argtopk(x, 3)"), &[]),
        &vector(array![4.0, 2.0, 0.0]),
    );
    same_bits(
        &last(&format!("{x}t = topk(x, 3)"), &[]),
        &vector(array![7.0, 5.0, 2.0]),
    );
    same_bits(
        &last(&format!("{x}t = topk(x, 5)[4]"), &[]),
        &Value::Scalar(f64::NEG_INFINITY),
    );
    // np.argsort(x, kind="stable") with −∞ first.
    same_bits(
        &last(&format!("{x}t = argsort(x)"), &[]),
        &vector(array![1.0, 0.0, 3.0, 2.0, 4.0]),
    );
    let scores = (
        "s",
        matrix(array![[0.1, 0.5, 0.5, -1.0], [3.0, 2.0, 1.0, 0.0]]),
    );
    same_bits(
        &last("t = argtopk(s, 2)", std::slice::from_ref(&scores)),
        &matrix(array![[1.0, 2.0], [0.0, 1.0]]),
    );
    same_bits(
        &last("t = topk(s, 2)", std::slice::from_ref(&scores)),
        &matrix(array![[0.5, 0.5], [3.0, 2.0]]),
    );
    for steps in ["t = topk(s, 0)", "t = topk(s, 5)", "t = argtopk(s, 1.5)"] {
        assert_eq!(
            failure(steps, std::slice::from_ref(&scores)).kind,
            ErrorKind::Arguments,
            "{steps}"
        );
    }
    let whole = outputs("t = argtopk(s, 2)\nu = topk(s, 2)", &[scores]);
    assert!(whole[0].whole && !whole[1].whole);
}

#[test]
fn len_and_shape_count_entries_and_are_whole() {
    let inputs = [v(), m()];
    let counted = outputs(
        "a = len(v)\nb = len(m)\nc = shape(m)\nd = shape(v)",
        &inputs,
    );
    let values: Vec<Value> = counted.iter().map(|o| o.value.clone()).collect();
    assert_eq!(
        values,
        vec![
            Value::Scalar(5.0),
            Value::Scalar(2.0),
            vector(array![2.0, 3.0]),
            vector(array![1.0, 5.0]),
        ]
    );
    assert!(counted.iter().all(|o| o.whole));
    assert_eq!(failure("a = len(2)", &[]).kind, ErrorKind::Arguments);
}

#[test]
fn messages_fit_the_case() {
    let inputs = [v()];
    let error = failure("x = max(v, 0)", &inputs);
    assert!(error.hint.unwrap().contains("maximum(a, b)"));
    let error = failure("x = size(v)", &inputs);
    assert_eq!(error.kind, ErrorKind::UnknownFunction);
    assert!(error.hint.unwrap().contains("len(x)"), "size suggests len");
    let error = failure("x = sort(v + where(v > 3, 0, -inf))", &inputs);
    assert!(!error.hint.unwrap().contains("then take softmax"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// `a = b * (a // b) + a % b` up to rounding, the remainder has the sign of `b` and is
    /// smaller than it, and the quotient is whole; gathering by `argsort` sorts.
    #[test]
    fn floor_division_and_remainder_fit_together(a in -1e6f64..1e6, b in -1e3f64..1e3) {
        proptest::prop_assume!(b.abs() > 1e-3);
        let inputs = [("a", Value::Scalar(a)), ("b", Value::Scalar(b))];
        let q = last("q = a // b", &inputs).entries()[0];
        let r = last("r = a % b", &inputs).entries()[0];
        proptest::prop_assert_eq!(q.fract(), 0.0);
        proptest::prop_assert!(r == 0.0 || (r < 0.0) == (b < 0.0), "{} % {} = {}", a, b, r);
        proptest::prop_assert!(r.abs() <= b.abs());
        proptest::prop_assert!((b * q + r - a).abs() <= 1e-9 * a.abs().max(1.0));
    }

    #[test]
    fn gathering_by_argsort_sorts(entries in proptest::collection::vec(-100.0f64..100.0, 1..20)) {
        let inputs = [("x", vector(ndarray::Array1::from(entries)))];
        proptest::prop_assert_eq!(last("y = x[argsort(x)]", &inputs), last("y = sort(x)", &inputs));
        proptest::prop_assert_eq!(last("y = topk(x, 1)[0]", &inputs), last("y = max(x)", &inputs));
    }
}
