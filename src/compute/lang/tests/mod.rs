//! Tests of the language as a whole: programs in, values or errors out.

use super::*;
use approx::assert_abs_diff_eq;
use ndarray::{array, Array1, Array2};

mod functions;
mod gathers;
mod loops;
mod programs;
mod until;

/// `inputs` as the language takes them, each with its name owned.
pub(super) fn owned_inputs(inputs: &[(&str, Value)]) -> Vec<(String, Value)> {
    (inputs.iter())
        .map(|(name, value)| (name.to_string(), value.clone()))
        .collect()
}

/// Every output of `steps` run on `inputs`, which must succeed.
fn outputs(steps: &str, inputs: &[(&str, Value)]) -> Vec<Output> {
    let inputs = owned_inputs(inputs);
    super::evaluate(steps, &inputs).unwrap_or_else(|e| panic!("{steps}: {e:?}"))
}

/// Each name's value, for tests that do not look at which are whole.
fn evaluate(steps: &str, inputs: &[(String, Value)]) -> Result<Vec<(String, Value)>, LangError> {
    super::evaluate(steps, inputs)
        .map(|outputs| outputs.into_iter().map(|o| (o.name, o.value)).collect())
}

fn matrix(rows: Array2<f64>) -> Value {
    Value::Matrix(rows)
}

fn vector(entries: Array1<f64>) -> Value {
    Value::Vector(entries)
}

/// The value of the last step of `steps` run on `inputs`.
fn last(steps: &str, inputs: &[(&str, Value)]) -> Value {
    let inputs = owned_inputs(inputs);
    let results = evaluate(steps, &inputs).unwrap_or_else(|e| panic!("{steps}: {e:?}"));
    results.last().expect("a step").1.clone()
}

fn scalar(steps: &str) -> f64 {
    match last(steps, &[]) {
        Value::Scalar(x) => x,
        other => panic!("{steps} gave {other:?}"),
    }
}

fn failure(steps: &str, inputs: &[(&str, Value)]) -> LangError {
    let inputs = owned_inputs(inputs);
    evaluate(steps, &inputs).expect_err(steps)
}

/// Each program in `cases` fails on `inputs` with exactly the paired message.
fn assert_messages(inputs: &[(&str, Value)], cases: &[(&str, &str)]) {
    for (steps, message) in cases {
        assert_eq!(failure(steps, inputs).message, *message, "{steps}");
    }
}

fn as_matrix(value: Value) -> Array2<f64> {
    match value {
        Value::Matrix(m) => m,
        other => panic!("expected a matrix, got {other:?}"),
    }
}

#[test]
fn operators_bind_as_the_grammar_says() {
    assert_eq!(scalar("a = 2 + 3 * 4"), 14.0);
    assert_eq!(scalar("a = 2 ^ 3 ^ 2"), 512.0);
    assert_eq!(scalar("a = -2 ^ 2"), -4.0);
    assert_eq!(scalar("a = 2 ^ -1"), 0.5);
    assert_eq!(scalar("a = (2 + 3) * 4"), 20.0);
    assert_eq!(scalar("a = 8 / 4 / 2"), 1.0);
    assert_eq!(scalar("a = 10 - 4 - 3"), 3.0);
    assert_eq!(scalar("a = --3"), 3.0);
    assert_eq!(scalar("a = 1.5e1 # a comment\n\nb = a / 3"), 5.0);
}

#[test]
fn steps_run_in_order_and_every_step_is_returned() {
    let results = evaluate("a = x * 2\nb = a + 1", &[("x".into(), Value::Scalar(3.0))]).unwrap();
    assert_eq!(
        results,
        vec![
            ("a".to_string(), Value::Scalar(6.0)),
            ("b".to_string(), Value::Scalar(7.0))
        ]
    );
    let program = parse("  a = 1\n# note\n  longer = a").unwrap();
    assert_eq!(program.step_names(), vec![("a", 2..3), ("longer", 17..23)]);
}

#[test]
fn a_vector_broadcasts_as_a_row_and_a_column_matrix_down_the_columns() {
    let m = matrix(array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]);
    let v = vector(array![10.0, 20.0, 30.0]);
    let c = matrix(array![[100.0], [200.0]]);
    let inputs = [("m", m), ("v", v), ("c", c)];
    assert_eq!(
        last("y = m + v", &inputs),
        matrix(array![[11.0, 22.0, 33.0], [14.0, 25.0, 36.0]])
    );
    assert_eq!(
        last("y = m * c", &inputs),
        matrix(array![[100.0, 200.0, 300.0], [800.0, 1000.0, 1200.0]])
    );
    // A row against a column spreads to the full table, as in NumPy.
    assert_eq!(
        last("y = v + c", &inputs),
        matrix(array![[110.0, 120.0, 130.0], [210.0, 220.0, 230.0]])
    );
    assert_eq!(
        last("y = 2 * v - 1", &inputs),
        vector(array![19.0, 39.0, 59.0])
    );
}

