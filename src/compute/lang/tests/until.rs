//! `repeat N until condition:` — the loop that stops, undoing the iteration that stopped it.

use super::super::{ErrorKind, Limit, Output};
use super::{failure, outputs, vector, Value};
use ndarray::array;

fn value_of(outputs: &[Output], name: &str) -> Value {
    outputs
        .iter()
        .find(|o| o.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .value
        .clone()
}

#[test]
fn the_iteration_whose_condition_holds_is_undone_and_the_loop_stops() {
    let result = outputs(
        "x = 1\nkept = 0\nrepeat 10 as t until x > 100:\n    x = x * 3\n    kept = t + 1\npath = history(x)",
        &[],
    );
    assert_eq!(value_of(&result, "x"), Value::Scalar(81.0));
    assert_eq!(value_of(&result, "kept"), Value::Scalar(4.0));
    assert_eq!(
        value_of(&result, "path"),
        vector(array![3.0, 9.0, 27.0, 81.0])
    );
    // A condition that never holds runs every iteration.
    let result = outputs("x = 1\nrepeat 3 until x < 0:\n    x = x * 3", &[]);
    assert_eq!(value_of(&result, "x"), Value::Scalar(27.0));
}

#[test]
fn a_number_that_overflows_stops_the_loop_but_is_an_error_without_until() {
    let looped = "x = 2\nkept = 0\nrepeat 100 as t until x < 0:\n    x = x * x\n    kept = t + 1\npath = history(x)";
    let result = outputs(looped, &[]);
    // 2, 4, 16, …, 2^512 squared is 2^1024, past the largest double: 9 iterations are kept.
    assert_eq!(value_of(&result, "x"), Value::Scalar(2f64.powi(512)));
    assert_eq!(value_of(&result, "kept"), Value::Scalar(9.0));
    let Value::Vector(path) = value_of(&result, "path") else {
        panic!("a history of scalars is a vector")
    };
    assert_eq!(path.len(), 9);
    let error = failure(&looped.replace(" until x < 0", ""), &[]);
    assert_eq!(error.kind, ErrorKind::NonFinite);
}

#[test]
fn a_loop_stopped_in_its_first_iteration_leaves_its_new_names_unassigned() {
    let error = failure("repeat 5 until 1:\n    g = 1\nh = g", &[]);
    assert_eq!(error.kind, ErrorKind::UnknownName);
    assert_eq!(
        error.message,
        "`g` has no value: the repeat on line 1 that assigns it kept no iteration: its `until` undid the first"
    );
    let error = failure("repeat 0 until 1:\n    g = 1\nh = g", &[]);
    assert!(error.message.ends_with("ran 0 times"), "{}", error.message);
    let error = failure(
        "x = 1\nrepeat 5 until 1:\n    x = x + 1\nc = history(x)",
        &[],
    );
    assert_eq!(error.kind, ErrorKind::Arguments, "{}", error.message);
}

#[test]
fn until_errors_say_what_to_write() {
    let cases: [(&str, ErrorKind, &str); 5] = [
        (
            "repeat 3 until:\n    a = 1",
            ErrorKind::Syntax,
            "`until` needs a condition before the `:`",
        ),
        (
            "repeat 3 until 1 2:\n    a = 1",
            ErrorKind::Syntax,
            "expected `:` at the end of the `repeat` line, found `2`",
        ),
        (
            "v = zeros(3)\nrepeat 3 until v > 1:\n    a = 1",
            ErrorKind::Arguments,
            "`until` needs one number, got a vector of 3",
        ),
        (
            "v = zeros(3)\nrepeat 3 until 0:\n    v = zeros(4)",
            ErrorKind::Shape,
            "`v` changes shape in the loop: vector of 3 before, vector of 4 now",
        ),
        (
            "v = zeros(1000)\nrepeat 100000000 until 0:\n    v = v + 1",
            ErrorKind::Limit(Limit::Work),
            "the steps need more than",
        ),
    ];
    for (program, kind, message) in cases {
        let error = failure(program, &[]);
        assert_eq!(error.kind, kind, "{program}: {}", error.message);
        assert!(
            error.message.starts_with(message),
            "{program}: {}",
            error.message
        );
    }
}

#[test]
fn grad_sees_only_the_iterations_that_were_kept() {
    // Inside the body: descent on w² with too large a rate leaves every kept w below the bound.
    let result = outputs(
        "w = 1\nrepeat 50 until w > 1000:\n    loss = w * w\n    g = grad(loss, w)\n    w = w - 3 * g\npath = history(w)",
        &[],
    );
    assert_eq!(
        value_of(&result, "path"),
        vector(array![-5.0, 25.0, -125.0, 625.0, -3125.0])
    );
    // After the loop: the undone 64 is not on the tape, so d(sum of the path)/d(w0) is 62.
    let result = outputs(
        "w = w0\nrepeat 10 until w > 50:\n    w = w * 2\ntotal = sum(history(w))\nd = grad(total, w0)",
        &[("w0", Value::Scalar(1.0))],
    );
    assert_eq!(value_of(&result, "total"), Value::Scalar(62.0));
    assert_eq!(value_of(&result, "d"), Value::Scalar(62.0));
}
