//! Loops, histories, subscripts, comparisons and whole numbers.

use super::super::{ErrorKind, Limit, Output, MAX_WORK};
use super::{failure, last, matrix, outputs, vector, Value};
use ndarray::array;

fn named<'o>(outputs: &'o [Output], name: &str) -> &'o Output {
    outputs
        .iter()
        .find(|o| o.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn a_refused_counter_name_is_answered_with_a_free_name_not_itself() {
    for (program, suggestion) in [
        ("t = 1\nrepeat 2 as t:\n    b = 1", "such as `k`"),
        ("t = 1\nk = 2\nrepeat 2 as k:\n    b = 1", "such as `i`"),
        ("a = 1\nrepeat 2 as a:\n    b = 1", "such as `t`"),
    ] {
        let hint = failure(program, &[]).hint;
        assert!(
            hint.as_deref()
                .is_some_and(|hint| hint.ends_with(suggestion)),
            "{program}: {hint:?}"
        );
    }
}

#[test]
fn a_loop_updates_its_state_and_lists_each_name_once_with_its_last_value() {
    let result = outputs(
        "x = 1\ntotal = 0\nrepeat n as t:\n    x = x * 2\n    total = total + t\n    last = x\ny = x + 1",
        &[("n", Value::Scalar(5.0))],
    );
    let names: Vec<&str> = result.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["x", "total", "last", "y"]);
    assert_eq!(named(&result, "x").value, Value::Scalar(32.0));
    assert_eq!(named(&result, "total").value, Value::Scalar(10.0));
    assert_eq!(named(&result, "last").value, Value::Scalar(32.0));
    assert_eq!(named(&result, "y").value, Value::Scalar(33.0));
}

#[test]
fn nested_loops_count_independently_and_history_stacks_every_assignment() {
    let result = outputs(
        "s = 0\nrepeat 3 as i:\n    repeat 2 as j:\n        s = s + 10 * i + j\ncurve = history(s)",
        &[],
    );
    assert_eq!(
        named(&result, "curve").value,
        vector(array![0.0, 1.0, 11.0, 22.0, 42.0, 63.0])
    );
    let result = outputs(
        "w = w0\nrepeat 3:\n    w = w * 2\npath = history(w)",
        &[("w0", vector(array![1.0, -1.0]))],
    );
    assert_eq!(
        named(&result, "path").value,
        matrix(array![[2.0, -2.0], [4.0, -4.0], [8.0, -8.0]])
    );
}

#[test]
fn loop_state_rules_are_errors_at_the_assignment_that_breaks_them() {
    let inputs = [("x", vector(array![1.0, 2.0]))];
    let cases: [(&str, ErrorKind, &str); 8] = [
        (
            "w = x\nrepeat 2:\n    w = concat(w, 1)",
            ErrorKind::Shape,
            "`w` changes shape in the loop: vector of 2 before, vector of 3 now",
        ),
        (
            "repeat 2:\n    x = x + 1",
            ErrorKind::Redefinition,
            "`x` is defined twice",
        ),
        (
            "repeat 2 as t:\n    t = 1",
            ErrorKind::Redefinition,
            "`t` is defined twice",
        ),
        (
            "a = 1\nrepeat 2 as a:\n    b = 1",
            ErrorKind::Redefinition,
            "`a` is defined twice",
        ),
        (
            "repeat 0:\n    g = 1\nh = g",
            ErrorKind::UnknownName,
            "`g` has no value: the repeat on line 1 that assigns it ran 0 times",
        ),
        (
            "repeat 1.5:\n    g = 1",
            ErrorKind::Arguments,
            "`repeat` needs a whole number of at least 0, got 1.5",
        ),
        (
            "repeat x:\n    g = 1",
            ErrorKind::Arguments,
            "`repeat` needs a whole number of at least 0, got a vector of 2",
        ),
        (
            "a = 1\na = 2",
            ErrorKind::Redefinition,
            "`a` is defined twice",
        ),
    ];
    for (steps, kind, message) in cases {
        let error = failure(steps, &inputs);
        assert_eq!(
            (error.kind, error.message.as_str()),
            (kind, message),
            "{steps}"
        );
    }
    let error = failure("repeat 2:\n    x = x + 1", &inputs);
    assert!(error
        .hint
        .unwrap()
        .contains("copy it into a step before the loop"));
    let error = failure("repeat 2 as t:\n    t = 1", &[]);
    assert!(error
        .hint
        .unwrap()
        .contains("counts the iterations of the repeat on line 1"));
}

#[test]
fn history_reads_only_what_loops_assigned() {
    let cases = [
        (
            "a = 1\nh = history(a)",
            "`a` has no history: no repeat has assigned it",
        ),
        (
            "m = eye(2)\nrepeat 2:\n    m = m * 2\nh = history(m)",
            "`m` is a matrix, and only numbers and vectors have a history",
        ),
        ("h = history(2 + 1)", "`history` takes the name of a step"),
        ("h = history(nope)", "unknown name `nope`"),
    ];
    for (steps, message) in cases {
        assert_eq!(failure(steps, &[]).message, message, "{steps}");
    }
    let error = failure("x = 0\nrepeat 1100:\n    x = x + 1\nh = history(x)", &[]);
    assert_eq!(error.kind, ErrorKind::Limit(Limit::History));
    assert_eq!(
        error.message,
        "history(x) would hold more than 1024 values (line 3)"
    );
}