#[test]
fn the_matrix_product_covers_matrices_vectors_and_the_dot_product() {
    let inputs = [
        ("a", matrix(array![[1.0, 2.0], [3.0, 4.0]])),
        ("u", vector(array![1.0, -1.0])),
    ];
    assert_eq!(
        last("y = a @ a", &inputs),
        matrix(array![[7.0, 10.0], [15.0, 22.0]])
    );
    assert_eq!(last("y = u @ a", &inputs), vector(array![-2.0, -2.0]));
    assert_eq!(last("y = a @ u", &inputs), vector(array![-1.0, -1.0]));
    assert_eq!(last("y = u @ u", &inputs), Value::Scalar(2.0));
    // `a * b @ c` is `(a * b) @ c`; `.T` binds tightest.
    assert_eq!(
        last("y = 2 * a @ a.T", &inputs),
        matrix(array![[10.0, 22.0], [22.0, 50.0]])
    );
}

#[test]
fn transpose_turns_a_vector_into_a_column() {
    let inputs = [("u", vector(array![1.0, 2.0]))];
    assert_eq!(last("y = u.T", &inputs), matrix(array![[1.0], [2.0]]));
    assert_eq!(last("y = u.T.T", &inputs), matrix(array![[1.0, 2.0]]));
    assert_eq!(
        last("y = transpose(u.T)", &inputs),
        matrix(array![[1.0, 2.0]])
    );
    assert_eq!(scalar("y = 3.T"), 3.0);
}

