//! The attention template as tables: inputs → the error it gives (field and message), or → the
//! values its one run gives by name; then properties over random inputs.

use super::*;
use crate::compute::kind::KindRun;
use crate::compute::lang::MAX_WORK;
use crate::compute::{Index, Quantity, MAX_DIM, MAX_TOKENS};
use approx::assert_abs_diff_eq;
use ndarray::{array, concatenate, Axis};

/// The seed example of the contract: "the cat sat" with 2-d embeddings.
fn cat() -> AttentionInput {
    AttentionInput {
        tokens: ["the", "cat", "sat"].map(String::from).to_vec(),
        embeddings: array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        w_q: array![[1.0, 0.0], [1.0, 2.0]],
        w_k: array![[2.0, 0.0], [0.0, 1.0]],
        w_v: array![[1.0, 0.0], [0.0, 2.0]],
        w_o: None,
        causal: false,
        heads: 1,
    }
}

/// `n` tokens of one zero dimension, projected to `width` zero columns split into `heads`.
fn zeros(n: usize, width: usize, heads: usize) -> AttentionInput {
    AttentionInput {
        tokens: vec!["t".to_string(); n],
        embeddings: Array2::zeros((n, 1)),
        w_q: Array2::zeros((1, width)),
        w_k: Array2::zeros((1, width)),
        w_v: Array2::zeros((1, width)),
        w_o: None,
        causal: false,
        heads,
    }
}

/// Two tokens, two heads of width 1 and a W_o that sums them.
fn two_heads() -> AttentionInput {
    let eye = array![[1.0, 0.0], [0.0, 1.0]];
    AttentionInput {
        tokens: ["a", "b"].map(String::from).to_vec(),
        embeddings: eye.clone(),
        w_q: eye.clone(),
        w_k: eye,
        w_v: array![[1.0, 2.0], [3.0, 4.0]],
        w_o: Some(array![[1.0], [1.0]]),
        causal: false,
        heads: 2,
    }
}

type Edit = fn(&mut AttentionInput);

