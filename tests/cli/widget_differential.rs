//! Differential test: the reader-side attention maths (`static/js/attention-compute.js`) must
//! agree with the Rust core to 1e-9 on thousands of random examples.
//!
//! The Rust core computes each case; the cases and their results go to a temporary JSON file;
//! `node tests/js/differential.mjs FILE` recomputes them in JavaScript and exits non-zero naming
//! the first disagreement. Without Node the test cannot run: it fails when `CI=true` (CI must
//! not pass by skipping) and otherwise skips with a loud message.

use crate::common::SplitMix64;
use ndarray::Array2;
use worked::compute::attention::{attend, AttentionInput};

fn random_matrix(rng: &mut SplitMix64, rows: usize, cols: usize) -> Array2<f64> {
    Array2::from_shape_simple_fn((rows, cols), || rng.authored_entry())
}

fn random_input(rng: &mut SplitMix64) -> AttentionInput {
    let tokens = rng.range(1, 12);
    let width = rng.range(1, 8);
    let heads = rng.range(1, 4);
    // Per-head widths chosen so that heads divide the widths and the widths stay at most 8.
    let d_k = heads * rng.range(1, 8 / heads);
    let d_v = heads * rng.range(1, 8 / heads);
    let w_o = (rng.range(0, 2) == 0).then(|| {
        let out = rng.range(1, 8);
        random_matrix(rng, d_v, out)
    });
    AttentionInput {
        tokens: (0..tokens).map(|i| format!("t{i}")).collect(),
        embeddings: random_matrix(rng, tokens, width),
        w_q: random_matrix(rng, width, d_k),
        w_k: random_matrix(rng, width, d_k),
        w_v: random_matrix(rng, width, d_v),
        w_o,
        causal: rng.range(0, 1) == 1,
        heads,
    }
}

fn rows(matrix: &Array2<f64>) -> serde_json::Value {
    serde_json::Value::from(
        matrix
            .rows()
            .into_iter()
            .map(|row| row.to_vec())
            .collect::<Vec<_>>(),
    )
}

fn case(input: &AttentionInput) -> serde_json::Value {
    let result = attend(input).expect("random inputs are valid");
    serde_json::json!({
        "input": {
            "tokens": input.tokens,
            "embeddings": rows(&input.embeddings),
            "w_q": rows(&input.w_q),
            "w_k": rows(&input.w_k),
            "w_v": rows(&input.w_v),
            "w_o": input.w_o.as_ref().map(rows),
            "causal": input.causal,
            "heads": input.heads,
        },
        "expected": serde_json::to_value(&result).expect("results serialize"),
    })
}

#[test]
fn javascript_attention_agrees_with_the_rust_core_on_random_examples() {
    let Some(node) = crate::common::Node::for_differential(
        "widget_differential",
        "The reader-side attention maths against the Rust core",
    ) else {
        return;
    };

    let mut rng = crate::common::SplitMix64(0x5eed_2024);
    let cases: Vec<_> = (0..3000).map(|_| case(&random_input(&mut rng))).collect();
    // The lesson's hand-checked "cat" example (attention.md), with and without the mask, comes first.
    let seed = |causal| AttentionInput {
        tokens: vec!["the".into(), "cat".into(), "sat".into()],
        embeddings: ndarray::array![[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        w_q: ndarray::array![[1.0, 0.0], [1.0, 2.0]],
        w_k: ndarray::array![[2.0, 0.0], [0.0, 1.0]],
        w_v: ndarray::array![[1.0, 0.0], [0.0, 2.0]],
        w_o: None,
        causal,
        heads: 1,
    };
    let all: Vec<_> = [case(&seed(false)), case(&seed(true))]
        .into_iter()
        .chain(cases)
        .collect();

    node.differential("differential.mjs", &all);
}