#[test]
fn reductions_keep_the_reduced_axis_and_cover_everything_without_one() {
    let inputs = [
        ("m", matrix(array![[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])),
        ("v", vector(array![3.0, 4.0])),
    ];
    assert_eq!(
        last("y = sum(m, axis=0)", &inputs),
        matrix(array![[5.0, 7.0, 9.0]])
    );
    assert_eq!(
        last("y = sum(m, axis=1)", &inputs),
        matrix(array![[9.0], [12.0]])
    );
    assert_eq!(
        last("y = mean(m, axis=-1)", &inputs),
        matrix(array![[3.0], [4.0]])
    );
    assert_eq!(
        last("y = max(m, axis=0)", &inputs),
        matrix(array![[4.0, 5.0, 6.0]])
    );
    assert_eq!(
        last("y = min(m, axis=-2)", &inputs),
        matrix(array![[1.0, 2.0, 3.0]])
    );
    assert_eq!(
        last("y = argmax(m, axis=1)", &inputs),
        matrix(array![[1.0], [2.0]])
    );
    assert_eq!(last("y = argmax(m)", &inputs), Value::Scalar(5.0));
    assert_eq!(last("y = sum(m)", &inputs), Value::Scalar(21.0));
    assert_eq!(last("y = norm(v)", &inputs), Value::Scalar(5.0));
    assert_eq!(last("y = norm(v, axis=0)", &inputs), vector(array![5.0]));
    assert_eq!(last("y = sum(v, axis=-1)", &inputs), vector(array![7.0]));
    // Keeping the axis is what makes centring broadcast.
    assert_eq!(
        last("mu = mean(m, axis=1)\ny = m - mu", &inputs),
        matrix(array![[-2.0, 2.0, 0.0], [0.0, -2.0, 2.0]])
    );
}

#[test]
fn softmax_turns_masked_entries_into_exact_zeros() {
    let weights = as_matrix(last("s = softmax(zeros(3, 3) + causal_mask(3))", &[]));
    assert_eq!(weights.row(0).to_vec(), vec![1.0, 0.0, 0.0]);
    assert_eq!(weights.row(1).to_vec(), vec![0.5, 0.5, 0.0]);
    assert_abs_diff_eq!(weights[[2, 2]], 1.0 / 3.0, epsilon = 1e-15);
    // Down the columns instead: the last column holds a single unmasked entry.
    let columns = as_matrix(last("s = softmax(causal_mask(2) + 1, axis=0)", &[]));
    assert_eq!(columns, array![[0.5, 0.0], [0.5, 1.0]]);
    let logs = as_matrix(last("s = log_softmax(causal_mask(2))", &[]));
    assert_eq!(logs[[0, 1]], f64::NEG_INFINITY);
    assert_abs_diff_eq!(logs[[1, 0]], -(2.0_f64.ln()), epsilon = 1e-15);
    // softmax([1, 2, 3]) = e^(x−3) / Σ: (e^-2, e^-1, 1) / 1.503214724 = (0.0900, 0.2447, 0.6652).
    let inputs = [("x", vector(array![1.0, 2.0, 3.0]))];
    let Value::Vector(p) = last("p = softmax(x)", &inputs) else {
        panic!("a vector")
    };
    let total = (-2.0_f64).exp() + (-1.0_f64).exp() + 1.0;
    assert_abs_diff_eq!(
        p,
        array![(-2.0_f64).exp(), (-1.0_f64).exp(), 1.0] / total,
        epsilon = 1e-15
    );
}

#[test]
fn elementwise_functions_follow_their_definitions() {
    assert_eq!(scalar("y = relu(-2) + relu(3)"), 3.0);
    assert_abs_diff_eq!(scalar("y = sigmoid(0)"), 0.5);
    assert_abs_diff_eq!(scalar("y = exp(log(2.5))"), 2.5, epsilon = 1e-15);
    assert_abs_diff_eq!(scalar("y = sqrt(16) + abs(-1)"), 5.0);
    assert_abs_diff_eq!(scalar("y = sin(pi / 2) + cos(0)"), 2.0);
    assert_abs_diff_eq!(scalar("y = tanh(0.5)"), 0.5_f64.tanh());
    assert_eq!(scalar("y = gelu(0)"), 0.0);
    // gelu(1) = ½(1 + tanh(√(2/π)·1.044715)) = ½(1 + tanh(0.833562)) = 0.841192.
    assert_abs_diff_eq!(
        scalar("y = gelu(1)"),
        0.841_191_990_608_276_8,
        epsilon = 1e-12
    );
}

#[test]
fn layer_norm_centres_and_scales_each_row() {
    // Row [1, 2, 3]: mean 2, variance 2/3; row [2, 2, 2] is constant, so it becomes 0.
    let inputs = [("x", matrix(array![[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]]))];
    let y = as_matrix(last("y = layer_norm(x, eps=0.0001)", &inputs));
    let scale = (2.0_f64 / 3.0 + 0.0001).sqrt();
    assert_abs_diff_eq!(
        y,
        array![[-1.0 / scale, 0.0, 1.0 / scale], [0.0, 0.0, 0.0]],
        epsilon = 1e-15
    );
    let error = failure("y = layer_norm(x, eps=0)", &inputs);
    assert_eq!(error.kind, ErrorKind::NonFinite);
    assert_eq!(
        error.message,
        "layer_norm of a constant row with eps=0 divides by 0 in step y at [2, 1]"
    );
}

#[test]
fn the_issues_layer_norm_program_agrees_with_the_layer_norm_function() {
    let inputs = [
        (
            "x",
            matrix(array![
                [2.0, 4.0, 6.0, 8.0],
                [1.0, -1.0, 3.0, 0.5],
                [0.0, 0.0, 1.0, 0.0]
            ]),
        ),
        ("gamma", vector(array![1.0, 0.5, 2.0, 1.0])),
        ("beta", vector(array![0.0, 0.1, 0.0, -0.2])),
        ("eps", Value::Scalar(0.00001)),
    ];
    let steps = "mu = mean(x, axis=1)\nxc = x - mu\nvar = mean(xc ^ 2, axis=-1)\n\
                 y = gamma * xc / sqrt(var + eps) + beta\n\
                 z = gamma * layer_norm(x, eps=eps) + beta";
    let inputs = owned_inputs(&inputs);
    let results = evaluate(steps, &inputs).unwrap();
    assert_eq!(results[0].1.describe_shape(), "3×1");
    let (y, z) = (
        as_matrix(results[3].1.clone()),
        as_matrix(results[4].1.clone()),
    );
    assert_abs_diff_eq!(y, z, epsilon = 1e-12);
    // Row 1 is 2, 4, 6, 8: mean 5, variance 5, so its first entry is −3/√5.
    assert_abs_diff_eq!(
        y[[0, 0]],
        -3.0 / (5.0_f64 + 0.00001).sqrt(),
        epsilon = 1e-12
    );
}

#[test]
fn constructors_build_ranges_identities_masks_and_slices() {
    assert_eq!(last("y = arange(3)", &[]), vector(array![0.0, 1.0, 2.0]));
    assert_eq!(
        last("y = eye(2)", &[]),
        matrix(array![[1.0, 0.0], [0.0, 1.0]])
    );
    assert_eq!(last("y = ones(2)", &[]), vector(array![1.0, 1.0]));
    assert_eq!(last("y = zeros(1, 2)", &[]), matrix(array![[0.0, 0.0]]));
    let inf = f64::NEG_INFINITY;
    assert_eq!(
        last("y = causal_mask(2)", &[]),
        matrix(array![[0.0, inf], [0.0, 0.0]])
    );
    let inputs = [(
        "m",
        matrix(array![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]),
    )];
    assert_eq!(
        last("y = rows(m, 1, 3)", &inputs),
        matrix(array![[4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    );
    assert_eq!(
        last("y = cols(m, 0, 1)", &inputs),
        matrix(array![[1.0], [4.0], [7.0]])
    );
    assert_eq!(
        last("y = cols(arange(5), 1, 3)", &[]),
        vector(array![1.0, 2.0])
    );
    assert_eq!(last("y = row(arange(2))", &[]), matrix(array![[0.0, 1.0]]));
    assert_eq!(
        last("y = col(arange(2))", &[]),
        matrix(array![[0.0], [1.0]])
    );
}

#[test]
fn dot_outer_and_concat_combine_vectors() {
    let inputs = [
        ("a", vector(array![1.0, 2.0])),
        ("b", vector(array![3.0, 4.0])),
    ];
    assert_eq!(last("y = dot(a, b)", &inputs), Value::Scalar(11.0));
    assert_eq!(
        last("y = outer(a, b)", &inputs),
        matrix(array![[3.0, 4.0], [6.0, 8.0]])
    );
    assert_eq!(
        last("y = concat(a, b, 5)", &inputs),
        vector(array![1.0, 2.0, 3.0, 4.0, 5.0])
    );
    assert_eq!(
        last("y = concat(row(a), b)", &inputs),
        matrix(array![[1.0, 2.0], [3.0, 4.0]])
    );
    assert_eq!(
        last("y = concat(col(a), col(b), axis=1)", &inputs),
        matrix(array![[1.0, 3.0], [2.0, 4.0]])
    );
}

#[test]
fn randn_is_a_deterministic_standard_normal_sample() {
    let sample = as_matrix(last("y = randn(100, 100, seed=7)", &[]));
    let mean = sample.mean().unwrap();
    let variance = sample.mapv(|x| (x - mean) * (x - mean)).mean().unwrap();
    assert!(mean.abs() < 0.03, "mean {mean}");
    assert!((variance - 1.0).abs() < 0.05, "variance {variance}");
    assert_eq!(
        last("y = randn(2, 2, seed=7)", &[]),
        last("y = randn(2, 2, seed=7)", &[])
    );
    // A shorter draw is a prefix of a longer one from the same seed.
    let Value::Vector(short) = last("y = randn(3, seed=1)", &[]) else {
        panic!()
    };
    let Value::Vector(long) = last("y = randn(4, seed=1)", &[]) else {
        panic!()
    };
    assert_eq!(short.to_vec(), long.to_vec()[..3]);
    assert_ne!(last("y = randn(3)", &[]), last("y = randn(3, seed=1)", &[]));
}

#[test]
fn a_shape_mismatch_names_both_shapes_at_the_operator() {
    let inputs = [
        ("x", matrix(array![[1.0, 2.0, 3.0]])),
        ("w", matrix(array![[1.0, 2.0, 3.0]])),
    ];
    let error = failure("y = x @ w", &inputs);
    assert_eq!(error.kind, ErrorKind::Shape);
    assert_eq!(
        error.message,
        "x @ w: 1×3 @ 1×3, inner sizes 3 and 1 differ"
    );
    assert_eq!(error.span, 6..7);
    assert_eq!(
        error.hint.as_deref(),
        Some("the left side's columns must equal the right side's rows; did you mean x @ w.T?")
    );
    let error = failure("y = x + ones(2, 2)", &inputs);
    assert_eq!(
        error.message,
        "x + ones(2, 2): 1×3 + 2×2, columns 3 and 2 differ"
    );
    let error = failure("y = arange(2) - arange(3)", &[]);
    assert_eq!(
        error.message,
        "arange(2) - arange(3): vector of 2 - vector of 3, lengths 2 and 3 differ"
    );
    let error = failure("y = dot(arange(2), arange(3))", &[]);
    assert_eq!(error.kind, ErrorKind::Shape);
    let error = failure("y = concat(eye(2), eye(3))", &[]);
    assert_eq!(
        error.message,
        "concat along axis 0: 2×2 and 3×3, columns 2 and 3 differ"
    );
    assert_eq!(error.span, 19..25);
}

#[test]
fn a_non_finite_result_names_the_step_and_the_entry() {
    let inputs = [("x", matrix(array![[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]]))];
    let error = failure("lp = log(x)", &inputs);
    assert_eq!(error.kind, ErrorKind::NonFinite);
    assert_eq!(error.message, "log of 0 in step lp at [2, 3]");
    assert_eq!(error.span, 5..11);
    assert_messages(
        &inputs,
        &[
            (
                "y = sqrt(-x)",
                "sqrt of a negative number (-1) in step y at [1, 1]",
            ),
            ("y = 1 / x", "division by 0 in step y at [2, 3]"),
        ],
    );
    assert_messages(
        &[],
        &[
            ("y = exp(800)", "exp(800) overflows in step y"),
            (
                "y = (-8) ^ 0.5",
                "(-8) ^ 0.5 is not a real number in step y",
            ),
            ("y = 1e300 * 1e300", "1e+300 * 1e+300 overflows in step y"),
        ],
    );
}

#[test]
fn minus_infinity_is_only_a_mask() {
    // Through + and softmax it is fine; a step may hold it.
    assert!(evaluate("m = causal_mask(2)\ns = softmax(m + 1)\nt = -inf", &[]).is_ok());
    let error = failure("m = causal_mask(2)\ny = exp(m)", &[]);
    assert_eq!(error.kind, ErrorKind::NonFinite);
    assert_eq!(
        error.message,
        "-inf (a masked entry) reaches `exp` in step y at [1, 2]"
    );
    assert_eq!(error.span, 23..29);
    let error = failure("y = causal_mask(2) * 2", &[]);
    assert_eq!(
        error.message,
        "-inf (a masked entry) reaches `*` in step y at [1, 2]"
    );
    assert_eq!(failure("y = inf", &[]).message, "+inf in step y");
    assert_messages(
        &[],
        &[
            ("y = inf + 1", "inf reaches `+` in step y"),
            ("y = -(-inf)", "negating -inf gives +inf in step y"),
            (
                "y = softmax(cols(causal_mask(2), 1, 2))",
                "softmax over entries that are all -inf in step y at [1, 1]",
            ),
        ],
    );
    let inputs = [("x", vector(array![1.0, f64::NAN]))];
    let error = failure("y = x", &inputs);
    assert_eq!(
        (error.kind, error.message.as_str()),
        (ErrorKind::NonFinite, "input `x` has NaN at [2]")
    );
    assert_eq!(error.span, 0..0);
}

#[test]
fn unknown_names_suggest_the_nearest_defined_one() {
    let inputs = [("query", Value::Scalar(1.0))];
    let error = failure("y = quer + 1", &inputs);
    assert_eq!(error.kind, ErrorKind::UnknownName);
    assert_eq!(error.message, "unknown name `quer`");
    assert_eq!(error.span, 4..8);
    assert_eq!(error.hint.as_deref(), Some("did you mean `query`?"));
    let error = failure("y = z\nz = 1", &[]);
    assert_eq!(
        error.hint.as_deref(),
        Some("`z` is defined later, on line 2; steps run in order")
    );
    let error = failure("y = exp + 1", &[]);
    assert_eq!(
        error.hint.as_deref(),
        Some("`exp` is a function: call it, as in exp(x)")
    );
}

#[test]
fn unknown_functions_suggest_the_nearest_function() {
    let error = failure("y = sofmax(arange(3))", &[]);
    assert_eq!(error.kind, ErrorKind::UnknownFunction);
    assert_eq!(error.message, "unknown function `sofmax`");
    assert_eq!(error.span, 4..10);
    assert_eq!(error.hint.as_deref(), Some("did you mean `softmax`?"));
    let error = failure("y = x(2)", &[("x", Value::Scalar(1.0))]);
    assert_eq!(
        error.hint.as_deref(),
        Some("`x` is a value, not a function; multiply with `*`")
    );
}

#[test]
fn wrong_arguments_say_how_to_call_the_function() {
    let error = failure("y = softmax(arange(3), 1)", &[]);
    assert_eq!(error.kind, ErrorKind::Arguments);
    assert_eq!(error.message, "`softmax` takes 1 argument, got 2");
    assert_eq!(error.span, 4..25);
    assert_eq!(error.hint.as_deref(), Some("write softmax(x, axis=-1)"));
    let error = failure("y = softmax(arange(3), axes=0)", &[]);
    assert_eq!(error.message, "`softmax` has no keyword `axes`");
    assert_eq!(error.span, 23..27);
    let error = failure("y = sum(eye(2), axis=2)", &[]);
    assert_eq!(error.message, "axis=2 does not exist for a matrix");
    assert_eq!(error.span, 21..22);
    assert_messages(
        &[],
        &[
            (
                "y = sum(arange(2), axis=1)",
                "axis=1 does not exist for a vector",
            ),
            (
                "y = zeros(2.5, 1)",
                "a size must be a whole number, got 2.5",
            ),
            ("y = dot(eye(2), eye(2))", "`dot` takes vectors, got a 2×2"),
            (
                "y = rows(eye(2), 1, 3)",
                "`rows` from 1 to 3 needs rows up to 2, and there are 2 (rows 0 to 1)",
            ),
            (
                "y = cols(arange(4), 2, 2)",
                "`cols` from 2 to 2 takes no entries: the end must be greater than the start",
            ),
            (
                "y = cols(eye(3), -1, 2)",
                "`cols` cannot start at -1: columns count from 0",
            ),
            (
                "y = rows(eye(3), 0.5, 2)",
                "the start of `rows` must be a whole number, got 0.5",
            ),
            (
                "y = zeros(100000, 1)",
                "`zeros` of size 100000 is larger than the limit of 1024",
            ),
            ("y = concat()", "`concat` takes at least 1 argument, got 0"),
        ],
    );
}

#[test]
fn a_name_is_defined_once() {
    let inputs = [("x", Value::Scalar(1.0))];
    let error = failure("x = 2", &inputs);
    assert_eq!(error.kind, ErrorKind::Redefinition);
    assert_eq!(error.span, 0..1);
    assert_eq!(
        error.hint.as_deref(),
        Some("`x` is an input, and inputs cannot be reassigned; give the step a new name")
    );
    let error = failure("a = 1\na = 2", &[]);
    assert_eq!(
        (error.kind, error.span.clone()),
        (ErrorKind::Redefinition, 6..7)
    );
    assert_eq!(
        error.hint.as_deref(),
        Some("`a` is already defined on line 1; give this step a new name (only inside a repeat may a name be assigned again)")
    );
    assert_eq!(failure("pi = 3", &[]).kind, ErrorKind::Redefinition);
}

#[test]
fn syntax_errors_point_where_parsing_stopped() {
    let error = failure("y = (1 + 2", &[]);
    assert_eq!(error.kind, ErrorKind::Syntax);
    assert_eq!(
        error.message,
        "expected `)` to close the `(`, found the end of the line"
    );
    assert_eq!(error.span, 10..10);
    let error = failure("\ny 2", &[]);
    assert_eq!(
        (error.message.as_str(), error.span.clone()),
        ("a step is written `name = expression`", 1..2)
    );
    let error = failure("y = 2x", &[]);
    assert_eq!(
        error.hint.as_deref(),
        Some("write `2 * x`: there is no implicit multiplication")
    );
    let error = failure("y = 1 2", &[]);
    assert_eq!(
        (error.message.as_str(), error.span.clone()),
        ("unexpected `2` after a complete expression", 6..7)
    );
    assert_eq!(
        failure("y = 2 ** 3", &[]).hint.as_deref(),
        Some("powers are written x ^ 2")
    );
    assert_messages(
        &[],
        &[
            ("y = 1 +", "expected a value, found the end of the line"),
            (
                "y = sum(axis=1, 2)",
                "a positional argument after a keyword argument",
            ),
        ],
    );
}

/// Each limit is raised with its [`Limit`], which a built-in kind reads to word it (the work
/// limit in the kind's terms, the others quoted), whatever the message says.
#[test]
fn limits_bound_values_work_nesting_and_length() {
    let size = ErrorKind::Limit(Limit::Size);
    let error = failure("y = zeros(2000, 2)", &[]);
    assert_eq!((error.kind, error.span.clone()), (size, 10..14));
    let error = failure("y = concat(eye(1000), eye(1000))", &[]);
    assert_eq!(
        (error.kind, error.message.as_str()),
        (size, "concat would be 2000×1000, larger than the limit")
    );
    let big = Value::Matrix(Array2::zeros((1, MAX_SIDE + 1)));
    assert_eq!(failure("y = x", &[("x", big)]).kind, size);
    // 1000×1000 @ 1000×1000 is 10⁹ multiply-adds, far beyond the bound: refused up front.
    let error = failure("a = ones(1000, 1000)\nb = a @ a", &[]);
    assert_eq!(error.kind, ErrorKind::Limit(Limit::Work));
    assert_eq!(error.span, 27..28);
    let deep = format!("y = {}1{}", "(".repeat(80), ")".repeat(80));
    let long_chain = format!("y = 1{}", " + 1".repeat(70));
    let minus_chain = format!("y = {}1", "-".repeat(200));
    for nested in [deep, long_chain, minus_chain] {
        assert_eq!(failure(&nested, &[]).kind, ErrorKind::Limit(Limit::Depth));
    }
    let many_lines = "y = 1\n".repeat(MAX_LINES + 1);
    let error = failure(&many_lines, &[]);
    assert_eq!(
        (error.kind, error.message),
        (
            ErrorKind::Limit(Limit::Lines),
            format!("the steps have more than {MAX_LINES} lines")
        )
    );
    let long_line = format!("y = {}", "1 + ".repeat(300));
    let error = failure(&long_line, &[]);
    assert_eq!(error.kind, ErrorKind::Limit(Limit::LineLength));
}

/// The kinds' names are the manual's table of errors, row for row, and are the names of every
/// kind, each limit among them (a name the manual lacks, or one no kind has, fails here).
#[test]
fn error_kinds_are_named_as_the_manual_s_table_names_them() {
    let manual = include_str!("../../../../docs/content/language/reference.md");
    let table = manual
        .split_once("| kind | example |")
        .expect("the manual has its table of errors")
        .1;
    let rows: Vec<&str> = (table.lines().skip(2))
        .map_while(|line| line.strip_prefix("| `")?.split_once('`'))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(rows, ErrorKind::NAMES);
    let limits = [
        Limit::Work,
        Limit::Kept,
        Limit::Size,
        Limit::History,
        Limit::Depth,
        Limit::Lines,
        Limit::LineLength,
        Limit::LoopDepth,
        Limit::Number,
    ];
    let kinds = [
        ErrorKind::Syntax,
        ErrorKind::UnknownName,
        ErrorKind::UnknownFunction,
        ErrorKind::Arguments,
        ErrorKind::Shape,
        ErrorKind::Redefinition,
        ErrorKind::NonFinite,
        ErrorKind::Index,
    ]
    .into_iter()
    .chain(limits.map(ErrorKind::Limit));
    let mut named: Vec<&str> = kinds.map(ErrorKind::as_str).collect();
    named.sort_unstable();
    named.dedup();
    let mut names = ErrorKind::NAMES;
    names.sort_unstable();
    assert_eq!(named, names);
}

mod properties {
    use super::super::Value;
    use super::evaluate;
    use ndarray::Array2;
    use proptest::prelude::*;

    /// Pieces a program is made of, valid and not, so random soup reaches every error path.
    const PIECES: [&str; 43] = [
        "x",
        "v",
        "y",
        "z",
        "pi",
        "inf",
        "1",
        "0",
        "2.5",
        "1e3",
        "-",
        "+",
        "*",
        "/",
        "@",
        "^",
        ".T",
        "(",
        ")",
        ",",
        "=",
        "axis=",
        "0",
        "1",
        "-1",
        "softmax(",
        "sum(",
        "exp(",
        "log(",
        "concat(",
        "causal_mask(",
        "zeros(",
        "randn(",
        "rows(",
        "layer_norm(",
        "\n",
        "#",
        "2x",
        "argmax(",
        "@@",
        "×",
        "é",
        ".",
    ];

    fn inputs() -> Vec<(String, Value)> {
        vec![
            (
                "x".to_string(),
                Value::Matrix(Array2::from_shape_fn((2, 3), |(i, j)| i as f64 - j as f64)),
            ),
            (
                "v".to_string(),
                Value::Vector(ndarray::array![0.5, -1.0, 2.0]),
            ),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn evaluation_never_panics_on_token_soup(pieces in prop::collection::vec(0..PIECES.len(), 0..24)) {
            let body: Vec<&str> = pieces.iter().map(|&i| PIECES[i]).collect();
            let steps = format!("y = {}", body.join(" "));
            if let Err(error) = evaluate(&steps, &inputs()) {
                prop_assert!(error.span.end <= steps.len());
                prop_assert!(steps.is_char_boundary(error.span.start) && steps.is_char_boundary(error.span.end));
            }
        }

        #[test]
        fn broadcasting_agrees_with_spelling_the_shapes_out(
            rows in 1usize..4, cols in 1usize..4, seed in 0u64..1000,
        ) {
            let m = Value::Matrix(Array2::from_shape_fn((rows, cols), |(i, j)| (i * 7 + j * 3 + seed as usize) as f64 % 5.0 - 2.0));
            let v = Value::Vector(ndarray::Array1::from_shape_fn(cols, |j| j as f64 - 1.0));
            let inputs = vec![("m".to_string(), m), ("v".to_string(), v)];
            let steps = "a = m + v\nb = m + ones(1, 1) @ row(v)\nc = v + m\nd = m - v + v\ne = m * 1 + 0";
            let results = evaluate(steps, &inputs).unwrap();
            // Spelled out: the vector as a row matrix broadcasts the same way.
            let spelled = results[1].1.clone();
            prop_assert_eq!(&results[0].1, &spelled);
            prop_assert_eq!(&results[0].1, &results[2].1);
            prop_assert_eq!(&results[3].1, &inputs[0].1);
            prop_assert_eq!(&results[4].1, &inputs[0].1);
        }

        #[test]
        fn softmax_rows_sum_to_one(rows in 1usize..5, cols in 1usize..6, seed in 0u64..1000) {
            let steps = format!("s = softmax(4 * randn({rows}, {cols}, seed={seed}))\nt = sum(s, axis=1)\nm = softmax(randn({rows}, {rows}, seed={seed}) + causal_mask({rows}))\nu = sum(m, axis=-1)");
            let results = evaluate(&steps, &[]).unwrap();
            for (name, totals) in [&results[1], &results[3]] {
                let Value::Matrix(totals) = totals else { panic!("{name} is a matrix") };
                for total in totals {
                    prop_assert!((total - 1.0).abs() < 1e-12, "{}: {}", name, total);
                }
            }
        }
    }
}

/// The modules of `lang` import one another in one direction only (the evaluator uses the
/// functions, never the reverse), so each can be read knowing only those below it.
// (Marked as tests again, as the layering test in src/layering.rs expects of code that reads files.)
#[cfg(test)]
mod import_circles {
    use std::collections::{BTreeMap, BTreeSet};

    /// The module of `lang` a file belongs to: its first path component, without `.rs`.
    fn module_of(relative: &str) -> String {
        let first = relative.split('/').next().unwrap_or(relative);
        first.trim_end_matches(".rs").to_string()
    }

    /// The `lang` modules named by one path or `{…}` group that starts at `rest`.
    fn named_modules(rest: &str, modules: &BTreeSet<String>) -> Vec<String> {
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            return group[..end]
                .split(',')
                .filter_map(|item| item.trim().split("::").next())
                .filter(|name| modules.contains(*name))
                .map(str::to_string)
                .collect();
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if modules.contains(&name) {
            vec![name]
        } else {
            Vec::new()
        }
    }

    /// Which `lang` modules the shipped code of a file at `relative` imports.
    fn imports(relative: &str, source: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
        let code = source
            .find("\n#[cfg(test)]\nmod ")
            .map_or(source, |end| &source[..end]);
        // `super::` from `functions/axis.rs` is `functions`; one more reaches `lang`.
        let depth = relative.matches('/').count() + usize::from(!relative.ends_with("mod.rs"));
        let to_lang = "super::".repeat(depth);
        let mut found = BTreeSet::new();
        for prefix in [to_lang.as_str(), "crate::compute::lang::"] {
            for (start, _) in code.match_indices(prefix) {
                let before = code[..start].chars().next_back();
                if before.is_some_and(|c| c == ':' || c.is_alphanumeric()) {
                    continue;
                }
                found.extend(named_modules(&code[start + prefix.len()..], modules));
            }
        }
        found.remove(&module_of(relative));
        found
    }

    /// A circle in `edges`, as the modules along it, if there is one.
    fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
        fn visit(
            node: &str,
            edges: &BTreeMap<String, BTreeSet<String>>,
            path: &mut Vec<String>,
            done: &mut BTreeSet<String>,
        ) -> Option<Vec<String>> {
            if let Some(at) = path.iter().position(|n| n == node) {
                let mut found = path[at..].to_vec();
                found.push(node.to_string());
                return Some(found);
            }
            if done.contains(node) {
                return None;
            }
            path.push(node.to_string());
            for next in edges.get(node).into_iter().flatten() {
                if let Some(found) = visit(next, edges, path, done) {
                    return Some(found);
                }
            }
            path.pop();
            done.insert(node.to_string());
            None
        }
        let mut done = BTreeSet::new();
        edges
            .keys()
            .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
    }

    fn sources(directory: &std::path::Path, root: &std::path::Path) -> Vec<(String, String)> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(directory).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                found.extend(sources(&path, root));
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(root).unwrap().to_string_lossy();
                let relative = relative.replace('\\', "/");
                found.push((relative, std::fs::read_to_string(&path).unwrap()));
            }
        }
        found
    }

    fn graph(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
        let modules: BTreeSet<String> = files
            .iter()
            .map(|(relative, _)| module_of(relative))
            .filter(|m| m != "mod" && m != "tests")
            .collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (relative, source) in files {
            let module = module_of(relative);
            if modules.contains(&module) {
                edges
                    .entry(module)
                    .or_default()
                    .extend(imports(relative, source, &modules));
            }
        }
        edges
    }

    #[test]
    fn no_two_lang_modules_import_each_other_even_through_others() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/compute/lang");
        let files = sources(&root, &root);
        let edges = graph(&files);
        assert!(
            edges.get("eval").is_some_and(|e| e.contains("functions")),
            "the checker must see the evaluator's use of the functions: {edges:?}"
        );
        assert_eq!(circle(&edges), None, "imports: {edges:?}");
    }

    #[test]
    fn the_checker_finds_a_circle_through_a_group_a_nested_file_and_a_crate_path() {
        let file = |path: &str, code: &str| (path.to_string(), code.to_string());
        let files = [
            file("eval.rs", "use super::{functions, value::Value};"),
            file("functions/mod.rs", "use super::value::Value;"),
            file(
                "functions/axis.rs",
                "use crate::compute::lang::parser::Arg;",
            ),
            file("parser.rs", "use super::lexer::Token;"),
            file("lexer.rs", "fn f() { super::eval::run(); }"),
            file("value.rs", "\n#[cfg(test)]\nmod tests { use super::eval; }"),
        ];
        let found = circle(&graph(&files)).expect("a circle");
        assert_eq!(found.first(), found.last());
        assert!(found.contains(&"functions".to_string()) && found.contains(&"lexer".to_string()));
        let without: Vec<_> = files
            .iter()
            .filter(|(p, _)| p != "lexer.rs")
            .cloned()
            .collect();
        assert_eq!(circle(&graph(&without)), None, "test modules do not count");
    }
}