/// Each edit of the seed example is refused with exactly that field (none for an overflow,
/// which stands at the example's name) and message.
fn assert_each_refused(cases: impl IntoIterator<Item = (Edit, Option<&'static str>, String)>) {
    for (edit, field, message) in cases {
        let mut input = cat();
        edit(&mut input);
        let error = input.evaluate().expect_err(&message);
        assert_eq!(
            (error.field.as_deref(), error.message.as_str()),
            (field, message.as_str())
        );
    }
}

/// Every refusal: what changes in the seed example → the field at fault and the message.
#[test]
fn every_bad_input_is_one_error_on_its_field() {
    let limit = format!("{MAX_WORK}");
    let cases: Vec<(Edit, Option<&str>, String)> = vec![
        (|i| { i.tokens.clear(); i.embeddings = Array2::zeros((0, 2)) }, Some("tokens"), "there are no tokens".into()),
        (|i| { *i = AttentionInput { tokens: vec!["t".into(); MAX_TOKENS + 1], embeddings: Array2::zeros((MAX_TOKENS + 1, 2)), ..cat() } }, Some("tokens"), "there are 513 tokens, more than the limit of 512".into()),
        (|i| i.w_v = Array2::zeros((2, MAX_DIM + 1)), Some("w_v"), "w_v is 2×1025, larger than the limit of 1024".into()),
        (|i| i.embeddings = array![[1.0, 0.0], [0.0, 1.0]], Some("embeddings"), "embeddings has 2 rows, but there are 3 tokens".into()),
        (|i| i.w_q = Array2::zeros((3, 2)), Some("w_q"), "w_q has 3 rows, but the embeddings are 2 wide".into()),
        (|i| i.w_k = Array2::zeros((3, 2)), Some("w_k"), "w_k has 3 rows, but the embeddings are 2 wide".into()),
        (|i| i.w_v = Array2::zeros((3, 2)), Some("w_v"), "w_v has 3 rows, but the embeddings are 2 wide".into()),
        (|i| i.w_k = array![[1.0], [0.0]], Some("w_k"), "w_k has 1 columns, but w_q has 2".into()),
        (|i| i.heads = 0, Some("heads"), "0 heads cannot split the 2 columns of w_q evenly".into()),
        (|i| i.heads = 3, Some("heads"), "3 heads cannot split the 2 columns of w_q evenly".into()),
        (|i| { i.heads = 2; i.w_v = array![[1.0, 0.0, 1.0], [0.0, 2.0, 1.0]] }, Some("heads"), "2 heads cannot split the 3 columns of w_v evenly".into()),
        (|i| i.w_o = Some(array![[1.0, 0.0, 0.0]]), Some("w_o"), "w_o has 1 rows, but the heads' outputs together are 2 wide".into()),
        // Within every dimension limit, yet far more heads than a program of a page's size
        // holds: refused at `heads` before anything runs. The one run counts every head: 16,
        // or even 4, heads over 512 tokens are too much work.
        (|i| *i = zeros(MAX_TOKENS, 1024, 1024), Some("heads"), "heads = 1024 is more than 64, the most an example may have".into()),
        (|i| *i = zeros(MAX_TOKENS, 1024, 16), Some("heads"), format!("16 heads over 512 tokens need more than {limit} operations, the limit of any example")),
        (|i| *i = zeros(MAX_TOKENS, 4, 4), Some("heads"), format!("4 heads over 512 tokens need more than {limit} operations, the limit of any example")),
        // Products that overflow are an error, not infinity, said in the lesson's words.
        (|i| { i.embeddings *= 1e200; i.w_q *= 1e200 }, None, "the queries Q overflows: the inputs are too large to compute with".into()),
        (|i| { i.embeddings *= 1e200; i.w_v *= 1e200 }, None, "the values V overflows: the inputs are too large to compute with".into()),
        (|i| { i.w_q *= 1e160; i.w_k *= 1e160 }, None, "the scores Q·Kᵀ overflows: the inputs are too large to compute with".into()),
        (|i| { *i = two_heads(); i.w_q *= 1e160; i.w_k *= 1e160 }, None, "the scores Q·Kᵀ overflows: the inputs are too large to compute with".into()),
        (|i| { *i = two_heads(); i.w_o = Some(array![[1e308], [1e308]]) }, None, "the output overflows: the inputs are too large to compute with".into()),
    ];
    assert_each_refused(cases);
}

/// Inputs the block reader refuses at their own text (a NaN, an infinity, an empty projection,
/// too many heads) are one error here too, at the input and in the reader's words: never a
/// panic, a NaN, or a step the author never wrote.
#[test]
fn inputs_only_the_block_reader_refuses_are_errors_at_their_input() {
    let finite = "which is not a finite number";
    let cases: [(Edit, &str, String); 6] = [
        (
            |i| i.w_k[[1, 0]] = f64::NAN,
            "w_k",
            format!("`w_k` holds NaN at [2, 1], {finite}"),
        ),
        (
            |i| i.embeddings[[2, 1]] = f64::NEG_INFINITY,
            "embeddings",
            format!("`embeddings` holds -inf at [3, 2], {finite}"),
        ),
        (
            |i| i.w_o = Some(array![[1.0, f64::INFINITY], [0.0, 1.0]]),
            "w_o",
            format!("`w_o` holds inf at [1, 2], {finite}"),
        ),
        (
            |i| {
                i.w_q = Array2::zeros((2, 0));
                i.w_k = Array2::zeros((2, 0))
            },
            "w_q",
            "`w_q` is empty".into(),
        ),
        (
            |i| *i = zeros(2, MAX_HEADS + 1, MAX_HEADS + 1),
            "heads",
            "heads = 65 is more than 64, the most an example may have".into(),
        ),
        (
            |i| *i = zeros(2, 2 * MAX_HEADS, 2 * MAX_HEADS),
            "heads",
            "heads = 128 is more than 64, the most an example may have".into(),
        ),
    ];
    assert_each_refused(cases.map(|(edit, field, message)| (edit, Some(field), message)));
}

/// A run past a limit other than the work limit (here the program's lines) is said as that
/// limit, never as too much work.
#[test]
fn a_stop_at_another_limit_is_said_as_that_limit() {
    let program = "x = 1\n".repeat(crate::compute::lang::MAX_LINES + 1);
    let stopped = crate::compute::template::run(&program, &[]).err().unwrap();
    let error = cat().stopped(stopped);
    assert_eq!(error.field.as_deref(), Some("heads"));
    assert_eq!(
        error.message,
        "1 heads over 3 tokens go past a limit of any example: the steps have more than 1000 lines"
    );
}

/// What fits: three heads over the most tokens fit one run, four heads of 128 tokens too, and
/// the most heads the block reader allows fit the language's limits on the program's text.
#[test]
fn the_largest_examples_fit_one_run() {
    let most_heads = zeros(2, MAX_HEADS, MAX_HEADS);
    for input in [zeros(MAX_TOKENS, 3, 3), zeros(128, 64, 4), most_heads] {
        assert!(
            input.evaluate().is_ok(),
            "{} heads of {}",
            input.heads,
            input.tokens.len()
        );
    }
}

/// The seed example's values, hand-derived: e = exp(√2), r = √2.
#[test]
fn the_seed_example_gives_the_hand_derived_values() {
    let (e, r) = (2f64.sqrt().exp(), 2f64.sqrt());
    let (a, b, c) = (2.0 * e + 1.0, 2.0 + e, 1.0 + e + e * e);
    let cases: [(&str, Array2<f64>); 7] = [
        ("q", array![[1.0, 0.0], [1.0, 2.0], [2.0, 2.0]]),
        ("k", array![[2.0, 0.0], [0.0, 1.0], [2.0, 1.0]]),
        ("v", array![[1.0, 0.0], [0.0, 2.0], [1.0, 2.0]]),
        (
            "scores",
            array![[2.0, 0.0, 2.0], [2.0, 2.0, 4.0], [4.0, 2.0, 6.0]],
        ),
        (
            "scaled",
            array![[r, 0.0, r], [r, r, 2.0 * r], [2.0 * r, r, 3.0 * r]],
        ),
        // Row "the": [e, 1, e] / (2e + 1); "cat": [1, 1, e] / (2 + e); "sat": [e, 1, e²] / (1 + e + e²).
        (
            "weights",
            array![
                [e / a, 1.0 / a, e / a],
                [1.0 / b, 1.0 / b, e / b],
                [e / c, 1.0 / c, e * e / c]
            ],
        ),
        // Z = A·V with V rows [1, 0], [0, 2], [1, 2]: Z_i = [a_the + a_sat, 2(a_cat + a_sat)].
        (
            "output",
            array![
                [2.0 * e / a, (2.0 + 2.0 * e) / a],
                [(1.0 + e) / b, 2.0 * (1.0 + e) / b],
                [(e + e * e) / c, (2.0 + 2.0 * e * e) / c]
            ],
        ),
    ];
    let result = cat().evaluate().unwrap();
    for (name, expected) in cases.clone() {
        assert_abs_diff_eq!(result.matrix(name).unwrap(), expected, epsilon = 1e-12);
    }
    // The lesson prints them to 3 decimals.
    let printed = |name| {
        result
            .matrix(name)
            .unwrap()
            .map(|x| format!("{x:.3}"))
            .into_raw_vec_and_offset()
            .0
            .join(" ")
    };
    assert_eq!(
        printed("scaled"),
        "1.414 0.000 1.414 1.414 1.414 2.828 2.828 1.414 4.243"
    );
    assert_eq!(
        printed("weights"),
        "0.446 0.108 0.446 0.164 0.164 0.673 0.187 0.045 0.768"
    );
    assert_eq!(printed("output"), "0.892 1.108 0.836 1.673 0.955 1.627");
    // The scores are exact, and one head's output is the output.
    assert_eq!(result.matrix("scores"), Some(cases[3].1.clone()));
    assert_eq!(result.matrix("h1.output"), result.matrix("output"));
    for (name, count) in [("d_k", 2), ("n", 3), ("heads", 1)] {
        assert_eq!(
            result.quantity(name),
            Some(Quantity::Count(count)),
            "{name}"
        );
    }
}

/// Small inputs → exact values by name, with the mask off and on.
#[test]
fn small_examples_give_exact_values() {
    let hi = AttentionInput {
        tokens: vec!["hi".into()],
        embeddings: array![[3.0, -1.0]],
        w_q: array![[1.0], [2.0]],
        w_k: array![[0.5], [4.0]],
        w_v: array![[1.0, 2.0], [3.0, 4.0]],
        ..cat()
    };
    let one = AttentionInput {
        tokens: vec!["the".into()],
        embeddings: array![[1.0, 1.0]],
        ..cat()
    };
    let cases: [(AttentionInput, bool, &str, Array2<f64>); 5] = [
        // A single token attends only to itself: v = [0, 2]; q = 1, k = −2.5, d_k = 1.
        (hi.clone(), false, "h1.weights", array![[1.0]]),
        (hi.clone(), false, "output", array![[0.0, 2.0]]),
        (hi, false, "h1.scaled", array![[-2.5]]),
        // Causal attention on one token is plain attention.
        (one.clone(), true, "h1.weights", array![[1.0]]),
        (
            one.clone(),
            true,
            "output",
            one.evaluate().unwrap().matrix("output").unwrap(),
        ),
    ];
    for (mut input, causal, name, expected) in cases {
        input.causal = causal;
        assert_abs_diff_eq!(
            input.evaluate().unwrap().matrix(name).unwrap(),
            expected,
            epsilon = 1e-15
        );
    }
}

#[test]
fn the_causal_seed_example_masks_the_future_with_exact_zeros() {
    let plain = cat().evaluate().unwrap();
    let causal = (AttentionInput {
        causal: true,
        ..cat()
    })
    .evaluate()
    .unwrap();
    let weights = causal.matrix("weights").unwrap();
    assert_eq!(weights.row(0), array![1.0, 0.0, 0.0]);
    // "cat" sees [√2, √2]: equal scores, equal weights, and the future an exact 0.
    assert_abs_diff_eq!(weights.row(1), array![0.5, 0.5, 0.0], epsilon = 1e-12);
    assert_eq!(weights[[1, 2]], 0.0);
    assert_eq!(weights.row(2), plain.matrix("weights").unwrap().row(2));
    // Scaled scores are kept before masking so the page can show what was hidden.
    assert_eq!(causal.matrix("scaled"), plain.matrix("scaled"));
}

/// Two heads split the columns and scale by their own width (1); W_o sums them.
#[test]
fn two_heads_give_each_heads_values_and_their_concatenation() {
    let e = 1f64.exp();
    let (first, second) = (
        array![[(e + 3.0) / (e + 1.0)], [2.0]],
        array![[3.0], [(2.0 + 4.0 * e) / (1.0 + e)]],
    );
    let cases: [(&str, Array2<f64>); 8] = [
        // Head 1 sees column 1 of Q and K (q = k = [1, 0]) and V's first column [1, 3].
        ("h1.scores", array![[1.0, 0.0], [0.0, 0.0]]),
        ("h1.scaled", array![[1.0, 0.0], [0.0, 0.0]]),
        (
            "h1.weights",
            array![[e / (e + 1.0), 1.0 / (e + 1.0)], [0.5, 0.5]],
        ),
        ("h1.output", first.clone()),
        ("h2.scores", array![[0.0, 0.0], [0.0, 1.0]]),
        ("h2.output", second.clone()),
        ("concat", concatenate![Axis(1), first, second]),
        ("output", &first + &second),
    ];
    let result = two_heads().evaluate().unwrap();
    for (name, expected) in cases {
        assert_abs_diff_eq!(result.matrix(name).unwrap(), expected, epsilon = 1e-12);
    }
    assert_eq!(result.quantity("d_k"), Some(Quantity::Count(1)));
}

/// Which names references may use: one head's top-level tables, several heads' grouped ones;
/// the program's own step names (`weights_2`, `mask`) are the widget's, not references.
#[test]
fn references_name_the_kinds_values() {
    let one = cat().evaluate().unwrap();
    let several = two_heads().evaluate().unwrap();
    let cases: [(&KindRun, &str, bool); 14] = [
        (&one, "weights", true),
        (&one, "h1.weights", true),
        (&one, "w_o", false),
        (&one, "concat", false),
        (&one, "h2.weights", false),
        (&one, "h0.weights", false),
        (&one, "h1.nope", false),
        (&one, "mask", false),
        (&several, "weights", false),
        (&several, "concat", true),
        (&several, "h2.scaled", true),
        (&several, "w_o", true),
        (&several, "weights_2", false),
        (&several, "head_q_1", false),
    ];
    for (result, name, known) in cases {
        assert_eq!(result.quantity(name).is_some(), known, "{name}");
        assert_eq!(
            result.quantity_names().iter().any(|n| n == name),
            known,
            "{name}"
        );
    }
    assert_eq!(one.quantity("h1.weights"), one.quantity("weights"));
    for result in [&one, &several] {
        for name in result.quantity_names() {
            assert!(result.quantity(&name).is_some(), "{name}");
        }
    }
    let select = [Index::Label("sat".into()), Index::Label("the".into())];
    let Ok(Quantity::Scalar(weight)) = one.quantity("weights").unwrap().select(&select) else {
        panic!("weights[sat, the] is a number")
    };
    let e = 2f64.sqrt().exp();
    assert_abs_diff_eq!(weight, e / (1.0 + e + e * e), epsilon = 1e-12);
    let Some(Quantity::Matrix {
        row_labels,
        col_labels,
        ..
    }) = one.quantity("q")
    else {
        panic!("q is a matrix")
    };
    assert_eq!((row_labels, col_labels), (Some(cat().tokens), None));
}

/// The one program: one head reads Q and K whole, as the lesson writes QKᵀ; several take their
/// columns and are set side by side. Its run holds every step the widget shows, the mask the
/// heatmap hatches, and the kind's grouped names read those steps (no copies).
#[test]
fn the_one_program_is_what_the_widget_runs_and_the_kind_reads() {
    let steps = cat().template().unwrap().steps;
    assert!(
        steps.contains("hidden = (causal_mask(3) < 0) * causal\n"),
        "{steps}"
    );
    assert!(
        steps.contains("scores = q @ k.T\nscaled = scores / sqrt(2)\n"),
        "{steps}"
    );
    assert!(
        steps.ends_with("out = weights @ v\noutput = out\n"),
        "{steps}"
    );
    assert!(
        !steps.contains("head_") && !steps.contains("concat"),
        "{steps}"
    );
    let steps = two_heads().template().unwrap().steps;
    assert!(steps.contains("head_q_2 = cols(q, 1, 2)\n"), "{steps}");
    assert!(steps.contains("scaled_2 = scores_2 / sqrt(1)\n"), "{steps}");
    assert!(
        steps.ends_with("concat = concat(out_1, out_2, axis=1)\noutput = concat @ w_o\n"),
        "{steps}"
    );
    let causal = (AttentionInput {
        causal: true,
        ..two_heads()
    })
    .evaluate()
    .unwrap();
    for h in 1..=2 {
        for (part, ..) in PARTS {
            let (grouped, own) = (format!("h{h}.{part}"), HEADS.step(part, h, 2));
            let read = causal.quantity(&grouped);
            assert!(read.is_some(), "{grouped}");
            assert_eq!(read, causal.run.quantity(&own), "{grouped}");
        }
    }
    // Read, not copied: the run holds each head's values once, under the program's names.
    assert!(
        (causal.run.values.iter()).all(|(name, _, _)| !name.contains('.')),
        "a grouped copy in the run"
    );
    let Some(Value::Matrix(mask)) = causal.run.value("mask") else {
        panic!("mask")
    };
    assert_eq!(mask.iter().filter(|x| **x == f64::NEG_INFINITY).count(), 1);
    let Some(Quantity::Matrix {
        row_labels,
        col_labels,
        ..
    }) = causal.run.quantity("weights_2")
    else {
        panic!("weights_2")
    };
    assert_eq!(
        (row_labels.as_ref(), col_labels.as_ref()),
        (Some(&two_heads().tokens), Some(&two_heads().tokens))
    );
    let Some(Quantity::Matrix { col_labels, .. }) = causal.run.quantity("head_q_1") else {
        panic!()
    };
    assert_eq!(
        col_labels, None,
        "a head's queries are labelled by token on their rows only"
    );
}

/// `eval --json`: one head has top-level tables and no `heads`; several a `heads` array and
/// `concat` instead.
#[test]
fn eval_json_lays_out_one_head_or_several() {
    let json = serde_json::to_value(
        (AttentionInput {
            causal: true,
            ..cat()
        })
        .evaluate()
        .unwrap(),
    )
    .unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let expected =
        "causal d_k embeddings k kind output q scaled scores tokens v w_k w_o w_q w_v weights";
    assert_eq!(keys.join(" "), expected);
    assert_eq!(json["kind"], "attention");
    assert_eq!(json["causal"], true);
    assert_eq!(json["w_o"], serde_json::Value::Null);
    assert_eq!(json["d_k"], 2);
    assert_eq!(
        json["embeddings"],
        serde_json::json!([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    );
    assert_eq!(json["weights"][0], serde_json::json!([1.0, 0.0, 0.0]));
    // Scaled is before masking: the future entry 2/√2 is still there.
    assert_abs_diff_eq!(
        json["scaled"][0][2].as_f64().unwrap(),
        2f64.sqrt(),
        epsilon = 1e-12
    );
    let json = serde_json::to_value(two_heads().evaluate().unwrap()).unwrap();
    assert!(json.get("weights").is_none());
    assert_eq!(json["heads"].as_array().unwrap().len(), 2);
    assert_eq!(json["heads"][1]["d_k"], 1);
    assert_eq!(
        json["heads"][0]["weights"][1],
        serde_json::json!([0.5, 0.5])
    );
    assert_eq!(json["concat"].as_array().unwrap().len(), 2);
    assert_eq!(json["w_o"], serde_json::json!([[1.0], [1.0]]));
    assert_eq!(json["output"].as_array().unwrap().len(), 2);
}

mod properties {
    use super::*;
    use crate::compute::kind::any_finite;
    use proptest::prelude::*;

    fn matrix(rows: usize, cols: usize, value: BoxedStrategy<f64>) -> BoxedStrategy<Array2<f64>> {
        proptest::collection::vec(value, rows * cols)
            .prop_map(move |values| {
                Array2::from_shape_vec((rows, cols), values).expect("length is rows × cols")
            })
            .boxed()
    }

    /// A well-formed input with entries drawn from `value`: n tokens, width d, `heads` heads
    /// with query/key width d_k and value width d_v, optionally an output projection.
    fn input_of(value: BoxedStrategy<f64>) -> impl Strategy<Value = AttentionInput> {
        (
            1usize..6,
            1usize..4,
            1usize..3,
            1usize..3,
            1usize..3,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_flat_map(move |(n, d, heads, d_k, d_v, causal, with_w_o)| {
                (
                    matrix(n, d, value.clone()),
                    matrix(d, heads * d_k, value.clone()),
                    matrix(d, heads * d_k, value.clone()),
                    matrix(d, heads * d_v, value.clone()),
                    matrix(heads * d_v, 2, value.clone()),
                )
                    .prop_map(move |(embeddings, w_q, w_k, w_v, w_o)| {
                        AttentionInput {
                            tokens: (0..n).map(|i| format!("t{i}")).collect(),
                            embeddings,
                            w_q,
                            w_k,
                            w_v,
                            w_o: with_w_o.then_some(w_o),
                            causal,
                            heads,
                        }
                    })
            })
    }

    fn input() -> impl Strategy<Value = AttentionInput> {
        input_of((-3.0..3.0f64).boxed())
    }

    fn any_matrix() -> impl Strategy<Value = Array2<f64>> {
        (0usize..4, 0usize..4).prop_flat_map(|(rows, cols)| matrix(rows, cols, any_finite()))
    }

    fn any_scores() -> impl Strategy<Value = Array2<f64>> {
        (1usize..4).prop_flat_map(|n| matrix(n, n, any_finite()))
    }

    /// `part` of every head of `result`, in order.
    fn part_of_every_head(result: &KindRun, part: &str) -> Vec<Array2<f64>> {
        let heads = result.position("heads").unwrap();
        (1..=heads)
            .map(|h| result.matrix(&format!("h{h}.{part}")).unwrap())
            .collect()
    }

    /// The row softmax of the kind's template, run by the language.
    fn softmax_rows(scores: &Array2<f64>, causal: bool) -> Array2<f64> {
        let program = if causal {
            "weights = softmax(scores + causal_mask(n), axis=1)"
        } else {
            "weights = softmax(scores, axis=1)"
        };
        let inputs = [
            ("scores".to_string(), Value::Matrix(scores.clone())),
            ("n".to_string(), Value::Scalar(scores.nrows() as f64)),
        ];
        crate::compute::template::run(program, &inputs)
            .unwrap()
            .matrix("weights")
    }

    /// Everything an `Ok` result holds is finite, and JSON has no `null` but an absent W_o.
    fn assert_all_finite(result: &KindRun) -> Result<(), TestCaseError> {
        let json = serde_json::to_string(result).unwrap();
        prop_assert_eq!(
            json.matches("null").count(),
            usize::from(result.matrix("w_o").is_none())
        );
        for name in result.quantity_names() {
            let matrix = result.matrix(&name).unwrap_or_default();
            prop_assert!(matrix.iter().all(|x| x.is_finite()), "{}", name);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Every head's weights: each row sums to 1, a masked weight is exactly 0, and the mask
        /// as an input (a −∞ or a 0 added to every scaled score) gives the weights of the row
        /// softmax with the mask written into the program, or none, bit for bit: what the book
        /// printed before the widget could switch the mask stays the same.
        #[test]
        fn every_heads_weights_are_the_masked_row_softmax_of_its_scaled_scores(input in input()) {
            let result = input.evaluate().unwrap();
            let scaled = part_of_every_head(&result, "scaled");
            for (weights, scaled) in part_of_every_head(&result, "weights").iter().zip(&scaled) {
                for row in weights.rows() {
                    prop_assert!((row.sum() - 1.0).abs() < 1e-12);
                }
                let masked = weights.indexed_iter().filter(|((i, j), _)| j > i);
                prop_assert!(!input.causal || masked.into_iter().all(|(_, w)| *w == 0.0));
                let fixed = softmax_rows(scaled, input.causal);
                prop_assert!(weights.iter().zip(&fixed).all(|(a, b)| a.to_bits() == b.to_bits()));
            }
        }

        #[test]
        fn permuting_tokens_permutes_the_outputs_the_same_way(
            mut input in input(),
            seed in any::<u64>(),
        ) {
            // A causal mask depends on order, so equivariance holds only without it.
            input.causal = false;
            let n = input.tokens.len();
            let mut order: Vec<usize> = (0..n).collect();
            // A seeded Fisher–Yates shuffle keeps the case reproducible from proptest's inputs.
            let mut state = seed;
            for i in (1..n).rev() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                order.swap(i, (state >> 33) as usize % (i + 1));
            }
            let mut permuted = input.clone();
            permuted.tokens = order.iter().map(|&i| input.tokens[i].clone()).collect();
            permuted.embeddings = input.embeddings.select(Axis(0), &order);
            let original = input.evaluate().unwrap();
            let shuffled = permuted.evaluate().unwrap();
            let expected = original.matrix("output").unwrap().select(Axis(0), &order);
            for (a, b) in expected.iter().zip(shuffled.matrix("output").unwrap().iter()) {
                prop_assert!((a - b).abs() < 1e-9, "{} vs {}", a, b);
            }
            let weights = original.matrix("h1.weights").unwrap().select(Axis(0), &order).select(Axis(1), &order);
            for (a, b) in weights.iter().zip(shuffled.matrix("h1.weights").unwrap().iter()) {
                prop_assert!((a - b).abs() < 1e-12);
            }
        }

        #[test]
        fn adding_a_constant_to_a_row_of_scores_changes_nothing(
            scores in matrix(4, 4, (-10.0..10.0f64).boxed()),
            row in 0usize..4,
            shift in -100.0..100.0f64,
            causal in any::<bool>(),
        ) {
            let mut shifted = scores.clone();
            shifted.row_mut(row).mapv_inplace(|x| x + shift);
            let before = softmax_rows(&scores, causal);
            let after = softmax_rows(&shifted, causal);
            for (a, b) in before.iter().zip(after.iter()) {
                prop_assert!((a - b).abs() < 1e-9);
            }
        }

        #[test]
        fn huge_finite_scores_give_finite_weights_that_sum_to_one(
            scores in any_scores(),
            causal in any::<bool>(),
        ) {
            let weights = softmax_rows(&scores, causal);
            prop_assert!(weights.iter().all(|w| w.is_finite() && (0.0..=1.0).contains(w)));
            for row in weights.rows() {
                if !row.is_empty() {
                    prop_assert!((row.sum() - 1.0).abs() < 1e-12);
                }
            }
        }

        #[test]
        fn well_shaped_inputs_of_any_magnitude_give_finite_results_or_an_error(
            input in input_of(any_finite()),
        ) {
            if let Ok(result) = input.evaluate() {
                assert_all_finite(&result)?;
            }
        }

        #[test]
        fn nothing_panics_and_nothing_is_infinite_on_any_finite_input(
            n in 0usize..4,
            embeddings in any_matrix(),
            w_q in any_matrix(),
            w_k in any_matrix(),
            w_v in any_matrix(),
            w_o in proptest::option::of(any_matrix()),
            heads in 0usize..3,
            causal in any::<bool>(),
        ) {
            let input = AttentionInput {
                tokens: vec!["t".to_string(); n],
                embeddings, w_q, w_k, w_v, w_o, causal, heads,
            };
            if let Ok(result) = input.evaluate() {
                assert_all_finite(&result)?;
            }
        }
    }
}
