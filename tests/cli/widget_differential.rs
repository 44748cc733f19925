//! Differential test for the attention widget: the example's program (the kind's one run of every
//! head), as the build writes it into the compute widget's data and compute-lang.js runs it on a
//! reader's edited numbers, must agree with the Rust kind on those numbers to 1e-9 on hundreds of
//! random examples, with masked weights exactly 0, and fail where the kind fails (an overflow).
//!
//! The cases go to a temporary JSON file; `node tests/js/differential.mjs FILE` recomputes them
//! in JavaScript and exits non-zero naming the first disagreement. Without Node the test cannot
//! run: it fails when `CI=true` (CI must not pass by skipping) and otherwise skips with a loud
//! message.

use crate::common::SplitMix64;
use ndarray::Array2;
use serde_json::{json, Value as Json};
use worked::compute::attention::AttentionInput;
use worked::compute::kind::KindInput;
use worked::compute::KindProgram;

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

/// What a reader's edits make of `input`: new numbers in the same shapes, the mask switched or
/// not, and now and then one matrix scaled up (its entries still finite) so far that some step
/// overflows, or so that e to
/// the scores would overflow in a row's explanation.
fn edited(rng: &mut SplitMix64, input: &AttentionInput) -> AttentionInput {
    let mut edit = input.clone();
    for matrix in [
        &mut edit.embeddings,
        &mut edit.w_q,
        &mut edit.w_k,
        &mut edit.w_v,
    ]
    .into_iter()
    .chain(edit.w_o.as_mut())
    {
        *matrix = random_matrix(rng, matrix.nrows(), matrix.ncols());
    }
    edit.causal = rng.range(0, 1) == 1;
    if rng.range(0, 3) == 0 {
        let scale = [1e3, 1e155, 1e160, 1e300, 1e307][rng.range(0, 4)];
        match rng.range(0, 4) {
            0 => edit.embeddings *= scale,
            1 => edit.w_q *= scale,
            2 => edit.w_k *= scale,
            3 => edit.w_v *= scale,
            _ => edit.w_o.iter_mut().for_each(|w_o| *w_o *= scale),
        }
    }
    edit
}

/// The lesson's widget program, as the widget runs it on `edit`'s numbers, against the kind on
/// `edit`.
fn case(input: &AttentionInput, edit: &AttentionInput) -> Json {
    let valid = "random inputs are valid";
    let program = KindProgram {
        steps: input.template().expect(valid).steps,
        inputs: edit.template().expect(valid).inputs,
    };
    let expected = match edit.evaluate() {
        Ok(result) => serde_json::to_value(&result).expect("results serialize"),
        Err(error) => json!({ "error": error.message }),
    };
    json!({ "input": program, "expected": expected })
}

#[test]
fn the_attention_widget_reruns_its_program_like_the_rust_core_on_edited_numbers() {
    let Some(node) = crate::common::Node::for_differential(
        "widget_differential",
        "The attention widget's program runs in JavaScript against the Rust core",
    ) else {
        return;
    };
    let mut rng = SplitMix64(0x5eed_2024);
    // The lesson's hand-checked "cat" example (attention.md), with and without the mask, first.
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
    let mut cases = vec![
        case(&seed(false), &seed(false)),
        case(&seed(false), &seed(true)),
    ];
    for _ in 0..400 {
        let input = random_input(&mut rng);
        let edit = edited(&mut rng, &input);
        cases.push(case(&input, &edit));
    }
    // Both outcomes and several overflows must be well represented,
    // or the test proves little.
    let count = |what: &dyn Fn(&Json) -> bool| cases.iter().filter(|c| what(c)).count();
    let errors: std::collections::BTreeSet<&str> = cases
        .iter()
        .filter_map(|c| c["expected"]["error"].as_str())
        .collect();
    assert!(errors.len() >= 4, "{errors:?}");
    let failed = count(&|c| c["expected"]["error"].is_string());
    assert!((10..=100).contains(&failed), "{failed} runs failed");
    node.differential("differential.mjs", &cases);
}