#[test]
fn every_iteration_and_statement_is_charged_and_the_limit_names_the_line() {
    let error = failure("x = 0\nrepeat 100000000:\n    x = x + 1", &[]);
    assert_eq!(error.kind, ErrorKind::Limit(Limit::Work));
    assert_eq!(
        error.message,
        format!("the steps need more than {MAX_WORK} element operations (step x, line 3)")
    );
    // An iteration that does nothing but count still costs.
    let error = failure(
        "x = 0\nrepeat 100000000:\n    repeat 0:\n        x = 1",
        &[],
    );
    assert_eq!(error.kind, ErrorKind::Limit(Limit::Work));
    assert!(
        error.message.ends_with("(step repeat, line 3)"),
        "{}",
        error.message
    );
}

#[test]
fn subscripts_follow_numpy() {
    let m = matrix(array![
        [0.0, 1.0, 2.0, 3.0],
        [10.0, 11.0, 12.0, 13.0],
        [20.0, 21.0, 22.0, 23.0]
    ]);
    let v = vector(array![5.0, 6.0, 7.0, 8.0]);
    let inputs = [("m", m), ("v", v)];
    let cases: [(&str, Value); 12] = [
        ("y = v[2]", Value::Scalar(7.0)),
        ("y = v[-1]", Value::Scalar(8.0)),
        ("y = m[1]", vector(array![10.0, 11.0, 12.0, 13.0])),
        ("y = m[1, 2]", Value::Scalar(12.0)),
        ("y = m[:, 0]", vector(array![0.0, 10.0, 20.0])),
        (
            "y = m[1:3]",
            matrix(array![[10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]]),
        ),
        (
            "y = m[:, ::2]",
            matrix(array![[0.0, 2.0], [10.0, 12.0], [20.0, 22.0]]),
        ),
        ("y = v[::-1]", vector(array![8.0, 7.0, 6.0, 5.0])),
        ("y = v[-2:]", vector(array![7.0, 8.0])),
        ("y = v[1:100]", vector(array![6.0, 7.0, 8.0])),
        ("y = v[2::-2]", vector(array![7.0, 5.0])),
        ("y = m[-1, 1:3]", vector(array![21.0, 22.0])),
    ];
    for (steps, expected) in cases {
        assert_eq!(last(steps, &inputs), expected, "{steps}");
    }
    let errors = [
        ("y = v[4]", "index 4 is outside a vector of 4", 6..7),
        ("y = v[-5]", "index -5 is outside a vector of 4", 6..8),
        ("y = m[3, 0]", "index 3 is outside a matrix of 3 rows", 6..7),
        (
            "y = m[0, 4]",
            "index 4 is outside a matrix of 4 columns",
            9..10,
        ),
        (
            "y = v[0.5]",
            "a subscript must be a whole number, got 0.5",
            6..9,
        ),
        (
            "y = v[2:1]",
            "the slice selects no entries of a vector of 4",
            6..9,
        ),
        ("y = v[::0]", "a slice's step cannot be 0", 6..9),
        (
            "y = v[0, 1]",
            "a vector has one axis, so it takes one subscript",
            5..11,
        ),
        ("y = v[0][0]", "a scalar has no entries to index", 8..11),
    ];
    for (steps, message, span) in errors {
        let error = failure(steps, &inputs);
        assert_eq!(
            (error.kind, error.message.as_str(), error.span),
            (ErrorKind::Index, message, span),
            "{steps}"
        );
    }
}

#[test]
fn comparisons_give_one_or_zero_and_where_builds_a_padding_mask() {
    let inputs = [
        ("x", vector(array![-1.0, 0.0, 2.0])),
        ("valid", vector(array![1.0, 1.0, 0.0])),
    ];
    assert_eq!(last("y = x > 0", &inputs), vector(array![0.0, 0.0, 1.0]));
    assert_eq!(
        last("y = x + 1 >= 1", &inputs),
        vector(array![0.0, 1.0, 1.0])
    );
    assert_eq!(last("y = x == 0", &inputs), vector(array![0.0, 1.0, 0.0]));
    assert_eq!(last("y = x != 0", &inputs), vector(array![1.0, 0.0, 1.0]));
    assert_eq!(
        last("y = x <= x.T", &inputs),
        matrix(array![[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
    );
    let mask = last("y = where(valid == 1, 0, -inf)", &inputs);
    assert_eq!(mask, vector(array![0.0, 0.0, f64::NEG_INFINITY]));
    assert_eq!(
        last("m = where(valid == 1, 0, -inf)\ny = m < 0", &inputs),
        vector(array![0.0, 0.0, 1.0])
    );
    assert_eq!(
        last("y = softmax(x + where(valid == 1, 0, -inf))", &inputs),
        last("e = exp(x - 0) * valid\ny = e / sum(e)", &inputs)
    );
    assert_eq!(
        failure("y = where(valid, 0, -inf) * 2", &inputs).kind,
        ErrorKind::NonFinite
    );
}

#[test]
fn whole_numbers_are_marked_by_construction() {
    let result = outputs(
        "count = sum(keep)\nbest = argmax(x)\norder = argsort(x)\nn = sum(ones(3))\nhalf = count / 2\nscaled = x * 2\nsquare = count ^ 2\nroot = count ^ 0.5\nfirst = keep[0]\nbig = x > 0\nmean_keep = mean(keep)\nsteps = 0\nrepeat 3 as t:\n    steps = steps + t",
        &[("keep", vector(array![1.0, 0.0, 1.0])), ("x", vector(array![0.5, -1.0, 2.0]))],
    );
    let whole: Vec<&str> = result
        .iter()
        .filter(|o| o.whole)
        .map(|o| o.name.as_str())
        .collect();
    assert_eq!(
        whole,
        ["count", "best", "order", "n", "square", "first", "big", "steps"]
    );
    // A whole expression whose value overflows what a float holds exactly is not marked.
    let result = outputs("big = 10 ^ 300", &[]);
    assert!(!result[0].whole);
}
